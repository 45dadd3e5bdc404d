//! The world's state as a save holds it ([`crate::snapshot`]): every field
//! the tick reads or changes, visited in one order. What is not visited is
//! given by what a world is built from (the level, the tunables, the
//! difficulty, whether it is armed: a save's header holds those) or is a
//! cache the next tick remakes from the state (the flow fields, the spatial
//! grid, the steering pushes drawn by the F4 overlay, the last tick's
//! sounds).
//!
//! Read back into a world built as the saved one was, the visit overwrites
//! every field; [`World::check_restored`] then refuses what no play could
//! have made (a body off the map, a number that is not finite), so a save
//! made to hurt cannot reach the tick.

use super::episode::EpisodePlay;
use super::World;
use crate::map::{Key, Pickup, PickupKind, Place, Treasure, Weapon};
use crate::sim::actors::guard::{Guard, GuardState};
use crate::sim::actors::shell::{Puff, Shell, MAX_PUFFS, MAX_SHELLS};
use crate::sim::actors::tank::{Tank, TankState};
use crate::sim::actors::walker::{Walker, WalkerState};
use crate::sim::doors::Event;
use crate::sim::flight::Flier;
use crate::sim::weapons::Hands;
use crate::sim::{Arms, Player, Rng};
use crate::snapshot::{Visitor, MAX_COUNT};

/// The most a small counter of play may read (a shell's age, the shots
/// fired): 2^31, far from a 32-bit overflow.
const MAX_SMALL: u32 = 1 << 31;

#[rustfmt::skip]
const WALKER_STATES: [WalkerState; 16] = {
    use WalkerState as S;
    [S::Stand, S::Path1, S::Path2, S::Path3, S::Path4, S::Chase1, S::Chase2, S::Chase3,
     S::Chase4, S::Attack1, S::Attack2, S::Pain, S::Die1, S::Die2, S::Die3, S::Dead]
};

#[rustfmt::skip]
const GUARD_STATES: [GuardState; 21] = {
    use GuardState as S;
    [S::Stand, S::Path1, S::Path1s, S::Path2, S::Path3, S::Path3s, S::Path4, S::Chase1,
     S::Chase1s, S::Chase2, S::Chase3, S::Chase3s, S::Chase4, S::Aim, S::Fire, S::Recover,
     S::Pain, S::Die1, S::Die2, S::Die3, S::Dead]
};

const TANK_STATES: [TankState; 3] = [TankState::Idle, TankState::Hunt, TankState::Wreck];

impl World {
    /// Visits every field of the world's state in one order: written, a
    /// save's body; read into a world built as this one was (the same
    /// level, tunables, difficulty and arms), the same world. The caller
    /// reading must then ask [`World::check_restored`].
    pub fn visit_state(&mut self, v: &mut impl Visitor) {
        v.counter(&mut self.tick, MAX_COUNT, "the tick");
        let mut rng = self.rng.state();
        v.word(&mut rng);
        self.rng = Rng::new(rng);
        visit_player(&mut self.player, v);
        let a = &mut self.actors;
        v.fixed(&mut a.walkers, "the number of walkers", visit_walker);
        v.fixed(&mut a.guards, "the number of guards", visit_guard);
        v.fixed(&mut a.tanks, "the number of tanks", visit_tank);
        let tanks = a.tanks.len();
        v.list(&mut a.shells, MAX_SHELLS, blank_shell, |v, s| {
            visit_shell(s, tanks, v);
        });
        v.list(&mut a.puffs, MAX_PUFFS, blank_puff, visit_puff);
        visit_combat(&mut self.combat, v);
        self.particles.visit_state(v);
        self.visit_pickups(v);
        let mut armed = self.armoury.is_some();
        v.bool(&mut armed);
        match &mut self.armoury {
            Some(armoury) if armed => armoury.visit_state(v),
            None if !armed => {}
            _ => v.refuse("whether the player is armed"),
        }
        self.tally.visit_state(v);
        let events = events();
        v.option(
            &mut self.event,
            || (0, Event::Secret),
            |v, (tick, e)| {
                v.counter(tick, MAX_COUNT, "an event's tick");
                v.tag(e, &events, "an event");
            },
        );
        self.restrictor.visit_state(v);
        self.seen.visit_state(v);
        self.map.visit_moving(&self.level, v);
        self.ears.visit_state(v);
        self.run.visit_state(v);
        v.option(
            &mut self.exited,
            || 0,
            |v, tick| v.counter(tick, MAX_COUNT, "the exit's tick"),
        );
        let checkpoints = self
            .level
            .course
            .as_ref()
            .map_or(0, |c| c.checkpoints().len());
        v.option(&mut self.episode, EpisodePlay::blank, |v, e| {
            e.visit_state(checkpoints, v);
        });
    }

    /// The pickups lying about: each one the level placed by its place in
    /// the level's list, each one an enemy dropped by its kind and place.
    fn visit_pickups(&mut self, v: &mut impl Visitor) {
        let level = &self.level.pickups;
        let enemies = self.actors.walkers.len() + self.actors.tanks.len();
        let most = level.len() + enemies + self.actors.guards.len();
        let kinds = pickup_kinds();
        let blank = || Pickup {
            kind: PickupKind::Health,
            x: 0.0,
            y: 0.0,
            place: Place::File,
        };
        v.list(&mut self.pickups, most, blank, |v, p| {
            let mut from = level.iter().position(|q| q == p).unwrap_or(level.len());
            v.index(&mut from, level.len() + 1);
            if let Some(&placed) = level.get(from) {
                *p = placed;
                return;
            }
            v.tag(&mut p.kind, &kinds, "a pickup's kind");
            v.f64(&mut p.x);
            v.f64(&mut p.y);
            p.place = Place::File;
        });
    }

    /// Why the state just read could not come from play, if it could not:
    /// a number that is not finite, a body, shell or pickup off the grid, a
    /// speed or spin no play reaches (over a thousand a second), a door key
    /// that does not exist.
    pub fn check_restored(&self) -> Result<(), &'static str> {
        if let Some(what) = self.non_finite() {
            return Err(what);
        }
        let (w, h) = (self.map.width() as f64, self.map.height() as f64);
        let on = |x: f64, y: f64| {
            self.map.is_open_plane() || (0.0..w).contains(&x) && (0.0..h).contains(&y)
        };
        let a = &self.actors;
        let p = &self.player;
        let held = |xs: &[f64]| xs.iter().all(|x| x.abs() <= RESTORED_MOTION_LIMIT);
        let checks: [(&'static str, bool); 9] = [
            ("the player's place", on(p.x, p.y)),
            (
                "the player's speed",
                held(&p.velocity) && held(&[p.body.speed, p.body.angular_velocity]),
            ),
            (
                "the flier's speed or spin",
                p.flight
                    .as_ref()
                    .is_none_or(|f| held(&f.velocity) && held(&f.spin)),
            ),
            ("a walker's place", a.walkers.iter().all(|e| on(e.x, e.y))),
            (
                "a guard's place",
                a.guards
                    .iter()
                    .all(|e| on(e.x, e.y) && e.heading.is_finite()),
            ),
            ("a tank's place", a.tanks.iter().all(|e| on(e.x, e.y))),
            (
                "a shell's place",
                a.shells
                    .iter()
                    .all(|s| on(s.x, s.y) && s.vx.is_finite() && s.vy.is_finite()),
            ),
            (
                "a pickup's place",
                self.pickups.iter().all(|p| on(p.x, p.y)),
            ),
            ("the keys carried", self.player.keys >> Key::ALL.len() == 0),
        ];
        match checks.into_iter().find(|(_, ok)| !ok) {
            Some((what, _)) => Err(what),
            None => Ok(()),
        }
    }
}

/// The largest speed (tiles or radians a second) a restored body may
/// carry: a thousand times what play reaches (a run is a few tiles a
/// second, a crash's spin tens of radians a second), yet small enough that
/// no number of ticks takes it past what a float holds.
const RESTORED_MOTION_LIMIT: f64 = 1.0e3;

/// Every event, each with what it names.
fn events() -> Vec<Event> {
    let mut all = vec![Event::Secret, Event::ExtraLife];
    all.extend(Key::ALL.map(Event::Locked));
    all.extend(pickup_kinds().into_iter().map(Event::Picked));
    all
}

/// Every kind of pickup.
fn pickup_kinds() -> Vec<PickupKind> {
    use PickupKind as K;
    let mut all = vec![K::Health, K::Fuel, K::Ammo, K::DroppedAmmo, K::Food];
    all.extend(Key::ALL.map(K::Key));
    all.extend(Weapon::ALL.map(K::Weapon));
    all.extend(Treasure::ALL.map(K::Treasure));
    all
}

fn visit_player(p: &mut Player, v: &mut impl Visitor) {
    for x in [&mut p.x, &mut p.y, &mut p.heading] {
        v.f64(x);
    }
    let b = &mut p.body;
    for x in [&mut b.speed, &mut b.speed_angle, &mut b.angular_velocity] {
        v.f64(x);
    }
    v.f64(&mut p.last_input.acceleration);
    v.f64(&mut p.last_input.angle);
    p.velocity.iter_mut().for_each(|x| v.f64(x));
    v.option(&mut p.flight, Flier::default, |v, f| f.visit_state(v));
    v.f64(&mut p.fuel);
    v.u8(&mut p.keys);
    v.f64(&mut p.turn_carry);
    p.snap.visit_state(v);
}

fn visit_walker(v: &mut impl Visitor, w: &mut Walker) {
    for x in [&mut w.x, &mut w.y, &mut w.heading] {
        v.f64(x);
    }
    v.tag(&mut w.state, &WALKER_STATES, "a walker's state");
    v.u16(&mut w.ticks_left);
    v.i32(&mut w.health);
    v.bool(&mut w.patrol);
    w.goal.iter_mut().for_each(|x| v.f64(x));
}

fn visit_guard(v: &mut impl Visitor, g: &mut Guard) {
    for x in [&mut g.x, &mut g.y, &mut g.heading] {
        v.f64(x);
    }
    v.tag(&mut g.state, &GUARD_STATES, "a guard's state");
    v.u16(&mut g.ticks_left);
    v.i32(&mut g.health);
    v.bool(&mut g.patrol);
    v.u32(&mut g.reaction);
    v.bool(&mut g.heard);
}

/// A tank's state; not its half width, which its spawn in the level gives
/// (and the flow fields and steering scans trust).
fn visit_tank(v: &mut impl Visitor, t: &mut Tank) {
    for x in [
        &mut t.x,
        &mut t.y,
        &mut t.heading,
        &mut t.left,
        &mut t.right,
        &mut t.used.0,
        &mut t.used.1,
    ] {
        v.f64(x);
    }
    v.tag(&mut t.state, &TANK_STATES, "a tank's state");
    v.i32(&mut t.health);
    v.u32(&mut t.reload_ticks);
    v.u16(&mut t.flinch);
    v.f64(&mut t.tread);
    v.u16(&mut t.blocked);
    if t.blocked > u16::MAX / 2 {
        v.refuse("a tank's blocked ticks");
        t.blocked = 0;
    }
    v.u16(&mut t.reversing);
    v.f64(&mut t.turret);
}

fn blank_shell() -> Shell {
    Shell {
        x: 0.0,
        y: 0.0,
        vx: 0.0,
        vy: 0.0,
        owner: 0,
        age: 0,
    }
}

fn visit_shell(s: &mut Shell, tanks: usize, v: &mut impl Visitor) {
    for x in [&mut s.x, &mut s.y, &mut s.vx, &mut s.vy] {
        v.f64(x);
    }
    v.index(&mut s.owner, tanks.max(1));
    if tanks == 0 {
        v.refuse("a shell with no tank to fire it");
    }
    small(&mut s.age, "a shell's age", v);
}

fn blank_puff() -> Puff {
    Puff {
        x: 0.0,
        y: 0.0,
        z: 0.0,
        age: 0,
        size: 1.0,
    }
}

fn visit_puff(v: &mut impl Visitor, p: &mut Puff) {
    for x in [&mut p.x, &mut p.y, &mut p.z] {
        v.f64(x);
    }
    small(&mut p.age, "a puff's age", v);
    v.f64(&mut p.size);
}

/// A small counter, refused past [`MAX_SMALL`].
fn small(n: &mut u32, what: &'static str, v: &mut impl Visitor) {
    v.u32(n);
    if *n > MAX_SMALL {
        v.refuse(what);
        *n = 0;
    }
}

fn visit_combat(c: &mut crate::sim::combat::Combat, v: &mut impl Visitor) {
    v.i32(&mut c.health);
    v.u16(&mut c.cooldown);
    v.u16(&mut c.flash);
    v.u16(&mut c.hurt);
    small(&mut c.shots, "the shots fired", v);
    for wound in &mut c.wounds {
        v.f64(&mut wound.bearing);
        v.u16(&mut wound.ticks);
    }
}

/// Visits the player's weapons and rounds.
pub(super) fn visit_arms(a: &mut Arms, v: &mut impl Visitor) {
    v.tag(&mut a.held, &Weapon::ALL, "the weapon in hand");
    v.tag(&mut a.chosen, &Weapon::ALL, "the weapon chosen");
    v.u8(&mut a.carried);
    v.u16(&mut a.ammo);
    let (mut kind, mut left, mut next) = match a.hands {
        Hands::Ready => (0u8, 0u16, Weapon::Knife),
        Hands::Lowering { left, next } => (1, left, next),
        Hands::Raising { left } => (2, left, Weapon::Knife),
    };
    v.u8(&mut kind);
    v.u16(&mut left);
    v.tag(&mut next, &Weapon::ALL, "the weapon to raise");
    a.hands = match kind {
        0 => Hands::Ready,
        1 => Hands::Lowering { left, next },
        2 => Hands::Raising { left },
        _ => {
            v.refuse("what the hands are doing");
            Hands::Ready
        }
    };
    v.u16(&mut a.cooldown);
    v.u16(&mut a.since_shot);
}
