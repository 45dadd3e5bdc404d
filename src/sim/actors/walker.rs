//! Walkers: figures that steer on foot with article 001's cardioid-weighted
//! anti-gravity, toward a goal direction read from the flow field.
//!
//! Behaviour is a table of states, as in Wolfenstein 3D: each state names
//! its sprite frame, how many ticks it lasts, what it does every tick
//! (`think`), what it does once on entry (`enter`) and the state after it.
//!
//! | state        | frame      | ticks | think  | enter  | next         |
//! |--------------|------------|-------|--------|--------|--------------|
//! | Stand        | walk 0     | -     | look   | -      | Stand        |
//! | Path1..4     | walk 0..3  | 24    | patrol | -      | Path2..Path1 |
//! | Chase1..4    | walk 0..3  | 16    | chase  | -      | Chase2..Chase1 |
//! | Attack1      | wind-up    | 30 *  | face   | -      | Attack2      |
//! | Attack2      | attack     | 18    | -      | strike | Chase1       |
//! | Pain         | pain       | 30    | -      | -      | Chase1       |
//! | Die1..3      | death 0..2 | 10    | -      | -      | Die2..Dead   |
//! | Dead         | death 3    | -     | -      | -      | Dead         |
//!
//! A duration of `-` (0 in the table) means the state lasts until a think
//! or a hit changes it.
//!
//! `Attack1` is the wind-up: the walker faces the player with its arms
//! drawn back (a frame of its own, so the strike can be seen coming) and
//! strikes as it leaves it. \* Its 30 ticks are the hard level's; the
//! difficulty sets `windup_ticks` (see [`Difficulty`](crate::sim::Difficulty)).

use crate::sim::steer::Push;

/// Every walker tunable, with its default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WalkerTunables {
    /// Body radius, tiles.
    pub radius: f64,
    /// Walking speed while patrolling, tiles per second.
    pub patrol_speed: f64,
    /// Walking speed while chasing, tiles per second.
    pub chase_speed: f64,
    /// Fastest turn of the body heading, radians per second.
    pub turn_rate: f64,
    /// Health at spawn.
    pub health: i32,
    /// Reach of the melee strike, tiles between the two bodies' edges.
    pub reach: f64,
    /// Damage of a strike: the least, and how much more at most.
    pub strike_damage: (u32, u32),
    /// How long the wind-up before a strike lasts, ticks (the table's
    /// `Attack1` row at the hard level).
    pub windup_ticks: u16,
    /// How far a walker sees, tiles.
    pub sight: f64,
    /// Half the angle of the walker's field of view, radians; the player is
    /// noticed outside it only when closer than `hearing`.
    pub half_view: f64,
    /// Within this many tiles a walker notices the player whatever way it
    /// looks (it hears the footsteps).
    pub hearing: f64,
}

impl Default for WalkerTunables {
    fn default() -> Self {
        Self {
            radius: 0.28,
            patrol_speed: 0.8,
            chase_speed: 1.5,
            turn_rate: 6.0,
            health: 30,
            reach: 0.35,
            strike_damage: (4, 6),
            windup_ticks: WINDUP_TICKS,
            sight: 24.0,
            half_view: 100f64.to_radians(),
            hearing: 2.0,
        }
    }
}

/// A walker's state (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum WalkerState {
    Stand,
    Path1,
    Path2,
    Path3,
    Path4,
    Chase1,
    Chase2,
    Chase3,
    Chase4,
    Attack1,
    Attack2,
    Pain,
    Die1,
    Die2,
    Die3,
    Dead,
}

/// Which sprite frame a state shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    /// A row of the walker sheet, drawn in the rotation that faces the viewer.
    Rotated(u8),
    /// A column of the death sheet, the same from every side.
    Flat(u8),
}

/// What a state does every tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Think {
    /// Nothing.
    None,
    /// Stand still and watch for the player.
    Look,
    /// Walk the beat and watch for the player.
    Patrol,
    /// Hunt the player; strike when in reach.
    Chase,
    /// Turn to face the player.
    Face,
}

/// What a state does once, on entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enter {
    /// Nothing.
    None,
    /// Hit the player if still in reach.
    Strike,
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
    pub next: WalkerState,
}

const fn def(frame: Frame, ticks: u16, think: Think, enter: Enter, next: WalkerState) -> StateDef {
    StateDef {
        frame,
        ticks,
        think,
        enter,
        next,
    }
}

use Frame::{Flat, Rotated};
use WalkerState as S;

/// Sheet row of the attack frame (the strike).
const ATTACK_ROW: u8 = 4;
/// Sheet row of the pain frame.
const PAIN_ROW: u8 = 5;
/// Sheet row of the wind-up frame (arms drawn back).
const WINDUP_ROW: u8 = 6;
/// The wind-up's length in the table, ticks: the hard level's.
const WINDUP_TICKS: u16 = 30;

/// The state table, in the order of [`WalkerState`].
const TABLE: [StateDef; 16] = [
    def(Rotated(0), 0, Think::Look, Enter::None, S::Stand),
    def(Rotated(0), 24, Think::Patrol, Enter::None, S::Path2),
    def(Rotated(1), 24, Think::Patrol, Enter::None, S::Path3),
    def(Rotated(2), 24, Think::Patrol, Enter::None, S::Path4),
    def(Rotated(3), 24, Think::Patrol, Enter::None, S::Path1),
    def(Rotated(0), 16, Think::Chase, Enter::None, S::Chase2),
    def(Rotated(1), 16, Think::Chase, Enter::None, S::Chase3),
    def(Rotated(2), 16, Think::Chase, Enter::None, S::Chase4),
    def(Rotated(3), 16, Think::Chase, Enter::None, S::Chase1),
    def(
        Rotated(WINDUP_ROW),
        WINDUP_TICKS,
        Think::Face,
        Enter::None,
        S::Attack2,
    ),
    def(
        Rotated(ATTACK_ROW),
        18,
        Think::None,
        Enter::Strike,
        S::Chase1,
    ),
    def(Rotated(PAIN_ROW), 30, Think::None, Enter::None, S::Chase1),
    def(Flat(0), 10, Think::None, Enter::None, S::Die2),
    def(Flat(1), 10, Think::None, Enter::None, S::Die3),
    def(Flat(2), 10, Think::None, Enter::None, S::Dead),
    def(Flat(3), 0, Think::None, Enter::None, S::Dead),
];

impl WalkerState {
    /// This state's row of the table.
    pub fn def(self) -> &'static StateDef {
        &TABLE[self as usize]
    }

    /// True while the walker is alive (not dying or dead).
    pub fn alive(self) -> bool {
        !matches!(self, S::Die1 | S::Die2 | S::Die3 | S::Dead)
    }

    /// True once the walker hunts the player.
    pub fn hunting(self) -> bool {
        !matches!(self, S::Stand | S::Path1 | S::Path2 | S::Path3 | S::Path4)
    }
}

/// One walker.
#[derive(Clone, Debug, PartialEq)]
pub struct Walker {
    /// Position in tiles.
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Which way the body faces, radians [0, 2pi).
    pub heading: f64,
    /// The state (see the table).
    pub state: WalkerState,
    /// Ticks left in the state (0 for a state with no set length).
    pub ticks_left: u16,
    /// Health; at 0 or below the walker dies.
    pub health: i32,
    /// Walks a beat when not hunting, rather than standing.
    pub patrol: bool,
    /// The steering pushes of its last step (article 001's coloured
    /// lines), for the F4 overlay; the goal direction is `goal`.
    pub pushes: Vec<Push>,
    /// The goal direction of its last step (unit, or zero when it stood).
    pub goal: [f64; 2],
}

impl Walker {
    /// A walker at (x, y) facing `heading`.
    pub fn new(x: f64, y: f64, heading: f64, patrol: bool, t: &WalkerTunables) -> Self {
        let state = if patrol { S::Path1 } else { S::Stand };
        Self {
            x,
            y,
            heading,
            state,
            ticks_left: state.def().ticks,
            health: t.health,
            patrol,
            pushes: Vec::new(),
            goal: [0.0; 2],
        }
    }

    /// Enters `state`, starting its clock; returns what to do on entry.
    pub fn set_state(&mut self, state: WalkerState) -> Enter {
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

    /// Starts the wind-up before a strike (`Attack1`), lasting the
    /// difficulty's `windup_ticks` rather than the table's.
    pub fn wind_up(&mut self, t: &WalkerTunables) {
        self.set_state(S::Attack1);
        self.ticks_left = t.windup_ticks.max(1);
    }

    /// Takes `damage`: flinches into pain, or starts to die. Returns true
    /// if this hit killed it.
    pub fn hurt(&mut self, damage: u32) -> bool {
        if !self.state.alive() {
            return false;
        }
        self.health -= damage as i32;
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
    fn every_state_leads_somewhere_and_loops_have_length() {
        for (i, def) in TABLE.iter().enumerate() {
            // A state that ends on its own goes to another state or loops
            // through a cycle of timed states; an untimed one must hold.
            if def.ticks == 0 {
                assert_eq!(def.next as usize, i, "untimed state {i} holds");
            }
        }
        // The walk cycles come back to their start.
        let mut s = S::Chase1;
        for _ in 0..4 {
            s = s.def().next;
        }
        assert_eq!(s, S::Chase1);
    }

    #[test]
    fn the_clock_moves_through_the_table_and_strikes_on_entry() {
        let t = WalkerTunables::default();
        let mut w = Walker::new(1.5, 1.5, 0.0, false, &t);
        assert_eq!(w.set_state(S::Attack1), Enter::None);
        let mut entered = Vec::new();
        for _ in 0..30 {
            entered.push(w.run_clock());
        }
        assert_eq!(w.state, S::Attack2);
        assert_eq!(entered.last(), Some(&Enter::Strike));
        assert_eq!(entered.iter().filter(|e| **e == Enter::Strike).count(), 1);
    }

    #[test]
    fn the_wind_up_shows_its_own_frame_for_the_difficultys_ticks() {
        let t = WalkerTunables {
            windup_ticks: 45,
            ..WalkerTunables::default()
        };
        let mut w = Walker::new(1.5, 1.5, 0.0, false, &t);
        w.wind_up(&t);
        assert_eq!(w.frame(), Frame::Rotated(WINDUP_ROW));
        assert_ne!(WINDUP_ROW, ATTACK_ROW);
        let ticks = (1..=100).find(|_| w.run_clock() == Enter::Strike);
        assert_eq!(ticks, Some(45));
        assert_eq!(w.frame(), Frame::Rotated(ATTACK_ROW));
        // The default is the table's own length.
        assert_eq!(
            WalkerTunables::default().windup_ticks,
            S::Attack1.def().ticks
        );
    }

    #[test]
    fn hits_flinch_then_kill_and_the_dead_stay_dead() {
        let t = WalkerTunables::default();
        let mut w = Walker::new(1.5, 1.5, 0.0, false, &t);
        assert!(!w.hurt(10));
        assert_eq!(w.state, S::Pain);
        assert!(w.hurt(100));
        assert_eq!(w.state, S::Die1);
        for _ in 0..100 {
            w.run_clock();
        }
        assert_eq!(w.state, S::Dead);
        assert_eq!(w.frame(), Frame::Flat(3));
        assert!(!w.hurt(10), "a corpse does not die twice");
    }
}
