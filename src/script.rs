//! Scripted input for headless runs: lines of `SECONDS ACTIONS`.
//!
//! ```text
//! # walk forward for two seconds, then turn left while coasting
//! 2.0 forward
//! 0.5 turn-left
//! 1 forward+strafe-right
//! ```
//!
//! Each line holds its actions for SECONDS seconds (rounded to whole ticks
//! at 120 Hz). Actions are joined by `+`: `forward`, `back`, `turn-left`,
//! `turn-right`, `strafe-left`, `strafe-right`, `fire` (hold the trigger),
//! or `none`; and for the jetpack `jetpack` (switch it on or off, once, on
//! the line's first tick), `thrust`, `hover`, `brake` and `pointer=X,Y`
//! (the pointer's offset, each -1 to 1, x right and y forward). `#` starts
//! a comment; blank lines are skipped.
//!
//! ```text
//! # take off, climb on hover, tilt forward and brake
//! 1 jetpack+hover
//! 2 hover+pointer=0,0.3
//! 1 brake
//! ```

use crate::files::{cap, ReadError};
use crate::located::{Located, Place};
use crate::sim::{Controls, Request, TICK_RATE};
use std::path::Path;

/// The longest a script may run, in seconds (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

/// One line of a script: controls held for a number of ticks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// How many ticks the controls are held.
    pub ticks: u64,
    /// The controls.
    pub controls: Controls,
    /// The script line it came from (from 1).
    pub line: usize,
}

/// A parsed script.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Script {
    /// The segments in order.
    pub segments: Vec<Segment>,
}

/// A fault in a script, with its place.
pub type ScriptError = Located<ScriptFault>;

/// What is wrong with a script.
#[derive(Debug, thiserror::Error)]
pub enum ScriptFault {
    /// The file cannot be read as text.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A line that does not say what the format needs, in words.
    #[error("{0}")]
    Format(String),
}

/// The action names, for messages.
const ACTIONS: &str = "forward, back, turn-left, turn-right, strafe-left, strafe-right, fire, \
                       run, use, jetpack, thrust, hover, brake, pointer=X,Y, none";

impl Script {
    /// Parses script `text`; `file` only names it in errors.
    pub fn parse(text: &str, file: &Path) -> Result<Self, ScriptError> {
        let mut segments = Vec::new();
        let mut total = 0.0;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |col: usize, message: String| {
                Located::new(file, Place::text(line, col), ScriptFault::Format(message))
            };
            let content = raw.split('#').next().unwrap_or("");
            let mut words = content.split_whitespace();
            let Some(secs_word) = words.next() else {
                continue;
            };
            let col_of = |w: &str| {
                raw[..w.as_ptr() as usize - raw.as_ptr() as usize]
                    .chars()
                    .count()
                    + 1
            };
            let seconds: f64 = secs_word
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| {
                    err(
                        col_of(secs_word),
                        format!("`{secs_word}` is not a number of seconds"),
                    )
                })?;
            total += seconds;
            if total > MAX_SECONDS {
                return Err(err(
                    col_of(secs_word),
                    format!("the script runs longer than {MAX_SECONDS} seconds"),
                ));
            }
            let Some(actions) = words.next() else {
                return Err(err(
                    col_of(secs_word) + secs_word.len(),
                    format!("expected actions after the seconds ({ACTIONS})"),
                ));
            };
            if let Some(extra) = words.next() {
                return Err(err(
                    col_of(extra),
                    format!("unexpected `{extra}`: join actions with `+`, no spaces"),
                ));
            }
            let mut controls = Controls::default();
            let mut col = col_of(actions);
            for name in actions.split('+') {
                apply(&mut controls, name).ok_or_else(|| {
                    err(col, format!("unknown action `{name}` (expected {ACTIONS})"))
                })?;
                col += name.chars().count() + 1;
            }
            let ticks = (seconds * f64::from(TICK_RATE)).round() as u64;
            if ticks == 0 {
                // A line that runs no tick would vanish without a word (a
                // script of 100,000 such lines ran nothing).
                return Err(err(
                    col_of(secs_word),
                    format!(
                        "`{secs_word}` seconds is under half a tick (a tick is 1/{TICK_RATE} s): the line would run no ticks"
                    ),
                ));
            }
            segments.push(Segment {
                ticks,
                controls,
                line,
            });
        }
        Ok(Self { segments })
    }

    /// Reads and parses a script file.
    pub fn load(path: &Path) -> Result<Self, ScriptError> {
        let text = crate::data::read_text(path, "script", cap::SCRIPT).map_err(Located::widen)?;
        Self::parse(&text, path)
    }

    /// The controls of every tick, in order. A line's one-off action
    /// (`jetpack`) comes with its first tick only.
    pub fn ticks(&self) -> impl Iterator<Item = Controls> + '_ {
        self.segments.iter().flat_map(|s| {
            let rest = Controls {
                action: None,
                ..s.controls
            };
            (0..s.ticks).map(move |i| if i == 0 { s.controls } else { rest })
        })
    }

    /// Total length in ticks.
    pub fn len_ticks(&self) -> u64 {
        self.segments.iter().map(|s| s.ticks).sum()
    }
}

/// Adds one named action to `controls`; None for an unknown name.
fn apply(controls: &mut Controls, name: &str) -> Option<()> {
    match name {
        "forward" => controls.forward += 1.0,
        "back" => controls.forward -= 1.0,
        "strafe-right" => controls.right += 1.0,
        "strafe-left" => controls.right -= 1.0,
        "turn-right" => controls.turn += 1.0,
        "turn-left" => controls.turn -= 1.0,
        "fire" => controls.fire = true,
        "run" => controls.run = true,
        "thrust" => controls.thrust = true,
        "hover" => controls.hover = true,
        "brake" => controls.brake = true,
        "jetpack" => controls.action = Some(Request::Jetpack),
        "use" => controls.action = Some(Request::Use),
        "none" => {}
        _ => {
            let xy = name.strip_prefix("pointer=")?;
            controls.pointer = crate::record::parse_pointer(xy)?;
        }
    }
    *controls = controls.clamped();
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_shorter_than_half_a_tick_is_refused() {
        let parse = |text: &str| Script::parse(text, Path::new("s.txt"));
        let e = parse("1 forward\n0.0001 back\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.txt:2:1: `0.0001` seconds is under half a tick (a tick is 1/120 s): the line would run no ticks"
        );
        assert!(parse("0 jetpack\n").is_err(), "a one-off needs its tick");
        // Half a tick rounds up to one.
        let s = parse("0.00417 forward\n").unwrap();
        assert_eq!(s.segments[0].ticks, 1);
    }

    fn parse(text: &str) -> Result<Script, ScriptError> {
        Script::parse(text, Path::new("s.txt"))
    }

    #[test]
    fn lines_become_tick_segments() {
        let s = parse("# warm up\n1.0 forward+strafe-right  # diag\n\n0.5 none\n").unwrap();
        assert_eq!(s.segments.len(), 2);
        assert_eq!(s.segments[0].ticks, 120);
        assert_eq!(s.segments[0].controls.forward, 1.0);
        assert_eq!(s.segments[0].controls.right, 1.0);
        assert_eq!(s.segments[1].ticks, 60);
        assert_eq!(s.segments[1].line, 4);
        assert_eq!(s.ticks().count(), 180);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("1 forward\n2 forwrd\n").unwrap_err();
        assert_eq!((e.at.line(), e.at.col()), (2, 3));
        assert!(
            e.to_string()
                .starts_with("s.txt:2:3: unknown action `forwrd`"),
            "{e}"
        );
        let e = parse("x forward").unwrap_err();
        assert_eq!((e.at.line(), e.at.col()), (1, 1));
        let e = parse("1 forward+bak").unwrap_err();
        assert_eq!(e.at.col(), 11);
        let e = parse("1").unwrap_err();
        assert!(e.to_string().contains("expected actions"));
        let e = parse("1 forward back").unwrap_err();
        assert_eq!(e.at.col(), 11);
        assert!(parse("-1 forward").is_err());
        assert!(parse("1e9 forward").is_err());
    }
}
