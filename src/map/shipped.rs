//! The maps that ship in `maps/`: listing them and finding one by name, so
//! `--map bunker` works as well as `--map maps/bunker.tmx`. Where the files
//! are (embedded in the program, or a folder on disk) is the `data`
//! module's to know: `dir` may be either.

use crate::data;
use std::path::{Path, PathBuf};

/// The file extensions a map may have, in the order a name tries them.
pub const EXTENSIONS: [&str; 2] = data::MAP_EXTENSIONS;

/// Every map file (`.map` or `.tmx`) directly in `dir` (the shipped maps'
/// folder, `data::maps_dir()`, or one on disk), sorted by file name; empty
/// if `dir` cannot be read.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    data::maps_in(dir)
}

/// True if `path` has a map file's extension.
pub fn is_map(path: &Path) -> bool {
    data::is_map(path)
}

/// A map's short name: its file name without the extension.
pub fn short_name(path: &Path) -> String {
    data::short_name(path)
}

/// Where a map comes in the play order (the maps menu, `wobblecaster
/// maps`, "next map"): a key to sort by, from the map's `order` (lower
/// first) and, for maps without one, after those, its file `path`'s short
/// name (alphabetical).
pub fn play_order(order: Option<u32>, path: &Path) -> (u32, String) {
    (order.unwrap_or(u32::MAX), short_name(path))
}

/// The map in `dir` called `name` (`bunker` finds `bunker.map` or
/// `bunker.tmx`), if `name` is a bare name (no folder, no extension) and
/// such a file exists.
pub fn find(dir: &Path, name: &str) -> Option<PathBuf> {
    data::map_named(dir, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("maps")
    }

    #[test]
    fn the_shipped_maps_are_listed_in_both_formats() {
        let names: Vec<String> = list(&shipped()).iter().map(|p| short_name(p)).collect();
        for name in [
            "arena",
            "bunker",
            "default",
            "feel_course",
            "hangar",
            "tutorial",
        ] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
    }

    #[test]
    fn the_embedded_maps_are_the_same_list() {
        let embedded: Vec<String> = list(&data::maps_dir())
            .iter()
            .map(|p| short_name(p))
            .collect();
        let on_disk: Vec<String> = list(&shipped()).iter().map(|p| short_name(p)).collect();
        assert_eq!(embedded, on_disk);
    }

    #[test]
    fn the_play_order_is_the_maps_order_then_the_rest_by_name() {
        let mut maps = [
            (None, "b.map"),
            (Some(20), "z.map"),
            (None, "a.tmx"),
            (Some(10), "y.map"),
        ];
        maps.sort_by_key(|(order, path)| play_order(*order, Path::new(path)));
        let names: Vec<&str> = maps.iter().map(|m| m.1).collect();
        assert_eq!(names, ["y.map", "z.map", "a.tmx", "b.map"]);
    }

    #[test]
    fn a_bare_name_finds_its_file_and_anything_else_does_not() {
        let dir = shipped();
        assert_eq!(find(&dir, "bunker"), Some(dir.join("bunker.tmx")));
        assert_eq!(find(&dir, "arena"), Some(dir.join("arena.map")));
        assert_eq!(find(&dir, "nowhere"), None);
        assert_eq!(find(&dir, "arena.map"), None, "a file name is a path");
        assert_eq!(find(&dir, "maps/arena"), None, "a folder makes a path");
        assert_eq!(find(&dir, ""), None);
        assert_eq!(find(&dir, "README"), None, "not a map");
    }
}
