//! A fuzz harness for every parser: random bytes, random token soup and
//! random edits of well-formed files, each parsed as the loaders would.
//! Every input must parse or fail without a panic, within a memory bound
//! linear in its size, and each fault must name the file and a place
//! inside it.
//!
//! No clock judges a case: a limit in seconds flakes on a loaded machine.
//! Inputs are bounded instead ([`MAX_INPUT_BYTES`] over the longest seed),
//! so each parse has bounded work unless a parser loops on its own; such a
//! hang shows as a test that never ends, which cargo reports as running
//! over 60 s.
//!
//! Adding a parser is one [`Target`] and one test:
//!
//! ```ignore
//! #[test]
//! fn tiled_maps() {
//!     fuzz(Target {
//!         name: "tiled map",
//!         file: root().join("maps/fuzzed.tmx"),
//!         seeds: seeds(&["maps/hangar.tmx"]),
//!         tokens: &["<", "/>", "\"", "tile", "gid=", "width="],
//!         parse: |bytes, file| {
//!             as_text(bytes, file, |text| match tiled::parse(text, file) {
//!                 Ok(_) => Ok(()),
//!                 Err(e) => Err(e.0.iter().map(|e| Fault::at(e.at.line(), e.at.col(), e)).collect()),
//!             })
//!         },
//!     });
//! }
//! ```

use super::alloc::peak_during;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::cell::Cell;
use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use wobblecaster::located::Located;

/// Cases per parser in `cargo test`; `PROPTEST_CASES` overrides it (the
/// long run sets a million).
pub const DEFAULT_CASES: u32 = 1000;
/// The most bytes an input holds beyond the longest seed: room for every
/// edit of a seed (at most 7, each adding at most 255 bytes); longer
/// inputs (a long soup of tokens) are cut there.
pub const MAX_INPUT_BYTES: usize = 7 * 255;
/// Memory a parse may hold whatever its input (the sky panorama a map
/// names decodes to 1 MiB), in bytes.
pub const BASE_BYTES: usize = 8 << 20;
/// Memory a parse may hold per byte of input, on top of [`BASE_BYTES`].
pub const BYTES_PER_INPUT_BYTE: usize = 256;

/// One fault a parser reported: its place and how it is shown.
#[derive(Debug)]
pub struct Fault {
    /// Line, from 1; 0 for the input as a whole.
    pub line: usize,
    /// Column in characters, from 1; 0 with line 0.
    pub col: usize,
    /// The fault as the program prints it.
    pub shown: String,
}

impl Fault {
    /// A fault at `line` and `col`, shown as `shown` displays.
    pub fn at(line: usize, col: usize, shown: impl Display) -> Self {
        Self {
            line,
            col,
            shown: shown.to_string(),
        }
    }
}

/// A parser under fuzzing.
pub struct Target {
    /// For messages.
    pub name: &'static str,
    /// The file the input claims to be (named in every fault).
    pub file: PathBuf,
    /// Well-formed inputs whose random edits reach deep into the format.
    pub seeds: Vec<Vec<u8>>,
    /// Words of the format, spliced into inputs by the edits.
    pub tokens: &'static [&'static str],
    /// Parses `bytes` as read from the file (second argument).
    pub parse: fn(&[u8], &Path) -> Result<(), Vec<Fault>>,
}

/// The files at `paths` (from the repository root), as seeds.
pub fn seeds(paths: &[&str]) -> Vec<Vec<u8>> {
    paths
        .iter()
        .map(|p| std::fs::read(super::root().join(p)).unwrap())
        .collect()
}

/// Turns `bytes` into text as the loaders do (a byte that is not UTF-8 is
/// a fault at its place), then runs `parse` on it.
pub fn as_text(
    bytes: &[u8],
    file: &Path,
    parse: impl FnOnce(&str) -> Result<(), Vec<Fault>>,
) -> Result<(), Vec<Fault>> {
    match wobblecaster::files::text(bytes.to_vec(), "file") {
        Ok(text) => parse(&text),
        Err((at, e)) => {
            let shown = Located::new(file, at, e).to_string();
            Err(vec![Fault::at(at.line(), at.col(), shown)])
        }
    }
}

/// Cases to run: `PROPTEST_CASES`, else [`DEFAULT_CASES`].
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// Fuzzes `target` for [`cases`] cases; panics with the smallest failing
/// input found. Prints a summary line (see it with `--nocapture`).
pub fn fuzz(target: Target) {
    let cases = cases();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let (faulted, peak, slowest) = (
        Cell::new(0u64),
        Cell::new(0usize),
        Cell::new(Duration::ZERO),
    );
    // Times are reported for the long run, never judged (see the module
    // documentation).
    let started = Instant::now();
    let result = runner.run(&input(&target), |bytes| {
        let begun = Instant::now();
        let (outcome, held) = peak_during(|| (target.parse)(&bytes, &target.file));
        slowest.set(slowest.get().max(begun.elapsed()));
        peak.set(peak.get().max(held));
        let limit = BASE_BYTES + BYTES_PER_INPUT_BYTE * bytes.len();
        if held > limit {
            return Err(fail(format!("held {held} bytes, over {limit}")));
        }
        if let Err(faults) = outcome {
            faulted.set(faulted.get() + 1);
            check_faults(&faults, &bytes, &target.file)?;
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}: {e}", target.name);
    }
    eprintln!(
        "fuzz {}: {cases} cases ({} rejected with located faults) in {:.1} s; \
         largest peak {} KiB, slowest case {:.1} ms",
        target.name,
        faulted.get(),
        started.elapsed().as_secs_f64(),
        peak.get() >> 10,
        slowest.get().as_secs_f64() * 1e3
    );
}

fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

/// Each fault names `file` and, if it has a place, shows it as
/// `file:line:col: ` with a place inside `bytes`:
/// a line of the input (or the end) and a column at most one past that
/// line's end.
fn check_faults(faults: &[Fault], bytes: &[u8], file: &Path) -> Result<(), TestCaseError> {
    if faults.is_empty() {
        return Err(fail("an error without a fault".into()));
    }
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.split('\n').collect();
    let name = file.display().to_string();
    for f in faults {
        if f.line == 0 {
            if !f.shown.contains(&name) {
                return Err(fail(format!("does not name {name}: {}", f.shown)));
            }
            continue;
        }
        let place = format!("{name}:{}:{}: ", f.line, f.col);
        if !f.shown.starts_with(&place) {
            return Err(fail(format!("does not start with {place}: {}", f.shown)));
        }
        // One line past the last is the end of the input ("the file ends
        // inside the header").
        let width = match lines.get(f.line - 1) {
            Some(l) => Some(l.chars().count()),
            None => (f.line == lines.len() + 1).then_some(0),
        };
        match width {
            Some(w) if (1..=w + 1).contains(&f.col) => {}
            _ => return Err(fail(format!("outside the input: {}", f.shown))),
        }
    }
    Ok(())
}

/// Words that trip number and text handling in any format.
const COMMON_TOKENS: &[&str] = &[
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "#",
    "=",
    ",",
    ";",
    "\"",
    "'",
    "\\",
    "\0",
    "é",
    "\u{feff}",
    "\u{2028}",
    "-",
    "+",
    "*",
    ".",
    "0",
    "-0",
    "1",
    "-1",
    "0.5",
    "1e309",
    "-1e309",
    "NaN",
    "inf",
    "-inf",
    "1e-320",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "99999999999999999999999999",
];

/// An input: random bytes, a soup of the format's words, or a
/// well-formed seed with random edits (most cases); never longer than the
/// longest seed and [`MAX_INPUT_BYTES`].
fn input(target: &Target) -> impl Strategy<Value = Vec<u8>> {
    let longest = target.seeds.iter().map(Vec::len).max().unwrap_or(0);
    let most = longest + MAX_INPUT_BYTES;
    let tokens: Vec<&'static str> = COMMON_TOKENS.iter().chain(target.tokens).copied().collect();
    let soup = prop::collection::vec(prop::sample::select(tokens.clone()), 0..64)
        .prop_map(|words| words.concat().into_bytes());
    let seeds = target.seeds.clone();
    let edited = (
        prop::sample::select(seeds),
        prop::collection::vec(edit(tokens), 1..8),
    )
        .prop_map(|(mut bytes, edits)| {
            for e in edits {
                e.apply(&mut bytes);
            }
            bytes
        });
    prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 0..512),
        1 => soup,
        6 => edited,
    ]
    .prop_map(move |mut bytes| {
        bytes.truncate(most);
        bytes
    })
}

/// One random edit of an input.
#[derive(Clone, Debug)]
enum Edit {
    /// Insert these bytes at a place (a fraction of the length).
    Insert(f64, Vec<u8>),
    /// Remove up to this many bytes from a place.
    Remove(f64, usize),
    /// Copy up to this many bytes from one place to another.
    Copy(f64, usize, f64),
    /// Cut the input at a place.
    Cut(f64),
    /// Overwrite a byte.
    Set(f64, u8),
}

fn edit(tokens: Vec<&'static str>) -> impl Strategy<Value = Edit> {
    let at = 0.0..=1.0f64;
    prop_oneof![
        3 => (at.clone(), prop::sample::select(tokens))
            .prop_map(|(a, t)| Edit::Insert(a, t.as_bytes().to_vec())),
        1 => (at.clone(), prop::collection::vec(any::<u8>(), 1..8)).prop_map(|(a, b)| Edit::Insert(a, b)),
        2 => (at.clone(), 1..64usize).prop_map(|(a, n)| Edit::Remove(a, n)),
        1 => (at.clone(), 1..256usize, at.clone()).prop_map(|(a, n, b)| Edit::Copy(a, n, b)),
        1 => at.clone().prop_map(Edit::Cut),
        2 => (at, any::<u8>()).prop_map(|(a, b)| Edit::Set(a, b)),
    ]
}

impl Edit {
    fn apply(self, bytes: &mut Vec<u8>) {
        let place = |f: f64, len: usize| ((len as f64 * f) as usize).min(len);
        let len = bytes.len();
        match self {
            Edit::Insert(a, new) => {
                let at = place(a, len);
                bytes.splice(at..at, new);
            }
            Edit::Remove(a, n) => {
                let at = place(a, len);
                bytes.drain(at..(at + n).min(len));
            }
            Edit::Copy(a, n, b) => {
                let from = place(a, len);
                let piece = bytes[from..(from + n).min(len)].to_vec();
                let to = place(b, len);
                bytes.splice(to..to, piece);
            }
            Edit::Cut(a) => bytes.truncate(place(a, len)),
            Edit::Set(a, b) => {
                if len > 0 {
                    bytes[place(a, len - 1)] = b;
                }
            }
        }
    }
}
