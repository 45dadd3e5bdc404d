//! The player's commands to the game (pause, model, coupling, jetpack,
//! doors, restart, recording) and the notices and status line it shows.

use super::{Game, NOTICE_S};
use crate::app::tape;
use crate::app::Report;
use crate::record::Playback;
use crate::render::{self, View};
use crate::settings::{self, Action};
use crate::sim::{Coupling, Model, Request, World};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

impl Game {
    /// Saves the recording under way, if any, because `why`: it holds one
    /// map and one set of tunables.
    pub(super) fn end_recording(&mut self, why: &str) {
        match self.tape.stop() {
            Some(Ok(path)) => self.notify(format!("recording saved ({why}): {}", path.display())),
            Some(Err(e)) => self.problems.push(e),
            None => {}
        }
    }

    /// Stops or resumes the ticks.
    pub fn toggle_pause(&mut self) {
        self.hud.paused = !self.hud.paused;
    }

    /// Asks for the next walking model, from the next tick on.
    pub fn cycle_model(&mut self) {
        self.request(Request::SetModel(self.world.tunables().model.next()));
    }

    /// Asks for the next camera coupling, from the next tick on, and says
    /// which it is (and, under another model, that it waits for polar).
    pub fn cycle_coupling(&mut self) {
        let t = *self.world.tunables();
        let next = t.coupling.next();
        if self.request(Request::SetCoupling(next)) {
            self.notify(coupling_notice(next, t.model));
        }
    }

    /// Sends `action` with the next tick and returns true; in a replay
    /// only the recording may change the world, and this says so instead.
    pub(super) fn request(&mut self, action: Request) -> bool {
        match self.playback {
            Some(_) => {
                let keys = settings::key_list(
                    &self.settings.bindings,
                    &[Action::NextCoupling, Action::NextModel, Action::Restart],
                );
                self.notify(format!("the recording drives a replay: {keys} are off"));
                false
            }
            None => {
                self.action = Some(action);
                true
            }
        }
    }

    /// Shows the help overlay, turns to its next page where it takes more
    /// than one at the render size, and hides it after the last.
    pub fn toggle_help(&mut self) {
        let view = View {
            pose: self.world.camera(),
            fov: self.fov,
        };
        let (w, h) = self.video.size;
        let size = (w as usize, h as usize);
        let pages = render::help::pages(&self.world, &view, &self.hud, size);
        let hud = &mut self.hud;
        if !hud.help {
            (hud.help, hud.help_page) = (true, 0);
        } else if hud.help_page + 1 < pages {
            hud.help_page += 1;
        } else {
            (hud.help, hud.help_page) = (false, 0);
        }
    }

    /// Shows or hides the minimap.
    pub fn toggle_minimap(&mut self) {
        self.hud.minimap = !self.hud.minimap;
    }

    /// Shows or hides the lab readout (F10): the model, speeds, angles,
    /// frame rate and the dial. A study never shows it.
    pub fn toggle_readout(&mut self) {
        self.hud.parts.readout = !self.hud.parts.readout;
    }

    /// Shows or hides the enemies' steering overlay (walkers' pushes,
    /// tanks' track speeds) on the minimap.
    pub fn toggle_steering(&mut self) {
        self.hud.steering = !self.hud.steering;
    }

    /// Asks for the jetpack to switch on or off with the next tick. Taking
    /// off puts the pointer at its centre, as Lander sets the centre point
    /// on the launch pad.
    pub fn toggle_jetpack(&mut self) {
        if self.world.player().flight.is_none() {
            self.inputs.centre_pointer();
        }
        self.request(Request::Jetpack);
    }

    /// Puts the jetpack's pointer back at its centre: the ship levels.
    pub fn level_pointer(&mut self) {
        self.inputs.centre_pointer();
    }

    /// Asks to open (or shut) the door in front with the next tick.
    pub fn use_door(&mut self) {
        self.request(Request::Use);
    }

    /// A number key or the wheel: the weapon chosen goes with the next
    /// tick (in a replay the recording chooses).
    pub fn choose_weapon(&mut self, choice: crate::sim::Select) {
        if self.playback.is_none() {
            self.weapon = Some(choice);
        }
    }

    /// The restart key: after a death, asks for the map to start again
    /// from the next tick on (recorded, so a replay restarts too); in the
    /// middle of play, asks the player first (the key is easy to hit).
    pub fn restart(&mut self) {
        let mid_play = self.world.combat().alive() && self.playback.is_none();
        if mid_play {
            return self.ask_restart();
        }
        self.request(Request::Restart);
    }

    /// Stops and saves the recording running, or starts one in a new file
    /// named for `now` (see [`Game::record_to`]).
    pub fn toggle_recording(&mut self, now: SystemTime) {
        if self.playback.is_some() {
            return self.notify(format!(
                "{} records in play, not in a replay",
                self.record_key()
            ));
        }
        if self.episode.is_some() {
            // A recording replays from the level as loaded, which would drop
            // the score and lives carried in, and replays carry no episode.
            return self.notify(format!(
                "{} records a lone map, not a level of the episode",
                self.record_key()
            ));
        }
        match self.tape.stop() {
            Some(Ok(path)) => self.notify(format!("recording saved: {}", path.display())),
            Some(Err(e)) => {
                self.problems.push(e.clone());
                self.notify(e);
            }
            None => {
                let path = tape::new_recording_path(&self.recordings, now);
                if let Err(e) = self.record_to(&path) {
                    self.notify(format!("cannot record: {e}"));
                }
            }
        }
    }

    /// Starts recording into a new file at `path` (or a numbered name
    /// beside it, never over a file) and returns the name used. A recording
    /// replays from a fresh world, so one already under way restarts at the
    /// map's start, with the tunables in force.
    pub fn record_to(&mut self, path: &Path) -> std::io::Result<PathBuf> {
        if self.world.tick() > 0 {
            // Always from the level as loaded: doors shut, pickups back,
            // whatever this session opened or took.
            self.world = self.world.fresh(self.tape.seed());
            self.prev = self.world.camera();
            self.start_run();
        }
        let used = self.tape.start(path, &self.world, self.levels())?;
        self.notify(format!("recording to {}", used.display()));
        Ok(used)
    }

    /// Ends the game: closes the recording properly (its end line), and
    /// says what the session leaves behind.
    pub fn close(mut self) -> Report {
        self.stream_marker("play_end", "");
        if let Some(Err(e)) = self.tape.stop() {
            self.problems.push(e);
        }
        Report {
            saved: self.tape.saved().to_vec(),
            problems: self.problems,
            replay: self.playback.as_ref().map(|p| p.outcome(&self.world)),
            pacing: None,
        }
    }

    /// Shows `text` on the HUD for a few seconds.
    pub(super) fn notify(&mut self, text: String) {
        self.notice = Some((text, NOTICE_S));
    }

    /// Counts `elapsed` seconds off the notice, dropping it when done.
    pub(super) fn age_notice(&mut self, elapsed: f64) {
        if let Some((_, left)) = &mut self.notice {
            *left -= elapsed.max(0.0);
            if *left <= 0.0 {
                self.notice = None;
            }
        }
    }

    /// The HUD's bottom line: a fresh notice, else how the replay or the
    /// recording stands.
    pub(super) fn status(&self) -> Option<String> {
        if let Some(error) = &self.watch.error {
            return Some(error.clone());
        }
        if let Some((text, _)) = &self.notice {
            return Some(text.clone());
        }
        if self.study.is_some() {
            // Blind: no file names, and no record key the study ignores.
            return None;
        }
        if let Some(playback) = &self.playback {
            return Some(replay_status(playback, &self.world));
        }
        let path = self.tape.recording()?;
        Some(format!(
            "recording to {} - {} stops",
            path.display(),
            self.record_key()
        ))
    }

    /// The key that starts and stops recording, as the player reads it.
    pub(super) fn record_key(&self) -> String {
        settings::key_name(&self.settings.bindings, Action::Record)
            .unwrap_or_else(|| "the record key (unbound)".into())
    }
}

/// What a press of the coupling key did: the coupling now in force, and
/// under a `model` other than polar, that it applies to polar only.
fn coupling_notice(coupling: Coupling, model: Model) -> String {
    match model {
        Model::Polar => format!("camera coupling: {}", coupling.name()),
        other => format!(
            "camera coupling: {} (applies to the polar model; this is {})",
            coupling.name(),
            other.name()
        ),
    }
}

/// How a replay stands: the tick under way, or the end with its hash; and
/// the first desync, if any.
pub(super) fn replay_status(playback: &Playback, world: &World) -> String {
    let outcome = playback.outcome(world);
    let mut text = if playback.is_finished() {
        let cut = if outcome.truncated {
            " (truncated)"
        } else {
            ""
        };
        format!(
            "replay finished: {} ticks{cut}, hash {:016x}",
            outcome.ticks, outcome.final_hash
        )
    } else {
        let total = playback.recording().len_ticks();
        format!("replay: tick {} of {total}", outcome.ticks)
    };
    if let Some(desync) = outcome.desync {
        text.push_str(&format!(" - {desync}"));
    }
    text
}
