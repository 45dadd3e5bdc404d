//! The minimap: the map from above, top right, north up, with the
//! player's speed, push and heading, the pickups, the course's checkpoints
//! (the next one marked) and the enemies' marks (`radar`).
//!
//! Like ECWolf's automap it shows what the player has seen ([`Seen`]: the
//! simulation's fan of sight), and enemies only while in sight; the HUD's
//! `full_map` shows everything.
//!
//! [`Seen`]: crate::sim::seen::Seen

use super::{key_colour, Hud, HEADING, SPEED, WHITE};
use crate::map::{Map, MapArt, PickupKind};
use crate::render::beacon::BeaconLook;
use crate::render::font::Canvas;
use crate::render::{radar, View};
use crate::sim::{Model, World};

/// Where the minimap lies: the cells it shows across and down, a cell's
/// side and its top-left corner, pixels.
pub(super) struct MinimapBox {
    cells: (usize, usize),
    cell: f64,
    x0: f64,
    y0: f64,
}

impl MinimapBox {
    /// The most cells the minimap shows across or down.
    const MAX_CELLS: usize = 32;

    /// The minimap of `map` in the top right of `c`, at most 45% of the
    /// frame's shorter side.
    pub(super) fn new(map: &Map, c: &Canvas, scale: usize) -> Self {
        let cells_w = map.width().clamp(1, Self::MAX_CELLS);
        let cells_h = map.height().clamp(1, Self::MAX_CELLS);
        let room = (c.width.min(c.height) as f64 * 0.45) as usize;
        let cell = (room / cells_w.max(cells_h)).clamp(2, 12 * scale) as f64;
        Self {
            cells: (cells_w, cells_h),
            cell,
            x0: c.width as f64 - cells_w as f64 * cell - 10.0,
            y0: 10.0,
        }
    }

    /// The first row below the minimap's backdrop.
    pub(super) fn bottom(&self) -> i64 {
        self.y0 as i64 - 4 + (self.cells.1 as f64 * self.cell) as i64 + 8
    }
}

/// The map from above, top right, north up, centred on the player when the
/// map is larger than the window onto it.
#[inline]
pub(super) fn minimap(
    (world, map_art): (&World, &MapArt),
    view: &View,
    hud: &Hud,
    c: &mut Canvas,
    scale: usize,
) {
    let map = world.map();
    let MinimapBox {
        cells: (cells_w, cells_h),
        cell,
        x0,
        y0,
    } = MinimapBox::new(map, c, scale);
    let (px, py) = (view.pose.x, view.pose.y);
    // First cell shown, keeping the window inside the map.
    let first = |pos: f64, shown: usize, total: usize| {
        (pos - shown as f64 / 2.0).clamp(0.0, (total.saturating_sub(shown)) as f64)
    };
    let (fx, fy) = (
        first(px, cells_w, map.width()),
        first(py, cells_h, map.height()),
    );
    let box_h = (cells_h as f64 * cell) as i64 + 8;
    let to_screen = |x: f64, y: f64| (x0 + (x - fx) * cell, y0 + (y - fy) * cell);
    // The window and what it shows, in the bands it meets; the player's
    // marks below may reach past it (a fast flight's velocity line), so
    // every band draws them, each clipped to its rows: a band's cut never
    // changes what is drawn.
    if c.meets(y0 as i64 - 4, box_h) {
        window(
            world,
            map_art,
            hud,
            c,
            (cells_w, cells_h, cell),
            (x0, y0, fx, fy),
            box_h,
        );
    }
    player_marks(world, c, &to_screen, cell);
}

/// The minimap's window: its backdrop, the cells of the map that meet
/// the band, and the radar's marks.
fn window(
    world: &World,
    map_art: &MapArt,
    hud: &Hud,
    c: &mut Canvas,
    (cells_w, cells_h, cell): (usize, usize, f64),
    (x0, y0, fx, fy): (f64, f64, f64, f64),
    box_h: i64,
) {
    let map = world.map();
    c.shade_rect(
        x0 as i64 - 4,
        y0 as i64 - 4,
        (cells_w as f64 * cell) as i64 + 8,
        box_h,
    );
    // Only the cell rows that meet this band.
    let band = |row: usize| ((row as f64 - y0) / cell).floor().max(0.0) as usize;
    let (j0, j1) = (band(c.y0).saturating_sub(1), (band(c.y1) + 2).min(cells_h));
    let side = cell as i64;
    let (left, top) = (fx.floor() as i64, fy.floor() as i64);
    let seen = world.seen();
    let known = |tx: i64, ty: i64| hud.full_map || seen.ever(tx, ty);
    // A cell's colour on the minimap; none for open floor, an open door
    // or a cell not yet seen.
    let colour = |tx: i64, ty: i64| {
        let v = map.cell(tx, ty);
        if v == 0 || !known(tx, ty) {
            return None;
        }
        match map.door_at(tx, ty).map(|d| &map.doors[d]) {
            Some(d) if d.is_open() => None,
            Some(d) => Some(d.lock.map_or(DOOR_COLOUR, key_colour)),
            None => Some(
                map_art
                    .walls
                    .get(v as usize - 1)
                    .map_or([128; 3], |t| t.average()),
            ),
        }
    };
    for ty in (j0..j1).map(|j| top + j as i64) {
        let sy = (y0 + (ty as f64 - fy) * cell) as i64;
        // Cells of one colour side by side, filled as one: the pixels of
        // their squares (`[x, end)` across, the colour), not a fill each.
        let mut run: Option<(i64, i64, [u8; 3])> = None;
        let flush = |c: &mut Canvas, run: Option<(i64, i64, [u8; 3])>| {
            if let Some((from, end, [r, g, b])) = run {
                c.fill(from, sy, end - from, side, [r, g, b, 255]);
            }
        };
        for tx in (0..cells_w).map(|i| left + i as i64) {
            let rgb = colour(tx, ty);
            let sx = (x0 + (tx as f64 - fx) * cell) as i64;
            run = match (run, rgb) {
                (Some((from, end, same)), Some(rgb)) if end == sx && same == rgb => {
                    Some((from, sx + side, rgb))
                }
                (last, rgb) => {
                    flush(c, last);
                    rgb.map(|rgb| (sx, sx + side, rgb))
                }
            };
        }
        flush(c, run);
    }
    let to_screen = |x: f64, y: f64| (x0 + (x - fx) * cell, y0 + (y - fy) * cell);
    let inside = |x: f64, y: f64| {
        (fx..fx + cells_w as f64).contains(&x) && (fy..fy + cells_h as f64).contains(&y)
    };
    let tile = |x: f64, y: f64| Map::tile_of(x, y);
    let marked = |x: f64, y: f64| {
        let (tx, ty) = tile(x, y);
        inside(x, y) && known(tx, ty)
    };
    marks(world, hud.course_next, c, &to_screen, &marked, cell);
    // Enemies only while in sight.
    let in_sight = |x: f64, y: f64| {
        let (tx, ty) = tile(x, y);
        inside(x, y) && (hud.full_map || seen.now(tx, ty))
    };
    radar::draw(world, hud.steering, c, &to_screen, &in_sight, cell);
}

/// The pickups lying about and the course's checkpoints that `shown` lets
/// in, through `to_screen` (`cell` pixels a tile): a pickup a dot of its
/// colour, a checkpoint a square (the one at index `next` of the course
/// larger and brighter, those before it dim), the finish a green square.
fn marks(
    world: &World,
    next: usize,
    c: &mut Canvas,
    to_screen: &dyn Fn(f64, f64) -> (f64, f64),
    shown: &dyn Fn(f64, f64) -> bool,
    cell: f64,
) {
    let square = |c: &mut Canvas, at: [f64; 2], half: f64, rgb: [u8; 3]| {
        let (sx, sy) = to_screen(at[0], at[1]);
        let r = half.max(1.0);
        let [red, green, blue] = rgb;
        let side = (2.0 * r) as i64;
        c.fill(
            (sx - r) as i64,
            (sy - r) as i64,
            side,
            side,
            [red, green, blue, 255],
        );
    };
    for p in world.pickups().iter().filter(|p| shown(p.x, p.y)) {
        let rgb = match p.kind {
            PickupKind::Key(key) => key_colour(key),
            PickupKind::Health => HEALTH_COLOUR,
            PickupKind::Fuel => FUEL_COLOUR,
            PickupKind::Ammo | PickupKind::DroppedAmmo | PickupKind::Weapon(_) => ARMS_COLOUR,
            PickupKind::Food => HEALTH_COLOUR,
            PickupKind::Treasure(_) => TREASURE_COLOUR,
        };
        square(c, [p.x, p.y], cell * 0.25, rgb);
    }
    let Some(course) = &world.map().course else {
        return;
    };
    let last = course.checkpoints().len() - 1;
    for (i, point) in course.checkpoints().iter().enumerate() {
        if !shown(point.at[0], point.at[1]) {
            continue;
        }
        let beacon = BeaconLook::of(i, last, next);
        let half = match beacon {
            BeaconLook::Next | BeaconLook::FinishNext => cell * 0.5,
            _ => cell * 0.35,
        };
        if matches!(beacon, BeaconLook::Next | BeaconLook::FinishNext) {
            square(c, point.at, half + 1.0, [0, 0, 0]);
        }
        square(c, point.at, half, beacon.colour());
    }
}

/// A first-aid kit on the minimap.
const HEALTH_COLOUR: [u8; 3] = [240, 240, 240];
/// A fuel can on the minimap.
const FUEL_COLOUR: [u8; 3] = [240, 130, 40];
/// Rounds and weapons on the minimap: brass.
const ARMS_COLOUR: [u8; 3] = [220, 190, 90];

/// The player on the minimap: velocity, push, heading and a dot.
fn player_marks(
    world: &World,
    c: &mut Canvas,
    to_screen: &impl Fn(f64, f64) -> (f64, f64),
    cell: f64,
) {
    let p = world.player();
    let (sx, sy) = to_screen(p.x, p.y);
    // Velocity: one tile drawn per tile/s of speed.
    let (ex, ey) = to_screen(p.x + p.velocity[0], p.y + p.velocity[1]);
    c.line(sx, sy, ex, ey, SPEED);
    if world.tunables().model == Model::Polar {
        // Push: two tiles long at full strength.
        let (as_, ac) = p.last_input.angle.sin_cos();
        let k = 2.0 * p.last_input.acceleration.abs().min(1.0);
        let (ax, ay) = to_screen(p.x + ac * k, p.y + as_ * k);
        c.line(sx, sy, ax, ay, WHITE);
    }
    let (hs, hc) = p.heading.sin_cos();
    let (hx, hy) = to_screen(p.x + hc * 0.8, p.y + hs * 0.8);
    c.line(sx, sy, hx, hy, HEADING);
    let r = (world.tunables().player_radius * cell).max(2.0) as i64;
    c.fill(
        sx as i64 - r,
        sy as i64 - r,
        2 * r,
        2 * r,
        [220, 40, 40, 255],
    );
}

/// Treasure on the minimap.
const TREASURE_COLOUR: [u8; 3] = [250, 220, 100];

/// A shut door on the minimap.
const DOOR_COLOUR: [u8; 3] = [150, 110, 60];
