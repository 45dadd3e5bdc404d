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
