//! The text and the runs: every path paints the plain path's bytes.

use super::fill::{blend, darken, darken_run};
use super::text::{spread, transpose_bytes};
use super::*;

/// Every glyph row widened at every scale: pixel `p` of the wide row is
/// set exactly when bit `p / scale` of the glyph row is.
#[test]
fn a_glyph_row_widens_each_bit_to_scale_pixels() {
    for scale in 1..=MAX_ROW_SCALE {
        for bits in 0..=255u8 {
            let want = (0..GLYPH * scale)
                .filter(|p| bits >> (p / scale) & 1 == 1)
                .fold(0u64, |wide, p| wide | 1 << p);
            assert_eq!(spread(bits, scale), want, "{bits:#010b} at {scale}");
        }
    }
}

#[test]
fn darkening_two_channels_at_once_matches_blending_black() {
    for p in [
        [0, 0, 0, 255],
        [255, 255, 255, 255],
        [12, 200, 77, 9],
        [255, 1, 128, 0],
    ] {
        let mut blended = p;
        blend(&mut blended, [0, 0, 0], BACKDROP_ALPHA);
        assert_eq!(darken(p, 256 - BACKDROP_ALPHA), blended, "{p:?}");
    }
}

/// Text drawn in bands of any height, a glyph row and a run of bits
/// at a time, paints what setting each glyph pixel of the whole frame
/// one by one paints: shadow first, then the letters over it.
#[test]
fn text_in_bands_paints_each_glyph_pixel_once_over_its_shadow() {
    let (w, h) = (70, 60);
    let text = "Wg@#|_ \u{e9}~";
    for scale in [1, 2, 3, 5, 8, 9] {
        let places = [
            (0, 0),
            (-5, -7),
            (-70, 3),
            (-64, 2),
            (3, 17),
            (20, 41),
            (60, 55),
            (63, 9),
            (69, 30),
        ];
        for (x, y) in places {
            let mut want = vec![[9u8, 9, 9, 255]; w * h];
            for (offset, colour) in [(scale as i64, [0, 0, 0, 255]), (0, [200, 100, 50, 255])] {
                for (i, ch) in text.chars().enumerate() {
                    for (row, bits) in glyph(ch).iter().enumerate() {
                        for col in 0..GLYPH {
                            if bits >> col & 1 == 0 {
                                continue;
                            }
                            for dy in 0..scale {
                                for dx in 0..scale {
                                    let px = x + ((i * GLYPH + col) * scale + dx) as i64 + offset;
                                    let py = y + (row * scale + dy) as i64 + offset;
                                    if (0..w as i64).contains(&px) && (0..h as i64).contains(&py) {
                                        want[py as usize * w + px as usize] = colour;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let bands = [1, 5, 13, 60].into_iter();
            for (band, paths) in bands.flat_map(|b| Paths::available().map(move |p| (b, p))) {
                let mut got = vec![[9u8, 9, 9, 255]; w * h];
                for (b, rows) in got.chunks_mut(band * w).enumerate() {
                    let mut canvas = Canvas::band(rows, w, h, b * band);
                    canvas.paths = paths;
                    canvas.text(x, y, text, scale, [200, 100, 50]);
                }
                assert!(
                    got == want,
                    "scale {scale} at ({x}, {y}) in bands of {band}, {paths:?}"
                );
            }
        }
    }
}

#[test]
fn bytes_transposed_swap_rows_and_columns() {
    let mut z = 0x9E37_79B9_7F4A_7C15_u64;
    for _ in 0..200 {
        let m: [u64; 8] = std::array::from_fn(|_| {
            z ^= z << 13;
            z ^= z >> 7;
            z ^= z << 17;
            z
        });
        let byte = |v: u64, c: usize| v >> (8 * c) & 0xFF;
        let mut t = m;
        transpose_bytes(&mut t);
        for (r, c) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
            assert_eq!(byte(t[r], c), byte(m[c], r), "({r}, {c}) of {m:x?}");
        }
        transpose_bytes(&mut t);
        assert_eq!(t, m);
    }
}

/// At scale 1, the text eight glyphs at a time (transposed) paints what
/// the same text a glyph row at a time does: texts of every length
/// round a window's eight glyphs, glyphs whose last column carries the
/// shadow into the next window, at places cut by either edge, in bands
/// of any height, on every path.
#[test]
fn text_at_scale_one_matches_the_text_a_glyph_row_at_a_time() {
    // Glyphs lit in their last column: their shadow crosses into the
    // next glyph's window when they end one.
    let wide: String = (0u8..=255)
        .map(char::from)
        .filter(|&c| glyph(c).iter().any(|b| b & 0x80 != 0))
        .collect();
    assert!(!wide.is_empty(), "no glyph is lit in its last column");
    let pool = format!("{wide}Wg@#|_ \u{e9}~MW{wide}");
    let h = 14;
    for w in [1, 9, 64, 70, 130] {
        for len in (0..=17).chain([24, 40]) {
            let text: String = pool.chars().cycle().skip(len).take(len).collect();
            let columns = [-200, -65, -64, -63, -8, -1, 0, 1, 5, 56, 63, 64, 65];
            let xs = columns
                .into_iter()
                .chain([w - 1, w, w + 3].map(|c| c as i64));
            for (x, y) in xs.flat_map(|x| [-9, -8, -1, 0, 3, 5].map(|y| (x, y))) {
                for (band, paths) in [1, 2, 5, h]
                    .into_iter()
                    .flat_map(|b| Paths::available().map(move |p| (b, p)))
                {
                    let draw = |by_rows: bool| {
                        let mut got = vec![[9u8, 9, 9, 255]; w * h];
                        for (b, rows) in got.chunks_mut(band * w).enumerate() {
                            let mut canvas = Canvas::band(rows, w, h, b * band);
                            canvas.paths = paths;
                            let colour = [200, 100, 50, 255];
                            if !canvas.meets(y, GLYPH as i64 + 1) {
                                continue;
                            }
                            if by_rows {
                                canvas.text_by_rows(x, y, &text, 1, colour);
                            } else {
                                canvas.text_at_one(x, y, &text, colour);
                            }
                        }
                        got
                    };
                    assert!(
                        draw(false) == draw(true),
                        "{text:?} at ({x}, {y}), {w} wide, bands of {band}, {paths:?}"
                    );
                }
            }
        }
    }
}

/// A run filled eight or four at a time, overlapping at its end, sets
/// exactly its own pixels: every length from 0 to 40, at every offset
/// in a row of marked pixels, none outside touched.
#[test]
fn filling_a_run_sets_its_pixels_and_no_others() {
    const MARK: [u8; 4] = [1, 2, 3, 4];
    const PAINT: [u8; 4] = [200, 100, 50, 255];
    for len in 0..=40 {
        for at in 0..9 {
            let mut row = vec![MARK; 60];
            fill_run(&mut row[at..at + len], PAINT);
            for (i, &p) in row.iter().enumerate() {
                let want = if (at..at + len).contains(&i) {
                    PAINT
                } else {
                    MARK
                };
                assert_eq!(p, want, "pixel {i} of a run of {len} from {at}");
            }
        }
    }
}

#[test]
fn darkening_a_run_on_every_path_matches_one_at_a_time() {
    let mut z = 5u32;
    for len in [0, 1, 3, 4, 5, 7, 8, 9, 12, 17, 100] {
        let run: Vec<[u8; 4]> = (0..len)
            .map(|_| {
                z = z.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                z.to_ne_bytes()
            })
            .collect();
        for keep in [0, 1, 106, 255, 256] {
            let want: Vec<_> = run.iter().map(|&p| darken(p, keep)).collect();
            for paths in Paths::available() {
                let mut got = run.clone();
                darken_run(paths, &mut got, keep);
                assert_eq!(got, want, "{paths:?}, {len} pixels, keep {keep}");
            }
        }
    }
}
