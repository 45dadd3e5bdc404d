//! The Motion Sickness Susceptibility Questionnaire, short form (MSSQ-short;
//! Golding 2006): how often nine kinds of transport and rides made the
//! participant sick, asked for childhood (before the age of 12, section A)
//! and for the last ten years (section B).
//!
//! Each kind is answered 0 (never felt sick), 1 (rarely), 2 (sometimes), 3
//! (frequently), or "never travelled that way". A section's score is the
//! sum of its answers scaled by 9 / (9 - kinds never travelled), so that a
//! person who never sailed is not scored as never seasick; the raw score is
//! the sum of both sections, 0 to 54. It is asked once per participant,
//! before the baseline SSQ, as the susceptibility covariate of the analysis.

/// The kinds of transport and rides, in the questionnaire's order.
pub const KINDS: [&str; 9] = [
    "cars",
    "buses or coaches",
    "trains",
    "aircraft",
    "small boats",
    "ships, such as ferries",
    "swings in playgrounds",
    "roundabouts in playgrounds",
    "big dippers, funfair rides",
];

/// The answers, by the value entered: 0 to 3 rate how often, and
/// [`NOT_TRAVELLED`] says the person never travelled that way.
pub const ANSWERS: [&str; 5] = [
    "never felt sick",
    "rarely felt sick",
    "sometimes felt sick",
    "frequently felt sick",
    "never travelled that way",
];

/// The highest rating: frequently felt sick.
pub const MAX_RATING: u8 = 3;

/// The value entered for "never travelled that way".
pub const NOT_TRAVELLED: u8 = 4;

/// The items asked in all: each kind in each section.
pub const ITEMS: usize = 2 * KINDS.len();

/// The highest raw score: every kind frequently, in both sections.
pub const MAX_RAW: f64 = 2.0 * 9.0 * MAX_RATING as f64;

/// The two sections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// As a child, before the age of 12 (Golding's section A).
    Child,
    /// Over the last ten years (section B).
    Adult,
}

impl Section {
    /// The section's name in the data files.
    pub fn name(self) -> &'static str {
        match self {
            Section::Child => "child",
            Section::Adult => "adult",
        }
    }

    /// The section named `name` (as [`Section::name`] writes it).
    pub fn from_name(name: &str) -> Option<Self> {
        [Section::Child, Section::Adult]
            .into_iter()
            .find(|s| s.name() == name)
    }

    /// The period the section asks about, as the participant reads it.
    pub fn period(self) -> &'static str {
        match self {
            Section::Child => "as a child (before the age of 12)",
            Section::Adult => "over the last 10 years",
        }
    }

    /// Item `index` (0 to [`ITEMS`] - 1, child first) as a section and a
    /// kind (from 0).
    pub fn of_item(index: usize) -> (Section, usize) {
        if index < KINDS.len() {
            (Section::Child, index)
        } else {
            (Section::Adult, index - KINDS.len())
        }
    }
}

/// One section's answers: a rating 0 to 3 for each kind, or None for a
/// kind never travelled.
pub type Answers = [Option<u8>; 9];

/// The MSSQ-short's scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scores {
    /// Section A (childhood), 0 to 27; None if every kind was never
    /// travelled.
    pub child: Option<f64>,
    /// Section B (the last ten years), 0 to 27; None likewise.
    pub adult: Option<f64>,
    /// Child plus adult, 0 to 54; None unless both sections score.
    pub raw: Option<f64>,
    /// Kinds never travelled in section A.
    pub child_not_travelled: usize,
    /// Kinds never travelled in section B.
    pub adult_not_travelled: usize,
}

/// One section's score: the sum of its ratings x 9 / (9 - kinds never
/// travelled); None when every kind was never travelled.
pub fn section_score(answers: &Answers) -> Option<f64> {
    let rated: Vec<u8> = answers.iter().flatten().copied().collect();
    if rated.is_empty() {
        return None;
    }
    debug_assert!(rated.iter().all(|&r| r <= MAX_RATING), "{answers:?}");
    let sum: u32 = rated.iter().map(|&r| u32::from(r)).sum();
    Some(f64::from(sum) * KINDS.len() as f64 / rated.len() as f64)
}

/// The scores of both sections' answers.
pub fn score(child: &Answers, adult: &Answers) -> Scores {
    let (c, a) = (section_score(child), section_score(adult));
    let never = |s: &Answers| s.iter().filter(|a| a.is_none()).count();
    Scores {
        child: c,
        adult: a,
        raw: c.zip(a).map(|(c, a)| c + a),
        child_not_travelled: never(child),
        adult_not_travelled: never(adult),
    }
}

/// A value entered (0 to 3, or [`NOT_TRAVELLED`]) as an answer; None for
/// anything else.
pub fn answer_of(value: u8) -> Option<Option<u8>> {
    match value {
        v if v <= MAX_RATING => Some(Some(v)),
        NOT_TRAVELLED => Some(None),
        _ => None,
    }
}

/// An answer as the data files write it: the rating, or `na` for a kind
/// never travelled.
pub fn answer_text(answer: Option<u8>) -> String {
    answer.map_or_else(|| "na".to_string(), |r| r.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_worked_example_scores_as_golding_defines() {
        // Child: 1 + 2 + 0 + 3 + 1 + 2 + 1 = 10 over 7 kinds travelled, so
        // 10 x 9 / 7; adult: one "rarely" over all nine kinds, so 1.
        let child = [
            Some(1),
            Some(2),
            Some(0),
            None,
            Some(3),
            None,
            Some(1),
            Some(2),
            Some(1),
        ];
        let adult = [
            Some(1),
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            Some(0),
        ];
        let s = score(&child, &adult);
        assert!((s.child.unwrap() - 90.0 / 7.0).abs() < 1e-12);
        assert_eq!(s.adult, Some(1.0));
        assert!((s.raw.unwrap() - (90.0 / 7.0 + 1.0)).abs() < 1e-12);
        assert_eq!((s.child_not_travelled, s.adult_not_travelled), (2, 0));
    }

    #[test]
    fn scores_span_the_published_range() {
        let none = score(&[Some(0); 9], &[Some(0); 9]);
        assert_eq!(none.raw, Some(0.0));
        let most = score(&[Some(3); 9], &[Some(3); 9]);
        assert_eq!(most.raw, Some(MAX_RAW));
        assert_eq!(MAX_RAW, 54.0);
        // One kind travelled, frequently sick: the section scores as if
        // every kind were, 27.
        let mut one = [None; 9];
        one[0] = Some(3);
        assert_eq!(section_score(&one), Some(27.0));
        // Never travelled at all: no score, and no raw score.
        let s = score(&[None; 9], &[Some(1); 9]);
        assert_eq!((s.child, s.adult, s.raw), (None, Some(9.0), None));
    }

    #[test]
    fn values_entered_map_to_answers() {
        assert_eq!(answer_of(0), Some(Some(0)));
        assert_eq!(answer_of(3), Some(Some(3)));
        assert_eq!(answer_of(NOT_TRAVELLED), Some(None));
        assert_eq!(answer_of(5), None);
        assert_eq!(answer_text(None), "na");
        assert_eq!(answer_text(Some(2)), "2");
        assert_eq!(Section::of_item(9), (Section::Adult, 0));
        assert_eq!(Section::from_name("child"), Some(Section::Child));
        assert_eq!(ANSWERS.len(), usize::from(NOT_TRAVELLED) + 1);
    }
}
