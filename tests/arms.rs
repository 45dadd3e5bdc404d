//! Weapons in a world: the strike's reach and damage against distance,
//! rounds running out and coming back, enemies dropping rounds where they
//! fall, pickups capped, and a recording of weapon choices replaying
//! exactly; a world without weapons fires the old gun as it always did.

mod common;

use common::temp::TempDir;
use wobblecaster::map::{Map, Pickup, PickupKind, Place, Weapon};
use wobblecaster::record::{replay, Header, Recorder, Recording};
use wobblecaster::sim::tunable_table::arms::{self, AMMO};
use wobblecaster::sim::{Arms, Controls, Scenario, Select, Tunables, World};

const FIRE: Controls = Controls {
    forward: 0.0,
    right: 0.0,
    turn: 0.0,
    look: 0.0,
    fire: true,
    run: false,
    thrust: false,
    hover: false,
    brake: false,
    pointer: [0.0; 2],
    action: None,
    weapon: None,
};

/// A hall with the player at its west end facing east and a walker `gap`
/// tiles ahead, the walker asleep (it does not move until shot).
fn hall(gap: usize) -> Map {
    let floor = ".".repeat(gap - 1);
    let row = format!("#>{floor}w...#");
    let wall = "#".repeat(row.len());
    Map::from_rows(&[&wall, &row, &wall])
}

/// `world` armed with `weapon` up, every weapon carried, `ammo` rounds.
fn holding(world: World, weapon: Weapon, ammo: u16) -> World {
    world.armed_with(Arms {
        held: weapon,
        chosen: weapon,
        carried: 0xf,
        ammo,
        ..Arms::new()
    })
}

/// The walker's health lost to one strike of `weapon` from `gap` tiles,
/// on a world seeded `seed`.
fn one_strike(weapon: Weapon, gap: usize, seed: u64) -> i32 {
    let world = Scenario::on(hall(gap))
        .start(Tunables::default(), seed)
        .build();
    let mut w = holding(world, weapon, AMMO.max);
    let before = w.actors().walkers[0].health;
    w.step(&FIRE);
    before - w.actors().walkers[0].health
}

#[test]
fn the_knife_reaches_only_a_step_and_is_silent() {
    assert!(
        (1..20).any(|s| one_strike(Weapon::Knife, 1, s) > 0),
        "in reach"
    );
    assert!(
        (1..20).all(|s| one_strike(Weapon::Knife, 3, s) == 0),
        "out of reach"
    );
    let world = Scenario::on(hall(6)).build();
    let mut w = holding(world, Weapon::Knife, 0);
    w.step(&FIRE);
    assert_eq!(w.arms().unwrap().ammo, 0);
    assert!(
        !w.sounds()
            .as_slice()
            .iter()
            .any(|s| s.cue == wobblecaster::sim::sound::Cue::Gun),
        "no gunshot"
    );
}

#[test]
fn a_guns_damage_falls_with_distance() {
    let mean = |gap| {
        (1..60)
            .map(|s| one_strike(Weapon::Pistol, gap, s))
            .sum::<i32>()
            / 59
    };
    let (near, mid, far) = (mean(1), mean(3), mean(9));
    assert!(near > mid && mid > far && far > 0, "{near} {mid} {far}");
    let f = arms::weapon(Weapon::Pistol).damage;
    let band = |(base, extra): (u32, u32)| base as i32..=(base + extra) as i32;
    assert!(band(f.far).contains(&one_strike(Weapon::Pistol, 9, 3)));
}

#[test]
fn firing_spends_rounds_and_an_empty_gun_gives_way_to_the_knife() {
    let world = Scenario::on(hall(40)).build();
    let mut w = holding(world, Weapon::ChainGun, 5);
    for _ in 0..200 {
        w.step(&FIRE);
    }
    let a = *w.arms().unwrap();
    assert_eq!(
        (a.ammo, a.held, a.chosen),
        (0, Weapon::Knife, Weapon::ChainGun)
    );
    assert!(w.combat().shots > 5, "the knife strikes on");
}

#[test]
fn a_fallen_enemy_drops_rounds_that_bring_the_gun_back() {
    let world = Scenario::on(hall(2)).build();
    let mut w = holding(world, Weapon::Pistol, AMMO.max);
    let mut ticks = 0;
    while w.actors().walkers[0].state.alive() {
        w.step(&FIRE);
        ticks += 1;
        assert!(ticks < 2000, "the walker never falls");
    }
    let dropped: Vec<_> = w.pickups().iter().map(|p| p.kind).collect();
    assert_eq!(dropped, [PickupKind::DroppedAmmo], "one drop");
    let at = &w.actors().walkers[0];
    assert_eq!(
        [w.pickups()[0].x, w.pickups()[0].y],
        [at.x, at.y],
        "where it fell"
    );
    for _ in 0..120 {
        w.step(&FIRE);
    }
    assert_eq!(w.pickups().len(), 1, "a corpse drops once");
}

/// A hall with the player at its west end facing east, and `kinds` lying
/// one a tile ahead of each other from two tiles on.
fn hall_with(kinds: &[PickupKind]) -> Map {
    let mut map = Map::from_rows(&["##########", "#>.......#", "##########"]);
    for (i, &kind) in kinds.iter().enumerate() {
        map.pickups.push(Pickup {
            kind,
            x: 3.5 + i as f64,
            y: 1.5,
            place: Place::File,
        });
    }
    map
}

#[test]
fn rounds_bring_the_chosen_gun_back_and_a_better_gun_comes_up() {
    let map = hall_with(&[PickupKind::Ammo, PickupKind::Weapon(Weapon::MachineGun)]);
    // The knife and the pistol, no rounds.
    let empty = Arms {
        ammo: 0,
        ..Arms::new()
    };
    let mut w = World::new(map, Tunables::default(), 1).armed_with(empty);
    for _ in 0..60 {
        w.step(&Controls::default());
    }
    assert_eq!(w.arms().unwrap().held, Weapon::Knife, "empty: the knife");
    let walk = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    for _ in 0..600 {
        w.step(&walk);
    }
    assert!(w.pickups().is_empty(), "both taken");
    let a = w.arms().unwrap();
    assert_eq!(a.ammo, AMMO.clip + AMMO.weapon_rounds);
    assert_eq!(
        (a.coming(), a.chosen),
        (Weapon::MachineGun, Weapon::MachineGun)
    );
}

#[test]
fn pickups_cap_at_the_most_rounds_and_are_left_while_full() {
    let map = hall_with(&[PickupKind::Ammo, PickupKind::Ammo]);
    let mut w = holding(
        World::new(map, Tunables::default(), 1),
        Weapon::Pistol,
        AMMO.max - 3,
    );
    let walk = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    for _ in 0..600 {
        w.step(&walk);
    }
    assert_eq!(w.arms().unwrap().ammo, AMMO.max, "topped up, no further");
    assert_eq!(w.pickups().len(), 1, "the second left lying");
    // A world without weapons leaves rounds lying.
    let map = hall_with(&[PickupKind::Ammo]);
    let mut plain = World::new(map, Tunables::default(), 1);
    for _ in 0..600 {
        plain.step(&walk);
    }
    assert_eq!(plain.pickups().len(), 1);
}

#[test]
fn a_restart_brings_back_the_starting_arms_and_a_fresh_world_keeps_weapons() {
    let world = Scenario::on(hall(4)).build();
    let mut w = holding(world, Weapon::ChainGun, 50);
    w.step(&FIRE);
    w.restart();
    assert_eq!(w.arms(), Some(&Arms::new()));
    assert!(w.fresh(1).arms().is_some());
    assert!(World::new(hall(4), Tunables::default(), 1).arms().is_none());
}

#[test]
fn a_world_without_weapons_ignores_choices_and_hashes_as_before() {
    let mut plain = World::new(hall(4), Tunables::default(), 1);
    let mut chooser = plain.clone();
    for i in 0..300 {
        plain.step(&FIRE);
        chooser.step(&Controls {
            weapon: (i % 7 == 0).then_some(Select::Slot(Weapon::Knife)),
            ..FIRE
        });
    }
    assert_eq!(plain.state_hash(), chooser.state_hash());
    let armed = World::new(hall(4), Tunables::default(), 1).armed();
    let bare = World::new(hall(4), Tunables::default(), 1);
    assert_ne!(armed.state_hash(), bare.state_hash(), "the arms are hashed");
}

#[test]
fn a_recording_of_weapon_choices_replays_exactly() {
    let temp = TempDir::new("arms", "round_trip");
    let map = hall(5);
    let mut world = World::new(map.clone(), Tunables::default(), 9).armed();
    let header = Header::new(&world, None, 9);
    assert!(header.to_text().contains("arms = on"));
    let mut rec = Recorder::create(&temp.join("fight.wrec"), &header, &world).unwrap();
    let choices = [
        Some(Select::Slot(Weapon::Knife)),
        Some(Select::Next),
        Some(Select::Previous),
        Some(Select::Slot(Weapon::Pistol)),
    ];
    for i in 0..600 {
        let c = Controls {
            weapon: choices[i / 60 % 4].filter(|_| i % 60 == 0),
            fire: i % 3 != 0,
            ..Controls::default()
        };
        world.step(&c);
        rec.record(&c, &world).unwrap();
    }
    let path = rec.finish().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("weapon=next") && text.contains("weapon=1"),
        "{text}"
    );
    let recording = Recording::load(&path).unwrap();
    assert!(recording.header.armed);
    let outcome = replay(&recording, map.clone());
    assert!(outcome.desync.is_none(), "{:?}", outcome.desync);
    assert_eq!(outcome.final_hash, world.state_hash());
    // The same file without its `arms` line is an old recording: the old
    // gun, so the hashes part.
    let old = text.replace("arms = on\n", "");
    let old = Recording::parse(&old, &path).unwrap();
    assert!(!old.header.armed);
    assert!(replay(&old, map).desync.is_some());
}
