//! Maps: the tile grid, its textures, and where the player starts.
//!
//! Maps are written as text (see `maps/README.md`) and parsed by [`load`]
//! into a [`Map`]; every fault is reported with its file, line and column.

mod parse;

pub use parse::{load, parse, MapError, MapErrorKind, MapErrors};

use crate::texture::Texture;

/// What the floor or ceiling is covered with.
#[derive(Clone, Debug, PartialEq)]
pub enum Surface {
    /// A plain colour.
    Colour([u8; 3]),
    /// A texture, one texture edge per tile.
    Texture(Texture),
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
    /// True for a plane with no walls anywhere (outside the grid is open).
    open: bool,
}

/// The floor and ceiling colours when a map names none.
pub const DEFAULT_FLOOR: [u8; 3] = [0x55, 0x50, 0x48];
/// See [`DEFAULT_FLOOR`].
pub const DEFAULT_CEILING: [u8; 3] = [0x2c, 0x2a, 0x33];

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
            open: true,
        }
    }

    /// A map from rows of `#` (grey wall), `.` (floor) and one start arrow
    /// (`^ > v <`), for tests and tools.
    pub fn from_rows(rows: &[&str]) -> Self {
        let text = format!(
            "name = test\n[legend]\n# = grey.png\n[grid]\n{}\n",
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

    /// True for the open plane.
    pub fn is_open_plane(&self) -> bool {
        self.open
    }
}
