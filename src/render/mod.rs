//! The software raycaster: from the world to an RGBA buffer of any size.
//!
//! [`draw`] paints, in order: walls (one ray per column, recording each
//! column's depth and span), floor and ceiling (row by row, around the
//! walls), sprites (enemies, shots and puffs, depth-tested per column),
//! the exhaust's sparks, then the HUD. No platform code: it runs headless
//! and in tests.
//!
//! The renderer's own words, as its files use them:
//! - **band**: whole rows of the frame that one thread paints, walls to
//!   HUD (`bands.rs`); the frame is cut into bands tall first and short
//!   last.
//! - **span**: the rows a column's wall covers on screen (`ColumnSpan`);
//!   a **cover** is the same packed for the flats' test of a row
//!   (`WallCover`).
//! - **mask**: a row's open columns, those no wall covers, one bit a
//!   column; a **flip** is a row where a column's bit changes, its wall
//!   beginning or ending there (`flats/mask`).
//! - **run**: a stretch of open columns in a row, painted whole
//!   (`flats/runs.rs`).
//! - **walk**: a floor or ceiling row's path across its texture, the
//!   texel coordinates stepped in fixed point a pixel at a time
//!   (`flats/walk`).
//! - **strip**: a narrow part of a texture: a wall column's texture column
//!   and its step down the screen (`WallStrip`), or the two texture
//!   lines at most that a slow walk's eight pixels see.
//! - **window**: eight neighbouring texels of a line, loaded and shaded
//!   once, from which eights pick their pixels while they stay in it.
//! - **eight**: eight neighbouring columns or pixels painted by one AVX2
//!   store; a **four**, by one SSE2 store.
//! - **plan**: which of a frame's wall columns are painted as eights, as
//!   fours or alone, made once a frame; each of its steps is a **piece**
//!   (`walls/plan.rs`).
//! - **paths**: the instruction sets the loops run on, scalar, SSE2 and
//!   AVX2, every path painting the same bytes ([`Paths`]).
//! - **prefetch**: a hint that fetches a frame's line into the cache
//!   before the line is stored to (`walls/prefetch.rs`).

mod arms;
mod bands;
mod beacon;
mod by_band;
mod cockpit;
mod comfort;
mod fight;
mod flats;
mod font;
pub mod help;
mod hud;
mod layout;
pub mod pacing;
pub mod panel;
mod paths;
mod radar;
mod roll;
mod shown;
pub use crate::map::raycast;
pub mod sprites;
pub mod tally;
mod walls;
mod wounds;

pub use hud::{words as hud_words, GoalShown, Hud, Parts, Prompts};
pub use paths::Paths;

use crate::map::MapArt;
use crate::sim::{Pose, World};
use crate::sprites::Art;

/// How the scene is seen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Where the eye is and which way it looks.
    pub pose: Pose,
    /// Horizontal field of view in radians.
    pub fov: f64,
}

/// The furthest the view tilts up or down, radians (60 degrees): beyond it
/// a sheared projection stretches more than it shows.
pub const MAX_VIEW_PITCH: f64 = std::f64::consts::FRAC_PI_3;

/// The default horizontal field of view: 90 degrees.
pub const DEFAULT_FOV_DEG: f64 = 90.0;
/// The narrowest field of view the game offers, degrees (a comfort option:
/// about 90 suits a monitor at arm's length).
pub const MIN_FOV_DEG: f64 = 60.0;
/// The widest field of view the game offers, degrees: beyond it a flat
/// projection stretches the screen's edges more than it shows.
pub const MAX_FOV_DEG: f64 = 120.0;

impl View {
    /// The default view from `pose`.
    pub fn from_pose(pose: Pose) -> Self {
        Self {
            pose,
            fov: DEFAULT_FOV_DEG.to_radians(),
        }
    }
}

/// The projection shared by the passes: the camera basis and the scale
/// from the view plane to pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projection {
    /// Eye position in tiles.
    pub x: f64,
    pub y: f64,
    /// Unit view direction.
    pub fx: f64,
    pub fy: f64,
    /// Unit direction to the right of the view.
    pub rx: f64,
    pub ry: f64,
    /// Pixels per unit of view-plane offset at distance 1: the focal length.
    pub focal: f64,
    /// Screen row of the horizon (may be fractional).
    pub horizon: f64,
    /// Eye height in tiles.
    pub eye: f64,
    /// How tall the walls are, tiles: the ceiling's height.
    pub ceiling: f64,
    /// The view direction, radians (the sky turns with it).
    pub yaw: f64,
    pub width: usize,
    pub height: usize,
}

impl Projection {
    /// The projection of `view` onto `width` x `height` pixels under a
    /// ceiling `ceiling` tiles high.
    pub(crate) fn new(view: &View, ceiling: f64, width: usize, height: usize) -> Self {
        let (fy, fx) = view.pose.yaw.sin_cos();
        let half_fov = (view.fov * 0.5).clamp(0.05, 1.5);
        let focal = width as f64 * 0.5 / half_fov.tan();
        // Looking down shears the picture up: the horizon rises.
        let pitch = if view.pose.pitch.is_finite() {
            view.pose.pitch.clamp(-MAX_VIEW_PITCH, MAX_VIEW_PITCH)
        } else {
            0.0
        };
        Self {
            x: view.pose.x,
            y: view.pose.y,
            fx,
            fy,
            // y grows south, so "right" of east (0) is south (+y).
            rx: -fy,
            ry: fx,
            focal,
            horizon: height as f64 * 0.5 - focal * pitch.tan(),
            // Keep the eye strictly between floor and ceiling.
            eye: view.pose.z.clamp(0.01, ceiling - 0.01),
            ceiling,
            yaw: view.pose.yaw,
            width,
            height,
        }
    }

    /// The (unnormalised) ray through the centre of pixel column `x`: its
    /// forward component is 1, so distances along it are perpendicular
    /// distances, which is what keeps walls straight (no fisheye).
    pub fn column_ray(&self, x: usize) -> (f64, f64) {
        let k = (x as f64 + 0.5 - self.width as f64 * 0.5) / self.focal;
        (self.fx + self.rx * k, self.fy + self.ry * k)
    }
}

#[cfg(test)]
impl Projection {
    /// For tests: the view from `at`, half a tile up (a walker's eye),
    /// turned `yaw` and tilted `pitch`, unrolled, under a ceiling one tile
    /// high, onto `size` pixels.
    pub(crate) fn eye_at(at: [f64; 2], yaw: f64, pitch: f64, (w, h): (usize, usize)) -> Self {
        let pose = Pose {
            x: at[0],
            y: at[1],
            z: 0.5,
            yaw,
            pitch,
            roll: 0.0,
        };
        Self::new(&View::from_pose(pose), 1.0, w, h)
    }
}

/// Per-column results of the wall pass that later passes need.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ColumnSpan {
    /// First screen row the wall covers.
    pub top: usize,
    /// One past the last row the wall covers.
    pub bottom: usize,
    /// The wall's distance along the view, tiles (infinite with no wall).
    pub depth: f64,
}

/// The rows a column's wall covers, packed for the flats' scan of every
/// row: row `y` is open if `y - top` (wrapping) is at least `rows`.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct WallCover {
    /// First row the wall covers.
    pub top: u32,
    /// How many rows it covers.
    pub rows: u32,
}

impl WallCover {
    fn of(span: &ColumnSpan) -> Self {
        Self {
            top: span.top as u32,
            rows: (span.bottom - span.top) as u32,
        }
    }

    /// True if row `y` of the column is not covered by its wall.
    #[inline]
    pub fn open(self, y: u32) -> bool {
        y.wrapping_sub(self.top) >= self.rows
    }
}

/// Where a column's wall samples its texture.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WallStrip {
    /// The wall texture, by index into the map's walls.
    pub wall: usize,
    /// The texture column.
    pub column: usize,
    /// Brightness, 0 to 256.
    pub brightness: u32,
    /// Texture row at the span's first pixel, 32.32 fixed point, counted
    /// from the wall's top.
    pub v_top: u64,
    /// Texture rows per pixel, 32.32 fixed point.
    pub step: u64,
    /// The last texture row counted from the top (past one texture when
    /// the wall is more than a tile tall: rows wrap).
    pub last: usize,
}

/// A band of whole rows of the frame: rows `y0` to `y1` (not included),
/// `pixels` holding exactly them.
pub(crate) struct Rows<'a> {
    pub pixels: &'a mut [[u8; 4]],
    pub y0: usize,
    pub y1: usize,
    /// The instructions the per-pixel loops use.
    pub paths: Paths,
}

impl<'a> Rows<'a> {
    /// The whole rows in `pixels`, of a frame `width` pixels wide (more
    /// than 0), from frame row `y0`, painted on `paths`.
    pub(crate) fn new(pixels: &'a mut [[u8; 4]], width: usize, y0: usize, paths: Paths) -> Self {
        debug_assert!(
            width > 0 && pixels.len().is_multiple_of(width),
            "whole rows"
        );
        Self {
            y1: y0 + pixels.len() / width,
            pixels,
            y0,
            paths,
        }
    }
}

/// Rows of a frame's shortest bands at most. The threads cut a frame into
/// bands tall first and short last, in whole bands of `band_rows` rows
/// (see `bands`): the last bands, and the sparks' sorting, are that
/// tall. Measured as every band's height against 16, 32 and 64 in PERF.md
/// (entries 5 and 16); the bands tall first since entry 146.
pub const BAND_ROWS: usize = 48;
/// Shortest bands a frame makes at least for each thread that shares it,
/// while they stay [`MIN_BAND_ROWS`] tall: a short frame cut in bands of
/// 48 rows made too few for two cores to finish together (360 rows, 8
/// bands: PERF.md entry 21).
const MIN_BANDS_PER_THREAD: usize = 6;
/// Rows of the shortest bands at least.
const MIN_BAND_ROWS: usize = 16;

/// Rows of the shortest bands of a frame `height` rows tall shared by
/// `threads`: [`BAND_ROWS`], or fewer in a short frame, so that it makes
/// [`MIN_BANDS_PER_THREAD`] of them a thread. The bands change where the
/// frame's work is cut, never a pixel (tests compare pools and bands).
pub(crate) fn band_rows_for(height: usize, threads: usize) -> usize {
    let bands = MIN_BANDS_PER_THREAD.saturating_mul(threads.max(1));
    height.div_ceil(bands).clamp(MIN_BAND_ROWS, BAND_ROWS)
}
/// Pixels a frame has for each thread it wakes at least: a frame of
/// 320x180 on two threads of the 2-vCPU Zen 4 took 0.094 ms (median) against
/// 0.091 on one, 160x90 0.053 against 0.050, while 640x360 took 0.126
/// against 0.201 (PERF.md entry 154). A thread woken for a smaller share
/// costs more in waking than it saves.
const MIN_PIXELS_PER_THREAD: usize = 320 * 180;

/// The threads a `width` x `height` frame is drawn on, of `pool`: as many
/// as have [`MIN_PIXELS_PER_THREAD`] each, one at least. On one, the
/// frame is drawn on the calling thread, without a task for the pool.
pub(crate) fn threads_for((width, height): (usize, usize), pool: usize) -> usize {
    (width.saturating_mul(height) / MIN_PIXELS_PER_THREAD).clamp(1, pool.max(1))
}

/// Columns per task of the wall pass's rays.
const RAY_COLUMNS: usize = 64;

/// A ray task's columns, numbered: their spans, strips and covers, and
/// their walls' plan.
type Task<'a> = (
    usize,
    (
        (
            (&'a mut [ColumnSpan], &'a mut [WallStrip]),
            &'a mut [WallCover],
        ),
        &'a mut walls::Plan,
    ),
);

/// What a frame needs besides the frame itself, kept between frames so
/// that drawing allocates nothing once it has run at a size: the columns'
/// wall spans and covers, the flats' open-column masks, the sky's columns
/// and the sprite list.
#[derive(Debug, Default)]
pub struct Workspace {
    /// What this frame's rays find.
    columns: Columns,
    /// What the last frame's rays found, where the next frame's rays
    /// write: the two sets take turns. Every band reads every column, so
    /// at a frame's end both cores hold the lines of its set; writing the
    /// same set again, the next frame's ray tasks would first take each
    /// line back from the other core (PERF.md entry 143).
    spare: Columns,
    masks: Vec<u64>,
    sky: Vec<f64>,
    billboards: Vec<sprites::Billboard>,
    sparks: sprites::Sparks,
    /// The dial's ring's points round the unit circle.
    circle: cockpit::Circle,
    /// A rolled view's level picture and shears.
    turn: roll::Turn,
    /// The paths a test chose; the processor's best if none.
    paths: Option<Paths>,
}

/// Each column's wall, as the rays find it, and the walls' plans.
#[derive(Debug, Default)]
struct Columns {
    spans: Vec<ColumnSpan>,
    covers: Vec<WallCover>,
    /// The walls' plans: one for each ray task's columns, or on one
    /// thread the first for the whole frame.
    plans: Vec<walls::Plan>,
    strips: Vec<WallStrip>,
}

impl Workspace {
    /// Draws with `paths` rather than the widest this processor has: for
    /// tests and the bench, which compare them.
    ///
    /// # Panics
    /// If this processor cannot run `paths`.
    pub fn use_paths(&mut self, paths: Paths) {
        assert!(paths.runs_here(), "{} does not run here", paths.name());
        self.paths = Some(paths);
    }
}

/// What a frame shows: the world seen from a view, with the HUD over it
/// and the sprites of the art.
#[derive(Clone, Copy)]
pub struct Scene<'a> {
    /// The world to show.
    pub world: &'a World,
    /// Where the eye is and where it looks.
    pub view: &'a View,
    /// What the HUD shows besides the world.
    pub hud: &'a Hud,
    /// The sprite sheets.
    pub art: &'a Art,
    /// The map's textures.
    pub map_art: &'a MapArt,
}

/// Pixels to draw into: `width` x `height` RGBA, row-major, 4 bytes each.
pub struct Frame<'a> {
    pixels: &'a mut [u8],
    width: usize,
    height: usize,
}

impl<'a> Frame<'a> {
    /// The frame of `pixels`, which must hold `width * height * 4` bytes.
    pub fn new(pixels: &'a mut [u8], width: usize, height: usize) -> Self {
        assert_eq!(
            pixels.len(),
            width * height * 4,
            "frame of {width}x{height} RGBA"
        );
        Self {
            pixels,
            width,
            height,
        }
    }
}

/// Draws `scene` into `frame`. A one-off: a game drawing frame after frame
/// keeps a [`Workspace`] and calls [`draw_in`].
pub fn draw(scene: &Scene, frame: Frame) {
    let mut ws = Workspace::default();
    draw_in(&mut ws, scene, frame);
}

/// [`draw`] with the scratch space of `ws`, on every core of rayon's pool
/// in force. The frame is the same byte for byte on any number of cores:
/// every pixel is worked out by the same arithmetic whichever band it is in.
///
/// The steps, as Wolfenstein 3D's `ThreeDRefresh` reads:
/// 1. the rays of the columns (in parallel over groups of columns) decide
///    each column's wall span, and on more than one thread each group
///    then plans its walls; beside them, what does not wait for them: the
///    sky's columns, the sprites, the exhaust's sparks and the readout's
///    lines;
/// 2. on one thread, the walls' plan for the whole frame;
/// 3. the bands, in parallel, tall ones first, each taken by the first
///    thread free (`bands`): each paints its walls, floor and ceiling,
///    sprites far to near, the exhaust and the HUD over them;
/// 4. a rolled view paints its bands aside instead, each turned into
///    the frame by three shears as soon as it is painted, and then takes
///    the HUD, level.
pub fn draw_in(ws: &mut Workspace, scene: &Scene, frame: Frame) {
    let Frame {
        pixels,
        width,
        height,
    } = frame;
    if width == 0 || height == 0 {
        return;
    }
    let proj = Projection::new(scene.view, scene.world.map().wall_height, width, height);
    let threads = threads_for((width, height), rayon::current_num_threads());
    let cut = Cut {
        threads,
        band_rows: band_rows_for(height, threads),
        paths: ws.paths.unwrap_or_else(Paths::best),
    };
    std::mem::swap(&mut ws.columns, &mut ws.spare);
    // A closed restrictor's surround goes black: nothing there is painted.
    let skip = comfort::Skip::of(scene, (width, height));
    // 1. The rays, and beside them what does not wait for them: on two
    // cores a short frame's setup would otherwise leave one idle (PERF.md
    // entry 38).
    let Workspace {
        columns,
        masks,
        sky,
        billboards,
        sparks,
        circle,
        turn,
        ..
    } = ws;
    let mut cast = || columns.cast(scene, &proj, cut, skip);
    let mut beside = || beside_rays(scene, &proj, cut, (sky, billboards, sparks));
    let ((), readout) = if cut.threads > 1 {
        rayon::join(cast, beside)
    } else {
        (cast(), beside())
    };
    // 2. On one thread, the walls' plan for the whole frame.
    columns.plan_whole(scene.map_art, cut);
    let columns = &*columns;
    let roll = scene.view.pose.roll;
    let ready = Ready {
        scene,
        proj,
        paths: cut.paths,
        columns: (&columns.spans, &columns.strips, &columns.covers),
        plans: columns.plans(cut),
        sky,
        billboards,
        sparks,
        readout: &readout,
        circle: circle.of(cockpit::ring_points(layout::dial_radius(
            layout::text_scale(height),
        ))),
        pads: scene.world.map().has_pads(),
        skip,
        // A rolled view turns the scene before the HUD goes on, level; a
        // level one draws the HUD in the same pass.
        rolled: roll.is_finite() && roll != 0.0,
    };
    let words = flats::mask_words(width);
    let (pixels, _) = pixels.as_chunks_mut::<4>();
    // 3. The bands tall first and short last, each taken by whichever
    // thread is free (see `bands`); the sparks are sorted into bands of
    // `band_rows`, the shortest.
    if !ready.rolled {
        masks.resize(height * words, 0);
        let cutter = bands::Cutter::new(
            (&mut *pixels, width),
            (&mut masks[..], words),
            cut.band_rows,
            cut.threads,
        );
        bands::share(cutter, |band| ready.paint(band));
        return;
    }
    // 4. A rolled view: the bands of the level picture, each painted aside
    // and sent to its places in the turned frame; the HUD, level, over
    // each band of the frame once it is whole.
    let shape = (cut.band_rows, words, cut.threads);
    let paint = |band: bands::Band| ready.paint(band);
    let hud = |rows: &mut [[u8; 4]], y0| ready.hud_over(rows, y0);
    roll::draw(
        turn,
        (pixels, width, height),
        roll,
        shape,
        cut.paths,
        (paint, hud),
    );
}

/// What a frame works out beside its rays, not waiting for them: each
/// column's place round the sky, the billboards far to near, the
/// exhaust's sparks sorted into bands, and the readout's lines, returned.
fn beside_rays(
    scene: &Scene,
    proj: &Projection,
    cut: Cut,
    (sky, billboards, sparks): (
        &mut Vec<f64>,
        &mut Vec<sprites::Billboard>,
        &mut sprites::Sparks,
    ),
) -> font::Lines {
    flats::sky_columns(scene.world.map(), proj, sky);
    sprites::collect(
        scene.world,
        proj,
        scene.art,
        scene.hud.course_next,
        billboards,
    );
    sparks.make(scene.world, proj, cut.paths, cut.band_rows);
    hud::readout_of(scene)
}

/// How a frame's work is shared: the pool's threads (asked for once a
/// frame), the shortest bands' rows, and the paths the loops run on.
#[derive(Clone, Copy, Debug)]
struct Cut {
    threads: usize,
    band_rows: usize,
    paths: Paths,
}

impl Columns {
    /// Casts the rays of every column into these columns, for the frame
    /// of `proj`, in tasks of [`RAY_COLUMNS`] columns. With another thread
    /// to share them, each task's columns get their walls' plan beside
    /// their rays, while the columns are in that core's cache, rather than
    /// in a pass of their own after the rays that one thread makes while
    /// the others wait (PERF.md entry 129).
    fn cast(&mut self, scene: &Scene, proj: &Projection, cut: Cut, skip: Option<comfort::Skip>) {
        use rayon::prelude::*;
        let width = proj.width;
        let Columns {
            spans,
            covers,
            plans,
            strips,
        } = self;
        spans.resize(width, ColumnSpan::default());
        strips.resize(width, WallStrip::default());
        covers.resize(width, WallCover::default());
        plans.resize_with(width.div_ceil(RAY_COLUMNS), walls::Plan::default);
        let (map, map_art) = (scene.world.map(), scene.map_art);
        // A task: the rays of the columns from `i * RAY_COLUMNS`.
        let task = |(i, (((spans, strips), covers), plan)): Task| {
            let first = i * RAY_COLUMNS;
            walls::cast(map, map_art, proj, first, spans, strips);
            if let Some(skip) = skip {
                for (i, (span, strip)) in spans.iter_mut().zip(&mut *strips).enumerate() {
                    walls::clip(span, strip, skip.column(first + i));
                }
            }
            for (cover, span) in covers.iter_mut().zip(&*spans) {
                *cover = WallCover::of(span);
            }
            if cut.threads > 1 {
                plan.make(map_art, (spans, strips), first, cut.paths);
            }
        };
        if cut.threads <= 1 {
            // On the calling thread: a task handed to the pool would wake
            // another thread to run it, for nothing.
            let columns = (spans.chunks_mut(RAY_COLUMNS))
                .zip(strips.chunks_mut(RAY_COLUMNS))
                .zip(covers.chunks_mut(RAY_COLUMNS));
            columns.zip(plans.iter_mut()).enumerate().for_each(task);
            return;
        }
        let columns = spans
            .par_chunks_mut(RAY_COLUMNS)
            .zip(strips.par_chunks_mut(RAY_COLUMNS))
            .zip(covers.par_chunks_mut(RAY_COLUMNS));
        columns.zip(plans.par_iter_mut()).enumerate().for_each(task)
    }

    /// On one thread, makes the plan for the whole frame after the rays,
    /// one whose eights no task's end cuts; on more, the ray tasks made
    /// theirs.
    fn plan_whole(&mut self, art: &MapArt, cut: Cut) {
        if cut.threads <= 1 {
            self.plans[0].make(art, (&self.spans, &self.strips), 0, cut.paths);
        }
    }

    /// The walls' plans of the frame (see [`Columns::plan_whole`]).
    fn plans(&self, cut: Cut) -> &[walls::Plan] {
        if cut.threads > 1 {
            &self.plans
        } else {
            &self.plans[..1]
        }
    }
}

/// What every band of a frame reads, worked out before the bands paint.
struct Ready<'a> {
    scene: &'a Scene<'a>,
    proj: Projection,
    paths: Paths,
    /// Each column's wall span, texture strip and cover.
    columns: (&'a [ColumnSpan], &'a [WallStrip], &'a [WallCover]),
    plans: &'a [walls::Plan],
    /// Each column's place round the sky, if the map has one.
    sky: &'a [f64],
    billboards: &'a [sprites::Billboard],
    sparks: &'a sprites::Sparks,
    readout: &'a font::Lines,
    /// The dial's ring's points.
    circle: &'a [[f64; 2]],
    /// Whether the map has landing pads (looked up once a frame).
    pads: bool,
    /// Whether the view is rolled: the HUD then goes on after the turn.
    rolled: bool,
    /// What a closed restrictor hides, left unpainted.
    skip: Option<comfort::Skip>,
}

impl Ready<'_> {
    /// Paints `band`, in the order of a frame: walls, floor and ceiling,
    /// sprites far to near, the exhaust, and last, over everything, the
    /// HUD (in a level view).
    fn paint(&self, band: bands::Band) {
        let bands::Band { y0, pixels, masks } = band;
        let (proj, scene) = (&self.proj, self.scene);
        let (spans, strips, covers) = self.columns;
        let map = scene.world.map();
        let mut rows = Rows::new(pixels, proj.width, y0, self.paths);
        walls::paint(scene.map_art, proj, &mut rows, (spans, strips), self.plans);
        let level = (map, scene.map_art, self.pads);
        flats::draw(level, proj, &mut rows, covers, masks, (self.sky, self.skip));
        sprites::draw(self.billboards, proj, scene.art, &mut rows, spans);
        sprites::particles(self.sparks, proj, &mut rows, spans);
        if !self.rolled {
            self.hud_over(rows.pixels, y0);
        }
    }

    /// The comfort options (the restrictor's surround, a snap's fade, a
    /// fixed reference) and the HUD over a band of rows from frame row
    /// `y0`.
    fn hud_over(&self, rows: &mut [[u8; 4]], y0: usize) {
        let mut canvas = font::Canvas::band(rows, self.proj.width, self.proj.height, y0);
        canvas.paths = self.paths;
        canvas.circle = self.circle;
        comfort::draw(self.scene, &mut canvas);
        hud::draw(self.scene, self.readout, &mut canvas);
    }
}

/// Distance shading: brightness (0 to 256) of a surface `dist` tiles away.
pub(crate) fn fog(dist: f64) -> u32 {
    const HALF_DISTANCE: f64 = 6.0;
    let b = 256.0 * HALF_DISTANCE / (HALF_DISTANCE + dist.max(0.0));
    (b as u32).clamp(24, 256)
}

/// `texel` with its colour channels scaled by `brightness` / 256 (0 to
/// 256), opaque. Two channels at a time in one multiply each: a channel
/// times at most 256 fits in 16 bits, so the halves never carry into each
/// other and each channel comes out exactly as `(c * brightness) >> 8`.
#[inline]
pub(crate) fn shade(texel: u32, brightness: u32) -> [u8; 4] {
    const EVEN: u32 = 0x00FF_00FF;
    let opaque = u32::from_ne_bytes([0, 0, 0, 255]);
    let b = brightness.min(256);
    let even = (((texel & EVEN) * b) >> 8) & EVEN;
    let odd = (((texel >> 8) & EVEN) * b) & !EVEN;
    ((even | odd) | opaque).to_ne_bytes()
}

#[cfg(test)]
mod tests {
    use super::{band_rows_for, shade, BAND_ROWS, MIN_BAND_ROWS};

    #[test]
    fn bands_are_cut_finer_for_more_threads_within_their_bounds() {
        // Two threads at 640x360: the shortest bands 30 rows, twelve to
        // the frame; one thread's 48 (it takes the frame in one band, and
        // sorts the sparks in bands of 48).
        assert_eq!(band_rows_for(360, 2), 30);
        assert_eq!(band_rows_for(360, 1), BAND_ROWS);
        assert_eq!(band_rows_for(1080, 1), BAND_ROWS);
        assert_eq!(band_rows_for(1080, 4), 45);
        for height in [1, 2, 15, 16, 17, 90, 359, 360, 1080, 4320] {
            let mut last = usize::MAX;
            for threads in [0, 1, 2, 3, 4, 8, 64, usize::MAX] {
                let rows = band_rows_for(height, threads);
                assert!((MIN_BAND_ROWS..=BAND_ROWS).contains(&rows));
                assert!(rows <= last, "{height} rows, {threads} threads");
                last = rows;
                if rows > MIN_BAND_ROWS && threads > 0 {
                    // Enough bands for every thread, six each.
                    let wanted = threads.saturating_mul(6).min(height.div_ceil(BAND_ROWS));
                    assert!(height.div_ceil(rows) >= wanted);
                }
            }
        }
    }

    #[test]
    fn a_small_frame_wakes_no_thread_it_cannot_keep_busy() {
        use super::{threads_for, MIN_PIXELS_PER_THREAD};
        // Below two threads' worth, one thread whatever the pool.
        assert_eq!(threads_for((320, 180), 2), 1);
        assert_eq!(threads_for((160, 90), 8), 1);
        assert_eq!(threads_for((1, 1), 2), 1);
        assert_eq!(threads_for((0, 0), 2), 1);
        // The bench's sizes keep both cores of two, and a frame never
        // takes more threads than the pool has, nor none.
        assert_eq!(threads_for((640, 360), 2), 2);
        assert_eq!(threads_for((960, 540), 2), 2);
        assert_eq!(threads_for((3840, 2160), 16), 16);
        assert_eq!(threads_for((640, 360), 0), 1);
        assert_eq!(threads_for((usize::MAX, usize::MAX), 4), 4);
        // A second thread at twice the pixels, a third at three times.
        let m = MIN_PIXELS_PER_THREAD;
        for (pixels, threads) in [
            (m - 1, 1),
            (2 * m - 1, 1),
            (2 * m, 2),
            (3 * m - 1, 2),
            (3 * m, 3),
        ] {
            assert_eq!(threads_for((pixels, 1), 64), threads, "{pixels} pixels");
        }
    }

    #[test]
    fn shading_two_channels_at_once_matches_one_at_a_time() {
        let texels = [
            0u32,
            0xFFFF_FFFF,
            0x1234_5678,
            0x80FF_0180,
            0x00FF_00FF,
            0xFF00_FF00,
        ];
        for brightness in [0, 1, 24, 127, 128, 200, 255, 256] {
            for texel in texels {
                let [r, g, b, _] = texel.to_ne_bytes();
                let s = |c: u8| ((c as u32 * brightness) >> 8) as u8;
                assert_eq!(shade(texel, brightness), [s(r), s(g), s(b), 255]);
            }
        }
    }
}
