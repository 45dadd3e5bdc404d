//! The wobbly polar speed/angle model of article 000 ("Using Polar
//! Coordinates for Movement in a Game").
//!
//! The body's velocity is kept as a magnitude and an angle, plus an angular
//! velocity that swings the angle toward where the player pushes. Sine and
//! cosine of the angle between the push and the velocity make the swing
//! overshoot, brake, and reverse through zero speed.
//!
//! [`step`] is the article's `speed()` function, all ten steps, with the two
//! gaps in its listing closed as `shared/seeds/README.md` decides: the angle
//! delta is normalised into (-pi, pi] and the speed angle is kept in
//! [0, 2pi) on both sides. [`drive`] turns the player's wish (a heading and
//! a movement vector) into the input that `step` reads.
//!
//! The alternatives the article weighs and sets aside are variants chosen
//! by tunables, the article's own choice the default of each: the turn law
//! ([`TurnLaw`]: sin(delta), or delta/pi), the braking of the swing
//! ([`SwingBrake`]: cos(delta), or 1 - |delta|/pi), whether the angle has
//! a velocity at all ([`Swing`]), and what letting go does ([`Coast`]).

use crate::angle::{wrap_positive, wrap_signed};
use std::f64::consts::PI;

/// Tunables of the polar model. Units are tiles, seconds and radians.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolarTunables {
    /// Top speed in tiles per second: the article's `MAX_SPEED`.
    pub max_speed: f64,
    /// The article's `ACCELERATION`, in tiles per second squared: the push
    /// at zero speed with the velocity aligned to the push.
    pub acceleration_gain: f64,
    /// The article's `TURN_RATE`, per second. It scales both the swing of
    /// the speed angle toward the push and the braking of that swing.
    pub turn_rate: f64,
    /// What the body does when no movement key is held.
    pub coast: Coast,
    /// With [`Coast::Brake`]: the share of the article's full reversal
    /// push (0 to 1) used to bring the body to rest.
    pub coast_brake: f64,
    /// How hard the swing is driven for a given angle to the push.
    pub turn_law: TurnLaw,
    /// How the swing is braked as it nears the push.
    pub swing_brake: SwingBrake,
    /// Whether the speed angle swings with a velocity of its own.
    pub swing: Swing,
    /// With [`Swing::Direct`]: the fastest the speed angle turns toward
    /// the push, radians per second.
    pub direct_turn_speed: f64,
}

impl Default for PolarTunables {
    fn default() -> Self {
        Self {
            max_speed: 4.0,
            acceleration_gain: 20.0,
            turn_rate: 24.0,
            coast: Coast::Brake,
            coast_brake: 0.5,
            turn_law: TurnLaw::Sine,
            swing_brake: SwingBrake::Cosine,
            swing: Swing::Inertial,
            direct_turn_speed: 360f64.to_radians(),
        }
    }
}

/// A choice tunable's names, each with its value: one table per type, so
/// `name` and `from_name` cannot disagree.
macro_rules! named_choice {
    ($ty:ty, $($variant:path => $name:literal),+ $(,)?) => {
        impl $ty {
            /// Every value, the default first.
            pub const ALL: &'static [$ty] = &[$($variant),+];

            /// The name used in settings, recordings and trace headers.
            pub fn name(self) -> &'static str {
                match self {
                    $($variant => $name),+
                }
            }

            /// Parses a name written by `name`.
            pub fn from_name(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.name() == name)
            }
        }
    };
}

/// How hard the swing is driven by the angle delta between the velocity
/// and the push (step 7's first factor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnLaw {
    /// sin(delta), the article's choice: no swing for a push straight
    /// back, so a reversal brakes through zero instead of turning sideways.
    Sine,
    /// delta/pi, the article's first try ("dividing the angle by 180"):
    /// the harder the turn asked, the harder the swing, most for a push
    /// straight back.
    Linear,
}

/// How the swing is braked (step 5's factor on -angular velocity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwingBrake {
    /// cos(delta), the article's choice: brakes within 90 degrees of the
    /// push and feeds the swing beyond, for a wobblier feel.
    Cosine,
    /// 1 - |delta|/pi, the article's first try: brakes ever harder as the
    /// velocity nears the push, and never feeds the swing.
    Linear,
}

/// Whether the speed angle has a velocity of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swing {
    /// The article's model: an angular velocity driven by the turn law and
    /// braked by the swing brake, free to overshoot.
    Inertial,
    /// The article's "removing the angular velocity and just having a
    /// fixed turn angle per frame and preventing overshoot": the speed
    /// angle turns straight toward the push at up to `direct_turn_speed`,
    /// landing on it. A push more than 90 degrees from the velocity does
    /// not turn it: the speed brakes through zero first (step 6) and step
    /// 10 then points it along the push, as the article wants a reversal
    /// to go, and the coasting brake (a push straight back) never turns
    /// the body sideways.
    Direct,
}

named_choice!(TurnLaw, TurnLaw::Sine => "sine", TurnLaw::Linear => "linear");
named_choice!(SwingBrake, SwingBrake::Cosine => "cosine", SwingBrake::Linear => "linear");
named_choice!(Swing, Swing::Inertial => "inertial", Swing::Direct => "direct");

/// How the model is driven while no movement key is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coast {
    /// The body pushes straight against its own velocity (the article's
    /// reversal braking, where the angle delta is pi) with `coast_brake` of
    /// full strength, and the last push lands the speed on zero instead of
    /// flipping it. At rest it pushes with zero strength along the wish
    /// heading, so the speed angle (and the camera) still settles there.
    Brake,
    /// The literal reading: acceleration -1 along the wish heading.
    /// The article's speed term then glides for as long as the body was
    /// held at top speed, creeps forward at rest, and runs away whenever
    /// the velocity points further from the heading than acos(speed/max).
    /// Kept so the feel lab can show why it is not the default.
    Article,
}

named_choice!(Coast, Coast::Brake => "brake", Coast::Article => "article");

/// The body's velocity in polar form.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PolarState {
    /// Speed magnitude in tiles per second; never negative after a step.
    pub speed: f64,
    /// Direction of travel in radians, in [0, 2pi).
    pub speed_angle: f64,
    /// Rate of change of `speed_angle`, in radians per second.
    pub angular_velocity: f64,
}

/// What the model reads each step: the article's `acceleration` and
/// `accelerationAngle`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PolarInput {
    /// Push strength in [-1, 1]; the article uses +1 while a key is held.
    pub acceleration: f64,
    /// Direction of the push in radians, in [0, 2pi).
    pub angle: f64,
}

/// Below this speed (tiles per second) a coasting body counts as at rest.
pub const REST_SPEED: f64 = 1e-6;

/// The share of the exact landing push that [`Coast::Brake`] uses on its last
/// tick, so rounding can never carry the speed below zero (which would flip
/// the speed angle by half a turn, article step 10).
const LANDING_SHARE: f64 = 1.0 - 1e-9;

/// One step of the article's `speed()` function, `dt` seconds long, with
/// the variants `tun` chooses (the article's own by default).
pub fn step(state: PolarState, input: PolarInput, dt: f64, tun: &PolarTunables) -> PolarState {
    // 1-2. The turn from the velocity to the push, the short way round.
    let delta = wrap_signed(input.angle - state.speed_angle);
    // 3.
    let (sine, cosine) = delta.sin_cos();
    // 4. How close to top speed.
    let speed_share = state.speed / tun.max_speed;

    // 6.
    let mut speed =
        state.speed + (cosine - speed_share) * dt * input.acceleration * tun.acceleration_gain;
    // 5, 7-9.
    let (mut speed_angle, mut angular_velocity) = match tun.swing {
        Swing::Inertial => swing(state, (delta, sine, cosine), speed_share, dt, tun),
        Swing::Direct => turn_directly(state.speed_angle, delta, dt, tun.direct_turn_speed),
    };

    // 10. A speed pushed through zero turns around to follow the push.
    if speed < 0.0 {
        speed = -speed;
        speed_angle = wrap_positive(input.angle);
        angular_velocity = 0.0;
    }
    PolarState {
        speed,
        speed_angle,
        angular_velocity,
    }
}

/// Steps 5 and 7-9 with [`Swing::Inertial`]: the new speed angle and
/// angular velocity, from the angle delta with its sine and cosine.
fn swing(
    state: PolarState,
    (delta, sine, cosine): (f64, f64, f64),
    speed_share: f64,
    dt: f64,
    tun: &PolarTunables,
) -> (f64, f64) {
    let drive = match tun.turn_law {
        TurnLaw::Sine => sine,
        TurnLaw::Linear => delta / PI,
    };
    let brake = match tun.swing_brake {
        SwingBrake::Cosine => cosine,
        SwingBrake::Linear => 1.0 - delta.abs() / PI,
    };
    // 5. With cosine: brakes the swing within 90 degrees of the push,
    // feeds it beyond.
    let angular_velocity_mod = -state.angular_velocity * brake * dt * tun.turn_rate;
    // 7. The article multiplies the mod term by dt * TURN_RATE a second
    // time; that is its formula, kept as written.
    let angular_velocity = state.angular_velocity
        + (drive * (1.0 - speed_share) + angular_velocity_mod) * dt * tun.turn_rate;
    // 8-9.
    let speed_angle = wrap_positive(state.speed_angle + angular_velocity * dt);
    (speed_angle, angular_velocity)
}

/// [`Swing::Direct`]: the speed angle moved toward the push by at most
/// `max_rate * dt` (radians per second times seconds), and the rate it
/// turned (radians per second; the next step does not read it). A push
/// more than 90 degrees away leaves it where it is.
fn turn_directly(speed_angle: f64, delta: f64, dt: f64, max_rate: f64) -> (f64, f64) {
    if delta.abs() > PI / 2.0 {
        return (speed_angle, 0.0);
    }
    let most = max_rate * dt;
    let turn = delta.clamp(-most, most);
    (wrap_positive(speed_angle + turn), turn / dt)
}

/// The input for one step from the player's wish.
///
/// `heading` is the wish heading psi in radians; `forward` and `right` are the
/// movement wish relative to it (each -1 to 1; keys give -1, 0 or 1). Their
/// vector sum gives the push angle, its length (at most 1) the strength.
pub fn drive(
    state: &PolarState,
    heading: f64,
    forward: f64,
    right: f64,
    dt: f64,
    tun: &PolarTunables,
) -> PolarInput {
    let strength = forward.hypot(right).min(1.0);
    if strength > 0.0 {
        return PolarInput {
            acceleration: strength,
            angle: wrap_positive(heading + right.atan2(forward)),
        };
    }
    match tun.coast {
        Coast::Article => PolarInput {
            acceleration: -1.0,
            angle: wrap_positive(heading),
        },
        Coast::Brake => brake(state, heading, dt, tun),
    }
}

/// [`Coast::Brake`]: push against the velocity until the speed lands on zero.
fn brake(state: &PolarState, heading: f64, dt: f64, tun: &PolarTunables) -> PolarInput {
    if state.speed <= REST_SPEED {
        return PolarInput {
            acceleration: 0.0,
            angle: wrap_positive(heading),
        };
    }
    let angle = wrap_positive(state.speed_angle + PI);
    let cosine = wrap_signed(angle - state.speed_angle).cos();
    let speed_share = state.speed / tun.max_speed;
    // Speed lost per unit of push this step (step 6 with cos(delta) = -1).
    let loss_per_push = (speed_share - cosine) * dt * tun.acceleration_gain;
    let landing = state.speed / loss_per_push * LANDING_SHARE;
    PolarInput {
        acceleration: tun.coast_brake.min(landing),
        angle,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::TAU;

    const DT: f64 = 1.0 / 120.0;

    fn tun() -> PolarTunables {
        PolarTunables {
            max_speed: 4.0,
            acceleration_gain: 20.0,
            turn_rate: 18.0,
            ..PolarTunables::default()
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn push_along_the_velocity_accelerates_without_turning() {
        let s = PolarState {
            speed: 1.0,
            speed_angle: 0.5,
            angular_velocity: 0.0,
        };
        let n = step(
            s,
            PolarInput {
                acceleration: 1.0,
                angle: 0.5,
            },
            DT,
            &tun(),
        );
        // (cos 0 - 1/4) * dt * 1 * 20 = 0.125
        assert!(close(n.speed, 1.125));
        assert!(close(n.speed_angle, 0.5));
        assert_eq!(n.angular_velocity, 0.0);
    }

    #[test]
    fn push_to_the_right_swings_the_angle_right() {
        // delta = +pi/2: sin 1, cos 0; av += (1 * (1 - 0.5)) * dt * 18.
        let s = PolarState {
            speed: 2.0,
            speed_angle: 1.0,
            angular_velocity: 0.0,
        };
        let n = step(
            s,
            PolarInput {
                acceleration: 1.0,
                angle: 1.0 + PI / 2.0,
            },
            DT,
            &tun(),
        );
        let av = 0.5 * DT * 18.0;
        assert!(close(n.angular_velocity, av));
        assert!(close(n.speed_angle, 1.0 + av * DT));
        // cos(pi/2) - 0.5 = -0.5 (to rounding): the sideways push slows the body.
        assert!(close(n.speed, 2.0 - 0.5 * DT * 20.0));
    }

    #[test]
    fn push_to_the_left_swings_the_angle_left_and_wraps() {
        // From angle 0.1, a push at 0.1 - pi/2 wraps below zero.
        let s = PolarState {
            speed: 0.0,
            speed_angle: 0.1,
            angular_velocity: -30.0,
        };
        let n = step(
            s,
            PolarInput {
                acceleration: 1.0,
                angle: wrap_positive(0.1 - PI / 2.0),
            },
            DT,
            &tun(),
        );
        // sin(-pi/2) = -1, cos = 0 (so the mod term vanishes).
        let av = -30.0 - DT * 18.0;
        assert!((n.angular_velocity - av).abs() < 1e-9);
        let expected = wrap_positive(0.1 + av * DT);
        assert!(expected > PI, "the step crosses zero");
        assert!((n.speed_angle - expected).abs() < 1e-9);
    }

    #[test]
    fn delta_is_normalised_across_the_wrap() {
        // Velocity at 350 deg, push at 10 deg: a 20 deg turn right, not 340 left.
        let s = PolarState {
            speed: 1.0,
            speed_angle: 350f64.to_radians(),
            angular_velocity: 0.0,
        };
        let n = step(
            s,
            PolarInput {
                acceleration: 1.0,
                angle: 10f64.to_radians(),
            },
            DT,
            &tun(),
        );
        let delta = 20f64.to_radians();
        assert!(close(n.angular_velocity, delta.sin() * 0.75 * DT * 18.0));
        assert!(close(n.speed, 1.0 + (delta.cos() - 0.25) * DT * 20.0));
    }

    #[test]
    fn braking_term_feeds_the_swing_beyond_ninety_degrees() {
        // delta = 135 deg: cos < 0, so -av * cos has the sign of av.
        let tun = tun();
        let s = PolarState {
            speed: 0.0,
            speed_angle: 0.0,
            angular_velocity: 2.0,
        };
        let d = 135f64.to_radians();
        let n = step(
            s,
            PolarInput {
                acceleration: 0.0,
                angle: d,
            },
            DT,
            &tun,
        );
        let m = -2.0 * d.cos() * DT * 18.0;
        assert!(m > 0.0);
        assert!(close(n.angular_velocity, 2.0 + (d.sin() + m) * DT * 18.0));
    }

    #[test]
    fn negative_speed_flips_to_follow_the_push() {
        // Reversal at speed: cos(pi) - 0.5 = -1.5; 0.05 - 1.5 * dt * 20 < 0.
        let s = PolarState {
            speed: 0.05,
            speed_angle: 0.0,
            angular_velocity: 1.5,
        };
        let n = step(
            s,
            PolarInput {
                acceleration: 1.0,
                angle: PI,
            },
            DT,
            &tun(),
        );
        let raw = 0.05 + (-1.0 - 0.05 / 4.0) * DT * 20.0;
        assert!(raw < 0.0);
        assert!(close(n.speed, -raw));
        assert_eq!(n.speed_angle, PI);
        assert_eq!(n.angular_velocity, 0.0);
    }

    #[test]
    fn brake_coast_lands_on_rest_without_flipping() {
        let tun = tun();
        let mut s = PolarState {
            speed: tun.max_speed,
            speed_angle: 1.0,
            angular_velocity: 0.0,
        };
        let mut ticks = 0;
        while s.speed > REST_SPEED {
            let input = drive(&s, 1.0, 0.0, 0.0, DT, &tun);
            s = step(s, input, DT, &tun);
            assert!((s.speed_angle - 1.0).abs() < 1e-9, "never turns around");
            ticks += 1;
            assert!(ticks < 120, "stops within a second");
        }
        // Resting: the speed stays put.
        for _ in 0..600 {
            let input = drive(&s, 1.0, 0.0, 0.0, DT, &tun);
            assert_eq!(input.acceleration, 0.0);
            s = step(s, input, DT, &tun);
        }
        assert!(s.speed <= REST_SPEED);
    }

    #[test]
    fn article_coast_runs_away_after_a_strafe() {
        // Why Coast::Brake is the default: releasing a strafe at speed leaves
        // the velocity 90 degrees off the heading, and -1 along the heading
        // then feeds the speed.
        let tun = PolarTunables {
            coast: Coast::Article,
            ..tun()
        };
        let mut s = PolarState {
            speed: 3.0,
            speed_angle: PI / 2.0,
            angular_velocity: 0.0,
        };
        for _ in 0..240 {
            let input = drive(&s, 0.0, 0.0, 0.0, DT, &tun);
            s = step(s, input, DT, &tun);
        }
        assert!(s.speed > tun.max_speed, "speed {}", s.speed);
    }

    #[test]
    fn drive_sums_keys_relative_to_heading() {
        let t = tun();
        let s = PolarState::default();
        let i = drive(&s, 0.3, 1.0, 1.0, DT, &t);
        assert_eq!(i.acceleration, 1.0);
        assert!(close(i.angle, 0.3 + PI / 4.0));
        let i = drive(&s, 0.3, -1.0, 0.0, DT, &t);
        assert!(close(i.angle, 0.3 + PI));
        let i = drive(&s, 0.3, 0.0, -1.0, DT, &t);
        assert!(close(i.angle, wrap_positive(0.3 - PI / 2.0)));
        assert!(i.angle >= 0.0 && i.angle < TAU);
    }

    fn pushed(s: PolarState, angle: f64, tun: &PolarTunables) -> PolarState {
        step(
            s,
            PolarInput {
                acceleration: 1.0,
                angle,
            },
            DT,
            tun,
        )
    }

    #[test]
    fn linear_turn_law_drives_the_swing_by_delta_over_pi() {
        let linear = PolarTunables {
            turn_law: TurnLaw::Linear,
            ..tun()
        };
        let s = PolarState {
            speed: 2.0,
            speed_angle: 1.0,
            angular_velocity: 0.0,
        };
        // delta = pi/2: delta/pi = 0.5 (sine would give 1), times 1 - 2/4.
        let n = pushed(s, 1.0 + PI / 2.0, &linear);
        assert!(close(n.angular_velocity, 0.5 * 0.5 * DT * 18.0));
        // A push straight back swings hardest (sine would give 0):
        // delta = pi, delta/pi = 1.
        let n = pushed(s, 1.0 + PI, &linear);
        assert!(close(n.angular_velocity, 1.0 * 0.5 * DT * 18.0));
        let n = pushed(s, 1.0 + PI, &tun());
        assert!(n.angular_velocity.abs() < 1e-12, "sine: no swing");
    }

    #[test]
    fn linear_swing_brake_brakes_beyond_ninety_degrees() {
        // delta = 135 deg: 1 - 0.75 = 0.25, so the mod term is -2 * 0.25 *
        // dt * 18, against the swing (cosine would feed it).
        let tun = PolarTunables {
            swing_brake: SwingBrake::Linear,
            ..tun()
        };
        let s = PolarState {
            speed: 0.0,
            speed_angle: 0.0,
            angular_velocity: 2.0,
        };
        let d = 135f64.to_radians();
        // No push, so the speed stays at zero and never flips (step 10).
        let idle = |angle| PolarInput {
            acceleration: 0.0,
            angle,
        };
        let n = step(s, idle(d), DT, &tun);
        let m = -2.0 * 0.25 * DT * 18.0;
        assert!(close(n.angular_velocity, 2.0 + (d.sin() + m) * DT * 18.0));
        // At delta 0 it takes dt * 18 of the swing, as cosine does.
        let n = step(s, idle(0.0), DT, &tun);
        assert!(close(n.angular_velocity, 2.0 - 2.0 * DT * 18.0 * DT * 18.0));
    }

    #[test]
    fn direct_swing_turns_straight_toward_the_push_at_a_bounded_rate() {
        // 360 deg/s at 120 Hz: at most 3 degrees a tick.
        let tun = PolarTunables {
            swing: Swing::Direct,
            ..tun()
        };
        let s = PolarState {
            speed: 2.0,
            speed_angle: 1.0,
            angular_velocity: 50.0,
        };
        let deg = |d: f64| d.to_radians();
        let n = pushed(s, 1.0 + deg(20.0), &tun);
        assert!(close(n.speed_angle, 1.0 + deg(3.0)));
        assert!(close(n.angular_velocity, deg(3.0) * 120.0));
        let n = pushed(s, 1.0 - deg(20.0), &tun);
        assert!(close(n.speed_angle, 1.0 - deg(3.0)));
        // Within a tick's turn it lands on the push: no overshoot, and no
        // memory of the old angular velocity.
        let n = pushed(s, 1.0 + deg(1.0), &tun);
        assert!(close(n.speed_angle, 1.0 + deg(1.0)));
        // 120 degrees away: no turn, the speed brakes by (cos 120 - 1/2) * dt * 20.
        let n = pushed(s, 1.0 + deg(120.0), &tun);
        assert_eq!(n.speed_angle, 1.0);
        assert!(close(n.speed, 2.0 + (deg(120.0).cos() - 0.5) * DT * 20.0));
    }

    #[test]
    fn direct_swing_brakes_on_release_without_turning() {
        let tun = PolarTunables {
            swing: Swing::Direct,
            ..tun()
        };
        let mut s = PolarState {
            speed: tun.max_speed,
            speed_angle: 1.0,
            angular_velocity: 0.0,
        };
        for _ in 0..120 {
            s = step(s, drive(&s, 1.0, 0.0, 0.0, DT, &tun), DT, &tun);
            assert!((s.speed_angle - 1.0).abs() < 1e-9);
        }
        assert!(s.speed <= REST_SPEED);
    }

    #[test]
    fn variant_names_round_trip() {
        for v in TurnLaw::ALL {
            assert_eq!(TurnLaw::from_name(v.name()), Some(*v));
        }
        for v in SwingBrake::ALL {
            assert_eq!(SwingBrake::from_name(v.name()), Some(*v));
        }
        for v in Swing::ALL {
            assert_eq!(Swing::from_name(v.name()), Some(*v));
        }
        for v in Coast::ALL {
            assert_eq!(Coast::from_name(v.name()), Some(*v));
        }
        assert_eq!(Swing::from_name("wobbly"), None);
        let d = PolarTunables::default();
        assert_eq!(
            (d.turn_law, d.swing_brake, d.swing, d.coast),
            (
                TurnLaw::Sine,
                SwingBrake::Cosine,
                Swing::Inertial,
                Coast::Brake
            ),
            "the article's own choices by default"
        );
    }
}
