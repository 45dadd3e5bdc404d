//! A condition's sound: the `[audio]` keys its protocol names (shared or
//! its own) over the participant's own levels. A key the protocol does
//! not name stays the participant's (their volume, their mute), except
//! music and ambience, which a study plays only where the protocol sets
//! them: they are stimuli no condition controls otherwise.

use super::*;

/// The keys of `[audio]`, in the settings file's order; [`ConditionAudio`]
/// notes which of them a protocol names.
pub const AUDIO_KEYS: [&str; 8] = [
    "volume",
    "effects",
    "music",
    "ambience",
    "footsteps",
    "wind",
    "stride",
    "mute",
];

/// A condition's sound: the levels its protocol sets and which of the
/// `[audio]` keys ([`AUDIO_KEYS`]) it names.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ConditionAudio {
    /// The defaults with the protocol's shared `[audio]` and the
    /// condition's own read over them.
    pub levels: Levels,
    /// For each of [`AUDIO_KEYS`], whether the protocol names it.
    pub named: [bool; AUDIO_KEYS.len()],
}

impl ConditionAudio {
    /// True if the protocol (shared or this condition) names `key`.
    pub fn names(&self, key: &str) -> bool {
        AUDIO_KEYS
            .iter()
            .position(|k| *k == key)
            .is_some_and(|i| self.named[i])
    }

    /// The levels played in the condition: the participant's `own`, with
    /// every key the protocol names taken from it, and no music or
    /// ambience unless it names them.
    pub fn over(&self, own: Levels) -> Levels {
        let set = &self.levels;
        let mut l = Levels {
            music: 0.0,
            ambience: 0.0,
            ..own
        };
        for (key, _) in AUDIO_KEYS.iter().zip(self.named).filter(|(_, n)| *n) {
            match *key {
                "volume" => l.volume = set.volume,
                "effects" => l.effects = set.effects,
                "music" => l.music = set.music,
                "ambience" => l.ambience = set.ambience,
                "footsteps" => l.footsteps = set.footsteps,
                "wind" => l.wind = set.wind,
                "stride" => l.stride_tiles = set.stride_tiles,
                "mute" => l.mute = set.mute,
                _ => unreachable!("every key of AUDIO_KEYS has an arm"),
            }
        }
        l
    }
}

impl Reader<'_> {
    /// Notes in `named` the `[audio]` keys `value` (the section's table)
    /// names; unknown keys are the settings parser's to report.
    pub(super) fn audio_keys(named: &mut [bool; AUDIO_KEYS.len()], value: &TomlValue) {
        let Some(table) = value.get_ref().as_table() else {
            return;
        };
        for (key, _) in table.iter() {
            let name = key.get_ref().as_ref();
            if let Some(i) = AUDIO_KEYS.iter().position(|k| *k == name) {
                named[i] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_are_the_settings_file_s() {
        assert_eq!(settings::section_keys(AUDIO), AUDIO_KEYS.to_vec());
    }

    #[test]
    fn only_the_named_keys_change_and_music_and_ambience_are_off_unless_named() {
        let own = Levels {
            volume: 0.3,
            mute: true,
            ..Levels::default()
        };
        let mut c = ConditionAudio {
            levels: Levels {
                volume: 1.0,
                wind: 0.0,
                footsteps: 0.5,
                stride_tiles: 0.75,
                music: 0.25,
                mute: false,
                ..Levels::default()
            },
            named: [false; AUDIO_KEYS.len()],
        };
        let heard = c.over(own);
        assert_eq!(
            heard,
            Levels {
                music: 0.0,
                ambience: 0.0,
                ..own
            }
        );
        for key in ["wind", "footsteps", "stride", "music"] {
            c.named[AUDIO_KEYS.iter().position(|k| *k == key).unwrap()] = true;
        }
        assert!(c.names("wind") && !c.names("volume") && !c.names("nonsense"));
        let heard = c.over(own);
        assert_eq!((heard.volume, heard.mute), (0.3, true), "the participant's");
        assert_eq!((heard.wind, heard.footsteps), (0.0, 0.5));
        assert_eq!(
            (heard.stride_tiles, heard.music, heard.ambience),
            (0.75, 0.25, 0.0)
        );
    }
}
