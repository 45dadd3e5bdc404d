//! The preference ranking at the end: the place being filled, the
//! conditions not yet placed, and a choice among them.

use super::*;

impl Session {
    /// The ranking screen's answer to `key`.
    pub(super) fn ranking_key(&mut self, key: Key) -> Vec<Event> {
        let (rest, choice) = self.unranked();
        match key {
            Key::Up => self.choice = choice.saturating_sub(1),
            Key::Down => self.choice = (choice + 1).min(rest.len() - 1),
            Key::Digit(d) => {
                // A label's letter is not a digit: 1 picks A's place in the
                // list, 2 the next, and so on.
                if (1..=rest.len()).contains(&usize::from(d)) {
                    self.choice = usize::from(d) - 1;
                }
            }
            Key::Confirm => {
                let mut events = Vec::new();
                self.ranked.push(rest[choice]);
                events.push(Event::Rank {
                    rank: self.ranked.len(),
                    position: rest[choice],
                });
                let (rest, _) = self.unranked();
                if let [last] = rest[..] {
                    // The last one left has its place already.
                    self.ranked.push(last);
                    events.push(Event::Rank {
                        rank: self.ranked.len(),
                        position: last,
                    });
                }
                self.choice = 0;
                if self.ranked.len() == self.order.len() {
                    self.enter(Step::Done);
                }
                return events;
            }
            Key::Stop => {}
        }
        Vec::new()
    }
}
