//! The random-slope model against lme4 1.1-31 on `sleepstudy` with
//! `(Days | Subject)`. Expected values are printed by
//! `tests/fixtures/r/slopes.R` (its output is `slopes_expected.txt` beside
//! it), lme4's optimizer tightened (`bobyqa`, `rhoend = 1e-12`).
#![allow(clippy::excessive_precision)]

use super::*;

const SLEEPSTUDY: &str = include_str!("../../../tests/fixtures/r/sleepstudy.csv");

/// Relative agreement asked of estimates: both optimizers place `θ` only
/// to about 1e-7 on a criterion flat at its minimum.
const TOLERANCE: f64 = 1e-5;

/// Relative agreement asked of the criterion itself, flat at its minimum.
const CRITERION_TOLERANCE: f64 = 1e-9;

/// What lme4 prints for one fit.
struct Lme4 {
    fixef: [f64; 2],
    se: [f64; 2],
    /// Intercept variance, slope variance, their covariance, residual.
    variances: [f64; 4],
    correlation: f64,
    theta: [f64; 3],
    criterion: f64,
}

const REML: Lme4 = Lme4 {
    fixef: [251.40510484848610, 10.46728595959604],
    se: [6.8245557762758260, 1.5457889324298524],
    variances: [
        612.0897482746686364,
        35.0716623442135074,
        9.6043354747548584,
        654.9410406819692980,
    ],
    correlation: 0.065551342853464228,
    theta: [
        0.96673279147144553,
        0.01516905988036828,
        0.23090959808530717,
    ],
    criterion: 1743.628271958491,
};

const ML: Lme4 = Lme4 {
    fixef: [251.405104848484001, 10.467285959595536],
    se: [6.6322764211572220, 1.5022367925718914],
    variances: [
        565.515271042698600,
        32.682197613824108,
        11.055414458563808,
        654.941037580172861,
    ],
    correlation: 0.081319974587096541,
    theta: [
        0.929225387595171926,
        0.018165684131469854,
        0.222645424073262294,
    ],
    criterion: 1751.9393444631976,
};

fn sleepstudy() -> Data {
    let mut reaction = Vec::new();
    let mut days = Vec::new();
    let mut subject = Vec::new();
    for line in SLEEPSTUDY.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        reaction.push(fields[0].parse().ok());
        days.push(fields[1].parse().ok());
        subject.push(fields[2].to_string());
    }
    Data::new(reaction, subject)
        .and_then(|d| d.with_numeric("Days", days))
        .unwrap()
}

fn assert_close(got: f64, want: f64, tolerance: f64, what: &str) {
    let scale = want.abs().max(1e-12);
    assert!(
        ((got - want) / scale).abs() < tolerance,
        "{what}: got {got:.15e}, lme4 {want:.15e}"
    );
}

fn assert_matches(fit: &SlopeFit, want: &Lme4) {
    let names: Vec<&str> = fit.coefficients.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["(Intercept)", "Days"]);
    for (i, c) in fit.coefficients.iter().enumerate() {
        assert_close(c.estimate, want.fixef[i], TOLERANCE, &c.name);
        assert_close(c.se, want.se[i], TOLERANCE, &format!("se {}", c.name));
    }
    let covariance = fit.correlation * (fit.intercept_variance * fit.slope_variance).sqrt();
    let got = [
        fit.intercept_variance,
        fit.slope_variance,
        covariance,
        fit.residual_variance,
    ];
    for (what, (g, w)) in ["var intercept", "var slope", "covariance", "residual"]
        .iter()
        .zip(got.iter().zip(want.variances))
    {
        assert_close(*g, w, TOLERANCE, what);
    }
    // The correlation is small, so it is held to the covariance's
    // absolute accuracy rather than its own relative one.
    assert!(
        (fit.correlation - want.correlation).abs() < 1e-5,
        "correlation {} against {}",
        fit.correlation,
        want.correlation
    );
    for (k, (g, w)) in fit.theta.iter().zip(want.theta).enumerate() {
        assert!((g - w).abs() < 1e-5, "theta[{k}]: got {g}, lme4 {w}");
    }
    assert_close(
        fit.deviance,
        want.criterion,
        CRITERION_TOLERANCE,
        "criterion",
    );
    assert_close(
        fit.log_likelihood,
        -want.criterion / 2.0,
        CRITERION_TOLERANCE,
        "logLik",
    );
    assert_eq!((fit.observations, fit.groups), (180, 18));
    assert_eq!(fit.slope, "Days");
}

#[test]
fn sleepstudy_with_a_random_slope_matches_lme4_by_reml() {
    let design = SlopeDesign::build(&sleepstudy(), &["Days"], "Days").unwrap();
    assert_matches(&fit_slopes(&design, Criterion::Reml).unwrap(), &REML);
}

#[test]
fn sleepstudy_with_a_random_slope_matches_lme4_by_ml() {
    let design = SlopeDesign::build(&sleepstudy(), &["Days"], "Days").unwrap();
    assert_matches(&fit_slopes(&design, Criterion::Ml).unwrap(), &ML);
}

#[test]
fn the_slope_test_matches_lme4_anova() {
    // anova(lmer(Reaction ~ Days + (1 | Subject), REML = FALSE),
    //       lmer(Reaction ~ Days + (Days | Subject), REML = FALSE)):
    // Chisq = 2 (-875.96967223 - -897.03932150), Df = 2.
    let data = sleepstudy();
    let intercept = fit(&Design::build(&data, &["Days"]).unwrap(), Criterion::Ml).unwrap();
    let slope = fit_slopes(
        &SlopeDesign::build(&data, &["Days"], "Days").unwrap(),
        Criterion::Ml,
    )
    .unwrap();
    let test = slope_likelihood_ratio(&intercept, &slope).unwrap();
    assert_eq!(test.df, 2);
    let want = 2.0 * (-875.96967223159879 - -897.03932150261267);
    assert_close(test.chi_square, want, 1e-8, "chi-square");
    assert!(test.p < 1e-9, "{}", test.p);
    // A REML fit cannot be tested.
    let reml = fit_slopes(
        &SlopeDesign::build(&data, &["Days"], "Days").unwrap(),
        Criterion::Reml,
    )
    .unwrap();
    assert!(slope_likelihood_ratio(&intercept, &reml).is_err());
    assert!(slopes_likelihood_ratio(&slope, &slope).is_err());
}

#[test]
fn a_slope_that_is_not_a_numeric_term_or_too_few_rows_are_refused() {
    let data = sleepstudy();
    assert_eq!(
        SlopeDesign::build(&data, &[], "Days").unwrap_err(),
        LmmError::UnknownColumn("Days".into())
    );
    // Two rows per subject: as many random effects as rows.
    let t: Vec<usize> = (0..data.rows()).filter(|r| r % 10 < 2).collect();
    let reaction = t.iter().map(|&r| data.response[r]).collect();
    let subject = t.iter().map(|&r| data.groups[r].clone()).collect();
    let days = t.iter().map(|&r| Some((r % 10) as f64)).collect();
    let small = Data::new(reaction, subject)
        .and_then(|d| d.with_numeric("Days", days))
        .unwrap();
    let design = SlopeDesign::build(&small, &["Days"], "Days").unwrap();
    assert!(matches!(
        fit_slopes(&design, Criterion::Reml),
        Err(LmmError::TooFewObservations { .. })
    ));
}

const CROSSOVER: &str = include_str!("../../../tests/fixtures/r/crossover.csv");

/// What lme4 prints for the crossover's `M1_ct`-like model (slopes.R).
struct Crossover {
    fixef: [(&'static str, f64); 8],
    se: [f64; 8],
    /// Intercept variance, slope variance, their covariance, residual.
    variances: [f64; 4],
    criterion: f64,
}

const CROSSOVER_REML: Crossover = Crossover {
    fixef: [
        ("(Intercept)", 4.11159028020266071),
        ("conditionpolar", 1.63137612345284966),
        ("conditiontank", 0.94215824141155025),
        ("position2", 0.91283861720580295),
        ("position3", 1.38813518209074660),
        ("t_min", 0.56531938027710926),
        ("conditionpolar:t_min", -0.24568565232320369),
        ("conditiontank:t_min", -0.39353581153308004),
    ],
    se: [
        0.68605531458675006,
        0.58496302375152442,
        0.56684243009294499,
        0.25941663541608101,
        0.25483276468824007,
        0.17843872086229556,
        0.29346385359924548,
        0.26179161313718557,
    ],
    variances: [
        2.154579795903307726,
        0.023850993102289112,
        0.226691128742218917,
        0.838707385003443329,
    ],
    criterion: 241.39953943077964,
};

const CROSSOVER_ML: Crossover = Crossover {
    fixef: [
        ("(Intercept)", 4.11232137540034515),
        ("conditionpolar", 1.62796598850547958),
        ("conditiontank", 0.93987181401623143),
        ("position2", 0.91358807845804491),
        ("position3", 1.38853639101476278),
        ("t_min", 0.56453100681854851),
        ("conditionpolar:t_min", -0.24321670104841786),
        ("conditiontank:t_min", -0.39192762173813156),
    ],
    se: [
        0.64217356066417375,
        0.55658672293568900,
        0.53937230668883873,
        0.24684157689260150,
        0.24247793952956934,
        0.16901296595682336,
        0.27919642608364359,
        0.24909344771154621,
    ],
    variances: [
        1.854404039290658890,
        0.019762418749005282,
        0.191435391592852666,
        0.759437919502459868,
    ],
    criterion: 233.69005462268865,
};

fn as_str(v: &[Option<String>]) -> Vec<Option<&str>> {
    v.iter().map(|s| s.as_deref()).collect()
}

fn crossover() -> Data {
    let rows: Vec<Vec<&str>> = CROSSOVER
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let column = |j: usize| -> Vec<&str> { rows.iter().map(|r| r[j]).collect() };
    let some = |values: Vec<&str>| -> Vec<Option<String>> {
        values.into_iter().map(|v| Some(v.to_string())).collect()
    };
    let numbers = |values: Vec<&str>| -> Vec<Option<f64>> {
        values.into_iter().map(|v| v.parse().ok()).collect()
    };
    let conditions = some(column(1));
    let positions = some(column(2));
    Data::new(
        numbers(column(5)),
        column(0).iter().map(|s| s.to_string()).collect(),
    )
    .and_then(|d| {
        d.with_factor(
            "condition",
            &["classic", "polar", "tank"],
            &as_str(&conditions),
        )
    })
    .and_then(|d| d.with_factor("position", &["1", "2", "3"], &as_str(&positions)))
    .and_then(|d| d.with_numeric("t_min", numbers(column(4))))
    .unwrap()
}

fn assert_crossover(fit: &SlopeFit, want: &Crossover) {
    let names: Vec<&str> = fit.coefficients.iter().map(|c| c.name.as_str()).collect();
    let want_names: Vec<&str> = want.fixef.iter().map(|f| f.0).collect();
    assert_eq!(names, want_names);
    for ((c, (_, estimate)), se) in fit.coefficients.iter().zip(want.fixef).zip(want.se) {
        assert_close(c.estimate, estimate, TOLERANCE, &c.name);
        assert_close(c.se, se, TOLERANCE, &format!("se {}", c.name));
    }
    assert_close(
        fit.intercept_variance,
        want.variances[0],
        TOLERANCE,
        "var intercept",
    );
    assert_close(
        fit.slope_variance,
        want.variances[1],
        TOLERANCE,
        "var slope",
    );
    assert_close(
        fit.residual_variance,
        want.variances[3],
        TOLERANCE,
        "residual",
    );
    // lme4 stops on the boundary, a correlation of exactly 1.
    assert!(fit.correlation > 1.0 - 1e-6, "{}", fit.correlation);
    assert_close(
        fit.deviance,
        want.criterion,
        CRITERION_TOLERANCE,
        "criterion",
    );
    assert_eq!((fit.observations, fit.groups), (81, 7));
}

#[test]
fn an_interaction_with_time_and_a_singular_slope_match_lme4() {
    let terms = ["condition", "position", "t_min", "condition:t_min"];
    let design = SlopeDesign::build(&crossover(), &terms, "t_min").unwrap();
    assert_crossover(
        &fit_slopes(&design, Criterion::Reml).unwrap(),
        &CROSSOVER_REML,
    );
    assert_crossover(&fit_slopes(&design, Criterion::Ml).unwrap(), &CROSSOVER_ML);
    // The random-intercept model takes the interaction too, with R's names.
    let intercept = Design::build(&crossover(), &terms).unwrap();
    assert_eq!(
        intercept.columns[6..],
        ["conditionpolar:t_min", "conditiontank:t_min"]
    );
    // Two factors cannot interact here.
    assert!(Design::build(&crossover(), &["condition:position"]).is_err());
}
