//! `report.md`'s "Answers": the questions a study is run to answer, each
//! answered in a sentence from the mixed model of every in-play rating
//! (M1, and M2 and M3 for carry-over and susceptibility) and from the
//! survival of each condition, with its interval or its test; and where a
//! model could not be fitted, why not.

use super::participant::scale_name;
use super::text::{chi_square, num};
use super::Study;
use crate::stats::lmm::{Coefficient, Fit, LmmError};
use crate::stats::survival::SurvivalError;
use crate::study::rscript::{MODELS, TESTS};
use std::fmt::Write as _;

/// Writes the section.
pub(super) fn section(md: &mut String, s: &Study) {
    md.push_str("## Answers\n\n");
    let _ = writeln!(
        md,
        "From the mixed model of every in-play rating (M1: `{}`): each condition's effect \
         adjusted for the position it was played at and the minutes into it, each \
         participant's own level a random intercept. The next section gives every number of \
         it. Intervals are 95% Wald intervals; one that includes 0 means the data cannot tell \
         the two apart.\n",
        formula(MODELS[0].terms)
    );
    let units = format!("{} points", scale_name(s.scale));
    let lines = match s.models.headline() {
        Ok(m1) => {
            let mut lines = vec![sickest(s, m1, &units), growth(m1, &units)];
            lines.extend(order(s, m1, &units));
            lines.extend(susceptibility(s, &units));
            lines.push(people(m1, &units));
            lines
        }
        Err(e) => vec![format!(
            "**The mixed model could not be fitted**: {}. The descriptive tables and the \
             paired comparisons below still hold.",
            why(e)
        )],
    };
    for line in lines.iter().chain(std::iter::once(&stopping(s))) {
        let _ = writeln!(md, "- {line}");
    }
    md.push_str(
        "- The paired Wilcoxon tests further down compare the conditions again without the \
         model's assumptions, on each participant's highest rating per condition: a \
         distribution-free check of the first answer.\n\n",
    );
}

/// `rating ~ terms + (1 | participant)`.
pub(super) fn formula(terms: &[&str]) -> String {
    format!("rating ~ {} + (1 | participant)", terms.join(" + "))
}

/// Why a model could not be fitted, in words a reader can act on.
pub(super) fn why(e: &LmmError) -> String {
    match e {
        LmmError::TooFewGroups(n) => format!(
            "{n} participant{} with a rating, and the model needs at least two to tell \
             people from conditions",
            if *n == 1 { "" } else { "s" }
        ),
        LmmError::OneRowPerGroup(_) => {
            "each participant gave one rating, so a person's level cannot be told from the \
             noise"
                .into()
        }
        LmmError::TooFewObservations { .. } | LmmError::NoResidualVariation => {
            format!("{e}: too few ratings, or ratings that do not vary, for what it estimates")
        }
        LmmError::NotComparable(_) => format!(
            "{e}: with one condition, or every rating at one position, the larger model adds \
             nothing the data can estimate"
        ),
        other => other.to_string(),
    }
}

/// The likelihood-ratio test named `test` as `what: χ²(df) = x, p = y`,
/// or `what: no test, ` and why; no final stop.
pub(super) fn test_sentence(s: &Study, test: &str, what: &str) -> String {
    match s.models.test_of(test) {
        Some(Ok(c)) => format!(
            "{what}: {}",
            chi_square(c.test.df, c.test.chi_square, c.test.p)
        ),
        Some(Err(e)) => format!("{what}: no test, {}", why(e)),
        None => format!("{what}: not tried"),
    }
}

/// Why a survival statistic could not be computed, in words.
pub(super) fn survival_why(e: &SurvivalError) -> String {
    match e {
        SurvivalError::TooFewGroups(_) => "only one condition was played".into(),
        SurvivalError::NoEvents => "nobody stopped, so there are no stops to compare".into(),
        SurvivalError::Infinite => "a condition in which nobody stopped (or all stopped \
                                    before any other stop) gives no finite hazard ratio"
            .into(),
        other => other.to_string(),
    }
}

/// Which condition is rated sickest, by how much over the next and the
/// least sick, and the overall test of condition.
fn sickest(s: &Study, m1: &Fit, units: &str) -> String {
    let mut effects = s.models.effects(m1);
    if effects.len() < 2 {
        return "**Which condition is rated sickest?** Only one condition has ratings: \
                nothing to compare."
            .into();
    }
    effects.sort_by(|a, b| b.1.total_cmp(&a.1));
    let top = &effects[0].0;
    let against = |other: &str, role: &str| {
        let d = s.models.difference(m1, top, other)?;
        Some(format!(
            "{} {units} more than `{other}`, {role} ({})",
            num(d.estimate),
            interval_words(&d)
        ))
    };
    let mut parts = vec![against(&effects[1].0, "the next")];
    if effects.len() > 2 {
        parts.push(against(&effects[effects.len() - 1].0, "the least sick"));
    }
    let parts: Vec<String> = parts.into_iter().flatten().collect();
    let what = "Whether the conditions differ at all, by the likelihood-ratio test of M1 \
                against M1 without condition";
    let test = test_sentence(s, TESTS[0].name, what) + ".";
    format!(
        "**Which condition is rated sickest?** `{top}`: {}. {test}",
        parts.join(", and ")
    )
}

/// `95% CI low to high`, saying when it includes 0.
fn interval_words(c: &Coefficient) -> String {
    let text = format!("95% CI {} to {}", num(c.ci_low), num(c.ci_high));
    match c.ci_low <= 0.0 && c.ci_high >= 0.0 {
        true => format!("{text}, which includes 0"),
        false => text,
    }
}

/// How the rating changes with the minutes played.
fn growth(m1: &Fit, units: &str) -> String {
    match m1.coefficient("t_min") {
        Some(t) => format!(
            "**Does sickness grow during play?** By {} {units} a minute ({}), in every \
             condition alike (the model's one slope).",
            num(t.estimate),
            interval_words(t)
        ),
        None => "**Does sickness grow during play?** The model has no time slope: every \
                 rating was given at the same time into its condition."
            .into(),
    }
}

/// The last position against the first, and the carry-over test.
fn order(s: &Study, m1: &Fit, units: &str) -> Option<String> {
    let (&first, &last) = (s.models.positions.first()?, s.models.positions.last()?);
    if first == last {
        return None;
    }
    let term = super::model::position_term(last);
    let position = m1.coefficient(&term).map_or(String::new(), |c| {
        format!(
            "A condition played at position {last} is rated {} {units} above one played at \
             position {first} ({}). ",
            num(c.estimate),
            interval_words(c)
        )
    });
    let what = "Carry-over (M2: M1 with the condition played before)";
    let carry = test_sentence(s, TESTS[1].name, what) + ".";
    Some(format!("**Does the order matter?** {position}{carry}"))
}

/// The MSSQ-short's effect, if the protocol asked it.
fn susceptibility(s: &Study, units: &str) -> Option<String> {
    let m3 = s.models.fit_of(MODELS[2].name)?;
    let effect = match m3 {
        Ok(fit) => fit.coefficient("mssq").map_or(String::new(), |c| {
            format!(
                "{} {units} per point of MSSQ-short raw score ({}). ",
                num(c.estimate),
                interval_words(c)
            )
        }),
        Err(e) => format!("M3 could not be fitted: {}. ", why(e)),
    };
    let test = test_sentence(s, TESTS[2].name, "M3 against M1 on the same ratings") + ".";
    Some(format!(
        "**Do the more susceptible feel sicker?** {effect}{test}"
    ))
}

/// The share of the variance between participants.
fn people(m1: &Fit, units: &str) -> String {
    format!(
        "**How much is the person rather than the condition?** {:.0}% of the variance the \
         model leaves unexplained lies between participants (intra-class correlation {}: \
         participant variance {}, residual {}, {units} squared).",
        100.0 * m1.icc(),
        num(m1.icc()),
        num(m1.group_variance),
        num(m1.residual_variance)
    )
}

/// Median times to stop, and the log-rank test.
fn stopping(s: &Study) -> String {
    let medians: Vec<String> = s
        .still
        .curves
        .iter()
        .filter_map(|(c, curve)| {
            let curve = curve.as_ref().ok()?;
            Some(match curve.median_s {
                Some(m) => format!("`{c}` {} s", num(m)),
                None => format!("`{c}` not reached"),
            })
        })
        .collect();
    let test = match &s.still.log_rank {
        Ok(t) => format!(
            "; log-rank test across conditions {}",
            chi_square(t.df, t.chi_square, t.p)
        ),
        Err(e) => format!("; no log-rank test: {}", survival_why(e)),
    };
    format!(
        "**How long do people keep playing?** Median time to stop (\"not reached\" where \
         more than half played to the end): {}{test}.",
        medians.join(", ")
    )
}
