//! Where a hit came from: a red glow at the edge of the view on the side of
//! each recent hit's source, relative to where the view looks. Ahead is the
//! top edge, behind the bottom, right and left the sides, and the corners
//! between: the view's edge read as a compass, as many shooters draw it.
//!
//! Each pixel's glow is worked out from its own place alone (its direction
//! from the centre and how near the edge it lies), so a band of rows paints
//! the same bytes as the whole frame.

use super::font::Canvas;
use crate::angle::wrap_signed;
use crate::sim::combat::{Combat, CombatTunables};

/// The red of the glow.
const BLOOD: [u8; 3] = [210, 0, 0];
/// The strongest glow of one fresh hit at the very edge, of 256.
const MAX_ALPHA: f64 = 200.0;
/// How far in from the edge the glow reaches, as a share of the half
/// width (and half height): beyond it the view is untouched.
const REACH: f64 = 0.4;
/// The cosine of the widest angle from a hit's direction the glow spreads
/// to (about 55 degrees): a wedge, not a frame.
const SPREAD_COS: f64 = 0.57;

/// Paints the glow of every live wound of `combat` over the canvas, the
/// view looking along `yaw` (radians, the world's angles).
pub(super) fn draw(combat: &Combat, t: &CombatTunables, yaw: f64, c: &mut Canvas) {
    let mut marks = [([0.0; 2], 0.0); crate::sim::combat::MAX_WOUNDS];
    let n = combat.live_wounds().count();
    for (mark, w) in marks.iter_mut().zip(combat.live_wounds()) {
        // Right of the view is the bearing plus a quarter turn (angles
        // grow clockwise seen from above); the screen's y grows down.
        let rel = wrap_signed(w.bearing - yaw);
        let fade = f64::from(w.ticks) / f64::from(t.wound_ticks.max(1));
        *mark = ([rel.sin(), -rel.cos()], MAX_ALPHA * fade.min(1.0));
    }
    if n == 0 || c.width == 0 || c.height == 0 {
        return;
    }
    let marks = &marks[..n];
    let (half_w, half_h) = (c.width as f64 / 2.0, c.height as f64 / 2.0);
    let inner = 1.0 - REACH;
    for y in c.y0..c.y1 {
        let uy = (y as f64 + 0.5 - half_h) / half_h;
        let row = &mut c.pixels[(y - c.y0) * c.width..][..c.width];
        // Rows near the top or bottom glow across; the others only near
        // the sides.
        let columns = if uy.abs() > inner {
            0..c.width
        } else {
            0..((REACH * half_w).ceil() as usize).min(c.width)
        };
        for x in columns.clone().chain(mirrored(&columns, c.width)) {
            let ux = (x as f64 + 0.5 - half_w) / half_w;
            let alpha = glow([ux, uy], inner, marks);
            if alpha > 0 {
                blend(&mut row[x], alpha);
            }
        }
    }
}

/// The columns mirroring `columns` at the right of a row `width` wide,
/// when `columns` covers only the left side (none if it is the whole row).
fn mirrored(columns: &std::ops::Range<usize>, width: usize) -> std::ops::Range<usize> {
    if columns.end >= width {
        return 0..0;
    }
    (width - columns.end).max(columns.end)..width
}

/// The glow at `u` (the pixel's place, -1 to 1 across and down from the
/// centre), of 256: each mark's strength times how near its direction the
/// pixel lies and how near the edge, summed and capped.
fn glow(u: [f64; 2], inner: f64, marks: &[([f64; 2], f64)]) -> u32 {
    let edge = u[0].abs().max(u[1].abs());
    if edge <= inner {
        return 0;
    }
    let near_edge = ((edge - inner) / (1.0 - inner)).min(1.0);
    let len = u[0].hypot(u[1]);
    let mut sum = 0.0;
    for (d, strength) in marks {
        let cos = (u[0] * d[0] + u[1] * d[1]) / len;
        let toward = ((cos - SPREAD_COS) / (1.0 - SPREAD_COS)).max(0.0);
        sum += strength * toward * near_edge * near_edge;
    }
    sum.min(MAX_ALPHA) as u32
}

/// Blends the glow's red over `p` at `alpha` of 256.
fn blend(p: &mut [u8; 4], alpha: u32) {
    for ch in 0..3 {
        p[ch] = ((u32::from(p[ch]) * (256 - alpha) + u32::from(BLOOD[ch]) * alpha) >> 8) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Paths;
    use std::f64::consts::{FRAC_PI_2, PI};

    const GREY: [u8; 4] = [100, 100, 100, 255];
    const W: usize = 160;
    const H: usize = 90;

    /// The glow over a grey `W`x`H` view of a hit from `bearing`, `ticks`
    /// of its mark left, the view looking east (yaw 0).
    fn painted(bearing: f64, ticks: u16) -> Vec<[u8; 4]> {
        let t = CombatTunables::default();
        let mut combat = Combat::new(&t);
        combat.wound(bearing, &t);
        combat.wounds[0].ticks = ticks;
        let mut pixels = vec![GREY; W * H];
        draw(&combat, &t, 0.0, &mut Canvas::whole(&mut pixels, W, H));
        pixels
    }

    fn red(p: &[[u8; 4]], x: usize, y: usize) -> i32 {
        i32::from(p[y * W + x][0]) - i32::from(p[y * W + x][1])
    }

    #[test]
    fn a_hit_glows_on_the_side_it_came_from() {
        let t = CombatTunables::default().wound_ticks;
        // South of a player looking east is their right.
        let right = painted(FRAC_PI_2, t);
        assert!(red(&right, W - 1, H / 2) > 100, "right edge");
        assert_eq!(red(&right, 0, H / 2), 0, "left edge");
        assert_eq!(red(&right, W / 2, H / 2), 0, "the centre");
        let ahead = painted(0.0, t);
        assert!(red(&ahead, W / 2, 0) > 100, "top edge");
        assert_eq!(red(&ahead, W / 2, H - 1), 0, "bottom edge");
        let behind = painted(PI, t);
        assert!(red(&behind, W / 2, H - 1) > 100, "bottom edge");
        assert_eq!(red(&behind, W / 2, 0), 0, "top edge");
        let left = painted(-FRAC_PI_2, t);
        assert!(red(&left, 0, H / 2) > 100 && red(&left, W - 1, H / 2) == 0);
    }

    #[test]
    fn the_glow_fades_with_the_ticks_left_and_is_gone_at_none() {
        let t = CombatTunables::default().wound_ticks;
        let fresh = red(&painted(0.0, t), W / 2, 0);
        let half = red(&painted(0.0, t / 2), W / 2, 0);
        assert!(0 < half && half < fresh, "{half} {fresh}");
        assert!(painted(0.0, 0).iter().all(|p| *p == GREY));
    }

    #[test]
    fn a_band_paints_the_rows_the_whole_frame_paints() {
        let t = CombatTunables::default();
        let mut combat = Combat::new(&t);
        combat.wound(2.0, &t);
        combat.wound(-0.5, &t);
        let mut whole = vec![GREY; W * H];
        draw(&combat, &t, 0.3, &mut Canvas::whole(&mut whole, W, H));
        let mut banded = vec![GREY; W * H];
        for (band, rows) in banded.chunks_mut(W * 7).enumerate() {
            let y0 = band * 7;
            let mut c = Canvas {
                pixels: rows,
                width: W,
                height: H,
                y0,
                y1: y0 + 7.min(H - y0),
                paths: Paths::Scalar,
                circle: &[],
            };
            draw(&combat, &t, 0.3, &mut c);
        }
        assert!(whole == banded);
        assert!(whole.iter().any(|p| *p != GREY));
    }
}
