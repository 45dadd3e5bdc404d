//! A tracked vehicle's motion (article 002): from its two track speeds, the
//! exact circular arc it drives in one step, and a controller that picks
//! the track speeds to reach and face a target.
//!
//! Game convention: x east, y south, heading 0 east and pi/2 south, so a
//! growing heading turns clockwise on the north-up map. The left track
//! running faster than the right turns the vehicle right: heading grows.
//!
//! With tracks `2d` apart running at `l` and `r`, a step of `dt` turns the
//! heading by `2g = (l - r) dt / 2d` and moves the chord
//! `t = (l + r) / 2 * dt * sin(g) / g` along `heading + g`. This is the
//! article's `t = d (T1 + T2) / (T1 - T2) * 2 sin(g)` with `g = (T1 - T2) / 4d`
//! rewritten so that it has no division by `l - r`: `sin(g) / g` is taken
//! from its series near 0, and equal speeds are no special case.

use crate::angle::wrap_signed;

/// `sin(x) / x`, exact and finite everywhere (1 at 0).
pub fn sinc(x: f64) -> f64 {
    // Below this the series' next term (x^6 / 5040) is under 1e-18.
    const SERIES_BELOW: f64 = 1e-3;
    if x.abs() < SERIES_BELOW {
        let x2 = x * x;
        1.0 - x2 / 6.0 + x2 * x2 / 120.0
    } else {
        x.sin() / x
    }
}

/// One step's arc: `(chord, half_turn)`. The chord (tiles) runs along the
/// heading plus the half turn; the heading turns by twice the half turn
/// (radians). `left` and `right` in tiles per second, `half_width` (the
/// article's `d`) in tiles, `dt` in seconds.
pub fn arc(left: f64, right: f64, half_width: f64, dt: f64) -> (f64, f64) {
    let g = (left - right) * dt / (4.0 * half_width);
    let chord = (left + right) * 0.5 * dt * sinc(g);
    (chord, g)
}

/// The state after one exact-arc step from (`x`, `y`, `heading`), in the
/// game's convention (see the module doc): `(x, y, heading)`, the heading
/// not wrapped.
pub fn arc_step(
    x: f64,
    y: f64,
    heading: f64,
    left: f64,
    right: f64,
    half_width: f64,
    dt: f64,
) -> (f64, f64, f64) {
    let (t, g) = arc(left, right, half_width, dt);
    let (s, c) = (heading + g).sin_cos();
    (x + t * c, y + t * s, heading + 2.0 * g)
}

/// One update in article 002's own convention (`x' = x + t sin(h + g)`,
/// `y' = y + t cos(h + g)`, `h' = h + 2g`, track speeds per update): the
/// article's worked example is its test.
pub fn article_step(x: f64, y: f64, h: f64, t1: f64, t2: f64, d: f64) -> (f64, f64, f64) {
    let (t, g) = arc(t1, t2, d, 1.0);
    let (s, c) = (h + g).sin_cos();
    (x + t * s, y + t * c, h + 2.0 * g)
}

/// The rate at which track speeds `left` and `right` turn the heading,
/// radians per second.
pub fn turn_rate(left: f64, right: f64, half_width: f64) -> f64 {
    (left - right) / (2.0 * half_width)
}

/// How a tank drives, with defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TankTunables {
    /// Fastest either track runs, tiles per second.
    pub max_track_speed: f64,
    /// Fastest change of a track's speed, tiles per second squared.
    pub track_accel: f64,
    /// Beyond this heading error (radians) the tank pivots with its tracks
    /// opposite instead of driving: a target off to the side or behind,
    /// above all a close one, is faced first, so it is never circled.
    pub turn_in_place_angle: f64,
    /// The tank holds off this far from its target, tiles (it only turns to
    /// face it there).
    pub stop_distance: f64,
    /// Forward speed per tile of distance beyond `stop_distance`, per
    /// second: the tank slows as it arrives.
    pub approach_gain: f64,
    /// Turn rate asked per radian of heading error, per second. At least
    /// twice `approach_gain` keeps the target outside the turning circle
    /// the controller asks for (its curvature is then at least
    /// `2 sin|error| / distance`), even with no hold-off distance.
    pub turn_gain: f64,
}

impl Default for TankTunables {
    fn default() -> Self {
        Self {
            max_track_speed: 1.6,
            track_accel: 3.0,
            turn_in_place_angle: 50f64.to_radians(),
            stop_distance: 3.0,
            approach_gain: 1.0,
            turn_gain: 3.0,
        }
    }
}

/// `current` moved toward `wanted` by at most `max_delta`: a track's speed
/// under its acceleration limit.
pub fn approach(current: f64, wanted: f64, max_delta: f64) -> f64 {
    current + (wanted - current).clamp(-max_delta, max_delta)
}

/// The track speeds `(left, right)`, tiles per second, that drive a tank at
/// (`x`, `y`) facing `heading` toward `target` and turn it to face it.
///
/// Beyond `turn_in_place_angle` of heading error the tank pivots (tracks
/// opposite, no forward speed): the target cannot end up inside its
/// turning circle, the cause of endless circling. Within it the tank
/// drives at a speed that falls to 0 at `stop_distance` and with the
/// heading error (cosine), and steers in proportion to the error; both
/// tracks stay within `max_track_speed`, the turn kept before the speed.
pub fn drive(
    x: f64,
    y: f64,
    heading: f64,
    half_width: f64,
    target: [f64; 2],
    t: &TankTunables,
) -> (f64, f64) {
    let (dx, dy) = (target[0] - x, target[1] - y);
    let dist = dx.hypot(dy);
    if dist < 1e-9 {
        return (0.0, 0.0);
    }
    let error = wrap_signed(dy.atan2(dx) - heading);
    let max = t.max_track_speed;
    // Half the difference between the tracks that turns at `rate`.
    let spin = |rate: f64| (rate * half_width).clamp(-max, max);
    if error.abs() > t.turn_in_place_angle {
        let s = spin(t.turn_gain * error);
        return (s, -s);
    }
    let s = spin(t.turn_gain * error);
    let forward = ((dist - t.stop_distance) * t.approach_gain).clamp(0.0, max) * error.cos();
    let forward = forward.min(max - s.abs());
    (forward + s, forward - s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::TICK_DT;
    use std::f64::consts::{FRAC_PI_2, PI, TAU};

    #[test]
    fn tank_worked_example() {
        // Article 002: T1 = 1.0, T2 = 0.5, d = 2, x = y = 0, h = 2.
        let (x, y, h) = article_step(0.0, 0.0, 2.0, 1.0, 0.5, 2.0);
        assert!((x - 0.66072).abs() < 5e-6, "x' = {x}");
        assert!((y - -0.35387).abs() < 5e-6, "y' = {y}");
        assert!((h - 2.125).abs() < 1e-12, "h' = {h}");
        // Its chord, t = 0.74951, by the article's own formula.
        let (t, g) = arc(1.0, 0.5, 2.0, 1.0);
        let article_t = 2.0 * (1.0 + 0.5) * 2.0 * g.sin() / (1.0 - 0.5);
        assert!((t - article_t).abs() < 1e-12 && (t - 0.74951).abs() < 5e-6);
    }

    #[test]
    fn equal_speeds_move_straight() {
        let (x, y, h) = arc_step(1.0, 2.0, 0.5, 1.2, 1.2, 0.4, 0.25);
        assert_eq!(h, 0.5);
        assert!((x - (1.0 + 0.3 * 0.5f64.cos())).abs() < 1e-15);
        assert!((y - (2.0 + 0.3 * 0.5f64.sin())).abs() < 1e-15);
    }

    #[test]
    fn opposite_speeds_turn_in_place() {
        let (x, y, h) = arc_step(3.0, 4.0, 1.0, 0.8, -0.8, 0.4, 0.5);
        assert_eq!((x, y), (3.0, 4.0));
        assert!((h - (1.0 + 0.8 / 0.4 * 0.5)).abs() < 1e-15);
    }

    #[test]
    fn the_left_track_faster_turns_right_toward_south() {
        let (_, y, h) = arc_step(0.0, 0.0, 0.0, 1.0, 0.5, 0.4, 0.1);
        assert!(h > 0.0 && y > 0.0, "heading {h}, y {y}: clockwise is south");
    }

    #[test]
    fn sinc_is_continuous_across_its_series() {
        for x in [9.99e-4, 1e-3, 1.001e-3, -1e-3, 0.0] {
            assert!((sinc(x) - if x == 0.0 { 1.0 } else { x.sin() / x }).abs() < 1e-15);
        }
    }

    /// Runs `ticks` steps at fixed track speeds; returns every position.
    fn drive_fixed(l: f64, r: f64, d: f64, ticks: usize) -> Vec<(f64, f64, f64)> {
        let mut s = (0.0, 0.0, 0.0);
        let mut out = vec![s];
        for _ in 0..ticks {
            s = arc_step(s.0, s.1, s.2, l, r, d, TICK_DT);
            out.push(s);
        }
        out
    }

    #[test]
    fn steps_stay_on_one_circle_and_a_wider_tank_turns_a_wider_one() {
        let radius_of = |d: f64| {
            let (l, r) = (1.0, 0.6);
            let path = drive_fixed(l, r, d, 2000);
            // Centre to the right of the start heading (east): +y.
            let radius = d * (l + r) / (l - r);
            for &(x, y, _) in &path {
                assert!((x.hypot(y - radius) - radius).abs() < 1e-9);
            }
            radius
        };
        assert!(radius_of(0.6) > radius_of(0.3));
    }

    /// What one controlled run did.
    struct Run {
        /// When the heading first came within 3 degrees of the bearing to
        /// the target, seconds.
        faced: Option<f64>,
        /// Total absolute heading change, radians.
        turned: f64,
        /// Where the tank ended.
        end: (f64, f64),
        /// Largest heading error after the first tick, radians.
        worst_error: f64,
        /// Largest distance from the start, tiles.
        strayed: f64,
    }

    /// Drives toward `target` from the origin facing east under the
    /// controller for `seconds`, each track accelerating within its limit
    /// from rest, as the game does.
    fn chase(target: [f64; 2], seconds: f64) -> Run {
        let t = TankTunables::default();
        let (mut x, mut y, mut h, mut l, mut r) = (0.0, 0.0, 0.0, 0.0, 0.0);
        let error = |x: f64, y: f64, h: f64| wrap_signed((target[1] - y).atan2(target[0] - x) - h);
        let mut run = Run {
            faced: None,
            turned: 0.0,
            end: (0.0, 0.0),
            worst_error: 0.0,
            strayed: 0.0,
        };
        let ticks = (seconds / TICK_DT) as usize;
        for i in 0..ticks {
            let (wl, wr) = drive(x, y, h, 0.35, target, &t);
            l = approach(l, wl, t.track_accel * TICK_DT);
            r = approach(r, wr, t.track_accel * TICK_DT);
            let (nx, ny, nh) = arc_step(x, y, h, l, r, 0.35, TICK_DT);
            run.turned += (nh - h).abs();
            (x, y, h) = (nx, ny, nh);
            let e = error(x, y, h).abs();
            run.worst_error = run.worst_error.max(e);
            run.strayed = run.strayed.max(x.hypot(y));
            if run.faced.is_none() && e < 3f64.to_radians() {
                run.faced = Some(i as f64 * TICK_DT);
            }
        }
        run.end = (x, y);
        run
    }

    #[test]
    fn a_target_one_tile_behind_is_faced_turning_less_than_a_circle() {
        let run = chase([-1.0, 0.0], 6.0);
        assert!(run.faced.expect("faced") < 4.0);
        assert!(run.turned < TAU, "turned {}", run.turned);
        assert!(run.turned < PI + 0.5, "no circling: {}", run.turned);
        // It pivots where it stands rather than driving a loop.
        assert!(run.strayed < 1e-9, "strayed {}", run.strayed);
    }

    #[test]
    fn a_close_target_to_the_side_is_faced_not_circled() {
        let run = chase([0.0, 1.5], 6.0);
        assert!(run.faced.expect("faced") < 3.0);
        assert!(run.turned < FRAC_PI_2 + 0.5, "turned {}", run.turned);
    }

    #[test]
    fn a_far_target_is_reached_to_the_hold_off_distance() {
        let target = [5.0, -3.0];
        let (x, y) = chase(target, 12.0).end;
        let d = (target[0] - x).hypot(target[1] - y);
        let stop = TankTunables::default().stop_distance;
        assert!(d > stop - 0.3 && d < stop + 0.5, "ended {d} away");
    }

    #[test]
    fn a_target_ahead_left_is_reached_without_swinging_past_it() {
        // 6 tiles away, 30 degrees left of the heading (north of east).
        let bearing = -30f64.to_radians();
        let target = [6.0 * bearing.cos(), 6.0 * bearing.sin()];
        let run = chase(target, 12.0);
        let d = (target[0] - run.end.0).hypot(target[1] - run.end.1);
        let stop = TankTunables::default().stop_distance;
        assert!(d > stop - 0.3 && d < stop + 0.5, "ended {d} away");
        // The error only shrinks from its start (give or take the first
        // moments, when the tracks are still accelerating and the tank runs
        // nearly straight), and the heading turns through little more than
        // the error: one arc in, no swinging past and back.
        assert!(
            run.worst_error < bearing.abs() + 2f64.to_radians(),
            "worst {}",
            run.worst_error.to_degrees()
        );
        assert!(run.turned < bearing.abs() + 6f64.to_radians());
        assert!(run.faced.expect("faced") < 4.0);
    }

    #[test]
    fn inside_the_hold_off_distance_it_turns_on_the_spot() {
        // 2 tiles off, 40 degrees right: within the pivot angle but closer
        // than the hold-off distance.
        let a = 40f64.to_radians();
        let run = chase([2.0 * a.cos(), 2.0 * a.sin()], 3.0);
        assert!(run.faced.expect("faced") < 2.0);
        assert!(run.strayed < 1e-9, "strayed {}", run.strayed);
    }

    #[test]
    fn the_target_is_never_inside_the_commanded_turning_circle() {
        // Article 002's fault: a target inside the turning circle is
        // circled for ever. Wherever the controller drives forward, the
        // curvature it asks for is at least that of the circle through the
        // target tangent to the heading, 2 sin|e| / dist; also for a tank
        // tuned to ram (no hold-off), where only the gains ensure it.
        let rams = TankTunables {
            stop_distance: 0.0,
            ..TankTunables::default()
        };
        for t in [TankTunables::default(), rams] {
            for i in 1..100 {
                let e = t.turn_in_place_angle * (i as f64 / 50.0 - 1.0);
                for dist in [0.5, 3.01, 3.5, 5.0, 10.0, 40.0] {
                    let target = [dist * e.cos(), dist * e.sin()];
                    let (l, r) = drive(0.0, 0.0, 0.0, 0.35, target, &t);
                    let forward = (l + r) / 2.0;
                    if forward <= 0.0 {
                        continue;
                    }
                    let curvature = turn_rate(l, r, 0.35).abs() / forward;
                    let through_target = 2.0 * e.sin().abs() / dist;
                    assert!(
                        curvature >= through_target - 1e-12,
                        "e {e} dist {dist}: {curvature} < {through_target}"
                    );
                }
            }
        }
    }

    #[test]
    fn arcs_stay_finite_and_continuous_as_the_tracks_meet() {
        // The article's chord divides by T1 - T2; sin(g)/g does not.
        let (d, dt) = (0.35, TICK_DT);
        let (straight, g0) = arc(1.2, 1.2, d, dt);
        assert_eq!((straight, g0), (1.2 * dt, 0.0));
        for gap in [1e-15, 1e-12, 1e-9, 1e-6, 1e-3] {
            let (t, g) = arc(1.2 + gap, 1.2, d, dt);
            assert!(t.is_finite() && g > 0.0);
            // The chord shrinks from the straight run by about (t g^2 / 6).
            let expected = (1.2 + gap / 2.0) * dt * (1.0 - g * g / 6.0);
            assert!((t - expected).abs() < 1e-15, "gap {gap}: {t} vs {expected}");
        }
    }

    #[test]
    fn approach_moves_at_most_its_step_and_never_overshoots() {
        assert_eq!(approach(0.0, 1.0, 0.25), 0.25);
        assert_eq!(approach(0.0, -1.0, 0.25), -0.25);
        assert_eq!(approach(0.9, 1.0, 0.25), 1.0);
        assert_eq!(approach(-0.1, -0.1, 0.25), -0.1);
    }

    #[test]
    fn the_tracks_never_exceed_their_top_speed() {
        let t = TankTunables::default();
        for i in 0..64 {
            let a = i as f64 * TAU / 64.0;
            for dist in [0.5, 3.5, 20.0] {
                let (l, r) = drive(0.0, 0.0, 0.0, 0.5, [dist * a.cos(), dist * a.sin()], &t);
                assert!(l.abs() <= t.max_track_speed + 1e-12);
                assert!(r.abs() <= t.max_track_speed + 1e-12);
            }
        }
    }
}
