//! Four sparks placed at once in AVX2, one a lane, bit for bit as
//! [`super::place_one`] places each.

use super::{Place, SparkView, PARTICLE_SIZE};
use crate::render::sprites::NEAR;
use crate::sim::particles::Particle;

/// [`place_one`] for four particles at once in AVX2, one a lane: the same
/// operations in the same order, so the same bits. `round` is the sum
/// with just under a half of the value's sign, truncated (exact for every
/// double); `clamp` is two compares and blends, so that NaN passes
/// through it as it does `f64::clamp`, and then counts as 0 as `as usize`
/// makes it.
///
/// # Safety
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn place_four_avx2(four: &[Particle; 4], view: &SparkView) -> [Option<Place>; 4] {
    use std::arch::x86_64::*;
    let proj = &view.proj;
    let lanes = |f: fn(&Particle) -> f64| {
        _mm256_setr_pd(f(&four[0]), f(&four[1]), f(&four[2]), f(&four[3]))
    };
    let all = _mm256_set1_pd;
    let dx = _mm256_sub_pd(lanes(|p| p.pos[0]), all(proj.x));
    let dy = _mm256_sub_pd(lanes(|p| p.pos[1]), all(proj.y));
    let depth = _mm256_add_pd(
        _mm256_mul_pd(dx, all(proj.fx)),
        _mm256_mul_pd(dy, all(proj.fy)),
    );
    let scale = _mm256_div_pd(all(proj.focal), depth);
    let edge = clamp_avx2(_mm256_mul_pd(all(PARTICLE_SIZE), scale), 1.0, view.max_edge);
    let across = _mm256_add_pd(
        _mm256_mul_pd(dx, all(proj.rx)),
        _mm256_mul_pd(dy, all(proj.ry)),
    );
    let cx = _mm256_add_pd(all(view.w * 0.5), _mm256_mul_pd(across, scale));
    let up = _mm256_sub_pd(lanes(|p| p.pos[2]), all(proj.eye));
    let cy = _mm256_sub_pd(all(proj.horizon), _mm256_mul_pd(up, scale));
    let half = _mm256_mul_pd(edge, all(0.5));
    let (left, top) = (_mm256_sub_pd(cx, half), _mm256_sub_pd(cy, half));
    let x0 = round_clamp_avx2(left, view.w);
    let x1 = round_clamp_avx2(_mm256_add_pd(left, edge), view.w);
    let y0 = round_clamp_avx2(top, view.h);
    let y1 = round_clamp_avx2(_mm256_add_pd(top, edge), view.h);
    let mut depths = [0.0; 4];
    // SAFETY: `depths` is 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_pd(depths.as_mut_ptr(), depth) };
    std::array::from_fn(|i| {
        // Behind the eye or too near, as `place_one` tests it (so a NaN
        // depth is placed, as there).
        let too_near = depths[i] < NEAR;
        (!too_near).then_some(Place {
            x0: x0[i],
            x1: x1[i],
            y0: y0[i],
            y1: y1[i],
            depth: depths[i],
        })
    })
}

/// `v.clamp(lo, hi)` in each lane, as `f64::clamp` does it: a NaN stays NaN.
#[target_feature(enable = "avx2")]
fn clamp_avx2(v: std::arch::x86_64::__m256d, lo: f64, hi: f64) -> std::arch::x86_64::__m256d {
    use std::arch::x86_64::*;
    let (lo, hi) = (_mm256_set1_pd(lo), _mm256_set1_pd(hi));
    let v = _mm256_blendv_pd(v, lo, _mm256_cmp_pd::<_CMP_LT_OQ>(v, lo));
    _mm256_blendv_pd(v, hi, _mm256_cmp_pd::<_CMP_GT_OQ>(v, hi))
}

/// `v.round().clamp(0.0, hi) as usize` in each lane, for `hi` a whole
/// number below 2^31. `round` (halves away from zero) is the sum with just
/// under a half of the value's own sign, truncated: exact for every double,
/// as the sum rounds up to the next whole number only from a half or more.
/// A NaN passes the clamp and then counts as 0, as `as usize` takes it.
#[target_feature(enable = "avx2")]
pub(super) fn round_clamp_avx2(v: std::arch::x86_64::__m256d, hi: f64) -> [usize; 4] {
    use std::arch::x86_64::*;
    let sign = _mm256_and_pd(v, _mm256_set1_pd(-0.0));
    let nudge = _mm256_or_pd(_mm256_set1_pd(0.499_999_999_999_999_94), sign);
    let whole =
        _mm256_round_pd::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(_mm256_add_pd(v, nudge));
    let r = clamp_avx2(whole, 0.0, hi);
    let r = _mm256_blendv_pd(r, _mm256_setzero_pd(), _mm256_cmp_pd::<_CMP_UNORD_Q>(r, r));
    // Each lane 0 to `hi`, so exact in `i32`.
    let mut out = [0i32; 4];
    // SAFETY: `out` is 16 writable bytes; the store is unaligned.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), _mm256_cvttpd_epi32(r)) };
    out.map(|x| x as usize)
}
