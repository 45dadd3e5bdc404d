//! The window: the only module that touches the platform (winit for the
//! window and keys, pixels for showing the picture).
//!
//! Each frame is Wolfenstein 3D's three steps: read the held keys into
//! [`Controls`](crate::sim::Controls), run the simulation ticks that real
//! time has made due, and draw the view blended between the last two ticks.
//!
//! - `input`: held inputs to controls through the bindings, and presses to
//!   commands.
//! - `pad`: gamepads (gilrs), hot-plugged, read every frame.
//! - `watch`: the settings and map files, polled for edits (hot reload).
//! - `timing`: the fixed-step accumulator and the frame rate meter.
//! - `limiter`: frames paced to the display where the presents do not
//!   wait for it (Mesa's software Vulkan under Xvfb).
//! - `pacing`: present-to-present and input-to-present times, for the
//!   overlay (F6) and `--pacing`.
//! - `condition_pacing`: a study condition's frame times, written beside
//!   its recording when it ends.
//! - `game`: the world, its clock and its HUD, with no window.
//! - `tape`: the recorder (F9, `--record`).
//! - `screen`: the window and its scaled pixel buffer.
//! - `sound`: the sound device (cpal), its mixer on the device's thread.
//! - `runner`: the event loop's handler tying them together.
//!
//! In a replay the controls come from a [`Playback`] instead of the keys;
//! everything else is the same window.

mod condition_pacing;
mod game;
pub use game::EpisodeRun;
mod input;
mod limiter;
mod pacing;
mod pad;
mod runner;
mod screen;
mod sound;
mod tape;
mod timing;
mod watch;

use crate::audio::Levels;
use crate::files;
use crate::map::Loaded;
use crate::record::{Outcome, Playback};
use crate::settings::{Settings, Video};
use crate::sim::{Difficulty, Tunables, World};
use crate::sprites::Art;
use game::{Game, Watch};
pub use pacing::{PacingSummary, Percentiles};
use runner::Runner;
use sound::Speaker;
use std::path::{Path, PathBuf};
use tape::Tape;
use winit::event_loop::{ControlFlow, EventLoop};

/// What the window needs to start a game.
pub struct AppConfig {
    /// The map to play, already loaded.
    pub map: Loaded,
    /// The map as named on the command line (what a recording stores).
    pub map_path: PathBuf,
    /// The map file read, watched for edits while playing.
    pub map_file: PathBuf,
    /// The settings as read from the file (bindings, input; the defaults
    /// without a file).
    pub settings: Settings,
    /// The settings file, watched for edits while playing; None for none.
    pub settings_path: Option<PathBuf>,
    /// The video settings in force: the file's with command-line choices.
    pub video: Video,
    /// The sprite sheets, already loaded.
    pub art: Art,
    /// Quit cleanly after this many presented frames.
    pub frames: Option<u64>,
    /// Tunables of the simulation: the file's with command-line choices.
    pub tunables: Tunables,
    /// How hard the fights are: the file's `[game] difficulty`, or
    /// `--difficulty`.
    pub difficulty: Difficulty,
    /// Seed of the world's random generator.
    pub seed: u64,
    /// Record from the first tick into a new file here (or a numbered name
    /// beside it, never over a file).
    pub record: Option<PathBuf>,
    /// Play this recording back instead of reading the keys; its header's
    /// tunables and seed replace `tunables` and `seed`.
    pub replay: Option<Playback>,
    /// Open with the title menu over the map (the game started with no
    /// `--map`).
    pub title_menu: bool,
    /// Write every presented frame's timing here at the end.
    pub pacing: Option<PacingLog>,
    /// No sound, whatever the settings say (`--mute`).
    pub mute: bool,
    /// Lab Streaming Layer's outlets (`--lsl`): the camera each tick and
    /// play's start and end as markers.
    pub lsl: Option<crate::lsl::Outlets>,
}

/// Where `--pacing` writes every presented frame's timing, as CSV.
#[derive(Clone, Debug)]
pub struct PacingLog {
    /// The CSV file.
    pub path: PathBuf,
    /// Replace it if it exists (`--force`); else a file there is kept and
    /// the game ends with an error.
    pub replace: bool,
}

/// What a session leaves behind, for the command line to tell.
#[derive(Debug, Default)]
pub struct Report {
    /// Recordings closed properly, in order.
    pub saved: Vec<PathBuf>,
    /// What went wrong with recordings along the way.
    pub problems: Vec<String>,
    /// How the replay ended, in a replay.
    pub replay: Option<Outcome>,
    /// What the frames' timings came to, with `--pacing`.
    pub pacing: Option<PacingSummary>,
}

/// Why the game could not run. Each message says what to do about it; the
/// platform's own error follows as the source.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No display to open a window on.
    #[error(
        "wobblecaster could not connect to a display. It opens a window, so it needs a \
         graphical session: run it from a desktop (neither DISPLAY nor WAYLAND_DISPLAY may be \
         set here, or the display they name refused the connection); on a headless machine, \
         run it under a virtual X server with `xvfb-run -a wobblecaster`. The `shot`, `trace` \
         and `check-map` commands need no display."
    )]
    NoDisplay(#[source] winit::error::EventLoopError),
    /// The display refused to open the window.
    #[error(
        "wobblecaster could not open its window. Check that the display named by DISPLAY or \
         WAYLAND_DISPLAY is running and accepts this user's connections (for a headless run, \
         use `xvfb-run -a wobblecaster`)."
    )]
    Window(#[source] winit::error::OsError),
    /// No graphics adapter (Vulkan driver) could draw on the window.
    #[error(
        "wobblecaster could not find a graphics adapter. It draws through Vulkan: install a \
         Vulkan driver; on a machine without a GPU, Mesa's software driver (Debian/Ubuntu: \
         `apt install mesa-vulkan-drivers`). If one is installed, check that VK_ICD_FILENAMES, \
         WGPU_BACKEND and WGPU_ADAPTER_NAME, if set, name it."
    )]
    NoAdapter(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The adapter was found but could not be set up for drawing.
    #[error(
        "wobblecaster found a graphics adapter but could not set it up to draw. Updating the \
         graphics driver may help; failing that, Mesa's software Vulkan driver (Debian/Ubuntu: \
         `apt install mesa-vulkan-drivers`, then run with `WGPU_ADAPTER_NAME=llvmpipe`) works \
         on any machine. A smaller `--size` helps if the cause is a texture size."
    )]
    Graphics(#[source] pixels::Error),
    /// The window grew beyond what the adapter can draw.
    #[error(
        "the window's new size, {width}x{height} pixels, is more than the graphics adapter \
         can draw; keep the window smaller."
    )]
    Resize {
        /// New inner width in physical pixels.
        width: u32,
        /// New inner height in physical pixels.
        height: u32,
        /// What pixels said.
        #[source]
        source: pixels::TextureError,
    },
    /// Frames failed to show, many in a row.
    #[error(
        "the graphics adapter failed to show frames for two seconds in a row. Updating the \
         graphics driver may help; failing that, Mesa's software Vulkan driver \
         (`WGPU_ADAPTER_NAME=llvmpipe`) works on any machine."
    )]
    Render(#[source] pixels::Error),
    /// The recording asked for with `--record` could not be started.
    #[error("wobblecaster could not start recording to {path}: check that its folder exists and is writable.")]
    Record {
        /// The file asked for.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// The event loop itself stopped with an error.
    #[error("the window's event loop stopped with an error; the cause follows.")]
    EventLoop(#[source] winit::error::EventLoopError),
    /// The `--pacing` file could not be written.
    #[error("wobblecaster could not write the frame timings to {path}.")]
    Pacing {
        /// The file asked for.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
}

impl AppError {
    /// Sorts a failure to set up pixels: no adapter (or no surface for it,
    /// which is how a missing Vulkan shows) versus everything else.
    fn from_pixels(e: pixels::Error) -> Self {
        match e {
            pixels::Error::AdapterNotFound | pixels::Error::CreateSurface(_) => {
                AppError::NoAdapter(e.into())
            }
            _ => AppError::Graphics(e),
        }
    }
}

/// Opens the window and plays `config.map` (or replays `config.replay`)
/// until the player quits (Esc or closing the window), or until
/// `config.frames` frames have been shown. A recording under way is closed
/// properly whichever way the game ends.
///
/// Must be called on the main thread. Fails, without panicking, when there
/// is no display or no graphics adapter; the error says what to install or
/// set.
pub fn run(config: AppConfig) -> Result<Report, AppError> {
    let event_loop = EventLoop::new().map_err(AppError::NoDisplay)?;
    // Frames come from asking for a redraw after each one, so between them
    // the loop may sleep; vsync in the present paces it, or, where the
    // present does not wait, the runner's limiter.
    event_loop.set_control_flow(ControlFlow::Wait);
    let title = match &config.replay {
        Some(p) => format!(
            "wobblecaster \u{2014} replay {}",
            p.recording().file.display()
        ),
        None => format!("wobblecaster \u{2014} {}", config.map.map.name),
    };
    let (video, frames) = (config.video.clone(), config.frames);
    let pacing_log = config.pacing.clone();
    let game = new_game(config)?;
    let mut runner = Runner::new(game, title, video, frames, pacing_log.is_some());
    let outcome = event_loop.run_app(&mut runner);
    let runner::Finished {
        game,
        mut error,
        pacing,
        paced_here,
    } = runner.finish();
    let mut report = game.close();
    let presented = pacing.frames();
    if let (Some(log), Some(rows)) = (&pacing_log, pacing.into_rows()) {
        if presented > rows.len() as u64 {
            eprintln!(
                "warning: {} kept the first {} frames' timings of {presented}",
                log.path.display(),
                rows.len()
            );
        }
        match write_pacing(log, &rows) {
            Ok(()) => report.pacing = Some(PacingSummary::of(&rows, paced_here)),
            Err(e) => {
                error.get_or_insert(e);
            }
        }
    }
    // An error of ours ended the loop, so it explains more than the loop's own.
    if let Some(e) = error.or(outcome.err().map(AppError::EventLoop)) {
        for path in &report.saved {
            eprintln!("recording saved: {}", path.display());
        }
        return Err(e);
    }
    Ok(report)
}

/// Writes every frame's timing `rows` as `log` asks, whole (a file that
/// fails half way is not left behind).
fn write_pacing(log: &PacingLog, rows: &[pacing::Row]) -> Result<(), AppError> {
    let path: &Path = &log.path;
    files::write_whole(path, log.replace, |out| pacing::write_csv(out, rows)).map_err(|source| {
        AppError::Pacing {
            path: path.to_path_buf(),
            source,
        }
    })
}

/// The game `config` asks for: a replay, or play, recording from the first
/// tick if asked.
fn new_game(config: AppConfig) -> Result<Game, AppError> {
    let sound = open_sound(config.mute, &config.settings.audio);
    Ok(play_or_replay(config)?.with_sound(sound))
}

/// The sound device playing at `levels` (muted by `mute`), or silence
/// and why (which the game tells the terminal once its first frame is
/// shown, so a window that cannot open is not preceded by it).
fn open_sound(mute: bool, levels: &Levels) -> game::Sound {
    let levels = Levels {
        mute: levels.mute || mute,
        ..*levels
    };
    let (speaker, silent) = Speaker::open(levels);
    game::Sound {
        speaker,
        mute,
        silent,
    }
}

/// The game `config` asks for, silent: a replay, or play, recording from
/// the first tick if asked.
fn play_or_replay(config: AppConfig) -> Result<Game, AppError> {
    let settings_path = config.settings_path.as_deref();
    if let Some(playback) = config.replay {
        let watch = Watch::new(settings_path, None);
        let game = Game::replaying(
            playback,
            config.map,
            config.settings,
            (config.video, config.art),
            watch,
        );
        return Ok(game);
    }
    // Play has weapons to choose and rounds to count.
    let world = World::at_difficulty(
        config.map.map,
        config.tunables,
        config.difficulty,
        config.seed,
    )
    .armed();
    let watch = Watch::new(settings_path, Some(&config.map_file));
    let tape = Tape::new(Some(config.map_path), config.seed);
    let mut game = Game::new(
        world,
        config.settings,
        (config.video, config.art),
        tape,
        watch,
    )
    .with_map_art(config.map.art);
    if let Some(path) = game::best_times_path() {
        game = game.with_best_times(&path);
    }
    if let Some(path) = game::progress_path() {
        game = game.with_progress(&path);
    }
    if let Some(path) = config.record {
        game.record_to(&path)
            .map_err(|source| AppError::Record { path, source })?;
    }
    if config.title_menu {
        game = game.with_title_menu(game::shipped_maps(), game::shipped_studies());
    }
    if let Some(outlets) = config.lsl {
        game = game.with_streams(outlets);
    }
    Ok(game)
}

/// What the window needs to run a study session.
pub struct StudyConfig {
    /// The session, its results folder made.
    pub study: crate::study::run::StudyRun,
    /// The protocol's map, loaded.
    pub map: Loaded,
    /// The map as its recordings name it.
    pub map_path: PathBuf,
    /// The participant's settings (bindings, input).
    pub settings: Settings,
    /// The video settings in force.
    pub video: Video,
    /// The sprite sheets.
    pub art: Art,
    /// Quit cleanly after this many presented frames.
    pub frames: Option<u64>,
    /// No sound, whatever the settings say (`--mute`).
    pub mute: bool,
}

/// Opens the window and runs a study session until it is done and closed
/// (or the participant quits; the session can then be resumed). Every
/// answer is on disk before the next is asked.
pub fn run_study(config: StudyConfig) -> Result<Report, AppError> {
    let event_loop = EventLoop::new().map_err(AppError::NoDisplay)?;
    event_loop.set_control_flow(ControlFlow::Wait);
    // Blind: not even the study's name, which may name its conditions.
    let title = "wobblecaster \u{2014} study".to_string();
    let seed = config.study.session().protocol().seed;
    let level = config.map.map.clone();
    let sound = open_sound(config.mute, &config.settings.audio);
    let world = World::new(config.map.map, Tunables::default(), seed);
    let tape = Tape::new(Some(config.map_path), seed);
    let game = Game::new(
        world,
        config.settings,
        (config.video.clone(), config.art),
        tape,
        Watch::default(),
    )
    .with_map_art(config.map.art)
    .with_study(game::Studying::new(config.study, level))
    .with_sound(sound);
    // Every frame's time is kept: each condition's are written beside
    // its recording.
    let mut runner = Runner::new(game, title, config.video, config.frames, true);
    let outcome = event_loop.run_app(&mut runner);
    let runner::Finished { game, error, .. } = runner.finish();
    let report = game.close();
    if let Some(e) = error.or(outcome.err().map(AppError::EventLoop)) {
        return Err(e);
    }
    Ok(report)
}
