//! A map's goal being run: the course (the timer and the checkpoints
//! ticked off on the HUD, taken strictly in order: one touched early says
//! which comes first and does not count) or, on a map with enemies and no
//! course, the enemies to clear; at the goal a completion screen (the time,
//! the walking model, the best time for this map and model, the next map).
//! Not in studies and not in replays.
//!
//! [`Standing`] is what a status bar shows of it ([`Game::standing`]).

use super::Game;
use crate::app::input::Command;
use crate::map::Progress;
use crate::menu::{MapEntry, MenuKey};
use crate::render::panel::{draw_panel, Panel};
use crate::render::Frame;
use crate::render::GoalShown;
use crate::settings::Binding;
use crate::sim::{Model, Request, World, TICK_RATE};

/// What finishes a map: its course's finish, or else (on a map with
/// enemies and no course) every enemy dead.
#[derive(Clone, Copy, Debug)]
enum Goal {
    /// The course, followed checkpoint by checkpoint by the world
    /// ([`World::course_run`]).
    Course,
    /// Every enemy to clear.
    Clear,
}

/// The course run's progress `world` keeps (on a map with a course).
fn progress(world: &World) -> Option<&Progress> {
    world.course_run().progress.as_ref()
}

/// Where a run stands against its goal: what the HUD's goal line (and a
/// status bar) shows. Checkpoints are numbered from 1, and a count of them
/// never includes the finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Checkpoint `next` (from 1) of `of` is the one to take.
    Checkpoint {
        /// The next checkpoint's number, 1 to `of`.
        next: usize,
        /// How many checkpoints the course has, the finish not counted.
        of: usize,
    },
    /// Every one of `of` checkpoints taken (or none to take): the finish
    /// is next.
    Finish {
        /// How many checkpoints the course has, the finish not counted.
        of: usize,
    },
    /// Enemies still to clear, on a map with no course.
    Enemies {
        /// How many are alive.
        left: usize,
    },
    /// The goal reached.
    Done,
}

impl Standing {
    /// What the status bar shows of it.
    pub fn shown(self) -> GoalShown {
        match self {
            Standing::Checkpoint { next, of } => GoalShown::Checkpoint { next, of },
            Standing::Finish { .. } => GoalShown::Finish,
            Standing::Enemies { left } => GoalShown::EnemiesLeft(left),
            Standing::Done => GoalShown::Done,
        }
    }
}

/// What following a tick found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Followed {
    /// Nothing new to tell.
    Nothing,
    /// The player stepped into a checkpoint (or the finish) out of order:
    /// checkpoint `first` (from 1) comes first.
    OutOfOrder {
        /// The number of the checkpoint to take first.
        first: usize,
    },
    /// The goal was reached this tick.
    Reached,
}

/// A map's goal being run, from the tick it started (the world keeps the
/// start and the checkpoints passed: [`World::course_run`]).
#[derive(Clone, Debug)]
pub(super) struct Run {
    goal: Goal,
    /// The tick the goal was reached at.
    end: Option<u64>,
    /// The completion, once the goal is reached.
    done: Option<Completion>,
    /// The completion screen, made once when the goal is reached (it
    /// names the next shipped map, found by reading the maps folder).
    screen: Option<(Panel, Option<MapEntry>)>,
    /// The checkpoint last stood in out of order (its index), so that the
    /// player is told once on stepping in, not every tick.
    early: Option<usize>,
}

/// What the completion screen shows.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Completion {
    /// The run's time, ticks.
    pub ticks: u64,
    /// The walking model it was run in.
    pub model: Model,
    /// The best time for this map and model before this run, ticks.
    pub best: Option<u64>,
    /// The title of the map this one was.
    pub map: String,
    /// The goal reached, in words: "4 checkpoints and a finish", or
    /// "every enemy".
    pub goal: String,
}

impl Run {
    /// A run from `world`'s tick now; None on a map with no goal (no
    /// course and no enemies).
    pub fn new(world: &World) -> Option<Self> {
        let goal = match progress(world) {
            Some(_) => Goal::Course,
            None if world.actors().living() > 0 => Goal::Clear,
            None => return None,
        };
        Some(Self {
            goal,
            end: None,
            done: None,
            screen: None,
            early: None,
        })
    }

    /// Follows `world` after a tick: the player's position through the
    /// course (a checkpoint stepped into out of order told once), or the
    /// enemies left.
    pub fn follow(&mut self, world: &World) -> Followed {
        if self.end.is_some() {
            return Followed::Nothing;
        }
        let (reached, early) = match (self.goal, progress(world)) {
            (Goal::Course, Some(progress)) => {
                let p = [world.player().x, world.player().y];
                (progress.finished().is_some(), progress.out_of_order(p))
            }
            _ => (world.actors().living() == 0, None),
        };
        let fresh = early.is_some() && early != self.early;
        self.early = early;
        if reached {
            self.end = Some(world.tick());
            return Followed::Reached;
        }
        match (self.goal, progress(world)) {
            (Goal::Course, Some(progress)) if fresh => Followed::OutOfOrder {
                first: progress.next() + 1,
            },
            _ => Followed::Nothing,
        }
    }

    /// Where the run stands against its goal in `world`.
    pub fn standing(&self, world: &World) -> Standing {
        if self.end.is_some() {
            return Standing::Done;
        }
        match (self.goal, progress(world)) {
            (Goal::Course, Some(progress)) => {
                let of = progress.course().numbered();
                match progress.next() {
                    n if n < of => Standing::Checkpoint { next: n + 1, of },
                    _ => Standing::Finish { of },
                }
            }
            _ => Standing::Enemies {
                left: world.actors().living(),
            },
        }
    }

    /// The index in the course (the finish last) of the next checkpoint to
    /// take: 0 on a map with no course, the count once finished.
    pub fn course_next(&self, world: &World) -> usize {
        match (self.goal, progress(world)) {
            (Goal::Course, Some(progress)) => progress.next(),
            _ => 0,
        }
    }

    /// The goal in words, for the completion screen.
    fn describe(&self, world: &World) -> String {
        match (self.goal, progress(world)) {
            (Goal::Course, Some(progress)) => progress.course().describe(),
            _ => "every enemy".to_string(),
        }
    }

    /// The run's time so far (or at the goal), ticks.
    pub fn ticks(&self, world: &World) -> u64 {
        let end = self.end.unwrap_or(world.tick());
        end.saturating_sub(world.course_run().start)
    }

    /// The completion, once the finish is reached.
    #[cfg(test)]
    pub fn completion(&self) -> Option<&Completion> {
        self.done.as_ref()
    }
}

/// The HUD's goal line for `standing` at `ticks` into the run:
/// "checkpoint 3 of 15  1:23.4" (the finish not counted), "finish next
/// 1:23.4", "enemies left 4  1:23.4" or "done  1:23.4"; into `line`'s own
/// buffer, as the HUD shows it every frame.
#[cfg(test)]
fn write_goal_line(standing: Standing, ticks: u64, line: &mut String) {
    use std::fmt::Write as _;
    line.clear();
    let _ = match standing {
        Standing::Checkpoint { next, of } => write!(line, "checkpoint {next} of {of}  "),
        Standing::Finish { .. } => write!(line, "finish next  "),
        Standing::Enemies { left } => write!(line, "enemies left {left}  "),
        Standing::Done => write!(line, "done  "),
    };
    write_clock(line, ticks);
}

/// `ticks` as minutes, seconds and tenths: "1:23.4".
pub(super) fn clock(ticks: u64) -> String {
    let mut text = String::new();
    write_clock(&mut text, ticks);
    text
}

/// [`clock`] written at the end of `out`.
fn write_clock(out: &mut String, ticks: u64) {
    use std::fmt::Write as _;
    let tenths = ticks * 10 / TICK_RATE as u64;
    let _ = write!(
        out,
        "{}:{:02}.{}",
        tenths / 600,
        tenths / 10 % 60,
        tenths % 10
    );
}

impl Game {
    /// The game keeping best times in the file at `path` (a notice when
    /// it is broken: then they are kept for this session only).
    pub fn with_best_times(mut self, path: &std::path::Path) -> Self {
        let (best, notice) = super::best::BestTimes::load(path);
        self.best = best;
        if let Some(notice) = notice {
            self.notify(notice);
        }
        self
    }

    /// The game keeping the episode's progress in the file at `path` (a
    /// notice when it is damaged: then it is kept for this session only).
    pub fn with_progress(mut self, path: &std::path::Path) -> Self {
        let (progress, notice) = super::progress::Progress::load(path);
        self.progress = progress;
        if let Some(notice) = notice {
            self.notify(notice);
        }
        self
    }

    /// Starts the course run again (or none) for the world in play: not
    /// in a study, a replay or an episode (whose levels end at exits).
    pub(super) fn start_run(&mut self) {
        let lone = self.episode.is_none();
        self.run = match self.study.is_none() && self.playback.is_none() && lone {
            true => Run::new(&self.world),
            false => None,
        };
    }

    /// Follows the run through the tick just stepped with `controls`;
    /// true when it reached the finish (the world then holds still).
    pub(super) fn follow_run(&mut self, controls: &crate::sim::Controls) -> bool {
        if controls.action == Some(Request::Restart) {
            self.start_run();
        }
        let Some(run) = &mut self.run else {
            return false;
        };
        match run.follow(&self.world) {
            Followed::Nothing => return false,
            Followed::OutOfOrder { first } => {
                self.notify(format!("Checkpoint {first} first"));
                return false;
            }
            Followed::Reached => {}
        }
        let goal = run.describe(&self.world);
        let (map, model) = (self.world.map().name.clone(), self.world.tunables().model);
        let ticks = run.ticks(&self.world);
        let best = self.best.get(&map, model);
        let done = Completion {
            ticks,
            model,
            best,
            map: map.clone(),
            goal,
        };
        let next = next_map(&map);
        let title = next.as_ref().map_or("(none)", |m| m.title.as_str());
        let panel = completion_panel(&done, title);
        let run = self.run.as_mut().expect("the run followed above");
        run.done = Some(done);
        run.screen = Some((panel, next));
        if let Some(notice) = self.best.note(&map, model, ticks) {
            self.notify(notice);
        }
        self.inputs.release_all();
        true
    }

    /// True while the completion screen is up (the world holds still).
    pub(super) fn completed(&self) -> bool {
        self.run.as_ref().is_some_and(|r| r.done.is_some())
    }

    /// Where the run stands against the map's goal: None where no goal is
    /// run (a map with none, a study, a replay).
    pub fn standing(&self) -> Option<Standing> {
        Some(self.run.as_ref()?.standing(&self.world))
    }

    /// The run's HUD line, if a course is being run.
    #[cfg(test)]
    pub(super) fn run_line(&self) -> Option<String> {
        let mut line = String::new();
        let run = self.run.as_ref()?;
        write_goal_line(self.standing()?, run.ticks(&self.world), &mut line);
        Some(line)
    }

    /// Puts the run's goal and time on the HUD's status bar (none without
    /// a run).
    pub(super) fn show_run_line(&mut self) {
        let (Some(standing), Some(run)) = (self.standing(), &self.run) else {
            (self.hud.goal, self.hud.clock, self.hud.course_next) = (GoalShown::None, None, 0);
            return;
        };
        self.hud.goal = standing.shown();
        self.hud.clock = Some(run.ticks(&self.world));
        self.hud.course_next = run.course_next(&self.world);
    }

    /// A press on the completion screen: Enter plays the next shipped
    /// map, Esc opens the pause menu. Some(..) when the screen took it.
    pub(super) fn completion_press(&mut self, binding: &Binding) -> Option<Vec<Command>> {
        if !self.completed() {
            return None;
        }
        match super::menu::menu_key(&self.settings.bindings, binding) {
            Some(MenuKey::Select) => {
                let next = self.run.as_ref().and_then(|r| r.screen.as_ref()?.1.clone());
                match next {
                    Some(entry) => self.play_map(&entry.path),
                    None => self.restart_run(),
                }
            }
            Some(MenuKey::Back) => {
                self.restart_run();
                self.open_pause_menu();
            }
            _ => {}
        }
        Some(Vec::new())
    }

    /// The course again from the start of the map.
    pub(super) fn restart_run(&mut self) {
        self.world.restart();
        self.prev = self.world.camera();
        self.start_run();
    }

    /// Draws the completion screen over `frame`, if it is up.
    pub(super) fn draw_completion(&self, frame: &mut [u8], width: usize, height: usize) {
        if let Some((panel, _)) = self.run.as_ref().and_then(|r| r.screen.as_ref()) {
            draw_panel(Frame::new(frame, width, height), panel);
        }
    }
}

/// The shipped map after the one titled `here` in the play order, the
/// first after the last.
fn next_map(here: &str) -> Option<MapEntry> {
    let maps = super::menu::shipped_maps();
    let at = maps.iter().position(|m| m.title == here);
    let next = at.map_or(0, |i| (i + 1) % maps.len().max(1));
    maps.into_iter().nth(next)
}

/// The completion screen for `done`, `next` the next map's title.
pub(super) fn completion_panel(done: &Completion, next: &str) -> Panel {
    let best = match done.best {
        Some(b) if b <= done.ticks => clock(b),
        Some(b) => format!("{} (a new best, was {})", clock(done.ticks), clock(b)),
        None => format!("{} (the first run)", clock(done.ticks)),
    };
    Panel {
        title: format!("FINISHED: {}", done.map),
        lines: vec![
            format!("time        {}", clock(done.ticks)),
            format!("goal        {}", done.goal),
            format!("model       {}", done.model.name()),
            format!("best        {best}"),
            String::new(),
            format!("next map    {next}"),
        ],
        value: None,
        hint: "Enter: next map   Esc: pause menu".into(),
        compact: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::Watch;
    use crate::app::tape::Tape;
    use crate::map::course::{Course, Mark};
    use crate::map::{Map, Place};
    use crate::settings::{Settings, Video};
    use crate::sim::Tunables;
    use crate::sprites::Art;

    /// A corridor with checkpoints at x 3.5 and 6.5 and the finish at 9.5.
    fn course_map() -> Map {
        course_map_at([3.5, 6.5])
    }

    /// A corridor east from the start with checkpoints 1 and 2 at `xs`
    /// and the finish at 9.5.
    fn course_map_at(xs: [f64; 2]) -> Map {
        let mut m = Map::from_rows(&["############", "#>.........#", "############"]);
        let mark = |number, x| Mark {
            number,
            at: [x, 1.5],
            radius: 0.75,
            place: Place::Text { line: 1, col: 1 },
        };
        let marks = [mark(Some(1), xs[0]), mark(Some(2), xs[1]), mark(None, 9.5)];
        m.course = Course::from_marks(&marks).unwrap();
        m
    }

    fn game() -> Game {
        Game::new(
            World::new(course_map(), Tunables::default(), 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        )
    }

    /// Holds `key` down for up to `seconds`, until the HUD's line starts
    /// with `until` (or the goal is reached); the line then.
    fn walk(g: &mut Game, key: &'static str, seconds: f64, until: &str) -> String {
        g.press(Binding::Key(key));
        for _ in 0..(seconds * 60.0) as usize {
            g.advance(1.0 / 60.0);
            if g.completed() || g.run_line().unwrap().starts_with(until) {
                break;
            }
        }
        g.release(Binding::Key(key));
        g.run_line().unwrap()
    }

    /// In play a checkpoint taken out of order does not count: the player
    /// is told which comes first, and the finish waits for every one.
    #[test]
    fn a_checkpoint_out_of_order_does_not_count_in_play() {
        // Checkpoint 2 lies before checkpoint 1 on the way east.
        let tunables = Tunables {
            model: Model::Classic,
            ..Tunables::default()
        };
        let mut g = Game::new(
            World::new(course_map_at([6.5, 3.5]), tunables, 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        );
        let of = |next| Some(Standing::Checkpoint { next, of: 2 });
        assert_eq!(g.standing(), of(1));
        // Through checkpoint 2 at x 3.5 to just short of 1 at 6.5.
        g.press(Binding::Key("KeyW"));
        while g.world.player().x < 4.0 {
            g.advance(1.0 / 60.0);
        }
        g.release(Binding::Key("KeyW"));
        assert_eq!(g.hud.message.as_deref(), Some("Checkpoint 1 first"));
        assert_eq!(g.standing(), of(1), "checkpoint 2 did not count");
        // On through checkpoint 1 and past the finish to the wall.
        let line = walk(&mut g, "KeyW", 4.0, "none");
        assert!(!g.completed(), "the finish before checkpoint 2: {line}");
        assert_eq!(g.standing(), of(2));
        assert_eq!(g.hud.message.as_deref(), Some("Checkpoint 2 first"));
        assert_eq!(g.hud.course_next, 1);
        // Back to checkpoint 2, then the finish counts.
        let line = walk(&mut g, "KeyS", 6.0, "finish next");
        assert_eq!(g.standing(), Some(Standing::Finish { of: 2 }), "{line}");
        walk(&mut g, "KeyW", 6.0, "none");
        assert!(g.completed());
        assert_eq!(g.standing(), Some(Standing::Done));
        let done = g.run.as_ref().unwrap().completion().unwrap();
        assert_eq!(done.goal, "2 checkpoints and a finish");
    }

    #[test]
    fn clock_reads_minutes_seconds_and_tenths() {
        assert_eq!(clock(0), "0:00.0");
        assert_eq!(
            clock(TICK_RATE as u64 * 83 + TICK_RATE as u64 / 2),
            "1:23.5"
        );
    }

    #[test]
    fn a_run_ticks_off_its_checkpoints_and_completes_at_the_finish() {
        let mut g = game();
        assert_eq!(g.run_line().unwrap(), "checkpoint 1 of 2  0:00.0");
        g.press(Binding::Key("KeyW"));
        let mut seen_second = false;
        for _ in 0..1200 {
            g.advance(1.0 / 60.0);
            seen_second |= g.run_line().unwrap().starts_with("checkpoint 2 of 2");
            if g.completed() {
                break;
            }
        }
        assert!(seen_second, "checkpoint 1 ticked off on the way");
        assert!(g.completed(), "the finish reached");
        let done = g.run.as_ref().unwrap().completion().unwrap().clone();
        assert!(done.ticks > 0 && done.best.is_none());
        assert_eq!(done.model, g.world.tunables().model);
        // The world holds still under the screen.
        let hash = g.world.state_hash();
        g.advance(0.5);
        assert_eq!(g.world.state_hash(), hash);
        let panel = completion_panel(&done, "Next");
        assert!(panel.lines[0].contains(&clock(done.ticks)));
        // Esc goes to the pause menu, the course run again from the start.
        g.release(Binding::Key("KeyW"));
        assert!(g.press(Binding::Key("Escape")).is_empty());
        assert!(!g.completed());
        assert!(g.menu_open());
        assert_eq!(g.run_line().unwrap(), "checkpoint 1 of 2  0:00.0");
        // The session keeps the run as the best for this map and model.
        assert_eq!(
            g.best.get(&g.world.map().name, done.model),
            Some(done.ticks)
        );
    }

    #[test]
    fn a_map_with_enemies_and_no_course_is_finished_by_clearing_them() {
        let map = Map::from_rows(&["#########", "#>.....w#", "#########"]);
        let mut g = Game::new(
            World::new(map, Tunables::default(), 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        );
        assert!(g.run_line().unwrap().starts_with("enemies left 1  "));
        g.press(Binding::Key("ControlLeft"));
        for _ in 0..1200 {
            g.advance(1.0 / 60.0);
            if g.completed() {
                break;
            }
        }
        assert!(g.completed(), "{:?}", g.run_line());
        assert_eq!(g.world.actors().living(), 0);
        let bare = Map::from_rows(&["#####", "#>..#", "#####"]);
        assert!(Run::new(&World::new(bare, Tunables::default(), 1)).is_none());
    }

    #[test]
    fn next_map_follows_the_play_order_round_to_the_first() {
        assert_eq!(next_map("First Steps").unwrap().title, "The Wobble Maze");
        let after_last = next_map("Feel-Test Course").unwrap();
        assert_eq!(after_last.title, "First Steps");
    }

    #[test]
    fn enter_on_the_completion_screen_plays_the_next_map() {
        let mut g = game();
        g.press(Binding::Key("KeyW"));
        for _ in 0..1200 {
            g.advance(1.0 / 60.0);
        }
        assert!(g.completed());
        g.release(Binding::Key("KeyW"));
        g.press(Binding::Key("Enter"));
        assert!(!g.completed());
        let first = &crate::app::game::shipped_maps()[0];
        assert_eq!(
            g.world.map().name,
            first.title,
            "an unknown map goes to the first"
        );
    }
}
