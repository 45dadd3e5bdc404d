//! The study as long ("tidy") tables, one observation per row, for an
//! analysis elsewhere (a mixed model, a survival analysis): the in-play
//! ratings, the SSQ scores, the answers, how each condition's play ended,
//! and the participants. Every row names its participant and site (empty
//! when the session named none); numbers are in their shortest exact
//! form, empty where there is none. The headers are a contract with the
//! scripts that read them: change them only with those.
//!
//! The rows are those the report counts: conditions played, ratings of
//! attempts cut off and played again left out, participants by ID and
//! each one's conditions in the order run.

use super::model::Prompt;
use super::participant::{Participant, Played, RANK, SSQ_SCORES};
use super::prediction;
use super::summary::hundredths;

/// `ratings_long.csv`: a row per in-play prompt, unanswered ones with an
/// empty `rating`; `sequence` is the participant's row of the Latin
/// square, `previous_condition` the condition played just before (`none`
/// at position 1), `scale` `fms` or `misc`; `predicted_msi` the SVC
/// model's motion sickness incidence (percent) at the prompt, from the
/// condition's recording under the visual pathway at its default weights
/// (**a hypothesis**, [`crate::study::predict`]; empty with no recording).
pub const RATINGS_LONG_HEADER: &str =
    "participant,site,sequence,condition,label,position,previous_condition,t_s,scale,rating,predicted_msi";
/// `ssq_long.csv`: a row per SSQ and subscale (`nausea`, `oculomotor`,
/// `disorientation`, `total`); `when` is `baseline` (no condition or
/// label, position 0), `pre` (right before the condition, where the
/// protocol asks it then) or `post`.
pub const SSQ_LONG_HEADER: &str =
    "participant,site,sequence,condition,label,position,when,subscale,score";
/// `answers_long.csv`: a row per custom question answered (1 to 7, or 0
/// to [`crate::study::protocol::SLIDER_MAX`] on a slider) and
/// per condition ranked (`question` `rank`, 1 best).
pub const ANSWERS_LONG_HEADER: &str =
    "participant,site,sequence,condition,label,position,question,answer";
/// `stops.csv`: a row per participant and condition played; `time_s`
/// from its start to its end, `event` 1 for a stop (`stop_rule`,
/// `participant`) and 0 for a time censored (`completed`,
/// `interrupted`), `reason` the end's name.
pub const STOPS_HEADER: &str = "participant,site,condition,position,time_s,event,reason";
/// `participants.csv`: a row per participant; `simulated` `true` or
/// `false`, `mssq_raw` the MSSQ-short's raw score (0 to 54, to four
/// decimals; empty when not asked or not scorable), `sessions_resumed` how many times the session
/// was resumed.
pub const PARTICIPANTS_HEADER: &str =
    "participant,site,sequence,simulated,mssq_raw,sessions_resumed";

/// Every long table: its file name and header, in the order written.
pub const FILES: [(&str, &str); 5] = [
    ("ratings_long.csv", RATINGS_LONG_HEADER),
    ("ssq_long.csv", SSQ_LONG_HEADER),
    ("answers_long.csv", ANSWERS_LONG_HEADER),
    ("stops.csv", STOPS_HEADER),
    ("participants.csv", PARTICIPANTS_HEADER),
];

/// Every long table's text, in [`FILES`] order.
pub(super) fn tables(participants: &[Participant]) -> [String; 5] {
    let each: [fn(&Participant, &mut String); 5] = [ratings, ssq, answers, stops, people];
    let mut out = FILES.map(|(_, header)| format!("{header}\n"));
    for (text, rows) in out.iter_mut().zip(each) {
        for p in participants {
            rows(p, text);
        }
    }
    out
}

/// `participant,site`.
fn who(p: &Participant) -> String {
    let site = p.session.site.as_deref().unwrap_or_default();
    format!("{},{site}", p.id())
}

/// `participant,site,sequence,condition,label,position` of `c`.
fn at(p: &Participant, c: &Played) -> String {
    format!(
        "{},{},{},{},{}",
        who(p),
        p.session.sequence,
        c.condition,
        c.label,
        c.position
    )
}

/// `p`'s rows of `ratings_long.csv`.
fn ratings(p: &Participant, text: &mut String) {
    for c in &p.played {
        let before = p.before(c.position);
        for (i, r) in c.ratings.iter().enumerate() {
            let rating = r.value.map_or(String::new(), |v| v.to_string());
            let scale = p.scale.name();
            let predicted = predicted_msi(c, i).map_or(String::new(), |v| v.to_string());
            *text += &format!(
                "{},{before},{},{scale},{rating},{predicted}\n",
                at(p, c),
                r.t_s
            );
        }
    }
}

/// The predicted MSI at `c`'s rating `i` at the default visual gain, as
/// `ratings_long.csv` writes it: to seven significant figures (R reads the
/// same number the models are fitted on).
fn predicted_msi(c: &Played, i: usize) -> Option<f64> {
    let v = c
        .predicted
        .get(i)?
        .get(prediction::DEFAULT_GAIN)
        .copied()??;
    Some(
        format!("{v:.6e}")
            .parse()
            .expect("a number formatted parses"),
    )
}

/// The rows of `ratings_long.csv` as the models read them, each with its
/// participant's MSSQ-short raw score as `participants.csv` writes it.
pub(super) fn prompts(participants: &[Participant]) -> Vec<Prompt> {
    let mut out = Vec::new();
    for p in participants {
        for c in &p.played {
            for (i, r) in c.ratings.iter().enumerate() {
                out.push(Prompt {
                    participant: p.id().to_string(),
                    condition: c.condition.clone(),
                    position: c.position,
                    previous_condition: p.before(c.position).to_string(),
                    t_s: r.t_s,
                    rating: r.value.map(f64::from),
                    mssq: p.mssq_raw.map(ten_thousandths),
                    predicted_msi: predicted_msi(c, i),
                });
            }
        }
    }
    out
}

/// `p`'s rows of `ssq_long.csv`.
fn ssq(p: &Participant, text: &mut String) {
    let baseline = format!("{},{},,,0,baseline", who(p), p.session.sequence);
    let post = p.played.iter().flat_map(|c| {
        let pre = c.ssq_pre.map(|s| (format!("{},pre", at(p, c)), s));
        pre.into_iter()
            .chain(c.ssq_post.map(|s| (format!("{},post", at(p, c)), s)))
    });
    for (whom, s) in p
        .baseline_ssq
        .map(|s| (baseline, s))
        .into_iter()
        .chain(post)
    {
        let scores = [s.nausea, s.oculomotor, s.disorientation, s.total];
        for (name, score) in SSQ_SCORES.iter().zip(scores) {
            *text += &format!("{whom},{name},{}\n", hundredths(score));
        }
    }
}

/// `p`'s rows of `answers_long.csv`: the answers after each condition,
/// then the ranking, best first.
fn answers(p: &Participant, text: &mut String) {
    for c in &p.played {
        for (question, answer) in &c.answers {
            *text += &format!("{},{question},{answer}\n", at(p, c));
        }
    }
    let mut ranks = p.ranks.clone();
    ranks.sort_by_key(|&(_, rank)| rank);
    for (condition, rank) in ranks {
        let Some(position) = p.session.position_of(&condition) else {
            continue;
        };
        let label = &p.session.labels[position - 1];
        *text += &format!(
            "{},{},{condition},{label},{position},{RANK},{rank}\n",
            who(p),
            p.session.sequence
        );
    }
}

/// `p`'s rows of `stops.csv`.
fn stops(p: &Participant, text: &mut String) {
    for c in &p.played {
        *text += &format!(
            "{},{},{},{},{},{}\n",
            who(p),
            c.condition,
            c.position,
            c.time_s,
            u8::from(c.end_reason.is_stop()),
            c.end_reason.name()
        );
    }
}

/// `v` to four decimals, as `mssq.csv` writes the MSSQ-short's scores
/// (a section's score is a sum times 9 / 7, say, which has no end).
fn ten_thousandths(v: f64) -> f64 {
    (v * 1e4).round() / 1e4
}

/// `p`'s row of `participants.csv`.
fn people(p: &Participant, text: &mut String) {
    *text += &format!(
        "{},{},{},{},{}\n",
        who(p),
        p.session.sequence,
        p.session.simulated.is_some(),
        p.mssq_raw
            .map_or(String::new(), |v| ten_thousandths(v).to_string()),
        p.session.resumed.len()
    );
}

#[cfg(test)]
#[path = "long_tests.rs"]
mod tests;
