//! The game as the window sees it: the world, the clock that ticks it, the
//! inputs held (or the recording played back), the recorder, the settings
//! and files it watches, and the HUD. No window here, so it tests headless.

use super::input::{self, Command, Inputs, PadState};
use super::tape::{self, Tape};
use super::timing::{FixedStep, FpsMeter};
use super::watch::{Watched, POLL_S};
use super::Report;
use crate::map::{self, Map};
use crate::record::Playback;
use crate::render::{self, Hud, View};
use crate::settings::{self, Action, Binding, Settings, Video};
use crate::sim::actors::Actors;
use crate::sim::{Controls, Pose, Request, World, TICK_DT};
use crate::sprites::Art;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

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
    /// In a replay, the recording that gives every tick's controls.
    playback: Option<Playback>,
    /// The recorder, given every tick the world steps.
    tape: Tape,
    /// A notice for the HUD, and the seconds it has left.
    notice: Option<(String, f64)>,
    /// What went wrong with recordings, for the report at the end.
    problems: Vec<String>,
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
            playback: None,
            tape,
            notice: None,
            problems: Vec::new(),
        };
        game.refresh_help();
        game
    }

    /// A replay of `playback` on `map`: the recording, not the keys, gives
    /// the controls, and the view holds still on its last tick.
    /// Reloads of the settings file still apply, but not to the tunables.
    pub fn replaying(
        mut playback: Playback,
        map: Map,
        settings: Settings,
        (video, art): (Video, Art),
        watch: Watch,
    ) -> Self {
        let world = playback.start(map);
        let tape = Tape::new(None, playback.recording().header.seed);
        Self {
            playback: Some(playback),
            ..Self::new(world, settings, (video, art), tape, watch)
        }
    }

    /// Runs the ticks that `elapsed` real seconds make due (none while
    /// paused) and returns the view to draw, blended between the last two
    /// ticks so motion is smooth at any frame rate.
    pub fn advance(&mut self, elapsed: f64) -> View {
        self.hud.fps = self.fps.frame(elapsed);
        self.poll_files(elapsed);
        if self.hud.paused {
            // Mouse motion while paused turns and tilts nothing.
            self.inputs.drop_mouse();
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
                self.after_step(&controls);
            }
        }
        if self.settings.video.level_horizon {
            self.prev.pitch = 0.0;
        }
        self.age_notice(elapsed);
        self.hud.message = self.status();
        let mut now = self.world.camera();
        if self.settings.video.level_horizon {
            now.pitch = 0.0;
        }
        View {
            pose: self.prev.lerp(&now, self.clock.alpha()),
            fov: self.fov,
        }
    }

    /// What the held inputs ask of this tick. In flight the mouse and the
    /// movement keys steer the pointer, a tick's worth at a time; walking,
    /// the mouse's turn goes with the first tick of a frame.
    fn held_controls(&mut self) -> Controls {
        let (bindings, input) = (&self.settings.bindings, &self.settings.input);
        if self.world.player.flight.is_some() {
            self.inputs.steer_pointer(bindings, TICK_DT);
            return self.inputs.controls(bindings, input, true);
        }
        let look = self.inputs.take_look(input);
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
        if let Err(e) = self.tape.record(controls, &self.world) {
            self.problems.push(e.clone());
            self.notify(e);
        }
    }

    /// Draws the world from `view` with the HUD into `frame`, `width` x
    /// `height` RGBA pixels.
    pub fn draw(&mut self, view: &View, frame: &mut [u8], width: usize, height: usize) {
        render::draw_in(
            &mut self.workspace,
            &self.world,
            view,
            &self.hud,
            &self.art,
            frame,
            width,
            height,
        );
    }

    /// Notes `binding` (a key or mouse button) as pressed; returns the
    /// commands a fresh press gives (none for a repeat).
    pub fn press(&mut self, binding: Binding) -> Vec<Command> {
        if !self.inputs.press(binding) {
            return Vec::new();
        }
        input::commands(&self.settings.bindings, &binding, self.alt_held())
    }

    /// Notes `binding` as let go.
    pub fn release(&mut self, binding: Binding) {
        self.inputs.release(binding);
    }

    /// Takes the active pad's state now; returns the commands its fresh
    /// presses give.
    pub fn set_pad(&mut self, pad: PadState) -> Vec<Command> {
        let fresh = self.inputs.set_pad(pad);
        let bindings = &self.settings.bindings;
        fresh
            .iter()
            .flat_map(|b| input::commands(bindings, b, false))
            .collect()
    }

    /// Adds mouse motion, in counts (right and down positive).
    pub fn add_mouse(&mut self, dx: f64, dy: f64) {
        self.inputs.add_mouse(dx, dy);
    }

    /// True while the mouse should be Lander's pointer: flying, not paused,
    /// and not in a replay. The window then grabs and hides the cursor.
    pub fn wants_pointer_grab(&self) -> bool {
        self.world.player.flight.is_some() && !self.hud.paused && self.playback.is_none()
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

    /// Looks at the watched files every [`POLL_S`] of `elapsed` time and
    /// reloads those that changed.
    fn poll_files(&mut self, elapsed: f64) {
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
    fn reload(&mut self, settings: bool, map: bool) {
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

    /// Puts the bindings and input options in force into the help overlay.
    fn refresh_help(&mut self) {
        let i = &self.settings.input;
        self.hud.keys = settings::help_lines(&self.settings.bindings);
        self.hud.prompts = settings::prompts(&self.settings.bindings);
        let mouse = match i.mouse_turn {
            true => format!("on, {} deg a count", i.mouse_sensitivity),
            false => "off".to_string(),
        };
        self.hud.input = vec![
            ("mouse turning".into(), mouse),
            ("stick deadzone".into(), format!("{}", i.deadzone)),
            ("stick turn curve".into(), format!("{}", i.turn_curve)),
            (
                "flight horizon".into(),
                match self.settings.video.level_horizon {
                    true => "kept level".into(),
                    false => "tilts with the ship".into(),
                },
            ),
        ];
    }

    /// Puts `new` settings in force: bindings, input and video at once,
    /// and the tunables the file changed since it was last read (so F2, F3
    /// and command-line choices stand unless the file changes them).
    fn apply_settings(&mut self, new: Settings) {
        let old = std::mem::replace(&mut self.settings, new);
        self.refresh_help();
        let new = &self.settings;
        if new.video != old.video {
            self.video = new.video.clone();
            self.fov = self.video.fov_deg.to_radians();
            self.video_change = Some(self.video.clone());
        }
        let before = old.tunables.to_pairs();
        let changed: Vec<(&str, String)> = new
            .tunables
            .to_pairs()
            .into_iter()
            .filter(|pair| !before.contains(pair))
            .collect();
        if changed.is_empty() {
            return;
        }
        if self.playback.is_some() {
            return self.notify("the recording's tunables stay in force in a replay".into());
        }
        self.end_recording("the tunables changed");
        let mut tunables = self.world.tunables;
        for (key, value) in &changed {
            // Values come from parsed settings: they always read back.
            let _ = tunables.set(key, value);
        }
        self.world.tunables = tunables;
        let names: Vec<&str> = changed.iter().map(|(k, _)| *k).collect();
        self.notify(format!("settings applied: {}", names.join(", ")));
    }

    /// Puts the edited map in force, the player staying where they are.
    fn apply_map(&mut self, new: Map) {
        self.end_recording("the map changed");
        let name = new.name.clone();
        let respawn = new.spawns != self.world.map.spawns;
        let mut new = new;
        new.keep_doors_of(&self.world.map);
        if new.pickups != self.world.map.pickups {
            // New or moved pickups: all of them lie ready again.
            self.world.pickups.clone_from(&new.pickups);
        }
        self.world.map = new;
        if respawn {
            // New or moved markers: the enemies start again from them.
            let tunables = self.world.actors.tunables;
            self.world.actors = Actors::spawn(&self.world.map, tunables);
        }
        self.notify(format!("map reloaded: {name}"));
    }

    /// Saves the recording under way, if any, because `why`: it holds one
    /// map and one set of tunables.
    fn end_recording(&mut self, why: &str) {
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
        self.request(Request::SetModel(self.world.tunables.model.next()));
    }

    /// Asks for the next camera coupling, from the next tick on.
    pub fn cycle_coupling(&mut self) {
        self.request(Request::SetCoupling(self.world.tunables.coupling.next()));
    }

    /// Sends `action` with the next tick; in a replay only the recording
    /// may change the world.
    fn request(&mut self, action: Request) {
        match self.playback {
            Some(_) => {
                let keys = settings::key_list(
                    &self.settings.bindings,
                    &[Action::NextCoupling, Action::NextModel, Action::Restart],
                );
                self.notify(format!("the recording drives a replay: {keys} are off"))
            }
            None => self.action = Some(action),
        }
    }

    /// Shows or hides the help overlay.
    pub fn toggle_help(&mut self) {
        self.hud.help = !self.hud.help;
    }

    /// Shows or hides the minimap.
    pub fn toggle_minimap(&mut self) {
        self.hud.minimap = !self.hud.minimap;
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
        if self.world.player.flight.is_none() {
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

    /// Asks for the map to start again from the next tick on (recorded, so
    /// a replay restarts too).
    pub fn restart(&mut self) {
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
        match self.tape.stop() {
            Some(Ok(path)) => self.notify(format!("recording saved: {}", path.display())),
            Some(Err(e)) => {
                self.problems.push(e.clone());
                self.notify(e);
            }
            None => {
                if let Err(e) = self.record_to(&tape::new_recording_path(now)) {
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
            let w = &self.world;
            self.world = World::new(w.map.clone(), w.tunables, self.tape.seed());
            self.prev = self.world.camera();
        }
        let used = self.tape.start(path, &self.world)?;
        self.notify(format!("recording to {}", used.display()));
        Ok(used)
    }

    /// Ends the game: closes the recording properly (its end line), and
    /// says what the session leaves behind.
    pub fn close(mut self) -> Report {
        if let Some(Err(e)) = self.tape.stop() {
            self.problems.push(e);
        }
        Report {
            saved: self.tape.saved().to_vec(),
            problems: self.problems,
            replay: self.playback.as_ref().map(|p| p.outcome(&self.world)),
        }
    }

    /// Shows `text` on the HUD for a few seconds.
    fn notify(&mut self, text: String) {
        self.notice = Some((text, NOTICE_S));
    }

    /// Counts `elapsed` seconds off the notice, dropping it when done.
    fn age_notice(&mut self, elapsed: f64) {
        if let Some((_, left)) = &mut self.notice {
            *left -= elapsed.max(0.0);
            if *left <= 0.0 {
                self.notice = None;
            }
        }
    }

    /// The HUD's bottom line: a fresh notice, else how the replay or the
    /// recording stands.
    fn status(&self) -> Option<String> {
        if let Some(error) = &self.watch.error {
            return Some(error.clone());
        }
        if let Some((text, _)) = &self.notice {
            return Some(text.clone());
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
    fn record_key(&self) -> String {
        settings::key_name(&self.settings.bindings, Action::Record)
            .unwrap_or_else(|| "the record key (unbound)".into())
    }
}

/// The settings file at `path`, or its errors as one message per line.
fn load_settings(path: &Path) -> Result<Settings, String> {
    if !path.exists() {
        // A settings file that is not there (yet, or any more) is the defaults.
        return Ok(Settings::default());
    }
    Settings::load(path).map_err(|e| e.to_string())
}

/// How a replay stands: the tick under way, or the end with its hash; and
/// the first desync, if any.
fn replay_status(playback: &Playback, world: &World) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::sim::Tunables;

    fn map() -> Map {
        Map::from_rows(&["#######", "#>....#", "#..#..#", "#.....#", "#######"])
    }

    fn game() -> Game {
        Game::new(
            World::new(map(), Tunables::default(), 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        )
    }

    fn key(name: &'static str) -> Binding {
        Binding::Key(name)
    }

    /// A fresh directory for one test's recordings.
    fn temp_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("wobble-game-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// Plays a while with keys and a model switch, recording from the first
    /// tick; returns the game's final hash and the recording.
    fn recorded_play(dir: &Path) -> (u64, crate::record::Recording) {
        let mut g = game();
        g.record_to(&dir.join("play.wrec")).unwrap();
        g.press(key("KeyW"));
        for frame in 0..150 {
            if frame == 40 {
                g.cycle_model();
            }
            if frame == 90 {
                g.press(key("ArrowLeft"));
            }
            // Uneven frames: ticks per frame vary, as in a real window.
            g.advance(if frame % 3 == 0 { 0.021 } else { 0.013 });
        }
        let hash = g.world.state_hash();
        let report = g.close();
        assert_eq!(report.saved.len(), 1);
        (
            hash,
            crate::record::Recording::load(&report.saved[0]).unwrap(),
        )
    }

    #[test]
    fn a_recorded_game_replays_to_the_same_state() {
        let dir = temp_dir("record");
        let (hash, recording) = recorded_play(&dir);
        assert!(!recording.is_truncated());
        let switched = recording.ticks().filter(|c| c.action.is_some()).count();
        assert_eq!(switched, 1, "the F3 switch is in the recording");
        let outcome = crate::record::replay(&recording, map());
        assert_eq!((outcome.final_hash, outcome.desync), (hash, None));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_replay_ignores_the_keys_and_holds_its_last_tick() {
        let dir = temp_dir("replay");
        let (hash, recording) = recorded_play(&dir);
        let total = recording.len_ticks();
        let mut g = Game::replaying(
            Playback::new(recording),
            map(),
            Settings::default(),
            (Video::default(), Art::plain()),
            Watch::default(),
        );
        g.press(key("KeyS"));
        g.cycle_model();
        assert_eq!(g.action, None, "only the recording changes the world");
        // Long enough for the replay (about 2.5 s) and the notice F3 gave.
        for _ in 0..300 {
            g.advance(1.0 / 60.0);
        }
        assert_eq!((g.world.tick(), g.world.state_hash()), (total, hash));
        let held = g.advance(0.5);
        assert_eq!(held.pose, g.world.camera(), "the last tick, held");
        let status = g.hud.message.clone().unwrap();
        assert!(status.starts_with("replay finished: "), "{status}");
        assert!(status.contains(&format!("{hash:016x}")), "{status}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn recording_restarts_a_game_under_way() {
        let dir = temp_dir("restart");
        let mut g = game();
        g.press(key("KeyW"));
        g.advance(0.2);
        assert!(g.world.tick() > 0);
        let used = g.record_to(&dir.join("r.wrec")).unwrap();
        assert_eq!(g.world.tick(), 0);
        assert_eq!(
            g.world.camera(),
            World::new(map(), Tunables::default(), 1).camera()
        );
        assert_eq!(g.hud.message, None, "shown from the next frame");
        g.advance(0.1);
        let status = g.hud.message.clone().unwrap();
        assert_eq!(status, format!("recording to {}", used.display()));
        g.toggle_recording(SystemTime::UNIX_EPOCH);
        assert!(g.tape.recording().is_none(), "F9 stops it");
        assert_eq!(g.close().saved, [used]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A game under a settings file holding `text`, in a fresh folder for
    /// `test`, watching the file: (folder, file, game).
    fn watching_settings(test: &str, text: &str) -> (PathBuf, PathBuf, Game) {
        let dir = temp_dir(test);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("settings.toml");
        std::fs::write(&file, text).unwrap();
        let game = Game::new(
            World::new(map(), Tunables::default(), 1),
            Settings::load(&file).unwrap(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::new(Some(&file), None),
        );
        (dir, file, game)
    }

    #[test]
    fn an_edited_settings_file_applies_within_a_second() {
        let (dir, file, mut g) = watching_settings("reload", "[polar]\nmax_speed = 4\n");
        g.press(key("KeyW"));
        g.advance(0.3);
        let at = (g.world.player.x, g.world.player.y);
        // An edit: the new top speed is in force within a second, the
        // player staying where they are.
        std::fs::write(&file, "[polar]\nmax_speed = 6.5\n").unwrap();
        for _ in 0..60 {
            g.advance(1.0 / 60.0);
        }
        assert_eq!(g.world.tunables.polar.max_speed, 6.5);
        assert!(g.world.player.x >= at.0, "kept its place and moved on");
        // A typo: the error is on screen and the last good value stays.
        std::fs::write(&file, "[polar]\nmax_sped = 2\n").unwrap();
        for _ in 0..60 {
            g.advance(1.0 / 60.0);
        }
        assert_eq!(g.world.tunables.polar.max_speed, 6.5);
        let shown = g.hud.message.clone().unwrap_or_default();
        assert!(shown.contains("max_sped"), "{shown}");
        assert!(shown.contains("settings.toml:2:"), "{shown}");
        // Fixed: the error goes, the value applies.
        std::fs::write(&file, "[polar]\nmax_speed = 3\n").unwrap();
        for _ in 0..60 {
            g.advance(1.0 / 60.0);
        }
        assert_eq!(g.world.tunables.polar.max_speed, 3.0);
        assert!(!g.hud.message.unwrap_or_default().contains("max_sped"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_live_model_switch_survives_an_unrelated_edit() {
        let (dir, file, mut g) = watching_settings("keep-model", "");
        g.cycle_model();
        g.advance(0.1);
        let model = g.world.tunables.model;
        std::fs::write(&file, "[comfort]\nhead_bob = 1\n").unwrap();
        g.advance(0.6);
        assert_eq!(g.world.tunables.head_bob, 1.0);
        assert_eq!(g.world.tunables.model, model, "F3's choice stands");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn pad_presses_give_commands_and_its_stick_moves() {
        use crate::settings::PadButton;
        let mut g = game();
        let mut pad = PadState::default();
        pad.buttons[input::button_index(PadButton::Start)] = true;
        assert_eq!(g.set_pad(pad), [Command::TogglePause]);
        assert_eq!(g.set_pad(pad), [], "held, not pressed again");
        let start = g.world.camera();
        g.set_pad(PadState {
            left: [0.0, 1.0],
            ..PadState::default()
        });
        // The stick held still keeps moving the player, frame after frame.
        for _ in 0..30 {
            g.advance(1.0 / 60.0);
        }
        let now = g.world.camera();
        assert!((now.x - start.x).hypot(now.y - start.y) > 0.05);
    }

    #[test]
    fn real_time_runs_ticks_at_the_tick_rate() {
        let mut g = game();
        for _ in 0..30 {
            g.advance(1.0 / 60.0);
        }
        assert!((59..=60).contains(&g.world.tick()), "{}", g.world.tick());
    }

    #[test]
    fn paused_runs_no_ticks() {
        let mut g = game();
        g.toggle_pause();
        g.advance(0.2);
        assert_eq!(g.world.tick(), 0);
        g.toggle_pause();
        g.advance(0.1);
        assert!(g.world.tick() > 0);
    }

    #[test]
    fn held_keys_move_the_player() {
        let mut g = game();
        let start = g.world.camera();
        g.press(key("KeyW"));
        for _ in 0..30 {
            g.advance(1.0 / 60.0);
        }
        let now = g.world.camera();
        let moved = (now.x - start.x).hypot(now.y - start.y);
        assert!(moved > 0.05, "moved {moved} tiles");
    }

    #[test]
    fn j_takes_off_the_keys_fly_and_the_mouse_is_grabbed_only_in_flight() {
        let mut g = game();
        g.world.map.wall_height = 6.0;
        assert!(!g.wants_pointer_grab());
        let run = |g: &mut Game, keys: &[&'static str], ticks: usize| {
            for &k in keys {
                for command in g.press(key(k)) {
                    match command {
                        Command::ToggleJetpack => g.toggle_jetpack(),
                        Command::Use => g.use_door(),
                        other => panic!("{other:?}"),
                    }
                }
            }
            for _ in 0..ticks {
                g.advance(1.0 / 120.0);
            }
            for &k in keys {
                g.release(key(k));
            }
        };
        run(&mut g, &["KeyJ"], 2);
        assert!(g.world.player.flight.is_some() && g.wants_pointer_grab());
        run(&mut g, &["KeyQ"], 240);
        let f = g.world.player.flight.as_ref().unwrap();
        assert!(f.z > 0.3 && f.hover, "hover climbs: {f:?}");
        let before = g.world.player.heading;
        run(&mut g, &["KeyW", "ArrowRight"], 60);
        let f = g.world.player.flight.as_ref().unwrap();
        assert!(f.target_pitch > 0.0, "W tilts forward");
        assert!(g.world.player.heading != before, "the arrows turn the view");
        g.toggle_pause();
        assert!(!g.wants_pointer_grab(), "paused, the cursor is free");
    }

    #[test]
    fn losing_focus_lets_go_of_every_key() {
        let mut g = game();
        g.press(key("KeyW"));
        g.press(key("AltLeft"));
        g.release_all();
        assert!(!g.alt_held());
        let before = g.world.camera();
        g.advance(0.1);
        assert_eq!(g.world.camera(), before);
    }

    #[test]
    fn the_view_lies_between_the_last_two_ticks() {
        let mut g = game();
        g.press(key("KeyW"));
        g.advance(0.2);
        // Half a tick past the newest one.
        let view = g.advance(TICK_DT * 0.5);
        let (prev, now) = (g.prev.x, g.world.camera().x);
        assert!(prev < now, "facing east, pushing forward");
        assert!(
            (prev..=now).contains(&view.pose.x),
            "{prev} {} {now}",
            view.pose.x
        );
        assert_eq!(view.fov, 90f64.to_radians());
    }

    /// The pose `t` of the way from `a` to `b`, worked out here: each
    /// coordinate in a straight line, the yaw the short way round.
    fn blend(a: &Pose, b: &Pose, t: f64) -> Pose {
        use std::f64::consts::{PI, TAU};
        let mut turn = b.yaw - a.yaw;
        if turn > PI {
            turn -= TAU;
        } else if turn < -PI {
            turn += TAU;
        }
        let along = |from: f64, to: f64| from + (to - from) * t;
        Pose {
            x: along(a.x, b.x),
            y: along(a.y, b.y),
            z: along(a.z, b.z),
            yaw: a.yaw + turn * t,
            pitch: along(a.pitch, b.pitch),
        }
    }

    /// Asserts `seen` is `want` to a hair, yaws compared round the circle.
    fn assert_pose_near(seen: &Pose, want: &Pose, what: &str) {
        use std::f64::consts::{PI, TAU};
        let yaw_off = ((seen.yaw - want.yaw + PI).rem_euclid(TAU) - PI).abs();
        let offs = [
            seen.x - want.x,
            seen.y - want.y,
            seen.z - want.z,
            yaw_off,
            seen.pitch - want.pitch,
        ];
        assert!(
            offs.iter().all(|d| d.abs() < 1e-9),
            "{what}: seen {seen:?}, want {want:?}"
        );
    }

    #[test]
    fn the_view_blends_the_last_two_ticks_at_the_clock_s_fraction() {
        // Turning left from east: the first tick takes the yaw from 0 to
        // just under a full turn, which the blend must cross the short way.
        let keys = |g: &mut Game| {
            g.press(key("ArrowLeft"));
            g.press(key("KeyW"));
        };
        // The camera after each tick, one tick a frame.
        let mut reference = game();
        keys(&mut reference);
        let mut poses = vec![reference.world.camera()];
        for tick in 1..=3 {
            reference.advance(TICK_DT);
            assert_eq!(reference.world.tick(), tick);
            poses.push(reference.world.camera());
        }
        assert_eq!(poses[0].yaw, 0.0, "facing east");
        assert!(poses[1].yaw > 6.0, "turned left past 0: {}", poses[1].yaw);
        let mut g = game();
        keys(&mut g);
        // A tick and a quarter: one tick, a quarter of the way to the next.
        let view = g.advance(TICK_DT * 1.25);
        assert_eq!(g.world.tick(), 1);
        assert_pose_near(&view.pose, &blend(&poses[0], &poses[1], 0.25), "tick 1");
        // The quarter left over and two and a half more: two ticks, and
        // the blend starts from the second.
        let view = g.advance(TICK_DT * 2.5);
        assert_eq!(g.world.tick(), 3);
        assert_eq!(
            g.world.camera(),
            poses[3],
            "the same ticks as the reference"
        );
        assert_pose_near(&view.pose, &blend(&poses[2], &poses[3], 0.75), "tick 3");
    }

    /// A game flying with W held (the ship pitching forward), the horizon
    /// kept level or not.
    fn flying_forward(level_horizon: bool) -> Game {
        let mut settings = Settings::default();
        settings.video.level_horizon = level_horizon;
        let mut world = World::new(map(), Tunables::default(), 1);
        world.map.wall_height = 6.0;
        let mut g = Game::new(
            world,
            settings,
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        );
        g.toggle_jetpack();
        g.press(key("KeyW"));
        g
    }

    #[test]
    fn a_level_horizon_zeroes_the_blended_pitch_and_nothing_else() {
        let (mut tilted, mut level) = (flying_forward(false), flying_forward(true));
        for _ in 0..60 {
            tilted.advance(TICK_DT);
            level.advance(TICK_DT);
        }
        let before = tilted.world.camera();
        assert!(tilted.world.player.flight.is_some(), "flying");
        // Half a tick past the next tick.
        let (seen, kept) = (tilted.advance(TICK_DT * 1.5), level.advance(TICK_DT * 1.5));
        let after = tilted.world.camera();
        assert_eq!(level.world.camera(), after, "the view option moves nothing");
        assert!(
            before.pitch != 0.0 && after.pitch != before.pitch,
            "pitching: {before:?} {after:?}"
        );
        assert_pose_near(&seen.pose, &blend(&before, &after, 0.5), "tilting");
        let flat = Pose {
            pitch: 0.0,
            ..blend(&before, &after, 0.5)
        };
        assert_pose_near(&kept.pose, &flat, "level");
        assert_eq!(kept.pose.pitch, 0.0);
    }
}
