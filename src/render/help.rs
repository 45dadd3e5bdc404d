//! The help overlay (F1): the bindings and the comfort options in force on
//! an opaque panel over everything else. It takes the largest text that
//! fits the frame on one page, in one to `MAX_COLUMNS` columns; where even
//! the smallest text does not fit, it shows pages that the help key turns.

use super::font::{Canvas, GLYPH};
use super::{Hud, View};
use crate::sim::World;

/// One part of the overlay: a title over rows of two texts, the keys and
/// what they do, or an option and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The heading, in capitals.
    pub title: &'static str,
    /// The rows: (left, right).
    pub rows: Vec<(String, String)>,
    /// Where the left text may break onto another line: " / " between
    /// the keys of a binding, " " between words.
    pub breaks: &'static str,
}

/// How a line of the overlay is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A section's heading.
    Title,
    /// A row.
    Text,
    /// The page number and the key that turns the page.
    Footer,
}

/// A line of the overlay and where it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// The left edge of its first glyph, pixels.
    pub x: i64,
    /// The top of its glyphs, pixels.
    pub y: i64,
    /// What it says.
    pub text: String,
    /// How it is drawn.
    pub style: Style,
}

/// The overlay laid out for one frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Each glyph pixel is drawn `scale` x `scale` pixels.
    pub scale: usize,
    /// The panel under the text: x, y, width, height in pixels.
    pub panel: [i64; 4],
    /// Each page's lines; one page when everything fits at once.
    pub pages: Vec<Vec<Placed>>,
}

/// The most columns the overlay is set in.
const MAX_COLUMNS: usize = 3;
/// The narrowest column, characters: narrower, fewer columns are used.
const MIN_COLUMN: usize = 30;
/// The blank characters between two columns.
const COLUMN_GAP: usize = 3;
/// The widest left-hand text, characters: longer lists of keys wrap.
const MAX_LEFT: usize = 34;
/// The narrowest right-hand text beside the left one, characters:
/// narrower, the right text goes under the left, indented.
const MIN_RIGHT: usize = 16;
/// The panel's colour: opaque, so nothing behind it shows through.
const PANEL: [u8; 4] = [16, 18, 24, 255];
const TITLE: [u8; 3] = [255, 220, 120];
const TEXT: [u8; 3] = [235, 235, 220];
const FOOTER: [u8; 3] = [170, 170, 170];

/// The overlay's sections: the bindings (`hud.keys`), then the movement
/// and comfort options in force (the world's tunables, the view's field of
/// view and `hud.input`).
pub fn sections(world: &World, view: &View, hud: &Hud) -> Vec<Section> {
    let t = world.tunables();
    let on = |b: bool| if b { "on" } else { "off" };
    let mut comfort: Vec<(String, String)> = vec![
        ("walking model".into(), t.model.name().into()),
        (
            "camera (polar)".into(),
            format!("along {}", t.coupling.name()),
        ),
        (
            "field of view".into(),
            format!("{:.0} deg", view.fov.to_degrees()),
        ),
        (
            "heading speed".into(),
            format!("{:.0} deg/s", t.heading_speed.to_degrees()),
        ),
        ("head bob".into(), t.head_bob.to_string()),
        ("gyro".into(), format!("{:.0} deg/s2", t.gyro.to_degrees())),
        ("stabilising jets".into(), on(t.flight.stabilise).into()),
        ("view restrictor".into(), t.comfort.vignette.to_string()),
        ("fixed reference".into(), t.comfort.reference.name().into()),
        (
            "snap turning".into(),
            match t.comfort.snap_turn {
                0.0 => "off".to_string(),
                snap => format!("{:.0} deg", snap.to_degrees()),
            },
        ),
    ];
    comfort.extend(hud.input.iter().cloned());
    let controls = Section {
        title: "CONTROLS",
        rows: hud.keys.clone(),
        breaks: " / ",
    };
    // A study's clock runs on under the help (the exposure is the
    // protocol's); play waits. Blind, nothing names the model in force.
    if hud.blind {
        let clock = ("the session".into(), "goes on while this help is up".into());
        let note = Section {
            title: "THE STUDY'S CLOCK RUNS ON",
            rows: vec![clock],
            breaks: " ",
        };
        return vec![note, controls];
    }
    let note = Section {
        title: "PAUSED WHILE THIS HELP IS UP",
        rows: Vec::new(),
        breaks: " ",
    };
    vec![
        note,
        controls,
        Section {
            title: "MOVEMENT AND COMFORT",
            rows: comfort,
            breaks: " ",
        },
    ]
}

/// The overlay for `world` seen through `view` with `hud`'s bindings and
/// options, laid out for a frame `width` x `height` with the HUD's text
/// scale at most.
pub fn laid_out(world: &World, view: &View, hud: &Hud, (width, height): (usize, usize)) -> Layout {
    let key = hud.prompts.help.as_deref();
    let max_scale = super::layout::text_scale(height);
    layout(&sections(world, view, hud), key, (width, height), max_scale)
}

/// How many pages the overlay takes in a frame `width` x `height`.
pub fn pages(world: &World, view: &View, hud: &Hud, size: (usize, usize)) -> usize {
    laid_out(world, view, hud, size).pages.len()
}

/// Draws page `hud.help_page` of the overlay (the last if past it) on its
/// opaque panel.
pub(super) fn draw(world: &World, view: &View, hud: &Hud, c: &mut Canvas) {
    let layout = laid_out(world, view, hud, (c.width, c.height));
    paint(&layout, hud.help_page, c);
}

/// `sections` laid out as the overlay lays out its own, for a frame of
/// `size`: a menu's screen that pages as the help does, `key` turning
/// its pages.
pub fn sections_laid_out(sections: &[Section], key: Option<&str>, size: (usize, usize)) -> Layout {
    layout(sections, key, size, super::layout::text_scale(size.1))
}

/// Draws page `page` (the last if past it) of `sections` laid out by
/// [`sections_laid_out`] over `frame`, on the overlay's opaque panel.
pub fn draw_sections(frame: super::Frame, sections: &[Section], key: Option<&str>, page: usize) {
    let mut c = Canvas::over(frame);
    let layout = sections_laid_out(sections, key, (c.width, c.height));
    paint(&layout, page, &mut c);
}

/// Paints page `page` of `layout` (the last if past it) on its panel.
fn paint(layout: &Layout, page: usize, c: &mut Canvas) {
    let [x, y, w, h] = layout.panel;
    c.fill(x, y, w, h, PANEL);
    let last = layout.pages.len().saturating_sub(1);
    for line in layout.pages.get(page.min(last)).into_iter().flatten() {
        let colour = match line.style {
            Style::Title => TITLE,
            Style::Text => TEXT,
            Style::Footer => FOOTER,
        };
        c.text(line.x, line.y, &line.text, layout.scale, colour);
    }
}

/// The overlay's text in a frame `width` x `height`: the largest scale up
/// to `max_scale` (and never below the frame's readable floor, 2 from
/// 960x540 up) and the fewest columns that put it all on one page,
/// centred on a panel around it; else the floor's scale on pages filling
/// the frame, in the columns that need the fewest, each page saying how
/// to turn it (with `key`, the help key, if bound).
pub fn layout(
    sections: &[Section],
    key: Option<&str>,
    (width, height): (usize, usize),
    max_scale: usize,
) -> Layout {
    let floor = super::layout::readable_floor((width, height));
    for scale in (floor..=max_scale.max(floor)).rev() {
        let grid = Grid::new((width, height), scale);
        for n in 1..=MAX_COLUMNS {
            let Some(cw) = grid.column_width(n) else {
                break;
            };
            let pages = flow(&blocks(sections, cw), grid.rows, n);
            if let [page] = pages.as_slice() {
                return grid.one_page(page, (width, height));
            }
        }
    }
    let grid = Grid::new((width, height), floor);
    // A line of each page is its footer.
    let rows = grid.rows.saturating_sub(1);
    let (n, pages) = (1..=MAX_COLUMNS)
        .filter_map(|n| Some((n, grid.column_width(n)?)))
        .map(|(n, cw)| (n, flow(&blocks(sections, cw), rows, n)))
        .min_by_key(|(_, pages)| pages.len())
        .unwrap_or((1, Vec::new()));
    grid.paged(&pages, n, key, (width, height))
}

/// A line of text and its style.
type Line = (String, Style);

/// Lines that stay together in one column, after a blank line unless they
/// open the column.
struct Block {
    gap: bool,
    lines: Vec<Line>,
}

/// The character grid of the frame at one scale.
struct Grid {
    scale: usize,
    /// A glyph's width and the distance between lines' tops, pixels.
    glyph: i64,
    pitch: i64,
    /// The margin inside the panel, pixels.
    pad: i64,
    /// The characters a line holds and the lines the frame holds.
    chars: usize,
    rows: usize,
}

impl Grid {
    fn new((width, height): (usize, usize), scale: usize) -> Self {
        let s = scale as i64;
        let (glyph, pitch, pad) = ((GLYPH as i64) * s, (GLYPH as i64 + 2) * s, 6 * s);
        // A glyph's shadow reaches one text pixel right of and below it.
        let across = width as i64 - 2 * pad - s;
        let down = height as i64 - 2 * pad - (GLYPH as i64 + 1) * s;
        Self {
            scale,
            glyph,
            pitch,
            pad,
            chars: (across / glyph).max(0) as usize,
            rows: if down < 0 {
                0
            } else {
                (down / pitch + 1) as usize
            },
        }
    }

    /// The characters of each of `n` columns; `None` when they would be
    /// narrower than [`MIN_COLUMN`] (one column takes the whole width).
    fn column_width(&self, n: usize) -> Option<usize> {
        let cw = self.chars.saturating_sub(COLUMN_GAP * (n - 1)) / n;
        match n {
            1 => Some(self.chars.max(1)),
            _ if cw >= MIN_COLUMN => Some(cw),
            _ => None,
        }
    }

    /// `columns` as one page, on a panel just around them, centred.
    fn one_page(&self, columns: &[Vec<Line>], (width, height): (usize, usize)) -> Layout {
        let used: Vec<usize> = columns.iter().map(|c| widest(c)).collect();
        let across = used.iter().sum::<usize>() + COLUMN_GAP * (used.len().max(1) - 1);
        let tallest = columns.iter().map(Vec::len).max().unwrap_or(0).max(1) as i64;
        let s = self.scale as i64;
        let w = 2 * self.pad + across as i64 * self.glyph + s;
        let h = 2 * self.pad + (tallest - 1) * self.pitch + (GLYPH as i64 + 1) * s;
        let (x0, y0) = ((width as i64 - w) / 2, (height as i64 - h) / 2);
        let mut lines = Vec::new();
        let mut x = x0 + self.pad;
        for (column, used) in columns.iter().zip(&used) {
            self.place(column, (x, y0 + self.pad), &mut lines);
            x += (used + COLUMN_GAP) as i64 * self.glyph;
        }
        Layout {
            scale: self.scale,
            panel: [x0, y0, w, h],
            pages: vec![lines],
        }
    }

    /// `pages` of `n` columns each on a panel filling the frame, each with
    /// a footer line at the bottom naming its number and `key`.
    fn paged(
        &self,
        pages: &[Vec<Vec<Line>>],
        n: usize,
        key: Option<&str>,
        (width, height): (usize, usize),
    ) -> Layout {
        let cw = self.column_width(n).unwrap_or(self.chars);
        let footer_y = self.pad + self.rows.saturating_sub(1) as i64 * self.pitch;
        let placed = pages
            .iter()
            .enumerate()
            .map(|(i, columns)| {
                let mut lines = Vec::new();
                for (j, column) in columns.iter().enumerate() {
                    let x = self.pad + (j * (cw + COLUMN_GAP)) as i64 * self.glyph;
                    self.place(column, (x, self.pad), &mut lines);
                }
                let footer: String = page_footer(i, pages.len(), key)
                    .chars()
                    .take(self.chars)
                    .collect();
                lines.push(Placed {
                    x: self.pad,
                    y: footer_y,
                    text: footer,
                    style: Style::Footer,
                });
                lines
            })
            .collect();
        Layout {
            scale: self.scale,
            panel: [0, 0, width as i64, height as i64],
            pages: placed,
        }
    }

    /// Adds `column`'s lines, the first with its top-left at `(x, y)`,
    /// to `out` (blank lines leave their gap).
    fn place(&self, column: &[Line], (x, y): (i64, i64), out: &mut Vec<Placed>) {
        for (i, (text, style)) in column.iter().enumerate() {
            if !text.is_empty() {
                out.push(Placed {
                    x,
                    y: y + i as i64 * self.pitch,
                    text: text.clone(),
                    style: *style,
                });
            }
        }
    }
}

/// The footer of page `i` (from 0) of `pages`: "page 1 of 3 - F1: next
/// page", or on the last "- F1 closes"; no key named when `key` is unbound.
fn page_footer(i: usize, pages: usize, key: Option<&str>) -> String {
    let page = format!("page {} of {pages}", i + 1);
    match key {
        Some(k) if i + 1 < pages => format!("{page} - {k}: next page"),
        Some(k) => format!("{page} - {k} closes"),
        None => page,
    }
}

/// The widest of `lines`, characters.
fn widest(lines: &[Line]) -> usize {
    lines
        .iter()
        .map(|(t, _)| t.chars().count())
        .max()
        .unwrap_or(0)
}

/// The sections as blocks for columns `cw` characters wide: a section's
/// title stays with its first row, each row's lines stay together.
fn blocks(sections: &[Section], cw: usize) -> Vec<Block> {
    let mut blocks = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        let longest = s.rows.iter().map(|(l, _)| l.chars().count()).max();
        let lw = longest.unwrap_or(0).min(cw * 2 / 5).min(MAX_LEFT);
        let mut rows = s.rows.iter().map(|(left, right)| {
            let lines = row_lines((left, right), s.breaks, cw, lw);
            lines
                .into_iter()
                .map(|l| (l, Style::Text))
                .collect::<Vec<_>>()
        });
        let title = (s.title.to_string(), Style::Title);
        blocks.push(Block {
            gap: i > 0,
            lines: std::iter::once(title)
                .chain(rows.next().unwrap_or_default())
                .collect(),
        });
        blocks.extend(rows.map(|lines| Block { gap: false, lines }));
    }
    blocks
}

/// `blocks` poured into columns of `rows` lines, `n` columns a page: a
/// block that does not fit what is left of a column starts the next one
/// (a block taller than a whole column is split).
fn flow(blocks: &[Block], rows: usize, n: usize) -> Vec<Vec<Vec<Line>>> {
    let rows = rows.max(1);
    let mut columns = Vec::new();
    let mut column: Vec<Line> = Vec::new();
    for block in blocks {
        let gap = block.gap && !column.is_empty();
        if !column.is_empty() && column.len() + usize::from(gap) + block.lines.len() > rows {
            columns.push(std::mem::take(&mut column));
        }
        if gap && !column.is_empty() {
            column.push((String::new(), Style::Text));
        }
        for line in &block.lines {
            if column.len() >= rows {
                columns.push(std::mem::take(&mut column));
            }
            column.push(line.clone());
        }
    }
    columns.push(column);
    columns.chunks(n.max(1)).map(<[_]>::to_vec).collect()
}

/// One row in a column `cw` characters wide: the left text in the first
/// `lw` (broken at `breaks`) and the right text two spaces after; where the
/// right text would be narrower than [`MIN_RIGHT`], under it, indented.
fn row_lines((left, right): (&str, &str), breaks: &str, cw: usize, lw: usize) -> Vec<String> {
    let rw = cw.saturating_sub(lw + 2);
    if rw < MIN_RIGHT {
        let mut lines = wrap(left, cw, breaks);
        let under = wrap(right, cw.saturating_sub(2), " ");
        lines.extend(under.into_iter().map(|l| format!("  {l}")));
        return lines;
    }
    let (l, r) = (wrap(left, lw, breaks), wrap(right, rw, " "));
    (0..l.len().max(r.len()))
        .map(|i| {
            let a = l.get(i).map_or("", String::as_str);
            let b = r.get(i).map_or("", String::as_str);
            format!("{a:<lw$}  {b}").trim_end().to_string()
        })
        .collect()
}

/// `text` in lines of at most `width` characters, broken at the
/// separators `breaks` (dropped where a line breaks); a piece longer than
/// a line breaks between its words, and a word longer than a line is cut.
pub(super) fn wrap(text: &str, width: usize, breaks: &str) -> Vec<String> {
    let width = width.max(1);
    let len = |s: &str| s.chars().count();
    let mut lines: Vec<String> = Vec::new();
    for piece in text.split(breaks) {
        match lines.last_mut() {
            Some(last) if len(last) + len(breaks) + len(piece) <= width => {
                last.push_str(breaks);
                last.push_str(piece);
            }
            // A binding too long for a line breaks between its words.
            _ if len(piece) > width && breaks != " " => lines.extend(wrap(piece, width, " ")),
            _ => {
                let chars: Vec<char> = piece.chars().collect();
                lines.extend(chars.chunks(width).map(|c| c.iter().collect::<String>()));
                if chars.is_empty() {
                    lines.push(String::new());
                }
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests;
