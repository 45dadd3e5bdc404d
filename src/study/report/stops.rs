//! `report.md`'s "Stops" section: how each condition's play ended, in
//! counts per condition and a line per stop, with the median time to a
//! stop among those who stopped. The survival analysis proper (times
//! censored by completion counted in) is for `stops.csv`.

use super::participant::scale_name;
use super::summary::Observation;
use super::text::num;
use super::Study;
use crate::study::session::EndReason;
use std::fmt::Write as _;

/// How a condition's plays ended.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Tally {
    /// Ended by the protocol's stop rule.
    pub stop_rule: usize,
    /// Ended by the participant's stop key.
    pub participant: usize,
    /// Played to the end of the exposure.
    pub completed: usize,
    /// Cut off by the session stopping.
    pub interrupted: usize,
    /// The median seconds to a stop, among the plays stopped.
    pub median_stop_s: Option<f64>,
}

/// The ends of the plays `observations` selects.
pub(super) fn tally<'a>(observations: impl Iterator<Item = &'a Observation>) -> Tally {
    let mut t = Tally::default();
    let mut stop_s = Vec::new();
    for o in observations {
        match o.end_reason {
            EndReason::StopRule => t.stop_rule += 1,
            EndReason::Participant => t.participant += 1,
            EndReason::Completed => t.completed += 1,
            EndReason::Interrupted => t.interrupted += 1,
        }
        if o.end_reason.is_stop() {
            stop_s.push(o.time_s);
        }
    }
    t.median_stop_s = crate::stats::median(&stop_s);
    t
}

/// Writes the section.
pub(super) fn section(md: &mut String, s: &Study) {
    md.push_str("## Stops\n\n");
    let rule = match s.participants[0].session.protocol.stop_rating() {
        Some(v) => format!("a rating of {v} or more on the {}", scale_name(s.scale)),
        None => "none in this protocol".into(),
    };
    let _ = writeln!(
        md,
        "How each condition's play ended: stopped by the protocol's stop rule ({rule}), \
         stopped with the participant's own stop key, played to the end (completed), or cut \
         off by the session stopping (interrupted, then resumed after it). The median time \
         to stop is over the plays stopped only: a play completed or interrupted lasted at \
         least as long as it was played, so this is not the median time to stop of everyone \
         (`stops.csv` has every time, for a survival analysis).\n\n\
         | condition | played | stop rule | own stop key | completed | interrupted | median \
         time to stop (s) |\n|---|---|---|---|---|---|---|"
    );
    for c in &s.conditions {
        let here = s.observations.iter().filter(|o| o.condition == *c);
        let t = tally(here.clone());
        let median = t.median_stop_s.map_or("-".into(), num);
        let _ = writeln!(
            md,
            "| {c} | {} | {} | {} | {} | {} | {median} |",
            here.count(),
            t.stop_rule,
            t.participant,
            t.completed,
            t.interrupted
        );
    }
    md.push('\n');
    let ended: Vec<String> = s.observations.iter().filter_map(ended_line).collect();
    if ended.is_empty() {
        md.push_str("No condition was stopped or cut off.\n\n");
        return;
    }
    for line in ended {
        let _ = writeln!(md, "- {line}");
    }
    md.push('\n');
}

/// A line on a play that did not run to its end; None for one that did.
fn ended_line(o: &Observation) -> Option<String> {
    let how = match o.end_reason {
        EndReason::Completed => return None,
        EndReason::StopRule => "stopped",
        EndReason::Participant => "stopped",
        EndReason::Interrupted => "was cut off in",
    };
    let why = match o.end_reason {
        EndReason::StopRule => "by the stop rule",
        EndReason::Participant => "with the stop key",
        _ => "(interrupted)",
    };
    Some(format!(
        "{} {how} `{}` (shown as {}, position {}) after {} s {why}",
        o.participant,
        o.condition,
        o.label,
        o.position,
        num(o.time_s)
    ))
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{participant, played};
    use super::super::summary::observations;
    use super::*;

    #[test]
    fn ends_are_counted_by_reason_and_stops_timed() {
        let mut a = played("a", 1, &[], None);
        a.end_reason = EndReason::StopRule;
        a.time_s = 30.0;
        let b = played("b", 2, &[], None);
        let mut c = played("a", 1, &[], None);
        c.end_reason = EndReason::Completed;
        let mut d = played("b", 2, &[], None);
        d.end_reason = EndReason::Interrupted;
        let ps = [
            participant("P1", ["a", "b"], None, vec![a, b]),
            participant("P2", ["a", "b"], None, vec![c, d]),
        ];
        let o = observations(&ps, 0);
        let t = tally(o.iter());
        assert_eq!(
            (t.stop_rule, t.participant, t.completed, t.interrupted),
            (1, 1, 1, 1)
        );
        // 30 s and 90.5 s: the completed and the interrupted are not stops.
        assert_eq!(t.median_stop_s, Some(60.25));
        assert_eq!(
            ended_line(&o[0]).unwrap(),
            "P1 stopped `a` (shown as A, position 1) after 30 s by the stop rule"
        );
        assert_eq!(ended_line(&o[2]), None);
        assert_eq!(
            ended_line(&o[3]).unwrap(),
            "P2 was cut off in `b` (shown as B, position 2) after 90.5 s (interrupted)"
        );
        assert_eq!(tally(o[..0].iter()).median_stop_s, None);
    }
}
