//! The eights' prefetches of the frame's line ahead in their row.
//!
//! With AVX2 a band's walls are painted in one block of rows (see
//! [`super::BLOCK_ROWS`]), its pieces from left to right and each eight
//! down its rows, so every row of the block is a stream of stores moving
//! right, an eight's width for each eight. A processor's prefetcher
//! follows a few dozen such streams at once, not a band's worth, so the
//! eights prefetch the lines their row will store to next themselves,
//! where that pays (PERF.md entries 62 and 141).

/// Pixels to the right of the one being painted whose line an eight
/// prefetches: see [`prefetch_ahead`].
const PREFETCH_PIXELS: usize = 32;

/// Prefetches the frame's line [`PREFETCH_PIXELS`] to the right of pixel
/// `at`, in its row, to be written: the line two ahead of this store, the
/// one the eights four along will store to. Never past the last of
/// `pixels`, the block's, so never into the next band, which another core
/// may be painting. Only every other eight along a row prefetches, a line
/// being two eights' stores (PERF.md entry 65). The hint says "to be
/// written", but without the `prfchw` target feature (unstable) the
/// compiler emits a plain read, `prefetcht0` (entry 54). Which eights
/// prefetch is known before their rows where it can be
/// ([`prefetch_rows`]): `PREFETCH` is [`PREFETCH_NONE`], [`PREFETCH_ALL`]
/// or [`PREFETCH_BY_ROW`].
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn prefetch_ahead<const PREFETCH: u8>(pixels: &[[u8; 4]], at: usize) {
    use std::arch::x86_64::*;
    // Eights side by side differ by 8 in `at`, so one of each pair
    // prefetches.
    let wanted = match PREFETCH {
        PREFETCH_NONE => false,
        PREFETCH_ALL => true,
        _ => at % 16 < 8,
    };
    if !wanted {
        return;
    }
    // A prefetch never faults; the bound is for the next band's sake.
    let ahead = (at + PREFETCH_PIXELS).min(pixels.len().saturating_sub(1));
    _mm_prefetch::<_MM_HINT_ET0>(pixels.as_ptr().wrapping_add(ahead).cast());
}

/// An eight none of whose rows prefetches the line ahead.
pub(super) const PREFETCH_NONE: u8 = 0;

/// An eight every row of which prefetches.
pub(super) const PREFETCH_ALL: u8 = 1;

/// An eight whose rows prefetch or not by where each starts.
pub(super) const PREFETCH_BY_ROW: u8 = 2;

/// `$paint::<PREFETCH>(args)`, with the `PREFETCH` ([`PREFETCH_NONE`],
/// [`PREFETCH_ALL`] or [`PREFETCH_BY_ROW`]) that `$prefetch` holds: one
/// loop of the painter for each, chosen once an eight.
macro_rules! with_prefetch {
    ($prefetch:expr, $paint:ident($($arg:expr),* $(,)?)) => {
        match $prefetch {
            PREFETCH_NONE => $paint::<PREFETCH_NONE>($($arg),*),
            PREFETCH_ALL => $paint::<PREFETCH_ALL>($($arg),*),
            _ => $paint::<PREFETCH_BY_ROW>($($arg),*),
        }
    };
}

pub(super) use with_prefetch;

/// Which rows of the eight at pixel `at`, in rows `w` pixels apart,
/// prefetch the line ahead ([`prefetch_ahead`]), on a processor where
/// eights prefetch (`prefetching`, [`prefetches_here`]): where `w` is a
/// multiple of 16, as in every usual frame size, all of them or none,
/// found once an eight rather than tested each row (PERF.md entry 115).
pub(super) fn prefetch_rows(prefetching: bool, at: usize, w: usize) -> u8 {
    match (prefetching, w % 16, at % 16 < 8) {
        (false, ..) => PREFETCH_NONE,
        (true, 0, true) => PREFETCH_ALL,
        (true, 0, false) => PREFETCH_NONE,
        _ => PREFETCH_BY_ROW,
    }
}

/// True if the walls' eights prefetch the line ahead on this processor:
/// on Intel's, whose prefetcher left the rows waiting on their lines
/// without it, and not on AMD's, where the frame was quicker without
/// (PERF.md entries 62 and 141). Found once.
pub(super) fn prefetches_here() -> bool {
    static HERE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HERE.get_or_init(|| !made_by_amd())
}

/// True if this processor names AMD as its maker (CPUID leaf 0 spells
/// "AuthenticAMD" across EBX, EDX and ECX).
fn made_by_amd() -> bool {
    let id = std::arch::x86_64::__cpuid(0);
    let word = |s: &[u8; 4]| u32::from_le_bytes(*s);
    [id.ebx, id.edx, id.ecx] == [word(b"Auth"), word(b"enti"), word(b"cAMD")]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The maker CPUID names is the one the kernel names, and the eights
    /// prefetch the line ahead on any but AMD's.
    #[test]
    fn the_maker_is_read_as_the_kernel_reads_it() {
        // Linux names the maker in /proc/cpuinfo; elsewhere nothing to
        // compare with.
        let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") else {
            return;
        };
        let vendor = info
            .lines()
            .find_map(|l| l.strip_prefix("vendor_id"))
            .and_then(|rest| rest.split(':').nth(1))
            .map(str::trim);
        if let Some(vendor) = vendor {
            assert_eq!(made_by_amd(), vendor == "AuthenticAMD", "{vendor}");
            assert_eq!(prefetches_here(), !made_by_amd());
        }
    }

    /// An eight prefetches the line ahead on exactly the rows that
    /// [`prefetch_ahead`]'s own test picks (the eights that start in the
    /// first half of sixteen pixels), decided once where the rows' width
    /// lets it be; and on none where eights do not prefetch.
    #[test]
    fn an_eight_prefetches_on_the_rows_its_place_picks() {
        for w in [16, 17, 100, 640, 648, 1366, 1920] {
            for at in 0..64 {
                let picked = |k: usize| (at + k * w) % 16 < 8;
                let every = (0..9).all(picked);
                let none = !(0..9).any(picked);
                assert_eq!(
                    prefetch_rows(false, at, w),
                    PREFETCH_NONE,
                    "{w} wide, at {at}"
                );
                match prefetch_rows(true, at, w) {
                    PREFETCH_ALL => assert!(every, "{w} wide, at {at}"),
                    PREFETCH_NONE => assert!(none, "{w} wide, at {at}"),
                    _ => assert!(w % 16 != 0, "{w} wide, at {at}: tested each row"),
                }
            }
        }
    }
}
