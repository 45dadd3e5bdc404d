//! `study report`: a study's results folder written up (summary table,
//! report and plots), with what the data made doubtful said on stderr.

use super::CliError;
use crate::study::report::{self, DEFAULT_OUT};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Report on every participant of a study: summary.csv, report.md and
/// plots.
#[derive(clap::Args)]
pub struct Args {
    /// The study's results folder (`study-results/STUDY`), a folder per
    /// participant.
    #[arg(value_name = "RESULTS_DIR")]
    results: PathBuf,
    /// The folder for the report; it must be empty or absent (default:
    /// RESULTS_DIR/report).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Write into a folder that is not empty (only report.md, summary.csv
    /// and the plots are replaced; other files stay).
    #[arg(long)]
    force: bool,
}

/// `study report`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    report_to(&args.results, args.out.as_deref(), args.force)
}

/// Reports on the results in `results` into `out` (default:
/// `results/report`), saying what was written and how long it took.
pub fn report_to(results: &Path, out: Option<&Path>, force: bool) -> Result<ExitCode, CliError> {
    let out = out.map_or_else(|| results.join(DEFAULT_OUT), Path::to_path_buf);
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
