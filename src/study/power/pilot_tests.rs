use super::*;
use std::path::Path;

const MODEL: &str = "model,term,estimate,se,ci_low,ci_high
M1,(Intercept),2.5,0.5,1.5,3.5
M1,conditionquake,1.25,0.3,0.6,1.8
M1,t_min,0.4,0.05,0.3,0.5
M1,var_participant,4,,,
M1,var_residual,1.5,,,
M1_slope,(Intercept),2.4,0.5,1.5,3.5
M1_slope,conditionquake,1.2,0.3,0.6,1.8
M1_slope,t_min,0.41,0.05,0.3,0.5
M1_slope,var_participant,3.5,,,
M1_slope,var_t_min,0.09,,,
M1_slope,cor_participant_t_min,-0.25,,,
M1_slope,var_residual,1.2,,,
M2,(Intercept),9,0.5,1.5,3.5
";

fn tests_csv(slope_p: &str) -> String {
    format!("test,statistic,df,p\nlrt_condition,30,3,1e-6\nlrt_slope,4,2,{slope_p}\n")
}

#[test]
fn the_chosen_model_is_read() {
    let file = Path::new("model.csv");
    let chosen_of = |t: &str| chosen(t, Path::new("tests.csv")).unwrap();
    assert_eq!(chosen_of(&tests_csv("0.5")), "M1");
    assert_eq!(
        chosen_of("test,statistic,df,p\nlrt_condition,30,3,1e-6\n"),
        "M1"
    );
    let m = chosen_of(&tests_csv("0.1"));
    assert_eq!(m, "M1_slope");
    let with_ct = format!("{}lrt_condition_time,20,3,0.001\n", tests_csv("0.1"));
    assert_eq!(chosen_of(&with_ct), "M1_ct");
    let p = estimates(MODEL, file, &m).unwrap();
    assert_eq!(p.effect("conditionquake"), Some(1.2));
    assert_eq!(p.fixed.len(), 3);
    assert_eq!((p.var_participant, p.var_t_min), (3.5, 0.09));
    assert_eq!((p.cor_participant_t_min, p.var_residual), (-0.25, 1.2));
    let m1 = estimates(MODEL, file, "M1").unwrap();
    assert_eq!((m1.var_t_min, m1.cor_participant_t_min), (0.0, 0.0));
    assert_eq!(m1.effect("t_min"), Some(0.4));
}

#[test]
fn own_key_stops_are_a_rate_per_minute_played() {
    let stops = "participant,site,condition,position,time_s,event,reason
S01,lab,quake,1,120,1,participant
S01,lab,classic,2,300,0,completed
S02,lab,quake,2,60,1,stop_rule
S02,lab,classic,1,120,1,participant
";
    let mut p = estimates(MODEL, Path::new("model.csv"), "M1").unwrap();
    stops_into(&mut p, stops, Path::new("stops.csv")).unwrap();
    assert_eq!((p.plays, p.participants, p.own_stops), (4, 2, 2));
    assert_eq!(p.minutes, 10.0);
    assert_eq!(p.own_stop_rate(), 0.2);
}

#[test]
fn hostile_tables_are_refused_at_their_place() {
    let model = Path::new("model.csv");
    let e = estimates("model,term\n", model, "M1").unwrap_err();
    assert_eq!((e.at.line(), e.at.col()), (1, 1));
    let e = estimates(&MODEL.replace("M1,t_min,0.4", "M1,t_min,inf"), model, "M1").unwrap_err();
    assert_eq!((e.at.line(), e.at.col()), (4, 10), "{e}");
    let e = estimates(
        &MODEL.replace("M1,var_residual,1.5", "M1,var_residual,-1"),
        model,
        "M1",
    )
    .unwrap_err();
    assert!(e.to_string().contains("variance of 0 or more"), "{e}");
    assert_eq!((e.at.line(), e.at.col()), (6, 17), "{e}");
    let e = estimates(&MODEL.replace(",0.5,1.5,3.5\n", ",0.5\n"), model, "M1").unwrap_err();
    assert_eq!(
        (e.at.line(), e.kind.clone()),
        (2, PilotFault::Fields(6)),
        "{e}"
    );
    let e = estimates(MODEL, model, "M1_ct").unwrap_err();
    assert!(
        e.to_string()
            .contains("no `(Intercept)` row of model M1_ct"),
        "{e}"
    );
    let no_residual = MODEL.replace("M1,var_residual", "M0,var_residual");
    let e = estimates(&no_residual, model, "M1").unwrap_err();
    assert!(e.to_string().contains("var_residual"), "{e}");
    let e = chosen(&tests_csv("x"), Path::new("tests.csv")).unwrap_err();
    assert_eq!((e.at.line(), e.at.col()), (3, 15), "{e}");
    let mut p = estimates(MODEL, model, "M1").unwrap();
    let stops =
        "participant,site,condition,position,time_s,event,reason\nS1,a,b,1,-5,0,completed\n";
    let e = stops_into(&mut p, stops, Path::new("stops.csv")).unwrap_err();
    assert_eq!((e.at.line(), e.at.col()), (2, 10), "{e}");
}

#[test]
fn a_missing_folder_is_named() {
    let e = read(Path::new("/nonexistent/report")).unwrap_err();
    assert!(e.to_string().contains("tests.csv"), "{e}");
}
