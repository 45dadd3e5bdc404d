//! The predicted sickness of a condition's run, as the study side reads
//! it: the camera's samples turned into head-frame motion and stepped
//! through the 6DoF SVC model ([`crate::feel::svc`]) tick by tick, giving
//! the conflict and the motion sickness incidence (MSI) after each tick.
//! The simulated participant feels the conflict ([`super::simulate`]);
//! the report sets the MSI against the ratings ([`super::report`]).
//!
//! One place decides how a run becomes a prediction, so the simulation
//! and the report cannot disagree about it.

use crate::feel::svc::head::head_motion;
use crate::feel::svc::{self, Predictor, SvcTunables};
use crate::feel::{Sample, DEFAULT_METRES_PER_TILE};
use crate::sim::TICK_DT;

/// The model at the game's tick, settled once: every prediction of a
/// study starts from this settled state.
pub fn predictor() -> Predictor {
    Predictor::new(SvcTunables::default(), TICK_DT)
}

/// The model's prediction after each tick of a run: one for each tick
/// between `samples` (one fewer than the samples), the ticks in `jumps`
/// (tick `i` leads from `samples[i]` to `samples[i + 1]`) carrying no
/// motion.
pub fn predict(predictor: &Predictor, samples: &[Sample], jumps: &[usize]) -> Vec<svc::Prediction> {
    let motion = head_motion(samples, jumps, TICK_DT, DEFAULT_METRES_PER_TILE);
    predictor.run(motion)
}
