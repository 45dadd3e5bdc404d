//! Before, between and across visits, end to end: the screens of a
//! simulated session of `studies/walking.toml` (consent, the
//! demographics, the compact prompt with what it asks), a two-visit
//! session that resumes at its second visit and reports as one
//! participant, and a refused consent that leaves only itself.

mod common;

use common::study::simulated_run;
use common::temp::TempDir;
use common::{lines, ok};
use std::path::Path;
use std::time::Duration;
use wobblecaster::study::protocol::Protocol;
use wobblecaster::study::results::{Results, Start, CONSENT_FILE};
use wobblecaster::study::run::StudyRun;
use wobblecaster::study::session::{Ending, Key, Session, Step};

/// Four short conditions over two visits, with everything around them.
const TWO_VISITS: &str = "name = \"visits\"\nmap = \"feel_course\"\nexposure_s = 20\n\
    fms_interval_s = 10\nrest_s = 30\nvisits = 2\nssq_before_each = true\n\
    rest_until_fms = 2\nconsent = \"I agree to take part.\"\ndemographics = true\n\
    [[demographic]]\nid = \"handedness\"\ntext = \"Which hand do you write with?\"\n\
    options = [\"left\", \"right\", \"either\"]\n\
    [[question]]\nid = \"vas\"\ntext = \"How pleasant?\"\nlow = \"not\"\nhigh = \"very\"\n\
    scale = \"slider\"\n\
    [[condition]]\nname = \"polar\"\nmovement = { model = \"polar\" }\n\
    [[condition]]\nname = \"classic\"\nmovement = { model = \"classic\" }\n\
    [[condition]]\nname = \"quake\"\nmovement = { model = \"quake\" }\n\
    [[condition]]\nname = \"heading\"\nmovement = { model = \"polar\", coupling = \"heading\" }\n";

#[test]
fn the_walking_study_shows_consent_the_demographics_and_a_compact_prompt() {
    let dir = TempDir::new("visits", "walking-screens");
    let (results, shots) = (dir.join("results"), dir.join("shots"));
    let screens = ["--screens", shots.to_str().unwrap()];
    let args = simulated_run("studies/walking.toml", "P01", "5", &results, &screens);
    ok(&common::run(&args, Duration::from_secs(300)).expect("the session finishes"));
    let words = std::fs::read_to_string(shots.join("screens.txt")).unwrap();
    for (file, said) in [
        ("consent.png", "I have read the information sheet"),
        ("demographics-1.png", "Your age, in years"),
        ("demographics-6.png", "Do you get migraines?"),
        ("ready.png", "do not count nervousness, boredom or fatigue"),
        (
            "prompt.png",
            "How sick do you feel now? (nausea, discomfort, stomach)",
        ),
    ] {
        // screens.txt: a blank line, the file's name, its words indented.
        let shot = words
            .split("\n\n")
            .find(|block| block.lines().next().is_some_and(|l| l.ends_with(file)))
            .unwrap_or_else(|| panic!("no {file} in {words}"));
        assert!(shot.contains(said), "{file} says {said:?}: {shot}");
    }
    let p = results.join("walking/P01");
    assert_eq!(
        lines(&p.join(CONSENT_FILE))[1].split(',').nth(1),
        Some("given")
    );
    let demographics = lines(&p.join("demographics.csv"));
    assert_eq!(demographics[0], "participant,item,answer");
    assert_eq!(demographics.len(), 7, "{demographics:?}");
    let ratings = lines(&p.join("ratings.csv"));
    assert!(ratings[0].ends_with(",rating,latency_s"), "{ratings:?}");
    let answered = ratings[1..].iter().filter(|r| !r.ends_with(",,")).count();
    assert!(answered > 0, "{ratings:?}");
    for r in ratings[1..].iter().filter(|r| !r.ends_with(",,")) {
        let latency: f64 = r.rsplit(',').next().unwrap().parse().unwrap();
        assert!((0.5..=15.0).contains(&latency), "{r}");
    }
}

#[test]
fn two_visits_resume_in_one_folder_and_report_as_one_participant() {
    let dir = TempDir::new("visits", "two");
    let protocol = dir.join("visits.toml");
    std::fs::write(&protocol, TWO_VISITS).unwrap();
    let results = dir.join("results");
    let run = |visit: &str| {
        let protocol = protocol.to_str().unwrap();
        let args = simulated_run(protocol, "P02", "11", &results, &["--visit", visit]);
        common::run(&args, Duration::from_secs(300)).expect("the visit finishes")
    };
    let said = ok(&run("1"));
    assert!(said.contains("--visit 2"), "{said}");
    let p = results.join("visits/P02");
    assert_eq!(lines(&p.join("conditions.csv")).len(), 3, "two played");
    // A third visit the protocol does not have is refused.
    assert!(!run("3").status.success());
    ok(&run("2"));
    let conditions = lines(&p.join("conditions.csv"));
    assert_eq!(conditions.len(), 5, "{conditions:?}");
    for (row, label) in conditions[1..].iter().zip(["A", "B", "C", "D"]) {
        assert_eq!(row.split(',').nth(2), Some(label), "{row}");
    }
    let session = std::fs::read_to_string(p.join("session.toml")).unwrap();
    assert_eq!(session.matches("[[visit]]").count(), 2, "{session}");
    // Demographics once; an SSQ before every condition after the first
    // (the second visit's first is its own baseline); the rests' FMS.
    assert_eq!(lines(&p.join("demographics.csv")).len(), 8);
    let ssq = lines(&p.join("ssq.csv"));
    let when = |w: &str| {
        ssq.iter()
            .filter(|r| r.split(',').nth(3) == Some(w))
            .count()
    };
    assert_eq!(
        (when("baseline"), when("pre"), when("post")),
        (1, 3, 4),
        "{ssq:?}"
    );
    let rests = lines(&p.join("rests.csv"));
    let baselines = rests.iter().filter(|r| r.contains(",baseline,")).count();
    assert_eq!(baselines, 2, "a baseline FMS each visit: {rests:?}");
    let ends = rests
        .iter()
        .filter(|r| r.contains(",fms_back,") || r.contains(",timer,"))
        .count();
    assert_eq!(ends, 2, "a rest before B and before D: {rests:?}");
    let answers = lines(&p.join("answers.csv"));
    assert!(
        answers.iter().any(|r| r.contains(",rank,")),
        "ranked at the end"
    );
    // One participant in the report, every condition, the visits' days.
    let out = dir.join("report");
    ok(&common::wobble(
        &[
            "study",
            "report",
            results.join("visits").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    ));
    let summary = lines(&out.join("summary.csv"));
    assert_eq!(summary.len(), 5, "{summary:?}");
    assert!(summary[1..].iter().all(|r| r.starts_with("P02,")));
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        report.contains("P02: visit 2 began 0 day(s) after visit 1"),
        "{report}"
    );
}

#[test]
fn a_refused_consent_leaves_only_the_refusal() {
    let dir = TempDir::new("visits", "refused");
    let root = dir.join("results");
    let protocol = Protocol::parse(TWO_VISITS, Path::new("visits.toml")).unwrap();
    let start = Start {
        participant: "P03".into(),
        sequence: 3,
        simulated: None,
        protocol_file: "visits.toml".into(),
        protocol_text: TWO_VISITS.into(),
        map: "feel_course".into(),
        site: None,
    };
    let order = vec![2, 3, 1, 0];
    let results = Results::create(&root, &protocol, &order, &start).unwrap();
    let mut run = StudyRun::new(Session::new(protocol.clone(), order), results);
    run.press(Key::Confirm).unwrap();
    assert_eq!(run.session().step(), Step::Consent);
    run.press(Key::Digit(0)).unwrap();
    run.press(Key::Confirm).unwrap();
    assert_eq!(run.session().step(), Step::Done);
    assert_eq!(run.session().ending(), Ending::Refused);
    let p = root.join("visits/P03");
    let mut files: Vec<String> = std::fs::read_dir(&p)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, [CONSENT_FILE, "events.csv", "session.toml"]);
    // The events log holds the session's start, its first visit, the
    // refusal and the end, nothing more.
    let events: Vec<String> = lines(&p.join("events.csv"))[1..]
        .iter()
        .map(|r| r.split(',').nth(4).unwrap().to_string())
        .collect();
    assert_eq!(
        events,
        ["session_start", "visit_start", "consent", "session_end"]
    );
    let consent = lines(&p.join(CONSENT_FILE));
    assert_eq!(consent.len(), 2);
    assert!(consent[1].starts_with("P03,refused,"), "{consent:?}");
    // Resumed, it is still over, and nothing more is written.
    let (results, order, done) = Results::resume(&root, &protocol, TWO_VISITS, "P03").unwrap();
    let s = Session::resume(protocol, order, &done);
    assert_eq!((s.step(), s.ending()), (Step::Done, Ending::Refused));
    drop(results);
    assert!(!p.join("ratings.csv").exists());
}
