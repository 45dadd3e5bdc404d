//! Texture paths as written in a Tiled map, seen from the map's folder.

use std::path::{Path, PathBuf};

/// `path` with each `folder/..` pair removed, as written (no file system
/// access), so one texture named two ways is one texture and messages
/// show short paths.
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match (c, out.last()) {
            (Component::CurDir, _) => {}
            (Component::ParentDir, Some(Component::Normal(_))) => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    out.iter().collect()
}

/// `path` as seen from the folder `dir` (both as written, relative to the
/// same working folder or both absolute): `maps/../assets/x.png` from
/// `maps` is `../assets/x.png`. Where the walk back out of `dir` cannot be
/// written (it climbs above the working folder), the absolute path.
pub(super) fn relative_to(path: &Path, dir: &Path) -> PathBuf {
    use std::path::Component;
    let (path, dir) = (tidy(path), tidy(dir));
    let common = path
        .components()
        .zip(dir.components())
        .take_while(|(a, b)| a == b)
        .count();
    let up: Vec<Component> = dir.components().skip(common).collect();
    if up.iter().any(|c| !matches!(c, Component::Normal(_))) {
        return std::path::absolute(&path).unwrap_or(path);
    }
    let mut out: PathBuf = up.iter().map(|_| Component::ParentDir).collect();
    out.extend(path.components().skip(common));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texture_paths_are_seen_from_the_map_folder() {
        let from = |p: &str, d: &str| relative_to(Path::new(p), Path::new(d));
        assert_eq!(
            from("maps/../assets/x.png", "maps"),
            Path::new("../assets/x.png")
        );
        assert_eq!(
            from("./maps/../assets/x.png", "./maps"),
            Path::new("../assets/x.png")
        );
        assert_eq!(from("maps/tiles/x.png", "maps"), Path::new("tiles/x.png"));
        assert_eq!(
            from("/r/assets/x.png", "/r/t/m/b"),
            Path::new("../../../assets/x.png")
        );
        assert_eq!(from("x.png", ""), Path::new("x.png"));
        assert!(from("a/x.png", "../m").is_absolute());
    }

    #[test]
    fn tidy_folds_folder_and_parent_pairs() {
        assert_eq!(
            tidy(Path::new("a/b/../../maps/../assets/x.png")),
            Path::new("assets/x.png")
        );
        assert_eq!(
            tidy(Path::new("../assets/./x.png")),
            Path::new("../assets/x.png")
        );
        assert_eq!(tidy(Path::new("/a/../b")), Path::new("/b"));
    }
}
