//! The master bus's limiter: whatever the voices sum to and whatever the
//! volume, no sample leaves the mixer over [`CEILING`].
//!
//! A peak limiter with an instant attack, a hold and an exponential
//! release, the two channels linked (one gain for both, so the stereo
//! image holds). Each frame the gain first recovers towards 1 by the
//! release (unless a peak came within the hold), then, if
//! the frame's louder channel times that gain would pass the ceiling, drops
//! to exactly what puts it on the ceiling: the ceiling is a true bound,
//! not a target approached over an attack time. Under the ceiling with the
//! gain recovered the samples pass untouched, bit for bit, so a quiet mix
//! renders as it did with no limiter. No lookahead: it adds no latency, at
//! the price of the first over-the-ceiling frame's gain change being
//! abrupt (a sound loud enough to reach it starts with a transient that
//! hides it).
//!
//! Deterministic (`f32` in a fixed order, no clock) and allocation-free:
//! its state is one gain.

/// The highest magnitude a sample leaves at: 0.98, about -0.2 dBFS (the
/// 16-bit files and the device's conversion keep it under full scale).
pub const CEILING: f32 = 0.98;
/// The release's time constant at 48 kHz, seconds: the gain recovers
/// 63 % of the way back to 1 over it.
pub const RELEASE_S: f32 = 0.15;
/// How long the gain holds after a frame reached the ceiling, seconds:
/// longer than a cycle of the lowest tones the clips hold (50 Hz), so a
/// steady loud tone gets one steady gain rather than one pumped every
/// cycle (which would distort it).
pub const HOLD_S: f32 = 0.025;
/// A frame within this share of the ceiling counts as reaching it.
const NEAR_CEILING: f32 = 0.995;
/// A gain this close to 1 is 1 (0.009 dB: the exponential approach would
/// stall in `f32` short of 1).
const UNITY_SNAP: f32 = 1e-3;

/// The limiter's state: the gain it applies now, 0 to 1, and how long it
/// still holds.
#[derive(Clone, Copy, Debug)]
pub struct Limiter {
    gain: f32,
    /// Frames the gain still holds before it recovers.
    holding: u32,
    /// Frames a hold lasts.
    hold: u32,
    /// The share of the way back to 1 the gain goes each frame.
    release: f32,
}

impl Limiter {
    /// A limiter at rest (gain 1) for output at `rate` frames a second.
    ///
    /// # Panics
    /// If `rate` is 0.
    pub fn new(rate: u32) -> Self {
        assert!(rate > 0, "an output rate");
        Self {
            gain: 1.0,
            holding: 0,
            hold: (HOLD_S * rate as f32).round() as u32,
            release: 1.0 - (-1.0 / (RELEASE_S * rate as f32)).exp(),
        }
    }

    /// The gain it applies now (1 at rest).
    pub fn gain(&self) -> f32 {
        self.gain
    }

    /// Limits `out`, interleaved stereo frames, in place: afterwards no
    /// sample's magnitude is over [`CEILING`]. A sample that is not finite
    /// is made silence (a sum of finite clips never is one).
    pub fn run(&mut self, out: &mut [f32]) {
        for frame in out.chunks_exact_mut(2) {
            for x in frame.iter_mut() {
                if !x.is_finite() {
                    *x = 0.0;
                }
            }
            if self.holding > 0 {
                self.holding -= 1;
            } else if self.gain < 1.0 {
                self.gain += self.release * (1.0 - self.gain);
                if self.gain > 1.0 - UNITY_SNAP {
                    self.gain = 1.0;
                }
            }
            let peak = frame[0].abs().max(frame[1].abs());
            if peak * self.gain > CEILING {
                self.gain = CEILING / peak;
            }
            if self.gain < 1.0 && peak * self.gain >= NEAR_CEILING * CEILING {
                self.holding = self.hold;
            }
            if self.gain < 1.0 {
                for x in frame.iter_mut() {
                    // The division above can round a hair high.
                    *x = (*x * self.gain).clamp(-CEILING, CEILING);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_frames_pass_untouched() {
        let mut limiter = Limiter::new(48_000);
        let frames: Vec<f32> = (0..2000).map(|i| (i as f32 * 0.01).sin() * 0.9).collect();
        let mut out = frames.clone();
        limiter.run(&mut out);
        assert_eq!(out, frames);
        assert_eq!(limiter.gain(), 1.0);
    }

    #[test]
    fn loud_frames_stay_under_the_ceiling_and_the_gain_recovers() {
        let mut limiter = Limiter::new(48_000);
        let mut out: Vec<f32> = (0..4800)
            .map(|i| (i as f32 * 0.05).sin() * 7.0)
            .chain([f32::NAN, f32::INFINITY, -1e30, 0.0])
            .collect();
        limiter.run(&mut out);
        assert!(out.iter().all(|x| x.abs() <= CEILING), "a true ceiling");
        let loudest = out.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(loudest > 0.9 * CEILING, "limited, not silenced: {loudest}");
        let mut quiet = vec![0.0f32; 2 * 48_000];
        limiter.run(&mut quiet);
        assert!(limiter.gain() > 0.99, "{}", limiter.gain());
        let mut more = vec![0.0f32; 2 * 48_000];
        limiter.run(&mut more);
        assert_eq!(limiter.gain(), 1.0, "back at rest");
    }

    #[test]
    fn the_release_is_slow_enough_not_to_pump_a_steady_tone() {
        // A steady 60 Hz tone 6 dB over the ceiling settles to one gain:
        // sampled every 1/7 of a cycle, the gain stays within 1 %.
        let mut limiter = Limiter::new(48_000);
        let tone = |i: usize| (i as f32 * std::f32::consts::TAU / 800.0).sin() * 2.0;
        let mut out: Vec<f32> = (0..48_000).flat_map(|i| [tone(i), tone(i)]).collect();
        let mut gains = Vec::new();
        for chunk in out.chunks_mut(2 * 800 / 7) {
            limiter.run(chunk);
            gains.push(limiter.gain());
        }
        let settled = &gains[gains.len() / 2..];
        let lowest = settled.iter().fold(1.0f32, |m, &g| m.min(g));
        let highest = settled.iter().fold(0.0f32, |m, &g| m.max(g));
        assert!(highest - lowest < 0.01, "{lowest}..{highest}");
        let top = out[out.len() / 2..]
            .iter()
            .fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(top <= CEILING && top > 0.97 * CEILING, "{top}");
    }
}
