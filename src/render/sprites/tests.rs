//! The billboards: turned as the art is, hidden by nearer walls column by
//! column, standing on the floor, and painting what a column at a time
//! paints.

use super::*;
use crate::map::Map;
use crate::render::{Paths, View};
use crate::sim::{Pose, Scenario, Tunables};
use std::f64::consts::{FRAC_PI_2, PI};

#[test]
fn an_actor_facing_the_eye_shows_its_front_and_turns_as_the_art_does() {
    // The eye south of the actor, looking north.
    let (ex, ey) = (5.5, 8.5);
    // Facing south, at the eye: the front.
    assert_eq!(rotation(FRAC_PI_2, 5.5, 5.5, ex, ey), 0);
    // Facing east: the eye looks north, so east is on its right and the
    // nose points to the screen's right, column 6.
    assert_eq!(rotation(0.0, 5.5, 5.5, ex, ey), 6);
    // Facing west: nose to the screen's left, column 2; north: the back.
    assert_eq!(rotation(PI, 5.5, 5.5, ex, ey), 2);
    assert_eq!(rotation(3.0 * FRAC_PI_2, 5.5, 5.5, ex, ey), 4);
    // Half way between south and east: column 7.
    assert_eq!(rotation(FRAC_PI_4, 5.5, 5.5, ex, ey), 7);
}

/// Screen column (fractional) and depth of the world point (`x`, `y`).
fn on_screen(proj: &Projection, x: f64, y: f64) -> (f64, f64) {
    let depth = (x - proj.x) * proj.fx + (y - proj.y) * proj.fy;
    let side = (x - proj.x) * proj.rx + (y - proj.y) * proj.ry;
    (proj.width as f64 * 0.5 + side * proj.focal / depth, depth)
}

#[test]
fn the_rotation_column_agrees_with_where_the_nose_shows_on_screen() {
    // Project the actor and a point on its nose through the real
    // camera, from eyes all round it and views not quite centred on
    // it: columns 1 to 3 must have the nose left of the body on
    // screen, 5 to 7 right of it, 0 nearer the eye and 4 farther.
    let (ax, ay) = (5.5, 5.5);
    let mut seen = [false; 8];
    for eye_deg in (0..360).step_by(15) {
        let (s, c) = f64::from(eye_deg).to_radians().sin_cos();
        let (ex, ey) = (ax + 3.0 * c, ay + 3.0 * s);
        for off_deg in [-20.0, 0.0, 20.0] {
            let yaw = f64::from(eye_deg).to_radians() + PI + f64::to_radians(off_deg);
            let proj = Projection::eye_at([ex, ey], yaw, 0.0, (200, 100));
            for heading_deg in (0..360).step_by(5) {
                let heading = f64::from(heading_deg).to_radians();
                let (hs, hc) = heading.sin_cos();
                let (body_x, body_depth) = on_screen(&proj, ax, ay);
                let (nose_x, nose_depth) = on_screen(&proj, ax + 0.1 * hc, ay + 0.1 * hs);
                let k = rotation(heading, ax, ay, ex, ey);
                seen[k] = true;
                let what = format!("eye {eye_deg} view {off_deg} heading {heading_deg}: k {k}");
                match k {
                    0 => assert!(nose_depth < body_depth, "front: {what}"),
                    4 => assert!(nose_depth > body_depth, "back: {what}"),
                    1..=3 => assert!(nose_x < body_x, "nose left: {what}"),
                    _ => assert!(nose_x > body_x, "nose right: {what}"),
                }
            }
        }
    }
    assert!(seen.iter().all(|&s| s), "every column used");
}

/// A camera at (0.5, 0.5) looking east from `eye` tiles up, on a 40x40
/// view: 20 pixels a tile at a distance of one tile, horizon at row 20.
fn camera(eye: f64) -> Projection {
    let pose = Pose {
        x: 0.5,
        y: 0.5,
        z: eye,
        yaw: 0.0,
        pitch: 0.0,
        roll: 0.0,
    };
    Projection::new(&View::from_pose(pose), 1.0, 40, 40)
}

/// A 4x4 one-frame sheet, white, its top `clear` texel rows of alpha
/// 127 (just transparent) and the rest of alpha 128 (just opaque).
fn sheet(clear: usize) -> Sheet {
    let mut rgba = Vec::new();
    for y in 0..4 {
        for _ in 0..4 {
            rgba.extend_from_slice(&[255, 255, 255, if y < clear { 127 } else { 128 }]);
        }
    }
    Sheet::from_rgba(4, 4, 4, &rgba).unwrap()
}

/// A one-tile billboard of `sheet` standing on the floor two tiles
/// ahead of [`camera`]: 10 pixels across, columns 15 to 24.
fn ahead() -> Billboard {
    Billboard {
        sheet: SheetId::Walker,
        col: 0,
        row: 0,
        x: 2.5,
        y: 0.5,
        z: 0.0,
        size: 1.0,
        depth: 2.0,
        light: Light::Glow,
    }
}

/// Draws `b` with `sheet` over the whole of `pixels`.
fn paint(
    b: &Billboard,
    sheet: &Sheet,
    proj: &Projection,
    pixels: &mut [[u8; 4]],
    spans: &[ColumnSpan],
) {
    let mut rows = Rows {
        pixels,
        y0: 0,
        y1: proj.height,
        paths: crate::render::Paths::Scalar,
    };
    draw_one(b, sheet, proj, &mut rows, spans);
}

/// Rows of column `x` that were painted (start with alpha 0).
fn painted(pixels: &[[u8; 4]], x: usize) -> Vec<usize> {
    (0..40).filter(|y| pixels[y * 40 + x][3] != 0).collect()
}

/// Wall depth in every column: `near` left of column 20, `far` from it.
fn walls(near: f64, far: f64) -> Vec<ColumnSpan> {
    (0..40)
        .map(|x| ColumnSpan {
            top: 20,
            bottom: 20,
            depth: if x < 20 { near } else { far },
        })
        .collect()
}

#[test]
fn a_wall_nearer_than_the_sprite_hides_it_column_by_column() {
    let s = sheet(0);
    let mut pixels = vec![[0u8; 4]; 40 * 40];
    paint(&ahead(), &s, &camera(0.5), &mut pixels, &walls(1.5, 3.0));
    for x in 0..20 {
        assert!(painted(&pixels, x).is_empty(), "column {x} behind the wall");
    }
    for x in 20..25 {
        assert_eq!(
            painted(&pixels, x),
            (15..25).collect::<Vec<_>>(),
            "column {x}"
        );
    }
    for x in 25..40 {
        assert!(painted(&pixels, x).is_empty(), "column {x} past the sprite");
    }
}

/// Billboards painted a block of columns and a row at a time paint
/// what a column at a time paints: every opaque texel's pixel in a
/// column whose wall is farther (or at a NaN depth), shaded as its
/// light says, in bands of any height, near enough to be several
/// blocks wide and far enough to be a few pixels.
#[test]
fn billboards_paint_what_a_column_at_a_time_paints() {
    let mut rng = crate::rng::Rng::new(17);
    let mut next = || (rng.next_u64() >> 32) as u32;
    // A 16-texel frame of random colours, a third of them clear.
    let rgba: Vec<u8> = (0..16 * 16)
        .flat_map(|_| {
            let c = next().to_ne_bytes();
            [c[0], c[1], c[2], if next() % 3 == 0 { 40 } else { 255 }]
        })
        .collect();
    let s = Sheet::from_rgba(16, 16, 16, &rgba).unwrap();
    let (w, h) = (700, 300);
    let pose = Pose {
        x: 0.5,
        y: 0.5,
        z: 0.5,
        yaw: 0.0,
        pitch: 0.0,
        roll: 0.0,
    };
    let proj = Projection::new(&View::from_pose(pose), 1.0, w, h);
    for (depth, light) in [
        (0.45, Light::Fog),
        (0.8, Light::Flash),
        (2.0, Light::Glow),
        (9.0, Light::Fog),
    ] {
        let b = Billboard {
            x: 0.5 + depth,
            y: 0.4 + f64::from(next() % 20) / 100.0,
            depth,
            light,
            ..ahead()
        };
        let spans: Vec<ColumnSpan> = (0..w)
            .map(|x| ColumnSpan {
                top: 0,
                bottom: 0,
                depth: match (x / 37 + next() as usize) % 5 {
                    0 => f64::NAN,
                    1 => depth,
                    2 => depth * 0.5,
                    _ => depth * 2.0,
                },
            })
            .collect();
        // A column at a time, as the painter did before.
        let scale = proj.focal / b.depth;
        let (edge, n) = (b.size * scale, 16);
        let side = (b.x - proj.x) * proj.rx + (b.y - proj.y) * proj.ry;
        let left = w as f64 * 0.5 + side * scale - edge * 0.5;
        let top = proj.horizon - (b.z + b.size - proj.eye) * scale;
        let span = |from: f64, end: usize| {
            (from.ceil().max(0.0) as usize).min(end)
                ..((from + edge).ceil().max(0.0) as usize).min(end)
        };
        let mut want = vec![[0u8; 4]; w * h];
        for x in span(left, w) {
            if spans[x].depth <= b.depth {
                continue;
            }
            let u = ((x as f64 + 0.5 - left) * (n as f64 / edge)) as usize;
            let column = s.column(0, 0, u.min(n - 1));
            for y in span(top, h) {
                let v = ((y as f64 + 0.5 - top) * (n as f64 / edge)) as usize;
                let texel = column[v.min(n - 1)];
                if opaque(texel) {
                    want[y * w + x] = match b.light {
                        Light::Flash => whiten(texel),
                        Light::Fog => shade(texel, fog(b.depth)),
                        Light::Glow => shade(texel, 256),
                    };
                }
            }
        }
        let covered = span(left, w).len();
        assert!(want.iter().any(|p| p[3] != 0), "{depth}: {covered} columns");
        for band_rows in [1, 16, 48, h] {
            let mut got = vec![[0u8; 4]; w * h];
            for (band, pixels) in got.chunks_mut(band_rows * w).enumerate() {
                let mut rows = Rows::new(pixels, w, band * band_rows, Paths::Scalar);
                draw_one(&b, &s, &proj, &mut rows, &spans);
            }
            for (i, (g, e)) in got.iter().zip(&want).enumerate() {
                let at = (i % w, i / w);
                assert_eq!(g, e, "{depth}: pixel {at:?}, bands of {band_rows}");
            }
        }
    }
}

#[test]
fn transparent_texels_leave_the_scene_behind() {
    let s = sheet(2);
    let mut pixels = vec![[0u8; 4]; 40 * 40];
    paint(&ahead(), &s, &camera(0.5), &mut pixels, &walls(9.0, 9.0));
    // Texel rows 0 and 1 (screen rows 15 to 19) are see-through.
    assert_eq!(painted(&pixels, 20), (20..25).collect::<Vec<_>>());
    assert_eq!(pixels[22 * 40 + 20], [255, 255, 255, 255]);
}

#[test]
fn a_sprite_stands_on_the_floor_at_any_eye_height() {
    let s = sheet(0);
    for eye in [0.1, 0.2, 0.5, 0.8] {
        let proj = camera(eye);
        let mut pixels = vec![[0u8; 4]; 40 * 40];
        paint(&ahead(), &s, &proj, &mut pixels, &walls(9.0, 9.0));
        // The rows a one-tile wall two tiles away would cover.
        let top = proj.horizon - (1.0 - eye) * proj.focal / 2.0;
        let bottom = proj.horizon + eye * proj.focal / 2.0;
        let rows = painted(&pixels, 20);
        assert_eq!(
            rows.first().copied(),
            Some(top.ceil() as usize),
            "eye {eye}"
        );
        assert_eq!(
            rows.last().copied(),
            Some(bottom.ceil() as usize - 1),
            "eye {eye}"
        );
    }
}

#[test]
fn nothing_behind_the_eye_or_at_it_is_drawn() {
    let map = Map::from_rows(&["#########", "#...>.w.#", "#########"]);
    let world = World::new(map, Tunables::default(), 1);
    let art = Art::plain();
    let proj = camera(0.5);
    let proj = Projection {
        x: 4.5,
        y: 1.5,
        ..proj
    };
    let count = |world: &World| {
        let mut list = Vec::new();
        collect(world, &proj, &art, 0, &mut list);
        list.len()
    };
    assert_eq!(count(&world), 1, "ahead");
    let walker_at = |x| {
        let scene = Scenario::from_world(world.clone());
        scene.actors(|a| a.walkers[0].x = x).build()
    };
    assert_eq!(count(&walker_at(2.5)), 0, "behind");
    assert_eq!(count(&walker_at(4.5 + NEAR * 0.5)), 0, "at the eye");
}

#[test]
fn tiny_views_show_the_sprite_where_it_stands_and_write_nothing_past_them() {
    // Rows past the view's last, there to catch a write outside it.
    const GUARD_ROWS: usize = 32;
    let s = sheet(0);
    for (w, h) in [(1, 1), (3, 2), (2, 3)] {
        let proj = Projection::eye_at([0.5, 0.5], 0.0, 0.0, (w, h));
        let spans = vec![
            ColumnSpan {
                depth: f64::INFINITY,
                ..ColumnSpan::default()
            };
            w
        ];
        // From filling the view to less than a pixel, partly covering
        // it at 0.7.
        for depth in [NEAR * 1.01, 0.3, 0.5, 0.7, 2.0, 1e6] {
            let b = Billboard {
                x: 0.5 + depth,
                depth,
                ..ahead()
            };
            let mut pixels = vec![[0u8; 4]; w * (h + GUARD_ROWS)];
            let mut rows = Rows {
                pixels: &mut pixels,
                y0: 0,
                y1: h,
                paths: crate::render::Paths::Scalar,
            };
            draw_one(&b, &s, &proj, &mut rows, &spans);
            let what = format!("{w}x{h} at depth {depth}");
            assert!(
                pixels[w * h..].iter().all(|p| *p == [0; 4]),
                "{what}: written past the view"
            );
            // A 90 degree view puts w / 2 pixels on a tile at distance
            // one, and the eye is half a tile up: the one-tile sprite
            // on the floor straight ahead is a square of w / (2 depth)
            // pixels centred on the view. A pixel shows it if its top
            // left corner lies inside; those within a hair of an edge
            // are left out, where rounding decides.
            let edge = w as f64 / (2.0 * depth);
            let (left, top) = ((w as f64 - edge) / 2.0, (h as f64 - edge) / 2.0);
            let inside = |p: f64, lo: f64| p - lo > 1e-6 && lo + edge - p > 1e-6;
            let outside = |p: f64, lo: f64| lo - p > 1e-6 || p - (lo + edge) > 1e-6;
            for (i, px) in pixels[..w * h].iter().enumerate() {
                let (x, y) = ((i % w) as f64, (i / w) as f64);
                if inside(x, left) && inside(y, top) {
                    assert_eq!(*px, [255; 4], "{what}: pixel {x},{y} shows it");
                } else if outside(x, left) || outside(y, top) {
                    assert_eq!(*px, [0; 4], "{what}: pixel {x},{y} is clear");
                }
            }
        }
    }
}

/// A course's beacons stand at its checkpoints, each looking as it comes
/// against the next to take, with its number's digits in front of it and
/// drawn after it; the finish has no number.
#[test]
fn beacons_look_as_the_run_stands_and_carry_their_numbers() {
    use crate::map::course::{Course, Mark};
    use crate::map::Place;
    let mut map = Map::from_rows(&[
        "##################",
        "#>...............#",
        "##################",
    ]);
    let mark = |number, x| Mark {
        number,
        at: [x, 1.5],
        radius: 0.75,
        place: Place::Text { line: 1, col: 1 },
    };
    // Twelve checkpoints, so that some numbers have two digits.
    let mut marks: Vec<Mark> = (1..=12).map(|n| mark(Some(n), 2.5 + n as f64)).collect();
    marks.push(mark(None, 15.5));
    map.course = Course::from_marks(&marks).unwrap();
    let world = World::new(map, Tunables::default(), 1);
    let art = Art::plain();
    let proj = Projection {
        x: 1.5,
        y: 1.5,
        ..camera(0.5)
    };
    let mut list = Vec::new();
    collect(&world, &proj, &art, 10, &mut list);
    let beacons: Vec<(f64, usize)> = list
        .iter()
        .filter(|b| b.sheet == SheetId::Beacon)
        .map(|b| (b.x, b.col))
        .collect();
    let look = |i| BeaconLook::of(i, 12, 10) as usize;
    assert_eq!(beacons.len(), 13, "every checkpoint and the finish");
    for (x, col) in &beacons {
        let i = (x - 3.5) as usize;
        assert_eq!(*col, look(i), "the beacon at x {x}");
    }
    assert_eq!(look(9), BeaconLook::Passed as usize);
    assert_eq!(look(10), BeaconLook::Next as usize);
    assert_eq!(look(11), BeaconLook::Ahead as usize);
    assert_eq!(look(12), BeaconLook::Finish as usize);
    assert_eq!(BeaconLook::of(12, 12, 12), BeaconLook::FinishNext);
    // 9 one-digit numbers and 3 two-digit ones: 15 digits, none for the finish.
    let digits: Vec<&Billboard> = list.iter().filter(|b| b.sheet == SheetId::Digits).collect();
    assert_eq!(digits.len(), 15);
    // Checkpoint 12 (index 11, at x 14.5): "1" left of "2", in front of its beacon.
    let twelve: Vec<&&Billboard> = digits.iter().filter(|d| (d.x - 14.5).abs() < 0.5).collect();
    assert_eq!(twelve.len(), 2);
    let left = twelve
        .iter()
        .min_by(|a, b| (a.x * proj.rx + a.y * proj.ry).total_cmp(&(b.x * proj.rx + b.y * proj.ry)))
        .unwrap();
    assert_eq!(left.col, 1);
    let at = |sheet, x: f64| {
        list.iter()
            .position(|b| b.sheet == sheet && (b.x - x).abs() < 0.5)
    };
    assert!(
        at(SheetId::Beacon, 14.5) < at(SheetId::Digits, 14.5),
        "the number drawn over its beacon"
    );
}
