//! The game in a study session: the session's screens over the view, its
//! inputs taken first while a question is open, a fresh world and
//! recording for each condition, and no command that would change a
//! condition (model, coupling, reload, restart, pause, recording).

use super::Game;
use crate::app::condition_pacing::PacingMark;
use crate::app::input::Command;
use crate::map::Map;
use crate::render::Frame;
use crate::settings::{Action, Binding, InputSettings, PadButton};
use crate::sim::World;
use crate::study::run::{Cue, StudyRun};
use crate::study::screen;
use crate::study::session::Key;

/// How long a pad's stop button must be held, seconds.
const PAD_STOP_HOLD_S: f64 = 1.0;

/// A session under way in the game.
pub(in crate::app) struct Studying {
    run: StudyRun,
    /// The level as loaded: each condition's world starts from it.
    level: Map,
    /// Seconds the pad's stop button has been held, while it is.
    pad_stop_s: Option<f64>,
    /// Started from the title menu: ending it goes back there (a session
    /// of `study run` ends the program).
    from_title: bool,
    /// Conditions started and stopped since the runner last asked: their
    /// frame times are written beside their recordings.
    pacing_marks: Vec<PacingMark>,
    /// The experimenter's briefing (`study::check::briefing`), shown
    /// before the participant's first screen until the answer key; empty
    /// when there is none.
    briefing: Vec<String>,
}

impl Studying {
    /// `run` playing on `level`.
    pub fn new(run: StudyRun, level: Map) -> Self {
        Self {
            run,
            level,
            pad_stop_s: None,
            from_title: false,
            pacing_marks: Vec::new(),
            briefing: Vec::new(),
        }
    }

    /// The session, its experimenter first shown `warnings` (a start in
    /// the window: `study::check::briefing::at_start`).
    pub fn briefed(self, warnings: Vec<String>) -> Self {
        Self {
            briefing: warnings,
            ..self
        }
    }

    /// The session, started from the title menu.
    pub fn started_from_title(self) -> Self {
        Self {
            from_title: true,
            ..self
        }
    }
}

/// The study key `binding` gives under the game's bindings, if any:
/// number keys type, the bound actions answer and stop.
fn study_key(game: &Game, binding: &Binding) -> Option<Key> {
    if let Binding::Key(name) = binding {
        let digit = name
            .strip_prefix("Digit")
            .or_else(|| name.strip_prefix("Numpad"))
            .and_then(|d| d.parse::<u8>().ok());
        if let Some(d) = digit.filter(|d| *d <= 9) {
            return Some(Key::Digit(d));
        }
    }
    let b = &game.settings.bindings;
    let bound = |a: Action| b.get(a).contains(binding);
    if bound(Action::StopCondition) {
        // A pad's stop must be held (a slip of the thumb ends nothing).
        return match binding {
            Binding::PadButton(_) => None,
            _ => Some(Key::Stop),
        };
    }
    [
        (Action::Answer, Key::Confirm),
        (Action::AnswerUp, Key::Up),
        (Action::AnswerDown, Key::Down),
    ]
    .into_iter()
    .find(|(a, _)| bound(*a))
    .map(|(_, k)| k)
}

impl Game {
    /// True once a study's session is over (its last screen, "Press Esc
    /// to close"), when Esc closes it without asking.
    pub(super) fn study_over(&self) -> bool {
        self.study
            .as_ref()
            .is_some_and(|s| s.run.session().step() == crate::study::session::Step::Done)
    }

    /// Ends the session the participant chose to end (Esc, then "End the
    /// session"): its answers are saved as they were given, and the
    /// recording under way is closed as a quit closes it. A session of
    /// `study run` ends the program (the commands returned); one started
    /// from the title menu goes back to the title, in play's settings.
    pub(super) fn end_study(&mut self) -> Vec<Command> {
        let Some(s) = &self.study else {
            return Vec::new();
        };
        if !s.from_title {
            return vec![Command::Quit];
        }
        if let Some(Err(e)) = self.tape.stop() {
            eprintln!("{e}");
            self.problems.push(e);
        }
        self.study = None;
        self.condition_audio = None;
        self.hud.blind = false;
        self.refresh_help();
        // The condition's tunables, field of view and horizon give way to
        // the player's own.
        self.settings.video.level_horizon = self.video.level_horizon;
        self.fov = self.video.fov_deg.to_radians();
        let seed = self.tape.seed();
        self.world = World::new(self.world.map().clone(), self.settings.tunables, seed);
        self.prev = self.world.camera();
        self.tape = crate::app::tape::Tape::new(None, seed);
        self.open_title_menu();
        Vec::new()
    }

    /// The input settings in force: a study protocol's `[input]`, which
    /// fixes them for every condition, else the settings file's.
    pub(super) fn input_in_force(&self) -> &InputSettings {
        let protocol = self.study.as_ref().map(|s| s.run.session().protocol());
        protocol
            .and_then(|p| p.input.as_ref())
            .unwrap_or(&self.settings.input)
    }

    /// True while a study holds the world still (between conditions).
    pub(super) fn study_holds_world(&self) -> bool {
        self.study
            .as_ref()
            .is_some_and(|s| s.run.session().playing().is_none())
    }

    /// A study's share of a frame: time for its screens between
    /// conditions, the pad's held stop button.
    pub(super) fn study_frame(&mut self, elapsed: f64) {
        let Some(s) = &mut self.study else {
            return;
        };
        if !s.briefing.is_empty() {
            return;
        }
        let stop_held = s.run.session().playing().is_some()
            && self
                .settings
                .bindings
                .get(Action::StopCondition)
                .iter()
                .any(|b| matches!(b, Binding::PadButton(_)) && self.inputs.holds(b));
        s.pad_stop_s = stop_held.then(|| s.pad_stop_s.unwrap_or(0.0) + elapsed);
        let mut cues = Vec::new();
        if s.pad_stop_s.is_some_and(|t| t >= PAD_STOP_HOLD_S) {
            s.pad_stop_s = None;
            cues.push(s.run.press(Key::Stop));
        }
        if s.run.session().playing().is_none() {
            cues.push(s.run.advance(elapsed));
        }
        for c in cues {
            self.study_cues(c);
        }
    }

    /// A window opened on the game: a study records what it is (its
    /// size, refresh rate, adapter) in `session.toml`.
    pub(in crate::app) fn window_opened(&mut self, window: crate::study::run::Window) {
        if let Some(s) = &mut self.study {
            let written = s.run.window_opened(window);
            self.study_cues(written.map(|()| Vec::new()));
        }
    }

    /// The conditions started and stopped since the last call, for their
    /// frame times.
    pub(in crate::app) fn take_pacing_marks(&mut self) -> Vec<PacingMark> {
        match &mut self.study {
            Some(s) => std::mem::take(&mut s.pacing_marks),
            None => Vec::new(),
        }
    }

    /// A study's share of a tick just run: its clock is the world's, and
    /// the camera of play goes to its streams.
    pub(super) fn study_tick(&mut self, dt: f64) {
        if let Some(s) = &mut self.study {
            if s.run.session().playing().is_some() {
                s.run.camera(&self.world.camera());
            }
            let cues = s.run.advance(dt);
            self.study_cues(cues);
        }
    }

    /// A press a study takes (its answers, while a question is open, and
    /// its stop key in play): true if taken.
    pub(super) fn study_press(&mut self, binding: &Binding) -> bool {
        let Some(key) = study_key(self, binding) else {
            return false;
        };
        let Some(s) = &mut self.study else {
            return false;
        };
        if !s.briefing.is_empty() {
            // The experimenter's screen takes every press; the answer key
            // ends it and the participant's welcome follows.
            if key == Key::Confirm {
                s.briefing.clear();
            }
            return true;
        }
        let session = s.run.session();
        let open = session.playing().is_none() || session.prompting() || key == Key::Stop;
        if !open {
            return false;
        }
        let cues = s.run.press(key);
        self.study_cues(cues);
        true
    }

    /// True for a command a study allows (none that changes a condition).
    pub(super) fn study_allows(&self, command: &Command) -> bool {
        self.study.is_none()
            || matches!(
                command,
                Command::Quit
                    | Command::ToggleFullscreen
                    | Command::ToggleHelp
                    | Command::ToggleMinimap
                    | Command::Use
                    | Command::ToggleJetpack
                    | Command::Level
            )
    }

    /// True while the study's pad stop button is the one held (it opens
    /// no help while it stops).
    pub(super) fn is_pad_stop(&self, binding: &Binding) -> bool {
        self.study.is_some()
            && matches!(binding, Binding::PadButton(PadButton::Select))
            && self
                .settings
                .bindings
                .get(Action::StopCondition)
                .contains(binding)
    }

    /// Carries out what the study's answers cue, or tells what went wrong
    /// writing them.
    fn study_cues(&mut self, cues: Result<Vec<Cue>, crate::study::results::ResultsError>) {
        let cues = match cues {
            Ok(c) => c,
            Err(e) => {
                let message = format!("STUDY DATA NOT SAVED: {}", crate::located::chain(&e));
                eprintln!("{message}");
                self.problems.push(message);
                // The screen names no file (the participant is blind).
                self.notify(SAVE_FAILED.into());
                return;
            }
        };
        for cue in cues {
            match cue {
                Cue::Start {
                    condition,
                    recording,
                    ..
                } => {
                    let level = self.study.as_ref().map(|s| s.level.clone());
                    let Some(level) = level else { return };
                    self.world = World::new(level, condition.tunables, self.tape.seed());
                    self.prev = self.world.camera();
                    self.fov = condition.fov_deg.to_radians();
                    self.settings.video.level_horizon = condition.level_horizon;
                    // The protocol's HUD: never the readout (the HUD is blind).
                    self.hud.parts = crate::render::Parts {
                        status_bar: condition.status_bar,
                        crosshair: condition.crosshair,
                        readout: false,
                    };
                    self.condition_audio = Some(condition.audio);
                    if let Some(s) = &mut self.study {
                        s.pacing_marks.push(PacingMark::Start(recording.clone()));
                    }
                    self.inputs.release_all();
                    self.notice = None;
                    if let Err(e) = self.record_to(&recording) {
                        let message = format!("cannot record {}: {e}", recording.display());
                        eprintln!("{message}");
                        self.problems.push(message);
                        self.notify(SAVE_FAILED.into());
                    } else {
                        self.notice = None;
                    }
                }
                Cue::Stop => {
                    self.condition_audio = None;
                    if let Some(s) = &mut self.study {
                        s.pacing_marks.push(PacingMark::Stop);
                    }
                    let saved = match self.tape.stop() {
                        Some(Ok(path)) => Some(path),
                        Some(Err(e)) => {
                            eprintln!("{e}");
                            self.problems.push(e);
                            self.notify(SAVE_FAILED.into());
                            None
                        }
                        None => None,
                    };
                    let written = match &mut self.study {
                        Some(s) => s.run.recorded(saved.as_deref()),
                        None => Ok(()),
                    };
                    self.study_cues(written.map(|()| Vec::new()));
                }
                Cue::Tone => self.speaker.prompt_tone(),
                Cue::Finished => {}
            }
        }
    }

    /// Draws the study's panel, if it shows one, over `frame`.
    pub(super) fn draw_study(&self, frame: &mut [u8], width: usize, height: usize) {
        let Some(s) = &self.study else {
            return;
        };
        let bindings = &self.settings.bindings;
        if let Some(p) = self.briefing_panel(s) {
            let frame = Frame::new(frame, width, height);
            return crate::render::panel::draw_panel(frame, &p);
        }
        screen::draw_over(s.run.session(), bindings, Frame::new(frame, width, height));
    }

    /// The experimenter's briefing screen, while it shows.
    fn briefing_panel(&self, s: &Studying) -> Option<crate::render::panel::Panel> {
        let answer = crate::settings::key_name(&self.settings.bindings, Action::Answer);
        let answer = answer.unwrap_or_else(|| "(unbound)".into());
        crate::study::check::briefing::panel(&s.briefing, &answer)
    }

    /// Every text the participant reads on the frame drawn from `view`
    /// now (the HUD's and the study's), for the blinding's tests.
    #[cfg(test)]
    pub(super) fn study_words(&self, view: &crate::render::View) -> Vec<String> {
        let Some(s) = &self.study else {
            return Vec::new();
        };
        let scene = crate::render::Scene {
            world: &self.world,
            view,
            hud: &self.hud,
            art: &self.art,
            map_art: &self.map_art,
        };
        screen::words(&scene, s.run.session(), &self.settings.bindings)
    }
}

/// What the screen says when the study's data or recording could not be
/// written (the details, naming files, go to the terminal).
const SAVE_FAILED: &str = "STUDY DATA NOT SAVED: please tell the researcher";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::Watch;
    use crate::app::input::{button_index, PadState};
    use crate::app::tape::Tape;
    use crate::settings::{Settings, Video};
    use crate::sim::{Model, Tunables};
    use crate::sprites::Art;
    use crate::study::protocol::Protocol;
    use crate::study::results::{Results, Start};
    use crate::study::session::{Session, Step};
    use std::path::{Path, PathBuf};

    const PROTOCOL: &str = "name = \"t\"\nmap = \"m\"\nexposure_s = 20\nfms_interval_s = 10\n\
        rest_s = 0\n[[condition]]\nname = \"polar\"\n[[condition]]\nname = \"classic\"\n\
        movement = { model = \"classic\" }\nhud = { status_bar = true, crosshair = true }\n";

    /// A game running a study of [`PROTOCOL`], its results in `dir`.
    fn study_game(dir: &Path) -> Game {
        let _ = std::fs::remove_dir_all(dir);
        let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
        let start = Start {
            participant: "P1".into(),
            sequence: 1,
            simulated: None,
            protocol_file: "t.toml".into(),
            protocol_text: PROTOCOL.into(),
            map: "m.map".into(),
            site: None,
        };
        let results = Results::create(dir, &protocol, &[0, 1], &start).unwrap();
        let run = StudyRun::new(Session::new(protocol, vec![0, 1]), results);
        let map = Map::from_rows(&["#######", "#>....#", "#.....#", "#######"]);
        Game::new(
            World::new(map.clone(), Tunables::default(), 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(Some(PathBuf::from("m.map")), 1),
            Watch::default(),
        )
        .with_study(Studying::new(run, map))
    }

    fn step(g: &Game) -> Step {
        g.study.as_ref().unwrap().run.session().step()
    }

    /// The pad with `held` down, all else up.
    fn pad(held: &[PadButton]) -> PadState {
        let mut p = PadState::default();
        for &b in held {
            p.buttons[button_index(b)] = true;
        }
        p
    }

    /// A press and release of pad button `b`, a frame apart.
    fn tap(g: &mut Game, b: PadButton) {
        g.set_pad(pad(&[b]));
        g.advance(0.01);
        g.set_pad(pad(&[]));
        g.advance(0.01);
    }

    fn rows(dir: &Path, file: &str) -> Vec<String> {
        let text = std::fs::read_to_string(dir.join("t/P1").join(file)).unwrap();
        text.lines().skip(1).map(str::to_string).collect()
    }

    #[test]
    fn a_gamepad_alone_answers_plays_and_stops() {
        let scratch = crate::files::Scratch::new("study-pad");
        let dir = scratch.join("results");
        let mut g = study_game(&dir);
        tap(&mut g, PadButton::South);
        // No answer is shown until given: up shows 0, then 1.
        for _ in 0..crate::study::ssq::ITEMS.len() {
            tap(&mut g, PadButton::DPadUp);
            tap(&mut g, PadButton::DPadUp);
            tap(&mut g, PadButton::South);
        }
        assert_eq!(step(&g), Step::Ready { position: 0 });
        assert_eq!(rows(&dir, "ssq.csv").len(), 1);
        assert!(rows(&dir, "ssq.csv")[0].starts_with("P1,,,baseline,1,1,1"));
        tap(&mut g, PadButton::South);
        assert_eq!(step(&g), Step::Play { position: 0 });
        for _ in 0..(10.1 / 0.02) as usize {
            g.advance(0.02);
        }
        assert!(g.study.as_ref().unwrap().run.session().prompting());
        for _ in 0..5 {
            tap(&mut g, PadButton::DPadUp);
        }
        tap(&mut g, PadButton::South);
        assert_eq!(
            rows(&dir, "ratings.csv"),
            ["P1,polar,A,1,10.000,fms,4,0.217"]
        );
        // Select held for a second stops the condition; a tap does not.
        tap(&mut g, PadButton::Select);
        assert_eq!(step(&g), Step::Play { position: 0 });
        assert!(!g.hud.help, "the stop button opens no help in a study");
        g.set_pad(pad(&[PadButton::Select]));
        for _ in 0..60 {
            g.advance(0.02);
        }
        assert!(matches!(step(&g), Step::Ssq { .. }), "{:?}", step(&g));
        let played = rows(&dir, "conditions.csv");
        assert!(played[0].contains(",true,1-polar.wrec"), "{played:?}");
    }

    #[test]
    fn the_experimenters_briefing_comes_before_the_welcome_and_goes_on_enter() {
        let scratch = crate::files::Scratch::new("study-briefing");
        let dir = scratch.join("results");
        let mut g = study_game(&dir);
        // PROTOCOL's conditions differ in the model and the HUD, and it
        // declares no factors.
        let protocol = Protocol::parse(PROTOCOL, Path::new("t.toml")).unwrap();
        let warnings = crate::study::check::briefing::at_start(&protocol);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        let s = g.study.take().unwrap();
        g.study = Some(s.briefed(warnings));
        let press = |g: &mut Game, k: &'static str| {
            g.press(Binding::Key(k));
            g.release(Binding::Key(k));
        };
        let (w, h) = (320, 180);
        let mut briefing = vec![0; w * h * 4];
        g.draw_study(&mut briefing, w, h);
        press(&mut g, "Digit2");
        g.advance(5.0);
        assert_eq!(step(&g), Step::Welcome);
        assert!(!g.study.as_ref().unwrap().briefing.is_empty());
        press(&mut g, "Enter");
        assert!(g.study.as_ref().unwrap().briefing.is_empty());
        assert_eq!(step(&g), Step::Welcome, "Enter ended only the briefing");
        let mut welcome = vec![0; w * h * 4];
        g.draw_study(&mut welcome, w, h);
        assert_ne!(briefing, welcome, "the welcome replaced the briefing");
        press(&mut g, "Enter");
        assert!(matches!(step(&g), Step::Ssq { .. }), "{:?}", step(&g));
    }

    #[test]
    fn keys_type_answers_and_commands_cannot_change_a_condition() {
        let scratch = crate::files::Scratch::new("study-keys");
        let dir = scratch.join("results");
        let mut g = study_game(&dir);
        let press = |g: &mut Game, k: &'static str| {
            g.press(Binding::Key(k));
            g.release(Binding::Key(k));
        };
        press(&mut g, "Enter");
        for _ in 0..crate::study::ssq::ITEMS.len() {
            press(&mut g, "Digit2");
            press(&mut g, "Enter");
        }
        assert!(rows(&dir, "ssq.csv")[0].starts_with("P1,,,baseline,2,2,2"));
        press(&mut g, "Enter");
        assert_eq!(step(&g), Step::Play { position: 0 });
        // F3 would switch the model, F2 the coupling: not in a study.
        for k in ["F3", "F2"] {
            for c in g.press(Binding::Key(k)) {
                assert!(g.study_allows(&c), "{c:?}");
            }
        }
        assert_eq!(g.world.tunables().model, Model::Polar);
        for _ in 0..(10.1 / 0.02) as usize {
            g.advance(0.02);
        }
        press(&mut g, "Digit1");
        press(&mut g, "Digit2");
        press(&mut g, "NumpadEnter");
        assert_eq!(
            rows(&dir, "ratings.csv"),
            ["P1,polar,A,1,10.000,fms,12,0.100"]
        );
        // The recording of the condition is under way in the results.
        let recording = g.tape.recording().map(Path::to_path_buf).unwrap();
        assert!(
            recording.starts_with(dir.join("t/P1")),
            "{}",
            recording.display()
        );
        press(&mut g, "Backspace");
        assert!(g.tape.recording().is_none(), "the recording is closed");
    }

    /// Words no study screen may show: the conditions' names, the models'
    /// and couplings' words, files and the keys a study ignores.
    const GIVE_AWAY: [&str; 10] = [
        "polar",
        "classic",
        "quake",
        "velocity",
        "heading",
        "coupling",
        "model",
        ".wrec",
        "recording",
        "F9",
    ];

    /// Asserts that nothing `g` shows now gives a condition away.
    fn blind(g: &mut Game, moment: &str) {
        let view = g.advance(0.0);
        let words = g.study_words(&view);
        for w in &words {
            let lower = w.to_lowercase();
            for give_away in GIVE_AWAY {
                assert!(
                    !lower.contains(&give_away.to_lowercase()),
                    "{moment}: `{w}` says {give_away}"
                );
            }
        }
    }

    #[test]
    fn nothing_on_screen_names_a_condition_a_model_or_a_file() {
        let scratch = crate::files::Scratch::new("study-blind");
        let dir = scratch.join("results");
        let mut g = study_game(&dir);
        let press = |g: &mut Game, k: &'static str| {
            g.press(Binding::Key(k));
            g.release(Binding::Key(k));
        };
        blind(&mut g, "welcome");
        press(&mut g, "Enter");
        for _ in 0..crate::study::ssq::ITEMS.len() {
            blind(&mut g, "the SSQ");
            press(&mut g, "Digit0");
            press(&mut g, "Enter");
        }
        for position in 0..2 {
            blind(&mut g, "ready");
            press(&mut g, "Enter");
            assert_eq!(step(&g), Step::Play { position });
            assert!(g.tape.recording().is_some(), "the condition is recorded");
            // The protocol's HUD: the second condition shows the bar and
            // the crosshair; F10 never brings the readout.
            let parts = g.hud.parts;
            assert_eq!(
                (parts.status_bar, parts.crosshair),
                (position == 1, position == 1)
            );
            assert!(g.press(Binding::Key("F10")).is_empty());
            g.release(Binding::Key("F10"));
            assert!(!g.hud.parts.readout);
            // Every frame of play, a prompt among them, and after the
            // recorder's notices have had their time.
            for _ in 0..(12.0 / 0.02) as usize {
                g.advance(0.02);
                blind(&mut g, "play");
            }
            assert!(g.study.as_ref().unwrap().run.session().prompting());
            // F1 asks for the help, whose movement section names the model.
            press(&mut g, "F1");
            blind(&mut g, "help asked in play");
            press(&mut g, "Digit3");
            press(&mut g, "Enter");
            press(&mut g, "Backspace");
            for _ in 0..crate::study::ssq::ITEMS.len() {
                blind(&mut g, "the SSQ after");
                press(&mut g, "Digit0");
                press(&mut g, "Enter");
            }
        }
        blind(&mut g, "ranking");
        press(&mut g, "Enter");
        assert_eq!(step(&g), Step::Done);
        blind(&mut g, "the end");
        let played = rows(&dir, "conditions.csv");
        assert_eq!(played.len(), 2, "{played:?}");
        assert!(played[0].contains(",participant,"), "{played:?}");
        // The session over ("Press Esc to close"), Esc closes it at once
        // rather than asking whether to end it.
        assert_eq!(g.press(Binding::Key("Escape")), [Command::Quit]);
        assert!(!g.menu_open());
    }
}
