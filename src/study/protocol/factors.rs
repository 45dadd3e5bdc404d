//! The protocol's declared factors (`factors = ["movement"]`): what its
//! conditions are meant to differ in. `study check` lists every setting
//! in which they differ and warns of any that no declared factor covers
//! (a hidden difference is a confound).

use super::*;

/// What a protocol's conditions may be meant to differ in. Each setting
/// `study check` compares belongs to one or more of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Factor {
    /// The walking model and its own tunables (the polar model's
    /// acceleration, turn law, coast and camera coupling; the classic
    /// model's back share and quirks; the quake model's friction and
    /// acceleration), the turn keys' speed and the body's radius.
    Movement,
    /// How fast the body goes: each model's top speed as set, and the mean
    /// and peak speeds the feel lab measures on the map's course.
    Speed,
    /// Head bob and view roll (`head_bob`, the quake model's bob and roll,
    /// and the switch `bob_and_roll` over every model).
    BobAndRoll,
    /// The horizontal field of view (`[video] fov`).
    Fov,
    /// The comfort options: the field-of-view restrictor, the fixed
    /// reference, snap turning and its fade, the gyro, the level horizon.
    Comfort,
    /// The sound: the `[audio]` keys a condition names.
    Audio,
    /// What of the HUD the participant sees (`[hud] status_bar`,
    /// `crosshair`).
    Hud,
    /// How long each condition is played (`exposure_s`).
    Exposure,
    /// The jetpack's flight tunables (`[jetpack]`).
    Jetpack,
}

impl Factor {
    /// Every factor, in the order `study check` lists them.
    pub const ALL: [Factor; 9] = [
        Factor::Movement,
        Factor::Speed,
        Factor::BobAndRoll,
        Factor::Fov,
        Factor::Comfort,
        Factor::Audio,
        Factor::Hud,
        Factor::Exposure,
        Factor::Jetpack,
    ];

    /// Its name in `factors = [...]`.
    pub fn name(self) -> &'static str {
        match self {
            Factor::Movement => "movement",
            Factor::Speed => "speed",
            Factor::BobAndRoll => "bob_and_roll",
            Factor::Fov => "fov",
            Factor::Comfort => "comfort",
            Factor::Audio => "audio",
            Factor::Hud => "hud",
            Factor::Exposure => "exposure",
            Factor::Jetpack => "jetpack",
        }
    }

    /// What settings it covers, in a few words.
    pub fn covers(self) -> &'static str {
        match self {
            Factor::Movement => {
                "the walking model and its own tunables, the camera coupling, the turn keys' \
                 speed, the body's radius"
            }
            Factor::Speed => {
                "the top speeds as set, and the mean and peak speeds measured on the course"
            }
            Factor::BobAndRoll => "head bob and view roll, under every model",
            Factor::Fov => "the field of view",
            Factor::Comfort => {
                "the restrictor, the fixed reference, snap turning, the gyro, the level horizon"
            }
            Factor::Audio => "the [audio] keys",
            Factor::Hud => "the status bar and the crosshair",
            Factor::Exposure => "how long each condition is played",
            Factor::Jetpack => "the [jetpack] tunables",
        }
    }

    /// The factor called `name`, if any.
    pub fn from_name(name: &str) -> Option<Factor> {
        Factor::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl Reader<'_> {
    /// The top-level `factors` key: an array of factor names, each once.
    pub(super) fn factors(&mut self, value: &TomlValue) -> Vec<Factor> {
        let Some(items) = value.get_ref().as_array() else {
            self.wrong_type("factors", "an array of factor names", value);
            return Vec::new();
        };
        let mut factors = Vec::new();
        for item in items.iter() {
            let Some(name) = self.string("factors", item) else {
                continue;
            };
            match Factor::from_name(name) {
                Some(f) if factors.contains(&f) => {
                    let message = format!("`factors` names `{name}` twice");
                    self.error(item.span().start, message);
                }
                Some(f) => factors.push(f),
                None => {
                    let names = Factor::ALL.map(Factor::name);
                    let hint = match nearest(name, names.iter().copied()) {
                        Some(n) => format!("did you mean `{n}`? "),
                        None => String::new(),
                    };
                    let message = format!(
                        "`{name}` is not a factor ({hint}the factors are {})",
                        names.join(", ")
                    );
                    self.error(item.span().start, message);
                }
            }
        }
        factors
    }
}
