//! The visual pathway (a stated hypothesis) through the program: `feel
//! predict --pathway` on a run, what it says of itself, how the comfort
//! options and the view move it; and `feel compare`'s predicted-sickness
//! section, the same bytes on one thread or many.

mod common;

use common::temp::TempDir;
use wobblecaster::feel::compare::{self, Sections, PREDICTED_PNG};
use wobblecaster::feel::predicted::{self, MODELS};
use wobblecaster::feel::svc::{Pathway, VisualTunables};
use wobblecaster::feel::Scale;
use wobblecaster::sim::Tunables;

/// `feel predict maneuvers/turn_90.txt --summary` with `args`: its text
/// and the MSI at the end.
fn summary(args: &[&str]) -> (String, f64) {
    let mut all = vec![
        "feel",
        "predict",
        "maneuvers/turn_90.txt",
        "--summary",
        "--minutes",
        "2",
    ];
    all.extend(args);
    let out = common::wobble(&all, None);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let msi = text
        .lines()
        .find(|l| l.starts_with("msi_end_pct"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no MSI in {text}"));
    (text, msi)
}

#[test]
fn predict_says_its_pathway_and_the_visual_one_answers_to_what_is_seen() {
    let classic = ["--model", "classic"];
    let (vestibular, vest) = summary(&classic);
    assert!(
        vestibular.contains("pathway vestibular: the published"),
        "{vestibular}"
    );
    let (seen, plain) = summary(&[&classic[..], &["--pathway", "visual"]].concat());
    assert!(seen.contains("pathway visual (a hypothesis"), "{seen}");
    assert!(seen.contains("field of view 90 deg, screen at the eye unknown, reference none"));
    assert!(plain > 0.0 && plain < vest, "{plain} {vest}");
    let visual =
        |more: &[&str]| summary(&[&classic[..], &["--pathway", "visual"], more].concat()).1;
    assert!(visual(&["--vignette", "1"]) < plain);
    assert!(visual(&["--reference", "frame"]) < plain);
    assert!(visual(&["--screen-deg", "40"]) < plain);
    assert!(visual(&["--fov", "120"]) > plain);
    // The published reading does not see the view.
    let (_, restricted) = summary(&[&classic[..], &["--vignette", "1"]].concat());
    assert_eq!(restricted, vest);
}

#[test]
fn predict_names_the_hypothesis_in_its_csv_header_and_refuses_a_bad_pathway() {
    let out = common::wobble(
        &[
            "feel",
            "predict",
            "maneuvers/turn_90.txt",
            "--pathway",
            "visual",
        ],
        None,
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().next(),
        Some("t_s,msi_pct_visual_hypothesis,conflict_visual_hypothesis")
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("a hypothesis"));
    for bad in [["--pathway", "eyes"], ["--screen-deg", "180"]] {
        let out = common::wobble(
            &["feel", "predict", "maneuvers/turn_90.txt", bad[0], bad[1]],
            None,
        );
        assert!(!out.status.success(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(bad[1]), "{err}");
    }
}

#[test]
fn the_compare_section_predicts_each_model_and_option_the_same_on_any_thread_count() {
    let root = common::root();
    let base = Tunables::default();
    let visual = VisualTunables::default();
    let view = (Scale::default(), 90.0);
    let course = compare::run_course(root, &base, view.0, view.1).unwrap();
    let run = || predicted::run_all(root, &base, view, (0.25, &course), &visual).unwrap();
    let many = run();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(run);
    assert_eq!(many.len(), MODELS.len() * 4);
    for (a, b) in many.iter().zip(&one) {
        assert_eq!(a.curves, b.curves);
        assert_eq!(a.curves.len(), Pathway::ALL.len());
        // 15 s of the course: the curve's last point at a quarter minute.
        let last = a.curves[1].msi.last().unwrap();
        assert!((last.0 - 0.25).abs() < 1e-9, "{last:?}");
    }
    // The hypothesis' direction, by construction: the restrictor lowers
    // the visual reading for every model and leaves the published one.
    for m in MODELS {
        let find = |o| predicted::find(&many, m, o).unwrap();
        let (plain, narrowed) = (find("plain"), find("restrictor"));
        assert!(
            narrowed.curves[1].msi_end() < plain.curves[1].msi_end(),
            "{}",
            m.label()
        );
        assert_eq!(narrowed.curves[0], plain.curves[0]);
    }
    let dir = TempDir::new("svc_visual", "report");
    let sections = Sections {
        maneuvers: &[],
        course: &[],
        flight: &[],
        comfort: &[],
        predicted: &many,
    };
    let written = compare::write_sections(&dir.join("r"), sections, false, "test").unwrap();
    assert!(written.iter().any(|p| p.ends_with(PREDICTED_PNG)));
    let report = std::fs::read_to_string(dir.join("r").join("report.md")).unwrap();
    assert!(report.contains("## Predicted sickness (0.25 minutes of the course)"));
    assert!(report.contains("visual (a hypothesis"));
    let png = image::open(dir.join("r").join(PREDICTED_PNG)).unwrap();
    assert!(png.width() >= 800);
}
