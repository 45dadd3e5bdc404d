//! What `check-map` asks of where things stand: no enemy inside a wall,
//! nothing walled off from the player, locked doors that a key on the
//! map opens, a course whose finish can be walked to, and exits that can
//! be walked to.

use super::guard::GuardTunables;
use super::overlaps_wall;
use super::tank::BODY_PER_HALF_WIDTH;
use crate::map::{Key, Map, PickupKind, Place, SpawnKind};
use std::collections::VecDeque;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The map cannot be played as meant: `check-map` fails.
    Error,
    /// Probably a mistake, but the map plays.
    Warning,
}

/// One problem with where something stands.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementProblem {
    /// Where the map file puts the thing.
    pub place: Place,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
}

/// Every spawn whose body would overlap a wall where it stands, every
/// spawn and pickup no path joins to the player start (through doors, and
/// through locked ones only with a key found on the way), and every locked
/// door no reachable key opens, key no door needs, and checkpoint or
/// finish of the map's course no walk reaches (warnings).
pub fn placement_problems(map: &Map, walker_radius: f64) -> Vec<PlacementProblem> {
    let reach = Reach::of(map);
    let mut problems = Vec::new();
    let mut report = |place: Place, severity: Severity, message: String| {
        problems.push(PlacementProblem {
            place,
            severity,
            message,
        })
    };
    for s in &map.spawns {
        let (what, radius) = match s.kind {
            SpawnKind::Walker { .. } => ("walker", walker_radius),
            SpawnKind::Guard { .. } => ("guard", GuardTunables::default().radius),
            SpawnKind::Tank { half_width } => ("tank", half_width * BODY_PER_HALF_WIDTH),
        };
        if overlaps_wall(map, [s.x, s.y], radius) {
            report(
                s.place,
                Severity::Error,
                format!(
                    "this {what}'s body ({radius:.2} tiles in radius) is inside a wall: \
                     give it more room or a smaller half_width"
                ),
            );
        }
        let tile = Map::tile_of(s.x, s.y);
        if !reach.tile(map, tile) {
            let why = reach.why_not(map, tile);
            report(
                s.place,
                Severity::Error,
                format!("this {what} cannot be reached from the player start: {why}"),
            );
        }
    }
    for p in &map.pickups {
        let tile = Map::tile_of(p.x, p.y);
        if !reach.tile(map, tile) {
            let why = reach.why_not(map, tile);
            report(
                p.place,
                Severity::Error,
                format!(
                    "this {} cannot be reached from the player start: {why}",
                    p.kind.name()
                ),
            );
        }
    }
    let course = map.course.iter().flat_map(|c| c.checkpoints());
    let count = map.course.as_ref().map_or(0, |c| c.checkpoints().len());
    for (i, c) in course.enumerate() {
        let tile = Map::tile_of(c.at[0], c.at[1]);
        if !reach.tile(map, tile) {
            let what = match i + 1 == count {
                true => "the course's finish".to_string(),
                false => format!("checkpoint {}", i + 1),
            };
            let why = reach.why_not(map, tile);
            report(
                c.place,
                Severity::Warning,
                format!("{what} cannot be reached by walking from the player start: {why}"),
            );
        }
    }
    for (place, severity, message) in exit_problems(map, &reach) {
        report(place, severity, message);
    }
    for d in &map.doors {
        if let Some(key) = d.lock.filter(|k| reach.keys & k.bit() == 0) {
            report(
                d.place,
                Severity::Warning,
                format!(
                    "no {} key the player can reach opens this door: it never opens",
                    key.name()
                ),
            );
        }
    }
    for p in &map.pickups {
        if let PickupKind::Key(key) = p.kind {
            if !map.doors.iter().any(|d| d.lock == Some(key)) {
                report(
                    p.place,
                    Severity::Warning,
                    format!("no door is locked with the {} key", key.name()),
                );
            }
        }
    }
    problems
}

/// Each exit no walk from the start reaches, naming its tile and why: an
/// error when no exit is reachable (the level cannot be left), a warning
/// when another exit is.
fn exit_problems(map: &Map, reach: &Reach) -> Vec<(Place, Severity, String)> {
    let reached = |e: &crate::map::Exit| reach.tile(map, e.tile);
    let severity = match map.exits.iter().any(reached) {
        true => Severity::Warning,
        false => Severity::Error,
    };
    let unreached = map.exits.iter().filter(|e| !reached(e));
    let problem = |e: &crate::map::Exit| {
        let (x, y) = e.tile;
        let why = reach.why_not(map, e.tile);
        let message =
            format!("the exit at tile ({x}, {y}) cannot be reached from the player start: {why}");
        (e.place, severity, message)
    };
    unreached.map(problem).collect()
}

/// True if the map can be finished: its course has a finish, it has
/// enemies to clear, or it has an exit.
pub fn has_goal(map: &Map) -> bool {
    map.course.is_some() || !map.spawns.is_empty() || !map.exits.is_empty()
}

/// The tiles the player can walk to from the start, and the keys found
/// on the way.
struct Reach {
    tiles: Vec<bool>,
    keys: u8,
}

impl Reach {
    /// A flood from the start over open floor, doors and push walls,
    /// opening locked doors as their keys are found, until nothing more is
    /// reached.
    fn of(map: &Map) -> Self {
        Self::holding(map, 0)
    }

    /// Why `tile`, which this reach misses, cannot be reached: behind a
    /// door locked with a key the player cannot reach (named when one such
    /// key would open the way), or closed off by walls.
    fn why_not(&self, map: &Map, tile: (i64, i64)) -> String {
        let missing: Vec<Key> = Key::ALL
            .into_iter()
            .filter(|k| self.keys & k.bit() == 0)
            .filter(|k| map.doors.iter().any(|d| d.lock == Some(*k)))
            .collect();
        let opens = |keys: u8| Self::holding(map, self.keys | keys).tile(map, tile);
        if let Some(k) = missing.iter().find(|k| opens(k.bit())) {
            let key = k.name();
            return format!(
                "it is behind a door locked with the {key} key, and no {key} key the player can reach"
            );
        }
        let all = missing.iter().fold(0, |bits, k| bits | k.bit());
        if !missing.is_empty() && opens(all) {
            return "it is behind doors locked with keys the player cannot reach".into();
        }
        "walls close it off".into()
    }

    /// [`Reach::of`] for a player who holds `keys` from the start.
    fn holding(map: &Map, keys: u8) -> Self {
        let (w, h) = (map.width(), map.height());
        let mut reach = Reach {
            tiles: vec![false; w * h],
            keys,
        };
        let start = Map::tile_of(map.start.x, map.start.y);
        loop {
            let keys_before = reach.keys;
            reach.tiles.fill(false);
            let mut queue = VecDeque::from([start]);
            while let Some((x, y)) = queue.pop_front() {
                if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
                    continue;
                }
                let i = y as usize * w + x as usize;
                // A push wall slides out of the way when used.
                let wall = map.is_wall(x, y) && map.pushwall_at((x, y)).is_none();
                if reach.tiles[i] || wall {
                    continue;
                }
                let locked = map
                    .door_at(x, y)
                    .and_then(|d| map.doors[d].lock)
                    .is_some_and(|k: Key| reach.keys & k.bit() == 0);
                if locked {
                    continue;
                }
                reach.tiles[i] = true;
                queue.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
            }
            for p in &map.pickups {
                if let PickupKind::Key(k) = p.kind {
                    if reach.tile(map, Map::tile_of(p.x, p.y)) {
                        reach.keys |= k.bit();
                    }
                }
            }
            if reach.keys == keys_before {
                return reach;
            }
        }
    }

    fn tile(&self, map: &Map, (x, y): (i64, i64)) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < map.width()
            && (y as usize) < map.height()
            && self.tiles[y as usize * map.width() + x as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(problems: &[PlacementProblem]) -> Vec<usize> {
        problems.iter().map(|p| p.place.line()).collect()
    }

    #[test]
    fn a_walled_off_spawn_and_a_tank_too_big_for_its_corridor_are_reported() {
        let mut map = Map::from_rows(&["#########", "#>..t#w.#", "#########"]);
        // Too wide for a one-tile corridor: a hull of radius 0.78.
        map.spawns[0].kind = SpawnKind::Tank { half_width: 0.6 };
        let problems = placement_problems(&map, 0.28);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[0].message.contains("inside a wall"),
            "{problems:?}"
        );
        assert!(
            problems[1].message.contains("cannot be reached"),
            "{problems:?}"
        );
        assert_eq!(problems[0].place, Place::Text { line: 15, col: 5 });
        assert_eq!(problems[1].place, Place::Text { line: 15, col: 7 });
        assert!(problems.iter().all(|p| p.severity == Severity::Error));
    }

    #[test]
    fn the_shipped_kind_of_spawn_passes() {
        let map = Map::from_rows(&["#######", "#>....#", "#..w..#", "#######"]);
        assert!(placement_problems(&map, 0.28).is_empty());
    }

    #[test]
    fn a_key_behind_its_own_door_leaves_the_room_beyond_unreachable() {
        // G is a gold door; k the gold key, first outside it, then behind it.
        let reachable = Map::from_rows(&["#######", "#>k#w.#", "#..G..#", "#######"]);
        assert!(placement_problems(&reachable, 0.28).is_empty());
        let locked_in = Map::from_rows(&["#######", "#>.#wk#", "#..G..#", "#######"]);
        let problems = placement_problems(&locked_in, 0.28);
        assert_eq!(lines(&problems), vec![15, 15, 16], "{problems:?}");
        let severities: Vec<Severity> = problems.iter().map(|p| p.severity).collect();
        assert_eq!(
            severities,
            vec![Severity::Error, Severity::Error, Severity::Warning]
        );
        assert!(problems[2].message.contains("never opens"));
    }

    #[test]
    fn a_finish_behind_walls_is_a_warning() {
        let mut map = Map::from_rows(&["#######", "#>.#..#", "#######"]);
        let mark = |x: f64, number| crate::map::course::Mark {
            number,
            at: [x, 1.5],
            radius: 1.0,
            place: Place::Text { line: 1, col: 1 },
        };
        let marks = [mark(2.5, Some(1)), mark(5.5, None)];
        map.course = crate::map::Course::from_marks(&marks).unwrap();
        let problems = placement_problems(&map, 0.28);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].severity, Severity::Warning);
        assert!(problems[0]
            .message
            .starts_with("the course's finish cannot be reached"));
    }

    #[test]
    fn a_map_has_a_goal_with_a_course_or_enemies() {
        let bare = Map::from_rows(&["#####", "#>..#", "#####"]);
        assert!(!has_goal(&bare));
        assert!(has_goal(&Map::from_rows(&["#####", "#>.w#", "#####"])));
        let mut course = bare;
        let finish = crate::map::course::Mark {
            number: None,
            at: [3.5, 1.5],
            radius: 1.0,
            place: Place::Text { line: 1, col: 1 },
        };
        course.course = crate::map::Course::from_marks(&[finish]).unwrap();
        assert!(has_goal(&course));
    }

    #[test]
    fn a_key_that_opens_nothing_is_a_warning() {
        let map = Map::from_rows(&["#####", "#>k.#", "#####"]);
        let problems = placement_problems(&map, 0.28);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].severity, Severity::Warning);
        assert!(problems[0].message.contains("no door is locked"));
    }
}
