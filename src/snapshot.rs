//! A state visited field by field, one way or the other: the same walk of a
//! type's fields either reads each one out (a save being written) or
//! overwrites each one (a save being read). Each type lists its fields once,
//! in its own file, beside the fields themselves (`visit_state`), so a save
//! holds no second copy of the world's layout; the bytes are the business
//! of whoever implements [`Visitor`] (`save::codec`'s writer and reader).
//!
//! Reading, a value that cannot be (a tag past its list, a count over its
//! bound, a number too wide for its field) is refused through
//! [`Visitor::refuse`]: the field keeps a harmless value and the reader
//! remembers the first refusal, which fails the whole read.

/// The most a counter of play may read ([`Visitor::counter`]): 2^53,
/// tens of thousands of years of ticks, and far from any overflow.
pub const MAX_COUNT: u64 = 1 << 53;

/// One direction of a walk over a state's fields.
pub trait Visitor {
    /// Visits 64 raw bits: reads `v` out, or overwrites it.
    fn word(&mut self, v: &mut u64);

    /// Visits the length `n` of a list that may hold at most `max`: writes
    /// `n` and returns it, or reads a length (refused over `max`) and
    /// returns it.
    fn count(&mut self, n: usize, max: usize) -> usize;

    /// Notes that a value read cannot be: `what` says which.
    fn refuse(&mut self, what: &'static str);

    /// True if this walk overwrites the fields (a save being read).
    fn reading(&self) -> bool;

    /// A float, bit for bit; read, NaN and infinity are refused (no state
    /// of play holds one), so no field read can feed one to the tick.
    fn f64(&mut self, v: &mut f64) {
        let mut w = v.to_bits();
        self.word(&mut w);
        let read = f64::from_bits(w);
        if self.reading() && !read.is_finite() {
            self.refuse("a number that is not finite");
            *v = 0.0;
        } else {
            *v = read;
        }
    }

    /// A counter that play keeps far below `max` (a tick, a score): one
    /// read above it is refused, so no count read can overflow as the
    /// world adds to it.
    fn counter(&mut self, v: &mut u64, max: u64, what: &'static str) {
        self.word(v);
        if *v > max {
            self.refuse(what);
            *v = 0;
        }
    }

    /// A number of at most 32 bits, refused wider.
    fn u32(&mut self, v: &mut u32) {
        let mut w = u64::from(*v);
        self.word(&mut w);
        *v = self.narrow(w, "a 32-bit number");
    }

    /// A number of at most 16 bits, refused wider.
    fn u16(&mut self, v: &mut u16) {
        let mut w = u64::from(*v);
        self.word(&mut w);
        *v = self.narrow(w, "a 16-bit number");
    }

    /// A byte, refused wider.
    fn u8(&mut self, v: &mut u8) {
        let mut w = u64::from(*v);
        self.word(&mut w);
        *v = self.narrow(w, "a byte");
    }

    /// A signed 32-bit number (its bits).
    fn i32(&mut self, v: &mut i32) {
        let mut w = u64::from(*v as u32);
        self.word(&mut w);
        *v = self.narrow::<u32>(w, "a 32-bit number") as i32;
    }

    /// A flag: 0 or 1, refused otherwise.
    fn bool(&mut self, v: &mut bool) {
        let mut w = u64::from(*v);
        self.word(&mut w);
        if w > 1 {
            self.refuse("a flag");
        }
        *v = w == 1;
    }

    /// An index or size below `bound`, refused otherwise.
    fn index(&mut self, v: &mut usize, bound: usize) {
        let mut w = *v as u64;
        self.word(&mut w);
        match usize::try_from(w) {
            Ok(i) if i < bound => *v = i,
            _ => {
                self.refuse("an index");
                *v = 0;
            }
        }
    }

    /// `w` as the narrower `T`, refused (and 0) if it does not fit.
    fn narrow<T: TryFrom<u64> + Default>(&mut self, w: u64, what: &'static str) -> T {
        T::try_from(w).unwrap_or_else(|_| {
            self.refuse(what);
            T::default()
        })
    }

    /// One of `all`, by its place in the list: refused (and left as it
    /// was) if the place read is past the list's end.
    fn tag<T: Copy + PartialEq>(&mut self, v: &mut T, all: &[T], what: &'static str) {
        let mut i = all.iter().position(|a| a == v).unwrap_or(all.len());
        let mut w = i as u64;
        self.word(&mut w);
        i = usize::try_from(w).unwrap_or(usize::MAX);
        match all.get(i) {
            Some(&t) => *v = t,
            None => self.refuse(what),
        }
    }

    /// A list of at most `max` items: its length, then each item by
    /// `each`. Read, the list is cut or grown (with `blank` items) to the
    /// length read first.
    fn list<T>(
        &mut self,
        items: &mut Vec<T>,
        max: usize,
        blank: impl FnMut() -> T,
        mut each: impl FnMut(&mut Self, &mut T),
    ) where
        Self: Sized,
    {
        let n = self.count(items.len(), max);
        items.resize_with(n, blank);
        for item in items.iter_mut() {
            each(self, item);
        }
    }

    /// A list whose length is fixed by what the state was built from (the
    /// enemies a map spawns): a different length read is refused.
    fn fixed<T>(
        &mut self,
        items: &mut [T],
        what: &'static str,
        mut each: impl FnMut(&mut Self, &mut T),
    ) where
        Self: Sized,
    {
        if self.count(items.len(), items.len()) != items.len() {
            self.refuse(what);
            return;
        }
        for item in items.iter_mut() {
            each(self, item);
        }
    }

    /// A value that may be absent: a flag, then the value by `each` (made
    /// from `blank` when read where there was none).
    fn option<T>(
        &mut self,
        v: &mut Option<T>,
        blank: impl FnOnce() -> T,
        each: impl FnOnce(&mut Self, &mut T),
    ) where
        Self: Sized,
    {
        let mut some = v.is_some();
        self.bool(&mut some);
        if !some {
            *v = None;
            return;
        }
        each(self, v.get_or_insert_with(blank));
    }
}
