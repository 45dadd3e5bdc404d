//! Music as pattern data: a track file names its instruments and its
//! patterns of notes, step by step, and the order the patterns play in,
//! as Wolfenstein 3D's IMF tracks told the OPL2 which notes to play. The
//! `audio::synth` (the synthesizer) plays them.
//!
//! A track (`assets/music/NAME.txt`, written by `examples/gen_music.rs`):
//!
//! ```text
//! ; Comments start with ';'.
//! name = The Wobble Maze
//! tempo = 112            ; beats a minute, 40 to 240
//! steps = 4              ; steps a beat, 1 to 8
//! order = intro a a b    ; the patterns in playing order; the track loops
//!
//! [instruments]
//! lead = fm ratio=2 index=1.4 attack=0.01 decay=0.3 sustain=0.5 release=0.2 gain=0.5 pan=-0.2
//! bass = pulse width=0.3 cutoff=900 gain=0.6
//! kick = kick gain=0.8
//!
//! [pattern a]
//! lead = E4 - - . G4 - A4 - | B4 - - - . . . .
//! bass = E2 - . E2 . . E2 - | G2 - . G2 . . D2 -
//! kick = X . . . x . . .    | X . . . x . . .
//! ```
//!
//! An instrument line is `NAME = WAVE key=value ...`: the waves are `fm`
//! (two operators: `ratio` of the modulator to the carrier, `index` the
//! modulation depth, radians), `pulse` (`width`, 0.05-0.95), `saw`, `tri`,
//! and the drums `kick`, `snare`, `hat`; every instrument takes `attack`,
//! `decay`, `release` (seconds), `sustain` (0-1), `gain` (0-1), `pan`
//! (-1 left to 1 right) and `cutoff` (a low-pass corner, Hz).
//!
//! A pattern line is `INSTRUMENT = STEP ...`, one token a step: a note
//! (`C4`, `F#3`, `Bb2`: octaves 0-8, A4 is 440 Hz), `x` (a hit at the
//! instrument's own pitch, middle C for a tone) or `X` (the same, accented),
//! `-` (the note before holds), `.` (silence: the note before is
//! released); `|` is a bar line and counts no step. Every line of a pattern
//! has the same steps; line `i` of every pattern plays on voice `i`, so a
//! chord is several lines.

use crate::files::ReadError;
use crate::located::{Faults, Located, Place};
use std::path::Path;

/// The largest track file read, bytes.
pub const MAX_TRACK_BYTES: u64 = 256 << 10;
/// The most instruments a track names.
pub const MAX_INSTRUMENTS: usize = 16;
/// The most lines (voices) a pattern has.
pub const MAX_LINES: usize = 10;
/// The most steps a pattern has.
pub const MAX_STEPS: usize = 256;
/// The most patterns a track names.
pub const MAX_PATTERNS: usize = 64;
/// The most patterns in a track's order.
pub const MAX_ORDER: usize = 256;
/// The longest a track plays before it loops, seconds.
pub const MAX_SECONDS: f64 = 300.0;
/// The tempo's range, beats a minute.
pub const TEMPO: std::ops::RangeInclusive<u32> = 40..=240;
/// The steps a beat's range.
pub const STEPS: std::ops::RangeInclusive<u32> = 1..=8;

/// An instrument's sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    /// Two-operator FM, as the OPL2's.
    Fm,
    /// A band-limited pulse.
    Pulse,
    /// A band-limited sawtooth.
    Saw,
    /// A triangle.
    Tri,
    /// A bass drum: a sine falling in pitch.
    Kick,
    /// A snare: noise and a low tone.
    Snare,
    /// A hi-hat: high-passed noise.
    Hat,
}

impl Wave {
    /// The wave named `name` in a track file.
    fn named(name: &str) -> Option<Self> {
        Some(match name {
            "fm" => Wave::Fm,
            "pulse" => Wave::Pulse,
            "saw" => Wave::Saw,
            "tri" => Wave::Tri,
            "kick" => Wave::Kick,
            "snare" => Wave::Snare,
            "hat" => Wave::Hat,
            _ => return None,
        })
    }

    /// True for the drums, which ignore sustain.
    pub fn is_drum(self) -> bool {
        matches!(self, Wave::Kick | Wave::Snare | Wave::Hat)
    }
}

/// One instrument: its wave and its envelope (seconds, levels 0-1).
#[derive(Clone, Debug, PartialEq)]
pub struct Instrument {
    /// Its name in the track file.
    pub name: String,
    /// Its sound.
    pub wave: Wave,
    /// FM: the modulator's frequency over the carrier's.
    pub ratio: f32,
    /// FM: the modulation depth, radians.
    pub index: f32,
    /// Pulse: the share of the period that is high.
    pub width: f32,
    /// Seconds from silence to full.
    pub attack: f32,
    /// Seconds (to about a third of the way) from full to the sustain level.
    pub decay: f32,
    /// The level held while the note holds, 0-1.
    pub sustain: f32,
    /// Seconds (to about a third) from the note's end to silence.
    pub release: f32,
    /// Its loudness, 0-1.
    pub gain: f32,
    /// Where it sits, -1 (left) to 1 (right).
    pub pan: f32,
    /// A low-pass corner, Hz.
    pub cutoff: f32,
}

impl Instrument {
    /// `wave` with its defaults.
    fn new(name: &str, wave: Wave) -> Self {
        let drum = wave.is_drum();
        Self {
            name: name.into(),
            wave,
            ratio: 1.0,
            index: 1.0,
            width: 0.5,
            attack: if drum { 0.001 } else { 0.01 },
            decay: if drum { 0.15 } else { 0.3 },
            sustain: if drum { 0.0 } else { 0.6 },
            release: if drum { 0.05 } else { 0.2 },
            gain: 0.5,
            pan: 0.0,
            cutoff: 16_000.0,
        }
    }
}

/// One step of one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A note starts: its MIDI number (60 is middle C) and whether it is
    /// accented.
    Note(u8, bool),
    /// The note before holds.
    Hold,
    /// Silence: the note before is released.
    Rest,
}

/// One line of a pattern: an instrument (index into
/// [`Track::instruments`]) and its steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The instrument.
    pub instrument: usize,
    /// One entry a step.
    pub steps: Vec<Step>,
}

/// A pattern: lines of the same steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// Its name in the track file.
    pub name: String,
    /// Its lines; line `i` plays on voice `i`.
    pub lines: Vec<Line>,
    /// Its steps.
    pub steps: usize,
}

/// A track: what `audio::synth` (the synthesizer) plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    /// The track's display name.
    pub name: String,
    /// Beats a minute.
    pub tempo: u32,
    /// Steps a beat.
    pub steps_per_beat: u32,
    /// The instruments.
    pub instruments: Vec<Instrument>,
    /// The patterns.
    pub patterns: Vec<Pattern>,
    /// Indexes into `patterns`, in playing order.
    pub order: Vec<usize>,
}

impl Track {
    /// The steps of one loop of the whole order.
    pub fn steps(&self) -> usize {
        self.order.iter().map(|&p| self.patterns[p].steps).sum()
    }

    /// Seconds of one loop.
    pub fn seconds(&self) -> f64 {
        self.steps() as f64 * 60.0 / f64::from(self.tempo * self.steps_per_beat)
    }

    /// The most lines of any pattern: the voices the track needs.
    pub fn voices(&self) -> usize {
        self.patterns
            .iter()
            .map(|p| p.lines.len())
            .max()
            .unwrap_or(0)
    }
}

/// What is wrong with a track file.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MusicErrorKind {
    /// The file could not be read.
    #[error("{0}")]
    Read(String),
    /// A line that is not `key = value`.
    #[error("expected `key = value`, found `{0}`")]
    NotKeyValue(String),
    /// A header key not known.
    #[error("unknown key `{0}` (name, tempo, steps, order)")]
    UnknownKey(String),
    /// A section not known.
    #[error("unknown section `{0}` ([instruments] or [pattern NAME])")]
    UnknownSection(String),
    /// A value out of its range or not a number.
    #[error("`{0}`: {1}")]
    BadValue(String, String),
    /// A wave not known.
    #[error("unknown wave `{0}` (fm, pulse, saw, tri, kick, snare, hat)")]
    UnknownWave(String),
    /// A step that is no note.
    #[error("`{0}` is not a step (a note such as C4 or F#3, x, X, - or .)")]
    BadStep(String),
    /// An instrument or pattern named twice.
    #[error("`{0}` is named twice")]
    Twice(String),
    /// An instrument or pattern used but not named.
    #[error("no {0} named `{1}`")]
    Unknown(&'static str, String),
    /// A pattern's lines of unequal length.
    #[error("{0} steps where the pattern's first line has {1}")]
    Ragged(usize, usize),
    /// Too many of something.
    #[error("more than {1} {0}")]
    TooMany(&'static str, usize),
    /// Something the track needs is missing.
    #[error("missing {0}")]
    Missing(&'static str),
    /// The track is too long.
    #[error("the track plays {0:.0} s before it loops; at most {MAX_SECONDS} s")]
    TooLong(f64),
}

/// A fault of a track file, with its place.
pub type MusicError = Located<MusicErrorKind>;

/// Reads and parses the track file `file` (shipped or on disk).
pub fn read_track(file: &Path) -> Result<Track, Faults<MusicErrorKind>> {
    let text = crate::data::read_text(file, "music track", MAX_TRACK_BYTES).map_err(
        |e: Located<ReadError>| {
            let kind = MusicErrorKind::Read(e.kind.to_string());
            Faults::one(Located::new(file, e.at, kind))
        },
    )?;
    parse_track(file, &text)
}

/// Where the parser is.
enum Section {
    Header,
    Instruments,
    Pattern(usize),
}

/// Parses a track file's text; `file` names it in faults.
pub fn parse_track(file: &Path, text: &str) -> Result<Track, Faults<MusicErrorKind>> {
    let mut p = Parser {
        file,
        faults: Vec::new(),
        track: Track {
            name: String::new(),
            tempo: 0,
            steps_per_beat: 0,
            instruments: Vec::new(),
            patterns: Vec::new(),
            order: Vec::new(),
        },
        order: None,
        given: [false; 2],
    };
    let mut section = Section::Header;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split(';').next().unwrap_or("");
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        if p.faults.len() >= crate::located::MAX_FAULTS {
            break;
        }
        if let Some(inner) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            section = p.section(line, col_of(raw, trimmed), inner.trim());
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            p.fault(
                line,
                col_of(raw, trimmed),
                MusicErrorKind::NotKeyValue(trimmed.into()),
            );
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        let at = (line, col_of(raw, key), col_of(raw, value));
        match section {
            Section::Header => p.header(at, key, value),
            Section::Instruments => p.instrument(at, key, value),
            Section::Pattern(n) => p.line(n, at, raw, key, value),
        }
    }
    p.finish()
}

/// The column (from 1) where `part`, a slice of `raw`, starts.
fn col_of(raw: &str, part: &str) -> usize {
    let at = (part.as_ptr() as usize).saturating_sub(raw.as_ptr() as usize);
    raw[..at.min(raw.len())].chars().count() + 1
}

/// A parse under way.
struct Parser<'f> {
    file: &'f Path,
    faults: Vec<MusicError>,
    track: Track,
    /// The order's names and where they were written.
    order: Option<(Vec<String>, usize, usize)>,
    /// Whether `tempo` and `steps` were written (a bad value is reported
    /// where it is, not again as missing).
    given: [bool; 2],
}

impl Parser<'_> {
    fn fault(&mut self, line: usize, col: usize, kind: MusicErrorKind) {
        let fault = Located::new(self.file, Place::text(line, col), kind);
        crate::located::note(&mut self.faults, fault, || {
            MusicErrorKind::TooMany("faults", crate::located::MAX_FAULTS)
        });
    }

    fn section(&mut self, line: usize, col: usize, inner: &str) -> Section {
        if inner == "instruments" {
            return Section::Instruments;
        }
        let Some(name) = inner.strip_prefix("pattern ").map(str::trim) else {
            self.fault(line, col, MusicErrorKind::UnknownSection(inner.into()));
            return Section::Header;
        };
        if self.track.patterns.iter().any(|p| p.name == name) {
            self.fault(line, col, MusicErrorKind::Twice(name.into()));
        }
        if self.track.patterns.len() >= MAX_PATTERNS {
            self.fault(line, col, MusicErrorKind::TooMany("patterns", MAX_PATTERNS));
            return Section::Header;
        }
        self.track.patterns.push(Pattern {
            name: name.into(),
            lines: Vec::new(),
            steps: 0,
        });
        Section::Pattern(self.track.patterns.len() - 1)
    }

    fn header(&mut self, (line, kcol, vcol): (usize, usize, usize), key: &str, value: &str) {
        let number = |range: std::ops::RangeInclusive<u32>| {
            value.parse::<u32>().ok().filter(|v| range.contains(v))
        };
        let bad = |range: std::ops::RangeInclusive<u32>| {
            let why = format!("a whole number from {} to {}", range.start(), range.end());
            MusicErrorKind::BadValue(value.into(), why)
        };
        match key {
            "tempo" | "steps" => self.given[usize::from(key == "steps")] = true,
            _ => {}
        }
        match key {
            "name" => self.track.name = value.into(),
            "tempo" => match number(TEMPO) {
                Some(t) => self.track.tempo = t,
                None => self.fault(line, vcol, bad(TEMPO)),
            },
            "steps" => match number(STEPS) {
                Some(s) => self.track.steps_per_beat = s,
                None => self.fault(line, vcol, bad(STEPS)),
            },
            "order" => {
                let words = value.split_whitespace().take(MAX_ORDER + 1);
                let names: Vec<String> = words.map(String::from).collect();
                if names.len() > MAX_ORDER {
                    self.fault(
                        line,
                        vcol,
                        MusicErrorKind::TooMany("in the order", MAX_ORDER),
                    );
                } else {
                    self.order = Some((names, line, vcol));
                }
            }
            _ => self.fault(line, kcol, MusicErrorKind::UnknownKey(key.into())),
        }
    }

    fn instrument(&mut self, (line, kcol, vcol): (usize, usize, usize), key: &str, value: &str) {
        if self.track.instruments.iter().any(|i| i.name == key) {
            return self.fault(line, kcol, MusicErrorKind::Twice(key.into()));
        }
        if self.track.instruments.len() >= MAX_INSTRUMENTS {
            let kind = MusicErrorKind::TooMany("instruments", MAX_INSTRUMENTS);
            return self.fault(line, kcol, kind);
        }
        let mut words = value.split_whitespace();
        let wave_name = words.next().unwrap_or("");
        let Some(wave) = Wave::named(wave_name) else {
            return self.fault(line, vcol, MusicErrorKind::UnknownWave(wave_name.into()));
        };
        let mut instrument = Instrument::new(key, wave);
        for word in words {
            let col = vcol + (word.as_ptr() as usize - value.as_ptr() as usize);
            if let Err(kind) = set_parameter(&mut instrument, word) {
                self.fault(line, col, kind);
            }
        }
        self.track.instruments.push(instrument);
    }

    fn line(&mut self, n: usize, at: (usize, usize, usize), raw: &str, key: &str, value: &str) {
        let (line, kcol, vcol) = at;
        let Some(instrument) = self.track.instruments.iter().position(|i| i.name == key) else {
            return self.fault(
                line,
                kcol,
                MusicErrorKind::Unknown("instrument", key.into()),
            );
        };
        if self.track.patterns[n].lines.len() >= MAX_LINES {
            return self.fault(line, kcol, MusicErrorKind::TooMany("lines", MAX_LINES));
        }
        let mut steps = Vec::new();
        for token in value.split_whitespace().filter(|t| *t != "|") {
            if steps.len() >= MAX_STEPS {
                let kind = MusicErrorKind::TooMany("steps", MAX_STEPS);
                return self.fault(line, col_of(raw, token), kind);
            }
            match parse_step(token) {
                Some(step) => steps.push(step),
                None => {
                    let kind = MusicErrorKind::BadStep(token.into());
                    return self.fault(line, col_of(raw, token), kind);
                }
            }
        }
        let pattern = &mut self.track.patterns[n];
        if pattern.lines.is_empty() {
            pattern.steps = steps.len();
        } else if steps.len() != pattern.steps {
            let kind = MusicErrorKind::Ragged(steps.len(), pattern.steps);
            return self.fault(line, vcol, kind);
        }
        pattern.lines.push(Line { instrument, steps });
    }

    fn finish(mut self) -> Result<Track, Faults<MusicErrorKind>> {
        if !self.given[0] {
            self.fault(0, 0, MusicErrorKind::Missing("`tempo`"));
        }
        if !self.given[1] {
            self.fault(0, 0, MusicErrorKind::Missing("`steps`"));
        }
        match self.order.take() {
            None => self.fault(0, 0, MusicErrorKind::Missing("`order`")),
            Some((names, line, col)) => {
                for name in names {
                    match self.track.patterns.iter().position(|p| p.name == name) {
                        Some(i) => self.track.order.push(i),
                        None => self.fault(line, col, MusicErrorKind::Unknown("pattern", name)),
                    }
                }
            }
        }
        if self.faults.is_empty() && self.track.steps() == 0 {
            self.fault(0, 0, MusicErrorKind::Missing("a step to play"));
        }
        if self.faults.is_empty() && self.track.seconds() > MAX_SECONDS {
            self.fault(0, 0, MusicErrorKind::TooLong(self.track.seconds()));
        }
        match self.faults.is_empty() {
            true => Ok(self.track),
            false => Err(Faults(self.faults)),
        }
    }
}

/// Sets one `key=value` parameter of `instrument`.
fn set_parameter(instrument: &mut Instrument, word: &str) -> Result<(), MusicErrorKind> {
    let bad = |why: &str| MusicErrorKind::BadValue(word.into(), why.into());
    let (key, value) = word
        .split_once('=')
        .ok_or_else(|| bad("expected key=value"))?;
    let number = value.parse::<f32>().ok().filter(|v| v.is_finite());
    let within = |lo: f32, hi: f32| {
        number
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| bad(&format!("a number from {lo} to {hi}")))
    };
    let field = match key {
        "ratio" => (&mut instrument.ratio, within(0.25, 16.0)?),
        "index" => (&mut instrument.index, within(0.0, 12.0)?),
        "width" => (&mut instrument.width, within(0.05, 0.95)?),
        "attack" => (&mut instrument.attack, within(0.0005, 4.0)?),
        "decay" => (&mut instrument.decay, within(0.005, 8.0)?),
        "sustain" => (&mut instrument.sustain, within(0.0, 1.0)?),
        "release" => (&mut instrument.release, within(0.005, 8.0)?),
        "gain" => (&mut instrument.gain, within(0.0, 1.0)?),
        "pan" => (&mut instrument.pan, within(-1.0, 1.0)?),
        "cutoff" => (&mut instrument.cutoff, within(40.0, 20_000.0)?),
        _ => return Err(bad("unknown parameter (ratio, index, width, attack, decay, sustain, release, gain, pan, cutoff)")),
    };
    *field.0 = field.1;
    Ok(())
}

/// One step's token: a note, a hit, a hold or a rest.
fn parse_step(token: &str) -> Option<Step> {
    match token {
        "-" => return Some(Step::Hold),
        "." => return Some(Step::Rest),
        "x" => return Some(Step::Note(60, false)),
        "X" => return Some(Step::Note(60, true)),
        _ => {}
    }
    let mut chars = token.chars();
    let semitone: i32 = match chars.next()? {
        'C' => 0,
        'D' => 2,
        'E' => 4,
        'F' => 5,
        'G' => 7,
        'A' => 9,
        'B' => 11,
        _ => return None,
    };
    let rest = chars.as_str();
    let (shift, octave) = match rest.as_bytes().first()? {
        b'#' => (1, &rest[1..]),
        b'b' => (-1, &rest[1..]),
        _ => (0, rest),
    };
    let octave: i32 = octave.parse().ok().filter(|o| (0..=8).contains(o))?;
    let midi = 12 * (octave + 1) + semitone + shift;
    u8::try_from(midi).ok().map(|m| Step::Note(m, false))
}

#[cfg(test)]
#[path = "music_tests.rs"]
mod tests;
