//! The window (to be written): the only module that touches winit, pixels and gilrs.

use crate::map::Map;
use crate::sim::Tunables;
use std::path::PathBuf;

/// What the window needs to start a game.
pub struct AppConfig {
    /// The map to play, already loaded.
    pub map: Map,
    /// Where the map came from (for messages).
    pub map_path: PathBuf,
    /// Internal render resolution in pixels (the window scales it).
    pub render_size: (u32, u32),
    /// Horizontal field of view in degrees.
    pub fov_deg: f64,
    /// Quit cleanly after this many presented frames.
    pub frames: Option<u64>,
    /// Tunables of the simulation.
    pub tunables: Tunables,
    /// Seed of the world's random generator.
    pub seed: u64,
}

/// Why the game could not run.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Not written yet.
    #[error("the window is not available in this build")]
    Unavailable,
}

/// Opens the window and plays until the player quits.
pub fn run(_config: AppConfig) -> Result<(), AppError> {
    Err(AppError::Unavailable)
}
