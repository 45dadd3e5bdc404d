# analysis.R: the study's models fitted again by R, to check the report's
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

conditions <- c("polar-velocity", "polar-heading", "classic", "quake")
mssq_collected <- TRUE
model_header <- "model,term,estimate,se,ci_low,ci_high"
tests_header <- "test,statistic,df,p"
survival_header <- "condition,time_s,at_risk,events,survival,ci_low,ci_high"
group_variance <- "var_participant"
residual_variance <- "var_residual"
models <- list(
  M1 = list(formula = rating ~ condition + position + t_min + (1 | participant), needs_mssq = FALSE, needs_prediction = FALSE),
  M2 = list(formula = rating ~ condition + position + t_min + previous_condition + (1 | participant), needs_mssq = FALSE, needs_prediction = FALSE),
  M3 = list(formula = rating ~ condition + position + t_min + mssq + (1 | participant), needs_mssq = TRUE, needs_prediction = FALSE),
  M4 = list(formula = rating ~ condition + position + t_min + predicted_msi + (1 | participant), needs_mssq = FALSE, needs_prediction = TRUE)
)
tests <- list(
  lrt_condition = list(reduced = rating ~ position + t_min + (1 | participant), full = rating ~ condition + position + t_min + (1 | participant), needs_mssq = FALSE, needs_prediction = FALSE),
  lrt_carryover = list(reduced = rating ~ condition + position + t_min + (1 | participant), full = rating ~ condition + position + t_min + previous_condition + (1 | participant), needs_mssq = FALSE, needs_prediction = FALSE),
  lrt_mssq = list(reduced = rating ~ condition + position + t_min + (1 | participant), full = rating ~ condition + position + t_min + mssq + (1 | participant), needs_mssq = TRUE, needs_prediction = FALSE),
  lrt_prediction = list(reduced = rating ~ condition + position + t_min + (1 | participant), full = rating ~ condition + position + t_min + predicted_msi + (1 | participant), needs_mssq = FALSE, needs_prediction = TRUE)
)
extra <- list(logrank = "logrank", ordinal = "M1_ordinal", ordinal_test = "lrt_condition_ordinal", cox = "cox", cox_test = "cox_wald_robust")
files <- list(model = "r-model.csv", tests = "r-tests.csv", survival = "r-survival.csv")

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
    for (i in seq_len(nrow(cf))) add_model(extra$ordinal, rownames(cf)[i], cf[i, 1], cf[i, 2])
    add_model(extra$ordinal, group_variance, as.numeric(ordinal::VarCorr(full)$participant))
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
section("Cox model, robust variance clustered by participant")
attempt("coxph", {
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
