//! The guard's sprite sheet for wobblecaster: a uniformed soldier with a
//! steel helmet and a pistol, in eight rotations of four walk frames, aim,
//! fire (the muzzle flash) and pain, and four frames of falling, the last
//! the body on the floor.
//!
//! Run with `cargo run --release --example gen_guard`. It writes
//! `assets/sprites/guard.png`; that output is committed, so rerun this
//! only after changing it. Deterministic: the same bytes every run.
//!
//! Drawn as `gen_sprites` draws the walker and the tank (its renderer is
//! copied here so each generator stands alone): signed-distance shapes
//! sphere-traced orthographically from a little above, lit by one light,
//! outlined. Column k shows the guard with its heading turned k x 45
//! degrees clockwise, seen from above, from facing the viewer (0 the
//! front, 2 the nose to the screen's left, 4 the back, 6 the nose to the
//! right). A frame is one tile wide and tall; its bottom row is the floor
//! under the guard and its middle column the guard's position.
//!
//! | row | frame |
//! |---|---|
//! | 0-3 | walking, four phases of the stride |
//! | 4 | aiming: the pistol held out in both hands |
//! | 5 | firing: the same with the muzzle flash |
//! | 6 | pain: thrown back, arms out |
//! | 7 | dying: columns 0-3 falling back, the last on the floor in a pool |

use image::RgbaImage;
use std::error::Error;
use std::f32::consts::{FRAC_PI_2, PI};
use std::path::Path;

#[path = "solid/mod.rs"]
mod solid;
use solid::*;

// ------------------------------------------------------------- the guard

/// The tunic and cap: a blue-grey field uniform.
const TUNIC: Rgb = [0.36, 0.42, 0.46];
/// Trousers, a shade darker.
const TROUSERS: Rgb = [0.26, 0.3, 0.33];
/// Collar patches and cuffs.
const DARK: Rgb = [0.18, 0.21, 0.24];
/// The steel helmet.
const HELMET: Rgb = [0.33, 0.36, 0.32];
/// Skin.
const SKIN: Rgb = [0.86, 0.66, 0.52];
/// Boots, belt and holster: black leather.
const LEATHER: Rgb = [0.12, 0.1, 0.09];
/// The belt's buckle and the tunic's buttons.
const BRASS: Rgb = [0.85, 0.7, 0.3];
/// The pistol.
const GUNMETAL: Rgb = [0.2, 0.2, 0.22];
/// The muzzle flash.
const FLASH: Rgb = [1.0, 0.9, 0.45];

/// What a guard frame shows.
#[derive(Clone, Copy, PartialEq)]
enum Stance {
    /// Walking at a phase of the stride, radians.
    Walk(f32),
    /// Aiming the pistol at arm's length.
    Aim,
    /// Firing: aiming, with the flash at the muzzle.
    Fire,
    /// Thrown back by a hit.
    Pain,
}

/// The guard in `stance`: x its right, y up, z its nose.
fn guard(stance: Stance) -> Model {
    let swing = match stance {
        Stance::Walk(phase) => 0.42 * phase.sin(),
        _ => 0.0,
    };
    // The pain frame leans back; the aim leans into the shot.
    let lean = match stance {
        Stance::Pain => -0.07,
        Stance::Aim | Stance::Fire => 0.02,
        Stance::Walk(_) => 0.0,
    };
    let hip = 0.4;
    let mut parts = Vec::new();
    for side in [1.0f32, -1.0] {
        let a = side * swing;
        // The knee bends a little on the leg swung forward.
        let knee = [side * 0.07, 0.21, a.sin() * 0.12 + 0.02];
        let foot = [side * 0.07, 0.05, a.sin() * 0.22];
        parts.push(part(
            Shape::Capsule([side * 0.07, hip, 0.0], knee, 0.058),
            TROUSERS,
        ));
        parts.push(part(Shape::Capsule(knee, foot, 0.05), TROUSERS));
        // Jackboots to mid-calf.
        parts.push(part(
            Shape::Capsule(
                [foot[0], 0.15, foot[2] - 0.01],
                [foot[0], 0.05, foot[2]],
                0.052,
            ),
            LEATHER,
        ));
        parts.push(part(
            Shape::Box([foot[0], 0.03, foot[2] + 0.035], [0.045, 0.03, 0.075], 0.02),
            LEATHER,
        ));
    }
    let chest = [0.0, 0.55, lean];
    // The tunic: chest, skirt below the belt, the belt and its buckle.
    parts.push(part(Shape::Box(chest, [0.15, 0.13, 0.085], 0.05), TUNIC));
    parts.push(part(
        Shape::Box([0.0, 0.41, lean * 0.5], [0.14, 0.05, 0.08], 0.03),
        TUNIC,
    ));
    parts.push(part(
        Shape::Box([0.0, 0.45, lean * 0.6], [0.148, 0.022, 0.088], 0.015),
        LEATHER,
    ));
    parts.push(part(
        Shape::Box([0.0, 0.45, lean * 0.6 + 0.088], [0.025, 0.018, 0.01], 0.005),
        BRASS,
    ));
    // A holster on the right hip, a pouch on the left.
    parts.push(part(
        Shape::Box([0.15, 0.42, lean * 0.5 + 0.03], [0.025, 0.05, 0.04], 0.015),
        LEATHER,
    ));
    // Buttons down the front, and the dark collar.
    for k in 0..3 {
        parts.push(part(
            Shape::Ball([0.0, 0.6 - k as f32 * 0.06, lean + 0.088], 0.012),
            BRASS,
        ));
    }
    parts.push(part(
        Shape::Capsule([-0.05, 0.665, lean], [0.05, 0.665, lean], 0.045),
        DARK,
    ));
    // The head, the helmet with its flared rim.
    let head = [0.0, 0.725, lean * 1.4 + 0.01];
    parts.push(part(Shape::Ball(head, 0.068), SKIN));
    parts.push(part(
        Shape::Box(
            [0.0, head[1] + 0.05, head[2] - 0.01],
            [0.082, 0.04, 0.085],
            0.04,
        ),
        HELMET,
    ));
    parts.push(part(
        Shape::Box(
            [0.0, head[1] + 0.02, head[2] - 0.015],
            [0.092, 0.008, 0.092],
            0.008,
        ),
        HELMET,
    ));
    // Eyes in the shadow of the rim.
    for side in [1.0f32, -1.0] {
        parts.push(part(
            Shape::Ball([side * 0.025, head[1] - 0.002, head[2] + 0.06], 0.011),
            DARK,
        ));
    }
    // The arms: shoulder to elbow to hand.
    let shoulder = |side: f32| [side * 0.19, 0.63, lean];
    let aiming = matches!(stance, Stance::Aim | Stance::Fire);
    let hands = match stance {
        Stance::Walk(_) => [[0.2, 0.38, 0.06 - swing * 0.25], [-0.2, 0.38, swing * 0.25]],
        Stance::Aim | Stance::Fire => [[0.03, 0.6, 0.36], [-0.01, 0.58, 0.33]],
        Stance::Pain => [[0.3, 0.72, -0.1], [-0.3, 0.7, -0.08]],
    };
    for (k, side) in [1.0f32, -1.0].into_iter().enumerate() {
        let s = shoulder(side);
        let h = hands[k];
        let elbow = match stance {
            Stance::Walk(_) => [side * 0.22, 0.5, (s[2] + h[2]) * 0.5],
            _ => [
                (s[0] + h[0]) * 0.5 + side * 0.04,
                (s[1] + h[1]) * 0.5 - 0.03,
                (s[2] + h[2]) * 0.5,
            ],
        };
        parts.push(part(Shape::Capsule(s, elbow, 0.045), TUNIC));
        parts.push(part(Shape::Capsule(elbow, h, 0.04), TUNIC));
        parts.push(part(Shape::Ball(h, 0.033), SKIN));
    }
    // The pistol in the right hand: down by the side walking, out at
    // arm's length aiming.
    let grip = hands[0];
    let muzzle = if aiming {
        [grip[0], grip[1] + 0.03, grip[2] + 0.13]
    } else if let Stance::Pain = stance {
        [grip[0] + 0.04, grip[1] + 0.1, grip[2]]
    } else {
        [grip[0], grip[1] - 0.02, grip[2] + 0.1]
    };
    parts.push(part(
        Shape::Capsule([grip[0], grip[1] + 0.02, grip[2]], muzzle, 0.022),
        GUNMETAL,
    ));
    if stance == Stance::Fire {
        // The flash: a hot core in a ring of sparks, unlit.
        let at = [muzzle[0], muzzle[1], muzzle[2] + 0.07];
        parts.push(Part {
            shape: Shape::Ball(at, 0.06),
            colour: FLASH,
            glow: true,
        });
        for k in 0..6 {
            let a = k as f32 * PI / 3.0;
            parts.push(Part {
                shape: Shape::Capsule(
                    at,
                    [at[0] + 0.11 * a.cos(), at[1] + 0.11 * a.sin(), at[2] + 0.05],
                    0.016,
                ),
                colour: [1.0, 0.7, 0.2],
                glow: true,
            });
        }
    }
    if stance == Stance::Pain {
        for p in &mut parts {
            // A touch of red: the renderer whitens the pain frame too.
            p.colour = [
                0.15 + p.colour[0] * 0.85,
                p.colour[1] * 0.8,
                p.colour[2] * 0.8,
            ];
        }
    }
    Model {
        parts,
        // Cloth folds: a faint band across the tunic and trousers.
        pattern: |m, _, _| 1.0 - 0.06 * ((m[1] * 60.0).sin() * 0.5 + 0.5),
        phase: 0.0,
    }
}

/// The death frames: falling back, seen from the front three-quarters,
/// the last lying on the floor with a dark pool spreading under it.
fn death_row(sheet: &mut RgbaImage) {
    let model = guard(Stance::Walk(FRAC_PI_2));
    let standing = guard(Stance::Walk(0.0));
    for (col, tilt) in [0.3f32, 0.75, 1.2, FRAC_PI_2 - 0.03]
        .into_iter()
        .enumerate()
    {
        let source = if col == 0 { &model } else { &standing };
        let mut m = Model {
            parts: source.parts.clone(),
            pattern: source.pattern,
            phase: 0.0,
        };
        if col == 3 {
            for p in &mut m.parts {
                p.colour = mul(p.colour, 0.7);
                p.glow = false;
            }
        }
        let pose = Pose {
            yaw: FRAC_PI_2 * 0.8,
            tilt,
            frame_tiles: 1.0,
            offset: [-0.36 * tilt.sin(), 0.0],
            elevation: ELEVATION,
        };
        let mut px = render(&m, pose, N);
        if col >= 2 {
            pool(&mut px, if col == 3 { 1.0 } else { 0.5 });
        }
        blit(sheet, col as u32, 7, N, &px);
    }
}

/// A dark red pool on the floor behind the body (painted where nothing
/// else is), of relative size `grown`.
fn pool(px: &mut [[u8; 4]], grown: f32) {
    for y in 0..N {
        for x in 0..N {
            let u = (x as f32 + 0.5) / N as f32 - 0.5;
            let v = (y as f32 + 0.5) / N as f32;
            let e = (u / (0.36 * grown)).powi(2) + ((v - 0.94) / (0.05 * grown)).powi(2);
            let i = (y * N + x) as usize;
            if e < 1.0 && px[i][3] == 0 {
                let k = 1.0 - 0.3 * e;
                px[i] = [(110.0 * k) as u8, (14.0 * k) as u8, (12.0 * k) as u8, 255];
            }
        }
    }
}

/// The guard sheet: 8 rotations x (4 walk frames, aim, fire, pain), then
/// the death row.
fn guard_sheet() -> RgbaImage {
    let stances = [
        Stance::Walk(0.0),
        Stance::Walk(FRAC_PI_2),
        Stance::Walk(PI),
        Stance::Walk(3.0 * FRAC_PI_2),
        Stance::Aim,
        Stance::Fire,
        Stance::Pain,
    ];
    let mut sheet = RgbaImage::new(8 * N, 8 * N);
    for (row, &stance) in stances.iter().enumerate() {
        rotations(&mut sheet, row as u32, &guard(stance));
    }
    death_row(&mut sheet);
    sheet
}

/// Writes `assets/sprites/guard.png`.
fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("guard.png");
    guard_sheet().save(&path)?;
    println!("wrote {}", path.display());
    Ok(())
}
