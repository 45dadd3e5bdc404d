//! `report.md`: what a researcher reads. Each section says what its
//! numbers are before giving them. The in-play ratings are named by their
//! scale (FMS or MISC) wherever they appear.

use super::analysis::{self, Measure, Paired, Spread, ALPHA};
use super::participant::scale_name;
use super::summary::Observation;
use super::text::{num, p_text, signed};
use super::Study;
use crate::study::scales::{InPlayScale, MISC_LEVELS};
use std::fmt::Write as _;

/// The report's Markdown.
pub(super) fn report(s: &Study) -> String {
    let mut md = String::new();
    if let Some(line) = simulated_line(s) {
        md += &line;
        md += "\n\n";
    }
    head(&mut md, s);
    notes(&mut md, s);
    super::answers::section(&mut md, s);
    super::fits::models(&mut md, s);
    super::fits::survival(&mut md, s);
    conditions(&mut md, s);
    super::stops::section(&mut md, s);
    comparisons(&mut md, s);
    order(&mut md, s);
    correlations(&mut md, s);
    super::predicted::section(&mut md, s);
    questions(&mut md, s);
    ranking(&mut md, s);
    super::shown::section(&mut md, s, &s.shown);
    super::events_log::section(&mut md, &s.withdrawals);
    files(&mut md, s);
    md
}

/// The warning that opens a report of simulated participants, if any.
pub(super) fn simulated_line(s: &Study) -> Option<String> {
    let simulated: Vec<String> = s
        .participants
        .iter()
        .filter_map(|p| {
            p.session
                .simulated
                .map(|seed| format!("{} (seed {seed})", p.id()))
        })
        .collect();
    let (k, n) = (simulated.len(), s.participants.len());
    match k {
        0 => None,
        _ if k == n => Some(format!(
            "SIMULATED DATA: every participant here was simulated (`study run --simulate`), \
             not a person: {}. These numbers check the analysis; they say nothing about how \
             anyone feels.",
            simulated.join(", ")
        )),
        _ => Some(format!(
            "SIMULATED DATA: {k} of the {n} participants here were simulated (`study run \
             --simulate`), not people: {}. Simulated and real answers are mixed in every \
             number below.",
            simulated.join(", ")
        )),
    }
}

/// `median [Q1, Q3], n = N`, or `-` for no values.
fn spread_text(s: Option<Spread>) -> String {
    s.map_or("-".into(), |s| {
        format!(
            "{} [{}, {}], n = {}",
            num(s.median),
            num(s.q1),
            num(s.q3),
            s.n
        )
    })
}

/// The highest in-play rating's name: `fms_max`, `misc_max`.
pub(super) fn rating_max(s: &Study) -> String {
    format!("{}_max", s.scale.name())
}

fn head(md: &mut String, s: &Study) {
    let n = s.participants.len();
    let ids: Vec<&str> = s.participants.iter().map(|p| p.id()).collect();
    let _ = writeln!(md, "# Feel study `{}`\n", s.name);
    let _ = writeln!(
        md,
        "{n} participant{} ({}), {} conditions, {} played (participant and condition) in \
         all; reported by wobblecaster {}.\n",
        if n == 1 { "" } else { "s" },
        ids.join(", "),
        s.conditions.len(),
        s.observations.len(),
        env!("CARGO_PKG_VERSION"),
    );
    // The only line that depends on where the results lie: a report over
    // several folders and over one holding them all differ only here. The
    // folders by name only: no report file holds a path of this computer.
    let folders: Vec<String> = folder_names(&s.results_dirs)
        .iter()
        .map(|name| format!("`{name}`"))
        .collect();
    let _ = writeln!(md, "Results read from {}.\n", folders.join(", "));
    if let Some(line) = susceptibility(s) {
        let _ = writeln!(md, "{line}\n");
    }
    let (scale, anchors) = (scale_name(s.scale), anchors(s.scale));
    let _ = writeln!(
        md,
        "What the numbers are:\n\n\
         - **{scale}**: {anchors}. **{}** is a participant's highest rating in a condition; \
         prompts left unanswered are left out.\n\
         - **SSQ**: the Simulator Sickness Questionnaire's total score (Kennedy et al. 1993, \
         0 to 235.62). **ssq_delta** is the total after a condition minus the total before \
         the first one.\n\
         - **median [Q1, Q3]**: the median and the first and third quartiles (R's type 7); \
         from Q1 to Q3 is the interquartile range, where the middle half of the values lie.\n\
         - The **feel metrics** are those of `wobblecaster feel RUN --csv`, computed from each \
         condition's recording replayed headless, at the condition's field of view and \
         1 tile = {} m; `summary.csv` has every value.\n",
        rating_max(s),
        crate::feel::DEFAULT_METRES_PER_TILE
    );
}

/// The last part of `dir`'s name (`.` for none).
/// The folders' names, each by its last part, or by as many of its last
/// parts as tell it from the others (`site-a/pace`, `site-b/pace`): never
/// a whole path.
fn folder_names(dirs: &[&std::path::Path]) -> Vec<String> {
    let parts: Vec<Vec<String>> = dirs
        .iter()
        .map(|d| {
            let d = std::fs::canonicalize(d).unwrap_or_else(|_| d.to_path_buf());
            let names = d.components().filter_map(|c| match c {
                std::path::Component::Normal(n) => Some(n.to_string_lossy().into_owned()),
                _ => None,
            });
            names.collect()
        })
        .collect();
    let tail = |p: &Vec<String>, k: usize| p[p.len().saturating_sub(k)..].join("/");
    let longest = parts.iter().map(Vec::len).max().unwrap_or(0);
    let mut k = 1;
    while k < longest {
        let names: Vec<String> = parts.iter().map(|p| tail(p, k)).collect();
        let distinct = names
            .iter()
            .enumerate()
            .all(|(i, n)| !names[..i].contains(n));
        if distinct {
            break;
        }
        k += 1;
    }
    dirs.iter()
        .zip(&parts)
        .map(|(d, p)| match p.is_empty() {
            true => folder_name(d),
            false => tail(p, k),
        })
        .collect()
}

fn folder_name(dir: &std::path::Path) -> String {
    let name = |d: &std::path::Path| d.file_name().map(|n| n.to_string_lossy().into_owned());
    name(dir)
        .or_else(|| std::fs::canonicalize(dir).ok().and_then(|d| name(&d)))
        .unwrap_or_else(|| ".".into())
}

/// What the in-play `scale` is and what its ends (and, for the MISC, its
/// nausea) mean.
fn anchors(scale: InPlayScale) -> String {
    match scale {
        InPlayScale::Fms => "the Fast Motion Sickness scale, asked during play (0 = no \
                             sickness at all, 20 = frank sickness)"
            .into(),
        InPlayScale::Misc => format!(
            "the Misery Scale, asked during play (0 = {}, 6 = {}, {} = {})",
            MISC_LEVELS[0],
            MISC_LEVELS[6],
            scale.max(),
            MISC_LEVELS[usize::from(scale.max())]
        ),
    }
}

/// The sample's MSSQ-short raw scores in a sentence, if the protocol
/// asked it.
fn susceptibility(s: &Study) -> Option<String> {
    if !s.participants[0].session.protocol.mssq {
        return None;
    }
    let raw: Vec<f64> = s.participants.iter().filter_map(|p| p.mssq_raw).collect();
    let n = s.participants.len();
    let (Some(median), Some(low), Some(high)) = (
        crate::stats::median(&raw),
        raw.iter().copied().reduce(f64::min),
        raw.iter().copied().reduce(f64::max),
    ) else {
        return Some(format!(
            "Motion sickness susceptibility (MSSQ-short): asked, but none of the {n} \
             participants has a raw score."
        ));
    };
    Some(format!(
        "Motion sickness susceptibility (MSSQ-short raw score, Golding 2006; 0 to 54): \
         median {}, range {} to {}, n = {} of {n}.",
        num(median),
        num(low),
        num(high),
        raw.len()
    ))
}

fn notes(md: &mut String, s: &Study) {
    if s.notes.is_empty() {
        return;
    }
    md.push_str("## Notes on the data\n\n");
    for n in &s.notes {
        let _ = writeln!(md, "- {n}");
    }
    md.push('\n');
}

/// The measures compared between conditions, by name.
fn measures(s: &Study) -> [(String, Measure); 2] {
    [
        (rating_max(s), |o| o.rating_max),
        ("ssq_delta".into(), |o| o.ssq_delta),
    ]
}

fn conditions(md: &mut String, s: &Study) {
    md.push_str("## Conditions\n\n");
    let _ = writeln!(
        md,
        "| condition | played | {} median [Q1, Q3] | ssq_delta median [Q1, Q3] | stopped | \
         prompts unanswered |\n|---|---|---|---|---|---|",
        rating_max(s)
    );
    for c in &s.conditions {
        let here = |o: &Observation| o.condition == *c;
        let played = s.observations.iter().filter(|o| here(o)).count();
        let cells: Vec<String> = measures(s)
            .iter()
            .map(|(_, m)| {
                spread_text(analysis::spread(&analysis::values(
                    s.observations,
                    *m,
                    here,
                )))
            })
            .collect();
        let stopped = s
            .observations
            .iter()
            .filter(|o| here(o) && o.end_reason.is_stop())
            .count();
        let (unanswered, prompts) = prompts_of(s, c);
        let _ = writeln!(
            md,
            "| {c} | {played} | {} | {} | {stopped} | {unanswered} of {prompts} |",
            cells[0], cells[1]
        );
    }
    md.push('\n');
}

/// In-play prompts left unanswered in condition `c`, and prompts shown.
fn prompts_of(s: &Study, c: &str) -> (usize, usize) {
    let ratings = s
        .participants
        .iter()
        .flat_map(|p| &p.played)
        .filter(|played| played.condition == c)
        .flat_map(|played| &played.ratings);
    ratings.fold((0, 0), |(u, n), r| {
        (u + usize::from(r.value.is_none()), n + 1)
    })
}

fn comparisons(md: &mut String, s: &Study) {
    md.push_str("## Paired comparisons between conditions (a distribution-free check)\n\n");
    if s.conditions.len() < 2 {
        md.push_str("One condition: nothing to compare.\n\n");
        return;
    }
    md.push_str(
        "A check of the mixed model's answer that assumes nothing of the ratings' \
         distribution, on one number per participant and condition (so blind to the time \
         course, the order and stops). Each pair of conditions, paired within participants \
         (who played both): the \
         Wilcoxon signed-rank test of the differences *first - second*, pairs with no \
         difference dropped (Wilcoxon's method). **p** is two-sided and exact (mid-ranks \
         for ties) up to 49 differing pairs, the normal approximation above; **Holm p** \
         adjusts it for the number of comparisons in the table. **V** is the sum of the \
         ranks of the positive differences. **r** is the matched-pairs rank-biserial \
         correlation, (T+ - T-) / (T+ + T-), from -1 (first lower in every pair) to +1 \
         (first higher in every pair).\n\n",
    );
    for (name, measure) in measures(s) {
        let _ = writeln!(md, "### {name}\n");
        let all = analysis::conditions_paired(s.observations, &s.conditions, measure);
        paired_table(md, &all);
    }
}

/// A table of paired tests, then plain words on those too small to say
/// anything.
fn paired_table(md: &mut String, all: &[Paired]) {
    md.push_str(
        "| first | second | pairs | median difference | V | p | Holm p | r |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    let mut small = Vec::new();
    for c in all {
        let median = c.median_difference.map_or("-".into(), num);
        let Some(t) = c.test else {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {median} | - | - | - | - |",
                c.first, c.second, c.pairs
            );
            let why = match c.pairs {
                0 => "no participant has both",
                _ => "every pair is equal",
            };
            small.push(format!("{} against {}: no test, {why}.", c.first, c.second));
            continue;
        };
        let holm = c.holm_p.map_or("-".into(), p_text);
        let _ = writeln!(
            md,
            "| {} | {} | {} | {median} | {} | {} | {holm} | {} |",
            c.first,
            c.second,
            c.pairs,
            num(t.v),
            p_text(t.p),
            signed(t.effect)
        );
        let floor = analysis::smallest_p(t.n);
        if floor > ALPHA {
            small.push(format!(
                "{} against {}: {} differing pair{}, so p cannot be below {}: too few to show \
                 a difference at p < {ALPHA}.",
                c.first,
                c.second,
                t.n,
                if t.n == 1 { "" } else { "s" },
                p_text(floor)
            ));
        }
    }
    md.push('\n');
    for line in &small {
        let _ = writeln!(md, "- {line}");
    }
    if !small.is_empty() {
        md.push('\n');
    }
}

fn order(md: &mut String, s: &Study) {
    md.push_str("## Order effect\n\n");
    let k = s.positions;
    let _ = writeln!(
        md,
        "{m} by the position a condition was played at, whatever the condition. The Latin \
         square gives each condition each position equally often over a full cycle of \
         participants, so a trend here is the order itself (sickness building up, fatigue, or \
         getting used to it), not a condition.\n\n\
         | position | {m} median [Q1, Q3] |\n|---|---|",
        m = rating_max(s)
    );
    for position in 1..=k {
        let here = analysis::values(s.observations, |o| o.rating_max, |o| o.position == position);
        let _ = writeln!(
            md,
            "| {position} | {} |",
            spread_text(analysis::spread(&here))
        );
    }
    md.push('\n');
    let _ = writeln!(md, "{}\n", balance(s));
    if k < 2 {
        return;
    }
    let last = analysis::last_against_first(s.observations, k, |o| o.rating_max);
    let _ = write!(
        md,
        "Last position against the first (Wilcoxon signed-rank of position {k} - position 1, \
         paired within participants): {} pairs",
        last.pairs
    );
    match last.test {
        None => md.push_str(", no test (no pair differs).\n\n"),
        Some(t) => {
            let _ = writeln!(
                md,
                ", median difference {}, V = {}, p = {}, r = {}{}.\n",
                last.median_difference.map_or("-".into(), num),
                num(t.v),
                p_text(t.p),
                signed(t.effect),
                match analysis::smallest_p(t.n) > ALPHA {
                    true => " (too few pairs to show an effect at p < 0.05)",
                    false => "",
                }
            );
        }
    }
}

/// Whether every condition was played at every position equally often.
fn balance(s: &Study) -> String {
    let count = |c: &str, position| {
        let at = |o: &&Observation| o.condition == c && o.position == position;
        s.observations.iter().filter(at).count()
    };
    let counts: Vec<usize> = s
        .conditions
        .iter()
        .flat_map(|c| (1..=s.positions).map(move |p| count(c, p)))
        .collect();
    match counts.split_first() {
        Some((first, rest)) if rest.iter().all(|n| n == first) => format!(
            "Balanced: every condition was played {first} time{} at every position.",
            if *first == 1 { "" } else { "s" }
        ),
        _ => "Not balanced: the conditions were not played equally often at every position \
              (participants short of a full cycle of the Latin square, or sessions not \
              finished), so order and condition are partly confounded."
            .into(),
    }
}

fn correlations(md: &mut String, s: &Study) {
    md.push_str("## Which measurements track what people felt\n\n");
    let _ = writeln!(
        md,
        "The repeated-measures correlation (r_rm, -1 to 1; Bakdash & Marusich 2017) of each \
         feel metric of a condition's recording with the {m} given in it: how the two move \
         together across one participant's conditions, each participant's own level taken \
         out (the slope common to all participants of `lm({m} ~ participant + metric)`), so \
         a person who is sick in every condition does not make a metric look predictive. \
         Strongest first. The interval is Fisher's z with df - 3 (as the rmcorr package \
         gives it); p tests r_rm = 0 with df = pairs - participants - 1. With this many \
         metrics some correlate by chance: read r_rm as a pointer to what to test, not as \
         a test.\n\n\
         | rank | metric | unit | r_rm [95% CI] | p | df | pairs |\n|---|---|---|---|---|---|---|",
        m = rating_max(s)
    );
    for (i, c) in s.correlations.iter().enumerate() {
        let m = &s.metrics[c.metric];
        let (r, p, df) = match &c.within {
            Ok(w) => (
                match w.ci {
                    Some((low, high)) => {
                        format!("{} [{}, {}]", signed(w.r), signed(low), signed(high))
                    }
                    None => signed(w.r),
                },
                p_text(w.p),
                w.df.to_string(),
            ),
            Err(_) => ("-".into(), "-".into(), "-".into()),
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {r} | {p} | {df} | {} |",
            i + 1,
            m.name,
            m.unit,
            c.n
        );
    }
    md.push('\n');
    if s.correlations.iter().any(|c| c.within.is_err()) {
        let _ = writeln!(
            md,
            "An r_rm of - is undefined: too few pairs for the participants, or the metric (or \
             {}) the same within every participant.\n",
            rating_max(s)
        );
    }
}

fn questions(md: &mut String, s: &Study) {
    let Some(first) = s.participants.first() else {
        return;
    };
    let asked = &first.session.protocol.questions;
    if asked.is_empty() {
        return;
    }
    md.push_str("## Custom questions\n\n");
    md.push_str("The median answer (1 to 7) after each condition, with the number of answers.\n\n");
    let _ = writeln!(md, "| question | {} |", s.conditions.join(" | "));
    let _ = writeln!(md, "|---|{}", "---|".repeat(s.conditions.len()));
    for q in asked {
        let cells: Vec<String> = s
            .conditions
            .iter()
            .map(|c| {
                let answers: Vec<f64> = s
                    .participants
                    .iter()
                    .flat_map(|p| &p.played)
                    .filter(|played| played.condition == *c)
                    .flat_map(|played| &played.answers)
                    .filter(|(id, _)| *id == q.id)
                    .map(|&(_, a)| f64::from(a))
                    .collect();
                match crate::stats::median(&answers) {
                    Some(m) => format!("{} (n = {})", num(m), answers.len()),
                    None => "-".into(),
                }
            })
            .collect();
        let _ = writeln!(
            md,
            "| `{}`: {} (1 = {}, 7 = {}) | {} |",
            q.id,
            q.text,
            q.low,
            q.high,
            cells.join(" | ")
        );
    }
    md.push('\n');
}

fn ranking(md: &mut String, s: &Study) {
    let rankers = s
        .participants
        .iter()
        .filter(|p| !p.ranks.is_empty())
        .count();
    if rankers == 0 {
        return;
    }
    md.push_str("## Preference ranking\n\n");
    let _ = writeln!(
        md,
        "{rankers} participant{} ranked the conditions at the end (1 = liked best). Mean rank \
         (lower is preferred) and how many put each first.\n",
        if rankers == 1 { "" } else { "s" }
    );
    md.push_str("| condition | mean rank | first places | ranked by |\n|---|---|---|---|\n");
    for c in &s.conditions {
        let ranks: Vec<usize> = s
            .participants
            .iter()
            .flat_map(|p| &p.ranks)
            .filter(|(name, _)| name == c)
            .map(|&(_, r)| r)
            .collect();
        let mean = match ranks.len() {
            0 => "-".into(),
            n => num(ranks.iter().sum::<usize>() as f64 / n as f64),
        };
        let firsts = ranks.iter().filter(|&&r| r == 1).count();
        let _ = writeln!(md, "| {c} | {mean} | {firsts} | {} |", ranks.len());
    }
    md.push('\n');
}

fn files(md: &mut String, s: &Study) {
    let (scale, m) = (scale_name(s.scale), rating_max(s));
    md.push_str("## Files\n\n");
    let _ = writeln!(
        md,
        "- `summary.csv`: one row per participant and condition: the {scale}, SSQ and metric \
         figures above come from it (the feel metrics in the last columns, empty where \
         undefined).\n\
         - `ratings_long.csv`, `ssq_long.csv`, `answers_long.csv`, `stops.csv` and \
         `participants.csv`: the same data one observation per row (each prompt, each SSQ \
         subscale, each answer, each condition's end, each participant), for a mixed model \
         or a survival analysis.\n\
         - `model.csv` (every fixed effect with its SE and interval, and the variances, of \
         each model; the Cox model's log hazard ratios), `tests.csv` (the likelihood-ratio, \
         log-rank and Cox tests) and `survival.csv` (every step of the Kaplan-Meier curves).\n\
         - `analysis.R`: fits the same models in R (lme4, survival, and ordinal's cumulative \
         link mixed model, which treats the ratings as ordered categories): `Rscript \
         analysis.R` in this folder prints them and writes `r-model.csv`, `r-tests.csv` and \
         `r-survival.csv` in the formats of the three files above, to compare line by line.\n\
         - `survival.png`: the share still playing each condition over time, with its 95% \
         band and a tick at each censored time.\n\
         - `ssq.png`: ssq_delta in each condition.\n\
         - `events.csv`: every participant's study events, one row each, with its time in \
         UTC, on the session's clock and on LSL's clock when streamed.\n\
         - `display.csv` and `frame_times.csv`: each participant's program and display, and \
         each condition's frame times.\n\
         - `codebook.json`: every column of every CSV file here and in the results folders, \
         with its type, unit, levels and meaning."
    );
    if s.scale != InPlayScale::Fms {
        let _ = writeln!(
            md,
            "- No plot of the {scale} ratings: the plots' rating axis is the FMS's (0 to 20), \
             and {scale} ratings on it would mislead. `ratings_long.csv` has every rating."
        );
        return;
    }
    let _ = writeln!(
        md,
        "- `fms.png`: FMS over time in each condition, the median across participants with \
         the band from Q1 to Q3.\n\
         - `fms_model.png`: the same per condition, each in its own panel, with M1's fitted \
         line and its 95% band.\n\
         - `scatter.png`: {}",
        match s.best() {
            Some(best) => format!(
                "{m} against `{best}`, the metric that tracks it best, each centred on its \
                 participant's own mean (what r_rm correlates)."
            ),
            None => "empty: no metric's correlation is defined.".into(),
        }
    );
}
