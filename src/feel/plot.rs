//! Plots for the comparison report, drawn with plotters: per maneuver one
//! PNG with four panels (the path from above, yaw, yaw rate and speed over
//! time), every model and coupling on each.

use super::series::{rate, unwrap};
use super::Trajectory;
use plotters::prelude::*;
use std::sync::Once;

/// Size of a maneuver's plot, pixels.
const SIZE: (u32, u32) = (1600, 1100);
/// The yaw-rate panel's range covers this share of all its points; the
/// rest (a step-10 flip is one tick of thousands of deg/s) are drawn
/// clipped at its edge, so the panel shows the turning, not one spike.
const YAW_RATE_SHOWN: f64 = 0.995;
/// One colour per series, in [`super::maneuvers::VARIANTS`] order.
const COLOURS: [RGBColor; 4] = [
    RGBColor(214, 39, 40),
    RGBColor(255, 140, 0),
    RGBColor(31, 119, 180),
    RGBColor(44, 160, 44),
];

/// Makes the embedded DejaVu Sans plotters' sans-serif font (plotters
/// finds no system fonts in this build, by design: nothing to install).
fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in and valid; failing here is a build bug.
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        );
    });
}

/// A time series: seconds against a value.
type Series = Vec<(f64, f64)>;

/// The four panels' data for one trajectory.
struct Panels {
    path: Series,
    yaw: Series,
    yaw_rate: Series,
    speed: Series,
}

impl Panels {
    fn of(t: &Trajectory, metres_per_tile: f64) -> Self {
        let s = &t.samples;
        let time = |i: usize| i as f64 * t.dt;
        let yaw: Vec<f64> = unwrap(s.iter().map(|p| p.yaw))
            .into_iter()
            .map(f64::to_degrees)
            .collect();
        let yaw_rate = rate(&yaw, t.dt);
        let xs: Vec<f64> = s.iter().map(|p| p.x).collect();
        let ys: Vec<f64> = s.iter().map(|p| p.y).collect();
        let speed: Vec<f64> = rate(&xs, t.dt)
            .iter()
            .zip(rate(&ys, t.dt))
            .map(|(vx, vy)| vx.hypot(vy) * metres_per_tile)
            .collect();
        Self {
            path: s.iter().map(|p| (p.x, -p.y)).collect(),
            yaw: yaw.iter().enumerate().map(|(i, &v)| (time(i), v)).collect(),
            yaw_rate: yaw_rate
                .iter()
                .enumerate()
                .map(|(i, &v)| (time(i + 1), v))
                .collect(),
            speed: speed
                .iter()
                .enumerate()
                .map(|(i, &v)| (time(i + 1), v))
                .collect(),
        }
    }
}

/// The bounds of several series with a margin, never empty.
fn bounds<'a>(series: impl Iterator<Item = &'a Series>) -> ((f64, f64), (f64, f64)) {
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in series.flatten() {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    let pad = |a: f64, b: f64| {
        let m = ((b - a) * 0.05).max(0.5);
        (a - m, b + m)
    };
    if x0 > x1 {
        return ((0.0, 1.0), (0.0, 1.0));
    }
    (pad(x0, x1), pad(y0, y1))
}

/// The largest |y| of all but the wildest points of `series`: the
/// [`YAW_RATE_SHOWN`] quantile, at least 10.
fn robust_limit(series: &[(String, &Series)]) -> f64 {
    let mut all: Vec<f64> = series
        .iter()
        .flat_map(|(_, s)| s.iter().map(|p| p.1.abs()))
        .collect();
    all.sort_by(f64::total_cmp);
    let at = ((all.len() as f64 - 1.0) * YAW_RATE_SHOWN).round().max(0.0) as usize;
    all.get(at).copied().unwrap_or(0.0).max(10.0) * 1.1
}

/// Draws one panel: every run's series of one kind, with axes and legend;
/// with `clip`, y is shown from -clip to clip and points beyond are drawn
/// at the edge.
fn panel(
    area: &DrawingArea<BitMapBackend, plotters::coord::Shift>,
    caption: &str,
    (x_desc, y_desc): (&str, &str),
    series: &[(String, &Series)],
    clip: Option<f64>,
) -> Result<(), String> {
    let ((x0, x1), (mut y0, mut y1)) = bounds(series.iter().map(|(_, s)| *s));
    let mut caption = caption.to_string();
    let widest = series
        .iter()
        .flat_map(|(_, s)| s.iter().map(|p| p.1.abs()))
        .fold(0.0, f64::max);
    if let Some(limit) = clip.filter(|&l| widest > l) {
        (y0, y1) = (-limit, limit);
        caption += &format!(" (clipped at \u{b1}{limit:.0})");
    }
    let mut chart = ChartBuilder::on(area)
        .caption(&caption, ("sans-serif", 22))
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
    for (i, (label, s)) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        chart
            .draw_series(LineSeries::new(
                s.iter().map(|&(x, y)| (x, y.clamp(y0, y1))),
                colour.stroke_width(1),
            ))
            .map_err(|e| e.to_string())?
            .label(label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()
        .map_err(|e| e.to_string())
}

/// The plot of one maneuver as PNG bytes: `title` over four panels, one
/// line per `(label, trajectory)`, speeds in m/s at `metres_per_tile`.
/// A line that lies exactly on an earlier one says so in its legend.
pub fn maneuver(
    title: &str,
    runs: &[(String, &Trajectory)],
    metres_per_tile: f64,
) -> Result<Vec<u8>, String> {
    register_font();
    let panels: Vec<Panels> = runs
        .iter()
        .map(|(_, t)| Panels::of(t, metres_per_tile))
        .collect();
    let pick = |f: fn(&Panels) -> &Series| -> Vec<(String, &Series)> {
        let series: Vec<&Series> = panels.iter().map(f).collect();
        let label = |i: usize| match series[..i].iter().position(|s| *s == series[i]) {
            Some(j) => format!("{} (under {})", runs[i].0, runs[j].0),
            None => runs[i].0.clone(),
        };
        (0..runs.len()).map(|i| (label(i), series[i])).collect()
    };
    let mut rgb = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(title, ("sans-serif", 26))
            .map_err(|e| e.to_string())?;
        let areas = root.split_evenly((2, 2));
        let yaw_rate = pick(|p| &p.yaw_rate);
        let speed_unit = format!("m/s (1 tile = {metres_per_tile} m)");
        panel(
            &areas[0],
            "Path from above (north up)",
            ("x (tiles)", "-y (tiles)"),
            &pick(|p| &p.path),
            None,
        )?;
        panel(
            &areas[1],
            "Camera yaw",
            ("time (s)", "yaw (deg, unwrapped)"),
            &pick(|p| &p.yaw),
            None,
        )?;
        panel(
            &areas[2],
            "Camera yaw rate",
            ("time (s)", "deg/s"),
            &yaw_rate,
            Some(robust_limit(&yaw_rate)),
        )?;
        panel(
            &areas[3],
            "Speed",
            ("time (s)", &speed_unit),
            &pick(|p| &p.speed),
            None,
        )?;
        root.present().map_err(|e| e.to_string())?;
    }
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &rgb,
        SIZE.0,
        SIZE.1,
        image::ExtendedColorType::Rgb8,
    )
    .map_err(|e| e.to_string())?;
    Ok(png)
}
