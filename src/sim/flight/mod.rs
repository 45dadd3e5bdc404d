//! Jetpack flight: Lander's flight model (article 003), with the angular
//! velocity and stabilising jets of article 004.
//!
//! # Lander's model, per Lander tick
//! - The pointer's offset from a centre point, in polar form: its distance
//!   sets the target pitch, its angle the target direction of the tilt
//!   (relative to the view heading here).
//! - Pitch and direction are damped toward their targets: the gap is
//!   clamped to 67.5 degrees and halved, `new = old - gap / 2`, the
//!   direction the short way round.
//! - A rotation matrix from pitch and direction gives the nose, roof and
//!   side vectors. Thrust pushes along the roof (the exhaust leaves the
//!   other way).
//! - In this order: friction removes 1/64 of the velocity; full thrust adds
//!   roof/2048; the ship moves; hover adds roof/8192 (a quarter of full
//!   thrust, after the move, so it lags a tick); gravity pulls.
//! - Exhaust: 8 particles a tick at full thrust, 2 hovering, launched at
//!   (velocity + exhaust/128) / 2 plus a random spread, living 8 plus 0 to
//!   7 ticks.
//!
//! # Converted to our 120 Hz tick
//! Lander runs one step per frame, taken as 50 Hz, so one of our ticks is
//! `r = 50/120 = 5/12` of a Lander tick. Lander's units are the roof
//! vector's length `R`; we take `R = 8` tiles ([`ROOF_TILES`]), which puts
//! gravity near 1.8 tiles/s² in a hall a few tiles tall. Then:
//!
//! | quantity | Lander, per Lander tick | ours, per tick | ours, per second |
//! |---|---|---|---|
//! | friction, velocity kept | 63/64 | (63/64)^r = 0.993460 | (63/64)^50 = 0.4549 |
//! | full thrust | R/2048 = 1/256 tile/tick² | +0.081380 tiles/s | 9.7656 tiles/s² |
//! | hover (a quarter) | R/8192 | +0.020345 tiles/s | 2.4414 tiles/s² |
//! | gravity (3/16 of full thrust) | 3R/32768 | -0.015259 tiles/s | 1.8311 tiles/s² |
//! | attitude damping, share of gap closed | 1/2 | 1 - (1/2)^r = 0.25085 | |
//! | largest attitude step (the clamp) | 33.75 deg | 14.0625 deg | 1687.5 deg/s |
//! | exhaust launch speed (R/128) | 1/16 tile/tick | | 3.125 tiles/s |
//! | particles at full thrust | 8 | 3.333 | 400 |
//! | particles hovering | 2 | 0.833 | 100 |
//! | particle lifespan | 8 + 0..7 ticks | 19 to 36 ticks | 0.16 to 0.30 s |
//!
//! So full thrust is 5.33 times gravity and hover 1.33 times: hover barely
//! climbs. Upright, full thrust's terminal climb is
//! `(thrust - gravity) * dt / (1 - keep)` = 10.1 tiles/s and a free fall
//! levels off at 2.33 tiles/s. The gravity, thrust, friction and more are
//! tunables (settings `[jetpack]`); these are their defaults.
//!
//! # Spin and jets (article 004)
//! The flier has a 3D angular velocity (world frame, radians per second).
//! Hitting a wall, the floor or the ceiling at speed knocks it into a spin
//! that rotates the roof (fought by the damping) and turns the view heading
//! (the vertical part, which nothing else undoes). Six attitude jets, a
//! pair on each of the ship's axes, counter it: a jet fires only when its
//! impulse opposes the spin, and where a full firing would overshoot only
//! the part of the spin across the jet is kept
//! ([`stabilize_with_jet`](super::jets::stabilize_with_jet)). The brake
//! uses the same rule with six thrusters against the velocity.
//!
//! - `attitude`: the pointer's polar target, the damping toward it, the
//!   ship's axes, the spin and the jets that stop it.
//! - `contact`: the move through walls, floor and ceiling, the knocks of a
//!   hard stop, and touchdowns.
//! - `exhaust`: the exhaust particles.
//! - `vector`: arithmetic on [`Vec3`].

mod attitude;
mod contact;
mod exhaust;
mod vector;

pub use self::attitude::{basis, damp, damp_angle, pointer_polar, stabilise, Basis};
pub use self::contact::Touchdown;
pub use self::exhaust::{EXHAUST_SPEED, EXHAUST_SPREAD};

use self::vector::add;
use super::particles::Particles;
use super::{Rng, TICK_RATE};
use crate::map::Map;

/// A vector in the world: x east, y south, z up; tiles or radians.
pub type Vec3 = [f64; 3];

/// Lander's physics steps per second (one per frame; about 50 Hz).
pub const LANDER_RATE: f64 = 50.0;
/// One of our ticks in Lander ticks: 50/120.
pub const LANDER_TICKS_PER_TICK: f64 = LANDER_RATE / TICK_RATE as f64;
/// The roof vector's length in tiles: our choice of Lander's length unit.
pub const ROOF_TILES: f64 = 8.0;
/// Lander's full thrust per Lander tick, in roof lengths: R/2048.
pub const LANDER_THRUST: f64 = 1.0 / 2048.0;
/// Lander's hover thrust as a share of full thrust (R/8192 against R/2048).
pub const LANDER_HOVER_SHARE: f64 = 0.25;
/// Lander's gravity per Lander tick, in roof lengths: &18000 against full
/// thrust's &80000, so 3/16 of full thrust.
pub const LANDER_GRAVITY: f64 = LANDER_THRUST * 3.0 / 16.0;
/// The share of velocity Lander's friction removes each Lander tick.
pub const LANDER_FRICTION: f64 = 1.0 / 64.0;
/// Lander's exhaust launch, per Lander tick, in roof lengths: R/128.
pub const LANDER_EXHAUST: f64 = 1.0 / 128.0;
/// Lander's clamp on the attitude gap before it is halved, degrees.
pub const LANDER_DAMPING_CLAMP_DEG: f64 = 67.5;
/// Exhaust particles per Lander tick at full thrust and hovering.
pub const LANDER_PARTICLES: (f64, f64) = (8.0, 2.0);
/// A particle's lifespan in Lander ticks: 8 plus 0 to 7.
pub const LANDER_LIFESPAN: (u32, u32) = (8, 8);

/// Lander's per-tick acceleration `per_lander_tick` (roof lengths per
/// Lander tick squared) in tiles per second squared.
const fn per_second_squared(per_lander_tick: f64) -> f64 {
    per_lander_tick * ROOF_TILES * LANDER_RATE * LANDER_RATE
}

/// The share of the attitude gap closed in one of our ticks.
pub fn damping_per_tick() -> f64 {
    1.0 - 0.5f64.powf(LANDER_TICKS_PER_TICK)
}

/// The largest attitude change in one of our ticks, radians: Lander's
/// clamped half gap (33.75 degrees per Lander tick) at the same rate.
pub fn max_attitude_step() -> f64 {
    (LANDER_DAMPING_CLAMP_DEG / 2.0 * LANDER_TICKS_PER_TICK).to_radians()
}

/// The flier's eye above its feet, tiles.
pub const EYE_ABOVE_FEET: f64 = 0.5;
/// The flier's height from feet to the top of its head, tiles.
pub const BODY_HEIGHT: f64 = 0.7;
/// The engines cut out this far below the ceiling (Lander's highest
/// altitude), tiles.
pub const CUTOUT_BELOW_CEILING: f64 = 1.5;

/// The altitude above which the engines cut out on `map`, tiles: at or
/// below zero, the jetpack never lights there.
pub fn cutout_altitude(map: &Map) -> f64 {
    map.wall_height - CUTOUT_BELOW_CEILING
}

/// True if the jetpack flies on `map`: its walls stand taller than the
/// cut-out's distance below the ceiling.
pub fn flies_on(map: &Map) -> bool {
    cutout_altitude(map) > 0.0
}

/// Every flight tunable, with Lander's values converted as the module
/// documentation shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlightTunables {
    /// Full thrust, tiles per second squared.
    pub thrust: f64,
    /// Hover as a share of full thrust.
    pub hover_share: f64,
    /// Gravity, tiles per second squared.
    pub gravity: f64,
    /// The share of velocity friction removes per Lander tick (1/64).
    pub friction: f64,
    /// The pitch at full pointer deflection, radians (past 90 degrees: full
    /// deflection tips the ship over, as in Lander).
    pub max_pitch: f64,
    /// The fastest safe touchdown, tiles per second.
    pub landing_speed: f64,
    /// The most pitch at which a touchdown lands, radians.
    pub level_pitch: f64,
    /// Health lost per tile per second of touchdown speed over the landing
    /// speed.
    pub crash_damage: f64,
    /// Seconds of full thrust in a full tank (hover burns a quarter).
    pub fuel_seconds: f64,
    /// True to let the attitude jets kill spin.
    pub stabilise: bool,
    /// Each attitude jet's angular acceleration, radians per second squared.
    pub jet_spin: f64,
    /// Each brake thruster's acceleration, tiles per second squared.
    pub brake: f64,
}

impl Default for FlightTunables {
    fn default() -> Self {
        Self {
            thrust: per_second_squared(LANDER_THRUST),
            hover_share: LANDER_HOVER_SHARE,
            gravity: per_second_squared(LANDER_GRAVITY),
            friction: LANDER_FRICTION,
            max_pitch: 112.5f64.to_radians(),
            landing_speed: 1.2,
            level_pitch: 20f64.to_radians(),
            crash_damage: 30.0,
            fuel_seconds: 60.0,
            stabilise: true,
            jet_spin: 8.0,
            brake: 4.0,
        }
    }
}

impl FlightTunables {
    /// The share of velocity friction leaves after one of our ticks.
    pub fn keep_per_tick(&self) -> f64 {
        (1.0 - self.friction).powf(LANDER_TICKS_PER_TICK)
    }

    /// The vertical speed full thrust settles at, upright with no hover:
    /// where friction takes away what thrust less gravity adds each tick.
    pub fn terminal_climb(&self, dt: f64) -> f64 {
        (self.thrust - self.gravity) * dt / (1.0 - self.keep_per_tick())
    }
}

/// What the pilot asks for in one tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FlightInput {
    /// The pointer's offset, each axis -1 to 1 (x right, y forward).
    pub pointer: [f64; 2],
    /// Full thrust held.
    pub thrust: bool,
    /// Hover held.
    pub hover: bool,
    /// Brake held.
    pub brake: bool,
}

/// A flier's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Flier {
    /// Altitude of the feet above the floor, tiles.
    pub z: f64,
    /// Velocity, tiles per second (x east, y south, z up).
    pub velocity: Vec3,
    /// Pitch, radians, 0 (upright) to pi.
    pub pitch: f64,
    /// Direction of the tilt relative to the view heading, radians in
    /// (-pi, pi], clockwise.
    pub direction: f64,
    /// The pitch the pointer asks for.
    pub target_pitch: f64,
    /// The direction the pointer asks for, relative to the view heading.
    pub target_direction: f64,
    /// Angular velocity, radians per second, world frame.
    pub spin: Vec3,
    /// Fuel, 0 (empty) to 1 (full).
    pub fuel: f64,
    /// Full thrust fired this tick.
    pub thrust: bool,
    /// Hover fired this tick.
    pub hover: bool,
    /// The brake fired this tick.
    pub brake: bool,
    /// True once it has left the floor since take-off: the next touchdown
    /// ends the flight if it lands.
    pub airborne: bool,
    /// True when the pilot has switched the jetpack off in the air: the
    /// engines are dead until touchdown, which always ends the flight.
    pub stowed: bool,
    /// Exhaust particles owed, carried between ticks (a fraction).
    owed: f64,
}

/// Where a flier flies and what it shares with the world.
pub struct Airspace<'a> {
    /// The map.
    pub map: &'a Map,
    /// The body's radius, tiles.
    pub radius: f64,
    /// The world's generator (spread of exhaust, knocks).
    pub rng: &'a mut Rng,
    /// The world's particles.
    pub particles: &'a mut Particles,
}

impl Flier {
    /// A flier taking off from the floor with the walking velocity
    /// `velocity`, upright and full of fuel.
    pub fn take_off(velocity: [f64; 2], fuel: f64) -> Self {
        Self {
            velocity: [velocity[0], velocity[1], 0.0],
            fuel: fuel.clamp(0.0, 1.0),
            ..Self::default()
        }
    }

    /// The ship's axes, its direction turned into the world by `heading`.
    pub fn basis(&self, heading: f64) -> Basis {
        basis(self.pitch, heading + self.direction)
    }

    /// How far the view looks down, radians: the roof's tilt toward the
    /// view heading (tilting sideways is a roll, which the view leaves out).
    pub fn view_pitch(&self) -> f64 {
        let (s, c) = self.pitch.sin_cos();
        (s * self.direction.cos()).atan2(c)
    }

    /// The engine burns per second of full thrust, hover and brake as a
    /// share of the tank.
    fn burn(&self, t: &FlightTunables, dt: f64) -> f64 {
        let share = [
            (self.thrust, 1.0),
            (self.hover, t.hover_share),
            (self.brake, t.hover_share),
        ];
        let rate: f64 = share.iter().filter(|(on, _)| *on).map(|(_, s)| s).sum();
        rate * dt / t.fuel_seconds.max(1e-6)
    }

    /// Advances the flier by one tick of `dt` seconds at horizontal
    /// position `pos`; `heading` is the view heading, which the vertical
    /// part of the spin turns.
    ///
    /// Order: attitude (damping toward the pointer, then the spin, then the
    /// attitude jets); then Lander's friction, full thrust, move (walls,
    /// floor and ceiling), hover, gravity; then the brake, fuel and exhaust.
    pub fn step(
        &mut self,
        pos: &mut [f64; 2],
        heading: &mut f64,
        input: &FlightInput,
        t: &FlightTunables,
        air: &mut Airspace,
        dt: f64,
    ) -> Touchdown {
        self.steer(input, t, heading, dt);
        let ceiling = air.map.wall_height;
        let lit = !self.stowed && self.fuel > 0.0 && self.z < ceiling - CUTOUT_BELOW_CEILING;
        self.thrust = lit && input.thrust;
        self.hover = lit && input.hover;
        self.brake = !self.stowed && self.fuel > 0.0 && input.brake;
        let roof = self.basis(*heading).roof;
        let keep = t.keep_per_tick();
        self.velocity = self.velocity.map(|v| v * keep);
        if self.thrust {
            add(&mut self.velocity, roof, t.thrust * dt);
        }
        let touchdown = self.move_by(pos, ceiling, t, air, dt);
        if self.hover {
            add(&mut self.velocity, roof, t.thrust * t.hover_share * dt);
        }
        self.velocity[2] -= t.gravity * dt;
        if self.brake {
            let axes = self.basis(*heading);
            stabilise(&mut self.velocity, &axes, t.brake * dt);
        }
        self.fuel = (self.fuel - self.burn(t, dt)).max(0.0);
        self.exhaust(*pos, roof, air, dt);
        touchdown
    }

    /// Feeds the bits of the state to `fold`, for the world's hash.
    pub(crate) fn hash_words(&self, fold: &mut impl FnMut(u64)) {
        let floats = [self.z, self.pitch, self.direction, self.target_pitch];
        let more = [self.target_direction, self.fuel, self.owed];
        floats
            .iter()
            .chain(&more)
            .chain(&self.velocity)
            .chain(&self.spin)
            .for_each(|v| fold(v.to_bits()));
        let flags = [
            self.thrust,
            self.hover,
            self.brake,
            self.airborne,
            self.stowed,
        ];
        fold(flags.iter().fold(0, |acc, &f| acc << 1 | u64::from(f)));
    }
}

impl Flier {
    /// Visits every field, for a save ([`crate::snapshot`]).
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        v.f64(&mut self.z);
        self.velocity.iter_mut().for_each(|x| v.f64(x));
        for x in [
            &mut self.pitch,
            &mut self.direction,
            &mut self.target_pitch,
            &mut self.target_direction,
        ] {
            v.f64(x);
        }
        self.spin.iter_mut().for_each(|x| v.f64(x));
        v.f64(&mut self.fuel);
        for flag in [
            &mut self.thrust,
            &mut self.hover,
            &mut self.brake,
            &mut self.airborne,
            &mut self.stowed,
        ] {
            v.bool(flag);
        }
        // Between ticks the exhaust owes less than one particle: a larger
        // debt would be paid one particle at a time for as long as it is.
        v.f64(&mut self.owed);
        if !(0.0..1.0).contains(&self.owed) {
            v.refuse("the exhaust owed");
            self.owed = 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::vector::dot;
    use super::*;
    use crate::sim::TICK_DT;

    pub(super) fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// The open plane, with a generator, particles and a place to fly
    /// from (0.5, 0.5) facing east.
    pub(super) struct OpenAir {
        map: Map,
        rng: Rng,
        pub(super) particles: Particles,
        pos: [f64; 2],
        heading: f64,
    }

    impl OpenAir {
        pub(super) fn new(seed: u64) -> Self {
            Self {
                map: Map::open_plane(),
                rng: Rng::new(seed),
                particles: Particles::default(),
                pos: [0.5, 0.5],
                heading: 0.0,
            }
        }

        /// One tick of `f`, and of the exhaust.
        pub(super) fn step(
            &mut self,
            f: &mut Flier,
            input: &FlightInput,
            t: &FlightTunables,
        ) -> Touchdown {
            let mut air = Airspace {
                map: &self.map,
                radius: 0.3,
                rng: &mut self.rng,
                particles: &mut self.particles,
            };
            let touchdown = f.step(
                &mut self.pos,
                &mut self.heading,
                input,
                t,
                &mut air,
                TICK_DT,
            );
            self.particles.step(&self.map, t.gravity, TICK_DT);
            touchdown
        }
    }

    pub(super) fn fly(f: &mut Flier, input: &FlightInput, t: &FlightTunables, ticks: usize) {
        let mut open = OpenAir::new(7);
        for _ in 0..ticks {
            open.step(f, input, t);
        }
    }

    pub(super) fn aloft(vz: f64) -> Flier {
        let mut f = Flier::take_off([0.0, 0.0], 1.0);
        f.z = 10.0;
        f.airborne = true;
        f.velocity[2] = vz;
        f
    }

    #[test]
    fn hover_after_the_move_changes_velocity_not_position_on_its_first_tick() {
        let t = FlightTunables::default();
        let mut idle = aloft(1.0);
        let mut hovering = idle.clone();
        fly(&mut idle, &FlightInput::default(), &t, 1);
        let hover = FlightInput {
            hover: true,
            ..FlightInput::default()
        };
        fly(&mut hovering, &hover, &t, 1);
        assert_eq!(hovering.z, idle.z, "the move came before hover");
        let gain = hovering.velocity[2] - idle.velocity[2];
        assert!(
            close(gain, t.thrust * t.hover_share * TICK_DT, 1e-12),
            "{gain}"
        );
    }

    #[test]
    fn with_no_input_velocity_decays_by_friction_then_gravity() {
        let t = FlightTunables::default();
        let mut f = aloft(2.0);
        f.velocity[0] = 3.0;
        fly(&mut f, &FlightInput::default(), &t, 1);
        let keep = t.keep_per_tick();
        assert!(close(keep, (63.0f64 / 64.0).powf(5.0 / 12.0), 1e-15));
        assert_eq!(f.velocity[0], 3.0 * keep);
        assert!(close(
            f.velocity[2],
            2.0 * keep - t.gravity * TICK_DT,
            1e-15
        ));
        assert!(close(f.z, 10.0 + 2.0 * keep * TICK_DT, 1e-12));
    }

    #[test]
    fn full_thrust_upright_reaches_the_predicted_terminal_climb() {
        let t = FlightTunables {
            fuel_seconds: 1e9,
            ..FlightTunables::default()
        };
        let mut f = aloft(0.0);
        f.z = 0.0;
        let input = FlightInput {
            thrust: true,
            ..FlightInput::default()
        };
        // Very high walls, so the engines never cut out.
        let map = Map::open_plane();
        assert!(map.wall_height > 1e3);
        fly(&mut f, &input, &t, 120 * 40);
        let want = t.terminal_climb(TICK_DT);
        assert!(close(want, 10.11, 0.01), "{want}");
        // Measured just after gravity: the fixed point of the tick is
        // keep * v + (thrust - gravity) dt = v.
        assert!(
            close(f.velocity[2], want, 1e-6),
            "{} vs {want}",
            f.velocity[2]
        );
        // Lander's ratios survive the conversion.
        assert!(close(t.thrust / t.gravity, 16.0 / 3.0, 1e-12));
        assert!(close(
            t.thrust * t.hover_share / t.gravity,
            4.0 / 3.0,
            1e-12
        ));
    }

    #[test]
    fn thrust_pushes_along_the_roof() {
        let t = FlightTunables::default();
        let mut f = aloft(0.0);
        f.pitch = 0.6;
        f.target_pitch = 0.6;
        let input = FlightInput {
            thrust: true,
            pointer: [0.0, 0.6 / t.max_pitch],
            ..FlightInput::default()
        };
        fly(&mut f, &input, &t, 1);
        // Tilted toward the heading (east): thrust drives east.
        assert!(f.velocity[0] > 0.0 && f.velocity[1].abs() < 1e-12);
    }

    #[test]
    fn the_brake_stops_drift_without_reversing_it() {
        let t = FlightTunables::default();
        let mut rng = Rng::new(11);
        for case in 0..100 {
            let mut f = aloft(0.0);
            f.z = 30.0;
            f.velocity = std::array::from_fn(|_| (rng.next_f64() * 2.0 - 1.0) * 6.0);
            let dir = f.velocity;
            let input = FlightInput {
                brake: true,
                ..FlightInput::default()
            };
            fly(&mut f, &input, &t, 600);
            let speed = dot(f.velocity, f.velocity).sqrt();
            assert!(speed < 0.05, "case {case}: still drifting at {speed}");
            // Horizontally nothing else acts: the drift never turns back.
            assert!(
                f.velocity[0] * dir[0] >= 0.0 && f.velocity[1] * dir[1] >= 0.0,
                "case {case}"
            );
        }
    }
}
