//! The quake model: Quake's ground movement (id Software, WinQuake
//! sv_user.c, QuakeWorld pmove.c): friction, then acceleration toward a
//! wish direction, on a Cartesian velocity.
//!
//! Quake's units are converted at 64 units to the tile.

/// Quake units per tile (one Wolfenstein 3D tile is 64 units).
pub const UNITS_PER_TILE: f64 = 64.0;

/// Tunables of the quake model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuakeTunables {
    /// Ground friction, per second (Quake: 4).
    pub friction: f64,
    /// Below this speed friction acts as if at it, in tiles per second
    /// (Quake: 100 units/s).
    pub stop_speed: f64,
    /// Acceleration, per second, times the wish speed (Quake: 10).
    pub accelerate: f64,
    /// Wish speed at full input running, tiles per second (Quake: 320
    /// units/s, the server's sv_maxspeed).
    pub max_speed: f64,
    /// Wish speed at full input walking, tiles per second (Quake's
    /// cl_forwardspeed: 200 units/s).
    pub walk_speed: f64,
    /// True to run without the run key (Quake's "always run", on by
    /// default here as most players set it).
    pub always_run: bool,
    /// How fast the turn keys turn, radians per second (Quake's
    /// cl_yawspeed: 140 degrees per second).
    pub turn_speed: f64,
    /// Head bob amplitude, 1 Quake's (on in Quake, so on here).
    pub head_bob: f64,
    /// The view's roll into a strafe at full sideways speed, radians
    /// (Quake's cl_rollangle: 2 degrees).
    pub view_roll: f64,
}

/// How much faster the turn keys turn with the run key held (Quake's
/// cl_anglespeedkey).
pub const RUN_TURN_FACTOR: f64 = 1.5;

impl QuakeTunables {
    /// The wish speed at full input, tiles per second, with the run key
    /// held or not.
    pub fn wish_speed(&self, run: bool) -> f64 {
        match run || self.always_run {
            true => self.max_speed,
            false => self.walk_speed,
        }
    }

    /// The turn speed, radians per second, with the run key held or not.
    pub fn turn(&self, run: bool) -> f64 {
        self.turn_speed * if run { RUN_TURN_FACTOR } else { 1.0 }
    }
}

impl Default for QuakeTunables {
    fn default() -> Self {
        Self {
            friction: 4.0,
            stop_speed: 100.0 / UNITS_PER_TILE,
            accelerate: 10.0,
            max_speed: 320.0 / UNITS_PER_TILE,
            walk_speed: 200.0 / UNITS_PER_TILE,
            always_run: true,
            turn_speed: 140f64.to_radians(),
            head_bob: 1.0,
            view_roll: 2f64.to_radians(),
        }
    }
}

/// One tick of ground movement: `velocity` (tiles per second, world frame)
/// after friction and acceleration toward `wish` (a world-frame vector of
/// length 0 to 1: direction and share of the wish speed, running's if
/// `run` or always-run, else walking's).
pub fn step(
    velocity: [f64; 2],
    wish: [f64; 2],
    run: bool,
    dt: f64,
    tun: &QuakeTunables,
) -> [f64; 2] {
    let v = friction(velocity, dt, tun);
    accelerate(v, wish, tun.wish_speed(run), dt, tun)
}

/// Quake's ground friction: speed falls by dt * max(speed, stop_speed) * friction.
fn friction(v: [f64; 2], dt: f64, tun: &QuakeTunables) -> [f64; 2] {
    let speed = v[0].hypot(v[1]);
    if speed == 0.0 {
        return v;
    }
    let control = speed.max(tun.stop_speed);
    let new = (speed - dt * control * tun.friction).max(0.0);
    [v[0] * new / speed, v[1] * new / speed]
}

/// Quake's accelerate: add speed along the wish direction up to the wish speed.
fn accelerate(v: [f64; 2], wish: [f64; 2], top: f64, dt: f64, tun: &QuakeTunables) -> [f64; 2] {
    let len = wish[0].hypot(wish[1]);
    if len == 0.0 {
        return v;
    }
    let dir = [wish[0] / len, wish[1] / len];
    let wish_speed = top * len.min(1.0);
    let current = v[0] * dir[0] + v[1] * dir[1];
    let add = wish_speed - current;
    if add <= 0.0 {
        return v;
    }
    let gain = (tun.accelerate * dt * wish_speed).min(add);
    [v[0] + gain * dir[0], v[1] + gain * dir[1]]
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 120.0;
    /// No test loop runs longer than this many ticks (10 s): a regression
    /// that never stops fails instead of hanging.
    const LIMIT: usize = 1200;

    /// Quake's defaults in tiles, written out from the units of sv_user.c
    /// (sv_friction 4, sv_stopspeed 100, sv_accelerate 10, sv_maxspeed
    /// 320, at 64 units to the tile) rather than read from the tunables.
    const FRICTION: f64 = 4.0;
    const STOP_SPEED: f64 = 100.0 / 64.0;
    const ACCELERATE: f64 = 10.0;
    const MAX_SPEED: f64 = 320.0 / 64.0;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn the_defaults_are_quakes() {
        let t = QuakeTunables::default();
        assert_eq!(
            [t.friction, t.stop_speed, t.accelerate, t.max_speed],
            [FRICTION, STOP_SPEED, ACCELERATE, MAX_SPEED]
        );
    }

    #[test]
    fn one_tick_of_friction_takes_what_sv_user_friction_takes() {
        // SV_UserFriction: control = max(speed, stopspeed); the speed falls
        // by control * friction * dt, to no less than 0, and the velocity
        // keeps its direction.
        let t = QuakeTunables::default();
        let none = [0.0, 0.0];
        // Speed 5 (a 3-4-5 velocity), above stop speed: it loses
        // 5 * 4 / 120 = 1/6, leaving 29/6, so each part keeps 29/30.
        let v = step([3.0, 4.0], none, false, DT, &t);
        assert!(close(v[0], 2.9) && close(v[1], 4.0 * 29.0 / 30.0), "{v:?}");
        // Speed 1, below stop speed: it loses 1.5625 * 4 / 120 = 5/96.
        let v = step([0.6, -0.8], none, false, DT, &t);
        // (Speed 1: the new speed is also the share each part keeps.)
        let keep = 1.0 - 5.0 / 96.0;
        assert!(close(v[0], 0.6 * keep) && close(v[1], -0.8 * keep), "{v:?}");
        // Speed 0.05, less than a tick's loss (5/96 = 0.052): it stops dead
        // rather than turning round.
        assert_eq!(step([0.0, 0.05], none, false, DT, &t), [0.0, 0.0]);
        // At rest it stays at rest.
        assert_eq!(step(none, none, false, DT, &t), none);
    }

    #[test]
    fn friction_stops_full_speed_in_the_predicted_time() {
        // Above stop speed the speed decays by (1 - dt * friction) a tick;
        // below it, it falls by dt * stop_speed * friction a tick.
        let t = QuakeTunables::default();
        let mut predicted = None;
        let mut s = MAX_SPEED;
        for tick in 0..LIMIT {
            if s <= STOP_SPEED {
                let linear = (s / (DT * STOP_SPEED * FRICTION)).ceil() as usize;
                predicted = Some(tick + linear);
                break;
            }
            s *= 1.0 - DT * FRICTION;
        }
        let predicted = predicted.expect("the prediction slows below stop speed");
        let mut v = [t.max_speed, 0.0];
        let stopped = (1..=LIMIT).find(|_| {
            v = step(v, [0.0, 0.0], false, DT, &t);
            v[0] <= 0.0
        });
        assert_eq!(stopped, Some(predicted), "ticks to stop from full speed");
        // About 0.54 s: ln(320/100)/4 of decay plus 100/(4*100) of linear stop.
        let secs = predicted as f64 * DT;
        assert!((secs - ((3.2f64).ln() / 4.0 + 0.25)).abs() < 0.02, "{secs}");
    }

    #[test]
    fn acceleration_from_rest_is_friction_then_accelerate_each_tick() {
        // SV_Accelerate adds accelerate * dt * wishspeed = 10 * 5 / 120 =
        // 40/96 tiles/s a tick, after friction. The first tick has no speed
        // to rub off: 40/96. Below stop speed (150/96) friction takes a
        // fixed 5/96 a tick, so each later tick nets 35/96: after tick n,
        // (40 + 35 (n - 1)) / 96, until the speed passes 150/96 (tick 5).
        let t = QuakeTunables::default();
        let mut v = [0.0, 0.0];
        for n in 1..=5 {
            v = step(v, [1.0, 0.0], false, DT, &t);
            let expected = (40.0 + 35.0 * (n - 1) as f64) / 96.0;
            assert!(close(v[0], expected) && v[1] == 0.0, "tick {n}: {v:?}");
        }
        // Tick 6, above stop speed: friction keeps 29/30 of 180/96.
        v = step(v, [1.0, 0.0], false, DT, &t);
        assert!(
            close(v[0], 180.0 / 96.0 * 29.0 / 30.0 + 40.0 / 96.0),
            "{v:?}"
        );
    }

    #[test]
    fn acceleration_reaches_max_speed_and_not_beyond() {
        let t = QuakeTunables::default();
        let mut v = [0.0, 0.0];
        let reached = (1..=LIMIT).find(|_| {
            v = step(v, [1.0, 0.0], false, DT, &t);
            v[0] >= MAX_SPEED - 1e-9
        });
        assert!(reached.is_some(), "never reached max speed: {v:?}");
        // Held there: each tick friction takes 5 * 4 / 120 = 1/6 and the
        // acceleration tops it up to max speed exactly, never past it.
        for _ in 0..240 {
            let rubbed = step(v, [0.0, 0.0], false, DT, &t);
            assert!(close(rubbed[0], MAX_SPEED - 1.0 / 6.0), "{rubbed:?}");
            v = step(v, [1.0, 0.0], false, DT, &t);
            assert!(close(v[0], MAX_SPEED) && v[1] == 0.0, "{v:?}");
        }
    }

    #[test]
    fn walking_is_quakes_forward_speed_and_always_run_runs() {
        let mut t = QuakeTunables::default();
        let top = |t: &QuakeTunables, run| {
            let mut v = [0.0, 0.0];
            for _ in 0..600 {
                v = step(v, [1.0, 0.0], run, DT, t);
            }
            v[0] * UNITS_PER_TILE
        };
        // Always run, as most players set it: 320 units/s either way.
        assert!((top(&t, false) - 320.0).abs() < 1e-9);
        t.always_run = false;
        assert!((top(&t, false) - 200.0).abs() < 1e-9, "walking");
        assert!((top(&t, true) - 320.0).abs() < 1e-9, "the run key");
    }
}
