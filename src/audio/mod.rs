//! Sound: the simulation's sound events and the listener's pose turned
//! into stereo samples, deterministic and with no device.
//!
//! The flow, each tick: the world tells what it did that can be heard
//! ([`crate::sim::sound`]); [`Heard::hear`] places those sounds for the
//! listener (the camera), by distance, direction and the walls between;
//! the [`Mixer`] starts and steers its voices from that and renders frames.
//! The window plays the frames on the sound device (`app::sound`, on the
//! device's own thread); `replay --audio` writes them to a WAV file
//! ([`Listening`], [`wav_bytes`]). Both run the same code on the same
//! events, so a file rendered from a recording is what was heard, except
//! for the menus' clicks and for when the device's blocks fall.
//!
//! Why a mixer of our own rather than kira's or rodio's: a replay's audio
//! must come out byte-identical on every run, rendered faster than real
//! time with no device, a tick's events landing on exact frames, with no
//! allocation per buffer. kira's mixing runs behind its own backend's
//! clock and command queues, and rodio's sources (whose `Spatial` swaps
//! left and right in 0.21-0.23, rodio issue 884) play through its own
//! mixer thread; neither gives a plain "these events, these frames"
//! function. The mixing itself is small (`mixer.rs`); the device is cpal's
//! and the files are hound's.

mod ambience;
mod backdrop;
mod clip;
mod follow;
mod hear;
mod levels;
mod limiter;
mod listening;
pub mod loudness;
pub mod mix_levels;
mod mixer;
pub mod music;
mod reverb;
mod sequencer;
mod space;
mod synth;
mod vary;

pub use ambience::{Ambience, Bed};
pub use backdrop::{
    music_dir, track_file, Backdrop, Score, ScoreError, AMBIENCE_BUS, DEFAULT_TRACK, MUSIC_BUS,
};
pub use clip::{
    read_clip, Bank, Clip, ClipError, Surface, CLIP_RATE, MAX_CLIP_SECONDS, STEP_VARIANTS,
};
pub use follow::{
    wind, Follower, OCCLUSION_GLIDE_S, SPEED_GLIDE_S, SPOOL_S, WIND_CLIP, WIND_CURVE, WIND_FULL,
    WIND_PITCH, WIND_SOURCE, WIND_START,
};
pub use hear::{
    occlusion, place, place_behind, walls_between, Follow, Heard, Voiced, FAR, HALVING,
    MAX_FOLLOWED, MAX_WALLS, NEAR, OCCLUSION_RAYS, PAN_WIDTH, SOURCE_HALF_WIDTH, WALL_GAIN,
};
pub use levels::{Levels, DEFAULT_STRIDE_TILES, MAX_STRIDE_TILES, MIN_STRIDE_TILES};
pub use limiter::{Limiter, CEILING};
pub use listening::{frames_in_tick, wav_bytes, Hearing, Listening, RATE};
pub use mix_levels::REFERENCE_LUFS;
pub use mixer::{Mixer, MAX_VOICES};
pub use reverb::{Reverb, Room};
pub use sequencer::Sequencer;
pub use space::Space;
pub use synth::SineTable;
pub use vary::{
    spread_of, step_clip, surface_of, walker_delay, walker_step_clip, Spread, Variation, SPREADS,
};
