//! Guards: the hit chance and damage of their shots against Wolfenstein
//! 3D's `T_Shoot` (the formula typed here), sight as `CheckSight` (walls,
//! shut doors, the view), the reaction delay, and a guard's death heard
//! and counted as the walkers' are.

use std::f64::consts::PI;
use wobblecaster::map::{Map, SpawnKind};
use wobblecaster::rng::Rng;
use wobblecaster::sim::actors::guard::{
    hit_chance, hit_damage, tile_distance, GuardState, GuardTunables,
};
use wobblecaster::sim::actors::{guard_sees, player_sees, Actors, EnemyTunables, Quarry};
use wobblecaster::sim::sound::Cue;
use wobblecaster::sim::{Controls, Difficulty, Scenario, Tunables, World};

/// A map from rows as `Map::from_rows` reads them, with `g` a guard facing
/// east and `h` one facing west (each read as a walker, then made a guard).
fn rows(rows: &[&str]) -> Map {
    let walkers: Vec<String> = rows.iter().map(|r| r.replace(['g', 'h'], "w")).collect();
    let refs: Vec<&str> = walkers.iter().map(String::as_str).collect();
    let mut map = Map::from_rows(&refs);
    let facings: Vec<f64> = rows
        .iter()
        .flat_map(|r| r.chars())
        .filter(|c| *c == 'g' || *c == 'h')
        .map(|c| if c == 'h' { PI } else { 0.0 })
        .collect();
    // Spawns are listed row by row, as the grid is read.
    assert_eq!(map.spawns.len(), facings.len());
    for (s, facing) in map.spawns.iter_mut().zip(facings) {
        s.kind = SpawnKind::Guard { patrol: false };
        s.angle = facing;
    }
    map
}

/// `T_Shoot`'s hit chance out of 256, typed from WL_ACT2.C.
fn wolf_hitchance(dist: i32, visible: bool, running: bool) -> i32 {
    match (running, visible) {
        (true, true) => 160 - dist * 16,
        (true, false) => 160 - dist * 8,
        (false, true) => 256 - dist * 16,
        (false, false) => 256 - dist * 8,
    }
}

/// `T_Shoot`'s damage from a roll, typed from WL_ACT2.C.
fn wolf_damage(dist: i32, rnd: u32) -> u32 {
    if dist < 2 {
        rnd >> 2
    } else if dist < 4 {
        rnd >> 3
    } else {
        rnd >> 4
    }
}

/// A player at `pos` looking along `facing` at `speed` tiles a second.
fn quarry(pos: [f64; 2], facing: f64, speed: f64) -> Quarry {
    Quarry {
        pos,
        radius: 0.3,
        alive: true,
        altitude: 0.0,
        speed,
        facing,
    }
}

#[test]
fn the_hit_chance_and_damage_follow_t_shoot_at_every_distance() {
    let t = GuardTunables::default();
    for dist in [0, 1, 2, 3, 4, 5, 9, 10, 15, 16, 17, 20, 32, 64] {
        for seen in [false, true] {
            for fast in [false, true] {
                let want = wolf_hitchance(dist, seen, fast);
                assert_eq!(
                    hit_chance(dist as u32, seen, fast, &t),
                    want,
                    "dist {dist} seen {seen} fast {fast}"
                );
            }
        }
        for rnd in [0, 1, 3, 4, 7, 8, 15, 16, 100, 254, 255] {
            assert_eq!(hit_damage(dist as u32, rnd, &t), wolf_damage(dist, rnd));
        }
    }
    // The edges: a guard 16 tiles off that the player sees never hits a
    // walker, nor one 10 tiles off a runner who sees it; a guard next to
    // the player always may.
    assert_eq!(hit_chance(16, true, false, &t), 0);
    assert_eq!(hit_chance(10, true, true, &t), 0);
    assert!(hit_chance(11, true, true, &t) < 0);
    assert_eq!(hit_chance(0, false, false, &t), 256);
    // The most a shot does: a quarter of 255 close, an eighth at 2 and 3
    // tiles, a sixteenth from 4 on.
    assert_eq!(
        [0, 1, 2, 3, 4, 40].map(|d| hit_damage(d, 255, &t)),
        [63, 63, 31, 31, 15, 15]
    );
    assert_eq!(tile_distance((3, 4), (7, 2)), 4, "the larger of dx and dy");
    assert_eq!(tile_distance((3, 4), (3, 4)), 0);
}

/// A corridor 40 tiles long with one guard facing east at its west end
/// (tile 1, 1).
fn corridor() -> Map {
    let mut row = String::from("#h");
    row.push_str(&".".repeat(38));
    row.push_str(">#");
    let wall = "#".repeat(row.len());
    rows(&[&wall, &row, &wall])
}

/// Shots a guard fires at `q`, and how many hit and their damage in all:
/// the guard is put in its aim frame one tick from firing each time.
fn volley(q: &Quarry, shots: usize) -> (usize, u64) {
    let map = corridor();
    let mut actors = Actors::spawn(&map, EnemyTunables::default());
    actors.guards[0].heading = 0.0;
    let mut rng = Rng::new(99);
    let (mut hits, mut damage) = (0, 0);
    for _ in 0..shots {
        let g = &mut actors.guards[0];
        g.set_state(GuardState::Aim);
        g.ticks_left = 1;
        actors.step(&map, q, &mut rng, 1.0 / 120.0);
        assert_eq!(actors.guards[0].state, GuardState::Fire);
        for b in actors.blows() {
            hits += 1;
            damage += u64::from(b.damage);
        }
    }
    (hits, damage)
}

#[test]
fn shots_hit_as_often_as_the_chance_says_by_distance_sight_and_speed() {
    let t = GuardTunables::default();
    let shots = 3000;
    // The guard stands in tile (1, 1); the player at tile (1 + d, 1).
    for (d, seen, speed) in [
        (1, false, 0.0),
        (3, true, 0.0),
        (6, false, 0.0),
        (6, true, 0.0),
        (6, true, 5.0),
        (6, false, 5.0),
        (12, true, 0.0),
        (16, true, 0.0),
        (21, false, 6.0),
        (30, false, 0.0),
    ] {
        // Looking west at the guard, or east away from it.
        let facing = if seen { PI } else { 0.0 };
        let q = quarry([1.5 + d as f64, 1.5], facing, speed);
        let fast = speed >= t.fast_speed;
        let chance = wolf_hitchance(d, seen, fast).clamp(0, 256) as f64 / 256.0;
        // A hit that rolls no damage is no blow: rolls under 4, 8 or 16.
        let harmless = (0..256u32).filter(|&r| wolf_damage(d, r) == 0).count();
        let p = chance * (1.0 - harmless as f64 / 256.0);
        let (hits, damage) = volley(&q, shots);
        let want = p * shots as f64;
        let sd = (shots as f64 * p * (1.0 - p)).sqrt();
        assert!(
            (hits as f64 - want).abs() <= 4.0 * sd + 1e-9,
            "dist {d} seen {seen} speed {speed}: {hits} hits, expected {want:.0} +- {sd:.0}"
        );
        if hits > 0 {
            // The mean damage of a blow: the mean of the rolls that did any.
            let mean = damage as f64 / hits as f64;
            let rolls: Vec<u32> = (0..256u32)
                .map(|r| wolf_damage(d, r))
                .filter(|&x| x > 0)
                .collect();
            let want = rolls.iter().sum::<u32>() as f64 / rolls.len() as f64;
            assert!(
                (mean - want).abs() < want * 0.12,
                "dist {d}: mean damage {mean}, expected {want}"
            );
        }
    }
}

#[test]
fn a_players_speed_this_tick_is_what_the_guard_judges() {
    // The world tells the guards how fast the player moved: standing 0,
    // walking flat out over the threshold in every model.
    let map = Map::from_rows(&["#########", "#>......#", "#########"]);
    for model in [
        wobblecaster::sim::Model::Polar,
        wobblecaster::sim::Model::Classic,
        wobblecaster::sim::Model::Quake,
    ] {
        let tunables = Tunables {
            model,
            ..Tunables::default()
        };
        let mut w = World::new(map.clone(), tunables, 1);
        let mut top: f64 = 0.0;
        let x0 = w.player().x;
        for _ in 0..90 {
            let x = w.player().x;
            w.step(&Controls {
                forward: 1.0,
                ..Controls::default()
            });
            top = top.max((w.player().x - x) * 120.0);
        }
        assert!(w.player().x > x0);
        assert!(
            top >= GuardTunables::default().fast_speed,
            "{model:?} tops out at {top} tiles/s, under the threshold"
        );
    }
}

#[test]
fn walls_and_shut_doors_hide_the_player() {
    let t = GuardTunables::default();
    let map = rows(&[
        "###########",
        "#g...#....#",
        "#...##..>.#",
        "#g..D.....#",
        "###########",
    ]);
    let actors = Actors::spawn(&map, EnemyTunables::default());
    let (top, bottom) = (&actors.guards[0], &actors.guards[1]);
    // In the open, ahead: seen; behind the wall at (5, 1): not.
    assert!(guard_sees(top, &quarry([4.5, 1.5], 0.0, 0.0), &map, &t));
    assert!(!guard_sees(top, &quarry([7.5, 1.5], 0.0, 0.0), &map, &t));
    // Behind the shut door at (4, 3): not; seen once it is open.
    let q = quarry([7.5, 3.5], 0.0, 0.0);
    assert!(!guard_sees(bottom, &q, &map, &t));
    let mut opened = map.clone();
    opened.doors[0].open = 1.0;
    assert!(guard_sees(bottom, &q, &opened, &t));
}

#[test]
fn a_guard_sees_ahead_in_a_half_plane_and_all_round_up_close() {
    let t = GuardTunables::default();
    let map = rows(&[
        "###########",
        "#.........#",
        "#.........#",
        "#....g....#",
        "#.........#",
        "#.........#",
        "#>........#",
        "###########",
    ]);
    let actors = Actors::spawn(&map, EnemyTunables::default());
    let g = &actors.guards[0];
    assert_eq!((g.x, g.y, g.heading), (5.5, 3.5, 0.0));
    // Two tiles off at an angle from its heading (east).
    let at = |deg: f64| {
        let a = deg.to_radians();
        quarry([5.5 + 2.0 * a.cos(), 3.5 + 2.0 * a.sin()], 0.0, 0.0)
    };
    for deg in [0.0, 45.0, -60.0, 85.0, -89.0] {
        assert!(guard_sees(g, &at(deg), &map, &t), "{deg} degrees");
    }
    for deg in [95.0, -100.0, 150.0, 180.0] {
        assert!(!guard_sees(g, &at(deg), &map, &t), "{deg} degrees");
    }
    // Behind it but within 1.5 tiles on both axes: sight is automatic.
    assert!(guard_sees(g, &quarry([4.1, 4.9], 0.0, 0.0), &map, &t));
    assert!(!guard_sees(g, &quarry([3.9, 3.5], 0.0, 0.0), &map, &t));
    // A dead player is seen by no one.
    let mut dead = at(0.0);
    dead.alive = false;
    assert!(!guard_sees(g, &dead, &map, &t));
    // The player sees the guard within half the view of its centre.
    let q = |facing: f64| quarry([2.5, 3.5], facing, 0.0);
    assert!(player_sees(g, &q(0.0), &t));
    assert!(player_sees(g, &q(0.7), &t));
    assert!(player_sees(g, &q(-0.7), &t));
    assert!(!player_sees(g, &q(0.9), &t));
    assert!(!player_sees(g, &q(PI), &t));
}

#[test]
fn a_guard_reacts_after_a_random_delay_within_the_documented_range() {
    let t = GuardTunables::default();
    let map = corridor();
    let q = quarry([8.5, 1.5], PI, 0.0);
    let mut delays = Vec::new();
    for seed in 0..200 {
        let mut actors = Actors::spawn(&map, EnemyTunables::default());
        actors.guards[0].heading = 0.0;
        let mut rng = Rng::new(seed);
        let mut reacted = None;
        for tick in 1..=200 {
            actors.step(&map, &q, &mut rng, 1.0 / 120.0);
            if actors.guards[0].state.hunting() {
                reacted = Some(tick);
                break;
            }
            assert!(actors.guards[0].reaction > 0, "it saw the player at once");
        }
        delays.push(reacted.expect("it reacted within 200 ticks"));
    }
    let (lo, hi) = (t.reaction.0 + 1, t.reaction.0 + t.reaction.1 + 1);
    assert!(delays.iter().all(|d| (lo..=hi).contains(d)), "{delays:?}");
    let mean = delays.iter().sum::<u32>() as f64 / delays.len() as f64;
    let want = (lo + hi) as f64 / 2.0;
    assert!(
        (mean - want).abs() < 8.0,
        "mean delay {mean}, expected {want}"
    );
    assert!(delays.iter().min() < Some(&20) && delays.iter().max() > Some(&90));
}

#[test]
fn a_guard_shouts_fires_is_shot_and_dies_as_walkers_do() {
    // The player faces the guard four tiles off, lets it shoot for 5 s,
    // then fires until it falls.
    let map = rows(&["##########", "#g...<...#", "##########"]);
    let mut w = World::at_difficulty(map, Tunables::default(), Difficulty::Normal, 3);
    assert_eq!(w.actors().guards[0].health, 20, "normal: 80 % of 25");
    let mut heard = Vec::new();
    let mut died = None;
    for tick in 0..1200 {
        let fire = tick > 600;
        w.step(&Controls {
            fire,
            ..Controls::default()
        });
        heard.extend(w.sounds().as_slice().iter().map(|s| s.cue));
        if died.is_none() && !w.actors().guards[0].state.alive() {
            died = Some(tick);
            assert_eq!(w.actors().living(), 0);
        }
    }
    assert!(heard.contains(&Cue::GuardShout), "it shouted");
    assert!(heard.contains(&Cue::GuardFire), "it fired");
    assert!(died.is_some(), "it died");
    assert!(w.combat().health < 100, "it hit the player");
    assert_eq!(heard.iter().filter(|c| **c == Cue::GuardDeath).count(), 1);
    assert_eq!(w.actors().guards[0].state, GuardState::Dead);
    // Its shouts and shots borrow clips that exist.
    assert_eq!(Cue::GuardShout.clip(), Cue::WalkerAlert);
    assert_eq!(Cue::GuardFire.clip(), Cue::Gun);
}

#[test]
fn a_guard_that_sees_no_one_stays_put_and_a_scenario_can_wake_it() {
    let map = rows(&["##########", "#g.....>.#", "##########"]);
    // Facing east at the player: it will see; turned west it does not.
    let mut w = Scenario::on(map)
        .actors(|a| a.guards[0].heading = PI)
        .build();
    for _ in 0..600 {
        w.step(&Controls::default());
    }
    assert_eq!(w.actors().guards[0].state, GuardState::Stand);
    assert_eq!(w.actors().guards[0].x, 1.5);
}

#[test]
fn the_guards_test_map_passes_check_map() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = wobblecaster::map::load(&root.join("tests/maps/guards.map")).unwrap();
    let problems = wobblecaster::sim::actors::placement_problems(&loaded.map, 0.28);
    assert!(problems.is_empty(), "{problems:?}");
    let world = World::new(loaded.map, Tunables::default(), 1);
    assert_eq!(world.actors().guards.len(), 4);
    assert!(world.actors().guards.iter().any(|g| g.patrol));
}
