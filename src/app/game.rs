//! The game as the window sees it: the world, the clock that ticks it, the
//! keys held (or the recording played back), the recorder and the HUD. No
//! window here, so it tests headless.

use super::input::{self, HeldKeys};
use super::tape::{self, Tape};
use super::timing::{FixedStep, FpsMeter};
use super::Report;
use crate::map::Map;
use crate::record::Playback;
use crate::render::{self, Hud, View};
use crate::sim::{Action, Controls, Pose, World, TICK_DT};
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use winit::keyboard::KeyCode;

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
    held: HeldKeys,
    /// Horizontal field of view in radians.
    fov: f64,
    /// A request for the world, sent with the next tick.
    action: Option<Action>,
    /// In a replay, the recording that gives every tick's controls.
    playback: Option<Playback>,
    /// The recorder, given every tick the world steps.
    tape: Tape,
    /// A notice for the HUD, and the seconds it has left.
    notice: Option<(String, f64)>,
    /// What went wrong with recordings, for the report at the end.
    problems: Vec<String>,
}

impl Game {
    /// A game of `world`, seen with a field of view of `fov_deg` degrees,
    /// recorded (when asked) by `tape`.
    pub fn new(world: World, fov_deg: f64, tape: Tape) -> Self {
        Self {
            prev: world.camera(),
            world,
            clock: FixedStep::new(TICK_DT),
            fps: FpsMeter::default(),
            hud: Hud::default(),
            held: HeldKeys::new(),
            fov: fov_deg.to_radians(),
            action: None,
            playback: None,
            tape,
            notice: None,
            problems: Vec::new(),
        }
    }

    /// A replay of `playback` on `map`: the recording, not the keys, gives
    /// the controls, and the view holds still on its last tick.
    pub fn replaying(mut playback: Playback, map: Map, fov_deg: f64) -> Self {
        let world = playback.start(map);
        let tape = Tape::new(None, playback.recording().header.seed);
        Self {
            playback: Some(playback),
            ..Self::new(world, fov_deg, tape)
        }
    }

    /// Runs the ticks that `elapsed` real seconds make due (none while
    /// paused) and returns the view to draw, blended between the last two
    /// ticks so motion is smooth at any frame rate.
    pub fn advance(&mut self, elapsed: f64) -> View {
        self.hud.fps = self.fps.frame(elapsed);
        if !self.hud.paused {
            // Keys change only between frames, so one reading serves every tick.
            let keys = input::controls(&self.held);
            for _ in 0..self.clock.advance(elapsed) {
                let Some(controls) = self.next_controls(keys) else {
                    // The replay is over: hold its last tick still.
                    self.prev = self.world.camera();
                    break;
                };
                self.prev = self.world.camera();
                self.world.step(&controls);
                self.after_step(&controls);
            }
        }
        self.age_notice(elapsed);
        self.hud.message = self.status();
        View {
            pose: self.prev.lerp(&self.world.camera(), self.clock.alpha()),
            fov: self.fov,
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
    pub fn draw(&self, view: &View, frame: &mut [u8], width: usize, height: usize) {
        render::draw(&self.world, view, &self.hud, frame, width, height);
    }

    /// Notes `key` as held down.
    pub fn press(&mut self, key: KeyCode) {
        self.held.insert(key);
    }

    /// Notes `key` as let go.
    pub fn release(&mut self, key: KeyCode) {
        self.held.remove(&key);
    }

    /// Lets go of every key: the window lost focus and will not hear the
    /// releases.
    pub fn release_all(&mut self) {
        self.held.clear();
    }

    /// True while either Alt key is held.
    pub fn alt_held(&self) -> bool {
        input::alt_held(&self.held)
    }

    /// Stops or resumes the ticks.
    pub fn toggle_pause(&mut self) {
        self.hud.paused = !self.hud.paused;
    }

    /// Asks for the next walking model, from the next tick on.
    pub fn cycle_model(&mut self) {
        self.request(Action::SetModel(self.world.tunables.model.next()));
    }

    /// Asks for the next camera coupling, from the next tick on.
    pub fn cycle_coupling(&mut self) {
        self.request(Action::SetCoupling(self.world.tunables.coupling.next()));
    }

    /// Sends `action` with the next tick; in a replay only the recording
    /// may change the world.
    fn request(&mut self, action: Action) {
        match self.playback {
            Some(_) => self.notify("the recording drives a replay: F2 and F3 are off".into()),
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

    /// Stops and saves the recording running, or starts one in a new file
    /// named for `now` (see [`Game::record_to`]).
    pub fn toggle_recording(&mut self, now: SystemTime) {
        if self.playback.is_some() {
            return self.notify("F9 records in play, not in a replay".into());
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
        if let Some((text, _)) = &self.notice {
            return Some(text.clone());
        }
        if let Some(playback) = &self.playback {
            return Some(replay_status(playback, &self.world));
        }
        let path = self.tape.recording()?;
        Some(format!("recording to {} - F9 stops", path.display()))
    }
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
            90.0,
            Tape::new(None, 1),
        )
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
        g.press(KeyCode::KeyW);
        for frame in 0..150 {
            if frame == 40 {
                g.cycle_model();
            }
            if frame == 90 {
                g.press(KeyCode::ArrowLeft);
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
        let mut g = Game::replaying(Playback::new(recording), map(), 90.0);
        g.press(KeyCode::KeyS);
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
        g.press(KeyCode::KeyW);
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
        g.press(KeyCode::KeyW);
        for _ in 0..30 {
            g.advance(1.0 / 60.0);
        }
        let now = g.world.camera();
        let moved = (now.x - start.x).hypot(now.y - start.y);
        assert!(moved > 0.05, "moved {moved} tiles");
    }

    #[test]
    fn losing_focus_lets_go_of_every_key() {
        let mut g = game();
        g.press(KeyCode::KeyW);
        g.press(KeyCode::AltLeft);
        g.release_all();
        assert!(!g.alt_held());
        let before = g.world.camera();
        g.advance(0.1);
        assert_eq!(g.world.camera(), before);
    }

    #[test]
    fn the_view_lies_between_the_last_two_ticks() {
        let mut g = game();
        g.press(KeyCode::KeyW);
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
}
