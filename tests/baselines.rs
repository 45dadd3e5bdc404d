//! The baselines as their originals shipped them, measured through `trace`
//! the way the checks read them: Wolfenstein 3D walks 5.6 and runs
//! 11.2 tiles a second and turns at 122.5 and 245 degrees a second
//! (WL_AGENT.C: BASEMOVE 35 and RUNMOVE 70 a tic, the turn doubled with
//! the run key); Quake turns at 140 degrees a second, 210 with the run key
//! (cl_yawspeed 140, cl_anglespeedkey 1.5).

use std::f64::consts::TAU;
use std::path::Path;

/// `trace` of `script` with `options`: per row (t, x, y, wish heading).
fn trace(script: &str, options: &[&str]) -> Vec<(f64, f64, f64, f64)> {
    let dir = std::env::temp_dir().join(format!("wobble-baselines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.txt", script.len()));
    std::fs::write(&file, script).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["trace", "--script", file.to_str().unwrap()])
        .args(options)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |n: &str| header.iter().position(|h| *h == n).unwrap();
    let (t, x, y, w) = (col("t"), col("x"), col("y"), col("wish_heading"));
    lines
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|c| c.parse().unwrap()).collect();
            (v[t], v[x], v[y], v[w])
        })
        .collect()
}

/// Speed over the last second of `rows`, tiles per second.
fn end_speed(rows: &[(f64, f64, f64, f64)]) -> f64 {
    let (a, b) = (rows[rows.len() - 121], rows[rows.len() - 1]);
    (b.1 - a.1).hypot(b.2 - a.2) / (b.0 - a.0)
}

/// Turn rate over the whole run, degrees per second.
fn turn_rate(rows: &[(f64, f64, f64, f64)]) -> f64 {
    let mut turned = 0.0;
    for w in rows.windows(2) {
        turned += (w[1].3 - w[0].3 + TAU / 2.0).rem_euclid(TAU) - TAU / 2.0;
    }
    turned.to_degrees() / (rows[rows.len() - 1].0 - rows[0].0)
}

fn near(got: f64, want: f64, share: f64) -> bool {
    (got / want - 1.0).abs() <= share
}

#[test]
fn classic_walks_runs_and_turns_as_wolfenstein_3d() {
    let walk = end_speed(&trace("2 forward\n", &["--model", "classic"]));
    let run = end_speed(&trace("2 forward+run\n", &["--model", "classic"]));
    assert!(near(walk, 5.6, 0.005), "walks at {walk}");
    assert!(near(run, 11.2, 0.005), "runs at {run}");
    let turn = turn_rate(&trace("1 turn-right\n", &["--model", "classic"]));
    let run_turn = turn_rate(&trace("1 turn-right+run\n", &["--model", "classic"]));
    assert!(near(turn, 122.5, 0.02), "turns at {turn}");
    assert!(near(run_turn, 245.0, 0.02), "runs a turn at {run_turn}");
}

#[test]
fn quake_turns_as_quake_and_polar_keeps_its_heading_speed() {
    let turn = turn_rate(&trace("1 turn-left\n", &["--model", "quake"]));
    let run_turn = turn_rate(&trace("1 turn-left+run\n", &["--model", "quake"]));
    assert!(near(turn, -140.0, 0.02), "turns at {turn}");
    assert!(near(run_turn, -210.0, 0.02), "runs a turn at {run_turn}");
    // Always run by default: 320 units a second, 5 tiles.
    let top = end_speed(&trace("2 forward\n", &["--model", "quake"]));
    assert!(near(top, 5.0, 0.005), "runs at {top}");
    let polar = turn_rate(&trace("1 turn-right+run\n", &["--model", "polar"]));
    assert!(
        near(polar, 150.0, 0.02),
        "the polar model has no run: {polar}"
    );
    // One rate for all, for a controlled comparison.
    let common = ["--model", "classic", "--heading-speed", "150"];
    let classic = turn_rate(&trace("1 turn-right\n", &common));
    assert!(near(classic, 150.0, 0.02), "{classic}");
}

#[test]
fn faithful_classic_turns_in_whole_degrees_and_never_while_strafing() {
    let faithful = trace(
        "1 turn-right\n0.5 turn-right+strafe-right\n",
        &["--model", "classic"],
    );
    let start = faithful[0].3;
    for row in &faithful {
        let degrees = ((row.3 - start).to_degrees() + 360.0) % 360.0;
        assert!(
            (degrees - degrees.round()).abs() < 1e-6,
            "{degrees} at t = {}",
            row.0
        );
    }
    // While strafing the turn keys do nothing.
    let (at_1s, end) = (faithful[120].3, faithful[faithful.len() - 1].3);
    assert!((end - at_1s).abs() < 1e-12, "turned while strafing");
}
