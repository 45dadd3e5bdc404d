//! `bench`: frame, tick, map-load and sound-mixing timings on this machine.

use super::run_input::load_map;
use super::CliError;
use crate::audio::Bank;
use crate::data;
use crate::sim::{Tunables, World};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

/// Measure frame and tick times on this machine (medians).
#[derive(clap::Args)]
pub struct Args {
    /// The map, a file or a shipped map's name (default: maps/default.map).
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Print `name,value,unit` rows.
    #[arg(long)]
    csv: bool,
}

/// Measures and prints every figure.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (loaded, _, _) = load_map(args.map)?;
    let world = World::new(loaded.map, Tunables::default(), 1);
    let art = super::run_input::load_art()?;
    let mut figures = crate::bench::run(&world, (&art, &loaded.art));
    figures.extend(crate::bench::maps::run(&data::dir("assets")));
    // The busiest scene for the sound: the arena's fight.
    let (arena, _, _) = load_map(Some(PathBuf::from("arena")))?;
    let bank = Arc::new(Bank::load(&data::sounds_dir())?);
    let fight = World::new(arena.map, Tunables::default(), 1);
    figures.extend(crate::bench::mix::rows(fight, bank));
    crate::bench::write(&figures, args.csv, &mut std::io::stdout().lock())
        .map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}
