//! Every tunable declared once. The numeric ones are in `numbers`: each
//! with its key in recordings and traces, its key in the settings file,
//! what it is, its unit, its range and the field it reads and writes. The
//! settings file, recordings and the command line read values through the
//! same [`Number`], so they accept the same values and refuse the same,
//! NaN and infinity included; the choices (model, coupling, the polar
//! model's coast and variants, and the flags) are named types.

pub mod arms;
mod numbers;

pub use numbers::*;

use super::comfort::Reference;
use super::polar::{Coast, Swing, SwingBrake, TurnLaw};
use super::{Coupling, Model, Tunables};
use crate::short::Short;
use std::fmt;
use thiserror::Error;

/// How a number as people write it (settings, command line, messages)
/// becomes the stored one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Stored as written.
    Same,
    /// Written in degrees (per second, per second squared), stored in
    /// radians.
    Degrees,
    /// Written in milliseconds, stored in seconds.
    Milliseconds,
}

impl Unit {
    /// The stored value of `v` as written.
    pub fn to_stored(self, v: f64) -> f64 {
        match self {
            Unit::Same => v,
            Unit::Degrees => v.to_radians(),
            Unit::Milliseconds => v / 1000.0,
        }
    }

    /// The written value of the stored `v`.
    pub fn to_written(self, v: f64) -> f64 {
        match self {
            Unit::Same => v,
            Unit::Degrees => v.to_degrees(),
            Unit::Milliseconds => v * 1000.0,
        }
    }
}

/// The numbers a key accepts, in the written unit: `min` (or just above
/// it) to `max`, and with `or_zero` 0 too. NaN is in no range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    min: f64,
    max: f64,
    /// True when `min` itself is refused.
    above_min: bool,
    /// True when 0 is allowed besides `min` to `max` (an option off).
    or_zero: bool,
}

impl Range {
    /// `min` to `max`, both included.
    pub const fn closed(min: f64, max: f64) -> Self {
        Self {
            min,
            max,
            above_min: false,
            or_zero: false,
        }
    }

    /// 0 (off), or `min` to `max`, both included.
    pub const fn zero_or(min: f64, max: f64) -> Self {
        Self {
            min,
            max,
            above_min: false,
            or_zero: true,
        }
    }

    /// Above `min`, up to and including `max`.
    pub const fn above(min: f64, max: f64) -> Self {
        Self {
            min,
            max,
            above_min: true,
            or_zero: false,
        }
    }

    /// The lowest and highest values, written (the lowest itself refused
    /// by a range that starts above it; 0 where the range allows it).
    pub fn ends(&self) -> (f64, f64) {
        (if self.or_zero { 0.0 } else { self.min }, self.max)
    }

    /// True if `v` is in the range.
    pub fn contains(&self, v: f64) -> bool {
        self.contains_within(v, 0.0)
    }

    /// True if `v` is in the range widened by `slack` at either closed end
    /// (an open lower end stays open).
    fn contains_within(&self, v: f64, slack: f64) -> bool {
        if self.or_zero && v == 0.0 {
            return true;
        }
        let low = if self.above_min {
            v > self.min
        } else {
            v >= self.min - slack
        };
        low && v <= self.max + slack
    }
}

impl fmt::Display for Range {
    /// `0 to 0.9`, or `above 0 and at most 10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (min, max) = (Short(self.min), Short(self.max));
        if self.or_zero {
            write!(f, "0 or {min} to {max}")
        } else if self.above_min {
            write!(f, "above {min} and at most {max}")
        } else {
            write!(f, "{min} to {max}")
        }
    }
}

/// The numbers `range` allows, in `unit` words: `60 to 120 degrees`.
pub fn allowed(range: &Range, unit_words: &str) -> String {
    if unit_words.is_empty() {
        range.to_string()
    } else {
        format!("{range} {unit_words}")
    }
}

/// One numeric tunable.
pub struct Number {
    /// Its key in recordings and traces (stored units).
    pub key: &'static str,
    /// Its key in its section of the settings file (written units).
    pub setting: &'static str,
    /// What it is, for the settings file's comment and the help (a `\n`
    /// starts another comment line).
    pub about: &'static str,
    /// Its written unit, as words ("" for none).
    pub unit_words: &'static str,
    /// How the written value becomes the stored one.
    pub unit: Unit,
    /// The values it accepts, written.
    pub range: Range,
    /// Reads it from the tunables (stored unit).
    pub get: fn(&Tunables) -> f64,
    /// Stores it in the tunables (stored unit), unchecked.
    pub set: fn(&mut Tunables, f64),
}

impl Number {
    /// What it accepts, in words: `0.05 to 0.45 tiles`.
    pub fn allowed(&self) -> String {
        allowed(&self.range, self.unit_words)
    }

    /// Its written value in `t`.
    pub fn written(&self, t: &Tunables) -> f64 {
        self.unit.to_written((self.get)(t))
    }

    /// Stores the written value `v` in `t` if the range allows it.
    pub fn set_written(&self, t: &mut Tunables, v: f64) -> Result<(), TunableError> {
        if !self.range.contains(v) {
            return Err(self.out_of_range(v));
        }
        (self.set)(t, self.unit.to_stored(v));
        Ok(())
    }

    /// Stores the stored-unit value `v` (read from a recording) in `t` if
    /// the range allows it. A range end converted to radians and back may
    /// be off in its last bit, so the ends of a degree range are widened by
    /// that much.
    pub fn set_stored(&self, t: &mut Tunables, v: f64) -> Result<(), TunableError> {
        let written = self.unit.to_written(v);
        let slack = match self.unit {
            Unit::Same => 0.0,
            Unit::Degrees | Unit::Milliseconds => 1e-9 * self.range.max.abs().max(1.0),
        };
        if !self.range.contains_within(written, slack) {
            return Err(self.out_of_range(written));
        }
        (self.set)(t, v);
        Ok(())
    }

    /// Reads a written value from command-line text.
    pub fn parse_written(&self, text: &str) -> Result<f64, TunableError> {
        let v = parse_number(self.key, text)?;
        if self.range.contains(v) {
            Ok(v)
        } else {
            Err(self.out_of_range(v))
        }
    }

    fn out_of_range(&self, written: f64) -> TunableError {
        TunableError::OutOfRange {
            key: self.key,
            allowed: self.allowed(),
            value: Short(written),
        }
    }
}

/// The number `text` holds.
fn parse_number(key: &'static str, text: &str) -> Result<f64, TunableError> {
    text.trim().parse().map_err(|_| TunableError::NotANumber {
        key,
        value: text.to_string(),
    })
}

/// Why a tunable's value was refused.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum TunableError {
    /// No tunable has this key.
    #[error("unknown tunable `{0}`")]
    Unknown(String),
    /// The value is not a number.
    #[error("`{key}` must be a number, found `{value}`")]
    NotANumber { key: &'static str, value: String },
    /// The number is outside the tunable's range (NaN and infinity are in
    /// none); the value is in the written unit.
    #[error("`{key}` must be {allowed}, found {value}")]
    OutOfRange {
        key: &'static str,
        allowed: String,
        value: Short,
    },
    /// A choice is not one of its names.
    #[error("`{key}` must be {expected}, found `{value}`")]
    NotAChoice {
        key: &'static str,
        expected: &'static str,
        value: String,
    },
}

/// The choice keys, in the order they are written.
const CHOICES: [&str; 10] = [
    "model",
    "coupling",
    "coast",
    "turn_law",
    "swing_brake",
    "swing",
    "stabilise",
    "classic_faithful",
    "quake_always_run",
    "reference",
];

impl Tunables {
    /// Every tunable as `(key, value)` in stored units, the value in a
    /// form [`Tunables::set`] reads back exactly (floats in their shortest
    /// round-trip form): the header of recordings and traces.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![
            ("model", self.model.name().to_string()),
            ("coupling", self.coupling.name().to_string()),
            ("coast", self.polar.coast.name().to_string()),
            ("turn_law", self.polar.turn_law.name().to_string()),
            ("swing_brake", self.polar.swing_brake.name().to_string()),
            ("swing", self.polar.swing.name().to_string()),
            ("stabilise", self.flight.stabilise.to_string()),
            ("classic_faithful", self.classic.faithful.to_string()),
            ("quake_always_run", self.quake.always_run.to_string()),
            ("reference", self.comfort.reference.name().to_string()),
        ];
        pairs.extend(NUMBERS.iter().map(|n| (n.key, (n.get)(self).to_string())));
        pairs
    }

    /// Every key [`Tunables::set`] accepts.
    pub fn keys() -> impl Iterator<Item = &'static str> {
        CHOICES.into_iter().chain(NUMBERS.iter().map(|n| n.key))
    }

    /// Sets the tunable `key` from `value` as a recording writes it
    /// (stored units), refusing what its range does not allow.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), TunableError> {
        let choice = |key, expected| {
            move || TunableError::NotAChoice {
                key,
                expected,
                value: value.to_string(),
            }
        };
        match key {
            "model" => {
                self.model = Model::from_name(value)
                    .ok_or_else(choice("model", "polar, classic or quake"))?;
            }
            "coupling" => {
                self.coupling = Coupling::from_name(value)
                    .ok_or_else(choice("coupling", "velocity or heading"))?;
            }
            "coast" => {
                self.polar.coast =
                    Coast::from_name(value).ok_or_else(choice("coast", "brake or article"))?;
            }
            "turn_law" => {
                self.polar.turn_law =
                    TurnLaw::from_name(value).ok_or_else(choice("turn_law", "sine or linear"))?;
            }
            "swing_brake" => {
                self.polar.swing_brake = SwingBrake::from_name(value)
                    .ok_or_else(choice("swing_brake", "cosine or linear"))?;
            }
            "swing" => {
                self.polar.swing =
                    Swing::from_name(value).ok_or_else(choice("swing", "inertial or direct"))?;
            }
            "stabilise" => {
                self.flight.stabilise = value
                    .parse()
                    .map_err(|_| choice("stabilise", "true or false")())?;
            }
            "classic_faithful" => {
                self.classic.faithful = value
                    .parse()
                    .map_err(|_| choice("classic_faithful", "true or false")())?;
            }
            "quake_always_run" => {
                self.quake.always_run = value
                    .parse()
                    .map_err(|_| choice("quake_always_run", "true or false")())?;
            }
            "reference" => {
                self.comfort.reference = Reference::from_name(value)
                    .ok_or_else(choice("reference", "none, dot or frame"))?;
            }
            _ => {
                let n = number(key).ok_or_else(|| TunableError::Unknown(key.to_string()))?;
                n.set_stored(self, parse_number(n.key, value)?)?;
            }
        }
        Ok(())
    }

    /// Checks every numeric tunable against its range: for tunables put
    /// together field by field rather than read through [`Tunables::set`].
    pub fn check(&self) -> Result<(), TunableError> {
        let mut scratch = *self;
        NUMBERS
            .iter()
            .try_for_each(|n| n.set_stored(&mut scratch, (n.get)(self)))
    }

    /// Takes into `self` every tunable that differs between `old` and
    /// `new` (as a settings file changes under a running game, leaving the
    /// tunables it did not touch as the player set them); returns their
    /// keys, in table order.
    pub fn adopt_changes(&mut self, old: &Tunables, new: &Tunables) -> Vec<&'static str> {
        let mut changed = Vec::new();
        if old.model != new.model {
            self.model = new.model;
            changed.push("model");
        }
        if old.coupling != new.coupling {
            self.coupling = new.coupling;
            changed.push("coupling");
        }
        if old.polar.coast != new.polar.coast {
            self.polar.coast = new.polar.coast;
            changed.push("coast");
        }
        if old.polar.turn_law != new.polar.turn_law {
            self.polar.turn_law = new.polar.turn_law;
            changed.push("turn_law");
        }
        if old.polar.swing_brake != new.polar.swing_brake {
            self.polar.swing_brake = new.polar.swing_brake;
            changed.push("swing_brake");
        }
        if old.polar.swing != new.polar.swing {
            self.polar.swing = new.polar.swing;
            changed.push("swing");
        }
        if old.flight.stabilise != new.flight.stabilise {
            self.flight.stabilise = new.flight.stabilise;
            changed.push("stabilise");
        }
        if old.classic.faithful != new.classic.faithful {
            self.classic.faithful = new.classic.faithful;
            changed.push("classic_faithful");
        }
        if old.quake.always_run != new.quake.always_run {
            self.quake.always_run = new.quake.always_run;
            changed.push("quake_always_run");
        }
        if old.comfort.reference != new.comfort.reference {
            self.comfort.reference = new.comfort.reference;
            changed.push("reference");
        }
        for n in NUMBERS {
            let v = (n.get)(new);
            if (n.get)(old).to_bits() != v.to_bits() {
                (n.set)(self, v);
                changed.push(n.key);
            }
        }
        changed
    }
}

/// The numeric tunable with this recording key.
pub fn number(key: &str) -> Option<&'static Number> {
    NUMBERS.iter().copied().find(|n| n.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_round_trip_exactly() {
        let mut t = Tunables::default();
        t.polar.turn_rate = 1.1 + 2.2;
        t.model = Model::Quake;
        t.coupling = Coupling::Heading;
        let mut back = Tunables::default();
        for (k, v) in t.to_pairs() {
            back.set(k, &v).unwrap();
        }
        assert_eq!(back, t);
        assert_eq!(Tunables::keys().count(), t.to_pairs().len());
    }

    /// Every key, a value as written (no default has it), and how to put
    /// that value straight into the field the key names: the mapping
    /// written out apart from `NUMBERS`, in the order the pairs are written.
    type Case = (&'static str, &'static str, fn(&mut Tunables));

    /// One [`Case`] per key.
    fn cases() -> [Case; 45] {
        [
            ("model", "quake", |t| t.model = Model::Quake),
            ("coupling", "heading", |t| t.coupling = Coupling::Heading),
            ("coast", "article", |t| t.polar.coast = Coast::Article),
            ("turn_law", "linear", |t| t.polar.turn_law = TurnLaw::Linear),
            ("swing_brake", "linear", |t| {
                t.polar.swing_brake = SwingBrake::Linear
            }),
            ("swing", "direct", |t| t.polar.swing = Swing::Direct),
            ("stabilise", "false", |t| t.flight.stabilise = false),
            ("classic_faithful", "false", |t| t.classic.faithful = false),
            ("quake_always_run", "false", |t| t.quake.always_run = false),
            ("reference", "dot", |t| t.comfort.reference = Reference::Dot),
            ("max_speed", "1.25", |t| t.polar.max_speed = 1.25),
            ("acceleration_gain", "1.25", |t| {
                t.polar.acceleration_gain = 1.25
            }),
            ("turn_rate", "1.25", |t| t.polar.turn_rate = 1.25),
            ("coast_brake", "0.625", |t| t.polar.coast_brake = 0.625),
            ("direct_turn_speed", "1.25", |t| {
                t.polar.direct_turn_speed = 1.25
            }),
            ("heading_speed", "1.25", |t| t.heading_speed = 1.25),
            ("classic_speed", "1.25", |t| t.classic.speed = 1.25),
            ("classic_back_share", "0.625", |t| {
                t.classic.back_share = 0.625
            }),
            ("classic_turn_speed", "1.25", |t| {
                t.classic.turn_speed = 1.25
            }),
            ("quake_friction", "1.25", |t| t.quake.friction = 1.25),
            ("quake_stop_speed", "1.25", |t| t.quake.stop_speed = 1.25),
            ("quake_accelerate", "1.25", |t| t.quake.accelerate = 1.25),
            ("quake_max_speed", "1.25", |t| t.quake.max_speed = 1.25),
            ("quake_walk_speed", "1.25", |t| t.quake.walk_speed = 1.25),
            ("quake_turn_speed", "1.25", |t| t.quake.turn_speed = 1.25),
            ("quake_head_bob", "1.25", |t| t.quake.head_bob = 1.25),
            ("quake_view_roll", "0.0625", |t| t.quake.view_roll = 0.0625),
            ("player_radius", "0.125", |t| t.player_radius = 0.125),
            ("head_bob", "1.25", |t| t.head_bob = 1.25),
            ("gyro", "1.25", |t| t.gyro = 1.25),
            ("jet_thrust", "1.25", |t| t.flight.thrust = 1.25),
            ("jet_hover_share", "0.625", |t| t.flight.hover_share = 0.625),
            ("jet_gravity", "1.25", |t| t.flight.gravity = 1.25),
            ("jet_friction", "0.125", |t| t.flight.friction = 0.125),
            ("jet_max_pitch", "1.25", |t| t.flight.max_pitch = 1.25),
            ("landing_speed", "1.25", |t| t.flight.landing_speed = 1.25),
            ("landing_pitch", "1.25", |t| t.flight.level_pitch = 1.25),
            ("crash_damage", "1.25", |t| t.flight.crash_damage = 1.25),
            ("fuel_seconds", "1.25", |t| t.flight.fuel_seconds = 1.25),
            ("jet_spin", "1.25", |t| t.flight.jet_spin = 1.25),
            ("jet_brake", "1.25", |t| t.flight.brake = 1.25),
            ("vignette", "0.625", |t| t.comfort.vignette = 0.625),
            ("snap_turn", "0.5", |t| t.comfort.snap_turn = 0.5),
            ("snap_fade_s", "0.125", |t| t.comfort.snap_fade = 0.125),
            ("bob_and_roll", "0.5", |t| t.comfort.bob_and_roll = 0.5),
        ]
    }

    #[test]
    fn each_key_sets_and_reports_its_own_field() {
        let keys: Vec<&str> = cases().iter().map(|c| c.0).collect();
        assert_eq!(
            Tunables::keys().collect::<Vec<_>>(),
            keys,
            "every key, once"
        );
        let defaults = Tunables::default();
        let default_pairs = defaults.to_pairs();
        let pair_keys: Vec<&str> = default_pairs.iter().map(|p| p.0).collect();
        assert_eq!(pair_keys, keys, "every key written, once");
        for (key, value, write_field) in cases() {
            let mut by_field = Tunables::default();
            write_field(&mut by_field);
            assert_ne!(
                by_field, defaults,
                "{key}: the value must differ from the default"
            );
            // `set` changes that field and nothing else.
            let mut by_key = Tunables::default();
            by_key.set(key, value).unwrap();
            assert_eq!(by_key, by_field, "`set(\"{key}\")` wrote the wrong field");
            // `to_pairs` reads the field back under its own key, and every
            // other key still shows its default.
            for ((k, shown), (_, default_shown)) in by_field.to_pairs().iter().zip(&default_pairs) {
                let want = if *k == key {
                    value
                } else {
                    default_shown.as_str()
                };
                assert_eq!(shown, want, "`{k}` after setting only the field of `{key}`");
            }
        }
    }

    #[test]
    fn bad_values_and_keys_are_refused() {
        let mut t = Tunables::default();
        let refused = |t: &mut Tunables, key: &str, value: &str| {
            let before = *t;
            let e = t.set(key, value).unwrap_err().to_string();
            assert_eq!(*t, before, "a refused value changes nothing");
            e
        };
        assert_eq!(
            refused(&mut t, "max_speed", "fast"),
            "`max_speed` must be a number, found `fast`"
        );
        for bad in ["inf", "-inf", "NaN", "0", "1e308", "20.5"] {
            let e = refused(&mut t, "max_speed", bad);
            assert!(
                e.starts_with("`max_speed` must be 0.5 to 20 tiles per second, found "),
                "{e}"
            );
        }
        assert_eq!(
            refused(&mut t, "player_radius", "0"),
            "`player_radius` must be 0.05 to 0.45 tiles, found 0"
        );
        assert_eq!(
            refused(&mut t, "turn_rate", "1e308"),
            "`turn_rate` must be 1 to 100 per second, found 1e308"
        );
        assert_eq!(
            refused(&mut t, "jet_gravity", "-1"),
            "`jet_gravity` must be 0 to 100 tiles per second squared, found -1"
        );
        // A degree tunable is checked in degrees: 800 degrees per second.
        let e = refused(&mut t, "heading_speed", &800f64.to_radians().to_string());
        assert!(
            e.starts_with("`heading_speed` must be 10 to 720 degrees per second, found 800"),
            "{e}"
        );
        assert_eq!(
            refused(&mut t, "model", "doom"),
            "`model` must be polar, classic or quake, found `doom`"
        );
        assert_eq!(refused(&mut t, "speed", "1"), "unknown tunable `speed`");
    }

    #[test]
    fn the_ends_of_a_range_are_accepted_in_either_unit() {
        for n in NUMBERS {
            let mut t = Tunables::default();
            for end in [n.range.min, n.range.max] {
                if n.range.contains(end) {
                    n.set_written(&mut t, end).unwrap();
                    // As a recording writes it back, after the trip to radians.
                    t.set(n.key, &(n.get)(&t).to_string()).unwrap();
                }
            }
        }
        Tunables::default().check().unwrap();
        let t = Tunables {
            player_radius: 0.0,
            ..Tunables::default()
        };
        assert!(t.check().unwrap_err().to_string().contains("player_radius"));
    }

    #[test]
    fn changes_are_adopted_by_value_and_named() {
        let old = Tunables::default();
        let mut new = old;
        new.model = Model::Quake;
        new.gyro = 0.5;
        new.flight.thrust = 3.0;
        // The player's own choice of coupling stands: the file did not change it.
        let mut live = old;
        live.coupling = Coupling::Heading;
        let changed = live.adopt_changes(&old, &new);
        assert_eq!(changed, ["model", "gyro", "jet_thrust"]);
        let mut want = new;
        want.coupling = Coupling::Heading;
        assert_eq!(live, want);
        assert!(live.adopt_changes(&new, &new).is_empty());
    }
}
