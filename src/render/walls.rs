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
        if s.last < size {
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
