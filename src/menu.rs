//! The title menu and the pause menu as a state machine: what a newcomer
//! sees before playing (a map to play with its description, the walking
//! model and camera, comfort options and the sound's levels, the
//! controls, a feel study, quit) and what Esc brings up in play (resume, restart, save and load a game, the
//! menu, quit).
//! Pure: presses in, an [`Outcome`] out, and a text [`Panel`] to draw;
//! the window acts on the outcome and saves the choices.

pub mod slots;

use crate::render::help::Section;
use crate::render::panel::Panel;
use crate::settings::edit::{Change, Value};
use crate::settings::{help_lines, input_lines, Settings};
use crate::sim::comfort::Reference;
use crate::sim::tunable_table::{BOB_AND_ROLL, GYRO, VIGNETTE};
use crate::sim::{Coupling, Difficulty, Model};
use std::path::PathBuf;

/// Field of view steps, degrees.
const FOV_STEP: f64 = 5.0;
/// Bob and roll steps (0 none, 1 each model's own).
const BOB_STEP: f64 = 0.25;
/// Gyro steps, degrees per second squared.
const GYRO_STEP: f64 = 90.0;
/// Field-of-view restrictor steps (0 off, 1 full).
const VIGNETTE_STEP: f64 = 0.25;
/// The snap turns offered, degrees (0 smooth).
const SNAPS: [f64; 6] = [0.0, 15.0, 30.0, 45.0, 60.0, 90.0];
/// One press's step of the volume and the effects level, in tenths (so
/// the saved value is a round 0.1, 0.2, ...).
const LEVEL_STEP_TENTHS: f64 = 1.0;
/// The options screen's label column, characters: the values line up
/// after it.
const LABEL_WIDTH: usize = 17;
/// The narrowest and widest field of view offered, degrees.
const FOV_RANGE: (f64, f64) = (crate::render::MIN_FOV_DEG, crate::render::MAX_FOV_DEG);

/// A map the menu offers.
#[derive(Clone, Debug, PartialEq)]
pub struct MapEntry {
    /// Its file.
    pub path: PathBuf,
    /// Its title.
    pub title: String,
    /// What it is for.
    pub about: String,
}

/// A press on the menu, from keys, a pad or the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    /// The previous item.
    Up,
    /// The next item.
    Down,
    /// Less of the item's value.
    Left,
    /// More of the item's value.
    Right,
    /// Choose the item.
    Select,
    /// Back to the screen before (or, paused, resume).
    Back,
}

/// What the window must do after a press.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing beyond drawing the menu again.
    Stay,
    /// Close the menu and play `path`.
    Play(PathBuf),
    /// Close the pause menu and go on.
    Resume,
    /// Start the map again.
    Restart,
    /// Start a new game of the episode at this difficulty.
    NewGame(Difficulty),
    /// Save these choices to the settings file and use them now.
    Save(Vec<Change>),
    /// Run a study session of this protocol.
    Study(PathBuf),
    /// End the study session under way (its data is already saved).
    EndStudy,
    /// Open the save slots to save the game (the pause menu's "Save game").
    SaveGame,
    /// Open the save slots to load a game (the pause menu's "Load game").
    LoadGame,
    /// Quit the game.
    Quit,
}

/// The menu's screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The title: the first screen.
    Title,
    /// Esc in play.
    Pause,
    /// The maps to play.
    Maps,
    /// Walking model, camera and comfort options.
    Options,
    /// The controls, read only.
    Controls,
    /// The study protocols.
    Studies,
    /// "Start the map again?", asked before a restart.
    ConfirmRestart,
    /// "End the session?", asked when Esc is pressed in a study.
    EndStudy,
    /// A new game of the episode: its difficulty to choose.
    NewGame,
}

/// The walking and comfort choices, as the settings file holds them.
#[derive(Clone, Debug, PartialEq)]
struct Choices {
    model: Model,
    coupling: Coupling,
    fov_deg: f64,
    /// Head bob and view roll, every model: a share of each one's own.
    bob_and_roll: f64,
    gyro_deg: f64,
    level_horizon: bool,
    vignette: f64,
    reference: Reference,
    snap_deg: f64,
    /// Master volume and effects, in tenths (0 to 10), and the mute.
    volume_tenths: f64,
    effects_tenths: f64,
    mute: bool,
    /// The music and the ambience bed, in tenths (0 to 10).
    music_tenths: f64,
    ambience_tenths: f64,
}

/// The menu.
#[derive(Clone, Debug)]
pub struct Menu {
    screen: Screen,
    /// The screen a Back returns to from Maps, Options, Controls, Studies.
    root: Screen,
    selected: usize,
    maps: Vec<MapEntry>,
    studies: Vec<PathBuf>,
    choices: Choices,
    /// The controls screen's rows: (keys, what they do).
    controls: Vec<(String, String)>,
    /// The controls screen's mouse and stick options: (name, value).
    input: Vec<(String, String)>,
    /// The controls screen's page shown, from 0, and how many it takes at
    /// the window's size (told by the window, [`Menu::set_pages`]).
    page: usize,
    pages: usize,
    /// How hard the fights of the map chosen will be: the maps screen's
    /// last item before Back.
    difficulty: Difficulty,
}

impl Menu {
    /// The title menu offering `maps` and `studies`, the choices as
    /// `settings` has them.
    pub fn title(maps: Vec<MapEntry>, studies: Vec<PathBuf>, settings: &Settings) -> Self {
        let t = &settings.tunables;
        Self {
            screen: Screen::Title,
            root: Screen::Title,
            selected: 0,
            maps,
            studies,
            choices: Choices {
                model: t.model,
                coupling: t.coupling,
                fov_deg: settings.video.fov_deg,
                bob_and_roll: t.comfort.bob_and_roll,
                gyro_deg: degrees(t.gyro),
                level_horizon: settings.video.level_horizon,
                vignette: t.comfort.vignette,
                reference: t.comfort.reference,
                snap_deg: degrees(t.comfort.snap_turn),
                volume_tenths: tenths(settings.audio.volume),
                effects_tenths: tenths(settings.audio.effects),
                mute: settings.audio.mute,
                music_tenths: tenths(settings.audio.music),
                ambience_tenths: tenths(settings.audio.ambience),
            },
            controls: help_lines(&settings.bindings),
            input: input_lines(settings),
            page: 0,
            pages: 1,
            difficulty: settings.game.difficulty,
        }
    }

    /// The same menu offering maps at `level` (the one in force, which a
    /// `--difficulty` may have set over the settings file's).
    pub fn at_difficulty(mut self, level: Difficulty) -> Self {
        self.difficulty = level;
        self
    }

    /// How hard the fights of a map played from the menu are.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The maps screen's difficulty item: its index, after the maps.
    fn difficulty_item(&self) -> usize {
        self.maps.len()
    }

    /// The same menu opened at the pause screen.
    pub fn paused(mut self) -> Self {
        self.screen = Screen::Pause;
        self.root = Screen::Pause;
        self.selected = 0;
        self
    }

    /// The same menu asking whether to start the map again, as the
    /// restart key does in play; going back resumes.
    pub fn asking_restart(self) -> Self {
        self.asking(Screen::ConfirmRestart)
    }

    /// The same menu asking whether to end the study session, as Esc does
    /// in a study; going back goes on with it.
    pub fn asking_end_study(self) -> Self {
        self.asking(Screen::EndStudy)
    }

    /// Opened at the question `screen`, "no" chosen, Back resuming play.
    fn asking(mut self, screen: Screen) -> Self {
        self.screen = screen;
        self.root = screen;
        self.selected = 0;
        self
    }

    /// The controls screen as the F1 help's sections: the keys, then the
    /// mouse and sticks.
    pub fn controls_sections(&self) -> Vec<Section> {
        vec![
            Section {
                title: "CONTROLS (Esc goes back)",
                rows: self.controls.clone(),
                breaks: " / ",
            },
            Section {
                title: "MOUSE AND STICKS",
                rows: self.input.clone(),
                breaks: " ",
            },
        ]
    }

    /// Tells the menu how many pages the controls screen takes at the
    /// window's size (at least one).
    pub fn set_pages(&mut self, pages: usize) {
        self.pages = pages.max(1);
        self.page = self.page.min(self.pages - 1);
    }

    /// The controls screen's page shown, from 0.
    pub fn page(&self) -> usize {
        self.page
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The items of the screen shown, as lines.
    fn items(&self) -> Vec<String> {
        match self.screen {
            Screen::Title => vec![
                "Play a map".into(),
                "Walking model and comfort".into(),
                "Controls".into(),
                "Run a feel study".into(),
                "New game: the episode".into(),
                "Quit".into(),
            ],
            Screen::NewGame => Difficulty::ALL
                .iter()
                .map(|d| format!("{:<9} {}", d.name(), d.title()))
                .chain(["Back".to_string()])
                .collect(),
            Screen::Pause => vec![
                "Resume".into(),
                "Restart the map".into(),
                "Walking model and comfort".into(),
                "Controls".into(),
                "Save game".into(),
                "Load game".into(),
                "Title menu".into(),
                "Quit".into(),
            ],
            Screen::Maps => self
                .maps
                .iter()
                .map(|m| m.title.clone())
                .chain([
                    format!(
                        "Difficulty        < {}: {} >",
                        self.difficulty.name(),
                        self.difficulty.title()
                    ),
                    "Back".to_string(),
                ])
                .collect(),
            Screen::Options => self
                .option_rows()
                .into_iter()
                .map(|(label, value)| format!("{label:<LABEL_WIDTH$}< {value} >"))
                .chain(["Save and back".to_string()])
                .collect(),
            Screen::Controls => vec!["Back".into()],
            Screen::ConfirmRestart => vec!["Keep playing".into(), "Start the map again".into()],
            Screen::EndStudy => vec!["Go on with the session".into(), "End the session".into()],
            Screen::Studies => self
                .studies
                .iter()
                .map(|p| {
                    let name = p.file_stem().unwrap_or_default().to_string_lossy();
                    format!("Study: {name}")
                })
                .chain(["Back".to_string()])
                .collect(),
        }
    }

    /// The options as (label, value) rows, in plain words, in the order
    /// [`Menu::adjust`] steps them.
    fn option_rows(&self) -> Vec<(&'static str, String)> {
        let c = &self.choices;
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        let percent = |share: f64| match share {
            0.0 => "off".to_string(),
            s => format!("{:.0}%", s * 100.0),
        };
        let camera = match c.coupling {
            Coupling::Velocity => "where you move",
            Coupling::Heading => "where you face",
        };
        vec![
            ("Walking model", c.model.name().to_string()),
            ("Camera follows", camera.to_string()),
            ("Field of view", format!("{:.0} degrees", c.fov_deg)),
            ("Bob and roll", percent(c.bob_and_roll)),
            (
                "Spin damping",
                match c.gyro_deg {
                    0.0 => "off".to_string(),
                    g => format!("{g:.0}"),
                },
            ),
            ("Level horizon", on(c.level_horizon)),
            ("View restrictor", percent(c.vignette)),
            ("Fixed reference", c.reference.name().to_string()),
            (
                "Snap turning",
                match c.snap_deg {
                    0.0 => "off".to_string(),
                    deg => format!("{deg:.0} degrees"),
                },
            ),
            ("Volume", format!("{:.0}%", c.volume_tenths * 10.0)),
            ("Sound effects", format!("{:.0}%", c.effects_tenths * 10.0)),
            ("Sound", if c.mute { "muted" } else { "on" }.to_string()),
            ("Music", format!("{:.0}%", c.music_tenths * 10.0)),
            ("Ambience", format!("{:.0}%", c.ambience_tenths * 10.0)),
        ]
    }

    /// What the selected option does, in one line of plain words (short
    /// enough for one line of the panel at 960x540).
    fn option_about(&self) -> &'static str {
        let c = &self.choices;
        match self.selected {
            0 => match c.model {
                Model::Polar => "Polar: keys push your body; it glides and swings.",
                Model::Classic => "Classic: Wolfenstein 3D's walk; the mouse turns.",
                Model::Quake => "Quake: fast running, a little slide; mouse turns.",
            },
            1 => match c.coupling {
                Coupling::Velocity => "The polar view looks where you move: it sways.",
                Coupling::Heading => "The polar view looks where you face, not where you go.",
            },
            2 => "How wide the view is: wider shows more at the sides.",
            3 => "View bob and roll, all models; 100% is each one's own.",
            4 => "Polar model: how hard a jet slows your body's spin.",
            5 => "Jetpack: keep the horizon level, not tilted.",
            6 => "Darkens the view's edges as you move: eases sickness.",
            7 => "A dot or frame held still on screen: eases sickness.",
            8 => "Turn keys turn in steps, not smoothly: eases sickness.",
            9 => "How loud the game is.",
            10 => "How loud the sound effects are.",
            11 => "Muted, the game is silent; the levels are kept.",
            12 => "How loud each map's music plays under the game.",
            13 => "How loud the place sounds: room tone, wind, machines.",
            _ => "Saves these choices to your settings file.",
        }
    }

    /// Takes `key`; says what the window must do.
    pub fn press(&mut self, key: MenuKey) -> Outcome {
        if self.screen == Screen::Controls {
            return self.turn_page(key);
        }
        let count = self.items().len();
        match key {
            MenuKey::Up => self.selected = (self.selected + count - 1) % count,
            MenuKey::Down => self.selected = (self.selected + 1) % count,
            MenuKey::Left | MenuKey::Right if self.screen == Screen::Options => {
                self.adjust(if key == MenuKey::Right { 1.0 } else { -1.0 });
            }
            MenuKey::Left | MenuKey::Right
                if self.screen == Screen::Maps && self.selected == self.difficulty_item() =>
            {
                let sign = if key == MenuKey::Right { 1.0 } else { -1.0 };
                self.difficulty = cycle(&Difficulty::ALL, self.difficulty, sign);
            }
            MenuKey::Left | MenuKey::Right => {}
            MenuKey::Back => return self.back(),
            MenuKey::Select => return self.select(),
        }
        Outcome::Stay
    }

    /// Chooses the item at `index` (a mouse click), as if moved to and
    /// selected.
    pub fn choose(&mut self, index: usize) -> Outcome {
        if index >= self.items().len() {
            return Outcome::Stay;
        }
        self.selected = index;
        self.select()
    }

    /// A press on the controls screen: select, right and down turn to the
    /// next page (past the last, back), left and up to the one before.
    fn turn_page(&mut self, key: MenuKey) -> Outcome {
        match key {
            MenuKey::Select | MenuKey::Right | MenuKey::Down if self.page + 1 < self.pages => {
                self.page += 1;
            }
            MenuKey::Left | MenuKey::Up => self.page = self.page.saturating_sub(1),
            _ => return self.back(),
        }
        Outcome::Stay
    }

    fn go(&mut self, screen: Screen) {
        self.screen = screen;
        self.selected = 0;
        self.page = 0;
    }

    fn back(&mut self) -> Outcome {
        match self.screen {
            Screen::Pause => Outcome::Resume,
            // Asked from play: no goes back to it.
            Screen::ConfirmRestart | Screen::EndStudy if self.root == self.screen => {
                Outcome::Resume
            }
            Screen::Title => Outcome::Stay,
            Screen::Options => {
                let save = self.changes();
                self.go(self.root);
                Outcome::Save(save)
            }
            _ => {
                self.go(self.root);
                Outcome::Stay
            }
        }
    }

    fn select(&mut self) -> Outcome {
        let i = self.selected;
        match self.screen {
            Screen::Title => match i {
                0 => self.go(Screen::Maps),
                1 => self.go(Screen::Options),
                2 => self.go(Screen::Controls),
                3 => self.go(Screen::Studies),
                4 => {
                    self.go(Screen::NewGame);
                    self.selected = Difficulty::ALL
                        .iter()
                        .position(|d| *d == self.difficulty)
                        .unwrap_or(0);
                }
                _ => return Outcome::Quit,
            },
            Screen::NewGame => match Difficulty::ALL.get(i) {
                Some(&d) => {
                    self.difficulty = d;
                    return Outcome::NewGame(d);
                }
                None => self.go(self.root),
            },
            Screen::Pause => match i {
                0 => return Outcome::Resume,
                1 => self.go(Screen::ConfirmRestart),
                2 => self.go(Screen::Options),
                3 => self.go(Screen::Controls),
                4 => return Outcome::SaveGame,
                5 => return Outcome::LoadGame,
                6 => {
                    self.root = Screen::Title;
                    self.go(Screen::Title);
                }
                _ => return Outcome::Quit,
            },
            Screen::Maps => match self.maps.get(i) {
                Some(m) => return Outcome::Play(m.path.clone()),
                None if i == self.difficulty_item() => {
                    self.difficulty = cycle(&Difficulty::ALL, self.difficulty, 1.0);
                }
                None => self.go(self.root),
            },
            Screen::Options => {
                // "Save and back", the last item.
                if i + 1 == self.items().len() {
                    return self.back();
                }
                self.adjust(1.0);
            }
            Screen::Controls => self.go(self.root),
            Screen::Studies => match self.studies.get(i) {
                Some(p) => return Outcome::Study(p.clone()),
                None => self.go(self.root),
            },
            Screen::ConfirmRestart => match i {
                0 => return self.back(),
                _ => return Outcome::Restart,
            },
            Screen::EndStudy => match i {
                0 => return self.back(),
                _ => return Outcome::EndStudy,
            },
        }
        Outcome::Stay
    }

    /// Steps the selected option by `sign` (1 more, -1 less).
    fn adjust(&mut self, sign: f64) {
        let c = &mut self.choices;
        let step = |v: f64, by: f64, (lo, hi): (f64, f64)| (v + sign * by).clamp(lo, hi);
        match self.selected {
            0 => c.model = cycle(&[Model::Polar, Model::Classic, Model::Quake], c.model, sign),
            1 => c.coupling = cycle(&[Coupling::Velocity, Coupling::Heading], c.coupling, sign),
            2 => c.fov_deg = step(c.fov_deg, FOV_STEP, FOV_RANGE),
            3 => c.bob_and_roll = step(c.bob_and_roll, BOB_STEP, BOB_AND_ROLL.range.ends()),
            4 => c.gyro_deg = step(c.gyro_deg, GYRO_STEP, GYRO.range.ends()),
            5 => c.level_horizon = !c.level_horizon,
            6 => c.vignette = step(c.vignette, VIGNETTE_STEP, VIGNETTE.range.ends()),
            7 => c.reference = cycle(&Reference::ALL, c.reference, sign),
            8 => c.snap_deg = cycle(&SNAPS, c.snap_deg, sign),
            9 => c.volume_tenths = step(c.volume_tenths, LEVEL_STEP_TENTHS, (0.0, 10.0)),
            10 => c.effects_tenths = step(c.effects_tenths, LEVEL_STEP_TENTHS, (0.0, 10.0)),
            11 => c.mute = !c.mute,
            12 => c.music_tenths = step(c.music_tenths, LEVEL_STEP_TENTHS, (0.0, 10.0)),
            13 => c.ambience_tenths = step(c.ambience_tenths, LEVEL_STEP_TENTHS, (0.0, 10.0)),
            _ => {}
        }
    }

    /// The choices as changes to the settings file.
    fn changes(&self) -> Vec<Change> {
        let c = &self.choices;
        let text = |s: &str| Value::Text(s.to_string());
        vec![
            change("movement", "model", text(c.model.name())),
            change("movement", "coupling", text(c.coupling.name())),
            change("video", "fov", Value::Number(c.fov_deg)),
            change("comfort", "bob_and_roll", Value::Number(c.bob_and_roll)),
            change("comfort", "gyro", Value::Number(c.gyro_deg)),
            change("comfort", "level_horizon", Value::Flag(c.level_horizon)),
            change("comfort", "vignette", Value::Number(c.vignette)),
            change("comfort", "reference", text(c.reference.name())),
            change("comfort", "snap_turn", Value::Number(c.snap_deg)),
            change("audio", "volume", Value::Number(c.volume_tenths / 10.0)),
            change("audio", "effects", Value::Number(c.effects_tenths / 10.0)),
            change("audio", "mute", Value::Flag(c.mute)),
            change("audio", "music", Value::Number(c.music_tenths / 10.0)),
            change("audio", "ambience", Value::Number(c.ambience_tenths / 10.0)),
        ]
    }

    /// The panel to draw: the screen's title, a line about it, and its
    /// items, the selected one marked.
    pub fn panel(&self) -> Panel {
        let (title, mut lines) = match self.screen {
            Screen::Title => (
                "WOBBLECASTER",
                vec![
                    "Feel unusual ways of moving, and judge them.".to_string(),
                    String::new(),
                ],
            ),
            Screen::Pause => ("PAUSED", vec![String::new()]),
            Screen::Maps => ("Play a map", vec![self.map_about(), String::new()]),
            Screen::NewGame => (
                "New game: how hard?",
                vec![
                    Difficulty::ALL
                        .get(self.selected)
                        .map_or("Back to the title menu.", |d| d.level().about)
                        .to_string(),
                    "Every level in order, 3 lives; on easy a death goes back to the last checkpoint."
                        .to_string(),
                    String::new(),
                ],
            ),
            Screen::Options => (
                "Walking model and comfort",
                vec![
                    "Left and right change a value; Esc saves.".to_string(),
                    String::new(),
                ],
            ),
            // Drawn as the help's sections instead ([`Menu::controls_sections`]).
            Screen::Controls => ("Controls", Vec::new()),
            Screen::Studies => (
                "Run a feel study",
                vec![
                    "A session for one participant; answers go to study-results/.".to_string(),
                    String::new(),
                ],
            ),
            Screen::ConfirmRestart => (
                "Start the map again?",
                vec![
                    "The run so far is lost: doors shut, pickups back.".to_string(),
                    String::new(),
                ],
            ),
            Screen::EndStudy => (
                "End the session?",
                vec![
                    "Your answers so far are saved either way.".to_string(),
                    "The session goes on behind this question.".to_string(),
                    String::new(),
                ],
            ),
        };
        // Padded to one width, the centred lines start in one column (the
        // font's glyphs are all one width), and so do the options' values.
        let items = self.items();
        let width = items.iter().map(|i| i.chars().count()).max().unwrap_or(0);
        for (i, item) in items.into_iter().enumerate() {
            let mark = if i == self.selected { "> " } else { "  " };
            lines.push(format!("{mark}{item:<width$}"));
        }

        Panel {
            title: title.to_string(),
            lines,
            value: None,
            hint: match self.screen {
                // The foot of the options screen says what the one chosen does.
                Screen::Options => self.option_about().to_string(),
                _ => "Up/Down choose, Enter select, Esc back (mouse and gamepad too)".to_string(),
            },
            compact: false,
        }
    }

    /// The line of `panel().lines` where the items start.
    pub fn first_item_line(&self) -> usize {
        self.panel().lines.len() - self.items().len()
    }

    /// The selected map's description on the maps screen (or, on the
    /// difficulty item, the level's).
    fn map_about(&self) -> String {
        if self.selected == self.difficulty_item() {
            return self.difficulty.level().about.to_string();
        }
        self.maps
            .get(self.selected)
            .map_or_else(String::new, |m| m.about.clone())
    }
}

/// `[section] key = value`.
/// A level (0 to 1) in whole tenths.
fn tenths(level: f32) -> f64 {
    (f64::from(level) * 10.0).round()
}

fn change(section: &'static str, key: &'static str, value: Value) -> Change {
    Change {
        section,
        key,
        value,
    }
}

/// The next (`sign` > 0) or previous value of `all` after `now`.
/// `radians` in degrees as the settings file gave them: the file's 30
/// comes back from radians as 29.999999999999996, which no choice equals
/// (so cycling started again from the first) and which saving would write
/// back over the player's 30. Rounded to a millionth of a degree, finer
/// than any setting is given.
fn degrees(radians: f64) -> f64 {
    (radians.to_degrees() * 1e6).round() / 1e6
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, sign: f64) -> T {
    let i = all.iter().position(|&v| v == now).unwrap_or(0);
    let n = all.len();
    let next = if sign > 0.0 {
        (i + 1) % n
    } else {
        (i + n - 1) % n
    };
    all[next]
}

#[cfg(test)]
#[path = "menu_tests.rs"]
mod tests;
