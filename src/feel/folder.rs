//! An output folder of several files written all or nothing: the files
//! are built in a fresh folder beside the target first, then that folder
//! becomes the target (when it is absent or empty) or, with `force` into a
//! folder holding other files, each file replaces its namesake and the
//! other files stay. Without `force` a folder with anything in it is left
//! untouched.

use crate::files;
use std::path::{Path, PathBuf};

/// Why the folder was not written.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// The folder has files in it and `force` was not given.
    #[error("{0} is not empty; pass --force to write there anyway (only the files of this output are replaced)")]
    NotEmpty(PathBuf),
    /// Writing failed.
    #[error("cannot write {}: {reason}", .path.display())]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// What failed.
        reason: String,
    },
}

/// Writes `outputs` (file name and bytes) into `dir` as the module says
/// ([`files::write_folder`]); the paths written.
pub fn write(
    dir: &Path,
    outputs: &[(String, Vec<u8>)],
    force: bool,
) -> Result<Vec<PathBuf>, FolderError> {
    let written = files::write_folder(dir, force, |build| {
        for (name, bytes) in outputs {
            let path = build.join(name);
            files::write_bytes(&path, false, bytes).map_err(|e| (path, e))?;
        }
        Ok(outputs.iter().map(|(name, _)| name.clone()).collect())
    });
    written.map_err(|fault| {
        let (path, e) = match fault {
            files::FolderFault::NotEmpty(dir) => return FolderError::NotEmpty(dir),
            files::FolderFault::Io(path, e) | files::FolderFault::Build((path, e)) => (path, e),
        };
        FolderError::Write {
            path,
            reason: e.to_string(),
        }
    })
}
