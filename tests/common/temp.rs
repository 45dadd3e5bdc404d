//! Scratch folders for tests that write files: fresh and empty when made,
//! removed when dropped.

use std::path::PathBuf;

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

    /// The path of `name` inside the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
