//! The flier's attitude: the pointer read as a polar target, Lander's
//! damping toward it, the ship's axes, the spin turning them, and the jets
//! that stop a spin (article 004).

use super::vector::{dot, rotate};
use super::{damping_per_tick, max_attitude_step};
use super::{Flier, FlightInput, FlightTunables, Vec3};
use crate::angle::{wrap_positive, wrap_signed};
use crate::sim::jets::stabilize_with_jet;

/// The pointer's offset, each axis -1 to 1 (x right, y forward), in
/// polar form: its distance from the centre capped at 1, and its angle
/// clockwise from forward in (-pi, pi].
pub fn pointer_polar(pointer: [f64; 2]) -> (f64, f64) {
    let [x, y] = pointer.map(|v| if v.is_finite() { v } else { 0.0 });
    (x.hypot(y).min(1.0), wrap_signed(x.atan2(y)))
}

/// One tick of Lander's damping from `old` toward `target` (radians):
/// the gap's share [`damping_per_tick`], at most [`max_attitude_step`].
pub fn damp(old: f64, target: f64) -> f64 {
    let step =
        ((old - target) * damping_per_tick()).clamp(-max_attitude_step(), max_attitude_step());
    old - step
}

/// [`damp`] for a direction: the gap the short way round, the result in
/// (-pi, pi].
pub fn damp_angle(old: f64, target: f64) -> f64 {
    let gap = wrap_signed(old - target);
    wrap_signed(old - (gap - damp(gap, 0.0)))
}

/// The ship's axes, unit vectors in the world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Basis {
    /// Out of the front: where the gun points.
    pub nose: Vec3,
    /// Out of the top: where thrust pushes (the exhaust leaves the other way).
    pub roof: Vec3,
    /// Out of the right-hand side.
    pub side: Vec3,
}

/// The rotation matrix of Lander's `CalculateRotationMatrix` for pitch `a`
/// and world direction `b`: turn to face `b`, then pitch forward by `a`.
/// Our z points up (Lander's y points down), so the roof is the matrix's
/// middle column negated: at pitch 0 it points straight up.
pub fn basis(a: f64, b: f64) -> Basis {
    let (sa, ca) = a.sin_cos();
    let (sb, cb) = b.sin_cos();
    Basis {
        nose: [ca * cb, ca * sb, -sa],
        roof: [sa * cb, sa * sb, ca],
        side: [-sb, cb, 0.0],
    }
}

impl Flier {
    /// The attitude for this tick: damped toward the pointer's polar
    /// target, turned by the spin, and the spin countered by the jets.
    pub(super) fn steer(
        &mut self,
        input: &FlightInput,
        t: &FlightTunables,
        heading: &mut f64,
        dt: f64,
    ) {
        if !self.stowed {
            let (distance, angle) = pointer_polar(input.pointer);
            self.target_pitch = distance * t.max_pitch;
            self.target_direction = angle;
        }
        self.pitch = damp(self.pitch, self.target_pitch);
        self.direction = damp_angle(self.direction, self.target_direction);
        if self.spin != [0.0; 3] {
            let azimuth = *heading + self.direction;
            let roof = rotate(basis(self.pitch, azimuth).roof, self.spin, dt);
            *heading = wrap_positive(*heading + self.spin[2] * dt);
            self.pitch = roof[2].clamp(-1.0, 1.0).acos();
            if self.pitch.sin() > 1e-9 {
                self.direction = wrap_signed(roof[1].atan2(roof[0]) - *heading);
            }
        }
        if t.stabilise {
            let axes = self.basis(*heading);
            stabilise(&mut self.spin, &axes, t.jet_spin * dt);
        }
    }
}

/// Fires the six jets of `axes`, a pair on each axis, each changing `v`
/// by `impulse` along its axis, against `v`: each fires only if it opposes
/// `v`, and stops at zero rather than overshoot (article 004). What the
/// projections leave of a stopped `v` (rounding, under 1e-9) is zero.
pub fn stabilise(v: &mut Vec3, axes: &Basis, impulse: f64) {
    for axis in [axes.nose, axes.roof, axes.side] {
        for sign in [1.0, -1.0] {
            stabilize_with_jet(v, &axis.map(|a| a * sign * impulse));
        }
    }
    if dot(*v, *v) < 1e-18 {
        *v = [0.0; 3];
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{aloft, close, fly, OpenAir};
    use super::*;
    use crate::sim::flight::vector::cross;
    use crate::sim::{Rng, TICK_DT};
    use std::f64::consts::{FRAC_PI_2, PI};

    #[test]
    fn the_pointer_reads_as_distance_and_angle_clockwise_from_forward() {
        assert_eq!(pointer_polar([0.0, 0.5]), (0.5, 0.0));
        let (d, a) = pointer_polar([1.0, 0.0]);
        assert!(close(d, 1.0, 1e-12) && close(a, FRAC_PI_2, 1e-12));
        let (d, a) = pointer_polar([-1.0, -1.0]);
        assert_eq!(d, 1.0, "the distance is capped");
        assert!(close(a, -3.0 * PI / 4.0, 1e-12));
        assert_eq!(pointer_polar([f64::NAN, 0.0]), (0.0, 0.0));
    }

    #[test]
    fn damping_halves_the_gap_per_lander_tick_within_the_clamp() {
        let k = damping_per_tick();
        assert!(close(k, 0.250_846, 1e-6), "{k}");
        // A small gap: 12/5 of our ticks make one Lander tick; after 12
        // ticks (5 Lander ticks) the gap is (1/2)^5 of what it was.
        let mut p = 0.2;
        for _ in 0..12 {
            p = damp(p, 0.0);
        }
        assert!(close(p, 0.2 / 32.0, 1e-12), "{p}");
        // A large gap moves by the clamp, not by its share.
        let step = max_attitude_step();
        assert!(close(step.to_degrees(), 14.0625, 1e-9));
        assert!(close(damp(3.0, 0.0), 3.0 - step, 1e-12));
        assert!(close(damp(-3.0, 0.0), -3.0 + step, 1e-12));
    }

    #[test]
    fn direction_damps_the_short_way_round_the_wrap() {
        let (from, to) = (170f64.to_radians(), -170f64.to_radians());
        let next = damp_angle(from, to);
        // 20 degrees apart across +-180: the gap closes through 180.
        let moved = wrap_signed(next - from);
        assert!(moved > 0.0 && close(moved, 20f64.to_radians() * damping_per_tick(), 1e-12));
        let mut d = from;
        for _ in 0..200 {
            d = damp_angle(d, to);
        }
        assert!(close(wrap_signed(d - to), 0.0, 1e-9));
        assert!(d > -PI && d <= PI);
    }

    #[test]
    fn the_rotation_matrix_is_orthonormal_and_pitch_zero_is_upright() {
        let up = basis(0.0, 1.234);
        assert_eq!(up.roof, [0.0, 0.0, 1.0]);
        for a in [0.0, 0.3, 1.2, 2.0, 3.0] {
            for b in [0.0, 1.0, -2.5, 4.0] {
                let m = basis(a, b);
                for (u, v, want) in [
                    (m.nose, m.nose, 1.0),
                    (m.roof, m.roof, 1.0),
                    (m.side, m.side, 1.0),
                    (m.nose, m.roof, 0.0),
                    (m.nose, m.side, 0.0),
                    (m.roof, m.side, 0.0),
                ] {
                    assert!(close(dot(u, v), want, 1e-12), "a={a} b={b}");
                }
                // Right-handed: nose x side = roof... with z up and y
                // south, nose x roof points to the side.
                let c = cross(m.nose, m.roof);
                assert!(close(dot(c, m.side), -1.0, 1e-12) || close(dot(c, m.side), 1.0, 1e-12));
            }
        }
        // Pitched forward toward east, the roof leans east and the nose dips.
        let m = basis(0.5, 0.0);
        assert!(m.roof[0] > 0.0 && m.nose[2] < 0.0);
    }

    #[test]
    fn the_jets_never_raise_spin_and_never_reverse_it_along_a_jet() {
        let mut rng = Rng::new(3);
        let mut r = || rng.next_f64() * 2.0 - 1.0;
        for case in 0..2000 {
            let axes = basis(r() * PI, r() * PI);
            let mut spin: Vec3 = [r() * 8.0, r() * 8.0, r() * 8.0];
            let impulse = r().abs() * 2.0;
            let before = spin;
            stabilise(&mut spin, &axes, impulse);
            assert!(
                dot(spin, spin) <= dot(before, before) + 1e-12,
                "case {case}"
            );
            for axis in [axes.nose, axes.roof, axes.side] {
                let (a, b) = (dot(before, axis), dot(spin, axis));
                assert!(a * b >= -1e-12, "case {case}: reversed along a jet");
                assert!(b.abs() <= a.abs() + 1e-12, "case {case}: grew along a jet");
            }
        }
    }

    #[test]
    fn a_random_spin_about_any_axis_stops_in_bounded_time() {
        let t = FlightTunables::default();
        let mut rng = Rng::new(5);
        let mut slowest = 0;
        for case in 0..200 {
            let mut f = aloft(0.0);
            f.spin = std::array::from_fn(|_| (rng.next_f64() * 2.0 - 1.0) * 8.0);
            let input = FlightInput {
                pointer: [rng.next_f64() - 0.5, rng.next_f64() - 0.5],
                ..FlightInput::default()
            };
            let mut open = OpenAir::new(case);
            let mut ticks = 0;
            // Each tick the jet on the axis nearest the spin takes at
            // least jet_spin * dt / sqrt(3) off it.
            let size = dot(f.spin, f.spin).sqrt();
            let bound = (size * 3f64.sqrt() / (t.jet_spin * TICK_DT)).ceil() as usize;
            while f.spin != [0.0; 3] {
                let before = dot(f.spin, f.spin);
                open.step(&mut f, &input, &t);
                assert!(dot(f.spin, f.spin) <= before + 1e-12, "case {case}");
                ticks += 1;
                assert!(ticks <= bound, "case {case}: still spinning after {ticks}");
            }
            slowest = slowest.max(ticks);
        }
        // Up to 13.9 rad/s at 8 rad/s² a jet: under two seconds.
        assert!(slowest <= 240, "{slowest}");
    }

    #[test]
    fn without_stabilising_a_spin_keeps_turning_the_view() {
        let t = FlightTunables {
            stabilise: false,
            ..FlightTunables::default()
        };
        let mut f = aloft(0.0);
        f.spin = [0.0, 0.0, 1.0];
        fly(&mut f, &FlightInput::default(), &t, 120);
        assert_eq!(f.spin, [0.0, 0.0, 1.0]);
    }
}
