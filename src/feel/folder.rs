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

/// Writes `outputs` (file name and bytes) into `dir` as the module says;
/// the paths written.
pub fn write(
    dir: &Path,
    outputs: &[(String, Vec<u8>)],
    force: bool,
) -> Result<Vec<PathBuf>, FolderError> {
    let write_err = |path: &Path, e: &dyn std::fmt::Display| FolderError::Write {
        path: path.to_owned(),
        reason: e.to_string(),
    };
    let occupied = match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_some(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(write_err(dir, &e)),
    };
    if occupied && !force {
        return Err(FolderError::NotEmpty(dir.to_owned()));
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| write_err(parent, &e))?;
    }
    let build = files::temp_folder_beside(dir).map_err(|e| write_err(dir, &e))?;
    let built = outputs.iter().try_for_each(|(name, bytes)| {
        let path = build.join(name);
        files::write_bytes(&path, false, bytes).map_err(|e| write_err(&path, &e))
    });
    let placed = built.and_then(|()| place(&build, dir, outputs, occupied));
    let _ = std::fs::remove_dir_all(&build);
    placed?;
    Ok(outputs.iter().map(|(name, _)| dir.join(name)).collect())
}

/// Puts the finished files in `build` at `dir`: the whole folder renamed
/// when `dir` holds nothing, else each file moved over its namesake.
fn place(
    build: &Path,
    dir: &Path,
    outputs: &[(String, Vec<u8>)],
    occupied: bool,
) -> Result<(), FolderError> {
    let write_err = |path: &Path, e: std::io::Error| FolderError::Write {
        path: path.to_owned(),
        reason: e.to_string(),
    };
    if !occupied {
        // An empty folder is replaced by the rename; a folder that gained
        // files meanwhile makes it fail, and nothing of it is touched.
        return std::fs::rename(build, dir).map_err(|e| write_err(dir, e));
    }
    // Everything in the way is checked before anything moves: only a file
    // may be replaced by a file.
    for (name, _) in outputs {
        let target = dir.join(name);
        if target.symlink_metadata().is_ok_and(|m| !m.is_file()) {
            let e = std::io::Error::other("something other than a file is in the way");
            return Err(write_err(&target, e));
        }
    }
    for (name, _) in outputs {
        files::persist(&build.join(name), &dir.join(name), true)
            .map_err(|e| write_err(&dir.join(name), e))?;
    }
    Ok(())
}
