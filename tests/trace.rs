//! `wobblecaster trace` checked row by row against an independent reading
//! of article 000's `speed()` function.

use std::f64::consts::{PI, TAU};
use std::process::Command;

fn run_trace(script: &str) -> String {
    let dir = std::env::temp_dir().join(format!("wobble-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!(
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
}

fn check_follows_article(script: &str) -> Trace {
    let t = parse(&run_trace(script));
    let get = |k: &str| t.params[k].parse::<f64>().unwrap();
    let p = Params {
        max_speed: get("max_speed"),
        acceleration: get("acceleration_gain"),
        turn_rate: get("turn_rate"),
        dt: 1.0 / get("tick_rate"),
    };
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
    for w in t.rows.windows(2) {
        let (prev, row) = (&w[0], &w[1]);
        let (mut s, mut a, mut av) = (prev[cs], prev[ca], prev[cav]);
        article_speed(&mut s, &mut a, &mut av, row[cacc], row[caa], p.dt, &p);
        let tick = row[0];
        assert!(
            (s - row[cs]).abs() < 1e-9,
            "tick {tick}: speed {s} vs {}",
            row[cs]
        );
        let da = (a - row[ca]).abs();
        assert!(
            da.min(TAU - da) < 1e-9,
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
        "tick,t,x,y,speed,speed_angle,angular_velocity,acceleration,accel_angle,wish_heading,camera_yaw"
    );
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
    let dir = std::env::temp_dir();
    let path = dir.join(format!("wobble-bad-{}.txt", std::process::id()));
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
