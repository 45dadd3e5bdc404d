//! The weapons a player can carry, as the level names them: a map places
//! a weapon to find (`weapon machinegun`), and the simulation keeps one
//! row of rules for each (`sim::tunable_table::arms`).

/// A weapon, in the number keys' order (1 the knife, 2 the pistol, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Weapon {
    /// The melee strike: no ammunition, a short reach.
    Knife,
    /// The pistol every player starts with.
    Pistol,
    /// A rapid-fire gun: fires again while the trigger is held.
    MachineGun,
    /// The fastest gun: twice the machine gun's rate.
    ChainGun,
}

impl Weapon {
    /// Every weapon, in the number keys' order.
    pub const ALL: [Weapon; 4] = [
        Weapon::Knife,
        Weapon::Pistol,
        Weapon::MachineGun,
        Weapon::ChainGun,
    ];

    /// The weapon's name in maps and recordings (one word).
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Knife => "knife",
            Weapon::Pistol => "pistol",
            Weapon::MachineGun => "machinegun",
            Weapon::ChainGun => "chaingun",
        }
    }

    /// The weapon's name as the status bar and messages show it.
    pub fn title(self) -> &'static str {
        match self {
            Weapon::Knife => "knife",
            Weapon::Pistol => "pistol",
            Weapon::MachineGun => "machine gun",
            Weapon::ChainGun => "chain gun",
        }
    }

    /// The weapon named `name` (its [`Weapon::name`]).
    pub fn from_name(name: &str) -> Option<Weapon> {
        Weapon::ALL.into_iter().find(|w| w.name() == name)
    }

    /// The weapon's place in [`Weapon::ALL`]: its number key less one.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The weapon at `index` in [`Weapon::ALL`], if any.
    pub fn at(index: usize) -> Option<Weapon> {
        Weapon::ALL.get(index).copied()
    }

    /// The weapon's bit in a set of weapons carried.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The names a map may write, for messages.
    pub const NAMES: &'static str = "knife, pistol, machinegun or chaingun";
}

/// The weapon a map names after `weapon` (`name`, None if it names none),
/// or the offending part of `value` (the whole marker) and why.
pub(super) fn weapon_named<'a>(
    name: Option<&'a str>,
    value: &'a str,
) -> Result<Weapon, (&'a str, String)> {
    let Some(name) = name else {
        return Err((
            value,
            format!(
                "a weapon needs its name: `weapon NAME`, NAME {}",
                Weapon::NAMES
            ),
        ));
    };
    Weapon::from_name(name).ok_or_else(|| {
        (
            name,
            format!("`{name}` is not a weapon (expected {})", Weapon::NAMES),
        )
    })
}

/// The weapon a Tiled object of class `weapon` names in its string
/// property `weapon`, or why it names none.
pub(super) fn tiled_weapon(properties: &tiled::Properties) -> Result<Weapon, String> {
    let name = match properties.get("weapon") {
        Some(tiled::PropertyValue::StringValue(s)) => s.as_str(),
        _ => return Err(format!("a weapon needs `weapon`, {}", Weapon::NAMES)),
    };
    Weapon::from_name(name)
        .ok_or_else(|| format!("`{name}` is not a weapon (expected {})", Weapon::NAMES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_index_and_bits_agree() {
        for (i, w) in Weapon::ALL.into_iter().enumerate() {
            assert_eq!(Weapon::from_name(w.name()), Some(w));
            assert_eq!(w.index(), i);
            assert_eq!(Weapon::at(i), Some(w));
            assert_eq!(w.bit().count_ones(), 1);
        }
        assert_eq!(Weapon::at(4), None);
        assert_eq!(Weapon::from_name("machine gun"), None);
    }
}
