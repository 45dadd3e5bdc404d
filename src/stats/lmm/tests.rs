//! Expected values come from R 4.2.2 and lme4 1.1-31, printed by
//! `tests/fixtures/r/make_fixtures.R` (its output is `expected.txt`
//! beside it), with the optimizer tightened (`bobyqa`, `rhoend =
//! 1e-12`) so lme4's own convergence does not limit the comparison.
// Constants carry R's 17 printed digits, as in expected.txt, so the two
// can be compared by eye.
#![allow(clippy::excessive_precision)]

use super::*;

const SLEEPSTUDY: &str = include_str!("../../../tests/fixtures/r/sleepstudy.csv");
const CROSSOVER: &str = include_str!("../../../tests/fixtures/r/crossover.csv");
const BOUNDARY: &str = include_str!("../../../tests/fixtures/r/boundary.csv");

/// Relative agreement asked of every estimate. The criterion is flat
/// near its minimum, so lme4's function-value optimizer places `theta`
/// only to about 1e-7 even when tightened (M3: lme4 2.22510976, the
/// root of the derivative here 2.22511007, R's `optimize` on lme4's own
/// deviance function 2.22511002, all within 1e-15 of the same
/// criterion); estimates inherit that.
const TOLERANCE: f64 = 1e-6;

/// The fields of what lme4 prints for one fit.
struct Lme4 {
    fixef: &'static [(&'static str, f64)],
    se: &'static [f64],
    variances: (f64, f64),
    theta: f64,
    log_lik: f64,
    ml_log_lik: f64,
    sizes: (usize, usize),
}

const SLEEP_REML: Lme4 = Lme4 {
    fixef: &[
        ("(Intercept)", 251.405104848483120),
        ("Days", 10.467285959595966),
    ],
    se: &[9.74671633893592393, 0.80422142822850395],
    variances: (1378.17853886622356, 960.45657684851346),
    theta: 1.1978815447860998,
    log_lik: -893.23254269746042,
    ml_log_lik: -897.04969977259577,
    sizes: (180, 18),
};

const SLEEP_ML: Lme4 = Lme4 {
    fixef: &[
        ("(Intercept)", 251.405104848483830),
        ("Days", 10.467285959596063),
    ],
    se: &[9.50618520053819616, 0.80173542157413347],
    variances: (1296.87004818074934, 954.52783401688191),
    theta: 1.1656117899685865,
    log_lik: -897.03932150261267,
    ml_log_lik: -897.03932150261267,
    sizes: (180, 18),
};

const CROSSOVER_M1: Lme4 = Lme4 {
    fixef: &[
        ("(Intercept)", 4.42909633750233933),
        ("conditionpolar", 1.19625822529798254),
        ("conditiontank", 0.21017112624534079),
        ("position2", 0.94833312164507000),
        ("position3", 1.38783845428056285),
        ("t_min", 0.39392407236859145),
    ],
    se: &[
        0.72558654315789795,
        0.26244109991823328,
        0.25207968386710816,
        0.26009041620385537,
        0.25590207975536616,
        0.11214032791920149,
    ],
    variances: (3.01708367032981783, 0.85411512695905512),
    theta: 1.8794703134367086,
    log_lik: -121.42877264114406,
    ml_log_lik: -118.49901852608789,
    sizes: (81, 7),
};

const CROSSOVER_M2: Lme4 = Lme4 {
    fixef: &[
        ("(Intercept)", 4.428177204026139790),
        ("conditionpolar", 1.195350033579435145),
        ("conditiontank", 0.176689898125118455),
        ("position2", 0.887236655319703638),
        ("position3", 1.331242521863396533),
        ("t_min", 0.399966524392994793),
        ("previous_conditionclassic", 0.091215733419919634),
        ("previous_conditionpolar", 0.094299660219623757),
    ],
    se: &[
        0.73030134763698029,
        0.29230945985437368,
        0.28953768397353691,
        0.35712952588285179,
        0.34288526977618711,
        0.11618298465044810,
        0.40653779781763527,
        0.41142259547715765,
    ],
    variances: (3.03322598917507458, 0.87830141804624384),
    theta: 1.8583631804630889,
    log_lik: -121.57510954762597,
    ml_log_lik: -118.45812785660145,
    sizes: (81, 7),
};

const CROSSOVER_M3: Lme4 = Lme4 {
    fixef: &[
        ("(Intercept)", 4.073023328565170686),
        ("conditionpolar", 1.209087813214359208),
        ("conditiontank", 0.152000266021014824),
        ("position2", 0.881526211750194522),
        ("position3", 1.387787762381738288),
        ("t_min", 0.414188980376550830),
        ("mssq", 0.049918594184507621),
    ],
    se: &[
        2.59815645792670002,
        0.29318458941615033,
        0.27847481763608029,
        0.28965405541634093,
        0.28355060729917131,
        0.12388889659379125,
        0.26640321219106988,
    ],
    variances: (4.41819852810761748, 0.89236462848084774),
    theta: 2.2251097647954694,
    log_lik: -106.47772165740523,
    ml_log_lik: -103.87038657290654,
    sizes: (70, 6),
};

const BOUNDARY_REML: Lme4 = Lme4 {
    fixef: &[
        ("(Intercept)", 2.46250000000000568),
        ("x", 0.47783333333333167),
    ],
    se: &[0.42425951014024943, 0.12791905535228995],
    variances: (0.0, 0.98179708333333326),
    theta: 0.0,
    log_lik: -43.220861108320236,
    ml_log_lik: -41.257703502386555,
    sizes: (30, 6),
};

/// A CSV's header and rows of fields (no quoting in these fixtures).
fn table(text: &str) -> (Vec<&str>, Vec<Vec<&str>>) {
    let mut lines = text.lines();
    let header = lines.next().unwrap().split(',').collect();
    (header, lines.map(|l| l.split(',').collect()).collect())
}

/// Column `name` of a table.
fn field<'a>(t: &(Vec<&str>, Vec<Vec<&'a str>>), name: &str) -> Vec<&'a str> {
    let j = t.0.iter().position(|h| *h == name).unwrap();
    t.1.iter().map(|row| row[j]).collect()
}

fn numbers(values: &[&str]) -> Vec<Option<f64>> {
    values.iter().map(|v| v.parse().ok()).collect()
}

fn strings(values: &[&str]) -> Vec<String> {
    values.iter().map(|v| v.to_string()).collect()
}

fn some<'a>(values: &[&'a str]) -> Vec<Option<&'a str>> {
    values.iter().map(|v| Some(*v)).collect()
}

fn sleepstudy() -> Data {
    let t = table(SLEEPSTUDY);
    Data::new(
        numbers(&field(&t, "Reaction")),
        strings(&field(&t, "Subject")),
    )
    .and_then(|d| d.with_numeric("Days", numbers(&field(&t, "Days"))))
    .unwrap()
}

fn crossover() -> Data {
    let t = table(CROSSOVER);
    Data::new(
        numbers(&field(&t, "rating")),
        strings(&field(&t, "participant")),
    )
    .and_then(|d| {
        let conditions = ["classic", "polar", "tank"];
        let previous = ["none", "classic", "polar", "tank"];
        d.with_factor("condition", &conditions, &some(&field(&t, "condition")))?
            .with_factor("position", &["1", "2", "3"], &some(&field(&t, "position")))?
            .with_factor(
                "previous_condition",
                &previous,
                &some(&field(&t, "previous_condition")),
            )?
            .with_numeric("t_min", numbers(&field(&t, "t_min")))?
            .with_numeric("mssq", numbers(&field(&t, "mssq")))
    })
    .unwrap()
}

fn assert_close(got: f64, want: f64, what: &str) {
    let scale = want.abs().max(1e-12);
    assert!(
        ((got - want) / scale).abs() < TOLERANCE,
        "{what}: got {got:.15e}, lme4 {want:.15e}"
    );
}

fn assert_matches(fit: &Fit, want: &Lme4) {
    let names: Vec<&str> = fit.coefficients.iter().map(|c| c.name.as_str()).collect();
    let want_names: Vec<&str> = want.fixef.iter().map(|f| f.0).collect();
    assert_eq!(names, want_names);
    for ((c, (_, estimate)), se) in fit.coefficients.iter().zip(want.fixef).zip(want.se) {
        assert_close(c.estimate, *estimate, &c.name);
        assert_close(c.se, *se, &format!("se {}", c.name));
        assert_close(c.ci_high - c.estimate, Z_95 * se, &format!("ci {}", c.name));
    }
    if want.variances.0 == 0.0 {
        assert_eq!(fit.group_variance, 0.0);
        assert_eq!(fit.theta, 0.0);
    } else {
        assert_close(fit.group_variance, want.variances.0, "group variance");
        assert_close(fit.theta, want.theta, "theta");
    }
    assert_close(fit.residual_variance, want.variances.1, "residual variance");
    assert_close(fit.log_likelihood, want.log_lik, "logLik");
    assert_close(fit.deviance, -2.0 * want.log_lik, "deviance");
    assert_close(fit.ml_log_likelihood, want.ml_log_lik, "ML logLik");
    assert_eq!((fit.observations, fit.groups), want.sizes);
}

#[test]
fn sleepstudy_matches_lme4_by_reml_and_ml() {
    let design = Design::build(&sleepstudy(), &["Days"]).unwrap();
    assert_matches(&fit(&design, Criterion::Reml).unwrap(), &SLEEP_REML);
    assert_matches(&fit(&design, Criterion::Ml).unwrap(), &SLEEP_ML);
}

#[test]
fn an_unbalanced_crossover_with_missing_ratings_matches_lme4() {
    let data = crossover();
    let design = Design::build(&data, &["condition", "position", "t_min"]).unwrap();
    assert!(design.dropped.is_empty());
    let m1 = fit(&design, Criterion::Reml).unwrap();
    assert_matches(&m1, &CROSSOVER_M1);
    assert_close(
        m1.icc(),
        3.01708367032981783 / (3.01708367032981783 + 0.85411512695905512),
        "icc",
    );
}

#[test]
fn the_carry_over_factor_drops_the_column_lme4_drops() {
    let terms = ["condition", "position", "t_min", "previous_condition"];
    let design = Design::build(&crossover(), &terms).unwrap();
    assert_eq!(design.dropped, ["previous_conditiontank"]);
    assert_matches(&fit(&design, Criterion::Reml).unwrap(), &CROSSOVER_M2);
}

#[test]
fn a_covariate_missing_for_one_participant_drops_their_rows() {
    let terms = ["condition", "position", "t_min", "mssq"];
    let design = Design::build(&crossover(), &terms).unwrap();
    assert_matches(&fit(&design, Criterion::Reml).unwrap(), &CROSSOVER_M3);
}

#[test]
fn likelihood_ratio_tests_match_lme4_anova() {
    let data = crossover();
    let base = ["position", "t_min"];
    let m1 = ["condition", "position", "t_min"];
    let m2 = ["condition", "position", "t_min", "previous_condition"];
    let m3 = ["condition", "position", "t_min", "mssq"];
    // anova(m0, m1), anova(m1, m2), anova(m1 on m3's rows, m3).
    let cases = [
        (
            &base[..],
            &m1[..],
            21.181727116233503,
            2,
            2.514469650730383e-05,
            -118.48786284278782,
        ),
        (
            &m1,
            &m2,
            0.069983204650412745,
            2,
            0.96561352513187892,
            -118.45287124046261,
        ),
        (
            &m1,
            &m3,
            0.052505475131738422,
            1,
            0.81875953585928463,
            -103.73819911977881,
        ),
    ];
    for (reduced, full, chi_square, df, p, full_log_lik) in cases {
        let c = compare(&data, reduced, full).unwrap();
        // The statistic is a difference of log-likelihoods near -118:
        // relative to those, it agrees to the fits' precision.
        assert!(
            (c.test.chi_square - chi_square).abs() < 1e-7 * 240.0,
            "{full:?}"
        );
        assert_eq!(c.test.df, df);
        assert!(
            (c.test.p - p).abs() < 1e-6 * p.max(1e-3),
            "{full:?}: p {}",
            c.test.p
        );
        assert_close(c.full.log_likelihood, full_log_lik, "full logLik");
    }
}

#[test]
fn a_fit_on_the_boundary_gives_theta_zero_exactly() {
    let t = table(BOUNDARY);
    let data = Data::new(numbers(&field(&t, "y")), strings(&field(&t, "g")))
        .and_then(|d| d.with_numeric("x", numbers(&field(&t, "x"))))
        .unwrap();
    let fit = fit(&Design::build(&data, &["x"]).unwrap(), Criterion::Reml).unwrap();
    assert_matches(&fit, &BOUNDARY_REML);
    assert_eq!(fit.icc(), 0.0);
}

#[test]
fn degenerate_data_gives_reasons_not_panics() {
    let groups = |names: &[&str]| strings(names);
    // One group.
    let one = Data::new(
        vec![Some(1.0), Some(2.0), Some(4.0)],
        groups(&["a", "a", "a"]),
    )
    .unwrap();
    let design = Design::build(&one, &[]).unwrap();
    assert_eq!(
        fit(&design, Criterion::Reml),
        Err(LmmError::TooFewGroups(1))
    );
    // One row per group.
    let single = Data::new(vec![Some(1.0), Some(2.0)], groups(&["a", "b"])).unwrap();
    let design = Design::build(&single, &[]).unwrap();
    assert_eq!(
        fit(&design, Criterion::Ml),
        Err(LmmError::OneRowPerGroup(2))
    );
    // A constant response.
    let flat = Data::new(vec![Some(3.0); 4], groups(&["a", "a", "b", "b"])).unwrap();
    let design = Design::build(&flat, &[]).unwrap();
    assert_eq!(
        fit(&design, Criterion::Reml),
        Err(LmmError::NoResidualVariation)
    );
    // Constant within each group: all the variance is between groups.
    let response = [1.0, 1.0, 4.0, 4.0, 2.0, 2.0].map(Some).to_vec();
    let within = Data::new(response, groups(&["a", "a", "b", "b", "c", "c"])).unwrap();
    let design = Design::build(&within, &[]).unwrap();
    assert_eq!(
        fit(&design, Criterion::Ml),
        Err(LmmError::NoResidualVariation)
    );
    // Every response missing.
    let empty = Data::new(vec![None; 4], groups(&["a", "a", "b", "b"])).unwrap();
    let design = Design::build(&empty, &[]).unwrap();
    assert_eq!(design.observations, 0);
    assert_eq!(
        fit(&design, Criterion::Reml),
        Err(LmmError::TooFewGroups(0))
    );
    // Bad input is refused where it enters.
    let data = Data::new(vec![Some(1.0)], groups(&["a"])).unwrap();
    assert!(matches!(
        data.clone().with_factor("f", &["x"], &[Some("y")]),
        Err(LmmError::UnknownLevel { row: 0, .. })
    ));
    assert!(matches!(
        data.clone().with_numeric("v", vec![Some(f64::NAN)]),
        Err(LmmError::NotFinite { row: 0, .. })
    ));
    assert!(matches!(
        data.clone().with_numeric("v", vec![]),
        Err(LmmError::Length { .. })
    ));
    assert_eq!(
        Design::build(&data, &["nothing"]).err(),
        Some(LmmError::UnknownColumn("nothing".into()))
    );
}

#[test]
fn a_likelihood_ratio_test_needs_ml_fits_on_the_same_rows() {
    let data = sleepstudy();
    let design = Design::build(&data, &["Days"]).unwrap();
    let null = Design::build(&data, &[]).unwrap();
    let reml = fit(&design, Criterion::Reml).unwrap();
    let ml = fit(&design, Criterion::Ml).unwrap();
    let null_ml = fit(&null, Criterion::Ml).unwrap();
    assert!(likelihood_ratio(&null_ml, &reml).is_err());
    assert!(likelihood_ratio(&ml, &null_ml).is_err());
    let test = likelihood_ratio(&null_ml, &ml).unwrap();
    assert_eq!(test.df, 1);
    assert!(test.p < 1e-20);
}

#[test]
fn the_repeated_measures_correlation_matches_r() {
    // R: lm(rating ~ factor(participant) + t_min) on the crossover's
    // rows with a rating; r = sign(b) sqrt(SS_t / (SS_t + SS_res)).
    let t = table(CROSSOVER);
    let x: Vec<f64> = numbers(&field(&t, "t_min"))
        .iter()
        .map(|v| v.unwrap())
        .collect();
    let y: Vec<f64> = numbers(&field(&t, "rating"))
        .iter()
        .map(|v| v.unwrap_or(f64::NAN))
        .collect();
    let rm = repeated_measures_correlation(&field(&t, "participant"), &x, &y).unwrap();
    assert!((rm.r - 0.249741734538144550).abs() < 1e-12);
    assert_eq!(rm.df, 73);
    assert!((rm.p - 0.030705615096391550).abs() < 1e-12);
    let (low, high) = rm.ci.unwrap();
    assert!((low - 0.020873812451591416).abs() < 1e-12);
    assert!((high - 0.453738383457935934).abs() < 1e-12);
    assert_eq!((rm.observations, rm.subjects), (81, 7));
    let flat = vec![1.0; x.len()];
    assert!(repeated_measures_correlation(&field(&t, "participant"), &x, &flat).is_err());
}

#[test]
fn contrasts_and_lines_match_lme4s_covariance() {
    // make_fixtures.R section 8: crossover M1's vcov, the difference
    // polar - tank (also read off a refit with tank the reference), and
    // the line of polar at t_min = 2 with the positions averaged.
    let design = Design::build(&crossover(), &["condition", "position", "t_min"]).unwrap();
    let m1 = fit(&design, Criterion::Reml).unwrap();
    let vcov = [
        ((0, 0), 0.526475840276893314),
        ((1, 2), 0.0302980198398542545),
        ((3, 4), 0.03251261209517133238),
        ((5, 5), 0.01257545312404427691),
        ((5, 1), 0.00436521683461100086),
    ];
    for ((i, j), want) in vcov {
        assert_close(m1.covariance[(i, j)], want, &format!("vcov[{i}, {j}]"));
        assert_eq!(m1.covariance[(i, j)], m1.covariance[(j, i)]);
    }
    let difference = m1
        .combination(
            "polar - tank",
            &[("conditionpolar", 1.0), ("conditiontank", -1.0)],
        )
        .unwrap();
    assert_close(difference.estimate, 0.98608709900411151, "polar - tank");
    assert_close(difference.se, 0.26799898887240564, "se of polar - tank");
    assert_close(difference.se, 0.26799898894408741, "se, tank the reference");
    assert_close(
        difference.ci_low,
        difference.estimate - Z_95 * difference.se,
        "ci",
    );
    let third = 1.0 / 3.0;
    let line = m1
        .combination(
            "line",
            &[
                (INTERCEPT, 1.0),
                ("conditionpolar", 1.0),
                ("position2", third),
                ("position3", third),
                ("t_min", 2.0),
            ],
        )
        .unwrap();
    assert_close(line.estimate, 7.1919265660871936, "line");
    assert_close(line.se, 0.6847800738047678, "se of the line");
    assert_close(m1.icc(), 0.77936676546687289, "icc");
    assert_eq!(m1.combination("x", &[("conditionnone", 1.0)]), None);
}
