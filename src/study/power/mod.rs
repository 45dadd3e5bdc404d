//! `study power`: how many participants a study needs, by simulation from
//! a pilot (as R's `simr` does it: Green & MacLeod 2016). From the
//! pilot's report folder it reads the chosen model (`model.csv`,
//! `tests.csv`), the design (`design.toml`) and the rate of stops by the
//! participant's own key (`stops.csv`); for each number of participants
//! asked it draws studies from the model ([`simulated`]), refits the
//! model on each ([`refit`]) and counts how often the overall condition
//! effect and the primary contrast are significant at 0.05: the power,
//! with its Monte Carlo standard error `sqrt(p (1 - p) / sims)`.
//!
//! With `null`, the condition effects (and condition:t_min) are zero, so
//! the same count is the type I error rate, which should be near 0.05.
//!
//! The simulations run on every core (rayon); each draws from its own
//! generator, seeded from the run's seed, the number of participants and
//! its index, and rayon's collect keeps their order, so the result is the
//! same on any number of threads.

pub mod design;
pub mod pilot;
pub mod refit;
pub mod simulated;
mod text;

use crate::rng::{fnv1a, Rng, FNV1A_START};
use design::{Design, DesignError};
use pilot::{Pilot, PilotError};
use rayon::prelude::*;
use std::path::Path;

pub use text::{csv, summary};

/// The fewest participants a simulated study may have.
pub const MIN_PARTICIPANTS: usize = 2;
/// The most participants a simulated study may have.
pub const MAX_PARTICIPANTS: usize = 1000;
/// The most simulations per number of participants.
pub const MAX_SIMS: usize = 100_000;
/// The most numbers of participants in one run.
pub const MAX_SIZES: usize = 20;

/// What to simulate.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The numbers of participants, each from [`MIN_PARTICIPANTS`] to
    /// [`MAX_PARTICIPANTS`].
    pub sizes: Vec<usize>,
    /// Simulations per number of participants, 1 to [`MAX_SIMS`].
    pub sims: usize,
    /// The seed every simulation's generator is drawn from.
    pub seed: u64,
    /// The condition effects set to zero: the rejection rate is the type
    /// I error.
    pub null: bool,
}

/// The contrast the power is computed for.
#[derive(Clone, Debug, PartialEq)]
pub struct Primary {
    /// The first condition, by index in the design.
    pub first: usize,
    /// The second.
    pub second: usize,
    /// True when the protocol named it (`primary`); false when it is the
    /// pilot's two most different conditions.
    pub declared: bool,
}

/// A count of rejections out of a number of simulations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Simulations whose test rejected.
    pub rejected: usize,
    /// Simulations whose model could not be fitted (counted as not
    /// rejecting).
    pub failed: usize,
    /// Simulations.
    pub sims: usize,
}

impl Count {
    /// The share rejected.
    pub fn power(&self) -> f64 {
        self.rejected as f64 / self.sims.max(1) as f64
    }

    /// The Monte Carlo standard error of [`Count::power`].
    pub fn mc_se(&self) -> f64 {
        let p = self.power();
        (p * (1.0 - p) / self.sims.max(1) as f64).sqrt()
    }
}

/// The power at one number of participants.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Participants per simulated study.
    pub n: usize,
    /// The overall condition effect's likelihood-ratio test.
    pub condition: Count,
    /// The primary contrast's Wald test.
    pub primary: Count,
}

/// What a run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Power {
    /// The pilot.
    pub pilot: Pilot,
    /// The design.
    pub design: Design,
    /// The contrast.
    pub primary: Primary,
    /// The plan run.
    pub plan: Plan,
    /// One row per number of participants, in the plan's order.
    pub rows: Vec<Row>,
}

/// Why a run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PowerError {
    /// `design.toml` could not be read.
    #[error(transparent)]
    Design(#[from] DesignError),
    /// The pilot's tables could not be read.
    #[error(transparent)]
    Pilot(#[from] PilotError),
    /// The model has a term the simulation cannot give a value.
    #[error(transparent)]
    Term(#[from] simulated::UnknownTerm),
    /// The chosen model is one this program cannot refit.
    #[error("model {0} (chosen in tests.csv) is not one study power refits yet")]
    Model(String),
}

/// Runs `plan` on the pilot in the report folder `dir`.
pub fn run(dir: &Path, plan: &Plan) -> Result<Power, PowerError> {
    let design = Design::load(&dir.join(design::FILE))?;
    let pilot = pilot::read(dir)?;
    estimate(pilot, design, plan)
}

/// Runs `plan` on `pilot` and `design`.
pub fn estimate(pilot: Pilot, design: Design, plan: &Plan) -> Result<Power, PowerError> {
    let truth = simulated::Truth::new(&pilot, &design, plan.null)?;
    let model = refit::model(&pilot.model).ok_or_else(|| PowerError::Model(pilot.model.clone()))?;
    let primary = primary(&pilot, &design);
    let jobs: Vec<(usize, usize)> = plan
        .sizes
        .iter()
        .flat_map(|&n| (0..plan.sims).map(move |i| (n, i)))
        .collect();
    let outcomes: Vec<refit::Outcome> = jobs
        .par_iter()
        .map(|&(n, i)| {
            let mut rng = Rng::new(seed_of(plan.seed, n, i));
            let rows = truth.study(&design, n, &mut rng);
            refit::refit(&rows, &design, model, (primary.first, primary.second))
        })
        .collect();
    let rows = plan
        .sizes
        .iter()
        .zip(outcomes.chunks(plan.sims.max(1)))
        .map(|(&n, outcomes)| Row {
            n,
            condition: count(outcomes.iter().map(|o| o.condition)),
            primary: count(outcomes.iter().map(|o| o.primary)),
        })
        .collect();
    Ok(Power {
        pilot,
        design,
        primary,
        plan: plan.clone(),
        rows,
    })
}

/// The seed of simulation `i` of studies of `n` participants.
fn seed_of(seed: u64, n: usize, i: usize) -> u64 {
    let bytes = [seed, n as u64, i as u64].map(u64::to_le_bytes).concat();
    fnv1a(FNV1A_START, &bytes)
}

/// The rejections among `outcomes`.
fn count(outcomes: impl Iterator<Item = Option<bool>>) -> Count {
    let mut c = Count::default();
    for o in outcomes {
        c.sims += 1;
        match o {
            Some(true) => c.rejected += 1,
            Some(false) => {}
            None => c.failed += 1,
        }
    }
    c
}

/// The design's primary contrast, or else the pilot's two most different
/// conditions (by their fixed effects; the higher first).
fn primary(pilot: &Pilot, design: &Design) -> Primary {
    if let Some((a, b)) = &design.primary {
        if let (Some(first), Some(second)) = (design.condition_index(a), design.condition_index(b))
        {
            return Primary {
                first,
                second,
                declared: true,
            };
        }
    }
    let effect = |c: usize| match c {
        0 => 0.0,
        _ => pilot
            .effect(&format!("condition{}", design.conditions[c].name))
            .unwrap_or(0.0),
    };
    let count = design.conditions.len();
    let (mut first, mut second) = (0, count.min(2) - 1);
    for a in 0..count {
        for b in 0..count {
            if effect(a) - effect(b) > effect(first) - effect(second) {
                (first, second) = (a, b);
            }
        }
    }
    Primary {
        first,
        second,
        declared: false,
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
