//! Playing a [`Track`]: its steps fall on exact frames (step `n` starts at
//! frame `n * rate * 60 / (tempo * steps)`, whole-number arithmetic, so
//! the music never drifts against the ticks), each step's notes start or
//! release the [`Voice`] of their line, and the track loops.

use super::music::{Step, Track, MAX_LINES};
use super::synth::{SineTable, Voice, Voicing};
use std::sync::Arc;

/// A track playing.
#[derive(Clone, Debug)]
pub struct Sequencer {
    track: Arc<Track>,
    /// Each instrument made ready for the rate.
    voicings: Vec<Voicing>,
    voices: [Voice; MAX_LINES],
    rate: u32,
    /// The step to start next, counted from the loop's start.
    step: usize,
    /// Frames since the loop's start.
    frame: u64,
    /// Where the next step starts, frames since the loop's start.
    next_at: u64,
}

impl Sequencer {
    /// `track` at `rate` frames a second, from its start.
    ///
    /// # Panics
    /// If `rate` is 0 or the track has no steps (a parsed track always
    /// has some).
    pub fn new(track: Arc<Track>, rate: u32) -> Self {
        assert!(rate > 0 && track.steps() > 0, "a rate and a step to play");
        let voicings: Vec<Voicing> = track
            .instruments
            .iter()
            .map(|i| Voicing::new(i, rate))
            .collect();
        let first = voicings[0];
        let voices = std::array::from_fn(|i| Voice::new(first, 0x9E37_79B9 ^ i as u32));
        Self {
            track,
            voicings,
            voices,
            rate,
            step: 0,
            frame: 0,
            next_at: 0,
        }
    }

    /// The track.
    pub fn track(&self) -> &Arc<Track> {
        &self.track
    }

    /// Where step `n` of the loop starts, frames.
    fn frame_of(&self, n: usize) -> u64 {
        let per_minute = u64::from(self.track.tempo * self.track.steps_per_beat);
        n as u64 * u64::from(self.rate) * 60 / per_minute
    }

    /// The pattern and step within it of loop step `n`.
    fn locate(&self, mut n: usize) -> (usize, usize) {
        for &p in &self.track.order {
            let steps = self.track.patterns[p].steps;
            if n < steps {
                return (p, n);
            }
            n -= steps;
        }
        unreachable!("a loop step within the loop")
    }

    /// Starts loop step `self.step`: each line's note starts or releases
    /// its voice; voices with no line in the pattern release.
    fn start_step(&mut self) {
        let (p, at) = self.locate(self.step);
        let pattern = &self.track.patterns[p];
        for (i, voice) in self.voices.iter_mut().enumerate() {
            let Some(line) = pattern.lines.get(i) else {
                voice.release();
                continue;
            };
            match line.steps[at] {
                Step::Note(note, accent) => {
                    let voicing = (&self.voicings[line.instrument], line.instrument);
                    voice.start(voicing, note, accent, self.rate);
                }
                // A hold into a new pattern holds only the same instrument.
                Step::Hold if at > 0 || voice.instrument() == line.instrument => {}
                Step::Hold | Step::Rest => voice.release(),
            }
        }
    }

    /// Adds the next `out.len() / 2` frames of the music into interleaved
    /// stereo `out`, scaled by `gain`.
    pub fn render(&mut self, table: &SineTable, gain: f32, out: &mut [f32]) {
        let mut done = 0;
        let frames = out.len() / 2;
        while done < frames {
            if self.frame == self.next_at {
                if self.step == self.track.steps() {
                    (self.step, self.frame) = (0, 0);
                }
                self.start_step();
                self.step += 1;
                self.next_at = self.frame_of(self.step);
            }
            let run = (frames - done).min((self.next_at - self.frame) as usize);
            let part = &mut out[2 * done..2 * (done + run)];
            for voice in self.voices.iter_mut().filter(|v| v.is_playing()) {
                voice.render(table, gain, part);
            }
            done += run;
            self.frame += run as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::music::parse_track;
    use std::path::Path;

    const TRACK: &str = "tempo = 120\nsteps = 4\norder = a b\n[instruments]\n\
        lead = fm\nbass = pulse\nkick = kick\n\
        [pattern a]\nlead = C4 - - -\nbass = C2 - - -\nkick = X . . .\n\
        [pattern b]\nlead = - . E4 -\n";

    fn sequencer() -> Sequencer {
        let track = parse_track(Path::new("t"), TRACK).unwrap();
        Sequencer::new(Arc::new(track), 48_000)
    }

    fn energy(out: &[f32]) -> f32 {
        out.iter().map(|x| x * x).sum()
    }

    #[test]
    fn renders_the_same_whatever_the_blocks() {
        let table = SineTable::default();
        let mut whole = vec![0.0; 2 * 96_000];
        sequencer().render(&table, 1.0, &mut whole);
        let mut pieces = vec![0.0; 2 * 96_000];
        let mut s = sequencer();
        let mut at = 0;
        for size in [1usize, 399, 400, 4_096, 7].iter().cycle() {
            let end = (at + size).min(96_000);
            s.render(&table, 1.0, &mut pieces[2 * at..2 * end]);
            at = end;
            if at == 96_000 {
                break;
            }
        }
        assert_eq!(whole, pieces);
        assert!(energy(&whole) > 0.0);
    }

    #[test]
    fn steps_fall_where_the_tempo_says_and_the_track_loops() {
        // A sixteenth at 120 a minute is 6,000 frames: 8 steps, 48,000.
        let s = sequencer();
        assert_eq!(s.frame_of(1), 6_000);
        assert_eq!(s.track.steps(), 8);
        let table = SineTable::default();
        let mut first = vec![0.0; 2 * 48_000];
        let mut second = vec![0.0; 2 * 48_000];
        let mut s = sequencer();
        s.render(&table, 1.0, &mut first);
        s.render(&table, 1.0, &mut second);
        // The second loop starts from the voices the first left sounding,
        // so it is not the same bytes, but its notes are: its energy in
        // the first step is that of the first loop's within a tenth.
        let (a, b) = (energy(&first[..12_000]), energy(&second[..12_000]));
        assert!((a - b).abs() < 0.1 * a, "{a} {b}");
    }

    #[test]
    fn a_hold_into_a_new_pattern_holds_only_its_own_instrument() {
        let table = SineTable::default();
        let mut s = sequencer();
        let mut out = vec![0.0; 2 * 24_000];
        s.render(&table, 1.0, &mut out);
        // Pattern b's first step holds the lead, still sounding: the bass
        // (line 2) has no line in b and releases; the lead's `-` holds.
        let mut out = vec![0.0; 2 * 600];
        s.render(&table, 1.0, &mut out);
        assert!(s.voices[0].is_held(), "the lead holds");
        assert!(!s.voices[1].is_held(), "the bass released");
    }
}
