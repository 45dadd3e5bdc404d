//! The wording of faults: the section a stray key belongs in, and a TOML
//! type named with its article (the nearest name to a slip is
//! `crate::names::nearest`).

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
