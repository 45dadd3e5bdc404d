//! The Simulator Sickness Questionnaire (SSQ) of Kennedy, Lane, Berbaum and
//! Lilienthal (1993).
//!
//! Sixteen symptoms, each rated 0 (none) to 3 (severe). Each symptom counts
//! towards one or two of three subscales: nausea (N), oculomotor (O) and
//! disorientation (D). A subscale's raw score is the sum of its items'
//! ratings; the published scores multiply each raw sum by a fixed weight, and
//! the total multiplies the sum of the three raw sums by its own weight.
//! Studies usually give it once before exposure (baseline) and once after.

/// One questionnaire item: the symptom's words and the subscales it counts
/// towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// The symptom as it is put to the participant.
    pub name: &'static str,
    /// Whether the item counts towards the nausea (N) subscale.
    pub nausea: bool,
    /// Whether the item counts towards the oculomotor (O) subscale.
    pub oculomotor: bool,
    /// Whether the item counts towards the disorientation (D) subscale.
    pub disorientation: bool,
}

/// Builds an item from its name and its N, O, D membership, in table order.
const fn item(name: &'static str, nausea: bool, oculomotor: bool, disorientation: bool) -> Item {
    Item {
        name,
        nausea,
        oculomotor,
        disorientation,
    }
}

/// The sixteen items in questionnaire order (item 1 first), with their
/// subscale membership as Kennedy et al. (1993) assign it.
#[rustfmt::skip]
pub const ITEMS: [Item; 16] = [
    //    symptom                      N      O      D
    item("general discomfort",        true,  true,  false),
    item("fatigue",                   false, true,  false),
    item("headache",                  false, true,  false),
    item("eyestrain",                 false, true,  false),
    item("difficulty focusing",       false, true,  true),
    item("increased salivation",      true,  false, false),
    item("sweating",                  true,  false, false),
    item("nausea",                    true,  false, true),
    item("difficulty concentrating",  true,  true,  false),
    item("fullness of head",          false, false, true),
    item("blurred vision",            false, true,  true),
    item("dizzy (eyes open)",         false, false, true),
    item("dizzy (eyes closed)",       false, false, true),
    item("vertigo",                   false, false, true),
    item("stomach awareness",         true,  false, false),
    item("burping",                   true,  false, false),
];

/// The words for each rating, indexed by the rating (0 to 3).
pub const RATINGS: [&str; 4] = ["none", "slight", "moderate", "severe"];

/// The highest rating an item can take (severe).
pub const MAX_RATING: u8 = (RATINGS.len() - 1) as u8;

/// Weight of the nausea subscale: score = raw N sum x this.
pub const NAUSEA_WEIGHT: f64 = 9.54;
/// Weight of the oculomotor subscale: score = raw O sum x this.
pub const OCULOMOTOR_WEIGHT: f64 = 7.58;
/// Weight of the disorientation subscale: score = raw D sum x this.
pub const DISORIENTATION_WEIGHT: f64 = 13.92;
/// Weight of the total score: score = (raw N + raw O + raw D) x this.
pub const TOTAL_WEIGHT: f64 = 3.74;

/// The weighted SSQ scores of one questionnaire. Unitless; 0 means no
/// symptoms, and the maxima (all items severe) are N 200.34, O 159.18,
/// D 292.32 and total 235.62.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scores {
    /// Nausea score: raw N sum x [`NAUSEA_WEIGHT`].
    pub nausea: f64,
    /// Oculomotor score: raw O sum x [`OCULOMOTOR_WEIGHT`].
    pub oculomotor: f64,
    /// Disorientation score: raw D sum x [`DISORIENTATION_WEIGHT`].
    pub disorientation: f64,
    /// Total score: (raw N + raw O + raw D) x [`TOTAL_WEIGHT`].
    pub total: f64,
}

/// The raw subscale sums `[N, O, D]` of one questionnaire: for each subscale,
/// the sum of the ratings of its items. `answers[i]` is the rating of item
/// `i + 1`, from 0 (none) to 3 (severe).
///
/// # Panics
/// If any answer is above [`MAX_RATING`]; answers are validated where they
/// are entered.
pub fn raw(answers: &[u8; 16]) -> [u32; 3] {
    let mut sums = [0; 3];
    for (item, &answer) in ITEMS.iter().zip(answers) {
        assert!(
            answer <= MAX_RATING,
            "SSQ item \"{}\" rated {answer}, above {MAX_RATING}",
            item.name
        );
        let member = [item.nausea, item.oculomotor, item.disorientation];
        for (sum, _) in sums.iter_mut().zip(member).filter(|(_, m)| *m) {
            *sum += u32::from(answer);
        }
    }
    sums
}

/// The weighted scores of one questionnaire; `answers` as for [`raw`].
///
/// # Panics
/// If any answer is above [`MAX_RATING`].
pub fn score(answers: &[u8; 16]) -> Scores {
    let [n, o, d] = raw(answers).map(f64::from);
    Scores {
        nausea: n * NAUSEA_WEIGHT,
        oculomotor: o * OCULOMOTOR_WEIGHT,
        disorientation: d * DISORIENTATION_WEIGHT,
        total: (n + o + d) * TOTAL_WEIGHT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Products of a raw sum and a two-decimal weight are not exact in f64.
    const TOLERANCE: f64 = 1e-9;

    fn assert_scores(got: Scores, want: [f64; 4]) {
        let got_all = [got.nausea, got.oculomotor, got.disorientation, got.total];
        for (g, w) in got_all.iter().zip(want) {
            assert!((g - w).abs() < TOLERANCE, "got {got:?}, want {want:?}");
        }
    }

    #[test]
    fn worked_example_matches_the_hand_computation() {
        // Ratings: 1 general discomfort 2 (N, O); 2 fatigue 1 (O);
        // 4 eyestrain 1 (O); 7 sweating 1 (N); 8 nausea 2 (N, D);
        // 12 dizzy (eyes open) 1 (D); 14 vertigo 1 (D); 15 stomach awareness
        // 1 (N); every other item 0.
        //   raw N = 2 + 1 + 2 + 1 = 6  ->  6 x 9.54  = 57.24
        //   raw O = 2 + 1 + 1     = 4  ->  4 x 7.58  = 30.32
        //   raw D = 2 + 1 + 1     = 4  ->  4 x 13.92 = 55.68
        //   total = (6 + 4 + 4) x 3.74 = 14 x 3.74  = 52.36
        let answers = [2, 1, 0, 1, 0, 0, 1, 2, 0, 0, 0, 1, 0, 1, 1, 0];
        assert_eq!(raw(&answers), [6, 4, 4]);
        assert_scores(score(&answers), [57.24, 30.32, 55.68, 52.36]);
    }

    #[test]
    fn no_symptoms_score_zero() {
        assert_eq!(raw(&[0; 16]), [0, 0, 0]);
        assert_scores(score(&[0; 16]), [0.0; 4]);
    }

    #[test]
    fn all_severe_gives_the_published_maxima() {
        assert_eq!(raw(&[MAX_RATING; 16]), [21, 21, 21]);
        assert_scores(score(&[MAX_RATING; 16]), [200.34, 159.18, 292.32, 235.62]);
    }

    #[test]
    fn each_subscale_has_seven_items() {
        let count = |member: fn(&Item) -> bool| ITEMS.iter().filter(|i| member(i)).count();
        assert_eq!(count(|i| i.nausea), 7);
        assert_eq!(count(|i| i.oculomotor), 7);
        assert_eq!(count(|i| i.disorientation), 7);
    }

    #[test]
    fn every_item_counts_somewhere() {
        for item in ITEMS {
            assert!(
                item.nausea || item.oculomotor || item.disorientation,
                "{item:?}"
            );
        }
    }

    #[test]
    fn one_item_moves_only_its_own_subscales() {
        // Item 5, difficulty focusing, is O and D but not N.
        let mut answers = [0; 16];
        answers[4] = 3;
        assert_eq!(raw(&answers), [0, 3, 3]);
        // Item 8, nausea, is N and D but not O.
        answers = [0; 16];
        answers[7] = 1;
        assert_eq!(raw(&answers), [1, 0, 1]);
    }

    #[test]
    fn ratings_name_none_to_severe() {
        assert_eq!(RATINGS[0], "none");
        assert_eq!(RATINGS[usize::from(MAX_RATING)], "severe");
    }

    #[test]
    #[should_panic(expected = "\"headache\" rated 4")]
    fn ratings_above_severe_are_refused() {
        let mut answers = [0; 16];
        answers[2] = 4;
        score(&answers);
    }
}
