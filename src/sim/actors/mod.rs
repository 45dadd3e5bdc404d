//! Enemies: walkers that steer with article 001's cardioid-weighted
//! anti-gravity along a flow field, tanks that move along article 002's
//! exact arcs, the shells the tanks fire and the puffs that mark hits.
//!
//! Each tick, in order: puffs age; a snapshot of every body (player,
//! walkers, tanks) is bucketed into the spatial grid; the flow field is
//! rebuilt if the player changed tile; walkers think and move; tanks think,
//! drive and fire; shells fly. Obstacles are read from the snapshot, so the
//! order of the walkers does not bias who yields to whom.

mod check;
pub mod shell;
pub mod tank;
pub mod walker;

pub use self::check::{placement_problems, PlacementProblem, Severity};
use self::shell::{add_puff, age_puffs, Puff, Shell, ShellTunables, MAX_PUFFS, MAX_SHELLS};
use self::tank::{Tank, TankRules, TankState};
use self::walker::{Enter, Think, Walker, WalkerState, WalkerTunables};
use super::collision;
use super::flow::{clear_band, FlowField};
use super::spatial::SpatialGrid;
use super::steer::{self, Obstacle, SteerTunables};
use super::Rng;
use crate::angle::{wrap_positive, wrap_signed};
use crate::map::{raycast, Map, SpawnKind};

/// Every enemy tunable, with its default.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EnemyTunables {
    /// Walkers.
    pub walker: WalkerTunables,
    /// Walkers' local avoidance (article 001).
    pub steer: SteerTunables,
    /// Tanks.
    pub tank: TankRules,
    /// Tank shells.
    pub shell: ShellTunables,
}

/// What the enemies know of the player during a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quarry {
    /// Position in tiles.
    pub pos: [f64; 2],
    /// Body radius, tiles.
    pub radius: f64,
    /// False once the player is dead: the hunt stops.
    pub alive: bool,
    /// Height of the player's feet above the floor, tiles (0 walking): a
    /// flier above [`TARGET_TOP`] is out of a walker's reach and over the
    /// bodies on the floor, and one above [`SHELL_HEIGHT`] clears shells.
    pub altitude: f64,
}

impl Quarry {
    /// True while the player's body is down among the enemies.
    fn on_the_floor(&self) -> bool {
        self.alive && self.altitude < TARGET_TOP
    }
}

/// Who a body in the snapshot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Player,
    Walker(usize),
    Tank(usize),
}

/// A body in the tick's snapshot.
#[derive(Clone, Copy, Debug)]
struct Body {
    pos: [f64; 2],
    radius: f64,
    who: Who,
}

/// How many tiles down the flow field a waypoint may lie.
const WAYPOINT_STEPS: usize = 8;
/// Within this many tiles, with the player in sight, a walker heads
/// straight for the player rather than along the flow field.
const DIRECT_CHASE: f64 = 4.0;
/// Gunfire alerts enemies in sight of the player within this many tiles.
const GUNFIRE_HEARING: f64 = 14.0;

/// Every enemy on the map, and what they fired.
#[derive(Clone, Debug)]
pub struct Actors {
    /// Walkers, in spawn order (their index is their id).
    pub walkers: Vec<Walker>,
    /// Tanks, in spawn order (their index is their id).
    pub tanks: Vec<Tank>,
    /// Shells in flight.
    pub shells: Vec<Shell>,
    /// Puffs showing.
    pub puffs: Vec<Puff>,
    /// The tunables in force.
    pub tunables: EnemyTunables,
    /// The walkers' flow field toward the player.
    flow: FlowField,
    /// One flow field per tank hull radius, with that clearance.
    tank_flows: Vec<FlowField>,
    grid: SpatialGrid,
    bodies: Vec<Body>,
    /// The largest body radius of this tick's snapshot: what neighbour
    /// queries add to their reach so no large hull is missed.
    widest: f64,
    /// Each walkers' task's obstacle list, kept between ticks.
    scratch: Vec<Vec<Obstacle>>,
    /// Which walkers' strikes landed this tick.
    struck: Vec<bool>,
}

impl Actors {
    /// Every enemy of `map`'s spawns, at its spawn.
    pub fn spawn(map: &Map, tunables: EnemyTunables) -> Self {
        let has_tanks = map
            .spawns
            .iter()
            .any(|s| matches!(s.kind, SpawnKind::Tank { .. }));
        let mut actors = Self {
            walkers: Vec::new(),
            tanks: Vec::new(),
            // Both are capped: taking the cap now means a fight never
            // allocates.
            shells: Vec::with_capacity(if has_tanks { MAX_SHELLS } else { 0 }),
            puffs: Vec::with_capacity(MAX_PUFFS),
            tunables,
            flow: FlowField::new(),
            tank_flows: Vec::new(),
            grid: SpatialGrid::new(),
            bodies: Vec::new(),
            widest: 0.0,
            scratch: Vec::new(),
            struck: Vec::new(),
        };
        for s in &map.spawns {
            match s.kind {
                SpawnKind::Walker { patrol } => {
                    actors
                        .walkers
                        .push(Walker::new(s.x, s.y, s.angle, patrol, &tunables.walker))
                }
                SpawnKind::Tank { half_width } => {
                    actors
                        .tanks
                        .push(Tank::new(s.x, s.y, s.angle, half_width, &tunables.tank))
                }
            }
        }
        actors
    }

    /// True when there are no enemies at all.
    pub fn is_empty(&self) -> bool {
        self.walkers.is_empty() && self.tanks.is_empty()
    }

    /// Advances every enemy one tick of `dt` seconds against `quarry`;
    /// returns the damage dealt to the player.
    pub fn step(&mut self, map: &Map, quarry: &Quarry, rng: &mut Rng, dt: f64) -> u32 {
        age_puffs(&mut self.puffs);
        self.snapshot(map, quarry);
        self.update_flows(map, Map::tile_of(quarry.pos[0], quarry.pos[1]));
        self.walkers_tick(map, quarry, dt);
        // The strikes' damage is rolled after, in walker order: the same
        // numbers whichever core steered which walker.
        let mut damage = 0;
        for &struck in &self.struck {
            if struck {
                damage += rng.roll(self.tunables.walker.strike_damage);
            }
        }
        for i in 0..self.tanks.len() {
            self.tank_tick(i, map, quarry, dt);
        }
        damage + self.shells_tick(map, quarry, rng, dt)
    }

    /// Every walker's tick, on every core in shares of
    /// [`WALKERS_PER_TASK`]: a walker reads only the tick's snapshot and
    /// writes only itself, so the result is the same on any number of
    /// cores. Marks in `struck` the walkers whose strike landed.
    fn walkers_tick(&mut self, map: &Map, q: &Quarry, dt: f64) {
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

    /// Rebuilds every flow field whose target is not `tile`: the walkers'
    /// and one per tank hull radius (made when a new radius appears).
    fn update_flows(&mut self, map: &Map, tile: (i64, i64)) {
        if map.is_open_plane() {
            return;
        }
        for t in &self.tanks {
            let r = t.radius();
            if !self.tank_flows.iter().any(|f| f.clearance() == r) {
                let mut f = FlowField::new();
                f.rebuild(map, tile, r);
                self.tank_flows.push(f);
            }
        }
        if self.flow.target() != Some(tile) {
            self.flow.rebuild(map, tile, self.tunables.walker.radius);
        }
        for f in &mut self.tank_flows {
            if f.target() != Some(tile) {
                f.rebuild(map, tile, f.clearance());
            }
        }
    }

    /// The flow field for a tank hull of radius `r`.
    fn tank_flow(&self, r: f64) -> Option<&FlowField> {
        self.tank_flows.iter().find(|f| f.clearance() == r)
    }

    /// Fills the body snapshot and the grid over it.
    fn snapshot(&mut self, map: &Map, quarry: &Quarry) {
        self.bodies.clear();
        if quarry.on_the_floor() {
            self.bodies.push(Body {
                pos: quarry.pos,
                radius: quarry.radius,
                who: Who::Player,
            });
        }
        let wr = self.tunables.walker.radius;
        for (i, w) in self.walkers.iter().enumerate() {
            if w.state.alive() {
                self.bodies.push(Body {
                    pos: [w.x, w.y],
                    radius: wr,
                    who: Who::Walker(i),
                });
            }
        }
        for (i, t) in self.tanks.iter().enumerate() {
            self.bodies.push(Body {
                pos: [t.x, t.y],
                radius: t.radius(),
                who: Who::Tank(i),
            });
        }
        self.widest = self.bodies.iter().map(|b| b.radius).fold(wr, f64::max);
        let positions = self.bodies.iter().map(|b| b.pos);
        self.grid.rebuild(map.width(), map.height(), positions);
    }

    /// One tank's tick: see, drive along the exact arc, fire.
    fn tank_tick(&mut self, i: usize, map: &Map, q: &Quarry, dt: f64) {
        let rules = self.tunables.tank;
        let tank = &mut self.tanks[i];
        if !tank.alive() {
            return;
        }
        tank.flinch = tank.flinch.saturating_sub(1);
        tank.reload_ticks = tank.reload_ticks.saturating_sub(1);
        let pos = [tank.x, tank.y];
        let dist = (q.pos[0] - pos[0]).hypot(q.pos[1] - pos[1]);
        let sees = q.alive && dist <= rules.sight && clear_line(map, pos, q.pos);
        if sees && tank.state == TankState::Idle {
            tank.state = TankState::Hunt;
        }
        if tank.state == TankState::Hunt && q.alive {
            // Straight at the player only if the whole hull can pass;
            // else round what is in the way, down the flow field.
            let r = self.tanks[i].radius();
            let waypoint = match sees && clear_band(map, pos, q.pos, r) {
                true => None,
                false => self
                    .tank_flow(r)
                    .and_then(|f| f.waypoint(map, pos, r, WAYPOINT_STEPS)),
            };
            let (target, stop) = match waypoint {
                Some(p) => (p, 0.0),
                None => (q.pos, rules.drive.stop_distance),
            };
            let tank = &mut self.tanks[i];
            if tank.reversing > 0 {
                tank.reversing -= 1;
                tank.back_away(target, &rules, dt);
            } else {
                tank.steer_tracks(target, stop, &rules, dt);
            }
        } else {
            self.tanks[i].brake(&rules, dt);
        }
        self.drive_tank(i, map, dt);
        let tank = &self.tanks[i];
        let bearing = (q.pos[1] - tank.y).atan2(q.pos[0] - tank.x);
        let aimed = wrap_signed(bearing - tank.heading).abs() <= rules.fire_cone;
        if sees && aimed && tank.reload_ticks == 0 && self.shells.len() < MAX_SHELLS {
            self.fire_shell(i);
        }
    }

    /// Moves tank `i` along the exact arc of its tracks; a hull that the
    /// arc would push into a wall or another body pivots in place instead
    /// (the tracks' difference kept, their sum given up), which no circle
    /// can be blocked doing. Blocked for long, it backs away (see
    /// [`TankRules::stuck_ticks`]).
    fn drive_tank(&mut self, i: usize, map: &Map, dt: f64) {
        let tank = &self.tanks[i];
        let (l, r) = (tank.left, tank.right);
        let to = tank.arc(dt);
        if !self.hull_blocked(i, map, [to.0, to.1]) {
            self.tanks[i].blocked = 0;
            self.tanks[i].commit(to, (l, r), dt);
            return;
        }
        let half = (l - r) * 0.5;
        let pivot = self.tanks[i].arc_with(half, -half, dt);
        let rules = self.tunables.tank;
        let tank = &mut self.tanks[i];
        (tank.left, tank.right) = (half, -half);
        tank.commit(pivot, (half, -half), dt);
        // Held against something: back away for a while, then try again.
        tank.blocked += 1;
        if tank.blocked >= rules.stuck_ticks {
            (tank.blocked, tank.reversing) = (0, rules.reverse_ticks);
        }
    }

    /// True if tank `i`'s hull at `to` would overlap a wall, or overlap
    /// another tank or the player more than it does now.
    fn hull_blocked(&self, i: usize, map: &Map, to: [f64; 2]) -> bool {
        let tank = &self.tanks[i];
        let r = tank.radius();
        if overlaps_wall(map, to, r) {
            return true;
        }
        let from = [tank.x, tank.y];
        let mut blocked = false;
        self.grid.near(to, r + self.widest, |k| {
            let b = self.bodies[k];
            if b.who == Who::Tank(i) || matches!(b.who, Who::Walker(_)) {
                return;
            }
            let depth = |p: [f64; 2]| r + b.radius - (p[0] - b.pos[0]).hypot(p[1] - b.pos[1]);
            blocked |= depth(to) > 0.0 && depth(to) > depth(from) + 1e-12;
        });
        blocked
    }

    /// Tank `i` fires a shell from its barrel's tip along its heading.
    fn fire_shell(&mut self, i: usize) {
        let s = self.tunables.shell;
        let tank = &mut self.tanks[i];
        let (sin, cos) = tank.heading.sin_cos();
        let tip = tank.radius() + s.radius + 0.02;
        self.shells.push(Shell {
            x: tank.x + cos * tip,
            y: tank.y + sin * tip,
            vx: cos * s.speed,
            vy: sin * s.speed,
            owner: i,
            age: 0,
        });
        tank.reload_ticks = (self.tunables.tank.reload * super::TICK_RATE as f64) as u32;
    }

    /// Moves every shell; a shell stops at a wall or the first body it
    /// meets (not its own tank). Returns the damage dealt to the player.
    fn shells_tick(&mut self, map: &Map, q: &Quarry, rng: &mut Rng, dt: f64) -> u32 {
        let st = self.tunables.shell;
        let mut damage = 0;
        let mut kept = 0;
        for k in 0..self.shells.len() {
            let mut s = self.shells[k];
            s.age += 1;
            (s.x, s.y) = (s.x + s.vx * dt, s.y + s.vy * dt);
            let (tx, ty) = Map::tile_of(s.x, s.y);
            let mut done = s.age > st.lifetime || map.is_solid(tx, ty);
            if !done {
                let near = |p: [f64; 2], r: f64| (p[0] - s.x).hypot(p[1] - s.y) < r + st.radius;
                if q.alive && q.altitude <= SHELL_HEIGHT && near(q.pos, q.radius) {
                    damage += rng.roll(st.damage);
                    done = true;
                } else if let Some(w) = self
                    .walkers
                    .iter_mut()
                    .find(|w| w.state.alive() && near([w.x, w.y], self.tunables.walker.radius))
                {
                    w.hurt(rng.roll(st.damage));
                    done = true;
                } else if let Some(t) = self
                    .tanks
                    .iter_mut()
                    .enumerate()
                    .find(|(j, t)| *j != s.owner && near([t.x, t.y], t.radius()))
                {
                    t.1.hurt(rng.roll(st.damage), &self.tunables.tank);
                    done = true;
                }
            }
            if done {
                let back = [s.x - s.vx * dt, s.y - s.vy * dt];
                let puff = Puff {
                    x: back[0],
                    y: back[1],
                    z: SHELL_HEIGHT,
                    age: 0,
                    size: 2.0,
                };
                add_puff(&mut self.puffs, puff);
                continue;
            }
            self.shells[kept] = s;
            kept += 1;
        }
        self.shells.truncate(kept);
        damage
    }

    /// A hitscan shot from `origin` along `yaw` (radians) dealing
    /// `damage`: the nearest living enemy or wreck in the line before a
    /// wall takes it; a puff marks the hit. Gunfire alerts every enemy in
    /// sight of `origin` within hearing. Returns where it hit, if anywhere.
    pub fn shoot(
        &mut self,
        map: &Map,
        origin: [f64; 2],
        yaw: f64,
        (eye, slope): (f64, f64),
        damage: u32,
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
        let reach = wall.unwrap_or(MAX_SHOT);
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
        self.alert(map, origin);
        let t = match best {
            Some((t, Who::Walker(i))) => {
                self.walkers[i].hurt(damage);
                t
            }
            Some((t, Who::Tank(i))) => {
                let rules = self.tunables.tank;
                self.tanks[i].hurt(damage, &rules);
                t
            }
            _ => wall? - PUFF_SETBACK,
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
            (p[0] - origin[0]).hypot(p[1] - origin[1]) <= GUNFIRE_HEARING
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
    }

    /// Pushes a circle at `pos` of `radius` (the player) out of every
    /// living walker and every tank hull or wreck.
    pub fn push_out(&self, pos: &mut [f64; 2], radius: f64) {
        for (c, r) in self.bodies() {
            push_apart(pos, c, radius + r);
        }
    }

    /// Every body that takes up room, as a centre and radius: the living
    /// walkers and every tank hull or wreck.
    pub fn bodies(&self) -> impl Iterator<Item = ([f64; 2], f64)> + '_ {
        let wr = self.tunables.walker.radius;
        let walkers = self.walkers.iter().filter(|w| w.state.alive());
        walkers
            .map(move |w| ([w.x, w.y], wr))
            .chain(self.tanks.iter().map(|t| ([t.x, t.y], t.radius())))
    }

    /// The living walkers and tanks (not wrecks), as a centre and radius:
    /// the bodies that open doors they walk up to.
    pub fn movers(&self) -> impl Iterator<Item = ([f64; 2], f64)> + '_ {
        let wr = self.tunables.walker.radius;
        let walkers = self.walkers.iter().filter(|w| w.state.alive());
        let tanks = self.tanks.iter().filter(|t| t.alive());
        walkers
            .map(move |w| ([w.x, w.y], wr))
            .chain(tanks.map(|t| ([t.x, t.y], t.radius())))
    }

    /// Feeds the enemies' whole state to `word`, for the world's hash.
    pub fn hash_words(&self, word: &mut impl FnMut(u64)) {
        for w in &self.walkers {
            for v in [w.x, w.y, w.heading] {
                word(v.to_bits());
            }
            word(
                w.state as u64 | (u64::from(w.ticks_left) << 8) | ((w.health as u32 as u64) << 32),
            );
        }
        for t in &self.tanks {
            for v in [t.x, t.y, t.heading, t.left, t.right] {
                word(v.to_bits());
            }
            word(
                t.state as u64
                    | (u64::from(t.reload_ticks) << 8)
                    | ((t.health as u32 as u64) << 32),
            );
        }
        for s in &self.shells {
            for v in [s.x, s.y, s.vx, s.vy] {
                word(v.to_bits());
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
                w.set_state(WalkerState::Attack1);
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
            if (near[0] - pos[0]).hypot(near[1] - pos[1]) <= reach {
                obstacles.push(Obstacle {
                    pos: near,
                    radius: 0.0,
                });
            }
        }
    }
}

/// How far a hitscan shot reaches on a map with no wall in the way, tiles.
const MAX_SHOT: f64 = 64.0;
/// A wall puff sits this far in front of the wall, tiles, so it is not
/// hidden inside it.
const PUFF_SETBACK: f64 = 0.05;
/// Height of a shell above the floor, tiles: the barrel's.
pub const SHELL_HEIGHT: f64 = 0.3;
/// The top of an enemy for gunfire, tiles above the floor: a shot passing
/// higher (from a flier) misses.
pub const TARGET_TOP: f64 = 1.0;

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

/// True if no solid tile lies between `a` and `b`: the renderer's grid DDA
/// cast from `a` toward `b`.
pub fn clear_line(map: &Map, a: [f64; 2], b: [f64; 2]) -> bool {
    raycast::cast(map, a[0], a[1], b[0] - a[0], b[1] - a[1], 1.0).is_none()
}

/// `heading` turned toward `target` by at most `max_step` radians.
fn turn_toward(heading: f64, target: f64, max_step: f64) -> f64 {
    let d = wrap_signed(target - heading).clamp(-max_step, max_step);
    wrap_positive(heading + d)
}

/// The point of tile (tx, ty) nearest to `p`.
fn nearest_in_tile(p: [f64; 2], tx: i64, ty: i64) -> [f64; 2] {
    let (x0, y0) = (tx as f64, ty as f64);
    [p[0].clamp(x0, x0 + 1.0), p[1].clamp(y0, y0 + 1.0)]
}

/// True if a circle at `p` of radius `r` overlaps a solid tile.
pub fn overlaps_wall(map: &Map, p: [f64; 2], r: f64) -> bool {
    map.solid_tiles_near(p, r).any(|(tx, ty)| {
        let n = nearest_in_tile(p, tx, ty);
        (n[0] - p[0]).hypot(n[1] - p[1]) < r
    })
}

/// Moves `p` straight away from `centre` until they are `min_gap` apart.
fn push_apart(p: &mut [f64; 2], centre: [f64; 2], min_gap: f64) {
    let (dx, dy) = (p[0] - centre[0], p[1] - centre[1]);
    let d = dx.hypot(dy);
    if d >= min_gap {
        return;
    }
    // Coincident centres: part along x, the same way every time.
    let (ux, uy) = if d > 1e-12 {
        (dx / d, dy / d)
    } else {
        (1.0, 0.0)
    };
    p[0] = centre[0] + ux * min_gap;
    p[1] = centre[1] + uy * min_gap;
}

/// Pushes walker `me` at `p` (radius `r`) out of every body of the
/// snapshot it overlaps: the hard limit behind the steering's soft one.
fn separate(bodies: &[Body], grid: &SpatialGrid, p: &mut [f64; 2], r: f64, me: Who, widest: f64) {
    let mut out = *p;
    grid.near(*p, r + widest, |k| {
        let b = bodies[k];
        if b.who != me {
            push_apart(&mut out, b.pos, r + b.radius);
        }
    });
    *p = out;
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

    #[test]
    fn a_circle_overlaps_a_wall_only_when_it_reaches_it() {
        let map = Map::from_rows(&["####", "#>.#", "####"]);
        assert!(!overlaps_wall(&map, [1.5, 1.5], 0.4));
        assert!(overlaps_wall(&map, [1.5, 1.5], 0.6));
        assert!(overlaps_wall(&map, [1.1, 1.5], 0.2));
    }

    #[test]
    fn sight_is_blocked_by_walls() {
        let map = Map::from_rows(&["#######", "#>.#..#", "#######"]);
        assert!(clear_line(&map, [1.5, 1.5], [2.5, 1.5]));
        assert!(!clear_line(&map, [1.5, 1.5], [4.5, 1.5]));
    }
}
