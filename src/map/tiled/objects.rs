//! A Tiled map's objects: the start, walkers and tanks, doors set between
//! walls, landing pads, pickups, a course's checkpoints and hints, each checked where it stands.

use super::number;
use super::reader::Reader;
use super::things::{pad_tiles, Placed, Thing};
use crate::map::course::{Mark, DEFAULT_RADIUS};
use crate::map::error::{MapErrorKind, Place, TileLayer};
use crate::map::hint::check_text;
use crate::map::limits::{DEFAULT_HALF_WIDTH, MAX_DOORS, MAX_EXITS, MAX_HINTS, MAX_PUSHWALLS};
use crate::map::parse::{door_axis, parse_facing, parse_lock, parse_radius, radius_message};
use crate::map::{
    Door, Exit, Hint, Key, Pickup, PickupKind, PushWall, Spawn, SpawnKind, Start, Treasure, DOOR,
    MAX_HALF_WIDTH, MIN_HALF_WIDTH,
};
use std::path::PathBuf;
use tiled::PropertyValue;

impl Reader<'_, '_> {
    /// One object: the start, an enemy, a door, a pad or a pickup.
    pub(super) fn object(
        &mut self,
        t: &Thing,
        placed: &mut Placed,
        size: (usize, usize),
        cells: &[u8],
    ) {
        let (x, y) = t.tile();
        let inside = x >= 0 && y >= 0 && (x as usize) < size.0 && (y as usize) < size.1;
        let on_wall = inside && cells[y as usize * size.0 + x as usize] != 0;
        let allowed: &[&str] = match t.class.as_str() {
            "start" => &["facing"],
            "walker" | "guard" => &["facing", "patrol"],
            "tank" => &["facing", "half_width"],
            "door" => &["texture", "locked"],
            "pad" | "health" | "fuel" | "food" | "ammo" | "pushwall" | "exit" => &[],
            "weapon" => &["weapon"],
            "treasure" => &["kind"],
            "key" => &["colour"],
            "checkpoint" => &["number", "radius"],
            "finish" => &["radius"],
            "hint" => &["text"],
            other => {
                let kind = MapErrorKind::BadActor(format!(
                    "unknown object class `{other}` (expected start, walker, tank, guard, door, pad, key, health, fuel, food, treasure, ammo, weapon, pushwall, checkpoint, finish, hint or exit)"
                ));
                self.error(t.place(), kind);
                return;
            }
        };
        let mut keys: Vec<&String> = t.properties.keys().collect();
        keys.sort();
        for key in keys {
            if !allowed.contains(&key.as_str()) {
                let expected = if allowed.is_empty() {
                    "it takes none".to_owned()
                } else {
                    format!("it takes {}", allowed.join(", "))
                };
                let kind = MapErrorKind::BadActor(format!(
                    "unknown property `{key}` on a {} ({expected})",
                    t.class
                ));
                self.error(t.place(), kind);
            }
        }
        if t.class == "pushwall" {
            return self.pushwall(t, placed, size, cells);
        }
        if !inside || (on_wall && t.class != "pad" && t.class != "hint") {
            let kind = MapErrorKind::BadActor(format!(
                "this {} is {} the map's open floor",
                t.class,
                if inside {
                    "on a wall, not on"
                } else {
                    "outside"
                }
            ));
            self.error(t.place(), kind);
            return;
        }
        let (cx, cy) = (x as f64 + 0.5, y as f64 + 0.5);
        match t.class.as_str() {
            "start" => {
                let Some(angle) = self.facing(t) else { return };
                if let Some((_, first)) = placed.start {
                    let kind = MapErrorKind::Tiled(format!(
                        "a second player start (the first is object {first})"
                    ));
                    self.error(t.place(), kind);
                    return;
                }
                placed.start = Some((
                    Start {
                        x: cx,
                        y: cy,
                        angle,
                    },
                    t.id,
                ));
            }
            "walker" | "tank" | "guard" => {
                let Some(angle) = self.facing(t) else { return };
                let kind = if t.class != "tank" {
                    let patrol = match t.properties.get("patrol") {
                        None => false,
                        Some(PropertyValue::BoolValue(b)) => *b,
                        Some(_) => return self.bad(t, "`patrol` is a bool"),
                    };
                    match t.class == "guard" {
                        true => SpawnKind::Guard { patrol },
                        false => SpawnKind::Walker { patrol },
                    }
                } else {
                    let half_width = match t.properties.get("half_width") {
                        None => DEFAULT_HALF_WIDTH,
                        Some(v) => match number(v)
                            .filter(|w| (MIN_HALF_WIDTH..=MAX_HALF_WIDTH).contains(w))
                        {
                            Some(w) => w,
                            None => {
                                return self.bad(
                                    t,
                                    &format!("`half_width` is a number from {MIN_HALF_WIDTH} to {MAX_HALF_WIDTH} tiles"),
                                )
                            }
                        },
                    };
                    SpawnKind::Tank { half_width }
                };
                placed.spawns.push(Spawn {
                    kind,
                    x: cx,
                    y: cy,
                    angle,
                    place: t.place(),
                });
            }
            "door" => self.door(t, placed, size, cells),
            "pad" => placed.pads.push(pad_tiles(t.rect, (x, y), size)),
            "exit" => self.exit(t, placed, size, cells),
            "hint" => self.hint(t, placed, size),
            "checkpoint" | "finish" => self.course_mark(t, placed, [cx, cy]),
            _ => {
                let kind = match t.class.as_str() {
                    "health" => PickupKind::Health,
                    "fuel" => PickupKind::Fuel,
                    "ammo" => PickupKind::Ammo,
                    "weapon" => match super::super::arms::tiled_weapon(&t.properties) {
                        Ok(w) => PickupKind::Weapon(w),
                        Err(why) => return self.bad(t, &why),
                    },
                    "food" => PickupKind::Food,
                    "treasure" => {
                        let kind = match t.properties.get("kind") {
                            Some(PropertyValue::StringValue(s)) => Treasure::from_name(s),
                            _ => None,
                        };
                        match kind {
                            Some(k) => PickupKind::Treasure(k),
                            None => {
                                return self.bad(
                                    t,
                                    "treasure needs `kind`: cross, chalice, chest or crown",
                                )
                            }
                        }
                    }
                    _ => {
                        let colour = match t.properties.get("colour") {
                            Some(PropertyValue::StringValue(s)) => Key::from_name(s),
                            _ => None,
                        };
                        match colour {
                            Some(k) => PickupKind::Key(k),
                            None => return self.bad(t, "a key needs `colour`, gold or silver"),
                        }
                    }
                };
                placed.pickups.push(Pickup {
                    kind,
                    x: cx,
                    y: cy,
                    place: t.place(),
                });
            }
        }
    }

    /// A push wall: an object on a wall tile, once a tile.
    fn pushwall(&mut self, t: &Thing, placed: &mut Placed, size: (usize, usize), cells: &[u8]) {
        let (x, y) = t.tile();
        let inside = x >= 0 && y >= 0 && (x as usize) < size.0 && (y as usize) < size.1;
        let cell = match inside {
            true => cells[y as usize * size.0 + x as usize],
            false => 0,
        };
        if cell == 0 || cell == DOOR {
            return self.bad(t, "a push wall stands on a wall tile");
        }
        if placed.pushwalls.iter().any(|p| p.tile == (x, y)) {
            return self.bad(t, "a second push wall on one tile");
        }
        if placed.pushwalls.len() == MAX_PUSHWALLS {
            return self.error(t.place(), MapErrorKind::TooManyPushWalls);
        }
        placed.pushwalls.push(PushWall {
            tile: (x, y),
            cell,
            pushed: false,
            place: t.place(),
        });
    }

    fn bad(&mut self, t: &Thing, message: &str) {
        self.error(
            t.place(),
            MapErrorKind::BadActor(format!("this {}: {message}", t.class)),
        );
    }

    /// An object's `facing`: a compass word or degrees (default east).
    fn facing(&mut self, t: &Thing) -> Option<f64> {
        let angle = match t.properties.get("facing") {
            None => Some(0.0),
            Some(PropertyValue::StringValue(s)) => parse_facing(s.trim()),
            Some(v) => number(v).and_then(|d| parse_facing(&d.to_string())),
        };
        if angle.is_none() {
            self.bad(
                t,
                "`facing` is east, south, west, north or degrees (0 east, 90 south)",
            );
        }
        angle
    }

    /// A hint: its `text`, shown on the tiles whose centres its rectangle
    /// covers (a point: its own tile).
    fn hint(&mut self, t: &Thing, placed: &mut Placed, size: (usize, usize)) {
        let text = match t.properties.get("text") {
            Some(PropertyValue::StringValue(s)) => s.trim(),
            _ => return self.bad(t, "a hint needs `text`, a string"),
        };
        if let Err(message) = check_text(text) {
            return self.error(t.place(), MapErrorKind::BadHint(message));
        }
        if placed.hints.len() == MAX_HINTS {
            return self.error(t.place(), MapErrorKind::TooManyHints);
        }
        let hint = Hint {
            text: text.to_owned(),
            place: t.place(),
        };
        placed.hints.push((hint, pad_tiles(t.rect, t.tile(), size)));
    }

    /// An exit on every tile whose centre the object covers (a point: its
    /// own tile), each open floor.
    fn exit(&mut self, t: &Thing, placed: &mut Placed, size: (usize, usize), cells: &[u8]) {
        let [x0, y0, x1, y1] = pad_tiles(t.rect, t.tile(), size);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let place = Place::Object {
                    id: t.id,
                    x: x as i64,
                    y: y as i64,
                };
                if cells[y * size.0 + x] != 0 {
                    let why = "this exit covers a wall: an exit is open floor".to_owned();
                    return self.error(place, MapErrorKind::BadActor(why));
                }
                if placed.exits.len() == MAX_EXITS {
                    return self.error(place, MapErrorKind::TooManyExits);
                }
                let tile = (x as i64, y as i64);
                placed.exits.push(Exit { tile, place });
            }
        }
    }

    /// A checkpoint (its `number`, from 1) or the finish, with its
    /// `radius`, at `at` (its tile's centre).
    fn course_mark(&mut self, t: &Thing, placed: &mut Placed, at: [f64; 2]) {
        let order = match (t.class.as_str(), t.properties.get("number")) {
            ("finish", _) => None,
            (_, Some(PropertyValue::IntValue(n))) if *n >= 1 => Some(*n as u32),
            _ => return self.bad(t, "a checkpoint needs `number`, an int from 1"),
        };
        let radius = match t.properties.get("radius") {
            None => DEFAULT_RADIUS,
            Some(v) => match number(v).map(|r| r.to_string()) {
                Some(written) => match parse_radius(&written) {
                    Some(r) => r,
                    None => return self.bad(t, &radius_message(&written)),
                },
                None => return self.bad(t, "`radius` is a number of tiles"),
            },
        };
        placed.marks.push(Mark {
            number: order,
            at,
            radius,
            place: t.place(),
        });
    }

    /// A door object: its texture, its lock, and the walls it sits between.
    fn door(&mut self, t: &Thing, placed: &mut Placed, size: (usize, usize), cells: &[u8]) {
        let (x, y) = t.tile();
        let lock = match t.properties.get("locked") {
            None => None,
            Some(PropertyValue::StringValue(s)) => match parse_lock(&format!("locked={s}")) {
                Ok(k) => Some(k),
                Err(m) => return self.bad(t, &m),
            },
            Some(_) => return self.bad(t, "`locked` is gold or silver"),
        };
        let texture = match t.properties.get("texture") {
            Some(PropertyValue::StringValue(s) | PropertyValue::FileValue(s)) => PathBuf::from(s),
            _ => return self.bad(t, "a door needs `texture`, a file"),
        };
        let index = match self.door_textures.iter().position(|(n, _)| *n == texture) {
            Some(i) => i,
            None => {
                let Some(loaded) = self.texture(&texture, t.place()) else {
                    return;
                };
                self.door_textures.push((texture, loaded));
                self.door_textures.len() - 1
            }
        };
        let wall = |dx: i64, dy: i64| {
            let (wx, wy) = (x + dx, y + dy);
            let outside = wx < 0 || wy < 0 || wx >= size.0 as i64 || wy >= size.1 as i64;
            outside || cells[wy as usize * size.0 + wx as usize] != 0
        };
        let Some(axis) = door_axis(wall(-1, 0), wall(1, 0), wall(0, -1), wall(0, 1)) else {
            return self.error(t.place(), MapErrorKind::DoorNotBetweenWalls);
        };
        if !placed.door_tiles.insert((x, y)) {
            return self.bad(t, "a second door on this tile");
        }
        if placed.doors.len() == MAX_DOORS {
            return self.error(t.place(), MapErrorKind::TooManyDoors);
        }
        let mut door = Door::new((x, y), axis, lock, index);
        door.place = t.place();
        placed.doors.push(door);
    }

    /// Reports open floor (or a door) on the edge of the map.
    pub(super) fn closed(&mut self, cells: &[u8], doors: &[Door], width: usize, height: usize) {
        for y in 0..height {
            for x in 0..width {
                let edge = x == 0 || y == 0 || x + 1 == width || y + 1 == height;
                if !edge {
                    continue;
                }
                let door = doors.iter().any(|d| d.tile == (x as i64, y as i64));
                if cells[y * width + x] == 0 || door {
                    let at = Place::Tile {
                        layer: TileLayer::Walls.name(),
                        x,
                        y,
                    };
                    self.error(at, MapErrorKind::NotClosed);
                    return;
                }
            }
        }
    }
}
