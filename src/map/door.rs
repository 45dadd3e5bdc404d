//! Doors: Wolfenstein-style sliding doors set in the middle of their tile.
//!
//! A door's leaf stands across its tile, halfway between the two walls it
//! is set between, and slides sideways into one of them as it opens. The
//! map holds each door's state; the simulation moves it
//! (`sim::doors`), and rays and bodies read it from here.

use super::{Key, Place};

/// Which way a door's leaf runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoorAxis {
    /// The leaf runs north-south (walls north and south of the door); the
    /// way through is east-west.
    NorthSouth,
    /// The leaf runs east-west (walls east and west); the way through is
    /// north-south.
    EastWest,
}

/// What a door is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DoorMotion {
    /// Shut, or standing still part-way.
    #[default]
    Still,
    /// Sliding open.
    Opening,
    /// Fully open, for this many more ticks before it tries to close.
    Open(u32),
    /// Sliding shut.
    Closing,
}

/// One door.
#[derive(Clone, Debug, PartialEq)]
pub struct Door {
    /// Its tile.
    pub tile: (i64, i64),
    /// Which way its leaf runs.
    pub axis: DoorAxis,
    /// The key it needs, if it is locked.
    pub lock: Option<Key>,
    /// Its texture, an index into [`MapArt::doors`](super::MapArt::doors).
    pub texture: usize,
    /// How far it has slid open: 0 shut, 1 fully open.
    pub open: f64,
    /// What it is doing.
    pub motion: DoorMotion,
    /// Where the map file puts it, for messages.
    pub place: Place,
}

impl Door {
    /// A shut door.
    pub fn new(tile: (i64, i64), axis: DoorAxis, lock: Option<Key>, texture: usize) -> Self {
        Self {
            tile,
            axis,
            lock,
            texture,
            open: 0.0,
            motion: DoorMotion::Still,
            place: Place::File,
        }
    }

    /// True when the door is fully open: only then can bodies pass.
    pub fn is_open(&self) -> bool {
        self.open >= 1.0
    }

    /// Where a ray from `o` along `d` meets the leaf, if it does inside
    /// the tile between ray parameters `t_in` and `t_out` and where the
    /// leaf has not slid away: the ray parameter and the place across the
    /// leaf's texture, 0 to 1, left to right as seen from the ray.
    pub fn ray_hit(&self, o: [f64; 2], d: [f64; 2], t_in: f64, t_out: f64) -> Option<(f64, f64)> {
        let (tx, ty) = (self.tile.0 as f64, self.tile.1 as f64);
        // Across the leaf: x for a north-south leaf; along it: y.
        let (across, along, o_across, o_along, d_across, d_along) = match self.axis {
            DoorAxis::NorthSouth => (tx, ty, o[0], o[1], d[0], d[1]),
            DoorAxis::EastWest => (ty, tx, o[1], o[0], d[1], d[0]),
        };
        if d_across == 0.0 {
            return None;
        }
        let t = (across + 0.5 - o_across) / d_across;
        if !(t >= t_in && t <= t_out) {
            return None;
        }
        let f = (o_along + t * d_along - along).clamp(0.0, 1.0);
        // The leaf covers [0, 1 - open] along the tile; its texture slides
        // with it.
        if f >= 1.0 - self.open {
            return None;
        }
        let u = f + self.open;
        // Seen from the ray, left to right: mirror so text reads the same
        // from both sides, as a wall face does.
        let flip = match self.axis {
            DoorAxis::NorthSouth => d_across < 0.0,
            DoorAxis::EastWest => d_across > 0.0,
        };
        Some((t, if flip { 1.0 - u } else { u }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shut_door_stops_a_ray_at_the_middle_of_its_tile() {
        let door = Door::new((3, 2), DoorAxis::NorthSouth, None, 0);
        // From (1.5, 2.25) east: enters the tile at x = 3 (t 1.5), meets
        // the leaf at x = 3.5 (t 2).
        let (t, u) = door.ray_hit([1.5, 2.25], [1.0, 0.0], 1.5, 2.5).unwrap();
        assert!((t - 2.0).abs() < 1e-12);
        assert!((u - 0.25).abs() < 1e-12);
        // Parallel to the leaf: never meets it.
        assert!(door.ray_hit([3.2, 1.5], [0.0, 1.0], 0.5, 1.5).is_none());
    }

    #[test]
    fn an_opening_door_lets_rays_through_where_it_has_slid_away() {
        let mut door = Door::new((0, 0), DoorAxis::EastWest, None, 0);
        door.open = 0.5;
        // The leaf now covers x in [0, 0.5): a ray down x = 0.25 hits it,
        // one down x = 0.75 passes.
        let hit = door.ray_hit([0.25, -1.0], [0.0, 1.0], 1.0, 2.0);
        assert!(hit.is_some_and(|(t, _)| (t - 1.5).abs() < 1e-12));
        assert!(door.ray_hit([0.75, -1.0], [0.0, 1.0], 1.0, 2.0).is_none());
        door.open = 1.0;
        assert!(door.is_open());
        assert!(door.ray_hit([0.25, -1.0], [0.0, 1.0], 1.0, 2.0).is_none());
    }

    #[test]
    fn the_leaf_texture_slides_with_the_leaf() {
        let mut door = Door::new((0, 0), DoorAxis::NorthSouth, None, 0);
        let (_, shut) = door.ray_hit([-1.0, 0.3], [1.0, 0.0], 1.0, 2.0).unwrap();
        door.open = 0.2;
        let (_, slid) = door.ray_hit([-1.0, 0.1], [1.0, 0.0], 1.0, 2.0).unwrap();
        assert!(
            (shut - slid).abs() < 1e-12,
            "the same texel, 0.2 further along"
        );
    }
}
