//! Record and replay: a scripted run recorded to a file and played back
//! headless, in the library and through the binary.

mod common;
use common::temp::TempDir;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use wobblecaster::map::{self, Map};
use wobblecaster::record::{replay, Header, Recorder, Recording, CHECK_INTERVAL};
use wobblecaster::script::Script;
use wobblecaster::sim::{Controls, Coupling, Difficulty, Model, Request, Tunables, World};

/// A run that walks, turns, strafes and coasts, with the walking model and
/// the coupling switched on the way: 3.75 s, 450 ticks.
const SCRIPT: &str = "\
1.0  forward
0.5  forward+turn-left
0.75 strafe-right+turn-right
1.0  none
0.5  back
";

/// The seed: not the default, so a replay that lost it would show.
const SEED: u64 = 7;

fn temp_dir(test: &str) -> TempDir {
    TempDir::new("replay", test)
}

fn map_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/default.map")
}

fn load_map() -> Map {
    map::load(&map_path()).unwrap().map
}

/// Every tick's controls: the script, with a model switch and a coupling
/// switch riding on two of its ticks.
fn controls() -> Vec<Controls> {
    let script = Script::parse(SCRIPT, Path::new("test.script")).unwrap();
    let mut ticks: Vec<Controls> = script.ticks().collect();
    ticks[200].action = Some(Request::SetModel(Model::Quake));
    ticks[300].action = Some(Request::SetCoupling(Coupling::Heading));
    ticks[330].action = Some(Request::SetModel(Model::Polar));
    ticks
}

/// Plays the scripted run, recording it to `path`; returns the file used
/// and the world's final state hash.
fn record_run(path: &Path) -> (PathBuf, u64) {
    let mut world = World::new(load_map(), Tunables::default(), SEED);
    let header = Header::new(&world, Some(&map_path()), SEED);
    let mut recorder = Recorder::create(path, &header, &world).unwrap();
    for c in controls() {
        world.step(&c);
        recorder.record(&c, &world).unwrap();
    }
    (recorder.finish().unwrap(), world.state_hash())
}

fn replay_file(path: &Path) -> wobblecaster::record::Outcome {
    replay(&Recording::load(path).unwrap(), load_map())
}

/// Runs the binary with `args`, `FILE` standing for `file`.
fn run_binary(args: &[&str], file: &Path) -> Output {
    let args = args.iter().map(|&a| {
        if a == "FILE" {
            file.as_os_str()
        } else {
            a.as_ref()
        }
    });
    Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_recorded_run_replays_to_its_own_hash_every_time() {
    let dir = temp_dir("same");
    let (file, original) = record_run(&dir.join("run.wrec"));
    let first = replay_file(&file);
    let second = replay_file(&file);
    assert_eq!(first, second);
    assert_eq!(first.final_hash, original);
    assert_eq!(first.ticks, controls().len() as u64);
    assert_eq!(first.desync, None);
    assert!(!first.truncated);

    let recording = Recording::load(&file).unwrap();
    assert!(recording.ticks().eq(controls()), "every tick, actions too");
    assert_eq!(recording.header.seed, SEED);
    assert_eq!(recording.header.map_name, load_map().name);
    assert_eq!(
        recording.checks.len(),
        3,
        "a hash line a second: 120, 240, 360"
    );
}

#[test]
fn a_changed_tunable_desyncs_at_the_first_hash_line() {
    let dir = temp_dir("tunable");
    let (file, _) = record_run(&dir.join("run.wrec"));
    let text = std::fs::read_to_string(&file).unwrap();
    let edited = text.replace("\nmax_speed = 4\n", "\nmax_speed = 4.5\n");
    assert_ne!(edited, text, "the header holds max_speed = 4");
    std::fs::write(&file, edited).unwrap();

    let outcome = replay_file(&file);
    let desync = outcome.desync.expect("a faster top speed desyncs");
    // The edit acts from tick 1 (the body is already a little faster), but
    // the first stored hash is the one written after tick 120, so 120 is
    // the first tick at which any replay could notice: the right answer.
    assert_eq!(desync.tick, CHECK_INTERVAL);
    let stored = format!("hash 120 {:016x}\n", desync.expected);
    assert!(text.contains(&stored), "expected is the stored hash");
    assert_ne!(desync.found, desync.expected);
}

#[test]
fn a_recording_keeps_its_difficulty_and_one_without_replays_as_hard() {
    let dir = temp_dir("difficulty");
    let map = Map::from_rows(&["#######", "#>w...#", "#######"]);
    let mut world = World::at_difficulty(map.clone(), Tunables::default(), Difficulty::Easy, SEED);
    let header = Header::new(&world, None, SEED);
    let path = dir.join("easy.wrec");
    let mut recorder = Recorder::create(&path, &header, &world).unwrap();
    for _ in 0..3 * CHECK_INTERVAL {
        let c = Controls::default();
        world.step(&c);
        recorder.record(&c, &world).unwrap();
    }
    let file = recorder.finish().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\ndifficulty = easy\n"), "{text}");
    let recording = Recording::load(&file).unwrap();
    assert_eq!(recording.header.difficulty, Difficulty::Easy);
    // The walker struck: the replay matches only at the recorded level.
    assert!(world.combat().health < 100);
    let outcome = replay(&recording, map.clone());
    assert!(outcome.desync.is_none(), "{:?}", outcome.desync);
    // Without the line, the same file is a recording from before levels:
    // it replays as hard, whose stronger strikes no longer match.
    let older = text.replace("difficulty = easy\n", "");
    let recording = Recording::parse(&older, &file).unwrap();
    assert_eq!(recording.header.difficulty, Difficulty::Hard);
    assert!(replay(&recording, map).desync.is_some());
}

#[test]
fn a_truncated_recording_replays_its_last_complete_second() {
    let dir = temp_dir("cut");
    let (file, _) = record_run(&dir.join("run.wrec"));
    let text = std::fs::read_to_string(&file).unwrap();
    // Cut inside the third hash line: its second is not verified.
    let cut_at = text.find("hash 360").unwrap() + 12;
    std::fs::write(&file, &text[..cut_at]).unwrap();

    let recording = Recording::load(&file).unwrap();
    assert!(recording.is_truncated());
    assert_eq!(recording.last_verified_tick(), 240);
    assert_eq!(recording.len_ticks(), 240);
    assert_eq!(recording.dropped_ticks, 120);
    let outcome = replay(&recording, load_map());
    assert!(outcome.truncated);
    assert_eq!(outcome.ticks, 240);
    assert_eq!(outcome.desync, None);
    let stored = format!("hash 240 {:016x}\n", outcome.final_hash);
    assert!(text.contains(&stored), "the replay ends on the stored hash");
}

#[test]
fn a_bad_line_is_named_by_file_line_and_column() {
    let dir = temp_dir("bad");
    let (file, _) = record_run(&dir.join("run.wrec"));
    let text = std::fs::read_to_string(&file).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let n = lines
        .iter()
        .position(|l| l.starts_with("hash 120"))
        .unwrap()
        + 1;
    lines[n] = "1 0 zero".into();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();

    let e = Recording::load(&file).unwrap_err();
    assert_eq!((e.at.line(), e.at.col()), (n + 1, 5));
    let shown = e.to_string();
    let place = format!("{}:{}:5: ", file.display(), n + 1);
    assert!(shown.starts_with(&place), "{shown}");
    assert!(shown.contains("`zero` is not a number"), "{shown}");
}

#[test]
fn the_recorder_never_overwrites_a_file() {
    let dir = temp_dir("keep");
    let taken = dir.join("run.wrec");
    std::fs::write(&taken, b"precious bytes").unwrap();
    let (first, _) = record_run(&taken);
    let (second, _) = record_run(&taken);
    assert_eq!(std::fs::read(&taken).unwrap(), b"precious bytes");
    assert_eq!(first, dir.join("run-1.wrec"));
    assert_eq!(second, dir.join("run-2.wrec"));
    assert_eq!(replay_file(&second).desync, None);
}

#[test]
fn the_binary_prints_the_same_hash_twice() {
    let dir = temp_dir("binary");
    let (file, original) = record_run(&dir.join("run.wrec"));
    const ARGS: [&str; 4] = ["replay", "FILE", "--headless", "--hash"];
    let first = run_binary(&ARGS, &file);
    let second = run_binary(&ARGS, &file);
    for out in [&first, &second] {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
    }
    assert_eq!(first.stdout, second.stdout);
    assert_eq!(
        String::from_utf8(first.stdout).unwrap(),
        format!("{original:016x}\n")
    );
}

#[test]
fn the_binary_reports_a_desync_and_exits_1() {
    let dir = temp_dir("binary-desync");
    let (file, _) = record_run(&dir.join("run.wrec"));
    let text = std::fs::read_to_string(&file).unwrap();
    // Not turn_rate: the first second walks straight, where it has no say.
    let edited = text.replace("\nacceleration_gain = 20\n", "\nacceleration_gain = 25\n");
    assert_ne!(edited, text);
    std::fs::write(&file, edited).unwrap();
    let out = run_binary(&["replay", "FILE", "--headless", "--hash"], &file);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("desync at tick 120 (expected "), "{err}");
    assert!(out.stdout.is_empty(), "no hash to trust");
}

#[test]
fn the_binary_says_a_recording_is_truncated() {
    let dir = temp_dir("binary-cut");
    let (file, _) = record_run(&dir.join("run.wrec"));
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, &text[..text.find("hash 240").unwrap() + 3]).unwrap();
    let out = run_binary(&["replay", "FILE", "--headless"], &file);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("has no end line"), "{err}");
    assert!(err.contains("tick 120"), "{err}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("replayed 120 ticks"), "{said}");
}

#[test]
fn trace_reads_a_recording_and_its_overrides() {
    let dir = temp_dir("trace");
    let (file, _) = record_run(&dir.join("run.wrec"));
    let out = run_binary(&["trace", "--recording", "FILE"], &file);
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = csv.lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(
        rows,
        1 + 1 + controls().len(),
        "header, row 0, a row a tick"
    );
    assert!(csv.contains(&format!("# map={}\n", load_map().name)));
    assert!(csv.contains("# model=polar\n"));

    let out = run_binary(
        &["trace", "--recording", "FILE", "--model", "classic"],
        &file,
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(
        csv.contains("# model=classic\n"),
        "--model overrides the header"
    );

    let out = run_binary(
        &["trace", "--script", "x.txt", "--recording", "FILE"],
        &file,
    );
    assert!(!out.status.success(), "a script or a recording, not both");
}

/// The golden recording: the scripted run (with mouse turns added) on the
/// default map, committed with its hashes, so any change that alters the
/// simulation fails here. After an intended change, rewrite it with
/// `WOBBLE_BLESS=1 cargo test --test replay golden` and say why in the commit.
#[test]
fn the_golden_recording_replays_to_its_committed_hashes() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/default.wrec");
    if std::env::var_os("WOBBLE_BLESS").is_some() {
        // The one file this test owns: replaced on purpose.
        let _ = std::fs::remove_file(&golden);
        let mut world = World::new(load_map(), Tunables::default(), SEED);
        let header = Header::new(&world, Some(Path::new("maps/default.map")), SEED);
        let mut recorder = Recorder::create(&golden, &header, &world).unwrap();
        for (i, mut c) in controls().into_iter().enumerate() {
            if (100..130).contains(&i) {
                c.look = 0.01;
            }
            world.step(&c);
            recorder.record(&c, &world).unwrap();
        }
        recorder.finish().unwrap();
    }
    let recording = Recording::load(&golden).unwrap();
    assert!(!recording.is_truncated());
    // The replay runs on the header's tunables: a changed default (Quake's
    // friction, say) would replay the old value unnoticed unless the header
    // is held to today's defaults.
    assert_eq!(
        recording.header.tunables,
        Tunables::default(),
        "a default tunable changed: if on purpose, rebless (see the test's comment)"
    );
    assert!(recording.checks.len() >= 3, "hashes along the way");
    assert!(
        recording.ticks().any(|c| c.look != 0.0),
        "mouse turns recorded"
    );
    let outcome = replay(&recording, load_map());
    assert_eq!(
        outcome.desync, None,
        "the simulation changed: if on purpose, rebless (see the test's comment)"
    );
    assert_eq!(Some(outcome.final_hash), recording.end.map(|e| e.hash));
    // The binary replays it from the source tree by its relative map path.
    let out = run_binary(&["replay", "FILE", "--headless", "--hash"], &golden);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(printed.trim(), format!("{:016x}", outcome.final_hash));
}
