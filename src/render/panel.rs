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
    /// A strip at the top edge over play (an in-play prompt), at most a
    /// tenth of the frame's area from 640x360 up, instead of a full
    /// screen over a darkened frame.
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
/// A compact panel (a prompt over play) covers at most one part in this
/// many of the frame's area: a larger box over the view in one condition
/// more than another would be a stimulus of its own (a periodic
/// restriction of the field of view).
const COMPACT_AREA_PARTS: usize = 10;

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

/// What parts a line's groups (a scale's anchors, `0 none   1 slight`):
/// where such a line wraps, it breaks between groups, so a number stays
/// with its word; a group longer than a line breaks between its words.
const GROUP_GAP: &str = "   ";

impl Layout {
    /// `panel` as a strip across a frame `width` pixels wide at `scale`:
    /// every line at the text's scale, wrapped to the width less a glyph
    /// each side, the answer (if any) a line of its own.
    fn strip(panel: &Panel, width: usize, scale: usize) -> Self {
        let chars = (width.saturating_sub(2 * GLYPH * scale) / (GLYPH * scale)).max(1);
        let wrap = |text: &str| super::help::wrap(text, chars, " ");
        let title = wrap(&panel.title);
        let lines: Vec<String> = panel.lines.iter().flat_map(|l| wrap(l)).collect();
        let hint = match panel.hint.is_empty() {
            true => Vec::new(),
            false => wrap(&panel.hint),
        };
        let rows = title.len() + lines.len() + hint.len() + usize::from(panel.value.is_some());
        Self {
            scale,
            title_scale: scale,
            height: strip_pad(scale) + rows as i64 * line_height(scale),
            title,
            lines,
            hint,
        }
    }

    /// `panel` wrapped for a frame `width` pixels wide at `scale`.
    fn at(panel: &Panel, width: usize, scale: usize) -> Self {
        let title_scale = scale + usize::from(!panel.compact);
        let chars = |scale: usize| (width * WIDTH_TENTHS / 10 / (GLYPH * scale)).max(1);
        let wrap = |text: &str| super::help::wrap(text, chars(scale), " ");
        let title = super::help::wrap(&panel.title, chars(title_scale), " ");
        let lines: Vec<String> = panel
            .lines
            .iter()
            .flat_map(|l| super::help::wrap(l, chars(scale), GROUP_GAP))
            .collect();
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

/// The space above a strip's first line, pixels.
fn strip_pad(scale: usize) -> i64 {
    2 * scale as i64
}

/// The height of a line of text at `scale`, pixels.
fn line_height(scale: usize) -> i64 {
    ((GLYPH + 4) * scale) as i64
}

/// `panel` laid out for a `width` x `height` frame: the largest scale (at
/// most `MAX_SCALE`, 3) at which its wrapped lines fit the frame's height.
/// From 960x540 up (`layout::READABLE_FROM`) the scale is never below 2;
/// below that size it shrinks only as far as the text needs to fit. A
/// compact panel is a strip across the top at the largest scale at which
/// it covers at most a tenth of the frame (scale 1 if none does: below
/// 640x360, two lines take more).
pub fn layout(panel: &Panel, (width, height): (usize, usize)) -> Layout {
    if panel.compact {
        let room = (width * height / COMPACT_AREA_PARTS) as i64;
        return (1..=MAX_SCALE)
            .rev()
            .map(|scale| Layout::strip(panel, width, scale))
            .find(|l| l.height * width as i64 <= room)
            .unwrap_or_else(|| Layout::strip(panel, width, 1));
    }
    let room = height as i64;
    let floor = super::layout::readable_floor((width, height));
    (floor..=MAX_SCALE)
        .rev()
        .map(|scale| Layout::at(panel, width, scale))
        .find(|l| l.height <= room)
        .unwrap_or_else(|| Layout::at(panel, width, floor))
}

/// Draws `panel` over `frame`: darkened whole (or, compact, a strip at
/// the top), its text as large as [`layout`] finds it fits, wrapped.
pub fn draw_panel(frame: Frame, panel: &Panel) {
    let mut c = Canvas::over(frame);
    let (width, height) = (c.width, c.height);
    let l = layout(panel, (width, height));
    if panel.compact {
        draw_strip(&mut c, panel, &l);
        return;
    }
    let scale = l.scale;
    let line_h = line_height(scale);
    // Shaded twice: the frame behind is darkened enough to read over.
    c.shade_rect(0, 0, width as i64, height as i64);
    c.shade_rect(0, 0, width as i64, height as i64);
    let mut y = ((height as i64 - l.height) / 2).max(line_h / 2);
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

/// Draws the compact `panel`, laid out as `l`: a darkened strip across
/// the top, nothing below it touched.
fn draw_strip(c: &mut Canvas, panel: &Panel, l: &Layout) {
    let width = c.width as i64;
    let height = l.height.min(c.height as i64);
    c.shade_rect(0, 0, width, height);
    c.shade_rect(0, 0, width, height);
    let line_h = line_height(l.scale);
    let mut y = strip_pad(l.scale);
    let value = panel.value.as_ref().map(|v| (v, VALUE));
    let rows = (l.title.iter().map(|t| (t, TITLE)))
        .chain(l.lines.iter().map(|t| (t, TEXT)))
        .chain(value)
        .chain(l.hint.iter().map(|t| (t, HINT)));
    for (text, rgb) in rows {
        c.centred(y, &[text], l.scale, rgb);
        y += line_h;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panel_draws_its_text_and_leaves_a_compact_panels_lower_frame() {
        let (w, h) = (960, 540);
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
        assert!(value_px > 20, "the answer is drawn: {value_px}");
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
    fn a_scale_s_anchors_wrap_between_groups_keeping_each_number_with_its_word() {
        let anchors = "0 none   1 slight   2 moderate   3 severe";
        let l = layout(&panel(&[anchors], false), (960, 540));
        assert!(
            l.lines.len() > 1,
            "too wide for one line here: {:?}",
            l.lines
        );
        for group in ["0 none", "1 slight", "2 moderate", "3 severe"] {
            assert!(
                l.lines.iter().any(|line| line.contains(group)),
                "{group:?} split in {:?}",
                l.lines
            );
        }
        // Where it fits, the line is as written.
        let wide = layout(&panel(&[anchors], false), (1920, 1080));
        assert_eq!(wide.lines, [anchors]);
    }

    #[test]
    fn a_compact_prompt_covers_a_tenth_of_the_frame_at_most() {
        let mut p = panel(
            &["0 none ... 20 frank sickness:  12  then Enter (15 s)"],
            true,
        );
        p.title = "How sick do you feel now? (nausea, discomfort, stomach)".into();
        p.hint = String::new();
        for (w, h, scale) in [
            (960, 540, 2),
            (640, 360, 1),
            (1920, 1080, 3),
            (1280, 1024, 2),
        ] {
            let l = layout(&p, (w, h));
            assert_eq!(l.scale, scale, "{w}x{h}");
            assert!(l.height as usize * 10 <= h, "{w}x{h}: {}", l.height);
        }
    }
}
