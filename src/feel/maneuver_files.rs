//! The standard maneuvers' scripts and maps, loaded for the runs that use
//! them all: the comparison and its comfort section.

use super::maneuvers::{Maneuver, MANEUVERS};
use super::results::CompareError;
use crate::map::{self, Map};
use crate::script::Script;
use std::path::Path;

/// Every standard maneuver with its script (from `root/maneuvers`) and
/// its map (from `root/maps`, or the open plane), loaded.
pub fn load_all(root: &Path) -> Result<Vec<(Maneuver, Script, Map)>, CompareError> {
    MANEUVERS
        .iter()
        .map(|&m| {
            let script = Script::load(&root.join("maneuvers").join(format!("{}.txt", m.name)))?;
            let map = match m.map {
                Some(file) => map::load(&root.join("maps").join(file))?.map,
                None => Map::open_plane(),
            };
            Ok((m, script, map))
        })
        .collect()
}
