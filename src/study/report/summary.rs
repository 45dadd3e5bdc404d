//! One observation per participant and condition played: the ratings
//! summed up, the SSQ change and the recording's metrics; written as
//! `summary.csv`.

use super::participant::{Participant, Played};

/// The columns of `summary.csv` before the metrics, one per feel metric
/// after them.
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
    /// Stopped before its exposure ended.
    pub ended_early: bool,
    /// Seconds played.
    pub duration_s: f64,
    /// The highest FMS rating given (0 to 20); None with no rating.
    pub fms_max: Option<f64>,
    /// The mean of the ratings given.
    pub fms_mean: Option<f64>,
    /// The last rating given.
    pub fms_last: Option<f64>,
    /// The SSQ total before the first condition.
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
        .filter_map(|r| r.fms)
        .map(f64::from)
        .collect();
    let mean = (!given.is_empty()).then(|| given.iter().sum::<f64>() / given.len() as f64);
    Observation {
        participant: p.id().to_string(),
        condition: c.condition.clone(),
        label: c.label.clone(),
        position: c.position,
        ended_early: c.ended_early,
        duration_s: c.duration_s,
        fms_max: given.iter().copied().reduce(f64::max),
        fms_mean: mean,
        fms_last: given.last().copied(),
        ssq_baseline: p.baseline_ssq.map(hundredths),
        ssq_post: c.ssq_post.map(hundredths),
        ssq_delta: p
            .baseline_ssq
            .zip(c.ssq_post)
            .map(|(b, a)| hundredths(a - b)),
        metrics: vec![None; metric_count],
    }
}

/// `v` to two decimals: SSQ scores are whole multiples of weights given to
/// two decimals, so this only clears the sums' rounding (33.66, not
/// 33.660000000000004).
fn hundredths(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// `summary.csv`: [`COLUMNS`], then the `metrics` names; a row per
/// observation, numbers in their shortest exact form, empty where
/// undefined.
pub(super) fn csv(observations: &[Observation], metrics: &[&str]) -> String {
    let mut text = COLUMNS.join(",");
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
            o.fms_max,
            o.fms_mean,
            o.fms_last,
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
    use super::super::participant::Rating;
    use super::super::session_file::SessionFile;
    use super::*;
    use crate::study::protocol::Protocol;
    use std::path::Path;

    /// Participant P1 with a baseline SSQ total, who played `played`.
    fn participant(baseline: Option<f64>, played: Vec<Played>) -> Participant {
        let text = "name = \"s\"\nmap = \"m\"\n[[condition]]\nname = \"a\"\n";
        let protocol = Protocol::parse(text, Path::new("p.toml")).unwrap();
        let session = SessionFile {
            study: "s".into(),
            participant: "P1".into(),
            simulated: None,
            protocol_sha256: "0".into(),
            order: vec!["a".into()],
            labels: vec!["A".into()],
            protocol,
            resumed: Vec::new(),
        };
        Participant {
            session,
            played,
            baseline_ssq: baseline,
            ranks: Vec::new(),
            notes: Vec::new(),
        }
    }

    fn played(ratings: &[(f64, Option<u8>)], ssq_post: Option<f64>) -> Played {
        Played {
            condition: "a".into(),
            label: "A".into(),
            position: 1,
            duration_s: 90.5,
            ended_early: true,
            recording: None,
            ratings: ratings
                .iter()
                .map(|&(t_s, fms)| Rating { t_s, fms })
                .collect(),
            ssq_post,
            answers: Vec::new(),
        }
    }

    #[test]
    fn ratings_sum_up_without_the_missing_ones() {
        let c = played(
            &[(30.0, Some(2)), (60.0, Some(7)), (90.0, None)],
            Some(41.14),
        );
        let p = participant(Some(3.74), vec![c]);
        let o = &observations(&[p], 2)[0];
        assert_eq!((o.fms_max, o.fms_last), (Some(7.0), Some(7.0)));
        assert_eq!(o.fms_mean, Some(4.5));
        assert_eq!(o.ssq_delta, Some(37.4));
        assert_eq!(o.metrics, vec![None, None]);
    }

    #[test]
    fn nothing_given_is_nothing_summed() {
        let p = participant(None, vec![played(&[(30.0, None)], Some(7.48))]);
        let o = &observations(&[p], 0)[0];
        assert_eq!((o.fms_max, o.fms_mean, o.fms_last), (None, None, None));
        assert_eq!((o.ssq_post, o.ssq_delta), (Some(7.48), None));
    }

    #[test]
    fn the_csv_has_a_column_per_metric_and_empty_cells_for_none() {
        let p = participant(Some(0.0), vec![played(&[(30.0, Some(4))], Some(3.74))]);
        let mut o = observations(&[p], 2);
        o[0].metrics = vec![Some(0.25), None];
        let text = csv(&o, &["m1", "m2"]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], COLUMNS.join(",") + ",m1,m2");
        assert_eq!(lines[1], "P1,a,A,1,true,90.5,4,4,4,0,3.74,3.74,0.25,");
    }
}
