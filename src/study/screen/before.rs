//! The screens before and between the conditions: consent, the
//! demographic items, the FMS at a visit's start and during a rest, and
//! the in-play scale's instruction shown before the first condition.

use super::*;
use crate::study::demographics::Answer;
use crate::study::scales::{FMS_INSTRUCTION, MISC_LEVELS};
use crate::study::session::AGREE;

/// The consent screen: the study's text, its paragraphs rewrapped, then
/// 1 to agree or 0 not to.
pub(super) fn consent(session: &Session, hint: &str) -> Panel {
    let text = session
        .protocol()
        .procedure
        .consent
        .as_deref()
        .unwrap_or("");
    // Paragraphs, a blank line between: the lines of one are rewrapped
    // to the screen.
    let mut lines = Vec::new();
    for paragraph in text.split("\n\n") {
        let words: Vec<&str> = paragraph.split_whitespace().collect();
        if !words.is_empty() {
            lines.push(words.join(" "));
            lines.push(String::new());
        }
    }
    lines.push(format!(
        "{AGREE} = I agree to take part      0 = I do not agree"
    ));
    Panel {
        title: "Consent".into(),
        lines,
        value: session.entry().map(|v| match v {
            AGREE => format!("{v} I agree"),
            _ => format!("{v} I do not agree"),
        }),
        hint: hint.to_string(),
        compact: false,
    }
}

/// Demographic item `item`: its question, and its options numbered or
/// the range of the number it takes.
pub(super) fn demographic(session: &Session, item: usize, hint: &str) -> Panel {
    let items = &session.protocol().procedure.demographics;
    let it = &items[item];
    let mut lines = vec![it.text.clone(), String::new()];
    let entry = session.entry();
    let value = match &it.answer {
        Answer::Choice(options) => {
            for (i, o) in options.iter().enumerate() {
                let n = i as u8 + 1;
                let mark = if entry == Some(n) { ">" } else { " " };
                lines.push(format!("{mark} {n} {o}"));
            }
            None
        }
        Answer::Number { low, high } => {
            lines.push(format!("A number from {low} to {high}"));
            Some(entry.map_or("_".to_string(), |v| v.to_string()))
        }
    };
    Panel {
        title: format!("About you ({} of {})", item + 1, items.len()),
        lines,
        value,
        hint: hint.to_string(),
        compact: false,
    }
}

/// The FMS outside play: before the visit's first condition (`rest`
/// None) or during the rest, with `rest` seconds of it left at most.
pub(super) fn rest_rating(session: &Session, rest: Option<f64>, hint: &str) -> Panel {
    let title = match rest {
        None => "How sick do you feel right now, before playing?".to_string(),
        Some(_) => "Resting: how sick do you feel right now?".to_string(),
    };
    let mut lines: Vec<String> = FMS_INSTRUCTION.iter().map(|l| l.to_string()).collect();
    if let Some(left) = rest {
        let left = left.ceil() as u64;
        lines.push(String::new());
        lines.push(format!(
            "The rest lasts {}:{:02} at most.",
            left / 60,
            left % 60
        ));
    }
    Panel {
        title,
        lines,
        value: Some(session.entry().map_or("_".to_string(), |v| v.to_string())),
        hint: hint.to_string(),
        compact: false,
    }
}

/// What the in-play question asks and how to answer it, for the ready
/// screen before a visit's first condition: the scale's instruction, in
/// full, before the participant meets the compact prompt.
pub(super) fn scale_instruction(scale: InPlayScale) -> Vec<String> {
    let mut lines = vec![
        String::new(),
        "Now and then a question appears at the top edge as you play:".to_string(),
    ];
    match scale {
        InPlayScale::Fms => lines.extend(FMS_INSTRUCTION.iter().map(|l| l.to_string())),
        InPlayScale::Misc => {
            lines.push("Rate how you feel on this scale:".to_string());
            let shown = MISC_LEVELS.iter().enumerate();
            lines.extend(shown.map(|(i, l)| format!("{i} {l}")));
        }
    }
    lines.push("Type the number and confirm it; keep playing.".to_string());
    lines
}
