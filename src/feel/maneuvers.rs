//! The standard maneuvers: scripts shipped in `maneuvers/`, each run by
//! every model and coupling for the comparison report.

use crate::sim::polar::{Coast, Swing, SwingBrake, TurnLaw};
use crate::sim::{Coupling, Model, Tunables};

/// A standard maneuver.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Maneuver {
    /// Short name; the script is `maneuvers/NAME.txt`.
    pub name: &'static str,
    /// What it does and what to look for, one sentence.
    pub about: &'static str,
    /// The map it runs on (a file in `maps/`), or None for the open plane.
    pub map: Option<&'static str>,
}

/// Every standard maneuver, in report order.
pub const MANEUVERS: [Maneuver; 9] = [
    Maneuver {
        name: "uturn_180",
        about: "A 180-degree U-turn of the heading at speed, pushing forward throughout.",
        map: None,
    },
    Maneuver {
        name: "reverse_push",
        about: "At speed, the push reverses without turning: braking through zero and back.",
        map: None,
    },
    Maneuver {
        name: "turn_90",
        about: "A 90-degree turn of the heading at speed.",
        map: None,
    },
    Maneuver {
        name: "slalom",
        about: "Running while the heading swings left and right every half second.",
        map: None,
    },
    Maneuver {
        name: "circle",
        about: "Running with the heading turning steadily for six seconds.",
        map: None,
    },
    Maneuver {
        name: "spin_release",
        about: "The push swept round at 540 deg/s for 3 s (article 000's 'doing 360s'), then forward alone.",
        map: None,
    },
    Maneuver {
        name: "corridor_run",
        about: "The feel-test course's long straight, with small heading corrections.",
        map: Some("feel_course.map"),
    },
    Maneuver {
        name: "release_mid_swing",
        about: "At speed, a quarter second of sideways push, then every key let go while the body still swings.",
        map: None,
    },
    Maneuver {
        name: "stop_start",
        about: "Run, let go, run, let go.",
        map: None,
    },
];

/// A model and camera coupling compared in the report, and for the polar
/// model one of article 000's alternatives, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The walking model.
    pub model: Model,
    /// The camera coupling (only the polar model has a choice; the others
    /// look along the heading).
    pub coupling: Coupling,
    /// The polar model's alternative to the article's own choice.
    pub alternative: Option<Alternative>,
}

/// One of the alternatives article 000 weighs and sets aside, as a
/// variant of the polar model (each a setting of its `[polar]` section).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alternative {
    /// `turn_law = "linear"`: the swing driven by delta/pi, not sin(delta).
    LinearTurn,
    /// `swing_brake = "linear"`: the swing braked by 1 - |delta|/pi, not
    /// cos(delta).
    LinearBrake,
    /// `swing = "direct"`: no angular velocity; the direction of travel
    /// turns straight toward the push at a bounded rate.
    Direct,
    /// `coast = "article"`: with no key held, the article's literal push
    /// of -1 along the heading.
    ArticleCoast,
}

impl Alternative {
    /// Its setting, as the label shows it: `swing=direct`.
    pub fn setting(self) -> &'static str {
        match self {
            Alternative::LinearTurn => "turn_law=linear",
            Alternative::LinearBrake => "swing_brake=linear",
            Alternative::Direct => "swing=direct",
            Alternative::ArticleCoast => "coast=article",
        }
    }

    /// Sets it in `t`.
    fn apply(self, t: &mut Tunables) {
        match self {
            Alternative::LinearTurn => t.polar.turn_law = TurnLaw::Linear,
            Alternative::LinearBrake => t.polar.swing_brake = SwingBrake::Linear,
            Alternative::Direct => t.polar.swing = Swing::Direct,
            Alternative::ArticleCoast => t.polar.coast = Coast::Article,
        }
    }
}

impl Variant {
    /// A label such as `polar/velocity`, `polar swing=direct` or `quake`.
    pub fn label(&self) -> String {
        match (self.model, self.alternative) {
            (Model::Polar, Some(a)) => format!("polar {}", a.setting()),
            (Model::Polar, None) => format!("polar/{}", self.coupling.name()),
            (m, _) => m.name().to_string(),
        }
    }

    /// `base` with this variant's model, coupling and alternative.
    pub fn tunables(&self, base: &Tunables) -> Tunables {
        let mut t = Tunables {
            model: self.model,
            coupling: self.coupling,
            ..*base
        };
        if let Some(a) = self.alternative {
            a.apply(&mut t);
        }
        t
    }
}

/// The polar model with the camera along the velocity and `alternative`.
const fn polar(alternative: Option<Alternative>) -> Variant {
    Variant {
        model: Model::Polar,
        coupling: Coupling::Velocity,
        alternative,
    }
}

/// Every model and coupling, once each (the classic and quake models look
/// along the heading whatever the coupling, so they appear once), then
/// each of article 000's alternatives to the polar model, the camera
/// along the velocity.
pub const VARIANTS: [Variant; 8] = [
    polar(None),
    Variant {
        model: Model::Polar,
        coupling: Coupling::Heading,
        alternative: None,
    },
    Variant {
        model: Model::Classic,
        coupling: Coupling::Heading,
        alternative: None,
    },
    Variant {
        model: Model::Quake,
        coupling: Coupling::Heading,
        alternative: None,
    },
    polar(Some(Alternative::LinearTurn)),
    polar(Some(Alternative::LinearBrake)),
    polar(Some(Alternative::Direct)),
    polar(Some(Alternative::ArticleCoast)),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_alternative_changes_only_its_own_setting() {
        let base = Tunables::default();
        let labels: Vec<String> = VARIANTS.iter().map(Variant::label).collect();
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(unique, labels, "every label once");
        for v in VARIANTS.iter().filter(|v| v.alternative.is_some()) {
            let t = v.tunables(&base);
            let changed: Vec<_> = t
                .to_pairs()
                .into_iter()
                .zip(base.to_pairs())
                .filter(|(a, b)| a != b)
                .map(|(a, _)| format!("{}={}", a.0, a.1))
                .collect();
            assert_eq!(changed, [v.alternative.unwrap().setting()]);
        }
    }
}
