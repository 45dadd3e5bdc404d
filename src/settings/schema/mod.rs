//! The sections and keys of the settings file: what each holds, its range
//! and where it is stored. `[bindings]` is not listed here: its keys are
//! the [`Action`](super::Action) names.
//!
//! - `sections`: the table of every section and key.
//! - `default_file`: the commented default file written from it.

mod default_file;
mod sections;

pub(super) use default_file::defaults_text;
pub(super) use sections::SECTIONS;

use super::Settings;
use crate::sim::tunable_table::Number;
pub(super) use crate::sim::tunable_table::{allowed, Range};

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
    /// A tunable, declared with its range and unit in the simulation's
    /// table.
    Tunable(&'static Number),
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

impl Field {
    /// The field of a tunable: its settings key, description and unit are
    /// the table's.
    pub const fn tunable(n: &'static Number) -> Field {
        Field {
            key: n.setting,
            about: n.about,
            unit: n.unit_words,
            kind: Kind::Tunable(n),
        }
    }
}

/// The section named `name`.
pub(super) fn section(name: &str) -> Option<&'static Section> {
    SECTIONS.iter().find(|s| s.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{Present, Scaling};
    use crate::sim::{Coupling, Model};
    use std::collections::HashSet;

    #[test]
    fn every_tunable_has_a_key() {
        let mut set_here = HashSet::new();
        for field in SECTIONS.iter().flat_map(|s| s.fields) {
            match &field.kind {
                Kind::Tunable(n) => set_here.insert(n.key),
                Kind::Choice { .. }
                    if !["scaling", "present_mode", "difficulty"].contains(&field.key) =>
                {
                    set_here.insert(field.key)
                }
                Kind::Flag { .. } if field.key == "stabilise" => set_here.insert(field.key),
                Kind::Flag { .. } if field.key == "faithful" => set_here.insert("classic_faithful"),
                Kind::Flag { .. } if field.key == "always_run" => {
                    set_here.insert("quake_always_run")
                }
                _ => false,
            };
        }
        let all: HashSet<_> = crate::sim::Tunables::keys().collect();
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
        let levels: Vec<_> = crate::sim::Difficulty::ALL
            .iter()
            .map(|d| d.name())
            .collect();
        assert_eq!(names("difficulty"), levels);
        // Every name of the polar model's choices is accepted by the
        // tunables, and they are the types' names.
        for key in ["coast", "turn_law", "swing_brake", "swing"] {
            for name in names(key) {
                crate::sim::Tunables::default().set(key, name).unwrap();
            }
        }
        use crate::sim::polar::{Coast, Swing, SwingBrake, TurnLaw};
        let coasts: Vec<_> = Coast::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names("coast"), coasts);
        let laws: Vec<_> = TurnLaw::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names("turn_law"), laws);
        let brakes: Vec<_> = SwingBrake::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names("swing_brake"), brakes);
        let swings: Vec<_> = Swing::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names("swing"), swings);
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
                Kind::Tunable(n) => (n.range, n.written(&s.tunables)),
                _ => continue,
            };
            assert!(v.0.contains(v.1), "{} = {} outside {}", field.key, v.1, v.0);
        }
    }

    #[test]
    fn ranges_show_their_ends_in_short_form() {
        assert_eq!(Range::closed(0.0, 0.9).to_string(), "0 to 0.9");
        assert_eq!(
            Range::above(0.0, 10.0).to_string(),
            "above 0 and at most 10"
        );
        assert!(!Range::above(0.0, 10.0).contains(0.0));
        assert!(Range::closed(0.0, 10.0).contains(0.0));
        assert!(!Range::closed(0.0, 10.0).contains(10.5));
        assert!(!Range::closed(0.0, 10.0).contains(f64::NAN));
        assert_eq!(Range::closed(0.0, 1e300).to_string(), "0 to 1e300");
    }
}
