//! Expected values from R 4.2.2 and survival 3.5-3, printed by
//! `tests/fixtures/r/make_fixtures.R` (output in `expected.txt` beside
//! it); `aml.csv` and `lung.csv` are survival's data sets as it wrote
//! them (lung's status recoded to 0/1).
// Constants carry R's 17 printed digits, as in expected.txt, so the two
// can be compared by eye.
#![allow(clippy::excessive_precision)]

use super::*;

const AML: &str = include_str!("../../tests/fixtures/r/aml.csv");
const LUNG: &str = include_str!("../../tests/fixtures/r/lung.csv");

/// A `survfit` row: time, n.risk, n.event, n.censor, surv, std.err,
/// lower, upper (NaN for R's NA).
type Row = (f64, usize, usize, usize, f64, f64, f64, f64);

#[rustfmt::skip]
const AML_MAINTAINED: [Row; 10] = [
    (9.0, 11, 1, 0, 0.909090909090909061, 0.095346258924559224, 0.754133845081525478, 1.0),
    (13.0, 10, 1, 1, 0.818181818181818121, 0.142133810903740276, 0.619248987399363515, 1.0),
    (18.0, 8, 1, 0, 0.715909090909090828, 0.195087577921207123, 0.488426287422128458, 1.0),
    (23.0, 7, 1, 0, 0.613636363636363535, 0.248734169081545498, 0.376867059501679758, 0.99915760022847266),
    (28.0, 6, 0, 1, 0.613636363636363535, 0.248734169081545498, 0.376867059501679758, 0.99915760022847266),
    (31.0, 5, 1, 0, 0.490909090909090851, 0.334467766561572954, 0.254859951199317314, 0.94558495520042918),
    (34.0, 4, 1, 0, 0.368181818181818166, 0.441816726937788340, 0.154877117897191052, 0.87526067814390762),
    (45.0, 3, 0, 1, 0.368181818181818166, 0.441816726937788340, 0.154877117897191052, 0.87526067814390762),
    (48.0, 2, 1, 0, 0.184090909090909083, 0.833787754888508870, 0.035917898489185258, 0.94352576947455202),
    (161.0, 1, 0, 1, 0.184090909090909083, 0.833787754888508870, 0.035917898489185258, 0.94352576947455202),
];

#[rustfmt::skip]
const AML_NONMAINTAINED: [Row; 10] = [
    (5.0, 12, 2, 0, 0.833333333333333370, 0.129099444873580549, 0.647036987013361653, 1.0),
    (8.0, 10, 2, 0, 0.666666666666666741, 0.204124145231931509, 0.446846081150263919, 0.99462536025909154),
    (12.0, 8, 1, 0, 0.583333333333333370, 0.243975018237133301, 0.361613705210384717, 0.94099801217380930),
    (16.0, 7, 0, 1, 0.583333333333333370, 0.243975018237133301, 0.361613705210384717, 0.94099801217380930),
    (23.0, 6, 1, 0, 0.486111111111111160, 0.304724700110022007, 0.267518248858266583, 0.88331922533955765),
    (27.0, 5, 1, 0, 0.388888888888888951, 0.377964473009227198, 0.185396526095556763, 0.81573571569127235),
    (30.0, 4, 1, 0, 0.291666666666666741, 0.475594865605670880, 0.114831150152470404, 0.74082201851580376),
    (33.0, 3, 1, 0, 0.194444444444444475, 0.626783170528008693, 0.056921552571604174, 0.66422365988256338),
    (43.0, 2, 1, 0, 0.097222222222222238, 0.944911182523068049, 0.015256527170865199, 0.61954862911905562),
    (45.0, 1, 1, 0, 0.0, f64::INFINITY, f64::NAN, f64::NAN),
];

/// The spells of a CSV with `time,status,GROUP` columns, by group in
/// the order `groups` gives (rows whose group is empty are skipped).
fn spells(text: &str, groups: &[&str]) -> Vec<Vec<Spell>> {
    let mut out = vec![Vec::new(); groups.len()];
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        if let Some(g) = groups.iter().position(|g| *g == fields[2]) {
            out[g].push(Spell {
                time_s: fields[0].parse().unwrap(),
                event: fields[1] == "1",
            });
        }
    }
    out
}

fn spell(time_s: f64, event: bool) -> Spell {
    Spell { time_s, event }
}

fn same(got: Option<f64>, want: f64) -> bool {
    match got {
        None => want.is_nan(),
        Some(v) => v == want || (v - want).abs() <= 1e-9 * want.abs(),
    }
}

fn assert_rows(curve: &Curve, want: &[Row]) {
    assert_eq!(curve.steps.len(), want.len());
    for (s, w) in curve.steps.iter().zip(want) {
        assert_eq!(
            (s.time_s, s.at_risk, s.events, s.censored),
            (w.0, w.1, w.2, w.3)
        );
        assert!(
            same(Some(s.survival), w.4),
            "surv at {}: {}",
            w.0,
            s.survival
        );
        assert!(
            same(Some(s.se_log), w.5),
            "std.err at {}: {}",
            w.0,
            s.se_log
        );
        assert!(same(s.ci_low, w.6), "lower at {}: {:?}", w.0, s.ci_low);
        assert!(same(s.ci_high, w.7), "upper at {}: {:?}", w.0, s.ci_high);
    }
}

#[test]
fn aml_curves_match_survfit_to_1e_9() {
    let groups = spells(AML, &["Maintained", "Nonmaintained"]);
    let maintained = kaplan_meier(&groups[0]).unwrap();
    let non = kaplan_meier(&groups[1]).unwrap();
    assert_rows(&maintained, &AML_MAINTAINED);
    assert_rows(&non, &AML_NONMAINTAINED);
    assert_eq!(maintained.median_s, Some(31.0));
    assert_eq!(maintained.median_ci_s, (Some(18.0), None));
    assert_eq!(non.median_s, Some(23.0));
    assert_eq!(non.median_ci_s, (Some(8.0), None));
    assert_eq!((non.spells, non.events), (12, 11));
    assert!((non.steps[0].se() - 0.833333333333333370 * 0.129099444873580549).abs() < 1e-15);
}

#[test]
fn the_log_rank_test_matches_survdiff() {
    let aml = spells(AML, &["Maintained", "Nonmaintained"]);
    let test = log_rank(&[&aml[0], &aml[1]]).unwrap();
    assert!((test.chi_square - 3.3963886989776011).abs() < 1e-8 * 3.4);
    assert_eq!(test.df, 1);
    // Four groups, one of them a single spell; the NA row left out.
    let lung = spells(LUNG, &["0", "1", "2", "3"]);
    let refs: Vec<&[Spell]> = lung.iter().map(Vec::as_slice).collect();
    let test = log_rank(&refs).unwrap();
    assert!((test.chi_square - 21.962131682476006).abs() < 1e-8 * 22.0);
    assert_eq!(test.df, 3);
    assert!((test.p - 6.6425353558001711e-05).abs() < 1e-10 * 6.6e-5);
    // An empty group takes no part.
    let with_empty = log_rank(&[&aml[0], &[], &aml[1]]).unwrap();
    assert!((with_empty.chi_square - 3.3963886989776011).abs() < 1e-8 * 3.4);
}

#[test]
fn lung_medians_and_their_intervals_match_print_survfit() {
    let lung = spells(LUNG, &["0", "1", "2", "3"]);
    let want = [
        (Some(394.0), Some(348.0), Some(574.0)),
        (Some(306.0), Some(268.0), Some(429.0)),
        (Some(199.0), Some(156.0), Some(288.0)),
        (Some(118.0), None, None),
    ];
    for (group, (median, low, high)) in lung.iter().zip(want) {
        let curve = kaplan_meier(group).unwrap();
        assert_eq!((curve.median_s, curve.median_ci_s), (median, (low, high)));
    }
}

#[test]
fn a_curve_flat_at_one_half_takes_the_middle_of_the_flat() {
    // R: survfit(Surv(c(1, 2, 3, 4), c(1, 1, 0, 1)) ~ 1): flat at 0.5
    // from 2 to the drop at 4, median 3.
    let to_drop = [
        spell(1.0, true),
        spell(2.0, true),
        spell(3.0, false),
        spell(4.0, true),
    ];
    assert_eq!(kaplan_meier(&to_drop).unwrap().median_s, Some(3.0));
    // Flat at 0.5 to the last (censored) time 4: median 3 as well.
    let to_end = [
        spell(1.0, true),
        spell(2.0, true),
        spell(3.0, false),
        spell(4.0, false),
    ];
    let curve = kaplan_meier(&to_end).unwrap();
    assert_eq!(curve.median_s, Some(3.0));
    assert_eq!(curve.median_ci_s.0, Some(1.0));
}

#[test]
fn a_clustered_cox_model_matches_coxph() {
    // lung's rows with ph.ecog and inst, by ph.ecog, clustered by inst.
    let (mut groups, mut clusters) = (vec![Vec::new(); 4], vec![Vec::new(); 4]);
    for line in LUNG.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (Ok(g), false) = (f[2].parse::<usize>(), f[3].is_empty()) else {
            continue;
        };
        groups[g].push(spell(f[0].parse().unwrap(), f[1] == "1"));
        clusters[g].push(f[3]);
    }
    let group_refs: Vec<&[Spell]> = groups.iter().map(Vec::as_slice).collect();
    let cluster_refs: Vec<&[&str]> = clusters.iter().map(Vec::as_slice).collect();
    let fit = cox(&group_refs, &cluster_refs).unwrap();
    let close = |got: f64, want: f64| (got - want).abs() <= 1e-8 * want.abs();
    let want = [
        (
            0.36821786409418683,
            0.10400730323136960,
            0.19865927572942887,
        ),
        (
            0.91991378315851957,
            0.25981778419991031,
            0.22572943017056149,
        ),
        (
            2.20090388872967679,
            0.13141042877471759,
            1.02581951084489509,
        ),
    ];
    assert_eq!(fit.reference, 0);
    for (c, (b, se, naive)) in fit.coefficients.iter().zip(want) {
        assert!(
            close(c.log_hazard_ratio, b),
            "coef {}: {}",
            c.group,
            c.log_hazard_ratio
        );
        assert!(close(c.se, se), "robust se {}: {}", c.group, c.se);
        assert!(close(c.se_naive, naive), "se {}: {}", c.group, c.se_naive);
    }
    assert!(close(fit.null_log_likelihood, -739.37498368516458));
    assert!(close(fit.log_likelihood, -730.21249203324021));
    assert!(close(fit.wald, 2.8873669344071374e+02), "wald {}", fit.wald);
    assert_eq!(fit.df, 3);
    assert!(close(fit.p, 2.7246523155055453e-62), "p {}", fit.p);
}

#[test]
fn a_cox_model_without_events_in_a_group_says_so() {
    let events = [spell(1.0, true), spell(2.0, true), spell(4.0, false)];
    let none = [spell(3.0, false), spell(5.0, false)];
    let ids = [["a", "b", "c"].as_slice(), ["d", "e"].as_slice()];
    assert_eq!(cox(&[&events, &none], &ids), Err(SurvivalError::Infinite));
    assert_eq!(cox(&[&events, &none], &ids[..1]), Err(SurvivalError::Shape));
    assert_eq!(
        cox(&[&events, &[]], &[ids[0], &[]]),
        Err(SurvivalError::TooFewGroups(1))
    );
}

#[test]
fn degenerate_input_gives_reasons_not_panics() {
    assert_eq!(kaplan_meier(&[]), Err(SurvivalError::Empty));
    assert!(matches!(
        kaplan_meier(&[spell(1.0, true), spell(f64::NAN, true)]),
        Err(SurvivalError::BadTime { index: 1, .. })
    ));
    // All censored: a flat curve at 1, no median, intervals of zero width.
    let censored = [spell(5.0, false), spell(9.0, false)];
    let curve = kaplan_meier(&censored).unwrap();
    assert!(curve
        .steps
        .iter()
        .all(|s| s.survival == 1.0 && s.ci_low == Some(1.0)));
    assert_eq!(curve.median_s, None);
    assert_eq!(
        log_rank(&[&censored, &censored]),
        Err(SurvivalError::NoEvents)
    );
    assert_eq!(
        log_rank(&[&censored, &[]]),
        Err(SurvivalError::TooFewGroups(1))
    );
    // One spell, an event: the curve drops to 0.
    let one = kaplan_meier(&[spell(3.0, true)]).unwrap();
    assert_eq!(one.steps[0].survival, 0.0);
    assert_eq!((one.steps[0].ci_low, one.median_s), (None, Some(3.0)));
}
