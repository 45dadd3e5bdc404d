//! The player's body against the map: a circle sliding on solid tiles.
//!
//! A move is cut into sub-moves no longer than half the radius, and after
//! each one the circle is pushed out of every tile it overlaps along the
//! shortest way out. So no speed can tunnel through a wall, a move into a
//! wall at an angle keeps the part along the wall (it slides), and a move
//! straight into a wall ends at the same place every tick (no jitter).

use crate::map::Map;

/// Extra clearance (tiles) left after a push-out, so rounding never leaves
/// the circle a hair inside the wall.
const SKIN: f64 = 1e-9;
/// Push-out passes per sub-move: enough for an inside corner (two walls).
const PASSES: usize = 3;
/// The longest move a body makes in one tick, tiles (480 tiles per second,
/// far beyond any speed the tunables allow). A longer one (an exploded
/// model) is cut to this and counts as stopped, so the caller's velocity
/// is cut with it.
pub const MAX_MOVE: f64 = 4.0;
/// The smallest radius the sub-moves are cut for, tiles.
const MIN_RADIUS: f64 = 0.01;
/// How much faster than its velocity a push-out may move a body, tiles per
/// second, before the excess is taken as a body that started inside a wall
/// being pushed out rather than as motion. A slide along a wall from a
/// clear place exceeds its velocity by the skin only, about 1e-7.
const PUSH_OUT_SPEED: f64 = 1.0;

/// Where a circle of `radius` ends after trying to move by `delta` from
/// `pos`, and whether a wall (or the cut of a move longer than
/// [`MAX_MOVE`]) stopped any part of the move. A move that is not a number
/// goes nowhere and counts as stopped.
pub fn slide(map: &Map, pos: [f64; 2], delta: [f64; 2], radius: f64) -> ([f64; 2], bool) {
    let length = delta[0].hypot(delta[1]);
    if !length.is_finite() || !pos.iter().all(|v| v.is_finite()) {
        return (pos, true);
    }
    let (delta, cut) = if length > MAX_MOVE {
        let k = MAX_MOVE / length;
        ([delta[0] * k, delta[1] * k], true)
    } else {
        (delta, false)
    };
    // At most 4 / 0.005 = 800 parts.
    let parts = (length.min(MAX_MOVE) / (radius.max(MIN_RADIUS) * 0.5))
        .ceil()
        .max(1.0);
    let step = [delta[0] / parts, delta[1] / parts];
    let mut p = pos;
    let mut hit = false;
    for _ in 0..parts as usize {
        p = [p[0] + step[0], p[1] + step[1]];
        hit |= push_out(map, &mut p, radius);
    }
    (p, hit || cut)
}

/// The velocity a body keeps after a stopped slide from `from` to `to` in
/// `dt`, having tried to move at `velocity`: its displacement over the
/// time, but never faster than it was going (beyond a skin's worth), so a
/// body pushed out of a wall it started in is not flung by the push.
pub fn kept_velocity(from: [f64; 2], to: [f64; 2], velocity: [f64; 2], dt: f64) -> [f64; 2] {
    let kept = [(to[0] - from[0]) / dt, (to[1] - from[1]) / dt];
    let (speed, was) = (kept[0].hypot(kept[1]), velocity[0].hypot(velocity[1]));
    if speed > was + PUSH_OUT_SPEED {
        let k = was / speed;
        [kept[0] * k, kept[1] * k]
    } else {
        kept
    }
}

/// Pushes the circle at `p` out of every solid tile it overlaps; true if it
/// had to.
pub fn push_out(map: &Map, p: &mut [f64; 2], radius: f64) -> bool {
    let mut hit = false;
    for _ in 0..PASSES {
        let mut moved = false;
        // The tiles are those near the circle where the pass starts.
        for (tx, ty) in map.solid_tiles_near(*p, radius) {
            moved |= push_from_tile(map, p, (tx, ty), radius);
        }
        hit |= moved;
        if !moved {
            break;
        }
    }
    hit
}

/// Pushes the circle out of the solid tile (`ix`, `iy`). Near one of the
/// tile's corners the push is away from the corner, unless a solid
/// neighbour continues the tile's face past that corner: then the wall is
/// straight there, and the push is square off the face, as from the
/// neighbour itself. (Pushed off the corner, a body sliding along a wall
/// was thrown forward at every seam between its tiles.)
fn push_from_tile(map: &Map, p: &mut [f64; 2], (ix, iy): (i64, i64), radius: f64) -> bool {
    let (tx, ty) = (ix as f64, iy as f64);
    let mut near = [p[0].clamp(tx, tx + 1.0), p[1].clamp(ty, ty + 1.0)];
    let beside_x = p[0] < tx || p[0] > tx + 1.0;
    let beside_y = p[1] < ty || p[1] > ty + 1.0;
    if beside_x && beside_y {
        let nx = if p[0] < tx { ix - 1 } else { ix + 1 };
        let ny = if p[1] < ty { iy - 1 } else { iy + 1 };
        if map.is_solid(nx, iy) {
            // The row goes on: its face is a line of constant y.
            near[0] = p[0];
        } else if map.is_solid(ix, ny) {
            // The column goes on: its face is a line of constant x.
            near[1] = p[1];
        }
    }
    let away = [p[0] - near[0], p[1] - near[1]];
    let dist = away[0].hypot(away[1]);
    if dist >= radius {
        return false;
    }
    if dist > 0.0 {
        let push = (radius + SKIN - dist) / dist;
        p[0] += away[0] * push;
        p[1] += away[1] * push;
    } else {
        // The centre is inside the tile (only a spawn could put it there):
        // leave by the nearest face.
        let exits = [
            (p[0] - tx, [-1.0, 0.0]),
            (tx + 1.0 - p[0], [1.0, 0.0]),
            (p[1] - ty, [0.0, -1.0]),
            (ty + 1.0 - p[1], [0.0, 1.0]),
        ];
        let (depth, dir) = exits
            .iter()
            .copied()
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("four exits");
        p[0] += dir[0] * (depth + radius + SKIN);
        p[1] += dir[1] * (depth + radius + SKIN);
    }
    true
}

/// True if a circle of `radius` at `p` overlaps no solid tile.
pub fn is_clear(map: &Map, p: [f64; 2], radius: f64) -> bool {
    let mut q = p;
    !push_out(map, &mut q, radius)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> Map {
        Map::from_rows(&["#####", "#>..#", "#...#", "#...#", "#####"])
    }

    #[test]
    fn straight_into_a_wall_stops_at_the_same_place() {
        let map = room();
        let mut p = [2.5, 2.5];
        let mut resting: Option<[f64; 2]> = None;
        for _ in 0..100 {
            let (q, hit) = slide(&map, p, [0.05, 0.0], 0.3);
            p = q;
            if let Some(r) = resting {
                assert_eq!(p, r, "no jitter against the wall");
            } else if hit {
                resting = Some(p);
            }
        }
        assert!((p[0] - (4.0 - 0.3)).abs() < 1e-6);
        assert_eq!(p[1], 2.5);
    }

    #[test]
    fn at_an_angle_slides_along() {
        let map = room();
        let (p, hit) = slide(&map, [3.6, 2.0], [0.1, 0.1], 0.3);
        assert!(hit);
        assert!((p[0] - 3.7).abs() < 1e-6);
        assert!((p[1] - 2.1).abs() < 1e-9);
    }

    #[test]
    fn a_huge_move_does_not_tunnel() {
        let map = room();
        let (p, _) = slide(&map, [2.5, 2.5], [40.0, 13.0], 0.3);
        assert!(is_clear(&map, p, 0.3 - 1e-6));
        assert!(p[0] > 1.0 && p[0] < 4.0 && p[1] > 1.0 && p[1] < 4.0);
    }
}
