//! The comfort options as a player and a researcher meet them: the
//! restrictor darkens the surround of a turning view and nothing of a
//! still one, the reference touches only its own pixels, snap turning
//! turns in whole steps, and the feel lab sees what each does to the
//! motion on screen.

use std::path::Path;
use wobblecaster::feel::{self, Scale};
use wobblecaster::map::{self, MapArt};
use wobblecaster::render::{self, Hud, View};
use wobblecaster::script::Script;
use wobblecaster::sim::comfort::Reference;
use wobblecaster::sim::{Controls, Model, Tunables, World};
use wobblecaster::sprites::Art;

const W: usize = 320;
const H: usize = 180;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A world on the default map with `tunables`, after `script` (its text).
fn after(script: &str, tunables: Tunables) -> (World, MapArt) {
    let loaded = map::load(&root().join("maps/default.map")).unwrap();
    let mut world = World::new(loaded.map, tunables, 1);
    let script = Script::parse(script, Path::new("test.txt")).unwrap();
    for c in script.ticks() {
        world.step(&c);
    }
    (world, loaded.art)
}

/// The frame of `world`, the bare scene (no HUD; the comfort options
/// are drawn all the same).
fn frame((world, map_art): &(World, MapArt)) -> Vec<u8> {
    let art = Art::load(&root().join("assets/sprites")).unwrap();
    let mut pixels = vec![0u8; W * H * 4];
    render::draw(
        &render::Scene {
            world,
            view: &View::from_pose(world.camera()),
            hud: &Hud {
                hidden: true,
                ..Hud::default()
            },
            art: &art,
            map_art,
        },
        render::Frame::new(&mut pixels, W, H),
    );
    pixels
}

fn with(f: impl FnOnce(&mut Tunables)) -> Tunables {
    let mut t = Tunables::default();
    f(&mut t);
    t
}

/// Mean brightness (R + G + B) of the pixels where `keep(x, y)`.
fn mean(pixels: &[u8], keep: impl Fn(usize, usize) -> bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0.0);
    for (i, p) in pixels.chunks(4).enumerate() {
        if keep(i % W, i / W) {
            sum += f64::from(p[0]) + f64::from(p[1]) + f64::from(p[2]);
            n += 1.0;
        }
    }
    sum / n
}

const TURNING: &str = "1 forward\n0.5 forward+turn-right\n";

#[test]
fn the_restrictor_darkens_the_outer_ring_of_a_turn_and_leaves_the_centre() {
    let plain = frame(&after(TURNING, Tunables::default()));
    let restricted = frame(&after(TURNING, with(|t| t.comfort.vignette = 1.0)));
    let outer = |x: usize, y: usize| {
        !(W / 10..W - W / 10).contains(&x) || !(H / 10..H - H / 10).contains(&y)
    };
    let (before, after) = (mean(&plain, outer), mean(&restricted, outer));
    assert!(after <= before / 2.0, "outer tenth {before} -> {after}");
    // The centre, a fifth of each way, is the same.
    let centre = |x: usize, y: usize| (x * 5 / W == 2) && (y * 5 / H == 2);
    for (i, (a, b)) in plain.chunks(4).zip(restricted.chunks(4)).enumerate() {
        if centre(i % W, i / W) {
            assert_eq!(a, b, "pixel {}, {}", i % W, i / W);
        }
    }
}

#[test]
fn standing_still_the_restrictor_draws_nothing() {
    let still = "1 none\n";
    let plain = frame(&after(still, Tunables::default()));
    let restricted = frame(&after(still, with(|t| t.comfort.vignette = 1.0)));
    assert!(plain == restricted);
}

#[test]
fn the_restricted_frame_is_the_same_on_one_thread_and_on_several() {
    let scene = after(TURNING, with(|t| t.comfort.vignette = 0.7));
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| frame(&scene))
    };
    assert!(on(1) == on(3));
}

#[test]
fn the_reference_touches_only_its_own_pixels() {
    let plain = frame(&after(TURNING, Tunables::default()));
    let dot = frame(&after(
        TURNING,
        with(|t| t.comfort.reference = Reference::Dot),
    ));
    let mut changed = 0;
    for (i, (a, b)) in plain.chunks(4).zip(dot.chunks(4)).enumerate() {
        if a != b {
            changed += 1;
            let (x, y) = ((i % W) as f64 + 0.5, (i / W) as f64 + 0.5);
            let d = (x - W as f64 / 2.0).hypot(y - H as f64 / 2.0);
            assert!(d <= 4.0, "pixel {x}, {y} is {d} from the centre");
        }
    }
    assert!(changed > 0, "a dot is drawn");
    // The rest frame: a border and a bar, each a thin line.
    let frame_ref = frame(&after(
        TURNING,
        with(|t| t.comfort.reference = Reference::Frame),
    ));
    let differ = plain
        .chunks(4)
        .zip(frame_ref.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    assert!(differ > 2 * (W + H) && differ < W * H / 10, "{differ}");
}

/// The wish heading in degrees after each tick of `script` under `t`.
fn headings(script: &str, t: Tunables) -> Vec<f64> {
    let mut world = World::new(map::Map::open_plane(), t, 1);
    let script = Script::parse(script, Path::new("test.txt")).unwrap();
    script
        .ticks()
        .map(|c| {
            world.step(&c);
            world.player().heading.to_degrees()
        })
        .collect()
}

const PRESSES: &str =
    "0.2 turn-right\n0.1 none\n0.2 turn-right\n0.1 none\n0.3 turn-left\n0.2 forward+turn-left\n";

#[test]
fn snap_turning_moves_the_wish_heading_in_whole_steps_once_a_press() {
    let snap = with(|t| {
        t.model = Model::Classic;
        t.comfort.snap_turn = 30f64.to_radians();
    });
    let got = headings(PRESSES, snap);
    for h in &got {
        let steps = h / 30.0;
        assert!((steps - steps.round()).abs() < 1e-9, "{h}");
    }
    let mut distinct = got.clone();
    distinct.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    // Right, right, left: the last press, held on through a move, snaps
    // once.
    let want = [30.0, 60.0, 30.0];
    assert_eq!(distinct.len(), want.len(), "{distinct:?}");
    for (got, want) in distinct.iter().zip(want) {
        assert!((got - want).abs() < 1e-9, "{distinct:?}");
    }
    // Off, the same keys turn smoothly.
    let smooth = headings(PRESSES, with(|t| t.model = Model::Classic));
    assert!(smooth
        .iter()
        .any(|h| (h / 30.0 - (h / 30.0).round()).abs() > 0.01));
}

/// The feel metric `name` of `script` under `t`.
fn metric(script: &str, t: Tunables, name: &str) -> f64 {
    let script = Script::parse(script, Path::new("test.txt")).unwrap();
    let mut world = World::new(
        map::load(&root().join("maps/default.map")).unwrap().map,
        t,
        1,
    );
    let traj = feel::run::run(&mut world, script.ticks(), 90.0);
    feel::compute(&traj, Scale::default())
        .iter()
        .find(|m| m.name == name)
        .and_then(|m| m.value)
        .unwrap()
}

#[test]
fn a_snap_cuts_the_view_of_the_classic_model_but_the_polar_camera_still_swings() {
    let snap = |model| {
        with(|t| {
            t.model = model;
            t.comfort.snap_turn = 45f64.to_radians();
        })
    };
    let turn = "0.5 forward\n0.2 forward+turn-right\n1 forward\n";
    assert_eq!(metric(turn, snap(Model::Classic), "view_cuts"), 1.0);
    assert_eq!(metric(turn, snap(Model::Classic), "yaw_rate_rms"), 0.0);
    // The polar camera along the velocity: no cut, a swing to the new
    // heading that the smooth figures see.
    assert_eq!(metric(turn, snap(Model::Polar), "view_cuts"), 0.0);
    assert!(metric(turn, snap(Model::Polar), "yaw_rate_rms") > 5.0);
}

#[test]
fn the_feel_lab_sees_the_restrictor_narrow_the_field_and_the_edge_flow() {
    let turn = std::fs::read_to_string(root().join("maneuvers/turn_90.txt")).unwrap();
    let on = with(|t| t.comfort.vignette = 1.0);
    let visible = metric(&turn, on, "visible_fov_mean_deg");
    assert!((45.0..90.0).contains(&visible), "{visible}");
    assert!(metric(&turn, on, "visible_fov_min_deg") >= 45.0 - 1e-9);
    let (plain, narrowed) = (
        metric(&turn, Tunables::default(), "edge_flow_deg_s_mean"),
        metric(&turn, on, "edge_flow_deg_s_mean"),
    );
    assert!(narrowed < plain, "{narrowed} against {plain}");
    assert_eq!(
        metric(&turn, Tunables::default(), "visible_fov_mean_deg"),
        90.0
    );
}

#[test]
fn a_still_player_never_snaps_and_a_dead_key_resets_the_press() {
    let t = with(|t| t.comfort.snap_turn = 15f64.to_radians());
    let mut world = World::new(map::Map::open_plane(), t, 1);
    let press = Controls {
        turn: 1.0,
        ..Controls::default()
    };
    world.step(&press);
    world.step(&press);
    assert!((world.player().heading.to_degrees() - 15.0).abs() < 1e-9);
    world.step(&Controls::default());
    world.step(&press);
    assert!((world.player().heading.to_degrees() - 30.0).abs() < 1e-9);
}
