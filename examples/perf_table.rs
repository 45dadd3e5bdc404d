//! The README's performance table from runs of `wobblecaster bench --csv`:
//! for every frame size, the one-core and all-core frame times, the fill
//! of the same buffer on all cores, the frame over that fill, all cores
//! over one, and the one-core time a pixel, each as the range over the
//! runs given (the median of each run; `--min` takes each run's quickest
//! instead), then the tick and the targets' rows.
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

/// Every row of every run: name to the values, one per run that has it.
type Rows = BTreeMap<String, Vec<f64>>;

fn main() {
    if let Err(e) = run() {
        eprintln!("perf_table: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let min = args.iter().any(|a| a == "--min");
    args.retain(|a| a != "--min");
    if args.is_empty() {
        return Err("usage: perf_table [--min] RUN.csv [RUN.csv ...]".into());
    }
    let mut rows = Rows::new();
    for path in &args {
        read_run(path, &mut rows)?;
    }
    print!("{}", table(&rows, min, args.len()));
    Ok(())
}

/// Adds the rows of the bench CSV at `path` to `rows`: read as the game
/// reads any input (a regular file only, opened without blocking, at most
/// [`MAX_BYTES`]), its header checked, every value a finite number.
fn read_run(path: &str, rows: &mut Rows) -> Result<(), String> {
    let text =
        files::read_text(Path::new(path), "bench run", MAX_BYTES).map_err(|e| e.to_string())?;
    let mut lines = text.lines();
    if lines.next() != Some("name,value,unit") {
        return Err(format!(
            "{path}:1: not the header of `bench --csv` (name,value,unit)"
        ));
    }
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
        rows.entry(name.to_string()).or_default().push(value);
    }
    Ok(())
}

/// The range of row `name` over the runs, `digits` after the point: "a" if
/// every run agrees to those digits, else "a-b"; "-" if no run has it.
fn range(rows: &Rows, name: &str, digits: usize) -> String {
    let Some(values) = rows.get(name).filter(|v| !v.is_empty()) else {
        return "-".into();
    };
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (a, b) = (format!("{lo:.digits$}"), format!("{hi:.digits$}"));
    if a == b {
        a
    } else {
        format!("{a}-{b}")
    }
}

/// The markdown table of the frame sizes found in `rows`, then the tick's
/// row; `min` reads each timing's quickest run rather than its median.
fn table(rows: &Rows, min: bool, runs: usize) -> String {
    let t = |name: String| if min { name + "_min" } else { name };
    let mut sizes: Vec<(u32, u32)> = rows
        .keys()
        .filter_map(|k| k.strip_prefix("frame_")?.strip_suffix("_1t_ms"))
        .filter_map(|s| {
            let (w, h) = s.split_once('x')?;
            Some((w.parse().ok()?, h.parse().ok()?))
        })
        .collect();
    sizes.sort_unstable();
    let which = if min { "quickest" } else { "median" };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| frame | one core (ms) | all cores (ms) | fill, all cores (ms) | frame / fill | all / one | ns a pixel, one core |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    for (w, h) in sizes {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_collapse_when_runs_agree_and_the_table_has_a_row_a_size() {
        let mut rows = Rows::new();
        for (name, values) in [
            ("frame_640x360_1t_ms", vec![0.2501, 0.2604]),
            ("frame_640x360_1t_ms_min", vec![0.24, 0.24]),
            ("frame_1920x1080_1t_ms", vec![1.5, 1.5]),
            ("speedup_all_over_1t_640x360", vec![1.61, 1.7]),
        ] {
            rows.insert(name.into(), values);
        }
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
}
