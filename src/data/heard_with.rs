//! What a run was heard with: one hash of the shipped sound effects and
//! music, written in a recording's header so a replay with other sounds
//! says so.

use super::{dir, list, read_bytes};
use crate::rng::{fnv1a, FNV1A_START};
use std::sync::OnceLock;

/// The shipped folders whose files are what the game sounds like: the
/// effects' clips and the maps' music and ambience (a folder not shipped
/// yet counts as empty).
pub const SOUND_FOLDERS: [&str; 2] = ["assets/sounds", "assets/music"];

/// The largest file hashed, bytes: a clip is at most 10 s of 16-bit mono
/// at 22 050 Hz (441 kB); music is text and synthesised.
const MOST_BYTES: u64 = 4 << 20;

/// A hash of every file directly in the shipped [`SOUND_FOLDERS`], in name
/// order: each file's folder and name, its length and its bytes (FNV-1a,
/// 64 bits). The same files give the same hash on every machine; any
/// changed, added or removed clip or track changes it.
/// Computed once: the shipped files are built into the program.
pub fn sound_assets_hash() -> u64 {
    static HASH: OnceLock<u64> = OnceLock::new();
    *HASH.get_or_init(hash_sound_assets)
}

/// [`sound_assets_hash`], computed.
fn hash_sound_assets() -> u64 {
    let mut h = FNV1A_START;
    let mut eat = |bytes: &[u8]| h = fnv1a(h, bytes);
    for folder in SOUND_FOLDERS {
        for file in list(&dir(folder)) {
            let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
            eat(folder.as_bytes());
            eat(name.unwrap_or_default().as_bytes());
            // A shipped file reads; one that somehow does not counts empty.
            let bytes = read_bytes(&file, "sound", MOST_BYTES).unwrap_or_default();
            eat(&(bytes.len() as u64).to_le_bytes());
            eat(&bytes);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_covers_the_shipped_sounds_and_is_stable() {
        let sounds = list(&dir(SOUND_FOLDERS[0]));
        assert!(sounds.len() >= 20, "the clips: {sounds:?}");
        assert_eq!(sound_assets_hash(), sound_assets_hash());
        assert_ne!(sound_assets_hash(), FNV1A_START);
    }
}
