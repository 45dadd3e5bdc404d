//! The walls' plan: which columns each band paints as eights, which as
//! fours and which alone. It depends on the strips, not on the band, so
//! it is made once a frame (or once a ray task's columns).

use super::column::NEAR_STEP;
use crate::map::MapArt;
use crate::render::{ColumnSpan, Paths, WallStrip};

/// How each band paints the walls' columns: which go in eights, which in
/// fours, which alone. It depends on the strips, not on the band, so it is
/// worked out once a frame ([`Plan::make`]), with each eight's lanes: for
/// the whole frame, or in plans of a few columns each, which paint the
/// same pixels.
#[derive(Debug, Default)]
pub(in crate::render) struct Plan {
    /// Each piece, and the screen rows its columns' walls reach: from the
    /// highest top to the lowest bottom.
    pub(super) pieces: Vec<(Piece, [usize; 2])>,
    pub(super) eights: Vec<Eight>,
}

/// One step of a [`Plan`].
#[derive(Clone, Copy, Debug)]
pub(super) enum Piece {
    /// Eight columns, [`Plan::eights`]' entry.
    Eight(u32),
    /// Four columns from this one.
    Quad(u32),
    /// This column alone.
    Column(u32),
}

/// Eight columns from `x` of the texture `wall`, their lanes laid out, and
/// whether the rows they all cover can be painted from windows.
#[derive(Debug)]
pub(super) struct Eight {
    pub(super) x: usize,
    pub(super) wall: usize,
    pub(super) group: Group<8>,
    pub(super) windows: Option<Windows>,
}

/// How an eight whose lanes read at most two texture columns, all at one
/// brightness, is painted from windows ([`paint_eight_windows`]): each
/// column's eight texels from a row on, loaded and shaded once and kept
/// while every lane's texture row stays among them. A magnified wall
/// shows each texel row over several screen rows and the eight's lanes
/// step down their columns together, so a window lasts many rows.
#[derive(Clone, Copy, Debug)]
pub(super) struct Windows {
    /// Where the two texture columns start in the texels (the same twice
    /// if all eight lanes read one).
    pub(super) columns: [u32; 2],
    /// Each lane's column: all ones if the second.
    pub(super) second: [u32; 8],
    pub(super) brightness: u16,
    /// The texture's size less eight: the last row a window may start at.
    pub(super) highest_start: u32,
    /// The screen rows all eight lanes' walls cover.
    pub(super) rows: [usize; 2],
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
    pub(in crate::render) fn make(
        &mut self,
        art: &MapArt,
        (spans, strips): (&[ColumnSpan], &[WallStrip]),
        first: usize,
        paths: Paths,
    ) {
        let w = strips.len();
        self.pieces.clear();
        self.eights.clear();
        // Their largest sizes at once: a frame needing more pieces than
        // the last then allocates nothing.
        self.pieces.reserve(w);
        self.eights.reserve(w.div_ceil(8));
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
            if paths == Paths::Avx2 && at + 8 <= w && fits_eight(art, &strips[at..at + 8]) {
                let wall = strips[at].wall;
                let size = art.face_texture(wall).size();
                let group = Group::new(size, spans, strips, at);
                let windows = Windows::of(size, spans, &group, at);
                let piece = Piece::Eight(self.eights.len() as u32);
                self.pieces.push((piece, reach(at, 8)));
                self.eights.push(Eight {
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

/// True if a strip can be painted in a [`Quad`]: its texture rows do not
/// repeat (a wall one tile tall) and it is not near enough to be painted a
/// texel row at a time.
fn plain(art: &MapArt, s: &WallStrip) -> bool {
    s.last < art.face_texture(s.wall).size() && s.step >= NEAR_STEP
}

/// True if eight strips can be painted as a [`Group`] by [`paint_eight`]:
/// all of one texture, none repeating its rows. Near strips too: eight
/// columns a row in one store beat each column's runs.
fn fits_eight(art: &MapArt, strips: &[WallStrip]) -> bool {
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
pub(super) struct Group<const N: usize> {
    pub(super) step: [u64; N],
    pub(super) last: [u32; N],
    pub(super) base: [u32; N],
    pub(super) brightness: [u16; N],
    pub(super) v0: [u64; N],
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
    pub(super) fn rows_at(&self, y: usize) -> [u64; N] {
        std::array::from_fn(|i| self.v0[i].wrapping_add(self.step[i].wrapping_mul(y as u64)))
    }
}
