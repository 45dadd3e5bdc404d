//! The game as the window sees it: the world, the clock that ticks it, the
//! inputs held (or the recording played back), the recorder, the settings
//! and files it watches, and the HUD. No window here, so it tests headless.

mod best;
mod commands;
mod episode;
mod goal;
mod hint;
mod lone;
mod menu;
mod progress;
mod reload;
mod saving;
mod streams;
mod study;

pub(in crate::app) use best::default_path as best_times_path;
pub use episode::EpisodeRun;
pub(in crate::app) use menu::{shipped_maps, shipped_studies};
pub(in crate::app) use progress::default_path as progress_path;
pub(in crate::app) use study::Studying;

use super::input::{self, Command, Inputs, PadState};
use super::sound::Speaker;
use super::tape::Tape;
use super::timing::{FixedStep, FpsMeter};
use super::watch::Watched;
use crate::audio::Levels;
use crate::map::{Loaded, MapArt};
use crate::record::Playback;
use crate::render::{self, Hud, View};
use crate::settings::{Binding, Settings, Video};
use crate::sim::{Change, Controls, Pose, Request, World, TICK_DT};
use crate::sprites::Art;
use std::path::Path;

/// How long a notice stays on the HUD, in seconds.
const NOTICE_S: f64 = 4.0;

/// A world being played: ticked at the fixed rate from real time, and
/// drawn between ticks.
pub(super) struct Game {
    world: World,
    /// The camera's pose before the newest tick: where the blend starts.
    prev: Pose,
    clock: FixedStep,
    fps: FpsMeter,
    hud: Hud,
    /// The sprite sheets the view draws.
    art: Art,
    /// The map's textures (plain ones until [`Game::with_map_art`]).
    map_art: MapArt,
    /// The renderer's scratch space, kept so frames allocate nothing.
    workspace: render::Workspace,
    inputs: Inputs,
    /// The settings in force: bindings, input, video and the tunables the
    /// file set (the world's may differ by F2, F3 and the command line).
    settings: Settings,
    /// The settings file and the map file, watched for edits.
    watch: Watch,
    /// The video settings in force (the file's, with command-line choices).
    video: Video,
    /// Video settings changed by a reload, for the window to apply.
    video_change: Option<Video>,
    /// Horizontal field of view in radians.
    fov: f64,
    /// A request for the world, sent with the next tick.
    action: Option<Request>,
    /// A choice of weapon, sent with the next tick.
    weapon: Option<crate::sim::Select>,
    /// In a replay, the recording that gives every tick's controls.
    playback: Option<Playback>,
    /// The recorder, given every tick the world steps.
    tape: Tape,
    /// A notice for the HUD, and the seconds it has left.
    notice: Option<(String, f64)>,
    /// What went wrong with recordings, for the report at the end.
    problems: Vec<String>,
    /// A study session under way, if this game is one.
    study: Option<Studying>,
    /// Play's Lab Streaming Layer outlets (`wobblecaster --lsl`): the camera each
    /// tick, and markers.
    lsl: Option<crate::lsl::Outlets>,
    /// The first-flight hint, on a map made for flying.
    flight_hint: Option<hint::FlightHint>,
    /// The map's hint up, if any (none in a study).
    map_hint: hint::MapHint,
    /// Which hint the HUD's lines hold.
    hint_shown: hint::Shown,
    /// The title or pause menu, while open.
    menu: Option<crate::menu::Menu>,
    /// Where a study started from the menu writes its results.
    study_results: std::path::PathBuf,
    /// Where F9 puts its recordings.
    recordings: std::path::PathBuf,
    /// The course being run, on a map with one (not in studies or replays).
    run: Option<goal::Run>,
    /// The best course times (kept only for the session unless
    /// [`Game::with_best_times`] names their file).
    best: best::BestTimes,
    /// The sound device, or silence.
    speaker: Speaker,
    /// `--mute`: silent whatever the settings say.
    mute: bool,
    /// A study condition's own sound levels, while it runs.
    condition_audio: Option<crate::study::protocol::ConditionAudio>,
    /// Why the game is silent, until the terminal is told.
    silent: Option<String>,
    /// The save slots.
    saves: crate::save::slots::Slots,
    /// The slots screen, while it is up.
    slot_screen: Option<saving::SlotScreen>,
    /// The episode being played, from the title menu's "New game".
    episode: Option<episode::Playing>,
    /// The progress through the episode (kept only for the session unless
    /// [`Game::with_progress`] names its file).
    progress: progress::Progress,
    /// A lone map's end screen, while it is up (`lone.rs`).
    lone_end: Option<crate::render::panel::Panel>,
}

/// The game's sound as the window opened it.
pub(in crate::app) struct Sound {
    /// The device, or silence.
    pub speaker: Speaker,
    /// `--mute`.
    pub mute: bool,
    /// Why there is no sound, if there is none.
    pub silent: Option<String>,
}

/// The files a game reloads when they change, and the error of the last
/// reload that failed (shown until an edit fixes it).
#[derive(Debug, Default)]
pub(super) struct Watch {
    /// The settings file (it may not exist yet).
    pub settings: Option<Watched>,
    /// The map file.
    pub map: Option<Watched>,
    /// Seconds until the files are looked at again.
    next_poll: f64,
    /// Why the last reload failed, if it did.
    error: Option<String>,
}

impl Watch {
    /// Watches the settings file at `settings` and the map at `map`.
    pub fn new(settings: Option<&Path>, map: Option<&Path>) -> Self {
        Self {
            settings: settings.map(Watched::new),
            map: map.map(Watched::new),
            ..Self::default()
        }
    }
}

impl Game {
    /// A game of `world` under `settings` as read from the file (its
    /// bindings and input), shown as `video` asks (the world has its
    /// tunables already: the file's with command-line choices) with the
    /// sprites of `art`, recorded (when asked) by `tape`, reloading the
    /// files `watch` names when they change.
    pub fn new(
        world: World,
        settings: Settings,
        (video, art): (Video, Art),
        tape: Tape,
        watch: Watch,
    ) -> Self {
        let mut game = Self {
            map_art: MapArt::plain(world.map()),
            prev: world.camera(),
            world,
            clock: FixedStep::new(TICK_DT),
            fps: FpsMeter::default(),
            hud: Hud::default(),
            art,
            workspace: render::Workspace::default(),
            inputs: Inputs::default(),
            fov: video.fov_deg.to_radians(),
            settings,
            video,
            watch,
            video_change: None,
            action: None,
            weapon: None,
            playback: None,
            tape,
            notice: None,
            problems: Vec::new(),
            study: None,
            lsl: None,
            flight_hint: None,
            map_hint: hint::MapHint::default(),
            hint_shown: hint::Shown::Nothing,
            menu: None,
            run: None,
            study_results: crate::data::study_results_dir(),
            recordings: crate::data::recordings_dir(),
            best: best::BestTimes::default(),
            speaker: Speaker::silent(),
            mute: false,
            condition_audio: None,
            silent: None,
            saves: crate::save::slots::Slots::in_dir(&crate::save::slots::default_dir()),
            slot_screen: None,
            episode: None,
            progress: progress::Progress::default(),
            lone_end: None,
        };
        game.start_run();
        game.flight_hint = hint::FlightHint::new(&game.world);
        game.refresh_help();
        game.apply_hud_settings();
        game
    }

    /// A replay of `playback` on `map`: the recording, not the keys, gives
    /// the controls, and the view holds still on its last tick.
    /// Reloads of the settings file still apply, but not to the tunables.
    pub fn replaying(
        mut playback: Playback,
        map: Loaded,
        settings: Settings,
        (video, art): (Video, Art),
        watch: Watch,
    ) -> Self {
        let world = playback.start(map.map);
        let tape = Tape::new(None, playback.recording().header.seed);
        Self {
            playback: Some(playback),
            // A replay is watched, not flown or timed.
            flight_hint: None,
            run: None,
            ..Self::new(world, settings, (video, art), tape, watch)
        }
        .with_map_art(map.art)
    }

    /// The game playing its sound as `sound` says.
    pub fn with_sound(self, sound: Sound) -> Self {
        Self {
            speaker: sound.speaker,
            mute: sound.mute,
            silent: sound.silent,
            ..self
        }
    }

    /// The sound levels in force: the settings file's, with a study
    /// condition's `[audio]` keys over them while it runs; muted by
    /// `--mute`.
    pub(super) fn levels(&self) -> Levels {
        let own = self.settings.audio;
        let mut levels = self.condition_audio.map_or(own, |c| c.over(own));
        levels.mute |= self.mute;
        levels
    }

    /// The game running the study session `studying`.
    pub fn with_study(mut self, studying: Studying) -> Self {
        self.blind_hud();
        Self {
            study: Some(studying),
            flight_hint: None,
            run: None,
            ..self
        }
    }

    /// The HUD of a study: the participant must not learn which condition
    /// is which, nor be offered keys the study ignores (restart, pause).
    fn blind_hud(&mut self) {
        self.hud.blind = true;
        self.hud.prompts.restart = None;
        self.hud.prompts.resume = None;
        // Bare until a condition's protocol says what it shows.
        self.hud.parts = render::Parts {
            status_bar: false,
            crosshair: false,
            readout: false,
        };
    }

    /// The game drawing its map with `map_art`, the textures loaded with it.
    pub fn with_map_art(self, map_art: MapArt) -> Self {
        Self { map_art, ..self }
    }

    /// Runs the ticks that `elapsed` real seconds make due (none while
    /// paused) and returns the view to draw, blended between the last two
    /// ticks so motion is smooth at any frame rate.
    pub fn advance(&mut self, elapsed: f64) -> View {
        self.hud.fps = self.fps.frame(elapsed);
        self.poll_files(elapsed);
        self.study_frame(elapsed);
        let levels = self.levels();
        self.speaker.set_levels(levels);
        // The footsteps' stride is told by the world: it follows the
        // levels as the sound does.
        self.world.apply(Change::Stride(levels.stride_tiles));
        let held = self.hud.paused
            || self.help_holds_world()
            || self.study_holds_world()
            || self.menu_holds_world()
            || self.completed()
            || self.episode_screen_up()
            || self.lone_end_up();
        if held {
            // Mouse motion while paused turns and tilts nothing.
            self.inputs.drop_mouse();
            self.clock = FixedStep::new(TICK_DT);
        } else {
            for _ in 0..self.clock.advance(elapsed) {
                let held = self.held_controls();
                let Some(controls) = self.next_controls(held) else {
                    // The replay is over: hold its last tick still.
                    self.prev = self.world.camera();
                    break;
                };
                self.prev = self.world.camera();
                self.world.step(&controls);
                self.stream_tick();
                self.after_step(&controls);
                self.speaker.tick(&self.world, &controls);
                if self.follow_run(&controls) || self.follow_episode() || self.follow_lone_exit() {
                    break;
                }
                self.study_tick(TICK_DT);
                if self.study_holds_world() {
                    break;
                }
            }
        }
        if self.settings.video.level_horizon {
            self.prev.pitch = 0.0;
        }
        self.age_notice(elapsed);
        self.show_hint(if held { 0.0 } else { elapsed });
        self.hud.message = self.status();
        self.hud.covered =
            self.menu_open() || self.completed() || self.episode_screen_up() || self.lone_end_up();
        self.show_run_line();
        self.show_episode_clock();
        let mut now = self.world.camera();
        if self.settings.video.level_horizon {
            now.pitch = 0.0;
        }
        View {
            pose: self.prev.lerp(&now, self.clock.alpha()),
            fov: self.fov,
        }
    }

    /// True while the full-screen help holds play still: always but in a
    /// study, whose exposure clock runs on (the help says so).
    fn help_holds_world(&self) -> bool {
        self.hud.help && self.study.is_none()
    }

    /// Puts the first-flight hint or the map's hint on the HUD, or takes
    /// it off, `elapsed` seconds of play later. The lines are made only
    /// when the hint shown changes.
    fn show_hint(&mut self, elapsed: f64) {
        let flying = match &mut self.flight_hint {
            Some(flight_hint) => flight_hint.age(&self.world, elapsed),
            None => false,
        };
        let p = self.world.player();
        let tile = crate::map::Map::tile_of(p.x, p.y);
        let on_map = match self.study {
            Some(_) => None,
            None => self.map_hint.age(self.world.map(), tile, elapsed),
        };
        let shown = match (flying, on_map) {
            (true, _) => hint::Shown::Flight,
            (false, Some(i)) => hint::Shown::Map(i),
            (false, None) => hint::Shown::Nothing,
        };
        if shown == self.hint_shown {
            return;
        }
        self.hint_shown = shown;
        self.hud.hint = match shown {
            hint::Shown::Nothing => Vec::new(),
            hint::Shown::Flight => hint::lines(&self.world, &self.settings.bindings),
            hint::Shown::Map(i) => {
                let text = &self.world.map().hints[i].text;
                vec![crate::settings::fill_keys(text, &self.settings.bindings)]
            }
        };
    }

    /// Takes the map's hint off the HUD, to be made again from the map and
    /// bindings in force (after a new map, a reload or new settings).
    pub(super) fn forget_hint(&mut self) {
        self.map_hint = hint::MapHint::default();
        self.hint_shown = hint::Shown::Nothing;
        self.hud.hint.clear();
    }

    /// What the held inputs ask of this tick. In flight the mouse and the
    /// movement keys steer the pointer, a tick's worth at a time; walking,
    /// the mouse's turn goes with the first tick of a frame.
    fn held_controls(&mut self) -> Controls {
        let input = &self.input_in_force().clone();
        let bindings = &self.settings.bindings;
        if self.world.player().flight.is_some() {
            self.inputs.steer_pointer(bindings, TICK_DT);
            return self.inputs.controls(bindings, input, true);
        }
        let look = self.inputs.take_look(input, self.world.tunables().model);
        Controls {
            look,
            ..self.inputs.controls(bindings, input, false)
        }
    }

    /// The controls of the next tick: the recording's in a replay (None at
    /// its end), else the held keys' with any pending request.
    fn next_controls(&mut self, keys: Controls) -> Option<Controls> {
        match &mut self.playback {
            Some(playback) => playback.next_controls(),
            // A request goes with one tick only.
            None => Some(Controls {
                action: self.action.take(),
                weapon: self.weapon.take(),
                ..keys
            }),
        }
    }

    /// Checks the replay against, and records, the world just stepped with
    /// `controls`: the recorder sees exactly what the world read.
    fn after_step(&mut self, controls: &Controls) {
        if let Some(playback) = &mut self.playback {
            playback.check(&self.world);
        }
        match self.tape.record(controls, &self.world) {
            Ok(None) => {}
            // A recorder's notice names its file: in a study, for the
            // researcher's terminal only.
            Ok(Some(notice)) if self.study.is_some() => eprintln!("{notice}"),
            Ok(Some(notice)) => self.notify(notice),
            Err(e) => {
                self.problems.push(e.clone());
                self.notify(e);
            }
        }
    }

    /// Draws the world from `view` with the HUD into `frame`, `width` x
    /// `height` RGBA pixels.
    pub fn draw(&mut self, view: &View, frame: &mut [u8], width: usize, height: usize) {
        // Told once the window shows a frame, so a window that cannot open
        // says only why.
        if let Some(why) = self.silent.take() {
            eprintln!("wobblecaster: no sound: {why}; the game plays silent");
        }
        render::draw_in(
            &mut self.workspace,
            &render::Scene {
                world: &self.world,
                view,
                hud: &self.hud,
                art: &self.art,
                map_art: &self.map_art,
            },
            render::Frame::new(frame, width, height),
        );
        self.draw_study(frame, width, height);
        match self.slots_open() {
            true => self.draw_slots(frame, width, height),
            false => self.draw_menu(frame, width, height),
        }
        self.draw_completion(frame, width, height);
        self.draw_episode(frame, width, height);
        self.draw_lone_end(frame, width, height);
    }

    /// Notes `binding` (a key or mouse button) as pressed; returns the
    /// commands a fresh press gives (none for a repeat).
    pub fn press(&mut self, binding: Binding) -> Vec<Command> {
        if let Some(commands) = self.completion_press(&binding) {
            return commands;
        }
        if let Some(commands) = self.slots_press(&binding) {
            self.speaker.click();
            return commands;
        }
        if let Some(commands) = self.episode_press(&binding) {
            return commands;
        }
        if let Some(commands) = self.lone_end_press(&binding) {
            return commands;
        }
        if let Some(commands) = self.menu_press(&binding) {
            self.speaker.click();
            return commands;
        }
        if self.inputs.holds(&binding) {
            return Vec::new();
        }
        if self.study_press(&binding) {
            self.speaker.click();
            return Vec::new();
        }
        if !self.inputs.press(binding) {
            return Vec::new();
        }
        self.allowed(
            input::commands(&self.settings.bindings, &binding, self.alt_held()),
            &binding,
        )
    }

    /// The commands a study allows of `commands` (all, outside a study),
    /// given by `binding`; Quit in play opens the pause menu instead.
    fn allowed(&mut self, commands: Vec<Command>, binding: &Binding) -> Vec<Command> {
        if self.is_pad_stop(binding) {
            return Vec::new();
        }
        let mut allowed: Vec<Command> = commands
            .into_iter()
            .filter(|c| self.study_allows(c))
            .collect();
        // Esc in play opens the pause menu; its Quit quits. In a study it
        // asks whether to end the session (which resumes where it stopped
        // if run again), but once the session is over ("Press Esc to
        // close") it closes it at once. A replay quits at once.
        if self.playback.is_none() && allowed.contains(&Command::Quit) {
            allowed.retain(|c| *c != Command::Quit);
            if self.study_over() {
                allowed.extend(self.end_study());
            } else if self.study.is_some() {
                self.ask_end_study();
            } else {
                self.open_pause_menu();
            }
        }
        allowed
    }

    /// Notes `binding` as let go.
    pub fn release(&mut self, binding: Binding) {
        self.inputs.release(binding);
    }

    /// Takes the active pad's state now; returns the commands its fresh
    /// presses give.
    pub fn set_pad(&mut self, pad: PadState) -> Vec<Command> {
        let fresh = self.inputs.set_pad(pad);
        let mut commands = Vec::new();
        for b in fresh {
            let taken = self.completion_press(&b).or_else(|| self.slots_press(&b));
            let taken = taken.or_else(|| self.episode_press(&b));
            let taken = taken.or_else(|| self.lone_end_press(&b));
            if let Some(given) = taken.or_else(|| self.menu_press(&b)) {
                commands.extend(given);
                continue;
            }
            if self.study_press(&b) {
                continue;
            }
            let given = input::commands(&self.settings.bindings, &b, false);
            commands.extend(self.allowed(given, &b));
        }
        commands
    }

    /// Adds mouse motion, in counts (right and down positive).
    pub fn add_mouse(&mut self, dx: f64, dy: f64) {
        self.inputs.add_mouse(dx, dy);
    }

    /// True while the mouse steers: as Lander's pointer in flight, or
    /// turning on foot under a model that takes it; not paused, under the
    /// help or a menu, nor in a replay. The window then grabs and hides
    /// the cursor.
    pub fn wants_pointer_grab(&self) -> bool {
        let steers = self.world.player().flight.is_some()
            || input::mouse_turns(self.input_in_force(), self.world.tunables().model);
        let held = self.hud.paused || self.hud.help || self.menu_open();
        steers && !held && self.playback.is_none()
    }

    /// Lets go of everything: the window lost focus and will not hear the
    /// releases.
    pub fn release_all(&mut self) {
        self.inputs.release_all();
    }

    /// True while either Alt key is held.
    pub fn alt_held(&self) -> bool {
        ["AltLeft", "AltRight"]
            .iter()
            .any(|k| self.inputs.holds(&Binding::Key(k)))
    }

    /// Shows `text` on the HUD for a few seconds (a pad plugged in, a
    /// warning).
    pub fn tell(&mut self, text: String) {
        self.notify(text);
    }

    /// The video settings a reload changed, once, for the window to apply.
    pub fn take_video_change(&mut self) -> Option<Video> {
        self.video_change.take()
    }
}

#[cfg(test)]
mod tests;
