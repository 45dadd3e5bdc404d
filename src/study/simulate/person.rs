//! The seeded model of one simulated participant: a latent sickness that
//! the predicted sensory conflict builds and that fades slowly, the
//! answers it gives (ratings, questionnaires, preferences) and the
//! tolerance past which it stops a condition.
//!
//! Each tick the SVC model's conflict `c` (m/s^2, [`super::drive`]) goes
//! through the model's own Hill function, `u = r^2 / (1 + r^2)` with
//! `r = c / b` (IN1's `b`, 0.5 m/s^2): the share of its saturated drive.
//! Exposure dulls it, `u exp(-E / habituation_s)` with `E` the seconds of
//! saturated conflict felt so far this session. The person's sickness
//! `S` (FMS points) grows at [`RATE`]` x susceptibility` times that and
//! fades with their `recovery_s`, in play and at rest alike:
//!
//! `dS/dt = RATE susceptibility u exp(-E / habituation_s) - S / recovery_s`
//!
//! IN1's own MSI is a population's incidence of vomiting behind a
//! 12-minute second-order lag; an FMS rating follows a person's nausea
//! within the minute (Keshavarz & Hecht 2011), so the person integrates
//! the conflict once, with their own time constants. They rate
//! `gain x S` with a point of noise, and stop when it passes their
//! tolerance. Every per-person number is drawn from [`population::TABLE`].

use super::population::{self, normal, row, RATE};
use crate::feel::svc::SvcTunables;
use crate::rng::Rng;
use crate::sim::TICK_DT;
use crate::study::mssq;
use crate::study::scales::{InPlayScale, FMS_MAX};
use crate::study::ssq;

/// Share of FMS prompts left unanswered.
pub(super) const MISS_SHARE: f64 = 0.05;
/// The share of kinds of transport a simulated person never travelled.
const NOT_TRAVELLED_SHARE: f64 = 0.1;
/// The noise of a rating, FMS points (a twentieth of the scale).
const RATING_NOISE: f64 = 1.0;

/// The share of its saturated drive a conflict of `conflict` m/s^2 gives:
/// IN1's Hill function of the conflict over `b`.
pub fn drive_of(conflict: f64) -> f64 {
    let r = conflict / SvcTunables::default().b;
    let r2 = r * r;
    r2 / (1.0 + r2)
}

/// The seeded model of one participant.
pub(super) struct Person {
    pub rng: Rng,
    /// The participant's standing in motion-sickness history.
    mssq_z: f64,
    /// How strongly conflict makes this person sick, around 1.
    susceptibility: f64,
    /// How their ratings scale what they feel.
    gain: f64,
    /// Their sickness's fading time constant, seconds.
    recovery_s: f64,
    /// Saturated-conflict seconds that dull the drive to 1/e.
    habituation_s: f64,
    /// The felt sickness at which this person stops a condition, FMS
    /// points.
    tolerance: f64,
    /// The way this person plays (an index into [`super::STYLES`]).
    pub style: usize,
    /// Seconds of saturated conflict felt so far.
    exposure: f64,
    /// The latent sickness, FMS points.
    sickness: f64,
    /// The highest felt sickness in each condition, by position.
    pub peak: Vec<f64>,
    /// How much this person disliked each condition, by position, once
    /// asked: the peak sickness blurred by taste.
    dislike: Vec<Option<f64>>,
    /// An answer being given: due at this many seconds of play, and
    /// whether it will be given at all.
    pub pending: Option<(f64, bool)>,
}

impl Person {
    /// The person seeded `seed`, for a session of `conditions`.
    pub fn new(seed: u64, conditions: usize) -> Self {
        let mut rng = Rng::new(seed ^ 0x5eed_0ff5_e7ed);
        let drawn = population::draw(&mut rng);
        Self {
            rng,
            mssq_z: drawn[row::MSSQ_Z],
            susceptibility: drawn[row::SUSCEPTIBILITY],
            gain: drawn[row::GAIN],
            recovery_s: drawn[row::RECOVERY_S],
            habituation_s: drawn[row::HABITUATION_S],
            tolerance: drawn[row::TOLERANCE],
            style: drawn[row::STYLE] as usize,
            exposure: 0.0,
            sickness: 0.0,
            peak: vec![0.0; conditions],
            dislike: vec![None; conditions],
            pending: None,
        }
    }

    /// Takes one tick of predicted conflict (m/s^2), in the condition at
    /// `position`, into the latent sickness.
    pub fn feel(&mut self, conflict: f64, position: usize) {
        let u = drive_of(conflict);
        let dulled = u * (-self.exposure / self.habituation_s).exp();
        self.exposure += u * TICK_DT;
        let change = RATE * self.susceptibility * dulled - self.sickness / self.recovery_s;
        self.sickness = (self.sickness + change * TICK_DT).max(0.0);
        self.peak[position] = self.peak[position].max(self.felt());
    }

    /// Rest for `seconds`: sickness fades as in play, with no conflict.
    pub fn rest(&mut self, seconds: f64) {
        self.sickness *= (-seconds / self.recovery_s).exp();
    }

    /// The sickness this person would report, FMS points: the latent
    /// sickness through their gain, at most the scale's top.
    pub fn felt(&self) -> f64 {
        (self.gain * self.sickness).min(f64::from(FMS_MAX))
    }

    /// True when this person has had enough and stops.
    pub fn had_enough(&self) -> bool {
        self.felt() >= self.tolerance
    }

    /// The rating this person gives now on `scale` (the MISC's ten
    /// points span the FMS's twenty).
    pub fn rating(&mut self, scale: InPlayScale) -> u8 {
        let top = f64::from(scale.max());
        let noise = normal(&mut self.rng) * RATING_NOISE;
        let v = (self.felt() + noise) * top / f64::from(FMS_MAX);
        v.round().clamp(0.0, top) as u8
    }

    /// An MSSQ-short answer: the more susceptible, the more often sick;
    /// now and then a kind never travelled.
    pub fn mssq_item(&mut self) -> u8 {
        if self.rng.next_f64() < NOT_TRAVELLED_SHARE {
            return mssq::NOT_TRAVELLED;
        }
        let standing = (0.5 * self.mssq_z).exp();
        let v = 1.2 * standing - 0.4 + 0.8 * normal(&mut self.rng);
        v.round().clamp(0.0, f64::from(mssq::MAX_RATING)) as u8
    }

    /// An SSQ item's rating: more likely higher the sicker, items of more
    /// subscales a little higher.
    pub fn ssq_item(&mut self, item: usize) -> u8 {
        let it = &ssq::ITEMS[item];
        let weight = [it.nausea, it.oculomotor, it.disorientation]
            .iter()
            .filter(|&&b| b)
            .count() as f64;
        let level = self.felt() / f64::from(FMS_MAX) * 3.0 * (0.6 + 0.2 * weight);
        let v = level + 0.6 * normal(&mut self.rng) - 0.3;
        v.round().clamp(0.0, f64::from(ssq::MAX_RATING)) as u8
    }

    /// A 1-7 answer: lower the sicker this person felt in the condition.
    pub fn question(&mut self, position: usize) -> u8 {
        let v = 6.0 - self.peak[position] / 4.0 + normal(&mut self.rng);
        v.round().clamp(1.0, 7.0) as u8
    }

    /// How much this person disliked the condition at `position` (the
    /// same each time asked).
    pub fn dislike(&mut self, position: usize) -> f64 {
        if let Some(d) = self.dislike[position] {
            return d;
        }
        let d = self.peak[position] + 2.0 * normal(&mut self.rng);
        self.dislike[position] = Some(d);
        d
    }

    /// A uniform draw between `low` and `high`.
    pub fn uniform(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.rng.next_f64()
    }
}

#[cfg(test)]
#[path = "person_tests.rs"]
mod tests;
