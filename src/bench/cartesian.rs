//! The polar model of article 000 ([`crate::sim::polar`]) with the velocity kept
//! in Cartesian form, to answer the article's closing question: is the
//! polar step cheaper than a Cartesian one? (`benches/polar_step.rs`
//! measures both.)
//!
//! The dynamics are [`polar::step`](crate::sim::polar::step)'s, term for term. What changes is where
//! the trigonometry goes. The polar step takes sine and cosine of the angle
//! from the velocity to the push and turns the velocity with an addition.
//! This step gets that sine and cosine from the cross and dot products of
//! the velocity's unit direction with the unit push, paying a square root
//! and a division for the direction, and then has to turn the velocity by
//! `angular_velocity * dt`, which needs a sine and cosine of that small
//! angle: [`step`] computes them, [`step_small_angle`] approximates them to
//! second order.
//!
//! Vectors are `[x, y]` in the world frame (x east, y south), so a positive
//! angle turns +x toward +y, as in [`crate::angle`].

use crate::angle::wrap_positive;
use crate::sim::polar::{PolarInput, PolarState, PolarTunables};

/// Below this speed, in tiles per second, the velocity's squared length
/// could underflow, so a step that ends slower also records its direction in
/// [`CartesianState::rest_heading`]. (Squares stay normal floats down to
/// about 1.5e-154.)
pub const RESOLVABLE_SPEED: f64 = 1e-150;

/// A step reads its direction from [`CartesianState::rest_heading`] when
/// the velocity is shorter than this, in tiles per second. Half of
/// [`RESOLVABLE_SPEED`], so rounding in the velocity's length can never
/// make a step read a heading that the step before did not write.
const REST_READ_SPEED: f64 = RESOLVABLE_SPEED / 2.0;

/// The body's velocity in Cartesian form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CartesianState {
    /// Velocity in tiles per second.
    pub velocity: [f64; 2],
    /// Rate of turn of the velocity, in radians per second.
    pub angular_velocity: f64,
    /// Unit direction of travel while the velocity is too short to have
    /// one. The polar model keeps a direction at zero speed (it decides
    /// where the body swings from); this is where this form keeps it. Read
    /// only below [`RESOLVABLE_SPEED`] / 2, and then always current.
    pub rest_heading: [f64; 2],
}

impl Default for CartesianState {
    /// At rest, heading along +x: the same as [`PolarState::default`].
    fn default() -> Self {
        Self {
            velocity: [0.0, 0.0],
            angular_velocity: 0.0,
            rest_heading: [1.0, 0.0],
        }
    }
}

impl CartesianState {
    /// The same motion as `state`.
    pub fn from_polar(state: &PolarState) -> Self {
        let (sine, cosine) = state.speed_angle.sin_cos();
        let heading = [cosine, sine];
        Self {
            velocity: scale(heading, state.speed),
            angular_velocity: state.angular_velocity,
            rest_heading: heading,
        }
    }

    /// The same motion in polar form (speed angle in [0, 2pi)).
    pub fn to_polar(&self) -> PolarState {
        let (speed, [x, y]) = speed_and_direction(self);
        PolarState {
            speed,
            speed_angle: wrap_positive(y.atan2(x)),
            angular_velocity: self.angular_velocity,
        }
    }
}

/// What the Cartesian step reads each tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CartesianInput {
    /// Push strength in [-1, 1], as [`PolarInput::acceleration`].
    pub acceleration: f64,
    /// Unit direction of the push. A Cartesian game builds it from its
    /// forward and right vectors; no angle is needed.
    pub push: [f64; 2],
}

impl CartesianInput {
    /// The same push as `input`.
    pub fn from_polar(input: PolarInput) -> Self {
        let (sine, cosine) = input.angle.sin_cos();
        Self {
            acceleration: input.acceleration,
            push: [cosine, sine],
        }
    }
}

/// One step of the article's `speed()` function, `dt` seconds long, on a
/// Cartesian velocity: [`polar::step`](crate::sim::polar::step)'s dynamics, with the velocity turned
/// by an exact rotation of `angular_velocity * dt` radians.
pub fn step(
    state: CartesianState,
    input: CartesianInput,
    dt: f64,
    tun: &PolarTunables,
) -> CartesianState {
    step_with(state, input, dt, tun, exact_rotation)
}

/// [`step`] with the rotation's cosine and sine taken to second order in
/// the turn phi = `angular_velocity * dt` (1 - phi^2/2 and phi). Each step
/// then turns the velocity about phi^3/6 radians too far and lengthens it
/// by a factor of about 1 + phi^4/8: at 5 rad/s and 120 Hz, 1e-5 rad and
/// 2e-8; at 30 rad/s, 2.6e-3 rad and 5e-4.
pub fn step_small_angle(
    state: CartesianState,
    input: CartesianInput,
    dt: f64,
    tun: &PolarTunables,
) -> CartesianState {
    step_with(state, input, dt, tun, small_angle_rotation)
}

/// The shared step, with `rotation` giving [cos, sin] of a turn in radians.
#[inline(always)]
fn step_with(
    state: CartesianState,
    input: CartesianInput,
    dt: f64,
    tun: &PolarTunables,
    rotation: impl Fn(f64) -> [f64; 2],
) -> CartesianState {
    let (speed, direction) = speed_and_direction(&state);
    // 1-3. The products give cos and sin of the signed turn from the
    // velocity to the push, already in (-pi, pi]: no wrap, no trig.
    let cosine = dot(direction, input.push);
    let sine = cross(direction, input.push);
    let (speed, angular_velocity) =
        swing(speed, state.angular_velocity, cosine, sine, input, dt, tun);
    // 8-9. Turn the direction; unit vectors need no wrap.
    let direction = rotate(direction, rotation(angular_velocity * dt));
    settle(
        speed,
        direction,
        angular_velocity,
        input,
        state.rest_heading,
    )
}

/// The velocity's length (tiles per second) and unit direction, the
/// direction from [`CartesianState::rest_heading`] when it is too short.
#[inline(always)]
fn speed_and_direction(state: &CartesianState) -> (f64, [f64; 2]) {
    let [x, y] = state.velocity;
    let speed = (x * x + y * y).sqrt();
    if speed < REST_READ_SPEED {
        return (speed, state.rest_heading);
    }
    (speed, scale(state.velocity, 1.0 / speed))
}

/// Steps 4-7 of [`polar::step`](crate::sim::polar::step), unchanged: the new speed (tiles per
/// second, possibly negative) and angular velocity (radians per second).
#[inline(always)]
fn swing(
    speed: f64,
    angular_velocity: f64,
    cosine: f64,
    sine: f64,
    input: CartesianInput,
    dt: f64,
    tun: &PolarTunables,
) -> (f64, f64) {
    let speed_share = speed / tun.max_speed;
    let angular_velocity_mod = -angular_velocity * cosine * dt * tun.turn_rate;
    let new_speed =
        speed + (cosine - speed_share) * dt * input.acceleration * tun.acceleration_gain;
    let new_angular_velocity =
        angular_velocity + (sine * (1.0 - speed_share) + angular_velocity_mod) * dt * tun.turn_rate;
    (new_speed, new_angular_velocity)
}

/// Step 10 of [`polar::step`](crate::sim::polar::step) and the new state: a speed pushed through
/// zero turns around to follow the push, with no angular velocity.
#[inline(always)]
fn settle(
    speed: f64,
    direction: [f64; 2],
    angular_velocity: f64,
    input: CartesianInput,
    rest_heading: [f64; 2],
) -> CartesianState {
    let (speed, direction, angular_velocity) = if speed < 0.0 {
        (-speed, input.push, 0.0)
    } else {
        (speed, direction, angular_velocity)
    };
    let rest_heading = if speed < RESOLVABLE_SPEED {
        direction
    } else {
        rest_heading
    };
    CartesianState {
        velocity: scale(direction, speed),
        angular_velocity,
        rest_heading,
    }
}

/// [cos, sin] of `turn` radians.
#[inline(always)]
fn exact_rotation(turn: f64) -> [f64; 2] {
    let (sine, cosine) = turn.sin_cos();
    [cosine, sine]
}

/// [cos, sin] of `turn` radians to second order: good for small turns only.
#[inline(always)]
fn small_angle_rotation(turn: f64) -> [f64; 2] {
    [1.0 - 0.5 * turn * turn, turn]
}

/// `v` turned by the angle whose [cos, sin] is `rotation`.
#[inline(always)]
fn rotate(v: [f64; 2], [cosine, sine]: [f64; 2]) -> [f64; 2] {
    [v[0] * cosine - v[1] * sine, v[0] * sine + v[1] * cosine]
}

#[inline(always)]
fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// The z part of `a` x `b`: the sine of the turn from `a` to `b` for unit
/// vectors.
#[inline(always)]
fn cross(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

#[inline(always)]
fn scale(v: [f64; 2], k: f64) -> [f64; 2] {
    [v[0] * k, v[1] * k]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::angle::wrap_signed;
    use crate::sim::polar::{self, Coast};
    use crate::sim::Rng;
    use std::f64::consts::PI;

    const DT: f64 = 1.0 / 120.0;

    /// Ticks in a long run: 50 seconds.
    const TICKS: usize = 6000;

    /// A scripted run followed by random held keys: pushes that sweep round,
    /// a reversal at speed, coasting while the heading turns, a fast strafe
    /// circle, then a new random key set every third of a second. Each tick
    /// gives the wish heading (radians), forward and right.
    fn wishes() -> Vec<(f64, f64, f64)> {
        let mut rng = Rng::new(7);
        let mut heading: f64 = 0.3;
        let mut keys = (1.0, 0.0, 0.0);
        (0..TICKS)
            .map(|tick| {
                let (forward, right, turn) = match tick {
                    0..=119 => (1.0, 0.0, 0.0),
                    120..=479 => (1.0, 0.0, 2.0),
                    480..=599 => (-1.0, 0.0, 0.0),
                    600..=839 => (0.0, 0.0, 1.0),
                    840..=1199 => (0.0, 1.0, 9.0),
                    _ => {
                        if tick % 40 == 0 {
                            keys = (key(&mut rng), key(&mut rng), 3.0 * key(&mut rng));
                        }
                        keys
                    }
                };
                heading = wrap_positive(heading + turn * DT);
                (heading, forward, right)
            })
            .collect()
    }

    /// -1, 0 or 1.
    fn key(rng: &mut Rng) -> f64 {
        (rng.next_f64() * 3.0).floor() - 1.0
    }

    /// The polar model driven by [`wishes`] through [`polar::drive`]: each
    /// tick's input and the state after it.
    fn polar_run(tun: &PolarTunables) -> Vec<(PolarInput, PolarState)> {
        let mut state = PolarState::default();
        let run = wishes().into_iter().map(|(heading, forward, right)| {
            let input = polar::drive(&state, heading, forward, right, DT, tun);
            state = polar::step(state, input, DT, tun);
            (input, state)
        });
        run.collect()
    }

    type Stepper = fn(CartesianState, CartesianInput, f64, &PolarTunables) -> CartesianState;

    /// `stepper` fed the inputs of `run` from rest: its gap to the polar
    /// state after each tick.
    fn gaps(
        run: &[(PolarInput, PolarState)],
        tun: &PolarTunables,
        stepper: Stepper,
    ) -> Vec<[f64; 3]> {
        let mut state = CartesianState::default();
        let gaps = run.iter().map(|(input, polar)| {
            state = stepper(state, CartesianInput::from_polar(*input), DT, tun);
            gap(polar, &state)
        });
        gaps.collect()
    }

    /// How far apart two states are: speed (tiles per second), direction
    /// (radians) and angular velocity (radians per second).
    fn gap(p: &PolarState, c: &CartesianState) -> [f64; 3] {
        let c = c.to_polar();
        [
            (p.speed - c.speed).abs(),
            wrap_signed(p.speed_angle - c.speed_angle).abs(),
            (p.angular_velocity - c.angular_velocity).abs(),
        ]
    }

    /// A gap of at most 1e-9 on the model's scales: top speed, one radian,
    /// and the turn rate.
    fn agrees([speed, angle, angular_velocity]: [f64; 3], tun: &PolarTunables) -> bool {
        speed <= 1e-9 * tun.max_speed && angle <= 1e-9 && angular_velocity <= 1e-9 * tun.turn_rate
    }

    /// Step-10 flips in `run`: only they turn the velocity more than 90
    /// degrees in a tick.
    fn flips(run: &[(PolarInput, PolarState)]) -> usize {
        let turns = run
            .windows(2)
            .map(|w| wrap_signed(w[1].1.speed_angle - w[0].1.speed_angle));
        turns.filter(|turn| turn.abs() > PI / 2.0).count()
    }

    #[test]
    fn tracks_the_polar_model_over_a_long_run() {
        // The two forms round differently every tick (about 1e-16 each); the
        // model damps such differences, so they stay near 1e-13.
        let tun = PolarTunables::default();
        let run = polar_run(&tun);
        let rests = run
            .iter()
            .filter(|(_, s)| s.speed <= polar::REST_SPEED)
            .count();
        assert!(
            flips(&run) > 10 && rests > 100,
            "the run reverses and rests"
        );
        for (tick, g) in gaps(&run, &tun, step).into_iter().enumerate() {
            assert!(agrees(g, &tun), "tick {tick}: {g:?}");
        }
    }

    #[test]
    fn tracks_the_article_coast_until_it_runs_away() {
        // Coasting after a strafe, the article's coast feeds the speed past
        // top speed. Then 1 - speed/max_speed < 0, the push repels the
        // velocity, and each tick multiplies any difference in direction by
        // about 1 + (speed/max_speed - 1) * turn_rate * dt^2 (here up to
        // 1 + speed/2400): two roundings part as any two runs of an
        // unstable system do, past 1e-9 once the speed is in the thousands.
        // So the forms are compared while the model is stable.
        let tun = PolarTunables {
            coast: Coast::Article,
            ..PolarTunables::default()
        };
        let run = polar_run(&tun);
        let stable = run
            .iter()
            .take_while(|(_, s)| s.speed <= tun.max_speed)
            .count();
        assert!(
            (600..TICKS).contains(&stable),
            "runs away after {stable} ticks"
        );
        assert!(flips(&run[..stable]) > 0);
        let gaps = gaps(&run[..stable], &tun, step);
        for (tick, g) in gaps.into_iter().enumerate() {
            assert!(agrees(g, &tun), "tick {tick}: {g:?}");
        }
    }

    #[test]
    fn small_angle_turn_errs_within_its_bound() {
        // From the same state the two rotations differ only in the turn:
        // atan(phi / (1 - phi^2/2)) - phi <= phi^3/6, and a length of
        // sqrt(1 + phi^4/4) <= 1 + phi^4/8; plus a few ulps of rounding
        // (an angle near 2pi has an ulp of 9e-16, a speed of 3 t/s 4e-16).
        let tun = PolarTunables::default();
        let mut widest: f64 = 0.0;
        for (input, polar) in polar_run(&tun) {
            let (state, input) = (
                CartesianState::from_polar(&polar),
                CartesianInput::from_polar(input),
            );
            let exact = step(state, input, DT, &tun);
            let near = step_small_angle(state, input, DT, &tun);
            let phi = (exact.angular_velocity * DT).abs();
            widest = widest.max(phi);
            let [speed, angle, angular_velocity] = gap(&exact.to_polar(), &near);
            assert_eq!(angular_velocity, 0.0);
            assert!(
                angle <= phi.powi(3) / 6.0 + 1e-14,
                "phi {phi}: off by {angle} rad"
            );
            // Rounding adds a few ulps of the speed (about 4e-16 each at 3 t/s).
            let speed_bound = exact.to_polar().speed * (phi.powi(4) / 8.0 + 1e-14);
            assert!(speed <= speed_bound, "phi {phi}: off by {speed} tiles/s");
        }
        assert!(widest > 0.02, "the run turns fast enough to tell: {widest}");
    }

    #[test]
    fn reaches_the_same_state_as_one_polar_step() {
        let tun = PolarTunables::default();
        let p = PolarState {
            speed: 2.5,
            speed_angle: 5.9,
            angular_velocity: -3.0,
        };
        let input = PolarInput {
            acceleration: 0.7,
            angle: 0.4,
        };
        let expected = polar::step(p, input, DT, &tun);
        let c = CartesianState::from_polar(&p);
        let n = step(c, CartesianInput::from_polar(input), DT, &tun);
        let [speed, angle, angular_velocity] = gap(&expected, &n);
        assert!(speed < 1e-14 && angle < 1e-14 && angular_velocity < 1e-13);
    }

    #[test]
    fn negative_speed_flips_onto_the_push() {
        // Polar's own case: 0.05 + (-1 - 0.05/4) * dt * 20 < 0.
        let tun = PolarTunables::default();
        let p = PolarState {
            speed: 0.05,
            speed_angle: 0.0,
            angular_velocity: 1.5,
        };
        let input = CartesianInput::from_polar(PolarInput {
            acceleration: 1.0,
            angle: PI,
        });
        let n = step(CartesianState::from_polar(&p), input, DT, &tun);
        let raw = 0.05 + (-1.0 - 0.05 / 4.0) * DT * 20.0;
        assert!(raw < 0.0);
        assert_eq!(n.velocity, scale(input.push, -raw));
        assert_eq!(n.angular_velocity, 0.0);
    }

    #[test]
    fn zero_speed_swings_from_the_rest_heading() {
        // At rest heading south (pi/2), pushed east-southeast: the body turns
        // left toward the push while it speeds up, as the polar model does.
        let tun = PolarTunables::default();
        let p = PolarState {
            speed: 0.0,
            speed_angle: PI / 2.0,
            angular_velocity: 0.0,
        };
        let c = CartesianState::from_polar(&p);
        assert_eq!(c.velocity, [0.0, 0.0]);
        let input = PolarInput {
            acceleration: 1.0,
            angle: 0.3,
        };
        let expected = polar::step(p, input, DT, &tun);
        let n = step(c, CartesianInput::from_polar(input), DT, &tun);
        assert!(expected.angular_velocity < 0.0);
        let [speed, angle, angular_velocity] = gap(&expected, &n);
        assert!(speed < 1e-15 && angle < 1e-14 && angular_velocity < 1e-13);
    }

    #[test]
    fn spinning_at_zero_speed_turns_the_rest_heading() {
        // No push and no speed: only the rest heading can carry the turn.
        let tun = PolarTunables::default();
        let p = PolarState {
            angular_velocity: 6.0,
            ..PolarState::default()
        };
        let idle = PolarInput {
            acceleration: 0.0,
            angle: 0.0,
        };
        let (mut p, mut c) = (p, CartesianState::from_polar(&p));
        for _ in 0..30 {
            p = polar::step(p, idle, DT, &tun);
            c = step(c, CartesianInput::from_polar(idle), DT, &tun);
        }
        assert_eq!(c.velocity, [0.0, 0.0]);
        assert!(p.speed_angle > 0.1, "it turned: {}", p.speed_angle);
        let [speed, angle, angular_velocity] = gap(&p, &c);
        assert!(speed == 0.0 && angle < 1e-14 && angular_velocity < 1e-13);
    }
}
