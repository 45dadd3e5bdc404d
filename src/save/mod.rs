//! Saved games.

pub mod codec;
