//! The report's models on `tests/fixtures/r/crossover.csv`, against what
//! lme4 gives there (`make_fixtures.R`, printed in `expected.txt`), and
//! on data too thin to fit.
#![allow(clippy::excessive_precision)]

use super::*;

const CROSSOVER: &str = include_str!("../../../tests/fixtures/r/crossover.csv");
/// As the lmm module's tests: lme4's optimizer places `theta` to about
/// 1e-7, and its estimates inherit that.
const TOLERANCE: f64 = 1e-6;

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= TOLERANCE * want.abs().max(1e-3),
        "{what}: got {got}, lme4 {want}"
    );
}

/// The fixture's rows as prompts (its `t_min` as seconds).
fn crossover() -> Vec<Prompt> {
    CROSSOVER
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            Prompt {
                participant: f[0].into(),
                condition: f[1].into(),
                position: f[2].parse().unwrap(),
                previous_condition: f[3].into(),
                t_s: f[4].parse::<f64>().unwrap() * 60.0,
                rating: f[5].parse().ok(),
                mssq: f[6].parse().ok(),
                predicted_msi: None,
            }
        })
        .collect()
}

fn conditions() -> Vec<String> {
    ["classic", "polar", "tank"].map(String::from).to_vec()
}

#[test]
fn the_models_and_tests_are_lme4s() {
    let m = fit(&conditions(), &crossover(), true);
    assert_eq!(m.conditions, conditions());
    assert_eq!(m.positions, [1, 2, 3]);
    let m1 = m.headline().unwrap();
    close(
        m1.coefficients[1].estimate,
        1.19625822513813151,
        "conditionpolar",
    );
    close(m1.coefficients[3].se, 0.26009041597921040, "se position2");
    let m2 = m.fit_of("M2").unwrap().unwrap();
    assert_eq!(m2.dropped, ["previous_conditiontank"]);
    let m3 = m.fit_of("M3").unwrap().unwrap();
    close(
        m3.coefficient("mssq").unwrap().estimate,
        0.049918594184507621,
        "mssq",
    );
    let condition = m.test_of("lrt_condition").unwrap().unwrap();
    close(
        condition.test.chi_square,
        21.181727116233503,
        "lrt_condition",
    );
    assert_eq!(condition.test.df, 2);
    let mssq = m.test_of("lrt_mssq").unwrap().unwrap();
    close(mssq.test.chi_square, 0.052505475131738422, "lrt_mssq");
    // The rows as model.csv and tests.csv hold them.
    let rows = m.model_rows();
    assert!(rows.starts_with("M1,(Intercept),4.42909633"), "{rows}");
    assert!(rows.contains("\nM3,mssq,0.0499185"), "{rows}");
    assert!(rows.contains("\nM1,var_participant,3.017083"), "{rows}");
    let tests = m.test_rows();
    assert_eq!(tests.lines().count(), 3);
    assert!(tests.starts_with("lrt_condition,21.18172711"), "{tests}");
}

#[test]
fn differences_and_lines_are_lme4s_contrasts() {
    let m = fit(&conditions(), &crossover(), false);
    let m1 = m.headline().unwrap();
    let d = m.difference(m1, "polar", "tank").unwrap();
    close(d.estimate, 0.98608709900411151, "polar - tank");
    close(d.se, 0.26799898887240564, "se");
    // Against the reference: the coefficient itself, turned round.
    let d = m.difference(m1, "classic", "polar").unwrap();
    close(d.estimate, -1.19625822513813151, "classic - polar");
    close(d.se, 0.26244109969198842, "se");
    let line = m.line(m1, "polar", 2.0).unwrap();
    close(line.estimate, 7.1919265660871936, "line");
    close(line.se, 0.6847800738047678, "se of the line");
    assert_eq!(m.difference(m1, "polar", "quake"), None);
    let effects = m.effects(m1);
    assert_eq!(effects[0], ("classic".into(), 0.0));
    close(effects[2].1, 0.21017112613402000, "tank");
    // Without the MSSQ, no M3 and no test of it.
    assert!(m.fit_of("M3").is_none() && m.test_of("lrt_mssq").is_none());
}

#[test]
fn a_protocol_condition_nobody_rated_leaves_the_next_as_reference() {
    let prompts: Vec<Prompt> = crossover()
        .into_iter()
        .filter(|p| p.condition != "classic")
        .collect();
    let m = fit(&conditions(), &prompts, false);
    assert_eq!(m.conditions, ["polar", "tank"]);
    let m1 = m.headline().unwrap();
    assert!(m1.coefficient("conditiontank").is_some());
    assert!(m1.coefficient("conditionpolar").is_none());
    assert_eq!(m.effects(m1)[0], ("polar".into(), 0.0));
}

#[test]
fn thin_data_says_why_not() {
    // One participant.
    let one: Vec<Prompt> = crossover()
        .into_iter()
        .filter(|p| p.participant == "P01")
        .collect();
    let m = fit(&conditions(), &one, true);
    assert_eq!(m.headline().unwrap_err(), &LmmError::TooFewGroups(1));
    assert!(m.tests.iter().all(|(_, t)| t.is_err()));
    assert_eq!(m.model_rows(), "");
    // One condition: nothing to test condition against.
    let single: Vec<Prompt> = crossover()
        .into_iter()
        .filter(|p| p.condition == "tank")
        .collect();
    let m = fit(&conditions(), &single, false);
    assert!(m.headline().is_ok());
    assert!(matches!(
        m.test_of("lrt_condition").unwrap(),
        Err(LmmError::NotComparable(_))
    ));
    // No answer at all.
    let mut none = crossover();
    none.iter_mut().for_each(|p| p.rating = None);
    let m = fit(&conditions(), &none, false);
    assert!(m.conditions.is_empty() && m.reference().is_none());
    assert!(m.headline().is_err());
    // No prompt at all.
    let m = fit(&conditions(), &[], false);
    assert!(m.headline().is_err());
}
