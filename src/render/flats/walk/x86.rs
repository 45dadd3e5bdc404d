//! The walk's x86 paths: four pixels at a time in SSE2, eight in AVX2,
//! and in AVX2, where the walk keeps to a strip of the texture, eights
//! picked from two loads of its padded lines, or whole spans of eights
//! from one window of texels. Each paints the bytes of
//! [`super::shade_walk_scalar`] (a test compares).

use super::{shade_walk_scalar, Walk, FRAC_BITS};
use crate::render::paths::{load_eight, scale_avx2, scale_sse2};
use crate::texture::Padded;

/// [`shade_walk_scalar`] four pixels at a time in SSE2: indices in four
/// 32-bit lanes, the texels loaded one by one, then all sixteen channels
/// shaded at once as `shade` does one, `(c * b) >> 8`, opaque.
#[target_feature(enable = "sse2")]
pub(super) fn shade_walk_sse2(texels: &[u32], out: &mut [[u8; 4]], walk: Walk, brightness: u32) {
    use std::arch::x86_64::*;
    let lanes = |k: u32, step: u32| {
        _mm_set_epi32(
            step.wrapping_mul(k + 3) as i32,
            step.wrapping_mul(k + 2) as i32,
            step.wrapping_mul(k + 1) as i32,
            step.wrapping_mul(k) as i32,
        )
    };
    let mut u = _mm_add_epi32(_mm_set1_epi32(walk.u as i32), lanes(0, walk.du));
    let mut v = _mm_add_epi32(_mm_set1_epi32(walk.v as i32), lanes(0, walk.dv));
    let (step_u, step_v) = (
        _mm_set1_epi32(walk.du.wrapping_mul(4) as i32),
        _mm_set1_epi32(walk.dv.wrapping_mul(4) as i32),
    );
    let u_shift = _mm_cvtsi32_si128(walk.u_shift as i32);
    let (u_mask, mask) = (
        _mm_set1_epi32(walk.u_mask as i32),
        _mm_set1_epi32(walk.mask as i32),
    );
    let b = _mm_set1_epi16(brightness.min(256) as i16);
    let opaque = _mm_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    let done = (out.len() / 4 * 4) as u32;
    let mut quads = out.chunks_exact_mut(4);
    for quad in &mut quads {
        let at = _mm_or_si128(
            _mm_and_si128(_mm_srl_epi32(u, u_shift), u_mask),
            _mm_and_si128(_mm_srli_epi32::<16>(v), mask),
        );
        let lane = |i: __m128i| _mm_cvtsi128_si32(i) as u32 as usize;
        let texel = _mm_set_epi32(
            texels[lane(_mm_srli_si128::<12>(at))] as i32,
            texels[lane(_mm_srli_si128::<8>(at))] as i32,
            texels[lane(_mm_srli_si128::<4>(at))] as i32,
            texels[lane(at)] as i32,
        );
        let pixels = _mm_or_si128(scale_sse2(texel, b), opaque);
        let mut bytes = [0u8; 16];
        // SAFETY: `bytes` is 16 writable bytes; the store is unaligned.
        unsafe { _mm_storeu_si128(bytes.as_mut_ptr().cast(), pixels) };
        quad.as_flattened_mut().copy_from_slice(&bytes);
        u = _mm_add_epi32(u, step_u);
        v = _mm_add_epi32(v, step_v);
    }
    shade_walk_scalar(texels, quads.into_remainder(), walk.from(done), brightness);
}

/// [`shade_walk_scalar`] eight pixels at a time in AVX2: as the SSE2 walk,
/// but the eight texels fetched by eight loads ([`load_eight`]), or, where
/// the walk keeps to a strip of the texture, by two loads from its
/// `padded` lines (see [`Strip`]). Every index is within the texture's
/// `n * n` texels (the walk's masks keep it there), checked once.
#[target_feature(enable = "avx2")]
pub(super) fn shade_walk_avx2(
    (texels, padded): (&[u32], Option<&Padded>),
    out: &mut [[u8; 4]],
    walk: Walk,
    brightness: u32,
) {
    use std::arch::x86_64::*;
    // The largest index the masks let through.
    if (walk.u_mask | walk.mask) as usize >= texels.len() {
        return shade_walk_scalar(texels, out, walk, brightness);
    }
    // A run shorter than eight pixels: four at a time, then one.
    if out.len() < 8 {
        // AVX2 implies SSE2: a safe call from here.
        return shade_walk_sse2(texels, out, walk, brightness);
    }
    let u_shift = _mm_cvtsi32_si128(walk.u_shift as i32);
    let (u_mask, mask) = (
        _mm256_set1_epi32(walk.u_mask as i32),
        _mm256_set1_epi32(walk.mask as i32),
    );
    let b = _mm256_set1_epi16(brightness.min(256) as i16);
    if let Some(strip) = padded.and_then(|p| Strip::of(p, walk)) {
        // A slow walk in spans of eights that share one window of texels
        // (PERF.md entry 44), then the eights left over one by one. One
        // loop for each way the strip runs, so neither chooses per eight
        // pixels.
        let eights = strip.span_eights(walk);
        let done = match (eights >= 2, strip.along_v) {
            (false, _) => 0,
            (true, true) => shade_spans::<true>(&strip, out, walk, b, eights),
            (true, false) => shade_spans::<false>(&strip, out, walk, b, eights),
        };
        if done == out.len() {
            return;
        }
        // What the spans left, or, if that is under eight pixels, the
        // walk's last eight (painting a few again, with the same bytes).
        let from = if out.len() - done >= 8 {
            done
        } else {
            out.len() - 8
        };
        let (out, walk) = (&mut out[from..], walk.from(from as u32));
        if strip.along_v {
            shade_eights(out, walk, b, |u, v, k| strip.fetch::<true>(walk, k, [u, v]));
        } else {
            shade_eights(out, walk, b, |u, v, k| {
                strip.fetch::<false>(walk, k, [u, v])
            });
        }
    } else {
        shade_eights(out, walk, b, |u, v, _| {
            let at = _mm256_or_si256(
                _mm256_and_si256(_mm256_srl_epi32(u, u_shift), u_mask),
                _mm256_and_si256(_mm256_srli_epi32::<16>(v), mask),
            );
            // SAFETY: every lane of `at` is at most `u_mask | mask`, below
            // `texels.len()` (checked above).
            unsafe { load_eight::<false>(texels, at) }
        });
    }
}

/// Paints `out` (eight pixels or more) with `walk`, eight pixels at a
/// time, with the texels `fetch` gives for the lanes of their coordinates,
/// shaded by `b` (the brightness in every 16-bit lane). A run whose length
/// is not a multiple of eight ends with its last eight pixels, painting
/// again the few before them as they were: one more step rather than
/// a tail of fours and ones (PERF.md entry 39). One loop for each way of
/// fetching, so that none pays for choosing.
#[target_feature(enable = "avx2")]
#[inline]
fn shade_eights(
    out: &mut [[u8; 4]],
    walk: Walk,
    b: std::arch::x86_64::__m256i,
    fetch: impl Fn(
        std::arch::x86_64::__m256i,
        std::arch::x86_64::__m256i,
        u32,
    ) -> std::arch::x86_64::__m256i,
) {
    use std::arch::x86_64::*;
    let [step_u, step_v] = eight_steps(walk);
    let opaque = _mm256_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    let paint = |eight: &mut [[u8; 4]], u, v, k: u32| {
        let texel = fetch(u, v, k);
        let pixels = _mm256_or_si256(scale_avx2(texel, b), opaque);
        assert!(eight.len() == 8);
        // SAFETY: `eight` is eight pixels, 32 writable bytes; unaligned.
        unsafe { _mm256_storeu_si256(eight.as_mut_ptr().cast(), pixels) };
    };
    let [mut u, mut v] = eight_lanes(walk, 0);
    let mut eights = out.chunks_exact_mut(8);
    let mut k = 0;
    for eight in &mut eights {
        paint(eight, u, v, k);
        u = _mm256_add_epi32(u, step_u);
        v = _mm256_add_epi32(v, step_v);
        k += 8;
    }
    if !eights.into_remainder().is_empty() {
        let last = out.len() - 8;
        let [u, v] = eight_lanes(walk, last as u32);
        paint(&mut out[last..], u, v, last as u32);
    }
}

/// The coordinates `[u, v]` of the eight pixels `k..k + 8` along `walk`,
/// one a lane.
#[target_feature(enable = "avx2")]
#[inline]
fn eight_lanes(walk: Walk, k: u32) -> [std::arch::x86_64::__m256i; 2] {
    let at = |start: u32, step: u32| {
        let s = |i: u32| start.wrapping_add(step.wrapping_mul(k + i)) as i32;
        std::arch::x86_64::_mm256_setr_epi32(s(0), s(1), s(2), s(3), s(4), s(5), s(6), s(7))
    };
    [at(walk.u, walk.du), at(walk.v, walk.dv)]
}

/// What [`eight_lanes`] add from one eight to the next.
#[target_feature(enable = "avx2")]
#[inline]
fn eight_steps(walk: Walk) -> [std::arch::x86_64::__m256i; 2] {
    let step = |d: u32| std::arch::x86_64::_mm256_set1_epi32(d.wrapping_mul(8) as i32);
    [step(walk.du), step(walk.dv)]
}

/// Paints the whole spans of `eights` eights (two or more) from the start of
/// `out` with `walk`, whose steps let every span see one window of texels
/// ([`Strip::span_eights`]): eight along, on the lines the span's first and
/// last pixels are on. Each span loads and shades its window's two lines
/// once, and each of its eights picks its pixels from them by permutes, as
/// [`Strip::fetch`] picks them from its own unshaded eight: the same
/// texels, so the same bytes, with the shading paid once a span rather
/// than once an eight. Returns how many pixels it painted.
#[target_feature(enable = "avx2")]
fn shade_spans<const ALONG_V: bool>(
    strip: &Strip,
    out: &mut [[u8; 4]],
    walk: Walk,
    b: std::arch::x86_64::__m256i,
    eights: usize,
) -> usize {
    use std::arch::x86_64::*;
    let span = 8 * eights;
    let ((along, d_along), (across, d_across)) = walk.axes::<ALONG_V>();
    // From a span's first pixel to its last.
    let (reach_along, reach_across) = (
        d_along.wrapping_mul(span as u32 - 1),
        d_across.wrapping_mul(span as u32 - 1),
    );
    let backwards = (d_along as i32) < 0;
    let opaque = _mm256_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    // The eight texels from `base` along `line` (both below the texture's
    // size), shaded.
    let window = |line: u32, base: u32| {
        // SAFETY: `line` and `base` are below the size `n`, and the pitch
        // is `n + 8` (checked in `Strip::of`): the eight end within `lines`.
        let texels = unsafe {
            let at = strip
                .lines
                .as_ptr()
                .add(line as usize * strip.pitch + base as usize);
            _mm256_loadu_si256(at.cast())
        };
        _mm256_or_si256(scale_avx2(texels, b), opaque)
    };
    let [step_u, step_v] = eight_steps(walk);
    let [mut u, mut v] = eight_lanes(walk, 0);
    let painted = out.len() / span * span;
    for (i, pixels) in out.chunks_exact_mut(span).enumerate() {
        // The span's first texel along (its last pixel's if the walk runs
        // backwards) and the lines of its first and last pixels: whole
        // texels, wrapped at 2^16 as the lanes' are.
        let k = (i * span) as u32;
        let (along, across) = (
            along.wrapping_add(d_along.wrapping_mul(k)),
            across.wrapping_add(d_across.wrapping_mul(k)),
        );
        let first = if backwards {
            along.wrapping_add(reach_along)
        } else {
            along
        } >> 16;
        let (line, last) = (across >> 16, across.wrapping_add(reach_across) >> 16);
        let (on_first, on_last) = (
            window(line & walk.mask, first & walk.mask),
            window(last & walk.mask, first & walk.mask),
        );
        let (first, last) = (
            _mm256_set1_epi32(first as i32),
            _mm256_set1_epi32(last as i32),
        );
        for eight in pixels.chunks_exact_mut(8) {
            let (along, across) = if ALONG_V { (v, u) } else { (u, v) };
            // Each pixel's place in the window (permutes read its low three
            // bits) and whether it is on the last pixel's line.
            let place = _mm256_sub_epi32(_mm256_srli_epi32::<16>(along), first);
            let is_last = _mm256_cmpeq_epi32(_mm256_srli_epi32::<16>(across), last);
            let pixels = _mm256_blendv_epi8(
                _mm256_permutevar8x32_epi32(on_first, place),
                _mm256_permutevar8x32_epi32(on_last, place),
                is_last,
            );
            // SAFETY: `eight` is eight pixels, 32 writable bytes; unaligned.
            unsafe { _mm256_storeu_si256(eight.as_mut_ptr().cast(), pixels) };
            u = _mm256_add_epi32(u, step_u);
            v = _mm256_add_epi32(v, step_v);
        }
    }
    painted
}

/// Eight pixels' texels from two loads: a walk that crosses at most one
/// texel edge across (under a seventh of a texel a pixel that way) and
/// under a texel a pixel along sees, in any eight pixels, at most eight
/// neighbouring texels along at most two lines of the texture. With the
/// lines [`Padded`], each line's eight are one unaligned load from the
/// first of them, and each pixel's texel is picked from its line's eight
/// by its place along (a permute): two loads, not eight.
pub(super) struct Strip<'a> {
    /// The padded lines: columns when the walk runs along them (down `v`),
    /// rows when it runs across them (along `u`).
    lines: &'a [u32],
    pitch: usize,
    /// Whether the walk runs along `v` (and crosses columns, `u`).
    pub(super) along_v: bool,
    /// Which of an eight's pixels is the first along: 0, or 7 when the
    /// walk runs backwards.
    first: u32,
}

impl<'a> Strip<'a> {
    /// The strip of `walk` in `padded`, if its steps keep it to one (and
    /// `padded` is the walk's texture's, `n` texels square).
    pub(super) fn of(padded: &'a Padded, walk: Walk) -> Option<Self> {
        let one = 1i64 << FRAC_BITS;
        let span = |step: u32| i64::from(step as i32).abs();
        let (across_u, across_v) = (span(walk.du) * 7 < one, span(walk.dv) * 7 < one);
        let (lines, along_v) = if across_u && span(walk.dv) < one {
            (padded.columns(), true)
        } else if across_v && span(walk.du) < one {
            (padded.rows(), false)
        } else {
            return None;
        };
        let n = walk.mask as usize + 1;
        let pitch = padded.pitch();
        // Every load, `n` lines of `pitch` from `base < n`, reads within.
        let step = if along_v { walk.dv } else { walk.du };
        let first = if (step as i32) < 0 { 7 } else { 0 };
        (pitch == n + Padded::PAD && lines.len() == n * pitch).then_some(Self {
            lines,
            pitch,
            along_v,
            first,
        })
    }

    /// The most eights in a row whose pixels all see one window of texels
    /// ([`shade_spans`]), up to [`Strip::MAX_SPAN`]: its `p` pixels step
    /// `p - 1` times, at most seven texels along (so, from anywhere in the
    /// first texel, they see at most eight there) and at most one across
    /// (so at most two lines).
    pub(super) fn span_eights(&self, walk: Walk) -> usize {
        let (along, across) = if self.along_v {
            (walk.dv, walk.du)
        } else {
            (walk.du, walk.dv)
        };
        let size = |step: u32| u64::from((step as i32).unsigned_abs());
        let one = 1u64 << FRAC_BITS;
        // The most pixels whose steps add up to at most `reach`.
        let most = |step: u64, reach: u64| reach.checked_div(step).map_or(u64::MAX, |k| k + 1);
        let pixels = most(size(along), 7 * one).min(most(size(across), one));
        (pixels / 8).min(Self::MAX_SPAN as u64) as usize
    }

    /// The longest span, in eights: past it the window's load and shading
    /// are a small part of a span's work.
    pub(super) const MAX_SPAN: usize = 64;

    /// The texels of the eight pixels `k..k + 8` along `walk`, whose
    /// coordinates in 16.16 are the lanes of `[u, v]`; `ALONG_V` is
    /// `self.along_v`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn fetch<const ALONG_V: bool>(
        &self,
        walk: Walk,
        k: u32,
        [u, v]: [std::arch::x86_64::__m256i; 2],
    ) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        // Along: the axis the eight run down; across: the one they cross
        // at most once.
        let ((along, d_along), (across, d_across)) = walk.axes::<ALONG_V>();
        // The eight's first texel along (the last pixel's if the walk runs
        // backwards) and the lines of its first and last pixels: whole
        // texels, wrapped at 2^16 as the lanes' are. Worked out from `k` in
        // scalar registers, the same bits the lanes hold: taken out of the
        // lanes, they waited on the lanes' shifts and three moves out of
        // the vectors a step (PERF.md entry 110).
        let at = |start: u32, step: u32, k: u32| start.wrapping_add(step.wrapping_mul(k)) >> 16;
        let first = at(along, d_along, k + self.first);
        let (line, last) = (at(across, d_across, k), at(across, d_across, k + 7));
        let mask = walk.mask;
        // SAFETY: a line starts below `(n - 1) * pitch` and the base is
        // below `n`, and the pitch is `n + 8` (checked in `of`): the eight
        // texels from there end within `lines`.
        let (a, b) = unsafe {
            let p = self.lines.as_ptr().add((first & mask) as usize);
            let offset = |l: u32| (l & mask) as usize * self.pitch;
            (
                _mm256_loadu_si256(p.add(offset(line)).cast()),
                _mm256_loadu_si256(p.add(offset(last)).cast()),
            )
        };
        // Each pixel's place among the eight (permutes read its low three
        // bits, which wrapping keeps) and whether it is on the last
        // pixel's line.
        let (along, across) = if ALONG_V { (v, u) } else { (u, v) };
        let place = _mm256_sub_epi32(
            _mm256_srli_epi32::<16>(along),
            _mm256_set1_epi32(first as i32),
        );
        let on_last = _mm256_cmpeq_epi32(
            _mm256_srli_epi32::<16>(across),
            _mm256_set1_epi32(last as i32),
        );
        _mm256_blendv_epi8(
            _mm256_permutevar8x32_epi32(a, place),
            _mm256_permutevar8x32_epi32(b, place),
            on_last,
        )
    }
}

impl Walk {
    /// The start and step of the walk's coordinate along a [`Strip`] and
    /// of the one across it, for a strip that runs along `v` if
    /// `ALONG_V`: `((along, d_along), (across, d_across))`.
    #[inline]
    fn axes<const ALONG_V: bool>(&self) -> ((u32, u32), (u32, u32)) {
        let (u, v) = ((self.u, self.du), (self.v, self.dv));
        if ALONG_V {
            (v, u)
        } else {
            (u, v)
        }
    }
}
