//! The title and pause menus in the game: drawn over the still view, fed
//! by the keys, the pad and the mouse buttons, and acted on (a map to play,
//! choices saved to the settings file, restart, quit).

use super::Game;
use crate::app::input::Command;
use crate::app::tape::Tape;
use crate::app::watch::Watched;
use crate::map::{self, shipped};
use crate::menu::Screen;
use crate::menu::{MapEntry, Menu, MenuKey, Outcome};
use crate::render::panel::{draw_panel, Panel};
use crate::render::{self, Frame};
use crate::settings::{self, Action, Binding, MouseButton};
use crate::sim::World;
use std::path::{Path, PathBuf};

/// The key the controls screen names for its next page (the menus' select).
const PAGE_KEY: &str = "Enter";

/// The shipped maps the title offers, in the play order
/// ([`shipped::play_order`]), with their titles and descriptions (a map
/// that does not load is left out).
pub(in crate::app) fn shipped_maps() -> Vec<MapEntry> {
    let mut maps: Vec<((u32, String), MapEntry)> = shipped::list(&crate::data::maps_dir())
        .into_iter()
        .filter_map(|path| {
            let m = map::load(&path).ok()?;
            let about = match crate::sim::flight::flies_on(&m.map) {
                true => format!("{} (the jetpack flies here)", m.map.description),
                false => m.map.description.clone(),
            };
            let order = shipped::play_order(m.map.order, &path);
            let entry = MapEntry {
                path,
                title: m.map.name,
                about,
            };
            Some((order, entry))
        })
        .collect();
    maps.sort_by(|a, b| a.0.cmp(&b.0));
    maps.into_iter().map(|(_, entry)| entry).collect()
}

/// The study protocols shipped in `studies/`.
pub(in crate::app) fn shipped_studies() -> Vec<PathBuf> {
    crate::data::list(&crate::data::dir("studies"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .take(64)
        .collect()
}

impl Game {
    /// The game with the title menu open over its view.
    pub fn with_title_menu(mut self, maps: Vec<MapEntry>, studies: Vec<PathBuf>) -> Self {
        let menu = Menu::title(maps, studies, &self.settings);
        self.menu = Some(menu.at_difficulty(self.world.difficulty()));
        self
    }

    /// Opens the title menu over the view, offering the shipped maps and
    /// studies.
    pub(super) fn open_title_menu(&mut self) {
        let menu = Menu::title(shipped_maps(), shipped_studies(), &self.settings);
        self.open_menu(menu);
    }

    /// True while a menu (or the save slots) is open.
    pub(super) fn menu_open(&self) -> bool {
        self.menu.is_some() || self.slots_open()
    }

    /// True while a menu holds the world still: any menu but in a study,
    /// whose clock runs on under its one question (end the session?).
    pub(super) fn menu_holds_world(&self) -> bool {
        self.menu_open() && self.study.is_none()
    }

    /// Opens the pause menu (Esc in play).
    pub(super) fn open_pause_menu(&mut self) {
        let menu = Menu::title(shipped_maps(), shipped_studies(), &self.settings).paused();
        self.open_menu(menu);
    }

    /// Asks whether to start the map again (the restart key in play).
    pub(super) fn ask_restart(&mut self) {
        let menu = Menu::title(shipped_maps(), shipped_studies(), &self.settings);
        self.open_menu(menu.asking_restart());
    }

    /// Asks whether to end the study session (Esc in a study).
    pub(super) fn ask_end_study(&mut self) {
        let menu = Menu::title(Vec::new(), Vec::new(), &self.settings);
        self.open_menu(menu.asking_end_study());
    }

    fn open_menu(&mut self, menu: Menu) {
        let menu = menu.at_difficulty(self.world.difficulty());
        self.menu = Some(menu);
        self.inputs.release_all();
    }

    /// A press while a menu is open: what it does, and the commands for
    /// the window (quit). Some(..) when the menu took it.
    pub(super) fn menu_press(&mut self, binding: &Binding) -> Option<Vec<Command>> {
        self.menu.as_ref()?;
        let key = menu_key(&self.settings.bindings, binding)?;
        let (w, h) = self.video.size;
        let menu = self.menu.as_mut()?;
        if menu.screen() == Screen::Controls {
            let sections = menu.controls_sections();
            let size = (w as usize, h as usize);
            let laid = render::help::sections_laid_out(&sections, Some(PAGE_KEY), size);
            menu.set_pages(laid.pages.len());
        }
        let outcome = menu.press(key);
        Some(self.act(outcome))
    }

    /// Carries out what the menu chose.
    fn act(&mut self, outcome: Outcome) -> Vec<Command> {
        match outcome {
            Outcome::Stay => {}
            Outcome::Resume => self.menu = None,
            Outcome::Restart => {
                self.menu = None;
                self.request(crate::sim::Request::Restart);
            }
            Outcome::Quit => return vec![Command::Quit],
            Outcome::EndStudy => {
                self.menu = None;
                return self.end_study();
            }
            Outcome::Play(path) => {
                let level = self.menu.as_ref().map(crate::menu::Menu::difficulty);
                self.play_map_at(&path, level.unwrap_or(self.world.difficulty()));
            }
            Outcome::Save(changes) => self.save_choices(&changes),
            Outcome::SaveGame => self.open_slots(crate::menu::slots::Purpose::Save),
            Outcome::LoadGame => self.open_slots(crate::menu::slots::Purpose::Load),
            Outcome::NewGame(level) => self.new_game(level),
            Outcome::Study(path) => {
                if let Err(why) = self.begin_study(&path) {
                    self.notify(format!("cannot start the study: {why}"));
                }
            }
        }
        Vec::new()
    }

    /// Plays the map at `path` from its start, closing the menu, at the
    /// difficulty in force.
    pub(super) fn play_map(&mut self, path: &Path) {
        self.play_map_at(path, self.world.difficulty());
    }

    /// Plays the map at `path` from its start at `level`, closing the menu
    /// (a lone map: no episode goes on). False, with a notice saying why,
    /// when the map does not load (the world in play stays).
    pub(super) fn play_map_at(&mut self, path: &Path, level: crate::sim::Difficulty) -> bool {
        match map::load(path) {
            Ok(loaded) => {
                self.play_loaded(path, loaded, level);
                true
            }
            Err(e) => {
                self.notify(format!("cannot load {}: {e}", path.display()));
                false
            }
        }
    }

    /// Plays `loaded` (read from `path`) from its start at `level`, closing
    /// the menu (a lone map: no episode goes on).
    pub(super) fn play_loaded(
        &mut self,
        path: &Path,
        loaded: map::Loaded,
        level: crate::sim::Difficulty,
    ) {
        self.end_recording("another map");
        let seed = self.tape.seed();
        let tunables = *self.world.tunables();
        self.world = World::at_difficulty(loaded.map, tunables, level, seed).armed();
        self.prev = self.world.camera();
        self.map_art = loaded.art;
        self.tape = Tape::new(Some(path.to_path_buf()), seed);
        self.watch.map = Some(Watched::new(path));
        self.flight_hint = super::hint::FlightHint::new(&self.world);
        self.forget_hint();
        self.episode = None;
        self.start_run();
        self.hud.paused = false;
        self.menu = None;
    }

    /// Starts a session of the protocol at `path` for the next free
    /// participant ID (P01, P02, ...) in `study-results/`, in this window.
    fn begin_study(&mut self, path: &Path) -> Result<(), String> {
        use crate::files::cap;
        use crate::study::protocol::Protocol;
        use crate::study::start::{new_session, next_participant, Who};
        let chain = |e: &dyn std::error::Error| crate::located::chain(e);
        let text =
            crate::data::read_text(path, "study protocol", cap::PROTOCOL).map_err(|e| chain(&e))?;
        let protocol = Protocol::parse(&text, path).map_err(|e| e.to_string())?;
        let map_file = crate::data::resolve_map(&protocol.map_path(path)).map_err(|e| chain(&e))?;
        let loaded = map::load(&map_file).map_err(|e| e.to_string())?;
        let results = self.study_results.clone();
        let (participant, sequence) = next_participant(&results, &protocol)
            .ok_or_else(|| "no free participant ID P01 to P999".to_string())?;
        let who = Who {
            participant,
            sequence,
            simulated: None,
            results,
            site: None,
        };
        let seed = protocol.seed;
        // Once, before the participant's first screen: the experimenter's
        // (the console's and a screen of its own; study::check::briefing).
        let warnings = crate::study::check::briefing::at_start(&protocol);
        for warning in &warnings {
            eprintln!("{warning}");
        }
        // The map as recordings name it, which a report resolves anywhere.
        let named = crate::data::as_recorded(&map_file);
        let run = new_session((protocol, path, text), &named, &who).map_err(|e| chain(&e))?;
        self.end_recording("a study");
        let level = loaded.map.clone();
        self.world = World::new(loaded.map, crate::sim::Tunables::default(), seed);
        self.prev = self.world.camera();
        self.map_art = loaded.art;
        self.tape = Tape::new(Some(map_file), seed);
        self.watch = super::Watch::default();
        self.hud.paused = false;
        self.menu = None;
        let studying = super::Studying::new(run, level).started_from_title();
        self.study = Some(studying.briefed(warnings));
        self.blind_hud();
        self.flight_hint = None;
        self.run = None;
        Ok(())
    }

    /// Saves `changes` to the settings file and puts them in force.
    fn save_choices(&mut self, changes: &[settings::edit::Change]) {
        let path = self
            .watch
            .settings
            .as_ref()
            .map(|w| w.path().to_path_buf())
            .or_else(settings::default_path);
        let Some(path) = path else {
            return self.notify("no settings folder on this system: choices not saved".into());
        };
        match settings::edit::save(&path, changes) {
            Ok(()) => {
                if self.watch.settings.is_none() {
                    self.watch.settings = Some(Watched::new(&path));
                }
                self.reload(true, false);
                self.notify(format!("saved to {}", path.display()));
            }
            Err(e) => self.notify(format!("not saved: {}", crate::located::chain(&e))),
        }
    }

    /// Draws the open menu over `frame`.
    pub(super) fn draw_menu(&self, frame: &mut [u8], width: usize, height: usize) {
        let Some(menu) = &self.menu else {
            return;
        };
        if menu.screen() == Screen::Controls {
            // Paged as the F1 help is, over the darkened view.
            draw_panel(Frame::new(frame, width, height), &Panel::default());
            let sections = menu.controls_sections();
            let frame = Frame::new(frame, width, height);
            return render::help::draw_sections(frame, &sections, Some(PAGE_KEY), menu.page());
        }
        draw_panel(Frame::new(frame, width, height), &menu.panel());
    }
}

/// The menu key `binding` is under `bindings`: the movement and answer
/// keys move, the answer and use keys choose, Esc and the stop keys go
/// back; the left mouse button chooses and the right goes back.
pub(super) fn menu_key(bindings: &settings::Bindings, binding: &Binding) -> Option<MenuKey> {
    let on = |actions: &[Action]| actions.iter().any(|&a| bindings.get(a).contains(binding));
    let key = |name: &str| matches!(binding, Binding::Key(k) if *k == name);
    Some(if on(&[Action::Forward, Action::AnswerUp]) {
        MenuKey::Up
    } else if on(&[Action::Back, Action::AnswerDown]) {
        MenuKey::Down
    } else if on(&[Action::TurnLeft, Action::StrafeLeft]) {
        MenuKey::Left
    } else if on(&[Action::TurnRight, Action::StrafeRight]) {
        MenuKey::Right
    } else if on(&[Action::Answer]) || key("Space") || *binding == Binding::Mouse(MouseButton::Left)
    {
        MenuKey::Select
    } else if on(&[Action::Quit, Action::StopCondition, Action::Pause])
        || matches!(binding, Binding::PadButton(settings::PadButton::East))
        || *binding == Binding::Mouse(MouseButton::Right)
    {
        MenuKey::Back
    } else {
        return None;
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::Watch;
    use crate::settings::{Settings, Video};
    use crate::sim::Tunables;
    use crate::sprites::Art;

    fn key(name: &'static str) -> Binding {
        Binding::Key(name)
    }

    /// A game with the title menu open, offering the shipped maps.
    fn titled() -> Game {
        let map = crate::map::Map::from_rows(&["#####", "#>..#", "#####"]);
        Game::new(
            World::new(map, Tunables::default(), 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        )
        .with_title_menu(shipped_maps(), shipped_studies())
    }

    #[test]
    fn the_maps_come_in_play_order() {
        let maps = shipped_maps();
        let titles: Vec<&str> = maps.iter().map(|m| m.title.as_str()).collect();
        assert_eq!(
            titles[..2],
            ["First Steps", "The Wobble Maze"],
            "{titles:?}"
        );
        assert_eq!(titles.last(), Some(&"Feel-Test Course"), "{titles:?}");
    }

    #[test]
    fn the_title_menu_plays_a_map_and_esc_comes_back_to_it() {
        let mut g = titled();
        let before = g.world.state_hash();
        g.advance(0.5);
        assert_eq!(g.world.state_hash(), before, "the world holds still");
        // Play a map: the first shipped one.
        assert!(g.press(key("Enter")).is_empty());
        g.release(key("Enter"));
        assert!(g.press(key("Enter")).is_empty());
        assert!(!g.menu_open(), "playing");
        let first = &shipped_maps()[0];
        assert_eq!(g.world.map().name, first.title);
        // Esc in play opens the pause menu instead of quitting.
        assert!(g.press(key("Escape")).is_empty());
        assert!(g.menu_open());
        // Down to "Title menu", then to "Quit".
        for _ in 0..6 {
            g.press(key("ArrowDown"));
            g.release(key("ArrowDown"));
        }
        g.press(key("Enter"));
        assert_eq!(
            g.menu.as_ref().unwrap().screen(),
            crate::menu::Screen::Title
        );
        g.press(key("ArrowUp"));
        assert_eq!(g.press(key("Enter")), [Command::Quit]);
    }

    #[test]
    fn a_study_runs_from_the_menu_for_the_next_free_participant() {
        // Results in a folder not yet made, inside a scratch folder that
        // goes when the test ends.
        let scratch = crate::files::Scratch::new("menu-study");
        let dir = scratch.join("results");
        let mut g = titled();
        g.study_results = dir.clone();
        // "Run a feel study", then the first protocol.
        assert!(g.menu.as_mut().unwrap().choose(3).eq(&Outcome::Stay));
        let first = shipped_studies()[0].clone();
        let outcome = g.menu.as_mut().unwrap().choose(0);
        assert_eq!(outcome, Outcome::Study(first));
        g.act(outcome);
        assert!(!g.menu_open(), "{:?}", g.notice);
        assert!(g.study.is_some() && g.hud.blind);
        let p = crate::study::protocol::Protocol::load(&shipped_studies()[0]).unwrap();
        assert!(dir.join(&p.name).join("P01/session.toml").is_file());
        // Esc asks whether to end the session; the study's clock runs on
        // under the question, and "no" goes on with it.
        assert!(g.press(key("Escape")).is_empty(), "no quit at once");
        g.release(key("Escape"));
        let screen = g.menu.as_ref().map(|m| m.screen());
        assert_eq!(screen, Some(crate::menu::Screen::EndStudy));
        assert!(!g.menu_holds_world());
        g.press(key("Enter"));
        g.release(key("Enter"));
        assert!(!g.menu_open() && g.study.is_some());
        // Ended, a session from the title goes back to the title with its
        // data kept, in play's HUD.
        g.press(key("Escape"));
        g.release(key("Escape"));
        g.press(key("ArrowDown"));
        assert!(g.press(key("Enter")).is_empty(), "the game goes on");
        assert!(g.study.is_none() && !g.hud.blind);
        let screen = g.menu.as_ref().map(|m| m.screen());
        assert_eq!(screen, Some(crate::menu::Screen::Title));
        assert!(dir.join(&p.name).join("P01/session.toml").is_file());
    }

    #[test]
    fn a_pad_and_the_mouse_work_the_menu() {
        use crate::app::input::{button_index, PadState};
        let mut g = titled();
        let mut pad = PadState::default();
        pad.buttons[button_index(settings::PadButton::DPadDown)] = true;
        g.set_pad(pad);
        g.set_pad(PadState::default());
        // "Walking model and comfort", chosen with a left click.
        g.press(Binding::Mouse(MouseButton::Left));
        assert_eq!(
            g.menu.as_ref().unwrap().screen(),
            crate::menu::Screen::Options
        );
        // The right button goes back, saving to a settings file of the
        // test's own (never the user's).
        let scratch = crate::files::Scratch::new("menu-save");
        let dir = scratch.join("config");
        let file = dir.join("settings.toml");
        g.watch.settings = Some(Watched::new(&file));
        g.release(Binding::Mouse(MouseButton::Left));
        g.press(Binding::Mouse(MouseButton::Right));
        assert_eq!(
            g.menu.as_ref().unwrap().screen(),
            crate::menu::Screen::Title
        );
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.contains("model = \"polar\""), "{saved}");
    }
}
