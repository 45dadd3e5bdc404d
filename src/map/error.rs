//! Where in a map file a fault is and what it is: the text and Tiled
//! readers both collect every fault of a file with its place.

use super::limits::{MAX_DOORS, MAX_GRID, MAX_WALLS};
use super::MAX_WALL_HEIGHT;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where in a map file something is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The file as a whole.
    File,
    /// A text map's line and column (in characters), from 1.
    Text {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
    },
    /// A tile of one of a Tiled map's tile layers (x east, y south, from 0).
    Tile {
        /// The layer.
        layer: TileLayer,
        /// Column, from 0.
        x: usize,
        /// Row, from 0.
        y: usize,
    },
    /// One of a Tiled map's objects, by its id, and the tile it is on.
    Object {
        /// The object's id in Tiled.
        id: u32,
        /// Its tile's column.
        x: i64,
        /// Its tile's row.
        y: i64,
    },
}

/// The tile layers of a Tiled map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileLayer {
    /// `walls`.
    Walls,
    /// `floor`.
    Floor,
    /// `ceiling`.
    Ceiling,
}

impl TileLayer {
    /// Every layer, in the order the guide lists them.
    pub const ALL: [TileLayer; 3] = [TileLayer::Walls, TileLayer::Floor, TileLayer::Ceiling];

    /// The layer's name in Tiled.
    pub fn name(self) -> &'static str {
        match self {
            TileLayer::Walls => "walls",
            TileLayer::Floor => "floor",
            TileLayer::Ceiling => "ceiling",
        }
    }
}

impl Place {
    /// The line of a text map place (0 for any other).
    pub fn line(&self) -> usize {
        match self {
            Place::Text { line, .. } => *line,
            _ => 0,
        }
    }

    /// The column in characters from 1 for a place in a text map, else 0.
    pub fn col(&self) -> usize {
        match self {
            Place::Text { col, .. } => *col,
            _ => 0,
        }
    }

    /// `file:line:col`, `file: layer `walls`, tile (x, y)` and so on: the
    /// place with its file, as messages start.
    pub fn locate(&self, file: &Path) -> String {
        let file = file.display();
        match self {
            Place::File => format!("{file}"),
            Place::Text { line, col } => format!("{file}:{line}:{col}"),
            other => format!("{file}: {other}"),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::File => write!(f, "the file"),
            Place::Text { line, col } => write!(f, "line {line}, column {col}"),
            Place::Tile { layer, x, y } => write!(f, "layer `{}`, tile ({x}, {y})", layer.name()),
            Place::Object { id, x, y } => write!(f, "object {id} at tile ({x}, {y})"),
        }
    }
}

/// One fault in a map file, with where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct MapError {
    /// The map file.
    pub file: PathBuf,
    /// Where in it.
    pub at: Place,
    /// What is wrong.
    pub kind: MapErrorKind,
}

/// What is wrong with a map.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MapErrorKind {
    /// The file cannot be read.
    #[error("cannot read the map: {0}")]
    Read(String),
    /// A line that is not `key = value` where one is expected.
    #[error("expected `key = value`, found `{0}`")]
    NotKeyValue(String),
    /// A header key (or Tiled property) the format does not have.
    #[error("unknown key `{0}` (expected name, description, floor, ceiling, sky or wall_height)")]
    UnknownKey(String),
    /// A Tiled map that cannot be read as one.
    #[error("{0}")]
    Tiled(String),
    /// A key given twice.
    #[error("`{0}` is given twice")]
    DuplicateKey(String),
    /// Both a ceiling and a sky, and nothing to say where each is.
    #[error("a map has a ceiling or a sky, not both, unless a [sky] grid marks the open tiles")]
    CeilingAndSky,
    /// A `[sky]` grid with no `sky = PNG` to show there.
    #[error("a [sky] grid needs `sky = PNG` in the header")]
    SkyGridWithoutSky,
    /// A `[sky]` grid character other than `*` and `.`.
    #[error("`{0}` in the [sky] grid: expected `*` (open sky) or `.` (under the ceiling)")]
    BadSkyChar(char),
    /// A `[sky]` grid of another size than the map's.
    #[error("the [sky] grid is {found}, but the map's grid is {expected}")]
    SkySize {
        /// The map grid's size, `WxH`.
        expected: String,
        /// The sky grid's size.
        found: String,
    },
    /// A door marker that does not say `TEXTURE [locked=KEY]` well.
    #[error("{0}")]
    BadDoor(String),
    /// A pickup marker that is not `key COLOUR`, `health` or `fuel`.
    #[error("{0}")]
    BadPickup(String),
    /// A door without walls on two opposite sides to slide into.
    #[error("this door is not between two walls: it needs walls east and west, or north and south, and open floor on the other two sides")]
    DoorNotBetweenWalls,
    /// More doors than a map can hold.
    #[error("more than {MAX_DOORS} doors")]
    TooManyDoors,
    /// A wall height that is not a number in range.
    #[error("`{0}` is not a wall height: expected a number of tiles from 1 to {MAX_WALL_HEIGHT}")]
    BadWallHeight(String),
    /// A section the format does not have.
    #[error("unknown section `[{0}]` (expected [legend], [actors], [doors], [pickups], [grid] or, after the grid, [sky])")]
    UnknownSection(String),
    /// A colour that is not `#rrggbb`.
    #[error("`{0}` is not a colour: expected #rrggbb")]
    BadColour(String),
    /// A legend key that is not one character, or is reserved.
    #[error("legend key `{0}` must be one character other than . _ ^ > v < ; [ = and space")]
    BadLegendKey(String),
    /// A legend character given twice.
    #[error("legend character `{0}` is given twice")]
    DuplicateLegend(char),
    /// An actor marker (or Tiled object) that does not say what it is well.
    #[error("{0}")]
    BadActor(String),
    /// More wall textures than a map can hold.
    #[error("more than {MAX_WALLS} legend entries")]
    TooManyWalls,
    /// A texture file that is missing, unreadable or the wrong shape.
    #[error("{0}")]
    Texture(String),
    /// A grid character with no meaning.
    #[error("unknown character `{0}` in the grid (expected `.`, `_` for a landing pad, a start arrow ^ > v <, or a legend, actor, door or pickup character)")]
    UnknownChar(char),
    /// A grid row of another length than the first.
    #[error("row is {found} characters long, but the first row is {expected}")]
    Ragged {
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// Open floor on the edge of the grid.
    #[error("the grid is not closed: open tile on its edge (the edge must be walls)")]
    NotClosed,
    /// No start arrow in the grid.
    #[error("no player start: put one of ^ > v < in the grid")]
    NoStart,
    /// More than one start arrow.
    #[error("a second player start (the first is at line {0}, column {1})")]
    SeveralStarts(usize, usize),
    /// No `[grid]` section, or an empty one.
    #[error("no grid: the map needs a [grid] section with at least one row")]
    NoGrid,
    /// The grid is larger than [`MAX_GRID`].
    #[error("the grid is larger than {MAX_GRID}x{MAX_GRID} tiles")]
    TooLarge,
    /// No `name = ...` line.
    #[error("no `name = ...` line")]
    NoName,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at.locate(&self.file), self.kind)
    }
}

impl std::error::Error for MapError {}

/// Every fault found in one map file, in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct MapErrors(pub Vec<MapError>);

impl fmt::Display for MapErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MapErrors {}
