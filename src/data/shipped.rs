//! The shipped files, embedded in the program (in debug builds too, so
//! `cargo test` reads what an installed program reads): the folders
//! `maps`, `assets`, `studies` and `maneuvers` of the source tree, named
//! by paths under [`SHIPPED`].

use include_dir::{include_dir, Dir, DirEntry};
use std::path::{Component, Path, PathBuf};

/// The root of the shipped files' paths: `(shipped)/maps/bunker.tmx`.
/// A path under it always means the embedded file, never one on disk.
pub const SHIPPED: &str = "(shipped)";

static MAPS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/maps");
static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");
static STUDIES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/studies");
static MANEUVERS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/maneuvers");

/// The embedded folder `name` (`maps`, `assets`, `studies`, `maneuvers`).
fn folder(name: &str) -> Option<&'static Dir<'static>> {
    match name {
        "maps" => Some(&MAPS),
        "assets" => Some(&ASSETS),
        "studies" => Some(&STUDIES),
        "maneuvers" => Some(&MANEUVERS),
        _ => None,
    }
}

/// An embedded file or folder.
pub(super) enum Entry {
    /// A file's bytes.
    File(&'static [u8]),
    /// A folder: the paths (under [`SHIPPED`]) of the files directly in it.
    Folder(Vec<PathBuf>),
}

/// True if `path` names a shipped file or folder (starts with [`SHIPPED`]).
pub fn is_shipped(path: &Path) -> bool {
    path.components().next() == Some(Component::Normal(SHIPPED.as_ref()))
}

/// `path` under [`SHIPPED`] as a path inside the shipped tree, with `.`
/// and `folder/..` folded (a tileset beside a map, `(shipped)/maps/x.tsx`,
/// or a texture `../assets/x.png` from it); None for a path that is not
/// shipped or climbs out of the tree.
pub(super) fn inside(path: &Path) -> Option<PathBuf> {
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    let mut components = path.components();
    if components.next() != Some(Component::Normal(SHIPPED.as_ref())) {
        return None;
    }
    for c in components {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::Normal(p) => parts.push(p),
            _ => return None,
        }
    }
    Some(parts.iter().collect())
}

/// The embedded entry at `path` (a path under [`SHIPPED`]), if there is one.
pub(super) fn entry(path: &Path) -> Option<Entry> {
    let inside = inside(path)?;
    let mut parts = inside.components();
    let top = parts.next()?.as_os_str().to_str()?;
    let dir = folder(top)?;
    let rest = parts.as_path();
    let children = match rest.as_os_str().is_empty() {
        true => dir.entries(),
        false => match dir.get_entry(rest)? {
            DirEntry::File(f) => return Some(Entry::File(f.contents())),
            DirEntry::Dir(d) => d.entries(),
        },
    };
    let root = Path::new(SHIPPED).join(top);
    let mut files: Vec<PathBuf> = children
        .iter()
        .filter_map(DirEntry::as_file)
        .map(|f| root.join(f.path()))
        .collect();
    files.sort();
    Some(Entry::Folder(files))
}

/// The path of the shipped file or folder `inside` the shipped tree
/// (`maps/default.map`).
pub fn path(inside: &str) -> PathBuf {
    Path::new(SHIPPED).join(inside)
}

/// `path` as a recording names it: a shipped file by its path in the
/// source tree (`maps/default.map`, which a replay anywhere resolves to
/// the shipped map), anything else as it is.
pub fn as_recorded(path: &Path) -> PathBuf {
    match is_shipped(path) {
        true => inside(path).unwrap_or_else(|| path.to_path_buf()),
        false => path.to_path_buf(),
    }
}

/// True if `file` is the shipped file `shipped`: its embedded path, or the
/// source of it in the tree this program was built from (so
/// `feel maneuvers/flight/landing.txt` in the source tree is the shipped
/// maneuver, and a copy elsewhere is the user's own).
pub fn is_same_shipped(file: &Path, shipped: &Path) -> bool {
    if is_shipped(file) {
        return inside(file) == inside(shipped);
    }
    let Some(inside) = inside(shipped) else {
        return false;
    };
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(inside);
    match (file.canonicalize(), source.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
