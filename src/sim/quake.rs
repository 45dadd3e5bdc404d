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
    /// Wish speed at full input, tiles per second (Quake: 320 units/s).
    pub max_speed: f64,
}

impl Default for QuakeTunables {
    fn default() -> Self {
        Self {
            friction: 4.0,
            stop_speed: 100.0 / UNITS_PER_TILE,
            accelerate: 10.0,
            max_speed: 320.0 / UNITS_PER_TILE,
        }
    }
}

/// One tick of ground movement: `velocity` (tiles per second, world frame)
/// after friction and acceleration toward `wish` (a world-frame vector of
/// length 0 to 1: direction and share of `max_speed`).
pub fn step(velocity: [f64; 2], wish: [f64; 2], dt: f64, tun: &QuakeTunables) -> [f64; 2] {
    let v = friction(velocity, dt, tun);
    accelerate(v, wish, dt, tun)
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
fn accelerate(v: [f64; 2], wish: [f64; 2], dt: f64, tun: &QuakeTunables) -> [f64; 2] {
    let len = wish[0].hypot(wish[1]);
    if len == 0.0 {
        return v;
    }
    let dir = [wish[0] / len, wish[1] / len];
    let wish_speed = tun.max_speed * len.min(1.0);
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

    #[test]
    fn friction_stops_full_speed_in_the_predicted_time() {
        // Above stop speed the speed decays by (1 - dt * friction) a tick;
        // below it, it falls by dt * stop_speed * friction a tick.
        let t = QuakeTunables::default();
        let mut predicted = 0;
        let mut s = t.max_speed;
        while s > t.stop_speed {
            s *= 1.0 - DT * t.friction;
            predicted += 1;
        }
        predicted += (s / (DT * t.stop_speed * t.friction)).ceil() as usize;
        let mut v = [t.max_speed, 0.0];
        let mut ticks = 0;
        while v[0] > 0.0 {
            v = step(v, [0.0, 0.0], DT, &t);
            ticks += 1;
        }
        assert_eq!(ticks, predicted);
        // About 0.54 s: ln(320/100)/4 of decay plus 100/(4*100) of linear stop.
        let secs = ticks as f64 * DT;
        assert!((secs - ((3.2f64).ln() / 4.0 + 0.25)).abs() < 0.02, "{secs}");
    }

    #[test]
    fn acceleration_reaches_max_speed_and_not_beyond() {
        let t = QuakeTunables::default();
        let mut v = [0.0, 0.0];
        for _ in 0..600 {
            v = step(v, [1.0, 0.0], DT, &t);
        }
        // Friction and acceleration balance a little under max speed.
        assert!(v[0] <= t.max_speed && v[0] > 0.9 * t.max_speed, "{v:?}");
    }
}
