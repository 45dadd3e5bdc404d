//! Simulated participants without files, worlds or recordings: the
//! session alone, fed each condition's camera motion computed once.
//!
//! The driver plays every condition from the same start with the same
//! route, in a world seeded by the protocol, so a condition's camera
//! moves the same way for every participant, tick for tick, until they
//! stop: [`Motions`] records it once per condition, and [`quick`] plays a
//! participant's whole session against it with the same loop and the same
//! seeded person as [`super::simulate`], giving the same answers (a test
//! checks ratings and ends against a full session's files) at a small
//! fraction of the cost: no world stepped, nothing written.

use super::person::GAIN;
use super::{drive, Camera, Motion, SimulateError, Stage};
use crate::map::Map;
use crate::script::{Script, ScriptError};
use crate::sim::{Controls, World, TICK_DT};
use crate::study::protocol::Protocol;
use crate::study::session::{Event, Key, Session};
use std::path::{Path, PathBuf};

/// The most maneuver files the route strings together.
const MAX_MANEUVERS: usize = 64;
/// Ticks of motion recorded past a condition's exposure: the session's
/// clock, a sum of tick lengths, may reach the exposure a tick late.
const SPARE_TICKS: usize = 4;

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

/// Each condition's camera motion, tick by tick, as the driver plays it.
#[derive(Clone, Debug)]
pub struct Motions {
    /// Per protocol condition, the motion of each tick of its exposure.
    ticks: Vec<Vec<Motion>>,
}

impl Motions {
    /// The motion of every condition of `protocol` on `map`, driven by
    /// `route` (looped) from the start, as [`super::simulate`] drives it.
    pub fn new(protocol: &Protocol, map: &Map, route: &[Controls]) -> Self {
        assert!(!route.is_empty(), "the driver needs a route");
        let ticks = protocol
            .conditions
            .iter()
            .map(|c| {
                let mut world = World::new(map.clone(), c.tunables, protocol.seed);
                let mut camera = Camera::at(&world);
                let count = (c.exposure_s / TICK_DT).ceil() as usize + SPARE_TICKS;
                route
                    .iter()
                    .cycle()
                    .take(count)
                    .map(|controls| {
                        world.step(controls);
                        camera.motion(&world)
                    })
                    .collect()
            })
            .collect();
        Self { ticks }
    }

    /// The true rate at which protocol condition `condition` makes a
    /// person of susceptibility 1 sick, FMS points per second, before any
    /// recovery: [`GAIN`] times its mean stimulus over the exposure. The
    /// simulation's answer to which condition is sickest.
    pub fn sickness_rate(&self, condition: usize) -> f64 {
        let ticks = &self.ticks[condition];
        let stimulus: f64 = ticks.iter().map(|m| m.stimulus()).sum();
        GAIN * stimulus / ticks.len().max(1) as f64
    }
}

/// A bare session played against recorded motion; what it said.
struct Quick<'a> {
    session: Session,
    motions: &'a Motions,
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

    fn play(&mut self) -> Result<Motion, SimulateError> {
        let (condition, tick) = self.playing.as_mut().expect("a condition is under way");
        let motion = self.motions.ticks[*condition].get(*tick).copied();
        *tick += 1;
        Ok(motion.expect("motion recorded for the whole exposure"))
    }
}

/// The session of `protocol` in `order` (protocol condition indices) of
/// the simulated participant seeded `seed`, played against `motions`
/// (made from the same protocol): every event it gives, in order, exactly
/// as [`super::simulate`] would give them with files and recordings.
pub fn quick(protocol: &Protocol, order: Vec<usize>, motions: &Motions, seed: u64) -> Vec<Event> {
    let mut stage = Quick {
        session: Session::new(protocol.clone(), order),
        motions,
        playing: None,
        events: Vec::new(),
    };
    drive(&mut stage, seed).expect("a bare session writes nothing that can fail");
    stage.events
}
