//! The eights' prefetches of the frame's line ahead in their row.

/// Pixels to the right of the one being painted whose line an eight asks
/// for: see [`prefetch_ahead`].
const PREFETCH_PIXELS: usize = 32;

/// Asks for the frame's line [`PREFETCH_PIXELS`] to the right of pixel
/// `at`, in its row, to be written (never past the last of `pixels`, the
/// block's, so never into the next band, which another core may be
/// painting). With AVX2 a band's walls are painted in one block of rows
/// (see [`BLOCK_ROWS`]), its pieces from left to right and each eight down
/// its rows, so every row of the block is a stream of stores moving right,
/// an eight's width for each eight: the line two ahead of this store is the
/// one the eights four along will store to. On the Cascade Lake this took
/// 13-19% off the median 1920x1080 frame on one core and 11-12% on two,
/// against asking sixteen rows below as entry 50 did; 960x540 and 640x360
/// alike or 1-3% faster (PERF.md entry 62). The hint says "to be written",
/// but without the `prfchw` target feature (unstable in Rust 1.95) the
/// compiler emits a plain `prefetcht0`, a read (entry 54). Only every other
/// eight along a row asks (a line is two eights' stores): one ask a line,
/// not two, was about 1% faster, the asks waiting on the fill buffers less
/// (entry 65). Which eights ask is known before their rows where it can
/// be ([`asks`]): `ASKS` is [`ASK_NONE`], [`ASK_ALL`] or [`ASK_BY_ROW`].
/// On AMD's processors no eight asks ([`asks_ahead`]: none was quicker on
/// the Zen 4, PERF.md entry 141).
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn prefetch_ahead<const ASKS: u8>(pixels: &[[u8; 4]], at: usize) {
    use std::arch::x86_64::*;
    // Eights side by side differ by 8 in `at`, so one of each pair asks.
    let ask = match ASKS {
        ASK_NONE => false,
        ASK_ALL => true,
        _ => at % 16 < 8,
    };
    if !ask {
        return;
    }
    // A prefetch never faults; the bound is for the next band's sake.
    let ahead = (at + PREFETCH_PIXELS).min(pixels.len().saturating_sub(1));
    _mm_prefetch::<_MM_HINT_ET0>(pixels.as_ptr().wrapping_add(ahead).cast());
}

/// An eight none of whose rows asks for the line ahead.
pub(super) const ASK_NONE: u8 = 0;

/// An eight every row of which asks.
pub(super) const ASK_ALL: u8 = 1;

/// An eight whose rows ask or not by where each starts.
pub(super) const ASK_BY_ROW: u8 = 2;

/// `$paint::<ASKS>(args)`, with the `ASKS` ([`ASK_NONE`], [`ASK_ALL`] or
/// [`ASK_BY_ROW`]) that `$asks` holds: one loop of the painter for each,
/// chosen once an eight.
macro_rules! with_asks {
    ($asks:expr, $paint:ident($($arg:expr),* $(,)?)) => {
        match $asks {
            ASK_NONE => $paint::<ASK_NONE>($($arg),*),
            ASK_ALL => $paint::<ASK_ALL>($($arg),*),
            _ => $paint::<ASK_BY_ROW>($($arg),*),
        }
    };
}

pub(super) use with_asks;

/// Which rows of the eight at pixel `at`, in rows `w` pixels apart, ask
/// for the line ahead ([`prefetch_ahead`]), on a processor where eights
/// ask (`ahead`, [`asks_ahead`]): where `w` is a multiple of 16, as in
/// every usual frame size, all of them or none, found once an eight
/// rather than tested each row (PERF.md entry 115).
pub(super) fn asks(ahead: bool, at: usize, w: usize) -> u8 {
    match (ahead, w % 16, at % 16 < 8) {
        (false, ..) => ASK_NONE,
        (true, 0, true) => ASK_ALL,
        (true, 0, false) => ASK_NONE,
        _ => ASK_BY_ROW,
    }
}

/// True if the walls' eights ask for the line ahead on this processor:
/// on Intel's, where on the Cascade Lake no asks at all painted 1920x1080
/// 4-9% slower than the asks sixteen rows below, which the asks ahead beat
/// by 11-19% (PERF.md entry 62, with the walls then painted in blocks of
/// rows); not on AMD's, where none made it 1-2% quicker on the Zen 4, on
/// one core and on two, once the frame lay on a cache line (entry 141).
/// Found once.
pub(super) fn asks_ahead() -> bool {
    static AHEAD: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AHEAD.get_or_init(|| !made_by_amd())
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
    /// ask for the line ahead on any but AMD's.
    #[test]
    #[cfg(target_arch = "x86_64")]
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
            assert_eq!(asks_ahead(), !made_by_amd());
        }
    }

    /// An eight asks for the line ahead on exactly the rows that
    /// [`prefetch_ahead`]'s own test picks (the eights that start in the
    /// first half of sixteen pixels), decided once where the rows' width
    /// lets it be; and on none where eights do not ask.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn an_eight_asks_on_the_rows_its_place_picks() {
        for w in [16, 17, 100, 640, 648, 1366, 1920] {
            for at in 0..64 {
                let picked = |k: usize| (at + k * w) % 16 < 8;
                let every = (0..9).all(picked);
                let none = !(0..9).any(picked);
                assert_eq!(asks(false, at, w), ASK_NONE, "{w} wide, at {at}");
                match asks(true, at, w) {
                    ASK_ALL => assert!(every, "{w} wide, at {at}"),
                    ASK_NONE => assert!(none, "{w} wide, at {at}"),
                    _ => assert!(w % 16 != 0, "{w} wide, at {at}: tested each row"),
                }
            }
        }
    }
}
