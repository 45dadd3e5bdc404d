//! The weapons' rules as data: one row a weapon, the ammunition's numbers,
//! and what each kind of enemy drops, each number with where it comes
//! from. Wolfenstein 3D's numbers (`WL_AGENT.C`: `attackinfo`, `GunAttack`,
//! `KnifeAttack`, `GiveAmmo`, `GetBonus`; `WL_STATE.C`: `KillActor`) are
//! in its 70 Hz tics and its damage scale; this game ticks at 120 Hz and
//! its pistol did 9 to 18 at every distance before there were weapons, so
//! the damage is Wolfenstein 3D's shape on that scale.

use crate::map::{PickupKind, Weapon};

/// The damage of one shot by how far the target is, the larger of the
/// distances across and down in tiles (as `GunAttack` measures): closer
/// than [`AMMO`]`.near_tiles`, closer than `mid_tiles`, and beyond. Each
/// band is (least, how much more at most), rolled by the world's
/// generator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Falloff {
    /// Close by.
    pub near: (u32, u32),
    /// Across a room.
    pub mid: (u32, u32),
    /// Further.
    pub far: (u32, u32),
}

impl Falloff {
    /// The band of a target `distance` tiles away (the larger of the
    /// distances across and down).
    pub fn at(&self, distance: f64) -> (u32, u32) {
        if distance < AMMO.near_tiles {
            self.near
        } else if distance < AMMO.mid_tiles {
            self.mid
        } else {
            self.far
        }
    }
}

/// One weapon's rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeaponRow {
    /// Which weapon.
    pub weapon: Weapon,
    /// How far a strike reaches along the line of fire to a body's edge,
    /// tiles (a gun's shot reaches the first wall).
    pub reach: f64,
    /// Rounds each shot takes from the shared ammunition (0: none).
    pub ammo_per_shot: u16,
    /// Ticks from one shot to the next while the trigger is held.
    pub refire_ticks: u16,
    /// Ticks the muzzle flash (or the knife's swing) shows.
    pub flash_ticks: u16,
    /// The damage against distance.
    pub damage: Falloff,
    /// Where the numbers come from.
    pub source: &'static str,
}

/// How far a gun's shot reaches: as far as the hitscan goes.
pub const GUN_REACH: f64 = f64::INFINITY;

/// The weapons, in the number keys' order ([`Weapon::ALL`]).
#[rustfmt::skip]
pub const WEAPONS: [WeaponRow; 4] = [
    WeaponRow { weapon: Weapon::Knife, reach: 1.2, ammo_per_shot: 0, refire_ticks: 41, flash_ticks: 10,
        damage: Falloff { near: (3, 9), mid: (0, 0), far: (0, 0) },
        source: "KnifeAttack: reaches 1.5 tiles centre to centre (0x18000), less a body's radius; \
                 US_RndT()>>4 (0-15) damage, here 3-12 against the pistol's scale; attackinfo[0]: \
                 4 frames of 6 tics (24 tics, 0.34 s = 41 ticks)" },
    WeaponRow { weapon: Weapon::Pistol, reach: GUN_REACH, ammo_per_shot: 1, refire_ticks: 40, flash_ticks: 8,
        damage: Falloff { near: (13, 14), mid: (9, 9), far: (6, 7) },
        source: "GunAttack: US_RndT()/4 under 2 tiles, /6 under 4, /6 with a miss chance of 12 in \
                 256 a tile beyond (means 32, 21 and about 15 at 6 tiles: 1.5 : 1 : 0.7), on the \
                 pistol's old 9-18 as the middle band; attackinfo[1]: 24 tics a shot, the old \
                 40-tick refire kept" },
    WeaponRow { weapon: Weapon::MachineGun, reach: GUN_REACH, ammo_per_shot: 1, refire_ticks: 20, flash_ticks: 6,
        damage: Falloff { near: (13, 14), mid: (9, 9), far: (6, 7) },
        source: "GunAttack as the pistol; attackinfo[2]: held fire loops frames 2-3, 12 tics a shot \
                 (0.17 s = 20.6 ticks)" },
    WeaponRow { weapon: Weapon::ChainGun, reach: GUN_REACH, ammo_per_shot: 1, refire_ticks: 10, flash_ticks: 4,
        damage: Falloff { near: (13, 14), mid: (9, 9), far: (6, 7) },
        source: "GunAttack as the pistol; attackinfo[3]: fires on frames 2 and 3, 6 tics a shot \
                 (0.086 s = 10.3 ticks), twice the machine gun's rate" },
];

/// The ammunition's and the hands' numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AmmoRules {
    /// Rounds at the start of the map (`STARTAMMO`).
    pub start: u16,
    /// The most rounds carried; a pickup tops up to this and is left
    /// lying while full (`GiveAmmo`: 99).
    pub max: u16,
    /// Rounds in a clip a map places (`GetBonus`, `bo_clip`: 8).
    pub clip: u16,
    /// Rounds in a clip an enemy drops (`bo_clip2`: 4).
    pub dropped_clip: u16,
    /// Rounds in a weapon found (`bo_machinegun`, `bo_chaingun`: 6).
    pub weapon_rounds: u16,
    /// Ticks to lower the weapon in hand before another comes up.
    pub lower_ticks: u16,
    /// Ticks to raise the weapon chosen.
    pub raise_ticks: u16,
    /// The damage's near band ends here, tiles (`GunAttack`: 2).
    pub near_tiles: f64,
    /// The middle band ends here, tiles (`GunAttack`: 4).
    pub mid_tiles: f64,
}

/// The ammunition's and the hands' numbers. Wolfenstein 3D switches at
/// once; lowering and raising follow Doom's `P_LowerWeapon` and
/// `P_RaiseWeapon` (6 units a tic over 128: 0.6 s each way), cut to
/// 0.15 s down and 0.2 s up so a switch under fire stays quick.
pub const AMMO: AmmoRules = AmmoRules {
    start: 8,
    max: 99,
    clip: 8,
    dropped_clip: 4,
    weapon_rounds: 6,
    lower_ticks: 18,
    raise_ticks: 24,
    near_tiles: 2.0,
    mid_tiles: 4.0,
};

/// The pickup cue's pitch for rounds: a step above first aid's (1.0),
/// below a key's (1.5), so the three tell apart by ear.
pub const AMMO_PITCH: f32 = 1.25;
/// The pickup cue's pitch for a weapon found: low and heavy.
pub const WEAPON_PITCH: f32 = 0.6;

/// The kinds of enemy that can fall, for the drop table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallen {
    /// A walker.
    Walker,
    /// A tank, wrecked.
    Tank,
    /// A guard.
    Guard,
}

/// What an enemy of a kind leaves where it falls.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DropRow {
    /// The kind of enemy.
    pub enemy: Fallen,
    /// What it drops (None: nothing).
    pub drop: Option<PickupKind>,
    /// Where the choice comes from.
    pub source: &'static str,
}

/// The drop column of each kind of enemy.
#[rustfmt::skip]
pub const DROPS: [DropRow; 3] = [
    DropRow { enemy: Fallen::Walker, drop: Some(PickupKind::DroppedAmmo),
        source: "KillActor: a guard, an officer and a mutant drop bo_clip2 (4 rounds)" },
    DropRow { enemy: Fallen::Tank, drop: Some(PickupKind::Ammo),
        source: "KillActor: the SS, the heavier enemy, drops more (a machine gun); a tank leaves a \
                 full clip (8 rounds)" },
    DropRow { enemy: Fallen::Guard, drop: Some(PickupKind::DroppedAmmo),
        source: "KillActor: a guard drops bo_clip2 (4 rounds)" },
];

/// The rules of `weapon`.
pub fn weapon(weapon: Weapon) -> &'static WeaponRow {
    &WEAPONS[weapon.index()]
}

/// What an enemy of kind `enemy` drops when it falls.
pub fn drop_of(enemy: Fallen) -> Option<PickupKind> {
    DROPS.iter().find(|d| d.enemy == enemy).and_then(|d| d.drop)
}

/// The rounds a pickup of `kind` gives (0 for the kinds that give none).
pub fn rounds_of(kind: PickupKind) -> u16 {
    match kind {
        PickupKind::Ammo => AMMO.clip,
        PickupKind::DroppedAmmo => AMMO.dropped_clip,
        PickupKind::Weapon(_) => AMMO.weapon_rounds,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_are_in_the_number_keys_order_and_sourced() {
        for (row, w) in WEAPONS.iter().zip(Weapon::ALL) {
            assert_eq!(row.weapon, w);
            assert!(!row.source.is_empty());
            assert!(row.refire_ticks > row.flash_ticks, "{w:?}");
        }
        assert_eq!(weapon(Weapon::Knife).ammo_per_shot, 0);
        assert!(weapon(Weapon::Knife).reach < AMMO.near_tiles);
        assert_eq!(
            weapon(Weapon::ChainGun).refire_ticks * 2,
            weapon(Weapon::MachineGun).refire_ticks
        );
        for d in DROPS {
            assert!(!d.source.is_empty());
        }
    }

    #[test]
    fn a_guns_damage_falls_with_distance() {
        let f = weapon(Weapon::Pistol).damage;
        let mean = |(base, extra): (u32, u32)| f64::from(base) + f64::from(extra) / 2.0;
        let (near, mid, far) = (mean(f.at(1.0)), mean(f.at(3.0)), mean(f.at(9.0)));
        assert!(near > mid && mid > far, "{near} {mid} {far}");
        assert_eq!(f.at(3.999), f.mid);
        assert_eq!(f.at(4.0), f.far);
        assert_eq!(f.mid, (9, 9), "the pistol's old damage, across a room");
    }
}
