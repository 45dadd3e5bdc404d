//! Frames paced to the display when the presents do not pace them. With
//! vsync asked, a present waits for the display's refresh on most systems,
//! and the game draws one frame a refresh. Mesa's software Vulkan
//! (lavapipe) on an X server without a GPU, such as Xvfb, returns at once
//! instead: the game then draws as many frames as the processor allows,
//! each as long as the driver's share of a busy machine makes it (8 to 30
//! ms on the 2-core CI machine), and takes the processor from the X server
//! and the driver that show them. So once [`FAST_FRAMES`] of the last
//! [`WINDOW`] presents came sooner than [`FAST_SHARE`] of a refresh after
//! the one before, the limiter starts each frame one refresh after the
//! last one started, and the event loop waits in between (inputs are still
//! read while it waits).
//!
//! The instants are passed in, so it tests without waiting.

use std::time::{Duration, Instant};

/// Present-to-present times looked at: about half a second at 60 Hz.
pub(super) const WINDOW: u32 = 32;

/// Of the last [`WINDOW`] present-to-present times, how many sooner than a
/// refresh show that the presents do not wait. A present that waits for the
/// display fills the swap chain's few images within a handful of frames,
/// then waits every time; one that does not may still be slower than a
/// refresh now and then, when the machine is busy.
pub(super) const FAST_FRAMES: u32 = 24;

/// A present-to-present time under this share of a refresh is "sooner than
/// a refresh", leaving room for a display a little faster than it says.
const FAST_SHARE: f64 = 0.9;

/// The display refresh assumed when the platform does not tell it: 60 Hz.
pub(super) const DEFAULT_REFRESH: Duration = Duration::from_nanos(16_666_667);

/// When the next frame should start.
#[derive(Debug)]
pub(super) struct Limiter {
    /// The display's refresh period.
    period: Duration,
    /// Vsync is asked for: only then are frames paced here.
    vsync: bool,
    /// The presents were seen not to wait: frames are paced here.
    pacing: bool,
    /// The last [`WINDOW`] present-to-present times, newest in bit 0: 1
    /// for sooner than a refresh.
    fast: u32,
    /// Present-to-present times seen, up to [`WINDOW`].
    seen: u32,
    /// The last present.
    last_present: Option<Instant>,
    /// When the frame being drawn was due to start (its start if it was
    /// not scheduled).
    started: Option<Instant>,
    /// When the next frame is due to start.
    next: Option<Instant>,
}

impl Limiter {
    /// A limiter for a display refreshing every `period`, pacing only if
    /// `vsync` is asked for and the presents turn out not to wait.
    pub fn new(period: Duration, vsync: bool) -> Self {
        Self {
            period,
            vsync,
            pacing: false,
            fast: 0,
            seen: 0,
            last_present: None,
            started: None,
            next: None,
        }
    }

    /// True once frames are paced here.
    pub fn is_pacing(&self) -> bool {
        self.pacing
    }

    /// Follows a change of present mode: with vsync asked again, whether
    /// the presents wait is found out again.
    pub fn set_vsync(&mut self, vsync: bool) {
        if vsync != self.vsync {
            *self = Self::new(self.period, vsync);
        }
    }

    /// A frame starts `now`. If it starts within a refresh after it was
    /// due, its due time stands for its start, so the timer's lateness does
    /// not push every later frame back.
    pub fn frame_starts(&mut self, now: Instant) {
        let due = self
            .next
            .take()
            .filter(|&due| due <= now && now.saturating_duration_since(due) < self.period);
        self.started = Some(due.unwrap_or(now));
    }

    /// The frame was presented `now`: returns when the next should start,
    /// or None for at once.
    pub fn presented(&mut self, now: Instant) -> Option<Instant> {
        if let Some(last) = self.last_present.replace(now) {
            let soon = now.saturating_duration_since(last).as_secs_f64()
                < self.period.as_secs_f64() * FAST_SHARE;
            self.fast = self.fast << 1 | u32::from(soon);
            self.seen = (self.seen + 1).min(WINDOW);
        }
        if self.vsync && self.seen == WINDOW && self.fast.count_ones() >= FAST_FRAMES {
            self.pacing = true;
        }
        if !self.pacing {
            return None;
        }
        let next = self.started.unwrap_or(now) + self.period;
        self.next = Some(next);
        (next > now).then_some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);
    const PERIOD: Duration = Duration::from_millis(16);

    /// Runs frames that take `draw` each, starting whenever the limiter
    /// says (at once, or at its time, `late` after it); returns the starts
    /// and the last present.
    fn run(
        limiter: &mut Limiter,
        t0: Instant,
        frames: usize,
        draw: Duration,
        late: Duration,
    ) -> (Vec<Instant>, Instant) {
        let (mut now, mut starts) = (t0, Vec::new());
        for _ in 0..frames {
            limiter.frame_starts(now);
            starts.push(now);
            now += draw;
            if let Some(at) = limiter.presented(now) {
                assert!(at > now);
                now = at + late;
            }
        }
        (starts, now)
    }

    #[test]
    fn presents_that_wait_for_the_display_are_left_alone() {
        let t0 = Instant::now();
        let mut limiter = Limiter::new(PERIOD, true);
        // A waiting present: each frame takes the whole refresh.
        let (starts, _) = run(&mut limiter, t0, 200, PERIOD, Duration::ZERO);
        assert!(!limiter.is_pacing());
        assert_eq!(starts[199] - starts[198], PERIOD);
    }

    #[test]
    fn presents_that_come_back_at_once_are_paced_a_refresh_apart() {
        let t0 = Instant::now();
        let mut limiter = Limiter::new(PERIOD, true);
        // 10 ms frames: the first WINDOW + 1 presents (WINDOW frame
        // times) go at once, then every frame starts a refresh after the
        // last, though the timer wakes 1 ms late.
        let (starts, _) = run(&mut limiter, t0, 60, 10 * MS, MS);
        assert!(limiter.is_pacing());
        let gaps: Vec<Duration> = starts.windows(2).map(|w| w[1] - w[0]).collect();
        let unpaced = WINDOW as usize;
        assert!(gaps[..unpaced].iter().all(|&g| g == 10 * MS), "{gaps:?}");
        // The first paced start is the timer's, 1 ms late; from then on the
        // lateness does not add up.
        assert_eq!(gaps[unpaced], PERIOD + MS, "{gaps:?}");
        assert!(gaps[unpaced + 1..].iter().all(|&g| g == PERIOD), "{gaps:?}");
    }

    #[test]
    fn presents_that_do_not_wait_are_found_out_on_a_busy_machine_too() {
        let t0 = Instant::now();
        let mut limiter = Limiter::new(PERIOD, true);
        // Every fourth frame slower than a refresh (the machine busy): 24
        // of every 32 are sooner.
        let mut now = t0;
        for i in 0..WINDOW + 1 {
            limiter.frame_starts(now);
            now += if i % 4 == 3 { 20 * MS } else { 10 * MS };
            let next = limiter.presented(now);
            assert_eq!(limiter.is_pacing(), i == WINDOW, "frame {i}");
            assert_eq!(next.is_some(), i == WINDOW, "frame {i}");
        }
        // One in three at a full refresh: 21 or 22 of every 32 sooner,
        // too few to tell.
        let mut limiter = Limiter::new(PERIOD, true);
        for i in 0..200 {
            limiter.frame_starts(now);
            now += if i % 3 == 2 { 16 * MS } else { 10 * MS };
            limiter.presented(now);
        }
        assert!(!limiter.is_pacing());
    }

    #[test]
    fn a_long_frame_is_followed_at_once_and_the_cadence_starts_again() {
        let t0 = Instant::now();
        let mut limiter = Limiter::new(PERIOD, true);
        let (_, mut now) = run(&mut limiter, t0, 40, 10 * MS, Duration::ZERO);
        assert!(limiter.is_pacing());
        // A 40 ms frame: more than two refreshes late, the next starts at
        // once, and the one after a refresh after that.
        limiter.frame_starts(now);
        now += 40 * MS;
        assert_eq!(limiter.presented(now), None);
        limiter.frame_starts(now);
        let start = now;
        now += 10 * MS;
        assert_eq!(limiter.presented(now), Some(start + PERIOD));
    }

    #[test]
    fn without_vsync_frames_are_never_paced_and_asking_for_it_looks_again() {
        let t0 = Instant::now();
        let mut limiter = Limiter::new(PERIOD, false);
        run(&mut limiter, t0, 100, 5 * MS, Duration::ZERO);
        assert!(!limiter.is_pacing());
        limiter.set_vsync(true);
        let (_, now) = run(
            &mut limiter,
            t0 + Duration::from_secs(1),
            100,
            5 * MS,
            Duration::ZERO,
        );
        assert!(limiter.is_pacing());
        limiter.set_vsync(false);
        assert!(!limiter.is_pacing());
        limiter.frame_starts(now);
        assert_eq!(limiter.presented(now + MS), None);
    }
}
