//! A row's walk across a power-of-two texture: texel coordinates in 16.16
//! fixed point stepped a pixel at a time and wrapped by a mask, over the
//! row's open runs.

#[cfg(test)]
mod tests;
#[cfg(target_arch = "x86_64")]
mod x86;

use super::row_walk;
use super::runs::Runs;
use crate::map::floor_i64;
use crate::render::{shade, Paths, Projection};
use crate::texture::{Padded, Texture};

/// Fixed-point bits below the texel in [`masked_row`].
const FRAC_BITS: u32 = 16;

/// Where a row's walk across a texture `n` texels square (a power of two)
/// is at column 0 and its step a column, in 16.16 fixed point.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RowStart {
    u0: i64,
    v0: i64,
    du: i64,
    dv: i64,
}

impl RowStart {
    /// The walk of the row whose plane is `dist` away.
    #[inline]
    pub(super) fn of(n: usize, proj: &Projection, dist: f64) -> Self {
        let scale = n as f64 * f64::from(1u32 << FRAC_BITS);
        let (start, step) = row_walk(proj, dist);
        // (`floor_i64` is `floor() as i64` without the C library's call.)
        Self {
            u0: floor_i64(start[0] * scale),
            v0: floor_i64(start[1] * scale),
            du: (step[0] * scale).round() as i64,
            dv: (step[1] * scale).round() as i64,
        }
    }
}

/// [`textured_row`] for a texture whose size is a power of two, over the
/// `open` runs of columns (from one row of [`open_masks`]): texel
/// coordinates in 16.16 fixed point, wrapped by a mask, so the loop has no
/// division, no float-to-int conversion and no bounds to check beyond one.
#[inline]
pub(super) fn masked_row(
    paths: Paths,
    texture: &Texture,
    RowStart { u0, v0, du, dv }: RowStart,
    brightness: u32,
    row: &mut [[u8; 4]],
    open: Runs,
) {
    let n = texture.size();
    let mask = n as i64 - 1;
    let shift = n.trailing_zeros();
    // The texel column's bits land at `shift` straight from one shift:
    // ((u >> 16) & mask) << shift, in one step fewer.
    let (u_shift, u_mask) = (FRAC_BITS - shift, mask << shift);
    let texels = &texture.texels()[..n * n];
    // The padded lines only the AVX2 walk reads (made on its first frame).
    let padded = (paths == Paths::Avx2).then(|| texture.padded());
    open.each(|a, b| {
        // Where the walk is at column `a`: the same integers stepping
        // from column 0 would reach.
        let u = u0.wrapping_add(du.wrapping_mul(a as i64));
        let v = v0.wrapping_add(dv.wrapping_mul(a as i64));
        let walk = Walk {
            u: u as u32,
            v: v as u32,
            du: du as u32,
            dv: dv as u32,
            u_shift,
            u_mask: u_mask as u32,
            mask: mask as u32,
        };
        shade_walk(paths, (texels, padded), &mut row[a..b], walk, brightness);
    });
}

/// A walk across a power-of-two texture in 16.16 fixed point, as
/// [`masked_row`] sets it up. Only bits below 32 of the walk are ever read
/// (16 of fraction, at most 10 of texel), so it runs in wrapping u32: the
/// same bits the i64 walk has.
#[derive(Clone, Copy, Debug)]
struct Walk {
    u: u32,
    v: u32,
    du: u32,
    dv: u32,
    u_shift: u32,
    u_mask: u32,
    mask: u32,
}

impl Walk {
    /// The same walk, starting `k` steps along.
    fn from(self, k: u32) -> Self {
        Self {
            u: self.u.wrapping_add(self.du.wrapping_mul(k)),
            v: self.v.wrapping_add(self.dv.wrapping_mul(k)),
            ..self
        }
    }

    /// The texel index `k` steps along.
    #[inline]
    fn at(&self, k: u32) -> usize {
        let u = self.u.wrapping_add(self.du.wrapping_mul(k));
        let v = self.v.wrapping_add(self.dv.wrapping_mul(k));
        (((u >> self.u_shift) & self.u_mask) | ((v >> FRAC_BITS) & self.mask)) as usize
    }
}

/// Paints `out` with the texels of `walk`, shaded by `brightness`, one
/// pixel at a time: the reference for [`shade_walk`].
fn shade_walk_scalar(texels: &[u32], out: &mut [[u8; 4]], walk: Walk, brightness: u32) {
    for (k, p) in out.iter_mut().enumerate() {
        *p = shade(texels[walk.at(k as u32)], brightness);
    }
}

/// [`shade_walk_scalar`] on the widest of `paths`: eight pixels at a time
/// in AVX2, four in SSE2, or one. The same bytes (a test compares). The
/// AVX2 walk reads the texture's `padded` lines where it has them.
#[inline]
fn shade_walk(
    paths: Paths,
    (texels, padded): (&[u32], Option<&Padded>),
    out: &mut [[u8; 4]],
    walk: Walk,
    brightness: u32,
) {
    match paths {
        // SAFETY: AVX2 is chosen only where the processor has it
        // (`Paths::runs_here`).
        #[cfg(target_arch = "x86_64")]
        Paths::Avx2 => unsafe { x86::shade_walk_avx2((texels, padded), out, walk, brightness) },
        // SAFETY: SSE2 is part of every x86-64 processor.
        #[cfg(target_arch = "x86_64")]
        Paths::Sse2 => unsafe { x86::shade_walk_sse2(texels, out, walk, brightness) },
        _ => shade_walk_scalar(texels, out, walk, brightness),
    }
}
