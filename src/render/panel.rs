//! A panel of text over the frame: a study's questions and screens. The
//! caller says what the panel holds; this draws it, sized to the frame.

use super::font::{Canvas, GLYPH};
use super::Frame;

/// What a panel shows, top to bottom.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Panel {
    /// The heading.
    pub title: String,
    /// Lines of text under it (empty lines leave a gap).
    pub lines: Vec<String>,
    /// The answer being entered, large, if any.
    pub value: Option<String>,
    /// The keys to use, at the bottom.
    pub hint: String,
    /// A small box at the top of the frame over play (an FMS prompt)
    /// instead of a full screen over a darkened frame.
    pub compact: bool,
}

/// Heading colour.
const TITLE: [u8; 3] = [255, 220, 120];
/// Body text colour.
const TEXT: [u8; 3] = [235, 235, 235];
/// The answer's colour.
const VALUE: [u8; 3] = [120, 220, 255];
/// The keys' colour.
const HINT: [u8; 3] = [170, 170, 170];

/// Draws `panel` over `frame`: darkened whole (or, compact, a box at the
/// top), the text scaled to fit the width.
pub fn draw_panel(frame: Frame, panel: &Panel) {
    let mut c = Canvas::over(frame);
    let (width, height) = (c.width, c.height);
    let longest = std::iter::once(&panel.title)
        .chain(&panel.lines)
        .chain(std::iter::once(&panel.hint))
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    // The largest whole scale at which the longest line fits, at most 3.
    let scale = (width * 9 / 10 / (longest * GLYPH)).clamp(1, 3);
    let line_h = (GLYPH * scale + 4 * scale) as i64;
    let value_scale = scale * 3;
    let rows = 2 + panel.lines.len() as i64 + 2;
    let mut h = rows * line_h
        + if panel.value.is_some() {
            (GLYPH * value_scale) as i64 + line_h
        } else {
            0
        };
    if panel.compact {
        h = h.min(height as i64);
        c.shade_rect(0, 0, width as i64, h);
        c.shade_rect(0, 0, width as i64, h);
    } else {
        c.shade_rect(0, 0, width as i64, height as i64);
        c.shade_rect(0, 0, width as i64, height as i64);
    }
    let mut y = if panel.compact {
        line_h / 2
    } else {
        ((height as i64 - h) / 2).max(line_h / 2)
    };
    c.centred(y, &[&panel.title], scale, TITLE);
    y += line_h * 3 / 2;
    for line in &panel.lines {
        c.centred(y, &[line], scale, TEXT);
        y += line_h;
    }
    if let Some(v) = &panel.value {
        y += line_h / 2;
        c.centred(y, &[v], value_scale, VALUE);
        y += (GLYPH * value_scale) as i64 + line_h / 2;
    }
    y += line_h / 2;
    c.centred(y, &[&panel.hint], scale, HINT);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panel_draws_its_text_and_leaves_a_compact_panels_lower_frame() {
        let (w, h) = (320, 180);
        let mut pixels = vec![100u8; w * h * 4];
        let panel = Panel {
            title: "How sick do you feel?".into(),
            lines: vec!["0 none - 20 frank sickness".into()],
            value: Some("12".into()),
            hint: "Enter to answer".into(),
            compact: true,
        };
        draw_panel(Frame::new(&mut pixels, w, h), &panel);
        let value_px = pixels.chunks(4).filter(|p| p[..3] == VALUE).count();
        assert!(value_px > 50, "the answer is drawn large: {value_px}");
        let last_row = &pixels[(h - 1) * w * 4..];
        assert!(
            last_row.iter().all(|&b| b == 100),
            "play shows below the box"
        );
    }
}
