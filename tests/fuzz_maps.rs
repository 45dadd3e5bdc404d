//! The map parser on hostile input: arbitrary text and random edits of the
//! shipped maps never panic, and every fault points inside the file.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use wobblecaster::map;

/// Where the parsed text claims to live: beside the shipped maps, so the
/// textures an edited map names still load.
fn path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/fuzzed.map")
}

/// Parses `text`; on failure, checks every fault's line is in the file.
fn check(text: &str) {
    if let Err(errors) = map::parse(text, &path()) {
        let lines = text.lines().count().max(1);
        for e in &errors.0 {
            assert!(
                e.at.line() <= lines + 1,
                "line {} of {lines}: {e}",
                e.at.line()
            );
            assert!(!e.to_string().is_empty());
        }
    }
}

fn shipped(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(name),
    )
    .unwrap()
}

/// A random edit: replace, insert or delete one character at a place.
fn edit(text: &str, at: usize, kind: u8, ch: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    match kind % 3 {
        0 if at < chars.len() => chars[at] = ch,
        1 => chars.insert(at, ch),
        _ if at < chars.len() => {
            chars.remove(at);
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// Characters that matter to the format, and a few that should not.
fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '#', '.', '>', '<', '^', 'v', '=', '[', ']', ';', ' ', '\n', '\r', 'w', 't', '0', '-',
            '_', 'é', '\u{0}', '\t',
        ]),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        check(&text);
    }

    #[test]
    fn edits_of_the_shipped_maps_never_panic(
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), interesting()), 1..6),
        which in 0usize..2,
    ) {
        let mut text = shipped(["default.map", "arena.map"][which]);
        for (at, kind, ch) in edits {
            text = edit(&text, at, kind, ch);
        }
        check(&text);
    }

    #[test]
    fn any_actor_line_is_parsed_or_reported(value in "[a-z0-9=_. -]{0,40}") {
        let text = format!(
            "name = n\n[legend]\n# = ../assets/stone_grey.png\n[actors]\nz = {value}\n[grid]\n###\n#>#\n###\n"
        );
        check(&text);
    }
}
