//! The comparison's rules on small made-up files: what agrees, what does
//! not, and rows met on one side only.

use super::*;

fn files(model: &str, tests: &str, survival: &str) -> Files {
    Files {
        model: format!("{}\n{model}", rscript::MODEL_HEADER),
        tests: format!("{}\n{tests}", rscript::TESTS_HEADER),
        survival: format!("{}\n{survival}", rscript::SURVIVAL_HEADER),
    }
}

const OURS_MODEL: &str = "M1,(Intercept),2.25423076667767,0.767013886632845,0.75,3.75\n\
    M1,position3,-0.0023210559173969,0.242676899336401,-0.47,0.47\n\
    M1,var_participant,11.9978047869808,,,\n\
    cox,conditionquake,0.43,0.166,0.1,0.76\n";
const OURS_TESTS: &str = "lrt_condition,124.065854928498,3,1.0272289444424254e-26\n\
    logrank,2.315111824861876,3,0.5096320659858928\n";
const OURS_CURVES: &str = "quake,125.4,24,1,0.9583333333333334,0.8816314023314649,1\n\
    quake,300,23,0,0.9583333333333334,0.8816314023314649,1\n";

#[test]
fn numbers_within_their_tolerances_agree() {
    let ours = files(OURS_MODEL, OURS_TESTS, OURS_CURVES);
    // R's 15 digits, an estimate near zero 5e-7 away, a variance 5e-5
    // relative away, and R's ordinal rows, which the report lacks.
    let theirs = files(
        "M1,(Intercept),2.25423076667767,0.767013886632845,0.75,3.75\n\
         M1,position3,-0.0023215559173969,0.242676899336401,-0.47,0.47\n\
         M1,var_participant,11.9984,,,\n\
         M1_ordinal,conditionquake,3.1,0.4,2.3,3.9\n\
         cox,conditionquake,0.43,0.166,0.1,0.76\n",
        "lrt_condition,124.065854928499,3,1.02722894444207e-26\n\
         lrt_condition_ordinal,159.4,3,2.4e-34\n\
         logrank,2.31511182486187,3,0.509632065985893\n",
        "quake,125.4,24,1,0.958333333333333,0.881631402331465,1\n\
         quake,300,23,0,0.958333333333333,0.881631402331465,1\n",
    );
    let a = compare(&ours, &theirs);
    assert!(a.agrees(), "{:?}", a.faults);
    assert_eq!(a.worst["estimate"].compared, 2);
    assert!(a.worst["variance"].difference > 4e-5);
    assert_eq!(a.worst["survival"].compared, 2);
    assert_eq!(a.worst["time"].difference, 0.0);
}

#[test]
fn numbers_past_their_tolerances_and_unmatched_rows_are_faults() {
    let ours = files(OURS_MODEL, OURS_TESTS, OURS_CURVES);
    let theirs = files(
        // A standard error 2e-4 away; no Cox row; an M2 the report lacks.
        "M1,(Intercept),2.25423076667767,0.767166,0.75,3.75\n\
         M1,position3,-0.0023210559173969,0.242676899336401,-0.47,0.47\n\
         M1,var_participant,11.9978047869808,,,\n\
         M2,t_min,1.5,0.08,1.4,1.7\n",
        // The log-rank statistic 1e-5 away; another df.
        "lrt_condition,124.065854928498,2,1.0272289444424254e-26\n\
         logrank,2.31513,3,0.5096320659858928\n",
        // Another number at risk; a step more.
        "quake,125.4,23,1,0.9583333333333334,0.8816314023314649,1\n\
         quake,300,23,0,0.9583333333333334,0.8816314023314649,1\n\
         quake,301,22,1,0.9,0.8,1\n",
    );
    let faults = compare(&ours, &theirs).faults.join("\n");
    for fault in [
        "model.csv M1,(Intercept): se",
        "model.csv: R has no cox,conditionquake",
        "tests.csv lrt_condition: df `3` here, `2` in R",
        "tests.csv logrank: log-rank statistic",
        "survival.csv quake step 1: at risk `24` here, `23` in R",
        "survival.csv quake: 2 steps here, 3 in R",
    ] {
        assert!(faults.contains(fault), "no {fault:?} in\n{faults}");
    }
    // M2 is not the report's: R's extra model is no fault.
    assert!(!faults.contains("M2"), "{faults}");
}

#[test]
fn a_wrong_header_or_a_short_row_is_a_fault() {
    let mut ours = files(OURS_MODEL, OURS_TESTS, OURS_CURVES);
    ours.tests = "test,chisq\n".into();
    ours.model += "M1,t_min\n";
    let a = compare(&ours, &files(OURS_MODEL, OURS_TESTS, OURS_CURVES));
    let faults = a.faults.join("\n");
    assert!(faults.contains("tests.csv: the header is not"), "{faults}");
    assert!(faults.contains("model.csv: a row of 2 fields"), "{faults}");
}

#[test]
fn a_folder_where_a_table_should_be_is_refused_not_read() {
    let dir = std::env::temp_dir().join(format!("wobblecaster-agree-{}", std::process::id()));
    std::fs::create_dir_all(dir.join(MODEL_FILE)).unwrap();
    let err = Files::read(&dir, false).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(err.source.file, dir.join(MODEL_FILE));
    assert!(
        err.source.to_string().contains("not a regular file"),
        "{}",
        err.source
    );
}

#[test]
fn the_ordinal_model_and_the_stratified_test_are_compared_where_the_report_has_them() {
    let ours = files(
        "M1_ordinal,0|1,-1.2,0.3,-1.788,-0.612\n\
         M1_ordinal,sd_participant,1.5,,,\n",
        "logrank_stratified,33.6,3,2.4e-7\n",
        OURS_CURVES,
    );
    // The threshold 5e-4 relative away (within 1e-3), the SD 2e-3 away,
    // the stratified statistic 1e-5 away (past 1e-6), a coefficient R has
    // and the report not.
    let theirs = files(
        "M1_ordinal,0|1,-1.2006,0.3,-1.788,-0.612\n\
         M1_ordinal,conditionquake,3.1,0.4,2.3,3.9\n\
         M1_ordinal,sd_participant,1.503,,,\n",
        "logrank_stratified,33.60034,3,2.4e-7\n",
        OURS_CURVES,
    );
    let faults = compare(&ours, &theirs).faults.join("\n");
    for fault in [
        "model.csv M1_ordinal,sd_participant: ordinal estimate",
        "model.csv: R has M1_ordinal,conditionquake, the report not",
        "tests.csv logrank_stratified: log-rank statistic",
    ] {
        assert!(faults.contains(fault), "no {fault:?} in\n{faults}");
    }
    assert!(!faults.contains("M1_ordinal,0|1"), "{faults}");
}

#[test]
fn ordinal_errors_r_left_out_are_listed_unchecked_and_its_estimates_still_compared() {
    let ours = files(
        "M1_ordinal,0|1,-1.2,0.3,-1.788,-0.612\n\
         M1_ordinal,t_min,1.9,0.25,1.41,2.39\n",
        "",
        OURS_CURVES,
    );
    // R's clmm did not converge: no errors or intervals, and one estimate
    // off by 1e-2 relative.
    let theirs = files(
        "M1_ordinal,0|1,-1.2,,,\n\
         M1_ordinal,t_min,1.92,,,\n",
        "",
        OURS_CURVES,
    );
    let a = compare(&ours, &theirs);
    assert_eq!(a.unchecked.len(), 6, "{:?}", a.unchecked);
    assert!(
        a.unchecked[0].contains("M1_ordinal,0|1: ordinal se"),
        "{:?}",
        a.unchecked
    );
    let faults = a.faults.join("\n");
    assert!(
        faults.contains("M1_ordinal,t_min: ordinal estimate"),
        "{faults}"
    );
    assert!(!faults.contains("M1_ordinal,0|1"), "{faults}");
}
