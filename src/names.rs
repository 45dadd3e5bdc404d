//! Names typed by people: how far a typo is from a known name, for the
//! "did you mean" hints of every parser.

/// Levenshtein distance: the fewest single-character insertions, deletions
/// and substitutions that turn `a` into `b`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The candidate nearest `word`, if it is near enough to be a likely slip.
pub fn nearest<'c>(
    word: &str,
    candidates: impl Iterator<Item = &'c str> + Clone,
) -> Option<&'c str> {
    let i = nearest_index(word, candidates.clone())?;
    candidates.into_iter().nth(i)
}

/// The index of the candidate fewest edits from `word` (the first on
/// ties), if it is within a third of the word's length (at least 2).
pub fn nearest_index<'c>(word: &str, candidates: impl Iterator<Item = &'c str>) -> Option<usize> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .map(|c| edit_distance(word, c))
        .enumerate()
        .filter(|&(_, d)| d <= limit)
        .min_by_key(|&(i, d)| (d, i))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_single_edits() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("max_sped", "max_speed"), 1);
        assert_eq!(edit_distance("same", "same"), 0);
    }

    #[test]
    fn nearest_is_a_likely_slip_or_nothing() {
        let keys = ["max_speed", "turn_rate", "coast"];
        assert_eq!(nearest("max_sped", keys.into_iter()), Some("max_speed"));
        assert_eq!(nearest("turnrate", keys.into_iter()), Some("turn_rate"));
        assert_eq!(nearest("volume", keys.into_iter()), None);
    }
}
