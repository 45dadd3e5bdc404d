//! Shared by the study tests: a simulated participant's `study run`, and
//! a protocol's simulated study (its conditions' drives) with the prompts
//! a quick session's events make.

use std::path::Path;
use wobblecaster::study::protocol::Protocol;
use wobblecaster::study::report::model::{Prompt, NO_PREVIOUS};
use wobblecaster::study::session::Event;
use wobblecaster::study::simulate::{self, Drives};

/// The arguments of a headless `study run` of `protocol` (a path, or one
/// from the repository root) by simulated participant `id` of seed
/// `seed`, writing into `results`; `more` follow them.
pub fn simulated_run<'a>(
    protocol: &'a str,
    id: &'a str,
    seed: &'a str,
    results: &'a Path,
    more: &[&'a str],
) -> Vec<&'a str> {
    let results = results.to_str().unwrap();
    let mut args = vec!["study", "run", protocol, "--participant", id];
    args.extend(["--simulate", seed, "--headless", "--results", results]);
    args.extend(more);
    args
}

/// A protocol simulated: its conditions' drives in every style, and their
/// names.
pub struct Study {
    /// The protocol as loaded.
    pub protocol: Protocol,
    /// Each condition's drives, in every style of [`simulate::STYLES`].
    pub drives: Drives,
    /// The conditions' names, in the protocol's order.
    pub conditions: Vec<String>,
}

impl Study {
    /// The protocol at `path` (from the repository root) on its map, driven
    /// along the standard maneuvers in every style.
    pub fn load(path: &str) -> Self {
        let path = super::root().join(path);
        let protocol = Protocol::load(&path).unwrap();
        let map = wobblecaster::data::resolve_map(&protocol.map_path(&path)).unwrap();
        let map = wobblecaster::map::load(&map).unwrap().map;
        let route = simulate::route(&wobblecaster::data::dir("maneuvers")).unwrap();
        let styles: Vec<usize> = (0..simulate::STYLES.len()).collect();
        let drives = Drives::new(&protocol, &map, &route, &styles);
        let conditions = protocol.conditions.iter().map(|c| c.name.clone()).collect();
        Study {
            protocol,
            drives,
            conditions,
        }
    }

    /// The rate at which protocol condition `c` makes a fresh person of
    /// susceptibility 1 sick, FMS points per second, before recovery.
    pub fn rate(&self, c: usize) -> f64 {
        simulate::RATE * self.drives.mean_of(c, simulate::drive_of)
    }

    /// The name of the condition played at `position` of `order`.
    pub fn name(&self, order: &[usize], position: usize) -> String {
        self.conditions[order[position]].clone()
    }

    /// The row of `ratings_long.csv` of `event` if it is an in-play
    /// rating: `participant`'s, who played the conditions in `order`.
    pub fn prompt(&self, participant: &str, order: &[usize], event: &Event) -> Option<Prompt> {
        let Event::Rating {
            position,
            t_s,
            rating,
            ..
        } = *event
        else {
            return None;
        };
        Some(Prompt {
            participant: participant.to_string(),
            condition: self.name(order, position),
            position: position + 1,
            previous_condition: match position {
                0 => NO_PREVIOUS.into(),
                p => self.name(order, p - 1),
            },
            t_s,
            rating: rating.map(f64::from),
            mssq: None,
            predicted_msi: None,
        })
    }
}
