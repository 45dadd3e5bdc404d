//! Where the HUD's parts go and how large: the text scale a frame's
//! height gives, the dial's radius, and the banners centred across the
//! frame (the pause and the death screens).

use super::font::{Canvas, GLYPH};

/// The HUD's text scale in a frame `height` pixels tall: each glyph pixel
/// drawn this many pixels square, one per 400 rows (at least 1).
pub(super) fn text_scale(height: usize) -> usize {
    ((height as f64 / 400.0).round() as usize).max(1)
}

/// The frame size from which body text is never drawn smaller than scale 2
/// (16-pixel glyphs): 960x540, the window's default size. Menus, study
/// panels and the help wrap or page rather than shrink below it.
pub(super) const READABLE_FROM: (usize, usize) = (960, 540);

/// The smallest text scale a frame `width` x `height` allows for body
/// text: 2 from [`READABLE_FROM`] up, else 1 (a small window shrinks).
pub(super) fn readable_floor((width, height): (usize, usize)) -> usize {
    match width >= READABLE_FROM.0 && height >= READABLE_FROM.1 {
        true => 2,
        false => 1,
    }
}

/// The dial's radius at text `scale`, pixels.
pub(super) fn dial_radius(scale: usize) -> f64 {
    36.0 * scale as f64
}

/// A banner centred across the frame: `title` large, a third of the way
/// down or a line below row `clear` if that is lower (the readout and the
/// minimap end there), and under it the pieces of `prompt` as one line
/// ("P", " to resume"), if any.
pub(super) fn banner(
    c: &mut Canvas,
    clear: i64,
    title: &str,
    prompt: Option<&[&str]>,
    scale: usize,
    rgb: [u8; 3],
) {
    let big = scale * 2;
    let y = (c.height as i64 / 3).max(clear + (GLYPH * scale) as i64);
    c.centred(y, &[title], big, rgb);
    if let Some(prompt) = prompt {
        c.centred(y + ((GLYPH + 4) * big) as i64, prompt, scale, rgb);
    }
}
