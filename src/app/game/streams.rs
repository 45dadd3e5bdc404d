//! Play streamed over Lab Streaming Layer (`wobblecaster --lsl`): the camera of
//! every tick on `wobblecaster-camera`, and play's start and end on
//! `wobblecaster-markers`. A study streams through its own session
//! instead (`StudyRun::set_streams`).

use super::Game;
use crate::lsl::Outlets;
use crate::study::results::{camera_sample, Streams};

impl Game {
    /// The game streaming to `outlets`: `play_start MAP` is the first
    /// marker.
    pub fn with_streams(mut self, outlets: Outlets) -> Self {
        self.lsl = Some(outlets);
        let map = self.world.map().name.clone();
        self.stream_marker("play_start", &map);
        self
    }

    /// Pushes the marker `event detail` (or `event`), if streaming.
    pub(super) fn stream_marker(&mut self, event: &str, detail: &str) {
        if let Some(lsl) = &mut self.lsl {
            let marker = match detail.is_empty() {
                true => event.to_string(),
                false => format!("{event} {detail}"),
            };
            lsl.marker(&marker);
        }
    }

    /// The tick just run: its camera, if streaming.
    pub(super) fn stream_tick(&mut self) {
        if let Some(lsl) = &mut self.lsl {
            lsl.camera(camera_sample(&self.world.camera()));
        }
    }
}
