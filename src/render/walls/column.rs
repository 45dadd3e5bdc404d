//! A wall's column painted alone, a pixel at a time or, near, a texel
//! row at a time: the plain algorithm the groups paint the bytes of.

use crate::map::MapArt;
use crate::render::{shade, ColumnSpan, Rows, WallStrip};

/// Texture rows per pixel (32.32) below which a strip is painted a texel
/// row at a time: a sixteenth, runs of sixteen pixels or more, enough to
/// pay for the division that finds each run's end.
pub(super) const NEAR_STEP: u64 = 1 << 28;

impl WallStrip {
    /// The texture row (32.32) at screen row `y` of a column whose span is
    /// `span`; wrapped round for a row above the span.
    pub(super) fn v_at(&self, span: &ColumnSpan, y: usize) -> u64 {
        let rows = (y as u64).wrapping_sub(span.top as u64);
        self.v_top.wrapping_add(self.step.wrapping_mul(rows))
    }
}

/// For a group of `N` columns from `x`: the rows of the band all `N`
/// cover, if any, with each column's own rows above and below them
/// painted; if none, every column painted alone.
#[inline]
pub(super) fn paint_edges<const N: usize>(
    art: &MapArt,
    rows: &mut Rows,
    w: usize,
    x: usize,
    spans: &[ColumnSpan],
    strips: &[WallStrip],
) -> Option<(usize, usize)> {
    let (mut common_from, mut common_to) = (rows.y0, rows.y1);
    for span in &spans[x..x + N] {
        common_from = common_from.max(span.top);
        common_to = common_to.min(span.bottom);
    }
    let common = common_from < common_to;
    for i in x..x + N {
        let (span, s) = (&spans[i], &strips[i]);
        let (from, to) = (span.top.max(rows.y0), span.bottom.min(rows.y1));
        if common {
            paint_column(art, rows, w, i, span, s, from, common_from);
            paint_column(art, rows, w, i, span, s, common_to, to);
        } else {
            paint_column(art, rows, w, i, span, s, from, to);
        }
    }
    common.then_some((common_from, common_to))
}

/// Paints rows `from..to` (within `rows`) of column `x`'s wall strip.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(super) fn paint_column(
    art: &MapArt,
    rows: &mut Rows,
    w: usize,
    x: usize,
    span: &ColumnSpan,
    s: &WallStrip,
    from: usize,
    to: usize,
) {
    if from >= to {
        return;
    }
    let texture = art.face_texture(s.wall);
    let size = texture.size();
    let column = texture.column(s.column);
    let mut v = s.v_at(span, from);
    let mut at = (from - rows.y0) * w + x;
    if s.last < size && s.step < NEAR_STEP {
        paint_runs(rows.pixels, at, w, to - from, v, s, column);
    } else if s.last < size {
        for _ in from..to {
            let row = ((v >> 32) as usize).min(s.last);
            rows.pixels[at] = shade(column[row], s.brightness);
            v = v.wrapping_add(s.step);
            at += w;
        }
    } else {
        for _ in from..to {
            let row = ((v >> 32) as usize).min(s.last) % size;
            rows.pixels[at] = shade(column[row], s.brightness);
            v = v.wrapping_add(s.step);
            at += w;
        }
    }
}

/// A near wall's strip, `n` pixels down from `at` (rows `w` apart) from
/// texture row `v` (32.32): each texel row spreads over several pixels, so
/// it is shaded once and its run of pixels painted, the run's end found by
/// one division. The same pixels as the per-pixel loop.
#[inline(never)]
pub(super) fn paint_runs(
    pixels: &mut [[u8; 4]],
    mut at: usize,
    w: usize,
    n: usize,
    mut v: u64,
    s: &WallStrip,
    column: &[u32],
) {
    let mut k = 0;
    while k < n {
        let row = ((v >> 32) as usize).min(s.last);
        let px = shade(column[row], s.brightness);
        let run = if row == s.last || s.step == 0 {
            n - k
        } else {
            // Pixels until the walk crosses into the next row.
            let to_next = ((row as u64 + 1) << 32) - v;
            (to_next.div_ceil(s.step) as usize).min(n - k)
        };
        for _ in 0..run {
            pixels[at] = px;
            at += w;
        }
        v = v.wrapping_add(s.step.wrapping_mul(run as u64));
        k += run;
    }
}
