//! What `check-map` asks of enemy spawns: none inside a wall, none walled
//! off from the player.

use super::overlaps_wall;
use super::tank::BODY_PER_HALF_WIDTH;
use crate::map::{Map, SpawnKind};
use crate::sim::flow::FlowField;

/// One spawn fault: the marker's line and column, and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct SpawnProblem {
    /// The marker's line in the map file, from 1.
    pub line: usize,
    /// The marker's column, from 1.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

/// Every spawn of `map` whose body would overlap a wall where it stands,
/// or that no path over open floor joins to the player start.
pub fn spawn_problems(map: &Map, walker_radius: f64) -> Vec<SpawnProblem> {
    let mut flow = FlowField::new();
    flow.rebuild(map, Map::tile_of(map.start.x, map.start.y), 0.0);
    let mut problems = Vec::new();
    for s in &map.spawns {
        let (what, radius) = match s.kind {
            SpawnKind::Walker { .. } => ("walker", walker_radius),
            SpawnKind::Tank { half_width } => ("tank", half_width * BODY_PER_HALF_WIDTH),
        };
        let mut report = |message: String| {
            problems.push(SpawnProblem {
                line: s.line,
                col: s.col,
                message,
            })
        };
        if overlaps_wall(map, [s.x, s.y], radius) {
            report(format!(
                "this {what}'s body ({radius:.2} tiles in radius) is inside a wall: \
                 give it more room or a smaller half_width"
            ));
        }
        if flow.distance(Map::tile_of(s.x, s.y)).is_none() {
            report(format!(
                "this {what} cannot be reached from the player start: walls close it off"
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walled_off_spawn_and_a_tank_too_big_for_its_corridor_are_reported() {
        let mut map = Map::from_rows(&["#########", "#>..t#w.#", "#########"]);
        // Too wide for a one-tile corridor: a hull of radius 0.78.
        map.spawns[0].kind = SpawnKind::Tank { half_width: 0.6 };
        let problems = spawn_problems(&map, 0.28);
        let at: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.col)).collect();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[0].message.contains("inside a wall"),
            "{problems:?}"
        );
        assert!(
            problems[1].message.contains("cannot be reached"),
            "{problems:?}"
        );
        assert_eq!(at[0].1, 5);
        assert_eq!(at[1].1, 7);
    }

    #[test]
    fn the_shipped_kind_of_spawn_passes() {
        let map = Map::from_rows(&["#######", "#>....#", "#..w..#", "#######"]);
        assert!(spawn_problems(&map, 0.28).is_empty());
    }
}
