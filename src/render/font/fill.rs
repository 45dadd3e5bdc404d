//! Runs of pixels set to a colour or darkened: the HUD's fills and
//! backdrops, and the sparks' rows.

#[cfg(target_arch = "x86_64")]
mod x86;

use crate::render::Paths;

/// Sets every pixel of `run` to `rgba`, eight at a time: a run of eight
/// or more ends with its last eight, setting again the few before them,
/// and one of four to seven is two fours that overlap. The HUD's fills are
/// mostly short (a minimap cell is 5 to 15 pixels across), as are the
/// sparks' rows, where a plain `fill` goes one pixel at a time (PERF.md
/// entries 108 and 134).
#[inline]
pub(in crate::render) fn fill_run(run: &mut [[u8; 4]], rgba: [u8; 4]) {
    let n = run.len();
    match n {
        0..4 => run.fill(rgba),
        4..8 => {
            run[..4].copy_from_slice(&[rgba; 4]);
            run[n - 4..].copy_from_slice(&[rgba; 4]);
        }
        _ => {
            for oct in run.as_chunks_mut::<8>().0 {
                *oct = [rgba; 8];
            }
            run[n - 8..].copy_from_slice(&[rgba; 8]);
        }
    }
}

/// `p` with its colour scaled by `keep` / 256 and its alpha kept: black
/// blended over it with alpha 256 - `keep`, two channels per multiply as
/// in [`super::shade`].
pub(super) fn darken(p: [u8; 4], keep: u32) -> [u8; 4] {
    const EVEN: u32 = 0x00FF_00FF;
    let alpha = u32::from_ne_bytes([0, 0, 0, 255]);
    let t = u32::from_ne_bytes(p);
    let even = (((t & EVEN) * keep) >> 8) & EVEN;
    let odd = (((t >> 8) & EVEN) * keep) & !EVEN;
    (((even | odd) & !alpha) | (t & alpha)).to_ne_bytes()
}

/// [`darken`] over every pixel of `run` on the widest of `paths`: eight
/// pixels at a time in AVX2, four in SSE2, or one. The same bytes (a test
/// compares).
#[inline]
pub(in crate::render) fn darken_run(paths: Paths, run: &mut [[u8; 4]], keep: u32) {
    match paths {
        // SAFETY: AVX2 is chosen only where the processor has it.
        #[cfg(target_arch = "x86_64")]
        Paths::Avx2 => unsafe { x86::darken_run_avx2(run, keep) },
        // SAFETY: SSE2 is part of every x86-64 processor.
        #[cfg(target_arch = "x86_64")]
        Paths::Sse2 => unsafe { x86::darken_run_sse2(run, keep) },
        _ => {
            for p in run {
                *p = darken(*p, keep);
            }
        }
    }
}

/// Blends `rgb` over pixel `p` with `alpha` of 256: what [`darken`] does
/// for black, one channel at a time.
#[cfg(test)]
pub(super) fn blend(p: &mut [u8; 4], rgb: [u8; 3], alpha: u32) {
    for c in 0..3 {
        p[c] = ((p[c] as u32 * (256 - alpha) + rgb[c] as u32 * alpha) >> 8) as u8;
    }
}
