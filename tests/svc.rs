//! The 6DoF SVC model (IN1) against its authors' own code: every kept row
//! of the fixtures Octave made from `sixdofSVC_IN1_public.m`
//! (`tests/fixtures/svc/`, `make.sh` and `driver.m` made them) within
//! 1e-9 relative, 1e-12 absolute near zero; the inputs are built here from
//! the driver's formulas. Then `feel predict` through the program: a
//! motion file, located faults, a run's camera and its `--motion-out`.

mod common;

use common::temp::TempDir;
use std::f64::consts::PI;
use wobblecaster::feel::svc::{Motion, Predictor, SvcTunables};

/// The relative tolerance, and the absolute floor near zero.
const REL: f64 = 1e-9;
const ABS: f64 = 1e-12;

/// A fixture's rows: `t_s, msi_pct, conflict`.
fn fixture(name: &str) -> Vec<[f64; 3]> {
    let path = common::root().join("tests/fixtures/svc").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("t_s,msi_pct,conflict"));
    lines
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|f| f.parse().unwrap()).collect();
            [v[0], v[1], v[2]]
        })
        .collect()
}

fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() <= (REL * expected.abs()).max(ABS)
}

/// Runs `input` for `n` rows at `dt` and holds every kept row of fixture
/// `name` (rows 0, 100, 200, ...); returns the largest relative error.
fn agrees(name: &str, dt: f64, n: usize, input: impl Fn(f64) -> Motion) -> f64 {
    let predictor = Predictor::new(SvcTunables::default(), dt);
    let out = predictor.run((0..n).map(|k| input(k as f64 * dt)));
    let rows = fixture(&format!("{name}.csv"));
    assert_eq!(rows.len(), n.div_ceil(100), "{name}: kept rows");
    let mut worst: f64 = 0.0;
    for (i, row) in rows.iter().enumerate() {
        let k = i * 100;
        assert_eq!(row[0], k as f64 * dt, "{name}: row {k}'s time");
        let p = out[k];
        for (actual, expected, what) in
            [(p.msi_pct, row[1], "MSI"), (p.conflict, row[2], "conflict")]
        {
            assert!(
                close(actual, expected),
                "{name}, row {k} (t = {} s), {what}: {actual:e} here, {expected:e} in Octave",
                row[0]
            );
            if expected.abs() > ABS {
                worst = worst.max((actual - expected).abs() / expected.abs());
            }
        }
    }
    worst
}

fn vertical(t: f64) -> Motion {
    let amp_rmsg = 0.234;
    let freq = 0.2;
    Motion {
        omega: [0.0; 3],
        f: [
            0.0,
            0.0,
            9.81 + 9.81 * 2f64.sqrt() * amp_rmsg * (2.0 * PI * freq * t).sin(),
        ],
    }
}

fn sweep(t: f64) -> Motion {
    let amp_rmsg = 0.234;
    let (f0, f1, tt) = (0.05, 1.0, 1200.0);
    let phase = 2.0 * PI * (f0 * t + (f1 - f0) * t * t / (2.0 * tt));
    Motion {
        omega: [0.0; 3],
        f: [0.0, 0.0, 9.81 + 9.81 * 2f64.sqrt() * amp_rmsg * phase.sin()],
    }
}

fn yaw(t: f64) -> Motion {
    Motion {
        omega: [0.0, 0.0, 0.5 + 1.0 * (2.0 * PI * 0.1 * t).sin()],
        f: [0.0, 0.0, 9.81],
    }
}

fn mixed(t: f64) -> Motion {
    Motion {
        omega: [
            0.3 * (2.0 * PI * 0.15 * t).sin(),
            0.2 * (2.0 * PI * 0.25 * t + 1.0).sin(),
            0.5 * (2.0 * PI * 0.05 * t).sin(),
        ],
        f: [
            2.0 * (2.0 * PI * 0.2 * t).sin(),
            1.5 * (2.0 * PI * 0.3 * t).cos(),
            9.81 + 1.0 * (2.0 * PI * 0.1 * t).sin(),
        ],
    }
}

/// Their test case: vertical 0.2 Hz at 0.234 g RMS for two hours at 0.01 s
/// (720,001 steps after 180,000 of settling: well under a second here).
#[test]
fn the_authors_test_case_for_two_hours() {
    let worst = agrees("vertical", 0.01, 720_001, vertical);
    let end = fixture("vertical.csv").last().copied().unwrap();
    // MSI after two hours at the seasickness curve's worst frequency.
    assert!(end[1] > 10.0 && end[1] < 85.0, "{end:?}");
    eprintln!("vertical: worst relative error {worst:e}");
}

#[test]
fn a_frequency_sweep() {
    let worst = agrees("sweep", 0.01, 120_001, sweep);
    eprintln!("sweep: worst relative error {worst:e}");
}

#[test]
fn yaw_alone_is_exactly_no_conflict() {
    agrees("yaw", 1.0 / 120.0, 72_001, yaw);
    let predictor = Predictor::new(SvcTunables::default(), 1.0 / 120.0);
    let out = predictor.run((0..72_001).map(|k| yaw(k as f64 / 120.0)));
    assert!(out.iter().all(|p| p.conflict == 0.0 && p.msi_pct == 0.0));
    assert!(fixture("yaw.csv")
        .iter()
        .all(|r| r[1] == 0.0 && r[2] == 0.0));
}

#[test]
fn a_mixed_six_axis_input() {
    let worst = agrees("mixed", 0.01, 60_001, mixed);
    eprintln!("mixed: worst relative error {worst:e}");
}

/// The settled state each step size starts from, as Octave settled it.
#[test]
fn the_settled_start() {
    for (file, dt) in [("settled_100.csv", 0.01), ("settled_120.csv", 1.0 / 120.0)] {
        let path = common::root().join("tests/fixtures/svc").join(file);
        let text = std::fs::read_to_string(path).unwrap();
        let octave: Vec<f64> = text.lines().map(|l| l.parse().unwrap()).collect();
        let start = Predictor::new(SvcTunables::default(), dt)
            .start()
            .to_array();
        // After settling the authors reset gravity (already upright) and
        // MSI and its rate (zero at rest).
        assert_eq!(start.to_vec(), octave, "{file}");
    }
}

/// Writes `rows` of `input` at `dt` as a motion file.
fn motion_file(path: &std::path::Path, dt: f64, rows: usize, input: impl Fn(f64) -> Motion) {
    let mut text = String::from("t_s,wx,wy,wz,fx,fy,fz\n");
    for k in 0..rows {
        let t = k as f64 * dt;
        let m = input(t);
        let [wx, wy, wz] = m.omega;
        let [fx, fy, fz] = m.f;
        text += &format!("{t},{wx},{wy},{wz},{fx},{fy},{fz}\n");
    }
    std::fs::write(path, text).unwrap();
}

/// The program run to its end (its output read as it comes: a row a
/// step is more than a pipe holds).
fn wobble(args: &[&str]) -> std::process::Output {
    common::wobble(args, None)
}

#[test]
fn predict_reads_a_motion_file_and_agrees_with_octave() {
    let dir = TempDir::new("svc", "motion");
    let path = dir.join("mixed.csv");
    motion_file(&path, 0.01, 6001, mixed);
    let out = wobble(&["feel", "predict", "--motion", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("t_s,msi_pct,conflict"));
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|f| f.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 6001, "a row for every input row");
    for (i, expected) in fixture("mixed.csv").iter().take(61).enumerate() {
        let row = &rows[i * 100];
        assert_eq!(row[0], expected[0]);
        assert!(
            close(row[1], expected[1]) && close(row[2], expected[2]),
            "{row:?} {expected:?}"
        );
    }
}

#[test]
fn predict_locates_a_bad_motion_file() {
    let dir = TempDir::new("svc", "bad");
    let path = dir.join("bad.csv");
    std::fs::write(
        &path,
        "t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0,0,0,9.81\n0.02,0,0,0,0,0,9.81\n0.03,0,0,0,0,0,9.81\n",
    )
    .unwrap();
    let out = wobble(&["feel", "predict", "--motion", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.csv:3:1: t_s is 0.02"), "{err}");
    assert!(out.stdout.is_empty(), "nothing printed before the fault");
}

/// A run's camera into the model, and the head-frame motion it wrote read
/// back through `--motion`: the same predictions.
#[test]
fn predict_runs_a_script_and_writes_the_motion_it_fed() {
    let dir = TempDir::new("svc", "run");
    let motion = dir.join("turn.csv");
    let run = wobble(&[
        "feel",
        "predict",
        "maneuvers/turn_90.txt",
        "--model",
        "classic",
        "--motion-out",
        motion.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let back = wobble(&["feel", "predict", "--motion", motion.to_str().unwrap()]);
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    let parse = |bytes: &[u8]| -> Vec<Vec<f64>> {
        String::from_utf8_lossy(bytes)
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(|f| f.parse().unwrap()).collect())
            .collect()
    };
    let (a, b) = (parse(&run.stdout), parse(&back.stdout));
    assert!(a.len() > 100);
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x[0], y[0]);
        assert!(close(x[1], y[1]) && close(x[2], y[2]), "{x:?} {y:?}");
    }
    assert!(
        a.iter().any(|r| r[2] > 0.0),
        "the classic model's jolts conflict"
    );
    let summary = wobble(&[
        "feel",
        "predict",
        "maneuvers/turn_90.txt",
        "--model",
        "classic",
        "--summary",
        "--minutes",
        "1",
    ]);
    let text = String::from_utf8_lossy(&summary.stdout);
    assert!(
        summary.status.success(),
        "{}",
        String::from_utf8_lossy(&summary.stderr)
    );
    for word in ["msi_end_pct", "conflict_peak", "conflict_rms"] {
        assert!(text.contains(word), "{text}");
    }
}
