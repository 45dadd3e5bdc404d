//! `report.md`'s sections on the fits behind its answers: the mixed
//! models of the ratings, term by term, with their variances and tests;
//! and the Kaplan-Meier curves of each condition with the log-rank test
//! and the Cox model.

use super::answers::{formula, survival_why, test_sentence, why};
use super::participant::scale_name;
use super::text::{chi_square, num, num_places};
use super::Study;
use crate::stats::lmm::Fit;
use crate::stats::survival::Curve;
use crate::study::rscript::{self, MODELS, TESTS};
use std::fmt::Write as _;

/// Decimals of a standard error, which is often small.
const SE_PLACES: usize = 3;

/// Writes the mixed models' section.
pub(super) fn models(md: &mut String, s: &Study) {
    md.push_str("## The mixed models of the ratings\n\n");
    let reference = s.models.reference().unwrap_or("-");
    let _ = writeln!(
        md,
        "Every in-play rating, unanswered prompts left out, fitted by restricted maximum \
         likelihood (REML) as lme4's `lmer` fits it; `analysis.R` fits the same models in R. \
         Estimates are in {} points: a condition's against `{reference}` (the reference \
         level, the protocol's first condition), a position's against position 1, `t_min` \
         per minute into the condition. SE is the standard error; the intervals are Wald's \
         (estimate ± 1.96 SE). The likelihood-ratio tests compare maximum-likelihood fits on \
         the ratings both models use. `model.csv` and `tests.csv` hold every number.\n",
        scale_name(s.scale)
    );
    // Each model with its title and the test of what it adds, in
    // MODELS order.
    let titles = [
        "the headline model",
        "with the condition played before (first-order carry-over)",
        "with susceptibility (the MSSQ-short raw score)",
        "with the SVC model's predicted MSI (the visual pathway, a hypothesis)",
    ];
    for (m, fit) in &s.models.fits {
        let i = MODELS.iter().position(|k| k.name == m.name).unwrap_or(0);
        let (title, test) = (titles[i], TESTS[i].name);
        let _ = writeln!(md, "### {}, {title}: `{}`\n", m.name, formula(m.terms));
        match fit {
            Ok(fit) => model_table(md, fit, &scale_name(s.scale)),
            Err(e) => {
                let _ = writeln!(md, "Not fitted: {}.\n", why(e));
            }
        }
        let _ = writeln!(md, "{}\n", test_line(s, test));
    }
    if !s.mssq_collected() {
        md.push_str("The protocol did not ask the MSSQ-short, so there is no M3.\n\n");
    }
}

/// A fit's terms, its variances and what it dropped.
fn model_table(md: &mut String, fit: &Fit, scale: &str) {
    md.push_str("| term | estimate | SE | 95% CI |\n|---|---|---|---|\n");
    for c in &fit.coefficients {
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | {} to {} |",
            c.name,
            num(c.estimate),
            num_places(c.se, SE_PLACES),
            num(c.ci_low),
            num(c.ci_high)
        );
    }
    let _ = writeln!(
        md,
        "\n{} ratings from {} participants. Variance between participants {}, residual {} \
         ({scale} points squared): intra-class correlation {}.",
        fit.observations,
        fit.groups,
        num(fit.group_variance),
        num(fit.residual_variance),
        num(fit.icc())
    );
    if !fit.dropped.is_empty() {
        let dropped: Vec<String> = fit.dropped.iter().map(|d| format!("`{d}`")).collect();
        let _ = writeln!(
            md,
            "\nDropped as a combination of the other columns (lme4 drops them too): {}. With \
             `none` before position 1, the condition played before is partly the position.",
            dropped.join(", ")
        );
    }
    md.push('\n');
}

/// The line on the likelihood-ratio test named `test`.
fn test_line(s: &Study, test: &str) -> String {
    let what = match test {
        t if t == TESTS[0].name => "Condition overall (M1 against M1 without condition)",
        t if t == TESTS[1].name => "Carry-over (M2 against M1)",
        t if t == TESTS[3].name => {
            "The prediction (M4 against M1, on the ratings with a prediction)"
        }
        _ => "Susceptibility (M3 against M1, on the ratings of participants with a score)",
    };
    format!(
        "{} (`{test}` in `tests.csv`).",
        test_sentence(s, test, what)
    )
}

/// Writes the survival section.
pub(super) fn survival(md: &mut String, s: &Study) {
    md.push_str("## Still playing: time to stop\n\n");
    md.push_str(
        "Kaplan-Meier estimates of the share of participants still playing each condition: \
         a stop (by the stop rule or the participant's own stop key) is the event; a play \
         completed or cut off is censored at its time. The median is the time by which half \
         had stopped, with R's 95% interval (`survfit`'s log interval); \"not reached\" \
         where more than half played to the end, and an open end where the interval's curve \
         stays above one half. `survival.csv` has every step of every curve; `survival.png` \
         draws them.\n\n\
         | condition | played | stopped | median time to stop, s [95% CI] | still playing at \
         the last time |\n|---|---|---|---|---|\n",
    );
    for (condition, curve) in &s.still.curves {
        match curve {
            Ok(c) => {
                let _ = writeln!(
                    md,
                    "| {condition} | {} | {} | {} | {} |",
                    c.spells,
                    c.events,
                    median_text(c),
                    c.steps.last().map_or("-".into(), |l| num(l.survival))
                );
            }
            Err(_) => {
                let _ = writeln!(md, "| {condition} | 0 | - | - | - |");
            }
        }
    }
    md.push('\n');
    let log_rank = match &s.still.log_rank {
        Ok(t) => format!(
            "Log-rank test of equal curves across the conditions: {}.",
            chi_square(t.df, t.chi_square, t.p)
        ),
        Err(e) => format!("No log-rank test: {}.", survival_why(e)),
    };
    let _ = writeln!(md, "{log_rank}\n");
    cox(md, s);
}

/// `median [low, high]`, with `-` for an end not reached.
fn median_text(c: &Curve) -> String {
    let end = |v: Option<f64>| v.map_or("-".into(), num);
    match c.median_s {
        None => "not reached".into(),
        Some(m) => format!(
            "{} [{}, {}]",
            num(m),
            end(c.median_ci_s.0),
            end(c.median_ci_s.1)
        ),
    }
}

/// The Cox model's hazard ratios.
fn cox(md: &mut String, s: &Study) {
    let cox = match &s.still.cox {
        Ok(cox) => cox,
        Err(e) => {
            let _ = writeln!(md, "No Cox model: {}.\n", survival_why(e));
            return;
        }
    };
    let reference = s.conditions.get(cox.reference).map_or("-", String::as_str);
    let _ = writeln!(
        md,
        "A Cox model of stopping by condition (Efron's ties; the standard errors robust, \
         clustered by participant, as each plays every condition): the hazard ratio is how \
         many times more likely a participant still playing is to stop at any moment than in \
         `{reference}`.\n\n| condition | hazard ratio [95% CI] | log hazard ratio (robust SE) \
         |\n|---|---|---|"
    );
    for c in &cox.coefficients {
        let name = s.conditions.get(c.group).map_or("-", String::as_str);
        let _ = writeln!(
            md,
            "| {name} | {} [{}, {}] | {} ({}) |",
            num(c.log_hazard_ratio.exp()),
            num(c.ci_low.exp()),
            num(c.ci_high.exp()),
            num(c.log_hazard_ratio),
            num_places(c.se, SE_PLACES)
        );
    }
    let _ = writeln!(
        md,
        "\nRobust Wald test of all hazard ratios being 1: {} (`{}` in \
         `tests.csv`).\n",
        chi_square(cox.df, cox.wald, cox.p),
        rscript::COX_WALD
    );
}
