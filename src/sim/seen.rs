//! What the player has seen of the map, as Wolfenstein 3D's successors'
//! automaps keep it (ECWolf's): a bit a tile, set when a ray of a fixed
//! fan from the player's eye reaches the tile, and a second set of the
//! tiles the latest fan reached (what is in sight now: enemies are shown
//! on the minimap only there).
//!
//! The fan is the simulation's, not the renderer's: [`RAYS`] rays across
//! [`FAN`] round the camera's yaw, each walked through the grid
//! (`map::raycast::Walk`, the renderer's and the sounds' walk) up to [`RANGE`] tiles,
//! stopping at the first wall or shut door (which is itself seen), cast
//! every [`EVERY`] ticks. So what is seen depends on the run alone, not
//! on the window, and a recording replays it. It is kept out of the
//! world's state hash: it is a function of the states hashed already.

use crate::map::raycast::Walk;
use crate::map::Map;

/// The rays of one fan.
pub const RAYS: usize = 96;
/// The fan's width, radians: a little wider than the default 90 degree
/// field of view, so that what is on the screen's edges is caught.
pub const FAN: f64 = 100.0 * std::f64::consts::PI / 180.0;
/// How far a ray reaches, tiles.
pub const RANGE: f64 = 32.0;
/// Ticks from one fan to the next (a quarter of the 120 Hz tick rate:
/// 30 fans a second, as often as a screen refreshes at its slowest).
pub const EVERY: u64 = 4;

/// The tiles seen so far and the tiles in sight now.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// The grid's width, tiles: tile (x, y) is bit `y * width + x`.
    width: usize,
    /// The grid's height, tiles.
    height: usize,
    /// Every tile any fan has reached, 64 a word.
    ever: Vec<u64>,
    /// The tiles the latest fan reached.
    now: Vec<u64>,
    /// The indices of the tiles set in `now`, to clear them before the
    /// next fan without sweeping the whole grid. Its room is reserved for
    /// the most one fan can reach, so a fan never allocates.
    lit: Vec<u32>,
}

impl Seen {
    /// Nothing seen yet of a grid `width` x `height` tiles.
    pub fn new(width: usize, height: usize) -> Self {
        let words = (width * height).div_ceil(64);
        // A ray crosses at most two grid lines per tile of its range, and
        // one more for the line it starts beside; and the eye's own tile.
        let per_ray = 2 * RANGE as usize + 3;
        Self {
            width,
            height,
            ever: vec![0; words],
            now: vec![0; words],
            lit: Vec::with_capacity(RAYS * per_ray + 1),
        }
    }

    /// Forgets everything: nothing seen (the map restarted).
    pub fn clear(&mut self) {
        self.ever.fill(0);
        self.forget_now();
    }

    /// Casts the fan from `eye` (tiles) round `yaw` (radians) through
    /// `map`: every tile a ray reaches is seen, and in sight until the
    /// next fan.
    pub fn look(&mut self, map: &Map, eye: [f64; 2], yaw: f64) {
        self.forget_now();
        let (ex, ey) = Map::tile_of(eye[0], eye[1]);
        self.mark(ex, ey);
        for i in 0..RAYS {
            let a = yaw + FAN * ((i as f64 + 0.5) / RAYS as f64 - 0.5);
            let (dy, dx) = a.sin_cos();
            let mut walk = Walk::new(eye[0], eye[1], dx, dy);
            while let Some(crossing) = walk.next_within(RANGE) {
                let (x, y) = crossing.tile;
                if !self.mark(x, y) || stops(map, x, y) {
                    break;
                }
            }
        }
    }

    /// True if tile (`x`, `y`) has been seen (false off the grid).
    pub fn ever(&self, x: i64, y: i64) -> bool {
        self.bit(&self.ever, x, y)
    }

    /// True if tile (`x`, `y`) was reached by the latest fan: in sight now.
    pub fn now(&self, x: i64, y: i64) -> bool {
        self.bit(&self.now, x, y)
    }

    /// How many tiles have been seen.
    pub fn count(&self) -> usize {
        self.ever.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The bits of every tile seen, 64 a word, tile (x, y) at bit
    /// `y * width + x`: what a save would keep.
    pub fn words(&self) -> &[u64] {
        &self.ever
    }

    /// Clears the tiles of the latest fan.
    fn forget_now(&mut self) {
        for &i in &self.lit {
            self.now[i as usize / 64] = 0;
        }
        self.lit.clear();
    }

    /// Marks tile (`x`, `y`) seen and in sight; false off the grid.
    fn mark(&mut self, x: i64, y: i64) -> bool {
        let Some(i) = self.index(x, y) else {
            return false;
        };
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        self.ever[word] |= bit;
        if self.now[word] & bit == 0 {
            self.now[word] |= bit;
            // Each tile listed, though its word is cleared whole: the
            // room's bound stays one a tile reached.
            self.lit.push(i as u32);
        }
        true
    }

    /// The bit of tile (`x`, `y`) in `bits`; false off the grid.
    fn bit(&self, bits: &[u64], x: i64, y: i64) -> bool {
        self.index(x, y)
            .is_some_and(|i| bits[i / 64] & (1 << (i % 64)) != 0)
    }

    /// The bit index of tile (`x`, `y`), None off the grid.
    fn index(&self, x: i64, y: i64) -> Option<usize> {
        let inside = (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y);
        inside.then(|| y as usize * self.width + x as usize)
    }
}

/// True if a ray of sight stops at tile (`x`, `y`): a wall, or a door
/// not wholly open.
fn stops(map: &Map, x: i64, y: i64) -> bool {
    if map.cell(x, y) == 0 {
        return false;
    }
    map.door_at(x, y).is_none_or(|d| !map.doors[d].is_open())
}

impl Seen {
    /// Visits the tiles seen and those in sight, for a save
    /// ([`crate::snapshot`]); the grid's size is the map's.
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        v.fixed(&mut self.ever, "the seen map's size", |v, w| v.word(w));
        v.fixed(&mut self.now, "the seen map's size", |v, w| v.word(w));
        // The last word's bits past the grid are no tile's.
        let tiles = self.width * self.height;
        let past = match tiles % 64 {
            0 => 0,
            used => !0u64 << used,
        };
        for words in [&mut self.ever, &mut self.now] {
            if let Some(last) = words.last_mut().filter(|w| **w & past != 0) {
                v.refuse("a seen tile past the map");
                *last &= !past;
            }
        }
        self.lit.clear();
        for (i, &w) in self.now.iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                self.lit.push((i * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A room of open floor with a wall down its middle (x = 5) save a
    /// gap at y = 1.
    fn room() -> Map {
        Map::from_rows(&[
            "###########",
            "#>........#",
            "#....#....#",
            "#....#....#",
            "#....#....#",
            "###########",
        ])
    }

    #[test]
    fn a_fan_sees_up_to_the_walls_and_not_behind_them() {
        let map = room();
        let mut seen = Seen::new(map.width(), map.height());
        assert_eq!(seen.count(), 0);
        // From the west half, looking east along y = 3.5.
        seen.look(&map, [2.5, 3.5], 0.0);
        assert!(seen.ever(2, 3) && seen.ever(4, 3), "the floor ahead");
        assert!(seen.ever(5, 3), "the wall that stops the ray");
        assert!(!seen.ever(7, 3), "behind the wall");
        assert!(!seen.ever(0, 3), "behind the eye");
        assert!(seen.now(4, 3));
        // Turned round: the old tiles stay seen, but are no longer in sight.
        seen.look(&map, [2.5, 3.5], std::f64::consts::PI);
        assert!(seen.ever(4, 3) && !seen.now(4, 3));
        assert!(seen.ever(0, 3) && seen.now(0, 3));
        assert!(!seen.ever(-1, 3) && !seen.now(99, 99), "off the grid");
        let before = seen.count();
        seen.clear();
        assert_eq!((seen.count(), seen.now(0, 3)), (0, false));
        assert!(before > 10);
    }

    #[test]
    fn a_fan_allocates_nothing_and_reaches_at_most_its_room() {
        // A room wider than the range: rays run their whole length.
        let mut rows: Vec<String> = (0..80).map(|_| format!("#{}#", ".".repeat(78))).collect();
        rows[0] = "#".repeat(80);
        rows[79] = "#".repeat(80);
        rows[1] = format!("#>{}#", ".".repeat(77));
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let map = Map::from_rows(&rows);
        let mut seen = Seen::new(map.width(), map.height());
        let room = seen.lit.capacity();
        for k in 0..16 {
            seen.look(&map, [40.3, 40.7], k as f64 * 0.4);
            assert_eq!(seen.lit.capacity(), room, "fan {k}");
        }
        assert!(seen.ever(40 + 30, 40) || seen.ever(40 - 30, 40));
    }
}
