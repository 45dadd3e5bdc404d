//! The wording of faults: the section a stray key belongs in, the
//! nearest name to a likely slip, and a TOML type named with its article.

use crate::names::edit_distance;
use crate::settings::schema::{self, BINDINGS};
use crate::settings::Action;

/// ` (it belongs in [a] or [b])`, naming the sections that have a key
/// `key` (the bindings last), or None if none has.
pub(super) fn home_of(key: &str) -> Option<String> {
    let mut homes: Vec<&str> = schema::SECTIONS
        .iter()
        .filter(|s| s.fields.iter().any(|f| f.key == key))
        .map(|s| s.name)
        .collect();
    if Action::from_name(key).is_some() {
        homes.push(BINDINGS);
    }
    let homes: Vec<String> = homes.iter().map(|h| format!("[{h}]")).collect();
    match &homes[..] {
        [] => None,
        [one] => Some(format!(" (it belongs in {one})")),
        [rest @ .., last] => Some(format!(" (it belongs in {} or {last})", rest.join(", "))),
    }
}

/// `a string`, `an integer`: a TOML type name with its article.
pub(super) fn a(type_name: &str) -> String {
    let article = if type_name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {type_name}")
}

/// The candidate nearest `word`, if it is near enough to be a likely slip.
pub(super) fn nearest<'c>(
    word: &str,
    candidates: impl Iterator<Item = &'c str> + Clone,
) -> Option<&'c str> {
    let i = nearest_index(word, candidates.clone())?;
    candidates.into_iter().nth(i)
}

/// The index of the candidate fewest edits from `word` (the first on
/// ties), if it is within a third of the word's length (at least 2).
pub(super) fn nearest_index<'c>(
    word: &str,
    candidates: impl Iterator<Item = &'c str>,
) -> Option<usize> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .map(|c| edit_distance(word, c))
        .enumerate()
        .filter(|&(_, d)| d <= limit)
        .min_by_key(|&(i, d)| (d, i))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_is_a_likely_slip_or_nothing() {
        let keys = ["max_speed", "turn_rate", "coast"];
        assert_eq!(nearest("max_sped", keys.into_iter()), Some("max_speed"));
        assert_eq!(nearest("turnrate", keys.into_iter()), Some("turn_rate"));
        assert_eq!(nearest("volume", keys.into_iter()), None);
    }
}
