//! Every relative link in every Markdown file of the repository resolves:
//! the file or folder it names exists, and an anchor (`#section-name`)
//! names a heading of the Markdown file it points into, by GitHub's slug
//! rules. Build output, vendored crates and git's own folder are not
//! searched.
//!
//! A link is `[text](target)` or `![alt](target)` outside code (fenced
//! blocks and inline code spans), or a reference definition
//! `[label]: target`. Targets with a scheme (`https:`, `mailto:`) are not
//! the repository's and are left alone. A heading's anchor is its text as
//! rendered (a link's text, a code span's content), lowercased, with every
//! character but letters, digits, spaces, `-` and `_` removed and spaces
//! turned into `-`; a repeated heading gets `-1`, `-2`, ... An HTML
//! `<a name="...">` or `id="..."` is an anchor too, and a code file's
//! anchor may be a line (`#L10`, `#L10-L20`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

/// Folders at the repository's root not searched: build output, vendored
/// crates (their documents are upstream's), git's own.
const SKIPPED: [&str; 3] = ["target", "vendor", ".git"];

/// What a link can land on.
#[derive(Clone, Debug)]
enum Entry {
    /// A folder.
    Dir,
    /// A file; `Some(text)` when it is Markdown, whose headings anchors name.
    File(Option<String>),
}

/// Where the links point: the repository on disk, or a made-up one.
trait Tree {
    /// The entry at `path` (relative to the root, already normalised), if any.
    fn entry(&self, path: &Path) -> Option<Entry>;
}

/// The repository on disk, from its root.
struct Disk<'a>(&'a Path);

impl Tree for Disk<'_> {
    fn entry(&self, path: &Path) -> Option<Entry> {
        let full = self.0.join(path);
        let meta = std::fs::metadata(&full).ok()?;
        if meta.is_dir() {
            return Some(Entry::Dir);
        }
        let text = is_markdown(path).then(|| std::fs::read_to_string(&full).unwrap());
        Some(Entry::File(text))
    }
}

/// A made-up repository: paths to entries, folders listed explicitly.
impl Tree for BTreeMap<PathBuf, Entry> {
    fn entry(&self, path: &Path) -> Option<Entry> {
        self.get(path).cloned()
    }
}

/// A link that does not resolve: the file it is in, its line, its target
/// and why.
#[derive(Debug, PartialEq)]
struct Broken {
    file: PathBuf,
    line: usize,
    target: String,
    why: &'static str,
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let (file, line, target, why) = (self.file.display(), self.line, &self.target, self.why);
        write!(f, "{file}:{line}: ({target}) {why}")
    }
}

fn is_markdown(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("md"))
}

/// Every Markdown file under `root`, relative to it, but for [`SKIPPED`].
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![PathBuf::new()];
    // Bounded by the folders there are.
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(root.join(&dir)).unwrap() {
            let entry = entry.unwrap();
            let rel = dir.join(entry.file_name());
            let kind = entry.file_type().unwrap();
            if kind.is_dir() {
                let top_skipped =
                    dir.as_os_str().is_empty() && SKIPPED.iter().any(|s| entry.file_name() == *s);
                if !top_skipped {
                    todo.push(rel);
                }
            } else if kind.is_file() && is_markdown(&rel) {
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

/// `text` with its fenced code blocks blanked, line for line, so line
/// numbers still count.
fn without_fences(text: &str) -> Vec<&str> {
    let mut fence: Option<(char, usize)> = None;
    text.lines()
        .map(|line| {
            let trimmed = line.trim_start();
            let opener = ['`', '~']
                .into_iter()
                .map(|c| (c, trimmed.chars().take_while(|&x| x == c).count()))
                .find(|&(_, n)| n >= 3);
            match (fence, opener) {
                (None, Some(open)) => {
                    fence = Some(open);
                    ""
                }
                (Some((c, n)), Some((c2, n2)))
                    if c == c2 && n2 >= n && trimmed[n2..].trim().is_empty() =>
                {
                    fence = None;
                    ""
                }
                (Some(_), _) => "",
                (None, None) => line,
            }
        })
        .collect()
}

/// `line` with its inline code spans removed (a run of backticks up to the
/// next run of the same length); an unclosed run stays as it is.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find('`') {
        out.push_str(&rest[..at]);
        let run = rest[at..].chars().take_while(|&c| c == '`').count();
        let after = &rest[at + run..];
        match closing_run(after, run) {
            Some(end) => rest = &after[end + run..],
            None => {
                out.push_str(&rest[at..at + run]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Where in `text` a run of exactly `run` backticks starts, if one does.
fn closing_run(text: &str, run: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let n = bytes[i..].iter().take_while(|&&b| b == b'`').count();
            if n == run {
                return Some(i);
            }
            i += n;
        } else {
            i += 1;
        }
    }
    None
}

/// The targets of the inline links in `line` (code already removed): what
/// follows each `](`, up to the `)` that balances it, its title left out.
fn inline_targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices("](") {
        let rest = line[at + 2..].trim_start();
        if let Some(inner) = rest.strip_prefix('<') {
            if let Some(end) = inner.find('>') {
                out.push(inner[..end].to_string());
            }
            continue;
        }
        let mut depth = 0usize;
        let end = rest
            .char_indices()
            .find(|&(_, c)| match c {
                '(' => {
                    depth += 1;
                    false
                }
                ')' if depth == 0 => true,
                ')' => {
                    depth -= 1;
                    false
                }
                c => c.is_whitespace(),
            })
            .map(|(i, _)| i);
        if let Some(end) = end {
            out.push(rest[..end].to_string());
        }
    }
    out
}

/// The target of a reference definition (`[label]: target`), if `line` is one.
fn definition_target(line: &str) -> Option<String> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = line.strip_prefix(&" ".repeat(indent))?.strip_prefix('[')?;
    if indent > 3 || rest.starts_with('^') {
        return None;
    }
    let (_, after) = rest.split_once("]:")?;
    let target = after.split_whitespace().next()?;
    Some(
        target
            .trim_start_matches('<')
            .trim_end_matches('>')
            .to_string(),
    )
}

/// Every link in a Markdown `text`: (line number from 1, target).
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in without_fences(text).into_iter().enumerate() {
        let line = without_code_spans(line);
        if let Some(target) = definition_target(&line) {
            out.push((i + 1, target));
        }
        out.extend(inline_targets(&line).into_iter().map(|t| (i + 1, t)));
    }
    out
}

/// A heading's text as GitHub renders it for its anchor: a link's or an
/// image's text, a code span's content, no emphasis stars.
fn rendered(heading: &str) -> String {
    let mut text = heading.replace(['`', '*'], "");
    // `[text](target)` becomes `text`, innermost first.
    while let Some(open) = text.find("](") {
        let Some(start) = text[..open].rfind('[') else {
            break;
        };
        let Some(close) = text[open..].find(')') else {
            break;
        };
        let inner = text[start + 1..open].to_string();
        let start = if text[..start].ends_with('!') {
            start - 1
        } else {
            start
        };
        text.replace_range(start..open + close + 1, &inner);
    }
    text
}

/// GitHub's anchor for a heading's rendered text: lowercase, letters,
/// digits, `-` and `_` kept, spaces to `-`, the rest dropped.
fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// An ATX heading's text (`## Text ##`), if `line` is one.
fn atx_heading(line: &str) -> Option<&str> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = line[indent..].trim_end();
    let level = rest.chars().take_while(|&c| c == '#').count();
    if indent > 3 || !(1..=6).contains(&level) {
        return None;
    }
    let text = &rest[level..];
    if !(text.is_empty() || text.starts_with([' ', '\t'])) {
        return None;
    }
    let text = text.trim();
    let closed = text.trim_end_matches('#');
    Some(if closed.is_empty() || closed.ends_with(' ') {
        closed.trim_end()
    } else {
        text
    })
}

/// Whether `line` underlines the line above it into a heading (`===`, `---`).
fn setext_underline(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && (t.chars().all(|c| c == '=') || t.chars().all(|c| c == '-'))
}

/// Every anchor a Markdown `text` defines: its headings' slugs (a repeat
/// numbered), and HTML `name` and `id` attributes.
fn anchors(text: &str) -> BTreeSet<String> {
    let lines = without_fences(text);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (i, line) in lines.iter().enumerate() {
        let heading = atx_heading(line).map(str::to_string).or_else(|| {
            let above = lines.get(i.wrapping_sub(1)).filter(|_| i > 0)?;
            let plain = !above.trim().is_empty() && atx_heading(above).is_none();
            (plain && !above.contains('|') && setext_underline(line))
                .then(|| above.trim().to_string())
        });
        if let Some(heading) = heading {
            let base = slug(&rendered(&heading));
            let n = seen.entry(base.clone()).or_insert(0);
            out.insert(if *n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            });
            *n += 1;
        }
        for attr in ["name=\"", "id=\""] {
            for (at, _) in line.match_indices(attr) {
                let value = &line[at + attr.len()..];
                if let Some(end) = value.find('"') {
                    out.insert(value[..end].to_string());
                }
            }
        }
    }
    out
}

/// Whether `anchor` names a line or lines of a code file (`L10`, `L10-L20`).
fn line_anchor(anchor: &str) -> bool {
    let line = |s: &str| {
        s.strip_prefix('L')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    match anchor.split_once('-') {
        Some((a, b)) => line(a) && line(b),
        None => line(anchor),
    }
}

/// Whether `target` leaves the repository: a scheme (`https:`), or `//`.
fn external(target: &str) -> bool {
    let scheme = target.split_once(':').is_some_and(|(s, _)| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    });
    scheme || target.starts_with("//")
}

/// `path` with `.` and `..` worked out, or `None` if it climbs out of the root.
fn normalise(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir | Component::RootDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// `%20` and the like in a link's path, decoded.
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Why a link to `target` from the Markdown file `from` (whose text is
/// `text`) does not resolve in `tree`, or `None` if it does.
fn resolve(tree: &dyn Tree, from: &Path, text: &str, target: &str) -> Option<&'static str> {
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let entry = if path.is_empty() {
        Entry::File(Some(text.to_string()))
    } else {
        let path = percent_decoded(path);
        let joined = match path.strip_prefix('/') {
            Some(from_root) => PathBuf::from(from_root),
            None => from.parent().unwrap_or(Path::new("")).join(&path),
        };
        let Some(normal) = normalise(&joined) else {
            return Some("climbs out of the repository");
        };
        match tree.entry(&normal) {
            Some(entry) => entry,
            None => return Some("no such file or folder"),
        }
    };
    let anchor = anchor.filter(|a| !a.is_empty())?;
    match entry {
        Entry::Dir => Some("an anchor into a folder"),
        Entry::File(Some(md)) if anchors(&md).contains(anchor) => None,
        Entry::File(Some(_)) => Some("no heading of that file has this anchor"),
        Entry::File(None) if line_anchor(anchor) => None,
        Entry::File(None) => Some("an anchor into a file that is not Markdown"),
    }
}

/// Every link of the Markdown file `file` (relative to the tree's root,
/// with text `text`) that does not resolve.
fn broken_links(tree: &dyn Tree, file: &Path, text: &str) -> Vec<Broken> {
    links(text)
        .into_iter()
        .filter(|(_, target)| !external(target))
        .filter_map(|(line, target)| {
            let why = resolve(tree, file, text, &target)?;
            Some(Broken {
                file: file.to_path_buf(),
                line,
                target,
                why,
            })
        })
        .collect()
}

#[test]
fn every_relative_link_in_the_repository_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = markdown_files(root);
    assert!(
        files.iter().any(|f| f == Path::new("README.md")) && files.len() >= 8,
        "the search found too few Markdown files: {files:?}"
    );
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        checked += links(&text).len();
        broken.extend(broken_links(&Disk(root), file, &text));
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the parser reading them?"
    );
    let list: Vec<String> = broken.iter().map(Broken::to_string).collect();
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        list.join("\n")
    );
}

/// A made-up repository: a guide linking well and badly.
fn made_up() -> BTreeMap<PathBuf, Entry> {
    let guide = "\
# The Guide

## Running a feel study

## What `feel compare` shows

## Run, walk: the [polar](polar.md) model's way

## Repeat
## Repeat

Setext heading
--------------

<a name=\"kept\"></a>
";
    let mut tree = BTreeMap::new();
    tree.insert(PathBuf::from("docs"), Entry::Dir);
    tree.insert(
        PathBuf::from("docs/guide.md"),
        Entry::File(Some(guide.to_string())),
    );
    tree.insert(PathBuf::from("maps"), Entry::Dir);
    tree.insert(PathBuf::from("src/lib.rs"), Entry::File(None));
    tree
}

/// The targets `broken_links` rejects in `text`, as if written in the made-up
/// repository's `README.md`.
fn rejected(text: &str) -> Vec<String> {
    broken_links(&made_up(), Path::new("README.md"), text)
        .into_iter()
        .map(|b| b.target)
        .collect()
}

#[test]
fn links_that_resolve_pass() {
    let text = "\
# Top

See [the guide](docs/guide.md), [a study](docs/guide.md#running-a-feel-study),
[what it shows](docs/guide.md#what-feel-compare-shows) and
[the model](docs/guide.md#run-walk-the-polar-models-way), twice
([again](docs/guide.md#repeat-1)), [setext](docs/guide.md#setext-heading),
[kept](docs/guide.md#kept), ![a picture](docs/guide.md \"title\"), the
[maps folder](maps/), [maps](./maps), [a line](src/lib.rs#L10-L20),
[up here](#top), [the web](https://example.com/x.md#nowhere) and
[mail](mailto:someone@example.com).

[ref]: docs/guide.md#repeat
";
    assert_eq!(rejected(text), Vec::<String>::new());
}

#[test]
fn a_broken_link_fails_and_says_where_and_why() {
    let text = "# Top\n\nSee [gone](docs/missing.md) and\n[wrong anchor](docs/guide.md#running-a-study).\n";
    let broken = broken_links(&made_up(), Path::new("README.md"), text);
    assert_eq!(
        broken,
        [
            Broken {
                file: PathBuf::from("README.md"),
                line: 3,
                target: "docs/missing.md".into(),
                why: "no such file or folder"
            },
            Broken {
                file: PathBuf::from("README.md"),
                line: 4,
                target: "docs/guide.md#running-a-study".into(),
                why: "no heading of that file has this anchor"
            },
        ]
    );
}

#[test]
fn every_kind_of_bad_target_is_caught() {
    let text = "\
[a folder's anchor](maps/#x) [no such anchor here](#nowhere)
[code anchor](src/lib.rs#main) [climbs out](../../x.md)
[an anchor the repeat does not have](docs/guide.md#repeat-2)
[case matters](docs/guide.md#Repeat)

[ref]: docs/nothing.md
";
    assert_eq!(
        rejected(text),
        [
            "maps/#x",
            "#nowhere",
            "src/lib.rs#main",
            "../../x.md",
            "docs/guide.md#repeat-2",
            "docs/guide.md#Repeat",
            "docs/nothing.md"
        ]
    );
}

#[test]
fn links_in_code_are_not_links() {
    let text = "\
Inline `[not](missing.md)` and ``[nor](gone.md)`` code.

```sh
echo [not a link](missing.md)
```

~~~
[nor](gone.md)
~~~
[but this](after-the-fence.md)
";
    assert_eq!(rejected(text), ["after-the-fence.md"]);
}

#[test]
fn slugs_follow_githubs_rules() {
    assert_eq!(
        slug("The article's alternatives, as variants"),
        "the-articles-alternatives-as-variants"
    );
    assert_eq!(
        slug("Coasting: what happens when you let go"),
        "coasting-what-happens-when-you-let-go"
    );
    assert_eq!(
        slug(&rendered("Sweeps: `feel_sweep` over a [grid](x.md)")),
        "sweeps-feel_sweep-over-a-grid"
    );
    assert_eq!(
        slug("Article 000's own questions"),
        "article-000s-own-questions"
    );
    assert_eq!(slug("Tests and CI"), "tests-and-ci");
    assert_eq!(slug("a -- b"), "a----b");
}
