//! The ambience bed: a quiet sound of the place under everything,
//! synthesised as it plays, so it has no loop and no seam.
//!
//! - `room`: a stone room's tone, brown noise (integrated white noise)
//!   low-passed near 250 Hz, each ear its own noise so it is wide.
//! - `wind`: wind over open sky, noise through a band-pass whose centre
//!   and level wander on two slow sines of unrelated periods (gusts that
//!   never repeat within minutes).
//! - `hum`: a bunker's machinery: a 50 Hz mains hum with its harmonics up
//!   to 400 Hz (so small speakers carry it), two of them beating, a slow
//!   pump's swell, and a little low noise.
//!
//! A map names its bed (`ambience = NAME`, maps/README.md); `none` is
//! silence. `f32`, a fixed order, nothing allocated per block.

use super::synth::{one_pole, wrap, Noise, SineTable};

/// A map's ambience bed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ambience {
    /// Silence.
    #[default]
    None,
    /// A stone room's low tone.
    Room,
    /// Wind over open sky.
    Wind,
    /// Machinery's hum.
    Hum,
}

impl Ambience {
    /// Every bed, with its name in a map file.
    pub const ALL: [(Ambience, &'static str); 4] = [
        (Ambience::None, "none"),
        (Ambience::Room, "room"),
        (Ambience::Wind, "wind"),
        (Ambience::Hum, "hum"),
    ];

    /// The bed named `name`.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.iter().find(|(_, n)| *n == name).map(|(a, _)| *a)
    }

    /// Its name in a map file.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(a, _)| *a == self)
            .map_or("none", |(_, n)| n)
    }
}

/// The room tone's corner, Hz, and its level.
const ROOM_HZ: f32 = 250.0;
const ROOM_LEVEL: f32 = 0.3;
/// The brown noise's leak (keeps the integral from wandering off).
const LEAK: f32 = 0.995;
/// The wind's band: its centre wanders from `WIND_LOW_HZ` to
/// `WIND_HIGH_HZ`; its level between `WIND_CALM` and 1 of `WIND_LEVEL`.
const WIND_LOW_HZ: f32 = 250.0;
const WIND_HIGH_HZ: f32 = 900.0;
const WIND_CALM: f32 = 0.3;
const WIND_LEVEL: f32 = 0.55;
/// The wind band's damping (1 / Q).
const WIND_DAMPING: f32 = 0.7;
/// The periods of the wind's two wandering sines, seconds: unrelated, so
/// the gusts' pattern takes minutes to come round.
const GUST_S: [f32; 2] = [7.3, 11.9];
/// The hum's fundamental, Hz, its harmonics' levels (1st to 8th), and the
/// detune of the beating copy of the 2nd and 3rd, Hz.
const HUM_HZ: f32 = 50.0;
const HUM_HARMONICS: [f32; 8] = [0.35, 0.5, 0.3, 0.22, 0.12, 0.1, 0.06, 0.05];
const HUM_BEAT_HZ: f32 = 0.37;
/// The pump's swell: its period, seconds, and depth.
const PUMP_S: f32 = 3.1;
const PUMP_DEPTH: f32 = 0.35;
const HUM_LEVEL: f32 = 0.12;
/// The frames between updates of the slow sines' effects.
const CONTROL_FRAMES: u32 = 32;

/// A bed playing.
#[derive(Clone, Debug)]
pub struct Bed {
    kind: Ambience,
    rate: f32,
    noise: [Noise; 2],
    /// Per ear: brown-noise integrals, low-pass states, band-pass states.
    brown: [f32; 2],
    low: [f32; 2],
    band: [[f32; 2]; 2],
    /// Frames played.
    frame: u64,
    /// The slow controls, updated every [`CONTROL_FRAMES`].
    centre: f32,
    level: f32,
    countdown: u32,
    /// The hum: one period of its harmonics and of the beating pair, their
    /// phases (turns), and the pump's swell now.
    hum: Option<Box<[SineTable; 2]>>,
    phases: [f32; 2],
    pump: f32,
}

impl Bed {
    /// `kind` at `rate` frames a second, from its start.
    pub fn new(kind: Ambience, rate: u32) -> Self {
        Self {
            kind,
            rate: rate as f32,
            noise: [Noise::new(0x1234_5678), Noise::new(0x8765_4321)],
            brown: [0.0; 2],
            low: [0.0; 2],
            band: [[0.0; 2]; 2],
            frame: 0,
            centre: 0.0,
            level: 0.0,
            countdown: 0,
            hum: (kind == Ambience::Hum).then(|| {
                let harmonics = |x: f64| {
                    let sum = HUM_HARMONICS.iter().enumerate();
                    sum.map(|(h, &l)| f64::from(l) * ((h + 1) as f64 * x).sin())
                        .sum()
                };
                let beating = |x: f64| 0.25 * (2.0 * x).sin() + 0.15 * (3.0 * x).sin();
                Box::new([SineTable::of(harmonics), SineTable::of(beating)])
            }),
            phases: [0.0; 2],
            pump: 1.0,
        }
    }

    /// Which bed.
    pub fn kind(&self) -> Ambience {
        self.kind
    }

    /// Seconds from the start at frame `frame`, for the slow sines.
    fn seconds(&self) -> f32 {
        // Whole seconds and the rest apart, so an hour in keeps its
        // precision.
        let rate = self.rate as u64;
        (self.frame / rate) as f32 + (self.frame % rate) as f32 / self.rate
    }

    /// Adds the next `out.len() / 2` frames into interleaved stereo `out`
    /// at `gain`.
    pub fn render(&mut self, table: &SineTable, gain: f32, out: &mut [f32]) {
        match self.kind {
            Ambience::None => self.frame += (out.len() / 2) as u64,
            Ambience::Room => self.room(gain, out),
            Ambience::Wind => self.wind(table, gain, out),
            Ambience::Hum => self.hum(table, gain, out),
        }
    }

    fn room(&mut self, gain: f32, out: &mut [f32]) {
        let k = one_pole(ROOM_HZ, self.rate);
        for frame in out.chunks_exact_mut(2) {
            for (ear, sample) in frame.iter_mut().enumerate() {
                self.brown[ear] = self.brown[ear] * LEAK + 0.05 * self.noise[ear].next();
                self.low[ear] += k * (self.brown[ear] - self.low[ear]);
                *sample += self.low[ear] * ROOM_LEVEL * gain;
            }
        }
        self.frame += (out.len() / 2) as u64;
    }

    fn wind(&mut self, table: &SineTable, gain: f32, out: &mut [f32]) {
        for frame in out.chunks_exact_mut(2) {
            if self.countdown == 0 {
                let t = self.seconds();
                let a = table.sin(t / GUST_S[0]);
                let b = table.sin(t / GUST_S[1] + 0.3);
                let wander = 0.5 + 0.3 * a + 0.2 * b;
                let hz = WIND_LOW_HZ + (WIND_HIGH_HZ - WIND_LOW_HZ) * wander;
                // The state-variable filter's frequency coefficient.
                self.centre = 2.0 * table.sin(0.5 * hz / self.rate);
                self.level = WIND_CALM + (1.0 - WIND_CALM) * wander * wander;
                self.countdown = CONTROL_FRAMES;
            }
            self.countdown -= 1;
            self.frame += 1;
            for (ear, sample) in frame.iter_mut().enumerate() {
                // Chamberlin's state-variable band-pass.
                let [low, band] = &mut self.band[ear];
                let x = self.noise[ear].next();
                *low += self.centre * *band;
                let high = x - *low - WIND_DAMPING * *band;
                *band += self.centre * high;
                *sample += *band * WIND_LEVEL * self.level * gain;
            }
        }
    }

    fn hum(&mut self, table: &SineTable, gain: f32, out: &mut [f32]) {
        let Some(waves) = self.hum.take() else {
            return;
        };
        let k = one_pole(ROOM_HZ, self.rate);
        let steps = [HUM_HZ / self.rate, (HUM_HZ + HUM_BEAT_HZ) / self.rate];
        for frame in out.chunks_exact_mut(2) {
            if self.countdown == 0 {
                let t = self.seconds();
                self.pump = 1.0 - PUMP_DEPTH * (0.5 + 0.5 * table.sin(t / PUMP_S));
                self.countdown = CONTROL_FRAMES;
            }
            self.countdown -= 1;
            self.frame += 1;
            let x = waves[0].sin(self.phases[0]) + waves[1].sin(self.phases[1]);
            self.phases = [
                wrap(self.phases[0] + steps[0]),
                wrap(self.phases[1] + steps[1]),
            ];
            let pump = self.pump;
            for (ear, sample) in frame.iter_mut().enumerate() {
                self.brown[ear] = self.brown[ear] * LEAK + 0.05 * self.noise[ear].next();
                self.low[ear] += k * (self.brown[ear] - self.low[ear]);
                let y = (x * pump * HUM_LEVEL + 0.5 * self.low[ear]) * gain;
                *sample += y;
            }
        }
        self.hum = Some(waves);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(kind: Ambience, seconds: usize) -> Vec<f32> {
        let table = SineTable::default();
        let mut bed = Bed::new(kind, 48_000);
        let mut out = vec![0.0; 2 * 48_000 * seconds];
        for block in out.chunks_mut(800) {
            bed.render(&table, 1.0, block);
        }
        out
    }

    fn rms(x: &[f32]) -> f32 {
        (x.iter().map(|v| v * v).sum::<f32>() / x.len() as f32).sqrt()
    }

    #[test]
    fn every_bed_but_none_sounds_quietly_and_never_clips() {
        assert!(render(Ambience::None, 1).iter().all(|&x| x == 0.0));
        for kind in [Ambience::Room, Ambience::Wind, Ambience::Hum] {
            let out = render(kind, 4);
            let level = rms(&out);
            let peak = out.iter().fold(0f32, |m, x| m.max(x.abs()));
            assert!(level > 0.005 && level < 0.2, "{kind:?} {level}");
            assert!(peak < 0.8, "{kind:?} {peak}");
        }
    }

    #[test]
    fn the_wind_gusts_and_its_ears_differ() {
        let out = render(Ambience::Wind, 12);
        let seconds: Vec<f32> = out.chunks(96_000).map(rms).collect();
        let (lo, hi) = seconds
            .iter()
            .fold((f32::MAX, 0f32), |(a, b), &x| (a.min(x), b.max(x)));
        assert!(hi > 1.6 * lo, "{seconds:?}");
        let same = out.chunks(2).filter(|f| f[0] == f[1]).count();
        assert!(same < 100);
    }

    #[test]
    fn names_round_trip() {
        for (a, n) in Ambience::ALL {
            assert_eq!(Ambience::named(n), Some(a));
            assert_eq!(a.name(), n);
        }
        assert_eq!(Ambience::named("rain"), None);
    }
}
