//! Where in a map file a fault is and what it is: the text and Tiled
//! readers both collect every fault of a file with its place.

use super::limits::{
    MAX_ACTORS, MAX_DOORS, MAX_GRID, MAX_HINTS, MAX_ORDER, MAX_PICKUPS, MAX_PUSHWALLS, MAX_WALLS,
};
use super::MAX_WALL_HEIGHT;
use crate::files::ReadError;
pub use crate::located::Place;
use crate::located::MAX_FAULTS;
use crate::located::{Faults, Located};
use crate::texture::TextureError;

/// The tile layers of a Tiled map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileLayer {
    /// `walls`.
    Walls,
    /// `floor`.
    Floor,
    /// `ceiling`.
    Ceiling,
    /// `surface`: what the floor is made of, tile by tile.
    Surface,
}

impl TileLayer {
    /// Every layer, in the order the guide lists them.
    pub const ALL: [TileLayer; 4] = [
        TileLayer::Walls,
        TileLayer::Floor,
        TileLayer::Ceiling,
        TileLayer::Surface,
    ];

    /// The layer's name in Tiled.
    pub fn name(self) -> &'static str {
        match self {
            TileLayer::Walls => "walls",
            TileLayer::Floor => "floor",
            TileLayer::Ceiling => "ceiling",
            TileLayer::Surface => "surface",
        }
    }
}

/// One fault in a map file, with where it is.
pub type MapError = Located<MapErrorKind>;

/// Every fault found in one map file, in file order.
pub type MapErrors = Faults<MapErrorKind>;

/// What is wrong with a map.
#[derive(Debug, thiserror::Error)]
pub enum MapErrorKind {
    /// The file cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A line that is not `key = value` where one is expected.
    #[error("expected `key = value`, found `{0}`")]
    NotKeyValue(String),
    /// A header key (or Tiled property) the format does not have.
    #[error(
        "unknown key `{0}` (expected name, description, order, floor, ceiling, sky, wall_height, music or ambience)"
    )]
    UnknownKey(String),
    /// A Tiled map that cannot be read as one, in words.
    #[error("{0}")]
    Tiled(String),
    /// A tileset or object template of a Tiled map that does not load,
    /// with its own fault at its own place.
    #[error("the {what} it uses does not load")]
    Uses {
        /// "tileset" or "object template".
        what: &'static str,
        /// The fault in that file.
        #[source]
        fault: Box<MapError>,
    },
    /// What the `tiled` crate could not read (a tileset, a template, an
    /// attribute), with its reason.
    #[error("the Tiled file does not read")]
    TiledCrate(#[source] tiled::Error),
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
    #[error("`{}` in the [sky] grid: expected `*` (open sky) or `.` (under the ceiling)", .0.escape_debug())]
    BadSkyChar(char),
    /// A `[surface]` grid character other than `.` and a material's.
    #[error("`{}` in the [surface] grid: expected `s` (stone), `w` (wood), `m` (metal) or `.` (the floor texture's own)", .0.escape_debug())]
    BadSurfaceChar(char),
    /// A `[surface]` grid of another size than the map's.
    #[error("the [surface] grid is {found}, but the map's grid is {expected}")]
    SurfaceSize {
        /// The map's size.
        expected: String,
        /// The surface grid's size.
        found: String,
    },
    /// A Tiled `surface` layer tile whose texture has no material in
    /// `TEXTURE_MATERIALS`.
    #[error("texture `{0}` has no surface: the `surface` layer takes the tiles of {known}", known = surface_textures())]
    NoSurface(String),
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
    /// A push wall that could never slide.
    #[error("this push wall cannot move: it slides away from the player, so it needs open floor on two opposite sides (east and west, or north and south)")]
    PushWallStuck,
    /// A door without walls on two opposite sides to slide into.
    #[error("this door is not between two walls: it needs walls east and west, or north and south, and open floor on the other two sides")]
    DoorNotBetweenWalls,
    /// More doors than a map can hold.
    #[error("more than {MAX_DOORS} doors")]
    TooManyDoors,
    /// More push walls than a map may hold (1024).
    #[error("more than {MAX_PUSHWALLS} push walls")]
    TooManyPushWalls,
    /// A wall height that is not a number in range.
    #[error("`{0}` is not a wall height: expected a number of tiles from 1 to {MAX_WALL_HEIGHT}")]
    BadWallHeight(String),
    /// A section the format does not have.
    #[error("unknown section `[{0}]` (expected [legend], [actors], [doors], [pickups], [course], [hints], [grid] or, after the grid, [sky] and [surface])")]
    UnknownSection(String),
    /// A section the format has, in a place it may not be (a second
    /// `[grid]`, `[legend]` after the grid, `[sky]` or `[surface]` before
    /// it).
    #[error("section `[{0}]` is out of place: [legend], [actors], [doors], [pickups] and [course] come before the one [grid], and [sky] and [surface] once each after it")]
    SectionOutOfPlace(String),
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
    #[error(transparent)]
    Texture(#[from] TextureError),
    /// A grid character with no meaning.
    #[error("unknown character `{}` in the grid (expected `.`, `_` for a landing pad, a start arrow ^ > v <, or a legend, actor, door, pickup, course or hint character)", .0.escape_debug())]
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
    /// The grid is larger than `MAX_GRID`.
    #[error("the grid is larger than {MAX_GRID}x{MAX_GRID} tiles")]
    TooLarge,
    /// So many faults that the reader stopped.
    #[error("more than {MAX_FAULTS} faults; the rest are not listed")]
    TooManyFaults,
    /// More actors than the game runs.
    #[error("more than {MAX_ACTORS} walkers and tanks")]
    TooManyActors,
    /// More pickups than a map holds.
    #[error("more than {MAX_PICKUPS} pickups")]
    TooManyPickups,
    /// No `name = ...` line.
    #[error("no `name = ...` line")]
    NoName,
    /// A course marker (or checkpoint object) that does not say what it
    /// is well.
    #[error("{0}")]
    BadCourse(String),
    /// A course marker defined but not placed in the grid.
    #[error("course marker `{0}` is not placed in the grid")]
    UnplacedCourseMarker(char),
    /// Two checkpoints with one number.
    #[error("checkpoint {0} is placed twice (each number once: 1, 2, 3, ... then the finish)")]
    DuplicateCheckpoint(u32),
    /// A number left out of the checkpoints' order.
    #[error("checkpoint {found} follows checkpoint {}: checkpoint {missing} is missing (checkpoints are numbered 1, 2, 3, ... in order)", missing - 1)]
    CheckpointGap {
        /// The number found.
        found: u32,
        /// The number expected there.
        missing: u32,
    },
    /// Checkpoints but no finish.
    #[error(
        "this course has no finish: add a `finish` marker (or object) after its last checkpoint"
    )]
    NoFinish,
    /// A second finish.
    #[error("a second finish: a course has one")]
    SecondFinish,
    /// A hint whose text is empty, too long or has a bad `{...}`.
    #[error("{0}")]
    BadHint(String),
    /// A hint marker defined but not placed in the grid.
    #[error("hint marker `{0}` is not placed in the grid")]
    UnplacedHint(char),
    /// More hints than a map holds.
    #[error("more than {MAX_HINTS} hints")]
    TooManyHints,
    /// A play order that is not a whole number in range.
    #[error("`{0}` is not a play order: expected a whole number from 1 to {MAX_ORDER} (lower comes first)")]
    BadOrder(String),
    /// A par time that is not `M:SS`.
    #[error("`{0}` is not a par time: expected minutes and seconds, `M:SS`, from 0:01 to 60:00 (`par = 1:30`)")]
    BadPar(String),
    /// More exit tiles than a map holds.
    #[error("more than {} exit tiles", crate::map::limits::MAX_EXITS)]
    TooManyExits,
    /// An exit marker defined but not placed in the grid.
    #[error("exit marker `{0}` is not placed in the grid")]
    UnplacedExit(char),
    /// A music track or ambience bed name that is not a bare name.
    #[error("`{0}` is not a {1} name: expected letters, digits, `_` and `-` (maps/README.md lists them)")]
    BadSoundName(String, &'static str),
}

/// The textures with a material, as `floor_tiles (stone), ...`.
fn surface_textures() -> String {
    let each = crate::map::TEXTURE_MATERIALS.map(|(t, m)| format!("{t} ({})", m.name()));
    each.join(", ")
}
