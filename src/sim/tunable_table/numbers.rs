//! The numeric tunables, one declaration each: the key recordings and
//! traces use, the settings file's key, what it is, its unit and range,
//! and the field it reads and writes.

use super::{Number, Range, Unit};

/// Every numeric tunable, in the order recordings and traces write them.
pub const NUMBERS: &[&Number] = &[
    &MAX_SPEED,
    &ACCELERATION_GAIN,
    &TURN_RATE,
    &COAST_BRAKE,
    &DIRECT_TURN_SPEED,
    &HEADING_SPEED,
    &CLASSIC_SPEED,
    &CLASSIC_BACK_SHARE,
    &CLASSIC_TURN_SPEED,
    &QUAKE_FRICTION,
    &QUAKE_STOP_SPEED,
    &QUAKE_ACCELERATE,
    &QUAKE_MAX_SPEED,
    &QUAKE_WALK_SPEED,
    &QUAKE_TURN_SPEED,
    &QUAKE_HEAD_BOB,
    &QUAKE_VIEW_ROLL,
    &PLAYER_RADIUS,
    &HEAD_BOB,
    &GYRO,
    &JET_THRUST,
    &JET_HOVER_SHARE,
    &JET_GRAVITY,
    &JET_FRICTION,
    &JET_MAX_PITCH,
    &LANDING_SPEED,
    &LANDING_PITCH,
    &CRASH_DAMAGE,
    &FUEL_SECONDS,
    &JET_SPIN,
    &JET_BRAKE,
    &VIGNETTE,
    &SNAP_TURN,
    &SNAP_FADE,
    &BOB_AND_ROLL,
];

/// Top speed.
pub const MAX_SPEED: Number = Number {
    key: "max_speed",
    setting: "max_speed",
    about: "Top speed",
    unit_words: "tiles per second",
    unit: Unit::Same,
    range: Range::closed(0.5, 20.0),
    get: |t| t.polar.max_speed,
    set: |t, v| t.polar.max_speed = v,
};

/// The push at rest, along the velocity.
pub const ACCELERATION_GAIN: Number = Number {
    key: "acceleration_gain",
    setting: "acceleration_gain",
    about: "The push at rest, along the velocity",
    unit_words: "tiles per second squared",
    unit: Unit::Same,
    range: Range::closed(1.0, 200.0),
    get: |t| t.polar.acceleration_gain,
    set: |t, v| t.polar.acceleration_gain = v,
};

/// How hard the speed angle swings toward the push and brakes.
pub const TURN_RATE: Number = Number {
    key: "turn_rate",
    setting: "turn_rate",
    about: "How hard the speed angle swings toward the push and brakes",
    unit_words: "per second",
    unit: Unit::Same,
    // Above about 170 the swing's braking overshoots every 120 Hz tick.
    range: Range::closed(1.0, 100.0),
    get: |t| t.polar.turn_rate,
    set: |t, v| t.polar.turn_rate = v,
};

/// With coast = "brake": the share of a full reversal push used to stop.
pub const COAST_BRAKE: Number = Number {
    key: "coast_brake",
    setting: "coast_brake",
    about: "With coast = \"brake\": the share of a full reversal push used to stop",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 1.0),
    get: |t| t.polar.coast_brake,
    set: |t, v| t.polar.coast_brake = v,
};

/// With swing = "direct": how fast the speed angle turns toward the push.
pub const DIRECT_TURN_SPEED: Number = Number {
    key: "direct_turn_speed",
    setting: "direct_turn_speed",
    about: "With swing = \"direct\": how fast the direction of travel turns toward the push",
    unit_words: "degrees per second",
    unit: Unit::Degrees,
    range: Range::closed(10.0, 3600.0),
    get: |t| t.polar.direct_turn_speed,
    set: |t, v| t.polar.direct_turn_speed = v,
};

/// How fast the turn keys turn the heading in the polar model (and in
/// flight).
pub const HEADING_SPEED: Number = Number {
    key: "heading_speed",
    setting: "heading_speed",
    about: "How fast the turn keys turn the heading in the polar model and in flight",
    unit_words: "degrees per second",
    unit: Unit::Degrees,
    range: Range::closed(10.0, 720.0),
    get: |t| t.heading_speed,
    set: |t, v| t.heading_speed = v,
};

/// Forward and strafe speed.
pub const CLASSIC_SPEED: Number = Number {
    key: "classic_speed",
    setting: "speed",
    about: "Forward and strafe speed",
    unit_words: "tiles per second",
    unit: Unit::Same,
    range: Range::closed(0.5, 20.0),
    get: |t| t.classic.speed,
    set: |t, v| t.classic.speed = v,
};

/// Backward speed as a share of forward.
pub const CLASSIC_BACK_SHARE: Number = Number {
    key: "classic_back_share",
    setting: "back_share",
    about: "Backward speed as a share of forward",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 1.0),
    get: |t| t.classic.back_share,
    set: |t, v| t.classic.back_share = v,
};

/// Ground friction.
pub const QUAKE_FRICTION: Number = Number {
    key: "quake_friction",
    setting: "friction",
    about: "Ground friction",
    unit_words: "per second",
    unit: Unit::Same,
    range: Range::closed(0.0, 20.0),
    get: |t| t.quake.friction,
    set: |t, v| t.quake.friction = v,
};

/// Below this speed friction acts as if at it.
pub const QUAKE_STOP_SPEED: Number = Number {
    key: "quake_stop_speed",
    setting: "stop_speed",
    about: "Below this speed friction acts as if at it",
    unit_words: "tiles per second",
    unit: Unit::Same,
    range: Range::closed(0.0, 20.0),
    get: |t| t.quake.stop_speed,
    set: |t, v| t.quake.stop_speed = v,
};

/// Acceleration, times the wish speed.
pub const QUAKE_ACCELERATE: Number = Number {
    key: "quake_accelerate",
    setting: "accelerate",
    about: "Acceleration, times the wish speed",
    unit_words: "per second",
    unit: Unit::Same,
    range: Range::closed(0.0, 100.0),
    get: |t| t.quake.accelerate,
    set: |t, v| t.quake.accelerate = v,
};

/// Wish speed at full input.
pub const QUAKE_MAX_SPEED: Number = Number {
    key: "quake_max_speed",
    setting: "max_speed",
    about: "Wish speed at full input",
    unit_words: "tiles per second",
    unit: Unit::Same,
    range: Range::closed(0.5, 40.0),
    get: |t| t.quake.max_speed,
    set: |t, v| t.quake.max_speed = v,
};

/// How fast the classic model's turn keys turn, walking; running turns
/// twice as fast (Wolfenstein 3D: 122.5 and 245 degrees per second).
pub const CLASSIC_TURN_SPEED: Number = Number {
    key: "classic_turn_speed",
    setting: "turn_speed",
    about: "How fast the turn keys turn, walking (running: twice as fast)",
    unit_words: "degrees per second",
    unit: Unit::Degrees,
    range: Range::closed(10.0, 720.0),
    get: |t| t.classic.turn_speed,
    set: |t, v| t.classic.turn_speed = v,
};

/// The quake model's wish speed walking: without the run key and with
/// always-run off (Quake's cl_forwardspeed, 200 units a second).
pub const QUAKE_WALK_SPEED: Number = Number {
    key: "quake_walk_speed",
    setting: "walk_speed",
    about: "Wish speed walking, without the run key and with always_run off",
    unit_words: "tiles per second",
    unit: Unit::Same,
    range: Range::closed(0.5, 40.0),
    get: |t| t.quake.walk_speed,
    set: |t, v| t.quake.walk_speed = v,
};

/// How fast the quake model's turn keys turn; with the run key held, 1.5
/// times as fast (Quake's cl_yawspeed 140 and cl_anglespeedkey 1.5).
pub const QUAKE_TURN_SPEED: Number = Number {
    key: "quake_turn_speed",
    setting: "turn_speed",
    about: "How fast the turn keys turn (with run held: 1.5 times as fast)",
    unit_words: "degrees per second",
    unit: Unit::Degrees,
    range: Range::closed(10.0, 720.0),
    get: |t| t.quake.turn_speed,
    set: |t, v| t.quake.turn_speed = v,
};

/// The quake model's head bob: Quake's own by default, as it shipped
/// (view.c V_CalcBob, cl_bob 0.02, cl_bobcycle 0.6).
pub const QUAKE_HEAD_BOB: Number = Number {
    key: "quake_head_bob",
    setting: "head_bob",
    about: "Head bob amplitude in the quake model: 0 none, 1 Quake's (its default)",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 2.0),
    get: |t| t.quake.head_bob,
    set: |t, v| t.quake.head_bob = v,
};

/// The quake model's view roll into a strafe (Quake's cl_rollangle).
pub const QUAKE_VIEW_ROLL: Number = Number {
    key: "quake_view_roll",
    setting: "view_roll",
    about: "How far the view rolls into a strafe at full sideways speed, 0 off (Quake: 2)",
    unit_words: "degrees",
    unit: Unit::Degrees,
    range: Range::closed(0.0, 10.0),
    get: |t| t.quake.view_roll,
    set: |t, v| t.quake.view_roll = v,
};

/// Collision radius.
pub const PLAYER_RADIUS: Number = Number {
    key: "player_radius",
    setting: "radius",
    about: "Collision radius",
    unit_words: "tiles",
    unit: Unit::Same,
    // Half a tile would not fit through a one-tile corridor.
    range: Range::closed(0.05, 0.45),
    get: |t| t.player_radius,
    set: |t, v| t.player_radius = v,
};

/// Head bob amplitude: 0 none, 1 Quake's.
pub const HEAD_BOB: Number = Number {
    key: "head_bob",
    setting: "head_bob",
    about: "Head bob amplitude in the polar and classic models: 0 none, 1 Quake's",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 2.0),
    get: |t| t.head_bob,
    set: |t, v| t.head_bob = v,
};

/// Gyro jet damping the polar model's spin; 0 off.
pub const GYRO: Number = Number {
    key: "gyro",
    setting: "gyro",
    about: "Gyro jet damping the polar model's spin; 0 off",
    unit_words: "degrees per second squared",
    unit: Unit::Degrees,
    range: Range::closed(0.0, 3600.0),
    get: |t| t.gyro,
    set: |t, v| t.gyro = v,
};

/// Full thrust (Lander: roof/2048 a frame).
pub const JET_THRUST: Number = Number {
    key: "jet_thrust",
    setting: "thrust",
    about: "Full thrust (Lander: roof/2048 a frame)",
    unit_words: "tiles per second squared",
    unit: Unit::Same,
    range: Range::above(0.0, 100.0),
    get: |t| t.flight.thrust,
    set: |t, v| t.flight.thrust = v,
};

/// Hover as a share of full thrust (Lander: 1/4).
pub const JET_HOVER_SHARE: Number = Number {
    key: "jet_hover_share",
    setting: "hover_share",
    about: "Hover as a share of full thrust (Lander: 1/4)",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 1.0),
    get: |t| t.flight.hover_share,
    set: |t, v| t.flight.hover_share = v,
};

/// Gravity (Lander: 3/16 of full thrust).
pub const JET_GRAVITY: Number = Number {
    key: "jet_gravity",
    setting: "gravity",
    about: "Gravity (Lander: 3/16 of full thrust)",
    unit_words: "tiles per second squared",
    unit: Unit::Same,
    range: Range::closed(0.0, 100.0),
    get: |t| t.flight.gravity,
    set: |t, v| t.flight.gravity = v,
};

/// Share of velocity lost per Lander frame (Lander: 1/64).
pub const JET_FRICTION: Number = Number {
    key: "jet_friction",
    setting: "friction",
    about: "Share of velocity lost per Lander frame (Lander: 1/64)",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 0.5),
    get: |t| t.flight.friction,
    set: |t, v| t.flight.friction = v,
};

/// Tilt at full pointer deflection.
pub const JET_MAX_PITCH: Number = Number {
    key: "jet_max_pitch",
    setting: "max_pitch",
    about: "Tilt at full pointer deflection",
    unit_words: "degrees",
    unit: Unit::Degrees,
    range: Range::closed(5.0, 180.0),
    get: |t| t.flight.max_pitch,
    set: |t, v| t.flight.max_pitch = v,
};

/// Fastest touchdown that does no harm.
pub const LANDING_SPEED: Number = Number {
    key: "landing_speed",
    setting: "landing_speed",
    about: "Fastest touchdown that does no harm",
    unit_words: "tiles per second",
    unit: Unit::Same,
    range: Range::closed(0.0, 20.0),
    get: |t| t.flight.landing_speed,
    set: |t, v| t.flight.landing_speed = v,
};

/// Most tilt at which a touchdown lands.
pub const LANDING_PITCH: Number = Number {
    key: "landing_pitch",
    setting: "landing_pitch",
    about: "Most tilt at which a touchdown lands",
    unit_words: "degrees",
    unit: Unit::Degrees,
    range: Range::closed(0.0, 90.0),
    get: |t| t.flight.level_pitch,
    set: |t, v| t.flight.level_pitch = v,
};

/// Health lost per tile per second of touchdown over the landing speed.
pub const CRASH_DAMAGE: Number = Number {
    key: "crash_damage",
    setting: "crash_damage",
    about: "Health lost per tile per second of touchdown over the landing speed",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 1000.0),
    get: |t| t.flight.crash_damage,
    set: |t, v| t.flight.crash_damage = v,
};

/// Seconds of full thrust in a full tank (hover and brake burn a quarter).
pub const FUEL_SECONDS: Number = Number {
    key: "fuel_seconds",
    setting: "fuel_seconds",
    about: "Seconds of full thrust in a full tank (hover and brake burn a quarter)",
    unit_words: "seconds",
    unit: Unit::Same,
    range: Range::above(0.0, 100_000.0),
    get: |t| t.flight.fuel_seconds,
    set: |t, v| t.flight.fuel_seconds = v,
};

/// Each attitude jet's angular acceleration.
pub const JET_SPIN: Number = Number {
    key: "jet_spin",
    setting: "jet_spin",
    about: "Each attitude jet's angular acceleration",
    unit_words: "degrees per second squared",
    unit: Unit::Degrees,
    range: Range::closed(0.0, 36_000.0),
    get: |t| t.flight.jet_spin,
    set: |t, v| t.flight.jet_spin = v,
};

/// Each brake thruster's acceleration.
pub const JET_BRAKE: Number = Number {
    key: "jet_brake",
    setting: "brake",
    about: "Each brake thruster's acceleration",
    unit_words: "tiles per second squared",
    unit: Unit::Same,
    range: Range::closed(0.0, 100.0),
    get: |t| t.flight.brake,
    set: |t, v| t.flight.brake = v,
};

/// The field-of-view restrictor's strength (Fernandes & Feiner 2016).
pub const VIGNETTE: Number = Number {
    key: "vignette",
    setting: "vignette",
    about: "Field-of-view restrictor: the view narrows while it turns or moves (to half\n\
            of it at 1) and opens again at rest; 0 off (Fernandes & Feiner 2016)",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 1.0),
    get: |t| t.comfort.vignette,
    set: |t, v| t.comfort.vignette = v,
};

/// Snap turning's step; 0 turns smoothly.
pub const SNAP_TURN: Number = Number {
    key: "snap_turn",
    setting: "snap_turn",
    about: "Snap turning: each press of a turn key (or push of the stick) turns the\n\
            heading this far at once; 0 turns smoothly (Farmani & Teather)",
    unit_words: "degrees",
    unit: Unit::Degrees,
    range: Range::zero_or(crate::sim::comfort::MIN_SNAP_DEG, 90.0),
    get: |t| t.comfort.snap_turn,
    set: |t, v| t.comfort.snap_turn = v,
};

/// After a snap, the view fades in from black over this long.
pub const SNAP_FADE: Number = Number {
    key: "snap_fade_s",
    setting: "snap_fade_ms",
    about: "After a snap turn the view fades in from black over this long; 0 none",
    unit_words: "milliseconds",
    unit: Unit::Milliseconds,
    range: Range::closed(0.0, 500.0),
    get: |t| t.comfort.snap_fade,
    set: |t, v| t.comfort.snap_fade = v,
};

/// The one switch for head bob and view roll under every model: a share
/// of each model's own (quake's `head_bob` and `view_roll`, the others'
/// `head_bob`). A recording from before it played each model's own (1).
pub const BOB_AND_ROLL: Number = Number {
    key: "bob_and_roll",
    setting: "bob_and_roll",
    about: "Head bob and view roll under every walking model, as a share of each model's\n\
            own: 0 none at all, 1 each model's own (Quake bobs and rolls, the others\n\
            bob by head_bob)",
    unit_words: "",
    unit: Unit::Same,
    range: Range::closed(0.0, 1.0),
    get: |t| t.comfort.bob_and_roll,
    set: |t, v| t.comfort.bob_and_roll = v,
};
