//! What each pickup gives, as a table of rows (Wolfenstein 3D's
//! `GetBonus` in `WL_AGENT.C` is the source of every number), and the
//! pitch of its chime and the colour of its flash.
//!
//! Adding a pickup is adding a row: its kind (`map::PickupKind`), what it
//! gives, the pitch of the pickup chime and the tint the screen flashes.

use crate::map::{Key, PickupKind, Treasure, Weapon};
use crate::sim::tunable_table::arms::{AMMO_PITCH, WEAPON_PITCH};

/// What a pickup gives the player who takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gives {
    /// Health, up to the full health: taken only below it.
    Health(i32),
    /// Points to the score; always taken, and counted as treasure.
    Points(u32),
    /// A key for locked doors; always taken.
    Key(Key),
    /// A full jetpack tank: taken only below a full one.
    Fuel,
    /// Rounds or a weapon, as the weapons' own table says
    /// (`sim::tunable_table::arms`): taken only by a world with weapons,
    /// and rounds only below the most a player carries.
    Arms,
}

/// One pickup's row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LootRow {
    /// The pickup.
    pub kind: PickupKind,
    /// What it gives.
    pub gives: Gives,
    /// The pickup chime's pitch, as a share of the clip's own.
    pub pitch: f32,
    /// The screen's tint for a moment after (sRGB).
    pub flash: [u8; 3],
}

/// Every pickup, and its source.
#[rustfmt::skip]
pub const LOOT: [LootRow; 15] = [
    // Keys: GetBonus `bo_key1`/`bo_key2`, GiveKey.
    LootRow { kind: PickupKind::Key(Key::Gold),   gives: Gives::Key(Key::Gold),   pitch: 1.5,  flash: [250, 210, 80] },
    LootRow { kind: PickupKind::Key(Key::Silver), gives: Gives::Key(Key::Silver), pitch: 1.5,  flash: [200, 210, 230] },
    // First aid: `bo_firstaid`, HealSelf(25); health caps at 100.
    LootRow { kind: PickupKind::Health,           gives: Gives::Health(25),       pitch: 1.0,  flash: [240, 90, 90] },
    // Food: `bo_food`, HealSelf(10).
    LootRow { kind: PickupKind::Food,             gives: Gives::Health(10),       pitch: 1.2,  flash: [230, 140, 90] },
    // The jetpack's fuel (this game's own).
    LootRow { kind: PickupKind::Fuel,             gives: Gives::Fuel,             pitch: 0.75, flash: [240, 170, 80] },
    // Treasure: `bo_cross` 100, `bo_chalice` 500, `bo_bible` (the chest)
    // 1000, `bo_crown` 5000 points; the dearer, the higher the chime.
    LootRow { kind: PickupKind::Treasure(Treasure::Cross),   gives: Gives::Points(100),  pitch: 1.33, flash: [250, 230, 120] },
    LootRow { kind: PickupKind::Treasure(Treasure::Chalice), gives: Gives::Points(500),  pitch: 1.5,  flash: [250, 230, 120] },
    LootRow { kind: PickupKind::Treasure(Treasure::Chest),   gives: Gives::Points(1000), pitch: 1.68, flash: [250, 230, 120] },
    LootRow { kind: PickupKind::Treasure(Treasure::Crown),   gives: Gives::Points(5000), pitch: 2.0,  flash: [255, 240, 150] },
    // Rounds and weapons: `bo_clip`, `bo_clip2`, `bo_machinegun`,
    // `bo_chaingun` (what each holds: `tunable_table::arms`).
    LootRow { kind: PickupKind::Ammo,                        gives: Gives::Arms, pitch: AMMO_PITCH,   flash: [210, 200, 150] },
    LootRow { kind: PickupKind::DroppedAmmo,                 gives: Gives::Arms, pitch: AMMO_PITCH,   flash: [210, 200, 150] },
    LootRow { kind: PickupKind::Weapon(Weapon::Knife),       gives: Gives::Arms, pitch: WEAPON_PITCH, flash: [200, 200, 210] },
    LootRow { kind: PickupKind::Weapon(Weapon::Pistol),      gives: Gives::Arms, pitch: WEAPON_PITCH, flash: [200, 200, 210] },
    LootRow { kind: PickupKind::Weapon(Weapon::MachineGun),  gives: Gives::Arms, pitch: WEAPON_PITCH, flash: [200, 200, 210] },
    LootRow { kind: PickupKind::Weapon(Weapon::ChainGun),    gives: Gives::Arms, pitch: WEAPON_PITCH, flash: [200, 200, 210] },
];

/// The row of a pickup kind.
pub fn row(kind: PickupKind) -> &'static LootRow {
    LOOT.iter()
        .find(|r| r.kind == kind)
        .expect("every pickup kind has a row in LOOT")
}

/// True if a player with `health` of `full`, and `fuel` (0 to 1) in the
/// jetpack's tank, would take a pickup of `kind` now (rounds and
/// weapons: the world asks its arms).
pub fn wanted(kind: PickupKind, (health, full): (i32, i32), fuel: f64) -> bool {
    match row(kind).gives {
        Gives::Health(_) => health < full,
        Gives::Fuel => fuel < 1.0,
        Gives::Points(_) | Gives::Key(_) => true,
        Gives::Arms => false,
    }
}

/// How long a pickup's flash lasts, ticks (Wolfenstein 3D's
/// `StartBonusFlash` holds its palette shift for `NUMWHITESHIFTS` steps of
/// `WHITETICS` (6 tics at 70 Hz each, 3 steps): about a quarter second).
pub const FLASH_TICKS: u64 = 30;

/// The tint over the view `age` ticks after picking up `kind`: its colour
/// and strength (0 to 1, fading to none at [`FLASH_TICKS`]); None once
/// faded.
pub fn flash(kind: PickupKind, age: u64) -> Option<([u8; 3], f32)> {
    Some((row(kind).flash, fade(age)?))
}

/// A flash's strength `age` ticks after it starts: from its peak down to
/// none at [`FLASH_TICKS`], then None.
pub fn fade(age: u64) -> Option<f32> {
    /// The tint's strength at the start.
    const PEAK: f32 = 0.35;
    (age < FLASH_TICKS).then(|| PEAK * (FLASH_TICKS - age) as f32 / FLASH_TICKS as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_row() {
        for (i, r) in LOOT.iter().enumerate() {
            assert_eq!(row(r.kind), r, "row {i}");
            assert_eq!(LOOT.iter().filter(|o| o.kind == r.kind).count(), 1);
        }
        for t in Treasure::ALL {
            assert!(matches!(
                row(PickupKind::Treasure(t)).gives,
                Gives::Points(_)
            ));
        }
    }

    #[test]
    fn treasure_is_worth_what_wolfenstein_gives() {
        let points = |t| match row(PickupKind::Treasure(t)).gives {
            Gives::Points(p) => p,
            _ => 0,
        };
        assert_eq!(points(Treasure::Cross), 100);
        assert_eq!(points(Treasure::Chalice), 500);
        assert_eq!(points(Treasure::Chest), 1000);
        assert_eq!(points(Treasure::Crown), 5000);
    }

    #[test]
    fn health_is_wanted_below_full_only() {
        assert!(wanted(PickupKind::Food, (99, 100), 1.0));
        assert!(!wanted(PickupKind::Food, (100, 100), 0.0));
        assert!(!wanted(PickupKind::Health, (100, 100), 0.0));
        assert!(wanted(
            PickupKind::Treasure(Treasure::Crown),
            (100, 100),
            1.0
        ));
        assert!(!wanted(PickupKind::Fuel, (10, 100), 1.0));
    }

    #[test]
    fn a_flash_fades_to_nothing() {
        let first = flash(PickupKind::Food, 0).expect("shows");
        let late = flash(PickupKind::Food, FLASH_TICKS - 1).expect("shows");
        assert!(first.1 > late.1 && late.1 > 0.0);
        assert_eq!(flash(PickupKind::Food, FLASH_TICKS), None);
    }
}
