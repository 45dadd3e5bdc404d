//! Tests of the session's state machine.

use super::*;
use std::path::Path;

fn protocol(extra: &str) -> Protocol {
    let text = format!(
        "name = \"t\"\nmap = \"m\"\nexposure_s = 100\nfms_interval_s = 30\nrest_s = 20\n{extra}\n\
         [[question]]\nid = \"q\"\ntext = \"How?\"\nlow = \"no\"\nhigh = \"yes\"\n\
         [[condition]]\nname = \"one\"\n[[condition]]\nname = \"two\"\n"
    );
    Protocol::parse(&text, Path::new("p.toml")).unwrap()
}

/// Answers an SSQ with `rating` for every item.
fn ssq(s: &mut Session, rating: u8) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..16 {
        events.extend(s.press(Key::Digit(rating)));
        events.extend(s.press(Key::Confirm));
    }
    events
}

/// Advances `seconds` in ticks of 1/120 s.
fn play(s: &mut Session, seconds: f64) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..(seconds * 120.0).round() as usize {
        events.extend(s.advance(1.0 / 120.0));
    }
    events
}

#[test]
fn a_whole_session_gives_every_answer_in_order() {
    let mut s = Session::new(protocol(""), vec![1, 0]);
    assert_eq!(s.press(Key::Confirm), []);
    let baseline = ssq(&mut s, 1);
    assert_eq!(baseline.len(), 17);
    assert_eq!(
        baseline[16],
        Event::SsqDone {
            when: When::Baseline,
            answers: [1; 16]
        }
    );
    assert_eq!(s.step(), Step::Ready { position: 0 });
    assert_eq!(
        s.press(Key::Confirm),
        [Event::ConditionStarted { position: 0 }]
    );
    // Prompts at 30, 60, 90 s: answer the first by typing 1 2 a second
    // after it opened, leave the second, answer the third with up (from
    // 0: the last rating is not offered).
    let events = play(&mut s, 31.0);
    assert_eq!(
        events,
        [Event::Prompted {
            position: 0,
            t_s: 30.0,
            tone: false
        }]
    );
    assert!(s.prompting());
    assert_eq!(s.entry(), None, "no answer shown before one is given");
    assert_eq!(s.press(Key::Confirm), [], "a confirm alone does nothing");
    s.press(Key::Digit(1));
    s.press(Key::Digit(2));
    let answered = s.press(Key::Confirm);
    let [Event::Rating {
        position: 0,
        t_s,
        rating: Some(12),
        latency_s: Some(latency),
    }] = answered[..]
    else {
        panic!("{answered:?}")
    };
    assert_eq!(t_s, 30.0);
    assert!((latency - 1.0).abs() < 0.01, "{latency}");
    let events = play(&mut s, 59.5);
    assert_eq!(
        events,
        [
            Event::Prompted {
                position: 0,
                t_s: 60.0,
                tone: false
            },
            Event::Rating {
                position: 0,
                t_s: 60.0,
                rating: None,
                latency_s: None,
            },
            Event::Prompted {
                position: 0,
                t_s: 90.0,
                tone: false
            }
        ]
    );
    s.press(Key::Up);
    assert_eq!(s.entry(), Some(0));
    s.press(Key::Up);
    assert_eq!(s.press(Key::Confirm).len(), 1);
    let events = play(&mut s, 10.0);
    assert_eq!(
        events,
        [Event::ConditionEnded {
            position: 0,
            duration_s: 100.0,
            reason: EndReason::Completed
        }]
    );
    assert_eq!(
        s.step(),
        Step::Ssq {
            when: When::Post(0),
            item: 0
        }
    );
    ssq(&mut s, 0);
    assert_eq!(
        s.step(),
        Step::Question {
            position: 0,
            index: 0
        }
    );
    // The 1-7 scale shows no answer until one is given.
    assert_eq!(s.entry(), None);
    assert_eq!(s.press(Key::Confirm), []);
    s.press(Key::Digit(9));
    assert_eq!(s.entry(), Some(7), "clamped to the scale");
    assert_eq!(
        s.press(Key::Confirm),
        [Event::Answer {
            position: 0,
            index: 0,
            value: 7
        }]
    );
    // The rest cannot be skipped before its minimum.
    assert_eq!(s.step(), Step::Ready { position: 1 });
    assert_eq!(s.press(Key::Confirm), []);
    play(&mut s, 20.05);
    assert_eq!(
        s.press(Key::Confirm),
        [Event::ConditionStarted { position: 1 }]
    );
    // The stop key ends play at once.
    play(&mut s, 5.0);
    let events = s.press(Key::Stop);
    assert_eq!(events.len(), 1);
    let Event::ConditionEnded {
        duration_s,
        reason: EndReason::Participant,
        ..
    } = events[0]
    else {
        panic!("{events:?}")
    };
    assert!((duration_s - 5.0).abs() < 1e-9);
    ssq(&mut s, 2);
    s.press(Key::Digit(5));
    s.press(Key::Confirm);
    assert_eq!(s.step(), Step::Ranking);
    s.press(Key::Down);
    assert_eq!(
        s.press(Key::Confirm),
        [
            Event::Rank {
                rank: 1,
                position: 1
            },
            Event::Rank {
                rank: 2,
                position: 0
            },
            Event::Finished
        ]
    );
    assert_eq!(s.step(), Step::Done);
}

#[test]
fn a_stop_rating_ends_the_condition_and_closes_nothing_twice() {
    let mut s = Session::new(protocol("stop_at_fms = 15\nssq = false"), vec![0, 1]);
    s.press(Key::Confirm);
    s.press(Key::Confirm);
    play(&mut s, 30.05);
    s.press(Key::Digit(1));
    s.press(Key::Digit(5));
    let events = s.press(Key::Confirm);
    assert_eq!(events.len(), 2, "{events:?}");
    assert!(matches!(
        events[1],
        Event::ConditionEnded {
            reason: EndReason::StopRule,
            ..
        }
    ));
    assert_eq!(
        s.step(),
        Step::Question {
            position: 0,
            index: 0
        }
    );
}

#[test]
fn a_stop_during_a_prompt_records_it_missing() {
    let mut s = Session::new(protocol("ssq = false"), vec![0, 1]);
    s.press(Key::Confirm);
    s.press(Key::Confirm);
    play(&mut s, 35.0);
    let events = s.press(Key::Stop);
    assert!(
        matches!(events[0], Event::Rating { rating: None, .. }),
        "{events:?}"
    );
    assert!(matches!(events[1], Event::ConditionEnded { .. }));
}

#[test]
fn a_number_over_twenty_is_not_built_from_digits() {
    let mut s = Session::new(protocol("ssq = false"), vec![0, 1]);
    s.press(Key::Confirm);
    s.press(Key::Confirm);
    play(&mut s, 30.05);
    s.press(Key::Digit(2));
    s.press(Key::Digit(5));
    assert_eq!(
        s.entry(),
        Some(5),
        "25 is off the scale: the 5 starts again"
    );
    s.press(Key::Down);
    s.press(Key::Down);
    assert_eq!(s.entry(), Some(3));
}

#[test]
fn resume_starts_at_the_first_step_not_done() {
    let p = protocol("");
    let mut done = Progress {
        baseline: vec![1; 5],
        ..Progress::default()
    };
    let s = Session::resume(p.clone(), vec![0, 1], &done);
    assert_eq!(
        s.step(),
        Step::Ssq {
            when: When::Baseline,
            item: 5
        }
    );
    done.baseline = vec![1; 16];
    let s = Session::resume(p.clone(), vec![0, 1], &done);
    assert_eq!(s.step(), Step::Ready { position: 0 });
    done.played = vec![0];
    done.post = vec![(0, vec![0; 16])];
    let s = Session::resume(p.clone(), vec![0, 1], &done);
    assert_eq!(
        s.step(),
        Step::Question {
            position: 0,
            index: 0
        }
    );
    done.answered = vec![(0, 0)];
    let s = Session::resume(p.clone(), vec![0, 1], &done);
    assert_eq!(s.step(), Step::Ready { position: 1 });
    done.played = vec![0, 1];
    done.post.push((1, vec![0; 16]));
    done.answered.push((1, 0));
    let s = Session::resume(p, vec![0, 1], &done);
    assert_eq!(s.step(), Step::Ranking);
}

#[test]
fn labels_are_letters_in_the_order_run() {
    assert_eq!(label(0), "A");
    assert_eq!(label(3), "D");
}

#[test]
fn the_mssq_comes_before_the_baseline_ssq_and_takes_never_travelled() {
    let mut s = Session::new(protocol("mssq = true"), vec![0, 1]);
    s.press(Key::Confirm);
    assert_eq!(s.step(), Step::Mssq { item: 0 });
    let mut events = Vec::new();
    for item in 0..mssq::ITEMS {
        // The fourth kind never travelled in either section (4 on the
        // keys); the rest rated 2, the first by up from nothing (0, 1, 2).
        if item % mssq::KINDS.len() == 3 {
            events.extend(s.press(Key::Digit(mssq::NOT_TRAVELLED)));
        } else if item == 0 {
            s.press(Key::Up);
            s.press(Key::Up);
            s.press(Key::Up);
        } else {
            s.press(Key::Digit(2));
        }
        events.extend(s.press(Key::Confirm));
    }
    assert_eq!(events.len(), mssq::ITEMS + 1, "{events:?}");
    assert_eq!(
        events[3],
        Event::MssqItem {
            item: 3,
            answer: None
        }
    );
    let mut section = [Some(2); 9];
    section[3] = None;
    assert_eq!(
        events[mssq::ITEMS],
        Event::MssqDone {
            child: section,
            adult: section
        }
    );
    assert_eq!(
        s.step(),
        Step::Ssq {
            when: When::Baseline,
            item: 0
        }
    );
    // A value past "never travelled" is not an answer.
    let mut s = Session::new(protocol("mssq = true"), vec![0, 1]);
    s.press(Key::Confirm);
    s.press(Key::Digit(9));
    assert_eq!(s.entry(), Some(mssq::NOT_TRAVELLED), "clamped");
}

#[test]
fn a_session_resumes_inside_the_mssq() {
    let done = Progress {
        mssq: vec![Some(1); 11],
        ..Progress::default()
    };
    let s = Session::resume(protocol("mssq = true"), vec![0, 1], &done);
    assert_eq!(s.step(), Step::Mssq { item: 11 });
    let s = Session::resume(protocol(""), vec![0, 1], &done);
    assert!(
        matches!(s.step(), Step::Ssq { item: 0, .. }),
        "no MSSQ asked"
    );
}

#[test]
fn the_misc_is_rated_to_ten_and_its_stop_rule_ends_play() {
    let mut s = Session::new(
        protocol("in_play_scale = \"misc\"\nstop_at_misc = 7\nssq = false"),
        vec![0, 1],
    );
    s.press(Key::Confirm);
    s.press(Key::Confirm);
    play(&mut s, 30.05);
    s.press(Key::Digit(1));
    s.press(Key::Digit(2));
    assert_eq!(s.entry(), Some(2), "12 is off the MISC: the 2 starts again");
    s.press(Key::Digit(6));
    let events = s.press(Key::Confirm);
    assert_eq!(events.len(), 1, "6 is under the stop rule: {events:?}");
    play(&mut s, 30.0);
    s.press(Key::Digit(7));
    let events = s.press(Key::Confirm);
    assert!(
        matches!(
            events[..],
            [
                Event::Rating {
                    rating: Some(7),
                    ..
                },
                Event::ConditionEnded {
                    reason: EndReason::StopRule,
                    ..
                }
            ]
        ),
        "{events:?}"
    );
}

#[test]
fn end_reasons_name_themselves_and_say_which_are_stops() {
    for r in EndReason::ALL {
        assert_eq!(EndReason::from_name(r.name()), Some(r));
    }
    let stops: Vec<&str> = EndReason::ALL
        .iter()
        .filter(|r| r.is_stop())
        .map(|r| r.name())
        .collect();
    assert_eq!(stops, ["stop_rule", "participant"]);
}

#[test]
fn the_prompt_tone_sounds_at_every_in_play_prompt_and_only_there() {
    for (extra, tone) in [("", false), ("prompt_tone = true", true)] {
        let mut s = Session::new(protocol(extra), vec![1, 0]);
        s.press(Key::Confirm);
        let mut events = ssq(&mut s, 0);
        events.extend(s.press(Key::Confirm));
        // Play the whole first condition, every prompt left unanswered.
        events.extend(play(&mut s, 100.5));
        let prompts: Vec<(f64, bool)> = events
            .iter()
            .filter_map(|e| match *e {
                Event::Prompted { t_s, tone, .. } => Some((t_s, tone)),
                _ => None,
            })
            .collect();
        assert_eq!(
            prompts,
            [(30.0, tone), (60.0, tone), (90.0, tone)],
            "{extra}"
        );
    }
}
