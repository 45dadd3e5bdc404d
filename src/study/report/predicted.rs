//! `report.md`'s section on the SVC model's prediction against the
//! ratings ([`super::prediction`]): the test of the visual pathway's
//! hypothesis, written for every study.

use super::answers::{test_sentence, why};
use super::participant::{scale_name, Participant};
use super::prediction::{self, HeldOut, Point, GAINS};
use super::text::{num, num_places, p_text, signed};
use super::Study;
use crate::study::predict::PATHWAY;
use crate::study::rscript::{MODELS, TESTS};
use std::fmt::Write as _;

/// Every answered prompt with its predictions, participants and their
/// conditions in order.
pub(super) fn points(participants: &[Participant]) -> Vec<Point> {
    let mut out = Vec::new();
    for p in participants {
        for c in &p.played {
            for (i, r) in c.ratings.iter().enumerate() {
                let (Some(rating), Some(row)) = (r.value, c.predicted.get(i)) else {
                    continue;
                };
                let Some(predicted) = row.iter().copied().collect::<Option<Vec<f64>>>() else {
                    continue;
                };
                out.push(Point {
                    participant: p.id().to_string(),
                    position: c.position,
                    t_s: r.t_s,
                    rating: f64::from(rating),
                    predicted,
                });
            }
        }
    }
    out
}

/// Writes the section.
pub(super) fn section(md: &mut String, s: &Study) {
    md.push_str("## Predicted sickness against the ratings\n\n");
    let _ = writeln!(
        md,
        "**A hypothesis under test, not a validated model.** Each condition's recording is run \
         through the 6DoF subjective-vertical-conflict model (IN1; Inoue, Liu & Wada 2023, \
         ported exactly from its authors' code) under the {about}. Its form and default weights \
         are a hypothesis (`docs/feel-lab.md`); this section is its test on this study's \
         ratings. `predicted_msi` in `ratings_long.csv` is the model's motion sickness \
         incidence (percent) at each prompt, at the default visual gain {gain}, the motion \
         seen across the angle the participant's screen fills at the eye where its size and \
         distance were stated (else across the game's field of view); the model \
         starts each condition settled at rest, so it knows nothing of sickness carried over \
         from the condition before.\n",
        about = PATHWAY.about(),
        gain = num(GAINS[prediction::DEFAULT_GAIN]),
    );
    let t = &s.tracking;
    let units = scale_name(s.scale);
    let within = match &t.within {
        Ok(w) => format!(
            "r_rm = {}{} (p {}, df {}, {} prompts of {} participants)",
            signed(w.r),
            w.ci.map_or(String::new(), |(l, h)| format!(
                " [95% CI {}, {}]",
                signed(l),
                signed(h)
            )),
            p_text(w.p),
            w.df,
            w.observations,
            w.subjects
        ),
        Err(e) => format!("undefined ({})", why(e)),
    };
    let _ = writeln!(
        md,
        "- **Does it rise and fall with the ratings within a person?** The repeated-measures \
         correlation of `predicted_msi` with the rating at each answered prompt: {within}.",
    );
    let _ = writeln!(md, "- {}", covariate(s, &units));
    let _ = writeln!(md, "- {}\n", held_out_words(t.held_out.as_ref(), &units));
    if let Some(g) = t.gain_all {
        let _ = writeln!(
            md,
            "Over every participant, the visual gain that fits best (each participant with \
             their own rating gain) is {} of the grid {}.\n",
            num_places(GAINS[g], 3),
            grid()
        );
    }
}

/// The grid of gains as text.
fn grid() -> String {
    let gains: Vec<String> = GAINS.iter().map(|&g| num_places(g, 3)).collect();
    gains.join(", ")
}

/// M4's coefficient of the prediction and its test against M1.
fn covariate(s: &Study, units: &str) -> String {
    let head = "**Does it explain the ratings beyond condition and time?**";
    let Some(m4) = s.models.fit_of(MODELS[3].name) else {
        return format!("{head} No prompt has a prediction (no recording measured), so no M4.");
    };
    let effect = match m4 {
        Ok(fit) => fit.coefficient("predicted_msi").map_or(String::new(), |c| {
            format!(
                "In M4 (M1 with `predicted_msi`), {} {units} per percent of predicted MSI \
                     (95% CI {} to {}). ",
                num_places(c.estimate, 3),
                num_places(c.ci_low, 3),
                num_places(c.ci_high, 3)
            )
        }),
        Err(e) => format!("M4 could not be fitted: {}. ", why(e)),
    };
    let test = test_sentence(
        s,
        TESTS[3].name,
        "M4 against M1 on the ratings with a prediction",
    );
    format!("{head} {effect}{test}.")
}

/// The leave-one-participant-out result in words.
fn held_out_words(h: Option<&HeldOut>, units: &str) -> String {
    let head = "**Does it predict a new person's other conditions?** Leaving each participant \
                out in turn: the visual gain chosen from the grid on the others, the held-out \
                person's rating gain fitted on the condition they played first, their later \
                conditions predicted.";
    let Some(h) = h else {
        return format!(
            "{head} No participant has a first condition and a later one with \
                        ratings and predictions, so there is nothing to score."
        );
    };
    let chosen: Vec<String> = GAINS
        .iter()
        .zip(h.chosen)
        .filter(|(_, n)| *n > 0)
        .map(|(g, n)| format!("{} ({n}×)", num_places(*g, 3)))
        .collect();
    let verdict = match h.rmse < h.rmse_time {
        true => "The prediction does better than time alone",
        false => "The prediction does no better than time alone",
    };
    format!(
        "{head} Root mean square error {} {units} points over {} prompts of {} participants, \
         against {} for time alone fitted the same way (`rating = k t`, which knows nothing of \
         the conditions). {verdict}. Gains chosen: {}.",
        num(h.rmse),
        h.prompts,
        h.participants,
        num(h.rmse_time),
        chosen.join(", ")
    )
}
