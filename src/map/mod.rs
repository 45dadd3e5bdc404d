//! Maps: the tile grid, its textures, and where the player starts.
//!
//! Maps are written as text (see `maps/README.md`) and parsed by [`load`]
//! into a [`Map`]; every fault is reported with its file, line and column.

mod parse;
pub mod raycast;

pub use parse::{load, parse, MapError, MapErrorKind, MapErrors, MAX_HALF_WIDTH, MIN_HALF_WIDTH};

use crate::texture::Texture;

/// What the floor or ceiling is covered with.
#[derive(Clone, Debug, PartialEq)]
pub enum Surface {
    /// A plain colour.
    Colour([u8; 3]),
    /// A texture, one texture edge per tile.
    Texture(Texture),
    /// Open sky (ceilings only): a panorama wrapped once round the horizon,
    /// from the horizon (its bottom row) to straight up (its top row), that
    /// turns with the view.
    Sky(Texture),
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
    /// The marker's line in the map file (from 1), for messages.
    pub line: usize,
    /// The marker's column (from 1).
    pub col: usize,
}

/// A tile map. Tile (x, y) covers [x, x+1) x [y, y+1); x grows east, y south.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// The map's display name.
    pub name: String,
    width: usize,
    height: usize,
    /// 0 for open floor, n for a wall with texture `walls[n - 1]`.
    cells: Vec<u8>,
    /// Wall textures, indexed by cell value - 1.
    pub walls: Vec<Texture>,
    /// The floor.
    pub floor: Surface,
    /// The ceiling.
    pub ceiling: Surface,
    /// The player start.
    pub start: Start,
    /// Enemy spawns, in grid order (row by row).
    pub spawns: Vec<Spawn>,
    /// How tall the walls are, tiles: the ceiling (or the top of the open
    /// sky's walls) is this high. Walking eyes are at 0.5.
    pub wall_height: f64,
    /// True for each tile (row-major) that is a landing pad.
    pads: Vec<bool>,
    /// True for a plane with no walls anywhere (outside the grid is open).
    open: bool,
}

/// The floor and ceiling colours when a map names none.
pub const DEFAULT_FLOOR: [u8; 3] = [0x55, 0x50, 0x48];
/// See [`DEFAULT_FLOOR`].
pub const DEFAULT_CEILING: [u8; 3] = [0x2c, 0x2a, 0x33];
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
            width: 0,
            height: 0,
            cells: Vec::new(),
            walls: Vec::new(),
            floor: Surface::Colour(DEFAULT_FLOOR),
            ceiling: Surface::Colour(DEFAULT_CEILING),
            start: Start {
                x: 0.0,
                y: 0.0,
                angle: 0.0,
            },
            spawns: Vec::new(),
            wall_height: OPEN_PLANE_HEIGHT,
            pads: Vec::new(),
            open: true,
        }
    }

    /// A map from rows of `#` (grey wall), `.` (floor), one start arrow
    /// (`^ > v <`), `w` (a walker facing east), `p` (a patrolling walker
    /// facing east) and `t` (a tank facing east, half width 0.35), for tests
    /// and tools.
    pub fn from_rows(rows: &[&str]) -> Self {
        let text = format!(
            "name = test\n[legend]\n# = grey.png\n[actors]\nw = walker east\n\
             p = walker east patrol\nt = tank east half_width=0.35\n[grid]\n{}\n",
            rows.join("\n")
        );
        parse::parse_with(&text, std::path::Path::new("<rows>"), &mut |_| {
            Ok(Texture::solid([128, 128, 128]))
        })
        .unwrap_or_else(|e| panic!("bad test map: {e}"))
    }

    /// Width in tiles.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in tiles.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at (x, y): 0 open, n a wall of texture n - 1. Outside the
    /// grid: a wall of texture 0, or open on the open plane.
    pub fn cell(&self, x: i64, y: i64) -> u8 {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return if self.open { 0 } else { 1 };
        }
        self.cells[y as usize * self.width + x as usize]
    }

    /// True if the tile at (x, y) blocks movement and sight.
    pub fn is_solid(&self, x: i64, y: i64) -> bool {
        self.cell(x, y) != 0
    }

    /// Every solid tile meeting the square of half side `reach` around
    /// `p`, row by row from the north-west.
    pub fn solid_tiles_near(
        &self,
        p: [f64; 2],
        reach: f64,
    ) -> impl Iterator<Item = (i64, i64)> + '_ {
        let (x0, x1) = ((p[0] - reach).floor() as i64, (p[0] + reach).floor() as i64);
        let (y0, y1) = ((p[1] - reach).floor() as i64, (p[1] + reach).floor() as i64);
        (y0..=y1)
            .flat_map(move |ty| (x0..=x1).map(move |tx| (tx, ty)))
            .filter(|&(tx, ty)| self.is_solid(tx, ty))
    }

    /// The tile holding the point (x, y).
    pub fn tile_of(x: f64, y: f64) -> (i64, i64) {
        (x.floor() as i64, y.floor() as i64)
    }

    /// True if the tile at (x, y) is a landing pad (`_` in the grid).
    pub fn is_pad(&self, x: i64, y: i64) -> bool {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return false;
        }
        self.pads[y as usize * self.width + x as usize]
    }

    /// True if the map has any landing pad.
    pub fn has_pads(&self) -> bool {
        self.pads.contains(&true)
    }

    /// True for the open plane.
    pub fn is_open_plane(&self) -> bool {
        self.open
    }
}
