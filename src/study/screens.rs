//! What a participant sees, step by step, drawn headless: `study run
//! --simulate SEED --headless --screens DIR` writes one PNG of each kind of
//! screen (the welcome, consent, each demographic item, the first MSSQ and
//! SSQ items, a rest and its FMS, a ready screen, play in each condition,
//! an in-play prompt, a question, the ranking, the end), drawn by [`screen::draw`] as the window draws them,
//! and `screens.txt` with the words on each. For a paper's methods section,
//! and for the tests of the blinding, which read those words.

use super::run::StudyRun;
use super::screen;
use super::session::{label, Step, When};
use crate::files;
use crate::map::{Map, MapArt};
use crate::render::{self, Hud, View};
use crate::settings::{self, Bindings, Video};
use crate::sim::{Tunables, World};
use crate::sprites::Art;
use std::path::{Path, PathBuf};

/// Seconds into a condition at which its play frame is taken (the view
/// moving, no prompt yet).
const PLAY_SHOT_S: f64 = 5.0;

/// One screen written.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    /// The PNG's file name in the folder.
    pub file: String,
    /// Every text on it, as the renderer was given them.
    pub words: Vec<String>,
}

/// The screens of a session being drawn into a folder.
pub struct Screens {
    dir: PathBuf,
    size: (usize, usize),
    art: Art,
    map_art: MapArt,
    bindings: Bindings,
    hud: Hud,
    /// The world shown behind the screens between conditions.
    backdrop: World,
    workspace: render::Workspace,
    rgba: Vec<u8>,
    shots: Vec<Shot>,
}

/// Why a screen could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the screen {}", path.display())]
pub struct ScreenError {
    /// The file.
    pub path: PathBuf,
    /// What the system said.
    #[source]
    pub source: std::io::Error,
}

impl Screens {
    /// Screens `width` x `height` into `dir` (made if needed; no file in it
    /// is replaced), drawn with `art` over `level` in its `map_art`.
    pub fn new(
        dir: &Path,
        (width, height): (usize, usize),
        (level, map_art, art): (&Map, MapArt, Art),
        seed: u64,
    ) -> Result<Self, ScreenError> {
        std::fs::create_dir_all(dir).map_err(|source| ScreenError {
            path: dir.to_path_buf(),
            source,
        })?;
        let bindings = Bindings::default();
        let hud = Hud {
            blind: true,
            keys: settings::help_lines(&bindings),
            ..Hud::default()
        };
        Ok(Self {
            dir: dir.to_path_buf(),
            size: (width, height),
            art,
            map_art,
            bindings,
            hud,
            backdrop: World::new(level.clone(), Tunables::default(), seed),
            workspace: render::Workspace::default(),
            rgba: vec![0; width * height * 4],
            shots: Vec::new(),
        })
    }

    /// The screens written so far, in order.
    pub fn shots(&self) -> &[Shot] {
        &self.shots
    }

    /// Looks at the session of `run` now, `world` being played (None
    /// between conditions): a kind of screen not yet written is drawn.
    pub fn look(&mut self, run: &StudyRun, world: Option<&World>) -> Result<(), ScreenError> {
        let session = run.session();
        let Some(moment) = moment(run) else {
            return Ok(());
        };
        let file = format!("{:02}-{moment}.png", self.shots.len() + 1);
        if self.shots.iter().any(|s| s.file[3..] == file[3..]) {
            return Ok(());
        }
        let world = world.unwrap_or(&self.backdrop);
        let mut view = View::from_pose(world.camera());
        view.fov = match session.playing() {
            Some(p) => session.protocol().conditions[session.order()[p]].fov_deg,
            None => Video::default().fov_deg,
        }
        .to_radians();
        // The HUD the protocol gives the condition played, as the window's.
        let playing = session.playing();
        let condition = playing.map(|p| &session.protocol().conditions[session.order()[p]]);
        self.hud.parts = render::Parts {
            status_bar: condition.is_some_and(|c| c.status_bar),
            crosshair: condition.is_some_and(|c| c.crosshair),
            readout: false,
        };
        let scene = render::Scene {
            world,
            view: &view,
            hud: &self.hud,
            art: &self.art,
            map_art: &self.map_art,
        };
        let (w, h) = self.size;
        screen::draw(
            &mut self.workspace,
            &scene,
            (session, &self.bindings),
            (&mut self.rgba, w, h),
        );
        let words = screen::words(&scene, session, &self.bindings);
        let path = self.dir.join(&file);
        let rgba = &self.rgba;
        files::write_whole(&path, false, |out| {
            image::write_buffer_with_format(
                out,
                rgba,
                w as u32,
                h as u32,
                image::ExtendedColorType::Rgba8,
                image::ImageFormat::Png,
            )
            .map_err(std::io::Error::other)
        })
        .map_err(|source| ScreenError {
            path: path.clone(),
            source,
        })?;
        self.shots.push(Shot { file, words });
        Ok(())
    }

    /// Writes `screens.txt`: each screen's file and the words on it.
    pub fn finish(&self) -> Result<PathBuf, ScreenError> {
        let mut text = String::from(
            "# What the participant sees at each step, as drawn; the words on each screen.\n",
        );
        for shot in &self.shots {
            text.push_str(&format!("\n{}\n", shot.file));
            for w in shot.words.iter().filter(|w| !w.trim().is_empty()) {
                text.push_str(&format!("    {w}\n"));
            }
        }
        let path = self.dir.join("screens.txt");
        files::write_bytes(&path, false, text.as_bytes()).map_err(|source| ScreenError {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }
}

/// The kind of screen the session of `run` shows now, named for its file;
/// None for the steps after the first of their kind (the second SSQ item,
/// play before its shot is due).
fn moment(run: &StudyRun) -> Option<String> {
    let s = run.session();
    let name = match s.step() {
        Step::Welcome => "welcome".to_string(),
        Step::Consent => "consent".into(),
        Step::Demographic { item } => format!("demographics-{}", item + 1),
        Step::BaselineRating => "fms-baseline".into(),
        Step::Mssq { item: 0 } => "mssq".into(),
        Step::Ssq {
            when: When::Baseline,
            item: 0,
        } => "ssq-baseline".into(),
        Step::Ssq {
            when: When::Post(_),
            item: 0,
        } => "ssq-after".into(),
        Step::Ssq {
            when: When::Pre(_),
            item: 0,
        } => "ssq-before".into(),
        Step::Ready { .. } if s.prompting() => "rest-fms".into(),
        Step::Ready { .. } if s.rest_left_s() > 0.0 => "rest".into(),
        Step::Ready { .. } => "ready".into(),
        Step::Play { .. } if s.prompting() => "prompt".into(),
        Step::Play { position } if s.step_s() >= PLAY_SHOT_S => {
            format!("play-{}", label(position))
        }
        Step::Question { .. } => "question".into(),
        Step::Ranking => "ranking".into(),
        Step::Done => "end".into(),
        _ => return None,
    };
    Some(name)
}
