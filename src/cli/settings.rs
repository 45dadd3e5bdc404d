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
    /// Write the complete, commented default file where the game reads
    /// it, making its folder; a file already there is left alone.
    #[arg(long, group = "what")]
    init: bool,
}

/// Prints the default file or where the game looks for one, or writes it
/// there.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.defaults {
        say_text!(Settings::defaults_text());
        return Ok(ExitCode::SUCCESS);
    }
    let path = settings::default_path().ok_or_else(|| {
        CliError::refused("this system has no per-user config folder; use --settings FILE")
    })?;
    if args.init {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| CliError::refused(format!("cannot make {}: {e}", folder.display())))?;
        }
        // Never over a file the player made: written whole, refused if
        // taken.
        crate::files::write_bytes(&path, false, Settings::defaults_text().as_bytes())?;
        say!("wrote {}", path.display());
        return Ok(ExitCode::SUCCESS);
    }
    say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}
