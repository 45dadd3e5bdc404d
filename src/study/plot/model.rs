//! The FMS over time with a model's fitted line: a panel per condition,
//! each with the ratings' median and interquartile range at each prompt
//! (as [`super::fms_over_time`] draws them) and the model's expected
//! rating over time in black over its translucent 95% band.

use super::fms::{Rating, FMS_NAME};
use super::*;

/// Space between neighbouring panels, pixels.
const PANEL_GAP_PX: u32 = 12;
/// The panel title's font size, pixels.
const PANEL_TITLE_PX: u32 = 18;
/// Space above a panel's title, pixels.
const PANEL_TITLE_TOP_PX: i32 = 6;
/// Height of a panel's title strip, pixels.
const PANEL_TITLE_ROW_PX: u32 = 32;
/// Labelled ticks on a panel's time axis at most.
const PANEL_TICKS: usize = 6;
/// The fitted line's colour: black, apart from every condition's.
const FIT_COLOUR: RGBColor = BLACK;

/// A model's expected rating at one time, with its interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fitted {
    /// Seconds from the condition's start.
    pub t_s: f64,
    /// The expected rating.
    pub estimate: f64,
    /// The 95% interval's lower end.
    pub low: f64,
    /// The 95% interval's upper end.
    pub high: f64,
}

/// One condition's panel: its ratings and the model's line.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    /// The condition's ratings over time (its label titles the panel).
    pub ratings: Band,
    /// The model's line, in time order; empty where the model was not
    /// fitted.
    pub line: Vec<Fitted>,
}

/// Rows and columns of panels for `count` conditions: as square as
/// possible, wider than tall.
pub(super) fn grid(count: usize) -> (usize, usize) {
    let columns = (count as f64).sqrt().ceil().max(1.0) as usize;
    (count.div_ceil(columns).max(1), columns)
}

/// Plots a panel per condition to `path`: the ratings' median (line and
/// markers, the condition's colour) over their interquartile band, and
/// `model` (named in the key) as a black line over its grey 95% band. All
/// panels share the time axis, from 0 to the last time of any. No panels
/// draw empty axes with a note.
///
/// # Errors
/// [`PlotError::UnevenBand`] if a panel's ratings differ in length;
/// drawing and writing errors otherwise.
pub fn fms_with_model(
    path: &Path,
    title: &str,
    model: &str,
    panels: &[Panel],
) -> Result<(), PlotError> {
    let bands: Vec<Band> = panels.iter().map(|p| p.ratings.clone()).collect();
    super::fms::check_even(path, &bands)?;
    let ratings: Vec<Vec<Rating>> = bands.iter().map(Band::ratings).collect();
    let times = ratings.iter().flatten().map(|r| r.t_s);
    let line_times = panels.iter().flat_map(|p| p.line.iter().map(|f| f.t_s));
    let last = extent(times.chain(line_times)).map_or(1.0, |(_, hi)| hi.max(1.0));
    let x = padded((0.0, last), PAD_SHARE / 2.0);
    let entries = [
        (
            Swatch::Band(GREY),
            "ratings: median and interquartile range".to_owned(),
        ),
        (
            Swatch::Line(FIT_COLOUR),
            format!("{model} and its 95% interval"),
        ),
    ];
    let subtitle = "Each condition's ratings over participants, and the model's expected \
                    rating (positions averaged)";
    render(path, |root| {
        let body = key(&header(root, title, subtitle)?, &entries)?;
        if panels.is_empty() {
            let chart = axes(
                &body,
                ("time in condition, s", FMS_NAME),
                (x, FMS_RANGE),
                TICKS,
            )?;
            return note(&chart, "no conditions to show");
        }
        let (rows, columns) = grid(panels.len());
        let cells = body.split_evenly((rows, columns));
        for (i, (panel, cell)) in panels.iter().zip(&cells).enumerate() {
            let cell = cell.margin(0, PANEL_GAP_PX, 0, PANEL_GAP_PX);
            draw_panel(&cell, (i, panel), &ratings[i], x)?;
        }
        Ok(())
    })
}

/// Draws panel `i` on `area`: its title, axes, the ratings and the line.
fn draw_panel(
    area: &Area,
    (i, panel): (usize, &Panel),
    ratings: &[Rating],
    x: (f64, f64),
) -> Result<(), DrawError> {
    let c = colour(i);
    let width = area.dim_in_pixel().0.saturating_sub(2 * MARGIN_PX as u32);
    let (shown, style) = fit(
        area,
        &panel.ratings.label,
        (PANEL_TITLE_PX, FontStyle::Bold),
        width,
    )?;
    area.draw(&Text::new(
        shown,
        (MARGIN_PX, PANEL_TITLE_TOP_PX),
        style.color(&c),
    ))?;
    let body = area.split_vertically(PANEL_TITLE_ROW_PX).1;
    let names = ("time in condition, s", "FMS");
    let mut chart = axes(&body, names, (x, FMS_RANGE), PANEL_TICKS)?;
    if ratings.is_empty() && panel.line.is_empty() {
        note(&chart, "no ratings")?;
    }
    let band: Vec<(f64, f64)> = panel
        .line
        .iter()
        .map(|f| (f.t_s, f.high))
        .chain(panel.line.iter().rev().map(|f| (f.t_s, f.low)))
        .collect();
    if band.len() > 2 {
        chart.draw_series(std::iter::once(Polygon::new(band, GREY.mix(BAND_ALPHA))))?;
    }
    super::fms::draw_iqr(&mut chart, ratings, 0.0, c)?;
    super::fms::draw_medians(&mut chart, ratings, 0.0, c)?;
    let line = panel.line.iter().map(|f| (f.t_s, f.estimate));
    chart.draw_series(LineSeries::new(line, FIT_COLOUR.stroke_width(LINE_PX)))?;
    Ok(())
}
