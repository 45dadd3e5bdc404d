//! The plot of a flight maneuver: one PNG of six panels (the path from
//! above at equal scale, the feet's altitude, the view's pitch as the
//! renderer is given it, the view's yaw, the pitch rate with the view cuts
//! marked, and the eye's speed in 3D), a line per variant, drawn like the
//! walking maneuvers' plots.

use super::metrics::{FlownTrajectory, CUT_DEG_PER_TICK};
use super::plot::{axes, bounds, lines, register_fonts, six_panels, Series, COLOURS};
use super::series::{rate, unwrap};
use plotters::prelude::*;

/// The key to the line styles.
const NOTE: &str = "a level horizon flies its tilting twin's path (drawn over it); \
                    triangles: pitch jumps (view cuts), left out of the rate";

/// Picks one panel's series.
type Pick = fn(&Panels) -> &Series;

/// Every panel's data for one flown trajectory.
struct Panels {
    path: Series,
    altitude: Series,
    pitch: Series,
    yaw: Series,
    /// The smooth pitch rate in pieces, broken at each jump.
    pitch_rate: Vec<Series>,
    /// The times of the jumps and their sign.
    jumps: Vec<(f64, f64)>,
    speed: Series,
}

impl Panels {
    fn of(t: &FlownTrajectory, metres_per_tile: f64) -> Self {
        let s = &t.samples;
        let time = |i: usize| i as f64 * t.dt;
        let over_time = |v: &[f64], from: usize| -> Series {
            v.iter()
                .enumerate()
                .map(|(i, &y)| (time(i + from), y))
                .collect()
        };
        let pitch: Vec<f64> = s.iter().map(|p| p.view.pitch.to_degrees()).collect();
        let yaw: Vec<f64> = unwrap(s.iter().map(|p| p.view.yaw))
            .into_iter()
            .map(f64::to_degrees)
            .collect();
        let (mut pieces, mut jumps) = (vec![Vec::new()], Vec::new());
        for (i, r) in rate(&pitch, t.dt).into_iter().enumerate() {
            if (r * t.dt).abs() > CUT_DEG_PER_TICK {
                jumps.push((time(i + 1), r.signum()));
                pieces.push(Vec::new());
            } else if let Some(piece) = pieces.last_mut() {
                piece.push((time(i + 1), r));
            }
        }
        let metres = |f: fn(&super::FlownSample) -> f64| -> Vec<f64> {
            s.iter().map(|p| f(p) * metres_per_tile).collect()
        };
        let (vx, vy, vz) = (
            rate(&metres(|p| p.view.x), t.dt),
            rate(&metres(|p| p.view.y), t.dt),
            rate(&metres(|p| p.view.z), t.dt),
        );
        let speed: Vec<f64> = (0..vx.len())
            .map(|i| (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]).sqrt())
            .collect();
        Self {
            path: s.iter().map(|p| (p.view.x, -p.view.y)).collect(),
            altitude: over_time(&metres(|p| p.altitude), 0),
            pitch: over_time(&pitch, 0),
            yaw: over_time(&yaw, 0),
            pitch_rate: pieces.into_iter().filter(|p| !p.is_empty()).collect(),
            jumps,
            speed: over_time(&speed, 1),
        }
    }
}

/// The plot of one flight maneuver as PNG bytes: `title` over six panels,
/// one line per `(label, flown view)`, lengths in metres at
/// `metres_per_tile`.
pub fn flight(
    title: &str,
    runs: &[(String, &FlownTrajectory)],
    metres_per_tile: f64,
) -> Result<Vec<u8>, String> {
    register_fonts();
    let panels: Vec<Panels> = runs
        .iter()
        .map(|(_, t)| Panels::of(t, metres_per_tile))
        .collect();
    let labels: Vec<String> = runs.iter().map(|(label, _)| label.clone()).collect();
    let pick = |f: Pick| -> Vec<&Series> { panels.iter().map(f).collect() };
    let metres = format!("m (1 tile = {metres_per_tile} m)");
    six_panels(title, (&labels, NOTE), &pick(|p| &p.path), |areas| {
        let simple: [(&str, &str, Pick); 3] = [
            ("Altitude of the feet", &metres, |p| &p.altitude),
            ("View pitch as rendered (down +)", "deg", |p| &p.pitch),
            ("View yaw", "deg (unwrapped)", |p| &p.yaw),
        ];
        for (area, (caption, unit, f)) in areas[..3].iter().zip(simple) {
            let mut chart = axes(
                area,
                caption,
                ("time (s)", unit),
                bounds(pick(f).into_iter()),
            )?;
            lines(&mut chart, &pick(f), 2, 1.0)?;
        }
        let (x_range, _) = bounds(pick(|p| &p.speed).into_iter());
        let (_, y_range) = bounds(panels.iter().flat_map(|p| p.pitch_rate.iter()));
        let mut chart = axes(
            &areas[3],
            "View pitch rate (jumps marked, not drawn)",
            ("time (s)", "deg/s"),
            (x_range, y_range),
        )?;
        for (i, p) in panels.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            for piece in &p.pitch_rate {
                chart
                    .draw_series(LineSeries::new(
                        piece.iter().copied(),
                        colour.stroke_width(2),
                    ))
                    .map_err(|e| e.to_string())?;
            }
            let edge = |sign: f64| if sign > 0.0 { y_range.1 } else { y_range.0 } * 0.95;
            let marks = p
                .jumps
                .iter()
                .map(|&(x, sign)| TriangleMarker::new((x, edge(sign)), 8, colour.filled()));
            chart.draw_series(marks).map_err(|e| e.to_string())?;
        }
        let unit = format!("m/s (1 tile = {metres_per_tile} m)");
        let mut chart = axes(
            &areas[4],
            "Eye speed in 3D",
            ("time (s)", &unit),
            bounds(pick(|p| &p.speed).into_iter()),
        )?;
        lines(&mut chart, &pick(|p| &p.speed), 2, 1.0)?;
        Ok(())
    })
}
