//! Hints: a line of text a map shows the player while they stand on its
//! tiles ("Hold {forward} to push"). `{NAME}` in the text stands for the
//! key bound to the `[bindings]` action `NAME`; the map checks only that
//! the braces are well formed, the settings fill the keys in
//! (`settings::fill_keys`) and `check-map` names an action that does not
//! exist.

use super::error::Place;
use super::limits::MAX_HINT_CHARS;

/// A hint and where the map file defines it.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The text as the map writes it, `{NAME}` placeholders and all.
    pub text: String,
    /// Where the map file defines it: the `[hints]` line, or the object.
    pub place: Place,
}

/// The longest action name a placeholder may hold, characters.
const MAX_NAME: usize = 32;

/// Checks a hint's text: not empty, at most `MAX_HINT_CHARS` characters,
/// each `{` closed by a `}` round a name of lowercase letters and `_`.
/// The fault in words if not.
pub fn check_text(text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("a hint needs text".into());
    }
    let chars = text.chars().count();
    if chars > MAX_HINT_CHARS {
        return Err(format!(
            "this hint is {chars} characters long; at most {MAX_HINT_CHARS} fit on the screen"
        ));
    }
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err("a `}` in a hint with no `{` before it".into());
        }
        let after = &rest[open + 1..];
        let name = after.split('}').next().filter(|_| after.contains('}'));
        let good = name.is_some_and(|n| {
            !n.is_empty()
                && n.len() <= MAX_NAME
                && n.chars().all(|c| c.is_ascii_lowercase() || c == '_')
        });
        if !good {
            return Err(
                "a `{` in a hint opens a key's action name, such as {forward} or {use}, closed by `}`"
                    .into(),
            );
        }
        rest = &after[name.map_or(0, str::len) + 1..];
    }
    Ok(())
}

/// The action names a checked hint's text holds in braces, in order.
pub fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_round_an_action_name_and_nothing_else() {
        assert!(check_text("Hold {forward} to push, {turn_left} to swing").is_ok());
        assert!(check_text("no keys at all").is_ok());
        for bad in [
            "{",
            "}",
            "{Forward}",
            "{}",
            "{for ward}",
            "a {use",
            "x } y {use}",
        ] {
            assert!(check_text(bad).is_err(), "{bad}");
        }
        assert!(check_text("  ").is_err());
        assert!(check_text(&"x".repeat(MAX_HINT_CHARS)).is_ok());
        assert!(check_text(&"x".repeat(MAX_HINT_CHARS + 1)).is_err());
    }

    /// A text map of `rows` with hints `a` and `b`.
    fn with_hints(rows: &str) -> crate::map::Map {
        let text = format!(
            "name = t\norder = 7\n[legend]\n# = w.png\n[hints]\na = Hold {{forward}}\n\
             b = Press {{use}}\n[grid]\n{rows}\n"
        );
        let mut loader = |_: &str| Ok(crate::texture::Texture::solid([1, 1, 1]));
        let path = std::path::Path::new("t.map");
        crate::map::parse::parse_with(&text, path, &mut loader)
            .unwrap()
            .map
    }

    #[test]
    fn a_hint_covers_its_letters_and_the_tiles_beside_them() {
        let m = with_hints("########\n#>aa..b#\n#.a....#\n########");
        assert_eq!(m.order, Some(7));
        assert_eq!(m.hints.len(), 2);
        assert_eq!(m.hints[0].text, "Hold {forward}");
        assert_eq!(m.hints[1].place, Place::Text { line: 7, col: 1 });
        assert_eq!(m.hint_index(2, 1), Some(0));
        assert_eq!(m.hint_index(1, 1), None, "the start is not a letter");
        // The start's tile shows the hint of its neighbour.
        assert_eq!(m.hint_near(1, 1), Some(0));
        assert_eq!(m.hint_near(5, 1), Some(1));
        assert_eq!(m.hint_near(4, 2), None, "nothing near");
        assert!(!m.is_wall(6, 1), "a hint's tile is open floor");
        assert_eq!(
            m.hint_at(6, 1).map(|h| h.text.as_str()),
            Some("Press {use}")
        );
        // Off the grid there is none.
        assert_eq!(m.hint_near(-5, 0), None);
    }

    #[test]
    fn the_placeholders_are_the_names_in_braces() {
        let names: Vec<&str> = placeholders("{forward} then {use}, not }").collect();
        assert_eq!(names, ["forward", "use"]);
        assert_eq!(placeholders("none").count(), 0);
    }
}
