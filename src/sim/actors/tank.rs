//! Tanks: tracked vehicles that move along article 002's exact arcs from
//! their two track speeds, hunt the player and fire shells along their
//! heading.

use crate::sim::tracks::{self, TankTunables};

/// The hull's radius as a multiple of the half width between the tracks:
/// the tracks sit inside the hull, which is longer than it is wide.
pub const BODY_PER_HALF_WIDTH: f64 = 1.3;

/// Every tank rule apart from driving, with its default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TankRules {
    /// How the tank drives (track speeds, acceleration, controller).
    pub drive: TankTunables,
    /// Health at spawn.
    pub health: i32,
    /// Seconds between two shells.
    pub reload: f64,
    /// The tank fires when the player is within this angle of its heading,
    /// radians.
    pub fire_cone: f64,
    /// How far a tank sees, tiles.
    pub sight: f64,
    /// Ticks the hull flashes after a hit (its flinch: a tank does not stop
    /// for pain).
    pub flinch_ticks: u16,
    /// After this many ticks in a row with its arc blocked, a tank backs
    /// away.
    pub stuck_ticks: u16,
    /// How long it backs away, ticks.
    pub reverse_ticks: u16,
    /// Its track speeds while backing away, as shares of the top speed:
    /// (the outer track, the inner one); unequal, so it backs along an arc
    /// that swings its nose toward the target.
    pub reverse_tracks: (f64, f64),
}

impl Default for TankRules {
    fn default() -> Self {
        Self {
            drive: TankTunables::default(),
            health: 120,
            reload: 2.5,
            fire_cone: 4f64.to_radians(),
            sight: 30.0,
            flinch_ticks: 12,
            stuck_ticks: 30,
            reverse_ticks: 90,
            reverse_tracks: (0.9, 0.4),
        }
    }
}

/// What a tank is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TankState {
    /// Waiting: it has not seen the player yet.
    Idle,
    /// Hunting the player.
    Hunt,
    /// Destroyed: a wreck that still blocks the way.
    Wreck,
}

/// One tank.
#[derive(Clone, Debug, PartialEq)]
pub struct Tank {
    /// Position in tiles (the point midway between the tracks).
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Which way the hull points, radians [0, 2pi).
    pub heading: f64,
    /// Half the distance between the tracks, tiles (article 002's `d`).
    pub half_width: f64,
    /// Left track speed now, tiles per second.
    pub left: f64,
    /// Right track speed now, tiles per second.
    pub right: f64,
    /// The track speeds that moved it in its last tick: `(left, right)`,
    /// tiles per second (a blocked hull pivots instead of driving, so these
    /// can differ from what the controller asked for).
    pub used: (f64, f64),
    /// What it is doing.
    pub state: TankState,
    /// Health; at 0 or below it is wrecked.
    pub health: i32,
    /// Ticks until it can fire again.
    pub reload_ticks: u32,
    /// Ticks left of the hit flash.
    pub flinch: u16,
    /// Distance the tracks have run, tiles: drives the tread animation.
    pub tread: f64,
    /// Ticks in a row its arc has been blocked.
    pub blocked: u16,
    /// Ticks left of backing away from what blocked it.
    pub reversing: u16,
}

impl Tank {
    /// A tank at (x, y) facing `heading` with tracks `half_width` from its
    /// centre line.
    pub fn new(x: f64, y: f64, heading: f64, half_width: f64, rules: &TankRules) -> Self {
        Self {
            x,
            y,
            heading,
            half_width,
            left: 0.0,
            right: 0.0,
            used: (0.0, 0.0),
            state: TankState::Idle,
            health: rules.health,
            reload_ticks: 0,
            flinch: 0,
            tread: 0.0,
            blocked: 0,
            reversing: 0,
        }
    }

    /// The hull's radius, tiles.
    pub fn radius(&self) -> f64 {
        self.half_width * BODY_PER_HALF_WIDTH
    }

    /// True until it is wrecked.
    pub fn alive(&self) -> bool {
        self.state != TankState::Wreck
    }

    /// Accelerates each track toward what the controller wants for
    /// `target` (holding off at `stop` tiles), within the track
    /// acceleration limit over `dt` seconds.
    pub fn steer_tracks(&mut self, target: [f64; 2], stop: f64, rules: &TankRules, dt: f64) {
        let drive = TankTunables {
            stop_distance: stop,
            ..rules.drive
        };
        let (l, r) = tracks::drive(
            self.x,
            self.y,
            self.heading,
            self.half_width,
            target,
            &drive,
        );
        let step = rules.drive.track_accel * dt;
        self.left = tracks::approach(self.left, l, step);
        self.right = tracks::approach(self.right, r, step);
    }

    /// Accelerates the tracks toward backing away on an arc that turns the
    /// heading toward `target`.
    pub fn back_away(&mut self, target: [f64; 2], rules: &TankRules, dt: f64) {
        let bearing = (target[1] - self.y).atan2(target[0] - self.x);
        let error = crate::angle::wrap_signed(bearing - self.heading);
        let max = rules.drive.max_track_speed;
        let (outer, inner) = rules.reverse_tracks;
        // Backing with the left track slower (less negative) than the right
        // turns the heading up (clockwise), and the other way round.
        let (l, r) = match error >= 0.0 {
            true => (-inner * max, -outer * max),
            false => (-outer * max, -inner * max),
        };
        let step = rules.drive.track_accel * dt;
        self.left = tracks::approach(self.left, l, step);
        self.right = tracks::approach(self.right, r, step);
    }

    /// Brings both tracks toward a stop.
    pub fn brake(&mut self, rules: &TankRules, dt: f64) {
        let step = rules.drive.track_accel * dt;
        self.left = tracks::approach(self.left, 0.0, step);
        self.right = tracks::approach(self.right, 0.0, step);
    }

    /// Where the exact arc of the current track speeds over `dt` would put
    /// the tank: `(x, y, heading)`.
    pub fn arc(&self, dt: f64) -> (f64, f64, f64) {
        self.arc_with(self.left, self.right, dt)
    }

    /// The exact arc of track speeds `left` and `right` over `dt`.
    pub fn arc_with(&self, left: f64, right: f64, dt: f64) -> (f64, f64, f64) {
        tracks::arc_step(
            self.x,
            self.y,
            self.heading,
            left,
            right,
            self.half_width,
            dt,
        )
    }

    /// Makes the move to `to`, driven by track speeds `used`.
    pub fn commit(&mut self, to: (f64, f64, f64), used: (f64, f64), dt: f64) {
        (self.x, self.y) = (to.0, to.1);
        self.heading = crate::angle::wrap_positive(to.2);
        self.used = used;
        self.tread += (used.0.abs() + used.1.abs()) * 0.5 * dt;
    }

    /// Takes `damage`: a flash, or the wreck. Returns true if this hit
    /// wrecked it.
    pub fn hurt(&mut self, damage: u32, rules: &TankRules) -> bool {
        if !self.alive() {
            return false;
        }
        self.health -= damage as i32;
        self.flinch = rules.flinch_ticks;
        self.state = TankState::Hunt;
        if self.health <= 0 {
            self.state = TankState::Wreck;
            (self.left, self.right, self.used) = (0.0, 0.0, (0.0, 0.0));
            return true;
        }
        false
    }
}
