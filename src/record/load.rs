//! Reading a recording back, with every fault located by file, line and
//! column. A file cut short (no end line) still reads up to its last
//! complete second.

use super::format::{self, BodyLine};
use super::{Check, Header, Recording, Run, HEADER_END, MAGIC};
use crate::audio::{Levels, MAX_STRIDE_TILES, MIN_STRIDE_TILES};
use crate::files::{self, cap, ReadError};
use crate::located::{Located, Place};
use crate::sim::{Difficulty, Tunables, TICK_RATE};
use std::path::{Path, PathBuf};

/// The most ticks a recording may hold: 8 hours at the tick rate, beyond
/// any study session, and few enough that a recording claiming them all
/// replays in minutes, not days. The game closes a recording that reaches
/// it and a loader refuses more.
pub const MAX_TICKS: u64 = 8 * 3600 * TICK_RATE as u64;

/// The header's audio levels (`[audio]`'s keys, and whether the sound
/// was varied and the space heard), each optional: recordings from before
/// sound have none, and those from before issue 71 only the first three;
/// a key left out reads as [`Levels::legacy`] has it, as it was heard.
pub(super) const AUDIO_KEYS: [&str; 10] = [
    "audio_volume",
    "audio_effects",
    "audio_mute",
    "audio_music",
    "audio_ambience",
    "audio_footsteps",
    "audio_wind",
    "audio_stride",
    "audio_variation",
    "audio_reverb",
];

/// The header's values of [`AUDIO_KEYS`], in its order.
pub(super) fn audio_values(l: &Levels) -> [String; 10] {
    [
        l.volume.to_string(),
        l.effects.to_string(),
        l.mute.to_string(),
        l.music.to_string(),
        l.ambience.to_string(),
        l.footsteps.to_string(),
        l.wind.to_string(),
        l.stride_tiles.to_string(),
        l.variation.to_string(),
        l.reverb.to_string(),
    ]
}

/// The header's hash of the sound assets heard with: optional, for
/// recordings from before it was written have none.
pub(super) const SOUND_ASSETS_KEY: &str = "sound_assets";

/// The header's difficulty: optional, for recordings from before there
/// were levels replay at [`Difficulty::LEGACY`].
pub(super) const DIFFICULTY_KEY: &str = "difficulty";

/// The header's weapons, `arms = on`: optional, for a recording made
/// before there were weapons replays with the old gun and endless rounds
/// (and so does one of a world without them, which writes none).
pub(super) const ARMS_KEY: &str = "arms";

/// The header's `shells_hit_guards = on` or `off`: optional, for a
/// recording made before tanks' shells met guards replays with them
/// passing through.
pub(super) const SHELLS_HIT_GUARDS_KEY: &str = "shells_hit_guards";

/// Header keys besides the tunables: every one is required.
const REQUIRED: [&str; 5] = ["version", "tick_rate", "map", "map_name", "seed"];

/// A fault in a recording, with its place.
pub type RecordingError = Located<RecordingFault>;

/// What is wrong with a recording.
#[derive(Debug, thiserror::Error)]
pub enum RecordingFault {
    /// The file cannot be read as text.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A line that does not say what the format needs, in words.
    #[error("{0}")]
    Format(String),
}

impl Recording {
    /// Reads and parses a recording file.
    pub fn load(path: &Path) -> Result<Self, RecordingError> {
        let text = files::read_text(path, "recording", cap::RECORDING).map_err(Located::widen)?;
        Self::parse(&text, path)
    }

    /// Parses recording `text`; `file` names it in errors and is kept in
    /// [`Recording::file`].
    ///
    /// Every line the recorder writes ends in a newline, so a last line
    /// without one was cut while being written and is ignored. Without an
    /// end line the recording is truncated: it keeps the ticks up to its
    /// last hash line and counts the rest in `dropped_ticks`.
    pub fn parse(text: &str, file: &Path) -> Result<Self, RecordingError> {
        let mut lines: Vec<&str> = text.lines().collect();
        if !text.ends_with('\n') {
            lines.pop();
        }
        let mut reader = Reader {
            file,
            lines: lines.into_iter().enumerate(),
        };
        let (header, defaulted) = reader.header()?;
        let mut recording = Recording {
            file: file.to_owned(),
            header,
            runs: Vec::new(),
            checks: Vec::new(),
            end: None,
            dropped_ticks: 0,
            defaulted,
        };
        reader.body(&mut recording)?;
        if recording.is_truncated() {
            let kept = recording.last_verified_tick();
            recording.dropped_ticks = recording.len_ticks() - kept;
            recording.runs = cut(&recording.runs, kept);
        }
        Ok(recording)
    }
}

/// The first `ticks` ticks of `runs`.
fn cut(runs: &[Run], ticks: u64) -> Vec<Run> {
    let mut left = ticks;
    let mut kept = Vec::new();
    for run in runs {
        if left == 0 {
            break;
        }
        let count = run.count.min(left);
        kept.push(Run { count, ..*run });
        left -= count;
    }
    kept
}

/// Lines of one file, numbered from 0, with located errors.
struct Reader<'a, I> {
    file: &'a Path,
    lines: I,
}

impl<'a, I: Iterator<Item = (usize, &'a str)>> Reader<'a, I> {
    /// An error at `line` (from 0, as enumerated) and `col` (from 1).
    fn error(&self, line: usize, col: usize, message: String) -> RecordingError {
        Located::new(
            self.file,
            Place::text(line + 1, col),
            RecordingFault::Format(message),
        )
    }

    /// The next line with content, skipping blank and `#` comment lines.
    fn next_content(&mut self) -> Option<(usize, &'a str)> {
        self.lines.by_ref().find(|(_, l)| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
    }

    /// The magic line and the `key = value` lines up to [`HEADER_END`];
    /// also the tunables the header leaves out.
    fn header(&mut self) -> Result<(Header, Vec<&'static str>), RecordingError> {
        let magic = self.lines.next();
        if magic.map(|(_, l)| l.trim_end()) != Some(MAGIC) {
            let found = magic.map_or("", |(_, l)| l);
            let message = match found.strip_prefix("wobblecaster-recording ") {
                Some(v) => format!("format version {v}; this program reads `{MAGIC}`"),
                None => format!("not a wobblecaster recording: the first line must be `{MAGIC}`"),
            };
            return Err(self.error(0, 1, message));
        }
        let mut fields = Fields {
            levels: Levels::legacy(),
            ..Fields::default()
        };
        loop {
            let Some((n, line)) = self.next_content() else {
                let last = magic.map_or(0, |(n, _)| n) + fields.seen.len() + 1;
                return Err(self.error(
                    last,
                    1,
                    format!("the file ends inside the header (no `{HEADER_END}` line)"),
                ));
            };
            if line.trim() == HEADER_END {
                return fields.finish().map_err(|m| self.error(n, 1, m));
            }
            fields
                .read(n, line)
                .map_err(|(col, m)| self.error(n, col, m))?;
        }
    }

    /// The tick, hash and end lines, into `recording`.
    fn body(&mut self, recording: &mut Recording) -> Result<(), RecordingError> {
        let mut ticks: u64 = 0;
        while let Some((n, line)) = self.next_content() {
            if recording.end.is_some() {
                return Err(self.error(n, 1, "nothing may follow the end line".into()));
            }
            let parsed = format::parse_body(line).map_err(|(col, m)| self.error(n, col, m))?;
            match parsed {
                BodyLine::Run { count, controls } => {
                    ticks = ticks
                        .checked_add(count)
                        .filter(|&t| t <= MAX_TICKS)
                        .ok_or_else(|| self.error(n, 1, format!("more than {MAX_TICKS} ticks")))?;
                    recording.runs.push(Run { count, controls });
                }
                BodyLine::Hash(check) => {
                    self.agree(n, line, check, ticks)?;
                    recording.checks.push(check);
                }
                BodyLine::End(check) => {
                    self.agree(n, line, check, ticks)?;
                    recording.end = Some(check);
                }
            }
        }
        Ok(())
    }

    /// Checks that the tick of a hash or end line is the count of ticks
    /// before it.
    fn agree(&self, n: usize, line: &str, check: Check, ticks: u64) -> Result<(), RecordingError> {
        if check.tick == ticks {
            return Ok(());
        }
        let col = format::words(line).get(1).map_or(1, |w| w.0);
        Err(self.error(
            n,
            col,
            format!(
                "this line is for tick {} but {ticks} ticks come before it",
                check.tick
            ),
        ))
    }
}

/// The header's values as they are read.
#[derive(Default)]
struct Fields {
    /// Keys read so far, with their lines (from 0).
    seen: Vec<(&'static str, usize)>,
    version: String,
    map: Option<PathBuf>,
    map_name: String,
    seed: u64,
    tunables: Tunables,
    /// None until a `difficulty` line is read.
    difficulty: Option<Difficulty>,
    /// True once an `arms = on` line is read.
    armed: bool,
    /// [`Levels::legacy`] until the header's audio keys are read over it.
    levels: Levels,
    sound_assets: Option<u64>,
    /// False until a `shells_hit_guards = on` line is read.
    shells_hit_guards: bool,
    /// None until an `episode` line is read.
    episode: Option<crate::sim::tally::Carried>,
}

impl Fields {
    /// Reads one `key = value` line, the `n`th (from 0).
    fn read(&mut self, n: usize, line: &str) -> Result<(), format::LineError> {
        let Some(eq) = line.find('=') else {
            return Err((1, format!("expected `key = value` or `{HEADER_END}`")));
        };
        let (key, value) = (line[..eq].trim(), line[eq + 1..].trim());
        let col_at = |byte: usize| line[..byte].chars().count() + 1;
        let key_col = col_at(line.len() - line.trim_start().len());
        let value_col = col_at(line.len() - line[eq + 1..].trim_start().len());
        let known = || {
            REQUIRED
                .into_iter()
                .chain(AUDIO_KEYS)
                .chain([
                    DIFFICULTY_KEY,
                    SOUND_ASSETS_KEY,
                    ARMS_KEY,
                    SHELLS_HIT_GUARDS_KEY,
                ])
                .chain([super::episode::EPISODE_KEY])
                .chain(Tunables::keys())
        };
        let Some(key) = known().find(|k| *k == key) else {
            let hint = format::nearest(key, known());
            return Err((
                key_col,
                format!("unknown key `{key}` (did you mean `{hint}`?)"),
            ));
        };
        if let Some(&(_, first)) = self.seen.iter().find(|(k, _)| *k == key) {
            return Err((
                key_col,
                format!("`{key}` is set twice (first on line {})", first + 1),
            ));
        }
        self.seen.push((key, n));
        self.set(key, value).map_err(|m| (value_col, m))
    }

    /// Sets the known `key` from its `value`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "version" => self.version = value.to_string(),
            "map" => self.map = (!value.is_empty()).then(|| PathBuf::from(value)),
            "map_name" => self.map_name = value.to_string(),
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| format!("`{value}` is not a seed (a whole number)"))?;
            }
            "tick_rate" => {
                if value != TICK_RATE.to_string() {
                    return Err(format!(
                        "recorded at {value} ticks per second; this program runs at {TICK_RATE}"
                    ));
                }
            }
            DIFFICULTY_KEY => {
                let level = Difficulty::from_name(value).ok_or_else(|| {
                    format!("`{value}` is not a difficulty: {}", Difficulty::NAMES)
                })?;
                self.difficulty = Some(level);
            }
            ARMS_KEY => {
                self.armed = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(format!("`{value}` is not on or off")),
                };
            }
            SHELLS_HIT_GUARDS_KEY => {
                self.shells_hit_guards = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(format!("`{value}` is not on or off")),
                };
            }
            super::episode::EPISODE_KEY => {
                self.episode = Some(super::episode::parse_episode(value)?);
            }
            "audio_volume" => self.levels.volume = level(value)?,
            "audio_effects" => self.levels.effects = level(value)?,
            "audio_mute" => self.levels.mute = flag(value)?,
            "audio_music" => self.levels.music = level(value)?,
            "audio_ambience" => self.levels.ambience = level(value)?,
            "audio_footsteps" => self.levels.footsteps = level(value)?,
            "audio_wind" => self.levels.wind = level(value)?,
            "audio_stride" => {
                self.levels.stride_tiles = value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| (MIN_STRIDE_TILES..=MAX_STRIDE_TILES).contains(v))
                    .ok_or_else(|| {
                        format!(
                            "`{value}` is not a stride from {MIN_STRIDE_TILES} to \
                             {MAX_STRIDE_TILES} tiles"
                        )
                    })?;
            }
            "audio_variation" => self.levels.variation = flag(value)?,
            "audio_reverb" => self.levels.reverb = flag(value)?,
            SOUND_ASSETS_KEY => {
                let hex = value.len() == 16 && value.bytes().all(|b| b.is_ascii_hexdigit());
                let hash = u64::from_str_radix(value, 16).ok().filter(|_| hex);
                self.sound_assets = Some(hash.ok_or_else(|| {
                    format!("`{value}` is not a sound assets hash (16 hex digits)")
                })?);
            }
            _ => self.tunables.set(key, value).map_err(|e| e.to_string())?,
        }
        Ok(())
    }

    /// The header, once every required key has been read; also the
    /// tunables left out.
    fn finish(mut self) -> Result<(Header, Vec<&'static str>), String> {
        let has = |key: &str| self.seen.iter().any(|(k, _)| *k == key);
        if let Some(missing) = REQUIRED.into_iter().find(|k| !has(k)) {
            return Err(format!("the header does not set `{missing}`"));
        }
        // Recordings from before the classic and quake models had turn
        // speeds of their own turned them at the heading speed, and the
        // classic model smoothly: they keep that, and replay as recorded.
        let legacy = [
            "classic_turn_speed",
            "quake_turn_speed",
            "classic_faithful",
            "quake_head_bob",
            "quake_view_roll",
        ];
        let (classic, quake, faithful) = (has(legacy[0]), has(legacy[1]), has(legacy[2]));
        if !has(legacy[3]) {
            self.tunables.quake.head_bob = self.tunables.head_bob;
        }
        if !has(legacy[4]) {
            // No roll before there was one.
            self.tunables.quake.view_roll = 0.0;
        }
        let heading = self.tunables.heading_speed;
        if !classic {
            self.tunables.classic.turn_speed = heading;
        }
        if !quake {
            self.tunables.quake.turn_speed = heading;
        }
        if !faithful {
            self.tunables.classic.faithful = false;
        }
        // Recordings from before the comfort options had none: their
        // defaults (all off, each model's own bob and roll) are what was
        // played.
        let comfort = [
            "vignette",
            "reference",
            "snap_turn",
            "snap_fade_s",
            "bob_and_roll",
        ];
        let defaulted = Tunables::keys()
            .filter(|k| !legacy.contains(k) && !comfort.contains(k) && !has(k))
            .collect();
        let header = Header {
            version: self.version,
            map: self.map,
            map_name: self.map_name,
            seed: self.seed,
            tunables: self.tunables,
            difficulty: self.difficulty.unwrap_or(Difficulty::LEGACY),
            armed: self.armed,
            levels: self.levels,
            sound_assets: self.sound_assets,
            shells_hit_guards: self.shells_hit_guards,
            episode: self.episode,
        };
        Ok((header, defaulted))
    }
}

/// `true` or `false`.
fn flag(value: &str) -> Result<bool, String> {
    value
        .parse()
        .map_err(|_| format!("`{value}` is not true or false"))
}

/// An audio level, 0 to 1.
fn level(value: &str) -> Result<f32, String> {
    value
        .parse::<f32>()
        .ok()
        .filter(|v| (0.0..=1.0).contains(v))
        .ok_or_else(|| format!("`{value}` is not a level from 0 to 1"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Model, PolarTunables};

    fn header() -> String {
        let t = Tunables {
            model: Model::Classic,
            ..Tunables::default()
        };
        Header {
            version: "0.1.0".into(),
            map: Some("maps/x.map".into()),
            map_name: "X".into(),
            seed: 7,
            tunables: t,
            difficulty: Difficulty::Easy,
            armed: false,
            levels: Levels {
                volume: 0.5,
                effects: 0.25,
                mute: true,
                music: 0.125,
                wind: 0.75,
                stride_tiles: 0.9,
                ..Levels::default()
            },
            sound_assets: Some(0x0123_4567_89ab_cdef),
            shells_hit_guards: true,
            episode: None,
        }
        .to_text()
    }

    fn parse(text: &str) -> Result<Recording, RecordingError> {
        Recording::parse(text, Path::new("r.wrec"))
    }

    #[test]
    fn the_header_reads_back_as_written() {
        let r = parse(&format!("{}end 0 1\n", header())).unwrap();
        assert_eq!(r.header.map.as_deref(), Some(Path::new("maps/x.map")));
        assert_eq!((r.header.seed, r.header.map_name.as_str()), (7, "X"));
        assert_eq!(r.header.tunables.model, Model::Classic);
        assert_eq!(r.header.levels.volume, 0.5);
        assert_eq!(r.header.levels.effects, 0.25);
        assert!(r.header.levels.mute);
        assert_eq!(r.header.levels.music, 0.125);
        assert_eq!(r.header.levels.wind, 0.75);
        assert_eq!(r.header.levels.stride_tiles, 0.9);
        assert!(r.header.levels.variation && r.header.levels.reverb);
        assert_eq!(r.header.sound_assets, Some(0x0123_4567_89ab_cdef));
        assert!(r.header.heard_with_other_sounds());
        assert_eq!(r.header.difficulty, Difficulty::Easy);
        assert!(r.defaulted.is_empty());
        assert!(!r.is_truncated());
    }

    #[test]
    fn a_recording_from_before_issue_71_is_heard_as_it_was_then() {
        let text: String = header()
            .lines()
            .filter(|l| {
                let key = l.split(" = ").next().unwrap_or("");
                !AUDIO_KEYS[3..].contains(&key)
            })
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(text.contains("audio_mute") && !text.contains("audio_wind"));
        let r = parse(&format!("{text}end 0 1\n")).unwrap();
        let expected = Levels {
            volume: 0.5,
            effects: 0.25,
            mute: true,
            ..Levels::legacy()
        };
        assert_eq!(r.header.levels, expected);
        let bad = header().replace("audio_stride = 0.9", "audio_stride = 9");
        let e = parse(&bad).unwrap_err().to_string();
        assert!(e.contains("not a stride from 0.25 to 4 tiles"), "{e}");
        let bad = header().replace("audio_reverb = true", "audio_reverb = yes");
        let e = parse(&bad).unwrap_err().to_string();
        assert!(e.contains("`yes` is not true or false"), "{e}");
        let bad = header().replace("0123456789abcdef", "0123456789abcdeg");
        let e = parse(&bad).unwrap_err().to_string();
        assert!(e.contains("not a sound assets hash"), "{e}");
        assert_eq!(r.header.sound_assets, Some(0x0123_4567_89ab_cdef));
        let without = parse(&format!(
            "{}end 0 1\n",
            header().replace("sound_assets = 0123456789abcdef\n", "")
        ))
        .unwrap();
        assert_eq!(without.header.sound_assets, None);
        assert!(
            without.header.heard_with_other_sounds(),
            "made before the key"
        );
    }

    #[test]
    fn a_recording_without_a_difficulty_plays_as_before_levels_existed() {
        let text = header().replace("difficulty = easy\n", "");
        assert!(!text.contains("difficulty"));
        let r = parse(&format!("{text}end 0 1\n")).unwrap();
        assert_eq!(r.header.difficulty, Difficulty::LEGACY);
        assert_eq!(Difficulty::LEGACY, Difficulty::Hard);
        let text = header().replace("difficulty = easy", "difficulty = tough");
        let e = parse(&text).unwrap_err();
        let line = text
            .lines()
            .position(|l| l.starts_with("difficulty"))
            .unwrap()
            + 1;
        assert_eq!((e.at.line(), e.at.col()), (line, 14));
        assert!(
            e.to_string().contains("easy, normal, hard or nightmare"),
            "{e}"
        );
    }

    #[test]
    fn an_empty_map_is_the_open_plane() {
        let text = header().replace("map = maps/x.map", "map =");
        let r = parse(&text).unwrap();
        assert_eq!(r.header.map, None);
    }

    #[test]
    fn header_faults_are_located() {
        let e = parse("wobblecaster-recording 2\n").unwrap_err();
        assert_eq!((e.at.line(), e.at.col()), (1, 1));
        assert!(e.to_string().contains("format version 2"), "{e}");
        let e = parse("hello\n").unwrap_err();
        assert!(
            e.to_string().contains("not a wobblecaster recording"),
            "{e}"
        );

        let text = header().replace("max_speed =", "  max_sped =");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.at.col(), 3);
        assert!(e.to_string().contains("did you mean `max_speed`"), "{e}");
        assert!(e.to_string().starts_with("r.wrec:"), "{e}");

        let text = header().replace("seed = 7", "seed = seven");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.at.col(), 8);
        let line = text.lines().position(|l| l.starts_with("seed")).unwrap() + 1;
        assert_eq!(e.at.line(), line);

        let text = header().replace("map_name = X\n", "");
        let e = parse(&text).unwrap_err();
        assert!(e.to_string().contains("`map_name`"), "{e}");

        let text = header().replace("seed = 7\n", "seed = 7\nseed = 8\n");
        assert!(parse(&text).unwrap_err().to_string().contains("twice"));

        let text = header().replace("tick_rate = 120", "tick_rate = 60");
        assert!(parse(&text).unwrap_err().to_string().contains("60 ticks"));
    }

    #[test]
    fn a_recording_from_before_the_polar_variants_replays_the_article_s_model() {
        let new = ["turn_law", "swing_brake", "swing", "direct_turn_speed"];
        let text: String = header()
            .lines()
            .filter(|l| !new.iter().any(|k| l.starts_with(&format!("{k} "))))
            .map(|l| format!("{l}\n"))
            .collect();
        let r = parse(&text).unwrap();
        assert_eq!(r.defaulted, new);
        assert_eq!(r.header.tunables.polar, PolarTunables::default());
        // A recording that names a variant keeps it.
        let text = header().replace("swing = inertial", "swing = direct");
        let t = parse(&text).unwrap().header.tunables;
        assert_eq!(t.polar.swing, crate::sim::polar::Swing::Direct);
    }

    #[test]
    fn shells_pass_guards_in_a_recording_from_before_they_met() {
        let text = header();
        assert!(text.contains("\nshells_hit_guards = on\n"), "{text}");
        assert!(parse(&text).unwrap().header.shells_hit_guards);
        let off = text.replace("shells_hit_guards = on\n", "shells_hit_guards = off\n");
        assert!(!parse(&off).unwrap().header.shells_hit_guards);
        let old = text.replace("shells_hit_guards = on\n", "");
        assert!(!parse(&old).unwrap().header.shells_hit_guards);
    }

    #[test]
    fn missing_tunables_take_their_defaults() {
        let text = header().replace("gyro = 0\n", "");
        let r = parse(&text).unwrap();
        assert_eq!(r.defaulted, ["gyro"]);
        assert_eq!(r.header.tunables.gyro, 0.0);
    }

    #[test]
    fn a_recording_from_before_the_comfort_options_plays_without_them_and_says_nothing() {
        let comfort = ["vignette", "reference", "snap_turn", "snap_fade_s"];
        let text = header()
            .lines()
            .filter(|l| !comfort.iter().any(|k| l.starts_with(&format!("{k} "))))
            .collect::<Vec<_>>()
            .join("\n")
            + "\n";
        assert!(!text.contains("snap_turn"), "{text}");
        let r = parse(&text).unwrap();
        assert_eq!(r.header.tunables.comfort, Default::default());
        assert!(r.defaulted.is_empty(), "{:?}", r.defaulted);
        // One that sets them keeps them.
        let on = header().replace("snap_turn = 0\n", "snap_turn = 0.5235987755982988\n");
        let t = parse(&on).unwrap().header.tunables;
        assert_eq!(t.comfort.snap_turn, 30f64.to_radians());
    }

    #[test]
    fn a_recording_from_before_turn_speeds_of_their_own_keeps_the_heading_speed() {
        let text = header()
            .lines()
            .filter(|l| {
                ![
                    "classic_turn_speed",
                    "quake_turn_speed",
                    "classic_faithful",
                    "quake_head_bob",
                    "quake_view_roll",
                ]
                .iter()
                .any(|k| l.starts_with(k))
            })
            .collect::<Vec<_>>()
            .join("\n")
            + "\n";
        let r = parse(&text).unwrap();
        let t = r.header.tunables;
        assert_eq!(t.classic.turn_speed, t.heading_speed);
        assert_eq!(t.quake.turn_speed, t.heading_speed);
        assert!(!t.classic.faithful, "smooth, as the classic model was");
        assert_eq!(t.quake.head_bob, t.head_bob, "the bob the recording had");
        assert_eq!(t.quake.view_roll, 0.0, "no roll before there was one");
        assert!(r.defaulted.is_empty(), "{:?}", r.defaulted);
        // A recording that sets them keeps its own.
        let t = parse(&header()).unwrap().header.tunables;
        assert!((t.classic.turn_speed.to_degrees() - 122.5).abs() < 1e-9);
    }

    #[test]
    fn hash_lines_must_match_the_tick_count() {
        let text = format!("{}120* 1 0 0\nhash 119 ff\n", header());
        let e = parse(&text).unwrap_err();
        assert_eq!(e.at.col(), 6);
        assert!(e.to_string().contains("tick 119 but 120"), "{e}");
        let text = format!("{}end 0 ff\n1 0 0\n", header());
        assert!(parse(&text)
            .unwrap_err()
            .to_string()
            .contains("follow the end"));
    }

    #[test]
    fn a_cut_file_keeps_its_last_verified_second() {
        let body = "120* 1 0 0\nhash 120 aa\n100* 0 0 1\n20* 0 0 -1\nhash 240 bb\n50* 0 0 0\n";
        let whole = format!("{}{body}end 290 cc\n", header());
        assert_eq!(parse(&whole).unwrap().len_ticks(), 290);
        // Cut inside the end line's hash: that line does not count.
        let cut = &whole[..whole.len() - 2];
        let r = parse(cut).unwrap();
        assert!(r.is_truncated());
        assert_eq!(r.last_verified_tick(), 240);
        assert_eq!((r.len_ticks(), r.dropped_ticks), (240, 50));
        // Cut inside the second hash line: back to the first second.
        let at = whole.find("hash 240").unwrap() + 7;
        let r = parse(&whole[..at]).unwrap();
        assert_eq!((r.last_verified_tick(), r.len_ticks()), (120, 120));
        assert_eq!(r.dropped_ticks, 120);
    }

    #[test]
    fn cutting_may_end_inside_a_run() {
        let run = |count| Run {
            count,
            controls: Default::default(),
        };
        let runs = [run(100), run(50), run(70)];
        assert_eq!(cut(&runs, 120), [run(100), run(20)]);
        assert_eq!(cut(&runs, 0), []);
        assert_eq!(cut(&runs, 500), runs);
    }
}
