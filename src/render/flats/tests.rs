//! The masks and the runs: as a column-by-column scan finds them.

use super::mask::{flip, mark_flips, mark_flips_scalar, open_mask, open_mask_scalar};
use super::runs::{carry_into, next_edge_word, open_runs};
use super::*;

/// The vector open-column mask is the scalar one, and the runs it
/// gives are the runs of open columns, for every cover and row.
#[test]
fn open_columns_are_found_as_the_scalar_scan_finds_them() {
    let mut z = 3u64;
    let mut next = |m: u32| {
        z = z
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (z >> 33) as u32 % m
    };
    for n in [0, 1, 3, 4, 5, 63, 64, 65, 130, 300] {
        for _ in 0..20 {
            let covers: Vec<WallCover> = (0..n)
                .map(|_| WallCover {
                    top: next(40),
                    rows: if next(4) == 0 { 0 } else { next(40) },
                })
                .collect();
            // Bands of rows starting at several rows, of several
            // heights; each row's runs as the column-by-column scan.
            for (y0, y1) in [(0, 60), (7, 8), (13, 45), (33, 60), (0, 70)] {
                let words = mask_words(n);
                let mut masks = vec![u64::MAX; (y1 - y0) * words];
                let flipped = open_masks(y0, &covers, &mut masks);
                let want = flips_by_scan(y0, y1 - y0, &covers)
                    .iter()
                    .fold(0, |bits, &[r, _]| bits | 1 << (r % 64));
                assert_eq!(flipped, want, "{n} columns, rows {y0}..{y1}");
                // The runs kept from row to row, as `draw` keeps them.
                let mut kept = KeptRuns::for_band(flipped, y1 - y0);
                for y in y0 as u32..y1 as u32 {
                    for (i, block) in covers.chunks(64).enumerate() {
                        assert_eq!(
                            open_mask(block, y),
                            open_mask_scalar(block, y),
                            "{n} {i} {y}"
                        );
                    }
                    let mut runs = Vec::new();
                    let mask = &masks[(y as usize - y0) * words..][..words];
                    open_runs(mask, |a, b| runs.push((a, b)));
                    let want = runs_where(n, |x| covers[x].open(y));
                    assert_eq!(runs, want, "{n} columns, row {y} of {y0}..{y1}");
                    let mut runs = Vec::new();
                    kept.of(y as usize - y0, mask)
                        .each(|a, b| runs.push((a, b)));
                    assert_eq!(runs, want, "kept: {n} columns, row {y} of {y0}..{y1}");
                }
            }
        }
    }
}

/// The runs are those a bit-by-bit scan finds, for runs that begin or
/// end at either edge of a word, cross words, fill whole rows, or are
/// one column wide.
#[test]
fn runs_are_the_runs_of_set_bits() {
    let mut rng = crate::rng::Rng::new(11);
    let mut next = || rng.next_u64();
    let words = [0, u64::MAX, 1, 1 << 63, 1 | 1 << 63, 0x5555_5555_5555_5555];
    let mut masks: Vec<Vec<u64>> = vec![vec![]];
    for &a in &words {
        masks.push(vec![a]);
        for &b in &words {
            masks.push(vec![a, b]);
            for &c in &words {
                masks.push(vec![a, b, c]);
            }
        }
    }
    for n in 1..8 {
        for _ in 0..50 {
            // Sparse edges: long runs, as a row of walls gives.
            masks.push((0..n).map(|_| next() & next() & next()).collect());
            masks.push((0..n).map(|_| next() | next() | next()).collect());
        }
    }
    for mask in &masks {
        let mut runs = Vec::new();
        open_runs(mask, |a, b| runs.push((a, b)));
        let bit = |x: usize| mask[x / 64] >> (x % 64) & 1 == 1;
        assert_eq!(runs, runs_where(mask.len() * 64, bit), "{mask:x?}");
    }
}

/// The runs `a..b` of the columns below `n` where `open` holds, found
/// one column at a time: the reference for [`open_runs`].
fn runs_where(n: usize, open: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut x = 0;
    while x < n {
        if open(x) {
            let a = x;
            while x < n && open(x) {
                x += 1;
            }
            runs.push((a, x));
        } else {
            x += 1;
        }
    }
    runs
}

/// The first word with an edge, found as the first word unlike the
/// carry's fill, is the one a word-by-word scan with the carry finds:
/// over rows of clear and of set words with one edge anywhere, or
/// none, from every start.
#[test]
fn the_next_edge_word_is_the_first_whose_bits_change() {
    let by_carry = |mask: &[u64], from: usize| {
        let mut carry = carry_into(mask, from);
        for (i, &bits) in mask.iter().enumerate().skip(from) {
            if bits ^ (bits << 1 | carry) != 0 {
                return i;
            }
            carry = bits >> 63;
        }
        mask.len()
    };
    let mut tried = 0;
    for len in 0..=13 {
        for fill in [0, u64::MAX] {
            // One word changed (an edge inside it, or the whole word
            // the other way, which puts an edge at its first bit),
            // or none.
            let changes = (0..len).flat_map(|at| {
                [fill ^ 1 << (at * 7 % 64), !fill, fill ^ 1 << 63].map(|word| (at, word))
            });
            for change in changes.map(Some).chain([None]) {
                let mut mask = vec![fill; len];
                if let Some((at, word)) = change {
                    mask[at] = word;
                }
                for from in 0..=len + 1 {
                    let want = by_carry(&mask, from);
                    assert_eq!(next_edge_word(&mask, from), want, "{mask:x?} from {from}");
                    tried += 1;
                }
            }
        }
    }
    assert!(tried > 1000);
}

/// A band's flips found by looking at every column: where its cover
/// begins or ends in rows 1.. of the band, sorted (the reference for
/// [`mark_flips`]).
fn flips_by_scan(y0: usize, rows: usize, covers: &[WallCover]) -> Vec<[u32; 2]> {
    let mut flips = Vec::new();
    for (x, c) in covers.iter().enumerate() {
        if c.rows == 0 {
            continue;
        }
        let top = u64::from(c.top);
        for edge in [top, top + u64::from(c.rows)] {
            let r = edge.wrapping_sub(y0 as u64);
            if (1..rows as u64).contains(&r) {
                flips.push([r as u32, x as u32]);
            }
        }
    }
    flips.sort_unstable();
    flips
}

/// Each band of a frame marks the flips that looking at every column
/// for it finds, whatever the band height, the frame's height, the
/// number of columns and where the walls end (past the foot too), and
/// the vector path marks what the scalar one does.
#[test]
fn a_band_marks_its_own_flips() {
    let mut z = 5u64;
    let mut next = |m: u32| {
        z = z
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (z >> 33) as u32 % m
    };
    for columns in [1, 3, 4, 7, 64, 70, 131] {
        for height in [0, 1, 37, 360] {
            for band_rows in [1, 2, 5, 16, 30, 48, 64, 70] {
                let covers: Vec<WallCover> = (0..columns)
                    .map(|_| WallCover {
                        top: next(height as u32 + 10),
                        rows: if next(4) == 0 {
                            0
                        } else {
                            next(height as u32 + 10)
                        },
                    })
                    .collect();
                let words = mask_words(columns);
                for y0 in (0..height).step_by(band_rows) {
                    let rows = band_rows.min(height - y0);
                    let mut want = vec![0; rows * words];
                    let mut bits = 0u64;
                    for [r, x] in flips_by_scan(y0, rows, &covers) {
                        flip(&mut want, words, r as usize, x as usize);
                        bits |= 1 << (r % 64);
                    }
                    let mut got = vec![0; rows * words];
                    let at = format!("band {y0}.. of {rows} rows, {columns} wide");
                    assert_eq!(mark_flips(y0, &covers, &mut got, words), bits, "{at}");
                    assert_eq!(got, want, "{at}");
                    got.fill(0);
                    let scalar = mark_flips_scalar(y0, &covers, &mut got, words, 0);
                    assert_eq!((scalar, &got), (bits, &want), "{at}, scalar");
                }
            }
        }
    }
}
