//! Where files come from: one rule for every command, tied to no folder.
//!
//! - **Shipped files** (the maps with their tileset, the textures, sprite
//!   sheets and sounds, the study protocols, the maneuvers) are embedded in
//!   the program, so an installed `wobblecaster` plays in any folder. They
//!   are named by paths under [`SHIPPED`] (`(shipped)/maps/bunker.tmx`),
//!   which no file or folder on disk can take the place of; trusted, they
//!   are still read through the same parsers as any file.
//! - **The player's files** live in the per-user data folder
//!   ([`user_dir`]: `~/.local/share/wobblecaster` on Linux): their maps in
//!   `maps/`, F9's recordings in `recordings/`, the title menu's study
//!   results in `study-results/`, and the best times.
//! - **A path given on the command line** is that file on disk, always.
//!
//! Maps are found by one rule ([`MapFolders`]): an explicit path (one with
//! a folder or an extension) is that file, and is watched for edits while
//! playing; a bare name (`bunker`) is the player's map of that name (in the
//! per-user `maps/`, then `./maps`) before the shipped one. A recording's
//! map path that is not a file relative to the working folder is the
//! shipped map of that file name, so recordings replay anywhere.
//!
//! Textures in a map ([`map_texture`]): a value without a slash or an
//! extension is a shipped texture's name (`brick_red`); anything else is a
//! path from the map's folder, and a path `.../assets/NAME.png` that is not
//! there is the shipped texture NAME, so older maps and copies of shipped
//! maps load anywhere.
//!
//! Files on disk are read bounded and from regular files only
//! ([`crate::files`]); [`read_bytes`] and [`read_text`] read either kind.

mod heard_with;
mod shipped;

pub use heard_with::{sound_assets_hash, SOUND_FOLDERS};
pub use shipped::{as_recorded, is_same_shipped, is_shipped, SHIPPED};

use crate::files::{self, ReadError};
use crate::located::Located;
use crate::texture::{Texture, TextureError};
use shipped::Entry;
use std::path::{Path, PathBuf};

/// The shipped map played when none is named, as a recording names it.
pub const DEFAULT_MAP: &str = "maps/default.map";

/// The file extensions a map may have, in the order a name tries them.
pub const MAP_EXTENSIONS: [&str; 2] = ["map", "tmx"];

/// The shipped folder holding the wall, door, floor and sky textures.
const TEXTURES: &str = "assets";

/// The most files [`list`] returns from one folder on disk.
const MAX_LISTED: usize = 4096;

/// Reads the file at `path` whole: a shipped file from the program, any
/// other from disk as [`files::read_bytes`] does (at most `cap` bytes, a
/// regular file only); `what` names it in messages.
pub fn read_bytes(path: &Path, what: &'static str, cap: u64) -> Result<Vec<u8>, ReadError> {
    if !is_shipped(path) {
        return files::read_bytes(path, what, cap);
    }
    match shipped::entry(path) {
        Some(Entry::File(bytes)) if bytes.len() as u64 > cap => {
            Err(ReadError::TooLarge { what, cap })
        }
        Some(Entry::File(bytes)) => Ok(bytes.to_vec()),
        Some(Entry::Folder(_)) => Err(ReadError::NotAFile {
            what,
            found: "a folder",
        }),
        None => Err(ReadError::Io {
            what,
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such shipped file"),
        }),
    }
}

/// Reads the UTF-8 text file at `path` as [`read_bytes`] does, as
/// [`files::read_text`] checks it.
pub fn read_text(path: &Path, what: &'static str, cap: u64) -> Result<String, Located<ReadError>> {
    if !is_shipped(path) {
        return files::read_text(path, what, cap);
    }
    let bytes = read_bytes(path, what, cap).map_err(|e| Located::whole(path, e))?;
    files::text(bytes, what).map_err(|(at, e)| Located::new(path, at, e))
}

/// True if `path` is a shipped file or a file on disk.
pub fn is_file(path: &Path) -> bool {
    match is_shipped(path) {
        true => matches!(shipped::entry(path), Some(Entry::File(_))),
        false => path.is_file(),
    }
}

/// The files directly in the folder `dir` (shipped or on disk), sorted by
/// name; empty if it cannot be read.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    if is_shipped(dir) {
        return match shipped::entry(dir) {
            Some(Entry::Folder(files)) => files,
            _ => Vec::new(),
        };
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .take(MAX_LISTED)
        .collect();
    found.sort();
    found
}

/// The shipped folder `dir` (`maps`, `assets`, `studies`, `maneuvers`).
pub fn dir(dir: &str) -> PathBuf {
    shipped::path(dir)
}

/// The root of the shipped files: `root.join("maneuvers")` is the shipped
/// maneuvers, `root.join("maps")` the shipped maps.
pub fn shipped_root() -> PathBuf {
    PathBuf::from(SHIPPED)
}

/// The folder of the shipped maps.
pub fn maps_dir() -> PathBuf {
    dir("maps")
}

/// The folder of the shipped sprite sheets.
pub fn sprites_dir() -> PathBuf {
    dir("assets/sprites")
}

/// The folder of the shipped sound effects.
pub fn sounds_dir() -> PathBuf {
    dir("assets/sounds")
}

/// The shipped default map.
pub fn default_map() -> PathBuf {
    shipped::path(DEFAULT_MAP)
}

/// The per-user data folder, `wobblecaster` in the system's data folder
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux); None on a system with
/// none.
pub fn user_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("wobblecaster"))
}

/// The folder `name` in the per-user data folder, or in the working folder
/// on a system with no data folder.
fn user_folder(name: &str) -> PathBuf {
    user_dir().map_or_else(|| PathBuf::from(name), |d| d.join(name))
}

/// Where F9 puts its recordings: `recordings/` in the per-user folder.
pub fn recordings_dir() -> PathBuf {
    user_folder("recordings")
}

/// Where a study started from the title menu writes its results:
/// `study-results/` in the per-user folder.
pub fn study_results_dir() -> PathBuf {
    user_folder("study-results")
}

/// The player's maps folder in the per-user folder.
pub fn user_maps_dir() -> Option<PathBuf> {
    user_dir().map(|d| d.join("maps"))
}

/// True if `path` has a map file's extension.
pub fn is_map(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| MAP_EXTENSIONS.contains(&e))
}

/// A map's short name: its file name without the extension.
pub fn short_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// True if `name` is a bare name: one part, no folder, no extension.
fn is_bare(name: &Path) -> bool {
    !name.as_os_str().is_empty() && name.components().count() == 1 && name.extension().is_none()
}

/// Every map file (`.map` or `.tmx`) directly in `dir`, shipped or on
/// disk, sorted by file name.
pub fn maps_in(dir: &Path) -> Vec<PathBuf> {
    list(dir).into_iter().filter(|p| is_map(p)).collect()
}

/// The map in `dir` called `name` (`bunker` finds `bunker.map` or
/// `bunker.tmx`), if `name` is a bare name and such a file exists.
pub fn map_named(dir: &Path, name: &str) -> Option<PathBuf> {
    if !is_bare(Path::new(name)) {
        return None;
    }
    MAP_EXTENSIONS
        .iter()
        .map(|ext| dir.join(format!("{name}.{ext}")))
        .find(|p| is_file(p))
}

/// A map the rule can name, for listing.
#[derive(Clone, Debug, PartialEq)]
pub struct MapFile {
    /// The name `--map` takes.
    pub name: String,
    /// The file.
    pub path: PathBuf,
    /// True for the player's own map, false for a shipped one.
    pub yours: bool,
}

/// Where maps are looked for: the player's folders, in order, then the
/// shipped maps.
#[derive(Clone, Debug)]
pub struct MapFolders {
    /// The player's map folders, first first.
    pub yours: Vec<PathBuf>,
}

impl MapFolders {
    /// The folders for this user and working folder: the per-user `maps/`,
    /// then `./maps`.
    pub fn here() -> Self {
        let yours = user_maps_dir()
            .into_iter()
            .chain([PathBuf::from("maps")])
            .collect();
        Self { yours }
    }

    /// The map `asked` names on the command line: a path is that file; a
    /// bare name is the player's map of that name, else the shipped one.
    pub fn resolve(&self, asked: &Path) -> Result<PathBuf, NoSuchMap> {
        if !is_bare(asked) {
            return match is_file(asked) || (!is_shipped(asked) && asked.exists()) {
                true => Ok(asked.to_path_buf()),
                false => Err(self.no_such(asked)),
            };
        }
        let name = asked.to_string_lossy();
        self.yours
            .iter()
            .chain([&maps_dir()])
            .find_map(|dir| map_named(dir, &name))
            .ok_or_else(|| self.no_such(asked))
    }

    /// The map a recording's header names: as [`MapFolders::resolve`], but
    /// a path that is not a file is the shipped map of its file name
    /// (`maps/default.map` from any folder).
    pub fn resolve_recorded(&self, asked: &Path) -> Result<PathBuf, NoSuchMap> {
        self.resolve(asked).or_else(|e| {
            let shipped = asked.file_name().map(|n| maps_dir().join(n));
            shipped.filter(|p| is_file(p)).ok_or(e)
        })
    }

    /// Every map a name can reach: the shipped ones, then the player's
    /// (a name in two of the player's folders listed once, as it resolves;
    /// the shipped map's own source file, as `./maps` is in the source
    /// tree, is not the player's).
    pub fn all(&self) -> Vec<MapFile> {
        let shipped = maps_in(&maps_dir()).into_iter().map(|path| MapFile {
            name: short_name(&path),
            path,
            yours: false,
        });
        let mut out: Vec<MapFile> = shipped.collect();
        for dir in &self.yours {
            for path in maps_in(dir) {
                let name = short_name(&path);
                let source_of_shipped = path
                    .file_name()
                    .is_some_and(|f| is_same_shipped(&path, &maps_dir().join(f)));
                if !source_of_shipped && !out.iter().any(|m| m.yours && m.name == name) {
                    out.push(MapFile {
                        name,
                        path,
                        yours: true,
                    });
                }
            }
        }
        out
    }

    /// The error for `asked`, naming the maps there are.
    fn no_such(&self, asked: &Path) -> NoSuchMap {
        let names = |yours: bool| -> Vec<String> {
            let all = self.all().into_iter().filter(|m| m.yours == yours);
            all.map(|m| m.name).collect()
        };
        NoSuchMap {
            asked: asked.to_path_buf(),
            is_path: !is_bare(asked),
            shipped: names(false),
            yours: names(true),
        }
    }
}

/// The map `asked` names on the command line (see [`MapFolders::resolve`]),
/// looked for where this user's maps are.
pub fn resolve_map(asked: &Path) -> Result<PathBuf, NoSuchMap> {
    MapFolders::here().resolve(asked)
}

/// The map a recording's header names (see
/// [`MapFolders::resolve_recorded`]), looked for where this user's maps are.
pub fn resolve_recorded_map(asked: &Path) -> Result<PathBuf, NoSuchMap> {
    MapFolders::here().resolve_recorded(asked)
}

/// A map asked for by a name or path that is neither a file nor a map of
/// that name.
#[derive(Debug, thiserror::Error)]
#[error(
    "no map `{}`: {}; shipped maps: {}{}; `wobblecaster maps` describes them",
    asked.display(),
    match is_path {
        true => "no such file (a map is named without folder or extension: `--map bunker`)",
        false => "not one of yours nor a shipped map",
    },
    shipped.join(", "),
    match yours.is_empty() {
        true => String::new(),
        false => format!("; yours: {}", yours.join(", ")),
    }
)]
pub struct NoSuchMap {
    /// What was asked for.
    pub asked: PathBuf,
    /// True if it was a path, not a bare name.
    pub is_path: bool,
    /// The names of the shipped maps.
    pub shipped: Vec<String>,
    /// The names of the player's maps.
    pub yours: Vec<String>,
}

/// The names of the shipped textures (`brick_red`, `door`, ...), sorted.
pub fn texture_names() -> Vec<String> {
    list(&dir(TEXTURES))
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .map(|p| short_name(p))
        .collect()
}

/// The file a map's texture `value` names, seen from the map's folder
/// `map_dir`: a bare name is the shipped texture of that name; a path is
/// that file, unless it is missing and is `.../assets/NAME.png` for a
/// shipped NAME; None for a name that is not shipped.
pub fn texture_file(value: &str, map_dir: &Path) -> Option<PathBuf> {
    let written = Path::new(value);
    let shipped = |name: &str| {
        let file = dir(TEXTURES).join(format!("{name}.png"));
        is_file(&file).then_some(file)
    };
    if !value.contains(['/', '\\']) && written.extension().is_none() {
        return shipped(value);
    }
    let file = map_dir.join(written);
    let missing = !is_file(&file) && (is_shipped(&file) || !file.exists());
    let in_assets = file
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|f| f == TEXTURES);
    if missing && in_assets && file.extension().is_some_and(|e| e == "png") {
        if let Some(found) = file.file_stem().and_then(|s| shipped(&s.to_string_lossy())) {
            return Some(found);
        }
    }
    Some(file)
}

/// The tileset file a Tiled map at `path` reads: `path` itself, or, where
/// that is not a file, the shipped tileset of its file name
/// (`wobblecaster.tsx` beside a copy of a shipped map).
pub fn tileset_file(path: &Path) -> PathBuf {
    let is_tileset = path.extension().is_some_and(|e| e == "tsx");
    if !is_tileset || is_file(path) || (!is_shipped(path) && path.exists()) {
        return path.to_path_buf();
    }
    let shipped = path.file_name().map(|n| maps_dir().join(n));
    shipped
        .filter(|p| is_file(p))
        .unwrap_or_else(|| path.to_path_buf())
}

/// Loads the texture a map's `value` names from the map's folder `map_dir`
/// (see [`texture_file`]).
pub fn map_texture(value: &str, map_dir: &Path) -> Result<Texture, TextureError> {
    let Some(file) = texture_file(value, map_dir) else {
        let names = texture_names();
        let hint =
            crate::names::nearest(value, names.iter().map(String::as_str)).map(str::to_owned);
        return Err(TextureError::NoSuchName {
            name: value.to_owned(),
            hint,
            names,
        });
    };
    let bytes =
        read_bytes(&file, "texture", files::cap::TEXTURE).map_err(|source| TextureError::Read {
            path: file.clone(),
            source,
        })?;
    Texture::decode(&file, &bytes)
}

#[cfg(test)]
mod tests;
