//! Plots for the comparison report, drawn with plotters: per maneuver one
//! PNG of six panels (the path from above at equal scale, the view yaw
//! with the commanded heading, the yaw rate with its cuts marked, the
//! speed, the horizontal acceleration raw and Wf-weighted, and the yaw
//! rate's spectrum), every model and coupling on each, in colours told
//! apart with any colour vision, the legend in its own strip above the
//! panels so it never covers the data.

use super::metrics::CUT_DEG_PER_TICK;
use super::series::{rate, unwrap};
use super::spectrum::Spectrum;
use super::wf::WfFilter;
use super::Trajectory;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::sync::Once;

/// Size of a maneuver's plot, pixels.
pub(super) const SIZE: (u32, u32) = (1600, 1500);
/// Height of the legend strip under the title, pixels: two rows.
pub(super) const LEGEND_HEIGHT: u32 = 40 + LEGEND_ROW as u32;
/// Height of a row of the legend, pixels.
const LEGEND_ROW: i32 = 28;
/// The yaw-rate panel's range covers this share of its smooth points.
const YAW_RATE_SHOWN: f64 = 0.995;
/// The key to the line styles of a maneuver's plot.
const NOTE: &str =
    "solid: view yaw / Wf-weighted; dashed: commanded heading; faint: raw; triangles: view cuts";
/// The spectrum panel's upper frequency, Hz.
const SPECTRUM_MAX_HZ: f64 = 3.0;
/// One colour per series, in [`super::maneuvers::VARIANTS`] order: the
/// Okabe-Ito palette, distinct for every kind of colour vision.
pub const COLOURS: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(240, 228, 66),
];

/// Makes the embedded DejaVu Sans plotters' sans-serif font, regular and
/// bold (plotters finds no system fonts in this build, by design: nothing
/// to install). Every plot of the program calls it first.
pub fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The fonts are compiled in and valid; failing here is a build
        // bug, and the drawing's font error would then name it.
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        );
        let _ = plotters::style::register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
    });
}

/// A series of points.
pub(super) type Series = Vec<(f64, f64)>;

/// Every panel's data for one trajectory.
struct Panels {
    path: Series,
    yaw: Series,
    wish: Series,
    /// The smooth yaw rate in pieces, broken at each cut.
    yaw_rate: Vec<Series>,
    /// The times of the cuts and the sign of their turn.
    cuts: Vec<(f64, f64)>,
    speed: Series,
    accel_raw: Series,
    accel_weighted: Series,
    spectrum: Series,
}

impl Panels {
    fn of(t: &Trajectory, metres_per_tile: f64) -> Self {
        let s = &t.samples;
        let time = |i: usize| i as f64 * t.dt;
        let degrees = |v: Vec<f64>| -> Vec<f64> { v.into_iter().map(f64::to_degrees).collect() };
        let yaw = degrees(unwrap(s.iter().map(|p| p.yaw)));
        let wish = degrees(unwrap(s.iter().map(|p| p.wish_heading)));
        let yaw_rate = rate(&yaw, t.dt);
        // The smooth rate in pieces, the cuts apart, and the rate held
        // through each cut for the spectrum.
        let (mut pieces, mut cuts, mut held) = (vec![Vec::new()], Vec::new(), Vec::new());
        let mut last = 0.0;
        for (i, &r) in yaw_rate.iter().enumerate() {
            if (r * t.dt).abs() > CUT_DEG_PER_TICK {
                cuts.push((time(i + 1), r.signum()));
                pieces.push(Vec::new());
            } else {
                last = r;
                if let Some(piece) = pieces.last_mut() {
                    piece.push((time(i + 1), r));
                }
            }
            held.push(last);
        }
        let xs: Vec<f64> = s.iter().map(|p| p.x * metres_per_tile).collect();
        let ys: Vec<f64> = s.iter().map(|p| p.y * metres_per_tile).collect();
        let (vx, vy) = (rate(&xs, t.dt), rate(&ys, t.dt));
        let (ax, ay) = (rate(&vx, t.dt), rate(&vy, t.dt));
        let over_time = |v: &[f64], from: usize| -> Series {
            v.iter()
                .enumerate()
                .map(|(i, &y)| (time(i + from), y))
                .collect()
        };
        let raw: Vec<f64> = ax.iter().zip(&ay).map(|(x, y)| x.hypot(*y)).collect();
        Self {
            path: s.iter().map(|p| (p.x, -p.y)).collect(),
            yaw: over_time(&yaw, 0),
            wish: over_time(&wish, 0),
            yaw_rate: pieces.into_iter().filter(|p| !p.is_empty()).collect(),
            cuts,
            speed: over_time(
                &vx.iter()
                    .zip(&vy)
                    .map(|(x, y)| x.hypot(*y))
                    .collect::<Vec<_>>(),
                1,
            ),
            accel_raw: over_time(&raw, 1),
            accel_weighted: over_time(&weighted(&ax, &ay, t.dt), 1),
            spectrum: Spectrum::of(&held, t.dt, SPECTRUM_MAX_HZ, 1e-6)
                .bins()
                .collect(),
        }
    }
}

/// The magnitude of the horizontal acceleration with each axis through Wf.
fn weighted(ax: &[f64], ay: &[f64], dt: f64) -> Vec<f64> {
    let (Some(mut fx), Some(mut fy)) = (WfFilter::new(dt), WfFilter::new(dt)) else {
        return vec![0.0; ax.len()];
    };
    ax.iter()
        .zip(ay)
        .map(|(&x, &y)| fx.process(x).hypot(fy.process(y)))
        .collect()
}

/// The bounds of several series with a margin, never empty.
pub(super) fn bounds<'a>(series: impl Iterator<Item = &'a Series>) -> ((f64, f64), (f64, f64)) {
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in series.flatten() {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    if x0 > x1 {
        return ((0.0, 1.0), (0.0, 1.0));
    }
    let pad = |a: f64, b: f64| {
        let m = ((b - a) * 0.05).max(0.5);
        (a - m, b + m)
    };
    (pad(x0, x1), pad(y0, y1))
}

/// `x` and `y` ranges widened so that one unit is as long on both axes in
/// an area of `width` x `height` pixels (roughly: the plot's own margins
/// are taken as equal).
pub(super) fn equal_aspect(
    ((x0, x1), (y0, y1)): ((f64, f64), (f64, f64)),
    (width, height): (u32, u32),
) -> ((f64, f64), (f64, f64)) {
    let per_pixel = ((x1 - x0) / f64::from(width)).max((y1 - y0) / f64::from(height));
    let widen = |a: f64, b: f64, pixels: u32| {
        let half = per_pixel * f64::from(pixels) / 2.0;
        let mid = (a + b) / 2.0;
        (mid - half, mid + half)
    };
    (widen(x0, x1, width), widen(y0, y1, height))
}

/// The largest |y| of all but the wildest smooth points: the
/// [`YAW_RATE_SHOWN`] quantile, at least 10.
fn robust_limit(panels: &[Panels]) -> f64 {
    let mut all: Vec<f64> = panels
        .iter()
        .flat_map(|p| p.yaw_rate.iter().flatten().map(|q| q.1.abs()))
        .collect();
    all.sort_by(f64::total_cmp);
    let at = ((all.len() as f64 - 1.0) * YAW_RATE_SHOWN).round().max(0.0) as usize;
    all.get(at).copied().unwrap_or(0.0).max(10.0) * 1.1
}

pub(super) type Chart<'a, 'b> = ChartContext<
    'a,
    BitMapBackend<'b>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// A panel's axes: caption, axis names and ranges.
pub(super) fn axes<'a, 'b>(
    area: &'a DrawingArea<BitMapBackend<'b>, Shift>,
    caption: &str,
    (x_desc, y_desc): (&str, &str),
    ((x0, x1), (y0, y1)): ((f64, f64), (f64, f64)),
) -> Result<Chart<'a, 'b>, String> {
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(chart)
}

/// Draws `series` on `chart`, one colour per run, `width` pixels wide.
pub(super) fn lines(
    chart: &mut Chart,
    series: &[&Series],
    width: u32,
    alpha: f64,
) -> Result<(), String> {
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()].mix(alpha);
        chart
            .draw_series(LineSeries::new(
                s.iter().copied(),
                colour.stroke_width(width),
            ))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The legend strip: a swatch and a label per run, left to right, in as
/// many rows as it takes, then `note`, the key to the line styles. A run
/// whose path lies exactly on an earlier one's says so.
pub(super) fn legend(
    area: &DrawingArea<BitMapBackend, Shift>,
    labels: &[String],
    note: &str,
) -> Result<(), String> {
    let right = SIZE.0 as i32 - 20;
    let (mut x, mut y) = (80, 0);
    let room = |x: &mut i32, y: &mut i32, width: i32| {
        if *x + width > right {
            (*x, *y) = (80, *y + LEGEND_ROW);
        }
    };
    for (i, label) in labels.iter().enumerate() {
        let width = 48 + 9 * label.chars().count() as i32;
        room(&mut x, &mut y, width);
        let colour = COLOURS[i % COLOURS.len()];
        area.draw(&PathElement::new(
            vec![(x, y + 20), (x + 30, y + 20)],
            colour.stroke_width(4),
        ))
        .map_err(|e| e.to_string())?;
        area.draw(&Text::new(
            label.clone(),
            (x + 38, y + 12),
            ("sans-serif", 16),
        ))
        .map_err(|e| e.to_string())?;
        x += width;
    }
    room(&mut x, &mut y, 20 + 7 * note.chars().count() as i32);
    area.draw(&Text::new(note, (x + 20, y + 12), ("sans-serif", 14)))
        .map_err(|e| e.to_string())
}

/// The plot of one maneuver as PNG bytes: `title` over six panels, one
/// line per `(label, trajectory)`, lengths in metres at `metres_per_tile`.
pub fn maneuver(
    title: &str,
    runs: &[(String, &Trajectory)],
    metres_per_tile: f64,
) -> Result<Vec<u8>, String> {
    register_fonts();
    let panels: Vec<Panels> = runs
        .iter()
        .map(|(_, t)| Panels::of(t, metres_per_tile))
        .collect();
    let labels: Vec<String> = (0..runs.len())
        .map(|i| {
            match panels[..i]
                .iter()
                .position(|p| p.path == panels[i].path && p.yaw == panels[i].yaw)
            {
                Some(j) => format!("{} (under {})", runs[i].0, runs[j].0),
                None => runs[i].0.clone(),
            }
        })
        .collect();
    let pick = |f: fn(&Panels) -> &Series| -> Vec<&Series> { panels.iter().map(f).collect() };
    six_panels(title, (&labels, NOTE), &pick(|p| &p.path), |areas| {
        // The view yaw, with the commanded heading dashed.
        let both: Vec<&Series> = pick(|p| &p.yaw)
            .into_iter()
            .chain(pick(|p| &p.wish))
            .collect();
        let mut chart = axes(
            &areas[0],
            "View yaw and commanded heading",
            ("time (s)", "deg (unwrapped)"),
            bounds(both.into_iter()),
        )?;
        lines(&mut chart, &pick(|p| &p.yaw), 2, 1.0)?;
        for (i, p) in panels.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            chart
                .draw_series(DashedLineSeries::new(
                    p.wish.iter().copied(),
                    6,
                    6,
                    colour.stroke_width(1),
                ))
                .map_err(|e| e.to_string())?;
        }
        // The smooth yaw rate, the cuts as triangles at the panel's edge.
        let limit = robust_limit(&panels);
        let (x_range, _) = bounds(pick(|p| &p.speed).into_iter());
        let mut chart = axes(
            &areas[1],
            "View yaw rate (view cuts marked, not drawn)",
            ("time (s)", "deg/s"),
            (x_range, (-limit, limit)),
        )?;
        for (i, p) in panels.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            for piece in &p.yaw_rate {
                let points = piece.iter().map(|&(x, y)| (x, y.clamp(-limit, limit)));
                chart
                    .draw_series(LineSeries::new(points, colour.stroke_width(2)))
                    .map_err(|e| e.to_string())?;
            }
            let marks = p.cuts.iter().map(|&(x, sign)| {
                TriangleMarker::new((x, sign * limit * 0.95), 8, colour.filled())
            });
            chart.draw_series(marks).map_err(|e| e.to_string())?;
        }
        // The speed.
        let unit = format!("m/s (1 tile = {metres_per_tile} m)");
        let mut chart = axes(
            &areas[2],
            "Speed",
            ("time (s)", &unit),
            bounds(pick(|p| &p.speed).into_iter()),
        )?;
        lines(&mut chart, &pick(|p| &p.speed), 2, 1.0)?;
        // The horizontal acceleration, raw (faint) and through Wf.
        let range = bounds(pick(|p| &p.accel_weighted).into_iter());
        let mut chart = axes(
            &areas[3],
            "Horizontal acceleration: Wf-weighted (solid), raw (faint, clipped)",
            ("time (s)", "m/s^2"),
            range,
        )?;
        let raw: Vec<Series> = panels
            .iter()
            .map(|p| {
                p.accel_raw
                    .iter()
                    .map(|&(x, y)| (x, y.min(range.1 .1)))
                    .collect()
            })
            .collect();
        lines(&mut chart, &raw.iter().collect::<Vec<_>>(), 1, 0.35)?;
        lines(&mut chart, &pick(|p| &p.accel_weighted), 2, 1.0)?;
        // The yaw rate's spectrum.
        let range = bounds(pick(|p| &p.spectrum).into_iter());
        let range = ((0.0, SPECTRUM_MAX_HZ), (0.0, range.1 .1.max(1e-9)));
        let mut chart = axes(
            &areas[4],
            "Yaw-rate power spectrum (cuts held out)",
            ("Hz", "(deg/s)^2 per bin"),
            range,
        )?;
        lines(&mut chart, &pick(|p| &p.spectrum), 2, 1.0)?;
        Ok(())
    })
}

/// One panel of a figure drawn by [`six_panels`].
pub(super) type Area<'a> = DrawingArea<BitMapBackend<'a>, Shift>;

/// A figure of six panels, three rows of two, as PNG bytes: `title` and a
/// legend of `labels` (with `note`) over them, the first panel the `paths`
/// from above at equal scale, north up, one metre as long across as up;
/// `rest` draws the other five.
pub(super) fn six_panels(
    title: &str,
    (labels, note): (&[String], &str),
    paths: &[&Series],
    rest: impl FnOnce(&[Area<'_>]) -> Result<(), String>,
) -> Result<Vec<u8>, String> {
    let mut rgb = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(title, ("sans-serif", 26))
            .map_err(|e| e.to_string())?;
        let (strip, body) = root.split_vertically(LEGEND_HEIGHT);
        legend(&strip, labels, note)?;
        let areas = body.split_evenly((3, 2));
        let (w, h) = areas[0].dim_in_pixel();
        let range = equal_aspect(
            bounds(paths.iter().copied()),
            (w.saturating_sub(72), h.saturating_sub(86)),
        );
        let mut chart = axes(
            &areas[0],
            "Path from above (north up, equal scale)",
            ("x (tiles)", "-y (tiles)"),
            range,
        )?;
        lines(&mut chart, paths, 2, 1.0)?;
        rest(&areas[1..])?;
        root.present().map_err(|e| e.to_string())?;
    }
    encode_png(&rgb, SIZE).map_err(|e| e.to_string())
}

/// `rgb` (8-bit RGB, `size` pixels) as PNG bytes: every plot of the
/// program is drawn into a buffer and encoded here.
pub fn encode_png(rgb: &[u8], size: (u32, u32)) -> Result<Vec<u8>, image::ImageError> {
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        rgb,
        size.0,
        size.1,
        image::ExtendedColorType::Rgb8,
    )?;
    Ok(png)
}
