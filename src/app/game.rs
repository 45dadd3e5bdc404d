//! The game as the window sees it: the world, the clock that ticks it, the
//! keys held and the HUD. No window here, so it tests headless.

use super::input::{self, HeldKeys};
use super::timing::{FixedStep, FpsMeter};
use crate::render::{self, Hud, View};
use crate::sim::{Action, Pose, World, TICK_DT};
use winit::keyboard::KeyCode;

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
}

impl Game {
    /// A game of `world`, seen with a field of view of `fov_deg` degrees.
    pub fn new(world: World, fov_deg: f64) -> Self {
        Self {
            prev: world.camera(),
            world,
            clock: FixedStep::new(TICK_DT),
            fps: FpsMeter::default(),
            hud: Hud::default(),
            held: HeldKeys::new(),
            fov: fov_deg.to_radians(),
            action: None,
        }
    }

    /// Runs the ticks that `elapsed` real seconds make due (none while
    /// paused) and returns the view to draw, blended between the last two
    /// ticks so motion is smooth at any frame rate.
    pub fn advance(&mut self, elapsed: f64) -> View {
        self.hud.fps = self.fps.frame(elapsed);
        if !self.hud.paused {
            // Keys change only between frames, so one reading serves every tick.
            let mut controls = input::controls(&self.held);
            for _ in 0..self.clock.advance(elapsed) {
                // A request goes with one tick only.
                controls.action = self.action.take();
                self.prev = self.world.camera();
                self.world.step(&controls);
            }
        }
        View {
            pose: self.prev.lerp(&self.world.camera(), self.clock.alpha()),
            fov: self.fov,
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
        self.action = Some(Action::SetModel(self.world.tunables.model.next()));
    }

    /// Asks for the next camera coupling, from the next tick on.
    pub fn cycle_coupling(&mut self) {
        self.action = Some(Action::SetCoupling(self.world.tunables.coupling.next()));
    }

    /// Shows or hides the minimap.
    pub fn toggle_minimap(&mut self) {
        self.hud.minimap = !self.hud.minimap;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::sim::Tunables;

    fn game() -> Game {
        let map = Map::from_rows(&["#######", "#>....#", "#..#..#", "#.....#", "#######"]);
        Game::new(World::new(map, Tunables::default(), 1), 90.0)
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
