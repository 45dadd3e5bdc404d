//! The simulated participant's answers to the screens around the
//! conditions: consent (always given), the demographic items (drawn from
//! a generator of their own, so a protocol that asks them leaves every
//! other answer as it was), a custom question on a slider.

use crate::rng::Rng;
use crate::study::demographics::{Answer, Item};

/// What a demographic item's answers are drawn from, mixed into the
/// person's seed: the person's own generator is left untouched.
const DEMOGRAPHICS_STREAM: u64 = 0x6465_6d6f_6772_6170;

/// The generator of the demographic answers of the person seeded `seed`.
pub(super) fn demographics_rng(seed: u64) -> Rng {
    Rng::new(seed ^ DEMOGRAPHICS_STREAM)
}

/// A plausible answer to `item`, as entered (a number, or an option's
/// number from 1): an age of a student sample, a few hours of gaming,
/// any option alike.
pub(super) fn demographic(item: &Item, rng: &mut Rng) -> u8 {
    let (low, high) = item.range();
    let pick = |rng: &mut Rng, a: u8, b: u8| {
        let (a, b) = (a.max(low), b.min(high).max(a.max(low)));
        // Counted in f64: `b - a + 1` is 256 for a 0..=255 item.
        a + (rng.next_f64() * (f64::from(b - a) + 1.0))
            .floor()
            .min(f64::from(b - a)) as u8
    };
    match (&item.answer, item.id.as_str()) {
        (Answer::Number { .. }, "age") => pick(rng, 18, 45),
        (Answer::Number { .. }, "gaming_hours") => pick(rng, 0, 20),
        _ => pick(rng, low, high),
    }
}

/// A 1-7 answer placed on a 0-`top` slider.
pub(super) fn on_slider(points: u8, top: u8) -> u8 {
    let share = f64::from(points.clamp(1, 7) - 1) / 6.0;
    (share * f64::from(top)).round() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::demographics::standard;

    #[test]
    fn answers_stay_in_range_and_the_slider_spans_its_ends() {
        let mut rng = demographics_rng(7);
        for item in standard() {
            for _ in 0..200 {
                let v = demographic(&item, &mut rng);
                let (low, high) = item.range();
                assert!((low..=high).contains(&v), "{} {v}", item.id);
            }
        }
        assert_eq!(on_slider(1, 100), 0);
        assert_eq!(on_slider(7, 100), 100);
        assert_eq!(on_slider(4, 100), 50);
    }

    #[test]
    fn a_full_byte_range_is_drawn_without_overflow() {
        let item = Item {
            id: "wide".into(),
            text: "any byte".into(),
            answer: Answer::Number { low: 0, high: 255 },
        };
        let mut rng = demographics_rng(11);
        let drawn: Vec<u8> = (0..2000).map(|_| demographic(&item, &mut rng)).collect();
        assert!(drawn.iter().any(|&v| v > 200), "{drawn:?}");
        assert!(drawn.iter().any(|&v| v < 50), "{drawn:?}");
    }
}
