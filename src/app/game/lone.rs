//! A lone map's exit: a map played from the title menu's "Play a map"
//! (no episode, no study, no replay) ends when the player steps onto an
//! exit, as a level of the episode does, with the tally (time against
//! par, kills, secrets, treasure, the score) and then the title menu. No
//! next level follows and no lives go on; the map's best time and ratios
//! are kept in the progress file as the episode's are.

use super::Game;
use crate::app::input::Command;
use crate::menu::MenuKey;
use crate::render::panel::draw_panel;
use crate::render::{tally, Frame};
use crate::settings::Binding;
use crate::sim::sheet::Sheet;

impl Game {
    /// True if the world is a lone map being played: its exit ends it.
    fn lone_map(&self) -> bool {
        self.episode.is_none() && self.study.is_none() && self.playback.is_none()
    }

    /// After a tick: a lone map's exit reached puts up its tally and notes
    /// its best in the progress. True when the screen went up (or is up).
    pub(super) fn follow_lone_exit(&mut self) -> bool {
        if self.lone_end.is_some() {
            return true;
        }
        let Some(exited) = self.world.exited().filter(|_| self.lone_map()) else {
            return false;
        };
        let ticks = exited.saturating_sub(self.world.course_run().start);
        let sheet = Sheet::of(&self.world, ticks, self.world.map().par);
        let map = self.world.map().name.clone();
        let best = self.progress.best(&map).ticks;
        if let Some(notice) = self.progress.note_best(&map, &sheet) {
            self.notify(notice);
        }
        let score = self.world.tally().score;
        self.lone_end = Some(tally::map_end_panel(&map, &sheet, score, best));
        self.inputs.release_all();
        true
    }

    /// True while a lone map's end screen is up (the world holds still).
    pub(super) fn lone_end_up(&self) -> bool {
        self.lone_end.is_some()
    }

    /// A press on a lone map's end screen: Enter starts the map again
    /// behind the title menu and opens it. Some(..) when the screen took
    /// the press.
    pub(super) fn lone_end_press(&mut self, binding: &Binding) -> Option<Vec<Command>> {
        self.lone_end.as_ref()?;
        let key = super::menu::menu_key(&self.settings.bindings, binding);
        if key == Some(MenuKey::Select) {
            self.lone_end = None;
            self.restart_run();
            self.open_title_menu();
        }
        Some(Vec::new())
    }

    /// Draws a lone map's end screen over `frame`, if it is up.
    pub(super) fn draw_lone_end(&self, frame: &mut [u8], width: usize, height: usize) {
        if let Some(panel) = &self.lone_end {
            draw_panel(Frame::new(frame, width, height), panel);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::app::game::episode::tests::{game, to_the_exit};
    use crate::settings::Binding;

    #[test]
    fn a_lone_map_ends_at_its_exit_with_the_tally_then_the_title_menu() {
        let path = crate::data::maps_dir().join("vault.map");
        let mut g = game();
        g.play_map(&path);
        assert!(g.world.map().par.is_some() && !g.world.map().exits.is_empty());
        assert!(!g.world.in_episode() && !g.menu_open());
        g.advance(0.5);
        assert!(!g.lone_end_up(), "not before the exit");
        to_the_exit(&mut g);
        assert!(g.lone_end_up(), "the tally is up at the exit");
        let panel = g.lone_end.clone().unwrap();
        assert!(
            panel.title.ends_with(&g.world.map().name),
            "{}",
            panel.title
        );
        assert!(panel.lines[0].starts_with("time "), "{:?}", panel.lines);
        assert!(panel.lines[0].contains("par "), "{:?}", panel.lines);
        assert!(panel.lines[1].starts_with("kills "), "{:?}", panel.lines);
        assert_eq!(panel.hint, "Enter: the title menu");
        let hash = g.world.state_hash();
        g.advance(0.5);
        assert_eq!(g.world.state_hash(), hash, "the world holds still under it");
        assert!(
            g.progress.best(&g.world.map().name).ticks.is_some(),
            "the best kept"
        );
        assert_eq!(g.progress.reached, 0, "a lone map reaches no level");
        g.press(Binding::Key("KeyW"));
        assert!(g.lone_end_up(), "only Enter goes on");
        g.press(Binding::Key("Enter"));
        g.release(Binding::Key("Enter"));
        assert!(!g.lone_end_up() && g.menu_open(), "the title menu");
        assert_eq!(g.world.exited(), None, "the map starts again behind it");
    }

    #[test]
    fn a_map_without_an_exit_and_a_level_of_the_episode_have_no_lone_end() {
        let mut g = game();
        g.advance(1.0);
        assert!(!g.lone_end_up());
        g.new_game(crate::sim::Difficulty::Easy);
        to_the_exit(&mut g);
        assert!(!g.lone_end_up(), "the episode's own tally, not this one");
        assert!(g.episode_screen_up());
    }
}
