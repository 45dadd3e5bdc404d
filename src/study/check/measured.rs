//! The speeds each condition moves at, measured as the feel lab measures
//! them (`feel course`): the bot drives the map's course under the
//! condition's tunables and view, and the run's mean and peak speed and
//! head-bob acceleration are read off its camera (snap turning left out:
//! the bot steers by holding its turn keys). A setting can say what
//! a model's top speed is; only a run says how fast the models go on the
//! course, each accelerating its own way.

use super::Row;
use crate::feel::bot::BotTunables;
use crate::feel::course::{self, DEFAULT_LIMIT_S};
use crate::feel::{self, Scale};
use crate::map::Map;
use crate::short::Short;
use crate::sim::World;
use crate::study::protocol::{Factor, Protocol};

/// How far apart measured values may be and still count as the same: the
/// largest at most this share above the smallest (0.1: 10 %, about the
/// smallest difference in visual speed people notice).
pub const SPEED_TOLERANCE: f64 = 0.1;

/// The measures taken, with their row labels and factors.
const MEASURES: [(&str, &str, &[Factor]); 3] = [
    (
        "speed_mean",
        "mean speed on the course (m/s)",
        &[Factor::Speed],
    ),
    (
        "speed_max",
        "peak speed on the course (m/s)",
        &[Factor::Speed],
    ),
    (
        "head_bob_accel_rms",
        "head bob on the course (m/s^2 RMS)",
        &[Factor::BobAndRoll],
    ),
];

/// The measures of each condition's run of the course, in the protocol's
/// order.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// For each condition, the mean and peak speed (m/s) and the head
    /// bob's acceleration (m/s^2 RMS) of its run, in that order (0 where a
    /// run leaves one undefined).
    pub values: Vec<[f64; 3]>,
}

/// Drives `map`'s course once per condition of `protocol` (its seed, each
/// condition's tunables but snap turning, and field of view, the feel
/// lab's bot and scale); why not, when the map has no course.
pub fn measure(protocol: &Protocol, map: &Map) -> Result<Measured, String> {
    let scale = Scale::default();
    let mut values = Vec::new();
    for c in &protocol.conditions {
        // Snap turning changes how the bot must steer (it holds its turn
        // keys), not how fast the body goes: measured without it.
        let mut tunables = c.tunables;
        tunables.comfort.snap_turn = 0.0;
        let mut world = World::new(map.clone(), tunables, protocol.seed);
        let bot = BotTunables::default();
        let run = course::drive(&mut world, bot, DEFAULT_LIMIT_S, c.fov_deg, scale)
            .map_err(|e| format!("speeds not measured: {e}"))?;
        let metrics = feel::compute(&run.trajectory, scale);
        let get = |name: &str| {
            let found = metrics.iter().find(|m| m.name == name);
            found.and_then(|m| m.value).unwrap_or(0.0)
        };
        values.push(MEASURES.map(|(name, _, _)| get(name)));
    }
    Ok(Measured { values })
}

impl Measured {
    /// A row per measure: it differs when the largest value is more than
    /// [`SPEED_TOLERANCE`] above the smallest.
    pub fn rows(&self) -> Vec<Row> {
        MEASURES
            .iter()
            .enumerate()
            .map(|(i, &(_, label, factors))| {
                let column: Vec<f64> = self.values.iter().map(|v| v[i]).collect();
                let low = column.iter().copied().fold(f64::INFINITY, f64::min);
                let high = column.iter().copied().fold(0.0, f64::max);
                Row {
                    label: label.to_string(),
                    factors,
                    values: column.iter().map(|v| format!("{:.3}", Short(*v))).collect(),
                    differs: high > low * (1.0 + SPEED_TOLERANCE),
                    scoped: false,
                    measured: true,
                }
            })
            .collect()
    }
}
