//! The screen a participant played on, as `session.toml`'s last
//! `[[display]]` table states it: read with the rest of that file
//! ([`super::session_file`]), shown by [`super::shown`].

use crate::study::results::screen_angle_deg;
use toml::de::{DeTable, DeValue};

/// A `[[display]]` table.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Display {
    pub screen_diagonal_in: Option<f64>,
    pub viewing_distance_cm: Option<f64>,
    pub resolution: Option<(u32, u32)>,
    pub render_size: Option<(u32, u32)>,
    pub fullscreen: Option<bool>,
    pub refresh_hz: Option<f64>,
    pub present_mode: Option<String>,
    pub adapter: Option<String>,
    pub simulated: bool,
}

impl Display {
    /// The angle the screen's width fills at the eye, degrees, where its
    /// diagonal, distance and resolution (for its aspect) are known.
    /// None where a hand-edited file gives a size or distance that puts
    /// the screen outside 1 to 179 degrees, which no seat does and the
    /// prediction's view cannot take.
    pub fn angle_deg(&self) -> Option<f64> {
        let angle = screen_angle_deg(
            self.screen_diagonal_in?,
            self.resolution?,
            self.viewing_distance_cm?,
        );
        (1.0..=179.0).contains(&angle).then_some(angle)
    }
}

/// The last `[[display]]` table of `doc`.
pub(super) fn last_display(doc: &DeTable) -> Option<Display> {
    let DeValue::Array(tables) = doc.get("display")?.get_ref() else {
        return None;
    };
    let DeValue::Table(t) = tables.last()?.get_ref() else {
        return None;
    };
    let get = |k: &str| t.get(k).map(|v| v.get_ref());
    let number = |k: &str| get(k).and_then(number);
    let size = |k: &str| get(k).and_then(string).and_then(|s| parse_size(&s));
    Some(Display {
        screen_diagonal_in: number("screen_diagonal_in"),
        viewing_distance_cm: number("viewing_distance_cm"),
        resolution: size("resolution"),
        render_size: size("render_size"),
        fullscreen: get("fullscreen").and_then(flag),
        refresh_hz: number("refresh_hz"),
        present_mode: get("present_mode").and_then(string),
        adapter: get("adapter").and_then(string),
        simulated: get("simulated").and_then(flag).unwrap_or(false),
    })
}

/// `v` if it is a string.
pub(super) fn string(v: &DeValue) -> Option<String> {
    match v {
        DeValue::String(s) => Some(s.to_string()),
        _ => None,
    }
}

fn flag(v: &DeValue) -> Option<bool> {
    match v {
        DeValue::Boolean(b) => Some(*b),
        _ => None,
    }
}

fn number(v: &DeValue) -> Option<f64> {
    let n = match v {
        DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
        DeValue::Integer(i) => i.as_str().replace('_', "").parse::<f64>().ok(),
        _ => None,
    }?;
    (n.is_finite() && n > 0.0).then_some(n)
}

/// `WxH`.
fn parse_size(s: &str) -> Option<(u32, u32)> {
    let (w, h) = s.split_once('x')?;
    let (w, h) = (w.parse().ok()?, h.parse().ok()?);
    (w > 0 && h > 0).then_some((w, h))
}
