//! The settings compared, one [`Row`] each, as each condition has them
//! in force: every tunable under the model that uses it (the roles
//! table), the view's bob and roll as the camera makes them, the field of
//! view, the level horizon, the sound, the HUD and the exposure.

use super::{Row, NOT_IN_FORCE};
use crate::short::Short;
use crate::sim::tunable_table::{self, Number};
use crate::sim::{Model, Tunables};
use crate::study::protocol::{Condition, Factor, Protocol, AUDIO_KEYS};

/// Where a tunable is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    /// Under every model.
    Always,
    /// Under this model only.
    Only(Model),
    /// Under the quake model walking (`always_run` off) only.
    QuakeWalking,
    /// Compared as the camera makes it (the bob and roll rows), not as set.
    Effective,
}

use Factor::{BobAndRoll, Comfort, Jetpack, Movement, Speed};

/// The top speeds: the model's, and how fast the body goes.
const TOP_SPEED: &[Factor] = &[Movement, Speed];

/// Every tunable's key with the factors it belongs to and where it is in
/// force (a test holds it to [`Tunables::keys`]).
#[rustfmt::skip]
const ROLES: [(&str, &[Factor], Scope); 45] = [
    ("model",              &[Movement],   Scope::Always),
    ("coupling",           &[Movement],   Scope::Only(Model::Polar)),
    ("coast",              &[Movement],   Scope::Only(Model::Polar)),
    ("turn_law",           &[Movement],   Scope::Only(Model::Polar)),
    ("swing_brake",        &[Movement],   Scope::Only(Model::Polar)),
    ("swing",              &[Movement],   Scope::Only(Model::Polar)),
    ("stabilise",          &[Jetpack],    Scope::Always),
    ("classic_faithful",   &[Movement],   Scope::Only(Model::Classic)),
    ("quake_always_run",   &[Movement],   Scope::Only(Model::Quake)),
    ("reference",          &[Comfort],    Scope::Always),
    ("max_speed",          TOP_SPEED,     Scope::Only(Model::Polar)),
    ("acceleration_gain",  &[Movement],   Scope::Only(Model::Polar)),
    ("turn_rate",          &[Movement],   Scope::Only(Model::Polar)),
    ("coast_brake",        &[Movement],   Scope::Only(Model::Polar)),
    ("direct_turn_speed",  &[Movement],   Scope::Only(Model::Polar)),
    ("heading_speed",      &[Movement],   Scope::Only(Model::Polar)),
    ("classic_speed",      TOP_SPEED,     Scope::Only(Model::Classic)),
    ("classic_back_share", &[Movement],   Scope::Only(Model::Classic)),
    ("classic_turn_speed", &[Movement],   Scope::Only(Model::Classic)),
    ("quake_friction",     &[Movement],   Scope::Only(Model::Quake)),
    ("quake_stop_speed",   &[Movement],   Scope::Only(Model::Quake)),
    ("quake_accelerate",   &[Movement],   Scope::Only(Model::Quake)),
    ("quake_max_speed",    TOP_SPEED,     Scope::Only(Model::Quake)),
    ("quake_walk_speed",   TOP_SPEED,     Scope::QuakeWalking),
    ("quake_turn_speed",   &[Movement],   Scope::Only(Model::Quake)),
    ("quake_head_bob",     &[BobAndRoll], Scope::Effective),
    ("quake_view_roll",    &[BobAndRoll], Scope::Effective),
    ("player_radius",      &[Movement],   Scope::Always),
    ("head_bob",           &[BobAndRoll], Scope::Effective),
    ("gyro",               &[Comfort],    Scope::Only(Model::Polar)),
    ("jet_thrust",         &[Jetpack],    Scope::Always),
    ("jet_hover_share",    &[Jetpack],    Scope::Always),
    ("jet_gravity",        &[Jetpack],    Scope::Always),
    ("jet_friction",       &[Jetpack],    Scope::Always),
    ("jet_max_pitch",      &[Jetpack],    Scope::Always),
    ("landing_speed",      &[Jetpack],    Scope::Always),
    ("landing_pitch",      &[Jetpack],    Scope::Always),
    ("crash_damage",       &[Jetpack],    Scope::Always),
    ("fuel_seconds",       &[Jetpack],    Scope::Always),
    ("jet_spin",           &[Jetpack],    Scope::Always),
    ("jet_brake",          &[Jetpack],    Scope::Always),
    ("vignette",           &[Comfort],    Scope::Always),
    ("snap_turn",          &[Comfort],    Scope::Always),
    ("snap_fade_s",        &[Comfort],    Scope::Always),
    ("bob_and_roll",       &[BobAndRoll], Scope::Effective),
];

/// Every compared setting of `protocol`'s conditions, in a fixed order:
/// the tunables in force, the view's bob and roll, the view, the sound,
/// the HUD and the exposure.
pub(super) fn settings(protocol: &Protocol) -> Vec<Row> {
    let conditions = &protocol.conditions;
    let each = |f: &dyn Fn(&Condition) -> String| conditions.iter().map(f).collect::<Vec<_>>();
    let mut rows: Vec<Row> = ROLES
        .iter()
        .filter(|(_, _, scope)| *scope != Scope::Effective)
        .map(|&(key, factors, scope)| {
            let values = each(&|c| match in_force(scope, &c.tunables) {
                true => value(&c.tunables, key),
                false => NOT_IN_FORCE.to_string(),
            });
            Row::exact(label(key), factors, values)
        })
        .collect();
    rows.push(Row::exact(
        "head bob in force (1 = Quake's)".into(),
        &[BobAndRoll],
        each(&|c| format!("{:.4}", Short(bob_in_force(&c.tunables)))),
    ));
    rows.push(Row::exact(
        "view roll in force at a full strafe (degrees)".into(),
        &[BobAndRoll],
        each(&|c| format!("{:.4}", Short(roll_in_force(&c.tunables).to_degrees()))),
    ));
    rows.push(Row::exact(
        "field of view (degrees)".into(),
        &[Factor::Fov],
        each(&|c| format!("{:.4}", Short(c.fov_deg))),
    ));
    rows.push(Row::exact(
        "level horizon in flight".into(),
        &[Comfort],
        each(&|c| on(c.level_horizon)),
    ));
    for key in AUDIO_KEYS {
        rows.push(Row::exact(
            format!("[audio] {key}"),
            &[Factor::Audio],
            each(&|c| audio(c, key)),
        ));
    }
    rows.push(Row::exact(
        "HUD: status bar".into(),
        &[Factor::Hud],
        each(&|c| on(c.status_bar)),
    ));
    rows.push(Row::exact(
        "HUD: crosshair".into(),
        &[Factor::Hud],
        each(&|c| on(c.crosshair)),
    ));
    rows.push(Row::exact(
        "exposure (s)".into(),
        &[Factor::Exposure],
        each(&|c| format!("{:.4}", Short(c.exposure_s))),
    ));
    rows
}

/// True if a tunable of `scope` is in force under `t`.
fn in_force(scope: Scope, t: &Tunables) -> bool {
    match scope {
        Scope::Always | Scope::Effective => true,
        Scope::Only(m) => t.model == m,
        Scope::QuakeWalking => t.model == Model::Quake && !t.quake.always_run,
    }
}

/// The head bob the camera makes, as a share of Quake's: the model's own
/// amplitude times the switch.
pub(super) fn bob_in_force(t: &Tunables) -> f64 {
    let own = match t.model {
        Model::Quake => t.quake.head_bob,
        Model::Polar | Model::Classic => t.head_bob,
    };
    own * t.comfort.bob_and_roll
}

/// The view roll the camera makes at a full strafe, radians: the quake
/// model's own times the switch (the others never roll).
pub(super) fn roll_in_force(t: &Tunables) -> f64 {
    match t.model {
        Model::Quake => t.quake.view_roll * t.comfort.bob_and_roll,
        Model::Polar | Model::Classic => 0.0,
    }
}

/// A tunable's label: its key, with its written unit.
fn label(key: &str) -> String {
    match tunable_table::number(key) {
        Some(Number { unit_words, .. }) if !unit_words.is_empty() => {
            format!("{key} ({unit_words})")
        }
        _ => key.to_string(),
    }
}

/// A tunable's value as written (numbers in their written unit, to four
/// figures; choices by name).
fn value(t: &Tunables, key: &str) -> String {
    if let Some(n) = tunable_table::number(key) {
        return format!("{:.4}", Short(n.written(t)));
    }
    let pairs = t.to_pairs();
    let found = pairs.iter().find(|(k, _)| *k == key);
    found.map_or_else(String::new, |(_, v)| v.clone())
}

/// `on` or `off`.
fn on(b: bool) -> String {
    match b {
        true => "on".into(),
        false => "off".into(),
    }
}

/// The condition's `key` of `[audio]` as it plays: the level it names, the
/// participant's own where it names none, no music or ambience unless it
/// names them.
fn audio(c: &Condition, key: &str) -> String {
    let l = &c.audio.levels;
    if !c.audio.names(key) {
        return match key {
            "music" | "ambience" => "none".into(),
            _ => "participant's".into(),
        };
    }
    match key {
        "volume" => format!("{:.3}", Short(l.volume.into())),
        "effects" => format!("{:.3}", Short(l.effects.into())),
        "music" => format!("{:.3}", Short(l.music.into())),
        "ambience" => format!("{:.3}", Short(l.ambience.into())),
        "footsteps" => format!("{:.3}", Short(l.footsteps.into())),
        "wind" => format!("{:.3}", Short(l.wind.into())),
        "stride" => format!("{:.3}", Short(l.stride_tiles)),
        _ if l.mute => "muted".into(),
        _ => "sound on".into(),
    }
}

#[cfg(test)]
pub(super) fn role_keys() -> impl Iterator<Item = &'static str> {
    ROLES.iter().map(|r| r.0)
}
