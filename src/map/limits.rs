//! The bounds on what a map file may ask for, and the defaults within
//! them, shared by the text and Tiled readers.

/// The largest grid accepted, in tiles on a side.
pub const MAX_GRID: usize = 1024;
/// The most wall textures one map may name (one cell value is the door's).
pub(super) const MAX_WALLS: usize = 254;
/// The most doors one map may hold.
pub(super) const MAX_DOORS: usize = 4096;
/// The most push walls one map may hold (the reachability check asks
/// after each wall tile it meets whether it is one).
pub(super) const MAX_PUSHWALLS: usize = 1024;
/// The most walkers and tanks one map may hold: what the simulation runs
/// at well over its tick rate (the bench's 1,000-enemy row).
pub const MAX_ACTORS: usize = 1024;
/// The most pickups one map may hold.
pub const MAX_PICKUPS: usize = 4096;
/// The smallest tank half width a map may ask for, in tiles.
pub const MIN_HALF_WIDTH: f64 = 0.1;
/// The largest tank half width a map may ask for, in tiles.
pub const MAX_HALF_WIDTH: f64 = 1.0;
/// The default tank half width, in tiles.
pub(super) const DEFAULT_HALF_WIDTH: f64 = 0.35;
/// The most hints one map may hold.
pub const MAX_HINTS: usize = 64;
/// The longest hint text, in characters: two lines of the HUD's hint box
/// at 960x540.
pub const MAX_HINT_CHARS: usize = 160;
/// The largest play order a map may give.
pub const MAX_ORDER: u32 = 9999;
/// The most exit tiles a map may have (the tick looks for the player's
/// tile among them).
pub const MAX_EXITS: usize = 256;
