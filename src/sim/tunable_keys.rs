//! Every tunable as a `key = value` pair: written into trace headers and
//! recordings, and read back from them (and from settings).

use super::polar::Coast;
use super::{Coupling, Model, Tunables};

/// A numeric tunable: its key, a getter and a setter.
struct NumberKey {
    key: &'static str,
    get: fn(&Tunables) -> f64,
    set: fn(&mut Tunables, f64),
}

/// Numeric tunables, in the order they are written. Angles are written in
/// the units of the field (radians, radians per second).
const NUMBERS: &[NumberKey] = &[
    NumberKey {
        key: "max_speed",
        get: |t| t.polar.max_speed,
        set: |t, v| t.polar.max_speed = v,
    },
    NumberKey {
        key: "acceleration_gain",
        get: |t| t.polar.acceleration_gain,
        set: |t, v| t.polar.acceleration_gain = v,
    },
    NumberKey {
        key: "turn_rate",
        get: |t| t.polar.turn_rate,
        set: |t, v| t.polar.turn_rate = v,
    },
    NumberKey {
        key: "coast_brake",
        get: |t| t.polar.coast_brake,
        set: |t, v| t.polar.coast_brake = v,
    },
    NumberKey {
        key: "heading_speed",
        get: |t| t.heading_speed,
        set: |t, v| t.heading_speed = v,
    },
    NumberKey {
        key: "classic_speed",
        get: |t| t.classic.speed,
        set: |t, v| t.classic.speed = v,
    },
    NumberKey {
        key: "classic_back_share",
        get: |t| t.classic.back_share,
        set: |t, v| t.classic.back_share = v,
    },
    NumberKey {
        key: "quake_friction",
        get: |t| t.quake.friction,
        set: |t, v| t.quake.friction = v,
    },
    NumberKey {
        key: "quake_stop_speed",
        get: |t| t.quake.stop_speed,
        set: |t, v| t.quake.stop_speed = v,
    },
    NumberKey {
        key: "quake_accelerate",
        get: |t| t.quake.accelerate,
        set: |t, v| t.quake.accelerate = v,
    },
    NumberKey {
        key: "quake_max_speed",
        get: |t| t.quake.max_speed,
        set: |t, v| t.quake.max_speed = v,
    },
    NumberKey {
        key: "player_radius",
        get: |t| t.player_radius,
        set: |t, v| t.player_radius = v,
    },
    NumberKey {
        key: "head_bob",
        get: |t| t.head_bob,
        set: |t, v| t.head_bob = v,
    },
    NumberKey {
        key: "gyro",
        get: |t| t.gyro,
        set: |t, v| t.gyro = v,
    },
    NumberKey {
        key: "jet_thrust",
        get: |t| t.flight.thrust,
        set: |t, v| t.flight.thrust = v,
    },
    NumberKey {
        key: "jet_hover_share",
        get: |t| t.flight.hover_share,
        set: |t, v| t.flight.hover_share = v,
    },
    NumberKey {
        key: "jet_gravity",
        get: |t| t.flight.gravity,
        set: |t, v| t.flight.gravity = v,
    },
    NumberKey {
        key: "jet_friction",
        get: |t| t.flight.friction,
        set: |t, v| t.flight.friction = v,
    },
    NumberKey {
        key: "jet_max_pitch",
        get: |t| t.flight.max_pitch,
        set: |t, v| t.flight.max_pitch = v,
    },
    NumberKey {
        key: "landing_speed",
        get: |t| t.flight.landing_speed,
        set: |t, v| t.flight.landing_speed = v,
    },
    NumberKey {
        key: "landing_pitch",
        get: |t| t.flight.level_pitch,
        set: |t, v| t.flight.level_pitch = v,
    },
    NumberKey {
        key: "crash_damage",
        get: |t| t.flight.crash_damage,
        set: |t, v| t.flight.crash_damage = v,
    },
    NumberKey {
        key: "fuel_seconds",
        get: |t| t.flight.fuel_seconds,
        set: |t, v| t.flight.fuel_seconds = v,
    },
    NumberKey {
        key: "jet_spin",
        get: |t| t.flight.jet_spin,
        set: |t, v| t.flight.jet_spin = v,
    },
    NumberKey {
        key: "jet_brake",
        get: |t| t.flight.brake,
        set: |t, v| t.flight.brake = v,
    },
];

impl Tunables {
    /// Every tunable as `(key, value)`, the value in a form [`Tunables::set`]
    /// reads back exactly (floats in their shortest round-trip form).
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![
            ("model", self.model.name().to_string()),
            ("coupling", self.coupling.name().to_string()),
            ("coast", self.polar.coast.name().to_string()),
            ("stabilise", self.flight.stabilise.to_string()),
        ];
        pairs.extend(NUMBERS.iter().map(|n| (n.key, (n.get)(self).to_string())));
        pairs
    }

    /// Every key [`Tunables::set`] accepts.
    pub fn keys() -> impl Iterator<Item = &'static str> {
        ["model", "coupling", "coast", "stabilise"]
            .into_iter()
            .chain(NUMBERS.iter().map(|n| n.key))
    }

    /// Sets the tunable `key` from its written `value`; the error says what
    /// was expected.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "model" => {
                self.model = Model::from_name(value).ok_or("expected polar, classic or quake")?;
            }
            "coupling" => {
                self.coupling = Coupling::from_name(value).ok_or("expected velocity or heading")?;
            }
            "coast" => {
                self.polar.coast = Coast::from_name(value).ok_or("expected brake or article")?;
            }
            "stabilise" => {
                self.flight.stabilise = value.parse().map_err(|_| "expected true or false")?;
            }
            _ => {
                let n = NUMBERS
                    .iter()
                    .find(|n| n.key == key)
                    .ok_or_else(|| format!("unknown tunable `{key}`"))?;
                let v: f64 = value
                    .parse()
                    .ok()
                    .filter(|v: &f64| v.is_finite())
                    .ok_or_else(|| format!("`{value}` is not a finite number"))?;
                (n.set)(self, v);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_round_trip_exactly() {
        let mut t = Tunables::default();
        t.polar.turn_rate = 0.1 + 0.2;
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
    fn cases() -> [Case; 29] {
        [
            ("model", "quake", |t| t.model = Model::Quake),
            ("coupling", "heading", |t| t.coupling = Coupling::Heading),
            ("coast", "article", |t| t.polar.coast = Coast::Article),
            ("stabilise", "false", |t| t.flight.stabilise = false),
            ("max_speed", "101.5", |t| t.polar.max_speed = 101.5),
            ("acceleration_gain", "102.5", |t| {
                t.polar.acceleration_gain = 102.5
            }),
            ("turn_rate", "103.5", |t| t.polar.turn_rate = 103.5),
            ("coast_brake", "104.5", |t| t.polar.coast_brake = 104.5),
            ("heading_speed", "105.5", |t| t.heading_speed = 105.5),
            ("classic_speed", "106.5", |t| t.classic.speed = 106.5),
            ("classic_back_share", "107.5", |t| {
                t.classic.back_share = 107.5
            }),
            ("quake_friction", "108.5", |t| t.quake.friction = 108.5),
            ("quake_stop_speed", "109.5", |t| t.quake.stop_speed = 109.5),
            ("quake_accelerate", "110.5", |t| t.quake.accelerate = 110.5),
            ("quake_max_speed", "111.5", |t| t.quake.max_speed = 111.5),
            ("player_radius", "112.5", |t| t.player_radius = 112.5),
            ("head_bob", "113.5", |t| t.head_bob = 113.5),
            ("gyro", "114.5", |t| t.gyro = 114.5),
            ("jet_thrust", "115.5", |t| t.flight.thrust = 115.5),
            ("jet_hover_share", "116.5", |t| t.flight.hover_share = 116.5),
            ("jet_gravity", "117.5", |t| t.flight.gravity = 117.5),
            ("jet_friction", "118.5", |t| t.flight.friction = 118.5),
            ("jet_max_pitch", "119.5", |t| t.flight.max_pitch = 119.5),
            ("landing_speed", "120.5", |t| t.flight.landing_speed = 120.5),
            ("landing_pitch", "121.5", |t| t.flight.level_pitch = 121.5),
            ("crash_damage", "122.5", |t| t.flight.crash_damage = 122.5),
            ("fuel_seconds", "123.5", |t| t.flight.fuel_seconds = 123.5),
            ("jet_spin", "124.5", |t| t.flight.jet_spin = 124.5),
            ("jet_brake", "125.5", |t| t.flight.brake = 125.5),
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
        assert!(t.set("max_speed", "fast").is_err());
        assert!(t.set("max_speed", "inf").is_err());
        assert!(t.set("model", "doom").is_err());
        assert!(t.set("speed", "1").unwrap_err().contains("unknown"));
    }
}
