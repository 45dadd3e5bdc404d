//! The world's side of the weapons: the trigger each tick (the old gun
//! with endless rounds in a world without weapons, so recordings made
//! before them replay as they did), the pickups of rounds and weapons,
//! and the rounds the enemies drop where they fall.

use super::World;
use crate::map::{Pickup, PickupKind, Place};
use crate::sim::actors::{Actors, Strike};
use crate::sim::sound::Cue;
use crate::sim::tunable_table::arms::{self, Fallen};
use crate::sim::weapons::Arms;
use crate::sim::Controls;

/// The weapons of a world that has them: the player's [`Arms`], and which
/// enemies have fallen (and dropped what they carry) since the map
/// started, walkers first, then tanks.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Armoury {
    /// The player's weapons and rounds.
    pub arms: Arms,
    /// A flag per enemy: it has fallen and dropped its loot.
    fallen: Vec<bool>,
}

impl Armoury {
    /// The arms at the start of a map with `actors`.
    fn new(actors: &Actors) -> Self {
        Self {
            arms: Arms::new(),
            fallen: vec![false; enemies(actors)],
        }
    }

    /// Back to the start of the map.
    pub(super) fn reset(&mut self) {
        self.arms = Arms::new();
        self.fallen.fill(false);
    }
}

/// How many enemies the drop flags follow.
fn enemies(actors: &Actors) -> usize {
    actors.walkers.len() + actors.tanks.len() + actors.guards.len()
}

impl World {
    /// This world with weapons: the knife, the pistol and a few rounds at
    /// the start, weapons and rounds to pick up, enemies that drop rounds.
    /// A world without (every world [`World::new`] makes, and a recording
    /// made before weapons) fires the old pistol with endless rounds.
    pub fn armed(self) -> Self {
        self.armed_with(Arms::new())
    }

    /// This world with weapons, the player's as `arms` says (a shot of a
    /// weapon, a test's stage) rather than as a map starts them.
    pub fn armed_with(mut self, arms: Arms) -> Self {
        let mut armoury = Armoury::new(&self.actors);
        armoury.arms = arms;
        // Room for every drop, so a drop never allocates in the tick.
        let drops = armoury.fallen.len();
        self.pickups.reserve(drops);
        self.armoury = Some(armoury);
        self
    }

    /// The player's weapons and rounds; None in a world without weapons.
    pub fn arms(&self) -> Option<&Arms> {
        self.armoury.as_ref().map(|a| &a.arms)
    }

    /// The trigger's tick: the weapon chosen, then a shot if it fires.
    pub(super) fn trigger(&mut self, controls: &Controls) {
        let at = [self.player.x, self.player.y];
        let alive = self.combat.alive();
        let Some(armoury) = &mut self.armoury else {
            // The old gun, rolled before it is aimed, as it always was.
            if self.combat.tick(controls.fire, &self.combat_tunables) {
                self.ears.tell(Cue::Gun, at, 1.0);
                let damage = self.rng.roll(self.combat_tunables.damage);
                let (origin, yaw, eye) = self.line_of_fire();
                let strike = Strike {
                    reach: f64::INFINITY,
                    loud: true,
                    damage: &mut |_| damage,
                };
                self.actors.shoot(&self.map, origin, yaw, eye, strike);
            }
            return;
        };
        self.combat.tick(false, &self.combat_tunables);
        if let (Some(choice), true) = (controls.weapon, alive) {
            armoury.arms.select(choice);
        }
        let Some(weapon) = armoury.arms.tick(controls.fire, alive) else {
            return;
        };
        let row = arms::weapon(weapon);
        self.combat.flash = row.flash_ticks;
        self.combat.shots += 1;
        let loud = row.ammo_per_shot > 0;
        if loud {
            self.ears.tell(Cue::Gun, at, 1.0);
        }
        let (origin, yaw, eye) = self.line_of_fire();
        let strike = Strike {
            reach: row.reach,
            loud,
            damage: &mut |distance| self.rng.roll(row.damage.at(distance)),
        };
        self.actors.shoot(&self.map, origin, yaw, eye, strike);
    }

    /// Where a shot starts and goes: the player's place, the aim's yaw,
    /// and the eye height with the aim's rise per tile.
    fn line_of_fire(&self) -> ([f64; 2], f64, (f64, f64)) {
        let (yaw, eye, slope) = self.aim();
        ([self.player.x, self.player.y], yaw, (eye, slope))
    }

    /// The enemies spawned again with a map reloaded under the game: none
    /// of them has fallen, and the pickups have room for all their drops.
    pub(super) fn arms_respawned(&mut self) {
        if let Some(armoury) = &mut self.armoury {
            armoury.fallen.clear();
            armoury.fallen.resize(enemies(&self.actors), false);
            self.pickups.reserve(armoury.fallen.len());
        }
    }

    /// Each enemy that fell since the last tick leaves its drop (the drop
    /// table's) where it fell.
    pub(super) fn drop_loot(&mut self) {
        let Some(armoury) = &mut self.armoury else {
            return;
        };
        let a = &self.actors;
        let walkers = a
            .walkers
            .iter()
            .map(|w| (Fallen::Walker, !w.state.alive(), [w.x, w.y]));
        let tanks = a
            .tanks
            .iter()
            .map(|t| (Fallen::Tank, !t.alive(), [t.x, t.y]));
        let guards = a
            .guards
            .iter()
            .map(|g| (Fallen::Guard, !g.state.alive(), [g.x, g.y]));
        let fallen = walkers.chain(tanks).chain(guards);
        for ((kind, dead, at), flag) in fallen.zip(&mut armoury.fallen) {
            if !dead || *flag {
                continue;
            }
            *flag = true;
            if let Some(kind) = arms::drop_of(kind) {
                self.pickups.push(Pickup {
                    kind,
                    x: at[0],
                    y: at[1],
                    place: Place::File,
                });
            }
        }
    }

    /// True if the arms want a pickup of `kind` (rounds or a weapon);
    /// false for every other kind, and in a world without weapons.
    pub(super) fn arms_want(&self, kind: PickupKind) -> bool {
        self.arms().is_some_and(|a| a.wants(kind))
    }

    /// Gives the arms a pickup of `kind` (rounds or a weapon).
    pub(super) fn arms_take(&mut self, kind: PickupKind) {
        if let Some(armoury) = &mut self.armoury {
            armoury.arms.take(kind);
        }
    }

    /// The arms' words for the state hash (none in a world without
    /// weapons, which hashes as worlds did before them): the arms, and
    /// the pickups left, drops among them.
    pub(super) fn hash_arms(&self, fold: &mut impl FnMut(u64)) {
        if let Some(armoury) = &self.armoury {
            armoury.arms.hash_words(fold);
            fold(self.pickups.len() as u64);
        }
    }
}

impl Armoury {
    /// Visits the arms and the fallen flags, for a save
    /// ([`crate::snapshot`]).
    pub(super) fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        super::snapshot::visit_arms(&mut self.arms, v);
        v.fixed(&mut self.fallen, "the number of enemies", |v, f| v.bool(f));
    }
}
