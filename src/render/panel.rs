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

/// The largest text scale a panel uses: 24-pixel glyphs.
const MAX_SCALE: usize = 3;
/// The share of the frame's width a panel's lines may take, tenths.
const WIDTH_TENTHS: usize = 9;
/// The share of the frame's height a compact panel (a prompt over play)
/// may take, fifths: the view stays mostly visible.
const COMPACT_FIFTHS: usize = 2;

/// A panel laid out for a frame: the text scale chosen and every line
/// wrapped at word boundaries to the frame's width.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Each glyph pixel drawn this many pixels square (glyphs are
    /// `8 * scale` pixels tall); the answer is three times larger.
    pub scale: usize,
    /// The heading's scale: one more than the text's on a full screen, so
    /// a heading reads as one; the text's in a compact box.
    pub title_scale: usize,
    /// The heading's lines.
    pub title: Vec<String>,
    /// The body's lines (an empty line leaves a gap).
    pub lines: Vec<String>,
    /// The keys' lines.
    pub hint: Vec<String>,
    /// The panel's height, pixels.
    pub height: i64,
}

impl Layout {
    /// `panel` wrapped for a frame `width` pixels wide at `scale`.
    fn at(panel: &Panel, width: usize, scale: usize) -> Self {
        let title_scale = scale + usize::from(!panel.compact);
        let chars = |scale: usize| (width * WIDTH_TENTHS / 10 / (GLYPH * scale)).max(1);
        let wrap = |text: &str| super::help::wrap(text, chars(scale), " ");
        let title = super::help::wrap(&panel.title, chars(title_scale), " ");
        let lines: Vec<String> = panel.lines.iter().flat_map(|l| wrap(l)).collect();
        let hint = wrap(&panel.hint);
        let line_h = line_height(scale);
        let rows = (lines.len() + hint.len()) as i64 + 2;
        let title_h = title.len() as i64 * line_height(title_scale);
        let value = match panel.value {
            Some(_) => (GLYPH * scale * 3) as i64 + line_h,
            None => 0,
        };
        Self {
            scale,
            title_scale,
            height: title_h + rows * line_h + line_h / 2 + value,
            title,
            lines,
            hint,
        }
    }
}

/// The height of a line of text at `scale`, pixels.
fn line_height(scale: usize) -> i64 {
    ((GLYPH + 4) * scale) as i64
}

/// `panel` laid out for a `width` x `height` frame: the largest scale (at
/// most `MAX_SCALE`, 3) at which its wrapped lines fit the frame's height
/// (a compact panel, two fifths of it). From 960x540 up (`layout::READABLE_FROM`) the
/// scale is never below 2; below that size it shrinks only as far as the
/// text needs to fit.
pub fn layout(panel: &Panel, (width, height): (usize, usize)) -> Layout {
    let room = match panel.compact {
        true => height * COMPACT_FIFTHS / 5,
        false => height,
    } as i64;
    let floor = super::layout::readable_floor((width, height));
    (floor..=MAX_SCALE)
        .rev()
        .map(|scale| Layout::at(panel, width, scale))
        .find(|l| l.height <= room)
        .unwrap_or_else(|| Layout::at(panel, width, floor))
}

/// Draws `panel` over `frame`: darkened whole (or, compact, a box at the
/// top), its text as large as [`layout`] finds it fits, wrapped.
pub fn draw_panel(frame: Frame, panel: &Panel) {
    let mut c = Canvas::over(frame);
    let (width, height) = (c.width, c.height);
    let l = layout(panel, (width, height));
    let scale = l.scale;
    let line_h = line_height(scale);
    let shaded = match panel.compact {
        true => l.height.min(height as i64),
        false => height as i64,
    };
    c.shade_rect(0, 0, width as i64, shaded);
    c.shade_rect(0, 0, width as i64, shaded);
    let mut y = if panel.compact {
        line_h / 2
    } else {
        ((height as i64 - l.height) / 2).max(line_h / 2)
    };
    for line in &l.title {
        c.centred(y, &[line], l.title_scale, TITLE);
        y += line_height(l.title_scale);
    }
    y += line_h / 2;
    for line in &l.lines {
        c.centred(y, &[line], scale, TEXT);
        y += line_h;
    }
    if let Some(v) = &panel.value {
        y += line_h / 2;
        c.centred(y, &[v], scale * 3, VALUE);
        y += (GLYPH * scale * 3) as i64 + line_h / 2;
    }
    y += line_h / 2;
    for line in &l.hint {
        c.centred(y, &[line], scale, HINT);
        y += line_h;
    }
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

    #[test]
    fn a_full_screen_s_title_is_larger_than_its_text_a_compact_box_s_is_not() {
        let full = layout(&panel(&["Feel unusual ways of moving."], false), (960, 540));
        assert!(full.title_scale > full.scale, "{full:?}");
        let compact = layout(&panel(&["0 none"], true), (960, 540));
        assert_eq!(compact.title_scale, compact.scale);
    }

    /// A panel of `lines` under a title, with a hint.
    fn panel(lines: &[&str], compact: bool) -> Panel {
        Panel {
            title: "Welcome, and thank you for taking part".into(),
            lines: lines.iter().map(|l| l.to_string()).collect(),
            value: None,
            hint: "Press Enter to begin".into(),
            compact,
        }
    }

    #[test]
    fn text_is_sixteen_pixels_tall_at_the_default_window_and_long_lines_wrap() {
        // A line of 120 characters: the old rule shrank everything to the
        // 8-pixel font so that it fitted on one line.
        let long = "You can stop a condition at any moment with Backspace, and you should if \
                    you feel unwell. Stopping is always fine.";
        let p = panel(&[long, "", "Move with the keys you know."], false);
        let l = layout(&p, (960, 540));
        assert!(l.scale * GLYPH >= 16, "glyphs {} px", l.scale * GLYPH);
        assert!(l.lines.len() > 3, "the long line wraps: {:?}", l.lines);
        let chars = 960 * WIDTH_TENTHS / 10 / (GLYPH * l.scale);
        assert!(l.lines.iter().all(|line| line.chars().count() <= chars));
        assert_eq!(
            l.lines.join(" ").split_whitespace().count(),
            27,
            "no word lost"
        );
        // Larger frames take larger text; small ones shrink to fit.
        assert_eq!(layout(&p, (1920, 1080)).scale, MAX_SCALE);
        assert_eq!(layout(&p, (320, 180)).scale, 1);
        // A tall list keeps 16 pixels at 960x540 and pages nothing away.
        let many: Vec<String> = (0..14).map(|i| format!("{i} a choice")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert_eq!(layout(&panel(&many, false), (960, 540)).scale, 2);
    }

    #[test]
    fn a_compact_prompt_leaves_most_of_the_view_to_play() {
        let mut p = panel(&["0 = no sickness at all ... 20 = frank sickness"], true);
        p.value = Some("12".into());
        p.hint = "number keys or PageUp/PageDown, then Enter (15 s)".into();
        let l = layout(&p, (960, 540));
        assert_eq!(l.scale, 2);
        assert!(l.height <= 540 * 2 / 5, "{}", l.height);
    }
}
