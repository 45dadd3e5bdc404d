//! Recording and replay: the [`Controls`] of every tick written to a text
//! file a person can read and diff, and played back into a fresh world
//! with the state hash checked once a second.
//!
//! ```text
//! wobblecaster-recording 1
//! # ticks: FORWARD RIGHT TURN [ACTION], N* repeats a tick N times; hash TICK HEX after a tick; end TICKS HEX
//! version = 0.1.0
//! tick_rate = 120
//! map = maps/default.map
//! map_name = Default maze
//! seed = 1
//! difficulty = normal
//! model = polar
//! ...
//! gyro = 0
//! ---
//! 120* 1 0 0
//! hash 120 5c1d0a3e9f2b7781
//! 0 0 0 model=quake
//! 59* 0 0 -1
//! end 180 0b3f54c2d1e8a9f6
//! ```
//!
//! - `format`: the body's lines, written and read back exactly.
//! - `episode`: the header's `episode` line, the score and lives a level
//!   of an episode started with.
//! - `load`: [`Recording::load`], with errors located by file, line and column.
//! - `recorder`: [`Recorder`], which never overwrites a file.
//! - `replay`: [`Playback`] and [`replay`], which report the first desync.

mod episode;
mod format;
mod load;
mod recorder;
mod replay;

pub use load::{RecordingError, RecordingFault, MAX_TICKS};
pub use recorder::Recorder;
pub use replay::{replay, Desync, Outcome, Playback};

use crate::audio::Levels;
use crate::sim::tally::Carried;
use crate::sim::{Controls, Difficulty, Tunables, World};
use std::path::{Path, PathBuf};

/// The file's first line: what it is and the version of its format.
pub const MAGIC: &str = "wobblecaster-recording 1";
/// The line between the header and the ticks.
pub const HEADER_END: &str = "---";
/// Ticks between two state-hash lines: one second at the tick rate. A crash
/// loses at most the ticks since the last one.
pub const CHECK_INTERVAL: u64 = crate::sim::TICK_RATE as u64;

/// What a replay needs to rebuild the world a recording started from.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The program version that wrote the recording.
    pub version: String,
    /// The map file as it was given to the program; None for the open
    /// plane (written as an empty value).
    pub map: Option<PathBuf>,
    /// The map's display name, to tell a changed map file apart.
    pub map_name: String,
    /// Seed of the world's random generator.
    pub seed: u64,
    /// Every tunable at the first tick.
    pub tunables: Tunables,
    /// How hard the fights were. A recording without a `difficulty` line
    /// was made before there were levels: it replays at
    /// [`Difficulty::LEGACY`], the enemies as they were then.
    pub difficulty: Difficulty,
    /// True for a world with weapons ([`World::armed`]), written `arms =
    /// on`. A recording without the line replays with the old gun and
    /// endless rounds, as every recording made before weapons does.
    pub armed: bool,
    /// How loud the game played (the `[audio]` settings at the start):
    /// nothing the world reads, kept so `replay --audio` renders what was
    /// heard. Recordings from before sound take the defaults, and keys
    /// a recording from before issue 71 lacks read as
    /// [`Levels::legacy`]: no music, ambience, wind, reverb or variation.
    pub levels: Levels,
    /// The hash of the sound assets it was heard with
    /// ([`crate::data::sound_assets_hash`]); None for a recording from
    /// before it was written. A replay with other assets says so.
    pub sound_assets: Option<u64>,
    /// True if tanks' shells stop at guards ([`World::shells_hit_guards`]),
    /// written `shells_hit_guards = on`. A recording without the line was
    /// made before they did, and replays with shells passing guards.
    pub shells_hit_guards: bool,
    /// For a level of an episode, the score and lives it started with
    /// (written `episode = SCORE LIVES NEXT_LIFE`): the replay starts the
    /// level so, and a death's restart in it costs a life as it did. None
    /// for a lone map, and for every recording from before episodes.
    pub episode: Option<Carried>,
}

impl Header {
    /// The world a run of this header starts from on `map`, at
    /// `tunables` and `difficulty` (the header's own, unless a tool asks
    /// for others): armed, shells meeting guards or not, and a level of an
    /// episode with the score and lives it started with, as recorded. A key
    /// the header lacks means what play did before it was written.
    pub fn start_world(
        &self,
        map: crate::map::Map,
        tunables: Tunables,
        difficulty: Difficulty,
    ) -> World {
        let world = World::at_difficulty(map, tunables, difficulty, self.seed);
        let world = if self.armed { world.armed() } else { world };
        let mut world = world.with_shells_hitting_guards(self.shells_hit_guards);
        if let Some(carried) = self.episode {
            world.apply(crate::sim::Change::Episode(carried));
        }
        world
    }

    /// The header of a recording of `world`, fresh (tick 0) on the map
    /// loaded from `map` (None: the open plane) with `seed`.
    pub fn new(world: &World, map: Option<&Path>, seed: u64) -> Self {
        Self {
            version: env!("CARGO_PKG_VERSION").to_string(),
            map: map.map(Path::to_path_buf),
            map_name: world.map().name.clone(),
            seed,
            tunables: *world.tunables(),
            difficulty: world.difficulty(),
            armed: world.arms().is_some(),
            levels: Levels::default(),
            sound_assets: Some(crate::data::sound_assets_hash()),
            shells_hit_guards: world.shells_hit_guards(),
            episode: world.in_episode().then(|| world.carried_in()),
        }
    }

    /// True if the sound assets the recording was heard with are not the
    /// ones shipped now: it names others, or (made before recordings named
    /// them, with the clips issue 71 remade) none.
    pub fn heard_with_other_sounds(&self) -> bool {
        self.sound_assets
            .is_none_or(|h| h != crate::data::sound_assets_hash())
    }

    /// The header's lines, the magic line first and [`HEADER_END`] last,
    /// each ending in a newline.
    pub fn to_text(&self) -> String {
        let map = self.map.as_deref().map(Path::display);
        let mut lines = vec![
            MAGIC.to_string(),
            format!("# {}", format::SYNOPSIS),
            format!("version = {}", self.version),
            format!("tick_rate = {}", crate::sim::TICK_RATE),
            format!("map = {}", map.map(|m| m.to_string()).unwrap_or_default()),
            format!("map_name = {}", self.map_name),
            format!("seed = {}", self.seed),
            format!("{} = {}", load::DIFFICULTY_KEY, self.difficulty.name()),
        ];
        if self.armed {
            lines.push(format!("{} = on", load::ARMS_KEY));
        }
        let hit = if self.shells_hit_guards { "on" } else { "off" };
        lines.push(format!("{} = {hit}", load::SHELLS_HIT_GUARDS_KEY));
        if let Some(carried) = &self.episode {
            let value = episode::episode_text(carried);
            lines.push(format!("{} = {value}", episode::EPISODE_KEY));
        }
        for (key, value) in self.tunables.to_pairs() {
            lines.push(format!("{key} = {value}"));
        }
        let values = load::audio_values(&self.levels);
        for (key, value) in load::AUDIO_KEYS.iter().zip(values) {
            lines.push(format!("{key} = {value}"));
        }
        if let Some(hash) = self.sound_assets {
            lines.push(format!("{} = {hash:016x}", load::SOUND_ASSETS_KEY));
        }
        lines.push(HEADER_END.to_string());
        lines
            .iter()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect()
    }
}

/// A state hash after a tick, as stored in a recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// Ticks run when the hash was taken.
    pub tick: u64,
    /// [`World::state_hash`] after that tick.
    pub hash: u64,
}

/// Ticks with the same controls, one after another.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// How many ticks, at least 1.
    pub count: u64,
    /// The controls of each.
    pub controls: Controls,
}

/// A recording read back: its header, its ticks and their checks.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// The file it was read from (for messages).
    pub file: PathBuf,
    /// How to rebuild the starting world.
    pub header: Header,
    /// The ticks in order, run-length encoded. A truncated recording keeps
    /// only the ticks up to its last hash line.
    pub runs: Vec<Run>,
    /// The hash lines, in tick order.
    pub checks: Vec<Check>,
    /// The end line, if the recording was closed properly.
    pub end: Option<Check>,
    /// Ticks after the last hash line of a truncated recording, dropped
    /// because nothing verifies them.
    pub dropped_ticks: u64,
    /// Tunables the header does not set (an older program wrote it), which
    /// take their defaults.
    pub defaulted: Vec<&'static str>,
}

impl Recording {
    /// The controls of every tick, in order.
    pub fn ticks(&self) -> impl Iterator<Item = Controls> + '_ {
        self.runs
            .iter()
            .flat_map(|r| std::iter::repeat_n(r.controls, r.count as usize))
    }

    /// Total length in ticks.
    pub fn len_ticks(&self) -> u64 {
        self.runs.iter().map(|r| r.count).sum()
    }

    /// True if the recording has no end line: the program stopped without
    /// closing it (a crash, a kill) or the file was cut.
    pub fn is_truncated(&self) -> bool {
        self.end.is_none()
    }

    /// The last tick a hash verifies: the end line's, else the last hash
    /// line's, else 0.
    pub fn last_verified_tick(&self) -> u64 {
        self.end
            .or(self.checks.last().copied())
            .map_or(0, |c| c.tick)
    }
}

/// The pointer offset written `X,Y` (each -1 to 1), as recordings and
/// scripts write it; `None` if it is not that.
pub fn parse_pointer(value: &str) -> Option<[f32; 2]> {
    format::parse_pointer(1, value).ok()
}
