//! Tiled (`.tmx`) maps, read with the `tiled` crate into the same [`Map`]
//! a text map makes. The schema is in `maps/README.md`:
//!
//! - map properties `name`, `description`, `order`, `floor`, `ceiling`, `sky`,
//!   `wall_height`, `par`;
//! - tile layers `walls` (each tile's `texture` property names its wall
//!   texture), `floor` and `ceiling` (one texture each; an empty ceiling
//!   tile is open sky), `surface` (what the floor is made of: each tile's
//!   texture's material, `surface`);
//! - objects, in any object layer, whose class (or, without one, name) is
//!   `start`, `walker`, `tank`, `door`, `pad`, `key`, `health`, `fuel`,
//!   `checkpoint`, `finish`, `hint` or `exit`.
//!
//! Every fault names the layer and tile, or the object. Before the `tiled`
//! crate sees a file, a quick scan refuses what it would not bound: a huge
//! grid or tileset, compressed or infinite layers, and layer data of the
//! wrong length (which would make it index out of range).
//!
//! - `scan`: the check before the `tiled` crate parses a file.
//! - `reader`: the map's properties and tile layers.
//! - `objects`: the objects (start, enemies, doors, pads, pickups).
//! - `paths`: texture paths as seen from the map's folder.
//! - `surface`: the `surface` layer, what the floor is made of.

mod objects;
mod paths;
mod reader;
mod scan;
mod surface;
mod things;

use self::reader::Reader;
use self::scan::{scan, ScanFault};
use super::error::{MapError, MapErrorKind, MapErrors, Place};
use super::parse::Loader;
use super::Loaded;
use crate::data;
use crate::files::cap;
use crate::located::{Faults, Located};
use std::cell::RefCell;
use std::io::Cursor;
use std::path::Path;
use tiled::PropertyValue;

/// Parses Tiled map `text` as if read from `path`; tilesets load from
/// beside it (a missing one named as a shipped tileset is the shipped one),
/// textures are shipped names or load from beside it.
pub fn parse_tmx(text: &str, path: &Path) -> Result<Loaded, MapErrors> {
    let dir = path.parent().unwrap_or(Path::new(".")).to_owned();
    parse_tmx_with(text, path, &mut |name| data::map_texture(name, &dir))
}

/// Parses with a given texture loader (tests load no textures).
pub(super) fn parse_tmx_with(
    text: &str,
    path: &Path,
    loader: &mut Loader,
) -> Result<Loaded, MapErrors> {
    scan(text).map_err(|f| Faults::one(scan_fault(path, text, f)))?;
    let map_path = path.to_owned();
    // The map comes from `text`; tilesets and templates from their files,
    // each capped in size and scanned first. Their faults come back through
    // `found`, with their own file and place: the `tiled` crate passes on
    // only an I/O error.
    let found: RefCell<Option<MapError>> = RefCell::new(None);
    let reader = |p: &Path| -> std::io::Result<Cursor<Vec<u8>>> {
        if p == map_path {
            return Ok(Cursor::new(text.as_bytes().to_vec()));
        }
        let is_template = p.extension().is_some_and(|e| e.eq_ignore_ascii_case("tx"));
        let (what, cap) = match is_template {
            true => ("object template", cap::TEMPLATE),
            false => ("tileset", cap::TILESET),
        };
        let fault = |e: MapError| {
            let said = std::io::Error::other(e.to_string());
            let fault = Box::new(e);
            let uses = Located::whole(path, MapErrorKind::Uses { what, fault });
            found.replace(Some(uses));
            said
        };
        let p = &data::tileset_file(p);
        let bytes =
            data::read_bytes(p, what, cap).map_err(|e| fault(Located::whole(p, e.into())))?;
        let inner = String::from_utf8_lossy(&bytes);
        scan(&inner).map_err(|f| fault(scan_fault(p, &inner, f)))?;
        Ok(Cursor::new(bytes))
    };
    let tmx = tiled::Loader::with_reader(reader).load_tmx_map(path);
    let tmx = tmx.map_err(|e| match found.take() {
        Some(fault) => Faults::one(fault),
        None => Faults::one(Located::whole(path, MapErrorKind::TiledCrate(e))),
    })?;
    Reader::new(path, loader).read(&tmx)
}

/// The scan's fault `f` in `file` (whose text is `text`), at its line and
/// column.
fn scan_fault(file: &Path, text: &str, f: ScanFault) -> MapError {
    let at = Place::of_offset(text, f.at);
    Located::new(file, at, MapErrorKind::Tiled(f.message))
}

/// A fault in `file` at `at`.
fn error(file: &Path, at: Place, kind: MapErrorKind) -> MapError {
    Located::new(file, at, kind)
}

/// A number property (float or int).
fn number(v: &PropertyValue) -> Option<f64> {
    match v {
        // Tiled writes the decimal the author typed; the crate reads it as
        // an f32. Its shortest decimal form is what was typed (0.4, not
        // 0.4000000059604645), so a .tmx map and a text map agree.
        PropertyValue::FloatValue(f) => f.to_string().parse().ok().filter(|f: &f64| f.is_finite()),
        PropertyValue::IntValue(i) => Some(f64::from(*i)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Key, PickupKind, SpawnKind};
    use crate::texture::Texture;

    /// A Tiled map of `walls` rows (`#` wall, `.` floor) with an inline
    /// tileset, a ceiling layer leaving `open` tiles to the sky, and
    /// `objects` (object XML, positions in 16-pixel tiles).
    fn tmx(walls: &[&str], open: &[(usize, usize)], objects: &str) -> String {
        let (w, h) = (walls[0].len(), walls.len());
        let grid = |f: &dyn Fn(usize, usize) -> u8| {
            (0..h)
                .map(|y| {
                    (0..w)
                        .map(|x| f(x, y).to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect::<Vec<_>>()
                .join(",\n")
        };
        let wall_data = grid(&|x, y| u8::from(walls[y].as_bytes()[x] == b'#'));
        let ceiling = grid(&|x, y| if open.contains(&(x, y)) { 0 } else { 2 });
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" tilewidth="16" tileheight="16" infinite="0">
 <properties>
  <property name="name" value="test"/>
  <property name="sky" type="file" value="sky.png"/>
 </properties>
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="0">
  <tile id="0"><properties><property name="texture" type="file" value="wall.png"/></properties></tile>
  <tile id="1"><properties><property name="texture" type="file" value="roof.png"/></properties></tile>
 </tileset>
 <layer id="1" name="walls" width="{w}" height="{h}"><data encoding="csv">{wall_data}</data></layer>
 <layer id="2" name="ceiling" width="{w}" height="{h}"><data encoding="csv">{ceiling}</data></layer>
 <objectgroup id="3" name="things">{objects}</objectgroup>
</map>"#
        )
    }

    fn parse(text: &str) -> Result<Loaded, MapErrors> {
        let mut loaded = |_: &str| Ok(Texture::solid([9, 9, 9]));
        parse_tmx_with(text, Path::new("dir/t.tmx"), &mut loaded)
    }

    fn object(id: u32, class: &str, (x, y): (usize, usize), props: &str) -> String {
        let (px, py) = (x * 16 + 8, y * 16 + 8);
        format!(
            r#"<object id="{id}" type="{class}" x="{px}" y="{py}"><properties>{props}</properties><point/></object>"#
        )
    }

    const ROOMS: [&str; 5] = ["#######", "#.....#", "###.###", "#.....#", "#######"];

    #[test]
    fn layers_and_objects_make_the_same_map_a_text_map_would() {
        let objects = [
            object(1, "start", (1, 1), r#"<property name="facing" value="south"/>"#),
            object(
                2,
                "door",
                (3, 2),
                r#"<property name="texture" type="file" value="door.png"/><property name="locked" value="gold"/>"#,
            ),
            object(3, "key", (5, 1), r#"<property name="colour" value="gold"/>"#),
            object(4, "walker", (5, 3), r#"<property name="patrol" type="bool" value="true"/>"#),
            object(5, "tank", (1, 3), r#"<property name="half_width" type="float" value="0.4"/>"#),
            object(6, "fuel", (2, 3), ""),
        ]
        .concat();
        let map = parse(&tmx(&ROOMS, &[(1, 3), (2, 3)], &objects))
            .unwrap()
            .map;
        assert_eq!((map.width(), map.height()), (7, 5));
        assert_eq!((map.start.x, map.start.y), (1.5, 1.5));
        assert!((map.start.angle - std::f64::consts::FRAC_PI_2).abs() < 1e-9);
        assert!(map.is_wall(0, 0) && !map.is_wall(1, 1));
        assert_eq!(map.door_at(3, 2), Some(0));
        assert_eq!(map.doors[0].lock, Some(Key::Gold));
        assert_eq!(map.doors[0].axis, super::super::DoorAxis::EastWest);
        assert_eq!(map.pickups.len(), 2);
        assert_eq!(map.pickups[0].kind, PickupKind::Key(Key::Gold));
        assert_eq!(map.spawns.len(), 2);
        assert!(map
            .spawns
            .iter()
            .any(|s| s.kind == SpawnKind::Walker { patrol: true }));
        assert!(map
            .spawns
            .iter()
            .any(|s| s.kind == SpawnKind::Tank { half_width: 0.4 }));
        assert!(map.is_open_sky(1, 3) && map.is_open_sky(2, 3));
        assert!(!map.is_open_sky(1, 1) && !map.all_sky());
    }

    #[test]
    fn ammo_and_weapon_objects_lie_as_pickups_and_a_weapon_must_name_one() {
        let chain = r#"<property name="weapon" value="chaingun"/>"#;
        let objects = [
            object(1, "start", (1, 1), ""),
            object(2, "ammo", (4, 1), ""),
            object(3, "weapon", (5, 3), chain),
        ]
        .concat();
        let map = parse(&tmx(&ROOMS, &[], &objects)).unwrap().map;
        let kinds: Vec<_> = map.pickups.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            [
                PickupKind::Ammo,
                PickupKind::Weapon(crate::map::Weapon::ChainGun)
            ]
        );
        let bad = [
            object(1, "start", (1, 1), ""),
            object(
                2,
                "weapon",
                (4, 1),
                r#"<property name="weapon" value="bow"/>"#,
            ),
        ]
        .concat();
        let shown = parse(&tmx(&ROOMS, &[], &bad)).unwrap_err().to_string();
        assert!(shown.contains("object 2 at tile (4, 1)"), "{shown}");
        assert!(shown.contains("`bow` is not a weapon"), "{shown}");
    }

    #[test]
    fn push_wall_treasure_and_food_objects_and_a_stuck_push_wall() {
        let crown = r#"<property name="kind" value="crown"/>"#;
        let objects = [
            object(1, "start", (1, 1), ""),
            object(2, "pushwall", (2, 2), ""),
            object(3, "treasure", (4, 1), crown),
            object(4, "food", (5, 3), ""),
        ]
        .concat();
        let map = parse(&tmx(&ROOMS, &[], &objects)).unwrap().map;
        assert_eq!(map.pushwalls().len(), 1);
        assert_eq!(map.pushwall_at((2, 2)), Some(0));
        assert!(map.is_wall(2, 2), "a wall until pushed");
        let kinds: Vec<_> = map.pickups.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            [
                PickupKind::Treasure(crate::map::Treasure::Crown),
                PickupKind::Food
            ]
        );
        // On the grid's edge it has nowhere to go; on the floor it is no
        // wall; a treasure must say its kind.
        let bad = [
            object(1, "start", (1, 1), ""),
            object(2, "pushwall", (0, 1), ""),
            object(3, "pushwall", (2, 1), ""),
            object(4, "treasure", (4, 1), ""),
        ]
        .concat();
        let shown = parse(&tmx(&ROOMS, &[], &bad)).unwrap_err().to_string();
        assert!(shown.contains("object 3 at tile (2, 1)"), "{shown}");
        assert!(
            shown.contains("a push wall stands on a wall tile"),
            "{shown}"
        );
        assert!(shown.contains("treasure needs `kind`"), "{shown}");
        let stuck = [
            object(1, "start", (1, 1), ""),
            object(2, "pushwall", (0, 1), ""),
        ]
        .concat();
        let shown = parse(&tmx(&ROOMS, &[], &stuck)).unwrap_err().to_string();
        assert!(shown.contains("object 2 at tile (0, 1)"), "{shown}");
        assert!(shown.contains("this push wall cannot move"), "{shown}");
    }

    #[test]
    fn a_hint_object_covers_the_tiles_of_its_rectangle() {
        let hint = r#"<object id="2" type="hint" x="16" y="48" width="48" height="16"><properties><property name="text" value="Press {use}"/></properties></object>"#;
        let objects = [object(1, "start", (1, 1), ""), hint.to_string()].concat();
        let map = parse(&tmx(&ROOMS, &[], &objects)).unwrap().map;
        assert_eq!(map.hints.len(), 1);
        assert_eq!(map.hints[0].text, "Press {use}");
        for x in 1..=3 {
            assert_eq!(map.hint_index(x, 3), Some(0), "tile ({x}, 3)");
        }
        assert_eq!(map.hint_index(4, 3), None);
        assert_eq!(map.hint_index(1, 1), None);
        assert_eq!(map.order, None);
    }

    #[test]
    fn an_exit_object_covers_its_tiles_and_par_is_a_map_property() {
        let exit = r#"<object id="2" type="exit" x="16" y="48" width="32" height="16"/>"#;
        let objects = [object(1, "start", (1, 1), ""), exit.to_string()].concat();
        let par = r#"<property name="name" value="test"/>
  <property name="par" value="1:30"/>"#;
        let text =
            tmx(&ROOMS, &[], &objects).replace(r#"<property name="name" value="test"/>"#, par);
        let map = parse(&text).unwrap().map;
        let tiles: Vec<(i64, i64)> = map.exits.iter().map(|e| e.tile).collect();
        assert_eq!(tiles, [(1, 3), (2, 3)]);
        assert!(map.is_exit(2, 3) && !map.is_exit(3, 3));
        assert_eq!(map.exits[0].place, Place::Object { id: 2, x: 1, y: 3 });
        assert_eq!(map.par, Some(90));
        // A bad par and an exit over a wall are faults at their places.
        let wall = r#"<object id="3" type="exit" x="0" y="48" width="32" height="16"/>"#;
        let objects = [object(1, "start", (1, 1), ""), wall.to_string()].concat();
        let text = tmx(&ROOMS, &[], &objects).replace(
            "name=\"name\" value=\"test\"/>",
            "name=\"name\" value=\"test\"/><property name=\"par\" value=\"90\"/>",
        );
        let e = parse(&text).unwrap_err().to_string();
        assert!(e.contains("`90` is not a par time"), "{e}");
        assert!(
            e.contains("object 3 at tile (0, 3)") && e.contains("covers a wall"),
            "{e}"
        );
    }

    #[test]
    fn each_fault_names_its_object_or_tile() {
        let objects = [
            object(1, "start", (1, 1), ""),
            object(2, "walker", (0, 0), ""),
            object(
                3,
                "door",
                (5, 1),
                r#"<property name="texture" value="door.png"/>"#,
            ),
            object(4, "ghost", (4, 1), ""),
        ]
        .concat();
        let mut rows = ROOMS;
        rows[4] = "###.###";
        let e = parse(&tmx(&rows, &[], &objects)).unwrap_err().to_string();
        for want in [
            "dir/t.tmx: object 2 at tile (0, 0): this walker is on a wall",
            "dir/t.tmx: object 3 at tile (5, 1): this door is not between two walls",
            "dir/t.tmx: object 4 at tile (4, 1): unknown object class `ghost`",
            "dir/t.tmx: layer `walls`, tile (3, 4): the grid is not closed",
        ] {
            assert!(e.contains(want), "expected `{want}` in:\n{e}");
        }
    }

    #[test]
    fn the_scan_refuses_what_would_not_be_bounded() {
        let huge = tmx(&ROOMS, &[], "").replacen(r#"width="7""#, r#"width="100000""#, 1);
        assert!(parse(&huge).unwrap_err().to_string().contains("dir/t.tmx"));
        let short = tmx(&ROOMS, &[], "").replacen("1,1,1,1,1,1,1,", "1,1,", 1);
        assert!(parse(&short).is_err());
        // An element inside CSV data made the tiled crate index past its
        // tiles (found by the fuzz run).
        let inside = tmx(&ROOMS, &[], "").replacen("1,1,1,1,1,1,1,", "1,1,1<ellipse/>,1,1,1,1,", 1);
        assert!(parse(&inside)
            .unwrap_err()
            .to_string()
            .contains("inside layer data"));
        let too_few = tmx(&ROOMS, &[], "").replacen(
            r#"<data encoding="csv">"#,
            r#"<data><tile gid="1"/></data><data encoding="csv">"#,
            1,
        );
        assert!(parse(&too_few).is_err());
        let zipped = tmx(&ROOMS, &[], "").replacen(
            r#"encoding="csv""#,
            r#"encoding="base64" compression="zlib""#,
            1,
        );
        assert!(parse(&zipped).is_err());
        assert!(parse("<map").is_err());
        assert!(parse("").is_err());
    }
}
