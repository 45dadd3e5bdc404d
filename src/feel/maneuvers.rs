//! The standard maneuvers: scripts shipped in `maneuvers/`, each run by
//! every model and coupling for the comparison report.

use crate::sim::{Coupling, Model};

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

/// A model and camera coupling compared in the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The walking model.
    pub model: Model,
    /// The camera coupling (only the polar model has a choice; the others
    /// look along the heading).
    pub coupling: Coupling,
}

impl Variant {
    /// A label such as `polar/velocity` or `quake`.
    pub fn label(&self) -> String {
        match self.model {
            Model::Polar => format!("polar/{}", self.coupling.name()),
            m => m.name().to_string(),
        }
    }
}

/// Every model and coupling, once each: the classic and quake models look
/// along the heading whatever the coupling, so they appear once.
pub const VARIANTS: [Variant; 4] = [
    Variant {
        model: Model::Polar,
        coupling: Coupling::Velocity,
    },
    Variant {
        model: Model::Polar,
        coupling: Coupling::Heading,
    },
    Variant {
        model: Model::Classic,
        coupling: Coupling::Heading,
    },
    Variant {
        model: Model::Quake,
        coupling: Coupling::Heading,
    },
];
