//! What plays behind the voices: the map's music and ambience bed, and
//! the reverberation of the space around the listener on the effects bus.
//! The mixer calls two hooks a block: [`Backdrop::effects`] after the
//! game's voices (the reverb, in place) and [`Backdrop::beds`] after the
//! menus' (the music and the bed, dry).
//!
//! A map names its score (`music = NAME`, `ambience = NAME` in its
//! header, maps/README.md); [`Score::for_map`] reads it at the edge, and
//! the mixer is handed the loaded [`Score`]. Music and ambience at level
//! 0 are not rendered at all (and the music waits where it was), so a
//! recording heard without them renders the same bytes it did before
//! they existed.

use super::ambience::{Ambience, Bed};
use super::levels::Levels;
use super::music::{read_track, MusicErrorKind, Track};
use super::reverb::{Reverb, Room};
use super::sequencer::Sequencer;
use super::space::Space;
use super::synth::SineTable;
use crate::located::Faults;
use crate::map::Map;
use std::path::PathBuf;
use std::sync::Arc;

/// The music's level at `[audio] music = 1`, against the effects: it sits
/// under them (standing in the maze at the default levels, the music and
/// bed peak about 11 dB under a gunshot's peak).
pub const MUSIC_BUS: f32 = 0.2;
/// The ambience bed's level at `[audio] ambience = 1`.
pub const AMBIENCE_BUS: f32 = 0.6;
/// The track a map plays when it names none.
pub const DEFAULT_TRACK: &str = "maze";

/// The folder of the shipped music tracks.
pub fn music_dir() -> PathBuf {
    crate::data::dir("assets/music")
}

/// The file of the shipped track `name`.
pub fn track_file(name: &str) -> PathBuf {
    music_dir().join(format!("{name}.txt"))
}

/// What is wrong with a map's score.
#[derive(Debug, thiserror::Error)]
pub enum ScoreError {
    /// The track does not parse (or there is no such file).
    #[error("music `{name}`")]
    Track {
        /// The track's name.
        name: String,
        /// What is wrong with its file.
        #[source]
        faults: Faults<MusicErrorKind>,
    },
    /// No bed of that name.
    #[error("unknown ambience `{0}` (none, room, wind or hum)")]
    Ambience(String),
}

/// A map's music track and ambience bed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// The track (None: no music).
    pub music: Option<Arc<Track>>,
    /// The bed.
    pub ambience: Ambience,
}

impl Score {
    /// The score `map` names: its `music` track (the [`DEFAULT_TRACK`] if
    /// it names none, no music for `none`) and its `ambience` bed (if it
    /// names none, `wind` under an open sky at its start, else `room`).
    pub fn for_map(map: &Map) -> Result<Self, ScoreError> {
        let music = match map.music.as_deref().unwrap_or(DEFAULT_TRACK) {
            "none" => None,
            name => Some(Arc::new(read_track(&track_file(name)).map_err(
                |faults| ScoreError::Track {
                    name: name.into(),
                    faults,
                },
            )?)),
        };
        let ambience = match map.ambience.as_deref() {
            Some(name) => Ambience::named(name).ok_or_else(|| ScoreError::Ambience(name.into()))?,
            None if map.is_open_sky(map.start.x as i64, map.start.y as i64) => Ambience::Wind,
            None => Ambience::Room,
        };
        Ok(Self { music, ambience })
    }
}

/// The music, the bed and the reverb, for one output rate.
#[derive(Clone, Debug)]
pub struct Backdrop {
    rate: u32,
    table: SineTable,
    music: Option<Sequencer>,
    bed: Bed,
    reverb: Reverb,
    /// True until the first space is told: the reverb jumps to it.
    fresh: bool,
}

impl Backdrop {
    /// Silence at `rate` frames a second: no music, no bed, a dry room.
    pub fn new(rate: u32) -> Self {
        Self {
            rate,
            table: SineTable::default(),
            music: None,
            bed: Bed::new(Ambience::None, rate),
            reverb: Reverb::new(rate),
            fresh: true,
        }
    }

    /// Plays `score` from its start (a new map).
    pub fn set_score(&mut self, score: &Score) {
        self.music = score
            .music
            .as_ref()
            .map(|track| Sequencer::new(track.clone(), self.rate));
        self.bed = Bed::new(score.ambience, self.rate);
        self.fresh = true;
    }

    /// The score playing: its track (if any) and bed.
    pub fn score(&self) -> Score {
        Score {
            music: self.music.as_ref().map(|m| m.track().clone()),
            ambience: self.bed.kind(),
        }
    }

    /// The space around the listener now (None: none known, dry): the
    /// reverb glides to its room, or starts there.
    pub fn set_space(&mut self, space: Option<Space>) {
        self.reverb.set_room(space.map_or(Room::DRY, |s| s.room()));
        if self.fresh && space.is_some() {
            self.reverb.settle();
            self.fresh = false;
        }
    }

    /// The room the reverb sounds like now.
    pub fn room(&self) -> Room {
        self.reverb.room()
    }

    /// The effects bus's hook: adds the reverb's tail of `out` (the
    /// game's voices, mixed) to it, if `levels` hear the space.
    pub fn effects(&mut self, out: &mut [f32], levels: &Levels) {
        if levels.reverb {
            self.reverb.process(out);
        }
    }

    /// The beds' hook: adds the music and the ambience bed into `out` at
    /// their levels under the master volume (not rendered at 0).
    pub fn beds(&mut self, out: &mut [f32], levels: &Levels) {
        let music = levels.bus_gain(levels.music) * MUSIC_BUS;
        if let Some(sequencer) = self.music.as_mut().filter(|_| music > 0.0) {
            sequencer.render(&self.table, music, out);
        }
        let ambience = levels.bus_gain(levels.ambience) * AMBIENCE_BUS;
        if ambience > 0.0 {
            self.bed.render(&self.table, ambience, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_map_names_a_score_that_loads() {
        for file in crate::data::maps_in(&crate::data::maps_dir()) {
            let loaded = crate::map::load(&file).unwrap();
            let score = Score::for_map(&loaded.map)
                .unwrap_or_else(|e| panic!("{}: {}", file.display(), crate::located::chain(&e)));
            assert!(score.music.is_some(), "{}", file.display());
            assert_ne!(score.ambience, Ambience::None, "{}", file.display());
            let seconds = score.music.unwrap().seconds();
            assert!(
                (30.0..=90.0).contains(&seconds),
                "{}: {seconds}",
                file.display()
            );
        }
    }

    #[test]
    fn an_unknown_track_or_bed_is_an_error() {
        let mut map = Map::from_rows(&["###", "#>#", "###"]);
        map.music = Some("no_such_track".into());
        assert!(matches!(
            Score::for_map(&map),
            Err(ScoreError::Track { .. })
        ));
        map.music = Some("none".into());
        map.ambience = Some("rain".into());
        assert!(matches!(Score::for_map(&map), Err(ScoreError::Ambience(_))));
        map.ambience = None;
        let score = Score::for_map(&map).unwrap();
        assert_eq!((score.music, score.ambience), (None, Ambience::Room));
    }
}
