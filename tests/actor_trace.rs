//! `wobblecaster trace --actors` on the arena, checked row by row: every
//! tank row must follow the exact arc of its track speeds from the row
//! before. The arc here is the closed-form integral of a differential
//! drive, written apart from the game's chord form (article 002).

mod common;

use common::temp::TempDir;
use std::collections::HashMap;
use std::f64::consts::TAU;
use std::process::Command;

const DT: f64 = 1.0 / 120.0;

/// Runs `trace` on the arena with `script`; returns the actors CSV. Each
/// call has a folder of its own (the tests run at once), gone when the
/// trace is read.
fn actor_trace(script: &str) -> String {
    let dir = TempDir::unique("actors");
    let script_path = dir.join("script.txt");
    let out_path = dir.join("actors.csv");
    std::fs::write(&script_path, script).unwrap();
    let map = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/arena.map");
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["trace", "--map", map, "--force", "--script"])
        .arg(&script_path)
        .arg("--actors")
        .arg(&out_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&out_path).unwrap()
}

/// Where a differential drive with tracks `l`, `r` (tiles/s) and half
/// width `d` ends after `dt`, integrating x' = v cos h, y' = v sin h,
/// h' = w with v = (l + r) / 2 and w = (l - r) / 2d (y south, heading
/// clockwise on the map).
fn integrate(x: f64, y: f64, h: f64, l: f64, r: f64, d: f64, dt: f64) -> (f64, f64, f64) {
    let v = (l + r) / 2.0;
    let w = (l - r) / (2.0 * d);
    if (w * dt).abs() < 1e-7 {
        // Straight to within rounding: the second-order term is below 1e-14.
        let hm = h + w * dt / 2.0;
        return (x + v * dt * hm.cos(), y + v * dt * hm.sin(), h + w * dt);
    }
    let h1 = h + w * dt;
    (
        x + v / w * (h1.sin() - h.sin()),
        y - v / w * (h1.cos() - h.cos()),
        h1,
    )
}

fn angle_gap(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(TAU);
    d.min(TAU - d)
}

#[test]
fn tank_rows_follow_the_exact_arc_of_their_track_speeds() {
    // Out from behind the cover wall beside the start, one shot to be
    // heard, then wait while the tanks come.
    let csv = actor_trace("2.5 forward\n0.2 fire\n10 none\n");
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("tick,id,kind,x,y,heading,track_left,track_right,half_width")
    );
    let mut last: HashMap<u32, [f64; 3]> = HashMap::new();
    let (mut checked, mut turning, mut walkers) = (0, 0, 0);
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 9, "{line}");
        let id: u32 = f[1].parse().unwrap();
        let num = |i: usize| f[i].parse::<f64>().unwrap();
        if f[2] == "walker" {
            assert!(f[6].is_empty() && f[7].is_empty() && f[8].is_empty());
            walkers += 1;
            continue;
        }
        assert_eq!(f[2], "tank");
        let (x, y, h, l, r, d) = (num(3), num(4), num(5), num(6), num(7), num(8));
        if let Some(&[px, py, ph]) = last.get(&id) {
            let (ex, ey, eh) = integrate(px, py, ph, l, r, d, DT);
            let err = (ex - x).hypot(ey - y);
            assert!(err < 1e-9, "{line}: off the arc by {err}");
            assert!(angle_gap(eh, h) < 1e-9, "{line}: heading off the arc");
            checked += 1;
            turning += usize::from((l - r).abs() > 1e-3 && (l + r).abs() > 1e-3);
        }
        last.insert(id, [x, y, h]);
    }
    assert_eq!(last.len(), 3, "the arena's three tanks");
    assert!(walkers > 0);
    assert!(checked > 3000, "checked {checked} rows");
    assert!(turning > 50, "only {turning} rows drove along a curve");
}
