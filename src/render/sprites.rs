//! The sprite pass: enemies, corpses, wrecks, shells and puffs drawn as
//! billboards, far to near, each screen column tested against the wall
//! depth there, transparent texels skipped.

use super::{fog, shade, ColumnSpan, Projection};
use crate::sim::actors::shell::PUFF_TICKS;
use crate::sim::actors::tank::TankState;
use crate::sim::actors::walker::{Frame, WalkerState};
use crate::sim::actors::SHELL_HEIGHT;
use crate::sim::World;
use crate::sprites::{opaque, Art, Sheet};
use std::f64::consts::{FRAC_PI_4, TAU};

/// Nothing nearer than this is drawn, tiles: it would fill the screen.
const NEAR: f64 = 0.05;
/// The half width at which a tank's frame is one tile across, tiles.
const TANK_FRAME_HALF_WIDTH: f64 = 0.35;
/// Tread distance per animation frame, tiles.
const TREAD_STEP: f64 = 0.06;
/// Size of a shell's frame, tiles.
const SHELL_SIZE: f64 = 0.35;
/// Size of a bullet puff's frame, tiles (a shell's blast is bigger).
const PUFF_SIZE: f64 = 0.3;
/// Ticks per shell flicker frame.
const FLICKER_TICKS: u32 = 4;

/// One billboard to draw: a frame of a sheet standing in the world.
struct Billboard<'a> {
    sheet: &'a Sheet,
    col: usize,
    row: usize,
    /// Where it stands, tiles.
    x: f64,
    y: f64,
    /// Height of its frame's bottom above the floor, tiles.
    z: f64,
    /// Its frame's edge, tiles.
    size: f64,
    /// Distance along the view, tiles.
    depth: f64,
    /// How it is lit.
    light: Light,
}

/// How a billboard is lit.
#[derive(Clone, Copy, PartialEq)]
enum Light {
    /// By distance, as walls are.
    Fog,
    /// Whitened: the flash of a hit.
    Flash,
    /// At full brightness: it glows.
    Glow,
}

/// The rotation column (0 to 7) of an actor facing `heading` at (`x`, `y`)
/// seen from (`eye_x`, `eye_y`): its heading turned k x 45 degrees
/// clockwise from facing the eye (see [`crate::sprites`]).
pub fn rotation(heading: f64, x: f64, y: f64, eye_x: f64, eye_y: f64) -> usize {
    let to_eye = (eye_y - y).atan2(eye_x - x);
    let turn = (heading - to_eye).rem_euclid(TAU);
    ((turn / FRAC_PI_4).round() as usize) % 8
}

/// Draws every sprite of `world` seen through `proj`.
pub(super) fn draw(
    world: &World,
    proj: &Projection,
    art: &Art,
    pixels: &mut [[u8; 4]],
    spans: &[ColumnSpan],
) {
    let mut list = Vec::new();
    collect(world, proj, art, &mut list);
    // Far to near, so nearer sprites cover farther ones.
    list.sort_by(|a, b| b.depth.total_cmp(&a.depth));
    for b in &list {
        draw_one(b, proj, pixels, spans);
    }
}

/// Every billboard in front of the eye.
fn collect<'a>(world: &World, proj: &Projection, art: &'a Art, out: &mut Vec<Billboard<'a>>) {
    let a = &world.actors;
    let mut push = |sheet: &'a Sheet,
                    (col, row): (usize, usize),
                    (x, y, z): (f64, f64, f64),
                    size: f64,
                    light: Light| {
        let depth = (x - proj.x) * proj.fx + (y - proj.y) * proj.fy;
        if depth > NEAR {
            out.push(Billboard {
                sheet,
                col,
                row,
                x,
                y,
                z,
                size,
                depth,
                light,
            });
        }
    };
    for w in &a.walkers {
        let light = if w.state == WalkerState::Pain {
            Light::Flash
        } else {
            Light::Fog
        };
        let at = (w.x, w.y, 0.0);
        match w.frame() {
            Frame::Rotated(row) => {
                let col = rotation(w.heading, w.x, w.y, proj.x, proj.y);
                push(&art.walker, (col, row as usize), at, 1.0, light);
            }
            Frame::Flat(col) => push(&art.walker_death, (col as usize, 0), at, 1.0, Light::Fog),
        }
    }
    for t in &a.tanks {
        let size = t.half_width / TANK_FRAME_HALF_WIDTH;
        let at = (t.x, t.y, 0.0);
        if t.state == TankState::Wreck {
            push(&art.tank_wreck, (0, 0), at, size, Light::Fog);
            continue;
        }
        let col = rotation(t.heading, t.x, t.y, proj.x, proj.y);
        let row = (t.tread / TREAD_STEP) as usize % 2;
        let light = if t.flinch > 0 {
            Light::Flash
        } else {
            Light::Fog
        };
        push(&art.tank, (col, row), at, size, light);
    }
    for s in &a.shells {
        let col = (s.age / FLICKER_TICKS) as usize;
        let z = SHELL_HEIGHT - SHELL_SIZE * 0.5;
        push(&art.shell, (col, 0), (s.x, s.y, z), SHELL_SIZE, Light::Glow);
    }
    for p in &a.puffs {
        let col = (p.age * art.puff.cols as u32 / PUFF_TICKS) as usize;
        let size = PUFF_SIZE * p.size;
        push(
            &art.puff,
            (col, 0),
            (p.x, p.y, p.z - size * 0.5),
            size,
            Light::Glow,
        );
    }
}

/// Draws one billboard, column by column, where it is nearer than the wall.
fn draw_one(b: &Billboard, proj: &Projection, pixels: &mut [[u8; 4]], spans: &[ColumnSpan]) {
    let (w, h) = (proj.width, proj.height);
    let side = (b.x - proj.x) * proj.rx + (b.y - proj.y) * proj.ry;
    let scale = proj.focal / b.depth;
    let edge = b.size * scale;
    let left = w as f64 * 0.5 + side * scale - edge * 0.5;
    let top = proj.horizon - (b.z + b.size - proj.eye) * scale;
    let x0 = (left.ceil().max(0.0) as usize).min(w);
    let x1 = ((left + edge).ceil().max(0.0) as usize).min(w);
    let y0 = (top.ceil().max(0.0) as usize).min(h);
    let y1 = ((top + edge).ceil().max(0.0) as usize).min(h);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let n = b.sheet.size;
    let texels_per_pixel = n as f64 / edge;
    let brightness = match b.light {
        Light::Fog => fog(b.depth),
        _ => 256,
    };
    for (x, span) in spans.iter().enumerate().take(x1).skip(x0) {
        if span.depth <= b.depth {
            continue;
        }
        let u = ((x as f64 + 0.5 - left) * texels_per_pixel) as usize;
        let column = b.sheet.column(b.col, b.row, u.min(n - 1));
        for y in y0..y1 {
            let v = ((y as f64 + 0.5 - top) * texels_per_pixel) as usize;
            let texel = column[v.min(n - 1)];
            if !opaque(texel) {
                continue;
            }
            pixels[y * w + x] = match b.light {
                Light::Flash => whiten(texel),
                _ => shade(texel, brightness),
            };
        }
    }
}

/// `texel` halfway to white: a hit's flash.
fn whiten(texel: u32) -> [u8; 4] {
    let [r, g, b, _] = texel.to_ne_bytes();
    let w = |c: u8| ((c as u32 + 255) / 2) as u8;
    [w(r), w(g), w(b), 255]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::{FRAC_PI_2, PI};

    #[test]
    fn an_actor_facing_the_eye_shows_its_front_and_turns_as_the_art_does() {
        // The eye south of the actor, looking north.
        let (ex, ey) = (5.5, 8.5);
        // Facing south, at the eye: the front.
        assert_eq!(rotation(FRAC_PI_2, 5.5, 5.5, ex, ey), 0);
        // Facing east: the eye looks north, so east is on its right and the
        // nose points to the screen's right, column 6.
        assert_eq!(rotation(0.0, 5.5, 5.5, ex, ey), 6);
        // Facing west: nose to the screen's left, column 2; north: the back.
        assert_eq!(rotation(PI, 5.5, 5.5, ex, ey), 2);
        assert_eq!(rotation(3.0 * FRAC_PI_2, 5.5, 5.5, ex, ey), 4);
        // Half way between south and east: column 7.
        assert_eq!(rotation(FRAC_PI_4, 5.5, 5.5, ex, ey), 7);
    }
}
