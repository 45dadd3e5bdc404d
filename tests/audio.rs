//! Sound as heard: rendered samples checked for the side a sound comes
//! from (through the WAV file, so the channel order is the file's), the
//! muffling of a shut door, footsteps that follow the walking speed,
//! silence when nothing sounds, and `replay --audio` giving the same bytes
//! every run, as long as the recording.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use wobblecaster::audio::{wav_bytes, Bank, Heard, Levels, Listening, Mixer, RATE};
use wobblecaster::map::Map;
use wobblecaster::sim::sound::{Cue, Sound, STRIDE};
use wobblecaster::sim::{Controls, Model, Pose, Tunables, World, TICK_RATE};

fn bank() -> Arc<Bank> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    Arc::new(Bank::load(&dir).expect("the committed sounds load"))
}

/// A one-shot gun shot at `at`.
fn shot_at(at: [f64; 2]) -> Sound {
    Sound {
        cue: Cue::Gun,
        at,
        gain: 1.0,
        pitch: 1.0,
        source: 0,
    }
}

/// Half a second of `sounds` heard from `ear` on `map`, as a WAV file
/// read back: `[left, right]` root mean squares.
fn channel_levels(map: &Map, ear: Pose, sounds: &[Sound]) -> [f64; 2] {
    let mut heard = Heard::default();
    heard.hear(map, &ear, sounds);
    let mut mixer = Mixer::new(bank(), RATE, Levels::default());
    mixer.hear(&heard);
    let mut frames = vec![0.0; RATE as usize];
    mixer.render(&mut frames);
    let bytes = wav_bytes(&frames, RATE).unwrap();
    let reader = hound::WavReader::new(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(reader.spec().channels, 2);
    let samples: Vec<i16> = reader.into_samples().map(Result::unwrap).collect();
    let rms = |ch: usize| {
        let sum: f64 = samples
            .iter()
            .skip(ch)
            .step_by(2)
            .map(|&s| f64::from(s).powi(2))
            .sum();
        (sum / (samples.len() / 2) as f64).sqrt()
    };
    [rms(0), rms(1)]
}

fn room() -> Map {
    Map::from_rows(&[
        "#########",
        "#>......#",
        "#.......#",
        "#.......#",
        "#.......#",
        "#.......#",
        "#########",
    ])
}

fn ear(x: f64, y: f64, yaw: f64) -> Pose {
    Pose {
        x,
        y,
        z: 0.5,
        yaw,
        ..Pose::default()
    }
}

#[test]
fn a_sound_to_the_right_is_louder_in_the_right_channel_and_the_reverse() {
    let map = room();
    // Facing east (yaw 0), south (y growing) is to the right.
    let [l, r] = channel_levels(&map, ear(4.5, 3.5, 0.0), &[shot_at([4.5, 5.5])]);
    assert!(
        r > 2.0 * l && l > 0.0,
        "right of the view: left {l}, right {r}"
    );
    let [l, r] = channel_levels(&map, ear(4.5, 3.5, 0.0), &[shot_at([4.5, 1.5])]);
    assert!(
        l > 2.0 * r && r > 0.0,
        "left of the view: left {l}, right {r}"
    );
    // Facing west the same spot is on the left.
    let [l, r] = channel_levels(
        &map,
        ear(4.5, 3.5, std::f64::consts::PI),
        &[shot_at([4.5, 5.5])],
    );
    assert!(l > 2.0 * r, "turned round: left {l}, right {r}");
    // Straight ahead: both ears alike.
    let [l, r] = channel_levels(&map, ear(4.5, 3.5, 0.0), &[shot_at([7.5, 3.5])]);
    assert!(
        (l - r).abs() < 1e-6 * l.max(1.0),
        "ahead: left {l}, right {r}"
    );
}

#[test]
fn a_sound_falls_with_distance() {
    let map = room();
    let near = channel_levels(&map, ear(1.5, 3.5, 0.0), &[shot_at([2.5, 3.5])]);
    let far = channel_levels(&map, ear(1.5, 3.5, 0.0), &[shot_at([7.5, 3.5])]);
    assert!(far[0] < 0.6 * near[0], "near {near:?}, far {far:?}");
}

#[test]
fn a_shut_door_between_lowers_the_level_and_an_open_one_does_not() {
    let shut = Map::from_rows(&["#########", "#>..D...#", "#########"]);
    let corridor = Map::from_rows(&["#########", "#>......#", "#########"]);
    let (from, at) = (ear(1.5, 1.5, 0.0), [7.5, 1.5]);
    let [behind, _] = channel_levels(&shut, from, &[shot_at(at)]);
    let [clear, _] = channel_levels(&corridor, from, &[shot_at(at)]);
    assert!(behind < 0.5 * clear, "door shut {behind}, no door {clear}");
    let mut open = shut.clone();
    open.doors[0].open = 1.0;
    let [through, _] = channel_levels(&open, from, &[shot_at(at)]);
    assert!(
        (through - clear).abs() < 1e-9 * clear,
        "door open {through}, no door {clear}"
    );
}

/// The player's footsteps told over `seconds` of walking forward, with
/// the run key held or not, and the tiles walked.
fn footsteps(run: bool, seconds: f64) -> (usize, f64) {
    let map = Map::from_rows(&[
        "##############################",
        "#>...........................#",
        "##############################",
    ]);
    let tunables = Tunables {
        model: Model::Classic,
        ..Tunables::default()
    };
    let mut world = World::new(map, tunables, 1);
    let start = world.player().x;
    let controls = Controls {
        forward: 1.0,
        run,
        ..Controls::default()
    };
    let mut steps = 0;
    for _ in 0..(seconds * f64::from(TICK_RATE)) as usize {
        world.step(&controls);
        let told = world.sounds().as_slice();
        steps += told.iter().filter(|s| s.cue == Cue::Footstep).count();
    }
    (steps, world.player().x - start)
}

#[test]
fn footsteps_come_faster_the_faster_the_walk() {
    let (walking, walked) = footsteps(false, 2.0);
    let (running, ran) = footsteps(true, 2.0);
    assert!(ran > 1.3 * walked, "the run key is quicker: {walked} {ran}");
    for (steps, tiles) in [(walking, walked), (running, ran)] {
        let expected = (tiles / STRIDE).floor() as usize;
        assert_eq!(steps, expected, "{tiles} tiles walked");
    }
    assert!(running > walking, "walking {walking}, running {running}");
}

#[test]
fn a_classic_stop_ends_the_footsteps_at_once() {
    let map = Map::from_rows(&["##############", "#>...........#", "##############"]);
    let tunables = Tunables {
        model: Model::Classic,
        ..Tunables::default()
    };
    let mut world = World::new(map, tunables, 1);
    let walk = Controls {
        forward: 1.0,
        ..Controls::default()
    };
    for _ in 0..120 {
        world.step(&walk);
    }
    let mut after_stop = 0;
    for _ in 0..240 {
        world.step(&Controls::default());
        let told = world.sounds().as_slice();
        after_stop += told.iter().filter(|s| s.cue == Cue::Footstep).count();
    }
    assert_eq!(after_stop, 0, "the classic model stops dead: no step after");
}

#[test]
fn nothing_sounding_is_exact_silence() {
    let mut world = World::new(room(), Tunables::default(), 1);
    let mut listening = Listening::new(&world, bank(), RATE, Levels::default());
    let mut frames = 0;
    for _ in 0..240 {
        world.step(&Controls::default());
        let block = listening.tick(&world, false);
        assert!(block.iter().all(|&x| x == 0.0), "a sound in a still room");
        frames += block.len() / 2;
    }
    assert_eq!(frames, 2 * RATE as usize, "two seconds of frames");
}

#[test]
fn muted_is_silent_and_the_volume_scales() {
    let map = room();
    let mut heard = Heard::default();
    heard.hear(&map, &ear(4.5, 3.5, 0.0), &[shot_at([6.5, 3.5])]);
    let render = |levels: Levels| {
        let mut mixer = Mixer::new(bank(), RATE, levels);
        mixer.hear(&heard);
        let mut frames = vec![0.0f32; 4800];
        mixer.render(&mut frames);
        frames
    };
    let full = render(Levels {
        volume: 1.0,
        ..Levels::default()
    });
    let half = render(Levels {
        volume: 0.5,
        ..Levels::default()
    });
    let muted = render(Levels {
        mute: true,
        ..Levels::default()
    });
    assert!(full.iter().any(|&x| x != 0.0));
    assert!(full
        .iter()
        .zip(&half)
        .all(|(f, h)| (f * 0.5 - h).abs() < 1e-6));
    assert!(muted.iter().all(|&x| x == 0.0));
}

#[test]
fn replay_audio_is_the_same_bytes_every_run_and_as_long_as_the_recording() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let golden = root.join("tests/golden/play.wrec");
    let dir = std::env::temp_dir().join(format!("wobblecaster-audio-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let render = |name: &str| {
        let out = dir.join(name);
        let status = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
            .current_dir(root)
            .args(["replay", golden.to_str().unwrap(), "--headless", "--audio"])
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success());
        std::fs::read(&out).unwrap()
    };
    let (a, b) = (render("a.wav"), render("b.wav"));
    // An existing file is refused without --force.
    let again = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .current_dir(root)
        .args(["replay", golden.to_str().unwrap(), "--headless", "--audio"])
        .arg(dir.join("a.wav"))
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(a == b, "two renders differ");
    let text = std::fs::read_to_string(&golden).unwrap();
    let ticks: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("end "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap();
    let frames = ticks * RATE as usize / TICK_RATE as usize;
    assert_eq!(a.len(), 44 + frames * 4, "{ticks} ticks of 16-bit stereo");
    assert!(!again.status.success(), "an existing file is kept");
    let told = String::from_utf8_lossy(&again.stderr);
    assert!(told.contains("--force"), "{told}");
}

#[test]
fn a_script_sounds_the_same_through_feel_and_through_trace() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("wobblecaster-feel-audio-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let render = |command: &[&str], name: &str| {
        let out = dir.join(name);
        let run = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
            .current_dir(root)
            .args(command)
            .arg("--audio")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        std::fs::read(&out).unwrap()
    };
    let script = "maneuvers/stop_start.txt";
    let feel = render(&["feel", script, "--csv"], "feel.wav");
    let trace = render(&["trace", "--script", script], "trace.wav");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(feel == trace, "feel and trace heard the run differently");
    // Footsteps were heard: not silence.
    assert!(feel[44..].iter().any(|&b| b != 0));
}
