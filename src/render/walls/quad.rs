//! Four neighbouring plain strips painted a row at a time, over the rows
//! all four cover.

#[cfg(target_arch = "x86_64")]
mod x86;

use super::column::paint_edges;
use crate::map::MapArt;
use crate::render::{shade, ColumnSpan, Paths, Rows, WallStrip};

/// Paints the four columns from `x` in `rows`, a frame `w` pixels wide:
/// the rows all four cover as a [`Quad`], each column's own rows above
/// and below them alone.
#[inline]
pub(super) fn paint_four(
    art: &MapArt,
    rows: &mut Rows,
    w: usize,
    x: usize,
    (spans, strips): (&[ColumnSpan], &[WallStrip]),
) {
    let Some((from, to)) = paint_edges::<4>(art, rows, w, x, spans, strips) else {
        return;
    };
    let quad = Quad {
        columns: std::array::from_fn(|i| {
            art.face_texture(strips[x + i].wall)
                .column(strips[x + i].column)
        }),
        v: std::array::from_fn(|i| strips[x + i].v_at(&spans[x + i], from)),
        step: std::array::from_fn(|i| strips[x + i].step),
        last: std::array::from_fn(|i| strips[x + i].last),
        brightness: std::array::from_fn(|i| strips[x + i].brightness.min(256)),
    };
    let at = (from - rows.y0) * w + x;
    paint_quad(rows.paths, rows.pixels, at, w, to - from, quad);
}

/// Four neighbouring [`plain`] strips, from the same row down: each its
/// texture column, texture row (32.32), step and last row, and brightness
/// (at most 256).
struct Quad<'a> {
    columns: [&'a [u32]; 4],
    v: [u64; 4],
    step: [u64; 4],
    last: [usize; 4],
    brightness: [u32; 4],
}

/// Paints `n` rows of a [`Quad`] down from pixel `at` (rows `w` apart):
/// in SSE2 where `paths` allows, else a pixel at a time.
#[inline]
fn paint_quad(paths: Paths, pixels: &mut [[u8; 4]], at: usize, w: usize, n: usize, quad: Quad) {
    match paths {
        // SAFETY: SSE2 is part of every x86-64 processor.
        #[cfg(target_arch = "x86_64")]
        Paths::Sse2 | Paths::Avx2 => unsafe { x86::paint_quad_sse2(pixels, at, w, n, quad) },
        _ => paint_quad_scalar(pixels, at, w, n, quad),
    }
}

/// [`paint_quad`] a pixel at a time: the reference.
fn paint_quad_scalar(pixels: &mut [[u8; 4]], mut at: usize, w: usize, n: usize, mut quad: Quad) {
    for _ in 0..n {
        for i in 0..4 {
            let row = ((quad.v[i] >> 32) as usize).min(quad.last[i]);
            pixels[at + i] = shade(quad.columns[i][row], quad.brightness[i]);
            quad.v[i] = quad.v[i].wrapping_add(quad.step[i]);
        }
        at += w;
    }
}
