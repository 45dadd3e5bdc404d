//! `feel compare`: every standard maneuver run by every model and coupling,
//! written up as `report.md` with a table per maneuver and a plot each.

use super::bot::BotTunables;
use super::comfort::{self, ComfortResult};
use super::course::{self, DEFAULT_LIMIT_S};
use super::flight::FlightResult;
use super::flight_report;
use super::maneuver_files;
use super::maneuvers::VARIANTS;
use super::predicted::{self, PredictedResult};
pub use super::results::{CompareError, CourseResult, ManeuverResult, Run, COURSE_MAP, FLIGHT_CSV};
use super::{flight_plot, plot, predicted_plot, report, run};
use super::{Scale, Trajectory};
use crate::files;
use crate::map;
use crate::sim::{Model, Tunables, World};
use std::path::{Path, PathBuf};

/// Drives the course of `root/maps/`[`COURSE_MAP`] with every variant
/// and the default bot, from `base` tunables.
pub fn run_course(
    root: &Path,
    base: &Tunables,
    scale: Scale,
    fov_deg: f64,
) -> Result<Vec<CourseResult>, CompareError> {
    let map = map::load(&root.join("maps").join(COURSE_MAP))?.map;
    VARIANTS
        .iter()
        .map(|&variant| {
            let tunables = variant.tunables(base);
            let mut world = World::new(map.clone(), tunables, 1);
            let bot = BotTunables::default();
            let run = course::drive(&mut world, bot, DEFAULT_LIMIT_S, fov_deg, scale)?;
            let metrics = super::compute(&run.trajectory, scale);
            Ok(CourseResult {
                variant,
                run,
                metrics,
            })
        })
        .collect()
}

/// Runs every maneuver (scripts from `root/maneuvers`, maps from
/// `root/maps`) with every variant, starting from `base` tunables, the
/// optic flow seen through a view `fov_deg` wide.
pub fn run_all(
    root: &Path,
    base: &Tunables,
    scale: Scale,
    fov_deg: f64,
) -> Result<Vec<ManeuverResult>, CompareError> {
    let mut results = Vec::new();
    for (m, script, map) in maneuver_files::load_all(root)? {
        let runs = VARIANTS
            .iter()
            .map(|&variant| {
                let tunables = variant.tunables(base);
                let mut world = World::new(map.clone(), tunables, 1);
                let trajectory = run::run(&mut world, script.ticks(), fov_deg);
                let metrics = super::compute(&trajectory, scale);
                let turn = |run| match variant.model {
                    Model::Polar => tunables.heading_speed,
                    Model::Classic => tunables.classic.turn(run),
                    Model::Quake => tunables.quake.turn(run),
                };
                Run {
                    variant,
                    trajectory,
                    metrics,
                    turn_deg_s: (turn(false).to_degrees(), turn(true).to_degrees()),
                }
            })
            .collect();
        results.push(ManeuverResult {
            maneuver: m,
            runs,
            scale,
        });
    }
    Ok(results)
}

/// Everything a comparison report holds.
#[derive(Clone, Copy)]
pub struct Sections<'a> {
    /// The walking maneuvers' runs.
    pub maneuvers: &'a [ManeuverResult],
    /// The course driven by the bot.
    pub course: &'a [CourseResult],
    /// The flight maneuvers' runs.
    pub flight: &'a [FlightResult],
    /// The walking maneuvers again with each comfort option on.
    pub comfort: &'a [ComfortResult],
    /// The course driven long with each model and comfort option, and the
    /// sickness predicted from it.
    pub predicted: &'a [PredictedResult],
}

/// The predicted-sickness plot's file in the report.
pub const PREDICTED_PNG: &str = "predicted.png";

/// Writes `report.md` (with a section on the `course` runs) and one PNG
/// per maneuver into `dir`, as [`write_sections`] does, with no flight
/// section.
pub fn write(
    dir: &Path,
    results: &[ManeuverResult],
    course: &[CourseResult],
    force: bool,
    command: &str,
) -> Result<Vec<PathBuf>, CompareError> {
    let sections = Sections {
        maneuvers: results,
        course,
        flight: &[],
        comfort: &[],
        predicted: &[],
    };
    write_sections(dir, sections, force, command)
}

/// Writes `report.md` (the maneuvers, the course and, if any, the flight
/// section), one PNG per maneuver and flight maneuver and, with flight
/// runs, `flight.csv` into `dir`, which must be empty or absent unless
/// `force`. The report is built whole in a fresh folder beside `dir`
/// first, so a failure part way leaves nothing: then that folder becomes
/// `dir` (when `dir` is absent or empty), or, with `force` into a folder
/// holding other files, its files replace their namesakes one by one and
/// the other files stay.
pub fn write_sections(
    dir: &Path,
    sections: Sections,
    force: bool,
    command: &str,
) -> Result<Vec<PathBuf>, CompareError> {
    let written = files::write_folder(dir, force, |build| build_report(build, sections, command));
    written.map_err(|fault| match fault {
        files::FolderFault::NotEmpty(dir) => CompareError::NotEmpty(dir),
        files::FolderFault::Io(path, e) => CompareError::Write {
            reason: format!("cannot write {}: {e}", path.display()),
            path,
        },
        files::FolderFault::Build((path, reason)) => CompareError::Write { path, reason },
    })
}

/// Writes every file of the report into the empty folder `build`; their
/// names, or the file that failed and why.
fn build_report(
    build: &Path,
    sections: Sections,
    command: &str,
) -> Result<Vec<String>, (PathBuf, String)> {
    let mut names = Vec::new();
    for r in sections.maneuvers {
        let name = format!("{}.png", r.maneuver.name);
        let path = build.join(&name);
        let series: Vec<(String, &Trajectory)> = r
            .runs
            .iter()
            .map(|run| (run.variant.label(), &run.trajectory))
            .collect();
        let title = format!("{}: {}", r.maneuver.name, r.maneuver.about);
        let png = plot::maneuver(&title, &series, r.scale.metres_per_tile)
            .map_err(|e| (path.clone(), format!("cannot draw {}: {e}", path.display())))?;
        // The error names the file.
        files::write_bytes(&path, false, &png).map_err(|e| (path, e.to_string()))?;
        names.push(name);
    }
    for r in sections.flight {
        let name = flight_report::plot_name(r.maneuver.name);
        let path = build.join(&name);
        let series: Vec<(String, &super::FlownTrajectory)> = r
            .runs
            .iter()
            .map(|run| (run.variant.label(), &run.run.flown))
            .collect();
        let title = format!("flight/{}: {}", r.maneuver.name, r.maneuver.about);
        let png = flight_plot::flight(&title, &series, r.scale.metres_per_tile)
            .map_err(|e| (path.clone(), format!("cannot draw {}: {e}", path.display())))?;
        files::write_bytes(&path, false, &png).map_err(|e| (path, e.to_string()))?;
        names.push(name);
    }
    if !sections.flight.is_empty() {
        let path = build.join(FLIGHT_CSV);
        let text = super::flight::csv(sections.flight);
        files::write_bytes(&path, false, text.as_bytes()).map_err(|e| (path, e.to_string()))?;
        names.push(FLIGHT_CSV.to_string());
    }
    if !sections.predicted.is_empty() {
        let path = build.join(PREDICTED_PNG);
        let title = "Predicted sickness (MSI) over the course driven long, by comfort option";
        let png = predicted_plot::predicted(title, sections.predicted)
            .map_err(|e| (path.clone(), format!("cannot draw {}: {e}", path.display())))?;
        files::write_bytes(&path, false, &png).map_err(|e| (path, e.to_string()))?;
        names.push(PREDICTED_PNG.to_string());
    }
    let path = build.join("report.md");
    let mut text = report::report(sections.maneuvers, sections.course, command);
    flight_report::section(&mut text, sections.flight);
    comfort::section(&mut text, sections.comfort);
    predicted::section(&mut text, sections.predicted, PREDICTED_PNG);
    files::write_bytes(&path, false, text.as_bytes()).map_err(|e| (path, e.to_string()))?;
    names.push("report.md".to_string());
    Ok(names)
}
