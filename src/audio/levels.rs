//! How loud the game plays: the settings file's `[audio]` section, also
//! written in a recording's header so a replay renders what was heard.
//!
//! Two flags are not settings but tell the sound of a recording's era
//! apart: `variation` (footsteps, walkers' steps and impacts varied by
//! variant, pitch and gain) and `reverb` (the space around the listener
//! heard). Play always has them on; a recording made before sound part 2
//! (issue 71) has no keys for them, nor for music, ambience or wind, and
//! loads as [`Levels::legacy`]: as it was heard then.

/// Tiles walked between two of the player's footsteps unless `[audio]`
/// `stride` says otherwise: at the walking models' top speed (4 tiles a
/// second) about three steps a second. The simulation's
/// `sim::sound::STRIDE`, where it was a constant before it was a setting.
pub const DEFAULT_STRIDE_TILES: f64 = 1.25;
/// The shortest stride `[audio]` `stride` takes, tiles: a step every
/// quarter tile is already a patter (12 steps a second at a walk's top
/// speed).
pub const MIN_STRIDE_TILES: f64 = 0.25;
/// The longest stride `[audio]` `stride` takes, tiles: one step a second
/// at a walk's top speed.
pub const MAX_STRIDE_TILES: f64 = 4.0;

/// The player's levels: a master volume, the game's effects under it, the
/// music, ambience, footsteps and wind under those, and a mute that
/// silences everything; the footsteps' stride; and which era's sound
/// plays (see the module's notes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    /// Master volume, 0 (silent) to 1.
    pub volume: f32,
    /// The game's effects (everything but the menus' clicks), 0 to 1,
    /// under the master volume.
    pub effects: f32,
    /// True: nothing is heard.
    pub mute: bool,
    /// The map's music, 0 to 1, under the master volume (not the effects
    /// level: a player may want music without effects).
    pub music: f32,
    /// The map's ambience bed (room tone, wind over open sky, machinery),
    /// 0 to 1, under the master volume.
    pub ambience: f32,
    /// The player's own footsteps, 0 to 1, under the effects level.
    pub footsteps: f32,
    /// The wind of the camera's own motion (on foot and in flight), 0 to
    /// 1, under the effects level.
    pub wind: f32,
    /// Tiles walked between two of the player's footsteps, from
    /// [`MIN_STRIDE_TILES`] to [`MAX_STRIDE_TILES`].
    pub stride_tiles: f64,
    /// True: footsteps, walkers' steps and impacts are varied (variant,
    /// pitch, gain); false, as recordings from before issue 71 were
    /// heard: one clip at pitch 1 and gain 1.
    pub variation: bool,
    /// True: the space around the listener is heard (reverb); false, as
    /// recordings from before issue 71 were heard: dry.
    pub reverb: bool,
}

impl Default for Levels {
    fn default() -> Self {
        Self {
            volume: 0.8,
            effects: 1.0,
            mute: false,
            music: 0.5,
            ambience: 0.5,
            footsteps: 1.0,
            wind: 1.0,
            stride_tiles: DEFAULT_STRIDE_TILES,
            variation: true,
            reverb: true,
        }
    }
}

impl Levels {
    /// The levels a recording made before issue 71 was heard with: the
    /// default volume, effects and stride, and no music, ambience, wind,
    /// reverb or variation. Its header's own volume, effects and mute are
    /// read over these.
    pub fn legacy() -> Self {
        Self {
            music: 0.0,
            ambience: 0.0,
            wind: 0.0,
            variation: false,
            reverb: false,
            ..Self::default()
        }
    }

    /// The gain a sound plays at: the menus' (`interface`) under the
    /// volume alone, the game's under the effects level too.
    pub fn gain(&self, interface: bool) -> f32 {
        if self.mute {
            return 0.0;
        }
        let effects = if interface { 1.0 } else { self.effects };
        self.volume.clamp(0.0, 1.0) * effects.clamp(0.0, 1.0)
    }

    /// The gain of a bus under the master volume alone (the music's, the
    /// ambience's): `level` times the volume, 0 when muted.
    pub fn bus_gain(&self, level: f32) -> f32 {
        if self.mute {
            return 0.0;
        }
        self.volume.clamp(0.0, 1.0) * level.clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_hears_the_new_sound_and_old_recordings_the_old() {
        let play = Levels::default();
        assert!(play.music > 0.0 && play.ambience > 0.0 && play.wind > 0.0);
        assert!(play.variation && play.reverb);
        let old = Levels::legacy();
        assert_eq!((old.music, old.ambience, old.wind), (0.0, 0.0, 0.0));
        assert!(!old.variation && !old.reverb);
        assert_eq!(old.footsteps, 1.0);
        assert_eq!(old.stride_tiles, DEFAULT_STRIDE_TILES);
        assert_eq!(
            (old.volume, old.effects, old.mute),
            (play.volume, play.effects, play.mute)
        );
    }

    #[test]
    fn buses_sit_under_the_volume_and_the_mute() {
        let l = Levels {
            volume: 0.5,
            effects: 0.25,
            ..Levels::default()
        };
        assert_eq!(l.bus_gain(0.5), 0.25);
        assert_eq!(l.gain(false), 0.125);
        let muted = Levels { mute: true, ..l };
        assert_eq!(muted.bus_gain(1.0), 0.0);
    }
}
