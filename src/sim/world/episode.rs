//! A world played as a level of an episode: the level ends when the
//! player steps onto an exit (on any map that has exits), the score and
//! lives come in from the level before ([`Change::Episode`]), and a death
//! costs a life: the restart after it brings the player back with one
//! life fewer and the score the level started with (Wolfenstein 3D's
//! `Died`: `gamestate.lives--`, the score back to `oldscore`), on the
//! easiest level at the last checkpoint of the map's course passed, else
//! at the start. With no lives left the game is over.
//!
//! The checkpoints passed are the world's course run's
//! ([`World::course_run`]); a death on the easiest level reads the last
//! one from it and, coming back there, carries the run on, so the next
//! death comes back at that checkpoint or a later one.
//!
//! [`Change::Episode`]: super::Change::Episode

use super::World;
use crate::map::{Map, Progress, Start};
use crate::sim::actors::TARGET_TOP;
use crate::sim::tally::{Carried, Tally, MAX_LIVES};
use crate::sim::{Difficulty, Player};
use crate::snapshot::{Visitor, MAX_COUNT};

/// What an episode's world keeps beyond a lone map's.
#[derive(Clone, Debug)]
pub(super) struct EpisodePlay {
    /// What the level started with: a restart starts it with these again
    /// (a death with a life fewer).
    carried: Carried,
    /// The checkpoint (its index in the course) the last death brought
    /// the player back to, on the easiest level; None before any.
    last_passed: Option<usize>,
}

impl EpisodePlay {
    /// An episode's play before a save's is read over it.
    pub(super) fn blank() -> Self {
        Self {
            carried: Carried::START,
            last_passed: None,
        }
    }

    /// Visits the score and lives the level started with and the
    /// checkpoint come back to (an index below `checkpoints`, the map's
    /// course's count), for a save ([`crate::snapshot`]).
    pub(super) fn visit_state(&mut self, checkpoints: usize, v: &mut impl Visitor) {
        let c = &mut self.carried;
        v.counter(&mut c.score, MAX_COUNT, "the score carried in");
        let mut lives = u64::from(c.lives);
        v.counter(&mut lives, u64::from(MAX_LIVES), "the lives carried in");
        c.lives = lives as u32;
        v.counter(
            &mut c.next_life,
            MAX_COUNT,
            "the next extra life carried in",
        );
        v.option(
            &mut self.last_passed,
            || 0,
            |v, k| {
                v.index(k, checkpoints.max(1));
                if checkpoints == 0 {
                    v.refuse("a checkpoint on a map without a course");
                }
            },
        );
    }
}

impl World {
    /// Makes this world a level of an episode, starting it again (as
    /// [`Change::Restart`](super::Change::Restart) does) with `carried`'s
    /// score and lives.
    pub(super) fn begin_episode_level(&mut self, carried: Carried) {
        self.episode = Some(EpisodePlay {
            carried,
            last_passed: None,
        });
        self.restart();
    }

    /// The tick the player stepped onto an exit, ending the level; None
    /// while the level goes on (and always on a map without exits).
    pub fn exited(&self) -> Option<u64> {
        self.exited
    }

    /// The level as loaded (doors shut, every pickup in place): what the
    /// tally's totals count.
    pub fn level(&self) -> &Map {
        &self.level
    }

    /// True if this world is a level of an episode (see [`Change::Episode`](super::Change::Episode)).
    pub fn in_episode(&self) -> bool {
        self.episode.is_some()
    }

    /// True when the game is over: a level of an episode whose player is
    /// dead with no life left to lose.
    pub fn game_over(&self) -> bool {
        self.episode.is_some() && !self.combat.alive() && self.tally.lives == 0
    }

    /// The score and lives a restart of this level starts from (the
    /// level's start's, outside an episode [`Carried::START`]).
    pub fn carried_in(&self) -> Carried {
        self.episode.as_ref().map_or(Carried::START, |e| e.carried)
    }

    /// The tick's exit: an alive player on the floor on an exit tile ends
    /// the level.
    pub(super) fn follow_the_level(&mut self) {
        if self.exited.is_some() || !self.combat.alive() {
            return;
        }
        if self.map.exits.is_empty() || self.player.altitude() >= TARGET_TOP {
            return;
        }
        let (x, y) = Map::tile_of(self.player.x, self.player.y);
        if self.map.is_exit(x, y) {
            self.exited = Some(self.tick);
        }
    }

    /// The restart request: in an episode a dead player loses a life and
    /// comes back (nothing, with no life left); else the level starts
    /// again.
    pub(super) fn restart_requested(&mut self) {
        if self.episode.is_none() || self.combat.alive() {
            self.restart();
            return;
        }
        if self.tally.lives == 0 {
            return;
        }
        let Some(e) = &mut self.episode else { return };
        e.carried = Carried {
            lives: self.tally.lives - 1,
            next_life: self.tally.carried().next_life.max(e.carried.next_life),
            ..e.carried
        };
        let progress = match self.difficulty {
            Difficulty::Easy => self.run.progress.take(),
            _ => None,
        };
        let back = progress.as_ref().and_then(|p| comeback(p, &self.level));
        self.restart();
        let Some((start, last)) = back else { return };
        self.player = Player::at(start);
        // The run goes on from the checkpoint come back to.
        self.run.progress = progress;
        if let Some(e) = &mut self.episode {
            e.last_passed = Some(last);
        }
    }

    /// No checkpoint come back to yet (the level started again).
    pub(super) fn forget_checkpoints(&mut self) {
        if let Some(e) = &mut self.episode {
            e.last_passed = None;
        }
    }

    /// The tally a restart of the level starts with, `living` enemies.
    pub(super) fn tally_at_start(&self, living: usize) -> Tally {
        Tally::carrying(living, self.carried_in())
    }

    /// Feeds the episode's state to a state hash (nothing outside one).
    pub(super) fn hash_episode(&self, fold: &mut impl FnMut(u64)) {
        if let Some(tick) = self.exited {
            fold(tick);
        }
        if let Some(e) = &self.episode {
            let c = e.carried;
            fold(c.score);
            fold(u64::from(c.lives) | c.next_life << 8);
            fold(e.last_passed.map_or(u64::MAX, |k| k as u64));
        }
    }
}

/// Where a player comes back after dying on a course: the centre of the
/// last checkpoint passed, facing the next one (or the start's way past
/// the last), and that checkpoint's index; None before the first.
fn comeback(progress: &Progress, level: &Map) -> Option<(Start, usize)> {
    let points = progress.course().checkpoints();
    let index = progress.next().checked_sub(1)?;
    let last = points.get(index)?;
    let angle = match points.get(progress.next()) {
        Some(next) => (next.at[1] - last.at[1]).atan2(next.at[0] - last.at[0]),
        None => level.start.angle,
    };
    let start = Start {
        x: last.at[0],
        y: last.at[1],
        angle,
    };
    Some((start, index))
}
