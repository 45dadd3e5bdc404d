//! Playing a recording back: its controls fed to a fresh world tick by
//! tick, and the world's state hash compared with every stored one.

use super::{Check, Recording};
use crate::map::Map;
use crate::sim::{Controls, World};
use std::fmt;

/// The first tick whose state hash differs from the recording's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Desync {
    /// The tick after which the hashes differ.
    pub tick: u64,
    /// The hash the recording stores.
    pub expected: u64,
    /// The hash the replayed world has.
    pub found: u64,
}

impl fmt::Display for Desync {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "desync at tick {} (expected {:016x}, found {:016x})",
            self.tick, self.expected, self.found
        )
    }
}

/// How a replay ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The world's state hash after the last tick.
    pub final_hash: u64,
    /// Ticks replayed.
    pub ticks: u64,
    /// The first check that failed, if any.
    pub desync: Option<Desync>,
    /// The recording had no end line, so only the ticks up to its last
    /// hash line were replayed (`ticks` is that hash line's tick).
    pub truncated: bool,
}

/// A recording being played back: it hands out each tick's controls and
/// checks the world after each step. The window and [`replay`] drive it
/// the same way:
///
/// ```
/// # use wobblecaster::record::{Playback, Recording};
/// # fn run(recording: Recording, map: wobblecaster::map::Map) {
/// let mut playback = Playback::new(recording);
/// let mut world = playback.start(map);
/// while let Some(controls) = playback.next_controls() {
///     world.step(&controls);
///     playback.check(&world);
/// }
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Playback {
    recording: Recording,
    /// Checks not yet reached, in tick order, the end line's last.
    checks: Vec<Check>,
    /// The next run to play, and ticks of it already played.
    run: usize,
    played_in_run: u64,
    /// Ticks handed out so far.
    played: u64,
    desync: Option<Desync>,
}

impl Playback {
    /// Plays `recording` from its first tick.
    pub fn new(recording: Recording) -> Self {
        let mut checks = recording.checks.clone();
        checks.extend(recording.end);
        checks.dedup();
        checks.reverse();
        Self {
            recording,
            checks,
            run: 0,
            played_in_run: 0,
            played: 0,
            desync: None,
        }
    }

    /// The recording played.
    pub fn recording(&self) -> &Recording {
        &self.recording
    }

    /// The world the recording starts from: `map` (the header's, or one
    /// chosen instead) with the header's tunables, difficulty and seed (a
    /// level of an episode with the score and lives it started with), checked
    /// against a hash for tick 0 if the recording stores one (an empty
    /// recording's end line).
    pub fn start(&mut self, map: Map) -> World {
        let h = &self.recording.header;
        let world = h.start_world(map, h.tunables, h.difficulty);
        self.check(&world);
        world
    }

    /// The controls of the next tick; None once every tick is played.
    pub fn next_controls(&mut self) -> Option<Controls> {
        let run = self.recording.runs.get(self.run)?;
        let controls = run.controls;
        self.played_in_run += 1;
        if self.played_in_run == run.count {
            self.run += 1;
            self.played_in_run = 0;
        }
        self.played += 1;
        Some(controls)
    }

    /// Compares `world`, just stepped with the controls last handed out
    /// (or just started), with the recording's hash for its tick, if it stores one. Only the
    /// first mismatch is kept.
    pub fn check(&mut self, world: &World) {
        assert_eq!(world.tick(), self.played, "check after every step");
        while let Some(check) = self.checks.pop_if(|c| c.tick <= world.tick()) {
            let found = world.state_hash();
            if check.tick == world.tick() && check.hash != found && self.desync.is_none() {
                self.desync = Some(Desync {
                    tick: check.tick,
                    expected: check.hash,
                    found,
                });
            }
        }
    }

    /// Ticks handed out so far.
    pub fn played(&self) -> u64 {
        self.played
    }

    /// True once every tick has been handed out.
    pub fn is_finished(&self) -> bool {
        self.run >= self.recording.runs.len()
    }

    /// The first desync found so far.
    pub fn desync(&self) -> Option<Desync> {
        self.desync
    }

    /// How the replay stands with `world` as it is now.
    pub fn outcome(&self, world: &World) -> Outcome {
        Outcome {
            final_hash: world.state_hash(),
            ticks: world.tick(),
            desync: self.desync,
            truncated: self.recording.is_truncated(),
        }
    }
}

/// Replays `recording` headless on `map` (the header's map, or one chosen
/// instead): every tick stepped, every stored hash compared. The same
/// recording and map give the same outcome every time.
pub fn replay(recording: &Recording, map: Map) -> Outcome {
    let mut playback = Playback::new(recording.clone());
    let mut world = playback.start(map);
    while let Some(controls) = playback.next_controls() {
        world.step(&controls);
        playback.check(&world);
    }
    playback.outcome(&world)
}
