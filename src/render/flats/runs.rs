//! The runs of open columns in a row's mask, which the flats' inner loops
//! paint whole, with no test per pixel.

/// Calls `paint(a, b)` for each run of open columns `a..b` in one row of
/// open-column masks (see [`open_masks`]): the flats' inner loops then run
/// over whole runs, with no test per pixel.
///
/// A run begins or ends where a bit differs from the bit before it (the
/// column to its left, the last bit of the word before for bit 0), so each
/// word's edges are `bits ^ (bits << 1 | carry)`, taken lowest first. Most
/// words of a row have none: [`next_edge_word`] skips them in a loop of its
/// own (PERF.md entry 74).
pub(super) fn open_runs(mask: &[u64], mut paint: impl FnMut(usize, usize)) {
    let mut start = 0;
    let mut block = 0;
    loop {
        block = next_edge_word(mask, block);
        let Some(&bits) = mask.get(block) else {
            break;
        };
        let mut edges = bits ^ (bits << 1 | carry_into(mask, block));
        while edges != 0 {
            let at = edges.trailing_zeros();
            edges &= edges - 1;
            let x = block * 64 + at as usize;
            if bits >> at & 1 == 1 {
                start = x;
            } else {
                paint(start, x);
            }
        }
        block += 1;
    }
    if mask.last().is_some_and(|w| w >> 63 == 1) {
        // Bits past the last column are clear, so a run still open here
        // has reached the last column of a row of whole words.
        paint(start, mask.len() * 64);
    }
}

/// The open runs of a band's rows of masks, kept while the rows below
/// have the same mask: [`open_runs`] scans a row's words for the edges
/// (a word for every 64 columns, each one looked at), while a row that no
/// flip changes has the runs of the row above: about half the rows of the
/// bench's frames (PERF.md entry 90).
#[derive(Debug)]
pub(super) struct KeptRuns {
    /// The band's rows that its flips change, as bits (bit `r` for row
    /// `r`): every other row's mask is the row above's. All of them in a
    /// band of more than 64 rows, which the bits cannot tell apart.
    flipped: u64,
    runs: [(u32, u32); KEPT_RUNS],
    len: usize,
    /// True if `runs` are those of the rows since the last flip; false
    /// before the first row, after a flip, or where a row had more runs
    /// than there is room for.
    valid: bool,
}

/// Runs a row may have for [`KeptRuns`] to keep them; a row with more is
/// scanned every time.
const KEPT_RUNS: usize = 32;

impl KeptRuns {
    /// Nothing kept yet, for a band `rows` tall whose flipped rows are
    /// `flipped` (see [`open_masks`]).
    #[inline]
    pub(super) fn for_band(flipped: u64, rows: usize) -> Self {
        let flipped = if rows > 64 { u64::MAX } else { flipped };
        KeptRuns {
            flipped,
            runs: [(0, 0); KEPT_RUNS],
            len: 0,
            valid: false,
        }
    }

    /// The runs of row `r` of the band, whose mask is `mask`: those kept,
    /// or those found now and kept if they fit, or the mask to scan. (A
    /// row with more runs than fit is scanned twice, here and as it is
    /// painted: keeping the runs while painting instead, one scan for
    /// every row, was slower, PERF.md entry 96.)
    #[inline]
    pub(super) fn of<'a>(&'a mut self, r: usize, mask: &'a [u64]) -> Runs<'a> {
        let flipped = r >= 64 || self.flipped >> r & 1 == 1;
        if flipped || !self.valid {
            let (mut len, runs) = (0, &mut self.runs);
            let mut fits = true;
            open_runs(mask, |a, b| match runs.get_mut(len) {
                Some(run) => {
                    *run = (a as u32, b as u32);
                    len += 1;
                }
                None => fits = false,
            });
            (self.len, self.valid) = (len, fits);
        }
        if self.valid {
            Runs::Kept(&self.runs[..self.len])
        } else {
            Runs::Scan(mask)
        }
    }
}

/// A row's open runs: kept from a scan, or still to scan.
#[derive(Clone, Copy, Debug)]
pub(super) enum Runs<'a> {
    Kept(&'a [(u32, u32)]),
    Scan(&'a [u64]),
}

impl Runs<'_> {
    /// Calls `paint(a, b)` for each run `a..b`, left to right.
    #[inline]
    pub(super) fn each(self, mut paint: impl FnMut(usize, usize)) {
        match self {
            Runs::Kept(runs) => runs
                .iter()
                .for_each(|&(a, b)| paint(a as usize, b as usize)),
            Runs::Scan(mask) => open_runs(mask, paint),
        }
    }
}

/// The first word of `mask` from `from` on in which a run begins or ends
/// (see [`open_runs`]), or `mask.len()` if none does. Kept out of line so
/// that its loop, away from the painting inlined in [`open_runs`], keeps
/// its state in registers: inlined, it kept it on the stack (PERF.md
/// entry 74).
///
/// A word has no edge only if every bit is its carry, the bit before it:
/// all clear after a clear bit, all set after a set one. So the words
/// before the first edge are all the same, every bit the carry into
/// `from`, and the first edge is in the first word that differs from
/// that: no carry passed from word to word (PERF.md entry 138).
#[inline(never)]
pub(super) fn next_edge_word(mask: &[u64], from: usize) -> usize {
    let same = 0u64.wrapping_sub(carry_into(mask, from));
    let rest = mask.get(from..).unwrap_or_default();
    rest.iter()
        .position(|&w| w != same)
        .map_or(mask.len(), |i| from + i)
}

/// The bit that word `i` of `mask` sees to the left of its bit 0: the last
/// bit of the word before, or none (0) for the first word.
pub(super) fn carry_into(mask: &[u64], i: usize) -> u64 {
    i.checked_sub(1)
        .and_then(|b| mask.get(b))
        .map_or(0, |w| w >> 63)
}
