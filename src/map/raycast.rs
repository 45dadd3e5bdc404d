//! Grid DDA: walks a ray through the tile grid, cell by cell, to the first
//! solid tile (Amanatides & Woo).

use crate::map::{DoorAxis, Map, DOOR};

/// Which kind of grid line a ray hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// A wall face along x = constant (facing east or west).
    X,
    /// A wall face along y = constant (facing north or south).
    Y,
}

/// Where a ray met a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// Ray parameter at the hit: distance in units of the ray's length.
    pub t: f64,
    /// The face hit.
    pub side: Side,
    /// The solid tile hit.
    pub tile: (i64, i64),
    /// Its cell value (wall texture + 1).
    pub cell: u8,
    /// Where along the face, 0 to 1, left to right as seen from the ray.
    pub u: f64,
}

/// Casts a ray from (`ox`, `oy`) along (`dx`, `dy`) and returns the first
/// solid tile it enters within `max_t`, or None. The tile the ray starts
/// in is not tested: the eye is never inside a wall. A door stops the ray
/// at its leaf, in the middle of its tile, unless the ray passes where the
/// leaf has slid open; the hit's `cell` is then [`DOOR`]. A sliding push
/// wall stops it at its block, wherever the block has slid to.
pub fn cast(map: &Map, ox: f64, oy: f64, dx: f64, dy: f64, max_t: f64) -> Option<Hit> {
    let walk = Walk::new(ox, oy, dx, dy);
    match map.framed_at(walk.tile) {
        Some((framed, at)) => cast_framed(map, (framed, at), walk, ([ox, oy], [dx, dy]), max_t),
        None => cast_checked(map, walk, ([ox, oy], [dx, dy]), max_t),
    }
}

/// [`cast`] from a tile of the grid, reading the cells in their ring of
/// walls ([`Map::framed_at`]: `framed`, with the start tile at `at`): a
/// step moves the index by one tile and reads the cell with no test for
/// the grid's edge, since a ray that leaves the grid meets the ring
/// first. The same walk as [`Walk::next_within`]'s, the same sums in the
/// same order, and it stops where that one does, or, at a NaN ray
/// parameter, at the next tile that is not open floor, which answers
/// the same (none).
fn cast_framed(
    map: &Map,
    (framed, mut at): (&[u8], usize),
    walk: Walk,
    ray: ([f64; 2], [f64; 2]),
    max_t: f64,
) -> Option<Hit> {
    let Walk {
        step,
        delta,
        mut next,
        ..
    } = walk;
    let stride = map.width() + 2;
    // A step's move through `framed`: one tile across, or one row.
    let moves = (step.0 as isize, step.1 as isize * stride as isize);
    loop {
        let (t, side, cell);
        (t, side, cell, at, next) = to_stop(framed, at, (next, delta), moves, max_t);
        // The ring's first row and column come before the grid's.
        let tile = ((at % stride) as i64 - 1, (at / stride) as i64 - 1);
        let exit = next.0.min(next.1);
        if let Some(stop) = meet(map, Crossing { t, side, tile }, cell, exit, ray, max_t) {
            return stop;
        }
    }
}

/// The steps of [`cast_framed`]'s walk from index `at` in `framed`, with
/// the ray parameters of the next lines `next` and their steps `delta`,
/// through open floor, up to the next cell that is not open floor or a
/// crossing beyond `max_t`: the crossing's ray parameter and line, the
/// cell entered, its index and the next lines after it. Inlined, in a loop
/// of its own, so that what it keeps stays in registers.
#[inline(always)]
fn to_stop(
    framed: &[u8],
    mut at: usize,
    (mut next, delta): ((f64, f64), (f64, f64)),
    moves: (isize, isize),
    max_t: f64,
) -> (f64, Side, u8, usize, (f64, f64)) {
    loop {
        let (t, side) = if next.0 <= next.1 {
            let t = next.0;
            next.0 += delta.0;
            at = at.wrapping_add_signed(moves.0);
            (t, Side::X)
        } else {
            let t = next.1;
            next.1 += delta.1;
            at = at.wrapping_add_signed(moves.1);
            (t, Side::Y)
        };
        let cell = framed[at];
        if cell != 0 || t > max_t {
            return (t, side, cell, at, next);
        }
    }
}

/// [`cast`] from anywhere, asking the map for each tile the ray enters.
fn cast_checked(map: &Map, mut walk: Walk, ray: ([f64; 2], [f64; 2]), max_t: f64) -> Option<Hit> {
    while let Some(crossing) = walk.next_within(max_t) {
        let cell = map.cell(crossing.tile.0, crossing.tile.1);
        if cell != 0 {
            if let Some(stop) = meet(map, crossing, cell, walk.exit(), ray, max_t) {
                return stop;
            }
        }
    }
    None
}

/// What a ray from `o` along `d` does at a tile that is not open floor
/// (`cell`), or at any beyond `max_t`, entered at `crossing` and left at
/// `exit`: stops, at a hit or with none (beyond `max_t`), or passes (a
/// door's leaf slid out of its way: None).
#[inline(always)]
fn meet(
    map: &Map,
    Crossing { t, side, tile }: Crossing,
    cell: u8,
    exit: f64,
    ([ox, oy], [dx, dy]): ([f64; 2], [f64; 2]),
    max_t: f64,
) -> Option<Option<Hit>> {
    if t.is_nan() || t > max_t {
        return Some(None);
    }
    // A push wall sliding is met at its block, part-way through the two
    // tiles it holds (none slides on almost every map: one test of an
    // empty option).
    if let Some(corner) = map.sliding_block(tile) {
        let hit = block_hit(corner, (t, side, tile, cell), exit, ([ox, oy], [dx, dy]));
        return match hit {
            Some(h) if h.t <= max_t => Some(Some(h)),
            Some(_) => Some(None),
            None => None,
        };
    }
    // The door's index is looked up for a door cell only, not at every
    // step.
    if let Some(d) = (cell == DOOR)
        .then(|| map.door_at(tile.0, tile.1))
        .flatten()
    {
        let door = &map.doors[d];
        return match door.ray_hit([ox, oy], [dx, dy], t, exit) {
            Some((t, u)) if t <= max_t => {
                let side = match door.axis {
                    DoorAxis::NorthSouth => Side::X,
                    DoorAxis::EastWest => Side::Y,
                };
                Some(Some(Hit {
                    t,
                    side,
                    tile,
                    cell,
                    u,
                }))
            }
            Some(_) => Some(None),
            None => None,
        };
    }
    let u = match side {
        Side::X => {
            let f = fraction(oy + t * dy);
            if dx > 0.0 {
                f
            } else {
                1.0 - f
            }
        }
        Side::Y => {
            let f = fraction(ox + t * dx);
            if dy > 0.0 {
                1.0 - f
            } else {
                f
            }
        }
    };
    Some(Some(Hit {
        t,
        side,
        tile,
        cell,
        u,
    }))
}

/// The walk of a ray through the grid (Amanatides & Woo): each tile it
/// enters, in order, with the ray parameter where it crosses into it.
/// [`cast`] and [`Map::open_around`](crate::map::Map::open_around) walk the
/// same way, so they meet the same tiles.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    /// The tile the ray is in.
    tile: (i64, i64),
    /// The tile step along each axis, -1 or 1.
    step: (i64, i64),
    /// Ray parameter per whole tile crossed on each axis (infinite if the
    /// ray runs parallel to that axis).
    delta: (f64, f64),
    /// Ray parameter at the next grid line on each axis.
    next: (f64, f64),
}

/// One grid line a ray crosses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Crossing {
    /// The ray parameter at the crossing.
    pub t: f64,
    /// Which kind of line it crossed.
    pub side: Side,
    /// The tile it entered.
    pub tile: (i64, i64),
}

impl Walk {
    /// A walk from (`ox`, `oy`) along (`dx`, `dy`), in the start's tile.
    #[inline]
    pub(crate) fn new(ox: f64, oy: f64, dx: f64, dy: f64) -> Self {
        let (tx, ty) = Map::tile_of(ox, oy);
        let delta_x = (1.0 / dx).abs();
        let delta_y = (1.0 / dy).abs();
        let next_x = if dx < 0.0 {
            ox - tx as f64
        } else {
            tx as f64 + 1.0 - ox
        } * delta_x;
        let next_y = if dy < 0.0 {
            oy - ty as f64
        } else {
            ty as f64 + 1.0 - oy
        } * delta_y;
        Self {
            tile: (tx, ty),
            step: (if dx < 0.0 { -1 } else { 1 }, if dy < 0.0 { -1 } else { 1 }),
            delta: (delta_x, delta_y),
            next: (next_x, next_y),
        }
    }

    /// The next grid line the ray crosses, if that is within `max_t` (None
    /// beyond it, or once the ray parameter is NaN).
    #[inline]
    pub(crate) fn next_within(&mut self, max_t: f64) -> Option<Crossing> {
        let (t, side) = if self.next.0 <= self.next.1 {
            let t = self.next.0;
            self.next.0 += self.delta.0;
            self.tile.0 += self.step.0;
            (t, Side::X)
        } else {
            let t = self.next.1;
            self.next.1 += self.delta.1;
            self.tile.1 += self.step.1;
            (t, Side::Y)
        };
        if t.is_nan() || t > max_t {
            return None;
        }
        Some(Crossing {
            t,
            side,
            tile: self.tile,
        })
    }

    /// The ray parameter where the ray leaves the tile it last entered.
    #[inline]
    pub(crate) fn exit(&self) -> f64 {
        self.next.0.min(self.next.1)
    }
}

/// `x.rem_euclid(1.0)`, the same value, without libm's `fmod` (a call on
/// the baseline x86-64 target, once a ray): `x - trunc(x)` is exact, as
/// `fmod` is, for any `x` whose truncation an `i64` holds; beyond that an
/// `f64` is a whole number, and its fraction 0.
#[inline]
pub fn fraction(x: f64) -> f64 {
    let r = if x.abs() < 9.0e15 {
        x - (x as i64) as f64
    } else {
        x % 1.0
    };
    if r < 0.0 {
        r + 1.0
    } else {
        r
    }
}

/// Where a ray from `o` along `d`, inside a tile from ray parameter `t`
/// (crossing the line `side`) to `exit`, meets the sliding block whose
/// north-west corner is `corner`: a hit on the block's face with its
/// texture coordinate, as a wall's (the texture slides with the block);
/// None if the ray leaves the tile first. The slab test of a ray against
/// a box.
#[inline]
pub(crate) fn block_hit(
    corner: [f64; 2],
    (t, side, tile, cell): (f64, Side, (i64, i64), u8),
    exit: f64,
    ([ox, oy], [dx, dy]): ([f64; 2], [f64; 2]),
) -> Option<Hit> {
    let (x_near, x_far) = slab(ox, dx, corner[0]);
    let (y_near, y_far) = slab(oy, dy, corner[1]);
    let (near, far) = (x_near.max(y_near), x_far.min(y_far));
    if near > far || far < t || near > exit {
        return None;
    }
    let (hit_t, side) = if near < t {
        (t, side)
    } else if x_near >= y_near {
        (near, Side::X)
    } else {
        (near, Side::Y)
    };
    let u = match side {
        Side::X => {
            let f = (oy + hit_t * dy - corner[1]).clamp(0.0, 1.0);
            if dx > 0.0 {
                f
            } else {
                1.0 - f
            }
        }
        Side::Y => {
            let f = (ox + hit_t * dx - corner[0]).clamp(0.0, 1.0);
            if dy > 0.0 {
                1.0 - f
            } else {
                f
            }
        }
    };
    Some(Hit {
        t: hit_t,
        side,
        tile,
        cell,
        u: u.min(1.0 - f64::EPSILON),
    })
}

/// The ray parameters between which `o + t d` lies in `[lo, lo + 1]`
/// (empty, near above far, when it never does).
#[inline]
fn slab(o: f64, d: f64, lo: f64) -> (f64, f64) {
    if d == 0.0 {
        return match (lo..=lo + 1.0).contains(&o) {
            true => (f64::NEG_INFINITY, f64::INFINITY),
            false => (f64::INFINITY, f64::NEG_INFINITY),
        };
    }
    let (a, b) = ((lo - o) / d, (lo + 1.0 - o) / d);
    (a.min(b), a.max(b))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_fraction_is_rem_euclid_s_to_the_bit() {
        let mut z = 11u64;
        let mut values = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            1e-300,
            -1e-300,
            255.999_999_999_999_97,
            -3.000_000_000_000_000_4,
            9.1e15,
            -9.1e15,
            4.5e15 + 0.5,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
        ];
        for _ in 0..200_000 {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let bits = z >> 2;
            values.push(f64::from_bits(bits) % 1.0e6 * if z & 1 == 0 { 1.0 } else { -1.0 });
            values.push((z >> 11) as f64 / (1u64 << 45) as f64 - 128.0);
        }
        for x in values {
            let (got, want) = (super::fraction(x), x.rem_euclid(1.0));
            assert!(
                got.to_bits() == want.to_bits()
                    || (got.is_nan() && want.is_nan())
                    || (got == 0.0 && want == 0.0),
                "{x:e}: {got:e} not {want:e}"
            );
        }
    }

    use super::*;
    use crate::rng::Rng;

    /// The framed walk answers as the checked walk does, to the bit: rays
    /// from tiles of the grid and off it, in every direction (along the
    /// axes, through corners, with a zero or NaN component), through doors
    /// shut, half open and open, with reaches from under a tile to none.
    #[test]
    fn the_framed_walk_answers_as_the_checked_walk_does() {
        let mut map = Map::from_rows(&[
            "#######", "#>.#..#", "##D##.#", "#...#.#", "#...D.#", "#...#.#", "#######",
        ]);
        let mut rng = Rng::new(24);
        let reaches = [0.0, 0.3, 1.0, 2.5, 256.0, f64::INFINITY];
        let some = |rng: &mut Rng, span: f64| (rng.next_f64() * 2.0 - 1.0) * span;
        // A hit to the bit (a ray with a NaN component meets a face at NaN).
        let bits =
            |h: Option<Hit>| h.map(|h| (h.t.to_bits(), h.u.to_bits(), h.side, h.tile, h.cell));
        let (mut framed, mut hits, mut doors) = (0, 0, 0);
        for round in 0..40_000 {
            // Each round a door's openness.
            map.doors[round % 2].open = [0.0, 0.5, 1.0][round % 3];
            // Starts on tile centres, lines and corners as well as inside.
            let o = match round % 4 {
                0 => [rng.next_f64() * 9.0 - 1.0, rng.next_f64() * 9.0 - 1.0],
                1 => [
                    (rng.next_f64() * 7.0).floor() + 0.5,
                    (rng.next_f64() * 7.0).floor(),
                ],
                2 => [
                    (rng.next_f64() * 7.0).floor(),
                    (rng.next_f64() * 7.0).floor(),
                ],
                _ => [some(&mut rng, 1e3), some(&mut rng, 1e3)],
            };
            let d = match round % 7 {
                0 => [some(&mut rng, 1.0), 0.0],
                1 => [0.0, some(&mut rng, 3.0)],
                2 => [1.0, -1.0],
                3 => [f64::NAN, 1.0],
                4 => [0.0, 0.0],
                // Near a door's middle.
                5 => {
                    let (x, y) = map.doors[round % 2].tile;
                    let at = [x as f64 + 0.5 + some(&mut rng, 0.6), y as f64 + 0.5];
                    [at[0] - o[0], at[1] - o[1] + some(&mut rng, 0.6)]
                }
                _ => [some(&mut rng, 4.0), some(&mut rng, 4.0)],
            };
            let max_t = reaches[round % reaches.len()];
            let walk = Walk::new(o[0], o[1], d[0], d[1]);
            let want = bits(cast_checked(&map, walk, (o, d), max_t));
            if let Some(start) = map.framed_at(walk.tile) {
                framed += 1;
                let got = bits(cast_framed(&map, start, walk, (o, d), max_t));
                assert_eq!(got, want, "from {o:?} along {d:?} within {max_t}");
            }
            hits += usize::from(want.is_some());
            doors += usize::from(want.is_some_and(|h| h.4 == DOOR));
            assert_eq!(bits(cast(&map, o[0], o[1], d[0], d[1], max_t)), want);
        }
        // The rounds cover what they claim: many framed walks, hits, and
        // rays stopped by a door's leaf.
        assert!(
            framed > 15_000 && hits > 15_000 && doors > 400,
            "{framed} {hits} {doors}"
        );
    }

    fn maze() -> Map {
        Map::from_rows(&[
            "##########",
            "#>...#...#",
            "#.##.#.#.#",
            "#.#..#.#.#",
            "#.#.##.#.#",
            "#...#..#.#",
            "###...##.#",
            "#...#....#",
            "##########",
        ])
    }

    /// Exact reference: the nearest entry of the ray into any solid tile's
    /// square (slab method), ignoring the start tile.
    fn reference(map: &Map, ox: f64, oy: f64, dx: f64, dy: f64) -> f64 {
        let mut best = f64::INFINITY;
        for ty in -1..=map.height() as i64 {
            for tx in -1..=map.width() as i64 {
                if !map.is_solid(tx, ty) || (tx, ty) == (ox.floor() as i64, oy.floor() as i64) {
                    continue;
                }
                let slab = |o: f64, d: f64, lo: f64| {
                    let (a, b) = ((lo - o) / d, (lo + 1.0 - o) / d);
                    (a.min(b), a.max(b))
                };
                let (x0, x1) = slab(ox, dx, tx as f64);
                let (y0, y1) = slab(oy, dy, ty as f64);
                let (enter, exit) = (x0.max(y0), x1.min(y1));
                if enter <= exit && exit >= 0.0 {
                    best = best.min(enter.max(0.0));
                }
            }
        }
        best
    }

    #[test]
    fn distances_match_exact_reference_on_random_rays() {
        let map = maze();
        let mut rng = Rng::new(42);
        let mut tested = 0;
        while tested < 5000 {
            let ox = 1.0 + rng.next_f64() * 8.0;
            let oy = 1.0 + rng.next_f64() * 7.0;
            if map.is_solid(ox.floor() as i64, oy.floor() as i64) {
                continue;
            }
            let a = rng.next_f64() * std::f64::consts::TAU;
            let (dy, dx) = a.sin_cos();
            let hit = cast(&map, ox, oy, dx, dy, 100.0).expect("closed map: every ray hits");
            let want = reference(&map, ox, oy, dx, dy);
            assert!(
                (hit.t - want).abs() < 1e-9,
                "ray from ({ox},{oy}) at {a}: {} vs {want}",
                hit.t
            );
            assert!((0.0..=1.0).contains(&hit.u));
            tested += 1;
        }
    }

    /// The face a ray enters first, worked out without the DDA: the nearest
    /// entry into any solid tile's square by the slab method (as in
    /// [`reference`]), with the ray parameter and the outward normal of the
    /// face it crosses there, `(-1, 0)` for a west-facing face and so on.
    /// None if the entry is within `1e-9` of a tile corner, where the face
    /// is ambiguous.
    fn reference_face(map: &Map, o: [f64; 2], d: [f64; 2]) -> Option<(f64, [f64; 2])> {
        let start = (o[0].floor() as i64, o[1].floor() as i64);
        // The nearest entry so far: its ray parameter, normal, and whether
        // it is at a corner.
        let mut best: Option<(f64, [f64; 2], bool)> = None;
        for ty in -1..=map.height() as i64 {
            for tx in -1..=map.width() as i64 {
                if !map.is_solid(tx, ty) || (tx, ty) == start {
                    continue;
                }
                let slab = |o: f64, d: f64, lo: f64| {
                    let (a, b) = ((lo - o) / d, (lo + 1.0 - o) / d);
                    (a.min(b), a.max(b))
                };
                let (x0, x1) = slab(o[0], d[0], tx as f64);
                let (y0, y1) = slab(o[1], d[1], ty as f64);
                let (enter, exit) = (x0.max(y0), x1.min(y1));
                if enter > exit || exit < 0.0 || best.is_some_and(|(t, ..)| t <= enter) {
                    continue;
                }
                // The slab entered last is the face crossed; it faces back
                // along the ray.
                let normal = if x0 > y0 {
                    [-d[0].signum(), 0.0]
                } else {
                    [0.0, -d[1].signum()]
                };
                best = Some((enter, normal, (x0 - y0).abs() < 1e-9));
            }
        }
        best.and_then(|(t, normal, corner)| (!corner).then_some((t, normal)))
    }

    /// The texture coordinate the convention gives a face with outward
    /// `normal` at `point`: a viewer facing the face looks along `-normal`,
    /// and with y growing south their right hand points along
    /// `(normal.y, -normal.x)`; `u` is the point's coordinate along that
    /// right hand, modulo one tile, so it grows left to right as seen.
    fn expected_u(normal: [f64; 2], point: [f64; 2]) -> f64 {
        let right = [normal[1], -normal[0]];
        (point[0] * right[0] + point[1] * right[1]).rem_euclid(1.0)
    }

    /// Texture `u` on the four faces, by hand: in a room whose inside spans
    /// x and y from 1 to 4, from a quarter of a tile off the middle. Read
    /// left to right from the viewer, a texture is not mirrored on west- and
    /// south-facing faces (`u` = the fraction of y, of x) and mirrored on
    /// east- and north-facing ones (`u` = 1 - that fraction), so text on a
    /// wall reads the right way round from every side.
    #[test]
    fn u_reads_left_to_right_on_each_face_by_hand() {
        let room = Map::from_rows(&["#####", "#>..#", "#...#", "#...#", "#####"]);
        let cases = [
            // Looking east at the west-facing face x = 4: right is south,
            // so u is y's fraction, 0.25.
            ((2.5, 2.25), (1.0, 0.0), Side::X, 0.25),
            // Looking west at the east-facing face x = 1: right is north,
            // mirrored, 1 - 0.25.
            ((2.5, 2.25), (-1.0, 0.0), Side::X, 0.75),
            // Looking south at the north-facing face y = 4: right is west,
            // mirrored, 1 - 0.25.
            ((2.25, 2.5), (0.0, 1.0), Side::Y, 0.75),
            // Looking north at the south-facing face y = 1: right is east,
            // x's fraction.
            ((2.25, 2.5), (0.0, -1.0), Side::Y, 0.25),
        ];
        for ((ox, oy), (dx, dy), side, u) in cases {
            let hit = cast(&room, ox, oy, dx, dy, 10.0).expect("closed room");
            assert_eq!(hit.side, side, "from ({ox},{oy}) along ({dx},{dy})");
            assert_eq!(hit.u, u, "from ({ox},{oy}) along ({dx},{dy})");
        }
    }

    /// Texture `u` on random rays through the maze matches [`expected_u`]
    /// at the hit point of [`reference_face`], and every one of the four
    /// faces is met often, so a face with the wrong mirroring cannot hide.
    #[test]
    fn u_matches_the_slab_reference_on_all_four_faces() {
        let map = maze();
        let mut rng = Rng::new(7);
        // Hits per face: west-, east-, north- and south-facing.
        let mut seen = [0usize; 4];
        for _ in 0..4000 {
            let o = [1.0 + rng.next_f64() * 8.0, 1.0 + rng.next_f64() * 7.0];
            if map.is_solid(o[0].floor() as i64, o[1].floor() as i64) {
                continue;
            }
            let (dy, dx) = (rng.next_f64() * std::f64::consts::TAU).sin_cos();
            let Some((t, normal)) = reference_face(&map, o, [dx, dy]) else {
                continue;
            };
            let point = [o[0] + t * dx, o[1] + t * dy];
            let want = expected_u(normal, point);
            // Within a hair of a tile edge u = 0 and u = 1 name the same
            // place; rounding may pick either, so such rays prove nothing.
            if !(1e-6..1.0 - 1e-6).contains(&want) {
                continue;
            }
            let hit = cast(&map, o[0], o[1], dx, dy, 100.0).expect("closed map");
            let side = if normal[0] != 0.0 { Side::X } else { Side::Y };
            assert_eq!(hit.side, side, "ray from {o:?} along ({dx},{dy})");
            assert!(
                (hit.u - want).abs() < 1e-9,
                "ray from {o:?} along ({dx},{dy}) meets the face with normal \
                 {normal:?} at {point:?}: u {} vs {want}",
                hit.u
            );
            let face = match normal {
                [x, _] if x < 0.0 => 0,
                [x, _] if x > 0.0 => 1,
                [_, y] if y < 0.0 => 2,
                _ => 3,
            };
            seen[face] += 1;
        }
        assert!(seen.iter().all(|&n| n > 500), "hits per face: {seen:?}");
    }

    #[test]
    fn rays_through_tile_corners_hit() {
        // Exactly diagonal rays through grid corners, between two walls
        // that touch only at a corner.
        let map = Map::from_rows(&["####", "#>.#", "#.##", "####"]);
        for &(dx, dy) in &[(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
            let hit = cast(&map, 1.5, 1.5, dx, dy, 10.0).expect("hits");
            assert!(hit.t <= 1.0 + 1e-12, "{dx},{dy}: {}", hit.t);
        }
        // Axis-aligned rays (one delta infinite).
        let hit = cast(&map, 1.5, 1.5, 1.0, 0.0, 10.0).expect("hits");
        assert!((hit.t - 1.5).abs() < 1e-12);
        assert_eq!(hit.side, Side::X);
    }
}
