use super::*;

/// A picture `w` x `h` whose every pixel names its place: x in the first
/// two bytes, y in the last two.
fn places(w: usize, h: usize) -> Vec<[u8; 4]> {
    (0..w * h)
        .map(|i| {
            let [x0, x1] = ((i % w) as u16).to_le_bytes();
            let [y0, y1] = ((i / w) as u16).to_le_bytes();
            [x0, x1, y0, y1]
        })
        .collect()
}

/// The place a pixel of [`places`] names.
fn place(p: [u8; 4]) -> (i32, i32) {
    (
        u16::from_le_bytes([p[0], p[1]]) as i32,
        u16::from_le_bytes([p[2], p[3]]) as i32,
    )
}

/// Turns `level` (`w` x `h`) for `roll` into a new picture, its bands of
/// `band` rows sent in the order given by `order` (band indices), each
/// pixel first marked unwritten.
fn turned_in(
    level: &[[u8; 4]],
    (w, h): (usize, usize),
    roll: f64,
    band: usize,
    order: impl Iterator<Item = usize>,
) -> Vec<[u8; 4]> {
    let mut tables = Tables::default();
    let shears = tables.shears((w, h), roll);
    let mut out = vec![UNWRITTEN; w * h];
    let frame = Out::new(&mut out, (w, h), shears.half_turn);
    for i in order {
        let rows = &level[(i * band * w).min(w * h)..((i + 1) * band * w).min(w * h)];
        shears.send(rows, i * band, &frame, Paths::Scalar);
    }
    out
}

/// A pixel [`places`] never holds.
const UNWRITTEN: [u8; 4] = [0xff; 4];

/// [`turned_in`] with the bands in order.
fn turned(level: &[[u8; 4]], (w, h): (usize, usize), roll: f64, band: usize) -> Vec<[u8; 4]> {
    turned_in(level, (w, h), roll, band, 0..h.div_ceil(band))
}

/// The three shears written out pixel by pixel from Paeth's factors, for
/// a roll within a right angle: the place in the level picture (before
/// the frame's edge stands in) that pixel `(x, y)` of the turned one
/// shows.
fn sheared(x: i32, y: i32, (w, h): (usize, usize), roll: f64) -> (i32, i32) {
    let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
    let (a, b) = (-(roll / 2.0).tan(), roll.sin());
    let x1 = x + (a * (y as f64 + 0.5 - cy)).round() as i32;
    let y2 = y + (b * (x1 as f64 + 0.5 - cx)).round() as i32;
    let x3 = x1 + (a * (y2 as f64 + 0.5 - cy)).round() as i32;
    (x3, y2)
}

/// Sizes under, at and past a run's columns, odd and even, one band and
/// many; and rolls from a hair to past a right angle each way.
const SIZES: [(usize, usize); 7] = [
    (1, 1),
    (7, 5),
    (64, 48),
    (65, 49),
    (200, 100),
    (333, 201),
    (640, 360),
];
const DEGREES: [f64; 12] = [
    -89.9, -45.0, -30.0, -2.0, -0.01, 0.5, 2.0, 8.0, 45.0, 60.0, 89.0, 90.0,
];

#[test]
fn the_runs_copy_what_the_shears_move_pixel_by_pixel() {
    for (w, h) in SIZES {
        let level = places(w, h);
        for degrees in DEGREES {
            let roll = degrees.to_radians();
            let got = turned(&level, (w, h), roll, 16);
            for (i, &p) in got.iter().enumerate() {
                let (x, y) = ((i % w) as i32, (i / w) as i32);
                let (sx, sy) = sheared(x, y, (w, h), roll);
                let want = (sx.clamp(0, w as i32 - 1), sy.clamp(0, h as i32 - 1));
                assert_eq!(
                    place(p),
                    want,
                    "{w}x{h} {degrees} degrees, pixel ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn each_pixel_shows_within_a_pixel_or_so_of_the_exact_turn() {
    // Each shear rounds to the nearest pixel, half a pixel at most, and
    // the later shears carry the earlier roundings: across the row the
    // first, a `sin` share of it and the middle's in the column, `tan`
    // shares of those and the last's along the row again.
    for (w, h) in SIZES {
        let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
        for degrees in DEGREES {
            let roll = f64::to_radians(degrees);
            let (sin, cos) = roll.sin_cos();
            let (a, b) = ((roll / 2.0).tan().abs(), sin.abs());
            let down = 0.5 * (1.0 + b) + 1e-9;
            let along = 1.0 + a * 0.5 * (1.0 + b) + 1e-9;
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let (dx, dy) = (x as f64 + 0.5 - cx, y as f64 + 0.5 - cy);
                    let exact = (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
                    let (sx, sy) = sheared(x, y, (w, h), roll);
                    let (ex, ey) = (sx as f64 + 0.5 - exact.0, sy as f64 + 0.5 - exact.1);
                    assert!(
                        ex.abs() <= along && ey.abs() <= down,
                        "{w}x{h} {degrees} degrees, ({x}, {y}) shows ({sx}, {sy}), \
                         the exact turn {exact:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn no_pixel_of_the_level_picture_is_doubled() {
    // Each shear moves whole rows or columns, so a place is shown once at
    // most: only the frame's edge, standing in past it, repeats.
    for (w, h) in SIZES {
        for degrees in DEGREES {
            let roll = f64::to_radians(degrees);
            let mut seen = std::collections::HashSet::new();
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let at = sheared(x, y, (w, h), roll);
                    assert!(seen.insert(at), "{w}x{h} {degrees}: {at:?} twice");
                }
            }
        }
    }
}

#[test]
fn past_a_right_angle_the_picture_is_half_turned_and_sheared_the_rest() {
    for (w, h) in [(7, 5), (200, 100), (333, 201)] {
        let level = places(w, h);
        // Half a turn exactly: the picture upside down, pixel for pixel.
        let mut upside_down = level.clone();
        upside_down.reverse();
        assert_eq!(turned(&level, (w, h), std::f64::consts::PI, 7), upside_down);
        assert_eq!(
            turned(&level, (w, h), -std::f64::consts::PI, 7),
            upside_down
        );
        // Past a right angle, the half turn of the turn by the rest.
        for degrees in [91.0, 135.0, 179.0, -100.0, -179.5] {
            let roll = f64::to_radians(degrees);
            let rest = roll - std::f64::consts::PI.copysign(roll);
            let mut want = turned(&level, (w, h), rest, 7);
            want.reverse();
            assert_eq!(turned(&level, (w, h), roll, 7), want, "{w}x{h} {degrees}");
        }
        // Whole turns add nothing.
        for degrees in [0.0, 360.0, -720.0] {
            let roll = f64::to_radians(degrees);
            assert_eq!(turned(&level, (w, h), roll, 7), level, "{degrees}");
        }
    }
}

#[test]
fn the_bands_turn_the_same_pixels_however_the_rows_are_cut() {
    let (w, h) = (333, 201);
    let level = places(w, h);
    for degrees in [-150.0, -2.0, 2.0, 37.0] {
        let roll = f64::to_radians(degrees);
        let whole = turned(&level, (w, h), roll, h);
        for band in [1, 5, 16, 48, 200] {
            assert!(
                turned(&level, (w, h), roll, band) == whole,
                "{degrees} by {band}"
            );
            // Sent in any order, as the threads finish them.
            let bands = h.div_ceil(band);
            let backwards = turned_in(&level, (w, h), roll, band, (0..bands).rev());
            assert!(backwards == whole, "{degrees} by {band}, backwards");
        }
    }
}

#[test]
fn rolled_right_the_horizon_rises_on_the_right() {
    let (w, h) = (200, 100);
    // White above the middle row, black below.
    let level: Vec<[u8; 4]> = (0..w * h)
        .map(|i| {
            if i / w < h / 2 {
                [255; 4]
            } else {
                [0, 0, 0, 255]
            }
        })
        .collect();
    let p = turned(&level, (w, h), 5f64.to_radians(), 48);
    let edge = |x: usize| (0..h).find(|&y| p[y * w + x][0] == 0).unwrap();
    let (left, middle, right) = (edge(0), edge(w / 2), edge(w - 1));
    assert_eq!(middle, h / 2, "turned about the centre");
    assert!(right < middle && left > middle, "{left} {middle} {right}");
    // tan(5 degrees) over half the width: about 8.7 rows.
    assert!((middle as f64 - right as f64 - 100.0 * 5f64.to_radians().tan()).abs() <= 1.5);
}

#[test]
fn the_turn_keeps_its_memory_between_frames() {
    let (w, h) = (640, 360);
    let mut tables = Tables::default();
    tables.shears((w, h), 0.01);
    let capacities = |t: &Tables| (t.firsts.capacity(), t.lasts.capacity(), t.runs.capacity());
    let first = capacities(&tables);
    for degrees in [-2.0, 2.0, 45.0, -89.0, 90.0, 135.0, 1e4] {
        tables.shears((w, h), f64::to_radians(degrees));
        assert_eq!(capacities(&tables), first, "{degrees} degrees");
    }
}

#[test]
fn what_goes_over_is_drawn_once_on_each_band_after_everything_under_it() {
    // `over` marks each pixel it finds (flipping a bit no place sets) and
    // counts its rows: a pixel sent after it would come back unmarked.
    use std::sync::atomic::{AtomicUsize, Ordering};
    let (w, h) = (333, 201);
    let level = places(w, h);
    for threads in [1, 2, 3, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for degrees in [-150.0, -2.0, 2.0, 37.0, 100.0] {
            let mut turn = Turn::default();
            let mut frame = vec![UNWRITTEN; w * h];
            let rows_over = AtomicUsize::new(0);
            let paint = |band: Band| {
                let n = band.pixels.len();
                band.pixels
                    .copy_from_slice(&level[band.y0 * w..band.y0 * w + n]);
            };
            let over = |rows: &mut [[u8; 4]], _y0: usize| {
                rows.iter_mut().for_each(|p| p[3] |= 0x80);
                rows_over.fetch_add(rows.len() / w, Ordering::Relaxed);
            };
            let roll = f64::to_radians(degrees);
            pool.install(|| {
                draw(
                    &mut turn,
                    (&mut frame, w, h),
                    roll,
                    (16, 0, threads),
                    Paths::Scalar,
                    (paint, over),
                )
            });
            let mut want = turned(&level, (w, h), roll, 16);
            want.iter_mut().for_each(|p| p[3] |= 0x80);
            assert!(frame == want, "{threads} threads, {degrees} degrees");
            assert_eq!(
                rows_over.into_inner(),
                h,
                "{threads} threads, {degrees} degrees"
            );
        }
    }
}
