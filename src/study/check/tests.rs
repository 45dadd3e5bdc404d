//! The comparison's rows and warnings on small protocols written here.

use super::*;
use crate::sim::Tunables;
use std::path::Path;

/// A protocol of `shared` (its top, after name and map) and `conditions`.
fn protocol(shared: &str, conditions: &str) -> Protocol {
    let text = format!("name = \"s\"\nmap = \"feel_course\"\n{shared}\n{conditions}");
    match Protocol::parse(&text, Path::new("s.toml")) {
        Ok(p) => p,
        Err(e) => panic!("{e}\n{text}"),
    }
}

const MODELS: &str = "[[condition]]\nname = \"polar\"\nmovement = { model = \"polar\" }\n\
                      [[condition]]\nname = \"quake\"\nmovement = { model = \"quake\" }\n";

fn unmeasured(p: &Protocol) -> Comparison {
    Comparison::new(p, Err("not measured here".into()))
}

fn labels(c: &Comparison) -> Vec<&str> {
    c.differing().map(|r| r.label.as_str()).collect()
}

#[test]
fn every_tunable_has_a_role_in_the_table_s_order() {
    let keys: Vec<&str> = Tunables::keys().collect();
    assert_eq!(rows::role_keys().collect::<Vec<_>>(), keys);
}

#[test]
fn the_models_own_tunables_differ_as_the_model_s_difference() {
    let bare = protocol(
        "factors = [\"movement\"]\n[comfort]\nbob_and_roll = 0",
        MODELS,
    );
    let c = unmeasured(&bare);
    let differing = labels(&c);
    assert!(differing.contains(&"model"), "{differing:?}");
    assert!(differing.iter().any(|l| l.starts_with("quake_friction")));
    // Polar's speed is in force under polar only: the model's difference.
    let speed = c
        .rows
        .iter()
        .find(|r| r.label.starts_with("max_speed"))
        .unwrap();
    assert_eq!(speed.values, ["4", NOT_IN_FORCE]);
    assert!(!speed.differs && speed.scoped);
    assert_eq!(speed.blamed(), [Factor::Movement]);
    // Bob and roll are off under both, so they do not differ.
    assert!(
        !differing
            .iter()
            .any(|l| l.contains("bob") || l.contains("roll")),
        "{differing:?}"
    );
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    let table = c.table();
    assert!(
        table[0].starts_with("setting") && table[0].ends_with("factor"),
        "{table:?}"
    );
    assert!(
        table.iter().any(|l| l.starts_with("model ")
            && l.contains("polar")
            && l.contains("quake")
            && l.ends_with("movement")),
        "{table:?}"
    );
}

#[test]
fn quake_s_own_bob_and_roll_are_a_hidden_difference() {
    // Before the switch: `head_bob = 0` reached only the polar model.
    let p = protocol("factors = [\"movement\"]\n[comfort]\nhead_bob = 0", MODELS);
    let c = unmeasured(&p);
    let bob = c
        .rows
        .iter()
        .find(|r| r.label.starts_with("head bob in force"))
        .unwrap();
    assert_eq!(bob.values, ["0", "1"]);
    let roll = c
        .rows
        .iter()
        .find(|r| r.label.starts_with("view roll in force"))
        .unwrap();
    assert_eq!(roll.values, ["0", "2"]);
    let warnings = c.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("differ in bob_and_roll (head bob in force"),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[0].contains("`factors` declares only movement"),
        "{}",
        warnings[0]
    );
    assert!(c
        .table()
        .iter()
        .any(|l| l.ends_with("bob_and_roll (not declared)")));
}

#[test]
fn a_difference_is_warned_of_unless_declared() {
    let conditions = "[[condition]]\nname = \"narrow\"\nvideo = { fov = 70 }\n\
                      [[condition]]\nname = \"wide\"\nvideo = { fov = 110 }\nhud = { crosshair = true }\n";
    let hidden = unmeasured(&protocol("factors = [\"fov\"]", conditions));
    assert_eq!(
        labels(&hidden),
        ["field of view (degrees)", "HUD: crosshair"]
    );
    let warnings = hidden.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("differ in hud (HUD: crosshair)"),
        "{}",
        warnings[0]
    );
    assert!(warnings[0].contains("add \"hud\" to `factors`"));
    let declared = unmeasured(&protocol("factors = [\"fov\", \"hud\"]", conditions));
    assert!(declared.warnings().is_empty());
    // Nothing declared: every difference is warned of, a warning a factor.
    let none = unmeasured(&protocol("", conditions));
    let warnings = none.warnings();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings
        .iter()
        .all(|w| w.contains("the protocol declares no `factors`")));
}

#[test]
fn the_sound_as_played_is_compared() {
    let conditions = "[[condition]]\nname = \"quiet\"\n\
                      [[condition]]\nname = \"steps\"\naudio = { footsteps = 0.5 }\n";
    let c = unmeasured(&protocol("factors = [\"audio\"]", conditions));
    let row = c.differing().next().unwrap();
    assert_eq!(row.label, "[audio] footsteps");
    assert_eq!(row.values, ["participant's", "0.5"]);
    assert!(c.warnings().is_empty());
}

#[test]
fn measured_speeds_differ_beyond_the_tolerance() {
    let p = protocol(
        "factors = [\"movement\"]\n[comfort]\nbob_and_roll = 0",
        MODELS,
    );
    let close = Measured {
        values: vec![[6.0, 8.0, 0.0], [6.5, 7.5, 0.0]],
    };
    let c = Comparison::new(&p, Ok(close));
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    let mean = c
        .rows
        .iter()
        .find(|r| r.label.starts_with("mean speed"))
        .unwrap();
    assert_eq!(mean.values, ["6", "6.5"]);
    assert!(!mean.shows_a_difference());
    let apart = Measured {
        values: vec![[6.0, 8.0, 0.0], [6.7, 8.0, 0.0]],
    };
    let c = Comparison::new(&p, Ok(apart));
    let warnings = c.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("differ in speed (mean speed on the course (m/s))"),
        "{}",
        warnings[0]
    );
}

#[test]
fn unknown_and_repeated_factors_are_faults() {
    let text =
        "name = \"s\"\nmap = \"feel_course\"\nfactors = [\"movment\", \"fov\", \"fov\", 3]\n\
                [[condition]]\nname = \"a\"\n";
    let e = Protocol::parse(text, Path::new("s.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(
            "`movment` is not a factor (did you mean `movement`? the factors are movement, speed,"
        ),
        "{e}"
    );
    assert!(e.contains("`factors` names `fov` twice"), "{e}");
    assert!(
        e.contains("`factors` must be a string, found an integer"),
        "{e}"
    );
}
