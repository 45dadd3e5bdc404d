//! Procedural wall, floor and ceiling textures for wobblecaster.
//!
//! Run with `cargo run --release --example gen_assets`. It writes ten 64x64
//! opaque RGBA PNGs (three of them doors) and one 512x512 sky panorama into `assets/`; that output is committed, so rerun this
//! only after changing it. Every texture comes from fixed seeds through a
//! splitmix64 generator and value noise, using only `+ - * / sqrt floor` on
//! floats, so the files are bit-for-bit reproducible. Every pattern and noise
//! lattice repeats exactly at the tile edge, so the textures tile seamlessly.

use std::error::Error;
use std::path::Path;

#[path = "texture/mod.rs"]
mod texture;
use texture::*;

/// The id of mortar, grout, seams and cracks in a [`Cells`] map.
const GAP: u32 = u32::MAX;

/// An `N` x `N` map of block ids, row-major, with [`GAP`] between blocks.
type Cells = Vec<u32>;

/// Generates every texture and writes it into `assets/`.
fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    std::fs::create_dir_all(&dir)?;
    let (stone, cells) = stone_grey(20);
    let textures = [
        ("brick_red", brick_red(10)),
        ("stone_moss", stone_moss(&stone, &cells, 30)),
        ("stone_grey", stone),
        ("wood_panel", wood_panel(40)),
        ("metal_plate", metal_plate(50)),
        ("floor_tiles", floor_tiles(60)),
        ("ceiling_panels", ceiling_panels(70)),
        ("sky_panorama", sky_panorama(80)),
        ("door", door(90, None)),
        ("door_gold", door(91, Some(rgb(0xe8b830)))),
        ("door_silver", door(92, Some(rgb(0xc8d2e0)))),
    ];
    for (name, canvas) in &textures {
        let path = dir.join(format!("{name}.png"));
        save(&path, canvas)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

// ---------------------------------------------------------------- textures

/// Red-brown bricks in running bond: eight courses of three bricks each,
/// every brick its own tone, with grain, specks, bevels and pale mortar.
fn brick_red(seed: u64) -> Canvas {
    let tones = tones(&mut Rng(seed), 24, (0.72, 1.1), 0.05);
    let cells: Cells = grid(|x, y| {
        // Three bricks across 64 texels: scale x by 3, shift odd courses.
        let xs = x * 3 + (y / 8 % 2) * 32;
        let mortar = y % 8 == 7 || xs % 64 < 3;
        cell(mortar, y / 8 * 3 + xs / 64 % 3)
    });
    grid(|x, y| {
        let grain = fbm(seed, x as f32, y as f32, 16, 16, 3);
        let grit = hash(seed + 1, x, y);
        match cells[y * N + x] {
            GAP => {
                // Recessed mortar: shadowed just under each brick.
                let under_brick = near(&cells, x, y, 0, -1) != GAP;
                let shadow = if under_brick { 0.7 } else { 1.0 };
                let k = (0.8 + 0.3 * grain) * (0.9 + 0.2 * grit) * shadow;
                scale(rgb(0x9d9586), k)
            }
            id => {
                let (tone, warm) = tones[id as usize];
                let c = add(scale(rgb(0x8e3b25), tone), [warm, warm * 0.5, 0.0]);
                let speck = if grit > 0.93 { 0.75 } else { 0.95 + 0.1 * grit };
                let k = (0.78 + 0.44 * grain) * speck * (1.0 + bevel(&cells, x, y));
                scale(c, k)
            }
        }
    })
}

/// Irregular grey ashlar: four courses of uneven blocks outlined by wobbly
/// dark cracks, with mottled, pitted, bevelled faces. Also returns the blocks.
fn stone_grey(seed: u64) -> (Canvas, Cells) {
    let mut rng = Rng(seed);
    let tops = [0, 15, 33, 47, 64];
    // Each course: where its first block starts, and where each block ends.
    let courses: Vec<(usize, Vec<usize>)> = (0..4)
        .map(|_| {
            let n = 2 + usize::from(rng.f() < 0.5);
            let start = (rng.f() * N as f32) as usize;
            let mut ends: Vec<usize> = (1..n)
                .map(|i| i * N / n + (rng.f() * 12.0) as usize - 6)
                .collect();
            ends.push(N);
            (start, ends)
        })
        .collect();
    // Look blocks up at smoothly warped coordinates, so the edges wander.
    let ids: Cells = grid(|x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let wx = wrap(fx + 8.0 * (fbm(seed + 1, fx, fy, 4, 4, 2) - 0.5));
        let wy = wrap(fy + 6.0 * (fbm(seed + 2, fx, fy, 4, 4, 2) - 0.5));
        let course = tops.windows(2).position(|t| wy < t[1]).unwrap_or(0);
        let (start, ends) = &courses[course];
        let d = (wx + N - start) % N;
        (course * 4 + ends.iter().position(|&e| d < e).unwrap_or(0)) as u32
    });
    // Cracks where the block changes, one or (in patches) two texels wide.
    let cells: Cells = grid(|x, y| {
        let id = ids[y * N + x];
        let differs = |dx, dy| near(&ids, x, y, dx, dy) != id;
        let wide = fbm(seed + 3, x as f32, y as f32, 16, 16, 1) > 0.55;
        let crack = differs(1, 0) || differs(0, 1) || (wide && (differs(-1, 0) || differs(0, -1)));
        cell(crack, id as usize)
    });
    let tones = tones(&mut rng, 16, (0.8, 1.12), 0.025);
    let canvas = grid(|x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let grit = hash(seed + 5, x, y);
        let Some(&(tone, tint)) = tones.get(cells[y * N + x] as usize) else {
            return scale(rgb(0x1f1e1d), 0.8 + 0.4 * grit);
        };
        let mottle = fbm(seed + 4, fx, fy, 8, 8, 4);
        let pitted = fbm(seed + 6, fx, fy, 16, 16, 2) > 0.68;
        let pit = if pitted { 0.82 } else { 1.0 };
        let k = tone * (0.68 + 0.64 * mottle) * (0.93 + 0.14 * grit) * pit;
        scale(
            [0.5 + tint, 0.5, 0.5 - tint],
            k * (1.0 + 1.3 * bevel(&cells, x, y)),
        )
    });
    (canvas, cells)
}

/// The grey stone overgrown with patches of green moss, thickest along cracks.
fn stone_moss(stone: &Canvas, cells: &Cells, seed: u64) -> Canvas {
    grid(|x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let near_gap = |i: i32| near(cells, x, y, i % 5 - 2, i / 5 - 2) == GAP;
        let gaps = (0..25).filter(|&i| near_gap(i)).count() as f32 / 25.0;
        let fuzz = fbm(seed + 1, fx, fy, 32, 32, 2);
        let patch = fbm(seed, fx, fy, 4, 4, 4) + 0.7 * gaps + 0.2 * (fuzz - 0.5);
        let s = stone[y * N + x];
        let lum = (s[0] + s[1] + s[2]) / 3.0;
        let moss = scale(mix(rgb(0x2b4313), rgb(0x789530), fuzz), 0.55 + 0.9 * lum);
        mix(s, moss, smoothstep(0.56, 0.68, patch))
    })
}

/// Vertical wooden planks: four boards with dark seams, one butt joint each,
/// flowing growth-ring grain, fine fibres and a knot on every other board.
fn wood_panel(seed: u64) -> Canvas {
    let mut rng = Rng(seed);
    let boards: Vec<(usize, f32, [f32; 3])> = (0..4)
        .map(|p| {
            let (joint, tone) = ((rng.f() * N as f32) as usize, rng.range(0.85, 1.08));
            let r = if p % 2 == 0 { rng.range(1.8, 2.6) } else { 0.0 };
            let (kx, ky) = (p as f32 * 16.0 + rng.range(5.0, 11.0), rng.range(0.0, 64.0));
            (joint, tone, [kx, ky, r])
        })
        .collect();
    let cells: Cells = grid(|x, y| {
        let seam = x % 16 == 0 || y == boards[x / 16].0;
        cell(seam, x / 16)
    });
    grid(|x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let (joint, tone, [kx, ky, r]) = boards[x / 16];
        if cells[y * N + x] == GAP {
            return rgb(0x23160c);
        }
        // Distance along the board from its joint: the grain drifts with it,
        // so it breaks at the joint yet still wraps at the tile edge.
        let run = ((y + N - joint) % N) as f32 / N as f32;
        // Growth rings swirl round the knot (an ellipse, long along the board).
        let (dx, dy) = (fx - kx, wrap_delta(fy - ky) * 0.5);
        let d2 = dx * dx + dy * dy;
        let swirl = 2.5 * r * r / (d2 + r * r).max(1e-6);
        let g = 5.0 * fbm(seed + x as u64 / 16, fx, fy, 8, 1, 3) + 1.5 * run + swirl;
        let late = smoothstep(0.55, 0.95, g - g.floor());
        let fibre = fbm(seed + 9, fx, fy, 32, 2, 2);
        if d2 < r * r * 0.4 {
            return scale(rgb(0x3a2110), 0.9 + 0.2 * fibre);
        }
        let wood = mix(rgb(0xa26e3c), rgb(0x58351a), 0.7 * late);
        let k = tone * (0.88 + 0.24 * fibre) * (1.0 + 0.8 * bevel(&cells, x, y));
        scale(wood, k)
    })
}

/// Blue-grey steel: four plates with bevelled seams, a rim of domed rivets,
/// horizontal brushed streaks, faint grime and a soft diagonal sheen.
fn metal_plate(seed: u64) -> Canvas {
    let tones = tones(&mut Rng(seed), 4, (0.92, 1.06), 0.0);
    let cells = blocks(32);
    grid(|x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let Some(&(tone, _)) = tones.get(cells[y * N + x] as usize) else {
            return rgb(0x1b1f25);
        };
        let (lx, ly) = ((x % 32) as f32 + 0.5, (y % 32) as f32 + 0.5);
        let brushed = 0.86 + 0.28 * fbm(seed, fx, fy, 1, 32, 3);
        let grime = 0.86 + 0.18 * smoothstep(0.3, 0.6, fbm(seed + 1, fx, fy, 4, 4, 4));
        let sheen = 1.1 - 0.2 * (lx + ly) / 64.0;
        let mut k = tone * brushed * grime * sheen * (1.0 + bevel(&cells, x, y));
        // The nearest rivet: rows and columns 4.5 texels in from each edge
        // and through the middle, but none in the centre of the plate.
        let snap = |v: f32| 4.5 + 12.0 * ((v as usize + 2) / 12).min(2) as f32;
        let (cx, cy, r) = (snap(lx), snap(ly), 2.5);
        let (dx, dy) = (lx - cx, ly - cy);
        let d2 = dx * dx + dy * dy;
        let rivet = (cx, cy) != (16.5, 16.5);
        let hit = |o: f32| rivet && (dx - o) * (dx - o) + (dy - o) * (dy - o) < r * r;
        if hit(0.0) {
            // A domed head: diffuse light from the top left, plus a glint.
            let lit = (-0.45 * dx - 0.55 * dy) / r + 0.7 * (1.0 - d2 / (r * r)).sqrt();
            k = 0.6 + 0.6 * lit + if lit > 0.85 { 0.3 } else { 0.0 };
        } else if hit(1.0) {
            k *= 0.6; // its shadow
        }
        scale(rgb(0x6c7a8c), k)
    })
}

/// A sliding steel door in the Wolfenstein manner: a blue-grey leaf with a
/// frame of riveted strips, two recessed panels with brushed grain and a
/// handle plate at the sliding edge. A locked door (`lock` its key's
/// colour) carries a painted band across the middle with a keyhole.
fn door(seed: u64, lock: Option<Rgb>) -> Canvas {
    grid(|x, y| {
        let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
        let grain = 0.9 + 0.2 * fbm(seed, fx, fy * 0.25, 2, 16, 3);
        let grime = 0.88 + 0.16 * smoothstep(0.35, 0.65, fbm(seed + 1, fx, fy, 4, 4, 4));
        let base = rgb(0x4d6a86);
        // The frame: 5 texels at the sides, 4 at top and bottom.
        let frame = !(5..N - 5).contains(&x) || !(4..N - 4).contains(&y);
        // Two panels, upper and lower, each with a bevelled edge.
        let in_panel =
            |top: usize, bottom: usize| (10..N - 10).contains(&x) && y >= top && y < bottom;
        let upper = in_panel(8, 28);
        let lower = in_panel(36, 56);
        let mut k = grain * grime;
        if frame {
            k *= 1.12;
            // Rivets along the frame every 8 texels.
            let (rx, ry) = (
                if x < 5 { 2.5 } else { N as f32 - 2.5 },
                4.5 + 8.0 * ((y / 8) as f32),
            );
            let (dx, dy) = (fx - rx, fy - ry);
            if !(5..N - 5).contains(&x) && dx * dx + dy * dy < 2.0 {
                k = 1.3 - 0.25 * (dx + dy);
            }
            // Edge highlights and shadows.
            if x == 0 || y == 0 {
                k *= 1.2;
            } else if x == N - 1 || y == N - 1 {
                k *= 0.6;
            }
        } else if upper || lower {
            let top = if upper { 8 } else { 36 };
            let (px, py) = (x - 10, y - top);
            let (w, h) = (N - 20, 20);
            // Recessed: shadow on the top and left edges, light below and right.
            if px == 0 || py == 0 {
                k *= 0.55;
            } else if px == w - 1 || py == h - 1 {
                k *= 1.25;
            } else {
                k *= 0.92;
            }
        } else {
            k *= 1.02;
        }
        let mut c = scale(base, k);
        // A handle plate near the sliding (right) edge, between the panels.
        if (N - 16..N - 7).contains(&x) && (28..36).contains(&y) {
            let shine = 1.0 + 0.3 * (1.0 - ((fy - 32.0) / 4.0).abs());
            c = scale(rgb(0x9aa3ad), shine * grain);
            if (N - 13..N - 10).contains(&x) && (30..34).contains(&y) {
                c = rgb(0x15181c);
            }
        }
        if let Some(paint) = lock {
            // A painted band across the middle with a keyhole.
            if (28..36).contains(&y) && (5..N - 16).contains(&x) {
                let worn = 0.85 + 0.2 * fbm(seed + 2, fx, fy, 8, 8, 2);
                c = scale(
                    paint,
                    worn * if y == 28 {
                        1.15
                    } else if y == 35 {
                        0.7
                    } else {
                        1.0
                    },
                );
                let (dx, dy) = (fx - 24.5, fy - 31.0);
                if dx * dx + dy * dy < 3.0 || ((24..25).contains(&x) && (31..35).contains(&y)) {
                    c = rgb(0x101010);
                }
            }
        }
        c
    })
}

/// Terracotta floor: a 4x4 grid of square tiles in grey grout, each tile a
/// different fired tone with its own kiln flash, clay mottling and specks.
fn floor_tiles(seed: u64) -> Canvas {
    let tones = tones(&mut Rng(seed), 16, (0.86, 1.08), 0.04);
    let cells = blocks(16);
    grid(|x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let grit = hash(seed + 1, x, y);
        let id = cells[y * N + x];
        let Some(&(tone, warm)) = tones.get(id as usize) else {
            return scale(rgb(0x5e574f), 0.85 + 0.3 * grit);
        };
        let c = add(scale(rgb(0xa35a3a), tone), [warm, warm * 0.4, 0.0]);
        let mottle = 0.84 + 0.32 * fbm(seed, fx, fy, 8, 8, 4);
        // A darker cloud from the kiln, different on every tile.
        let cloud = fbm(seed + 2 + u64::from(id), fx, fy, 4, 4, 2);
        let flash = 1.0 - 0.18 * smoothstep(0.45, 0.75, cloud);
        let speck = if grit > 0.96 { 0.8 } else { 0.95 + 0.1 * grit };
        let k = mottle * flash * speck * (1.0 + 0.7 * bevel(&cells, x, y));
        scale(c, k)
    })
}

/// Dark plaster ceiling: 2x2 recessed panels between flat beams, darker and
/// lower in contrast than the floor, with soft shadows inside each recess.
fn ceiling_panels(seed: u64) -> Canvas {
    grid(|x, y| {
        let (lx, ly) = (x % 32, y % 32);
        let plaster = fbm(seed, x as f32, y as f32, 8, 8, 4);
        let k = (0.88 + 0.24 * plaster) * (0.96 + 0.08 * hash(seed + 1, x, y));
        let recess = (4..28).contains(&lx) && (4..28).contains(&ly);
        if !recess {
            let seam = if lx == 0 || ly == 0 { 0.75 } else { 1.0 };
            return scale(rgb(0x4a433b), k * seam);
        }
        // Inside the recess the top-left walls shade, the bottom-right catch light.
        let edge = match lx.min(ly) {
            4 => 0.72,
            5 => 0.8,
            _ if lx > 25 || ly > 25 => 1.12,
            _ => 1.0,
        };
        scale(rgb(0x39342f), k * edge)
    })
}

/// The sky panorama's edge in texels: it wraps once round the horizon, so
/// it needs more texels than a wall (about 0.7 degrees each).
const SKY: usize = 512;

/// Open sky for maps with no ceiling: the bottom row is the horizon, the
/// top row straight up, and the columns go once round the compass. A warm
/// haze at the horizon deepening to blue overhead, a range of blue-grey
/// hills, and soft clouds thinning toward the zenith; seamless across.
fn sky_panorama(seed: u64) -> Canvas {
    let haze = rgb(0xe6cfae);
    let mid = rgb(0x8fb4d8);
    let zenith = rgb(0x2b4f86);
    let hills = rgb(0x56657a);
    (0..SKY * SKY)
        .map(|i| {
            let (x, y) = (i % SKY, i / SKY);
            let up = 1.0 - y as f32 / (SKY - 1) as f32;
            let u = x as f32 / SKY as f32;
            let mut c = if up < 0.3 {
                mix(haze, mid, smoothstep(0.0, 0.3, up))
            } else {
                mix(mid, zenith, smoothstep(0.3, 1.0, up))
            };
            // Clouds: layered noise stretched across, repeating round the sky.
            let mut cloud = 0.0;
            let mut amp = 1.0;
            for o in 0..5 {
                let cells = 6i64 << o;
                let n = noise(
                    seed + o,
                    u * cells as f32,
                    up * 3.0 * (1 << o) as f32,
                    cells,
                    1 << 20,
                );
                cloud += amp * n;
                amp *= 0.5;
            }
            let cloud = cloud / 1.9375;
            let cover = smoothstep(0.52, 0.72, cloud) * (1.0 - smoothstep(0.25, 0.85, up));
            c = mix(
                c,
                add(scale(rgb(0xf4f1ea), 0.9), scale(c, 0.1)),
                cover * 0.85,
            );
            // Hills on the horizon: a ridge of smooth noise, hazier further down.
            let ridge = 0.035
                + 0.05 * noise(seed + 9, u * 12.0, 0.0, 12, 1)
                + 0.025 * noise(seed + 10, u * 40.0, 0.0, 40, 1);
            if up < ridge {
                let depth = up / ridge;
                c = mix(mix(haze, hills, 0.75), hills, depth);
            }
            c
        })
        .collect()
}

// ---------------------------------------------------------------- helpers

/// A splitmix64 generator: tiny, seeded and the same on every platform.
struct Rng(u64);

impl Rng {
    /// A uniform float in 0..1.
    fn f(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        unit(scramble(self.0))
    }

    /// A uniform float in lo..hi.
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.f()
    }
}

/// `n` random (brightness in `range`, tint in -tint..tint) pairs, one a block.
fn tones(rng: &mut Rng, n: usize, range: (f32, f32), tint: f32) -> Vec<(f32, f32)> {
    (0..n)
        .map(|_| (rng.range(range.0, range.1), rng.range(-tint, tint)))
        .collect()
}

/// A square grid of `size`-texel blocks with one-texel gaps on the top and
/// left of each, numbered row by row.
fn blocks(size: usize) -> Cells {
    grid(|x, y| {
        let gap = x % size == 0 || y % size == 0;
        cell(gap, y / size * (N / size) + x / size)
    })
}

/// A [`Cells`] entry: [`GAP`] if `gap`, else block `id`.
fn cell(gap: bool, id: usize) -> u32 {
    if gap {
        GAP
    } else {
        id as u32
    }
}

/// Lighting on block edges, as a brightness offset: light comes from the top
/// left, so texels one or two from a gap above or left are lifted, and those
/// one or two from a gap below or right are darkened (more so when closer).
fn bevel(cells: &Cells, x: usize, y: usize) -> f32 {
    let on = |d: i32| f32::from(near(cells, x, y, d, 0) == GAP || near(cells, x, y, 0, d) == GAP);
    0.1 * on(-1) + 0.06 * on(-1).max(on(-2)) - 0.15 * on(1) - 0.09 * on(1).max(on(2))
}

/// The cell `(dx, dy)` away from texel `(x, y)`, wrapping round the tile.
fn near(cells: &Cells, x: usize, y: usize, dx: i32, dy: i32) -> u32 {
    let w = |v: usize, d: i32| (v as i32 + d).rem_euclid(N as i32) as usize;
    cells[w(y, dy) * N + w(x, dx)]
}

/// A texel coordinate wrapped into 0..N.
fn wrap(v: f32) -> usize {
    (v.floor() as i64).rem_euclid(N as i64) as usize
}

/// A difference of coordinates wrapped into -N/2..N/2, the short way round.
fn wrap_delta(d: f32) -> f32 {
    let n = N as f32;
    d - n * (d / n + 0.5).floor()
}
