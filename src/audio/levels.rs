//! How loud the game plays: the settings file's `[audio]` section.

/// The player's levels: a master volume, the game's effects under it, and
/// a mute that silences everything.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    /// Master volume, 0 (silent) to 1.
    pub volume: f32,
    /// The game's effects (everything but the menus' clicks), 0 to 1,
    /// under the master volume.
    pub effects: f32,
    /// True: nothing is heard.
    pub mute: bool,
}

impl Default for Levels {
    fn default() -> Self {
        Self {
            volume: 0.8,
            effects: 1.0,
            mute: false,
        }
    }
}

impl Levels {
    /// The gain a sound plays at: the menus' (`interface`) under the
    /// volume alone, the game's under the effects level too.
    pub fn gain(&self, interface: bool) -> f32 {
        if self.mute {
            return 0.0;
        }
        let effects = if interface { 1.0 } else { self.effects };
        self.volume.clamp(0.0, 1.0) * effects.clamp(0.0, 1.0)
    }
}
