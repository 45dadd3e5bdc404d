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
//!
//! - `lines`: the header and the marker sections (legend, actors, doors,
//!   pickups, course, hints), line by line.
//! - `grid`: the grid and `[sky]` rows, and the finished map.
//! - `surface`: the `[surface]` grid, what the floor is made of.
//! - `values`: what is written after `=`: actors, doors, pickups, facings
//!   and colours.

mod grid;
mod lines;
mod overlay;
mod surface;
mod values;

pub(super) use values::{door_axis, parse_facing, parse_lock, parse_radius, radius_message};

use super::error::{MapError, MapErrorKind, MapErrors, Place};
use super::{Key, Loaded, PickupKind, SpawnKind, Surface};
use crate::located::{note, Faults, Located, MAX_FAULTS};
use crate::map::limits::MAX_GRID;
use crate::texture::{Texture, TextureError};
use std::path::Path;

/// Parses map `text` as if read from `path` (textures are shipped names or
/// load from beside it).
pub fn parse(text: &str, path: &Path) -> Result<Loaded, MapErrors> {
    let dir = path.parent().unwrap_or(Path::new(".")).to_owned();
    parse_with(text, path, &mut |name| crate::data::map_texture(name, &dir))
}

/// Where the parser is in the file.
#[derive(Clone, Copy, PartialEq)]
enum Section {
    Header,
    Legend,
    Actors,
    Doors,
    Pickups,
    Course,
    Hints,
    Grid,
    Sky,
    Surface,
    /// An unknown or misplaced section (reported at its line): its lines
    /// are skipped, not read as the section before it.
    Skipped,
}

/// A texture loader: from the name written in the map to the texture.
pub(super) type Loader<'a> = dyn FnMut(&str) -> Result<Texture, TextureError> + 'a;

/// Parses with a given texture loader (tests load no files).
pub(super) fn parse_with(
    text: &str,
    path: &Path,
    loader: &mut Loader,
) -> Result<Loaded, MapErrors> {
    let mut p = Parser {
        path,
        errors: Vec::new(),
        name: None,
        description: None,
        order: None,
        floor: None,
        ceiling: None,
        wall_height: None,
        sky: None,
        ceiling_at: (0, 0),
        legend: Vec::new(),
        walls: Vec::new(),
        push_legend: Vec::new(),
        actors: Vec::new(),
        doors: Vec::new(),
        door_textures: Vec::new(),
        pickups: Vec::new(),
        course: Vec::new(),
        hints: Vec::new(),
        grid: Vec::new(),
        broken: Vec::new(),
        grid_line: 0,
        sky_grid: Vec::new(),
        sky_line: 0,
        floor_name: None,
        surface_grid: Vec::new(),
        surface_line: 0,
        music: None,
        ambience: None,
        par: None,
        exit_keys: Vec::new(),
    };
    let mut section = Section::Header;
    // Blank lines in a grid, kept until a row follows them: trailing ones
    // are not rows, and do not count towards the grid's size.
    let mut blanks = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if p.errors.len() > MAX_FAULTS {
            return Err(Faults(p.errors));
        }
        let trimmed = raw.trim();
        // Grid rows are taken as they are, up to a section line: `[` is
        // never a tile.
        let rows = matches!(section, Section::Grid | Section::Sky | Section::Surface);
        if rows && !trimmed.starts_with('[') {
            // Trailing spaces are no tiles: an editor shows none.
            let row = (line, raw.trim_end());
            let rows = match section {
                Section::Grid => &mut p.grid,
                Section::Surface => &mut p.surface_grid,
                _ => &mut p.sky_grid,
            };
            match trimmed.is_empty() {
                true => blanks.push(row),
                false => {
                    rows.append(&mut blanks);
                    rows.push(row);
                }
            }
            if rows.len() > MAX_GRID || blanks.len() > MAX_GRID {
                p.error(line, 1, MapErrorKind::TooLarge);
                return Err(Faults(p.errors));
            }
            continue;
        }
        blanks.clear();
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
                "course" if !after_grid => section = Section::Course,
                "hints" if !after_grid => section = Section::Hints,
                "grid" if !after_grid => {
                    section = Section::Grid;
                    p.grid_line = line;
                }
                "sky" if after_grid && p.sky_line == 0 => {
                    section = Section::Sky;
                    p.sky_line = line;
                }
                "surface" if after_grid && p.surface_line == 0 => {
                    section = Section::Surface;
                    p.surface_line = line;
                }
                _ => {
                    let known = [
                        "legend", "actors", "doors", "pickups", "course", "grid", "sky", "surface",
                    ];
                    let kind = match known.contains(&name) {
                        true => MapErrorKind::SectionOutOfPlace(name.into()),
                        false => MapErrorKind::UnknownSection(name.into()),
                    };
                    p.error(line, col_of(raw, trimmed), kind);
                    section = Section::Skipped;
                }
            }
            continue;
        }
        match section {
            Section::Skipped => {}
            Section::Header => p.header_line(line, raw, loader),
            Section::Actors => p.actor_line(line, raw),
            Section::Doors => p.door_line(line, raw, loader),
            Section::Pickups => p.pickup_line(line, raw),
            Section::Course => p.course_line(line, raw),
            Section::Hints => p.hint_line(line, raw),
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

/// The parse so far: what the lines before the grid set, the grid's rows,
/// and every fault found.
struct Parser<'a> {
    path: &'a Path,
    errors: Vec<MapError>,
    name: Option<String>,
    description: Option<String>,
    order: Option<u32>,
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
    /// The legend characters written `TEXTURE push`: push walls.
    push_legend: Vec<char>,
    /// Actor markers: a character and what it spawns (facing in radians).
    actors: Vec<(char, SpawnKind, f64)>,
    /// Door markers: a character, its texture and its lock.
    doors: Vec<(char, usize, Option<Key>)>,
    /// Door textures, by the name the map gives them.
    door_textures: Vec<(String, Texture)>,
    /// Pickup markers.
    pickups: Vec<(char, PickupKind)>,
    /// Course markers: a character, its checkpoint number (None for the
    /// finish), its radius in tiles and the line defining it.
    course: Vec<(char, Option<u32>, f64, usize)>,
    /// Hint markers: a character, its text and the line defining it.
    hints: Vec<(char, String, usize)>,
    grid: Vec<(usize, &'a str)>,
    /// Characters whose definition line is broken (reported there): the
    /// grid does not report them again as unknown.
    broken: Vec<char>,
    grid_line: usize,
    /// The `[sky]` grid's rows, and its section line (0 for none).
    sky_grid: Vec<(usize, &'a str)>,
    sky_line: usize,
    /// The floor as written after `floor =` (its texture names its
    /// material).
    floor_name: Option<String>,
    /// The `[surface]` grid's rows, and its section line (0 for none).
    surface_grid: Vec<(usize, &'a str)>,
    surface_line: usize,
    /// The `music` and `ambience` header keys.
    music: Option<String>,
    ambience: Option<String>,
    /// The `par` header key, seconds.
    par: Option<u32>,
    /// The legend characters written `exit`, and their lines.
    exit_keys: Vec<(char, usize)>,
}

impl<'a> Parser<'a> {
    /// Records a fault at `line` and `col` (both from 1).
    fn error(&mut self, line: usize, col: usize, kind: MapErrorKind) {
        let fault = Located::new(self.path, Place::Text { line, col }, kind);
        note(&mut self.errors, fault, || MapErrorKind::TooManyFaults);
    }
}
