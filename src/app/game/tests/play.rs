//! Play as issue 70 made it: the status bar and the readout, F1 holding
//! the course timer, the restart question, and the map's hints.

use super::*;

#[test]
fn f10_toggles_the_readout_and_the_hud_section_sets_the_start() {
    let mut g = game();
    assert!(
        !g.hud.parts.readout && !g.hud.parts.crosshair,
        "off by default"
    );
    assert!(g.hud.parts.status_bar);
    assert_eq!(g.press(key("F10")), [Command::ToggleReadout]);
    g.toggle_readout();
    assert!(g.hud.parts.readout);
    let text = "[hud]\nreadout = true\ncrosshair = true\nstatus_bar = false\n";
    let settings = Settings::parse(text, Path::new("s.toml")).unwrap();
    let mut g = Game::new(
        World::new(map(), Tunables::default(), 1),
        settings,
        (Video::default(), Art::plain()),
        Tape::new(None, 1),
        Watch::default(),
    );
    assert!(g.hud.parts.readout && g.hud.parts.crosshair && !g.hud.parts.status_bar);
    // A reload that changes the section puts it in force.
    g.apply_settings(Settings::default());
    assert_eq!(g.hud.parts, crate::render::Parts::default());
}

#[test]
fn the_status_bar_follows_the_run_and_a_menu_covers_the_notices() {
    let mut g = game_on(Map::from_rows(&["########", "#>....w#", "########"]));
    g.advance(0.5);
    assert_eq!(g.hud.goal, crate::render::GoalShown::EnemiesLeft(1));
    assert!(g.hud.clock.is_some_and(|t| t > 0));
    assert!(!g.hud.covered);
    g.open_pause_menu();
    g.advance(0.1);
    assert!(g.hud.covered, "the pause menu is over the view");
}

/// A corridor course: checkpoint 1 at x 3.5, the finish at x 10.5.
fn course_map() -> Map {
    use crate::map::course::{Course, Mark};
    use crate::map::Place;
    let mut m = Map::from_rows(&["#############", "#>..........#", "#############"]);
    let mark = |number, x| Mark {
        number,
        at: [x, 1.5],
        radius: 0.75,
        place: Place::Text { line: 1, col: 1 },
    };
    m.course = Course::from_marks(&[mark(Some(1), 3.5), mark(None, 10.5)]).unwrap();
    m
}

/// The course run's time so far, ticks.
fn run_ticks(g: &Game) -> u64 {
    g.run.as_ref().expect("a course run").ticks(&g.world)
}

#[test]
fn f1_stops_the_course_timer_in_play_until_the_help_closes() {
    let mut g = game_on(course_map());
    g.press(key("KeyW"));
    play(&mut g, 0.5);
    let (ticks, hash) = (run_ticks(&g), g.world.state_hash());
    assert!(ticks > 0, "the timer runs in play");
    assert_eq!(g.press(key("F1")), [Command::ToggleHelp]);
    g.toggle_help();
    assert!(g.hud.help);
    play(&mut g, 5.0);
    assert_eq!(
        run_ticks(&g),
        ticks,
        "the course timer waits under the help"
    );
    assert_eq!(g.world.state_hash(), hash, "and the world with it");
    while g.hud.help {
        g.toggle_help();
    }
    play(&mut g, 0.5);
    assert!(run_ticks(&g) > ticks, "it runs on once the help is closed");
}

#[test]
fn the_restart_key_asks_first_in_play_and_restarts_at_once_after_a_death() {
    use crate::menu::Screen;
    let mut g = game();
    let start = g.world.player().x;
    g.press(key("KeyW"));
    play(&mut g, 0.5);
    g.release(key("KeyW"));
    let moved = g.world.tick();
    assert!(g.world.player().x > start + 0.1, "walked off the start");
    assert_eq!(g.press(key("Enter")), [Command::Restart]);
    g.release(key("Enter"));
    g.restart();
    let screen = g.menu.as_ref().map(|m| m.screen());
    assert_eq!(screen, Some(Screen::ConfirmRestart), "asked, not restarted");
    // Enter, the menus' select key, keeps playing: "no" is chosen first.
    assert!(g.press(key("Enter")).is_empty());
    g.release(key("Enter"));
    assert!(!g.menu_open());
    play(&mut g, 0.1);
    assert!(g.world.tick() > moved, "the run went on");
    // Asked again, Down and Enter start the map again.
    g.restart();
    g.press(key("ArrowDown"));
    g.press(key("Enter"));
    assert!(!g.menu_open());
    play(&mut g, 0.1);
    assert_eq!(g.world.player().x, start, "started again");
    // Dead, the key restarts at once (the death screen names it).
    let mut dead = game();
    dead.world = crate::sim::Scenario::from_world(dead.world)
        .combat(|c, _| c.health = 0)
        .build();
    assert!(!dead.world.combat().alive());
    dead.restart();
    assert!(!dead.menu_open(), "no question after a death");
}

#[test]
fn a_map_s_hints_follow_the_player_and_name_the_keys_in_force() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/tutorial.map");
    let loaded = crate::map::load(&path).unwrap();
    let mut g = game_on(loaded.map);
    play(&mut g, 0.1);
    let hint = g.hud.hint.join("\n");
    assert!(hint.starts_with("Hold W to push"), "{hint}");
    // Push east across the first room, into the swing hint's tiles.
    g.press(key("KeyW"));
    play(&mut g, 1.5);
    g.release(key("KeyW"));
    play(&mut g, 1.0);
    assert!(g.world.player().x > 6.0, "{}", g.world.player().x);
    let hint = g.hud.hint.join("\n");
    assert!(hint.contains("turn with Left and Right"), "{hint}");
    // New bindings name new keys.
    let mut settings = Settings::default();
    settings
        .bindings
        .set(crate::settings::Action::TurnLeft, [key("KeyJ")]);
    g.apply_settings(settings);
    play(&mut g, 0.1);
    let hint = g.hud.hint.join("\n");
    assert!(hint.contains("turn with J and Right"), "{hint}");
}
