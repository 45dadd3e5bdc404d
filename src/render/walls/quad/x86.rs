//! The fours' SSE2 path.

use super::Quad;
use crate::render::paths::scale_sse2;

/// [`paint_quad`] in SSE2 (every x86-64 has it): the four texels of a row
/// loaded one by one, then shaded together as `shade` does each, `(c * b)
/// >> 8`, opaque.
#[target_feature(enable = "sse2")]
#[inline]
pub(super) fn paint_quad_sse2(
    pixels: &mut [[u8; 4]],
    mut at: usize,
    w: usize,
    n: usize,
    quad: Quad,
) {
    use std::arch::x86_64::*;
    let Quad {
        columns,
        mut v,
        step,
        last,
        brightness: b,
    } = quad;
    // Each lane's brightness in both its 16-bit halves.
    let b = b.map(|b| (b * 0x1_0001) as i32);
    let b = _mm_setr_epi32(b[0], b[1], b[2], b[3]);
    let opaque = _mm_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    for _ in 0..n {
        let texel = |i: usize| columns[i][((v[i] >> 32) as usize).min(last[i])] as i32;
        let texels = _mm_set_epi32(texel(3), texel(2), texel(1), texel(0));
        let out = _mm_or_si128(scale_sse2(texels, b), opaque);
        let row = pixels[at..at + 4].as_flattened_mut();
        // SAFETY: `row` is 16 writable bytes; the store is unaligned.
        unsafe { _mm_storeu_si128(row.as_mut_ptr().cast(), out) };
        for i in 0..4 {
            v[i] = v[i].wrapping_add(step[i]);
        }
        at += w;
    }
}
