//! The episode file: the maps a new game plays, in order, each with its
//! par time. TOML, read at the edge with every fault placed (file, line,
//! column) and a "did you mean" hint for a slipped key.
//!
//! ```toml
//! name = "The Wobble Episode"
//!
//! [[map]]
//! file = "tutorial.map"   # relative to this file, or a shipped map's name
//! par = "1:30"            # M:SS; wins over the map's own `par`
//!
//! [[map]]
//! file = "default.map"
//! ```
//!
//! The shipped episode is `maps/episode.toml`; a new map goes in play
//! order by a `[[map]]` appended where it comes.

use super::exit::parse_par;
use crate::files::{cap, ReadError};
use crate::located::{note, Faults, Located, Place};
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The most maps an episode may list.
pub const MAX_MAPS: usize = 64;
/// The longest episode name, characters.
pub const MAX_NAME: usize = 64;
/// The keys of a `[[map]]` table.
const MAP_KEYS: [&str; 2] = ["file", "par"];
/// The top-level keys.
const TOP_KEYS: [&str; 2] = ["name", "map"];

/// An episode, checked (its maps named, not yet loaded).
#[derive(Clone, Debug, PartialEq)]
pub struct Episode {
    /// The episode's name, as the title menu and the tally show it.
    pub name: String,
    /// The maps in play order (at least one).
    pub maps: Vec<EpisodeMap>,
}

/// One map of an episode.
#[derive(Clone, Debug, PartialEq)]
pub struct EpisodeMap {
    /// The map file: the name as written, joined to the episode file's
    /// folder.
    pub path: PathBuf,
    /// The par time, seconds, if the episode gives one (it wins over the
    /// map's own).
    pub par: Option<u32>,
    /// Where the episode file names it, for messages.
    pub place: Place,
}

/// What is wrong with an episode file.
#[derive(Debug, thiserror::Error)]
pub enum EpisodeFault {
    /// A key, value or table that is not what the file may hold.
    #[error("{0}")]
    Invalid(String),
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// More faults than are worth listing.
    #[error("too many faults; fix these first")]
    TooMany,
}

/// Every fault of one episode file.
pub type EpisodeErrors = Faults<EpisodeFault>;

/// The shipped episode: `maps/episode.toml`.
pub fn shipped_path() -> PathBuf {
    crate::data::maps_dir().join("episode.toml")
}

impl Episode {
    /// Reads the episode file at `path` (shipped or on disk).
    pub fn load(path: &Path) -> Result<Episode, EpisodeErrors> {
        let text = crate::data::read_text(path, "episode", cap::EPISODE)
            .map_err(|e| Faults::one(e.widen()))?;
        Self::parse(&text, path)
    }

    /// Parses episode `text` as if read from `path` (its maps are named
    /// relative to `path`'s folder).
    pub fn parse(text: &str, path: &Path) -> Result<Episode, EpisodeErrors> {
        Reader {
            text,
            path,
            errors: Vec::new(),
        }
        .read()
    }

    /// The par of map `index`: the episode's, else the map's own `par`.
    pub fn par(&self, index: usize, own: Option<u32>) -> Option<u32> {
        self.maps.get(index).and_then(|m| m.par).or(own)
    }
}

type Value<'i> = Spanned<DeValue<'i>>;

/// The read so far.
struct Reader<'a> {
    text: &'a str,
    path: &'a Path,
    errors: Vec<Located<EpisodeFault>>,
}

impl Reader<'_> {
    /// Records a fault at byte offset `at`.
    fn error(&mut self, at: usize, message: String) {
        let place = Place::of_offset(self.text, at);
        let fault = Located::new(self.path, place, EpisodeFault::Invalid(message));
        note(&mut self.errors, fault, || EpisodeFault::TooMany);
    }

    /// An unknown key, with the nearest known one if it looks like a slip.
    fn unknown(&mut self, at: usize, key: &str, known: &[&str], what: &str) {
        let hint = match crate::names::nearest(key, known.iter().copied()) {
            Some(near) => format!(": did you mean `{near}`?"),
            None => format!(" ({what} takes {})", known.join(", ")),
        };
        self.error(at, format!("unknown key `{key}`{hint}"));
    }

    fn read(mut self) -> Result<Episode, EpisodeErrors> {
        let (doc, syntax) = DeTable::parse_recoverable(self.text);
        if !syntax.is_empty() {
            for e in syntax {
                let at = e.span().map_or(self.text.len(), |s| s.start);
                self.error(at, format!("bad TOML: {}", e.message()));
            }
            return Err(Faults(self.errors));
        }
        let doc = doc.get_ref();
        let mut name = None;
        let mut maps = Vec::new();
        for (key, value) in doc.iter() {
            let at = key.span().start;
            match key.get_ref().as_ref() {
                "name" => name = self.name(value),
                "map" => maps = self.maps(value),
                other => self.unknown(at, other, &TOP_KEYS, "an episode file"),
            }
        }
        if doc.get("name").is_none() {
            let message =
                "`name` is missing: give the episode's name, such as \"The Wobble Episode\"";
            self.error(0, message.into());
        }
        if doc.get("map").is_none() {
            self.error(
                0,
                "no maps: add at least one [[map]] with its `file`".into(),
            );
        }
        if !self.errors.is_empty() {
            // In file order, as the file is read and fixed.
            self.errors.sort_by_key(|e| (e.at.line(), e.at.col()));
            return Err(Faults(self.errors));
        }
        Ok(Episode {
            name: name.unwrap_or_default(),
            maps,
        })
    }

    /// The episode's name: a string of 1 to [`MAX_NAME`] characters.
    fn name(&mut self, value: &Value) -> Option<String> {
        match value.get_ref().as_str().map(str::trim) {
            Some(s) if !s.is_empty() && s.chars().count() <= MAX_NAME => Some(s.to_owned()),
            _ => {
                let message = format!("`name` is a string of 1 to {MAX_NAME} characters");
                self.error(value.span().start, message);
                None
            }
        }
    }

    /// The `[[map]]` tables, in order.
    fn maps(&mut self, value: &Value) -> Vec<EpisodeMap> {
        let tables = match value.get_ref().as_array() {
            Some(a) if a.iter().all(|v| v.get_ref().is_table()) => a,
            _ => {
                let message = "`map` must be tables written [[map]]".to_string();
                self.error(value.span().start, message);
                return Vec::new();
            }
        };
        if let Some(over) = tables.get(MAX_MAPS) {
            self.error(over.span().start, format!("more than {MAX_MAPS} maps"));
            return Vec::new();
        }
        tables.iter().filter_map(|t| self.map(t)).collect()
    }

    /// One `[[map]]`: its `file` (required) and `par`.
    fn map(&mut self, table: &Value) -> Option<EpisodeMap> {
        let fields = table.get_ref().as_table()?;
        let mut file = None;
        let mut par = None;
        for (key, value) in fields.iter() {
            let at = value.span().start;
            match key.get_ref().as_ref() {
                "file" => match value.get_ref().as_str() {
                    Some(s) if is_map_file(s) => file = Some((s.to_owned(), at)),
                    _ => self.error(
                        at,
                        "`file` is a map file's name, such as \"tutorial.map\" or \"bunker.tmx\""
                            .into(),
                    ),
                },
                "par" => match value.get_ref().as_str().and_then(parse_par) {
                    Some(seconds) => par = Some(seconds),
                    None => self.error(
                        at,
                        "`par` is minutes and seconds as a string, \"M:SS\" (\"1:30\")".into(),
                    ),
                },
                other => self.unknown(key.span().start, other, &MAP_KEYS, "a [[map]]"),
            }
        }
        let Some((file, at)) = file else {
            if fields.get("file").is_none() {
                let message = "this [[map]] has no `file`: name its map file".to_string();
                self.error(table.span().start, message);
            }
            return None;
        };
        let dir = self.path.parent().unwrap_or(Path::new(""));
        Some(EpisodeMap {
            path: dir.join(file),
            par,
            place: Place::of_offset(self.text, at),
        })
    }
}

/// True if `name` names a map file: a `.map` or `.tmx` file, no empty
/// name.
fn is_map_file(name: &str) -> bool {
    let path = Path::new(name);
    path.file_stem().is_some() && crate::data::is_map(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Episode, String> {
        Episode::parse(text, Path::new("maps/ep.toml")).map_err(|e| e.to_string())
    }

    #[test]
    fn an_episode_lists_its_maps_in_order_with_their_pars() {
        let text = "name = \"Two\"\n[[map]]\nfile = \"a.map\"\npar = \"1:30\"\n\n[[map]]\nfile = \"b.tmx\"\n";
        let e = parse(text).unwrap();
        assert_eq!(e.name, "Two");
        let paths: Vec<&Path> = e.maps.iter().map(|m| m.path.as_path()).collect();
        assert_eq!(paths, [Path::new("maps/a.map"), Path::new("maps/b.tmx")]);
        assert_eq!(e.par(0, Some(60)), Some(90), "the episode's par wins");
        assert_eq!(e.par(1, Some(60)), Some(60), "else the map's own");
        assert_eq!(e.par(1, None), None);
        assert_eq!(e.maps[1].place, Place::Text { line: 7, col: 8 });
    }

    #[test]
    fn every_fault_is_placed() {
        let text = "nmae = \"x\"\n[[map]]\nfile = \"a.png\"\npar = \"90\"\nfiel = 3\n[[map]]\npar = \"1:00\"\n";
        let e = parse(text).unwrap_err();
        let lines: Vec<&str> = e.lines().collect();
        assert!(
            lines[0].starts_with("maps/ep.toml:1:1: unknown key `nmae`: did you mean `name`?"),
            "{e}"
        );
        assert!(
            e.contains("maps/ep.toml:3:8: `file` is a map file's name"),
            "{e}"
        );
        assert!(
            e.contains("maps/ep.toml:4:7: `par` is minutes and seconds"),
            "{e}"
        );
        assert!(
            e.contains("maps/ep.toml:5:1: unknown key `fiel`: did you mean `file`?"),
            "{e}"
        );
        assert!(e.contains("has no `file`"), "{e}");
        assert!(e.contains("`name` is missing"), "{e}");
        assert!(parse("name = \"x\"\n").unwrap_err().contains("no maps"));
        assert!(parse("name = [").unwrap_err().contains("bad TOML"));
        let many = format!(
            "name = \"x\"\n{}",
            "[[map]]\nfile = \"a.map\"\n".repeat(MAX_MAPS + 1)
        );
        assert!(parse(&many).unwrap_err().contains("more than 64 maps"));
    }

    #[test]
    fn the_shipped_episode_names_shipped_maps_that_load() {
        let e = Episode::load(&shipped_path()).unwrap();
        assert!(e.maps.len() >= 5, "{e:?}");
        for m in &e.maps {
            crate::map::load(&m.path).unwrap_or_else(|err| panic!("{}: {err}", m.path.display()));
        }
    }
}
