//! The floor and ceiling pass: row by row, every pixel no wall covers.
//!
//! A screen row below the horizon sees the floor at one distance; along the
//! row the floor point moves in a straight line, so it is stepped, not
//! recomputed, per pixel. Rows above the horizon see the ceiling likewise,
//! or, under an open sky, a panorama that turns with the view (over the
//! whole map, or over the tiles open to it). Landing pads are painted over
//! the floor where the map has them.

#[cfg(target_arch = "x86_64")]
use super::paths::{load_eight, scale_avx2, scale_sse2};
use super::{fog, shade, Paths, Projection, Rows, WallCover};
use crate::map::{floor_i64, Map, MapArt, Surface};
use crate::texture::{Padded, Texture};
use std::f64::consts::{FRAC_PI_2, TAU};

/// Fills `sky` with each column's place round the sky panorama (0 to 1),
/// when the map has an open sky; empties it otherwise.
pub(super) fn sky_columns(map: &Map, proj: &Projection, sky: &mut Vec<f64>) {
    sky.clear();
    if map.sky.is_some() {
        let w = proj.width;
        sky.extend((0..w).map(|x| {
            let k = (x as f64 + 0.5 - w as f64 * 0.5) / proj.focal;
            (proj.yaw + k.atan()).rem_euclid(TAU) / TAU
        }));
    }
}

/// Draws floor and ceiling outside each column's wall span, in `rows`,
/// and the landing pads if `pads` (the map has any: looked up once a
/// frame, as it scans every tile); `masks` scratch for the band's
/// open-column masks (see [`open_masks`]), [`mask_words`] words a row.
pub(super) fn draw(
    (map, art, pads): (&Map, &MapArt, bool),
    proj: &Projection,
    rows: &mut Rows,
    covers: &[WallCover],
    masks: &mut [u64],
    sky_columns: &[f64],
) {
    let w = proj.width;
    let words = mask_words(w);
    let masks = &mut masks[..(rows.y1 - rows.y0) * words];
    let flipped = open_masks(rows.y0, covers, masks);
    let mut kept = KeptRuns::for_band(flipped, rows.y1 - rows.y0);
    // Each row's plane, a few rows ahead of their painting: a row's
    // distance, brightness and walk take divisions one after another,
    // which worked out just before its painting stood between one row's
    // last pixels and the next row's first (PERF.md entry 135).
    let mut ahead = [RowAhead::default(); ROWS_AHEAD];
    let sky_above = map.all_sky() && art.sky.is_some();
    for y in rows.y0..rows.y1 {
        let k = (y - rows.y0) % ROWS_AHEAD;
        if k == 0 {
            let rows_ahead = y..(y + ROWS_AHEAD).min(rows.y1);
            for (y, a) in rows_ahead.zip(&mut ahead) {
                let below = y as f64 + 0.5 - proj.horizon;
                *a = if below <= 0.0 && sky_above {
                    RowAhead {
                        below,
                        ..RowAhead::default()
                    }
                } else {
                    RowAhead::of(art, proj, y)
                };
            }
        }
        let RowAhead {
            below,
            dist,
            brightness,
            start,
        } = ahead[k];
        let mask = &masks[(y - rows.y0) * words..][..words];
        let runs = kept.of(y - rows.y0, mask);
        let (surface, _) = plane(art, proj, below);
        if let (true, true, Some(sky)) = (below <= 0.0, map.all_sky(), &art.sky) {
            let at = (y - rows.y0) * w;
            let row = &mut rows.pixels[at..at + w];
            runs.each(|a, b| {
                sky_row(
                    sky,
                    proj,
                    -below,
                    &sky_columns[a..b],
                    &mut row[a..b],
                    |_| true,
                );
            });
            continue;
        }
        let at = (y - rows.y0) * w;
        let row = &mut rows.pixels[at..at + w];
        let visible = |x: usize| mask[x / 64] >> (x % 64) & 1 == 1;
        match surface {
            Surface::Colour(rgb) => {
                let texel = u32::from_ne_bytes([rgb[0], rgb[1], rgb[2], 255]);
                let px = shade(texel, brightness);
                runs.each(|a, b| row[a..b].fill(px));
            }
            Surface::Texture(texture) if texture.size().is_power_of_two() => {
                masked_row(rows.paths, texture, start, brightness, row, runs);
            }
            Surface::Texture(texture) => {
                textured_row(texture, proj, dist, brightness, row, visible);
            }
        }
        if below > 0.0 && pads {
            pads_row(map, proj, dist, brightness, row, visible);
        }
        if let (true, Some(_), Some(sky)) = (below <= 0.0, &map.sky, &art.sky) {
            // Open sky over some tiles: where the ceiling point is under
            // one, the panorama shows instead.
            let ([px, py], [dx, dy]) = row_walk(proj, dist);
            let open = |x: usize| {
                let (cx, cy) = (px + dx * x as f64, py + dy * x as f64);
                visible(x) && map.is_open_sky(cx.floor() as i64, cy.floor() as i64)
            };
            sky_row(sky, proj, -below, sky_columns, row, open);
        }
    }
}

/// 64-bit words in one row of open-column masks `width` columns wide.
pub(super) fn mask_words(width: usize) -> usize {
    width.div_ceil(64)
}

/// Fills `masks`, one row of [`mask_words`] words per screen row from `y0`
/// on, with the columns of each row that no wall covers: bit `x % 64` of
/// word `x / 64` set where column `x` is open. Returns the rows whose mask
/// differs from the row above's, as bits (bit `r` for row `r` of the band,
/// the band's first row left out; rows 64 on share bit `r % 64`).
///
/// Only the first row is scanned column by column. A column's cover
/// changes at two rows at most, where its wall begins and where it ends
/// (the column's flips, found by [`mark_flips`]), so the other rows are
/// the row above with those changes flipped: two marks a column instead
/// of a compare a column a row.
pub(super) fn open_masks(y0: usize, covers: &[WallCover], masks: &mut [u64]) -> u64 {
    let words = mask_words(covers.len());
    if words == 0 {
        return 0;
    }
    masks.fill(0);
    let rows = masks.len() / words;
    let flipped = mark_flips(y0, covers, &mut masks[..rows * words], words);
    for (word, block) in masks[..words].iter_mut().zip(covers.chunks(64)) {
        *word = open_mask(block, y0 as u32);
    }
    for r in 1..rows {
        let (above, row) = masks[(r - 1) * words..(r + 1) * words].split_at_mut(words);
        for (w, a) in row.iter_mut().zip(above) {
            *w ^= *a;
        }
    }
    flipped
}

/// Flips bit `x` of row `r` of `masks` (rows of `words` words, the first
/// being frame row `y0`) for each column `x` whose cover begins or ends on
/// a row `r` of them other than the first, and returns those rows as bits
/// (bit `r % 64`). Each band looks at every column for its own, rather
/// than the frame sorting the edges into bands first: the sort stood
/// between the rays and the bands, a hand-over between cores of its own
/// (PERF.md entry 126).
fn mark_flips(y0: usize, covers: &[WallCover], masks: &mut [u64], words: usize) -> u64 {
    let rows = masks.len().checked_div(words).unwrap_or(0);
    if rows < 2 {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if let (Ok(y0), Ok(rows)) = (u32::try_from(y0), u32::try_from(rows)) {
        // SAFETY: SSE2 is part of every x86-64 processor.
        return unsafe { mark_flips_sse2(y0, rows, covers, masks, words) };
    }
    mark_flips_scalar(y0, covers, masks, words, 0)
}

/// [`mark_flips`] one column at a time, for the columns of `covers` from
/// `first` on.
fn mark_flips_scalar(
    y0: usize,
    covers: &[WallCover],
    masks: &mut [u64],
    words: usize,
    first: usize,
) -> u64 {
    let rows = (masks.len() / words.max(1)) as u64;
    let mut flipped = 0;
    for (x, c) in covers.iter().enumerate().skip(first) {
        if c.rows == 0 {
            continue;
        }
        let top = u64::from(c.top);
        for edge in [top, top + u64::from(c.rows)] {
            let r = edge.wrapping_sub(y0 as u64);
            if (1..rows).contains(&r) {
                flip(masks, words, r as usize, x);
                flipped |= 1 << (r % 64);
            }
        }
    }
    flipped
}

/// Flips column `x` of row `r` of `masks`, rows of `words` words.
fn flip(masks: &mut [u64], words: usize, r: usize, x: usize) {
    masks[r * words + x / 64] ^= 1 << (x % 64);
}

/// The tops and the rows of four covers, one a lane.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn tops_and_rows(
    quad: &[WallCover; 4],
) -> (std::arch::x86_64::__m128i, std::arch::x86_64::__m128i) {
    use std::arch::x86_64::*;
    // SAFETY: `quad` is four covers of two u32 each (`repr(C)`): 32
    // readable bytes; the loads are unaligned.
    let (a, b) = unsafe {
        let p = quad.as_ptr().cast::<__m128>();
        (_mm_loadu_ps(p.cast()), _mm_loadu_ps(p.add(1).cast()))
    };
    (
        _mm_castps_si128(_mm_shuffle_ps::<0b10_00_10_00>(a, b)),
        _mm_castps_si128(_mm_shuffle_ps::<0b11_01_11_01>(a, b)),
    )
}

/// [`mark_flips`]'s body, compiled for SSE2: four columns' two edges
/// tested at once, `edge - (y0 + 1) < rows - 1` unsigned as a signed
/// compare with the sign bits flipped; the few columns with an edge in
/// the band are marked one by one. A cover's end (`top + rows`) is
/// summed in 32 bits: covers are a frame's rows, so it is at most the
/// frame's height, as [`open_mask_sse2`] takes it to be.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn mark_flips_sse2(
    y0: u32,
    rows: u32,
    covers: &[WallCover],
    masks: &mut [u64],
    words: usize,
) -> u64 {
    use std::arch::x86_64::*;
    let sign = _mm_set1_epi32(i32::MIN);
    let second = _mm_set1_epi32(y0.wrapping_add(1) as i32);
    let limit = _mm_set1_epi32(((rows - 1) ^ 1 << 31) as i32);
    let zero = _mm_setzero_si128();
    let (quads, _) = covers.as_chunks::<4>();
    let mut flipped = 0;
    for (q, quad) in quads.iter().enumerate() {
        let (tops, lens) = tops_and_rows(quad);
        let ends = _mm_add_epi32(tops, lens);
        let within = |edge| {
            let r = _mm_xor_si128(_mm_sub_epi32(edge, second), sign);
            _mm_cmpgt_epi32(limit, r)
        };
        // An empty cover has no edges.
        let empty = _mm_cmpeq_epi32(lens, zero);
        let hits = _mm_andnot_si128(
            _mm_packs_epi32(empty, empty),
            _mm_packs_epi32(within(tops), within(ends)),
        );
        let mut bits = _mm_movemask_epi8(hits) as u32;
        while bits != 0 {
            // Two bits a lane of eight 16-bit lanes: tops, then ends.
            let lane = bits.trailing_zeros() / 2;
            bits &= !(3 << (2 * lane));
            let c = quad[lane as usize % 4];
            let edge = if lane < 4 { c.top } else { c.top + c.rows };
            let r = edge.wrapping_sub(y0);
            flip(masks, words, r as usize, q * 4 + lane as usize % 4);
            flipped |= 1 << (r % 64);
        }
    }
    let done = covers.len() / 4 * 4;
    flipped | mark_flips_scalar(y0 as usize, covers, masks, words, done)
}

/// Calls `paint(a, b)` for each run of open columns `a..b` in one row of
/// open-column masks (see [`open_masks`]): the flats' inner loops then run
/// over whole runs, with no test per pixel.
///
/// A run begins or ends where a bit differs from the bit before it (the
/// column to its left, the last bit of the word before for bit 0), so each
/// word's edges are `bits ^ (bits << 1 | carry)`, taken lowest first. Most
/// words of a row have none: [`next_edge_word`] skips them in a loop of its
/// own (PERF.md entry 74).
fn open_runs(mask: &[u64], mut paint: impl FnMut(usize, usize)) {
    let mut start = 0;
    let mut block = 0;
    loop {
        block = next_edge_word(mask, block);
        let Some(&bits) = mask.get(block) else {
            break;
        };
        let mut edges = bits ^ (bits << 1 | carry_into(mask, block));
        while edges != 0 {
            let at = edges.trailing_zeros();
            edges &= edges - 1;
            let x = block * 64 + at as usize;
            if bits >> at & 1 == 1 {
                start = x;
            } else {
                paint(start, x);
            }
        }
        block += 1;
    }
    if mask.last().is_some_and(|w| w >> 63 == 1) {
        // Bits past the last column are clear, so a run still open here
        // has reached the last column of a row of whole words.
        paint(start, mask.len() * 64);
    }
}

/// The open runs of a band's rows of masks, kept while the rows below
/// have the same mask: [`open_runs`] scans a row's words for the edges
/// (a word for every 64 columns, each one looked at), while a row that no
/// flip changes has the runs of the row above. In the bench's three poses
/// at 1920x1080, 52% of the rows; 1% of the frame (PERF.md entry 90).
#[derive(Debug)]
struct KeptRuns {
    /// The band's rows that its flips change, as bits (bit `r` for row
    /// `r`): every other row's mask is the row above's. All of them in a
    /// band of more than 64 rows, which the bits cannot tell apart.
    flipped: u64,
    runs: [(u32, u32); KEPT_RUNS],
    len: usize,
    /// True if `runs` are those of the rows since the last flip; false
    /// before the first row, after a flip, or where a row had more runs
    /// than there is room for.
    valid: bool,
}

/// Runs a row may have for [`KeptRuns`] to keep them; a row with more is
/// scanned every time.
const KEPT_RUNS: usize = 32;

impl KeptRuns {
    /// Nothing kept yet, for a band `rows` tall whose flipped rows are
    /// `flipped` (see [`open_masks`]).
    fn for_band(flipped: u64, rows: usize) -> Self {
        let flipped = if rows > 64 { u64::MAX } else { flipped };
        KeptRuns {
            flipped,
            runs: [(0, 0); KEPT_RUNS],
            len: 0,
            valid: false,
        }
    }

    /// The runs of row `r` of the band, whose mask is `mask`: those kept,
    /// or those found now and kept if they fit, or the mask to scan. (A
    /// row with more runs than fit is scanned twice, here and as it is
    /// painted; keeping the runs while painting instead, one scan for
    /// every row, made the 640x360 frame 2.5% slower: PERF.md entry 96.)
    fn of<'a>(&'a mut self, r: usize, mask: &'a [u64]) -> Runs<'a> {
        let flipped = r >= 64 || self.flipped >> r & 1 == 1;
        if flipped || !self.valid {
            let (mut len, runs) = (0, &mut self.runs);
            let mut fits = true;
            open_runs(mask, |a, b| match runs.get_mut(len) {
                Some(run) => {
                    *run = (a as u32, b as u32);
                    len += 1;
                }
                None => fits = false,
            });
            (self.len, self.valid) = (len, fits);
        }
        if self.valid {
            Runs::Kept(&self.runs[..self.len])
        } else {
            Runs::Scan(mask)
        }
    }
}

/// A row's open runs: kept from a scan, or still to scan.
#[derive(Clone, Copy, Debug)]
enum Runs<'a> {
    Kept(&'a [(u32, u32)]),
    Scan(&'a [u64]),
}

impl Runs<'_> {
    /// Calls `paint(a, b)` for each run `a..b`, left to right.
    fn each(self, mut paint: impl FnMut(usize, usize)) {
        match self {
            Runs::Kept(runs) => runs
                .iter()
                .for_each(|&(a, b)| paint(a as usize, b as usize)),
            Runs::Scan(mask) => open_runs(mask, paint),
        }
    }
}

/// The first word of `mask` from `from` on in which a run begins or ends
/// (see [`open_runs`]), or `mask.len()` if none does. Kept out of line so
/// that its loop, away from the painting inlined in [`open_runs`], keeps
/// its state in registers: inlined, it kept it on the stack (PERF.md
/// entry 74).
///
/// A word has no edge only if every bit is its carry, the bit before it:
/// all clear after a clear bit, all set after a set one. So the words
/// before the first edge are all the same, every bit the carry into
/// `from`, and the first edge is in the first word that differs from
/// that: no carry passed from word to word (PERF.md entry 138).
#[inline(never)]
fn next_edge_word(mask: &[u64], from: usize) -> usize {
    let same = 0u64.wrapping_sub(carry_into(mask, from));
    let rest = mask.get(from..).unwrap_or_default();
    rest.iter()
        .position(|&w| w != same)
        .map_or(mask.len(), |i| from + i)
}

/// The bit that word `i` of `mask` sees to the left of its bit 0: the last
/// bit of the word before, or none (0) for the first word.
fn carry_into(mask: &[u64], i: usize) -> u64 {
    i.checked_sub(1)
        .and_then(|b| mask.get(b))
        .map_or(0, |w| w >> 63)
}

/// Bit `i` set where column `i` of `covers` (at most 64) is open in row
/// `y`, one column at a time: the reference for [`open_mask`].
fn open_mask_scalar(covers: &[WallCover], y: u32) -> u64 {
    covers
        .iter()
        .enumerate()
        .fold(0, |m, (i, c)| m | (u64::from(c.open(y)) << i))
}

/// [`open_mask_scalar`], four columns at a time in SSE2.
#[cfg(target_arch = "x86_64")]
fn open_mask(covers: &[WallCover], y: u32) -> u64 {
    // SAFETY: SSE2 is part of every x86-64 processor.
    unsafe { open_mask_sse2(covers, y) }
}

/// [`open_mask`]'s body, compiled for SSE2: `y - top` (wrapping) against
/// `rows`, unsigned, as signed compares of both with the sign bit flipped.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn open_mask_sse2(covers: &[WallCover], y: u32) -> u64 {
    use std::arch::x86_64::*;
    let flip = _mm_set1_epi32(i32::MIN);
    let row = _mm_set1_epi32(y as i32);
    let (quads, rest) = covers.as_chunks::<4>();
    let mut mask = 0u64;
    for (q, quad) in quads.iter().enumerate() {
        let (tops, rows) = tops_and_rows(quad);
        let below = _mm_xor_si128(_mm_sub_epi32(row, tops), flip);
        let covered = _mm_cmpgt_epi32(_mm_xor_si128(rows, flip), below);
        let closed = _mm_movemask_ps(_mm_castsi128_ps(covered)) as u64;
        mask |= (!closed & 0xF) << (q * 4);
    }
    // The last few columns, if any (none in a full block of 64).
    let done = (covers.len() / 4 * 4) as u32;
    mask | open_mask_scalar(rest, y).checked_shl(done).unwrap_or(0)
}

/// Elsewhere, one column at a time.
#[cfg(not(target_arch = "x86_64"))]
fn open_mask(covers: &[WallCover], y: u32) -> u64 {
    open_mask_scalar(covers, y)
}

/// One row of the sky, `above` pixels over the horizon: the panorama's
/// bottom at the horizon, its top straight up; unshaded (it is far away
/// and lit).
fn sky_row(
    texture: &Texture,
    proj: &Projection,
    above: f64,
    columns: &[f64],
    row: &mut [[u8; 4]],
    visible: impl Fn(usize) -> bool,
) {
    let n = texture.size();
    let elevation = (above / proj.focal).atan();
    let v = ((1.0 - elevation / FRAC_PI_2) * n as f64) as usize;
    let v = v.min(n - 1);
    for (x, p) in row.iter_mut().enumerate() {
        if visible(x) {
            let u = ((columns[x] * n as f64) as usize).min(n - 1);
            *p = texture.column(u)[v].to_ne_bytes();
        }
    }
}

/// The landing pads in one floor row `dist` tiles ahead: a ring of yellow
/// and black chevrons round a dark pad with a lit cross at its centre.
fn pads_row(
    map: &Map,
    proj: &Projection,
    dist: f64,
    brightness: u32,
    row: &mut [[u8; 4]],
    visible: impl Fn(usize) -> bool,
) {
    let ([mut px, mut py], [dx, dy]) = row_walk(proj, dist);
    // The tile under the last pixel, and whether it is a pad and which of
    // its sides are the pad's edge: worked out once per tile, not per pixel.
    let mut tile: Option<(i64, i64, Option<[bool; 4]>)> = None;
    for (x, p) in row.iter_mut().enumerate() {
        let (tx, ty) = (px.floor(), py.floor());
        let (cx, cy) = (tx as i64, ty as i64);
        if tile.is_none_or(|(x0, y0, _)| (x0, y0) != (cx, cy)) {
            let open = map.is_pad(cx, cy).then(|| {
                // The chevron border runs only round the pad's outside edge.
                [
                    !map.is_pad(cx - 1, cy),
                    !map.is_pad(cx + 1, cy),
                    !map.is_pad(cx, cy - 1),
                    !map.is_pad(cx, cy + 1),
                ]
            });
            tile = Some((cx, cy, open));
        }
        if let (true, Some((_, _, Some(open)))) = (visible(x), tile) {
            let rgb = pad_colour(px - tx, py - ty, open);
            *p = shade(
                u32::from_ne_bytes([rgb[0], rgb[1], rgb[2], 255]),
                brightness,
            );
        }
        px += dx;
        py += dy;
    }
}

/// A landing pad's colour at (`u`, `v`) within its tile, each 0 to 1;
/// `open` says which sides (west, east, north, south) are the pad's edge.
pub(super) fn pad_colour(u: f64, v: f64, open: [bool; 4]) -> [u8; 3] {
    let far = f64::INFINITY;
    let pick = |is_edge: bool, d: f64| if is_edge { d } else { far };
    let edge = pick(open[0], u)
        .min(pick(open[1], 1.0 - u))
        .min(pick(open[2], v))
        .min(pick(open[3], 1.0 - v));
    if edge < 0.12 {
        let stripe = ((u + v) * 6.0).floor() as i64 % 2 == 0;
        return if stripe { [230, 190, 40] } else { [30, 28, 24] };
    }
    let (cu, cv) = ((u - 0.5).abs(), (v - 0.5).abs());
    if (cu < 0.05 && cv < 0.25) || (cv < 0.05 && cu < 0.25) {
        return [120, 220, 255];
    }
    [52, 58, 66]
}

/// Where a floor or ceiling row `dist` tiles ahead meets column 0, and
/// how far that point moves per column, in tiles.
fn row_walk(proj: &Projection, dist: f64) -> ([f64; 2], [f64; 2]) {
    let (ray_x, ray_y) = proj.column_ray(0);
    (
        [proj.x + dist * ray_x, proj.y + dist * ray_y],
        [dist * proj.rx / proj.focal, dist * proj.ry / proj.focal],
    )
}

/// Rows of a band whose planes [`draw`] works out before painting them.
const ROWS_AHEAD: usize = 16;

/// What a row of the flats needs before its pixels: where it lies from the
/// horizon, its plane's distance and brightness, and, on a texture whose
/// size is a power of two, its walk.
#[derive(Clone, Copy, Debug, Default)]
struct RowAhead {
    /// From the horizon down to the row's pixel centres, pixels (the
    /// floor below it, the ceiling above).
    below: f64,
    dist: f64,
    brightness: u32,
    start: RowStart,
}

impl RowAhead {
    /// Screen row `y`'s.
    fn of(art: &MapArt, proj: &Projection, y: usize) -> Self {
        let below = y as f64 + 0.5 - proj.horizon;
        let (surface, height) = plane(art, proj, below);
        // Perpendicular distance to where this row meets the plane.
        let dist = height * proj.focal / below.abs().max(1e-3);
        let start = match surface {
            Surface::Texture(t) if t.size().is_power_of_two() => RowStart::of(t.size(), proj, dist),
            _ => RowStart::default(),
        };
        Self {
            below,
            dist,
            brightness: fog(dist),
            start,
        }
    }
}

/// The surface a row `below` pixels under the horizon shows (the floor
/// below it, the ceiling above), and the eye's height from that surface.
fn plane<'a>(art: &'a MapArt, proj: &Projection, below: f64) -> (&'a Surface, f64) {
    if below > 0.0 {
        (&art.floor, proj.eye)
    } else {
        (&art.ceiling, proj.ceiling - proj.eye)
    }
}

/// Where a row's walk across a texture `n` texels square (a power of two)
/// is at column 0 and its step a column, in 16.16 fixed point.
#[derive(Clone, Copy, Debug, Default)]
struct RowStart {
    u0: i64,
    v0: i64,
    du: i64,
    dv: i64,
}

impl RowStart {
    /// The walk of the row whose plane is `dist` away.
    fn of(n: usize, proj: &Projection, dist: f64) -> Self {
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

/// Fixed-point bits below the texel in [`masked_row`].
const FRAC_BITS: u32 = 16;

/// [`textured_row`] for a texture whose size is a power of two, over the
/// `open` runs of columns (from one row of [`open_masks`]): texel
/// coordinates in 16.16 fixed point, wrapped by a mask, so the loop has no
/// division, no float-to-int conversion and no bounds to check beyond one.
fn masked_row(
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

    /// The start and step of the walk's coordinate along a [`Strip`] and
    /// of the one across it, for a strip that runs along `v` if
    /// `ALONG_V`: `((along, d_along), (across, d_across))`.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn axes<const ALONG_V: bool>(&self) -> ((u32, u32), (u32, u32)) {
        let (u, v) = ((self.u, self.du), (self.v, self.dv));
        if ALONG_V {
            (v, u)
        } else {
            (u, v)
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
        Paths::Avx2 => unsafe { shade_walk_avx2((texels, padded), out, walk, brightness) },
        // SAFETY: SSE2 is part of every x86-64 processor.
        #[cfg(target_arch = "x86_64")]
        Paths::Sse2 => unsafe { shade_walk_sse2(texels, out, walk, brightness) },
        _ => shade_walk_scalar(texels, out, walk, brightness),
    }
}

/// [`shade_walk_scalar`] four pixels at a time in SSE2: indices in four
/// 32-bit lanes, the texels loaded one by one, then all sixteen channels
/// shaded at once as `shade` does one, `(c * b) >> 8`, opaque.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn shade_walk_sse2(texels: &[u32], out: &mut [[u8; 4]], walk: Walk, brightness: u32) {
    use std::arch::x86_64::*;
    let lanes = |k: u32, step: u32| {
        _mm_set_epi32(
            step.wrapping_mul(k + 3) as i32,
            step.wrapping_mul(k + 2) as i32,
            step.wrapping_mul(k + 1) as i32,
            step.wrapping_mul(k) as i32,
        )
    };
    let mut u = _mm_add_epi32(_mm_set1_epi32(walk.u as i32), lanes(0, walk.du));
    let mut v = _mm_add_epi32(_mm_set1_epi32(walk.v as i32), lanes(0, walk.dv));
    let (step_u, step_v) = (
        _mm_set1_epi32(walk.du.wrapping_mul(4) as i32),
        _mm_set1_epi32(walk.dv.wrapping_mul(4) as i32),
    );
    let u_shift = _mm_cvtsi32_si128(walk.u_shift as i32);
    let (u_mask, mask) = (
        _mm_set1_epi32(walk.u_mask as i32),
        _mm_set1_epi32(walk.mask as i32),
    );
    let b = _mm_set1_epi16(brightness.min(256) as i16);
    let opaque = _mm_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    let done = (out.len() / 4 * 4) as u32;
    let mut quads = out.chunks_exact_mut(4);
    for quad in &mut quads {
        let at = _mm_or_si128(
            _mm_and_si128(_mm_srl_epi32(u, u_shift), u_mask),
            _mm_and_si128(_mm_srli_epi32::<16>(v), mask),
        );
        let lane = |i: __m128i| _mm_cvtsi128_si32(i) as u32 as usize;
        let texel = _mm_set_epi32(
            texels[lane(_mm_srli_si128::<12>(at))] as i32,
            texels[lane(_mm_srli_si128::<8>(at))] as i32,
            texels[lane(_mm_srli_si128::<4>(at))] as i32,
            texels[lane(at)] as i32,
        );
        let pixels = _mm_or_si128(scale_sse2(texel, b), opaque);
        let mut bytes = [0u8; 16];
        // SAFETY: `bytes` is 16 writable bytes; the store is unaligned.
        unsafe { _mm_storeu_si128(bytes.as_mut_ptr().cast(), pixels) };
        quad.as_flattened_mut().copy_from_slice(&bytes);
        u = _mm_add_epi32(u, step_u);
        v = _mm_add_epi32(v, step_v);
    }
    shade_walk_scalar(texels, quads.into_remainder(), walk.from(done), brightness);
}

/// [`shade_walk_scalar`] eight pixels at a time in AVX2: as the SSE2 walk,
/// but the eight texels fetched by eight loads ([`load_eight`]), or, where
/// the walk keeps to a strip of the texture, by two loads from its
/// `padded` lines (see [`Strip`]). Every index is within the texture's
/// `n * n` texels (the walk's masks keep it there), checked once.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn shade_walk_avx2(
    (texels, padded): (&[u32], Option<&Padded>),
    out: &mut [[u8; 4]],
    walk: Walk,
    brightness: u32,
) {
    use std::arch::x86_64::*;
    // The largest index the masks let through.
    if (walk.u_mask | walk.mask) as usize >= texels.len() {
        return shade_walk_scalar(texels, out, walk, brightness);
    }
    // A run shorter than eight pixels: four at a time, then one.
    if out.len() < 8 {
        // AVX2 implies SSE2: a safe call from here.
        return shade_walk_sse2(texels, out, walk, brightness);
    }
    let u_shift = _mm_cvtsi32_si128(walk.u_shift as i32);
    let (u_mask, mask) = (
        _mm256_set1_epi32(walk.u_mask as i32),
        _mm256_set1_epi32(walk.mask as i32),
    );
    let b = _mm256_set1_epi16(brightness.min(256) as i16);
    if let Some(strip) = padded.and_then(|p| Strip::of(p, walk)) {
        // A slow walk in spans of eights that share one window of texels
        // (PERF.md entry 44), then the eights left over one by one. One
        // loop for each way the strip runs, so neither chooses per eight
        // pixels.
        let octs = strip.span_octs(walk);
        let done = match (octs >= 2, strip.along_v) {
            (false, _) => 0,
            (true, true) => shade_spans::<true>(&strip, out, walk, b, octs),
            (true, false) => shade_spans::<false>(&strip, out, walk, b, octs),
        };
        if done == out.len() {
            return;
        }
        // What the spans left, or, if that is under eight pixels, the
        // walk's last eight (painting a few again, with the same bytes).
        let from = if out.len() - done >= 8 {
            done
        } else {
            out.len() - 8
        };
        let (out, walk) = (&mut out[from..], walk.from(from as u32));
        if strip.along_v {
            shade_octs(out, walk, b, |u, v, k| strip.fetch::<true>(walk, k, [u, v]));
        } else {
            shade_octs(out, walk, b, |u, v, k| {
                strip.fetch::<false>(walk, k, [u, v])
            });
        }
    } else {
        shade_octs(out, walk, b, |u, v, _| {
            let at = _mm256_or_si256(
                _mm256_and_si256(_mm256_srl_epi32(u, u_shift), u_mask),
                _mm256_and_si256(_mm256_srli_epi32::<16>(v), mask),
            );
            // SAFETY: every lane of `at` is at most `u_mask | mask`, below
            // `texels.len()` (checked above).
            unsafe { load_eight::<false>(texels, at) }
        });
    }
}

/// Paints `out` (eight pixels or more) with `walk`, eight pixels at a
/// time, with the texels `fetch` gives for the lanes of their coordinates,
/// shaded by `b` (the brightness in every 16-bit lane). A run whose length
/// is not a multiple of eight ends with its last eight pixels, painting
/// again the few before them as they were: one more step rather than
/// a tail of fours and ones (PERF.md entry 39). One loop for each way of
/// fetching, so that none pays for choosing.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn shade_octs(
    out: &mut [[u8; 4]],
    walk: Walk,
    b: std::arch::x86_64::__m256i,
    fetch: impl Fn(
        std::arch::x86_64::__m256i,
        std::arch::x86_64::__m256i,
        u32,
    ) -> std::arch::x86_64::__m256i,
) {
    use std::arch::x86_64::*;
    let [step_u, step_v] = oct_steps(walk);
    let opaque = _mm256_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    let paint = |oct: &mut [[u8; 4]], u, v, k: u32| {
        let texel = fetch(u, v, k);
        let pixels = _mm256_or_si256(scale_avx2(texel, b), opaque);
        assert!(oct.len() == 8);
        // SAFETY: `oct` is eight pixels, 32 writable bytes; unaligned.
        unsafe { _mm256_storeu_si256(oct.as_mut_ptr().cast(), pixels) };
    };
    let [mut u, mut v] = oct_lanes(walk, 0);
    let mut octs = out.chunks_exact_mut(8);
    let mut k = 0;
    for oct in &mut octs {
        paint(oct, u, v, k);
        u = _mm256_add_epi32(u, step_u);
        v = _mm256_add_epi32(v, step_v);
        k += 8;
    }
    if !octs.into_remainder().is_empty() {
        let last = out.len() - 8;
        let [u, v] = oct_lanes(walk, last as u32);
        paint(&mut out[last..], u, v, last as u32);
    }
}

/// The coordinates `[u, v]` of the eight pixels `k..k + 8` along `walk`,
/// one a lane.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn oct_lanes(walk: Walk, k: u32) -> [std::arch::x86_64::__m256i; 2] {
    let at = |start: u32, step: u32| {
        let s = |i: u32| start.wrapping_add(step.wrapping_mul(k + i)) as i32;
        std::arch::x86_64::_mm256_setr_epi32(s(0), s(1), s(2), s(3), s(4), s(5), s(6), s(7))
    };
    [at(walk.u, walk.du), at(walk.v, walk.dv)]
}

/// What [`oct_lanes`] add from one eight to the next.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn oct_steps(walk: Walk) -> [std::arch::x86_64::__m256i; 2] {
    let step = |d: u32| std::arch::x86_64::_mm256_set1_epi32(d.wrapping_mul(8) as i32);
    [step(walk.du), step(walk.dv)]
}

/// Paints the whole spans of `octs` eights (two or more) from the start of
/// `out` with `walk`, whose steps let every span see one window of texels
/// ([`Strip::span_octs`]): eight along, on the lines the span's first and
/// last pixels are on. Each span loads and shades its window's two lines
/// once, and each of its eights picks its pixels from them by permutes, as
/// [`Strip::fetch`] picks them from its own unshaded eight: the same
/// texels, so the same bytes, with the shading paid once a span rather
/// than once an eight. Returns how many pixels it painted.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn shade_spans<const ALONG_V: bool>(
    strip: &Strip,
    out: &mut [[u8; 4]],
    walk: Walk,
    b: std::arch::x86_64::__m256i,
    octs: usize,
) -> usize {
    use std::arch::x86_64::*;
    let span = 8 * octs;
    let ((along, d_along), (across, d_across)) = walk.axes::<ALONG_V>();
    // From a span's first pixel to its last.
    let (reach_along, reach_across) = (
        d_along.wrapping_mul(span as u32 - 1),
        d_across.wrapping_mul(span as u32 - 1),
    );
    let backwards = (d_along as i32) < 0;
    let opaque = _mm256_set1_epi32(u32::from_ne_bytes([0, 0, 0, 255]) as i32);
    // The eight texels from `base` along `line` (both below the texture's
    // size), shaded.
    let window = |line: u32, base: u32| {
        // SAFETY: `line` and `base` are below the size `n`, and the pitch
        // is `n + 8` (checked in `Strip::of`): the eight end within `lines`.
        let texels = unsafe {
            let at = strip
                .lines
                .as_ptr()
                .add(line as usize * strip.pitch + base as usize);
            _mm256_loadu_si256(at.cast())
        };
        _mm256_or_si256(scale_avx2(texels, b), opaque)
    };
    let [step_u, step_v] = oct_steps(walk);
    let [mut u, mut v] = oct_lanes(walk, 0);
    let painted = out.len() / span * span;
    for (i, pixels) in out.chunks_exact_mut(span).enumerate() {
        // The span's first texel along (its last pixel's if the walk runs
        // backwards) and the lines of its first and last pixels: whole
        // texels, wrapped at 2^16 as the lanes' are.
        let k = (i * span) as u32;
        let (along, across) = (
            along.wrapping_add(d_along.wrapping_mul(k)),
            across.wrapping_add(d_across.wrapping_mul(k)),
        );
        let first = if backwards {
            along.wrapping_add(reach_along)
        } else {
            along
        } >> 16;
        let (line, last) = (across >> 16, across.wrapping_add(reach_across) >> 16);
        let (on_first, on_last) = (
            window(line & walk.mask, first & walk.mask),
            window(last & walk.mask, first & walk.mask),
        );
        let (first, last) = (
            _mm256_set1_epi32(first as i32),
            _mm256_set1_epi32(last as i32),
        );
        for oct in pixels.chunks_exact_mut(8) {
            let (along, across) = if ALONG_V { (v, u) } else { (u, v) };
            // Each pixel's place in the window (permutes read its low three
            // bits) and whether it is on the last pixel's line.
            let place = _mm256_sub_epi32(_mm256_srli_epi32::<16>(along), first);
            let is_last = _mm256_cmpeq_epi32(_mm256_srli_epi32::<16>(across), last);
            let pixels = _mm256_blendv_epi8(
                _mm256_permutevar8x32_epi32(on_first, place),
                _mm256_permutevar8x32_epi32(on_last, place),
                is_last,
            );
            // SAFETY: `oct` is eight pixels, 32 writable bytes; unaligned.
            unsafe { _mm256_storeu_si256(oct.as_mut_ptr().cast(), pixels) };
            u = _mm256_add_epi32(u, step_u);
            v = _mm256_add_epi32(v, step_v);
        }
    }
    painted
}

/// Eight pixels' texels from two loads: a walk that crosses at most one
/// texel edge across (under a seventh of a texel a pixel that way) and
/// under a texel a pixel along sees, in any eight pixels, at most eight
/// neighbouring texels along at most two lines of the texture. With the
/// lines [`Padded`], each line's eight are one unaligned load from the
/// first of them, and each pixel's texel is picked from its line's eight
/// by its place along (a permute): two loads, not eight.
#[cfg(target_arch = "x86_64")]
struct Strip<'a> {
    /// The padded lines: columns when the walk runs along them (down `v`),
    /// rows when it runs across them (along `u`).
    lines: &'a [u32],
    pitch: usize,
    /// Whether the walk runs along `v` (and crosses columns, `u`).
    along_v: bool,
    /// Which of an eight's pixels is the first along: 0, or 7 when the
    /// walk runs backwards.
    first: u32,
}

#[cfg(target_arch = "x86_64")]
impl<'a> Strip<'a> {
    /// The strip of `walk` in `padded`, if its steps keep it to one (and
    /// `padded` is the walk's texture's, `n` texels square).
    fn of(padded: &'a Padded, walk: Walk) -> Option<Self> {
        let one = 1i64 << FRAC_BITS;
        let span = |step: u32| i64::from(step as i32).abs();
        let (across_u, across_v) = (span(walk.du) * 7 < one, span(walk.dv) * 7 < one);
        let (lines, along_v) = if across_u && span(walk.dv) < one {
            (padded.columns(), true)
        } else if across_v && span(walk.du) < one {
            (padded.rows(), false)
        } else {
            return None;
        };
        let n = walk.mask as usize + 1;
        let pitch = padded.pitch();
        // Every load, `n` lines of `pitch` from `base < n`, reads within.
        let step = if along_v { walk.dv } else { walk.du };
        let first = if (step as i32) < 0 { 7 } else { 0 };
        (pitch == n + Padded::PAD && lines.len() == n * pitch).then_some(Self {
            lines,
            pitch,
            along_v,
            first,
        })
    }

    /// The most eights in a row whose pixels all see one window of texels
    /// ([`shade_spans`]), up to [`Strip::MAX_SPAN`]: its `p` pixels step
    /// `p - 1` times, at most seven texels along (so, from anywhere in the
    /// first texel, they see at most eight there) and at most one across
    /// (so at most two lines).
    fn span_octs(&self, walk: Walk) -> usize {
        let (along, across) = if self.along_v {
            (walk.dv, walk.du)
        } else {
            (walk.du, walk.dv)
        };
        let size = |step: u32| u64::from((step as i32).unsigned_abs());
        let one = 1u64 << FRAC_BITS;
        // The most pixels whose steps add up to at most `reach`.
        let most = |step: u64, reach: u64| reach.checked_div(step).map_or(u64::MAX, |k| k + 1);
        let pixels = most(size(along), 7 * one).min(most(size(across), one));
        (pixels / 8).min(Self::MAX_SPAN as u64) as usize
    }

    /// The longest span, in eights: past it the window's load and shading
    /// are a small part of a span's work.
    const MAX_SPAN: usize = 64;

    /// The texels of the eight pixels `k..k + 8` along `walk`, whose
    /// coordinates in 16.16 are the lanes of `[u, v]`; `ALONG_V` is
    /// `self.along_v`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn fetch<const ALONG_V: bool>(
        &self,
        walk: Walk,
        k: u32,
        [u, v]: [std::arch::x86_64::__m256i; 2],
    ) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        // Along: the axis the eight run down; across: the one they cross
        // at most once.
        let ((along, d_along), (across, d_across)) = walk.axes::<ALONG_V>();
        // The eight's first texel along (the last pixel's if the walk runs
        // backwards) and the lines of its first and last pixels: whole
        // texels, wrapped at 2^16 as the lanes' are. Worked out from `k` in
        // scalar registers, the same bits the lanes hold: taken out of the
        // lanes, they waited on the lanes' shifts and three moves out of
        // the vectors a step (PERF.md entry 110).
        let at = |start: u32, step: u32, k: u32| start.wrapping_add(step.wrapping_mul(k)) >> 16;
        let first = at(along, d_along, k + self.first);
        let (line, last) = (at(across, d_across, k), at(across, d_across, k + 7));
        let mask = walk.mask;
        // SAFETY: a line starts below `(n - 1) * pitch` and the base is
        // below `n`, and the pitch is `n + 8` (checked in `of`): the eight
        // texels from there end within `lines`.
        let (a, b) = unsafe {
            let p = self.lines.as_ptr().add((first & mask) as usize);
            let offset = |l: u32| (l & mask) as usize * self.pitch;
            (
                _mm256_loadu_si256(p.add(offset(line)).cast()),
                _mm256_loadu_si256(p.add(offset(last)).cast()),
            )
        };
        // Each pixel's place among the eight (permutes read its low three
        // bits, which wrapping keeps) and whether it is on the last
        // pixel's line.
        let (along, across) = if ALONG_V { (v, u) } else { (u, v) };
        let place = _mm256_sub_epi32(
            _mm256_srli_epi32::<16>(along),
            _mm256_set1_epi32(first as i32),
        );
        let on_last = _mm256_cmpeq_epi32(
            _mm256_srli_epi32::<16>(across),
            _mm256_set1_epi32(last as i32),
        );
        _mm256_blendv_epi8(
            _mm256_permutevar8x32_epi32(a, place),
            _mm256_permutevar8x32_epi32(b, place),
            on_last,
        )
    }
}

/// One row of a textured plane `dist` tiles ahead.
fn textured_row(
    texture: &Texture,
    proj: &Projection,
    dist: f64,
    brightness: u32,
    row: &mut [[u8; 4]],
    visible: impl Fn(usize) -> bool,
) {
    let size = texture.size() as f64;
    // World point under column 0, and its step per column, in texels.
    let (start, step) = row_walk(proj, dist);
    let mut u = start[0] * size;
    let mut v = start[1] * size;
    let du = step[0] * size;
    let dv = step[1] * size;
    let n = texture.size();
    for (x, p) in row.iter_mut().enumerate() {
        if visible(x) {
            let tu = (u.floor() as i64).rem_euclid(n as i64) as usize;
            let tv = (v.floor() as i64).rem_euclid(n as i64) as usize;
            *p = shade(texture.texel(tu, tv), brightness);
        }
        u += du;
        v += dv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector open-column mask is the scalar one, and the runs it
    /// gives are the runs of open columns, for every cover and row.
    #[test]
    fn open_columns_are_found_as_the_scalar_scan_finds_them() {
        let mut z = 3u64;
        let mut next = |m: u32| {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (z >> 33) as u32 % m
        };
        for n in [0, 1, 3, 4, 5, 63, 64, 65, 130, 300] {
            for _ in 0..20 {
                let covers: Vec<WallCover> = (0..n)
                    .map(|_| WallCover {
                        top: next(40),
                        rows: if next(4) == 0 { 0 } else { next(40) },
                    })
                    .collect();
                // Bands of rows starting at several rows, of several
                // heights; each row's runs as the column-by-column scan.
                for (y0, y1) in [(0, 60), (7, 8), (13, 45), (33, 60), (0, 70)] {
                    let words = mask_words(n);
                    let mut masks = vec![u64::MAX; (y1 - y0) * words];
                    let flipped = open_masks(y0, &covers, &mut masks);
                    let want = flips_by_scan(y0, y1 - y0, &covers)
                        .iter()
                        .fold(0, |bits, &[r, _]| bits | 1 << (r % 64));
                    assert_eq!(flipped, want, "{n} columns, rows {y0}..{y1}");
                    // The runs kept from row to row, as `draw` keeps them.
                    let mut kept = KeptRuns::for_band(flipped, y1 - y0);
                    for y in y0 as u32..y1 as u32 {
                        for (i, block) in covers.chunks(64).enumerate() {
                            assert_eq!(
                                open_mask(block, y),
                                open_mask_scalar(block, y),
                                "{n} {i} {y}"
                            );
                        }
                        let mut runs = Vec::new();
                        let mask = &masks[(y as usize - y0) * words..][..words];
                        open_runs(mask, |a, b| runs.push((a, b)));
                        let want = runs_where(n, |x| covers[x].open(y));
                        assert_eq!(runs, want, "{n} columns, row {y} of {y0}..{y1}");
                        let mut runs = Vec::new();
                        kept.of(y as usize - y0, mask)
                            .each(|a, b| runs.push((a, b)));
                        assert_eq!(runs, want, "kept: {n} columns, row {y} of {y0}..{y1}");
                    }
                }
            }
        }
    }

    /// The runs are those a bit-by-bit scan finds, for runs that begin or
    /// end at either edge of a word, cross words, fill whole rows, or are
    /// one column wide.
    #[test]
    fn runs_are_the_runs_of_set_bits() {
        let mut rng = crate::rng::Rng::new(11);
        let mut next = || rng.next_u64();
        let words = [0, u64::MAX, 1, 1 << 63, 1 | 1 << 63, 0x5555_5555_5555_5555];
        let mut masks: Vec<Vec<u64>> = vec![vec![]];
        for &a in &words {
            masks.push(vec![a]);
            for &b in &words {
                masks.push(vec![a, b]);
                for &c in &words {
                    masks.push(vec![a, b, c]);
                }
            }
        }
        for n in 1..8 {
            for _ in 0..50 {
                // Sparse edges: long runs, as a row of walls gives.
                masks.push((0..n).map(|_| next() & next() & next()).collect());
                masks.push((0..n).map(|_| next() | next() | next()).collect());
            }
        }
        for mask in &masks {
            let mut runs = Vec::new();
            open_runs(mask, |a, b| runs.push((a, b)));
            let bit = |x: usize| mask[x / 64] >> (x % 64) & 1 == 1;
            assert_eq!(runs, runs_where(mask.len() * 64, bit), "{mask:x?}");
        }
    }

    /// The runs `a..b` of the columns below `n` where `open` holds, found
    /// one column at a time: the reference for [`open_runs`].
    fn runs_where(n: usize, open: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
        let mut runs = Vec::new();
        let mut x = 0;
        while x < n {
            if open(x) {
                let a = x;
                while x < n && open(x) {
                    x += 1;
                }
                runs.push((a, x));
            } else {
                x += 1;
            }
        }
        runs
    }

    /// The first word with an edge, found as the first word unlike the
    /// carry's fill, is the one a word-by-word scan with the carry finds:
    /// over rows of clear and of set words with one edge anywhere, or
    /// none, from every start.
    #[test]
    fn the_next_edge_word_is_the_first_whose_bits_change() {
        let by_carry = |mask: &[u64], from: usize| {
            let mut carry = carry_into(mask, from);
            for (i, &bits) in mask.iter().enumerate().skip(from) {
                if bits ^ (bits << 1 | carry) != 0 {
                    return i;
                }
                carry = bits >> 63;
            }
            mask.len()
        };
        let mut tried = 0;
        for len in 0..=13 {
            for fill in [0, u64::MAX] {
                // One word changed (an edge inside it, or the whole word
                // the other way, which puts an edge at its first bit),
                // or none.
                let changes = (0..len).flat_map(|at| {
                    [fill ^ 1 << (at * 7 % 64), !fill, fill ^ 1 << 63].map(|word| (at, word))
                });
                for change in changes.map(Some).chain([None]) {
                    let mut mask = vec![fill; len];
                    if let Some((at, word)) = change {
                        mask[at] = word;
                    }
                    for from in 0..=len + 1 {
                        let want = by_carry(&mask, from);
                        assert_eq!(next_edge_word(&mask, from), want, "{mask:x?} from {from}");
                        tried += 1;
                    }
                }
            }
        }
        assert!(tried > 1000);
    }

    /// A band's flips found by looking at every column: where its cover
    /// begins or ends in rows 1.. of the band, sorted (the reference for
    /// [`mark_flips`]).
    fn flips_by_scan(y0: usize, rows: usize, covers: &[WallCover]) -> Vec<[u32; 2]> {
        let mut flips = Vec::new();
        for (x, c) in covers.iter().enumerate() {
            if c.rows == 0 {
                continue;
            }
            let top = u64::from(c.top);
            for edge in [top, top + u64::from(c.rows)] {
                let r = edge.wrapping_sub(y0 as u64);
                if (1..rows as u64).contains(&r) {
                    flips.push([r as u32, x as u32]);
                }
            }
        }
        flips.sort_unstable();
        flips
    }

    /// Each band of a frame marks the flips that looking at every column
    /// for it finds, whatever the band height, the frame's height, the
    /// number of columns and where the walls end (past the foot too), and
    /// the vector path marks what the scalar one does.
    #[test]
    fn a_band_marks_its_own_flips() {
        let mut z = 5u64;
        let mut next = |m: u32| {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (z >> 33) as u32 % m
        };
        for columns in [1, 3, 4, 7, 64, 70, 131] {
            for height in [0, 1, 37, 360] {
                for band_rows in [1, 2, 5, 16, 30, 48, 64, 70] {
                    let covers: Vec<WallCover> = (0..columns)
                        .map(|_| WallCover {
                            top: next(height as u32 + 10),
                            rows: if next(4) == 0 {
                                0
                            } else {
                                next(height as u32 + 10)
                            },
                        })
                        .collect();
                    let words = mask_words(columns);
                    for y0 in (0..height).step_by(band_rows) {
                        let rows = band_rows.min(height - y0);
                        let mut want = vec![0; rows * words];
                        let mut bits = 0u64;
                        for [r, x] in flips_by_scan(y0, rows, &covers) {
                            flip(&mut want, words, r as usize, x as usize);
                            bits |= 1 << (r % 64);
                        }
                        let mut got = vec![0; rows * words];
                        let at = format!("band {y0}.. of {rows} rows, {columns} wide");
                        assert_eq!(mark_flips(y0, &covers, &mut got, words), bits, "{at}");
                        assert_eq!(got, want, "{at}");
                        got.fill(0);
                        let scalar = mark_flips_scalar(y0, &covers, &mut got, words, 0);
                        assert_eq!((scalar, &got), (bits, &want), "{at}, scalar");
                    }
                }
            }
        }
    }

    /// A span is the longest run of eights whose pixels see at most eight
    /// texels along and two lines across wherever in a texel they start,
    /// counted here pixel by pixel from the worst start: the last bit of a
    /// texel, or its first going backwards.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn spans_are_the_longest_that_see_one_window() {
        if !Paths::Avx2.runs_here() {
            return;
        }
        let seen = |step: u32, pixels: u32| {
            let step = i64::from(step as i32);
            let start = if step < 0 { 1 << 30 } else { (1 << 30) - 1 };
            let texel = |k: u32| (start + step * i64::from(k)) >> FRAC_BITS;
            (texel(pixels - 1) - texel(0)).abs() + 1
        };
        let texture = Texture::from_rgba(64, &vec![0; 64 * 64 * 4]);
        let mut rng = crate::rng::Rng::new(11);
        let one = 1u32 << FRAC_BITS;
        let (mut spans, mut longest) = (0, 0);
        for i in 0..20_000 {
            let k = 1 + (rng.next_u64() % 70) as u32;
            // Steps at the bounds for `k` eights, a little either side, or
            // anywhere a strip allows.
            let mut near = |bound: u32| {
                let off = (rng.next_u64() % 9) as u32;
                let step = if i % 3 == 0 {
                    (rng.next_u64() >> 48) as u32
                } else {
                    bound + off - 4
                };
                if rng.next_u64().is_multiple_of(2) {
                    step
                } else {
                    step.wrapping_neg()
                }
            };
            let (along, across) = (near(7 * one / (8 * k - 1)), near(one / (8 * k - 1)));
            let (du, dv) = if i % 2 == 0 {
                (across, along)
            } else {
                (along, across)
            };
            let walk = Walk {
                u: 0,
                v: 0,
                du,
                dv,
                u_shift: 10,
                u_mask: 63 << 6,
                mask: 63,
            };
            let Some(strip) = Strip::of(texture.padded(), walk) else {
                continue;
            };
            let (along, across) = if strip.along_v { (dv, du) } else { (du, dv) };
            let fits = |octs: u32| seen(along, 8 * octs) <= 8 && seen(across, 8 * octs) <= 2;
            let octs = strip.span_octs(walk) as u32;
            assert!(octs == 0 || fits(octs), "{walk:?}: {octs} eights");
            assert!(
                octs == Strip::MAX_SPAN as u32 || !fits(octs + 1),
                "{walk:?}: {octs} eights, but {} fit",
                octs + 1
            );
            spans += usize::from(octs >= 2);
            longest = longest.max(octs);
        }
        // The steps reached spans, and spans of the longest kind.
        assert!(
            spans > 5_000 && longest == Strip::MAX_SPAN as u32,
            "{spans} {longest}"
        );
    }

    /// The four- and eight-at-a-time walks paint exactly the bytes of the
    /// one-at-a-time walk, for walks in every direction and every
    /// brightness, every length (the wide walks' ends included), and every
    /// power-of-two texture size, with the padded lines and without: steps
    /// of any size, and steps that keep the eight-at-a-time walk to a strip
    /// (under a seventh of a texel across, under one along, either way),
    /// steps slow enough for spans of eights sharing a window, close to
    /// those bounds too.
    #[test]
    fn the_vector_walk_paints_the_scalar_walks_bytes() {
        let mut rng = crate::rng::Rng::new(7);
        let mut next = || (rng.next_u64() >> 32) as u32;
        // A texel, and the least step that is not under a seventh of one.
        let one = 1i64 << FRAC_BITS;
        let seventh = (one + 6) / 7;
        for shift in [0, 1, 2, 3, 4, 6, 7] {
            let n = 1usize << shift;
            let rgba: Vec<u8> = (0..n * n * 4).map(|i| (i * 131 % 253) as u8).collect();
            let texture = Texture::from_rgba(n, &rgba);
            let texels = texture.texels();
            for len in [0, 1, 3, 4, 5, 7, 8, 9, 12, 17, 64, 333, 1100] {
                for i in 0..60 {
                    // Steps slow enough for spans of `k` eights sharing a
                    // window (`Strip::span_octs`), up to its bounds.
                    let k = 2 + i64::from(next() % 70);
                    let (along, across) = (7 * one / (8 * k - 1) + 1, one / (8 * k - 1) + 1);
                    // A step under `limit` either way, or just under it.
                    let mut under = |limit: i64| {
                        let near = next() % 3 == 0;
                        let size = if near {
                            limit - 1 - i64::from(next() % 64)
                        } else {
                            i64::from(next()) % limit
                        };
                        let size = size.max(0);
                        (if next() % 2 == 0 { size } else { -size }) as i32 as u32
                    };
                    // Cases 5 and 6 are views along an axis: no step
                    // across at all.
                    let (du, dv) = match i % 8 {
                        0 => (next() >> (next() % 24), next() >> (next() % 24)),
                        1 => (under(seventh), under(seventh)),
                        2 => (under(seventh), under(one)),
                        3 => (under(one), under(seventh)),
                        4 => (under(across), under(along)),
                        5 => (0, under(along)),
                        6 => (under(along), 0),
                        _ => (under(along), under(across)),
                    };
                    // Some walks start just short of the 2^32 wrap,
                    // where the whole texels wrap at 2^16.
                    let mut start = || match next() % 4 {
                        0 => u32::MAX - next() % (1 << 20),
                        _ => next(),
                    };
                    let (u, v) = (start(), start());
                    let walk = Walk {
                        u,
                        v,
                        du,
                        dv,
                        u_shift: FRAC_BITS - shift,
                        u_mask: (n as u32 - 1) << shift,
                        mask: n as u32 - 1,
                    };
                    let brightness = next() % 300;
                    let mut want = vec![[1u8; 4]; len];
                    shade_walk_scalar(texels, &mut want, walk, brightness);
                    for paths in Paths::available() {
                        for padded in [None, Some(texture.padded())] {
                            let mut got = vec![[0u8; 4]; len];
                            shade_walk(paths, (texels, padded), &mut got, walk, brightness);
                            assert_eq!(
                                got,
                                want,
                                "{paths:?} {walk:?} brightness {brightness} padded {}",
                                padded.is_some()
                            );
                        }
                    }
                }
            }
        }
    }
}
