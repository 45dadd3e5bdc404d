//! The grid and `[sky]` rows: the cells, the start, the markers placed on
//! their tiles (the course's among them), doors set between walls, and the finished map and its art.

use super::values::{door_axis, facing};
use super::Parser;
use crate::located::{note, Located};
use crate::map::course::Mark;
use crate::map::error::{MapErrorKind, MapErrors, Place};
use crate::map::limits::{
    MAX_ACTORS, MAX_DOORS, MAX_EXITS, MAX_GRID, MAX_HINTS, MAX_PICKUPS, MAX_PUSHWALLS,
};
use crate::map::{
    Course, Door, Exit, Hint, Loaded, Map, MapArt, Pickup, PushWall, Sky, Spawn, Start, Surface,
    DEFAULT_CEILING, DEFAULT_FLOOR, DOOR,
};
use crate::texture::Texture;

impl Parser<'_> {
    pub(super) fn finish(mut self) -> Result<Loaded, MapErrors> {
        if self.name.is_none() {
            self.error(1, 1, MapErrorKind::NoName);
        }
        // Blank lines after the grid are not rows.
        while self.grid.last().is_some_and(|(_, r)| r.trim().is_empty()) {
            self.grid.pop();
        }
        let cells = self.grid_cells();
        let (width, height) = (cells.first().map_or(0, Vec::len), cells.len());
        let start = self.start();
        let spawns = self.spawns();
        let pickups = self.placed_pickups();
        let too_many = [
            (
                spawns.get(MAX_ACTORS).map(|s| s.place),
                MapErrorKind::TooManyActors,
            ),
            (
                pickups.get(MAX_PICKUPS).map(|p| p.place),
                MapErrorKind::TooManyPickups,
            ),
        ];
        for (first_over, kind) in too_many {
            if let Some(at) = first_over {
                let fault = Located::new(self.path, at, kind);
                note(&mut self.errors, fault, || MapErrorKind::TooManyFaults);
            }
        }
        let course = self.course();
        let pads = self.pads(width * height);
        let doors = self.placed_doors(&cells);
        let pushwalls = self.placed_pushwalls(&cells);
        let sky = self.sky(width, height);
        let (hints, hint_tiles) = self.placed_hints(width * height);
        let floors = self.floors(width, height);
        let exits = self.placed_exits();
        if !self.errors.is_empty() {
            return Err(crate::located::Faults(std::mem::take(&mut self.errors)));
        }
        let start = start.expect("a start when no errors");
        let (sky, panorama) = sky.unzip();
        let art = MapArt {
            walls: self.walls,
            doors: self.door_textures.into_iter().map(|(_, t)| t).collect(),
            floor: self.floor.unwrap_or(Surface::Colour(DEFAULT_FLOOR)),
            ceiling: self.ceiling.unwrap_or(Surface::Colour(DEFAULT_CEILING)),
            sky: panorama,
        };
        let mut map = Map {
            name: self.name.take().expect("a name when no errors"),
            description: self.description.take().unwrap_or_default(),
            width,
            height,
            cells: cells.concat(),
            sky,
            doors: Vec::new(),
            door_index: Vec::new(),
            pickups,
            pushwalls: Vec::new(),
            slide: None,
            generation: 0,
            start,
            spawns,
            wall_height: self.wall_height.unwrap_or(1.0),
            pads,
            exit_tiles: Vec::new(),
            open: false,
            walls_near: Vec::new(),
            framed: Vec::new(),
            course,
            order: self.order,
            hints: Vec::new(),
            hint_tiles: Vec::new(),
            floors,
            music: self.music.take(),
            ambience: self.ambience.take(),
            exits,
            par: self.par,
        };
        map.derive_tables();
        map.set_doors(doors);
        map.set_hints(hints, &hint_tiles);
        map.set_pushwalls(pushwalls);
        let stuck: Vec<_> = map.stuck_pushwalls().map(|p| p.place).collect();
        if !stuck.is_empty() {
            for at in stuck {
                let fault = Located::new(self.path, at, MapErrorKind::PushWallStuck);
                note(&mut self.errors, fault, || MapErrorKind::TooManyFaults);
            }
            return Err(crate::located::Faults(std::mem::take(&mut self.errors)));
        }
        Ok(Loaded { map, art })
    }

    /// The sky: none, everywhere, or over the tiles the `[sky]` grid marks
    /// with `*`; reporting a grid without a panorama, a ceiling and a
    /// panorama without a grid, and a grid of the wrong shape.
    fn sky(&mut self, width: usize, height: usize) -> Option<(Sky, Texture)> {
        let (texture, line, col) = match self.sky.take() {
            Some(sky) => sky,
            None if self.sky_line > 0 => {
                self.error(self.sky_line, 1, MapErrorKind::SkyGridWithoutSky);
                return None;
            }
            None => return None,
        };
        if self.sky_line == 0 {
            if self.ceiling.is_some() {
                // At whichever of the two comes second.
                let (line, col) = (line, col).max(self.ceiling_at);
                self.error(line, col, MapErrorKind::CeilingAndSky);
            }
            return Some((Sky { tiles: Vec::new() }, texture));
        }
        let rows = std::mem::take(&mut self.sky_grid);
        let tiles = self.overlay(
            rows,
            self.sky_line,
            (width, height),
            |expected, found| MapErrorKind::SkySize { expected, found },
            |ch| match ch {
                '*' => Ok(true),
                '.' => Ok(false),
                _ => Err((false, MapErrorKind::BadSkyChar(ch))),
            },
        )?;
        Some((Sky { tiles }, texture))
    }

    /// The grid as cell values, reporting unknown characters, ragged rows
    /// and an open edge.
    fn grid_cells(&mut self) -> Vec<Vec<u8>> {
        if self.grid.is_empty() {
            let line = self.grid_line.max(1);
            self.error(line, 1, MapErrorKind::NoGrid);
            return Vec::new();
        }
        let width = self.grid[0].1.chars().count();
        if width > MAX_GRID || self.grid.len() > MAX_GRID {
            self.error(self.grid[0].0, 1, MapErrorKind::TooLarge);
            return Vec::new();
        }
        let rows = self.grid.clone();
        let last = rows.len() - 1;
        let mut cells = Vec::with_capacity(rows.len());
        for (r, (line, text)) in rows.iter().enumerate() {
            let found = text.chars().count();
            if found != width {
                self.error(
                    *line,
                    found.min(width) + 1,
                    MapErrorKind::Ragged {
                        expected: width,
                        found,
                    },
                );
            }
            let mut row = vec![1u8; width];
            for (c, ch) in text.chars().take(width).enumerate() {
                let cell = self.cell_of(ch);
                match cell {
                    Some(v) => row[c] = v,
                    // Its definition's fault is reported on its own line.
                    None if self.broken.contains(&ch) => {}
                    None => self.error(*line, c + 1, MapErrorKind::UnknownChar(ch)),
                }
                // A door on the edge would open onto nothing.
                let edge = r == 0 || r == last || c == 0 || c + 1 == width;
                if edge && matches!(cell, Some(0 | DOOR)) {
                    self.error(*line, c + 1, MapErrorKind::NotClosed);
                }
            }
            cells.push(row);
        }
        cells
    }

    /// The cell value of a grid character: 0 for floor, starts, actor,
    /// pickup and course markers, [`DOOR`] for door markers.
    fn cell_of(&self, ch: char) -> Option<u8> {
        let marker = self.actors.iter().any(|a| a.0 == ch)
            || self.pickups.iter().any(|p| p.0 == ch)
            || self.course.iter().any(|c| c.0 == ch)
            || self.hints.iter().any(|h| h.0 == ch)
            || self.exit_keys.iter().any(|e| e.0 == ch);
        if ch == '.' || ch == PAD || facing(ch).is_some() || marker {
            return Some(0);
        }
        if self.doors.iter().any(|d| d.0 == ch) {
            return Some(DOOR);
        }
        self.legend
            .iter()
            .position(|&k| k == ch)
            .map(|i| i as u8 + 1)
    }

    /// Every push wall in the grid (a legend character written `TEXTURE
    /// push`), row by row.
    fn placed_pushwalls(&mut self, cells: &[Vec<u8>]) -> Vec<PushWall> {
        let mut walls = Vec::new();
        if self.push_legend.is_empty() {
            return walls;
        }
        let grid = self.grid.clone();
        for (r, (line, text)) in grid.iter().enumerate() {
            for (c, ch) in text.chars().enumerate() {
                let cell = cells.get(r).and_then(|row| row.get(c));
                if let Some(&cell) = cell.filter(|_| self.push_legend.contains(&ch)) {
                    if walls.len() == MAX_PUSHWALLS {
                        self.error(*line, c + 1, MapErrorKind::TooManyPushWalls);
                        return walls;
                    }
                    walls.push(PushWall {
                        tile: (c as i64, r as i64),
                        cell,
                        pushed: false,
                        place: Place::Text {
                            line: *line,
                            col: c + 1,
                        },
                    });
                }
            }
        }
        walls
    }

    /// Every exit in the grid, row by row, reporting an exit marker placed
    /// nowhere.
    fn placed_exits(&mut self) -> Vec<Exit> {
        let mut exits = Vec::new();
        if self.exit_keys.is_empty() {
            return exits;
        }
        for (r, (line, text)) in self.grid.iter().enumerate() {
            for (c, ch) in text.chars().enumerate() {
                if self.exit_keys.iter().any(|e| e.0 == ch) {
                    let place = Place::Text {
                        line: *line,
                        col: c + 1,
                    };
                    if exits.len() == MAX_EXITS {
                        let fault = Located::new(self.path, place, MapErrorKind::TooManyExits);
                        note(&mut self.errors, fault, || MapErrorKind::TooManyFaults);
                        return exits;
                    }
                    let tile = (c as i64, r as i64);
                    exits.push(Exit { tile, place });
                }
            }
        }
        for (ch, line) in self.exit_keys.clone() {
            if !self.grid.iter().any(|(_, text)| text.contains(ch)) {
                self.error(line, 1, MapErrorKind::UnplacedExit(ch));
            }
        }
        exits
    }

    /// The one start arrow, reporting none or several.
    fn start(&mut self) -> Option<Start> {
        let mut found: Option<(usize, usize, Start)> = None;
        let grid = self.grid.clone();
        for (r, (line, text)) in grid.iter().enumerate() {
            for (c, ch) in text.chars().enumerate() {
                let Some(angle) = facing(ch) else { continue };
                if let Some((l0, c0, _)) = found {
                    self.error(*line, c + 1, MapErrorKind::SeveralStarts(l0, c0));
                    continue;
                }
                let start = Start {
                    x: c as f64 + 0.5,
                    y: r as f64 + 0.5,
                    angle,
                };
                found = Some((*line, c + 1, start));
            }
        }
        if found.is_none() && !self.grid.is_empty() {
            self.error(self.grid_line, 1, MapErrorKind::NoStart);
        }
        found.map(|(_, _, s)| s)
    }
}

/// The grid character of a landing pad: open floor marked for landing.
const PAD: char = '_';

impl Parser<'_> {
    /// Which tiles are landing pads, row-major (`len` tiles, or none when
    /// the grid is ragged: that is reported already).
    fn pads(&self, len: usize) -> Vec<bool> {
        let pads: Vec<bool> = self
            .grid
            .iter()
            .flat_map(|(_, text)| text.chars().map(|ch| ch == PAD))
            .collect();
        if pads.len() == len {
            pads
        } else {
            vec![false; len]
        }
    }

    /// Every actor marker in the grid, row by row.
    fn spawns(&self) -> Vec<Spawn> {
        let mut spawns = Vec::new();
        for (r, (line, text)) in self.grid.iter().enumerate() {
            for (c, ch) in text.chars().enumerate() {
                let Some(&(_, kind, angle)) = self.actors.iter().find(|a| a.0 == ch) else {
                    continue;
                };
                spawns.push(Spawn {
                    kind,
                    x: c as f64 + 0.5,
                    y: r as f64 + 0.5,
                    angle,
                    place: Place::Text {
                        line: *line,
                        col: c + 1,
                    },
                });
            }
        }
        spawns
    }

    /// The course the course markers in the grid make, reporting a marker
    /// placed nowhere and the faults [`Course::from_marks`] finds.
    fn course(&mut self) -> Option<Course> {
        let mut marks = Vec::new();
        for (r, (line, text)) in self.grid.iter().enumerate() {
            for (c, ch) in text.chars().enumerate() {
                let Some(&(_, number, radius, _)) = self.course.iter().find(|m| m.0 == ch) else {
                    continue;
                };
                marks.push(Mark {
                    number,
                    at: [c as f64 + 0.5, r as f64 + 0.5],
                    radius,
                    place: Place::Text {
                        line: *line,
                        col: c + 1,
                    },
                });
            }
        }
        for (ch, _, _, line) in self.course.clone() {
            let placed = self.grid.iter().any(|(_, text)| text.contains(ch));
            if !placed {
                self.error(line, 1, MapErrorKind::UnplacedCourseMarker(ch));
            }
        }
        match Course::from_marks(&marks) {
            Ok(course) => course,
            Err(faults) => {
                for (at, kind) in faults {
                    let fault = Located::new(self.path, at, kind);
                    note(&mut self.errors, fault, || MapErrorKind::TooManyFaults);
                }
                None
            }
        }
    }

    /// The hints and, for each of the `len` tiles (row-major), its hint's
    /// index (none at all when the grid is ragged: that is reported
    /// already); reports a hint marker placed nowhere and hints beyond
    /// [`MAX_HINTS`].
    fn placed_hints(&mut self, len: usize) -> (Vec<Hint>, Vec<Option<usize>>) {
        for (ch, _, line) in self.hints.clone() {
            if !self.grid.iter().any(|(_, text)| text.contains(ch)) {
                self.error(line, 1, MapErrorKind::UnplacedHint(ch));
            }
        }
        if let Some(&(_, _, line)) = self.hints.get(MAX_HINTS) {
            self.error(line, 1, MapErrorKind::TooManyHints);
        }
        let tiles: Vec<Option<usize>> = self
            .grid
            .iter()
            .flat_map(|(_, text)| text.chars())
            .map(|ch| self.hints.iter().position(|h| h.0 == ch))
            .collect();
        let hints = self
            .hints
            .iter()
            .map(|(_, text, line)| Hint {
                text: text.clone(),
                place: Place::Text {
                    line: *line,
                    col: 1,
                },
            })
            .collect();
        match tiles.len() == len {
            true => (hints, tiles),
            false => (hints, Vec::new()),
        }
    }

    /// Every pickup marker in the grid, row by row.
    fn placed_pickups(&self) -> Vec<Pickup> {
        let mut pickups = Vec::new();
        for (r, (line, text)) in self.grid.iter().enumerate() {
            for (c, ch) in text.chars().enumerate() {
                let Some(&(_, kind)) = self.pickups.iter().find(|p| p.0 == ch) else {
                    continue;
                };
                pickups.push(Pickup {
                    kind,
                    x: c as f64 + 0.5,
                    y: r as f64 + 0.5,
                    place: Place::Text {
                        line: *line,
                        col: c + 1,
                    },
                });
            }
        }
        pickups
    }

    /// Every door in the grid, row by row, each set between the walls on
    /// two opposite sides; reports doors with no such pair of walls.
    fn placed_doors(&mut self, cells: &[Vec<u8>]) -> Vec<Door> {
        let mut doors = Vec::new();
        for (r, (line, text)) in self.grid.clone().into_iter().enumerate() {
            for (c, ch) in text.chars().enumerate() {
                let Some(&(_, texture, lock)) = self.doors.iter().find(|d| d.0 == ch) else {
                    continue;
                };
                let place = Place::Text { line, col: c + 1 };
                let wall = |dx: isize, dy: isize| {
                    let (x, y) = (c.checked_add_signed(dx), r.checked_add_signed(dy));
                    let cell = y.and_then(|y| cells.get(y)?.get(x?)).copied();
                    cell.is_none_or(|v| v != 0 && v != DOOR)
                };
                let Some(axis) = door_axis(wall(-1, 0), wall(1, 0), wall(0, -1), wall(0, 1)) else {
                    self.error(line, c + 1, MapErrorKind::DoorNotBetweenWalls);
                    continue;
                };
                if doors.len() == MAX_DOORS {
                    self.error(line, c + 1, MapErrorKind::TooManyDoors);
                    return doors;
                }
                let mut door = Door::new((c as i64, r as i64), axis, lock, texture);
                door.place = place;
                doors.push(door);
            }
        }
        doors
    }
}
