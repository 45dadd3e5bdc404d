//! The player's weapons: which are carried, the one in hand, the shared
//! ammunition, and the hands lowering one weapon and raising the next.
//! The rules of each weapon are rows of `tunable_table::arms`; this is the
//! state they act on, stepped once a tick by the world.
//!
//! As in Wolfenstein 3D (`WL_AGENT.C`): the player starts with the knife,
//! the pistol and 8 rounds; the guns share the rounds; with none left the
//! knife comes up once the last shot's cycle ends, and the gun chosen
//! comes back up when rounds are picked up (`GiveAmmo`); a better weapon
//! found is taken up at once (`GiveWeapon`); no gun can be chosen with no
//! rounds. Unlike Wolfenstein 3D, a switch takes time: the weapon in hand
//! goes down, then the next comes up, and neither fires meanwhile.

use super::tunable_table::arms::{self, AMMO};
use crate::map::{PickupKind, Weapon};

/// A choice of weapon: a number key, or a step of the wheel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Select {
    /// The weapon of a number key.
    Slot(Weapon),
    /// The next weapon carried that can fire, in the number keys' order.
    Next,
    /// The one before.
    Previous,
}

impl Select {
    /// The choice as recordings write it: the number key (`1` to `4`),
    /// `next` or `previous`.
    pub fn word(self) -> String {
        match self {
            Select::Slot(w) => (w.index() + 1).to_string(),
            Select::Next => "next".into(),
            Select::Previous => "previous".into(),
        }
    }

    /// The choice written `word`, if it is one.
    pub fn from_word(word: &str) -> Option<Select> {
        match word {
            "next" => Some(Select::Next),
            "previous" => Some(Select::Previous),
            _ => {
                let n: usize = word.parse().ok()?;
                Weapon::at(n.checked_sub(1)?).map(Select::Slot)
            }
        }
    }
}

/// What the hands are doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hands {
    /// The weapon in hand is up: it fires when the trigger asks.
    Ready,
    /// The weapon in hand is going down; `next` comes up after it.
    Lowering {
        /// Ticks until it is down.
        left: u16,
        /// The weapon to raise.
        next: Weapon,
    },
    /// The weapon in hand is coming up.
    Raising {
        /// Ticks until it is up.
        left: u16,
    },
}

/// The player's weapons and ammunition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arms {
    /// The weapon in hand (going down, coming up or up).
    pub held: Weapon,
    /// The weapon the player chose last: it comes back up when rounds
    /// arrive after the knife took over from an empty gun.
    pub chosen: Weapon,
    /// The weapons carried, a bit per [`Weapon::bit`].
    pub carried: u8,
    /// Rounds, shared by the guns, at most [`AMMO`]`.max`.
    pub ammo: u16,
    /// What the hands are doing.
    pub hands: Hands,
    /// Ticks until the weapon in hand can fire again.
    pub cooldown: u16,
    /// Ticks since the last shot (the animation's clock; it stops at the
    /// largest `u16`).
    pub since_shot: u16,
}

impl Default for Arms {
    fn default() -> Self {
        Self::new()
    }
}

impl Arms {
    /// A player's arms at the start of a map: the knife and the pistol,
    /// the pistol up, [`AMMO`]`.start` rounds.
    pub fn new() -> Self {
        Self {
            held: Weapon::Pistol,
            chosen: Weapon::Pistol,
            carried: Weapon::Knife.bit() | Weapon::Pistol.bit(),
            ammo: AMMO.start,
            hands: Hands::Ready,
            cooldown: 0,
            since_shot: u16::MAX,
        }
    }

    /// True if `weapon` is carried.
    pub fn carries(&self, weapon: Weapon) -> bool {
        self.carried & weapon.bit() != 0
    }

    /// True if `weapon` is carried and there are rounds for a shot of it.
    pub fn can_fire(&self, weapon: Weapon) -> bool {
        self.carries(weapon) && self.ammo >= arms::weapon(weapon).ammo_per_shot
    }

    /// The weapon the hands are bringing up or have up: the next one while
    /// lowering, else the one in hand.
    pub fn coming(&self) -> Weapon {
        match self.hands {
            Hands::Lowering { next, .. } => next,
            _ => self.held,
        }
    }

    /// Chooses a weapon (a number key or the wheel). A weapon not carried,
    /// or a gun with no rounds, is not taken up.
    pub fn select(&mut self, choice: Select) {
        let target = match choice {
            Select::Slot(w) => w,
            Select::Next => self.cycle(1),
            Select::Previous => self.cycle(Weapon::ALL.len() - 1),
        };
        if self.can_fire(target) {
            self.chosen = target;
            self.switch_to(target);
        }
    }

    /// The weapon `step` places on from the one coming up (round the end),
    /// among those that can fire; the one coming up if no other can.
    fn cycle(&self, step: usize) -> Weapon {
        let n = Weapon::ALL.len();
        let from = self.coming().index();
        (1..n)
            .filter_map(|k| Weapon::at((from + k * step) % n))
            .find(|&w| self.can_fire(w))
            .unwrap_or(self.coming())
    }

    /// Starts the hands toward `weapon`: the one in hand goes down (or, if
    /// it is already going down, the next one changes).
    fn switch_to(&mut self, weapon: Weapon) {
        self.hands = match self.hands {
            Hands::Lowering { left, .. } => Hands::Lowering { left, next: weapon },
            _ if weapon == self.held => return,
            _ => Hands::Lowering {
                left: AMMO.lower_ticks,
                next: weapon,
            },
        };
    }

    /// Runs one tick with the trigger held (`fire`) or not; returns the
    /// weapon that strikes this tick, if any. The dead do not fire.
    pub fn tick(&mut self, fire: bool, alive: bool) -> Option<Weapon> {
        self.cooldown = self.cooldown.saturating_sub(1);
        self.since_shot = self.since_shot.saturating_add(1);
        match self.hands {
            Hands::Lowering { left, next } if left <= 1 => {
                self.held = next;
                self.hands = Hands::Raising {
                    left: AMMO.raise_ticks,
                };
            }
            Hands::Lowering { left, next } => {
                self.hands = Hands::Lowering {
                    left: left - 1,
                    next,
                }
            }
            Hands::Raising { left } if left <= 1 => self.hands = Hands::Ready,
            Hands::Raising { left } => self.hands = Hands::Raising { left: left - 1 },
            Hands::Ready => {}
        }
        let up = self.hands == Hands::Ready && self.cooldown == 0;
        if up && !self.can_fire(self.held) {
            // Out of rounds: the knife, once the last shot's cycle is over.
            self.switch_to(Weapon::Knife);
            return None;
        }
        if !(fire && alive && up) {
            return None;
        }
        let row = arms::weapon(self.held);
        self.ammo -= row.ammo_per_shot;
        self.cooldown = row.refire_ticks;
        self.since_shot = 0;
        Some(self.held)
    }

    /// True if a pickup of `kind` is any use now: rounds while short of
    /// the most, a weapon not carried yet (or its rounds while short).
    pub fn wants(&self, kind: PickupKind) -> bool {
        match kind {
            PickupKind::Weapon(w) if !self.carries(w) => true,
            _ => arms::rounds_of(kind) > 0 && self.ammo < AMMO.max,
        }
    }

    /// Takes a pickup of `kind`: its rounds (up to the most), and a weapon
    /// better than any carried comes up at once. Rounds after the knife
    /// took over from an empty gun bring the chosen gun back up.
    pub fn take(&mut self, kind: PickupKind) {
        self.ammo = (self.ammo + arms::rounds_of(kind)).min(AMMO.max);
        if let PickupKind::Weapon(w) = kind {
            let best = Weapon::ALL.into_iter().rev().find(|&b| self.carries(b));
            self.carried |= w.bit();
            if best.is_none_or(|b| w > b) {
                self.chosen = w;
            }
        }
        if self.coming() != self.chosen && self.can_fire(self.chosen) {
            self.switch_to(self.chosen);
        }
    }

    /// The arms' state as words for the world's hash.
    pub fn hash_words(&self, word: &mut impl FnMut(u64)) {
        let (hands, left, next) = match self.hands {
            Hands::Ready => (0, 0, 0),
            Hands::Lowering { left, next } => (1, left, next.index()),
            Hands::Raising { left } => (2, left, 0),
        };
        word(
            self.held.index() as u64
                | (self.chosen.index() as u64) << 4
                | u64::from(self.carried) << 8
                | u64::from(self.ammo) << 16
                | u64::from(self.cooldown) << 32
                | (hands as u64) << 48
                | (next as u64) << 52,
        );
        word(u64::from(left) | u64::from(self.since_shot) << 16);
    }
}

#[cfg(test)]
#[path = "weapons_tests.rs"]
mod tests;
