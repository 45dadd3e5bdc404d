//! Variation without losing determinism: footsteps, walkers' steps and
//! impacts each played a little differently, the same way on every run.
//!
//! Each varied sound draws its take (which recording of several), pitch
//! and gain from a generator seeded by a hash of the tick, the cue, the
//! source and its place ([`Rng`], SplitMix64, as a hash): never from the
//! world's generator, whose state is in the state hash and drives the
//! enemies, so listening changes nothing a recording replays. A take is
//! never the one the same source played last (successive footsteps never
//! repeat a recording), and a player's step is heard on the material under
//! their feet ([`crate::map::Material`]).
//!
//! Walkers keep their gait (the simulation's state table), but each is
//! heard a fixed few ticks late ([`walker_delay`]), a different delay for
//! each of eight walkers in turn, so two walkers striding in step are not
//! heard as one thud.
//!
//! With the levels' `variation` off (a recording made before it existed)
//! none of this happens: each cue plays its one clip at the pitch and gain
//! the simulation told.

use super::clip::{Clip, Surface, STEP_VARIANTS};
use crate::map::{Map, Material};
use crate::rng::Rng;
use crate::sim::sound::{Cue, Sound, MAX_SOUNDS};

/// How much one cue's sounds vary: pitch by up to `pitch` either way (a
/// fraction: 0.05 is about most of a semitone), gain down by up to `gain`
/// (a fraction of the told gain), and from how many takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// What.
    pub cue: Cue,
    /// The largest pitch change either way, as a fraction of the pitch.
    pub pitch: f32,
    /// The largest drop in gain, as a fraction of the gain.
    pub gain: f32,
    /// Takes to choose from (1: the cue's one clip).
    pub takes: u8,
}

/// The cues varied and by how much. Doom's `S_StartSound` varied most
/// sounds' pitch by up to 16/128 (12.5 %) either way and the saw's by
/// 8/128; a step repeated three times a second wants less than that to
/// stay the same walker's, and more than the 1-2 % a listener cannot
/// tell apart: 5 %, under a semitone. Gains drop by up to 2 dB (0.79),
/// a footfall's natural spread, never up (the levels table sets the
/// loudest). Impacts, heard seldom and never twice alike in life, vary
/// more: a ricochet's whine by 10 %.
#[rustfmt::skip]
pub const SPREADS: [Spread; 5] = [
    Spread { cue: Cue::Footstep,   pitch: 0.05, gain: 0.21, takes: STEP_VARIANTS },
    Spread { cue: Cue::WalkerStep, pitch: 0.05, gain: 0.21, takes: STEP_VARIANTS },
    Spread { cue: Cue::Ricochet,   pitch: 0.10, gain: 0.21, takes: 1 },
    Spread { cue: Cue::Hit,        pitch: 0.06, gain: 0.21, takes: 1 },
    Spread { cue: Cue::Blast,      pitch: 0.05, gain: 0.21, takes: 1 },
];

/// The spread of `cue`, if it is varied.
pub fn spread_of(cue: Cue) -> Option<&'static Spread> {
    SPREADS.iter().find(|s| s.cue == cue)
}

/// Walkers in a cycle of delays: walker `i` is heard
/// [`walker_delay`]`(i)` ticks late, a different delay for each of
/// `WALKER_SLOTS` walkers in turn.
const WALKER_SLOTS: u16 = 8;
/// Ticks between two neighbouring delays: 2 ticks (17 ms) apart, two
/// footfalls are heard as two, not one thickened one.
const WALKER_DELAY_STEP: u64 = 2;
/// The most delayed sounds waiting at once; more are heard on time.
const MAX_WAITING: usize = 64;
/// Sources whose last take is remembered: the player's footsteps in the
/// first slot, walkers by index in the rest (walkers beyond share).
const TAKE_SLOTS: usize = 32;

/// How many ticks late walker `source`'s steps are heard: 0 to 14 ticks
/// (up to 117 ms: a walker 40 tiles off is heard that late in air), each
/// of eight walkers in turn at its own multiple of two ticks (0, 10, 4,
/// 14, 8, 2, 12, 6: neighbours in the list far apart).
pub fn walker_delay(source: u16) -> u64 {
    u64::from((source % WALKER_SLOTS) * 5 % WALKER_SLOTS) * WALKER_DELAY_STEP
}

/// A sound delayed to a later tick.
#[derive(Clone, Copy, Debug)]
struct Waiting {
    /// The tick it is heard on.
    due: u64,
    clip: Clip,
    sound: Sound,
}

/// The varying of one run's sounds: the sounds waiting to be heard late,
/// the last take of each source, and the list of a tick's sounds varied.
/// Fixed-size lists: varying never allocates.
#[derive(Clone, Debug)]
pub struct Variation {
    list: [(Clip, Sound); MAX_SOUNDS],
    len: usize,
    waiting: [Option<Waiting>; MAX_WAITING],
    /// The take each source played last (`u8::MAX`: none yet).
    last_take: [u8; TAKE_SLOTS],
}

impl Default for Variation {
    fn default() -> Self {
        Self {
            list: [(Clip::Sim(Cue::Footstep), Sound::NONE); MAX_SOUNDS],
            len: 0,
            waiting: [None; MAX_WAITING],
            last_take: [u8::MAX; TAKE_SLOTS],
        }
    }
}

impl Variation {
    /// Forgets the run so far (a new run, or the map started again).
    pub fn reset(&mut self) {
        self.len = 0;
        self.waiting = [None; MAX_WAITING];
        self.last_take = [u8::MAX; TAKE_SLOTS];
    }

    /// The sounds of tick `tick` (`sounds`, told on `map`) as heard: each
    /// with its clip, the varied ones at their drawn take, pitch and gain,
    /// walkers' steps held back by their delays and those due now heard.
    pub fn vary(&mut self, map: &Map, tick: u64, sounds: &[Sound]) -> &[(Clip, Sound)] {
        self.len = 0;
        for slot in &mut self.waiting {
            if let Some(w) = slot.filter(|w| w.due <= tick) {
                *slot = None;
                push(&mut self.list, &mut self.len, (w.clip, w.sound));
            }
        }
        for (order, s) in sounds.iter().enumerate() {
            let Some(spread) = spread_of(s.cue) else {
                push(&mut self.list, &mut self.len, (Clip::Sim(s.cue), *s));
                continue;
            };
            let mut draw = Rng::new(key(tick, order, s));
            let slot = take_slot(s);
            let take = self.take(slot, spread.takes, &mut draw);
            let clip = clip_of(map, s, take);
            let pitch = 1.0 + spread.pitch * (2.0 * draw.next_f64() as f32 - 1.0);
            let gain = 1.0 - spread.gain * draw.next_f64() as f32;
            let varied = Sound {
                pitch: s.pitch * pitch,
                gain: s.gain * gain,
                ..*s
            };
            let delay = match s.cue {
                Cue::WalkerStep => walker_delay(s.source),
                _ => 0,
            };
            let free = self.waiting.iter_mut().find(|w| w.is_none());
            match free {
                Some(free) if delay > 0 => {
                    *free = Some(Waiting {
                        due: tick + delay,
                        clip,
                        sound: varied,
                    });
                }
                _ => push(&mut self.list, &mut self.len, (clip, varied)),
            }
        }
        &self.list[..self.len]
    }

    /// A take of `takes` for the source in `slot`: any but the one it
    /// played last.
    fn take(&mut self, slot: Option<usize>, takes: u8, draw: &mut Rng) -> u8 {
        if takes <= 1 {
            return 0;
        }
        let last = slot.map_or(u8::MAX, |i| self.last_take[i]);
        let take = match last < takes {
            // One of the other takes-1, counted on from the last.
            true => (last + 1 + (draw.next_u64() % u64::from(takes - 1)) as u8) % takes,
            false => (draw.next_u64() % u64::from(takes)) as u8,
        };
        if let Some(i) = slot {
            self.last_take[i] = take;
        }
        take
    }
}

/// Adds `item` to the first `len` of `list` unless it is full.
fn push(list: &mut [(Clip, Sound); MAX_SOUNDS], len: &mut usize, item: (Clip, Sound)) {
    if *len < MAX_SOUNDS {
        list[*len] = item;
        *len += 1;
    }
}

/// The seed of sound `s`, the `order`-th of tick `tick`'s: its tick, cue,
/// source, place and order mixed (two impacts of one tick differ by
/// place or order).
fn key(tick: u64, order: usize, s: &Sound) -> u64 {
    let mut h = Rng::new(tick).next_u64();
    for part in [
        s.cue as u64,
        u64::from(s.source),
        s.at[0].to_bits(),
        s.at[1].to_bits(),
        order as u64,
    ] {
        h = Rng::new(h ^ part).next_u64();
    }
    h
}

/// Where the last take of `s`'s source is kept: the player's footsteps in
/// slot 0, a walker's steps by its index; None for a sound without takes.
fn take_slot(s: &Sound) -> Option<usize> {
    match s.cue {
        Cue::Footstep => Some(0),
        Cue::WalkerStep => Some(1 + usize::from(s.source) % (TAKE_SLOTS - 1)),
        _ => None,
    }
}

/// The clip of `s`'s take `take`: a footstep's on the material of the
/// tile under it.
fn clip_of(map: &Map, s: &Sound, take: u8) -> Clip {
    match s.cue {
        Cue::Footstep => {
            let (x, y) = Map::tile_of(s.at[0], s.at[1]);
            step_clip(map.material_at(x, y), take)
        }
        Cue::WalkerStep => walker_step_clip(take),
        cue => Clip::Sim(cue),
    }
}

/// The footstep take `take` (from 0, below [`STEP_VARIANTS`]) on
/// `material`.
pub fn step_clip(material: Material, take: u8) -> Clip {
    Clip::Footstep {
        surface: surface_of(material),
        variant: take,
    }
}

/// The clips' name for a floor's material: the two enums are one list of
/// materials, the map's (what the floor is) and the bank's (what it
/// sounds like).
pub fn surface_of(material: Material) -> Surface {
    match material {
        Material::Stone => Surface::Stone,
        Material::Wood => Surface::Wood,
        Material::Metal => Surface::Metal,
    }
}

/// The walker's step take `take` (from 0, below [`STEP_VARIANTS`]).
pub fn walker_step_clip(take: u8) -> Clip {
    Clip::WalkerStep { variant: take }
}

#[cfg(test)]
#[path = "vary_tests.rs"]
mod tests;
