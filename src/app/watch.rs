//! Noticing that a file changed on disk, by polling its modification time
//! and length: no watcher thread, no platform service, and a missing file
//! that appears counts as a change.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// How often the watched files are looked at, seconds: edits apply within
/// about a second.
pub(super) const POLL_S: f64 = 0.5;

/// What a file looked like when last seen: None if it was missing.
type Stamp = Option<(SystemTime, u64)>;

/// One file being watched.
#[derive(Debug)]
pub(super) struct Watched {
    path: PathBuf,
    seen: Stamp,
}

impl Watched {
    /// Watches `path` from its state now.
    pub fn new(path: &Path) -> Self {
        Self {
            path: path.to_path_buf(),
            seen: stamp(path),
        }
    }

    /// The file watched.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// True if the file changed (written, replaced, created or removed)
    /// since the last call; it then counts as seen.
    pub fn changed(&mut self) -> bool {
        let now = stamp(&self.path);
        let changed = now != self.seen;
        self.seen = now;
        changed
    }
}

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_creation_are_changes() {
        let dir = crate::files::Scratch::new("watch");
        let file = dir.join("settings.toml");
        let _ = std::fs::remove_file(&file);
        let mut w = Watched::new(&file);
        assert!(!w.changed(), "still missing");
        std::fs::write(&file, "a").unwrap();
        assert!(w.changed(), "created");
        assert!(!w.changed(), "seen");
        // Another length is a change even within the clock's resolution.
        std::fs::write(&file, "ab").unwrap();
        assert!(w.changed());
        std::fs::remove_file(&file).unwrap();
        assert!(w.changed(), "removed");
    }
}
