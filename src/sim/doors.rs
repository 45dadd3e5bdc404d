//! Doors at work: opening on use, standing open, closing unless someone
//! stands in the way; and the pickups lying about the map.
//!
//! As in Wolfenstein 3D, a door slides open in about a second, stays open
//! a few seconds, then slides shut; a door is solid to bodies until it is
//! fully open, and rays pass only where its leaf has slid away. Enemies
//! open unlocked doors they walk up to; locked ones need the player to
//! carry their key.

use crate::map::{floor_i64, DoorMotion, Key, Map, Pickup, PickupKind};

/// Seconds a door takes to slide fully open, or shut.
pub const SLIDE_SECONDS: f64 = 1.0;
/// Ticks a door stands fully open before it tries to close (4 s).
pub const STAY_OPEN_TICKS: u32 = 480;
/// Ticks a door blocked from closing waits before trying again.
const RETRY_TICKS: u32 = 60;
/// How far ahead of the player's centre the use button reaches, tiles.
pub const USE_REACH: f64 = 1.2;
/// How close to a door tile an enemy's body comes before it opens the
/// door, tiles beyond its radius.
const ENEMY_REACH: f64 = 0.15;

/// What the use button did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Used {
    /// A door started to open.
    Opened,
    /// An open door started to close.
    Shut,
    /// A locked door, and the player lacks its key.
    Locked(Key),
}

/// Something the player should hear about: the HUD says it for a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The player tried a door locked with this key.
    Locked(Key),
    /// The player picked this up.
    Picked(PickupKind),
    /// The player found a secret: a push wall slides.
    Secret,
    /// The score passed a threshold: an extra life.
    ExtraLife,
}

/// The player pressed use, standing at `pos` facing `heading`, carrying
/// the keys in the bit set `keys`: works the first door straight ahead
/// within [`USE_REACH`], if any. Bodies are `occupied` tests for a tile.
pub fn use_door(
    map: &mut Map,
    pos: [f64; 2],
    heading: f64,
    keys: u8,
    occupied: impl Fn((i64, i64)) -> bool,
) -> Option<Used> {
    let (d, tile) = door_ahead(map, pos, heading)?;
    let door = &mut map.doors[d];
    match door.motion {
        DoorMotion::Still | DoorMotion::Closing => {
            if let Some(key) = door.lock.filter(|k| keys & k.bit() == 0) {
                return Some(Used::Locked(key));
            }
            door.motion = DoorMotion::Opening;
            Some(Used::Opened)
        }
        DoorMotion::Open(_) if !occupied(tile) => {
            door.motion = DoorMotion::Closing;
            Some(Used::Shut)
        }
        DoorMotion::Open(_) | DoorMotion::Opening => None,
    }
}

/// The door the use button would work for a player at `pos` facing
/// `heading`: the first tile straight ahead within [`USE_REACH`] that is
/// not open floor, if it is a door (its index in [`Map::doors`], and its
/// tile).
pub fn door_ahead(map: &Map, pos: [f64; 2], heading: f64) -> Option<(usize, (i64, i64))> {
    let (dy, dx) = heading.sin_cos();
    let here = Map::tile_of(pos[0], pos[1]);
    // Sample the line ahead finely enough not to skip a tile.
    let steps = (USE_REACH / 0.05) as usize;
    let tile = (1..=steps)
        .map(|k| {
            let t = k as f64 * 0.05;
            Map::tile_of(pos[0] + dx * t, pos[1] + dy * t)
        })
        .find(|&t| t != here && map.cell(t.0, t.1) != 0)?;
    Some((map.door_at(tile.0, tile.1)?, tile))
}

/// Opens every unlocked door one of `movers` (centre, radius) has walked
/// up to.
pub fn open_for(map: &mut Map, movers: impl Iterator<Item = ([f64; 2], f64)>) {
    if map.doors.is_empty() {
        return;
    }
    for (c, r) in movers {
        let reach = r + ENEMY_REACH;
        let (x0, x1) = (floor_i64(c[0] - reach), floor_i64(c[0] + reach));
        let (y0, y1) = (floor_i64(c[1] - reach), floor_i64(c[1] + reach));
        for ty in y0..=y1 {
            for tx in x0..=x1 {
                let Some(d) = map.door_at(tx, ty) else {
                    continue;
                };
                let door = &mut map.doors[d];
                let shut = matches!(door.motion, DoorMotion::Still | DoorMotion::Closing);
                if shut && door.lock.is_none() && touches(c, reach, (tx, ty)) {
                    door.motion = DoorMotion::Opening;
                }
            }
        }
    }
}

/// Moves every door one tick of `dt` seconds; an open door whose time is
/// up closes unless `occupied` says a body is in its tile.
pub fn step(map: &mut Map, dt: f64, occupied: impl Fn((i64, i64)) -> bool) {
    let slide = dt / SLIDE_SECONDS;
    for door in &mut map.doors {
        match door.motion {
            DoorMotion::Still => {}
            DoorMotion::Opening => {
                door.open += slide;
                // Snap the last rounding error of the sum.
                if door.open >= 1.0 - 1e-9 {
                    door.open = 1.0;
                    door.motion = DoorMotion::Open(STAY_OPEN_TICKS);
                }
            }
            DoorMotion::Open(0) if occupied(door.tile) => {
                door.motion = DoorMotion::Open(RETRY_TICKS);
            }
            DoorMotion::Open(0) => door.motion = DoorMotion::Closing,
            DoorMotion::Open(n) => door.motion = DoorMotion::Open(n - 1),
            DoorMotion::Closing => {
                door.open -= slide;
                if door.open <= 1e-9 {
                    door.open = 0.0;
                    door.motion = DoorMotion::Still;
                }
            }
        }
    }
}

/// True if a circle at `c` of radius `r` meets the square of `tile`.
pub fn touches(c: [f64; 2], r: f64, tile: (i64, i64)) -> bool {
    let nx = c[0].clamp(tile.0 as f64, tile.0 as f64 + 1.0);
    let ny = c[1].clamp(tile.1 as f64, tile.1 as f64 + 1.0);
    (nx - c[0]).hypot(ny - c[1]) < r
}

/// The pickup, if any, that a player at `pos` of `radius` stands on and
/// can use now: keys always, first aid below full health, fuel below a
/// full tank. Its index in `pickups`.
pub fn pickup_at(
    pickups: &[Pickup],
    pos: [f64; 2],
    radius: f64,
    wants: impl Fn(PickupKind) -> bool,
) -> Option<usize> {
    /// A pickup's own reach, tiles.
    const PICKUP_RADIUS: f64 = 0.25;
    pickups
        .iter()
        .position(|p| (p.x - pos[0]).hypot(p.y - pos[1]) < radius + PICKUP_RADIUS && wants(p.kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    fn corridor() -> Map {
        // A door between two rooms; the player faces it from the west.
        Map::from_rows(&["#######", "#>.D..#", "#######"])
    }

    const NOBODY: fn((i64, i64)) -> bool = |_| false;

    fn run(map: &mut Map, seconds: f64) {
        for _ in 0..(seconds * 120.0).round() as usize {
            step(map, 1.0 / 120.0, NOBODY);
        }
    }

    /// The documented cycle, written out in ticks of 1/120 s rather than
    /// read from the constants: the openness after `tick` ticks of a door
    /// used at tick 0 whose close starts on tick `close_starts` (an
    /// unblocked door: 601). It slides open over 1 s (120 ticks; half open
    /// at tick 60), then stands fully open; it slides shut over another 120
    /// ticks from the tick after the close starts; then it stays shut.
    fn expected_openness(tick: u32, close_starts: u32) -> f64 {
        const SLIDE: f64 = 120.0;
        if tick <= 120 {
            f64::from(tick) / SLIDE
        } else if tick <= close_starts {
            1.0
        } else {
            (1.0 - f64::from(tick - close_starts) / SLIDE).max(0.0)
        }
    }

    /// Uses the corridor's door, then steps it tick by tick to `last`,
    /// `blocked_until` the last tick on which a body stands in its tile,
    /// and checks the openness and the solidity at every tick against
    /// [`expected_openness`].
    fn check_cycle(close_starts: u32, blocked_until: u32, last: u32) {
        let mut map = corridor();
        assert_eq!(
            use_door(&mut map, [2.5, 1.5], 0.0, 0, NOBODY),
            Some(Used::Opened)
        );
        for tick in 1..=last {
            step(&mut map, 1.0 / 120.0, |t| {
                tick <= blocked_until && t == (3, 1)
            });
            let (open, want) = (map.doors[0].open, expected_openness(tick, close_starts));
            assert!(
                (open - want).abs() < 1e-9,
                "tick {tick}: {open}, not {want}"
            );
            assert_eq!(map.is_solid(3, 1), want < 1.0, "tick {tick}: solid");
        }
        assert_eq!(map.doors[0].motion, DoorMotion::Still, "shut at the end");
    }

    #[test]
    fn a_door_keeps_the_documented_timings_tick_by_tick() {
        // Fully open at tick 120, it stands open 4 s: its 480-tick wait
        // runs through ticks 121 to 600; tick 601 finds the time up and
        // starts the close, and the leaf moves from tick 602: half shut at
        // 661, shut at 721.
        check_cycle(601, 0, 800);
        assert_eq!(expected_openness(60, 601), 0.5);
        assert_eq!(expected_openness(661, 601), 0.5);
        assert_eq!(expected_openness(721, 601), 0.0);
    }

    #[test]
    fn a_blocked_door_tries_again_every_half_second() {
        // Someone stands in the doorway until tick 700. The time is up at
        // tick 601, but the doorway is taken: the door waits 0.5 s (60
        // ticks, 602 to 661) and looks again at tick 662, still taken;
        // waits 663 to 722 and at tick 723, the doorway free, starts the
        // close: half shut at 783, shut at 843.
        check_cycle(723, 700, 900);
        // A body that leaves just before a look lets it close at that look.
        check_cycle(662, 661, 800);
    }

    #[test]
    fn a_door_opens_in_a_second_stays_open_then_closes() {
        let mut map = corridor();
        assert!(map.is_solid(3, 1));
        assert_eq!(
            use_door(&mut map, [2.5, 1.5], 0.0, 0, NOBODY),
            Some(Used::Opened)
        );
        run(&mut map, 0.5);
        assert!((map.doors[0].open - 0.5).abs() < 1e-9);
        assert!(map.is_solid(3, 1), "solid until fully open");
        run(&mut map, 0.5);
        assert!(!map.is_solid(3, 1));
        run(&mut map, 4.0);
        assert!(!map.is_solid(3, 1), "still open after 4 s");
        run(&mut map, 1.0 / 120.0 + 1.0);
        assert!(map.is_solid(3, 1));
        assert_eq!(map.doors[0].open, 0.0);
        assert_eq!(map.doors[0].motion, DoorMotion::Still);
    }

    #[test]
    fn a_door_does_not_close_on_someone_in_its_tile() {
        let mut map = corridor();
        use_door(&mut map, [2.5, 1.5], 0.0, 0, NOBODY);
        let inside = |t: (i64, i64)| t == (3, 1);
        for _ in 0..120 * 10 {
            step(&mut map, 1.0 / 120.0, inside);
        }
        assert!(map.doors[0].is_open(), "held open for 10 s");
        // Use does not shut it on them either.
        assert_eq!(use_door(&mut map, [2.5, 1.5], 0.0, 0, inside), None);
        run(&mut map, 0.6);
        assert!(!map.doors[0].is_open(), "closes once they leave");
    }

    #[test]
    fn use_reaches_only_the_door_straight_ahead_and_near() {
        let mut map = corridor();
        // Facing away, or too far back: nothing.
        assert_eq!(use_door(&mut map, [2.5, 1.5], PI, 0, NOBODY), None);
        assert_eq!(use_door(&mut map, [1.5, 1.5], 0.0, 0, NOBODY), None);
        // A wall ahead stops the reach.
        assert_eq!(use_door(&mut map, [2.5, 1.5], PI / 2.0, 0, NOBODY), None);
        assert_eq!(
            use_door(&mut map, [2.3, 1.5], 0.0, 0, NOBODY),
            Some(Used::Opened)
        );
        // Using it again while fully open shuts it.
        run(&mut map, 1.0);
        assert_eq!(
            use_door(&mut map, [2.3, 1.5], 0.0, 0, NOBODY),
            Some(Used::Shut)
        );
    }

    #[test]
    fn a_locked_door_needs_its_key() {
        let mut map = Map::from_rows(&["#######", "#>.G..#", "#######"]);
        let lacking = use_door(&mut map, [2.5, 1.5], 0.0, 0, NOBODY);
        assert_eq!(lacking, Some(Used::Locked(Key::Gold)));
        assert_eq!(map.doors[0].motion, DoorMotion::Still);
        let silver = Key::Silver.bit();
        assert_eq!(
            use_door(&mut map, [2.5, 1.5], 0.0, silver, NOBODY),
            Some(Used::Locked(Key::Gold))
        );
        let gold = Key::Gold.bit();
        assert_eq!(
            use_door(&mut map, [2.5, 1.5], 0.0, gold, NOBODY),
            Some(Used::Opened)
        );
    }

    #[test]
    fn enemies_open_unlocked_doors_they_walk_up_to_but_not_locked_ones() {
        let mut map = Map::from_rows(&["#########", "#>.D.G..#", "#########"]);
        // A walker of radius 0.28 just west of each door.
        open_for(
            &mut map,
            [([2.6, 1.5], 0.28), ([4.6, 1.5], 0.28)].into_iter(),
        );
        assert_eq!(map.doors[0].motion, DoorMotion::Opening);
        assert_eq!(map.doors[1].motion, DoorMotion::Still);
        // Far from any door: nothing.
        let mut far = corridor();
        open_for(&mut far, [([1.5, 1.5], 0.28)].into_iter());
        assert_eq!(far.doors[0].motion, DoorMotion::Still);
    }

    #[test]
    fn a_closing_door_reopens_on_use() {
        let mut map = corridor();
        use_door(&mut map, [2.5, 1.5], 0.0, 0, NOBODY);
        run(&mut map, 1.0 + 4.0 + 0.5);
        assert_eq!(map.doors[0].motion, DoorMotion::Closing);
        assert_eq!(
            use_door(&mut map, [2.5, 1.5], 0.0, 0, NOBODY),
            Some(Used::Opened)
        );
    }
}
