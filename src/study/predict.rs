//! The predicted sickness of a condition's run, as the study side reads
//! it: the camera's samples turned into head-frame motion and stepped
//! through the 6DoF SVC model ([`crate::feel::svc`]) tick by tick under
//! the visual pathway ([`crate::feel::svc::visual`], **a stated
//! hypothesis**: the seated body at rest, the seen self-motion weighted by
//! what is visible), giving the conflict and the motion sickness incidence
//! (MSI) after each tick. The simulated participant feels the conflict
//! ([`super::simulate`]); the report sets the MSI against the ratings
//! ([`super::report`]).
//!
//! One place decides how a run becomes a prediction, so the simulation
//! and the report cannot disagree about it.

use crate::feel::svc::head::head_motion;
use crate::feel::svc::visual::{self, Pathway, View, VisualTunables};
use crate::feel::svc::{Motion, Prediction, Predictor, SvcTunables};
use crate::feel::{Sample, Scale};
use crate::sim::{Tunables, TICK_DT};

/// The pathway every study prediction takes: the visual one, a
/// hypothesis (its words, [`Pathway::about`], head every report section
/// and file that shows a prediction).
pub const PATHWAY: Pathway = Pathway::Visual;

/// The model at the game's tick, settled once: every prediction of a
/// study starts from this settled state.
pub fn predictor() -> Predictor {
    Predictor::new(SvcTunables::default(), TICK_DT)
}

/// The model's prediction after each tick of a run played with
/// `tunables` in a view `fov_deg` wide, under [`PATHWAY`] with the visual
/// weights `visual`: one for each tick between `samples` (one fewer than
/// the samples), the ticks in `jumps` (tick `i` leads from `samples[i]`
/// to `samples[i + 1]`) carrying no motion. The feel lab's default scale;
/// the screen's angle at the eye unknown.
pub fn predict(
    predictor: &Predictor,
    samples: &[Sample],
    jumps: &[usize],
    (tunables, fov_deg): (&Tunables, f64),
    visual: &VisualTunables,
) -> Vec<Prediction> {
    let motion = motion(predictor, samples, jumps, Scale::default());
    let view = View::of(tunables, fov_deg);
    predict_motion(predictor, (samples, &motion), &view, visual)
}

/// The head-frame motion of the ticks between `samples` at `scale`, at
/// `predictor`'s step, the ticks in `jumps` cuts: what
/// [`predict_motion`] reads, computed once for any number of visual
/// weights.
pub fn motion(
    predictor: &Predictor,
    samples: &[Sample],
    jumps: &[usize],
    scale: Scale,
) -> Vec<Motion> {
    head_motion(samples, jumps, predictor.dt(), scale.metres_per_tile)
}

/// The model's prediction after each tick of a run under [`PATHWAY`]: its
/// `samples` and their head-frame `motion` ([`motion`]), seen through
/// `view` with the visual weights `visual`.
pub fn predict_motion(
    predictor: &Predictor,
    (samples, motion): (&[Sample], &[Motion]),
    view: &View,
    visual: &VisualTunables,
) -> Vec<Prediction> {
    let reach = |k: usize| samples[k + 1].visible_reach;
    let inputs = visual::inputs_of(PATHWAY, motion, reach, view, visual);
    visual::predict(predictor, &inputs)
}
