//! The wall pass, in two steps: one ray per pixel column finds the wall,
//! its span on screen and where to sample its texture ([`cast`]); then
//! each band of rows paints the strips' pixels that fall in it
//! ([`paint`]), so bands can be painted on different cores.

#[cfg(target_arch = "x86_64")]
use super::paths::{load_eight, scale_avx2, scale_sse2};
use super::raycast::{self, Side};
use super::{fog, shade, ColumnSpan, Paths, Projection, Rows, WallStrip};
use crate::map::{ceil_i64, Map, MapArt, DOOR};

/// How far a ray looks before it gives up, in tiles (only the open plane
/// has no walls to stop it).
const MAX_RAY: f64 = 256.0;
/// Faces along y = constant are drawn this much darker (of 256), so
/// corners read in flat light.
const SIDE_Y_BRIGHTNESS: u32 = 180;
/// One in 32.32 fixed point.
const ONE: f64 = 4_294_967_296.0;
/// Texture rows per pixel (32.32) below which a strip is painted a texel
/// row at a time: a sixteenth, runs of sixteen pixels or more, enough to
/// pay for the division that finds each run's end.
const NEAR_STEP: u64 = 1 << 28;

/// Casts the ray of each column in `spans`, the first being column
/// `first`, and records its wall span, depth and texture strip.
pub(super) fn cast(
    map: &Map,
    art: &MapArt,
    proj: &Projection,
    first: usize,
    spans: &mut [ColumnSpan],
    strips: &mut [WallStrip],
) {
    // A group's rays are all worked out before the first is walked. A
    // ray's direction takes a division: worked out just before its walk,
    // it stood between the previous walk's last step (rarely predicted,
    // so the processor starts afresh there) and the next walk's first
    // (PERF.md entry 105).
    let mut rays = [(0.0, 0.0); RAYS_AHEAD];
    let groups = spans
        .chunks_mut(RAYS_AHEAD)
        .zip(strips.chunks_mut(RAYS_AHEAD));
    for (g, (spans, strips)) in groups.enumerate() {
        let first = first + g * RAYS_AHEAD;
        for (i, ray) in rays.iter_mut().take(spans.len()).enumerate() {
            *ray = proj.column_ray(first + i);
        }
        let columns = spans.iter_mut().zip(strips.iter_mut()).zip(rays);
        for ((span, strip), ray) in columns {
            cast_one(map, art, proj, ray, span, strip);
        }
    }
}

/// Rays [`cast`] works out ahead of their walks, at most: a ray task's
/// columns, so that a task's rays are one group.
const RAYS_AHEAD: usize = super::RAY_COLUMNS;

/// Casts the ray along (`dx`, `dy`) and records its column's wall span,
/// depth and texture strip.
fn cast_one(
    map: &Map,
    art: &MapArt,
    proj: &Projection,
    (dx, dy): (f64, f64),
    span: &mut ColumnSpan,
    strip: &mut WallStrip,
) {
    let h = proj.height;
    let Some(hit) = raycast::cast(map, proj.x, proj.y, dx, dy, MAX_RAY) else {
        *span = ColumnSpan {
            top: proj.horizon.clamp(0.0, h as f64) as usize,
            bottom: proj.horizon.clamp(0.0, h as f64) as usize,
            depth: f64::INFINITY,
        };
        return;
    };
    let dist = hit.t.max(1e-4);
    // Screen rows of the wall's top and bottom edges.
    let top_f = proj.horizon - (proj.ceiling - proj.eye) * proj.focal / dist;
    let bottom_f = proj.horizon + proj.eye * proj.focal / dist;
    // (`ceil_i64` is `ceil`, clamped the same, without a libm call.)
    let top = ceil_i64(top_f).clamp(0, h as i64) as usize;
    let bottom = ceil_i64(bottom_f).clamp(0, h as i64) as usize;
    // Door leaves take their textures after the walls'.
    let wall = match (hit.cell, map.door_at(hit.tile.0, hit.tile.1)) {
        (DOOR, Some(d)) => art.walls.len() + map.doors[d].texture,
        _ => (hit.cell - 1) as usize,
    };
    let size = art.face_texture(wall).size();
    let mut brightness = fog(dist);
    if hit.side == Side::Y {
        brightness = brightness * SIDE_Y_BRIGHTNESS / 256;
    }
    // Texture row from the wall's top as 32.32 fixed point, sampled at
    // pixel centres; the texture repeats once per tile of height.
    let rows_per_pixel = size as f64 * proj.ceiling / (bottom_f - top_f);
    let v0 = (top as f64 + 0.5 - top_f) * rows_per_pixel;
    *span = ColumnSpan {
        top,
        bottom,
        depth: dist,
    };
    *strip = WallStrip {
        wall,
        column: ((hit.u * size as f64) as usize).min(size - 1),
        brightness,
        v_top: (v0.max(0.0) * ONE) as u64,
        step: (rows_per_pixel * ONE) as u64,
        last: ceil_i64(size as f64 * proj.ceiling) as usize - 1,
    };
}

/// Paints every wall pixel that falls in `rows`.
///
/// Neighbouring columns together where they can be: with AVX2, eight
/// strips of one texture (see [`paint_oct`]) over every row any of them
/// covers, leaving what is not wall for the flats to paint over; else four
/// [`plain`] strips (see [`paint_quad`]) over the rows all four cover,
/// each column's own rows above and below painted alone. A row of a group
/// is one store, shaded together. Every other column alone. Without AVX2,
/// in a frame [`BLOCK_WIDTH`] wide or more, a band's rows in blocks of at
/// most [`BLOCK_ROWS`].
pub(super) fn paint(
    art: &MapArt,
    proj: &Projection,
    rows: &mut Rows,
    walls: (&[ColumnSpan], &[WallStrip]),
    plans: &[Plan],
) {
    let blocks = if proj.width >= BLOCK_WIDTH && rows.paths != Paths::Avx2 {
        (rows.y1 - rows.y0).div_ceil(BLOCK_ROWS)
    } else {
        1
    };
    paint_in_blocks(art, proj, rows, walls, plans, blocks);
}

/// Rows of a band whose walls [`paint`] paints together at most, in a
/// frame [`BLOCK_WIDTH`] pixels wide or more, on the paths without AVX2.
/// A piece paints down its columns, a row of the frame at a time, so each
/// row of the rows painted together is a stream of stores of its own, a
/// line further along for every two eights or four fours. A processor's
/// prefetcher follows a few dozen streams at once (Intel's L2 streamer 32)
/// and no more: on the Cascade Lake a 1920-wide band's 48 rows waited on
/// their lines, and in blocks of 24 rows the one-core 1920x1080 frame took
/// 20-30% less at its fastest, with blocks of 12 to 24 alike and 32 or 48
/// slower (PERF.md entry 55). Since then the AVX2 eights ask for the line
/// ahead in their row themselves ([`prefetch_ahead`], entry 62), and with
/// AVX2 a band in one block is now 1-3% faster at 1920x1080 and 1280x720
/// than in blocks, each block having cost every eight a start again; the
/// SSE2 fours, which do not ask, are still 3% faster in blocks (entry 79).
const BLOCK_ROWS: usize = 24;

/// Frames narrower than this paint each band's walls in one block: their
/// frames are small enough to stay in the cache from one to the next, and
/// each block costs every piece a start again (1-5% more at 640x360 and
/// 960x540, PERF.md entries 55 and 61). At this width a row is a 4 KiB
/// page.
const BLOCK_WIDTH: usize = 1024;

/// [`paint`] in `blocks` blocks of rows (as near equal as rows allow),
/// each painted whole before the next. The blocks change when a pixel is
/// painted, never its bytes.
fn paint_in_blocks(
    art: &MapArt,
    proj: &Projection,
    rows: &mut Rows,
    walls: (&[ColumnSpan], &[WallStrip]),
    plans: &[Plan],
    blocks: usize,
) {
    let w = proj.width;
    if w == 0 {
        return;
    }
    let per = (rows.y1 - rows.y0).div_ceil(blocks.max(1)).max(1);
    for (i, pixels) in rows.pixels.chunks_mut(per * w).enumerate() {
        let mut block = Rows::new(pixels, w, rows.y0 + i * per, rows.paths);
        paint_block(art, proj, &mut block, walls, plans);
    }
}

/// Paints the pieces of `plans` (a frame's, in order) in the rows of
/// `rows`.
fn paint_block(
    art: &MapArt,
    proj: &Projection,
    rows: &mut Rows,
    (spans, strips): (&[ColumnSpan], &[WallStrip]),
    plans: &[Plan],
) {
    let w = proj.width;
    #[cfg(target_arch = "x86_64")]
    let ahead = asks_ahead();
    let pieces = plans
        .iter()
        .flat_map(|plan| plan.pieces.iter().map(move |piece| (plan, piece)));
    for (plan, &(piece, [top, bottom])) in pieces {
        // Most pieces miss a band at the top or foot of the frame.
        let (from, to) = (top.max(rows.y0), bottom.min(rows.y1));
        if from >= to {
            continue;
        }
        match piece {
            Piece::Oct(i) => {
                let oct = &plan.octs[i as usize];
                let x = oct.x;
                // Every row any of the eight covers (`from..to`): a lane's
                // rows outside its own span get its texture's first or last
                // row, and the flats, which paint every pixel no wall
                // covers, paint over them.
                let texels = art.face_texture(oct.wall).texels();
                let group = &oct.group;
                // The rows all eight cover from windows where the eight
                // has them, as far as they serve; the rest row by row.
                let [common, end] = oct.windows.map_or([to; 2], |win| win.rows);
                let (common, end) = (common.clamp(from, to), end.clamp(from, to));
                #[cfg(target_arch = "x86_64")]
                // SAFETY: eights are planned only with AVX2, which is
                // chosen only where the processor has it.
                unsafe {
                    let at = |y: usize| (y - rows.y0) * w + x;
                    let by_rows = |pixels: &mut [[u8; 4]], a: usize, b: usize| {
                        if a < b {
                            let rows = (at(a), w, b - a);
                            let asks = asks(ahead, at(a), w);
                            with_asks!(asks, paint_oct(pixels, rows, texels, group, a));
                        }
                    };
                    let mut done = common;
                    if let (Some(win), true) = (&oct.windows, common < end) {
                        let (pixels, n) = (&mut *rows.pixels, end - common);
                        let (eight, lanes) = ((at(common), w, n), (group, common));
                        done += with_asks!(
                            asks(ahead, at(common), w),
                            paint_oct_windows(pixels, eight, texels, lanes, win)
                        );
                    }
                    by_rows(rows.pixels, from, common);
                    by_rows(rows.pixels, done, to);
                };
                #[cfg(not(target_arch = "x86_64"))]
                unreachable!("eights only with AVX2: {texels:?} {group:?}");
            }
            Piece::Quad(x) => {
                let x = x as usize;
                if let Some((from, to)) = paint_edges::<4>(art, rows, w, x, spans, strips) {
                    let quad = Quad {
                        columns: std::array::from_fn(|i| {
                            art.face_texture(strips[x + i].wall)
                                .column(strips[x + i].column)
                        }),
                        v: std::array::from_fn(|i| strips[x + i].v_at(&spans[x + i], from)),
                        step: std::array::from_fn(|i| strips[x + i].step),
                        last: std::array::from_fn(|i| strips[x + i].last),
                        brightness: std::array::from_fn(|i| strips[x + i].brightness.min(256)),
                    };
                    let at = (from - rows.y0) * w + x;
                    paint_quad(rows.paths, rows.pixels, at, w, to - from, quad);
                }
            }
            Piece::Column(x) => {
                let x = x as usize;
                paint_column(art, rows, w, x, &spans[x], &strips[x], from, to);
            }
        }
    }
}

/// How each band paints the walls' columns: which go in eights, which in
/// fours, which alone. It depends on the strips, not on the band, so it is
/// worked out once a frame ([`Plan::make`]), with each eight's lanes: for
/// the whole frame, or in plans of a few columns each, which paint the
/// same pixels.
#[derive(Debug, Default)]
pub(super) struct Plan {
    /// Each piece, and the screen rows its columns' walls reach: from the
    /// highest top to the lowest bottom.
    pieces: Vec<(Piece, [usize; 2])>,
    octs: Vec<Oct>,
}

/// One step of a [`Plan`].
#[derive(Clone, Copy, Debug)]
enum Piece {
    /// Eight columns, [`Plan::octs`]' entry.
    Oct(u32),
    /// Four columns from this one.
    Quad(u32),
    /// This column alone.
    Column(u32),
}

/// Eight columns from `x` of the texture `wall`, their lanes laid out, and
/// whether the rows they all cover can be painted from windows.
#[derive(Debug)]
struct Oct {
    x: usize,
    wall: usize,
    group: Group<8>,
    windows: Option<Windows>,
}

/// How an eight whose lanes read at most two texture columns, all at one
/// brightness, is painted from windows ([`paint_oct_windows`]): each
/// column's eight texels from a row on, loaded and shaded once and kept
/// while every lane's texture row stays among them. A magnified wall
/// shows each texel row over several screen rows and the eight's lanes
/// step down their columns together, so a window lasts many rows.
#[derive(Clone, Copy, Debug)]
struct Windows {
    /// Where the two texture columns start in the texels (the same twice
    /// if all eight lanes read one).
    columns: [u32; 2],
    /// Each lane's column: all ones if the second.
    second: [u32; 8],
    brightness: u16,
    /// The texture's size less eight: the last row a window may start at.
    highest_start: u32,
    /// The screen rows all eight lanes' walls cover.
    rows: [usize; 2],
}

impl Windows {
    /// The windows of the eight from column `x`, if its lanes read at most
    /// two columns of a texture `size` texels square (eight or more) at one
    /// brightness and all cover some rows.
    fn of(size: usize, spans: &[ColumnSpan], g: &Group<8>, x: usize) -> Option<Self> {
        let first = g.base[0];
        let second = g.base.into_iter().find(|&c| c != first).unwrap_or(first);
        let two = g.base.iter().all(|&c| c == first || c == second);
        let lit = g.brightness.iter().all(|&b| b == g.brightness[0]);
        let spans = &spans[x..x + 8];
        let top = spans.iter().map(|s| s.top).max()?;
        let bottom = spans.iter().map(|s| s.bottom).min()?;
        (size >= 8 && two && lit && top < bottom).then(|| Self {
            columns: [first, second],
            second: g.base.map(|c| if c != first { u32::MAX } else { 0 }),
            brightness: g.brightness[0],
            highest_start: (size - 8) as u32,
            rows: [top, bottom],
        })
    }
}

impl Plan {
    /// The plan for the strips of the frame's columns from `first` on,
    /// `strips.len()` of them, painted on `paths`. On more than one thread
    /// a frame has a plan for each ray task's columns, made beside its
    /// rays; on one, a plan for the whole frame (PERF.md entry 129).
    pub(super) fn make(
        &mut self,
        art: &MapArt,
        (spans, strips): (&[ColumnSpan], &[WallStrip]),
        first: usize,
        paths: Paths,
    ) {
        let w = strips.len();
        self.pieces.clear();
        self.octs.clear();
        // Their largest sizes at once: a frame needing more pieces than
        // the last then allocates nothing.
        self.pieces.reserve(w);
        self.octs.reserve(w.div_ceil(8));
        let reach = |x: usize, n: usize| {
            spans[x..x + n]
                .iter()
                .fold([usize::MAX, 0], |[top, bottom], s| {
                    [top.min(s.top), bottom.max(s.bottom)]
                })
        };
        let mut x = 0;
        while x < w {
            // The last few columns, fewer than eight, as the last eight
            // where those make one, painting again the few before them:
            // every piece paints a column's wall with the same bytes, and
            // the flats paint over what an eight paints outside a lane's
            // span. Without it a plan's last columns, every 64 in a frame,
            // would go in fours or alone.
            let at = if x + 8 > w && w >= 8 { w - 8 } else { x };
            if paths == Paths::Avx2 && at + 8 <= w && fits_oct(art, &strips[at..at + 8]) {
                let wall = strips[at].wall;
                let size = art.face_texture(wall).size();
                let group = Group::new(size, spans, strips, at);
                let windows = Windows::of(size, spans, &group, at);
                let piece = Piece::Oct(self.octs.len() as u32);
                self.pieces.push((piece, reach(at, 8)));
                self.octs.push(Oct {
                    x: first + at,
                    wall,
                    group,
                    windows,
                });
                x = at + 8;
            } else if x + 4 <= w && (x..x + 4).all(|i| plain(art, &strips[i])) {
                let piece = Piece::Quad((first + x) as u32);
                self.pieces.push((piece, reach(x, 4)));
                x += 4;
            } else {
                let piece = Piece::Column((first + x) as u32);
                self.pieces.push((piece, reach(x, 1)));
                x += 1;
            }
        }
    }
}

/// For a group of `N` columns from `x`: the rows of the band all `N`
/// cover, if any, with each column's own rows above and below them
/// painted; if none, every column painted alone.
fn paint_edges<const N: usize>(
    art: &MapArt,
    rows: &mut Rows,
    w: usize,
    x: usize,
    spans: &[ColumnSpan],
    strips: &[WallStrip],
) -> Option<(usize, usize)> {
    let (mut common_from, mut common_to) = (rows.y0, rows.y1);
    for span in &spans[x..x + N] {
        common_from = common_from.max(span.top);
        common_to = common_to.min(span.bottom);
    }
    let common = common_from < common_to;
    for i in x..x + N {
        let (span, s) = (&spans[i], &strips[i]);
        let (from, to) = (span.top.max(rows.y0), span.bottom.min(rows.y1));
        if common {
            paint_column(art, rows, w, i, span, s, from, common_from);
            paint_column(art, rows, w, i, span, s, common_to, to);
        } else {
            paint_column(art, rows, w, i, span, s, from, to);
        }
    }
    common.then_some((common_from, common_to))
}

impl WallStrip {
    /// The texture row (32.32) at screen row `y` of a column whose span is
    /// `span`; wrapped round for a row above the span.
    fn v_at(&self, span: &ColumnSpan, y: usize) -> u64 {
        let rows = (y as u64).wrapping_sub(span.top as u64);
        self.v_top.wrapping_add(self.step.wrapping_mul(rows))
    }
}

/// True if a strip can be painted in a [`Quad`]: its texture rows do not
/// repeat (a wall one tile tall) and it is not near enough to be painted a
/// texel row at a time.
fn plain(art: &MapArt, s: &WallStrip) -> bool {
    s.last < art.face_texture(s.wall).size() && s.step >= NEAR_STEP
}

/// True if eight strips can be painted as a [`Group`] by [`paint_oct`]:
/// all of one texture, none repeating its rows. Near strips too: eight
/// columns a row in one store beat each column's runs.
fn fits_oct(art: &MapArt, strips: &[WallStrip]) -> bool {
    let wall = strips[0].wall;
    let size = art.face_texture(wall).size();
    strips.iter().all(|s| s.wall == wall && s.last < size)
}

/// `N` neighbouring strips of one texture, laid out for the vector lanes:
/// each step (32.32), its last row, where its texture column starts in
/// the texels, and its brightness (at most 256); and each texture row at
/// screen row 0 (as [`WallStrip::v_at`] gives it), from which any row's
/// follows ([`Stepper::at`]).
#[derive(Clone, Copy, Debug)]
struct Group<const N: usize> {
    step: [u64; N],
    last: [u32; N],
    base: [u32; N],
    brightness: [u16; N],
    v0: [u64; N],
}

impl<const N: usize> Group<N> {
    /// The strips of columns `x..x + N`, all of a texture `size` texels
    /// square.
    fn new(size: usize, spans: &[ColumnSpan], strips: &[WallStrip], x: usize) -> Self {
        let mut g = Self {
            step: [0; N],
            last: [0; N],
            base: [0; N],
            brightness: [0; N],
            v0: [0; N],
        };
        for (i, (span, s)) in spans[x..x + N].iter().zip(&strips[x..x + N]).enumerate() {
            g.v0[i] = s.v_at(span, 0);
            g.step[i] = s.step;
            g.last[i] = s.last as u32;
            g.base[i] = (s.column * size) as u32;
            g.brightness[i] = s.brightness.min(256) as u16;
        }
        g
    }

    /// Each lane's texture row (32.32) at screen row `y`, `v0 + step * y`
    /// (wrapping, as `v_at` does), one lane at a time: the reference for
    /// [`Stepper`].
    #[cfg(test)]
    fn rows_at(&self, y: usize) -> [u64; N] {
        std::array::from_fn(|i| self.v0[i].wrapping_add(self.step[i].wrapping_mul(y as u64)))
    }
}

/// Paints `n` rows of eight strips of one texture down from pixel `at`
/// (rows `w` apart) in AVX2, the first being screen row `y`: the 32.32
/// texture rows ([`Stepper`]) stepped in 64-bit lanes, the eight texels
/// loaded (only on rows whose texels differ from the row above's), shaded
/// as `shade` does each, one 32-byte store a row. `ASKS` ([`asks`]) says
/// which rows ask for the frame's line ahead.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn paint_oct<const ASKS: u8>(
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
    // function's AVX2) not inlined into `map` (which does not), 6% of the
    // 1920x1080 frame once its bands were painted in blocks (PERF.md
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
        prefetch_ahead::<ASKS>(pixels, at);
        rows.step();
        at += w;
    }
}

/// Pixels to the right of the one being painted whose line an eight asks
/// for: see [`prefetch_ahead`].
#[cfg(target_arch = "x86_64")]
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
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn prefetch_ahead<const ASKS: u8>(pixels: &[[u8; 4]], at: usize) {
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
#[cfg(target_arch = "x86_64")]
const ASK_NONE: u8 = 0;
/// An eight every row of which asks.
#[cfg(target_arch = "x86_64")]
const ASK_ALL: u8 = 1;
/// An eight whose rows ask or not by where each starts.
#[cfg(target_arch = "x86_64")]
const ASK_BY_ROW: u8 = 2;

/// `$paint::<ASKS>(args)`, with the `ASKS` ([`ASK_NONE`], [`ASK_ALL`] or
/// [`ASK_BY_ROW`]) that `$asks` holds: one loop of the painter for each,
/// chosen once an eight.
#[cfg(target_arch = "x86_64")]
macro_rules! with_asks {
    ($asks:expr, $paint:ident($($arg:expr),* $(,)?)) => {
        match $asks {
            ASK_NONE => $paint::<ASK_NONE>($($arg),*),
            ASK_ALL => $paint::<ASK_ALL>($($arg),*),
            _ => $paint::<ASK_BY_ROW>($($arg),*),
        }
    };
}
#[cfg(target_arch = "x86_64")]
use with_asks;

/// Which rows of the eight at pixel `at`, in rows `w` pixels apart, ask
/// for the line ahead ([`prefetch_ahead`]), on a processor where eights
/// ask (`ahead`, [`asks_ahead`]): where `w` is a multiple of 16, as in
/// every usual frame size, all of them or none, found once an eight
/// rather than tested each row (PERF.md entry 115).
#[cfg(target_arch = "x86_64")]
fn asks(ahead: bool, at: usize, w: usize) -> u8 {
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
#[cfg(target_arch = "x86_64")]
fn asks_ahead() -> bool {
    static AHEAD: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AHEAD.get_or_init(|| !made_by_amd())
}

/// True if this processor names AMD as its maker (CPUID leaf 0 spells
/// "AuthenticAMD" across EBX, EDX and ECX).
#[cfg(target_arch = "x86_64")]
fn made_by_amd() -> bool {
    let id = std::arch::x86_64::__cpuid(0);
    let word = |s: &[u8; 4]| u32::from_le_bytes(*s);
    [id.ebx, id.edx, id.ecx] == [word(b"Auth"), word(b"enti"), word(b"cAMD")]
}

/// The eight `u32`s of `a` in the lanes of a vector.
#[cfg(target_arch = "x86_64")]
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
#[cfg(target_arch = "x86_64")]
struct Stepper {
    /// Lanes 0-3 and 4-7 of the rows, wrapping.
    rows: [std::arch::x86_64::__m256i; 2],
    steps: [std::arch::x86_64::__m256i; 2],
}

#[cfg(target_arch = "x86_64")]
impl Stepper {
    /// The rows of `g`'s lanes from screen row `y`: `v0 + step * y`
    /// (wrapping, as `v_at` does), four lanes at a time. Worked out for
    /// each band an eight meets, so in vectors: one lane at a time it was
    /// about 60 instructions a call, and 1-3% of the 1920x1080 frame
    /// (PERF.md entry 49). `y` is a screen row, below 2^32, so its product
    /// with the step's high half needs only the low 32 bits.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn at(g: &Group<8>, y: usize) -> Self {
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
    fn hi(&self) -> std::arch::x86_64::__m256i {
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
    fn step(&mut self) {
        use std::arch::x86_64::*;
        self.rows = [
            _mm256_add_epi64(self.rows[0], self.steps[0]),
            _mm256_add_epi64(self.rows[1], self.steps[1]),
        ];
    }
}

/// Paints up to `n` rows of an eight down from pixel `at` (rows `w`
/// apart) as [`paint_oct`] paints them, from [`Windows`]: each row's
/// pixels picked by permutes from the eight shaded texels of each lane's
/// column from the window's start, loaded again only when some lane's
/// texture row leaves its window. The same texels at the same brightness,
/// so the same bytes. Stops at the first row whose lanes no pair of
/// windows holds, and returns how many rows it painted. `ASKS` as for
/// [`paint_oct`].
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn paint_oct_windows<const ASKS: u8>(
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
        prefetch_ahead::<ASKS>(pixels, at);
        rows.step();
        at += w;
    }
    n
}

/// Four neighbouring [`plain`] strips, from the same row down: each its
/// texture column, texture row (32.32), step and last row, and brightness
/// (at most 256).
struct Quad<'a> {
    columns: [&'a [u32]; 4],
    v: [u64; 4],
    step: [u64; 4],
    last: [usize; 4],
    brightness: [u32; 4],
}

/// Paints `n` rows of a [`Quad`] down from pixel `at` (rows `w` apart):
/// in SSE2 where `paths` allows, else a pixel at a time.
fn paint_quad(paths: Paths, pixels: &mut [[u8; 4]], at: usize, w: usize, n: usize, quad: Quad) {
    match paths {
        // SAFETY: SSE2 is part of every x86-64 processor.
        #[cfg(target_arch = "x86_64")]
        Paths::Sse2 | Paths::Avx2 => unsafe { paint_quad_sse2(pixels, at, w, n, quad) },
        _ => paint_quad_scalar(pixels, at, w, n, quad),
    }
}

/// [`paint_quad`] in SSE2 (every x86-64 has it): the four texels of a row
/// loaded one by one, then shaded together as `shade` does each, `(c * b)
/// >> 8`, opaque.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn paint_quad_sse2(pixels: &mut [[u8; 4]], mut at: usize, w: usize, n: usize, quad: Quad) {
    use std::arch::x86_64::*;
    let Quad {
        columns,
        mut v,
        step,
        last,
        brightness: b,
    } = quad;
    // Each lane's brightness in both its 16-bit halves.
    let b = b.map(|b| (b * 0x1_0001) as i32);
    let b = _mm_setr_epi32(b[0], b[1], b[2], b[3]);
    let opaque = _mm_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    for _ in 0..n {
        let texel = |i: usize| columns[i][((v[i] >> 32) as usize).min(last[i])] as i32;
        let texels = _mm_set_epi32(texel(3), texel(2), texel(1), texel(0));
        let out = _mm_or_si128(scale_sse2(texels, b), opaque);
        let row = pixels[at..at + 4].as_flattened_mut();
        // SAFETY: `row` is 16 writable bytes; the store is unaligned.
        unsafe { _mm_storeu_si128(row.as_mut_ptr().cast(), out) };
        for i in 0..4 {
            v[i] = v[i].wrapping_add(step[i]);
        }
        at += w;
    }
}

/// [`paint_quad`] a pixel at a time: the reference.
fn paint_quad_scalar(pixels: &mut [[u8; 4]], mut at: usize, w: usize, n: usize, mut quad: Quad) {
    for _ in 0..n {
        for i in 0..4 {
            let row = ((quad.v[i] >> 32) as usize).min(quad.last[i]);
            pixels[at + i] = shade(quad.columns[i][row], quad.brightness[i]);
            quad.v[i] = quad.v[i].wrapping_add(quad.step[i]);
        }
        at += w;
    }
}

/// Paints rows `from..to` (within `rows`) of column `x`'s wall strip.
#[allow(clippy::too_many_arguments)]
fn paint_column(
    art: &MapArt,
    rows: &mut Rows,
    w: usize,
    x: usize,
    span: &ColumnSpan,
    s: &WallStrip,
    from: usize,
    to: usize,
) {
    if from >= to {
        return;
    }
    let texture = art.face_texture(s.wall);
    let size = texture.size();
    let column = texture.column(s.column);
    let mut v = s.v_at(span, from);
    let mut at = (from - rows.y0) * w + x;
    if s.last < size && s.step < NEAR_STEP {
        paint_runs(rows.pixels, at, w, to - from, v, s, column);
    } else if s.last < size {
        for _ in from..to {
            let row = ((v >> 32) as usize).min(s.last);
            rows.pixels[at] = shade(column[row], s.brightness);
            v = v.wrapping_add(s.step);
            at += w;
        }
    } else {
        for _ in from..to {
            let row = ((v >> 32) as usize).min(s.last) % size;
            rows.pixels[at] = shade(column[row], s.brightness);
            v = v.wrapping_add(s.step);
            at += w;
        }
    }
}

/// A near wall's strip, `n` pixels down from `at` (rows `w` apart) from
/// texture row `v` (32.32): each texel row spreads over several pixels, so
/// it is shaded once and its run of pixels painted, the run's end found by
/// one division. The same pixels as the per-pixel loop.
#[inline(never)]
fn paint_runs(
    pixels: &mut [[u8; 4]],
    mut at: usize,
    w: usize,
    n: usize,
    mut v: u64,
    s: &WallStrip,
    column: &[u32],
) {
    let mut k = 0;
    while k < n {
        let row = ((v >> 32) as usize).min(s.last);
        let px = shade(column[row], s.brightness);
        let run = if row == s.last || s.step == 0 {
            n - k
        } else {
            // Pixels until the walk crosses into the next row.
            let to_next = ((row as u64 + 1) << 32) - v;
            (to_next.div_ceil(s.step) as usize).min(n - k)
        };
        for _ in 0..run {
            pixels[at] = px;
            at += w;
        }
        v = v.wrapping_add(s.step.wrapping_mul(run as u64));
        k += run;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texture::Texture;

    /// The vector rows of an eight at any screen row, and after each of
    /// the steps below it, are the lane-by-lane sums of
    /// [`Group::rows_at`], in full and as the whole rows [`Stepper::hi`]
    /// gives, in lane order: steps and starts anywhere in 64 bits (so the
    /// sums wrap), rows from the frame's top to 2^32 - 1.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn vector_rows_are_the_lanes_rows() {
        use std::arch::x86_64::_mm256_storeu_si256;
        if !Paths::Avx2.runs_here() {
            return;
        }
        let mut rng = crate::rng::Rng::new(49);
        for case in 0..2000 {
            let mut g = Group::<8> {
                step: [0; 8],
                last: [0; 8],
                base: [0; 8],
                brightness: [0; 8],
                v0: [0; 8],
            };
            for i in 0..8 {
                g.step[i] = rng.next_u64() >> (case % 40);
                g.v0[i] = rng.next_u64();
            }
            let y = match case % 4 {
                0 => case / 4,
                1 => rng.next_u64() as u32 as usize,
                2 => u32::MAX as usize - case / 4,
                _ => (rng.next_u64() % 8192) as usize,
            };
            // SAFETY: AVX2 is here (checked above).
            let mut rows = unsafe { Stepper::at(&g, y) };
            for k in 0..4 {
                let want = g.rows_at(y + k);
                let (mut full, mut hi) = ([0u64; 8], [0u32; 8]);
                // SAFETY: AVX2 is here; `full` is 64 writable bytes and `hi`
                // 32, stored unaligned.
                unsafe {
                    _mm256_storeu_si256(full.as_mut_ptr().cast(), rows.rows[0]);
                    _mm256_storeu_si256(full[4..].as_mut_ptr().cast(), rows.rows[1]);
                    _mm256_storeu_si256(hi.as_mut_ptr().cast(), rows.hi());
                    rows.step();
                }
                assert_eq!(full, want, "case {case}, row {y} + {k}");
                assert_eq!(
                    hi,
                    want.map(|v| (v >> 32) as u32),
                    "case {case}, row {y} + {k}"
                );
            }
        }
    }

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

    /// Casting a run of columns in one call, its rays worked out ahead in
    /// groups, records what casting each column alone records: over more
    /// than one group and a part of one, from a column other than the
    /// first, through a door, past wall corners near and far.
    #[test]
    fn a_run_of_columns_casts_as_each_column_alone() {
        let map = Map::from_rows(&[
            "##########",
            "#....#...#",
            "#.#..D...#",
            "#>...#...#",
            "#........#",
            "##########",
        ]);
        let art = MapArt::plain(&map);
        let (w, h, first) = (2 * RAYS_AHEAD + 23, 120, 9);
        let proj = Projection::eye_at([1.5, 3.5], 0.3, 0.0, (w + first, h));
        let record = |s: &ColumnSpan, t: &WallStrip| {
            let span = (s.top, s.bottom, s.depth.to_bits());
            (
                span,
                t.wall,
                t.column,
                t.brightness,
                t.v_top,
                t.step,
                t.last,
            )
        };
        let mut spans = vec![ColumnSpan::default(); w];
        let mut strips = vec![WallStrip::default(); w];
        cast(&map, &art, &proj, first, &mut spans, &mut strips);
        let mut walls = std::collections::BTreeSet::new();
        for x in 0..w {
            let (mut span, mut strip) = ([ColumnSpan::default()], [WallStrip::default()]);
            cast(&map, &art, &proj, first + x, &mut span, &mut strip);
            let alone = record(&span[0], &strip[0]);
            assert_eq!(record(&spans[x], &strips[x]), alone, "column {x}");
            walls.insert((strip[0].wall, span[0].top));
        }
        // The view meets the door and walls at several distances.
        assert!(walls.iter().any(|&(wall, _)| wall == art.walls.len()));
        assert!(walls.len() > 10, "{walls:?}");
    }

    /// Painting four or eight columns at a time, on every path, gives the
    /// pixels of painting each column alone, for strips far, near and
    /// repeating, of two textures, in bands anywhere down the frame.
    #[test]
    fn quads_paint_what_columns_paint() {
        let map = Map::from_rows(&["###", "#>#", "###"]);
        let mut art = MapArt::plain(&map);
        let patterned = |seed: u32| {
            let rgba: Vec<u8> = (0..64 * 64 * 4u32)
                .map(|i| (i.wrapping_mul(seed) >> 7) as u8)
                .collect();
            Texture::from_rgba(64, &rgba)
        };
        art.walls = vec![patterned(2_654_435_761), patterned(40_503)];
        let mut z = 17u64;
        let mut next = |m: u64| {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (z >> 11) % m
        };
        let (w, h) = (37, 90);
        let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.0, (w, h));
        for _ in 0..300 {
            let spans: Vec<ColumnSpan> = (0..w)
                .map(|_| {
                    let top = next(h as u64 / 2) as usize;
                    ColumnSpan {
                        top,
                        bottom: top + next((h - top) as u64 + 1) as usize,
                        depth: 1.0,
                    }
                })
                .collect();
            let strips: Vec<WallStrip> = (0..w)
                .map(|_| WallStrip {
                    // Mostly one texture, so that runs of eight share it.
                    wall: usize::from(next(10) == 0),
                    column: next(64) as usize,
                    brightness: next(257) as u32,
                    v_top: next(64 << 32),
                    step: if next(5) == 0 {
                        next(NEAR_STEP)
                    } else {
                        next(8 << 32)
                    },
                    last: if next(6) == 0 {
                        127
                    } else {
                        63 - next(2) as usize
                    },
                })
                .collect();
            let (y0, y1) = {
                let a = next(h as u64) as usize;
                (a, a + 1 + next((h - a) as u64) as usize)
            };
            paints_what_columns_paint(&art, &proj, (&spans, &strips), (y0, y1));
        }
    }

    /// Painting the rows `y0..y1` of `strips` in a band, on every path,
    /// gives the pixels of painting each column alone wherever a wall
    /// covers them; returns how many eights had [`Windows`].
    fn paints_what_columns_paint(
        art: &MapArt,
        proj: &Projection,
        (spans, strips): (&[ColumnSpan], &[WallStrip]),
        (y0, y1): (usize, usize),
    ) -> usize {
        let w = strips.len();
        let mut columns = vec![[0u8; 4]; (y1 - y0) * w];
        let mut rows = Rows::new(&mut columns, w, y0, Paths::Scalar);
        for (x, (span, s)) in spans.iter().zip(strips).enumerate() {
            let (from, to) = (span.top.max(y0), span.bottom.min(y1));
            paint_column(art, &mut rows, w, x, span, s, from, to);
        }
        // Pixels no wall covers are the flats' to paint: only the walls'
        // are compared.
        let walls_match = |got: &[[u8; 4]], how: &str| {
            for (i, (got, want)) in got.iter().zip(&columns).enumerate() {
                let (x, y) = (i % w, y0 + i / w);
                if (spans[x].top..spans[x].bottom).contains(&y) {
                    assert_eq!(got, want, "{how}, ({x}, {y}) in rows {y0}..{y1}");
                }
            }
        };
        let mut windowed = 0;
        for paths in Paths::available() {
            let mut groups = vec![[0u8; 4]; (y1 - y0) * w];
            let mut rows = Rows::new(&mut groups, w, y0, paths);
            let mut plan = Plan::default();
            plan.make(art, (spans, strips), 0, paths);
            windowed += plan.octs.iter().filter(|o| o.windows.is_some()).count();
            let plan = std::slice::from_ref(&plan);
            paint(art, proj, &mut rows, (spans, strips), plan);
            walls_match(&groups, &format!("{paths:?}"));
            // Plans made a few columns at a time, as each ray task makes
            // its own: every wall pixel as the columns alone paint it (a
            // plan's last few columns go as its last eight where they
            // make one).
            for per in [1, 5, 8, 13, 64] {
                let plans: Vec<Plan> = (0..w)
                    .step_by(per)
                    .map(|first| {
                        let end = (first + per).min(w);
                        let mut plan = Plan::default();
                        plan.make(art, (&spans[first..end], &strips[first..end]), first, paths);
                        plan
                    })
                    .collect();
                let mut split = vec![[0u8; 4]; (y1 - y0) * w];
                let mut rows = Rows::new(&mut split, w, y0, paths);
                paint(art, proj, &mut rows, (spans, strips), &plans);
                walls_match(&split, &format!("{paths:?}, plans of {per} columns"));
            }
            // In blocks of rows, every pixel as in one (blocks of one row,
            // of a few, more blocks than rows).
            for blocks in [2, 3, y1 - y0, y1 - y0 + 7] {
                let mut blocked = vec![[0u8; 4]; (y1 - y0) * w];
                let mut rows = Rows::new(&mut blocked, w, y0, paths);
                paint_in_blocks(art, proj, &mut rows, (spans, strips), plan, blocks);
                assert!(
                    blocked == groups,
                    "{paths:?}, rows {y0}..{y1} in {blocks} blocks"
                );
            }
        }
        windowed
    }

    /// Eights of a near wall, whose lanes read one or two texture columns
    /// at one brightness, paint from windows what each column alone
    /// paints: magnified or not, lanes' rows close or far apart (so that
    /// windows are loaded again, or given up for the rest of the rows),
    /// rows clamped at the last or not, in bands anywhere down the frame.
    #[test]
    fn windows_paint_what_columns_paint() {
        let map = Map::from_rows(&["###", "#>#", "###"]);
        let mut art = MapArt::plain(&map);
        let rgba: Vec<u8> = (0..64 * 64 * 4u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 9) as u8)
            .collect();
        art.walls = vec![Texture::from_rgba(64, &rgba)];
        let mut rng = crate::rng::Rng::new(5);
        let mut next = |m: u64| rng.next_u64() % m;
        let (w, h) = (40, 120);
        let proj = Projection::eye_at([1.5, 1.5], 0.0, 0.0, (w, h));
        let mut windowed = 0;
        for _ in 0..400 {
            // A wall's face: texture columns changing every few screen
            // columns, rows stepping alike, with each lane a little apart.
            let (top, bottom) = (next(40) as usize, 60 + next(61) as usize);
            let per_column = 1 + next(12);
            let first_column = next(64);
            let step = match next(3) {
                0 => next(1 << 30),
                1 => next(1 << 32),
                _ => next(3 << 32),
            };
            let spread_bits = next(34);
            let (spread, brightness) = (next(1 << spread_bits), next(257) as u32);
            let v_top = next(64 << 32);
            let spans: Vec<ColumnSpan> = (0..w)
                .map(|_| ColumnSpan {
                    top: top + next(3) as usize,
                    bottom: bottom - next(3) as usize,
                    depth: 1.0,
                })
                .collect();
            let strips: Vec<WallStrip> = (0..w as u64)
                .map(|x| WallStrip {
                    wall: 0,
                    column: ((first_column + x / per_column) % 64) as usize,
                    // Now and then a lane lit unlike the others.
                    brightness: brightness + u32::from(next(40) == 0),
                    v_top: v_top.wrapping_add(next(spread + 1)),
                    step: step + next(spread / 64 + 1),
                    last: if next(4) == 0 { 40 } else { 63 },
                })
                .collect();
            let (y0, y1) = {
                let a = next(h as u64) as usize;
                (a, a + 1 + next((h - a) as u64) as usize)
            };
            windowed += paints_what_columns_paint(&art, &proj, (&spans, &strips), (y0, y1));
        }
        assert!(windowed > 500, "{windowed} eights with windows");
    }

    /// Painting a near strip a texel row at a time gives the pixels the
    /// per-pixel walk gives, wherever the strip starts and however it
    /// ends (clamped at its last row or not).
    #[test]
    fn runs_paint_what_the_pixel_walk_paints() {
        let column: Vec<u32> = (0..64u32)
            .map(|i| i.wrapping_mul(0x0101_0305) | 0xff00_0000)
            .collect();
        let w = 3;
        let mut z = 99u64;
        let mut next = || {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            z >> 11
        };
        for _ in 0..2000 {
            let n = (next() % 200) as usize;
            let strip = WallStrip {
                wall: 0,
                column: 0,
                brightness: (next() % 257) as u32,
                v_top: next() % (64 << 32),
                step: next() % NEAR_STEP,
                last: 63 - (next() % 3) as usize,
            };
            let (mut runs, mut walk) = (vec![[0u8; 4]; n * w], vec![[0u8; 4]; n * w]);
            paint_runs(
                &mut runs,
                1,
                w,
                n.saturating_sub(1),
                strip.v_top,
                &strip,
                &column,
            );
            let mut v = strip.v_top;
            for k in 0..n.saturating_sub(1) {
                let row = ((v >> 32) as usize).min(strip.last);
                walk[1 + k * w] = shade(column[row], strip.brightness);
                v = v.wrapping_add(strip.step);
            }
            assert_eq!(runs, walk, "{strip:?}");
        }
    }
}
