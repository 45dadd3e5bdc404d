//! Simulated data with a known answer: the report's mixed model (M1,
//! `rating ~ condition + position + t_min + (1 | participant)`) on
//! simulated participants of the shipped `studies/walking.toml`.
//!
//! The simulated participant's sickness grows at a rate set per condition
//! by the camera's motion in it: [`Motions::sickness_rate`] is that rate,
//! the simulation's own answer to which condition is sickest. The model
//! must rank the conditions as those rates do.
//!
//! What the model estimates is not a rate: M1 gives each condition a
//! shift in the rating, one time slope for all, while the simulated
//! sickness grows nonlinearly (it fades as it grows, is capped, a
//! multiplicative susceptibility scales it, and stops cut a condition
//! short). So the *true difference* between two conditions is the one the
//! model converges to on this simulation: M1 fitted to
//! [`TRUTH_PARTICIPANTS`] simulated participants (its standard errors are
//! a twentieth of a 24-participant interval's half-width). The coverage
//! check then asks whether 95% intervals from studies of
//! [`STUDY_PARTICIPANTS`] hold those differences as often as they claim,
//! under a model that is only an approximation of the data, as it would
//! be with people.
//!
//! The participants are simulated with [`simulate::quick`]: the same
//! seeded person and the same session as `study run --simulate`, without
//! files, worlds or recordings (each condition's camera motion computed
//! once), which makes a participant cost milliseconds instead of a second.
//! The first test checks that it answers exactly as the full session does.
//! Seeds are fixed, so every run draws the same participants.

mod common;

use common::temp::TempDir;
use std::sync::OnceLock;
use std::time::Duration;
use wobblecaster::study::latin;
use wobblecaster::study::lmm::Fit;
use wobblecaster::study::protocol::Protocol;
use wobblecaster::study::report::model::{self, Models, Prompt, NO_PREVIOUS};
use wobblecaster::study::session::Event;
use wobblecaster::study::simulate::{self, Motions};

/// Participants of the fit whose estimates are taken as the truth.
const TRUTH_PARTICIPANTS: u64 = 2000;
/// Participants of one simulated study: six Williams cycles of the four
/// conditions, as the docs' example.
const STUDY_PARTICIPANTS: u64 = 24;
/// Participants of the study whose ranking is checked: twelve cycles.
const RANKED_PARTICIPANTS: u64 = 48;
/// Simulated studies in the coverage check.
const REPETITIONS: u64 = 200;
/// The least share of the intervals that must hold each true difference.
const MIN_COVERAGE: f64 = 0.90;
/// The most share, on average: intervals far wider than they claim would
/// hold everything and say nothing.
const MAX_MEAN_COVERAGE: f64 = 0.99;
/// Participant seeds: `salt * SEED_STRIDE + number`, a salt per study.
const SEED_STRIDE: u64 = 100_000;
/// Threads the simulations are spread over (the machine's two cores).
const THREADS: u64 = 2;

/// The shipped walking study, its conditions' motion, and their names.
struct Study {
    protocol: Protocol,
    motions: Motions,
    conditions: Vec<String>,
}

fn study() -> &'static Study {
    static STUDY: OnceLock<Study> = OnceLock::new();
    STUDY.get_or_init(|| {
        let path = common::root().join("studies/walking.toml");
        let protocol = Protocol::load(&path).unwrap();
        let map = wobblecaster::data::resolve_map(&protocol.map_path(&path)).unwrap();
        let map = wobblecaster::map::load(&map).unwrap().map;
        let route = simulate::route(&wobblecaster::data::dir("maneuvers")).unwrap();
        let motions = Motions::new(&protocol, &map, &route);
        let conditions = protocol.conditions.iter().map(|c| c.name.clone()).collect();
        Study {
            protocol,
            motions,
            conditions,
        }
    })
}

/// Participant `n`'s in-play prompts, seeded by `salt`, as rows of
/// `ratings_long.csv`.
fn participant(s: &Study, n: u64, salt: u64) -> Vec<Prompt> {
    let order = latin::order(s.conditions.len(), n as usize);
    let events = simulate::quick(
        &s.protocol,
        order.clone(),
        &s.motions,
        salt * SEED_STRIDE + n,
    );
    let name = |position: usize| s.conditions[order[position]].clone();
    events
        .into_iter()
        .filter_map(|e| match e {
            Event::Rating {
                position,
                t_s,
                rating,
                ..
            } => Some(Prompt {
                participant: format!("S{n:04}"),
                condition: name(position),
                position: position + 1,
                previous_condition: match position {
                    0 => NO_PREVIOUS.into(),
                    p => name(p - 1),
                },
                t_s,
                rating: rating.map(f64::from),
                mssq: None,
            }),
            _ => None,
        })
        .collect()
}

/// `count` simulated participants seeded by `salt`, fitted; the work
/// spread over [`THREADS`] and joined in participant order.
fn simulated_study(count: u64, salt: u64) -> Models {
    let s = study();
    let chunk = count.div_ceil(THREADS);
    let prompts: Vec<Prompt> = std::thread::scope(|scope| {
        let parts: Vec<_> = (0..THREADS)
            .map(|t| {
                let people = (1 + t * chunk)..=((t + 1) * chunk).min(count);
                scope.spawn(move || {
                    people
                        .flat_map(|n| participant(s, n, salt))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts.into_iter().flat_map(|p| p.join().unwrap()).collect()
    });
    model::fit(&s.conditions, &prompts, false)
}

/// The conditions from the sickest down, by each one's effect in `fit`.
fn ranking(models: &Models, fit: &Fit) -> Vec<String> {
    let mut effects = models.effects(fit);
    effects.sort_by(|a, b| b.1.total_cmp(&a.1));
    effects.into_iter().map(|(c, _)| c).collect()
}

/// Every pair of conditions, each once.
fn pairs(conditions: &[String]) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    for (i, a) in conditions.iter().enumerate() {
        out.extend(conditions[i + 1..].iter().map(|b| (a.as_str(), b.as_str())));
    }
    out
}

/// The true difference of each pair: M1's on [`TRUTH_PARTICIPANTS`].
fn truth() -> &'static Vec<f64> {
    static TRUTH: OnceLock<Vec<f64>> = OnceLock::new();
    TRUTH.get_or_init(|| {
        let s = study();
        let models = simulated_study(TRUTH_PARTICIPANTS, 0);
        let fit = models.headline().unwrap();
        // The simulation's ranking is the model's, with this many people.
        let mut by_rate: Vec<usize> = (0..s.conditions.len()).collect();
        by_rate.sort_by(|&a, &b| {
            let rate = |c| s.motions.sickness_rate(c);
            rate(b).total_cmp(&rate(a))
        });
        let by_rate: Vec<String> = by_rate.iter().map(|&c| s.conditions[c].clone()).collect();
        assert_eq!(ranking(&models, fit), by_rate);
        pairs(&s.conditions)
            .iter()
            .map(|(a, b)| models.difference(fit, a, b).unwrap().estimate)
            .collect()
    })
}

#[test]
fn the_model_ranks_the_conditions_as_their_motion_makes_people_sick() {
    let s = study();
    let rates: Vec<f64> = (0..s.conditions.len())
        .map(|c| s.motions.sickness_rate(c))
        .collect();
    // The four walking models move the camera differently enough to
    // tell apart: no two rates within a tenth of each other.
    for (i, a) in rates.iter().enumerate() {
        for b in &rates[i + 1..] {
            assert!((a - b).abs() > 0.1 * a.max(*b), "{rates:?}");
        }
    }
    let mut by_rate: Vec<usize> = (0..rates.len()).collect();
    by_rate.sort_by(|&a, &b| rates[b].total_cmp(&rates[a]));
    let by_rate: Vec<String> = by_rate.iter().map(|&c| s.conditions[c].clone()).collect();
    let models = simulated_study(RANKED_PARTICIPANTS, 1);
    let fit = models.headline().unwrap();
    assert_eq!(ranking(&models, fit), by_rate, "rates {rates:?}");
    let test = models.test_of("lrt_condition").unwrap().unwrap();
    assert!(test.test.p < 1e-6, "{:?}", test.test);
    // And with the truth's thousands of participants (asserted there).
    assert_eq!(truth().len(), 6);
}

#[test]
fn each_true_difference_lies_in_its_interval_as_often_as_claimed() {
    let s = study();
    let truth = truth();
    let pairs = pairs(&s.conditions);
    let mut covered = vec![0u64; pairs.len()];
    for salt in 1..=REPETITIONS {
        let models = simulated_study(STUDY_PARTICIPANTS, SEED_STRIDE + salt);
        let fit = models.headline().unwrap();
        for ((a, b), (&true_difference, hits)) in pairs.iter().zip(truth.iter().zip(&mut covered)) {
            let d = models.difference(fit, a, b).unwrap();
            if d.ci_low <= true_difference && true_difference <= d.ci_high {
                *hits += 1;
            }
        }
    }
    let shares: Vec<f64> = covered
        .iter()
        .map(|&c| c as f64 / REPETITIONS as f64)
        .collect();
    eprintln!("coverage of {pairs:?}: {shares:?}");
    for ((a, b), share) in pairs.iter().zip(&shares) {
        assert!(
            share >= &MIN_COVERAGE,
            "{a} - {b}: {share} of {REPETITIONS}"
        );
    }
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    assert!(mean <= MAX_MEAN_COVERAGE, "{shares:?}");
}

/// The rows of CSV file `path` past its header, split at commas.
fn rows(path: &std::path::Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let rows = text.lines().skip(1);
    rows.map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn a_quick_session_answers_as_the_full_one() {
    let s = study();
    let temp = TempDir::new("study", "known-answer");
    let results = temp.join("results");
    // Seeds 1 to 4 between them complete conditions, stop by the rule and
    // with the stop key, and leave prompts unanswered.
    for n in 1..=4u64 {
        let id = format!("S{n:02}");
        let args = ["study", "run", "studies/walking.toml", "--participant", &id];
        let seed = n.to_string();
        let more = ["--simulate", &seed, "--headless", "--results"];
        let args = [&args[..], &more[..], &[results.to_str().unwrap()]].concat();
        let out = common::run(&args, Duration::from_secs(120)).expect("finishes");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let order = latin::order(s.conditions.len(), n as usize);
        let events = simulate::quick(&s.protocol, order, &s.motions, n);
        let (mut ratings, mut ends) = (Vec::new(), Vec::new());
        for e in events {
            match e {
                Event::Rating {
                    position,
                    t_s,
                    rating,
                    ..
                } => ratings.push(format!(
                    "{},{t_s:.3},{}",
                    position + 1,
                    rating.map_or(String::new(), |r| r.to_string())
                )),
                Event::ConditionEnded {
                    position,
                    duration_s,
                    reason,
                } => ends.push(format!(
                    "{},{duration_s:.3},{}",
                    position + 1,
                    reason.name()
                )),
                _ => {}
            }
        }
        let dir = results.join("walking").join(&id);
        let written: Vec<String> = rows(&dir.join("ratings.csv"))
            .iter()
            .map(|r| format!("{},{},{}", r[3], r[4], r[6]))
            .collect();
        assert_eq!(ratings, written, "{id}'s ratings");
        let written: Vec<String> = rows(&dir.join("conditions.csv"))
            .iter()
            .map(|r| format!("{},{},{}", r[3], r[5], r[8]))
            .collect();
        assert_eq!(ends, written, "{id}'s ends");
    }
}
