//! A line of text painted a frame row at a time: each frame row the text
//! meets is one string of bits, its glyphs' rows side by side, for the
//! letters and another for the shadow, cut into windows of 64 pixels.

#[cfg(target_arch = "x86_64")]
mod x86;

use super::{glyph, GLYPH, MAX_ROW_SCALE, SHADOW};
use crate::render::Paths;

/// Frame rows of a line of text that show the same glyph row of the
/// letters and of the shadow (none where they are above or below them).
pub(super) struct TextRow<'a> {
    pub(super) text: &'a str,
    pub(super) x: i64,
    pub(super) scale: usize,
    /// The frame's width: the rows' length.
    pub(super) width: usize,
    pub(super) letters: Option<usize>,
    pub(super) shadow: Option<usize>,
}

/// Paints the frame rows `lines` (whole rows) of a line of text that
/// `row` describes, on the widest of `paths`.
#[inline]
pub(super) fn text_row(paths: Paths, lines: &mut [[u8; 4]], row: &TextRow, colour: [u8; 4]) {
    match paths {
        // SAFETY: AVX2 is chosen only where the processor has it.
        #[cfg(target_arch = "x86_64")]
        Paths::Avx2 => unsafe { x86::text_row_avx2(lines, row, colour) },
        _ => text_row_with(lines, row, colour, paint_window),
    }
}

/// The body of [`text_row`]: the glyphs' rows of the letters and of the
/// shadow laid side by side as two strings of bits (bit `p` for pixel `x
/// + p`, each glyph bit `scale` wide), cut into windows of 64 pixels, each
/// clipped to the row and handed to `paint` with its first pixel, once for
/// each row of `lines`.
#[inline(always)]
fn text_row_with(
    lines: &mut [[u8; 4]],
    row: &TextRow,
    colour: [u8; 4],
    mut paint: impl FnMut(&mut [[u8; 4]], usize, usize, u64, u64, [u8; 4]),
) {
    let (s, width) = (row.scale, row.width as i64);
    let bits_of = |ch: char, r: Option<usize>| match r {
        Some(r) => spread(glyph(ch)[r], s),
        None => 0,
    };
    // The window being filled: its bits so far (bit `p` for pixel
    // `window_x + p`) and how many (always under 64 between glyphs); the
    // shadow's last `s` bits of the window before, which its offset moves
    // into this one.
    let (mut letters, mut shadow, mut held) = (0u64, 0u64, 0usize);
    let mut carry = 0u64;
    let mut window_x = row.x;
    // Paints a full or last window; the shadow lies `s` pixels right of
    // the letters, so its last `s` bits go on to the next.
    let mut emit = |letters: u64, shadow: u64, window_x: i64, carry: &mut u64| {
        let shadow_here = shadow << s | *carry;
        *carry = shadow >> (64 - s);
        clip_window(
            lines,
            window_x,
            letters,
            shadow_here,
            width,
            colour,
            &mut paint,
        );
    };
    for ch in row.text.chars() {
        if window_x >= width {
            // This window and every one after it are past the row's end.
            return;
        }
        let (l, sh) = (bits_of(ch, row.letters), bits_of(ch, row.shadow));
        letters |= l << held;
        shadow |= sh << held;
        held += GLYPH * s;
        if held >= 64 {
            emit(letters, shadow, window_x, &mut carry);
            held -= 64;
            // What of this glyph did not fit: its top `held` bits (none
            // when it ended the window; two shifts, as one by 64 is not
            // defined).
            let spill = |bits: u64| (bits >> 1) >> (GLYPH * s - held - 1);
            (letters, shadow) = if held == 0 {
                (0, 0)
            } else {
                (spill(l), spill(sh))
            };
            window_x += 64;
        }
    }
    // The last, part-filled window, and the shadow's overhang past it.
    for _ in 0..2 {
        if window_x >= width || (held == 0 && carry == 0) {
            return;
        }
        emit(letters, shadow, window_x, &mut carry);
        (letters, shadow, held) = (0, 0, 0);
        window_x += 64;
    }
}

/// A line of text at scale 1 over the frame rows of glyph rows `first`
/// onward (the rows [`Canvas::text_at_one`] hands on).
pub(super) struct TextAt<'a> {
    pub(super) text: &'a str,
    pub(super) x: i64,
    /// The frame's width: the rows' length.
    pub(super) width: usize,
    /// The glyph row (0 to [`GLYPH`], the last the shadow's alone) of the
    /// first row.
    pub(super) first: usize,
}

/// Paints the frame rows `lines` of a line of text at scale 1 that `at`
/// describes, on the widest of `paths` (see [`text_at_one_with`]).
#[inline]
pub(super) fn text_at_one(paths: Paths, lines: &mut [[u8; 4]], at: &TextAt, colour: [u8; 4]) {
    match paths {
        // SAFETY: AVX2 is chosen only where the processor has it.
        #[cfg(target_arch = "x86_64")]
        Paths::Avx2 => unsafe { x86::text_at_one_avx2(lines, at, colour) },
        _ => text_at_one_with(lines, at, colour, paint_window),
    }
}

/// The body of [`Canvas::text_at_one`]: eight glyphs at a time, their rows
/// transposed into the window's bits for each glyph row, and each of
/// `lines`' rows handed its window as [`text_row_with`] would hand it: the
/// letters' row, and the shadow's (the glyph row above) one pixel right,
/// its last bit carried into the next window.
#[inline(always)]
fn text_at_one_with(
    lines: &mut [[u8; 4]],
    at: &TextAt,
    colour: [u8; 4],
    mut paint: impl FnMut(&mut [[u8; 4]], usize, usize, u64, u64, [u8; 4]),
) {
    let width = at.width;
    let mut carry = [0u64; GLYPH + 1];
    let mut chars = at.text.chars();
    let mut window_x = at.x;
    while window_x < width as i64 {
        // No glyph left, and no shadow carried past the last window.
        if chars.as_str().is_empty() && carry.iter().all(|&c| c == 0) {
            return;
        }
        // Glyph j's rows, row r in byte r of `window[j]`; transposed, bit
        // 8 j + c of `window[r]` is pixel c of glyph j's row r: the
        // window's bits for glyph row r.
        let mut window = [0u64; GLYPH];
        for (slot, ch) in window.iter_mut().zip(&mut chars) {
            *slot = u64::from_le_bytes(glyph(ch));
        }
        transpose_bytes(&mut window);
        for (k, line) in lines.chunks_exact_mut(width).enumerate() {
            let r = at.first + k;
            let letters = window.get(r).copied().unwrap_or(0);
            let shadow = r.checked_sub(1).map_or(0, |above| window[above]);
            let here = shadow << 1 | carry[r];
            carry[r] = shadow >> 63;
            clip_window(
                line,
                window_x,
                letters,
                here,
                width as i64,
                colour,
                &mut paint,
            );
        }
        window_x += 64;
    }
}

/// Transposes the 8 x 8 bytes of `m` (byte c of `m[r]` is element (r, c)):
/// blocks of four, then two, then one swapped across the diagonal.
pub(super) fn transpose_bytes(m: &mut [u64; 8]) {
    for (shift, mask) in [
        (32, 0x0000_0000_FFFF_FFFF_u64),
        (16, 0x0000_FFFF_0000_FFFF),
        (8, 0x00FF_00FF_00FF_00FF),
    ] {
        let step = shift / 8;
        for i in (0..8).filter(|i| i & step == 0) {
            let t = ((m[i] >> shift) ^ m[i + step]) & mask;
            m[i + step] ^= t;
            m[i] ^= t << shift;
        }
    }
}

/// Clips a window of 64 pixels from frame column `x` to rows `width`
/// pixels wide and hands what is left, if anything is set, to `paint`
/// with every row of `lines` (the rows that show the same bits).
#[inline(always)]
fn clip_window(
    lines: &mut [[u8; 4]],
    x: i64,
    letters: u64,
    shadow: u64,
    width: i64,
    colour: [u8; 4],
    paint: &mut impl FnMut(&mut [[u8; 4]], usize, usize, u64, u64, [u8; 4]),
) {
    // Pixels left of column 0 drop off the low end.
    let cut = (-x).clamp(0, 64) as u32;
    let (mut letters, mut shadow) = (
        letters.checked_shr(cut).unwrap_or(0),
        shadow.checked_shr(cut).unwrap_or(0),
    );
    let x = x.max(0);
    // And those past the row's end off the high end.
    let room = (width - x).clamp(0, 64) as u32;
    let keep = u64::MAX.checked_shr(64 - room).unwrap_or(0);
    (letters, shadow) = (letters & keep, shadow & keep);
    if letters | shadow != 0 {
        paint(lines, width as usize, x as usize, letters, shadow, colour);
    }
}

/// Paints a window of up to 64 pixels from `at` in each row of `lines`
/// (rows `width` long): `colour` where `letters` has a bit, else
/// [`SHADOW`] where `shadow` has one. Every set bit is a pixel in a row
/// ([`clip_window`] sees to it).
fn paint_window(
    lines: &mut [[u8; 4]],
    width: usize,
    at: usize,
    letters: u64,
    shadow: u64,
    colour: [u8; 4],
) {
    for line in lines.chunks_exact_mut(width) {
        let mut any = letters | shadow;
        while any != 0 {
            let j = any.trailing_zeros();
            line[at + j as usize] = if letters >> j & 1 == 1 {
                colour
            } else {
                SHADOW
            };
            any &= any - 1;
        }
    }
}

/// The 8 bits of a glyph row widened to one bit a pixel at `scale` (1 to
/// [`MAX_ROW_SCALE`]): each bit repeated `scale` times. From a table,
/// rather than bit by bit, a test and a shift for each of the eight bits
/// of each glyph row of each character (PERF.md entry 131).
#[inline(always)]
pub(super) fn spread(bits: u8, scale: usize) -> u64 {
    if scale == 1 {
        return u64::from(bits);
    }
    SPREAD[scale - 1][usize::from(bits)]
}

/// [`spread`]'s answers: `SPREAD[scale - 1][bits]`, 16 KiB.
static SPREAD: [[u64; 256]; MAX_ROW_SCALE] = spread_table();

/// Every glyph row's bits widened at every scale from 1 to
/// [`MAX_ROW_SCALE`], worked out when the program is compiled.
const fn spread_table() -> [[u64; 256]; MAX_ROW_SCALE] {
    let mut table = [[0u64; 256]; MAX_ROW_SCALE];
    let mut scale = 1;
    while scale <= MAX_ROW_SCALE {
        // `scale` ones; at 8, the top byte's shift stays below 64.
        let cell = u64::MAX >> (64 - scale);
        let mut bits = 0;
        while bits < 256 {
            let mut wide = 0u64;
            let mut c = 0;
            while c < GLYPH {
                if bits >> c & 1 == 1 {
                    wide |= cell << (c * scale);
                }
                c += 1;
            }
            table[scale - 1][bits] = wide;
            bits += 1;
        }
        scale += 1;
    }
    table
}
