//! The wall pass, in two steps: one ray per pixel column finds the wall,
//! its span on screen and where to sample its texture ([`cast`]); then
//! each band of rows paints the strips' pixels that fall in it
//! ([`paint`]), so bands can be painted on different cores.

use super::raycast::{self, Side};
use super::{fog, shade, ColumnSpan, Projection, Rows, WallStrip};
use crate::map::{Map, MapArt, DOOR};

/// How far a ray looks before it gives up, in tiles (only the open plane
/// has no walls to stop it).
const MAX_RAY: f64 = 256.0;
/// Faces along y = constant are drawn this much darker (of 256), so
/// corners read in flat light.
const SIDE_Y_BRIGHTNESS: u32 = 180;
/// One in 32.32 fixed point.
const ONE: f64 = 4_294_967_296.0;
/// Texture rows per pixel (32.32) below which a strip is painted a texel
/// row at a time: a sixteenth, runs of sixteen pixels or more, enough to
/// pay for the division that finds each run's end.
const NEAR_STEP: u64 = 1 << 28;

/// Casts the ray of each column in `spans`, the first being column
/// `first`, and records its wall span, depth and texture strip.
pub(super) fn cast(
    map: &Map,
    art: &MapArt,
    proj: &Projection,
    first: usize,
    spans: &mut [ColumnSpan],
    strips: &mut [WallStrip],
) {
    let h = proj.height;
    for (i, (span, strip)) in spans.iter_mut().zip(strips).enumerate() {
        let (dx, dy) = proj.column_ray(first + i);
        let Some(hit) = raycast::cast(map, proj.x, proj.y, dx, dy, MAX_RAY) else {
            *span = ColumnSpan {
                top: proj.horizon.clamp(0.0, h as f64) as usize,
                bottom: proj.horizon.clamp(0.0, h as f64) as usize,
                depth: f64::INFINITY,
            };
            continue;
        };
        let dist = hit.t.max(1e-4);
        // Screen rows of the wall's top and bottom edges.
        let top_f = proj.horizon - (proj.ceiling - proj.eye) * proj.focal / dist;
        let bottom_f = proj.horizon + proj.eye * proj.focal / dist;
        let top = top_f.ceil().clamp(0.0, h as f64) as usize;
        let bottom = bottom_f.ceil().clamp(0.0, h as f64) as usize;
        // Door leaves take their textures after the walls'.
        let wall = match (hit.cell, map.door_at(hit.tile.0, hit.tile.1)) {
            (DOOR, Some(d)) => art.walls.len() + map.doors[d].texture,
            _ => (hit.cell - 1) as usize,
        };
        let size = art.face_texture(wall).size();
        let mut brightness = fog(dist);
        if hit.side == Side::Y {
            brightness = brightness * SIDE_Y_BRIGHTNESS / 256;
        }
        // Texture row from the wall's top as 32.32 fixed point, sampled at
        // pixel centres; the texture repeats once per tile of height.
        let rows_per_pixel = size as f64 * proj.ceiling / (bottom_f - top_f);
        let v0 = (top as f64 + 0.5 - top_f) * rows_per_pixel;
        *span = ColumnSpan {
            top,
            bottom,
            depth: dist,
        };
        *strip = WallStrip {
            wall,
            column: ((hit.u * size as f64) as usize).min(size - 1),
            brightness,
            v_top: (v0.max(0.0) * ONE) as u64,
            step: (rows_per_pixel * ONE) as u64,
            last: (size as f64 * proj.ceiling).ceil() as usize - 1,
        };
    }
}

/// Paints every wall pixel that falls in `rows`.
///
/// Four neighbouring columns at a time where they can be (see
/// [`paint_quad`]): over the rows all four strips cover, a row of the four
/// is one 16-byte store, shaded together. The rest column by column.
pub(super) fn paint(
    art: &MapArt,
    proj: &Projection,
    rows: &mut Rows,
    spans: &[ColumnSpan],
    strips: &[WallStrip],
) {
    let w = proj.width;
    let (y0, y1) = (rows.y0, rows.y1);
    let band = |span: &ColumnSpan| (span.top.max(y0), span.bottom.min(y1));
    let mut x = 0;
    while x < w {
        let quad = x + 4 <= w && (x..x + 4).all(|i| plain(art, &strips[i]));
        if !quad {
            let (from, to) = band(&spans[x]);
            paint_column(art, rows, w, x, &spans[x], &strips[x], from, to);
            x += 1;
            continue;
        }
        // The rows all four cover; each column's own rows above and below.
        let ranges: [(usize, usize); 4] = std::array::from_fn(|i| band(&spans[x + i]));
        let common_from = ranges.iter().map(|r| r.0).max().unwrap_or(0);
        let common_to = ranges.iter().map(|r| r.1).min().unwrap_or(0);
        if common_from >= common_to {
            for (i, &(from, to)) in ranges.iter().enumerate() {
                paint_column(art, rows, w, x + i, &spans[x + i], &strips[x + i], from, to);
            }
            x += 4;
            continue;
        }
        for (i, &(from, to)) in ranges.iter().enumerate() {
            let (span, s) = (&spans[x + i], &strips[x + i]);
            paint_column(art, rows, w, x + i, span, s, from, common_from);
            paint_column(art, rows, w, x + i, span, s, common_to, to);
        }
        let quad = Quad {
            columns: std::array::from_fn(|i| {
                art.face_texture(strips[x + i].wall)
                    .column(strips[x + i].column)
            }),
            v: std::array::from_fn(|i| {
                let (span, s) = (&spans[x + i], &strips[x + i]);
                s.v_top
                    .wrapping_add(s.step.wrapping_mul((common_from - span.top) as u64))
            }),
            step: std::array::from_fn(|i| strips[x + i].step),
            last: std::array::from_fn(|i| strips[x + i].last),
            brightness: std::array::from_fn(|i| strips[x + i].brightness.min(256)),
        };
        let at = (common_from - rows.y0) * w + x;
        paint_quad(rows.pixels, at, w, common_to - common_from, quad);
        x += 4;
    }
}

/// True if a strip can be painted in a [`Quad`]: its texture rows do not
/// repeat (a wall one tile tall) and it is not near enough to be painted a
/// texel row at a time.
fn plain(art: &MapArt, s: &WallStrip) -> bool {
    s.last < art.face_texture(s.wall).size() && s.step >= NEAR_STEP
}

/// Four neighbouring [`plain`] strips, from the same row down: each its
/// texture column, texture row (32.32), step and last row, and brightness
/// (at most 256).
struct Quad<'a> {
    columns: [&'a [u32]; 4],
    v: [u64; 4],
    step: [u64; 4],
    last: [usize; 4],
    brightness: [u32; 4],
}

/// Paints `n` rows of a [`Quad`] down from pixel `at` (rows `w` apart):
/// the four texels of a row loaded one by one, then shaded together in
/// SSE2 (every x86-64 has it) as `shade` does each, `(c * b) >> 8`, opaque.
#[cfg(target_arch = "x86_64")]
fn paint_quad(pixels: &mut [[u8; 4]], at: usize, w: usize, n: usize, quad: Quad) {
    // SAFETY: SSE2 is part of every x86-64 processor.
    unsafe { paint_quad_sse2(pixels, at, w, n, quad) }
}

/// [`paint_quad`]'s body, compiled for SSE2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn paint_quad_sse2(pixels: &mut [[u8; 4]], mut at: usize, w: usize, n: usize, quad: Quad) {
    use std::arch::x86_64::*;
    let Quad {
        columns,
        mut v,
        step,
        last,
        brightness: b,
    } = quad;
    // Pixels i and j's brightness, each over its four channels.
    let pair = |i: usize, j: usize| {
        _mm_unpacklo_epi64(_mm_set1_epi16(b[i] as i16), _mm_set1_epi16(b[j] as i16))
    };
    let (b_lo, b_hi) = (pair(0, 1), pair(2, 3));
    let opaque = _mm_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    let zero = _mm_setzero_si128();
    for _ in 0..n {
        let texel = |i: usize| columns[i][((v[i] >> 32) as usize).min(last[i])] as i32;
        let texels = _mm_set_epi32(texel(3), texel(2), texel(1), texel(0));
        let lo = _mm_srli_epi16::<8>(_mm_mullo_epi16(_mm_unpacklo_epi8(texels, zero), b_lo));
        let hi = _mm_srli_epi16::<8>(_mm_mullo_epi16(_mm_unpackhi_epi8(texels, zero), b_hi));
        let out = _mm_or_si128(_mm_packus_epi16(lo, hi), opaque);
        let row = pixels[at..at + 4].as_flattened_mut();
        // SAFETY: `row` is 16 writable bytes; the store is unaligned.
        unsafe { _mm_storeu_si128(row.as_mut_ptr().cast(), out) };
        for i in 0..4 {
            v[i] = v[i].wrapping_add(step[i]);
        }
        at += w;
    }
}

/// Elsewhere, each row of the four shaded one by one.
#[cfg(not(target_arch = "x86_64"))]
fn paint_quad(pixels: &mut [[u8; 4]], mut at: usize, w: usize, n: usize, mut quad: Quad) {
    for _ in 0..n {
        for i in 0..4 {
            let row = ((quad.v[i] >> 32) as usize).min(quad.last[i]);
            pixels[at + i] = shade(quad.columns[i][row], quad.brightness[i]);
            quad.v[i] = quad.v[i].wrapping_add(quad.step[i]);
        }
        at += w;
    }
}

/// Paints rows `from..to` (within `rows`) of column `x`'s wall strip.
#[allow(clippy::too_many_arguments)]
fn paint_column(
    art: &MapArt,
    rows: &mut Rows,
    w: usize,
    x: usize,
    span: &ColumnSpan,
    s: &WallStrip,
    from: usize,
    to: usize,
) {
    if from >= to {
        return;
    }
    let texture = art.face_texture(s.wall);
    let size = texture.size();
    let column = texture.column(s.column);
    let mut v = s
        .v_top
        .wrapping_add(s.step.wrapping_mul((from - span.top) as u64));
    let mut at = (from - rows.y0) * w + x;
    if s.last < size && s.step < NEAR_STEP {
        paint_runs(rows.pixels, at, w, to - from, v, s, column);
    } else if s.last < size {
        for _ in from..to {
            let row = ((v >> 32) as usize).min(s.last);
            rows.pixels[at] = shade(column[row], s.brightness);
            v = v.wrapping_add(s.step);
            at += w;
        }
    } else {
        for _ in from..to {
            let row = ((v >> 32) as usize).min(s.last) % size;
            rows.pixels[at] = shade(column[row], s.brightness);
            v = v.wrapping_add(s.step);
            at += w;
        }
    }
}

/// A near wall's strip, `n` pixels down from `at` (rows `w` apart) from
/// texture row `v` (32.32): each texel row spreads over several pixels, so
/// it is shaded once and its run of pixels painted, the run's end found by
/// one division. The same pixels as the per-pixel loop.
#[inline(never)]
fn paint_runs(
    pixels: &mut [[u8; 4]],
    mut at: usize,
    w: usize,
    n: usize,
    mut v: u64,
    s: &WallStrip,
    column: &[u32],
) {
    let mut k = 0;
    while k < n {
        let row = ((v >> 32) as usize).min(s.last);
        let px = shade(column[row], s.brightness);
        let run = if row == s.last || s.step == 0 {
            n - k
        } else {
            // Pixels until the walk crosses into the next row.
            let to_next = ((row as u64 + 1) << 32) - v;
            (to_next.div_ceil(s.step) as usize).min(n - k)
        };
        for _ in 0..run {
            pixels[at] = px;
            at += w;
        }
        v = v.wrapping_add(s.step.wrapping_mul(run as u64));
        k += run;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texture::Texture;

    /// Painting four columns at a time gives the pixels of painting each
    /// column alone, for strips far, near and repeating, of two textures,
    /// in bands anywhere down the frame.
    #[test]
    fn quads_paint_what_columns_paint() {
        let map = Map::from_rows(&["###", "#>#", "###"]);
        let mut art = MapArt::plain(&map);
        let patterned = |seed: u32| {
            let rgba: Vec<u8> = (0..64 * 64 * 4u32)
                .map(|i| (i.wrapping_mul(seed) >> 7) as u8)
                .collect();
            Texture::from_rgba(64, &rgba)
        };
        art.walls = vec![patterned(2_654_435_761), patterned(40_503)];
        let mut z = 17u64;
        let mut next = |m: u64| {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (z >> 11) % m
        };
        let (w, h) = (37, 90);
        let proj = Projection::new(
            &super::super::View::from_pose(crate::sim::Pose {
                x: 1.5,
                y: 1.5,
                z: 0.5,
                yaw: 0.0,
                pitch: 0.0,
                roll: 0.0,
            }),
            1.0,
            w,
            h,
        );
        for _ in 0..300 {
            let spans: Vec<ColumnSpan> = (0..w)
                .map(|_| {
                    let top = next(h as u64 / 2) as usize;
                    ColumnSpan {
                        top,
                        bottom: top + next((h - top) as u64 + 1) as usize,
                        depth: 1.0,
                    }
                })
                .collect();
            let strips: Vec<WallStrip> = (0..w)
                .map(|_| WallStrip {
                    wall: next(2) as usize,
                    column: next(64) as usize,
                    brightness: next(257) as u32,
                    v_top: next(64 << 32),
                    step: if next(5) == 0 {
                        next(NEAR_STEP)
                    } else {
                        next(8 << 32)
                    },
                    last: if next(6) == 0 {
                        127
                    } else {
                        63 - next(2) as usize
                    },
                })
                .collect();
            let (y0, y1) = {
                let a = next(h as u64) as usize;
                (a, a + 1 + next((h - a) as u64) as usize)
            };
            let mut quads = vec![[0u8; 4]; (y1 - y0) * w];
            let mut columns = quads.clone();
            let mut rows = Rows {
                pixels: &mut quads,
                y0,
                y1,
            };
            paint(&art, &proj, &mut rows, &spans, &strips);
            let mut rows = Rows {
                pixels: &mut columns,
                y0,
                y1,
            };
            for (x, (span, s)) in spans.iter().zip(&strips).enumerate() {
                let (from, to) = (span.top.max(y0), span.bottom.min(y1));
                paint_column(&art, &mut rows, w, x, span, s, from, to);
            }
            assert!(quads == columns, "rows {y0}..{y1}");
        }
    }

    /// Painting a near strip a texel row at a time gives the pixels the
    /// per-pixel walk gives, wherever the strip starts and however it
    /// ends (clamped at its last row or not).
    #[test]
    fn runs_paint_what_the_pixel_walk_paints() {
        let column: Vec<u32> = (0..64u32)
            .map(|i| i.wrapping_mul(0x0101_0305) | 0xff00_0000)
            .collect();
        let w = 3;
        let mut z = 99u64;
        let mut next = || {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            z >> 11
        };
        for _ in 0..2000 {
            let n = (next() % 200) as usize;
            let strip = WallStrip {
                wall: 0,
                column: 0,
                brightness: (next() % 257) as u32,
                v_top: next() % (64 << 32),
                step: next() % NEAR_STEP,
                last: 63 - (next() % 3) as usize,
            };
            let (mut runs, mut walk) = (vec![[0u8; 4]; n * w], vec![[0u8; 4]; n * w]);
            paint_runs(
                &mut runs,
                1,
                w,
                n.saturating_sub(1),
                strip.v_top,
                &strip,
                &column,
            );
            let mut v = strip.v_top;
            for k in 0..n.saturating_sub(1) {
                let row = ((v >> 32) as usize).min(strip.last);
                walk[1 + k * w] = shade(column[row], strip.brightness);
                v = v.wrapping_add(strip.step);
            }
            assert_eq!(runs, walk, "{strip:?}");
        }
    }
}
