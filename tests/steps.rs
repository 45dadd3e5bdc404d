//! Footsteps and impacts varied without losing determinism, and the
//! floor's surface under them: successive steps of a straight walk no
//! longer sound alike (their correlation, cut at the told onsets), two
//! renders are the same bytes, the step's clip follows the tile under the
//! player, the stride is a setting that leaves the state alone, and a
//! recording's levels from before all this (`Levels::legacy`) hear each
//! cue's one clip as told.

use std::path::Path;
use std::sync::Arc;
use wobblecaster::audio::{Bank, Clip, Heard, Hearing, Levels, Listening, Surface, RATE};
use wobblecaster::map::{self, Map};
use wobblecaster::sim::sound::{Cue, STRIDE};
use wobblecaster::sim::{Change, Controls, Model, Tunables, World};

fn bank() -> Arc<Bank> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    Arc::new(Bank::load(&dir).expect("the committed sounds load"))
}

/// Levels with the steps alone to hear: no wind, music or ambience.
fn steps_only(variation: bool) -> Levels {
    Levels {
        wind: 0.0,
        music: 0.0,
        ambience: 0.0,
        variation,
        ..Levels::default()
    }
}

fn corridor() -> World {
    let map = Map::from_rows(&[
        "##################################################",
        "#>...............................................#",
        "##################################################",
    ]);
    let tunables = Tunables {
        model: Model::Classic,
        ..Tunables::default()
    };
    World::new(map, tunables, 1)
}

/// Six seconds walking east heard at `levels`: the frames (interleaved
/// stereo) and the frame each footstep was told at.
fn walk(levels: Levels) -> (Vec<f32>, Vec<usize>) {
    let mut world = corridor();
    world.apply(Change::Stride(levels.stride_tiles));
    let mut listening = Listening::new(&world, bank(), RATE, levels);
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    let (mut frames, mut onsets) = (Vec::new(), Vec::new());
    for _ in 0..720 {
        world.step(&forward);
        let told = world.sounds().as_slice();
        if told.iter().any(|s| s.cue == Cue::Footstep) {
            onsets.push(frames.len() / 2);
        }
        frames.extend_from_slice(listening.tick(&world, false));
    }
    (frames, onsets)
}

/// The greatest normalised correlation of two mono windows of `frames`
/// (left plus right), one from frame `a`, the other from frame `b`
/// moved by up to 2 ms either way.
fn correlation(frames: &[f32], a: usize, b: usize) -> f64 {
    const WINDOW: usize = 5_760; // 120 ms at 48 kHz: a footstep's body.
    const LAG: usize = 96;
    let mono = |i: usize| {
        let at = |j: usize| f64::from(frames.get(j).copied().unwrap_or(0.0));
        at(2 * i) + at(2 * i + 1)
    };
    let window = |s: usize| (s..s + WINDOW).map(mono).collect::<Vec<f64>>();
    let energy = |w: &[f64]| w.iter().map(|x| x * x).sum::<f64>();
    let first = window(a);
    (b.saturating_sub(LAG)..=b + LAG)
        .map(|start| {
            let other = window(start);
            let dot: f64 = first.iter().zip(&other).map(|(x, y)| x * y).sum();
            dot / (energy(&first) * energy(&other)).sqrt().max(1e-30)
        })
        .fold(f64::MIN, f64::max)
}

#[test]
fn successive_footsteps_of_a_straight_walk_correlate_below_0_9() {
    let (frames, onsets) = walk(steps_only(true));
    assert!(onsets.len() >= 10, "{} steps", onsets.len());
    // The first few steps come while the walk speeds up; the steady ones
    // after.
    let pairs: Vec<f64> = onsets[3..]
        .windows(2)
        .map(|w| correlation(&frames, w[0], w[1]))
        .collect();
    let worst = pairs.iter().copied().fold(f64::MIN, f64::max);
    assert!(
        worst < 0.9,
        "successive steps correlate up to {worst}: {pairs:?}"
    );
    // Before variation they were one clip at one pitch: the same measure
    // finds them alike, so it can tell.
    let (legacy, onsets) = walk(steps_only(false));
    let alike = correlation(&legacy, onsets[5], onsets[6]);
    assert!(alike > 0.99, "one clip correlates with itself: {alike}");
}

#[test]
fn two_renders_of_the_same_walk_are_the_same_bytes() {
    let levels = steps_only(true);
    let (a, _) = walk(levels);
    let (b, _) = walk(levels);
    assert!(a == b, "two renders differ");
    assert!(a.iter().any(|&x| x != 0.0));
}

#[test]
fn the_step_is_heard_on_the_surface_under_the_player() {
    let text = "name = floors\nfloor = floor_tiles\n[legend]\n# = brick_red\n[grid]\n\
                ############\n#>.........#\n############\n\
                [surface]\n............\n.www...mmm..\n............\n";
    let loaded = map::parse(text, Path::new("floors.map")).expect("the map loads");
    let mut world = World::new(loaded.map, Tunables::default(), 3);
    world.apply(Change::Stride(0.5));
    let mut hearing = Hearing::new(&world, &bank(), steps_only(true));
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    let mut heard = Vec::new();
    for _ in 0..400 {
        world.step(&forward);
        let x = world.player().x;
        for v in hearing.hear(&world, false).as_slice() {
            if let Clip::Footstep { surface, .. } = v.clip {
                heard.push((x.floor() as i64, surface));
            }
        }
    }
    let want = |x: i64| match x {
        1..=3 => Surface::Wood,
        7..=9 => Surface::Metal,
        _ => Surface::Stone,
    };
    assert!(heard.len() >= 10, "{heard:?}");
    for (x, surface) in &heard {
        assert_eq!(*surface, want(*x), "tile {x}: {heard:?}");
    }
    for s in [Surface::Wood, Surface::Stone, Surface::Metal] {
        assert!(heard.iter().any(|h| h.1 == s), "no {s:?} step: {heard:?}");
    }
}

#[test]
fn the_stride_spaces_the_steps_and_leaves_the_state_alone() {
    let forward = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    let run = |stride: Option<f64>| {
        let mut world = corridor();
        if let Some(tiles) = stride {
            world.apply(Change::Stride(tiles));
        }
        // A fresh world keeps the stride in force.
        let mut world = world.fresh(1);
        let mut steps = 0;
        for _ in 0..600 {
            world.step(&forward);
            let told = world.sounds().as_slice();
            steps += told.iter().filter(|s| s.cue == Cue::Footstep).count();
        }
        (steps, world.player().x - 1.5, world.state_hash())
    };
    let (plain, walked, hash) = run(None);
    let (short, _, short_hash) = run(Some(0.5));
    assert_eq!(plain, (walked / STRIDE).floor() as usize);
    assert_eq!(short, (walked / 0.5).floor() as usize);
    assert_eq!(hash, short_hash, "the stride is not the world's state");
}

#[test]
fn an_old_recordings_levels_hear_each_cue_as_told() {
    // Footsteps, a walker's steps, shots and their strikes.
    let map = Map::from_rows(&[
        "##############",
        "#>.......p...#",
        "#............#",
        "##############",
    ]);
    let mut world = World::new(map, Tunables::default(), 5);
    let levels = Levels {
        wind: 0.0,
        ..Levels::legacy()
    };
    let mut hearing = Hearing::new(&world, &bank(), levels);
    let mut plain = Heard::default();
    let mut told = 0;
    for tick in 0..480 {
        let controls = Controls {
            forward: 1.0,
            fire: tick % 40 < 20,
            ..Controls::default()
        };
        world.step(&controls);
        let heard = hearing.hear(&world, false).as_slice().to_vec();
        plain.hear(world.map(), &world.camera(), world.sounds().as_slice());
        let plain = plain.as_slice();
        for (v, p) in heard.iter().zip(plain) {
            assert_eq!((v.clip, v.pitch), (p.clip, p.pitch), "tick {tick}");
            assert!(matches!(v.clip, Clip::Sim(_)), "{:?}", v.clip);
        }
        let varied = [Cue::Footstep, Cue::WalkerStep, Cue::Ricochet, Cue::Hit];
        told += plain
            .iter()
            .filter(|p| varied.iter().any(|&c| p.clip == Clip::Sim(c)))
            .count();
        assert!(plain
            .iter()
            .all(|p| p.pitch == 1.0 || p.clip == Clip::Sim(Cue::Pickup)));
    }
    assert!(told > 5, "the run told steps and impacts: {told}");
}
