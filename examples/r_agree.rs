//! Compares a study report's numbers with R's: run `Rscript analysis.R`
//! in the report folder first (it writes `r-model.csv`, `r-tests.csv` and
//! `r-survival.csv`), then
//!
//! ```sh
//! cargo run --release --example r_agree -- REPORT_DIR
//! ```
//!
//! It prints, per kind of number, how many were compared and the largest
//! difference met (relative for the models and tests, absolute for the
//! survival curves), then every disagreement, and exits non-zero if any.
//! The tolerances are those of `wobblecaster::study::agree`.

use std::path::PathBuf;
use std::process::ExitCode;
use wobblecaster::study::agree;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir] = &args[..] else {
        eprintln!("usage: r_agree REPORT_DIR (after `Rscript analysis.R` in it)");
        return ExitCode::from(2);
    };
    let a = match agree::compare_folder(&PathBuf::from(dir)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{:<22} {:>8} {:>12}  at", "numbers", "compared", "largest");
    for (kind, w) in &a.worst {
        println!(
            "{kind:<22} {:>8} {:>12.3e}  {}",
            w.compared, w.difference, w.at
        );
    }
    for number in &a.unchecked {
        println!("not compared (R gave none, analysis.R's output says why): {number}");
    }
    if a.agrees() {
        println!(
            "the report agrees with R: models and likelihood-ratio tests within {:e} \
             relative (or {:e}), log-rank within {:e}, Kaplan-Meier steps exactly and \
             survival within {:e}",
            agree::RELATIVE,
            agree::FLOOR,
            agree::LOG_RANK_RELATIVE,
            agree::SURVIVAL_ABSOLUTE
        );
        return ExitCode::SUCCESS;
    }
    for fault in &a.faults {
        eprintln!("disagrees: {fault}");
    }
    eprintln!("{} disagreement(s) with R", a.faults.len());
    ExitCode::FAILURE
}
