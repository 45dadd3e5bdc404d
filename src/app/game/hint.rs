//! The hints on the HUD: the first-flight hint (on a map made for flying,
//! how the jetpack works, for [`HINT_S`] seconds of play when the map
//! starts and again when the player first switches the jetpack on), and a
//! map's own hints ([`MapHint`]: shown while the player stands on their
//! tiles and for [`LINGER_S`] after). The flight hint goes first.

use crate::map::Map;
use crate::settings::{key_name, Action, Bindings};
use crate::short::Short;
use crate::sim::{flight, World};

/// How long the hint stays up each time, seconds of play.
pub(super) const HINT_S: f64 = 12.0;
/// How long a map's hint stays up after the player steps off its tiles,
/// seconds of play: long enough to finish reading it.
pub(super) const LINGER_S: f64 = 2.5;

/// Which hint the HUD shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Shown {
    /// None.
    #[default]
    Nothing,
    /// The first-flight hint.
    Flight,
    /// The map's hint of this index in [`Map::hints`].
    Map(usize),
}

/// A map's hint: which is up, and for how long after the player left its
/// tiles.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct MapHint {
    /// The index in [`Map::hints`] of the hint up, if one is.
    up: Option<usize>,
    /// Seconds of play it stays up once the player is off its tiles.
    left: f64,
}

impl MapHint {
    /// The hint up after `elapsed` seconds of play with the player on
    /// `tile` of `map`: the tile's hint ([`Map::hint_near`]), else the last one for
    /// [`LINGER_S`] after the player stepped off it.
    pub fn age(&mut self, map: &Map, tile: (i64, i64), elapsed: f64) -> Option<usize> {
        match map.hint_near(tile.0, tile.1) {
            Some(i) => {
                self.up = Some(i);
                self.left = LINGER_S;
            }
            None => {
                self.left = (self.left - elapsed.max(0.0)).max(0.0);
                if self.left == 0.0 {
                    self.up = None;
                }
            }
        }
        self.up.filter(|&i| i < map.hints.len())
    }
}

/// When the hint is up.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct FlightHint {
    /// Seconds of play it stays up; 0 once down.
    left: f64,
    /// The player has switched the jetpack on at least once.
    flown: bool,
}

impl FlightHint {
    /// The hint for `world`, up from the start; `None` on a map where the
    /// jetpack does not fly.
    pub fn new(world: &World) -> Option<Self> {
        flight::flies_on(world.map()).then_some(Self {
            left: HINT_S,
            flown: false,
        })
    }

    /// Counts `elapsed` seconds of play off, and puts the hint up again
    /// the first time `world`'s player has the jetpack on. True while up.
    pub fn age(&mut self, world: &World, elapsed: f64) -> bool {
        if !self.flown && world.player().flight.is_some() {
            self.flown = true;
            self.left = HINT_S;
        } else {
            self.left = (self.left - elapsed.max(0.0)).max(0.0);
        }
        self.left > 0.0
    }
}

/// The hint's lines for `world` with the keys of `bindings`: the keys
/// that fly, where the engines cut out, and the landing speed that hurts.
pub(super) fn lines(world: &World, bindings: &Bindings) -> Vec<String> {
    let key = |a: Action| key_name(bindings, a).unwrap_or_else(|| "(unbound)".into());
    let tilt = [
        Action::Forward,
        Action::StrafeLeft,
        Action::Back,
        Action::StrafeRight,
    ]
    .map(key)
    .join(" ");
    let t = &world.tunables().flight;
    vec![
        format!(
            "FIRST FLIGHT: this map is made for the jetpack ({})",
            key(Action::Jetpack)
        ),
        format!(
            "Hold {} to hover (it barely climbs), {} for full thrust (fast: use bursts).",
            key(Action::Hover),
            key(Action::Thrust)
        ),
        format!(
            "{tilt} tilt the ship to move; {} brakes.",
            key(Action::Brake)
        ),
        format!(
            "The engines cut out above {} tiles ({} below the ceiling).",
            Short(flight::cutout_altitude(world.map())),
            Short(flight::CUTOUT_BELOW_CEILING)
        ),
        format!(
            "Letting go of hover up high hurts: land slower than {} tiles/s.",
            Short(t.landing_speed)
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tutorial() -> Map {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/tutorial.map");
        crate::map::load(&path).unwrap().map
    }

    #[test]
    fn a_map_hint_stays_while_on_its_tiles_and_lingers_after() {
        let map = tutorial();
        let mut h = MapHint::default();
        // The first room's west end is hint `a`, the first one.
        assert_eq!(h.age(&map, (3, 2), 0.1), Some(0));
        assert_eq!(h.age(&map, (3, 2), 100.0), Some(0), "on its tiles");
        // Off every hint's tiles (the hall by the finish), it lingers.
        assert_eq!(map.hint_near(14, 17), None);
        assert_eq!(h.age(&map, (14, 17), LINGER_S - 0.5), Some(0));
        assert_eq!(h.age(&map, (14, 17), 1.0), None, "gone");
        // Another hint's tiles put that one up at once.
        h.age(&map, (3, 2), 0.1);
        assert_eq!(h.age(&map, (15, 4), 0.1), Some(2));
    }
}
