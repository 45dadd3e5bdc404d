//! The darkening's SSE2 and AVX2 paths: two multiplies a vector, no
//! masking of alpha.

use super::darken;

/// [`darken_run`] in AVX2, eight pixels a step (the rest in SSE2), with
/// [`darken_lanes`]' two multiplies an eight and no masking of alpha.
#[target_feature(enable = "avx2")]
pub(super) fn darken_run_avx2(run: &mut [[u8; 4]], keep: u32) {
    use std::arch::x86_64::*;
    let [low, high] = darken_lanes(keep).map(|k| _mm256_set1_epi32(k as i32));
    let even = _mm256_set1_epi32(0x00FF_00FF);
    let (octs, rest) = run.as_chunks_mut::<8>();
    for oct in octs {
        let bytes = oct.as_flattened_mut();
        // SAFETY: `bytes` is 32 readable and writable bytes; the load and
        // store are unaligned.
        let p = unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) };
        let lo = _mm256_mulhi_epu16(_mm256_slli_epi16::<8>(p), low);
        let hi = _mm256_andnot_si256(even, _mm256_mullo_epi16(_mm256_srli_epi16::<8>(p), high));
        // SAFETY: as the load.
        unsafe { _mm256_storeu_si256(bytes.as_mut_ptr().cast(), _mm256_or_si256(lo, hi)) };
    }
    darken_run_sse2(rest, keep);
}

/// The multipliers of [`darken_run`]'s vector paths, each the pair of
/// 16-bit lanes that hold a pixel's four bytes (red and green, then blue
/// and alpha), as one `u32`.
/// - `low`, for the low byte `c` of each lane: `keep` in both. Shifted to
///   the lane's high byte and multiplied keeping the product's high half,
///   `(c * 256 * keep) >> 16` is `(c * keep) >> 8`, already in place.
/// - `high`, for the high byte `c`: `keep` for green and 256 for alpha.
///   Shifted down, multiplied keeping the product's low half and masked to
///   the high byte, green comes out as `(c * keep) >> 8` and alpha as
///   itself, so alpha needs no masking of its own (PERF.md entry 107).
///
/// Every product fits in 16 bits (`c` at most 255, `keep` at most 256),
/// so each channel is exactly [`darken`]'s.
fn darken_lanes(keep: u32) -> [u32; 2] {
    let keep = keep.min(256);
    [keep << 16 | keep, 256 << 16 | keep]
}

/// [`darken_run_avx2`] in SSE2 (every x86-64 has it), four pixels a step;
/// the rest one by one.
#[target_feature(enable = "sse2")]
pub(super) fn darken_run_sse2(run: &mut [[u8; 4]], keep: u32) {
    use std::arch::x86_64::*;
    let [low, high] = darken_lanes(keep).map(|k| _mm_set1_epi32(k as i32));
    let even = _mm_set1_epi32(0x00FF_00FF);
    let mut quads = run.as_chunks_mut::<4>().0.iter_mut();
    for quad in &mut quads {
        let bytes = quad.as_flattened_mut();
        // SAFETY: `bytes` is 16 readable and writable bytes; the load and
        // store are unaligned.
        let p = unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) };
        let lo = _mm_mulhi_epu16(_mm_slli_epi16::<8>(p), low);
        let hi = _mm_andnot_si128(even, _mm_mullo_epi16(_mm_srli_epi16::<8>(p), high));
        // SAFETY: as the load.
        unsafe { _mm_storeu_si128(bytes.as_mut_ptr().cast(), _mm_or_si128(lo, hi)) };
    }
    let done = run.len() / 4 * 4;
    for p in &mut run[done..] {
        *p = darken(*p, keep);
    }
}
