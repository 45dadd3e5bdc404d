//! Every section of the settings file but `[bindings]`, and its keys: a
//! data table read by the parser and the default file alike.

use super::{set_tunable, tunable, Field, Kind, Range, Section, Unit};
use crate::render::{MAX_FOV_DEG, MIN_FOV_DEG};
use crate::settings::{Present, Scaling};

/// Every section but `[bindings]`, in file order.
pub(in crate::settings) const SECTIONS: &[Section] = &[
    Section {
        name: "video",
        about: "The window and the picture.",
        fields: &[
            Field {
                key: "size",
                about: "Render size WxH, scaled up to the window",
                unit: "pixels",
                kind: Kind::Size,
            },
            Field {
                key: "present_mode",
                about: "How frames reach the display: vsync waits for its refresh (no tearing),\n\
                        mailbox shows the newest frame at the refresh (less latency; vsync where\n\
                        the display cannot), immediate shows each frame at once (least latency,\n\
                        tearing)",
                unit: "",
                kind: Kind::Choice {
                    names: &["vsync", "mailbox", "immediate"],
                    get: |s| s.video.present.name(),
                    set: |s, v| s.video.present = Present::from_name(v).expect("a listed name"),
                },
            },
            Field {
                key: "scaling",
                about: "How the picture fills the window: fill stretches it keeping its aspect,\n\
                        pixel-perfect scales it by whole multiples only",
                unit: "",
                kind: Kind::Choice {
                    names: &["fill", "pixel-perfect"],
                    get: |s| s.video.scaling.name(),
                    set: |s, v| s.video.scaling = Scaling::from_name(v).expect("a listed name"),
                },
            },
            Field {
                key: "fullscreen",
                about: "Start in fullscreen",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.video.fullscreen,
                    set: |s, v| s.video.fullscreen = v,
                },
            },
            Field {
                key: "fov",
                about: "Horizontal field of view",
                unit: "degrees",
                kind: Kind::Number {
                    range: Range::closed(MIN_FOV_DEG, MAX_FOV_DEG),
                    get: |s| s.video.fov_deg,
                    set: |s, v| s.video.fov_deg = v,
                },
            },
        ],
    },
    Section {
        name: "movement",
        about: "The walking model and where the camera looks.",
        fields: &[
            Field {
                key: "model",
                about: "Walking model: article 000, Wolfenstein 3D or Quake",
                unit: "",
                kind: Kind::Choice {
                    names: &["polar", "classic", "quake"],
                    get: |s| s.tunables.model.name(),
                    set: |s, v| set_tunable(&mut s.tunables, "model", v),
                },
            },
            Field {
                key: "coupling",
                about: "Where the polar model's camera looks: along the velocity, or the heading",
                unit: "",
                kind: Kind::Choice {
                    names: &["velocity", "heading"],
                    get: |s| s.tunables.coupling.name(),
                    set: |s, v| set_tunable(&mut s.tunables, "coupling", v),
                },
            },
        ],
    },
    Section {
        name: "comfort",
        about: "Comfort options.",
        fields: &[
            Field {
                key: "head_bob",
                about: "Head bob amplitude: 0 none, 1 Quake's",
                unit: "",
                kind: tunable("head_bob", Unit::Same, Range::closed(0.0, 2.0)),
            },
            Field {
                key: "gyro",
                about: "Gyro jet damping the polar model's spin; 0 off",
                unit: "degrees per second squared",
                kind: tunable("gyro", Unit::Degrees, Range::closed(0.0, 3600.0)),
            },
            Field {
                key: "heading_speed",
                about: "How fast the turn keys turn the heading",
                unit: "degrees per second",
                kind: tunable("heading_speed", Unit::Degrees, Range::closed(10.0, 720.0)),
            },
            Field {
                key: "level_horizon",
                about:
                    "In flight, keep the horizon level instead of tilting the view with the ship",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.video.level_horizon,
                    set: |s, v| s.video.level_horizon = v,
                },
            },
        ],
    },
    Section {
        name: "jetpack",
        about: "Jetpack flight: Lander's constants at 50 Hz converted to our 120 Hz tick.",
        fields: &[
            Field {
                key: "stabilise",
                about: "Attitude jets kill any spin without overshoot",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.tunables.flight.stabilise,
                    set: |s, v| s.tunables.flight.stabilise = v,
                },
            },
            Field {
                key: "thrust",
                about: "Full thrust (Lander: roof/2048 a frame)",
                unit: "tiles per second squared",
                kind: tunable("jet_thrust", Unit::Same, Range::above(0.0, 100.0)),
            },
            Field {
                key: "hover_share",
                about: "Hover as a share of full thrust (Lander: 1/4)",
                unit: "",
                kind: tunable("jet_hover_share", Unit::Same, Range::closed(0.0, 1.0)),
            },
            Field {
                key: "gravity",
                about: "Gravity (Lander: 3/16 of full thrust)",
                unit: "tiles per second squared",
                kind: tunable("jet_gravity", Unit::Same, Range::closed(0.0, 100.0)),
            },
            Field {
                key: "friction",
                about: "Share of velocity lost per Lander frame (Lander: 1/64)",
                unit: "",
                kind: tunable("jet_friction", Unit::Same, Range::closed(0.0, 0.5)),
            },
            Field {
                key: "max_pitch",
                about: "Tilt at full pointer deflection",
                unit: "degrees",
                kind: tunable("jet_max_pitch", Unit::Degrees, Range::closed(5.0, 180.0)),
            },
            Field {
                key: "landing_speed",
                about: "Fastest touchdown that does no harm",
                unit: "tiles per second",
                kind: tunable("landing_speed", Unit::Same, Range::closed(0.0, 20.0)),
            },
            Field {
                key: "landing_pitch",
                about: "Most tilt at which a touchdown lands",
                unit: "degrees",
                kind: tunable("landing_pitch", Unit::Degrees, Range::closed(0.0, 90.0)),
            },
            Field {
                key: "crash_damage",
                about: "Health lost per tile per second of touchdown over the landing speed",
                unit: "",
                kind: tunable("crash_damage", Unit::Same, Range::closed(0.0, 1000.0)),
            },
            Field {
                key: "fuel_seconds",
                about: "Seconds of full thrust in a full tank (hover and brake burn a quarter)",
                unit: "seconds",
                kind: tunable("fuel_seconds", Unit::Same, Range::above(0.0, 100_000.0)),
            },
            Field {
                key: "jet_spin",
                about: "Each attitude jet's angular acceleration",
                unit: "degrees per second squared",
                kind: tunable("jet_spin", Unit::Degrees, Range::closed(0.0, 36_000.0)),
            },
            Field {
                key: "brake",
                about: "Each brake thruster's acceleration",
                unit: "tiles per second squared",
                kind: tunable("jet_brake", Unit::Same, Range::closed(0.0, 100.0)),
            },
        ],
    },
    Section {
        name: "polar",
        about: "The polar model (article 000).",
        fields: &[
            Field {
                key: "max_speed",
                about: "Top speed",
                unit: "tiles per second",
                kind: tunable("max_speed", Unit::Same, Range::closed(0.5, 20.0)),
            },
            Field {
                key: "acceleration_gain",
                about: "The push at rest, along the velocity",
                unit: "tiles per second squared",
                kind: tunable("acceleration_gain", Unit::Same, Range::closed(1.0, 200.0)),
            },
            Field {
                key: "turn_rate",
                about: "How hard the speed angle swings toward the push and brakes",
                unit: "per second",
                // Above about 170 the swing's braking overshoots every 120 Hz tick.
                kind: tunable("turn_rate", Unit::Same, Range::closed(1.0, 100.0)),
            },
            Field {
                key: "coast",
                about: "With no key held: brake to rest, or the article's literal push back",
                unit: "",
                kind: Kind::Choice {
                    names: &["brake", "article"],
                    get: |s| s.tunables.polar.coast.name(),
                    set: |s, v| set_tunable(&mut s.tunables, "coast", v),
                },
            },
            Field {
                key: "coast_brake",
                about: "With coast = \"brake\": the share of a full reversal push used to stop",
                unit: "",
                kind: tunable("coast_brake", Unit::Same, Range::closed(0.0, 1.0)),
            },
        ],
    },
    Section {
        name: "classic",
        about: "The classic model (Wolfenstein 3D).",
        fields: &[
            Field {
                key: "speed",
                about: "Forward and strafe speed",
                unit: "tiles per second",
                kind: tunable("classic_speed", Unit::Same, Range::closed(0.5, 20.0)),
            },
            Field {
                key: "back_share",
                about: "Backward speed as a share of forward",
                unit: "",
                kind: tunable("classic_back_share", Unit::Same, Range::closed(0.0, 1.0)),
            },
        ],
    },
    Section {
        name: "quake",
        about: "The quake model (Quake's ground movement).",
        fields: &[
            Field {
                key: "friction",
                about: "Ground friction",
                unit: "per second",
                kind: tunable("quake_friction", Unit::Same, Range::closed(0.0, 20.0)),
            },
            Field {
                key: "stop_speed",
                about: "Below this speed friction acts as if at it",
                unit: "tiles per second",
                kind: tunable("quake_stop_speed", Unit::Same, Range::closed(0.0, 20.0)),
            },
            Field {
                key: "accelerate",
                about: "Acceleration, times the wish speed",
                unit: "per second",
                kind: tunable("quake_accelerate", Unit::Same, Range::closed(0.0, 100.0)),
            },
            Field {
                key: "max_speed",
                about: "Wish speed at full input",
                unit: "tiles per second",
                kind: tunable("quake_max_speed", Unit::Same, Range::closed(0.5, 40.0)),
            },
        ],
    },
    Section {
        name: "player",
        about: "The player's body.",
        fields: &[Field {
            key: "radius",
            about: "Collision radius",
            unit: "tiles",
            // Half a tile would not fit through a one-tile corridor.
            kind: tunable("player_radius", Unit::Same, Range::closed(0.05, 0.45)),
        }],
    },
    Section {
        name: "input",
        about: "How gamepad sticks and the mouse respond.",
        fields: &[
            Field {
                key: "deadzone",
                about: "Radial stick deadzone, as a share of full deflection",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(0.0, 0.9),
                    get: |s| s.input.deadzone.into(),
                    set: |s, v| s.input.deadzone = v as f32,
                },
            },
            Field {
                key: "turn_curve",
                about: "Right-stick turn response exponent: 1 linear, higher finer near the centre",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(1.0, 5.0),
                    get: |s| s.input.turn_curve.into(),
                    set: |s, v| s.input.turn_curve = v as f32,
                },
            },
            Field {
                key: "mouse_turn",
                about: "The mouse turns the wish heading in walking mode",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.input.mouse_turn,
                    set: |s, v| s.input.mouse_turn = v,
                },
            },
            Field {
                key: "mouse_sensitivity",
                about: "Heading turned per mouse count",
                unit: "degrees",
                kind: Kind::Number {
                    range: Range::above(0.0, 10.0),
                    get: |s| s.input.mouse_sensitivity,
                    set: |s, v| s.input.mouse_sensitivity = v,
                },
            },
        ],
    },
];
