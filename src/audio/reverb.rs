//! The room's reverberation on the effects bus: Schroeder and Moorer's
//! design as Freeverb tunes it (eight damped feedback combs in parallel,
//! then four allpasses in series, a channel each, the right channel's
//! delays 23 samples longer so the two decorrelate).
//!
//! The room is three numbers, [`Room`]: the decay time (RT60, the seconds
//! the tail takes to fall 60 dB), how bright the tail stays and how loud
//! it is against the dry sound. Each comb's feedback is worked out from
//! the decay time and its own delay (`g = 10^(-3 d / RT60)`), so every
//! comb falls at the same rate and a longer room is a longer tail, not a
//! louder one. The delays never change (changing them would make the tail
//! warble); a room changing glides its numbers over about a third of a
//! second, a block at a time.
//!
//! `f32`, a fixed order, and the delay lines allocated once, in
//! [`Reverb::new`]: rendering allocates nothing.

/// Freeverb's comb delays at 44.1 kHz, samples.
const COMBS: [usize; 8] = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
/// Freeverb's allpass delays at 44.1 kHz, samples.
const ALLPASSES: [usize; 4] = [556, 441, 341, 225];
/// The right channel's delays are this much longer, samples at 44.1 kHz.
const SPREAD: usize = 23;
/// The allpasses' feedback.
const ALLPASS_FEEDBACK: f32 = 0.5;
/// What goes into the combs of the bus's level: the eight combs in
/// parallel sum to about eight times it.
const INPUT: f32 = 0.03;
/// A comb's damping state under this is taken as silence, so a tail
/// ends in exact zeros instead of sinking into subnormal numbers (which
/// x86 computes many times slower): far under a 16-bit sample's step.
const FLOOR: f32 = 1e-15;
/// Seconds over which a room's numbers glide to a new room's (to 1/e).
const GLIDE_S: f32 = 0.35;

/// How a space sounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Room {
    /// Seconds the tail takes to fall 60 dB.
    pub decay_s: f32,
    /// How much of the tail's highs each pass through a comb loses, 0
    /// (bright, stone) to 1 (dull).
    pub damping: f32,
    /// The tail's level against the dry sound, 0 (none) to 1.
    pub wet: f32,
}

impl Room {
    /// No reverberation: a tail of no level.
    pub const DRY: Room = Room {
        decay_s: 0.3,
        damping: 0.5,
        wet: 0.0,
    };
}

/// A feedback comb with a one-pole low-pass in its loop.
#[derive(Clone, Debug)]
struct Comb {
    line: Vec<f32>,
    at: usize,
    low: f32,
    feedback: f32,
}

impl Comb {
    #[inline]
    fn process(&mut self, x: f32, damping: f32) -> f32 {
        let out = self.line[self.at];
        self.low = out * (1.0 - damping) + self.low * damping;
        if self.low.abs() < FLOOR {
            self.low = 0.0;
        }
        self.line[self.at] = x + self.low * self.feedback;
        self.at += 1;
        if self.at == self.line.len() {
            self.at = 0;
        }
        out
    }
}

/// A Schroeder allpass.
#[derive(Clone, Debug)]
struct Allpass {
    line: Vec<f32>,
    at: usize,
}

impl Allpass {
    #[inline]
    fn process(&mut self, x: f32) -> f32 {
        let held = self.line[self.at];
        self.line[self.at] = x + held * ALLPASS_FEEDBACK;
        self.at += 1;
        if self.at == self.line.len() {
            self.at = 0;
        }
        held - x
    }
}

/// One channel's combs and allpasses.
#[derive(Clone, Debug)]
struct Channel {
    combs: Vec<Comb>,
    allpasses: Vec<Allpass>,
}

impl Channel {
    fn new(rate: u32, extra: usize) -> Self {
        let scaled = |n: usize| ((n + extra) as u64 * u64::from(rate) / 44_100).max(1) as usize;
        Self {
            combs: COMBS
                .iter()
                .map(|&n| Comb {
                    line: vec![0.0; scaled(n)],
                    at: 0,
                    low: 0.0,
                    feedback: 0.0,
                })
                .collect(),
            allpasses: ALLPASSES
                .iter()
                .map(|&n| Allpass {
                    line: vec![0.0; scaled(n)],
                    at: 0,
                })
                .collect(),
        }
    }

    fn set_decay(&mut self, decay_s: f32, rate: u32) {
        for comb in &mut self.combs {
            let delay_s = comb.line.len() as f32 / rate as f32;
            comb.feedback = 10f32.powf(-3.0 * delay_s / decay_s.max(0.05));
        }
    }

    #[inline]
    fn process(&mut self, x: f32, damping: f32) -> f32 {
        let mut sum = 0.0;
        for comb in &mut self.combs {
            sum += comb.process(x, damping);
        }
        for allpass in &mut self.allpasses {
            sum = allpass.process(sum);
        }
        sum
    }
}

/// The effects bus's reverberation.
#[derive(Clone, Debug)]
pub struct Reverb {
    rate: u32,
    channels: [Channel; 2],
    /// The room it sounds like now, and the one it glides to.
    now: Room,
    target: Room,
}

impl Reverb {
    /// A reverb at `rate` frames a second, dry until a room is set.
    pub fn new(rate: u32) -> Self {
        let mut reverb = Self {
            rate,
            channels: [Channel::new(rate, 0), Channel::new(rate, SPREAD)],
            now: Room::DRY,
            target: Room::DRY,
        };
        reverb.apply();
        reverb
    }

    /// The room it glides to from the next block on.
    pub fn set_room(&mut self, room: Room) {
        self.target = room;
    }

    /// The room it sounds like now.
    pub fn room(&self) -> Room {
        self.now
    }

    /// Jumps to the room set (a new map: no glide from the last one's).
    pub fn settle(&mut self) {
        self.now = self.target;
        self.apply();
    }

    fn apply(&mut self) {
        for channel in &mut self.channels {
            channel.set_decay(self.now.decay_s, self.rate);
        }
    }

    /// Adds the tail of interleaved stereo `out` to itself: each frame's
    /// two channels, mixed to one, feed both channels' combs.
    pub fn process(&mut self, out: &mut [f32]) {
        let frames = out.len() / 2;
        if frames == 0 {
            return;
        }
        let k = 1.0 - (-(frames as f32) / (GLIDE_S * self.rate as f32)).exp();
        let (now, target) = (self.now, self.target);
        self.now = Room {
            decay_s: now.decay_s + (target.decay_s - now.decay_s) * k,
            damping: now.damping + (target.damping - now.damping) * k,
            wet: now.wet + (target.wet - now.wet) * k,
        };
        self.apply();
        let damping = self.now.damping.clamp(0.0, 0.95);
        // The wet level glides over the block itself, so a door into a hall
        // never steps.
        let mut wet = now.wet;
        let glide = (self.now.wet - now.wet) / frames as f32;
        let [left, right] = &mut self.channels;
        for frame in out.chunks_exact_mut(2) {
            let x = (frame[0] + frame[1]) * INPUT;
            wet += glide;
            frame[0] += left.process(x, damping) * wet;
            frame[1] += right.process(x, damping) * wet;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tail of a click in `room`: the energy of each tenth of a
    /// second after it, for `seconds`.
    fn tail(room: Room, seconds: usize) -> Vec<f32> {
        let mut reverb = Reverb::new(48_000);
        reverb.set_room(room);
        reverb.settle();
        let mut out = vec![0.0; 2 * 48_000 * seconds];
        out[0] = 1.0;
        out[1] = 1.0;
        reverb.process(&mut out);
        out[..2].fill(0.0);
        out.chunks(2 * 4_800)
            .map(|c| c.iter().map(|x| x * x).sum())
            .collect()
    }

    #[test]
    fn a_longer_decay_is_a_longer_tail_falling_at_its_rate() {
        let small = tail(
            Room {
                decay_s: 0.4,
                damping: 0.2,
                wet: 1.0,
            },
            2,
        );
        let hall = tail(
            Room {
                decay_s: 1.6,
                damping: 0.2,
                wet: 1.0,
            },
            2,
        );
        // 0.5 s to 1.5 s after the click the small room has fallen about
        // 150 dB (more than 60 dB a 0.4 s), the hall about 37 dB.
        let fall = |t: &[f32]| 10.0 * (t[5] / t[15]).log10();
        assert!(fall(&small) > 90.0, "{}", fall(&small));
        assert!((25.0..50.0).contains(&fall(&hall)), "{}", fall(&hall));
        assert!(hall[10] > 1e3 * small[10]);
    }

    #[test]
    fn dry_is_silent_and_the_room_glides() {
        assert!(tail(Room::DRY, 1).iter().all(|&e| e == 0.0));
        let mut reverb = Reverb::new(48_000);
        reverb.set_room(Room {
            decay_s: 2.0,
            damping: 0.3,
            wet: 0.5,
        });
        let mut block = vec![0.0; 800];
        reverb.process(&mut block);
        let first = reverb.room().wet;
        assert!(first > 0.0 && first < 0.05, "{first}");
        for _ in 0..300 {
            reverb.process(&mut block);
        }
        assert!((reverb.room().wet - 0.5).abs() < 1e-3);
    }

    #[test]
    fn the_channels_differ() {
        let mut reverb = Reverb::new(48_000);
        reverb.set_room(Room {
            decay_s: 1.0,
            damping: 0.3,
            wet: 1.0,
        });
        reverb.settle();
        let mut out = vec![0.0; 2 * 9_600];
        out[0] = 1.0;
        reverb.process(&mut out);
        // The two tails are decorrelated: their normalised correlation is
        // far from 1.
        let (mut lr, mut ll, mut rr) = (0.0f64, 0.0f64, 0.0f64);
        for f in out.chunks(2).skip(1) {
            let (l, r) = (f64::from(f[0]), f64::from(f[1]));
            (lr, ll, rr) = (lr + l * r, ll + l * l, rr + r * r);
        }
        let correlation = lr / (ll * rr).sqrt();
        assert!(ll > 0.0 && correlation.abs() < 0.5, "{correlation}");
    }
}
