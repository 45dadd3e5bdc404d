//! The library's layering, read from the source: the top-level modules
//! import one another without a cycle, and so do the files, only `app`
//! names the platform crates, and the simulation, the renderer and the
//! mixer read no clock.
//!
//! A top-level module's imports are the `crate::NAME` paths in its files
//! (its tests included), so a test module that reached back up a layer
//! shows too. A file's are the paths in its code, outside comments and
//! strings (`crate::`, `super::`, `self::` and its submodules', `use`
//! trees expanded), each taken to the file of the longest module it names.

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
        for platform in [
            "winit::", "pixels::", "gilrs::", "wgpu::", "cpal::", "alsa::",
        ] {
            assert!(
                !text.contains(platform),
                "src/{name} names {platform}: platform code belongs in src/app"
            );
        }
    }
}

#[test]
fn the_simulation_the_renderer_and_the_mixer_read_no_clock_and_no_platform() {
    let modules = modules();
    for name in ["sim", "render", "audio"] {
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

#[test]
fn the_statistics_know_nothing_of_studies_or_the_game() {
    // `stats` is the numerical layer under the study report: it may take
    // the base layer's quantile rule and nothing else of the crate, so a
    // model can be tested against R on a published data set alone.
    let modules = modules();
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    let mut deps = imports(&modules["stats"], &names);
    deps.remove("stats");
    let allowed: BTreeSet<String> = ["quantile".to_string()].into();
    let beyond: Vec<&String> = deps.difference(&allowed).collect();
    assert!(
        beyond.is_empty(),
        "src/stats imports {beyond:?}: the statistics layer knows nothing of studies or the game"
    );
    assert!(
        imports(&modules["study"], &names).contains("stats"),
        "the study report is the statistics layer's user"
    );
}

/// The files of the library, each as the module it is: `src/render/hud.rs`
/// is `render::hud`, `src/render/flats/mod.rs` is `render::flats`, and a
/// file a `#[path = "..."]` attribute names is the module declared under
/// it. `src/main.rs`, the binary, reaches the library as `wobblecaster::`
/// and is left out.
fn file_modules() -> BTreeMap<Vec<String>, PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    let mut declared = Vec::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap().to_path_buf();
        if rel == Path::new("main.rs") {
            continue;
        }
        let mut module: Vec<String> = rel
            .with_extension("")
            .iter()
            .map(|part| part.to_string_lossy().into_owned())
            .collect();
        if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
            module.pop();
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (name, path) in path_attributes(&text) {
            let mut under = module.clone();
            under.push(name);
            declared.push((rel.parent().unwrap().join(path), under));
        }
        modules.insert(module, rel);
    }
    for (file, module) in declared {
        modules.retain(|_, f| *f != file);
        modules.insert(module, file);
    }
    modules
}

/// The module name and the file of each `#[path = "FILE"] mod NAME;`.
fn path_attributes(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (at, open) in text.match_indices("#[path = \"") {
        let rest = &text[at + open.len()..];
        let (Some(end), Some(declared)) = (rest.find('"'), rest.find("mod ")) else {
            continue;
        };
        let name = rest[declared + "mod ".len()..]
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap();
        out.push((name.to_string(), rest[..end].to_string()));
    }
    out
}

/// `text` with its comments gone and its string and character literals
/// emptied, so that a word in them is not read as a path.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let after_word = out
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let skipped = if rest.starts_with("//") {
            Some((rest.find('\n').unwrap_or(rest.len()), " "))
        } else if rest.starts_with("/*") {
            Some((block_comment_len(rest), " "))
        } else if let (false, Some(len)) = (after_word, raw_string_len(rest)) {
            Some((len, "\"\""))
        } else if rest.starts_with('"') {
            Some((string_len(rest), "\"\""))
        } else if rest.starts_with('\'') {
            char_len(rest).map(|len| (len, "' '"))
        } else {
            None
        };
        match skipped {
            Some((len, instead)) => {
                out.push_str(instead);
                i += len;
            }
            None => {
                let c = rest.chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// The length of the block comment `rest` starts with (they nest).
fn block_comment_len(rest: &str) -> usize {
    let mut depth = 0;
    let mut j = 0;
    while j < rest.len() {
        if rest[j..].starts_with("/*") {
            depth += 1;
            j += 2;
        } else if rest[j..].starts_with("*/") {
            depth -= 1;
            j += 2;
            if depth == 0 {
                return j;
            }
        } else {
            j += rest[j..].chars().next().unwrap().len_utf8();
        }
    }
    rest.len()
}

/// The length of the raw string (`r"..."`, `br#"..."#`) `rest` starts
/// with, if it starts with one.
fn raw_string_len(rest: &str) -> Option<usize> {
    let body = rest.strip_prefix("br").or_else(|| rest.strip_prefix('r'))?;
    let hashes = body.len() - body.trim_start_matches('#').len();
    let body = body[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body.find(&close).map_or(body.len(), |e| e + close.len());
    Some(rest.len() - body.len() + end)
}

/// The length of the string literal `rest` starts with (at its `"`).
fn string_len(rest: &str) -> usize {
    let mut chars = rest.char_indices().skip(1);
    while let Some((j, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return j + 1,
            _ => {}
        }
    }
    rest.len()
}

/// The length of the character literal `rest` starts with (at its `'`),
/// or `None` for a lifetime.
fn char_len(rest: &str) -> Option<usize> {
    let body = &rest[1..];
    if body.starts_with('\\') {
        return body[2..].find('\'').map(|e| e + 4);
    }
    let c = body.chars().next()?;
    body[c.len_utf8()..]
        .starts_with('\'')
        .then(|| 2 + c.len_utf8())
}

/// A byte that may start a word.
fn word_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// A byte that may be in a word.
fn in_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Every path of two or more words in `code` (`crate::map::Map`,
/// `super::font`), with where it starts, and every path a `use` names,
/// its trees expanded (`use super::{fog, shade}` names `super::fog` and
/// `super::shade`).
fn paths_in(code: &str) -> Vec<(usize, Vec<String>)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts_word = word_start(b[i]) && (i == 0 || !(in_word(b[i - 1]) || b[i - 1] == b':'));
        if !starts_word {
            i += 1;
            continue;
        }
        let start = i;
        let mut words = Vec::new();
        loop {
            let from = i;
            while i < b.len() && in_word(b[i]) {
                i += 1;
            }
            words.push(code[from..i].to_string());
            if b.get(i..i + 2) == Some(b"::") && b.get(i + 2).is_some_and(|&c| word_start(c)) {
                i += 2;
            } else {
                break;
            }
        }
        if words == ["use"] && b.get(i).is_some_and(u8::is_ascii_whitespace) {
            let end = code[i..].find(';').map_or(code.len(), |e| i + e);
            let tree: String = code[i..end]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            out.extend(use_tree(&[], &tree).into_iter().map(|p| (start, p)));
        } else if words.len() > 1 {
            out.push((start, words));
        }
    }
    out
}

/// The paths a `use` tree names, under `prefix`.
fn use_tree(prefix: &[String], tree: &str) -> Vec<Vec<String>> {
    let mut items = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (j, c) in tree.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&tree[from..j]);
                from = j + 1;
            }
            _ => {}
        }
    }
    items.push(&tree[from..]);
    let mut out = Vec::new();
    for item in items.into_iter().map(str::trim).filter(|i| !i.is_empty()) {
        let words = |path: &str| -> Vec<String> {
            let mut all = prefix.to_vec();
            all.extend(
                path.split("::")
                    .map(str::trim)
                    .filter(|w| !w.is_empty())
                    .map(String::from),
            );
            all
        };
        match (item.find('{'), item.rfind('}')) {
            (Some(open), Some(close)) => {
                out.extend(use_tree(&words(&item[..open]), &item[open + 1..close]));
            }
            _ => out.push(words(item.split(" as ").next().unwrap())),
        }
    }
    out
}

/// Where each inline `mod NAME { ... }` of `code` lies, and its name.
fn inline_modules(code: &str) -> Vec<(std::ops::Range<usize>, String)> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if at > 0 && in_word(code.as_bytes()[at - 1]) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let after = rest[name.len()..].trim_start();
        if name.is_empty() || !after.starts_with('{') {
            continue;
        }
        let open = code.len() - after.len();
        let mut depth = 0;
        let close = code[open..]
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(code.len(), |(j, _)| open + j);
        out.push((open..close, name));
    }
    out
}

/// The files the file of `module` names by path, as modules: each path
/// taken to the longest module it begins with. A path from the crate
/// (`crate::`), from its module (`self::`, `super::`) or through one of
/// its submodules counts; the module's own enclosing modules do not (a
/// submodule using what its parent defines is the nesting itself: a
/// cycle is between files side by side, or further apart).
fn file_imports(
    module: &[String],
    code: &str,
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> BTreeSet<Vec<String>> {
    let inline = inline_modules(code);
    let mut out = BTreeSet::new();
    for (at, path) in paths_in(code) {
        // The module the path is written in: the file's, or an inline
        // module inside it (a test module's `super::` is the file).
        let mut here = module.to_vec();
        here.extend(
            inline
                .iter()
                .filter(|(range, _)| range.contains(&at))
                .map(|(_, name)| name.clone()),
        );
        let mut full = match path[0].as_str() {
            "crate" => Vec::new(),
            "self" | "super" => here,
            first => {
                let mut child = module.to_vec();
                child.push(first.to_string());
                if !modules.contains_key(&child) {
                    continue;
                }
                module.to_vec()
            }
        };
        let mut words = path.iter().skip(usize::from(path[0] == "crate")).peekable();
        while let Some(w) = words.next_if(|w| *w == "self" || *w == "super") {
            if w == "super" {
                full.pop();
            }
        }
        full.extend(words.cloned());
        let target = (0..=full.len())
            .rev()
            .map(|k| &full[..k])
            .find(|m| modules.contains_key(*m))
            .unwrap_or_default();
        if !module.starts_with(target) {
            out.insert(target.to_vec());
        }
    }
    out
}

/// The sets of modules that import one another in a circle, each at
/// least two (Tarjan's strongly connected components).
fn cycles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    let names: Vec<&Vec<String>> = graph.keys().collect();
    let index_of: BTreeMap<&Vec<String>, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            graph[*n]
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    struct Tarjan<'a> {
        edges: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in &self.edges[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let n = names.len();
    let mut t = Tarjan {
        edges: &edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        next: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.found
        .into_iter()
        .map(|c| {
            let mut c: Vec<Vec<String>> = c.into_iter().map(|i| names[i].clone()).collect();
            c.sort();
            c
        })
        .collect()
}

/// One circle through the first module of `component`, the shortest, as
/// the files it goes through ("a.rs -> b.rs -> a.rs").
fn name_cycle(
    component: &[Vec<String>],
    graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> String {
    let start = &component[0];
    // Breadth first within the component, back to the start.
    let mut came_from: BTreeMap<&Vec<String>, &Vec<String>> = BTreeMap::new();
    let mut todo = std::collections::VecDeque::from([start]);
    let mut last = start;
    'search: while let Some(m) = todo.pop_front() {
        for t in graph[m].iter().filter(|t| component.contains(t)) {
            if t == start {
                last = m;
                break 'search;
            }
            if !came_from.contains_key(t) {
                came_from.insert(t, m);
                todo.push_back(t);
            }
        }
    }
    let mut circle = vec![start, last];
    while circle.last() != Some(&start) {
        circle.push(came_from[circle.last().unwrap()]);
    }
    circle.reverse();
    circle
        .iter()
        .map(|m| format!("src/{}", modules[*m].display()))
        .collect::<Vec<_>>()
        .join(" -> ")
}

#[test]
fn the_files_import_each_other_without_a_cycle() {
    let modules = file_modules();
    assert!(
        modules.contains_key(&vec!["render".to_string(), "bands".to_string()]),
        "{:?}",
        modules.keys().take(5).collect::<Vec<_>>()
    );
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = modules
        .iter()
        .map(|(module, file)| {
            let code = code_only(&std::fs::read_to_string(src.join(file)).unwrap());
            (module.clone(), file_imports(module, &code, &modules))
        })
        .collect();
    let mut found = Vec::new();
    for component in cycles(&graph) {
        let files: BTreeSet<String> = component
            .iter()
            .map(|m| format!("src/{}", modules[m].display()))
            .collect();
        found.push(format!(
            "{} (all on it: {})",
            name_cycle(&component, &graph, &modules),
            files.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    assert!(
        found.is_empty(),
        "files on an import cycle (pull what they share into a file both import):\n{}",
        found.join("\n")
    );
}

/// The modules of `paths` ("render/hud"), each with a file of its own.
fn modules_of(paths: &[&str]) -> BTreeMap<Vec<String>, PathBuf> {
    paths
        .iter()
        .map(|p| {
            let module = p.split('/').map(String::from).collect();
            (module, PathBuf::from(format!("{p}.rs")))
        })
        .collect()
}

#[test]
fn a_file_s_imports_are_read_past_comments_strings_and_its_parents() {
    let modules = modules_of(&[
        "render",
        "render/hud",
        "render/font",
        "render/cockpit",
        "map",
    ]);
    let code = code_only(
        r#"
        use super::{font::{Canvas, GLYPH}, cockpit as c}; // super::radar
        /* crate::sim /* nested */ crate::files */
        const S: &str = "crate::sim::World \" super::radar";
        fn f<'a>(x: &'a str) -> char { '"' }
        fn g() { crate::map::Map::open_plane(); }
        mod tests { use super::*; use super::super::Frame; }
        "#,
    );
    let found = file_imports(&["render".into(), "hud".into()], &code, &modules);
    let want: BTreeSet<Vec<String>> = [["render", "font"], ["render", "cockpit"]]
        .iter()
        .map(|m| m.iter().map(|w| w.to_string()).collect())
        .chain([vec!["map".to_string()]])
        .collect();
    assert_eq!(found, want);
}

#[test]
fn a_cycle_is_found_and_named_by_its_files() {
    let modules = modules_of(&["a", "b", "c", "d"]);
    let m = |name: &str| vec![name.to_string()];
    let graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::from([
        (m("a"), BTreeSet::from([m("b")])),
        (m("b"), BTreeSet::from([m("c")])),
        (m("c"), BTreeSet::from([m("a"), m("d")])),
        (m("d"), BTreeSet::new()),
    ]);
    let found = cycles(&graph);
    assert_eq!(found, vec![vec![m("a"), m("b"), m("c")]]);
    assert_eq!(
        name_cycle(&found[0], &graph, &modules),
        "src/a.rs -> src/b.rs -> src/c.rs -> src/a.rs"
    );
}
