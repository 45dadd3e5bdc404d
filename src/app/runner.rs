//! The event loop's handler: opens the screen, feeds keys to the game, and
//! draws a frame whenever the window asks, asking again after each one.

use super::game::Game;
use super::input::{self, Command};
use super::screen::Screen;
use super::AppError;
use std::time::{Instant, SystemTime};
use winit::application::ApplicationHandler;
use winit::event::{ElementState, KeyEvent, WindowEvent};
use winit::event_loop::ActiveEventLoop;
use winit::keyboard::PhysicalKey;
use winit::window::WindowId;

/// Everything the event loop works on, and the error that ended it.
pub(super) struct Runner {
    game: Game,
    title: String,
    /// The pixel buffer's size.
    buffer: (u32, u32),
    /// None until the platform lets us open the window.
    screen: Option<Screen>,
    /// When the last frame began.
    last_frame: Option<Instant>,
    /// The window is fully covered or minimised, as far as the platform says.
    occluded: bool,
    /// Frames still to present before quitting, for automated checks.
    frames_left: Option<u64>,
    /// The first error, kept to return once the loop has exited.
    error: Option<AppError>,
}

impl Runner {
    /// A handler for `game` that opens a window titled `title` showing a
    /// `buffer`-sized picture, and quits after `frames` frames if given.
    pub fn new(game: Game, title: String, buffer: (u32, u32), frames: Option<u64>) -> Self {
        Self {
            game,
            title,
            buffer,
            screen: None,
            last_frame: None,
            occluded: false,
            frames_left: frames,
            error: None,
        }
    }

    /// The game, to close, and the error that stopped the loop, if any.
    pub fn finish(self) -> (Game, Option<AppError>) {
        (self.game, self.error)
    }

    /// Keeps `error` (the first one wins: later ones are usually its
    /// echoes) and leaves the loop.
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: AppError) {
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    /// Advances the game by the real time since the last frame, draws it
    /// and asks for the next frame.
    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let elapsed = self.last_frame.map_or(0.0, |t| (now - t).as_secs_f64());
        self.last_frame = Some(now);
        let view = self.game.advance(elapsed);
        let Some(screen) = &mut self.screen else {
            return;
        };
        // Nothing would be seen: stop asking for frames until a resize or
        // the end of the occlusion brings them back.
        if !screen.is_drawable() || self.occluded {
            return;
        }
        let game = &self.game;
        if let Err(e) = screen.present(|frame, w, h| game.draw(&view, frame, w, h)) {
            return self.fail(event_loop, e);
        }
        screen.request_redraw();
        self.count_frame(event_loop);
    }

    /// Counts a presented frame, leaving the loop after the last one asked
    /// for.
    fn count_frame(&mut self, event_loop: &ActiveEventLoop) {
        if let Some(left) = &mut self.frames_left {
            *left = left.saturating_sub(1);
            if *left == 0 {
                event_loop.exit();
            }
        }
    }

    /// Follows a window resize.
    fn resize(&mut self, event_loop: &ActiveEventLoop, size: winit::dpi::PhysicalSize<u32>) {
        let Some(screen) = &mut self.screen else {
            return;
        };
        match screen.resize(size) {
            // Restored from minimised, the window needs frames again.
            Ok(()) => screen.request_redraw(),
            Err(e) => self.fail(event_loop, e),
        }
    }

    /// Notes whether the window can be seen, asking for frames again once
    /// it can.
    fn occlude(&mut self, occluded: bool) {
        self.occluded = occluded;
        if let (false, Some(screen)) = (occluded, &self.screen) {
            screen.request_redraw();
        }
    }

    /// Tracks held keys, and acts on fresh presses that are commands.
    fn key(&mut self, event_loop: &ActiveEventLoop, event: &KeyEvent, is_synthetic: bool) {
        let PhysicalKey::Code(key) = event.physical_key else {
            return;
        };
        if event.state == ElementState::Released {
            self.game.release(key);
            return;
        }
        self.game.press(key);
        // Repeats and the presses X11 replays on focus are not new presses.
        if event.repeat || is_synthetic {
            return;
        }
        match input::command(key, self.game.alt_held()) {
            Some(Command::Quit) => event_loop.exit(),
            Some(Command::TogglePause) => self.game.toggle_pause(),
            Some(Command::ToggleMinimap) => self.game.toggle_minimap(),
            Some(Command::CycleModel) => self.game.cycle_model(),
            Some(Command::CycleCoupling) => self.game.cycle_coupling(),
            Some(Command::ToggleHelp) => self.game.toggle_help(),
            Some(Command::ToggleRecording) => self.game.toggle_recording(SystemTime::now()),
            Some(Command::ToggleFullscreen) => {
                if let Some(screen) = &self.screen {
                    screen.toggle_fullscreen();
                }
            }
            None => {}
        }
    }
}

impl ApplicationHandler for Runner {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        // Desktop platforms resume once; opening a second window would be wrong.
        if self.screen.is_some() {
            return;
        }
        match Screen::open(event_loop, &self.title, self.buffer) {
            Ok(screen) => {
                screen.request_redraw();
                self.screen = Some(screen);
            }
            Err(e) => return self.fail(event_loop, e),
        }
        // Asked for no frames at all: the window opened, and that is all.
        if self.frames_left == Some(0) {
            event_loop.exit();
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => self.resize(event_loop, size),
            // The releases of keys held now go to another window.
            WindowEvent::Focused(false) => self.game.release_all(),
            WindowEvent::KeyboardInput {
                event,
                is_synthetic,
                ..
            } => self.key(event_loop, &event, is_synthetic),
            WindowEvent::Occluded(occluded) => self.occlude(occluded),
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            _ => {}
        }
    }
}
