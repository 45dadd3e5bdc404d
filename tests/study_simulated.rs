//! Simulated participants of the shipped `studies/comfort.toml`: their
//! sickness follows the conflict the SVC model predicts, through the
//! visual pathway, so the comfort options reach it.
//!
//! That the restrictor lowers the simulated ratings is true by
//! construction (the visual pathway's hypothesis says it should): this is
//! a check that the chain from what a condition shows to what the
//! simulated participant answers is connected, not evidence about people:
//! the restrictor's rate (what the visual pathway makes of its drives) is
//! below plain's, and the model fitted to the prompts finds it so.

mod common;

use common::study::Study;
use std::sync::OnceLock;
use wobblecaster::study::latin;
use wobblecaster::study::report::model::{self, Prompt};
use wobblecaster::study::session::Event;
use wobblecaster::study::simulate;

/// Participants of the study: six Williams cycles of the four conditions.
const PARTICIPANTS: u64 = 24;

/// The shipped comfort study and its drives in every style.
fn study() -> &'static Study {
    static STUDY: OnceLock<Study> = OnceLock::new();
    STUDY.get_or_init(|| Study::load("studies/comfort.toml"))
}

/// One participant's prompts and stops (condition, seconds).
struct Played {
    prompts: Vec<Prompt>,
    stops: Vec<(String, f64)>,
}

/// Participant `n` of the study.
fn participant(s: &Study, n: u64) -> Played {
    let order = latin::order(s.conditions.len(), n as usize);
    let events = simulate::quick(&s.protocol, order.clone(), &s.drives, n);
    let id = format!("S{n:02}");
    let mut played = Played {
        prompts: Vec::new(),
        stops: Vec::new(),
    };
    for e in events {
        if let Some(prompt) = s.prompt(&id, &order, &e) {
            played.prompts.push(prompt);
        }
        match e {
            Event::ConditionEnded {
                position,
                duration_s,
                reason,
            } if reason.is_stop() => played.stops.push((s.name(&order, position), duration_s)),
            _ => {}
        }
    }
    played
}

#[test]
fn the_restrictor_lowers_simulated_ratings_and_stops_differ_across_conditions() {
    let s = study();
    let rate = |name: &str| s.rate(s.conditions.iter().position(|c| c == name).unwrap());
    for name in &s.conditions {
        eprintln!("{name}: {:.4} FMS points a second", rate(name));
    }
    // What the restrictor shows reaches the simulated person's drive: the
    // simulation's own answer has it less sickening than plain.
    let (restricted, plain) = (rate("restrictor"), rate("plain"));
    assert!(restricted < plain, "restrictor {restricted}, plain {plain}");
    let people: Vec<Played> = (1..=PARTICIPANTS).map(|n| participant(s, n)).collect();
    let prompts: Vec<Prompt> = people.iter().flat_map(|p| p.prompts.clone()).collect();
    let models = model::fit(&s.conditions, &prompts, false);
    let fit = models.headline().unwrap();
    for c in &s.conditions[1..] {
        let d = models.difference(fit, c, "plain").unwrap();
        eprintln!(
            "{c} - plain: {:.2} [{:.2}, {:.2}]",
            d.estimate, d.ci_low, d.ci_high
        );
    }
    let restrictor = models.difference(fit, "restrictor", "plain").unwrap();
    assert!(
        restrictor.ci_high < 0.0,
        "the restrictor against plain: {restrictor:?}"
    );
    // Stop times differ across a participant's conditions: no one who
    // stopped twice or more stopped every time at the same moment.
    let mut stopped_twice = 0;
    for (n, p) in people.iter().enumerate() {
        eprintln!("S{:02} stops: {:?}", n + 1, p.stops);
        if p.stops.len() >= 2 {
            stopped_twice += 1;
            let times: Vec<f64> = p.stops.iter().map(|s| s.1).collect();
            let low = times.iter().copied().fold(f64::INFINITY, f64::min);
            let high = times.iter().copied().fold(0.0, f64::max);
            assert!(high - low > 1.0, "S{:02} stopped at {times:?}", n + 1);
        }
    }
    assert!(stopped_twice >= 2, "{stopped_twice} stopped twice or more");
}
