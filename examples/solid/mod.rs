//! The sprite generators' solid modeller: models built of rounded
//! boxes, capsules and balls (signed distances), ray-marched from a camera
//! looking down on them, lit, patterned and outlined into RGBA frames.
//! `gen_sprites` (the walker, the tank, the items) and `gen_guard` draw
//! with it.

use image::{Rgba, RgbaImage};
use std::f32::consts::FRAC_PI_4;

/// Frame edge of actor sheets, pixels.
pub const N: u32 = 64;
/// How far the camera looks down on the actors, radians.
pub const ELEVATION: f32 = 0.22;

/// A point or direction.
pub type V3 = [f32; 3];
/// A colour, 0 to 1 a channel.
pub type Rgb = [f32; 3];

/// `a + b`.
pub fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
/// `a - b`.
pub fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
/// `a scaled by k`.
pub fn mul(a: V3, k: f32) -> V3 {
    [a[0] * k, a[1] * k, a[2] * k]
}
/// The dot product.
pub fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
/// The length.
pub fn len(a: V3) -> f32 {
    dot(a, a).sqrt()
}
/// `a` at unit length.
pub fn norm(a: V3) -> V3 {
    mul(a, 1.0 / len(a).max(1e-9))
}

/// One solid of a model, in the model's space: x its right, y up, z its
/// nose.
#[derive(Clone, Copy)]
pub enum Shape {
    /// A box with rounded edges: centre, half extents, rounding.
    Box(V3, V3, f32),
    /// A capsule from one point to another, of a radius.
    Capsule(V3, V3, f32),
    /// A sphere: centre and radius.
    Ball(V3, f32),
}

impl Shape {
    /// Signed distance from `p` to the shape's surface.
    pub fn distance(&self, p: V3) -> f32 {
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
pub struct Part {
    pub shape: Shape,
    pub colour: Rgb,
    pub glow: bool,
}

/// A part of `shape` in `colour`, lit.
pub fn part(shape: Shape, colour: Rgb) -> Part {
    Part {
        shape,
        colour,
        glow: false,
    }
}

/// A model: parts, and a colour pattern over the surface (position,
/// part index) for details such as track links.
pub struct Model {
    pub parts: Vec<Part>,
    pub pattern: fn(V3, usize, f32) -> f32,
    pub phase: f32,
}

impl Model {
    /// The nearest part and its distance at `p`.
    pub fn nearest(&self, p: V3) -> (f32, usize) {
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
pub struct Pose {
    pub yaw: f32,
    pub tilt: f32,
    pub frame_tiles: f32,
    /// Screen offset of the origin, in tiles (x right, y up).
    pub offset: [f32; 2],
    /// How far the camera looks down, radians.
    pub elevation: f32,
}

/// Renders `model` in `pose` into a `size` x `size` RGBA frame.
pub fn render(model: &Model, pose: Pose, size: u32) -> Vec<[u8; 4]> {
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
pub fn shade(
    model: &Model,
    i: usize,
    m: V3,
    to_model: &dyn Fn(V3) -> V3,
    p: V3,
    light: V3,
) -> [u8; 4] {
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
pub fn outline(px: &mut [[u8; 4]], size: u32) {
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

/// Renders `model` in its 8 rotations into row `row` of `sheet`, column k
/// turned k x 45 degrees (see the module doc).
pub fn rotations(sheet: &mut RgbaImage, row: u32, model: &Model) {
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
pub fn blit(sheet: &mut RgbaImage, col: u32, row: u32, size: u32, px: &[[u8; 4]]) {
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
