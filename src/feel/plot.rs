//! Plots for the comparison report, drawn with plotters: per maneuver one
//! PNG with four panels (the path from above, yaw, yaw rate and speed over
//! time), every model and coupling on each.

use super::series::{rate, unwrap};
use super::Trajectory;
use plotters::prelude::*;
use std::sync::Once;

/// Size of a maneuver's plot, pixels.
const SIZE: (u32, u32) = (1600, 1100);
/// Metres per tile, for speeds in m/s (the metrics' default scale).
const METRES_PER_TILE: f64 = 2.0;
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
    fn of(t: &Trajectory) -> Self {
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
            .map(|(vx, vy)| vx.hypot(vy) * METRES_PER_TILE)
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

/// Draws one panel: every run's series of one kind, with axes and legend.
fn panel(
    area: &DrawingArea<BitMapBackend, plotters::coord::Shift>,
    caption: &str,
    (x_desc, y_desc): (&str, &str),
    series: &[(&str, &Series)],
) -> Result<(), String> {
    let ((x0, x1), (y0, y1)) = bounds(series.iter().map(|(_, s)| *s));
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
    for (i, (label, s)) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        chart
            .draw_series(LineSeries::new(s.iter().copied(), colour.stroke_width(1)))
            .map_err(|e| e.to_string())?
            .label(*label)
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
/// line per `(label, trajectory)`.
pub fn maneuver(title: &str, runs: &[(String, &Trajectory)]) -> Result<Vec<u8>, String> {
    register_font();
    let panels: Vec<Panels> = runs.iter().map(|(_, t)| Panels::of(t)).collect();
    let pick = |f: fn(&Panels) -> &Series| -> Vec<(&str, &Series)> {
        runs.iter()
            .zip(&panels)
            .map(|((l, _), p)| (l.as_str(), f(p)))
            .collect()
    };
    let mut rgb = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(title, ("sans-serif", 26))
            .map_err(|e| e.to_string())?;
        let areas = root.split_evenly((2, 2));
        panel(
            &areas[0],
            "Path from above (north up)",
            ("x (tiles)", "-y (tiles)"),
            &pick(|p| &p.path),
        )?;
        panel(
            &areas[1],
            "Camera yaw",
            ("time (s)", "yaw (deg, unwrapped)"),
            &pick(|p| &p.yaw),
        )?;
        panel(
            &areas[2],
            "Camera yaw rate",
            ("time (s)", "deg/s"),
            &pick(|p| &p.yaw_rate),
        )?;
        panel(
            &areas[3],
            "Speed",
            ("time (s)", "m/s (1 tile = 2 m)"),
            &pick(|p| &p.speed),
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
