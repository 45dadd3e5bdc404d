//! What is written after `=` in a text map (actor, door, pickup and
//! course markers, facings, colours) and the start arrows' facings; the Tiled
//! reader shares the facing, lock and door-axis rules.

use crate::map::course::{DEFAULT_RADIUS, MAX_RADIUS, MIN_RADIUS};
use crate::map::limits::{DEFAULT_HALF_WIDTH, MAX_HALF_WIDTH, MIN_HALF_WIDTH};
use crate::map::{DoorAxis, Key, PickupKind, SpawnKind, Treasure};
use std::f64::consts::{FRAC_PI_2, PI};

/// An actor marker's value, `KIND FACING [OPTIONS]`: what it spawns and
/// its facing in radians, or the offending part of `value` and why.
pub(super) fn parse_actor(value: &str) -> Result<(SpawnKind, f64), (&str, String)> {
    let mut words = value.split_whitespace();
    let kind_word = words.next().unwrap_or(value);
    let Some(facing_word) = words.next() else {
        return Err((value, format!("`{value}`: expected `KIND FACING`, e.g. `walker south` or `tank east half_width=0.4`")));
    };
    let angle = parse_facing(facing_word).ok_or_else(|| {
        (
            facing_word,
            format!("`{facing_word}` is not a facing (east, south, west, north, or degrees with 0 east and 90 south)"),
        )
    })?;
    let mut kind = match kind_word {
        "walker" => SpawnKind::Walker { patrol: false },
        "guard" => SpawnKind::Guard { patrol: false },
        "tank" => SpawnKind::Tank {
            half_width: DEFAULT_HALF_WIDTH,
        },
        _ => {
            return Err((
                kind_word,
                format!("unknown actor `{kind_word}` (expected walker, tank or guard)"),
            ))
        }
    };
    for option in words {
        match (&mut kind, option.split_once('=')) {
            (SpawnKind::Walker { patrol } | SpawnKind::Guard { patrol }, None)
                if option == "patrol" =>
            {
                *patrol = true
            }
            (SpawnKind::Tank { half_width }, Some(("half_width", v))) => {
                *half_width = v
                    .parse::<f64>()
                    .ok()
                    .filter(|w| (MIN_HALF_WIDTH..=MAX_HALF_WIDTH).contains(w))
                    .ok_or_else(|| {
                        (
                            option,
                            format!("`{v}` is not a half width from {MIN_HALF_WIDTH} to {MAX_HALF_WIDTH} tiles"),
                        )
                    })?;
            }
            _ => {
                let expected = match kind {
                    SpawnKind::Walker { .. } => "a walker takes `patrol`",
                    SpawnKind::Tank { .. } => "a tank takes `half_width=TILES`",
                    SpawnKind::Guard { .. } => "a guard takes `patrol`",
                };
                return Err((option, format!("unknown option `{option}` ({expected})")));
            }
        }
    }
    Ok((kind, angle))
}

/// Which way a door's leaf runs, given which of its sides (west, east,
/// north, south) are walls; None unless exactly one opposite pair is.
pub(crate) fn door_axis(west: bool, east: bool, north: bool, south: bool) -> Option<DoorAxis> {
    match (west && east, north && south, west || east, north || south) {
        (true, false, _, false) => Some(DoorAxis::EastWest),
        (false, true, false, _) => Some(DoorAxis::NorthSouth),
        _ => None,
    }
}

/// A door marker's value, `TEXTURE [locked=KEY]`: the texture name and the
/// lock, or the offending part of `value` and why.
pub(super) fn split_door(value: &str) -> Result<(&str, Option<Key>), (&str, String)> {
    let (texture, option) = match value.rsplit_once(char::is_whitespace) {
        Some((t, o)) if o.contains('=') => (t.trim_end(), Some(o)),
        _ => (value, None),
    };
    let lock = match option {
        None => None,
        Some(o) => Some(parse_lock(o).map_err(|m| (o, m))?),
    };
    Ok((texture, lock))
}

/// `locked=KEY`: the key a door needs.
pub(crate) fn parse_lock(option: &str) -> Result<Key, String> {
    match option.split_once('=') {
        Some(("locked", name)) => Key::from_name(name)
            .ok_or_else(|| format!("`{name}` is not a key (expected gold or silver)")),
        _ => Err(format!(
            "unknown door option `{option}` (a door takes `locked=gold` or `locked=silver`)"
        )),
    }
}

/// A pickup marker's value: `key COLOUR`, `health`, `food`, `fuel` or
/// `treasure KIND`.
pub(super) fn parse_pickup(value: &str) -> Result<PickupKind, (&str, String)> {
    let mut words = value.split_whitespace();
    let kind = words.next().unwrap_or(value);
    let picked = match kind {
        "key" => {
            let Some(colour) = words.next() else {
                return Err((
                    value,
                    "a key needs its colour: `key gold` or `key silver`".into(),
                ));
            };
            let key = Key::from_name(colour).ok_or_else(|| {
                (
                    colour,
                    format!("`{colour}` is not a key (expected gold or silver)"),
                )
            })?;
            PickupKind::Key(key)
        }
        "health" => PickupKind::Health,
        "fuel" => PickupKind::Fuel,
        "ammo" => PickupKind::Ammo,
        "weapon" => PickupKind::Weapon(super::super::arms::weapon_named(words.next(), value)?),
        "food" => PickupKind::Food,
        "treasure" => {
            let Some(name) = words.next() else {
                return Err((
                    value,
                    "treasure needs its kind: `treasure cross`, `chalice`, `chest` or `crown`"
                        .into(),
                ));
            };
            let treasure = Treasure::from_name(name).ok_or_else(|| {
                (
                    name,
                    format!("`{name}` is not a treasure (expected cross, chalice, chest or crown)"),
                )
            })?;
            PickupKind::Treasure(treasure)
        }
        _ => {
            return Err((
                kind,
                format!("unknown pickup `{kind}` (expected key, health, food, fuel, treasure, ammo or weapon)"),
            ))
        }
    };
    match words.next() {
        Some(extra) => Err((
            extra,
            format!("unexpected `{extra}` after `{}`", picked.name()),
        )),
        None => Ok(picked),
    }
}

/// A course marker's value, `checkpoint N [radius=TILES]` or `finish
/// [radius=TILES]`: the checkpoint's number (None for the finish) and its
/// radius, or the offending part of `value` and why.
pub(super) fn parse_course(value: &str) -> Result<(Option<u32>, f64), (&str, String)> {
    let mut words = value.split_whitespace();
    let kind = words.next().unwrap_or(value);
    let number = match kind {
        "checkpoint" => {
            let Some(word) = words.next() else {
                return Err((
                    value,
                    "a checkpoint needs its number: `checkpoint 1`".into(),
                ));
            };
            let n = word.parse::<u32>().ok().filter(|&n| n >= 1);
            Some(n.ok_or_else(|| {
                (
                    word,
                    format!("`{word}` is not a checkpoint number (1, 2, 3, ...)"),
                )
            })?)
        }
        "finish" => None,
        _ => {
            return Err((
                kind,
                format!("unknown course marker `{kind}` (expected `checkpoint N` or `finish`)"),
            ))
        }
    };
    let mut radius = DEFAULT_RADIUS;
    for option in words {
        radius = match option.split_once('=') {
            Some(("radius", v)) => parse_radius(v).ok_or_else(|| (option, radius_message(v)))?,
            _ => {
                return Err((
                    option,
                    format!("unknown option `{option}` (a {kind} takes `radius=TILES`)"),
                ))
            }
        };
    }
    Ok((number, radius))
}

/// A checkpoint radius in tiles, in range.
pub(crate) fn parse_radius(written: &str) -> Option<f64> {
    written
        .parse::<f64>()
        .ok()
        .filter(|r| (MIN_RADIUS..=MAX_RADIUS).contains(r))
}

/// Why `written` is not a checkpoint radius.
pub(crate) fn radius_message(written: &str) -> String {
    format!("`{written}` is not a radius from {MIN_RADIUS} to {MAX_RADIUS} tiles")
}

/// A facing word: a compass point or degrees (0 east, 90 south).
pub(crate) fn parse_facing(word: &str) -> Option<f64> {
    let degrees = match word {
        "east" => 0.0,
        "south" => 90.0,
        "west" => 180.0,
        "north" => 270.0,
        _ => word.parse::<f64>().ok().filter(|d| d.is_finite())?,
    };
    Some(crate::angle::wrap_positive(f64::to_radians(degrees)))
}

/// The facing of a start arrow, in radians.
pub(super) fn facing(ch: char) -> Option<f64> {
    match ch {
        '>' => Some(0.0),
        'v' => Some(FRAC_PI_2),
        '<' => Some(PI),
        '^' => Some(3.0 * FRAC_PI_2),
        _ => None,
    }
}

/// `rrggbb` to a colour.
pub(super) fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}
