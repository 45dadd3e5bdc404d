//! Hostile input that reaches the simulation: recordings whose header
//! tunables or tick counts are absurd, a flier launched from inside a wall,
//! and whole runs of arbitrary recordings, which must end without a panic,
//! a hang or a number that is not finite.

mod common;

use common::temp::TempDir;
use common::{root, run};
use proptest::prelude::*;
use std::path::Path;
use std::time::{Duration, Instant};
use wobblecaster::map;
use wobblecaster::record::{Recording, MAX_TICKS};
use wobblecaster::sim::{tunable_table, Tunables, World};

/// The golden recording with its header line `key = ...` replaced.
fn golden_with(key: &str, value: &str) -> String {
    let text = std::fs::read_to_string(root().join("tests/golden/play.wrec")).unwrap();
    let prefix = format!("{key} = ");
    let mut found = false;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.starts_with(&prefix) {
                found = true;
                format!("{prefix}{value}")
            } else {
                line.to_string()
            }
        })
        .collect();
    assert!(found, "the golden recording sets {key}");
    lines.join("\n") + "\n"
}

#[test]
fn recordings_with_tunables_out_of_range_are_refused_by_every_reader() {
    let dir = TempDir::new("hostile-run", "tunables");
    // Each once made a reader panic in the collision code, hang on its
    // first tick, or print rows of NaN with exit 0.
    let cases = [
        ("player_radius", "0", "0.05 to 0.45 tiles"),
        ("player_radius", "1e9", "0.05 to 0.45 tiles"),
        ("acceleration_gain", "1e308", "1 to 200"),
        ("quake_max_speed", "1e300", "0.5 to 40"),
        ("jet_thrust", "1e308", "above 0 and at most 100"),
        ("max_speed", "0", "0.5 to 20"),
        ("turn_rate", "1e308", "1 to 100"),
        ("jet_gravity", "-1", "0 to 100"),
        ("max_speed", "NaN", "0.5 to 20"),
        ("gyro", "inf", "0 to 3600 degrees"),
    ];
    for (key, value, allowed) in cases {
        let file = dir.join(&format!("{key}.wrec"));
        std::fs::write(&file, golden_with(key, value)).unwrap();
        let file = file.to_str().unwrap();
        for command in [
            &["replay", "--headless", file][..],
            &["trace", "--recording", file],
            &["feel", file],
        ] {
            let out = run(command, Duration::from_secs(60))
                .unwrap_or_else(|| panic!("{command:?} with {key} = {value} hung"));
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(1),
                "{command:?} with {key} = {value}: {err}"
            );
            assert!(
                err.contains(&format!("`{key}` must be")) && err.contains(allowed),
                "{command:?} with {key} = {value}: {err}"
            );
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

#[test]
fn a_recording_claiming_more_ticks_than_the_bound_is_refused() {
    let dir = TempDir::new("hostile-run", "ticks");
    let text = std::fs::read_to_string(root().join("tests/golden/play.wrec")).unwrap();
    let header = &text[..text.find("---\n").unwrap() + 4];
    let file = dir.join("long.wrec");
    std::fs::write(&file, format!("{header}{}* 0 0 0\n", MAX_TICKS + 1)).unwrap();
    let out = run(
        &["replay", "--headless", file.to_str().unwrap()],
        Duration::from_secs(60),
    )
    .expect("refused at once, not replayed for hours");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("more than {MAX_TICKS} ticks")),
        "{err}"
    );
    // 8 hours at 120 ticks a second.
    assert_eq!(MAX_TICKS, 3_456_000);
}

#[test]
fn a_line_of_a_million_words_is_refused_in_a_moment() {
    let dir = TempDir::new("hostile-run", "words");
    let text = std::fs::read_to_string(root().join("tests/golden/play.wrec")).unwrap();
    let header = &text[..text.find("---\n").unwrap() + 4];
    let file = dir.join("wordy.wrec");
    // 800,000 words on one line: reading each word's column from the start
    // of the line took four minutes.
    let line = format!("1 0 0 {}\n", "fire ".repeat(800_000));
    std::fs::write(&file, format!("{header}{line}")).unwrap();
    let out = run(
        &["replay", "--headless", file.to_str().unwrap()],
        Duration::from_secs(60),
    )
    .expect("refused within the limit");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let line_no = header.lines().count() + 1;
    assert!(
        err.contains(&format!(
            "wordy.wrec:{line_no}:12: `fire` twice in one tick"
        )),
        "{err}"
    );
}

#[test]
fn taking_off_from_inside_a_wall_or_outside_the_map_does_not_panic() {
    let script = "0.01 jetpack\n2 thrust+pointer=0.5,0.5\n";
    let controls: Vec<_> = wobblecaster::script::Script::parse(script, Path::new("jet"))
        .unwrap()
        .ticks()
        .collect();
    let level = map::load(&root().join("maps/default.map")).unwrap().map;
    // Inside the outer wall, outside the map, far outside it.
    for (x, y) in [(0.5, 0.5), (-5.0, -5.0), (1000.0, 1000.0)] {
        let mut start = level.clone();
        start.start = map::Start { x, y, angle: 0.0 };
        let mut world = World::new(start, Tunables::default(), 1);
        for c in &controls {
            world.step(c);
        }
        assert!(
            world.non_finite().is_none(),
            "({x}, {y}): {:?}",
            world.non_finite()
        );
    }
    // `shot --at` there is refused with where and why, not run.
    let dir = TempDir::new("hostile-run", "takeoff");
    let out = dir.join("shot.png");
    for (at, says) in [
        ("0.5,0.5,0", "inside a wall"),
        ("-5,-5,0", "outside the map"),
    ] {
        let args = ["shot", "--at", at, "--out", out.to_str().unwrap()];
        let result = run(&args, Duration::from_secs(120)).expect("no hang");
        let err = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(1), "--at {at}: {err}");
        assert!(err.contains(says), "--at {at}: {err}");
        assert!(!out.exists());
    }
}

/// A header value for a numeric tunable: mostly somewhere in its range
/// (so most recordings load and run), sometimes hostile.
fn header_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        19 => (0.0f64..=1.0).prop_map(Value::InRange),
        1 => prop::sample::select(vec![
            "0", "-0", "1e308", "-1e308", "NaN", "inf", "-inf", "1e-300", "-1", "1e9",
        ])
        .prop_map(Value::Hostile),
    ]
}

/// A header value: a share of the way through the tunable's range, or
/// hostile text.
#[derive(Clone, Debug)]
enum Value {
    InRange(f64),
    Hostile(&'static str),
}

impl Value {
    /// The text for the tunable `key`, as a recording writes it (stored
    /// units).
    fn text(&self, key: &str) -> String {
        let n = tunable_table::number(key).unwrap();
        match self {
            Value::InRange(share) => {
                let (low, high) = n.range.ends();
                let written = (low + share * (high - low)).max(low + 1e-9 * (high - low));
                n.unit.to_stored(written).to_string()
            }
            Value::Hostile(text) => text.to_string(),
        }
    }
}

/// One body line of controls: any stick, turn and look values the format
/// allows, any buttons and actions, repeated up to 40 times.
fn controls_line() -> impl Strategy<Value = String> {
    let axis = prop_oneof![
        3 => Just("0".to_string()),
        2 => prop::sample::select(vec!["1", "-1"]).prop_map(str::to_string),
        2 => (-1.0f32..=1.0).prop_map(|v| v.to_string()),
    ];
    let word = prop::sample::select(vec![
        "",
        "fire",
        "thrust",
        "hover",
        "brake",
        "jetpack",
        "use",
        "restart",
        "model=quake",
        "model=classic",
        "model=polar",
        "coupling=heading",
        "pointer=1,-1",
        "pointer=0.3,0.9",
        "look=0.5",
    ]);
    (1u32..40, axis.clone(), axis.clone(), axis, word)
        .prop_map(|(n, f, r, t, w)| format!("{n}* {f} {r} {t} {w}"))
}

/// The golden recording's header with some numeric tunables replaced by
/// `values` (in order of the keys below) and a body of `lines`.
fn recording_text(values: &[Value], lines: &[String]) -> String {
    const KEYS: [&str; 12] = [
        "max_speed",
        "acceleration_gain",
        "turn_rate",
        "quake_max_speed",
        "quake_accelerate",
        "player_radius",
        "jet_thrust",
        "jet_gravity",
        "jet_friction",
        "jet_spin",
        "gyro",
        "heading_speed",
    ];
    let mut text = std::fs::read_to_string(root().join("tests/golden/play.wrec")).unwrap();
    text.truncate(text.find("---\n").unwrap());
    let mut header: Vec<String> = text.lines().map(str::to_string).collect();
    for (key, value) in KEYS.iter().zip(values) {
        let prefix = format!("{key} = ");
        for line in &mut header {
            if line.starts_with(&prefix) {
                *line = format!("{prefix}{}", value.text(key));
            }
        }
    }
    // The end line makes the body whole (without it a recording keeps only
    // the ticks up to its last hash line); its hash is never checked here.
    let ticks: u64 = lines
        .iter()
        .map(|l| l.split('*').next().unwrap().parse::<u64>().unwrap())
        .sum();
    format!(
        "{}\n---\n{}\nend {ticks} 0000000000000000\n",
        header.join("\n"),
        lines.join("\n")
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(128),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Any recording the loader accepts runs tick by tick on its map with
    /// every number finite and no tick taking long (a second is a hang,
    /// not a slow tick: a tick takes well under a millisecond); whatever
    /// it refuses, it refuses without a panic.
    #[test]
    fn whole_runs_of_arbitrary_recordings_stay_finite(
        values in prop::collection::vec(header_value(), 12),
        lines in prop::collection::vec(controls_line(), 1..40),
    ) {
        let text = recording_text(&values, &lines);
        let hostile = values.iter().any(|v| matches!(v, Value::Hostile(_)));
        let recording = match Recording::parse(&text, Path::new("fuzz.wrec")) {
            Ok(recording) => recording,
            Err(e) => {
                // Only a hostile value may be refused, and only by name.
                prop_assert!(hostile, "refused a recording in range: {e}");
                prop_assert!(e.to_string().contains("must be"), "{e}");
                return Ok(());
            }
        };
        prop_assert!(recording.len_ticks() > 0);
        let header = &recording.header;
        prop_assert!(header.tunables.check().is_ok(), "accepted {:?}", header.tunables.check());
        let level = map::load(&root().join("tests/maps/golden_play.map")).unwrap().map;
        let mut world = World::new(level, header.tunables, header.seed);
        for controls in recording.ticks().take(1200) {
            let start = Instant::now();
            world.step(&controls);
            let took = start.elapsed();
            prop_assert!(took < Duration::from_secs(1), "tick {} took {took:?}", world.tick());
            if let Some(part) = world.non_finite() {
                prop_assert!(false, "tick {}: {part} is not finite", world.tick());
            }
        }
    }
}
