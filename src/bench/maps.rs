//! Map loading at scale: a generated 256x256 map, in both formats, timed
//! from text to a ready [`crate::map::Map`] (parsing, texture decoding,
//! doors and the placement check that `check-map` runs).

use super::{time_ms, Figure};
use crate::map;
use crate::sim::actors::{placement_problems, EnemyTunables};
use std::fmt::Write as _;
use std::path::Path;

/// The side of the generated map, in tiles.
pub const BIG: usize = 256;
/// The side of a room in the generated map, walls included.
const ROOM: usize = 8;
/// Wall textures of the generated map, by legend character.
const WALLS: [(char, &str); 5] = [
    ('#', "brick_red.png"),
    ('S', "stone_grey.png"),
    ('W', "wood_panel.png"),
    ('M', "metal_plate.png"),
    ('O', "stone_moss.png"),
];

/// What a tile of the generated map holds.
#[derive(Clone, Copy, PartialEq)]
enum Tile {
    Floor,
    Wall(usize),
    Door,
    Start,
    Walker,
    Tank,
    Health,
}

/// A `size` x `size` grid of rooms: walls every [`ROOM`] tiles, each wall
/// segment with a door in its middle, a walker in every third room, a tank
/// in every seventh, first aid in every fifth; the start in the first.
fn grid(size: usize) -> Vec<Vec<Tile>> {
    let mut rows = vec![vec![Tile::Floor; size]; size];
    for (y, row) in rows.iter_mut().enumerate() {
        for (x, t) in row.iter_mut().enumerate() {
            let (on_x, on_y) = (
                x % ROOM == 0 || x + 1 == size,
                y % ROOM == 0 || y + 1 == size,
            );
            let edge = x == 0 || y == 0 || x + 1 == size || y + 1 == size;
            if on_x || on_y {
                let texture = (x / ROOM * 3 + y / ROOM * 5) % WALLS.len();
                *t = Tile::Wall(texture);
                // A door in the middle of each inner segment.
                let middle = ROOM / 2;
                let door = !edge
                    && ((on_x && !on_y && y % ROOM == middle)
                        || (on_y && !on_x && x % ROOM == middle));
                if door && x + ROOM / 2 < size && y + ROOM / 2 < size {
                    *t = Tile::Door;
                }
            } else if x % ROOM == 2 && y % ROOM == 2 {
                let room = x / ROOM + y / ROOM * (size / ROOM);
                *t = match room {
                    0 => Tile::Start,
                    r if r % 7 == 3 => Tile::Tank,
                    r if r % 3 == 1 => Tile::Walker,
                    r if r % 5 == 2 => Tile::Health,
                    _ => Tile::Floor,
                };
            }
        }
    }
    rows
}

/// The generated map as a text map naming textures in the same folder.
pub fn text_map(size: usize) -> String {
    let mut s = String::from(
        "name = Bench Rooms\nfloor = floor_tiles.png\nceiling = ceiling_panels.png\n[legend]\n",
    );
    for (c, file) in WALLS {
        let _ = writeln!(s, "{c} = {file}");
    }
    s.push_str("[actors]\nw = walker south patrol\nt = tank east\n[doors]\nD = door.png\n[pickups]\nh = health\n[grid]\n");
    for row in grid(size) {
        for t in row {
            s.push(match t {
                Tile::Floor => '.',
                Tile::Wall(i) => WALLS[i].0,
                Tile::Door => 'D',
                Tile::Start => '>',
                Tile::Walker => 'w',
                Tile::Tank => 't',
                Tile::Health => 'h',
            });
        }
        s.push('\n');
    }
    s
}

/// The generated map as a Tiled map with an inline tileset naming
/// textures in the same folder, and one object per door, enemy and item.
pub fn tmx_map(size: usize) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{size}" height="{size}" tilewidth="64" tileheight="64" infinite="0">
 <properties><property name="name" value="Bench Rooms"/><property name="floor" type="file" value="floor_tiles.png"/><property name="ceiling" type="file" value="ceiling_panels.png"/></properties>
 <tileset firstgid="1" name="walls" tilewidth="64" tileheight="64" tilecount="{}" columns="0">
"#,
        WALLS.len()
    );
    for (i, (_, file)) in WALLS.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"  <tile id="{i}"><properties><property name="texture" type="file" value="{file}"/></properties></tile>"#
        );
    }
    let _ = write!(
        s,
        " </tileset>\n <layer id=\"1\" name=\"walls\" width=\"{size}\" height=\"{size}\"><data encoding=\"csv\">\n"
    );
    let rows = grid(size);
    for (y, row) in rows.iter().enumerate() {
        for (x, t) in row.iter().enumerate() {
            let gid = match t {
                Tile::Wall(i) => i + 1,
                _ => 0,
            };
            let last = x + 1 == size && y + 1 == size;
            let _ = write!(s, "{gid}{}", if last { "" } else { "," });
        }
        s.push('\n');
    }
    s.push_str("</data></layer>\n <objectgroup id=\"2\" name=\"things\">\n");
    let mut id = 0;
    for (y, row) in rows.iter().enumerate() {
        for (x, t) in row.iter().enumerate() {
            let (class, props) = match t {
                Tile::Door => (
                    "door",
                    r#"<property name="texture" type="file" value="door.png"/>"#,
                ),
                Tile::Start => ("start", ""),
                Tile::Walker => (
                    "walker",
                    r#"<property name="facing" value="south"/><property name="patrol" type="bool" value="true"/>"#,
                ),
                Tile::Tank => ("tank", ""),
                Tile::Health => ("health", ""),
                Tile::Floor | Tile::Wall(_) => continue,
            };
            id += 1;
            let (px, py) = (x * 64 + 32, y * 64 + 32);
            let _ = writeln!(
                s,
                r#"  <object id="{id}" type="{class}" x="{px}" y="{py}"><properties>{props}</properties><point/></object>"#
            );
        }
    }
    s.push_str(" </objectgroup>\n</map>\n");
    s
}

/// Load times of the generated [`BIG`] map with the textures in `assets`:
/// text map and Tiled map from text to a `Map`, and `check-map`'s
/// placement check (reachability of every spawn and pickup).
pub fn run(assets: &Path) -> Vec<Figure> {
    let mut figures = Vec::new();
    let (text, tmx) = (text_map(BIG), tmx_map(BIG));
    let (text_path, tmx_path) = (assets.join("bench.map"), assets.join("bench.tmx"));
    let mut loaded = None;
    let t = time_ms(9, || loaded = map::parse(&text, &text_path).ok());
    figures.extend(t.rows(format!("map_load_{BIG}x{BIG}_ms"), "ms"));
    let t = time_ms(9, || {
        let _ = map::parse_tmx(&tmx, &tmx_path);
    });
    figures.extend(t.rows(format!("map_load_tmx_{BIG}x{BIG}_ms"), "ms"));
    if let Some(map) = loaded {
        let radius = EnemyTunables::default().walker.radius;
        let t = time_ms(9, || {
            let _ = placement_problems(&map.map, radius);
        });
        figures.extend(t.rows(format!("check_map_{BIG}x{BIG}_ms"), "ms"));
    }
    figures
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assets() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
    }

    #[test]
    fn the_generated_map_loads_the_same_in_both_formats_and_checks_clean() {
        let size = 64;
        let text = map::parse(&text_map(size), &assets().join("b.map"))
            .unwrap()
            .map;
        let tmx = map::parse_tmx(&tmx_map(size), &assets().join("b.tmx"))
            .unwrap()
            .map;
        assert_eq!((text.width(), text.height()), (size, size));
        for m in [&text, &tmx] {
            assert!(m.doors.len() > 50, "{}", m.doors.len());
            assert!(!m.spawns.is_empty() && !m.pickups.is_empty());
            let problems = placement_problems(m, EnemyTunables::default().walker.radius);
            assert!(
                problems.is_empty(),
                "{:?}",
                problems.first().map(|p| &p.message)
            );
        }
        assert_eq!(text.doors.len(), tmx.doors.len());
        assert_eq!(text.spawns.len(), tmx.spawns.len());
        assert_eq!(text.pickups.len(), tmx.pickups.len());
        for y in 0..size as i64 {
            for x in 0..size as i64 {
                assert_eq!(text.is_wall(x, y), tmx.is_wall(x, y), "({x}, {y})");
            }
        }
    }

    #[test]
    fn the_benchmark_map_is_the_size_it_says() {
        let figures = run(&assets());
        let names: Vec<&str> = figures.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "map_load_256x256_ms",
                "map_load_256x256_ms_min",
                "map_load_tmx_256x256_ms",
                "map_load_tmx_256x256_ms_min",
                "check_map_256x256_ms",
                "check_map_256x256_ms_min"
            ]
        );
        assert!(figures.iter().all(|f| f.value > 0.0));
    }
}
