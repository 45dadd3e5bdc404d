//! Text in the frame, from the font8x8 bitmap font (8x8 pixels a glyph).

use super::Paths;
use crate::map::floor_i64;
use font8x8::legacy::{BASIC_LEGACY, LATIN_LEGACY};

/// Width and height of a glyph cell at scale 1, in pixels.
pub const GLYPH: usize = 8;

/// The 8 rows of the glyph for `ch` (bit 0 is the leftmost pixel); `?` for
/// characters the font does not have.
fn glyph(ch: char) -> [u8; 8] {
    let code = ch as usize;
    match code {
        0..=127 => BASIC_LEGACY[code],
        0xA0..=0xFF => LATIN_LEGACY[code - 0xA0],
        _ => BASIC_LEGACY[b'?' as usize],
    }
}

/// A target for the HUD: a band of whole rows of the frame (or all of
/// it). Drawing is in frame coordinates and clipped to the band, so the
/// same drawing on every band paints the whole frame, one band per core.
pub struct Canvas<'a> {
    /// The band's pixels, row-major: frame rows `y0` to `y1`.
    pub pixels: &'a mut [[u8; 4]],
    /// Width in pixels.
    pub width: usize,
    /// The whole frame's height in pixels.
    pub height: usize,
    /// The first frame row in `pixels`.
    pub y0: usize,
    /// One past the last frame row in `pixels`.
    pub y1: usize,
    /// The instructions the per-pixel loops use (the widest this
    /// processor has unless the frame was told otherwise).
    pub paths: Paths,
    /// The points of a unit circle a ring may take rather than work out
    /// its own (see `cockpit::Circle`): none unless the frame made them.
    pub circle: &'a [[f64; 2]],
}

impl<'a> Canvas<'a> {
    /// A canvas over a whole frame, `width` x `height`.
    #[cfg(test)]
    pub fn whole(pixels: &'a mut [[u8; 4]], width: usize, height: usize) -> Self {
        Self {
            pixels,
            width,
            height,
            y0: 0,
            y1: height,
            paths: Paths::best(),
            circle: &[],
        }
    }

    /// A canvas over the whole of `frame`: what is drawn over a finished
    /// frame (a study's panel, the pacing graph).
    pub fn over(frame: super::Frame<'a>) -> Self {
        let super::Frame {
            pixels,
            width,
            height,
        } = frame;
        let (pixels, _) = pixels.as_chunks_mut::<4>();
        Self::band(pixels, width, height, 0)
    }

    /// A canvas over frame rows `y0` onward of a frame `width` x `height`,
    /// `pixels` holding whole rows.
    pub fn band(pixels: &'a mut [[u8; 4]], width: usize, height: usize, y0: usize) -> Self {
        let y1 = y0 + pixels.len() / width.max(1);
        Self {
            pixels,
            width,
            height,
            y0,
            y1,
            paths: Paths::best(),
            circle: &[],
        }
    }

    /// The frame rows from `y` for `h` rows that lie in the band.
    fn rows(&self, y: i64, h: i64) -> std::ops::Range<usize> {
        let y0 = y.clamp(self.y0 as i64, self.y1 as i64) as usize;
        let y1 = (y + h).clamp(self.y0 as i64, self.y1 as i64) as usize;
        y0..y1
    }

    /// True if any of the `h` rows from `y` lie in the band.
    pub fn meets(&self, y: i64, h: i64) -> bool {
        !self.rows(y, h).is_empty()
    }

    /// The index in `pixels` of frame pixel (x, y), if it is in the band.
    fn index(&self, x: i64, y: i64) -> Option<usize> {
        let inside =
            x >= 0 && (x as usize) < self.width && y >= self.y0 as i64 && y < self.y1 as i64;
        inside.then(|| (y as usize - self.y0) * self.width + x as usize)
    }

    /// Sets one pixel, ignoring positions outside the band.
    pub fn put(&mut self, x: i64, y: i64, rgba: [u8; 4]) {
        if let Some(i) = self.index(x, y) {
            self.pixels[i] = rgba;
        }
    }

    /// Draws the pieces `parts` as one line centred across the canvas (from
    /// its left edge if wider), its top at `y`: a line put together from
    /// pieces (a prompt naming a bound key) without allocating.
    pub fn centred(&mut self, y: i64, parts: &[&str], scale: usize, rgb: [u8; 3]) {
        let glyphs: usize = parts.iter().map(|p| p.chars().count()).sum();
        let mut x = ((self.width as i64 - (glyphs * GLYPH * scale) as i64) / 2).max(0);
        for part in parts {
            self.text(x, y, part, scale, rgb);
            x += (part.chars().count() * GLYPH * scale) as i64;
        }
    }

    /// Draws `text` with its top-left corner at (`x`, `y`), each glyph
    /// pixel `scale` x `scale`, with a one-pixel dark shadow for contrast
    /// (`scale` pixels right and down): the letters over their shadow.
    ///
    /// Row by row of the band, not glyph by glyph: each frame row the text
    /// meets is one string of bits, its glyphs' rows side by side, for the
    /// letters and another for the shadow, painted 64 pixels at a time.
    /// (Glyph by glyph, the bookkeeping of 3,200 glyph rows a frame was
    /// most of the text's time; PERF.md entry 27.)
    pub fn text(&mut self, x: i64, y: i64, text: &str, scale: usize, rgb: [u8; 3]) {
        let s = scale as i64;
        if s == 0 || self.width == 0 || !self.meets(y, (GLYPH as i64 + 1) * s) {
            return;
        }
        if scale > MAX_ROW_SCALE {
            return self.text_by_glyph(x, y, text, scale, rgb);
        }
        let colour = [rgb[0], rgb[1], rgb[2], 255];
        if scale == 1 {
            // The HUD's scale in frames under 600 rows (`layout::text_scale`).
            return self.text_at_one(x, y, text, colour);
        }
        self.text_by_rows(x, y, text, scale, colour);
    }

    /// [`Canvas::text`] at a scale of at most [`MAX_ROW_SCALE`] in `colour`:
    /// each glyph row's bits worked out for the frame rows it covers.
    fn text_by_rows(&mut self, x: i64, y: i64, text: &str, scale: usize, colour: [u8; 4]) {
        let s = scale as i64;
        // Glyph row `r` of the letters and `r - 1` of the shadow (one glyph
        // pixel lower) share frame rows `y + r s` to `y + (r + 1) s`: the
        // same bits in each of those rows of the band, worked out once.
        for row in 0..=GLYPH {
            let rows = self.rows(y + (row as i64) * s, s);
            if rows.is_empty() {
                continue;
            }
            let glyph_row = |r: usize| (r < GLYPH).then_some(r);
            let strip = TextRow {
                text,
                x,
                scale,
                width: self.width,
                letters: glyph_row(row),
                shadow: row.checked_sub(1).and_then(glyph_row),
            };
            let (from, to) = (rows.start - self.y0, rows.end - self.y0);
            let pixels = &mut self.pixels[from * self.width..to * self.width];
            text_row(self.paths, pixels, &strip, colour);
        }
    }

    /// [`Canvas::text`] at scale 1: each glyph row is one frame row and
    /// each glyph 8 pixels, so eight glyphs fill a window exactly, and one
    /// transpose of their 8 x 8 bits gives the window for every row at
    /// once, where the rows one by one would look each glyph up nine times.
    fn text_at_one(&mut self, x: i64, y: i64, text: &str, colour: [u8; 4]) {
        let rows = self.rows(y, GLYPH as i64 + 1);
        let first = (rows.start as i64 - y) as usize;
        let width = self.width;
        let (from, to) = (rows.start - self.y0, rows.end - self.y0);
        let lines = &mut self.pixels[from * width..to * width];
        let at = TextAt {
            text,
            x,
            width,
            first,
        };
        match self.paths {
            // SAFETY: AVX2 is chosen only where the processor has it.
            #[cfg(target_arch = "x86_64")]
            Paths::Avx2 => unsafe { text_at_one_avx2(lines, &at, colour) },
            _ => text_at_one_with(lines, &at, colour, paint_window),
        }
    }

    /// [`Canvas::text`] at a scale too large for a glyph row to fit in 64
    /// bits: each glyph row that lies in the band, each run of set bits in
    /// it one rectangle.
    fn text_by_glyph(&mut self, x: i64, y: i64, text: &str, scale: usize, rgb: [u8; 3]) {
        let s = scale as i64;
        for pass in 0..2 {
            let (offset, colour) = if pass == 0 {
                (s, SHADOW)
            } else {
                (0, [rgb[0], rgb[1], rgb[2], 255])
            };
            let top = y + offset;
            // Glyph row r covers frame rows top + r s to top + (r + 1) s.
            let first = (self.y0 as i64 - top).div_euclid(s).clamp(0, GLYPH as i64) as usize;
            let end = (self.y1 as i64 - top + s - 1)
                .div_euclid(s)
                .clamp(0, GLYPH as i64) as usize;
            if first >= end {
                continue;
            }
            for (i, ch) in text.chars().enumerate() {
                let gx = x + (i * GLYPH) as i64 * s + offset;
                let glyph = glyph(ch);
                for (row, &bits) in glyph.iter().enumerate().take(end).skip(first) {
                    let py = top + row as i64 * s;
                    let mut bits = u32::from(bits);
                    while bits != 0 {
                        let col = bits.trailing_zeros();
                        let run = (!(bits >> col)).trailing_zeros();
                        self.fill(gx + i64::from(col) * s, py, i64::from(run) * s, s, colour);
                        bits &= !(((1 << run) - 1) << col);
                    }
                }
            }
        }
    }

    /// Fills a rectangle, clipped to the band.
    pub fn fill(&mut self, x: i64, y: i64, w: i64, h: i64, rgba: [u8; 4]) {
        let x0 = x.clamp(0, self.width as i64) as usize;
        let x1 = (x + w).clamp(0, self.width as i64) as usize;
        for yy in self.rows(y, h) {
            let at = (yy - self.y0) * self.width;
            fill_run(&mut self.pixels[at + x0..at + x1], rgba);
        }
    }

    /// Darkens a rectangle, clipped, as a backdrop for text or the minimap.
    pub fn shade_rect(&mut self, x: i64, y: i64, w: i64, h: i64) {
        let x0 = x.clamp(0, self.width as i64) as usize;
        let x1 = (x + w).clamp(0, self.width as i64) as usize;
        for yy in self.rows(y, h) {
            let at = (yy - self.y0) * self.width;
            darken_run(
                self.paths,
                &mut self.pixels[at + x0..at + x1],
                256 - BACKDROP_ALPHA,
            );
        }
    }

    /// A line from (x0, y0) to (x1, y1), one pixel wide (DDA).
    pub fn line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, rgba: [u8; 4]) {
        let top = y0.min(y1).floor() as i64;
        if !self.meets(top, (y1 - y0).abs().ceil() as i64 + 1) {
            return;
        }
        let n = (x1 - x0)
            .abs()
            .max((y1 - y0).abs())
            .ceil()
            .clamp(1.0, 4096.0) as usize;
        for i in 0..=n {
            let t = i as f64 / n as f64;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            self.put(floor_i64(x), floor_i64(y), rgba);
        }
    }
}

/// How much a backdrop ([`Canvas::shade_rect`]) darkens, of 256.
const BACKDROP_ALPHA: u32 = 150;

/// The colour of the text's shadow.
const SHADOW: [u8; 4] = [0, 0, 0, 255];

/// The largest text scale drawn a frame row at a time: a glyph row is then
/// at most 64 pixels.
const MAX_ROW_SCALE: usize = 8;

/// Frame rows of a line of text that show the same glyph row of the
/// letters and of the shadow (none where they are above or below them).
struct TextRow<'a> {
    text: &'a str,
    x: i64,
    scale: usize,
    /// The frame's width: the rows' length.
    width: usize,
    letters: Option<usize>,
    shadow: Option<usize>,
}

/// Paints the frame rows `lines` (whole rows) of a line of text that
/// `row` describes, on the widest of `paths`.
fn text_row(paths: Paths, lines: &mut [[u8; 4]], row: &TextRow, colour: [u8; 4]) {
    match paths {
        // SAFETY: AVX2 is chosen only where the processor has it.
        #[cfg(target_arch = "x86_64")]
        Paths::Avx2 => unsafe { text_row_avx2(lines, row, colour) },
        _ => text_row_with(lines, row, colour, paint_window),
    }
}

/// [`text_row`] with AVX2's painting of each window, compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn text_row_avx2(lines: &mut [[u8; 4]], row: &TextRow, colour: [u8; 4]) {
    // (A closure in an AVX2 function is compiled for AVX2 too, so the call
    // is safe.)
    text_row_with(lines, row, colour, |l, w, at, letters, shadow, c| {
        paint_window_avx2(l, w, at, letters, shadow, c)
    })
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
struct TextAt<'a> {
    text: &'a str,
    x: i64,
    /// The frame's width: the rows' length.
    width: usize,
    /// The glyph row (0 to [`GLYPH`], the last the shadow's alone) of the
    /// first row.
    first: usize,
}

/// [`text_at_one_with`] with AVX2's painting of each window, compiled for
/// AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn text_at_one_avx2(lines: &mut [[u8; 4]], at: &TextAt, colour: [u8; 4]) {
    text_at_one_with(lines, at, colour, |l, w, x, letters, shadow, c| {
        paint_window_avx2(l, w, x, letters, shadow, c)
    })
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
fn transpose_bytes(m: &mut [u64; 8]) {
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

/// [`paint_window`] in AVX2: each eight pixels with a bit set loaded,
/// blended with the shadow and then the letters through lane masks, and
/// stored, in every row, the masks worked out once for all the rows (a
/// glyph row at scale 3 is three rows of the frame); eights that cross the
/// row's end as [`paint_window`] does.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn paint_window_avx2(
    lines: &mut [[u8; 4]],
    width: usize,
    at: usize,
    letters: u64,
    shadow: u64,
    colour: [u8; 4],
) {
    use std::arch::x86_64::*;
    let lanes = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    let mask = |bits: u64| {
        let set = _mm256_and_si256(_mm256_set1_epi32((bits & 0xFF) as i32), lanes);
        _mm256_cmpeq_epi32(set, lanes)
    };
    let paint = _mm256_set1_epi32(u32::from_ne_bytes(colour) as i32);
    let dark = _mm256_set1_epi32(u32::from_ne_bytes(SHADOW) as i32);
    for k in (0..64).step_by(8) {
        let (l, s) = (letters >> k, shadow >> k);
        if (l | s) & 0xFF == 0 {
            continue;
        }
        let from = at + k;
        if from + 8 > width {
            paint_window(lines, width, from, l & 0xFF, s & 0xFF, colour);
            continue;
        }
        let (on_letters, on_shadow) = (mask(l), mask(s));
        for line in lines.chunks_exact_mut(width) {
            let eight = line[from..from + 8].as_mut_ptr().cast::<__m256i>();
            // SAFETY: pixels `from..from + 8` are in `line`: 32 readable
            // and writable bytes; unaligned.
            unsafe {
                let was = _mm256_loadu_si256(eight);
                let shaded = _mm256_blendv_epi8(was, dark, on_shadow);
                _mm256_storeu_si256(eight, _mm256_blendv_epi8(shaded, paint, on_letters));
            }
        }
    }
}

/// The 8 bits of a glyph row widened to one bit a pixel at `scale` (1 to
/// [`MAX_ROW_SCALE`]): each bit repeated `scale` times. From a table: the
/// widening bit by bit, a test and a shift for each of the eight bits of
/// each glyph row of each character, was 1.8% of a one-core 1920x1080
/// frame (PERF.md entry 131).
#[inline(always)]
fn spread(bits: u8, scale: usize) -> u64 {
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

/// `p` with its colour scaled by `keep` / 256 and its alpha kept: black
/// blended over it with alpha 256 - `keep`, two channels per multiply as
/// in [`super::shade`].
#[inline]
fn darken(p: [u8; 4], keep: u32) -> [u8; 4] {
    const EVEN: u32 = 0x00FF_00FF;
    let alpha = u32::from_ne_bytes([0, 0, 0, 255]);
    let t = u32::from_ne_bytes(p);
    let even = (((t & EVEN) * keep) >> 8) & EVEN;
    let odd = (((t >> 8) & EVEN) * keep) & !EVEN;
    (((even | odd) & !alpha) | (t & alpha)).to_ne_bytes()
}

/// [`darken`] over every pixel of `run` on the widest of `paths`: eight
/// pixels at a time in AVX2, four in SSE2, or one. The same bytes (a test
/// compares).
fn darken_run(paths: Paths, run: &mut [[u8; 4]], keep: u32) {
    match paths {
        // SAFETY: AVX2 is chosen only where the processor has it.
        #[cfg(target_arch = "x86_64")]
        Paths::Avx2 => unsafe { darken_run_avx2(run, keep) },
        // SAFETY: SSE2 is part of every x86-64 processor.
        #[cfg(target_arch = "x86_64")]
        Paths::Sse2 => unsafe { darken_run_sse2(run, keep) },
        _ => {
            for p in run {
                *p = darken(*p, keep);
            }
        }
    }
}

/// Sets every pixel of `run` to `rgba`, eight at a time: a run of eight
/// or more ends with its last eight, setting again the few before them,
/// and one of four to seven is two fours that overlap. The HUD's fills are
/// mostly short (a minimap cell is 5 to 15 pixels across), as are the
/// sparks' rows, where a plain `fill` goes one pixel at a time (PERF.md
/// entries 108 and 134).
pub(super) fn fill_run(run: &mut [[u8; 4]], rgba: [u8; 4]) {
    let n = run.len();
    match n {
        0..4 => run.fill(rgba),
        4..8 => {
            run[..4].copy_from_slice(&[rgba; 4]);
            run[n - 4..].copy_from_slice(&[rgba; 4]);
        }
        _ => {
            for oct in run.as_chunks_mut::<8>().0 {
                *oct = [rgba; 8];
            }
            run[n - 8..].copy_from_slice(&[rgba; 8]);
        }
    }
}

/// [`darken_run`] in AVX2, eight pixels a step (the rest in SSE2), with
/// [`darken_lanes`]' two multiplies an eight and no masking of alpha.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn darken_run_avx2(run: &mut [[u8; 4]], keep: u32) {
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
#[cfg(target_arch = "x86_64")]
fn darken_lanes(keep: u32) -> [u32; 2] {
    let keep = keep.min(256);
    [keep << 16 | keep, 256 << 16 | keep]
}

/// [`darken_run_avx2`] in SSE2 (every x86-64 has it), four pixels a step;
/// the rest one by one.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn darken_run_sse2(run: &mut [[u8; 4]], keep: u32) {
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

/// Blends `rgb` over pixel `p` with `alpha` of 256: what [`darken`] does
/// for black, one channel at a time.
#[cfg(test)]
fn blend(p: &mut [u8; 4], rgb: [u8; 3], alpha: u32) {
    for c in 0..3 {
        p[c] = ((p[c] as u32 * (256 - alpha) + rgb[c] as u32 * alpha) >> 8) as u8;
    }
}

/// A line of HUD text written with `write!` into a fixed buffer on the
/// stack, so drawing the readouts every frame allocates nothing. Text past
/// its capacity is cut at a character boundary.
#[derive(Clone, Copy)]
pub struct Line {
    buf: [u8; LINE_BYTES],
    len: usize,
}

/// The bytes a [`Line`] holds: far more than a readout line's 40 or so.
const LINE_BYTES: usize = 96;

impl Default for Line {
    fn default() -> Self {
        Self {
            buf: [0; LINE_BYTES],
            len: 0,
        }
    }
}

impl Line {
    /// The text written so far.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

impl std::fmt::Write for Line {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for ch in s.chars() {
            let mut utf8 = [0; 4];
            let bytes = ch.encode_utf8(&mut utf8).as_bytes();
            if self.len + bytes.len() > LINE_BYTES {
                break;
            }
            self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
        }
        Ok(())
    }
}

/// Up to [`MAX_LINES`] [`Line`]s, on the stack.
pub struct Lines {
    lines: [Line; MAX_LINES],
    len: usize,
}

/// The most lines a [`Lines`] holds; more are dropped.
pub const MAX_LINES: usize = 16;

impl Default for Lines {
    fn default() -> Self {
        Self {
            lines: [Line::default(); MAX_LINES],
            len: 0,
        }
    }
}

impl Lines {
    /// A new empty line to `write!` into (past the last, the last again,
    /// cleared).
    pub fn next(&mut self) -> &mut Line {
        let i = self.len.min(MAX_LINES - 1);
        self.len = (self.len + 1).min(MAX_LINES);
        self.lines[i] = Line::default();
        &mut self.lines[i]
    }

    /// The lines written, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.lines[..self.len].iter().map(Line::as_str)
    }

    /// How many lines there are.
    pub fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;
    use std::fmt::Write;

    #[test]
    fn lines_hold_formatted_text_and_cut_what_does_not_fit() {
        let mut lines = Lines::default();
        write!(lines.next(), "speed {:6.2}\u{b0}", 1.5).unwrap();
        write!(lines.next(), "{}", "x".repeat(200)).unwrap();
        let all: Vec<&str> = lines.iter().collect();
        assert_eq!(all[0], "speed   1.50\u{b0}");
        assert_eq!(all[1].len(), LINE_BYTES);
        for _ in 0..40 {
            lines.next();
        }
        assert_eq!(lines.len(), MAX_LINES);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every glyph row widened at every scale: pixel `p` of the wide row is
    /// set exactly when bit `p / scale` of the glyph row is.
    #[test]
    fn a_glyph_row_widens_each_bit_to_scale_pixels() {
        for scale in 1..=MAX_ROW_SCALE {
            for bits in 0..=255u8 {
                let want = (0..GLYPH * scale)
                    .filter(|p| bits >> (p / scale) & 1 == 1)
                    .fold(0u64, |wide, p| wide | 1 << p);
                assert_eq!(spread(bits, scale), want, "{bits:#010b} at {scale}");
            }
        }
    }

    #[test]
    fn darkening_two_channels_at_once_matches_blending_black() {
        for p in [
            [0, 0, 0, 255],
            [255, 255, 255, 255],
            [12, 200, 77, 9],
            [255, 1, 128, 0],
        ] {
            let mut blended = p;
            blend(&mut blended, [0, 0, 0], BACKDROP_ALPHA);
            assert_eq!(darken(p, 256 - BACKDROP_ALPHA), blended, "{p:?}");
        }
    }

    /// Text drawn in bands of any height, a glyph row and a run of bits
    /// at a time, paints what setting each glyph pixel of the whole frame
    /// one by one paints: shadow first, then the letters over it.
    #[test]
    fn text_in_bands_paints_each_glyph_pixel_once_over_its_shadow() {
        let (w, h) = (70, 60);
        let text = "Wg@#|_ \u{e9}~";
        for scale in [1, 2, 3, 5, 8, 9] {
            let places = [
                (0, 0),
                (-5, -7),
                (-70, 3),
                (-64, 2),
                (3, 17),
                (20, 41),
                (60, 55),
                (63, 9),
                (69, 30),
            ];
            for (x, y) in places {
                let mut want = vec![[9u8, 9, 9, 255]; w * h];
                for (offset, colour) in [(scale as i64, [0, 0, 0, 255]), (0, [200, 100, 50, 255])] {
                    for (i, ch) in text.chars().enumerate() {
                        for (row, bits) in glyph(ch).iter().enumerate() {
                            for col in 0..GLYPH {
                                if bits >> col & 1 == 0 {
                                    continue;
                                }
                                for dy in 0..scale {
                                    for dx in 0..scale {
                                        let px =
                                            x + ((i * GLYPH + col) * scale + dx) as i64 + offset;
                                        let py = y + (row * scale + dy) as i64 + offset;
                                        if (0..w as i64).contains(&px)
                                            && (0..h as i64).contains(&py)
                                        {
                                            want[py as usize * w + px as usize] = colour;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                let bands = [1, 5, 13, 60].into_iter();
                for (band, paths) in bands.flat_map(|b| Paths::available().map(move |p| (b, p))) {
                    let mut got = vec![[9u8, 9, 9, 255]; w * h];
                    for (b, rows) in got.chunks_mut(band * w).enumerate() {
                        let mut canvas = Canvas::band(rows, w, h, b * band);
                        canvas.paths = paths;
                        canvas.text(x, y, text, scale, [200, 100, 50]);
                    }
                    assert!(
                        got == want,
                        "scale {scale} at ({x}, {y}) in bands of {band}, {paths:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn bytes_transposed_swap_rows_and_columns() {
        let mut z = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..200 {
            let m: [u64; 8] = std::array::from_fn(|_| {
                z ^= z << 13;
                z ^= z >> 7;
                z ^= z << 17;
                z
            });
            let byte = |v: u64, c: usize| v >> (8 * c) & 0xFF;
            let mut t = m;
            transpose_bytes(&mut t);
            for (r, c) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
                assert_eq!(byte(t[r], c), byte(m[c], r), "({r}, {c}) of {m:x?}");
            }
            transpose_bytes(&mut t);
            assert_eq!(t, m);
        }
    }

    /// At scale 1, the text eight glyphs at a time (transposed) paints what
    /// the same text a glyph row at a time does: texts of every length
    /// round a window's eight glyphs, glyphs whose last column carries the
    /// shadow into the next window, at places cut by either edge, in bands
    /// of any height, on every path.
    #[test]
    fn text_at_scale_one_matches_the_text_a_glyph_row_at_a_time() {
        // Glyphs lit in their last column: their shadow crosses into the
        // next glyph's window when they end one.
        let wide: String = (0u8..=255)
            .map(char::from)
            .filter(|&c| glyph(c).iter().any(|b| b & 0x80 != 0))
            .collect();
        assert!(!wide.is_empty(), "no glyph is lit in its last column");
        let pool = format!("{wide}Wg@#|_ \u{e9}~MW{wide}");
        let h = 14;
        for w in [1, 9, 64, 70, 130] {
            for len in (0..=17).chain([24, 40]) {
                let text: String = pool.chars().cycle().skip(len).take(len).collect();
                let columns = [-200, -65, -64, -63, -8, -1, 0, 1, 5, 56, 63, 64, 65];
                let xs = columns
                    .into_iter()
                    .chain([w - 1, w, w + 3].map(|c| c as i64));
                for (x, y) in xs.flat_map(|x| [-9, -8, -1, 0, 3, 5].map(|y| (x, y))) {
                    for (band, paths) in [1, 2, 5, h]
                        .into_iter()
                        .flat_map(|b| Paths::available().map(move |p| (b, p)))
                    {
                        let draw = |by_rows: bool| {
                            let mut got = vec![[9u8, 9, 9, 255]; w * h];
                            for (b, rows) in got.chunks_mut(band * w).enumerate() {
                                let mut canvas = Canvas::band(rows, w, h, b * band);
                                canvas.paths = paths;
                                let colour = [200, 100, 50, 255];
                                if !canvas.meets(y, GLYPH as i64 + 1) {
                                    continue;
                                }
                                if by_rows {
                                    canvas.text_by_rows(x, y, &text, 1, colour);
                                } else {
                                    canvas.text_at_one(x, y, &text, colour);
                                }
                            }
                            got
                        };
                        assert!(
                            draw(false) == draw(true),
                            "{text:?} at ({x}, {y}), {w} wide, bands of {band}, {paths:?}"
                        );
                    }
                }
            }
        }
    }

    /// A run filled eight or four at a time, overlapping at its end, sets
    /// exactly its own pixels: every length from 0 to 40, at every offset
    /// in a row of marked pixels, none outside touched.
    #[test]
    fn filling_a_run_sets_its_pixels_and_no_others() {
        const MARK: [u8; 4] = [1, 2, 3, 4];
        const PAINT: [u8; 4] = [200, 100, 50, 255];
        for len in 0..=40 {
            for at in 0..9 {
                let mut row = vec![MARK; 60];
                fill_run(&mut row[at..at + len], PAINT);
                for (i, &p) in row.iter().enumerate() {
                    let want = if (at..at + len).contains(&i) {
                        PAINT
                    } else {
                        MARK
                    };
                    assert_eq!(p, want, "pixel {i} of a run of {len} from {at}");
                }
            }
        }
    }

    #[test]
    fn darkening_a_run_on_every_path_matches_one_at_a_time() {
        let mut z = 5u32;
        for len in [0, 1, 3, 4, 5, 7, 8, 9, 12, 17, 100] {
            let run: Vec<[u8; 4]> = (0..len)
                .map(|_| {
                    z = z.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    z.to_ne_bytes()
                })
                .collect();
            for keep in [0, 1, 106, 255, 256] {
                let want: Vec<_> = run.iter().map(|&p| darken(p, keep)).collect();
                for paths in Paths::available() {
                    let mut got = run.clone();
                    darken_run(paths, &mut got, keep);
                    assert_eq!(got, want, "{paths:?}, {len} pixels, keep {keep}");
                }
            }
        }
    }
}
