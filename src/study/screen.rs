//! What the participant sees at each step of a session, as a text panel
//! for the renderer, naming the keys the settings bind. The study is
//! blind: conditions are only ever "Condition A, B, C..." here, and no
//! screen names a model, a coupling, a file or a folder.

use super::mssq;
use super::protocol::{FMS_ANSWER_S, QUESTION_POINTS};
use super::scales::InPlayScale;
use super::session::{label, Session, Step, When};
use super::ssq;
use crate::render::panel::{draw_panel, Panel};
use crate::render::{self, Frame, Scene};
use crate::settings::{key_name, Action, Bindings};

/// Draws what the participant sees into `rgba` (`width` x `height`
/// pixels): the world of `scene` under a blind HUD, then the session's
/// panel if one shows. The window and the headless screens both draw
/// through here.
pub fn draw(
    workspace: &mut render::Workspace,
    scene: &Scene,
    (session, bindings): (&Session, &Bindings),
    (rgba, width, height): (&mut [u8], usize, usize),
) {
    debug_assert!(scene.hud.blind, "a study's HUD is blind");
    render::draw_in(workspace, scene, Frame::new(rgba, width, height));
    draw_over(session, bindings, Frame::new(rgba, width, height));
}

/// Draws the session's panel, if one shows, over `frame`.
pub fn draw_over(session: &Session, bindings: &Bindings, frame: Frame) {
    if let Some(p) = panel(session, bindings) {
        draw_panel(frame, &p);
    }
}

/// Every text a participant reads now: the panel's and the HUD's over
/// `scene`. What a check of the blinding reads.
pub fn words(scene: &Scene, session: &Session, bindings: &Bindings) -> Vec<String> {
    let mut words = render::hud_words(scene);
    if let Some(p) = panel(session, bindings) {
        words.push(p.title);
        words.extend(p.lines);
        words.extend(p.value);
        words.push(p.hint);
    }
    words
}

/// The panel for `session` now, with keys from `bindings`; None while
/// playing with no question open: then nothing covers the view and
/// nothing is allocated.
pub fn panel(session: &Session, bindings: &Bindings) -> Option<Panel> {
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
        Step::Mssq { item } => {
            let (section, kind) = mssq::Section::of_item(item);
            let mut lines = vec![
                format!(
                    "Question {} of {}: how often did you feel sick or",
                    item + 1,
                    mssq::ITEMS
                ),
                format!("nauseated {} in or on:", section.period()),
                mssq::KINDS[kind].to_string(),
                String::new(),
            ];
            let entry = session.entry();
            for (v, words) in mssq::ANSWERS.iter().enumerate() {
                let mark = if entry == Some(v as u8) { ">" } else { " " };
                lines.push(format!("{mark} {v} {words}"));
            }
            Panel {
                title: "Travel and motion sickness".into(),
                lines,
                value: None,
                hint: scale_hint,
                compact: false,
            }
        }
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
            let scale = session.protocol().in_play_scale;
            let (title, anchors) = match scale {
                InPlayScale::Fms => (
                    "How sick do you feel right now?",
                    format!(
                        "0 = no sickness at all ... {} = frank sickness",
                        scale.max()
                    ),
                ),
                InPlayScale::Misc => (
                    "How do you feel right now?",
                    format!("0 = no problems ... {} = vomiting", scale.max()),
                ),
            };
            let shown = match session.entry() {
                Some(v) => match scale.level(v) {
                    Some(level) => format!("{v} {level}"),
                    None => v.to_string(),
                },
                None => "_".into(),
            };
            Panel {
                title: title.into(),
                lines: vec![anchors],
                value: Some(shown),
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
                "Your answers are saved.".into(),
                "Please tell the researcher that you have finished.".into(),
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
            if let Some(p) = panel(&s, &b) {
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
        assert_eq!(panel(&s, &b), None);
        s.advance(60.0);
        let p = panel(&s, &b).unwrap();
        assert!(p.compact);
        assert!(p.lines[0].contains("20 = frank sickness"));
    }
}
