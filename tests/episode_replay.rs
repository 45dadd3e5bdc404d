//! A recording of a level of an episode (issue 73): the header's
//! `episode` line starts the replay's world as the episode started the
//! level, so the deaths and their life-costing restarts (the `restart`
//! action on its tick) replay hash for hash; without the line the same
//! ticks replay as a lone map's, and part from the play.

mod common;
use common::temp::TempDir;

use wobblecaster::map::Map;
use wobblecaster::record::{replay, Header, Recorder, Recording};
use wobblecaster::sim::tally::Carried;
use wobblecaster::sim::{Change, Controls, Difficulty, Request, Tunables, World, TICK_RATE};

const SEED: u64 = 11;

/// A room with the player ringed by eight walkers: a player who stands
/// still dies within seconds.
fn ringed() -> Map {
    Map::from_rows(&[
        "#######", "#w.w.w#", "#.....#", "#w.>.w#", "#.....#", "#w.w.w#", "#######",
    ])
}

/// What a level of the episode started with in this test.
const CARRIED: Carried = Carried {
    score: 1_200,
    lives: 2,
    next_life: 40_000,
};

/// Plays the ringed room as a level of an episode, recording it into
/// `dir`: the player stands, dies, waits half a second and presses the
/// restart, until no life is left, then lies a second more. Returns the
/// recording's file, the world's state hash at the end, and the lives
/// after each restart.
fn play_and_record(dir: &TempDir) -> (std::path::PathBuf, u64, Vec<u32>) {
    let mut world =
        World::at_difficulty(ringed(), Tunables::default(), Difficulty::Hard, SEED).armed();
    world.apply(Change::Episode(CARRIED));
    let header = Header::new(&world, None, SEED);
    assert_eq!(
        header.episode,
        Some(CARRIED),
        "the header names the episode"
    );
    let mut recorder = Recorder::create(&dir.join("level.wrec"), &header, &world).unwrap();
    let (mut dead_for, mut after_over, mut lives) = (0, 0, Vec::new());
    let limit = 180 * u64::from(TICK_RATE);
    while after_over < TICK_RATE {
        assert!(world.tick() < limit, "no game over within the bound");
        let mut c = Controls::default();
        if world.game_over() {
            after_over += 1;
        } else if !world.combat().alive() {
            dead_for += 1;
            if dead_for == TICK_RATE / 2 {
                c.action = Some(Request::Restart);
                dead_for = 0;
            }
        }
        world.step(&c);
        recorder.record(&c, &world).unwrap();
        if c.action == Some(Request::Restart) {
            assert!(world.combat().alive(), "the restart revives");
            lives.push(world.tally().lives);
        }
    }
    (recorder.finish().unwrap(), world.state_hash(), lives)
}

#[test]
fn a_level_of_an_episode_with_its_deaths_and_restarts_replays_hash_for_hash() {
    let dir = TempDir::new("episode_replay", "restarts");
    let (file, end_hash, lives) = play_and_record(&dir);
    assert_eq!(lives, [1, 0], "each restart after a death costs a life");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\nepisode = 1200 2 40000\n"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.ends_with(" restart")).count(),
        2,
        "the restarts are in the ticks"
    );
    let recording = Recording::load(&file).unwrap();
    assert_eq!(recording.header.episode, Some(CARRIED));
    let outcome = replay(&recording, ringed());
    assert_eq!(outcome.desync, None);
    assert_eq!(
        outcome.final_hash, end_hash,
        "the replay ends as the play did"
    );

    // The same ticks without the line replay as a lone map's (a new
    // game's score and lives, a restart that costs nothing): the hashes
    // part at the first check.
    let lone = text.replace("episode = 1200 2 40000\n", "");
    let lone_file = dir.join("lone.wrec");
    std::fs::write(&lone_file, lone).unwrap();
    let recording = Recording::load(&lone_file).unwrap();
    assert_eq!(recording.header.episode, None);
    let outcome = replay(&recording, ringed());
    let desync = outcome
        .desync
        .expect("a lone map's replay parts from the play");
    assert_eq!(desync.tick, recording.checks[0].tick, "{desync}");
}

#[test]
fn a_bad_episode_line_is_refused_where_it_stands() {
    let dir = TempDir::new("episode_replay", "refused");
    let world = World::new(ringed(), Tunables::default(), SEED);
    let mut header = Header::new(&world, None, SEED);
    assert_eq!(header.episode, None, "a lone map writes no episode line");
    header.episode = Some(CARRIED);
    let text = header
        .to_text()
        .replace("episode = 1200 2 40000", "episode = 1200 12 0");
    let file = dir.join("bad.wrec");
    std::fs::write(&file, format!("{text}end 0 0\n")).unwrap();
    let e = Recording::load(&file).unwrap_err().to_string();
    assert!(e.contains("bad.wrec"), "{e}");
    assert!(e.contains("SCORE LIVES NEXT_LIFE"), "{e}");
    let line = text.lines().position(|l| l.starts_with("episode")).unwrap() + 1;
    assert!(e.contains(&format!(":{line}:")), "{e}");
}
