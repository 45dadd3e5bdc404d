//! The episode's levels as a level designer promises them (maps/README.md,
//! "How the episode's levels are built"): each ends at a lift a player can
//! see, with a par, music and a place in the play order; and a dug-in tank
//! (the blockade's, the keep's vault's) stops anyone on foot but not a
//! jetpack flier, so the blockade needs the jetpack.

mod common;

use common::root;
use std::path::{Path, PathBuf};
use wobblecaster::map::episode::Episode;
use wobblecaster::map::{self, Map, SpawnKind};
use wobblecaster::script::Script;
use wobblecaster::sim::{Controls, Difficulty, Tunables, World};
use wobblecaster::texture::Texture;

/// The episode's levels, in play order.
const EPISODE: [&str; 7] = [
    "tutorial.map",
    "default.map",
    "bunker.tmx",
    "vault.map",
    "depot.map",
    "blockade.map",
    "keep.map",
];

fn shipped(file: &str) -> PathBuf {
    root().join("maps").join(file)
}

/// The walls beside tile (x, y), east, west, south and north.
fn beside(map: &Map, (x, y): (i64, i64)) -> [u8; 4] {
    [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| map.cell(x + dx, y + dy))
}

#[test]
fn every_level_of_the_episode_ends_at_a_lift_under_its_exit_sign() {
    let sign = Texture::load(&root().join("assets/exit_sign.png")).unwrap();
    let mut orders = Vec::new();
    for file in EPISODE {
        let loaded = map::load(&shipped(file)).unwrap();
        let (m, art) = (&loaded.map, &loaded.art);
        assert!(!m.exits.is_empty(), "{file}: no exit");
        assert!(m.par.is_some(), "{file}: no par");
        assert!(m.music.is_some(), "{file}: no music");
        orders.push(m.order.expect("an order"));
        // A wall with the exit sign stands beside an exit tile, facing it.
        let signed = m.exits.iter().any(|e| {
            beside(m, e.tile)
                .iter()
                .any(|&c| c != 0 && c != map::DOOR && art.walls[c as usize - 1] == sign)
        });
        assert!(signed, "{file}: no exit sign beside an exit");
    }
    let mut sorted = orders.clone();
    sorted.sort();
    assert_eq!(orders, sorted, "the play order is the episode's");
}

#[test]
fn the_episode_file_plays_these_levels_at_their_own_pars() {
    let episode = Episode::load(&root().join("maps/episode.toml")).unwrap();
    let files: Vec<String> = episode
        .maps
        .iter()
        .map(|m| m.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files, EPISODE);
    for (entry, file) in episode.maps.iter().zip(EPISODE) {
        let own = map::load(&shipped(file)).unwrap().map.par;
        assert_eq!(
            entry.par, own,
            "{file}: the episode's par and the map's own differ"
        );
    }
}

/// A world on `file` at `easy` (the enemies' shells hurt least), the
/// player started at (x, y) facing `angle` radians.
fn world_at(file: &str, at: (f64, f64), angle: f64) -> World {
    world_on(file, at, angle, |_| {})
}

/// As [`world_at`], the map edited by `edit` first.
fn world_on(file: &str, (x, y): (f64, f64), angle: f64, edit: impl FnOnce(&mut Map)) -> World {
    let mut m = map::load(&shipped(file)).unwrap().map;
    (m.start.x, m.start.y, m.start.angle) = (x, y, angle);
    edit(&mut m);
    World::at_difficulty(m, Tunables::default(), Difficulty::Easy, 3)
}

/// Steps `world` through `ticks`, returning the farthest the player got
/// along `axis` (0 for x, 1 for y), scaled by `sign` (1 east or south,
/// -1 west or north).
fn farthest(
    world: &mut World,
    ticks: impl Iterator<Item = Controls>,
    axis: usize,
    sign: f64,
) -> f64 {
    let mut best = f64::MIN;
    for c in ticks {
        world.step(&c);
        let p = world.player();
        best = best.max(sign * [p.x, p.y][axis]);
    }
    best
}

fn walk(seconds: f64) -> impl Iterator<Item = Controls> {
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    std::iter::repeat_n(forward, (seconds * 120.0) as usize)
}

/// Take off, climb to about a tile and a half, tilt forward while
/// hovering, then brake and land: the flight over a pit.
const FLY_OVER: &str = "0.1 jetpack+thrust
0.6 thrust
0.8 hover+brake
6 hover+pointer=0,0.35
2 hover+brake
3 brake
";

/// Walks east from `from` on `file` for twelve seconds, the pit's tank
/// (at x = `tank`, on the walk's row) the map's only enemy, and asserts
/// that its hull stopped the walker alive; and that the same walk with no
/// enemies at all gets past the pit, so it was the tank that stopped it.
/// (The keep's guards shoot a walker dead in the throne hall, which would
/// stop the walk short of the hull too.)
fn assert_tank_stops_a_walker(file: &str, from: (f64, f64), tank: f64) {
    let pit_tank_alone = |m: &mut Map| {
        m.spawns.retain(|s| {
            matches!(s.kind, SpawnKind::Tank { .. })
                && (s.x - tank).abs() < 1.0
                && (s.y - from.1).abs() < 1.0
        });
        assert_eq!(m.spawns.len(), 1, "{file}: no tank at x = {tank}");
    };
    let mut on_foot = world_on(file, from, 0.0, pit_tank_alone);
    let reached = farthest(&mut on_foot, walk(12.0), 0, 1.0);
    assert!(
        on_foot.combat().alive(),
        "{file}: shot dead on the way, at x = {reached}"
    );
    // The hull (1.3) and the player (0.3) keep them 1.6 apart.
    assert!(reached < tank - 1.3, "{file}: walked to x = {reached}");
    let mut control = world_on(file, from, 0.0, |m| m.spawns.clear());
    let reached = farthest(&mut control, walk(12.0), 0, 1.0);
    assert!(
        reached > tank + 1.6,
        "{file}: with no tank the walk stopped at x = {reached}"
    );
}

#[test]
fn the_blockade_s_first_tank_stops_a_walker_and_not_a_flier() {
    // From the start yard, level with the gap into the first pit
    // (tiles 17 to 19 across, the tank at its centre, x = 18.5), facing
    // east along it.
    let from = (12.5, 17.5);
    assert_tank_stops_a_walker("blockade.map", from, 18.5);
    let script = Script::parse(FLY_OVER, Path::new("fly_over.txt")).unwrap();
    let mut flying = world_at("blockade.map", from, 0.0);
    let reached = farthest(&mut flying, script.ticks(), 0, 1.0);
    assert!(reached > 18.5 + 1.3 + 0.3, "flew to x = {reached}");
}

#[test]
fn the_keep_s_vault_is_shut_to_a_walker_by_its_dug_in_tank() {
    // From the throne hall, level with the gap east to the vault's pit
    // (tiles 35 to 37 across, the tank at x = 36.5).
    assert_tank_stops_a_walker("keep.map", (30.5, 5.5), 36.5);
}

/// The four levels that were played before they had lifts, as they were
/// then (commit 87bd689): `.` open floor, `D` a door, `#` wall. A recording
/// names its map by path alone, so a lift added later must leave every
/// open tile open and put its exit where no recording could have walked.
#[rustfmt::skip]
const BEFORE_LIFTS: [(&str, &[&str]); 4] = [
    ("tutorial.map", &[
    "################################",
    "#............###################",
    "#............###################",
    "#...........................####",
    "#...........................####",
    "#...........................####",
    "#............############...####",
    "#............############...####",
    "#............############...####",
    "#########################...####",
    "#########################...####",
    "#########################...####",
    "##########################D#####",
    "#############..................#",
    "#############........#.........#",
    "#############..................#",
    "#############..................#",
    "#############.....#............#",
    "#############..................#",
    "################################",
    ]),
    ("default.map", &[
    "########################################",
    "########################################",
    "##............##........##............##",
    "##.##########.##........##............##",
    "##.##########.##...##...##............##",
    "##.##.......#.##........##............##",
    "##.##.#####.#.##........##...#....#...##",
    "##.##.#######....##..#####............##",
    "##.##.##.##.#.##........##............##",
    "##.##.##.##.#.##......................##",
    "##.##.##.##.#.##........##............##",
    "##....##.##.#.##........##............##",
    "##.##.##.##.#.#####.######....####....##",
    "##.##.##.##.#.#####.######............##",
    "##.##.##.##.#.##........##............##",
    "##.##.##.##.#.##........##............##",
    "##.##.##.##.#.##........##............##",
    "##.##.##....#.##........##............##",
    "##.##.#####.#....#.#######...#....#...##",
    "##.##.#####.#.##........##............##",
    "##.##.......#.##........##............##",
    "##.##########.##...#..................##",
    "##.##########.##........##............##",
    "##............##........##............##",
    "########################################",
    "########################################",
    ]),
    ("bunker.tmx", &[
    "##########################",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "#......D.........D.......#",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "###D########D#########D###",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "#......#.........#####D###",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "#......#.........#.......#",
    "##########################",
    ]),
    ("vault.map", &[
    "##########################",
    "#.......#.........#......#",
    "#.......#.........#......#",
    "#.......D.........D......#",
    "#.......#.........#......#",
    "#.......#.........#......#",
    "############D#########D###",
    "#.......#.........#......#",
    "#.......#.........#......#",
    "#.......#.........#......#",
    "#########.........#......#",
    "#########.........########",
    "#.......#.........#......#",
    "#.......D.........#......#",
    "#.......#.........#......#",
    "##########################",
    ]),
];

#[test]
fn the_lifts_left_every_tile_a_recording_could_walk_on_as_it_was() {
    for (file, rows) in BEFORE_LIFTS {
        let m = map::load(&shipped(file)).unwrap().map;
        for (y, row) in rows.iter().enumerate() {
            for (x, before) in row.chars().enumerate() {
                let tile = (x as i64, y as i64);
                let now = match m.cell(tile.0, tile.1) {
                    0 => '.',
                    map::DOOR => 'D',
                    _ => '#',
                };
                if before != '#' {
                    assert_eq!(now, before, "{file}: tile {tile:?} was {before}, is {now}");
                }
                let exit = m.exits.iter().any(|e| e.tile == tile);
                assert!(
                    !(exit && before != '#'),
                    "{file}: the exit {tile:?} was open"
                );
            }
        }
    }
}
