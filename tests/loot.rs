//! Pickups, treasure, the score and secrets in play: health pickups cap
//! at full health (Wolfenstein 3D's `GetBonus`: food 10, first aid 25, up
//! to 100); treasure adds its points and an extra life comes at 40,000
//! (`EXTRAPOINTS`); a push wall used slides two tiles (`MovePWalls`: 128
//! tics of 70 a second a tile), blocking sight and paths while it is in
//! the way and freeing them after, and counts as a secret; the tally
//! joins the state hash only once it holds something.

use std::path::Path;
use wobblecaster::map::Map;
use wobblecaster::sim::actors::clear_line;
use wobblecaster::sim::doors::Event;
use wobblecaster::sim::flow::FlowField;
use wobblecaster::sim::{Controls, Request, Scenario, Tunables, World, TICK_RATE};

/// A map from rows of `#` (wall), `.` (floor), a start arrow, `P` (a push
/// wall), `f` (food), `+` (first aid), `c` (a cross) and `$` (a crown).
fn rows_map(rows: &[&str]) -> Map {
    let text = format!(
        "name = loot\n[legend]\n# = stone_grey\nP = stone_grey push\n\
         [pickups]\nf = food\n+ = health\nc = treasure cross\n$ = treasure crown\n\
         [grid]\n{}\n",
        rows.join("\n")
    );
    wobblecaster::map::parse(&text, Path::new("loot.map"))
        .unwrap_or_else(|e| panic!("{e}"))
        .map
}

fn world(rows: &[&str]) -> World {
    World::new(rows_map(rows), Tunables::default(), 3)
}

fn tick(world: &mut World, n: usize) {
    for _ in 0..n {
        world.step(&Controls::default());
    }
}

fn press_use(world: &mut World) {
    world.step(&Controls {
        action: Some(Request::Use),
        ..Controls::default()
    });
}

/// The player standing on a pickup with `health`.
fn on_pickup(marker: char, health: i32) -> World {
    let row = format!("#>{marker}.#");
    let rows = ["#####", row.as_str(), "#####"];
    Scenario::on(rows_map(&rows))
        .player(|p| p.x = 2.5)
        .combat(|c, _| c.health = health)
        .build()
}

#[test]
fn food_and_first_aid_heal_up_to_full_and_wait_when_full() {
    // (marker, health before, health after, taken)
    let cases = [
        ('f', 50, 60, true),
        ('f', 95, 100, true),
        ('f', 100, 100, false),
        ('+', 50, 75, true),
        ('+', 80, 100, true),
        ('+', 100, 100, false),
    ];
    for (marker, before, after, taken) in cases {
        let mut w = on_pickup(marker, before);
        tick(&mut w, 1);
        assert_eq!(w.combat().health, after, "{marker} at {before}");
        assert_eq!(w.pickups().is_empty(), taken, "{marker} at {before}");
        assert_eq!(w.tally().score, 0);
    }
}

#[test]
fn treasure_adds_its_points_and_is_counted() {
    let mut w = on_pickup('c', 100);
    tick(&mut w, 1);
    assert!(w.pickups().is_empty(), "treasure is always taken");
    assert_eq!((w.tally().score, w.tally().treasure), (100, 1));
    assert!(matches!(w.event(), Some((_, Event::Picked(_)))));
    let mut w = on_pickup('$', 100);
    tick(&mut w, 1);
    assert_eq!(w.tally().score, 5000);
}

#[test]
fn eight_crowns_bring_an_extra_life() {
    // Eight crowns in a row, 5000 points each, walked over east.
    let mut w = world(&["###########", "#>$$$$$$$$#", "###########"]);
    assert_eq!(w.tally().lives, 3);
    let walk = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    let mut life_at = None;
    for i in 0..(6 * TICK_RATE) {
        w.step(&walk);
        if life_at.is_none() && w.tally().lives == 4 {
            life_at = Some(i);
            assert_eq!(w.tally().score, 40_000, "the eighth crown");
            assert!(matches!(w.event(), Some((_, Event::ExtraLife))));
        }
    }
    assert!(life_at.is_some(), "score {}", w.tally().score);
    assert_eq!((w.tally().treasure, w.tally().lives), (8, 4));
}

/// A hall split by a push wall at (3, 2), the player west of it facing
/// it, open tiles east of it, and room round about.
fn hall() -> World {
    world(&[
        "#########",
        "#.......#",
        "#.>P....#",
        "#.......#",
        "#########",
    ])
}

#[test]
fn a_push_wall_slides_two_tiles_blocking_sight_and_paths_as_it_goes() {
    let mut w = hall();
    let (west, east) = ([2.5, 2.5], [7.5, 2.5]);
    assert!(!clear_line(w.map(), west, east), "the wall hides the east");
    let hash_before = w.state_hash();
    press_use(&mut w);
    assert_eq!(w.tally().secrets, 1, "a secret found");
    assert!(matches!(w.event(), Some((_, Event::Secret))));
    assert_ne!(w.state_hash(), hash_before);
    // Wolfenstein 3D's pace: a tile in 128 tics of 70 a second.
    let per_tile = (128.0 / 70.0 * f64::from(TICK_RATE)).round() as usize;
    let mut seen_at = None;
    let mut moved_at = Vec::new();
    for i in 0..3 * per_tile {
        let before = w.map().generation();
        tick(&mut w, 1);
        if w.map().generation() != before {
            moved_at.push(i);
        }
        // Nothing of the hall east of the block's far tile is seen before
        // it has slid past: a line along the hall stops at the block.
        let x = w.map().slide().map_or(0.0, |s| 3.0 + s.moved);
        if w.map().slide().is_some() {
            let ahead = [x - 0.05, 2.5];
            assert!(!clear_line(w.map(), west, [x + 1.05, 2.5]), "tick {i}");
            assert!(clear_line(w.map(), west, ahead), "tick {i}: up to it");
        }
        if seen_at.is_none() && clear_line(w.map(), west, east) {
            seen_at = Some(i);
        }
    }
    assert_eq!(w.map().slide(), None, "come to rest");
    // The two tiles' crossings, about a tile's time apart, then rest.
    assert_eq!(moved_at.len(), 2, "{moved_at:?}");
    assert!(moved_at[0].abs_diff(per_tile) <= 1, "{moved_at:?}");
    assert!(moved_at[1].abs_diff(2 * per_tile) <= 2, "{moved_at:?}");
    assert_eq!(w.map().pushwalls()[0].tile, (5, 2));
    assert!(!w.map().is_solid(3, 2) && !w.map().is_solid(4, 2));
    assert!(w.map().is_solid(5, 2));
    // At rest two tiles on it still blocks the line past it.
    assert_eq!(seen_at, None, "the block still stands in the hall");
    assert!(clear_line(w.map(), west, [4.5, 2.5]));
    // Used again, it stays: a push wall slides once.
    w = Scenario::from_world(w).player(|p| p.x = 4.5).build();
    press_use(&mut w);
    assert_eq!(w.tally().secrets, 1);
}

#[test]
fn the_paths_round_a_push_wall_follow_its_slide() {
    // A corridor closed by the push wall; the only way east is through it.
    let mut w = world(&["#########", "#>P.....#", "#########"]);
    let mut field = FlowField::new();
    field.rebuild(w.map(), (7, 1), 0.3);
    assert_eq!(field.distance((1, 1)), None, "no way past the wall");
    press_use(&mut w);
    assert!(w.map().slide().is_some());
    field.rebuild(w.map(), (7, 1), 0.3);
    assert_eq!(field.distance((1, 1)), None, "still none while it slides");
    let built = w.map().generation();
    tick(&mut w, 5 * TICK_RATE as usize);
    assert_eq!(w.map().slide(), None);
    assert!(!field.leads_to(w.map(), (7, 1)), "stale after the slide");
    assert_ne!(built, w.map().generation());
    // Slid two tiles east, to (4, 1): the way from the west now reaches
    // (3, 1), the tile before it, and no farther.
    field.rebuild(w.map(), (3, 1), 0.3);
    assert_eq!(field.distance((1, 1)), Some(2.0));
    field.rebuild(w.map(), (7, 1), 0.3);
    assert_eq!(field.distance((1, 1)), None);
}

#[test]
fn a_push_wall_stops_short_at_a_wall_and_the_hash_holds_it() {
    // Room for one tile only.
    let mut w = world(&["######", "#>P.##", "######"]);
    press_use(&mut w);
    tick(&mut w, 5 * TICK_RATE as usize);
    assert_eq!(w.map().pushwalls()[0].tile, (3, 1));
    // Replayed, the same states.
    let mut again = world(&["######", "#>P.##", "######"]);
    press_use(&mut again);
    tick(&mut again, 5 * TICK_RATE as usize);
    assert_eq!(again.state_hash(), w.state_hash());
}

#[test]
fn the_tally_leaves_the_hash_as_it_was_until_it_holds_something() {
    // No treasure, no secrets: the same hash as a world that never had a
    // tally (the golden recordings' hashes are the proof at scale; here,
    // two worlds that differ only in a tally at its start).
    let a = world(&["#####", "#>..#", "#####"]);
    let b = Scenario::from_world(a.clone()).build();
    assert_eq!(a.state_hash(), b.state_hash());
    let mut c = on_pickup('c', 100);
    let before = c.state_hash();
    tick(&mut c, 1);
    let mut d = on_pickup('.', 100);
    tick(&mut d, 1);
    assert_ne!(c.state_hash(), d.state_hash(), "the treasure shows");
    assert_ne!(before, c.state_hash());
}
