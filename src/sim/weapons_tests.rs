use super::*;

/// Ticks `arms` with the trigger as `fire` until the hands are ready
/// (at most a second), returning the ticks it took.
fn settle(arms: &mut Arms) -> u32 {
    let mut n = 0;
    while arms.hands != Hands::Ready {
        assert!(arms.tick(false, true).is_none(), "nothing fires mid-switch");
        n += 1;
        assert!(n < 120, "the hands never settle: {arms:?}");
    }
    n
}

#[test]
fn a_switch_lowers_then_raises_and_fires_only_when_up() {
    let mut a = Arms::new();
    a.carried |= Weapon::MachineGun.bit();
    a.select(Select::Slot(Weapon::MachineGun));
    assert_eq!(a.held, Weapon::Pistol, "the pistol goes down first");
    assert!(a.tick(true, true).is_none());
    let ticks = settle(&mut a) + 1;
    assert_eq!(ticks, u32::from(AMMO.lower_ticks + AMMO.raise_ticks));
    assert_eq!((a.held, a.chosen), (Weapon::MachineGun, Weapon::MachineGun));
    assert_eq!(a.tick(true, true), Some(Weapon::MachineGun));
    assert_eq!(a.ammo, AMMO.start - 1);
}

#[test]
fn a_weapon_not_carried_or_a_gun_without_rounds_is_not_chosen() {
    let mut a = Arms::new();
    a.select(Select::Slot(Weapon::ChainGun));
    assert_eq!(a.hands, Hands::Ready);
    a.ammo = 0;
    a.held = Weapon::Knife;
    a.select(Select::Slot(Weapon::Pistol));
    assert_eq!(a.coming(), Weapon::Knife);
}

#[test]
fn the_wheel_steps_through_the_weapons_that_can_fire() {
    let mut a = Arms::new();
    a.carried |= Weapon::ChainGun.bit();
    a.select(Select::Next);
    assert_eq!(
        a.coming(),
        Weapon::ChainGun,
        "the machine gun is not carried"
    );
    a.select(Select::Next);
    assert_eq!(a.coming(), Weapon::Knife, "round the end");
    a.select(Select::Previous);
    assert_eq!(a.coming(), Weapon::ChainGun);
    settle(&mut a);
    a.ammo = 0;
    a.select(Select::Next);
    assert_eq!(a.coming(), Weapon::Knife, "no rounds: only the knife");
}

#[test]
fn held_fire_repeats_at_each_weapons_rate() {
    for w in Weapon::ALL {
        let mut a = Arms::new();
        a.carried = 0xf;
        a.ammo = AMMO.max;
        a.held = w;
        let refire = u32::from(arms::weapon(w).refire_ticks);
        let shots = (0..refire * 3)
            .filter(|_| a.tick(true, true).is_some())
            .count();
        assert_eq!(shots, 3, "{w:?}");
        assert!(
            Arms::new().tick(true, false).is_none(),
            "the dead do not fire"
        );
    }
}

#[test]
fn running_out_brings_the_knife_up_and_rounds_bring_the_gun_back() {
    let mut a = Arms::new();
    let (mut shots, mut knifed) = (0, false);
    for _ in 0..2000 {
        match a.tick(true, true) {
            Some(Weapon::Pistol) => shots += 1,
            Some(Weapon::Knife) => {
                knifed = true;
                break;
            }
            _ => {}
        }
    }
    assert_eq!(shots, AMMO.start, "every round fired");
    assert!(knifed, "the knife strikes");
    assert_eq!(
        (a.held, a.chosen, a.ammo),
        (Weapon::Knife, Weapon::Pistol, 0)
    );
    assert!(a.wants(PickupKind::DroppedAmmo));
    a.take(PickupKind::DroppedAmmo);
    assert_eq!(a.ammo, AMMO.dropped_clip);
    assert_eq!(a.coming(), Weapon::Pistol, "the chosen gun comes back up");
}

#[test]
fn pickups_cap_at_the_most_rounds_and_are_left_while_full() {
    let mut a = Arms::new();
    for _ in 0..20 {
        a.take(PickupKind::Ammo);
    }
    assert_eq!(a.ammo, AMMO.max);
    assert!(!a.wants(PickupKind::Ammo));
    assert!(!a.wants(PickupKind::DroppedAmmo));
    assert!(a.wants(PickupKind::Weapon(Weapon::MachineGun)), "a new gun");
    a.take(PickupKind::Weapon(Weapon::MachineGun));
    assert_eq!(a.ammo, AMMO.max);
    assert!(
        !a.wants(PickupKind::Weapon(Weapon::MachineGun)),
        "carried, full"
    );
    assert!(!a.wants(PickupKind::Health), "not the arms' to take");
}

#[test]
fn a_better_weapon_found_comes_up_and_a_lesser_one_does_not() {
    let mut a = Arms::new();
    a.take(PickupKind::Weapon(Weapon::ChainGun));
    assert_eq!(a.ammo, AMMO.start + AMMO.weapon_rounds);
    assert_eq!((a.coming(), a.chosen), (Weapon::ChainGun, Weapon::ChainGun));
    settle(&mut a);
    a.take(PickupKind::Weapon(Weapon::MachineGun));
    assert!(a.carries(Weapon::MachineGun));
    assert_eq!(a.coming(), Weapon::ChainGun);
}

#[test]
fn choices_read_back_as_written() {
    for c in [
        Select::Next,
        Select::Previous,
        Select::Slot(Weapon::Knife),
        Select::Slot(Weapon::ChainGun),
    ] {
        assert_eq!(Select::from_word(&c.word()), Some(c));
    }
    assert_eq!(Select::from_word("1"), Some(Select::Slot(Weapon::Knife)));
    for bad in ["0", "5", "-1", "knife", ""] {
        assert_eq!(Select::from_word(bad), None, "{bad}");
    }
}
