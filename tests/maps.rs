//! Map loading: the shipped maps are clean, and every class of fault is
//! reported with its file, line and column by `check-map`.

use std::path::Path;
use std::process::Command;
use wobblecaster::map;

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
        &[":3:5: error: cannot read texture", "no_such_texture.png"],
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
            ":7:5: error: unknown actor `dragon` (expected walker or tank)",
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
];

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

#[test]
fn shipped_maps_are_clean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let maps: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "map"))
        .collect();
    assert!(!maps.is_empty());
    let refs: Vec<&Path> = maps.iter().map(|p| p.as_path()).collect();
    let (ok, out) = check_map(&refs);
    assert!(ok, "{out}");
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
    let dir = std::env::temp_dir().join(format!("wobble-tex-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
