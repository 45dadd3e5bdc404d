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
/// A guard's dot and heading: the blue-grey of its uniform, lightened.
const GUARD: [u8; 4] = [120, 170, 230, 255];
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
/// Length of a walker's heading line, tiles.
const WALKER_HEADING: f64 = 0.6;
/// How far a tank's heading line reaches past its hull, tiles.
const TANK_HEADING_PAST_HULL: f64 = 0.5;
/// The smallest dot of a walker, and square of a tank, half a side in pixels.
const MIN_WALKER_DOT: f64 = 1.5;
const MIN_TANK_DOT: f64 = 2.0;
/// Half a side of a shell's dot, pixels.
const SHELL_DOT: i64 = 1;

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
    let a = world.actors();
    let arrow = |c: &mut Canvas, x: f64, y: f64, heading: f64, length: f64, rgba| {
        let (s, co) = heading.sin_cos();
        let (sx, sy) = to_screen(x, y);
        let (ex, ey) = to_screen(x + co * length, y + s * length);
        c.line(sx, sy, ex, ey, rgba);
    };
    for w in a.walkers.iter().filter(|w| shown(w.x, w.y)) {
        let alive = w.state.alive();
        let (sx, sy) = to_screen(w.x, w.y);
        let r = (a.tunables.walker.radius * cell).max(MIN_WALKER_DOT) as i64;
        let colour = if alive { WALKER } else { DEAD };
        c.fill(sx as i64 - r, sy as i64 - r, 2 * r, 2 * r, colour);
        if !alive {
            continue;
        }
        arrow(c, w.x, w.y, w.heading, WALKER_HEADING, WALKER);
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
    for g in a.guards.iter().filter(|g| shown(g.x, g.y)) {
        let alive = g.state.alive();
        let (sx, sy) = to_screen(g.x, g.y);
        let r = (a.tunables.guard.radius * cell).max(MIN_WALKER_DOT) as i64;
        c.fill(
            sx as i64 - r,
            sy as i64 - r,
            2 * r,
            2 * r,
            if alive { GUARD } else { DEAD },
        );
        if alive {
            arrow(c, g.x, g.y, g.heading, WALKER_HEADING, GUARD);
        }
    }
    let max = a.tunables.tank.drive.max_track_speed;
    for t in a.tanks.iter().filter(|t| shown(t.x, t.y)) {
        let (sx, sy) = to_screen(t.x, t.y);
        let r = (t.radius() * cell).max(MIN_TANK_DOT) as i64;
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
        let reach = t.radius() + TANK_HEADING_PAST_HULL;
        arrow(c, t.x, t.y, t.heading, reach, TANK);
        if steering {
            tracks(c, t.x, t.y, t.heading, t.half_width, t.used, max, to_screen);
        }
    }
    for s in a.shells.iter().filter(|s| shown(s.x, s.y)) {
        let (sx, sy) = to_screen(s.x, s.y);
        let r = SHELL_DOT;
        c.fill(sx as i64 - r, sy as i64 - r, 2 * r, 2 * r, SHELL);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::sim::{Scenario, Tunables};

    /// A walled 10x10 world holding one walker and one tank, both facing
    /// east.
    fn world() -> World {
        let mut rows = vec!["#........#".to_string(); 10];
        rows[0] = "#".repeat(10);
        rows[9] = "#".repeat(10);
        rows[1] = "#>.......#".into();
        rows[3] = "#.w......#".into();
        rows[7] = "#.t......#".into();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        World::new(Map::from_rows(&rows), Tunables::default(), 1)
    }

    /// The radar of `world` on a black 80x80 canvas, 8 pixels a tile.
    fn radar(world: &World, steering: bool) -> Vec<[u8; 4]> {
        let mut pixels = vec![[0, 0, 0, 255]; 80 * 80];
        let mut c = Canvas::whole(&mut pixels, 80, 80);
        let to_screen = |x: f64, y: f64| (x * 8.0, y * 8.0);
        draw(world, steering, &mut c, &to_screen, &|_, _| true, 8.0);
        pixels
    }

    #[test]
    fn the_overlay_shows_a_walkers_goal_only_when_asked() {
        // The walker at (2.5, 3.5) heads south-west; its goal is north.
        let w = Scenario::from_world(world())
            .actors(|a| {
                a.walkers[0].heading = 3.0 * std::f64::consts::FRAC_PI_4;
                a.walkers[0].goal = [0.0, -1.0];
            })
            .build();
        let at_goal = |p: &[[u8; 4]]| p[(3.5 * 8.0 - 6.0) as usize * 80 + 20];
        assert_eq!(at_goal(&radar(&w, true)), GOAL);
        assert_ne!(at_goal(&radar(&w, false)), GOAL);
    }

    #[test]
    fn the_overlay_shows_each_track_forward_or_backward() {
        let w = Scenario::from_world(world())
            .actors(|a| {
                let max = a.tunables.tank.drive.max_track_speed;
                a.tanks[0].used = (max, -max);
            })
            .build();
        let count = |p: &[[u8; 4]], rgba| p.iter().filter(|&&q| q == rgba).count();
        let on = radar(&w, true);
        assert!(count(&on, FORWARD) > 0 && count(&on, BACKWARD) > 0);
        let off = radar(&w, false);
        assert_eq!(count(&off, BACKWARD), 0);
    }
}
