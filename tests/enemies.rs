//! Enemy scenarios: a small map, a few actors, the world run tick by tick,
//! and what must (or must never) happen.

use std::f64::consts::{PI, TAU};
use wobblecaster::angle::wrap_signed;
use wobblecaster::map::Map;
use wobblecaster::sim::actors::walker::WalkerState;
use wobblecaster::sim::{Controls, Difficulty, Scenario, Tunables, World, TICK_RATE};

/// A world on a map drawn in rows (see `Map::from_rows`: `w` a walker
/// facing east, `p` a patrolling one, `t` a tank facing east).
fn world(rows: &[&str]) -> World {
    World::new(Map::from_rows(rows), Tunables::default(), 7)
}

/// Runs `seconds` of standing still, calling `each` after every tick.
fn run(world: &mut World, seconds: f64, mut each: impl FnMut(&World)) {
    for _ in 0..(seconds * f64::from(TICK_RATE)) as usize {
        world.step(&Controls::default());
        each(world);
    }
}

/// The distance between the edges of walker `i` and the player.
fn gap_to_player(w: &World, i: usize) -> f64 {
    let a = &w.actors().walkers[i];
    let r = w.actors().tunables.walker.radius + w.tunables().player_radius;
    (a.x - w.player().x).hypot(a.y - w.player().y) - r
}

#[test]
fn a_walker_reaches_a_target_behind_a_u_shaped_wall() {
    // The walker starts inside the U's cup; the player waits behind its
    // closed end, so the straight line runs into the wall.
    let mut w = world(&[
        "##############",
        "#............#",
        "#..#######...#",
        "#........#...#",
        "#..w.....#.>.#",
        "#........#...#",
        "#..#######...#",
        "#............#",
        "##############",
    ]);
    w = Scenario::from_world(w)
        .actors(|a| {
            a.walkers[0].set_state(WalkerState::Chase1);
        })
        .build();
    let mut reached = None;
    run(&mut w, 20.0, |w| {
        if reached.is_none() && gap_to_player(w, 0) <= w.actors().tunables.walker.reach {
            reached = Some(w.time());
        }
    });
    let t = reached.expect("the walker found its way round the U within 20 s");
    assert!(t < 12.0, "took {t} s");
}

#[test]
fn a_walker_gets_past_another_standing_dead_ahead() {
    // The left walker chases the player east; the right one stands exactly
    // on its line, too far from the player to
    // notice: an obstacle dead ahead, the article's "left or right" case.
    // It faces west, so the player behind it stays unseen.
    let mut w = world(&[
        "################",
        "#..............#",
        "#..............#",
        "#.w...w......>.#",
        "#..............#",
        "#..............#",
        "################",
    ]);
    w = Scenario::from_world(w)
        .actors(|a| {
            a.walkers[0].set_state(WalkerState::Chase1);
            a.walkers[1].heading = PI;
        })
        .build();
    let blocker = w.actors().walkers[1].x;
    let mut passed = None;
    run(&mut w, 15.0, |w| {
        if passed.is_none() && w.actors().walkers[0].x > blocker + 0.6 {
            passed = Some(w.time());
        }
    });
    let t = passed.expect("the chaser got past the walker in its way");
    assert!(t < 8.0, "took {t} s");
}

#[test]
fn two_walkers_meeting_head_on_never_overlap() {
    // Two patrols on one line walk at each other; the player is walled off
    // out of sight.
    let mut w = world(&[
        "##############",
        "#p...........#",
        "#............#",
        "##############",
        "#>...........#",
        "##############",
    ]);
    // Face the second patrol west, on the same line as the first.
    w = Scenario::from_world(w)
        .actors(|a| {
            a.walkers[0].y = 1.5;
            let mut second = a.walkers[0].clone();
            second.x = 12.5;
            second.heading = PI;
            a.walkers.push(second);
        })
        .build();
    let r = w.actors().tunables.walker.radius;
    let mut worst: f64 = 0.0;
    let mut crossings = 0;
    let mut west_first = true;
    run(&mut w, 30.0, |w| {
        let (a, b) = (&w.actors().walkers[0], &w.actors().walkers[1]);
        let d = (a.x - b.x).hypot(a.y - b.y);
        worst = worst.max(2.0 * r - d);
        if (a.x < b.x) != west_first {
            west_first = a.x < b.x;
            crossings += 1;
        }
    });
    assert!(crossings >= 1, "the two patrols passed each other");
    assert!(worst < 0.05, "overlapped by {worst} tiles");
}

/// A walker's strike does 4 plus 0 to 6 (the walker tunables' "the least,
/// and how much more at most": (4, 6)), written out here rather than read
/// from the defaults.
const STRIKE: std::ops::RangeInclusive<u32> = 4..=10;

/// What the player lost on each tick that cost health, as (tick, damage),
/// over `seconds` of standing still. With no tank about, each is one
/// walker's strike (or strikes landing on the same tick).
fn hits_taken(world: &mut World, seconds: f64) -> Vec<(u64, u32)> {
    let mut hits = Vec::new();
    let mut health = world.combat().health;
    run(world, seconds, |w| {
        if w.combat().health != health {
            let lost = health - w.combat().health;
            hits.push((w.tick(), u32::try_from(lost).expect("health only falls")));
            health = w.combat().health;
        }
    });
    hits
}

#[test]
fn a_walker_that_sees_the_player_chases_and_strikes() {
    let mut w = world(&["##########", "#>.....w.#", "##########"]);
    // It faces east, away from the player: it must not notice at 6 tiles.
    run(&mut w, 1.0, |_| {});
    assert_eq!(w.actors().walkers[0].state, WalkerState::Stand);
    w = Scenario::from_world(w)
        .actors(|a| a.walkers[0].heading = PI)
        .build();
    let hits = hits_taken(&mut w, 6.0);
    assert!(w.actors().walkers[0].state.hunting());
    assert!(!hits.is_empty(), "it struck the player");
    for &(tick, damage) in &hits {
        assert!(
            STRIKE.contains(&damage),
            "tick {tick}: a strike of {damage}"
        );
    }
}

#[test]
fn a_walkers_strikes_do_4_to_10_each_every_48_ticks() {
    // The walker starts next to the player, within hearing, and the player
    // has health for hundreds of strikes.
    let mut w = world(&["#######", "#>w...#", "#######"]);
    w = Scenario::from_world(w)
        .combat(|c, _| c.health = 100_000)
        .build();
    let hits = hits_taken(&mut w, 120.0);
    // In reach, a walker faces the player for Attack1's 30 ticks, strikes
    // on entering Attack2, whose 18 ticks end in Chase1, which (still in
    // reach) goes straight back to Attack1: a strike every 48 ticks.
    assert!(hits.len() >= 200, "{} strikes in 120 s", hits.len());
    for pair in hits.windows(2) {
        assert_eq!(pair[1].0 - pair[0].0, 30 + 18, "ticks between strikes");
    }
    let mut seen = [0usize; 11];
    for &(tick, damage) in &hits {
        assert!(
            STRIKE.contains(&damage),
            "tick {tick}: a strike of {damage}"
        );
        seen[damage as usize] += 1;
    }
    // Uniform over 4..=10: every value comes up, and the mean is near 7
    // (its standard error over 200 strikes is 2 / sqrt(200) = 0.14).
    assert!(seen[4..=10].iter().all(|&n| n > 0), "{seen:?}");
    let mean = hits.iter().map(|h| f64::from(h.1)).sum::<f64>() / hits.len() as f64;
    assert!((mean - 7.0).abs() < 0.6, "mean strike {mean}");
}

/// Seconds one walker, starting next to a player who stands still, takes
/// to kill them at `level` with the world's generator seeded `seed`; None
/// if the player lives through two minutes.
fn time_to_kill(level: Difficulty, seed: u64) -> Option<f64> {
    let map = Map::from_rows(&["#######", "#>w...#", "#######"]);
    let mut w = World::at_difficulty(map, Tunables::default(), level, seed);
    let mut died = None;
    run(&mut w, 120.0, |w| {
        if died.is_none() && !w.combat().alive() {
            died = Some(w.time());
        }
    });
    died
}

#[test]
fn one_walker_needs_15_s_to_kill_at_the_default_level_and_the_levels_order_as_named() {
    assert_eq!(Difficulty::default(), Difficulty::Normal);
    for seed in [1, 2, 3] {
        let times: Vec<f64> = Difficulty::ALL
            .iter()
            .map(|&level| time_to_kill(level, seed).expect("the walker kills within 2 minutes"))
            .collect();
        let [easy, normal, hard, nightmare] = times[..] else {
            unreachable!("four levels")
        };
        eprintln!("seed {seed}: easy {easy:.1} s, normal {normal:.1} s, hard {hard:.1} s, nightmare {nightmare:.1} s");
        assert!(normal >= 15.0, "seed {seed}: normal kills in {normal} s");
        // Easier is longer, in the order the levels are named.
        assert!(
            easy > normal && normal > hard && hard > nightmare,
            "seed {seed}: {times:?}"
        );
        // Hard is the game as it was: a strike of 4 to 10 every 48 ticks
        // (0.4 s), so 10 to 25 strikes, 4 to 10 s.
        assert!((4.0..=10.0).contains(&hard), "seed {seed}: hard {hard} s");
    }
}

#[test]
fn a_walker_winds_up_visibly_for_longer_at_easier_levels() {
    // Ticks from entering the wind-up to the strike, as the state shows it.
    let windup = |level: Difficulty| {
        let map = Map::from_rows(&["#######", "#>w...#", "#######"]);
        let mut w = World::at_difficulty(map, Tunables::default(), level, 1);
        let mut ticks = 0;
        let mut seen = false;
        run(&mut w, 5.0, |w| {
            let state = w.actors().walkers[0].state;
            if state == WalkerState::Attack1 {
                seen = true;
                ticks += 1;
            } else if seen && state == WalkerState::Attack2 {
                seen = false;
            }
        });
        ticks
    };
    let ticks: Vec<u32> = Difficulty::ALL.iter().map(|&d| windup(d)).collect();
    assert!(ticks.windows(2).all(|p| p[0] > p[1]), "{ticks:?}");
}

#[test]
fn a_hit_is_marked_with_the_bearing_of_the_walker_that_struck() {
    // The walker stands east of the player: the bearing is 0.
    let map = Map::from_rows(&["#######", "#>w...#", "#######"]);
    let mut w = World::at_difficulty(map, Tunables::default(), Difficulty::Normal, 1);
    let hits = hits_taken(&mut w, 2.0);
    assert!(!hits.is_empty(), "it struck");
    let marks: Vec<f64> = w.combat().live_wounds().map(|m| m.bearing).collect();
    assert!(!marks.is_empty(), "the strike left a mark");
    for bearing in marks {
        assert!(wrap_signed(bearing).abs() < 0.2, "bearing {bearing}");
    }
}

#[test]
fn shooting_a_walker_makes_it_flinch_then_die_and_leave_a_corpse() {
    let mut w = world(&["##########", "#>....w..#", "##########"]);
    let fire = Controls {
        fire: true,
        ..Controls::default()
    };
    w.step(&fire);
    assert_eq!(w.actors().walkers[0].state, WalkerState::Pain);
    for _ in 0..(10 * TICK_RATE) {
        w.step(&fire);
    }
    assert_eq!(w.actors().walkers[0].state, WalkerState::Dead);
    assert!(!w.actors().puffs.is_empty() || w.combat().shots > 2);
}

#[test]
fn a_tank_faces_a_target_one_tile_behind_it_turning_less_than_a_circle() {
    let mut w = world(&[
        "############",
        "#..........#",
        "#..........#",
        "#...>t.....#",
        "#..........#",
        "#..........#",
        "############",
    ]);
    // The player stands one tile behind the tank (it faces east).
    let mut turned = 0.0;
    let mut prev = w.actors().tanks[0].heading;
    let mut faced = None;
    run(&mut w, 6.0, |w| {
        let t = &w.actors().tanks[0];
        turned += wrap_signed(t.heading - prev).abs();
        prev = t.heading;
        let bearing = (w.player().y - t.y).atan2(w.player().x - t.x);
        if faced.is_none() && wrap_signed(bearing - t.heading).abs() < 3f64.to_radians() {
            faced = Some(w.time());
        }
    });
    let t = faced.expect("the tank faced the player");
    assert!(t < 4.0, "took {t} s");
    assert!(turned < TAU, "turned {turned} rad");
}

#[test]
fn a_tank_fires_shells_that_hurt_the_player() {
    let mut w = world(&["##############", "#>.......t...#", "##############"]);
    w = Scenario::from_world(w)
        .actors(|a| a.tanks[0].heading = PI)
        .build();
    let hits = hits_taken(&mut w, 6.0);
    assert!(!hits.is_empty(), "a shell hit");
    // A shell does 18 plus 0 to 16 (the shell tunables' (18, 16)), and
    // no two land on one tick (one tank, reloading between shots).
    for &(tick, damage) in &hits {
        assert!(
            (18..=34).contains(&damage),
            "tick {tick}: a shell of {damage}"
        );
    }
}

#[test]
fn restart_puts_everyone_back() {
    let mut w = world(&["##########", "#>....w..#", "##########"]);
    let fire = Controls {
        fire: true,
        ..Controls::default()
    };
    for _ in 0..TICK_RATE * 3 {
        w.step(&fire);
    }
    assert!(!w.actors().walkers[0].state.alive() || w.actors().walkers[0].health < 30);
    let restart = Controls {
        action: Some(wobblecaster::sim::Request::Restart),
        ..Controls::default()
    };
    w.step(&restart);
    assert!(w.actors().walkers[0].state.alive());
    assert_eq!(w.combat().health, 100);
}

/// Random controls for a long run: held for a while, firing often, with
/// restarts now and then.
fn random_controls(rng: &mut wobblecaster::sim::Rng) -> Controls {
    let mut axis = || (rng.next_f64() * 2.0 - 1.0) as f32;
    let c = Controls {
        forward: axis(),
        right: axis(),
        turn: axis(),
        ..Controls::default()
    };
    let fire = rng.next_f64() < 0.5;
    let restart = rng.next_f64() < 0.02;
    Controls {
        fire,
        action: restart.then_some(wobblecaster::sim::Request::Restart),
        ..c
    }
}

#[test]
fn a_long_random_fight_on_every_shipped_map_stays_sane() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/maps");
    for name in ["default.map", "arena.map"] {
        let map = wobblecaster::map::load(&std::path::Path::new(dir).join(name))
            .unwrap()
            .map;
        let mut w = World::new(map, Tunables::default(), 99);
        let mut rng = wobblecaster::sim::Rng::new(5);
        let mut controls = Controls::default();
        for tick in 0..30_000 {
            if tick % 60 == 0 {
                controls = random_controls(&mut rng);
            }
            w.step(&controls);
            if controls.action.is_some() {
                controls.action = None;
            }
            let a = w.actors();
            assert!(a.shells.len() <= 256 && a.puffs.len() <= 64);
            for walker in &a.walkers {
                let p = [walker.x, walker.y];
                assert!(p[0].is_finite() && p[1].is_finite() && walker.heading.is_finite());
                assert!(
                    !wobblecaster::sim::actors::overlaps_wall(
                        w.map(),
                        p,
                        a.tunables.walker.radius - 1e-6
                    ),
                    "{name} tick {tick}: a walker in a wall at {p:?}"
                );
            }
            for t in &a.tanks {
                let p = [t.x, t.y];
                assert!(p[0].is_finite() && t.heading.is_finite() && t.left.is_finite());
                assert!(
                    !wobblecaster::sim::actors::overlaps_wall(w.map(), p, t.radius() - 1e-6),
                    "{name} tick {tick}: a tank in a wall at {p:?}"
                );
            }
            assert!(w.player().x.is_finite() && w.player().y.is_finite());
        }
    }
}
