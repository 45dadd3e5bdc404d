//! The three plots of a study report, drawn with plotters, each a PNG of
//! [`SIZE`] pixels: the Fast Motion Sickness ratings over time per
//! condition ([`fms_over_time`]), the change in the Simulator Sickness
//! Questionnaire's total score per condition ([`ssq_change`]), and a
//! metric against the peak FMS ([`scatter`]).
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
/// The FMS plot's time axis spans at least this, seconds, from zero or
/// the first rating if that is earlier.
const MIN_TIME_SPAN_S: f64 = 60.0;
/// Conditions' lines lie this share of the shortest rating interval apart
/// in time, so that equal medians do not hide one another.
const DODGE_SHARE: f64 = 0.04;
/// All conditions together spread over at most this share of the shortest
/// rating interval.
const DODGE_SPREAD_SHARE: f64 = 0.25;
/// Font size of the rating counts under the FMS axis, pixels.
const COUNT_PX: u32 = 15;
/// Height of one row of rating counts, pixels.
const COUNT_ROW_PX: u32 = 20;
/// Counts closer than this are thinned out, pixels.
const COUNT_GAP_PX: i32 = 32;
/// Space between the counts' name and the plotting area's left edge,
/// pixels.
const COUNT_LABEL_GAP_PX: i32 = 10;
/// Space under the last row of counts, pixels.
const COUNT_BOTTOM_PX: u32 = 8;

/// Half the width of an SSQ box, in condition slots (one slot per
/// condition).
const BOX_HALF_WIDTH: f64 = 0.22;
/// Width of an FMS whisker and an SSQ box's outline, pixels.
const BOX_LINE_PX: u32 = 2;
/// Thickness of an SSQ median bar, pixels.
const MEDIAN_BAR_PX: u32 = 4;
/// Length of a dash of the zero line, pixels.
const ZERO_DASH_PX: u32 = 10;
/// Gap between the zero line's dashes, pixels.
const ZERO_GAP_PX: u32 = 6;
/// Half the width of an SSQ median bar, condition slots.
const MEDIAN_HALF_WIDTH: f64 = 0.3;
/// Participants' dots spread over this width, condition slots.
const DOT_SPREAD: f64 = 0.36;
/// An SSQ column's label's top, pixels under the plotting area.
const COLUMN_LABEL_TOP_PX: i32 = 10;
/// The top of the line of facts under an SSQ column's label, pixels under
/// the plotting area.
const COLUMN_FACTS_TOP_PX: i32 = 36;
/// Space between the labels of neighbouring SSQ columns, pixels.
const COLUMN_GAP_PX: i32 = 16;
/// Opacity of a participant's or a scatter point's fill.
const DOT_ALPHA: f64 = 0.55;
/// Radius of a scatter point, pixels.
const POINT_PX: i32 = 6;
/// Share of a value range added on each side of a computed axis.
const PAD_SHARE: f64 = 0.06;

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

/// One condition's FMS ratings over time: at each rating time the median
/// and interquartile range over participants. The five columns are
/// parallel, one entry per rating time.
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    /// The condition's name, shown in the key.
    pub label: String,
    /// Rating times, seconds from the condition's start.
    pub t_s: Vec<f64>,
    /// Median FMS at each time, 0 to 20.
    pub median: Vec<f64>,
    /// First quartile of the FMS at each time.
    pub q1: Vec<f64>,
    /// Third quartile of the FMS at each time.
    pub q3: Vec<f64>,
    /// How many ratings each time's median stands on.
    pub n: Vec<usize>,
}

/// One condition's values, one per participant (NaN for a missing one).
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The condition's name, shown under its column.
    pub label: String,
    /// The values, in participant order.
    pub values: Vec<f64>,
}

/// A rating time that can be drawn: [`plottable`] time and median, and
/// some ratings.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Rating {
    /// Seconds from the condition's start.
    t_s: f64,
    /// Median FMS, 0 to 20.
    median: f64,
    /// The interquartile range, low to high, when both quartiles are
    /// [`plottable`].
    iqr: Option<(f64, f64)>,
}

impl Band {
    /// The lengths of the five columns, in declaration order.
    fn lengths(&self) -> [usize; 5] {
        [
            self.t_s.len(),
            self.median.len(),
            self.q1.len(),
            self.q3.len(),
            self.n.len(),
        ]
    }

    /// The rating times that can be drawn, in input order.
    fn ratings(&self) -> Vec<Rating> {
        (0..self.t_s.len())
            .filter(|&i| plottable(self.t_s[i]) && plottable(self.median[i]) && self.n[i] > 0)
            .map(|i| {
                let (a, b) = (self.q1[i], self.q3[i]);
                Rating {
                    t_s: self.t_s[i],
                    median: self.median[i],
                    iqr: (plottable(a) && plottable(b)).then(|| (a.min(b), a.max(b))),
                }
            })
            .collect()
    }
}

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
    super::stats::quantile_of_sorted_by(sorted.len(), q, |i| sorted[i])
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

/// The FMS axis range: the whole scale and a little over, so markers at
/// 0 and 20 show in full.
const FMS_RANGE: (f64, f64) = (-0.6, FMS_MAX + 0.6);
/// The FMS axis' name.
const FMS_NAME: &str = "FMS (0 none – 20 frank sickness)";

/// Plots each condition's FMS over time to `path`: the median as a line
/// with a marker per rating time over a translucent band for the
/// interquartile range (a whisker where a condition has one time), and under
/// the time axis how many ratings each time had. Conditions are offset a
/// little in time so equal medians stay visible; the x axis' name says by
/// how much. No bands, or none with a finite rating, draws empty axes with
/// a note. Made for up to six conditions; more are drawn, their colours
/// repeating.
///
/// # Errors
/// [`PlotError::UnevenBand`] if a band's columns differ in length; drawing
/// and writing errors otherwise.
pub fn fms_over_time(path: &Path, title: &str, bands: &[Band]) -> Result<(), PlotError> {
    check_even(path, bands)?;
    let ratings: Vec<Vec<Rating>> = bands.iter().map(Band::ratings).collect();
    let offsets = dodges(&ratings);
    let x_name = time_axis_name(&offsets);
    let entries: Vec<(Swatch, String)> = bands
        .iter()
        .enumerate()
        .map(|(i, b)| (Swatch::Band(colour(i)), b.label.clone()))
        .collect();
    let subtitle = "Median (line) and interquartile range (band) over participants; \
                    under the axis, the number of ratings at each time";
    render(path, |root| {
        let body = key(&header(root, title, subtitle)?, &entries)?;
        let counts_px = COUNT_ROW_PX * bands.len() as u32 + COUNT_BOTTOM_PX;
        let (plot, strip) = body.split_vertically(body.dim_in_pixel().1.saturating_sub(counts_px));
        let x = time_range(&ratings, &offsets);
        let mut chart = axes(&plot, (&x_name, FMS_NAME), (x, FMS_RANGE), TICKS)?;
        if ratings.iter().all(Vec::is_empty) {
            note(&chart, "no FMS ratings to show")?;
        }
        // Every band before any line, so that no band dims another's line.
        for (i, (r, dx)) in ratings.iter().zip(&offsets).enumerate() {
            draw_iqr(&mut chart, r, *dx, colour(i))?;
        }
        for (i, (r, dx)) in ratings.iter().zip(&offsets).enumerate() {
            draw_medians(&mut chart, r, *dx, colour(i))?;
        }
        draw_counts(&strip, &chart, bands)
    })
}

/// Fails with [`PlotError::UnevenBand`] for the first band whose columns
/// differ in length.
fn check_even(path: &Path, bands: &[Band]) -> Result<(), PlotError> {
    let uneven = bands
        .iter()
        .find(|b| b.lengths().iter().any(|&l| l != b.t_s.len()));
    match uneven {
        None => Ok(()),
        Some(band) => {
            let [t, median, q1, q3, n] = band.lengths();
            Err(PlotError::UnevenBand {
                path: path.to_owned(),
                label: band.label.clone(),
                t,
                median,
                q1,
                q3,
                n,
            })
        }
    }
}

/// The time axis' name, saying how far apart the conditions, offset by
/// `offsets` seconds in input order, are drawn.
fn time_axis_name(offsets: &[f64]) -> String {
    match offsets.last() {
        Some(&dx) if dx > 0.0 => format!(
            "time in condition, s (conditions drawn up to ±{dx:.1} s apart \
             to keep equal medians visible)"
        ),
        _ => "time in condition, s".to_owned(),
    }
}

/// The time axis' range, seconds: from zero (or the first rating if
/// earlier) to the last rating, at least [`MIN_TIME_SPAN_S`], with a margin
/// and room for the conditions' `offsets`.
fn time_range(ratings: &[Vec<Rating>], offsets: &[f64]) -> (f64, f64) {
    let times = ratings.iter().flatten().map(|r| r.t_s);
    let (first, last) = extent(times).unwrap_or((0.0, 0.0));
    let start = first.min(0.0);
    let (lo, hi) = padded((start, last.max(start + MIN_TIME_SPAN_S)), PAD_SHARE / 2.0);
    let widest = offsets.iter().fold(0.0, |m: f64, dx| m.max(dx.abs()));
    (lo - widest, hi + widest)
}

/// Each condition's time offset, seconds, in input order: evenly spaced
/// around zero, [`DODGE_SHARE`] of the shortest interval between rating
/// times apart (of [`MIN_TIME_SPAN_S`] when there is no interval), closer
/// when there are so many conditions that they would spread over more than
/// [`DODGE_SPREAD_SHARE`] of it.
fn dodges(ratings: &[Vec<Rating>]) -> Vec<f64> {
    let mut times: Vec<f64> = ratings.iter().flatten().map(|r| r.t_s).collect();
    times.sort_by(f64::total_cmp);
    let interval = times
        .windows(2)
        .map(|w| w[1] - w[0])
        .filter(|&d| d > 0.0)
        .fold(f64::INFINITY, f64::min);
    let interval = if interval.is_finite() {
        interval
    } else {
        MIN_TIME_SPAN_S
    };
    let gaps = ratings.len().saturating_sub(1).max(1) as f64;
    let step = interval * DODGE_SHARE.min(DODGE_SPREAD_SHARE / gaps);
    let middle = (ratings.len() as f64 - 1.0) / 2.0;
    (0..ratings.len())
        .map(|i| (i as f64 - middle) * step)
        .collect()
}

/// Draws a condition's interquartile range, shifted `dx` seconds: a
/// translucent band through its times, or a whisker if it has one time.
fn draw_iqr(chart: &mut Chart, ratings: &[Rating], dx: f64, c: RGBColor) -> Result<(), DrawError> {
    let spans: Vec<(f64, f64, f64)> = ratings
        .iter()
        .filter_map(|r| r.iqr.map(|(lo, hi)| (r.t_s + dx, lo, hi)))
        .collect();
    if let [(t, lo, hi)] = spans[..] {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(t, lo), (t, hi)],
            c.stroke_width(BOX_LINE_PX),
        )))?;
    } else if spans.len() > 1 {
        let upper = spans.iter().map(|&(t, _, hi)| (t, hi));
        let lower = spans.iter().rev().map(|&(t, lo, _)| (t, lo));
        let outline: Vec<(f64, f64)> = upper.chain(lower).collect();
        chart.draw_series(std::iter::once(Polygon::new(outline, c.mix(BAND_ALPHA))))?;
    }
    Ok(())
}

/// Draws a condition's medians, shifted `dx` seconds: a line through
/// them and a marker on each.
fn draw_medians(
    chart: &mut Chart,
    ratings: &[Rating],
    dx: f64,
    c: RGBColor,
) -> Result<(), DrawError> {
    let points = || ratings.iter().map(move |r| (r.t_s + dx, r.median));
    chart.draw_series(LineSeries::new(points(), c.stroke_width(LINE_PX)))?;
    chart.draw_series(points().map(|p| Circle::new(p, MARKER_PX, c.filled())))?;
    Ok(())
}

/// Draws on `strip`, under `chart`'s time axis, a row per condition in
/// its colour with the number of ratings at each time, leaving out any
/// that would crowd the one before.
fn draw_counts(strip: &Area, chart: &Chart, bands: &[Band]) -> Result<(), DrawError> {
    if bands.is_empty() {
        return Ok(());
    }
    let base_x = strip.get_base_pixel().0;
    let range = chart.x_range();
    let left = chart.backend_coord(&(range.start, 0.0)).0 - base_x;
    let label = font(COUNT_PX, FontStyle::Normal).pos(Pos::new(HPos::Right, VPos::Top));
    let at = (left - COUNT_LABEL_GAP_PX, 0);
    strip.draw(&Text::new("ratings", at, label.color(&GREY)))?;
    for (i, band) in bands.iter().enumerate() {
        let y = i as i32 * COUNT_ROW_PX as i32;
        let c = colour(i);
        let style = font(COUNT_PX, FontStyle::Normal)
            .color(&c)
            .pos(Pos::new(HPos::Center, VPos::Top));
        let mut last = i32::MIN;
        for (&t, &n) in band.t_s.iter().zip(&band.n) {
            if !range.contains(&t) {
                continue;
            }
            let x = chart.backend_coord(&(t, 0.0)).0 - base_x;
            if x.saturating_sub(last) >= COUNT_GAP_PX {
                strip.draw(&Text::new(n.to_string(), (x, y), style.clone()))?;
                last = x;
            }
        }
    }
    Ok(())
}

/// Plots each condition's change in the SSQ total score (post minus
/// baseline; positive is sicker) to `path`: a column per group with every
/// participant's value as a dot, spread sideways in a fixed pattern (no
/// random source), over a box from the first to the third quartile and a
/// bar at the median, with a dashed line at zero. Under each column its
/// label, its count and its median. Values that are not finite are left
/// out and counted as missing. No groups, or no finite value, draws empty
/// axes with a note.
///
/// # Errors
/// Drawing and writing errors.
pub fn ssq_change(path: &Path, title: &str, groups: &[Group]) -> Result<(), PlotError> {
    let summaries: Vec<Option<Summary>> = groups.iter().map(|g| summary(&g.values)).collect();
    let values = groups.iter().flat_map(|g| g.values.iter().copied());
    let (lo, hi) = extent(values.chain([0.0])).unwrap_or((0.0, 0.0));
    let y = padded((lo, hi), PAD_SHARE);
    let x = (-0.5, groups.len().max(1) as f64 - 0.5);
    let entries = [
        (Swatch::Dot, "one participant".to_owned()),
        (Swatch::Box, "interquartile range".to_owned()),
        (Swatch::Median, "median".to_owned()),
        (Swatch::Zero, "no change".to_owned()),
    ];
    let subtitle = "Simulator Sickness Questionnaire total score after each condition \
                    minus its baseline; above zero is sicker";
    render(path, |root| {
        let body = key(&header(root, title, subtitle)?, &entries)?;
        let y_name = "SSQ total score change (post − baseline)";
        let mut chart = axes(&body, ("", y_name), (x, y), 0)?;
        let zero = [(x.0, 0.0), (x.1, 0.0)];
        chart.draw_series(DashedLineSeries::new(
            zero,
            ZERO_DASH_PX,
            ZERO_GAP_PX,
            BLACK.stroke_width(1),
        ))?;
        if summaries.iter().all(Option::is_none) {
            note(&chart, "no SSQ changes to show")?;
        }
        for (i, (group, summary)) in groups.iter().zip(&summaries).enumerate() {
            if let Some(s) = summary {
                draw_box(&mut chart, i as f64, s, colour(i))?;
            }
            draw_dots(&mut chart, i as f64, &group.values, colour(i))?;
            draw_column_label(&body, &chart, i, group, summary.as_ref())?;
        }
        Ok(())
    })
}

/// Draws a column's interquartile box and median bar at `x`.
fn draw_box(chart: &mut Chart, x: f64, s: &Summary, c: RGBColor) -> Result<(), DrawError> {
    let corners = [(x - BOX_HALF_WIDTH, s.q1), (x + BOX_HALF_WIDTH, s.q3)];
    chart.draw_series([
        Rectangle::new(corners, c.mix(BAND_ALPHA).filled()),
        Rectangle::new(corners, c.stroke_width(BOX_LINE_PX)),
    ])?;
    let bar = vec![
        (x - MEDIAN_HALF_WIDTH, s.median),
        (x + MEDIAN_HALF_WIDTH, s.median),
    ];
    chart.draw_series(std::iter::once(PathElement::new(
        bar,
        BLACK.stroke_width(MEDIAN_BAR_PX),
    )))?;
    Ok(())
}

/// Draws a column's [`plottable`] values as dots spread sideways around `x`.
fn draw_dots(chart: &mut Chart, x: f64, values: &[f64], c: RGBColor) -> Result<(), DrawError> {
    let points: Vec<(f64, f64)> = values
        .iter()
        .enumerate()
        .filter(|(_, &v)| plottable(v))
        .map(|(i, &v)| (x + jitter(i) * DOT_SPREAD, v))
        .collect();
    draw_points(chart, &points, MARKER_PX, c)
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

/// Writes column `i`'s label under the axis, shrunk to its slot, and
/// under that its count, missing values and median.
fn draw_column_label(
    area: &Area,
    chart: &Chart,
    i: usize,
    group: &Group,
    summary: Option<&Summary>,
) -> Result<(), DrawError> {
    let (x, y) = chart.backend_coord(&(i as f64, chart.y_range().start));
    let base = area.get_base_pixel();
    let (x, y) = (x - base.0, y - base.1);
    let slot = chart.backend_coord(&(1.0, 0.0)).0 - chart.backend_coord(&(0.0, 0.0)).0;
    let slot = (slot - COLUMN_GAP_PX).max(0);
    let centre = Pos::new(HPos::Center, VPos::Top);
    let (shown, style) = fit(
        area,
        &group.label,
        (AXIS_NAME_PX, FontStyle::Normal),
        slot as u32,
    )?;
    let at = (x, y + COLUMN_LABEL_TOP_PX);
    area.draw(&Text::new(shown, at, style.color(&colour(i)).pos(centre)))?;
    let missing = group.values.len() - summary.map_or(0, |s| s.n);
    let mut facts = match summary {
        Some(s) => format!("n = {}, median {:+.1}", s.n, s.median),
        None => "n = 0".to_owned(),
    };
    if missing > 0 {
        facts += &format!(", {missing} missing");
    }
    let (shown, style) = fit(area, &facts, (TICK_PX, FontStyle::Normal), slot as u32)?;
    let at = (x, y + COLUMN_FACTS_TOP_PX);
    area.draw(&Text::new(shown, at, style.color(&GREY).pos(centre)))
}

/// Plots `points` (a metric, named `x_label`, against the peak FMS of the
/// same condition, 0 to 20) to `path` as translucent dots, so that
/// coinciding points show darker. The subtitle gives the count, any
/// points left out for a non-finite coordinate, and `rho` (Spearman's rank
/// correlation, as the caller computed it; NaN shows as undefined). No
/// finite point draws empty axes with a note.
///
/// # Errors
/// Drawing and writing errors.
pub fn scatter(
    path: &Path,
    title: &str,
    x_label: &str,
    points: &[(f64, f64)],
    rho: Option<f64>,
) -> Result<(), PlotError> {
    let shown: Vec<(f64, f64)> = points
        .iter()
        .copied()
        .filter(|&(x, y)| plottable(x) && plottable(y))
        .collect();
    let x = padded(
        extent(shown.iter().map(|p| p.0)).unwrap_or((0.0, 1.0)),
        PAD_SHARE,
    );
    let subtitle = scatter_subtitle(shown.len(), points.len() - shown.len(), rho);
    let y_name = "peak FMS (0 none – 20 frank sickness)";
    render(path, |root| {
        let body = header(root, title, &subtitle)?;
        let mut chart = axes(&body, (x_label, y_name), (x, FMS_RANGE), TICKS)?;
        if shown.is_empty() {
            note(&chart, "no points with both values to show")?;
        }
        draw_points(&mut chart, &shown, POINT_PX, colour(0))
    })
}

/// The scatter plot's subtitle: `rho`, the count, and what was left out.
fn scatter_subtitle(shown: usize, left_out: usize, rho: Option<f64>) -> String {
    let mut parts = Vec::new();
    match rho {
        Some(r) if r.is_finite() => parts.push(format!("Spearman's ρ = {r:.2}")),
        Some(_) => parts.push("Spearman's ρ undefined".to_owned()),
        None => {}
    }
    parts.push(format!("n = {shown} points"));
    if left_out > 0 {
        parts.push(format!("{left_out} left out for a missing value"));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test's files, removed when it is dropped.
    fn folder(test: &str) -> crate::files::Scratch {
        crate::files::Scratch::new(&format!("study-plot-{test}"))
    }

    /// The PNG at `path`, decoded, after checking its size.
    fn decoded(path: &Path) -> image::RgbImage {
        let bytes = std::fs::read(path).unwrap();
        let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8();
        assert_eq!(image.dimensions(), SIZE);
        image
    }

    /// How many pixels of `image` are exactly `c`.
    fn count(image: &image::RgbImage, c: RGBColor) -> usize {
        image.pixels().filter(|p| p.0 == [c.0, c.1, c.2]).count()
    }

    /// How many pixels of `image` are `c` drawn at `alpha` over white
    /// (give or take rounding).
    fn count_over_white(image: &image::RgbImage, c: RGBColor, alpha: f64) -> usize {
        let over = |v: u8| f64::from(v) * alpha + 255.0 * (1.0 - alpha);
        let want = [over(c.0), over(c.1), over(c.2)];
        image
            .pixels()
            .filter(|p| {
                p.0.iter()
                    .zip(want)
                    .all(|(&v, w)| (f64::from(v) - w).abs() <= 2.0)
            })
            .count()
    }

    /// A band with ratings every minute for five minutes.
    fn band(label: &str, medians: [f64; 5]) -> Band {
        Band {
            label: label.to_owned(),
            t_s: vec![60.0, 120.0, 180.0, 240.0, 300.0],
            median: medians.to_vec(),
            q1: medians.iter().map(|m| m - 1.0).collect(),
            q3: medians.iter().map(|m| m + 2.0).collect(),
            n: vec![12, 12, 11, 10, 10],
        }
    }

    #[test]
    fn quantile_interpolates_between_neighbours() {
        let sorted = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(quantile(&sorted, 0.0), 1.0);
        assert_eq!(quantile(&sorted, 0.25), 1.75);
        assert_eq!(quantile(&sorted, 0.5), 2.5);
        assert_eq!(quantile(&sorted, 1.0), 4.0);
        assert_eq!(quantile(&[7.0], 0.75), 7.0);
    }

    #[test]
    fn summary_leaves_out_values_that_are_not_finite() {
        let s = summary(&[5.0, f64::NAN, 1.0, 3.0, f64::INFINITY]).unwrap();
        assert_eq!((s.n, s.q1, s.median, s.q3), (3, 2.0, 3.0, 4.0));
        assert_eq!(summary(&[f64::NAN]), None);
        assert_eq!(summary(&[]), None);
    }

    #[test]
    fn padded_ranges_are_never_empty() {
        assert_eq!(padded((0.0, 10.0), 0.1), (-1.0, 11.0));
        assert_eq!(padded((5.0, 5.0), 0.1), (4.5, 5.5));
        assert_eq!(padded((0.0, 0.0), 0.1), (-1.0, 1.0));
        assert_eq!(extent([f64::NAN, 3.0, -2.0]), Some((-2.0, 3.0)));
        assert_eq!(extent([f64::NAN]), None);
        assert_eq!(extent([f64::MAX, 1.0, -f64::INFINITY]), Some((1.0, 1.0)));
        assert!(plottable(1e300) && !plottable(f64::MAX) && !plottable(f64::NAN));
    }

    #[test]
    fn decimals_resolve_a_tenth_of_the_span() {
        assert_eq!(decimals(20.0), 0);
        assert_eq!(decimals(324.0), 0);
        assert_eq!(decimals(5.0), 1);
        assert_eq!(decimals(0.9), 2);
        assert_eq!(decimals(0.0), 0);
    }

    #[test]
    fn jitter_is_spread_within_half_a_unit() {
        let offsets: Vec<f64> = (0..12).map(jitter).collect();
        assert!(offsets.iter().all(|j| (-0.5..0.5).contains(j)));
        assert_eq!(offsets, (0..12).map(jitter).collect::<Vec<_>>());
        // Golden-ratio steps never land two of twelve dots in one place.
        let mut sorted = offsets.clone();
        sorted.sort_by(f64::total_cmp);
        assert!(sorted.windows(2).all(|w| w[1] - w[0] > 0.03));
    }

    #[test]
    fn dodges_are_centred_and_a_share_of_the_interval() {
        let r = |t_s| Rating {
            t_s,
            median: 1.0,
            iqr: None,
        };
        let ratings = vec![vec![r(60.0), r(120.0)], vec![r(60.0)], vec![r(180.0)]];
        let step = DODGE_SHARE * 60.0;
        assert_eq!(dodges(&ratings), vec![-step, 0.0, step]);
        assert_eq!(dodges(&[vec![r(0.0)]]), vec![0.0]);
        let many = dodges(&vec![vec![r(0.0), r(10.0)]; 26]);
        assert!((many[25] - many[0] - 2.5).abs() < 1e-9);
        // 300 s of ratings: 3% margins (9 s) and room for the offsets.
        let (lo, hi) = time_range(&[vec![r(60.0), r(300.0)]], &[-3.0, 3.0]);
        assert!((lo + 12.0).abs() < 1e-9 && (hi - 312.0).abs() < 1e-9);
        assert!(time_axis_name(&[-3.0, 3.0]).contains("±3.0 s"));
        assert_eq!(time_axis_name(&[0.0]), "time in condition, s");
    }

    #[test]
    fn band_ratings_skip_missing_values() {
        let mut b = band("a", [1.0, 2.0, 3.0, 4.0, 5.0]);
        b.median[1] = f64::NAN;
        b.n[2] = 0;
        b.q3[3] = f64::NAN;
        let ratings = b.ratings();
        let times: Vec<f64> = ratings.iter().map(|r| r.t_s).collect();
        assert_eq!(times, vec![60.0, 240.0, 300.0]);
        assert_eq!(ratings[0].iqr, Some((0.0, 3.0)));
        assert_eq!(ratings[1].iqr, None);
    }

    #[test]
    fn fms_over_time_draws_every_condition() {
        let dir = folder("fms");
        let path = dir.join("fms.png");
        let bands = [
            band("smooth", [0.0, 1.0, 2.0, 3.0, 4.0]),
            band("snap", [1.0, 3.0, 6.0, 8.0, 9.0]),
        ];
        fms_over_time(&path, "SIMULATED DATA - FMS", &bands).unwrap();
        let image = decoded(&path);
        assert!(count(&image, COLOURS[0]) > 500);
        assert!(count(&image, COLOURS[1]) > 500);
        assert_eq!(count(&image, COLOURS[2]), 0);
    }

    #[test]
    fn fms_over_time_refuses_uneven_columns() {
        let dir = folder("uneven");
        let path = dir.join("fms.png");
        let mut b = band("short", [1.0; 5]);
        b.n.pop();
        let err = fms_over_time(&path, "t", &[b]).unwrap_err();
        assert!(matches!(err, PlotError::UnevenBand { n: 4, t: 5, .. }));
        assert!(err.to_string().contains("short"));
        assert!(!path.exists());
    }

    #[test]
    fn ssq_change_draws_dots_and_boxes() {
        let dir = folder("ssq");
        let path = dir.join("ssq.png");
        let groups = [
            Group {
                label: "smooth".to_owned(),
                values: vec![-3.7, 0.0, 7.5, 11.2, 22.4, f64::NAN],
            },
            Group {
                label: "snap".to_owned(),
                values: vec![3.7, 15.0, 18.7, 40.0],
            },
        ];
        ssq_change(&path, "SIMULATED DATA - SSQ", &groups).unwrap();
        let image = decoded(&path);
        assert!(count(&image, COLOURS[0]) > 200);
        assert!(count(&image, COLOURS[1]) > 200);
    }

    #[test]
    fn scatter_draws_its_points() {
        let dir = folder("scatter");
        let path = dir.join("scatter.png");
        let points: Vec<(f64, f64)> = (0..20).map(|i| (i as f64 * 0.5, (i % 7) as f64)).collect();
        scatter(
            &path,
            "SIMULATED DATA - scatter",
            "yaw rate, deg/s",
            &points,
            Some(0.4),
        )
        .unwrap();
        assert!(count_over_white(&decoded(&path), COLOURS[0], DOT_ALPHA) > 500);
    }

    #[test]
    fn scatter_subtitle_says_what_was_left_out() {
        assert_eq!(
            scatter_subtitle(10, 2, Some(0.456)),
            "Spearman's ρ = 0.46, n = 10 points, 2 left out for a missing value"
        );
        assert_eq!(
            scatter_subtitle(1, 0, Some(f64::NAN)),
            "Spearman's ρ undefined, n = 1 points"
        );
        assert_eq!(scatter_subtitle(0, 0, None), "n = 0 points");
    }

    #[test]
    fn empty_inputs_draw_empty_axes() {
        let dir = folder("empty");
        fms_over_time(&dir.join("fms.png"), "empty", &[]).unwrap();
        ssq_change(&dir.join("ssq.png"), "empty", &[]).unwrap();
        scatter(&dir.join("scatter.png"), "empty", "x", &[], None).unwrap();
        for name in ["fms.png", "ssq.png", "scatter.png"] {
            let image = decoded(&dir.join(name));
            // The note's and axes' grey and black are there, no series.
            assert!(count(&image, GREY) > 0, "{name}");
            assert!(COLOURS.iter().all(|&c| count(&image, c) == 0), "{name}");
        }
    }

    #[test]
    fn degenerate_inputs_still_draw() {
        let dir = folder("degenerate");
        let one = Band {
            label: "one".to_owned(),
            t_s: vec![0.0],
            median: vec![20.0],
            q1: vec![20.0],
            q3: vec![20.0],
            n: vec![1],
        };
        let nan = Band {
            label: "nan".to_owned(),
            t_s: vec![f64::NAN, 60.0],
            median: vec![1.0, f64::NAN],
            q1: vec![f64::NAN; 2],
            q3: vec![f64::NAN; 2],
            n: vec![3, 3],
        };
        fms_over_time(&dir.join("fms.png"), "degenerate", &[one, nan]).unwrap();
        assert!(count(&decoded(&dir.join("fms.png")), COLOURS[0]) > 50);
        let groups = [
            Group {
                label: "equal".to_owned(),
                values: vec![5.0; 4],
            },
            Group {
                label: "none".to_owned(),
                values: vec![f64::NAN],
            },
        ];
        ssq_change(&dir.join("ssq.png"), "degenerate", &groups).unwrap();
        assert!(count(&decoded(&dir.join("ssq.png")), COLOURS[0]) > 50);
        let points = [(3.0, 4.0), (3.0, 4.0), (f64::NAN, 1.0)];
        scatter(
            &dir.join("scatter.png"),
            "degenerate",
            "x",
            &points,
            Some(f64::NAN),
        )
        .unwrap();
        // The two points coincide, so one dot is twice as dark.
        let twice = 1.0 - (1.0 - DOT_ALPHA).powi(2);
        let image = decoded(&dir.join("scatter.png"));
        assert!(count_over_white(&image, COLOURS[0], twice) > 20);
        assert_eq!(count_over_white(&image, COLOURS[0], DOT_ALPHA), 0);
        // Values too large for any axis are left out, not laid out forever.
        let huge = [(1e308, 1.0), (-1e308, 2.0), (1.0, 1.0)];
        scatter(&dir.join("huge.png"), "huge", "x", &huge, None).unwrap();
        let huge = Group {
            label: "huge".to_owned(),
            values: vec![f64::MAX, -f64::MAX, 1.0],
        };
        ssq_change(&dir.join("huge_ssq.png"), "huge", &[huge]).unwrap();
    }

    #[test]
    fn long_labels_are_shrunk_and_cut_to_fit() {
        let dir = folder("long");
        let long = "a condition with a very long name ".repeat(8);
        let groups: Vec<Group> = (0..8)
            .map(|i| Group {
                label: format!("{i} {long}"),
                values: vec![i as f64],
            })
            .collect();
        ssq_change(&dir.join("ssq.png"), &long, &groups).unwrap();
        decoded(&dir.join("ssq.png"));
        render(&dir.join("fit.png"), |area| {
            let (shown, style) = fit(area, &long, (TITLE_PX, FontStyle::Bold), 300)?;
            assert!(shown.ends_with('…'));
            assert!(area.estimate_text_size(&shown, &style)?.0 <= 300);
            let (shown, style) = fit(area, "short", (TITLE_PX, FontStyle::Bold), 300)?;
            assert_eq!(shown, "short");
            assert_eq!(style.font.get_size(), f64::from(TITLE_PX));
            Ok(())
        })
        .unwrap();
    }

    #[test]
    fn an_unwritable_path_is_a_write_error_naming_it() {
        let dir = folder("unwritable");
        let path = dir.join("no such folder").join("fms.png");
        let err = scatter(&path, "t", "x", &[(1.0, 2.0)], None).unwrap_err();
        assert!(matches!(&err, PlotError::Write { path: p, .. } if *p == path));
        assert!(err.to_string().contains("no such folder"));
    }
}
