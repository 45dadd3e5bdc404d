//! The `wobblecaster` command line: one module per command, each with its
//! clap `Args` and a `run`. `main.rs` parses [`Cli`] and calls [`run`].

/// Writes a line to standard output like `println!`, but a write that
/// fails (a closed pipe, a full disk) returns [`CliError::Stdout`] from
/// the command instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err($crate::cli::CliError::Stdout)?
    }};
}

/// [`say!`] without the line's end (for text that brings its own).
macro_rules! say_text {
    ($text:expr) => {{
        use std::io::Write as _;
        std::io::stdout()
            .lock()
            .write_all($text.as_bytes())
            .map_err($crate::cli::CliError::Stdout)?
    }};
}

mod args;
mod audio_out;
mod bench;
mod check_map;
mod error;
mod feel;
mod feel_course;
mod feel_predict;
mod feel_sweep;
mod maps;
mod play;
mod replay;
mod run_input;
mod settings;
mod shot;
mod study;
mod study_check;
mod study_power;
mod study_report;
mod study_withdraw;
mod trace;

pub use error::CliError;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// A Wolfenstein-style first-person game for feeling and measuring
/// unusual movement models.
#[derive(Parser)]
#[command(name = "wobblecaster", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: play::Args,
}

/// The commands; with none, the game is played.
#[derive(Subcommand)]
enum Command {
    /// Render one frame headless (no window, no GPU) to a PNG.
    Shot(shot::Args),
    /// Run the simulation headless on a script or a recording and print CSV.
    Trace(trace::Args),
    /// Play a recording back in the window, or headless to check it.
    Replay(replay::Args),
    /// Measure feel: run a script or a recording headless and print its
    /// metrics; `feel compare` runs every standard maneuver with every model.
    Feel(Box<feel::Args>),
    /// The settings file: where it is read from, or a complete default one.
    Settings(settings::Args),
    /// Measure frame and tick times on this machine (medians).
    Bench(bench::Args),
    /// List the shipped maps, each with the name `--map` takes and what it is for.
    Maps,
    /// Load maps and report every fault with its location.
    CheckMap(check_map::Args),
    /// Feel studies: run a participant's session (`study run`), or report
    /// over every participant's results (`study report`).
    Study(study::Args),
}

/// Runs the command `cli` names; its exit code, or the error that stopped it.
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    let code = dispatch(cli)?;
    // What is still buffered goes out now, where a failure can be told.
    use std::io::Write as _;
    std::io::stdout().flush().map_err(CliError::Stdout)?;
    Ok(code)
}

/// Runs the command `cli` names.
fn dispatch(cli: Cli) -> Result<ExitCode, CliError> {
    match cli.command {
        None => play::run(cli.play),
        Some(Command::Shot(args)) => shot::run(args),
        Some(Command::Trace(args)) => trace::run(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Feel(args)) => feel::run(*args),
        Some(Command::Settings(args)) => settings::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Maps) => maps::run(),
        Some(Command::CheckMap(args)) => check_map::run(args),
        Some(Command::Study(args)) => study::run(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
