//! Things sorted into the bands of rows they meet, once a frame, so that a
//! band looks at its own things only, not at every one: the exhaust
//! particles ([`super::sprites::Sparks`]).

/// Items sorted by band, each band's in the order they were given: band
/// `b`'s are `items[start[b]..start[b + 1]]`. A counting sort: one pass to
/// count each band's items, one to place them.
#[derive(Debug, Default)]
pub(super) struct ByBand<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy + Default> ByBand<T> {
    /// Sorts the `(band, item)` pairs `entries` gives (it is called twice,
    /// and must give the same pairs both times) into `bands` bands; a
    /// band past the last is a bug. Keeps room for `room` items at least,
    /// so that a frame with more than the last allocates nothing.
    pub(super) fn sort<I>(&mut self, bands: usize, room: usize, entries: impl Fn() -> I)
    where
        I: Iterator<Item = (usize, T)>,
    {
        // Counts at b + 2, so that after the running sum start[b + 1] is
        // where band b's items go, and start[b] where they begin once
        // placed.
        self.start.clear();
        self.start.resize(bands + 2, 0);
        // (`for_each`, not `for`: a flat map's own loop is the quicker.)
        let start = &mut self.start;
        entries().for_each(|(band, _)| start[band + 2] += 1);
        for b in 2..self.start.len() {
            self.start[b] += self.start[b - 1];
        }
        self.items.clear();
        self.items.reserve(room);
        self.items
            .resize(self.start[bands + 1] as usize, T::default());
        let (start, items) = (&mut self.start, &mut self.items);
        entries().for_each(|(band, item)| {
            let at = &mut start[band + 1];
            items[*at as usize] = item;
            *at += 1;
        });
        self.start.pop();
    }

    /// Band `b`'s items, in the order they were given; none past the last
    /// band.
    pub(super) fn of(&self, b: usize) -> &[T] {
        match (self.start.get(b), self.start.get(b + 1)) {
            (Some(&from), Some(&to)) => &self.items[from as usize..to as usize],
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn each_band_holds_its_own_items_in_the_order_given() {
        let mut rng = Rng::new(5);
        let mut next = |n: u64| rng.next_u64() % n;
        let mut sorted = ByBand::default();
        for bands in [0usize, 1, 2, 7, 23] {
            // Some items in no band, some in one, some in several.
            let spans: Vec<(usize, usize)> = (0..300)
                .map(|_| {
                    let from = next(bands as u64 + 1) as usize;
                    (from, (from + next(3) as usize).min(bands))
                })
                .collect();
            let entries = || {
                spans
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &(from, to))| (from..to).map(move |b| (b, i as u32)))
            };
            sorted.sort(bands, 16, entries);
            for b in 0..bands + 2 {
                let want: Vec<u32> = (0..spans.len() as u32)
                    .filter(|&i| (spans[i as usize].0..spans[i as usize].1).contains(&b))
                    .collect();
                assert_eq!(sorted.of(b), want, "band {b} of {bands}");
            }
        }
    }
}
