//! The rules the golden run is held to, worked out by hand from the
//! documentation: the numbers and the formulas, not read from the code.

/// The rules the checks hold the run to, as the documentation states them
/// (docs/playing.md, maps/README.md, `wobblecaster settings --defaults` and the
/// tunables' doc comments). Written out here on purpose: a test that read
/// them from the code would follow the code wherever it went.
pub mod spec {
    /// Health at the start of the map.
    pub const HEALTH: i32 = 100;
    /// A walker's health at spawn.
    pub const WALKER_HEALTH: i32 = 30;
    /// A tank's health at spawn.
    pub const TANK_HEALTH: i32 = 120;
    /// A walker's strike, "the least, and how much more at most": 4 to 10.
    pub const STRIKE: (u32, u32) = (4, 6);
    /// The player's shot, the same way: 9 to 18.
    pub const SHOT: (u32, u32) = (9, 9);
    /// A door slides open in a second (120 ticks), and shut in another.
    pub const DOOR_SLIDE_TICKS: u32 = 120;
    /// It stands open four seconds.
    pub const DOOR_OPEN_TICKS: u32 = 480;
    /// Jetpack friction takes 1/64 of the velocity a Lander frame...
    pub const LANDER_FRICTION: f64 = 1.0 / 64.0;
    /// ...and one of our ticks is 50/120 of a Lander frame.
    pub const LANDER_FRAMES_PER_TICK: f64 = 50.0 / 120.0;
    /// The fastest safe touchdown, tiles per second.
    pub const LANDING_SPEED: f64 = 1.2;
    /// Health lost per tile per second of touchdown over the landing speed.
    pub const CRASH_DAMAGE: f64 = 30.0;
    /// Quake's ground friction, per second.
    pub const QUAKE_FRICTION: f64 = 4.0;
    /// Quake's stop speed, 100 units/s at 64 units a tile.
    pub const QUAKE_STOP_SPEED: f64 = 100.0 / 64.0;
    /// Quake's acceleration, per second, times the wish speed.
    pub const QUAKE_ACCELERATE: f64 = 10.0;
    /// Quake's wish speed at full input, 320 units/s.
    pub const QUAKE_MAX_SPEED: f64 = 320.0 / 64.0;
    /// Wolfenstein 3D's walk, forward and sideways, tiles per second.
    pub const CLASSIC_SPEED: f64 = 5.6;
    /// Its walk backward, as a share of that.
    pub const CLASSIC_BACK_SHARE: f64 = 2.0 / 3.0;
    /// The player's radius, tiles.
    pub const PLAYER_RADIUS: f64 = 0.3;
}

/// SplitMix64 (Steele, Lea and Flood; Vigna's public-domain reference),
/// the world's generator: advances `state` and returns the next 64 bits.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A damage roll of `base` plus 0 to `extra`, uniform, from the next
/// number of `state`: its top 53 bits as a fraction of 1, scaled.
pub fn roll(state: &mut u64, (base, extra): (u32, u32)) -> u32 {
    let unit = (splitmix64(state) >> 11) as f64 / (1u64 << 53) as f64;
    base + (unit * f64::from(extra + 1)) as u32
}

/// How many numbers the generator handed out between states `from` and
/// `to` (each draw adds SplitMix64's constant to the state); None if more
/// than `most`.
pub fn draws(from: u64, to: u64, most: u64) -> Option<u64> {
    (0..=most).find(|&k| from.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) == to)
}

/// The health a touchdown costs: the speed it meets the floor at is the
/// flier's vertical speed after one tick of friction (Lander's order:
/// friction, thrust, then the move; `thrust` says if it fired), and every
/// tile per second over the landing speed costs the crash damage, rounded.
pub fn touchdown_damage(vz_before: f64, thrust: bool) -> (f64, u32) {
    assert!(!thrust, "the checks know only engine-off touchdowns");
    let keep = (1.0 - spec::LANDER_FRICTION).powf(spec::LANDER_FRAMES_PER_TICK);
    let impact = -vz_before * keep;
    let over = impact - spec::LANDING_SPEED;
    let damage = if over > 0.0 {
        (over * spec::CRASH_DAMAGE).round() as u32
    } else {
        0
    };
    (impact, damage)
}

/// Quake's velocity after one tick: its friction (speed falls by dt times
/// the larger of the speed and the stop speed, times the friction), then
/// its acceleration toward `wish` (a world vector, length 0 to 1) up to
/// the wish speed along it (WinQuake's SV_UserFriction and SV_Accelerate).
pub fn quake_velocity(v: [f64; 2], wish: [f64; 2]) -> [f64; 2] {
    let dt = 1.0 / 120.0;
    let speed = v[0].hypot(v[1]);
    let mut v = v;
    if speed > 0.0 {
        let control = speed.max(spec::QUAKE_STOP_SPEED);
        let new = (speed - dt * control * spec::QUAKE_FRICTION).max(0.0);
        v = [v[0] * new / speed, v[1] * new / speed];
    }
    let len = wish[0].hypot(wish[1]);
    if len == 0.0 {
        return v;
    }
    let dir = [wish[0] / len, wish[1] / len];
    let wish_speed = spec::QUAKE_MAX_SPEED * len.min(1.0);
    let add = wish_speed - (v[0] * dir[0] + v[1] * dir[1]);
    if add <= 0.0 {
        return v;
    }
    let gain = (spec::QUAKE_ACCELERATE * dt * wish_speed).min(add);
    [v[0] + gain * dir[0], v[1] + gain * dir[1]]
}

/// Wolfenstein 3D's velocity for the keys `forward` and `right` along
/// `heading`: each clamped on its own, back at 2/3 (y grows south, so
/// right of the heading (cos, sin) is (-sin, cos)).
pub fn classic_velocity(heading: f64, forward: f64, right: f64) -> [f64; 2] {
    let share = if forward < 0.0 {
        spec::CLASSIC_BACK_SHARE
    } else {
        1.0
    };
    let along = forward * spec::CLASSIC_SPEED * share;
    let across = right * spec::CLASSIC_SPEED;
    let (s, c) = heading.sin_cos();
    [along * c - across * s, along * s + across * c]
}
