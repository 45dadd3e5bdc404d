//! A save file's format, written and read.
//!
//! ```text
//! wobblecaster-save
//! save_format = 2
//! program = 0.1.0
//! map = maps/default.map
//! map_name = The Wobble Maze
//! map_hash = 5d2f0c3a9e4b7710
//! saved_at = 2026-12-07T21:30:00Z
//! tick = 3600
//! seed = 7
//! difficulty = hard
//! armed = true
//! tunable.model = polar
//! ...                          (every tunable, as a recording names it)
//! thumbnail = 160x90
//! body = 48216
//! hash = 9c0ffee0d15ea5e5
//! ---
//! (the thumbnail, RGBA row by row, then the body: the world's state)
//! ```
//!
//! The header is text, one `key = value` a line, in any order but for the
//! magic line first, the format's version second and the hash last. The
//! version is the format's (`save_format`), not the program's: a save of
//! another format is refused by name before anything else is read. The
//! hash (FNV-1a) covers every byte of the file but its own line, so a
//! damaged header, thumbnail or body is refused. Keys this program does not
//! know are kept ([`Header::extra`]), so a later field (the episode's
//! position) can be added without a new format version.

use crate::sim::{Difficulty, Tunables};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The file's first line.
pub const MAGIC: &str = "wobblecaster-save";
/// The version of the format this program writes and reads: 2 since the
/// body carries the episode and a tank's width is the level's (a format 1
/// save is refused by name, not misread).
pub const SAVE_FORMAT: u32 = 2;
/// The line between the header and the bytes.
const HEADER_END: &str = "---\n";
/// The longest header read, bytes: every tunable fits many times over.
const MAX_HEADER: usize = 64 << 10;
/// The most header lines.
const MAX_LINES: usize = 1024;
/// The thumbnail's size, pixels.
pub const THUMBNAIL: (usize, usize) = (160, 90);
/// The prefix of a tunable's key.
const TUNABLE: &str = "tunable.";

/// What a save says of itself: where it was made and how to build the
/// world its body fills.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The program version that wrote it (for people; not checked).
    pub program: String,
    /// The map, as a recording names it (a shipped map by its source path).
    pub map: PathBuf,
    /// The map's title.
    pub map_name: String,
    /// FNV-1a of the map file's bytes when saved: a map edited since is
    /// not the one the state was played on.
    pub map_hash: u64,
    /// When it was saved, UTC (`YYYY-MM-DDTHH:MM:SSZ`).
    pub saved_at: String,
    /// The world's tick when saved: the play time is this at 120 Hz.
    pub tick: u64,
    /// The seed the world was built with (its generator's state now is in
    /// the body).
    pub seed: u64,
    /// How hard the fights are.
    pub difficulty: Difficulty,
    /// Whether the player has weapons.
    pub armed: bool,
    /// The tunables in force.
    pub tunables: Tunables,
    /// Keys this program does not read, in file order, kept as found: a
    /// field added later (the episode's position) rides along.
    pub extra: Vec<(String, String)>,
}

/// The key in a save made in an episode ([`Header::extra`]) of the level
/// played, from 0 in the episode's order; the episode's difficulty is the
/// save's `difficulty`, and the score and lives the level started with
/// are in the body.
pub const EPISODE_LEVEL: &str = "episode_level";

impl Header {
    /// Notes the episode's level being played, or that none is (None).
    pub fn set_episode_level(&mut self, level: Option<usize>) {
        self.extra.retain(|(k, _)| k != EPISODE_LEVEL);
        if let Some(level) = level {
            self.extra
                .push((EPISODE_LEVEL.to_string(), level.to_string()));
        }
    }

    /// The episode's level the save was made on: None outside an episode;
    /// an error naming the value when it is not a level's number.
    pub fn episode_level(&self) -> Result<Option<usize>, String> {
        let Some((_, v)) = self.extra.iter().find(|(k, _)| k == EPISODE_LEVEL) else {
            return Ok(None);
        };
        v.parse().map(Some).map_err(|_| {
            format!(
                "`{EPISODE_LEVEL}` must be a level's number, found `{}`",
                short(v)
            )
        })
    }
}

/// A whole save: its header, its thumbnail and the world's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Save {
    /// What it says of itself.
    pub header: Header,
    /// [`THUMBNAIL`]-sized RGBA, row by row.
    pub thumbnail: Vec<u8>,
    /// The world's state ([`crate::sim::World::visit_state`], as
    /// [`super::codec::Writer`] writes it).
    pub body: Vec<u8>,
}

/// Why a save's bytes are not a save this program reads.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum FormatFault {
    /// The first line is not [`MAGIC`].
    #[error("not a save file (its first line is not `{MAGIC}`)")]
    NotASave,
    /// Another format version.
    #[error("save format {found}, but this program reads format {SAVE_FORMAT} only")]
    OtherFormat {
        /// The version the file gives.
        found: String,
    },
    /// No `---` line within the header's bound.
    #[error("the header has no end (`---`) in its first {} KiB", MAX_HEADER >> 10)]
    NoHeaderEnd,
    /// A header line that is not `key = value`, or a value that cannot be.
    #[error("line {line}: {why}")]
    BadLine {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A key the format needs is missing.
    #[error("the header has no `{0}`")]
    Missing(&'static str),
    /// The bytes after the header are not as long as the header says.
    #[error("it is cut short or padded: {found} bytes after the header, {expected} expected")]
    WrongLength {
        /// Bytes the header's sizes add up to.
        expected: usize,
        /// Bytes there are.
        found: usize,
    },
    /// The hash does not match: the file was damaged.
    #[error("it is damaged: its hash is {found:016x}, the file says {expected:016x}")]
    Damaged {
        /// The hash the file gives.
        expected: u64,
        /// The hash of the bytes there are.
        found: u64,
    },
}

impl Save {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = &self.header;
        let mut text = format!("{MAGIC}\nsave_format = {SAVE_FORMAT}\n");
        let mut line = |k: &str, v: &dyn std::fmt::Display| {
            let _ = writeln!(text, "{k} = {v}");
        };
        line("program", &h.program);
        line("map", &h.map.display());
        line("map_name", &one_line(&h.map_name));
        line("map_hash", &format_args!("{:016x}", h.map_hash));
        line("saved_at", &h.saved_at);
        line("tick", &h.tick);
        line("seed", &h.seed);
        line("difficulty", &h.difficulty.name());
        line("armed", &h.armed);
        for (k, v) in h.tunables.to_pairs() {
            line(&format!("{TUNABLE}{k}"), &v);
        }
        for (k, v) in &h.extra {
            line(k, &one_line(v));
        }
        let (w, ht) = THUMBNAIL;
        line("thumbnail", &format_args!("{w}x{ht}"));
        line("body", &self.body.len());
        let hash = hash_of(text.as_bytes(), &self.thumbnail, &self.body);
        let _ = writeln!(text, "hash = {hash:016x}");
        text.push_str(HEADER_END);
        let mut bytes = text.into_bytes();
        bytes.extend_from_slice(&self.thumbnail);
        bytes.extend_from_slice(&self.body);
        bytes
    }

    /// Reads a save from its bytes: the magic line, the format version,
    /// the sizes and the hash are checked before any value is believed.
    pub fn parse(bytes: &[u8]) -> Result<Save, FormatFault> {
        if !bytes.starts_with(format!("{MAGIC}\n").as_bytes()) {
            return Err(FormatFault::NotASave);
        }
        let head = &bytes[..bytes.len().min(MAX_HEADER)];
        let end =
            find(head, format!("\n{HEADER_END}").as_bytes()).ok_or(FormatFault::NoHeaderEnd)?;
        let text = std::str::from_utf8(&bytes[..end + 1]).map_err(|e| FormatFault::BadLine {
            line: bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1,
            why: "not UTF-8 text".into(),
        })?;
        let payload = &bytes[end + 1 + HEADER_END.len()..];
        let pairs = pairs(text)?;
        let format = pairs.iter().find(|p| p.1 == "save_format");
        match format {
            Some((_, _, v)) if *v == SAVE_FORMAT.to_string() => {}
            Some((_, _, v)) => {
                return Err(FormatFault::OtherFormat {
                    found: v.to_string(),
                })
            }
            None => return Err(FormatFault::Missing("save_format")),
        }
        let Some(&(hash_line, "hash", hash_text)) = pairs.last() else {
            return Err(FormatFault::Missing("hash"));
        };
        let expected = hex(hash_line, hash_text)?;
        // The header up to its hash line, as written.
        let hashed = text
            .lines()
            .take(hash_line - 1)
            .map(|l| format!("{l}\n"))
            .collect::<String>();
        let read = Fields::new(&pairs);
        let body_len: usize = read.number("body")?;
        let (w, h) = THUMBNAIL;
        read.exact("thumbnail", &format!("{w}x{h}"))?;
        let thumb_len = w * h * 4;
        if payload.len() != thumb_len.saturating_add(body_len) {
            return Err(FormatFault::WrongLength {
                expected: thumb_len.saturating_add(body_len),
                found: payload.len(),
            });
        }
        let (thumbnail, body) = payload.split_at(thumb_len);
        let found = hash_of(hashed.as_bytes(), thumbnail, body);
        if found != expected {
            return Err(FormatFault::Damaged { expected, found });
        }
        Ok(Save {
            header: read.header()?,
            thumbnail: thumbnail.to_vec(),
            body: body.to_vec(),
        })
    }
}

/// The header's pairs with their line numbers, every line checked.
fn pairs(text: &str) -> Result<Vec<(usize, &str, &str)>, FormatFault> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let n = i + 1;
        if out.len() >= MAX_LINES {
            return Err(bad(n, format!("more than {MAX_LINES} header lines")));
        }
        let Some((k, v)) = line.split_once(" = ") else {
            return Err(bad(n, "not `key = value`".into()));
        };
        if out.iter().any(|&(_, seen, _)| seen == k) {
            return Err(bad(n, format!("`{k}` given twice")));
        }
        out.push((n, k, v));
    }
    Ok(out)
}

/// The header's values by key, read into their types.
struct Fields<'a> {
    pairs: &'a [(usize, &'a str, &'a str)],
}

/// The keys [`Fields::header`] reads (besides the tunables').
const KNOWN: [&str; 13] = [
    "save_format",
    "program",
    "map",
    "map_name",
    "map_hash",
    "saved_at",
    "tick",
    "seed",
    "difficulty",
    "armed",
    "thumbnail",
    "body",
    "hash",
];

impl<'a> Fields<'a> {
    fn new(pairs: &'a [(usize, &'a str, &'a str)]) -> Self {
        Self { pairs }
    }

    /// The value of `key`, with its line.
    fn get(&self, key: &'static str) -> Result<(usize, &'a str), FormatFault> {
        let found = self.pairs.iter().find(|p| p.1 == key);
        found
            .map(|&(n, _, v)| (n, v))
            .ok_or(FormatFault::Missing(key))
    }

    fn number<T: std::str::FromStr>(&self, key: &'static str) -> Result<T, FormatFault> {
        let (n, v) = self.get(key)?;
        v.parse().map_err(|_| {
            bad(
                n,
                format!("`{key}` must be a whole number, found `{}`", short(v)),
            )
        })
    }

    fn exact(&self, key: &'static str, want: &str) -> Result<(), FormatFault> {
        match self.get(key)? {
            (_, v) if v == want => Ok(()),
            (n, v) => Err(bad(
                n,
                format!("`{key}` must be {want}, found `{}`", short(v)),
            )),
        }
    }

    fn header(&self) -> Result<Header, FormatFault> {
        let (n, difficulty) = self.get("difficulty")?;
        let difficulty = Difficulty::from_name(difficulty)
            .ok_or_else(|| bad(n, format!("`difficulty` must be {}", Difficulty::NAMES)))?;
        let (n, armed) = self.get("armed")?;
        let armed = armed
            .parse()
            .map_err(|_| bad(n, "`armed` must be true or false".into()))?;
        let (hash_line, map_hash) = self.get("map_hash")?;
        let mut tunables = Tunables::default();
        let mut extra = Vec::new();
        for &(n, k, v) in self.pairs {
            if let Some(key) = k.strip_prefix(TUNABLE) {
                tunables.set(key, v).map_err(|e| bad(n, e.to_string()))?;
            } else if !KNOWN.contains(&k) {
                extra.push((k.to_string(), v.to_string()));
            }
        }
        Ok(Header {
            program: self.get("program")?.1.to_string(),
            map: PathBuf::from(self.get("map")?.1),
            map_name: self.get("map_name")?.1.to_string(),
            map_hash: hex(hash_line, map_hash)?,
            saved_at: self.get("saved_at")?.1.to_string(),
            tick: self.number("tick")?,
            seed: self.number("seed")?,
            difficulty,
            armed,
            tunables,
            extra,
        })
    }
}

/// FNV-1a over the header's text before its hash line, then the bytes.
fn hash_of(header: &[u8], thumbnail: &[u8], body: &[u8]) -> u64 {
    use crate::rng::{fnv1a, FNV1A_START};
    fnv1a(fnv1a(fnv1a(FNV1A_START, header), thumbnail), body)
}

/// A 64-bit hash written as 16 hex digits.
fn hex(line: usize, v: &str) -> Result<u64, FormatFault> {
    match u64::from_str_radix(v, 16) {
        Ok(h) if v.len() == 16 => Ok(h),
        _ => Err(bad(
            line,
            format!("expected 16 hex digits, found `{}`", short(v)),
        )),
    }
}

fn bad(line: usize, why: String) -> FormatFault {
    FormatFault::BadLine { line, why }
}

/// At most 40 characters of `v`, for a message.
fn short(v: &str) -> String {
    match v.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &v[..at]),
        None => v.to_string(),
    }
}

/// `v` on one line: a title with a line break would end the header's line.
fn one_line(v: &str) -> String {
    v.replace(['\n', '\r'], " ")
}

/// Where `needle` first starts in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}
