//! The wall-texture generators' shared maths: a hash and tiling value
//! noise (fractal, in octaves), the canvas and colour helpers, and the PNG
//! writer. `gen_assets` (the walls, floors, doors and sky) and `gen_exit`
//! (the lift's walls and its sign) paint with it.

#![allow(dead_code)] // Each generator uses its own part.

use image::{Rgba, RgbaImage};
use std::path::Path;

/// Texture edge in texels.
pub const N: usize = 64;

/// A colour with channels in 0..=1 (sRGB values, no gamma maths).
pub type Rgb = [f32; 3];
/// An `N` x `N` image, row-major (the sky's is larger, still square).
pub type Canvas = Vec<Rgb>;

// ------------------------------------------------------------------ noise

/// The splitmix64 finaliser: mixes all the bits of `z`.
pub fn scramble(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The top 24 bits of `z` as a float in 0..1.
pub fn unit(z: u64) -> f32 {
    (z >> 40) as f32 / (1u64 << 24) as f32
}

/// A random float in 0..1 fixed by a seed and an integer lattice point.
pub fn hash(seed: u64, x: usize, y: usize) -> f32 {
    unit(scramble(scramble(seed) ^ ((x as u64) << 32) ^ y as u64))
}

/// Smooth value noise at `(x, y)` in lattice cells, repeating every
/// `px` cells across and `py` cells down.
pub fn noise(seed: u64, x: f32, y: f32, px: i64, py: i64) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (tx, ty) = (smoothstep(0.0, 1.0, x - x0), smoothstep(0.0, 1.0, y - y0));
    let (ix, iy) = (x0 as i64, y0 as i64);
    let h = |dx: i64, dy: i64| {
        hash(
            seed,
            (ix + dx).rem_euclid(px) as usize,
            (iy + dy).rem_euclid(py) as usize,
        )
    };
    lerp(lerp(h(0, 0), h(1, 0), tx), lerp(h(0, 1), h(1, 1), tx), ty)
}

/// Fractal noise in 0..1 at texel `(x, y)`: `octaves` layers of value noise,
/// the first `cx` cells across and `cy` down the tile, each next one twice as
/// fine and half as strong. Unequal `cx`, `cy` stretch it; it always tiles.
pub fn fbm(seed: u64, x: f32, y: f32, cx: i64, cy: i64, octaves: u32) -> f32 {
    let (mut sum, mut amp, mut norm) = (0.0, 1.0, 0.0);
    for o in 0..octaves {
        let (px, py) = (cx << o, cy << o);
        let (u, v) = (x * px as f32 / N as f32, y * py as f32 / N as f32);
        sum += amp * noise(seed.wrapping_mul(31) + u64::from(o), u, v, px, py);
        norm += amp;
        amp *= 0.5;
    }
    sum / norm
}

// ------------------------------------------------------------- colour maths

/// An `N` x `N` grid of values from `f(x, y)`, row-major.
pub fn grid<T>(f: impl Fn(usize, usize) -> T) -> Vec<T> {
    (0..N * N).map(|i| f(i % N, i / N)).collect()
}

/// `0xRRGGBB` as a colour.
pub fn rgb(hex: u32) -> Rgb {
    [hex >> 16, hex >> 8, hex].map(|c| (c & 0xFF) as f32 / 255.0)
}

/// Linear interpolation from `a` to `b`.
pub fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// 0 below `e0`, 1 above `e1`, a smooth S-curve between.
pub fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Colour interpolation from `a` to `b`.
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [0, 1, 2].map(|i| lerp(a[i], b[i], t))
}

/// A colour with every channel times `k`.
pub fn scale(c: Rgb, k: f32) -> Rgb {
    c.map(|v| v * k)
}

/// The channel-wise sum of two colours.
pub fn add(a: Rgb, b: Rgb) -> Rgb {
    [0, 1, 2].map(|i| a[i] + b[i])
}

/// Writes a canvas as an opaque RGBA PNG.
pub fn save(path: &Path, canvas: &Canvas) -> image::ImageResult<()> {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    let n = canvas.len().isqrt();
    let img = RgbaImage::from_fn(n as u32, n as u32, |x, y| {
        let [r, g, b] = canvas[y as usize * n + x as usize];
        Rgba([byte(r), byte(g), byte(b), 255])
    });
    img.save(path)
}
