//! `settings`: where the settings file is read from, or a complete default one.

use super::CliError;
use crate::settings::{self, Settings};
use std::process::ExitCode;

/// The settings file: where it is read from, or a complete default one.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("what").required(true)))]
pub struct Args {
    /// Print a complete, commented settings file with every default
    /// (`wobblecaster settings --defaults > my.toml`).
    #[arg(long, group = "what")]
    defaults: bool,
    /// Print where the game looks for the settings file.
    #[arg(long, group = "what")]
    path: bool,
}

/// Prints the default file, or where the game looks for one.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.defaults {
        say_text!(Settings::defaults_text());
        return Ok(ExitCode::SUCCESS);
    }
    let path = settings::default_path().ok_or_else(|| {
        CliError::refused("this system has no per-user config folder; use --settings FILE")
    })?;
    say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}
