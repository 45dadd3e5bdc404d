//! Reloading what the game watches: the settings file and the map, applied
//! while playing, and the help overlay's lines from the settings in force.

use super::Game;
use crate::app::watch::{Watched, POLL_S};
use crate::map::{self, Loaded};
use crate::render;
use crate::settings::{self, Settings};
use crate::sim::Change;
use std::path::Path;

impl Game {
    /// Looks at the watched files every [`POLL_S`] of `elapsed` time and
    /// reloads those that changed.
    pub(super) fn poll_files(&mut self, elapsed: f64) {
        self.watch.next_poll -= elapsed.max(0.0);
        if self.watch.next_poll > 0.0 {
            return;
        }
        self.watch.next_poll = POLL_S;
        let settings = self.watch.settings.as_mut().is_some_and(Watched::changed);
        let map = self.watch.map.as_mut().is_some_and(Watched::changed);
        if settings || map {
            self.reload(settings, map);
        }
    }

    /// Reads the settings file and the map again (F5), whether or not they
    /// changed.
    pub fn reload_now(&mut self) {
        self.reload(true, true);
        if self.watch.error.is_none() {
            self.notify("settings and map reloaded".into());
        }
    }

    /// Reloads the settings (if `settings`) and the map (if `map`). A file
    /// that fails leaves the last good state in force and its error on the
    /// HUD until an edit fixes it.
    pub(super) fn reload(&mut self, settings: bool, map: bool) {
        let mut errors = Vec::new();
        if let Some(path) = self.watch.settings.as_ref().map(|w| w.path().to_path_buf()) {
            if settings {
                match load_settings(&path) {
                    Ok(new) => self.apply_settings(new),
                    Err(e) => errors.push(e),
                }
            }
        }
        if let Some(path) = self.watch.map.as_ref().map(|w| w.path().to_path_buf()) {
            if map && self.playback.is_none() {
                match map::load(&path) {
                    Ok(new) => self.apply_map(new),
                    Err(e) => errors.push(e.to_string()),
                }
            }
        }
        for e in &errors {
            eprintln!("{e}");
        }
        self.watch.error = errors.first().map(|e| {
            let mut lines = e.lines();
            let first = lines.next().unwrap_or_default().to_string();
            match lines.count() + errors.len() - 1 {
                0 => first,
                more => format!("{first} (+{more} more: see the terminal)"),
            }
        });
    }

    /// Puts the bindings and input options in force into the help overlay,
    /// and the `[hud]` settings into the HUD.
    pub(super) fn refresh_help(&mut self) {
        self.hud.full_map = self.settings.hud.full_map;
        self.hud.keys = settings::help_lines(&self.settings.bindings);
        self.hud.prompts = settings::prompts(&self.settings.bindings);
        self.hud.input = settings::input_lines(&self.settings);
    }

    /// Puts the `[hud]` settings in force: the status bar, the crosshair
    /// and the readout.
    /// Not in a study, whose protocol decides what of the HUD is shown.
    pub(super) fn apply_hud_settings(&mut self) {
        if self.study.is_some() {
            return;
        }
        let hud = self.settings.hud;
        self.hud.parts = render::Parts {
            status_bar: hud.status_bar,
            crosshair: hud.crosshair,
            readout: hud.readout,
        };
    }

    /// Puts `new` settings in force: bindings, input and video at once,
    /// and the tunables the file changed since it was last read (so F2, F3
    /// and command-line choices stand unless the file changes them).
    pub(super) fn apply_settings(&mut self, new: Settings) {
        let old = std::mem::replace(&mut self.settings, new);
        self.refresh_help();
        if self.settings.hud != old.hud {
            self.apply_hud_settings();
        }
        self.forget_hint();
        let new = &self.settings;
        if new.video != old.video {
            self.video = new.video.clone();
            self.fov = self.video.fov_deg.to_radians();
            self.video_change = Some(self.video.clone());
        }
        let level = new.game.difficulty;
        if level != old.game.difficulty {
            self.adopt_difficulty(level);
        }
        let new = &self.settings;
        let mut tunables = *self.world.tunables();
        let changed = tunables.adopt_changes(&old.tunables, &new.tunables);
        if changed.is_empty() {
            return;
        }
        if self.playback.is_some() {
            return self.notify("the recording's tunables stay in force in a replay".into());
        }
        self.end_recording("the tunables changed");
        self.world.apply(Change::Tunables(Box::new(tunables)));
        self.notify(format!("settings applied: {}", changed.join(", ")));
    }

    /// Starts the map again at `level`, the settings file having changed
    /// it (not in a replay or a study, whose levels are their own).
    fn adopt_difficulty(&mut self, level: crate::sim::Difficulty) {
        if self.playback.is_some() || self.study.is_some() || self.world.difficulty() == level {
            return;
        }
        self.end_recording("the difficulty changed");
        self.world.apply(Change::Difficulty(level));
        self.prev = self.world.camera();
        self.start_run();
        self.notify(format!(
            "difficulty: {} ({}); the map starts again",
            level.name(),
            level.title()
        ));
    }

    /// Puts the edited map in force, the player staying where they are
    /// if they still fit there.
    pub(super) fn apply_map(&mut self, new: Loaded) {
        self.end_recording("the map changed");
        let name = new.map.name.clone();
        let applied = self.world.apply(Change::Map(Box::new(new.map)));
        self.map_art = new.art;
        self.forget_hint();
        self.start_run();
        let mut notice = format!("map reloaded: {name}");
        if applied.moved_to_start {
            self.prev = self.world.camera();
            notice.push_str("; you no longer fitted where you stood: back at the start");
        }
        self.notify(notice);
    }
}

/// The settings file at `path`, or its errors as one message per line.
pub(super) fn load_settings(path: &Path) -> Result<Settings, String> {
    if !path.exists() {
        // A settings file that is not there (yet, or any more) is the defaults.
        return Ok(Settings::default());
    }
    Settings::load(path).map_err(|e| e.to_string())
}
