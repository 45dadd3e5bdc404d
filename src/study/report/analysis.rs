//! The numbers the report gives besides its models: spreads, paired
//! tests between conditions and between positions, and each metric's
//! within-participant correlation with what people felt. Pure functions
//! over the observations.

use super::summary::Observation;
use crate::stats::lmm::{repeated_measures_correlation, LmmError, RepeatedCorrelation};
use crate::stats::{self, Wilcoxon};

/// The significance level the report's plain words refer to.
pub const ALPHA: f64 = 0.05;

/// Median and quartiles (R's type 7) of some values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Spread {
    /// How many values.
    pub n: usize,
    /// Their median.
    pub median: f64,
    /// First quartile.
    pub q1: f64,
    /// Third quartile.
    pub q3: f64,
}

/// The spread of `values`; None for none.
pub(super) fn spread(values: &[f64]) -> Option<Spread> {
    let (q1, q3) = stats::quartiles(values)?;
    Some(Spread {
        n: values.len(),
        median: stats::median(values)?,
        q1,
        q3,
    })
}

/// A measure of an observation: the highest rating, `ssq_delta`.
pub(super) type Measure = fn(&Observation) -> Option<f64>;

/// The defined values of `measure` over the observations `keep` selects.
pub(super) fn values(
    observations: &[Observation],
    measure: Measure,
    keep: impl Fn(&Observation) -> bool,
) -> Vec<f64> {
    observations
        .iter()
        .filter(|o| keep(o))
        .filter_map(measure)
        .collect()
}

/// Two samples paired by participant, and their signed-rank test.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Paired {
    /// The first side (a condition's name, or a position).
    pub first: String,
    /// The second side.
    pub second: String,
    /// Participants with a value on both sides.
    pub pairs: usize,
    /// The median of `first - second` over the pairs.
    pub median_difference: Option<f64>,
    /// The test on `first - second`; None when no difference is non-zero.
    pub test: Option<Wilcoxon>,
    /// Holm's adjustment of the test's p over its family of comparisons.
    pub holm_p: Option<f64>,
}

/// `measure` of `first` against `second`, paired by participant: the
/// participants (in observation order) with a value for both, as
/// `(first, second)`.
fn pairs(
    observations: &[Observation],
    measure: Measure,
    first: impl Fn(&Observation) -> bool,
    second: impl Fn(&Observation) -> bool,
) -> (Vec<f64>, Vec<f64>) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for a in observations.iter().filter(|o| first(o)) {
        let b = observations
            .iter()
            .find(|o| o.participant == a.participant && second(o));
        if let (Some(x), Some(y)) = (measure(a), b.and_then(measure)) {
            xs.push(x);
            ys.push(y);
        }
    }
    (xs, ys)
}

/// The signed-rank test of `xs - ys`.
fn paired_test(first: String, second: String, xs: &[f64], ys: &[f64]) -> Paired {
    let differences: Vec<f64> = xs.iter().zip(ys).map(|(x, y)| x - y).collect();
    Paired {
        first,
        second,
        pairs: xs.len(),
        median_difference: stats::median(&differences),
        test: stats::wilcoxon_signed_rank(xs, ys),
        holm_p: None,
    }
}

/// Every pair of `conditions` (each against every later one) compared on
/// `measure`, with Holm's adjustment over the comparisons.
pub(super) fn conditions_paired(
    observations: &[Observation],
    conditions: &[String],
    measure: Measure,
) -> Vec<Paired> {
    let mut all = Vec::new();
    for (i, a) in conditions.iter().enumerate() {
        for b in &conditions[i + 1..] {
            let (xs, ys) = pairs(
                observations,
                measure,
                |o| o.condition == *a,
                |o| o.condition == *b,
            );
            all.push(paired_test(a.clone(), b.clone(), &xs, &ys));
        }
    }
    let ps: Vec<f64> = all.iter().filter_map(|c| c.test.map(|t| t.p)).collect();
    let mut adjusted = holm(&ps).into_iter();
    for c in all.iter_mut().filter(|c| c.test.is_some()) {
        c.holm_p = adjusted.next();
    }
    all
}

/// `measure` at the last position against the first, paired by
/// participant: the order-effect check.
pub(super) fn last_against_first(
    observations: &[Observation],
    positions: usize,
    measure: Measure,
) -> Paired {
    let (xs, ys) = pairs(
        observations,
        measure,
        |o| o.position == positions,
        |o| o.position == 1,
    );
    let mut paired = paired_test(
        format!("position {positions}"),
        "position 1".into(),
        &xs,
        &ys,
    );
    paired.holm_p = paired.test.map(|t| t.p);
    paired
}

/// Holm's step-down adjustment of `ps` (R's `p.adjust(p, "holm")`), in
/// input order: the i-th smallest of m is multiplied by `m - i + 1`, kept
/// at least the adjusted value before it, and capped at 1.
pub(super) fn holm(ps: &[f64]) -> Vec<f64> {
    let m = ps.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| ps[a].total_cmp(&ps[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * ps[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The smallest two-sided p the exact signed-rank test can give with `n`
/// non-zero differences: every sign alike, `2 / 2^n`.
pub(super) fn smallest_p(n: usize) -> f64 {
    (2.0_f64).powi(1 - n.min(1100) as i32).min(1.0)
}

/// How one metric tracks the highest in-play rating within participants.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Correlation {
    /// The metric's index in [`crate::feel::names`] order.
    pub metric: usize,
    /// The repeated-measures correlation of the metric with the highest
    /// rating, each participant's own level taken out; or why it is
    /// undefined.
    pub within: Result<RepeatedCorrelation, LmmError>,
    /// The observations with both values.
    pub n: usize,
}

impl Correlation {
    /// `r_rm`, if defined.
    pub fn r(&self) -> Option<f64> {
        self.within.as_ref().ok().map(|w| w.r)
    }
}

/// Each of `metric_count` metrics' repeated-measures correlation
/// (Bakdash & Marusich 2017) with the highest in-play rating
/// (`rating_max`), over every observation with both: how the metric and
/// the rating move together across one participant's conditions, which
/// pooling participants' pairs (as a plain correlation would) confounds
/// with how sick each person gets in general. Strongest (largest |r|)
/// first, the undefined last, ties in metric order.
pub(super) fn correlations(observations: &[Observation], metric_count: usize) -> Vec<Correlation> {
    let mut all: Vec<Correlation> = (0..metric_count)
        .map(|metric| {
            let both: Vec<(&str, f64, f64)> = observations
                .iter()
                .filter_map(|o| {
                    let (x, y) = o.metrics[metric].zip(o.rating_max)?;
                    Some((o.participant.as_str(), x, y))
                })
                .collect();
            let who: Vec<&str> = both.iter().map(|b| b.0).collect();
            let xs: Vec<f64> = both.iter().map(|b| b.1).collect();
            let ys: Vec<f64> = both.iter().map(|b| b.2).collect();
            Correlation {
                metric,
                within: repeated_measures_correlation(&who, &xs, &ys),
                n: both.len(),
            }
        })
        .collect();
    let strength = |c: &Correlation| c.r().map_or(-1.0, f64::abs);
    all.sort_by(|a, b| strength(b).total_cmp(&strength(a)));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// An observation of `participant` in `condition` at `position`.
    fn obs(participant: &str, condition: &str, position: usize, rating_max: f64) -> Observation {
        Observation {
            participant: participant.into(),
            condition: condition.into(),
            label: "A".into(),
            position,
            ended_early: false,
            end_reason: crate::study::session::EndReason::Completed,
            duration_s: 60.0,
            time_s: 60.0,
            rating_max: Some(rating_max),
            rating_mean: None,
            rating_last: None,
            ssq_baseline: None,
            ssq_post: None,
            ssq_delta: None,
            metrics: vec![Some(rating_max * 2.0), Some(1.0), Some(-rating_max)],
        }
    }

    #[test]
    fn holm_matches_r() {
        // p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
        let got = holm(&[0.01, 0.04, 0.03, 0.005]);
        let want = [0.03, 0.06, 0.06, 0.02];
        assert!(got.iter().zip(want).all(|(g, w)| close(*g, w)), "{got:?}");
        assert_eq!(holm(&[0.6, 0.9]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn the_smallest_p_halves_with_each_pair() {
        assert_eq!(smallest_p(1), 1.0);
        assert_eq!(smallest_p(5), 0.0625);
        assert_eq!(smallest_p(6), 0.03125);
        assert!(smallest_p(5) > ALPHA && smallest_p(6) < ALPHA);
    }

    #[test]
    fn conditions_pair_by_participant_and_skip_the_unpaired() {
        // a - b: 2, 3, -1 (P4 played only a).
        let o = vec![
            obs("P1", "a", 1, 5.0),
            obs("P1", "b", 2, 3.0),
            obs("P2", "b", 1, 1.0),
            obs("P2", "a", 2, 4.0),
            obs("P3", "a", 1, 2.0),
            obs("P3", "b", 2, 3.0),
            obs("P4", "a", 1, 9.0),
        ];
        let conditions = ["a".to_string(), "b".to_string()];
        let all = conditions_paired(&o, &conditions, |o| o.rating_max);
        assert_eq!(all.len(), 1);
        let c = &all[0];
        assert_eq!((c.pairs, c.median_difference), (3, Some(2.0)));
        let test = c.test.unwrap();
        // Ranks of |2|, |3|, |-1|: 2, 3, 1; V = 2 + 3 = 5 of 6.
        assert_eq!((test.n, test.v), (3, 5.0));
        assert_eq!(c.holm_p, Some(test.p));
        let order = last_against_first(&o, 2, |o| o.rating_max);
        // Position 2 - position 1: 3 - 5, 4 - 1, 3 - 2.
        assert_eq!(order.median_difference, Some(1.0));
        assert_eq!(order.pairs, 3);
    }

    #[test]
    fn correlations_are_within_participants_and_ranked_by_strength() {
        // Two participants, three conditions each: metric 0 rises with the
        // rating within each participant though P2 is sicker throughout;
        // metric 1 is constant; metric 2 falls as the rating rises.
        let mut o = Vec::new();
        for (p, base) in [("P1", 0.0), ("P2", 10.0)] {
            for (i, c) in ["a", "b", "c"].iter().enumerate() {
                let mut x = obs(p, c, i + 1, base + i as f64);
                x.metrics[0] = Some(i as f64 - base);
                o.push(x);
            }
        }
        let all = correlations(&o, 3);
        let order: Vec<(usize, Option<f64>)> = all.iter().map(|c| (c.metric, c.r())).collect();
        assert_eq!(order[0].0, 0);
        assert!((order[0].1.unwrap() - 1.0).abs() < 1e-12, "{order:?}");
        assert_eq!(order[1].0, 2);
        assert!((order[1].1.unwrap() + 1.0).abs() < 1e-12, "{order:?}");
        assert_eq!(order[2], (1, None));
        assert_eq!(all[0].n, 6);
        // Pooled, metric 0 would fall as the rating rises.
        let pooled = stats::spearman(
            &o.iter().map(|x| x.metrics[0].unwrap()).collect::<Vec<_>>(),
            &o.iter().map(|x| x.rating_max.unwrap()).collect::<Vec<_>>(),
        );
        assert!(pooled.unwrap() < 0.0);
    }

    #[test]
    fn spreads_use_type_7_quartiles() {
        let s = spread(&[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!((s.n, s.median, s.q1, s.q3), (4, 2.5, 1.75, 3.25));
        assert_eq!(spread(&[]), None);
    }
}
