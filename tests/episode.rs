//! The episode's level rules in the world: exits and par read from a text
//! map, an exit that ends the level, and lives: a death in an episode
//! costs a life and starts the level again with the score it began with,
//! on the easiest level at the last checkpoint passed; no life left is
//! the game's end.

mod common;

use std::path::Path;
use wobblecaster::map::{self, Map};
use wobblecaster::sim::tally::{Carried, START_LIVES};
use wobblecaster::sim::{Change, Controls, Difficulty, Request, Scenario, Tunables, World};

/// A text map: a corridor east from the start to an exit `X`, with `rows`
/// as its grid and `header` lines before the legend.
fn text_map(header: &str, rows: &[&str]) -> Result<Map, map::MapErrors> {
    let text = format!(
        "name = exits\n{header}\n[legend]\n# = brick_red\nX = exit\n[course]\n1 = checkpoint 1\nF = finish\n[grid]\n{}\n",
        rows.join("\n")
    );
    map::parse(&text, Path::new("exits.map")).map(|l| l.map)
}

const CORRIDOR: [&str; 3] = ["############", "#>...1...FX#", "############"];

fn forward() -> Controls {
    Controls {
        forward: 1.0,
        ..Controls::default()
    }
}

/// Steps `world` up to `ticks` times with `controls`, until `stop` holds.
fn run_until(world: &mut World, controls: Controls, ticks: usize, stop: impl Fn(&World) -> bool) {
    for _ in 0..ticks {
        if stop(world) {
            return;
        }
        world.step(&controls);
    }
}

#[test]
fn a_text_map_places_its_exits_and_par() {
    let map = text_map("par = 1:30", &CORRIDOR).unwrap();
    let tiles: Vec<(i64, i64)> = map.exits.iter().map(|e| e.tile).collect();
    assert_eq!(tiles, [(10, 1)]);
    assert_eq!(map.exits[0].place, map::Place::Text { line: 11, col: 11 });
    assert_eq!(map.par, Some(90));
    assert!(map.is_exit(10, 1) && !map.is_exit(9, 1));
    // A par that is not M:SS, and an exit marker placed nowhere.
    let rows = ["############", "#>...1...F.#", "############"];
    let e = text_map("par = 90", &rows).unwrap_err().to_string();
    assert!(
        e.contains("exits.map:2:7") && e.contains("`90` is not a par time"),
        "{e}"
    );
    assert!(
        e.contains("exits.map:5:1") && e.contains("exit marker `X`"),
        "{e}"
    );
}

#[test]
fn stepping_onto_an_exit_ends_the_level() {
    let map = text_map("", &CORRIDOR).unwrap();
    let mut world = World::new(map, Tunables::default(), 5);
    assert_eq!(world.exited(), None);
    run_until(&mut world, forward(), 1200, |w| w.exited().is_some());
    let at = world.exited().expect("the exit reached within 10 s");
    assert_eq!(Map::tile_of(world.player().x, world.player().y), (10, 1));
    assert!(at > 0 && at < world.tick());
    // The end is part of the state: the same world short of the exit
    // hashes otherwise, and a restart takes it back.
    let hash = world.state_hash();
    world.apply(Change::Restart);
    assert_eq!(world.exited(), None);
    assert_ne!(world.state_hash(), hash);
    // A map without exits never ends that way.
    let rows = ["############", "#>.........#", "############"];
    let text = format!(
        "name = none\n[legend]\n# = brick_red\n[grid]\n{}\n",
        rows.join("\n")
    );
    let bare = map::parse(&text, Path::new("none.map")).unwrap().map;
    let mut world = World::new(bare, Tunables::default(), 5);
    run_until(&mut world, forward(), 1200, |_| false);
    assert_eq!(world.exited(), None);
}

/// Kills the player of `world` where they stand.
fn killed(world: World) -> World {
    Scenario::from_world(world)
        .combat(|c, _| c.health = 0)
        .build()
}

fn restart() -> Controls {
    Controls {
        action: Some(Request::Restart),
        ..Controls::default()
    }
}

#[test]
fn a_death_costs_a_life_and_the_score_the_level_earned() {
    let map = text_map("", &CORRIDOR).unwrap();
    let carried = Carried {
        score: 1200,
        lives: 2,
        next_life: 40_000,
    };
    let mut world = World::at_difficulty(map, Tunables::default(), Difficulty::Normal, 5);
    world.apply(Change::Episode(carried));
    assert!(world.in_episode());
    assert_eq!((world.tally().score, world.tally().lives), (1200, 2));
    // Walk past the checkpoint, then die.
    run_until(&mut world, forward(), 120, |_| false);
    let mut world = killed(world);
    world.step(&Controls::default());
    assert!(!world.game_over(), "two lives left");
    world.step(&restart());
    assert!(world.combat().alive());
    assert_eq!((world.tally().score, world.tally().lives), (1200, 1));
    // Not the easiest level: back at the start.
    let start = world.map().start;
    assert_eq!((world.player().x, world.player().y), (start.x, start.y));
    // Twice more: the last life goes, and then the game is over.
    let mut world = killed(world);
    world.step(&restart());
    assert_eq!(world.tally().lives, 0);
    let mut world = killed(world);
    world.step(&Controls::default());
    assert!(world.game_over());
    world.step(&restart());
    assert!(world.game_over(), "no life left to lose");
    // Outside an episode a restart after a death costs nothing.
    let map = text_map("", &CORRIDOR).unwrap();
    let mut lone = killed(World::new(map, Tunables::default(), 5));
    lone.step(&restart());
    assert_eq!(lone.tally().lives, START_LIVES);
    assert!(!lone.in_episode() && !lone.game_over());
}

#[test]
fn on_the_easiest_level_a_death_comes_back_at_the_last_checkpoint() {
    let map = text_map("", &CORRIDOR).unwrap();
    let mut world = World::at_difficulty(map, Tunables::default(), Difficulty::Easy, 5);
    world.apply(Change::Episode(Carried::START));
    // Die before the checkpoint: back at the start.
    let mut world = killed(world);
    world.step(&restart());
    assert_eq!(world.player().x, 1.5);
    // Past checkpoint 1 (x 5.5), then die: back at it, facing the finish.
    run_until(&mut world, forward(), 600, |w| w.player().x > 7.0);
    assert!(world.exited().is_none());
    let mut world = killed(world);
    world.step(&restart());
    assert_eq!((world.player().x, world.player().y), (5.5, 1.5));
    assert!(
        world.player().heading.abs() < 1e-9,
        "facing east, to the finish"
    );
    assert_eq!(world.tally().lives, START_LIVES - 2, "two deaths");
}

#[test]
fn a_comeback_carries_the_checkpoints_on_to_the_next_death() {
    // Two checkpoints: past the first, die, come back at it; past the
    // second, die again: back at the second, not the first.
    let rows = ["##############", "#>..1...2..FX#", "##############"];
    let text = format!(
        "name = two\n[legend]\n# = brick_red\nX = exit\n[course]\n1 = checkpoint 1\n2 = checkpoint 2\nF = finish\n[grid]\n{}\n",
        rows.join("\n")
    );
    let map = map::parse(&text, Path::new("two.map")).unwrap().map;
    let mut world = World::at_difficulty(map, Tunables::default(), Difficulty::Easy, 5);
    world.apply(Change::Episode(Carried::START));
    run_until(&mut world, forward(), 600, |w| w.player().x > 5.0);
    let mut world = killed(world);
    world.step(&restart());
    assert_eq!((world.player().x, world.player().y), (4.5, 1.5));
    let hash = world.state_hash();
    run_until(&mut world, forward(), 600, |w| w.player().x > 9.0);
    let mut world = killed(world);
    world.step(&restart());
    assert_eq!((world.player().x, world.player().y), (8.5, 1.5));
    assert_ne!(world.state_hash(), hash);
    // A restart while alive starts the level (and its run) over.
    world.step(&restart());
    assert_eq!(world.player().x, 1.5);
    assert_eq!(world.course_run().progress.as_ref().unwrap().next(), 0);
}

/// `check-map` on `files`: whether it passed, and what it printed.
fn check_map(files: &[&str]) -> (bool, String) {
    let args = [&["check-map"], files].concat();
    let out = common::wobble(&args, None);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn check_map_finds_an_exit_reachable_through_keys_doors_and_push_walls() {
    let (ok, out) = check_map(&["tests/maps/exit_reachable.map"]);
    assert!(ok, "{out}");
    assert!(out.contains("1 exit tile, par 0:45"), "{out}");
    let (ok, out) = check_map(&["tests/maps/exit_unreachable.map"]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(
            "exit_unreachable.map:9:8: error: the exit at tile (7, 2) cannot be reached \
             from the player start: walls close it off"
        ),
        "{out}"
    );
    // Without the push wall's slide the exit's pocket is shut: the flood
    // goes through push walls, not through walls.
    let text =
        std::fs::read_to_string(common::root().join("tests/maps/exit_reachable.map")).unwrap();
    let walled = text.replace("s = brick_red push\n", "s = brick_red\n");
    let m = map::parse(&walled, Path::new("walled.map")).unwrap().map;
    let problems = wobblecaster::sim::actors::placement_problems(&m, 0.28);
    assert!(
        problems.iter().any(|p| p
            .message
            .starts_with("the exit at tile (8, 3) cannot be reached")),
        "{problems:?}"
    );
}

#[test]
fn every_episode_map_has_a_reachable_exit() {
    let e = map::Episode::load(&map::episode::shipped_path()).unwrap();
    let files: Vec<String> = e
        .maps
        .iter()
        .map(|m| format!("maps/{}", m.path.file_name().unwrap().to_string_lossy()))
        .collect();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let (ok, out) = check_map(&files);
    assert!(ok, "{out}");
    assert_eq!(out.matches("exit tile").count(), files.len(), "{out}");
}
