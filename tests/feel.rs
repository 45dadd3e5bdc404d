//! The feel lab headless: the comparison report and its plots, and metrics
//! that agree with an independent computation from `trace` output.

use std::f64::consts::{FRAC_1_SQRT_2, PI, TAU};
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

/// One tick of the camera, as read from a `trace` CSV.
struct Row {
    x: f64,
    y: f64,
    /// Eye height up to a constant, tiles.
    z: f64,
    yaw: f64,
    wish: f64,
}

/// The tick length and camera rows of a `trace` CSV.
///
/// A walking trace has the camera yaw and the wish heading but no eye
/// height: with head bob off (no run here turns it on) the eye stays at
/// one height, taken as 0. A flying trace has the height of the feet (the
/// eye is a fixed height above them while alive) but no heading: `heading`
/// stands in for the camera yaw and the wish, and every row's vertical
/// spin must be 0, since only that spin and the turn keys turn the heading
/// in flight and the flights here press no turn key.
fn parse_trace(csv: &str, heading: f64) -> (f64, Vec<Row>) {
    let dt: f64 = csv
        .lines()
        .find_map(|l| l.strip_prefix("# dt="))
        .expect("a dt line")
        .parse()
        .unwrap();
    let mut lines = csv.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (x, y) = (col("x").unwrap(), col("y").unwrap());
    let flying = col("z").zip(col("spin_z"));
    let walking = col("camera_yaw").zip(col("wish_heading"));
    let rows = lines
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|c| c.parse().unwrap()).collect();
            let (x, y) = (v[x], v[y]);
            match (walking, flying) {
                (Some((yaw, wish)), _) => Row {
                    x,
                    y,
                    z: 0.0,
                    yaw: v[yaw],
                    wish: v[wish],
                },
                (None, Some((z, spin_z))) => {
                    assert_eq!(v[spin_z], 0.0, "the heading turned in flight: {l}");
                    Row {
                        x,
                        y,
                        z: v[z],
                        yaw: heading,
                        wish: heading,
                    }
                }
                (None, None) => panic!("neither a walking nor a flying trace: {header:?}"),
            }
        })
        .collect();
    (dt, rows)
}

/// `angle` (radians) wrapped into (-pi, pi]: the short way round.
fn short_way(angle: f64) -> f64 {
    let turn = angle.rem_euclid(TAU);
    if turn > PI {
        turn - TAU
    } else {
        turn
    }
}

/// Angles made continuous: each step the shortest turn from the last.
fn continuous(angles: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for a in angles {
        let next = match out.last() {
            None => a,
            Some(&prev) => prev + short_way(a - prev),
        };
        out.push(next);
    }
    out
}

/// The ISO 2631-1:1997 Wf weighting at a sample interval of `dt` seconds,
/// as four digital sections (numerator, denominator; coefficients of z^0,
/// z^-1, z^-2), from the standard's parameters: band limiting f1 = 0.08 Hz
/// and f2 = 0.63 Hz (Butterworth), transition f4 = 0.25 Hz with Q4 = 0.86
/// (f3 infinite), upward step f5 = 0.0625 Hz and f6 = 0.1 Hz with Q = 0.8.
fn wf_sections(dt: f64) -> [([f64; 3], [f64; 3]); 4] {
    // Bilinear transform with the corner prewarped: in the standard's
    // 1 + s/(q w) + s^2/w^2, s/w = (1 - z^-1) / (K (1 + z^-1)) with
    // K = tan(pi f dt); everything is multiplied by K^2 (1 + z^-1)^2.
    let quadratic = |hz: f64, q: f64| {
        let k = (PI * hz * dt).tan();
        [k * k + k / q + 1.0, 2.0 * k * k - 2.0, k * k - k / q + 1.0]
    };
    let low_pass = |hz: f64, q: f64| {
        let k2 = (PI * hz * dt).tan().powi(2);
        ([k2, 2.0 * k2, k2], quadratic(hz, q))
    };
    [
        ([1.0, -2.0, 1.0], quadratic(0.08, FRAC_1_SQRT_2)),
        low_pass(0.63, FRAC_1_SQRT_2),
        low_pass(0.25, 0.86),
        (quadratic(0.0625, 0.8), quadratic(0.1, 0.8)),
    ]
}

/// Motion sickness dose value `sqrt(sum a_w^2 dt)` of an acceleration
/// series (m/s²), `a_w` the series through Wf from rest.
fn msdv(acceleration: &[f64], dt: f64) -> f64 {
    let sections = wf_sections(dt);
    // Per section: the last two inputs, then the last two outputs.
    let mut memory = [[0.0f64; 4]; 4];
    let mut dose = 0.0;
    for &a in acceleration {
        let mut x = a;
        for ((b, d), m) in sections.iter().zip(&mut memory) {
            let y = (b[0] * x + b[1] * m[0] + b[2] * m[1] - d[1] * m[2] - d[2] * m[3]) / d[0];
            *m = [x, m[0], y, m[2]];
            x = y;
        }
        dose += x * x * dt;
    }
    dose.sqrt()
}

/// The share of power in 0.1-0.5 Hz and the frequency (Hz) of the
/// strongest bin up to 10 Hz (the lowest on a tie), of `signal` sampled
/// every `dt` seconds: a plain one-sided DFT of the mean-removed signal,
/// bins `1 / T` apart, powers summing to the variance. Both 0 when the
/// signal's RMS about its mean is at most 1e-6.
fn spectrum(signal: &[f64], dt: f64) -> (f64, f64) {
    let n = signal.len();
    let mean = signal.iter().sum::<f64>() / n as f64;
    let centred: Vec<f64> = signal.iter().map(|v| v - mean).collect();
    let variance = centred.iter().map(|v| v * v).sum::<f64>() / n as f64;
    if variance <= 1e-12 {
        return (0.0, 0.0);
    }
    let resolution_hz = 1.0 / (n as f64 * dt);
    let (mut in_band, mut strongest) = (0.0, (0.0, 0.0));
    for k in (1..=n / 2).take_while(|&k| k as f64 * resolution_hz <= 10.0 + 1e-9) {
        let hz = k as f64 * resolution_hz;
        let (re, im) = centred
            .iter()
            .enumerate()
            .fold((0.0, 0.0), |(re, im), (i, v)| {
                let phase = TAU * (k * i) as f64 / n as f64;
                (re + v * phase.cos(), im - v * phase.sin())
            });
        // Every bin but Nyquist stands for its mirror image too.
        let sides = if 2 * k == n { 1.0 } else { 2.0 };
        let power = sides * (re * re + im * im) / (n * n) as f64;
        if (0.1 - 1e-9..=0.5 + 1e-9).contains(&hz) {
            in_band += power;
        }
        if power > strongest.1 {
            strongest = (hz, power);
        }
    }
    (in_band / variance, strongest.0)
}

/// The worst overshoot (% of the step) and the longest settling time (s)
/// over the steps of the wish heading, from the unwrapped camera yaw and
/// wish (radians, one per tick of `dt` seconds).
///
/// A hold is the wish unchanged (to 1e-9 rad) for at least 1 s; a step
/// lies between two holds (or the start and the first hold) and counts if
/// its net change exceeds 5 degrees. Overshoot: how far the camera goes
/// past the new command in the step's direction, from the step's start to
/// the hold's end, its starting offset from the old command taken the
/// short way round. Settling: from the hold's start until the camera is
/// within 2 degrees and stays so; the whole hold if outside at its end.
fn step_response(yaw: &[f64], wish: &[f64], dt: f64) -> (f64, f64) {
    // Runs of a constant wish, as (first, last) tick.
    let mut runs = vec![(0, 0)];
    for i in 1..wish.len() {
        match runs.last_mut() {
            Some(run) if (wish[i] - wish[i - 1]).abs() <= 1e-9 => run.1 = i,
            _ => runs.push((i, i)),
        }
    }
    let holds = runs
        .into_iter()
        .filter(|&(first, last)| (last - first) as f64 * dt >= 1.0 - 1e-9);
    let (mut overshoot, mut settle) = (0.0f64, 0.0f64);
    // The tick the next change starts from: the previous hold's last.
    let mut from = 0;
    for (first, last) in holds {
        let size = wish[first] - wish[from];
        if first > from && size.abs() > 5f64.to_radians() {
            let start = short_way(yaw[from] - wish[from]) - size;
            let error = |i: usize| start + (yaw[i] - yaw[from]);
            let beyond = (from..=last).map(|i| error(i) * size.signum());
            overshoot = overshoot.max(beyond.fold(0.0, f64::max) / size.abs() * 100.0);
            let outside = (first..=last)
                .rev()
                .find(|&i| error(i).abs() > 2f64.to_radians());
            let settled = match outside {
                None => first,
                Some(i) if i == last => last,
                Some(i) => i + 1,
            };
            settle = settle.max((settled - first) as f64 * dt);
        }
        from = last;
    }
    (overshoot, settle)
}

/// Fore-aft (along the camera yaw) and vertical accelerations, m/s², at
/// every inner tick, by second differences.
fn accelerations(dt: f64, rows: &[Row], metres_per_tile: f64) -> (Vec<f64>, Vec<f64>) {
    let second = |a: f64, b: f64, c: f64| (a - 2.0 * b + c) * metres_per_tile / (dt * dt);
    rows.windows(3)
        .map(|w| {
            let ax = second(w[0].x, w[1].x, w[2].x);
            let ay = second(w[0].y, w[1].y, w[2].y);
            let (sin, cos) = w[1].yaw.sin_cos();
            (ax * cos + ay * sin, second(w[0].z, w[1].z, w[2].z))
        })
        .unzip()
}

/// Every metric `feel` reports, in its order, recomputed from a trace,
/// written from their definitions in the reference, not from the feel
/// module.
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
    let (band_share, dominant_hz) = spectrum(&rate, dt);
    let (fore_aft, vertical) = accelerations(dt, rows, metres_per_tile);
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
    let (overshoot_pct, settle_s) = step_response(&yaw, &wish, dt);
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
        ("yaw_power_share_0_1_to_0_5_hz", band_share),
        ("yaw_dominant_hz", dominant_hz),
        ("msdv_fore_aft", msdv(&fore_aft, dt)),
        ("msdv_vertical", msdv(&vertical, dt)),
        ("speed_mean", speed.iter().sum::<f64>() / speed.len() as f64),
        ("speed_max", speed.iter().copied().fold(0.0, f64::max)),
        ("speed_over_3ms_share", share(&speed, &|v| v > 3.0)),
        ("speed_over_10ms_share", share(&speed, &|v| v > 10.0)),
        ("sideslip_over_25_share", sideslip),
        ("heading_overshoot_pct", overshoot_pct),
        ("heading_settle_s", settle_s),
        ("uncommanded_yaw_deg", uncommanded.to_degrees()),
    ]
}

/// The `metric,value` rows of `feel --csv` output, in order.
fn parse_feel_csv(csv: &str) -> Vec<(String, f64)> {
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("metric,value,unit"));
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            assert_eq!(cells.len(), 3, "{l}");
            (cells[0].to_string(), cells[1].parse().unwrap())
        })
        .collect()
}

/// A turn at speed, then letting go: the polar camera overshoots and
/// settles within the hold (not only at its end).
const TURN_THEN_COAST: &str = "2 forward\n0.6 forward+turn-right\n4 none\n";

/// A flight with no turning: take off, climb, tilt forward, brake, tilt
/// back and to the side, drop, hover. It stays in the air and away from
/// any wall, so the eye stays a fixed height above the feet.
const FLIGHT: &str = "0.5 jetpack+hover\n0.8 thrust\n2 hover+pointer=0,0.5\n\
                      1.5 brake+hover\n2 hover+pointer=0.3,-0.4\n1 none\n2 hover\n";

#[test]
fn feel_csv_agrees_with_metrics_computed_from_trace_output() {
    let dir = temp_dir("cross-check");
    std::fs::create_dir_all(&dir).unwrap();
    let script = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let (coast, flight) = (
        script("turn_coast.txt", TURN_THEN_COAST),
        script("flight.txt", FLIGHT),
    );
    // The open plane's start heading, for the flight trace that has none:
    // the wish heading before the first tick of a walking trace.
    let still = script("still.txt", "0.1 none\n");
    let start = parse_trace(&wobblecaster(&["trace", "--script", &still]), f64::NAN).1[0].wish;
    let cases = [
        // Yaw reversals and a 1 Hz wobble; no step (the swings cancel).
        ("maneuvers/slalom.txt", "polar", "1"),
        // A camera on the heading: no overshoot.
        ("maneuvers/uturn_180.txt", "quake", "2"),
        // Speed-angle spins; a little sideslip.
        ("maneuvers/spin_release.txt", "polar", "2"),
        // Above 10 m/s at this scale; no turning at all.
        ("maneuvers/stop_start.txt", "classic", "3.5"),
        // Overshoot, and a camera never within 2 degrees: the whole hold.
        ("maneuvers/turn_90.txt", "polar", "2"),
        (coast.as_str(), "polar", "2"),
        // The only vertical motion, and sideslip from a fixed view.
        (flight.as_str(), "classic", "2"),
    ];
    // Each metric must be non-zero in some case, or its check could not fail.
    let mut seen_nonzero: Vec<&str> = Vec::new();
    let mut every_metric: Vec<&str> = Vec::new();
    for (script, model, scale) in cases {
        let run = [script, "--model", model];
        let trace = wobblecaster(&[&["trace", "--script"][..], &run].concat());
        let (dt, rows) = parse_trace(&trace, start);
        let feel =
            wobblecaster(&[&["feel"][..], &run, &["--csv", "--metres-per-tile", scale]].concat());
        let reported = parse_feel_csv(&feel);
        let expected = from_trace(dt, &rows, scale.parse().unwrap());
        let reported_names: Vec<&str> = reported.iter().map(|(n, _)| n.as_str()).collect();
        every_metric = expected.iter().map(|&(n, _)| n).collect();
        assert_eq!(reported_names, every_metric, "feel reports what is checked");
        for ((_, got), (name, want)) in reported.iter().zip(expected) {
            // The same quantities by other code and in other orders: they
            // agree to rounding, far inside 1e-9.
            let tolerance = 1e-9 * want.abs().max(1.0);
            assert!(
                (got - want).abs() <= tolerance,
                "{script} {model}: {name} is {got} from feel, {want} from trace"
            );
            if want != 0.0 && !seen_nonzero.contains(&name) {
                seen_nonzero.push(name);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let never: Vec<&&str> = every_metric
        .iter()
        .filter(|n| !seen_nonzero.contains(n))
        .collect();
    assert!(never.is_empty(), "no case moves {never:?}");
}
