//! The first-flight hint: on a map made for flying, how the jetpack works,
//! on the HUD for [`HINT_S`] seconds of play when the map starts and again
//! when the player first switches the jetpack on.

use crate::settings::{key_name, Action, Bindings};
use crate::short::Short;
use crate::sim::{flight, World};

/// How long the hint stays up each time, seconds of play.
pub(super) const HINT_S: f64 = 12.0;

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
