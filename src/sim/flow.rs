//! A flow field over the map grid: the walking distance from every open
//! tile to one target tile, and from it the way to go. One field serves
//! every enemy of one size hunting the same target (article 001 chose
//! vector fields over a path search per agent); it is rebuilt only when
//! the target changes tile.
//!
//! A field has a clearance: a tile counts as open only if its centre is at
//! least that far from every wall, so a field for a wide tank routes it
//! round pillars with room to spare, where a walker's passes close by.

use crate::map::{raycast, Map};
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU32, Ordering as Memory};

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
    /// The least distance from a tile's centre to a wall for the tile to
    /// count as open, tiles.
    clearance: f64,
    /// Per tile, row-major: open floor with the clearance.
    open: Vec<bool>,
    /// Walking distance to the target per tile, row-major; infinite for
    /// walls and tiles the target cannot be reached from.
    dist: Vec<f32>,
    /// The search's queue, kept to reuse its memory.
    queue: Vec<Entry>,
    /// Per tile, the tile one step down the field, worked out the first
    /// time a walker asks (see [`NextTiles`]).
    next: NextTiles,
    /// The map's [`Map::generation`] when the field was built: a push
    /// wall that has moved since makes it stale.
    generation: u32,
}

/// A tile's next tile down the field, as its row-major index: [`UNKNOWN`]
/// until first asked for, [`NO_TILE`] where there is none. Walkers on
/// every core fill it in as they go; each entry is a pure function of the
/// distances, so whoever writes it first writes the same value, and
/// relaxed atomics suffice.
#[derive(Debug, Default)]
struct NextTiles(Vec<AtomicU32>);

/// Not yet worked out.
const UNKNOWN: u32 = u32::MAX;
/// No tile: at the target, or where the target cannot be reached.
const NO_TILE: u32 = u32::MAX - 1;

impl Clone for NextTiles {
    fn clone(&self) -> Self {
        Self(
            self.0
                .iter()
                .map(|a| AtomicU32::new(a.load(Memory::Relaxed)))
                .collect(),
        )
    }
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

    /// The field's clearance, tiles.
    pub fn clearance(&self) -> f64 {
        self.clearance
    }

    /// True if the field leads to `target` on `map` as it stands now: built
    /// for that target since the map's cells last changed (a push wall
    /// sliding into or out of a tile).
    pub fn leads_to(&self, map: &Map, target: (i64, i64)) -> bool {
        self.target == Some(target) && self.generation == map.generation()
    }

    /// Builds the field toward `target` on `map` for bodies needing
    /// `clearance` tiles from walls (Dijkstra over open tiles, where a door
    /// that is not locked counts as open since enemies open it; 8-connected,
    /// a diagonal step only where both tiles beside it are open, so no
    /// path cuts a wall's corner; the target tile is a source even if it
    /// lacks the clearance). Reuses its memory: a rebuild on a map of the
    /// same size allocates nothing new. The open plane, which has no grid,
    /// leaves the field empty.
    pub fn rebuild(&mut self, map: &Map, target: (i64, i64), clearance: f64) {
        self.width = map.width();
        self.height = map.height();
        self.target = Some(target);
        self.generation = map.generation();
        self.mark_open(map, clearance);
        self.dist.clear();
        self.dist.resize(self.width * self.height, f32::INFINITY);
        // Forget the old next tiles; keep the memory.
        let cells = self.width * self.height;
        self.next.0.truncate(cells);
        for n in &self.next.0 {
            n.store(UNKNOWN, Memory::Relaxed);
        }
        self.next.0.resize_with(cells, || AtomicU32::new(UNKNOWN));
        let Some(start) = self
            .index(target)
            .filter(|_| !map.blocks_paths(target.0, target.1))
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
                if !self.passable(x, y, dx, dy) {
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

    /// `tile` if the field reaches it, else the neighbour of `tile` that
    /// the field reaches and that is nearest the target.
    fn entry(&self, tile: (i64, i64)) -> Option<(i64, i64)> {
        if self.distance(tile).is_some() {
            return Some(tile);
        }
        let mut best: Option<(f64, (i64, i64))> = None;
        for (dx, dy, _) in STEPS {
            let n = (tile.0 + dx, tile.1 + dy);
            match self.distance(n) {
                Some(d) if best.is_none_or(|b| d < b.0) => best = Some((d, n)),
                _ => {}
            }
        }
        best.map(|b| b.1)
    }

    /// The neighbour of `tile` one step nearer the target (no corner
    /// cutting; ties to the orthogonal step); None at the target or where
    /// the target cannot be reached.
    pub fn next_tile(&self, tile: (i64, i64)) -> Option<(i64, i64)> {
        let i = self.index(tile)?;
        let known = self.next.0.get(i).map(|n| n.load(Memory::Relaxed));
        let next = match known {
            Some(UNKNOWN) => {
                let found = self.find_next(tile);
                let code = found
                    .and_then(|t| self.index(t))
                    .map_or(NO_TILE, |n| n as u32);
                self.next.0[i].store(code, Memory::Relaxed);
                code
            }
            Some(code) => code,
            None => return self.find_next(tile),
        };
        (next != NO_TILE).then(|| {
            (
                (next as usize % self.width) as i64,
                (next as usize / self.width) as i64,
            )
        })
    }

    /// [`FlowField::next_tile`] worked out from the distances.
    fn find_next(&self, tile: (i64, i64)) -> Option<(i64, i64)> {
        let here = self.distance(tile)?;
        let mut best: Option<(f64, (i64, i64))> = None;
        for (dx, dy, _) in STEPS {
            let n = (tile.0 + dx, tile.1 + dy);
            let open = |t| self.distance(t).is_some();
            let diagonal_ok = dx == 0 || dy == 0 || (open((n.0, tile.1)) && open((tile.0, n.1)));
            match self.distance(n) {
                Some(d) if diagonal_ok && d < here && best.is_none_or(|b| d < b.0) => {
                    best = Some((d, n))
                }
                _ => {}
            }
        }
        best.map(|b| b.1)
    }

    /// A point to head for from `pos`: the centre of the farthest tile, at
    /// most `steps` tiles down the field, that a body of `radius` sees in
    /// a straight line (its centre line and both its edges clear of
    /// walls). Following it smooths the grid's staircase into straight
    /// runs. None where the target cannot be reached; the target's centre
    /// itself in the target tile.
    pub fn waypoint(
        &self,
        map: &Map,
        pos: [f64; 2],
        radius: f64,
        steps: usize,
    ) -> Option<[f64; 2]> {
        let centre = |t: (i64, i64)| [t.0 as f64 + 0.5, t.1 as f64 + 0.5];
        let here = Map::tile_of(pos[0], pos[1]);
        let mut tile = self.entry(here)?;
        if tile != here {
            // Standing where the field has no room: first back to the
            // nearest tile that has.
            return Some(centre(tile));
        }
        let mut best = centre(tile);
        for _ in 0..steps {
            let Some(next) = self.next_tile(tile) else {
                break;
            };
            tile = next;
            if !clear_band(map, pos, centre(tile), radius) {
                // The first step is always taken: its tile touches ours.
                if best == centre(Map::tile_of(pos[0], pos[1])) {
                    best = centre(tile);
                }
                break;
            }
            best = centre(tile);
        }
        Some(best)
    }

    /// Marks which tiles are open floor with `clearance`. Done on every
    /// rebuild (it costs about what the search does): a field reused for
    /// another map of the same size must not keep the old one's walls.
    fn mark_open(&mut self, map: &Map, clearance: f64) {
        let count = self.width * self.height;
        self.clearance = clearance;
        self.open.clear();
        let reach = clearance.ceil() as i64;
        for i in 0..count {
            let (x, y) = ((i % self.width) as i64, (i / self.width) as i64);
            let centre = [x as f64 + 0.5, y as f64 + 0.5];
            let clear = (-reach..=reach).all(|dy| {
                (-reach..=reach).all(|dx| {
                    let (tx, ty) = (x + dx, y + dy);
                    let near = [
                        centre[0].clamp(tx as f64, tx as f64 + 1.0),
                        centre[1].clamp(ty as f64, ty as f64 + 1.0),
                    ];
                    !map.blocks_paths(tx, ty)
                        || (near[0] - centre[0]).hypot(near[1] - centre[1]) >= clearance
                })
            });
            self.open.push(clear && !map.blocks_paths(x, y));
        }
    }

    /// True if a step by (dx, dy) from tile (x, y) lands on an open tile
    /// without cutting a corner.
    fn passable(&self, x: i64, y: i64, dx: i64, dy: i64) -> bool {
        let open = |x, y| self.index((x, y)).is_some_and(|i| self.open[i]);
        open(x + dx, y + dy) && (dx == 0 || dy == 0 || (open(x + dx, y) && open(x, y + dy)))
    }

    /// The row-major index of `tile`, if it is on the grid.
    fn index(&self, (x, y): (i64, i64)) -> Option<usize> {
        let on = x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height;
        on.then(|| y as usize * self.width + x as usize)
    }
}

/// True if the band `radius` wide either side of the segment `a`-`b` is
/// clear of walls along its centre line and both edges (the renderer's
/// grid DDA).
pub fn clear_band(map: &Map, a: [f64; 2], b: [f64; 2], radius: f64) -> bool {
    // Where nothing but open floor comes within the radius of the segment,
    // the three rays below can only meet open floor (Map::open_around): one
    // walk answers for three, with the same answer.
    map.open_around(a, b, radius) || rays_clear(map, a, b, radius)
}

/// [`clear_band`] by its three rays.
fn rays_clear(map: &Map, a: [f64; 2], b: [f64; 2], radius: f64) -> bool {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return true;
    }
    let (nx, ny) = (-dy / len * radius, dx / len * radius);
    [0.0, 1.0, -1.0].iter().all(|&k| {
        let (ox, oy) = (a[0] + nx * k, a[1] + ny * k);
        raycast::cast(map, ox, oy, dx, dy, 1.0).is_none()
            && !map.is_solid(crate::map::floor_i64(ox), crate::map::floor_i64(oy))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::collision::slide;

    #[test]
    fn distances_go_round_walls() {
        let map = Map::from_rows(&["#####", "#>#.#", "#...#", "#####"]);
        let mut f = FlowField::new();
        f.rebuild(&map, (1, 1), 0.0);
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
        f.rebuild(&map, (1, 1), 0.0);
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
        f.rebuild(&map, (10, 4), 0.0);
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
    fn waypoints_pull_the_staircase_straight_and_never_through_a_wall() {
        let map = Map::from_rows(&[
            "##########",
            "#>.......#",
            "#........#",
            "#.....####",
            "#........#",
            "##########",
        ]);
        let mut f = FlowField::new();
        f.rebuild(&map, (8, 4), 0.0);
        // From the open top left, the target corner is round the wall: the
        // waypoint is far down the field but on this side of the corner.
        let w = f.waypoint(&map, [1.5, 1.5], 0.3, 12).unwrap();
        assert_eq!(w, [5.5, 4.5], "the corner tile, in clear view");
        assert!(clear_band(&map, [1.5, 1.5], w, 0.3));
        assert!(!clear_band(&map, [1.5, 1.5], [8.5, 4.5], 0.3));
        // Along the bottom corridor it looks straight at the target.
        assert_eq!(f.waypoint(&map, [2.5, 4.5], 0.3, 12), Some([8.5, 4.5]));
    }

    #[test]
    fn a_wide_body_is_routed_clear_of_a_pillar() {
        let map = Map::from_rows(&[
            "#########",
            "#.......#",
            "#.......#",
            "#...#...#",
            "#.......#",
            "#.......#",
            "#>......#",
            "#########",
        ]);
        let mut thin = FlowField::new();
        thin.rebuild(&map, (4, 6), 0.3);
        let mut wide = FlowField::new();
        wide.rebuild(&map, (4, 6), 0.6);
        // Beside the pillar: open to a walker, too tight for a wide hull.
        assert!(thin.distance((3, 3)).is_some());
        assert_eq!(wide.distance((3, 3)), None);
        // Tiles along the outer walls are too tight as well, but the field
        // still reaches round the pillar through the room between.
        assert_eq!(wide.distance((4, 1)), None);
        assert!(wide.distance((2, 2)).is_some());
        // A wide body caught beside it is led back out to room first.
        let w = wide.waypoint(&map, [3.6, 3.5], 0.6, 8).unwrap();
        assert!(wide.distance(Map::tile_of(w[0], w[1])).is_some());
    }

    #[test]
    fn rebuilding_reuses_memory() {
        let map = Map::from_rows(&["#######", "#>..#.#", "#.....#", "#######"]);
        let mut f = FlowField::new();
        let open: Vec<(i64, i64)> = (0..7)
            .flat_map(|x| (0..4).map(move |y| (x, y)))
            .filter(|&(x, y)| !map.is_solid(x, y))
            .collect();
        // The search queue grows to the largest frontier any target needs;
        // after one round of every target, no rebuild allocates.
        for &tile in &open {
            f.rebuild(&map, tile, 0.0);
        }
        let caps = |f: &FlowField| (f.open.capacity(), f.dist.capacity(), f.queue.capacity());
        let before = caps(&f);
        for &tile in open.iter().rev() {
            f.rebuild(&map, tile, 0.3);
            assert_eq!(f.target(), Some(tile));
        }
        assert_eq!(before, caps(&f));
    }

    #[test]
    fn a_field_reused_for_another_map_of_the_same_size_sees_its_walls() {
        let first = Map::from_rows(&["#####", "#>..#", "#####"]);
        let second = Map::from_rows(&["#####", "#>#.#", "#####"]);
        let mut f = FlowField::new();
        f.rebuild(&first, (1, 1), 0.3);
        assert_eq!(f.distance((3, 1)), Some(2.0));
        f.rebuild(&second, (1, 1), 0.3);
        assert_eq!(f.distance((2, 1)), None);
        assert_eq!(f.distance((3, 1)), None, "walled off now");
    }

    /// True if the straight run from `p` along `d` to the first tile centre
    /// it meets (the one a direction aims at) stays on floor.
    fn runs_on_floor(map: &Map, p: [f64; 2], d: [f64; 2]) -> bool {
        let at_centre = |v: f64| (v - v.floor() - 0.5).abs() < 0.03;
        for k in 1..=45 {
            let q = [p[0] + d[0] * k as f64 * 0.05, p[1] + d[1] * k as f64 * 0.05];
            let t = Map::tile_of(q[0], q[1]);
            if map.is_solid(t.0, t.1) {
                return false;
            }
            if at_centre(q[0]) && at_centre(q[1]) {
                break;
            }
        }
        true
    }

    #[test]
    fn directions_never_lead_into_a_wall() {
        let map = Map::from_rows(&[
            "##########",
            "#........#",
            "#.#..##..#",
            "#..#..#..#",
            "#.##.....#",
            "#......#>#",
            "##########",
        ]);
        let mut f = FlowField::new();
        f.rebuild(&map, (8, 5), 0.0);
        // Near every corner, edge and the centre of every reachable tile.
        let samples = [0.05, 0.5, 0.95];
        let mut checked = 0;
        for (tx, ty) in (0..10).flat_map(|x| (0..7).map(move |y| (x, y))) {
            if f.distance((tx, ty)).is_none() {
                continue;
            }
            for (sx, sy) in samples.iter().flat_map(|&a| samples.map(|b| (a, b))) {
                let p = [tx as f64 + sx, ty as f64 + sy];
                if p == [8.5, 5.5] {
                    assert_eq!(f.direction(p), None, "at the target's centre");
                    continue;
                }
                let d = f
                    .direction(p)
                    .unwrap_or_else(|| panic!("no way from {p:?}, which reaches the target"));
                assert!((d[0].hypot(d[1]) - 1.0).abs() < 1e-9, "unit: {d:?}");
                assert!(runs_on_floor(&map, p, d), "from {p:?} along {d:?}");
                checked += 1;
            }
        }
        // Every floor tile of the map reaches the target: 32 tiles of 9
        // samples, less the target's centre.
        assert_eq!(checked, 32 * 9 - 1);
    }

    /// A random map `w` x `h`: walls on about one tile in `sparse`, and
    /// three doors (one locked), each between walls east and west.
    fn scattered(rng: &mut crate::rng::Rng, w: usize, h: usize, sparse: f64) -> Map {
        let mut rows: Vec<Vec<u8>> = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| {
                        let edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
                        if edge || rng.next_f64() * sparse < 1.0 {
                            b'#'
                        } else {
                            b'.'
                        }
                    })
                    .collect()
            })
            .collect();
        rows[1][1] = b'>';
        for (i, door) in [b'D', b'D', b'G'].into_iter().enumerate() {
            let (x, y) = (3 + i * 4, h / 2);
            // Walls east and west, floor north and south.
            rows[y][x - 1] = b'#';
            rows[y][x + 1] = b'#';
            rows[y - 1][x] = b'.';
            rows[y + 1][x] = b'.';
            rows[y][x] = door;
        }
        let rows: Vec<String> = rows
            .into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect();
        Map::from_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>())
    }

    #[test]
    fn the_quick_answer_is_the_rays_answer() {
        // Map::open_around may only say yes where the three rays say yes:
        // segments in every direction, some with ends on grid lines or at
        // a band's edge exactly on a wall's face, among scattered walls
        // and doors (a door cell counts as a wall to it, open or not).
        let mut rng = crate::rng::Rng::new(5);
        let (mut quick, mut rays) = (0, 0);
        for round in 0..40 {
            let mut map = scattered(&mut rng, 24, 16, [3.0, 6.0, 12.0, 40.0][round % 4]);
            if round % 2 == 1 {
                for d in &mut map.doors {
                    d.open = 1.0;
                }
            }
            for _ in 0..2_000 {
                let snap = |v: f64, rng: &mut crate::rng::Rng| {
                    if rng.next_f64() < 0.3 {
                        (v * 8.0).round() / 8.0
                    } else {
                        v
                    }
                };
                let point = |rng: &mut crate::rng::Rng| {
                    let x = 1.0 + rng.next_f64() * 22.0;
                    let y = 1.0 + rng.next_f64() * 14.0;
                    [snap(x, rng), snap(y, rng)]
                };
                let a = point(&mut rng);
                let b = if rng.next_f64() < 0.5 {
                    point(&mut rng)
                } else {
                    // Short hops, as a waypoint's first steps are.
                    let k = rng.next_f64() * 3.0;
                    [
                        a[0] + k * (rng.next_f64() - 0.5),
                        a[1] + k * (rng.next_f64() - 0.5),
                    ]
                };
                let radius = match rng.next_f64() {
                    r if r < 0.2 => [0.0, 0.25, 0.3, 0.5, 0.875, 0.9][(r * 30.0) as usize],
                    r => r * 0.95,
                };
                let exact = rays_clear(&map, a, b, radius);
                let fast = map.open_around(a, b, radius);
                assert!(exact || !fast, "{a:?} to {b:?} radius {radius}");
                assert_eq!(clear_band(&map, a, b, radius), exact);
                quick += usize::from(fast);
                rays += usize::from(exact);
            }
        }
        // The quick answer is worth having: most clear bands get it.
        assert!(quick * 2 > rays, "{quick} quick of {rays} clear");
    }

    #[test]
    fn the_quick_answer_keeps_off_walls_and_odd_values() {
        let map = Map::from_rows(&["#######", "#>....#", "#######"]);
        // A band along the corridor: 0.5 either side reaches the walls'
        // faces, a little less does not.
        let (a, b) = ([1.5, 1.5], [5.5, 1.5]);
        assert!(map.open_around(a, b, 0.49));
        assert!(!map.open_around(a, b, 0.5));
        assert!(rays_clear(&map, a, b, 0.49));
        // Past the reach it answers for, or with values out of range, it
        // promises nothing.
        assert!(!map.open_around(a, b, 0.95));
        assert!(!map.open_around(a, b, -0.1));
        assert!(!map.open_around([f64::NAN, 1.5], b, 0.1));
        assert!(!map.open_around(a, [2e6, 1.5], 0.1));
        // The open plane is open everywhere.
        assert!(Map::open_plane().open_around([-40.0, 3.0], [50.0, -8.0], 0.9));
    }

    #[test]
    fn the_open_plane_has_no_field() {
        let mut f = FlowField::new();
        f.rebuild(&Map::open_plane(), (0, 0), 0.0);
        assert_eq!(f.direction([0.5, 0.5]), None);
    }
}
