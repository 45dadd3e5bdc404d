//! `study report`: a study's results folders written up (summary table,
//! long tables, the models' and tests' numbers, `analysis.R`, report and
//! plots), with what the data made doubtful said on stderr.

use super::CliError;
use crate::study::report::{self, DEFAULT_OUT};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Report on every participant of a study: summary.csv, the long tables,
/// model.csv, tests.csv, survival.csv, analysis.R (the same models in
/// R), report.md and plots.
#[derive(clap::Args)]
pub struct Args {
    /// The study's results folder (`study-results/STUDY`), a folder per
    /// participant; or several, one per site, of the same protocol (then
    /// --out is needed).
    #[arg(value_name = "RESULTS_DIR", required = true, num_args = 1..)]
    results: Vec<PathBuf>,
    /// The folder for the report; it must be empty or absent (default,
    /// with one RESULTS_DIR: RESULTS_DIR/report).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Write into a folder that is not empty (only the report's own files
    /// are replaced; other files stay).
    #[arg(long)]
    force: bool,
}

/// `study report`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    report_to(&args.results, args.out.as_deref(), args.force)
}

/// Reports on the results in the folders `results` into `out` (default,
/// with one folder: `results/report`), saying what was written and how
/// long it took.
pub fn report_to(
    results: &[PathBuf],
    out: Option<&Path>,
    force: bool,
) -> Result<ExitCode, CliError> {
    let out = match (out, results) {
        (Some(out), _) => out.to_path_buf(),
        (None, [one]) => one.join(DEFAULT_OUT),
        (None, _) => {
            return Err(CliError::refused(format!(
                "{} results folders given: say where their report goes with --out DIR (with \
                 one folder it goes in RESULTS_DIR/{DEFAULT_OUT})",
                results.len()
            )))
        }
    };
    let started = std::time::Instant::now();
    let summary = report::report(results, &out, force)?;
    for note in &summary.notes {
        eprintln!("note: {note}");
    }
    for path in &summary.written {
        say!("wrote {}", path.display());
    }
    let simulated = match summary.simulated {
        0 => String::new(),
        n => format!(" ({n} simulated)"),
    };
    say!(
        "{} participants{simulated}, {} conditions played, in {:.1} s",
        summary.participants.len(),
        summary.observations,
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
