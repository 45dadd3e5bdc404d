//! The sparks: in front of their walls, in their bands in order, and
//! placed alike on every path.

#[cfg(target_arch = "x86_64")]
use super::x86::{place_four_avx2, round_clamp_avx2};
use super::*;
use crate::map::Map;
use crate::sim::particles::Particle;
use crate::sim::{Scenario, Tunables};

/// A hall with a cloud of `count` particles of mixed ages and lives
/// ahead of its start, high and low, near and far, placed by `seed`.
fn hall_with_cloud(count: u16, seed: u64) -> World {
    let map = Map::from_rows(&["############", "#>.........#", "############"]);
    let world = World::new(map, Tunables::default(), 1);
    let mut rng = crate::rng::Rng::new(seed);
    let mut next = || rng.next_f64();
    Scenario::from_world(world)
        .particles(|particles| {
            for i in 0..count {
                particles.emit(Particle {
                    pos: [2.0 + 8.0 * next(), 1.1 + 0.8 * next(), 1.2 * next() - 0.1],
                    vel: [0.0; 3],
                    age: i % 37,
                    life: 30 + i % 3,
                });
            }
        })
        .build()
}

/// The sparks painted run by run, a row at a time, cover what a
/// column at a time covers: each pixel of a spark's square in a column
/// whose wall is farther than the spark (or at a NaN depth), the later
/// spark over the earlier, sorted into bands of any height and painted
/// in bands cut anywhere.
#[test]
fn sparks_paint_the_columns_in_front_of_their_walls() {
    let world = hall_with_cloud(400, 11);
    // Wide enough that near sparks (at most a 120th of the width) are
    // runs of eight pixels and more.
    let (w, h) = (1280, 721);
    let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.1, (w, h));
    let mut listed = Vec::new();
    sparks(&world, &proj, Paths::Scalar, &mut listed);
    let widest = listed.iter().map(|s| s.place.x1 - s.place.x0).max();
    assert!(widest >= Some(9), "{widest:?}");
    let mut rng = crate::rng::Rng::new(9);
    let mut next = || (rng.next_u64() >> 32) as usize;
    // Walls near and far, none, NaN, and some at a spark's own depth
    // (not in front of it, so not painted over).
    let spans: Vec<ColumnSpan> = (0..w)
        .map(|x| {
            let depth = match next() % 6 {
                0 => f64::INFINITY,
                1 => f64::NAN,
                // The depth of a spark over this column, if any.
                2 => {
                    let over = listed
                        .iter()
                        .filter(|s| (s.place.x0..s.place.x1).contains(&x));
                    let over: Vec<f64> = over.map(|s| s.place.depth).collect();
                    over.get(next() % over.len().max(1))
                        .copied()
                        .unwrap_or(f64::INFINITY)
                }
                _ => 0.3 + (next() % 1000) as f64 / 100.0,
            };
            // Runs of columns alike, as walls make them.
            let depth = if x % 16 < 10 { f64::INFINITY } else { depth };
            ColumnSpan {
                top: 0,
                bottom: 0,
                depth,
            }
        })
        .collect();
    // A column at a time, over the whole frame.
    let mut want = vec![[0u8; 4]; w * h];
    for s in &listed {
        for x in s.place.x0..s.place.x1.min(w) {
            if spans[x].depth <= s.place.depth {
                continue;
            }
            for y in s.place.y0..s.place.y1.min(h) {
                want[y * w + x] = s.colour;
            }
        }
    }
    let painted = want.iter().filter(|&&p| p != [0; 4]).count();
    assert!(painted > 1000, "{painted} pixels painted");
    let mut sorted = Sparks::default();
    for band_rows in [1, 7, 48, 721] {
        sorted.make(&world, &proj, Paths::best(), band_rows);
        // Painted in the sparks' own bands, in others across theirs,
        // and in bands of unlike heights, as the threads cut them.
        let cuts: [&[usize]; 5] = [&[band_rows], &[1], &[5], &[h], &[100, 61, 30, 7, 1]];
        for cut in cuts {
            let mut got = vec![[0u8; 4]; w * h];
            let (mut rest, mut y0) = (&mut got[..], 0);
            for &rows in cut.iter().cycle() {
                if rest.is_empty() {
                    break;
                }
                let n = rows.min(h - y0);
                let (pixels, more) = rest.split_at_mut(n * w);
                let mut rows = Rows::new(pixels, w, y0, Paths::best());
                particles(&sorted, &proj, &mut rows, &spans);
                (rest, y0) = (more, y0 + n);
            }
            for (i, (g, e)) in got.iter().zip(&want).enumerate() {
                let (x, y) = (i % w, i / w);
                assert_eq!(g, e, "pixel {x},{y}: sorted by {band_rows}, cut {cut:?}");
            }
        }
    }
}

#[test]
fn each_band_lists_the_sparks_its_rows_meet_in_their_own_order() {
    let world = hall_with_cloud(400, 7);
    let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.1, (320, 181));
    let mut listed = Vec::new();
    sparks(&world, &proj, Paths::Scalar, &mut listed);
    assert!(listed.len() > 300, "most of the cloud is in view");
    let mut sorted = Sparks::default();
    for band_rows in [1, 7, 16, 48, 181, 500] {
        sorted.make(&world, &proj, Paths::best(), band_rows);
        let bands = proj.height.div_ceil(band_rows);
        let mut seen = 0;
        for b in 0..bands {
            let (top, bottom) = (b * band_rows, ((b + 1) * band_rows).min(proj.height));
            // By brute force: the sparks, in list order, with a row in
            // the band.
            let want: Vec<usize> = (0..listed.len())
                .filter(|&i| listed[i].place.y0.max(top) < listed[i].place.y1.min(bottom))
                .collect();
            let got: Vec<usize> = sorted
                .of(b)
                .map(|s| sorted.list.iter().position(|l| std::ptr::eq(l, s)).unwrap())
                .collect();
            assert_eq!(got, want, "band {b} of {band_rows} rows");
            seen += got.len();
        }
        assert!(seen >= listed.iter().filter(|s| s.place.y0 < s.place.y1).count());
        assert_eq!(sorted.list.len(), listed.len());
        assert_eq!(sorted.of(bands).count(), 0, "no band past the frame");
    }
    // The cached colours are each particle's own.
    let mut visible = world
        .particles()
        .iter()
        .filter(|p| (p.pos[0] - proj.x) * proj.fx + (p.pos[1] - proj.y) * proj.fy >= NEAR);
    for s in &listed {
        let p = visible.next().unwrap();
        assert_eq!(s.colour, ember(p.fade()));
    }
}

/// A spark's place as bits, so that NaN depths compare.
fn bits(place: Option<Place>) -> Option<(usize, usize, usize, usize, u64)> {
    place.map(|p| (p.x0, p.x1, p.y0, p.y1, p.depth.to_bits()))
}

#[cfg(target_arch = "x86_64")]
#[test]
fn four_lanes_round_and_clamp_as_round_clamp_and_a_cast_do() {
    if !Paths::Avx2.runs_here() {
        return;
    }
    let mut values = vec![
        0.0,
        -0.0,
        0.499_999_999_999_999_94,
        -0.499_999_999_999_999_94,
        0.5,
        -0.5,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MIN_POSITIVE,
        4_503_599_627_370_495.5,
        4_503_599_627_370_496.0,
        9_007_199_254_740_993.0,
        1e300,
        -1e300,
    ];
    for k in -4..=12 {
        for v in [k as f64, k as f64 + 0.5, k as f64 + 0.25, k as f64 + 0.75] {
            values.extend([v, v.next_up(), v.next_down()]);
        }
    }
    let mut rng = crate::rng::Rng::new(3);
    values.extend((0..20_000).map(|_| f64::from_bits(rng.next_u64())));
    values.extend((0..20_000).map(|_| 20.0 * rng.next_f64() - 4.0));
    for hi in [0.0_f64, 1.0, 7.0, 320.0, 8192.0] {
        values.extend([hi, hi + 0.5, hi - 0.5, (hi + 0.5).next_down()]);
        for four in values.as_chunks::<4>().0 {
            // SAFETY: AVX2 is here (checked above); the load is unaligned.
            let got = unsafe {
                let v = std::arch::x86_64::_mm256_loadu_pd(four.as_ptr());
                round_clamp_avx2(v, hi)
            };
            let want = four.map(|v| v.round().clamp(0.0, hi) as usize);
            assert_eq!(got, want, "{four:?} to {hi}");
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn four_sparks_are_placed_where_one_at_a_time_places_each() {
    if !Paths::Avx2.runs_here() {
        return;
    }
    let mut rng = crate::rng::Rng::new(11);
    let mut next = || rng.next_f64();
    let mut particles: Vec<Particle> = (0..4000)
        .map(|i| {
            let far = [0.2, 3.0, 40.0, 1e7][i % 4];
            Particle {
                pos: [
                    5.0 + far * (2.0 * next() - 1.0),
                    5.0 + far * (2.0 * next() - 1.0),
                    2.0 * next() - 0.5,
                ],
                vel: [0.0; 3],
                age: 0,
                life: 1,
            }
        })
        .collect();
    // Not finite, and exactly at the nearest depth drawn (the view looks
    // east from (5, 5), so depth is x - 5).
    for pos in [
        [f64::NAN, 5.0, 0.5],
        [6.0, f64::INFINITY, 0.5],
        [6.0, 5.0, f64::NEG_INFINITY],
        [5.0 + NEAR, 5.0, 0.5],
        [(5.0 + NEAR).next_down(), 5.0, 0.5],
        [5.0 + NEAR, 5.3, 0.1],
        [5.0, 5.0, 0.5],
    ] {
        particles.push(Particle {
            pos,
            vel: [0.0; 3],
            age: 0,
            life: 1,
        });
    }
    for (size, yaw, pitch) in [
        ((320, 181), 0.0, 0.0),
        ((1, 1), 0.7, 0.0),
        ((1920, 1080), 2.5, 0.4),
        ((7, 3000), -1.2, -0.3),
        ((640, 360), 0.0, 0.2),
    ] {
        let proj = Projection::eye_at([5.0, 5.0], yaw, pitch, size);
        let view = SparkView::of(&proj);
        let mut placed = 0;
        for four in particles.as_chunks::<4>().0 {
            // SAFETY: AVX2 is here (checked above).
            let got = unsafe { place_four_avx2(four, &view) };
            for (p, got) in four.iter().zip(got) {
                let want = place_one(p, &view);
                placed += usize::from(want.is_some());
                assert_eq!(bits(got), bits(want), "{:?} at {size:?}", p.pos);
            }
        }
        assert!(placed > 1000, "most are in front of the eye: {placed}");
    }
}

#[test]
fn the_sparks_are_the_same_on_every_path() {
    // Not a multiple of four, so that the last few go one at a time.
    let world = hall_with_cloud(403, 9);
    let proj = Projection::eye_at([2.5, 1.5], 0.1, 0.0, (640, 360));
    let list = |paths: Paths| {
        let mut out = Vec::new();
        sparks(&world, &proj, paths, &mut out);
        format!("{out:?}")
    };
    let scalar = list(Paths::Scalar);
    assert!(scalar.matches("Spark").count() > 300, "most are in view");
    for paths in Paths::available() {
        assert_eq!(list(paths), scalar, "{}", paths.name());
    }
}
