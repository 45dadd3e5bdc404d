//! What the participant sees at each step of a session, as a text panel
//! for the renderer, naming the keys the settings bind. Conditions are
//! only ever "Condition A, B, C..." here.

use super::protocol::{FMS_ANSWER_S, QUESTION_POINTS};
use super::session::{label, Session, Step, When, FMS_MAX};
use super::ssq;
use crate::render::panel::Panel;
use crate::settings::{key_name, Action, Bindings};
use std::path::Path;

/// The panel for `session` now, with keys from `bindings` (the last
/// screen names the `results` folder); None while playing with no
/// question open: then nothing covers the view and nothing is allocated.
pub fn panel(session: &Session, bindings: &Bindings, results: &Path) -> Option<Panel> {
    if session.playing().is_some() && !session.prompting() {
        return None;
    }
    let key = |a: Action| key_name(bindings, a).unwrap_or_else(|| "(unbound)".into());
    let (answer, up, down, stop) = (
        key(Action::Answer),
        key(Action::AnswerUp),
        key(Action::AnswerDown),
        key(Action::StopCondition),
    );
    let scale_hint = format!("number keys or {up}/{down}, then {answer}");
    let value = session.entry().map(|v| v.to_string());
    let p = match session.step() {
        Step::Welcome => Panel {
            title: "Welcome, and thank you for taking part".into(),
            lines: vec![
                "You will play a few short conditions of this game.".into(),
                "Now and then we ask how you feel; answer as you play.".into(),
                String::new(),
                format!("You can stop a condition at any moment with {stop},"),
                "and you should if you feel unwell. Stopping is always fine.".into(),
                String::new(),
                "Move with the keys you know (W A S D, arrows) or a gamepad.".into(),
            ],
            value: None,
            hint: format!("Press {answer} to begin"),
            compact: false,
        },
        Step::Ssq { when, item } => {
            let moment = match when {
                When::Baseline => "right now, before playing".to_string(),
                When::Post(p) => format!("right now, after Condition {}", label(p)),
            };
            Panel {
                title: format!("How do you feel {moment}?"),
                lines: vec![
                    format!("Symptom {} of {}:", item + 1, ssq::ITEMS.len()),
                    ssq::ITEMS[item].name.to_string(),
                    String::new(),
                    "0 none   1 slight   2 moderate   3 severe".into(),
                ],
                value: session
                    .entry()
                    .map(|v| format!("{v} {}", ssq::RATINGS[usize::from(v)])),
                hint: scale_hint,
                compact: false,
            }
        }
        Step::Ready { position } => {
            let rest = session.rest_left_s();
            let (lines, hint) = if rest > 0.0 {
                let left = rest.ceil() as u64;
                (
                    vec![
                        "Please rest before the next condition.".into(),
                        format!("{}:{:02} left", left / 60, left % 60),
                    ],
                    "Rest: this cannot be skipped".to_string(),
                )
            } else {
                (
                    vec![
                        format!("Condition {} is next.", label(position)),
                        format!("Stop at any moment with {stop}."),
                    ],
                    format!("Press {answer} to start"),
                )
            };
            Panel {
                title: format!("Condition {}", label(position)),
                lines,
                value: None,
                hint,
                compact: false,
            }
        }
        Step::Play { .. } => {
            let left = session.prompt_left_s()?;
            Panel {
                title: "How sick do you feel right now?".into(),
                lines: vec![format!(
                    "0 = no sickness at all ... {FMS_MAX} = frank sickness"
                )],
                value: Some(value.unwrap_or_else(|| "_".into())),
                hint: format!("{scale_hint} ({:.0} s)", left.min(FMS_ANSWER_S).ceil()),
                compact: true,
            }
        }
        Step::Question { position, index } => {
            let q = &session.protocol().questions[index];
            Panel {
                title: format!("About Condition {}", label(position)),
                lines: vec![
                    q.text.clone(),
                    String::new(),
                    format!("1 = {}   {QUESTION_POINTS} = {}", q.low, q.high),
                ],
                value,
                hint: scale_hint,
                compact: false,
            }
        }
        Step::Ranking => {
            let (rest, choice) = session.unranked();
            let place = session.ranked().len() + 1;
            let mut lines = vec![format!("Which condition did you like best? Place {place}:")];
            for (i, &p) in rest.iter().enumerate() {
                let mark = if i == choice { ">" } else { " " };
                lines.push(format!("{mark} {} Condition {}", i + 1, label(p)));
            }
            Panel {
                title: "Your preference".into(),
                lines,
                value: None,
                hint: format!("{up}/{down} to choose, {answer} to place it"),
                compact: false,
            }
        }
        Step::Done => Panel {
            title: "Thank you: the session is complete".into(),
            lines: vec![
                "Your answers are saved in".into(),
                results.display().to_string(),
            ],
            value: None,
            hint: format!("Press {} to close", key(Action::Quit)),
            compact: false,
        },
    };
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::protocol::Protocol;
    use crate::study::session::Key;
    use std::path::Path;

    fn session() -> Session {
        let text = "name = \"t\"\nmap = \"m\"\nexposure_s = 60\nfms_interval_s = 30\n\
                    [[condition]]\nname = \"secret-name\"\n[[condition]]\nname = \"other\"\n";
        let p = Protocol::parse(text, Path::new("p.toml")).unwrap();
        Session::new(p, vec![1, 0])
    }

    /// Every text of a panel, joined.
    fn words(p: &Panel) -> String {
        format!("{} {} {:?} {}", p.title, p.lines.join(" "), p.value, p.hint)
    }

    #[test]
    fn screens_name_the_bound_keys_and_never_a_condition() {
        let b = Bindings::default();
        let mut s = session();
        let mut seen = Vec::new();
        for _ in 0..40 {
            if let Some(p) = panel(&s, &b, Path::new("out")) {
                let w = words(&p);
                assert!(!w.contains("secret") && !w.contains("other"), "{w}");
                seen.push(w);
            }
            s.press(Key::Confirm);
            s.advance(1.0);
        }
        assert!(seen[0].contains("Backspace"), "{}", seen[0]);
        assert!(
            seen.iter().any(|w| w.contains("Symptom 1 of 16")),
            "{seen:?}"
        );
        assert!(
            seen.iter().any(|w| w.contains("Condition A is next")),
            "{seen:?}"
        );
    }

    #[test]
    fn play_shows_nothing_until_a_prompt_then_a_compact_one() {
        let b = Bindings::default();
        let text = "name = \"t\"\nmap = \"m\"\nssq = false\n[[condition]]\nname = \"c\"\n";
        let p = Protocol::parse(text, Path::new("p.toml")).unwrap();
        let mut s = Session::new(p, vec![0]);
        s.press(Key::Confirm);
        s.press(Key::Confirm);
        assert_eq!(panel(&s, &b, Path::new("out")), None);
        s.advance(60.0);
        let p = panel(&s, &b, Path::new("out")).unwrap();
        assert!(p.compact);
        assert!(p.lines[0].contains("20 = frank sickness"));
    }
}
