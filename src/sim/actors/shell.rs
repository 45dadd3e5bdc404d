//! Shells that tanks fire, and the puffs that mark where anything hit.

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
}

impl Default for ShellTunables {
    fn default() -> Self {
        Self {
            speed: 5.0,
            radius: 0.08,
            damage: (18, 16),
            lifetime: 8 * crate::sim::TICK_RATE,
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
