//! Protocols that compare what they say: the one switch for head bob and
//! view roll (the options menu's row reaches the quake model, and the
//! shipped walking study's quake condition records no bob and no roll),
//! and the shipped protocols as `study check` reads them.
//!
//! Expected values come from the eye height and the level view a camera
//! has with no bob and no roll (`EYE_HEIGHT`, a roll of 0), and from the
//! quake model's own bob and roll, which the same walk shows with the
//! switch left at its default.

mod common;

use common::study::simulated_run;
use common::temp::TempDir;
use std::path::Path;
use std::time::Duration;
use wobblecaster::map::Map;
use wobblecaster::menu::{Menu, MenuKey, Outcome};
use wobblecaster::record::{Playback, Recording};
use wobblecaster::settings::Settings;
use wobblecaster::sim::{Controls, Model, Tunables, World, EYE_HEIGHT};

/// Forward and strafing right: the quake model bobs and rolls into it.
fn run_and_strafe() -> Controls {
    Controls {
        forward: 1.0,
        right: 1.0,
        ..Controls::default()
    }
}

/// The largest bob (eye height away from mid-wall, tiles) and roll
/// (radians) of two seconds running and strafing on the open plane.
fn bob_and_roll(tunables: Tunables) -> (f64, f64) {
    let mut world = World::new(Map::open_plane(), tunables, 1);
    let (mut bob, mut roll) = (0.0_f64, 0.0_f64);
    for _ in 0..240 {
        world.step(&run_and_strafe());
        let camera = world.camera();
        bob = bob.max((camera.z - EYE_HEIGHT).abs());
        roll = roll.max(camera.roll.abs());
    }
    (bob, roll)
}

#[test]
fn the_menu_s_bob_and_roll_row_turns_off_quake_s_bob_and_roll() {
    let path = Path::new("settings.toml");
    let mut m = Menu::title(Vec::new(), Vec::new(), &Settings::default());
    m.press(MenuKey::Down);
    m.press(MenuKey::Select);
    m.press(MenuKey::Left); // model: polar -> quake
    for _ in 0..3 {
        m.press(MenuKey::Down);
    }
    let shown = m.panel().lines.join("\n");
    assert!(shown.contains("Walking model    < quake >"), "{shown}");
    assert!(shown.contains("Bob and roll     < 100% >"), "{shown}");
    for _ in 0..5 {
        m.press(MenuKey::Left); // 100% -> 75 -> 50 -> 25 -> off, and stays
    }
    let shown = m.panel().lines.join("\n");
    assert!(shown.contains("Bob and roll     < off >"), "{shown}");
    let Outcome::Save(changes) = m.press(MenuKey::Back) else {
        panic!("the way back saves")
    };
    let text = wobblecaster::settings::edit::apply("", &changes, path).unwrap();
    let off = Settings::parse(&text, path).unwrap().tunables;
    assert_eq!(off.model, Model::Quake);
    assert_eq!(off.comfort.bob_and_roll, 0.0);
    // Quake's own bob and roll stay its defaults: the switch scales them.
    assert_eq!(off.quake, Tunables::default().quake);
    assert_eq!(bob_and_roll(off), (0.0, 0.0), "no bob and no roll at all");

    // Left at its default, the quake model bobs and rolls as Quake did.
    let own = Tunables {
        model: Model::Quake,
        ..Tunables::default()
    };
    let (bob, roll) = bob_and_roll(own);
    assert!(bob > 0.02, "Quake's bob: {bob} tiles");
    assert!(
        (roll - 2f64.to_radians()).abs() < 1e-9,
        "Quake's 2 degree roll at full strafe: {} deg",
        roll.to_degrees()
    );
    // Half way: half of each, exactly (the bob is linear in its amplitude).
    let mut half = own;
    half.comfort.bob_and_roll = 0.5;
    let (half_bob, half_roll) = bob_and_roll(half);
    assert!(
        (half_bob - bob / 2.0).abs() < 1e-12,
        "{half_bob} against {bob}"
    );
    assert!((half_roll - roll / 2.0).abs() < 1e-12);
    // And under the polar model with a bob of its own.
    let polar = Tunables {
        head_bob: 1.0,
        ..Tunables::default()
    };
    assert!(bob_and_roll(polar).0 > 0.02);
    let mut still = polar;
    still.comfort.bob_and_roll = 0.0;
    assert_eq!(bob_and_roll(still), (0.0, 0.0));
}

#[test]
fn a_recording_without_the_switch_bobs_as_it_was_played() {
    // A recording header from before the switch: quake's bob and roll on.
    let own = Tunables {
        model: Model::Quake,
        ..Tunables::default()
    };
    let world = World::new(Map::open_plane(), own, 1);
    let header = wobblecaster::record::Header::new(&world, None, 1);
    let text = header.to_text();
    assert!(text.contains("bob_and_roll = 1"), "{text}");
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("bob_and_roll"))
        .map(|l| format!("{l}\n"))
        .collect();
    let recording = Recording::parse(
        &format!("{old}end 0 {:016x}\n", world.state_hash()),
        Path::new("old.wrec"),
    );
    let recording = match recording {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        recording.header.tunables, own,
        "each model's own, as played"
    );
    // And the world the recording replays in rolls into the strafe.
    let mut replayed = Playback::new(recording).start(Map::open_plane());
    replayed.step(&run_and_strafe());
    assert!(replayed.camera().roll != 0.0);
}

/// The quake condition's recording in a simulated session of the shipped
/// `studies/walking.toml`.
#[test]
fn walking_s_quake_condition_records_no_bob_and_no_roll() {
    let dir = TempDir::new("protocols", "walking");
    let results = dir.join("results");
    let args = simulated_run("studies/walking.toml", "S04", "2", &results, &[]);
    let out = common::run(&args, Duration::from_secs(300)).expect("the session finishes");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let folder = results.join("walking/S04");
    let conditions = std::fs::read_to_string(folder.join("conditions.csv")).unwrap();
    let row = conditions
        .lines()
        .find(|l| l.split(',').nth(1) == Some("quake"))
        .unwrap_or_else(|| panic!("a quake row in {conditions}"));
    let file = folder.join(row.split(',').nth(7).unwrap());
    let recording = Recording::load(&file).unwrap();
    let t = recording.header.tunables;
    assert_eq!(t.model, Model::Quake);
    assert_eq!(t.comfort.bob_and_roll, 0.0, "the switch off, recorded");
    let loaded = wobblecaster::map::load(&common::root().join("maps/feel_course.map")).unwrap();
    let mut replay = Playback::new(recording);
    let mut world = replay.start(loaded.map);
    let mut moved = 0.0_f64;
    while let Some(controls) = replay.next_controls() {
        world.step(&controls);
        replay.check(&world);
        let camera = world.camera();
        assert_eq!(camera.roll, 0.0, "tick {}: rolled", world.tick());
        if world.combat().alive() {
            assert_eq!(camera.z, EYE_HEIGHT, "tick {}: bobbed", world.tick());
        }
        moved = moved.max(world.player().speed());
    }
    assert!(replay.desync().is_none(), "the recording replays exactly");
    assert!(moved > 1.0, "the participant ran: {moved} tiles/s");
}

/// `study check`'s output for `protocol` (a path from the repository
/// root): its lines, after it succeeded.
fn check(protocol: &str) -> Vec<String> {
    let out = common::run(&["study", "check", protocol], Duration::from_secs(60))
        .expect("the check finishes");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout.lines().map(str::to_string).collect()
}

/// The rows of the side-by-side table: (setting, the factor column).
fn table(lines: &[String]) -> Vec<(String, String)> {
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with("setting "))
        .expect("a table");
    lines[start + 1..]
        .iter()
        .take_while(|l| l.starts_with("  ") && !l.contains(": the walking model"))
        .map(|l| {
            let cells: Vec<&str> = l.trim().split("  ").filter(|c| !c.is_empty()).collect();
            let factor = cells.last().unwrap().trim().to_string();
            (cells[0].trim().to_string(), factor)
        })
        .collect()
}

#[test]
fn walking_differs_in_the_walking_model_alone() {
    let lines = check("studies/walking.toml");
    let all = lines.join("\n");
    assert!(!all.contains("warning"), "{all}");
    assert!(all.contains("factors: movement"), "{all}");
    assert!(
        all.contains("every difference is a declared factor's"),
        "{all}"
    );
    let rows = table(&lines);
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert!(names.contains(&"model"), "{names:?}");
    for (setting, factor) in &rows {
        let measured = setting.contains("on the course");
        match measured {
            // The speeds and the bob the bot meets match.
            true => assert!(
                factor.contains("the same within 10%"),
                "{setting}: {factor}"
            ),
            false => assert_eq!(factor, "movement", "{setting}"),
        }
    }
    for measure in ["mean speed", "peak speed", "head bob on the course"] {
        assert!(names.iter().any(|n| n.starts_with(measure)), "{names:?}");
    }
    // Bob and roll are off under every model: not a difference at all.
    assert!(!names.iter().any(|n| n.contains("in force")), "{names:?}");
}

#[test]
fn view_s_plain_condition_and_every_shipped_protocol_check_clean() {
    let lines = check("studies/view.toml");
    let rows = table(&lines);
    let all = lines.join("\n");
    assert!(all.contains("  plain: polar model"), "{all}");
    let fov = rows
        .iter()
        .find(|r| r.0 == "field of view (degrees)")
        .unwrap();
    assert_eq!(fov.1, "fov");
    for protocol in [
        "studies/comfort.toml",
        "studies/misc.toml",
        "studies/view.toml",
    ] {
        let all = check(protocol).join("\n");
        assert!(!all.contains("warning"), "{protocol}: {all}");
    }
}

#[test]
fn a_hidden_difference_is_warned_of_by_check_and_once_by_run() {
    let dir = TempDir::new("protocols", "hidden");
    let protocol = dir.join("hidden.toml");
    // Two fields of view, declared; the quake condition's model is not,
    // nor its bob and roll, nor the status bar it alone shows.
    let text = "name = \"hidden\"\nmap = \"feel_course\"\nexposure_s = 20\nfms_interval_s = 10\n\
                rest_s = 0\nssq = false\nranking = false\nfactors = [\"fov\"]\n\
                [[condition]]\nname = \"narrow\"\nvideo = { fov = 70 }\n\
                [[condition]]\nname = \"wide\"\nvideo = { fov = 110 }\n\
                movement = { model = \"quake\" }\nhud = { status_bar = true }\n";
    std::fs::write(&protocol, text).unwrap();
    let lines = check(protocol.to_str().unwrap());
    let warnings: Vec<&String> = lines.iter().filter(|l| l.starts_with("warning")).collect();
    let all = lines.join("\n");
    for factor in ["movement", "speed", "bob_and_roll", "hud"] {
        let named = format!("differ in {factor} (");
        assert!(
            warnings.iter().any(|w| w.contains(&named)),
            "{factor}: {all}"
        );
    }
    assert!(
        !warnings.iter().any(|w| w.contains("differ in fov")),
        "{all}"
    );
    assert!(all.contains("bob_and_roll (not declared)"), "{all}");
    // `study run` says the same once, before the session.
    let results = dir.join("results");
    let args = simulated_run(protocol.to_str().unwrap(), "S01", "1", &results, &[]);
    let out = common::run(&args, Duration::from_secs(120)).expect("the session finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let told: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning: the conditions"))
        .collect();
    assert_eq!(told.len(), warnings.len(), "{stderr}");
    for w in &warnings {
        assert_eq!(stderr.matches(w.as_str()).count(), 1, "once: {w}\n{stderr}");
    }
}
