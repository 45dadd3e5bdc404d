//! The wall pass: one ray per pixel column, a textured vertical strip each.

use super::raycast::{self, Side};
use super::{fog, shade, ColumnSpan, Projection};
use crate::map::Map;

/// How far a ray looks before it gives up, in tiles (only the open plane
/// has no walls to stop it).
const MAX_RAY: f64 = 256.0;
/// Faces along y = constant are drawn this much darker (of 256), so
/// corners read in flat light.
const SIDE_Y_BRIGHTNESS: u32 = 180;

/// Draws every column's wall strip; records each column's covered rows.
pub(super) fn draw(map: &Map, proj: &Projection, pixels: &mut [[u8; 4]], spans: &mut [ColumnSpan]) {
    let (w, h) = (proj.width, proj.height);
    for (x, span) in spans.iter_mut().enumerate().take(w) {
        let (dx, dy) = proj.column_ray(x);
        let Some(hit) = raycast::cast(map, proj.x, proj.y, dx, dy, MAX_RAY) else {
            *span = ColumnSpan {
                top: proj.horizon as usize,
                bottom: proj.horizon as usize,
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
        *span = ColumnSpan {
            top,
            bottom,
            depth: dist,
        };
        if top >= bottom {
            continue;
        }
        let texture = &map.walls[(hit.cell - 1) as usize];
        let size = texture.size();
        let column = texture.column(((hit.u * size as f64) as usize).min(size - 1));
        let mut brightness = fog(dist);
        if hit.side == Side::Y {
            brightness = brightness * SIDE_Y_BRIGHTNESS / 256;
        }
        // Texture row from the wall's top as 32.32 fixed point, sampled at
        // pixel centres; the texture repeats once per tile of height.
        let rows_per_pixel = size as f64 * proj.ceiling / (bottom_f - top_f);
        let v0 = (top as f64 + 0.5 - top_f) * rows_per_pixel;
        let step = (rows_per_pixel * 4_294_967_296.0) as u64;
        let mut v = (v0.max(0.0) * 4_294_967_296.0) as u64;
        let last = (size as f64 * proj.ceiling).ceil() as usize - 1;
        if last < size {
            for y in top..bottom {
                let row = ((v >> 32) as usize).min(last);
                pixels[y * w + x] = shade(column[row], brightness);
                v += step;
            }
        } else {
            for y in top..bottom {
                let row = ((v >> 32) as usize).min(last) % size;
                pixels[y * w + x] = shade(column[row], brightness);
                v += step;
            }
        }
    }
}
