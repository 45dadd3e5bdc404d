//! `check-map`: maps loaded and checked, every fault with its place.

use super::CliError;
use crate::data;
use crate::map::episode::{self, Episode};
use crate::map::{self, par_text, shipped};
use crate::settings::Action;
use crate::sim::actors::{has_goal, placement_problems, EnemyTunables, Severity};
use std::path::PathBuf;
use std::process::ExitCode;

/// Load maps and report every fault with its location.
#[derive(clap::Args)]
pub struct Args {
    /// The map files or shipped map names (none: every shipped map).
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Checks the maps named, or every shipped map; exits 1 if any fails.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    check_maps(&args.files)
}

/// Each `{NAME}` in `map`'s hints that names no `[bindings]` action,
/// at its hint's place: the game would show it as written.
fn hint_faults(map: &map::Map) -> Vec<(map::Place, String)> {
    let actions = || Action::ALL.iter().map(|a| a.name());
    let mut faults = Vec::new();
    for hint in &map.hints {
        for name in map::hint::placeholders(&hint.text) {
            if Action::from_name(name).is_some() {
                continue;
            }
            let guess = match crate::names::nearest(name, actions()) {
                Some(near) => format!("did you mean {{{near}}}?"),
                None => "a hint names a key by its action in the settings file's \
                         [bindings], such as {forward}, {turn_left} or {use}"
                    .into(),
            };
            faults.push((
                hint.place,
                format!("`{{{name}}}` is no key binding: {guess}"),
            ));
        }
    }
    faults
}

/// Checks the shipped episode file, printing its faults; true if it has
/// none.
fn episode_ok() -> Result<bool, CliError> {
    let Err(faults) = Episode::load(&episode::shipped_path()) else {
        return Ok(true);
    };
    for e in &faults.0 {
        let what = crate::located::chain(&e.kind);
        say!("{}: error: {what}", e.at.locate(&e.file));
    }
    Ok(false)
}

/// Checks each of `files`, printing its faults or a one-line summary.
fn check_maps(files: &[PathBuf]) -> Result<ExitCode, CliError> {
    if files.is_empty() {
        let all = shipped::list(&data::maps_dir());
        if all.is_empty() {
            return Err(CliError::refused(
                "no map files given, and no shipped maps found",
            ));
        }
        // The episode file too: every map it names must load and have an
        // exit (checked with the maps, below).
        let broken = !episode_ok()?;
        let code = check_maps(&all)?;
        if broken {
            eprintln!(
                "the episode file {} failed",
                episode::shipped_path().display()
            );
            return Ok(ExitCode::FAILURE);
        }
        return Ok(code);
    }
    // The episode's maps must each have an exit (a lab map need not).
    let episode = Episode::load(&episode::shipped_path()).ok();
    let in_episode = |path: &std::path::Path| {
        let maps = episode.iter().flat_map(|e| e.maps.iter());
        maps.map(|m| &m.path).any(|p| p == path)
    };
    let mut failed = 0;
    let walker_radius = EnemyTunables::default().walker.radius;
    for f in files {
        let f = &match data::resolve_map(f) {
            Ok(f) => f,
            Err(e) => {
                failed += 1;
                say!("{}: error: {e}", f.display());
                continue;
            }
        };
        match map::load(f) {
            Ok(map::Loaded { map: m, .. }) => {
                let problems = placement_problems(&m, walker_radius);
                let mut errors = 0;
                for (place, message) in hint_faults(&m) {
                    errors += 1;
                    say!("{}: error: {message}", place.locate(f));
                }
                if m.exits.is_empty() && in_episode(f) {
                    errors += 1;
                    say!(
                        "{}: error: the map has no exit, and the episode ({}) plays it: \
                         mark one with a legend line `X = exit` and `X` in the grid (an \
                         `exit` object in Tiled)",
                        f.display(),
                        episode::shipped_path().display()
                    );
                }
                if let Err(e) = crate::audio::Score::for_map(&m) {
                    errors += 1;
                    say!("{}: error: {}", f.display(), crate::located::chain(&e));
                }
                for p in &problems {
                    let severity = match p.severity {
                        Severity::Error => "error",
                        Severity::Warning => "warning",
                    };
                    errors += usize::from(p.severity == Severity::Error);
                    say!("{}: {severity}: {}", p.place.locate(f), p.message);
                }
                if errors > 0 {
                    failed += 1;
                    continue;
                }
                let goalless = !has_goal(&m);
                if goalless {
                    say!(
                        "{}: warning: the map has no goal: give it a course with a finish \
                         or enemies to clear",
                        f.display()
                    );
                }
                let warnings = match problems.len() + usize::from(goalless) {
                    0 => String::new(),
                    1 => ", 1 warning".into(),
                    n => format!(", {n} warnings"),
                };
                let course = match &m.course {
                    Some(c) => format!(", a course of {}", c.describe()),
                    None => String::new(),
                };
                let exits = match (m.exits.len(), m.par) {
                    (0, _) => String::new(),
                    (n, par) => {
                        let par = par.map_or(String::new(), |p| format!(", par {}", par_text(p)));
                        format!(", {n} exit tile{}{par}", if n == 1 { "" } else { "s" })
                    }
                };
                let secrets = match m.pushwalls().len() {
                    0 => String::new(),
                    1 => ", 1 push wall".into(),
                    n => format!(", {n} push walls"),
                };
                say!(
                    "{}: ok ({}, {}x{}, {} enemies, {} doors, {} pickups{secrets}{course}{exits}{warnings})",
                    f.display(),
                    m.name,
                    m.width(),
                    m.height(),
                    m.spawns.len(),
                    m.doors.len(),
                    m.pickups.len(),
                )
            }
            Err(errors) => {
                failed += 1;
                for e in &errors.0 {
                    let what = crate::located::chain(&e.kind);
                    say!("{}: error: {what}", e.at.locate(&e.file));
                }
            }
        }
    }
    if failed > 0 {
        eprintln!("{failed} of {} maps failed", files.len());
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
