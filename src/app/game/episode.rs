//! The episode in the game: "New game" plays `maps/episode.toml`'s maps
//! in order at a difficulty, the score and lives carried from level to
//! level; each level ends at its exit with the tally screen, then the
//! next; a death costs a life (the world's rule, `sim/world/episode.rs`:
//! Enter brings the player back); no lives left ends the game with the
//! score, and the last level's end wins it. Progress goes to the data
//! folder's `progress.toml`.

use super::Game;
use crate::app::input::Command;
use crate::map::{Episode, Loaded};
use crate::menu::MenuKey;
use crate::render::panel::{draw_panel, Panel};
use crate::render::tally::{self, GameEnd, LevelEnd, Next};
use crate::render::Frame;
use crate::render::GoalShown;
use crate::settings::Binding;
use crate::sim::sheet::Sheet;
use crate::sim::tally::Carried;
use crate::sim::{Change, Difficulty};

/// Where a game of the episode stands: what a save needs to go on with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EpisodeRun {
    /// The level being played, from 0, in the episode's order.
    pub index: usize,
    /// How hard the fights are, for the whole game.
    pub difficulty: Difficulty,
    /// The score and lives the level started with.
    pub carried: Carried,
}

/// A screen that ends a level or the game.
#[derive(Clone, Debug)]
enum EndScreen {
    /// The level's tally; Enter goes on to what comes after.
    Level(Panel, After),
    /// The game's end; Enter goes to the title menu.
    Game(Panel),
}

/// What comes after a level, found when its exit is reached: the next
/// level is loaded then, once, so a broken one shows on the tally.
#[derive(Clone, Debug)]
enum After {
    /// The next level, its index and the level as loaded.
    Level(usize, Box<Loaded>),
    /// The next level does not load: why (Enter ends the episode).
    Broken(String),
    /// The episode's last level was played.
    Last,
}

/// The episode being played.
#[derive(Clone, Debug)]
pub(super) struct Playing {
    episode: Episode,
    run: EpisodeRun,
    /// The world's tick when the level started.
    start: u64,
    screen: Option<EndScreen>,
}

impl Playing {
    /// The level's number in the episode, from 1.
    pub(super) fn level_number(&self) -> usize {
        self.run.index.saturating_add(1)
    }
}

impl Game {
    /// A new game of the shipped episode at `difficulty`, from its first
    /// level.
    pub(super) fn new_game(&mut self, difficulty: Difficulty) {
        let episode =
            Episode::load(&crate::map::episode::shipped_path()).map_err(|e| e.to_string());
        let first = episode.and_then(|e| load_level(&e, 0).map(|l| (e, l)));
        match first {
            Ok((episode, level)) => {
                let run = EpisodeRun {
                    index: 0,
                    difficulty,
                    carried: Carried::START,
                };
                self.play_level(episode, run, level);
            }
            Err(e) => self.notify(format!("cannot start a new game: {e}")),
        }
    }

    /// Plays `level`, level `run.index` of `episode` as loaded, with
    /// `run`'s score and lives. A level with no exit ends the episode: a
    /// notice says why and the title menu opens.
    fn play_level(&mut self, episode: Episode, run: EpisodeRun, level: Loaded) {
        let path = episode.maps[run.index].path.clone();
        self.play_loaded(&path, level, run.difficulty);
        if self.world.map().exits.is_empty() {
            let why = format!("{} has no exit: the episode cannot go on", path.display());
            return self.abandon_episode(why);
        }
        self.world.apply(Change::Episode(run.carried));
        self.prev = self.world.camera();
        // The level ends at its exit, not at its course's finish.
        self.run = None;
        self.episode = Some(Playing {
            episode,
            run,
            start: self.world.tick(),
            screen: None,
        });
    }

    /// The shipped episode played on from a save made in it: `run` at
    /// level `run.index`, whose map must be `map` (the save's), the level's
    /// clock from `start`. Refused by why where the episode has no such
    /// level or its level is another map.
    pub(super) fn saved_playing(
        run: EpisodeRun,
        map: &std::path::Path,
        start: u64,
    ) -> Result<Playing, String> {
        let episode =
            Episode::load(&crate::map::episode::shipped_path()).map_err(|e| e.to_string())?;
        let number = run.index.saturating_add(1);
        let level = episode
            .maps
            .get(run.index)
            .ok_or_else(|| format!("the episode has no level {number}"))?;
        if level.path.file_name() != map.file_name() {
            return Err(format!(
                "level {number} of the episode is {}, not {}",
                level.path.display(),
                map.display()
            ));
        }
        Ok(Playing {
            episode,
            run,
            start,
            screen: None,
        })
    }

    /// Ends the episode that cannot go on: `why` as a notice and the
    /// title menu.
    fn abandon_episode(&mut self, why: String) {
        self.notify(why);
        self.episode = None;
        if self.world.in_episode() {
            // The last level played stays behind the menu, as a lone map.
            self.world = self.world.fresh(self.tape.seed());
            self.prev = self.world.camera();
        }
        self.open_title_menu();
    }

    /// Where the episode stands, if one is being played (for a save).
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "the save file (issue 73's saves) takes it")
    )]
    pub fn episode_run(&self) -> Option<EpisodeRun> {
        self.episode.as_ref().map(|p| p.run)
    }

    /// Puts the level's time and par on the HUD's status bar while a
    /// level of the episode is played (after [`Game::show_run_line`], as
    /// the episode runs no course).
    pub(super) fn show_episode_clock(&mut self) {
        let Some(p) = &self.episode else {
            return;
        };
        let ticks = self.world.exited().unwrap_or(self.world.tick());
        self.hud.clock = Some(ticks.saturating_sub(p.start));
        let par = p.episode.par(p.run.index, self.world.map().par);
        self.hud.goal = par.map_or(GoalShown::None, GoalShown::Par);
    }

    /// True while a level's or the game's end screen is up (the world
    /// holds still).
    pub(super) fn episode_screen_up(&self) -> bool {
        self.episode.as_ref().is_some_and(|p| p.screen.is_some())
    }

    /// After a tick: the exit reached puts up the tally (and notes the
    /// progress), no lives left the game's end. True when a screen went
    /// up.
    pub(super) fn follow_episode(&mut self) -> bool {
        let Some(playing) = &self.episode else {
            return false;
        };
        if playing.screen.is_some() {
            return true;
        }
        if self.world.game_over() {
            let panel = tally::game_end_panel(
                GameEnd::Over,
                &playing.episode.name,
                self.world.tally().score,
            );
            self.end_screen(EndScreen::Game(panel));
            return true;
        }
        let Some(exited) = self.world.exited() else {
            return false;
        };
        let (index, start) = (playing.run.index, playing.start);
        let par = playing.episode.par(index, self.world.map().par);
        let sheet = Sheet::of(&self.world, exited.saturating_sub(start), par);
        let map = self.world.map().name.clone();
        let best = self.progress.best(&map).ticks;
        if let Some(notice) = self.progress.note(index, &map, &sheet) {
            self.notify(notice);
        }
        let carried = self.world.tally().carried().with_points(sheet.bonus());
        let playing = self.episode.as_mut().expect("checked above");
        playing.run.carried = carried;
        let (after, next) = after_level(&playing.episode, index);
        if let After::Broken(why) = &after {
            self.notify(why.clone());
        }
        let end = LevelEnd {
            map,
            sheet,
            score: carried.score,
            lives: carried.lives,
            best,
            next,
        };
        self.end_screen(EndScreen::Level(tally::level_end_panel(&end), after));
        true
    }

    fn end_screen(&mut self, screen: EndScreen) {
        if let Some(p) = &mut self.episode {
            p.screen = Some(screen);
        }
        self.inputs.release_all();
    }

    /// A press on an end screen: Enter goes on (the next level, or the
    /// game's end, or the title menu). Some(..) when a screen took it.
    pub(super) fn episode_press(&mut self, binding: &Binding) -> Option<Vec<Command>> {
        self.episode.as_ref()?.screen.as_ref()?;
        let key = super::menu::menu_key(&self.settings.bindings, binding);
        if key != Some(MenuKey::Select) {
            return Some(Vec::new());
        }
        let mut playing = self.episode.take().expect("a screen is up");
        match playing.screen.take().expect("a screen is up") {
            EndScreen::Level(_, After::Level(next, level)) => {
                let run = EpisodeRun {
                    index: next,
                    ..playing.run
                };
                self.play_level(playing.episode, run, *level);
            }
            EndScreen::Level(_, After::Broken(why)) => self.abandon_episode(why),
            EndScreen::Level(_, After::Last) => {
                let score = playing.run.carried.score;
                let panel = tally::game_end_panel(GameEnd::Won, &playing.episode.name, score);
                self.episode = Some(Playing {
                    screen: Some(EndScreen::Game(panel)),
                    ..playing
                });
            }
            EndScreen::Game(_) => self.open_title_menu(),
        }
        Some(Vec::new())
    }

    /// Draws the end screen over `frame`, if one is up.
    pub(super) fn draw_episode(&self, frame: &mut [u8], width: usize, height: usize) {
        let screen = self.episode.as_ref().and_then(|p| p.screen.as_ref());
        let panel = match screen {
            Some(EndScreen::Level(panel, _) | EndScreen::Game(panel)) => panel,
            None => return,
        };
        draw_panel(Frame::new(frame, width, height), panel);
    }
}

/// What comes after level `index` of `episode`, the next level loaded,
/// and how the tally names it.
fn after_level(episode: &Episode, index: usize) -> (After, Next) {
    let i = index + 1;
    let Some(level) = episode.maps.get(i) else {
        return (After::Last, Next::Last);
    };
    match load_level(episode, i) {
        Ok(loaded) => {
            let title = loaded.map.name.clone();
            (After::Level(i, Box::new(loaded)), Next::Level(title))
        }
        Err(why) => {
            let file = level.path.file_name().unwrap_or_default();
            (
                After::Broken(why),
                Next::Broken(file.to_string_lossy().into()),
            )
        }
    }
}

/// Loads level `index` of `episode`: the level, or why not (a notice's
/// words).
fn load_level(episode: &Episode, index: usize) -> Result<Loaded, String> {
    let path = &episode.maps[index].path;
    crate::map::load(path).map_err(|e| format!("cannot load {}: {e}", path.display()))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::app::game::Watch;
    use crate::app::tape::Tape;
    use crate::map::Map;
    use crate::settings::{Settings, Video};
    use crate::sim::{Tunables, World};
    use crate::sprites::Art;
    use std::path::Path;

    /// A game on a corridor with an exit's map, for the episode's and a
    /// lone map's tests.
    pub(in crate::app::game) fn game() -> Game {
        let map = Map::from_rows(&["#####", "#>..#", "#####"]);
        Game::new(
            World::new(map, Tunables::default(), 1),
            Settings::default(),
            (Video::default(), Art::plain()),
            Tape::new(None, 1),
            Watch::default(),
        )
    }

    /// Puts the player on the level's first exit tile and ticks once.
    pub(in crate::app::game) fn to_the_exit(g: &mut Game) {
        let (x, y) = g.world.map().exits[0].tile;
        let world = crate::sim::Scenario::from_world(g.world.clone())
            .player(|p| (p.x, p.y) = (x as f64 + 0.5, y as f64 + 0.5))
            .build();
        g.world = world;
        g.advance(1.0 / 60.0);
    }

    #[test]
    fn new_game_plays_the_episode_in_order_with_a_tally_between() {
        let episode = Episode::load(&crate::map::episode::shipped_path()).unwrap();
        let mut g = game();
        g.new_game(Difficulty::Easy);
        let run = g.episode_run().unwrap();
        assert_eq!((run.index, run.difficulty), (0, Difficulty::Easy));
        let first = crate::map::load(&episode.maps[0].path).unwrap().map.name;
        assert_eq!(g.world.map().name, first);
        assert!(g.world.in_episode() && g.run.is_none());
        to_the_exit(&mut g);
        assert!(g.episode_screen_up(), "the tally is up at the exit");
        let hash = g.world.state_hash();
        g.advance(0.5);
        assert_eq!(g.world.state_hash(), hash, "the world holds still under it");
        g.press(Binding::Key("Enter"));
        g.release(Binding::Key("Enter"));
        let second = crate::map::load(&episode.maps[1].path).unwrap().map.name;
        assert_eq!(g.world.map().name, second);
        assert_eq!(g.episode_run().unwrap().index, 1);
        assert!(!g.episode_screen_up());
        // The bonus and the score came along.
        let carried = g.episode_run().unwrap().carried;
        assert_eq!(g.world.tally().score, carried.score);
        assert!(carried.score > 0, "par's bonus at least");
        assert_eq!(g.progress.reached, 2);
    }

    #[test]
    fn a_save_made_in_the_episode_loads_into_it_and_its_exit_goes_on() {
        let dir = crate::files::Scratch::new("episode-save");
        let mut g = game().with_saves_in(&dir);
        g.new_game(Difficulty::Easy);
        g.advance(0.5);
        g.quick_save(std::time::SystemTime::UNIX_EPOCH);
        g.advance(0.5);
        g.quick_load();
        let run = g.episode_run().expect("the episode goes on after the load");
        assert_eq!((run.index, run.difficulty), (0, Difficulty::Easy));
        assert!(g.world.in_episode() && g.run.is_none());
        to_the_exit(&mut g);
        assert!(
            g.episode_screen_up(),
            "the level's tally, not a lone map's end"
        );
        assert!(!g.lone_end_up());
    }

    /// An episode of the shipped first level and then `second`, in a
    /// folder of its own.
    fn episode_then(test: &str, second: &str) -> (crate::files::Scratch, Episode) {
        let dir = crate::files::Scratch::new(&format!("episode-{test}"));
        let first = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/tutorial.map");
        std::fs::copy(first, dir.join("first.map")).unwrap();
        std::fs::write(dir.join("second.map"), second).unwrap();
        let path = dir.join("episode.toml");
        let text =
            "name = \"Two\"\n[[map]]\nfile = \"first.map\"\n[[map]]\nfile = \"second.map\"\n";
        let episode = Episode::parse(text, &path).unwrap();
        (dir, episode)
    }

    #[test]
    fn a_level_that_does_not_load_ends_the_episode_at_the_title() {
        let (_dir, episode) = episode_then("broken", "not a map");
        let mut g = game();
        let run = EpisodeRun {
            index: 0,
            difficulty: Difficulty::Easy,
            carried: Carried::START,
        };
        let first_level = load_level(&episode, 0).unwrap();
        g.play_level(episode, run, first_level);
        let first = g.world.map().name.clone();
        to_the_exit(&mut g);
        assert!(g.episode_screen_up(), "the tally is up at the exit");
        let Some(EndScreen::Level(panel, After::Broken(_))) =
            g.episode.as_ref().and_then(|p| p.screen.as_ref())
        else {
            panic!("the tally knows the next level is broken");
        };
        assert!(panel
            .lines
            .last()
            .unwrap()
            .contains("second.map does not load"));
        assert_eq!(panel.hint, "Enter: the title menu");
        g.press(Binding::Key("Enter"));
        assert!(g.episode_run().is_none(), "no episode goes on");
        assert!(!g.world.in_episode(), "nor the world's");
        assert!(g.menu_open(), "the title menu is up");
        assert_eq!(g.world.map().name, first, "no other level was started");
        assert!(g.world.exited().is_none(), "not the old level at its exit");
    }

    #[test]
    fn the_status_bar_shows_the_level_s_time_and_par() {
        let mut g = game();
        g.advance(0.5);
        assert!(!matches!(g.hud.goal, GoalShown::Par(_)), "a lone map");
        g.new_game(Difficulty::Easy);
        g.advance(0.5);
        let (start, now) = (g.episode.as_ref().unwrap().start, g.world.tick());
        assert!(now > start, "ticks played");
        assert_eq!(g.hud.clock, Some(now - start));
        let episode = Episode::load(&crate::map::episode::shipped_path()).unwrap();
        let par = episode
            .par(0, g.world.map().par)
            .expect("the first level's par");
        assert_eq!(g.hud.goal, GoalShown::Par(par));
    }

    #[test]
    fn recording_is_refused_in_the_episode_and_it_plays_on() {
        let mut g = game();
        g.new_game(Difficulty::Easy);
        g.advance(0.5);
        let (tick, carried) = (g.world.tick(), g.episode_run().unwrap().carried);
        g.toggle_recording(std::time::SystemTime::UNIX_EPOCH);
        assert!(g.tape.recording().is_none(), "no recording started");
        let notice = &g.notice.as_ref().unwrap().0;
        assert!(notice.contains("not a level of the episode"), "{notice}");
        assert_eq!(g.world.tick(), tick, "the level was not restarted");
        assert!(g.world.in_episode(), "the lives still count");
        assert_eq!(g.episode_run().unwrap().carried, carried);
    }

    #[test]
    fn no_lives_left_ends_the_game_with_the_score() {
        let mut g = game();
        g.new_game(Difficulty::Hard);
        for life in (0..=3).rev() {
            g.world = crate::sim::Scenario::from_world(g.world.clone())
                .combat(|c, _| c.health = 0)
                .build();
            g.advance(1.0 / 60.0);
            assert_eq!(g.world.tally().lives, life);
            if life > 0 {
                assert!(!g.episode_screen_up());
                g.request(crate::sim::Request::Restart);
                g.advance(1.0 / 60.0);
                assert!(g.world.combat().alive());
            }
        }
        assert!(g.world.game_over() && g.episode_screen_up());
        g.press(Binding::Key("Enter"));
        assert!(g.menu_open(), "back to the title menu");
    }
}
