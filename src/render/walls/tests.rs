//! The walls: the rays cast together as alone, and every group of
//! columns painting the bytes of each column painted alone.

use super::cast::RAYS_AHEAD;
use super::column::{paint_runs, NEAR_STEP};
#[cfg(target_arch = "x86_64")]
use super::eight::Stepper;
use super::plan::Group;
use super::*;
use crate::map::Map;
use crate::render::shade;
use crate::texture::Texture;

/// The vector rows of an eight at any screen row, and after each of
/// the steps below it, are the lane-by-lane sums of
/// [`Group::rows_at`], in full and as the whole rows [`Stepper::hi`]
/// gives, in lane order: steps and starts anywhere in 64 bits (so the
/// sums wrap), rows from the frame's top to 2^32 - 1.
#[test]
#[cfg(target_arch = "x86_64")]
fn vector_rows_are_the_lanes_rows() {
    use std::arch::x86_64::_mm256_storeu_si256;
    if !Paths::Avx2.runs_here() {
        return;
    }
    let mut rng = crate::rng::Rng::new(49);
    for case in 0..2000 {
        let mut g = Group::<8> {
            step: [0; 8],
            last: [0; 8],
            base: [0; 8],
            brightness: [0; 8],
            v0: [0; 8],
        };
        for i in 0..8 {
            g.step[i] = rng.next_u64() >> (case % 40);
            g.v0[i] = rng.next_u64();
        }
        let y = match case % 4 {
            0 => case / 4,
            1 => rng.next_u64() as u32 as usize,
            2 => u32::MAX as usize - case / 4,
            _ => (rng.next_u64() % 8192) as usize,
        };
        // SAFETY: AVX2 is here (checked above).
        let mut rows = unsafe { Stepper::at(&g, y) };
        for k in 0..4 {
            let want = g.rows_at(y + k);
            let (mut full, mut hi) = ([0u64; 8], [0u32; 8]);
            // SAFETY: AVX2 is here; `full` is 64 writable bytes and `hi`
            // 32, stored unaligned.
            unsafe {
                _mm256_storeu_si256(full.as_mut_ptr().cast(), rows.rows[0]);
                _mm256_storeu_si256(full[4..].as_mut_ptr().cast(), rows.rows[1]);
                _mm256_storeu_si256(hi.as_mut_ptr().cast(), rows.hi());
                rows.step();
            }
            assert_eq!(full, want, "case {case}, row {y} + {k}");
            assert_eq!(
                hi,
                want.map(|v| (v >> 32) as u32),
                "case {case}, row {y} + {k}"
            );
        }
    }
}

/// Casting a run of columns in one call, its rays worked out ahead in
/// groups, records what casting each column alone records: over more
/// than one group and a part of one, from a column other than the
/// first, through a door, past wall corners near and far.
#[test]
fn a_run_of_columns_casts_as_each_column_alone() {
    let map = Map::from_rows(&[
        "##########",
        "#....#...#",
        "#.#..D...#",
        "#>...#...#",
        "#........#",
        "##########",
    ]);
    let art = MapArt::plain(&map);
    let (w, h, first) = (2 * RAYS_AHEAD + 23, 120, 9);
    let proj = Projection::eye_at([1.5, 3.5], 0.3, 0.0, (w + first, h));
    let record = |s: &ColumnSpan, t: &WallStrip| {
        let span = (s.top, s.bottom, s.depth.to_bits());
        (
            span,
            t.wall,
            t.column,
            t.brightness,
            t.v_top,
            t.step,
            t.last,
        )
    };
    let mut spans = vec![ColumnSpan::default(); w];
    let mut strips = vec![WallStrip::default(); w];
    cast(&map, &art, &proj, first, &mut spans, &mut strips);
    let mut walls = std::collections::BTreeSet::new();
    for x in 0..w {
        let (mut span, mut strip) = ([ColumnSpan::default()], [WallStrip::default()]);
        cast(&map, &art, &proj, first + x, &mut span, &mut strip);
        let alone = record(&span[0], &strip[0]);
        assert_eq!(record(&spans[x], &strips[x]), alone, "column {x}");
        walls.insert((strip[0].wall, span[0].top));
    }
    // The view meets the door and walls at several distances.
    assert!(walls.iter().any(|&(wall, _)| wall == art.walls.len()));
    assert!(walls.len() > 10, "{walls:?}");
}

/// Painting four or eight columns at a time, on every path, gives the
/// pixels of painting each column alone, for strips far, near and
/// repeating, of two textures, in bands anywhere down the frame.
#[test]
fn quads_paint_what_columns_paint() {
    let map = Map::from_rows(&["###", "#>#", "###"]);
    let mut art = MapArt::plain(&map);
    let patterned = |seed: u32| {
        let rgba: Vec<u8> = (0..64 * 64 * 4u32)
            .map(|i| (i.wrapping_mul(seed) >> 7) as u8)
            .collect();
        Texture::from_rgba(64, &rgba)
    };
    art.walls = vec![patterned(2_654_435_761), patterned(40_503)];
    let mut z = 17u64;
    let mut next = |m: u64| {
        z = z
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (z >> 11) % m
    };
    let (w, h) = (37, 90);
    let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.0, (w, h));
    for _ in 0..300 {
        let spans: Vec<ColumnSpan> = (0..w)
            .map(|_| {
                let top = next(h as u64 / 2) as usize;
                ColumnSpan {
                    top,
                    bottom: top + next((h - top) as u64 + 1) as usize,
                    depth: 1.0,
                }
            })
            .collect();
        let strips: Vec<WallStrip> = (0..w)
            .map(|_| WallStrip {
                // Mostly one texture, so that runs of eight share it.
                wall: usize::from(next(10) == 0),
                column: next(64) as usize,
                brightness: next(257) as u32,
                v_top: next(64 << 32),
                step: if next(5) == 0 {
                    next(NEAR_STEP)
                } else {
                    next(8 << 32)
                },
                last: if next(6) == 0 {
                    127
                } else {
                    63 - next(2) as usize
                },
            })
            .collect();
        let (y0, y1) = {
            let a = next(h as u64) as usize;
            (a, a + 1 + next((h - a) as u64) as usize)
        };
        paints_what_columns_paint(&art, &proj, (&spans, &strips), (y0, y1));
    }
}

/// Painting the rows `y0..y1` of `strips` in a band, on every path,
/// gives the pixels of painting each column alone wherever a wall
/// covers them; returns how many eights had [`Windows`].
fn paints_what_columns_paint(
    art: &MapArt,
    proj: &Projection,
    (spans, strips): (&[ColumnSpan], &[WallStrip]),
    (y0, y1): (usize, usize),
) -> usize {
    let w = strips.len();
    let mut columns = vec![[0u8; 4]; (y1 - y0) * w];
    let mut rows = Rows::new(&mut columns, w, y0, Paths::Scalar);
    for (x, (span, s)) in spans.iter().zip(strips).enumerate() {
        let (from, to) = (span.top.max(y0), span.bottom.min(y1));
        paint_column(art, &mut rows, w, x, span, s, from, to);
    }
    // Pixels no wall covers are the flats' to paint: only the walls'
    // are compared.
    let walls_match = |got: &[[u8; 4]], how: &str| {
        for (i, (got, want)) in got.iter().zip(&columns).enumerate() {
            let (x, y) = (i % w, y0 + i / w);
            if (spans[x].top..spans[x].bottom).contains(&y) {
                assert_eq!(got, want, "{how}, ({x}, {y}) in rows {y0}..{y1}");
            }
        }
    };
    let mut windowed = 0;
    for paths in Paths::available() {
        let mut groups = vec![[0u8; 4]; (y1 - y0) * w];
        let mut rows = Rows::new(&mut groups, w, y0, paths);
        let mut plan = Plan::default();
        plan.make(art, (spans, strips), 0, paths);
        windowed += plan.eights.iter().filter(|o| o.windows.is_some()).count();
        let plan = std::slice::from_ref(&plan);
        paint(art, proj, &mut rows, (spans, strips), plan);
        walls_match(&groups, &format!("{paths:?}"));
        // Plans made a few columns at a time, as each ray task makes
        // its own: every wall pixel as the columns alone paint it (a
        // plan's last few columns go as its last eight where they
        // make one).
        for per in [1, 5, 8, 13, 64] {
            let plans: Vec<Plan> = (0..w)
                .step_by(per)
                .map(|first| {
                    let end = (first + per).min(w);
                    let mut plan = Plan::default();
                    plan.make(art, (&spans[first..end], &strips[first..end]), first, paths);
                    plan
                })
                .collect();
            let mut split = vec![[0u8; 4]; (y1 - y0) * w];
            let mut rows = Rows::new(&mut split, w, y0, paths);
            paint(art, proj, &mut rows, (spans, strips), &plans);
            walls_match(&split, &format!("{paths:?}, plans of {per} columns"));
        }
        // In blocks of rows, every pixel as in one (blocks of one row,
        // of a few, more blocks than rows).
        for blocks in [2, 3, y1 - y0, y1 - y0 + 7] {
            let mut blocked = vec![[0u8; 4]; (y1 - y0) * w];
            let mut rows = Rows::new(&mut blocked, w, y0, paths);
            paint_in_blocks(art, proj, &mut rows, (spans, strips), plan, blocks);
            assert!(
                blocked == groups,
                "{paths:?}, rows {y0}..{y1} in {blocks} blocks"
            );
        }
    }
    windowed
}

/// Eights of a near wall, whose lanes read one or two texture columns
/// at one brightness, paint from windows what each column alone
/// paints: magnified or not, lanes' rows close or far apart (so that
/// windows are loaded again, or given up for the rest of the rows),
/// rows clamped at the last or not, in bands anywhere down the frame.
#[test]
fn windows_paint_what_columns_paint() {
    let map = Map::from_rows(&["###", "#>#", "###"]);
    let mut art = MapArt::plain(&map);
    let rgba: Vec<u8> = (0..64 * 64 * 4u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 9) as u8)
        .collect();
    art.walls = vec![Texture::from_rgba(64, &rgba)];
    let mut rng = crate::rng::Rng::new(5);
    let mut next = |m: u64| rng.next_u64() % m;
    let (w, h) = (40, 120);
    let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.0, (w, h));
    let mut windowed = 0;
    for _ in 0..400 {
        // A wall's face: texture columns changing every few screen
        // columns, rows stepping alike, with each lane a little apart.
        let (top, bottom) = (next(40) as usize, 60 + next(61) as usize);
        let per_column = 1 + next(12);
        let first_column = next(64);
        let step = match next(3) {
            0 => next(1 << 30),
            1 => next(1 << 32),
            _ => next(3 << 32),
        };
        let spread_bits = next(34);
        let (spread, brightness) = (next(1 << spread_bits), next(257) as u32);
        let v_top = next(64 << 32);
        let spans: Vec<ColumnSpan> = (0..w)
            .map(|_| ColumnSpan {
                top: top + next(3) as usize,
                bottom: bottom - next(3) as usize,
                depth: 1.0,
            })
            .collect();
        let strips: Vec<WallStrip> = (0..w as u64)
            .map(|x| WallStrip {
                wall: 0,
                column: ((first_column + x / per_column) % 64) as usize,
                // Now and then a lane lit unlike the others.
                brightness: brightness + u32::from(next(40) == 0),
                v_top: v_top.wrapping_add(next(spread + 1)),
                step: step + next(spread / 64 + 1),
                last: if next(4) == 0 { 40 } else { 63 },
            })
            .collect();
        let (y0, y1) = {
            let a = next(h as u64) as usize;
            (a, a + 1 + next((h - a) as u64) as usize)
        };
        windowed += paints_what_columns_paint(&art, &proj, (&spans, &strips), (y0, y1));
    }
    assert!(windowed > 500, "{windowed} eights with windows");
}

/// Painting a near strip a texel row at a time gives the pixels the
/// per-pixel walk gives, wherever the strip starts and however it
/// ends (clamped at its last row or not).
#[test]
fn runs_paint_what_the_pixel_walk_paints() {
    let column: Vec<u32> = (0..64u32)
        .map(|i| i.wrapping_mul(0x0101_0305) | 0xff00_0000)
        .collect();
    let w = 3;
    let mut z = 99u64;
    let mut next = || {
        z = z
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        z >> 11
    };
    for _ in 0..2000 {
        let n = (next() % 200) as usize;
        let strip = WallStrip {
            wall: 0,
            column: 0,
            brightness: (next() % 257) as u32,
            v_top: next() % (64 << 32),
            step: next() % NEAR_STEP,
            last: 63 - (next() % 3) as usize,
        };
        let (mut runs, mut walk) = (vec![[0u8; 4]; n * w], vec![[0u8; 4]; n * w]);
        paint_runs(
            &mut runs,
            1,
            w,
            n.saturating_sub(1),
            strip.v_top,
            &strip,
            &column,
        );
        let mut v = strip.v_top;
        for k in 0..n.saturating_sub(1) {
            let row = ((v >> 32) as usize).min(strip.last);
            walk[1 + k * w] = shade(column[row], strip.brightness);
            v = v.wrapping_add(strip.step);
        }
        assert_eq!(runs, walk, "{strip:?}");
    }
}
