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
    Map, Spawn, SpawnKind, Start, Surface, DEFAULT_CEILING, DEFAULT_FLOOR, MAX_WALL_HEIGHT,
};
use crate::texture::{Texture, TextureError};
use std::f64::consts::{FRAC_PI_2, PI};
use std::fmt;
use std::path::{Path, PathBuf};

/// The largest grid accepted, in tiles on a side.
pub const MAX_GRID: usize = 1024;
/// The most wall textures one map may name.
const MAX_WALLS: usize = 255;
/// The smallest tank half width a map may ask for, in tiles.
pub const MIN_HALF_WIDTH: f64 = 0.1;
/// The largest tank half width a map may ask for, in tiles.
pub const MAX_HALF_WIDTH: f64 = 1.0;
/// The default tank half width, in tiles.
const DEFAULT_HALF_WIDTH: f64 = 0.35;

/// One fault in a map file, with where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct MapError {
    /// The map file.
    pub file: PathBuf,
    /// Line, from 1 (0 when the fault is the whole file).
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
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
    /// A header key the format does not have.
    #[error("unknown key `{0}` (expected name, floor, ceiling, sky or wall_height)")]
    UnknownKey(String),
    /// A key given twice.
    #[error("`{0}` is given twice")]
    DuplicateKey(String),
    /// Both a ceiling and a sky.
    #[error("a map has a ceiling or a sky, not both")]
    CeilingAndSky,
    /// A wall height that is not a number in range.
    #[error("`{0}` is not a wall height: expected a number of tiles from 1 to {MAX_WALL_HEIGHT}")]
    BadWallHeight(String),
    /// A section the format does not have.
    #[error("unknown section `[{0}]` (expected [legend], [actors] or [grid])")]
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
    /// An actor marker that does not say `KIND FACING [OPTIONS]` well.
    #[error("{0}")]
    BadActor(String),
    /// More wall textures than a map can hold.
    #[error("more than {MAX_WALLS} legend entries")]
    TooManyWalls,
    /// A texture file that is missing, unreadable or the wrong shape.
    #[error("{0}")]
    Texture(String),
    /// A grid character with no meaning.
    #[error("unknown character `{0}` in the grid (expected `.`, `_` for a landing pad, a start arrow ^ > v <, or a legend or actor character)")]
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
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line,
            self.col,
            self.kind
        )
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

/// Loads a map file; textures are paths relative to the map file.
pub fn load(path: &Path) -> Result<Map, MapErrors> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        MapErrors(vec![MapError {
            file: path.to_owned(),
            line: 0,
            col: 0,
            kind: MapErrorKind::Read(e.to_string()),
        }])
    })?;
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
    Grid,
}

/// A texture loader: from the name written in the map to the texture.
pub(super) type Loader<'a> = dyn FnMut(&str) -> Result<Texture, TextureError> + 'a;

/// Parses with a given texture loader (tests load no files).
pub(super) fn parse_with(text: &str, path: &Path, loader: &mut Loader) -> Result<Map, MapErrors> {
    let mut p = Parser {
        path,
        errors: Vec::new(),
        name: None,
        floor: None,
        ceiling: None,
        wall_height: None,
        legend: Vec::new(),
        walls: Vec::new(),
        actors: Vec::new(),
        grid: Vec::new(),
        grid_line: 0,
    };
    let mut section = Section::Header;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if section == Section::Grid {
            p.grid.push((line, raw.trim_end_matches('\r')));
            continue;
        }
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('[') {
            let name = rest.strip_suffix(']').unwrap_or(rest).trim();
            match name {
                "legend" => section = Section::Legend,
                "actors" => section = Section::Actors,
                "grid" => {
                    section = Section::Grid;
                    p.grid_line = line;
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
    floor: Option<Surface>,
    ceiling: Option<Surface>,
    wall_height: Option<f64>,
    /// Legend characters; wall texture `walls[i]` belongs to `legend[i]`.
    legend: Vec<char>,
    walls: Vec<Texture>,
    /// Actor markers: a character and what it spawns (facing in radians).
    actors: Vec<(char, SpawnKind, f64)>,
    grid: Vec<(usize, &'a str)>,
    grid_line: usize,
}

impl<'a> Parser<'a> {
    fn error(&mut self, line: usize, col: usize, kind: MapErrorKind) {
        self.errors.push(MapError {
            file: self.path.to_owned(),
            line,
            col,
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
            "floor" => self.floor.is_some(),
            "ceiling" | "sky" => {
                if self.ceiling.is_some() {
                    self.error(line, kcol, MapErrorKind::CeilingAndSky);
                    return;
                }
                false
            }
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
            "sky" => {
                let sky = match loader(value) {
                    Ok(t) => Surface::Sky(t),
                    Err(e) => {
                        self.error(line, vcol, MapErrorKind::Texture(e.to_string()));
                        Surface::Colour([0; 3])
                    }
                };
                self.ceiling = Some(sky);
            }
            "floor" => self.floor = Some(self.surface(line, vcol, value, loader)),
            _ => self.ceiling = Some(self.surface(line, vcol, value, loader)),
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
        if self.legend.contains(&key) || self.actors.iter().any(|a| a.0 == key) {
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
        let pads = self.pads(width * height);
        if !self.errors.is_empty() {
            return Err(MapErrors(std::mem::take(&mut self.errors)));
        }
        let start = start.expect("a start when no errors");
        Ok(Map {
            name: self.name.take().expect("a name when no errors"),
            width,
            height,
            cells: cells.concat(),
            walls: self.walls,
            floor: self.floor.unwrap_or(Surface::Colour(DEFAULT_FLOOR)),
            ceiling: self.ceiling.unwrap_or(Surface::Colour(DEFAULT_CEILING)),
            start,
            spawns,
            wall_height: self.wall_height.unwrap_or(1.0),
            pads,
            open: false,
        })
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
                let edge = r == 0 || r == last || c == 0 || c + 1 == width;
                if edge && cell == Some(0) {
                    self.error(*line, c + 1, MapErrorKind::NotClosed);
                }
            }
            cells.push(row);
        }
        cells
    }

    /// The cell value of a grid character: 0 for floor, starts and actor
    /// markers.
    fn cell_of(&self, ch: char) -> Option<u8> {
        if ch == '.' || ch == PAD || facing(ch).is_some() || self.actors.iter().any(|a| a.0 == ch) {
            return Some(0);
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
                    line: *line,
                    col: c + 1,
                });
            }
        }
        spawns
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

/// A facing word: a compass point or degrees (0 east, 90 south).
fn parse_facing(word: &str) -> Option<f64> {
    let degrees = match word {
        "east" => 0.0,
        "south" => 90.0,
        "west" => 180.0,
        "north" => 270.0,
        _ => word.parse::<f64>().ok().filter(|d| d.is_finite())?,
    };
    Some(crate::sim::angle::wrap_positive(f64::to_radians(degrees)))
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
