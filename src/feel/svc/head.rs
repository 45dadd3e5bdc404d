//! A run's camera as head-frame motion: what the model would feel if the
//! body moved as the camera does.
//!
//! The game's plane has x east and y south, and its angles grow from east
//! toward south (clockwise seen from above); the head frame has x forward,
//! y left and z up, right-handed. So a left turn, the game's yaw falling,
//! is a positive `wz`, and the camera's velocity `(vx, vy)` is
//! `vx cos(yaw) + vy sin(yaw)` forward and `vx sin(yaw) - vy cos(yaw)` to
//! the left.
//!
//! Each tick's velocity is the camera's displacement over the tick, and its
//! acceleration the change from the tick before, over the tick, taken in
//! the head frame of the sample between the two (the centre of the
//! difference). The run starts at rest. An instant change of velocity (the
//! classic model starting or stopping, a wall stopping the body) is a
//! single tick's large acceleration: an impulse the model integrates, as
//! a body would feel a jolt, not filtered away. A cut (a snap turn, a turn
//! faster than [`CUT_DEG_PER_TICK`], a move farther than
//! [`CUT_TILES_PER_TICK`]: a restart or a teleport, or a jump back the
//! caller names) carries no motion: its tick has no rotation and the force
//! at rest, and the tick after it no acceleration (the velocity before a
//! cut is not compared with the one after).

use super::model::{Motion, Vec3, G};
use crate::angle::wrap_signed;
use crate::feel::{Sample, CUT_DEG_PER_TICK};

/// A tick moving the camera farther than this, tiles, is a cut: 120 tiles
/// a second, far beyond any model's or the jetpack's speed.
pub const CUT_TILES_PER_TICK: f64 = 1.0;

/// True when the tick from `a` to `b` is a cut: the view snapped, turned
/// by more than [`CUT_DEG_PER_TICK`], or moved farther than
/// [`CUT_TILES_PER_TICK`].
pub fn is_cut(a: &Sample, b: &Sample) -> bool {
    let turned = wrap_signed(b.yaw - a.yaw).abs() > CUT_DEG_PER_TICK.to_radians();
    let moved = (b.x - a.x).hypot(b.y - a.y).hypot(b.z - a.z) > CUT_TILES_PER_TICK;
    b.snapped || turned || moved
}

/// The head-frame motion of the ticks between `samples` (one fewer than
/// the samples), `dt` seconds a tick, at `metres_per_tile`; the ticks
/// whose indices are in `jumps` (tick `i` leads from `samples[i]` to
/// `samples[i + 1]`) are cuts whatever they look like.
pub fn head_motion(
    samples: &[Sample],
    jumps: &[usize],
    dt: f64,
    metres_per_tile: f64,
) -> Vec<Motion> {
    let mut out = Vec::with_capacity(samples.len().saturating_sub(1));
    // The velocity of the tick before, in the plane's frame, m/s: None
    // right after a cut. The run starts at rest.
    let mut before: Option<Vec3> = Some([0.0; 3]);
    for (i, pair) in samples.windows(2).enumerate() {
        let (a, b) = (&pair[0], &pair[1]);
        if jumps.contains(&i) || is_cut(a, b) {
            out.push(Motion::REST);
            before = None;
            continue;
        }
        let velocity = [b.x - a.x, b.y - a.y, b.z - a.z].map(|d| d * metres_per_tile / dt);
        let accel = before.map_or([0.0; 3], |v| [0, 1, 2].map(|k| (velocity[k] - v[k]) / dt));
        before = Some(velocity);
        let (sin, cos) = a.yaw.sin_cos();
        let forward = accel[0] * cos + accel[1] * sin;
        let left = accel[0] * sin - accel[1] * cos;
        out.push(Motion {
            omega: [0.0, 0.0, -wrap_signed(b.yaw - a.yaw) / dt],
            f: [forward, left, G + accel[2]],
        });
    }
    out
}

/// `samples` run again from the start until `ticks` ticks have passed
/// (cut short in the last pass): the samples (`ticks + 1` of them) and the
/// ticks that jump back to the start, for [`head_motion`]'s `jumps`. Each
/// jump back is a tick of its own, from the last sample to the first.
pub fn repeated(samples: &[Sample], ticks: usize) -> (Vec<Sample>, Vec<usize>) {
    let mut out: Vec<Sample> = Vec::with_capacity(ticks + 1);
    let mut jumps = Vec::new();
    if samples.is_empty() {
        return (out, jumps);
    }
    while out.len() < ticks + 1 {
        if !out.is_empty() {
            jumps.push(out.len() - 1);
        }
        let room = ticks + 1 - out.len();
        out.extend(samples.iter().take(room).copied());
    }
    (out, jumps)
}

#[cfg(test)]
#[path = "head_tests.rs"]
mod tests;
