//! Tests of consent, the demographics, the SSQ before each condition, the
//! rest's rule and the visits.

use super::*;
use std::path::Path;

/// A protocol of four conditions with `extra` top-level keys.
fn protocol(extra: &str) -> Protocol {
    let text = format!(
        "name = \"t\"\nmap = \"m\"\nexposure_s = 30\nfms_interval_s = 10\nrest_s = 60\n\
         ranking = false\n{extra}\n\
         [[condition]]\nname = \"a\"\n[[condition]]\nname = \"b\"\n\
         [[condition]]\nname = \"c\"\n[[condition]]\nname = \"d\"\n"
    );
    Protocol::parse(&text, Path::new("p.toml")).unwrap()
}

/// Types `value` and confirms it.
fn answer(s: &mut Session, value: u8) -> Vec<Event> {
    let mut events = Vec::new();
    if value >= 10 {
        events.extend(s.press(Key::Digit(value / 10)));
    }
    events.extend(s.press(Key::Digit(value % 10)));
    events.extend(s.press(Key::Confirm));
    events
}

/// Answers every SSQ item 0.
fn ssq(s: &mut Session) -> Vec<Event> {
    (0..ssq::ITEMS.len()).flat_map(|_| answer(s, 0)).collect()
}

/// Plays the condition of the ready screen to its end (no prompt
/// answered) and answers its SSQ.
fn play_one(s: &mut Session) -> Vec<Event> {
    let mut events = s.press(Key::Confirm);
    assert!(s.playing().is_some(), "{:?}", s.step());
    for _ in 0..(30.0 * 120.0) as usize + 1 {
        events.extend(s.advance(1.0 / 120.0));
    }
    if s.protocol().ssq {
        events.extend(ssq(s));
    }
    events
}

#[test]
fn a_refusal_ends_the_session_at_once() {
    let mut s = Session::new(
        protocol("consent = \"I agree.\"\ndemographics = true"),
        vec![0, 1, 2, 3],
    );
    s.press(Key::Confirm);
    assert_eq!(s.step(), Step::Consent);
    assert_eq!(s.entry(), None);
    assert_eq!(s.press(Key::Confirm), [], "no answer preselected");
    assert_eq!(
        answer(&mut s, 0),
        [Event::Consent { given: false }, Event::Finished]
    );
    assert_eq!(s.step(), Step::Done);
    assert_eq!(s.ending(), Ending::Refused);
    // The screen says what is kept: session.toml's ID and set-up, and
    // consent.csv's refusal and time (tests/study_visits.rs lists them).
    let bindings = crate::settings::Bindings::default();
    let panel = crate::study::screen::panel(&s, &bindings).unwrap();
    let words = panel.lines.join(" ");
    for kept in ["participant ID", "the time", "this choice"] {
        assert!(words.contains(kept), "{words}");
    }
}

#[test]
fn consent_then_the_demographics_then_the_questionnaires() {
    let mut s = Session::new(
        protocol("consent = \"I agree.\"\ndemographics = true\nmssq = true"),
        vec![0, 1, 2, 3],
    );
    s.press(Key::Confirm);
    assert_eq!(answer(&mut s, AGREE), [Event::Consent { given: true }]);
    assert_eq!(s.step(), Step::Demographic { item: 0 });
    // The age: typed, and past the range not taken.
    assert_eq!(
        answer(&mut s, 34),
        [Event::Demographic {
            item: 0,
            answer: "34".into()
        }]
    );
    // The gender: an option by its number, written as its words; no
    // option chosen beforehand.
    assert_eq!(s.entry(), None);
    assert_eq!(
        answer(&mut s, 3),
        [Event::Demographic {
            item: 1,
            answer: "non-binary".into()
        }]
    );
    for _ in 2..6 {
        assert_eq!(answer(&mut s, 1).len(), 1);
    }
    assert_eq!(s.step(), Step::Mssq { item: 0 });
}

#[test]
fn an_ssq_comes_right_before_each_condition_after_the_rest() {
    let mut s = Session::new(protocol("ssq_before_each = true"), vec![0, 1, 2, 3]);
    s.press(Key::Confirm);
    ssq(&mut s);
    assert_eq!(s.step(), Step::Ready { position: 0 }, "the baseline is A's");
    play_one(&mut s);
    assert_eq!(s.step(), Step::Ready { position: 1 });
    assert_eq!(s.press(Key::Confirm), [], "the rest first");
    s.advance(60.0);
    assert_eq!(
        s.step(),
        Step::Ssq {
            when: When::Pre(1),
            item: 0
        }
    );
    let events = ssq(&mut s);
    assert!(matches!(
        events.last(),
        Some(Event::SsqDone {
            when: When::Pre(1),
            ..
        })
    ));
    assert_eq!(s.step(), Step::Ready { position: 1 });
    assert_eq!(s.rest_left_s(), 0.0, "rested already");
    assert_eq!(
        s.press(Key::Confirm),
        [Event::ConditionStarted { position: 1 }]
    );
}

#[test]
fn the_rest_ends_when_the_fms_is_back_near_the_baseline() {
    let mut s = Session::new(
        protocol("rest_until_fms = 1\nssq = false"),
        vec![0, 1, 2, 3],
    );
    s.press(Key::Confirm);
    assert_eq!(s.step(), Step::BaselineRating);
    let events = answer(&mut s, 2);
    assert!(matches!(
        events[..],
        [Event::RestRating {
            position: 0,
            baseline: true,
            rating: Some(2),
            ..
        }]
    ));
    play_one(&mut s);
    assert_eq!(s.step(), Step::Ready { position: 1 });
    // The first question of the rest after its interval: 6 is not back.
    let events = s.advance(10.0);
    assert_eq!(events, []);
    assert!(s.prompting());
    let events = answer(&mut s, 6);
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(s.rest_left_s() > 0.0);
    s.advance(10.0);
    let events = answer(&mut s, 3);
    assert!(
        matches!(
            events[..],
            [
                Event::RestRating {
                    position: 1,
                    baseline: false,
                    rating: Some(3),
                    ..
                },
                Event::RestEnded {
                    position: 1,
                    reason: RestEnd::FmsBack,
                    ..
                }
            ]
        ),
        "{events:?}"
    );
    assert_eq!(s.rest_left_s(), 0.0, "within 1 of the baseline's 2");
    assert_eq!(
        s.press(Key::Confirm),
        [Event::ConditionStarted { position: 1 }]
    );
    // A rest whose FMS stays high ends at its timer.
    let mut t = Session::new(
        protocol("rest_until_fms = 0\nssq = false"),
        vec![0, 1, 2, 3],
    );
    t.press(Key::Confirm);
    answer(&mut t, 0);
    play_one(&mut t);
    let events = t.advance(60.0);
    assert!(
        matches!(
            events.last(),
            Some(Event::RestEnded {
                reason: RestEnd::Timer,
                ..
            })
        ),
        "{events:?}"
    );
}

#[test]
fn two_visits_split_the_order_and_the_second_opens_with_its_own_baseline() {
    let p = protocol("visits = 2\nmssq = true");
    assert_eq!(p.procedure.positions(1, 4), 0..2);
    assert_eq!(p.procedure.positions(2, 4), 2..4);
    let mut s = Session::new(p.clone(), vec![0, 1, 2, 3]);
    assert_eq!(s.press(Key::Confirm), [Event::VisitStarted { visit: 1 }]);
    assert_eq!(s.step(), Step::Mssq { item: 0 });
    for _ in 0..mssq::ITEMS {
        answer(&mut s, 1);
    }
    ssq(&mut s);
    play_one(&mut s);
    s.advance(60.0);
    let events = play_one(&mut s);
    assert!(events.contains(&Event::Finished), "{events:?}");
    assert_eq!(s.ending(), Ending::VisitOver);
    // The second visit: no MSSQ again; an SSQ before C is its baseline.
    let done = Progress {
        mssq: vec![Some(1); mssq::ITEMS],
        baseline: vec![0; 16],
        played: vec![0, 1],
        post: vec![(0, vec![0; 16]), (1, vec![0; 16])],
        visits: vec![1],
        ..Progress::default()
    };
    let mut s = Session::resume_visit(p.clone(), vec![0, 1, 2, 3], &done, 2);
    assert_eq!(s.step(), Step::Welcome);
    assert_eq!(s.press(Key::Confirm), [Event::VisitStarted { visit: 2 }]);
    assert_eq!(
        s.step(),
        Step::Ssq {
            when: When::Pre(2),
            item: 0
        }
    );
    ssq(&mut s);
    assert_eq!(s.step(), Step::Ready { position: 2 });
    assert_eq!(
        s.rest_left_s(),
        0.0,
        "a visit's first condition needs no rest"
    );
    play_one(&mut s);
    s.advance(60.0);
    let events = play_one(&mut s);
    assert!(events.contains(&Event::Finished));
    assert_eq!(s.ending(), Ending::Complete);
    // Resumed inside the second visit: at its first step not done.
    let mut inside = done.clone();
    inside.visits.push(2);
    inside.pre = vec![(2, vec![0; 5])];
    let s = Session::resume_visit(p, vec![0, 1, 2, 3], &inside, 2);
    assert_eq!(
        s.step(),
        Step::Ssq {
            when: When::Pre(2),
            item: 5
        }
    );
}

#[test]
fn a_refused_consent_resumes_to_its_end_and_a_slider_question_takes_zero_to_a_hundred() {
    let p = protocol("consent = \"I agree.\"");
    let done = Progress {
        consent: Some(false),
        ..Progress::default()
    };
    let s = Session::resume(p, vec![0, 1, 2, 3], &done);
    assert_eq!((s.step(), s.ending()), (Step::Done, Ending::Refused));
    let text = "name = \"t\"\nmap = \"m\"\nssq = false\n[[question]]\nid = \"vas\"\n\
                text = \"How?\"\nlow = \"no\"\nhigh = \"yes\"\nscale = \"slider\"\n\
                [[condition]]\nname = \"a\"\nexposure_s = 10\n";
    let mut s = Session::new(Protocol::parse(text, Path::new("p.toml")).unwrap(), vec![0]);
    s.press(Key::Confirm);
    s.press(Key::Confirm);
    s.advance(10.0);
    assert_eq!(
        s.step(),
        Step::Question {
            position: 0,
            index: 0
        }
    );
    assert_eq!(s.entry(), None);
    assert_eq!(
        answer(&mut s, 0),
        [
            Event::Answer {
                position: 0,
                index: 0,
                value: 0
            },
            Event::Finished
        ]
    );
}

#[test]
fn a_digit_other_than_the_two_answers_does_not_consent() {
    let mut s = Session::new(protocol("consent = \"I agree.\""), vec![0, 1, 2, 3]);
    s.press(Key::Confirm);
    for d in 2..=9 {
        assert_eq!(s.press(Key::Digit(d)), [], "digit {d}");
        assert_eq!(s.entry(), None, "digit {d} is no answer");
        assert_eq!(s.press(Key::Confirm), [], "digit {d} then Confirm");
        assert_eq!(s.step(), Step::Consent);
    }
    assert_eq!(answer(&mut s, AGREE), [Event::Consent { given: true }]);
}

#[test]
fn a_number_starting_at_eighteen_can_be_typed_and_refuses_less() {
    let item = "[[demographic]]\nid = \"adult_age\"\ntext = \"Age\"\nlow = 18\nhigh = 99";
    let mut s = Session::new(
        protocol(&format!("consent = \"I agree.\"\n{item}")),
        vec![0, 1, 2, 3],
    );
    s.press(Key::Confirm);
    answer(&mut s, AGREE);
    assert_eq!(s.step(), Step::Demographic { item: 0 });
    // A 0 begins no age from 18: ignored.
    s.press(Key::Digit(0));
    assert_eq!(s.entry(), None);
    s.press(Key::Digit(2));
    assert_eq!(s.entry(), Some(2), "the 2 of 25 stays as typed");
    assert_eq!(s.press(Key::Confirm), [], "2 is under 18");
    assert_eq!(
        answer(&mut s, 5)[..],
        [Event::Demographic {
            item: 0,
            answer: "25".into()
        }]
    );
}

#[test]
fn up_at_the_top_of_a_byte_wide_item_stays_at_the_top() {
    let item = "[[demographic]]\nid = \"score\"\ntext = \"Score\"\nlow = 0\nhigh = 255";
    let mut s = Session::new(
        protocol(&format!("consent = \"I agree.\"\n{item}")),
        vec![0, 1, 2, 3],
    );
    s.press(Key::Confirm);
    answer(&mut s, AGREE);
    assert_eq!(s.step(), Step::Demographic { item: 0 });
    for d in [2, 5, 5] {
        s.press(Key::Digit(d));
    }
    assert_eq!(s.entry(), Some(255));
    s.press(Key::Up);
    assert_eq!(
        s.entry(),
        Some(255),
        "Up at 255 neither overflows nor wraps to 0"
    );
}
