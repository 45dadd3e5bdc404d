//! The bot driver on the feel course: it finishes with every walking model
//! and coupling with figures that tell the models apart, presses only
//! on/off keys held at least the least hold time, reacts no sooner than
//! its reaction time, and `feel course` prints the same CSV every time.

mod common;

use common::temp::TempDir;
use std::path::{Path, PathBuf};
use std::process::Command;
use wobblecaster::feel::bot::{Bot, BotTunables, Sight};
use wobblecaster::feel::course::{self, CourseRun, DEFAULT_LIMIT_S};
use wobblecaster::feel::maneuvers::{Variant, VARIANTS};
use wobblecaster::feel::Scale;
use wobblecaster::map;
use wobblecaster::sim::{Controls, Model, Tunables, World, TICK_DT};

fn course_map() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/feel_course.map")
}

fn drive(variant: Variant) -> CourseRun {
    drive_on(&course_map(), variant, DEFAULT_LIMIT_S)
}

/// The bot's run of the course of the map at `path` under `variant`, for
/// at most `limit_s` seconds.
fn drive_on(path: &Path, variant: Variant, limit_s: f64) -> CourseRun {
    let map = map::load(path).unwrap().map;
    let tunables = Tunables {
        model: variant.model,
        coupling: variant.coupling,
        ..Tunables::default()
    };
    let mut world = World::new(map, tunables, 1);
    let bot = BotTunables::default();
    course::drive(&mut world, bot, limit_s, 90.0, Scale::default()).unwrap()
}

fn figure(run: &CourseRun, name: &str) -> Option<f64> {
    run.figures.iter().find(|m| m.name == name).unwrap().value
}

#[test]
fn the_trace_of_the_bot_s_run_ends_with_the_tick_it_finished() {
    let run = drive(VARIANTS[0]);
    let finished = run.progress.finished().expect("the bot finishes");
    // The bot's keys again, on a fresh world, through `trace`.
    let map = map::load(&course_map()).unwrap().map;
    let tunables = Tunables {
        model: VARIANTS[0].model,
        coupling: VARIANTS[0].coupling,
        ..Tunables::default()
    };
    let mut world = World::new(map, tunables, 1);
    let mut out = Vec::new();
    wobblecaster::trace::run_ticks(&mut world, run.controls, &mut out, None).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.lines().last().unwrap(),
        format!("# finish_tick={finished}")
    );
    // Cut short of the finish, it says so.
    let mut world = World::new(map::load(&course_map()).unwrap().map, tunables, 1);
    let mut out = Vec::new();
    let few = vec![Controls::default(); 10];
    wobblecaster::trace::run_ticks(&mut world, few, &mut out, None).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().last().unwrap(), "# finish_tick=none");
}

/// `controls` (on/off keys only, as the bot presses them) as script
/// lines: each run of one set of keys held for its seconds.
fn as_script(controls: &[Controls]) -> String {
    let keys = |c: &Controls| {
        assert!(c.look == 0.0 && !c.fire && !c.run, "{c:?}");
        let mut held = Vec::new();
        for (value, minus, plus) in [
            (c.forward, "back", "forward"),
            (c.right, "strafe-left", "strafe-right"),
            (c.turn, "turn-left", "turn-right"),
        ] {
            match value {
                v if v > 0.0 => held.push(plus),
                v if v < 0.0 => held.push(minus),
                _ => {}
            }
        }
        if held.is_empty() {
            "none".to_string()
        } else {
            held.join("+")
        }
    };
    let mut script = String::from("# The bot's run of the feel course, as a script.\n");
    let mut i = 0;
    while i < controls.len() {
        let k = keys(&controls[i]);
        let n = controls[i..].iter().take_while(|c| keys(c) == k).count();
        script.push_str(&format!("{} {k}\n", n as f64 / 120.0));
        i += n;
    }
    script
}

#[test]
fn a_scripted_run_of_the_feel_course_shows_its_finish_tick_in_trace() {
    let run = drive(VARIANTS[0]);
    let finished = run.progress.finished().expect("the bot finishes");
    let dir = TempDir::new("feel-course", "trace");
    let script = dir.join("course.txt");
    std::fs::write(&script, as_script(&run.controls)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["trace", "--map"])
        .arg(course_map())
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().last().unwrap(),
        format!("# finish_tick={finished}")
    );
}

#[test]
fn the_bot_finishes_with_every_model_and_coupling_and_the_models_differ() {
    let runs: Vec<(Variant, CourseRun)> = VARIANTS.iter().map(|&v| (v, drive(v))).collect();
    let mut times = Vec::new();
    for (v, run) in &runs {
        let time = figure(run, "completion_time_s");
        assert!(time.is_some(), "{} did not finish", v.label());
        assert_eq!(
            figure(run, "checkpoints_missed"),
            Some(0.0),
            "{}",
            v.label()
        );
        let checkpoints = run.progress.passed();
        assert!(
            checkpoints.windows(2).all(|w| w[0] < w[1]),
            "{checkpoints:?}"
        );
        times.push((v.model, time.unwrap()));
    }
    for model in [Model::Polar, Model::Classic, Model::Quake] {
        let of = |m: Model| times.iter().find(|t| t.0 == m).unwrap().1;
        for other in [Model::Polar, Model::Classic, Model::Quake] {
            if other != model {
                assert_ne!(of(model), of(other), "{times:?}");
            }
        }
    }
}

/// The ticks at which a key (true while down) changed, and its state
/// after each change.
fn changes(keys: &[bool]) -> Vec<usize> {
    let mut last = false;
    let mut at = Vec::new();
    for (tick, &down) in keys.iter().enumerate() {
        if down != last {
            at.push(tick);
            last = down;
        }
    }
    at
}

#[test]
fn the_bots_keys_are_on_or_off_and_each_change_is_held_the_least_time() {
    let hold = (BotTunables::default().hold_s / TICK_DT).round() as usize;
    for &v in &VARIANTS {
        let run = drive(v);
        for c in &run.controls {
            let on_off = |x: f32| x == -1.0 || x == 0.0 || x == 1.0;
            assert!(on_off(c.forward) && on_off(c.turn), "{c:?}");
            let rest = Controls {
                forward: 0.0,
                turn: 0.0,
                ..*c
            };
            assert_eq!(rest, Controls::default(), "only forward and turn: {c:?}");
        }
        let keys: [Vec<bool>; 3] = [
            run.controls.iter().map(|c| c.forward > 0.0).collect(),
            run.controls.iter().map(|c| c.turn < 0.0).collect(),
            run.controls.iter().map(|c| c.turn > 0.0).collect(),
        ];
        for key in &keys {
            let at = changes(key);
            assert!(at.len() > 1, "{}: a key that never changes", v.label());
            for w in at.windows(2) {
                assert!(w[1] - w[0] >= hold, "{}: changes at {w:?}", v.label());
            }
        }
    }
}

/// The tick of the first turn key pressed when the heading swings off the
/// route at tick `swing`: before it the bot faces straight down the route.
fn first_turn(reaction_s: f64, swing: usize) -> usize {
    let route = vec![[0.5, 0.5], [200.5, 0.5]];
    let tunables = BotTunables {
        reaction_s,
        ..BotTunables::default()
    };
    let mut bot = Bot::new(route, tunables);
    (0..swing + 600)
        .position(|tick| {
            let heading = if tick < swing {
                0.0
            } else {
                -30f64.to_radians()
            };
            let sight = Sight {
                at: [0.5 + tick as f64 * 0.01, 0.5],
                heading,
            };
            bot.controls(sight).turn != 0.0
        })
        .expect("a turn")
}

#[test]
fn the_first_turn_comes_a_reaction_time_after_it_is_needed() {
    let swing = 300;
    for reaction_s in [0.0, 0.2, 0.5] {
        let delay = (reaction_s / TICK_DT).round() as usize;
        // The sight at tick `swing` is the first to need a turn (30 degrees
        // off, past the dead band); it is acted on `delay` ticks later.
        assert_eq!(first_turn(reaction_s, swing), swing + delay, "{reaction_s}");
    }
}

fn feel_course(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["feel", "course", "--fov", "90"])
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn the_same_command_gives_byte_identical_csv() {
    let args = ["--model", "quake", "--csv"];
    let (_, first) = feel_course(&args);
    let (_, again) = feel_course(&args);
    assert_eq!(first, again);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines[0], "metric,value,unit");
    let names: Vec<&str> = lines[1..7]
        .iter()
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(names, course::FIGURES);
    assert!(lines[1].starts_with("completion_time_s,3"), "{first}");
    // Every feel metric follows.
    assert!(first.contains("\nmsdv_total,"), "{first}");
}

#[test]
fn a_run_out_of_time_is_reported_as_not_finished() {
    let (_, csv) = feel_course(&["--limit", "5", "--csv"]);
    assert!(csv.contains("\ncompletion_time_s,,s\n"), "{csv}");
    let (_, table) = feel_course(&["--limit", "5"]);
    assert!(table.contains("did not finish within 5 s"), "{table}");
}

#[test]
fn the_comparison_has_a_course_table_with_a_row_per_variant() {
    use wobblecaster::feel::{compare, report};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let course = compare::run_course(root, &Tunables::default(), Scale::default(), 90.0).unwrap();
    let md = report::report(&[], &course, "test");
    let section = &md[md.find("## Course").expect("a course section")..];
    for v in &VARIANTS {
        let row = section
            .lines()
            .find(|l| l.starts_with(&format!("| {} |", v.label())))
            .unwrap_or_else(|| panic!("no row for {}:\n{section}", v.label()));
        let time = row.split('|').nth(2).unwrap().trim();
        assert!(time.parse::<f64>().is_ok(), "{row}");
    }
}

#[test]
fn the_bot_finishes_the_tutorial_through_its_door_with_every_model() {
    // The first map's course runs through a shut door: the bot presses
    // Use at it as a person would, and takes every checkpoint in order.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/tutorial.map");
    assert_eq!(
        map::load(&path).unwrap().map.doors.len(),
        1,
        "it has its door"
    );
    for variant in VARIANTS {
        let run = drive_on(&path, variant, 60.0);
        assert!(run.progress.finished().is_some(), "{variant:?} finishes");
        assert_eq!(figure(&run, "checkpoints_missed"), Some(0.0), "{variant:?}");
        let used = run
            .controls
            .iter()
            .filter(|c| c.action == Some(wobblecaster::sim::Request::Use))
            .count();
        assert!(used >= 1, "{variant:?} opened the door");
    }
}
