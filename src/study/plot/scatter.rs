//! One measure against another: a dot per observation, with the
//! correlation the caller computed in the subtitle.

use super::*;

/// Radius of a scatter point, pixels.
const POINT_PX: i32 = 6;

/// A correlation to name in the subtitle: its symbol and value (NaN
/// shows as undefined).
pub type Correlation<'a> = (&'a str, f64);

/// Plots `points` to `path` as translucent dots, so that coinciding
/// points show darker, on axes named `(x_name, y_name)` spanning the
/// points (and 0 on the y axis). The subtitle gives `correlation`, the
/// count and any points left out for a non-finite coordinate. No finite
/// point draws empty axes with a note.
///
/// # Errors
/// Drawing and writing errors.
pub fn scatter(
    path: &Path,
    title: &str,
    (x_name, y_name): (&str, &str),
    points: &[(f64, f64)],
    correlation: Option<Correlation>,
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
    let y = padded(
        extent(shown.iter().map(|p| p.1).chain([0.0])).unwrap_or((0.0, 1.0)),
        PAD_SHARE,
    );
    let subtitle = scatter_subtitle(shown.len(), points.len() - shown.len(), correlation);
    render(path, |root| {
        let body = header(root, title, &subtitle)?;
        let mut chart = axes(&body, (x_name, y_name), (x, y), TICKS)?;
        if shown.is_empty() {
            note(&chart, "no points with both values to show")?;
        }
        draw_points(&mut chart, &shown, POINT_PX, colour(0))
    })
}

/// The scatter plot's subtitle: the correlation, the count, and what was
/// left out.
pub(super) fn scatter_subtitle(
    shown: usize,
    left_out: usize,
    correlation: Option<Correlation>,
) -> String {
    let mut parts = Vec::new();
    match correlation {
        Some((name, r)) if r.is_finite() => parts.push(format!("{name} = {r:.2}")),
        Some((name, _)) => parts.push(format!("{name} undefined")),
        None => {}
    }
    parts.push(format!("n = {shown} points"));
    if left_out > 0 {
        parts.push(format!("{left_out} left out for a missing value"));
    }
    parts.join(", ")
}
