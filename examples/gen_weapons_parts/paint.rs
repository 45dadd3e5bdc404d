//! The painter of `gen_weapons`: shaded solids (tubes, ellipses, a
//! muzzle's flash) drawn four samples a side, cut to two levels of
//! alpha and rimmed dark.

use super::{Rgb, SS};

/// How a solid is lit.
#[derive(Clone, Copy)]
pub enum Finish {
    /// Metal: diffuse with a tight highlight.
    Metal,
    /// Skin, cloth, wood: diffuse only.
    Matte,
    /// Its own colour, unlit (a flash, a bore).
    Glow,
}

/// A solid's outline on the screen (pixels, y down).
#[derive(Clone, Copy)]
pub enum Shape {
    /// A tube from `a` (radius `ra`) to `b` (radius `rb`); `round` caps
    /// its ends with half discs, else they are cut square.
    Tube {
        a: [f32; 2],
        b: [f32; 2],
        ra: f32,
        rb: f32,
        round: bool,
    },
    /// An ellipse at `c` with half axes `r`.
    Ellipse { c: [f32; 2], r: [f32; 2] },
    /// A star of light at `c`: `rays` points reaching `reach`.
    Flash { c: [f32; 2], reach: f32, rays: f32 },
}

/// One solid of a picture.
#[derive(Clone, Copy)]
pub struct Part {
    pub shape: Shape,
    pub colour: Rgb,
    pub finish: Finish,
}

pub fn tube(a: [f32; 2], b: [f32; 2], ra: f32, rb: f32, colour: Rgb, finish: Finish) -> Part {
    Part {
        shape: Shape::Tube {
            a,
            b,
            ra,
            rb,
            round: true,
        },
        colour,
        finish,
    }
}

pub fn slab(a: [f32; 2], b: [f32; 2], ra: f32, rb: f32, colour: Rgb, finish: Finish) -> Part {
    Part {
        shape: Shape::Tube {
            a,
            b,
            ra,
            rb,
            round: false,
        },
        colour,
        finish,
    }
}

pub fn ellipse(c: [f32; 2], r: [f32; 2], colour: Rgb, finish: Finish) -> Part {
    Part {
        shape: Shape::Ellipse { c, r },
        colour,
        finish,
    }
}

pub fn flash(c: [f32; 2], reach: f32, rays: f32) -> Part {
    Part {
        shape: Shape::Flash { c, reach, rays },
        colour: [1.0, 0.95, 0.7],
        finish: Finish::Glow,
    }
}

/// Where `p` falls on `shape`: None outside, else the surface's slope
/// across it (-1 at the left or top rim, 0 in the middle, 1 at the
/// right) and along it, for the light; for a flash, the share of its
/// reach (0 at the centre, 1 at the rim) as the first.
pub fn hit(shape: &Shape, p: [f32; 2]) -> Option<(f32, f32)> {
    match *shape {
        Shape::Tube {
            a,
            b,
            ra,
            rb,
            round,
        } => {
            let d = [b[0] - a[0], b[1] - a[1]];
            let len2 = (d[0] * d[0] + d[1] * d[1]).max(1e-6);
            let q = [p[0] - a[0], p[1] - a[1]];
            let t_raw = (q[0] * d[0] + q[1] * d[1]) / len2;
            if !round && !(0.0..=1.0).contains(&t_raw) {
                return None;
            }
            let t = t_raw.clamp(0.0, 1.0);
            let r = ra + (rb - ra) * t;
            let near = [a[0] + d[0] * t, a[1] + d[1] * t];
            let off = [p[0] - near[0], p[1] - near[1]];
            let len = len2.sqrt();
            // Across: the offset along the tube's normal (to its right).
            let across = (off[0] * d[1] - off[1] * d[0]) / len;
            let dist = if round {
                off[0].hypot(off[1])
            } else {
                across.abs()
            };
            (dist < r).then(|| (-across / r, (t - 0.5) * 0.3))
        }
        Shape::Ellipse { c, r } => {
            let u = (p[0] - c[0]) / r[0];
            let v = (p[1] - c[1]) / r[1];
            (u * u + v * v < 1.0).then_some((u, v))
        }
        Shape::Flash { c, reach, rays } => {
            let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
            let angle = dy.atan2(dx);
            let spikes = (angle * rays * 0.5).cos().abs().powi(3);
            let lumps = 0.08 * (angle * 7.0 + 1.3).sin();
            let edge = reach * (0.42 + 0.58 * spikes + lumps);
            let r = dx.hypot(dy);
            (r < edge).then(|| (r / edge, 0.0))
        }
    }
}

/// The colour `part` shows where [`hit`] found `(u, v)`.
pub fn shade(part: &Part, (u, v): (f32, f32)) -> Rgb {
    let c = part.colour;
    if let Shape::Flash { .. } = part.shape {
        // White-hot at the core, yellow, then orange at the rim.
        let k = u.clamp(0.0, 1.0);
        let hot = [1.0, 1.0, 0.92];
        let rim = [1.0, 0.55, 0.12];
        let w = (k * 1.25).min(1.0).powf(1.6);
        return [
            hot[0] + (rim[0] - hot[0]) * w,
            hot[1] + (rim[1] - hot[1]) * w,
            hot[2] + (rim[2] - hot[2]) * w,
        ];
    }
    if let Finish::Glow = part.finish {
        return c;
    }
    // A round surface: its normal from the slopes; the light from the
    // upper left and a little in front.
    let (nx, ny) = (u.clamp(-1.0, 1.0), v.clamp(-1.0, 1.0));
    let nz = (1.0 - (nx * nx + ny * ny).min(0.97)).sqrt();
    let light = [-0.45f32, -0.55, 0.7];
    let l = {
        let n = (light[0] * light[0] + light[1] * light[1] + light[2] * light[2]).sqrt();
        [light[0] / n, light[1] / n, light[2] / n]
    };
    let diffuse = (nx * l[0] + ny * l[1] + nz * l[2]).max(0.0);
    let mut k = 0.3 + 0.85 * diffuse;
    let mut spec = 0.0;
    if let Finish::Metal = part.finish {
        // The half vector between the light and the eye (straight out).
        let h = [l[0], l[1], l[2] + 1.0];
        let hn = (h[0] * h[0] + h[1] * h[1] + h[2] * h[2]).sqrt();
        let nh = (nx * h[0] + ny * h[1] + nz * h[2]) / hn;
        spec = nh.max(0.0).powi(28) * 0.75;
        k *= 0.95;
    }
    [
        (c[0] * k + spec).min(1.0),
        (c[1] * k + spec).min(1.0),
        (c[2] * k + spec).min(1.0),
    ]
}

/// Paints `parts` (later over earlier) into a `size` square, moved by
/// `shift` pixels and scaled by `scale` about the frame's bottom centre
/// (a gun kicked back toward the eye is larger and lower), and returns
/// the pixels with a dark rim.
pub fn picture(parts: &[Part], size: u32, shift: [f32; 2], scale: f32) -> Vec<[u8; 4]> {
    let mut px = vec![[0u8; 4]; (size * size) as usize];
    let anchor = [size as f32 / 2.0, size as f32];
    for y in 0..size {
        for x in 0..size {
            let mut sum = [0.0f32; 3];
            let mut covered = 0;
            for sy in 0..SS {
                for sx in 0..SS {
                    let sp = [
                        x as f32 + (sx as f32 + 0.5) / SS as f32,
                        y as f32 + (sy as f32 + 0.5) / SS as f32,
                    ];
                    // Back from the screen to the picture's own pixels.
                    let p = [
                        (sp[0] - shift[0] - anchor[0]) / scale + anchor[0],
                        (sp[1] - shift[1] - anchor[1]) / scale + anchor[1],
                    ];
                    let top = parts
                        .iter()
                        .rev()
                        .find_map(|part| hit(&part.shape, p).map(|h| shade(part, h)));
                    if let Some(c) = top {
                        covered += 1;
                        for (s, v) in sum.iter_mut().zip(c) {
                            *s += v;
                        }
                    }
                }
            }
            // Two levels of alpha, as the renderer draws: covered at
            // least half way.
            if covered * 2 >= (SS * SS) as i32 {
                let b = |v: f32| (v / covered as f32 * 255.0).round().clamp(0.0, 255.0) as u8;
                px[(y * size + x) as usize] = [b(sum[0]), b(sum[1]), b(sum[2]), 255];
            }
        }
    }
    rim(&mut px, size);
    px
}

/// Darkens every opaque pixel beside a clear one (inside the frame): the
/// hand-drawn outline. A flash's own pixels (bright) are only dimmed.
pub fn rim(px: &mut [[u8; 4]], size: u32) {
    let s = size as i64;
    let copy = px.to_vec();
    let clear =
        |x: i64, y: i64| x >= 0 && y >= 0 && x < s && y < s && copy[(y * s + x) as usize][3] == 0;
    for y in 0..s {
        for x in 0..s {
            let i = (y * s + x) as usize;
            if copy[i][3] == 0 {
                continue;
            }
            let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|&(dx, dy)| clear(x + dx, y + dy));
            if edge {
                let bright = copy[i][0] > 240 && copy[i][1] > 200;
                for ch in px[i].iter_mut().take(3) {
                    *ch = if bright {
                        (u32::from(*ch) * 4 / 5) as u8
                    } else {
                        (u32::from(*ch) / 3) as u8
                    };
                }
            }
        }
    }
}
