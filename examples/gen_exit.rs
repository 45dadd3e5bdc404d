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

use std::error::Error;
use std::path::Path;

#[path = "texture/mod.rs"]
mod texture;
use texture::*;

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
        let brushed = 0.9 + 0.2 * fbm(seed, fx * 0.25, fy, 16, 64, 3);
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
