//! Grid DDA: walks a ray through the tile grid, cell by cell, to the first
//! solid tile (Amanatides & Woo).

use crate::map::{DoorAxis, Map, DOOR};

/// Which kind of grid line a ray hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// A wall face along x = constant (facing east or west).
    X,
    /// A wall face along y = constant (facing north or south).
    Y,
}

/// Where a ray met a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// Ray parameter at the hit: distance in units of the ray's length.
    pub t: f64,
    /// The face hit.
    pub side: Side,
    /// The solid tile hit.
    pub tile: (i64, i64),
    /// Its cell value (wall texture + 1).
    pub cell: u8,
    /// Where along the face, 0 to 1, left to right as seen from the ray.
    pub u: f64,
}

/// Casts a ray from (`ox`, `oy`) along (`dx`, `dy`) and returns the first
/// solid tile it enters within `max_t`, or None. The tile the ray starts
/// in is not tested: the eye is never inside a wall. A door stops the ray
/// at its leaf, in the middle of its tile, unless the ray passes where the
/// leaf has slid open; the hit's `cell` is then [`DOOR`].
pub fn cast(map: &Map, ox: f64, oy: f64, dx: f64, dy: f64, max_t: f64) -> Option<Hit> {
    let (mut tx, mut ty) = Map::tile_of(ox, oy);
    let step_x: i64 = if dx < 0.0 { -1 } else { 1 };
    let step_y: i64 = if dy < 0.0 { -1 } else { 1 };
    // Ray parameter per whole tile crossed on each axis (infinite if the
    // ray runs parallel to that axis).
    let delta_x = (1.0 / dx).abs();
    let delta_y = (1.0 / dy).abs();
    let mut next_x = if dx < 0.0 {
        ox - tx as f64
    } else {
        tx as f64 + 1.0 - ox
    } * delta_x;
    let mut next_y = if dy < 0.0 {
        oy - ty as f64
    } else {
        ty as f64 + 1.0 - oy
    } * delta_y;
    loop {
        let (t, side) = if next_x <= next_y {
            let t = next_x;
            next_x += delta_x;
            tx += step_x;
            (t, Side::X)
        } else {
            let t = next_y;
            next_y += delta_y;
            ty += step_y;
            (t, Side::Y)
        };
        if t.is_nan() || t > max_t {
            return None;
        }
        let cell = map.cell(tx, ty);
        if let (DOOR, Some(d)) = (cell, map.door_at(tx, ty)) {
            let door = &map.doors[d];
            let t_out = next_x.min(next_y);
            match door.ray_hit([ox, oy], [dx, dy], t, t_out) {
                Some((t, u)) if t <= max_t => {
                    let side = match door.axis {
                        DoorAxis::NorthSouth => Side::X,
                        DoorAxis::EastWest => Side::Y,
                    };
                    return Some(Hit {
                        t,
                        side,
                        tile: (tx, ty),
                        cell,
                        u,
                    });
                }
                Some(_) => return None,
                None => continue,
            }
        }
        if cell != 0 {
            let u = match side {
                Side::X => {
                    let f = (oy + t * dy).rem_euclid(1.0);
                    if dx > 0.0 {
                        f
                    } else {
                        1.0 - f
                    }
                }
                Side::Y => {
                    let f = (ox + t * dx).rem_euclid(1.0);
                    if dy > 0.0 {
                        1.0 - f
                    } else {
                        f
                    }
                }
            };
            return Some(Hit {
                t,
                side,
                tile: (tx, ty),
                cell,
                u,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;

    fn maze() -> Map {
        Map::from_rows(&[
            "##########",
            "#>...#...#",
            "#.##.#.#.#",
            "#.#..#.#.#",
            "#.#.##.#.#",
            "#...#..#.#",
            "###...##.#",
            "#...#....#",
            "##########",
        ])
    }

    /// Exact reference: the nearest entry of the ray into any solid tile's
    /// square (slab method), ignoring the start tile.
    fn reference(map: &Map, ox: f64, oy: f64, dx: f64, dy: f64) -> f64 {
        let mut best = f64::INFINITY;
        for ty in -1..=map.height() as i64 {
            for tx in -1..=map.width() as i64 {
                if !map.is_solid(tx, ty) || (tx, ty) == (ox.floor() as i64, oy.floor() as i64) {
                    continue;
                }
                let slab = |o: f64, d: f64, lo: f64| {
                    let (a, b) = ((lo - o) / d, (lo + 1.0 - o) / d);
                    (a.min(b), a.max(b))
                };
                let (x0, x1) = slab(ox, dx, tx as f64);
                let (y0, y1) = slab(oy, dy, ty as f64);
                let (enter, exit) = (x0.max(y0), x1.min(y1));
                if enter <= exit && exit >= 0.0 {
                    best = best.min(enter.max(0.0));
                }
            }
        }
        best
    }

    #[test]
    fn distances_match_exact_reference_on_random_rays() {
        let map = maze();
        let mut rng = Rng::new(42);
        let mut tested = 0;
        while tested < 5000 {
            let ox = 1.0 + rng.next_f64() * 8.0;
            let oy = 1.0 + rng.next_f64() * 7.0;
            if map.is_solid(ox.floor() as i64, oy.floor() as i64) {
                continue;
            }
            let a = rng.next_f64() * std::f64::consts::TAU;
            let (dy, dx) = a.sin_cos();
            let hit = cast(&map, ox, oy, dx, dy, 100.0).expect("closed map: every ray hits");
            let want = reference(&map, ox, oy, dx, dy);
            assert!(
                (hit.t - want).abs() < 1e-9,
                "ray from ({ox},{oy}) at {a}: {} vs {want}",
                hit.t
            );
            assert!((0.0..=1.0).contains(&hit.u));
            tested += 1;
        }
    }

    #[test]
    fn rays_through_tile_corners_hit() {
        // Exactly diagonal rays through grid corners, between two walls
        // that touch only at a corner.
        let map = Map::from_rows(&["####", "#>.#", "#.##", "####"]);
        for &(dx, dy) in &[(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
            let hit = cast(&map, 1.5, 1.5, dx, dy, 10.0).expect("hits");
            assert!(hit.t <= 1.0 + 1e-12, "{dx},{dy}: {}", hit.t);
        }
        // Axis-aligned rays (one delta infinite).
        let hit = cast(&map, 1.5, 1.5, 1.0, 0.0, 10.0).expect("hits");
        assert!((hit.t - 1.5).abs() < 1e-12);
        assert_eq!(hit.side, Side::X);
    }
}
