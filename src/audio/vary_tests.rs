use super::*;

fn sound(cue: Cue, at: [f64; 2], source: u16) -> Sound {
    Sound {
        cue,
        at,
        gain: 0.8,
        pitch: 1.0,
        source,
    }
}

fn room() -> Map {
    Map::from_rows(&["######", "#>...#", "######"])
}

#[test]
fn the_same_ticks_vary_the_same_way_and_stay_within_their_spread() {
    let map = room();
    let (mut a, mut b) = (Variation::default(), Variation::default());
    let mut pitches = Vec::new();
    for tick in 1..400 {
        let told = [
            sound(Cue::Footstep, [1.5 + tick as f64 * 0.01, 1.5], 0),
            sound(Cue::Ricochet, [3.5, 1.5], 0),
            sound(Cue::Gun, [1.5, 1.5], 0),
        ];
        let one = a.vary(&map, tick, &told).to_vec();
        assert_eq!(one, b.vary(&map, tick, &told), "tick {tick}");
        for ((clip, s), t) in one.iter().zip(&told) {
            let spread = spread_of(t.cue);
            let (p, g) = spread.map_or((0.0, 0.0), |s| (s.pitch, s.gain));
            assert!((s.pitch - 1.0).abs() <= p + 1e-6, "{s:?}");
            assert!(s.gain <= t.gain && s.gain >= t.gain * (1.0 - g) - 1e-6);
            assert_eq!((s.cue, s.at, s.source), (t.cue, t.at, t.source));
            if t.cue == Cue::Gun {
                assert_eq!((*clip, s.pitch, s.gain), (Clip::Sim(Cue::Gun), 1.0, 0.8));
            }
        }
        pitches.push(one[0].1.pitch);
    }
    // Spread over the range, not stuck at one value.
    let (lo, hi) = pitches
        .iter()
        .fold((f32::MAX, f32::MIN), |(l, h), &p| (l.min(p), h.max(p)));
    assert!(lo < 0.97 && hi > 1.03, "{lo}..{hi}");
}

#[test]
fn a_source_never_plays_the_same_take_twice_running() {
    let mut v = Variation::default();
    let mut seen = [0; STEP_VARIANTS as usize];
    let mut last = None;
    for tick in 0..1000 {
        let mut draw = Rng::new(tick);
        let take = v.take(Some(0), STEP_VARIANTS, &mut draw);
        assert_ne!(Some(take), last, "tick {tick}");
        assert!(take < STEP_VARIANTS);
        seen[take as usize] += 1;
        last = Some(take);
    }
    assert!(
        seen.iter().all(|&n| n > 200),
        "every take about as often: {seen:?}"
    );
    assert_eq!(v.take(None, 1, &mut Rng::new(3)), 0);
}

#[test]
fn each_walker_is_heard_its_own_few_ticks_late() {
    let delays: Vec<u64> = (0..8).map(walker_delay).collect();
    for (i, a) in delays.iter().enumerate() {
        assert!(*a <= 14 && a % 2 == 0, "{delays:?}");
        for b in &delays[..i] {
            assert_ne!(a, b, "{delays:?}");
        }
    }
    // Two walkers stepping on one tick are heard on two ticks, each at its
    // own delay.
    let map = room();
    let mut v = Variation::default();
    let told = [
        sound(Cue::WalkerStep, [2.5, 1.5], 1),
        sound(Cue::WalkerStep, [3.5, 1.5], 2),
    ];
    let mut heard = Vec::new();
    for tick in 100..130 {
        let sounds: &[Sound] = if tick == 100 { &told } else { &[] };
        for (_, s) in v.vary(&map, tick, sounds) {
            heard.push((tick, s.source));
        }
    }
    let want = [(100 + walker_delay(2), 2), (100 + walker_delay(1), 1)];
    assert_eq!(heard, want);
    // A reset forgets what was waiting.
    v.vary(&map, 200, &told);
    v.reset();
    assert!((200..230).all(|t| v.vary(&map, t, &[]).is_empty()));
}

#[test]
fn a_step_is_heard_on_the_material_under_it_and_a_walker_on_its_own_takes() {
    let mut map = Map::from_rows(&["######", "#>...#", "######"]);
    // Row-major, 6 tiles a row: (1, 1) wood, (2, 1) the floor's, (3, 1)
    // metal.
    let mut floors = vec![None; 18];
    floors[7] = Some(Material::Wood);
    floors[9] = Some(Material::Metal);
    map.set_floors(crate::map::Floors::layered(Material::Stone, &floors));
    let mut v = Variation::default();
    for (x, surface) in [
        (1.5, Surface::Wood),
        (2.5, Surface::Stone),
        (3.5, Surface::Metal),
    ] {
        let told = [sound(Cue::Footstep, [x, 1.5], 0)];
        let (clip, _) = v.vary(&map, 7, &told)[0];
        assert!(
            matches!(clip, Clip::Footstep { surface: s, variant } if s == surface && variant < STEP_VARIANTS),
            "{x}: {clip:?}"
        );
    }
    let told = [sound(Cue::WalkerStep, [1.5, 1.5], 0)];
    let (clip, _) = v.vary(&map, 9, &told)[0];
    assert!(
        matches!(clip, Clip::WalkerStep { variant } if variant < STEP_VARIANTS),
        "{clip:?}"
    );
    for m in Material::ALL {
        assert_eq!(format!("{:?}", surface_of(m)), format!("{m:?}"));
    }
}
