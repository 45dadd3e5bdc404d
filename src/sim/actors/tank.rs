//! Tanks: tracked vehicles that move along article 002's exact arcs from
//! their two track speeds, hunt the player and fire shells along their
//! heading.

use super::geometry::{clear_line, overlaps_wall, turn_toward};
use super::shell::MAX_SHELLS;
use super::{Actors, Quarry, Who, WAYPOINT_STEPS};
use crate::angle::wrap_signed;
use crate::map::Map;
use crate::sim::flow::clear_band;
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
    /// How fast the turret turns toward the player, radians per second
    /// (it is only drawn: the gun fires along the hull).
    pub turret_rate: f64,
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
            turret_rate: 90f64.to_radians(),
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
    /// Which way the turret points, radians: toward the player it hunts,
    /// else along the hull. Only the sprite shows it (outside the state
    /// hash: nothing the tank does depends on it).
    pub turret: f64,
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
            turret: heading,
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
            // `used` stays: if the tank moved this tick before the hit, it
            // moved on those speeds (the trace's row must say so); the
            // wreck's first tick clears them.
            self.state = TankState::Wreck;
            (self.left, self.right) = (0.0, 0.0);
            return true;
        }
        false
    }
}

impl Actors {
    /// One tank's tick: see, drive along the exact arc, fire.
    pub(super) fn tank_tick(&mut self, i: usize, map: &Map, q: &Quarry, dt: f64) {
        let rules = self.tunables.tank;
        let tank = &mut self.tanks[i];
        if !tank.alive() {
            tank.used = (0.0, 0.0);
            return;
        }
        tank.flinch = tank.flinch.saturating_sub(1);
        tank.reload_ticks = tank.reload_ticks.saturating_sub(1);
        let pos = [tank.x, tank.y];
        let dist = (q.pos[0] - pos[0]).hypot(q.pos[1] - pos[1]);
        let sees = q.alive && dist <= rules.sight && clear_line(map, pos, q.pos);
        if sees && tank.state == TankState::Idle {
            tank.state = TankState::Hunt;
        }
        if tank.state == TankState::Hunt && q.alive {
            // Straight at the player only if the whole hull can pass;
            // else round what is in the way, down the flow field.
            let r = self.tanks[i].radius();
            let waypoint = match sees && clear_band(map, pos, q.pos, r) {
                true => None,
                false => self
                    .tank_flow(r)
                    .and_then(|f| f.waypoint(map, pos, r, WAYPOINT_STEPS)),
            };
            let (target, stop) = match waypoint {
                Some(p) => (p, 0.0),
                None => (q.pos, rules.drive.stop_distance),
            };
            let tank = &mut self.tanks[i];
            if tank.reversing > 0 {
                tank.reversing -= 1;
                tank.back_away(target, &rules, dt);
            } else {
                tank.steer_tracks(target, stop, &rules, dt);
            }
        } else {
            self.tanks[i].brake(&rules, dt);
        }
        self.drive_tank(i, map, dt);
        let tank = &mut self.tanks[i];
        let bearing = (q.pos[1] - tank.y).atan2(q.pos[0] - tank.x);
        let aim = match tank.state == TankState::Hunt && q.alive {
            true => bearing,
            false => tank.heading,
        };
        tank.turret = turn_toward(tank.turret, aim, rules.turret_rate * dt);
        let tank = &self.tanks[i];
        let aimed = wrap_signed(bearing - tank.heading).abs() <= rules.fire_cone;
        if sees && aimed && tank.reload_ticks == 0 && self.shells.len() < MAX_SHELLS {
            self.fire_shell(i);
        }
    }

    /// Moves tank `i` along the exact arc of its tracks; a hull that the
    /// arc would push into a wall or another body pivots in place instead
    /// (the tracks' difference kept, their sum given up), which no circle
    /// can be blocked doing. Blocked for long, it backs away (see
    /// [`TankRules::stuck_ticks`]).
    fn drive_tank(&mut self, i: usize, map: &Map, dt: f64) {
        let tank = &self.tanks[i];
        let (l, r) = (tank.left, tank.right);
        let to = tank.arc(dt);
        if !self.hull_blocked(i, map, [to.0, to.1]) {
            self.tanks[i].blocked = 0;
            self.tanks[i].commit(to, (l, r), dt);
            return;
        }
        let half = (l - r) * 0.5;
        let pivot = self.tanks[i].arc_with(half, -half, dt);
        let rules = self.tunables.tank;
        let tank = &mut self.tanks[i];
        (tank.left, tank.right) = (half, -half);
        tank.commit(pivot, (half, -half), dt);
        // Held against something: back away for a while, then try again.
        tank.blocked += 1;
        if tank.blocked >= rules.stuck_ticks {
            (tank.blocked, tank.reversing) = (0, rules.reverse_ticks);
        }
    }

    /// True if tank `i`'s hull at `to` would overlap a wall, or overlap
    /// another tank or the player more than it does now.
    fn hull_blocked(&self, i: usize, map: &Map, to: [f64; 2]) -> bool {
        let tank = &self.tanks[i];
        let r = tank.radius();
        if overlaps_wall(map, to, r) {
            return true;
        }
        let from = [tank.x, tank.y];
        let mut blocked = false;
        self.grid.near(to, r + self.widest, |k| {
            let b = self.bodies[k];
            if b.who == Who::Tank(i) || matches!(b.who, Who::Walker(_) | Who::Guard(_)) {
                return;
            }
            let depth = |p: [f64; 2]| r + b.radius - (p[0] - b.pos[0]).hypot(p[1] - b.pos[1]);
            blocked |= depth(to) > 0.0 && depth(to) > depth(from) + 1e-12;
        });
        blocked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::sim::actors::EnemyTunables;

    #[test]
    fn the_tick_a_tank_is_wrecked_keeps_the_speeds_it_moved_on() {
        let map = Map::from_rows(&["#########", "#>.....t#", "#########"]);
        let mut actors = Actors::spawn(&map, EnemyTunables::default());
        let rules = actors.tunables.tank;
        let dt = 1.0 / 120.0;
        // It moves on (1, 0.5) this tick, then a hit wrecks it.
        let t = &mut actors.tanks[0];
        let to = t.arc_with(1.0, 0.5, dt);
        t.commit(to, (1.0, 0.5), dt);
        assert!(t.hurt(rules.health.unsigned_abs() + 1, &rules));
        assert_eq!(t.used, (1.0, 0.5), "the row of this tick shows its move");
        assert_eq!((t.left, t.right), (0.0, 0.0));
        // The wreck's first tick: it moves no more, and its row says so.
        let quarry = Quarry {
            pos: [1.5, 1.5],
            radius: 0.3,
            alive: true,
            altitude: 0.0,
            speed: 0.0,
            facing: 0.0,
        };
        let (x, y) = (actors.tanks[0].x, actors.tanks[0].y);
        actors.step(&map, &quarry, &mut Rng::new(1), dt);
        let t = &actors.tanks[0];
        assert_eq!((t.x, t.y, t.used), (x, y, (0.0, 0.0)));
    }
}
