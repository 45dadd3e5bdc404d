//! A flow field over the map grid: the walking distance from every open
//! tile to one target tile, and from it the way to go. One field serves
//! every enemy hunting the same target (article 001 chose vector fields
//! over a path search per agent); it is rebuilt only when the target
//! changes tile.

use crate::map::Map;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Cost of a diagonal step, in tiles.
const DIAGONAL: f32 = std::f32::consts::SQRT_2;
/// The eight neighbours, orthogonal first: (dx, dy, cost).
const STEPS: [(i64, i64, f32); 8] = [
    (1, 0, 1.0),
    (-1, 0, 1.0),
    (0, 1, 1.0),
    (0, -1, 1.0),
    (1, 1, DIAGONAL),
    (1, -1, DIAGONAL),
    (-1, 1, DIAGONAL),
    (-1, -1, DIAGONAL),
];

/// Distances to a target tile over open floor, and the way down them.
#[derive(Clone, Debug, Default)]
pub struct FlowField {
    width: usize,
    height: usize,
    target: Option<(i64, i64)>,
    /// Walking distance to the target per tile, row-major; infinite for
    /// walls and tiles the target cannot be reached from.
    dist: Vec<f32>,
    /// The search's queue, kept to reuse its memory.
    queue: Vec<Entry>,
}

/// A tile waiting in the search, ordered nearest first.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    dist: f32,
    index: usize,
}

impl Eq for Entry {}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed, so the max-heap pops the nearest; ties by index keep
        // the order the same on every run.
        other
            .dist
            .total_cmp(&self.dist)
            .then(other.index.cmp(&self.index))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl FlowField {
    /// An empty field: no target, no way anywhere.
    pub fn new() -> Self {
        Self::default()
    }

    /// The target tile the field leads to, once built.
    pub fn target(&self) -> Option<(i64, i64)> {
        self.target
    }

    /// Builds the field toward `target` on `map` (Dijkstra over open
    /// tiles, 8-connected, a diagonal step only where both tiles beside it
    /// are open, so no path cuts a wall's corner). Reuses its memory: a
    /// rebuild on a map of the same size allocates nothing new. The open
    /// plane, which has no grid, leaves the field empty.
    pub fn rebuild(&mut self, map: &Map, target: (i64, i64)) {
        self.width = map.width();
        self.height = map.height();
        self.target = Some(target);
        self.dist.clear();
        self.dist.resize(self.width * self.height, f32::INFINITY);
        let Some(start) = self
            .index(target)
            .filter(|_| !map.is_solid(target.0, target.1))
        else {
            return;
        };
        let mut heap = BinaryHeap::from(std::mem::take(&mut self.queue));
        heap.clear();
        self.dist[start] = 0.0;
        heap.push(Entry {
            dist: 0.0,
            index: start,
        });
        while let Some(Entry { dist, index }) = heap.pop() {
            if dist > self.dist[index] {
                continue;
            }
            let (x, y) = ((index % self.width) as i64, (index / self.width) as i64);
            for (dx, dy, cost) in STEPS {
                if !passable(map, x, y, dx, dy) {
                    continue;
                }
                let n = self
                    .index((x + dx, y + dy))
                    .expect("open tiles are on the grid");
                let d = dist + cost;
                if d < self.dist[n] {
                    self.dist[n] = d;
                    heap.push(Entry { dist: d, index: n });
                }
            }
        }
        self.queue = heap.into_vec();
    }

    /// The walking distance from `tile` to the target, tiles; None for a
    /// wall, a tile off the grid or one the target cannot be reached from.
    pub fn distance(&self, tile: (i64, i64)) -> Option<f64> {
        let d = self.dist[self.index(tile)?];
        d.is_finite().then_some(f64::from(d))
    }

    /// The unit direction to walk from `pos` toward the target: toward the
    /// centre of the neighbouring tile nearest the target, or, in the
    /// target tile, toward its centre. None where the target cannot be
    /// reached, at the target's centre, and on an empty field.
    pub fn direction(&self, pos: [f64; 2]) -> Option<[f64; 2]> {
        let tile = Map::tile_of(pos[0], pos[1]);
        let here = self.distance(tile)?;
        let mut best = (here, tile);
        for (dx, dy, cost) in STEPS {
            let n = (tile.0 + dx, tile.1 + dy);
            let diagonal_ok = dx == 0
                || dy == 0
                || (self.distance((tile.0 + dx, tile.1)).is_some()
                    && self.distance((tile.0, tile.1 + dy)).is_some());
            match self.distance(n) {
                // Ties go to the orthogonal step (listed first).
                Some(d) if diagonal_ok && d + f64::from(cost) * 1e-6 < best.0 => best = (d, n),
                _ => {}
            }
        }
        let centre = [best.1 .0 as f64 + 0.5, best.1 .1 as f64 + 0.5];
        let (dx, dy) = (centre[0] - pos[0], centre[1] - pos[1]);
        let len = dx.hypot(dy);
        (len > 1e-9).then(|| [dx / len, dy / len])
    }

    /// The row-major index of `tile`, if it is on the grid.
    fn index(&self, (x, y): (i64, i64)) -> Option<usize> {
        let on = x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height;
        on.then(|| y as usize * self.width + x as usize)
    }
}

/// True if a step by (dx, dy) from open tile (x, y) lands on open floor
/// without cutting a wall's corner.
fn passable(map: &Map, x: i64, y: i64, dx: i64, dy: i64) -> bool {
    let open = |x, y| !map.is_solid(x, y);
    open(x + dx, y + dy) && (dx == 0 || dy == 0 || (open(x + dx, y) && open(x, y + dy)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::collision::slide;

    #[test]
    fn distances_go_round_walls() {
        let map = Map::from_rows(&["#####", "#>#.#", "#...#", "#####"]);
        let mut f = FlowField::new();
        f.rebuild(&map, (1, 1));
        assert_eq!(f.distance((1, 1)), Some(0.0));
        assert_eq!(f.distance((2, 1)), None, "a wall");
        assert_eq!(f.distance((1, 2)), Some(1.0));
        // (3, 1): down, across twice, up; both diagonals would cut the
        // corner of the wall at (2, 1).
        assert_eq!(f.distance((3, 1)), Some(4.0));
        assert_eq!(f.distance((3, 2)), Some(3.0));
    }

    #[test]
    fn a_walled_off_tile_has_no_way() {
        let map = Map::from_rows(&["######", "#>.#.#", "######"]);
        let mut f = FlowField::new();
        f.rebuild(&map, (1, 1));
        assert_eq!(f.distance((4, 1)), None);
        assert_eq!(f.direction([4.5, 1.5]), None);
    }

    #[test]
    fn following_the_field_reaches_a_target_behind_a_u() {
        let map = Map::from_rows(&[
            "############",
            "#..........#",
            "#..######..#",
            "#.......#..#",
            "#.......#.>#",
            "#..######..#",
            "#..........#",
            "############",
        ]);
        let mut f = FlowField::new();
        f.rebuild(&map, (10, 4));
        let mut p = [4.5, 4.0];
        for step in 0..4000 {
            if Map::tile_of(p[0], p[1]) == (10, 4) {
                assert!(step < 2000);
                return;
            }
            let d = f.direction(p).expect("a way");
            p = slide(&map, p, [d[0] * 0.02, d[1] * 0.02], 0.3).0;
        }
        panic!("never arrived: {p:?}");
    }

    #[test]
    fn rebuilding_reuses_memory() {
        let map = Map::from_rows(&["#######", "#>....#", "#.....#", "#######"]);
        let mut f = FlowField::new();
        f.rebuild(&map, (1, 1));
        let caps = (f.dist.capacity(), f.queue.capacity());
        f.rebuild(&map, (5, 2));
        assert_eq!(caps, (f.dist.capacity(), f.queue.capacity()));
        assert_eq!(f.target(), Some((5, 2)));
    }

    #[test]
    fn the_open_plane_has_no_field() {
        let mut f = FlowField::new();
        f.rebuild(&Map::open_plane(), (0, 0));
        assert_eq!(f.direction([0.5, 0.5]), None);
    }
}
