//! The comfort options drawn over the scene, under the HUD: the
//! field-of-view restrictor's dark surround, the fade after a snap turn,
//! and a fixed reference (a centre dot, or a rest frame). All three are
//! fixed to the screen, so a rolled view takes them after its turn, as it
//! takes the HUD. Each pixel's darkening depends on its place in the frame
//! alone: the same bytes in any band, on any number of threads.

use super::font::{darken_run, fill_run, Canvas};
use super::Scene;
use crate::sim::comfort::{fade_keep, Aperture, Reference, SOFT};
use crate::sim::TICK_DT;

/// The restrictor's soft edge is drawn in this many steps of brightness
/// (each step a run darkened alike, eight pixels at a time): 16 256ths of
/// the brightness a step, about 7 pixels wide at 1920x1080 closed, which
/// shows no rings on the dark surround; 32 steps cost a third of the frame
/// more in calls for no visible gain (PERF.md entry 151).
const LEVELS: usize = 16;
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
    // Only while snap turning is on: switched off within a fade, the
    // snap's count of ticks since stops, and its fade with it.
    let keep = if comfort.snap_turn == 0.0 {
        1.0
    } else {
        fade_keep(comfort.snap_fade, world.player().snap.since(), TICK_DT)
    };
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

/// What a restricted frame need not paint: everything outside an ellipse
/// a little wider than the restrictor's black edge, which the restrictor
/// fills black after. The walls are cut to its rows and the floor and
/// ceiling to its columns, so a closed restrictor saves the painting it
/// hides. Inside it the frame is painted as without it, byte for byte.
#[derive(Clone, Copy, Debug)]
pub(super) struct Skip {
    /// The ellipse's squared radius, in half-widths and half-heights.
    r2: f64,
    width: usize,
    height: usize,
}

/// How far past the black edge the skipped ellipse reaches, pixels: the
/// rows' and the columns' cuts, each worked out on its own, may part by a
/// pixel where they meet, always beyond the edge and so blacked over.
const SKIP_MARGIN: f64 = 2.0;

impl Skip {
    /// The skip of `scene`'s frame `width` x `height`, if its restrictor
    /// darkens anything and its view is level (a rolled view turns the
    /// painted picture under the screen's aperture, so it paints it all).
    pub(super) fn of(scene: &Scene, (width, height): (usize, usize)) -> Option<Self> {
        let world = scene.world;
        let comfort = world.tunables().comfort;
        let aperture = Aperture::of(comfort.vignette, world.restriction(), scene.view.fov);
        let roll = scene.view.pose.roll;
        if aperture.is_open() || roll != 0.0 || width == 0 || height == 0 {
            return None;
        }
        let margin = SKIP_MARGIN / (width.min(height) as f64 / 2.0);
        let r = thresholds(aperture.radius)[0] + margin;
        Some(Self {
            r2: r * r,
            width,
            height,
        })
    }

    /// The columns of row `y` inside the ellipse, `from..to` (empty where
    /// the row misses it).
    pub(super) fn row(&self, y: usize) -> (usize, usize) {
        let v = (y as f64 + 0.5 - self.height as f64 / 2.0) / (self.height as f64 / 2.0);
        span_within(self.r2 - v * v, self.width)
    }

    /// The rows of column `x` inside the ellipse, `from..to`.
    pub(super) fn column(&self, x: usize) -> (usize, usize) {
        let u = (x as f64 + 0.5 - self.width as f64 / 2.0) / (self.width as f64 / 2.0);
        span_within(self.r2 - u * u, self.height)
    }
}

/// The pixels `from..to` of a line `n` long (a row or a column) whose
/// centres lie within `reach2` (squared, in half-lengths) of its middle;
/// empty (both at the middle) when `reach2` is not positive.
fn span_within(reach2: f64, n: usize) -> (usize, usize) {
    if reach2 <= 0.0 {
        return (n / 2, n / 2);
    }
    let (a, len) = (reach2.sqrt(), n as f64);
    let from = (len / 2.0 * (1.0 - a) - 0.5).floor() + 1.0;
    let to = (len / 2.0 * (1.0 + a) - 0.5).ceil();
    (from.clamp(0.0, len) as usize, to.clamp(0.0, len) as usize)
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
/// black beyond its soft edge (filled, not darkened), untouched inside it,
/// and across it in [`LEVELS`] steps. Each row is cut at the columns where
/// its steps change, worked out from the ellipse, and each step's run is
/// darkened whole, eight pixels at a time.
fn restrict(c: &mut Canvas, radius: f64) {
    const BLACK: [u8; 4] = [0, 0, 0, 255];
    let (width, h) = (c.width, c.height as f64);
    let squares = thresholds(radius).map(|t| t * t);
    let paths = c.paths;
    for y in c.y0..c.y1 {
        let v = (y as f64 + 0.5 - h / 2.0) / (h / 2.0);
        let v2 = v * v;
        let Some(row) = c.row_mut(y) else { continue };
        // Outside step 0's ellipse, black; between step n - 1's and step
        // n's, step n; inside the last, untouched.
        let (mut left, mut right) = span_within(squares[0] - v2, width);
        fill_run(&mut row[..left], BLACK);
        fill_run(&mut row[right..], BLACK);
        for (n, square) in squares.iter().enumerate().skip(1) {
            if left >= right {
                break;
            }
            let (from, to) = span_within(square - v2, width);
            let from = from.clamp(left, right);
            let to = to.clamp(from, right);
            let keep = (n * 256 / LEVELS) as u32;
            darken_run(paths, &mut row[left..from], keep);
            darken_run(paths, &mut row[to..right], keep);
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
    if !c.meets(cy as i64 - reach, 2 * reach + 1) {
        return;
    }
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

    #[test]
    fn a_rest_frame_on_a_frame_narrower_than_its_margins_draws_what_fits() {
        // 40 wide and 1000 tall: the margins (25 each side) leave the
        // border less than no width; it covers nothing, and nothing panics.
        for (w, h) in [(40, 1000), (1, 1), (3, 200), (200, 3)] {
            let mut pixels = vec![[9, 9, 9, 255]; w * h];
            let mut c = Canvas::band(&mut pixels, w, h, 0);
            rest_frame(&mut c);
            dot(&mut c);
        }
    }

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

    /// The bare scene (no HUD) of the default map from its start, the
    /// restrictor at `vignette` closed fully, `w` x `h`.
    fn scene_frame(vignette: f64, (w, h): (usize, usize)) -> Vec<u8> {
        use crate::render::{self, Hud, View};
        use crate::sim::Scenario;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let loaded = crate::map::load(&root.join("maps/default.map")).unwrap();
        let world = Scenario::on(loaded.map)
            .tunables(|t| t.comfort.vignette = vignette)
            .restriction(1.0)
            .build();
        let art = crate::sprites::Art::load(&root.join("assets/sprites")).unwrap();
        let mut pixels = vec![0u8; w * h * 4];
        render::draw(
            &render::Scene {
                world: &world,
                view: &View::from_pose(world.camera()),
                hud: &Hud {
                    hidden: true,
                    ..Hud::default()
                },
                art: &art,
                map_art: &loaded.art,
            },
            render::Frame::new(&mut pixels, w, h),
        );
        pixels
    }

    #[test]
    fn what_a_closed_restrictor_leaves_unpainted_it_blacks_over() {
        for size in [(320, 180), (333, 201), (960, 540)] {
            let restricted = scene_frame(1.0, size);
            // The frame painted whole, then restricted.
            let mut whole = scene_frame(0.0, size);
            let (pixels, _) = whole.as_chunks_mut::<4>();
            let mut c = Canvas::whole(pixels, size.0, size.1);
            let radius = Aperture::of(1.0, 1.0, crate::render::DEFAULT_FOV_DEG.to_radians()).radius;
            restrict(&mut c, radius);
            assert!(restricted == whole, "{size:?}");
        }
    }
}
