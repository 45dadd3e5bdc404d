//! `bench`: frame, tick and map-load timings on this machine.

use super::run_input::load_map;
use super::CliError;
use crate::data;
use crate::sim::{Tunables, World};
use std::path::PathBuf;
use std::process::ExitCode;

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
    crate::bench::write(&figures, args.csv, &mut std::io::stdout().lock())
        .map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}
