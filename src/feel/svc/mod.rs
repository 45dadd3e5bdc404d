//! Predicted sickness: the 6DoF subjective-vertical-conflict model (IN1)
//! of Inoue, Liu & Wada (2023) and Wada & Bos (2025), ported exactly from
//! its authors' MIT-licensed MATLAB ([`model`]), the head-frame motion it
//! reads as a CSV file ([`motion`]), a run's camera turned into that
//! motion ([`head`]), and the two readings of a run ([`visual`]).
//!
//! The model is the vestibular one as published: it reads the run "as if
//! the body moved as the camera does" ([`Pathway::Vestibular`]). A seated
//! player's inner ear feels none of it; [`visual`] states a hypothesis of
//! how what the screen shows enters instead ([`Pathway::Visual`]).

pub mod head;
pub mod model;
pub mod motion;
pub mod visual;

pub use model::{Motion, Perceived, Prediction, Predictor, State, SvcTunables, G};
pub use visual::{Pathway, View, VisualTunables};

use crate::feel::series::ratio_or_zero;
use crate::feel::Metric;

/// The figures of a prediction: MSI at the end, the conflict's peak and
/// RMS over every step (each None when there is no step).
pub fn summary(predictions: &[Prediction]) -> Vec<Metric> {
    let mut tally = Tally::default();
    predictions.iter().for_each(|p| tally.add(p));
    tally.summary()
}

/// [`summary`] gathered one prediction at a time, for a run too long to
/// hold its predictions: the same figures to the bit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Steps added.
    steps: usize,
    /// The last step's MSI, percent.
    last_msi: Option<f64>,
    /// The largest conflict so far, m/s^2 (0 before any step).
    peak: f64,
    /// The sum of the squared conflicts, (m/s^2)^2, in step order.
    squares: f64,
}

impl Tally {
    /// Adds the prediction after the next step.
    pub fn add(&mut self, p: &Prediction) {
        self.steps += 1;
        self.last_msi = Some(p.msi_pct);
        self.peak = self.peak.max(p.conflict);
        self.squares += p.conflict * p.conflict;
    }

    /// The figures of [`summary`] over the steps added.
    pub fn summary(&self) -> Vec<Metric> {
        let some = |v: f64| (self.steps > 0).then_some(v);
        let mean_square = ratio_or_zero(self.squares, self.steps as f64);
        vec![
            Metric {
                name: "msi_end_pct",
                value: self.last_msi,
                unit: "%",
                meaning: "predicted motion sickness incidence at the end (share expected to vomit)",
            },
            Metric {
                name: "conflict_peak",
                value: some(self.peak),
                unit: "m/s^2",
                meaning: "largest subjective-vertical conflict |v_s - hv_s|",
            },
            Metric {
                name: "conflict_rms",
                value: some(mean_square.sqrt()),
                unit: "m/s^2",
                meaning: "root mean square of the conflict over every step",
            },
        ]
    }
}
