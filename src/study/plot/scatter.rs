//! One metric against the peak rating: a dot per participant and
//! condition.

use super::*;

/// Radius of a scatter point, pixels.
const POINT_PX: i32 = 6;
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
pub(super) fn scatter_subtitle(shown: usize, left_out: usize, rho: Option<f64>) -> String {
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
