//! Maps: the tile grid, where the player starts, and the textures it is
//! drawn with.
//!
//! Maps are written as text or made in the Tiled editor (see
//! `maps/README.md`); [`load`] reads either into a [`Loaded`] map: the level
//! ([`Map`]: grid, doors, pickups, starts, sky tiles, heights), which the
//! simulation and the renderer share, and its textures ([`MapArt`]), which
//! only the renderer reads. Every fault is reported with its file and where
//! in it: line and column, or layer and tile, or object.

mod arms;
pub mod course;
mod door;
pub mod episode;
mod error;
pub mod exit;
pub mod hint;
mod items;
mod limits;
mod material;
mod parse;
pub mod pushwall;
pub mod raycast;
pub mod shipped;
mod snapshot;
mod tiled;

pub use arms::Weapon;
pub use course::{Checkpoint, Course, Progress};
pub use door::{Door, DoorAxis, DoorMotion};
pub use episode::{Episode, EpisodeMap};
pub use error::{MapError, MapErrorKind, MapErrors, Place, TileLayer};
pub use exit::{par_text, parse_par, Exit};
pub use hint::Hint;
pub use items::{Key, Pickup, PickupKind, Treasure};
pub use limits::{MAX_HALF_WIDTH, MAX_ORDER, MIN_HALF_WIDTH};
pub use material::{Floors, Material, TEXTURE_MATERIALS};
pub use parse::parse;
pub use pushwall::{PushWall, Slide, SlideStep, PUSH_TILES};
pub use tiled::parse_tmx;

use crate::data;
use crate::files::cap;
use crate::located::Faults;
use crate::texture::Texture;
use std::path::Path;

/// Loads a map file, shipped or on disk, text or (for a `.tmx` name)
/// Tiled; textures are shipped names or paths relative to the map file
/// (`data::map_texture`).
pub fn load(path: &Path) -> Result<Loaded, MapErrors> {
    let text = data::read_text(path, "map", cap::MAP).map_err(|e| Faults::one(e.widen()))?;
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"))
    {
        return tiled::parse_tmx(&text, path);
    }
    parse(&text, path)
}

/// What the floor or ceiling is covered with.
#[derive(Clone, Debug, PartialEq)]
pub enum Surface {
    /// A plain colour.
    Colour([u8; 3]),
    /// A texture, one texture edge per tile.
    Texture(Texture),
}

/// Where the map is open to the sky (its panorama is in [`MapArt::sky`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Sky {
    /// True for each tile (row-major) open to the sky; empty when the whole
    /// map is.
    tiles: Vec<bool>,
}

/// How a map looks: its textures, read by the renderer only. The level
/// refers to them by index (a wall cell `n` is `walls[n - 1]`, a door's
/// [`Door::texture`] indexes `doors`).
#[derive(Clone, Debug, PartialEq)]
pub struct MapArt {
    /// Wall textures, indexed by cell value - 1.
    pub walls: Vec<Texture>,
    /// Door textures, indexed by [`Door::texture`].
    pub doors: Vec<Texture>,
    /// The floor.
    pub floor: Surface,
    /// The ceiling, where there is no open sky.
    pub ceiling: Surface,
    /// The panorama over the open sky: wrapped once round the horizon, from
    /// the horizon (its bottom row) to straight up (its top row), turning
    /// with the view. Present exactly when the level has a [`Sky`].
    pub sky: Option<Texture>,
}

impl MapArt {
    /// Plain grey walls and doors (as [`Map::from_rows`] loads them) and the
    /// default floor and ceiling colours
    /// for every texture `map` refers to (a blue-grey sky if it has one):
    /// for maps made in code.
    pub fn plain(map: &Map) -> Self {
        let walls = map.cells.iter().filter(|&&c| c != DOOR).max().copied();
        let doors = map.doors.iter().map(|d| d.texture + 1).max();
        Self {
            walls: vec![Texture::solid([128, 128, 128]); usize::from(walls.unwrap_or(1))],
            doors: vec![Texture::solid([128, 128, 128]); doors.unwrap_or(0)],
            floor: Surface::Colour(DEFAULT_FLOOR),
            ceiling: Surface::Colour(DEFAULT_CEILING),
            sky: map.sky.as_ref().map(|_| Texture::solid([110, 140, 190])),
        }
    }

    /// Texture `i` of the faces rays meet: the wall textures, then the door
    /// textures.
    pub fn face_texture(&self, i: usize) -> &Texture {
        match self.walls.get(i) {
            Some(t) => t,
            None => &self.doors[i - self.walls.len()],
        }
    }
}

/// A map as read from its file: the level and how it looks.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The level.
    pub map: Map,
    /// Its textures.
    pub art: MapArt,
}

impl Loaded {
    /// The open plane ([`Map::open_plane`]) in plain colours.
    pub fn open_plane() -> Self {
        let map = Map::open_plane();
        let art = MapArt::plain(&map);
        Self { map, art }
    }
}

/// Where and which way the player starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Start {
    /// Position in tiles (the centre of the start tile).
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Facing in radians (0 east, pi/2 south).
    pub angle: f64,
}

/// What an enemy spawn marker places.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpawnKind {
    /// A walker; with `patrol` it walks its beat until it sees the player,
    /// else it stands.
    Walker {
        /// Walks back and forth along its facing instead of standing.
        patrol: bool,
    },
    /// A tracked tank.
    Tank {
        /// Half the distance between its tracks, in tiles (article 002's
        /// `d`): it sets the turning circle and the tank's size.
        half_width: f64,
    },
    /// A guard who shoots; with `patrol` it walks its beat until it sees
    /// the player, else it stands.
    Guard {
        /// Walks back and forth along its facing instead of standing.
        patrol: bool,
    },
}

/// Where an enemy starts, from a marker in the grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spawn {
    /// What it is.
    pub kind: SpawnKind,
    /// Position in tiles (the centre of the marker's tile).
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Facing in radians (0 east, pi/2 south).
    pub angle: f64,
    /// Where the map file puts it, for messages.
    pub place: Place,
}

/// A tile map. Tile (x, y) covers [x, x+1) x [y, y+1); x grows east, y south.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// The map's display name.
    pub name: String,
    /// One line on what the map is for (`wobblecaster maps` lists it);
    /// empty if the map gives none.
    pub description: String,
    width: usize,
    height: usize,
    /// 0 for open floor, [`DOOR`] for a door, n for a wall with texture
    /// [`MapArt::walls`]`[n - 1]`.
    cells: Vec<u8>,
    /// Open sky, over the whole map or some tiles.
    pub sky: Option<Sky>,
    /// The doors, in grid order; their state changes as the world runs.
    pub doors: Vec<Door>,
    /// For each tile (row-major), the index of its door in `doors`, or
    /// `u16::MAX`; empty when the map has no doors.
    door_index: Vec<u16>,
    /// Keys, first-aid kits, fuel cans, food and treasure, in grid order.
    pub pickups: Vec<Pickup>,
    /// The push walls, in grid order; they slide as the world runs.
    pushwalls: Vec<PushWall>,
    /// The push wall sliding now, if one is.
    slide: Option<Slide>,
    /// How many times a cell has changed (see [`Map::generation`]).
    generation: u32,
    /// The player start.
    pub start: Start,
    /// Enemy spawns, in grid order (row by row).
    pub spawns: Vec<Spawn>,
    /// How tall the walls are, tiles: the ceiling (or the top of the open
    /// sky's walls) is this high. Walking eyes are at 0.5.
    pub wall_height: f64,
    /// True for each tile (row-major) that is a landing pad.
    pads: Vec<bool>,
    /// True for each tile (row-major) that is an exit ([`Map::exits`]'s
    /// tiles, so a tick's look-up scans nothing); empty with no exits.
    exit_tiles: Vec<bool>,
    /// True for a plane with no walls anywhere (outside the grid is open).
    open: bool,
    /// For each tile (row-major), which of its block of nine (itself and
    /// its eight neighbours) is not open floor: bit `3 * (dy + 1) + dx + 1`
    /// for the tile at (x + dx, y + dy). For [`Map::open_around`]; worked
    /// out once, from the cells, and mended where a push wall slides.
    walls_near: Vec<u16>,
    /// The cells inside a ring of walls of texture 0, `width + 2` by
    /// `height + 2`, row-major: [`raycast::cast`] walks it from a tile of
    /// the grid without testing for the grid's edge, because a ray that
    /// leaves the grid enters the ring first, and the ring is what
    /// [`Map::cell`] answers outside. Worked out once, from the cells,
    /// and mended where a push wall slides; empty on the open plane,
    /// which is open outside.
    framed: Vec<u8>,
    /// The checkpoints and finish of a course through the map, if it has
    /// one.
    pub course: Option<Course>,
    /// Where the map comes in the play order of the maps menu and "next
    /// map" (lower first; maps without one after those with one).
    pub order: Option<u32>,
    /// The hints the map shows while the player stands on their tiles.
    pub hints: Vec<Hint>,
    /// For each tile (row-major), the index in `hints` of the hint shown
    /// there, or [`NO_HINT`]; empty when the map has no hints.
    hint_tiles: Vec<u8>,
    /// What the floor is made of, tile by tile (the surface a step sounds
    /// on).
    floors: Floors,
    /// The music track the map plays (`assets/music/NAME.txt`; `none` for
    /// none), if it names one: the header key `music`.
    pub music: Option<String>,
    /// The ambience bed the map plays (`room`, `wind`, `hum`, `none`), if
    /// it names one: the header key `ambience`.
    pub ambience: Option<String>,
    /// The exits: stepping onto one ends the level (none on a map without
    /// them, which ends at its course's finish or with its enemies dead).
    pub exits: Vec<Exit>,
    /// The par time, seconds (the header key `par = M:SS`), if the map
    /// gives one.
    pub par: Option<u32>,
}

/// True if `name` may name a music track or ambience bed: 1 to 32 ASCII
/// letters, digits, `_` and `-` (no folder, no extension).
pub fn is_sound_name(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A tile with no hint, in a map's hint tiles.
const NO_HINT: u8 = u8::MAX;

/// The farthest beside a segment [`Map::open_around`] answers for, tiles:
/// under a tile, with room for rounding.
pub const OPEN_AROUND_REACH: f64 = 0.9;

/// The floor and ceiling colours when a map names none.
pub const DEFAULT_FLOOR: [u8; 3] = [0x55, 0x50, 0x48];
/// See [`DEFAULT_FLOOR`].
pub const DEFAULT_CEILING: [u8; 3] = [0x2c, 0x2a, 0x33];
/// The cell value of a door tile.
pub const DOOR: u8 = u8::MAX;
/// The tallest walls a map may ask for, tiles.
pub const MAX_WALL_HEIGHT: f64 = 16.0;
/// The open plane's ceiling, tiles: high enough never to be met.
const OPEN_PLANE_HEIGHT: f64 = 4096.0;

impl Map {
    /// A boundless plane with no walls, the player at the origin facing east:
    /// where `trace` runs without a map.
    pub fn open_plane() -> Self {
        Self {
            name: "open plane".into(),
            description: String::new(),
            width: 0,
            height: 0,
            cells: Vec::new(),
            sky: None,
            doors: Vec::new(),
            door_index: Vec::new(),
            pickups: Vec::new(),
            pushwalls: Vec::new(),
            slide: None,
            generation: 0,
            start: Start {
                x: 0.0,
                y: 0.0,
                angle: 0.0,
            },
            spawns: Vec::new(),
            wall_height: OPEN_PLANE_HEIGHT,
            pads: Vec::new(),
            exit_tiles: Vec::new(),
            open: true,
            walls_near: Vec::new(),
            framed: Vec::new(),
            course: None,
            order: None,
            hints: Vec::new(),
            hint_tiles: Vec::new(),
            floors: Floors::default(),
            music: None,
            ambience: None,
            exits: Vec::new(),
            par: None,
        }
    }

    /// A map from rows of `#` (grey wall), `.` (floor), one start arrow
    /// (`^ > v <`), `w` (a walker facing east), `p` (a patrolling walker
    /// facing east), `t` (a tank facing east, half width 0.35), `D` (a
    /// door), `G` (a door locked with the gold key) and `k` (the gold key),
    /// for tests and tools. The first row is line 14 of the text.
    pub fn from_rows(rows: &[&str]) -> Self {
        let text = format!(
            "name = test\n[legend]\n# = grey.png\n[actors]\nw = walker east\n\
             p = walker east patrol\nt = tank east half_width=0.35\n\
             [doors]\nD = door.png\nG = door.png locked=gold\n[pickups]\nk = key gold\n\
             [grid]\n{}\n",
            rows.join("\n")
        );
        let loaded = parse::parse_with(&text, std::path::Path::new("<rows>"), &mut |_| {
            Ok(Texture::solid([128, 128, 128]))
        });
        loaded.unwrap_or_else(|e| panic!("bad test map: {e}")).map
    }

    /// Width in tiles.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in tiles.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at (x, y): 0 open, [`DOOR`] a door, n a wall of texture
    /// n - 1. Outside the grid: a wall of texture 0, or open on the open
    /// plane.
    pub fn cell(&self, x: i64, y: i64) -> u8 {
        match self.index(x, y) {
            Some(i) => self.cells[i],
            None if self.open => 0,
            None => 1,
        }
    }

    /// The row-major index of tile (x, y) in the grid's per-tile lists;
    /// None off the grid.
    #[inline]
    fn index(&self, x: i64, y: i64) -> Option<usize> {
        let inside = x >= 0 && y >= 0 && x < self.width as i64 && y < self.height as i64;
        inside.then(|| y as usize * self.width + x as usize)
    }

    /// True if the tile at (x, y) blocks movement now: a wall, or a door
    /// that is not fully open.
    pub fn is_solid(&self, x: i64, y: i64) -> bool {
        match self.cell(x, y) {
            0 => false,
            DOOR => self.door_at(x, y).is_none_or(|d| !self.doors[d].is_open()),
            _ => true,
        }
    }

    /// True if the tile at (x, y) is a wall (not a door, open or shut).
    pub fn is_wall(&self, x: i64, y: i64) -> bool {
        !matches!(self.cell(x, y), 0 | DOOR)
    }

    /// True if paths may not lead through the tile at (x, y): a wall or a
    /// locked door. Unlocked doors open for whoever walks up to them.
    pub fn blocks_paths(&self, x: i64, y: i64) -> bool {
        match self.cell(x, y) {
            0 => false,
            DOOR => self
                .door_at(x, y)
                .is_none_or(|d| self.doors[d].lock.is_some()),
            _ => true,
        }
    }

    /// The index in [`Map::doors`] of the door at (x, y), if there is one.
    pub fn door_at(&self, x: i64, y: i64) -> Option<usize> {
        let i = *self.door_index.get(self.index(x, y)?)?;
        (i != u16::MAX).then_some(i as usize)
    }

    /// True if the tile at (x, y) is open to the sky.
    pub fn is_open_sky(&self, x: i64, y: i64) -> bool {
        let Some(sky) = &self.sky else { return false };
        if sky.tiles.is_empty() {
            return true;
        }
        self.index(x, y).is_some_and(|i| sky.tiles[i])
    }

    /// The index in [`Map::hints`] of the hint shown to a player standing
    /// on tile (x, y), if any.
    pub fn hint_index(&self, x: i64, y: i64) -> Option<usize> {
        let i = *self.hint_tiles.get(self.index(x, y)?)?;
        (i != NO_HINT).then_some(usize::from(i))
    }

    /// The index in [`Map::hints`] of the hint shown to a player standing
    /// on tile (x, y): the tile's own, else that of the first of its
    /// neighbours north, east, south and west that has one (so a start or
    /// a checkpoint inside a hint's tiles shows it too).
    pub fn hint_near(&self, x: i64, y: i64) -> Option<usize> {
        if self.hint_tiles.is_empty() {
            return None;
        }
        let near = [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)];
        near.iter()
            .find_map(|(dx, dy)| self.hint_index(x + dx, y + dy))
    }

    /// The hint shown to a player standing on tile (x, y), if any (see
    /// [`Map::hint_near`]).
    pub fn hint_at(&self, x: i64, y: i64) -> Option<&Hint> {
        self.hints.get(self.hint_near(x, y)?)
    }

    /// Sets the map's hints and, for each tile (row-major), the index of
    /// its hint in `hints` or `None` (`tiles` is empty or one per tile).
    fn set_hints(&mut self, hints: Vec<Hint>, tiles: &[Option<usize>]) {
        debug_assert!(tiles.is_empty() || tiles.len() == self.width * self.height);
        debug_assert!(hints.len() < usize::from(NO_HINT));
        let any = tiles.iter().any(Option::is_some);
        self.hint_tiles = match any {
            true => tiles
                .iter()
                .map(|t| t.map_or(NO_HINT, |i| i as u8))
                .collect(),
            false => Vec::new(),
        };
        self.hints = hints;
    }

    /// The material of the floor of tile (x, y): the map's `[surface]`
    /// grid or `surface` layer, else its floor's (off the grid too).
    pub fn material_at(&self, x: i64, y: i64) -> Material {
        self.floors.at(self.index(x, y))
    }

    /// What the floor is made of, tile by tile.
    pub fn floors(&self) -> &Floors {
        &self.floors
    }

    /// Gives the floor `floors` (maps made in code: a text or Tiled map
    /// has its own from its file).
    ///
    /// # Panics
    /// Unless `floors` has a material for every tile or is uniform.
    pub fn set_floors(&mut self, floors: Floors) {
        assert!(
            floors.fits(self.width * self.height),
            "one material a tile of the grid"
        );
        self.floors = floors;
    }

    /// True if the whole map is under open sky.
    pub fn all_sky(&self) -> bool {
        self.sky.as_ref().is_some_and(|s| s.tiles.is_empty())
    }

    /// Works out the tables kept from the cells: [`Map::walls_near`] for
    /// every tile, and [`Map::framed`].
    fn derive_tables(&mut self) {
        let (w, h) = (self.width as i64, self.height as i64);
        let tiles = (0..h).flat_map(|y| (0..w).map(move |x| (x, y)));
        self.walls_near = tiles.map(|t| self.block_walls(t)).collect();
        self.exit_tiles.clear();
        if !self.exits.is_empty() {
            self.exit_tiles.resize(self.width * self.height, false);
            for e in &self.exits {
                if let Some(i) = self.index(e.tile.0, e.tile.1) {
                    self.exit_tiles[i] = true;
                }
            }
        }
        self.framed = if self.open {
            Vec::new()
        } else {
            let ring = (-1..=h).flat_map(|y| (-1..=w).map(move |x| (x, y)));
            ring.map(|(x, y)| self.cell(x, y)).collect()
        };
    }

    /// The cells in their ring of walls ([`Map::framed`]) and the index
    /// in it of tile `(x, y)`, if that is a tile of the grid.
    pub(crate) fn framed_at(&self, (x, y): (i64, i64)) -> Option<(&[u8], usize)> {
        let i = self.index(x, y)?;
        if self.framed.is_empty() {
            return None;
        }
        // Each row of the grid is two longer in the ring, and the ring's
        // first row and column come before the grid's.
        Some((&self.framed, i + 2 * y as usize + self.width + 3))
    }

    /// Which of the block of nine around tile (x, y) is not open floor, as
    /// [`Map::walls_near`] keeps it; worked out from the cells.
    fn block_walls(&self, (x, y): (i64, i64)) -> u16 {
        (0..9).fold(0, |bits, k| {
            let open = self.cell(x + k % 3 - 1, y + k / 3 - 1) == 0;
            bits | u16::from(!open) << k
        })
    }

    /// True if nothing but open floor comes within `reach` of the segment
    /// from `a` to `b`, as the grid walks of rays see it: every ray that
    /// starts within `reach` of `a` and runs beside the segment, never
    /// farther from it than `reach`, enters open floor only (the tile it
    /// starts in included), walked as [`raycast::cast`] walks. False
    /// promises nothing: a `reach` past [`OPEN_AROUND_REACH`] or negative,
    /// or an end of the segment more than 1e6 tiles out (or NaN), where
    /// rounding is no longer small beside a tile, always gives false.
    ///
    /// Why: every tile such a ray enters holds a point within `reach` of a
    /// point of the segment (its walk's rounding moves a crossing by far
    /// less than the margin below), and every point of the segment lies in
    /// a tile the segment's own walk enters, or its first. A reach under a
    /// tile keeps the ray's tile among that tile's eight neighbours or the
    /// tile itself. So it is enough that each of those nine, where it is
    /// not open floor, lies farther than `reach` from the segment.
    pub fn open_around(&self, a: [f64; 2], b: [f64; 2], reach: f64) -> bool {
        if !(0.0..=OPEN_AROUND_REACH).contains(&reach) || !a.iter().chain(&b).all(|v| v.abs() < 1e6)
        {
            return false;
        }
        // A tile's square grown by the reach and a little more for
        // rounding: the segment must miss it (separating axes: x, y and
        // the segment's normal) to be clear of the tile by the reach.
        let half = 0.5 + reach + 1e-6;
        let mid = [(a[0] + b[0]) * 0.5, (a[1] + b[1]) * 0.5];
        let e = [(b[0] - a[0]) * 0.5, (b[1] - a[1]) * 0.5];
        let far_from = |(x, y): (i64, i64)| {
            let c = [x as f64 + 0.5 - mid[0], y as f64 + 0.5 - mid[1]];
            c[0].abs() > half + e[0].abs()
                || c[1].abs() > half + e[1].abs()
                || (e[0] * c[1] - e[1] * c[0]).abs() > half * (e[0].abs() + e[1].abs())
        };
        let clear_block = |(x, y): (i64, i64)| {
            let mut walls = match self.index(x, y) {
                Some(i) => self.walls_near[i],
                None => self.block_walls((x, y)),
            };
            while walls != 0 {
                let k = i64::from(walls.trailing_zeros() as u16);
                if !far_from((x + k % 3 - 1, y + k / 3 - 1)) {
                    return false;
                }
                walls &= walls - 1;
            }
            true
        };
        // The first tile, then each tile the walk enters, through one call
        // of `clear_block`, so that the compiler inlines it: called from
        // two places it stayed a function of its own, called for every
        // tile, and the tick took 3-7% longer (PERF.md entry 87).
        let mut walk = raycast::Walk::new(a[0], a[1], b[0] - a[0], b[1] - a[1]);
        let mut tile = Map::tile_of(a[0], a[1]);
        loop {
            if !clear_block(tile) {
                return false;
            }
            match walk.next_within(1.0) {
                Some(crossing) => tile = crossing.tile,
                None => return true,
            }
        }
    }

    /// Puts `doors` on the map, each on a tile whose cell is [`DOOR`].
    fn set_doors(&mut self, doors: Vec<Door>) {
        self.door_index.clear();
        if !doors.is_empty() {
            self.door_index = vec![u16::MAX; self.width * self.height];
            for (i, d) in doors.iter().enumerate() {
                let at = d.tile.1 as usize * self.width + d.tile.0 as usize;
                self.door_index[at] = i as u16;
            }
        }
        self.doors = doors;
    }

    /// Shuts every door at once, as the map starts.
    pub fn shut_doors(&mut self) {
        for d in &mut self.doors {
            d.open = 0.0;
            d.motion = DoorMotion::Still;
        }
    }

    /// Takes over the state of each door of `old` that stands on the same
    /// tile here: a reloaded map keeps its doors as they were.
    pub fn keep_doors_of(&mut self, old: &Map) {
        for door in &mut self.doors {
            if let Some(i) = old.door_at(door.tile.0, door.tile.1) {
                door.open = old.doors[i].open;
                door.motion = old.doors[i].motion;
            }
        }
    }

    /// Every solid tile meeting the square of half side `reach` around
    /// `p`, row by row from the north-west.
    pub fn solid_tiles_near(
        &self,
        p: [f64; 2],
        reach: f64,
    ) -> impl Iterator<Item = (i64, i64)> + '_ {
        let (x0, x1) = (floor_i64(p[0] - reach), floor_i64(p[0] + reach));
        let (y0, y1) = (floor_i64(p[1] - reach), floor_i64(p[1] + reach));
        (y0..=y1)
            .flat_map(move |ty| (x0..=x1).map(move |tx| (tx, ty)))
            .filter(|&(tx, ty)| self.is_solid(tx, ty))
    }

    /// The tile holding the point (x, y).
    #[inline]
    pub fn tile_of(x: f64, y: f64) -> (i64, i64) {
        (floor_i64(x), floor_i64(y))
    }

    /// True if the tile at (x, y) is a landing pad (`_` in the grid).
    pub fn is_pad(&self, x: i64, y: i64) -> bool {
        self.index(x, y).is_some_and(|i| self.pads[i])
    }

    /// True if the map has any landing pad.
    pub fn has_pads(&self) -> bool {
        self.pads.contains(&true)
    }

    /// True if the tile at (x, y) is an exit.
    pub fn is_exit(&self, x: i64, y: i64) -> bool {
        self.index(x, y)
            .is_some_and(|i| self.exit_tiles.get(i) == Some(&true))
    }

    /// True for the open plane.
    pub fn is_open_plane(&self) -> bool {
        self.open
    }
}

/// `v.floor() as i64`, the same for every input (NaN and the infinities
/// included), without the call to the C library's `floor` that the
/// baseline x86-64 target makes of `f64::floor`: the grid walks of sight
/// and steering take tiles of points millions of times a tick.
#[inline]
pub fn floor_i64(v: f64) -> i64 {
    // Truncates toward zero, saturating, NaN to 0.
    let i = v as i64;
    if (i as f64) > v {
        i.saturating_sub(1)
    } else {
        i
    }
}

/// `v.ceil() as i64`, the same for every input, without the C library's
/// `ceil` (a call on the baseline x86-64 target): the renderer takes the
/// rows of every column's wall with it.
#[inline]
pub fn ceil_i64(v: f64) -> i64 {
    // Truncates toward zero, saturating, NaN to 0.
    let i = v as i64;
    if (i as f64) < v {
        i.saturating_add(1)
    } else {
        i
    }
}

#[cfg(test)]
mod floor_tests {
    use super::{ceil_i64, floor_i64};

    #[test]
    fn floor_i64_and_ceil_i64_are_floor_and_ceil_for_every_kind_of_value() {
        let mut values = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            -1.0000001,
            2.9999999,
            1e18,
            -1e18,
            9.3e18,
            -9.3e18,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
        ];
        let mut z = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            values.push(f64::from_bits(z));
            values.push((z >> 11) as f64 / (1u64 << 40) as f64 * 512.0 - 256.0);
        }
        for v in values {
            assert_eq!(floor_i64(v), v.floor() as i64, "{v:e}");
            assert_eq!(ceil_i64(v), v.ceil() as i64, "{v:e}");
        }
    }
}
