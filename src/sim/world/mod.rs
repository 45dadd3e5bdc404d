//! The world: the map, the player, the enemies, the tick counter and the
//! random generator, advanced one fixed tick at a time.

use super::actors::{Actors, Quarry, TARGET_TOP};
use super::classic::ClassicTunables;
use super::combat::{Combat, CombatTunables};
use super::comfort::{self, ComfortTunables, Restrictor};
use super::doors::{self, Event, Used};
use super::flight::FlightTunables;
use super::particles::Particles;
use super::quake::QuakeTunables;
use super::seen::{self, Seen};
use super::sound::{Cue, Ears, Sounds, Walked};
use super::CourseRun;
use super::{collision, Controls, Difficulty, Model, Player, PolarTunables, Request, Rng, Tally};
use crate::angle::lerp_short;
use crate::map::{DoorMotion, Map, Pickup};

mod arms;
mod camera;
mod change;
mod episode;
mod loot;
mod scenario;
mod snapshot;

pub use change::{Applied, Change};
pub use loot::PUSH_WALL_SPEED;
pub use scenario::Scenario;

/// Simulation ticks per second.
pub const TICK_RATE: u32 = 120;
/// Length of one tick in seconds.
pub const TICK_DT: f64 = 1.0 / TICK_RATE as f64;

/// Which way the camera looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coupling {
    /// Along the polar model's speed angle: the view wobbles as the body does.
    Velocity,
    /// Along the wish heading: the view turns only as the keys ask.
    Heading,
}

impl Coupling {
    /// Every coupling, in cycling order.
    pub const ALL: [Coupling; 2] = [Coupling::Velocity, Coupling::Heading];

    /// The name used in settings, recordings and on the HUD.
    pub fn name(self) -> &'static str {
        match self {
            Coupling::Velocity => "velocity",
            Coupling::Heading => "heading",
        }
    }

    /// The coupling named `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The next coupling in cycling order.
    pub fn next(self) -> Self {
        match self {
            Coupling::Velocity => Coupling::Heading,
            Coupling::Heading => Coupling::Velocity,
        }
    }
}

/// Eye height when walking, in tiles: mid-wall, as in Wolfenstein 3D.
pub const EYE_HEIGHT: f64 = 0.5;
/// Eye height of a dead player, in tiles: slumped on the floor.
pub const DEAD_EYE_HEIGHT: f64 = 0.15;
/// The fewest exhaust particles that drift on another core while the
/// enemies act: about 10 us of work, worth the hand-off. One flier keeps
/// under 130 alive, so this is for crowds of ships and the bench's cloud.
const DRIFT_ALONGSIDE: usize = 1024;

/// Every tunable of the world, with its default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tunables {
    /// The walking model in force.
    pub model: Model,
    /// The polar walking model (article 000).
    pub polar: PolarTunables,
    /// The classic walking model (Wolfenstein 3D).
    pub classic: ClassicTunables,
    /// The quake walking model.
    pub quake: QuakeTunables,
    /// How fast the turn keys rotate the heading, radians per second (all
    /// models).
    pub heading_speed: f64,
    /// The player's collision radius in tiles (Wolfenstein 3D: about 0.344).
    pub player_radius: f64,
    /// Which way the camera looks, with the polar model (the others look
    /// along the heading).
    pub coupling: Coupling,
    /// Head bob: 0 for none (the default), 1 for Quake's.
    pub head_bob: f64,
    /// Gyro: a jet countering the polar model's angular velocity, radians
    /// per second squared; 0 for none (the default).
    pub gyro: f64,
    /// Jetpack flight (Lander's model, articles 003 and 004).
    pub flight: FlightTunables,
    /// The comfort mitigations: the field-of-view restrictor, a fixed
    /// reference and snap turning.
    pub comfort: ComfortTunables,
}

impl Default for Tunables {
    fn default() -> Self {
        Self {
            model: Model::Polar,
            polar: PolarTunables::default(),
            classic: ClassicTunables::default(),
            quake: QuakeTunables::default(),
            heading_speed: 150f64.to_radians(),
            player_radius: 0.3,
            coupling: Coupling::Velocity,
            head_bob: 0.0,
            gyro: 0.0,
            flight: FlightTunables::default(),
            comfort: ComfortTunables::default(),
        }
    }
}

/// Where the camera stands and looks: all the renderer needs of the player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    /// Position in tiles.
    pub x: f64,
    /// Position in tiles.
    pub y: f64,
    /// Eye height above the floor, in tiles.
    pub z: f64,
    /// View direction in radians, [0, 2pi).
    pub yaw: f64,
    /// How far the view looks down, radians (negative: up). The renderer
    /// shears the picture vertically by it.
    pub pitch: f64,
    /// How far the view is rolled to the right, radians (negative: left):
    /// the picture turns the other way about its centre, so rolled right
    /// the horizon rises on the right. Quake rolls the view into a strafe.
    pub roll: f64,
}

impl Pose {
    /// The pose `t` of the way (0 to 1) from `self` to `next`: the
    /// renderer's view between two ticks.
    pub fn lerp(&self, next: &Pose, t: f64) -> Pose {
        Pose {
            x: self.x + (next.x - self.x) * t,
            y: self.y + (next.y - self.y) * t,
            z: self.z + (next.z - self.z) * t,
            yaw: lerp_short(self.yaw, next.yaw, t),
            pitch: self.pitch + (next.pitch - self.pitch) * t,
            roll: self.roll + (next.roll - self.roll) * t,
        }
    }
}

impl World {
    /// Pushes the player out of the enemies' bodies (and back out of the
    /// walls), unless flying above their heads; true if it moved them.
    fn push_out_of_bodies(&mut self) -> bool {
        if self.actors.is_empty() || self.player.altitude() >= TARGET_TOP {
            return false;
        }
        let mut p = [self.player.x, self.player.y];
        let r = self.tunables.player_radius;
        self.actors.push_out(&mut p, r);
        collision::push_out(&self.map, &mut p, r);
        let moved = p != [self.player.x, self.player.y];
        (self.player.x, self.player.y) = (p[0], p[1]);
        moved
    }
}

/// True if the player's body or any enemy's meets `tile`.
fn occupies(actors: &Actors, player: ([f64; 2], f64), tile: (i64, i64)) -> bool {
    let mut bodies = std::iter::once(player).chain(actors.bodies());
    bodies.any(|(c, r)| doors::touches(c, r, tile))
}

/// The simulated world. Its fields are private: the tick changes it
/// through [`World::step`], everything else through [`World::apply`], and
/// tests build the worlds they need with [`Scenario`](super::Scenario).
#[derive(Clone, Debug)]
pub struct World {
    /// The map as loaded: doors shut, every pickup in place. Restarts and
    /// fresh worlds (a recording starting) begin from it.
    level: Map,
    /// The map as it stands: the level with the doors as they are now.
    map: Map,
    /// The player.
    player: Player,
    /// The tunables in force.
    tunables: Tunables,
    /// The enemies, their shells and the puffs of hits.
    actors: Actors,
    /// How hard the fights are: the enemies' tunables are this level's.
    difficulty: Difficulty,
    /// The player's health and weapon.
    combat: Combat,
    /// The player's health and weapon tunables.
    combat_tunables: CombatTunables,
    /// Exhaust particles.
    particles: Particles,
    /// The pickups still lying about.
    pickups: Vec<Pickup>,
    /// The weapons, in a world that has them ([`World::armed`]).
    armoury: Option<arms::Armoury>,
    /// The score, kills, secrets, treasure and lives.
    tally: Tally,
    /// The tick the player stepped onto an exit, ending the level.
    exited: Option<u64>,
    /// What a level of an episode keeps beyond a lone map's
    /// (`episode.rs`); None outside an episode.
    episode: Option<episode::EpisodePlay>,
    /// The last thing the player should hear about, and its tick.
    event: Option<(u64, Event)>,
    /// The field-of-view restrictor, eased from the camera's motion.
    restrictor: Restrictor,
    /// The sounds of the last tick, and what telling them needs (outside
    /// the state hash: nothing reads them back).
    ears: Ears,
    /// What the player has seen of the map, and what is in sight (outside
    /// the state hash: it follows from the states hashed).
    seen: Seen,
    /// The run through the level: its start and the checkpoints passed
    /// (outside the state hash: it follows from the player's path).
    run: CourseRun,
    tick: u64,
    rng: Rng,
}

impl World {
    /// A world on `map` as its level starts (doors shut, every pickup in
    /// place), with the player at its start, the enemies as they were
    /// before there were difficulty levels ([`Difficulty::LEGACY`]): the
    /// feel lab, studies and tests fight as they always did.
    pub fn new(map: Map, tunables: Tunables, seed: u64) -> Self {
        Self::at_difficulty(map, tunables, Difficulty::LEGACY, seed)
    }

    /// A world as [`World::new`] makes it, its enemies at `difficulty`.
    pub fn at_difficulty(map: Map, tunables: Tunables, difficulty: Difficulty, seed: u64) -> Self {
        let mut map = map;
        map.shut_doors();
        let player = Player::at(map.start);
        let actors = Actors::spawn(&map, difficulty.enemies());
        let combat_tunables = CombatTunables::default();
        let mut pickups = Vec::new();
        pickups.clone_from(&map.pickups);
        let seen = Seen::new(map.width(), map.height());
        let run = CourseRun::new(&map, 0);
        let mut world = Self {
            seen,
            run,
            pickups,
            armoury: None,
            tally: Tally::new(actors.living()),
            exited: None,
            episode: None,
            event: None,
            ears: Ears::default(),
            level: map.clone(),
            map,
            player,
            tunables,
            actors,
            difficulty,
            combat: Combat::new(&combat_tunables),
            combat_tunables,
            particles: Particles::default(),
            restrictor: Restrictor::default(),
            tick: 0,
            rng: Rng::new(seed),
        };
        world.look();
        world
    }

    /// Advances the world by one tick, reading only `controls`.
    ///
    /// Order: the tick's action; the player walks or flies (a dead player
    /// only coasts or falls) and is pushed out of enemy bodies; the weapon
    /// fires (along the view, or in flight along the ship's nose); the
    /// enemies act and the exhaust moves (they share nothing, so a big
    /// cloud moves on another core meanwhile); the player takes the
    /// enemies' damage; the doors move; every [`seen::EVERY`] ticks the
    /// player looks round ([`Seen`]). What could be heard is told in
    /// [`World::sounds`].
    pub fn step(&mut self, controls: &Controls) {
        self.ears
            .before(&self.actors, &self.map, self.combat.health);
        match controls.action {
            Some(Request::SetModel(m)) => self.set_model(m),
            Some(Request::SetCoupling(c)) => self.tunables.coupling = c,
            Some(Request::Restart) => self.restart_requested(),
            Some(Request::Jetpack) if self.combat.alive() => {
                self.player.toggle_jetpack(self.tunables.model);
            }
            Some(Request::Use) if self.combat.alive() && !self.push_wall() => self.use_door(),
            Some(Request::Jetpack | Request::Use) | None => {}
        }
        let alive = self.combat.alive();
        let moving = if alive {
            *controls
        } else {
            Controls::default()
        };
        let from = [self.player.x, self.player.y];
        let walking = self.player.flight.is_none();
        if !walking {
            let shared = (&self.map, &mut self.rng, &mut self.particles);
            let touchdown = self.player.fly(&moving, &self.tunables, shared, TICK_DT);
            self.combat.take(touchdown.damage, &self.combat_tunables);
            self.hear_flight(touchdown.landed, touchdown.damage);
        } else {
            self.player
                .tick(&moving, &self.tunables, &self.map, TICK_DT);
            self.player.refuel(&self.map, TICK_DT);
        }
        // Walking, a push out of an enemy's body stops the body as a wall
        // does: the speed follows the move it made.
        if self.push_out_of_bodies() && walking {
            self.player.stopped(from, &self.tunables, TICK_DT);
        }
        self.trigger(controls);
        let quarry = Quarry {
            pos: [self.player.x, self.player.y],
            radius: self.tunables.player_radius,
            alive: self.combat.alive(),
            altitude: self.player.altitude(),
            speed: (self.player.x - from[0]).hypot(self.player.y - from[1]) / TICK_DT,
            facing: self.aim().0,
        };
        let gravity = self.tunables.flight.gravity;
        let cloud = self.particles.len();
        let map = &self.map;
        let actors = (!self.actors.is_empty() || !self.actors.puffs.is_empty())
            .then_some((&mut self.actors, &mut self.rng));
        let particles = (!self.particles.is_empty()).then_some(&mut self.particles);
        let both = actors.is_some() && cloud >= DRIFT_ALONGSIDE;
        let act = || actors.map(|(a, rng)| a.step(map, &quarry, rng, TICK_DT));
        let drift = || particles.map(|p| p.step(map, gravity, TICK_DT));
        // The exhaust touches nothing the enemies read or write, nor they
        // it: with enemies about and a cloud big enough to be worth a core,
        // the exhaust drifts on another core while the enemies act (the
        // same state either way).
        let damage = if both {
            rayon::join(act, drift).0
        } else {
            let damage = act();
            drift();
            damage
        };
        if let Some(damage) = damage {
            self.combat.take(damage, &self.combat_tunables);
            self.mark_wounds();
        }
        self.drop_loot();
        if !self.actors.is_empty() {
            self.count_kills();
        }
        if !self.pickups.is_empty() && self.combat.alive() {
            self.pick_up();
        }
        self.slide_walls();
        self.follow_the_level();
        if !self.map.doors.is_empty() {
            doors::open_for(&mut self.map, self.actors.movers());
            let (actors, player) = (&self.actors, self.player_body());
            let occupied = |tile| occupies(actors, player, tile);
            doors::step(&mut self.map, TICK_DT, occupied);
        }
        self.hear_the_tick(from, walking);
        self.ease_restrictor();
        if self.tick.is_multiple_of(seen::EVERY) {
            self.look();
        }
        self.tick += 1;
        self.run.follow(self.tick, [self.player.x, self.player.y]);
    }

    /// Casts the fan of sight from the camera, marking what it reaches seen.
    fn look(&mut self) {
        let yaw = self.camera().yaw;
        let eye = [self.player.x, self.player.y];
        self.seen.look(&self.map, eye, yaw);
    }

    /// What the player has seen of the map, and what is in sight now.
    pub fn seen(&self) -> &Seen {
        &self.seen
    }

    /// The run through the level: its start and the checkpoints passed.
    pub fn course_run(&self) -> &CourseRun {
        &self.run
    }

    /// Eases the field-of-view restrictor toward the camera's motion this
    /// tick (while it is on: off, it stays open and costs nothing).
    fn ease_restrictor(&mut self) {
        if self.tunables.comfort.vignette == 0.0 {
            return;
        }
        let yaw = self.camera().yaw;
        let top = comfort::top_speed(&self.tunables);
        let cut = self.view_snapped();
        let velocity = self.player.velocity;
        self.restrictor.step(yaw, velocity, top, cut, TICK_DT);
    }

    /// True if the view itself snapped this tick: a snap turn, with the
    /// camera looking along the heading (not the polar model's velocity,
    /// which swings to the new heading instead).
    pub fn view_snapped(&self) -> bool {
        let t = &self.tunables;
        let along_velocity = self.player.flight.is_none()
            && t.model == Model::Polar
            && t.coupling == Coupling::Velocity;
        t.comfort.snap_turn != 0.0 && self.player.snap.snapped() && !along_velocity
    }

    /// How far the restrictor's motion has closed it, 0 open to 1 fully
    /// (its strength not applied: see [`comfort::Aperture::of`]).
    pub fn restriction(&self) -> f64 {
        self.restrictor.level()
    }

    /// The sounds of the tick the world's state tells after it.
    fn hear_the_tick(&mut self, from: [f64; 2], walking: bool) {
        let at = [self.player.x, self.player.y];
        let moved = if walking && self.combat.alive() {
            (at[0] - from[0]).hypot(at[1] - from[1])
        } else {
            0.0
        };
        let walked = Walked {
            at,
            moved,
            speed: moved / TICK_DT,
            health: self.combat.health,
        };
        let tracks = self.actors.tunables.tank.drive.max_track_speed;
        self.ears.after(walked, &self.actors, &self.map, tracks);
    }

    /// The jets' loops of a flying tick, and how it touched down.
    fn hear_flight(&mut self, landed: bool, damage: u32) {
        let at = [self.player.x, self.player.y];
        if let Some(f) = &self.player.flight {
            self.ears.jets(at, f.thrust, f.hover || f.brake);
        }
        if damage > 0 {
            self.ears.tell(Cue::Crash, at, 1.0);
        } else if landed {
            self.ears.tell(Cue::Landing, at, 1.0);
        }
    }

    /// Marks on the player where each of the tick's hits came from.
    fn mark_wounds(&mut self) {
        let at = [self.player.x, self.player.y];
        for blow in self.actors.blows() {
            let bearing = (blow.from[1] - at[1]).atan2(blow.from[0] - at[0]);
            self.combat.wound(bearing, &self.combat_tunables);
        }
    }

    /// What the last tick made that could be heard.
    pub fn sounds(&self) -> &Sounds {
        self.ears.sounds()
    }

    /// The player's body: its centre and radius.
    fn player_body(&self) -> ([f64; 2], f64) {
        ([self.player.x, self.player.y], self.tunables.player_radius)
    }

    /// The use button: works the door ahead, telling of a locked one.
    fn use_door(&mut self) {
        let (actors, player) = (&self.actors, self.player_body());
        let occupied = |tile| occupies(actors, player, tile);
        let (pos, heading, keys) = (player.0, self.player.heading, self.player.keys);
        let used = doors::use_door(&mut self.map, pos, heading, keys, occupied);
        if let Some(Used::Locked(key)) = used {
            self.ears.tell_at_player(Cue::Locked, 1.0);
            self.event = Some((self.tick, Event::Locked(key)));
        }
    }

    /// Takes the pickup the player stands on, if it is any use now (what
    /// each gives: `sim::loot::LOOT`).
    fn pick_up(&mut self) {
        let wants = |kind| self.wants(kind);
        let (pos, radius) = self.player_body();
        let Some(i) = doors::pickup_at(&self.pickups, pos, radius, wants) else {
            return;
        };
        let kind = self.pickups.remove(i).kind;
        self.take(kind);
        self.ears.picked(kind, pos);
    }

    /// Where the gun points: its yaw, the eye height it fires from, and its
    /// rise per tile across the floor. Walking, along the view; flying,
    /// along the ship's nose (aim by tilting).
    pub fn aim(&self) -> (f64, f64, f64) {
        let camera = self.camera();
        let Some(f) = &self.player.flight else {
            return (camera.yaw, camera.z, 0.0);
        };
        let nose = f.basis(self.player.heading).nose;
        let across = nose[0].hypot(nose[1]);
        // Straight down the nose has no yaw of its own: keep the view's.
        let yaw = if across > 1e-9 {
            nose[1].atan2(nose[0])
        } else {
            camera.yaw
        };
        (yaw, camera.z, nose[2] / across.max(1e-9))
    }

    /// Starts the map again: the player at the start with full health and
    /// every enemy at its spawn. The tick count, the generator and the
    /// tunables carry on, so a recording that restarts still replays.
    pub fn restart(&mut self) {
        self.player = Player::at(self.level.start);
        self.map.clone_from(&self.level);
        self.pickups.clone_from(&self.level.pickups);
        self.event = None;
        self.particles.clear();
        self.restrictor.reset();
        self.actors = Actors::spawn(&self.map, self.actors.tunables);
        self.tally = self.tally_at_start(self.actors.living());
        self.exited = None;
        self.forget_checkpoints();
        self.combat = Combat::new(&self.combat_tunables);
        if let Some(armoury) = &mut self.armoury {
            armoury.reset();
        }
        self.seen.clear();
        self.look();
        self.run = CourseRun::new(&self.level, self.tick);
    }

    /// This world with tanks' shells stopping at guards (`on`, as new play
    /// has them) or passing through them (as recordings from before they
    /// met guards were played).
    pub fn with_shells_hitting_guards(mut self, on: bool) -> Self {
        self.actors.tunables.shell.hits_guards = on;
        self
    }

    /// True if tanks' shells stop at guards and hurt them.
    pub fn shells_hit_guards(&self) -> bool {
        self.actors.tunables.shell.hits_guards
    }

    /// Switches the walking model, carrying the body's motion over.
    pub fn set_model(&mut self, model: Model) {
        self.player.switch_to(model);
        self.tunables.model = model;
    }

    /// A world as this one's level starts: the level's doors and pickups,
    /// the enemies at their spawns, the player at the start, tick 0, a
    /// generator seeded with `seed`, and the tunables in force. What a
    /// recording started now begins from, whatever this world went through.
    pub fn fresh(&self, seed: u64) -> World {
        let mut world =
            World::at_difficulty(self.level.clone(), self.tunables, self.difficulty, seed);
        world.ears.set_stride(self.ears.stride());
        match self.armoury {
            Some(_) => world.armed(),
            None => world,
        }
    }

    /// How hard the fights are.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The map as it stands (doors as they are now).
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The player.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The tunables in force.
    pub fn tunables(&self) -> &Tunables {
        &self.tunables
    }

    /// The enemies, their shells and the puffs of hits.
    pub fn actors(&self) -> &Actors {
        &self.actors
    }

    /// The player's health and weapon.
    pub fn combat(&self) -> &Combat {
        &self.combat
    }

    /// The player's health and weapon tunables.
    pub fn combat_tunables(&self) -> &CombatTunables {
        &self.combat_tunables
    }

    /// Exhaust particles.
    pub fn particles(&self) -> &Particles {
        &self.particles
    }

    /// The pickups still lying about.
    pub fn pickups(&self) -> &[Pickup] {
        &self.pickups
    }

    /// The last thing the player should hear about, and its tick.
    pub fn event(&self) -> Option<(u64, Event)> {
        self.event
    }

    /// Ticks run so far.
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Seconds of simulated time so far.
    pub fn time(&self) -> f64 {
        self.tick as f64 * TICK_DT
    }

    /// The world's random generator.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// The first part of the state that is not a finite number, if any:
    /// an invariant no input may break, checked by the fuzzing of whole
    /// runs.
    pub fn non_finite(&self) -> Option<&'static str> {
        let finite = |values: &[f64]| values.iter().all(|v| v.is_finite());
        let p = &self.player;
        let b = &p.body;
        let parts: [(&'static str, bool); 7] = [
            ("the player's place", finite(&[p.x, p.y, p.heading])),
            (
                "the player's motion",
                finite(&[b.speed, b.speed_angle, b.angular_velocity])
                    && finite(&p.velocity)
                    && p.fuel.is_finite(),
            ),
            (
                "the flier",
                p.flight.as_ref().is_none_or(|f| {
                    finite(&[f.z, f.pitch, f.direction, f.fuel])
                        && finite(&f.velocity)
                        && finite(&f.spin)
                }),
            ),
            (
                "a walker",
                self.actors
                    .walkers
                    .iter()
                    .all(|w| finite(&[w.x, w.y, w.heading])),
            ),
            (
                "a tank",
                self.actors
                    .tanks
                    .iter()
                    .all(|t| finite(&[t.x, t.y, t.heading])),
            ),
            (
                "a shell",
                self.actors.shells.iter().all(|s| finite(&[s.x, s.y])),
            ),
            (
                "a particle",
                self.particles
                    .iter()
                    .all(|q| finite(&q.pos) && finite(&q.vel)),
            ),
        ];
        parts.into_iter().find(|(_, ok)| !ok).map(|(what, _)| what)
    }

    /// A hash of the whole simulated state (FNV-1a over its bits): equal
    /// hashes mean, for all practical purposes, equal worlds. A world with
    /// no enemies and an untouched player hashes as it did before enemies
    /// existed, so older recordings still replay.
    pub fn state_hash(&self) -> u64 {
        let p = &self.player;
        let words = [
            self.tick,
            self.rng.state(),
            p.x.to_bits(),
            p.y.to_bits(),
            p.heading.to_bits(),
            p.body.speed.to_bits(),
            p.body.speed_angle.to_bits(),
            p.body.angular_velocity.to_bits(),
            p.velocity[0].to_bits(),
            p.velocity[1].to_bits(),
            self.tunables.model as u64,
        ];
        let mut h = crate::rng::FNV1A_START;
        let mut fold = |w: u64| h = crate::rng::fnv1a(h, &w.to_le_bytes());
        words.into_iter().for_each(&mut fold);
        if !self.actors.is_empty() || !self.combat.at_rest(&self.combat_tunables) {
            let c = &self.combat;
            fold(c.health as u32 as u64 | (u64::from(c.cooldown) << 32));
            fold(u64::from(c.shots));
            self.actors.hash_words(&mut fold);
        }
        if !self.map.doors.is_empty() || !self.map.pickups.is_empty() {
            fold(u64::from(p.keys) | (self.pickups.len() as u64) << 8);
            for d in &self.map.doors {
                fold(d.open.to_bits());
                fold(match d.motion {
                    DoorMotion::Still => 0,
                    DoorMotion::Opening => 1,
                    DoorMotion::Open(n) => 2 | u64::from(n) << 2,
                    DoorMotion::Closing => 3,
                });
            }
        }
        if !self.tally.is_legacy() {
            self.tally.hash_words(&mut fold);
        }
        if !self.map.pushwalls().is_empty() {
            fold(u64::from(self.map.generation()));
            if let Some(s) = self.map.slide() {
                fold(s.wall as u64 | ((s.dir.0 + 1) as u64) << 32 | ((s.dir.1 + 1) as u64) << 40);
                fold(s.moved.to_bits());
            }
        }
        if p.flight.is_some() || p.fuel != 1.0 || !self.particles.is_empty() {
            fold(p.fuel.to_bits());
            if let Some(f) = &p.flight {
                f.hash_words(&mut fold);
            }
            self.particles.hash_words(&mut fold);
        }
        self.hash_arms(&mut fold);
        self.hash_episode(&mut fold);
        h
    }
}
