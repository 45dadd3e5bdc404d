//! The world's seeded random generator (SplitMix64): small, fast and the same
//! on every platform, so a seed and the controls replay a run exactly.

/// A seeded pseudo-random generator owned by the world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose sequence depends only on `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A roll of `base` plus 0 to `extra` (uniform): damage and the like.
    pub fn roll(&mut self, (base, extra): (u32, u32)) -> u32 {
        base + (self.next_f64() * f64::from(extra + 1)) as u32
    }

    /// The state, for hashing the world.
    pub fn state(&self) -> u64 {
        self.state
    }
}

/// FNV-1a's 64-bit offset basis: the hash of no bytes.
pub const FNV1A_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: `hash` with `bytes` folded in, one at a time (the
/// world's state hash and the shipped sounds' hash both fold with it).
pub fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_unit_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            let x = a.next_f64();
            assert_eq!(x, b.next_f64());
            assert!((0.0..1.0).contains(&x));
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
