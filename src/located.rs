//! A fault and where it is: one type for every file the program reads
//! (maps, settings, recordings, scripts), generic over what went wrong.
//! The place comes first in messages (`file:line:col: what`), the way
//! compilers write them; the fault's own causes (an I/O error, a PNG
//! decoder's complaint) stay attached as its `source`, so a caller prints
//! the whole chain.

use std::error::Error;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most faults a reader reports in one file before it stops: enough
/// to fix a file by, few enough that a file of nothing but faults cannot
/// make the list outgrow the file.
pub const MAX_FAULTS: usize = 100;

/// Where in a file something is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The file as a whole.
    File,
    /// A line and column (in characters) of a text file, from 1.
    Text {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
    },
    /// A tile of one of a Tiled map's tile layers (x east, y south, from 0).
    Tile {
        /// The layer's name in Tiled.
        layer: &'static str,
        /// Column, from 0.
        x: usize,
        /// Row, from 0.
        y: usize,
    },
    /// One of a Tiled map's objects, by its id, and the tile it is on.
    Object {
        /// The object's id in Tiled.
        id: u32,
        /// Its tile's column.
        x: i64,
        /// Its tile's row.
        y: i64,
    },
}

impl Place {
    /// Line `line` (from 1), column `col` (from 1); line 0 is the whole file.
    pub fn text(line: usize, col: usize) -> Self {
        match line {
            0 => Place::File,
            _ => Place::Text { line, col },
        }
    }

    /// The line and column of byte `at` of `text` (an offset inside a
    /// character counts as that character; past the end, the end).
    pub fn of_offset(text: &str, at: usize) -> Self {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Place::Text {
            line: before.matches('\n').count() + 1,
            col: before[line_start..].chars().count() + 1,
        }
    }

    /// The line of a text place (0 for any other).
    pub fn line(&self) -> usize {
        match self {
            Place::Text { line, .. } => *line,
            _ => 0,
        }
    }

    /// The column of a text place (0 for any other).
    pub fn col(&self) -> usize {
        match self {
            Place::Text { col, .. } => *col,
            _ => 0,
        }
    }

    /// `file:line:col`, `file: layer `walls`, tile (x, y)` and so on: the
    /// place with its file, as messages start.
    pub fn locate(&self, file: &Path) -> String {
        let file = file.display();
        match self {
            Place::File => format!("{file}"),
            Place::Text { line, col } => format!("{file}:{line}:{col}"),
            other => format!("{file}: {other}"),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::File => write!(f, "the file"),
            Place::Text { line, col } => write!(f, "line {line}, column {col}"),
            Place::Tile { layer, x, y } => write!(f, "layer `{layer}`, tile ({x}, {y})"),
            Place::Object { id, x, y } => write!(f, "object {id} at tile ({x}, {y})"),
        }
    }
}

/// A fault of kind `K` in `file` at `at`.
#[derive(Clone, Debug, PartialEq)]
pub struct Located<K> {
    /// The file.
    pub file: PathBuf,
    /// Where in it.
    pub at: Place,
    /// What is wrong.
    pub kind: K,
}

impl<K> Located<K> {
    /// `kind` at `at` in `file`.
    pub fn new(file: &Path, at: Place, kind: K) -> Self {
        Self {
            file: file.to_owned(),
            at,
            kind,
        }
    }

    /// `kind`, a fault of `file` as a whole.
    pub fn whole(file: &Path, kind: K) -> Self {
        Self::new(file, Place::File, kind)
    }

    /// The same fault as a wider kind (a read error as a map error, say).
    pub fn widen<J: From<K>>(self) -> Located<J> {
        Located {
            file: self.file,
            at: self.at,
            kind: self.kind.into(),
        }
    }
}

impl<K: fmt::Display> fmt::Display for Located<K> {
    /// `file:line:col: what`, `file: what` for the whole file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at.locate(&self.file), self.kind)
    }
}

impl<K: Error> Error for Located<K> {
    /// The kind's cause: the kind itself is already in the message.
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.kind.source()
    }
}

/// Every fault found in one file, in file order (at least one).
#[derive(Clone, Debug, PartialEq)]
pub struct Faults<K>(pub Vec<Located<K>>);

impl<K> Faults<K> {
    /// The one fault `fault`.
    pub fn one(fault: Located<K>) -> Self {
        Self(vec![fault])
    }
}

impl<K> From<Located<K>> for Faults<K> {
    fn from(fault: Located<K>) -> Self {
        Self::one(fault)
    }
}

impl<K: Error + 'static> fmt::Display for Faults<K> {
    /// One fault per line, each with its causes: a list of faults has no
    /// single chain for a caller to print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", chain(e))?;
        }
        Ok(())
    }
}

impl<K: Error + 'static> Error for Faults<K> {}

/// Adds `fault` to `faults` while they number under [`MAX_FAULTS`]; the
/// first one over is replaced by `too_many()` at its place, and the rest
/// are dropped.
pub fn note<K>(faults: &mut Vec<Located<K>>, fault: Located<K>, too_many: impl FnOnce() -> K) {
    match faults.len().cmp(&MAX_FAULTS) {
        std::cmp::Ordering::Less => faults.push(fault),
        std::cmp::Ordering::Equal => faults.push(Located {
            kind: too_many(),
            ..fault
        }),
        std::cmp::Ordering::Greater => {}
    }
}

/// `e` and every cause below it, joined by `: `, for a one-line message
/// (the game's status line) where a terminal would list them.
pub fn chain(e: &dyn Error) -> String {
    causes(e).join(": ")
}

/// The message of `e` and of every cause below it, in order; a cause whose
/// message the one above already ends with is left out (the PNG decoder's
/// error says its cause and also gives it as its source), so a reason is
/// told once.
pub fn causes(e: &dyn Error) -> Vec<String> {
    let mut out = vec![e.to_string()];
    let mut source = e.source();
    while let Some(s) = source {
        let said = s.to_string();
        if !out.last().is_some_and(|above| above.ends_with(&said)) {
            out.push(said);
        }
        source = s.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    enum Kind {
        #[error("cannot read it")]
        Read(#[source] std::io::Error),
        #[error("bad `{0}`")]
        Bad(String),
    }

    #[derive(Debug, thiserror::Error)]
    #[error("decoding failed: {0}")]
    struct SaysItsCause(#[source] std::io::Error);

    #[test]
    fn a_cause_already_said_is_not_said_again() {
        let io = || std::io::Error::other("chunk before IHDR");
        let e = Kind::Read(std::io::Error::other(SaysItsCause(io())));
        assert_eq!(
            causes(&e),
            ["cannot read it", "decoding failed: chunk before IHDR"]
        );
        assert_eq!(
            chain(&e),
            "cannot read it: decoding failed: chunk before IHDR"
        );
        let plain = Kind::Read(io());
        assert_eq!(chain(&plain), "cannot read it: chunk before IHDR");
    }

    #[test]
    fn the_place_leads_and_the_cause_follows() {
        let e = Located::new(Path::new("a.map"), Place::text(3, 7), Kind::Bad("x".into()));
        assert_eq!(e.to_string(), "a.map:3:7: bad `x`");
        assert!(e.source().is_none());
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let e = Located::whole(Path::new("a.map"), Kind::Read(io));
        assert_eq!(e.to_string(), "a.map: cannot read it");
        assert_eq!(e.source().unwrap().to_string(), "no such file");
        assert_eq!(chain(&e), "a.map: cannot read it: no such file");
        let tile = Place::Tile {
            layer: "walls",
            x: 2,
            y: 5,
        };
        let e = Located::new(Path::new("b.tmx"), tile, Kind::Bad("y".into()));
        assert_eq!(e.to_string(), "b.tmx: layer `walls`, tile (2, 5): bad `y`");
    }

    #[test]
    fn faults_past_the_cap_are_summed_up_in_one() {
        let f = Path::new("m.map");
        let mut faults = Vec::new();
        for line in 1..=1000 {
            let fault = Located::new(f, Place::text(line, 1), Kind::Bad(line.to_string()));
            note(&mut faults, fault, || Kind::Bad("too many".into()));
        }
        assert_eq!(faults.len(), MAX_FAULTS + 1);
        assert_eq!(faults[MAX_FAULTS - 1].to_string(), "m.map:100:1: bad `100`");
        assert_eq!(
            faults[MAX_FAULTS].to_string(),
            "m.map:101:1: bad `too many`"
        );
    }

    #[test]
    fn lines_and_columns_count_characters_from_one() {
        let text = "ab\nçé x\n";
        let at = |offset| {
            let p = Place::of_offset(text, offset);
            (p.line(), p.col())
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(3), (2, 1));
        assert_eq!(at(8), (2, 4)); // the x, after two 2-byte letters
        assert_eq!(at(6), (2, 2)); // inside the é: the é
        assert_eq!(at(100), (3, 1));
    }

    #[test]
    fn several_faults_show_one_a_line() {
        let f = Path::new("s.toml");
        let e = Faults(vec![
            Located::new(f, Place::text(3, 7), Kind::Bad("first".into())),
            Located::new(f, Place::text(9, 1), Kind::Bad("second".into())),
        ]);
        assert_eq!(
            e.to_string(),
            "s.toml:3:7: bad `first`\ns.toml:9:1: bad `second`"
        );
        let io = std::io::Error::other("denied");
        let e = Faults::one(Located::whole(f, Kind::Read(io)));
        assert_eq!(e.to_string(), "s.toml: cannot read it: denied");
        assert!(e.source().is_none(), "the cause is in the message");
        assert_eq!(Place::text(0, 0), Place::File);
    }
}
