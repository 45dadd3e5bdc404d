//! The text map format (documented in `maps/README.md`).
//!
//! ```text
//! ; comment
//! name = The Wobble Maze
//! floor = ../assets/floor_tiles.png
//! ceiling = #2c2a33
//!
//! [legend]
//! # = ../assets/brick_red.png
//!
//! [grid]
//! #####
//! #>..#
//! #####
//! ```

use super::{
    Door, DoorAxis, Key, Map, Pickup, PickupKind, Sky, Spawn, SpawnKind, Start, Surface,
    DEFAULT_CEILING, DEFAULT_FLOOR, DOOR, MAX_WALL_HEIGHT,
};
use crate::texture::{Texture, TextureError};
use std::f64::consts::{FRAC_PI_2, PI};
use std::fmt;
use std::path::{Path, PathBuf};

/// The largest grid accepted, in tiles on a side.
pub const MAX_GRID: usize = 1024;
/// The most wall textures one map may name (one cell value is the door's).
pub(super) const MAX_WALLS: usize = 254;
/// The most doors one map may hold.
pub(super) const MAX_DOORS: usize = 4096;
/// The smallest tank half width a map may ask for, in tiles.
pub const MIN_HALF_WIDTH: f64 = 0.1;
/// The largest tank half width a map may ask for, in tiles.
pub const MAX_HALF_WIDTH: f64 = 1.0;
/// The default tank half width, in tiles.
pub(super) const DEFAULT_HALF_WIDTH: f64 = 0.35;

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

/// Loads a map file, text or (for a `.tmx` name) Tiled; textures are
/// paths relative to the map file.
pub fn load(path: &Path) -> Result<Map, MapErrors> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        MapErrors(vec![MapError {
            file: path.to_owned(),
            at: Place::File,
            kind: MapErrorKind::Read(e.to_string()),
        }])
    })?;
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"))
    {
        return super::tiled::parse_tmx(&text, path);
    }
    parse(&text, path)
}

/// Parses map `text` as if read from `path` (textures load from beside it).
pub fn parse(text: &str, path: &Path) -> Result<Map, MapErrors> {
    let dir = path.parent().unwrap_or(Path::new(".")).to_owned();
    parse_with(text, path, &mut |name| Texture::load(&dir.join(name)))
}

/// Where the parser is in the file.
#[derive(Clone, Copy, PartialEq)]
enum Section {
    Header,
    Legend,
    Actors,
    Doors,
    Pickups,
    Grid,
    Sky,
}

/// A texture loader: from the name written in the map to the texture.
pub(super) type Loader<'a> = dyn FnMut(&str) -> Result<Texture, TextureError> + 'a;

/// Parses with a given texture loader (tests load no files).
pub(super) fn parse_with(text: &str, path: &Path, loader: &mut Loader) -> Result<Map, MapErrors> {
    let mut p = Parser {
        path,
        errors: Vec::new(),
        name: None,
        description: None,
        floor: None,
        ceiling: None,
        wall_height: None,
        sky: None,
        ceiling_at: (0, 0),
        legend: Vec::new(),
        walls: Vec::new(),
        actors: Vec::new(),
        doors: Vec::new(),
        door_textures: Vec::new(),
        pickups: Vec::new(),
        grid: Vec::new(),
        grid_line: 0,
        sky_grid: Vec::new(),
        sky_line: 0,
    };
    let mut section = Section::Header;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        // Grid rows are taken as they are, up to a section line: `[` is
        // never a tile.
        let rows = matches!(section, Section::Grid | Section::Sky);
        if rows && !trimmed.starts_with('[') {
            let row = (line, raw.trim_end_matches('\r'));
            match section {
                Section::Grid => p.grid.push(row),
                _ => p.sky_grid.push(row),
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with(';') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('[') {
            let name = rest.strip_suffix(']').unwrap_or(rest).trim();
            let after_grid = p.grid_line > 0;
            match name {
                "legend" if !after_grid => section = Section::Legend,
                "actors" if !after_grid => section = Section::Actors,
                "doors" if !after_grid => section = Section::Doors,
                "pickups" if !after_grid => section = Section::Pickups,
                "grid" if !after_grid => {
                    section = Section::Grid;
                    p.grid_line = line;
                }
                "sky" if after_grid && p.sky_line == 0 => {
                    section = Section::Sky;
                    p.sky_line = line;
                }
                _ => p.error(
                    line,
                    col_of(raw, trimmed),
                    MapErrorKind::UnknownSection(name.into()),
                ),
            }
            continue;
        }
        match section {
            Section::Header => p.header_line(line, raw, loader),
            Section::Actors => p.actor_line(line, raw),
            Section::Doors => p.door_line(line, raw, loader),
            Section::Pickups => p.pickup_line(line, raw),
            _ => p.legend_line(line, raw, loader),
        }
    }
    p.finish()
}

/// The column (from 1) where `part`, a slice of `line`, starts.
fn col_of(line: &str, part: &str) -> usize {
    let offset = part.as_ptr() as usize - line.as_ptr() as usize;
    line[..offset].chars().count() + 1
}

struct Parser<'a> {
    path: &'a Path,
    errors: Vec<MapError>,
    name: Option<String>,
    description: Option<String>,
    floor: Option<Surface>,
    ceiling: Option<Surface>,
    wall_height: Option<f64>,
    /// The sky panorama and where `sky =` is.
    sky: Option<(Texture, usize, usize)>,
    /// Where `ceiling =` is.
    ceiling_at: (usize, usize),
    /// Legend characters; wall texture `walls[i]` belongs to `legend[i]`.
    legend: Vec<char>,
    walls: Vec<Texture>,
    /// Actor markers: a character and what it spawns (facing in radians).
    actors: Vec<(char, SpawnKind, f64)>,
    /// Door markers: a character, its texture and its lock.
    doors: Vec<(char, usize, Option<Key>)>,
    /// Door textures, by the name the map gives them.
    door_textures: Vec<(String, Texture)>,
    /// Pickup markers.
    pickups: Vec<(char, PickupKind)>,
    grid: Vec<(usize, &'a str)>,
    grid_line: usize,
    /// The `[sky]` grid's rows, and its section line (0 for none).
    sky_grid: Vec<(usize, &'a str)>,
    sky_line: usize,
}

impl<'a> Parser<'a> {
    fn error(&mut self, line: usize, col: usize, kind: MapErrorKind) {
        self.errors.push(MapError {
            file: self.path.to_owned(),
            at: Place::Text { line, col },
            kind,
        });
    }

    /// Splits `key = value`, reporting a line that is not one.
    fn key_value<'l>(&mut self, line: usize, raw: &'l str) -> Option<(&'l str, &'l str)> {
        let trimmed = raw.trim();
        match trimmed.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
                Some((k.trim(), v.trim()))
            }
            _ => {
                self.error(
                    line,
                    col_of(raw, trimmed),
                    MapErrorKind::NotKeyValue(trimmed.into()),
                );
                None
            }
        }
    }

    fn header_line(&mut self, line: usize, raw: &str, loader: &mut Loader) {
        let Some((key, value)) = self.key_value(line, raw) else {
            return;
        };
        let (kcol, vcol) = (col_of(raw, key), col_of(raw, value));
        let taken = match key {
            "name" => self.name.is_some(),
            "description" => self.description.is_some(),
            "floor" => self.floor.is_some(),
            "ceiling" => self.ceiling.is_some(),
            "sky" => self.sky.is_some(),
            "wall_height" => self.wall_height.is_some(),
            _ => {
                self.error(line, kcol, MapErrorKind::UnknownKey(key.into()));
                return;
            }
        };
        if taken {
            self.error(line, kcol, MapErrorKind::DuplicateKey(key.into()));
            return;
        }
        match key {
            "name" => self.name = Some(value.into()),
            "description" => self.description = Some(value.into()),
            "wall_height" => {
                let height = value
                    .parse::<f64>()
                    .ok()
                    .filter(|h| (1.0..=MAX_WALL_HEIGHT).contains(h));
                match height {
                    Some(h) => self.wall_height = Some(h),
                    None => self.error(line, vcol, MapErrorKind::BadWallHeight(value.into())),
                }
            }
            "sky" => match loader(value) {
                Ok(t) => self.sky = Some((t, line, kcol)),
                Err(e) => self.error(line, vcol, MapErrorKind::Texture(e.to_string())),
            },
            "floor" => self.floor = Some(self.surface(line, vcol, value, loader)),
            _ => {
                self.ceiling = Some(self.surface(line, vcol, value, loader));
                self.ceiling_at = (line, kcol);
            }
        }
    }

    /// A floor or ceiling value: `#rrggbb` or a texture path.
    fn surface(&mut self, line: usize, col: usize, value: &str, loader: &mut Loader) -> Surface {
        if let Some(hex) = value.strip_prefix('#') {
            return match parse_hex(hex) {
                Some(rgb) => Surface::Colour(rgb),
                None => {
                    self.error(line, col, MapErrorKind::BadColour(value.into()));
                    Surface::Colour([0; 3])
                }
            };
        }
        match loader(value) {
            Ok(t) => Surface::Texture(t),
            Err(e) => {
                self.error(line, col, MapErrorKind::Texture(e.to_string()));
                Surface::Colour([0; 3])
            }
        }
    }

    /// Splits a legend or actor line, `C = VALUE`, into its character and
    /// value, reporting a bad or repeated character.
    fn char_key<'l>(&mut self, line: usize, raw: &'l str) -> Option<(char, &'l str)> {
        let trimmed = raw.trim();
        let kcol = col_of(raw, trimmed);
        // The key is the first character, so a key of `#` or `=` still
        // leaves the separator after it.
        let key = trimmed.chars().next().expect("blank lines are skipped");
        let after_key = &trimmed[key.len_utf8()..];
        let Some((between, value)) = after_key
            .split_once('=')
            .filter(|(_, v)| !v.trim().is_empty())
        else {
            self.error(line, kcol, MapErrorKind::NotKeyValue(trimmed.into()));
            return None;
        };
        if !between.trim().is_empty() || ".^>v<;[=_".contains(key) {
            let written = format!("{key}{}", between.trim_end());
            self.error(line, kcol, MapErrorKind::BadLegendKey(written));
            return None;
        }
        let taken = self.legend.contains(&key)
            || self.actors.iter().any(|a| a.0 == key)
            || self.doors.iter().any(|d| d.0 == key)
            || self.pickups.iter().any(|p| p.0 == key);
        if taken {
            self.error(line, kcol, MapErrorKind::DuplicateLegend(key));
            return None;
        }
        Some((key, value.trim()))
    }

    /// `C = walker FACING [patrol]` or `C = tank FACING [half_width=TILES]`.
    fn actor_line(&mut self, line: usize, raw: &str) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        match parse_actor(value) {
            Ok((kind, angle)) => self.actors.push((key, kind, angle)),
            Err((part, message)) => {
                let col = col_of(raw, part);
                self.error(line, col, MapErrorKind::BadActor(message));
            }
        }
    }

    /// `C = TEXTURE [locked=KEY]`: a door marker.
    fn door_line(&mut self, line: usize, raw: &str, loader: &mut Loader) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        let (texture, lock) = match split_door(value) {
            Ok(parts) => parts,
            Err((part, message)) => {
                self.error(line, col_of(raw, part), MapErrorKind::BadDoor(message));
                return;
            }
        };
        let index = match self.door_textures.iter().position(|(n, _)| n == texture) {
            Some(i) => i,
            None => {
                let loaded = loader(texture).unwrap_or_else(|e| {
                    let col = col_of(raw, texture);
                    self.error(line, col, MapErrorKind::Texture(e.to_string()));
                    Texture::solid([255, 0, 255])
                });
                self.door_textures.push((texture.into(), loaded));
                self.door_textures.len() - 1
            }
        };
        self.doors.push((key, index, lock));
    }

    /// `C = key COLOUR`, `C = health` or `C = fuel`: a pickup marker.
    fn pickup_line(&mut self, line: usize, raw: &str) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        match parse_pickup(value) {
            Ok(kind) => self.pickups.push((key, kind)),
            Err((part, message)) => {
                self.error(line, col_of(raw, part), MapErrorKind::BadPickup(message));
            }
        }
    }

    fn legend_line(&mut self, line: usize, raw: &str, loader: &mut Loader) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        let kcol = col_of(raw, raw.trim());
        if self.legend.len() == MAX_WALLS {
            self.error(line, kcol, MapErrorKind::TooManyWalls);
            return;
        }
        let vcol = col_of(raw, value);
        let texture = match loader(value) {
            Ok(t) => t,
            Err(e) => {
                self.error(line, vcol, MapErrorKind::Texture(e.to_string()));
                Texture::solid([255, 0, 255])
            }
        };
        self.legend.push(key);
        self.walls.push(texture);
    }

    fn finish(mut self) -> Result<Map, MapErrors> {
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
        let pads = self.pads(width * height);
        let doors = self.placed_doors(&cells);
        let sky = self.sky(width, height);
        if !self.errors.is_empty() {
            return Err(MapErrors(std::mem::take(&mut self.errors)));
        }
        let start = start.expect("a start when no errors");
        let mut map = Map {
            name: self.name.take().expect("a name when no errors"),
            description: self.description.take().unwrap_or_default(),
            width,
            height,
            cells: cells.concat(),
            walls: self.walls,
            floor: self.floor.unwrap_or(Surface::Colour(DEFAULT_FLOOR)),
            ceiling: self.ceiling.unwrap_or(Surface::Colour(DEFAULT_CEILING)),
            sky,
            doors: Vec::new(),
            door_textures: self.door_textures.into_iter().map(|(_, t)| t).collect(),
            door_index: Vec::new(),
            pickups,
            start,
            spawns,
            wall_height: self.wall_height.unwrap_or(1.0),
            pads,
            open: false,
        };
        map.set_doors(doors);
        Ok(map)
    }

    /// The sky: none, everywhere, or over the tiles the `[sky]` grid marks
    /// with `*`; reporting a grid without a panorama, a ceiling and a
    /// panorama without a grid, and a grid of the wrong shape.
    fn sky(&mut self, width: usize, height: usize) -> Option<Sky> {
        while self
            .sky_grid
            .last()
            .is_some_and(|(_, r)| r.trim().is_empty())
        {
            self.sky_grid.pop();
        }
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
            return Some(Sky {
                texture,
                tiles: Vec::new(),
            });
        }
        let found_w = self.sky_grid.first().map_or(0, |r| r.1.chars().count());
        if self.sky_grid.len() != height || found_w != width {
            let kind = MapErrorKind::SkySize {
                expected: format!("{width}x{height}"),
                found: format!("{found_w}x{}", self.sky_grid.len()),
            };
            self.error(self.sky_line, 1, kind);
            return None;
        }
        let mut tiles = Vec::with_capacity(width * height);
        for (line, text) in self.sky_grid.clone() {
            let found = text.chars().count();
            if found != width {
                let kind = MapErrorKind::Ragged {
                    expected: width,
                    found,
                };
                self.error(line, found.min(width) + 1, kind);
                return None;
            }
            for (c, ch) in text.chars().enumerate() {
                match ch {
                    '*' => tiles.push(true),
                    '.' => tiles.push(false),
                    _ => {
                        self.error(line, c + 1, MapErrorKind::BadSkyChar(ch));
                        tiles.push(false);
                    }
                }
            }
        }
        Some(Sky { texture, tiles })
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

    /// The cell value of a grid character: 0 for floor, starts, actor and
    /// pickup markers, [`DOOR`] for door markers.
    fn cell_of(&self, ch: char) -> Option<u8> {
        let marker =
            self.actors.iter().any(|a| a.0 == ch) || self.pickups.iter().any(|p| p.0 == ch);
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

/// An actor marker's value, `KIND FACING [OPTIONS]`: what it spawns and
/// its facing in radians, or the offending part of `value` and why.
fn parse_actor(value: &str) -> Result<(SpawnKind, f64), (&str, String)> {
    let mut words = value.split_whitespace();
    let kind_word = words.next().unwrap_or(value);
    let Some(facing_word) = words.next() else {
        return Err((value, format!("`{value}`: expected `KIND FACING`, e.g. `walker south` or `tank east half_width=0.4`")));
    };
    let angle = parse_facing(facing_word).ok_or_else(|| {
        (
            facing_word,
            format!("`{facing_word}` is not a facing (east, south, west, north, or degrees with 0 east and 90 south)"),
        )
    })?;
    let mut kind = match kind_word {
        "walker" => SpawnKind::Walker { patrol: false },
        "tank" => SpawnKind::Tank {
            half_width: DEFAULT_HALF_WIDTH,
        },
        _ => {
            return Err((
                kind_word,
                format!("unknown actor `{kind_word}` (expected walker or tank)"),
            ))
        }
    };
    for option in words {
        match (&mut kind, option.split_once('=')) {
            (SpawnKind::Walker { patrol }, None) if option == "patrol" => *patrol = true,
            (SpawnKind::Tank { half_width }, Some(("half_width", v))) => {
                *half_width = v
                    .parse::<f64>()
                    .ok()
                    .filter(|w| (MIN_HALF_WIDTH..=MAX_HALF_WIDTH).contains(w))
                    .ok_or_else(|| {
                        (
                            option,
                            format!("`{v}` is not a half width from {MIN_HALF_WIDTH} to {MAX_HALF_WIDTH} tiles"),
                        )
                    })?;
            }
            _ => {
                let expected = match kind {
                    SpawnKind::Walker { .. } => "a walker takes `patrol`",
                    SpawnKind::Tank { .. } => "a tank takes `half_width=TILES`",
                };
                return Err((option, format!("unknown option `{option}` ({expected})")));
            }
        }
    }
    Ok((kind, angle))
}

/// Which way a door's leaf runs, given which of its sides (west, east,
/// north, south) are walls; None unless exactly one opposite pair is.
pub(super) fn door_axis(west: bool, east: bool, north: bool, south: bool) -> Option<DoorAxis> {
    match (west && east, north && south, west || east, north || south) {
        (true, false, _, false) => Some(DoorAxis::EastWest),
        (false, true, false, _) => Some(DoorAxis::NorthSouth),
        _ => None,
    }
}

/// A door marker's value, `TEXTURE [locked=KEY]`: the texture name and the
/// lock, or the offending part of `value` and why.
fn split_door(value: &str) -> Result<(&str, Option<Key>), (&str, String)> {
    let (texture, option) = match value.rsplit_once(char::is_whitespace) {
        Some((t, o)) if o.contains('=') => (t.trim_end(), Some(o)),
        _ => (value, None),
    };
    let lock = match option {
        None => None,
        Some(o) => Some(parse_lock(o).map_err(|m| (o, m))?),
    };
    Ok((texture, lock))
}

/// `locked=KEY`: the key a door needs.
pub(super) fn parse_lock(option: &str) -> Result<Key, String> {
    match option.split_once('=') {
        Some(("locked", name)) => Key::from_name(name)
            .ok_or_else(|| format!("`{name}` is not a key (expected gold or silver)")),
        _ => Err(format!(
            "unknown door option `{option}` (a door takes `locked=gold` or `locked=silver`)"
        )),
    }
}

/// A pickup marker's value: `key COLOUR`, `health` or `fuel`.
fn parse_pickup(value: &str) -> Result<PickupKind, (&str, String)> {
    let mut words = value.split_whitespace();
    let kind = words.next().unwrap_or(value);
    let picked = match kind {
        "key" => {
            let Some(colour) = words.next() else {
                return Err((
                    value,
                    "a key needs its colour: `key gold` or `key silver`".into(),
                ));
            };
            let key = Key::from_name(colour).ok_or_else(|| {
                (
                    colour,
                    format!("`{colour}` is not a key (expected gold or silver)"),
                )
            })?;
            PickupKind::Key(key)
        }
        "health" => PickupKind::Health,
        "fuel" => PickupKind::Fuel,
        _ => {
            return Err((
                kind,
                format!("unknown pickup `{kind}` (expected key, health or fuel)"),
            ))
        }
    };
    match words.next() {
        Some(extra) => Err((
            extra,
            format!("unexpected `{extra}` after `{}`", picked.name()),
        )),
        None => Ok(picked),
    }
}

/// A facing word: a compass point or degrees (0 east, 90 south).
pub(super) fn parse_facing(word: &str) -> Option<f64> {
    let degrees = match word {
        "east" => 0.0,
        "south" => 90.0,
        "west" => 180.0,
        "north" => 270.0,
        _ => word.parse::<f64>().ok().filter(|d| d.is_finite())?,
    };
    Some(crate::angle::wrap_positive(f64::to_radians(degrees)))
}

/// The facing of a start arrow, in radians.
fn facing(ch: char) -> Option<f64> {
    match ch {
        '>' => Some(0.0),
        'v' => Some(FRAC_PI_2),
        '<' => Some(PI),
        '^' => Some(3.0 * FRAC_PI_2),
        _ => None,
    }
}

/// `rrggbb` to a colour.
fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}
