//! The player: a wish heading turned by the keys, and a body moved by the
//! polar model and stopped by walls.

use super::angle::wrap_positive;
use super::collision;
use super::polar::{self, PolarInput, PolarState, PolarTunables};
use super::Controls;
use crate::map::{Map, Start};

/// The player's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// Position in tiles.
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// The wish heading psi in radians, [0, 2pi): where the keys are
    /// relative to.
    pub heading: f64,
    /// The body's velocity in the polar model.
    pub body: PolarState,
    /// The model input used by the last tick.
    pub last_input: PolarInput,
}

impl Player {
    /// A player standing at `start`, body at rest pointing the same way.
    pub fn at(start: Start) -> Self {
        let angle = wrap_positive(start.angle);
        Self {
            x: start.x,
            y: start.y,
            heading: angle,
            body: PolarState {
                speed: 0.0,
                speed_angle: angle,
                angular_velocity: 0.0,
            },
            last_input: PolarInput {
                acceleration: 0.0,
                angle,
            },
        }
    }

    /// Advances the player by one tick of `dt` seconds.
    ///
    /// Order: the turn keys rotate the heading; the polar model steps on the
    /// movement wish; the body moves along its new velocity and slides on
    /// walls. A wall keeps the speed angle and angular velocity (the view
    /// does not jerk) and cuts the speed to the part of the velocity it let
    /// through, measured along the speed angle: straight into a wall that is
    /// zero, along it nearly all.
    pub fn tick(
        &mut self,
        controls: &Controls,
        tun: &PolarTunables,
        map: &Map,
        radius: f64,
        dt: f64,
    ) {
        let c = controls.clamped();
        self.heading = wrap_positive(self.heading + f64::from(c.turn) * tun.heading_speed * dt);
        let input = polar::drive(
            &self.body,
            self.heading,
            f64::from(c.forward),
            f64::from(c.right),
            dt,
            tun,
        );
        self.body = polar::step(self.body, input, dt, tun);
        self.last_input = input;

        let (sin, cos) = self.body.speed_angle.sin_cos();
        let delta = [self.body.speed * cos * dt, self.body.speed * sin * dt];
        let (to, hit) = collision::slide(map, [self.x, self.y], delta, radius);
        if hit {
            let along = (to[0] - self.x) * cos + (to[1] - self.y) * sin;
            self.body.speed = (along / dt).max(0.0);
        }
        self.x = to[0];
        self.y = to[1];
    }
}
