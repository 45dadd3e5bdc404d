//! The experimenter's briefing when a study starts in the window (the
//! title menu's study start): the same warnings `study run` prints once,
//! from the settings alone (the feel lab's bot is not run at a start: it
//! takes seconds on one core and the speeds are `study check`'s to
//! measure), on a screen of its own that the experimenter dismisses
//! before the participant's first screen (the welcome) is drawn.
//!
//! A warning names settings and factors, never a condition, but it says
//! what the conditions differ in, which a blind participant must not
//! read: the screen is the experimenter's, shown while they start the
//! session and gone once they press the answer key.

use super::Comparison;
use crate::study::protocol::Protocol;

/// Why the speeds are not in a start's comparison.
const NOT_MEASURED: &str = "the speeds are measured by `study check`, not at a session's start";

/// The warnings of `protocol`'s settings alone: each difference between
/// its conditions that no declared factor covers, as `study run` words
/// it; empty when there is none.
pub fn at_start(protocol: &Protocol) -> Vec<String> {
    Comparison::new(protocol, Err(NOT_MEASURED.to_string()))
        .warnings()
        .into_iter()
        .map(|w| format!("{w} (`study check` lists every difference)"))
        .collect()
}

/// The briefing's screen for `warnings` (of [`at_start`]), the key that
/// goes on named `answer`; None when there is nothing to warn of (the
/// welcome comes first, as before).
pub fn panel(warnings: &[String], answer: &str) -> Option<crate::render::panel::Panel> {
    if warnings.is_empty() {
        return None;
    }
    let mut lines = vec![
        "For the experimenter, before the participant sits down:".to_string(),
        String::new(),
    ];
    for w in warnings {
        lines.push(w.strip_prefix("warning: ").unwrap_or(w).to_string());
        lines.push(String::new());
    }
    Some(crate::render::panel::Panel {
        title: "Study check: a difference no factor declares".into(),
        lines,
        value: None,
        hint: format!("{answer}: start the session (the participant's welcome)"),
        compact: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Two conditions differing in the model (declared) and the field of
    /// view (not).
    const HIDDEN: &str = "name = \"s\"\nmap = \"m\"\nfactors = [\"movement\"]\n\
        [[condition]]\nname = \"calm\"\n[[condition]]\nname = \"brisk\"\n\
        movement = { model = \"classic\" }\nvideo = { fov = 110 }\n";

    #[test]
    fn a_hidden_difference_is_warned_of_without_a_condition_named() {
        let p = Protocol::parse(HIDDEN, Path::new("s.toml")).unwrap();
        let warnings = at_start(&p);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("fov"), "{warnings:?}");
        let panel = panel(&warnings, "Enter").expect("a briefing");
        let words = [panel.title, panel.lines.join(" "), panel.hint].join(" ");
        for name in ["calm", "brisk", "classic", "polar"] {
            assert!(!words.contains(name), "{name} named: {words}");
        }
        assert!(words.contains("Enter"), "{words}");
    }

    #[test]
    fn a_clean_protocol_has_no_briefing() {
        let text = HIDDEN.replace("video = { fov = 110 }\n", "");
        let p = Protocol::parse(&text, Path::new("s.toml")).unwrap();
        assert!(at_start(&p).is_empty());
        assert_eq!(panel(&at_start(&p), "Enter"), None);
    }
}
