//! Which instructions the renderer's hot loops run: the widest this
//! processor has, chosen when a frame starts (`is_x86_feature_detected!`),
//! or one a test picks. Every path paints the same bytes; the narrower
//! ones stay as the reference and for processors without the wider.

/// A set of code paths for the per-pixel loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Paths {
    /// One pixel at a time, plain Rust: any processor.
    Scalar,
    /// Four pixels at a time in SSE2: every x86-64.
    Sse2,
    /// Eight pixels at a time in AVX2: most x86-64 processors since 2013.
    Avx2,
}

impl Paths {
    /// The widest paths this processor runs.
    pub fn best() -> Self {
        Self::available().last().unwrap_or(Self::Scalar)
    }

    /// Every set of paths this processor runs, narrowest first.
    pub fn available() -> impl Iterator<Item = Self> {
        [Self::Scalar, Self::Sse2, Self::Avx2]
            .into_iter()
            .filter(|p| p.runs_here())
    }

    /// True if this processor has the instructions of `self`.
    pub fn runs_here(self) -> bool {
        match self {
            Self::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Self::Sse2 => true,
            #[cfg(target_arch = "x86_64")]
            Self::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            Self::Sse2 | Self::Avx2 => false,
        }
    }

    /// The name the bench and the tests print.
    pub fn name(self) -> &'static str {
        match self {
            Self::Scalar => "scalar",
            Self::Sse2 => "sse2",
            Self::Avx2 => "avx2",
        }
    }
}

/// The eight pixels of `p` with every channel scaled as [`super::shade`]
/// scales one, `(c * b) >> 8`, where `b` holds each pixel's brightness (at
/// most 256) in both 16-bit halves of its lane. Alpha is scaled too; the
/// caller sets it. As `shade` does in scalar, the even and odd bytes are
/// multiplied in place in their 16-bit lanes, so no byte moves between
/// lanes (no unpacking or packing; PERF.md entry 43).
///
/// The low byte `c` of each 16-bit lane is shifted to the lane's top and
/// multiplied keeping the high half of the product, `(c * 256 * b) >> 16`,
/// which is `(c * b) >> 8` already in place: two operations, not an and,
/// a multiply and a shift (PERF.md entry 113). That multiply is written as
/// the instruction itself (`vpmulhuw`): as an intrinsic, LLVM turned it in
/// the floor's walk into 32-bit multiplies packed back into 16-bit lanes
/// (PERF.md entry 107).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn scale_avx2(
    p: std::arch::x86_64::__m256i,
    b: std::arch::x86_64::__m256i,
) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    let even = _mm256_set1_epi32(0x00FF_00FF);
    let up = _mm256_slli_epi16::<8>(p);
    let lo: __m256i;
    // SAFETY: one AVX2 instruction (this function requires AVX2) from
    // registers to a register; it touches no memory, stack or flags.
    unsafe {
        std::arch::asm!(
            "vpmulhuw {lo}, {up}, {b}",
            lo = lateout(ymm_reg) lo,
            up = in(ymm_reg) up,
            b = in(ymm_reg) b,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    let hi = _mm256_andnot_si256(even, _mm256_mullo_epi16(_mm256_srli_epi16::<8>(p), b));
    _mm256_or_si256(lo, hi)
}

/// The texels at the eight indices in the lanes of `at`: eight loads, not
/// a `vpgatherdd`, which was as quick at best and slower where gathers
/// are slow (PERF.md entries 40, 48, 76 and 103).
///
/// The indices come out of the vector two at a time, as 64-bit halves
/// (`vmovq`, `vpextrq`) split in scalar registers (a move and a shift),
/// where each index had a move of its own (`vmovd`, `vpextrd`): half as
/// many moves out of the vectors, which few of the processor's ports
/// make, for scalar work that many can (PERF.md entry 111).
///
/// With `CROSSED`, the indices of lanes 2-3 and 4-5 are taken the other
/// way round, so that indices in the order [`walls`](super::walls)' rows
/// leave them (lanes 0, 1, 4, 5, 2, 3, 6, 7) give the texels in lane
/// order, for no more work.
///
/// # Safety
/// Every lane of `at`, as a `u32`, must be below `texels.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn load_eight<const CROSSED: bool>(
    texels: &[u32],
    at: std::arch::x86_64::__m256i,
) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    let (low, high) = (
        _mm256_castsi256_si128(at),
        _mm256_extracti128_si256::<1>(at),
    );
    // Lanes 2i and 2i + 1 of the texels, in the low and high halves of
    // `pairs[i]`.
    let (second, third) = match CROSSED {
        false => (_mm_extract_epi64::<1>(low), _mm_cvtsi128_si64(high)),
        true => (_mm_cvtsi128_si64(high), _mm_extract_epi64::<1>(low)),
    };
    let pairs = [
        _mm_cvtsi128_si64(low),
        second,
        third,
        _mm_extract_epi64::<1>(high),
    ]
    .map(|pair| pair as u64);
    let t = |i: usize| {
        let index = (pairs[i / 2] >> (32 * (i % 2))) as u32;
        // SAFETY: each lane is below `texels.len()` (the caller's promise).
        (unsafe { *texels.get_unchecked(index as usize) }) as i32
    };
    _mm256_setr_epi32(t(0), t(1), t(2), t(3), t(4), t(5), t(6), t(7))
}

/// [`scale_avx2`] for four pixels in SSE2. Here LLVM keeps the intrinsic
/// `pmulhuw` as it is.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
pub(super) fn scale_sse2(
    p: std::arch::x86_64::__m128i,
    b: std::arch::x86_64::__m128i,
) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::*;
    let even = _mm_set1_epi32(0x00FF_00FF);
    let lo = _mm_mulhi_epu16(_mm_slli_epi16::<8>(p), b);
    let hi = _mm_andnot_si128(even, _mm_mullo_epi16(_mm_srli_epi16::<8>(p), b));
    _mm_or_si128(lo, hi)
}

#[cfg(test)]
mod tests {
    use super::Paths;

    /// Every byte value times every brightness from 0 to 256, in each of a
    /// pixel's four bytes, against `(c * b) >> 8` worked out in scalar.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_scales_give_every_channel_exactly() {
        use std::arch::x86_64::*;
        let pixels: Vec<[u8; 4]> = (0..=255u8)
            .map(|c| [c, 255 - c, c ^ 0x5A, c.wrapping_mul(73)])
            .collect();
        // Four or eight pixels scaled by the brightness `lane` holds in
        // both its 16-bit halves, on the vector path of that width.
        let scale = |some: &[[u8; 4]], lane: i32| {
            let mut out = some.to_vec();
            let (from, to) = (some.as_ptr(), out.as_mut_ptr());
            // SAFETY: SSE2 is on every x86-64, and AVX2 is asked for only
            // where it runs (below); `some` and `out` are `some.len()`
            // pixels each, loaded and stored unaligned.
            unsafe {
                if some.len() == 4 {
                    let b = _mm_set1_epi32(lane);
                    _mm_storeu_si128(
                        to.cast(),
                        super::scale_sse2(_mm_loadu_si128(from.cast()), b),
                    );
                } else {
                    let b = _mm256_set1_epi32(lane);
                    _mm256_storeu_si256(
                        to.cast(),
                        super::scale_avx2(_mm256_loadu_si256(from.cast()), b),
                    );
                }
            }
            out
        };
        let widths = if Paths::Avx2.runs_here() {
            &[4, 8][..]
        } else {
            &[4]
        };
        for &width in widths {
            for b in 0..=256u32 {
                let lane = (b << 16 | b) as i32;
                for some in pixels.chunks_exact(width) {
                    let want: Vec<[u8; 4]> = some
                        .iter()
                        .map(|p| p.map(|c| ((u32::from(c) * b) >> 8) as u8))
                        .collect();
                    assert_eq!(scale(some, lane), want, "{width} wide, brightness {b}");
                }
            }
        }
    }

    #[test]
    fn the_best_paths_run_here_and_scalar_always_does() {
        assert!(Paths::best().runs_here());
        assert_eq!(Paths::available().next(), Some(Paths::Scalar));
        assert!(Paths::available().all(|p| p <= Paths::best()));
    }
}
