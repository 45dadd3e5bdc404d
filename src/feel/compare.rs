//! `feel compare`: every standard maneuver run by every model and coupling,
//! written up as `report.md` with a table per maneuver and a plot each.

use super::maneuvers::{Maneuver, Variant, MANEUVERS, VARIANTS};
use super::{plot, report, run};
use super::{Metric, Scale, Trajectory};
use crate::map::{self, Map};
use crate::script::Script;
use crate::sim::{Tunables, World};
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
/// `root/maps`) with every variant, starting from `base` tunables, the
/// optic flow seen through a view `fov_deg` wide.
pub fn run_all(
    root: &Path,
    base: &Tunables,
    scale: Scale,
    fov_deg: f64,
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
                let trajectory = run::run(&mut world, script.ticks(), fov_deg);
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
    crate::files::write_bytes(&path, force, report::report(results, command).as_bytes())
        .map_err(|e| write_err(&path, &e))?;
    written.push(path);
    Ok(written)
}
