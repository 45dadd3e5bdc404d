//! Doors in play: a shut door hides what is behind it and stops bullets
//! and sight; Use opens the door in front, which then stays open a while
//! and shuts again; a locked door wants its key, which the player picks up
//! by walking over it.

use wobblecaster::map::{Key, Map, MapArt};
use wobblecaster::render::{self, Hud, View};
use wobblecaster::sim::actors::clear_line;
use wobblecaster::sim::doors::Event;
use wobblecaster::sim::{Controls, Request, Scenario, Tunables, World, TICK_RATE};
use wobblecaster::sprites::Art;

fn world(rows: &[&str]) -> World {
    World::new(Map::from_rows(rows), Tunables::default(), 3)
}

/// Runs `seconds` with `controls` held (an action only on the first tick).
fn hold(world: &mut World, seconds: f64, controls: Controls) {
    for i in 0..(seconds * f64::from(TICK_RATE)).round() as usize {
        let c = Controls {
            action: controls.action.filter(|_| i == 0),
            ..controls
        };
        world.step(&c);
    }
}

fn press(world: &mut World, action: Request) {
    hold(
        world,
        1.0 / f64::from(TICK_RATE),
        Controls {
            action: Some(action),
            ..Controls::default()
        },
    );
}

fn frame(world: &World) -> Vec<u8> {
    let (w, h) = (160, 90);
    let mut out = vec![0u8; w * h * 4];
    let hud = Hud {
        hidden: true,
        ..Hud::default()
    };
    let view = View::from_pose(world.camera());
    render::draw(
        &render::Scene {
            world,
            view: &view,
            hud: &hud,
            art: &Art::plain(),
            map_art: &MapArt::plain(world.map()),
        },
        render::Frame::new(&mut out, w, h),
    );
    out
}

/// A corridor: the player at its west end facing east, a door a tile
/// ahead, and a walker (facing away) beyond it, or not.
fn corridor(walker: bool) -> World {
    let row = if walker { "#>D...w.#" } else { "#>D.....#" };
    world(&["#########", row, "#########"])
}

#[test]
fn a_shut_door_hides_what_is_behind_it_until_use_opens_it() {
    let (mut with, mut without) = (corridor(true), corridor(false));
    assert_eq!(
        frame(&with),
        frame(&without),
        "the shut door hides the walker"
    );
    let shut = frame(&without);
    for w in [&mut with, &mut without] {
        press(w, Request::Use);
        hold(w, 1.2, Controls::default());
    }
    assert!(!with.map().is_solid(2, 1), "open after its slide");
    assert_ne!(frame(&without), shut, "the corridor shows through");
    assert_ne!(frame(&with), frame(&without), "the walker shows");
}

#[test]
fn a_shut_door_stops_bullets_and_sight() {
    let mut w = corridor(true);
    let (player, walker) = ([w.player().x, w.player().y], {
        let a = &w.actors().walkers[0];
        [a.x, a.y]
    });
    assert!(!clear_line(w.map(), player, walker));
    let health = w.actors().walkers[0].health;
    let fire = Controls {
        fire: true,
        ..Controls::default()
    };
    hold(&mut w, 1.0, fire);
    assert_eq!(w.actors().walkers[0].health, health, "shots hit the door");
    press(&mut w, Request::Use);
    hold(&mut w, 1.2, Controls::default());
    assert!(clear_line(w.map(), player, walker));
    // One tick of fire is one shot: 9 plus 0 to 9 (the combat tunables'
    // (9, 9)), all of it on the walker.
    hold(&mut w, 1.0 / f64::from(TICK_RATE), fire);
    let lost = health - w.actors().walkers[0].health;
    assert!(
        (9..=18).contains(&lost),
        "the shot through the door did {lost}"
    );
}

#[test]
fn an_open_door_shuts_again_after_its_delay() {
    // The documented timings in ticks of 1/120 s, counted from the tick
    // that presses Use (tick 1, on which the door already moves): a 1 s
    // slide (120 ticks) open, 4 s (480 ticks, 121 to 600) standing open,
    // the close starting on tick 601 and a 120-tick slide shut from 602.
    let slide = |ticks: f64| ticks / 120.0;
    let checkpoints = [
        (1, slide(1.0)),
        (60, 0.5),
        (119, slide(119.0)),
        (120, 1.0),
        (600, 1.0),
        (601, 1.0),
        (602, 1.0 - slide(1.0)),
        (661, 0.5),
        (720, slide(1.0)),
        (721, 0.0),
        (900, 0.0),
    ];
    let mut w = corridor(false);
    let mut tick = 0;
    for (at, open) in checkpoints {
        while tick < at {
            let action = (tick == 0).then_some(Request::Use);
            w.step(&Controls {
                action,
                ..Controls::default()
            });
            tick += 1;
        }
        let door = &w.map().doors[0];
        assert!(
            (door.open - open).abs() < 1e-9,
            "tick {tick}: open {}, not {open}",
            door.open
        );
        assert_eq!(w.map().is_solid(2, 1), open < 1.0, "tick {tick}: solid");
    }
}

#[test]
fn a_locked_door_wants_its_key_and_the_key_is_picked_up_on_the_way() {
    // The key lies behind the player: first the door refuses.
    let mut w = world(&["##########", "#k.>G....#", "##########"]);
    press(&mut w, Request::Use);
    assert!(matches!(w.event(), Some((_, Event::Locked(Key::Gold)))));
    hold(&mut w, 1.2, Controls::default());
    assert!(w.map().is_solid(4, 1), "still shut");
    // Turn round, walk over the key, come back and open.
    let back = Controls {
        forward: -1.0,
        ..Controls::default()
    };
    hold(&mut w, 1.5, back);
    assert_ne!(w.player().keys & Key::Gold.bit(), 0, "picked up");
    assert!(w.pickups().is_empty());
    assert!(matches!(w.event(), Some((_, Event::Picked(_)))));
    let ahead = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    hold(&mut w, 1.0, ahead);
    hold(&mut w, 1.0, Controls::default());
    assert!(
        (w.player().x - 3.5).abs() < 1.0,
        "back at the door: {}",
        w.player().x
    );
    press(&mut w, Request::Use);
    hold(&mut w, 1.2, Controls::default());
    assert!(!w.map().is_solid(4, 1), "the key opens it");
}

fn frame_with_hud(world: &World, (w, h): (usize, usize)) -> Vec<u8> {
    let mut out = vec![0u8; w * h * 4];
    let view = View::from_pose(world.camera());
    render::draw(
        &render::Scene {
            world,
            view: &view,
            hud: &Hud::default(),
            art: &Art::plain(),
            map_art: &MapArt::plain(world.map()),
        },
        render::Frame::new(&mut out, w, h),
    );
    out
}

#[test]
fn the_hud_tells_of_a_pickup_for_two_seconds_at_any_size() {
    let mut w = world(&["#######", "#>.k..#", "#######"]);
    hold(
        &mut w,
        0.7,
        Controls {
            forward: 1.0,
            ..Controls::default()
        },
    );
    assert!(w.event().is_some(), "picked up the key");
    let quiet = |w: &World| Scenario::from_world(w.clone()).event(None).build();
    for size in [(64, 36), (320, 180), (640, 360), (1920, 1080)] {
        assert_ne!(
            frame_with_hud(&w, size),
            frame_with_hud(&quiet(&w), size),
            "{size:?}"
        );
    }
    hold(&mut w, 2.1, Controls::default());
    let size = (320, 180);
    assert_eq!(
        frame_with_hud(&w, size),
        frame_with_hud(&quiet(&w), size),
        "gone"
    );
}
