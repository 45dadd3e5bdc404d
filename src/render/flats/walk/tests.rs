//! The walks on every path paint the scalar walk's bytes.

#[cfg(target_arch = "x86_64")]
use super::x86::Strip;
use super::*;
use crate::texture::Texture;

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
        let fits = |eights: u32| seen(along, 8 * eights) <= 8 && seen(across, 8 * eights) <= 2;
        let eights = strip.span_eights(walk) as u32;
        assert!(eights == 0 || fits(eights), "{walk:?}: {eights} eights");
        assert!(
            eights == Strip::MAX_SPAN as u32 || !fits(eights + 1),
            "{walk:?}: {eights} eights, but {} fit",
            eights + 1
        );
        spans += usize::from(eights >= 2);
        longest = longest.max(eights);
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
                // window (`Strip::span_eights`), up to its bounds.
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
