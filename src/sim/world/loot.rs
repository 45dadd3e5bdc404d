//! The world's pickups, score and secrets: what a pickup gives (its row in
//! [`LOOT`](crate::sim::loot::LOOT)), the tally, and push walls used and
//! sliding.

use super::{occupies, World, TICK_DT};
use crate::map::{Map, PickupKind};
use crate::sim::doors::{Event, USE_REACH};
use crate::sim::loot::{self, Gives};
use crate::sim::Tally;

/// How fast a push wall slides, tiles a second: Wolfenstein 3D's
/// `MovePWalls` moves one tile in 128 tics of 70 a second.
pub const PUSH_WALL_SPEED: f64 = 70.0 / 128.0;

impl World {
    /// What the player has scored and found.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// True if the player would take a pickup of `kind` now.
    pub(super) fn wants(&self, kind: PickupKind) -> bool {
        if loot::row(kind).gives == Gives::Arms {
            return self.arms_want(kind);
        }
        let health = (self.combat.health, self.combat_tunables.health);
        loot::wanted(kind, health, self.player.fuel)
    }

    /// Gives the player what a pickup of `kind` holds, as its row says.
    pub(super) fn take(&mut self, kind: PickupKind) {
        match loot::row(kind).gives {
            Gives::Key(key) => self.player.keys |= key.bit(),
            Gives::Health(n) => {
                let full = self.combat_tunables.health;
                self.combat.health = self.combat.health.saturating_add(n).min(full);
            }
            Gives::Fuel => self.player.fuel = 1.0,
            Gives::Arms => self.arms_take(kind),
            Gives::Points(n) => {
                self.tally.treasure += 1;
                if self.tally.give_points(u64::from(n)) {
                    self.event = Some((self.tick, Event::ExtraLife));
                    return;
                }
            }
        }
        self.event = Some((self.tick, Event::Picked(kind)));
    }

    /// Counts the enemies that died this tick into the tally.
    pub(super) fn count_kills(&mut self) {
        if self.tally.count_kills(self.actors.living()) {
            self.event = Some((self.tick, Event::ExtraLife));
        }
    }

    /// The use button at a push wall: the first wall straight ahead within
    /// the use reach, if it is a push wall, slides away along the axis the
    /// player faces most nearly (`PushWall` takes the player's facing's
    /// quarter). True if it slides: a secret found.
    pub(super) fn push_wall(&mut self) -> bool {
        if self.map.pushwalls().is_empty() || self.map.slide().is_some() {
            return false;
        }
        let (pos, heading) = ([self.player.x, self.player.y], self.player.heading);
        let Some((wall, dir)) = pushwall_ahead(&self.map, pos, heading) else {
            return false;
        };
        let (actors, player) = (&self.actors, self.player_body());
        if !self.map.push(wall, dir, |t| occupies(actors, player, t)) {
            return false;
        }
        self.tally.secrets += 1;
        let t = self.map.pushwalls()[wall].tile;
        self.ears.slid([t.0 as f64 + 0.5, t.1 as f64 + 0.5]);
        self.event = Some((self.tick, Event::Secret));
        true
    }

    /// Slides the push wall that is sliding, one tick on.
    pub(super) fn slide_walls(&mut self) {
        if self.map.slide().is_none() {
            return;
        }
        let (actors, player) = (&self.actors, self.player_body());
        let occupied = |t| occupies(actors, player, t);
        self.map.slide_step(PUSH_WALL_SPEED * TICK_DT, occupied);
    }
}

/// The push wall the use button would push for a player at `pos` facing
/// `heading`, and the way it would slide: the first tile straight ahead
/// within [`USE_REACH`] that is not open floor, if it is a push wall not
/// yet pushed.
fn pushwall_ahead(map: &Map, pos: [f64; 2], heading: f64) -> Option<(usize, (i64, i64))> {
    let (dy, dx) = heading.sin_cos();
    let here = Map::tile_of(pos[0], pos[1]);
    // Sample the line ahead finely enough not to skip a tile, as the
    // doors' use does.
    let steps = (USE_REACH / 0.05) as usize;
    let tile = (1..=steps)
        .map(|k| {
            let t = k as f64 * 0.05;
            Map::tile_of(pos[0] + dx * t, pos[1] + dy * t)
        })
        .find(|&t| t != here && map.cell(t.0, t.1) != 0)?;
    let dir = match dx.abs() >= dy.abs() {
        true => (dx.signum() as i64, 0),
        false => (0, dy.signum() as i64),
    };
    Some((map.pushwall_at(tile)?, dir))
}
