//! Options and value parsers shared by several commands.

use super::CliError;
use crate::feel::{self, Scale};
use crate::render;
use crate::settings::{self, Settings, Video};
use crate::sim::comfort::Reference;
use crate::sim::polar::{Coast, Swing, SwingBrake, TurnLaw};
use crate::sim::tunable_table::{
    Number, CLASSIC_TURN_SPEED, GYRO, HEADING_SPEED, HEAD_BOB, QUAKE_HEAD_BOB, QUAKE_TURN_SPEED,
    SNAP_FADE, SNAP_TURN, VIGNETTE,
};
use crate::sim::{Coupling, Difficulty, Model, Pose, Tunables};
use clap::Args;
use std::path::Path;
use std::path::PathBuf;

/// How the window shows the game.
#[derive(Args)]
pub struct WindowArgs {
    /// The settings file (default: the one in the per-user config folder,
    /// see `wobblecaster settings --path`); edits apply while playing.
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Internal render resolution, scaled up to the window (default from
    /// the settings, 960x540; `wobblecaster bench` times each size on this
    /// machine).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Horizontal field of view in degrees (default from the settings, 90).
    #[arg(long, value_name = "DEG", value_parser = parse_fov)]
    pub fov: Option<f64>,
    /// Quit after this many presented frames (for automated checks).
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// No sound, whatever the settings file's `[audio]` says.
    #[arg(long)]
    pub mute: bool,
}

impl WindowArgs {
    /// The settings file (this one's, else the per-user one), read; also
    /// the file to watch. A file named with `--settings` that does not
    /// exist yet is made with the defaults (never over anything there),
    /// and the terminal says where; the per-user one may not exist (yet):
    /// then the defaults stand, and creating it while playing applies it.
    pub fn load_settings(&self) -> Result<(Settings, Option<PathBuf>), CliError> {
        let Some(path) = self.settings.clone().or_else(settings::default_path) else {
            return Ok((Settings::default(), None));
        };
        if self.settings.is_none() && !path.exists() {
            return Ok((Settings::default(), Some(path)));
        }
        if make_settings_file(&path)? {
            eprintln!(
                "wobblecaster: made {} with the default settings; edit it while playing and \
                 the changes apply at once",
                path.display()
            );
        }
        Ok((Settings::load(&path)?, Some(path)))
    }

    /// The video settings of `settings` with this command line's choices.
    pub fn video(&self, settings: &Settings) -> Video {
        let mut video = settings.video.clone();
        if let Some(size) = self.size {
            video.size = size;
        }
        if let Some(fov) = self.fov {
            video.fov_deg = fov;
        }
        video
    }
}

/// Makes the settings file `path` with the defaults if nothing is there
/// (not even a broken link): true if it made it. Never writes over
/// anything.
pub fn make_settings_file(path: &Path) -> Result<bool, CliError> {
    if path.symlink_metadata().is_ok() {
        return Ok(false);
    }
    crate::files::write_bytes(path, false, Settings::defaults_text().as_bytes()).map_err(|e| {
        CliError::refused(format!(
            "{} does not exist and cannot be made with the defaults: {e}",
            path.display()
        ))
    })?;
    Ok(true)
}

/// Frame timings written from the window (`--pacing`).
#[derive(Args)]
pub struct PacingArgs {
    /// Write every presented frame's timing to FILE.csv (frame,
    /// present_ms, frame_ms, input_to_present_ms) when the game ends, and
    /// print the 50th, 95th and 99th percentiles.
    #[arg(long, value_name = "FILE.csv")]
    pub pacing: Option<PathBuf>,
    /// Replace the `--pacing` file if it exists.
    #[arg(long, requires = "pacing")]
    pub force: bool,
}

impl PacingArgs {
    /// Where the timings go; refused before the window opens if a file is
    /// there and `--force` was not given, or, even with it, if the path is
    /// one of the session's other files (`others`: the recording, the map,
    /// the settings), which the timings would replace.
    #[cfg(feature = "window")]
    pub fn log(
        &self,
        others: &[Option<&std::path::Path>],
    ) -> Result<Option<crate::app::PacingLog>, CliError> {
        let Some(path) = &self.pacing else {
            return Ok(None);
        };
        let same =
            |other: &std::path::Path| match (std::path::absolute(path), std::path::absolute(other))
            {
                (Ok(a), Ok(b)) => {
                    a == b
                        || a.canonicalize()
                            .ok()
                            .is_some_and(|a| b.canonicalize().ok() == Some(a))
                }
                _ => false,
            };
        if let Some(other) = others.iter().flatten().find(|o| same(o)) {
            return Err(CliError::refused(format!(
                "--pacing {} is also {}: the timings would replace it",
                path.display(),
                other.display()
            )));
        }
        if path.symlink_metadata().is_ok() && !self.force {
            return Err(CliError::refused(format!(
                "{} exists; pass --force to replace it",
                path.display()
            )));
        }
        Ok(Some(crate::app::PacingLog {
            path: path.clone(),
            replace: self.force,
        }))
    }
}

/// Movement and comfort choices shared by the commands that run the world.
#[derive(Args, Clone)]
pub struct TuningArgs {
    /// Walking model: polar (article 000), classic (Wolfenstein 3D) or quake.
    #[arg(long, value_parser = parse_model)]
    model: Option<Model>,
    /// Camera coupling for the polar model: velocity or heading.
    #[arg(long, value_parser = parse_coupling)]
    coupling: Option<Coupling>,
    /// The polar model with no key held: brake or article.
    #[arg(long, value_parser = |s: &str| parse_choice("coast", s, Coast::from_name, Coast::ALL, Coast::name))]
    coast: Option<Coast>,
    /// The polar model's turn law: sine (the article's) or linear (angle/180).
    #[arg(long, value_parser = |s: &str| parse_choice("turn law", s, TurnLaw::from_name, TurnLaw::ALL, TurnLaw::name))]
    turn_law: Option<TurnLaw>,
    /// The polar model's swing brake: cosine (the article's) or linear (1 - angle/180).
    #[arg(long, value_parser = |s: &str| parse_choice("swing brake", s, SwingBrake::from_name, SwingBrake::ALL, SwingBrake::name))]
    swing_brake: Option<SwingBrake>,
    /// The polar model's swing: inertial (the article's) or direct (no angular velocity).
    #[arg(long, value_parser = |s: &str| parse_choice("swing", s, Swing::from_name, Swing::ALL, Swing::name))]
    swing: Option<Swing>,
    /// Head bob amplitude: 0 off, 1 Quake's (0 to 2).
    #[arg(long, value_name = "AMOUNT", value_parser = |s: &str| HEAD_BOB.parse_written(s))]
    head_bob: Option<f64>,
    /// Gyro jet against the polar model's spin, degrees per second squared (0 off, at most 3600).
    #[arg(long, value_name = "DEG_PER_S2", value_parser = |s: &str| GYRO.parse_written(s))]
    gyro: Option<f64>,
    /// One turn speed for every model's turn keys, degrees per second (10
    /// to 720; without it each model turns at its own: polar 150, classic
    /// 122.5, quake 140).
    #[arg(long, value_name = "DEG_PER_S", value_parser = |s: &str| HEADING_SPEED.parse_written(s))]
    heading_speed: Option<f64>,
    #[command(flatten)]
    comfort: ComfortArgs,
}

/// Stores in `t` each written value given, already checked against its
/// range as the command line was parsed.
fn set_parsed<'a>(t: &mut Tunables, numbers: impl IntoIterator<Item = (&'a Number, Option<f64>)>) {
    for (n, v) in numbers {
        if let Some(v) = v {
            (n.set)(t, n.unit.to_stored(v));
        }
    }
}

/// The comfort options that change only what is seen: the field-of-view
/// restrictor and the fixed reference (a replay may take them: the
/// simulation does not read them).
#[derive(Args, Clone, Default)]
pub struct ViewComfortArgs {
    /// Field-of-view restrictor strength: 0 off to 1 full (the view
    /// narrows to half while turning or moving, and opens at rest).
    #[arg(long, value_name = "AMOUNT", value_parser = |s: &str| VIGNETTE.parse_written(s))]
    vignette: Option<f64>,
    /// A fixed reference on screen: none, dot (at the centre) or frame (a
    /// border and a level bar).
    #[arg(long, value_parser = |s: &str| parse_choice("reference", s, Reference::from_name, &Reference::ALL, Reference::name))]
    reference: Option<Reference>,
}

impl ViewComfortArgs {
    /// Replaces the options in `t` that these set.
    pub fn apply(&self, t: &mut Tunables) {
        if let Some(v) = self.vignette {
            t.comfort.vignette = v;
        }
        if let Some(r) = self.reference {
            t.comfort.reference = r;
        }
    }
}

/// Every comfort option: the view's, and snap turning.
#[derive(Args, Clone, Default)]
pub struct ComfortArgs {
    #[command(flatten)]
    view: ViewComfortArgs,
    /// Snap turning: each press of a turn key turns this many degrees at
    /// once (0 smooth, else 15 to 90).
    #[arg(long, value_name = "DEG", value_parser = |s: &str| SNAP_TURN.parse_written(s))]
    snap_turn: Option<f64>,
    /// After a snap turn the view fades in from black over this long
    /// (0 to 500 milliseconds; 0 none).
    #[arg(long, value_name = "MS", value_parser = |s: &str| SNAP_FADE.parse_written(s))]
    snap_fade_ms: Option<f64>,
}

impl ComfortArgs {
    /// Replaces the options in `t` that these set.
    pub fn apply(&self, t: &mut Tunables) {
        self.view.apply(t);
        set_parsed(
            t,
            [
                (&SNAP_TURN, self.snap_turn),
                (&SNAP_FADE, self.snap_fade_ms),
            ],
        );
    }
}

impl TuningArgs {
    /// The default tunables with these choices applied.
    pub fn tunables(&self) -> Tunables {
        let mut t = Tunables::default();
        self.apply(&mut t);
        t
    }

    /// Replaces the tunables in `t` that these choices set.
    pub fn apply(&self, t: &mut Tunables) {
        if let Some(m) = self.model {
            t.model = m;
        }
        if let Some(c) = self.coupling {
            t.coupling = c;
        }
        if let Some(c) = self.coast {
            t.polar.coast = c;
        }
        if let Some(l) = self.turn_law {
            t.polar.turn_law = l;
        }
        if let Some(b) = self.swing_brake {
            t.polar.swing_brake = b;
        }
        if let Some(s) = self.swing {
            t.polar.swing = s;
        }
        let numbers = [
            (&HEAD_BOB, self.head_bob),
            (&QUAKE_HEAD_BOB, self.head_bob),
            (&GYRO, self.gyro),
            (&HEADING_SPEED, self.heading_speed),
            (&CLASSIC_TURN_SPEED, self.heading_speed),
            (&QUAKE_TURN_SPEED, self.heading_speed),
        ];
        set_parsed(t, numbers);
        self.comfort.apply(t);
    }
}

/// How the feel metrics turn tiles into metres.
#[derive(Args)]
pub struct ScaleArgs {
    /// Metres per tile, for the speeds and sickness doses.
    #[arg(long, value_name = "M", default_value_t = feel::DEFAULT_METRES_PER_TILE, value_parser = parse_positive)]
    pub metres_per_tile: f64,
    /// Horizontal field of view for the optic flow, degrees (default: the
    /// settings file's, else 90).
    #[arg(long, value_name = "DEG", value_parser = parse_fov)]
    pub fov: Option<f64>,
}

impl ScaleArgs {
    pub fn scale(&self) -> Scale {
        Scale {
            metres_per_tile: self.metres_per_tile,
        }
    }

    /// The field of view asked for, else the settings file's (when there
    /// is one, and it loads), else the game's default.
    pub fn fov(&self) -> Result<f64, crate::settings::SettingsErrors> {
        if let Some(fov) = self.fov {
            return Ok(fov);
        }
        match crate::settings::default_path().filter(|p| p.is_file()) {
            Some(path) => Ok(crate::settings::Settings::load(&path)?.video.fov_deg),
            None => Ok(render::DEFAULT_FOV_DEG),
        }
    }
}

/// How hard the fights are, for the commands that build a world.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct DifficultyArgs {
    /// How hard the fights are: easy, normal (the game's default), hard
    /// (the enemies as older recordings play them) or nightmare.
    #[arg(long, value_name = "NAME", value_parser = parse_difficulty)]
    pub difficulty: Option<Difficulty>,
}

/// A difficulty by name.
pub fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    Difficulty::from_name(s)
        .ok_or_else(|| format!("unknown difficulty `{s}`: expected {}", Difficulty::NAMES))
}

/// A walking model by name.
pub fn parse_model(s: &str) -> Result<Model, String> {
    Model::from_name(s)
        .ok_or_else(|| format!("unknown model `{s}`: expected polar, classic or quake"))
}

/// One of a choice's names, `what` naming the choice in the message.
pub fn parse_choice<T: Copy>(
    what: &str,
    s: &str,
    from_name: fn(&str) -> Option<T>,
    all: &[T],
    name: fn(T) -> &'static str,
) -> Result<T, String> {
    from_name(s).ok_or_else(|| {
        let names: Vec<_> = all.iter().map(|&v| name(v)).collect();
        format!("unknown {what} `{s}`: expected {}", names.join(" or "))
    })
}

/// A camera coupling by name.
pub fn parse_coupling(s: &str) -> Result<Coupling, String> {
    Coupling::from_name(s)
        .ok_or_else(|| format!("unknown coupling `{s}`: expected velocity or heading"))
}

/// `640x360` to (640, 360).
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or("expected WxH, e.g. 640x360")?;
    let w: u32 = w.trim().parse().map_err(|_| format!("bad width `{w}`"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("bad height `{h}`"))?;
    if !(1..=8192).contains(&w) || !(1..=8192).contains(&h) {
        return Err("width and height must be 1 to 8192".into());
    }
    Ok((w, h))
}

/// A field of view in degrees, 30 to 150.
pub fn parse_fov(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("bad field of view `{s}`"))?;
    if !(render::MIN_FOV_DEG..=render::MAX_FOV_DEG).contains(&v) {
        return Err(format!(
            "the field of view must be {} to {} degrees",
            render::MIN_FOV_DEG,
            render::MAX_FOV_DEG
        ));
    }
    Ok(v)
}

/// A count of ticks, at most a recording's bound (8 hours at 120 a second).
pub fn parse_ticks(s: &str) -> Result<u64, String> {
    let max = crate::record::MAX_TICKS;
    match s.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!(
            "at most {max} ticks (8 hours at {} a second)",
            crate::sim::TICK_RATE
        )),
        Err(_) => Err(format!("expected a whole number of ticks, found `{s}`")),
    }
}

/// A finite number above zero.
pub fn parse_positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("expected a number above 0, found `{s}`")),
    }
}

/// A view pitch in degrees, -60 to 60.
pub fn parse_pitch(s: &str) -> Result<f64, String> {
    let limit = render::MAX_VIEW_PITCH.to_degrees();
    match s.parse::<f64>() {
        Ok(v) if v.abs() <= limit + 1e-9 => Ok(v),
        _ => Err(format!(
            "expected degrees from -{limit} to {limit}, found `{s}`"
        )),
    }
}

/// `X,Y,ANGLE_DEG` to a pose.
pub fn parse_at(s: &str) -> Result<Pose, String> {
    let parts: Vec<f64> = s
        .split(',')
        .map(|p| p.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("expected X,Y,ANGLE_DEG, found `{s}`"))?;
    match parts[..] {
        [x, y, a] if x.is_finite() && y.is_finite() && a.is_finite() => Ok(Pose {
            x,
            y,
            z: crate::sim::EYE_HEIGHT,
            yaw: crate::angle::wrap_positive(a.to_radians()),
            pitch: 0.0,
            roll: 0.0,
        }),
        _ => Err(format!("expected X,Y,ANGLE_DEG, found `{s}`")),
    }
}

#[cfg(all(test, feature = "window"))]
mod pacing_tests {
    use super::PacingArgs;
    use std::path::PathBuf;

    /// `--pacing` naming the session's recording (or map, or settings) is
    /// refused even with `--force`, by any spelling of the path; another
    /// path is taken.
    #[test]
    fn the_timings_never_replace_the_session_s_other_files() {
        let dir = crate::files::Scratch::new("pacing-args");
        let record = dir.join("run.wrec");
        std::fs::write(&record, b"recording").unwrap();
        let args = |path: PathBuf| PacingArgs {
            pacing: Some(path),
            force: true,
        };
        let others = [Some(record.as_path()), None];
        let spelled = dir.join(".").join("run.wrec");
        for path in [record.clone(), spelled] {
            let refused = args(path).log(&others);
            assert!(refused.is_err(), "refused");
        }
        let fine = args(dir.join("pacing.csv")).log(&others).unwrap();
        assert_eq!(fine.map(|l| l.path), Some(dir.join("pacing.csv")));
        assert_eq!(std::fs::read(&record).unwrap(), b"recording");
    }
}

/// A participant ID: safe as a folder name and a CSV field.
pub(super) fn parse_id(s: &str) -> Result<String, String> {
    let ok = !s.is_empty()
        && s.len() <= 64
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(s.to_string())
    } else {
        Err("an ID is 1 to 64 letters, digits, `-` or `_`, such as P07".to_string())
    }
}

#[cfg(all(test, feature = "window"))]
mod tests {
    use super::*;

    #[test]
    fn a_missing_settings_file_is_made_with_the_defaults_and_nothing_is_written_over() {
        let scratch = crate::files::Scratch::new("settings-made");
        let path = scratch.join("mine.toml");
        assert!(make_settings_file(&path).unwrap(), "made");
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, Settings::defaults_text());
        assert_eq!(Settings::load(&path).unwrap(), Settings::default());
        // There now: left as it is, edits and all.
        std::fs::write(&path, "# mine\n").unwrap();
        assert!(!make_settings_file(&path).unwrap(), "not made twice");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "# mine\n");
        // A folder that is not there: refused, saying so.
        let e = make_settings_file(&scratch.join("no/such/folder.toml")).unwrap_err();
        assert!(e.to_string().contains("cannot be made"), "{e}");
        // A broken link is something there: not written through.
        #[cfg(unix)]
        {
            let link = scratch.join("link.toml");
            std::os::unix::fs::symlink(scratch.join("gone.toml"), &link).unwrap();
            assert!(!make_settings_file(&link).unwrap());
            assert!(!scratch.join("gone.toml").exists());
        }
    }
}
