//! The header's `episode` line: a recording of a level of an episode
//! starts its world as the episode started the level
//! ([`Change::Episode`](crate::sim::Change::Episode)), with the score and
//! lives carried in, so a death's restart in it (the `restart` action on
//! the tick Enter was pressed) costs a life and brings the player back
//! as it did in play. A recording without the line is of a lone map,
//! and replays as every recording from before episodes did.
//!
//! ```text
//! episode = 12400 2 40000
//! ```
//!
//! The three numbers are the score, the lives and the score of the next
//! extra life, as [`Carried`] holds them.

use crate::sim::tally::{Carried, MAX_LIVES};
use crate::snapshot::MAX_COUNT;

/// The header's key.
pub(super) const EPISODE_KEY: &str = "episode";

/// `carried` as the line's value: `SCORE LIVES NEXT_LIFE`.
pub(super) fn episode_text(carried: &Carried) -> String {
    format!("{} {} {}", carried.score, carried.lives, carried.next_life)
}

/// The value of an `episode` line: three whole numbers, the score and the
/// next extra life's score at most [`MAX_COUNT`] (as a save bounds them)
/// and the lives at most [`MAX_LIVES`].
pub(super) fn parse_episode(value: &str) -> Result<Carried, String> {
    let bad = || {
        format!(
            "`{value}` is not SCORE LIVES NEXT_LIFE (whole numbers, the scores at most \
             {MAX_COUNT}, the lives at most {MAX_LIVES})"
        )
    };
    let mut numbers = value.split_whitespace().map(str::parse::<u64>);
    let (Some(Ok(score)), Some(Ok(lives)), Some(Ok(next_life)), None) = (
        numbers.next(),
        numbers.next(),
        numbers.next(),
        numbers.next(),
    ) else {
        return Err(bad());
    };
    if score > MAX_COUNT || next_life > MAX_COUNT || lives > u64::from(MAX_LIVES) {
        return Err(bad());
    }
    Ok(Carried {
        score,
        lives: lives as u32,
        next_life,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_reads_back_as_written_and_refuses_the_rest() {
        let c = Carried {
            score: 12_400,
            lives: 2,
            next_life: 40_000,
        };
        assert_eq!(episode_text(&c), "12400 2 40000");
        assert_eq!(parse_episode(&episode_text(&c)), Ok(c));
        assert_eq!(parse_episode(" 0  3 40000 "), Ok(Carried::START));
        for bad in [
            "",
            "1 2",
            "1 2 3 4",
            "1 -2 3",
            "x 2 3",
            "1 10 3",
            "9007199254740993 1 1",
            "1 1 9007199254740993",
        ] {
            assert!(parse_episode(bad).is_err(), "`{bad}` read");
        }
    }
}
