//! The geometry the enemies share: lines of sight, headings turned
//! toward a bearing, and circles against walls and each other.

use crate::angle::{wrap_positive, wrap_signed};
use crate::map::{raycast, Map};
use crate::sim::reach::hypot_lt;

/// True if no solid tile lies between `a` and `b`: the renderer's grid DDA
/// cast from `a` toward `b`.
pub fn clear_line(map: &Map, a: [f64; 2], b: [f64; 2]) -> bool {
    raycast::cast(map, a[0], a[1], b[0] - a[0], b[1] - a[1], 1.0).is_none()
}

/// `heading` turned toward `target` by at most `max_step` radians.
pub(super) fn turn_toward(heading: f64, target: f64, max_step: f64) -> f64 {
    let d = wrap_signed(target - heading).clamp(-max_step, max_step);
    wrap_positive(heading + d)
}

/// The point of tile (tx, ty) nearest to `p`.
pub(super) fn nearest_in_tile(p: [f64; 2], tx: i64, ty: i64) -> [f64; 2] {
    let (x0, y0) = (tx as f64, ty as f64);
    [p[0].clamp(x0, x0 + 1.0), p[1].clamp(y0, y0 + 1.0)]
}

/// True if a circle at `p` of radius `r` overlaps a solid tile.
pub fn overlaps_wall(map: &Map, p: [f64; 2], r: f64) -> bool {
    map.solid_tiles_near(p, r).any(|(tx, ty)| {
        let n = nearest_in_tile(p, tx, ty);
        hypot_lt(n[0] - p[0], n[1] - p[1], r)
    })
}

/// Moves `p` straight away from `centre` until they are `min_gap` apart.
pub(super) fn push_apart(p: &mut [f64; 2], centre: [f64; 2], min_gap: f64) {
    let (dx, dy) = (p[0] - centre[0], p[1] - centre[1]);
    let d = dx.hypot(dy);
    if d >= min_gap {
        return;
    }
    // Coincident centres: part along x, the same way every time.
    let (ux, uy) = if d > 1e-12 {
        (dx / d, dy / d)
    } else {
        (1.0, 0.0)
    };
    p[0] = centre[0] + ux * min_gap;
    p[1] = centre[1] + uy * min_gap;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_circle_overlaps_a_wall_only_when_it_reaches_it() {
        let map = Map::from_rows(&["####", "#>.#", "####"]);
        assert!(!overlaps_wall(&map, [1.5, 1.5], 0.4));
        assert!(overlaps_wall(&map, [1.5, 1.5], 0.6));
        assert!(overlaps_wall(&map, [1.1, 1.5], 0.2));
    }

    #[test]
    fn sight_is_blocked_by_walls() {
        let map = Map::from_rows(&["#######", "#>.#..#", "#######"]);
        assert!(clear_line(&map, [1.5, 1.5], [2.5, 1.5]));
        assert!(!clear_line(&map, [1.5, 1.5], [4.5, 1.5]));
    }
}
