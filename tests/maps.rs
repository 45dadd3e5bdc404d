//! Map loading: the shipped maps are clean, every class of fault is
//! reported by `check-map` with its file and its line and column (text
//! maps) or layer and tile or object (Tiled maps), and shipped maps are
//! found by name.

mod common;

use common::temp::TempDir;
use std::path::Path;
use std::process::Command;
use wobblecaster::map::{self, shipped};

fn check_map(files: &[&Path]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .arg("check-map")
        .args(files)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn broken(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/maps/broken")
        .join(name)
}

/// Each broken map, with the located messages `check-map` must print.
const CASES: &[(&str, &[&str])] = &[
    (
        "unknown_char.map",
        &[":6:4: error: unknown character `x` in the grid"],
    ),
    (
        "ragged.map",
        &[":7:5: error: row is 4 characters long, but the first row is 5"],
    ),
    ("not_closed.map", &[":6:5: error: the grid is not closed"]),
    ("no_start.map", &[":4:1: error: no player start"]),
    (
        "two_starts.map",
        &[":6:4: error: a second player start (the first is at line 6, column 2)"],
    ),
    (
        "missing_texture.map",
        &[":3:5: error: cannot load texture", "no_such_texture.png"],
    ),
    (
        "bad_header.map",
        &[
            ":2:9: error: `#12345` is not a colour",
            ":3:1: error: unknown key `weather`",
            ":4:15: error: `40` is not a wall height",
            ":6:1: error: a map has a ceiling or a sky, not both",
        ],
    ),
    (
        "bad_actors.map",
        &[
            ":5:12: error: `sideways` is not a facing",
            ":6:15: error: `3` is not a half width from 0.1 to 1 tiles",
            ":7:5: error: unknown actor `dragon` (expected walker, tank or guard)",
            ":8:24: error: unknown option `fast` (a walker takes `patrol`)",
            ":9:1: error: legend character `#` is given twice",
        ],
    ),
    (
        "walled_off.map",
        &[
            ":9:4: error: this tank's body (1.04 tiles in radius) is inside a wall",
            ":9:7: error: this walker cannot be reached from the player start",
        ],
    ),
    (
        "empty.map",
        &[":1:1: error: no `name = ...` line", ":1:1: error: no grid"],
    ),
    (
        "doors.map",
        &[
            ":6:30: error: `copper` is not a key (expected gold or silver)",
            ":8:5: error: unknown pickup `coin` (expected key, health, food, fuel, treasure, ammo or weapon)",
            ":11:4: error: this door is not between two walls",
            ":12:5: error: this door is not between two walls",
        ],
    ),
    (
        "pickups.map",
        &[
            ":13:7: error: this fuel cannot be reached from the player start",
            ":14:8: error: this key cannot be reached from the player start",
            ":14:5: warning: no gold key the player can reach opens this door",
            ":15:3: warning: no door is locked with the silver key",
        ],
    ),
    (
        "pushwalls.map",
        &[
            ":5:5: error: treasure needs its kind",
            ":6:14: error: `gold` is not a treasure (expected cross, chalice, chest or crown)",
        ],
    ),
    (
        "stuck_pushwall.map",
        &[":7:7: error: this push wall cannot move"],
    ),
    (
        "sky.map",
        &[":11:3: error: `x` in the [sky] grid: expected `*` (open sky) or `.`"],
    ),
    (
        "surface.map",
        &[":11:3: error: `q` in the [surface] grid: expected `s` (stone), `w` (wood), `m` (metal) or `.`"],
    ),
    (
        "surface_size.map",
        &[":8:1: error: the [surface] grid is 5x2, but the map's grid is 5x3"],
    ),
    (
        "surface.tmx",
        &[": layer `surface`, tile (2, 1): error: texture `ceiling_panels` has no surface: the `surface` layer takes the tiles of floor_tiles (stone)"],
    ),
    (
        "objects.tmx",
        &[
            ": error: unknown key `weather`",
            ": error: unknown tile layer `decor` (expected walls, floor, ceiling or surface)",
            ": object 2 at tile (2, 1): error: unknown object class `dragon`",
            ": object 3 at tile (3, 2): error: this walker is on a wall",
            ": object 4 at tile (4, 1): error: this door is not between two walls",
            ": object 5 at tile (4, 2): error: this key: a key needs `colour`, gold or silver",
            ": object 6 at tile (2, 2): error: unknown property `speed` on a tank (it takes facing, half_width)",
            ": object 7 at tile (5, 2): error: unknown property `texture` on a health (it takes none)",
            ": object 8 at tile (3, 1): error: cannot load texture",
            ": layer `walls`, tile (6, 3): error: the grid is not closed",
        ],
    ),
    (
        "tiles.tmx",
        &[
            ": layer `walls`, tile (3, 1): error: tile 0 of tileset `bare` has no `texture` property",
            ": layer `floor`, tile (2, 2): error: `stone_grey` here, but layer `floor`, tile (0, 0) names `floor_tiles`: a map has one floor texture",
            ": layer `walls`, tile (2, 3): error: the grid is not closed",
        ],
    ),
    ("not_xml.tmx", &[": error: not XML"]),
    (
        "course.map",
        &[
            ":8:16: error: `zero` is not a checkpoint number",
            ":9:12: error: `20` is not a radius from 0.25 to 8 tiles",
            ":11:5: error: unknown course marker `lap` (expected `checkpoint N` or `finish`)",
            ":12:1: error: course marker `8` is not placed in the grid",
            ":15:7: error: checkpoint 3 follows checkpoint 1: checkpoint 2 is missing",
            ":16:4: error: checkpoint 1 is placed twice",
            ":16:7: error: this course has no finish",
        ],
    ),
    (
        "bad_definition.map",
        &[
            ":5:9: error: `copper` is not a key (expected gold or silver)",
            ":7:12: error: `sideways` is not a facing",
        ],
    ),
    (
        "unknown_section.map",
        &[
            ":2:1: error: unknown section `[legnd]`",
            ":11:1: error: section `[legend]` is out of place",
        ],
    ),
    (
        "trailing_spaces.map",
        &[":8:2: error: unknown character `x` in the grid"],
    ),
    ("tab.map", &[":6:4: error: unknown character `\\t` in the grid"]),
    (
        "locked_in.map",
        &[
            ":12:8: error: this walker cannot be reached from the player start: it is behind a door locked with the gold key, and no gold key the player can reach",
            ":12:7: error: this key cannot be reached from the player start: it is behind a door locked with the gold key",
        ],
    ),
    (
        "bad_png.map",
        &[":4:5: error: texture", "not_a_png.png is not a readable PNG"],
    ),
    (
        "course.tmx",
        &[
            ": object 3 at tile (3, 2): error: this checkpoint is on a wall",
            ": object 4 at tile (9, 1): error: this checkpoint is outside the map's open floor",
            ": object 5 at tile (4, 1): error: checkpoint 1 is placed twice",
            ": object 6 at tile (5, 1): error: this course has no finish",
            ": object 7 at tile (5, 2): error: this checkpoint: a checkpoint needs `number`",
        ],
    ),
    (
        "hints.map",
        &[
            ":2:9: error: `first` is not a play order: expected a whole number from 1 to 9999",
            ":6:5: error: a `{` in a hint opens a key's action name, such as {forward} or {use}, closed by `}`",
            ":7:5: error: a `{` in a hint opens",
            ":9:1: error: expected `key = value`, found `d =`",
            ":8:1: error: hint marker `c` is not placed in the grid",
        ],
    ),
    (
        "hint_keys.map",
        &[
            ":5:1: error: `{foward}` is no key binding: did you mean {forward}?",
            ":6:1: error: `{dance}` is no key binding: a hint names a key by its action in the settings file's [bindings]",
        ],
    ),
    (
        "hints.tmx",
        &[
            ": error: `soon` is not a play order",
            ": object 2 at tile (2, 1): error: this hint: a hint needs `text`, a string",
            ": object 3 at tile (3, 1): error: a `{` in a hint opens a key's action name",
            ": object 4 at tile (4, 1): error: unknown property `size` on a hint (it takes text)",
        ],
    ),
];

/// What a broken map's report must not say: a fault told twice, or told
/// as another.
const NEVER: &[(&str, &[&str])] = &[
    ("bad_definition.map", &["unknown character"]),
    ("unknown_section.map", &["unknown key"]),
    ("trailing_spaces.map", &["row is", "` `"]),
    ("locked_in.map", &["walls close it off"]),
];

#[test]
fn each_fault_is_reported_once_and_as_itself() {
    for (file, never) in NEVER {
        let (ok, out) = check_map(&[&broken(file)]);
        assert!(!ok, "{file} must fail");
        for bad in *never {
            assert!(!out.contains(bad), "{file}: `{bad}` in:\n{out}");
        }
    }
    // The PNG decoder's reason, given once.
    let (_, out) = check_map(&[&broken("bad_png.map")]);
    assert_eq!(out.lines().count(), 1, "{out}");
    let reason = "appeared before IHDR chunk";
    assert_eq!(out.matches(reason).count(), 1, "{out}");
}

#[test]
fn each_fault_is_reported_with_its_location() {
    for (file, expected) in CASES {
        let path = broken(file);
        let (ok, out) = check_map(&[&path]);
        assert!(!ok, "{file} must fail");
        for want in *expected {
            assert!(out.contains(want), "{file}: expected `{want}` in:\n{out}");
        }
        assert!(
            out.lines()
                .all(|l| l.starts_with(&path.display().to_string())),
            "{out}"
        );
    }
}

fn shipped_maps() -> Vec<std::path::PathBuf> {
    shipped::list(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps"))
}

#[test]
fn shipped_maps_are_clean_in_both_formats() {
    let maps = shipped_maps();
    assert!(maps.len() >= 4, "{maps:?}");
    assert!(maps.iter().any(|p| p.extension().unwrap() == "tmx"));
    let refs: Vec<&Path> = maps.iter().map(|p| p.as_path()).collect();
    let (ok, out) = check_map(&refs);
    assert!(ok, "{out}");
    assert!(!out.contains("warning"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains(": ok (")).count(),
        maps.len()
    );
    // With no files, check-map checks every shipped map.
    let (ok_all, all) = check_map(&[]);
    assert!(ok_all, "{all}");
    assert_eq!(all.lines().count(), maps.len(), "{all}");
}

#[test]
fn warnings_alone_do_not_fail_the_check() {
    let spare = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/spare_key.map");
    let (ok, out) = check_map(&[&spare]);
    assert!(ok, "{out}");
    assert!(
        out.contains("spare_key.map:8:4: warning: no door is locked with the silver key"),
        "{out}"
    );
    // No course and no enemies: nothing to finish.
    assert!(
        out.contains("spare_key.map: warning: the map has no goal"),
        "{out}"
    );
    assert!(
        out.contains("ok (a key no door needs") && out.contains("2 warnings)"),
        "{out}"
    );
}

#[test]
fn a_course_reads_the_same_from_text_markers_and_tiled_objects() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps");
    let course = |file: &str| map::load(&dir.join(file)).unwrap().map.course.unwrap();
    let (text, tiled) = (course("course.map"), course("course.tmx"));
    let points = |c: &map::Course| -> Vec<([f64; 2], f64)> {
        c.checkpoints().iter().map(|p| (p.at, p.radius)).collect()
    };
    let want = vec![([3.5, 1.5], 1.0), ([5.5, 1.5], 0.5), ([1.5, 2.5], 1.0)];
    assert_eq!(points(&text), want);
    assert_eq!(points(&tiled), want);
}

#[test]
fn a_finish_no_walk_reaches_is_a_warning_at_its_place() {
    let walled = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/course_walled.map");
    let (ok, out) = check_map(&[&walled]);
    assert!(ok, "{out}");
    assert!(
        out.contains(
            "course_walled.map:9:7: warning: the course's finish cannot be reached by walking"
        ),
        "{out}"
    );
    assert!(
        out.contains("a course of 1 checkpoint and a finish, 1 warning)"),
        "{out}"
    );
}

#[test]
fn the_maps_command_lists_every_shipped_map_by_the_name_map_takes() {
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .arg("maps")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for path in shipped_maps() {
        let name = shipped::short_name(&path);
        let map = map::load(&path).unwrap().map;
        assert!(!map.description.is_empty(), "{name} has no description");
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name.as_str()))
            .unwrap_or_else(|| panic!("{name} not listed:\n{text}"));
        assert!(
            line.contains(&map.name) && line.contains(&map.description),
            "{line}"
        );
    }
}

#[test]
fn the_maps_command_lists_the_maps_in_play_order_tutorial_first() {
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .arg("maps")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // The episode's heading, its maps, a blank line, the lab's heading and
    // the rest, a blank line and the foot.
    let names: Vec<&str> = text
        .lines()
        .filter(|l| !l.ends_with(':'))
        .take_while(|l| !l.starts_with("Play one with"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        [
            "tutorial",
            "default",
            "bunker",
            "vault",
            "depot",
            "blockade",
            "keep",
            "hangar",
            "arena",
            "feel_course"
        ],
        "{text}"
    );
    // Every shipped map says where it comes, so a new one must choose.
    for path in shipped_maps() {
        assert!(map::load(&path).unwrap().map.order.is_some(), "{path:?}");
    }
}

#[test]
fn the_tutorial_s_hints_show_on_their_tiles_and_name_keys_that_exist() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/tutorial.map");
    let m = map::load(&path).unwrap().map;
    assert!(m.hints.len() >= 5, "{:?}", m.hints);
    // The start lies inside the first hint's tiles.
    let (sx, sy) = map::Map::tile_of(m.start.x, m.start.y);
    let first = m.hint_at(sx, sy).expect("a hint at the start");
    assert!(first.text.contains("{forward}"), "{}", first.text);
    // Push, swing, brake and the door each have a hint.
    for word in ["{forward}", "{turn_left}", "{back}", "{use}"] {
        assert!(
            m.hints.iter().any(|h| h.text.contains(word)),
            "no hint names {word}"
        );
    }
    let course = m.course.as_ref().expect("a course");
    assert!(course.checkpoints().len() >= 2, "a checkpoint and a finish");
    assert_eq!(m.doors.len(), 1);
}

#[test]
fn map_takes_a_shipped_name_and_a_wrong_one_names_the_choices() {
    let dir = TempDir::new("maps", "name");
    let shot = |name: &str| {
        Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
            .args(["shot", "--size", "64x36", "--force", "--map", name, "--out"])
            .arg(dir.join("shot.png"))
            .output()
            .unwrap()
    };
    assert!(shot("bunker").status.success());
    let wrong = shot("bunkr");
    assert!(!wrong.status.success());
    let err = String::from_utf8_lossy(&wrong.stderr);
    assert!(
        err.contains("no map `bunkr`") && err.contains("bunker"),
        "{err}"
    );
}

#[test]
fn one_bad_map_among_good_ones_fails_the_run() {
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/default.map");
    let (ok, out) = check_map(&[&good, &broken("ragged.map")]);
    assert!(!ok);
    assert!(out.contains("default.map: ok"), "{out}");
}

#[test]
fn textures_that_are_not_square_or_not_png_are_named() {
    let dir = TempDir::new("maps", "textures");
    image::save_buffer(
        dir.join("wide.png"),
        &[200u8; 8 * 4 * 4],
        8,
        4,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
    std::fs::write(dir.join("junk.png"), b"\x89PNG but not really").unwrap();
    let text = "name = t\n[legend]\n# = wide.png\nX = junk.png\n[grid]\n###\n#>#\n#X#\n";
    let e = map::parse(text, &dir.join("t.map"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("t.map:3:5:") && e.contains("wide.png is 8x4"),
        "{e}"
    );
    assert!(
        e.contains("t.map:4:5:") && e.contains("junk.png is not a readable PNG"),
        "{e}"
    );
}

#[test]
fn start_arrow_sets_position_and_facing() {
    let m = wobblecaster::map::Map::from_rows(&["#####", "#..v#", "#####"]);
    assert_eq!((m.start.x, m.start.y), (3.5, 1.5));
    assert!((m.start.angle - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
}

/// The example text map in `maps/README.md` loads and is clean, so the
/// guide a new author copies from works.
#[test]
fn the_guide_example_map_is_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("maps/README.md")).unwrap();
    let start = guide.find("```\n; Lines starting with ';'").unwrap() + 4;
    let end = start + guide[start..].find("```").unwrap();
    let map = map::parse(&guide[start..end], &root.join("maps/guide.map"))
        .unwrap()
        .map;
    assert_eq!(
        (map.doors.len(), map.pickups.len(), map.spawns.len()),
        (2, 2, 2)
    );
    let radius = wobblecaster::sim::actors::EnemyTunables::default()
        .walker
        .radius;
    let problems = wobblecaster::sim::actors::placement_problems(&map, radius);
    assert!(
        problems.is_empty(),
        "{:?}",
        problems.first().map(|p| &p.message)
    );
}
