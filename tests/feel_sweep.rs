//! `feel sweep` and `feel spin` through the command line: the grid's shape,
//! keys, ranges and metrics refused up front naming them, byte-identical
//! `sweep.csv` on one thread and many, a two-key sweep's files, and an
//! output folder never overwritten without `--force`.

mod common;

use common::temp::TempDir;
use common::wobble;
use std::process::Output;
use std::time::Instant;

/// `feel sweep --maneuver NAME` with `sets` and `metrics` into `out`.
fn sweep(name: &str, sets: &[&str], metrics: &str, out: &str, threads: Option<usize>) -> Output {
    let mut args = vec!["feel", "sweep", "--maneuver", name, "--fov", "90"];
    for s in sets {
        args.extend(["--set", s]);
    }
    args.extend(["--metric", metrics, "--out", out]);
    wobble(&args, threads)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_two_key_sweep_writes_a_row_per_point_and_a_heat_map_per_metric() {
    let dir = TempDir::new("feel_sweep", "two_keys");
    let out = dir.join("out");
    let started = Instant::now();
    let run = sweep(
        "uturn_180",
        &["turn_rate=6..48:8", "max_speed=2..6:5"],
        "yaw_rate_rms,heading_settle_s",
        out.to_str().unwrap(),
        None,
    );
    println!(
        "two keys, 40 points, 2 metrics: {:.2} s",
        started.elapsed().as_secs_f64()
    );
    assert!(run.status.success(), "{}", stderr(&run));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "turn_rate,max_speed,yaw_rate_rms,heading_settle_s"
    );
    assert_eq!(lines.len(), 1 + 8 * 5, "a row per point");
    // The first key varies slowest; every value is in the grid.
    assert!(lines[1].starts_with("6,2,"), "{}", lines[1]);
    assert!(lines[5].starts_with("6,6,"), "{}", lines[5]);
    assert!(lines[6].starts_with("12,2,"), "{}", lines[6]);
    assert!(lines[40].starts_with("48,6,"), "{}", lines[40]);
    // The metric differs over the grid: the tunables reached the world.
    let rms: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    assert!(rms.iter().any(|v| *v != rms[0]), "{rms:?}");
    for name in ["yaw_rate_rms", "heading_settle_s"] {
        let png = image::open(out.join(format!("{name}.png"))).unwrap();
        assert!(png.width() >= 800 && png.height() >= 600);
    }
}

#[test]
fn sweep_csv_is_the_same_bytes_on_one_thread_and_many() {
    let dir = TempDir::new("feel_sweep", "threads");
    let csv = |threads: Option<usize>, name: &str| {
        let out = dir.join(name);
        let run = sweep(
            "spin_release",
            &["turn_rate=6..60:6", "coast_brake=0..1:3"],
            "yaw_rate_rms,msdv_total,view_cuts",
            out.to_str().unwrap(),
            threads,
        );
        assert!(run.status.success(), "{}", stderr(&run));
        std::fs::read(out.join("sweep.csv")).unwrap()
    };
    let one = csv(Some(1), "one");
    assert_eq!(one, csv(None, "every"), "one thread against every core");
    assert_eq!(one, csv(Some(3), "three"), "one thread against three");
    // And the spin study.
    let spin = |threads: Option<usize>, name: &str| {
        let out = dir.join(name);
        let out = out.to_str().unwrap();
        let run = wobble(&["feel", "spin", "--fov", "90", "--out", out], threads);
        assert!(run.status.success(), "{}", stderr(&run));
        std::fs::read(dir.join(name).join("sweep.csv")).unwrap()
    };
    assert_eq!(spin(Some(1), "spin_one"), spin(None, "spin_every"));
}

#[test]
fn bad_keys_ranges_and_metrics_are_refused_before_anything_runs() {
    let dir = TempDir::new("feel_sweep", "refused");
    let out = dir.join("out");
    let out = out.to_str().unwrap();
    let refused = |sets: &[&str], metrics: &str| {
        let run = sweep("turn_90", sets, metrics, out, None);
        assert!(!run.status.success());
        assert!(!dir.join("out").exists(), "nothing written");
        stderr(&run)
    };
    let e = refused(&["turn_rate=0.5..48:4"], "yaw_rate_rms");
    assert!(
        e.contains("`turn_rate` must be 1 to 100 per second, found 0.5"),
        "{e}"
    );
    let e = refused(&["max_speed=1..25:4"], "yaw_rate_rms");
    assert!(
        e.contains("`max_speed` must be 0.5 to 20 tiles per second"),
        "{e}"
    );
    let e = refused(&["turn_rat=1..48:4"], "yaw_rate_rms");
    assert!(
        e.contains("`turn_rat`") && e.contains("did you mean `turn_rate`"),
        "{e}"
    );
    let e = refused(&["friction=0..1:2"], "yaw_rate_rms");
    assert!(e.contains("quake_friction or jet_friction"), "{e}");
    let e = refused(&["turn_rate=1..48"], "yaw_rate_rms");
    assert!(e.contains("KEY=FROM..TO:N"), "{e}");
    let e = refused(&["turn_rate=1..48:500"], "yaw_rate_rms");
    assert!(e.contains("N must be 2 to 101"), "{e}");
    let e = refused(&["turn_rate=1..48:4", "turn_rate=1..2:2"], "yaw_rate_rms");
    assert!(e.contains("`turn_rate` is swept twice"), "{e}");
    let e = refused(
        &["turn_rate=1..48:4", "max_speed=1..2:2", "gyro=0..10:2"],
        "yaw_rate_rms",
    );
    assert!(e.contains("at most 2 keys"), "{e}");
    let e = refused(&["turn_rate=1..48:4"], "yaw_rate_rms,yaw_rate_rsm");
    assert!(
        e.contains("`yaw_rate_rsm`") && e.contains("did you mean `yaw_rate_rms`"),
        "{e}"
    );
}

#[test]
fn a_one_key_sweep_draws_a_line_and_keeps_a_full_folder_without_force() {
    let dir = TempDir::new("feel_sweep", "one_key");
    let out = dir.join("out");
    let path = out.to_str().unwrap();
    let run = sweep("turn_90", &["gyro=0..720:5"], "yaw_rate_rms", path, None);
    assert!(run.status.success(), "{}", stderr(&run));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert_eq!(csv.lines().count(), 6);
    assert!(csv.starts_with("gyro,yaw_rate_rms\n0,"), "{csv}");
    assert!(image::open(out.join("yaw_rate_rms.png")).is_ok());
    // A second sweep into the now full folder is refused, nothing changed.
    std::fs::write(out.join("mine.txt"), "keep me").unwrap();
    let before = std::fs::read(out.join("sweep.csv")).unwrap();
    let again = sweep("turn_90", &["gyro=0..360:3"], "yaw_rate_rms", path, None);
    assert!(!again.status.success());
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    assert_eq!(std::fs::read(out.join("sweep.csv")).unwrap(), before);
    // With --force the sweep's files are replaced and the others stay.
    let mut args = vec!["feel", "sweep", "--maneuver", "turn_90", "--fov", "90"];
    args.extend(["--set", "gyro=0..360:3", "--metric", "yaw_rate_rms"]);
    args.extend(["--out", path, "--force"]);
    let forced = wobble(&args, None);
    assert!(forced.status.success(), "{}", stderr(&forced));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert_eq!(csv.lines().count(), 4);
    assert_eq!(
        std::fs::read_to_string(out.join("mine.txt")).unwrap(),
        "keep me"
    );
}

#[test]
fn an_unknown_maneuver_is_refused_with_the_nearest() {
    let dir = TempDir::new("feel_sweep", "maneuver");
    let out = dir.join("out");
    let run = sweep(
        "uturn_18",
        &["gyro=0..720:2"],
        "yaw_rate_rms",
        out.to_str().unwrap(),
        None,
    );
    assert!(!run.status.success());
    assert!(
        stderr(&run).contains("did you mean `uturn_180`"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn the_course_is_swept_with_the_bot_driving() {
    let dir = TempDir::new("feel_sweep", "course");
    let out = dir.join("out");
    let path = out.to_str().unwrap();
    let args = [
        "feel",
        "sweep",
        "--course",
        "--set",
        "turn_rate=12..36:2",
        "--metric",
        "completion_time_s,yaw_rate_rms",
        "--out",
        path,
        "--fov",
        "90",
    ];
    let run = wobble(&args, None);
    assert!(run.status.success(), "{}", stderr(&run));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "turn_rate,completion_time_s,yaw_rate_rms");
    assert_eq!(lines.len(), 3);
}
