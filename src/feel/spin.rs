//! The spin study: article 000's "doing 360s", measured over a grid of
//! spin rate x release action. Each point is a maneuver made in code: a
//! run-up holding forward, then the push swept round clockwise with the
//! movement keys an eighth of a turn at a time (forward, forward+right,
//! right, ... as `maneuvers/spin_release.txt` does at 540 deg/s), then one
//! of three ways of letting go. The heading is never turned, so the wish
//! heading is the direction the player wants at the end.

use super::report::{spin_lock, SETTLED_TURN_DEG_S};
use super::sweep::{self, Axis, Column, Sweep, Tick};
use crate::angle::wrap_signed;
use crate::map::Map;
use crate::short::Short;
use crate::sim::{Controls, Tunables, World, TICK_RATE};

/// Seconds of forward alone before the spin, to be at speed.
pub const RUN_UP_S: f64 = 1.0;
/// Seconds the push is swept round.
pub const SPIN_S: f64 = 3.0;
/// Seconds watched after the release.
pub const AFTER_S: f64 = 4.0;
/// With [`Release::CounterSteer`]: seconds forward+left is held.
pub const COUNTER_S: f64 = 0.5;
/// The end of the run's last this many seconds gives the final direction
/// of travel.
pub const FINAL_S: f64 = 0.5;
/// Ticks each eighth of a turn is held, slowest spin first: 5400/k deg/s,
/// 90 to 1080, each dividing the spin's 360 ticks evenly.
pub const EIGHTH_TICKS: [u32; 9] = [60, 30, 20, 15, 12, 10, 8, 6, 5];

/// The push's eighths in the order the spin sweeps them: (forward, right).
const EIGHTHS: [(f32, f32); 8] = [
    (1.0, 0.0),
    (1.0, 1.0),
    (0.0, 1.0),
    (-1.0, 1.0),
    (-1.0, 0.0),
    (-1.0, -1.0),
    (0.0, -1.0),
    (1.0, -1.0),
];

/// What the player does when the spin ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Release {
    /// Every key let go.
    LetGo,
    /// Forward held.
    HoldForward,
    /// Forward with strafe-left (against the clockwise spin) for
    /// [`COUNTER_S`], then forward.
    CounterSteer,
}

impl Release {
    /// Every release, in the study's order.
    pub const ALL: [Release; 3] = [Release::LetGo, Release::HoldForward, Release::CounterSteer];

    /// Its name in tables and plots.
    pub fn name(self) -> &'static str {
        match self {
            Release::LetGo => "let go",
            Release::HoldForward => "hold forward",
            Release::CounterSteer => "counter-steer",
        }
    }
}

/// The spin rate, deg/s, of a spin holding each eighth `ticks` ticks.
pub fn rate_deg_s(ticks: u32) -> f64 {
    45.0 * f64::from(TICK_RATE) / f64::from(ticks)
}

/// Seconds as ticks.
fn ticks(seconds: f64) -> usize {
    (seconds * f64::from(TICK_RATE)).round() as usize
}

/// The controls of every tick: the run-up, the spin holding each eighth
/// `eighth_ticks` ticks, then `release`.
pub fn controls(eighth_ticks: u32, release: Release) -> Vec<Controls> {
    let key = |(forward, right): (f32, f32)| Controls {
        forward,
        right,
        ..Controls::default()
    };
    let mut out = vec![key((1.0, 0.0)); ticks(RUN_UP_S)];
    out.extend((0..ticks(SPIN_S)).map(|i| key(EIGHTHS[(i / eighth_ticks as usize) % 8])));
    let after = ticks(AFTER_S);
    out.extend((0..after).map(|i| match release {
        Release::LetGo => key((0.0, 0.0)),
        Release::HoldForward => key((1.0, 0.0)),
        Release::CounterSteer if i < ticks(COUNTER_S) => key((1.0, -1.0)),
        Release::CounterSteer => key((1.0, 0.0)),
    }));
    out
}

/// The angle, degrees (0 to 180), between the final direction of travel
/// and the final wish heading: the travel over the last [`FINAL_S`], or,
/// for a body that has stopped, its last move.
pub fn final_heading_error_deg(t: &super::Trajectory) -> Option<f64> {
    let s = &t.samples;
    let last = s.last()?;
    let from = &s[s.len().saturating_sub(ticks(FINAL_S) + 1)];
    let moved = |a: &super::Sample, b: &super::Sample| (b.x - a.x, b.y - a.y);
    let (dx, dy) = Some(moved(from, last))
        .filter(|&(dx, dy)| dx.hypot(dy) > 1e-3)
        .or_else(|| {
            s.windows(2)
                .rev()
                .map(|w| moved(&w[0], &w[1]))
                .find(|&(dx, dy)| dx.hypot(dy) > 1e-9)
        })?;
    Some(
        wrap_signed(dy.atan2(dx) - last.wish_heading)
            .abs()
            .to_degrees(),
    )
}

/// The study's two measures.
pub fn columns() -> Vec<Column> {
    vec![
        Column {
            name: "spin_lock_s",
            unit: "s",
        },
        Column {
            name: "final_heading_error_deg",
            unit: "deg",
        },
    ]
}

/// The study's axes: spin rate across, release action up.
pub fn axes() -> Vec<Axis> {
    let rates = EIGHTH_TICKS
        .iter()
        .map(|&k| {
            let value = rate_deg_s(k);
            Tick {
                value,
                label: Short(value).to_string(),
            }
        })
        .collect();
    let releases = Release::ALL
        .iter()
        .enumerate()
        .map(|(i, r)| Tick {
            value: i as f64,
            label: r.name().to_string(),
        })
        .collect();
    vec![
        Axis {
            name: "spin_rate".into(),
            unit: "deg/s".into(),
            ticks: rates,
        },
        Axis {
            name: "release".into(),
            unit: String::new(),
            ticks: releases,
        },
    ]
}

/// Runs the study with `tunables` on the open plane, every point on its
/// own core: seconds the direction of travel keeps turning faster than
/// [`SETTLED_TURN_DEG_S`] after the release, and the final heading error.
pub fn study(tunables: &Tunables, fov_deg: f64) -> Sweep {
    let map = Map::open_plane();
    sweep::run(axes(), columns(), |point| {
        let controls = controls(EIGHTH_TICKS[point[0]], Release::ALL[point[1]]);
        let mut world = World::new(map.clone(), *tunables, 1);
        let t = super::run::run(&mut world, controls, fov_deg);
        let (_, locked) = spin_lock(&t, RUN_UP_S + SPIN_S, SETTLED_TURN_DEG_S);
        vec![Some(locked), final_heading_error_deg(&t)]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feel::{Sample, Trajectory};

    #[test]
    fn the_spin_sweeps_each_eighth_for_its_ticks() {
        assert_eq!(rate_deg_s(10), 540.0);
        assert_eq!(rate_deg_s(60), 90.0);
        let c = controls(10, Release::CounterSteer);
        assert_eq!(c.len(), 120 + 360 + 480);
        assert_eq!((c[119].forward, c[119].right), (1.0, 0.0));
        // The spin's 11th tick is its second eighth, forward+right.
        assert_eq!((c[130].forward, c[130].right), (1.0, 1.0));
        // 36 eighths: the last is the fourth of its turn, back+right.
        assert_eq!((c[120 + 359].forward, c[120 + 359].right), (-1.0, 1.0));
        assert_eq!((c[480].forward, c[480].right), (1.0, -1.0), "counter");
        assert_eq!((c[540].forward, c[540].right), (1.0, 0.0), "then forward");
        let c = controls(10, Release::LetGo);
        assert_eq!((c[480].forward, c[480].right), (0.0, 0.0));
        for k in EIGHTH_TICKS {
            assert_eq!(360 % k, 0, "{k} ticks divide the spin evenly");
        }
    }

    fn walked(steps: &[(f64, f64)], heading: f64) -> Trajectory {
        let mut at = (0.0, 0.0);
        let sample = |(x, y): (f64, f64)| Sample {
            x,
            y,
            z: 0.5,
            yaw: heading,
            wish_heading: heading,
            turning: false,
            push: [0.0; 2],
            depth: [1.0; 4],
            visible_reach: 1.0,
            snapped: false,
        };
        let mut samples = vec![sample(at)];
        for &(dx, dy) in steps {
            at = (at.0 + dx, at.1 + dy);
            samples.push(sample(at));
        }
        Trajectory {
            dt: 1.0 / 120.0,
            fov_deg: 90.0,
            samples,
        }
    }

    #[test]
    fn the_heading_error_is_the_final_travel_against_the_heading() {
        // Moving along +y (90 deg) with the heading at 0: 90 deg off.
        let t = walked(&[(0.0, 0.01); 100], 0.0);
        assert!((final_heading_error_deg(&t).unwrap() - 90.0).abs() < 1e-9);
        // Moving along -x against a heading of 30 deg: 150 deg off.
        let t = walked(&[(-0.01, 0.0); 100], 30f64.to_radians());
        assert!((final_heading_error_deg(&t).unwrap() - 150.0).abs() < 1e-9);
        // Stopped: the last move counts (along +x, heading 0: no error).
        let mut steps = vec![(0.01, 0.0); 10];
        steps.extend([(0.0, 0.0); 200]);
        let t = walked(&steps, 0.0);
        assert!(final_heading_error_deg(&t).unwrap().abs() < 1e-9);
        assert_eq!(final_heading_error_deg(&walked(&[], 0.0)), None);
    }
}
