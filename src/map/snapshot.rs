//! The parts of a map that change as a world runs (the doors, the push
//! walls and the cells they moved), visited for a save
//! ([`crate::snapshot`]) against the level as loaded: what the map file
//! gives is not saved again.

use super::{DoorMotion, Map, PUSH_TILES};
use crate::snapshot::Visitor;

/// The ways a push wall slides.
const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Map {
    /// Visits what has changed since `level` (this map as loaded): each
    /// door's leaf and motion, each push wall's tile and whether it was
    /// pushed, the one sliding, the cells that differ from the level's
    /// (each read must be open floor or a push wall's own cell, on the
    /// grid) and the count of changes. Read, `self` must start as `level`.
    pub fn visit_moving(&mut self, level: &Map, v: &mut impl Visitor) {
        v.fixed(&mut self.doors, "the number of doors", |v, d| {
            v.f64(&mut d.open);
            visit_motion(&mut d.motion, v);
            if !(0.0..=1.0).contains(&d.open) {
                v.refuse("a door's opening");
            }
        });
        let (width, height) = (self.width as i64, self.height as i64);
        v.fixed(&mut self.pushwalls, "the number of push walls", |v, p| {
            let (mut x, mut y) = (p.tile.0 as u64, p.tile.1 as u64);
            v.word(&mut x);
            v.word(&mut y);
            v.bool(&mut p.pushed);
            p.tile = (x as i64, y as i64);
            if !(0..width).contains(&p.tile.0) || !(0..height).contains(&p.tile.1) {
                v.refuse("a push wall's tile");
                p.tile = (0, 0);
            }
        });
        let walls = self.pushwalls.len();
        let mut slide = self.slide;
        v.option(
            &mut slide,
            || super::Slide {
                wall: 0,
                dir: DIRECTIONS[0],
                moved: 0.0,
            },
            |v, s| {
                v.index(&mut s.wall, walls.max(1));
                v.tag(&mut s.dir, &DIRECTIONS, "a push wall's way");
                v.f64(&mut s.moved);
                if s.wall >= walls || !(0.0..=f64::from(PUSH_TILES)).contains(&s.moved) {
                    v.refuse("the sliding push wall");
                }
            },
        );
        self.visit_cells(level, v);
        self.slide = slide;
        v.u32(&mut self.generation);
    }

    /// Visits the cells that differ from `level`'s, as (index, cell) pairs.
    fn visit_cells(&mut self, level: &Map, v: &mut impl Visitor) {
        let mut changed: Vec<(usize, u8)> = (self.cells.iter().zip(&level.cells))
            .enumerate()
            .filter(|(_, (now, was))| now != was)
            .map(|(i, (&now, _))| (i, now))
            .collect();
        let cells = self.cells.len();
        // A push wall changes two cells at most.
        let most = 2 * self.pushwalls.len();
        v.list(
            &mut changed,
            most,
            || (0, 0),
            |v, (i, cell)| {
                v.index(i, cells.max(1));
                v.u8(cell);
            },
        );
        let width = self.width.max(1);
        for (i, cell) in changed {
            let own = self.pushwalls.iter().any(|p| p.cell == cell);
            if i >= cells || !(cell == 0 || own) {
                v.refuse("a cell a push wall moved");
                continue;
            }
            self.set_cell(((i % width) as i64, (i / width) as i64), cell);
        }
    }
}

/// Visits a door's motion: its kind, then the ticks an open door waits.
fn visit_motion(m: &mut DoorMotion, v: &mut impl Visitor) {
    let (mut kind, mut wait) = match *m {
        DoorMotion::Still => (0u8, 0u32),
        DoorMotion::Opening => (1, 0),
        DoorMotion::Open(n) => (2, n),
        DoorMotion::Closing => (3, 0),
    };
    v.u8(&mut kind);
    v.u32(&mut wait);
    *m = match kind {
        0 => DoorMotion::Still,
        1 => DoorMotion::Opening,
        2 => DoorMotion::Open(wait),
        3 => DoorMotion::Closing,
        _ => {
            v.refuse("a door's motion");
            DoorMotion::Still
        }
    };
}
