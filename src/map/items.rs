//! What lies about a level for the player to take: keys, first aid,
//! food, fuel, treasure, rounds and weapons, and where each lies.

use super::arms::Weapon;
use super::error::Place;

/// The keys that open locked doors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// The gold key.
    Gold,
    /// The silver key.
    Silver,
}

impl Key {
    /// Every key, in the HUD's order.
    pub const ALL: [Key; 2] = [Key::Gold, Key::Silver];

    /// The key's name in maps and messages.
    pub fn name(self) -> &'static str {
        match self {
            Key::Gold => "gold",
            Key::Silver => "silver",
        }
    }

    /// The key of a name.
    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The key's bit in a set of held keys.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// What a pickup gives the player who walks over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickupKind {
    /// A key for locked doors.
    Key(Key),
    /// A first-aid kit: 25 health, up to the full 100.
    Health,
    /// A fuel can: a full jetpack tank.
    Fuel,
    /// A clip of ammunition, as a map places it.
    Ammo,
    /// The smaller clip an enemy drops when it dies (the simulation makes
    /// these; a map cannot place one).
    DroppedAmmo,
    /// A weapon to find, with a few rounds in it.
    Weapon(Weapon),
    /// Food: 10 health, up to the full 100 (Wolfenstein 3D's `bo_food`).
    Food,
    /// Treasure, worth points.
    Treasure(Treasure),
}

/// The kinds of treasure, each worth its points (Wolfenstein 3D's cross,
/// chalice, chest and crown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Treasure {
    /// A cross.
    Cross,
    /// A chalice.
    Chalice,
    /// A chest.
    Chest,
    /// A crown.
    Crown,
}

impl Treasure {
    /// Every kind, cheapest first.
    pub const ALL: [Treasure; 4] = [
        Treasure::Cross,
        Treasure::Chalice,
        Treasure::Chest,
        Treasure::Crown,
    ];

    /// The kind's name in maps and messages.
    pub fn name(self) -> &'static str {
        match self {
            Treasure::Cross => "cross",
            Treasure::Chalice => "chalice",
            Treasure::Chest => "chest",
            Treasure::Crown => "crown",
        }
    }

    /// The kind of a name.
    pub fn from_name(name: &str) -> Option<Treasure> {
        Treasure::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl PickupKind {
    /// The kind's name in maps.
    pub fn name(self) -> &'static str {
        match self {
            PickupKind::Key(_) => "key",
            PickupKind::Health => "health",
            PickupKind::Fuel => "fuel",
            PickupKind::Ammo | PickupKind::DroppedAmmo => "ammo",
            PickupKind::Weapon(_) => "weapon",
            PickupKind::Food => "food",
            PickupKind::Treasure(t) => t.name(),
        }
    }
}

/// A pickup's place on the map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pickup {
    /// What it gives.
    pub kind: PickupKind,
    /// Position in tiles (the centre of its tile).
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Where the map file puts it, for messages.
    pub place: Place,
}
