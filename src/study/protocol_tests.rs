//! Tests of the protocol reader.

use super::*;
use crate::sim::{Coupling, Model};

const GOOD: &str = r#"
name = "walking"
description = "Two models."
map = "feel_course"
exposure_s = 120
fms_interval_s = 30
rest_s = 60
stop_at_fms = 15

[comfort]
head_bob = 0

[[question]]
id = "control"
text = "How in control did you feel?"
low = "not at all"
high = "completely"

[[condition]]
name = "polar-velocity"
movement = { model = "polar", coupling = "velocity" }

[[condition]]
name = "classic"
exposure_s = 90
[condition.movement]
model = "classic"
[condition.video]
fov = 100
"#;

fn parse(text: &str) -> Result<Protocol, ProtocolErrors> {
    Protocol::parse(text, Path::new("p.toml"))
}

/// Every fault of `text` as `line:col: message`.
fn errors(text: &str) -> Vec<String> {
    let e = parse(text).expect_err("the protocol has faults");
    e.0.iter()
        .map(|e| format!("{}:{}: {}", e.at.line(), e.at.col(), e.kind))
        .collect()
}

/// `GOOD` with `from` replaced by `to`.
fn good_with(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "{from}");
    GOOD.replacen(from, to, 1)
}

#[test]
fn a_protocol_reads_with_shared_and_own_overrides() {
    let p = parse(GOOD).unwrap();
    assert_eq!(p.name, "walking");
    assert_eq!(p.map, "feel_course");
    assert_eq!(
        (p.fms_interval_s, p.rest_s, p.stop_at_fms),
        (30.0, 60.0, Some(15))
    );
    assert!(p.ssq && p.ranking);
    assert_eq!(p.questions.len(), 1);
    assert_eq!(p.questions[0].high, "completely");
    let [polar, classic] = &p.conditions[..] else {
        panic!("two conditions")
    };
    assert_eq!(polar.tunables.model, Model::Polar);
    assert_eq!(polar.tunables.coupling, Coupling::Velocity);
    assert_eq!(polar.exposure_s, 120.0);
    assert_eq!(classic.tunables.model, Model::Classic);
    assert_eq!(classic.exposure_s, 90.0);
    assert_eq!(classic.fov_deg, 100.0);
    // The shared [comfort] applies to both; the default elsewhere.
    assert_eq!(polar.tunables.head_bob, 0.0);
    assert_eq!(classic.tunables.head_bob, 0.0);
    assert_eq!(polar.fov_deg, crate::render::DEFAULT_FOV_DEG);
}

#[test]
fn the_local_settings_file_does_not_change_a_condition() {
    // Conditions start from the defaults, not from a settings file.
    let p = parse(GOOD).unwrap();
    let d = Tunables::default();
    assert_eq!(p.conditions[0].tunables.polar, d.polar);
    assert_eq!(p.conditions[0].tunables.gyro, d.gyro);
}

#[test]
fn settings_faults_are_located_with_the_settings_words() {
    let text = good_with("model = \"classic\"", "model = \"clasic\"");
    assert_eq!(
        errors(&text),
        ["27:9: `model` must be one of polar, classic, quake, found `clasic` (did you mean `classic`?)"]
    );
    let text = good_with("fov = 100", "fov = 200");
    assert_eq!(
        errors(&text),
        ["29:7: `fov` must be 60 to 120 degrees, found 200"]
    );
    let text = good_with("head_bob = 0", "head_bop = 0");
    let e = errors(&text);
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("11:1: unknown key `head_bop` in [comfort] (did you mean `head_bob`?)"),
        "{e:?}"
    );
}

#[test]
fn protocol_faults_are_located_with_the_nearest_key() {
    let text = good_with("rest_s = 60", "rest_sec = 60");
    assert_eq!(
        errors(&text),
        ["7:1: unknown key `rest_sec` (did you mean `rest_s`?)"]
    );
    let text = good_with("exposure_s = 90", "exposure = 90");
    assert_eq!(
        errors(&text),
        ["25:1: unknown key `exposure` in a condition (did you mean `exposure_s`?)"]
    );
    let text = good_with("fms_interval_s = 30", "fms_interval_s = 5");
    assert_eq!(
        errors(&text),
        ["6:18: `fms_interval_s` must be 10 to 600 seconds, found 5"]
    );
    let text = good_with("low = \"not at all\"", "lo = \"not at all\"");
    let e = errors(&text);
    assert!(
        e.contains(&"16:1: unknown key `lo` in a question (did you mean `low`?)".to_string()),
        "{e:?}"
    );
    assert!(
        e.iter().any(|m| m.ends_with("a question without `low`")),
        "{e:?}"
    );
}

#[test]
fn names_must_be_safe_for_files_and_unique() {
    let text = good_with("name = \"walking\"", "name = \"../walking\"");
    let e = errors(&text);
    assert!(
        e[0].starts_with("2:8: `name` must be 1 to 64 letters"),
        "{e:?}"
    );
    let text = good_with("name = \"classic\"", "name = \"polar-velocity\"");
    assert_eq!(
        errors(&text),
        ["24:8: a second condition named `polar-velocity`"]
    );
}

#[test]
fn participant_sections_and_machine_video_keys_are_refused() {
    let text = format!("{GOOD}[condition.bindings]\nforward = [\"KeyW\"]\n");
    let e = errors(&text);
    assert!(e[0].contains("cannot set [bindings]"), "{e:?}");
    let text = good_with("fov = 100", "size = \"640x360\"");
    let e = errors(&text);
    assert!(
        e[0].starts_with("29:1: a protocol sets only fov of [video]"),
        "{e:?}"
    );
}

#[test]
fn missing_essentials_are_named() {
    let e = errors("description = \"x\"\n");
    assert_eq!(
        e,
        [
            "1:1: no conditions: add at least one [[condition]]",
            "1:1: `name` is missing: give the study's name, such as \"walking\"",
            "1:1: `map` is missing: give the map, such as \"feel_course\"",
        ]
    );
    let e = errors("name = \"x\"\nmap = \"m\"\ncondition = 3\n");
    assert_eq!(
        e,
        ["3:13: `condition` must be tables written [[condition]]"]
    );
    let e = errors("name = \"x\"\nmap = \"m\n");
    assert!(e[0].starts_with("2:"), "{e:?}");
    assert!(e[0].contains("bad TOML"), "{e:?}");
}

#[test]
fn too_many_conditions_are_refused_at_the_one_over() {
    let mut text = String::from("name = \"x\"\nmap = \"m\"\n");
    for i in 0..=MAX_CONDITIONS {
        text += &format!("[[condition]]\nname = \"c{i}\"\n");
    }
    let e = errors(&text);
    assert_eq!(
        e,
        [format!(
            "{}:1: more than 12 conditions",
            3 + 2 * MAX_CONDITIONS
        )]
    );
}

#[test]
fn the_misc_and_the_mssq_are_chosen_by_keys() {
    let p = parse(GOOD).unwrap();
    assert_eq!(p.in_play_scale, InPlayScale::Fms);
    assert!(!p.mssq, "the MSSQ is asked only when the protocol says so");
    assert_eq!(p.stop_rating(), Some(15));
    let misc = good_with(
        "stop_at_fms = 15",
        "in_play_scale = \"misc\"\nstop_at_misc = 7\nmssq = true",
    );
    let p = parse(&misc).unwrap();
    assert_eq!(p.in_play_scale, InPlayScale::Misc);
    assert_eq!((p.stop_at_misc, p.stop_at_fms), (Some(7), None));
    assert_eq!(p.stop_rating(), Some(7));
    assert!(p.mssq);
}

#[test]
fn a_stop_rule_off_its_scale_or_its_range_is_a_fault() {
    let e = errors(&good_with("stop_at_fms = 15", "stop_at_misc = 7"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("8:16: `stop_at_misc` is a rule for the MISC scale"),
        "{e:?}"
    );
    let e = errors(&good_with(
        "stop_at_fms = 15",
        "in_play_scale = \"misc\"\nstop_at_fms = 15",
    ));
    assert!(e[0].contains("set in_play_scale = \"fms\""), "{e:?}");
    let e = errors(&good_with(
        "stop_at_fms = 15",
        "in_play_scale = \"misc\"\nstop_at_misc = 11",
    ));
    assert!(e[0].contains("`stop_at_misc` must be 1 to 10"), "{e:?}");
    let e = errors(&good_with("stop_at_fms = 15", "in_play_scale = \"MISC\""));
    assert!(
        e[0].contains("`in_play_scale` must be one of fms, misc, found `MISC`"),
        "{e:?}"
    );
    let e = errors(&good_with("stop_at_fms = 15", "mssq = 1"));
    assert!(e[0].contains("`mssq` must be true or false"), "{e:?}");
}

#[test]
fn audio_is_a_condition_s_only_where_the_protocol_sets_it() {
    let own = Levels {
        volume: 0.3,
        effects: 0.9,
        mute: true,
        ..Levels::default()
    };
    let p = parse(GOOD).unwrap();
    assert!(
        p.conditions.iter().all(|c| c.audio.over(own)
            == Levels {
                music: 0.0,
                ambience: 0.0,
                ..own
            }),
        "the participant's own, with no music or ambience"
    );
    let text = good_with(
        "name = \"classic\"\n",
        "name = \"classic\"\naudio = { effects = 0.25, wind = 0, stride = 0.75 }\n",
    );
    let p = parse(&text).unwrap();
    assert!(!p.conditions[0].audio.names("effects"));
    let heard = p.conditions[1].audio.over(own);
    assert_eq!((heard.effects, heard.volume, heard.mute), (0.25, 0.3, true));
    assert_eq!((heard.wind, heard.stride_tiles), (0.0, 0.75));
    let shared = good_with(
        "[comfort]\n",
        "[audio]\nmute = false\nmusic = 0.4\n\n[comfort]\n",
    );
    let p = parse(&shared).unwrap();
    assert!(p.conditions.iter().all(|c| {
        let heard = c.audio.over(own);
        !heard.mute && heard.music == 0.4 && heard.ambience == 0.0 && heard.volume == 0.3
    }));
    let wrong = good_with(
        "name = \"classic\"\n",
        "name = \"classic\"\naudio = { volume = 2 }\n",
    );
    assert!(errors(&wrong)[0].contains("volume"), "{:?}", errors(&wrong));
}

#[test]
fn the_protocol_decides_the_hud_bare_unless_it_shows_the_bar_or_the_crosshair() {
    let p = parse(GOOD).unwrap();
    assert!(p.conditions.iter().all(|c| !c.status_bar && !c.crosshair));
    // Shared, then one condition's own.
    let text = good_with("[comfort]", "[hud]\nstatus_bar = true\n\n[comfort]").replacen(
        "fov = 100",
        "fov = 100\n[condition.hud]\ncrosshair = true",
        1,
    );
    let p = parse(&text).unwrap();
    let (polar, classic) = (&p.conditions[0], &p.conditions[1]);
    assert!(polar.status_bar && !polar.crosshair);
    assert!(classic.status_bar && classic.crosshair);
}

#[test]
fn a_protocol_cannot_show_the_readout_and_a_bad_hud_value_is_placed() {
    let text = good_with("[comfort]", "[hud]\nreadout = true\n\n[comfort]");
    let e = errors(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("11:1: a protocol sets only status_bar and crosshair of [hud]"),
        "{e:?}"
    );
    let e = errors(&good_with("[comfort]", "[hud]\ncrosshair = 1\n\n[comfort]"));
    assert!(e[0].starts_with("11:13: "), "{e:?}");
    let e = errors(&good_with("[comfort]", "[hud]\nstatus = true\n\n[comfort]"));
    assert!(e[0].contains("unknown key `status` in [hud]"), "{e:?}");
}

#[test]
fn the_protocol_s_input_applies_to_every_condition_and_a_condition_s_is_refused() {
    assert_eq!(parse(GOOD).unwrap().input, None, "the participant's own");
    let text = GOOD.replace(
        "[comfort]\nhead_bob = 0\n",
        "[comfort]\nhead_bob = 0\n\n[input]\nmouse_turn = false\nmouse_sensitivity = 0.3\n",
    );
    let input = parse(&text).unwrap().input.expect("fixed by the protocol");
    assert!(!input.mouse_turn);
    assert_eq!(input.mouse_sensitivity, 0.3);
    assert_eq!(input.deadzone, InputSettings::default().deadzone);
    // A bad value is placed as the settings file places it.
    let text = GOOD.replace(
        "[comfort]\n",
        "[input]\nmouse_sensitivity = 50\n\n[comfort]\n",
    );
    let e = errors(&text);
    assert!(e[0].starts_with("11:21: "), "{e:?}");
    let text = format!("{GOOD}[condition.input]\nmouse_turn = true\n");
    let e = errors(&text);
    assert!(e[0].contains("a condition cannot set [input]"), "{e:?}");
}

#[test]
fn a_protocol_cannot_set_the_difficulty() {
    let text = GOOD.replace(
        "[comfort]\n",
        "[game]\ndifficulty = \"easy\"\n\n[comfort]\n",
    );
    let e = errors(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("10:2: a protocol cannot set [game]"),
        "{e:?}"
    );
}

#[test]
fn the_prompt_tone_is_off_unless_asked_and_a_bad_value_is_placed() {
    assert!(!parse(GOOD).unwrap().procedure.prompt_tone);
    let on = good_with("rest_s = 60\n", "rest_s = 60\nprompt_tone = true\n");
    assert!(parse(&on).unwrap().procedure.prompt_tone);
    let off = good_with("rest_s = 60\n", "rest_s = 60\nprompt_tone = false\n");
    assert!(!parse(&off).unwrap().procedure.prompt_tone);
    let bad = good_with("rest_s = 60\n", "rest_s = 60\nprompt_tone = \"soft\"\n");
    let e = errors(&bad);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("8:15: ") && e[0].contains("prompt_tone"),
        "{e:?}"
    );
    let slip = good_with("rest_s = 60\n", "rest_s = 60\nprompt_tones = true\n");
    assert!(
        errors(&slip)[0].contains("did you mean `prompt_tone`"),
        "{slip}"
    );
}

#[test]
fn a_consent_text_longer_than_a_screen_is_refused() {
    let with = |text: &str| {
        good_with(
            "stop_at_fms = 15\n",
            &format!("stop_at_fms = 15\nconsent = {text:?}\n"),
        )
    };
    let fits = vec!["I agree."; super::visit_keys::MAX_CONSENT_LINES].join("\n");
    assert_eq!(
        parse(&with(&fits)).unwrap().procedure.consent.as_deref(),
        Some(fits.as_str())
    );
    let over = vec!["I agree."; super::visit_keys::MAX_CONSENT_LINES + 1].join("\n");
    let faults = errors(&with(&over));
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert!(faults[0].contains("in at most 16 lines"), "{faults:?}");
    let newlines = "\n".repeat(800);
    assert_eq!(errors(&with(&format!("a{newlines}b"))).len(), 1);
}
