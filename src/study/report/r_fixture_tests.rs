//! The report's models, tests and curves against R's, without R: the long
//! tables of a simulated study (12 participants of `studies/walking.toml`)
//! and the `r-model.csv`, `r-tests.csv` and `r-survival.csv` that its
//! `analysis.R` wrote, kept in `tests/fixtures/r/report/` (its README
//! says how they were made). The report's statistics are computed from
//! the long tables as `analysis.R` reads them and compared by
//! [`crate::study::agree`]'s rules, as CI compares a fresh study with R.

use super::model::{self, Prompt};
use super::still_playing::{self, Stop};
use crate::stats::survival::Spell;
use crate::study::agree::{self, Files};
use std::collections::BTreeMap;

const RATINGS: &str = include_str!("../../../tests/fixtures/r/report/ratings_long.csv");
const STOPS: &str = include_str!("../../../tests/fixtures/r/report/stops.csv");
const PARTICIPANTS: &str = include_str!("../../../tests/fixtures/r/report/participants.csv");
const R_MODEL: &str = include_str!("../../../tests/fixtures/r/report/r-model.csv");
const R_TESTS: &str = include_str!("../../../tests/fixtures/r/report/r-tests.csv");
const R_SURVIVAL: &str = include_str!("../../../tests/fixtures/r/report/r-survival.csv");

/// The walking study's conditions, in its protocol's order.
const CONDITIONS: [&str; 4] = ["polar-velocity", "polar-heading", "classic", "quake"];

/// A CSV's rows past its header, each as its header's names to fields.
fn table(text: &str) -> Vec<BTreeMap<&str, &str>> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| header.iter().copied().zip(l.split(',')).collect())
        .collect()
}

#[test]
fn the_reports_numbers_are_rs_on_a_simulated_study() {
    let mssq: BTreeMap<&str, f64> = table(PARTICIPANTS)
        .iter()
        .filter_map(|p| Some((p["participant"], p["mssq_raw"].parse().ok()?)))
        .collect();
    let prompts: Vec<Prompt> = table(RATINGS)
        .iter()
        .map(|r| Prompt {
            participant: r["participant"].into(),
            condition: r["condition"].into(),
            position: r["position"].parse().unwrap(),
            previous_condition: r["previous_condition"].into(),
            t_s: r["t_s"].parse().unwrap(),
            rating: r["rating"].parse().ok(),
            mssq: mssq.get(r["participant"]).copied(),
            predicted_msi: r.get("predicted_msi").and_then(|v| v.parse().ok()),
        })
        .collect();
    let stops = table(STOPS);
    let stops: Vec<Stop> = stops
        .iter()
        .map(|s| Stop {
            participant: s["participant"],
            condition: s["condition"],
            spell: Spell {
                time_s: s["time_s"].parse().unwrap(),
                event: s["event"] == "1",
            },
        })
        .collect();
    let conditions = CONDITIONS.map(String::from).to_vec();
    let models = model::fit(&conditions, &prompts, true);
    let still = still_playing::analyse(&conditions, &stops);
    let ours = super::numbers(&models, &still, &conditions);
    let theirs = Files {
        model: R_MODEL.into(),
        tests: R_TESTS.into(),
        survival: R_SURVIVAL.into(),
    };
    let a = agree::compare(&ours, &theirs);
    assert!(a.agrees(), "{}", a.faults.join("\n"));
    // Every kind of number was there to compare: four models (M4 with
    // the SVC model's prediction), the Cox model, the four
    // likelihood-ratio tests, the log-rank test and every step of four
    // curves.
    let compared = |kind: &str| a.worst.get(kind).map_or(0, |w| w.compared);
    assert_eq!(compared("variance"), 8);
    assert_eq!(compared("cox se"), 3);
    assert_eq!(compared("likelihood ratio"), 4);
    assert!(R_MODEL.contains("\nM4,predicted_msi,"));
    assert_eq!(compared("log-rank statistic"), 1);
    assert_eq!(compared("time"), R_SURVIVAL.lines().count() - 1);
}
