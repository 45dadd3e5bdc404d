//! Expected values from R 4.2.2 and ordinal 2022.11-16, printed by
//! `tests/fixtures/r/make_clmm.R` (its output is `clmm_expected.txt`
//! beside it): `clmm(rating ~ temp + contact + (1 | judge), data = wine)`
//! with its defaults.
#![allow(clippy::excessive_precision)]

use super::*;

const WINE: &str = include_str!("../../tests/fixtures/r/wine.csv");

/// Relative agreement asked of every number: R's optimizer (`nlminb`)
/// stops at a gradient of about 1e-5, which moves the estimates in their
/// sixth digit; the report promises 1e-3.
const TOLERANCE: f64 = 1e-4;

/// `wine.csv` as the model's data: `temp` and `contact` as treatment
/// dummies (`tempwarm`, `contactyes`).
fn wine() -> OrdinalData {
    let rows: Vec<Vec<&str>> = WINE
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let x = DMatrix::from_fn(rows.len(), 2, |r, c| match c {
        0 => f64::from(u8::from(rows[r][1] == "warm")),
        _ => f64::from(u8::from(rows[r][2] == "yes")),
    });
    OrdinalData {
        x,
        columns: vec!["tempwarm".into(), "contactyes".into()],
        response: rows.iter().map(|r| r[3].parse().unwrap()).collect(),
        clusters: rows.iter().map(|r| r[0].to_string()).collect(),
    }
}

fn close(ours: f64, r: f64, what: &str) {
    let difference = (ours - r).abs() / r.abs();
    assert!(
        difference < TOLERANCE,
        "{what}: {ours} here, {r} in R ({difference:e} relative)"
    );
}

#[test]
fn the_wine_model_agrees_with_clmm() {
    let fit = fit(&wine()).unwrap();
    let expected = [
        ("1|2", -1.6236668294770547, 0.68244473902422575),
        ("2|3", 1.5133651080364909, 0.60376081400842474),
        ("3|4", 4.2285265781513326, 0.80897740583104916),
        ("4|5", 6.0887724316374108, 0.97246615115888224),
        ("tempwarm", 3.0629965079405288, 0.59538106667636248),
        ("contactyes", 1.8348848626566905, 0.51253269325056228),
    ];
    let ours: Vec<&Estimate> = fit.thresholds.iter().chain(&fit.coefficients).collect();
    assert_eq!(ours.len(), expected.len());
    for (e, (name, estimate, se)) in ours.iter().zip(expected) {
        assert_eq!(e.name, name);
        close(e.estimate, estimate, name);
        close(e.se, se, name);
    }
    close(fit.sd, 1.1311325300001245, "sd_judge");
    close(fit.log_likelihood, -81.56540929212548, "logLik");
    assert_eq!((fit.observations, fit.clusters), (72, 9));
}

#[test]
fn the_thresholds_take_the_names_of_the_levels_that_occur() {
    // Levels 2 and 4 never occur: the thresholds cut 1|3 and 3|5.
    let mut data = wine();
    data.response = data.response.iter().map(|&y| y - (y + 1) % 2).collect();
    let fit = fit(&data).unwrap();
    let names: Vec<&str> = fit.thresholds.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["1|3", "3|5"]);
}

#[test]
fn hostile_data_is_refused_with_a_reason() {
    let mut data = wine();
    data.response = vec![3; data.response.len()];
    assert_eq!(fit(&data), Err(ClmmError::TooFewLevels(1)));
    let mut data = wine();
    data.clusters.pop();
    assert!(matches!(fit(&data), Err(ClmmError::Shape { .. })));
    let mut data = wine();
    data.x[(5, 1)] = f64::NAN;
    assert_eq!(fit(&data), Err(ClmmError::NotFinite { row: 5 }));
}
