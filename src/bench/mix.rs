//! The sound's cost: one second of the arena's fight (three tanks'
//! engines, the walkers, the gun and the shells) placed for the camera and
//! mixed, timed as a share of one core: the voices alone (the rows
//! `audio_mix_arena_*`, as before music existed), and with the arena's
//! music, its ambience bed and the reverb of the space around the camera
//! (`audio_mix_arena_full_*`).

use super::{time_ms, Figure};
use crate::audio::{Bank, Heard, Hearing, Levels, Mixer, Score, RATE};
use crate::sim::{Controls, World, TICK_RATE};
use std::sync::Arc;

/// Seconds of the fight played before the second that is timed: the
/// tanks have seen the player and fire, the walkers are on the way.
const WARM_S: u32 = 6;
/// Timed runs of the second.
const RUNS: usize = 15;

/// The fight's controls: forward into the hall, turning, firing.
fn fight() -> Controls {
    Controls {
        forward: 1.0,
        turn: 0.25,
        fire: true,
        ..Controls::default()
    }
}

/// The mix rows for one second of `arena` (the shipped arena, fresh)
/// played as the player fights: its sounds are told by the world ahead of
/// the timing; placing them for the camera and mixing them at [`RATE`] is
/// timed, as milliseconds and as a share of one core. Also how many
/// sounds a tick told and voices played, at most, over the second.
pub fn rows(mut arena: World, bank: Arc<Bank>) -> Vec<Figure> {
    // A shipped map's score always loads (a test says so); a map of its
    // own without one is timed without music.
    let score = Score::for_map(arena.map()).unwrap_or_default();
    for _ in 0..WARM_S * TICK_RATE {
        arena.step(&fight());
    }
    let mut worlds = Vec::with_capacity(TICK_RATE as usize);
    for _ in 0..TICK_RATE {
        arena.step(&fight());
        worlds.push(arena.clone());
    }
    let told = worlds.iter().map(|w| w.sounds().as_slice().len()).max();
    let per_tick = RATE as usize / TICK_RATE as usize;
    let mut block = vec![0.0f32; 2 * per_tick];
    let mut voices = 0;
    let mut mix = |levels: Levels, score: &Score| {
        time_ms(RUNS, || {
            let mut hearing = Hearing::new(&worlds[0], &bank, levels);
            let mut mixer = Mixer::new(bank.clone(), RATE, levels);
            mixer.set_score(score);
            for world in &worlds {
                let heard: &Heard = hearing.hear(world, false);
                mixer.hear(heard);
                mixer.render(&mut block);
                voices = voices.max(mixer.playing());
            }
        })
    };
    let second = mix(Levels::legacy(), &Score::default());
    let full = mix(Levels::default(), &score);
    let mut figures = Vec::new();
    for (name, timed) in [("audio_mix_arena", second), ("audio_mix_arena_full", full)] {
        figures.extend(timed.rows(format!("{name}_1s_ms"), "ms"));
        figures.push(Figure {
            name: format!("{name}_core_share"),
            value: timed.median / 1000.0 * 100.0,
            unit: "%",
        });
    }
    figures.push(Figure {
        name: "audio_mix_arena_sounds_per_tick_max".into(),
        value: told.unwrap_or(0) as f64,
        unit: "sounds",
    });
    figures.push(Figure {
        name: "audio_mix_arena_voices_max".into(),
        value: voices as f64,
        unit: "voices",
    });
    figures
}
