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

    #[test]
    fn bad_values_and_keys_are_refused() {
        let mut t = Tunables::default();
        assert!(t.set("max_speed", "fast").is_err());
        assert!(t.set("max_speed", "inf").is_err());
        assert!(t.set("model", "doom").is_err());
        assert!(t.set("speed", "1").unwrap_err().contains("unknown"));
    }
}
