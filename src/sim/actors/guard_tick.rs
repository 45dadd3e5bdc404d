//! The guards' tick: each guard thinks by its state table (see `guard`),
//! watches for the player as Wolfenstein 3D's `CheckSight` does, reacts
//! after its delay, chases along the walkers' flow field around the
//! bodies of the tick's snapshot, and fires as `T_Shoot` does. Guards
//! tick one after another, in spawn order, drawing on the world's
//! generator in that order.

use super::geometry::{clear_line, nearest_in_tile, turn_toward};
use super::guard::{
    hit_chance, hit_damage, tile_distance, Enter, Guard, GuardState, GuardTunables, Think,
};
use super::herd::separate;
use super::{scale_damage, Actors, Blow, Body, Quarry, Who, WAYPOINT_STEPS};
use crate::angle::{wrap_positive, wrap_signed};
use crate::map::Map;
use crate::rng::Rng;
use crate::sim::collision;
use crate::sim::flow::FlowField;
use crate::sim::reach::hypot_le;
use crate::sim::spatial::SpatialGrid;
use crate::sim::steer::{self, Obstacle, SteerTunables};

/// A roll of 0 to 255, as Wolfenstein 3D's `US_RndT()`.
fn rnd_t(rng: &mut Rng) -> u32 {
    rng.roll((0, 255))
}

/// True if guard `g` sees the player (`CheckSight`): a clear line between
/// them (walls and shut doors block it), and the player either close on
/// both axes or within the guard's view and sight.
pub fn guard_sees(g: &Guard, q: &Quarry, map: &Map, t: &GuardTunables) -> bool {
    if !q.alive {
        return false;
    }
    let to = [q.pos[0] - g.x, q.pos[1] - g.y];
    let close = to[0].abs() < t.close_sight && to[1].abs() < t.close_sight;
    let in_view = || {
        let off = wrap_signed(to[1].atan2(to[0]) - g.heading).abs();
        hypot_le(to[0], to[1], t.sight) && off <= t.half_view
    };
    (close || in_view()) && clear_line(map, [g.x, g.y], q.pos)
}

/// True if the player, looking along `q.facing`, can see guard `g`: within
/// the view's middle (`seen_half_angle`). The line is clear whenever a
/// guard fires, so only the angle is asked.
pub fn player_sees(g: &Guard, q: &Quarry, t: &GuardTunables) -> bool {
    let bearing = (g.y - q.pos[1]).atan2(g.x - q.pos[0]);
    wrap_signed(bearing - q.facing).abs() <= t.seen_half_angle
}

/// What a guard reads of the tick, and nothing writes.
struct Post<'a> {
    map: &'a Map,
    q: &'a Quarry,
    flow: &'a FlowField,
    bodies: &'a [Body],
    grid: &'a SpatialGrid,
    widest: f64,
    t: &'a GuardTunables,
    steer: &'a SteerTunables,
    flow_radius: f64,
    dt: f64,
}

impl Actors {
    /// Every guard's tick, in spawn order; each shot that hits is a blow.
    pub(super) fn guards_tick(&mut self, map: &Map, q: &Quarry, rng: &mut Rng, dt: f64) {
        if self.guards.is_empty() {
            return;
        }
        let post = Post {
            map,
            q,
            flow: &self.flow,
            bodies: &self.bodies,
            grid: &self.grid,
            widest: self.widest,
            t: &self.tunables.guard,
            steer: &self.tunables.steer,
            flow_radius: self.tunables.walker.radius,
            dt,
        };
        let percent = self.tunables.damage_percent;
        for (i, g) in self.guards.iter_mut().enumerate() {
            if let Some(damage) = post.tick(i, g, rng, &mut self.scratch_guard) {
                if damage > 0 {
                    self.blows.push(Blow {
                        damage: scale_damage(damage, percent),
                        from: [g.x, g.y],
                    });
                }
            }
        }
    }
}

impl Post<'_> {
    /// Guard `i`'s tick; the damage of the shot it fired, if it fired.
    fn tick(
        &self,
        i: usize,
        g: &mut Guard,
        rng: &mut Rng,
        obstacles: &mut Vec<Obstacle>,
    ) -> Option<u32> {
        let (t, q, map) = (self.t, self.q, self.map);
        let mut shot = None;
        if g.run_clock() == Enter::Shoot {
            shot = Some(self.shoot(g, rng));
        }
        let think = g.state.def().think;
        if matches!(think, Think::Look | Think::Patrol) {
            if g.reaction > 0 {
                // `SightPlayer`: the delay runs out, then it reacts.
                g.reaction -= 1;
                if g.reaction == 0 {
                    g.set_state(GuardState::Chase1);
                    return shot;
                }
            } else if g.heard || guard_sees(g, q, map, t) {
                g.reaction = rng.roll(t.reaction).max(1);
            }
        }
        g.heard = false;
        match think {
            Think::None | Think::Look => {}
            Think::Patrol => {
                let (s, c) = g.heading.sin_cos();
                if self.walk(i, g, [c, s], t.patrol_speed, false, obstacles) {
                    g.heading = wrap_positive(g.heading + std::f64::consts::PI);
                }
            }
            Think::Chase if !q.alive => {
                g.set_state(GuardState::Stand);
            }
            Think::Chase => self.chase(i, g, rng, obstacles),
            Think::Face => self.face(g),
        }
        shot
    }

    /// `T_Chase`: with a clear line, a chance each tick (falling with the
    /// distance) to stop and aim; else on toward the player.
    fn chase(&self, i: usize, g: &mut Guard, rng: &mut Rng, obstacles: &mut Vec<Obstacle>) {
        let (t, q, map) = (self.t, self.q, self.map);
        let pos = [g.x, g.y];
        if clear_line(map, pos, q.pos) {
            let dist = tile_distance(Map::tile_of(g.x, g.y), Map::tile_of(q.pos[0], q.pos[1]));
            let roll = rnd_t(rng) as f64;
            if dist <= 1 || roll < t.aim_chance / dist as f64 {
                g.set_state(GuardState::Aim);
                self.face(g);
                return;
            }
        }
        let to = [q.pos[0] - g.x, q.pos[1] - g.y];
        let dist = to[0].hypot(to[1]);
        if dist <= t.keep_away {
            self.face(g);
            return;
        }
        let goal = self.chase_direction(g, to, dist);
        self.walk(i, g, goal, t.chase_speed, true, obstacles);
    }

    /// Turns guard `g` toward the player.
    fn face(&self, g: &mut Guard) {
        let q = self.q;
        let bearing = (q.pos[1] - g.y).atan2(q.pos[0] - g.x);
        g.heading = turn_toward(g.heading, bearing, self.t.turn_rate * self.dt);
    }

    /// `T_Shoot`: with a clear line, a hit by the chance of distance,
    /// visibility and the player's speed; the damage by distance. Returns
    /// the damage done (0 for a miss).
    fn shoot(&self, g: &Guard, rng: &mut Rng) -> u32 {
        let (t, q, map) = (self.t, self.q, self.map);
        if !q.alive || !clear_line(map, [g.x, g.y], q.pos) {
            return 0;
        }
        let dist = tile_distance(Map::tile_of(g.x, g.y), Map::tile_of(q.pos[0], q.pos[1]));
        let fast = q.speed >= t.fast_speed;
        let chance = hit_chance(dist, player_sees(g, q, t), fast, t);
        if (rnd_t(rng) as i32) < chance {
            hit_damage(dist, rnd_t(rng), t)
        } else {
            0
        }
    }

    /// The way guard `g` heads toward the player, `to` away at `dist`:
    /// straight when the line is clear, else down the walkers' flow field.
    fn chase_direction(&self, g: &Guard, to: [f64; 2], dist: f64) -> [f64; 2] {
        let direct = [to[0] / dist, to[1] / dist];
        if clear_line(self.map, [g.x, g.y], self.q.pos) {
            return direct;
        }
        let Some(p) = self
            .flow
            .waypoint(self.map, [g.x, g.y], self.flow_radius, WAYPOINT_STEPS)
        else {
            return direct;
        };
        let (dx, dy) = (p[0] - g.x, p[1] - g.y);
        let len = dx.hypot(dy);
        if len < 1e-6 {
            return direct;
        }
        [dx / len, dy / len]
    }

    /// Walks guard `i` (`g`) one tick toward `goal` (a unit vector) at
    /// `speed`, steering round the bodies and walls near it (article 001's
    /// steering, as the walkers do); the player is an obstacle unless it
    /// is the goal (`chasing`). Returns true if a wall stopped part of the
    /// move.
    fn walk(
        &self,
        i: usize,
        g: &mut Guard,
        goal: [f64; 2],
        speed: f64,
        chasing: bool,
        obstacles: &mut Vec<Obstacle>,
    ) -> bool {
        if !goal[0].is_finite() || !goal[1].is_finite() {
            return false;
        }
        let (map, dt, r) = (self.map, self.dt, self.t.radius);
        let pos = [g.x, g.y];
        let reach = self.steer.range + r;
        obstacles.clear();
        let side = (2.0 * reach).ceil() as usize + 2;
        obstacles.reserve(self.bodies.len() + side * side);
        let me = Who::Guard(i);
        self.grid.near(pos, reach + self.widest, |k| {
            let b = self.bodies[k];
            if b.who != me && !(chasing && b.who == Who::Player) {
                obstacles.push(Obstacle {
                    pos: b.pos,
                    radius: b.radius,
                });
            }
        });
        for (tx, ty) in map.solid_tiles_near(pos, reach) {
            let near = nearest_in_tile(pos, tx, ty);
            if hypot_le(near[0] - pos[0], near[1] - pos[1], reach) {
                obstacles.push(Obstacle {
                    pos: near,
                    radius: 0.0,
                });
            }
        }
        let dir = steer::steer(pos, r, goal, obstacles, self.steer, &mut g.pushes);
        let delta = [dir[0] * speed * dt, dir[1] * speed * dt];
        let (mut p, hit) = collision::slide(map, pos, delta, r);
        separate(self.bodies, self.grid, &mut p, r, me, self.widest);
        collision::push_out(map, &mut p, r);
        (g.x, g.y) = (p[0], p[1]);
        g.heading = turn_toward(g.heading, dir[1].atan2(dir[0]), self.t.turn_rate * dt);
        hit
    }
}
