//! Simulated participants without files, worlds or recordings: the
//! session alone, fed each condition's drive computed once.
//!
//! A condition's drive in a style is the same for every participant who
//! plays in that style, tick for tick, until they stop: [`Drives`] makes
//! every one once, and [`quick`] plays a participant's whole session
//! against them with the same loop and the same seeded person as
//! [`super::simulate`], giving the same answers (a test checks ratings and
//! ends against a full session's files) at a small fraction of the cost:
//! no world stepped, nothing written.

use super::person::Person;
use super::{play, Drives, SimulateError, Stage};
use crate::script::{Script, ScriptError};
use crate::sim::Controls;
use crate::study::protocol::Protocol;
use crate::study::session::{Event, Key, Session};
use std::path::{Path, PathBuf};

/// The most maneuver files the route strings together.
const MAX_MANEUVERS: usize = 64;
/// Why the driver's route could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RouteError {
    /// The maneuvers' folder cannot be listed.
    #[error("cannot list {}", dir.display())]
    List {
        /// The folder.
        dir: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A maneuver does not load.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The folder has no maneuvers.
    #[error("no maneuvers in {} for the simulated participant to drive", .0.display())]
    Empty(PathBuf),
}

/// The simulated participant's route: the maneuvers (`.txt` scripts) of
/// `dir`, one after another in name order.
pub fn route(dir: &Path) -> Result<Vec<Controls>, RouteError> {
    let list = |source| RouteError::List {
        dir: dir.to_path_buf(),
        source,
    };
    if !crate::data::is_shipped(dir) {
        // A folder on disk that cannot be listed says why.
        std::fs::read_dir(dir).map_err(list)?;
    }
    let files: Vec<PathBuf> = crate::data::list(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    let mut route = Vec::new();
    for f in files.iter().take(MAX_MANEUVERS) {
        route.extend(Script::load(f)?.ticks());
    }
    if route.is_empty() {
        return Err(RouteError::Empty(dir.to_path_buf()));
    }
    Ok(route)
}

/// A bare session played against drives made before; what it said.
struct Quick<'a> {
    session: Session,
    drives: &'a Drives,
    /// The participant's style.
    style: usize,
    /// The protocol condition under way and its next tick.
    playing: Option<(usize, usize)>,
    events: Vec<Event>,
}

impl Quick<'_> {
    /// Keeps `events`, noting a condition's start; true if one ended.
    fn take(&mut self, events: Vec<Event>) -> bool {
        let mut ended = false;
        for e in &events {
            match *e {
                Event::ConditionStarted { position } => {
                    self.playing = Some((self.session.order()[position], 0));
                }
                Event::ConditionEnded { .. } => {
                    self.playing = None;
                    ended = true;
                }
                _ => {}
            }
        }
        self.events.extend(events);
        ended
    }
}

impl Stage for Quick<'_> {
    fn session(&self) -> &Session {
        &self.session
    }

    fn press(&mut self, key: Key) -> Result<(), SimulateError> {
        let events = self.session.press(key);
        self.take(events);
        Ok(())
    }

    fn advance(&mut self, dt: f64) -> Result<bool, SimulateError> {
        let events = self.session.advance(dt);
        Ok(self.take(events))
    }

    fn play(&mut self) -> Result<f64, SimulateError> {
        let (condition, tick) = self.playing.as_mut().expect("a condition is under way");
        let drive = self.drives.get(*condition, self.style);
        let conflict = drive.conflict.get(*tick).copied();
        *tick += 1;
        Ok(conflict.expect("a drive made for the whole exposure"))
    }
}

/// The session of `protocol` in `order` (protocol condition indices) of
/// the simulated participant seeded `seed`, played against `drives`
/// (made from the same protocol in every style): every event it gives, in
/// order, exactly as [`super::simulate`] would give them with files and
/// recordings.
pub fn quick(protocol: &Protocol, order: Vec<usize>, drives: &Drives, seed: u64) -> Vec<Event> {
    let person = Person::new(seed, order.len());
    let mut stage = Quick {
        session: Session::new(protocol.clone(), order),
        drives,
        style: person.style,
        playing: None,
        events: Vec::new(),
    };
    play(&mut stage, person, seed).expect("a bare session writes nothing that can fail");
    stage.events
}

/// The style of the simulated participant seeded `seed` (an index into
/// [`super::STYLES`]).
pub fn style_of(seed: u64) -> usize {
    Person::new(seed, 0).style
}
