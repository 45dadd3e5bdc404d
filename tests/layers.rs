//! The library's layering, read from the source: the top-level modules
//! import one another without a cycle, only `app` names the platform crates,
//! and the simulation reads no clock.
//!
//! A module's imports are the `crate::NAME` paths in its files (its tests
//! included), so a test module that reached back up a layer shows too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, or `dir` itself if it is a file.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    if dir.is_file() {
        return vec![dir.to_path_buf()];
    }
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    // The source tree is a few dozen folders: bounded by what is there.
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out
}

/// The top-level modules of the library and the source of each.
fn modules() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "main" || name == "lib" {
            continue;
        }
        let text: String = rust_files(&path)
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect();
        modules.insert(name, text);
    }
    modules
}

/// The other top-level modules `text` names as `crate::NAME`.
fn imports(text: &str, names: &BTreeSet<String>) -> BTreeSet<String> {
    text.match_indices("crate::")
        .map(|(at, _)| {
            let rest = &text[at + "crate::".len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            rest[..end].to_string()
        })
        .filter(|n| names.contains(n))
        .collect()
}

#[test]
fn the_top_level_modules_import_each_other_without_a_cycle() {
    let modules = modules();
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    assert!(
        names.contains("sim") && names.contains("render"),
        "{names:?}"
    );
    let graph: BTreeMap<&str, BTreeSet<String>> = modules
        .iter()
        .map(|(name, text)| {
            let mut deps = imports(text, &names);
            deps.remove(name);
            (name.as_str(), deps)
        })
        .collect();
    // Kahn's algorithm: peel off modules that import nothing left; what
    // cannot be peeled lies on a cycle.
    let mut left = graph.clone();
    for _ in 0..=graph.len() {
        let leaves: Vec<&str> = left
            .iter()
            .filter(|(_, deps)| deps.iter().all(|d| !left.contains_key(d.as_str())))
            .map(|(n, _)| *n)
            .collect();
        if leaves.is_empty() {
            break;
        }
        for leaf in leaves {
            left.remove(leaf);
        }
    }
    assert!(
        left.is_empty(),
        "modules on an import cycle: {:?}",
        left.iter()
            .map(|(n, deps)| format!("{n} -> {deps:?}"))
            .collect::<Vec<_>>()
    );
}

#[test]
fn only_the_window_names_the_platform_crates() {
    for (name, text) in modules() {
        if name == "app" {
            continue;
        }
        for platform in ["winit::", "pixels::", "gilrs::", "wgpu::"] {
            assert!(
                !text.contains(platform),
                "src/{name} names {platform}: platform code belongs in src/app"
            );
        }
    }
}

#[test]
fn the_simulation_and_the_renderer_read_no_clock_and_no_platform() {
    let modules = modules();
    for name in ["sim", "render"] {
        let text = &modules[name];
        for forbidden in ["Instant", "SystemTime", "thread_rng", "crate::app"] {
            assert!(
                !text.contains(forbidden),
                "src/{name} uses {forbidden}: it must stay pure and deterministic"
            );
        }
    }
}

#[test]
fn the_simulation_never_sees_a_texture() {
    // The level (`map::Map`) holds indices into the map's textures; the
    // textures themselves (`map::MapArt`) are the renderer's.
    let text = &modules()["sim"];
    for forbidden in ["Texture", "MapArt", "crate::texture", "crate::sprites"] {
        assert!(
            !text.contains(forbidden),
            "src/sim names {forbidden}: textures belong to the renderer"
        );
    }
}
