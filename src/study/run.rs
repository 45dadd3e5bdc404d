//! A session with its files: the [`Session`]'s events written as they
//! come, and turned into cues for whoever runs the world (the window, or
//! a simulated participant): start a condition's world and recording, stop
//! it, the end.

use super::protocol::Condition;
use super::results::{Results, ResultsError, Shown};
use super::session::{Event, Key, Session};
use std::path::PathBuf;

/// What the runner of the world must do now.
#[derive(Clone, Debug, PartialEq)]
pub enum Cue {
    /// Start a fresh world for `condition` (the condition at `position`)
    /// and record it to `recording`.
    Start {
        /// The position in the order run, from 0.
        position: usize,
        /// The condition's settings.
        condition: Box<Condition>,
        /// Where its recording goes.
        recording: PathBuf,
    },
    /// The condition under way has ended: close its recording, then
    /// tell [`StudyRun::recorded`] where it was saved.
    Stop,
    /// An in-play prompt has appeared with the protocol's tone
    /// (`prompt_tone`): sound it (`audio::Clip::PromptTone`).
    Tone,
    /// The session is over.
    Finished,
}

/// A window as it opened on a session: what the platform tells of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    /// The window's inner size in physical pixels.
    pub resolution: (u32, u32),
    /// The size the picture is rendered at.
    pub render_size: (u32, u32),
    /// The window fills the screen.
    pub fullscreen: bool,
    /// The monitor's refresh rate, Hz, if the platform tells it.
    pub refresh_hz: Option<f64>,
    /// The present mode asked for (`vsync`, `mailbox`, `immediate`).
    pub present_mode: String,
    /// The graphics adapter: its name, driver and backend.
    pub adapter: String,
}

/// A session and its results folder.
#[derive(Debug)]
pub struct StudyRun {
    session: Session,
    results: Results,
    /// The screen's diagonal (inches) and the viewing distance
    /// (centimetres), where stated.
    screen: (Option<f64>, Option<f64>),
}

impl StudyRun {
    /// `session` writing into `results`.
    pub fn new(session: Session, results: Results) -> Self {
        Self {
            session,
            results,
            screen: (None, None),
        }
    }

    /// The screen the session is seen on: its diagonal in inches and the
    /// eye's distance from it in centimetres, where stated (recorded with
    /// each window's [`Window`]).
    pub fn set_screen(&mut self, diagonal_in: Option<f64>, distance_cm: Option<f64>) {
        self.screen = (diagonal_in, distance_cm);
    }

    /// A window opened on the session: `window` appended to
    /// `session.toml` with the stated screen.
    pub fn window_opened(&mut self, window: Window) -> Result<(), ResultsError> {
        let shown = Shown {
            screen_diagonal_in: self.screen.0,
            viewing_distance_cm: self.screen.1,
            resolution: window.resolution,
            render_size: window.render_size,
            fullscreen: window.fullscreen,
            refresh_hz: window.refresh_hz,
            present_mode: window.present_mode,
            adapter: window.adapter,
            simulated: false,
        };
        self.results.shown(&shown)
    }

    /// A simulated session's stated defaults, rendering at `render_size`,
    /// appended to `session.toml` as its display.
    pub fn simulated_display(&mut self, render_size: (u32, u32)) -> Result<(), ResultsError> {
        let shown = Shown::simulated(render_size, self.screen.0, self.screen.1);
        self.results.shown(&shown)
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The results being written.
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// The participant pressed `key`: its answers written, its cues.
    pub fn press(&mut self, key: Key) -> Result<Vec<Cue>, ResultsError> {
        let events = self.session.press(key);
        self.handle(events)
    }

    /// `dt` seconds passed (in play: one tick's worth at a time, so the
    /// session's clock is the world's).
    pub fn advance(&mut self, dt: f64) -> Result<Vec<Cue>, ResultsError> {
        self.results.advance_clock(dt);
        let events = self.session.advance(dt);
        self.handle(events)
    }

    /// Appends a study event to `events.csv` and the streams: see
    /// [`Results::log`].
    pub fn log(&mut self, event: &str, detail: &str) -> Result<(), ResultsError> {
        self.results.log(event, detail)
    }

    /// Sends the session's events and camera to `streams` as well: see
    /// [`Results::set_streams`].
    pub fn set_streams(&mut self, streams: Box<dyn super::results::Streams>) {
        self.results.set_streams(streams);
    }

    /// One tick of play's camera, for the streams: see
    /// [`Results::camera`].
    pub fn camera(&mut self, pose: &crate::sim::Pose) {
        self.results.camera(pose);
    }

    /// The recording of the condition that ended is closed at `saved`
    /// (None if it could not be made): the condition's row is written,
    /// naming and hashing it.
    pub fn recorded(&mut self, saved: Option<&std::path::Path>) -> Result<(), ResultsError> {
        self.results.recorded(saved)
    }

    /// Puts a counter (or a failure) in place of the results' syncs: see
    /// [`Results::set_sync`].
    pub fn set_sync(&mut self, sync: Box<super::results::SyncFn>) {
        self.results.set_sync(sync);
    }

    /// Writes every event, in order, and returns the cues they give.
    fn handle(&mut self, events: Vec<Event>) -> Result<Vec<Cue>, ResultsError> {
        let mut cues = Vec::new();
        for event in events {
            self.results.write(&event)?;
            match event {
                Event::ConditionStarted { position } => {
                    let index = self.session.order()[position];
                    cues.push(Cue::Start {
                        position,
                        condition: Box::new(self.session.protocol().conditions[index].clone()),
                        recording: self
                            .results
                            .dir()
                            .join(self.results.recording_name().unwrap_or_default()),
                    });
                }
                Event::ConditionEnded { .. } => cues.push(Cue::Stop),
                Event::Finished => cues.push(Cue::Finished),
                Event::Prompted { tone: true, .. } => cues.push(Cue::Tone),
                _ => {}
            }
        }
        Ok(cues)
    }
}
