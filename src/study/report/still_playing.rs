//! How long participants keep playing each condition, from the rows of
//! `stops.csv` as `analysis.R` reads them: a Kaplan-Meier curve per
//! condition (a stop is the event; a play completed or cut off is
//! censored at its time), the log-rank test across conditions, and a Cox
//! model of stopping by condition with its variance clustered by
//! participant (each plays every condition).

use crate::stats::survival::{self, Cox, Curve, LogRank, Spell, SurvivalError};
use crate::study::rscript;

/// The survival analysis of one study.
#[derive(Clone, Debug)]
pub(super) struct StillPlaying {
    /// Per condition in the protocol's order: its curve, or why there is
    /// none (nobody played it).
    pub curves: Vec<(String, Result<Curve, SurvivalError>)>,
    /// The log-rank test across the conditions played.
    pub log_rank: Result<LogRank, SurvivalError>,
    /// The Cox model, the first condition played the reference.
    pub cox: Result<Cox, SurvivalError>,
}

/// One participant's play of one condition: a row of `stops.csv`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Stop<'a> {
    /// The participant's ID (the Cox model's cluster).
    pub participant: &'a str,
    /// The condition played.
    pub condition: &'a str,
    /// How long, and whether it ended in a stop.
    pub spell: Spell,
}

/// The curves and tests of `stops` in `conditions`.
pub(super) fn analyse(conditions: &[String], stops: &[Stop]) -> StillPlaying {
    let (groups, clusters): (Vec<Vec<Spell>>, Vec<Vec<&str>>) = conditions
        .iter()
        .map(|c| {
            let here = stops.iter().filter(|s| s.condition == c);
            here.map(|s| (s.spell, s.participant)).unzip()
        })
        .unzip();
    let refs: Vec<&[Spell]> = groups.iter().map(Vec::as_slice).collect();
    let cluster_refs: Vec<&[&str]> = clusters.iter().map(Vec::as_slice).collect();
    StillPlaying {
        curves: conditions
            .iter()
            .cloned()
            .zip(refs.iter().map(|g| survival::kaplan_meier(g)))
            .collect(),
        log_rank: survival::log_rank(&refs),
        cox: survival::cox(&refs, &cluster_refs),
    }
}

impl StillPlaying {
    /// `survival.csv`, whole.
    pub fn survival_csv(&self) -> String {
        let mut out = format!("{}\n", rscript::SURVIVAL_HEADER);
        for (condition, curve) in &self.curves {
            if let Ok(curve) = curve {
                out += &rscript::survival_rows(condition, curve);
            }
        }
        out
    }

    /// The Cox model's rows of `model.csv` (none without a fit).
    pub fn model_rows(&self, conditions: &[String]) -> String {
        match &self.cox {
            Ok(cox) => rscript::cox_rows(conditions, cox),
            Err(_) => String::new(),
        }
    }

    /// The log-rank and Cox tests' rows of `tests.csv`.
    pub fn test_rows(&self) -> String {
        let mut out = String::new();
        if let Ok(t) = &self.log_rank {
            out += &rscript::test_row(rscript::LOG_RANK, t.chi_square, t.df, t.p);
        }
        if let Ok(c) = &self.cox {
            out += &rscript::test_row(rscript::COX_WALD, c.wald, c.df, c.p);
        }
        out
    }
}
