//! Every output is written whole and never over a file unless asked:
//! recordings go to `NAME.partial` and take their name when closed (an
//! interrupted one stays readable up to its last complete second); shots,
//! traces and reports refuse a taken name without `--force`.

mod common;
use common::temp::TempDir;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use wobblecaster::files::partial_path;
use wobblecaster::map;
use wobblecaster::record::{replay, Header, Recorder, Recording, CHECK_INTERVAL};
use wobblecaster::sim::{Controls, Tunables, World};

fn temp_dir(test: &str) -> TempDir {
    TempDir::new("outputs", test)
}

fn map_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/default.map")
}

/// Starts recording a fresh world on the default map into `path` and
/// records `ticks` ticks of walking; returns the recorder, still open.
fn record(path: &Path, ticks: u64) -> (Recorder, World) {
    let mut world = World::new(map::load(&map_path()).unwrap().map, Tunables::default(), 3);
    let header = Header::new(&world, Some(&map_path()), 3);
    let mut recorder = Recorder::create(path, &header, &world).unwrap();
    let walk = Controls {
        forward: 1.0,
        turn: 0.3,
        ..Controls::default()
    };
    for _ in 0..ticks {
        world.step(&walk);
        recorder.record(&walk, &world).unwrap();
    }
    (recorder, world)
}

fn run_binary(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_recording_takes_its_name_only_when_closed() {
    let dir = temp_dir("closed");
    let path = dir.0.join("run.wrec");
    let (recorder, world) = record(&path, 2 * CHECK_INTERVAL + 30);
    assert!(!path.exists(), "nothing under the name while recording");
    assert_eq!(recorder.partial_path(), partial_path(&path));
    assert!(recorder.partial_path().exists());
    assert_eq!(recorder.finish().unwrap(), path);
    assert!(!partial_path(&path).exists(), "the partial file is renamed");
    let recording = Recording::load(&path).unwrap();
    assert!(!recording.is_truncated());
    assert_eq!(recording.end.map(|e| e.hash), Some(world.state_hash()));
}

#[test]
fn an_interrupted_recording_replays_up_to_its_last_complete_second() {
    let dir = temp_dir("interrupted");
    let path = dir.0.join("run.wrec");
    let (recorder, _) = record(&path, 2 * CHECK_INTERVAL + 50);
    // The recorder's buffer after the last hash line is lost, as in a crash.
    std::mem::forget(recorder);
    let recording = Recording::load(&partial_path(&path)).unwrap();
    assert!(recording.is_truncated());
    assert_eq!(recording.last_verified_tick(), 2 * CHECK_INTERVAL);
    let outcome = replay(&recording, map::load(&map_path()).unwrap().map);
    assert_eq!((outcome.ticks, outcome.desync), (2 * CHECK_INTERVAL, None));
}

#[test]
fn a_name_taken_while_recording_moves_the_recording_to_the_next() {
    let dir = temp_dir("taken");
    let path = dir.0.join("run.wrec");
    let (recorder, _) = record(&path, 10);
    std::fs::write(&path, b"someone else's").unwrap();
    let used = recorder.finish().unwrap();
    assert_eq!(used, dir.0.join("run-1.wrec"));
    assert_eq!(std::fs::read(&path).unwrap(), b"someone else's");
    assert!(Recording::load(&used).is_ok());
    // A partial file left by a crash keeps its name free for nothing else.
    let (second, _) = record(&path, 10);
    std::mem::forget(second);
    let (third, _) = record(&path, 10);
    assert_eq!(third.finish().unwrap(), dir.0.join("run-3.wrec"));
    assert!(partial_path(&dir.0.join("run-2.wrec")).exists());
}

#[test]
fn a_shot_never_replaces_a_file_without_force() {
    let dir = temp_dir("shot");
    let out = dir.0.join("view.png");
    std::fs::write(&out, b"precious").unwrap();
    let out_arg = out.to_str().unwrap();
    let refused = run_binary(&["shot", "--size", "32x18", "--out", out_arg]);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("view.png exists; pass --force"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), b"precious");
    let forced = run_binary(&["shot", "--size", "32x18", "--out", out_arg, "--force"]);
    assert!(forced.status.success());
    assert_eq!(image::open(&out).unwrap().width(), 32);
    assert!(!partial_path(&out).exists());
    // Success says what it wrote (it printed nothing before, issue 23).
    let said = String::from_utf8_lossy(&forced.stdout);
    assert_eq!(said, format!("wrote {out_arg} (32x18)\n"));
}

#[test]
fn a_shot_shows_a_page_of_the_help_that_there_is_and_refuses_one_there_is_not() {
    let dir = temp_dir("help-page");
    let out = dir.0.join("help.png");
    let out_arg = out.to_str().unwrap();
    let args = |page: &'static str| {
        let size = ["--size", "640x360", "--force", "--help-overlay"];
        let mut a = vec!["shot", "--out", out_arg];
        a.extend(size);
        a.extend(["--help-page", page]);
        run_binary(&a)
    };
    let second = args("2");
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    let past = args("9");
    let err = String::from_utf8_lossy(&past.stderr);
    assert!(!past.status.success());
    assert!(
        err.contains("--help-page 9: the help overlay takes 2 pages at 640x360"),
        "{err}"
    );
}

#[test]
fn a_trace_of_the_actors_never_replaces_a_file_without_force() {
    let dir = temp_dir("trace");
    let script = dir.0.join("walk.txt");
    std::fs::write(&script, "0.1 forward\n").unwrap();
    let actors = dir.0.join("actors.csv");
    std::fs::write(&actors, b"precious").unwrap();
    let args = |force: bool| {
        let mut a = vec!["trace", "--script", script.to_str().unwrap()];
        a.extend([
            "--map",
            "maps/arena.map",
            "--actors",
            actors.to_str().unwrap(),
        ]);
        if force {
            a.push("--force");
        }
        run_binary(&a)
    };
    let refused = args(false);
    assert!(!refused.status.success());
    assert_eq!(std::fs::read(&actors).unwrap(), b"precious");
    let forced = args(true);
    let err = String::from_utf8_lossy(&forced.stderr);
    assert!(forced.status.success(), "{err}");
    let rows = std::fs::read_to_string(&actors).unwrap();
    assert!(rows.starts_with("tick,id,kind,"), "{rows}");
    assert!(!partial_path(&actors).exists());
}
