//! Real time to simulation ticks: a fixed-step accumulator, and a frame
//! rate meter for the HUD. Both take elapsed seconds from the caller, so
//! they never read a clock themselves and test without waiting.

/// The most real time, in seconds, one frame may hand to the simulation.
/// After a stall (a dragged window, a debugger) the game slows down for a
/// moment instead of running ever more ticks to catch up.
pub(super) const MAX_CATCH_UP: f64 = 0.25;

/// How long the frame rate meter averages over, in seconds.
pub(super) const FPS_WINDOW: f64 = 0.5;

/// Turns real elapsed time into whole ticks of `dt` seconds, keeping the
/// remainder for the next frame.
#[derive(Clone, Debug)]
pub(super) struct FixedStep {
    /// Length of one tick in seconds.
    dt: f64,
    /// Real time not yet simulated, in seconds.
    accumulator: f64,
}

impl FixedStep {
    /// A clock of ticks `dt` seconds long, with nothing owed.
    pub fn new(dt: f64) -> Self {
        assert!(dt > 0.0, "tick length {dt} s");
        Self {
            dt,
            accumulator: 0.0,
        }
    }

    /// Adds `elapsed` real seconds (at most [`MAX_CATCH_UP`]) and returns
    /// how many ticks are now due.
    pub fn advance(&mut self, elapsed: f64) -> u32 {
        self.accumulator += elapsed.clamp(0.0, MAX_CATCH_UP);
        let mut ticks = 0;
        while self.accumulator >= self.dt {
            self.accumulator -= self.dt;
            ticks += 1;
        }
        ticks
    }

    /// How far (0 to 1) real time has gone past the newest tick towards
    /// the next: the blend between the last two ticks' poses.
    pub fn alpha(&self) -> f64 {
        (self.accumulator / self.dt).clamp(0.0, 1.0)
    }
}

/// Frames per second, averaged over about [`FPS_WINDOW`] seconds so the
/// number is steady enough to read.
#[derive(Clone, Debug, Default)]
pub(super) struct FpsMeter {
    /// Frames counted in the current window.
    frames: u32,
    /// Seconds in the current window.
    elapsed: f64,
    /// The rate over the last full window, if one has passed.
    rate: Option<f64>,
}

impl FpsMeter {
    /// Counts a frame that came `elapsed` seconds after the one before,
    /// and returns the latest measured rate.
    pub fn frame(&mut self, elapsed: f64) -> Option<f64> {
        self.frames += 1;
        self.elapsed += elapsed.max(0.0);
        if self.elapsed >= FPS_WINDOW {
            self.rate = Some(self.frames as f64 / self.elapsed);
            self.frames = 0;
            self.elapsed = 0.0;
        }
        self.rate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 120.0;

    #[test]
    fn one_second_is_one_tick_rate() {
        let mut step = FixedStep::new(DT);
        let ticks: u32 = (0..60).map(|_| step.advance(1.0 / 60.0)).sum();
        assert!((119..=120).contains(&ticks), "{ticks} ticks");
    }

    #[test]
    fn the_remainder_carries_over() {
        let mut step = FixedStep::new(DT);
        assert_eq!(step.advance(DT * 0.6), 0);
        assert!((step.alpha() - 0.6).abs() < 1e-9);
        assert_eq!(step.advance(DT * 0.6), 1);
        assert!((step.alpha() - 0.2).abs() < 1e-9);
    }

    #[test]
    fn a_stall_costs_at_most_the_catch_up() {
        let mut step = FixedStep::new(DT);
        let ticks = step.advance(10.0);
        let most = (MAX_CATCH_UP / DT).round() as u32;
        // Rounding may leave the last tick a hair short of due.
        assert!((most - 1..=most).contains(&ticks), "{ticks} ticks");
        assert_eq!(step.advance(0.0), 0, "nothing more is owed");
    }

    #[test]
    fn time_going_backwards_is_no_time() {
        let mut step = FixedStep::new(DT);
        assert_eq!(step.advance(-1.0), 0);
        assert_eq!(step.alpha(), 0.0);
    }

    #[test]
    fn fps_is_unknown_until_a_window_has_passed() {
        let mut fps = FpsMeter::default();
        assert_eq!(fps.frame(0.1), None);
        assert_eq!(fps.frame(0.1), None);
    }

    #[test]
    fn fps_averages_over_the_window() {
        let mut fps = FpsMeter::default();
        // 1/64 s frames: exact in binary, so 32 of them are exactly 0.5 s.
        let mut last = None;
        for _ in 0..32 {
            last = fps.frame(1.0 / 64.0);
        }
        assert_eq!(last, Some(64.0));
        // The reading holds until the next window completes.
        assert_eq!(fps.frame(0.25), Some(64.0));
        assert_eq!(fps.frame(0.25), Some(4.0));
    }
}
