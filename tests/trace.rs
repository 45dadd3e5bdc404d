//! `wobblecaster trace` checked row by row against an independent reading
//! of article 000's `speed()` function.

mod common;

use common::temp::TempDir;
use std::f64::consts::{PI, TAU};
use std::process::Command;

/// `trace` of `script`: its CSV. Each call has a folder of its own (the
/// tests run at once), gone when the program has finished.
fn run_trace(script: &str) -> String {
    let dir = TempDir::unique("trace");
    let path = dir.join(&format!(
        "{:x}.txt",
        script.len() * 31 + script.bytes().map(usize::from).sum::<usize>()
    ));
    std::fs::write(&path, script).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["trace", "--script"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

struct Trace {
    params: std::collections::HashMap<String, String>,
    header: Vec<String>,
    rows: Vec<Vec<f64>>,
}

fn parse(csv: &str) -> Trace {
    let mut params = std::collections::HashMap::new();
    let mut lines = csv.lines();
    let mut header = Vec::new();
    for line in lines.by_ref() {
        if let Some(kv) = line.strip_prefix("# ") {
            let (k, v) = kv.split_once('=').unwrap();
            params.insert(k.to_string(), v.to_string());
        } else {
            header = line.split(',').map(String::from).collect();
            break;
        }
    }
    let rows = lines
        .map(|l| l.split(',').map(|v| v.parse().unwrap()).collect())
        .collect();
    Trace {
        params,
        header,
        rows,
    }
}

/// Article 000's speed(), steps 1-10, written again from the article with
/// the seeds README's decisions (delta in (-pi, pi], angle in [0, 2pi)).
fn article_speed(
    s: &mut f64,
    angle: &mut f64,
    av: &mut f64,
    acc: f64,
    acc_angle: f64,
    dt: f64,
    p: &Params,
) {
    let mut delta = (acc_angle - *angle) % TAU;
    if delta > PI {
        delta -= TAU;
    } else if delta <= -PI {
        delta += TAU;
    }
    let (sine, cosine) = (delta.sin(), delta.cos());
    let prc = *s / p.max_speed;
    let av_mod = -*av * cosine * dt * p.turn_rate;
    *s += (cosine - prc) * dt * acc * p.acceleration;
    *av += (sine * (1.0 - prc) + av_mod) * dt * p.turn_rate;
    *angle += *av * dt;
    *angle = angle.rem_euclid(TAU);
    if *angle >= TAU {
        *angle = 0.0;
    }
    if *s < 0.0 {
        *s = -*s;
        *angle = acc_angle;
        *av = 0.0;
    }
}

struct Params {
    max_speed: f64,
    acceleration: f64,
    turn_rate: f64,
    dt: f64,
    heading_speed: f64,
    coast_brake: f64,
}

/// What each script action asks of the player, as the key table of
/// docs/playing.md reads: (action, forward, right, turn), each -1, 0 or 1. Forward is along
/// the heading, right is a quarter turn clockwise on the map (y grows
/// south), and a positive turn turns the heading right.
const KEYS: [(&str, f64, f64, f64); 7] = [
    ("forward", 1.0, 0.0, 0.0),
    ("back", -1.0, 0.0, 0.0),
    ("strafe-right", 0.0, 1.0, 0.0),
    ("strafe-left", 0.0, -1.0, 0.0),
    ("turn-right", 0.0, 0.0, 1.0),
    ("turn-left", 0.0, 0.0, -1.0),
    ("none", 0.0, 0.0, 0.0),
];

/// The keys held during one tick: the sums of [`KEYS`] over its actions.
#[derive(Clone, Copy, Default)]
struct Held {
    forward: f64,
    right: f64,
    turn: f64,
}

/// The keys of every tick of a movement-only `script` (`SECONDS ACTIONS`
/// lines, `#` comments), read by the test itself: each line holds its keys
/// for SECONDS at `tick_rate` ticks a second, rounded to whole ticks.
fn held_keys(script: &str, tick_rate: f64) -> Vec<Held> {
    let mut ticks = Vec::new();
    for line in script.lines() {
        let line = line.split('#').next().unwrap();
        let Some((seconds, actions)) = line.trim().split_once(' ') else {
            continue;
        };
        let mut held = Held::default();
        for action in actions.split('+') {
            let &(_, forward, right, turn) = KEYS
                .iter()
                .find(|k| k.0 == action)
                .unwrap_or_else(|| panic!("the test reads no action `{action}`"));
            held.forward += forward;
            held.right += right;
            held.turn += turn;
        }
        let seconds: f64 = seconds.parse().unwrap();
        let n = (seconds * tick_rate).round() as usize;
        ticks.extend(std::iter::repeat_n(held, n));
    }
    ticks
}

/// Wraps `angle` into [0, 2pi).
fn wrap(angle: f64) -> f64 {
    let a = angle.rem_euclid(TAU);
    if a >= TAU {
        0.0
    } else {
        a
    }
}

/// True if angles `a` and `b` (radians) point the same way within 1e-9.
fn same_angle(a: f64, b: f64) -> bool {
    let d = (a - b).rem_euclid(TAU);
    d.min(TAU - d) < 1e-9
}

/// Below this speed, tiles per second, a coasting body is at rest
/// (`polar::REST_SPEED`).
const REST_SPEED: f64 = 1e-6;
/// The share of the exact landing push the brake uses on its last tick
/// (`Coast::Brake` in src/sim/polar.rs).
const LANDING_SHARE: f64 = 1.0 - 1e-9;

/// The push (strength, world angle) the keys `held` ask for with the wish
/// heading `heading`, a body moving at `speed` along `speed_angle` before
/// the tick, coasting by `Coast::Brake`.
///
/// A movement key pushes along the sum of the key directions in the world
/// frame, at full strength at most. With none held, the body brakes: it
/// pushes straight against its velocity (where the article's cos(delta) is
/// -1) with `coast_brake` of full strength, or with the push that lands the
/// speed on zero this tick (step 6: speed falls by (speed/max + 1) * dt *
/// gain per unit of push) if that is less; at rest it pushes with nothing
/// along the heading.
fn push_of(held: Held, heading: f64, (speed, speed_angle): (f64, f64), p: &Params) -> (f64, f64) {
    let (along, across) = (
        [heading.cos(), heading.sin()],
        [-heading.sin(), heading.cos()],
    );
    let x = held.forward * along[0] + held.right * across[0];
    let y = held.forward * along[1] + held.right * across[1];
    if x != 0.0 || y != 0.0 {
        return (x.hypot(y).min(1.0), wrap(y.atan2(x)));
    }
    if speed <= REST_SPEED {
        return (0.0, heading);
    }
    let loss_per_push = (speed / p.max_speed + 1.0) * p.dt * p.acceleration;
    let landing = speed / loss_per_push * LANDING_SHARE;
    (p.coast_brake.min(landing), wrap(speed_angle + PI))
}

/// Runs `script` through `wobblecaster trace` on the open plane with the
/// default tunables, and checks every row against the article's speed()
/// driven by the push the test derives from the script's keys: the wish
/// heading, the push and the body's state, and the camera along the speed
/// angle (the default velocity coupling).
fn check_follows_article(script: &str) -> Trace {
    let t = parse(&run_trace(script));
    let get = |k: &str| t.params[k].parse::<f64>().unwrap();
    let tick_rate = get("tick_rate");
    let p = Params {
        max_speed: get("max_speed"),
        acceleration: get("acceleration_gain"),
        turn_rate: get("turn_rate"),
        dt: 1.0 / tick_rate,
        heading_speed: get("heading_speed"),
        coast_brake: get("coast_brake"),
    };
    for (key, value) in [
        ("model", "polar"),
        ("coupling", "velocity"),
        ("coast", "brake"),
    ] {
        assert_eq!(t.params[key], value, "the test expects the default {key}");
    }
    let keys = held_keys(script, tick_rate);
    assert_eq!(t.rows.len(), keys.len() + 1, "row 0, then one a tick");
    let col = |name: &str| t.header.iter().position(|h| h == name).unwrap();
    let (cx, cy, cs, ca, cav, cacc, caa) = (
        col("x"),
        col("y"),
        col("speed"),
        col("speed_angle"),
        col("angular_velocity"),
        col("acceleration"),
        col("accel_angle"),
    );
    let (cheading, ccamera) = (col("wish_heading"), col("camera_yaw"));
    // The open plane starts the player at the origin facing east, at rest.
    let start = &t.rows[0];
    assert_eq!([start[cx], start[cy], start[cs]], [0.0, 0.0, 0.0]);
    assert_eq!(start[cheading], 0.0);
    let mut heading = 0.0;
    for (w, held) in t.rows.windows(2).zip(keys) {
        let (prev, row) = (&w[0], &w[1]);
        let tick = row[0];
        // The turn keys turn the heading first, at heading_speed.
        heading = wrap(heading + held.turn * p.heading_speed * p.dt);
        assert!(
            same_angle(heading, row[cheading]),
            "tick {tick}: wish heading {} but the turn keys make {heading}",
            row[cheading]
        );
        let (acc, acc_angle) = push_of(held, heading, (prev[cs], prev[ca]), &p);
        assert!(
            (acc - row[cacc]).abs() < 1e-9 && same_angle(acc_angle, row[caa]),
            "tick {tick}: push {} at {} but the keys make {acc} at {acc_angle}",
            row[cacc],
            row[caa]
        );
        let (mut s, mut a, mut av) = (prev[cs], prev[ca], prev[cav]);
        article_speed(&mut s, &mut a, &mut av, acc, acc_angle, p.dt, &p);
        assert!(
            (s - row[cs]).abs() < 1e-9,
            "tick {tick}: speed {s} vs {}",
            row[cs]
        );
        assert!(
            same_angle(a, row[ca]),
            "tick {tick}: angle {a} vs {}",
            row[ca]
        );
        assert!(
            (av - row[cav]).abs() < 1e-9,
            "tick {tick}: angular velocity {av} vs {}",
            row[cav]
        );
        // Position moves along the new velocity.
        assert!(
            (prev[cx] + s * a.cos() * p.dt - row[cx]).abs() < 1e-9,
            "tick {tick}: x"
        );
        assert!(
            (prev[cy] + s * a.sin() * p.dt - row[cy]).abs() < 1e-9,
            "tick {tick}: y"
        );
        assert!((0.0..TAU).contains(&row[ca]));
        assert!(row[cs] >= 0.0);
        // The velocity coupling looks along the speed angle, not the heading.
        assert!(
            same_angle(row[ccamera], a),
            "tick {tick}: camera yaw {} but the speed angle is {a}",
            row[ccamera]
        );
    }
    t
}

#[test]
fn trace_follows_the_article_tick_by_tick() {
    let t = check_follows_article(
        "# a tour of the model\n2 forward\n0.7 forward+turn-left\n0.4 back\n1 strafe-right+turn-right\n\
         0.5 none\n1.5 turn-left\n0.3 forward+strafe-left\n1 none\n2 forward+turn-right\n",
    );
    assert_eq!(
        t.rows.len(),
        1 + ((2.0 + 0.7 + 0.4 + 1.0 + 0.5 + 1.5 + 0.3 + 1.0 + 2.0) * 120.0_f64).round() as usize
    );
    for key in [
        "tick_rate",
        "max_speed",
        "acceleration_gain",
        "turn_rate",
        "heading_speed",
    ] {
        assert!(t.params.contains_key(key), "missing # {key}=");
    }
    assert_eq!(
        t.header.join(","),
        "tick,t,x,y,speed,speed_angle,angular_velocity,acceleration,accel_angle,wish_heading,camera_yaw,\
         camera_x,camera_y,eye_z,forward,right,turn,look,depth_left,depth_right,depth_left30,depth_right30,\
         visible_fov,snapped"
    );
    // The tour reaches every way of deriving the push, so each was checked:
    // keys held, braking at coast_brake, the landing push, and rest.
    let brake: f64 = t.params["coast_brake"].parse().unwrap();
    let pushes = t.rows[1..].iter().map(|r| r[7]);
    let count = |f: &dyn Fn(f64) -> bool| pushes.clone().filter(|&a| f(a)).count();
    assert!(count(&|a| a == 1.0) > 600, "keys held");
    assert!(count(&|a| a == brake) > 20, "braking");
    assert!(count(&|a| a > 0.0 && a < brake) >= 2, "landing");
    assert!(count(&|a| a == 0.0) > 100, "at rest");
}

#[test]
fn reversal_flips_through_zero_speed() {
    // Forward to speed, then back: the speed must pass through the article's
    // step 10 (a flip onto the push angle with angular velocity reset).
    let t = check_follows_article("1.5 forward\n1 back\n");
    let flipped = t
        .rows
        .windows(2)
        .any(|w| w[1][6] == 0.0 && (w[1][5] - w[1][8]).abs() < 1e-12 && w[0][4] > 0.5);
    assert!(flipped, "a reversal passes through the flip");
}

#[test]
fn heading_turns_at_heading_speed() {
    let t = parse(&run_trace("1 turn-right\n"));
    let hs: f64 = t.params["heading_speed"].parse().unwrap();
    let last = t.rows.last().unwrap();
    assert!(
        (last[9] - hs).abs() < 1e-9,
        "one second of turn-right turns heading_speed radians"
    );
}

#[test]
fn bad_script_line_is_reported_with_its_line() {
    let dir = TempDir::new("trace", "bad");
    let path = dir.join("bad.txt");
    std::fs::write(&path, "1 forward\n2 sideways\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["trace", "--script"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":2:3: unknown action `sideways`"), "{err}");
}
