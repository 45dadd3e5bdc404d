//! The plots of a study report, drawn with plotters, each a PNG of
//! [`SIZE`] pixels: the Fast Motion Sickness ratings over time per
//! condition ([`fms_over_time`]), the same per condition in panels with a
//! model's fitted line ([`fms_with_model`]), the share still playing each
//! condition over time ([`still_playing`]), the change in the Simulator
//! Sickness Questionnaire's total score per condition ([`ssq_change`]),
//! and a metric against the peak FMS ([`scatter`]).
//!
//! Every plot has its title first and large (the caller may start it with
//! "SIMULATED DATA"), a subtitle, and its key in a strip of its own under
//! them, so nothing covers the data. Conditions take the Okabe-Ito colours,
//! told apart with any colour vision. Empty inputs draw the empty axes with
//! a note saying so; values that are not finite are left out, and a point
//! or a set of equal values still gets axes of non-zero width.
//!
//! The module stands alone (plotters, dejavu, image to encode the PNG,
//! thiserror and std), so it can be developed and tested outside the
//! game's crate. It writes its file with `std::fs::write`, over any file
//! already at the path.

mod fms;
mod model;
mod scatter;
mod ssq;
mod survival;

pub use fms::{fms_over_time, Band};
pub use model::{fms_with_model, Fitted, Panel};
pub use scatter::scatter;
pub use ssq::{ssq_change, Group};
pub use survival::{still_playing, Curve, Step};

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};

/// Size of every study plot, pixels.
pub const SIZE: (u32, u32) = (1200, 800);
/// The FMS scale's top: 0 is no sickness, 20 frank sickness.
pub const FMS_MAX: f64 = 20.0;
/// One colour per condition, in input order (repeating after six): the
/// feel lab's Okabe-Ito palette less its black and its yellow, which is
/// too faint on white.
pub const COLOURS: [RGBColor; 6] = {
    let c = crate::feel::plot::COLOURS;
    [c[0], c[1], c[2], c[3], c[4], c[5]]
};
/// Grey for notes and for key swatches that stand for every condition.
const GREY: RGBColor = RGBColor(110, 110, 110);

/// Space left and right of the title and key, pixels.
const MARGIN_PX: i32 = 24;
/// The title's font size, pixels; shrunk to fit a long title.
const TITLE_PX: u32 = 30;
/// The subtitle's font size, pixels.
const SUBTITLE_PX: u32 = 18;
/// The title's top, pixels from the plot's.
const TITLE_TOP_PX: i32 = 14;
/// The subtitle's top, pixels from the plot's.
const SUBTITLE_TOP_PX: i32 = 54;
/// Height of the title and subtitle together, pixels.
const HEADER_PX: u32 = 84;
/// The smallest font any text is shrunk to before it is cut short, pixels.
const MIN_TEXT_PX: u32 = 12;
/// The key's font size, pixels.
const KEY_PX: u32 = 18;
/// Height of one row of the key, pixels.
const KEY_ROW_PX: u32 = 34;
/// Width of a key swatch, pixels.
const SWATCH_PX: i32 = 40;
/// Half the height of a key swatch's band or box, pixels.
const SWATCH_HALF_HEIGHT_PX: i32 = 9;
/// Space between a key swatch and its label, pixels.
const SWATCH_GAP_PX: i32 = 8;
/// Space after each key entry, pixels.
const KEY_GAP_PX: i32 = 36;
/// Font size of the axis names, pixels.
const AXIS_NAME_PX: u32 = 20;
/// Font size of the tick labels, pixels.
const TICK_PX: u32 = 16;
/// Room under the plotting area for tick labels and the axis name, pixels.
const X_LABEL_AREA_PX: u32 = 64;
/// Room left of the plotting area for tick labels and the axis name, pixels.
const Y_LABEL_AREA_PX: u32 = 84;
/// Space left of the y axis' name, pixels.
const CHART_LEFT_PX: u32 = 16;
/// Space right of the plotting area, pixels.
const CHART_RIGHT_PX: u32 = 36;

/// How many labelled ticks a continuous axis has at most.
const TICKS: usize = 10;
/// Width of a median line, pixels.
const LINE_PX: u32 = 3;
/// Radius of a median's marker and of a participant's dot, pixels.
const MARKER_PX: i32 = 5;
/// Opacity of an interquartile band or box fill.
const BAND_ALPHA: f64 = 0.15;
/// Width of an FMS whisker and an SSQ box's outline, pixels.
const BOX_LINE_PX: u32 = 2;
/// Thickness of an SSQ median bar, pixels.
const MEDIAN_BAR_PX: u32 = 4;
/// Length of a dash of the zero line, pixels.
const ZERO_DASH_PX: u32 = 10;
/// Gap between the zero line's dashes, pixels.
const ZERO_GAP_PX: u32 = 6;
/// Half the height of a censoring tick, pixels.
const TICK_HALF_PX: i32 = 7;
/// Opacity of a participant's or a scatter point's fill.
const DOT_ALPHA: f64 = 0.55;
/// Share of a value range added on each side of a computed axis.
const PAD_SHARE: f64 = 0.06;

/// The FMS axis range: the whole scale and a little over, so markers at
/// 0 and 20 show in full.
const FMS_RANGE: (f64, f64) = (-0.6, FMS_MAX + 0.6);
/// Why a plot could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// A band's columns differ in length, so its ratings do not line up.
    #[error(
        "cannot plot {}: condition {label:?} has {t} times, {median} medians, \
         {q1} first and {q3} third quartiles and {n} counts; they must be equal",
        path.display()
    )]
    UnevenBand {
        /// The plot's file.
        path: PathBuf,
        /// The band's label.
        label: String,
        /// Length of `t_s`.
        t: usize,
        /// Length of `median`.
        median: usize,
        /// Length of `q1`.
        q1: usize,
        /// Length of `q3`.
        q3: usize,
        /// Length of `n`.
        n: usize,
    },
    /// Plotters failed to draw (a font fault, most likely).
    #[error("cannot draw {}", path.display())]
    Draw {
        /// The plot's file.
        path: PathBuf,
        /// Plotters' error.
        #[source]
        source: DrawError,
    },
    /// The drawn pixels could not be encoded as PNG.
    #[error("cannot encode {} as PNG", path.display())]
    Encode {
        /// The plot's file.
        path: PathBuf,
        /// The encoder's error.
        #[source]
        source: image::ImageError,
    },
    /// The PNG could not be written.
    #[error("cannot write {}", path.display())]
    Write {
        /// The plot's file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// Plotters' error while drawing into a pixel buffer.
pub type DrawError = DrawingAreaErrorKind<<BitMapBackend<'static> as DrawingBackend>::ErrorType>;

/// The numbers a box is drawn from.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Summary {
    /// How many finite values there were.
    n: usize,
    q1: f64,
    median: f64,
    q3: f64,
}

/// The `q` quantile (0 to 1) of `sorted`, interpolating linearly between
/// neighbours (Hyndman and Fan's type 7, R's and numpy's default).
/// `sorted` must not be empty.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    crate::stats::quantile_of_sorted_by(sorted.len(), q, |i| sorted[i])
}

/// Count, quartiles and median of the [`plottable`] `values`; `None` if
/// none is.
fn summary(values: &[f64]) -> Option<Summary> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|&v| plottable(v)).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    Some(Summary {
        n: sorted.len(),
        q1: quantile(&sorted, 0.25),
        median: quantile(&sorted, 0.5),
        q3: quantile(&sorted, 0.75),
    })
}

/// Whether `v` can be drawn: finite, and small enough that an axis
/// spanning it and its opposite, with margins, is finite too (plotters
/// cannot lay out an infinite axis). Anything else counts as missing.
fn plottable(v: f64) -> bool {
    v.abs() <= f64::MAX / 4.0
}

/// The smallest and largest [`plottable`] value; `None` if none is.
fn extent(values: impl IntoIterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .into_iter()
        .filter(|&v| plottable(v))
        .fold(None, |range, v| match range {
            None => Some((v, v)),
            Some((lo, hi)) => Some((f64::min(lo, v), f64::max(hi, v))),
        })
}

/// `lo..hi` widened by `share` of its span on each side. Never empty: a
/// single value gets a tenth of its size (or 1 at zero) each side.
fn padded((lo, hi): (f64, f64), share: f64) -> (f64, f64) {
    let span = hi - lo;
    let pad = if span > 0.0 {
        span * share
    } else if lo != 0.0 {
        lo.abs() * 0.1
    } else {
        1.0
    };
    (lo - pad, hi + pad)
}

/// Participant `i`'s sideways offset, -0.5 to 0.5: the golden-ratio
/// sequence, which spreads any number of dots evenly with no random source.
fn jitter(i: usize) -> f64 {
    const GOLDEN: f64 = 0.618_033_988_749_895;
    (i as f64 * GOLDEN).fract() - 0.5
}

/// Condition `i`'s colour.
fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

/// The sans-serif font at `px` pixels.
fn font(px: u32, style: FontStyle) -> TextStyle<'static> {
    FontDesc::new(FontFamily::SansSerif, f64::from(px), style).into()
}

/// A drawing area in pixels.
type Area<'a> = DrawingArea<BitMapBackend<'a>, Shift>;

/// A chart with `f64` axes.
type Chart<'a, 'b> =
    ChartContext<'a, BitMapBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Draws with `draw` on a white [`SIZE`] canvas and writes it to `path`
/// as PNG.
fn render(path: &Path, draw: impl FnOnce(&Area) -> Result<(), DrawError>) -> Result<(), PlotError> {
    crate::feel::plot::register_fonts();
    let mut rgb = vec![0u8; SIZE.0 as usize * SIZE.1 as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
        root.fill(&WHITE)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present())
            .map_err(|source| PlotError::Draw {
                path: path.to_owned(),
                source,
            })?;
    }
    let png = crate::feel::plot::encode_png(&rgb, SIZE).map_err(|source| PlotError::Encode {
        path: path.to_owned(),
        source,
    })?;
    std::fs::write(path, png).map_err(|source| PlotError::Write {
        path: path.to_owned(),
        source,
    })
}

/// `text` in the largest font from `px` down to [`MIN_TEXT_PX`] that fits
/// `width` pixels, cut short with an ellipsis if even the smallest does not.
fn fit(
    area: &Area,
    text: &str,
    (px, style): (u32, FontStyle),
    width: u32,
) -> Result<(String, TextStyle<'static>), DrawError> {
    for size in (MIN_TEXT_PX..=px.max(MIN_TEXT_PX)).rev() {
        let font = font(size, style);
        if area.estimate_text_size(text, &font)?.0 <= width {
            return Ok((text.to_owned(), font));
        }
    }
    let font = font(MIN_TEXT_PX, style);
    let mut cut = text.to_owned();
    while cut.pop().is_some() {
        let shown = format!("{}…", cut.trim_end());
        if area.estimate_text_size(&shown, &font)?.0 <= width {
            return Ok((shown, font));
        }
    }
    Ok((String::new(), font))
}

/// Draws `title` in bold and `subtitle` under it, each shrunk to the
/// width; returns the area below them.
fn header<'a>(area: &Area<'a>, title: &str, subtitle: &str) -> Result<Area<'a>, DrawError> {
    let width = area.dim_in_pixel().0.saturating_sub(2 * MARGIN_PX as u32);
    let (shown, style) = fit(area, title, (TITLE_PX, FontStyle::Bold), width)?;
    area.draw(&Text::new(shown, (MARGIN_PX, TITLE_TOP_PX), style))?;
    let (shown, style) = fit(area, subtitle, (SUBTITLE_PX, FontStyle::Normal), width)?;
    let at = (MARGIN_PX, SUBTITLE_TOP_PX);
    area.draw(&Text::new(shown, at, style.color(&GREY)))?;
    Ok(area.split_vertically(HEADER_PX).1)
}

/// What a key entry's swatch shows.
#[derive(Debug, Clone, Copy)]
enum Swatch {
    /// A median line with its marker over a translucent band.
    Band(RGBColor),
    /// A participant's dot.
    Dot,
    /// An interquartile box.
    Box,
    /// A median bar.
    Median,
    /// The dashed zero line.
    Zero,
    /// A line over a translucent band, no marker: a fitted line or a
    /// survival curve with its interval.
    Line(RGBColor),
    /// A short upright tick: a censored time.
    Tick,
}

/// Draws `swatch` in the [`SWATCH_PX`]-wide slot whose left end is at
/// `(x, y)`, `y` its middle, as the plot draws what it stands for.
fn draw_swatch(area: &Area, swatch: Swatch, (x, y): (i32, i32)) -> Result<(), DrawError> {
    let (x1, mid, h) = (x + SWATCH_PX, x + SWATCH_PX / 2, SWATCH_HALF_HEIGHT_PX);
    let across =
        |width: u32, c: RGBColor| PathElement::new(vec![(x, y), (x1, y)], c.stroke_width(width));
    match swatch {
        Swatch::Band(c) => {
            let band = [(x, y - h), (x1, y + h)];
            area.draw(&Rectangle::new(band, c.mix(BAND_ALPHA).filled()))?;
            area.draw(&across(LINE_PX, c))?;
            area.draw(&Circle::new((mid, y), MARKER_PX, c.filled()))
        }
        Swatch::Dot => {
            area.draw(&Circle::new(
                (mid, y),
                MARKER_PX,
                GREY.mix(DOT_ALPHA).filled(),
            ))?;
            area.draw(&Circle::new((mid, y), MARKER_PX, GREY.stroke_width(1)))
        }
        Swatch::Box => {
            let corners = [(mid - h, y - h), (mid + h, y + h)];
            area.draw(&Rectangle::new(corners, GREY.mix(BAND_ALPHA).filled()))?;
            area.draw(&Rectangle::new(corners, GREY.stroke_width(BOX_LINE_PX)))
        }
        Swatch::Median => area.draw(&across(MEDIAN_BAR_PX, BLACK)),
        Swatch::Line(c) => {
            let band = [(x, y - h), (x1, y + h)];
            area.draw(&Rectangle::new(band, c.mix(BAND_ALPHA).filled()))?;
            area.draw(&across(LINE_PX, c))
        }
        Swatch::Tick => {
            let tick = vec![(mid, y - TICK_HALF_PX), (mid, y + TICK_HALF_PX)];
            area.draw(&PathElement::new(tick, BLACK.stroke_width(BOX_LINE_PX)))
        }
        Swatch::Zero => {
            let step = (ZERO_DASH_PX + ZERO_GAP_PX) as usize;
            for a in (x..x1).step_by(step) {
                let dash = vec![(a, y), ((a + ZERO_DASH_PX as i32).min(x1), y)];
                area.draw(&PathElement::new(dash, BLACK.stroke_width(1)))?;
            }
            Ok(())
        }
    }
}

/// Draws the key: a swatch and a label per entry, left to right, wrapping
/// to as many rows as it needs; returns the area under it.
fn key<'a>(area: &Area<'a>, entries: &[(Swatch, String)]) -> Result<Area<'a>, DrawError> {
    if entries.is_empty() {
        return Ok(area.clone());
    }
    let right = area.dim_in_pixel().0 as i32 - MARGIN_PX;
    let label_room = (right - MARGIN_PX - SWATCH_PX - SWATCH_GAP_PX).max(0) as u32;
    let (mut x, mut row) = (MARGIN_PX, 0);
    let mut placed = Vec::new();
    for (swatch, label) in entries {
        let (shown, style) = fit(area, label, (KEY_PX, FontStyle::Normal), label_room)?;
        let width = SWATCH_PX + SWATCH_GAP_PX + area.estimate_text_size(&shown, &style)?.0 as i32;
        if x > MARGIN_PX && x + width > right {
            (x, row) = (MARGIN_PX, row + 1);
        }
        placed.push((*swatch, shown, style, (x, row)));
        x += width + KEY_GAP_PX;
    }
    let (strip, rest) = area.split_vertically((row + 1) * KEY_ROW_PX as i32);
    for (swatch, shown, style, (x, row)) in placed {
        let y = row * KEY_ROW_PX as i32 + KEY_ROW_PX as i32 / 2;
        draw_swatch(&strip, swatch, (x, y))?;
        let style = style.pos(Pos::new(HPos::Left, VPos::Center));
        strip.draw(&Text::new(shown, (x + SWATCH_PX + SWATCH_GAP_PX, y), style))?;
    }
    Ok(rest)
}

/// A chart on `area` over `x` by `y` with the axes named; `x_ticks`
/// labelled ticks across (0 for none, where the caller labels the x axis
/// itself).
fn axes<'a, 'b>(
    area: &'a Area<'b>,
    (x_name, y_name): (&str, &str),
    (x, y): ((f64, f64), (f64, f64)),
    x_ticks: usize,
) -> Result<Chart<'a, 'b>, DrawError> {
    let mut chart = ChartBuilder::on(area)
        .margin_top(8)
        // Plotters sets the rotated y axis name a little past the area's
        // left edge.
        .margin_left(CHART_LEFT_PX)
        .margin_right(CHART_RIGHT_PX)
        .x_label_area_size(X_LABEL_AREA_PX)
        .y_label_area_size(Y_LABEL_AREA_PX)
        .build_cartesian_2d(x.0..x.1, y.0..y.1)?;
    let x_tick = |v: &f64| format!("{v:.*}", decimals(x.1 - x.0));
    let y_tick = |v: &f64| format!("{v:.*}", decimals(y.1 - y.0));
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(x_name)
        .x_label_formatter(&x_tick)
        .y_label_formatter(&y_tick)
        .y_desc(y_name)
        .axis_desc_style(font(AXIS_NAME_PX, FontStyle::Normal))
        .label_style(font(TICK_PX, FontStyle::Normal))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.1))
        .x_labels(x_ticks);
    if x_ticks == 0 {
        mesh.disable_x_mesh();
    }
    mesh.draw()?;
    Ok(chart)
}

/// How many decimals the ticks of an axis `span` long need: enough for
/// steps a tenth of the span, which plotters' ticks are not finer than.
fn decimals(span: f64) -> usize {
    let places = -(span / 10.0).log10().floor();
    if places.is_finite() && places > 0.0 {
        (places as usize).min(MAX_DECIMALS)
    } else {
        0
    }
}

/// The most decimals a tick label shows.
const MAX_DECIMALS: usize = 9;

/// Writes `text` in grey in the middle of `chart`, for a plot with no data.
fn note(chart: &Chart, text: &str) -> Result<(), DrawError> {
    let (x, y) = (chart.x_range(), chart.y_range());
    let middle = ((x.start + x.end) / 2.0, (y.start + y.end) / 2.0);
    let style = font(AXIS_NAME_PX, FontStyle::Normal)
        .color(&GREY)
        .pos(Pos::new(HPos::Center, VPos::Center));
    chart
        .plotting_area()
        .draw(&Text::new(text.to_owned(), middle, style))
}

/// Draws `points` as dots `radius` pixels across, translucent so that
/// coinciding ones show darker, each outlined.
fn draw_points(
    chart: &mut Chart,
    points: &[(f64, f64)],
    radius: i32,
    c: RGBColor,
) -> Result<(), DrawError> {
    let fill = c.mix(DOT_ALPHA).filled();
    chart.draw_series(points.iter().map(|&p| Circle::new(p, radius, fill)))?;
    let outline = c.stroke_width(1);
    chart.draw_series(points.iter().map(|&p| Circle::new(p, radius, outline)))?;
    Ok(())
}

#[cfg(test)]
mod tests;
