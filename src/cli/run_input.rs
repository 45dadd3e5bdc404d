//! What the commands run: maps found by name or path, the shipped art, scripts
//! and recordings read with what a replay should know said on stderr.

use super::args::TuningArgs;
use super::CliError;
use crate::audio::Levels;
use crate::data;
use crate::files;
use crate::map::{self, Loaded, Map};
use crate::record::{Header, Recording};
use crate::script::Script;
use crate::sim::{Controls, Difficulty, Tunables, World};
use crate::sprites::Art;
use std::path::{Path, PathBuf};

/// The map `asked` (a file, or the name of the player's map or a shipped
/// one), or the shipped default map; also the path as given (what a
/// recording names) and the file it is.
pub fn load_map(asked: Option<PathBuf>) -> Result<(Loaded, PathBuf, PathBuf), CliError> {
    let (path, file) = match asked {
        Some(path) => {
            let file = data::resolve_map(&path)?;
            (path, file)
        }
        None => (PathBuf::from(data::DEFAULT_MAP), data::default_map()),
    };
    Ok((map::load(&file)?, path, file))
}

/// The shipped sprite sheets.
pub fn load_art() -> Result<Art, CliError> {
    Ok(Art::load(&data::sprites_dir())?)
}

/// The seed of a script's world.
const SCRIPT_SEED: u64 = 1;

/// A headless run: the controls of every tick and the world they drive.
pub struct RunInput {
    ticks: Vec<Controls>,
    map: Map,
    tunables: Tunables,
    /// A recording's, else [`Difficulty::LEGACY`] (a script's world
    /// fights as worlds did before there were levels).
    difficulty: Difficulty,
    /// A recording's header, which starts its world as it was played
    /// (weapons, shells, an episode's carried score); None for a script,
    /// whose world has no weapons.
    recorded: Option<Header>,
    /// How loud it was heard: a recording's own levels, else the defaults.
    levels: Levels,
}

impl RunInput {
    /// The same run with its enemies at `difficulty`, if one is given.
    pub fn at_difficulty(self, difficulty: Option<Difficulty>) -> Self {
        Self {
            difficulty: difficulty.unwrap_or(self.difficulty),
            ..self
        }
    }

    /// A script's ticks on `map` (default: the open plane), with the default
    /// tunables and the tuning options applied.
    pub fn script(
        file: &Path,
        map: Option<PathBuf>,
        tuning: &TuningArgs,
    ) -> Result<Self, CliError> {
        Self::from_script(Script::load(file)?, map, tuning)
    }

    /// A script already read, as [`RunInput::script`] runs it.
    fn from_script(
        script: Script,
        map: Option<PathBuf>,
        tuning: &TuningArgs,
    ) -> Result<Self, CliError> {
        let map = match map {
            Some(p) => map::load(&data::resolve_map(&p)?)?.map,
            None => Map::open_plane(),
        };
        Ok(Self {
            ticks: script.ticks().collect(),
            map,
            tunables: tuning.tunables(),
            difficulty: Difficulty::LEGACY,
            recorded: None,
            levels: Levels::default(),
        })
    }

    /// A recording's ticks on its map (or `map`) with its seed and
    /// tunables, the tuning options applied over them.
    pub fn recording(
        file: &Path,
        map: Option<PathBuf>,
        tuning: &TuningArgs,
    ) -> Result<Self, CliError> {
        Self::from_recording(load_recording(file)?, map, tuning)
    }

    /// A recording already read, as [`RunInput::recording`] runs it.
    fn from_recording(
        recording: Recording,
        map: Option<PathBuf>,
        tuning: &TuningArgs,
    ) -> Result<Self, CliError> {
        let map = recording_map(&recording, map)?.map;
        let mut tunables = recording.header.tunables;
        tuning.apply(&mut tunables);
        Ok(Self {
            ticks: recording.ticks().collect(),
            map,
            tunables,
            difficulty: recording.header.difficulty,
            recorded: Some(recording.header.clone()),
            levels: recording.header.levels,
        })
    }

    /// A script or a recording, whichever `file` is: a recording starts
    /// with its magic line.
    pub fn either(
        file: &Path,
        map: Option<PathBuf>,
        tuning: &TuningArgs,
    ) -> Result<Self, CliError> {
        let text = files::read_text(file, "file", files::cap::RECORDING)?;
        // Read once, parsed as whichever it is.
        match text.starts_with("wobblecaster-recording") {
            true => Self::from_recording(noted(Recording::parse(&text, file)?), map, tuning),
            false => Self::from_script(Script::parse(&text, file)?, map, tuning),
        }
    }

    /// The levels it is heard at: a recording's own, else the defaults.
    pub fn levels(&self) -> Levels {
        self.levels
    }

    /// The fresh world and the ticks to run on it.
    pub fn world(self) -> (World, Vec<Controls>) {
        let world = match &self.recorded {
            Some(h) => h.start_world(self.map, self.tunables, self.difficulty),
            None => World::at_difficulty(self.map, self.tunables, self.difficulty, SCRIPT_SEED),
        };
        (world, self.ticks)
    }
}

/// Loads a recording, telling on stderr what a replay should know: a
/// truncated file, another program version, tunables left to defaults.
pub fn load_recording(file: &Path) -> Result<Recording, CliError> {
    Ok(noted(Recording::load(file)?))
}

/// `recording`, after telling on stderr what a replay should know of it.
fn noted(recording: Recording) -> Recording {
    let name = recording.file.display();
    if recording.is_truncated() {
        eprintln!(
            "note: {name} has no end line (its recorder stopped without closing it, or the \
             file was cut): it replays up to its last complete second, tick {} ({} later \
             ticks dropped)",
            recording.last_verified_tick(),
            recording.dropped_ticks
        );
    }
    let version = &recording.header.version;
    if version != env!("CARGO_PKG_VERSION") {
        eprintln!(
            "note: {name} was recorded by wobblecaster {version}, this is {}: a changed \
             simulation shows as a desync",
            env!("CARGO_PKG_VERSION")
        );
    }
    if recording.header.heard_with_other_sounds() {
        let shipped = crate::data::sound_assets_hash();
        match recording.header.sound_assets {
            Some(heard) => eprintln!(
                "warning: {name} was heard with other sound assets (hash {heard:016x}; these \
                 are {shipped:016x}): its audio renders with the sounds shipped now"
            ),
            None => eprintln!(
                "warning: {name} does not name the sound assets it was heard with (it was \
                 made before recordings did, and the sounds have been remade since): its \
                 audio renders with the sounds shipped now"
            ),
        }
    }
    if !recording.defaulted.is_empty() {
        eprintln!(
            "note: {name} does not set {}: the defaults stand in",
            recording.defaulted.join(", ")
        );
    }
    recording
}

/// The map to run `recording` on: `chosen` (resolved as `--map` is), else
/// the one its header names (a path that is not a file there is the
/// shipped map of its name; none is the open plane).
pub fn recording_map(recording: &Recording, chosen: Option<PathBuf>) -> Result<Loaded, CliError> {
    let header = &recording.header;
    let path = match (chosen, &header.map) {
        (Some(p), _) => data::resolve_map(&p)?,
        (None, Some(p)) => data::resolve_recorded_map(p)?,
        (None, None) => return Ok(Loaded::open_plane()),
    };
    let map = map::load(&path).map_err(|source| CliError::ReplayMap {
        map: path.clone(),
        recording: recording.file.clone(),
        source,
    })?;
    if map.map.name != header.map_name {
        eprintln!(
            "note: {} is the map `{}`; {} was recorded on `{}`",
            path.display(),
            map.map.name,
            recording.file.display(),
            header.map_name
        );
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The tuning flags as a command line gives them, none set.
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        tuning: TuningArgs,
    }

    #[test]
    fn a_recording_made_before_shells_met_guards_runs_as_it_was_played() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/play.wrec");
        let input = RunInput::either(&file, None, &Cli::parse_from(["test"]).tuning).unwrap();
        let (world, ticks) = input.world();
        assert!(!ticks.is_empty());
        assert!(!world.shells_hit_guards(), "no shells_hit_guards key: off");
    }
}
