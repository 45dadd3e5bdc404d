//! The study protocol file: what a session shows, for how long, in which
//! conditions, and what it asks. TOML, read at the edge into a
//! [`Protocol`] with every fault placed (file, line, column) and a "did
//! you mean" hint for a slipped key.
//!
//! ```toml
//! name = "walking"
//! description = "Four walking models on the feel course."
//! map = "feel_course"
//! exposure_s = 300
//! factors = ["movement"]  # what the conditions differ in (`study check`)
//!
//! [comfort]            # settings sections here apply to every condition
//! bob_and_roll = 0     # no head bob and no view roll under any model
//!
//! [hud]                # what of the HUD is shown (both off unless set)
//! status_bar = true
//! crosshair = false
//! [input]              # optional: one input for every condition
//! mouse_turn = false
//!
//! [[condition]]
//! name = "polar-velocity"
//! movement = { model = "polar", coupling = "velocity" }
//! ```
//!
//! A condition's overrides are sections of the settings file with exactly
//! its keys and ranges (the settings parser checks them); each condition
//! starts from the defaults, then the protocol's shared sections, then its
//! own, so a study runs the same on every machine whatever the local
//! settings file tunes. The participant's own bindings and window size
//! still apply, their own input (mouse turning and sensitivity, the
//! sticks) unless the protocol sets `[input]` at its top (then the
//! defaults with its keys, for every condition alike), and their own
//! sound levels but for the `[audio]` keys the protocol or the condition
//! names (self-motion sound as a factor: `footsteps`, `wind`, `stride`);
//! music and ambience play only where the protocol sets them.
//!
//! The HUD is the protocol's too (a status bar at the foot of the view is
//! a rest frame, a crosshair a centre dot: both are stimuli): `[hud]`
//! sets `status_bar` and `crosshair`, off unless a protocol turns them on,
//! shared or per condition. The lab readout names the walking model, so a
//! study never shows it and a protocol cannot set `readout`.

use super::scales::{InPlayScale, MISC_MAX};
use crate::audio::Levels;
use crate::files::{cap, ReadError};
use crate::located::{note, Faults, Located, Place};
use crate::names::nearest;
use crate::settings::{self, overlay, InputSettings, Settings, SettingsFault, TomlKey, TomlValue};
use crate::sim::Tunables;
pub use audio_keys::{ConditionAudio, AUDIO_KEYS};
pub use factors::Factor;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
pub use visit_keys::{Procedure, MAX_CONSENT, MAX_VISITS};

/// The most conditions a protocol may have.
pub const MAX_CONDITIONS: usize = 12;
/// The most custom questions a protocol may ask after each condition.
pub const MAX_QUESTIONS: usize = 20;
/// The longest name (a study's or a condition's), characters.
pub const MAX_NAME: usize = 64;
/// The longest text (a description, a question, an anchor), characters.
pub const MAX_TEXT: usize = 400;
/// How long an FMS prompt waits for an answer before it is recorded as
/// missing, seconds.
pub const FMS_ANSWER_S: f64 = 15.0;
/// The custom questions' scale: 1 to this.
pub const QUESTION_POINTS: u8 = 7;

/// A study protocol, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Protocol {
    /// The study's name: letters, digits, `-` and `_` (it names the
    /// results folder).
    pub name: String,
    /// What the study is about, for the researcher (not shown to the
    /// participant).
    pub description: String,
    /// The map, as written: a shipped map's name, or a path relative to
    /// the protocol file's folder.
    pub map: String,
    /// Seconds between FMS prompts during a condition, 10 to 600.
    pub fms_interval_s: f64,
    /// The shortest rest between two conditions, seconds, 0 to 7200.
    pub rest_s: f64,
    /// The scale asked during play: the FMS (0-20) or the MISC (0-10).
    pub in_play_scale: InPlayScale,
    /// With the FMS, a rating at or above this ends the condition early
    /// (many studies stop at 15); None: only the stop key does.
    pub stop_at_fms: Option<u8>,
    /// With the MISC, a rating at or above this ends the condition early
    /// (commonly 7, medium nausea); None: only the stop key does.
    pub stop_at_misc: Option<u8>,
    /// The MSSQ-short (susceptibility) once, before the baseline SSQ.
    pub mssq: bool,
    /// The SSQ before the first condition and after each.
    pub ssq: bool,
    /// A preference ranking of the conditions at the end.
    pub ranking: bool,
    /// The seed of every condition's world.
    pub seed: u64,
    /// Questions asked after each condition, on a 1-7 scale.
    pub questions: Vec<Question>,
    /// The conditions, in the protocol's order (the order run is the
    /// Latin square's).
    pub conditions: Vec<Condition>,
    /// The input every condition is played with, if the protocol sets
    /// `[input]` (the defaults with its keys); None leaves the
    /// participant's own.
    pub input: Option<InputSettings>,
    /// What the conditions are meant to differ in (`factors`); `study
    /// check` warns of any other difference. Empty when not declared.
    pub factors: Vec<Factor>,
    /// Consent, demographics, the SSQ before each condition, the rest's
    /// rule, the prompt's tone and the visits (`visit_keys`).
    pub procedure: Procedure,
}

/// A question on a 1-7 scale (or a 0-100 slider) with words at both ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// Its column name in `answers.csv`: letters, digits, `-` and `_`.
    pub id: String,
    /// The question as shown.
    pub text: String,
    /// What 1 means.
    pub low: String,
    /// What 7 means.
    pub high: String,
    /// Its scale: 1-7 points, or a 0-100 slider (`scale = "slider"`).
    pub scale: QuestionScale,
}

/// One condition: a name and the settings it plays under.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// Its name in the data files (never shown to the participant).
    pub name: String,
    /// How long it is played, seconds, 10 to 3600.
    pub exposure_s: f64,
    /// Every tunable: the defaults with the protocol's and the
    /// condition's overrides.
    pub tunables: Tunables,
    /// Horizontal field of view, degrees.
    pub fov_deg: f64,
    /// Comfort: the horizon kept level in flight.
    pub level_horizon: bool,
    /// The sound: the `[audio]` keys the protocol or the condition names
    /// over the participant's own levels (audio as a factor), no music or
    /// ambience unless named.
    pub audio: ConditionAudio,
    /// The status bar shown at the foot of the view (`[hud] status_bar`).
    pub status_bar: bool,
    /// A dot shown at the centre of the view (`[hud] crosshair`).
    pub crosshair: bool,
}

impl Protocol {
    /// The in-play rating at or above which a condition ends early, on
    /// the scale asked; None when only the stop key ends one.
    pub fn stop_rating(&self) -> Option<u8> {
        match self.in_play_scale {
            InPlayScale::Fms => self.stop_at_fms,
            InPlayScale::Misc => self.stop_at_misc,
        }
    }

    /// Parses protocol `text` as if read from `file` (which only names the
    /// faults).
    pub fn parse(text: &str, file: &Path) -> Result<Protocol, ProtocolErrors> {
        Reader::new(text, file).read()
    }

    /// Loads the protocol file at `path`.
    pub fn load(path: &Path) -> Result<Protocol, ProtocolErrors> {
        let text = crate::data::read_text(path, "study protocol", cap::PROTOCOL)
            .map_err(|e| Faults::one(e.widen()))?;
        Protocol::parse(&text, path)
    }

    /// The map file this protocol plays, resolved beside the protocol
    /// file `protocol_file` (shipped or on disk) if it is there, else as
    /// `--map` resolves it.
    pub fn map_path(&self, protocol_file: &Path) -> PathBuf {
        let beside = protocol_file
            .parent()
            .unwrap_or(Path::new("."))
            .join(&self.map);
        if crate::data::is_file(&beside) {
            beside
        } else {
            PathBuf::from(&self.map)
        }
    }
}

/// One fault in a protocol, with where it is.
pub type ProtocolError = Located<ProtocolFault>;
/// Every fault found in one protocol file, in file order.
pub type ProtocolErrors = Faults<ProtocolFault>;

/// What is wrong with a protocol file.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolFault {
    /// The file cannot be read as text.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A key or value the file may not hold, in words naming it.
    #[error("{0}")]
    Invalid(String),
    /// So many faults that the rest are not listed.
    #[error(
        "more than {} faults; the rest are not listed",
        crate::located::MAX_FAULTS
    )]
    TooMany,
}

/// The protocol's own top-level keys.
const TOP_KEYS: [&str; 16] = [
    "name",
    "description",
    "map",
    "exposure_s",
    "fms_interval_s",
    "rest_s",
    "in_play_scale",
    "stop_at_fms",
    "stop_at_misc",
    "mssq",
    "ssq",
    "ranking",
    "seed",
    "question",
    "condition",
    "factors",
];
/// A condition's own keys (its settings sections aside).
const CONDITION_KEYS: [&str; 2] = ["name", "exposure_s"];
/// A question's keys.
const QUESTION_KEYS: [&str; 5] = ["id", "text", "low", "high", "scale"];
/// Settings sections that are the participant's, not a condition's.
const PARTICIPANT_SECTIONS: [&str; 1] = ["bindings"];
/// The section of the input settings: the protocol's, for every condition
/// alike, or the participant's.
const INPUT: &str = "input";
/// The section of the sound levels, a condition's or the participant's.
const AUDIO: &str = "audio";
/// The keys of `[video]` a condition may set.
const CONDITION_VIDEO_KEYS: [&str; 1] = ["fov"];
/// The section of what the HUD shows.
const HUD: &str = "hud";
/// The keys of `[hud]` a protocol may set.
const STUDY_HUD_KEYS: [&str; 2] = ["status_bar", "crosshair"];

/// The settings a protocol's conditions start from: the defaults, with
/// the HUD bare (no status bar) until the protocol shows it, so a
/// protocol written before the HUD could be chosen shows what it showed.
fn study_defaults() -> Settings {
    let mut settings = Settings::default();
    settings.hud.status_bar = false;
    settings
}

/// The walk over one protocol file.
struct Reader<'a> {
    text: &'a str,
    file: &'a Path,
    errors: Vec<ProtocolError>,
    /// The `[audio]` keys the protocol's shared sections name.
    shared_audio: [bool; AUDIO_KEYS.len()],
    /// The protocol's shared sections set `[input]`.
    shared_input: bool,
    /// A session's copy (`Protocol::parse_copy`): no file beside it read.
    copy: bool,
}

/// The top-level values read so far, before the conditions are built.
struct Top {
    name: Option<String>,
    description: String,
    map: Option<String>,
    exposure_s: f64,
    fms_interval_s: f64,
    rest_s: f64,
    in_play_scale: InPlayScale,
    stop_at_fms: Option<(u8, usize)>,
    stop_at_misc: Option<(u8, usize)>,
    mssq: bool,
    ssq: bool,
    ranking: bool,
    seed: u64,
    factors: Vec<Factor>,
    procedure: Procedure,
}

impl Default for Top {
    fn default() -> Self {
        Self {
            name: None,
            description: String::new(),
            map: None,
            exposure_s: 300.0,
            fms_interval_s: 60.0,
            rest_s: 120.0,
            in_play_scale: InPlayScale::Fms,
            stop_at_fms: None,
            stop_at_misc: None,
            mssq: false,
            ssq: true,
            ranking: true,
            seed: 1,
            factors: Vec::new(),
            procedure: Procedure::default(),
        }
    }
}

impl<'a> Reader<'a> {
    fn new(text: &'a str, file: &'a Path) -> Self {
        Self {
            text,
            file,
            errors: Vec::new(),
            shared_audio: [false; AUDIO_KEYS.len()],
            shared_input: false,
            copy: false,
        }
    }

    /// Records a fault at byte offset `at`.
    fn error(&mut self, at: usize, message: String) {
        let at = Place::of_offset(self.text, at);
        let fault = Located::new(self.file, at, ProtocolFault::Invalid(message));
        note(&mut self.errors, fault, || ProtocolFault::TooMany);
    }

    /// The settings parser's faults, as this file's.
    fn take_settings_faults(&mut self, faults: Vec<Located<SettingsFault>>) {
        for f in faults {
            let kind = match f.kind {
                SettingsFault::Invalid(m) => ProtocolFault::Invalid(m),
                SettingsFault::Read(e) => ProtocolFault::Read(e),
                SettingsFault::TooMany => ProtocolFault::TooMany,
            };
            let fault = Located::new(&f.file, f.at, kind);
            note(&mut self.errors, fault, || ProtocolFault::TooMany);
        }
    }

    fn read(mut self) -> Result<Protocol, ProtocolErrors> {
        let (doc, syntax) = DeTable::parse_recoverable(self.text);
        if !syntax.is_empty() {
            for e in syntax {
                let at = e.span().map_or(self.text.len(), |s| s.start);
                self.error(at, format!("bad TOML: {}", e.message()));
            }
            return Err(self.faults());
        }
        let doc = doc.get_ref();
        let mut top = Top::default();
        let mut shared = Vec::new();
        for (key, value) in doc.iter() {
            let name = key.get_ref().as_ref();
            if is_settings_section(name) {
                if name == AUDIO {
                    Self::audio_keys(&mut self.shared_audio, value);
                }
                self.shared_input |= name == INPUT;
                shared.push((key, value));
            } else {
                self.top_key(&mut top, key, value);
            }
        }
        let base = self.settings_over(study_defaults(), shared.into_iter(), true);
        let questions = match doc.get("question") {
            Some(v) => self.questions(v),
            None => Vec::new(),
        };
        let conditions = match doc.get("condition") {
            Some(v) => self.conditions(v, &base, top.exposure_s),
            None => {
                self.error(0, "no conditions: add at least one [[condition]]".into());
                Vec::new()
            }
        };
        self.stop_rules(&top);
        self.procedure_rules(doc, &mut top, conditions.len());
        let name = self.required(
            doc,
            top.name,
            "name",
            "the study's name, such as \"walking\"",
        );
        let map = self.required(doc, top.map, "map", "the map, such as \"feel_course\"");
        if !self.errors.is_empty() {
            return Err(self.faults());
        }
        Ok(Protocol {
            name: name.unwrap_or_default(),
            description: top.description,
            map: map.unwrap_or_default(),
            fms_interval_s: top.fms_interval_s,
            rest_s: top.rest_s,
            in_play_scale: top.in_play_scale,
            stop_at_fms: top.stop_at_fms.map(|(v, _)| v),
            stop_at_misc: top.stop_at_misc.map(|(v, _)| v),
            mssq: top.mssq,
            ssq: top.ssq,
            ranking: top.ranking,
            seed: top.seed,
            questions,
            conditions,
            input: self.shared_input.then_some(base.input),
            factors: top.factors,
            procedure: top.procedure,
        })
    }

    fn faults(mut self) -> ProtocolErrors {
        self.errors.sort_by_key(|e| (e.at.line(), e.at.col()));
        Faults(std::mem::take(&mut self.errors))
    }

    /// A required value, or (when `doc` lacks `key`; a bad value has its
    /// own fault) a fault at the file's start naming it.
    fn required<T>(
        &mut self,
        doc: &DeTable,
        value: Option<T>,
        key: &str,
        example: &str,
    ) -> Option<T> {
        if doc.get(key).is_none() {
            self.error(0, format!("`{key}` is missing: give {example}"));
        }
        value
    }

    /// One top-level key that is not a settings section.
    fn top_key(&mut self, top: &mut Top, key: &TomlKey, value: &TomlValue) {
        let name = key.get_ref().as_ref();
        match name {
            "name" => top.name = self.identifier(name, value),
            "description" => top.description = self.text_value(name, value).unwrap_or_default(),
            "map" => top.map = self.text_value(name, value),
            "exposure_s" => {
                if let Some(v) = self.number_in(name, value, 10.0, 3600.0, "seconds") {
                    top.exposure_s = v;
                }
            }
            "fms_interval_s" => {
                if let Some(v) = self.number_in(name, value, 10.0, 600.0, "seconds") {
                    top.fms_interval_s = v;
                }
            }
            "rest_s" => {
                if let Some(v) = self.number_in(name, value, 0.0, 7200.0, "seconds") {
                    top.rest_s = v;
                }
            }
            "in_play_scale" => {
                if let Some(v) = self.string(name, value) {
                    match InPlayScale::from_name(v) {
                        Some(scale) => top.in_play_scale = scale,
                        None => {
                            let names: Vec<&str> =
                                InPlayScale::ALL.iter().map(|s| s.name()).collect();
                            let message = format!(
                                "`{name}` must be one of {}, found `{v}`",
                                names.join(", ")
                            );
                            self.error(value.span().start, message);
                        }
                    }
                }
            }
            "stop_at_fms" => {
                let top_rating = f64::from(super::scales::FMS_MAX);
                top.stop_at_fms = self.whole_in(name, value, 1.0, top_rating);
            }
            "stop_at_misc" => {
                top.stop_at_misc = self.whole_in(name, value, 1.0, f64::from(MISC_MAX))
            }
            "mssq" => top.mssq = self.flag(name, value).unwrap_or(top.mssq),
            "ssq" => top.ssq = self.flag(name, value).unwrap_or(top.ssq),
            "ranking" => top.ranking = self.flag(name, value).unwrap_or(top.ranking),
            "seed" => {
                if let Some(v) = self.number_in(name, value, 0.0, 9.007_199_254_740_991e15, "") {
                    top.seed = v as u64;
                }
            }
            "factors" => top.factors = self.factors(value),
            // Read with the conditions, once the shared settings are known.
            "question" | "condition" => {}
            k if visit_keys::is_key(k) => self.procedure_key(&mut top.procedure, k, value),
            _ => {
                let known = TOP_KEYS.iter().copied().chain(visit_keys::PROCEDURE_KEYS);
                let known = known.chain(settings::section_names());
                let hint = match nearest(name, known) {
                    Some(n) => format!(" (did you mean `{n}`?)"),
                    None => format!(
                        " (the protocol's keys are {}, and sections of the settings file)",
                        TOP_KEYS.join(", ")
                    ),
                };
                self.error(key.span().start, format!("unknown key `{name}`{hint}"));
            }
        }
    }

    /// A stop rule for a scale the protocol does not ask is a fault: it
    /// would never fire.
    fn stop_rules(&mut self, top: &Top) {
        let asked = top.in_play_scale;
        for (rule, scale) in [
            (top.stop_at_fms, InPlayScale::Fms),
            (top.stop_at_misc, InPlayScale::Misc),
        ] {
            if let Some((_, at)) = rule.filter(|_| scale != asked) {
                let message = format!(
                    "`stop_at_{}` is a rule for the {} scale, but `in_play_scale` is \"{}\": \
                     set in_play_scale = \"{}\", or use stop_at_{}",
                    scale.name(),
                    scale.name().to_uppercase(),
                    asked.name(),
                    scale.name(),
                    asked.name()
                );
                self.error(at, message);
            }
        }
    }

    /// A whole number from `low` to `high`, with where it is; or a fault.
    fn whole_in(
        &mut self,
        key: &str,
        value: &TomlValue,
        low: f64,
        high: f64,
    ) -> Option<(u8, usize)> {
        let v = self.number_in(key, value, low, high, "")?;
        if v.fract() != 0.0 {
            self.error(
                value.span().start,
                format!("`{key}` must be a whole number"),
            );
            return None;
        }
        Some((v as u8, value.span().start))
    }

    /// `base` with the settings sections among `entries` applied, checked
    /// as the settings file checks them, and limited to what a condition
    /// may set (`shared`: the protocol's own sections, which may also set
    /// `[input]` for every condition).
    fn settings_over<'e, 'i: 'e>(
        &mut self,
        base: Settings,
        entries: impl Iterator<Item = (&'e TomlKey<'i>, &'e TomlValue<'i>)>,
        shared: bool,
    ) -> Settings {
        let mut allowed = Vec::new();
        for (key, value) in entries {
            let name = key.get_ref().as_ref();
            if name == INPUT && !shared {
                let message = "a condition cannot set [input]: set it at the protocol's top, \
                               for every condition alike"
                    .to_string();
                self.error(key.span().start, message);
                continue;
            }
            if name == "game" {
                let message = "a protocol cannot set [game]: a study's enemies fight as the \
                               recordings and the feel lab's do (the `hard` level), the same \
                               in every condition"
                    .to_string();
                self.error(key.span().start, message);
                continue;
            }
            if PARTICIPANT_SECTIONS.contains(&name) {
                let message = format!(
                    "a protocol cannot set [{name}]: bindings are the participant's own, \
                     from their settings file"
                );
                self.error(key.span().start, message);
                continue;
            }
            if name == "video" {
                self.video_keys(value);
            }
            if name == HUD {
                self.hud_keys(value);
            }
            allowed.push((key, value));
        }
        let (settings, faults) = overlay(self.text, self.file, base, allowed.into_iter());
        self.take_settings_faults(faults);
        settings
    }

    /// The `[[condition]]` array.
    fn conditions(
        &mut self,
        value: &TomlValue,
        base: &Settings,
        exposure_s: f64,
    ) -> Vec<Condition> {
        let Some(tables) = self.array_of_tables("condition", value) else {
            return Vec::new();
        };
        if tables.len() > MAX_CONDITIONS {
            let at = tables[MAX_CONDITIONS].span().start;
            self.error(at, format!("more than {MAX_CONDITIONS} conditions"));
            return Vec::new();
        }
        let mut conditions: Vec<Condition> = Vec::new();
        for table in tables {
            let Some(c) = self.condition(table, base, exposure_s) else {
                continue;
            };
            if conditions.iter().any(|o| o.name == c.name) {
                let at = table.get_ref().as_table().and_then(|t| t.get("name"));
                let at = at.map_or(table.span().start, |v| v.span().start);
                self.error(at, format!("a second condition named `{}`", c.name));
            }
            conditions.push(c);
        }
        conditions
    }

    /// One `[[condition]]`.
    fn condition(
        &mut self,
        table: &TomlValue,
        base: &Settings,
        exposure_s: f64,
    ) -> Option<Condition> {
        let t = table.get_ref().as_table()?;
        let mut name = None;
        let mut exposure = exposure_s;
        let mut sections = Vec::new();
        for (key, value) in t.iter() {
            let k = key.get_ref().as_ref();
            match k {
                "name" => name = self.identifier(k, value),
                "exposure_s" => {
                    exposure = self
                        .number_in(k, value, 10.0, 3600.0, "seconds")
                        .unwrap_or(exposure)
                }
                _ if is_settings_section(k) => sections.push((key, value)),
                _ => {
                    let known = CONDITION_KEYS
                        .iter()
                        .copied()
                        .chain(settings::section_names());
                    let hint = match nearest(k, known) {
                        Some(n) => format!(" (did you mean `{n}`?)"),
                        None => " (a condition has a name, an exposure_s and sections of the \
                                 settings file, such as movement = { model = \"classic\" })"
                            .to_string(),
                    };
                    self.error(
                        key.span().start,
                        format!("unknown key `{k}` in a condition{hint}"),
                    );
                }
            }
        }
        let mut named = self.shared_audio;
        for (_, value) in sections.iter().filter(|(k, _)| k.get_ref() == AUDIO) {
            Self::audio_keys(&mut named, value);
        }
        let settings = self.settings_over(base.clone(), sections.into_iter(), false);
        if name.is_none() {
            self.error(table.span().start, "a condition without a `name`".into());
        }
        Some(Condition {
            name: name?,
            exposure_s: exposure,
            tunables: settings.tunables,
            fov_deg: settings.video.fov_deg,
            level_horizon: settings.video.level_horizon,
            audio: ConditionAudio {
                levels: settings.audio,
                named,
            },
            status_bar: settings.hud.status_bar,
            crosshair: settings.hud.crosshair,
        })
    }

    /// The tables of an array of tables `[[key]]`, or a fault.
    fn array_of_tables<'v, 'i>(
        &mut self,
        key: &str,
        value: &'v TomlValue<'i>,
    ) -> Option<&'v [TomlValue<'i>]> {
        let tables = value.get_ref().as_array().map(|a| &a[..]);
        match tables {
            Some(t) if t.iter().all(|v| v.get_ref().is_table()) => Some(t),
            _ => {
                let message = format!("`{key}` must be tables written [[{key}]]");
                self.error(value.span().start, message);
                None
            }
        }
    }
}

/// True for a section of the settings file.
fn is_settings_section(name: &str) -> bool {
    settings::section_names().any(|s| s == name)
}

mod audio_keys;
mod factors;
mod questions;
pub use questions::{QuestionScale, SLIDER_MAX};
#[cfg(test)]
#[path = "protocol_tests.rs"]
mod tests;
mod values;
mod view_keys;
mod visit_keys;
