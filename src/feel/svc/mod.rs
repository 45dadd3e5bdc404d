//! Predicted sickness: the 6DoF subjective-vertical-conflict model (IN1)
//! of Inoue, Liu & Wada (2023) and Wada & Bos (2025), ported exactly from
//! its authors' MIT-licensed MATLAB ([`model`]), the head-frame motion it
//! reads as a CSV file ([`motion`]), and a run's camera turned into that
//! motion ([`head`]).
//!
//! The model is the vestibular one as published: it reads the run "as if
//! the body moved as the camera does". A seated player's inner ear feels
//! none of it; what the screen shows enters only through a visual pathway,
//! which this module does not have yet.

pub mod head;
pub mod model;
pub mod motion;

pub use model::{Motion, Prediction, Predictor, State, SvcTunables, G};

use crate::feel::series::rms;
use crate::feel::Metric;

/// The figures of a prediction: MSI at the end, the conflict's peak and
/// RMS over every step (each None when there is no step).
pub fn summary(predictions: &[Prediction]) -> Vec<Metric> {
    let conflict: Vec<f64> = predictions.iter().map(|p| p.conflict).collect();
    let some = |v: f64| (!predictions.is_empty()).then_some(v);
    vec![
        Metric {
            name: "msi_end_pct",
            value: predictions.last().map(|p| p.msi_pct),
            unit: "%",
            meaning: "predicted motion sickness incidence at the end (share expected to vomit)",
        },
        Metric {
            name: "conflict_peak",
            value: some(conflict.iter().copied().fold(0.0, f64::max)),
            unit: "m/s^2",
            meaning: "largest subjective-vertical conflict |v_s - hv_s|",
        },
        Metric {
            name: "conflict_rms",
            value: some(rms(&conflict)),
            unit: "m/s^2",
            meaning: "root mean square of the conflict over every step",
        },
    ]
}
