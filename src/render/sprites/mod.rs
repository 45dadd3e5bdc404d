//! The sprite pass: enemies, corpses, wrecks, pickups, a course's beacons,
//! shells and puffs drawn as billboards, far to near, each screen column tested against the wall
//! depth there, transparent texels skipped.
//!
//! The exhaust's particles, small squares of colour rather than
//! billboards, are `sparks`.

mod sparks;
#[cfg(test)]
mod tests;

pub(super) use sparks::{particles, Sparks};

use super::arms::arms_item;
use super::beacon::BeaconLook;
use super::{fog, shade, ColumnSpan, Projection, Rows};
use crate::map::{Key, PickupKind};
use crate::sim::actors::guard::{GuardState, DEATH_ROW};
use crate::sim::actors::shell::{MAX_PUFFS, MAX_SHELLS, PUFF_TICKS};
use crate::sim::actors::tank::TankState;
use crate::sim::actors::walker::{Frame, WalkerState};
use crate::sim::actors::SHELL_HEIGHT;
use crate::sim::World;
use crate::sprites::{opaque, Art, Sheet};
use std::f64::consts::{FRAC_PI_4, TAU};

/// Nothing nearer than this is drawn, tiles: it would fill the screen.
const NEAR: f64 = 0.05;

/// The half width at which a tank's frame is one tile across, tiles: the
/// tank sheet draws a hull of this half width (radius 0.455 tiles) with its
/// footprint filling the hull's circle, so the drawing scales with the
/// body the simulation gives it (`examples/gen_sprites.rs`, `tank`).
const TANK_FRAME_HALF_WIDTH: f64 = 0.35;

/// How far the turret's billboard stands in front of the hull's, tiles.
const TURRET_AHEAD: f64 = 0.002;

/// Tread distance per animation frame, tiles.
const TREAD_STEP: f64 = 0.06;

/// Size of a shell's frame, tiles.
const SHELL_SIZE: f64 = 0.35;

/// Size of a bullet puff's frame, tiles (a shell's blast is bigger).
const PUFF_SIZE: f64 = 0.3;

/// Size of a pickup's frame, tiles: items lie small on the floor.
const PICKUP_SIZE: f64 = 0.5;

/// Height of a beacon's frame, tiles: a column from the floor to the top
/// of a wall, seen from across a room.
const BEACON_SIZE: f64 = 1.0;

/// A beacon's number plate: the frame's edge of one digit, tiles, and the
/// height of its bottom above the floor, tiles (a little above the eye,
/// clear of the walkers' heads).
const DIGIT_SIZE: f64 = 0.22;
const DIGIT_Z: f64 = 0.52;

/// How far a beacon's number stands in front of its column, tiles, so
/// that it is drawn over it.
const DIGIT_AHEAD: f64 = 0.03;

/// Ticks per shell flicker frame.
const FLICKER_TICKS: u32 = 4;

/// Which of the art's sheets a billboard shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum SheetId {
    Walker,
    WalkerDeath,
    Tank,
    TankTurret,
    TankWreck,
    Guard,
    /// Keys, first aid and fuel lying on the floor.
    Items,
    /// Rounds and weapons lying on the floor, one frame per
    /// [`arms_item`].
    ArmsItems,
    /// A course's checkpoint or finish, one frame per [`BeaconLook`].
    Beacon,
    /// A beacon's number, one frame a digit.
    Digits,
    Shell,
    Puff,
}

impl SheetId {
    fn of(self, art: &Art) -> &Sheet {
        match self {
            SheetId::Walker => &art.walker,
            SheetId::WalkerDeath => &art.walker_death,
            SheetId::Tank => &art.tank,
            SheetId::TankTurret => &art.tank_turret,
            SheetId::TankWreck => &art.tank_wreck,
            SheetId::Guard => &art.guard,
            SheetId::Shell => &art.shell,
            SheetId::Puff => &art.puff,
            SheetId::Items => &art.items,
            SheetId::ArmsItems => &art.arms_items,
            SheetId::Beacon => &art.beacon,
            SheetId::Digits => &art.digits,
        }
    }
}

/// One billboard to draw: a frame of a sheet standing in the world.
#[derive(Clone, Copy, Debug)]
pub(super) struct Billboard {
    sheet: SheetId,
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
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// Fills `list` with every billboard of `world` in front of the eye, far
/// to near, so that drawn in order nearer sprites cover farther ones; the
/// course's beacons as the checkpoint at index `course_next` is the next
/// to take.
pub(super) fn collect(
    world: &World,
    proj: &Projection,
    art: &Art,
    course_next: usize,
    list: &mut Vec<Billboard>,
) {
    list.clear();
    // Room for every actor, beacon and number, and the most shells and
    // puffs there can be, so the list stops growing (and allocating) once
    // it has this much.
    let a = world.actors();
    let beacons = world
        .map()
        .course
        .as_ref()
        .map_or(0, |c| c.checkpoints().len());
    list.reserve(
        a.walkers.len()
            + a.tanks.len() * 2
            + a.guards.len()
            + world.map().pickups.len()
            + beacons * (1 + MAX_DIGITS)
            + MAX_SHELLS
            + MAX_PUFFS,
    );
    gather(world, proj, art, list);
    beacons_into(world, proj, course_next, list);
    // Stable: a beacon's number, pushed after it, stays over it.
    list.sort_by(|a, b| b.depth.total_cmp(&a.depth));
}

/// The most digits a beacon's number has: a course is at most a grid's
/// worth of checkpoints, under a million.
const MAX_DIGITS: usize = 7;

/// The course's beacons in front of the eye: each checkpoint a glowing
/// column with its number on a plate, the finish a chequered one; looking
/// as [`BeaconLook`] says against the next to take, at index `next`.
fn beacons_into(world: &World, proj: &Projection, next: usize, out: &mut Vec<Billboard>) {
    let Some(course) = &world.map().course else {
        return;
    };
    let last = course.checkpoints().len() - 1;
    for (i, point) in course.checkpoints().iter().enumerate() {
        let [x, y] = point.at;
        let depth = (x - proj.x) * proj.fx + (y - proj.y) * proj.fy;
        if depth <= NEAR {
            continue;
        }
        let look = BeaconLook::of(i, last, next);
        let light = match look {
            BeaconLook::Passed => Light::Fog,
            _ => Light::Glow,
        };
        let beacon = Billboard {
            sheet: SheetId::Beacon,
            col: look as usize,
            row: 0,
            x,
            y,
            z: 0.0,
            size: BEACON_SIZE,
            depth,
            light,
        };
        out.push(beacon);
        if i < last {
            number_into(beacon, i + 1, proj, out);
        }
    }
}

/// The digits of `number` on plates side by side across the view, in
/// front of `beacon`'s column.
fn number_into(beacon: Billboard, number: usize, proj: &Projection, out: &mut Vec<Billboard>) {
    let digits = number.checked_ilog10().map_or(1, |d| d as usize + 1);
    let (x, y) = (
        beacon.x - proj.fx * DIGIT_AHEAD,
        beacon.y - proj.fy * DIGIT_AHEAD,
    );
    let mut rest = number;
    for k in 0..digits.min(MAX_DIGITS) {
        // The last digit rightmost: k places left of it.
        let across = DIGIT_SIZE * ((digits - 1) as f64 * 0.5 - k as f64);
        out.push(Billboard {
            sheet: SheetId::Digits,
            col: rest % 10,
            x: x + proj.rx * across,
            y: y + proj.ry * across,
            z: DIGIT_Z,
            size: DIGIT_SIZE,
            depth: beacon.depth - DIGIT_AHEAD,
            ..beacon
        });
        rest /= 10;
    }
}

/// Draws the billboards of `list`, in order, in `rows`.
pub(super) fn draw(
    list: &[Billboard],
    proj: &Projection,
    art: &Art,
    rows: &mut Rows,
    spans: &[ColumnSpan],
) {
    for b in list {
        draw_one(b, b.sheet.of(art), proj, rows, spans);
    }
}

/// Every billboard in front of the eye, in no order.
fn gather(world: &World, proj: &Projection, art: &Art, out: &mut Vec<Billboard>) {
    let a = world.actors();
    let mut push = |sheet: SheetId,
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
                push(SheetId::Walker, (col, row as usize), at, 1.0, light);
            }
            Frame::Flat(col) => push(SheetId::WalkerDeath, (col as usize, 0), at, 1.0, Light::Fog),
        }
    }
    for g in &a.guards {
        let light = if g.state == GuardState::Pain {
            Light::Flash
        } else {
            Light::Fog
        };
        let at = (g.x, g.y, 0.0);
        let frame = match g.frame() {
            Frame::Rotated(row) => (rotation(g.heading, g.x, g.y, proj.x, proj.y), row),
            Frame::Flat(col) => (col as usize, DEATH_ROW),
        };
        push(SheetId::Guard, (frame.0, frame.1 as usize), at, 1.0, light);
    }
    for t in &a.tanks {
        let size = t.half_width / TANK_FRAME_HALF_WIDTH;
        let at = (t.x, t.y, 0.0);
        if t.state == TankState::Wreck {
            push(SheetId::TankWreck, (0, 0), at, size, Light::Fog);
            continue;
        }
        let col = rotation(t.heading, t.x, t.y, proj.x, proj.y);
        let row = (t.tread / TREAD_STEP) as usize % 2;
        let light = if t.flinch > 0 {
            Light::Flash
        } else {
            Light::Fog
        };
        push(SheetId::Tank, (col, row), at, size, light);
        // The turret over the hull, turned toward the tank's aim: a hair
        // nearer, so it is drawn after it.
        let col = rotation(t.turret, t.x, t.y, proj.x, proj.y);
        let (x, y) = (t.x - proj.fx * TURRET_AHEAD, t.y - proj.fy * TURRET_AHEAD);
        push(SheetId::TankTurret, (col, 0), (x, y, 0.0), size, light);
    }
    for p in world.pickups() {
        let col = match p.kind {
            PickupKind::Key(Key::Gold) => 0,
            PickupKind::Key(Key::Silver) => 1,
            PickupKind::Health => 2,
            PickupKind::Fuel => 3,
            kind @ (PickupKind::Ammo | PickupKind::DroppedAmmo | PickupKind::Weapon(_)) => {
                let at = (p.x, p.y, 0.0);
                push(
                    SheetId::ArmsItems,
                    (arms_item(kind), 0),
                    at,
                    PICKUP_SIZE,
                    Light::Fog,
                );
                continue;
            }
            PickupKind::Food => 4,
            PickupKind::Treasure(t) => 5 + t as usize,
        };
        push(
            SheetId::Items,
            (col, 0),
            (p.x, p.y, 0.0),
            PICKUP_SIZE,
            Light::Fog,
        );
    }
    for s in &a.shells {
        let col = (s.age / FLICKER_TICKS) as usize;
        let z = SHELL_HEIGHT - SHELL_SIZE * 0.5;
        push(
            SheetId::Shell,
            (col, 0),
            (s.x, s.y, z),
            SHELL_SIZE,
            Light::Glow,
        );
    }
    for p in &a.puffs {
        let col = (p.age * art.puff.cols as u32 / PUFF_TICKS) as usize;
        let size = PUFF_SIZE * p.size;
        push(
            SheetId::Puff,
            (col, 0),
            (p.x, p.y, p.z - size * 0.5),
            size,
            Light::Glow,
        );
    }
}

/// Draws one billboard of `sheet`, column by column, where it is nearer
/// than the wall, in `rows`.
fn draw_one(
    b: &Billboard,
    sheet: &Sheet,
    proj: &Projection,
    rows: &mut Rows,
    spans: &[ColumnSpan],
) {
    let w = proj.width;
    let side = (b.x - proj.x) * proj.rx + (b.y - proj.y) * proj.ry;
    let scale = proj.focal / b.depth;
    let edge = b.size * scale;
    let left = w as f64 * 0.5 + side * scale - edge * 0.5;
    let top = proj.horizon - (b.z + b.size - proj.eye) * scale;
    let x0 = (left.ceil().max(0.0) as usize).min(w);
    let x1 = ((left + edge).ceil().max(0.0) as usize).min(w);
    let y0 = (top.ceil().max(0.0) as usize).clamp(rows.y0, rows.y1);
    let y1 = ((top + edge).ceil().max(0.0) as usize).clamp(rows.y0, rows.y1);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let n = sheet.size;
    let texels_per_pixel = n as f64 / edge;
    let brightness = match b.light {
        Light::Fog => fog(b.depth),
        _ => 256,
    };
    // A block of columns at a time: each column's texels found once (none
    // where the wall is nearer), then painted a row at a time, each row's
    // texel found once: pixels side by side, where a column at a time
    // stored a row apart and worked out the texel row for every pixel
    // (PERF.md entry 134).
    let mut columns: [&[u32]; SPRITE_BLOCK] = [&[]; SPRITE_BLOCK];
    for from in (x0..x1).step_by(SPRITE_BLOCK) {
        let to = (from + SPRITE_BLOCK).min(x1);
        let columns = &mut columns[..to - from];
        for (x, column) in (from..to).zip(columns.iter_mut()) {
            *column = if spans[x].depth <= b.depth {
                &[]
            } else {
                let u = ((x as f64 + 0.5 - left) * texels_per_pixel) as usize;
                sheet.column(b.col, b.row, u.min(n - 1))
            };
        }
        for y in y0..y1 {
            let v = ((y as f64 + 0.5 - top) * texels_per_pixel) as usize;
            let at = (y - rows.y0) * w;
            for (p, column) in rows.pixels[at + from..at + to].iter_mut().zip(&*columns) {
                match column.get(v.min(n - 1)) {
                    Some(&texel) if opaque(texel) => {
                        *p = match b.light {
                            Light::Flash => whiten(texel),
                            _ => shade(texel, brightness),
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Columns of a billboard [`draw_one`] paints together: their texel
/// columns' slices, on the stack.
const SPRITE_BLOCK: usize = 128;

/// `texel` halfway to white: a hit's flash.
fn whiten(texel: u32) -> [u8; 4] {
    let [r, g, b, _] = texel.to_ne_bytes();
    let w = |c: u8| ((c as u32 + 255) / 2) as u8;
    [w(r), w(g), w(b), 255]
}
