//! The feel lab headless: the comparison report and its plots, and metrics
//! that agree with an independent computation from `trace` output.

use std::path::Path;
use wobblecaster::feel::compare::{self, CompareError};
use wobblecaster::feel::maneuvers::{MANEUVERS, VARIANTS};
use wobblecaster::feel::Scale;
use wobblecaster::sim::Tunables;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wobble-feel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn compare_writes_a_report_and_a_plot_per_maneuver() {
    let results = compare::run_all(root(), &Tunables::default(), Scale::default()).unwrap();
    assert_eq!(results.len(), MANEUVERS.len());
    let dir = temp_dir("report");
    let written = compare::write(&dir, &results, false, "test").unwrap();
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
    let again = compare::write(&dir, &results, false, "test");
    assert!(matches!(again, Err(CompareError::NotEmpty(_))));
    // ...and a file the report did not write survives a forced one.
    std::fs::write(dir.join("mine.txt"), "keep me").unwrap();
    compare::write(&dir, &results, true, "test").unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("mine.txt")).unwrap(),
        "keep me"
    );
}
