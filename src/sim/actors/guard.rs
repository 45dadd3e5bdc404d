//! Guards: soldiers on foot who see the player only along a clear line
//! and within their view, shout, react after a short random delay, chase
//! along the flow field and fire hitscan shots, as Wolfenstein 3D's guards
//! do (id Software's released source, `WOLFSRC/WL_ACT2.C` and
//! `WL_STATE.C`).
//!
//! Behaviour is a table of states, as the walkers' is: each state names
//! its sprite frame, how many ticks it lasts, what it does every tick
//! (`think`), what it does once on entry (`enter`) and the state after it.
//! The ticks are Wolfenstein 3D's tics (70 a second) at this game's 120 a
//! second, `tics x 12 / 7` rounded.
//!
//! | state       | frame      | ticks | Wolf3D state, tics      | think  | enter | next       |
//! |-------------|------------|-------|-------------------------|--------|-------|------------|
//! | Stand       | walk 0     | -     | `s_grdstand`, 0         | look   | -     | Stand      |
//! | Path1       | walk 0     | 34    | `s_grdpath1`, 20        | patrol | -     | Path1s     |
//! | Path1s      | walk 0     | 9     | `s_grdpath1s`, 5        | -      | -     | Path2      |
//! | Path2       | walk 1     | 26    | `s_grdpath2`, 15        | patrol | -     | Path3      |
//! | Path3       | walk 2     | 34    | `s_grdpath3`, 20        | patrol | -     | Path3s     |
//! | Path3s      | walk 2     | 9     | `s_grdpath3s`, 5        | -      | -     | Path4      |
//! | Path4       | walk 3     | 26    | `s_grdpath4`, 15        | patrol | -     | Path1      |
//! | Chase1      | walk 0     | 17    | `s_grdchase1`, 10       | chase  | -     | Chase1s    |
//! | Chase1s     | walk 0     | 5     | `s_grdchase1s`, 3       | -      | -     | Chase2     |
//! | Chase2      | walk 1     | 14    | `s_grdchase2`, 8        | chase  | -     | Chase3     |
//! | Chase3      | walk 2     | 17    | `s_grdchase3`, 10       | chase  | -     | Chase3s    |
//! | Chase3s     | walk 2     | 5     | `s_grdchase3s`, 3       | -      | -     | Chase4     |
//! | Chase4      | walk 3     | 14    | `s_grdchase4`, 8        | chase  | -     | Chase1     |
//! | Aim         | aim        | 34    | `s_grdshoot1`, 20       | face   | -     | Fire       |
//! | Fire        | fire       | 34    | `s_grdshoot2`, 20       | -      | shoot | Recover    |
//! | Recover     | aim        | 34    | `s_grdshoot3`, 20       | -      | -     | Chase1     |
//! | Pain        | pain       | 17    | `s_grdpain`, 10         | -      | -     | Chase1     |
//! | Die1..3     | death 0..2 | 26    | `s_grddie1..3`, 15      | -      | -     | Die2..Dead |
//! | Dead        | death 3    | -     | `s_grddie4`, 0          | -      | -     | Dead       |
//!
//! A duration of `-` (0 in the table) means the state lasts until a think
//! or a hit changes it.
//!
//! ## The tunables and where each comes from
//!
//! | tunable | default | source |
//! |---|---|---|
//! | `radius` | 0.28 tiles | the walkers' body, so guards share their flow field |
//! | `patrol_speed` | 0.547 tiles/s | `SPDPATROL` 512 units a tic: 512 / 65536 tiles x 70 |
//! | `chase_speed` | 1.64 tiles/s | `FirstSighting`: a guard's speed times 3 |
//! | `turn_rate` | 6 rad/s | the walkers' (Wolf3D turns in 45 degree steps at once) |
//! | `health` | 25 | `starthitpoints`: guards 25 at every level (the difficulty scales it here, as every enemy's) |
//! | `close_sight` | 1.5 tiles | `MINSIGHT` 0x18000: sight is automatic this close (on each axis) |
//! | `half_view` | 90 degrees | `CheckSight`: a guard facing north sees no player south of it, a half plane |
//! | `sight` | 64 tiles | none in Wolf3D; a Wolf3D map is 64 tiles across |
//! | `reaction` | 2 + 0..108 ticks | `SightPlayer`: `1 + US_RndT()/4` tics, 1 to 64, x 12 / 7 |
//! | `aim_chance` | 9.33 / 256 per tick | `T_Chase`: `(tics << 4) / dist` out of 256 per tic; per tick x 70 / 120 |
//! | `keep_away` | 1 tile | `MINACTORDIST` 0x10000: the nearest an actor comes |
//! | `hit_base` | 256, 160 running | `T_Shoot`'s `hitchance` |
//! | `hit_per_tile` | 16 seen, 8 unseen | `T_Shoot`: "player can see to dodge" |
//! | `fast_speed` | 3.2 tiles/s | see below |
//! | `damage_shift` | `rnd >> 2` under 2 tiles, `>> 3` under 4, `>> 4` beyond | `T_Shoot` |
//! | `surprise` | 2 | `DamageActor`: a guard not yet in attack mode takes double damage |
//! | `seen_half_angle` | 45 degrees | half the renderer's default field of view (90): Wolf3D's `FL_VISABLE` is "drawn in the last frame" |
//!
//! `fast_speed`: Wolf3D's `RUNSPEED` (6000 units a tic, 6.4 tiles a
//! second) sits just above its walking speed (5.6 tiles a second, the
//! classic model's walk), so only its runners dodge better. This game has
//! models with no run key (the polar model tops out at 4 tiles a second,
//! Quake's at 5), so one threshold serves every model: 80 % of the
//! slowest model's top speed, 3.2 tiles a second, which a player reaches
//! in every model by moving flat out and not by edging round a corner.

use crate::sim::steer::Push;

pub use super::walker::Frame;

/// Wolfenstein 3D's tics per second.
const WOLF_TICS: f64 = 70.0;
/// Wolfenstein 3D's units per tile (`TILEGLOBAL`).
const WOLF_UNITS: f64 = 65536.0;

/// Every guard tunable, with its default (the sources are in the module's
/// table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GuardTunables {
    /// Body radius, tiles.
    pub radius: f64,
    /// Walking speed on the beat, tiles per second.
    pub patrol_speed: f64,
    /// Walking speed while chasing, tiles per second.
    pub chase_speed: f64,
    /// Fastest turn of the body heading, radians per second.
    pub turn_rate: f64,
    /// Health at spawn.
    pub health: i32,
    /// Closer than this on both axes, tiles, a guard sees the player
    /// whichever way it faces (the line must still be clear).
    pub close_sight: f64,
    /// Half the angle of a guard's view, radians.
    pub half_view: f64,
    /// How far a guard sees, tiles.
    pub sight: f64,
    /// The delay between seeing the player and reacting, ticks: the least
    /// and how many more at most.
    pub reaction: (u32, u32),
    /// The chance per tick of a chasing guard with a clear line stopping
    /// to aim, out of 256, divided by the distance in tiles.
    pub aim_chance: f64,
    /// A chasing guard comes no nearer than this, tiles between centres.
    pub keep_away: f64,
    /// A shot's hit chance out of 256 at no distance: at a player moving
    /// slower than `fast_speed`, and faster.
    pub hit_base: (i32, i32),
    /// What each tile of distance takes off the hit chance: when the
    /// player can see the guard, and when not.
    pub hit_per_tile: (i32, i32),
    /// A player moving at least this fast, tiles per second, is harder to
    /// hit.
    pub fast_speed: f64,
    /// A hit's damage is a roll of 0 to 255 shifted right by the first
    /// number under 2 tiles, the second under 4, the third beyond.
    pub damage_shift: (u32, u32, u32),
    /// A guard not yet hunting takes its hits times this.
    pub surprise: u32,
    /// The player sees a guard within this angle of the view's centre,
    /// radians (and with a clear line).
    pub seen_half_angle: f64,
}

impl Default for GuardTunables {
    fn default() -> Self {
        let patrol = 512.0 / WOLF_UNITS * WOLF_TICS;
        Self {
            radius: 0.28,
            patrol_speed: patrol,
            chase_speed: patrol * 3.0,
            turn_rate: 6.0,
            health: 25,
            close_sight: 1.5,
            half_view: 90f64.to_radians(),
            sight: 64.0,
            reaction: (2, 108),
            aim_chance: 16.0 * WOLF_TICS / 120.0,
            keep_away: 1.0,
            hit_base: (256, 160),
            hit_per_tile: (16, 8),
            fast_speed: 3.2,
            damage_shift: (2, 3, 4),
            surprise: 2,
            seen_half_angle: 45f64.to_radians(),
        }
    }
}

/// A shot's chance to hit out of 256 (`T_Shoot`): it falls with `dist`,
/// the distance in tiles (the larger of the tile steps across and down),
/// twice as fast when the player can see the shooter (`seen`), and from a
/// lower start when the player moves `fast`. It may be 0 or below: no
/// chance.
pub fn hit_chance(dist: u32, seen: bool, fast: bool, t: &GuardTunables) -> i32 {
    let base = if fast { t.hit_base.1 } else { t.hit_base.0 };
    let per = if seen {
        t.hit_per_tile.0
    } else {
        t.hit_per_tile.1
    };
    base.saturating_sub(per.saturating_mul(dist.min(i32::MAX as u32) as i32))
}

/// A hit's damage from a roll of 0 to 255 (`T_Shoot`): a quarter of it
/// under 2 tiles, an eighth under 4, a sixteenth beyond.
pub fn hit_damage(dist: u32, roll: u32, t: &GuardTunables) -> u32 {
    let shift = match dist {
        0..=1 => t.damage_shift.0,
        2..=3 => t.damage_shift.1,
        _ => t.damage_shift.2,
    };
    roll.min(255) >> shift.min(31)
}

/// The distance in tiles between tiles `a` and `b`: the larger of the
/// steps across and down, as Wolfenstein 3D measures.
pub fn tile_distance(a: (i64, i64), b: (i64, i64)) -> u32 {
    let d = (a.0 - b.0).unsigned_abs().max((a.1 - b.1).unsigned_abs());
    u32::try_from(d).unwrap_or(u32::MAX)
}

/// A guard's state (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum GuardState {
    Stand,
    Path1,
    Path1s,
    Path2,
    Path3,
    Path3s,
    Path4,
    Chase1,
    Chase1s,
    Chase2,
    Chase3,
    Chase3s,
    Chase4,
    Aim,
    Fire,
    Recover,
    Pain,
    Die1,
    Die2,
    Die3,
    Dead,
}

/// What a state does every tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Think {
    /// Nothing (a pause in the walk, a flinch, a fall).
    None,
    /// Stand still and watch for the player.
    Look,
    /// Walk the beat and watch for the player.
    Patrol,
    /// Hunt the player; maybe stop to aim.
    Chase,
    /// Turn to face the player.
    Face,
}

/// What a state does once, on entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enter {
    /// Nothing.
    None,
    /// Fire a shot at the player (`T_Shoot`).
    Shoot,
}

/// One row of the state table.
#[derive(Clone, Copy, Debug)]
pub struct StateDef {
    /// The sprite frame shown.
    pub frame: Frame,
    /// How long the state lasts, ticks (0: until something changes it).
    pub ticks: u16,
    /// What it does each tick.
    pub think: Think,
    /// What it does on entry.
    pub enter: Enter,
    /// The state after it.
    pub next: GuardState,
}

const fn def(frame: Frame, ticks: u16, think: Think, enter: Enter, next: GuardState) -> StateDef {
    StateDef {
        frame,
        ticks,
        think,
        enter,
        next,
    }
}

use Frame::{Flat, Rotated};
use GuardState as S;

/// Sheet row of the aiming frame.
pub const AIM_ROW: u8 = 4;
/// Sheet row of the firing frame (the muzzle flash).
pub const FIRE_ROW: u8 = 5;
/// Sheet row of the pain frame.
pub const PAIN_ROW: u8 = 6;
/// Sheet row of the death frames (columns 0 to 3, the same from every
/// side).
pub const DEATH_ROW: u8 = 7;

/// Wolfenstein 3D tics as this game's ticks: `tics x 12 / 7`, rounded.
const fn ticks(tics: u16) -> u16 {
    (tics * 12 + 3) / 7
}

/// The state table, in the order of [`GuardState`].
#[rustfmt::skip]
const TABLE: [StateDef; 21] = [
    def(Rotated(0), 0,         Think::Look,   Enter::None,  S::Stand),
    def(Rotated(0), ticks(20), Think::Patrol, Enter::None,  S::Path1s),
    def(Rotated(0), ticks(5),  Think::None,   Enter::None,  S::Path2),
    def(Rotated(1), ticks(15), Think::Patrol, Enter::None,  S::Path3),
    def(Rotated(2), ticks(20), Think::Patrol, Enter::None,  S::Path3s),
    def(Rotated(2), ticks(5),  Think::None,   Enter::None,  S::Path4),
    def(Rotated(3), ticks(15), Think::Patrol, Enter::None,  S::Path1),
    def(Rotated(0), ticks(10), Think::Chase,  Enter::None,  S::Chase1s),
    def(Rotated(0), ticks(3),  Think::None,   Enter::None,  S::Chase2),
    def(Rotated(1), ticks(8),  Think::Chase,  Enter::None,  S::Chase3),
    def(Rotated(2), ticks(10), Think::Chase,  Enter::None,  S::Chase3s),
    def(Rotated(2), ticks(3),  Think::None,   Enter::None,  S::Chase4),
    def(Rotated(3), ticks(8),  Think::Chase,  Enter::None,  S::Chase1),
    def(Rotated(AIM_ROW),  ticks(20), Think::Face, Enter::None,  S::Fire),
    def(Rotated(FIRE_ROW), ticks(20), Think::None, Enter::Shoot, S::Recover),
    def(Rotated(AIM_ROW),  ticks(20), Think::None, Enter::None,  S::Chase1),
    def(Rotated(PAIN_ROW), ticks(10), Think::None, Enter::None,  S::Chase1),
    def(Flat(0), ticks(15), Think::None, Enter::None, S::Die2),
    def(Flat(1), ticks(15), Think::None, Enter::None, S::Die3),
    def(Flat(2), ticks(15), Think::None, Enter::None, S::Dead),
    def(Flat(3), 0,         Think::None, Enter::None, S::Dead),
];

impl GuardState {
    /// This state's row of the table.
    pub fn def(self) -> &'static StateDef {
        &TABLE[self as usize]
    }

    /// True while the guard is alive (not dying or dead).
    pub fn alive(self) -> bool {
        !matches!(self, S::Die1 | S::Die2 | S::Die3 | S::Dead)
    }

    /// True once the guard hunts the player (Wolf3D's `FL_ATTACKMODE`).
    pub fn hunting(self) -> bool {
        self.alive() && !self.calm()
    }

    /// True while it stands or walks its beat, unaware of the player.
    pub fn calm(self) -> bool {
        matches!(
            self,
            S::Stand | S::Path1 | S::Path1s | S::Path2 | S::Path3 | S::Path3s | S::Path4
        )
    }
}

/// One guard.
#[derive(Clone, Debug, PartialEq)]
pub struct Guard {
    /// Position in tiles.
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Which way the body faces, radians [0, 2pi).
    pub heading: f64,
    /// The state (see the table).
    pub state: GuardState,
    /// Ticks left in the state (0 for a state with no set length).
    pub ticks_left: u16,
    /// Health; at 0 or below the guard dies.
    pub health: i32,
    /// Walks a beat when not hunting, rather than standing.
    pub patrol: bool,
    /// Ticks left before it reacts to the player it has seen or heard (0:
    /// it has not).
    pub reaction: u32,
    /// Heard gunfire since its last tick: it reacts as to a sighting.
    pub heard: bool,
    /// The steering pushes of its last step.
    pub pushes: Vec<Push>,
}

impl Guard {
    /// A guard at (x, y) facing `heading`.
    pub fn new(x: f64, y: f64, heading: f64, patrol: bool, t: &GuardTunables) -> Self {
        let state = if patrol { S::Path1 } else { S::Stand };
        Self {
            x,
            y,
            heading,
            state,
            ticks_left: state.def().ticks,
            health: t.health,
            patrol,
            reaction: 0,
            heard: false,
            pushes: Vec::new(),
        }
    }

    /// Enters `state`, starting its clock; returns what to do on entry.
    pub fn set_state(&mut self, state: GuardState) -> Enter {
        self.state = state;
        let def = state.def();
        self.ticks_left = def.ticks;
        def.enter
    }

    /// Runs the state clock one tick: returns the entry action of the state
    /// entered, if the clock ran out.
    pub fn run_clock(&mut self) -> Enter {
        if self.ticks_left == 0 {
            return Enter::None;
        }
        self.ticks_left -= 1;
        if self.ticks_left > 0 {
            return Enter::None;
        }
        self.set_state(self.state.def().next)
    }

    /// Takes `damage` (doubled by `surprise` if it was not yet hunting):
    /// flinches into pain and hunts, or starts to die. Returns true if
    /// this hit killed it.
    pub fn hurt(&mut self, damage: u32, t: &GuardTunables) -> bool {
        if !self.state.alive() {
            return false;
        }
        let damage = match self.state.calm() {
            true => damage.saturating_mul(t.surprise),
            false => damage,
        };
        self.health = self
            .health
            .saturating_sub(damage.min(i32::MAX as u32) as i32);
        self.reaction = 0;
        if self.health <= 0 {
            self.set_state(S::Die1);
            true
        } else {
            self.set_state(S::Pain);
            false
        }
    }

    /// The sprite frame to show now.
    pub fn frame(&self) -> Frame {
        self.state.def().frame
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_leads_somewhere_and_the_cycles_close() {
        for (i, def) in TABLE.iter().enumerate() {
            if def.ticks == 0 {
                assert_eq!(def.next as usize, i, "untimed state {i} holds");
            }
        }
        for start in [S::Chase1, S::Path1] {
            let mut s = start;
            for _ in 0..6 {
                s = s.def().next;
            }
            assert_eq!(s, start);
        }
        // Wolf3D's 20 tics of aim are 34 ticks here (0.29 s either way).
        assert_eq!(S::Aim.def().ticks, 34);
        assert_eq!(S::Die1.def().ticks, 26);
    }

    #[test]
    fn the_clock_aims_then_fires_once_then_chases() {
        let t = GuardTunables::default();
        let mut g = Guard::new(1.5, 1.5, 0.0, false, &t);
        g.set_state(S::Aim);
        let entered: Vec<Enter> = (0..34).map(|_| g.run_clock()).collect();
        assert_eq!(g.state, S::Fire);
        assert_eq!(entered.last(), Some(&Enter::Shoot));
        assert_eq!(entered.iter().filter(|e| **e == Enter::Shoot).count(), 1);
        assert_eq!(g.frame(), Frame::Rotated(FIRE_ROW));
        for _ in 0..68 {
            assert_eq!(g.run_clock(), Enter::None);
        }
        assert_eq!(g.state, S::Chase1);
    }

    #[test]
    fn a_surprised_guard_takes_double_then_pain_then_death() {
        let t = GuardTunables::default();
        let mut g = Guard::new(1.5, 1.5, 0.0, true, &t);
        assert!(!g.hurt(9, &t));
        assert_eq!(g.health, 25 - 18, "calm: double damage");
        assert_eq!(g.state, S::Pain);
        assert!(g.state.hunting());
        assert!(g.hurt(9, &t), "hunting: plain damage, 7 - 9 < 0");
        assert_eq!(g.state, S::Die1);
        for _ in 0..200 {
            g.run_clock();
        }
        assert_eq!(g.state, S::Dead);
        assert_eq!(g.frame(), Frame::Flat(3));
        assert!(!g.hurt(10, &t), "a corpse does not die twice");
    }
}
