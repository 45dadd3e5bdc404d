//! The event loop's handler: opens the screen, feeds keys, mouse and
//! gamepads to the game, and draws a frame whenever the window asks, asking
//! again after each one. It times the frames' presents and the inputs that
//! go into them (`pacing`), and draws the pacing graph over the frame when
//! asked (F6).

use super::condition_pacing::{ConditionPacing, PacingMark};
use super::game::Game;
use super::input::{self, Command};
use super::limiter::{Limiter, DEFAULT_REFRESH};
use super::pacing::Meter;
use super::pad::{PadNews, Pads};
use super::screen::Screen;
use super::AppError;
use crate::render::pacing::draw_pacing;
use crate::render::Frame;
use crate::settings::{Binding, MouseButton, Present, Video, Wheel};
use std::time::{Instant, SystemTime};
use winit::application::ApplicationHandler;
use winit::event::{
    DeviceEvent, DeviceId, ElementState, KeyEvent, MouseScrollDelta, StartCause, WindowEvent,
};
use winit::event_loop::{ActiveEventLoop, ControlFlow};
use winit::keyboard::PhysicalKey;
use winit::window::WindowId;

/// A touchpad's scrolling that makes one step of the wheel, pixels.
const WHEEL_STEP_PX: f64 = 40.0;

/// Everything the event loop works on, and the error that ended it.
pub(super) struct Runner {
    game: Game,
    title: String,
    /// The video settings the window opens with.
    video: Video,
    /// The gamepads.
    pads: Pads,
    /// The window has the keyboard focus (input from elsewhere is ignored).
    focused: bool,
    /// The cursor is grabbed as the jetpack's pointer.
    grabbed: bool,
    /// None until the platform lets us open the window.
    screen: Option<Screen>,
    /// When the last frame began.
    last_frame: Option<Instant>,
    /// The window is fully covered or minimised, as far as the platform says.
    occluded: bool,
    /// Frames still to present before quitting, for automated checks.
    frames_left: Option<u64>,
    /// The frames' present-to-present and input-to-present times.
    pacing: Meter,
    /// The pacing graph is drawn over the frame.
    show_pacing: bool,
    /// A touchpad's scrolling not yet a whole step of the wheel, pixels.
    wheel: f64,
    /// When the next frame starts, where the presents do not wait for
    /// the display.
    limiter: Limiter,
    /// The first error, kept to return once the loop has exited.
    error: Option<AppError>,
    /// A study's condition under way, whose frame times are written
    /// beside its recording when it ends.
    condition_pacing: ConditionPacing,
}

/// What the event loop leaves behind.
pub(super) struct Finished {
    /// The game, to close.
    pub game: Game,
    /// The error that stopped the loop, if any.
    pub error: Option<AppError>,
    /// The frames' timings.
    pub pacing: Meter,
    /// The frames were paced by the game's limiter: the presents did not
    /// wait for the display.
    pub paced_here: bool,
}

impl Runner {
    /// A handler for `game` that opens a window titled `title` as `video`
    /// asks, and quits after `frames` frames if given; it keeps every
    /// frame's timing if `keep_pacing` (else only the graph's).
    pub fn new(
        mut game: Game,
        title: String,
        video: Video,
        frames: Option<u64>,
        keep_pacing: bool,
    ) -> Self {
        let (pads, warning) = Pads::start();
        let limiter = Limiter::new(DEFAULT_REFRESH, video.present == Present::Vsync);
        if let Some(warning) = warning {
            eprintln!("warning: {warning}");
            game.tell(warning);
        }
        Self {
            game,
            title,
            video,
            pads,
            focused: true,
            grabbed: false,
            screen: None,
            last_frame: None,
            occluded: false,
            frames_left: frames,
            pacing: Meter::new(keep_pacing, frames),
            show_pacing: false,
            wheel: 0.0,
            limiter,
            error: None,
            condition_pacing: ConditionPacing::default(),
        }
    }

    /// What the loop leaves behind: the game, to close, the error that
    /// stopped the loop, if any, and the frames' timings.
    pub fn finish(mut self) -> Finished {
        // A condition cut off by the end: its frames so far.
        self.condition_pacing
            .follow(vec![PacingMark::Stop], &self.pacing);
        Finished {
            game: self.game,
            error: self.error,
            pacing: self.pacing,
            paced_here: self.limiter.is_pacing(),
        }
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
        self.limiter.frame_starts(now);
        self.poll_pads(event_loop);
        // This frame is built from the controls as they are now.
        self.pacing.frame_begins();
        let view = self.game.advance(elapsed);
        self.condition_pacing
            .follow(self.game.take_pacing_marks(), &self.pacing);
        let Some(screen) = &mut self.screen else {
            return;
        };
        if let Some(video) = self.game.take_video_change() {
            self.limiter.set_vsync(video.present == Present::Vsync);
            match screen.apply(&video) {
                Ok(Some(notice)) => self.game.tell(notice),
                Ok(None) => {}
                Err(e) => return self.fail(event_loop, e),
            }
        }
        // Flying, the mouse is the pointer; paused, unfocused or walking,
        // the cursor is the player's again.
        let grab = self.focused && self.game.wants_pointer_grab();
        if grab != self.grabbed {
            screen.grab_pointer(grab);
            self.grabbed = grab;
        }
        if let Err(e) = screen.follow_window() {
            return self.fail(event_loop, e);
        }
        // Nothing would be seen: stop asking for frames until a resize or
        // the end of the occlusion brings them back.
        if !screen.is_drawable() || self.occluded {
            return;
        }
        let (game, pacing, show_pacing) = (&mut self.game, &mut self.pacing, self.show_pacing);
        let shown = screen.present(|frame, w, h| {
            game.draw(&view, frame, w, h);
            if show_pacing {
                draw_pacing(Frame::new(frame, w, h), &pacing.graph());
            }
        });
        match shown {
            Ok(true) => {
                let now = Instant::now();
                self.pacing.presented(now);
                match self.limiter.presented(now) {
                    // The event loop sleeps until then, reading inputs.
                    Some(at) => event_loop.set_control_flow(ControlFlow::WaitUntil(at)),
                    None => screen.request_redraw(),
                }
                self.count_frame(event_loop);
            }
            // Skipped: the next frame shows what this one would have.
            Ok(false) => screen.request_redraw(),
            Err(e) => self.fail(event_loop, e),
        }
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

    /// Reads the active gamepad (every frame: a stick held still keeps
    /// moving the player) and acts on its fresh presses.
    fn poll_pads(&mut self, event_loop: &ActiveEventLoop) {
        let (state, news) = self.pads.poll();
        for n in news {
            self.game.tell(match n {
                PadNews::Connected(name) => format!("gamepad connected: {name}"),
                PadNews::Disconnected(name) => format!("gamepad disconnected: {name}"),
            });
        }
        // Out of focus the pad is someone else's business, as the keys are.
        let state = if self.focused {
            state
        } else {
            Default::default()
        };
        for command in self.game.set_pad(state) {
            self.run(event_loop, command);
        }
    }

    /// Tracks held keys, and acts on fresh presses that are commands.
    fn key(&mut self, event_loop: &ActiveEventLoop, event: &KeyEvent, is_synthetic: bool) {
        let PhysicalKey::Code(code) = event.physical_key else {
            return;
        };
        // A key going down or up changes the controls; a repeat or a
        // press replayed on focus changes nothing.
        if !event.repeat && !is_synthetic {
            self.pacing.input(Instant::now());
        }
        let Some(binding) = input::key_binding(code) else {
            return;
        };
        self.button(
            event_loop,
            binding,
            event.state,
            event.repeat || is_synthetic,
        );
    }

    /// A key or mouse button went down or up. Repeats and the presses X11
    /// replays on focus (`replayed`) hold the binding but give no commands.
    fn button(
        &mut self,
        event_loop: &ActiveEventLoop,
        binding: Binding,
        state: ElementState,
        replayed: bool,
    ) {
        if state == ElementState::Released {
            return self.game.release(binding);
        }
        let commands = self.game.press(binding);
        if replayed {
            return;
        }
        for command in commands {
            self.run(event_loop, command);
        }
    }

    /// A turn of the mouse wheel: each whole step (a notch, or
    /// [`WHEEL_STEP_PX`] of a touchpad's scrolling) is a press of its
    /// binding, let go at once.
    fn scroll(&mut self, event_loop: &ActiveEventLoop, delta: MouseScrollDelta) {
        self.pacing.input(Instant::now());
        self.wheel += match delta {
            MouseScrollDelta::LineDelta(_, y) => f64::from(y),
            MouseScrollDelta::PixelDelta(p) => p.y / WHEEL_STEP_PX,
        };
        // One step at most per event: a fast flick does not skip weapons.
        let step = match self.wheel {
            w if w >= 1.0 => Wheel::Up,
            w if w <= -1.0 => Wheel::Down,
            _ => return,
        };
        self.wheel = 0.0;
        let binding = Binding::Wheel(step);
        self.button(event_loop, binding, ElementState::Pressed, false);
        self.game.release(binding);
    }

    /// Carries out a command.
    fn run(&mut self, event_loop: &ActiveEventLoop, command: Command) {
        match command {
            Command::Quit => event_loop.exit(),
            Command::TogglePause => self.game.toggle_pause(),
            Command::ToggleMinimap => self.game.toggle_minimap(),
            Command::CycleModel => self.game.cycle_model(),
            Command::CycleCoupling => self.game.cycle_coupling(),
            Command::ToggleHelp => self.game.toggle_help(),
            Command::ToggleRecording => self.game.toggle_recording(SystemTime::now()),
            Command::Reload => self.game.reload_now(),
            Command::Restart => self.game.restart(),
            Command::ToggleSteering => self.game.toggle_steering(),
            Command::ToggleReadout => self.game.toggle_readout(),
            Command::TogglePacing => self.show_pacing = !self.show_pacing,
            Command::ToggleJetpack => self.game.toggle_jetpack(),
            Command::Use => self.game.use_door(),
            Command::Level => self.game.level_pointer(),
            Command::Weapon(choice) => self.game.choose_weapon(choice),
            Command::ToggleFullscreen => {
                if let Some(screen) = &self.screen {
                    screen.toggle_fullscreen();
                }
            }
        }
    }
}

/// Our name for a winit mouse button; None for the numbered extras.
fn mouse_button(button: winit::event::MouseButton) -> Option<MouseButton> {
    use winit::event::MouseButton as W;
    Some(match button {
        W::Left => MouseButton::Left,
        W::Right => MouseButton::Right,
        W::Middle => MouseButton::Middle,
        W::Back => MouseButton::Back,
        W::Forward => MouseButton::Forward,
        W::Other(_) => return None,
    })
}

impl ApplicationHandler for Runner {
    fn new_events(&mut self, event_loop: &ActiveEventLoop, cause: StartCause) {
        // The limiter's time for the next frame has come.
        if let (StartCause::ResumeTimeReached { .. }, Some(screen)) = (cause, &self.screen) {
            event_loop.set_control_flow(ControlFlow::Wait);
            screen.request_redraw();
        }
    }

    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        // Desktop platforms resume once; opening a second window would be wrong.
        if self.screen.is_some() {
            return;
        }
        match Screen::open(event_loop, &self.title, &self.video) {
            Ok(screen) => {
                self.game.window_opened(screen.describe());
                let vsync = self.video.present == Present::Vsync;
                self.limiter = Limiter::new(screen.refresh_period(), vsync);
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
            WindowEvent::Focused(false) => {
                self.focused = false;
                self.game.release_all();
            }
            WindowEvent::Focused(true) => self.focused = true,
            WindowEvent::MouseInput { state, button, .. } => {
                self.pacing.input(Instant::now());
                if let Some(b) = mouse_button(button) {
                    self.button(event_loop, Binding::Mouse(b), state, false);
                }
            }
            WindowEvent::MouseWheel { delta, .. } => self.scroll(event_loop, delta),
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

    fn device_event(&mut self, _: &ActiveEventLoop, _: DeviceId, event: DeviceEvent) {
        // Raw motion: not stopped by the window's edge, not accelerated.
        if let (DeviceEvent::MouseMotion { delta: (dx, dy) }, true) = (event, self.focused) {
            self.pacing.input(Instant::now());
            self.game.add_mouse(dx, dy);
        }
    }
}
