//! The masks' SSE2 path: four columns' covers compared at once.

use super::{flip, mark_flips_scalar, open_mask_scalar};
use crate::render::WallCover;

/// The tops and the rows of four covers, one a lane.
#[target_feature(enable = "sse2")]
#[inline]
fn tops_and_rows(
    quad: &[WallCover; 4],
) -> (std::arch::x86_64::__m128i, std::arch::x86_64::__m128i) {
    use std::arch::x86_64::*;
    // SAFETY: `quad` is four covers of two u32 each (`repr(C)`): 32
    // readable bytes; the loads are unaligned.
    let (a, b) = unsafe {
        let p = quad.as_ptr().cast::<__m128>();
        (_mm_loadu_ps(p.cast()), _mm_loadu_ps(p.add(1).cast()))
    };
    (
        _mm_castps_si128(_mm_shuffle_ps::<0b10_00_10_00>(a, b)),
        _mm_castps_si128(_mm_shuffle_ps::<0b11_01_11_01>(a, b)),
    )
}

/// [`mark_flips`]'s body, compiled for SSE2: four columns' two edges
/// tested at once, `edge - (y0 + 1) < rows - 1` unsigned as a signed
/// compare with the sign bits flipped; the few columns with an edge in
/// the band are marked one by one. A cover's end (`top + rows`) is
/// summed in 32 bits: covers are a frame's rows, so it is at most the
/// frame's height, as [`open_mask_sse2`] takes it to be.
#[target_feature(enable = "sse2")]
pub(super) fn mark_flips_sse2(
    y0: u32,
    rows: u32,
    covers: &[WallCover],
    masks: &mut [u64],
    words: usize,
) -> u64 {
    use std::arch::x86_64::*;
    let sign = _mm_set1_epi32(i32::MIN);
    let second = _mm_set1_epi32(y0.wrapping_add(1) as i32);
    let limit = _mm_set1_epi32(((rows - 1) ^ 1 << 31) as i32);
    let zero = _mm_setzero_si128();
    let (quads, _) = covers.as_chunks::<4>();
    let mut flipped = 0;
    for (q, quad) in quads.iter().enumerate() {
        let (tops, lens) = tops_and_rows(quad);
        let ends = _mm_add_epi32(tops, lens);
        let within = |edge| {
            let r = _mm_xor_si128(_mm_sub_epi32(edge, second), sign);
            _mm_cmpgt_epi32(limit, r)
        };
        // An empty cover has no edges.
        let empty = _mm_cmpeq_epi32(lens, zero);
        let hits = _mm_andnot_si128(
            _mm_packs_epi32(empty, empty),
            _mm_packs_epi32(within(tops), within(ends)),
        );
        let mut bits = _mm_movemask_epi8(hits) as u32;
        while bits != 0 {
            // Two bits a lane of eight 16-bit lanes: tops, then ends.
            let lane = bits.trailing_zeros() / 2;
            bits &= !(3 << (2 * lane));
            let c = quad[lane as usize % 4];
            let edge = if lane < 4 { c.top } else { c.top + c.rows };
            let r = edge.wrapping_sub(y0);
            flip(masks, words, r as usize, q * 4 + lane as usize % 4);
            flipped |= 1 << (r % 64);
        }
    }
    let done = covers.len() / 4 * 4;
    flipped | mark_flips_scalar(y0 as usize, covers, masks, words, done)
}

/// [`open_mask`]'s body, compiled for SSE2: `y - top` (wrapping) against
/// `rows`, unsigned, as signed compares of both with the sign bit flipped.
#[target_feature(enable = "sse2")]
pub(super) fn open_mask_sse2(covers: &[WallCover], y: u32) -> u64 {
    use std::arch::x86_64::*;
    let flip = _mm_set1_epi32(i32::MIN);
    let row = _mm_set1_epi32(y as i32);
    let (quads, rest) = covers.as_chunks::<4>();
    let mut mask = 0u64;
    for (q, quad) in quads.iter().enumerate() {
        let (tops, rows) = tops_and_rows(quad);
        let below = _mm_xor_si128(_mm_sub_epi32(row, tops), flip);
        let covered = _mm_cmpgt_epi32(_mm_xor_si128(rows, flip), below);
        let closed = _mm_movemask_ps(_mm_castsi128_ps(covered)) as u64;
        mask |= (!closed & 0xF) << (q * 4);
    }
    // The last few columns, if any (none in a full block of 64).
    let done = (covers.len() / 4 * 4) as u32;
    mask | open_mask_scalar(rest, y).checked_shl(done).unwrap_or(0)
}
