//! `analysis.R`: the study's models fitted again by R (lme4, ordinal,
//! survival) in the report folder, and the three CSV formats in which R
//! and the report write their results so a program can compare them.
//!
//! The script reads the report's `ratings_long.csv`, `stops.csv` and
//! `participants.csv` and writes `r-model.csv`, `r-tests.csv` and
//! `r-survival.csv`, with the headers of the report's own [`MODEL_FILE`],
//! [`TESTS_FILE`] and [`SURVIVAL_FILE`]:
//!
//! - `model,term,estimate,se,ci_low,ci_high`: a row per fixed effect of
//!   each model ([`MODELS`], named `M1`...; `M4`, with the SVC model's
//!   prediction, only when `ratings_long.csv` has one), the term named as lme4 names
//!   the column (`(Intercept)`, `conditionclassic`, `position2`, `t_min`),
//!   the interval Wald's (estimate ± 1.959964 se); then the variances,
//!   terms [`GROUP_VARIANCE`] (between participants) and
//!   [`RESIDUAL_VARIANCE`], estimate only. Then [`COX_MODEL`]'s rows
//!   (`coxph`: log hazard ratios against the reference condition, terms
//!   named as R names them, `conditionpolar`, with the robust standard
//!   error clustered by participant). Then [`ORDINAL_MODEL`]'s rows
//!   (`ordinal::clmm`; thresholds named as ordinal names them, `3|4`, then
//!   the coefficients, then [`GROUP_SD`]): the report fits it for MISC
//!   studies, R for every study.
//! - `test,statistic,df,p`: the likelihood-ratio tests of [`TESTS`] (ML
//!   fits on the rows complete in both models), [`LOG_RANK`],
//!   [`LOG_RANK_STRATIFIED`] and [`COX_WALD`]; R adds [`ORDINAL_CONDITION`].
//! - `condition,time_s,at_risk,events,survival,ci_low,ci_high`: the
//!   Kaplan-Meier steps per condition, one per distinct time (censoring
//!   times included), as R's `survfit` object holds them.
//!
//! A number is any text Rust's `f64` parses (R writes 15 significant
//! digits, the report the shortest exact form, `1.02e-26` below 1e-4); a
//! missing one (R's `NA`) is an empty field. Fields are never quoted: terms and condition names
//! hold no commas.
//!
//! The factors' reference levels are the report's: the protocol's first
//! condition, position 1 (positions in numeric order), `none` for the
//! previous condition; levels no row uses are dropped, as lme4 does.
//! `t_min` is `t_s / 60`.

use crate::stats::lmm::{Fit, LikelihoodRatio};
use crate::stats::survival::{Cox, Curve};

/// The report's file of model estimates.
pub const MODEL_FILE: &str = "model.csv";
/// The report's file of tests.
pub const TESTS_FILE: &str = "tests.csv";
/// The report's file of survival curves.
pub const SURVIVAL_FILE: &str = "survival.csv";
/// R's file of model estimates, in [`MODEL_HEADER`]'s format.
pub const R_MODEL_FILE: &str = "r-model.csv";
/// R's file of tests, in [`TESTS_HEADER`]'s format.
pub const R_TESTS_FILE: &str = "r-tests.csv";
/// R's file of survival curves, in [`SURVIVAL_HEADER`]'s format.
pub const R_SURVIVAL_FILE: &str = "r-survival.csv";
/// The script's file name.
pub const SCRIPT_FILE: &str = "analysis.R";

/// The header of [`MODEL_FILE`] and [`R_MODEL_FILE`].
pub const MODEL_HEADER: &str = "model,term,estimate,se,ci_low,ci_high";
/// The header of [`TESTS_FILE`] and [`R_TESTS_FILE`].
pub const TESTS_HEADER: &str = "test,statistic,df,p";
/// The header of [`SURVIVAL_FILE`] and [`R_SURVIVAL_FILE`].
pub const SURVIVAL_HEADER: &str = "condition,time_s,at_risk,events,survival,ci_low,ci_high";

/// The term of the between-participant (random-intercept) variance,
/// rating units squared.
pub const GROUP_VARIANCE: &str = "var_participant";
/// The term of the residual variance, rating units squared.
pub const RESIDUAL_VARIANCE: &str = "var_residual";
/// The term of the random intercept's standard deviation in
/// [`ORDINAL_MODEL`], logit units.
pub const GROUP_SD: &str = "sd_participant";

/// One mixed model: `rating ~ terms + (1 | participant)`, fitted by REML.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model {
    /// Its name in the model file.
    pub name: &'static str,
    /// Its terms, in the model matrix's order.
    pub terms: &'static [&'static str],
    /// Whether it needs the MSSQ (fitted only when it was collected).
    pub needs_mssq: bool,
    /// Whether it needs the prediction, `predicted_msi` (fitted only
    /// when a prompt has one).
    pub needs_prediction: bool,
}

/// The mixed models of ratings: the main model, then with the carry-over
/// (the condition played before), then with motion-sickness
/// susceptibility, then with the SVC model's predicted MSI (under the
/// visual pathway, a hypothesis: [`crate::study::predict`]).
pub const MODELS: [Model; 4] = [
    Model {
        name: "M1",
        terms: &["condition", "position", "t_min"],
        needs_mssq: false,
        needs_prediction: false,
    },
    Model {
        name: "M2",
        terms: &["condition", "position", "t_min", "previous_condition"],
        needs_mssq: false,
        needs_prediction: false,
    },
    Model {
        name: "M3",
        terms: &["condition", "position", "t_min", "mssq"],
        needs_mssq: true,
        needs_prediction: false,
    },
    Model {
        name: "M4",
        terms: &["condition", "position", "t_min", "predicted_msi"],
        needs_mssq: false,
        needs_prediction: true,
    },
];

/// A likelihood-ratio test between two nested mixed models, both fitted by
/// ML on the rows complete in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Test {
    /// Its name in the tests file.
    pub name: &'static str,
    /// The model without the tested terms.
    pub reduced: &'static [&'static str],
    /// The model with them.
    pub full: &'static [&'static str],
    /// Whether it needs the MSSQ.
    pub needs_mssq: bool,
    /// Whether it needs the prediction.
    pub needs_prediction: bool,
}

/// The likelihood-ratio tests: condition (M1 against M1 without it),
/// carry-over (M2 against M1), susceptibility (M3 against M1), the
/// prediction (M4 against M1).
pub const TESTS: [Test; 4] = [
    Test {
        name: "lrt_condition",
        reduced: &["position", "t_min"],
        full: MODELS[0].terms,
        needs_mssq: false,
        needs_prediction: false,
    },
    Test {
        name: "lrt_carryover",
        reduced: MODELS[0].terms,
        full: MODELS[1].terms,
        needs_mssq: false,
        needs_prediction: false,
    },
    Test {
        name: "lrt_mssq",
        reduced: MODELS[0].terms,
        full: MODELS[2].terms,
        needs_mssq: true,
        needs_prediction: false,
    },
    Test {
        name: "lrt_prediction",
        reduced: MODELS[0].terms,
        full: MODELS[3].terms,
        needs_mssq: false,
        needs_prediction: true,
    },
];

/// The log-rank test of the still-playing curves across conditions.
pub const LOG_RANK: &str = "logrank";
/// The log-rank test stratified by participant (`survdiff(... +
/// strata(participant))`): the conditions compared within people.
pub const LOG_RANK_STRATIFIED: &str = "logrank_stratified";
/// The cumulative-link mixed model of the ratings (M1's terms): fitted by
/// the report for MISC studies, by R for every study.
pub const ORDINAL_MODEL: &str = "M1_ordinal";
/// R only: the likelihood-ratio test of condition in [`ORDINAL_MODEL`].
pub const ORDINAL_CONDITION: &str = "lrt_condition_ordinal";
/// The Cox model of stopping by condition (Efron's ties, robust variance
/// clustered by participant).
pub const COX_MODEL: &str = "cox";
/// The Cox model's robust Wald test of condition.
pub const COX_WALD: &str = "cox_wald_robust";
/// Why no Cox model is fitted where a condition has no stops, with
/// `{conditions}` for their names: the report and `analysis.R` both give
/// this sentence (the script prints it after `coxph refused: `).
pub const COX_REFUSAL: &str = "nobody stopped in {conditions}, so a hazard ratio against it has \
     no finite estimate (the likelihood keeps rising as the ratio goes to 0 or infinity; R \
     would print a log hazard ratio near -20 with a huge standard error), and a shared \
     frailty, coxph(... + frailty(participant)), does not change that, as the separation is \
     in the condition's own effect; the stratified log-rank test compares the conditions \
     instead";

/// [`COX_REFUSAL`] for the conditions with no stops, each in backticks.
pub fn cox_refusal<S: AsRef<str>>(conditions: &[S]) -> String {
    let names: Vec<String> = conditions
        .iter()
        .map(|c| format!("`{}`", c.as_ref()))
        .collect();
    COX_REFUSAL.replace("{conditions}", &names.join(", "))
}

/// The text of `analysis.R` for a study whose conditions are
/// `conditions`, in the protocol's order (the first is the reference),
/// and which collected the MSSQ or not.
pub fn analysis_r<S: AsRef<str>>(conditions: &[S], mssq_collected: bool) -> String {
    let names: Vec<String> = conditions.iter().map(|c| r_string(c.as_ref())).collect();
    let mut out = String::from(PREAMBLE);
    out += &format!("conditions <- c({})\n", names.join(", "));
    out += &format!("mssq_collected <- {}\n", r_bool(mssq_collected));
    out += &format!(
        "model_header <- {}\ntests_header <- {}\nsurvival_header <- {}\n",
        r_string(MODEL_HEADER),
        r_string(TESTS_HEADER),
        r_string(SURVIVAL_HEADER)
    );
    out += &format!(
        "group_variance <- {}\nresidual_variance <- {}\ngroup_sd <- {}\n",
        r_string(GROUP_VARIANCE),
        r_string(RESIDUAL_VARIANCE),
        r_string(GROUP_SD)
    );
    out += "models <- list(\n";
    let models: Vec<String> = MODELS
        .iter()
        .map(|m| {
            let formula = formula(m.terms);
            format!(
                "  {} = list(formula = {formula}, needs_mssq = {}, needs_prediction = {})",
                m.name,
                r_bool(m.needs_mssq),
                r_bool(m.needs_prediction)
            )
        })
        .collect();
    out += &(models.join(",\n") + "\n)\n");
    out += "tests <- list(\n";
    let tests: Vec<String> = TESTS
        .iter()
        .map(|t| {
            format!(
                "  {} = list(reduced = {}, full = {}, needs_mssq = {}, needs_prediction = {})",
                t.name,
                formula(t.reduced),
                formula(t.full),
                r_bool(t.needs_mssq),
                r_bool(t.needs_prediction)
            )
        })
        .collect();
    out += &(tests.join(",\n") + "\n)\n");
    out += &format!(
        "extra <- list(logrank = {}, logrank_stratified = {}, ordinal = {}, ordinal_test = {}, \
         cox = {}, cox_test = {})\n",
        r_string(LOG_RANK),
        r_string(LOG_RANK_STRATIFIED),
        r_string(ORDINAL_MODEL),
        r_string(ORDINAL_CONDITION),
        r_string(COX_MODEL),
        r_string(COX_WALD)
    );
    out += &format!("cox_refusal <- {}\n", r_string(COX_REFUSAL));
    out += &format!(
        "files <- list(model = {}, tests = {}, survival = {})\n",
        r_string(R_MODEL_FILE),
        r_string(R_TESTS_FILE),
        r_string(R_SURVIVAL_FILE)
    );
    out + BODY
}

/// `rating ~ terms + (1 | participant)` as R code.
fn formula(terms: &[&str]) -> String {
    let mut right: Vec<&str> = terms.to_vec();
    right.push("(1 | participant)");
    format!("rating ~ {}", right.join(" + "))
}

/// `text` as an R string literal.
fn r_string(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    format!("\"{escaped}\"")
}

fn r_bool(value: bool) -> &'static str {
    if value {
        "TRUE"
    } else {
        "FALSE"
    }
}

/// A number as the CSV formats write it: shortest exact form (with an
/// exponent below [`PLAIN_LOW`] or from [`PLAIN_HIGH`], where the plain
/// form runs to dozens of zeros), empty for none.
fn field(value: Option<f64>) -> String {
    match value {
        Some(v) if !v.is_nan() => {
            let size = v.abs();
            match size == 0.0 || (PLAIN_LOW..PLAIN_HIGH).contains(&size) {
                true => v.to_string(),
                false => format!("{v:e}"),
            }
        }
        _ => String::new(),
    }
}

/// The smallest size [`field`] writes without an exponent.
const PLAIN_LOW: f64 = 1e-4;
/// The size from which [`field`] writes with an exponent.
const PLAIN_HIGH: f64 = 1e15;

/// The [`MODEL_HEADER`] rows of `fit` under the name `model`: the fixed
/// effects, then [`GROUP_VARIANCE`] and [`RESIDUAL_VARIANCE`]; each line
/// ends in a newline.
pub fn model_rows(model: &str, fit: &Fit) -> String {
    let mut out = String::new();
    for c in &fit.coefficients {
        let numbers = [c.estimate, c.se, c.ci_low, c.ci_high].map(|v| field(Some(v)));
        out += &format!("{model},{},{}\n", c.name, numbers.join(","));
    }
    for (term, value) in [
        (GROUP_VARIANCE, fit.group_variance),
        (RESIDUAL_VARIANCE, fit.residual_variance),
    ] {
        out += &format!("{model},{term},{},,,\n", field(Some(value)));
    }
    out
}

/// A [`MODEL_HEADER`] row of one estimate with its standard error and
/// Wald interval, or the estimate alone; ending in a newline.
pub fn estimate_row(model: &str, term: &str, estimate: f64, se: Option<f64>) -> String {
    let numbers = match se {
        Some(se) => [
            Some(estimate),
            Some(se),
            Some(estimate - crate::stats::lmm::Z_95 * se),
            Some(estimate + crate::stats::lmm::Z_95 * se),
        ],
        None => [Some(estimate), None, None, None],
    };
    let fields: Vec<String> = numbers.into_iter().map(field).collect();
    format!("{model},{term},{}\n", fields.join(","))
}

/// The [`TESTS_HEADER`] row of a likelihood-ratio test named `test`,
/// ending in a newline.
pub fn likelihood_ratio_row(test: &str, lrt: &LikelihoodRatio) -> String {
    test_row(test, lrt.chi_square, lrt.df, lrt.p)
}

/// A [`TESTS_HEADER`] row, ending in a newline.
pub fn test_row(test: &str, statistic: f64, df: usize, p: f64) -> String {
    format!(
        "{test},{},{df},{}\n",
        field(Some(statistic)),
        field(Some(p))
    )
}

/// The [`MODEL_HEADER`] rows of the Cox model of stopping, under
/// [`COX_MODEL`]: one per coefficient, named `condition` and the
/// condition's name, where `conditions` names the groups the model was
/// given; each line ends in a newline.
pub fn cox_rows<S: AsRef<str>>(conditions: &[S], cox: &Cox) -> String {
    let mut out = String::new();
    for c in &cox.coefficients {
        let name = conditions.get(c.group).map_or("", |n| n.as_ref());
        let numbers = [c.log_hazard_ratio, c.se, c.ci_low, c.ci_high].map(|v| field(Some(v)));
        out += &format!("{COX_MODEL},condition{name},{}\n", numbers.join(","));
    }
    out
}

/// The [`SURVIVAL_HEADER`] rows of one condition's curve, each ending in
/// a newline.
pub fn survival_rows(condition: &str, curve: &Curve) -> String {
    let mut out = String::new();
    for s in &curve.steps {
        out += &format!(
            "{condition},{},{},{},{},{},{}\n",
            field(Some(s.time_s)),
            s.at_risk,
            s.events,
            field(Some(s.survival)),
            field(s.ci_low),
            field(s.ci_high)
        );
    }
    out
}

/// The script's opening, before the study's own settings.
const PREAMBLE: &str = r#"# analysis.R: the study's models fitted again by R, to check the report's
# own fits. Run it in the report folder:
#
#   Rscript analysis.R
#
# It needs R with lme4 and survival, and ordinal for the ordinal model
# (Debian: apt-get install r-base-core r-cran-lme4 r-cran-ordinal
# r-cran-survival). It reads ratings_long.csv, stops.csv and
# participants.csv, prints each model, and writes r-model.csv, r-tests.csv
# and r-survival.csv in the formats of the report's model.csv, tests.csv and
# survival.csv (numbers with 15 significant digits, NA as an empty field).
#
# Written by the report; the settings below are the study's.

"#;

/// The script after the study's settings.
const BODY: &str = r#"
suppressPackageStartupMessages({
  library(lme4)
  library(survival)
})
have_ordinal <- suppressPackageStartupMessages(requireNamespace("ordinal", quietly = TRUE))
options(contrasts = c("contr.treatment", "contr.poly"), width = 100)
z95 <- qnorm(0.975)

# ---- Helpers ----------------------------------------------------------
num <- function(x) ifelse(is.na(x), "", sprintf("%.15g", x))
model_rows <- character(0)
test_rows <- character(0)
survival_rows <- character(0)
add_model <- function(model, term, estimate, se = NA) {
  row <- paste(model, term, num(estimate), num(se), num(estimate - z95 * se),
               num(estimate + z95 * se), sep = ",")
  model_rows <<- c(model_rows, row)
}
add_test <- function(test, statistic, df, p) {
  test_rows <<- c(test_rows, paste(test, num(statistic), num(df), num(p), sep = ","))
}
section <- function(title) cat("\n==== ", title, " ====\n\n", sep = "")
# Runs `expr`, or reports why it failed and goes on with the rest.
attempt <- function(what, expr) {
  tryCatch(expr, error = function(e) {
    cat(what, " failed: ", conditionMessage(e), "\n", sep = "")
    NULL
  })
}
# Every column as text; empty fields become NA when made numbers.
read_table <- function(file) read.csv(file, colClasses = "character", na.strings = character(0))
number <- function(x) suppressWarnings(as.numeric(x))
# The rows complete in the variables of the given formulas.
complete_for <- function(data, ...) {
  vars <- unique(unlist(lapply(list(...), all.vars)))
  data[complete.cases(data[, vars, drop = FALSE]), , drop = FALSE]
}
add_lmer <- function(model, fit) {
  cf <- summary(fit)$coefficients
  for (i in seq_len(nrow(cf))) add_model(model, rownames(cf)[i], cf[i, 1], cf[i, 2])
  vc <- as.data.frame(VarCorr(fit))
  add_model(model, group_variance, vc$vcov[vc$grp == "participant"])
  add_model(model, residual_variance, vc$vcov[vc$grp == "Residual"])
}

# ---- Data --------------------------------------------------------------
ratings <- read_table("ratings_long.csv")
unknown <- setdiff(unique(ratings$condition), conditions)
if (length(unknown)) stop("conditions not in the protocol: ", paste(unknown, collapse = ", "))
if (length(unique(ratings$scale)) > 1) stop("ratings on more than one scale: ",
                                            paste(unique(ratings$scale), collapse = ", "))
d <- data.frame(
  participant = ratings$participant,
  condition = factor(ratings$condition, levels = conditions),
  position = factor(as.integer(ratings$position)),
  previous_condition = factor(ratings$previous_condition, levels = c("none", conditions)),
  t_min = number(ratings$t_s) / 60,
  rating = number(ratings$rating)
)
if (mssq_collected) {
  people <- read_table("participants.csv")
  d$mssq <- number(people$mssq_raw)[match(d$participant, people$participant)]
}
# The SVC model's predicted MSI at each prompt (the visual pathway: a
# hypothesis, not a validated model); older tables have no such column.
if ("predicted_msi" %in% names(ratings)) d$predicted_msi <- number(ratings$predicted_msi)
predicted <- "predicted_msi" %in% names(d) && any(!is.na(d$predicted_msi))
cat("Ratings:", nrow(d), "prompts,", sum(!is.na(d$rating)), "answered,",
    length(unique(d$participant)), "participants; scale", unique(ratings$scale), "\n")

# ---- Mixed models (REML) -----------------------------------------------
for (name in names(models)) {
  m <- models[[name]]
  if (m$needs_mssq && !mssq_collected) next
  if (m$needs_prediction && !predicted) next
  section(paste(name, deparse(m$formula, width.cutoff = 200L)))
  fit <- attempt(name, lmer(m$formula, data = d))
  if (!is.null(fit)) {
    print(summary(fit), correlation = FALSE)
    add_lmer(name, fit)
  }
}

# ---- Likelihood-ratio tests (ML, rows complete in both models) ---------
for (name in names(tests)) {
  test <- tests[[name]]
  if (test$needs_mssq && !mssq_collected) next
  if (test$needs_prediction && !predicted) next
  section(name)
  attempt(name, {
    rows <- complete_for(d, test$reduced, test$full)
    reduced <- lmer(test$reduced, data = rows, REML = FALSE)
    full <- lmer(test$full, data = rows, REML = FALSE)
    a <- anova(reduced, full)
    print(a)
    add_test(name, a$Chisq[2], a$Df[2], a[["Pr(>Chisq)"]][2])
  })
}

# ---- Ordinal model (cumulative link, random intercept) -----------------
if (have_ordinal) {
  section(extra$ordinal)
  attempt(extra$ordinal, {
    rows <- complete_for(d, models$M1$formula)
    rows$rating <- factor(rows$rating, ordered = TRUE)
    # The default gradient tolerance (1e-4) can stop the fit far from the
    # optimum (a maximum gradient near 1, standard errors near 0).
    control <- ordinal::clmm.control(gradTol = 1e-6)
    full <- ordinal::clmm(rating ~ condition + position + t_min + (1 | participant),
                          data = rows, control = control)
    print(summary(full))
    cf <- coef(summary(full))
    # Where clmm stops with a large gradient (its inner update of the
    # random effects failing), its Hessian, and so every standard error,
    # is not to be trusted: the estimates are written, the errors not.
    max_gradient <- max(abs(full$gradient))
    converged <- max_gradient < 1e-3 && all(is.finite(cf[, 2]))
    if (!converged) {
      cat("clmm did not converge (max gradient ", format(max_gradient),
          "): its standard errors are not written\n", sep = "")
    }
    for (i in seq_len(nrow(cf))) {
      add_model(extra$ordinal, rownames(cf)[i], cf[i, 1], if (converged) cf[i, 2] else NA)
    }
    add_model(extra$ordinal, group_sd, attr(ordinal::VarCorr(full)$participant, "stddev"))
    reduced <- ordinal::clmm(rating ~ position + t_min + (1 | participant), data = rows,
                             control = control)
    a <- anova(reduced, full)
    print(a)
    add_test(extra$ordinal_test, a$LR.stat[2], a$df[2], a[["Pr(>Chisq)"]][2])
  })
} else {
  cat("\nordinal is not installed: no ordinal model.\n")
}

# ---- Still playing: Kaplan-Meier, log-rank, Cox ------------------------
raw_stops <- read_table("stops.csv")
stops <- data.frame(
  participant = raw_stops$participant,
  condition = droplevels(factor(raw_stops$condition, levels = conditions)),
  time_s = number(raw_stops$time_s),
  event = as.integer(raw_stops$event)
)
section("Kaplan-Meier: still playing")
attempt("survfit", {
  km <- survfit(Surv(time_s, event) ~ condition, data = stops)
  print(km)
  strata <- if (is.null(km$strata)) {
    rep(as.character(stops$condition[1]), length(km$time))
  } else {
    rep(sub("^condition=", "", names(km$strata)), km$strata)
  }
  survival_rows <<- paste(strata, num(km$time), km$n.risk, km$n.event, num(km$surv),
                          num(km$lower), num(km$upper), sep = ",")
})
section("Log-rank test")
attempt("survdiff", {
  sd <- survdiff(Surv(time_s, event) ~ condition, data = stops)
  print(sd)
  df <- sum(sd$exp > 0) - 1
  add_test(extra$logrank, sd$chisq, df, pchisq(sd$chisq, df, lower.tail = FALSE))
})
section("Log-rank test stratified by participant")
attempt("survdiff strata", {
  sd <- survdiff(Surv(time_s, event) ~ condition + strata(participant), data = stops)
  print(sd)
  df <- sum(rowSums(as.matrix(sd$exp)) > 0) - 1
  add_test(extra$logrank_stratified, sd$chisq, df, pchisq(sd$chisq, df, lower.tail = FALSE))
})
section("Cox model, robust variance clustered by participant")
# A condition with no stops: no finite hazard ratio (the report refuses
# too, with the same sentence).
eventless <- names(which(tapply(stops$event, stops$condition, sum) == 0))
if (length(eventless)) {
  cat("coxph refused: ", sub("{conditions}", paste0("`", eventless, "`", collapse = ", "),
                             cox_refusal, fixed = TRUE), "\n", sep = "")
} else attempt("coxph", {
  cox <- coxph(Surv(time_s, event) ~ condition, data = stops, cluster = participant)
  print(summary(cox))
  s <- summary(cox)$coefficients
  for (i in seq_len(nrow(s))) add_model(extra$cox, rownames(s)[i], s[i, "coef"], s[i, "robust se"])
  # The fit's own Wald statistic (robust, as the variance is); summary()
  # rounds it to two decimals.
  df <- length(coef(cox))
  add_test(extra$cox_test, cox$wald.test, df, pchisq(cox$wald.test, df, lower.tail = FALSE))
})

# ---- Files -------------------------------------------------------------
writeLines(c(model_header, model_rows), files$model)
writeLines(c(tests_header, test_rows), files$tests)
writeLines(c(survival_header, survival_rows), files$survival)
cat("\nWrote", files$model, files$tests, files$survival, "\n")

# ---- What ran ------------------------------------------------------------
# R's version, the platform and every package's version, for the methods
# section.
section("Session info")
print(sessionInfo())
"#;

#[cfg(test)]
#[path = "rscript_tests.rs"]
mod tests;
