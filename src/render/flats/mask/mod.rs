//! Which columns of a band's rows no wall covers, as bits: a row's open
//! columns are its mask, and a column's flips are the rows where its
//! wall begins and ends, the only rows where its bit changes.

#[cfg(target_arch = "x86_64")]
mod x86;

use super::WallCover;

/// 64-bit words in one row of open-column masks `width` columns wide.
#[inline]
pub(in crate::render) fn mask_words(width: usize) -> usize {
    width.div_ceil(64)
}

/// Fills `masks`, one row of [`mask_words`] words per screen row from `y0`
/// on, with the columns of each row that no wall covers: bit `x % 64` of
/// word `x / 64` set where column `x` is open. Returns the rows whose mask
/// differs from the row above's, as bits (bit `r` for row `r` of the band,
/// the band's first row left out; rows 64 on share bit `r % 64`).
///
/// Only the first row is scanned column by column. A column's cover
/// changes at two rows at most, where its wall begins and where it ends
/// (the column's flips, found by [`mark_flips`]), so the other rows are
/// the row above with those changes flipped: two marks a column instead
/// of a compare a column a row.
#[inline]
pub(super) fn open_masks(y0: usize, covers: &[WallCover], masks: &mut [u64]) -> u64 {
    let words = mask_words(covers.len());
    if words == 0 {
        return 0;
    }
    masks.fill(0);
    let rows = masks.len() / words;
    let flipped = mark_flips(y0, covers, &mut masks[..rows * words], words);
    for (word, block) in masks[..words].iter_mut().zip(covers.chunks(64)) {
        *word = open_mask(block, y0 as u32);
    }
    for r in 1..rows {
        let (above, row) = masks[(r - 1) * words..(r + 1) * words].split_at_mut(words);
        for (w, a) in row.iter_mut().zip(above) {
            *w ^= *a;
        }
    }
    flipped
}

/// Flips bit `x` of row `r` of `masks` (rows of `words` words, the first
/// being frame row `y0`) for each column `x` whose cover begins or ends on
/// a row `r` of them other than the first, and returns those rows as bits
/// (bit `r % 64`). Each band looks at every column for its own, rather
/// than the frame sorting the edges into bands first: the sort stood
/// between the rays and the bands, a hand-over between cores of its own
/// (PERF.md entry 126).
pub(super) fn mark_flips(y0: usize, covers: &[WallCover], masks: &mut [u64], words: usize) -> u64 {
    let rows = masks.len().checked_div(words).unwrap_or(0);
    if rows < 2 {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if let (Ok(y0), Ok(rows)) = (u32::try_from(y0), u32::try_from(rows)) {
        // SAFETY: SSE2 is part of every x86-64 processor.
        return unsafe { x86::mark_flips_sse2(y0, rows, covers, masks, words) };
    }
    mark_flips_scalar(y0, covers, masks, words, 0)
}

/// [`mark_flips`] one column at a time, for the columns of `covers` from
/// `first` on.
pub(super) fn mark_flips_scalar(
    y0: usize,
    covers: &[WallCover],
    masks: &mut [u64],
    words: usize,
    first: usize,
) -> u64 {
    let rows = (masks.len() / words.max(1)) as u64;
    let mut flipped = 0;
    for (x, c) in covers.iter().enumerate().skip(first) {
        if c.rows == 0 {
            continue;
        }
        let top = u64::from(c.top);
        for edge in [top, top + u64::from(c.rows)] {
            let r = edge.wrapping_sub(y0 as u64);
            if (1..rows).contains(&r) {
                flip(masks, words, r as usize, x);
                flipped |= 1 << (r % 64);
            }
        }
    }
    flipped
}

/// Flips column `x` of row `r` of `masks`, rows of `words` words.
pub(super) fn flip(masks: &mut [u64], words: usize, r: usize, x: usize) {
    masks[r * words + x / 64] ^= 1 << (x % 64);
}

/// Bit `i` set where column `i` of `covers` (at most 64) is open in row
/// `y`, one column at a time: the reference for [`open_mask`].
pub(super) fn open_mask_scalar(covers: &[WallCover], y: u32) -> u64 {
    covers
        .iter()
        .enumerate()
        .fold(0, |m, (i, c)| m | (u64::from(c.open(y)) << i))
}

/// [`open_mask_scalar`], four columns at a time in SSE2.
#[cfg(target_arch = "x86_64")]
pub(super) fn open_mask(covers: &[WallCover], y: u32) -> u64 {
    // SAFETY: SSE2 is part of every x86-64 processor.
    unsafe { x86::open_mask_sse2(covers, y) }
}

/// Elsewhere, one column at a time.
#[cfg(not(target_arch = "x86_64"))]
pub(super) fn open_mask(covers: &[WallCover], y: u32) -> u64 {
    open_mask_scalar(covers, y)
}
