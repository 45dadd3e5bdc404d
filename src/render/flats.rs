//! The floor and ceiling pass: row by row, every pixel no wall covers.
//!
//! A screen row below the horizon sees the floor at one distance; along the
//! row the floor point moves in a straight line, so it is stepped, not
//! recomputed, per pixel. Rows above the horizon see the ceiling likewise.

use super::{fog, shade, ColumnSpan, Projection};
use crate::map::{Map, Surface};
use crate::texture::Texture;

/// Draws floor and ceiling outside each column's wall span.
pub(super) fn draw(map: &Map, proj: &Projection, pixels: &mut [[u8; 4]], spans: &[ColumnSpan]) {
    let w = proj.width;
    for y in 0..proj.height {
        let below = y as f64 + 0.5 - proj.horizon;
        let (surface, height) = if below > 0.0 {
            (&map.floor, proj.eye)
        } else {
            (&map.ceiling, 1.0 - proj.eye)
        };
        // Perpendicular distance to where this row meets the plane.
        let dist = height * proj.focal / below.abs().max(1e-3);
        let brightness = fog(dist);
        let row = &mut pixels[y * w..(y + 1) * w];
        let visible = |x: usize| y < spans[x].top || y >= spans[x].bottom;
        match surface {
            Surface::Colour(rgb) => {
                let texel = u32::from_ne_bytes([rgb[0], rgb[1], rgb[2], 255]);
                let px = shade(texel, brightness);
                for (x, p) in row.iter_mut().enumerate() {
                    if visible(x) {
                        *p = px;
                    }
                }
            }
            Surface::Texture(texture) => {
                textured_row(texture, proj, dist, brightness, row, visible);
            }
        }
    }
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
    let (ray_x, ray_y) = proj.column_ray(0);
    // World point under column 0, and its step per column, in texels.
    let mut u = (proj.x + dist * ray_x) * size;
    let mut v = (proj.y + dist * ray_y) * size;
    let du = dist * proj.rx / proj.focal * size;
    let dv = dist * proj.ry / proj.focal * size;
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
