//! The weapons' words on the HUD: the weapon's name on the status bar and
//! the notice of rounds or a weapon picked up.

use crate::map::{PickupKind, Weapon};
use crate::sim::World;

/// The notices' colour for rounds and weapons: brass.
const BRASS: [u8; 3] = [230, 200, 110];

/// The weapon in hand as the status bar names it, in at most six
/// letters (the panel's width): the pistol in a world without weapons,
/// whose old gun is one.
pub(super) fn bar_name(world: &World) -> &'static str {
    match world.arms().map_or(Weapon::Pistol, |a| a.held) {
        Weapon::Knife => "KNIFE",
        Weapon::Pistol => "PISTOL",
        Weapon::MachineGun => "M.GUN",
        Weapon::ChainGun => "C.GUN",
    }
}

/// The notice of a pickup of rounds or a weapon, and its colour.
pub(super) fn notice(kind: PickupKind) -> (&'static str, [u8; 3]) {
    let text = match kind {
        PickupKind::Weapon(Weapon::Knife) => "Picked up a knife",
        PickupKind::Weapon(Weapon::Pistol) => "Picked up a pistol",
        PickupKind::Weapon(Weapon::MachineGun) => "Picked up a machine gun (3)",
        PickupKind::Weapon(Weapon::ChainGun) => "Picked up a chain gun (4)",
        _ => "Picked up ammunition",
    };
    (text, BRASS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_names_fit_the_weapon_panel() {
        let mut names = Vec::new();
        for w in Weapon::ALL {
            let map = crate::map::Map::from_rows(&["###", "#>#", "###"]);
            let arms = crate::sim::Arms {
                held: w,
                ..crate::sim::Arms::new()
            };
            let world = World::new(map, crate::sim::Tunables::default(), 1).armed_with(arms);
            names.push(bar_name(&world));
            assert!(!notice(PickupKind::Weapon(w)).0.is_empty());
        }
        assert!(names.iter().all(|n| n.len() <= 6), "{names:?}");
        names.dedup();
        assert_eq!(names.len(), Weapon::ALL.len());
    }
}
