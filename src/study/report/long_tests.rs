use super::super::fixture::{participant, played};
use super::*;
use crate::study::session::EndReason;

/// P1 (site `Lab 2`) played b then a, stopping b by the stop rule; P2
/// played a only and was resumed once.
fn two() -> Vec<Participant> {
    let mut b = played("b", 1, &[(60.0, Some(3)), (120.0, None)], Some(7.48));
    b.end_reason = EndReason::StopRule;
    b.time_s = 125.5;
    b.answers = vec![("control".into(), 6)];
    // Predicted at both prompts at every gain; only the default gain's is
    // written, to seven significant figures.
    let gains = |v: f64| (0..prediction::GAINS.len()).map(move |g| Some(v * (g + 1) as f64));
    let default = (prediction::DEFAULT_GAIN + 1) as f64;
    b.predicted = vec![
        gains(0.0123456789 / default).collect(),
        gains(2.5 / default).collect(),
    ];
    let mut a = played("a", 2, &[(60.0, Some(1))], None);
    a.end_reason = EndReason::Completed;
    a.ended_early = false;
    a.time_s = 300.0;
    let mut p1 = participant("P1", ["b", "a"], Some(3.74), vec![b, a]);
    p1.session.site = Some("Lab 2".into());
    p1.session.sequence = 4;
    p1.ranks = vec![("a".into(), 2), ("b".into(), 1)];
    p1.mssq_raw = Some(90.0 / 7.0);
    let mut c = played("a", 1, &[], None);
    c.end_reason = EndReason::Interrupted;
    let mut p2 = participant("P2", ["a", "b"], None, vec![c]);
    p2.session.simulated = Some(3);
    p2.session
        .resumed
        .push(super::super::session_file::Resumed {
            condition: Some("a".into()),
            discarded_ratings: 0,
            interrupted_s: Some(90.5),
        });
    vec![p1, p2]
}

/// The lines of long table `i` ([`FILES`] order).
fn lines(i: usize) -> Vec<String> {
    let text = &tables(&two())[i];
    assert!(text.starts_with(FILES[i].1), "{text}");
    text.lines().skip(1).map(String::from).collect()
}

#[test]
fn a_rating_row_names_the_condition_before_and_keeps_the_unanswered() {
    assert_eq!(
        lines(0),
        [
            "P1,Lab 2,4,b,A,1,none,60,fms,3,0.01234568",
            "P1,Lab 2,4,b,A,1,none,120,fms,,2.5",
            "P1,Lab 2,4,a,B,2,b,60,fms,1,",
        ]
    );
}

#[test]
fn every_ssq_has_a_row_per_subscale() {
    let ssq = lines(1);
    assert_eq!(ssq.len(), 8, "{ssq:?}");
    assert_eq!(ssq[0], "P1,Lab 2,4,,,0,baseline,nausea,0");
    assert_eq!(ssq[3], "P1,Lab 2,4,,,0,baseline,total,3.74");
    assert_eq!(ssq[7], "P1,Lab 2,4,b,A,1,post,total,7.48");
}

#[test]
fn answers_then_the_ranking_best_first() {
    assert_eq!(
        lines(2),
        [
            "P1,Lab 2,4,b,A,1,control,6",
            "P1,Lab 2,4,b,A,1,rank,1",
            "P1,Lab 2,4,a,B,2,rank,2",
        ]
    );
}

#[test]
fn a_stop_is_an_event_and_the_rest_are_censored() {
    assert_eq!(
        lines(3),
        [
            "P1,Lab 2,b,1,125.5,1,stop_rule",
            "P1,Lab 2,a,2,300,0,completed",
            "P2,,a,1,90.5,0,interrupted",
        ]
    );
}

#[test]
fn participants_say_who_was_simulated_and_resumed() {
    assert_eq!(lines(4), ["P1,Lab 2,4,false,12.8571,0", "P2,,1,true,,1"]);
}

#[test]
fn the_headers_are_the_contract() {
    // analysis.R reads these exact headers.
    assert_eq!(
        FILES.map(|(_, h)| h),
        [
            "participant,site,sequence,condition,label,position,previous_condition,t_s,scale,\
             rating,predicted_msi",
            "participant,site,sequence,condition,label,position,when,subscale,score",
            "participant,site,sequence,condition,label,position,question,answer",
            "participant,site,condition,position,time_s,event,reason",
            "participant,site,sequence,simulated,mssq_raw,sessions_resumed",
        ]
    );
}
