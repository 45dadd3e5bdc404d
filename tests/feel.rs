//! The feel lab headless: the comparison report and its plots (the
//! metrics' agreement with `trace` output is in `tests/feel_trace.rs`).

mod common;

use common::temp::TempDir;
use std::path::Path;
use wobblecaster::feel::compare::{self, CompareError};
use wobblecaster::feel::maneuvers::{MANEUVERS, VARIANTS};
use wobblecaster::feel::Scale;
use wobblecaster::sim::Tunables;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch folder for test `name`, removed with its files when
/// dropped, and the path of a folder inside it that is not there yet.
fn temp_dir(name: &str) -> (TempDir, std::path::PathBuf) {
    let scratch = TempDir::new("feel", name);
    let dir = scratch.join(name);
    (scratch, dir)
}

#[test]
fn compare_writes_a_report_and_a_plot_per_maneuver() {
    let results = compare::run_all(root(), &Tunables::default(), Scale::default(), 90.0).unwrap();
    assert_eq!(results.len(), MANEUVERS.len());
    let (_scratch, dir) = temp_dir("report");
    let written = compare::write(&dir, &results, &[], false, "test").unwrap();
    assert_eq!(written.len(), MANEUVERS.len() + 1);
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    for m in MANEUVERS {
        assert!(report.contains(&format!("## {}", m.name)));
        let png = image::open(dir.join(format!("{}.png", m.name))).unwrap();
        assert!(png.width() >= 800);
    }
    for v in VARIANTS {
        assert!(
            report.contains(&format!("| {} |", v.label())),
            "row for {}",
            v.label()
        );
    }
    // A second run into the same, now non-empty, folder is refused...
    let again = compare::write(&dir, &results, &[], false, "test");
    assert!(matches!(again, Err(CompareError::NotEmpty(_))));
    // ...and a file the report did not write survives a forced one.
    std::fs::write(dir.join("mine.txt"), "keep me").unwrap();
    compare::write(&dir, &results, &[], true, "test").unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("mine.txt")).unwrap(),
        "keep me"
    );
}

/// `feel RUN --csv` with `args`: metric name and value (None when empty).
fn feel_csv(args: &[&str]) -> Vec<(String, Option<f64>)> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .arg("feel")
        .args(args)
        .arg("--csv")
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            (cells[0].to_string(), cells[1].parse().ok())
        })
        .collect()
}

fn metric(rows: &[(String, Option<f64>)], name: &str) -> Option<f64> {
    rows.iter().find(|(n, _)| n == name).unwrap().1
}

#[test]
fn the_measures_answer_what_their_names_ask() {
    // A turn in the classic model throws the body sideways, not fore-aft.
    let turn = feel_csv(&["maneuvers/turn_90.txt", "--model", "classic"]);
    let (lateral, fore_aft) = (
        metric(&turn, "msdv_lateral"),
        metric(&turn, "msdv_fore_aft"),
    );
    assert!(
        lateral.unwrap() > 10.0 * fore_aft.unwrap(),
        "{lateral:?} {fore_aft:?}"
    );
    // The polar model's one-tick flip when the push reverses is a cut, and
    // the smooth yaw figures do not drown in it.
    let args = [
        "maneuvers/reverse_push.txt",
        "--model",
        "polar",
        "--coupling",
        "velocity",
    ];
    let flip = feel_csv(&args);
    assert!(metric(&flip, "view_cuts").unwrap() >= 1.0);
    assert!(
        metric(&flip, "yaw_rate_rms").unwrap() < 1e-6,
        "the rest is straight"
    );
    // The wobble of a slalom is smooth motion: its p95 is not 0.
    let slalom = feel_csv(&["maneuvers/slalom.txt", "--model", "polar"]);
    assert_eq!(metric(&slalom, "view_cuts"), Some(0.0));
    assert!(metric(&slalom, "yaw_rate_p95").unwrap() > 1.0);
    // A wider view sees the corridor's walls sweep by faster at its edges.
    let corridor = |fov: &str| {
        let rows = feel_csv(&[
            "maneuvers/corridor_run.txt",
            "--map",
            "feel_course",
            "--fov",
            fov,
        ]);
        metric(&rows, "edge_flow_deg_s_mean").unwrap()
    };
    let (narrow, wide) = (corridor("70"), corridor("110"));
    assert!(wide > 1.5 * narrow, "{narrow} at 70 degrees, {wide} at 110");
}
