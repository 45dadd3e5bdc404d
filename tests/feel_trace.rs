//! Every feel metric recomputed from `trace` output by code written here
//! from the definitions (docs/feel-lab.md, "The metrics and where they come from"),
//! not from the feel module, and compared with `feel --csv`: the lab must
//! compute what it says it computes.

mod common;

use common::temp::TempDir;
use std::f64::consts::{FRAC_1_SQRT_2, PI, TAU};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
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
    /// Eye height, tiles.
    z: f64,
    yaw: f64,
    wish: f64,
    /// The tick's controls: a turn key or a look, and the push.
    turning: bool,
    push: (f64, f64),
    /// Depths at the left and right edges and 30 degrees either side.
    depth: [f64; 4],
    /// The field of view the restrictor leaves visible, degrees.
    visible: f64,
    /// True when the tick that led here snapped the view.
    snapped: bool,
}

/// The tick length, field of view and camera rows of a `trace` CSV (a
/// walking or a flying one: both end in the same camera columns).
fn parse_trace(csv: &str) -> (f64, f64, Vec<Row>) {
    let comment = |key: &str| -> f64 {
        let line = csv.lines().find_map(|l| l.strip_prefix(key));
        line.unwrap_or_else(|| panic!("no {key} line"))
            .parse()
            .unwrap()
    };
    let (dt, fov) = (comment("# dt="), comment("# fov="));
    let mut lines = csv.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let rows = lines
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|c| c.parse().unwrap()).collect();
            let at = |name: &str| v[col(name)];
            Row {
                x: at("camera_x"),
                y: at("camera_y"),
                z: at("eye_z"),
                yaw: at("camera_yaw"),
                wish: at("wish_heading"),
                turning: at("turn") != 0.0 || at("look") != 0.0,
                push: (at("forward"), at("right")),
                depth: ["depth_left", "depth_right", "depth_left30", "depth_right30"].map(at),
                visible: at("visible_fov"),
                snapped: at("snapped") == 1.0,
            }
        })
        .collect();
    (dt, fov, rows)
}

/// Angles made continuous: each step the shortest turn from the last.
fn continuous(angles: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for a in angles {
        let next = match out.last() {
            None => a,
            Some(&prev) => {
                let turn = (a - prev).rem_euclid(TAU);
                prev + if turn > PI { turn - TAU } else { turn }
            }
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
/// series (m/s²), `a_w` the series through Wf from rest, run on for two
/// minutes of no acceleration after it so the filter rings down.
fn msdv(acceleration: &[f64], dt: f64) -> f64 {
    let sections = wf_sections(dt);
    let mut memory = [[0.0f64; 4]; 4];
    let mut dose = 0.0;
    let run_out = (120.0 / dt) as usize;
    for a in acceleration
        .iter()
        .copied()
        .chain(std::iter::repeat_n(0.0, run_out))
    {
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

/// The one-sided powers of bins 1, 2, ... up to 10 Hz and the variance of
/// `signal` (mean removed), by a plain DFT; None when the RMS about the
/// mean is at most `noise`.
fn spectrum(signal: &[f64], dt: f64, noise: f64) -> Option<(Vec<f64>, f64, f64)> {
    let n = signal.len();
    let mean = signal.iter().sum::<f64>() / n as f64;
    let centred: Vec<f64> = signal.iter().map(|v| v - mean).collect();
    let variance = centred.iter().map(|v| v * v).sum::<f64>() / n as f64;
    if variance <= noise * noise {
        return None;
    }
    let resolution = 1.0 / (n as f64 * dt);
    let powers = (1..=n / 2)
        .take_while(|&k| k as f64 * resolution <= 10.0 + 1e-9)
        .map(|k| {
            let (re, im) = centred
                .iter()
                .enumerate()
                .fold((0.0, 0.0), |(re, im), (i, v)| {
                    let phase = TAU * (k * i % n) as f64 / n as f64;
                    (re + v * phase.cos(), im - v * phase.sin())
                });
            let sides = if 2 * k == n { 1.0 } else { 2.0 };
            sides * (re * re + im * im) / (n * n) as f64
        })
        .collect();
    Some((powers, variance, resolution))
}

/// A real peak of a spectrum, Hz: the strongest bin, not the lowest, above
/// both neighbours, with at least 5 % of the variance and 20 times the
/// median bin.
fn peak(spectrum: &Option<(Vec<f64>, f64, f64)>) -> Option<f64> {
    let (p, variance, resolution) = spectrum.as_ref()?;
    let mut k = 0;
    for i in 1..p.len() {
        if p[i] > p[k] {
            k = i;
        }
    }
    let mut sorted = p.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let ok = k >= 1
        && p[k] > p[k - 1]
        && (k + 1 == p.len() || p[k] >= p[k + 1])
        && p[k] >= 0.05 * variance
        && p[k] >= 20.0 * median;
    ok.then(|| (k + 1) as f64 * resolution)
}

/// The share of the variance in 0.1-0.5 Hz.
fn band_share(spectrum: &Option<(Vec<f64>, f64, f64)>) -> f64 {
    let Some((p, variance, resolution)) = spectrum else {
        return 0.0;
    };
    let in_band: f64 = p
        .iter()
        .enumerate()
        .filter(|(i, _)| (0.1 - 1e-9..=0.5 + 1e-9).contains(&((i + 1) as f64 * resolution)))
        .map(|(_, v)| v)
        .sum();
    in_band / variance
}

/// Over the steps of the wish heading: the worst overshoot (% of the
/// step), undershoot left at a hold's end (degrees), the longest settling
/// time (s) and whether that one was cut short by its hold's end; None
/// without a step. A hold is the wish unchanged (to 1e-9 rad) for at least
/// 1 s; a step lies between two holds (or the start and the first hold)
/// and counts if its net change exceeds 5 degrees.
fn steps(yaw: &[f64], wish: &[f64], dt: f64) -> Option<(f64, f64, f64, bool)> {
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
    let mut worst: Option<(f64, f64, f64, bool)> = None;
    let mut from = 0;
    for (first, last) in holds {
        let size = wish[first] - wish[from];
        if first > from && size.abs() > 5f64.to_radians() {
            let offset = continuous([wish[from], yaw[from]].into_iter());
            let start = (offset[1] - offset[0]) - size;
            let error = |i: usize| start + (yaw[i] - yaw[from]);
            let beyond = (from..=last).map(|i| error(i) * size.signum());
            let overshoot = beyond.fold(0.0, f64::max) / size.abs() * 100.0;
            let short = (-error(last) * size.signum()).max(0.0).to_degrees();
            let outside = (first..=last)
                .rev()
                .find(|&i| error(i).abs() > 2f64.to_radians());
            let (settled, censored) = match outside {
                None => (first, false),
                Some(i) if i == last => (last, true),
                Some(i) => (i + 1, false),
            };
            let settle = (settled - first) as f64 * dt;
            let w = worst.get_or_insert((0.0, 0.0, 0.0, false));
            w.0 = w.0.max(overshoot);
            w.1 = w.1.max(short);
            if settle > w.2 || (settle == w.2 && censored) {
                (w.2, w.3) = (settle, censored);
            }
        }
        from = last;
    }
    worst
}

fn rms(v: &[f64]) -> f64 {
    match v.len() {
        0 => 0.0,
        n => (v.iter().map(|a| a * a).sum::<f64>() / n as f64).sqrt(),
    }
}

fn mean(v: &[f64]) -> f64 {
    match v.len() {
        0 => 0.0,
        n => v.iter().sum::<f64>() / n as f64,
    }
}

fn p95(v: &[f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut sorted = v.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = 0.95 * (sorted.len() - 1) as f64;
    let (lo, frac) = (rank.floor() as usize, rank - rank.floor());
    sorted[lo] + (sorted[(lo + 1).min(sorted.len() - 1)] - sorted[lo]) * frac
}

fn share(v: &[f64], keep: impl Fn(f64) -> bool) -> f64 {
    match v.len() {
        0 => 0.0,
        n => v.iter().filter(|&&a| keep(a)).count() as f64 / n as f64,
    }
}

/// Every metric `feel` reports, in its order, recomputed from a trace.
fn from_trace(dt: f64, fov: f64, rows: &[Row], m: f64) -> Vec<(&'static str, Option<f64>)> {
    let yaw = continuous(rows.iter().map(|r| r.yaw));
    let wish = continuous(rows.iter().map(|r| r.wish));
    let n = yaw.len() - 1;
    // View cuts: over 15 degrees in one tick, or a snap turn of the view;
    // the smooth figures skip them.
    let turn: Vec<f64> = (0..n).map(|i| yaw[i + 1] - yaw[i]).collect();
    let cut: Vec<bool> = (0..n)
        .map(|i| rows[i + 1].snapped || turn[i].abs() > 15f64.to_radians())
        .collect();
    let rate: Vec<f64> = turn.iter().map(|t| t.to_degrees() / dt).collect();
    let smooth: Vec<f64> = (0..n).filter(|&i| !cut[i]).map(|i| rate[i]).collect();
    let size: Vec<f64> = smooth.iter().map(|r| r.abs()).collect();
    let accel: Vec<f64> = (1..n)
        .filter(|&i| !cut[i] && !cut[i - 1])
        .map(|i| (rate[i] - rate[i - 1]) / dt)
        .collect();
    let jerk: Vec<f64> = (2..n)
        .filter(|&i| !cut[i] && !cut[i - 1] && !cut[i - 2])
        .map(|i| (rate[i] - 2.0 * rate[i - 1] + rate[i - 2]) / (dt * dt))
        .collect();
    let signs: Vec<f64> = smooth
        .iter()
        .filter(|r| r.abs() > 1.0)
        .map(|r| r.signum())
        .collect();
    let reversals = signs.windows(2).filter(|w| w[0] != w[1]).count() as f64;
    let mut last = 0.0;
    let held: Vec<f64> = (0..n)
        .map(|i| {
            if !cut[i] {
                last = rate[i];
            }
            last
        })
        .collect();
    let yaw_spectrum = spectrum(&held, dt, 1e-6);
    let long = n as f64 * dt >= 10.0 - dt / 2.0;
    // The commands.
    let (mut lag, mut uncommanded) = (0.0, 0.0);
    for i in 0..n {
        if rows[i + 1].turning {
            lag += (turn[i] - (wish[i + 1] - wish[i])).abs();
        } else if rows[i + 1].push == rows[i].push {
            uncommanded += turn[i].abs();
        }
    }
    let step = steps(&yaw, &wish, dt);
    // Accelerations in the view's frame, metres.
    let k = m / (dt * dt);
    let second = |a: f64, b: f64, c: f64| (a - 2.0 * b + c) * k;
    let (mut fore, mut side, mut up) = (Vec::new(), Vec::new(), Vec::new());
    for w in rows.windows(3) {
        let (ax, ay) = (
            second(w[0].x, w[1].x, w[2].x),
            second(w[0].y, w[1].y, w[2].y),
        );
        let (sin, cos) = w[1].yaw.sin_cos();
        fore.push(ax * cos + ay * sin);
        side.push(ay * cos - ax * sin);
        up.push(second(w[0].z, w[1].z, w[2].z));
    }
    let (d_fore, d_side, d_up) = (msdv(&fore, dt), msdv(&side, dt), msdv(&up, dt));
    let eye: Vec<f64> = rows.iter().map(|r| r.z * m).collect();
    // Speeds and sideslip.
    let velocity: Vec<(f64, f64)> = rows
        .windows(2)
        .map(|w| ((w[1].x - w[0].x) * m / dt, (w[1].y - w[0].y) * m / dt))
        .collect();
    let speed: Vec<f64> = velocity.iter().map(|v| v.0.hypot(v.1)).collect();
    let moving: Vec<usize> = (0..n).filter(|&i| speed[i] > 0.1).collect();
    let slipping = moving.iter().filter(|&&i| {
        let view = (yaw[i] + yaw[i + 1]) / 2.0;
        let off = continuous([view, velocity[i].1.atan2(velocity[i].0)].into_iter());
        (off[1] - off[0]).abs() > 25f64.to_radians()
    });
    let sideslip = match moving.len() {
        0 => 0.0,
        count => slipping.count() as f64 / count as f64,
    };
    // Optic flow: |(v . across) / depth + turn rate| for each ray, the
    // edge rays at the edge of the visible field (the whole `fov` with no
    // restrictor).
    assert!(rows.iter().all(|r| r.visible <= fov));
    let (mut edge, mut inner) = (Vec::new(), Vec::new());
    for i in 0..n {
        let half = rows[i].visible / 2.0;
        let offsets = [-half, half, -30.0, 30.0].map(f64::to_radians);
        let (vx, vy) = (
            (rows[i + 1].x - rows[i].x) / dt,
            (rows[i + 1].y - rows[i].y) / dt,
        );
        for (j, offset) in offsets.iter().enumerate() {
            let b = yaw[i] + offset;
            let across = vy * b.cos() - vx * b.sin();
            let flow = (across / rows[i].depth[j] + turn[i] / dt)
                .abs()
                .to_degrees();
            if j < 2 {
                edge.push(flow)
            } else {
                inner.push(flow)
            }
        }
    }
    vec![
        ("view_cuts", Some(cut.iter().filter(|&&c| c).count() as f64)),
        ("yaw_rate_rms", Some(rms(&smooth))),
        ("yaw_rate_p95", Some(p95(&size))),
        ("yaw_rate_over_30_share", Some(share(&size, |r| r > 30.0))),
        ("yaw_rate_over_60_share", Some(share(&size, |r| r > 60.0))),
        ("yaw_accel_rms", Some(rms(&accel))),
        ("yaw_jerk_rms", Some(rms(&jerk))),
        ("yaw_reversals_per_s", Some(reversals / (n as f64 * dt))),
        (
            "yaw_power_share_0_1_to_0_5_hz",
            long.then(|| band_share(&yaw_spectrum)),
        ),
        ("yaw_dominant_hz", peak(&yaw_spectrum)),
        ("yaw_lag_deg", Some(lag.to_degrees())),
        ("uncommanded_yaw_deg", Some(uncommanded.to_degrees())),
        ("heading_overshoot_pct", step.map(|s| s.0)),
        ("heading_undershoot_deg", step.map(|s| s.1)),
        ("heading_settle_s", step.map(|s| s.2)),
        (
            "heading_settle_censored",
            step.map(|s| f64::from(u8::from(s.3))),
        ),
        ("msdv_fore_aft", Some(d_fore)),
        ("msdv_lateral", Some(d_side)),
        ("msdv_vertical", Some(d_up)),
        (
            "msdv_total",
            Some((d_fore * d_fore + d_side * d_side + d_up * d_up).sqrt()),
        ),
        ("head_bob_accel_rms", Some(rms(&up))),
        ("head_bob_hz", peak(&spectrum(&eye, dt, 1e-9))),
        ("speed_mean", Some(mean(&speed))),
        ("speed_max", Some(speed.iter().copied().fold(0.0, f64::max))),
        ("speed_over_3ms_share", Some(share(&speed, |v| v > 3.0))),
        ("speed_over_10ms_share", Some(share(&speed, |v| v > 10.0))),
        ("sideslip_over_25_share", Some(sideslip)),
        ("edge_flow_deg_s_mean", Some(mean(&edge))),
        ("edge_flow_deg_s_p95", Some(p95(&edge))),
        ("flow30_deg_s_mean", Some(mean(&inner))),
        ("flow30_deg_s_p95", Some(p95(&inner))),
        (
            "visible_fov_mean_deg",
            Some(mean(&rows.iter().map(|r| r.visible).collect::<Vec<_>>())),
        ),
        (
            "visible_fov_min_deg",
            Some(rows.iter().map(|r| r.visible).fold(f64::INFINITY, f64::min)),
        ),
    ]
}

/// The `metric,value` rows of `feel --csv` output, in order; an empty
/// value is one the run does not define.
fn parse_feel_csv(csv: &str) -> Vec<(String, Option<f64>)> {
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("metric,value,unit"));
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            assert_eq!(cells.len(), 3, "{l}");
            let value = (!cells[1].is_empty()).then(|| cells[1].parse().unwrap());
            (cells[0].to_string(), value)
        })
        .collect()
}

/// A turn at speed, then letting go: the polar camera overshoots and
/// settles within the hold (not only at its end).
const TURN_THEN_COAST: &str = "2 forward\n0.6 forward+turn-right\n4 none\n";

/// Twelve seconds of slow weaving, long enough for the 0.1-0.5 Hz band.
const SLOW_WEAVE: &str = "2 forward\n2 forward+turn-left\n2 forward+turn-right\n\
                          2 forward+turn-left\n2 forward+turn-right\n2 forward\n";

/// A flight with no turning: take off, climb, tilt forward, brake, tilt
/// back and to the side, drop, hover.
const FLIGHT: &str = "0.5 jetpack+hover\n0.8 thrust\n2 hover+pointer=0,0.5\n\
                      1.5 brake+hover\n2 hover+pointer=0.3,-0.4\n1 none\n2 hover\n";

#[test]
fn feel_csv_agrees_with_metrics_computed_from_trace_output() {
    let dir = TempDir::new("feel-trace", "scripts");
    let script = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let (coast, flight, weave) = (
        script("turn_coast.txt", TURN_THEN_COAST),
        script("flight.txt", FLIGHT),
        script("weave.txt", SLOW_WEAVE),
    );
    let cases: [(&str, &[&str], &str); 11] = [
        // Long enough for the band share.
        (&weave, &["--model", "polar"], "2"),
        // Yaw reversals and a 1 Hz wobble; no step (the swings cancel).
        ("maneuvers/slalom.txt", &["--model", "polar"], "1"),
        // A camera on the heading: no overshoot; Quake's bob.
        (
            "maneuvers/uturn_180.txt",
            &["--model", "quake", "--head-bob", "1"],
            "2",
        ),
        // Speed-angle spins; a little sideslip.
        ("maneuvers/spin_release.txt", &["--model", "polar"], "2"),
        // Above 10 m/s at this scale; no turning at all.
        ("maneuvers/stop_start.txt", &["--model", "classic"], "3.5"),
        // Overshoot, and a camera never within 2 degrees: censored.
        ("maneuvers/turn_90.txt", &["--model", "polar"], "2"),
        // A view flip: a cut.
        ("maneuvers/reverse_push.txt", &["--model", "polar"], "2"),
        // Snaps of the view (cuts under 15 degrees a tick too) and the
        // restrictor narrowing the edge rays.
        (
            "maneuvers/slalom.txt",
            &["--model", "classic", "--snap-turn", "15", "--vignette", "1"],
            "2",
        ),
        (&coast, &["--model", "polar"], "2"),
        // Walls near the eye: the flow's depths.
        ("maneuvers/corridor_run.txt", &["--map", "feel_course"], "2"),
        // The only vertical motion.
        (&flight, &["--model", "classic"], "2"),
    ];
    // Each metric must be non-zero in some case, or its check could not fail.
    let mut seen_nonzero: Vec<&str> = Vec::new();
    let mut every_metric: Vec<&str> = Vec::new();
    for (script, options, scale) in cases {
        let run = [&[script][..], options].concat();
        let trace = wobblecaster(&[&["trace", "--script"][..], &run].concat());
        let (dt, fov, rows) = parse_trace(&trace);
        let csv = ["--csv", "--metres-per-tile", scale, "--fov", "90"];
        let reported = parse_feel_csv(&wobblecaster(&[&["feel"][..], &run, &csv].concat()));
        let expected = from_trace(dt, fov, &rows, scale.parse().unwrap());
        let reported_names: Vec<&str> = reported.iter().map(|(n, _)| n.as_str()).collect();
        every_metric = expected.iter().map(|&(n, _)| n).collect();
        assert_eq!(reported_names, every_metric, "feel reports what is checked");
        for ((_, got), (name, want)) in reported.iter().zip(expected) {
            match (got, want) {
                (Some(got), Some(want)) => {
                    // The same quantities by other code and in other
                    // orders: they agree to rounding.
                    let tolerance = 1e-9 * want.abs().max(1.0);
                    assert!(
                        (got - want).abs() <= tolerance,
                        "{script} {options:?}: {name} is {got} from feel, {want} from trace"
                    );
                    if want != 0.0 && !seen_nonzero.contains(&name) {
                        seen_nonzero.push(name);
                    }
                }
                (got, want) => assert_eq!(got, &want, "{script} {options:?}: {name}"),
            }
        }
    }
    let never: Vec<&&str> = every_metric
        .iter()
        .filter(|n| !seen_nonzero.contains(n))
        .collect();
    assert!(never.is_empty(), "no case moves {never:?}");
}
