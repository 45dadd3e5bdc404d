//! The enemies on the minimap, and the F4 overlay of how they steer:
//! each walker's cardioid-weighted pushes and goal (article 001's coloured
//! lines), each tank's two track speeds.

use super::font::Canvas;
use crate::sim::actors::tank::TankState;
use crate::sim::World;

/// A living walker.
const WALKER: [u8; 4] = [240, 170, 40, 255];
/// A living tank.
const TANK: [u8; 4] = [250, 90, 200, 255];
/// A corpse or a wreck.
const DEAD: [u8; 4] = [110, 100, 90, 255];
/// A shell.
const SHELL: [u8; 4] = [255, 240, 120, 255];
/// A walker's goal direction.
const GOAL: [u8; 4] = [60, 230, 90, 255];
/// A track running forward, and backward.
const FORWARD: [u8; 4] = [60, 230, 90, 255];
const BACKWARD: [u8; 4] = [240, 60, 50, 255];
/// Tiles of line per unit of push (the goal direction has length 1).
const PUSH_TILES: f64 = 1.5;

/// Draws every enemy and shell that `shown` lets in, through `to_screen`
/// (tiles to minimap pixels, `cell` pixels a tile); with `steering`, the
/// overlay too.
pub(super) fn draw(
    world: &World,
    steering: bool,
    c: &mut Canvas,
    to_screen: &dyn Fn(f64, f64) -> (f64, f64),
    shown: &dyn Fn(f64, f64) -> bool,
    cell: f64,
) {
    let a = &world.actors;
    let arrow = |c: &mut Canvas, x: f64, y: f64, heading: f64, length: f64, rgba| {
        let (s, co) = heading.sin_cos();
        let (sx, sy) = to_screen(x, y);
        let (ex, ey) = to_screen(x + co * length, y + s * length);
        c.line(sx, sy, ex, ey, rgba);
    };
    for w in a.walkers.iter().filter(|w| shown(w.x, w.y)) {
        let alive = w.state.alive();
        let (sx, sy) = to_screen(w.x, w.y);
        let r = (a.tunables.walker.radius * cell).max(1.5) as i64;
        let colour = if alive { WALKER } else { DEAD };
        c.fill(sx as i64 - r, sy as i64 - r, 2 * r, 2 * r, colour);
        if !alive {
            continue;
        }
        arrow(c, w.x, w.y, w.heading, 0.6, WALKER);
        if steering {
            let (gx, gy) = to_screen(w.x + w.goal[0], w.y + w.goal[1]);
            c.line(sx, sy, gx, gy, GOAL);
            for p in &w.pushes {
                let (px, py) = to_screen(
                    w.x + p.vector[0] * PUSH_TILES,
                    w.y + p.vector[1] * PUSH_TILES,
                );
                c.line(sx, sy, px, py, push_colour(p.weight));
            }
        }
    }
    let max = a.tunables.tank.drive.max_track_speed;
    for t in a.tanks.iter().filter(|t| shown(t.x, t.y)) {
        let (sx, sy) = to_screen(t.x, t.y);
        let r = (t.radius() * cell).max(2.0) as i64;
        let alive = t.state != TankState::Wreck;
        c.fill(
            sx as i64 - r,
            sy as i64 - r,
            2 * r,
            2 * r,
            if alive { TANK } else { DEAD },
        );
        if !alive {
            continue;
        }
        arrow(c, t.x, t.y, t.heading, t.radius() + 0.5, TANK);
        if steering {
            tracks(c, t.x, t.y, t.heading, t.half_width, t.used, max, to_screen);
        }
    }
    for s in a.shells.iter().filter(|s| shown(s.x, s.y)) {
        let (sx, sy) = to_screen(s.x, s.y);
        c.fill(sx as i64 - 1, sy as i64 - 1, 2, 2, SHELL);
    }
}

/// A push's colour by its cardioid weight: blue (behind, ignored) to red
/// (dead ahead, full strength).
fn push_colour(weight: f64) -> [u8; 4] {
    let w = weight.clamp(0.0, 1.0);
    [(60.0 + 195.0 * w) as u8, 80, (255.0 - 195.0 * w) as u8, 255]
}

/// A tank's two track speeds as bars along its sides: length by speed
/// (a tile at `max`), green forward, red backward.
#[allow(clippy::too_many_arguments)]
fn tracks(
    c: &mut Canvas,
    x: f64,
    y: f64,
    heading: f64,
    half_width: f64,
    (left, right): (f64, f64),
    max: f64,
    to_screen: &dyn Fn(f64, f64) -> (f64, f64),
) {
    let (s, co) = heading.sin_cos();
    // Left of the heading, in a y-south frame, is (s, -co).
    for (speed, side) in [(left, 1.0), (right, -1.0)] {
        let (bx, by) = (x + s * half_width * side, y - co * half_width * side);
        let k = speed / max;
        let (sx, sy) = to_screen(bx, by);
        let (ex, ey) = to_screen(bx + co * k, by + s * k);
        c.line(
            sx,
            sy,
            ex,
            ey,
            if speed >= 0.0 { FORWARD } else { BACKWARD },
        );
    }
}
