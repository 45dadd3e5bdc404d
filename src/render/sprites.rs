//! The sprite pass: enemies, corpses, wrecks, pickups, shells and puffs drawn as
//! billboards, far to near, each screen column tested against the wall
//! depth there, transparent texels skipped.

use super::by_band::ByBand;
use super::font::fill_run;
use super::{fog, shade, ColumnSpan, Paths, Projection, Rows};
use crate::map::{Key, PickupKind};
use crate::sim::actors::shell::{MAX_PUFFS, MAX_SHELLS, PUFF_TICKS};
use crate::sim::actors::tank::TankState;
use crate::sim::actors::walker::{Frame, WalkerState};
use crate::sim::actors::SHELL_HEIGHT;
use crate::sim::particles::Particle;
use crate::sim::World;
use crate::sprites::{opaque, Art, Sheet};
use std::cmp::Ordering::{Equal, Less};
use std::f64::consts::{FRAC_PI_4, TAU};

/// Nothing nearer than this is drawn, tiles: it would fill the screen.
const NEAR: f64 = 0.05;
/// The half width at which a tank's frame is one tile across, tiles.
const TANK_FRAME_HALF_WIDTH: f64 = 0.35;
/// Tread distance per animation frame, tiles.
const TREAD_STEP: f64 = 0.06;
/// Size of a shell's frame, tiles.
const SHELL_SIZE: f64 = 0.35;
/// Size of a bullet puff's frame, tiles (a shell's blast is bigger).
const PUFF_SIZE: f64 = 0.3;
/// Size of a pickup's frame, tiles: items lie small on the floor.
const PICKUP_SIZE: f64 = 0.5;
/// Ticks per shell flicker frame.
const FLICKER_TICKS: u32 = 4;

/// Which of the art's sheets a billboard shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum SheetId {
    Walker,
    WalkerDeath,
    Tank,
    TankWreck,
    /// Keys, first aid and fuel lying on the floor.
    Items,
    Shell,
    Puff,
}

impl SheetId {
    fn of(self, art: &Art) -> &Sheet {
        match self {
            SheetId::Walker => &art.walker,
            SheetId::WalkerDeath => &art.walker_death,
            SheetId::Tank => &art.tank,
            SheetId::TankWreck => &art.tank_wreck,
            SheetId::Shell => &art.shell,
            SheetId::Puff => &art.puff,
            SheetId::Items => &art.items,
        }
    }
}

/// One billboard to draw: a frame of a sheet standing in the world.
#[derive(Clone, Copy, Debug)]
pub(super) struct Billboard {
    sheet: SheetId,
    col: usize,
    row: usize,
    /// Where it stands, tiles.
    x: f64,
    y: f64,
    /// Height of its frame's bottom above the floor, tiles.
    z: f64,
    /// Its frame's edge, tiles.
    size: f64,
    /// Distance along the view, tiles.
    depth: f64,
    /// How it is lit.
    light: Light,
}

/// How a billboard is lit.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Light {
    /// By distance, as walls are.
    Fog,
    /// Whitened: the flash of a hit.
    Flash,
    /// At full brightness: it glows.
    Glow,
}

/// The rotation column (0 to 7) of an actor facing `heading` at (`x`, `y`)
/// seen from (`eye_x`, `eye_y`): its heading turned k x 45 degrees
/// clockwise from facing the eye (see [`crate::sprites`]).
pub fn rotation(heading: f64, x: f64, y: f64, eye_x: f64, eye_y: f64) -> usize {
    let to_eye = (eye_y - y).atan2(eye_x - x);
    let turn = (heading - to_eye).rem_euclid(TAU);
    ((turn / FRAC_PI_4).round() as usize) % 8
}

/// Fills `list` with every billboard of `world` in front of the eye, far
/// to near, so that drawn in order nearer sprites cover farther ones.
pub(super) fn collect(world: &World, proj: &Projection, art: &Art, list: &mut Vec<Billboard>) {
    list.clear();
    // Room for every actor and the most shells and puffs there can be, so
    // the list stops growing (and allocating) once it has this much.
    let a = world.actors();
    list.reserve(
        a.walkers.len() + a.tanks.len() + world.map().pickups.len() + MAX_SHELLS + MAX_PUFFS,
    );
    gather(world, proj, art, list);
    list.sort_by(|a, b| b.depth.total_cmp(&a.depth));
}

/// Draws the billboards of `list`, in order, in `rows`.
pub(super) fn draw(
    list: &[Billboard],
    proj: &Projection,
    art: &Art,
    rows: &mut Rows,
    spans: &[ColumnSpan],
) {
    for b in list {
        draw_one(b, b.sheet.of(art), proj, rows, spans);
    }
}

/// Every billboard in front of the eye, in no order.
fn gather(world: &World, proj: &Projection, art: &Art, out: &mut Vec<Billboard>) {
    let a = world.actors();
    let mut push = |sheet: SheetId,
                    (col, row): (usize, usize),
                    (x, y, z): (f64, f64, f64),
                    size: f64,
                    light: Light| {
        let depth = (x - proj.x) * proj.fx + (y - proj.y) * proj.fy;
        if depth > NEAR {
            out.push(Billboard {
                sheet,
                col,
                row,
                x,
                y,
                z,
                size,
                depth,
                light,
            });
        }
    };
    for w in &a.walkers {
        let light = if w.state == WalkerState::Pain {
            Light::Flash
        } else {
            Light::Fog
        };
        let at = (w.x, w.y, 0.0);
        match w.frame() {
            Frame::Rotated(row) => {
                let col = rotation(w.heading, w.x, w.y, proj.x, proj.y);
                push(SheetId::Walker, (col, row as usize), at, 1.0, light);
            }
            Frame::Flat(col) => push(SheetId::WalkerDeath, (col as usize, 0), at, 1.0, Light::Fog),
        }
    }
    for t in &a.tanks {
        let size = t.half_width / TANK_FRAME_HALF_WIDTH;
        let at = (t.x, t.y, 0.0);
        if t.state == TankState::Wreck {
            push(SheetId::TankWreck, (0, 0), at, size, Light::Fog);
            continue;
        }
        let col = rotation(t.heading, t.x, t.y, proj.x, proj.y);
        let row = (t.tread / TREAD_STEP) as usize % 2;
        let light = if t.flinch > 0 {
            Light::Flash
        } else {
            Light::Fog
        };
        push(SheetId::Tank, (col, row), at, size, light);
    }
    for p in world.pickups() {
        let col = match p.kind {
            PickupKind::Key(Key::Gold) => 0,
            PickupKind::Key(Key::Silver) => 1,
            PickupKind::Health => 2,
            PickupKind::Fuel => 3,
        };
        push(
            SheetId::Items,
            (col, 0),
            (p.x, p.y, 0.0),
            PICKUP_SIZE,
            Light::Fog,
        );
    }
    for s in &a.shells {
        let col = (s.age / FLICKER_TICKS) as usize;
        let z = SHELL_HEIGHT - SHELL_SIZE * 0.5;
        push(
            SheetId::Shell,
            (col, 0),
            (s.x, s.y, z),
            SHELL_SIZE,
            Light::Glow,
        );
    }
    for p in &a.puffs {
        let col = (p.age * art.puff.cols as u32 / PUFF_TICKS) as usize;
        let size = PUFF_SIZE * p.size;
        push(
            SheetId::Puff,
            (col, 0),
            (p.x, p.y, p.z - size * 0.5),
            size,
            Light::Glow,
        );
    }
}

/// Draws one billboard of `sheet`, column by column, where it is nearer
/// than the wall, in `rows`.
fn draw_one(
    b: &Billboard,
    sheet: &Sheet,
    proj: &Projection,
    rows: &mut Rows,
    spans: &[ColumnSpan],
) {
    let w = proj.width;
    let side = (b.x - proj.x) * proj.rx + (b.y - proj.y) * proj.ry;
    let scale = proj.focal / b.depth;
    let edge = b.size * scale;
    let left = w as f64 * 0.5 + side * scale - edge * 0.5;
    let top = proj.horizon - (b.z + b.size - proj.eye) * scale;
    let x0 = (left.ceil().max(0.0) as usize).min(w);
    let x1 = ((left + edge).ceil().max(0.0) as usize).min(w);
    let y0 = (top.ceil().max(0.0) as usize).clamp(rows.y0, rows.y1);
    let y1 = ((top + edge).ceil().max(0.0) as usize).clamp(rows.y0, rows.y1);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let n = sheet.size;
    let texels_per_pixel = n as f64 / edge;
    let brightness = match b.light {
        Light::Fog => fog(b.depth),
        _ => 256,
    };
    // A block of columns at a time: each column's texels found once (none
    // where the wall is nearer), then painted a row at a time, each row's
    // texel found once: pixels side by side, where a column at a time
    // stored a row apart and worked out the texel row for every pixel
    // (PERF.md entry 134).
    let mut columns: [&[u32]; SPRITE_BLOCK] = [&[]; SPRITE_BLOCK];
    for from in (x0..x1).step_by(SPRITE_BLOCK) {
        let to = (from + SPRITE_BLOCK).min(x1);
        let columns = &mut columns[..to - from];
        for (x, column) in (from..to).zip(columns.iter_mut()) {
            *column = if spans[x].depth <= b.depth {
                &[]
            } else {
                let u = ((x as f64 + 0.5 - left) * texels_per_pixel) as usize;
                sheet.column(b.col, b.row, u.min(n - 1))
            };
        }
        for y in y0..y1 {
            let v = ((y as f64 + 0.5 - top) * texels_per_pixel) as usize;
            let at = (y - rows.y0) * w;
            for (p, column) in rows.pixels[at + from..at + to].iter_mut().zip(&*columns) {
                match column.get(v.min(n - 1)) {
                    Some(&texel) if opaque(texel) => {
                        *p = match b.light {
                            Light::Flash => whiten(texel),
                            _ => shade(texel, brightness),
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Columns of a billboard [`draw_one`] paints together: their texel
/// columns' slices, on the stack.
const SPRITE_BLOCK: usize = 128;

/// An exhaust particle's edge, tiles.
const PARTICLE_SIZE: f64 = 0.035;

/// An exhaust particle on screen: a square of pixels and its colour.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spark {
    place: Place,
    colour: [u8; 4],
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
            let places = unsafe { place_four_avx2(four, &view) };
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

/// [`place_one`] for four particles at once in AVX2, one a lane: the same
/// operations in the same order, so the same bits. `round` is the sum
/// with just under a half of the value's sign, truncated (exact for every
/// double); `clamp` is two compares and blends, so that NaN passes
/// through it as it does `f64::clamp`, and then counts as 0 as `as usize`
/// makes it.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn place_four_avx2(four: &[Particle; 4], view: &SparkView) -> [Option<Place>; 4] {
    use std::arch::x86_64::*;
    let proj = &view.proj;
    let lanes = |f: fn(&Particle) -> f64| {
        _mm256_setr_pd(f(&four[0]), f(&four[1]), f(&four[2]), f(&four[3]))
    };
    let all = _mm256_set1_pd;
    let dx = _mm256_sub_pd(lanes(|p| p.pos[0]), all(proj.x));
    let dy = _mm256_sub_pd(lanes(|p| p.pos[1]), all(proj.y));
    let depth = _mm256_add_pd(
        _mm256_mul_pd(dx, all(proj.fx)),
        _mm256_mul_pd(dy, all(proj.fy)),
    );
    let scale = _mm256_div_pd(all(proj.focal), depth);
    let edge = clamp_avx2(_mm256_mul_pd(all(PARTICLE_SIZE), scale), 1.0, view.max_edge);
    let across = _mm256_add_pd(
        _mm256_mul_pd(dx, all(proj.rx)),
        _mm256_mul_pd(dy, all(proj.ry)),
    );
    let cx = _mm256_add_pd(all(view.w * 0.5), _mm256_mul_pd(across, scale));
    let up = _mm256_sub_pd(lanes(|p| p.pos[2]), all(proj.eye));
    let cy = _mm256_sub_pd(all(proj.horizon), _mm256_mul_pd(up, scale));
    let half = _mm256_mul_pd(edge, all(0.5));
    let (left, top) = (_mm256_sub_pd(cx, half), _mm256_sub_pd(cy, half));
    let x0 = round_clamp_avx2(left, view.w);
    let x1 = round_clamp_avx2(_mm256_add_pd(left, edge), view.w);
    let y0 = round_clamp_avx2(top, view.h);
    let y1 = round_clamp_avx2(_mm256_add_pd(top, edge), view.h);
    let mut depths = [0.0; 4];
    // SAFETY: `depths` is 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_pd(depths.as_mut_ptr(), depth) };
    std::array::from_fn(|i| {
        // Behind the eye or too near, as `place_one` tests it (so a NaN
        // depth is placed, as there).
        let too_near = depths[i] < NEAR;
        (!too_near).then_some(Place {
            x0: x0[i],
            x1: x1[i],
            y0: y0[i],
            y1: y1[i],
            depth: depths[i],
        })
    })
}

/// `v.clamp(lo, hi)` in each lane, as `f64::clamp` does it: a NaN stays NaN.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn clamp_avx2(v: std::arch::x86_64::__m256d, lo: f64, hi: f64) -> std::arch::x86_64::__m256d {
    use std::arch::x86_64::*;
    let (lo, hi) = (_mm256_set1_pd(lo), _mm256_set1_pd(hi));
    let v = _mm256_blendv_pd(v, lo, _mm256_cmp_pd::<_CMP_LT_OQ>(v, lo));
    _mm256_blendv_pd(v, hi, _mm256_cmp_pd::<_CMP_GT_OQ>(v, hi))
}

/// `v.round().clamp(0.0, hi) as usize` in each lane, for `hi` a whole
/// number below 2^31. `round` (halves away from zero) is the sum with just
/// under a half of the value's own sign, truncated: exact for every double,
/// as the sum rounds up to the next whole number only from a half or more.
/// A NaN passes the clamp and then counts as 0, as `as usize` takes it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn round_clamp_avx2(v: std::arch::x86_64::__m256d, hi: f64) -> [usize; 4] {
    use std::arch::x86_64::*;
    let sign = _mm256_and_pd(v, _mm256_set1_pd(-0.0));
    let nudge = _mm256_or_pd(_mm256_set1_pd(0.499_999_999_999_999_94), sign);
    let whole =
        _mm256_round_pd::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(_mm256_add_pd(v, nudge));
    let r = clamp_avx2(whole, 0.0, hi);
    let r = _mm256_blendv_pd(r, _mm256_setzero_pd(), _mm256_cmp_pd::<_CMP_UNORD_Q>(r, r));
    // Each lane 0 to `hi`, so exact in `i32`.
    let mut out = [0i32; 4];
    // SAFETY: `out` is 16 writable bytes; the store is unaligned.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), _mm256_cvttpd_epi32(r)) };
    out.map(|x| x as usize)
}

/// The exhaust particles on screen ([`sparks`]), and which of them each
/// band meets, in their own order (the later painted over the earlier, as
/// in one list): made once a frame, so that a band looks at its own
/// sparks, not at every one.
#[derive(Debug, Default)]
pub(super) struct Sparks {
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
    pub(super) fn make(
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
pub(super) fn particles(sparks: &Sparks, proj: &Projection, rows: &mut Rows, spans: &[ColumnSpan]) {
    let per = sparks.band_rows.max(1);
    for band in rows.y0 / per..rows.y1.div_ceil(per) {
        let shared = [(band * per).max(rows.y0), ((band + 1) * per).min(rows.y1)];
        for spark in sparks.of(band) {
            paint_spark(spark, proj.width, rows, shared, spans);
        }
    }
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

/// `texel` halfway to white: a hit's flash.
fn whiten(texel: u32) -> [u8; 4] {
    let [r, g, b, _] = texel.to_ne_bytes();
    let w = |c: u8| ((c as u32 + 255) / 2) as u8;
    [w(r), w(g), w(b), 255]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::render::View;
    use crate::sim::particles::Particle;
    use crate::sim::{Pose, Scenario, Tunables};
    use std::f64::consts::{FRAC_PI_2, PI};

    #[test]
    fn an_actor_facing_the_eye_shows_its_front_and_turns_as_the_art_does() {
        // The eye south of the actor, looking north.
        let (ex, ey) = (5.5, 8.5);
        // Facing south, at the eye: the front.
        assert_eq!(rotation(FRAC_PI_2, 5.5, 5.5, ex, ey), 0);
        // Facing east: the eye looks north, so east is on its right and the
        // nose points to the screen's right, column 6.
        assert_eq!(rotation(0.0, 5.5, 5.5, ex, ey), 6);
        // Facing west: nose to the screen's left, column 2; north: the back.
        assert_eq!(rotation(PI, 5.5, 5.5, ex, ey), 2);
        assert_eq!(rotation(3.0 * FRAC_PI_2, 5.5, 5.5, ex, ey), 4);
        // Half way between south and east: column 7.
        assert_eq!(rotation(FRAC_PI_4, 5.5, 5.5, ex, ey), 7);
    }

    /// Screen column (fractional) and depth of the world point (`x`, `y`).
    fn on_screen(proj: &Projection, x: f64, y: f64) -> (f64, f64) {
        let depth = (x - proj.x) * proj.fx + (y - proj.y) * proj.fy;
        let side = (x - proj.x) * proj.rx + (y - proj.y) * proj.ry;
        (proj.width as f64 * 0.5 + side * proj.focal / depth, depth)
    }

    #[test]
    fn the_rotation_column_agrees_with_where_the_nose_shows_on_screen() {
        // Project the actor and a point on its nose through the real
        // camera, from eyes all round it and views not quite centred on
        // it: columns 1 to 3 must have the nose left of the body on
        // screen, 5 to 7 right of it, 0 nearer the eye and 4 farther.
        let (ax, ay) = (5.5, 5.5);
        let mut seen = [false; 8];
        for eye_deg in (0..360).step_by(15) {
            let (s, c) = f64::from(eye_deg).to_radians().sin_cos();
            let (ex, ey) = (ax + 3.0 * c, ay + 3.0 * s);
            for off_deg in [-20.0, 0.0, 20.0] {
                let yaw = f64::from(eye_deg).to_radians() + PI + f64::to_radians(off_deg);
                let proj = Projection::eye_at([ex, ey], yaw, 0.0, (200, 100));
                for heading_deg in (0..360).step_by(5) {
                    let heading = f64::from(heading_deg).to_radians();
                    let (hs, hc) = heading.sin_cos();
                    let (body_x, body_depth) = on_screen(&proj, ax, ay);
                    let (nose_x, nose_depth) = on_screen(&proj, ax + 0.1 * hc, ay + 0.1 * hs);
                    let k = rotation(heading, ax, ay, ex, ey);
                    seen[k] = true;
                    let what = format!("eye {eye_deg} view {off_deg} heading {heading_deg}: k {k}");
                    match k {
                        0 => assert!(nose_depth < body_depth, "front: {what}"),
                        4 => assert!(nose_depth > body_depth, "back: {what}"),
                        1..=3 => assert!(nose_x < body_x, "nose left: {what}"),
                        _ => assert!(nose_x > body_x, "nose right: {what}"),
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s), "every column used");
    }

    /// A camera at (0.5, 0.5) looking east from `eye` tiles up, on a 40x40
    /// view: 20 pixels a tile at a distance of one tile, horizon at row 20.
    fn camera(eye: f64) -> Projection {
        let pose = Pose {
            x: 0.5,
            y: 0.5,
            z: eye,
            yaw: 0.0,
            pitch: 0.0,
            roll: 0.0,
        };
        Projection::new(&View::from_pose(pose), 1.0, 40, 40)
    }

    /// A 4x4 one-frame sheet, white, its top `clear` texel rows of alpha
    /// 127 (just transparent) and the rest of alpha 128 (just opaque).
    fn sheet(clear: usize) -> Sheet {
        let mut rgba = Vec::new();
        for y in 0..4 {
            for _ in 0..4 {
                rgba.extend_from_slice(&[255, 255, 255, if y < clear { 127 } else { 128 }]);
            }
        }
        Sheet::from_rgba(4, 4, 4, &rgba).unwrap()
    }

    /// A one-tile billboard of `sheet` standing on the floor two tiles
    /// ahead of [`camera`]: 10 pixels across, columns 15 to 24.
    fn ahead() -> Billboard {
        Billboard {
            sheet: SheetId::Walker,
            col: 0,
            row: 0,
            x: 2.5,
            y: 0.5,
            z: 0.0,
            size: 1.0,
            depth: 2.0,
            light: Light::Glow,
        }
    }

    /// Draws `b` with `sheet` over the whole of `pixels`.
    fn paint(
        b: &Billboard,
        sheet: &Sheet,
        proj: &Projection,
        pixels: &mut [[u8; 4]],
        spans: &[ColumnSpan],
    ) {
        let mut rows = Rows {
            pixels,
            y0: 0,
            y1: proj.height,
            paths: crate::render::Paths::Scalar,
        };
        draw_one(b, sheet, proj, &mut rows, spans);
    }

    /// Rows of column `x` that were painted (start with alpha 0).
    fn painted(pixels: &[[u8; 4]], x: usize) -> Vec<usize> {
        (0..40).filter(|y| pixels[y * 40 + x][3] != 0).collect()
    }

    /// Wall depth in every column: `near` left of column 20, `far` from it.
    fn walls(near: f64, far: f64) -> Vec<ColumnSpan> {
        (0..40)
            .map(|x| ColumnSpan {
                top: 20,
                bottom: 20,
                depth: if x < 20 { near } else { far },
            })
            .collect()
    }

    #[test]
    fn a_wall_nearer_than_the_sprite_hides_it_column_by_column() {
        let s = sheet(0);
        let mut pixels = vec![[0u8; 4]; 40 * 40];
        paint(&ahead(), &s, &camera(0.5), &mut pixels, &walls(1.5, 3.0));
        for x in 0..20 {
            assert!(painted(&pixels, x).is_empty(), "column {x} behind the wall");
        }
        for x in 20..25 {
            assert_eq!(
                painted(&pixels, x),
                (15..25).collect::<Vec<_>>(),
                "column {x}"
            );
        }
        for x in 25..40 {
            assert!(painted(&pixels, x).is_empty(), "column {x} past the sprite");
        }
    }

    /// Billboards painted a block of columns and a row at a time paint
    /// what a column at a time paints: every opaque texel's pixel in a
    /// column whose wall is farther (or at a NaN depth), shaded as its
    /// light says, in bands of any height, near enough to be several
    /// blocks wide and far enough to be a few pixels.
    #[test]
    fn billboards_paint_what_a_column_at_a_time_paints() {
        let mut rng = crate::rng::Rng::new(17);
        let mut next = || (rng.next_u64() >> 32) as u32;
        // A 16-texel frame of random colours, a third of them clear.
        let rgba: Vec<u8> = (0..16 * 16)
            .flat_map(|_| {
                let c = next().to_ne_bytes();
                [c[0], c[1], c[2], if next() % 3 == 0 { 40 } else { 255 }]
            })
            .collect();
        let s = Sheet::from_rgba(16, 16, 16, &rgba).unwrap();
        let (w, h) = (700, 300);
        let pose = Pose {
            x: 0.5,
            y: 0.5,
            z: 0.5,
            yaw: 0.0,
            pitch: 0.0,
            roll: 0.0,
        };
        let proj = Projection::new(&View::from_pose(pose), 1.0, w, h);
        for (depth, light) in [
            (0.45, Light::Fog),
            (0.8, Light::Flash),
            (2.0, Light::Glow),
            (9.0, Light::Fog),
        ] {
            let b = Billboard {
                x: 0.5 + depth,
                y: 0.4 + f64::from(next() % 20) / 100.0,
                depth,
                light,
                ..ahead()
            };
            let spans: Vec<ColumnSpan> = (0..w)
                .map(|x| ColumnSpan {
                    top: 0,
                    bottom: 0,
                    depth: match (x / 37 + next() as usize) % 5 {
                        0 => f64::NAN,
                        1 => depth,
                        2 => depth * 0.5,
                        _ => depth * 2.0,
                    },
                })
                .collect();
            // A column at a time, as the painter did before.
            let scale = proj.focal / b.depth;
            let (edge, n) = (b.size * scale, 16);
            let side = (b.x - proj.x) * proj.rx + (b.y - proj.y) * proj.ry;
            let left = w as f64 * 0.5 + side * scale - edge * 0.5;
            let top = proj.horizon - (b.z + b.size - proj.eye) * scale;
            let span = |from: f64, end: usize| {
                (from.ceil().max(0.0) as usize).min(end)
                    ..((from + edge).ceil().max(0.0) as usize).min(end)
            };
            let mut want = vec![[0u8; 4]; w * h];
            for x in span(left, w) {
                if spans[x].depth <= b.depth {
                    continue;
                }
                let u = ((x as f64 + 0.5 - left) * (n as f64 / edge)) as usize;
                let column = s.column(0, 0, u.min(n - 1));
                for y in span(top, h) {
                    let v = ((y as f64 + 0.5 - top) * (n as f64 / edge)) as usize;
                    let texel = column[v.min(n - 1)];
                    if opaque(texel) {
                        want[y * w + x] = match b.light {
                            Light::Flash => whiten(texel),
                            Light::Fog => shade(texel, fog(b.depth)),
                            Light::Glow => shade(texel, 256),
                        };
                    }
                }
            }
            let covered = span(left, w).len();
            assert!(want.iter().any(|p| p[3] != 0), "{depth}: {covered} columns");
            for band_rows in [1, 16, 48, h] {
                let mut got = vec![[0u8; 4]; w * h];
                for (band, pixels) in got.chunks_mut(band_rows * w).enumerate() {
                    let mut rows = Rows::new(pixels, w, band * band_rows, Paths::Scalar);
                    draw_one(&b, &s, &proj, &mut rows, &spans);
                }
                for (i, (g, e)) in got.iter().zip(&want).enumerate() {
                    let at = (i % w, i / w);
                    assert_eq!(g, e, "{depth}: pixel {at:?}, bands of {band_rows}");
                }
            }
        }
    }

    #[test]
    fn transparent_texels_leave_the_scene_behind() {
        let s = sheet(2);
        let mut pixels = vec![[0u8; 4]; 40 * 40];
        paint(&ahead(), &s, &camera(0.5), &mut pixels, &walls(9.0, 9.0));
        // Texel rows 0 and 1 (screen rows 15 to 19) are see-through.
        assert_eq!(painted(&pixels, 20), (20..25).collect::<Vec<_>>());
        assert_eq!(pixels[22 * 40 + 20], [255, 255, 255, 255]);
    }

    #[test]
    fn a_sprite_stands_on_the_floor_at_any_eye_height() {
        let s = sheet(0);
        for eye in [0.1, 0.2, 0.5, 0.8] {
            let proj = camera(eye);
            let mut pixels = vec![[0u8; 4]; 40 * 40];
            paint(&ahead(), &s, &proj, &mut pixels, &walls(9.0, 9.0));
            // The rows a one-tile wall two tiles away would cover.
            let top = proj.horizon - (1.0 - eye) * proj.focal / 2.0;
            let bottom = proj.horizon + eye * proj.focal / 2.0;
            let rows = painted(&pixels, 20);
            assert_eq!(
                rows.first().copied(),
                Some(top.ceil() as usize),
                "eye {eye}"
            );
            assert_eq!(
                rows.last().copied(),
                Some(bottom.ceil() as usize - 1),
                "eye {eye}"
            );
        }
    }

    #[test]
    fn nothing_behind_the_eye_or_at_it_is_drawn() {
        let map = Map::from_rows(&["#########", "#...>.w.#", "#########"]);
        let world = World::new(map, Tunables::default(), 1);
        let art = Art::plain();
        let proj = camera(0.5);
        let proj = Projection {
            x: 4.5,
            y: 1.5,
            ..proj
        };
        let count = |world: &World| {
            let mut list = Vec::new();
            collect(world, &proj, &art, &mut list);
            list.len()
        };
        assert_eq!(count(&world), 1, "ahead");
        let walker_at = |x| {
            let scene = Scenario::from_world(world.clone());
            scene.actors(|a| a.walkers[0].x = x).build()
        };
        assert_eq!(count(&walker_at(2.5)), 0, "behind");
        assert_eq!(count(&walker_at(4.5 + NEAR * 0.5)), 0, "at the eye");
    }

    #[test]
    fn tiny_views_show_the_sprite_where_it_stands_and_write_nothing_past_them() {
        // Rows past the view's last, there to catch a write outside it.
        const GUARD_ROWS: usize = 32;
        let s = sheet(0);
        for (w, h) in [(1, 1), (3, 2), (2, 3)] {
            let proj = Projection::eye_at([0.5, 0.5], 0.0, 0.0, (w, h));
            let spans = vec![
                ColumnSpan {
                    depth: f64::INFINITY,
                    ..ColumnSpan::default()
                };
                w
            ];
            // From filling the view to less than a pixel, partly covering
            // it at 0.7.
            for depth in [NEAR * 1.01, 0.3, 0.5, 0.7, 2.0, 1e6] {
                let b = Billboard {
                    x: 0.5 + depth,
                    depth,
                    ..ahead()
                };
                let mut pixels = vec![[0u8; 4]; w * (h + GUARD_ROWS)];
                let mut rows = Rows {
                    pixels: &mut pixels,
                    y0: 0,
                    y1: h,
                    paths: crate::render::Paths::Scalar,
                };
                draw_one(&b, &s, &proj, &mut rows, &spans);
                let what = format!("{w}x{h} at depth {depth}");
                assert!(
                    pixels[w * h..].iter().all(|p| *p == [0; 4]),
                    "{what}: written past the view"
                );
                // A 90 degree view puts w / 2 pixels on a tile at distance
                // one, and the eye is half a tile up: the one-tile sprite
                // on the floor straight ahead is a square of w / (2 depth)
                // pixels centred on the view. A pixel shows it if its top
                // left corner lies inside; those within a hair of an edge
                // are left out, where rounding decides.
                let edge = w as f64 / (2.0 * depth);
                let (left, top) = ((w as f64 - edge) / 2.0, (h as f64 - edge) / 2.0);
                let inside = |p: f64, lo: f64| p - lo > 1e-6 && lo + edge - p > 1e-6;
                let outside = |p: f64, lo: f64| lo - p > 1e-6 || p - (lo + edge) > 1e-6;
                for (i, px) in pixels[..w * h].iter().enumerate() {
                    let (x, y) = ((i % w) as f64, (i / w) as f64);
                    if inside(x, left) && inside(y, top) {
                        assert_eq!(*px, [255; 4], "{what}: pixel {x},{y} shows it");
                    } else if outside(x, left) || outside(y, top) {
                        assert_eq!(*px, [0; 4], "{what}: pixel {x},{y} is clear");
                    }
                }
            }
        }
    }

    /// A hall with a cloud of `count` particles of mixed ages and lives
    /// ahead of its start, high and low, near and far, placed by `seed`.
    fn hall_with_cloud(count: u16, seed: u64) -> World {
        let map = Map::from_rows(&["############", "#>.........#", "############"]);
        let world = World::new(map, Tunables::default(), 1);
        let mut rng = crate::rng::Rng::new(seed);
        let mut next = || rng.next_f64();
        Scenario::from_world(world)
            .particles(|particles| {
                for i in 0..count {
                    particles.emit(Particle {
                        pos: [2.0 + 8.0 * next(), 1.1 + 0.8 * next(), 1.2 * next() - 0.1],
                        vel: [0.0; 3],
                        age: i % 37,
                        life: 30 + i % 3,
                    });
                }
            })
            .build()
    }

    /// The sparks painted run by run, a row at a time, cover what a
    /// column at a time covers: each pixel of a spark's square in a column
    /// whose wall is farther than the spark (or at a NaN depth), the later
    /// spark over the earlier, sorted into bands of any height and painted
    /// in bands cut anywhere.
    #[test]
    fn sparks_paint_the_columns_in_front_of_their_walls() {
        let world = hall_with_cloud(400, 11);
        // Wide enough that near sparks (at most a 120th of the width) are
        // runs of eight pixels and more.
        let (w, h) = (1280, 721);
        let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.1, (w, h));
        let mut listed = Vec::new();
        sparks(&world, &proj, Paths::Scalar, &mut listed);
        let widest = listed.iter().map(|s| s.place.x1 - s.place.x0).max();
        assert!(widest >= Some(9), "{widest:?}");
        let mut rng = crate::rng::Rng::new(9);
        let mut next = || (rng.next_u64() >> 32) as usize;
        // Walls near and far, none, NaN, and some at a spark's own depth
        // (not in front of it, so not painted over).
        let spans: Vec<ColumnSpan> = (0..w)
            .map(|x| {
                let depth = match next() % 6 {
                    0 => f64::INFINITY,
                    1 => f64::NAN,
                    // The depth of a spark over this column, if any.
                    2 => {
                        let over = listed
                            .iter()
                            .filter(|s| (s.place.x0..s.place.x1).contains(&x));
                        let over: Vec<f64> = over.map(|s| s.place.depth).collect();
                        over.get(next() % over.len().max(1))
                            .copied()
                            .unwrap_or(f64::INFINITY)
                    }
                    _ => 0.3 + (next() % 1000) as f64 / 100.0,
                };
                // Runs of columns alike, as walls make them.
                let depth = if x % 16 < 10 { f64::INFINITY } else { depth };
                ColumnSpan {
                    top: 0,
                    bottom: 0,
                    depth,
                }
            })
            .collect();
        // A column at a time, over the whole frame.
        let mut want = vec![[0u8; 4]; w * h];
        for s in &listed {
            for x in s.place.x0..s.place.x1.min(w) {
                if spans[x].depth <= s.place.depth {
                    continue;
                }
                for y in s.place.y0..s.place.y1.min(h) {
                    want[y * w + x] = s.colour;
                }
            }
        }
        let painted = want.iter().filter(|&&p| p != [0; 4]).count();
        assert!(painted > 1000, "{painted} pixels painted");
        let mut sorted = Sparks::default();
        for band_rows in [1, 7, 48, 721] {
            sorted.make(&world, &proj, Paths::best(), band_rows);
            // Painted in the sparks' own bands, in others across theirs,
            // and in bands of unlike heights, as the threads cut them.
            let cuts: [&[usize]; 5] = [&[band_rows], &[1], &[5], &[h], &[100, 61, 30, 7, 1]];
            for cut in cuts {
                let mut got = vec![[0u8; 4]; w * h];
                let (mut rest, mut y0) = (&mut got[..], 0);
                for &rows in cut.iter().cycle() {
                    if rest.is_empty() {
                        break;
                    }
                    let n = rows.min(h - y0);
                    let (pixels, more) = rest.split_at_mut(n * w);
                    let mut rows = Rows::new(pixels, w, y0, Paths::best());
                    particles(&sorted, &proj, &mut rows, &spans);
                    (rest, y0) = (more, y0 + n);
                }
                for (i, (g, e)) in got.iter().zip(&want).enumerate() {
                    let (x, y) = (i % w, i / w);
                    assert_eq!(g, e, "pixel {x},{y}: sorted by {band_rows}, cut {cut:?}");
                }
            }
        }
    }

    #[test]
    fn each_band_lists_the_sparks_its_rows_meet_in_their_own_order() {
        let world = hall_with_cloud(400, 7);
        let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.1, (320, 181));
        let mut listed = Vec::new();
        sparks(&world, &proj, Paths::Scalar, &mut listed);
        assert!(listed.len() > 300, "most of the cloud is in view");
        let mut sorted = Sparks::default();
        for band_rows in [1, 7, 16, 48, 181, 500] {
            sorted.make(&world, &proj, Paths::best(), band_rows);
            let bands = proj.height.div_ceil(band_rows);
            let mut seen = 0;
            for b in 0..bands {
                let (top, bottom) = (b * band_rows, ((b + 1) * band_rows).min(proj.height));
                // By brute force: the sparks, in list order, with a row in
                // the band.
                let want: Vec<usize> = (0..listed.len())
                    .filter(|&i| listed[i].place.y0.max(top) < listed[i].place.y1.min(bottom))
                    .collect();
                let got: Vec<usize> = sorted
                    .of(b)
                    .map(|s| sorted.list.iter().position(|l| std::ptr::eq(l, s)).unwrap())
                    .collect();
                assert_eq!(got, want, "band {b} of {band_rows} rows");
                seen += got.len();
            }
            assert!(seen >= listed.iter().filter(|s| s.place.y0 < s.place.y1).count());
            assert_eq!(sorted.list.len(), listed.len());
            assert_eq!(sorted.of(bands).count(), 0, "no band past the frame");
        }
        // The cached colours are each particle's own.
        let mut visible = world
            .particles()
            .iter()
            .filter(|p| (p.pos[0] - proj.x) * proj.fx + (p.pos[1] - proj.y) * proj.fy >= NEAR);
        for s in &listed {
            let p = visible.next().unwrap();
            assert_eq!(s.colour, ember(p.fade()));
        }
    }

    /// A spark's place as bits, so that NaN depths compare.
    fn bits(place: Option<Place>) -> Option<(usize, usize, usize, usize, u64)> {
        place.map(|p| (p.x0, p.x1, p.y0, p.y1, p.depth.to_bits()))
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn four_lanes_round_and_clamp_as_round_clamp_and_a_cast_do() {
        if !Paths::Avx2.runs_here() {
            return;
        }
        let mut values = vec![
            0.0,
            -0.0,
            0.499_999_999_999_999_94,
            -0.499_999_999_999_999_94,
            0.5,
            -0.5,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN_POSITIVE,
            4_503_599_627_370_495.5,
            4_503_599_627_370_496.0,
            9_007_199_254_740_993.0,
            1e300,
            -1e300,
        ];
        for k in -4..=12 {
            for v in [k as f64, k as f64 + 0.5, k as f64 + 0.25, k as f64 + 0.75] {
                values.extend([v, v.next_up(), v.next_down()]);
            }
        }
        let mut rng = crate::rng::Rng::new(3);
        values.extend((0..20_000).map(|_| f64::from_bits(rng.next_u64())));
        values.extend((0..20_000).map(|_| 20.0 * rng.next_f64() - 4.0));
        for hi in [0.0_f64, 1.0, 7.0, 320.0, 8192.0] {
            values.extend([hi, hi + 0.5, hi - 0.5, (hi + 0.5).next_down()]);
            for four in values.as_chunks::<4>().0 {
                // SAFETY: AVX2 is here (checked above); the load is unaligned.
                let got = unsafe {
                    let v = std::arch::x86_64::_mm256_loadu_pd(four.as_ptr());
                    round_clamp_avx2(v, hi)
                };
                let want = four.map(|v| v.round().clamp(0.0, hi) as usize);
                assert_eq!(got, want, "{four:?} to {hi}");
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn four_sparks_are_placed_where_one_at_a_time_places_each() {
        if !Paths::Avx2.runs_here() {
            return;
        }
        let mut rng = crate::rng::Rng::new(11);
        let mut next = || rng.next_f64();
        let mut particles: Vec<Particle> = (0..4000)
            .map(|i| {
                let far = [0.2, 3.0, 40.0, 1e7][i % 4];
                Particle {
                    pos: [
                        5.0 + far * (2.0 * next() - 1.0),
                        5.0 + far * (2.0 * next() - 1.0),
                        2.0 * next() - 0.5,
                    ],
                    vel: [0.0; 3],
                    age: 0,
                    life: 1,
                }
            })
            .collect();
        // Not finite, and exactly at the nearest depth drawn (the view looks
        // east from (5, 5), so depth is x - 5).
        for pos in [
            [f64::NAN, 5.0, 0.5],
            [6.0, f64::INFINITY, 0.5],
            [6.0, 5.0, f64::NEG_INFINITY],
            [5.0 + NEAR, 5.0, 0.5],
            [(5.0 + NEAR).next_down(), 5.0, 0.5],
            [5.0 + NEAR, 5.3, 0.1],
            [5.0, 5.0, 0.5],
        ] {
            particles.push(Particle {
                pos,
                vel: [0.0; 3],
                age: 0,
                life: 1,
            });
        }
        for (size, yaw, pitch) in [
            ((320, 181), 0.0, 0.0),
            ((1, 1), 0.7, 0.0),
            ((1920, 1080), 2.5, 0.4),
            ((7, 3000), -1.2, -0.3),
            ((640, 360), 0.0, 0.2),
        ] {
            let proj = Projection::eye_at([5.0, 5.0], yaw, pitch, size);
            let view = SparkView::of(&proj);
            let mut placed = 0;
            for four in particles.as_chunks::<4>().0 {
                // SAFETY: AVX2 is here (checked above).
                let got = unsafe { place_four_avx2(four, &view) };
                for (p, got) in four.iter().zip(got) {
                    let want = place_one(p, &view);
                    placed += usize::from(want.is_some());
                    assert_eq!(bits(got), bits(want), "{:?} at {size:?}", p.pos);
                }
            }
            assert!(placed > 1000, "most are in front of the eye: {placed}");
        }
    }

    #[test]
    fn the_sparks_are_the_same_on_every_path() {
        // Not a multiple of four, so that the last few go one at a time.
        let world = hall_with_cloud(403, 9);
        let proj = Projection::eye_at([2.5, 1.5], 0.1, 0.0, (640, 360));
        let list = |paths: Paths| {
            let mut out = Vec::new();
            sparks(&world, &proj, paths, &mut out);
            format!("{out:?}")
        };
        let scalar = list(Paths::Scalar);
        assert!(scalar.matches("Spark").count() > 300, "most are in view");
        for paths in Paths::available() {
            assert_eq!(list(paths), scalar, "{}", paths.name());
        }
    }
}
