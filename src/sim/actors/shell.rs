//! Shells that tanks fire, their flight until they hit something, and the
//! puffs that mark where anything hit.

use super::{scale_damage, Actors, Blow, Quarry, SHELL_HEIGHT};
use crate::map::Map;
use crate::sim::reach::hypot_lt;
use crate::sim::{Rng, TICK_RATE};

/// Every shell tunable, with its default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShellTunables {
    /// Flight speed, tiles per second.
    pub speed: f64,
    /// Radius for hitting bodies, tiles.
    pub radius: f64,
    /// Damage of a hit: the least, and how much more at most.
    pub damage: (u32, u32),
    /// Longest flight, ticks, after which it fizzles.
    pub lifetime: u32,
    /// True if a shell stops at a guard and hurts it. Recordings from
    /// before shells met guards replay with it off
    /// (the recording header's `shells_hit_guards`).
    pub hits_guards: bool,
}

impl Default for ShellTunables {
    fn default() -> Self {
        Self {
            speed: 5.0,
            radius: 0.08,
            damage: (18, 16),
            lifetime: 8 * TICK_RATE,
            hits_guards: true,
        }
    }
}

/// A shell in flight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shell {
    /// Position in tiles.
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Velocity, tiles per second.
    pub vx: f64,
    /// Velocity, tiles per second.
    pub vy: f64,
    /// Index of the tank that fired it (its own hull does not stop it).
    pub owner: usize,
    /// Ticks in flight.
    pub age: u32,
}

/// A puff of smoke and sparks where a shot or a shell hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Puff {
    /// Position in tiles.
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Height of its centre above the floor, tiles.
    pub z: f64,
    /// Ticks since it appeared.
    pub age: u32,
    /// Its size: 1 for a bullet, more for a shell's blast.
    pub size: f64,
}

/// How long a puff shows, ticks.
pub const PUFF_TICKS: u32 = 24;
/// The most puffs at once: a new one replaces the oldest.
pub const MAX_PUFFS: usize = 64;
/// The most shells in flight at once: a tank holds its fire beyond it.
pub const MAX_SHELLS: usize = 256;

/// Adds a puff to `puffs`, replacing the oldest when the pool is full (no
/// allocation once it has grown to [`MAX_PUFFS`]).
pub fn add_puff(puffs: &mut Vec<Puff>, puff: Puff) {
    if puffs.len() < MAX_PUFFS {
        puffs.push(puff);
    } else if let Some(oldest) = puffs.iter_mut().max_by_key(|p| p.age) {
        *oldest = puff;
    }
}

/// Ages every puff one tick and drops the finished ones.
pub fn age_puffs(puffs: &mut Vec<Puff>) {
    for p in puffs.iter_mut() {
        p.age += 1;
    }
    puffs.retain(|p| p.age < PUFF_TICKS);
}

impl Actors {
    /// Tank `i` fires a shell from its barrel's tip along its heading.
    pub(super) fn fire_shell(&mut self, i: usize) {
        let s = self.tunables.shell;
        let tank = &mut self.tanks[i];
        let (sin, cos) = tank.heading.sin_cos();
        let tip = tank.radius() + s.radius + 0.02;
        self.shells.push(Shell {
            x: tank.x + cos * tip,
            y: tank.y + sin * tip,
            vx: cos * s.speed,
            vy: sin * s.speed,
            owner: i,
            age: 0,
        });
        tank.reload_ticks = (self.tunables.tank.reload * TICK_RATE as f64) as u32;
    }

    /// Moves every shell; a shell stops at a wall or the first body it
    /// meets (not its own tank). A hit on the player goes into the
    /// tick's blows, scaled by the difficulty's share.
    pub(super) fn shells_tick(&mut self, map: &Map, q: &Quarry, rng: &mut Rng, dt: f64) {
        let st = self.tunables.shell;
        let mut kept = 0;
        for k in 0..self.shells.len() {
            let mut s = self.shells[k];
            s.age += 1;
            (s.x, s.y) = (s.x + s.vx * dt, s.y + s.vy * dt);
            let (tx, ty) = Map::tile_of(s.x, s.y);
            let mut done = s.age > st.lifetime || map.is_solid(tx, ty);
            if !done {
                let near = |p: [f64; 2], r: f64| hypot_lt(p[0] - s.x, p[1] - s.y, r + st.radius);
                if q.alive && q.altitude <= SHELL_HEIGHT && near(q.pos, q.radius) {
                    let rolled = rng.roll(st.damage);
                    let from = self.tanks.get(s.owner).map_or([s.x, s.y], |t| [t.x, t.y]);
                    self.blows.push(Blow {
                        damage: scale_damage(rolled, self.tunables.damage_percent),
                        from,
                    });
                    done = true;
                } else if let Some(w) = self
                    .walkers
                    .iter_mut()
                    .find(|w| w.state.alive() && near([w.x, w.y], self.tunables.walker.radius))
                {
                    w.hurt(rng.roll(st.damage));
                    done = true;
                } else if let Some(t) = self
                    .tanks
                    .iter_mut()
                    .enumerate()
                    .find(|(j, t)| *j != s.owner && near([t.x, t.y], t.radius()))
                {
                    t.1.hurt(rng.roll(st.damage), &self.tunables.tank);
                    done = true;
                } else if let Some(g) = self.guards.iter_mut().find(|g| {
                    st.hits_guards
                        && g.state.alive()
                        && near([g.x, g.y], self.tunables.guard.radius)
                }) {
                    // Last, so a world without guards draws as it did.
                    g.hurt(rng.roll(st.damage), &self.tunables.guard);
                    done = true;
                }
            }
            if done {
                let back = [s.x - s.vx * dt, s.y - s.vy * dt];
                let puff = Puff {
                    x: back[0],
                    y: back[1],
                    z: SHELL_HEIGHT,
                    age: 0,
                    size: 2.0,
                };
                add_puff(&mut self.puffs, puff);
                continue;
            }
            self.shells[kept] = s;
            kept += 1;
        }
        self.shells.truncate(kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_puff_pool_is_bounded_and_replaces_the_oldest() {
        let mut puffs = Vec::new();
        for i in 0..(MAX_PUFFS as u32 + 10) {
            age_puffs(&mut puffs);
            let puff = Puff {
                x: i as f64,
                y: 0.0,
                z: 0.5,
                age: 0,
                size: 1.0,
            };
            add_puff(&mut puffs, puff);
            assert!(puffs.len() <= MAX_PUFFS);
        }
        assert!(puffs.iter().all(|p| p.age < PUFF_TICKS));
        assert!(puffs.iter().any(|p| p.x == (MAX_PUFFS + 9) as f64));
    }
}
