//! Text in the frame, from the font8x8 bitmap font (8x8 pixels a glyph).

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

/// A target for text: the frame and its size.
pub struct Canvas<'a> {
    /// The pixels, row-major.
    pub pixels: &'a mut [[u8; 4]],
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
}

impl Canvas<'_> {
    /// Sets one pixel, ignoring positions outside the frame.
    pub fn put(&mut self, x: i64, y: i64, rgba: [u8; 4]) {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            self.pixels[y as usize * self.width + x as usize] = rgba;
        }
    }

    /// Blends `rgb` over one pixel with `alpha` of 256.
    pub fn blend(&mut self, x: i64, y: i64, rgb: [u8; 3], alpha: u32) {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            let p = &mut self.pixels[y as usize * self.width + x as usize];
            for c in 0..3 {
                p[c] = ((p[c] as u32 * (256 - alpha) + rgb[c] as u32 * alpha) >> 8) as u8;
            }
        }
    }

    /// Draws `text` with its top-left corner at (`x`, `y`), each glyph
    /// pixel `scale` x `scale`, with a one-pixel dark shadow for contrast.
    pub fn text(&mut self, x: i64, y: i64, text: &str, scale: usize, rgb: [u8; 3]) {
        let s = scale as i64;
        for pass in 0..2 {
            let (offset, colour) = if pass == 0 {
                (s.max(1), [0, 0, 0, 255])
            } else {
                (0, [rgb[0], rgb[1], rgb[2], 255])
            };
            for (i, ch) in text.chars().enumerate() {
                let gx = x + (i * GLYPH) as i64 * s + offset;
                for (row, bits) in glyph(ch).iter().enumerate() {
                    for col in 0..GLYPH {
                        if bits >> col & 1 == 1 {
                            let (px, py) = (gx + col as i64 * s, y + offset + row as i64 * s);
                            self.fill(px, py, s, s, colour);
                        }
                    }
                }
            }
        }
    }

    /// Fills a rectangle, clipped to the frame.
    pub fn fill(&mut self, x: i64, y: i64, w: i64, h: i64, rgba: [u8; 4]) {
        let x0 = x.clamp(0, self.width as i64) as usize;
        let x1 = (x + w).clamp(0, self.width as i64) as usize;
        let y0 = y.clamp(0, self.height as i64) as usize;
        let y1 = (y + h).clamp(0, self.height as i64) as usize;
        for yy in y0..y1 {
            self.pixels[yy * self.width + x0..yy * self.width + x1].fill(rgba);
        }
    }

    /// Darkens a rectangle, clipped, as a backdrop for text or the minimap.
    pub fn shade_rect(&mut self, x: i64, y: i64, w: i64, h: i64) {
        for yy in y.max(0)..(y + h).min(self.height as i64) {
            for xx in x.max(0)..(x + w).min(self.width as i64) {
                self.blend(xx, yy, [0, 0, 0], 150);
            }
        }
    }

    /// A line from (x0, y0) to (x1, y1), one pixel wide (DDA).
    pub fn line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, rgba: [u8; 4]) {
        let n = (x1 - x0)
            .abs()
            .max((y1 - y0).abs())
            .ceil()
            .clamp(1.0, 4096.0) as usize;
        for i in 0..=n {
            let t = i as f64 / n as f64;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            self.put(x.floor() as i64, y.floor() as i64, rgba);
        }
    }
}
