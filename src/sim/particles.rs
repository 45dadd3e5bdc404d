//! Exhaust particles (article 003): a fixed-size pool that never grows
//! after it is made, so a tick allocates nothing.
//!
//! Each particle falls under gravity, bounces on the floor losing half its
//! speed, dies in a wall, and dies when its lifespan runs out.

use crate::map::Map;

/// The pool's size: far more than one flier keeps alive (about 3.3 new a
/// tick at full thrust, living at most 38 ticks: under 130).
pub const CAPACITY: usize = 4096;
/// The share of its speed a particle keeps when it bounces on the floor.
const BOUNCE: f64 = 0.5;

/// One particle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Position in tiles; z is the height above the floor.
    pub pos: [f64; 3],
    /// Velocity in tiles per second.
    pub vel: [f64; 3],
    /// Ticks lived.
    pub age: u16,
    /// Ticks it lives in all.
    pub life: u16,
}

impl Particle {
    /// How far through its life it is, 0 (new) to 1 (about to die).
    pub fn fade(&self) -> f64 {
        f64::from(self.age) / f64::from(self.life.max(1))
    }
}

/// A bounded pool of live particles.
#[derive(Clone, Debug, PartialEq)]
pub struct Particles {
    live: Vec<Particle>,
    capacity: usize,
    dropped: u64,
}

impl Default for Particles {
    fn default() -> Self {
        Self::with_capacity(CAPACITY)
    }
}

impl Particles {
    /// An empty pool that holds at most `capacity` particles; its memory is
    /// taken now, once.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            live: Vec::with_capacity(capacity),
            capacity,
            dropped: 0,
        }
    }

    /// Adds `p`; when the pool is full the particle is dropped (and
    /// counted), never the memory grown.
    pub fn emit(&mut self, p: Particle) {
        if self.live.len() < self.capacity {
            self.live.push(p);
        } else {
            self.dropped += 1;
        }
    }

    /// Moves every particle one tick of `dt` seconds under `gravity` (tiles
    /// per second squared) and removes the dead.
    pub fn step(&mut self, map: &Map, gravity: f64, dt: f64) {
        let mut i = 0;
        while i < self.live.len() {
            let p = &mut self.live[i];
            p.age += 1;
            p.vel[2] -= gravity * dt;
            for (x, v) in p.pos.iter_mut().zip(p.vel) {
                *x += v * dt;
            }
            if p.pos[2] < 0.0 {
                p.pos[2] *= -BOUNCE;
                p.vel = [p.vel[0] * BOUNCE, p.vel[1] * BOUNCE, -p.vel[2] * BOUNCE];
            }
            let (tx, ty) = Map::tile_of(p.pos[0], p.pos[1]);
            if p.age >= p.life || map.is_solid(tx, ty) || !p.pos.iter().all(|v| v.is_finite()) {
                self.live.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The live particles.
    pub fn iter(&self) -> impl Iterator<Item = &Particle> {
        self.live.iter()
    }

    /// The live particles as a slice, in the order [`Self::iter`] gives.
    pub fn as_slice(&self) -> &[Particle] {
        &self.live
    }

    /// How many are alive.
    pub fn len(&self) -> usize {
        self.live.len()
    }

    /// True when none are alive.
    pub fn is_empty(&self) -> bool {
        self.live.is_empty()
    }

    /// The most the pool holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Particles refused because the pool was full, since it was made.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Removes every particle (the memory stays).
    pub fn clear(&mut self) {
        self.live.clear();
    }

    /// Feeds the bits of every particle to `fold`, for the world's hash.
    pub(crate) fn hash_words(&self, fold: &mut impl FnMut(u64)) {
        fold(self.live.len() as u64);
        for p in &self.live {
            p.pos.iter().chain(&p.vel).for_each(|v| fold(v.to_bits()));
            fold(u64::from(p.age) | u64::from(p.life) << 16);
        }
    }
}

impl Particles {
    /// Visits the live particles (at most the pool's capacity) and the
    /// count dropped, for a save ([`crate::snapshot`]).
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        let blank = || Particle {
            pos: [0.0; 3],
            vel: [0.0; 3],
            age: 0,
            life: 1,
        };
        v.list(&mut self.live, self.capacity, blank, |v, p| {
            p.pos.iter_mut().chain(&mut p.vel).for_each(|x| v.f64(x));
            v.u16(&mut p.age);
            v.u16(&mut p.life);
            if p.age >= p.life {
                v.refuse("a particle past its life");
                (p.age, p.life) = (0, 1);
            }
        });
        let most = crate::snapshot::MAX_COUNT;
        v.counter(&mut self.dropped, most, "the particles dropped");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spark(z: f64, vz: f64, life: u16) -> Particle {
        Particle {
            pos: [0.5, 0.5, z],
            vel: [0.0, 0.0, vz],
            age: 0,
            life,
        }
    }

    #[test]
    fn particles_die_at_their_lifespan_and_bounce_on_the_floor() {
        let map = Map::open_plane();
        let mut ps = Particles::with_capacity(8);
        ps.emit(spark(0.01, -2.0, 3));
        ps.emit(spark(1.0, 0.0, 5));
        ps.step(&map, 0.0, 0.01);
        let bounced = ps.iter().find(|p| p.life == 3).unwrap();
        assert!(bounced.pos[2] > 0.0 && bounced.vel[2] == 1.0, "{bounced:?}");
        ps.step(&map, 0.0, 0.01);
        assert_eq!(ps.len(), 2);
        ps.step(&map, 0.0, 0.01);
        assert_eq!(ps.len(), 1, "the three-tick particle is gone");
        ps.step(&map, 0.0, 0.01);
        ps.step(&map, 0.0, 0.01);
        assert!(ps.is_empty());
    }

    #[test]
    fn a_full_pool_drops_instead_of_growing_and_walls_kill() {
        let mut ps = Particles::with_capacity(2);
        for _ in 0..5 {
            ps.emit(spark(0.5, 0.0, 100));
        }
        assert_eq!((ps.len(), ps.dropped(), ps.capacity()), (2, 3, 2));
        let map = Map::from_rows(&["###", "#>#", "###"]);
        ps.step(&map, 0.0, 0.01);
        assert!(ps.is_empty(), "inside a wall they die");
    }
}
