//! The run through a level the world keeps: the tick it started (the
//! level's start, a restart, a map reloaded under the game) and, on a map
//! with a course, the checkpoints passed so far, taken in play's strict
//! order. The game's timer and goal line read it; a save holds it with
//! the rest of the world.
//!
//! It follows from the player's path, which the state hash holds tick by
//! tick, so it stays outside the hash and recordings keep their hashes.

use crate::map::course::Order;
use crate::map::{Map, Progress};
use crate::snapshot::Visitor;

/// A run through the level, from the tick it started.
#[derive(Clone, Debug, PartialEq)]
pub struct CourseRun {
    /// The world's tick when the run started.
    pub start: u64,
    /// On a map with a course, the checkpoints passed (each at its tick).
    pub progress: Option<Progress>,
}

impl CourseRun {
    /// A run on `map` starting at `tick`, nothing passed yet.
    pub fn new(map: &Map, tick: u64) -> Self {
        Self {
            start: tick,
            progress: map
                .course
                .as_ref()
                .map(|c| Progress::with_order(c, Order::Strict)),
        }
    }

    /// Follows the player's centre `p` (tiles) at `tick`: the checkpoint
    /// it passes now, if any.
    pub fn follow(&mut self, tick: u64, p: [f64; 2]) {
        if let Some(progress) = &mut self.progress {
            progress.update(tick, p);
        }
    }

    /// Visits the start and the checkpoints passed, for a save
    /// ([`crate::snapshot`]); whether there is a course is the map's.
    pub fn visit_state(&mut self, v: &mut impl Visitor) {
        v.counter(
            &mut self.start,
            crate::snapshot::MAX_COUNT,
            "the run's start",
        );
        if let Some(progress) = &mut self.progress {
            progress.visit_state(v);
        }
    }
}
