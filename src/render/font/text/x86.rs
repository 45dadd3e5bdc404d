//! The text's AVX2 path: each window's eights blended through lane masks.

use super::{paint_window, text_at_one_with, text_row_with, TextAt, TextRow};
use crate::render::font::SHADOW;

/// [`text_row`] with AVX2's painting of each window, compiled for AVX2.
#[target_feature(enable = "avx2")]
pub(super) fn text_row_avx2(lines: &mut [[u8; 4]], row: &TextRow, colour: [u8; 4]) {
    // (A closure in an AVX2 function is compiled for AVX2 too, so the call
    // is safe.)
    text_row_with(lines, row, colour, |l, w, at, letters, shadow, c| {
        paint_window_avx2(l, w, at, letters, shadow, c)
    })
}

/// [`text_at_one_with`] with AVX2's painting of each window, compiled for
/// AVX2.
#[target_feature(enable = "avx2")]
pub(super) fn text_at_one_avx2(lines: &mut [[u8; 4]], at: &TextAt, colour: [u8; 4]) {
    text_at_one_with(lines, at, colour, |l, w, x, letters, shadow, c| {
        paint_window_avx2(l, w, x, letters, shadow, c)
    })
}

/// [`paint_window`] in AVX2: each eight pixels with a bit set loaded,
/// blended with the shadow and then the letters through lane masks, and
/// stored, in every row, the masks worked out once for all the rows (a
/// glyph row at scale 3 is three rows of the frame); eights that cross the
/// row's end as [`paint_window`] does.
#[target_feature(enable = "avx2")]
fn paint_window_avx2(
    lines: &mut [[u8; 4]],
    width: usize,
    at: usize,
    letters: u64,
    shadow: u64,
    colour: [u8; 4],
) {
    use std::arch::x86_64::*;
    let lanes = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    let mask = |bits: u64| {
        let set = _mm256_and_si256(_mm256_set1_epi32((bits & 0xFF) as i32), lanes);
        _mm256_cmpeq_epi32(set, lanes)
    };
    let paint = _mm256_set1_epi32(u32::from_ne_bytes(colour) as i32);
    let dark = _mm256_set1_epi32(u32::from_ne_bytes(SHADOW) as i32);
    for k in (0..64).step_by(8) {
        let (l, s) = (letters >> k, shadow >> k);
        if (l | s) & 0xFF == 0 {
            continue;
        }
        let from = at + k;
        if from + 8 > width {
            paint_window(lines, width, from, l & 0xFF, s & 0xFF, colour);
            continue;
        }
        let (on_letters, on_shadow) = (mask(l), mask(s));
        for line in lines.chunks_exact_mut(width) {
            let eight = line[from..from + 8].as_mut_ptr().cast::<__m256i>();
            // SAFETY: pixels `from..from + 8` are in `line`: 32 readable
            // and writable bytes; unaligned.
            unsafe {
                let was = _mm256_loadu_si256(eight);
                let shaded = _mm256_blendv_epi8(was, dark, on_shadow);
                _mm256_storeu_si256(eight, _mm256_blendv_epi8(shaded, paint, on_letters));
            }
        }
    }
}
