//! The log-rank test stratified by a blocking factor, as R's
//! `survdiff(Surv(time, event) ~ group + strata(block))` computes it: each
//! block (in a study, one participant, who plays every condition) gets its
//! own risk sets, and the observed and expected events of each group and
//! the covariance of their differences are summed over the blocks before
//! the one chi-square is formed. A difference between participants, which
//! the pooled test counts as noise, then cancels out: the test compares
//! conditions within people, as a within-subject design asks.

use crate::stats::survival::{self, LogRank, Spell, SurvivalError};
use nalgebra::DMatrix;
use std::collections::BTreeMap;

/// The log-rank test across `groups`, stratified by `blocks`: `blocks`
/// gives each spell's block in the same shape as `groups`. Empty groups
/// take no part, as R never sees them; the degrees of freedom are the
/// groups with expected events less one, as `survdiff` prints them.
pub fn log_rank_stratified<S: Ord>(
    groups: &[&[Spell]],
    blocks: &[&[S]],
) -> Result<LogRank, SurvivalError> {
    let shapes_match =
        groups.len() == blocks.len() && groups.iter().zip(blocks).all(|(g, b)| g.len() == b.len());
    if !shapes_match {
        return Err(SurvivalError::Shape);
    }
    let present = groups.iter().filter(|g| !g.is_empty()).count();
    if present < 2 {
        return Err(SurvivalError::TooFewGroups(present));
    }
    let k = groups.len();
    // Each block's spells, group by group.
    let mut by_block: BTreeMap<&S, Vec<Vec<Spell>>> = BTreeMap::new();
    for (g, (spells, owners)) in groups.iter().zip(blocks).enumerate() {
        if !spells.is_empty() {
            survival::check(spells)?;
        }
        for (spell, block) in spells.iter().zip(owners.iter()) {
            by_block.entry(block).or_insert_with(|| vec![Vec::new(); k])[g].push(*spell);
        }
    }
    let (mut observed, mut expected) = (vec![0.0; k], vec![0.0; k]);
    let mut variance = DMatrix::zeros(k, k);
    for block in by_block.values() {
        let refs: Vec<&[Spell]> = block.iter().map(Vec::as_slice).collect();
        let (o, e, v) = survival::observed_expected(&refs);
        for g in 0..k {
            observed[g] += o[g];
            expected[g] += e[g];
        }
        variance += v;
    }
    survival::from_sums(observed, expected, &variance)
}

#[cfg(test)]
#[path = "strata_tests.rs"]
mod tests;
