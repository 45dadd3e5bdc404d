//! The FMS over time per condition: a median line over an interquartile
//! band, and the number of ratings at each time under the axis.

use super::*;

/// The FMS plot's time axis spans at least this, seconds, from zero or
/// the first rating if that is earlier.
const MIN_TIME_SPAN_S: f64 = 60.0;
/// Conditions' lines lie this share of the shortest rating interval apart
/// in time, so that equal medians do not hide one another.
pub(super) const DODGE_SHARE: f64 = 0.04;
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

/// A rating time that can be drawn: [`plottable`] time and median, and
/// some ratings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Rating {
    /// Seconds from the condition's start.
    pub t_s: f64,
    /// Median FMS, 0 to 20.
    pub median: f64,
    /// The interquartile range, low to high, when both quartiles are
    /// [`plottable`].
    pub iqr: Option<(f64, f64)>,
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
    pub(super) fn ratings(&self) -> Vec<Rating> {
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

/// The FMS axis' name.
pub(super) const FMS_NAME: &str = "FMS (0 none – 20 frank sickness)";

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
pub(super) fn check_even(path: &Path, bands: &[Band]) -> Result<(), PlotError> {
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
pub(super) fn time_axis_name(offsets: &[f64]) -> String {
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
pub(super) fn time_range(ratings: &[Vec<Rating>], offsets: &[f64]) -> (f64, f64) {
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
pub(super) fn dodges(ratings: &[Vec<Rating>]) -> Vec<f64> {
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
pub(super) fn draw_iqr(
    chart: &mut Chart,
    ratings: &[Rating],
    dx: f64,
    c: RGBColor,
) -> Result<(), DrawError> {
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
pub(super) fn draw_medians(
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
