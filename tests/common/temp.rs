//! Scratch folders for tests that write files: fresh and empty when made,
//! removed when dropped.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A scratch folder, removed with everything in it when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A fresh, empty folder for `test` of `suite`, unique to this process.
    pub fn new(suite: &str, test: &str) -> Self {
        let name = format!("wobble-{suite}-{}-{test}", std::process::id());
        let dir = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// A fresh, empty folder for one call of a helper of `suite` that
    /// tests call at once from their threads: each call has a folder of
    /// its own (by a count), so no call writes into, or removes, the
    /// folder of another still running.
    pub fn unique(suite: &str) -> Self {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        Self::new(suite, &format!("call-{n}"))
    }

    /// The path of `name` inside the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
