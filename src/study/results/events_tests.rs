//! Tests of `events.csv` and the markers pushed with it.

use super::*;
use crate::files::Scratch;
use crate::study::protocol::Protocol;
use crate::study::results::{Results, Start, EVENTS};
use crate::study::run::StudyRun;
use crate::study::session::{Key, Session, Step};
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

const PROTOCOL: &str = "name = \"t\"\nmap = \"m\"\nexposure_s = 30\n\
    fms_interval_s = 10\nrest_s = 0\n[[condition]]\nname = \"a\"\n[[condition]]\nname = \"b\"\n";

/// Markers pushed, stamped 100 s, 101 s, ... on a clock of the test's.
#[derive(Default)]
struct Seen {
    markers: Vec<String>,
    cameras: usize,
}

struct Fake(Rc<RefCell<Seen>>);

impl Streams for Fake {
    fn marker(&mut self, marker: &str) -> Option<f64> {
        let mut seen = self.0.borrow_mut();
        seen.markers.push(marker.to_string());
        Some(99.5 + seen.markers.len() as f64)
    }
    fn camera(&mut self, _: [f64; 6]) {
        self.0.borrow_mut().cameras += 1;
    }
}

fn session(root: &Path) -> StudyRun {
    let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
    let start = Start {
        participant: "P1".into(),
        sequence: 1,
        simulated: None,
        protocol_file: "t.toml".into(),
        protocol_text: PROTOCOL.into(),
        map: "m.map".into(),
        site: None,
    };
    let results = Results::create(root, &protocol, &[0, 1], &start).unwrap();
    StudyRun::new(Session::new(protocol, vec![0, 1]), results)
}

/// Presses Confirm until the session is at play, answering 1 to every
/// questionnaire item.
fn to_play(r: &mut StudyRun) {
    for _ in 0..100 {
        match r.session().step() {
            Step::Play { .. } => return,
            Step::Ssq { .. } => {
                r.press(Key::Digit(1)).unwrap();
                r.press(Key::Confirm).unwrap();
            }
            _ => {
                r.press(Key::Confirm).unwrap();
            }
        }
    }
    panic!("never reached play: {:?}", r.session().step());
}

#[test]
fn every_study_event_is_a_row_and_a_marker_in_order() {
    let scratch = Scratch::new("events");
    let mut r = session(&scratch.join("results"));
    let seen = Rc::new(RefCell::new(Seen::default()));
    r.set_streams(Box::new(Fake(Rc::clone(&seen))));
    to_play(&mut r);
    // Twelve seconds of play: a prompt at 10 s, answered 4.
    for _ in 0..(12 * 120) {
        r.advance(1.0 / 120.0).unwrap();
        r.camera(&crate::sim::Pose::default());
    }
    r.press(Key::Digit(4)).unwrap();
    r.press(Key::Confirm).unwrap();
    r.advance(0.5).unwrap();
    r.press(Key::Stop).unwrap();
    r.log("visit", "1 of 2").unwrap();
    let dir = r.results().dir().to_path_buf();
    let text = std::fs::read_to_string(dir.join(EVENTS)).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(EVENTS_HEADER));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let named: Vec<(&str, &str)> = rows.iter().map(|r| (r[4], r[5])).collect();
    assert_eq!(
        named,
        [
            ("session_start", "1"),
            // Every item 1: the three scales' 7 items each, 21, times 3.74
            // (Kennedy et al. 1993).
            ("ssq", "baseline 78.54"),
            ("condition_start", "A a"),
            ("prompt", "A fms"),
            ("rating", "A fms 4"),
            ("stop", "A participant"),
            ("condition_end", "A participant 12.500"),
            ("visit", "1 of 2"),
        ]
    );
    // The session's clock: the prompt 10 s into play, the stop at 12.5 s.
    let t = |i: usize| rows[i][2].parse::<f64>().unwrap();
    assert!((t(3) - t(2) - 10.0).abs() < 0.01, "{text}");
    assert!((t(6) - t(2) - 12.5).abs() < 0.01, "{text}");
    // Each row's marker is `event detail`, and its time the stream's.
    let seen = seen.borrow();
    // The session's start, written before the streams were set, is
    // pushed first when they are.
    let markers: Vec<String> = named.iter().map(|(e, d)| format!("{e} {d}")).collect();
    assert_eq!(seen.markers, markers);
    assert_eq!(rows[0][3], "", "no stream yet at the session's start");
    assert_eq!(rows[1][3], "101.500000");
    assert_eq!(seen.cameras, 12 * 120);
    for row in &rows {
        assert_eq!(row[0], "P1");
        assert_eq!(row[1].len(), "2026-12-07T21:30:00.000Z".len(), "{}", row[1]);
    }
}

#[test]
fn a_detail_with_commas_or_quotes_stays_one_field() {
    assert_eq!(csv_field("plain words"), "plain words");
    assert_eq!(csv_field("a, b"), "\"a, b\"");
    assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_eq!(utc_ms(1_000_123), "1970-01-01T00:16:40.123Z");
}

#[test]
fn a_camera_sample_is_in_metres_and_degrees() {
    let pose = crate::sim::Pose {
        x: 1.5,
        y: 2.0,
        z: 0.5,
        yaw: std::f64::consts::FRAC_PI_2,
        pitch: -0.1,
        roll: 0.0,
    };
    let s = camera_sample(&pose);
    let m = crate::feel::DEFAULT_METRES_PER_TILE;
    assert_eq!(&s[..3], &[1.5 * m, 2.0 * m, 0.5 * m]);
    assert!((s[3] - 90.0).abs() < 1e-12);
    assert!((s[4] + 0.1f64.to_degrees()).abs() < 1e-12);
}

#[test]
fn the_prompt_tone_is_cued_with_its_prompt_and_named_in_its_row() {
    let scratch = Scratch::new("events-tone");
    let text = PROTOCOL.replace("rest_s = 0\n", "rest_s = 0\nprompt_tone = true\n");
    let protocol = Protocol::parse(&text, Path::new("t.toml")).unwrap();
    let start = Start {
        participant: "P1".into(),
        sequence: 1,
        simulated: None,
        protocol_file: "t.toml".into(),
        protocol_text: text.clone(),
        map: "m.map".into(),
        site: None,
    };
    let results = Results::create(&scratch.join("results"), &protocol, &[0, 1], &start).unwrap();
    let mut r = StudyRun::new(Session::new(protocol, vec![0, 1]), results);
    to_play(&mut r);
    // Tones at 10 s and 20 s into play, with the prompts and no sooner.
    let mut toned = Vec::new();
    for tick in 1..=(25 * 120) {
        let cues = r.advance(1.0 / 120.0).unwrap();
        if cues.contains(&crate::study::run::Cue::Tone) {
            toned.push(tick);
        }
    }
    // (A tick's sum of 1/120 s may land a tick past the whole second.)
    let seconds: Vec<f64> = toned
        .iter()
        .map(|&t| (f64::from(t) / 120.0).floor())
        .collect();
    assert_eq!(seconds, [10.0, 20.0], "{toned:?}");
    let dir = r.results().dir().to_path_buf();
    let text = std::fs::read_to_string(dir.join(EVENTS)).unwrap();
    let prompts: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split(',').nth(5).filter(|_| l.contains(",prompt,")))
        .collect();
    assert_eq!(prompts, ["A fms tone", "A fms tone"], "{text}");
}
