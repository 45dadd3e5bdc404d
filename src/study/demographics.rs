//! Who took part: the standard demographic items a lab reports about its
//! sample (age, gender, gaming, 3D or VR experience, vision, migraine),
//! and a protocol's own items. Asked once, before the questionnaires, when
//! the protocol sets `demographics = true`; written to `demographics.csv`
//! as participant, item, answer.
//!
//! Gaming and 3D experience and migraine are reported because they
//! predict cybersickness (gamers adapt; migraineurs are more susceptible),
//! and corrected vision because a blurred view changes the visual input
//! the conditions differ in. No item has an answer chosen beforehand: a
//! number must be typed, an option picked by its number.

/// The most options an item may offer: each is picked by one number key.
pub const MAX_OPTIONS: usize = 9;
/// The highest number a number item may ask for (answers are typed as
/// digits and kept in a byte).
pub const MAX_NUMBER: u8 = 255;

/// What an item takes as its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A whole number from `low` to `high` (such as an age in years).
    Number {
        /// The lowest answer taken.
        low: u8,
        /// The highest answer taken.
        high: u8,
    },
    /// One of these options, picked by its number from 1.
    Choice(Vec<String>),
}

/// A character an option's words may not hold: `demographics.csv` is
/// plain comma-separated text.
pub const NOT_IN_OPTIONS: [char; 2] = [',', '"'];

/// One demographic item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Its name in `demographics.csv`: letters, digits, `-` and `_`.
    pub id: String,
    /// The question as shown.
    pub text: String,
    /// What it takes.
    pub answer: Answer,
}

impl Item {
    /// The lowest and highest value entered for this item: a number's
    /// range, or an option's number (1 to the options' count).
    pub fn range(&self) -> (u8, u8) {
        match &self.answer {
            Answer::Number { low, high } => (*low, *high),
            Answer::Choice(options) => (1, options.len() as u8),
        }
    }

    /// The answer as written in `demographics.csv` for the value entered
    /// `value` (in [`Item::range`]): the number, or the option's words.
    pub fn written(&self, value: u8) -> String {
        match &self.answer {
            Answer::Number { .. } => value.to_string(),
            Answer::Choice(options) => options
                .get(usize::from(value).wrapping_sub(1))
                .cloned()
                .unwrap_or_default(),
        }
    }
}

/// The standard items, in the order asked: (id, question, answer).
#[rustfmt::skip]
const STANDARD: [(&str, &str, Shape); 6] = [
    ("age", "Your age, in years", Shape::Number(1, 120)),
    ("gender", "Your gender", Shape::Choice(&["woman", "man", "non-binary", "another gender", "prefer not to say"])),
    ("gaming_hours", "Hours a week you play video games, on average", Shape::Number(0, 168)),
    ("experience_3d", "How often have you played first-person 3D games or used VR?", Shape::Choice(&["never", "a few times", "now and then (monthly)", "often (weekly or more)"])),
    ("corrected_vision", "Your vision: is it normal, or corrected (glasses or lenses)?", Shape::Choice(&["normal (not corrected)", "corrected (wearing them now)", "corrected (not wearing them now)"])),
    ("migraine", "Do you get migraines?", Shape::Choice(&["no", "yes", "not sure"])),
];

/// An answer's shape in the table of standard items.
enum Shape {
    Number(u8, u8),
    Choice(&'static [&'static str]),
}

/// The standard items, in the order asked.
pub fn standard() -> Vec<Item> {
    STANDARD
        .iter()
        .map(|(id, text, shape)| Item {
            id: id.to_string(),
            text: text.to_string(),
            answer: match shape {
                Shape::Number(low, high) => Answer::Number {
                    low: *low,
                    high: *high,
                },
                Shape::Choice(options) => {
                    Answer::Choice(options.iter().map(|o| o.to_string()).collect())
                }
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_set_asks_what_a_lab_reports() {
        let items = standard();
        let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "age",
                "gender",
                "gaming_hours",
                "experience_3d",
                "corrected_vision",
                "migraine"
            ]
        );
        for item in &items {
            if let Answer::Choice(o) = &item.answer {
                assert!(o.len() <= MAX_OPTIONS, "{}", item.id);
                assert!(o.iter().all(|o| !o.contains(NOT_IN_OPTIONS)), "{}", item.id);
            }
        }
        assert_eq!(items[0].range(), (1, 120));
        assert_eq!(items[0].written(34), "34");
        assert_eq!(items[1].range(), (1, 5));
        assert_eq!(items[1].written(3), "non-binary");
        assert_eq!(items[1].written(0), "");
    }
}
