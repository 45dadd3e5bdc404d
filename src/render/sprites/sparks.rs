//! The exhaust's particles on screen: each a small glowing square, placed
//! once a frame (four at a time in AVX2, `sparks/x86.rs`), sorted into the
//! bands its rows meet, and painted in each column where it is nearer than
//! the wall.

#[cfg(test)]
mod tests;
#[cfg(target_arch = "x86_64")]
mod x86;

use super::NEAR;
use crate::render::by_band::ByBand;
use crate::render::font::fill_run;
use crate::render::{ColumnSpan, Paths, Projection, Rows};
use crate::sim::particles::Particle;
use crate::sim::World;
use std::cmp::Ordering::{Equal, Less};

/// An exhaust particle's edge, tiles.
const PARTICLE_SIZE: f64 = 0.035;

/// An exhaust particle on screen: a square of pixels and its colour.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spark {
    place: Place,
    colour: [u8; 4],
}

/// The exhaust particles on screen ([`sparks`]), and which of them each
/// band meets, in their own order (the later painted over the earlier, as
/// in one list): made once a frame, so that a band looks at its own
/// sparks, not at every one.
#[derive(Debug, Default)]
pub(in crate::render) struct Sparks {
    list: Vec<Spark>,
    /// Each band's sparks, as indices into `list`.
    bands: ByBand<u32>,
    /// Rows of each of those bands (one at least).
    band_rows: usize,
}

impl Sparks {
    /// The sparks of `world` seen through `proj`, placed on the widest of
    /// `paths`, sorted into the bands of `band_rows` rows (a counting sort,
    /// which keeps their order).
    pub(in crate::render) fn make(
        &mut self,
        world: &World,
        proj: &Projection,
        paths: Paths,
        band_rows: usize,
    ) {
        sparks(world, proj, paths, &mut self.list);
        let band_rows = band_rows.max(1);
        self.band_rows = band_rows;
        let bands = proj.height.div_ceil(band_rows);
        // The bands a spark's rows meet; none if it has no rows.
        let reach = |s: &Spark| match s.place.y1.checked_sub(1) {
            Some(last) if s.place.y0 < s.place.y1 => s.place.y0 / band_rows..last / band_rows + 1,
            _ => 0..0,
        };
        let list = &self.list;
        let entries = || {
            list.iter()
                .enumerate()
                .flat_map(move |(i, s)| reach(s).map(move |b| (b, i as u32)))
        };
        self.bands.sort(bands, list.len(), entries);
    }

    /// Band `b`'s sparks, in the list's order.
    fn of(&self, b: usize) -> impl Iterator<Item = &Spark> {
        self.bands.of(b).iter().map(|&i| &self.list[i as usize])
    }
}

/// Draws `sparks` in `rows` (any rows of the frame), each column nearer
/// than the wall there: in each of the sparks' bands that `rows` meets,
/// that band's sparks in their order, each painted in the rows the two
/// share. A pixel is painted by its own band's sparks alone, so in the
/// list's order, however the frame's rows are cut.
pub(in crate::render) fn particles(
    sparks: &Sparks,
    proj: &Projection,
    rows: &mut Rows,
    spans: &[ColumnSpan],
) {
    let per = sparks.band_rows.max(1);
    for band in rows.y0 / per..rows.y1.div_ceil(per) {
        let shared = [(band * per).max(rows.y0), ((band + 1) * per).min(rows.y1)];
        for spark in sparks.of(band) {
            paint_spark(spark, proj.width, rows, shared, spans);
        }
    }
}

/// Fills `out` with every exhaust particle in front of the eye, as the
/// small glowing square it covers, fading from white through yellow to red;
/// their places on the widest of `paths` (the same on each, a test
/// compares).
fn sparks(world: &World, proj: &Projection, paths: Paths, out: &mut Vec<Spark>) {
    out.clear();
    out.reserve(world.particles().capacity());
    let view = SparkView::of(proj);
    // Colours by age and life, as particles born together share them:
    // `ember` (a power) once per pair, not once per particle.
    let mut colours = [(None, [0u8; 4]); 64];
    let mut push = |p: &Particle, place: Place| {
        let slot = &mut colours[usize::from(p.age) % 64];
        if slot.0 != Some((p.age, p.life)) {
            *slot = (Some((p.age, p.life)), ember(p.fade()));
        }
        out.push(Spark {
            place,
            colour: slot.1,
        });
    };
    let particles = world.particles().as_slice();
    let mut rest = particles;
    #[cfg(target_arch = "x86_64")]
    if paths == Paths::Avx2 && view.w < EXACT_I32 && view.h < EXACT_I32 {
        let (fours, tail) = particles.as_chunks::<4>();
        for four in fours {
            // SAFETY: AVX2 is chosen only where the processor has it.
            let places = unsafe { x86::place_four_avx2(four, &view) };
            for (p, place) in four.iter().zip(places) {
                if let Some(place) = place {
                    push(p, place);
                }
            }
        }
        rest = tail;
    }
    // (Read only on x86-64.)
    let _ = paths;
    for p in rest {
        if let Some(place) = place_one(p, &view) {
            push(p, place);
        }
    }
}

/// Frame edges below this place sparks in `i32` lanes exactly.
const EXACT_I32: f64 = 2_147_483_648.0;

/// What placing a spark needs of the projection, with the frame's edges
/// and the largest spark's edge as floats.
#[derive(Clone, Copy, Debug)]
struct SparkView {
    proj: Projection,
    w: f64,
    h: f64,
    /// Points, not blobs: at most a hundred and twentieth of the width.
    max_edge: f64,
}

impl SparkView {
    fn of(proj: &Projection) -> Self {
        let (w, h) = (proj.width as f64, proj.height as f64);
        Self {
            proj: *proj,
            w,
            h,
            max_edge: (w / 120.0).max(1.0),
        }
    }
}

/// Where a spark lies on screen: its square's columns and rows, each the
/// first and one past the last, within the frame (each band clips the rows
/// to its own: rounded once a frame, not in every band), and its depth.
#[derive(Clone, Copy, Debug)]
struct Place {
    x0: usize,
    x1: usize,
    y0: usize,
    y1: usize,
    depth: f64,
}

/// Where particle `p` lies on screen, or None if it is behind the eye or
/// nearer than [`NEAR`].
fn place_one(p: &Particle, view: &SparkView) -> Option<Place> {
    let proj = &view.proj;
    let (dx, dy) = (p.pos[0] - proj.x, p.pos[1] - proj.y);
    let depth = dx * proj.fx + dy * proj.fy;
    if depth < NEAR {
        return None;
    }
    let scale = proj.focal / depth;
    let edge = (PARTICLE_SIZE * scale).clamp(1.0, view.max_edge);
    let cx = view.w * 0.5 + (dx * proj.rx + dy * proj.ry) * scale;
    let cy = proj.horizon - (p.pos[2] - proj.eye) * scale;
    let (left, top) = (cx - edge * 0.5, cy - edge * 0.5);
    Some(Place {
        x0: left.round().clamp(0.0, view.w) as usize,
        x1: (left + edge).round().clamp(0.0, view.w) as usize,
        y0: top.round().clamp(0.0, view.h) as usize,
        y1: (top + edge).round().clamp(0.0, view.h) as usize,
        depth,
    })
}

/// Paints `spark` in the rows `top..bottom` of `rows` (a frame `width`
/// pixels wide), in each column where it is nearer than the wall (or
/// either depth is NaN).
fn paint_spark(
    Spark { place: s, colour }: &Spark,
    width: usize,
    rows: &mut Rows,
    [top, bottom]: [usize; 2],
    spans: &[ColumnSpan],
) {
    let (y0, y1) = (s.y0.clamp(top, bottom), s.y1.clamp(top, bottom));
    if y0 >= y1 {
        return;
    }
    // Each run of columns where the spark is nearer, filled a row at a
    // time: a pixel row of a run is a few stores side by side, where a
    // column at a time was a store a row apart for every pixel (PERF.md
    // entry 134).
    let nearer = |x: usize| !matches!(spans[x].depth.partial_cmp(&s.depth), Some(Less | Equal));
    let end = s.x1.min(spans.len());
    let mut x = s.x0;
    while x < end {
        if !nearer(x) {
            x += 1;
            continue;
        }
        let from = x;
        while x < end && nearer(x) {
            x += 1;
        }
        for y in y0..y1 {
            let at = (y - rows.y0) * width;
            fill_run(&mut rows.pixels[at + from..at + x], *colour);
        }
    }
}

/// An exhaust particle's colour `fade` (0 to 1) through its life: white,
/// then yellow, then a dull red.
fn ember(fade: f64) -> [u8; 4] {
    let t = fade.clamp(0.0, 1.0);
    let r = 255.0 - 90.0 * t * t;
    let g = 255.0 * (1.0 - t).powf(0.7);
    let b = 255.0 * (1.0 - 2.0 * t).max(0.0);
    [r as u8, g as u8, b as u8, 255]
}
