//! Text in the frame, from the font8x8 bitmap font (8x8 pixels a glyph).
//!
//! - `text`: a line of text painted a frame row at a time, its glyphs'
//!   rows side by side as strings of bits, 64 pixels at a time (AVX2 in
//!   `text/x86.rs`).
//! - `fill`: runs of pixels set or darkened (the backdrops; SSE2 and AVX2
//!   in `fill/x86.rs`).
//! - `lines`: lines of text formatted on the stack, for the readouts.

mod fill;
mod lines;
#[cfg(test)]
mod tests;
mod text;

pub(super) use fill::{darken_run, fill_run};
pub use lines::{Line, Lines};

use super::Paths;
use crate::map::floor_i64;
use font8x8::legacy::{BASIC_LEGACY, LATIN_LEGACY};
use text::{text_row, TextAt, TextRow};

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

    /// The part of this canvas above frame row `height`, as a canvas over a
    /// frame `height` rows tall: the view above the status bar, where
    /// what is laid out from the frame's foot (the gun, the dial, the
    /// bottom line) then sits on the bar rather than under it.
    pub fn above(&mut self, height: usize) -> Canvas<'_> {
        let height = height.min(self.height);
        let y1 = self.y1.min(height).max(self.y0);
        let rows = (y1 - self.y0) * self.width;
        Canvas {
            pixels: &mut self.pixels[..rows],
            width: self.width,
            height,
            y0: self.y0,
            y1,
            paths: self.paths,
            circle: self.circle,
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

    /// Frame row `y`'s pixels, if it is in the band.
    pub fn row_mut(&mut self, y: usize) -> Option<&mut [[u8; 4]]> {
        let w = self.width;
        (self.y0..self.y1)
            .contains(&y)
            .then(|| &mut self.pixels[(y - self.y0) * w..(y - self.y0 + 1) * w])
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
        text::text_at_one(self.paths, lines, &at, colour);
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
        // A rectangle of no width (or less) covers nothing.
        let x1 = (x + w).clamp(x0 as i64, self.width as i64) as usize;
        for yy in self.rows(y, h) {
            let at = (yy - self.y0) * self.width;
            fill_run(&mut self.pixels[at + x0..at + x1], rgba);
        }
    }

    /// Darkens a rectangle, clipped, as a backdrop for text or the minimap.
    pub fn shade_rect(&mut self, x: i64, y: i64, w: i64, h: i64) {
        self.darken(x, y, w, h, 256 - BACKDROP_ALPHA);
    }

    /// Darkens a rectangle, clipped: each colour channel kept `keep` 256ths
    /// of itself (256 unchanged, 0 black; the alpha is kept).
    pub fn darken(&mut self, x: i64, y: i64, w: i64, h: i64, keep: u32) {
        let x0 = x.clamp(0, self.width as i64) as usize;
        // A rectangle of no width (or less) covers nothing.
        let x1 = (x + w).clamp(x0 as i64, self.width as i64) as usize;
        for yy in self.rows(y, h) {
            let at = (yy - self.y0) * self.width;
            darken_run(self.paths, &mut self.pixels[at + x0..at + x1], keep);
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
