//! The second golden recording, `tests/golden/play.wrec`: a run played on
//! `tests/maps/golden_play.map` with the gun, two walkers and a tank shot
//! dead, the jetpack (a soft landing and a crash), a door opened and left
//! to shut, a key and the door it unlocks, and every walking model and
//! camera coupling switched mid-run.
//!
//! It replays to its committed hashes. Along the way the world is held to
//! the rules as the documentation states them, worked out here and not
//! asked of the code: the door's clock, crash damage, strike and shot
//! damage, Quake's friction, Wolfenstein 3D's speeds, and where the camera
//! looks.
//!
//! After an intended change to the simulation, rewrite the recording with
//! `WOBBLE_BLESS=1 cargo test --test golden_play` and say why in the commit.

use std::path::Path;
use std::process::Command;
use std::sync::Once;
use wobblecaster::map::{self, Door, DoorMotion, Key, Map, PickupKind};
use wobblecaster::record::{Header, Playback, Recorder, Recording, CHECK_INTERVAL};
use wobblecaster::sim::actors::walker::WalkerState;
use wobblecaster::sim::doors::Event;
use wobblecaster::sim::{Controls, Coupling, Model, Player, Request, Tunables, World, TICK_DT};

#[path = "golden_play/rules.rs"]
mod rules;
use rules::{classic_velocity, draws, quake_velocity, roll, spec, touchdown_damage};

/// The seed of the run.
const SEED: u64 = 26;
/// The map and the recording, relative to the source tree (the header
/// names the map so, and `.ci/run` replays from there).
const MAP: &str = "tests/maps/golden_play.map";
const GOLDEN: &str = "tests/golden/play.wrec";
/// The tiles of the plain door next to the start and of the gold door.
const START_DOOR: (i64, i64) = (4, 3);
const GOLD_DOOR: (i64, i64) = (20, 3);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load_map() -> Map {
    map::load(&root().join(MAP)).unwrap().map
}

/// No control held.
const IDLE: Controls = Controls {
    forward: 0.0,
    right: 0.0,
    turn: 0.0,
    look: 0.0,
    fire: false,
    run: false,
    thrust: false,
    hover: false,
    brake: false,
    pointer: [0.0; 2],
    action: None,
    weapon: None,
};

/// Full thrust held, hover held, the trigger held.
const THRUST: Controls = Controls {
    thrust: true,
    ..IDLE
};
const HOVER: Controls = Controls {
    hover: true,
    ..IDLE
};
const FIRE: Controls = Controls { fire: true, ..IDLE };

/// The movement keys: push `forward` and `right` (each -1 to 1), turn at
/// `turn` of the heading speed.
fn walk(forward: f32, right: f32, turn: f32) -> Controls {
    Controls {
        forward,
        right,
        turn,
        ..IDLE
    }
}

/// Turning on the spot with the run key held, at `share` of the model's
/// running turn speed: the run turns the classic and quake models at 150
/// deg/s as this route was laid out for (Wolfenstein 3D runs its turn at
/// 245 deg/s, Quake at 210).
fn run_turn(share: f32) -> Controls {
    Controls {
        turn: share,
        run: true,
        ..IDLE
    }
}

/// [`run_turn`]'s share for 150 deg/s in the classic model, either way.
const CLASSIC_150: f32 = 150.0 / 245.0;
/// [`run_turn`]'s share for 150 deg/s in the quake model.
const QUAKE_150: f32 = 150.0 / 210.0;

/// The run's controls, built a phase at a time.
#[derive(Default)]
struct Tape {
    ticks: Vec<Controls>,
}

impl Tape {
    /// Holds `c` for `n` ticks.
    fn hold(&mut self, n: usize, c: Controls) -> &mut Self {
        self.ticks.extend(std::iter::repeat_n(c, n));
        self
    }

    /// One tick of `c` that also carries `action`.
    fn act(&mut self, action: Request, c: Controls) -> &mut Self {
        let c = Controls {
            action: Some(action),
            ..c
        };
        self.hold(1, c)
    }

    /// `periods` times: `on` ticks of hover, then `off` ticks without,
    /// with `c` held throughout. Three on, one off holds a height (hover
    /// is a quarter of full thrust, gravity 3/16 of it); one on, one off
    /// sinks slowly.
    fn hover(&mut self, periods: usize, on: usize, off: usize, c: Controls) -> &mut Self {
        for _ in 0..periods {
            self.hold(on, Controls { hover: true, ..c });
            self.hold(off, c);
        }
        self
    }
}

/// Every tick of the run, phase by phase: 4,833 ticks, 40 s.
fn controls() -> Vec<Controls> {
    let mut t = Tape::default();
    // The start room, polar model along the velocity: a step up to the
    // door, use it, wait the second it takes to open.
    t.hold(30, walk(1.0, 0.0, 0.0))
        .hold(30, IDLE)
        .act(Request::Use, IDLE)
        .hold(125, IDLE);
    // Through it into the hall, weaving so the view swings off the heading.
    t.hold(60, walk(1.0, 0.0, 0.0))
        .hold(40, walk(1.0, 0.0, 0.6))
        .hold(40, walk(1.0, 0.0, -0.6));
    // The same weave with the camera along the heading, then back.
    t.act(Request::SetCoupling(Coupling::Heading), walk(1.0, 0.0, 0.6))
        .hold(39, walk(1.0, 0.0, 0.6))
        .hold(40, walk(1.0, 0.0, -0.6))
        .act(Request::SetCoupling(Coupling::Velocity), IDLE)
        .hold(30, IDLE);
    // Wolfenstein 3D's walk up to the gold door, which will not open yet.
    t.act(Request::SetModel(Model::Classic), walk(1.0, 0.0, 0.0))
        .hold(200, walk(1.0, 0.0, 0.0))
        .act(Request::Use, IDLE);
    // Quake's run back over the key, turning on the spot first, then a
    // coast that only friction stops.
    t.act(Request::SetModel(Model::Quake), run_turn(QUAKE_150))
        .hold(132, run_turn(QUAKE_150))
        .hold(148, walk(1.0, 0.0, 0.0))
        .hold(100, IDLE);
    // The polar model again, back to the gold door with its key.
    t.act(Request::SetModel(Model::Polar), walk(0.0, 0.0, -1.0))
        .hold(145, walk(0.0, 0.0, -1.0))
        .hold(130, walk(1.0, 0.0, 0.0))
        .hold(60, IDLE)
        .hold(13, walk(0.0, 0.0, 1.0))
        .hold(90, walk(1.0, 0.0, 0.0))
        .hold(90, IDLE);
    // Up on the jetpack to hang just above the tank's shells (above 0.3
    // tiles, the eye still below the top of the tank), then open the gold
    // door and shoot the tank from there as it comes.
    t.act(Request::Jetpack, THRUST)
        .hold(4, THRUST)
        .hover(60, 3, 1, IDLE);
    t.act(Request::Use, HOVER)
        .hold(2, HOVER)
        .hold(1, IDLE)
        .hover(100, 3, 1, FIRE)
        .hover(40, 3, 1, IDLE);
    // Sink on half the hover and set down gently: the jetpack is off.
    t.hover(100, 1, 1, IDLE).hold(60, IDLE);
    // Wolfenstein 3D's walk to the door of the walkers' room.
    t.act(Request::SetModel(Model::Classic), run_turn(CLASSIC_150))
        .hold(136, run_turn(CLASSIC_150))
        .hold(205, walk(1.0, 0.0, 0.0))
        .hold(65, run_turn(-CLASSIC_150))
        .hold(30, IDLE);
    // The polar model again: open it, let the first walker through strike
    // a few times, then shoot it.
    t.act(Request::SetModel(Model::Polar), IDLE)
        .act(Request::Use, IDLE)
        .hold(400, IDLE)
        .hold(200, FIRE);
    // The other walker hangs back on the door's corner: step back (on
    // Wolfenstein 3D's feet, so the view keeps facing the door) until it
    // follows, let it strike, and shoot it.
    t.act(Request::SetModel(Model::Classic), walk(-1.0, 0.0, 0.0))
        .hold(99, walk(-1.0, 0.0, 0.0))
        .hold(400, IDLE)
        .hold(200, FIRE);
    // Up on full thrust, then the jetpack off in the air: a fall too fast
    // to land safely.
    t.act(Request::Jetpack, THRUST)
        .hold(54, THRUST)
        .act(Request::Jetpack, IDLE)
        .hold(420, IDLE);
    t.ticks
}

/// Writes the recording from [`controls`] when `WOBBLE_BLESS` is set, once
/// per test run, before any test reads it.
fn bless_if_asked() {
    static BLESS: Once = Once::new();
    BLESS.call_once(|| {
        if std::env::var_os("WOBBLE_BLESS").is_none() {
            return;
        }
        let golden = root().join(GOLDEN);
        // The one file this test owns: replaced on purpose.
        let _ = std::fs::remove_file(&golden);
        let mut world = World::new(load_map(), Tunables::default(), SEED);
        let header = Header::new(&world, Some(Path::new(MAP)), SEED);
        let mut recorder = Recorder::create(&golden, &header, &world).unwrap();
        for c in controls() {
            world.step(&c);
            recorder.record(&c, &world).unwrap();
        }
        recorder.finish().unwrap();
    });
}

/// The committed recording, read back.
fn recording() -> Recording {
    bless_if_asked();
    Recording::load(&root().join(GOLDEN)).unwrap()
}

/// What the checks compare across one tick: the world just before it.
struct Before {
    player: Player,
    /// The player's health, and the shots fired so far.
    health: i32,
    shots: u32,
    /// The generator's state.
    rng: u64,
    /// Each walker's health and state.
    walkers: Vec<(i32, WalkerState)>,
    /// Each tank's health and whether it still runs.
    tanks: Vec<(i32, bool)>,
    /// Shells in flight.
    shells: usize,
    doors: Vec<Door>,
    /// Pickups still lying about.
    pickups: usize,
}

impl Before {
    /// `world` as it stands (mutable only to read its generator's state).
    fn of(world: &mut World) -> Self {
        let a = world.actors();
        Self {
            walkers: a.walkers.iter().map(|w| (w.health, w.state)).collect(),
            tanks: a.tanks.iter().map(|t| (t.health, t.alive())).collect(),
            shells: a.shells.len(),
            player: world.player().clone(),
            health: world.combat().health,
            shots: world.combat().shots,
            doors: world.map().doors.clone(),
            pickups: world.pickups().len(),
            rng: world.rng().state(),
        }
    }
}

/// One tick of the run as the checks see it.
struct Tick<'a> {
    /// The world just before the tick.
    before: &'a Before,
    /// The tick's controls.
    controls: &'a Controls,
    /// The world just after it.
    after: &'a World,
    /// The generator's state just after it.
    rng_after: u64,
}

/// Plays the committed recording, showing `look` every tick; then checks
/// that every hash line and the end line matched.
fn play(mut look: impl FnMut(&Tick)) {
    let mut playback = Playback::new(recording());
    let mut world = playback.start(load_map());
    while let Some(controls) = playback.next_controls() {
        let before = Before::of(&mut world);
        world.step(&controls);
        playback.check(&world);
        let rng_after = world.rng().state();
        look(&Tick {
            before: &before,
            controls: &controls,
            after: &world,
            rng_after,
        });
    }
    assert_eq!(playback.desync(), None, "the run itself changed");
    assert!(playback.is_finished());
}

/// The door of `map` on `tile`.
fn door_index(map: &Map, tile: (i64, i64)) -> usize {
    map.door_at(tile.0, tile.1).expect("a door there")
}

/// True if no solid tile (wall, or a door not fully open) comes within
/// `reach` of `pos`: a body of a smaller radius moving less than the
/// difference cannot touch one.
fn clear_of_walls(map: &Map, pos: [f64; 2], reach: f64) -> bool {
    let span = |v: f64| (v - reach).floor() as i64..=(v + reach).floor() as i64;
    span(pos[1]).all(|ty| {
        span(pos[0]).all(|tx| {
            let nx = pos[0].clamp(tx as f64, tx as f64 + 1.0);
            let ny = pos[1].clamp(ty as f64, ty as f64 + 1.0);
            !map.is_solid(tx, ty) || (nx - pos[0]).hypot(ny - pos[1]) >= reach
        })
    })
}

#[test]
fn the_play_recording_replays_to_its_committed_hashes() {
    let recording = recording();
    assert!(
        recording.ticks().eq(controls()),
        "the file holds this test's run (rebless after changing it)"
    );
    assert_eq!(recording.header.seed, SEED);
    assert_eq!(recording.header.map.as_deref(), Some(Path::new(MAP)));
    // Tunables default in the header: a changed default would otherwise
    // replay from the file's old value and pass unnoticed.
    assert_eq!(
        recording.header.tunables,
        Tunables::default(),
        "a default tunable changed: if on purpose, rebless"
    );
    let end = recording.end.expect("closed properly");
    assert_eq!(end.tick, controls().len() as u64);
    assert_eq!(
        recording.checks.len() as u64,
        end.tick / CHECK_INTERVAL,
        "a hash line every second"
    );
    // The library: every hash line and the end line (play checks them).
    let mut ticks = 0;
    play(|_| ticks += 1);
    assert_eq!(ticks, end.tick);
    // The binary, from the source tree, by the header's relative map path.
    let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(["replay", GOLDEN, "--headless", "--hash"])
        .current_dir(root())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(printed.trim(), format!("{:016x}", end.hash));
}

/// docs/playing.md: the polar model's camera looks along the speed angle with the
/// `velocity` coupling and along the wish heading with `heading`; the
/// other models, and flight, look along the heading. The model and the
/// coupling are followed here from the recording's own switches.
#[test]
fn the_camera_looks_where_the_model_and_coupling_in_force_say() {
    let header = recording().header.tunables;
    let (mut model, mut coupling) = (header.model, header.coupling);
    // Ticks on foot by model and coupling, in the order of their `ALL`.
    let mut ticks_in = [[0; 2]; 3];
    let mut swinging = 0;
    play(|t| {
        let w = t.after;
        match t.controls.action {
            Some(Request::SetModel(m)) => model = m,
            Some(Request::SetCoupling(k)) => coupling = k,
            _ => {}
        }
        assert_eq!(w.tunables().model, model, "tick {}", w.tick());
        assert_eq!(w.tunables().coupling, coupling, "tick {}", w.tick());
        let p = w.player();
        let along_velocity =
            p.flight.is_none() && model == Model::Polar && coupling == Coupling::Velocity;
        let expected = if along_velocity {
            p.body.speed_angle
        } else {
            p.heading
        };
        assert_eq!(w.camera().yaw, expected, "tick {}", w.tick());
        if p.flight.is_none() {
            ticks_in[model as usize][coupling as usize] += 1;
        }
        let off = (p.body.speed_angle - p.heading).sin().abs();
        if along_velocity && off > 0.05 {
            swinging += 1;
        }
    });
    // Not vacuous: the view swung away from the heading for a while, and
    // every model and both couplings had their turn on foot.
    assert!(swinging >= 100, "{swinging} ticks off the heading");
    for key in [
        (Model::Polar, Coupling::Velocity),
        (Model::Polar, Coupling::Heading),
        (Model::Classic, Coupling::Velocity),
        (Model::Quake, Coupling::Velocity),
    ] {
        assert!(ticks_in[key.0 as usize][key.1 as usize] >= 60, "{key:?}");
    }
}

/// maps/README.md: a door "slides into the wall in a second, stays open
/// four seconds, and slides shut" in another second, unless someone
/// stands in it. The start room's door is opened once and left alone.
#[test]
fn the_door_left_alone_keeps_the_documented_clock() {
    let door = door_index(&load_map(), START_DOOR);
    let mut used = None;
    // (ticks since the use, counting the use's own tick as 1; the leaf's
    // opening; what it does)
    let mut seen: Vec<(u32, f64, DoorMotion)> = Vec::new();
    play(|t| {
        let (was, now) = (&t.before.doors[door], &t.after.map().doors[door]);
        let w = t.after;
        if used.is_none() && t.controls.action == Some(Request::Use) && was.motion != now.motion {
            assert_eq!((was.open, was.motion), (0.0, DoorMotion::Still));
            used = Some(w.tick());
        }
        if let Some(u) = used {
            seen.push(((w.tick() - u + 1) as u32, now.open, now.motion));
        }
    });
    assert!(used.is_some(), "the door was used");
    let (slide, stay) = (spec::DOOR_SLIDE_TICKS, spec::DOOR_OPEN_TICKS);
    let (opened, closing) = (slide, slide + stay);
    let shut = closing + slide;
    // The documented opening after `s` ticks: a straight slide up over a
    // second, four seconds open, a straight slide down over a second.
    let spec_open = |s: u32| -> f64 {
        let s = f64::from(s);
        let up = s / f64::from(slide);
        let down = 1.0 - (s - f64::from(closing)) / f64::from(slide);
        up.min(1.0).min(down.max(0.0))
    };
    for &(s, open, _) in seen.iter().take(shut as usize + 120) {
        // A tick's rounding either way at the turns.
        let off = (open - spec_open(s)).abs();
        assert!(off <= 1.5 / f64::from(slide), "{s} ticks in: {open}");
    }
    // Halfway down is halfway shut: a door closing twice as fast, or
    // staying open half as long, is far off here.
    let at = |s: u32| seen[s as usize - 1];
    assert!((at(closing + slide / 2).1 - 0.5).abs() < 0.02);
    assert!(matches!(at(slide / 2).2, DoorMotion::Opening));
    assert!(matches!(at(opened + stay / 2).2, DoorMotion::Open(_)));
    assert!(matches!(at(closing + slide / 2).2, DoorMotion::Closing));
    assert_eq!(at(shut + 2).1, 0.0);
    assert_eq!(at(shut + 2).2, DoorMotion::Still);
}

/// maps/README.md: a locked door opens only for the player carrying its
/// key; keys are picked up by walking over them.
#[test]
fn the_gold_door_waits_for_its_key() {
    let map = load_map();
    let door = door_index(&map, GOLD_DOOR);
    let centre = [GOLD_DOOR.0 as f64 + 0.5, GOLD_DOOR.1 as f64 + 0.5];
    let key = map.pickups[0];
    assert_eq!(key.kind, PickupKind::Key(Key::Gold));
    let mut tries = Vec::new();
    let mut picked_at = None;
    play(|t| {
        let (b, w) = (t.before, t.after);
        let gold = w.player().keys & Key::Gold.bit() != 0;
        if b.player.keys & Key::Gold.bit() == 0 && gold {
            assert!(picked_at.is_none());
            picked_at = Some(w.tick());
            assert_eq!(w.pickups().len() + 1, b.pickups, "it left the floor");
            // Walked over: the body's radius and a little from its middle.
            let near = (w.player().x - key.x).hypot(w.player().y - key.y);
            assert!(near < 2.0 * spec::PLAYER_RADIUS, "{near} from the key");
        }
        // A use within reach of the gold door (a tile or so from it).
        let (dx, dy) = (w.player().x - centre[0], w.player().y - centre[1]);
        let used = t.controls.action == Some(Request::Use) && dx.hypot(dy) < 2.0;
        if used && b.doors[door].motion == DoorMotion::Still {
            let motion = w.map().doors[door].motion;
            if motion == DoorMotion::Still {
                assert!(!gold, "with the key it opens");
                assert_eq!(w.event(), Some((w.tick() - 1, Event::Locked(Key::Gold))));
            }
            tries.push((w.tick(), gold, motion));
        }
    });
    let picked_at = picked_at.expect("the key was picked up");
    let [(locked_at, false, DoorMotion::Still), (opened_at, true, DoorMotion::Opening)] = tries[..]
    else {
        panic!("one try without the key, one with it: {tries:?}");
    };
    assert!(locked_at < picked_at && picked_at < opened_at);
}

/// Each enemy's health, the walkers then the tanks, before a tick and
/// after it.
fn enemy_healths(t: &Tick) -> (Vec<i32>, Vec<i32>) {
    let (b, a) = (t.before, &t.after.actors());
    let was = b
        .walkers
        .iter()
        .map(|w| w.0)
        .chain(b.tanks.iter().map(|k| k.0));
    let now = a
        .walkers
        .iter()
        .map(|w| w.health)
        .chain(a.tanks.iter().map(|k| k.health));
    (was.collect(), now.collect())
}

/// Each enemy the tick hurt, by its index in [`enemy_healths`], and by how much.
fn hits(t: &Tick) -> Vec<(usize, u32)> {
    let (was, now) = enemy_healths(t);
    let loss = |i: usize| u32::try_from(was[i] - now[i]).expect("enemies only lose health");
    (0..was.len())
        .filter(|&i| now[i] != was[i])
        .map(|i| (i, loss(i)))
        .collect()
}

/// On foot with no shells about, the generator rolls only the gun (first)
/// and the walkers' strikes (then, in walker order): the shot's damage if
/// the gun fired, and each strike's, worked out from the generator's state
/// before the tick and the number of draws it made.
fn rolls_on_foot(t: &Tick) -> (Option<u32>, Vec<u32>) {
    let fired = u64::from(t.after.combat().shots - t.before.shots);
    let k = draws(t.before.rng, t.rng_after, 8).expect("a few draws a tick");
    assert!(k >= fired, "tick {}", t.after.tick());
    let mut state = t.before.rng;
    let shot = (fired == 1).then(|| roll(&mut state, spec::SHOT));
    let strikes = (fired..k).map(|_| roll(&mut state, spec::STRIKE)).collect();
    (shot, strikes)
}

/// How many walkers entered the frame that strikes (`Attack2`) this tick:
/// the most strikes that can land.
fn walkers_striking(t: &Tick) -> usize {
    let was = t.before.walkers.iter().map(|w| w.1);
    let now = t.after.actors().walkers.iter().map(|w| w.state);
    let strike = WalkerState::Attack2;
    was.zip(now)
        .filter(|&(b, a)| b != strike && a == strike)
        .count()
}

/// True if `roll` can come of the damage `(base, extra)`: base plus 0 to extra.
fn in_range(roll: u32, (base, extra): (u32, u32)) -> bool {
    (base..=base + extra).contains(&roll)
}

/// docs/playing.md and the tunables: the gun does 9 to 18, a walker's strike 4 to
/// 10; a walker has 30 health, a tank 120. On foot each roll is worked out
/// from the generator (see [`rolls_on_foot`]); in the air, where the
/// exhaust draws from it too, the tank's losses are held to the gun's
/// range. Every point of the player's health lost is accounted for.
#[test]
fn every_hit_does_the_documented_damage_and_every_enemy_dies() {
    let mut dealt: Vec<u32> = Vec::new(); // by enemy, as in `enemy_healths`
    let (mut strikes, mut crash) = (Vec::new(), 0);
    let (mut health, mut live_counts) = (spec::HEALTH, Vec::new());
    play(|t| {
        let (b, w) = (t.before, t.after);
        let tick = w.tick();
        let hits = hits(t);
        dealt.resize(b.walkers.len() + b.tanks.len(), 0);
        let drop = u32::try_from(b.health - w.combat().health).expect("no first aid here");
        let flying = b.player.flight.is_some() || w.player().flight.is_some();
        let shells = b.shells > 0 || !w.actors().shells.is_empty();
        if let (Some(f), None) = (&b.player.flight, &w.player().flight) {
            // A touchdown: its cost, and nothing else.
            let (_, damage) = touchdown_damage(f.velocity[2], t.controls.thrust);
            assert_eq!((drop, &hits[..]), (damage, &[][..]), "tick {tick}");
            crash += damage;
        } else if flying || shells {
            assert_eq!(drop, 0, "nothing reaches the player here: tick {tick}");
            let fired = w.combat().shots > b.shots;
            for &(i, loss) in &hits {
                assert!(fired && in_range(loss, spec::SHOT), "tick {tick}: {loss}");
                dealt[i] += loss;
            }
        } else {
            let (shot, struck) = rolls_on_foot(t);
            assert!(struck.iter().all(|&s| in_range(s, spec::STRIKE)));
            assert_eq!(drop, struck.iter().sum::<u32>(), "tick {tick}");
            assert!(struck.len() <= walkers_striking(t), "tick {tick}");
            strikes.extend(struck);
            match (&hits[..], shot) {
                ([], _) => {}
                (&[(i, loss)], Some(d)) => {
                    assert_eq!(loss, d, "tick {tick}");
                    dealt[i] += d;
                }
                _ => panic!("tick {tick}: {hits:?}, the gun's roll {shot:?}"),
            }
        }
        health = w.combat().health;
        // Dead exactly when the documented health is used up.
        let a = w.actors();
        let walkers = a
            .walkers
            .iter()
            .map(|x| (x.state.alive(), spec::WALKER_HEALTH));
        let tanks = a.tanks.iter().map(|x| (x.alive(), spec::TANK_HEALTH));
        for (i, (alive, health)) in walkers.chain(tanks).enumerate() {
            assert_eq!(alive, (dealt[i] as i32) < health, "enemy {i}, tick {tick}");
        }
        let live = a.walkers.iter().filter(|x| x.state.alive()).count()
            + a.tanks.iter().filter(|x| x.alive()).count();
        if live_counts.last() != Some(&live) {
            live_counts.push(live);
        }
    });
    assert_eq!(live_counts, [3, 2, 1, 0], "the tank, then the walkers");
    assert!(strikes.len() >= 2, "the walkers struck: {strikes:?}");
    assert!(crash > 0, "the crash cost health");
    let lost = spec::HEALTH - health;
    let accounted = strikes.iter().sum::<u32>() + crash;
    assert_eq!(lost, accounted as i32, "every point of health lost");
}

/// docs/playing.md: "a slow, nearly level touchdown walks again, a faster one hurts
/// in proportion": `crash_damage` (30) health per tile per second over the
/// landing speed (1.2 tiles/s), rounded. The run sets down once gently on
/// the hover and once with the engines off from two tiles up.
#[test]
fn a_gentle_touchdown_is_free_and_a_crash_costs_the_documented_health() {
    let mut touchdowns = Vec::new();
    play(|t| {
        let (Some(f), None) = (&t.before.player.flight, &t.after.player().flight) else {
            return;
        };
        let (impact, damage) = touchdown_damage(f.velocity[2], t.controls.thrust);
        // It is the tick the fall reaches the floor, at that speed.
        assert!(f.z > 0.0 && f.z - impact * TICK_DT <= 0.0, "{f:?}");
        let lost = t.before.health - t.after.combat().health;
        touchdowns.push((impact, damage, lost, f.stowed));
    });
    let [(gentle, 0, 0, false), (hard, crash, lost, true)] = touchdowns[..] else {
        panic!("a gentle landing, then a crash with the engines off: {touchdowns:?}");
    };
    assert!(gentle > 0.3 && gentle < spec::LANDING_SPEED, "{gentle}");
    assert!(hard > spec::LANDING_SPEED + 0.3, "{hard}");
    assert_eq!(lost, crash as i32);
}

/// docs/playing.md: the quake and classic models' formulas, held every tick of
/// theirs on foot that runs clear of walls (a wall cuts the velocity to
/// what it let through).
#[test]
fn quake_and_classic_ticks_follow_their_documented_formulas() {
    let map = load_map();
    let mut model = recording().header.tunables.model;
    let (mut coasting, mut pushing, mut classic) = (0, 0, 0);
    play(|t| {
        if let Some(Request::SetModel(m)) = t.controls.action {
            model = m;
        }
        let (b, w, c) = (&t.before.player, &t.after.player(), t.controls);
        if b.flight.is_some() || w.flight.is_some() {
            return;
        }
        let (f, r) = (f64::from(c.forward), f64::from(c.right));
        // The keys act along the heading after this tick's turn.
        let (s, co) = w.heading.sin_cos();
        let expected = match model {
            Model::Quake => quake_velocity(b.velocity, [f * co - r * s, f * s + r * co]),
            Model::Classic => classic_velocity(w.heading, f, r),
            Model::Polar => return,
        };
        let step = expected[0].hypot(expected[1]) * TICK_DT;
        if !clear_of_walls(&map, [b.x, b.y], spec::PLAYER_RADIUS + step + 1e-9) {
            return;
        }
        let off = (w.velocity[0] - expected[0]).hypot(w.velocity[1] - expected[1]);
        assert!(
            off < 1e-9,
            "tick {}: {:?} not {expected:?}",
            t.after.tick(),
            w.velocity
        );
        match model {
            Model::Quake if f == 0.0 && r == 0.0 && b.speed() > 0.0 => coasting += 1,
            Model::Quake if f != 0.0 || r != 0.0 => pushing += 1,
            Model::Classic if f != 0.0 || r != 0.0 => classic += 1,
            _ => {}
        }
    });
    // Not vacuous: friction alone slowed the body for a while (it stops
    // from 5 tiles/s in about 0.55 s), the keys pushed, Wolfenstein 3D walked.
    assert!(coasting >= 40, "{coasting} ticks coasting");
    assert!(pushing >= 100, "{pushing} ticks pushing");
    assert!(classic >= 300, "{classic} ticks walking");
}
