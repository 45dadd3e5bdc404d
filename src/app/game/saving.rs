//! Saving and loading in the game: F7 saves to the quick slot and F8
//! loads it; the pause menu's "Save game" and "Load game" open the slots
//! (`menu::slots`), the selected slot's thumbnail in the corner. A slot in
//! use is saved over only once the player says yes, F7's quick slot too.
//! Not in a study (a session has no saves) nor in a replay (the recording
//! drives it).

use super::{EpisodeRun, Game};
use crate::app::input::Command;
use crate::app::tape::Tape;
use crate::app::watch::Watched;
use crate::menu::slots::{Picked, Purpose, Row, SlotPicker};
use crate::render::panel::draw_panel;
use crate::render::Frame;
use crate::save::slots::{play_time, was_in_use, Held, Slot};
use crate::save::{self, SaveError, SaveFault, THUMBNAIL};
use crate::settings::Binding;
use std::time::{SystemTime, UNIX_EPOCH};

/// The slots screen up: the picker, the slot of each row and each row's
/// thumbnail.
#[derive(Debug)]
pub(super) struct SlotScreen {
    pub(super) picker: SlotPicker,
    slots: Vec<Slot>,
    thumbnails: Vec<Option<Vec<u8>>>,
}

impl Game {
    /// The game keeping its saves in `dir` rather than the per-user
    /// folder's `saves/`.
    #[cfg(test)]
    pub fn with_saves_in(mut self, dir: &std::path::Path) -> Self {
        self.saves = crate::save::slots::Slots::in_dir(dir);
        self
    }

    /// Why this game cannot save or load now, if it cannot.
    fn no_saves(&self) -> Option<&'static str> {
        if self.study.is_some() {
            Some("a study session has no saves")
        } else if self.playback.is_some() {
            Some("a replay has no saves: the recording drives it")
        } else if self.tape.map_path().is_none() {
            Some("the open plane has no map file to save with")
        } else {
            None
        }
    }

    /// F7: saves to the quick slot, asking first if it holds a game.
    pub fn quick_save(&mut self, now: SystemTime) {
        if let Some(why) = self.no_saves() {
            return self.notify(format!("cannot save: {why}"));
        }
        if !self.saves.in_use(Slot::Quick) {
            return self.save_into(Slot::Quick, false, now);
        }
        let screen = self.slot_screen(|rows| SlotPicker::asking(rows, 0));
        self.slot_screen = Some(screen);
        self.inputs.release_all();
    }

    /// F8: loads the game in the quick slot.
    pub fn quick_load(&mut self) {
        match self.no_saves() {
            Some(why) => self.notify(format!("cannot load: {why}")),
            None => self.load_from(Slot::Quick),
        }
    }

    /// Opens the slots to save into or load from (the pause menu's items).
    pub(super) fn open_slots(&mut self, purpose: Purpose) {
        if let Some(why) = self.no_saves() {
            return self.notify(format!("cannot save or load: {why}"));
        }
        let screen = self.slot_screen(|rows| SlotPicker::new(purpose, rows));
        self.slot_screen = Some(screen);
    }

    /// The slots screen, its picker made by `picker` from a row for each
    /// slot saying what it holds (each slot's file read once).
    fn slot_screen(&self, picker: impl FnOnce(Vec<Row>) -> SlotPicker) -> SlotScreen {
        let held = self.saves.list();
        let mut rows = Vec::with_capacity(held.len());
        let mut slots = Vec::with_capacity(held.len());
        let mut thumbnails = Vec::with_capacity(held.len());
        for (slot, held) in held {
            rows.push(Row {
                title: slot.title(),
                about: held.describe(),
                in_use: held.in_use(),
            });
            slots.push(slot);
            thumbnails.push(match held {
                Held::Game(save) => Some(save.thumbnail),
                _ => None,
            });
        }
        SlotScreen {
            picker: picker(rows),
            slots,
            thumbnails,
        }
    }

    /// True while the slots screen is up.
    pub(super) fn slots_open(&self) -> bool {
        self.slot_screen.is_some()
    }

    /// A press while the slots screen is up; Some(..) when it took it.
    pub(super) fn slots_press(&mut self, binding: &Binding) -> Option<Vec<Command>> {
        let key = super::menu::menu_key(&self.settings.bindings, binding)?;
        let screen = self.slot_screen.as_mut()?;
        let picked = screen.picker.press(key);
        let slot = |row: usize| screen.slots.get(row).copied();
        match picked {
            Picked::Stay => {}
            Picked::Back => self.slot_screen = None,
            Picked::Save { row, overwrite } => {
                let slot = slot(row);
                self.slot_screen = None;
                if let Some(slot) = slot {
                    self.save_into(slot, overwrite, SystemTime::now());
                }
            }
            Picked::Load(row) => {
                let slot = slot(row);
                self.slot_screen = None;
                if let Some(slot) = slot {
                    self.load_from(slot);
                }
            }
        }
        Some(Vec::new())
    }

    /// Saves the world into `slot`, over what it holds only if
    /// `overwrite`; says how it went.
    pub(super) fn save_into(&mut self, slot: Slot, overwrite: bool, now: SystemTime) {
        let Some(map) = self.tape.map_path() else {
            return;
        };
        let at = save::Context {
            map,
            seed: self.tape.seed(),
            now: now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()),
            art: &self.art,
            map_art: &self.map_art,
        };
        let path = self.saves.path(slot);
        let level = self.episode_run().map(|run| run.index);
        let made = save::save_world(&self.world, at)
            .map(|mut s| {
                s.header.set_episode_level(level);
                s
            })
            .map_err(|e| SaveError::new(&path, SaveFault::World(e)));
        let written = made.and_then(|s| self.saves.write(slot, &s, overwrite));
        let notice = match written {
            Ok(path) => format!("saved to {}: {}", slot.title(), path.display()),
            Err(e) if was_in_use(&e) => format!("{} holds a game: not saved over", slot.title()),
            Err(e) => format!("cannot save: {}", crate::located::chain(&e)),
        };
        self.notify(notice);
    }

    /// Loads the game in `slot` in place of this one (a recording under
    /// way is closed first); says how it went.
    pub(super) fn load_from(&mut self, slot: Slot) {
        let path = self.saves.path(slot);
        let read = self.saves.read(slot).and_then(|save| {
            let restored = save::restore(&save);
            let restored = restored.map_err(|e| SaveError::new(&path, SaveFault::World(e)));
            Ok((save, restored?))
        });
        let (save, restored) = match read {
            Ok(r) => r,
            Err(_) if !self.saves.in_use(slot) => {
                return self.notify(format!("{} is empty: nothing to load", slot.title()))
            }
            Err(e) => return self.notify(format!("cannot load: {}", crate::located::chain(&e))),
        };
        let start = restored.world.course_run().start;
        let playing = saved_episode(&save.header, &restored.world).and_then(|run| {
            run.map(|run| Game::saved_playing(run, &restored.map, start))
                .transpose()
        });
        let playing = match playing {
            Ok(playing) => playing,
            Err(why) => return self.notify(format!("cannot load {}: {why}", path.display())),
        };
        let level = playing.as_ref().map(|p| p.level_number());
        self.end_recording("a saved game loaded");
        // The episode the save was made in, if any, is the one played now
        // (its level's end and the game's end come as in play); none from
        // before the load goes on.
        self.world = restored.world;
        self.prev = self.world.camera();
        self.map_art = restored.loaded.art;
        self.tape = Tape::new(Some(restored.map.clone()), save.header.seed);
        self.watch.map = Some(Watched::new(&restored.map));
        self.flight_hint = super::hint::FlightHint::new(&self.world);
        self.forget_hint();
        self.start_run();
        if playing.is_some() {
            // An episode's level ends at its exit, not at a course's finish.
            self.run = None;
        }
        self.episode = playing;
        self.hud.paused = false;
        self.menu = None;
        self.inputs.release_all();
        let h = &save.header;
        let level = level.map_or(String::new(), |n| format!(" (level {n} of the episode)"));
        self.notify(format!(
            "loaded {}: {}{level}, {} played",
            slot.title(),
            h.map_name,
            play_time(h.tick)
        ));
    }

    /// Draws the slots screen over `frame`, if it is up, with the selected
    /// slot's thumbnail in the top right corner.
    pub(super) fn draw_slots(&self, frame: &mut [u8], width: usize, height: usize) {
        let Some(screen) = &self.slot_screen else {
            return;
        };
        draw_panel(Frame::new(frame, width, height), &screen.picker.panel());
        let thumb = screen.thumbnails.get(screen.picker.selected());
        if let Some(Some(thumb)) = thumb {
            blit(thumb, frame, width, height);
        }
    }
}

/// Where the episode stood in a save of `world` (read from `header`): its
/// level from the header, its difficulty and the score and lives the level
/// started with from the world; None for a save made outside an episode.
/// Refused when the header names a level and the world is in none.
pub(super) fn saved_episode(
    header: &save::Header,
    world: &crate::sim::World,
) -> Result<Option<EpisodeRun>, String> {
    match header.episode_level()? {
        None => Ok(None),
        Some(index) if world.in_episode() => Ok(Some(EpisodeRun {
            index,
            difficulty: world.difficulty(),
            carried: world.carried_in(),
        })),
        Some(_) => Err("its header names an episode's level, its state is in no episode".into()),
    }
}

/// Puts the thumbnail `thumb` in the top right corner of `frame`, doubled
/// where the frame is wide enough, inside a margin.
fn blit(thumb: &[u8], frame: &mut [u8], width: usize, height: usize) {
    let (tw, th) = THUMBNAIL;
    let scale = if width >= 8 * tw { 2 } else { 1 };
    let margin = 8;
    let (w, h) = (tw * scale, th * scale);
    if width < w + 2 * margin || height < h + 2 * margin {
        return;
    }
    let x0 = width - w - margin;
    for y in 0..h {
        let row = (margin + y) * width + x0;
        for x in 0..w {
            let from = ((y / scale) * tw + x / scale) * 4;
            let to = (row + x) * 4;
            frame[to..to + 4].copy_from_slice(&thumb[from..from + 4]);
        }
    }
}
