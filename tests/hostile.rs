//! Hostile input files, checked the way a user meets them: through the
//! program, each within a time limit. Pipes and devices where files should
//! be, Tiled files nested or crowded to exhaust the stack or the memory,
//! maps with a million tanks or a million faults, byte-order marks and
//! bytes that are not UTF-8. Every one ends in a clear message naming the
//! file (and the line and column where there is one) or, where the input
//! is fine, in a pass; none hangs, crashes or runs out of memory.

mod common;

use common::run;
use common::temp::TempDir;
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

/// Long enough for a debug build on a busy two-core machine, short enough
/// that a hang fails the test instead of stalling the suite.
const LIMIT: Duration = Duration::from_secs(60);

/// `check-map` on `files`: (passed, stdout and stderr together).
fn check_map(files: &[&Path]) -> (bool, String) {
    let mut args = vec!["check-map"];
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let out = run(&args, LIMIT).expect("check-map ends within the limit");
    (out.status.success(), shown(&out))
}

fn shown(out: &Output) -> String {
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    text
}

/// Makes a named pipe at `path` that nobody writes to.
fn fifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// The shipped brick texture, by absolute path.
fn brick() -> String {
    common::root()
        .join("assets/brick_red.png")
        .display()
        .to_string()
}

/// A closed text map of `rows` (`#` brick walls) with extra header `lines`.
fn text_map(lines: &str, rows: &[String]) -> String {
    format!(
        "name = hostile\n{lines}[legend]\n# = {}\n[actors]\nt = tank east\n[grid]\n{}\n",
        brick(),
        rows.join("\n")
    )
}

/// A Tiled map `w` x `h` tiles of 16 pixels, walled round, using the
/// tileset `tileset` (a path as written in the file), with `objects`.
fn tmx(w: usize, h: usize, tileset: &str, objects: &str) -> String {
    let mut walls = String::new();
    for y in 0..h {
        for x in 0..w {
            let edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            walls.push_str(if edge { "1," } else { "0," });
        }
        walls.push('\n');
    }
    walls.truncate(walls.len() - 2);
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" tilewidth="16" tileheight="16" infinite="0">
 <properties><property name="name" value="hostile"/></properties>
 <tileset firstgid="1" source="{tileset}"/>
 <layer id="1" name="walls" width="{w}" height="{h}"><data encoding="csv">
{walls}
</data></layer>
 <objectgroup id="2" name="things">
  <object id="1" type="start" x="24" y="24"><point/></object>
{objects} </objectgroup>
</map>
"#
    )
}

/// The shipped tileset, as a path from `dir`.
fn shipped_tileset() -> String {
    common::root()
        .join("maps/wobblecaster.tsx")
        .display()
        .to_string()
}

#[cfg(unix)]
#[test]
fn a_pipe_or_a_device_is_refused_by_name_not_waited_on() {
    let dir = TempDir::new("hostile", "pipes");
    // A map that is a pipe, and a device.
    let pipe = dir.join("pipe.map");
    fifo(&pipe);
    let (ok, out) = check_map(&[&pipe]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("pipe.map: error: the map is a named pipe, not a regular file"),
        "{out}"
    );
    let (ok, out) = check_map(&[Path::new("/dev/zero")]);
    assert!(
        !ok && out.contains("/dev/zero: error: the map is a device"),
        "{out}"
    );
    // A texture and a tileset that are pipes.
    let texture = dir.join("wall.png");
    fifo(&texture);
    let map = dir.join("texture.map");
    let text = "name = t\n[legend]\n# = wall.png\n[grid]\n###\n#>#\n###\n";
    std::fs::write(&map, text).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("texture.map:3:5: error: cannot load texture"),
        "{out}"
    );
    assert!(out.contains("the texture is a named pipe"), "{out}");
    let tileset = dir.join("pipe.tsx");
    fifo(&tileset);
    let map = dir.join("tileset.tmx");
    std::fs::write(&map, tmx(4, 4, "pipe.tsx", "")).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("tileset.tmx: error: the tileset it uses does not load"),
        "{out}"
    );
    assert!(
        out.contains("pipe.tsx: the tileset is a named pipe"),
        "{out}"
    );
    let map = dir.join("zero.tmx");
    std::fs::write(&map, tmx(4, 4, "/dev/zero", "")).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok && out.contains("the tileset is a device"), "{out}");
}

#[test]
fn properties_nested_without_end_are_refused_at_their_line() {
    let dir = TempDir::new("hostile", "nested");
    let deep = 100_000;
    let mut objects = String::from("  <object id=\"2\" type=\"walker\" x=\"40\" y=\"40\">\n");
    for i in 0..deep {
        let _ = write!(
            objects,
            "<properties><property name=\"p{i}\" type=\"class\">"
        );
    }
    for _ in 0..deep {
        objects.push_str("</property></properties>");
    }
    objects.push_str("<point/></object>\n");
    let map = dir.join("nested.tmx");
    std::fs::write(&map, tmx(6, 6, &shipped_tileset(), &objects)).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok, "{out}");
    // Line 16 holds the nesting; the 33rd element open is one too deep.
    assert!(out.contains("nested.tmx:16:"), "{out}");
    assert!(
        out.contains("error: elements nested more than 32 deep"),
        "{out}"
    );
}

/// Runs `check-map` on `map` with the address space capped at `bytes`.
#[cfg(unix)]
fn check_map_within(map: &Path, bytes: u64) -> (bool, String) {
    let script = format!("ulimit -v {}; exec \"$0\" check-map \"$1\"", bytes >> 10);
    let out = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_wobblecaster")])
        .arg(map)
        .output()
        .unwrap();
    (out.status.success(), shown(&out))
}

#[cfg(unix)]
#[test]
fn pads_over_the_whole_map_cost_one_pass_over_it() {
    let dir = TempDir::new("hostile", "pads");
    let n = 1024;
    let span = n * 16;
    let mut objects = String::new();
    for id in 0..300 {
        let _ = writeln!(
            objects,
            "  <object id=\"{}\" type=\"pad\" x=\"0\" y=\"0\" width=\"{span}\" height=\"{span}\"/>",
            id + 2
        );
    }
    let map = dir.join("pads.tmx");
    std::fs::write(&map, tmx(n, n, &shipped_tileset(), &objects)).unwrap();
    // 300 pads of a million tiles each, listed tile by tile, took 5 GB.
    let (ok, out) = check_map_within(&map, 2 << 30);
    assert!(ok, "{out}");
    assert!(out.contains("1024x1024"), "{out}");
}

#[test]
fn a_million_tanks_are_refused_where_the_first_too_many_stands() {
    let dir = TempDir::new("hostile", "tanks");
    let n = 1000;
    let mut rows = vec!["#".repeat(n + 2)];
    rows.push(format!("#>{}#", ".".repeat(n - 1)));
    for _ in 0..n - 1 {
        rows.push(format!("#{}#", "t".repeat(n)));
    }
    rows.push("#".repeat(n + 2));
    let map = dir.join("tanks.map");
    std::fs::write(&map, text_map("", &rows)).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok, "{out}");
    // The 1025th tank: the second tank row's 25th tank, on line 10.
    assert!(
        out.contains("tanks.map:10:26: error: more than 1024 walkers and tanks"),
        "{out}"
    );
}

#[test]
fn a_file_of_faults_lists_a_hundred_and_stops() {
    let dir = TempDir::new("hostile", "junk");
    let map = dir.join("junk.map");
    let junk = "x\n".repeat(1 << 20);
    std::fs::write(&map, format!("name = junk\n{junk}")).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok);
    assert_eq!(
        out.lines().filter(|l| l.contains(": error: ")).count(),
        101,
        "{out}"
    );
    assert!(
        out.contains("junk.map:102:1: error: more than 100 faults; the rest are not listed"),
        "{out}"
    );
    // Blank lines in a grid that no row follows are not rows; a grid of
    // more rows than the largest map is refused at the row that is over.
    let mut rows: Vec<String> = vec!["###".into(), "#>#".into()];
    rows.extend(std::iter::repeat_n("#.#".to_string(), 1100));
    let map = dir.join("tall.map");
    std::fs::write(&map, text_map("", &rows) + &"\n".repeat(1 << 20)).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok);
    assert!(
        out.contains("tall.map:1031:1: error: the grid is larger than 1024x1024 tiles"),
        "{out}"
    );
}

#[test]
fn a_byte_order_mark_is_skipped_and_bytes_not_utf8_are_placed() {
    let dir = TempDir::new("hostile", "bom");
    let rows = ["###".to_string(), "#>#".to_string(), "###".to_string()];
    let map = dir.join("marked.map");
    std::fs::write(&map, format!("\u{feff}{}", text_map("", &rows))).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(ok, "{out}");
    let settings = dir.join("settings.toml");
    std::fs::write(&settings, "\u{feff}[video]\nfov = 100\n").unwrap();
    let loaded = wobblecaster::settings::Settings::load(&settings).unwrap();
    assert_eq!(loaded.video.fov_deg, 100.0);
    let map = dir.join("latin1.map");
    let mut bytes = text_map("", &rows).into_bytes();
    // "description = caf\xe9" as Latin-1 on line 2.
    let at = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    bytes.splice(at..at, b"description = caf\xe9\n".iter().copied());
    std::fs::write(&map, bytes).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok);
    assert!(
        out.contains("latin1.map:2:18: error: byte 0xe9 is not UTF-8 text; save the map as UTF-8"),
        "{out}"
    );
}

#[test]
fn tiled_attributes_that_are_not_numbers_are_placed_in_tileds_words() {
    let dir = TempDir::new("hostile", "attributes");
    let map = dir.join("width.tmx");
    let text = tmx(4, 4, &shipped_tileset(), "").replacen("width=\"4\"", "width=\"four\"", 1);
    std::fs::write(&map, text).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok);
    assert!(
        out.contains("width.tmx:2:1: error: attribute `width` of `<map>` must be a whole number"),
        "{out}"
    );
    let map = dir.join("object.tmx");
    let objects = "  <object id=\"2\" type=\"walker\" x=\"left\" y=\"24\"><point/></object>\n";
    std::fs::write(&map, tmx(4, 4, &shipped_tileset(), objects)).unwrap();
    let (ok, out) = check_map(&[&map]);
    assert!(!ok);
    assert!(
        out.contains(
            "object.tmx:13:3: error: attribute `x` of `<object>` must be a number, found `left`"
        ),
        "{out}"
    );
}

#[test]
fn a_script_of_lines_too_short_to_run_is_refused() {
    let dir = TempDir::new("hostile", "script");
    let script = dir.join("blink.txt");
    std::fs::write(&script, "0.0001 forward\n".repeat(100_000)).unwrap();
    let out = run(&["trace", "--script", script.to_str().unwrap()], LIMIT).unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("blink.txt:1:1: `0.0001` seconds is under half a tick"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no rows of a run that runs nothing");
}
