//! The SSQ total score's change per condition: every participant's dot
//! over an interquartile box and a median bar.

use super::*;

/// Half the width of an SSQ box, in condition slots (one slot per
/// condition).
const BOX_HALF_WIDTH: f64 = 0.22;
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
/// One condition's values, one per participant (NaN for a missing one).
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The condition's name, shown under its column.
    pub label: String,
    /// The values, in participant order.
    pub values: Vec<f64>,
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
