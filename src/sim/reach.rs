//! Distance tests that decide exactly as comparing `dx.hypot(dy)` would,
//! without the root where the squares already decide.
//!
//! The tick asks "is this within reach?" of thousands of pairs: a shell of
//! every walker, a walker of every wall tile near it. The libm's `hypot`
//! is slow (it guards against overflow and rounds carefully), and the
//! answer rarely needs it: when the squared distance is well inside or
//! well outside the squared reach, the root cannot change the answer. Only
//! pairs within a relative `MARGIN` of the reach, and values outside the
//! range where the squares are accurate (zero, subnormal, infinite or NaN
//! reach, overflowing squares), fall back to `hypot` itself. So the answer
//! is bit for bit the one the comparison with `hypot` gives, and the
//! recordings' state hashes stay as they were.
//!
//! Why the margin suffices: the squares' sum carries at most three
//! roundings (a relative error below 4e-16) and `hypot` is within one unit
//! in the last place of the true length (2.3e-16); a margin of 1e-9 is
//! millions of times both.

use std::cmp::Ordering;

/// The relative band around the reach in which the squares do not decide
/// and `hypot` does.
const MARGIN: f64 = 1e-9;

/// True if `dx.hypot(dy) < r`, exactly as that comparison decides.
#[inline]
pub fn hypot_lt(dx: f64, dy: f64, r: f64) -> bool {
    match by_squares(dx, dy, r) {
        Some(order) => order == Ordering::Less,
        None => dx.hypot(dy) < r,
    }
}

/// True if `dx.hypot(dy) <= r`, exactly as that comparison decides.
#[inline]
pub fn hypot_le(dx: f64, dy: f64, r: f64) -> bool {
    match by_squares(dx, dy, r) {
        Some(order) => order == Ordering::Less,
        None => dx.hypot(dy) <= r,
    }
}

/// True only if `dx.hypot(dy)` is longer than `r` by more than a relative
/// `MARGIN`: so far past it that subtracting from the length sums which,
/// with what is left, make up `r` still leaves more than what is left
/// (`hypot - a - b > c` holds wherever `a + b + c` is `r` and `a`, `b`, `c`
/// are finite and not negative). False promises nothing.
#[inline]
pub fn clearly_beyond(dx: f64, dy: f64, r: f64) -> bool {
    by_squares(dx, dy, r * (1.0 + MARGIN)) == Some(Ordering::Greater)
}

/// How the length of (`dx`, `dy`) compares with `r` when that is certain
/// from cheap arithmetic: Less if clearly shorter, Greater if clearly
/// longer; None if it lies within [`MARGIN`] of `r` or the values are
/// outside the range where the squares are accurate.
#[inline]
fn by_squares(dx: f64, dy: f64, r: f64) -> Option<Ordering> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let far = r * (1.0 + MARGIN);
    // The length is at least the longer leg: a cheap answer for most
    // pairs far apart, before any square (and with no overflow).
    if r.is_finite() && r > 0.0 && (ax > far || ay > far) {
        return Some(Ordering::Greater);
    }
    let r2 = r * r;
    // A zero, subnormal, infinite or NaN square of the reach has lost its
    // relative precision (or has none): hypot decides. A negative reach
    // squares to a normal number, so it is excluded apart.
    if !(r > 0.0 && r2.is_normal()) {
        return None;
    }
    let s = dx * dx + dy * dy;
    // NaN legs make s NaN: neither comparison holds and hypot decides
    // (hypot of an infinity and a NaN is infinite, not NaN).
    if !s.is_finite() {
        return None;
    }
    if s < r2 * (1.0 - MARGIN) {
        Some(Ordering::Less)
    } else if s > r2 * (1.0 + MARGIN) {
        Some(Ordering::Greater)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Checks both tests against the comparisons with `hypot` for one case.
    fn agrees(dx: f64, dy: f64, r: f64) {
        let h = dx.hypot(dy);
        assert_eq!(hypot_lt(dx, dy, r), h < r, "{dx:e} {dy:e} < {r:e}");
        assert_eq!(hypot_le(dx, dy, r), h <= r, "{dx:e} {dy:e} <= {r:e}");
    }

    /// The doubles next to `x`, `k` steps either way.
    fn around(x: f64, k: i64) -> impl Iterator<Item = f64> {
        (-k..=k).map(move |i| {
            let bits = x.to_bits() as i64 + i;
            f64::from_bits(bits as u64)
        })
    }

    #[test]
    fn agrees_with_hypot_on_random_pairs_at_every_scale() {
        let mut rng = Rng::new(7);
        for _ in 0..200_000 {
            let scale = 2f64.powi((rng.next_f64() * 40.0 - 20.0) as i32);
            let dx = (rng.next_f64() * 2.0 - 1.0) * scale;
            let dy = (rng.next_f64() * 2.0 - 1.0) * scale;
            let r = rng.next_f64() * 1.5 * scale;
            agrees(dx, dy, r);
        }
    }

    #[test]
    fn agrees_with_hypot_on_the_boundary_itself() {
        // The reach is the length, or a few doubles either side: the
        // squares cannot tell, so hypot must.
        let mut rng = Rng::new(11);
        for _ in 0..20_000 {
            let dx = rng.next_f64() * 10.0 - 5.0;
            let dy = rng.next_f64() * 10.0 - 5.0;
            for r in around(dx.hypot(dy), 3) {
                agrees(dx, dy, r);
            }
            // And along an axis, where the length is the leg.
            for r in around(dx.abs(), 3) {
                agrees(dx, 0.0, r);
                agrees(0.0, dx, r);
            }
        }
        // Pythagorean triples land exactly on the reach.
        for (a, b, c) in [(3.0, 4.0, 5.0), (5.0, 12.0, 13.0), (0.6, 0.8, 1.0)] {
            for r in around(c, 2) {
                agrees(a, b, r);
                agrees(-b, a, r);
            }
        }
    }

    #[test]
    fn clearly_beyond_leaves_the_difference_beyond() {
        // Wherever it says yes, the length less the radii is past the
        // range, as steering works it out; near the edge it may say no.
        let mut rng = Rng::new(13);
        let mut said = 0;
        for _ in 0..200_000 {
            let (range, a, b) = (rng.next_f64() * 3.0, rng.next_f64(), rng.next_f64() * 0.8);
            let reach = range + a + b;
            let angle = rng.next_f64() * std::f64::consts::TAU;
            // Lengths from well inside to well past the reach, many within
            // a few doubles of it.
            let len = match rng.next_f64() {
                u if u < 0.5 => reach * (1.0 + (u - 0.25) * 1e-8),
                u => reach * (u * 2.0),
            };
            let (dx, dy) = (len * angle.cos(), len * angle.sin());
            if clearly_beyond(dx, dy, reach) {
                said += 1;
                assert!(dx.hypot(dy) - a - b > range, "{dx} {dy} {range} {a} {b}");
            }
            let d = dx.hypot(dy);
            if d > reach * (1.0 + 1e-8) && reach.is_normal() {
                assert!(clearly_beyond(dx, dy, reach), "{dx} {dy} {reach}");
            }
        }
        assert!(said > 50_000);
        // A reach that is no length promises nothing; the longer leg alone
        // tells of a tiny reach, and of a huge leg.
        for odd in [f64::NAN, f64::INFINITY, 0.0, -1.0] {
            assert!(!clearly_beyond(3.0, 4.0, odd), "{odd}");
        }
        assert!(clearly_beyond(3.0, 4.0, 1e-300));
        assert!(clearly_beyond(1e300, 0.0, 1.0));
    }

    #[test]
    fn agrees_with_hypot_on_values_out_of_the_ordinary() {
        let specials = [
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            f64::MIN_POSITIVE / 8.0,
            5e-324,
            1e-160,
            1e-150,
            1e150,
            1e160,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            1.0,
            -1.0,
            0.3,
        ];
        for &dx in &specials {
            for &dy in &specials {
                for &r in &specials {
                    agrees(dx, dy, r);
                }
            }
        }
    }
}
