//! Study sessions end to end: a simulated participant through the
//! command line writes every file; a taken ID is refused without touching
//! a byte; the same seed gives the same answers; a session cut off
//! resumes after its last answer; a bad protocol is refused at its line.

mod common;

use common::lines;
use common::study::simulated_run;
use common::temp::TempDir;
use std::path::Path;
use std::time::Duration;
use wobblecaster::study::protocol::Protocol;
use wobblecaster::study::results::{Results, Start, CONDITIONS_HEADER, RATINGS_HEADER};
use wobblecaster::study::session::{Key, Session, Step};

const PROTOCOL: &str = "name = \"short\"\nmap = \"feel_course\"\nexposure_s = 30\n\
    fms_interval_s = 10\nrest_s = 5\n\
    [[question]]\nid = \"control\"\ntext = \"In control?\"\nlow = \"no\"\nhigh = \"yes\"\n\
    [[condition]]\nname = \"polar\"\nmovement = { model = \"polar\" }\n\
    [[condition]]\nname = \"quake\"\nmovement = { model = \"quake\" }\n";

/// Runs `study run` for a simulated participant; its output.
fn simulate(dir: &TempDir, id: &str, seed: &str, results: &str) -> std::process::Output {
    let protocol = dir.join("short.toml");
    if !protocol.exists() {
        std::fs::write(&protocol, PROTOCOL).unwrap();
    }
    let args = simulated_run(
        protocol.to_str().unwrap(),
        id,
        seed,
        Path::new(results),
        &[],
    );
    common::run(&args, Duration::from_secs(120)).expect("the session finishes")
}

#[test]
fn a_simulated_session_writes_every_file() {
    let dir = TempDir::new("study", "files");
    let results = dir.join("results");
    let out = simulate(&dir, "S01", "3", results.to_str().unwrap());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let p = results.join("short/S01");
    let session = std::fs::read_to_string(p.join("session.toml")).unwrap();
    for key in [
        "simulated = true",
        "simulate_seed = 3",
        "sequence = 1",
        "order = [\"polar\", \"quake\"]",
        "labels = [\"A\", \"B\"]",
        "protocol_sha256 = \"",
    ] {
        assert!(session.contains(key), "{key} in {session}");
    }
    let conditions = lines(&p.join("conditions.csv"));
    assert_eq!(conditions[0], CONDITIONS_HEADER);
    assert_eq!(conditions.len(), 3, "{conditions:?}");
    assert!(
        conditions[1].starts_with("S01,polar,A,1,"),
        "{conditions:?}"
    );
    for row in &conditions[1..] {
        let recording = row.split(',').nth(7).unwrap();
        let text = std::fs::read_to_string(p.join(recording)).unwrap();
        assert!(
            text.lines().last().unwrap().starts_with("end "),
            "{recording} closed"
        );
    }
    let ratings = lines(&p.join("ratings.csv"));
    assert_eq!(ratings[0], RATINGS_HEADER);
    // Two prompts in each 30 s condition (at 10 and 20 s) unless stopped.
    assert!(ratings.len() >= 3, "{ratings:?}");
    let ssq = lines(&p.join("ssq.csv"));
    assert_eq!(ssq.len(), 4, "a baseline and two post: {ssq:?}");
    assert!(ssq[1].starts_with("S01,,,baseline,"), "{ssq:?}");
    assert_eq!(lines(&p.join("ssq-items.csv")).len(), 1 + 3 * 16);
    let answers = lines(&p.join("answers.csv"));
    assert_eq!(
        answers.len(),
        1 + 2 + 2,
        "two answers, two ranks: {answers:?}"
    );
    assert!(answers.iter().any(|a| a.contains(",rank,1")), "{answers:?}");
}

#[test]
fn a_taken_participant_is_refused_and_nothing_changes() {
    let dir = TempDir::new("study", "taken");
    let results = dir.join("results");
    let first = simulate(&dir, "S02", "1", results.to_str().unwrap());
    assert!(first.status.success());
    let folder = results.join("short/S02");
    let before: Vec<(String, Vec<u8>)> = files_of(&folder);
    let again = simulate(&dir, "S02", "9", results.to_str().unwrap());
    assert!(!again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("already has a session"), "{said}");
    assert!(said.contains("--resume"), "{said}");
    assert_eq!(files_of(&folder), before, "no file of the session changed");
}

fn files_of(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (p.display().to_string(), std::fs::read(&p).unwrap())
        })
        .collect();
    all.sort();
    all
}

#[test]
fn the_same_seed_gives_the_same_answers() {
    let dir = TempDir::new("study", "seed");
    let (a, b) = (dir.join("a"), dir.join("b"));
    assert!(simulate(&dir, "S03", "7", a.to_str().unwrap())
        .status
        .success());
    assert!(simulate(&dir, "S03", "7", b.to_str().unwrap())
        .status
        .success());
    for f in ["ratings.csv", "ssq.csv", "answers.csv", "1-polar.wrec"] {
        let (x, y) = (a.join("short/S03").join(f), b.join("short/S03").join(f));
        assert_eq!(std::fs::read(x).unwrap(), std::fs::read(y).unwrap(), "{f}");
    }
}

#[test]
fn a_bad_protocol_is_refused_at_its_line() {
    let dir = TempDir::new("study", "bad");
    let protocol = dir.join("bad.toml");
    std::fs::write(
        &protocol,
        PROTOCOL.replace("fms_interval_s", "fms_intervl_s"),
    )
    .unwrap();
    let args = [
        "study",
        "run",
        protocol.to_str().unwrap(),
        "--participant",
        "S1",
        "--simulate",
        "1",
        "--headless",
    ];
    let out = common::run(&args, Duration::from_secs(60)).unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("bad.toml:4:1: unknown key `fms_intervl_s` (did you mean `fms_interval_s`?)"),
        "{said}"
    );
}

/// Feeds `keys` to the session, writing every event as it comes.
fn press(session: &mut Session, results: &mut Results, keys: &[Key]) {
    for &k in keys {
        for e in session.press(k) {
            results.write(&e).unwrap();
        }
    }
}

#[test]
fn a_session_cut_off_mid_condition_resumes_after_its_last_answer() {
    let dir = TempDir::new("study", "resume");
    let root = dir.join("results");
    let protocol = Protocol::parse(PROTOCOL, Path::new("short.toml")).unwrap();
    let start = Start {
        participant: "P1".into(),
        sequence: 1,
        simulated: None,
        protocol_file: "short.toml".into(),
        protocol_text: PROTOCOL.into(),
        map: "maps/feel_course.map".into(),
        site: None,
    };
    let mut results = Results::create(&root, &protocol, &[0, 1], &start).unwrap();
    let mut s = Session::new(protocol.clone(), vec![0, 1]);
    press(&mut s, &mut results, &[Key::Confirm]);
    for _ in 0..16 {
        press(&mut s, &mut results, &[Key::Digit(1), Key::Confirm]);
    }
    press(&mut s, &mut results, &[Key::Confirm]);
    // Play 15 s: one prompt, answered 4; then the "crash".
    for _ in 0..15 * 120 {
        for e in s.advance(1.0 / 120.0) {
            results.write(&e).unwrap();
        }
        if s.prompting() {
            press(&mut s, &mut results, &[Key::Digit(4), Key::Confirm]);
        }
    }
    drop(results);
    // The same ID again is refused; resume goes on.
    assert!(Results::create(&root, &protocol, &[0, 1], &start).is_err());
    // The cut-off attempt left its recording, unfinished.
    std::fs::write(root.join("short/P1/1-polar.wrec.partial"), "cut off").unwrap();
    let (again, order, done) = Results::resume(&root, &protocol, PROTOCOL, "P1").unwrap();
    assert_eq!(order, [0, 1]);
    assert_eq!(done.baseline, vec![1; 16]);
    // The condition cut off is written down as interrupted at the last
    // moment known (its prompt at 10 s), not played again: the session
    // goes on with its questionnaire.
    assert_eq!(done.played, [0]);
    let resumed = Session::resume(protocol.clone(), order, &done);
    assert!(
        matches!(resumed.step(), Step::Ssq { item: 0, .. }),
        "{:?}",
        resumed.step()
    );
    let played = lines(&root.join("short/P1/conditions.csv"));
    assert!(
        played[1].contains(",true,1-polar.wrec.partial,interrupted,10.000,"),
        "{played:?}"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("short/P1/1-polar.wrec.partial")).unwrap(),
        "cut off"
    );
    drop(again);
    let session = std::fs::read_to_string(root.join("short/P1/session.toml")).unwrap();
    assert!(session.contains("[[resumed]]"), "{session}");
    assert!(session.contains("condition = \"polar\""), "{session}");
    assert!(session.contains("interrupted_s = 10.000"), "{session}");
    // A changed protocol is refused.
    let changed = PROTOCOL.replace("rest_s = 5", "rest_s = 6");
    let e = Results::resume(&root, &protocol, &changed, "P1").unwrap_err();
    assert!(
        e.to_string().contains("changed since this session started"),
        "{e}"
    );
    // The answers given before the cut are all there.
    let ratings = lines(&root.join("short/P1/ratings.csv"));
    assert_eq!(ratings[1], "P1,polar,A,1,10.000,fms,4,0.000");
}

/// A protocol with every kind of screen: the MSSQ, a question, a rest,
/// three conditions (the third's name is a model's word too) and the
/// ranking.
const EVERY_SCREEN: &str = "name = \"screens\"\nmap = \"feel_course\"\nexposure_s = 20\n\
    fms_interval_s = 10\nrest_s = 5\nmssq = true\n\
    [[question]]\nid = \"control\"\ntext = \"In control?\"\nlow = \"no\"\nhigh = \"yes\"\n\
    [[condition]]\nname = \"secret-one\"\nmovement = { model = \"polar\", coupling = \"velocity\" }\n\
    [[condition]]\nname = \"secret-two\"\nmovement = { model = \"classic\" }\n\
    [[condition]]\nname = \"quake\"\nmovement = { model = \"quake\" }\n";

#[test]
fn the_screens_of_a_session_are_drawn_and_none_gives_a_condition_away() {
    let dir = TempDir::new("study", "screens");
    let protocol = dir.join("screens.toml");
    std::fs::write(&protocol, EVERY_SCREEN).unwrap();
    let (results, screens) = (dir.join("results"), dir.join("screens"));
    let more = [
        "--screens",
        screens.to_str().unwrap(),
        "--screens-size",
        "320x180",
    ];
    let args = simulated_run(protocol.to_str().unwrap(), "S01", "2", &results, &more);
    let out = common::run(&args, Duration::from_secs(120)).expect("the session finishes");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<String> = std::fs::read_dir(&screens)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    for kind in [
        "welcome",
        "mssq",
        "ssq-baseline",
        "ready",
        "play-A",
        "prompt",
        "ssq-after",
        "question",
        "rest",
        "play-B",
        "play-C",
        "ranking",
        "end",
    ] {
        let suffix = format!("-{kind}.png");
        let file = files.iter().find(|f| f.ends_with(&suffix));
        let file = file.unwrap_or_else(|| panic!("no {kind} screen in {files:?}"));
        let png = image::open(screens.join(file)).unwrap();
        assert_eq!((png.width(), png.height()), (320, 180), "{file}");
    }
    // The words the renderer was given on each screen, as screens.txt
    // lists them: no condition's name, no model's or coupling's word, no
    // file, no key the study ignores.
    let words = std::fs::read_to_string(screens.join("screens.txt")).unwrap();
    assert!(words.contains("Condition A is next"), "{words}");
    assert!(words.contains("never travelled that way"), "{words}");
    for line in words.lines().filter(|l| l.starts_with("    ")) {
        let lower = line.to_lowercase();
        for give_away in [
            "secret", "polar", "classic", "quake", "velocity", "heading", "coupling", "model",
            ".wrec", "results", "f9",
        ] {
            assert!(!lower.contains(give_away), "`{line}` says {give_away}");
        }
    }
    // Nothing is drawn over: a second run into the same folder is refused.
    let again = common::run(
        &[&args[..4], &["S02"], &args[5..]].concat(),
        Duration::from_secs(120),
    )
    .unwrap();
    assert!(!again.status.success(), "screens were written over");
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("cannot write the screen"), "{said}");
}

#[test]
fn a_session_killed_in_the_mssq_keeps_every_answer_given() {
    let dir = TempDir::new("study", "mssq-kill");
    let root = dir.join("results");
    let text = PROTOCOL.replace("rest_s = 5", "rest_s = 5\nmssq = true");
    let protocol = Protocol::parse(&text, Path::new("short.toml")).unwrap();
    let start = Start {
        participant: "P1".into(),
        sequence: 1,
        simulated: None,
        protocol_file: "short.toml".into(),
        protocol_text: text.clone(),
        map: "maps/feel_course.map".into(),
        site: None,
    };
    let mut results = Results::create(&root, &protocol, &[0, 1], &start).unwrap();
    let mut s = Session::new(protocol.clone(), vec![0, 1]);
    press(&mut s, &mut results, &[Key::Confirm]);
    // Five answers, the third "never travelled", then the kill.
    for answer in [1, 2, 4, 0, 3] {
        press(&mut s, &mut results, &[Key::Digit(answer), Key::Confirm]);
    }
    drop(results);
    let items = lines(&root.join("short/P1/mssq-items.csv"));
    assert_eq!(
        items[1..],
        [
            "P1,child,1,1",
            "P1,child,2,2",
            "P1,child,3,na",
            "P1,child,4,0",
            "P1,child,5,3"
        ]
    );
    let (_, order, done) = Results::resume(&root, &protocol, &text, "P1").unwrap();
    assert_eq!(done.mssq, [Some(1), Some(2), None, Some(0), Some(3)]);
    let resumed = Session::resume(protocol, order, &done);
    assert_eq!(resumed.step(), Step::Mssq { item: 5 });
}
