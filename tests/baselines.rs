//! The baselines as their originals shipped them, measured through `trace`
//! the way the checks read them: Wolfenstein 3D walks 5.6 and runs
//! 11.2 tiles a second and turns at 122.5 and 245 degrees a second
//! (WL_AGENT.C: BASEMOVE 35 and RUNMOVE 70 a tic, the turn doubled with
//! the run key); Quake turns at 140 degrees a second, 210 with the run key
//! (cl_yawspeed 140, cl_anglespeedkey 1.5).

mod common;

use common::temp::TempDir;
use std::f64::consts::TAU;
use std::path::Path;

/// `trace` of `script` with `options`: per row (t, x, y, wish heading).
fn trace(script: &str, options: &[&str]) -> Vec<(f64, f64, f64, f64)> {
    // A folder of its own, gone when the trace is read: the tests run at
    // once.
    let dir = TempDir::unique("baselines");
    let file = dir.join("script.txt");
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

/// Wolfenstein 3D's ControlMovement, one 70 Hz tic at a time, in its own
/// fixed point, written from WL_AGENT.C and WL_PLAY.C: the keys add
/// BASEMOVE (35) or, running, RUNMOVE (70) a tic to `controlx`/`controly`;
/// a forward move is Thrust(angle, controly * MOVESCALE 150) in 1/65536
/// tiles (along angle 0, costable[0] is a whole GLOBAL1); a turn adds
/// controlx to `anglefrac` and turns `anglefrac / ANGLESCALE 20` whole
/// degrees, the rest carried.
#[derive(Default)]
struct Wolf {
    /// Position east, 1/65536 tile.
    x: i64,
    /// Degrees turned to the right (the original counts angles the other
    /// way round and subtracts).
    turned: i64,
    anglefrac: i64,
}

impl Wolf {
    fn tic(&mut self, forward: bool, turn_right: bool, run: bool) {
        let control = if run { 70 } else { 35 };
        if turn_right {
            self.anglefrac += control;
            let units = self.anglefrac / 20;
            self.anglefrac -= units * 20;
            self.turned += units;
        }
        if forward {
            self.x += control * 150;
        }
    }
}

#[test]
fn classic_follows_wolfenstein_3d_at_the_times_both_clocks_share() {
    // 7 tics at 70 Hz and 12 ticks at 120 Hz are both 0.1 s.
    for run in [false, true] {
        let keys = if run { "forward+run" } else { "forward" };
        let ours = trace(&format!("1 {keys}\n"), &["--model", "classic"]);
        let mut wolf = Wolf::default();
        for k in 1..=10 {
            for _ in 0..7 {
                wolf.tic(true, false, run);
            }
            let theirs = wolf.x as f64 / 65536.0;
            let here = ours[12 * k].1 - ours[0].1;
            // Wolfenstein 3D walks at 5.6076 tiles/s, the classic model at
            // 5.6 (its speed tunable): 0.14 % apart.
            assert!(
                near(here, theirs, 0.002),
                "run {run}, {k}/10 s: {here} against {theirs}"
            );
        }
        let turn = if run { "turn-right+run" } else { "turn-right" };
        let ours = trace(&format!("1 {turn}\n"), &["--model", "classic"]);
        let mut wolf = Wolf::default();
        for k in 1..=10 {
            for _ in 0..7 {
                wolf.tic(false, true, run);
            }
            let here = (ours[12 * k].3 - ours[0].3).to_degrees().rem_euclid(360.0);
            assert_eq!(
                here.round() as i64,
                wolf.turned % 360,
                "run {run}, {k}/10 s"
            );
            assert!((here - here.round()).abs() < 1e-6, "whole degrees: {here}");
        }
    }
}

/// Quake's ground movement at its own frame rate, written from sv_user.c
/// (SV_UserFriction, SV_Accelerate) in Quake units: friction 4 with a stop
/// speed of 100, accelerate 10, maxspeed 320; one frame of `dt` with the
/// forward key held or not. Returns the new forward speed.
fn quake_frame(speed: f64, forward: bool, dt: f64) -> f64 {
    let mut v = speed;
    if v > 0.0 {
        let control = v.max(100.0);
        v = (v - dt * control * 4.0).max(0.0);
    }
    if forward {
        let add = 320.0 - v;
        if add > 0.0 {
            v += (10.0 * dt * 320.0).min(add);
        }
    }
    v
}

#[test]
fn quake_reaches_and_leaves_top_speed_when_quake_does() {
    // Quake at 72 frames a second; both clocks share every 1/24 s.
    let (mut v, mut frames) = (0.0, Vec::new());
    for frame in 0..144 {
        v = quake_frame(v, frame < 72, 1.0 / 72.0);
        frames.push(v);
    }
    let ours = trace("1 forward\n1 none\n", &["--model", "quake"]);
    let speed = |i: usize| {
        let (a, b) = (ours[i - 1], ours[i]);
        (b.1 - a.1).hypot(b.2 - a.2) / (b.0 - a.0) * 64.0
    };
    // Time to 320 and to a stop after letting go, each clock (frame f
    // ends at (f + 1) / 72 s; row i is the state at i / 120 s). Quake's own
    // figures: 0.139 s and 0.542 s at 72 frames a second.
    let quake_top = (frames.iter().position(|&v| v >= 320.0 - 1e-9).unwrap() + 1) as f64 / 72.0;
    let quake_stop = ((72..144).find(|&f| frames[f] == 0.0).unwrap() + 1) as f64 / 72.0 - 1.0;
    let our_top = (1..ours.len()).find(|&i| speed(i) >= 320.0 - 1e-6).unwrap() as f64 / 120.0;
    let our_stop = (121..ours.len()).find(|&i| speed(i) < 1e-9).unwrap() as f64 / 120.0 - 1.0;
    let frame = 1.0 / 72.0 + 1.0 / 120.0;
    assert!(
        (quake_top - our_top).abs() <= frame,
        "top: {quake_top} s against {our_top} s"
    );
    assert!(
        (quake_stop - our_stop).abs() <= frame,
        "stop: {quake_stop} s against {our_stop} s"
    );
    // At full speed, at the shared times, the same 320 units a second.
    for k in 4..24 {
        let theirs = frames[3 * k - 1];
        let here = speed(5 * k);
        assert!(
            (here - theirs).abs() < 1e-6,
            "{k}/24 s: {here} against {theirs}"
        );
    }
}

#[test]
fn quake_rolls_the_view_into_a_strafe_as_quake_does() {
    use wobblecaster::map::Map;
    use wobblecaster::sim::{Controls, Model, Tunables, World};
    let roll_after = |model: Model, right: f32, forward: f32| {
        let tunables = Tunables {
            model,
            ..Tunables::default()
        };
        let mut world = World::new(Map::open_plane(), tunables, 1);
        let keys = Controls {
            right,
            forward,
            ..Controls::default()
        };
        let mut rolls = Vec::new();
        for _ in 0..120 {
            world.step(&keys);
            rolls.push(world.camera().roll.to_degrees());
        }
        rolls
    };
    // Strafing right at 320 units/s: past cl_rollspeed (200), the full 2
    // degrees (cl_rollangle), into the strafe; on the way, side / 200 * 2.
    let right = roll_after(Model::Quake, 1.0, 0.0);
    assert!((right[119] - 2.0).abs() < 1e-9, "{}", right[119]);
    assert!(right[0] > 0.0 && right[0] < 2.0, "rising: {}", right[0]);
    let left = roll_after(Model::Quake, -1.0, 0.0);
    assert!((left[119] + 2.0).abs() < 1e-9);
    // Straight ahead, and the other models: no roll.
    assert!(roll_after(Model::Quake, 0.0, 1.0)
        .iter()
        .all(|r| r.abs() < 1e-9));
    assert!(roll_after(Model::Classic, 1.0, 0.0)
        .iter()
        .all(|&r| r == 0.0));
    assert!(roll_after(Model::Polar, 1.0, 0.0).iter().all(|&r| r == 0.0));
}
