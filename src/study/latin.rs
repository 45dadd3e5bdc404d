//! Counterbalancing condition orders by a balanced Latin square (Williams
//! design, Williams 1949).
//!
//! In a within-subject study every participant meets every condition, so the
//! order itself becomes a confound: fatigue and sickness build up, and one
//! condition can colour the next. A Williams design gives each condition each
//! position equally often and makes every condition follow every other one
//! equally often (first-order carry-over balance). For an even number of
//! conditions one square does it; for an odd number the square is followed by
//! its rows reversed, so a full cycle has twice as many participants.
//!
//! Conditions are numbered `0..conditions`; participants are numbered from 1.

/// The Williams design for `conditions` conditions: one order per row, each
/// row a permutation of `0..conditions`.
///
/// Even `conditions`: the `n x n` square whose first row is
/// `0, 1, n-1, 2, n-2, ...` and whose every next row adds 1 (mod n). Odd
/// `conditions`: that square followed by its rows reversed, `2n` rows. One
/// condition: the single row `[0]`.
///
/// # Panics
/// If `conditions` is 0.
pub fn rows(conditions: usize) -> Vec<Vec<usize>> {
    assert!(conditions >= 1, "a design needs at least one condition");
    let first = first_row(conditions);
    let square: Vec<Vec<usize>> = (0..conditions)
        .map(|shift| first.iter().map(|c| (c + shift) % conditions).collect())
        .collect();
    if conditions.is_multiple_of(2) || conditions == 1 {
        return square;
    }
    // With an odd count the steps between neighbours in the first row
    // (+1, -2, +3, ...) repeat modulo n, so the square shows some ordered
    // pairs twice and others never; read backwards, its rows supply the rest.
    let reversed = square.iter().map(|row| row.iter().rev().copied().collect());
    square.iter().cloned().chain(reversed).collect()
}

/// The first row of the square: `0, 1, n-1, 2, n-2, ...`, alternating up
/// from the bottom and down from the top.
fn first_row(conditions: usize) -> Vec<usize> {
    (0..conditions)
        .map(|position| match position {
            0 => 0,
            p if p % 2 == 1 => p.div_ceil(2),
            p => conditions - p / 2,
        })
        .collect()
}

/// How many participants complete one full balanced cycle of the design:
/// `n` for an even `n`, `2n` for an odd `n` above 1, and 1 for one condition.
/// Recruit a multiple of this for full balance.
///
/// # Panics
/// If `conditions` is 0.
pub fn cycle(conditions: usize) -> usize {
    assert!(conditions >= 1, "a design needs at least one condition");
    match conditions {
        1 => 1,
        n if n.is_multiple_of(2) => n,
        n => 2 * n,
    }
}

/// The condition order for participant number `participant`, counted from 1:
/// participant 1 gets row 0 of [`rows`], participant `k` gets row
/// `(k - 1) mod cycle(conditions)`, so participants past one cycle start the
/// design again.
///
/// # Panics
/// If `conditions` is 0, or if `participant` is 0: numbering starts at 1, and
/// a 0 is taken as an off-by-one in the caller rather than silently mapped.
pub fn order(conditions: usize, participant: usize) -> Vec<usize> {
    assert!(participant >= 1, "participants are numbered from 1");
    let mut all = rows(conditions);
    let row = (participant - 1) % all.len();
    all.swap_remove(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Condition counts the balance tests sweep.
    const SWEEP: std::ops::RangeInclusive<usize> = 2..=7;

    /// One full cycle of orders, taken through [`order`] as a study would.
    fn one_cycle(n: usize) -> Vec<Vec<usize>> {
        (1..=cycle(n)).map(|p| order(n, p)).collect()
    }

    #[test]
    fn four_conditions_give_the_textbook_square() {
        // First row 0, 1, n-1, 2 = 0 1 3 2; each next row adds 1 mod 4.
        let expected = vec![
            vec![0, 1, 3, 2],
            vec![1, 2, 0, 3],
            vec![2, 3, 1, 0],
            vec![3, 0, 2, 1],
        ];
        assert_eq!(rows(4), expected);
        assert_eq!(cycle(4), 4);
    }

    #[test]
    fn three_conditions_give_the_square_and_its_reverse() {
        // First row 0 1 2; the square, then each of its rows reversed.
        let expected = vec![
            vec![0, 1, 2],
            vec![1, 2, 0],
            vec![2, 0, 1],
            vec![2, 1, 0],
            vec![0, 2, 1],
            vec![1, 0, 2],
        ];
        assert_eq!(rows(3), expected);
        assert_eq!(cycle(3), 6);
    }

    #[test]
    fn one_condition_is_one_row() {
        assert_eq!(rows(1), vec![vec![0]]);
        assert_eq!(cycle(1), 1);
        assert_eq!(order(1, 5), vec![0]);
    }

    #[test]
    fn cycle_is_the_number_of_rows() {
        for n in 1..=9 {
            assert_eq!(rows(n).len(), cycle(n), "n = {n}");
        }
    }

    #[test]
    fn participants_past_one_cycle_start_again() {
        assert_eq!(order(4, 1), rows(4)[0]);
        assert_eq!(order(4, 4), rows(4)[3]);
        assert_eq!(order(4, 5), rows(4)[0]);
        assert_eq!(order(5, 10), rows(5)[9]);
        assert_eq!(order(5, 11), rows(5)[0]);
    }

    #[test]
    #[should_panic(expected = "numbered from 1")]
    fn participant_zero_is_refused() {
        order(4, 0);
    }

    #[test]
    #[should_panic(expected = "at least one condition")]
    fn zero_conditions_are_refused() {
        rows(0);
    }

    #[test]
    fn every_order_is_a_permutation() {
        for n in SWEEP {
            for row in one_cycle(n) {
                let mut sorted = row.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "n = {n}, row {row:?}");
            }
        }
    }

    #[test]
    fn each_condition_takes_each_position_equally_often() {
        for n in SWEEP {
            let design = one_cycle(n);
            let per_cell = design.len() / n;
            for position in 0..n {
                for condition in 0..n {
                    let count = design.iter().filter(|r| r[position] == condition).count();
                    assert_eq!(count, per_cell, "n = {n}, position {position}");
                }
            }
        }
    }

    #[test]
    fn each_condition_follows_each_other_equally_often() {
        for n in SWEEP {
            let expected = if n.is_multiple_of(2) { 1 } else { 2 };
            let mut follows = vec![vec![0; n]; n];
            for row in one_cycle(n) {
                for pair in row.windows(2) {
                    follows[pair[0]][pair[1]] += 1;
                }
            }
            for (a, after_a) in follows.iter().enumerate() {
                for (b, &count) in after_a.iter().enumerate() {
                    let want = if a == b { 0 } else { expected };
                    assert_eq!(count, want, "n = {n}, {a} then {b}");
                }
            }
        }
    }
}
