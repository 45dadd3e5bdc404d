//! Every section of the settings file but `[bindings]`, and its keys: a
//! data table read by the parser and the default file alike.

use super::{Field, Kind, Range, Section};
use crate::audio::{MAX_STRIDE_TILES, MIN_STRIDE_TILES};
use crate::render::{MAX_FOV_DEG, MIN_FOV_DEG};
use crate::settings::{Present, Scaling, MAX_DIAGONAL_IN, MAX_DISTANCE_CM};
use crate::sim::comfort::Reference;
use crate::sim::polar::{Coast, Swing, SwingBrake, TurnLaw};
use crate::sim::tunable_table::*;
use crate::sim::{Coupling, Difficulty, Model};

/// Every section but `[bindings]`, in file order.
pub(in crate::settings) const SECTIONS: &[Section] = &[
    Section {
        name: "game",
        about: "The game's rules.",
        fields: &[Field {
            key: "difficulty",
            about: "How hard the fights are when a map starts (hard: the enemies as recordings\n\
                    made before there were levels play them)",
            unit: "",
            kind: Kind::Choice {
                names: &["easy", "normal", "hard", "nightmare"],
                get: |s| s.game.difficulty.name(),
                set: |s, v| s.game.difficulty = Difficulty::from_name(v).expect("a listed name"),
            },
        }],
    },
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
        name: "audio",
        about: "Sound: how loud, and whether at all.",
        fields: &[
            Field {
                key: "volume",
                about: "Master volume: everything heard, the menus' clicks too",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(0.0, 1.0),
                    get: |s| s.audio.volume.into(),
                    set: |s, v| s.audio.volume = v as f32,
                },
            },
            Field {
                key: "effects",
                about: "The game's sounds (steps, doors, shots, engines) under the master volume",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(0.0, 1.0),
                    get: |s| s.audio.effects.into(),
                    set: |s, v| s.audio.effects = v as f32,
                },
            },
            Field {
                key: "music",
                about: "The map's music under the master volume (a study plays none unless its\n\
                        protocol sets it)",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(0.0, 1.0),
                    get: |s| s.audio.music.into(),
                    set: |s, v| s.audio.music = v as f32,
                },
            },
            Field {
                key: "ambience",
                about: "The map's ambience (room tone, wind over open sky, machinery) under the\n\
                        master volume (a study plays none unless its protocol sets it)",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(0.0, 1.0),
                    get: |s| s.audio.ambience.into(),
                    set: |s, v| s.audio.ambience = v as f32,
                },
            },
            Field {
                key: "footsteps",
                about: "Your own footsteps under the effects level",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(0.0, 1.0),
                    get: |s| s.audio.footsteps.into(),
                    set: |s, v| s.audio.footsteps = v as f32,
                },
            },
            Field {
                key: "wind",
                about: "The wind of your own motion, louder and higher the faster you go, on foot\n\
                        and in flight, under the effects level (0: none)",
                unit: "",
                kind: Kind::Number {
                    range: Range::closed(0.0, 1.0),
                    get: |s| s.audio.wind.into(),
                    set: |s, v| s.audio.wind = v as f32,
                },
            },
            Field {
                key: "stride",
                about: "Distance walked between two of your footsteps",
                unit: "tiles",
                kind: Kind::Number {
                    range: Range::closed(MIN_STRIDE_TILES, MAX_STRIDE_TILES),
                    get: |s| s.audio.stride_tiles,
                    set: |s, v| s.audio.stride_tiles = v,
                },
            },
            Field {
                key: "mute",
                about: "Silence: nothing is heard",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.audio.mute,
                    set: |s, v| s.audio.mute = v,
                },
            },
        ],
    },
    Section {
        name: "hud",
        about: "The HUD: what is drawn over the view.",
        fields: &[
            Field {
                key: "status_bar",
                about: "The status bar at the foot of the view: health, keys, the goal, the time\n\
                        and the weapon",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.hud.status_bar,
                    set: |s, v| s.hud.status_bar = v,
                },
            },
            Field {
                key: "readout",
                about: "The lab readout: the walking model, camera, speeds, angles, frame rate\n\
                        and the dial, top left (F10 shows or hides it in play)",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.hud.readout,
                    set: |s, v| s.hud.readout = v,
                },
            },
            Field {
                key: "crosshair",
                about: "A dot at the centre of the view",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.hud.crosshair,
                    set: |s, v| s.hud.crosshair = v,
                },
            },
            Field {
                key: "full_map",
                about: "The minimap shows the whole map, not only what you have seen (for the lab\n\
                        and map authors)",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.hud.full_map,
                    set: |s, v| s.hud.full_map = v,
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
                    set: |s, v| s.tunables.model = Model::from_name(v).expect("a listed name"),
                },
            },
            Field {
                key: "coupling",
                about: "Where the polar model's camera looks: along the velocity, or the heading",
                unit: "",
                kind: Kind::Choice {
                    names: &["velocity", "heading"],
                    get: |s| s.tunables.coupling.name(),
                    set: |s, v| {
                        s.tunables.coupling = Coupling::from_name(v).expect("a listed name")
                    },
                },
            },
        ],
    },
    Section {
        name: "comfort",
        about: "Comfort options.",
        fields: &[
            Field::tunable(&HEAD_BOB),
            Field::tunable(&GYRO),
            Field::tunable(&HEADING_SPEED),
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
            Field::tunable(&VIGNETTE),
            Field {
                key: "reference",
                about: "A fixed reference drawn still on screen: none, a dot at the centre (a\n\
                        \"virtual nose\", Whittinghill et al. 2015), or a frame, a border and a\n\
                        level bar (a rest frame, Cao et al.)",
                unit: "",
                kind: Kind::Choice {
                    names: &["none", "dot", "frame"],
                    get: |s| s.tunables.comfort.reference.name(),
                    set: |s, v| {
                        s.tunables.comfort.reference =
                            Reference::from_name(v).expect("a listed name")
                    },
                },
            },
            Field::tunable(&SNAP_TURN),
            Field::tunable(&SNAP_FADE),
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
            Field::tunable(&JET_THRUST),
            Field::tunable(&JET_HOVER_SHARE),
            Field::tunable(&JET_GRAVITY),
            Field::tunable(&JET_FRICTION),
            Field::tunable(&JET_MAX_PITCH),
            Field::tunable(&LANDING_SPEED),
            Field::tunable(&LANDING_PITCH),
            Field::tunable(&CRASH_DAMAGE),
            Field::tunable(&FUEL_SECONDS),
            Field::tunable(&JET_SPIN),
            Field::tunable(&JET_BRAKE),
        ],
    },
    Section {
        name: "polar",
        about: "The polar model (article 000).",
        fields: &[
            Field::tunable(&MAX_SPEED),
            Field::tunable(&ACCELERATION_GAIN),
            Field::tunable(&TURN_RATE),
            Field {
                key: "coast",
                about: "With no key held: brake to rest, or the article's literal push back",
                unit: "",
                kind: Kind::Choice {
                    names: &["brake", "article"],
                    get: |s| s.tunables.polar.coast.name(),
                    set: |s, v| {
                        s.tunables.polar.coast = Coast::from_name(v).expect("a listed name")
                    },
                },
            },
            Field::tunable(&COAST_BRAKE),
            Field {
                key: "turn_law",
                about: "What swings the direction of travel toward the push: sin(angle), the\n\
                        article's, or angle/180, its first try (a push straight back then swings too)",
                unit: "",
                kind: Kind::Choice {
                    names: &["sine", "linear"],
                    get: |s| s.tunables.polar.turn_law.name(),
                    set: |s, v| {
                        s.tunables.polar.turn_law = TurnLaw::from_name(v).expect("a listed name")
                    },
                },
            },
            Field {
                key: "swing_brake",
                about: "What brakes that swing near the push: cos(angle), the article's (it feeds\n\
                        the swing beyond 90 degrees), or 1 - angle/180, its first try",
                unit: "",
                kind: Kind::Choice {
                    names: &["cosine", "linear"],
                    get: |s| s.tunables.polar.swing_brake.name(),
                    set: |s, v| {
                        s.tunables.polar.swing_brake =
                            SwingBrake::from_name(v).expect("a listed name")
                    },
                },
            },
            Field {
                key: "swing",
                about: "How the direction of travel turns: inertial swings it with an angular\n\
                        velocity that can overshoot (the article's); direct turns it straight toward\n\
                        the push at direct_turn_speed (turn_law and swing_brake then do nothing)",
                unit: "",
                kind: Kind::Choice {
                    names: &["inertial", "direct"],
                    get: |s| s.tunables.polar.swing.name(),
                    set: |s, v| {
                        s.tunables.polar.swing = Swing::from_name(v).expect("a listed name")
                    },
                },
            },
            Field::tunable(&DIRECT_TURN_SPEED),
        ],
    },
    Section {
        name: "classic",
        about: "The classic model (Wolfenstein 3D).",
        fields: &[
            Field::tunable(&CLASSIC_SPEED),
            Field::tunable(&CLASSIC_BACK_SHARE),
            Field::tunable(&CLASSIC_TURN_SPEED),
            Field {
                key: "faithful",
                about: "Wolfenstein 3D's quirks: turning in whole degrees, and no turning while strafing (false: smooth, both at once)",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.tunables.classic.faithful,
                    set: |s, v| s.tunables.classic.faithful = v,
                },
            },
        ],
    },
    Section {
        name: "quake",
        about: "The quake model (Quake's ground movement).",
        fields: &[
            Field::tunable(&QUAKE_FRICTION),
            Field::tunable(&QUAKE_STOP_SPEED),
            Field::tunable(&QUAKE_ACCELERATE),
            Field::tunable(&QUAKE_MAX_SPEED),
            Field::tunable(&QUAKE_WALK_SPEED),
            Field {
                key: "always_run",
                about: "Run at max_speed without the run key (the run key still turns faster)",
                unit: "",
                kind: Kind::Flag {
                    get: |s| s.tunables.quake.always_run,
                    set: |s, v| s.tunables.quake.always_run = v,
                },
            },
            Field::tunable(&QUAKE_TURN_SPEED),
            Field::tunable(&QUAKE_HEAD_BOB),
            Field::tunable(&QUAKE_VIEW_ROLL),
        ],
    },
    Section {
        name: "player",
        about: "The player's body.",
        fields: &[Field::tunable(&PLAYER_RADIUS)],
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
                about: "The mouse turns the heading on foot under the classic and quake models (the polar model is keys only)",
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
    Section {
        name: "display",
        about: "The screen the game is seen on, as a study records it (0: not stated).",
        fields: &[
            Field {
                key: "screen_diagonal_in",
                about: "The screen's visible diagonal (0: not stated)",
                unit: "inches",
                kind: Kind::Number {
                    range: Range::closed(0.0, MAX_DIAGONAL_IN),
                    get: |s| s.display.screen_diagonal_in,
                    set: |s, v| s.display.screen_diagonal_in = v,
                },
            },
            Field {
                key: "viewing_distance_cm",
                about: "From the eye to the screen's centre (0: not stated)",
                unit: "centimetres",
                kind: Kind::Number {
                    range: Range::closed(0.0, MAX_DISTANCE_CM),
                    get: |s| s.display.viewing_distance_cm,
                    set: |s, v| s.display.viewing_distance_cm = v,
                },
            },
        ],
    },
];
