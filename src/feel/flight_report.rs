//! The comparison report's flight section: what the flight maneuvers
//! measured with the horizon tilting or level and the stabilising jets on
//! or off, as Markdown, with a plot per maneuver.

use super::flight::{FlightResult, FLIGHT_DIR};
use super::report::FIGURES;
use super::Metric;
use crate::short::figures;
use std::fmt::Write as _;

/// The columns of the flight table: a flight metric or a walking one, by
/// name, and its heading.
const COLUMNS: [(&str, &str); 12] = [
    ("view_cuts_3d", "view cuts 3D"),
    ("pitch_rate_rms", "pitch rate RMS (deg/s)"),
    ("pitch_rate_p95", "pitch rate p95 (deg/s)"),
    ("pitch_rate_max", "pitch rate max (deg/s)"),
    ("roll_rate_max", "roll rate max (deg/s)"),
    ("yaw_rate_p95", "yaw rate p95 (deg/s)"),
    ("uncommanded_yaw_deg", "uncommanded yaw (deg)"),
    ("msdv_3d", "MSDV 3D"),
    ("msdv_3d_up", "MSDV 3D up"),
    ("altitude_max_m", "altitude max (m)"),
    ("time_to_land_s", "time to land (s)"),
    ("touchdown_speed_m_s", "touchdown (m/s)"),
];

/// The plot file of flight maneuver `name`.
pub fn plot_name(name: &str) -> String {
    format!("flight_{name}.png")
}

/// Appends the flight section to `md`: nothing when there are no results.
pub fn section(md: &mut String, flight: &[FlightResult]) {
    let Some(first) = flight.first() else { return };
    let _ = writeln!(
        md,
        "## Flight\n\nThe scripts in `{FLIGHT_DIR}/` fly the jetpack on `maps/{}` (its enemies \
         left out: the lab measures flying, not a fight) from its start, with the game's \
         default walking model and tunables, four ways: the view as the game shows it by \
         default (`tilting`: tipped down by the ship's forward tilt) or with the comfort option \
         `level_horizon` (`level`: the same view with its pitch held at zero, as the game hands \
         it to the renderer), and the stabilising jets (`[jetpack] stabilise`) on or off. The \
         flown view's metrics come from the view as rendered at 120 Hz; the view never rolls in \
         flight (the ship's sideways tilt is left out of it), so its roll rates read 0 and are \
         there to show it. `uncommanded yaw` is the walking family's view turning with no turn \
         key held: in flight, the spin of a knock. The landing's cue is where its script starts \
         to come down. `feel compare` also writes every figure of these runs to `flight.csv`.\n",
        first.maneuver.map
    );
    metric_list(md, first);
    table(md, flight);
    for r in flight {
        let m = &r.maneuver;
        let _ = writeln!(
            md,
            "### flight/{}\n\n{}\n\n![{}: path, altitude, pitch, yaw, pitch rate and speed for every variant]({})\n",
            m.name,
            m.about,
            m.name,
            plot_name(m.name)
        );
    }
}

/// The flight metrics' definitions.
fn metric_list(md: &mut String, first: &FlightResult) {
    let Some(run) = first.runs.first() else {
        return;
    };
    let _ = writeln!(md, "| flight metric | unit | meaning |\n|---|---|---|");
    for m in &run.flight {
        let _ = writeln!(md, "| `{}` | {} | {} |", m.name, m.unit, m.meaning);
    }
    md.push('\n');
}

/// The table: a row per maneuver and variant.
fn table(md: &mut String, flight: &[FlightResult]) {
    let _ = write!(md, "| maneuver | view | jets |");
    for (_, heading) in COLUMNS {
        let _ = write!(md, " {heading} |");
    }
    let _ = writeln!(md, "\n|---|---|---|{}", "---:|".repeat(COLUMNS.len()));
    for r in flight {
        for run in &r.runs {
            let v = run.variant;
            let horizon = if v.level_horizon { "level" } else { "tilting" };
            let jets = if v.jets { "on" } else { "off" };
            let _ = write!(md, "| {} | {horizon} | {jets} |", r.maneuver.name);
            for (name, _) in COLUMNS {
                let value = value_of(&run.flight, name).or_else(|| value_of(&run.metrics, name));
                let _ = write!(md, " {} |", figures(value, FIGURES));
            }
            md.push('\n');
        }
    }
    md.push('\n');
}

/// The value of metric `name` in `metrics`, if it is there and defined.
fn value_of(metrics: &[Metric], name: &str) -> Option<f64> {
    metrics
        .iter()
        .find(|m| m.name == name)
        .and_then(|m| m.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_is_a_metric() {
        for (name, _) in COLUMNS {
            let known = crate::feel::flight_names()
                .chain(crate::feel::names())
                .any(|n| n == name);
            assert!(known, "{name}");
        }
    }
}
