//! The space around the listener, measured from the map, and the room it
//! sounds like.
//!
//! [`Space::measure`] casts [`RAYS`] rays from the listener, fixed to the
//! map (not the view, so turning changes nothing), each to the first wall
//! or shut door or [`REACH`] tiles; their mean length is how far the
//! space reaches. With the ceiling's height (the map's `wall_height`) and
//! whether the listener stands under open sky, that makes the [`Room`]:
//! the decay grows with the space's size (about `reach * sqrt(height)`,
//! a stand-in for Sabine's volume over surface), a small stone room a
//! short bright tail, a hall a long one; under open sky the walls still
//! answer but there is no ceiling, so the tail is quieter and duller.

use super::reverb::Room;
use crate::map::raycast::cast;
use crate::map::Map;

/// Rays cast around the listener.
pub const RAYS: usize = 16;
/// The farthest a ray looks, tiles.
pub const REACH: f64 = 16.0;
/// The decay of a space that reaches no distance, seconds.
const DECAY_BASE_S: f32 = 0.25;
/// The decay added for each tile of reach times the square root of the
/// height in tiles, seconds.
const DECAY_PER_TILE_S: f32 = 0.085;
/// The longest decay, seconds.
const DECAY_MOST_S: f32 = 2.6;
/// The wet level of the smallest space and what each tile of reach adds,
/// and the most.
const WET_BASE: f32 = 0.16;
const WET_PER_TILE: f32 = 0.02;
const WET_MOST: f32 = 0.38;
/// Damping in a small room, and what each tile of reach adds (air
/// absorbs a long path's highs).
const DAMPING_BASE: f32 = 0.2;
const DAMPING_PER_TILE: f32 = 0.03;
/// Under open sky: the wet level's share kept, the decay's share kept,
/// and the damping added.
const SKY_WET: f32 = 0.55;
const SKY_DECAY: f32 = 0.75;
const SKY_DAMPING: f32 = 0.2;

/// What the space around the listener is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Space {
    /// The mean distance to the walls around, tiles.
    pub reach: f32,
    /// The ceiling's (or the walls') height, tiles.
    pub height: f32,
    /// True under open sky.
    pub sky: bool,
}

impl Space {
    /// The space around (`x`, `y`) on `map`.
    pub fn measure(map: &Map, x: f64, y: f64) -> Self {
        let mut sum = 0.0;
        for i in 0..RAYS {
            let angle = std::f64::consts::TAU * (i as f64 + 0.5) / RAYS as f64;
            let (dy, dx) = angle.sin_cos();
            // The ray's parameter is in tiles: its direction is a unit.
            let hit = cast(map, x, y, dx, dy, REACH);
            sum += hit.map_or(REACH, |h| h.t.min(REACH));
        }
        Self {
            reach: (sum / RAYS as f64) as f32,
            height: map.wall_height as f32,
            sky: map.is_open_sky(x.floor() as i64, y.floor() as i64),
        }
    }

    /// The room the space sounds like.
    pub fn room(&self) -> Room {
        let size = self.reach * self.height.max(1.0).sqrt();
        let mut room = Room {
            decay_s: (DECAY_BASE_S + DECAY_PER_TILE_S * size).min(DECAY_MOST_S),
            damping: (DAMPING_BASE + DAMPING_PER_TILE * self.reach).min(0.7),
            wet: (WET_BASE + WET_PER_TILE * self.reach).min(WET_MOST),
        };
        if self.sky {
            room.wet *= SKY_WET;
            room.decay_s *= SKY_DECAY;
            room.damping = (room.damping + SKY_DAMPING).min(0.85);
        }
        room
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(name: &str) -> Map {
        let file = crate::data::maps_dir().join(name);
        crate::map::load(&file).expect("a shipped map").map
    }

    #[test]
    fn a_closet_a_hall_and_the_hangar_sound_apart() {
        let closet = Map::from_rows(&["#####", "#>..#", "#...#", "#####"]);
        let room = Space::measure(&closet, 2.5, 2.0);
        let mut rows = vec!["#".repeat(22)];
        rows.extend((0..14).map(|_| format!("#{}#", ".".repeat(20))));
        rows.push("#".repeat(22));
        rows[1].replace_range(1..2, ">");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let hall = Space::measure(&Map::from_rows(&rows), 11.0, 8.0);
        let hangar = Space::measure(&shipped("hangar.map"), 20.5, 12.5);
        assert!(room.reach < 2.0 && !room.sky, "{room:?}");
        assert!(hall.reach > 5.0 && !hall.sky, "{hall:?}");
        assert!(hangar.sky && hangar.height == 8.0, "{hangar:?}");
        let (r, h, s) = (room.room(), hall.room(), hangar.room());
        assert!(
            r.decay_s < 0.5 && h.decay_s > 2.0 * r.decay_s,
            "{r:?} {h:?}"
        );
        assert!(r.wet < h.wet && r.damping < h.damping, "{r:?} {h:?}");
        assert!(
            s.decay_s > h.decay_s && s.wet < h.wet && s.damping > h.damping,
            "{s:?}"
        );
    }

    #[test]
    fn turning_changes_nothing_and_walls_bound_the_reach() {
        let map = shipped("default.map");
        let (x, y) = (map.start.x, map.start.y);
        let a = Space::measure(&map, x, y);
        assert_eq!(a, Space::measure(&map, x, y));
        assert!(a.reach > 0.4 && a.reach <= REACH as f32, "{a:?}");
    }
}
