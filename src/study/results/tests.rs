//! Tests of the session's files: hashes, quoting, the sync seam, resume.

use super::resume::toml_string;
use super::*;

#[test]
fn sha256_matches_the_standard_vector() {
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

#[test]
fn toml_quoting_survives_a_round_trip() {
    let text = "name = \"x\"\n# a \"quote\" and \\ back\tslash\u{7}";
    let doc = format!("v = {}\n", toml_quote(text));
    assert_eq!(toml_string(&doc, "v").as_deref(), Some(text));
}

use crate::study::run::StudyRun;
use crate::study::session::{Key, Session, Step};
use std::cell::RefCell;
use std::rc::Rc;

const PROTOCOL: &str = "name = \"t\"\nmap = \"m\"\nmssq = true\nexposure_s = 20\n\
    fms_interval_s = 10\nrest_s = 0\n[[condition]]\nname = \"a\"\n[[condition]]\nname = \"b\"\n";

/// A session of [`PROTOCOL`] for P1 in `root`.
fn run(root: &Path) -> StudyRun {
    let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
    let start = Start {
        participant: "P1".into(),
        sequence: 1,
        simulated: None,
        protocol_file: "t.toml".into(),
        protocol_text: PROTOCOL.into(),
        map: "m.map".into(),
        site: Some("lab-2".into()),
    };
    let results = Results::create(root, &protocol, &[0, 1], &start).unwrap();
    StudyRun::new(Session::new(protocol, vec![0, 1]), results)
}

/// Data lines (past the headers) in every table of `dir`.
fn data_lines(dir: &Path) -> usize {
    [
        CONDITIONS, RATINGS, SSQ, SSQ_ITEMS, MSSQ, MSSQ_ITEMS, ANSWERS,
    ]
    .iter()
    .map(|f| {
        std::fs::read_to_string(dir.join(f))
            .unwrap()
            .lines()
            .count()
            - 1
    })
    .sum()
}

#[test]
fn every_answer_is_synced_once_before_the_next_question() {
    let scratch = files::Scratch::new("results-sync");
    let mut r = run(&scratch.join("results"));
    let synced: Rc<RefCell<Vec<PathBuf>>> = Rc::default();
    let log = Rc::clone(&synced);
    r.set_sync(Box::new(move |file, path| {
        log.borrow_mut().push(path.to_path_buf());
        file.sync_data()
    }));
    let dir = r.results().dir().to_path_buf();
    r.press(Key::Confirm).unwrap();
    // Each answer given is on disk, synced, when the press returns:
    // before the next question can be shown.
    let mut answers = 0;
    while matches!(r.session().step(), Step::Mssq { .. } | Step::Ssq { .. }) {
        r.press(Key::Digit(1)).unwrap();
        r.press(Key::Confirm).unwrap();
        answers += 1;
        // The questionnaires' scores are a line each, at their ends.
        let scores = usize::from(answers >= mssq::ITEMS) + usize::from(answers >= 34);
        // A questionnaire finished is a row of events.csv too.
        assert_eq!(
            synced.borrow().len(),
            answers + 2 * scores,
            "answer {answers}"
        );
        assert_eq!(data_lines(&dir), answers + scores);
    }
    assert_eq!(answers, mssq::ITEMS + ssq::ITEMS.len());
    let mssq_syncs = synced
        .borrow()
        .iter()
        .filter(|p| p.ends_with(MSSQ_ITEMS))
        .count();
    assert_eq!(mssq_syncs, mssq::ITEMS);
    let text = std::fs::read_to_string(dir.join(MSSQ)).unwrap();
    assert!(text.ends_with("P1,9.0000,9.0000,18.0000,0,0\n"), "{text}");
    let session = std::fs::read_to_string(dir.join(SESSION)).unwrap();
    assert!(session.contains("site = \"lab-2\""), "{session}");
}

#[test]
fn a_failed_sync_is_a_write_error_naming_the_file() {
    let scratch = files::Scratch::new("results-sync-fails");
    let mut r = run(&scratch.join("results"));
    r.set_sync(Box::new(|_, _| Err(io::Error::other("disk full"))));
    r.press(Key::Confirm).unwrap();
    r.press(Key::Digit(2)).unwrap();
    match r.press(Key::Confirm) {
        Err(ResultsError::Write { path, .. }) => {
            assert!(path.ends_with(MSSQ_ITEMS), "{}", path.display())
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_condition_cut_off_is_interrupted_on_resume_and_play_goes_on() {
    let scratch = files::Scratch::new("results-interrupted");
    let root = scratch.join("results");
    let mut r = run(&root);
    r.press(Key::Confirm).unwrap();
    for _ in 0..(mssq::ITEMS + ssq::ITEMS.len()) {
        r.press(Key::Digit(0)).unwrap();
        r.press(Key::Confirm).unwrap();
    }
    let cues = r.press(Key::Confirm).unwrap();
    assert_eq!(r.session().step(), Step::Play { position: 0 });
    let crate::study::run::Cue::Start { recording, .. } = &cues[0] else {
        panic!("{cues:?}")
    };
    // The recording as a kill leaves it: begun, never closed.
    std::fs::write(files::partial_path(recording), "not yet a recording\n").unwrap();
    for _ in 0..(12 * 120) {
        r.advance(1.0 / 120.0).unwrap();
    }
    r.press(Key::Digit(4)).unwrap();
    r.press(Key::Confirm).unwrap();
    drop(r);
    let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
    let (results, order, done) = Results::resume(&root, &protocol, PROTOCOL, "P1").unwrap();
    assert_eq!(done.played, [0]);
    let dir = results.dir().to_path_buf();
    let conditions = std::fs::read_to_string(dir.join(CONDITIONS)).unwrap();
    let row = conditions.lines().nth(1).unwrap();
    assert!(
        row.starts_with("P1,a,A,1,,10.000,true,1-a.wrec.partial,interrupted,10.000,"),
        "{row}"
    );
    let session = Session::resume(protocol, order, &done);
    assert!(
        matches!(
            session.step(),
            Step::Ssq {
                when: When::Post(0),
                ..
            }
        ),
        "{:?}",
        session.step()
    );
    let toml = std::fs::read_to_string(dir.join(SESSION)).unwrap();
    assert!(toml.contains("interrupted_s = 10.000"), "{toml}");
}

#[test]
fn a_study_table_past_its_cap_is_refused_on_resume() {
    let scratch = files::Scratch::new("results-cap");
    let root = scratch.join("results");
    let dir = run(&root).results().dir().to_path_buf();
    let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
    // 16 MiB, the cap written out: read, and refused only as a line
    // this program did not write; one byte more is too large to read.
    for (len, says) in [
        (16 << 20, "a line this program did not write"),
        ((16 << 20) + 1, "larger than 16 MiB"),
    ] {
        let mut file = File::create(dir.join(CONDITIONS)).unwrap();
        file.write_all(b"header\n").unwrap();
        file.set_len(len).unwrap();
        let e = Results::resume(&root, &protocol, PROTOCOL, "P1").unwrap_err();
        assert!(crate::located::chain(&e).contains(says), "{len}: {e}");
    }
}

#[test]
fn a_session_begun_before_latencies_goes_on_without_them() {
    let scratch = files::Scratch::new("results-ratings-v2");
    let root = scratch.join("results");
    let dir = run(&root).results().dir().to_path_buf();
    // The ratings.csv an older program began.
    let older = format!("{RATINGS_HEADER_V2}\nP1,a,A,1,10.000,fms,3\n");
    std::fs::write(dir.join(RATINGS), &older).unwrap();
    let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
    let (mut results, ..) = Results::resume(&root, &protocol, PROTOCOL, "P1").unwrap();
    results
        .write(&Event::Rating {
            position: 0,
            t_s: 20.0,
            rating: Some(5),
            latency_s: Some(1.5),
        })
        .unwrap();
    let text = std::fs::read_to_string(dir.join(RATINGS)).unwrap();
    assert_eq!(text, format!("{older}P1,a,A,1,20.000,fms,5\n"));
    // A header no version wrote is refused, not appended to.
    std::fs::write(dir.join(RATINGS), "participant,fms\n").unwrap();
    let e = Results::resume(&root, &protocol, PROTOCOL, "P1").unwrap_err();
    assert!(crate::located::chain(&e).contains("header"), "{e}");
}

#[test]
fn a_visit_the_protocol_lacks_is_refused_by_its_number() {
    let scratch = files::Scratch::new("results-visits");
    let root = scratch.join("results");
    let dir = run(&root).results().dir().to_path_buf();
    let was = std::fs::read_to_string(dir.join(SESSION)).unwrap();
    let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
    for v in [0, 2, 7] {
        let toml = format!("{was}\n[[visit]]\nvisit = {v}\nstarted_utc = \"x\"\n");
        std::fs::write(dir.join(SESSION), toml).unwrap();
        let e = Results::resume(&root, &protocol, PROTOCOL, "P1").unwrap_err();
        let message = crate::located::chain(&e);
        assert!(message.contains(&format!("visit {v},")), "{message}");
    }
    // Visit 1, which the protocol has, resumes.
    let toml = format!("{was}\n[[visit]]\nvisit = 1\nstarted_utc = \"x\"\n");
    std::fs::write(dir.join(SESSION), toml).unwrap();
    let (_, order, done) = Results::resume(&root, &protocol, PROTOCOL, "P1").unwrap();
    assert_eq!(done.visits, [1]);
    Session::resume(protocol, order, &done);
}

#[test]
fn the_consent_text_shown_is_hashed_into_session_toml() {
    let scratch = files::Scratch::new("results-consent");
    let sheet = "I agree to take part.\nI may stop at any time.";
    std::fs::write(scratch.join("consent.txt"), format!("{sheet}\n")).unwrap();
    let text = format!("consent = {{ file = \"consent.txt\" }}\n{PROTOCOL}");
    let protocol = Protocol::parse(&text, &scratch.join("t.toml")).unwrap();
    assert_eq!(protocol.procedure.consent.as_deref(), Some(sheet));
    let start = Start {
        participant: "P1".into(),
        sequence: 1,
        simulated: None,
        protocol_file: "t.toml".into(),
        protocol_text: text.clone(),
        map: "m.map".into(),
        site: None,
    };
    let root = scratch.join("results");
    let results = Results::create(&root, &protocol, &[0, 1], &start).unwrap();
    let toml = std::fs::read_to_string(results.dir().join(SESSION)).unwrap();
    // The text lives in its own file, so only this hash ties the session
    // to the words the participant agreed to.
    assert!(!toml.contains("stop at any time"));
    let hash = toml_string(&toml, "consent_sha256");
    assert_eq!(hash, Some(sha256_hex(sheet.as_bytes())));
    // Without a consent screen there is no hash.
    let scratch = files::Scratch::new("results-no-consent");
    let dir = run(&scratch.join("results")).results().dir().to_path_buf();
    let toml = std::fs::read_to_string(dir.join(SESSION)).unwrap();
    assert_eq!(toml_string(&toml, "consent_sha256"), None);
}

#[test]
fn a_baseline_fms_off_the_scale_is_refused_on_resume() {
    let text = format!("rest_until_fms = 1\n{PROTOCOL}");
    let protocol = Protocol::parse(&text, Path::new("t.toml")).unwrap();
    let scratch = files::Scratch::new("results-baseline");
    let root = scratch.join("results");
    let start = Start {
        participant: "P1".into(),
        sequence: 1,
        simulated: None,
        protocol_file: "t.toml".into(),
        protocol_text: text.clone(),
        map: "m.map".into(),
        site: None,
    };
    let dir = Results::create(&root, &protocol, &[0, 1], &start)
        .unwrap()
        .dir()
        .to_path_buf();
    let rests = dir.join(before::RESTS);
    let header = std::fs::read_to_string(&rests).unwrap();
    let with = |line: &str| std::fs::write(&rests, format!("{header}{line}\n")).unwrap();
    with("P1,a,A,1,baseline,0.000,20,1.000");
    let (_, _, done) = Results::resume(&root, &protocol, &text, "P1").unwrap();
    assert_eq!(
        done.baseline_fms,
        [(1, 20)],
        "the top of the scale is on it"
    );
    for line in [
        "P1,a,A,1,baseline,0.000,21,1.000",
        "P1,a,A,9,baseline,0.000,3,1.000",
    ] {
        with(line);
        let e = Results::resume(&root, &protocol, &text, "P1").unwrap_err();
        assert!(crate::located::chain(&e).contains("did not write"), "{e}");
    }
}
