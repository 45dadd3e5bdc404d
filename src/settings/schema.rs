//! The sections and keys of the settings file: what each holds, its range,
//! where it is stored, and the commented default file written from them.
//! `[bindings]` is not listed here: its keys are the [`Action`] names.

use super::{Action, Binding, Present, Scaling, Settings};
use crate::render::{MAX_FOV_DEG, MIN_FOV_DEG};
use crate::sim::Tunables;
use std::fmt;

/// The narrowest and shortest render size, pixels.
pub(super) const MIN_SIZE: u32 = 16;
/// The widest render size, pixels (8K).
pub(super) const MAX_WIDTH: u32 = 7680;
/// The tallest render size, pixels (8K).
pub(super) const MAX_HEIGHT: u32 = 4320;

/// The section holding the key bindings.
pub(super) const BINDINGS: &str = "bindings";

/// One `[section]` of the file.
pub(super) struct Section {
    /// The name in brackets.
    pub name: &'static str,
    /// One comment line above it in the default file.
    pub about: &'static str,
    /// Its keys, in the order the default file writes them.
    pub fields: &'static [Field],
}

/// One `key = value` of a section.
pub(super) struct Field {
    /// The key.
    pub key: &'static str,
    /// What it is, for the comment above it (a `\n` starts another
    /// comment line); the unit and the range are added to it.
    pub about: &'static str,
    /// The unit of a number, as words ("" for none).
    pub unit: &'static str,
    /// What it holds and where it goes.
    pub kind: Kind,
}

/// What a key holds, how it is checked and where it is stored.
pub(super) enum Kind {
    /// A number in `range`; `get` reads it (in the file's unit) and `set`
    /// stores it.
    Number {
        range: Range,
        get: fn(&Settings) -> f64,
        set: fn(&mut Settings, f64),
    },
    /// A number in `range` (in the file's unit) stored in
    /// [`Tunables`] under `tunable`, through [`Tunables::set`].
    Tunable {
        tunable: &'static str,
        unit: Unit,
        range: Range,
    },
    /// `true` or `false`.
    Flag {
        get: fn(&Settings) -> bool,
        set: fn(&mut Settings, bool),
    },
    /// One of `names`; `set` is only given one of them.
    Choice {
        names: &'static [&'static str],
        get: fn(&Settings) -> &'static str,
        set: fn(&mut Settings, &str),
    },
    /// The render size, `"WxH"`.
    Size,
}

/// How a number in the file becomes the stored one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Unit {
    /// Stored as written.
    Same,
    /// Written in degrees (per second, per second squared), stored in
    /// radians.
    Degrees,
}

impl Unit {
    /// The stored value of `v` as written in the file.
    pub fn to_stored(self, v: f64) -> f64 {
        match self {
            Unit::Same => v,
            Unit::Degrees => v.to_radians(),
        }
    }

    /// The value to write in the file for the stored `v`.
    fn to_file(self, v: f64) -> f64 {
        match self {
            Unit::Same => v,
            Unit::Degrees => v.to_degrees(),
        }
    }
}

/// The numbers a key accepts, in the file's unit: `min` (or just above it)
/// to `max`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Range {
    min: f64,
    max: f64,
    /// True when `min` itself is refused.
    above_min: bool,
}

impl Range {
    /// `min` to `max`, both included.
    const fn closed(min: f64, max: f64) -> Self {
        Self {
            min,
            max,
            above_min: false,
        }
    }

    /// Above `min`, up to and including `max`.
    const fn above(min: f64, max: f64) -> Self {
        Self {
            min,
            max,
            above_min: true,
        }
    }

    /// True if `v` is in the range.
    pub fn contains(&self, v: f64) -> bool {
        let low = if self.above_min {
            v > self.min
        } else {
            v >= self.min
        };
        low && v <= self.max
    }
}

impl fmt::Display for Range {
    /// `0 to 0.9`, or `above 0 and at most 10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.above_min {
            write!(f, "above {} and at most {}", self.min, self.max)
        } else {
            write!(f, "{} to {}", self.min, self.max)
        }
    }
}

/// A tunable number, in the file's unit.
const fn tunable(tunable: &'static str, unit: Unit, range: Range) -> Kind {
    Kind::Tunable {
        tunable,
        unit,
        range,
    }
}

/// Every section but `[bindings]`, in file order.
pub(super) const SECTIONS: &[Section] = &[
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

/// The section named `name`.
pub(super) fn section(name: &str) -> Option<&'static Section> {
    SECTIONS.iter().find(|s| s.name == name)
}

/// Sets a tunable the schema has already checked.
fn set_tunable(t: &mut Tunables, key: &str, value: &str) {
    t.set(key, value)
        .unwrap_or_else(|e| panic!("the schema checks `{key}` first: {e}"));
}

/// The stored value of the numeric tunable `key`.
fn tunable_value(t: &Tunables, key: &str) -> f64 {
    t.to_pairs()
        .into_iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or_else(|| panic!("`{key}` is a numeric tunable"))
}

/// The comment above `field` in the default file: what it is, then its
/// unit and range in brackets.
fn comment(field: &Field) -> String {
    let about = field.about.replace('\n', "\n# ");
    let allowed = match &field.kind {
        Kind::Number { range, .. } | Kind::Tunable { range, .. } => allowed(range, field.unit),
        Kind::Flag { .. } => "true or false".to_string(),
        Kind::Choice { names, .. } => match names {
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
            [] => unreachable!("a choice has names"),
        },
        Kind::Size => format!(
            "width {MIN_SIZE} to {MAX_WIDTH}, height {MIN_SIZE} to {MAX_HEIGHT} {}",
            field.unit
        ),
    };
    format!("# {about} ({allowed}).")
}

/// The numbers `range` allows, in `unit`: `60 to 120 degrees`.
pub(super) fn allowed(range: &Range, unit: &str) -> String {
    if unit.is_empty() {
        range.to_string()
    } else {
        format!("{range} {unit}")
    }
}

/// The TOML value of `field` in `settings`.
fn value(field: &Field, settings: &Settings) -> String {
    match &field.kind {
        Kind::Number { get, set, .. } => {
            let target = get(settings);
            shortest(target, |v| {
                let mut s = settings.clone();
                set(&mut s, v);
                get(&s) == target
            })
        }
        Kind::Tunable { tunable, unit, .. } => {
            let stored = tunable_value(&settings.tunables, tunable);
            shortest(unit.to_file(stored), |v| unit.to_stored(v) == stored)
        }
        Kind::Flag { get, .. } => get(settings).to_string(),
        Kind::Choice { get, .. } => format!("\"{}\"", get(settings)),
        Kind::Size => {
            let (w, h) = settings.video.size;
            format!("\"{w}x{h}\"")
        }
    }
}

/// The fewest decimals of `x` that `reads_back` accepts as the same stored
/// value, so the default file shows `150` rather than `150.00000000000003`.
fn shortest(x: f64, reads_back: impl Fn(f64) -> bool) -> String {
    (0..=17)
        .map(|decimals| format!("{x:.decimals$}"))
        .find(|text| text.parse().is_ok_and(&reads_back))
        .unwrap_or_else(|| x.to_string())
}

/// The whole settings file for `settings`, every key commented.
pub(super) fn defaults_text(settings: &Settings) -> String {
    let mut out = String::from(
        "# wobblecaster settings (TOML). Every key is optional: one left out keeps\n\
         # the default written here. Numbers may be written with or without a point.\n",
    );
    for section in SECTIONS {
        out += &format!("\n# {}\n[{}]\n", section.about, section.name);
        for field in section.fields {
            out += &format!(
                "{}\n{} = {}\n",
                comment(field),
                field.key,
                value(field, settings)
            );
        }
    }
    out += &bindings_text(settings);
    out
}

/// The `[bindings]` section for `settings`.
fn bindings_text(settings: &Settings) -> String {
    let mut out = format!(
        "\n# Which inputs trigger each action: a list of names; [] unbinds the action.\n\
         # Keys by winit KeyCode name: KeyW, ArrowUp, Space, AltLeft, Digit1, Numpad8, F1...\n\
         # Mouse: MouseLeft, MouseRight, MouseMiddle, MouseBack, MouseForward.\n\
         # Gamepad: PadSouth, PadEast, PadNorth, PadWest, PadLeftBumper, PadRightBumper,\n\
         # PadLeftTrigger, PadRightTrigger, PadSelect, PadStart, PadMode, PadLeftThumb,\n\
         # PadRightThumb, PadDPadUp, PadDPadDown, PadDPadLeft, PadDPadRight; a stick pushed\n\
         # past half way: PadLeftStickX+ (right), PadLeftStickY+ (up), PadRightStickX-...\n\
         [{BINDINGS}]\n"
    );
    for action in Action::ALL {
        let names: Vec<String> = settings
            .bindings
            .get(action)
            .iter()
            .map(|b| format!("\"{}\"", Binding::name(b)))
            .collect();
        out += &format!(
            "# {}\n{} = [{}]\n",
            action.about(),
            action.name(),
            names.join(", ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Coupling, Model};
    use std::collections::HashSet;

    #[test]
    fn every_tunable_has_a_key() {
        let mut set_here = HashSet::new();
        for field in SECTIONS.iter().flat_map(|s| s.fields) {
            match &field.kind {
                Kind::Tunable { tunable, .. } => set_here.insert(*tunable),
                Kind::Choice { .. } if !["scaling", "present_mode"].contains(&field.key) => {
                    set_here.insert(field.key)
                }
                Kind::Flag { .. } if field.key == "stabilise" => set_here.insert(field.key),
                _ => false,
            };
        }
        let all: HashSet<_> = Tunables::keys().collect();
        assert_eq!(set_here, all);
    }

    #[test]
    fn keys_are_unique_within_a_section_and_sections_are_unique() {
        let mut sections = HashSet::from([BINDINGS]);
        for s in SECTIONS {
            assert!(sections.insert(s.name), "[{}] twice", s.name);
            let keys: HashSet<_> = s.fields.iter().map(|f| f.key).collect();
            assert_eq!(keys.len(), s.fields.len(), "[{}]", s.name);
        }
    }

    #[test]
    fn choice_names_are_the_types_names() {
        let names = |key| match &section_field(key).kind {
            Kind::Choice { names, .. } => names.to_vec(),
            _ => panic!("{key} is a choice"),
        };
        let models: Vec<_> = Model::ALL.iter().map(|m| m.name()).collect();
        assert_eq!(names("model"), models);
        let couplings: Vec<_> = Coupling::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names("coupling"), couplings);
        let scalings: Vec<_> = Scaling::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names("scaling"), scalings);
        let presents: Vec<_> = Present::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names("present_mode"), presents);
        // Every coast name is accepted by the tunables.
        for name in names("coast") {
            Tunables::default().set("coast", name).unwrap();
        }
    }

    fn section_field(key: &str) -> &'static Field {
        SECTIONS
            .iter()
            .flat_map(|s| s.fields)
            .find(|f| f.key == key)
            .unwrap()
    }

    #[test]
    fn ranges_include_the_defaults() {
        let s = Settings::default();
        for field in SECTIONS.iter().flat_map(|s| s.fields) {
            let v = match &field.kind {
                Kind::Number { range, get, .. } => (*range, get(&s)),
                Kind::Tunable {
                    tunable,
                    unit,
                    range,
                } => (*range, unit.to_file(tunable_value(&s.tunables, tunable))),
                _ => continue,
            };
            assert!(v.0.contains(v.1), "{} = {} outside {}", field.key, v.1, v.0);
        }
    }

    #[test]
    fn ranges_show_their_ends() {
        assert_eq!(Range::closed(0.0, 0.9).to_string(), "0 to 0.9");
        assert_eq!(
            Range::above(0.0, 10.0).to_string(),
            "above 0 and at most 10"
        );
        assert!(!Range::above(0.0, 10.0).contains(0.0));
        assert!(Range::closed(0.0, 10.0).contains(0.0));
        assert!(!Range::closed(0.0, 10.0).contains(10.5));
        assert!(!Range::closed(0.0, 10.0).contains(f64::NAN));
    }

    #[test]
    fn numbers_are_written_short_but_exact() {
        assert_eq!(
            shortest(150f64.to_radians().to_degrees(), |v| {
                v.to_radians() == 150f64.to_radians()
            }),
            "150"
        );
        let third = 2.0 / 3.0;
        assert_eq!(shortest(third, |v| v == third), third.to_string());
        assert_eq!(shortest(3.125, |v| v == 3.125), "3.125");
        assert_eq!(shortest(0.15f32.into(), |v| v as f32 == 0.15), "0.15");
    }
}
