//! Where the shipped files are (maps, maneuvers, sprites, textures): one
//! rule for every command, tied to no build folder.
//!
//! A shipped folder such as `maps` is looked for in the working directory,
//! then in the folders above the running program (a `cargo build` leaves it
//! in `target/PROFILE/` inside the source tree, an unpacked release beside
//! its folders). The first folder that has it is the root.

use crate::map::shipped;
use std::path::{Path, PathBuf};

/// The shipped map played when none is named.
pub const DEFAULT_MAP: &str = "maps/default.map";

/// A map asked for by a name or path that is neither a file nor a shipped map.
#[derive(Debug, thiserror::Error)]
#[error(
    "no map `{}`: not a file, nor a shipped map (shipped: {}; `wobblecaster maps` describes them)",
    asked.display(),
    shipped.join(", ")
)]
pub struct NoSuchMap {
    /// What was asked for.
    pub asked: PathBuf,
    /// The short names of the shipped maps.
    pub shipped: Vec<String>,
}

/// The folder holding the shipped folder `dir` (`maps`, `maneuvers`,
/// `assets`): the working directory if it has one, else the nearest folder
/// above the running program that has one, else the working directory (so
/// the caller's "not found" names a place the user can look at).
pub fn root_of(dir: &str) -> PathBuf {
    let here = PathBuf::from(".");
    if here.join(dir).is_dir() {
        return here;
    }
    let exe = std::env::current_exe().ok();
    // A bounded walk: the program's folder and at most a few above it.
    let above_program = exe
        .as_deref()
        .and_then(Path::parent)
        .into_iter()
        .flat_map(Path::ancestors)
        .take(6)
        .find(|a| a.join(dir).is_dir());
    above_program.map(Path::to_path_buf).unwrap_or(here)
}

/// The shipped folder `dir` itself (see [`root_of`]).
pub fn dir(dir: &str) -> PathBuf {
    root_of(dir).join(dir)
}

/// The folder of the shipped maps.
pub fn maps_dir() -> PathBuf {
    dir("maps")
}

/// The folder of the shipped sprite sheets.
pub fn sprites_dir() -> PathBuf {
    dir("assets").join("sprites")
}

/// The folder of the shipped sound effects.
pub fn sounds_dir() -> PathBuf {
    dir("assets").join("sounds")
}

/// The default map: `maps/default.map` where the shipped maps are.
pub fn default_map() -> PathBuf {
    root_of("maps").join(DEFAULT_MAP)
}

/// Where the map `asked` is: the file as given if it exists; else, for a
/// relative path, the same path under the shipped root (so a recording's
/// `maps/arena.map` is found from any folder); else, for a bare name like
/// `bunker`, the shipped map of that name.
pub fn resolve_map(asked: &Path) -> Result<PathBuf, NoSuchMap> {
    if asked.exists() {
        return Ok(asked.to_path_buf());
    }
    // One look for the root serves both the relative path and the names.
    let root = root_of("maps");
    let under_root = root.join(asked);
    if asked.is_relative() && under_root.exists() {
        return Ok(under_root);
    }
    let maps = root.join("maps");
    if let Some(found) = shipped::find(&maps, &asked.to_string_lossy()) {
        return Ok(found);
    }
    Err(NoSuchMap {
        asked: asked.to_path_buf(),
        shipped: shipped::list(&maps)
            .iter()
            .map(|p| shipped::short_name(p))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_folders_are_found_from_the_test_program() {
        // The test program runs in the source tree and is built below it:
        // both ways lead to the real folders.
        assert!(maps_dir().join("default.map").is_file());
        assert!(default_map().is_file());
        assert!(sprites_dir().is_dir());
        assert!(dir("maneuvers").is_dir());
    }

    #[test]
    fn maps_resolve_by_path_by_shipped_path_and_by_name() {
        assert!(resolve_map(Path::new("maps/arena.map")).is_ok());
        let by_name = resolve_map(Path::new("bunker")).unwrap();
        assert_eq!(by_name.file_name().unwrap(), "bunker.tmx");
        let missing = resolve_map(Path::new("no-such-map")).unwrap_err();
        let message = missing.to_string();
        assert!(message.contains("no map `no-such-map`"), "{message}");
        assert!(message.contains("bunker"), "{message}");
    }
}
