//! The simulated population: every per-person parameter of a simulated
//! participant with the distribution it is drawn from and the reason for
//! it, in one table ([`TABLE`]), drawn in the table's order.
//!
//! These are assumptions, stated so a reader can disagree with a row: a
//! simulated study tests the tooling and the power of a design under
//! them, not how people feel. Where a row has a source, the source gives
//! the shape or the size; where it says *assumed*, nothing measured it
//! for this game and the value is a plausible choice.

use crate::rng::Rng;
use std::f64::consts::PI;

/// How a parameter is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Distribution {
    /// A standard score, `N(mean, sd)`.
    Normal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        sd: f64,
    },
    /// `median * exp(log_sd * z)`, `z` a standard normal correlated
    /// `rho` with the participant's MSSQ standing (row `mssq_z`).
    LogNormal {
        /// The median.
        median: f64,
        /// The standard deviation of its logarithm.
        log_sd: f64,
        /// Its logarithm's correlation with `mssq_z` (0: independent).
        rho: f64,
    },
    /// Uniform between two values.
    Uniform {
        /// The lowest.
        low: f64,
        /// The highest.
        high: f64,
    },
    /// One of `count` choices, each as likely (drawn as its index).
    Choice {
        /// How many.
        count: usize,
    },
}

/// One parameter of a simulated person.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// Its name.
    pub name: &'static str,
    /// What it is, with its unit.
    pub meaning: &'static str,
    /// How it is drawn.
    pub distribution: Distribution,
    /// Why this distribution: its source, or that it is assumed.
    pub reason: &'static str,
}

/// Indices of the rows in [`TABLE`].
pub mod row {
    /// `mssq_z`.
    pub const MSSQ_Z: usize = 0;
    /// `susceptibility`.
    pub const SUSCEPTIBILITY: usize = 1;
    /// `gain`.
    pub const GAIN: usize = 2;
    /// `recovery_s`.
    pub const RECOVERY_S: usize = 3;
    /// `habituation_s`.
    pub const HABITUATION_S: usize = 4;
    /// `tolerance`.
    pub const TOLERANCE: usize = 5;
    /// `style`.
    pub const STYLE: usize = 6;
}

/// The population, one row per parameter, in the order drawn.
#[rustfmt::skip]
pub const TABLE: [Row; 7] = [
    Row { name: "mssq_z",
        meaning: "standing in motion-sickness history (standard score); the MSSQ-short answers follow it",
        distribution: Distribution::Normal { mean: 0.0, sd: 1.0 },
        reason: "a standard score; the answers it gives make MSSQ-short raw scores skewed to the right, \
                 most people low and a few high, as the questionnaire's norms are (Golding 2006)" },
    Row { name: "susceptibility",
        meaning: "how fast conflict makes this person sick, a multiple of the population's RATE",
        distribution: Distribution::LogNormal { median: 1.0, log_sd: 0.5, rho: 0.5 },
        reason: "log-normal: sickness in a given exposure is right-skewed, most people mild, a few very \
                 sick; tied to the MSSQ by rho 0.5, about how well the MSSQ-short predicts sickness \
                 (Golding 2006: a median predictive correlation near 0.5)" },
    Row { name: "gain",
        meaning: "how this person's ratings scale what they feel (rating = gain x sickness)",
        distribution: Distribution::LogNormal { median: 1.0, log_sd: 0.15, rho: 0.0 },
        reason: "assumed: people use a rating scale differently (some never go past the middle); \
                 about a seventh either way" },
    Row { name: "recovery_s",
        meaning: "time constant of the sickness fading, in play and at rest, seconds",
        distribution: Distribution::LogNormal { median: 500.0, log_sd: 0.4, rho: 0.0 },
        reason: "the slow time constant of Oman's nausea dynamics as Irmak et al. (2022) refit it to \
                 data (502 s); studies rest 10 minutes or more for symptoms to fade, so a 5-minute \
                 rest leaves over half the sickness" },
    Row { name: "habituation_s",
        meaning: "seconds of saturated conflict (the drive's integral) after which the drive is 1/e of \
                  fresh: exposure dulls it",
        distribution: Distribution::LogNormal { median: 100.0, log_sd: 0.5, rho: 0.0 },
        reason: "assumed: repeated exposure habituates (Reason & Brand 1975; Hill & Howarth 2000, over \
                 sessions days apart); within one session the effect is small: plain play on the \
                 feel course gives about 5 such seconds in four minutes, so a session of four \
                 conditions dulls the drive by about a seventh" },
    Row { name: "tolerance",
        meaning: "the felt sickness (FMS points) at which this person presses the stop key",
        distribution: Distribution::Uniform { low: 11.0, high: 22.0 },
        reason: "assumed: some stop before a study's FMS 15 rule, some would go past it (Keshavarz & \
                 Hecht 2011 anchor 15 and above as moderate to strong)" },
    Row { name: "style",
        meaning: "how this person plays: an index into simulate::STYLES",
        distribution: Distribution::Choice { count: super::drive::STYLES.len() },
        reason: "each style as likely: people differ in what they do with the same keys" },
];

/// The population's rate of sickness at a saturated conflict for a
/// person of susceptibility 1, FMS points per second. Calibrated, not
/// measured: the visual pathway's conflict in play stays far below IN1's
/// `b` (a mean drive near 0.02 for the polar model's velocity camera
/// played plain on the feel course), and at this rate the median person
/// playing that reaches about FMS 11 after the four minutes of
/// `studies/comfort.toml`'s plain condition: below its stop rule of 15,
/// so that some people stop and most do not, as the comfort studies are
/// designed.
pub const RATE: f64 = 3.0;

/// One person's draw of every row, in [`TABLE`] order.
pub fn draw(rng: &mut Rng) -> [f64; TABLE.len()] {
    let mut out = [0.0; TABLE.len()];
    let mut mssq_z = 0.0;
    for (i, r) in TABLE.iter().enumerate() {
        out[i] = match r.distribution {
            Distribution::Normal { mean, sd } => {
                let v = mean + sd * normal(rng);
                if i == row::MSSQ_Z {
                    mssq_z = v;
                }
                v
            }
            Distribution::LogNormal {
                median,
                log_sd,
                rho,
            } => {
                let z = rho * mssq_z + (1.0 - rho * rho).sqrt() * normal(rng);
                median * (log_sd * z).exp()
            }
            Distribution::Uniform { low, high } => low + (high - low) * rng.next_f64(),
            Distribution::Choice { count } => {
                ((rng.next_f64() * count as f64) as usize).min(count - 1) as f64
            }
        };
    }
    out
}

#[cfg(test)]
#[path = "population_tests.rs"]
mod tests;

/// A standard normal draw (Box-Muller).
pub fn normal(rng: &mut Rng) -> f64 {
    let u = rng.next_f64().max(1e-12);
    let v = rng.next_f64();
    (-2.0 * u.ln()).sqrt() * (2.0 * PI * v).cos()
}
