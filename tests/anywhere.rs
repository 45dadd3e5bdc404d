//! The program run from a folder that is not the repository, as after
//! `cargo install --path .`: a copy of the binary in an empty folder, with
//! `HOME` and `XDG_DATA_HOME` in a scratch folder so no test touches the
//! real per-user folder. Every shipped map plays from the embedded data;
//! `./maps` and `./assets` in the working folder add the player's maps and
//! take nothing away; the golden recording replays to its hash.

mod common;

use common::temp::TempDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use wobblecaster::data;

/// An empty working folder holding a copy of the program, and a home of
/// its own.
struct Elsewhere {
    dir: TempDir,
    exe: PathBuf,
}

impl Elsewhere {
    fn new(test: &str) -> Self {
        let dir = TempDir::new("anywhere", test);
        let (cwd, home) = (dir.join("cwd"), dir.join("home"));
        std::fs::create_dir_all(&cwd).unwrap();
        std::fs::create_dir_all(&home).unwrap();
        let exe = cwd.join("wobblecaster");
        let built = Path::new(env!("CARGO_BIN_EXE_wobblecaster"));
        if std::fs::hard_link(built, &exe).is_err() {
            std::fs::copy(built, &exe).unwrap();
        }
        Self { dir, exe }
    }

    fn cwd(&self) -> PathBuf {
        self.dir.join("cwd")
    }

    /// The per-user data folder the program sees.
    fn user_dir(&self) -> PathBuf {
        self.dir.join("home/data/wobblecaster")
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(&self.exe)
            .args(args)
            .current_dir(self.cwd())
            .env("HOME", self.dir.join("home"))
            .env("XDG_DATA_HOME", self.dir.join("home/data"))
            .env("XDG_CONFIG_HOME", self.dir.join("home/config"))
            .output()
            .unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(out.status.success(), "{args:?}:\n{stdout}\n{stderr}");
        stdout.into_owned()
    }
}

fn shipped_names() -> Vec<String> {
    let maps = data::maps_in(&data::maps_dir());
    maps.iter().map(|p| data::short_name(p)).collect()
}

/// The text of the shipped default map, as a player would copy it.
fn default_map_text() -> String {
    std::fs::read_to_string(common::root().join(data::DEFAULT_MAP)).unwrap()
}

#[test]
fn every_shipped_map_renders_from_an_empty_folder() {
    let here = Elsewhere::new("shots");
    let names = shipped_names();
    assert!(names.len() >= 5, "{names:?}");
    for name in &names {
        let out = format!("{name}.png");
        here.ok(&["shot", "--size", "96x54", "--map", name, "--out", &out]);
        assert!(here.cwd().join(&out).is_file(), "{name}");
    }
    // No map named: the shipped default map.
    here.ok(&["shot", "--size", "96x54", "--out", "default-again.png"]);
}

#[test]
fn the_players_maps_are_listed_beside_the_shipped_ones_and_found_by_name() {
    let here = Elsewhere::new("listing");
    std::fs::create_dir_all(here.cwd().join("maps")).unwrap();
    let mine = default_map_text().replace("The Wobble Maze", "My Own Maze");
    std::fs::write(here.cwd().join("maps/mine.map"), &mine).unwrap();
    std::fs::create_dir_all(here.user_dir().join("maps")).unwrap();
    let theirs = default_map_text().replace("The Wobble Maze", "Kept In The Data Folder");
    std::fs::write(here.user_dir().join("maps/kept.map"), theirs).unwrap();
    let listing = here.ok(&["maps"]);
    for name in shipped_names() {
        let listed = listing
            .lines()
            .any(|l| l.split_whitespace().next() == Some(name.as_str()));
        assert!(listed, "{name} not listed:\n{listing}");
    }
    let marked = |name: &str, title: &str| {
        listing
            .lines()
            .any(|l| l.starts_with(&format!("{name} *")) && l.contains(title))
    };
    assert!(marked("mine", "My Own Maze"), "{listing}");
    assert!(marked("kept", "Kept In The Data Folder"), "{listing}");
    // A name is the player's map, from either folder.
    let checked = here.ok(&["check-map", "mine", "kept"]);
    assert!(checked.contains("My Own Maze") && checked.contains("Kept In The Data Folder"));
    here.ok(&[
        "shot", "--size", "96x54", "--map", "mine", "--out", "mine.png",
    ]);
}

#[test]
fn a_copy_of_a_shipped_map_passes_check_map_in_an_empty_folder() {
    let here = Elsewhere::new("copy");
    std::fs::write(here.cwd().join("default.map"), default_map_text()).unwrap();
    let out = here.ok(&["check-map", "default.map"]);
    assert!(out.contains("default.map: ok (The Wobble Maze"), "{out}");
    // An older copy naming its textures by path beside the repository's
    // assets folder loads the shipped textures where that folder is not.
    let older = default_map_text()
        .replace("= brick_red", "= ../assets/brick_red.png")
        .replace("= floor_tiles", "= ../assets/floor_tiles.png");
    assert_ne!(older, default_map_text());
    std::fs::write(here.cwd().join("older.map"), older).unwrap();
    here.ok(&["check-map", "older.map"]);
    // A copy of the Tiled map without the tileset beside it.
    let bunker = std::fs::read(common::root().join("maps/bunker.tmx")).unwrap();
    std::fs::write(here.cwd().join("bunker.tmx"), bunker).unwrap();
    here.ok(&["check-map", "bunker.tmx"]);
}

#[test]
fn folders_called_maps_and_assets_in_the_working_folder_replace_nothing() {
    let here = Elsewhere::new("shadows");
    std::fs::create_dir_all(here.cwd().join("assets/sprites")).unwrap();
    std::fs::write(here.cwd().join("assets/sprites/walker.png"), b"junk").unwrap();
    std::fs::write(here.cwd().join("assets/brick_red.png"), b"junk").unwrap();
    std::fs::create_dir_all(here.cwd().join("maps")).unwrap();
    std::fs::write(here.cwd().join("maps/mine.map"), default_map_text()).unwrap();
    here.ok(&[
        "shot",
        "--size",
        "96x54",
        "--map",
        "arena",
        "--out",
        "arena.png",
    ]);
    here.ok(&["shot", "--size", "96x54", "--out", "default.png"]);
    // A path is a file: one that is not there is refused, with the names.
    let out = here.run(&["shot", "--map", "maps/arena.map", "--out", "x.png"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no map `maps/arena.map`: no such file"),
        "{err}"
    );
    assert!(
        err.contains("arena") && err.contains("yours: mine"),
        "{err}"
    );
}

#[test]
fn the_golden_recording_replays_to_its_hash_from_anywhere() {
    let here = Elsewhere::new("replay");
    let golden = common::root().join("tests/golden/default.wrec");
    let text = std::fs::read_to_string(&golden).unwrap();
    let end = text.lines().find_map(|l| l.strip_prefix("end ")).unwrap();
    let want = end.split_whitespace().nth(1).unwrap();
    std::fs::copy(&golden, here.cwd().join("default.wrec")).unwrap();
    let out = here.ok(&["replay", "default.wrec", "--headless", "--hash"]);
    assert_eq!(out.trim(), want);
}
