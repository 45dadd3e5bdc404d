//! Push walls: secret walls that slide away when the player uses them, as
//! Wolfenstein 3D's do (`WL_ACT1.C`, `PushWall` and `MovePWalls`).
//!
//! A push wall at rest is an ordinary wall cell. Pushed, it slides away
//! from the player along one axis, one tile after another, at most
//! [`PUSH_TILES`] tiles, stopping early where the next tile is not open
//! floor or a body stands in it. While it slides its block is part-way
//! through two tiles: both hold its wall cell, so every test of the grid
//! (collision, paths, sight in tiles, sound) takes them as a wall, and the
//! grid walk of rays ([`raycast::cast`](super::raycast::cast)) meets the
//! block itself, drawn and seen at its offset. One slides at a time, as in
//! Wolfenstein 3D.
//!
//! The cells change as it goes, so the map's tables kept from the cells
//! are mended tile by tile (`Map::set_cell`) and [`Map::generation`]
//! counts the changes, for whoever keeps a table of its own (the flow
//! fields).

use super::{Map, Place, DOOR};

/// The most tiles a push wall slides (Wolfenstein 3D's `MovePWalls` stops
/// it once `pwallstate` passes 256, two blocks of 128).
pub const PUSH_TILES: u32 = 2;

/// A wall that slides when used.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PushWall {
    /// The tile it stands on: where the map puts it, and once it has slid,
    /// where it came to rest.
    pub tile: (i64, i64),
    /// Its wall cell (texture + 1).
    pub cell: u8,
    /// True once pushed: a push wall slides once.
    pub pushed: bool,
    /// Where the map file puts it, for messages.
    pub place: Place,
}

/// A push wall sliding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slide {
    /// Its index in [`Map::pushwalls`].
    pub wall: usize,
    /// The way it slides: one of (1, 0), (-1, 0), (0, 1), (0, -1).
    pub dir: (i64, i64),
    /// How far it has slid from its tile, tiles: from 0 to [`PUSH_TILES`].
    pub moved: f64,
}

impl Slide {
    /// The tile the block's back is in: the wall's tile moved by the whole
    /// tiles slid so far.
    fn back(&self, from: (i64, i64)) -> (i64, i64) {
        let k = self.moved as i64;
        (from.0 + self.dir.0 * k, from.1 + self.dir.1 * k)
    }
}

/// What [`Map::slide_step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlideStep {
    /// Still sliding, in the same two tiles.
    Sliding,
    /// It crossed into a new tile and slides on.
    Crossed,
    /// It came to rest.
    Stopped,
}

impl Map {
    /// The push walls, in grid order.
    pub fn pushwalls(&self) -> &[PushWall] {
        &self.pushwalls
    }

    /// The push wall sliding now, if one is.
    pub fn slide(&self) -> Option<&Slide> {
        self.slide.as_ref()
    }

    /// How many times a cell has changed since the map was loaded (a push
    /// wall entering or leaving a tile): a table worked out from the cells
    /// is stale when this has moved on.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// The index of the push wall at rest on `tile` that has not been
    /// pushed yet, if there is one.
    pub fn pushwall_at(&self, tile: (i64, i64)) -> Option<usize> {
        self.pushwalls
            .iter()
            .position(|p| p.tile == tile && !p.pushed)
    }

    /// Pushes push wall `wall` along `dir` (a unit step along an axis), as
    /// `PushWall` does: only when none slides, the wall has not slid
    /// before, and the tile ahead is open floor with no body in it
    /// (`occupied`); it then holds the wall's cell too. True if it slides.
    pub fn push(
        &mut self,
        wall: usize,
        dir: (i64, i64),
        occupied: impl Fn((i64, i64)) -> bool,
    ) -> bool {
        let Some(&p) = self.pushwalls.get(wall) else {
            return false;
        };
        let ahead = (p.tile.0 + dir.0, p.tile.1 + dir.1);
        let axis = dir.0.abs() + dir.1.abs() == 1;
        if self.slide.is_some() || p.pushed || !axis || !self.free(ahead, &occupied) {
            return false;
        }
        self.pushwalls[wall].pushed = true;
        self.set_cell(ahead, p.cell);
        self.slide = Some(Slide {
            wall,
            dir,
            moved: 0.0,
        });
        true
    }

    /// True if `tile` is open floor on the grid with no body in it.
    fn free(&self, tile: (i64, i64), occupied: &impl Fn((i64, i64)) -> bool) -> bool {
        self.index(tile.0, tile.1).is_some() && self.cell(tile.0, tile.1) == 0 && !occupied(tile)
    }

    /// Slides the sliding push wall `by` tiles on, as `MovePWalls` does:
    /// crossing into a new tile frees the one behind, then it slides on
    /// into the next if it has slid fewer than [`PUSH_TILES`] and that one
    /// is free (`occupied` tells a body in a tile), else it comes to rest.
    pub fn slide_step(&mut self, by: f64, occupied: impl Fn((i64, i64)) -> bool) -> SlideStep {
        let Some(mut s) = self.slide else {
            return SlideStep::Stopped;
        };
        let from = self.pushwalls[s.wall].tile;
        let before = s.moved as i64;
        s.moved = (s.moved + by).min(f64::from(PUSH_TILES));
        if s.moved as i64 == before {
            self.slide = Some(s);
            return SlideStep::Sliding;
        }
        // A whole tile slid: the tile behind the block is floor again.
        let left = (from.0 + s.dir.0 * before, from.1 + s.dir.1 * before);
        self.set_cell(left, 0);
        let back = s.back(from);
        let ahead = (back.0 + s.dir.0, back.1 + s.dir.1);
        if s.moved as u32 >= PUSH_TILES || !self.free(ahead, &occupied) {
            let cell = self.pushwalls[s.wall].cell;
            self.set_cell(back, cell);
            self.pushwalls[s.wall].tile = back;
            self.slide = None;
            return SlideStep::Stopped;
        }
        let cell = self.pushwalls[s.wall].cell;
        self.set_cell(ahead, cell);
        self.slide = Some(s);
        SlideStep::Crossed
    }

    /// The north-west corner of the sliding block, if `tile` is one of the
    /// two it is part-way through.
    #[inline]
    pub(crate) fn sliding_block(&self, tile: (i64, i64)) -> Option<[f64; 2]> {
        let s = self.slide.as_ref()?;
        let from = self.pushwalls[s.wall].tile;
        let back = s.back(from);
        let ahead = (back.0 + s.dir.0, back.1 + s.dir.1);
        let corner = [
            from.0 as f64 + s.dir.0 as f64 * s.moved,
            from.1 as f64 + s.dir.1 as f64 * s.moved,
        ];
        (tile == back || tile == ahead).then_some(corner)
    }

    /// Sets the cell of `tile` (on the grid) and mends the tables kept
    /// from the cells: the ring of walls ([`Map::framed_at`]) and the
    /// walls near each of the nine tiles around it; counts a generation.
    pub(crate) fn set_cell(&mut self, (x, y): (i64, i64), cell: u8) {
        let Some(i) = self.index(x, y) else { return };
        debug_assert_ne!(cell, DOOR, "a push wall is a wall");
        self.cells[i] = cell;
        if let Some((_, at)) = self.framed_at((x, y)) {
            self.framed[at] = cell;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let Some(j) = self.index(x + dx, y + dy) {
                    self.walls_near[j] = self.block_walls((x + dx, y + dy));
                }
            }
        }
        self.generation = self.generation.wrapping_add(1);
    }

    /// Puts `walls` on the map (each on a wall cell).
    pub(super) fn set_pushwalls(&mut self, walls: Vec<PushWall>) {
        self.pushwalls = walls;
        self.slide = None;
    }

    /// The push walls that could never slide, as `check-map` reports
    /// them: a push wall slides away from the player, so it needs open
    /// floor on two opposite sides, one to stand on and one to slide into.
    pub fn stuck_pushwalls(&self) -> impl Iterator<Item = &PushWall> + '_ {
        self.pushwalls.iter().filter(|p| {
            let open = |dx: i64, dy: i64| {
                let t = (p.tile.0 + dx, p.tile.1 + dy);
                self.index(t.0, t.1).is_some() && self.cell(t.0, t.1) == 0
            };
            !(open(1, 0) && open(-1, 0) || open(0, 1) && open(0, -1))
        })
    }
}

#[cfg(test)]
#[path = "pushwall_tests.rs"]
mod tests;
