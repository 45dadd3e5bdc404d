//! The performance tables of docs/performance.md from runs of
//! `wobblecaster bench --csv`: for every frame size, the one-core and
//! all-core frame times, the fill of the same buffer on all cores, the
//! frame over that fill, all cores over one, and the one-core time a
//! pixel, each as the range over the runs given (the median of each run;
//! `--min` takes each run's quickest instead), then the tick, then the
//! performance targets (PERF.md, issue 24) with how many of the runs meet
//! each.
//!
//! `--quiet` keeps only the runs a busy host did not disturb, by a test
//! that does not look at the figures judged (PERF.md entry 42): every
//! frame and fill row's median within 10% of its quickest, and each
//! size's all-core fill at most 0.6 of its one-core fill (the second core
//! was there). It says which runs it left out and why.
//!
//! Run: `wobblecaster bench --csv > run1.csv` (three times or more, on a
//! quiet machine), then `cargo run --example perf_table -- run1.csv
//! run2.csv run3.csv`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use wobblecaster::files;

/// The largest CSV accepted: a bench run is about 4 KB.
const MAX_BYTES: u64 = 1 << 20;

/// The most runs read: far more than a table needs, and a bound on the
/// work a long list of files can ask for.
const MAX_RUNS: usize = 1000;

/// A timing's median at most this much over its quickest, for a quiet run.
const QUIET_SPREAD: f64 = 1.10;

/// The all-core fill at most this share of the one-core fill, for a quiet
/// run: more, and the second core was busy with something else.
const QUIET_FILL_SHARE: f64 = 0.6;

/// One run's rows: name to value.
type Run = BTreeMap<String, f64>;

/// Every row of the runs kept: name to the values, one per run that has it.
type Rows = BTreeMap<String, Vec<f64>>;

fn main() {
    let mut out = String::new();
    let result = run(&mut out);
    print!("{out}");
    if let Err(e) = result {
        eprintln!("perf_table: {e}");
        std::process::exit(1);
    }
}

/// Writes the tables for the command line's runs to `out`; with
/// `--quiet`, which runs it left out even when it then fails.
fn run(out: &mut String) -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |args: &mut Vec<String>, name: &str| {
        let had = args.iter().any(|a| a == name);
        args.retain(|a| a != name);
        had
    };
    let (min, quiet_only) = (flag(&mut args, "--min"), flag(&mut args, "--quiet"));
    if args.is_empty() {
        return Err("usage: perf_table [--min] [--quiet] RUN.csv [RUN.csv ...]".into());
    }
    if args.len() > MAX_RUNS {
        return Err(format!("{} runs given; at most {MAX_RUNS}", args.len()));
    }
    let runs = args
        .iter()
        .map(|path| read_run(path).map(|run| (path.as_str(), run)))
        .collect::<Result<Vec<_>, _>>()?;
    let kept: Vec<&Run> = if quiet_only {
        let _ = writeln!(
            out,
            "Quiet runs (every frame and fill median within {:.0}% of its quickest; \
             each size's all-core fill at most {QUIET_FILL_SHARE} of its one-core fill):",
            (QUIET_SPREAD - 1.0) * 100.0
        );
        let mut kept = Vec::new();
        for (path, run) in &runs {
            match quiet(run) {
                Ok(()) => kept.push(run),
                Err(why) => {
                    let _ = writeln!(out, "- left out {path}: {why}");
                }
            }
        }
        let _ = writeln!(out, "- kept {} of {}\n", kept.len(), runs.len());
        if kept.is_empty() {
            return Err("no run is quiet".into());
        }
        kept
    } else {
        runs.iter().map(|(_, run)| run).collect()
    };
    *out += &table(&merge(&kept), min, kept.len());
    *out += &targets(&kept);
    Ok(())
}

/// The rows of the bench CSV at `path`: read as the game reads any input
/// (a regular file only, opened without blocking, at most [`MAX_BYTES`]),
/// its header checked, every value a finite number, no row twice.
fn read_run(path: &str) -> Result<Run, String> {
    let text =
        files::read_text(Path::new(path), "bench run", MAX_BYTES).map_err(|e| e.to_string())?;
    let mut lines = text.lines();
    if lines.next() != Some("name,value,unit") {
        return Err(format!(
            "{path}:1: not the header of `bench --csv` (name,value,unit)"
        ));
    }
    let mut run = Run::new();
    for (i, line) in lines.enumerate() {
        let mut cells = line.split(',');
        let (Some(name), Some(value)) = (cells.next(), cells.next()) else {
            return Err(format!("{path}:{}: not name,value,unit", i + 2));
        };
        let value: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| format!("{path}:{}: {value:?} is not a finite number", i + 2))?;
        if run.insert(name.to_string(), value).is_some() {
            return Err(format!("{path}:{}: {name} a second time", i + 2));
        }
    }
    Ok(run)
}

/// The frame sizes `names` have a one-core frame row for, smallest first.
fn sizes<'a>(names: impl Iterator<Item = &'a String>) -> Vec<(u32, u32)> {
    let mut sizes: Vec<(u32, u32)> = names
        .filter_map(|k| k.strip_prefix("frame_")?.strip_suffix("_1t_ms"))
        .filter_map(|s| {
            let (w, h) = s.split_once('x')?;
            Some((w.parse().ok()?, h.parse().ok()?))
        })
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// Ok if `run` is quiet (see the module's comment), else the first row
/// that shows it was not. A run with no frame rows is not judged quiet.
fn quiet(run: &Run) -> Result<(), String> {
    let found = sizes(run.keys());
    if found.is_empty() {
        return Err("no frame rows".into());
    }
    for (w, h) in found {
        // A timing's row name, median and quickest: both rows must be there.
        let timing = |kind: &str, cores: &str| {
            let name = format!("{kind}_{w}x{h}_{cores}_ms");
            match (run.get(&name), run.get(&format!("{name}_min"))) {
                (Some(&median), Some(&quickest)) => Ok((name, median, quickest)),
                _ => Err(format!("no {name} or no {name}_min")),
            }
        };
        let [frame_one, frame_all, fill_one, fill_all] = [
            timing("frame", "1t")?,
            timing("frame", "all")?,
            timing("fill", "1t")?,
            timing("fill", "all")?,
        ];
        for (name, median, quickest) in [&frame_one, &frame_all, &fill_one, &fill_all] {
            if *median > quickest * QUIET_SPREAD {
                return Err(format!(
                    "{name} median {median:.3} ms is {:.2}x its quickest {quickest:.3}",
                    median / quickest
                ));
            }
        }
        let ((name, all, _), (_, one, _)) = (fill_all, fill_one);
        if all > one * QUIET_FILL_SHARE {
            return Err(format!(
                "{name} {all:.3} ms is {:.2} of the one-core {one:.3}",
                all / one
            ));
        }
    }
    Ok(())
}

/// The rows of `runs` side by side.
fn merge(runs: &[&Run]) -> Rows {
    let mut rows = Rows::new();
    for run in runs {
        for (name, &value) in run.iter() {
            rows.entry(name.clone()).or_default().push(value);
        }
    }
    rows
}

/// The range of `values`, `digits` after the point: "a" if every value
/// agrees to those digits, else "a-b"; "-" if there is none.
fn span(values: &[f64], digits: usize) -> String {
    if values.is_empty() {
        return "-".into();
    }
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (a, b) = (format!("{lo:.digits$}"), format!("{hi:.digits$}"));
    if a == b {
        a
    } else {
        format!("{a}-{b}")
    }
}

/// The range of row `name` over the runs (see [`span`]).
fn range(rows: &Rows, name: &str, digits: usize) -> String {
    span(rows.get(name).map_or(&[], |v| v), digits)
}

/// The markdown table of the frame sizes found in `rows`, then the tick's
/// row; `min` reads each timing's quickest run rather than its median.
fn table(rows: &Rows, min: bool, runs: usize) -> String {
    let t = |name: String| if min { name + "_min" } else { name };
    let which = if min { "quickest" } else { "median" };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| frame | one core (ms) | all cores (ms) | fill, all cores (ms) | frame / fill | all / one | ns a pixel, one core |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    for (w, h) in sizes(rows.keys()) {
        let s = format!("{w}x{h}");
        let _ = writeln!(
            out,
            "| {s} | {} | {} | {} | {}x | {}x | {} |",
            range(rows, &t(format!("frame_{s}_1t_ms")), 3),
            range(rows, &t(format!("frame_{s}_all_ms")), 3),
            range(rows, &t(format!("fill_{s}_all_ms")), 3),
            range(rows, &format!("ratio_frame_to_fill_{s}"), 1),
            range(rows, &format!("speedup_all_over_1t_{s}"), 2),
            range(rows, &format!("ns_per_pixel_{s}_1t"), 2),
        );
    }
    let _ = writeln!(
        out,
        "\nThe tick with 1000 walkers, 100 tanks and 10,000 particles: {} ms. \
         Ranges over {runs} runs of `bench --csv`, each run's {which}; the ratios \
         and the time a pixel are each run's own (of medians).",
        range(rows, &t("sim_tick_1000w_100t_10000p_ms".into()), 2),
    );
    out
}

/// Which side of its bound a target's figure must be on.
#[derive(Clone, Copy)]
enum Bound {
    AtMost(f64),
    AtLeast(f64),
    Under(f64),
}

impl Bound {
    fn met(self, value: f64) -> bool {
        match self {
            Self::AtMost(b) => value <= b,
            Self::AtLeast(b) => value >= b,
            Self::Under(b) => value < b,
        }
    }
}

/// The targets `bench --csv` checks (issues 24 and 65, PERF.md): what each says,
/// its row, its bound, and how its figures are shown (digits, unit).
const TARGETS: [(&str, &str, Bound, (usize, &str)); 10] = [
    (
        "1920x1080 all cores at most 6x the all-core fill",
        "ratio_frame_to_fill_1920x1080",
        Bound::AtMost(6.0),
        (1, "x"),
    ),
    (
        "one core at most 0.75 ns a pixel at 1920x1080",
        "ns_per_pixel_1920x1080_1t",
        Bound::AtMost(0.75),
        (2, " ns"),
    ),
    (
        "one core at most 0.9 ns a pixel at 640x360",
        "ns_per_pixel_640x360_1t",
        Bound::AtMost(0.9),
        (2, " ns"),
    ),
    (
        "640x360 all cores at least 1.6x one",
        "speedup_all_over_1t_640x360",
        Bound::AtLeast(1.6),
        (2, "x"),
    ),
    (
        "1920x1080 all cores at least 1.85x one",
        "speedup_all_over_1t_1920x1080",
        Bound::AtLeast(1.85),
        (2, "x"),
    ),
    (
        "640x360 all cores no slower than one (issue 65)",
        "speedup_all_over_1t_640x360",
        Bound::AtLeast(1.0),
        (2, "x"),
    ),
    (
        "960x540 all cores no slower than one (issue 65)",
        "speedup_all_over_1t_960x540",
        Bound::AtLeast(1.0),
        (2, "x"),
    ),
    (
        "3840x2160 all cores at most 6x the all-core fill (issue 65)",
        "ratio_frame_to_fill_3840x2160",
        Bound::AtMost(6.0),
        (1, "x"),
    ),
    (
        "the open hall rolled 2 degrees at most 1.5x level, all cores (issue 65)",
        "ratio_rolled_to_open_hall",
        Bound::AtMost(1.5),
        (2, "x"),
    ),
    (
        "the tick with 1000 walkers, 100 tanks and 10,000 particles under 2 ms",
        "sim_tick_1000w_100t_10000p_ms",
        Bound::Under(2.0),
        (2, " ms"),
    ),
];

/// The targets' table: each target's figures over `runs` (their medians)
/// and how many of the runs that have its row meet it.
fn targets(runs: &[&Run]) -> String {
    let mut out = String::from(
        "\nThe targets (issues 24 and 65), each run's medians:\n\n\
         | target | over the runs | met in |\n|---|---|---|\n",
    );
    for (what, row, bound, (digits, unit)) in TARGETS {
        let values: Vec<f64> = runs.iter().filter_map(|r| r.get(row).copied()).collect();
        let met = values.iter().filter(|&&v| bound.met(v)).count();
        // No unit after the "-" of a target no run has.
        let unit = if values.is_empty() { "" } else { unit };
        let figures = span(&values, digits) + unit;
        let _ = writeln!(out, "| {what} | {figures} | {met} of {} |", values.len());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_of(rows: &[(&str, f64)]) -> Run {
        rows.iter().map(|&(n, v)| (n.to_string(), v)).collect()
    }

    /// A run of one size whose timings are `spread` over their quickest
    /// and whose all-core fill is `fill_share` of the one-core fill.
    fn one_size(spread: f64, fill_share: f64) -> Run {
        let mut run = Run::new();
        for (name, quickest) in [
            ("frame_640x360_1t_ms", 0.40),
            ("frame_640x360_all_ms", 0.22),
            ("fill_640x360_1t_ms", 0.020),
        ] {
            run.insert(name.into(), quickest * spread);
            run.insert(format!("{name}_min"), quickest);
        }
        run.insert("fill_640x360_all_ms".into(), 0.020 * spread * fill_share);
        run.insert("fill_640x360_all_ms_min".into(), 0.020 * fill_share);
        run
    }

    #[test]
    fn ranges_collapse_when_runs_agree_and_the_table_has_a_row_a_size() {
        let a = run_of(&[
            ("frame_640x360_1t_ms", 0.2501),
            ("frame_640x360_1t_ms_min", 0.24),
            ("frame_1920x1080_1t_ms", 1.5),
            ("speedup_all_over_1t_640x360", 1.61),
        ]);
        let b = run_of(&[
            ("frame_640x360_1t_ms", 0.2604),
            ("frame_640x360_1t_ms_min", 0.24),
            ("frame_1920x1080_1t_ms", 1.5),
            ("speedup_all_over_1t_640x360", 1.7),
        ]);
        let rows = merge(&[&a, &b]);
        assert_eq!(range(&rows, "frame_640x360_1t_ms", 3), "0.250-0.260");
        assert_eq!(range(&rows, "frame_1920x1080_1t_ms", 3), "1.500");
        assert_eq!(range(&rows, "nothing", 3), "-");
        let text = table(&rows, false, 2);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[2].starts_with("| 640x360 | 0.250-0.260 | - |"),
            "{text}"
        );
        assert!(lines[3].starts_with("| 1920x1080 | 1.500 |"), "{text}");
        assert!(table(&rows, true, 2).contains("| 640x360 | 0.240 |"));
    }

    #[test]
    fn a_run_is_quiet_only_with_tight_timings_and_a_second_core() {
        assert_eq!(quiet(&one_size(1.0, 0.5)), Ok(()));
        assert_eq!(quiet(&one_size(1.099, 0.6)), Ok(()));
        // A median 11% over its quickest: the first such row is named.
        let why = quiet(&one_size(1.11, 0.5)).unwrap_err();
        assert!(why.starts_with("frame_640x360_1t_ms median"), "{why}");
        // The all-core fill at 0.7 of one core's: the second core was busy.
        let why = quiet(&one_size(1.0, 0.7)).unwrap_err();
        assert!(why.starts_with("fill_640x360_all_ms 0.014"), "{why}");
        // A missing quickest, and a run with no frames, are not quiet.
        let mut run = one_size(1.0, 0.5);
        run.remove("fill_640x360_1t_ms_min");
        assert!(quiet(&run).unwrap_err().contains("fill_640x360_1t_ms_min"));
        assert!(quiet(&Run::new()).is_err());
    }

    #[test]
    fn each_target_counts_the_runs_on_the_right_side_of_its_bound() {
        let runs: Vec<Run> = [(5.9, 1.6, 2.0), (6.0, 1.59, 1.99), (6.1, 2.3, 1.5)]
            .iter()
            .map(|&(ratio, speedup, tick)| {
                run_of(&[
                    ("ratio_frame_to_fill_1920x1080", ratio),
                    ("speedup_all_over_1t_640x360", speedup),
                    ("sim_tick_1000w_100t_10000p_ms", tick),
                ])
            })
            .collect();
        let text = targets(&runs.iter().collect::<Vec<_>>());
        let row = |start: &str| {
            text.lines()
                .find(|l| l.starts_with(&format!("| {start}")))
                .unwrap_or_else(|| panic!("no row {start} in {text}"))
                .to_string()
        };
        // At most 6: 5.9 and 6.0 meet it, 6.1 does not.
        assert_eq!(
            row("1920x1080 all cores at most 6x"),
            "| 1920x1080 all cores at most 6x the all-core fill | 5.9-6.1x | 2 of 3 |"
        );
        // At least 1.6: 1.6 and 2.3 meet it.
        assert!(row("640x360 all cores").ends_with("| 1.59-2.30x | 2 of 3 |"));
        // Under 2 ms: 2.0 does not.
        assert!(row("the tick").ends_with("| 1.50-2.00 ms | 2 of 3 |"));
        // A row no run has: no figures, met in none of none.
        assert!(row("one core at most 0.75").ends_with("| - | 0 of 0 |"));
    }
}
