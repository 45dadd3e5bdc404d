//! The walkers' tick: each walker thinks by its state table and steers
//! along the flow field around the bodies of the tick's snapshot, on every
//! core in shares, with the same result on any number of cores.

use super::geometry::{clear_line, nearest_in_tile, push_apart, turn_toward};
use super::walker::{Enter, Think, Walker, WalkerState, WalkerTunables};
use super::{Actors, Body, EnemyTunables, Quarry, Who, WAYPOINT_STEPS};
use crate::angle::{wrap_positive, wrap_signed};
use crate::map::Map;
use crate::sim::collision;
use crate::sim::flow::FlowField;
use crate::sim::reach::hypot_le;
use crate::sim::spatial::SpatialGrid;
use crate::sim::steer::{self, Obstacle};

/// Within this many tiles, with the player in sight, a walker heads
/// straight for the player rather than along the flow field.
const DIRECT_CHASE: f64 = 4.0;

impl Actors {
    /// Every walker's tick, on every core in shares of
    /// [`WALKERS_PER_TASK`]: a walker reads only the tick's snapshot and
    /// writes only itself, so the result is the same on any number of
    /// cores. Marks in `struck` the walkers whose strike landed.
    pub(super) fn walkers_tick(&mut self, map: &Map, q: &Quarry, dt: f64) {
        use rayon::prelude::*;
        let herd = Herd {
            map,
            q,
            flow: &self.flow,
            bodies: &self.bodies,
            grid: &self.grid,
            widest: self.widest,
            tunables: &self.tunables,
            dt,
        };
        let n = self.walkers.len();
        self.struck.clear();
        self.struck.resize(n, false);
        let tasks = n.div_ceil(WALKERS_PER_TASK);
        if self.scratch.len() < tasks {
            self.scratch.resize_with(tasks, Vec::new);
        }
        let shares = self
            .walkers
            .par_chunks_mut(WALKERS_PER_TASK)
            .zip(self.struck.par_chunks_mut(WALKERS_PER_TASK))
            .zip(self.scratch.par_iter_mut())
            .enumerate();
        let share = |task: usize,
                     walkers: &mut [Walker],
                     struck: &mut [bool],
                     obstacles: &mut Vec<Obstacle>| {
            for (k, (w, s)) in walkers.iter_mut().zip(struck).enumerate() {
                *s = herd.tick(task * WALKERS_PER_TASK + k, w, obstacles);
            }
        };
        if tasks > 1 {
            shares.for_each(|(task, ((walkers, struck), obstacles))| {
                share(task, walkers, struck, obstacles)
            });
        } else {
            // One share: no hand-off to the pool.
            for (task, ((walkers, struck), obstacles)) in self
                .walkers
                .chunks_mut(WALKERS_PER_TASK)
                .zip(self.struck.chunks_mut(WALKERS_PER_TASK))
                .zip(self.scratch.iter_mut())
                .enumerate()
            {
                share(task, walkers, struck, obstacles);
            }
        }
    }
}

/// Walkers per task of the walkers' tick.
const WALKERS_PER_TASK: usize = 64;

/// What every walker reads during the walkers' tick, and nothing writes:
/// the map, the player, the tick's snapshot, the flow field, the rules.
struct Herd<'a> {
    map: &'a Map,
    q: &'a Quarry,
    flow: &'a FlowField,
    bodies: &'a [Body],
    grid: &'a SpatialGrid,
    widest: f64,
    tunables: &'a EnemyTunables,
    dt: f64,
}

impl Herd<'_> {
    /// Walker `i`'s tick, `obstacles` its scratch list; true if its
    /// strike landed.
    fn tick(&self, i: usize, w: &mut Walker, obstacles: &mut Vec<Obstacle>) -> bool {
        let (t, q, map, dt) = (&self.tunables.walker, self.q, self.map, self.dt);
        let struck = w.run_clock() == Enter::Strike && self.in_reach(w);
        let think = w.state.def().think;
        let sees = matches!(think, Think::Look | Think::Patrol) && walker_sees(w, q, map, t);
        if sees {
            w.set_state(WalkerState::Chase1);
            return struck;
        }
        match think {
            Think::None => {}
            Think::Look => w.goal = [0.0; 2],
            Think::Patrol => {
                let (s, c) = w.heading.sin_cos();
                if self.walk(i, w, [c, s], t.patrol_speed, false, obstacles) {
                    // The beat ends at a wall: turn about.
                    w.heading = wrap_positive(w.heading + std::f64::consts::PI);
                }
            }
            Think::Chase if !q.alive => {
                w.set_state(WalkerState::Stand);
            }
            Think::Chase if self.in_reach(w) => {
                w.wind_up(t);
            }
            Think::Chase => {
                let goal = self.chase_direction(w);
                self.walk(i, w, goal, t.chase_speed, true, obstacles);
            }
            Think::Face => {
                let bearing = (q.pos[1] - w.y).atan2(q.pos[0] - w.x);
                w.heading = turn_toward(w.heading, bearing, t.turn_rate * dt);
            }
        }
        struck
    }

    /// True if walker `w` can strike the player: in reach and in sight.
    fn in_reach(&self, w: &Walker) -> bool {
        let (t, q) = (&self.tunables.walker, self.q);
        let gap = (q.pos[0] - w.x).hypot(q.pos[1] - w.y) - t.radius - q.radius;
        q.on_the_floor() && gap <= t.reach
    }

    /// The way walker `w` wants to go toward the player: straight at them
    /// when close and in sight, else along the flow field.
    fn chase_direction(&self, w: &Walker) -> [f64; 2] {
        let (q, map) = (self.q, self.map);
        let to = [q.pos[0] - w.x, q.pos[1] - w.y];
        let dist = to[0].hypot(to[1]);
        let direct = [to[0] / dist, to[1] / dist];
        if dist < DIRECT_CHASE && clear_line(map, [w.x, w.y], q.pos) {
            return direct;
        }
        let r = self.tunables.walker.radius;
        let Some(p) = self.flow.waypoint(map, [w.x, w.y], r, WAYPOINT_STEPS) else {
            return direct;
        };
        let (dx, dy) = (p[0] - w.x, p[1] - w.y);
        let len = dx.hypot(dy);
        if len < 1e-6 {
            return direct;
        }
        [dx / len, dy / len]
    }

    /// Walks walker `i` (`w`) one tick toward `goal` (a unit vector) at
    /// `speed`, steering around obstacles; the player is an obstacle
    /// unless it is the goal (`chasing`). Returns true if a wall stopped
    /// part of the move.
    fn walk(
        &self,
        i: usize,
        w: &mut Walker,
        goal: [f64; 2],
        speed: f64,
        chasing: bool,
        obstacles: &mut Vec<Obstacle>,
    ) -> bool {
        if !goal[0].is_finite() || !goal[1].is_finite() || goal == [0.0; 2] {
            return false;
        }
        let (map, dt) = (self.map, self.dt);
        let r = self.tunables.walker.radius;
        let pos = [w.x, w.y];
        self.gather_obstacles(pos, Who::Walker(i), chasing, obstacles);
        let dir = steer::steer(pos, r, goal, obstacles, &self.tunables.steer, &mut w.pushes);
        w.goal = goal;
        let delta = [dir[0] * speed * dt, dir[1] * speed * dt];
        let (mut p, hit) = collision::slide(map, pos, delta, r);
        separate(
            self.bodies,
            self.grid,
            &mut p,
            r,
            Who::Walker(i),
            self.widest,
        );
        collision::push_out(map, &mut p, r);
        (w.x, w.y) = (p[0], p[1]);
        w.heading = turn_toward(
            w.heading,
            dir[1].atan2(dir[0]),
            self.tunables.walker.turn_rate * dt,
        );
        hit
    }

    /// Fills `obstacles` with what walker `me` at `pos` must steer around:
    /// the bodies within reach and the nearest point of each solid tile
    /// within reach.
    fn gather_obstacles(
        &self,
        pos: [f64; 2],
        me: Who,
        skip_player: bool,
        obstacles: &mut Vec<Obstacle>,
    ) {
        let reach = self.tunables.steer.range + self.tunables.walker.radius;
        obstacles.clear();
        // The most a walker can meet: every body and every tile in reach.
        // Reserved once, this never grows again (no allocation per tick).
        let side = (2.0 * reach).ceil() as usize + 2;
        obstacles.reserve(self.bodies.len() + side * side);
        let bodies = self.bodies;
        self.grid.near(pos, reach + self.widest, |k| {
            let b = bodies[k];
            let skip = b.who == me || (skip_player && b.who == Who::Player);
            if !skip {
                obstacles.push(Obstacle {
                    pos: b.pos,
                    radius: b.radius,
                });
            }
        });
        for (tx, ty) in self.map.solid_tiles_near(pos, reach) {
            let near = nearest_in_tile(pos, tx, ty);
            if hypot_le(near[0] - pos[0], near[1] - pos[1], reach) {
                obstacles.push(Obstacle {
                    pos: near,
                    radius: 0.0,
                });
            }
        }
    }
}

/// True if walker `w` notices the player: within sight, in its field of
/// view or within hearing, and with a clear line between them.
fn walker_sees(w: &Walker, q: &Quarry, map: &Map, t: &WalkerTunables) -> bool {
    if !q.alive {
        return false;
    }
    let to = [q.pos[0] - w.x, q.pos[1] - w.y];
    let dist = to[0].hypot(to[1]);
    if dist > t.sight {
        return false;
    }
    let off = wrap_signed(to[1].atan2(to[0]) - w.heading).abs();
    (dist <= t.hearing || off <= t.half_view) && clear_line(map, [w.x, w.y], q.pos)
}

/// Pushes walker `me` at `p` (radius `r`) out of every body of the
/// snapshot it overlaps: the hard limit behind the steering's soft one.
pub(super) fn separate(
    bodies: &[Body],
    grid: &SpatialGrid,
    p: &mut [f64; 2],
    r: f64,
    me: Who,
    widest: f64,
) {
    let mut out = *p;
    grid.near(*p, r + widest, |k| {
        let b = bodies[k];
        if b.who != me {
            push_apart(&mut out, b.pos, r + b.radius);
        }
    });
    *p = out;
}
