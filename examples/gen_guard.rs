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

use image::{Rgba, RgbaImage};
use std::error::Error;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};
use std::path::Path;

/// Frame edge, pixels.
const N: u32 = 64;
/// How far the camera looks down on the guard, radians (the walker's).
const ELEVATION: f32 = 0.22;

type V3 = [f32; 3];
type Rgb = [f32; 3];

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn mul(a: V3, k: f32) -> V3 {
    [a[0] * k, a[1] * k, a[2] * k]
}
fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn len(a: V3) -> f32 {
    dot(a, a).sqrt()
}
fn norm(a: V3) -> V3 {
    mul(a, 1.0 / len(a).max(1e-9))
}

/// One solid of a model, in the model's space: x its right, y up, z its
/// nose.
#[derive(Clone, Copy)]
enum Shape {
    /// A box with rounded edges: centre, half extents, rounding.
    Box(V3, V3, f32),
    /// A capsule from one point to another, of a radius.
    Capsule(V3, V3, f32),
    /// A sphere: centre and radius.
    Ball(V3, f32),
}

impl Shape {
    /// Signed distance from `p` to the shape's surface.
    fn distance(&self, p: V3) -> f32 {
        match *self {
            Shape::Box(c, h, r) => {
                let q = sub(p, c);
                let d = [
                    q[0].abs() - h[0] + r,
                    q[1].abs() - h[1] + r,
                    q[2].abs() - h[2] + r,
                ];
                let outside = len([d[0].max(0.0), d[1].max(0.0), d[2].max(0.0)]);
                outside + d[0].max(d[1]).max(d[2]).min(0.0) - r
            }
            Shape::Capsule(a, b, r) => {
                let (pa, ba) = (sub(p, a), sub(b, a));
                let h = (dot(pa, ba) / dot(ba, ba)).clamp(0.0, 1.0);
                len(sub(pa, mul(ba, h))) - r
            }
            Shape::Ball(c, r) => len(sub(p, c)) - r,
        }
    }
}

/// A shape with its colour, and whether it glows (unlit).
#[derive(Clone, Copy)]
struct Part {
    shape: Shape,
    colour: Rgb,
    glow: bool,
}

fn part(shape: Shape, colour: Rgb) -> Part {
    Part {
        shape,
        colour,
        glow: false,
    }
}

/// A model: parts, and a colour pattern over the surface (position,
/// part index) for details such as track links.
struct Model {
    parts: Vec<Part>,
    pattern: fn(V3, usize, f32) -> f32,
    phase: f32,
}

impl Model {
    /// The nearest part and its distance at `p`.
    fn nearest(&self, p: V3) -> (f32, usize) {
        let mut best = (f32::INFINITY, 0);
        for (i, part) in self.parts.iter().enumerate() {
            let d = part.shape.distance(p);
            if d < best.0 {
                best = (d, i);
            }
        }
        best
    }
}

/// How a model sits in the frame: its yaw (the rotation column's angle),
/// a tilt backward about its feet (falling), and its size in tiles per
/// frame.
#[derive(Clone, Copy)]
struct Pose {
    yaw: f32,
    tilt: f32,
    frame_tiles: f32,
    /// Screen offset of the origin, in tiles (x right, y up).
    offset: [f32; 2],
    /// How far the camera looks down, radians.
    elevation: f32,
}

/// Renders `model` in `pose` into a `size` x `size` RGBA frame.
fn render(model: &Model, pose: Pose, size: u32) -> Vec<[u8; 4]> {
    let (se, ce) = pose.elevation.sin_cos();
    let dir = [0.0, -se, ce];
    let up = [0.0, ce, se];
    let light = norm([-0.5, 0.8, -0.6]);
    // Model axes in view space: nose, right.
    let (sa, ca) = pose.yaw.sin_cos();
    let nose = [-sa, 0.0, -ca];
    let right = [nose[2], 0.0, -nose[0]];
    let to_model = |p: V3| -> V3 {
        let q = [dot(p, right), p[1], dot(p, nose)];
        // Tilt backward about the feet: the head goes toward -z.
        let (st, ct) = pose.tilt.sin_cos();
        [q[0], q[1] * ct - q[2] * st, q[1] * st + q[2] * ct]
    };
    let mut out = vec![[0u8; 4]; (size * size) as usize];
    for py in 0..size {
        for px in 0..size {
            let sx = ((px as f32 + 0.5) / size as f32 - 0.5) * pose.frame_tiles - pose.offset[0];
            let sy = (1.0 - (py as f32 + 0.5) / size as f32) * pose.frame_tiles - pose.offset[1];
            let origin = sub(add(mul([1.0, 0.0, 0.0], sx), mul(up, sy)), mul(dir, 3.0));
            let mut t = 0.0;
            for _ in 0..96 {
                let p = add(origin, mul(dir, t));
                let (d, i) = model.nearest(to_model(p));
                if d < 1e-4 {
                    let m = to_model(p);
                    let colour = shade(model, i, m, &to_model, p, light);
                    out[(py * size + px) as usize] = colour;
                    break;
                }
                t += d;
                if t > 6.0 {
                    break;
                }
            }
        }
    }
    outline(&mut out, size);
    out
}

/// The lit colour of part `i` at model point `m` (view point `p`).
fn shade(model: &Model, i: usize, m: V3, to_model: &dyn Fn(V3) -> V3, p: V3, light: V3) -> [u8; 4] {
    let part = model.parts[i];
    let e = 1e-3;
    let f = |q: V3| model.nearest(to_model(q)).0;
    let n = norm([
        f(add(p, [e, 0.0, 0.0])) - f(sub(p, [e, 0.0, 0.0])),
        f(add(p, [0.0, e, 0.0])) - f(sub(p, [0.0, e, 0.0])),
        f(add(p, [0.0, 0.0, e])) - f(sub(p, [0.0, 0.0, e])),
    ]);
    let lit = if part.glow {
        1.0
    } else {
        0.35 + 0.75 * dot(n, light).max(0.0)
    };
    let k = lit * (model.pattern)(m, i, model.phase);
    let c = part.colour;
    let byte = |v: f32| (v * k * 255.0).clamp(0.0, 255.0) as u8;
    [byte(c[0]), byte(c[1]), byte(c[2]), 255]
}

/// Darkens every opaque pixel next to a transparent one: a 1-pixel rim.
fn outline(px: &mut [[u8; 4]], size: u32) {
    let s = size as i64;
    let at = |x: i64, y: i64| x >= 0 && y >= 0 && x < s && y < s;
    let copy = px.to_vec();
    for y in 0..s {
        for x in 0..s {
            let i = (y * s + x) as usize;
            if copy[i][3] == 0 {
                continue;
            }
            let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(dx, dy)| {
                !at(x + dx, y + dy) || copy[((y + dy) * s + x + dx) as usize][3] == 0
            });
            if edge {
                let c = &mut px[i];
                for ch in c.iter_mut().take(3) {
                    *ch = (*ch as u32 * 2 / 5) as u8;
                }
            }
        }
    }
}

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

/// Renders `model` in its 8 rotations into row `row` of `sheet`, column k
/// turned k x 45 degrees (see the module doc).
fn rotations(sheet: &mut RgbaImage, row: u32, model: &Model) {
    for col in 0..8 {
        let pose = Pose {
            yaw: col as f32 * FRAC_PI_4,
            tilt: 0.0,
            frame_tiles: 1.0,
            offset: [0.0, 0.0],
            elevation: ELEVATION,
        };
        blit(sheet, col, row, N, &render(model, pose, N));
    }
}

/// Copies a frame into cell (`col`, `row`) of `sheet`.
fn blit(sheet: &mut RgbaImage, col: u32, row: u32, size: u32, px: &[[u8; 4]]) {
    for y in 0..size {
        for x in 0..size {
            sheet.put_pixel(
                col * size + x,
                row * size + y,
                Rgba(px[(y * size + x) as usize]),
            );
        }
    }
}
