//! The seeded model of one simulated participant: a latent sickness that
//! the camera's motion builds and that fades slowly, the answers it gives
//! (ratings, questionnaires, preferences) and the tolerance past which it
//! stops a condition.
//!
//! The *stimulus* of one tick is the camera's yaw rate and horizontal
//! acceleration over it, each in units of [`YAW_UNIT_DEG_S`] and
//! [`ACCEL_UNIT`], squared and summed, capped at [`MAX_STIMULUS`]. A
//! person of susceptibility `s` gains `GAIN s` FMS points per second per
//! unit of stimulus and loses [`RECOVERY`] of their sickness per second.

use crate::rng::Rng;
use crate::sim::TICK_DT;
use crate::study::mssq;
use crate::study::scales::{InPlayScale, FMS_MAX};
use crate::study::ssq;
use std::f64::consts::PI;

/// Yaw rate that gives one unit of stimulus, degrees per second.
const YAW_UNIT_DEG_S: f64 = 90.0;
/// Horizontal acceleration that gives one unit of stimulus, tiles/s².
const ACCEL_UNIT: f64 = 10.0;
/// The most stimulus one tick counts (a wall's stop is not a crash).
const MAX_STIMULUS: f64 = 4.0;
/// How fast stimulus builds sickness, FMS points per second per unit.
pub const GAIN: f64 = 0.10;
/// How fast sickness fades, per second.
const RECOVERY: f64 = 0.005;
/// Share of FMS prompts left unanswered.
pub(super) const MISS_SHARE: f64 = 0.05;
/// The range of the sickness (FMS points) at which a simulated person
/// presses the stop key: each person's tolerance is drawn from it.
const TOLERANCE: (f64, f64) = (11.0, 22.0);
/// The share of kinds of transport a simulated person never travelled.
const NOT_TRAVELLED_SHARE: f64 = 0.1;

/// The camera's motion over one tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Motion {
    /// Yaw rate, degrees per second (its size).
    pub yaw_rate_deg_s: f64,
    /// Horizontal acceleration, tiles/s².
    pub accel: f64,
}

impl Motion {
    /// The stimulus of this tick's motion, in units (see the module's
    /// doc).
    pub fn stimulus(self) -> f64 {
        ((self.yaw_rate_deg_s / YAW_UNIT_DEG_S).powi(2) + (self.accel / ACCEL_UNIT).powi(2))
            .min(MAX_STIMULUS)
    }
}

/// The seeded model of one participant.
pub(super) struct Person {
    pub rng: Rng,
    /// How strongly motion makes this person sick, around 1.
    susceptibility: f64,
    /// The sickness at which this person stops a condition, FMS points.
    pub tolerance: f64,
    /// The latent sickness, FMS points.
    pub sickness: f64,
    /// The highest sickness in each condition, by position.
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
        // Log-normal susceptibility: most people near 1, a few much more.
        let susceptibility = (0.5 * normal(&mut rng)).exp();
        let tolerance = TOLERANCE.0 + (TOLERANCE.1 - TOLERANCE.0) * rng.next_f64();
        Self {
            rng,
            susceptibility,
            tolerance,
            sickness: 0.0,
            peak: vec![0.0; conditions],
            dislike: vec![None; conditions],
            pending: None,
        }
    }

    /// Takes one tick of camera motion, in the condition at `position`,
    /// into the latent sickness.
    pub fn feel(&mut self, motion: Motion, position: usize) {
        let change = GAIN * self.susceptibility * motion.stimulus() - RECOVERY * self.sickness;
        self.sickness = (self.sickness + change * TICK_DT).clamp(0.0, f64::from(FMS_MAX));
        self.peak[position] = self.peak[position].max(self.sickness);
    }

    /// Rest for `seconds`: sickness fades.
    pub fn rest(&mut self, seconds: f64) {
        self.sickness *= (-RECOVERY * 4.0 * seconds).exp();
    }

    /// The rating this person gives now on `scale` (the MISC's ten
    /// points span the FMS's twenty).
    pub fn rating(&mut self, scale: InPlayScale) -> u8 {
        let top = f64::from(scale.max());
        let v = self.sickness * top / f64::from(FMS_MAX) + normal(&mut self.rng) * top / 20.0;
        v.round().clamp(0.0, top) as u8
    }

    /// An MSSQ-short answer: the more susceptible, the more often sick;
    /// now and then a kind never travelled.
    pub fn mssq_item(&mut self) -> u8 {
        if self.rng.next_f64() < NOT_TRAVELLED_SHARE {
            return mssq::NOT_TRAVELLED;
        }
        let v = 1.2 * self.susceptibility - 0.4 + 0.8 * normal(&mut self.rng);
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
        let level = self.sickness / f64::from(FMS_MAX) * 3.0 * (0.6 + 0.2 * weight);
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

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut Rng) -> f64 {
    let u = rng.next_f64().max(1e-12);
    let v = rng.next_f64();
    (-2.0 * u.ln()).sqrt() * (2.0 * PI * v).cos()
}
