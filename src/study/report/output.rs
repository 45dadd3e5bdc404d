//! The report's folder, written as `feel compare` writes its own: built
//! whole in a fresh folder beside the target, then moved into place, so a
//! failure part way leaves nothing; never over a user's files unless
//! `--force`, and then only the report's own files are replaced.

use super::ReportError;
use crate::files;
use std::io;
use std::path::{Path, PathBuf};

/// Builds the report with `build` (which fills the empty folder it is
/// given and returns the names of what it wrote) and puts it at `dir`, as
/// [`files::write_folder`] does. `dir` must be empty or absent unless
/// `force`: then the files built replace their namesakes one by one and
/// other files stay.
pub(super) fn write(
    dir: &Path,
    force: bool,
    build: impl FnOnce(&Path) -> Result<Vec<String>, ReportError>,
) -> Result<Vec<PathBuf>, ReportError> {
    files::write_folder(dir, force, build).map_err(|fault| match fault {
        files::FolderFault::NotEmpty(dir) => ReportError::NotEmpty(dir),
        files::FolderFault::Io(path, source) => write_error(&path, source),
        files::FolderFault::Build(e) => e,
    })
}

/// The error for a file or folder that cannot be written.
pub(super) fn write_error(path: &Path, source: io::Error) -> ReportError {
    ReportError::Write {
        path: path.to_owned(),
        source,
    }
}
