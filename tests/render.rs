//! The renderer, headless: golden images of fixed scenes, any frame size,
//! and frames that show what a player should see.

use std::path::{Path, PathBuf};
use wobblecaster::map::{self, Map, MapArt};
use wobblecaster::render::{self, Hud, View};
use wobblecaster::sim::{Pose, Scenario, Tunables, World, EYE_HEIGHT};
use wobblecaster::sprites::Art;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A world and how its map looks: what a frame shows. It reads as the
/// world it holds.
#[derive(Clone)]
struct Shown {
    world: World,
    map_art: MapArt,
}

impl Shown {
    /// The map file at `path` (from the repository root) with the default
    /// tunables and seed `seed`, edited by `edit` before the world starts.
    fn load(path: &str, seed: u64, edit: impl FnOnce(&mut Map)) -> Self {
        let mut loaded = map::load(&root().join(path)).unwrap();
        edit(&mut loaded.map);
        let world = World::new(loaded.map, Tunables::default(), seed);
        Self {
            world,
            map_art: loaded.art,
        }
    }

    /// A world made in code, in plain grey.
    fn plain(world: World) -> Self {
        let map_art = MapArt::plain(world.map());
        Self { world, map_art }
    }
}

impl std::ops::Deref for Shown {
    type Target = World;
    fn deref(&self) -> &World {
        &self.world
    }
}

impl std::ops::DerefMut for Shown {
    fn deref_mut(&mut self) -> &mut World {
        &mut self.world
    }
}

/// The maze as the golden images were drawn on it: a frozen copy of the
/// shipped `maps/default.map` from before its lift, so the shipped map may
/// change without changing them.
fn default_world() -> Shown {
    Shown::load("tests/maps/maze.map", 1, |_| {})
}

/// The shipped sprite sheets, loaded once per test.
fn art() -> Art {
    Art::load(&root().join("assets/sprites")).unwrap()
}

fn render(shown: &Shown, pose: Pose, w: usize, h: usize, hud: &Hud) -> Vec<u8> {
    let mut frame = vec![0u8; w * h * 4];
    render::draw(
        &render::Scene {
            world: &shown.world,
            view: &View::from_pose(pose),
            hud,
            art: &art(),
            map_art: &shown.map_art,
        },
        render::Frame::new(&mut frame, w, h),
    );
    frame
}

/// The size of every golden image: small enough to render fast in a debug
/// build, large enough to show each scene.
const GOLDEN: (u32, u32) = (320, 180);

/// `world` seen from `pose` with `hud`, at the golden images' size.
fn golden_frame(world: &Shown, pose: Pose, hud: &Hud) -> Vec<u8> {
    render(world, pose, GOLDEN.0 as usize, GOLDEN.1 as usize, hud)
}

/// The HUD hidden: the scene alone.
fn no_hud() -> Hud {
    Hud {
        hidden: true,
        ..Hud::default()
    }
}

// The golden images below are compared byte for byte: the renderer is
// deterministic (a test below shows it the same on any number of threads),
// so on this platform any changed pixel is a changed renderer. (A libm
// that rounds sin, cos or tan differently could move a pixel elsewhere.) Every one of them catches a change in the fog (every wall and
// flat is shaded by distance); the hall and the tall walls show faces along
// y = constant, so they also catch a change in those faces' darkening.

/// The default map from a fixed pose in the metal hall, looking north-east
/// along walls of both orientations, with the HUD and the minimap.
#[test]
fn golden_default_hall() {
    let pose = Pose {
        x: 27.5,
        y: 20.5,
        z: EYE_HEIGHT,
        yaw: 300f64.to_radians(),
        pitch: 0.0,
        roll: 0.0,
    };
    let hud = Hud {
        minimap: true,
        full_map: true,
        ..Hud::default()
    };
    let frame = golden_frame(&default_world(), pose, &hud);
    assert_golden("default_hall_320x180", &frame);
}

/// A room with a gold key and a health pack on the floor, a walker facing
/// the eye, and a door four tenths open with the room behind it showing
/// through the gap (`tests/maps/render_door.map`), no HUD.
#[test]
fn golden_door_and_sprites() {
    let shown = Shown::load("tests/maps/render_door.map", 1, |_| {});
    // Set the leaf part-way by hand, so the image does not depend on the
    // doors' timing (tests/doors.rs checks that).
    let world = Shown {
        world: Scenario::from_world(shown.world)
            .map(|m| m.doors[0].open = 0.4)
            .build(),
        ..shown
    };
    let pose = Pose {
        x: 1.5,
        y: 2.5,
        z: EYE_HEIGHT,
        yaw: 5f64.to_radians(),
        pitch: 0.0,
        roll: 0.0,
    };
    let frame = golden_frame(&world, pose, &no_hud());
    assert_golden("door_and_sprites_320x180", &frame);
}

/// The hangar's open yard from six tiles up, looking a little up and 20
/// degrees south of east: the sky panorama across the seam where its
/// columns wrap (due east, a third of the way across the frame), with its
/// clouds, above walls eight tiles tall, no HUD.
#[test]
fn golden_sky() {
    let pose = yard(6.0, 20f64.to_radians(), -0.3);
    let frame = golden_frame(&hangar_world(), pose, &no_hud());
    assert_golden("sky_320x180", &frame);
}

/// Walls two and a half tiles tall under a ceiling
/// (`tests/maps/render_tall.map`), from beside the north wall: the near
/// wall's texture repeats up past the top of the view, the far walls show
/// it cut part-way through its third repeat, no HUD.
#[test]
fn golden_tall_walls() {
    let world = Shown::load("tests/maps/render_tall.map", 1, |_| {});
    let pose = Pose {
        x: 2.0,
        y: 1.4,
        z: EYE_HEIGHT,
        yaw: 20f64.to_radians(),
        pitch: 0.0,
        roll: 0.0,
    };
    let frame = golden_frame(&world, pose, &no_hud());
    assert_golden("tall_walls_320x180", &frame);
}

/// The jetpack in flight over the hangar, nose pitched by the pointer: the
/// view as the game takes it from the ship (its pitch sheared in), with
/// the flight HUD and the attitude indicator.
#[test]
fn golden_pitched_flight() {
    let mut world = hangar_world();
    let controls = |action, thrust, pointer| wobblecaster::sim::Controls {
        action,
        thrust,
        hover: true,
        pointer,
        ..Default::default()
    };
    let jetpack = Some(wobblecaster::sim::Request::Jetpack);
    world.step(&controls(jetpack, true, [0.0, 0.0]));
    // Climb for half a second, then hover with the nose pushed forward.
    for tick in 1..120 {
        world.step(&controls(None, tick < 60, [0.1, 0.2]));
    }
    let pose = world.camera();
    assert!(pose.pitch.abs() > 0.1, "the view is pitched: {pose:?}");
    let frame = golden_frame(&world, pose, &Hud::default());
    assert_golden("pitched_flight_320x180", &frame);
}

/// Checks `frame` ([`GOLDEN`] in size, RGBA) byte for byte against the
/// golden image `tests/golden/{name}.png`. With `WOBBLE_BLESS=1` set,
/// writes the golden image from `frame` first. On a mismatch, writes the actual frame next to
/// the temporary files and fails with a summary a person can act on: how
/// many pixels differ, by how much at most, and where the first few are.
fn assert_golden(name: &str, frame: &[u8]) {
    let (w, h) = GOLDEN;
    let path: PathBuf = root().join(format!("tests/golden/{name}.png"));
    if std::env::var_os("WOBBLE_BLESS").is_some() {
        image::save_buffer(&path, frame, w, h, image::ExtendedColorType::Rgba8).unwrap();
    }
    let golden = image::open(&path)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with WOBBLE_BLESS=1 to write it)",
                path.display()
            )
        })
        .into_rgba8();
    assert_eq!(golden.dimensions(), (w, h), "{name}: size");
    if golden.as_raw() == frame {
        return;
    }
    let out = std::env::temp_dir().join(format!("wobble_golden_{name}_actual.png"));
    image::save_buffer(&out, frame, w, h, image::ExtendedColorType::Rgba8).unwrap();
    let differing: Vec<(usize, u8)> = frame
        .chunks_exact(4)
        .zip(golden.as_raw().chunks_exact(4))
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| {
            let most = a.iter().zip(b.iter()).map(|(x, y)| x.abs_diff(*y));
            (i, most.max().unwrap_or(0))
        })
        .collect();
    let max = differing.iter().map(|d| d.1).max().unwrap_or(0);
    let first: Vec<String> = differing
        .iter()
        .take(8)
        .map(|&(i, _)| {
            let (x, y) = (i % w as usize, i / w as usize);
            let at = |f: &[u8]| <[u8; 4]>::try_from(&f[i * 4..i * 4 + 4]).unwrap();
            format!("({x},{y}) {:?} not {:?}", at(frame), at(golden.as_raw()))
        })
        .collect();
    panic!(
        "{name}: {} pixels differ from {}, by up to {max} in a channel; first: {}; \
         actual frame written to {} (after an intended rendering change, rerun \
         with WOBBLE_BLESS=1 and look at the image)",
        differing.len(),
        path.display(),
        first.join(", "),
        out.display()
    );
}

#[test]
fn any_size_paints_every_pixel_and_the_hud_shows() {
    let world = default_world();
    let hud = Hud {
        minimap: true,
        steering: true,
        fps: Some(60.0),
        paused: true,
        message: Some("a message".into()),
        hidden: false,
        blind: false,
        help: true,
        help_page: 0,
        keys: wobblecaster::settings::help_lines(&Default::default()),
        prompts: wobblecaster::settings::prompts(&Default::default()),
        input: vec![("mouse turning".into(), "off".into())],
        hint: vec!["a hint".into()],
        parts: wobblecaster::render::Parts {
            status_bar: true,
            crosshair: true,
            readout: true,
        },
        goal: wobblecaster::render::GoalShown::Checkpoint { next: 3, of: 14 },
        clock: Some(10_000),
        covered: false,
        course_next: 2,
        full_map: false,
    };
    for (w, h) in [
        (1, 1),
        (2, 700),
        (700, 2),
        (33, 17),
        (640, 360),
        (1000, 1000),
    ] {
        let frame = render(&world, world.camera(), w, h, &hud);
        assert!(all_painted(&frame), "{w}x{h}: unpainted pixels");
        let scene = render(&world, world.camera(), w, h, &no_hud());
        let covered = frame
            .chunks_exact(4)
            .zip(scene.chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count();
        // The help overlay's darkened backdrop, the readout and the
        // minimap cover a good share of the scene at any size (all of it
        // up to 640x360, two thirds at 1000x1000).
        assert!(covered * 10 > w * h, "{w}x{h}: the HUD covers {covered}");
    }
}

/// The help overlay with the game's own bindings and options, at every
/// size the game and `shot` are used at: every line of every page inside
/// the frame, every binding's description on some page, and F1 named on
/// the pages where there are several.
#[test]
fn the_help_overlay_fits_every_supported_size_with_the_game_s_bindings() {
    use wobblecaster::render::help::{laid_out, Style};
    use wobblecaster::settings::{self, Settings};
    let world = default_world();
    let defaults = Settings::default();
    let hud = Hud {
        help: true,
        keys: settings::help_lines(&defaults.bindings),
        prompts: settings::prompts(&defaults.bindings),
        input: settings::input_lines(&defaults),
        ..Hud::default()
    };
    assert_eq!(
        hud.keys.len(),
        40,
        "the study's four actions, the six weapon choices and the quick save and load among them"
    );
    let view = View::from_pose(world.camera());
    for (w, h) in [
        (320, 180),
        (640, 360),
        (960, 540),
        (1280, 720),
        (1920, 1080),
    ] {
        let layout = laid_out(&world, &view, &hud, (w, h));
        let s = layout.scale as i64;
        let mut text = String::new();
        for (i, page) in layout.pages.iter().enumerate() {
            for line in page {
                let right = line.x + 8 * s * line.text.chars().count() as i64 + s;
                let bottom = line.y + 9 * s;
                let inside = line.x >= 0 && line.y >= 0 && right <= w as i64 && bottom <= h as i64;
                assert!(inside, "{w}x{h} page {i}: {line:?} (scale {s})");
                if line.style == Style::Footer {
                    assert!(line.text.contains("F1"), "{w}x{h}: {}", line.text);
                }
                text.push_str(&line.text);
                text.push(' ');
            }
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        for (keys, about) in hud.keys.iter().chain(&hud.input) {
            for word in keys.split_whitespace().chain(about.split_whitespace()) {
                assert!(words.contains(&word), "{w}x{h}: {word:?} of {about:?}");
            }
        }
    }
}

#[test]
fn every_pixel_is_painted_and_walls_floor_ceiling_differ() {
    let world = default_world();
    let (w, h) = (320, 180);
    // Unpainted pixels would keep this alpha of 0.
    let frame = render(&world, world.camera(), w, h, &Hud::default());
    assert!(
        frame.chunks_exact(4).all(|p| p[3] == 255),
        "every pixel painted"
    );
    // The view down the first corridor: ceiling at the top, wall in the
    // middle, floor at the bottom, all textured (not one flat colour).
    let column = |x: usize, y0: usize, y1: usize| -> Vec<[u8; 3]> {
        (y0..y1)
            .map(|y| {
                let i = (y * w + x) * 4;
                [frame[i], frame[i + 1], frame[i + 2]]
            })
            .collect()
    };
    let distinct = |v: Vec<[u8; 3]>| {
        let mut v = v;
        v.sort();
        v.dedup();
        v.len()
    };
    assert!(distinct(column(160, 0, 20)) > 1, "textured ceiling");
    assert!(distinct(column(160, 160, 180)) > 1, "textured floor");
}

#[test]
fn the_view_is_symmetric_in_a_symmetric_room() {
    // No fisheye or half-pixel skew: facing the middle of a wall in a
    // symmetric room, each column's wall height equals its mirror's.
    let map = Map::from_rows(&["#######", "#.....#", "#..>..#", "#.....#", "#######"]);
    let world = Shown::plain(World::new(map, Tunables::default(), 1));
    let (w, h) = (200, 100);
    let hud = Hud {
        hidden: true,
        ..Hud::default()
    };
    let frame = render(
        &world,
        Pose {
            x: 3.5,
            y: 2.5,
            z: EYE_HEIGHT,
            yaw: 0.0,
            pitch: 0.0,
            roll: 0.0,
        },
        w,
        h,
        &hud,
    );
    // The test map's walls are grey (r = g = b); its floor and ceiling are not.
    let wall_rows = |x: usize| {
        (0..h)
            .filter(|y| {
                let p = &frame[(y * w + x) * 4..][..3];
                p[0] == p[1] && p[1] == p[2]
            })
            .count()
    };
    for x in 0..w / 2 {
        let (a, b) = (wall_rows(x), wall_rows(w - 1 - x));
        assert!(a.abs_diff(b) <= 1, "column {x}: {a} vs {b}");
    }
    // Straight walls: the wall facing the eye spans the same rows across
    // the middle of the view (a fisheye would bulge it).
    assert!(wall_rows(80).abs_diff(wall_rows(100)) <= 1);
}

/// The frame seen from the start of the map drawn by `rows`, bare (no HUD).
fn bare_frame(rows: &[&str]) -> Vec<u8> {
    let world = Shown::plain(World::new(Map::from_rows(rows), Tunables::default(), 1));
    let hud = Hud {
        hidden: true,
        ..Hud::default()
    };
    render(&world, world.camera(), 160, 90, &hud)
}

#[test]
fn a_walker_shows_in_the_open_and_hides_behind_a_wall() {
    let open_with = bare_frame(&["#########", "#>....w.#", "#########"]);
    let open_without = bare_frame(&["#########", "#>......#", "#########"]);
    assert_ne!(open_with, open_without, "the walker is drawn");
    let hidden_with = bare_frame(&["#########", "#>..#.w.#", "#########"]);
    let hidden_without = bare_frame(&["#########", "#>..#...#", "#########"]);
    assert_eq!(hidden_with, hidden_without, "the wall hides it");
}

#[test]
fn the_fight_hud_draws_at_any_size_dead_or_alive() {
    let mut world = Shown::load("maps/arena.map", 3, |_| {});
    let fire = wobblecaster::sim::Controls {
        fire: true,
        ..Default::default()
    };
    for _ in 0..240 {
        world.step(&fire);
    }
    let hud = Hud {
        steering: true,
        ..Hud::default()
    };
    let alive = render(&world, world.camera(), 200, 120, &hud);
    let world = Shown {
        world: Scenario::from_world(world.world.clone())
            .combat(|c, _| c.health = 0)
            .build(),
        ..world
    };
    let dead = render(&world, world.camera(), 200, 120, &hud);
    assert_ne!(alive, dead, "the death screen shows");
    for (w, h) in [(1, 1), (3, 2), (2, 300), (300, 2)] {
        let frame = render(&world, world.camera(), w, h, &hud);
        assert!(all_painted(&frame), "{w}x{h}: unpainted pixels");
    }
}

/// True if every pixel of an RGBA `frame` is opaque: [`render`] starts
/// from a buffer of zeros, so a pixel no pass painted keeps alpha 0.
fn all_painted(frame: &[u8]) -> bool {
    frame.chunks_exact(4).all(|p| p[3] == 255)
}

fn hangar_world() -> Shown {
    Shown::load("maps/hangar.map", 1, |map| map.spawns.clear())
}

fn bare(world: &Shown, pose: Pose, w: usize, h: usize) -> Vec<[u8; 4]> {
    let hud = Hud {
        hidden: true,
        ..Hud::default()
    };
    render(world, pose, w, h, &hud)
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .collect()
}

/// The middle of the hangar's yard, facing north, at eye height `z`,
/// looking down by `pitch` radians.
fn yard(z: f64, yaw: f64, pitch: f64) -> Pose {
    Pose {
        x: 20.5,
        y: 17.5,
        z,
        yaw,
        pitch,
        roll: 0.0,
    }
}

#[test]
fn the_open_sky_turns_with_the_view_above_walls_eight_tiles_tall() {
    let world = hangar_world();
    let (w, h) = (160, 90);
    let north = 1.5 * std::f64::consts::PI;
    // From the floor, walls 8 tiles tall fill the level view to the top.
    let level = bare(&world, yard(0.5, north, 0.0), w, h);
    let blue = |p: &[u8; 4]| p[2] > p[0] + 20;
    assert!(!(0..w).all(|x| blue(&level[x])), "walls above the horizon");
    // Looking up the sky shows at the top, and turns with the view.
    let up = bare(&world, yard(0.5, north, -1.0), w, h);
    let up_east = bare(&world, yard(0.5, 0.3, -1.0), w, h);
    assert!((0..w).all(|x| blue(&up[x])), "sky overhead");
    assert_ne!(up[..w], up_east[..w], "another part of the panorama");
}

#[test]
fn pitch_shears_the_view_and_any_eye_height_renders() {
    let world = hangar_world();
    let (w, h) = (160, 90);
    let floor_rows = |f: &[[u8; 4]]| {
        // The floor tiles are red-brown: red well above blue.
        (0..h)
            .filter(|&y| f[y * w + w / 2][0] > f[y * w + w / 2][2] + 20)
            .count()
    };
    let level = bare(&world, yard(6.0, 0.0, 0.0), w, h);
    let down = bare(&world, yard(6.0, 0.0, 0.8), w, h);
    assert!(
        floor_rows(&down) > floor_rows(&level) + 20,
        "looking down, more floor: {} vs {}",
        floor_rows(&down),
        floor_rows(&level)
    );
    // Every eye height from below the floor to above the ceiling renders
    // every pixel, the eye held a hundredth of a tile inside the hangar's
    // eight tiles: below the floor it sees what it sees from just above
    // it, above the top what it sees from just below.
    let at = |z: f64| bare(&world, yard(z, 0.3, 0.2), 33, 17);
    let frames = [-1.0, 0.0, 0.01, 3.3, 7.99, 8.0, 50.0].map(at);
    for frame in &frames {
        assert!(frame.iter().all(|p| p[3] == 255), "unpainted pixels");
    }
    let [below, floor, low, middle, high, top, above] = &frames;
    assert!(below == low && floor == low, "held above the floor");
    assert!(above == top, "held below the top");
    assert!(
        low != middle && middle != high && middle != top,
        "the eye rises"
    );
}

#[test]
fn exhaust_particles_show_in_front_of_the_eye() {
    let mut world = hangar_world();
    let pose = yard(2.0, 1.5 * std::f64::consts::PI, 0.0);
    let empty = bare(&world, pose, 160, 90);
    world.world = Scenario::from_world(world.world)
        .particles(|cloud| {
            for i in 0..20 {
                cloud.emit(wobblecaster::sim::particles::Particle {
                    pos: [20.5 + (i as f64 - 10.0) * 0.02, 16.5, 2.0],
                    vel: [0.0; 3],
                    age: 0,
                    life: 30,
                });
            }
        })
        .build();
    let lit = bare(&world, pose, 160, 90);
    let changed = empty.iter().zip(&lit).filter(|(a, b)| a != b).count();
    assert!(changed > 10, "{changed} pixels");
    // New particles are white-hot.
    assert!(lit.iter().any(|p| p[..3] == [255, 255, 255]));
}

/// Renders `world` from `pose` at size `(w, h)` on a pool of `threads`
/// threads, which cut the frame into bands of their own: one band on one
/// thread; on four, bands tall first and short last, the last 16 rows
/// tall at 641x359 (see `bands` and `band_rows_for`).
fn render_on(threads: usize, world: &Shown, pose: Pose, (w, h): (usize, usize)) -> Vec<u8> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let hud = Hud {
        minimap: true,
        fps: Some(60.0),
        ..Hud::default()
    };
    pool.install(|| render(world, pose, w, h, &hud))
}

#[test]
fn the_frame_is_the_same_byte_for_byte_on_one_core_or_many() {
    let mut fighting = default_world();
    for _ in 0..600 {
        fighting.step(&wobblecaster::sim::Controls {
            fire: true,
            turn: 0.2,
            ..Default::default()
        });
    }
    let mut flying = hangar_world();
    flying.step(&wobblecaster::sim::Controls {
        action: Some(wobblecaster::sim::Request::Jetpack),
        ..Default::default()
    });
    for i in 0..240 {
        flying.step(&wobblecaster::sim::Controls {
            hover: true,
            thrust: i > 200,
            pointer: [0.0, -0.3],
            ..Default::default()
        });
    }
    let scenes = [
        (&fighting, fighting.camera(), (1920, 1080)),
        (&fighting, fighting.camera(), (333, 197)),
        (
            &flying,
            Pose {
                pitch: 0.9,
                ..flying.camera()
            },
            (1920, 1080),
        ),
        (&flying, yard(3.0, 0.7, -0.4), (641, 359)),
        // Rolled, a little and past a right angle: the turn's bands too.
        (
            &fighting,
            Pose {
                roll: 2f64.to_radians(),
                ..fighting.camera()
            },
            (1920, 1080),
        ),
        (
            &flying,
            Pose {
                roll: -2.5,
                ..yard(3.0, 0.7, -0.4)
            },
            (641, 359),
        ),
    ];
    for (i, (world, pose, size)) in scenes.into_iter().enumerate() {
        let one = render_on(1, world, pose, size);
        let many = render_on(4, world, pose, size);
        assert!(one == many, "scene {i} differs between 1 and 4 threads");
    }
    assert!(
        !flying.particles().is_empty(),
        "the flying scene has exhaust"
    );
}

/// Every shipped map, text or Tiled, loads and draws a full scene from
/// its start and from the middle of the map looking each way: walls,
/// floor and ceiling or sky in many colours, no pixel left unpainted.
#[test]
fn every_shipped_map_loads_and_renders() {
    let maps = map::shipped::list(&root().join("maps"));
    assert!(maps.len() >= 5, "{maps:?}");
    let hud = Hud {
        hidden: true,
        ..Hud::default()
    };
    for path in maps {
        let loaded = map::load(&path).unwrap();
        let world = Shown {
            world: World::new(loaded.map, Tunables::default(), 1),
            map_art: loaded.art,
        };
        let start = world.camera();
        let poses = [0.0, 90.0, 180.0, 270.0].map(|deg: f64| Pose {
            yaw: deg.to_radians(),
            ..start
        });
        for pose in std::iter::once(start).chain(poses) {
            let frame = render(&world, pose, 160, 90, &hud);
            let colours: std::collections::HashSet<&[u8]> = frame.chunks_exact(4).collect();
            assert!(
                colours.len() > 50,
                "{}: only {} colours at {pose:?}",
                path.display(),
                colours.len()
            );
            assert!(
                frame.chunks_exact(4).all(|p| p[3] == 255),
                "{}: unpainted pixels",
                path.display()
            );
        }
    }
}

/// A rolled view turns the scene about the frame's centre and leaves the
/// HUD level; the roll is written to a PNG for a look
/// (`target/rolled_view.png`).
#[test]
fn a_rolled_view_turns_the_scene_and_not_the_hud() {
    let level = Pose {
        x: 27.5,
        y: 20.5,
        z: EYE_HEIGHT,
        yaw: 300f64.to_radians(),
        pitch: 0.0,
        roll: 0.0,
    };
    let rolled = Pose {
        roll: 8f64.to_radians(),
        ..level
    };
    let hud = Hud {
        minimap: true,
        ..Hud::default()
    };
    let (w, h) = (320, 180);
    let world = default_world();
    let (flat, turned) = (
        render(&world, level, w, h, &hud),
        render(&world, rolled, w, h, &hud),
    );
    assert_ne!(flat, turned, "the roll shows");
    // The HUD lands on the same pixels, level: where it changes the
    // picture (panels blend with the scene under them, so compare where,
    // not what) is the same with and without the roll, but for the odd
    // pixel whose scene happens to match under a blend.
    let hud_at = |pose: Pose| {
        let (with, without) = (
            render(&world, pose, w, h, &hud),
            render(&world, pose, w, h, &no_hud()),
        );
        (0..w * h)
            .map(|p| with[p * 4..p * 4 + 4] != without[p * 4..p * 4 + 4])
            .collect::<Vec<bool>>()
    };
    let (level_hud, rolled_hud) = (hud_at(level), hud_at(rolled));
    let painted = level_hud.iter().filter(|&&p| p).count();
    let moved = level_hud
        .iter()
        .zip(&rolled_hud)
        .filter(|(a, b)| a != b)
        .count();
    assert!(
        painted > 1000 && moved * 50 < painted,
        "{moved} of {painted} HUD pixels moved"
    );
    // The centre of the picture is where it was.
    let centre = (h / 2 * w + w / 2) * 4;
    assert_eq!(flat[centre..centre + 4], turned[centre..centre + 4]);
    let out = root().join("target/rolled_view.png");
    image::save_buffer(
        &out,
        &turned,
        w as u32,
        h as u32,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
}
