//! A Tiled map's objects as read off the file (class, place and
//! properties, in tiles) and what they place once checked: the start,
//! enemies, doors, pickups, pads and a course's marks.

use crate::map::course::Mark;
use crate::map::error::Place;
use crate::map::{Door, Exit, Hint, Map, Pickup, PushWall, Spawn, Start};
use std::collections::HashSet;

/// One object's position and what it holds, read off the Tiled object.
pub(super) struct Thing {
    pub(super) id: u32,
    pub(super) class: String,
    /// Its centre, in tiles.
    pub(super) centre: [f64; 2],
    /// Its rectangle, in tiles (west, north, east, south).
    pub(super) rect: [f64; 4],
    pub(super) properties: tiled::Properties,
}

impl Thing {
    pub(super) fn tile(&self) -> (i64, i64) {
        Map::tile_of(self.centre[0], self.centre[1])
    }

    pub(super) fn place(&self) -> Place {
        let (x, y) = self.tile();
        Place::Object { id: self.id, x, y }
    }
}

/// What the objects place.
#[derive(Default)]
pub(super) struct Placed {
    pub(super) start: Option<(Start, u32)>,
    pub(super) spawns: Vec<Spawn>,
    pub(super) doors: Vec<Door>,
    /// The tiles of `doors`.
    pub(super) door_tiles: HashSet<(i64, i64)>,
    pub(super) pickups: Vec<Pickup>,
    /// The push walls, in object order.
    pub(super) pushwalls: Vec<PushWall>,
    /// The course's checkpoints and finish, in object order.
    pub(super) marks: Vec<Mark>,
    /// Each pad's tiles, a rectangle: (west, north, east, south), ends
    /// included, inside the map.
    pub(super) pads: Vec<[usize; 4]>,
    /// Each hint and its tiles, a rectangle as `pads` has them.
    pub(super) hints: Vec<(Hint, [usize; 4])>,
    /// The exit tiles, object by object.
    pub(super) exits: Vec<Exit>,
}

/// The tiles whose centres a pad's rectangle `rect` covers, inside a map
/// of `size`; the tile under its centre, `centre`, when it covers none.
pub(super) fn pad_tiles(rect: [f64; 4], centre: (i64, i64), size: (usize, usize)) -> [usize; 4] {
    let [w, n, e, s] = rect;
    // Tile t's centre t + 0.5 lies in [a, b] for t from ceil(a - 0.5) to
    // floor(b - 0.5).
    let first = |a: f64| (a - 0.5).ceil().max(0.0);
    let last = |b: f64, len: usize| (b - 0.5).floor().min(len as f64 - 1.0);
    let (x0, x1) = (first(w), last(e, size.0));
    let (y0, y1) = (first(n), last(s, size.1));
    if x0 > x1 || y0 > y1 {
        let (x, y) = (centre.0 as usize, centre.1 as usize);
        return [x, y, x, y];
    }
    [x0 as usize, y0 as usize, x1 as usize, y1 as usize]
}

/// An object's class, place and properties, in tiles.
pub(super) fn thing(o: &tiled::Object, tw: f64, th: f64) -> Thing {
    let class = if o.user_type.is_empty() {
        o.name.as_str()
    } else {
        o.user_type.as_str()
    };
    let (w, h) = match o.shape {
        tiled::ObjectShape::Rect { width, height }
        | tiled::ObjectShape::Ellipse { width, height } => (f64::from(width), f64::from(height)),
        _ => (0.0, 0.0),
    };
    // A tile object hangs from its bottom-left corner; others from the top
    // left.
    let top = if o.tile_data().is_some() {
        f64::from(o.y) - h
    } else {
        f64::from(o.y)
    };
    let (x0, y0) = (f64::from(o.x) / tw, top / th);
    let (x1, y1) = (x0 + w / tw, y0 + h / th);
    let finite = |v: f64| if v.is_finite() { v } else { -1.0 };
    Thing {
        id: o.id(),
        class: class.trim().to_owned(),
        centre: [finite((x0 + x1) / 2.0), finite((y0 + y1) / 2.0)],
        rect: [finite(x0), finite(y0), finite(x1), finite(y1)],
        properties: o.properties.clone(),
    }
}
