//! The report's folder, written as `feel compare` writes its own: built
//! whole in a fresh folder beside the target, then moved into place, so a
//! failure part way leaves nothing; never over a user's files unless
//! `--force`, and then only the report's own files are replaced.

use super::ReportError;
use crate::files;
use std::io;
use std::path::{Path, PathBuf};

/// Builds the report with `build` (which fills the empty folder it is
/// given and returns the names of what it wrote) and puts it at `dir`.
/// `dir` must be empty or absent unless `force`: then the files built
/// replace their namesakes one by one and other files stay.
pub(super) fn write(
    dir: &Path,
    force: bool,
    build: impl FnOnce(&Path) -> Result<Vec<String>, ReportError>,
) -> Result<Vec<PathBuf>, ReportError> {
    let occupied = match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_some(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => false,
        Err(e) => return Err(write_error(dir, e)),
    };
    if occupied && !force {
        return Err(ReportError::NotEmpty(dir.to_owned()));
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| write_error(parent, e))?;
    }
    let temp = files::temp_folder_beside(dir).map_err(|e| write_error(dir, e))?;
    let built = build(&temp).and_then(|names| place(&temp, dir, &names, occupied).map(|()| names));
    let _ = std::fs::remove_dir_all(&temp);
    Ok(built?.iter().map(|name| dir.join(name)).collect())
}

/// The error for a file or folder that cannot be written.
pub(super) fn write_error(path: &Path, source: io::Error) -> ReportError {
    ReportError::Write {
        path: path.to_owned(),
        source,
    }
}

/// Puts the finished report in `build` at `dir`: the whole folder renamed
/// when `dir` holds nothing, else each of `names` moved over its namesake.
fn place(build: &Path, dir: &Path, names: &[String], occupied: bool) -> Result<(), ReportError> {
    if !occupied {
        // An empty folder is replaced by the rename; one that gained files
        // meanwhile makes it fail, and nothing in it is touched.
        return std::fs::rename(build, dir).map_err(|e| write_error(dir, e));
    }
    // Everything in the way is checked before anything moves: only a file
    // may be replaced by a file.
    for name in names {
        let target = dir.join(name);
        if target.symlink_metadata().is_ok_and(|m| !m.is_file()) {
            let e = io::Error::other("something other than a file is in the way");
            return Err(write_error(&target, e));
        }
    }
    for name in names {
        files::persist(&build.join(name), &dir.join(name), true)
            .map_err(|e| write_error(&dir.join(name), e))?;
    }
    Ok(())
}
