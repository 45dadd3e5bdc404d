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
    /// The map's music, 0 to 1, under the master volume (not the effects
    /// level: a player may want music without effects).
    pub music: f32,
    /// The map's ambience bed (room tone, wind over open sky, machinery),
    /// 0 to 1, under the master volume.
    pub ambience: f32,
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
            reverb: true,
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
