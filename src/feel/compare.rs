//! `feel compare`: every standard maneuver run by every model and coupling,
//! written up as `report.md` with a table per maneuver and a plot each.

use super::maneuvers::{Maneuver, Variant, MANEUVERS, VARIANTS};
use super::{plot, run};
use super::{Metric, Scale, Trajectory};
use crate::map::{self, Map};
use crate::script::Script;
use crate::sim::{Tunables, World};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One maneuver run by one variant.
pub struct Run {
    /// The model and coupling.
    pub variant: Variant,
    /// The camera trajectory.
    pub trajectory: Trajectory,
    /// Its metrics.
    pub metrics: Vec<Metric>,
}

/// One maneuver's runs, one per variant.
pub struct Result {
    /// The maneuver.
    pub maneuver: Maneuver,
    /// Its runs, in [`VARIANTS`] order.
    pub runs: Vec<Run>,
    /// The tile-to-metre scale of its metrics and plot.
    pub scale: Scale,
}

/// Why the comparison could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// A maneuver script is missing or bad.
    #[error(transparent)]
    Script(#[from] crate::script::ScriptError),
    /// A maneuver's map is missing or bad.
    #[error(transparent)]
    Map(#[from] map::MapErrors),
    /// The output folder has files in it and `--force` was not given.
    #[error("{0} is not empty; pass --force to write the report there anyway (only report.md and the plots are replaced)")]
    NotEmpty(PathBuf),
    /// Writing failed.
    #[error("cannot write {path}: {reason}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What failed.
        reason: String,
    },
}

/// Runs every maneuver (scripts from `root/maneuvers`, maps from
/// `root/maps`) with every variant, starting from `base` tunables.
pub fn run_all(
    root: &Path,
    base: &Tunables,
    scale: Scale,
) -> std::result::Result<Vec<Result>, CompareError> {
    let mut results = Vec::new();
    for m in MANEUVERS {
        let script_path = root.join("maneuvers").join(format!("{}.txt", m.name));
        let script = Script::load(&script_path)?;
        let map = match m.map {
            Some(file) => map::load(&root.join("maps").join(file))?.map,
            None => Map::open_plane(),
        };
        let runs = VARIANTS
            .iter()
            .map(|&variant| {
                let tunables = Tunables {
                    model: variant.model,
                    coupling: variant.coupling,
                    ..*base
                };
                let mut world = World::new(map.clone(), tunables, 1);
                let trajectory = run::run(&mut world, script.ticks());
                let metrics = super::compute(&trajectory, scale);
                Run {
                    variant,
                    trajectory,
                    metrics,
                }
            })
            .collect();
        results.push(Result {
            maneuver: m,
            runs,
            scale,
        });
    }
    Ok(results)
}

/// Writes `report.md` and one PNG per maneuver into `dir`, which must be
/// empty or absent unless `force`.
pub fn write(
    dir: &Path,
    results: &[Result],
    force: bool,
    command: &str,
) -> std::result::Result<Vec<PathBuf>, CompareError> {
    let write_err = |path: &Path, e: &dyn std::fmt::Display| CompareError::Write {
        path: path.to_owned(),
        reason: e.to_string(),
    };
    if dir.exists() {
        let mut entries = std::fs::read_dir(dir).map_err(|e| write_err(dir, &e))?;
        if entries.next().is_some() && !force {
            return Err(CompareError::NotEmpty(dir.to_owned()));
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| write_err(dir, &e))?;
    let mut written = Vec::new();
    for r in results {
        let path = dir.join(format!("{}.png", r.maneuver.name));
        let series: Vec<(String, &Trajectory)> = r
            .runs
            .iter()
            .map(|run| (run.variant.label(), &run.trajectory))
            .collect();
        let png = plot::maneuver(
            &format!("{}: {}", r.maneuver.name, r.maneuver.about),
            &series,
            r.scale.metres_per_tile,
        )
        .map_err(|e| write_err(&path, &e))?;
        crate::files::write_bytes(&path, force, &png).map_err(|e| write_err(&path, &e))?;
        written.push(path);
    }
    let path = dir.join("report.md");
    crate::files::write_bytes(&path, force, report(results, command).as_bytes())
        .map_err(|e| write_err(&path, &e))?;
    written.push(path);
    Ok(written)
}

/// The report's Markdown.
pub fn report(results: &[Result], command: &str) -> String {
    let mut md = String::new();
    let scale = results.first().map_or(Scale::default(), |r| r.scale);
    let _ = writeln!(md, "# Feel comparison\n");
    let _ = writeln!(
        md,
        "Made by `{command}` (wobblecaster {}). Every maneuver in `maneuvers/` is run headless \
         by every walking model and camera coupling from the same controls; the metrics come \
         from the camera's trajectory at 120 Hz, the same way for every model, with 1 tile = {} m.\n",
        env!("CARGO_PKG_VERSION"),
        scale.metres_per_tile
    );
    if let Some(first) = results.first().and_then(|r| r.runs.first()) {
        let _ = writeln!(md, "| metric | unit | meaning |\n|---|---|---|");
        for m in &first.metrics {
            let _ = writeln!(md, "| `{}` | {} | {} |", m.name, m.unit, m.meaning);
        }
        md.push('\n');
    }
    for r in results {
        maneuver_section(&mut md, r);
    }
    if let Some(spin) = results.iter().find(|r| r.maneuver.name == "spin_release") {
        spin_section(&mut md, spin);
    }
    md
}

/// When the spin of `spin_release` ends: 36 eighth-turn pushes of 10 ticks.
pub const SPIN_RELEASE_S: f64 = 3.0;
/// A direction of travel turning slower than this has settled, deg/s.
pub const SETTLED_TURN_DEG_S: f64 = 30.0;

/// Article 000's question, answered: does spinning lock the body into 360s?
fn spin_section(md: &mut String, r: &Result) {
    let _ = writeln!(
        md,
        "## Article 000: does spinning lock the player into 360s?\n\n\
         In `spin_release` the push is swept round for {SPIN_RELEASE_S} s, then only forward is held. \
         The direction of travel (from the path, the same for every model):\n\n\
         | model/coupling | travel turns while spinning (revolutions) | still turning after release (s) |\n|---|---:|---:|"
    );
    for run in &r.runs {
        let (turns, locked) = spin_lock(&run.trajectory, SPIN_RELEASE_S, SETTLED_TURN_DEG_S);
        let _ = writeln!(
            md,
            "| {} | {} | {} |",
            run.variant.label(),
            short(turns),
            short(locked)
        );
    }
    md.push('\n');
}

/// How many revolutions the direction of travel makes before `release_s`,
/// and for how long after it the direction keeps turning faster than
/// `settled_deg_s` (until the last tick it does).
pub fn spin_lock(t: &Trajectory, release_s: f64, settled_deg_s: f64) -> (f64, f64) {
    let s = &t.samples;
    let headings: Vec<f64> = s
        .windows(2)
        .filter_map(|w| {
            let (dx, dy) = (w[1].x - w[0].x, w[1].y - w[0].y);
            // Standing still has no direction: keep the last one.
            (dx.hypot(dy) > 1e-9).then(|| dy.atan2(dx))
        })
        .collect();
    let dir = super::series::unwrap(headings);
    let rate = super::series::rate(&dir, t.dt);
    let release = ((release_s / t.dt) as usize).min(dir.len().saturating_sub(1));
    let turns = (dir.get(release).copied().unwrap_or(0.0) - dir.first().copied().unwrap_or(0.0))
        .abs()
        / std::f64::consts::TAU;
    let last_fast = rate
        .iter()
        .enumerate()
        .skip(release)
        .rfind(|(_, r)| r.abs().to_degrees() > settled_deg_s)
        .map(|(i, _)| i + 1);
    let locked = last_fast.map_or(0.0, |i| (i - release) as f64 * t.dt);
    (turns, locked)
}

/// One maneuver's heading, description, table and plot.
fn maneuver_section(md: &mut String, r: &Result) {
    let m = &r.maneuver;
    let on = m
        .map
        .map_or("the open plane".to_string(), |f| format!("`maps/{f}`"));
    let _ = writeln!(
        md,
        "## {}\n\n{} Script `maneuvers/{}.txt`, on {on}.\n",
        m.name, m.about, m.name
    );
    let Some(first) = r.runs.first() else { return };
    let _ = write!(md, "| model/coupling |");
    for metric in &first.metrics {
        let _ = write!(md, " {} ({}) |", metric.name, metric.unit);
    }
    let _ = write!(md, "\n|---|");
    for _ in &first.metrics {
        md.push_str("---:|");
    }
    md.push('\n');
    for run in &r.runs {
        let _ = write!(md, "| {} |", run.variant.label());
        for metric in &run.metrics {
            let _ = write!(md, " {} |", short(metric.value));
        }
        md.push('\n');
    }
    let _ = writeln!(md, "\n![{}]({}.png)\n", m.name, m.name);
}

/// A value with three significant figures or so, for tables.
pub fn short(v: f64) -> String {
    if v == 0.0 {
        "0".into()
    } else if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else if v.abs() >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}
