//! The world: the map, the player, the tick counter and the random
//! generator, advanced one fixed tick at a time.

use super::{Controls, Player, PolarTunables, Rng};
use crate::map::Map;

/// Simulation ticks per second.
pub const TICK_RATE: u32 = 120;
/// Length of one tick in seconds.
pub const TICK_DT: f64 = 1.0 / TICK_RATE as f64;

/// Which way the camera looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coupling {
    /// Along the polar model's speed angle: the view wobbles as the body does.
    Velocity,
    /// Along the wish heading: the view turns only as the keys ask.
    Heading,
}

impl Coupling {
    /// The name used in settings and trace headers.
    pub fn name(self) -> &'static str {
        match self {
            Coupling::Velocity => "velocity",
            Coupling::Heading => "heading",
        }
    }
}

/// Every tunable of the world, with its default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tunables {
    /// The polar walking model.
    pub polar: PolarTunables,
    /// The player's collision radius in tiles (Wolfenstein 3D: about 0.344).
    pub player_radius: f64,
    /// Which way the camera looks.
    pub coupling: Coupling,
}

impl Default for Tunables {
    fn default() -> Self {
        Self {
            polar: PolarTunables::default(),
            player_radius: 0.3,
            coupling: Coupling::Velocity,
        }
    }
}

/// Where the camera stands and looks: all the renderer needs of the player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    /// Position in tiles.
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// View direction in radians, [0, 2pi).
    pub yaw: f64,
}

impl Pose {
    /// The pose `t` of the way (0 to 1) from `self` to `next`: the
    /// renderer's view between two ticks.
    pub fn lerp(&self, next: &Pose, t: f64) -> Pose {
        Pose {
            x: self.x + (next.x - self.x) * t,
            y: self.y + (next.y - self.y) * t,
            yaw: super::angle::lerp_short(self.yaw, next.yaw, t),
        }
    }
}

/// The simulated world.
#[derive(Clone, Debug)]
pub struct World {
    /// The map.
    pub map: Map,
    /// The player.
    pub player: Player,
    /// The tunables in force.
    pub tunables: Tunables,
    tick: u64,
    rng: Rng,
}

impl World {
    /// A world on `map` with the player at its start.
    pub fn new(map: Map, tunables: Tunables, seed: u64) -> Self {
        let player = Player::at(map.start);
        Self {
            map,
            player,
            tunables,
            tick: 0,
            rng: Rng::new(seed),
        }
    }

    /// Advances the world by one tick, reading only `controls`.
    pub fn step(&mut self, controls: &Controls) {
        let t = &self.tunables;
        self.player
            .tick(controls, &t.polar, &self.map, t.player_radius, TICK_DT);
        self.tick += 1;
    }

    /// Ticks run so far.
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Seconds of simulated time so far.
    pub fn time(&self) -> f64 {
        self.tick as f64 * TICK_DT
    }

    /// The world's random generator.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// The camera's pose now.
    pub fn camera(&self) -> Pose {
        let p = &self.player;
        let yaw = match self.tunables.coupling {
            Coupling::Velocity => p.body.speed_angle,
            Coupling::Heading => p.heading,
        };
        Pose {
            x: p.x,
            y: p.y,
            yaw,
        }
    }
}
