//! What is seen: a visual pathway into the SVC model, **a stated
//! hypothesis**, not a published or validated model.
//!
//! A seated player's inner ear feels no motion: the canals and otoliths
//! report rest whatever the camera does. The conflict comes from what is
//! seen. Sensory-conflict theory frames visually induced sickness so: the
//! visual system signals self-motion (vection) that the vestibular organs
//! do not confirm (Bos, Bles & Groen 2008, "A theory on visually induced
//! motion sickness", Displays 29:47-57); sickness in a rotating visual
//! surround grows with the vection it induces (Nooij et al. 2017, PLOS ONE
//! 12:e0175305); and a 6DoF SVC model needs the visual rotation velocity
//! among its inputs to predict sickness (Kotian et al. 2024, Experimental
//! Brain Research, doi:10.1007/s00221-023-06747-x). How the seen motion
//! enters, and how strongly, is not settled in that literature.
//!
//! **The hypothesis, in this form:**
//!
//! 1. The body is at rest: the sense organs and the head's gravity step
//!    under [`Motion::REST`].
//! 2. The internal model takes the seen self-motion as known: IN1's
//!    `Ka * a` and `Kw * omega` terms (the motion the internal model is
//!    told of, [`Perceived`]) get the camera's head-frame acceleration and
//!    rotation, as [`head_motion`] turns them, times a visual weight `W`.
//!    The vertical conflict `|v_s - hv_s|` then grows when the seen motion
//!    implies a force the otoliths do not feel, and MSI follows it through
//!    the published Hill function and lag, unchanged.
//! 3. `W` is the vection the view can drive ([`weight`]): the tunable
//!    [`VisualTunables::gain`], times the share of the full visual field
//!    the visible view covers at the eye (the restrictor's visible field;
//!    the screen's angle at the eye where it is known, else the rendered
//!    field of view), times a factor below 1 for a fixed reference on the
//!    screen (a rest frame that does not move with the scene). It is taken
//!    tick by tick, so a restrictor closing in a turn lowers `W` in that
//!    turn.
//!
//! What it can and cannot claim: its structure follows the theory and its
//! direction follows the studies cited on each weight, but its numbers are
//! defaults chosen to be fitted (a study's report fits the gain to the
//! ratings); it predicts the ordering of conditions under its assumptions,
//! not an incidence anyone should expect. Under it a turn about the
//! vertical alone, standing still, gives no conflict at all (an upright
//! estimated vertical does not tilt when turned about itself, as in the
//! published model), although optokinetic drums do sicken people (through
//! vection and small head movements this model has no input for); turning
//! while moving does, through the centripetal acceleration seen. Vection's
//! onset delay, the image's scale against the screen's angle (a 90 degree
//! view on a 40 degree screen), head movements, frame rate and latency
//! are outside it.
//!
//! The published model stays available unchanged as
//! [`Pathway::Vestibular`]: the camera's motion read "as if the body moved
//! as the camera does", through [`step`](super::model::step) exactly.

use super::head::head_motion;
use super::model::{Motion, Perceived, Prediction, Predictor, Vec3, G};
use crate::feel::{Sample, Scale};
use crate::sim::comfort::Reference;
use crate::sim::Tunables;

/// How a run's camera drives the model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pathway {
    /// The published model (IN1) read "as if the body moved as the camera
    /// does": the camera's head-frame motion into the sense organs and the
    /// internal model alike. Exact, and the default.
    #[default]
    Vestibular,
    /// The hypothesis of this module: the body at rest, the seen motion
    /// into the internal model, weighted by what is visible.
    Visual,
}

impl Pathway {
    /// Both pathways, the published one first.
    pub const ALL: [Pathway; 2] = [Pathway::Vestibular, Pathway::Visual];

    /// Its name on the command line and in reports and CSV files.
    pub fn name(self) -> &'static str {
        match self {
            Pathway::Vestibular => "vestibular",
            Pathway::Visual => "visual",
        }
    }

    /// The pathway called `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// What it is, in words for a report's or a CSV file's header: the
    /// visual one says it is a hypothesis.
    pub fn about(self) -> &'static str {
        match self {
            Pathway::Vestibular => {
                "vestibular: the published 6DoF SVC model (IN1), read as if the body moved as \
                 the camera does"
            }
            Pathway::Visual => {
                "visual (a hypothesis, not a validated model): the seated body at rest, the seen \
                 self-motion into the internal model, weighted by the field visible and a fixed \
                 reference"
            }
        }
    }
}

/// The visual pathway's weights: **hypothetical defaults**, each with its
/// reason, to be fitted to ratings (the study report fits [`Self::gain`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VisualTunables {
    /// The weight of a view filling the whole visual field with no fixed
    /// reference: how fully the seen motion counts as known self-motion
    /// against IN1's own `Ka` and `Kw`. Default 1: the seen motion counts
    /// as the body's own would, the simplest reading, and the scale the
    /// report's fit starts from.
    pub gain: f64,
    /// The field, degrees across at the eye, at which the view drives the
    /// most vection; a narrower visible field drives a share in
    /// proportion. Default 180, the whole horizontal visual field:
    /// sickness in a driving simulator rose with the field of view from
    /// 60 to 180 degrees (Lin et al. 2002), and a restricted field lowers
    /// it (Fernandes & Feiner 2016). Linear in the angle is the simplest
    /// monotone form; it is not measured.
    pub full_field_deg: f64,
    /// The factor a centred dot (a "virtual nose") leaves. Default 0.85:
    /// Whittinghill et al. (2015) found more tolerance with a nose in a
    /// walking scene and little on a roller coaster, a modest effect.
    pub dot: f64,
    /// The factor a rest frame round the view leaves. Default 0.7: an
    /// earth-fixed frame independent of the scene's motion lowers
    /// vection and sickness (Prothero's rest-frame hypothesis, 1998; Cao
    /// et al. 2018), and covers more of the view than a dot, so more than
    /// the dot's effect.
    pub frame: f64,
}

impl Default for VisualTunables {
    /// The hypothetical defaults, reasons on each field.
    fn default() -> Self {
        Self {
            gain: 1.0,
            full_field_deg: 180.0,
            dot: 0.85,
            frame: 0.7,
        }
    }
}

impl VisualTunables {
    /// The factor the fixed `reference` leaves (1 with none).
    pub fn reference_factor(&self, reference: Reference) -> f64 {
        match reference {
            Reference::None => 1.0,
            Reference::Dot => self.dot,
            Reference::Frame => self.frame,
        }
    }
}

/// What a run was seen through: the view's settings the visual weight
/// depends on (the restrictor's visible field comes tick by tick from each
/// [`Sample::visible_reach`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The rendered horizontal field of view, degrees.
    pub fov_deg: f64,
    /// The fixed reference drawn on the screen.
    pub reference: Reference,
    /// The screen's (the view's) horizontal angle at the eye, degrees,
    /// more than 0 and less than 180, where the viewing geometry is known;
    /// None reads the rendered field of view as the angle at the eye.
    pub screen_deg: Option<f64>,
}

impl View {
    /// The view of a run with `tunables` (its comfort reference) rendered
    /// `fov_deg` wide, the viewing geometry unknown.
    pub fn of(tunables: &Tunables, fov_deg: f64) -> Self {
        Self {
            fov_deg,
            reference: tunables.comfort.reference,
            screen_deg: None,
        }
    }

    /// The visible field's angle at the eye, degrees, when the restrictor
    /// leaves `visible_reach` (a share of the view's half-width, as
    /// [`Sample::visible_reach`]) visible: the screen's angle where known,
    /// else the rendered field, cut to the reach in the screen's plane.
    pub fn visible_at_eye_deg(&self, visible_reach: f64) -> f64 {
        let across = self.screen_deg.unwrap_or(self.fov_deg);
        let half = (across / 2.0).to_radians();
        2.0 * (visible_reach.clamp(0.0, 1.0) * half.tan())
            .atan()
            .to_degrees()
    }
}

/// The visual weight `W` of a tick whose view leaves `visible_reach`
/// visible: `gain * min(1, field at the eye / full_field_deg) *
/// reference factor` (the hypothesis; see the module's notes).
pub fn weight(visual: &VisualTunables, view: &View, visible_reach: f64) -> f64 {
    let share = (view.visible_at_eye_deg(visible_reach) / visual.full_field_deg).min(1.0);
    visual.gain * share * visual.reference_factor(view.reference)
}

/// One step's input under a pathway: the body's motion, and the motion the
/// internal model takes as known (None: the body's own, the published
/// step exactly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Input {
    /// The body's motion: what the sense organs feel.
    pub body: Motion,
    /// What the internal model is told of; None for the body's own.
    pub known: Option<Perceived>,
}

impl Input {
    /// The published reading: `motion` felt and known alike.
    pub fn vestibular(motion: Motion) -> Self {
        Self {
            body: motion,
            known: None,
        }
    }

    /// The visual reading of seen head-frame `motion` at weight `w`: the
    /// body at rest, the internal model told of `w` times the seen
    /// acceleration (`f - g`) and rotation.
    pub fn visual(motion: &Motion, w: f64) -> Self {
        let a: Vec3 = [motion.f[0], motion.f[1], motion.f[2] - G];
        Self {
            body: Motion::REST,
            known: Some(Perceived {
                a: a.map(|v| w * v),
                omega: motion.omega.map(|v| w * v),
            }),
        }
    }
}

/// The inputs of head-frame `motion` (one a step) under `pathway`, the
/// view leaving `reach[k]` visible at step `k` (see
/// [`Sample::visible_reach`]; ignored by the vestibular pathway).
pub fn inputs_of(
    pathway: Pathway,
    motion: &[Motion],
    reach: impl Fn(usize) -> f64,
    view: &View,
    visual: &VisualTunables,
) -> Vec<Input> {
    motion
        .iter()
        .enumerate()
        .map(|(k, m)| input(pathway, m, || reach(k), view, visual))
        .collect()
}

/// One step's input of head-frame `motion` under `pathway`, the view
/// leaving `reach()` visible (asked only by the visual pathway).
pub fn input(
    pathway: Pathway,
    motion: &Motion,
    reach: impl FnOnce() -> f64,
    view: &View,
    visual: &VisualTunables,
) -> Input {
    match pathway {
        Pathway::Vestibular => Input::vestibular(*motion),
        Pathway::Visual => Input::visual(motion, weight(visual, view, reach())),
    }
}

/// The inputs of a run's camera under `pathway`: the ticks between
/// `samples` turned into the head frame by [`head_motion`] (`jumps` are
/// cuts, as there), each tick's view as the sample it ends on shows it.
pub fn inputs(
    pathway: Pathway,
    samples: &[Sample],
    jumps: &[usize],
    dt: f64,
    scale: Scale,
    view: &View,
    visual: &VisualTunables,
) -> Vec<Input> {
    let motion = head_motion(samples, jumps, dt, scale.metres_per_tile);
    inputs_of(
        pathway,
        &motion,
        |k| samples[k + 1].visible_reach,
        view,
        visual,
    )
}

/// Steps `predictor` through `inputs` from its settled state: the
/// prediction after each step.
pub fn predict(predictor: &Predictor, inputs: &[Input]) -> Vec<Prediction> {
    predict_each(predictor, inputs.iter().copied()).collect()
}

/// [`predict`] one step at a time: the prediction after each of `inputs`
/// as it is stepped, for a run too long to hold its inputs or its
/// predictions.
pub fn predict_each<'p>(
    predictor: &'p Predictor,
    inputs: impl Iterator<Item = Input> + 'p,
) -> impl Iterator<Item = Prediction> + 'p {
    let mut x = predictor.start();
    inputs.map(move |u| {
        x = match &u.known {
            None => predictor.step(&x, &u.body),
            Some(known) => predictor.step_perceived(&x, &u.body, known),
        };
        Prediction {
            msi_pct: x.msi,
            conflict: x.conflict(),
        }
    })
}

/// A run's camera straight to its predictions under `pathway`: [`inputs`]
/// then [`predict`]. `predictor` must step at `dt`, the samples' tick.
pub fn predict_run(
    predictor: &Predictor,
    pathway: Pathway,
    samples: &[Sample],
    jumps: &[usize],
    scale: Scale,
    view: &View,
    visual: &VisualTunables,
) -> Vec<Prediction> {
    let dt = predictor.dt();
    predict(
        predictor,
        &inputs(pathway, samples, jumps, dt, scale, view, visual),
    )
}

#[cfg(test)]
#[path = "visual_tests.rs"]
mod tests;
