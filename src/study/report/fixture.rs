//! Participants built in memory for the unit tests: one study `s` of two
//! conditions, `a` and `b`.

use super::participant::{Participant, Played, Rating};
use super::session_file::SessionFile;
use crate::study::protocol::Protocol;
use crate::study::scales::InPlayScale;
use crate::study::session::EndReason;
use crate::study::ssq;
use std::path::{Path, PathBuf};

/// The protocol every participant here ran.
const PROTOCOL: &str = "name = \"s\"\nmap = \"m\"\n[[condition]]\nname = \"a\"\n\
                        [[condition]]\nname = \"b\"\n";

/// The session of participant `id`, who played `order`.
pub(super) fn session(id: &str, order: [&str; 2]) -> SessionFile {
    let protocol = Protocol::parse(PROTOCOL, Path::new("p.toml")).unwrap();
    SessionFile {
        path: PathBuf::from(format!("{id}/session.toml")),
        study: "s".into(),
        participant: id.into(),
        sequence: 1,
        site: None,
        simulated: None,
        protocol_sha256: "0".into(),
        order: order.map(String::from).to_vec(),
        labels: vec!["A".into(), "B".into()],
        protocol,
        resumed: Vec::new(),
        setup: Default::default(),
        visit_starts: Vec::new(),
    }
}

/// Participant `id`, who played `played` of `order`, with a baseline SSQ
/// total.
pub(super) fn participant(
    id: &str,
    order: [&str; 2],
    baseline: Option<f64>,
    played: Vec<Played>,
) -> Participant {
    Participant {
        session: session(id, order),
        dir: PathBuf::from(id),
        scale: InPlayScale::Fms,
        older_conditions: false,
        played,
        baseline_ssq: baseline.map(total),
        mssq_raw: None,
        ranks: Vec::new(),
        notes: Vec::new(),
        events: None,
    }
}

/// Condition `condition` played at `position` for 90.5 s, stopped by the
/// participant, with `ratings` (t_s, rating) and an SSQ total after.
pub(super) fn played(
    condition: &str,
    position: usize,
    ratings: &[(f64, Option<u8>)],
    ssq_post: Option<f64>,
) -> Played {
    Played {
        condition: condition.into(),
        label: ["A", "B"][position - 1].into(),
        position,
        duration_s: 90.5,
        ended_early: true,
        end_reason: EndReason::Participant,
        time_s: 90.5,
        recording: None,
        played: None,
        ratings: ratings
            .iter()
            .map(|&(t_s, value)| Rating { t_s, value })
            .collect(),
        predicted: Vec::new(),
        ssq_pre: None,
        ssq_post: ssq_post.map(total),
        answers: Vec::new(),
    }
}

/// SSQ scores with only a total (the subscales 0).
pub(super) fn total(total: f64) -> ssq::Scores {
    ssq::Scores {
        nausea: 0.0,
        oculomotor: 0.0,
        disorientation: 0.0,
        total,
    }
}
