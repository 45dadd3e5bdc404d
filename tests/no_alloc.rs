//! Steady state allocates nothing: a counting global allocator watches
//! the world tick and the frame (walls, floor, ceiling, sprites, exhaust
//! and HUD, on every core) once both have warmed up, a push wall sliding
//! among them, and the tick heard and mixed.
//!
//! One test in this file: the count is global, and another test running
//! beside it would add its own allocations.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use wobblecaster::audio::{Bank, Levels, Listening, RATE};
use wobblecaster::map::{MapArt, Weapon};
use wobblecaster::render::{self, Hud, View, Workspace};
use wobblecaster::sim::{Controls, Request, Select, Tunables, World};
use wobblecaster::sprites::Art;

/// The system allocator, counting every allocation and reallocation.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        // SAFETY: the caller's promises about `layout` pass straight on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, which is the system's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        // SAFETY: as for `dealloc` and `alloc`.
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made while `f` runs.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Relaxed);
    f();
    ALLOCATIONS.load(Relaxed) - before
}

/// Has every thread of rayon's global pool look for work once, so that
/// each has registered with crossbeam's epoch collector before anything
/// is counted.
///
/// A pool thread registers (one allocation, of its thread-local handle)
/// the first time it looks into a work queue with nothing of its own to
/// pop. The other workers do that as soon as they start, but this thread
/// only when a join finds its second half stolen and not yet done: a race
/// that the warm-up did not always lose, so about one run in ten counted
/// that one allocation in a measured frame or tick. It is a one-off per
/// thread, not steady state; `broadcast` runs the search on every thread
/// and returns only when all have.
fn register_with_the_work_stealing_epoch() {
    rayon::broadcast(|_| {
        // Normally the first search finds nothing; any job it finds it
        // runs, and the next search looks again (bounded all the same).
        for _ in 0..100 {
            if rayon::yield_now() != Some(rayon::Yield::Executed) {
                break;
            }
        }
    });
}

/// The shipped map `map`, in a world seeded 1, and its textures.
fn world(map: &str) -> (World, MapArt) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = wobblecaster::map::load(&root.join("maps").join(map)).unwrap();
    (World::new(loaded.map, Tunables::default(), 1), loaded.art)
}

/// Runs `ticks` ticks of `controls` then draws `frames` frames, returning
/// the allocations of the ticks and of the frames.
fn run(
    world: &mut World,
    controls: &[Controls],
    (ws, (art, map_art), frame): (&mut Workspace, (&Art, &MapArt), &mut [u8]),
    (w, h): (usize, usize),
) -> (usize, usize) {
    let ticks = allocations(|| {
        for c in controls {
            world.step(c);
        }
    });
    let hud = Hud {
        fps: Some(60.0),
        minimap: true,
        // Every part of the HUD drawn, the status bar's text formatted.
        parts: wobblecaster::render::Parts {
            status_bar: true,
            crosshair: true,
            readout: true,
        },
        goal: wobblecaster::render::GoalShown::Checkpoint { next: 2, of: 4 },
        clock: Some(1234),
        ..Hud::default()
    };
    let frames = allocations(|| {
        // More frames than a block of the pool's job queue holds (63), so
        // a hand-off that allocated would show.
        for _ in 0..40 {
            let view = View::from_pose(world.camera());
            render::draw_in(
                ws,
                &render::Scene {
                    world,
                    view: &view,
                    hud: &hud,
                    art,
                    map_art,
                },
                render::Frame::new(frame, w, h),
            );
        }
    });
    (ticks, frames)
}

#[test]
fn ticks_and_frames_allocate_nothing_in_steady_state() {
    // As the game does (main.rs): this thread is one of the pool's, so its
    // parallel work is no hand-off from outside, which allocates now and
    // then.
    rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global()
        .unwrap();
    register_with_the_work_stealing_epoch();
    let art = Art::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites")).unwrap();
    let (w, h) = (640, 360);
    let mut frame = vec![0u8; w * h * 4];
    let mut ws = Workspace::default();
    // Walking and fighting in the maze, enemies hunting.
    let (mut maze, maze_art) = world("default.map");
    let walk = Controls {
        forward: 1.0,
        turn: 0.4,
        fire: true,
        ..Controls::default()
    };
    let warm = vec![walk; 600];
    let looks = (&art, &maze_art);
    run(&mut maze, &warm, (&mut ws, looks, &mut frame), (w, h));
    let (ticks, frames) = run(
        &mut maze,
        &[walk; 240],
        (&mut ws, looks, &mut frame),
        (w, h),
    );
    assert_eq!(
        (ticks, frames),
        (0, 0),
        "walking: allocations in ticks, in frames"
    );
    // Armed in the maze: the chain gun and the machine gun firing by
    // turns, switched by the number keys (each switch lowering one and
    // raising the other), walkers falling and dropping their rounds into
    // room kept for them, the weapons and the rounds drawn.
    let (maze, maze_art) = world("default.map");
    let mut armed = maze.armed_with(wobblecaster::sim::Arms {
        held: Weapon::ChainGun,
        chosen: Weapon::ChainGun,
        carried: 0xf,
        ammo: 99,
        ..wobblecaster::sim::Arms::new()
    });
    let fight: Vec<Controls> = (0..480)
        .map(|i| Controls {
            weapon: match i % 240 {
                100 => Some(Select::Slot(Weapon::MachineGun)),
                220 => Some(Select::Slot(Weapon::ChainGun)),
                _ => None,
            },
            ..walk
        })
        .collect();
    let looks = (&art, &maze_art);
    run(&mut armed, &fight, (&mut ws, looks, &mut frame), (w, h));
    let (ticks, frames) = run(&mut armed, &fight, (&mut ws, looks, &mut frame), (w, h));
    let arms = armed.arms().expect("armed");
    assert!(arms.ammo < 99 && armed.combat().shots > 40, "{arms:?}");
    assert_eq!(
        (ticks, frames),
        (0, 0),
        "armed: allocations in ticks, in frames"
    );
    // A push wall sliding, a walker hunting round it: the map's tables
    // mended and the flow field rebuilt as the wall crosses into a tile,
    // the block drawn at its offset, the score on the bar.
    let hall_text = "name = hall\n[legend]\n# = stone_grey\nP = stone_grey push\n\
                     [actors]\nw = walker west\n[grid]\n\
                     #########\n#.......#\n#.>P..w.#\n#.......#\n#########\n";
    let loaded = wobblecaster::map::parse(hall_text, Path::new("hall.map")).unwrap();
    let mut hall = World::new(loaded.map, Tunables::default(), 1);
    let hall_art = loaded.art;
    let mut push = vec![Controls::default(); 30];
    push[0].action = Some(Request::Use);
    let looks = (&art, &hall_art);
    run(&mut hall, &push, (&mut ws, looks, &mut frame), (w, h));
    assert!(hall.map().slide().is_some(), "the wall slides");
    let generation = hall.map().generation();
    let (ticks, frames) = run(
        &mut hall,
        &[Controls::default(); 240],
        (&mut ws, looks, &mut frame),
        (w, h),
    );
    assert_ne!(hall.map().generation(), generation, "it crossed a tile");
    assert_eq!(
        (ticks, frames),
        (0, 0),
        "a push wall sliding: allocations in ticks, in frames"
    );
    // Guards watching, shouting, chasing and shooting on their test map
    // (a copy of the maze with three guards), the player firing back.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = wobblecaster::map::load(&root.join("tests/maps/guards.map")).unwrap();
    let mut guarded = World::new(loaded.map, Tunables::default(), 1);
    let looks = (&art, &loaded.art);
    run(&mut guarded, &warm, (&mut ws, looks, &mut frame), (w, h));
    let (ticks, frames) = run(
        &mut guarded,
        &[walk; 240],
        (&mut ws, looks, &mut frame),
        (w, h),
    );
    // Woken: hunting, or shot down by the player's fire.
    let woken = guarded.actors().guards.iter().filter(|g| !g.state.calm());
    assert!(woken.count() > 0, "a guard woke");
    assert_eq!(
        (ticks, frames),
        (0, 0),
        "guards: allocations in ticks, in frames"
    );
    // Flying in the hangar: exhaust, the flight HUD, the sky and the pads.
    let (mut hangar, hangar_art) = world("hangar.map");
    let mut fly = vec![Controls {
        action: Some(Request::Jetpack),
        ..Controls::default()
    }];
    // Up on hover, then hover held against the brake: a steady plume.
    fly.extend((0..360).map(|i| Controls {
        hover: true,
        brake: i > 120,
        pointer: [0.1, -0.2],
        turn: 0.2,
        ..Controls::default()
    }));
    let looks = (&art, &hangar_art);
    run(&mut hangar, &fly, (&mut ws, looks, &mut frame), (w, h));
    let steady: Vec<Controls> = fly[200..].to_vec();
    let (ticks, frames) = run(&mut hangar, &steady, (&mut ws, looks, &mut frame), (w, h));
    assert!(hangar.player().flight.is_some() && !hangar.particles().is_empty());
    assert_eq!(
        (ticks, frames),
        (0, 0),
        "flying: allocations in ticks, in frames"
    );
    // Strafing under the quake model: the view rolled, each band turned
    // into the frame as it is painted, the HUD over it as it completes.
    let (plain, quake_art) = world("default.map");
    let quake_tunables = Tunables {
        model: wobblecaster::sim::Model::Quake,
        ..Tunables::default()
    };
    let mut quake = World::new(plain.map().clone(), quake_tunables, 1);
    let strafe = Controls {
        right: 1.0,
        turn: 0.2,
        ..Controls::default()
    };
    let looks = (&art, &quake_art);
    run(
        &mut quake,
        &[strafe; 240],
        (&mut ws, looks, &mut frame),
        (w, h),
    );
    assert!(quake.camera().roll != 0.0, "the strafe rolls the view");
    let (ticks, frames) = run(
        &mut quake,
        &[strafe; 120],
        (&mut ws, looks, &mut frame),
        (w, h),
    );
    assert_eq!(
        (ticks, frames),
        (0, 0),
        "strafing rolled: allocations in ticks, in frames"
    );
    // A crowd whose walkers tick in shares on every core: the shares'
    // obstacle lists and the pool's hand-offs allocate nothing either.
    let mut crowd = wobblecaster::bench::crowd(200, 10);
    let hunt = Controls {
        forward: 1.0,
        turn: 0.3,
        ..Controls::default()
    };
    for _ in 0..600 {
        crowd.step(&hunt);
    }
    let ticks = allocations(|| {
        for _ in 0..240 {
            crowd.step(&hunt);
        }
    });
    assert_eq!(ticks, 0, "a crowd's ticks allocate");
    // The arena's fight heard from the camera and mixed, tick by tick:
    // placing the sounds, the voices and the tick's block allocate nothing.
    let (mut arena, _) = world("arena.map");
    let sounds = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    let bank = std::sync::Arc::new(Bank::load(&sounds).unwrap());
    let mut listening = Listening::new(&arena, bank, RATE, Levels::default());
    // With the arena's music and bed and the reverb: set up once, a map.
    let score = wobblecaster::audio::Score::for_map(arena.map()).unwrap();
    listening.mixer().set_score(&score);
    let fight = Controls {
        forward: 1.0,
        turn: 0.3,
        fire: true,
        ..Controls::default()
    };
    let mut heard = |world: &mut World, ticks: usize| {
        for _ in 0..ticks {
            world.step(&fight);
            listening.tick(world, false);
        }
        listening.mixer().playing()
    };
    heard(&mut arena, 600);
    let mut playing = 0;
    let ticks = allocations(|| playing = heard(&mut arena, 240));
    assert!(playing > 0, "the fight is heard");
    assert!(
        listening.mixer().backdrop().room().wet > 0.0,
        "the hall is heard"
    );
    assert_eq!(ticks, 0, "hearing and mixing ticks allocate");
}
