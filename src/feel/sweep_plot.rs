//! Plots of a sweep, one PNG per measure: a line over the values of one
//! key, or a heat map over two with a labelled colour scale (viridis, read
//! alike with any colour vision and in grey), each cell showing its value
//! while the grid is small enough to read them.

use super::plot::register_fonts;
use super::sweep_table::{Axis, Sweep};
use plotters::coord::ranged1d::{SegmentValue, SegmentedCoord};
use plotters::coord::types::RangedCoordi32;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Size of a sweep plot, pixels.
const SIZE: (u32, u32) = (1100, 760);
/// Width of the colour scale beside a heat map, pixels.
const SCALE_WIDTH: u32 = 150;
/// The most cells a heat map writes its values in.
const MAX_WRITTEN_CELLS: usize = 400;
/// Viridis at eight even stops, 0 to 1.
const VIRIDIS: [(u8, u8, u8); 8] = [
    (68, 1, 84),
    (70, 50, 127),
    (54, 92, 141),
    (39, 127, 142),
    (31, 161, 135),
    (74, 194, 109),
    (159, 218, 58),
    (253, 231, 37),
];
/// The line plot's colour (Okabe-Ito blue, as the first of the comparison).
const LINE: RGBColor = RGBColor(0, 114, 178);

/// Viridis at `share` (0 to 1, clamped).
fn viridis(share: f64) -> RGBColor {
    let x = share.clamp(0.0, 1.0) * (VIRIDIS.len() - 1) as f64;
    let i = (x.floor() as usize).min(VIRIDIS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The plot of column `c` of `sweep` as PNG bytes: a line for one axis, a
/// heat map for two.
pub fn plot(sweep: &Sweep, c: usize, title: &str) -> Result<Vec<u8>, String> {
    register_fonts();
    let mut rgb = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(title, ("sans-serif", 22))
            .map_err(|e| e.to_string())?;
        match &sweep.axes[..] {
            [x] => line(&root, sweep, x, c)?,
            [x, y] => heat_map(&root, sweep, (x, y), c)?,
            _ => return Err("a sweep plot needs one or two axes".into()),
        }
        root.present().map_err(|e| e.to_string())?;
    }
    super::plot::encode_png(&rgb, SIZE).map_err(|e| e.to_string())
}

/// The lowest and highest of `values`, apart by at least a little.
fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo > hi {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.05).max(hi.abs().max(1.0) * 1e-6);
    (lo - pad, hi + pad)
}

/// The measure `c` over the one axis `x`: a line through the defined
/// points, each marked.
fn line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    sweep: &Sweep,
    x: &Axis,
    c: usize,
) -> Result<(), String> {
    let column = &sweep.columns[c];
    let points: Vec<(f64, f64)> = sweep
        .rows
        .iter()
        .filter_map(|(p, v)| v[c].map(|v| (x.ticks[p[0]].value, v)))
        .collect();
    let x_range = span(x.ticks.iter().map(|t| t.value));
    let y_range = span(points.iter().map(|p| p.1));
    let mut chart = ChartBuilder::on(area)
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(x_range.0..x_range.1, y_range.0..y_range.1)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(x.title())
        .y_desc(format!("{} ({})", column.name, column.unit))
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(
            points.iter().copied(),
            LINE.stroke_width(2),
        ))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(points.iter().map(|&p| Circle::new(p, 5, LINE.filled())))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The measure `c` over the axes `x` (across) and `y` (up): a cell per
/// point coloured by its value (white where undefined, marked `-`), and
/// the colour scale beside it.
fn heat_map<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    sweep: &Sweep,
    (x, y): (&Axis, &Axis),
    c: usize,
) -> Result<(), String> {
    let column = &sweep.columns[c];
    let (lo, hi) = {
        let defined = sweep.rows.iter().filter_map(|(_, v)| v[c]);
        let (lo, hi) = defined.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        if lo > hi {
            (0.0, 1.0)
        } else {
            (lo, hi)
        }
    };
    let share = |v: f64| if hi > lo { (v - lo) / (hi - lo) } else { 0.5 };
    let (cells, scale) = area.split_horizontally(SIZE.0 - SCALE_WIDTH);
    let (nx, ny) = (x.ticks.len() as i32, y.ticks.len() as i32);
    let label = |axis: &Axis, v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(i) => axis
            .ticks
            .get(*i as usize)
            .map_or(String::new(), |t| t.label.clone()),
        _ => String::new(),
    };
    let mut chart = ChartBuilder::on(&cells)
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(if y.is_named() { 130 } else { 80 })
        .build_cartesian_2d((0..nx - 1).into_segmented(), (0..ny - 1).into_segmented())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(nx as usize)
        .y_labels(ny as usize)
        .x_label_formatter(&|v| label(x, v))
        .y_label_formatter(&|v| label(y, v))
        .x_desc(x.title())
        .y_desc(y.title())
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()
        .map_err(|e| e.to_string())?;
    cells_of(&mut chart, sweep, c, &share)?;
    colour_scale(
        &scale,
        (lo, hi),
        &format!("{} ({})", column.name, column.unit),
    )
}

/// The cells of a heat map's `chart`: one per row of `sweep`, coloured by
/// column `c` through `share` (0 to 1), white where undefined; each with
/// its value written while the grid is small enough to read them.
fn cells_of<DB: DrawingBackend>(
    chart: &mut ChartContext<DB, Grid>,
    sweep: &Sweep,
    c: usize,
    share: &dyn Fn(f64) -> f64,
) -> Result<(), String> {
    let written = sweep.rows.len() <= MAX_WRITTEN_CELLS;
    for (p, v) in &sweep.rows {
        let (i, j) = (p[0] as i32, p[1] as i32);
        let corner = |a: i32, b: i32| (SegmentValue::Exact(a), SegmentValue::Exact(b));
        let fill = v[c].map_or(WHITE, |v| viridis(share(v)));
        chart
            .draw_series([Rectangle::new(
                [corner(i, j), corner(i + 1, j + 1)],
                fill.filled(),
            )])
            .map_err(|e| e.to_string())?;
        if written {
            let text = crate::short::figures(v[c], super::report::FIGURES);
            let ink = match v[c].is_some_and(|v| share(v) < 0.6) {
                true => WHITE,
                false => BLACK,
            };
            let style = ("sans-serif", 14).into_font().color(&ink).pos(
                plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Center,
                    plotters::style::text_anchor::VPos::Center,
                ),
            );
            let at = (SegmentValue::CenterOf(i), SegmentValue::CenterOf(j));
            chart
                .draw_series([Text::new(text, at, style)])
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// A heat map's coordinates: a segment per value on each axis.
type Grid = Cartesian2d<SegmentedCoord<RangedCoordi32>, SegmentedCoord<RangedCoordi32>>;

/// The colour scale from `lo` to `hi`, labelled, named `name`.
fn colour_scale<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (lo, hi): (f64, f64),
    name: &str,
) -> Result<(), String> {
    let hi = if hi > lo { hi } else { lo + 1.0 };
    let mut chart = ChartBuilder::on(area)
        .margin_top(20)
        .margin_bottom(70)
        .margin_right(10)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..1.0, lo..hi)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(8)
        .y_desc(name)
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .draw()
        .map_err(|e| e.to_string())?;
    const STEPS: usize = 100;
    let step = (hi - lo) / STEPS as f64;
    chart
        .draw_series((0..STEPS).map(|k| {
            let v = lo + step * k as f64;
            Rectangle::new(
                [(0.0, v), (1.0, v + step)],
                viridis(k as f64 / (STEPS - 1) as f64).filled(),
            )
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viridis_runs_dark_to_light() {
        assert_eq!(viridis(0.0), RGBColor(68, 1, 84));
        assert_eq!(viridis(1.0), RGBColor(253, 231, 37));
        assert_eq!(viridis(2.0), viridis(1.0));
        let luma =
            |c: RGBColor| 0.3 * f64::from(c.0) + 0.59 * f64::from(c.1) + 0.11 * f64::from(c.2);
        let l: Vec<f64> = (0..=10).map(|i| luma(viridis(i as f64 / 10.0))).collect();
        assert!(l.windows(2).all(|w| w[1] > w[0]), "{l:?}");
    }
}
