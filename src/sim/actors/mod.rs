//! Enemies: walkers that steer with article 001's cardioid-weighted
//! anti-gravity along a flow field, tanks that move along article 002's
//! exact arcs, the shells the tanks fire and the puffs that mark hits.
//!
//! Each tick, in order: puffs age; a snapshot of every body (player,
//! walkers, tanks) is bucketed into the spatial grid; the flow field is
//! rebuilt if the player changed tile; walkers think and move; tanks think,
//! drive and fire; shells fly. Obstacles are read from the snapshot, so the
//! order of the walkers does not bias who yields to whom.
//!
//! - `walker`: a walker's state table; `herd`: every walker's tick, on
//!   every core.
//! - `guard`: a guard's state table and tunables (Wolfenstein 3D's, with
//!   their sources); `guard_tick`: every guard's tick, sight and shots.
//! - `tank`: a tank, its arcs and its tick; `shell`: the shells tanks fire
//!   and the puffs that mark hits.
//! - `hitscan`: the player's shots; `geometry`: lines of sight, circles
//!   against walls and bodies.
//! - `check`: what is wrong with where a map puts its enemies.

mod check;
mod geometry;
pub mod guard;
mod guard_tick;
mod herd;
mod hitscan;
pub mod shell;
pub mod tank;
pub mod walker;

pub use self::check::{has_goal, placement_problems, PlacementProblem, Severity};
use self::geometry::push_apart;
pub use self::geometry::{clear_line, overlaps_wall};
use self::guard::{Guard, GuardTunables};
pub use self::guard_tick::{guard_sees, player_sees};
pub use self::hitscan::Strike;
use self::shell::{age_puffs, Puff, Shell, ShellTunables, MAX_PUFFS, MAX_SHELLS};
use self::tank::{Tank, TankRules};
use self::walker::{Walker, WalkerTunables};
use super::flow::FlowField;
use super::spatial::SpatialGrid;
use super::steer::{Obstacle, SteerTunables};
use super::Rng;
use crate::map::{Map, SpawnKind};

/// Every enemy tunable, with its default (the defaults are the hard
/// level's: [`Difficulty`](super::Difficulty) scales them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnemyTunables {
    /// Walkers.
    pub walker: WalkerTunables,
    /// Walkers' local avoidance (article 001).
    pub steer: SteerTunables,
    /// Tanks.
    pub tank: TankRules,
    /// Tank shells.
    pub shell: ShellTunables,
    /// Guards.
    pub guard: GuardTunables,
    /// The share of each hit on the player it takes, percent: the
    /// difficulty's damage (100 at hard, every hit as rolled).
    pub damage_percent: u32,
}

impl Default for EnemyTunables {
    fn default() -> Self {
        Self {
            walker: WalkerTunables::default(),
            steer: SteerTunables::default(),
            tank: TankRules::default(),
            shell: ShellTunables::default(),
            guard: GuardTunables::default(),
            damage_percent: 100,
        }
    }
}

/// The damage a hit of `damage` does at `percent` (the difficulty's
/// share): rounded to the nearest whole number, and at least 1 for a hit
/// that did any (a hit is never made harmless).
pub fn scale_damage(damage: u32, percent: u32) -> u32 {
    if damage == 0 {
        return 0;
    }
    ((damage.min(u32::MAX / 1000) * percent + 50) / 100).max(1)
}

/// A hit the player took this tick: how much, and where it came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blow {
    /// Damage done, after the difficulty's share.
    pub damage: u32,
    /// Where it came from, tiles: the walker that struck, the tank that
    /// fired the shell.
    pub from: [f64; 2],
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
    /// How fast the player moved this tick, tiles per second: a guard
    /// finds a fast player harder to hit.
    pub speed: f64,
    /// Which way the player looks, radians: a guard in view is easier to
    /// dodge.
    pub facing: f64,
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
    Guard(usize),
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

/// Every enemy on the map, and what they fired.
#[derive(Clone, Debug)]
pub struct Actors {
    /// Walkers, in spawn order (their index is their id).
    pub walkers: Vec<Walker>,
    /// Tanks, in spawn order (their index is their id).
    pub tanks: Vec<Tank>,
    /// Guards, in spawn order (their index is their id).
    pub guards: Vec<Guard>,
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
    /// The guards' obstacle list, kept between ticks.
    scratch_guard: Vec<Obstacle>,
    /// Which walkers' strikes landed this tick.
    struck: Vec<bool>,
    /// The hits the player took in the last tick, in walker order then
    /// shell order.
    blows: Vec<Blow>,
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
            guards: Vec::new(),
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
            scratch_guard: Vec::new(),
            struck: Vec::new(),
            blows: Vec::new(),
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
                SpawnKind::Guard { patrol } => {
                    actors
                        .guards
                        .push(Guard::new(s.x, s.y, s.angle, patrol, &tunables.guard))
                }
            }
        }
        // At most every walker's strike and every shell in one tick: taken
        // now, so a fight never allocates.
        let shells = actors.shells.capacity();
        actors
            .blows
            .reserve(actors.walkers.len() + actors.guards.len() + shells);
        actors
    }

    /// True when there are no enemies at all.
    pub fn is_empty(&self) -> bool {
        self.walkers.is_empty() && self.tanks.is_empty() && self.guards.is_empty()
    }

    /// Advances every enemy one tick of `dt` seconds against `quarry`;
    /// returns the damage dealt to the player (each hit is in
    /// [`Actors::blows`]).
    pub fn step(&mut self, map: &Map, quarry: &Quarry, rng: &mut Rng, dt: f64) -> u32 {
        age_puffs(&mut self.puffs);
        self.blows.clear();
        self.snapshot(map, quarry);
        self.update_flows(map, Map::tile_of(quarry.pos[0], quarry.pos[1]));
        self.walkers_tick(map, quarry, dt);
        // The strikes' damage is rolled after, in walker order: the same
        // numbers whichever core steered which walker.
        for (i, &struck) in self.struck.iter().enumerate() {
            if struck {
                let rolled = rng.roll(self.tunables.walker.strike_damage);
                let w = &self.walkers[i];
                let damage = scale_damage(rolled, self.tunables.damage_percent);
                self.blows.push(Blow {
                    damage,
                    from: [w.x, w.y],
                });
            }
        }
        self.guards_tick(map, quarry, rng, dt);
        for i in 0..self.tanks.len() {
            self.tank_tick(i, map, quarry, dt);
        }
        self.shells_tick(map, quarry, rng, dt);
        self.blows.iter().map(|b| b.damage).sum()
    }

    /// The hits the player took in the last tick, each with where it came
    /// from.
    pub fn blows(&self) -> &[Blow] {
        &self.blows
    }

    /// Rebuilds every flow field whose target is not `tile`, or that a
    /// push wall's slide has made stale: the walkers' and one per tank
    /// hull radius (made when a new radius appears).
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
        if !self.flow.leads_to(map, tile) {
            self.flow.rebuild(map, tile, self.tunables.walker.radius);
        }
        for f in &mut self.tank_flows {
            if !f.leads_to(map, tile) {
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
        let gr = self.tunables.guard.radius;
        for (i, g) in self.guards.iter().enumerate() {
            if g.state.alive() {
                self.bodies.push(Body {
                    pos: [g.x, g.y],
                    radius: gr,
                    who: Who::Guard(i),
                });
            }
        }
        self.widest = self.bodies.iter().map(|b| b.radius).fold(wr, f64::max);
        let positions = self.bodies.iter().map(|b| b.pos);
        self.grid.rebuild(map.width(), map.height(), positions);
    }

    /// Pushes a circle at `pos` of `radius` (the player) out of every
    /// living walker and every tank hull or wreck.
    pub fn push_out(&self, pos: &mut [f64; 2], radius: f64) {
        for (c, r) in self.bodies() {
            push_apart(pos, c, radius + r);
        }
    }

    /// Every body that takes up room, as a centre and radius: the living
    /// walkers and guards and every tank hull or wreck.
    pub fn bodies(&self) -> impl Iterator<Item = ([f64; 2], f64)> + '_ {
        let wr = self.tunables.walker.radius;
        let walkers = self.walkers.iter().filter(|w| w.state.alive());
        walkers
            .map(move |w| ([w.x, w.y], wr))
            .chain(self.tanks.iter().map(|t| ([t.x, t.y], t.radius())))
            .chain(self.living_guards())
    }

    /// The living guards, as a centre and radius.
    fn living_guards(&self) -> impl Iterator<Item = ([f64; 2], f64)> + '_ {
        let gr = self.tunables.guard.radius;
        let guards = self.guards.iter().filter(|g| g.state.alive());
        guards.map(move |g| ([g.x, g.y], gr))
    }

    /// The living walkers, tanks (not wrecks) and guards, as a centre and
    /// radius: the bodies that open doors they walk up to.
    pub fn movers(&self) -> impl Iterator<Item = ([f64; 2], f64)> + '_ {
        let wr = self.tunables.walker.radius;
        let walkers = self.walkers.iter().filter(|w| w.state.alive());
        let tanks = self.tanks.iter().filter(|t| t.alive());
        walkers
            .map(move |w| ([w.x, w.y], wr))
            .chain(tanks.map(|t| ([t.x, t.y], t.radius())))
            .chain(self.living_guards())
    }

    /// How many enemies are still alive (walkers, tanks, not wrecks, and
    /// guards).
    pub fn living(&self) -> usize {
        self.movers().count()
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
        // After the rest: a world without guards hashes as before them.
        for g in &self.guards {
            for v in [g.x, g.y, g.heading] {
                word(v.to_bits());
            }
            word(
                g.state as u64 | (u64::from(g.ticks_left) << 8) | ((g.health as u32 as u64) << 32),
            );
            word(u64::from(g.reaction) | u64::from(g.heard) << 32);
        }
    }
}

/// Height of a shell above the floor, tiles: the barrel's.
pub const SHELL_HEIGHT: f64 = 0.3;
/// The top of an enemy for gunfire, tiles above the floor: a shot passing
/// higher (from a flier) misses.
pub const TARGET_TOP: f64 = 1.0;
