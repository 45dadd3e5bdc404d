//! Neighbour queries through the map grid: bodies bucketed by tile, so
//! finding what is near costs about the same however many there are.

/// Item indices bucketed by the tile they stand on (a counting sort into
/// one flat list), rebuilt every tick without allocating once grown.
#[derive(Clone, Debug, Default)]
pub struct SpatialGrid {
    width: usize,
    height: usize,
    /// Where each cell's items start in `items`; one more entry than cells.
    starts: Vec<u32>,
    /// Item indices, cell by cell.
    items: Vec<u32>,
    /// Each item's cell, from the last rebuild.
    cells: Vec<u32>,
}

impl SpatialGrid {
    /// An empty grid.
    pub fn new() -> Self {
        Self::default()
    }

    /// Buckets the items at `positions` (tiles; index = order given) on a
    /// `width` x `height` grid. Positions off the grid go to its border
    /// cells; a grid of no size (the open plane) is one cell.
    pub fn rebuild(
        &mut self,
        width: usize,
        height: usize,
        positions: impl Iterator<Item = [f64; 2]>,
    ) {
        (self.width, self.height) = (width.max(1), height.max(1));
        let count = self.width * self.height;
        self.cells.clear();
        for p in positions {
            self.cells.push(self.cell_of(p) as u32);
        }
        self.starts.clear();
        self.starts.resize(count + 1, 0);
        for &c in &self.cells {
            self.starts[c as usize + 1] += 1;
        }
        for i in 0..count {
            self.starts[i + 1] += self.starts[i];
        }
        self.items.clear();
        self.items.resize(self.cells.len(), 0);
        // Fill each cell from its end, so `starts` ends up at each start.
        let mut ends = std::mem::take(&mut self.starts);
        for (item, &c) in self.cells.iter().enumerate().rev() {
            let end = &mut ends[c as usize + 1];
            *end -= 1;
            self.items[*end as usize] = item as u32;
        }
        // `ends[c + 1]` now holds cell c's start: shift back by one.
        ends.remove(0);
        ends.push(self.items.len() as u32);
        self.starts = ends;
    }

    /// Calls `f` with every item whose cell meets the square of half side
    /// `reach` around `pos`: a superset of the items within `reach`.
    pub fn near(&self, pos: [f64; 2], reach: f64, mut f: impl FnMut(usize)) {
        if self.starts.is_empty() {
            return;
        }
        let (x0, y0) = self.clamped(pos[0] - reach, pos[1] - reach);
        let (x1, y1) = self.clamped(pos[0] + reach, pos[1] + reach);
        for y in y0..=y1 {
            let row = y * self.width;
            let (a, b) = (self.starts[row + x0], self.starts[row + x1 + 1]);
            for &item in &self.items[a as usize..b as usize] {
                f(item as usize);
            }
        }
    }

    /// The cell holding `p`, clamped onto the grid.
    fn cell_of(&self, p: [f64; 2]) -> usize {
        let (x, y) = self.clamped(p[0], p[1]);
        y * self.width + x
    }

    /// The grid column and row of (x, y), clamped onto the grid (NaN to 0).
    fn clamped(&self, x: f64, y: f64) -> (usize, usize) {
        let c = |v: f64, n: usize| (crate::map::floor_i64(v).max(0) as usize).min(n - 1);
        (c(x, self.width), c(y, self.height))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` points spread a tile past every edge of a 20 x 10 grid, from a
    /// fixed `seed`.
    fn points(n: usize, seed: u64) -> Vec<[f64; 2]> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                let mut r = || {
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (s >> 11) as f64 / (1u64 << 53) as f64
                };
                [r() * 22.0 - 1.0, r() * 12.0 - 1.0]
            })
            .collect()
    }

    #[test]
    fn near_finds_exactly_what_a_brute_force_search_finds() {
        // Points spill a tile past every edge: clamped into the border
        // cells, they must still be found (clamping keeps order).
        let pts = points(500, 12345);
        let mut g = SpatialGrid::new();
        g.rebuild(20, 10, pts.iter().copied());
        let queries = points(40, 777);
        for (n, &q) in queries.iter().enumerate() {
            let reach = [0.3, 0.7, 1.5, 2.5][n % 4];
            let mut found = Vec::new();
            g.near(q, reach, |i| found.push(i));
            let candidates = found.len();
            found.sort_unstable();
            found.dedup();
            assert_eq!(found.len(), candidates, "an item reported twice");
            assert!(candidates < pts.len() / 4, "a query is local");
            let within = |i: &usize| (pts[*i][0] - q[0]).hypot(pts[*i][1] - q[1]) <= reach;
            found.retain(within);
            let brute: Vec<usize> = (0..pts.len()).filter(within).collect();
            assert_eq!(found, brute, "query {q:?} reach {reach}");
        }
    }

    #[test]
    fn every_item_is_in_exactly_one_cell_and_memory_is_reused() {
        let pts = points(300, 12345);
        let mut g = SpatialGrid::new();
        g.rebuild(20, 10, pts.iter().copied());
        let mut all = Vec::new();
        g.near([10.0, 5.0], 100.0, |i| all.push(i));
        all.sort_unstable();
        assert_eq!(all, (0..300).collect::<Vec<_>>());
        let caps = (g.starts.capacity(), g.items.capacity(), g.cells.capacity());
        g.rebuild(20, 10, pts.iter().rev().copied());
        assert_eq!(
            caps,
            (g.starts.capacity(), g.items.capacity(), g.cells.capacity())
        );
    }

    #[test]
    fn the_open_plane_is_one_cell() {
        let mut g = SpatialGrid::new();
        g.rebuild(0, 0, [[-5.0, 3.0], [100.0, -7.0]].into_iter());
        let mut n = 0;
        g.near([0.0, 0.0], 0.1, |_| n += 1);
        assert_eq!(n, 2);
    }
}
