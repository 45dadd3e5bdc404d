//! The exit's textures: the walls of a lift car and the lit exit sign, so
//! an episode map's exit reads as Wolfenstein 3D's elevator does.
//!
//! Run with `cargo run --release --example gen_exit`. It writes two 64x64
//! opaque RGBA PNGs into `assets/` (`elevator.png`, `exit_sign.png`);
//! that output is committed, so rerun this only after changing it. Every
//! texel comes from a fixed seed through a splitmix64 hash and value noise
//! (only `+ - * / floor` on floats), so the files are bit-for-bit
//! reproducible, and every pattern repeats at the tile edge, so a lift
//! wall tiles seamlessly beside itself.

use image::{Rgba, RgbaImage};
use std::error::Error;
use std::path::Path;

/// Texture edge in texels.
const N: usize = 64;
/// Width of one fluted steel panel of the lift's wall, texels (N / 8).
const FLUTE: usize = 8;
/// Rows of the kick plate at the foot of a lift wall, texels.
const KICK: usize = 9;
/// Rows of the lamp band at the top of a lift wall, texels.
const LAMP_BAND: usize = 7;
/// The sign's letters: 5 columns by 7 rows each, a set bit a lit texel
/// (bit 4 the leftmost column).
#[rustfmt::skip]
const LETTERS: [[u8; 7]; 4] = [
    [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111], // E
    [0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001], // X
    [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b11111], // I
    [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100], // T
];
/// How many texels a letter's bit covers on a side.
const LETTER_SCALE: usize = 2;
/// The sign plate: left, top, right and bottom edges in texels (exclusive
/// right and bottom), room for "EXIT" at [`LETTER_SCALE`] with a margin.
const PLATE: (usize, usize, usize, usize) = (5, 12, 59, 32);

/// A colour with channels in 0..=1 (sRGB values, no gamma maths).
type Rgb = [f32; 3];
/// An `N` x `N` image, row-major.
type Canvas = Vec<Rgb>;

/// Generates both textures and writes them into `assets/`.
fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    std::fs::create_dir_all(&dir)?;
    let lift = elevator(110);
    let textures = [("exit_sign", exit_sign(&lift)), ("elevator", lift)];
    for (name, canvas) in &textures {
        let path = dir.join(format!("{name}.png"));
        save(&path, canvas)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The lift car's wall: warm brass-gold steel in fluted vertical panels
/// (a groove every [`FLUTE`] texels, lit from the left), a dark kick plate
/// at the foot and a band of amber lamps along the top.
fn elevator(seed: u64) -> Canvas {
    grid(|x, y| {
        let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
        let brushed = 0.9 + 0.2 * fbm(seed, fx * 0.25, fy, 16, 64);
        if y >= N - KICK {
            // The kick plate, with a diamond tread.
            let tread = ((x + y).is_multiple_of(6) || (x + N - y).is_multiple_of(6)) as u8 as f32;
            let edge = if y == N - KICK { 1.35 } else { 1.0 };
            return scale(rgb(0x3a3630), brushed * edge * (1.0 + 0.25 * tread));
        }
        if y < LAMP_BAND {
            let lamp = (x % FLUTE) as f32 - 3.5;
            let lit = 1.0 - smoothstep(1.0, 2.6, (lamp * lamp + (fy - 3.5).powi(2)).sqrt());
            let band = scale(rgb(0x4a4238), brushed);
            return mix(band, rgb(0xffc860), lit);
        }
        // A groove at each panel's left edge, its lit lip beside it.
        let across = x % FLUTE;
        let shade = match across {
            0 => 0.5,
            1 => 1.3,
            7 => 0.8,
            _ => 1.0 + 0.04 * (3.5 - across as f32).abs(),
        };
        scale(rgb(0xa88a52), brushed * shade)
    })
}

/// The exit sign on a lift wall (`lift`): a dark plate with "EXIT" lit in
/// green, a glow round the letters, and under it a green arrow pointing
/// down at the floor in front (the tile that ends the level).
fn exit_sign(lift: &Canvas) -> Canvas {
    let letter_lit = letter_mask();
    let mut out = lift.clone();
    let (left, top, right, bottom) = PLATE;
    for y in top..bottom {
        for x in left..right {
            let rim = x == left || x == right - 1 || y == top || y == bottom - 1;
            out[y * N + x] = if rim { rgb(0x1a1c1a) } else { rgb(0x0c1a10) };
        }
    }
    let glow = |x: usize, y: usize| -> f32 {
        let mut g: f32 = 0.0;
        for (dy, dx) in (-2i32..=2).flat_map(|dy| (-2i32..=2).map(move |dx| (dy, dx))) {
            let (sx, sy) = (x as i32 + dx, y as i32 + dy);
            let inside = (0..N as i32).contains(&sx) && (0..N as i32).contains(&sy);
            if inside && letter_lit[sy as usize * N + sx as usize] {
                g = g.max(1.0 - ((dx * dx + dy * dy) as f32).sqrt() / 3.0);
            }
        }
        g
    };
    for y in top + 1..bottom - 1 {
        for x in left + 1..right - 1 {
            let i = y * N + x;
            out[i] = if letter_lit[i] {
                rgb(0xb8ffb0)
            } else {
                mix(out[i], rgb(0x30c040), 0.55 * glow(x, y))
            };
        }
    }
    // The arrow: a shaft and a head, centred, between the plate and the
    // kick plate.
    for y in bottom + 3..N - KICK - 3 {
        for x in 0..N {
            let dx = (x as f32 + 0.5 - N as f32 / 2.0).abs();
            let head_top = (N - KICK - 13) as f32;
            let depth = y as f32 + 0.5 - head_top;
            let shaft = dx < 3.0 && depth < 0.0;
            let head = depth >= 0.0 && dx < 9.0 - depth * 0.9;
            if shaft || head {
                out[y * N + x] = rgb(0x40e050);
            }
        }
    }
    out
}

/// The texels of the word "EXIT" on the sign plate, true where lit.
fn letter_mask() -> Vec<bool> {
    let (left, top, right, bottom) = PLATE;
    let width = LETTERS.len() * 6 * LETTER_SCALE - LETTER_SCALE;
    let x0 = left + (right - left - width) / 2;
    let y0 = top + (bottom - top - 7 * LETTER_SCALE) / 2;
    let mut mask = vec![false; N * N];
    for (i, rows) in LETTERS.iter().enumerate() {
        for (row, bits) in rows.iter().enumerate() {
            for col in 0..5 {
                if bits >> (4 - col) & 1 == 0 {
                    continue;
                }
                let x = x0 + (i * 6 + col) * LETTER_SCALE;
                let y = y0 + row * LETTER_SCALE;
                for (sy, sx) in
                    (0..LETTER_SCALE).flat_map(|a| (0..LETTER_SCALE).map(move |b| (a, b)))
                {
                    mask[(y + sy) * N + x + sx] = true;
                }
            }
        }
    }
    mask
}

// ------------------------------------------------------------------ noise

/// splitmix64's finaliser: a well-mixed 64-bit value from any input.
fn scramble(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A value in [0, 1) from the lattice point (x, y) under `seed`.
fn hash(seed: u64, x: i64, y: i64) -> f32 {
    let z = scramble(seed ^ scramble((x as u64) << 32 ^ (y as u64 & 0xffff_ffff)));
    (z >> 40) as f32 / (1u64 << 24) as f32
}

/// Value noise at (x, y) on a lattice repeating every `px` by `py` points,
/// smoothly interpolated, in [0, 1).
fn noise(seed: u64, x: f32, y: f32, px: i64, py: i64) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (tx, ty) = (smoothstep(0.0, 1.0, x - x0), smoothstep(0.0, 1.0, y - y0));
    let at = |dx: i64, dy: i64| {
        let lx = (x0 as i64 + dx).rem_euclid(px);
        let ly = (y0 as i64 + dy).rem_euclid(py);
        hash(seed, lx, ly)
    };
    let top = lerp(at(0, 0), at(1, 0), tx);
    let low = lerp(at(0, 1), at(1, 1), tx);
    lerp(top, low, ty)
}

/// Three octaves of value noise over a lattice of `cx` by `cy` cells across
/// the texture (doubling each octave), so it tiles; in about [0, 1).
fn fbm(seed: u64, x: f32, y: f32, cx: i64, cy: i64) -> f32 {
    let (mut sum, mut amp, mut norm) = (0.0, 1.0, 0.0);
    for o in 0..3 {
        let f = (1 << o) as f32;
        let (sx, sy) = (cx as f32 * f / N as f32, cy as f32 * f / N as f32);
        sum += amp * noise(seed + o, x * sx, y * sy, cx << o, cy << o);
        norm += amp;
        amp *= 0.5;
    }
    sum / norm
}

// ------------------------------------------------------------- colour maths

/// An `N` x `N` canvas from a function of the texel's column and row.
fn grid<T>(f: impl Fn(usize, usize) -> T) -> Vec<T> {
    (0..N * N).map(|i| f(i % N, i / N)).collect()
}

/// A colour from `0xrrggbb`.
fn rgb(hex: u32) -> Rgb {
    let c = |s: u32| ((hex >> s) & 0xff) as f32 / 255.0;
    [c(16), c(8), c(0)]
}

/// `a` to `b` as `t` goes 0 to 1.
fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// 0 below `e0`, 1 above `e1`, Hermite-smooth between.
fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Colour `a` to `b` as `t` goes 0 to 1.
fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [
        lerp(a[0], b[0], t),
        lerp(a[1], b[1], t),
        lerp(a[2], b[2], t),
    ]
}

/// A colour scaled by `k` (brighter above 1).
fn scale(c: Rgb, k: f32) -> Rgb {
    [c[0] * k, c[1] * k, c[2] * k]
}

/// Writes `canvas` as an opaque RGBA PNG.
fn save(path: &Path, canvas: &Canvas) -> image::ImageResult<()> {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    let img = RgbaImage::from_fn(N as u32, N as u32, |x, y| {
        let [r, g, b] = canvas[y as usize * N + x as usize];
        Rgba([byte(r), byte(g), byte(b), 255])
    });
    img.save(path)
}
