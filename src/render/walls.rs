//! The wall pass, in two steps: one ray per pixel column finds the wall,
//! its span on screen and where to sample its texture ([`cast`]); then
//! each band of rows paints the strips' pixels that fall in it
//! ([`paint`]), so bands can be painted on different cores.

use super::raycast::{self, Side};
use super::{fog, shade, ColumnSpan, Projection, Rows, WallStrip};
use crate::map::{Map, DOOR};

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
            (DOOR, Some(d)) => map.walls.len() + map.doors[d].texture,
            _ => (hit.cell - 1) as usize,
        };
        let size = map.face_texture(wall).size();
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
pub(super) fn paint(
    map: &Map,
    proj: &Projection,
    rows: &mut Rows,
    spans: &[ColumnSpan],
    strips: &[WallStrip],
) {
    let w = proj.width;
    for (x, (span, s)) in spans.iter().zip(strips).enumerate() {
        let (from, to) = (span.top.max(rows.y0), span.bottom.min(rows.y1));
        if from >= to {
            continue;
        }
        let texture = map.face_texture(s.wall);
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
