//! The shipped folders are embedded in the program (`src/data/shipped.rs`):
//! a file added to or removed from one of them rebuilds it.
//!
//! The git commit the program is built from is captured for a study's
//! `session.toml` (`WOBBLE_GIT_COMMIT`): read from `.git` as files (no git
//! program, no network), `unknown` outside a checkout. Cargo runs this
//! again only when those folders change, or HEAD or the branch it names
//! moves: HEAD, the branch's ref files that exist and HEAD's reflog
//! (`logs/HEAD`, appended at every commit, checkout or reset, so a branch
//! whose loose ref a commit creates beside `packed-refs` is followed too).
//! A file that does not exist is not watched: Cargo would rerun each build.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    for dir in ["maps", "assets", "studies", "maneuvers"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let (commit, watched) = commit(&root.join(".git")).unwrap_or(("unknown".into(), Vec::new()));
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rustc-env=WOBBLE_GIT_COMMIT={commit}");
}

/// The commit HEAD names under the `.git` at `git` (a folder, or a
/// worktree's file naming one), and the files it was read from.
fn commit(git: &Path) -> Option<(String, Vec<PathBuf>)> {
    let dir = if git.is_file() {
        let text = small(git)?;
        let named = PathBuf::from(text.trim().strip_prefix("gitdir:")?.trim());
        match named.is_absolute() {
            true => named,
            false => git.parent()?.join(named),
        }
    } else {
        git.to_path_buf()
    };
    // A worktree keeps its HEAD and shares the refs of the common folder.
    let common = match small(&dir.join("commondir")) {
        Some(c) => dir.join(c.trim()),
        None => dir.clone(),
    };
    let head_path = dir.join("HEAD");
    let head = small(&head_path)?;
    let head = head.trim();
    let mut watched = vec![head_path, dir.join("logs").join("HEAD")];
    let Some(name) = head.strip_prefix("ref:").map(str::trim) else {
        return hex(head).map(|c| (c, watched));
    };
    for base in [&dir, &common] {
        let loose = base.join(name);
        watched.push(loose.clone());
        if let Some(c) = small(&loose).and_then(|t| hex(t.trim())) {
            return Some((c, watched));
        }
    }
    let packed = common.join("packed-refs");
    watched.push(packed.clone());
    let text = small(&packed)?;
    let commit = text.lines().find_map(|line| {
        let (hash, named) = line.split_once(' ')?;
        (named.trim() == name).then(|| hex(hash)).flatten()
    });
    Some((commit.unwrap_or_else(|| "unknown".into()), watched))
}

/// A small text file (a git file is a line or a list of refs), or None.
fn small(path: &Path) -> Option<String> {
    let meta = fs::metadata(path).ok()?;
    (meta.is_file() && meta.len() <= 16 << 20)
        .then(|| fs::read_to_string(path).ok())
        .flatten()
}

/// `text` if it is a commit's hex name.
fn hex(text: &str) -> Option<String> {
    let ok = (7..=64).contains(&text.len()) && text.chars().all(|c| c.is_ascii_hexdigit());
    ok.then(|| text.to_ascii_lowercase())
}
