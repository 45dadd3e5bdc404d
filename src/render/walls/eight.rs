//! The walls' AVX2 path: eight columns of one texture painted a row at a
//! time, each row one 32-byte store, the texels loaded only where a row's
//! differ from the row above's, or picked from windows of texels kept
//! while every lane stays in them.

use super::plan::{Eight, Group, Windows};
use super::prefetch::{
    prefetch_ahead, prefetch_rows, with_prefetch, PREFETCH_ALL, PREFETCH_BY_ROW, PREFETCH_NONE,
};
use crate::map::MapArt;
use crate::render::paths::{load_eight, scale_avx2};
use crate::render::Rows;

/// Paints rows `from..to` of `eight` in `rows`, a frame `w` pixels wide:
/// every row any of its lanes covers (a lane's rows outside its own span
/// get its texture's first or last row, and the flats, which paint every
/// pixel no wall covers, paint over them). The rows all eight cover from
/// windows where the eight has them, as far as they serve; the rest row
/// by row. `prefetching` as [`prefetch_rows`] takes it.
///
/// # Safety
/// The processor must have AVX2.
#[inline]
pub(super) unsafe fn paint(
    art: &MapArt,
    rows: &mut Rows,
    w: usize,
    eight: &Eight,
    (from, to): (usize, usize),
    prefetching: bool,
) {
    let texels = art.face_texture(eight.wall).texels();
    let group = &eight.group;
    let [common, end] = eight.windows.map_or([to; 2], |win| win.rows);
    let (common, end) = (common.clamp(from, to), end.clamp(from, to));
    let at = |y: usize| (y - rows.y0) * w + eight.x;
    let by_rows = |pixels: &mut [[u8; 4]], a: usize, b: usize| {
        if a < b {
            let rows = (at(a), w, b - a);
            // SAFETY: the processor has AVX2 (the caller's promise).
            unsafe {
                with_prefetch!(
                    prefetch_rows(prefetching, at(a), w),
                    paint_eight(pixels, rows, texels, group, a)
                )
            };
        }
    };
    let mut done = common;
    if let (Some(win), true) = (&eight.windows, common < end) {
        let (pixels, n) = (&mut *rows.pixels, end - common);
        let (down, lanes) = ((at(common), w, n), (group, common));
        // SAFETY: as above.
        done += unsafe {
            with_prefetch!(
                prefetch_rows(prefetching, at(common), w),
                paint_eight_windows(pixels, down, texels, lanes, win)
            )
        };
    }
    by_rows(rows.pixels, from, common);
    by_rows(rows.pixels, done, to);
}

/// Paints `n` rows of eight strips of one texture down from pixel `at`
/// (rows `w` apart) in AVX2, the first being screen row `y`: the 32.32
/// texture rows ([`Stepper`]) stepped in 64-bit lanes, the eight texels
/// loaded (only on rows whose texels differ from the row above's), shaded
/// as `shade` does each, one 32-byte store a row. `PREFETCH`
/// ([`prefetch_rows`]) says which rows prefetch the frame's line ahead.
///
/// # Safety
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn paint_eight<const PREFETCH: u8>(
    pixels: &mut [[u8; 4]],
    (mut at, w, n): (usize, usize, usize),
    texels: &[u32],
    g: &Group<8>,
    y: usize,
) {
    use std::arch::x86_64::*;
    // Every index is a texture column's start plus a row at most `last`,
    // both within the texture; checked once here for the loads.
    let size = texels.len();
    if (0..8).any(|i| g.base[i] as usize + g.last[i] as usize >= size) || n == 0 {
        return;
    }
    // Where the eight's last row in the band starts.
    let end = at + (n - 1) * w;
    assert!(end + 8 <= pixels.len(), "eight columns in the band");
    let mut rows = Stepper::at(g, y);
    // The lanes in the order of the rows' whole halves
    // ([`Stepper::crossed`]); the loads put the texels back in order.
    let (last, base) = (
        Stepper::cross(lanes(&g.last)),
        Stepper::cross(lanes(&g.base)),
    );
    // Each lane's brightness in both its 16-bit halves, in vectors: an
    // `array::map` here was a call per lane, its closure (which takes this
    // function's AVX2) not inlined into `map` (which does not; PERF.md
    // entry 58).
    // SAFETY: `g.brightness` is eight `u16`s, 16 readable bytes; the load
    // is unaligned.
    let b = _mm256_cvtepu16_epi32(unsafe { _mm_loadu_si128(g.brightness.as_ptr().cast()) });
    let b = _mm256_or_si256(b, _mm256_slli_epi32::<16>(b));
    let opaque = _mm256_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    // The texels of the row above and their shaded pixels: a magnified
    // wall shows each texel row over several screen rows, and all eight
    // columns of one face move to the next texel row together, so most
    // rows repeat the row above.
    let mut above = _mm256_set1_epi32(-1);
    let mut out = _mm256_setzero_si256();
    for _ in 0..n {
        let at_row = _mm256_add_epi32(base, _mm256_min_epu32(rows.crossed(), last));
        if _mm256_movemask_epi8(_mm256_cmpeq_epi32(at_row, above)) != -1 {
            // SAFETY: each lane is below `texels.len()` (checked above).
            let texel = unsafe { load_eight::<true>(texels, at_row) };
            out = _mm256_or_si256(scale_avx2(texel, b), opaque);
            above = at_row;
        }
        // SAFETY: pixels `at..at + 8` are in the band (asserted above for
        // the last row); the store is unaligned.
        unsafe { _mm256_storeu_si256(pixels.as_mut_ptr().add(at).cast(), out) };
        prefetch_ahead::<PREFETCH>(pixels, at);
        rows.step();
        at += w;
    }
}

/// The eight `u32`s of `a` in the lanes of a vector.
#[target_feature(enable = "avx2")]
#[inline]
fn lanes(a: &[u32; 8]) -> std::arch::x86_64::__m256i {
    // SAFETY: `a` is 32 readable bytes; the load is unaligned.
    unsafe { std::arch::x86_64::_mm256_loadu_si256(a.as_ptr().cast()) }
}

/// An eight's texture rows (32.32) stepping down the screen, each lane
/// in 64 bits: a row's step is two adds, one for each four lanes, and its
/// whole rows one shuffle ([`Self::crossed`]), where stepping the rows'
/// 32-bit halves with their carry took six operations (PERF.md entry
/// 114).
pub(super) struct Stepper {
    /// Lanes 0-3 and 4-7 of the rows, wrapping.
    pub(super) rows: [std::arch::x86_64::__m256i; 2],
    steps: [std::arch::x86_64::__m256i; 2],
}

impl Stepper {
    /// The rows of `g`'s lanes from screen row `y`: `v0 + step * y`
    /// (wrapping, as `v_at` does), four lanes at a time. Worked out for
    /// each band an eight meets, so in vectors rather than a lane at a
    /// time (PERF.md entry 49). `y` is a screen row, below 2^32, so its
    /// product with the step's high half needs only the low 32 bits.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn at(g: &Group<8>, y: usize) -> Self {
        use std::arch::x86_64::*;
        debug_assert!(u32::try_from(y).is_ok(), "a screen row below 2^32");
        let y = _mm256_set1_epi64x(y as i64);
        // Lanes `4 * half..4 * half + 4`: the step, and `v0 + step * y` as
        // the step's low half's full product and its high half's low 32
        // bits moved up.
        let four = |half: usize| {
            // SAFETY: `g.v0[4 * half..]` and `g.step[4 * half..]` are at
            // least 32 readable bytes each; the loads are unaligned.
            let (v0, step) = unsafe {
                (
                    _mm256_loadu_si256(g.v0[4 * half..].as_ptr().cast()),
                    _mm256_loadu_si256(g.step[4 * half..].as_ptr().cast()),
                )
            };
            let hi = _mm256_mul_epu32(_mm256_srli_epi64::<32>(step), y);
            let row = _mm256_add_epi64(_mm256_mul_epu32(step, y), _mm256_slli_epi64::<32>(hi));
            (_mm256_add_epi64(v0, row), step)
        };
        let ((a, step_a), (b, step_b)) = (four(0), four(1));
        Self {
            rows: [a, b],
            steps: [step_a, step_b],
        }
    }

    /// Each lane's whole texture row (the rows' high halves), crossed:
    /// the odd halves of both fours side by side, which leaves the lanes
    /// in the order 0, 1, 4, 5, 2, 3, 6, 7.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn crossed(&self) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        let (a, b) = (
            _mm256_castsi256_ps(self.rows[0]),
            _mm256_castsi256_ps(self.rows[1]),
        );
        _mm256_castps_si256(_mm256_shuffle_ps::<0b11_01_11_01>(a, b))
    }

    /// Each lane's whole texture row, in lane order.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn hi(&self) -> std::arch::x86_64::__m256i {
        Self::cross(self.crossed())
    }

    /// Eight lanes in lane order put in [`Self::crossed`]'s, or back: the
    /// middle pairs swapped.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn cross(lanes: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i {
        std::arch::x86_64::_mm256_permute4x64_epi64::<0b11_01_10_00>(lanes)
    }

    /// The next row.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn step(&mut self) {
        use std::arch::x86_64::*;
        self.rows = [
            _mm256_add_epi64(self.rows[0], self.steps[0]),
            _mm256_add_epi64(self.rows[1], self.steps[1]),
        ];
    }
}

/// Paints up to `n` rows of an eight down from pixel `at` (rows `w`
/// apart) as [`paint_eight`] paints them, from [`Windows`]: each row's
/// pixels picked by permutes from the eight shaded texels of each lane's
/// column from the window's start, loaded again only when some lane's
/// texture row leaves its window. The same texels at the same brightness,
/// so the same bytes. Stops at the first row whose lanes no pair of
/// windows holds, and returns how many rows it painted. `PREFETCH` as for
/// [`paint_eight`].
///
/// # Safety
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn paint_eight_windows<const PREFETCH: u8>(
    pixels: &mut [[u8; 4]],
    (mut at, w, n): (usize, usize, usize),
    texels: &[u32],
    (g, y): (&Group<8>, usize),
    win: &Windows,
) -> usize {
    use std::arch::x86_64::*;
    // Every window, a column's start plus at most `highest_start`, ends
    // within the texels; checked once here for the loads.
    let ends = |c: u32| c as usize + win.highest_start as usize + 8 <= texels.len();
    if n == 0 || !win.columns.into_iter().all(ends) {
        return 0;
    }
    // Where the eight's last row in the band starts.
    let end = at + (n - 1) * w;
    assert!(end + 8 <= pixels.len(), "eight columns in the band");
    let mut rows = Stepper::at(g, y);
    let (last, second) = (lanes(&g.last), lanes(&win.second));
    let b = _mm256_set1_epi16(win.brightness as i16);
    let opaque = _mm256_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    let seven = _mm256_set1_epi32(7);
    // Each lane's place in its window; true in every lane if all are
    // within their eight (permutes read only the low three bits).
    let inside = |place: __m256i| {
        _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_min_epu32(place, seven), place)) == -1
    };
    let window = |column: u32, start: u32| {
        // Within the texels: `start` is at most `highest_start` (checked
        // above), and the slice checks it again, once a window.
        let at = (column + start) as usize;
        let eight = &texels[at..at + 8];
        // SAFETY: `eight` is 32 readable bytes; the load is unaligned.
        let eight = unsafe { _mm256_loadu_si256(eight.as_ptr().cast()) };
        _mm256_or_si256(scale_avx2(eight, b), opaque)
    };
    // No windows yet: every lane's place is out of its eight.
    let mut start = _mm256_set1_epi32(i32::MIN);
    let (mut first_texels, mut second_texels) = (start, start);
    for row in 0..n {
        let r = _mm256_min_epu32(rows.hi(), last);
        let mut place = _mm256_sub_epi32(r, start);
        if !inside(place) {
            // New windows from the lowest row of each column's lanes (the
            // other column's lanes set to the most a row can be, and a
            // column with no lanes given any window that ends in the
            // texels).
            let lowest = |rows: __m256i| {
                let m = _mm256_castsi256_si128(rows);
                let m = _mm_min_epu32(m, _mm256_extracti128_si256::<1>(rows));
                let m = _mm_min_epu32(m, _mm_shuffle_epi32::<0b01_00_11_10>(m));
                let m = _mm_min_epu32(m, _mm_shuffle_epi32::<0b10_11_00_01>(m));
                (_mm_cvtsi128_si32(m) as u32).min(win.highest_start)
            };
            let a = lowest(_mm256_or_si256(r, second));
            let b = lowest(_mm256_or_si256(
                r,
                _mm256_xor_si256(second, _mm256_set1_epi32(-1)),
            ));
            first_texels = window(win.columns[0], a);
            second_texels = window(win.columns[1], b);
            start = _mm256_blendv_epi8(
                _mm256_set1_epi32(a as i32),
                _mm256_set1_epi32(b as i32),
                second,
            );
            place = _mm256_sub_epi32(r, start);
            if !inside(place) {
                return row;
            }
        }
        let out = _mm256_blendv_epi8(
            _mm256_permutevar8x32_epi32(first_texels, place),
            _mm256_permutevar8x32_epi32(second_texels, place),
            second,
        );
        // SAFETY: pixels `at..at + 8` are in the band (asserted above for
        // the last row); the store is unaligned.
        unsafe { _mm256_storeu_si256(pixels.as_mut_ptr().add(at).cast(), out) };
        prefetch_ahead::<PREFETCH>(pixels, at);
        rows.step();
        at += w;
    }
    n
}
