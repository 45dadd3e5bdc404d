//! The jetpack's HUD: the flight readout (fuel, altitude, vertical speed,
//! pitch and direction against their targets, spin) and the attitude
//! indicator that replaces the walking dial in flight.

use super::font::Canvas;
use super::layout::dial_radius;
use super::shown::{shown, shown_direction};
use crate::sim::flight::{cutout_altitude, Flier};
use crate::sim::World;

const TILT: [u8; 4] = [255, 208, 64, 255];
const TARGET: [u8; 4] = [255, 255, 255, 255];
const DRIFT: [u8; 4] = [64, 224, 255, 255];
const RIM: [u8; 4] = [120, 120, 120, 255];

/// The readout lines of a flight, after the fps line, each given to `put`.
pub(super) fn lines(world: &World, f: &Flier, put: &mut impl FnMut(std::fmt::Arguments)) {
    let t = &world.tunables().flight;
    let deg = |r: f64| r.to_degrees();
    let cutout = cutout_altitude(world.map());
    let state = if f.stowed {
        "OFF - falling"
    } else if f.fuel <= 0.0 {
        "NO FUEL"
    } else if cutout <= 0.0 {
        // The engines cut out below the ceiling: a map this low never lets
        // them light at all.
        "CUT OUT - ceiling too low to fly here"
    } else if f.z >= cutout {
        "CUT OUT - too high"
    } else if f.thrust {
        "FULL THRUST"
    } else if f.hover {
        "hover"
    } else if f.airborne {
        "idle"
    } else {
        "on the ground"
    };
    let bars = ((f.fuel * 10.0).ceil() as usize).min(10);
    let gauge = "##########..........";
    let spin = f.spin.iter().map(|s| s * s).sum::<f64>().sqrt();
    put(format_args!("jetpack   {state}"));
    put(format_args!(
        "fuel      {} {:3.0}%",
        &gauge[10 - bars..20 - bars],
        f.fuel * 100.0
    ));
    put(format_args!("altitude  {:6.2} tiles", shown(f.z, 2)));
    // On the floor gravity's pull of the tick is not a speed: the floor
    // holds the body (the readout showed -0.02 standing still).
    let on_floor = f.z <= 0.0 && f.velocity[2] <= 0.0;
    let vz = if on_floor { 0.0 } else { f.velocity[2] };
    put(format_args!("vert spd  {:+6.2} tiles/s", shown(vz, 2)));
    put(format_args!(
        "pitch     {:6.1}\u{b0} ->{:6.1}\u{b0}",
        shown(deg(f.pitch), 1),
        shown(deg(f.target_pitch), 1)
    ));
    put(format_args!(
        "direction {:+6.1}\u{b0} ->{:+6.1}\u{b0}",
        shown_direction(f.direction),
        shown_direction(f.target_direction)
    ));
    put(format_args!(
        "spin      {:6.2} rad/s{}",
        shown(spin, 2),
        if t.stabilise { "" } else { " (jets off)" }
    ));
}

/// The attitude indicator's shaded box at the bottom left of a canvas
/// `height` rows tall at `scale`: left, top, width and height, pixels
/// (what is drawn near it keeps clear of it).
pub(super) fn attitude_box(height: usize, scale: usize) -> (i64, i64, i64, i64) {
    let r = dial_radius(scale);
    let (cx, cy) = (r + 10.0, height as f64 - r - 10.0);
    let side = (2.0 * r) as i64 + 9;
    ((cx - r) as i64 - 4, (cy - r) as i64 - 4, side + 12, side)
}

/// The attitude indicator, bottom left, seen from above with the view
/// heading up: the ship's tilt as a yellow dot (at the rim, full pointer
/// deflection), the pointer's target as a white cross, the horizontal drift
/// as a cyan line (full radius at 4 tiles/s), and a vertical speed bar on
/// the right (green climbing, red sinking; full at the landing speed).
pub(super) fn attitude(world: &World, f: &Flier, c: &mut Canvas, scale: usize) {
    let t = &world.tunables().flight;
    let r = dial_radius(scale);
    let (cx, cy) = (r + 10.0, c.height as f64 - r - 10.0);
    let (x, y, w, h) = attitude_box(c.height, scale);
    if !c.meets(y, h) {
        return;
    }
    c.shade_rect(x, y, w, h);
    ring(c, cx, cy, r, RIM);
    ring(c, cx, cy, r * t.level_pitch / t.max_pitch, RIM);
    // A point `share` of the radius out along `direction` from the view's up.
    let at = |share: f64, direction: f64| {
        let (s, co) = direction.sin_cos();
        (cx + s * share * r, cy - co * share * r)
    };
    let (tx, ty) = at(f.target_pitch / t.max_pitch, f.target_direction);
    let arm = 3.0 * scale as f64;
    c.line(tx - arm, ty, tx + arm, ty, TARGET);
    c.line(tx, ty - arm, tx, ty + arm, TARGET);
    let (px, py) = at((f.pitch / t.max_pitch).min(1.2), f.direction);
    c.fill(
        px as i64 - scale as i64,
        py as i64 - scale as i64,
        2 * scale as i64 + 1,
        2 * scale as i64 + 1,
        TILT,
    );
    let heading = world.player().heading;
    let [vx, vy, vz] = f.velocity;
    let speed = vx.hypot(vy);
    if speed > 1e-3 {
        let (dx, dy) = at((speed / 4.0).min(1.2), vy.atan2(vx) - heading);
        c.line(cx, cy, dx, dy, DRIFT);
    }
    // Vertical speed: a bar from the middle of the right edge.
    let bar_x = (cx + r) as i64 + 8;
    let share = (vz / t.landing_speed.max(0.1)).clamp(-1.0, 1.0);
    let len = (share * r) as i64;
    let colour = if vz >= 0.0 {
        [96, 224, 96, 255]
    } else if -vz > t.landing_speed {
        [255, 64, 48, 255]
    } else {
        [255, 160, 64, 255]
    };
    let top = cy as i64 - len.max(0);
    c.fill(bar_x, top, 3 * scale as i64, len.abs().max(1), colour);
}

/// The points round a ring of radius `r`.
pub(super) fn ring_points(r: f64) -> usize {
    (r * 7.0).max(8.0) as usize
}

/// Point `i` of `n` round the unit circle, `(cos, sin)`: what [`ring`]
/// scales, the same bits whether worked out here or kept in a [`Circle`].
fn unit_point(i: usize, n: usize) -> [f64; 2] {
    let a = i as f64 / n as f64 * std::f64::consts::TAU;
    [a.cos(), a.sin()]
}

/// The [`unit_point`]s of one ring size, kept between frames: the dial's
/// ring is the same size every frame at one frame height, and a sine and a
/// cosine a point cost more than the ring's drawing (PERF.md entry 35).
#[derive(Debug, Default)]
pub(super) struct Circle {
    points: Vec<[f64; 2]>,
}

impl Circle {
    /// Holds the `n` points of a ring of `n` (worked out only when `n`
    /// changes), and returns them.
    pub(super) fn of(&mut self, n: usize) -> &[[f64; 2]] {
        if self.points.len() != n {
            self.points.clear();
            self.points.extend((0..n).map(|i| unit_point(i, n)));
        }
        &self.points
    }
}

/// A circle outline: [`ring_points`] points round it, taken from the
/// canvas's circle if it has that many, else worked out. Only the points
/// that can land in the canvas's band are drawn: the arcs whose sine
/// puts them within a pixel of its rows, on the circle's right half
/// (-90 to 90 degrees) and its left, each widened by a point for rounding.
pub(super) fn ring(c: &mut Canvas, cx: f64, cy: f64, r: f64, rgba: [u8; 4]) {
    use std::f64::consts::{PI, TAU};
    if !c.meets((cy - r).floor() as i64, (2.0 * r).ceil() as i64 + 2) {
        return;
    }
    let n = ring_points(r);
    // The canvas's circle if it is this ring's size.
    let kept = Some(c.circle).filter(|points| points.len() == n);
    let sine_at = |y: f64| ((y - cy) / r).clamp(-1.0, 1.0);
    let (low, high) = (
        sine_at(c.y0 as f64 - 1.0).asin(),
        sine_at(c.y1 as f64 + 1.0).asin(),
    );
    let per_radian = n as f64 / TAU;
    for (from, to) in [(low, high), (PI - high, PI - low)] {
        let first = (from * per_radian).floor() as i64 - 1;
        let last = (to * per_radian).ceil() as i64 + 1;
        for i in first..=last.min(first + n as i64) {
            let i = i.rem_euclid(n as i64) as usize;
            let [cos, sin] = kept.map_or_else(|| unit_point(i, n), |points| points[i]);
            c.put((cx + cos * r) as i64, (cy + sin * r) as i64, rgba);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ring drawn band by band, over the arcs that can meet each band,
    /// is every point of the circle drawn over the whole frame.
    #[test]
    fn a_ring_in_bands_is_the_whole_ring() {
        let (w, h) = (120, 100);
        for (cx, cy, r) in [
            (60.0, 50.0, 36.0),
            (10.5, 3.2, 20.7),
            (60.0, 90.0, 0.0),
            (30.0, 50.0, 49.9),
        ] {
            let n = (r * 7.0f64).max(8.0) as usize;
            let mut want = vec![[0u8; 4]; w * h];
            let mut whole = Canvas::whole(&mut want, w, h);
            for i in 0..n {
                let a = i as f64 / n as f64 * std::f64::consts::TAU;
                whole.put((cx + a.cos() * r) as i64, (cy + a.sin() * r) as i64, RIM);
            }
            // The canvas's circle: none, this ring's (kept), another's
            // (not taken).
            let mut kept = Circle::default();
            let mut other = Circle::default();
            let circles = [&[][..], kept.of(n), other.of(n + 1)];
            for (band_rows, circle) in [1, 7, 32, 100]
                .into_iter()
                .flat_map(|b| circles.map(|c| (b, c)))
            {
                let mut got = vec![[0u8; 4]; w * h];
                for (band, rows) in got.chunks_mut(band_rows * w).enumerate() {
                    let mut canvas = Canvas::band(rows, w, h, band * band_rows);
                    canvas.circle = circle;
                    ring(&mut canvas, cx, cy, r, RIM);
                }
                assert!(
                    got == want,
                    "ring at ({cx}, {cy}) radius {r}, bands of {band_rows}, circle of {}",
                    circle.len()
                );
            }
        }
    }

    /// The state line of a flier over a map whose walls are `height` tall.
    fn state_line(height: f64) -> String {
        let rows = ["#####", "#>..#", "#####"];
        let mut map = crate::map::Map::from_rows(&rows);
        map.wall_height = height;
        let mut world = World::new(map, crate::sim::Tunables::default(), 1);
        let jetpack = crate::sim::Controls {
            action: Some(crate::sim::Request::Jetpack),
            ..Default::default()
        };
        world.step(&jetpack);
        let flier = world.player().flight.clone().expect("flying");
        let mut first = String::new();
        lines(&world, &flier, &mut |a| {
            if first.is_empty() {
                first = a.to_string();
            }
        });
        first
    }

    #[test]
    fn a_map_too_low_to_fly_says_so_on_the_ground() {
        // One tile tall: the engines cut out 1.5 tiles below the ceiling,
        // under the floor. It used to say "too high" at altitude 0.
        let low = state_line(1.0);
        assert!(low.contains("ceiling too low to fly here"), "{low}");
        let tall = state_line(6.0);
        assert!(tall.contains("on the ground"), "{tall}");
    }

    #[test]
    fn standing_on_the_floor_reads_no_vertical_speed() {
        let rows = ["#####", "#>..#", "#####"];
        let mut map = crate::map::Map::from_rows(&rows);
        map.wall_height = 1.0;
        let mut world = World::new(map, crate::sim::Tunables::default(), 1);
        let jetpack = crate::sim::Controls {
            action: Some(crate::sim::Request::Jetpack),
            ..Default::default()
        };
        world.step(&jetpack);
        for _ in 0..60 {
            world.step(&crate::sim::Controls::default());
        }
        let flier = world.player().flight.clone().expect("flying");
        let mut all = Vec::new();
        lines(&world, &flier, &mut |a| all.push(a.to_string()));
        let vert = all.iter().find(|l| l.starts_with("vert spd")).unwrap();
        assert_eq!(vert, "vert spd   +0.00 tiles/s", "{all:?}");
    }
}
