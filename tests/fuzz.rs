//! Every parser on hostile bytes (see `common/fuzz.rs`): settings, scripts,
//! recordings, text maps, Tiled maps, textures and motion files never
//! panic, hang or run away with memory, and every fault names the file and
//! a place inside it.
//!
//! `cargo test --test fuzz` runs a few hundred cases a parser; the long run
//! is `PROPTEST_CASES=1000000 cargo test --release --test fuzz -- --nocapture`
//! (docs/reliability.md, Fuzzing).

mod common;

use common::alloc::Tracking;
use common::fuzz::{as_text, fuzz, seeds, Fault, Target};
use common::root;
use common::temp::TempDir;
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
                Err(e) => Err(e.0.iter().map(|e| Fault::at(e.at.line(), e.at.col(), e)).collect()),
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
                Err(e) => Err(vec![Fault::at(e.at.line(), e.at.col(), e)]),
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
                Err(e) => Err(vec![Fault::at(e.at.line(), e.at.col(), e)]),
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

/// A small Tiled map using every part of the schema (`maps/README.md`):
/// map properties, an embedded tileset whose tiles name textures, the
/// three tile layers (an empty ceiling tile is sky) and every object.
const TMX_SEED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="7" height="5" tilewidth="32" tileheight="32" infinite="0" nextlayerid="5" nextobjectid="9">
 <properties>
  <property name="name" value="Fuzz seed"/>
  <property name="wall_height" type="float" value="1.25"/>
  <property name="sky" type="file" value="../assets/sky_panorama.png"/>
 </properties>
 <tileset firstgid="1" name="textures" tilewidth="32" tileheight="32" tilecount="3" columns="0">
  <tile id="0"><properties><property name="texture" type="file" value="../assets/brick_red.png"/></properties></tile>
  <tile id="1"><properties><property name="texture" value="../assets/floor_tiles.png"/></properties></tile>
  <tile id="2"><properties><property name="texture" value="../assets/ceiling_panels.png"/></properties></tile>
 </tileset>
 <layer id="1" name="walls" width="7" height="5">
  <data encoding="csv">
1,1,1,1,1,1,1,
1,0,0,1,0,0,1,
1,0,0,0,0,0,1,
1,0,0,1,0,0,1,
1,1,1,1,1,1,1
</data>
 </layer>
 <layer id="2" name="floor" width="7" height="5">
  <data encoding="csv">
2,2,2,2,2,2,2,
2,2,2,2,2,2,2,
2,2,2,2,2,2,2,
2,2,2,2,2,2,2,
2,2,2,2,2,2,2
</data>
 </layer>
 <layer id="3" name="ceiling" width="7" height="5">
  <data encoding="csv">
3,3,3,3,3,3,3,
3,3,3,3,0,0,3,
3,3,3,3,0,0,3,
3,3,3,3,3,3,3,
3,3,3,3,3,3,3
</data>
 </layer>
 <objectgroup id="4" name="things">
  <object id="1" type="start" x="48" y="48"><properties><property name="facing" value="east"/></properties></object>
  <object id="2" type="walker" x="176" y="48"><properties><property name="patrol" type="bool" value="true"/></properties></object>
  <object id="3" type="tank" x="176" y="112"><properties><property name="half_width" type="float" value="0.3"/></properties></object>
  <object id="4" type="door" x="96" y="64" width="32" height="32"><properties><property name="texture" type="file" value="../assets/wood_panel.png"/><property name="locked" value="gold"/></properties></object>
  <object id="5" type="key" x="48" y="112"><properties><property name="colour" value="gold"/></properties></object>
  <object id="6" type="health" x="80" y="112"/>
  <object id="7" type="fuel" x="144" y="80"/>
  <object id="8" name="pad" x="160" y="64" width="32" height="32"/>
 </objectgroup>
</map>
"#;

#[test]
fn tiled_maps() {
    let file = root().join("maps/fuzzed.tmx");
    // Edits of a good map reach past the first checks.
    map::parse_tmx(TMX_SEED, &file).expect("the seed is a good map");
    let mut maps = vec![TMX_SEED.as_bytes().to_vec()];
    // A map with every kind of fault, and the shipped Tiled maps,
    // whichever there are.
    maps.push(std::fs::read(root().join("tests/maps/broken/objects.tmx")).unwrap());
    for entry in std::fs::read_dir(root().join("maps")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tmx") {
            maps.push(std::fs::read(path).unwrap());
        }
    }
    fuzz(Target {
        name: "tiled map",
        // Beside the shipped maps, so the tilesets and textures it names load.
        file,
        seeds: maps,
        tokens: &[
            "<",
            ">",
            "/>",
            "</",
            "=\"",
            "&amp;",
            "&#0;",
            "<![CDATA[",
            "]]>",
            "<map ",
            "<layer ",
            "<data encoding=\"csv\">",
            "<data encoding=\"base64\">",
            "compression=\"zlib\"",
            "infinite=\"1\"",
            "<chunk ",
            "<object ",
            "<objectgroup ",
            "<group>",
            "<imagelayer ",
            "<tileset ",
            "source=\"textures.tsx\"",
            "<tile ",
            "<property ",
            "type=\"",
            "name=\"",
            "value=\"",
            "width=\"",
            "height=\"",
            "firstgid=\"",
            "tilecount=\"",
            "gid=\"",
            "orientation=\"isometric\"",
            "walls",
            "floor",
            "ceiling",
            "start",
            "walker",
            "tank",
            "door",
            "pad",
            "key",
            "health",
            "fuel",
            "texture",
            "facing",
            "patrol",
            "half_width",
            "locked",
            "colour",
            "2147483648",
            "3221225473",
            "<ellipse/>",
            "<polygon points=\"0,0 1,1\"/>",
        ],
        parse: |bytes, file| {
            as_text(bytes, file, |text| match map::parse_tmx(text, file) {
                Ok(_) => Ok(()),
                // Tiled places are layers, tiles and objects, not lines:
                // those faults name the file and their place in words.
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
    let dir = TempDir::new("fuzz", "latin1");
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
}

/// A file one byte over the size bound is refused as too large, naming
/// the file.
#[test]
fn a_file_over_the_size_bound_is_refused() {
    let dir = TempDir::new("fuzz", "over-bound");
    let file = dir.join("huge.txt");
    // Sparse: no time or disk to write it. 16 MiB is the bound the error
    // names, written here apart from `files::cap::SCRIPT`.
    std::fs::File::create(&file)
        .unwrap()
        .set_len((16 << 20) + 1)
        .unwrap();
    let e = Script::load(&file).unwrap_err().to_string();
    assert!(e.contains("larger than 16 MiB"), "{e}");
    assert!(e.starts_with(&file.display().to_string()), "{e}");
}

/// A device that never ends is refused by what it is, before a byte is
/// read.
#[cfg(unix)]
#[test]
fn a_device_is_refused_unread() {
    let zero = Path::new("/dev/zero");
    if !zero.exists() {
        // Said aloud rather than passed quietly; the sparse file above
        // checks the bound itself.
        eprintln!("SKIPPED a_device_is_refused_unread: no /dev/zero here");
        return;
    }
    let e = Script::load(zero).unwrap_err();
    assert_eq!(
        e.to_string(),
        "/dev/zero: the script is a device, not a regular file"
    );
}

#[test]
fn motion_files() {
    use wobblecaster::feel::svc::motion::MotionFile;
    fuzz(Target {
        name: "motion file",
        file: root().join("fuzzed.csv"),
        seeds: vec![
            b"t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0.5,0,0,9.81\n0.01,0,0,0.5,0.2,0,9.81\n0.02,0.1,-0.2,0.5,0.2,1e-3,9.81\n".to_vec(),
        ],
        tokens: &[
            "t_s,wx,wy,wz,fx,fy,fz", ",", "\n", "\r\n", "0.01", "1e308", "-1e308", "NaN", "inf",
            "9.81", "0.001", "0.1", "-0",
        ],
        parse: |bytes, file| {
            as_text(bytes, file, |text| match MotionFile::parse(text, file) {
                Ok(_) => Ok(()),
                Err(e) => Err(vec![Fault::at(e.at.line(), e.at.col(), e)]),
            })
        },
    });
}
