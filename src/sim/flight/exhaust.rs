//! The jetpack's exhaust: Lander's particle count converted to our tick,
//! launched from the nozzle against the roof with a random spread.

use super::{Airspace, Flier, Vec3};
use super::{LANDER_EXHAUST, LANDER_LIFESPAN, LANDER_PARTICLES, LANDER_RATE};
use super::{LANDER_TICKS_PER_TICK, ROOF_TILES};
use crate::sim::particles::Particle;

/// The exhaust's launch speed, tiles per second: R/128 per Lander tick.
pub const EXHAUST_SPEED: f64 = LANDER_EXHAUST * ROOF_TILES * LANDER_RATE;
/// The random spread added to each exhaust particle's velocity, tiles per
/// second on each axis either way.
pub const EXHAUST_SPREAD: f64 = 0.6;
/// The nozzle's height above the feet, tiles: the jetpack on the back.
const NOZZLE_HEIGHT: f64 = 0.3;

impl Flier {
    /// Adds this tick's exhaust particles: Lander's count converted to our
    /// tick (the fraction carried over), launched at (velocity + exhaust
    /// speed along the exhaust) / 2 plus the spread.
    pub(super) fn exhaust(&mut self, pos: [f64; 2], roof: Vec3, air: &mut Airspace, dt: f64) {
        let per_lander_tick = if self.thrust { LANDER_PARTICLES.0 } else { 0.0 }
            + if self.hover { LANDER_PARTICLES.1 } else { 0.0 };
        if per_lander_tick == 0.0 {
            self.owed = 0.0;
            return;
        }
        self.owed += per_lander_tick * LANDER_TICKS_PER_TICK;
        let exhaust = roof.map(|r| -r);
        let nozzle = [
            pos[0] + exhaust[0] * 0.25,
            pos[1] + exhaust[1] * 0.25,
            self.z + NOZZLE_HEIGHT + exhaust[2] * 0.25,
        ];
        while self.owed >= 1.0 {
            self.owed -= 1.0;
            let rng = &mut *air.rng;
            let vel: Vec3 = std::array::from_fn(|i| {
                (self.velocity[i] + exhaust[i] * EXHAUST_SPEED) / 2.0
                    + (rng.next_f64() * 2.0 - 1.0) * EXHAUST_SPREAD
            });
            let (base, extra) = LANDER_LIFESPAN;
            let lander_ticks = f64::from(base) + (rng.next_f64() * f64::from(extra)).floor();
            let life = (lander_ticks / LANDER_TICKS_PER_TICK).round() as u16;
            // Moved back by one tick of its velocity: its first step brings
            // it to the nozzle, as Lander's particles start.
            let start: Vec3 = std::array::from_fn(|i| nozzle[i] - vel[i] * dt);
            air.particles.emit(Particle {
                pos: start,
                vel,
                age: 0,
                life,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{aloft, OpenAir};
    use crate::sim::flight::{FlightInput, FlightTunables};

    #[test]
    fn exhaust_stays_bounded_under_full_thrust_and_dies_out() {
        let t = FlightTunables {
            fuel_seconds: 1e9,
            ..FlightTunables::default()
        };
        let mut open = OpenAir::new(7);
        let mut f = aloft(0.0);
        let full = FlightInput {
            thrust: true,
            brake: true,
            ..FlightInput::default()
        };
        let mut most = 0;
        for _ in 0..120 * 60 {
            open.step(&mut f, &full, &t);
            most = most.max(open.particles.len());
        }
        // 10/3 a tick living at most 36 ticks.
        assert!(most > 60 && most <= 125, "{most}");
        assert_eq!(open.particles.dropped(), 0);
        let idle = FlightInput::default();
        for _ in 0..40 {
            open.step(&mut f, &idle, &t);
        }
        assert!(open.particles.is_empty(), "all die by their lifespan");
    }
}
