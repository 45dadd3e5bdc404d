//! The settings file: video, movement and comfort tunables, input response
//! and key bindings, in TOML.
//!
//! ```toml
//! [video]
//! fov = 100
//!
//! [polar]
//! turn_rate = 18
//!
//! [bindings]
//! forward = ["KeyW", "PadSouth"]
//! ```
//!
//! Every key is optional and keeps its default when left out
//! ([`Settings::defaults_text`] writes them all, commented). The text is
//! parsed at the edge into typed values; every fault in a file is reported
//! with its file, line and column. Inputs are named, not coded, so this
//! module imports no platform crate: the app maps names to platform codes.
//!
//! - `schema`: the sections and keys, their ranges, and the default file.
//! - `parse`: the TOML walk that applies them, collecting errors.
//! - `bindings`: [`Action`], [`Binding`] and [`Bindings`].

mod bindings;
pub mod edit;
mod help;
mod key_names;
mod parse;
mod schema;

pub use bindings::{Action, Binding, Bindings, MouseButton, PadAxis, PadButton, Sign, Wheel};
pub use help::{fill_keys, help_lines, input_lines, key_list, key_name, prompts};
pub use key_names::KEY_NAMES;
pub(crate) use parse::{overlay, Key as TomlKey, Value as TomlValue};

/// The names of the settings file's sections, `[bindings]` last.
pub fn section_names() -> impl Iterator<Item = &'static str> + Clone {
    schema::SECTIONS
        .iter()
        .map(|s| s.name)
        .chain([schema::BINDINGS])
}

/// The keys of the settings file's section `section` (none for an unknown
/// section or `[bindings]`).
pub fn section_keys(section: &str) -> Vec<&'static str> {
    schema::SECTIONS
        .iter()
        .filter(|s| s.name == section)
        .flat_map(|s| s.fields.iter().map(|f| f.key))
        .collect()
}

use crate::audio::Levels;
use crate::files::{self, cap, ReadError};
use crate::located::{Faults, Located};
use crate::render::DEFAULT_FOV_DEG;
use crate::sim::{Difficulty, Tunables};
use std::path::{Path, PathBuf};

/// Everything the settings file sets.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    /// The game's rules a player chooses: how hard the fights are.
    pub game: GameSettings,
    /// The window and the picture.
    pub video: Video,
    /// Every movement and comfort tunable (model, coupling, head bob, gyro,
    /// heading speed and each model's constants), in the simulation's units.
    pub tunables: Tunables,
    /// How sticks and the mouse respond.
    pub input: InputSettings,
    /// Which inputs trigger which actions.
    pub bindings: Bindings,
    /// How loud the game plays.
    pub audio: Levels,
    /// What the HUD shows besides the status bar.
    pub hud: HudSettings,
    /// The screen's size and the viewing distance, for a study's record.
    pub display: DisplayGeometry,
}

/// The largest screen diagonal the settings and `study run` take, inches
/// (a projection wall).
pub const MAX_DIAGONAL_IN: f64 = 400.0;
/// The longest viewing distance they take, centimetres.
pub const MAX_DISTANCE_CM: f64 = 2000.0;

/// The `[display]` section: the screen the game is seen on, which turns
/// the rendered field of view into the angle it fills at the eye. Each is
/// 0 when not stated.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DisplayGeometry {
    /// The screen's visible diagonal, inches.
    pub screen_diagonal_in: f64,
    /// From the eye to the screen's centre, centimetres.
    pub viewing_distance_cm: f64,
}

/// The `[hud]` section: the parts of the HUD a player turns on or off
/// (in a study, the protocol: never the readout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HudSettings {
    /// The status bar at the foot of the view (on by default).
    pub status_bar: bool,
    /// Show the lab readout (the model, camera, speeds, angles, frame
    /// rate and the dial) from the start; F10 toggles it in play.
    pub readout: bool,
    /// A dot at the centre of the view.
    pub crosshair: bool,
    /// Show the whole map on the minimap, not only what the player has
    /// seen (for the lab and map authors).
    pub full_map: bool,
}

impl Default for HudSettings {
    fn default() -> Self {
        Self {
            status_bar: true,
            readout: false,
            crosshair: false,
            full_map: false,
        }
    }
}

/// The game's rules a player chooses (`[game]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSettings {
    /// How hard the fights are when a map starts.
    pub difficulty: Difficulty,
}

/// The window and the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Video {
    /// Internal render resolution (width, height) in pixels, scaled up to
    /// the window; 16..=7680 by 16..=4320.
    pub size: (u32, u32),
    /// How frames are handed to the display.
    pub present: Present,
    /// How the picture is scaled up to the window.
    pub scaling: Scaling,
    /// Start in fullscreen.
    pub fullscreen: bool,
    /// Horizontal field of view in degrees,
    /// [`MIN_FOV_DEG`](crate::render::MIN_FOV_DEG) to
    /// [`MAX_FOV_DEG`](crate::render::MAX_FOV_DEG).
    pub fov_deg: f64,
    /// Comfort: keep the horizon level in flight instead of tilting the
    /// view with the ship's pitch.
    pub level_horizon: bool,
}

impl Default for Video {
    fn default() -> Self {
        Self {
            size: (960, 540),
            present: Present::Vsync,
            scaling: Scaling::Fill,
            fullscreen: false,
            fov_deg: DEFAULT_FOV_DEG,
            level_horizon: false,
        }
    }
}

/// How the picture is scaled up to the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scaling {
    /// Stretch to fill the window, keeping the aspect ratio.
    Fill,
    /// Whole multiples of the render size only, so every pixel is the same
    /// size.
    PixelPerfect,
}

impl Scaling {
    /// Every scaling, in the order the file lists them.
    pub const ALL: [Scaling; 2] = [Scaling::Fill, Scaling::PixelPerfect];

    /// The name in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            Scaling::Fill => "fill",
            Scaling::PixelPerfect => "pixel-perfect",
        }
    }

    /// The scaling whose [`Scaling::name`] is `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// How frames are handed to the display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Present {
    /// Wait for the display's refresh: no tearing, up to a refresh of
    /// latency.
    Vsync,
    /// The newest frame replaces the one waiting for the refresh: no
    /// tearing and less latency (vsync where the display cannot).
    Mailbox,
    /// Show each frame at once: the least latency, and tearing.
    Immediate,
}

impl Present {
    /// Every present mode, in the order the file lists them.
    pub const ALL: [Present; 3] = [Present::Vsync, Present::Mailbox, Present::Immediate];

    /// The name in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            Present::Vsync => "vsync",
            Present::Mailbox => "mailbox",
            Present::Immediate => "immediate",
        }
    }

    /// The present mode whose [`Present::name`] is `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// How sticks and the mouse respond.
#[derive(Clone, Debug, PartialEq)]
pub struct InputSettings {
    /// Radial stick deadzone, as a share of full deflection, 0 to 0.9.
    pub deadzone: f32,
    /// Right-stick turn response exponent, 1 to 5: turn = sign(x) * |x'|^curve
    /// where x' is the deflection rescaled past the deadzone.
    pub turn_curve: f32,
    /// The mouse turns the heading on foot under the classic and quake
    /// models (the polar model turns by the keys only).
    pub mouse_turn: bool,
    /// Degrees of heading per mouse count, above 0 and at most 10.
    pub mouse_sensitivity: f64,
}

impl Default for InputSettings {
    fn default() -> Self {
        Self {
            deadzone: 0.15,
            turn_curve: 2.0,
            mouse_turn: true,
            mouse_sensitivity: 0.15,
        }
    }
}

impl Settings {
    /// Parses settings `text` as if read from `file` (which only names the
    /// errors). Keys left out keep their defaults.
    pub fn parse(text: &str, file: &Path) -> Result<Settings, SettingsErrors> {
        parse::parse(text, file)
    }

    /// Loads the settings file at `path`; an unreadable file is one error
    /// naming it.
    pub fn load(path: &Path) -> Result<Settings, SettingsErrors> {
        let text = files::read_text(path, "settings file", cap::SETTINGS)
            .map_err(|e| Faults::one(e.widen()))?;
        Settings::parse(&text, path)
    }

    /// A complete settings file holding every default: every section and
    /// key, each under a comment saying what it is, its unit and its range.
    pub fn defaults_text() -> String {
        schema::defaults_text(&Settings::default())
    }
}

/// Where the settings file lives: `wobblecaster/settings.toml` in the
/// per-user config folder (`$XDG_CONFIG_HOME` or `~/.config` on Linux), or
/// `None` when the platform has none.
pub fn default_path() -> Option<PathBuf> {
    dirs::config_dir().map(|d| path_in(&d))
}

/// Where the settings file lives inside the config folder `config_dir`.
fn path_in(config_dir: &Path) -> PathBuf {
    config_dir.join("wobblecaster").join("settings.toml")
}

/// One fault in a settings file, with where it is.
pub type SettingsError = Located<SettingsFault>;

/// Every fault found in one settings file, in file order.
pub type SettingsErrors = Faults<SettingsFault>;

/// What is wrong with a settings file.
#[derive(Debug, thiserror::Error)]
pub enum SettingsFault {
    /// The file cannot be read as text.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A key or value that is not what the file may hold, in words naming
    /// it.
    #[error("{0}")]
    Invalid(String),
    /// So many faults that the rest are not listed.
    #[error(
        "more than {} faults; the rest are not listed",
        crate::located::MAX_FAULTS
    )]
    TooMany,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_names_an_unreadable_file() {
        let path = Path::new("/no/such/dir/settings.toml");
        let e = Settings::load(path).unwrap_err();
        assert_eq!(e.0.len(), 1);
        let shown = e.to_string();
        assert!(
            shown.starts_with("/no/such/dir/settings.toml: cannot read"),
            "{shown}"
        );
    }

    #[test]
    fn load_reads_a_file() {
        let dir = crate::files::Scratch::new("settings");
        let path = dir.join("settings.toml");
        std::fs::write(&path, "[video]\nfov = 100\n").unwrap();
        let s = Settings::load(&path);
        assert_eq!(s.unwrap().video.fov_deg, 100.0);
    }

    #[test]
    fn the_settings_file_is_in_a_wobblecaster_folder_of_the_config_folder() {
        // A made-up config folder: the test does not depend on the machine
        // having (or lacking) one.
        let config = Path::new("/fixture/config");
        assert_eq!(
            path_in(config),
            Path::new("/fixture/config/wobblecaster/settings.toml")
        );
    }

    #[test]
    fn the_default_path_follows_the_platform_config_folder() {
        // Both arms assert: a machine without a config folder checks that
        // none is made up, one with it checks the file is placed inside.
        match dirs::config_dir() {
            Some(config) => assert_eq!(
                default_path(),
                Some(config.join("wobblecaster/settings.toml"))
            ),
            None => assert_eq!(default_path(), None),
        }
    }

    #[test]
    fn scaling_names_round_trip() {
        for s in Scaling::ALL {
            assert_eq!(Scaling::from_name(s.name()), Some(s));
        }
        assert_eq!(Scaling::from_name("pixel_perfect"), None);
    }
}
