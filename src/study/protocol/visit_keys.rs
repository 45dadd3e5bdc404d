//! What a session does before, between and across its conditions, as a
//! protocol says it: a consent screen, the demographic items, an SSQ
//! before each condition, a rest that lasts until the FMS is back near
//! its baseline, and visits on separate days.
//!
//! ```toml
//! consent = "I have read the information sheet and agree to take part."
//! # or: consent = { file = "consent.txt" }   (beside the protocol)
//! demographics = true      # the standard set (`study::demographics`)
//! ssq_before_each = true   # an SSQ right before every condition
//! rest_until_fms = 1       # the rest ends once the FMS is within 1 of the baseline
//! visits = 2               # the Latin square's order split over two visits
//! prompt_tone = true       # a soft tone as each in-play question appears
//!
//! [[demographic]]          # the protocol's own items, after the standard set
//! id = "handedness"
//! text = "Which hand do you write with?"
//! options = ["left", "right", "either"]
//! ```

use super::*;
use crate::study::demographics::{self, Answer, Item, MAX_NUMBER, MAX_OPTIONS, NOT_IN_OPTIONS};

/// The longest consent text, characters: what fits one screen at
/// 960x540 (a longer information sheet is given on paper).
pub const MAX_CONSENT: usize = 900;
/// The most lines a consent text may have: the consent screen's panel
/// at 960x540 holds about twenty, with its title and the agreement.
pub const MAX_CONSENT_LINES: usize = 16;
/// The most visits a protocol may split its conditions over.
pub const MAX_VISITS: usize = MAX_CONDITIONS;
/// The most items of its own a protocol may add to the demographics.
pub const MAX_DEMOGRAPHICS: usize = 20;

/// The protocol's keys read here.
pub(super) const PROCEDURE_KEYS: [&str; 7] = [
    "consent",
    "demographics",
    "demographic",
    "ssq_before_each",
    "rest_until_fms",
    "visits",
    "prompt_tone",
];
/// True for one of [`PROCEDURE_KEYS`].
pub(super) fn is_key(key: &str) -> bool {
    PROCEDURE_KEYS.contains(&key)
}

/// A `[[demographic]]`'s keys.
const DEMOGRAPHIC_KEYS: [&str; 5] = ["id", "text", "options", "low", "high"];

/// What a session does around its conditions.
#[derive(Clone, Debug, PartialEq)]
pub struct Procedure {
    /// The consent text shown before anything else; None: no consent
    /// screen (consent taken on paper).
    pub consent: Option<String>,
    /// The demographic items asked after consent (the standard set if
    /// `demographics = true`, then the protocol's own); empty: none.
    pub demographics: Vec<Item>,
    /// An SSQ right before each condition (after the rest), besides the
    /// baseline and the one after.
    pub ssq_before_each: bool,
    /// The rest between conditions ends once an FMS asked during it is
    /// within this of the visit's baseline FMS (or at the rest's timer,
    /// whichever comes first); None: the rest is its timer.
    pub rest_until_fms: Option<u8>,
    /// The visits the order of conditions is split over, consecutive
    /// parts of it (1: one session).
    pub visits: usize,
    /// A soft tone sounds as each in-play prompt appears (the same clip
    /// at the same level in every condition); off unless asked.
    pub prompt_tone: bool,
}

impl Default for Procedure {
    fn default() -> Self {
        Self {
            consent: None,
            demographics: Vec::new(),
            ssq_before_each: false,
            rest_until_fms: None,
            visits: 1,
            prompt_tone: false,
        }
    }
}

impl Procedure {
    /// The positions (in the order run) played at `visit` (from 1) of
    /// `conditions`: consecutive parts, the earlier ones the longer when
    /// they cannot be equal.
    pub fn positions(&self, visit: usize, conditions: usize) -> std::ops::Range<usize> {
        let visits = self.visits.clamp(1, conditions.max(1));
        let visit = visit.clamp(1, visits);
        let start = |v: usize| {
            let (base, extra) = (conditions / visits, conditions % visits);
            (v - 1) * base + (v - 1).min(extra)
        };
        start(visit)..start(visit + 1)
    }

    /// The visit (from 1) that plays `position`.
    pub fn visit_of(&self, position: usize, conditions: usize) -> usize {
        (1..=self.visits)
            .find(|&v| self.positions(v, conditions).contains(&position))
            .unwrap_or(self.visits)
    }
}

impl Protocol {
    /// Parses the copy of a protocol a session keeps (its `session.toml`'s
    /// `protocol_text`): as [`Protocol::parse`], but a consent file is
    /// named, not read (it was beside the protocol, not the copy).
    pub fn parse_copy(text: &str, file: &Path) -> Result<Protocol, ProtocolErrors> {
        let mut reader = Reader::new(text, file);
        reader.copy = true;
        reader.read()
    }
}

impl Reader<'_> {
    /// One of [`PROCEDURE_KEYS`] (`[[demographic]]` aside, read with the
    /// conditions).
    pub(super) fn procedure_key(&mut self, p: &mut Procedure, key: &str, value: &TomlValue) {
        match key {
            "consent" => p.consent = self.consent(value),
            // The protocol's own items are added after these, once read.
            "demographics" if self.flag(key, value) == Some(true) => {
                p.demographics = demographics::standard();
            }
            // Read with the conditions.
            "demographic" => {}
            "ssq_before_each" => p.ssq_before_each = self.flag(key, value).unwrap_or(false),
            "prompt_tone" => p.prompt_tone = self.flag(key, value).unwrap_or(false),
            "rest_until_fms" => {
                let top = f64::from(super::super::scales::FMS_MAX);
                p.rest_until_fms = self.whole_in(key, value, 0.0, top).map(|(v, _)| v);
            }
            "visits" => {
                let top = MAX_VISITS as f64;
                if let Some((v, _)) = self.whole_in(key, value, 1.0, top) {
                    p.visits = usize::from(v);
                }
            }
            _ => {}
        }
    }

    /// The rules that join these keys to the rest of the protocol: an
    /// SSQ before each needs the SSQ, the rest's FMS needs the FMS, no
    /// more visits than conditions.
    /// The protocol's own demographic items are read here too.
    pub(super) fn procedure_rules(&mut self, doc: &DeTable, top: &mut Top, conditions: usize) {
        if let Some(v) = doc.get("demographic") {
            let own = self.demographics(v);
            top.procedure.demographics.extend(own);
        }
        let at = |key: &str| doc.get(key).map(|v| v.span().start);
        if let Some(at) = at("ssq_before_each").filter(|_| top.procedure.ssq_before_each) {
            if !top.ssq {
                let message = "`ssq_before_each` needs the SSQ: set ssq = true".to_string();
                self.error(at, message);
            }
        }
        if let Some(at) = at("rest_until_fms").filter(|_| top.procedure.rest_until_fms.is_some()) {
            if top.in_play_scale != InPlayScale::Fms {
                let message = "`rest_until_fms` rates the rest on the FMS: set \
                               in_play_scale = \"fms\", or leave the rest to its timer"
                    .to_string();
                self.error(at, message);
            }
        }
        if let Some(at) = at("visits") {
            if conditions > 0 && top.procedure.visits > conditions {
                let message = format!(
                    "`visits` is {}, but the protocol has {conditions} conditions: at most \
                     one visit a condition",
                    top.procedure.visits
                );
                self.error(at, message);
            }
        }
    }

    /// `consent`: the text inline, or `{ file = "NAME" }` beside the
    /// protocol, at most [`MAX_CONSENT`] characters.
    fn consent(&mut self, value: &TomlValue) -> Option<String> {
        let at = value.span().start;
        let text = match value.get_ref() {
            DeValue::String(s) => s.to_string(),
            DeValue::Table(t) => {
                let file = t.get("file").and_then(|v| v.get_ref().as_str());
                let extra = t.iter().find(|(k, _)| k.get_ref() != "file");
                let (Some(file), None) = (file, extra) else {
                    let message = "`consent` is the text, or { file = \"consent.txt\" } naming \
                                   a file beside the protocol"
                        .to_string();
                    self.error(at, message);
                    return None;
                };
                if self.copy {
                    return Some(format!("(the consent text of {file})"));
                }
                let path = self.file.parent().unwrap_or(Path::new(".")).join(file);
                match crate::data::read_text(&path, "consent text", cap::PROTOCOL) {
                    Ok(text) => text,
                    Err(e) => {
                        let message = format!("`consent`: {}", crate::located::chain(&e));
                        self.error(at, message);
                        return None;
                    }
                }
            }
            _ => {
                self.wrong_type("consent", "a string or { file = \"NAME\" }", value);
                return None;
            }
        };
        let text = text.trim().replace("\r\n", "\n");
        let bad_char = text.chars().any(|c| c.is_control() && c != '\n');
        let lines = text.lines().count();
        if text.is_empty()
            || text.chars().count() > MAX_CONSENT
            || lines > MAX_CONSENT_LINES
            || bad_char
        {
            let message = format!(
                "`consent` must be 1 to {MAX_CONSENT} characters of text in at most \
                 {MAX_CONSENT_LINES} lines (no tabs or other control characters): a longer \
                 information sheet is given on paper, and the screen asks for agreement"
            );
            self.error(at, message);
            return None;
        }
        Some(text)
    }

    /// The `[[demographic]]` array: the protocol's own items.
    pub(super) fn demographics(&mut self, value: &TomlValue) -> Vec<Item> {
        let Some(tables) = self.array_of_tables("demographic", value) else {
            return Vec::new();
        };
        if tables.len() > MAX_DEMOGRAPHICS {
            let at = tables[MAX_DEMOGRAPHICS].span().start;
            self.error(
                at,
                format!("more than {MAX_DEMOGRAPHICS} demographic items"),
            );
            return Vec::new();
        }
        let standard = demographics::standard();
        let mut items: Vec<Item> = Vec::new();
        for table in tables {
            let Some(item) = self.demographic(table) else {
                continue;
            };
            let taken = items.iter().chain(&standard).any(|o| o.id == item.id);
            if taken {
                let message = format!(
                    "a second demographic item `{}` (the standard set asks {})",
                    item.id,
                    standard
                        .iter()
                        .map(|i| i.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                self.error(table.span().start, message);
            }
            items.push(item);
        }
        items
    }

    /// One `[[demographic]]`: an id, a text, and either `options` or a
    /// number's `low` and `high`.
    fn demographic(&mut self, table: &TomlValue) -> Option<Item> {
        let t = table.get_ref().as_table()?;
        let (mut id, mut text, mut options, mut low, mut high) = (None, None, None, None, None);
        for (key, value) in t.iter() {
            let k = key.get_ref().as_ref();
            let max = f64::from(MAX_NUMBER);
            match k {
                "id" => id = self.identifier(k, value),
                "text" => text = self.text_value(k, value),
                "options" => options = self.options(value),
                "low" => low = self.number_in(k, value, 0.0, max, "").map(|v| v as u8),
                "high" => high = self.number_in(k, value, 0.0, max, "").map(|v| v as u8),
                _ => {
                    let hint = nearest(k, DEMOGRAPHIC_KEYS.iter().copied()).map_or_else(
                        || format!(" (the keys are {})", DEMOGRAPHIC_KEYS.join(", ")),
                        |n| format!(" (did you mean `{n}`?)"),
                    );
                    let message = format!("unknown key `{k}` in a demographic item{hint}");
                    self.error(key.span().start, message);
                }
            }
        }
        let at = table.span().start;
        if id.is_none() || text.is_none() {
            self.error(at, "a demographic item needs an `id` and a `text`".into());
        }
        let answer = match (options, low, high) {
            (Some(o), None, None) => Answer::Choice(o),
            (None, Some(low), Some(high)) if low <= high => Answer::Number { low, high },
            _ => {
                let message = "a demographic item takes `options = [...]` (1 to 9 choices), or \
                               a number from `low` to `high` (0 to 255, low <= high)"
                    .to_string();
                self.error(at, message);
                return None;
            }
        };
        Some(Item {
            id: id?,
            text: text?,
            answer,
        })
    }

    /// `options`: 1 to [`MAX_OPTIONS`] lines of text.
    fn options(&mut self, value: &TomlValue) -> Option<Vec<String>> {
        let list = value.get_ref().as_array();
        let Some(list) = list.filter(|l| (1..=MAX_OPTIONS).contains(&l.len())) else {
            let message = format!("`options` must be a list of 1 to {MAX_OPTIONS} texts");
            self.error(value.span().start, message);
            return None;
        };
        let mut out = Vec::new();
        for v in list.iter() {
            let text = self.text_value("options", v)?;
            if text.contains(NOT_IN_OPTIONS) {
                let message = "an option cannot hold `,` or `\"` (demographics.csv is plain \
                               comma-separated text): use ( ) or ;"
                    .to_string();
                self.error(v.span().start, message);
                return None;
            }
            out.push(text);
        }
        Some(out)
    }
}
