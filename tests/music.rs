//! Music, ambience and the space around the listener, as rendered: every
//! shipped map sounds while the player stands still, two renders are the
//! same bytes, a recording heard before they existed renders without
//! them, and a hall's tail outlasts a closet's.

use std::path::Path;
use std::sync::Arc;
use wobblecaster::audio::{
    Bank, Clip, Heard, Levels, Listening, Mixer, Score, Space, Voiced, RATE,
};
use wobblecaster::map::Map;
use wobblecaster::sim::{Controls, Tunables, World};

fn bank() -> Arc<Bank> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    Arc::new(Bank::load(&dir).expect("the committed sounds load"))
}

fn shipped_maps() -> Vec<std::path::PathBuf> {
    let maps = wobblecaster::data::maps_in(&wobblecaster::data::maps_dir());
    assert!(maps.len() >= 6, "{maps:?}");
    maps
}

/// `seconds` of standing still on `map` heard at `levels`, with the map's
/// own score.
fn stand(file: &Path, levels: Levels, seconds: usize) -> Vec<f32> {
    let map = wobblecaster::map::load(file).unwrap().map;
    let score = Score::for_map(&map).unwrap();
    let mut world = World::new(map, Tunables::default(), 1);
    let mut listening = Listening::new(&world, bank(), RATE, levels);
    listening.mixer().set_score(&score);
    let mut frames = Vec::new();
    for _ in 0..seconds * 120 {
        world.step(&Controls::default());
        frames.extend_from_slice(listening.tick(&world, false));
    }
    frames
}

fn rms(x: &[f32]) -> f64 {
    (x.iter().map(|&v| f64::from(v).powi(2)).sum::<f64>() / x.len() as f64).sqrt()
}

#[test]
fn standing_still_on_any_shipped_map_is_not_silent() {
    for file in shipped_maps() {
        let frames = stand(&file, Levels::default(), 3);
        // Every second, not just the first: the music and the bed go on.
        for (i, second) in frames.chunks(2 * RATE as usize).enumerate() {
            let level = rms(second);
            assert!(level > 0.005, "{} second {i}: {level}", file.display());
            assert!(level < 0.3, "{} second {i}: {level}", file.display());
        }
        let peak = frames.iter().fold(0f32, |m, x| m.max(x.abs()));
        assert!(peak < 0.9, "{}: {peak}", file.display());
    }
}

#[test]
fn each_part_sounds_alone_and_is_silent_at_zero() {
    let file = wobblecaster::data::maps_dir().join("hangar.map");
    let only = |music: f32, ambience: f32| Levels {
        music,
        ambience,
        effects: 0.0,
        ..Levels::default()
    };
    assert!(
        rms(&stand(&file, only(1.0, 0.0), 2)) > 0.01,
        "the music alone"
    );
    assert!(
        rms(&stand(&file, only(0.0, 1.0), 2)) > 0.005,
        "the wind alone"
    );
    assert!(stand(&file, only(0.0, 0.0), 2).iter().all(|&x| x == 0.0));
}

#[test]
fn two_renders_are_the_same_bytes() {
    let file = wobblecaster::data::maps_dir().join("arena.map");
    let a = stand(&file, Levels::default(), 2);
    let b = stand(&file, Levels::default(), 2);
    assert!(a == b, "two renders differ");
}

#[test]
fn a_recording_from_before_the_music_renders_without_it() {
    // The tutorial's walker stands with its back to the start: nothing
    // the world tells sounds, so without music, bed or reverb all is
    // exact silence, as it was before they existed.
    let file = wobblecaster::data::maps_dir().join("tutorial.map");
    let frames = stand(&file, Levels::legacy(), 2);
    assert!(frames.iter().all(|&x| x == 0.0));
}

/// The energy, 0.5 to 1 s after a gun shot (its clip lasts 0.45 s), of the shot heard in
/// `space` (with `reverb` on or off), no music or bed.
fn tail(space: Space, reverb: bool) -> f64 {
    let levels = Levels {
        music: 0.0,
        ambience: 0.0,
        reverb,
        ..Levels::default()
    };
    let mut mixer = Mixer::new(bank(), RATE, levels);
    let mut heard = Heard::default();
    heard.set_space(Some(space));
    heard.push(Voiced::centred(
        Clip::Sim(wobblecaster::sim::sound::Cue::Gun),
        1.0,
        false,
    ));
    mixer.hear(&heard);
    let mut frames = vec![0.0f32; 2 * RATE as usize];
    mixer.render(&mut frames[..800]);
    heard.clear();
    for block in frames[800..].chunks_mut(800) {
        mixer.hear(&heard);
        mixer.render(block);
    }
    let from = 2 * (RATE as usize / 2);
    frames[from..].iter().map(|&x| f64::from(x).powi(2)).sum()
}

#[test]
fn a_halls_tail_outlasts_a_closets_and_no_reverb_is_dry() {
    let closet = Map::from_rows(&["#####", "#>..#", "#...#", "#####"]);
    let small = Space::measure(&closet, 2.5, 2.0);
    let mut rows = vec!["#".repeat(22)];
    rows.extend((0..14).map(|_| format!("#{}#", ".".repeat(20))));
    rows.push("#".repeat(22));
    rows[1].replace_range(1..2, ">");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let big = Space::measure(&Map::from_rows(&rows), 11.0, 8.0);
    let (closet, hall) = (tail(small, true), tail(big, true));
    assert!(hall > 10.0 * closet, "hall {hall}, closet {closet}");
    assert_eq!(tail(big, false), 0.0, "the gun's clip is over by 0.5 s");
}
