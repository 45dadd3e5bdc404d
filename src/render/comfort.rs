//! The comfort options drawn over the scene, under the HUD: the
//! field-of-view restrictor's dark surround, the fade after a snap turn,
//! and a fixed reference (a centre dot, or a rest frame). All three are
//! fixed to the screen, so a rolled view takes them after its turn, as it
//! takes the HUD. Each pixel's darkening depends on its place in the frame
//! alone: the same bytes in any band, on any number of threads.

use super::font::Canvas;
use super::Scene;
use crate::sim::comfort::{fade_keep, Aperture, Reference, SOFT};
use crate::sim::TICK_DT;

/// The restrictor's soft edge is drawn in this many steps of brightness
/// (each step a run darkened alike, eight pixels at a time): 8 256ths of
/// the brightness a step, finer than the eye parts on a dark surround.
const LEVELS: usize = 32;
/// The reference's colour: a light grey that reads on walls and sky alike.
const REFERENCE: [u8; 4] = [205, 205, 215, 255];
/// The dark outline round the dot.
const OUTLINE: [u8; 4] = [20, 20, 24, 255];

/// Draws the comfort options `scene` has on over `c`, a band of its frame.
pub(super) fn draw(scene: &Scene, c: &mut Canvas) {
    let world = scene.world;
    let comfort = world.tunables().comfort;
    let aperture = Aperture::of(comfort.vignette, world.restriction(), scene.view.fov);
    if !aperture.is_open() {
        restrict(c, aperture.radius);
    }
    let keep = fade_keep(comfort.snap_fade, world.player().snap.since(), TICK_DT);
    if keep < 1.0 {
        let (w, h) = (c.width as i64, c.height as i64);
        c.darken(0, 0, w, h, (keep * 256.0).round() as u32);
    }
    match comfort.reference {
        Reference::None => {}
        Reference::Dot => dot(c),
        Reference::Frame => rest_frame(c),
    }
}

/// The radii (in the aperture's units: half-widths across, half-heights
/// down) inside which a pixel keeps at least step `n` of [`LEVELS`], for
/// `n` from 1: where the soft edge's brightness passes `(n - 0.5) /
/// LEVELS`. Inside the last, a pixel is left as it is.
fn thresholds(radius: f64) -> [f64; LEVELS] {
    std::array::from_fn(|i| {
        let q = (i as f64 + 0.5) / LEVELS as f64;
        // The smooth step t^2 (3 - 2t) = q, solved for t.
        let t = 0.5 - ((1.0 - 2.0 * q).asin() / 3.0).sin();
        radius * (1.0 + SOFT - 2.0 * SOFT * t)
    })
}

/// Darkens everything outside the aperture of `radius` in `c`'s rows:
/// black beyond its soft edge, in [`LEVELS`] steps across it, untouched
/// inside. Each row is cut into runs at the columns where the steps
/// change, worked out from the ellipse, so a pixel is touched once.
fn restrict(c: &mut Canvas, radius: f64) {
    let (w, h) = (c.width as f64, c.height as f64);
    let limits = thresholds(radius);
    for y in c.y0..c.y1 {
        let v = (y as f64 + 0.5 - h / 2.0) / (h / 2.0);
        let (mut left, mut right) = (0, c.width);
        for (n, limit) in limits.iter().enumerate() {
            let reach = limit * limit - v * v;
            // Columns whose centres lie strictly inside this step's
            // ellipse: |u| < a, u = (x + 0.5 - w/2) / (w/2).
            let (from, to) = if reach > 0.0 {
                let a = reach.sqrt();
                let from = (w / 2.0 * (1.0 - a) - 0.5).floor() + 1.0;
                let to = (w / 2.0 * (1.0 + a) - 0.5).ceil();
                (from.clamp(0.0, w) as usize, to.clamp(0.0, w) as usize)
            } else {
                (c.width / 2, c.width / 2)
            };
            let (from, to) = (from.max(left), to.min(right).max(from.max(left)));
            // Outside this step's ellipse and inside the last: step n.
            let keep = (n * 256 / LEVELS) as u32;
            let row = y as i64;
            c.darken(left as i64, row, (from - left) as i64, 1, keep);
            c.darken(to as i64, row, (right - to) as i64, 1, keep);
            (left, right) = (from, to);
        }
    }
}

/// A small dot at the centre of the view, outlined: a fixed point the
/// eye can rest on (a "virtual nose", Whittinghill et al. 2015).
fn dot(c: &mut Canvas) {
    let r = (c.height as f64 / 180.0).max(2.0);
    let (cx, cy) = (c.width as f64 / 2.0, c.height as f64 / 2.0);
    let reach = (r + 1.0).ceil() as i64;
    for y in cy as i64 - reach..=cy as i64 + reach {
        for x in cx as i64 - reach..=cx as i64 + reach {
            let d = (x as f64 + 0.5 - cx).hypot(y as f64 + 0.5 - cy);
            if d <= r {
                c.put(x, y, REFERENCE);
            } else if d <= r + 1.0 {
                c.put(x, y, OUTLINE);
            }
        }
    }
}

/// A rest frame: a thin border inset from the frame's edges, and a bar
/// across the foot of the view with a notch at its middle, still on the
/// screen whatever the camera and the horizon do (after Cao et al.'s rest
/// frames).
fn rest_frame(c: &mut Canvas) {
    let (w, h) = (c.width as i64, c.height as i64);
    let t = (h / 270).max(1);
    let m = (h / 40).max(2);
    let (iw, ih) = (w - 2 * m, h - 2 * m);
    c.fill(m, m, iw, t, REFERENCE);
    c.fill(m, h - m - t, iw, t, REFERENCE);
    c.fill(m, m, t, ih, REFERENCE);
    c.fill(w - m - t, m, t, ih, REFERENCE);
    let bar_y = h * 4 / 5;
    c.fill(w * 3 / 10, bar_y, w * 2 / 5, 2 * t, REFERENCE);
    c.fill(w / 2 - t, bar_y - 3 * t, 2 * t, 3 * t, REFERENCE);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::comfort::Aperture;

    /// A frame of one grey, `w` x `h`, restricted by an aperture of
    /// `radius`, drawn in bands of `band` rows.
    fn restricted(w: usize, h: usize, radius: f64, band: usize) -> Vec<[u8; 4]> {
        let mut pixels = vec![[200, 150, 100, 255]; w * h];
        for (i, rows) in pixels.chunks_mut(band * w).enumerate() {
            let mut c = Canvas::band(rows, w, h, i * band);
            restrict(&mut c, radius);
        }
        pixels
    }

    #[test]
    fn the_surround_is_the_same_in_any_bands_and_on_any_paths() {
        let whole = restricted(97, 61, 0.6, 61);
        assert_eq!(restricted(97, 61, 0.6, 7), whole);
        assert_eq!(restricted(97, 61, 0.6, 1), whole);
        let mut scalar = vec![[200, 150, 100, 255]; 97 * 61];
        let mut c = Canvas::whole(&mut scalar, 97, 61);
        c.paths = crate::render::Paths::Scalar;
        restrict(&mut c, 0.6);
        assert_eq!(scalar, whole);
    }

    #[test]
    fn black_beyond_the_edge_untouched_inside_and_darker_outward() {
        let (w, h) = (200, 100);
        let radius = 0.5;
        let frame = restricted(w, h, radius, 13);
        let at = |x: usize, y: usize| frame[y * w + x];
        assert_eq!(at(0, 0), [0, 0, 0, 255], "a corner");
        assert_eq!(at(100, 50), [200, 150, 100, 255], "the centre");
        // Inside the soft edge, untouched; past it, black.
        let inner = (w as f64 / 2.0 * radius * (1.0 - SOFT)) as usize - 1;
        assert_eq!(at(100 + inner, 50), [200, 150, 100, 255]);
        let outer = (w as f64 / 2.0 * radius * (1.0 + SOFT)) as usize + 1;
        assert_eq!(at(100 + outer, 50), [0, 0, 0, 255]);
        // Along the middle row, never brighter going outward.
        let reds: Vec<u8> = (100..w).map(|x| at(x, 50)[0]).collect();
        assert!(reds.windows(2).all(|p| p[1] <= p[0]), "{reds:?}");
        // Symmetric about the centre.
        for x in 0..w {
            assert_eq!(at(x, 50), at(w - 1 - x, 50), "column {x}");
        }
        // Half brightness near the radius.
        let half = at((100.0 + w as f64 / 2.0 * radius) as usize, 50)[0];
        assert!((80..=120).contains(&half), "{half}");
    }

    #[test]
    fn the_thresholds_step_the_smooth_edge_evenly() {
        let limits = thresholds(1.0);
        for (i, r) in limits.iter().enumerate() {
            let want = (i as f64 + 0.5) / LEVELS as f64;
            assert!((Aperture::keep(*r) - want).abs() < 1e-9, "{i}");
        }
        assert!(limits.windows(2).all(|p| p[1] < p[0]));
    }
}
