//! An interrupted recording: what a killed game leaves in `NAME.partial`,
//! and a recording cut at any byte, loads and replays up to its last
//! complete second (its last whole hash line), and no further.

mod common;
use common::temp::TempDir;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use wobblecaster::map::{self, Map};
use wobblecaster::record::{replay, Header, Recorder, Recording, CHECK_INTERVAL};
use wobblecaster::sim::{Controls, Model, Request, Rng, Tunables, World};

/// Ticks recorded: four whole seconds and half of a fifth.
const TICKS: u64 = 4 * CHECK_INTERVAL + CHECK_INTERVAL / 2;
/// The world's seed.
const SEED: u64 = 11;

fn temp_dir(test: &str) -> TempDir {
    TempDir::new("interrupted", test)
}

fn map_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/default.map")
}

fn load_map() -> Map {
    map::load(&map_path()).unwrap().map
}

/// Controls that change every few ticks, so the body has many lines to
/// cut inside, with a model switch now and then.
fn controls(rng: &mut Rng, tick: u64) -> Controls {
    let mut c = Controls {
        forward: (rng.next_f64() * 2.0 - 1.0) as f32,
        turn: (rng.next_f64() * 2.0 - 1.0) as f32,
        fire: rng.next_f64() < 0.3,
        ..Controls::default()
    };
    if tick % 100 == 50 {
        c.action = Some(Request::SetModel(Model::ALL[(tick / 100 % 3) as usize]));
    }
    c
}

/// A recorder for a fresh world into `path`, run for `ticks` ticks; also
/// the world's hash after every tick (index 0: before the first).
fn record(path: &Path, ticks: u64) -> (Recorder, Vec<u64>) {
    let mut world = World::new(load_map(), Tunables::default(), SEED);
    let header = Header::new(&world, Some(&map_path()), SEED);
    let mut recorder = Recorder::create(path, &header, &world).unwrap();
    let mut rng = Rng::new(SEED);
    let mut hashes = vec![world.state_hash()];
    let mut held = Controls::default();
    for tick in 1..=ticks {
        if tick % 7 == 1 {
            held = controls(&mut rng, tick);
        }
        let c = Controls {
            action: controls(&mut rng, tick).action,
            ..held
        };
        world.step(&c);
        recorder.record(&c, &world).unwrap();
        hashes.push(world.state_hash());
    }
    (recorder, hashes)
}

#[test]
fn a_killed_recorder_leaves_its_complete_seconds() {
    let dir = temp_dir("killed");
    let (recorder, hashes) = record(&dir.0.join("run.wrec"), TICKS);
    // A killed process writes nothing more: the disk holds what the
    // recorder has flushed, which is what is read here, before the drop.
    let partial = recorder.partial_path().to_owned();
    let left = std::fs::read(&partial).unwrap();
    assert!(!dir.0.join("run.wrec").exists(), "named only when finished");

    let cut = dir.0.join("left.wrec.partial");
    std::fs::write(&cut, &left).unwrap();
    drop(recorder);
    let recording = Recording::load(&cut).unwrap();
    let whole = TICKS / CHECK_INTERVAL * CHECK_INTERVAL;
    assert!(recording.is_truncated());
    assert_eq!(recording.last_verified_tick(), whole);
    assert_eq!(recording.len_ticks(), whole);
    let outcome = replay(&recording, load_map());
    assert_eq!(outcome.desync, None);
    assert_eq!(outcome.final_hash, hashes[whole as usize]);

    // The binary replays the partial file as it is, and says it was cut.
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["replay", "--headless", "--hash"])
        .arg(&cut)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("has no end line"), "{err}");
    let hash = format!("{:016x}\n", hashes[whole as usize]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), hash);
}

#[test]
fn a_recording_cut_at_any_byte_keeps_its_complete_seconds() {
    let dir = temp_dir("cut");
    let (recorder, hashes) = record(&dir.0.join("run.wrec"), TICKS);
    let file = recorder.finish().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    // Where each whole check line ends, and the tick it verifies.
    let mut checks = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        let mut words = line.split_whitespace();
        if let (Some("hash" | "end"), Some(tick)) = (words.next(), words.next()) {
            checks.push((at, tick.parse::<u64>().unwrap()));
        }
    }
    assert_eq!(checks.len() as u64, TICKS / CHECK_INTERVAL + 1);
    let header_end = text.find("\n---\n").expect("a header, then `---`") + 5;

    let mut verified_at = BTreeMap::new();
    for cut in 0..=text.len() {
        let Some(part) = text.get(..cut) else {
            continue;
        };
        let Ok(recording) = Recording::parse(part, &file) else {
            // Only a cut header may fail to read.
            assert!(cut < header_end, "cut at {cut}");
            continue;
        };
        let expected = checks
            .iter()
            .rev()
            .find(|(end, _)| *end <= cut)
            .map_or(0, |&(_, tick)| tick);
        assert_eq!(recording.last_verified_tick(), expected, "cut at {cut}");
        assert_eq!(recording.len_ticks(), expected, "cut at {cut}");
        assert_eq!(recording.is_truncated(), cut < text.len(), "cut at {cut}");
        verified_at.entry(expected).or_insert(recording);
    }
    // Each distinct length replays to the hash the world had then.
    assert_eq!(verified_at.len(), checks.len() + 1, "0 and every check");
    for (tick, recording) in verified_at {
        let outcome = replay(&recording, load_map());
        assert_eq!(outcome.desync, None, "cut after tick {tick}");
        assert_eq!(outcome.ticks, tick);
        assert_eq!(outcome.final_hash, hashes[tick as usize], "tick {tick}");
    }
}
