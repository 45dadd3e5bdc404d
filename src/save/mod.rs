//! Saved games: a snapshot of the simulation's whole state in a versioned
//! file with a thumbnail and a hash (`format`), its body written and read
//! field by field through [`crate::snapshot`] (`codec`), a world into a
//! save and back (`world`), and the slots in the per-user data folder
//! (`slots`). The simulation knows nothing of files: each of its types
//! lists its own fields (`visit_state`), and this module holds the bytes.
//!
//! A save loaded and played on is the play never interrupted, state hash
//! for state hash (`tests/saves.rs`).

pub mod codec;
pub mod format;
pub mod slots;
pub mod world;

pub use format::{FormatFault, Header, Save, SAVE_FORMAT, THUMBNAIL};
pub use world::{restore, restore_on, save_world, Context, Restored, WorldFault};

use crate::files::ReadError;
use std::path::{Path, PathBuf};

/// The largest save read, bytes: the largest map's seen tiles, a full
/// pool of particles and every enemy fit many times over.
pub const MAX_SAVE_BYTES: u64 = 32 << 20;

/// A save that could not be read or written, with its file named.
#[derive(Debug, thiserror::Error)]
#[error("save {}", file.display())]
pub struct SaveError {
    /// The save file.
    pub file: PathBuf,
    /// What went wrong.
    #[source]
    pub fault: SaveFault,
}

/// What went wrong with a save file.
#[derive(Debug, thiserror::Error)]
pub enum SaveFault {
    /// The file could not be read (missing, not a regular file, too large).
    #[error("cannot read it")]
    Read(#[source] ReadError),
    /// The bytes are not a save of this format, or are damaged.
    #[error(transparent)]
    Format(#[from] FormatFault),
    /// The world it holds could not be built.
    #[error("cannot load it")]
    World(#[source] WorldFault),
    /// The file could not be written.
    #[error("cannot write it")]
    Write(#[source] std::io::Error),
}

impl SaveError {
    /// `fault` of the save at `file`.
    pub fn new(file: &Path, fault: SaveFault) -> Self {
        Self {
            file: file.to_path_buf(),
            fault,
        }
    }
}

/// Reads and checks the save at `path`: a regular file of at most
/// [`MAX_SAVE_BYTES`], of this format, undamaged.
pub fn read(path: &Path) -> Result<Save, SaveError> {
    let err = |fault| SaveError::new(path, fault);
    let bytes = crate::files::read_bytes(path, "save", MAX_SAVE_BYTES)
        .map_err(|e| err(SaveFault::Read(e)))?;
    Save::parse(&bytes).map_err(|e| err(e.into()))
}

/// Writes `save` to `path` whole (a temporary file beside it, synced, then
/// renamed): never half a file. An existing file is replaced only if
/// `replace`; otherwise the result is an error and the file is untouched.
pub fn write(path: &Path, save: &Save, replace: bool) -> Result<(), SaveError> {
    let err = |e| SaveError::new(path, SaveFault::Write(e));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    crate::files::write_bytes(path, replace, &save.to_bytes()).map_err(err)
}
