//! A level's exits and its par time: where stepping ends the level, and
//! the time a good run takes, as Wolfenstein 3D's elevators and
//! `parTimes` (`WL_INTER.C`) give them.
//!
//! A text map marks exits with a legend line `X = exit` and `X` in the
//! grid; a Tiled map with objects of class `exit`. Par is the header key
//! `par = M:SS` (a Tiled map property `par`, a string `M:SS`).

use super::error::Place;

/// The longest par a map may give, seconds: an hour.
pub const MAX_PAR_S: u32 = 3600;

/// One exit tile: stepping onto it ends the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The tile (x east, y south, from 0).
    pub tile: (i64, i64),
    /// Where the map file puts it, for messages.
    pub place: Place,
}

/// A par time written `M:SS` (minutes, then two digits of seconds under
/// 60; `0:45`, `1:30`, `12:00`), in seconds from 1 to [`MAX_PAR_S`]; None
/// for anything else.
pub fn parse_par(text: &str) -> Option<u32> {
    let (m, s) = text.trim().split_once(':')?;
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(m) || m.len() > 2 || s.len() != 2 || !digits(s) {
        return None;
    }
    let (m, s): (u32, u32) = (m.parse().ok()?, s.parse().ok()?);
    let total = m * 60 + s;
    (s < 60 && (1..=MAX_PAR_S).contains(&total)).then_some(total)
}

/// `seconds` as a par is written: `M:SS`.
pub fn par_text(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_reads_minutes_and_two_digit_seconds() {
        assert_eq!(parse_par("1:30"), Some(90));
        assert_eq!(parse_par(" 0:45 "), Some(45));
        assert_eq!(parse_par("12:00"), Some(720));
        assert_eq!(parse_par("60:00"), Some(3600));
        for bad in [
            "", "90", "1:3", "1:300", "1:60", "0:00", "-1:30", "1:3x", "61:00", ":30",
        ] {
            assert_eq!(parse_par(bad), None, "{bad:?}");
        }
        assert_eq!(par_text(90), "1:30");
        assert_eq!(par_text(parse_par("3:05").unwrap()), "3:05");
    }
}
