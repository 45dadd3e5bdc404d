//! The floor and ceiling pass: row by row, every pixel no wall covers.
//!
//! A screen row below the horizon sees the floor at one distance; along the
//! row the floor point moves in a straight line, so it is stepped, not
//! recomputed, per pixel. Rows above the horizon see the ceiling likewise,
//! or, under an open sky, a panorama that turns with the view (over the
//! whole map, or over the tiles open to it). Landing pads are painted over
//! the floor where the map has them.
//!
//! - `mask`: which columns of each row no wall covers, as bits, and the
//!   rows where that changes (a column's flips); its SSE2 path in
//!   `mask/x86.rs`.
//! - `runs`: the runs of open columns in a row's mask, kept from row to
//!   row while no flip changes them.
//! - `walk`: a row's walk across a power-of-two texture in fixed point,
//!   pixel by pixel; its SSE2 and AVX2 paths (fours, eights, and spans of
//!   eights that share one window of texels) in `walk/x86.rs`.

mod mask;
mod runs;
#[cfg(test)]
mod tests;
mod walk;

pub(super) use mask::mask_words;

use super::comfort::Skip;
use super::{fog, shade, Projection, Rows, WallCover};
use crate::map::{Map, MapArt, Surface};
use crate::texture::Texture;
use mask::open_masks;
use runs::KeptRuns;
use std::f64::consts::{FRAC_PI_2, TAU};
use walk::{masked_row, RowStart};

/// Fills `sky` with each column's place round the sky panorama (0 to 1),
/// when the map has an open sky; empties it otherwise.
pub(super) fn sky_columns(map: &Map, proj: &Projection, sky: &mut Vec<f64>) {
    sky.clear();
    if map.sky.is_some() {
        let w = proj.width;
        sky.extend((0..w).map(|x| {
            let k = (x as f64 + 0.5 - w as f64 * 0.5) / proj.focal;
            (proj.yaw + k.atan()).rem_euclid(TAU) / TAU
        }));
    }
}

/// Draws floor and ceiling outside each column's wall span, in `rows`,
/// and the landing pads if `pads` (the map has any: looked up once a
/// frame, as it scans every tile); `masks` scratch for the band's
/// open-column masks (see [`open_masks`]), [`mask_words`] words a row.
pub(super) fn draw(
    (map, art, pads): (&Map, &MapArt, bool),
    proj: &Projection,
    rows: &mut Rows,
    covers: &[WallCover],
    masks: &mut [u64],
    (sky_columns, skip): (&[f64], Option<Skip>),
) {
    let w = proj.width;
    let words = mask_words(w);
    let masks = &mut masks[..(rows.y1 - rows.y0) * words];
    let mut flipped = open_masks(rows.y0, covers, masks);
    if let Some(skip) = skip {
        // Each row cut to the restrictor's ellipse: every row differs
        // from the one above, so none keeps the runs of the one above.
        for (y, mask) in (rows.y0..rows.y1).zip(masks.chunks_exact_mut(words)) {
            keep_only(mask, skip.row(y));
        }
        flipped = u64::MAX;
    }
    let mut kept = KeptRuns::for_band(flipped, rows.y1 - rows.y0);
    // Each row's plane, a few rows ahead of their painting: a row's
    // distance, brightness and walk take divisions one after another,
    // which worked out just before its painting stood between one row's
    // last pixels and the next row's first (PERF.md entry 135).
    let mut ahead = [RowAhead::default(); ROWS_AHEAD];
    let sky_above = map.all_sky() && art.sky.is_some();
    for y in rows.y0..rows.y1 {
        let k = (y - rows.y0) % ROWS_AHEAD;
        if k == 0 {
            let rows_ahead = y..(y + ROWS_AHEAD).min(rows.y1);
            for (y, a) in rows_ahead.zip(&mut ahead) {
                let below = y as f64 + 0.5 - proj.horizon;
                *a = if below <= 0.0 && sky_above {
                    RowAhead {
                        below,
                        ..RowAhead::default()
                    }
                } else {
                    RowAhead::of(art, proj, y)
                };
            }
        }
        let RowAhead {
            below,
            dist,
            brightness,
            start,
        } = ahead[k];
        let mask = &masks[(y - rows.y0) * words..][..words];
        let runs = kept.of(y - rows.y0, mask);
        let (surface, _) = plane(art, proj, below);
        if let (true, true, Some(sky)) = (below <= 0.0, map.all_sky(), &art.sky) {
            let at = (y - rows.y0) * w;
            let row = &mut rows.pixels[at..at + w];
            runs.each(|a, b| {
                sky_row(
                    sky,
                    proj,
                    -below,
                    &sky_columns[a..b],
                    &mut row[a..b],
                    |_| true,
                );
            });
            continue;
        }
        let at = (y - rows.y0) * w;
        let row = &mut rows.pixels[at..at + w];
        let visible = |x: usize| mask[x / 64] >> (x % 64) & 1 == 1;
        match surface {
            Surface::Colour(rgb) => {
                let texel = u32::from_ne_bytes([rgb[0], rgb[1], rgb[2], 255]);
                let px = shade(texel, brightness);
                runs.each(|a, b| row[a..b].fill(px));
            }
            Surface::Texture(texture) if texture.size().is_power_of_two() => {
                masked_row(rows.paths, texture, start, brightness, row, runs);
            }
            Surface::Texture(texture) => {
                textured_row(texture, proj, dist, brightness, row, visible);
            }
        }
        if below > 0.0 && pads {
            pads_row(map, proj, dist, brightness, row, visible);
        }
        if let (true, Some(_), Some(sky)) = (below <= 0.0, &map.sky, &art.sky) {
            // Open sky over some tiles: where the ceiling point is under
            // one, the panorama shows instead.
            let ([px, py], [dx, dy]) = row_walk(proj, dist);
            let open = |x: usize| {
                let (cx, cy) = (px + dx * x as f64, py + dy * x as f64);
                visible(x) && map.is_open_sky(cx.floor() as i64, cy.floor() as i64)
            };
            sky_row(sky, proj, -below, sky_columns, row, open);
        }
    }
}

/// Clears the bits of `mask` (a row's open columns) outside the columns
/// `from..to`.
fn keep_only(mask: &mut [u64], (from, to): (usize, usize)) {
    for (i, word) in mask.iter_mut().enumerate() {
        let (lo, hi) = (i * 64, i * 64 + 64);
        let (a, b) = (from.clamp(lo, hi) - lo, to.clamp(lo, hi) - lo);
        let keep = if a >= b {
            0
        } else {
            (u64::MAX >> (64 - (b - a))) << a
        };
        *word &= keep;
    }
}

/// Rows of a band whose planes [`draw`] works out before painting them.
const ROWS_AHEAD: usize = 16;

/// What a row of the flats needs before its pixels: where it lies from the
/// horizon, its plane's distance and brightness, and, on a texture whose
/// size is a power of two, its walk.
#[derive(Clone, Copy, Debug, Default)]
struct RowAhead {
    /// From the horizon down to the row's pixel centres, pixels (the
    /// floor below it, the ceiling above).
    below: f64,
    dist: f64,
    brightness: u32,
    start: RowStart,
}

impl RowAhead {
    /// Screen row `y`'s.
    fn of(art: &MapArt, proj: &Projection, y: usize) -> Self {
        let below = y as f64 + 0.5 - proj.horizon;
        let (surface, height) = plane(art, proj, below);
        // Perpendicular distance to where this row meets the plane.
        let dist = height * proj.focal / below.abs().max(1e-3);
        let start = match surface {
            Surface::Texture(t) if t.size().is_power_of_two() => RowStart::of(t.size(), proj, dist),
            _ => RowStart::default(),
        };
        Self {
            below,
            dist,
            brightness: fog(dist),
            start,
        }
    }
}

/// The surface a row `below` pixels under the horizon shows (the floor
/// below it, the ceiling above), and the eye's height from that surface.
fn plane<'a>(art: &'a MapArt, proj: &Projection, below: f64) -> (&'a Surface, f64) {
    if below > 0.0 {
        (&art.floor, proj.eye)
    } else {
        (&art.ceiling, proj.ceiling - proj.eye)
    }
}

/// Where a floor or ceiling row `dist` tiles ahead meets column 0, and
/// how far that point moves per column, in tiles.
fn row_walk(proj: &Projection, dist: f64) -> ([f64; 2], [f64; 2]) {
    let (ray_x, ray_y) = proj.column_ray(0);
    (
        [proj.x + dist * ray_x, proj.y + dist * ray_y],
        [dist * proj.rx / proj.focal, dist * proj.ry / proj.focal],
    )
}

/// One row of a textured plane `dist` tiles ahead.
fn textured_row(
    texture: &Texture,
    proj: &Projection,
    dist: f64,
    brightness: u32,
    row: &mut [[u8; 4]],
    visible: impl Fn(usize) -> bool,
) {
    let size = texture.size() as f64;
    // World point under column 0, and its step per column, in texels.
    let (start, step) = row_walk(proj, dist);
    let mut u = start[0] * size;
    let mut v = start[1] * size;
    let du = step[0] * size;
    let dv = step[1] * size;
    let n = texture.size();
    for (x, p) in row.iter_mut().enumerate() {
        if visible(x) {
            let tu = (u.floor() as i64).rem_euclid(n as i64) as usize;
            let tv = (v.floor() as i64).rem_euclid(n as i64) as usize;
            *p = shade(texture.texel(tu, tv), brightness);
        }
        u += du;
        v += dv;
    }
}

/// One row of the sky, `above` pixels over the horizon: the panorama's
/// bottom at the horizon, its top straight up; unshaded (it is far away
/// and lit).
fn sky_row(
    texture: &Texture,
    proj: &Projection,
    above: f64,
    columns: &[f64],
    row: &mut [[u8; 4]],
    visible: impl Fn(usize) -> bool,
) {
    let n = texture.size();
    let elevation = (above / proj.focal).atan();
    let v = ((1.0 - elevation / FRAC_PI_2) * n as f64) as usize;
    let v = v.min(n - 1);
    for (x, p) in row.iter_mut().enumerate() {
        if visible(x) {
            let u = ((columns[x] * n as f64) as usize).min(n - 1);
            *p = texture.column(u)[v].to_ne_bytes();
        }
    }
}

/// The landing pads in one floor row `dist` tiles ahead: a ring of yellow
/// and black chevrons round a dark pad with a lit cross at its centre.
fn pads_row(
    map: &Map,
    proj: &Projection,
    dist: f64,
    brightness: u32,
    row: &mut [[u8; 4]],
    visible: impl Fn(usize) -> bool,
) {
    let ([mut px, mut py], [dx, dy]) = row_walk(proj, dist);
    // The tile under the last pixel, and whether it is a pad and which of
    // its sides are the pad's edge: worked out once per tile, not per pixel.
    let mut tile: Option<(i64, i64, Option<[bool; 4]>)> = None;
    for (x, p) in row.iter_mut().enumerate() {
        let (tx, ty) = (px.floor(), py.floor());
        let (cx, cy) = (tx as i64, ty as i64);
        if tile.is_none_or(|(x0, y0, _)| (x0, y0) != (cx, cy)) {
            let open = map.is_pad(cx, cy).then(|| {
                // The chevron border runs only round the pad's outside edge.
                [
                    !map.is_pad(cx - 1, cy),
                    !map.is_pad(cx + 1, cy),
                    !map.is_pad(cx, cy - 1),
                    !map.is_pad(cx, cy + 1),
                ]
            });
            tile = Some((cx, cy, open));
        }
        if let (true, Some((_, _, Some(open)))) = (visible(x), tile) {
            let rgb = pad_colour(px - tx, py - ty, open);
            *p = shade(
                u32::from_ne_bytes([rgb[0], rgb[1], rgb[2], 255]),
                brightness,
            );
        }
        px += dx;
        py += dy;
    }
}

/// A landing pad's colour at (`u`, `v`) within its tile, each 0 to 1;
/// `open` says which sides (west, east, north, south) are the pad's edge.
pub(super) fn pad_colour(u: f64, v: f64, open: [bool; 4]) -> [u8; 3] {
    let far = f64::INFINITY;
    let pick = |is_edge: bool, d: f64| if is_edge { d } else { far };
    let edge = pick(open[0], u)
        .min(pick(open[1], 1.0 - u))
        .min(pick(open[2], v))
        .min(pick(open[3], 1.0 - v));
    if edge < 0.12 {
        let stripe = ((u + v) * 6.0).floor() as i64 % 2 == 0;
        return if stripe { [230, 190, 40] } else { [30, 28, 24] };
    }
    let (cu, cv) = ((u - 0.5).abs(), (v - 0.5).abs());
    if (cu < 0.05 && cv < 0.25) || (cv < 0.05 && cu < 0.25) {
        return [120, 220, 255];
    }
    [52, 58, 66]
}
