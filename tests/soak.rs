//! The soak: random controls, held for random spells, on every shipped
//! map (every `.map` and `.tmx` file in `maps/`, found when the test runs),
//! switching walking model, camera coupling and jetpack, using doors and
//! restarting as they go, under the default tunables and the comfort
//! options. After every tick nothing is NaN or infinite, no body overlaps a
//! solid tile and the shell, puff and particle counts stay in their
//! bounds; the thread's live heap stays flat once warm.
//!
//! `cargo test --test soak` runs 50,000 ticks a map and variant, one thread
//! a map; the long run is
//! `SOAK_TICKS=1000000 cargo test --release --test soak -- --nocapture`
//! (docs/reliability.md, Soak), and `SOAK_MAP=arena.map` soaks one map. A failure
//! names the map, the variant, the seed and the tick: the run is
//! deterministic, so that is a reproducer.

mod common;

use common::alloc::{live, Tracking};
use common::root;
use std::fmt::Debug;
use std::time::Instant;
use wobblecaster::map;
use wobblecaster::sim::actors::overlaps_wall;
use wobblecaster::sim::actors::shell::{MAX_PUFFS, MAX_SHELLS};
use wobblecaster::sim::{Controls, Coupling, Model, Request, Rng, Tunables, World};

#[global_allocator]
static GLOBAL: Tracking = Tracking;

/// Ticks a map and variant in `cargo test`; `SOAK_TICKS` overrides it.
const DEFAULT_TICKS: u64 = 50_000;
/// Ticks between two full scans of the world for NaN and infinity.
const SCAN_EVERY: u64 = 500;
/// The share of the run after which the heap must stay flat.
const WARM_SHARE: f64 = 0.2;
/// How far the live heap may rise after warming up, in bytes: a leak of a
/// few bytes a tick shows over a bounded run.
const FLAT_BYTES: isize = 64 << 10;
/// Slack when asking whether a body overlaps a wall, in tiles: collision
/// leaves bodies touching walls exactly.
const TOUCH: f64 = 1e-6;

/// Ticks a map and variant: `SOAK_TICKS`, else [`DEFAULT_TICKS`].
fn ticks() -> u64 {
    std::env::var("SOAK_TICKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_TICKS)
}

/// The tunables a soak runs under, by name.
fn variants() -> [(&'static str, Tunables); 2] {
    let mut comfort = Tunables {
        model: Model::Quake,
        coupling: Coupling::Heading,
        head_bob: 1.0,
        gyro: 180f64.to_radians(),
        ..Tunables::default()
    };
    comfort.flight.stabilise = false;
    [("default", Tunables::default()), ("comfort", comfort)]
}

/// Random controls for one spell: any stick, look and pointer, buttons
/// pressed at random, now and then exactly full or an out-of-range value
/// (NaN, infinity, too far) that the app's clamping must tame; and one
/// action in six spells.
fn spell(rng: &mut Rng) -> Controls {
    let axis = |rng: &mut Rng| match rng.next_u64() % 10 {
        0 => 0.0,
        1 => 1.0,
        2 => -1.0,
        3 => [f32::NAN, f32::INFINITY, -3.0][(rng.next_u64() % 3) as usize],
        _ => (rng.next_f64() * 2.0 - 1.0) as f32,
    };
    let action = match rng.next_u64() % 36 {
        0..=2 => Some(Request::SetModel(Model::ALL[(rng.next_u64() % 3) as usize])),
        3 => Some(Request::SetCoupling(
            Coupling::ALL[(rng.next_u64() % 2) as usize],
        )),
        4 | 5 => Some(Request::Jetpack),
        6 => Some(Request::Restart),
        7..=9 => Some(Request::Use),
        _ => None,
    };
    let look = match rng.next_u64().is_multiple_of(4) {
        true => axis(rng) * 0.2,
        false => 0.0,
    };
    // From the default, so that a field added to `Controls` later keeps
    // its default here (today every field is set, hence the allow).
    #[allow(clippy::needless_update)]
    let c = Controls {
        forward: axis(rng),
        right: axis(rng),
        turn: axis(rng),
        look,
        pointer: [axis(rng), axis(rng)],
        fire: rng.next_f64() < 0.5,
        thrust: rng.next_f64() < 0.4,
        hover: rng.next_f64() < 0.4,
        brake: rng.next_f64() < 0.2,
        action,
        ..Controls::default()
    };
    c.clamped()
}

/// What a soak saw.
#[derive(Debug, Default)]
struct Seen {
    ticks: u64,
    flying_ticks: u64,
    models: [u64; 3],
    couplings: [u64; 2],
    most_enemies: usize,
    most_shells: usize,
    most_puffs: usize,
    most_particles: usize,
    heap_rise: isize,
    hash: u64,
}

/// Runs `ticks` ticks of random spells on `map` under `tunables`, checking
/// the world after each; panics naming the tick of the first fault.
fn soak(map_name: &str, (variant, tunables): (&str, Tunables), ticks: u64, seed: u64) -> Seen {
    let map = map::load(&root().join("maps").join(map_name)).unwrap().map;
    let mut world = World::new(map, tunables, seed);
    let mut rng = Rng::new(seed ^ 0x50ac);
    let (mut controls, mut left) = (Controls::default(), 0);
    let mut seen = Seen::default();
    let warm_at = (ticks as f64 * WARM_SHARE) as u64;
    let mut warm_heap = None;
    for tick in 1..=ticks {
        if left == 0 {
            controls = spell(&mut rng);
            left = 1 + rng.next_u64() % 240;
        }
        world.step(&controls);
        // An action goes with one tick, as the app sends it.
        controls.action = None;
        left -= 1;
        let at = || format!("{map_name} ({variant}, seed {seed}) at tick {tick}");
        check(&world, &at);
        if tick % SCAN_EVERY == 0 {
            scan(&world, &at);
        }
        note(&world, &mut seen);
        if tick == warm_at {
            warm_heap = Some(live());
        }
        if let Some(warm) = warm_heap {
            seen.heap_rise = seen.heap_rise.max(live() - warm);
        }
    }
    seen.hash = world.state_hash();
    assert!(
        seen.heap_rise <= FLAT_BYTES,
        "{map_name} ({variant}): the heap rose {} bytes after warming up",
        seen.heap_rise
    );
    seen
}

/// The checks after every tick: finite bodies, out of the walls, and
/// bounded counts.
fn check(world: &World, at: &impl Fn() -> String) {
    let p = world.player();
    let pose = world.camera();
    let numbers = [
        p.x,
        p.y,
        p.heading,
        p.body.speed,
        pose.z,
        pose.yaw,
        pose.pitch,
    ];
    assert!(numbers.iter().all(|v| v.is_finite()), "{}: {p:?}", at());
    let radius = world.tunables().player_radius - TOUCH;
    assert!(
        !overlaps_wall(world.map(), [p.x, p.y], radius),
        "{}: the player in a wall at {:?}",
        at(),
        [p.x, p.y]
    );
    let a = world.actors();
    for w in &a.walkers {
        assert!(w.x.is_finite() && w.y.is_finite(), "{}: {w:?}", at());
        let r = a.tunables.walker.radius - TOUCH;
        assert!(
            !overlaps_wall(world.map(), [w.x, w.y], r),
            "{}: a walker in a wall at {:?}",
            at(),
            [w.x, w.y]
        );
    }
    for t in &a.tanks {
        assert!(t.x.is_finite() && t.y.is_finite(), "{}: {t:?}", at());
        assert!(
            !overlaps_wall(world.map(), [t.x, t.y], t.radius() - TOUCH),
            "{}: a tank in a wall at {:?}",
            at(),
            [t.x, t.y]
        );
    }
    assert!(a.shells.len() <= MAX_SHELLS, "{}: shells", at());
    assert!(a.puffs.len() <= MAX_PUFFS, "{}: puffs", at());
    let particles = world.particles();
    assert!(particles.len() <= particles.capacity(), "{}", at());
}

/// Every number in the simulated state, as `Debug` shows it, is finite:
/// the player and the flier, every walker, tank, shell and puff, the
/// health and every particle. (Not the flow fields' caches, where
/// infinity is the distance to a tile no path reaches.)
fn scan(world: &World, at: &impl Fn() -> String) {
    let a = world.actors();
    let parts: [&dyn Debug; 9] = [
        world.player(),
        &a.walkers,
        &a.tanks,
        &a.shells,
        &a.puffs,
        world.combat(),
        world.particles(),
        &world.tunables(),
        &world.camera(),
    ];
    for part in parts {
        let shown = format!("{part:?}");
        let words = shown.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.'));
        if let Some(bad) = words
            .into_iter()
            .find(|w| matches!(*w, "NaN" | "inf" | "-inf"))
        {
            let at_bad = shown.find(bad).unwrap_or(0);
            let context = &shown[at_bad.saturating_sub(300)..(at_bad + 100).min(shown.len())];
            panic!("{}: {bad} in ...{context}...", at());
        }
    }
}

/// Adds this tick to what was seen.
fn note(world: &World, seen: &mut Seen) {
    seen.ticks += 1;
    seen.flying_ticks += u64::from(world.player().flight.is_some());
    let model = Model::ALL.iter().position(|&m| m == world.tunables().model);
    seen.models[model.unwrap()] += 1;
    let coupling = Coupling::ALL
        .iter()
        .position(|&c| c == world.tunables().coupling);
    seen.couplings[coupling.unwrap()] += 1;
    let a = world.actors();
    let enemies = a.walkers.iter().filter(|w| w.state.alive()).count()
        + a.tanks.iter().filter(|t| t.alive()).count();
    seen.most_enemies = seen.most_enemies.max(enemies);
    seen.most_shells = seen.most_shells.max(world.actors().shells.len());
    seen.most_puffs = seen.most_puffs.max(world.actors().puffs.len());
    seen.most_particles = seen.most_particles.max(world.particles().len());
}

/// Soaks `map_name` under every variant and checks the run covered
/// what it should.
fn soak_map(map_name: &str, seed: u64) {
    let started = Instant::now();
    let per_variant = ticks();
    for (i, variant) in variants().into_iter().enumerate() {
        let name = variant.0;
        let seen = soak(map_name, variant, per_variant, seed.wrapping_add(i as u64));
        eprintln!(
            "soak {map_name} {name}: {} ticks ({} flying; polar/classic/quake {:?}; \
             couplings {:?}), up to {} enemies alive, at most {} shells, {} puffs, \
             {} particles, heap rise {} B after warming; hash {:016x}",
            seen.ticks,
            seen.flying_ticks,
            seen.models,
            seen.couplings,
            seen.most_enemies,
            seen.most_shells,
            seen.most_puffs,
            seen.most_particles,
            seen.heap_rise,
            seen.hash
        );
        assert!(seen.models.iter().all(|&n| n > 0), "every model ran");
        assert!(seen.couplings.iter().all(|&n| n > 0), "every coupling ran");
        assert!(seen.flying_ticks > 0, "the jetpack flew");
    }
    eprintln!(
        "soak {map_name}: {} ticks in {:.1} s",
        2 * per_variant,
        started.elapsed().as_secs_f64()
    );
}

/// The shipped maps: every `.map` and `.tmx` file in `maps/` (tilesets,
/// textures and notes beside them are not maps), or only `SOAK_MAP`.
fn shipped_maps() -> Vec<String> {
    if let Ok(only) = std::env::var("SOAK_MAP") {
        return vec![only];
    }
    let mut names: Vec<String> = std::fs::read_dir(root().join("maps"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".map") || n.ends_with(".tmx"))
        .collect();
    names.sort();
    names
}

/// A map's seed, from its name: adding a map changes no other map's run.
fn seed_of(name: &str) -> u64 {
    // FNV-1a.
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Every shipped map, one thread each; every failure is reported, by map.
#[test]
fn soak_every_shipped_map() {
    let maps = shipped_maps();
    assert!(maps.iter().any(|m| m == "default.map") || maps.len() == 1);
    let runs: Vec<_> = maps
        .into_iter()
        .map(|name| {
            let thread = std::thread::Builder::new().name(format!("soak {name}"));
            let run = name.clone();
            let handle = thread.spawn(move || soak_map(&run, seed_of(&run))).unwrap();
            (name, handle)
        })
        .collect();
    let failed: Vec<String> = runs
        .into_iter()
        .filter_map(|(name, handle)| handle.join().err().map(|_| name))
        .collect();
    // Each failure's message is above, in the failing thread's panic.
    assert!(failed.is_empty(), "the soak failed on {failed:?}");
}
