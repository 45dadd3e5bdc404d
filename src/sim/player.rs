//! The player: a wish heading turned by the keys, and a body moved by the
//! walking model in force and stopped by walls.

use super::comfort::SnapState;
use super::flight::{Airspace, Flier, FlightInput, Touchdown};
use super::particles::Particles;
use super::polar::{self, PolarInput, PolarState};
use super::{classic, collision, jets, quake, Controls, Model, Rng, Tunables};
use crate::angle::wrap_positive;
use crate::map::{Map, Start};

/// Fuel a landing pad puts back per second while the player stands on it,
/// as a share of the tank.
pub const REFUEL_PER_SECOND: f64 = 0.25;

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
    /// The body's velocity in the polar model (kept in step with
    /// `velocity` when another model is in force).
    pub body: PolarState,
    /// The polar model input used by the last tick.
    pub last_input: PolarInput,
    /// The velocity of the last move, tiles per second, world frame; the
    /// classic and quake models' state.
    pub velocity: [f64; 2],
    /// The jetpack's state while it is on.
    pub flight: Option<Flier>,
    /// Jetpack fuel, 0 (empty) to 1 (full), kept between flights.
    pub fuel: f64,
    /// The keys carried, a bit per [`crate::map::Key`].
    pub keys: u8,
    /// The classic model's faithful turning: the fraction of a degree
    /// turned but not yet shown (it turns in whole degrees).
    pub turn_carry: f64,
    /// Snap turning: the turn held last tick and the ticks since the
    /// last snap.
    pub snap: SnapState,
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
            velocity: [0.0, 0.0],
            flight: None,
            fuel: 1.0,
            keys: 0,
            turn_carry: 0.0,
            snap: SnapState::new(),
        }
    }

    /// Switches the jetpack: on the floor it takes off (or, already on,
    /// lands at once); in the air it stops the engines until touchdown.
    pub fn toggle_jetpack(&mut self, model: Model) {
        match &mut self.flight {
            None => self.flight = Some(Flier::take_off(self.velocity, self.fuel)),
            Some(f) if f.z > 0.0 => f.stowed = !f.stowed,
            Some(_) => self.land(model),
        }
    }

    /// Ends a flight: the flier's horizontal motion carries into `model`.
    pub fn land(&mut self, model: Model) {
        if let Some(f) = self.flight.take() {
            self.velocity = [f.velocity[0], f.velocity[1]];
            self.fuel = f.fuel;
            self.switch_to(model);
            if model != Model::Polar {
                self.last_input.acceleration = 0.0;
            }
        }
    }

    /// Altitude of the feet above the floor, tiles (0 when walking).
    pub fn altitude(&self) -> f64 {
        self.flight.as_ref().map_or(0.0, |f| f.z)
    }

    /// Advances a flying player by one tick of `dt` seconds: the turn keys
    /// turn the view heading as when walking, and the flier flies. Does
    /// nothing when walking.
    pub fn fly(
        &mut self,
        controls: &Controls,
        tun: &Tunables,
        (map, rng, particles): (&Map, &mut Rng, &mut Particles),
        dt: f64,
    ) -> Touchdown {
        let c = controls.clamped();
        self.turn(&c, tun.heading_speed, tun.comfort.snap_turn, dt);
        let Some(flier) = self.flight.as_mut() else {
            return Touchdown::default();
        };
        let input = FlightInput {
            pointer: c.pointer.map(f64::from),
            thrust: c.thrust,
            hover: c.hover,
            brake: c.brake,
        };
        let mut air = Airspace {
            map,
            radius: tun.player_radius,
            rng,
            particles,
        };
        let mut pos = [self.x, self.y];
        let touchdown = flier.step(
            &mut pos,
            &mut self.heading,
            &input,
            &tun.flight,
            &mut air,
            dt,
        );
        [self.x, self.y] = pos;
        self.velocity = [flier.velocity[0], flier.velocity[1]];
        self.fuel = flier.fuel;
        if touchdown.landed {
            self.land(tun.model);
        }
        touchdown
    }

    /// Turns the heading by the turn keys (at `rate`, radians per second)
    /// and the mouse (an angle) of `c`; with snap turning (`snap`
    /// radians, not 0), the keys turn it by `snap` at each press instead.
    fn turn(&mut self, c: &Controls, rate: f64, snap: f64, dt: f64) {
        let keys = self.snapped_keys(f64::from(c.turn), rate, snap, dt);
        self.heading = wrap_positive(self.heading + keys + f64::from(c.look));
    }

    /// The turn the keys make this tick: `turn` (-1 to 1) at `rate`; or,
    /// snapping by `snap` radians, a whole step at each press and nothing
    /// while held.
    fn snapped_keys(&mut self, turn: f64, rate: f64, snap: f64, dt: f64) -> f64 {
        if snap == 0.0 {
            return turn * rate * dt;
        }
        f64::from(self.snap.press(turn as f32)) * snap
    }

    /// Wolfenstein 3D's turn: none while strafing, and the heading moved in
    /// whole degrees, the fraction carried to the next tick (dropped when
    /// the keys let go). A mouse look still turns by its own angle. Snap
    /// turning snaps as in the other models (also while strafing: a press
    /// is a deliberate turn).
    fn turn_faithfully(&mut self, c: &Controls, rate: f64, snap: f64, dt: f64) {
        if snap != 0.0 {
            return self.turn(c, rate, snap, dt);
        }
        let keys = if c.right == 0.0 {
            f64::from(c.turn)
        } else {
            0.0
        };
        if keys == 0.0 {
            self.turn_carry = 0.0;
        }
        let (step, carry) = classic::whole_degrees(keys * rate * dt, self.turn_carry);
        self.turn_carry = carry;
        self.heading = wrap_positive(self.heading + step + f64::from(c.look));
    }

    /// A tick of walking on a landing pad fills the tank.
    pub fn refuel(&mut self, map: &Map, dt: f64) {
        let (tx, ty) = Map::tile_of(self.x, self.y);
        if self.flight.is_none() && map.is_pad(tx, ty) {
            self.fuel = (self.fuel + REFUEL_PER_SECOND * dt).min(1.0);
        }
    }

    /// Advances the player by one tick of `dt` seconds.
    ///
    /// Order: the turn keys rotate the heading; the model in force turns the
    /// movement wish into a velocity; the body moves along it and slides on
    /// walls. A wall cuts the velocity to what it let through. For the polar
    /// model that keeps the speed angle and angular velocity (the view does
    /// not jerk) and sets the speed to the part of the move the wall let
    /// through, measured along the speed angle: straight into a wall that
    /// is zero, along it nearly all.
    pub fn tick(&mut self, controls: &Controls, tun: &Tunables, map: &Map, dt: f64) {
        let c = controls.clamped();
        let (forward, right) = (f64::from(c.forward), f64::from(c.right));
        let rate = match tun.model {
            Model::Polar => tun.heading_speed,
            Model::Classic => tun.classic.turn(c.run),
            Model::Quake => tun.quake.turn(c.run),
        };
        let snap = tun.comfort.snap_turn;
        if tun.model == Model::Classic && tun.classic.faithful {
            self.turn_faithfully(&c, rate, snap, dt);
        } else {
            self.turn(&c, rate, snap, dt);
        }
        if tun.model != Model::Polar {
            // The wish, in the polar model's terms, for the HUD and traces.
            self.last_input = PolarInput {
                acceleration: forward.hypot(right).min(1.0),
                angle: wrap_positive(self.heading + right.atan2(forward)),
            };
        }
        let velocity = match tun.model {
            Model::Polar => self.polar_velocity(forward, right, tun, dt),
            Model::Classic => classic::velocity(self.heading, forward, right, c.run, &tun.classic),
            Model::Quake => {
                let (s, co) = self.heading.sin_cos();
                let wish = [forward * co - right * s, forward * s + right * co];
                quake::step(self.velocity, wish, c.run, dt, &tun.quake)
            }
        };
        let delta = [velocity[0] * dt, velocity[1] * dt];
        let from = [self.x, self.y];
        let (to, hit) = collision::slide(map, from, delta, tun.player_radius);
        self.velocity = velocity;
        [self.x, self.y] = to;
        if hit {
            self.stopped(from, tun, dt);
        }
    }

    /// The body, which set out from `from` this tick, was stopped where it
    /// is now (by a wall, or pushed out of another body): the velocity is
    /// cut to the move it made, and the polar model's speed to the part of
    /// it along the speed angle (its angle and spin are kept, so the view
    /// does not jerk).
    pub fn stopped(&mut self, from: [f64; 2], tun: &Tunables, dt: f64) {
        self.velocity = collision::kept_velocity(from, [self.x, self.y], self.velocity, dt);
        if tun.model == Model::Polar {
            let (s, co) = self.body.speed_angle.sin_cos();
            self.body.speed = (self.velocity[0] * co + self.velocity[1] * s).max(0.0);
        }
    }

    /// Steps the polar model (and the gyro, if on) and returns its velocity.
    fn polar_velocity(&mut self, forward: f64, right: f64, tun: &Tunables, dt: f64) -> [f64; 2] {
        let input = polar::drive(&self.body, self.heading, forward, right, dt, &tun.polar);
        self.body = polar::step(self.body, input, dt, &tun.polar);
        self.last_input = input;
        if tun.gyro > 0.0 {
            self.body.angular_velocity = jets::gyro(self.body.angular_velocity, tun.gyro, dt);
        }
        let (s, c) = self.body.speed_angle.sin_cos();
        [self.body.speed * c, self.body.speed * s]
    }

    /// Carries the motion over to `model`, so a switch keeps the body's
    /// speed and direction.
    pub fn switch_to(&mut self, model: Model) {
        if model == Model::Polar {
            let speed = self.velocity[0].hypot(self.velocity[1]);
            self.body = PolarState {
                speed,
                speed_angle: if speed > 0.0 {
                    wrap_positive(self.velocity[1].atan2(self.velocity[0]))
                } else {
                    self.heading
                },
                angular_velocity: 0.0,
            };
            self.last_input = PolarInput {
                acceleration: 0.0,
                angle: self.heading,
            };
        }
    }

    /// Horizontal speed of the last move, tiles per second.
    pub fn speed(&self) -> f64 {
        self.velocity[0].hypot(self.velocity[1])
    }
}
