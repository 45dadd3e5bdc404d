//! What the participant sees at each step of a session, as a text panel
//! for the renderer, naming the keys the settings bind. The study is
//! blind: conditions are only ever "Condition A, B, C..." here, and no
//! screen names a model, a coupling, a file or a folder.

use super::mssq;
use super::protocol::FMS_ANSWER_S;
use super::scales::{InPlayScale, MISC_SHORT};
use super::session::{label, Ending, Session, Step, When};
use super::ssq;
use crate::render::panel::{draw_panel, Panel};
use crate::render::{self, Frame, Scene};
use crate::settings::{key_name, Action, Bindings};

mod before;

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
                When::Pre(p) => format!("right now, before Condition {}", label(p)),
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
        Step::Consent => before::consent(session, &scale_hint),
        Step::Demographic { item } => before::demographic(session, item, &scale_hint),
        Step::BaselineRating => before::rest_rating(session, None, &scale_hint),
        Step::Ready { .. } if session.prompting() => {
            before::rest_rating(session, Some(session.rest_left_s()), &scale_hint)
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
                let mut lines = vec![
                    format!("Condition {} is next.", label(position)),
                    format!("Stop at any moment with {stop}."),
                ];
                if position == session.positions().start {
                    lines.extend(before::scale_instruction(session.protocol().in_play_scale));
                }
                (lines, format!("Press {answer} to start"))
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
            let left = session.prompt_left_s()?.min(FMS_ANSWER_S).ceil();
            compact_prompt(session, &answer, left)
        }
        Step::Question { position, index } => {
            let q = &session.protocol().questions[index];
            let (low, high) = q.range();
            Panel {
                title: format!("About Condition {}", label(position)),
                lines: vec![
                    q.text.clone(),
                    String::new(),
                    format!("{low} = {}   {high} = {}", q.low, q.high),
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
        Step::Done => {
            let (title, lines) = match session.ending() {
                Ending::Complete => (
                    "Thank you: the session is complete",
                    vec![
                        "Your answers are saved.".into(),
                        "Please tell the researcher that you have finished.".into(),
                    ],
                ),
                Ending::VisitOver => (
                    "Thank you: this visit is complete",
                    vec![
                        "Your answers are saved.".into(),
                        "The rest of the study is on another day.".into(),
                        "Please tell the researcher that you have finished.".into(),
                    ],
                ),
                Ending::Refused => (
                    "Thank you",
                    vec![
                        "You chose not to take part: that is fine.".into(),
                        "No answers are kept: only your participant ID,".into(),
                        "the time, and this choice.".into(),
                        "Please tell the researcher.".into(),
                    ],
                ),
            };
            Panel {
                title: title.into(),
                lines,
                value: None,
                hint: format!("Press {} to close", key(Action::Quit)),
                compact: false,
            }
        }
    };
    Some(p)
}

/// The in-play prompt: two lines in a strip at the top edge, the view
/// left clear below (at most a tenth of the frame: `render::panel`). The
/// question names what to count every time; nothing is shown as the
/// answer until one is typed; `left` seconds remain to answer.
fn compact_prompt(session: &Session, answer: &str, left: f64) -> Panel {
    let scale = session.protocol().in_play_scale;
    let entry = session.entry();
    let shown = entry.map_or("_".to_string(), |v| v.to_string());
    // The top of the scale as the session takes it, never a copy of it.
    let max = scale.max();
    let (title, line) = match scale {
        InPlayScale::Fms => (
            "How sick do you feel now? (nausea, discomfort, stomach)".to_string(),
            format!("0 none ... {max} frank sickness:  {shown}  then {answer} ({left:.0} s)"),
        ),
        InPlayScale::Misc => (
            format!("How do you feel now? 0 no problems ... {max} vomiting"),
            match entry.and_then(|v| MISC_SHORT.get(usize::from(v))) {
                Some(words) => format!("{shown}: {words}"),
                None => format!("0 to {max}:  {shown}  then {answer} ({left:.0} s)"),
            },
        ),
    };
    Panel {
        title,
        lines: vec![line],
        value: None,
        hint: String::new(),
        compact: true,
    }
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
            s.press(Key::Digit(1));
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
        assert!(p.lines[0].contains("20 frank sickness"));
    }

    #[test]
    fn the_prompt_names_the_top_of_its_own_scale() {
        let b = Bindings::default();
        let p = panel(&prompting("in_play_scale = \"misc\"", &[]), &b).unwrap();
        assert!(p.title.contains("10 vomiting"), "{}", p.title);
        assert!(p.lines[0].starts_with("0 to 10:"), "{:?}", p.lines);
        // A typed level shows its words, the MISC's own hint.
        let p = panel(&prompting("in_play_scale = \"misc\"", &[8]), &b).unwrap();
        assert_eq!(p.lines[0], format!("8: {}", MISC_SHORT[8]));
    }

    /// The session of a protocol with `extra` keys, its first prompt open
    /// (and `typed` typed into it).
    fn prompting(extra: &str, typed: &[u8]) -> Session {
        let text = format!(
            "name = \"t\"\nmap = \"m\"\nssq = false\n{extra}\n[[condition]]\nname = \"c\"\n"
        );
        let p = Protocol::parse(&text, Path::new("p.toml")).unwrap();
        let mut s = Session::new(p, vec![0]);
        s.press(Key::Confirm);
        s.press(Key::Confirm);
        s.advance(60.0);
        assert!(s.prompting());
        for &d in typed {
            s.press(Key::Digit(d));
        }
        s
    }

    #[test]
    fn the_prompt_covers_a_tenth_of_the_frame_at_most_and_preselects_nothing() {
        let b = Bindings::default();
        const GREY: [u8; 4] = [90, 90, 90, 255];
        let cases = [
            ("", &[][..]),
            ("", &[1, 7][..]),
            ("in_play_scale = \"misc\"", &[][..]),
            ("in_play_scale = \"misc\"", &[2][..]),
            ("in_play_scale = \"misc\"", &[1, 0][..]),
        ];
        for (extra, typed) in cases {
            let s = prompting(extra, typed);
            let p = panel(&s, &b).unwrap();
            if typed.is_empty() {
                assert_eq!(s.entry(), None, "nothing preselected");
                assert!(p.lines[0].contains(" _ "), "{:?}", p.lines);
            }
            for (w, h) in [
                (960, 540),
                (640, 360),
                (1280, 720),
                (1920, 1080),
                (800, 600),
            ] {
                let mut rgba: Vec<u8> = GREY.repeat(w * h);
                draw_over(&s, &b, Frame::new(&mut rgba, w, h));
                let drawn = rgba.chunks(4).filter(|px| *px != GREY).count();
                assert!(
                    drawn * 10 <= w * h,
                    "{extra} {typed:?} at {w}x{h}: {drawn} of {} pixels",
                    w * h
                );
                // The prompt sits at the top edge: the lower nine tenths
                // of the view are play's.
                let low = &rgba[h / 10 * w * 4..];
                assert!(low.chunks(4).all(|px| px == GREY), "{w}x{h}");
                if (w, h) == (960, 540) {
                    let l = crate::render::panel::layout(&p, (w, h));
                    assert_eq!(l.scale, 2, "16-pixel text at 960x540");
                }
            }
        }
    }
}
