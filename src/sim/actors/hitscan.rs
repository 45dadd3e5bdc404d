//! The player's hitscan shots: the nearest enemy or wreck in the line
//! before a wall (or the floor or ceiling) takes the hit, and gunfire
//! alerts every enemy that hears it.

use super::geometry::clear_line;
use super::shell::{add_puff, Puff};
use super::tank::TankState;
use super::walker::WalkerState;
use super::{Actors, Who, TARGET_TOP};
use crate::map::{raycast, Map};
use crate::sim::reach::hypot_le;

/// Gunfire alerts enemies in sight of the player within this many tiles.
const GUNFIRE_HEARING: f64 = 14.0;
/// How far a hitscan shot reaches on a map with no wall in the way, tiles.
const MAX_SHOT: f64 = 64.0;
/// A wall puff sits this far in front of the wall, tiles, so it is not
/// hidden inside it.
const PUFF_SETBACK: f64 = 0.05;

/// What a shot does: how far it reaches, whether it is heard, and its
/// damage against the distance to what it hits.
pub struct Strike<'a> {
    /// How far it reaches along the line, tiles (a gun's: as far as the
    /// first wall; a melee strike's: a step).
    pub reach: f64,
    /// True for gunfire, which alerts the enemies that hear it.
    pub loud: bool,
    /// The damage to a body hit this far away, the larger of the
    /// distances across and down, tiles.
    pub damage: &'a mut dyn FnMut(f64) -> u32,
}

impl Actors {
    /// A hitscan shot from `origin` along `yaw` (radians) as `strike`
    /// says: the nearest living enemy or wreck in the line before a wall,
    /// within its reach, takes it; a puff marks the hit. Gunfire alerts
    /// every enemy in sight of `origin` within hearing. Returns where it
    /// hit, if anywhere.
    pub fn shoot(
        &mut self,
        map: &Map,
        origin: [f64; 2],
        yaw: f64,
        (eye, slope): (f64, f64),
        strike: Strike<'_>,
    ) -> Option<[f64; 2]> {
        let (dy, dx) = yaw.sin_cos();
        let wall = raycast::cast(map, origin[0], origin[1], dx, dy, MAX_SHOT).map(|h| h.t);
        // A shot tilted down meets the floor, one tilted up the ceiling.
        let flat = if slope < 0.0 {
            Some(eye / -slope)
        } else if slope > 0.0 {
            Some((map.wall_height - eye).max(0.0) / slope)
        } else {
            None
        };
        let wall = match (wall, flat) {
            (Some(w), Some(f)) => Some(w.min(f)),
            (w, f) => w.or(f),
        };
        let reach = wall.unwrap_or(MAX_SHOT).min(strike.reach);
        let height_at = |t: f64| eye + slope * t;
        let wr = self.tunables.walker.radius;
        let mut best: Option<(f64, Who)> = None;
        let mut consider = |centre: [f64; 2], r: f64, who: Who| {
            if let Some(t) = ray_circle(origin, [dx, dy], centre, r) {
                let level = (0.0..=TARGET_TOP).contains(&height_at(t));
                if level && t < reach && best.is_none_or(|(b, _)| t < b) {
                    best = Some((t, who));
                }
            }
        };
        for (i, w) in self.walkers.iter().enumerate() {
            if w.state.alive() {
                consider([w.x, w.y], wr, Who::Walker(i));
            }
        }
        for (i, t) in self.tanks.iter().enumerate() {
            consider([t.x, t.y], t.radius(), Who::Tank(i));
        }
        let gr = self.tunables.guard.radius;
        for (i, g) in self.guards.iter().enumerate() {
            if g.state.alive() {
                consider([g.x, g.y], gr, Who::Guard(i));
            }
        }
        if strike.loud {
            self.alert(map, origin);
        }
        let mut damage = |t: f64| (strike.damage)((dx * t).abs().max((dy * t).abs()));
        let t = match best {
            Some((t, Who::Walker(i))) => {
                self.walkers[i].hurt(damage(t));
                t
            }
            Some((t, Who::Tank(i))) => {
                let rules = self.tunables.tank;
                self.tanks[i].hurt(damage(t), &rules);
                t
            }
            Some((t, Who::Guard(i))) => {
                let rules = self.tunables.guard;
                self.guards[i].hurt(damage(t), &rules);
                t
            }
            _ => wall.filter(|&w| w <= strike.reach)? - PUFF_SETBACK,
        };
        let at = [origin[0] + dx * t, origin[1] + dy * t];
        let puff = Puff {
            x: at[0],
            y: at[1],
            z: height_at(t).clamp(0.0, map.wall_height),
            age: 0,
            size: 1.0,
        };
        add_puff(&mut self.puffs, puff);
        Some(at)
    }

    /// Gunfire at `origin`: every enemy within hearing that has a clear
    /// line to it starts to hunt.
    fn alert(&mut self, map: &Map, origin: [f64; 2]) {
        let heard = |p: [f64; 2]| {
            hypot_le(p[0] - origin[0], p[1] - origin[1], GUNFIRE_HEARING)
                && clear_line(map, p, origin)
        };
        for w in &mut self.walkers {
            if w.state.alive() && !w.state.hunting() && heard([w.x, w.y]) {
                w.set_state(WalkerState::Chase1);
            }
        }
        for t in &mut self.tanks {
            if t.state == TankState::Idle && heard([t.x, t.y]) {
                t.state = TankState::Hunt;
            }
        }
        for g in &mut self.guards {
            if g.state.calm() && heard([g.x, g.y]) {
                g.heard = true;
            }
        }
    }
}

/// Where a ray from `o` along unit `d` first meets the circle at `c` of
/// radius `r`, as a distance along the ray; None if it misses or the
/// circle is behind.
fn ray_circle(o: [f64; 2], d: [f64; 2], c: [f64; 2], r: f64) -> Option<f64> {
    let (cx, cy) = (c[0] - o[0], c[1] - o[1]);
    let along = cx * d[0] + cy * d[1];
    let across = cx * d[1] - cy * d[0];
    if along <= 0.0 || across.abs() >= r {
        return None;
    }
    Some((along - (r * r - across * across).sqrt()).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ray_meets_a_circle_at_its_near_edge() {
        let t = ray_circle([0.0, 0.0], [1.0, 0.0], [5.0, 0.0], 1.0);
        assert!((t.unwrap() - 4.0).abs() < 1e-12);
        assert_eq!(ray_circle([0.0, 0.0], [1.0, 0.0], [-5.0, 0.0], 1.0), None);
        assert_eq!(ray_circle([0.0, 0.0], [1.0, 0.0], [5.0, 1.5], 1.0), None);
    }
}
