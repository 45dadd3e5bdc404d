//! Arithmetic on [`Vec3`]: sums, products and rotation by a spin.

use super::Vec3;

/// `v += dir * amount`.
pub(super) fn add(v: &mut Vec3, dir: Vec3, amount: f64) {
    for (x, d) in v.iter_mut().zip(dir) {
        *x += d * amount;
    }
}

pub(super) fn dot(a: Vec3, b: Vec3) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

pub(super) fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// `v` turned by the angular velocity `spin` for `dt` seconds (Rodrigues'
/// rotation, exact for a constant spin).
pub(super) fn rotate(v: Vec3, spin: Vec3, dt: f64) -> Vec3 {
    let rate = dot(spin, spin).sqrt();
    if rate == 0.0 {
        return v;
    }
    let k = spin.map(|s| s / rate);
    let (s, c) = (rate * dt).sin_cos();
    let kxv = cross(k, v);
    let kv = dot(k, v);
    std::array::from_fn(|i| v[i] * c + kxv[i] * s + k[i] * kv * (1.0 - c))
}
