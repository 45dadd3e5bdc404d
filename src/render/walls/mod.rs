//! The wall pass, in two steps: one ray per pixel column finds the wall,
//! its span on screen and where to sample its texture ([`cast`]); then
//! each band of rows paints the strips' pixels that fall in it
//! ([`paint`]), so bands can be painted on different cores.
//!
//! - `cast`: the rays, one a column, and what each records.
//! - `plan`: which columns each band paints together (eights, fours) and
//!   which alone, worked out once a frame.
//! - `column`: a column painted alone, the plain algorithm the groups
//!   paint the bytes of.
//! - `quad`: four columns a row at a time (SSE2 in `quad/x86.rs`).
//! - `eight` (x86-64): eight columns of one texture a row at a time in
//!   AVX2, from windows of texels where the eight's lanes allow; and
//!   `prefetch`, the eights' prefetches of the line ahead.

mod cast;
mod column;
#[cfg(target_arch = "x86_64")]
mod eight;
mod plan;
#[cfg(target_arch = "x86_64")]
mod prefetch;
mod quad;
#[cfg(test)]
mod tests;

pub(super) use cast::{cast, clip};
pub(super) use plan::Plan;

use super::{ColumnSpan, Paths, Projection, Rows, WallStrip};
use crate::map::MapArt;
use column::paint_column;
use plan::Piece;

/// Paints every wall pixel that falls in `rows`.
///
/// Neighbouring columns together where they can be: with AVX2, eight
/// strips of one texture (see [`paint_eight`]) over every row any of them
/// covers, leaving what is not wall for the flats to paint over; else four
/// [`plain`] strips (see [`paint_quad`]) over the rows all four cover,
/// each column's own rows above and below painted alone. A row of a group
/// is one store, shaded together. Every other column alone. Without AVX2,
/// in a frame [`BLOCK_WIDTH`] wide or more, a band's rows in blocks of at
/// most [`BLOCK_ROWS`].
pub(super) fn paint(
    art: &MapArt,
    proj: &Projection,
    rows: &mut Rows,
    walls: (&[ColumnSpan], &[WallStrip]),
    plans: &[Plan],
) {
    let blocks = if proj.width >= BLOCK_WIDTH && rows.paths != Paths::Avx2 {
        (rows.y1 - rows.y0).div_ceil(BLOCK_ROWS)
    } else {
        1
    };
    paint_in_blocks(art, proj, rows, walls, plans, blocks);
}

/// Rows of a band whose walls [`paint`] paints together at most, in a
/// frame [`BLOCK_WIDTH`] pixels wide or more, on the paths without AVX2.
/// A piece paints down its columns, a row of the frame at a time, so each
/// row of the rows painted together is a stream of stores of its own; a
/// processor's prefetcher follows a few dozen streams, not a band's 48
/// rows, and the rows past them wait on their lines. The AVX2 eights
/// prefetch their lines themselves (`prefetch.rs`) and paint a band in one
/// block, which spares each eight a start again in every block (the
/// figures: PERF.md entries 55, 62, 79 and 149).
const BLOCK_ROWS: usize = 24;

/// Frames narrower than this paint each band's walls in one block: their
/// frames are small enough to stay in the cache from one to the next, and
/// each block costs every piece a start again (PERF.md entries 55 and
/// 61). At this width a row is a 4 KiB page.
const BLOCK_WIDTH: usize = 1024;

/// [`paint`] in `blocks` blocks of rows (as near equal as rows allow),
/// each painted whole before the next. The blocks change when a pixel is
/// painted, never its bytes.
fn paint_in_blocks(
    art: &MapArt,
    proj: &Projection,
    rows: &mut Rows,
    walls: (&[ColumnSpan], &[WallStrip]),
    plans: &[Plan],
    blocks: usize,
) {
    let w = proj.width;
    if w == 0 {
        return;
    }
    let per = (rows.y1 - rows.y0).div_ceil(blocks.max(1)).max(1);
    for (i, pixels) in rows.pixels.chunks_mut(per * w).enumerate() {
        let mut block = Rows::new(pixels, w, rows.y0 + i * per, rows.paths);
        paint_block(art, proj, &mut block, walls, plans);
    }
}

/// Paints the pieces of `plans` (a frame's, in order) in the rows of
/// `rows`: each piece over the rows its walls reach in the block, as an
/// eight, a four or a column alone.
fn paint_block(
    art: &MapArt,
    proj: &Projection,
    rows: &mut Rows,
    (spans, strips): (&[ColumnSpan], &[WallStrip]),
    plans: &[Plan],
) {
    let w = proj.width;
    #[cfg(target_arch = "x86_64")]
    let prefetching = prefetch::prefetches_here();
    let pieces = plans
        .iter()
        .flat_map(|plan| plan.pieces.iter().map(move |piece| (plan, piece)));
    for (plan, &(piece, [top, bottom])) in pieces {
        // Most pieces miss a band at the top or foot of the frame.
        let (from, to) = (top.max(rows.y0), bottom.min(rows.y1));
        if from >= to {
            continue;
        }
        match piece {
            // SAFETY: eights are planned only with AVX2, which is chosen
            // only where the processor has it.
            #[cfg(target_arch = "x86_64")]
            Piece::Eight(i) => unsafe {
                let eight = &plan.eights[i as usize];
                eight::paint(art, rows, w, eight, (from, to), prefetching);
            },
            #[cfg(not(target_arch = "x86_64"))]
            Piece::Eight(_) => unreachable!("eights only with AVX2"),
            Piece::Quad(x) => quad::paint_four(art, rows, w, x as usize, (spans, strips)),
            Piece::Column(x) => {
                let x = x as usize;
                paint_column(art, rows, w, x, &spans[x], &strips[x], from, to);
            }
        }
    }
}
