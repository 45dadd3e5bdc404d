//! Dropouts as data, end to end: 24 simulated participants of the shipped
//! `studies/walking.toml` (which stops a condition at FMS 15) stop both
//! ways a person can (the stop rule, their own stop key), and the
//! report's long tables hold them: one `stops.csv` row per participant
//! and condition, one `ratings_long.csv` row per prompt, and each
//! rating's `previous_condition` the one the Williams order played
//! before.

mod common;

use common::study::simulated_run;
use common::temp::TempDir;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;
use wobblecaster::study::latin;
use wobblecaster::study::protocol::Protocol;

const PARTICIPANTS: usize = 24;

/// The rows of CSV file `path` past its header, split at commas.
fn rows(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn simulated_dropouts_of_both_kinds_reach_the_long_tables() {
    let dir = TempDir::new("study", "dropouts");
    let results = dir.join("results");
    let results = results.to_str().unwrap();
    // Two at a time: the machine's two cores.
    let ids: Vec<String> = (1..=PARTICIPANTS).map(|n| format!("S{n:02}")).collect();
    for pair in ids.chunks(2) {
        std::thread::scope(|scope| {
            for id in pair {
                scope.spawn(move || {
                    let seed = id[1..].to_string();
                    let walking = "studies/walking.toml";
                    let args = simulated_run(walking, id, &seed, Path::new(results), &[]);
                    let out = common::run(&args, Duration::from_secs(300)).expect("finishes");
                    assert!(
                        out.status.success(),
                        "{id}: {}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                });
            }
        });
    }
    let report = dir.join("report");
    let study = Path::new(results).join("walking");
    let args = [
        "study",
        "report",
        study.to_str().unwrap(),
        "--out",
        report.to_str().unwrap(),
    ];
    let out = common::run(&args, Duration::from_secs(600)).expect("the report finishes");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let protocol = Protocol::load(&common::root().join("studies/walking.toml")).unwrap();
    let conditions = protocol.conditions.len();
    // Every condition played has its row, and both kinds of stop occur.
    let stops = rows(&report.join("stops.csv"));
    assert_eq!(stops.len(), PARTICIPANTS * conditions);
    let mut reasons = BTreeMap::new();
    for s in &stops {
        *reasons.entry(s[6].clone()).or_insert(0) += 1;
        let event = s[5] == "1";
        assert_eq!(event, s[6] == "stop_rule" || s[6] == "participant", "{s:?}");
    }
    for kind in ["stop_rule", "participant", "completed"] {
        assert!(reasons.contains_key(kind), "no {kind} among {reasons:?}");
    }
    // One long row per prompt written in any participant's ratings.csv.
    let prompts: usize = ids
        .iter()
        .map(|id| rows(&study.join(id).join("ratings.csv")).len())
        .sum();
    let long = rows(&report.join("ratings_long.csv"));
    assert_eq!(long.len(), prompts);
    // The condition played before, by the participant's Williams row.
    for r in &long {
        let sequence: usize = r[2].parse().unwrap();
        let position: usize = r[5].parse().unwrap();
        let order = latin::order(conditions, sequence);
        assert_eq!(protocol.conditions[order[position - 1]].name, r[3], "{r:?}");
        let before = match position {
            1 => "none".to_string(),
            p => protocol.conditions[order[p - 2]].name.clone(),
        };
        assert_eq!(r[6], before, "{r:?}");
    }
}
