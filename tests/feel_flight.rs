//! Flight in the feel lab: each flight maneuver does what its script says
//! (the take-off climbs, the hover holds, the slalom threads the gap without
//! touching a wall, the landing lands), `feel compare`'s flight section is
//! byte-identical run twice and on one thread or many, it only adds to
//! the walking report, and `feel RUN` prints the flown view's metrics of a
//! flight maneuver with the comparison's numbers.

mod common;

use common::temp::TempDir;
use common::wobble;
use wobblecaster::feel::compare::{self, Sections};
use wobblecaster::feel::flight::{self, FlightResult, FlightVariantRun, FLIGHT_MANEUVERS};
use wobblecaster::feel::{FlownSample, Metric, Scale};
use wobblecaster::map::Map;
use wobblecaster::sim::Tunables;

/// Every flight maneuver flown by every variant, from the shipped files.
fn flown() -> Vec<FlightResult> {
    flight::run_all(common::root(), &Tunables::default(), Scale::default(), 90.0).unwrap()
}

/// The run of maneuver `name` with the horizon as given and the jets.
fn run<'a>(
    results: &'a [FlightResult],
    name: &str,
    level: bool,
    jets: bool,
) -> &'a FlightVariantRun {
    let r = results.iter().find(|r| r.maneuver.name == name).unwrap();
    r.runs
        .iter()
        .find(|run| run.variant.level_horizon == level && run.variant.jets == jets)
        .unwrap()
}

fn value(metrics: &[Metric], name: &str) -> Option<f64> {
    metrics.iter().find(|m| m.name == name).unwrap().value
}

/// The samples of `run` from `from_s` seconds on.
fn from(run: &FlightVariantRun, from_s: f64) -> &[FlownSample] {
    let first = (from_s / run.run.flown.dt).round() as usize;
    &run.run.flown.samples[first..]
}

#[test]
fn the_take_off_leaves_the_floor_and_climbs() {
    let results = flown();
    let r = run(&results, "takeoff_climb", false, true);
    let at = |s: f64| from(r, s)[0].altitude;
    // Climbing the whole 4 s of the climbing hover, staying under the
    // engines' cut-out (6.5 tiles below the hangar's 8-tile walls).
    let heights: Vec<f64> = [0.5, 1.5, 2.5, 3.5, 4.4].map(at).to_vec();
    assert!(heights.windows(2).all(|w| w[1] > w[0] + 0.3), "{heights:?}");
    assert!(
        at(0.5) > 0.5 && at(5.0) > 5.0 && at(5.0) < 6.5,
        "{heights:?}"
    );
    assert!(from(r, 0.2).iter().all(|s| s.flying && s.altitude > 0.0));
    let m = &r.flight;
    assert!(value(m, "altitude_max_m").unwrap() > 10.0);
    // The forward tilt tips the view; the level horizon keeps it flat.
    assert!(value(m, "pitch_rate_rms").unwrap() > 1.0);
    let level = run(&results, "takeoff_climb", true, true);
    assert_eq!(value(&level.flight, "pitch_rate_max"), Some(0.0));
}

#[test]
fn the_hover_holds_and_only_the_jets_stop_the_knock_s_spin() {
    let results = flown();
    let held = run(&results, "hover_hold", false, true);
    let hold = from(held, 3.0);
    let spread = |f: fn(&FlownSample) -> f64| {
        let values = hold.iter().map(f);
        values.clone().fold(f64::MIN, f64::max) - values.fold(f64::MAX, f64::min)
    };
    // The last five seconds: still, to a hundredth of a tile.
    assert!(spread(|s| s.altitude) < 0.01, "{}", spread(|s| s.altitude));
    assert!(spread(|s| s.view.x) < 0.01 && spread(|s| s.view.y) < 0.01);
    assert!(spread(|s| s.view.yaw) < 1e-3, "the jets stopped the spin");
    assert!(hold.iter().all(|s| s.flying && s.altitude > 1.0));
    // Without the jets the knock's spin turns the view on and on.
    let spinning = run(&results, "hover_hold", false, false);
    let uncommanded = |r: &FlightVariantRun| value(&r.metrics, "uncommanded_yaw_deg").unwrap();
    assert!(uncommanded(spinning) > 90.0, "{}", uncommanded(spinning));
    assert!(uncommanded(held) < 5.0, "{}", uncommanded(held));
}

/// The distance from (x, y) to the nearest solid tile of `map` within two
/// tiles, tiles.
fn clearance(map: &Map, x: f64, y: f64) -> f64 {
    let (tx, ty) = (x.floor() as i64, y.floor() as i64);
    let mut nearest = f64::MAX;
    for j in ty - 2..=ty + 2 {
        for i in tx - 2..=tx + 2 {
            if map.is_solid(i, j) {
                let dx = (i as f64 - x).max(0.0).max(x - (i + 1) as f64);
                let dy = (j as f64 - y).max(0.0).max(y - (j + 1) as f64);
                nearest = nearest.min(dx.hypot(dy));
            }
        }
    }
    nearest
}

#[test]
fn the_slalom_threads_the_gap_without_touching_a_wall() {
    let results = flown();
    let r = run(&results, "slalom_gap", false, true);
    let m = FLIGHT_MANEUVERS.iter().find(|m| m.name == "slalom_gap");
    let map = m.unwrap().load_map(common::root()).unwrap();
    let samples = &r.run.flown.samples;
    let radius = Tunables::default().player_radius;
    for (i, s) in samples.iter().enumerate() {
        let c = clearance(&map, s.view.x, s.view.y);
        assert!(
            c > radius + 0.05,
            "tick {i} at ({}, {}): {c}",
            s.view.x,
            s.view.y
        );
    }
    // Through the middle wall (row 11) where its gap is (x 19 to 23).
    let in_wall_row: Vec<&FlownSample> = samples
        .iter()
        .filter(|s| (11.0..=12.0).contains(&s.view.y))
        .collect();
    assert!(!in_wall_row.is_empty());
    assert!(in_wall_row
        .iter()
        .all(|s| s.view.x > 19.3 && s.view.x < 22.7));
    let last = samples.last().unwrap();
    assert!(
        last.view.y < 10.0 && last.flying && last.altitude > 0.5,
        "{last:?}"
    );
    assert!(from(r, 0.1).iter().all(|s| s.altitude > 0.0));
}

#[test]
fn the_landing_lands_gently_after_its_cue() {
    let results = flown();
    let r = run(&results, "landing", false, true);
    let last = r.run.flown.samples.last().unwrap();
    assert!(!last.flying && last.altitude == 0.0, "walking at the end");
    let tiles_s = value(&r.flight, "touchdown_speed_tiles_s").unwrap();
    let landing_speed = Tunables::default().flight.landing_speed;
    assert!(tiles_s > 0.3 && tiles_s < landing_speed, "{tiles_s}");
    let metres = value(&r.flight, "touchdown_speed_m_s").unwrap();
    assert!((metres - 2.0 * tiles_s).abs() < 1e-12);
    let time = value(&r.flight, "time_to_land_s").unwrap();
    assert!(time > 2.0 && time < 6.0, "{time}");
    // The cue is where the script starts down: up to it the ship held on.
    assert!(from(r, 4.4)[0].altitude > 2.0);
    for other in ["takeoff_climb", "hover_hold", "slalom_gap"] {
        let r = run(&results, other, false, true);
        assert_eq!(value(&r.flight, "time_to_land_s"), None, "{other}");
    }
}

#[test]
fn the_flight_section_only_adds_to_the_report() {
    let dir = TempDir::new("feel_flight", "adds");
    let root = common::root();
    let base = Tunables::default();
    let results = compare::run_all(root, &base, Scale::default(), 90.0).unwrap();
    let course = compare::run_course(root, &base, Scale::default(), 90.0).unwrap();
    let flight = flown();
    compare::write(&dir.join("walk"), &results, &course, false, "test").unwrap();
    let sections = Sections {
        maneuvers: &results,
        course: &course,
        flight: &flight,
        comfort: &[],
        predicted: &[],
    };
    let written = compare::write_sections(&dir.join("fly"), sections, false, "test").unwrap();
    let walk = std::fs::read_to_string(dir.join("walk").join("report.md")).unwrap();
    let fly = std::fs::read_to_string(dir.join("fly").join("report.md")).unwrap();
    let added = fly
        .strip_prefix(walk.as_str())
        .expect("the walking report unchanged");
    assert!(added.starts_with("## Flight\n"), "{}", &added[..40]);
    for m in FLIGHT_MANEUVERS {
        let plot = format!("flight_{}.png", m.name);
        assert!(added.contains(&format!("]({plot})")), "{plot}");
        assert!(written.contains(&dir.join("fly").join(&plot)), "{plot}");
    }
    let csv = std::fs::read_to_string(dir.join("fly").join("flight.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 1 + 4 * 4);
    assert!(rows[0].starts_with("maneuver,level_horizon,jets,view_cuts_3d,"));
    assert!(rows[1].starts_with("takeoff_climb,false,true,0,"));
    assert!(!dir.join("walk").join("flight.csv").exists());
}

#[test]
fn the_flight_section_is_byte_identical_twice_and_on_any_thread_count() {
    let dir = TempDir::new("feel_flight", "threads");
    let mut outputs = Vec::new();
    for (name, threads) in [("many", None), ("again", None), ("one", Some(1))] {
        let out = dir.join(name);
        let args = [
            "feel",
            "compare",
            "--fov",
            "90",
            "--out",
            out.to_str().unwrap(),
        ];
        let ran = wobble(&args, threads);
        assert!(
            ran.status.success(),
            "{}",
            String::from_utf8_lossy(&ran.stderr)
        );
        outputs.push(out);
    }
    let mut files = vec!["flight.csv".to_string(), "report.md".to_string()];
    files.extend(FLIGHT_MANEUVERS.map(|m| format!("flight_{}.png", m.name)));
    for file in &files {
        let bytes: Vec<Vec<u8>> = outputs
            .iter()
            .map(|o| std::fs::read(o.join(file)).unwrap())
            .collect();
        assert!(!bytes[0].is_empty(), "{file}");
        assert!(bytes[0] == bytes[1], "{file} differs between two runs");
        assert!(bytes[0] == bytes[2], "{file} differs on one thread");
    }
}

/// `feel ARGS --csv`'s rows as (name, value), the value empty when none.
fn feel_csv(args: &[&str]) -> Vec<(String, String)> {
    let mut all = vec!["feel"];
    all.extend(args);
    all.push("--csv");
    let out = wobble(&all, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (cells[0].to_string(), cells[1].to_string())
        })
        .collect()
}

fn cell<'a>(rows: &'a [(String, String)], name: &str) -> &'a str {
    &rows.iter().find(|r| r.0 == name).unwrap().1
}

#[test]
fn feel_prints_the_flown_view_of_a_flight_maneuver_as_compare_measures_it() {
    let results = flown();
    for (m, level, jets) in [("landing", false, true), ("hover_hold", true, false)] {
        let script = format!("maneuvers/flight/{m}.txt");
        let mut args = vec![script.as_str(), "--fov", "90"];
        if level {
            args.push("--level-horizon");
        }
        if !jets {
            args.push("--no-jets");
        }
        let rows = feel_csv(&args);
        let r = run(&results, m, level, jets);
        for metric in r.flight.iter().chain(&r.metrics) {
            let want = metric.value.map_or(String::new(), |v| v.to_string());
            assert_eq!(cell(&rows, metric.name), want, "{m} {}", metric.name);
        }
    }
    // A walking maneuver, or a script that flies but is not a shipped
    // flight maneuver, prints the walking metrics alone unless asked.
    let walk = feel_csv(&["maneuvers/turn_90.txt"]);
    assert!(walk.iter().all(|r| r.0 != "view_cuts_3d"));
    let elsewhere = ["maneuvers/flight/landing.txt", "--map", "hangar"];
    assert!(feel_csv(&elsewhere).iter().all(|r| r.0 != "view_cuts_3d"));
    let asked = feel_csv(&[&elsewhere[..], &["--flight"]].concat());
    assert!(asked.iter().any(|r| r.0 == "view_cuts_3d"));
    // Any script that flies gets them; a cue of its own times its landing.
    let landing = feel_csv(&["maneuvers/flight/landing.txt", "--land-cue", "5.4"]);
    let time: f64 = cell(&landing, "time_to_land_s").parse().unwrap();
    let shipped = value(
        &run(&results, "landing", false, true).flight,
        "time_to_land_s",
    );
    assert!((time - (shipped.unwrap() - 1.0)).abs() < 1e-9, "{time}");
}

/// `trace`'s rows of a script on a map as columns by name.
fn trace_columns(script: &str, map: &str) -> Vec<std::collections::HashMap<String, f64>> {
    let out = wobble(&["trace", "--script", script, "--map", map], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|line| {
            let cells = line.split(',').map(|c| c.parse::<f64>().unwrap());
            header.iter().cloned().zip(cells).collect()
        })
        .collect()
}

/// The `fraction` quantile, linear between order statistics.
fn quantile(values: &[f64], fraction: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = fraction * (v.len() - 1) as f64;
    let (lo, hi) = (rank.floor() as usize, rank.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (rank - lo as f64)
}

#[test]
fn the_flight_metrics_are_recomputed_from_trace_output() {
    // On the hangar as `--map` gives it (its enemies in), both commands
    // run the same world; the landing flies, pitches, yaws and lands.
    let (script, map) = ("maneuvers/flight/landing.txt", "hangar");
    let rows = trace_columns(script, map);
    let felt = feel_csv(&[script, "--map", map, "--fov", "90", "--flight"]);
    let felt = |name: &str| cell(&felt, name).parse::<f64>().unwrap();
    let dt = rows[1]["t"] - rows[0]["t"];
    let metres = 2.0;
    let col = |name: &str| rows.iter().map(|r| r[name]).collect::<Vec<f64>>();
    // The view pitch as the world's camera gives it: the roof's tilt toward
    // the heading, `atan2(sin(pitch) cos(direction), cos(pitch))`.
    let pitch: Vec<f64> = rows
        .iter()
        .map(|r| (r["pitch"].sin() * r["direction"].cos()).atan2(r["pitch"].cos()))
        .collect();
    let yaw = col("camera_yaw");
    let sight = |i: usize| {
        let (p, y) = (pitch[i], yaw[i]);
        [p.cos() * y.cos(), p.cos() * y.sin(), -p.sin()]
    };
    let cut: Vec<bool> = (1..rows.len())
        .map(|i| {
            let (a, b) = (sight(i - 1), sight(i));
            let dot: f64 = (0..3).map(|k| a[k] * b[k]).sum();
            dot.clamp(-1.0, 1.0).acos().to_degrees() > 15.0
        })
        .collect();
    let rates: Vec<f64> = (1..rows.len())
        .filter(|&i| !cut[i - 1])
        .map(|i| ((pitch[i] - pitch[i - 1]) / dt).to_degrees())
        .collect();
    let abs: Vec<f64> = rates.iter().map(|r| r.abs()).collect();
    let rms = (rates.iter().map(|r| r * r).sum::<f64>() / rates.len() as f64).sqrt();
    let close = |name: &str, want: f64| {
        let got = felt(name);
        assert!(
            (got - want).abs() <= 1e-9 * want.abs().max(1.0),
            "{name}: {got} vs {want}"
        );
    };
    assert_eq!(
        felt("view_cuts_3d"),
        cut.iter().filter(|&&c| c).count() as f64
    );
    close("pitch_rate_rms", rms);
    close("pitch_rate_p95", quantile(&abs, 0.95));
    close("pitch_rate_max", abs.iter().copied().fold(0.0, f64::max));
    let over = abs.iter().filter(|&&r| r > 30.0).count() as f64 / abs.len() as f64;
    close("pitch_rate_over_30_share", over);
    assert!(over > 0.0, "a share that could be wrong");
    let z = col("z");
    close(
        "altitude_max_m",
        z.iter().copied().fold(0.0, f64::max) * metres,
    );
    close(
        "airborne_s",
        z[1..].iter().filter(|&&v| v > 0.0).count() as f64 * dt,
    );
    // The first touchdown after the cue at 4.4 s: the descent over the tick
    // before the one that reached the floor.
    let first = (4.4 / dt).round() as usize;
    let contact = (first..z.len())
        .find(|&i| z[i - 1] > 0.0 && z[i] == 0.0)
        .unwrap();
    close(
        "touchdown_speed_tiles_s",
        (z[contact - 2] - z[contact - 1]) / dt,
    );
    // The dose in the view's frame: second differences of the eye turned by
    // yaw, then pitch, through Wf.
    let (x, y, e) = (col("camera_x"), col("camera_y"), col("eye_z"));
    let mut axes = [Vec::new(), Vec::new(), Vec::new()];
    for i in 1..rows.len() - 1 {
        let second = |v: &[f64]| (v[i + 1] - 2.0 * v[i] + v[i - 1]) * metres / (dt * dt);
        let (ax, ay, az) = (second(&x), second(&y), second(&e));
        let (sy, cy) = yaw[i].sin_cos();
        let (sp, cp) = pitch[i].sin_cos();
        let along = ax * cy + ay * sy;
        axes[0].push(cp * along - sp * az);
        axes[1].push(-ax * sy + ay * cy);
        axes[2].push(sp * along + cp * az);
    }
    let dose = axes.map(|a| wobblecaster::feel::wf::msdv(&a, dt));
    close("msdv_3d_sight", dose[0]);
    close("msdv_3d_lateral", dose[1]);
    close("msdv_3d_up", dose[2]);
    close("msdv_3d", dose.iter().map(|d| d * d).sum::<f64>().sqrt());
    assert!(
        dose[0] > 0.1 && cut.iter().any(|&c| c),
        "a run with something to measure"
    );
}

#[test]
fn a_sweep_flies_a_flight_maneuver_the_same_on_any_thread_count() {
    let dir = TempDir::new("feel_flight", "sweep");
    let results = flown();
    let mut csvs = Vec::new();
    for (name, threads) in [("many", None), ("one", Some(1))] {
        let out = dir.join(name);
        let args = [
            "feel",
            "sweep",
            "--maneuver",
            "flight/hover_hold",
            "--set",
            "jet_spin=0..900:4",
            "--metric",
            "uncommanded_yaw_deg,pitch_rate_rms,msdv_3d",
            "--fov",
            "90",
            "--out",
            out.to_str().unwrap(),
        ];
        let ran = wobble(&args, threads);
        assert!(
            ran.status.success(),
            "{}",
            String::from_utf8_lossy(&ran.stderr)
        );
        csvs.push(std::fs::read_to_string(out.join("sweep.csv")).unwrap());
    }
    assert_eq!(csvs[0], csvs[1], "one thread and many");
    let rows: Vec<Vec<f64>> = csvs[0]
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(|c| c.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 4);
    // No jet strength is no jets: the comparison's run with them off.
    let off = run(&results, "hover_hold", false, false);
    assert_eq!(Some(rows[0][1]), value(&off.metrics, "uncommanded_yaw_deg"));
    assert_eq!(Some(rows[0][2]), value(&off.flight, "pitch_rate_rms"));
    // Stronger jets stop the knock's spin sooner.
    assert!(rows.windows(2).all(|w| w[1][1] < w[0][1]), "{rows:?}");
    let refused = wobble(
        &[
            "feel",
            "sweep",
            "--maneuver",
            "flight/hover",
            "--set",
            "jet_spin=0..9:2",
        ]
        .iter()
        .chain(&[
            "--metric",
            "msdv_3d",
            "--out",
            dir.join("no").to_str().unwrap(),
        ])
        .copied()
        .collect::<Vec<_>>(),
        None,
    );
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("flight/hover_hold"));
}
