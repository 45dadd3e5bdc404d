//! Where the camera stands and looks: the eye over the player, with
//! Quake's view bob and roll where the model asks for them, as much as
//! the comfort switch `bob_and_roll` lets them.

use super::{Coupling, Pose, World, DEAD_EYE_HEIGHT, EYE_HEIGHT};
use crate::sim::flight::EYE_ABOVE_FEET;
use crate::sim::quake::UNITS_PER_TILE;
use crate::sim::Model;

/// Quake's view bob: offset per unit of speed (cl_bob), its cycle in
/// seconds (cl_bobcycle) and its limits in Quake units.
const BOB_PER_SPEED: f64 = 0.02;
const BOB_CYCLE_S: f64 = 0.6;
const BOB_LIMITS: (f64, f64) = (-7.0, 4.0);

/// The sideways speed at which Quake's view roll reaches its full angle,
/// units a second (cl_rollspeed).
const ROLL_SPEED_UNITS: f64 = 200.0;

impl World {
    /// The camera's pose now.
    pub fn camera(&self) -> Pose {
        let p = &self.player;
        let t = &self.tunables;
        let yaw = match (t.model, t.coupling) {
            (Model::Polar, Coupling::Velocity) => p.body.speed_angle,
            _ => p.heading,
        };
        if let Some(f) = &p.flight {
            let eye = if self.combat.alive() {
                EYE_ABOVE_FEET
            } else {
                DEAD_EYE_HEIGHT
            };
            return Pose {
                x: p.x,
                y: p.y,
                z: f.z + eye,
                yaw: p.heading,
                pitch: f.view_pitch(),
                roll: 0.0,
            };
        }
        let z = if self.combat.alive() {
            EYE_HEIGHT + self.bob()
        } else {
            DEAD_EYE_HEIGHT
        };
        Pose {
            x: p.x,
            y: p.y,
            z,
            yaw,
            pitch: 0.0,
            roll: self.roll(),
        }
    }

    /// Quake's view roll in the quake model while alive (view.c
    /// V_CalcRoll): the speed across the heading, in units a second, over
    /// cl_rollspeed (200), times the roll angle, at most the angle; into
    /// the strafe; scaled by the comfort switch `bob_and_roll`. 0 in the
    /// other models.
    fn roll(&self) -> f64 {
        let angle = self.tunables.quake.view_roll * self.tunables.comfort.bob_and_roll;
        if self.tunables.model != Model::Quake || angle == 0.0 || !self.combat.alive() {
            return 0.0;
        }
        let p = &self.player;
        let (s, c) = p.heading.sin_cos();
        // Right of the heading (c, s) is (-s, c): y grows south.
        let side = (-p.velocity[0] * s + p.velocity[1] * c) * UNITS_PER_TILE;
        (side / ROLL_SPEED_UNITS).clamp(-1.0, 1.0) * angle
    }

    /// Quake's view bob scaled by `head_bob` (the quake model's own in
    /// the quake model) times the comfort switch `bob_and_roll`, in tiles.
    fn bob(&self) -> f64 {
        let own = match self.tunables.model {
            Model::Quake => self.tunables.quake.head_bob,
            _ => self.tunables.head_bob,
        };
        let amp = own * self.tunables.comfort.bob_and_roll;
        if amp == 0.0 {
            return 0.0;
        }
        let units = self.player.speed() * UNITS_PER_TILE * BOB_PER_SPEED * amp;
        let phase = std::f64::consts::TAU * self.time() / BOB_CYCLE_S;
        let bob = units * (0.3 + 0.7 * phase.sin());
        bob.clamp(BOB_LIMITS.0 * amp, BOB_LIMITS.1 * amp) / UNITS_PER_TILE
    }
}
