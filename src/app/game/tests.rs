//! The game headless: recordings, replays, reloads, input and the view
//! between ticks.

use super::*;
use crate::files::Scratch;
use crate::map::{Loaded, Map, MapArt};
use crate::sim::{Coupling, Model, Tunables};
use std::path::PathBuf;
use std::time::SystemTime;

fn map() -> Map {
    Map::from_rows(&["#######", "#>....#", "#..#..#", "#.....#", "#######"])
}

/// A map whose walls stand 6 tiles tall, room to fly.
fn tall_map() -> Map {
    let mut m = map();
    m.wall_height = 6.0;
    m
}

fn game() -> Game {
    game_on(map())
}

fn game_on(map: Map) -> Game {
    Game::new(
        World::new(map, Tunables::default(), 1),
        Settings::default(),
        (Video::default(), Art::plain()),
        Tape::new(None, 1),
        Watch::default(),
    )
}

fn key(name: &'static str) -> Binding {
    Binding::Key(name)
}

/// A fresh scratch folder for one test, removed with its files when
/// dropped, and the path of a directory for the test's recordings inside
/// it, not yet made (the tape makes it, as it would the user's).
fn temp_dir(test: &str) -> (Scratch, PathBuf) {
    let scratch = Scratch::new(&format!("game-{test}"));
    let dir = scratch.join("recordings");
    (scratch, dir)
}

/// Plays a while with keys and a model switch, recording from the first
/// tick; returns the game's final hash and the recording.
fn recorded_play(dir: &Path) -> (u64, crate::record::Recording) {
    let mut g = game();
    g.record_to(&dir.join("play.wrec")).unwrap();
    g.press(key("KeyW"));
    for frame in 0..150 {
        if frame == 40 {
            g.cycle_model();
        }
        if frame == 90 {
            g.press(key("ArrowLeft"));
        }
        // Uneven frames: ticks per frame vary, as in a real window.
        g.advance(if frame % 3 == 0 { 0.021 } else { 0.013 });
    }
    let hash = g.world.state_hash();
    let report = g.close();
    assert_eq!(report.saved.len(), 1);
    (
        hash,
        crate::record::Recording::load(&report.saved[0]).unwrap(),
    )
}

#[test]
fn a_recorded_game_replays_to_the_same_state() {
    let (_scratch, dir) = temp_dir("record");
    let (hash, recording) = recorded_play(&dir);
    assert!(!recording.is_truncated());
    let switched = recording.ticks().filter(|c| c.action.is_some()).count();
    assert_eq!(switched, 1, "the F3 switch is in the recording");
    let outcome = crate::record::replay(&recording, map());
    assert_eq!((outcome.final_hash, outcome.desync), (hash, None));
}

#[test]
fn a_replay_ignores_the_keys_and_holds_its_last_tick() {
    let (_scratch, dir) = temp_dir("replay");
    let (hash, recording) = recorded_play(&dir);
    let total = recording.len_ticks();
    let mut g = Game::replaying(
        Playback::new(recording),
        Loaded {
            art: MapArt::plain(&map()),
            map: map(),
        },
        Settings::default(),
        (Video::default(), Art::plain()),
        Watch::default(),
    );
    g.press(key("KeyS"));
    g.cycle_model();
    assert_eq!(g.action, None, "only the recording changes the world");
    // Long enough for the replay (about 2.5 s) and the notice F3 gave.
    for _ in 0..300 {
        g.advance(1.0 / 60.0);
    }
    assert_eq!((g.world.tick(), g.world.state_hash()), (total, hash));
    let held = g.advance(0.5);
    assert_eq!(held.pose, g.world.camera(), "the last tick, held");
    let status = g.hud.message.clone().unwrap();
    assert!(status.starts_with("replay finished: "), "{status}");
    assert!(status.contains(&format!("{hash:016x}")), "{status}");
}

#[test]
fn recording_restarts_a_game_under_way() {
    let (_scratch, dir) = temp_dir("restart");
    let mut g = game();
    g.press(key("KeyW"));
    g.advance(0.2);
    assert!(g.world.tick() > 0);
    let used = g.record_to(&dir.join("r.wrec")).unwrap();
    assert_eq!(g.world.tick(), 0);
    assert_eq!(
        g.world.camera(),
        World::new(map(), Tunables::default(), 1).camera()
    );
    assert_eq!(g.hud.message, None, "shown from the next frame");
    g.advance(0.1);
    let status = g.hud.message.clone().unwrap();
    assert_eq!(status, format!("recording to {}", used.display()));
    g.toggle_recording(SystemTime::UNIX_EPOCH);
    assert!(g.tape.recording().is_none(), "F9 stops it");
    assert_eq!(g.close().saved, [used]);
}

/// Opening a door, then starting a recording and walking through where
/// the door stood: the recording starts from the level as loaded (the door
/// shut), so it replays on the map file. It once started from the live map
/// with the door open, and the replay bumped into the shut door.
#[test]
fn a_recording_started_after_opening_a_door_replays() {
    let (_scratch, dir) = temp_dir("door");
    let level = || Map::from_rows(&["#######", "#>.D..#", "#######"]);
    let mut g = game_on(level());
    g.press(key("KeyW"));
    g.advance(0.3);
    g.use_door();
    for _ in 0..60 {
        g.advance(1.0 / 60.0);
    }
    assert!(g.world.map().doors[0].is_open(), "opened before recording");
    g.record_to(&dir.join("door.wrec")).unwrap();
    assert_eq!(
        g.world.map().doors[0].open,
        0.0,
        "the recording starts with it shut"
    );
    for _ in 0..150 {
        g.advance(1.0 / 60.0);
    }
    let hash = g.world.state_hash();
    let report = g.close();
    let recording = crate::record::Recording::load(&report.saved[0]).unwrap();
    let outcome = crate::record::replay(&recording, level());
    assert_eq!((outcome.final_hash, outcome.desync), (hash, None));
}

#[test]
fn a_recording_that_reaches_its_limit_is_closed_with_a_notice() {
    let (_scratch, dir) = temp_dir("limit");
    let mut g = Game::new(
        World::new(map(), Tunables::default(), 1),
        Settings::default(),
        (Video::default(), Art::plain()),
        Tape::new(None, 1).with_limit(240),
        Watch::default(),
    );
    g.record_to(&dir.join("long.wrec")).unwrap();
    g.press(key("KeyW"));
    for _ in 0..180 {
        g.advance(1.0 / 60.0);
    }
    assert!(g.world.tick() > 240, "the game runs on");
    assert!(g.tape.recording().is_none(), "the recording closed");
    let notice = g.hud.message.clone().unwrap();
    assert!(
        notice.ends_with("closed at 2 s, the most a recording holds; F9 starts another"),
        "{notice}"
    );
    let report = g.close();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let recording = crate::record::Recording::load(&report.saved[0]).unwrap();
    assert_eq!(recording.len_ticks(), 240);
    assert!(!recording.is_truncated());
    assert_eq!(crate::record::replay(&recording, map()).desync, None);
}

/// A game under a settings file holding `text`, in a fresh folder for
/// `test`, watching the file: (folder, file, game).
fn watching_settings(test: &str, text: &str) -> (Scratch, PathBuf, Game) {
    let dir = Scratch::new(&format!("game-{test}"));
    let file = dir.join("settings.toml");
    std::fs::write(&file, text).unwrap();
    let game = Game::new(
        World::new(map(), Tunables::default(), 1),
        Settings::load(&file).unwrap(),
        (Video::default(), Art::plain()),
        Tape::new(None, 1),
        Watch::new(Some(&file), None),
    );
    (dir, file, game)
}

#[test]
fn an_edited_settings_file_applies_within_a_second() {
    let (_dir, file, mut g) = watching_settings("reload", "[polar]\nmax_speed = 4\n");
    g.press(key("KeyW"));
    g.advance(0.3);
    let at = (g.world.player().x, g.world.player().y);
    // An edit: the new top speed is in force within a second, the
    // player staying where they are.
    std::fs::write(&file, "[polar]\nmax_speed = 6.5\n").unwrap();
    for _ in 0..60 {
        g.advance(1.0 / 60.0);
    }
    assert_eq!(g.world.tunables().polar.max_speed, 6.5);
    assert!(g.world.player().x >= at.0, "kept its place and moved on");
    // A typo: the error is on screen and the last good value stays.
    std::fs::write(&file, "[polar]\nmax_sped = 2\n").unwrap();
    for _ in 0..60 {
        g.advance(1.0 / 60.0);
    }
    assert_eq!(g.world.tunables().polar.max_speed, 6.5);
    let shown = g.hud.message.clone().unwrap_or_default();
    assert!(shown.contains("max_sped"), "{shown}");
    assert!(shown.contains("settings.toml:2:"), "{shown}");
    // Fixed: the error goes, the value applies.
    std::fs::write(&file, "[polar]\nmax_speed = 3\n").unwrap();
    for _ in 0..60 {
        g.advance(1.0 / 60.0);
    }
    assert_eq!(g.world.tunables().polar.max_speed, 3.0);
    assert!(!g.hud.message.unwrap_or_default().contains("max_sped"));
}

/// A game on a map file (text `map_text`) in a fresh folder for `test`,
/// watching it: (folder, file, game).
fn watching_map(test: &str, map_text: &str) -> (Scratch, PathBuf, Game) {
    let dir = Scratch::new(&format!("game-{test}"));
    let file = dir.join("level.map");
    std::fs::write(&file, map_text).unwrap();
    let loaded = crate::map::load(&file).unwrap();
    let game = Game::new(
        World::new(loaded.map, Tunables::default(), 1),
        Settings::default(),
        (Video::default(), Art::plain()),
        Tape::new(Some(file.clone()), 1),
        Watch::new(None, Some(&file)),
    )
    .with_map_art(loaded.art);
    (dir, file, game)
}

/// A text map of `rows` with walls 6 tiles tall, in the shipped brick.
fn map_text(rows: &[&str]) -> String {
    let brick = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/brick_red.png");
    format!(
        "name = hot\nwall_height = 6\n[legend]\n# = {brick}\n[grid]\n{}\n",
        rows.join("\n")
    )
}

#[test]
fn a_map_shrunk_under_a_flying_player_puts_them_back_at_the_start() {
    let big = [
        "############",
        "#>.........#",
        "#..........#",
        "############",
    ];
    let (_dir, file, mut g) = watching_map("shrink", &map_text(&big));
    g.toggle_jetpack();
    g.press(key("KeyE"));
    g.press(key("KeyW"));
    for _ in 0..150 {
        g.advance(1.0 / 60.0);
    }
    assert!(g.world.player().flight.is_some(), "flying");
    assert!(g.world.player().x > 3.0, "away from the start");
    // The file shrinks to a closet the player is far outside of.
    std::fs::write(&file, map_text(&["####", "#>.#", "####"])).unwrap();
    for _ in 0..60 {
        g.advance(1.0 / 60.0);
    }
    let p = g.world.player();
    assert!(
        (1.0..3.0).contains(&p.x) && (1.0..2.0).contains(&p.y),
        "in the closet: {p:?}"
    );
    let shown = g.hud.message.clone().unwrap_or_default();
    assert!(shown.contains("back at the start"), "{shown}");
    // Flying on there is safe.
    g.toggle_jetpack();
    for _ in 0..300 {
        g.advance(1.0 / 60.0);
    }
    assert!(g.world.non_finite().is_none());
    // A broken file leaves the last good map and says why.
    std::fs::write(&file, "name = hot\n[grid]\n#?#\n").unwrap();
    for _ in 0..60 {
        g.advance(1.0 / 60.0);
    }
    assert_eq!(g.world.map().width(), 4, "the closet stays");
    let shown = g.hud.message.clone().unwrap_or_default();
    assert!(shown.contains("level.map:3:"), "{shown}");
}

#[test]
fn a_live_model_switch_survives_an_unrelated_edit() {
    let (_dir, file, mut g) = watching_settings("keep-model", "");
    g.cycle_model();
    g.advance(0.1);
    let model = g.world.tunables().model;
    std::fs::write(&file, "[comfort]\nhead_bob = 1\n").unwrap();
    g.advance(0.6);
    assert_eq!(g.world.tunables().head_bob, 1.0);
    assert_eq!(g.world.tunables().model, model, "F3's choice stands");
}

#[test]
fn pad_presses_give_commands_and_its_stick_moves() {
    use crate::settings::PadButton;
    let mut g = game();
    let mut pad = PadState::default();
    pad.buttons[input::button_index(PadButton::Start)] = true;
    assert_eq!(g.set_pad(pad), [Command::TogglePause]);
    assert_eq!(g.set_pad(pad), [], "held, not pressed again");
    let start = g.world.camera();
    g.set_pad(PadState {
        left: [0.0, 1.0],
        ..PadState::default()
    });
    // The stick held still keeps moving the player, frame after frame.
    for _ in 0..30 {
        g.advance(1.0 / 60.0);
    }
    let now = g.world.camera();
    assert!((now.x - start.x).hypot(now.y - start.y) > 0.05);
}

#[test]
fn real_time_runs_ticks_at_the_tick_rate() {
    let mut g = game();
    for _ in 0..30 {
        g.advance(1.0 / 60.0);
    }
    assert!((59..=60).contains(&g.world.tick()), "{}", g.world.tick());
}

#[test]
fn paused_runs_no_ticks() {
    let mut g = game();
    g.toggle_pause();
    g.advance(0.2);
    assert_eq!(g.world.tick(), 0);
    g.toggle_pause();
    g.advance(0.1);
    assert!(g.world.tick() > 0);
}

#[test]
fn held_keys_move_the_player() {
    let mut g = game();
    let start = g.world.camera();
    g.press(key("KeyW"));
    for _ in 0..30 {
        g.advance(1.0 / 60.0);
    }
    let now = g.world.camera();
    let moved = (now.x - start.x).hypot(now.y - start.y);
    assert!(moved > 0.05, "moved {moved} tiles");
}

#[test]
fn j_takes_off_the_keys_fly_and_the_mouse_is_grabbed_only_in_flight() {
    let mut g = game_on(tall_map());
    assert!(!g.wants_pointer_grab());
    let run = |g: &mut Game, keys: &[&'static str], ticks: usize| {
        for &k in keys {
            for command in g.press(key(k)) {
                match command {
                    Command::ToggleJetpack => g.toggle_jetpack(),
                    Command::Use => g.use_door(),
                    other => panic!("{other:?}"),
                }
            }
        }
        for _ in 0..ticks {
            g.advance(1.0 / 120.0);
        }
        for &k in keys {
            g.release(key(k));
        }
    };
    run(&mut g, &["KeyJ"], 2);
    assert!(g.world.player().flight.is_some() && g.wants_pointer_grab());
    run(&mut g, &["KeyQ"], 240);
    let f = g.world.player().flight.as_ref().unwrap();
    assert!(f.z > 0.3 && f.hover, "hover climbs: {f:?}");
    let before = g.world.player().heading;
    run(&mut g, &["KeyW", "ArrowRight"], 60);
    let f = g.world.player().flight.as_ref().unwrap();
    assert!(f.target_pitch > 0.0, "W tilts forward");
    assert!(
        g.world.player().heading != before,
        "the arrows turn the view"
    );
    g.toggle_pause();
    assert!(!g.wants_pointer_grab(), "paused, the cursor is free");
}

#[test]
fn losing_focus_lets_go_of_every_key() {
    let mut g = game();
    g.press(key("KeyW"));
    g.press(key("AltLeft"));
    g.release_all();
    assert!(!g.alt_held());
    let before = g.world.camera();
    g.advance(0.1);
    assert_eq!(g.world.camera(), before);
}

#[test]
fn the_view_lies_between_the_last_two_ticks() {
    let mut g = game();
    g.press(key("KeyW"));
    g.advance(0.2);
    // Half a tick past the newest one.
    let view = g.advance(TICK_DT * 0.5);
    let (prev, now) = (g.prev.x, g.world.camera().x);
    assert!(prev < now, "facing east, pushing forward");
    assert!(
        (prev..=now).contains(&view.pose.x),
        "{prev} {} {now}",
        view.pose.x
    );
    assert_eq!(view.fov, 90f64.to_radians());
}

/// The pose `t` of the way from `a` to `b`, worked out here: each
/// coordinate in a straight line, the yaw the short way round.
fn blend(a: &Pose, b: &Pose, t: f64) -> Pose {
    use std::f64::consts::{PI, TAU};
    let mut turn = b.yaw - a.yaw;
    if turn > PI {
        turn -= TAU;
    } else if turn < -PI {
        turn += TAU;
    }
    let along = |from: f64, to: f64| from + (to - from) * t;
    Pose {
        x: along(a.x, b.x),
        y: along(a.y, b.y),
        z: along(a.z, b.z),
        yaw: a.yaw + turn * t,
        pitch: along(a.pitch, b.pitch),
        roll: along(a.roll, b.roll),
    }
}

/// Asserts `seen` is `want` to a hair, yaws compared round the circle.
fn assert_pose_near(seen: &Pose, want: &Pose, what: &str) {
    use std::f64::consts::{PI, TAU};
    let yaw_off = ((seen.yaw - want.yaw + PI).rem_euclid(TAU) - PI).abs();
    let offs = [
        seen.x - want.x,
        seen.y - want.y,
        seen.z - want.z,
        yaw_off,
        seen.pitch - want.pitch,
    ];
    assert!(
        offs.iter().all(|d| d.abs() < 1e-9),
        "{what}: seen {seen:?}, want {want:?}"
    );
}

#[test]
fn the_view_blends_the_last_two_ticks_at_the_clock_s_fraction() {
    // Turning left from east: the first tick takes the yaw from 0 to
    // just under a full turn, which the blend must cross the short way.
    let keys = |g: &mut Game| {
        g.press(key("ArrowLeft"));
        g.press(key("KeyW"));
    };
    // The camera after each tick, one tick a frame.
    let mut reference = game();
    keys(&mut reference);
    let mut poses = vec![reference.world.camera()];
    for tick in 1..=3 {
        reference.advance(TICK_DT);
        assert_eq!(reference.world.tick(), tick);
        poses.push(reference.world.camera());
    }
    assert_eq!(poses[0].yaw, 0.0, "facing east");
    assert!(poses[1].yaw > 6.0, "turned left past 0: {}", poses[1].yaw);
    let mut g = game();
    keys(&mut g);
    // A tick and a quarter: one tick, a quarter of the way to the next.
    let view = g.advance(TICK_DT * 1.25);
    assert_eq!(g.world.tick(), 1);
    assert_pose_near(&view.pose, &blend(&poses[0], &poses[1], 0.25), "tick 1");
    // The quarter left over and two and a half more: two ticks, and
    // the blend starts from the second.
    let view = g.advance(TICK_DT * 2.5);
    assert_eq!(g.world.tick(), 3);
    assert_eq!(
        g.world.camera(),
        poses[3],
        "the same ticks as the reference"
    );
    assert_pose_near(&view.pose, &blend(&poses[2], &poses[3], 0.75), "tick 3");
}

/// A game flying with W held (the ship pitching forward), the horizon
/// kept level or not.
fn flying_forward(level_horizon: bool) -> Game {
    let mut settings = Settings::default();
    settings.video.level_horizon = level_horizon;
    let world = World::new(tall_map(), Tunables::default(), 1);
    let mut g = Game::new(
        world,
        settings,
        (Video::default(), Art::plain()),
        Tape::new(None, 1),
        Watch::default(),
    );
    g.toggle_jetpack();
    g.press(key("KeyW"));
    g
}

#[test]
fn a_level_horizon_zeroes_the_blended_pitch_and_nothing_else() {
    let (mut tilted, mut level) = (flying_forward(false), flying_forward(true));
    for _ in 0..60 {
        tilted.advance(TICK_DT);
        level.advance(TICK_DT);
    }
    let before = tilted.world.camera();
    assert!(tilted.world.player().flight.is_some(), "flying");
    // Half a tick past the next tick.
    let (seen, kept) = (tilted.advance(TICK_DT * 1.5), level.advance(TICK_DT * 1.5));
    let after = tilted.world.camera();
    assert_eq!(level.world.camera(), after, "the view option moves nothing");
    assert!(
        before.pitch != 0.0 && after.pitch != before.pitch,
        "pitching: {before:?} {after:?}"
    );
    assert_pose_near(&seen.pose, &blend(&before, &after, 0.5), "tilting");
    let flat = Pose {
        pitch: 0.0,
        ..blend(&before, &after, 0.5)
    };
    assert_pose_near(&kept.pose, &flat, "level");
    assert_eq!(kept.pose.pitch, 0.0);
}

#[cfg(unix)]
#[test]
fn a_map_file_replaced_by_a_pipe_is_refused_while_playing() {
    let rows = ["####", "#>.#", "####"];
    let (_dir, file, mut g) = watching_map("pipe", &map_text(&rows));
    std::fs::remove_file(&file).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&file).status();
    assert!(made.unwrap().success());
    // Nobody writes to the pipe: a blocking read would hang the game here.
    for _ in 0..90 {
        g.advance(1.0 / 60.0);
    }
    let shown = g.hud.message.clone().unwrap_or_default();
    assert!(
        shown.contains("the map is a named pipe, not a regular file"),
        "{shown}"
    );
    assert_eq!(g.world.map().width(), 4, "the last good map stays");
}

#[test]
fn the_coupling_key_says_what_it_did_in_every_model() {
    for (model, said) in [
        (Model::Polar, "camera coupling: heading"),
        (
            Model::Classic,
            "camera coupling: heading (applies to the polar model; this is classic)",
        ),
        (
            Model::Quake,
            "camera coupling: heading (applies to the polar model; this is quake)",
        ),
    ] {
        let tunables = Tunables {
            model,
            ..Tunables::default()
        };
        let mut g = Game::new(
            World::new(map(), tunables, 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        );
        g.cycle_coupling();
        g.advance(0.05);
        assert_eq!(g.world.tunables().coupling, Coupling::Heading);
        assert_eq!(g.hud.message.as_deref(), Some(said), "{model:?}");
    }
}

/// A game on `map` drawn at `size`.
fn game_at(map: Map, size: (u32, u32)) -> Game {
    let video = Video {
        size,
        ..Video::default()
    };
    Game::new(
        World::new(map, Tunables::default(), 1),
        Settings::default(),
        (video, Art::plain()),
        Tape::new(None, 1),
        Watch::default(),
    )
}

#[test]
fn the_help_key_turns_the_pages_that_a_small_frame_needs_then_closes() {
    let mut g = game_at(map(), (640, 360));
    let view = View::from_pose(g.world.camera());
    let pages = render::help::pages(&g.world, &view, &g.hud, (640, 360));
    assert!(pages >= 2, "{pages} pages at 640x360");
    for page in 0..pages {
        g.toggle_help();
        assert!(g.hud.help && g.hud.help_page == page, "page {page}");
    }
    g.toggle_help();
    assert!(!g.hud.help, "closed after the last page");
    let mut big = game_at(map(), (1920, 1080));
    big.toggle_help();
    assert!(big.hud.help && big.hud.help_page == 0);
    big.toggle_help();
    assert!(!big.hud.help, "one page: the key closes it");
}

/// Plays `seconds` of frames of 1/60 s.
fn play(g: &mut Game, seconds: f64) {
    for _ in 0..(seconds * 60.0).round() as usize {
        g.advance(1.0 / 60.0);
    }
}

#[test]
fn a_map_made_for_flying_explains_the_jetpack_at_the_start_and_first_take_off() {
    let mut g = game_on(tall_map());
    play(&mut g, 0.1);
    let hint = g.hud.hint.join("\n");
    assert!(hint.contains("FIRST FLIGHT"), "{hint}");
    assert!(
        hint.contains("Hold Q to hover"),
        "the keys in force: {hint}"
    );
    assert!(hint.contains("cut out above 4.5 tiles"), "6 tall: {hint}");
    assert!(hint.contains("slower than 1.2 tiles/s"), "{hint}");
    play(&mut g, hint::HINT_S);
    assert!(g.hud.hint.is_empty(), "timed");
    // Paused, it waits.
    g.toggle_jetpack();
    play(&mut g, 0.1);
    assert!(!g.hud.hint.is_empty(), "up again at the first take-off");
    g.toggle_pause();
    play(&mut g, hint::HINT_S);
    assert!(!g.hud.hint.is_empty(), "paused, the hint stays");
    g.toggle_pause();
    play(&mut g, hint::HINT_S);
    assert!(g.hud.hint.is_empty());
    // Landing and taking off again: once is enough.
    g.toggle_jetpack();
    play(&mut g, 0.1);
    g.toggle_jetpack();
    play(&mut g, 0.1);
    assert!(g.world.player().flight.is_some());
    assert!(g.hud.hint.is_empty(), "only the first take-off");
    // A map too low to fly never shows it.
    let mut low = game();
    play(&mut low, 0.1);
    low.toggle_jetpack();
    play(&mut low, 0.1);
    assert!(low.hud.hint.is_empty());
}

/// The status bar, the readout, F1, the restart question and the map's hints.
mod play;
mod saves;
