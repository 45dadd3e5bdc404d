//! The flier's move through the map: walls stop the horizontal part of
//! the velocity and the floor and ceiling the vertical, a hard stop knocks
//! the flier into a spin, and meeting the floor may land it.

use super::{Airspace, Flier, FlightTunables, Vec3, BODY_HEIGHT};
use crate::sim::{collision, Rng};

/// What happened at the floor this tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Touchdown {
    /// The flight is over: the pilot walks.
    pub landed: bool,
    /// Health lost to a hard touchdown.
    pub damage: u32,
}

/// Altitude above which the flier counts as airborne (its next touchdown
/// is a landing), tiles.
const AIRBORNE: f64 = 0.05;
/// Horizontal velocity kept each tick while resting on the floor.
const GROUND_KEEP: f64 = 0.9;
/// Spin from a knock, radians per second for each tile per second of speed
/// lost beyond [`KNOCK_FREE`].
const KNOCK_SPIN: f64 = 2.5;
/// Speed a knock may take away without any spin, tiles per second.
const KNOCK_FREE: f64 = 0.5;
/// The share of a knock's spin that goes about the vertical (at random
/// either way): it turns the view.
const KNOCK_YAW: f64 = 0.6;

impl Flier {
    /// Moves by the velocity: walls stop the horizontal part (sliding),
    /// the floor and ceiling the vertical; a hard stop knocks the flier
    /// into a spin.
    pub(super) fn move_by(
        &mut self,
        pos: &mut [f64; 2],
        ceiling: f64,
        t: &FlightTunables,
        air: &mut Airspace,
        dt: f64,
    ) -> Touchdown {
        let [vx, vy, vz] = self.velocity;
        let (to, hit) = collision::slide(air.map, *pos, [vx * dt, vy * dt], air.radius);
        if hit {
            let kept = collision::kept_velocity(*pos, to, [vx, vy], dt);
            let lost = [vx - kept[0], vy - kept[1], 0.0];
            self.velocity[0] = kept[0];
            self.velocity[1] = kept[1];
            self.knock(lost, air.rng);
        }
        *pos = to;
        let mut touchdown = Touchdown::default();
        self.z += vz * dt;
        let top = (ceiling - BODY_HEIGHT).max(0.0);
        if self.z > top {
            self.z = top;
            if vz > 0.0 {
                self.velocity[2] = 0.0;
                self.knock([0.0, 0.0, vz], air.rng);
            }
        }
        if self.z <= 0.0 {
            self.z = 0.0;
            let impact = (-vz).max(0.0);
            self.velocity[2] = self.velocity[2].max(0.0);
            if self.airborne {
                self.airborne = false;
                let over = impact - t.landing_speed;
                if over > 0.0 {
                    touchdown.damage = (over * t.crash_damage).round() as u32;
                    self.knock([0.0, 0.0, -impact], air.rng);
                }
                touchdown.landed = self.stowed || self.pitch <= t.level_pitch;
            }
            if self.velocity[2] == 0.0 {
                self.velocity[0] *= GROUND_KEEP;
                self.velocity[1] *= GROUND_KEEP;
            }
        } else if self.z > AIRBORNE {
            self.airborne = true;
        }
        touchdown
    }

    /// A stop that took `lost` (tiles per second) off the velocity: the
    /// body tips toward where it was going (a stop of the vertical part
    /// tips it along its horizontal travel) and swings about the vertical.
    fn knock(&mut self, lost: Vec3, rng: &mut Rng) {
        let size = (lost.iter().map(|v| v * v).sum::<f64>().sqrt() - KNOCK_FREE).max(0.0);
        if size == 0.0 {
            return;
        }
        let mut along = [lost[0], lost[1]];
        if along[0].hypot(along[1]) < 1e-6 {
            along = [self.velocity[0], self.velocity[1]];
        }
        let length = along[0].hypot(along[1]);
        let spin = size * KNOCK_SPIN;
        if length > 1e-9 {
            // up x along: a horizontal axis across the travel.
            self.spin[0] += -along[1] / length * spin;
            self.spin[1] += along[0] / length * spin;
        }
        self.spin[2] += (rng.next_f64() * 2.0 - 1.0) * spin * KNOCK_YAW;
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{aloft, OpenAir};
    use super::*;
    use crate::sim::flight::FlightInput;

    #[test]
    fn a_slow_level_touchdown_lands_and_a_fast_one_hurts() {
        let t = FlightTunables::default();
        let mut f = aloft(-1.0);
        f.z = 0.001;
        let mut open = OpenAir::new(7);
        let input = FlightInput::default();
        let soft = open.step(&mut f, &input, &t);
        assert_eq!(
            soft,
            Touchdown {
                landed: true,
                damage: 0
            }
        );
        let mut g = aloft(-3.0);
        g.z = 0.001;
        let hard = open.step(&mut g, &input, &t);
        assert!(hard.landed && hard.damage > 0, "{hard:?}");
        let mut tilted = aloft(-1.0);
        tilted.z = 0.001;
        tilted.pitch = 1.0;
        tilted.target_pitch = 1.0;
        let input = FlightInput {
            pointer: [0.0, 1.0 / t.max_pitch],
            ..FlightInput::default()
        };
        let rough = open.step(&mut tilted, &input, &t);
        assert!(!rough.landed, "a tilted touchdown keeps flying");
        assert_eq!(tilted.z, 0.0);
    }
}
