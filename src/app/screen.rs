//! The window and the pixel buffer shown in it, scaled to fill the window
//! with its aspect ratio kept.

use super::limiter::DEFAULT_REFRESH;
use super::AppError;
use crate::settings::{Present, Scaling, Video};
use pixels::{Pixels, PixelsBuilder, ScalingMode, SurfaceTexture};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::time::Duration;
use winit::dpi::{LogicalSize, PhysicalSize};
use winit::event_loop::ActiveEventLoop;
use winit::window::{CursorGrabMode, Fullscreen, Window};

/// The largest window, in logical pixels, opened at first: the buffer at
/// the biggest whole-number scale that fits on a small laptop screen.
const FIRST_WINDOW_MAX: (u32, u32) = (1280, 720);

/// Frames in a row that may fail to show before the game gives up: about
/// two seconds at 60 frames a second, time for the window to settle.
const MAX_FAILED_FRAMES: u32 = 120;

/// A window showing an RGBA buffer of a fixed size.
pub(super) struct Screen {
    /// Shared with `pixels`, whose surface must not outlive it.
    window: Arc<Window>,
    pixels: Pixels<'static>,
    /// The buffer's size in pixels.
    buffer: (u32, u32),
    /// The window's inner size in physical pixels; 0 when minimised.
    surface: (u32, u32),
    /// The present mode asked for when the buffer was made.
    present: Present,
    /// Frames that failed to show, in a row.
    failures: Failures,
}

impl Screen {
    /// Opens a resizable window titled `title` showing a pixel buffer as
    /// `video` asks (its size, present mode, scaling and fullscreen).
    pub fn open(
        event_loop: &ActiveEventLoop,
        title: &str,
        video: &Video,
    ) -> Result<Self, AppError> {
        let buffer = video.size;
        let fullscreen = video.fullscreen.then_some(Fullscreen::Borderless(None));
        let attributes = Window::default_attributes()
            .with_title(title)
            .with_inner_size(first_window_size(buffer))
            .with_fullscreen(fullscreen)
            .with_resizable(true);
        let window = Arc::new(
            event_loop
                .create_window(attributes)
                .map_err(AppError::Window)?,
        );
        let size = window.inner_size();
        let pixels = buffer_for(&window, size, video)?;
        let mut screen = Self {
            window,
            pixels,
            buffer,
            surface: (0, 0),
            present: video.present,
            failures: Failures::default(),
        };
        screen.resize(size)?;
        Ok(screen)
    }

    /// Follows the window to its new inner `size`. A zero size (minimised)
    /// is noted and nothing else: there is no surface to draw on.
    pub fn resize(&mut self, size: PhysicalSize<u32>) -> Result<(), AppError> {
        self.surface = (size.width, size.height);
        if self.is_drawable() {
            self.pixels
                .resize_surface(size.width, size.height)
                .map_err(|e| AppError::Resize {
                    width: size.width,
                    height: size.height,
                    source: e,
                })?;
        }
        Ok(())
    }

    /// True when the window has an area to draw on.
    pub fn is_drawable(&self) -> bool {
        self.surface.0 > 0 && self.surface.1 > 0
    }

    /// Follows the window to the size it has now, whatever the events have
    /// said so far. pixels (0.17.2) retries a lost or outdated surface by
    /// reconfiguring it at the last size it was told, with no bound: if the
    /// window changed size since, Mesa's X11 Vulkan answers "outdated"
    /// forever, and the resize event that would end it is never read. Call
    /// it before every frame.
    pub fn follow_window(&mut self) -> Result<(), AppError> {
        let size = self.window.inner_size();
        if (size.width, size.height) == self.surface {
            return Ok(());
        }
        self.resize(size)
    }

    /// Lets `paint` fill the buffer (RGBA, width, height), then shows it;
    /// false if showing it failed (pixels also skips a frame by itself, with
    /// no failure, while the surface is occluded or times out). A frame that
    /// fails to show is skipped (pixels has reconfigured the surface by
    /// then); only [`MAX_FAILED_FRAMES`] failures in a row are an error.
    pub fn present(
        &mut self,
        paint: impl FnOnce(&mut [u8], usize, usize),
    ) -> Result<bool, AppError> {
        let (w, h) = self.buffer;
        paint(self.pixels.frame_mut(), w as usize, h as usize);
        // pixels skips a frame by itself while the surface is occluded or
        // times out.
        let shown = self.pixels.render();
        match (self.failures.note(shown.is_ok()), shown) {
            (true, Err(e)) => Err(AppError::Render(e)),
            (_, shown) => Ok(shown.is_ok()),
        }
    }

    /// Follows changed video settings while running: buffer size, present
    /// mode, scaling and fullscreen. Returns a notice for the player when a
    /// change must wait for the next start: mailbox is checked against the
    /// display only when the buffer is made, so a switch to it waits.
    pub fn apply(&mut self, video: &Video) -> Result<Option<String>, AppError> {
        let mut notice = None;
        if video.size != self.buffer {
            let (w, h) = video.size;
            self.pixels
                .resize_buffer(w, h)
                .map_err(|e| AppError::Resize {
                    width: w,
                    height: h,
                    source: e,
                })?;
            self.buffer = video.size;
        }
        if video.present != self.present {
            match video.present {
                // The automatic modes are on every display (wgpu picks
                // immediate, then mailbox, then vsync for AutoNoVsync).
                Present::Vsync | Present::Immediate => {
                    self.pixels.set_present_mode(present_mode(video.present));
                    self.present = video.present;
                }
                Present::Mailbox => {
                    notice = Some("present_mode = \"mailbox\" applies at the next start".into());
                }
            }
        }
        self.pixels.set_scaling_mode(scaling_mode(video.scaling));
        if video.fullscreen != self.window.fullscreen().is_some() {
            self.toggle_fullscreen();
        }
        // The scale is worked out when the surface is sized.
        self.resize(self.window.inner_size())?;
        Ok(notice)
    }

    /// How often the window's display refreshes, as the platform tells
    /// it; [`DEFAULT_REFRESH`] (60 Hz) if it does not, or tells a rate
    /// under 20 Hz or over 1000 Hz.
    pub fn refresh_period(&self) -> Duration {
        let millihertz = self
            .window
            .current_monitor()
            .and_then(|m| m.refresh_rate_millihertz())
            .filter(|mhz| (20_000..=1_000_000).contains(mhz));
        millihertz.map_or(DEFAULT_REFRESH, |mhz| {
            Duration::from_secs_f64(1000.0 / f64::from(mhz))
        })
    }

    /// What the platform tells of the window now, for a study's record:
    /// its size, fullscreen, the monitor's refresh rate, the present mode
    /// asked for and the graphics adapter that draws.
    pub fn describe(&self) -> crate::study::run::Window {
        let info = self.pixels.adapter().get_info();
        let size = self.window.inner_size();
        let refresh_hz = self
            .window
            .current_monitor()
            .and_then(|m| m.refresh_rate_millihertz())
            .map(|mhz| f64::from(mhz) / 1000.0);
        crate::study::run::Window {
            resolution: (size.width, size.height),
            render_size: self.buffer,
            fullscreen: self.window.fullscreen().is_some(),
            refresh_hz,
            present_mode: self.present.name().to_string(),
            adapter: format!("{} ({}, {:?})", info.name, info.driver, info.backend),
        }
    }

    /// Asks for another frame.
    pub fn request_redraw(&self) {
        self.window.request_redraw();
    }

    /// Grabs and hides the cursor so that its raw motion steers the
    /// jetpack (Locked, or Confined where the platform cannot lock, as on
    /// X11), or lets it go. A platform that allows neither keeps a free
    /// cursor: raw motion still arrives.
    pub fn grab_pointer(&self, on: bool) {
        if on {
            if self.window.set_cursor_grab(CursorGrabMode::Locked).is_err() {
                let _ = self.window.set_cursor_grab(CursorGrabMode::Confined);
            }
        } else {
            let _ = self.window.set_cursor_grab(CursorGrabMode::None);
        }
        self.window.set_cursor_visible(!on);
    }

    /// Switches between a window and borderless fullscreen on the current
    /// monitor.
    pub fn toggle_fullscreen(&self) {
        let next = match self.window.fullscreen() {
            Some(_) => None,
            None => Some(Fullscreen::Borderless(None)),
        };
        self.window.set_fullscreen(next);
    }
}

/// The pixel buffer `video` asks for, drawn on `window` (whose inner
/// size is `size`) and scaled to it.
fn buffer_for(
    window: &Arc<Window>,
    size: PhysicalSize<u32>,
    video: &Video,
) -> Result<Pixels<'static>, AppError> {
    let (w, h) = video.size;
    // The surface may not be 0 wide; the real size follows in `resize`.
    let surface = SurfaceTexture::new(size.width.max(1), size.height.max(1), Arc::clone(window));
    // pixels falls back to vsync where the display lacks the mode asked for.
    let builder = PixelsBuilder::new(w, h, surface).present_mode(present_mode(video.present));
    let mut pixels = without_panics(|| builder.build())?.map_err(AppError::from_pixels)?;
    // pixels computes the scale in `resize_surface`, which `open` calls next.
    pixels.set_scaling_mode(scaling_mode(video.scaling));
    Ok(pixels)
}

/// Counts frames that failed to show in a row.
#[derive(Debug, Default)]
struct Failures {
    in_a_row: u32,
}

impl Failures {
    /// Notes whether a frame was shown; true once [`MAX_FAILED_FRAMES`]
    /// have failed in a row, when it is time to give up.
    fn note(&mut self, shown: bool) -> bool {
        self.in_a_row = if shown { 0 } else { self.in_a_row + 1 };
        self.in_a_row >= MAX_FAILED_FRAMES
    }
}

/// wgpu's present mode for `present`.
fn present_mode(present: Present) -> pixels::wgpu::PresentMode {
    use pixels::wgpu::PresentMode;
    match present {
        Present::Vsync => PresentMode::AutoVsync,
        Present::Mailbox => PresentMode::Mailbox,
        Present::Immediate => PresentMode::AutoNoVsync,
    }
}

/// pixels' name for a scaling.
fn scaling_mode(scaling: Scaling) -> ScalingMode {
    match scaling {
        Scaling::Fill => ScalingMode::Fill,
        Scaling::PixelPerfect => ScalingMode::PixelPerfect,
    }
}

/// Runs `setup`, turning a panic into a missing-adapter error. wgpu's
/// adapter search panics instead of failing when `WGPU_ADAPTER_NAME` names
/// no adapter that can draw on the window.
fn without_panics<T>(setup: impl FnOnce() -> T) -> Result<T, AppError> {
    let report = panic::take_hook();
    // The panic becomes our error's cause; the default report would only
    // add a confusing "panicked at" line before it.
    panic::set_hook(Box::new(|_| {}));
    let outcome = panic::catch_unwind(AssertUnwindSafe(setup));
    panic::set_hook(report);
    outcome.map_err(|payload| {
        let reason = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no reason given".into());
        AppError::NoAdapter(format!("the graphics library gave up: {reason}").into())
    })
}

/// The first window's size: the buffer at the largest whole-number scale
/// within [`FIRST_WINDOW_MAX`], and never smaller than the buffer.
fn first_window_size((w, h): (u32, u32)) -> LogicalSize<u32> {
    let (max_w, max_h) = FIRST_WINDOW_MAX;
    let scale = (max_w / w.max(1)).min(max_h / h.max(1)).max(1);
    LogicalSize::new(w * scale, h * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_window_is_a_whole_scale_of_the_buffer() {
        assert_eq!(first_window_size((640, 360)), LogicalSize::new(1280, 720));
        assert_eq!(first_window_size((320, 200)), LogicalSize::new(960, 600));
        assert_eq!(
            first_window_size((1920, 1080)),
            LogicalSize::new(1920, 1080)
        );
    }

    #[test]
    fn failed_frames_are_skipped_until_too_many_fail_in_a_row() {
        let mut f = Failures::default();
        for _ in 1..MAX_FAILED_FRAMES {
            assert!(!f.note(false));
        }
        // One frame shown starts the count again.
        assert!(!f.note(true));
        for _ in 1..MAX_FAILED_FRAMES {
            assert!(!f.note(false));
        }
        assert!(f.note(false));
    }
}
