//! Procedural sprite sheets for wobblecaster: the walker, the tank, their
//! shots, the pickups and a course's beacons and their number plates (the
//! weapons are `gen_weapons.rs`'s).
//!
//! Run with `cargo run --release --example gen_sprites`. It writes PNGs
//! into `assets/sprites/`; that output is committed, so rerun this only
//! after changing it. Deterministic: the same bytes every run.
//!
//! The walker and the tank are small 3D models made of signed-distance
//! shapes (boxes, capsules, spheres), sphere-traced orthographically from
//! a little above, lit by one fixed light, and outlined. So their eight
//! rotations agree with each other. Rotation convention (the renderer
//! picks frames by it): column k shows the model with its heading turned
//! k x 45 degrees clockwise, seen from above, from facing the viewer. In
//! view space (x to the screen's right, z away from the viewer) its nose
//! points along (-sin a, -cos a), a = k x 45 degrees: k = 0 is the front,
//! k = 2 has the nose to the screen's left, k = 4 is the back, k = 6 has
//! the nose to the right.
//!
//! A frame is one tile wide and tall; its bottom row is the floor under
//! the model's origin and its middle column the model's position.

use image::{Rgba, RgbaImage};
use std::error::Error;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI, TAU};
use std::path::Path;

#[path = "solid/mod.rs"]
mod solid;
use solid::*;

// ------------------------------------------------------------ the walker

const KHAKI: Rgb = [0.55, 0.55, 0.32];
const DARK_KHAKI: Rgb = [0.36, 0.36, 0.22];
const PLATE: Rgb = [0.78, 0.76, 0.58];
const VISOR: Rgb = [1.0, 0.55, 0.1];
const BOOT: Rgb = [0.22, 0.2, 0.18];
const PACK: Rgb = [0.3, 0.26, 0.2];

/// What a walker frame shows.
#[derive(Clone, Copy, PartialEq)]
enum Stance {
    /// Walking at a phase of the stride, radians.
    Walk(f32),
    /// Swiping with both arms forward.
    Attack,
    /// Winding up before a swipe: both arms drawn back and raised, the
    /// body leaning back, so a strike can be seen coming.
    WindUp,
    /// Recoiling from a hit.
    Pain,
}

/// The walker: a soldier robot with a visor at the front and a pack on
/// its back, in `stance`.
fn walker(stance: Stance) -> Model {
    let swing = match stance {
        Stance::Walk(phase) => 0.45 * phase.sin(),
        _ => 0.0,
    };
    let hip = 0.36;
    let leg = |side: f32, angle: f32| {
        let foot = [side * 0.075, 0.05, angle.sin() * 0.28];
        part(
            Shape::Capsule([side * 0.075, hip, 0.0], foot, 0.055),
            DARK_KHAKI,
        )
    };
    let boot = |side: f32, angle: f32| {
        part(
            Shape::Box(
                [side * 0.075, 0.04, angle.sin() * 0.28 + 0.03],
                [0.055, 0.04, 0.08],
                0.02,
            ),
            BOOT,
        )
    };
    let shoulder_y = 0.6;
    let arm = |side: f32| {
        let hand = match stance {
            Stance::Attack => [side * 0.12, 0.56, 0.36],
            Stance::WindUp => [side * 0.3, 0.86, -0.2],
            Stance::Pain => [side * 0.26, 0.66, -0.08],
            Stance::Walk(_) => [side * 0.19, 0.36, -side * swing * 0.5 * 0.6],
        };
        part(
            Shape::Capsule([side * 0.17, shoulder_y, 0.0], hand, 0.045),
            KHAKI,
        )
    };
    let claw = |side: f32| {
        let at = match stance {
            Stance::Attack => [side * 0.12, 0.56, 0.42],
            Stance::WindUp => [side * 0.32, 0.92, -0.24],
            Stance::Pain => [side * 0.26, 0.68, -0.1],
            Stance::Walk(_) => [side * 0.19, 0.33, -side * swing * 0.3],
        };
        if stance == Stance::WindUp {
            // The claws light up as they draw back: the tell of a strike.
            return Part {
                shape: Shape::Ball(at, 0.06),
                colour: VISOR,
                glow: true,
            };
        }
        part(Shape::Ball(at, 0.05), BOOT)
    };
    let lean = match stance {
        Stance::Pain => -0.06,
        Stance::WindUp => -0.04,
        _ => 0.0,
    };
    let mut parts = vec![
        leg(1.0, swing),
        leg(-1.0, -swing),
        boot(1.0, swing),
        boot(-1.0, -swing),
        part(Shape::Box([0.0, 0.5, lean], [0.15, 0.15, 0.1], 0.04), KHAKI),
        part(
            Shape::Box([0.0, 0.52, 0.08 + lean], [0.11, 0.1, 0.03], 0.02),
            PLATE,
        ),
        part(
            Shape::Box([0.0, 0.52, -0.13 + lean], [0.11, 0.12, 0.05], 0.02),
            PACK,
        ),
        part(Shape::Ball([0.0, 0.72, lean * 1.5], 0.09), KHAKI),
        Part {
            shape: Shape::Box([0.0, 0.73, 0.075 + lean * 1.5], [0.065, 0.025, 0.03], 0.01),
            colour: VISOR,
            glow: true,
        },
        arm(1.0),
        arm(-1.0),
        claw(1.0),
        claw(-1.0),
    ];
    if stance == Stance::Pain {
        for p in &mut parts {
            p.colour = [
                0.5 + p.colour[0] * 0.6,
                0.45 + p.colour[1] * 0.5,
                0.4 + p.colour[2] * 0.4,
            ];
        }
    }
    Model {
        parts,
        pattern: |_, _, _| 1.0,
        phase: 0.0,
    }
}

/// The walker sheet: 8 rotations x (4 walk frames, attack, pain, wind-up).
fn walker_sheet() -> RgbaImage {
    let stances = [
        Stance::Walk(0.0),
        Stance::Walk(FRAC_PI_2),
        Stance::Walk(PI),
        Stance::Walk(3.0 * FRAC_PI_2),
        Stance::Attack,
        Stance::Pain,
        Stance::WindUp,
    ];
    let mut sheet = RgbaImage::new(8 * N, stances.len() as u32 * N);
    for (row, &stance) in stances.iter().enumerate() {
        rotations(&mut sheet, row as u32, &walker(stance));
    }
    sheet
}

/// The walker falling, seen from the front three-quarters: four frames,
/// the last the corpse on the floor.
fn walker_death_sheet() -> RgbaImage {
    let mut sheet = RgbaImage::new(4 * N, N);
    let model = walker(Stance::Walk(0.0));
    for (col, tilt) in [0.35f32, 0.8, 1.25, FRAC_PI_2 - 0.04]
        .into_iter()
        .enumerate()
    {
        let mut model = Model {
            parts: model.parts.clone(),
            pattern: model.pattern,
            phase: 0.0,
        };
        if col == 3 {
            // The corpse: dimmed, and a dark pool under it.
            for p in &mut model.parts {
                p.colour = mul(p.colour, 0.6);
                p.glow = false;
            }
        }
        // Seen from the side as it falls back, kept centred in the frame.
        let pose = Pose {
            yaw: FRAC_PI_2 * 0.8,
            tilt,
            frame_tiles: 1.0,
            offset: [-0.36 * tilt.sin(), 0.0],
            elevation: ELEVATION,
        };
        blit(&mut sheet, col as u32, 0, N, &render(&model, pose, N));
    }
    sheet
}

// -------------------------------------------------------------- the tank

const HULL: Rgb = [0.72, 0.64, 0.38];
const HULL_DARK: Rgb = [0.5, 0.45, 0.27];
const TRACK: Rgb = [0.2, 0.2, 0.2];
const BARREL: Rgb = [0.42, 0.4, 0.33];

/// Index of the first track part in [`tank`]'s list.
const TRACK_PARTS: [usize; 2] = [0, 1];

/// How many of [`tank`]'s parts, at the end of its list, make the turret
/// (drawn as a sheet of its own, turned toward the tank's aim).
const TURRET_PARTS: usize = 3;

/// The tank: two tracks, a hull, then the turret and its barrel along the
/// nose (the last [`TURRET_PARTS`]); the track links shift with `phase`
/// (0 or 1). `wreck` chars and droops it.
///
/// Drawn to the size of its body in the simulation: in a frame one tile
/// across (a tank of half width 0.35, hull radius 0.455 tiles) the tracks'
/// centres are 0.33 from the middle and the hull runs 0.44 fore and aft,
/// so the footprint fills the hull's circle; it stands 0.5 tall, with the
/// barrel at 0.38, a little above the shells' 0.3.
fn tank(phase: f32, wreck: bool) -> Model {
    let track = |side: f32| {
        part(
            Shape::Box([side * 0.33, 0.1, 0.0], [0.085, 0.1, 0.44], 0.06),
            TRACK,
        )
    };
    let droop = if wreck { -0.1 } else { 0.0 };
    let mut parts = vec![
        track(1.0),
        track(-1.0),
        // The hull between and over the tracks, its glacis sloped.
        part(Shape::Box([0.0, 0.2, -0.01], [0.3, 0.09, 0.4], 0.04), HULL),
        part(
            Shape::Box([0.0, 0.3, -0.3], [0.24, 0.03, 0.1], 0.015),
            HULL_DARK,
        ),
        // Mudguards over the tracks.
        part(
            Shape::Box([0.33, 0.21, 0.0], [0.1, 0.015, 0.43], 0.01),
            HULL_DARK,
        ),
        part(
            Shape::Box([-0.33, 0.21, 0.0], [0.1, 0.015, 0.43], 0.01),
            HULL_DARK,
        ),
        // The turret, its barrel and the commander's hatch.
        part(
            Shape::Box([0.0, 0.39, -0.04], [0.17, 0.08, 0.2], 0.07),
            HULL,
        ),
        part(
            Shape::Capsule([0.0, 0.38, 0.12], [0.0, 0.38 + droop, 0.6], 0.032),
            BARREL,
        ),
        part(Shape::Ball([0.0, 0.47, -0.1], 0.045), HULL_DARK),
    ];
    if wreck {
        for p in &mut parts {
            p.colour = [
                p.colour[0] * 0.3 + 0.05,
                p.colour[1] * 0.25 + 0.04,
                p.colour[2] * 0.2 + 0.03,
            ];
        }
    }
    Model {
        parts,
        pattern: |m, i, phase| {
            if !TRACK_PARTS.contains(&i) {
                return 1.0;
            }
            // Links across the track: dark gaps every 0.08 tiles.
            let link = ((m[2] / 0.08 + phase * 0.5).rem_euclid(1.0) < 0.3) as u8;
            1.0 - 0.45 * f32::from(link)
        },
        phase,
    }
}

/// The tank sheet: 8 rotations x 2 tread phases, the hull without its
/// turret.
fn tank_sheet() -> RgbaImage {
    let mut sheet = RgbaImage::new(8 * N, 2 * N);
    for row in 0..2 {
        let mut hull = tank(row as f32, false);
        hull.parts.truncate(hull.parts.len() - TURRET_PARTS);
        rotations(&mut sheet, row, &hull);
    }
    sheet
}

/// The turret sheet: 8 rotations of the turret and its barrel alone, in
/// the same frame as the hull's, drawn over it turned toward the aim.
fn turret_sheet() -> RgbaImage {
    let mut sheet = RgbaImage::new(8 * N, N);
    let whole = tank(0.0, false);
    let turret = Model {
        parts: whole.parts[whole.parts.len() - TURRET_PARTS..].to_vec(),
        pattern: |_, _, _| 1.0,
        phase: 0.0,
    };
    rotations(&mut sheet, 0, &turret);
    sheet
}

/// The wreck, seen three-quarters on.
fn wreck_sheet() -> RgbaImage {
    let mut sheet = RgbaImage::new(N, N);
    let pose = Pose {
        yaw: 1.5 * FRAC_PI_4,
        tilt: 0.0,
        frame_tiles: 1.0,
        offset: [0.0, 0.0],
        elevation: ELEVATION,
    };
    blit(&mut sheet, 0, 0, N, &render(&tank(0.0, true), pose, N));
    sheet
}

// ------------------------------------------------------- shots and puffs

/// A row of `frames` 2D frames painted by `paint(frame, x, y)` with x and
/// y from -1 to 1 (y up); None leaves a pixel transparent.
fn painted(frames: u32, paint: impl Fn(u32, f32, f32) -> Option<Rgb>) -> RgbaImage {
    let mut sheet = RgbaImage::new(frames * N, N);
    for f in 0..frames {
        for py in 0..N {
            for px in 0..N {
                let x = (px as f32 + 0.5) / N as f32 * 2.0 - 1.0;
                let y = 1.0 - (py as f32 + 0.5) / N as f32 * 2.0;
                if let Some(c) = paint(f, x, y) {
                    let b = |v: f32| (v * 255.0).clamp(0.0, 255.0) as u8;
                    sheet.put_pixel(f * N + px, py, Rgba([b(c[0]), b(c[1]), b(c[2]), 255]));
                }
            }
        }
    }
    sheet
}

/// A glowing shell: a hot core in an orange halo that flickers.
fn shell_sheet() -> RgbaImage {
    painted(4, |f, x, y| {
        let r = x.hypot(y);
        let size = 0.17 + 0.025 * ((f * 5 % 4) as f32);
        let spike = ((y.atan2(x) * 4.0 + f as f32).sin() * 0.04).abs();
        (r < size + spike).then(|| {
            let k = 1.0 - r / (size + spike);
            [1.0, 0.45 + 0.55 * k, 0.1 + 0.8 * k * k]
        })
    })
}

/// A hit's puff over its life: a white spark, fire, then grey smoke.
fn puff_sheet() -> RgbaImage {
    painted(4, |f, x, y| {
        let t = f as f32 / 3.0;
        let r = x.hypot(y);
        let lumps = 0.12 * ((y.atan2(x) * 5.0 + f as f32 * 1.7).sin() + (y.atan2(x) * 3.0).cos());
        let size = 0.25 + 0.5 * t + lumps * t;
        (r < size).then(|| {
            let k = 1.0 - r / size;
            let hot = [1.0, 0.95 - 0.4 * t, 0.7 - 0.6 * t];
            let smoke = [0.45, 0.43, 0.42];
            let mix = (t * 1.3 - k * 0.5).clamp(0.0, 1.0);
            [
                hot[0] * (1.0 - mix) + smoke[0] * mix,
                hot[1] * (1.0 - mix) + smoke[1] * mix,
                hot[2] * (1.0 - mix) + smoke[2] * mix,
            ]
        })
    })
}

// ----------------------------------------------------------------- items

const GOLD: Rgb = [0.95, 0.72, 0.16];
const SILVER: Rgb = [0.78, 0.8, 0.86];
const KIT_WHITE: Rgb = [0.92, 0.92, 0.88];
const KIT_RED: Rgb = [0.85, 0.1, 0.08];
const CAN_RED: Rgb = [0.78, 0.16, 0.1];
const CAN_CAP: Rgb = [0.9, 0.75, 0.2];

/// A key standing on its teeth: a ring for a bow, a shaft, two teeth.
fn key(metal: Rgb) -> Model {
    let mut parts = Vec::new();
    let (centre, r) = ([0.0f32, 0.33], 0.075f32);
    for k in 0..10 {
        let a0 = k as f32 * TAU / 10.0;
        let a1 = (k + 1) as f32 * TAU / 10.0;
        let at = |a: f32| [centre[0] + r * a.cos(), centre[1] + r * a.sin(), 0.0];
        parts.push(part(Shape::Capsule(at(a0), at(a1), 0.018), metal));
    }
    parts.push(part(
        Shape::Capsule([0.0, 0.255, 0.0], [0.0, 0.04, 0.0], 0.02),
        metal,
    ));
    parts.push(part(
        Shape::Box([0.04, 0.07, 0.0], [0.035, 0.018, 0.014], 0.005),
        metal,
    ));
    parts.push(part(
        Shape::Box([0.035, 0.13, 0.0], [0.03, 0.016, 0.014], 0.005),
        metal,
    ));
    Model {
        parts,
        pattern: |_, _, _| 1.0,
        phase: 0.0,
    }
}

/// A first-aid kit: a white case with red crosses on its lid and front.
fn first_aid() -> Model {
    let parts = vec![
        part(
            Shape::Box([0.0, 0.09, 0.0], [0.16, 0.09, 0.11], 0.02),
            KIT_WHITE,
        ),
        part(
            Shape::Box([0.0, 0.18, 0.0], [0.09, 0.006, 0.028], 0.002),
            KIT_RED,
        ),
        part(
            Shape::Box([0.0, 0.18, 0.0], [0.028, 0.006, 0.08], 0.002),
            KIT_RED,
        ),
        part(
            Shape::Box([0.0, 0.09, 0.11], [0.06, 0.02, 0.006], 0.002),
            KIT_RED,
        ),
        part(
            Shape::Box([0.0, 0.09, 0.11], [0.02, 0.06, 0.006], 0.002),
            KIT_RED,
        ),
        part(
            Shape::Capsule([-0.05, 0.2, 0.0], [0.05, 0.2, 0.0], 0.012),
            PACK,
        ),
    ];
    Model {
        parts,
        pattern: |_, _, _| 1.0,
        phase: 0.0,
    }
}

/// A fuel can: a tall red box with a handle and a yellow spout.
fn fuel_can() -> Model {
    let parts = vec![
        part(
            Shape::Box([0.0, 0.15, 0.0], [0.11, 0.15, 0.06], 0.02),
            CAN_RED,
        ),
        part(
            Shape::Capsule([-0.07, 0.33, 0.0], [0.01, 0.33, 0.0], 0.018),
            CAN_RED,
        ),
        part(
            Shape::Capsule([0.06, 0.29, 0.0], [0.1, 0.36, 0.0], 0.022),
            CAN_CAP,
        ),
        part(
            Shape::Box([0.0, 0.15, 0.06], [0.07, 0.1, 0.005], 0.002),
            [0.5, 0.08, 0.05],
        ),
    ];
    Model {
        parts,
        pattern: |_, _, _| 1.0,
        phase: 0.0,
    }
}

const PLATE_WHITE: Rgb = [0.9, 0.9, 0.86];
const ROAST: Rgb = [0.62, 0.33, 0.12];
const ROAST_DARK: Rgb = [0.45, 0.22, 0.08];
const BONE: Rgb = [0.95, 0.92, 0.8];
const PEA: Rgb = [0.3, 0.65, 0.2];
const RUBY: Rgb = [0.85, 0.08, 0.12];
const SAPPHIRE: Rgb = [0.15, 0.3, 0.9];
const WOOD: Rgb = [0.45, 0.27, 0.12];
const WOOD_DARK: Rgb = [0.3, 0.17, 0.07];

/// A model of `parts` with no pattern.
fn plain(parts: Vec<Part>) -> Model {
    Model {
        parts,
        pattern: |_, _, _| 1.0,
        phase: 0.0,
    }
}

/// Food: a roast chicken on a white plate, two drumsticks and peas.
fn food() -> Model {
    let mut parts = vec![
        part(
            Shape::Box([0.0, 0.012, 0.0], [0.19, 0.01, 0.15], 0.01),
            PLATE_WHITE,
        ),
        part(
            Shape::Box([0.0, 0.03, 0.0], [0.16, 0.008, 0.12], 0.008),
            [0.8, 0.8, 0.76],
        ),
        part(Shape::Ball([0.0, 0.09, 0.0], 0.085), ROAST),
        part(Shape::Ball([0.05, 0.08, 0.03], 0.06), ROAST_DARK),
        part(
            Shape::Capsule([-0.06, 0.09, 0.05], [-0.13, 0.13, 0.09], 0.03),
            ROAST,
        ),
        part(
            Shape::Capsule([0.06, 0.09, 0.06], [0.12, 0.14, 0.1], 0.03),
            ROAST,
        ),
        part(Shape::Ball([-0.15, 0.145, 0.1], 0.018), BONE),
        part(Shape::Ball([0.14, 0.155, 0.11], 0.018), BONE),
    ];
    for (x, z) in [(-0.12, -0.07), (-0.09, -0.09), (0.11, -0.06), (0.13, -0.03)] {
        parts.push(part(Shape::Ball([x, 0.05, z], 0.02), PEA));
    }
    plain(parts)
}

/// A cross: gold, standing on a stepped foot, a ruby at its heart.
fn cross() -> Model {
    plain(vec![
        part(
            Shape::Box([0.0, 0.02, 0.0], [0.08, 0.02, 0.05], 0.008),
            GOLD,
        ),
        part(
            Shape::Box([0.0, 0.05, 0.0], [0.05, 0.015, 0.035], 0.006),
            GOLD,
        ),
        part(
            Shape::Box([0.0, 0.2, 0.0], [0.028, 0.15, 0.022], 0.008),
            GOLD,
        ),
        part(
            Shape::Box([0.0, 0.26, 0.0], [0.1, 0.026, 0.022], 0.008),
            GOLD,
        ),
        part(Shape::Ball([0.0, 0.26, 0.02], 0.025), RUBY),
    ])
}

/// A chalice: a gold cup on a stem and a round foot, jewels round its
/// bowl.
fn chalice() -> Model {
    let mut parts = vec![
        part(
            Shape::Box([0.0, 0.015, 0.0], [0.09, 0.012, 0.09], 0.012),
            GOLD,
        ),
        part(
            Shape::Capsule([0.0, 0.02, 0.0], [0.0, 0.17, 0.0], 0.022),
            GOLD,
        ),
        part(Shape::Ball([0.0, 0.1, 0.0], 0.035), GOLD),
        part(
            Shape::Capsule([0.0, 0.23, 0.0], [0.0, 0.28, 0.0], 0.085),
            GOLD,
        ),
        part(
            Shape::Box([0.0, 0.34, 0.0], [0.07, 0.01, 0.07], 0.01),
            [0.55, 0.1, 0.12],
        ),
    ];
    for k in 0..4 {
        let a = k as f32 * FRAC_PI_2 + 0.4;
        let gem = if k % 2 == 0 { RUBY } else { SAPPHIRE };
        parts.push(part(
            Shape::Ball([0.1 * a.sin(), 0.27, 0.1 * a.cos()], 0.022),
            gem,
        ));
    }
    plain(parts)
}

/// A chest: a wooden box with gold bands and lock, its lid heaped with
/// gold coins.
fn chest() -> Model {
    let mut parts = vec![
        part(Shape::Box([0.0, 0.09, 0.0], [0.17, 0.09, 0.11], 0.01), WOOD),
        part(
            Shape::Capsule([-0.15, 0.19, 0.0], [0.15, 0.19, 0.0], 0.1),
            WOOD_DARK,
        ),
        part(
            Shape::Box([-0.1, 0.09, 0.0], [0.018, 0.092, 0.115], 0.004),
            GOLD,
        ),
        part(
            Shape::Box([0.1, 0.09, 0.0], [0.018, 0.092, 0.115], 0.004),
            GOLD,
        ),
        part(
            Shape::Box([0.0, 0.15, 0.115], [0.03, 0.035, 0.01], 0.004),
            GOLD,
        ),
    ];
    for (x, z) in [(-0.07, -0.02), (0.0, 0.0), (0.07, -0.03), (0.03, 0.03)] {
        parts.push(part(
            Shape::Box([x, 0.285, z], [0.03, 0.006, 0.03], 0.006),
            GOLD,
        ));
    }
    plain(parts)
}

/// A crown: a gold band with five points, each tipped with a pearl, and
/// jewels round the band.
fn crown() -> Model {
    let mut parts = Vec::new();
    let (r, y) = (0.14f32, 0.06f32);
    for k in 0..12 {
        let a0 = k as f32 * TAU / 12.0;
        let a1 = (k + 1) as f32 * TAU / 12.0;
        let at = |a: f32, y: f32| [r * a.sin(), y, r * a.cos()];
        parts.push(part(Shape::Capsule(at(a0, y), at(a1, y), 0.045), GOLD));
    }
    for k in 0..5 {
        let a = k as f32 * TAU / 5.0;
        let base = [r * a.sin(), 0.09, r * a.cos()];
        let tip = [1.05 * r * a.sin(), 0.22, 1.05 * r * a.cos()];
        parts.push(part(Shape::Capsule(base, tip, 0.025), GOLD));
        parts.push(part(Shape::Ball(tip, 0.025), BONE));
        let b = a + TAU / 10.0;
        let gem = if k % 2 == 0 { RUBY } else { SAPPHIRE };
        parts.push(part(
            Shape::Ball([1.2 * r * b.sin(), y, 1.2 * r * b.cos()], 0.025),
            gem,
        ));
    }
    parts.push(part(Shape::Ball([0.0, 0.06, 0.0], 0.12), [0.55, 0.05, 0.1]));
    plain(parts)
}

/// The pickups: gold key, silver key, first aid, fuel, food, then the
/// treasure from the cheapest (cross, chalice, chest, crown); half a
/// tile a frame (the renderer's column order: `render::sprites`).
fn items_sheet() -> RgbaImage {
    let models = [
        key(GOLD),
        key(SILVER),
        first_aid(),
        fuel_can(),
        food(),
        cross(),
        chalice(),
        chest(),
        crown(),
    ];
    let mut sheet = RgbaImage::new(models.len() as u32 * N, N);
    for (col, model) in models.iter().enumerate() {
        let pose = Pose {
            yaw: 0.55,
            tilt: 0.0,
            frame_tiles: 0.5,
            offset: [0.0, 0.0],
            elevation: ELEVATION,
        };
        blit(&mut sheet, col as u32, 0, N, &render(model, pose, N));
    }
    sheet
}

// ------------------------------------------------------------------ glue

// ------------------------------------------------------------ the beacons

/// A beacon's colours by its look, in the renderer's `BeaconLook` order
/// (passed, next, ahead, finish, finish next): the column's core and its
/// glow; the minimap's marks use the glow's colour.
const BEACON_LOOKS: [(Rgb, Rgb); 5] = [
    ([0.55, 0.55, 0.6], [0.35, 0.35, 0.39]),
    ([1.0, 1.0, 0.8], [1.0, 0.9, 0.24]),
    ([0.8, 0.95, 1.0], [0.27, 0.67, 1.0]),
    ([0.7, 0.9, 0.75], [0.16, 0.59, 0.31]),
    ([0.9, 1.0, 0.92], [0.35, 1.0, 0.55]),
];

/// A course's beacons, one frame per look: a column of light from the
/// floor to the top of the frame (a wall's height) on a round pad, hot at
/// its core; the finish's (the last two) banded black and white at the
/// top, as a chequered flag.
fn beacon_sheet() -> RgbaImage {
    painted(5, |f, x, y| {
        let (core, glow) = BEACON_LOOKS[f as usize];
        let finish = f >= 3;
        // The pad: a flat ellipse on the floor.
        let pad = (x / 0.55).powi(2) + ((y + 0.93) / 0.07).powi(2) < 1.0;
        let half = 0.16 - 0.03 * (y + 1.0) * 0.5;
        let across = x.abs() / half;
        if finish && y > 0.55 && x.abs() < 0.4 {
            let check = (((x + 0.4) / 0.2) as i32 + ((y - 0.55) / 0.15) as i32) % 2 == 0;
            return Some(if check {
                [0.95, 0.95, 0.95]
            } else {
                [0.08, 0.08, 0.08]
            });
        }
        if across < 1.0 {
            let k = (1.0 - across).powf(0.7);
            return Some([0, 1, 2].map(|i| glow[i] * (1.0 - k) + core[i] * k));
        }
        pad.then(|| glow.map(|v| v * 0.8))
    })
}

/// The digits 0 to 9 as 3x5 pixel glyphs.
const DIGIT_GLYPHS: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b011, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b010, 0b010, 0b010],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];

/// Frame edge of the digits sheet, pixels.
const DIGIT: u32 = 32;

/// A beacon's number plates: each digit white on a dark plate filling its
/// frame, so plates side by side make one sign.
fn digits_sheet() -> RgbaImage {
    let mut sheet = RgbaImage::new(10 * DIGIT, DIGIT);
    // The glyph's 3x5 cells, 6 pixels each, centred.
    let (cell, left, top) = (6, (DIGIT - 18) / 2, (DIGIT - 30) / 2);
    for (d, glyph) in DIGIT_GLYPHS.iter().enumerate() {
        for py in 0..DIGIT {
            for px in 0..DIGIT {
                let (gx, gy) = (px.wrapping_sub(left) / cell, py.wrapping_sub(top) / cell);
                let lit = gx < 3 && gy < 5 && glyph[gy as usize] >> (2 - gx) & 1 == 1;
                let rgba = if lit {
                    [255, 255, 255, 255]
                } else {
                    [20, 24, 40, 255]
                };
                sheet.put_pixel(d as u32 * DIGIT + px, py, Rgba(rgba));
            }
        }
    }
    sheet
}

/// Generates every sheet and writes it into `assets/sprites/`.
fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
    std::fs::create_dir_all(&dir)?;
    let sheets = [
        ("walker", walker_sheet()),
        ("walker_death", walker_death_sheet()),
        ("tank", tank_sheet()),
        ("tank_wreck", wreck_sheet()),
        ("tank_turret", turret_sheet()),
        ("shell", shell_sheet()),
        ("puff", puff_sheet()),
        ("items", items_sheet()),
        ("beacon", beacon_sheet()),
        ("digits", digits_sheet()),
    ];
    for (name, sheet) in &sheets {
        let path = dir.join(format!("{name}.png"));
        sheet.save(&path)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
