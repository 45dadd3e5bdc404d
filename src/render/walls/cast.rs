//! The rays: one a pixel column, each finding the wall it meets, the
//! wall's span on screen, and where to sample its texture.

use crate::map::raycast::{self, Side};
use crate::map::{ceil_i64, Map, MapArt, DOOR};
use crate::render::{fog, ColumnSpan, Projection, WallStrip, RAY_COLUMNS};

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
pub(in crate::render) fn cast(
    map: &Map,
    art: &MapArt,
    proj: &Projection,
    first: usize,
    spans: &mut [ColumnSpan],
    strips: &mut [WallStrip],
) {
    // A group's rays are all worked out before the first is walked. A
    // ray's direction takes a division: worked out just before its walk,
    // it stood between the previous walk's last step (rarely predicted,
    // so the processor starts afresh there) and the next walk's first
    // (PERF.md entry 105).
    let mut rays = [(0.0, 0.0); RAYS_AHEAD];
    let groups = spans
        .chunks_mut(RAYS_AHEAD)
        .zip(strips.chunks_mut(RAYS_AHEAD));
    for (g, (spans, strips)) in groups.enumerate() {
        let first = first + g * RAYS_AHEAD;
        for (i, ray) in rays.iter_mut().take(spans.len()).enumerate() {
            *ray = proj.column_ray(first + i);
        }
        let columns = spans.iter_mut().zip(strips.iter_mut()).zip(rays);
        for ((span, strip), ray) in columns {
            cast_one(map, art, proj, ray, span, strip);
        }
    }
}

/// Rays [`cast`] works out ahead of their walks, at most: a ray task's
/// columns, so that a task's rays are one group.
pub(super) const RAYS_AHEAD: usize = RAY_COLUMNS;

/// Casts the ray along (`dx`, `dy`) and records its column's wall span,
/// depth and texture strip.
fn cast_one(
    map: &Map,
    art: &MapArt,
    proj: &Projection,
    (dx, dy): (f64, f64),
    span: &mut ColumnSpan,
    strip: &mut WallStrip,
) {
    let h = proj.height;
    let Some(hit) = raycast::cast(map, proj.x, proj.y, dx, dy, MAX_RAY) else {
        *span = ColumnSpan {
            top: proj.horizon.clamp(0.0, h as f64) as usize,
            bottom: proj.horizon.clamp(0.0, h as f64) as usize,
            depth: f64::INFINITY,
        };
        return;
    };
    let dist = hit.t.max(1e-4);
    // Screen rows of the wall's top and bottom edges.
    let top_f = proj.horizon - (proj.ceiling - proj.eye) * proj.focal / dist;
    let bottom_f = proj.horizon + proj.eye * proj.focal / dist;
    // (`ceil_i64` is `ceil`, clamped the same, without a libm call.)
    let top = ceil_i64(top_f).clamp(0, h as i64) as usize;
    let bottom = ceil_i64(bottom_f).clamp(0, h as i64) as usize;
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
        last: ceil_i64(size as f64 * proj.ceiling) as usize - 1,
    };
}

/// Cuts a column's wall `span` to the rows `from..to` (the rows a closed
/// field-of-view restrictor leaves to paint), moving its texture's start
/// with its top so that every row left samples the texel it did.
pub(in crate::render) fn clip(
    span: &mut ColumnSpan,
    strip: &mut WallStrip,
    (from, to): (usize, usize),
) {
    if span.top < from {
        strip.v_top = strip
            .v_top
            .wrapping_add(strip.step.wrapping_mul((from - span.top) as u64));
        span.top = from;
    }
    span.bottom = span.bottom.min(to).max(span.top);
}
