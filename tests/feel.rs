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

/// Runs the binary with `args` from the source tree; its stdout.
fn wobblecaster(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// One row of `trace` output: the columns this check reads.
struct Row {
    x: f64,
    y: f64,
    yaw: f64,
    wish: f64,
}

/// The tick length and rows of a `trace` CSV.
fn parse_trace(csv: &str) -> (f64, Vec<Row>) {
    let dt: f64 = csv
        .lines()
        .find_map(|l| l.strip_prefix("# dt="))
        .expect("a dt line")
        .parse()
        .unwrap();
    let mut lines = csv.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (x, y, yaw, wish) = (col("x"), col("y"), col("camera_yaw"), col("wish_heading"));
    let rows = lines
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|c| c.parse().unwrap()).collect();
            Row {
                x: v[x],
                y: v[y],
                yaw: v[yaw],
                wish: v[wish],
            }
        })
        .collect();
    (dt, rows)
}

/// Angles made continuous: each step the shortest turn from the last.
fn continuous(angles: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for a in angles {
        let next = match out.last() {
            None => a,
            Some(&prev) => {
                let mut d = (a - prev).rem_euclid(std::f64::consts::TAU);
                if d > std::f64::consts::PI {
                    d -= std::f64::consts::TAU;
                }
                prev + d
            }
        };
        out.push(next);
    }
    out
}

/// The metrics this check recomputes from a trace, written from their
/// definitions in the reference, not from the feel module.
fn from_trace(dt: f64, rows: &[Row], metres_per_tile: f64) -> Vec<(&'static str, f64)> {
    let yaw = continuous(rows.iter().map(|r| r.yaw));
    let wish = continuous(rows.iter().map(|r| r.wish));
    let rate: Vec<f64> = yaw
        .windows(2)
        .map(|w| (w[1] - w[0]).to_degrees() / dt)
        .collect();
    let accel: Vec<f64> = rate.windows(2).map(|w| (w[1] - w[0]) / dt).collect();
    let n = rate.len() as f64;
    let rms = |v: &[f64]| (v.iter().map(|a| a * a).sum::<f64>() / v.len() as f64).sqrt();
    let mut sorted: Vec<f64> = rate.iter().map(|r| r.abs()).collect();
    sorted.sort_by(f64::total_cmp);
    let rank = 0.95 * (sorted.len() - 1) as f64;
    let (lo, frac) = (rank.floor() as usize, rank - rank.floor());
    let p95 = sorted[lo] + (sorted[(lo + 1).min(sorted.len() - 1)] - sorted[lo]) * frac;
    let share = |v: &[f64], keep: &dyn Fn(f64) -> bool| {
        v.iter().filter(|&&a| keep(a)).count() as f64 / v.len() as f64
    };
    // Reversals: the rate crossing from beyond +1 deg/s to beyond -1, or back.
    let signs = rate.iter().filter(|r| r.abs() > 1.0).map(|r| r.signum());
    let signs: Vec<f64> = signs.collect();
    let reversals = signs.windows(2).filter(|w| w[0] != w[1]).count() as f64;
    let velocity: Vec<(f64, f64)> = rows
        .windows(2)
        .map(|w| {
            let k = metres_per_tile / dt;
            ((w[1].x - w[0].x) * k, (w[1].y - w[0].y) * k)
        })
        .collect();
    let speed: Vec<f64> = velocity.iter().map(|v| v.0.hypot(v.1)).collect();
    let moving: Vec<usize> = (0..speed.len()).filter(|&i| speed[i] > 0.1).collect();
    let slipping = moving.iter().filter(|&&i| {
        let view = (yaw[i] + yaw[i + 1]) / 2.0;
        let off = continuous([view, velocity[i].1.atan2(velocity[i].0)].into_iter());
        (off[1] - off[0]).abs() > 25f64.to_radians()
    });
    let sideslip = match moving.len() {
        0 => 0.0,
        m => slipping.count() as f64 / m as f64,
    };
    let uncommanded: f64 = (1..yaw.len())
        .map(|i| ((yaw[i] - yaw[i - 1]) - (wish[i] - wish[i - 1])).abs())
        .sum();
    vec![
        ("yaw_rate_rms", rms(&rate)),
        ("yaw_rate_p95", p95),
        ("yaw_rate_over_30_share", share(&rate, &|r| r.abs() > 30.0)),
        ("yaw_rate_over_60_share", share(&rate, &|r| r.abs() > 60.0)),
        ("yaw_accel_rms", rms(&accel)),
        ("yaw_reversals_per_s", reversals / (n * dt)),
        ("speed_mean", speed.iter().sum::<f64>() / speed.len() as f64),
        ("speed_max", speed.iter().copied().fold(0.0, f64::max)),
        ("speed_over_3ms_share", share(&speed, &|v| v > 3.0)),
        ("speed_over_10ms_share", share(&speed, &|v| v > 10.0)),
        ("sideslip_over_25_share", sideslip),
        ("uncommanded_yaw_deg", uncommanded.to_degrees()),
    ]
}

#[test]
fn feel_csv_agrees_with_metrics_computed_from_trace_output() {
    let cases = [
        ("maneuvers/slalom.txt", "polar", "1"),
        ("maneuvers/uturn_180.txt", "quake", "2"),
        ("maneuvers/spin_release.txt", "polar", "2"),
        ("maneuvers/stop_start.txt", "classic", "3.5"),
    ];
    for (script, model, scale) in cases {
        let run = [script, "--model", model];
        let trace = wobblecaster(&[&["trace", "--script"][..], &run].concat());
        let (dt, rows) = parse_trace(&trace);
        let feel =
            wobblecaster(&[&["feel"][..], &run, &["--csv", "--metres-per-tile", scale]].concat());
        let mut lines = feel.lines();
        assert_eq!(lines.next(), Some("metric,value,unit"));
        let reported: Vec<(String, f64)> = lines
            .map(|l| {
                let cells: Vec<&str> = l.split(',').collect();
                assert_eq!(cells.len(), 3, "{l}");
                (cells[0].to_string(), cells[1].parse().unwrap())
            })
            .collect();
        let expected = from_trace(dt, &rows, scale.parse().unwrap());
        let mut nonzero = 0;
        for (name, want) in expected {
            let got = reported
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("feel --csv has no {name}"))
                .1;
            let tolerance = 1e-9 * want.abs().max(1.0);
            assert!(
                (got - want).abs() <= tolerance,
                "{script} {model}: {name} is {got} from feel, {want} from trace"
            );
            nonzero += usize::from(want != 0.0);
        }
        assert!(nonzero >= 3, "{script} {model}: the check must see motion");
    }
}
