//! `study withdraw`: a participant withdraws. A `withdrawn` row with the
//! reason is appended to their `events.csv` (nothing of their data is
//! rewritten or removed); `study report` then leaves them out of every
//! analysis and lists the withdrawal.

use super::CliError;
use crate::study::results::{self, EVENTS};
use std::path::PathBuf;
use std::process::ExitCode;

/// The longest reason taken, characters.
const MAX_REASON: usize = 500;

/// `study withdraw`.
#[derive(clap::Args)]
pub struct Args {
    /// The study's results folder (RESULTS/STUDY, as `study report` takes
    /// it), holding the participant's folder.
    #[arg(value_name = "RESULTS_DIR")]
    results: PathBuf,
    /// The participant who withdraws.
    #[arg(long, value_name = "ID", value_parser = super::args::parse_id)]
    participant: String,
    /// Why, in their words or the researcher's (one line).
    #[arg(long, value_name = "TEXT")]
    reason: String,
}

/// Appends the withdrawal to the participant's `events.csv`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let dir = args.results.join(&args.participant);
    if !dir.join("session.toml").is_file() {
        return Err(CliError::refused(format!(
            "no session of participant `{}` in {}: give the study's results folder (the one \
             `study report` takes) and the participant's ID",
            args.participant,
            args.results.display()
        )));
    }
    let reason = args.reason.trim();
    if reason.is_empty() || reason.chars().count() > MAX_REASON || reason.contains(['\n', '\r']) {
        return Err(CliError::refused(format!(
            "--reason is one line of 1 to {MAX_REASON} characters"
        )));
    }
    let events = dir.join(EVENTS);
    results::append_row(events.clone(), &args.participant, "withdrawn", reason)?;
    say!(
        "participant {} withdrawn: {} (their data stays; study report leaves it out)",
        args.participant,
        events.display()
    );
    Ok(ExitCode::SUCCESS)
}
