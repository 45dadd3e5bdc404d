//! `design.toml`: what `study power` needs of a study's protocol to run it
//! again on simulated people, written by `study report` beside
//! `model.csv` so a report folder is enough without the protocol.
//!
//! ```toml
//! design_version = 1
//! study = "walking"
//! scale = "fms"                 # the in-play scale: fms (0-20) or misc (0-10)
//! stop_rating = 15              # a rating at or above ends the condition; absent: none
//! prompt_interval_s = 60        # a prompt at each whole interval before the exposure ends
//! conditions = ["polar-velocity", "polar-heading", "classic", "quake"]
//! exposure_s = [300, 300, 300, 300]
//! orders = [[0, 1, 3, 2], [1, 2, 0, 3], [2, 3, 1, 0], [3, 0, 2, 1]]
//! primary = ["quake", "polar-velocity"]   # optional: the contrast designed for
//! ```
//!
//! `orders` is the Williams design (`latin::rows`), the conditions by
//! their index in `conditions`: participant `k` (from 1) plays row
//! `(k - 1) mod rows`. The file is anyone's: it is read bounded
//! ([`MAX_BYTES`], a regular file), and every fault is placed (file,
//! line, column).

use crate::files::ReadError;
use crate::located::{Located, Place};
use crate::study::latin;
use crate::study::protocol::{Protocol, MAX_CONDITIONS, MAX_NAME};
use crate::study::scales::InPlayScale;
use std::fmt::Write as _;
use std::path::Path;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The design file's name in a report folder.
pub const FILE: &str = "design.toml";
/// The format's version, written as `design_version`.
pub const VERSION: i64 = 1;
/// The largest design file read, bytes: a design of [`MAX_CONDITIONS`]
/// conditions takes under 2 KiB.
pub const MAX_BYTES: u64 = 64 << 10;
/// The shortest and longest exposure, seconds (the protocol's range).
pub const EXPOSURE_S: (f64, f64) = (10.0, 3600.0);
/// The shortest and longest prompt interval, seconds (the protocol's
/// range).
pub const INTERVAL_S: (f64, f64) = (10.0, 600.0);

/// One condition of the design.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// Its name, as `model.csv`'s terms name it (`conditionquake`).
    pub name: String,
    /// How long it is played, seconds.
    pub exposure_s: f64,
}

/// A study's design: the conditions, their order, the prompts and the
/// stop rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Design {
    /// The study's name.
    pub study: String,
    /// The in-play scale: ratings are whole numbers from 0 to its
    /// maximum.
    pub scale: InPlayScale,
    /// A rating at or above this ends the condition; None: only the
    /// participant's stop key does.
    pub stop_rating: Option<u8>,
    /// Seconds between prompts.
    pub prompt_interval_s: f64,
    /// The conditions in the protocol's order: the first is the models'
    /// reference level.
    pub conditions: Vec<Condition>,
    /// The Williams design's rows, conditions by index.
    pub orders: Vec<Vec<usize>>,
    /// The contrast the study was designed for (first minus second), if
    /// the protocol names one.
    pub primary: Option<(String, String)>,
}

/// What is wrong in a design file.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DesignFault {
    /// Not TOML.
    #[error("not TOML: {0}")]
    Syntax(String),
    /// A key the format does not have.
    #[error("unknown key `{0}`")]
    UnknownKey(String),
    /// A key the format needs.
    #[error("`{0}` is missing")]
    Missing(&'static str),
    /// A value out of its range or of the wrong kind.
    #[error("`{key}` must be {want}")]
    Invalid {
        /// The key.
        key: &'static str,
        /// What it must be.
        want: String,
    },
}

/// Why a design file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum DesignError {
    /// The file could not be read (missing, not a regular file, too
    /// large, not UTF-8).
    #[error(transparent)]
    Read(#[from] Located<ReadError>),
    /// The file's content, with its place.
    #[error(transparent)]
    Fault(#[from] Located<DesignFault>),
}

impl Design {
    /// The design of `protocol`: its conditions with their exposures, its
    /// prompts, its stop rule and the Williams design of its conditions.
    pub fn of_protocol(protocol: &Protocol) -> Design {
        Design {
            study: protocol.name.clone(),
            scale: protocol.in_play_scale,
            stop_rating: protocol.stop_rating(),
            prompt_interval_s: protocol.fms_interval_s,
            conditions: protocol
                .conditions
                .iter()
                .map(|c| Condition {
                    name: c.name.clone(),
                    exposure_s: c.exposure_s,
                })
                .collect(),
            orders: latin::rows(protocol.conditions.len().max(1)),
            primary: None,
        }
    }

    /// The seconds into condition `c` at which prompts are shown: each
    /// whole interval before its exposure ends, as the session asks them.
    pub fn prompt_times(&self, c: usize) -> Vec<f64> {
        let exposure = self.conditions[c].exposure_s;
        (1..)
            .map(|k| k as f64 * self.prompt_interval_s)
            .take_while(|&t| t < exposure)
            .collect()
    }

    /// The order of participant `k` (from 1), conditions by index.
    pub fn order(&self, k: usize) -> &[usize] {
        &self.orders[(k.max(1) - 1) % self.orders.len()]
    }

    /// The index of the condition named `name`.
    pub fn condition_index(&self, name: &str) -> Option<usize> {
        self.conditions.iter().position(|c| c.name == name)
    }

    /// The file's text.
    pub fn to_toml(&self) -> String {
        let list = |items: Vec<String>| format!("[{}]", items.join(", "));
        let mut t = String::from(
            "# The study's design for `wobblecaster study power` (written by `study report`):\n\
             # the conditions, their exposures and order, the prompts and the stop rule.\n",
        );
        let _ = writeln!(t, "design_version = {VERSION}");
        let _ = writeln!(t, "study = \"{}\"", self.study);
        let _ = writeln!(t, "scale = \"{}\"", self.scale.name());
        if let Some(r) = self.stop_rating {
            let _ = writeln!(t, "stop_rating = {r}");
        }
        let _ = writeln!(t, "prompt_interval_s = {}", self.prompt_interval_s);
        let names = self.conditions.iter().map(|c| format!("\"{}\"", c.name));
        let _ = writeln!(t, "conditions = {}", list(names.collect()));
        let exposures = self.conditions.iter().map(|c| c.exposure_s.to_string());
        let _ = writeln!(t, "exposure_s = {}", list(exposures.collect()));
        let rows = self.orders.iter().map(|row| {
            let row = row.iter().map(usize::to_string).collect();
            list(row)
        });
        let _ = writeln!(t, "orders = {}", list(rows.collect()));
        if let Some((a, b)) = &self.primary {
            let _ = writeln!(t, "primary = [\"{a}\", \"{b}\"]");
        }
        t
    }

    /// Loads the design file at `path`.
    pub fn load(path: &Path) -> Result<Design, DesignError> {
        let text = crate::files::read_text(path, "design file", MAX_BYTES)?;
        Ok(Design::parse(&text, path)?)
    }

    /// Reads design `text` as if from `file` (which only names faults).
    pub fn parse(text: &str, file: &Path) -> Result<Design, Located<DesignFault>> {
        let at = |offset: usize| Place::of_offset(text, offset.min(text.len()));
        let fault = |offset: usize, kind| Located::new(file, at(offset), kind);
        let doc = DeTable::parse(text).map_err(|e| {
            let offset = e.span().map_or(text.len(), |s| s.start);
            fault(offset, DesignFault::Syntax(e.message().trim().to_string()))
        })?;
        read(doc.get_ref(), text.len()).map_err(|(offset, kind)| fault(offset, kind))
    }
}

/// A fault and the byte offset it is at.
type Fault = (usize, DesignFault);

/// The keys of the format.
const KEYS: [&str; 9] = [
    "design_version",
    "study",
    "scale",
    "stop_rating",
    "prompt_interval_s",
    "conditions",
    "exposure_s",
    "orders",
    "primary",
];

/// The design of the parsed `doc` (`end` is the text's length, where a
/// missing key is placed).
fn read(doc: &DeTable, end: usize) -> Result<Design, Fault> {
    for (key, _) in doc.iter() {
        if !KEYS.contains(&key.get_ref().as_ref()) {
            let name = key.get_ref().to_string();
            return Err((key.span().start, DesignFault::UnknownKey(name)));
        }
    }
    let get = |key: &'static str| {
        doc.iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(_, v)| v)
    };
    let need = |key: &'static str| get(key).ok_or((end, DesignFault::Missing(key)));
    let version = integer(need("design_version")?, "design_version", 1, 1)?;
    debug_assert_eq!(version, VERSION);
    let study = name(need("study")?, "study")?;
    let scale_value = need("scale")?;
    let scale = text(scale_value, "scale")
        .ok()
        .and_then(InPlayScale::from_name)
        .ok_or_else(|| invalid(scale_value, "scale", "\"fms\" or \"misc\""))?;
    let top = i64::from(scale.max());
    let stop_rating = match get("stop_rating") {
        Some(v) => Some(integer(v, "stop_rating", 1, top)? as u8),
        None => None,
    };
    let (low, high) = INTERVAL_S;
    let prompt_interval_s = number(need("prompt_interval_s")?, "prompt_interval_s", low, high)?;
    let conditions = conditions(need("conditions")?, need("exposure_s")?)?;
    let orders = orders(need("orders")?, conditions.len())?;
    let primary = match get("primary") {
        Some(v) => Some(primary(v, &conditions)?),
        None => None,
    };
    Ok(Design {
        study,
        scale,
        stop_rating,
        prompt_interval_s,
        conditions,
        orders,
        primary,
    })
}

/// The fault of `value` not being what `key` must be.
fn invalid(value: &Spanned<DeValue>, key: &'static str, want: impl Into<String>) -> Fault {
    let want = want.into();
    (value.span().start, DesignFault::Invalid { key, want })
}

fn text<'v>(value: &'v Spanned<DeValue>, key: &'static str) -> Result<&'v str, Fault> {
    value
        .get_ref()
        .as_str()
        .ok_or_else(|| invalid(value, key, "a string"))
}

/// A name as the protocol allows one: letters, digits, `-` and `_`.
fn name(value: &Spanned<DeValue>, key: &'static str) -> Result<String, Fault> {
    let v = text(value, key)?;
    let ok = !v.is_empty()
        && v.chars().count() <= MAX_NAME
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    match ok {
        true => Ok(v.to_string()),
        false => Err(invalid(
            value,
            key,
            format!("1 to {MAX_NAME} letters, digits, `-` or `_`"),
        )),
    }
}

fn integer(value: &Spanned<DeValue>, key: &'static str, low: i64, high: i64) -> Result<i64, Fault> {
    let parsed = value
        .get_ref()
        .as_integer()
        .and_then(|i| i64::from_str_radix(i.as_str(), i.radix()).ok());
    match parsed {
        Some(v) if (low..=high).contains(&v) => Ok(v),
        _ => Err(invalid(
            value,
            key,
            format!("a whole number from {low} to {high}"),
        )),
    }
}

fn number(value: &Spanned<DeValue>, key: &'static str, low: f64, high: f64) -> Result<f64, Fault> {
    let parsed = match value.get_ref() {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
            .ok()
            .map(|i| i as f64),
        DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
        _ => None,
    };
    match parsed {
        Some(v) if v.is_finite() && (low..=high).contains(&v) => Ok(v),
        _ => Err(invalid(
            value,
            key,
            format!("a number from {low} to {high}"),
        )),
    }
}

/// The items of an array of at most `most` items.
fn array<'v, 'i>(
    value: &'v Spanned<DeValue<'i>>,
    key: &'static str,
    most: usize,
) -> Result<&'v [Spanned<DeValue<'i>>], Fault> {
    match value.get_ref().as_array() {
        Some(items) if !items.is_empty() && items.len() <= most => Ok(items),
        _ => Err(invalid(value, key, format!("a list of 1 to {most} items"))),
    }
}

/// The conditions, named by `names` and played for `exposures`.
fn conditions(
    names: &Spanned<DeValue>,
    exposures: &Spanned<DeValue>,
) -> Result<Vec<Condition>, Fault> {
    let names = array(names, "conditions", MAX_CONDITIONS)?;
    let exposures_items = array(exposures, "exposure_s", MAX_CONDITIONS)?;
    if exposures_items.len() != names.len() {
        let want = format!("one exposure per condition ({})", names.len());
        return Err(invalid(exposures, "exposure_s", want));
    }
    let mut out: Vec<Condition> = Vec::new();
    for (n, e) in names.iter().zip(exposures_items) {
        let name = name(n, "conditions")?;
        if out.iter().any(|c| c.name == name) {
            return Err(invalid(n, "conditions", "names met once each"));
        }
        let (low, high) = EXPOSURE_S;
        let exposure_s = number(e, "exposure_s", low, high)?;
        out.push(Condition { name, exposure_s });
    }
    Ok(out)
}

/// The orders: each a permutation of `0..conditions`.
fn orders(value: &Spanned<DeValue>, conditions: usize) -> Result<Vec<Vec<usize>>, Fault> {
    let rows = array(value, "orders", 2 * MAX_CONDITIONS)?;
    let want = format!("rows each holding 0 to {} once", conditions - 1);
    let mut out = Vec::new();
    for row in rows {
        let items = array(row, "orders", MAX_CONDITIONS)?;
        let mut order = Vec::new();
        for item in items {
            let top = conditions as i64 - 1;
            order.push(
                integer(item, "orders", 0, top).map_err(|_| invalid(item, "orders", &want))?
                    as usize,
            );
        }
        let mut sorted = order.clone();
        sorted.sort_unstable();
        if sorted != (0..conditions).collect::<Vec<_>>() {
            return Err(invalid(row, "orders", want));
        }
        out.push(order);
    }
    Ok(out)
}

/// The primary contrast: two different conditions of the design.
fn primary(value: &Spanned<DeValue>, conditions: &[Condition]) -> Result<(String, String), Fault> {
    let want = "two different conditions of `conditions`";
    let items = array(value, "primary", 2)?;
    let named = |v: &Spanned<DeValue>| {
        let n = text(v, "primary").ok()?;
        conditions
            .iter()
            .any(|c| c.name == n)
            .then(|| n.to_string())
    };
    match items {
        [a, b] => match (named(a), named(b)) {
            (Some(x), Some(y)) if x != y => Ok((x, y)),
            (None, _) => Err(invalid(a, "primary", want)),
            _ => Err(invalid(b, "primary", want)),
        },
        _ => Err(invalid(value, "primary", want)),
    }
}

#[cfg(test)]
#[path = "design_tests.rs"]
mod tests;
