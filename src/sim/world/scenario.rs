//! Worlds put together for a test or a benchmark: a player already moving
//! or flying, a crowd of enemies, a cloud of exhaust, a door standing open.
//! A running world changes only through its tick and
//! [`World::apply`](super::World::apply); a scenario sets the stage before
//! (or between) runs, in one place that says what it touches.

use super::{Tunables, World};
use crate::map::Map;
use crate::sim::actors::Actors;
use crate::sim::combat::{Combat, CombatTunables};
use crate::sim::doors::Event;
use crate::sim::particles::Particles;
use crate::sim::Player;

/// A world being set up.
#[derive(Clone, Debug)]
pub struct Scenario {
    world: World,
}

impl Scenario {
    /// The default tunables on `map`, seed 1, as the level starts.
    pub fn on(map: Map) -> Self {
        Self::from_world(World::new(map, Tunables::default(), 1))
    }

    /// Sets the stage again on a world that has run.
    pub fn from_world(world: World) -> Self {
        Self { world }
    }

    /// A new start with these tunables and `seed` (the stage set so far
    /// is kept only as far as the level goes).
    pub fn start(self, tunables: Tunables, seed: u64) -> Self {
        Self::from_world(World::new(self.world.level, tunables, seed))
    }

    /// The tunables in force, changed in place (no model switch: the
    /// player is left as set).
    pub fn tunables(mut self, edit: impl FnOnce(&mut Tunables)) -> Self {
        edit(&mut self.world.tunables);
        self
    }

    /// The player: place, heading, motion, flight, keys, fuel.
    pub fn player(mut self, edit: impl FnOnce(&mut Player)) -> Self {
        edit(&mut self.world.player);
        self
    }

    /// The player's health and weapon, and their tunables.
    pub fn combat(mut self, edit: impl FnOnce(&mut Combat, &mut CombatTunables)) -> Self {
        edit(&mut self.world.combat, &mut self.world.combat_tunables);
        self
    }

    /// The enemies, their shells and puffs.
    pub fn actors(mut self, edit: impl FnOnce(&mut Actors)) -> Self {
        edit(&mut self.world.actors);
        self
    }

    /// The exhaust particles.
    pub fn particles(mut self, edit: impl FnOnce(&mut Particles)) -> Self {
        edit(&mut self.world.particles);
        self
    }

    /// The map as it stands (doors part-way or open); the level the world
    /// restarts from is not touched.
    pub fn map(mut self, edit: impl FnOnce(&mut Map)) -> Self {
        edit(&mut self.world.map);
        self
    }

    /// The last thing the player should hear about, and its tick.
    pub fn event(mut self, event: Option<(u64, Event)>) -> Self {
        self.world.event = event;
        self
    }

    /// The field-of-view restrictor closed to `level` (0 open to 1 fully)
    /// by motion before the scenario starts.
    pub fn restriction(mut self, level: f64) -> Self {
        self.world.restrictor = super::Restrictor::at(level);
        self
    }

    /// The world, ready to run.
    pub fn build(self) -> World {
        self.world
    }
}
