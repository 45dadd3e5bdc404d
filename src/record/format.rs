//! The body's lines: a tick, a run of equal ticks, a state-hash check and
//! the end line. Floats are written in their shortest round-trip form, so
//! every value reads back bit for bit.

use super::Check;
use crate::names::edit_distance;
use crate::sim::{Controls, Coupling, Model, Request, Select, MAX_LOOK};

/// One line saying how the body reads, written as a comment in the header.
pub(super) const SYNOPSIS: &str = "ticks: FORWARD RIGHT TURN [look=RADIANS] [fire] [run] \
     [thrust] [hover] [brake] [pointer=X,Y] [weapon=N|next|previous] \
     [model=NAME|coupling=NAME|restart|jetpack|use], N* before it \
     repeats a tick N times; hash TICK HEX after a tick; end TICKS HEX";

/// A line of the body, read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum BodyLine {
    /// `count` ticks with the same controls: `[N*] FORWARD RIGHT TURN [ACTION]`.
    Run { count: u64, controls: Controls },
    /// The state hash after a tick: `hash TICK HEX`.
    Hash(Check),
    /// The last line of a recording closed properly: `end TICKS HEX`.
    End(Check),
}

/// A fault in one line: its column (from 1) and what is wrong.
pub(super) type LineError = (usize, String);

/// The words of `line`, each with its column (from 1). Columns are counted
/// on from the word before, so a line of many words costs its length, not
/// its length squared (a 2 MB line of words took 14 s to read).
pub(super) fn words(line: &str) -> Vec<(usize, &str)> {
    let (mut byte, mut col) = (0, 1);
    line.split_whitespace()
        .map(|w| {
            let start = w.as_ptr() as usize - line.as_ptr() as usize;
            col += line[byte..start].chars().count();
            byte = start;
            (col, w)
        })
        .collect()
}

/// One tick's controls as text: `FORWARD RIGHT TURN [look=RADIANS] [fire]
/// [run] [thrust] [hover] [brake] [pointer=X,Y] [ACTION]`.
pub(super) fn controls_text(c: &Controls) -> String {
    let mut text = format!("{} {} {}", c.forward, c.right, c.turn);
    if c.look != 0.0 {
        text.push_str(&format!(" look={}", c.look));
    }
    for (held, word) in flags(c) {
        if held {
            text.push(' ');
            text.push_str(word);
        }
    }
    if c.pointer != [0.0; 2] {
        text.push_str(&format!(" pointer={},{}", c.pointer[0], c.pointer[1]));
    }
    if let Some(choice) = c.weapon {
        text.push_str(&format!(" weapon={}", choice.word()));
    }
    if let Some(action) = c.action {
        text.push(' ');
        text.push_str(&action_text(action));
    }
    text
}

/// `count` ticks of the controls written as `text`: the text alone for one
/// tick, else `COUNT* TEXT`.
pub(super) fn run_line(count: u64, text: &str) -> String {
    match count {
        1 => text.to_string(),
        _ => format!("{count}* {text}"),
    }
}

/// A check line, `WORD TICK HEX` (`hash` or `end`), the hash in 16 hex digits.
pub(super) fn check_line(word: &str, check: Check) -> String {
    format!("{word} {} {:016x}", check.tick, check.hash)
}

/// The held buttons of `c` with their words, in the order they are written.
fn flags(c: &Controls) -> [(bool, &'static str); 5] {
    [
        (c.fire, "fire"),
        (c.run, "run"),
        (c.thrust, "thrust"),
        (c.hover, "hover"),
        (c.brake, "brake"),
    ]
}

/// Sets the held button named `word` in `c`; `None` if `word` names none,
/// `Some(false)` if it was held already.
fn set_flag(c: &mut Controls, word: &str) -> Option<bool> {
    let flag = match word {
        "fire" => &mut c.fire,
        "run" => &mut c.run,
        "thrust" => &mut c.thrust,
        "hover" => &mut c.hover,
        "brake" => &mut c.brake,
        _ => return None,
    };
    Some(!std::mem::replace(flag, true))
}

/// An action as one word: `model=NAME`, `coupling=NAME`, `restart` or
/// `jetpack`.
fn action_text(action: Request) -> String {
    match action {
        Request::SetModel(m) => format!("model={}", m.name()),
        Request::SetCoupling(c) => format!("coupling={}", c.name()),
        Request::Restart => "restart".into(),
        Request::Jetpack => "jetpack".into(),
        Request::Use => "use".into(),
    }
}

/// Reads one non-empty, non-comment line of the body.
pub(super) fn parse_body(line: &str) -> Result<BodyLine, LineError> {
    let words = words(line);
    match words.first() {
        None => Err((1, "empty line".into())),
        Some((_, "hash")) => parse_check(line, &words).map(BodyLine::Hash),
        Some((_, "end")) => parse_check(line, &words).map(BodyLine::End),
        Some(_) => parse_run(line, &words),
    }
}

/// `WORD TICK HEX`.
fn parse_check(line: &str, words: &[(usize, &str)]) -> Result<Check, LineError> {
    let [_, (tick_col, tick), (hash_col, hash)] = words[..] else {
        return Err(match words.get(3) {
            Some(&(col, extra)) => (col, format!("unexpected `{extra}` after the hash")),
            None => (end_col(line), format!("expected `{} TICK HEX`", words[0].1)),
        });
    };
    let tick = tick
        .parse()
        .map_err(|_| (tick_col, format!("`{tick}` is not a tick number")))?;
    let hash = (hash.len() <= 16)
        .then(|| u64::from_str_radix(hash, 16).ok())
        .flatten()
        .ok_or_else(|| (hash_col, format!("`{hash}` is not a 64-bit hex hash")))?;
    Ok(Check { tick, hash })
}

/// `[N*] FORWARD RIGHT TURN [look=RADIANS] [BUTTONS] [pointer=X,Y] [ACTION]`.
fn parse_run(line: &str, words: &[(usize, &str)]) -> Result<BodyLine, LineError> {
    let (count, rest) = match words[0].1.strip_suffix('*') {
        Some(n) => (parse_count(words[0].0, n)?, &words[1..]),
        None => (1, words),
    };
    let [forward, right, turn, ref more @ ..] = rest[..] else {
        return Err((
            end_col(line),
            "expected three numbers, FORWARD RIGHT TURN".into(),
        ));
    };
    let mut controls = Controls {
        forward: parse_axis(forward)?,
        right: parse_axis(right)?,
        turn: parse_axis(turn)?,
        ..Controls::default()
    };
    let (mut look, mut pointer, mut action) = (None, None, None);
    for &(col, word) in more {
        if let Some(v) = word.strip_prefix("weapon=") {
            if controls.weapon.is_some() {
                return Err((col, "`weapon` twice in one tick".into()));
            }
            controls.weapon = Some(Select::from_word(v).ok_or_else(|| {
                (
                    col,
                    format!("`weapon={v}` is not a weapon's number key (1 to 4), next or previous"),
                )
            })?);
            continue;
        }
        if let Some(v) = word.strip_prefix("pointer=") {
            if pointer.is_some() {
                return Err((col, "`pointer` twice in one tick".into()));
            }
            pointer = Some(parse_pointer(col, v)?);
            continue;
        }
        match word.strip_prefix("look=") {
            Some(_) if look.is_some() => return Err((col, "`look` twice in one tick".into())),
            Some(v) => look = Some(parse_look(col, v)?),
            None => match set_flag(&mut controls, word) {
                Some(true) => {}
                Some(false) => return Err((col, format!("`{word}` twice in one tick"))),
                None if action.is_some() => {
                    return Err((col, format!("unexpected `{word}`: one action a tick")))
                }
                None => action = Some(parse_action((col, word))?),
            },
        }
    }
    controls.look = look.unwrap_or(0.0);
    controls.pointer = pointer.unwrap_or([0.0; 2]);
    controls.action = action;
    Ok(BodyLine::Run { count, controls })
}

/// The radians of `look=RADIANS`: finite, at most [`MAX_LOOK`] either way.
fn parse_look(col: usize, value: &str) -> Result<f32, LineError> {
    value
        .parse::<f32>()
        .ok()
        .filter(|v| v.is_finite() && v.abs() <= MAX_LOOK)
        .ok_or_else(|| {
            (
                col,
                format!("`look={value}` is not a turn of -pi to pi radians"),
            )
        })
}

/// The offset of `pointer=X,Y`: two numbers from -1 to 1.
pub(super) fn parse_pointer(col: usize, value: &str) -> Result<[f32; 2], LineError> {
    let bad = || {
        (
            col,
            format!("`pointer={value}` is not two numbers from -1 to 1, X,Y"),
        )
    };
    let (x, y) = value.split_once(',').ok_or_else(bad)?;
    let axis = |v: &str| {
        v.parse::<f32>()
            .ok()
            .filter(|v| (-1.0..=1.0).contains(v))
            .ok_or_else(bad)
    };
    Ok([axis(x)?, axis(y)?])
}

/// The `N` of `N*`: a tick count of at least 1.
fn parse_count(col: usize, n: &str) -> Result<u64, LineError> {
    n.parse()
        .ok()
        .filter(|&n: &u64| n >= 1)
        .ok_or_else(|| (col, format!("`{n}*` is not a repeat count (1 or more)")))
}

/// One control axis: a finite number from -1 to 1, as every device gives.
fn parse_axis((col, word): (usize, &str)) -> Result<f32, LineError> {
    let v: f32 = word
        .parse()
        .map_err(|_| (col, format!("`{word}` is not a number")))?;
    if !(-1.0..=1.0).contains(&v) {
        return Err((col, format!("`{word}` is outside -1 to 1")));
    }
    Ok(v)
}

/// `model=NAME`, `coupling=NAME` or `restart`.
fn parse_action((col, word): (usize, &str)) -> Result<Request, LineError> {
    match word {
        "restart" => return Ok(Request::Restart),
        "jetpack" => return Ok(Request::Jetpack),
        "use" => return Ok(Request::Use),
        _ => {}
    }
    let parsed = match word.split_once('=') {
        Some(("model", name)) => Model::from_name(name).map(Request::SetModel),
        Some(("coupling", name)) => Coupling::from_name(name).map(Request::SetCoupling),
        _ => None,
    };
    parsed.ok_or_else(|| {
        (
            col,
            format!(
                "unknown action `{word}` (expected fire, thrust, hover, brake, \
                 pointer=X,Y, restart, jetpack, model=polar|classic|quake or \
                 coupling=velocity|heading)"
            ),
        )
    })
}

/// The column just past the end of `line`, where a missing word belongs.
fn end_col(line: &str) -> usize {
    line.trim_end().chars().count() + 1
}

/// The candidate closest to `word` by edit distance (the first on ties).
pub(super) fn nearest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> &'a str {
    candidates
        .min_by_key(|c| edit_distance(word, c))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_know_their_columns_in_characters() {
        let line = " 1  0 é  fire\tlook=0.5";
        let cols: Vec<_> = words(line).into_iter().map(|(c, _)| c).collect();
        assert_eq!(cols, [2, 5, 7, 10, 15]);
        assert!(words("   ").is_empty());
    }

    fn c(forward: f32, right: f32, turn: f32, action: Option<Request>) -> Controls {
        Controls {
            forward,
            right,
            turn,
            action,
            ..Controls::default()
        }
    }

    #[test]
    fn controls_round_trip_bit_for_bit() {
        let cases = [
            c(1.0, 0.0, -1.0, None),
            c(0.1 + 0.2, -0.0, 1.0 / 3.0, None),
            c(0.70710677, -0.70710677, f32::MIN_POSITIVE, None),
            c(0.0, 0.0, 0.0, Some(Request::SetModel(Model::Quake))),
            c(
                -1.0,
                1.0,
                0.5,
                Some(Request::SetCoupling(Coupling::Heading)),
            ),
            Controls {
                look: 0.012_345_679,
                ..c(0.0, 1.0, 0.0, None)
            },
            Controls {
                look: -3.0,
                ..c(0.0, 0.0, 0.0, Some(Request::SetModel(Model::Polar)))
            },
            Controls {
                weapon: Some(Select::Next),
                fire: true,
                ..c(0.0, 0.0, 0.0, Some(Request::Use))
            },
            Controls {
                weapon: Some(Select::Slot(crate::map::Weapon::ChainGun)),
                ..c(0.5, 0.0, 0.0, None)
            },
        ];
        for controls in cases {
            let text = controls_text(&controls);
            let back = match parse_body(&run_line(3, &text)) {
                Ok(BodyLine::Run { count: 3, controls }) => controls,
                other => panic!("{text}: {other:?}"),
            };
            let bits = |c: &Controls| [c.forward, c.right, c.turn, c.look].map(f32::to_bits);
            assert_eq!(bits(&back), bits(&controls), "{text}");
            assert_eq!(back.action, controls.action, "{text}");
            assert_eq!(back.weapon, controls.weapon, "{text}");
        }
    }

    #[test]
    fn lines_read_as_written() {
        assert_eq!(controls_text(&c(1.0, 0.0, -1.0, None)), "1 0 -1");
        assert_eq!(run_line(1, "1 0 -1"), "1 0 -1");
        assert_eq!(run_line(120, "1 0 -1"), "120* 1 0 -1");
        assert_eq!(
            controls_text(&c(0.0, 0.0, 0.0, Some(Request::SetModel(Model::Classic)))),
            "0 0 0 model=classic"
        );
        let check = Check {
            tick: 240,
            hash: 0xab,
        };
        assert_eq!(check_line("hash", check), "hash 240 00000000000000ab");
        assert_eq!(
            parse_body("hash 240 00000000000000ab"),
            Ok(BodyLine::Hash(check))
        );
        assert_eq!(
            parse_body("  end 240 AB  "),
            Ok(BodyLine::End(check)),
            "spacing and case are free"
        );
    }

    #[test]
    fn faults_are_located_by_column() {
        let col = |line: &str| parse_body(line).unwrap_err().0;
        assert_eq!(col("1 0 x"), 5);
        assert_eq!(col("1 0 nan"), 5);
        assert_eq!(col("1 0 inf"), 5);
        assert_eq!(col("1 2 0"), 3, "out of range");
        assert_eq!(col("0* 1 0 0"), 1);
        assert_eq!(col("x* 1 0 0"), 1);
        assert_eq!(col("1 0"), 4, "a missing number goes after the end");
        assert_eq!(col("1 0 0 model=doom"), 7);
        assert_eq!(col("1 0 0 jump"), 7);
        assert_eq!(col("1 0 0 model=quake coupling=heading"), 19);
        assert_eq!(col("hash 12x 00ff"), 6);
        assert_eq!(col("hash 120 0123456789abcdef0"), 10, "17 digits");
        assert_eq!(col("hash 120 zz"), 10);
        assert_eq!(col("hash 120"), 9);
        assert_eq!(col("end 120 ff extra"), 12);
        assert_eq!(col("1 0 0 look=4"), 7, "more than half a turn");
        assert_eq!(col("1 0 0 look=0.1 look=0.2"), 16);
        assert_eq!(col("1 0 0 look=x"), 7);
        assert_eq!(col("1 0 0 weapon=5"), 7);
        assert_eq!(col("1 0 0 weapon=2 weapon=3"), 16);
        assert_eq!(col("1 0 0 fire weapon=knife"), 12);
    }

    #[test]
    fn the_nearest_key_is_the_fewest_edits_away() {
        let keys = ["max_speed", "turn_rate", "seed", "map"];
        assert_eq!(nearest("max_sped", keys.into_iter()), "max_speed");
        assert_eq!(nearest("turnrate", keys.into_iter()), "turn_rate");
        assert_eq!(nearest("sed", keys.into_iter()), "seed");
    }
}
