//! Expected values from R 4.2.2 and survival 3.5-3, printed by
//! `tests/fixtures/r/make_strata.R` (its output is `strata_expected.txt`
//! beside it).
#![allow(clippy::excessive_precision)]

use super::*;

const RATS: &str = include_str!("../../tests/fixtures/r/rats.csv");
const COLON: &str = include_str!("../../tests/fixtures/r/colon_deaths.csv");

/// Relative agreement asked of the statistic and p-value (the report
/// promises 1e-6 against R; the sums here are exact to rounding).
const TOLERANCE: f64 = 1e-12;

/// A CSV's spells by group (column `group`, levels in `levels`' order),
/// with each spell's block (column `block`); `time` and `status` by name.
fn groups(
    text: &str,
    group: usize,
    block: usize,
    levels: &[&str],
) -> (Vec<Vec<Spell>>, Vec<Vec<String>>) {
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (time, status) = (at("time"), at("status"));
    let mut spells = vec![Vec::new(); levels.len()];
    let mut owners = vec![Vec::new(); levels.len()];
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let g = levels.iter().position(|l| *l == f[group]).unwrap();
        spells[g].push(Spell {
            time_s: f[time].parse().unwrap(),
            event: f[status] == "1",
        });
        owners[g].push(f[block].to_string());
    }
    (spells, owners)
}

fn test_of(spells: &[Vec<Spell>], owners: &[Vec<String>]) -> LogRank {
    let refs: Vec<&[Spell]> = spells.iter().map(Vec::as_slice).collect();
    let blocks: Vec<&[String]> = owners.iter().map(Vec::as_slice).collect();
    log_rank_stratified(&refs, &blocks).unwrap()
}

fn close(ours: f64, r: f64, what: &str) {
    let difference = (ours - r).abs() / r.abs();
    assert!(difference < TOLERANCE, "{what}: {ours} here, {r} in R");
}

#[test]
fn rats_within_litters_agree_with_survdiff() {
    // survdiff(Surv(time, status) ~ rx + strata(litter), data = rats)
    let (spells, litters) = groups(RATS, 1, 0, &["0", "1"]);
    let t = test_of(&spells, &litters);
    close(t.chi_square, 5.02325581395348841, "chisq");
    close(t.p, 0.02500910221450384, "p");
    assert_eq!(t.df, 1);
    assert_eq!(t.observed, [21.0, 21.0]);
    close(t.expected[0], 27.0, "expected rx=0");
    close(t.expected[1], 15.0, "expected rx=1");
}

#[test]
fn one_block_is_the_pooled_test() {
    // survdiff(Surv(time, status) ~ rx, data = rats): 5.5487, against
    // 5.0233 within litters.
    let (spells, litters) = groups(RATS, 1, 0, &["0", "1"]);
    let one: Vec<Vec<String>> = litters
        .iter()
        .map(|l| vec![String::new(); l.len()])
        .collect();
    let t = test_of(&spells, &one);
    close(t.chi_square, 5.548660248710254983, "chisq");
    let refs: Vec<&[Spell]> = spells.iter().map(Vec::as_slice).collect();
    assert_eq!(t, survival::log_rank(&refs).unwrap());
}

#[test]
fn three_groups_by_sex_agree_with_survdiff() {
    // survdiff(Surv(time, status) ~ rx + strata(sex), data = colon deaths)
    let (spells, sexes) = groups(COLON, 1, 0, &["Obs", "Lev", "Lev+5FU"]);
    let t = test_of(&spells, &sexes);
    close(t.chi_square, 11.7670540371282221770, "chisq");
    close(t.p, 0.0027849453784386455, "p");
    assert_eq!(t.df, 2);
    assert_eq!(t.observed, [168.0, 161.0, 123.0]);
    for (e, r) in
        t.expected
            .iter()
            .zip([148.01534777162101, 146.43704146529882, 157.54761076308034])
    {
        close(*e, r, "expected");
    }
}

#[test]
fn mismatched_shapes_and_one_group_are_refused() {
    let spell = Spell {
        time_s: 1.0,
        event: true,
    };
    let (a, b): (&[Spell], &[Spell]) = (&[spell, spell], &[spell]);
    let two: &[&str] = &["x", "y"];
    assert_eq!(
        log_rank_stratified(&[a, b], &[two, two]),
        Err(SurvivalError::Shape)
    );
    assert_eq!(
        log_rank_stratified(&[a, &[]], &[two, &[]]),
        Err(SurvivalError::TooFewGroups(1))
    );
}

#[test]
fn an_empty_group_takes_no_part_as_in_the_pooled_test() {
    let spell = |time_s: f64, event: bool| Spell { time_s, event };
    let a = [spell(1.0, true), spell(2.0, false), spell(3.0, true)];
    let b = [spell(1.5, true), spell(2.5, true), spell(4.0, false)];
    let owners: &[&str] = &["p", "q", "p"];
    let with_empty = log_rank_stratified(&[&a, &[], &b], &[owners, &[], owners]).unwrap();
    let without = log_rank_stratified(&[&a, &b], &[owners, owners]).unwrap();
    assert_eq!(
        (with_empty.chi_square, with_empty.df),
        (without.chi_square, without.df)
    );
}
