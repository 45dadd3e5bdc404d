//! Saved games: a save loaded and played on is the play never
//! interrupted (the golden recordings cut at many ticks, saved, loaded and
//! played on: the same state hash every tick after, and the same state
//! field for field); a damaged save, a cut one, another format version and
//! a save that is not a regular file are refused with the file named; a
//! map edited since the save is refused; a slot in use is not written over
//! without asking; and the body's reader on hostile bytes (the hash made
//! to match) never panics, and what it accepts plays on sanely.

mod common;

use common::root;
use common::temp::TempDir;
use std::path::{Path, PathBuf};
use wobblecaster::map::{self, Map, MapArt};
use wobblecaster::record::{Playback, Recording};
use wobblecaster::rng::Rng;
use wobblecaster::save::codec::Writer;
use wobblecaster::save::slots::{was_in_use, Slot, Slots};
use wobblecaster::save::{self, Context, Save};
use wobblecaster::sim::{Controls, World};
use wobblecaster::sprites::Art;

/// A golden recording, its controls tick by tick and its map (path and
/// level).
struct Golden {
    recording: Recording,
    controls: Vec<Controls>,
    map_path: PathBuf,
    map: Map,
}

fn golden(name: &str) -> Golden {
    let recording = Recording::load(&root().join("tests/golden").join(name)).unwrap();
    let header_map = recording.header.map.clone().unwrap();
    let map_path = wobblecaster::data::resolve_recorded_map(&header_map).unwrap();
    let map = map::load(&map_path).unwrap().map;
    let controls = recording.ticks().collect();
    Golden {
        recording,
        controls,
        map_path,
        map,
    }
}

/// Every field of `world`, as a save's body holds it.
fn snapshot(world: &World) -> Vec<u8> {
    let mut w = Writer::default();
    world.clone().visit_state(&mut w);
    assert_eq!(w.fault, None);
    w.bytes
}

/// `world` saved as the game saves it, written out and read back in.
fn saved(world: &World, g: &Golden) -> Save {
    let art = Art::plain();
    let map_art = MapArt::plain(world.map());
    let at = Context {
        map: &g.map_path,
        seed: g.recording.header.seed,
        now: 1_796_000_000,
        art: &art,
        map_art: &map_art,
    };
    let save = save::save_world(world, at).unwrap();
    Save::parse(&save.to_bytes()).unwrap()
}

/// Plays `g` straight through, and again cut at each of `cuts`: saved,
/// loaded and played on for `after` ticks. Each loaded world equals the
/// one saved field for field, and every tick after has the hash of the
/// straight run's same tick.
fn played_on_equals_straight(g: &Golden, cuts: &[usize], after: usize) {
    let mut cuts = cuts.to_vec();
    cuts.sort_unstable();
    cuts.dedup();
    let cuts = &cuts[..];
    let mut world = Playback::new(g.recording.clone()).start(g.map.clone());
    let mut hashes = vec![world.state_hash()];
    let mut at_cut = Vec::new();
    let mut at_end = Vec::new();
    for (t, c) in g.controls.iter().enumerate() {
        if cuts.contains(&t) {
            at_cut.push(world.clone());
        }
        if cuts.iter().any(|&cut| cut + after == t) {
            at_end.push((t, snapshot(&world)));
        }
        world.step(c);
        hashes.push(world.state_hash());
    }
    assert_eq!(at_cut.len(), cuts.len(), "every cut inside the recording");
    for (cut, original) in cuts.iter().zip(at_cut) {
        let save = saved(&original, g);
        assert_eq!(save.header.tick, *cut as u64);
        let mut loaded = save::restore_on(&save, g.map.clone()).unwrap();
        assert_eq!(
            snapshot(&loaded),
            snapshot(&original),
            "loaded at tick {cut}"
        );
        assert_eq!(loaded.state_hash(), hashes[*cut]);
        for (k, c) in g.controls[*cut..].iter().take(after).enumerate() {
            loaded.step(c);
            let t = cut + k + 1;
            assert_eq!(loaded.state_hash(), hashes[t], "cut at {cut}, tick {t}");
        }
        if let Some((t, whole)) = at_end.iter().find(|(t, _)| *t == cut + after) {
            assert_eq!(
                &snapshot(&loaded),
                whole,
                "cut at {cut}, the state at tick {t}"
            );
        }
    }
}

#[test]
fn a_save_loaded_and_played_on_is_the_play_never_interrupted() {
    // The second golden run: doors, a key, walkers and a tank shot dead,
    // shells, the jetpack flown and crashed, every model switched.
    let g = golden("play.wrec");
    let n = g.controls.len();
    let cuts: Vec<usize> = (0..n).step_by(n / 23).chain([1, n - 2]).collect();
    played_on_equals_straight(&g, &cuts, 240);
}

#[test]
fn the_maze_run_saved_anywhere_plays_on_the_same() {
    let g = golden("default.wrec");
    let n = g.controls.len();
    let cuts: Vec<usize> = (0..n).step_by(n / 11).collect();
    played_on_equals_straight(&g, &cuts, 360);
}

#[test]
fn the_course_run_and_the_seen_map_come_back_with_the_save() {
    // Down the maze's first corridor, east from the start, through
    // checkpoint 1.
    let g = golden("default.wrec");
    let mut world = Playback::new(g.recording.clone()).start(g.map.clone());
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    for _ in 0..480 {
        world.step(&forward);
    }
    assert!(world.seen().count() > 0);
    let progress = world.course_run().progress.as_ref().unwrap();
    assert_eq!(progress.next(), 1, "checkpoint 1 passed");
    assert!(progress.passed()[0].is_some());
    let loaded = save::restore_on(&saved(&world, &g), g.map.clone()).unwrap();
    assert_eq!(loaded.seen(), world.seen());
    assert_eq!(loaded.course_run(), world.course_run());
    assert_eq!(loaded.tally(), world.tally());
}

#[test]
fn a_save_finds_its_map_again_and_refuses_one_edited_since() {
    let dir = TempDir::new("saves", "map_edited");
    let map_path = dir.join("golden_play.map");
    std::fs::copy(root().join("tests/maps/golden_play.map"), &map_path).unwrap();
    let mut g = golden("play.wrec");
    g.map_path = map_path.clone();
    let mut world = Playback::new(g.recording.clone()).start(g.map.clone());
    for c in &g.controls[..300] {
        world.step(c);
    }
    let save = saved(&world, &g);
    let restored = save::restore(&save).unwrap();
    assert_eq!(restored.world.state_hash(), world.state_hash());
    assert_eq!(restored.map, map_path);
    let mut text = std::fs::read_to_string(&map_path).unwrap();
    text.push_str("\n; an edit\n");
    std::fs::write(&map_path, text).unwrap();
    let e = save::restore(&save).unwrap_err();
    assert!(matches!(e, save::WorldFault::MapChanged(_)), "{e:?}");
}

/// Kills the player of `world` where they stand.
fn killed(world: World) -> World {
    wobblecaster::sim::Scenario::from_world(world)
        .combat(|c, _| c.health = 0)
        .build()
}

#[test]
fn a_save_made_in_an_episode_plays_on_as_the_episode() {
    use wobblecaster::sim::tally::Carried;
    use wobblecaster::sim::{Change, Difficulty, Request, Tunables};
    let dir = TempDir::new("saves", "episode");
    let map_path = dir.join("corridor.map");
    let rows = ["##############", "#>..1...2..FX#", "##############"];
    let text = format!(
        "name = corridor\n[legend]\n# = brick_red\nX = exit\n[course]\n1 = checkpoint 1\n2 = checkpoint 2\nF = finish\n[grid]\n{}\n",
        rows.join("\n")
    );
    std::fs::write(&map_path, text).unwrap();
    let map = map::load(&map_path).unwrap().map;
    let mut world = World::at_difficulty(map.clone(), Tunables::default(), Difficulty::Easy, 5);
    let carried = Carried {
        score: 1200,
        lives: 2,
        next_life: 40_000,
    };
    world.apply(Change::Episode(carried));
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    let restart = Controls {
        action: Some(Request::Restart),
        ..Controls::default()
    };
    // Past checkpoint 1, a death: back at it with a life fewer.
    while world.player().x < 5.0 {
        world.step(&forward);
    }
    let mut world = killed(world);
    world.step(&restart);
    assert_eq!((world.player().x, world.tally().lives), (4.5, 1));
    let (art, map_art) = (Art::plain(), MapArt::plain(world.map()));
    let at = Context {
        map: &map_path,
        seed: 5,
        now: 1_796_000_000,
        art: &art,
        map_art: &map_art,
    };
    let mut save = save::save_world(&world, at).unwrap();
    save.header.set_episode_level(Some(2));
    let save = Save::parse(&save.to_bytes()).unwrap();
    assert_eq!(save.header.episode_level(), Ok(Some(2)));
    let mut loaded = save::restore_on(&save, map).unwrap();
    assert_eq!(snapshot(&loaded), snapshot(&world));
    assert!(loaded.in_episode());
    assert_eq!(loaded.carried_in(), world.carried_in());
    // Played on: past checkpoint 2, then a death; the last life goes and
    // the comeback is at checkpoint 2, as in the play never saved.
    for w in [&mut world, &mut loaded] {
        while w.player().x < 9.0 {
            w.step(&forward);
        }
    }
    assert_eq!(loaded.state_hash(), world.state_hash());
    let (mut world, mut loaded) = (killed(world), killed(loaded));
    world.step(&restart);
    loaded.step(&restart);
    assert_eq!(loaded.state_hash(), world.state_hash());
    assert_eq!((loaded.player().x, loaded.tally().lives), (8.5, 0));
    // On to the exit: the level's end comes back with a save too.
    for w in [&mut world, &mut loaded] {
        while w.exited().is_none() {
            w.step(&forward);
        }
    }
    assert_eq!(loaded.state_hash(), world.state_hash());
    let at = Context {
        map: &map_path,
        ..at
    };
    let again = save::save_world(&loaded, at).unwrap();
    let back = save::restore_on(&again, loaded.level().clone()).unwrap();
    assert_eq!(back.exited(), world.exited());
    assert_eq!(back.state_hash(), world.state_hash());
    // A header with a level the state is not in an episode for, or with
    // no level's number, is not an episode's save.
    let mut bad = again.header.clone();
    bad.set_episode_level(None);
    assert_eq!(bad.episode_level(), Ok(None));
    bad.extra.push(("episode_level".into(), "two".into()));
    assert!(bad.episode_level().unwrap_err().contains("`two`"));
}

/// A save of the maze at tick 300, as bytes.
fn maze_save() -> Vec<u8> {
    let g = golden("default.wrec");
    let mut world = Playback::new(g.recording.clone()).start(g.map.clone());
    for c in &g.controls[..300] {
        world.step(c);
    }
    saved(&world, &g).to_bytes()
}

/// The message `path`'s save is refused with.
fn refusal(path: &Path) -> String {
    let e = save::read(path).unwrap_err();
    wobblecaster::located::chain(&e)
}

#[test]
fn damaged_cut_foreign_and_other_version_saves_are_refused_by_name() {
    let dir = TempDir::new("saves", "refused");
    let good = maze_save();
    let path = dir.join("damaged.wsave");
    let named = |message: &str| {
        assert!(message.contains(&path.display().to_string()), "{message}");
        message.to_string()
    };
    // One bit of the body flipped.
    let mut bytes = good.clone();
    let last = bytes.len() - 9;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    assert!(named(&refusal(&path)).contains("damaged"));
    // A header value changed.
    let text = String::from_utf8_lossy(&good).replacen("tick = 300", "tick = 301", 1);
    let mut bytes = good.clone();
    bytes[..text.find("---\n").unwrap()]
        .copy_from_slice(&text.as_bytes()[..text.find("---\n").unwrap()]);
    std::fs::write(&path, &bytes).unwrap();
    assert!(named(&refusal(&path)).contains("damaged"));
    // Cut short.
    std::fs::write(&path, &good[..good.len() - 100]).unwrap();
    assert!(named(&refusal(&path)).contains("cut short"));
    // Not a save at all.
    std::fs::write(&path, b"wobblecaster-recording 1\n").unwrap();
    assert!(named(&refusal(&path)).contains("not a save file"));
    // Another format version (the first, whose body had no episode):
    // refused as such, before its hash is checked.
    let other =
        String::from_utf8_lossy(&good[..200]).replacen("save_format = 2", "save_format = 1", 1);
    let mut bytes = good.clone();
    bytes[..200].copy_from_slice(other.as_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let message = named(&refusal(&path));
    assert!(
        message.contains("save format 1") && message.contains("format 2 only"),
        "{message}"
    );
    // Not a regular file.
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    assert!(named(&refusal(&path)).contains("not a regular file"));
    // The good one reads.
    let path = dir.join("good.wsave");
    std::fs::write(&path, &good).unwrap();
    assert_eq!(save::read(&path).unwrap().header.tick, 300);
}

#[test]
fn a_slot_in_use_is_not_written_over_without_asking() {
    let dir = TempDir::new("saves", "slots");
    let slots = Slots::in_dir(&dir.join("saves"));
    let first = Save::parse(&maze_save()).unwrap();
    let mut second = first.clone();
    second.header.extra.push(("episode_map".into(), "2".into()));
    assert!(!slots.held(Slot::Numbered(3)).in_use());
    slots.write(Slot::Numbered(3), &first, false).unwrap();
    assert!(slots.held(Slot::Numbered(3)).in_use());
    let before = std::fs::read(slots.path(Slot::Numbered(3))).unwrap();
    let e = slots.write(Slot::Numbered(3), &second, false).unwrap_err();
    assert!(was_in_use(&e), "{e:?}");
    assert_eq!(
        std::fs::read(slots.path(Slot::Numbered(3))).unwrap(),
        before
    );
    // Asked and answered yes: written over, whole.
    slots.write(Slot::Numbered(3), &second, true).unwrap();
    let read = slots.read(Slot::Numbered(3)).unwrap();
    assert_eq!(
        read.header.extra,
        vec![("episode_map".to_string(), "2".to_string())]
    );
    // Nothing else left in the folder: no temporary file.
    let names: Vec<_> = std::fs::read_dir(dir.join("saves"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("slot3.wsave")]);
    // A slot holding something unreadable is in use all the same.
    std::fs::write(slots.path(Slot::Quick), b"junk").unwrap();
    assert!(slots.held(Slot::Quick).in_use());
    assert!(slots.write(Slot::Quick, &first, false).is_err());
}

/// `save` with `body` in place of its own, the hash made to match.
fn with_body(save: &Save, body: Vec<u8>) -> Save {
    let mut s = save.clone();
    s.body = body;
    Save::parse(&s.to_bytes()).unwrap()
}

#[test]
fn the_body_reader_on_hostile_bytes_never_panics() {
    let g = golden("play.wrec");
    let mut world = Playback::new(g.recording.clone()).start(g.map.clone());
    for c in &g.controls[..g.controls.len() / 2] {
        world.step(c);
    }
    let save = saved(&world, &g);
    let body = save.body.clone();
    let mut rng = Rng::new(73);
    let cases = std::env::var("SAVE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let (mut refused, mut accepted) = (0, 0);
    for case in 0..cases {
        let mut b = body.clone();
        let at = (rng.next_u64() % b.len() as u64) as usize & !7;
        match case % 5 {
            0 => b[at] ^= 1 << (rng.next_u64() % 8),
            1 => b[at..at + 8].copy_from_slice(&rng.next_u64().to_le_bytes()),
            2 => b[at..at + 8].copy_from_slice(&[0xff; 8]),
            3 => b.truncate(at),
            _ => {
                let word = b[at..at + 8].to_vec();
                b.splice(at..at, word);
            }
        }
        match save::restore_on(&with_body(&save, b), g.map.clone()) {
            Err(_) => refused += 1,
            Ok(mut w) => {
                accepted += 1;
                for c in g.controls.iter().cycle().take(240) {
                    w.step(c);
                }
                assert_eq!(w.non_finite(), None, "case {case}");
            }
        }
    }
    assert!(
        refused > 0 && accepted > 0,
        "{refused} refused, {accepted} accepted"
    );
    // Random bytes after a good header never panic the file's reader.
    let good = save.to_bytes();
    for _ in 0..cases {
        let cut = (rng.next_u64() % good.len() as u64) as usize;
        let mut bytes = good[..cut].to_vec();
        bytes.extend((0..rng.next_u64() % 64).map(|_| rng.next_u64() as u8));
        let _ = Save::parse(&bytes);
    }
}
