//! Every parser on hostile bytes (see `common/fuzz.rs`): settings, scripts,
//! recordings, text maps and textures never panic, hang or run away with
//! memory, and every fault names the file and a place inside it.
//!
//! `cargo test --test fuzz` runs a few hundred cases a parser; the long run
//! is `PROPTEST_CASES=1000000 cargo test --release --test fuzz -- --nocapture`
//! (README, Reliability).

mod common;

use common::alloc::Tracking;
use common::fuzz::{as_text, fuzz, seeds, Fault, Target};
use common::root;
use std::path::Path;
use wobblecaster::map;
use wobblecaster::record::Recording;
use wobblecaster::script::Script;
use wobblecaster::settings::Settings;
use wobblecaster::texture::Texture;

#[global_allocator]
static GLOBAL: Tracking = Tracking;

#[test]
fn settings_files() {
    fuzz(Target {
        name: "settings",
        file: root().join("fuzzed.toml"),
        seeds: vec![
            Settings::defaults_text().into_bytes(),
            b"[video]\nsize = \"640x360\"\n[bindings]\nforward = [\"KeyW\", \"Pad:DPadUp\", \"Mouse:Left\"]\nfire = \"Pad:RightTrigger\"\n".to_vec(),
        ],
        tokens: &[
            "[", "]", "[[", "]]", "{", "}", "=", "\"\"\"", "'''", "[video]", "[bindings]",
            "[polar]", "[jetpack]", "size", "fov", "\"0x0\"", "\"99999x99999\"", "true",
            "Pad:", "Mouse:", "Key", "1979-05-27T07:32:00Z", "0x7fffffff", "1_000",
        ],
        parse: |bytes, file| {
            as_text(bytes, file, |text| match Settings::parse(text, file) {
                Ok(_) => Ok(()),
                Err(e) => Err(e.errors.iter().map(|e| Fault::at(e.line, e.col, e)).collect()),
            })
        },
    });
}

#[test]
fn scripts() {
    let mut scripts = seeds(&[
        "maneuvers/turn_90.txt",
        "maneuvers/slalom.txt",
        "maneuvers/spin_release.txt",
    ]);
    scripts.push(
        b"0.5 jetpack+hover\n1 hover+pointer=0,0.3\n0.5 thrust+pointer=-1,1\n1 brake+fire\n"
            .to_vec(),
    );
    fuzz(Target {
        name: "script",
        file: root().join("fuzzed.txt"),
        seeds: scripts,
        tokens: &[
            "forward",
            "back",
            "turn-left",
            "strafe-right",
            "fire",
            "jetpack",
            "thrust",
            "hover",
            "brake",
            "none",
            "pointer=",
            "pointer=1,1",
            ",",
            "86400",
            "86401",
            "0.0001",
        ],
        parse: |bytes, file| {
            as_text(bytes, file, |text| match Script::parse(text, file) {
                Ok(_) => Ok(()),
                Err(e) => Err(vec![Fault::at(e.line, e.col, e)]),
            })
        },
    });
}

#[test]
fn recordings() {
    fuzz(Target {
        name: "recording",
        file: root().join("fuzzed.wrec"),
        seeds: seeds(&["tests/golden/default.wrec"]),
        tokens: &[
            "wobblecaster-recording 1\n",
            "---\n",
            "hash ",
            "end ",
            "* ",
            "model=quake",
            "coupling=heading",
            "restart",
            "jetpack",
            "look=",
            "pointer=",
            "fire",
            "thrust",
            "hover",
            "brake",
            "seed = ",
            "tick_rate = 120",
            "map = ",
            "max_speed = ",
            "ffffffffffffffff",
            "4294967295* 1 0 0\n",
        ],
        parse: |bytes, file| {
            as_text(bytes, file, |text| match Recording::parse(text, file) {
                Ok(_) => Ok(()),
                Err(e) => Err(vec![Fault::at(e.line, e.col, e)]),
            })
        },
    });
}

#[test]
fn text_maps() {
    fuzz(Target {
        name: "text map",
        // Beside the shipped maps, so the textures an edited map names load.
        file: root().join("maps/fuzzed.map"),
        seeds: seeds(&[
            "maps/default.map",
            "maps/arena.map",
            "maps/hangar.map",
            "tests/maps/broken/pickups.map",
            "tests/maps/broken/sky.map",
        ]),
        tokens: &[
            "[legend]\n",
            "[actors]\n",
            "[doors]\n",
            "[pickups]\n",
            "[grid]\n",
            "[sky]\n",
            "D = ../assets/door.png locked=gold\n",
            "k = key gold\n",
            "h = health\n",
            "*",
            "description = ",
            "name = ",
            "floor = ",
            "sky = ",
            "wall_height = ",
            "#2c2a33",
            "../assets/brick_red.png",
            "walker",
            "tank",
            "half_width=",
            "patrol",
            ">",
            "<",
            "^",
            "v",
            "_",
            "=",
            "#####\n",
        ],
        parse: |bytes, file| {
            as_text(bytes, file, |text| match map::parse(text, file) {
                Ok(_) => Ok(()),
                Err(e) => Err(e
                    .0
                    .iter()
                    .map(|e| Fault::at(e.at.line(), e.at.col(), e))
                    .collect()),
            })
        },
    });
}

#[test]
fn textures() {
    fuzz(Target {
        name: "texture",
        file: root().join("assets/fuzzed.png"),
        seeds: seeds(&["assets/brick_red.png", "assets/wood_panel.png"]),
        tokens: &[
            "IHDR",
            "IDAT",
            "IEND",
            "PLTE",
            "tRNS",
            "\u{7f}\u{7f}\u{7f}\u{7f}",
        ],
        parse: |bytes, file| match Texture::decode(file, bytes) {
            Ok(_) => Ok(()),
            Err(e) => Err(vec![Fault::at(0, 0, e)]),
        },
    });
}

/// A file that is not UTF-8 is a fault at the first bad byte, naming the
/// file, from every loader of text.
#[test]
fn files_that_are_not_utf8_are_located() {
    let dir = std::env::temp_dir().join(format!("wobble-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("latin1.txt");
    std::fs::write(&file, b"# caf\xe9\n1 forward\n").unwrap();
    let place = format!("{}:1:6: byte 0xe9 is not UTF-8 text", file.display());
    let shown = [
        Settings::load(&file).unwrap_err().to_string(),
        Script::load(&file).unwrap_err().to_string(),
        Recording::load(&file).unwrap_err().to_string(),
    ];
    for s in &shown {
        assert!(s.starts_with(&place), "{s}");
    }
    // The map loader names the file.
    let e = map::load(&file).unwrap_err().to_string();
    assert!(e.starts_with(&file.display().to_string()), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Reading a device that never ends stops at the size bound.
#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_at_the_size_bound() {
    let zero = Path::new("/dev/zero");
    if !zero.exists() {
        return;
    }
    let e = Script::load(zero).unwrap_err();
    assert!(e.to_string().contains("larger than 64 MiB"), "{e}");
}

#[test]
fn tiled_maps() {
    fuzz(Target {
        name: "tiled map",
        // Beside the shipped maps, so the shipped tileset and textures load.
        file: root().join("maps/fuzzed.tmx"),
        seeds: seeds(&["maps/bunker.tmx", "tests/maps/broken/objects.tmx"]),
        tokens: &[
            "<",
            "/>",
            ">",
            "\"",
            "<layer name=\"walls\" width=\"4\" height=\"4\">",
            "</layer>",
            "<data encoding=\"csv\">",
            "encoding=\"base64\"",
            "compression=\"zlib\"",
            "<object id=\"99\" type=\"door\" x=\"96\" y=\"96\">",
            "type=\"walker\"",
            "type=\"key\"",
            "<property name=\"texture\" type=\"file\" value=\"",
            "<property name=\"half_width\" type=\"float\" value=\"",
            "<tileset firstgid=\"1\" source=\"",
            "width=\"",
            "height=\"",
            "tilecount=\"",
            "infinite=\"1\"",
            "4294967295",
            "-1",
            "0,",
            "1,",
            "&amp;",
            "<![CDATA[",
        ],
        parse: |bytes, file| {
            as_text(bytes, file, |text| match map::parse_tmx(text, file) {
                Ok(_) => Ok(()),
                Err(e) => Err(e
                    .0
                    .iter()
                    .map(|e| Fault::at(e.at.line(), e.at.col(), e))
                    .collect()),
            })
        },
    });
}
