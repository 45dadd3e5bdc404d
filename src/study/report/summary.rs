//! One observation per participant and condition played: the in-play
//! ratings summed up, the SSQ change and the recording's metrics; written
//! as `summary.csv`.

use super::participant::{Participant, Played};
use crate::study::scales::InPlayScale;
use crate::study::session::EndReason;

/// The columns of `summary.csv` before the metrics, one per feel metric
/// after them, in a study rated on the FMS; on another scale the three
/// rating columns are named after it ([`columns`]: `misc_max`, ...).
pub const COLUMNS: &[&str] = &[
    "participant",
    "condition",
    "label",
    "position",
    "ended_early",
    "duration_s",
    "fms_max",
    "fms_mean",
    "fms_last",
    "ssq_baseline_total",
    "ssq_post_total",
    "ssq_delta",
];

/// The columns of `summary.csv` before the metrics for ratings on `scale`:
/// [`COLUMNS`], the rating columns named after the scale.
pub fn columns(scale: InPlayScale) -> Vec<String> {
    COLUMNS
        .iter()
        .map(|c| match c.strip_prefix("fms_") {
            Some(rest) => format!("{}_{rest}", scale.name()),
            None => c.to_string(),
        })
        .collect()
}

/// What one participant gave and did in one condition.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Observation {
    /// The participant's ID.
    pub participant: String,
    /// The condition's name.
    pub condition: String,
    /// The label the participant saw.
    pub label: String,
    /// Its place in the order run, from 1.
    pub position: usize,
    /// Ended before its exposure did.
    pub ended_early: bool,
    /// Why it ended.
    pub end_reason: EndReason,
    /// Seconds played.
    pub duration_s: f64,
    /// Seconds from its start to its end (not in `summary.csv`; in
    /// `stops.csv`).
    pub time_s: f64,
    /// The highest in-play rating given (0 to the scale's top); None with
    /// no rating.
    pub rating_max: Option<f64>,
    /// The mean of the ratings given.
    pub rating_mean: Option<f64>,
    /// The last rating given.
    pub rating_last: Option<f64>,
    /// The SSQ total before this condition: the SSQ right before it when
    /// one was asked (`ssq_before_each`, a later visit's first condition),
    /// else the session's baseline.
    pub ssq_baseline: Option<f64>,
    /// The SSQ total after this condition.
    pub ssq_post: Option<f64>,
    /// `ssq_post - ssq_baseline`: the change in symptoms.
    pub ssq_delta: Option<f64>,
    /// The recording's metrics in [`crate::feel::names`] order; None where
    /// undefined or with no recording.
    pub metrics: Vec<Option<f64>>,
}

/// Every condition every participant played, participants in the given
/// order and each one's conditions in the order run; `metrics` values
/// each None (`metric_count` of them) until measured.
pub(super) fn observations(participants: &[Participant], metric_count: usize) -> Vec<Observation> {
    let mut all = Vec::new();
    for p in participants {
        for c in &p.played {
            all.push(observe(p, c, metric_count));
        }
    }
    all
}

/// One condition of one participant.
fn observe(p: &Participant, c: &Played, metric_count: usize) -> Observation {
    let given: Vec<f64> = c
        .ratings
        .iter()
        .filter_map(|r| r.value)
        .map(f64::from)
        .collect();
    let mean = (!given.is_empty()).then(|| given.iter().sum::<f64>() / given.len() as f64);
    Observation {
        participant: p.id().to_string(),
        condition: c.condition.clone(),
        label: c.label.clone(),
        position: c.position,
        ended_early: c.ended_early,
        end_reason: c.end_reason,
        duration_s: c.duration_s,
        time_s: c.time_s,
        rating_max: given.iter().copied().reduce(f64::max),
        rating_mean: mean,
        rating_last: given.last().copied(),
        ssq_baseline: c.ssq_pre.or(p.baseline_ssq).map(|s| hundredths(s.total)),
        ssq_post: c.ssq_post.map(|s| hundredths(s.total)),
        ssq_delta: c
            .ssq_pre
            .or(p.baseline_ssq)
            .zip(c.ssq_post)
            .map(|(b, a)| hundredths(a.total - b.total)),
        metrics: vec![None; metric_count],
    }
}

/// `v` to two decimals: SSQ scores are whole multiples of weights given to
/// two decimals, so this only clears the sums' rounding (33.66, not
/// 33.660000000000004).
pub(super) fn hundredths(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// `summary.csv`: [`columns`] of `scale`, then the `metrics` names; a row
/// per observation, numbers in their shortest exact form, empty where
/// undefined.
pub(super) fn csv(observations: &[Observation], scale: InPlayScale, metrics: &[&str]) -> String {
    let mut text = columns(scale).join(",");
    for name in metrics {
        text += ",";
        text += name;
    }
    text += "\n";
    let value = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
    for o in observations {
        let mut fields = vec![
            o.participant.clone(),
            o.condition.clone(),
            o.label.clone(),
            o.position.to_string(),
            o.ended_early.to_string(),
            o.duration_s.to_string(),
        ];
        let numbers = [
            o.rating_max,
            o.rating_mean,
            o.rating_last,
            o.ssq_baseline,
            o.ssq_post,
            o.ssq_delta,
        ];
        fields.extend(
            numbers
                .into_iter()
                .chain(o.metrics.iter().copied())
                .map(value),
        );
        text += &fields.join(",");
        text += "\n";
    }
    text
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{participant, played};
    use super::*;

    #[test]
    fn ratings_sum_up_without_the_missing_ones() {
        let c = played(
            "a",
            1,
            &[(30.0, Some(2)), (60.0, Some(7)), (90.0, None)],
            Some(41.14),
        );
        let p = participant("P1", ["a", "b"], Some(3.74), vec![c]);
        let o = &observations(&[p], 2)[0];
        assert_eq!((o.rating_max, o.rating_last), (Some(7.0), Some(7.0)));
        assert_eq!(o.rating_mean, Some(4.5));
        assert_eq!(o.ssq_delta, Some(37.4));
        assert_eq!(o.metrics, vec![None, None]);
    }

    #[test]
    fn nothing_given_is_nothing_summed() {
        let c = played("a", 1, &[(30.0, None)], Some(7.48));
        let p = participant("P1", ["a", "b"], None, vec![c]);
        let o = &observations(&[p], 0)[0];
        assert_eq!(
            (o.rating_max, o.rating_mean, o.rating_last),
            (None, None, None)
        );
        assert_eq!((o.ssq_post, o.ssq_delta), (Some(7.48), None));
    }

    #[test]
    fn the_csv_has_a_column_per_metric_and_empty_cells_for_none() {
        let c = played("a", 1, &[(30.0, Some(4))], Some(3.74));
        let p = participant("P1", ["a", "b"], Some(0.0), vec![c]);
        let mut o = observations(&[p], 2);
        o[0].metrics = vec![Some(0.25), None];
        let text = csv(&o, InPlayScale::Fms, &["m1", "m2"]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], COLUMNS.join(",") + ",m1,m2");
        assert_eq!(lines[1], "P1,a,A,1,true,90.5,4,4,4,0,3.74,3.74,0.25,");
        let misc = csv(&o, InPlayScale::Misc, &[]);
        assert!(
            misc.starts_with(
                "participant,condition,label,position,ended_early,duration_s,\
                                  misc_max,misc_mean,misc_last,ssq_baseline_total,"
            ),
            "{misc}"
        );
    }
}
