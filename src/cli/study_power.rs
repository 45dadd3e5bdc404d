//! `study power`: the power of a study like a pilot, by simulation from
//! the pilot's report folder (`study report` writes `design.toml`,
//! `model.csv`, `tests.csv` and `stops.csv` there). `docs/studies.md`
//! explains how to read it.

use super::CliError;
use crate::study::power::{self, Plan, MAX_PARTICIPANTS, MAX_SIMS, MAX_SIZES, MIN_PARTICIPANTS};
use std::path::PathBuf;
use std::process::ExitCode;

/// Simulate studies from a pilot's report and print the power of the
/// overall condition effect (likelihood-ratio test, alpha 0.05) and of
/// the primary contrast (the protocol's `primary`, else the pilot's two
/// most different conditions), each with its Monte Carlo standard error,
/// and a table for a pre-registration.
#[derive(clap::Args)]
pub struct Args {
    /// The pilot's report folder (what `study report` wrote: design.toml,
    /// model.csv, tests.csv, stops.csv).
    #[arg(value_name = "REPORT_DIR")]
    report: PathBuf,
    /// The numbers of participants to simulate, comma-separated (such as
    /// 12,24,36); multiples of the Williams design's cycle keep the
    /// orders balanced.
    #[arg(long, value_name = "N,N,...", value_delimiter = ',', required = true,
          value_parser = clap::value_parser!(u32).range(MIN_PARTICIPANTS as i64..=MAX_PARTICIPANTS as i64))]
    n: Vec<u32>,
    /// Simulated studies per number of participants; the Monte Carlo
    /// standard error of a power p is sqrt(p (1 - p) / sims).
    #[arg(long, value_name = "SIMS", default_value_t = 500,
          value_parser = clap::value_parser!(u32).range(1..=MAX_SIMS as i64))]
    sims: u32,
    /// The seed of the simulations: the same seed gives the same figures
    /// on any number of cores.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Print CSV rows `n,effect,power,mc_se` (effect `condition` or
    /// `primary`) instead of the summary.
    #[arg(long)]
    csv: bool,
    /// Set the condition effects (and condition:t_min) to zero: the
    /// rejection rates are then the type I error, which should be near
    /// 0.05.
    #[arg(long)]
    null: bool,
}

/// `study power`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.n.len() > MAX_SIZES {
        return Err(CliError::refused(format!(
            "--n lists {} numbers of participants; at most {MAX_SIZES}",
            args.n.len()
        )));
    }
    let plan = Plan {
        sizes: args.n.iter().map(|&n| n as usize).collect(),
        sims: args.sims as usize,
        seed: args.seed,
        null: args.null,
    };
    let started = std::time::Instant::now();
    let found = power::run(&args.report, &plan)?;
    match args.csv {
        true => say_text!(power::csv(&found)),
        false => {
            say_text!(power::summary(&found));
            say!(
                "({} simulations on {} threads in {:.1} s)",
                plan.sims * plan.sizes.len(),
                rayon::current_num_threads(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
