//! How the weapons look: which frame of the weapons sheet the hands show
//! (the weapon's row; ready, the shot with its flash, the recoil and the
//! recovery along it), how far down a switch has them, and which frame of
//! the rounds-and-weapons sheet a pickup lying on the floor shows.

use crate::map::{PickupKind, Weapon};
use crate::sim::tunable_table::arms::{self, AMMO};
use crate::sim::weapons::Hands;
use crate::sim::World;

/// The frames of a weapon's row: up and still, the shot (the flash, or
/// the knife's swing), the recoil (the knife's strike), the recovery.
pub(super) const WEAPON_FRAMES: usize = 4;

/// What the hands show this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Wield {
    /// The weapons sheet's row: the weapon's number key less one.
    pub row: usize,
    /// The frame along the row, below [`WEAPON_FRAMES`].
    pub frame: usize,
    /// How far down the weapon is, 0 (up) to 1 (out of sight): a switch
    /// lowers one and raises the next.
    pub down: f64,
    /// How far the shot's kick pushes the weapon down, a share of its
    /// height.
    pub kick: f64,
}

/// The kick of the frame of a shot and of the recoil after it, shares of
/// the weapon's height.
const KICK: [f64; WEAPON_FRAMES] = [0.0, 0.045, 0.02, 0.0];

/// What the hands of `world`'s player show: in a world with weapons the
/// weapon in hand, where the switch has it and the frame its last shot
/// has reached; in one without, the pistol firing while the old gun's
/// flash lasts.
pub(super) fn wield(world: &World) -> Wield {
    let Some(a) = world.arms() else {
        let frame = usize::from(world.combat().flash > 0);
        return Wield {
            row: Weapon::Pistol.index(),
            frame,
            down: 0.0,
            kick: KICK[frame],
        };
    };
    let row = arms::weapon(a.held);
    // The shot's frames each last the flash's ticks, the recovery up to
    // the next shot; a weapon that fires again sooner starts over.
    let step = u32::from(row.flash_ticks.max(1));
    let since = u32::from(a.since_shot);
    let frame = if since >= u32::from(row.refire_ticks) {
        0
    } else {
        (1 + since / step).min(WEAPON_FRAMES as u32 - 1) as usize
    };
    let share = |left: u16, of: u16| f64::from(left) / f64::from(of.max(1));
    let down = match a.hands {
        Hands::Ready => 0.0,
        Hands::Lowering { left, .. } => 1.0 - share(left, AMMO.lower_ticks),
        Hands::Raising { left } => share(left, AMMO.raise_ticks),
    };
    Wield {
        row: a.held.index(),
        frame,
        down,
        kick: KICK[frame],
    }
}

/// The frame of the rounds-and-weapons sheet a pickup of `kind` shows (0
/// for a kind of another sheet).
pub(super) fn arms_item(kind: PickupKind) -> usize {
    match kind {
        PickupKind::Ammo => 0,
        PickupKind::DroppedAmmo => 1,
        PickupKind::Weapon(w) => 2 + w.index(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::sim::{Controls, Tunables};

    fn armed() -> World {
        let map = Map::from_rows(&["#####", "#>..#", "#####"]);
        World::new(map, Tunables::default(), 1).armed()
    }

    #[test]
    fn a_shot_runs_through_the_frames_and_back_to_ready() {
        let mut w = armed();
        assert_eq!(wield(&w).frame, 0);
        let fire = Controls {
            fire: true,
            ..Controls::default()
        };
        w.step(&fire);
        let first = wield(&w);
        assert_eq!((first.frame, first.row), (1, Weapon::Pistol.index()));
        assert!(first.kick > 0.0);
        let mut frames = vec![first.frame];
        for _ in 0..arms::weapon(Weapon::Pistol).refire_ticks {
            w.step(&Controls::default());
            frames.push(wield(&w).frame);
        }
        frames.dedup();
        assert_eq!(frames, [1, 2, 3, 0]);
    }

    #[test]
    fn a_switch_lowers_out_of_sight_then_raises() {
        let mut w = armed();
        let knife = Controls {
            weapon: Some(crate::sim::Select::Slot(Weapon::Knife)),
            ..Controls::default()
        };
        w.step(&knife);
        let mut downs = Vec::new();
        for _ in 0..AMMO.lower_ticks + AMMO.raise_ticks {
            w.step(&Controls::default());
            downs.push((wield(&w).row, wield(&w).down));
        }
        let lowest = downs.iter().map(|d| d.1).fold(0.0, f64::max);
        assert!(lowest > 0.9, "{lowest}");
        assert_eq!(downs.last(), Some(&(Weapon::Knife.index(), 0.0)));
    }

    #[test]
    fn every_arms_pickup_has_its_own_frame() {
        let mut kinds = vec![PickupKind::Ammo, PickupKind::DroppedAmmo];
        kinds.extend(Weapon::ALL.map(PickupKind::Weapon));
        let mut frames: Vec<usize> = kinds.into_iter().map(arms_item).collect();
        frames.dedup();
        // A clip, a dropped clip, then each weapon in the number keys' order.
        assert_eq!(frames, (0..2 + Weapon::ALL.len()).collect::<Vec<_>>());
    }
}
