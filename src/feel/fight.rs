//! The bot's fight: an optional behaviour laid over the course bot's keys
//! ([`super::bot`]) so a driver can play a level with its enemies in.
//! While a living enemy stands in sight (no wall or shut door between the
//! eye and its centre) within reach, the fighter stands, turns the view
//! onto the nearest one with the mouse (`look`, at most a person's flick
//! a tick) and holds the trigger while the aim is on the enemy's body;
//! with none in sight it hands the walking keys through untouched. It
//! fights only what the weapon coming up can reach (a gun with rounds:
//! any distance; the knife: a step), and a fight that kills nothing for
//! `patience_s` gives way to `walk_on_s` of walking on, so a tank it
//! cannot wreck in time never holds it still for good.
//!
//! It reads the world and makes [`Controls`], as a person at the keys
//! would: nothing of it enters the simulation, which stays deterministic
//! (the same world and the same walking keys give the same controls).
//! It aims where the gun points ([`World::aim`]): under the polar model's
//! velocity coupling that is the speed's direction, which a standing
//! player cannot turn, so a driver that fights plays with the camera on
//! the heading (any other model, or [`Coupling::Heading`]).
//!
//! [`Coupling::Heading`]: crate::sim::Coupling::Heading

use crate::angle::wrap_signed;
use crate::map::{raycast, Map};
use crate::sim::tunable_table::arms;
use crate::sim::{Controls, World, TICK_DT};

/// How the fighter fights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FightTunables {
    /// The farthest enemy it turns to, tiles: one farther off is left to
    /// come closer.
    pub reach: f64,
    /// The fastest it turns the view, degrees a second (a quick mouse
    /// flick).
    pub turn_deg_per_s: f64,
    /// The share of an enemy's body radius the aim must fall within
    /// before it fires (under 1: it fires at the body, not its edge).
    pub on_target: f64,
    /// The longest it fights without a kill, seconds, before it walks on.
    pub patience_s: f64,
    /// How long it walks on, deaf to the enemies, when its patience runs
    /// out, seconds.
    pub walk_on_s: f64,
}

impl Default for FightTunables {
    fn default() -> Self {
        Self {
            reach: 10.0,
            turn_deg_per_s: 540.0,
            on_target: 0.6,
            patience_s: 6.0,
            walk_on_s: 2.0,
        }
    }
}

/// An enemy the fighter may shoot: where its centre is, its body's radius
/// and how far off it is, tiles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Its centre.
    pub at: [f64; 2],
    /// Its body's radius.
    pub radius: f64,
    /// From the player's centre to its centre.
    pub distance: f64,
}

/// The nearest living enemy (walker, tank that is not a wreck, guard)
/// within `reach` tiles of the player with a clear line from the player's
/// centre to its own: no wall, push wall or door not open between.
pub fn nearest_in_sight(world: &World, reach: f64) -> Option<Target> {
    // The weapon coming up reaches so far past a body's edge (a world
    // without weapons fires the old gun, which reaches any distance).
    let weapon = world.arms().map(|a| arms::weapon(a.coming()));
    let strikes = weapon.map_or(f64::INFINITY, |w| w.reach);
    let p = world.player();
    let eye = [p.x, p.y];
    let a = world.actors();
    let (wr, gr) = (a.tunables.walker.radius, a.tunables.guard.radius);
    let walkers = a.walkers.iter().filter(|w| w.state.alive());
    let tanks = a.tanks.iter().filter(|t| t.alive());
    let guards = a.guards.iter().filter(|g| g.state.alive());
    let bodies = walkers
        .map(|w| ([w.x, w.y], wr))
        .chain(tanks.map(|t| ([t.x, t.y], t.radius())))
        .chain(guards.map(|g| ([g.x, g.y], gr)));
    let map = world.map();
    bodies
        .map(|(at, radius)| Target {
            at,
            radius,
            distance: (at[0] - eye[0]).hypot(at[1] - eye[1]),
        })
        .filter(|t| t.distance <= reach && t.distance - t.radius <= strikes)
        .filter(|t| in_sight(map, eye, t))
        .min_by(|a, b| a.distance.total_cmp(&b.distance))
}

/// True if nothing solid stands between `eye` and `target`'s centre.
fn in_sight(map: &Map, eye: [f64; 2], target: &Target) -> bool {
    if target.distance < 1e-9 {
        return true;
    }
    let d = [
        (target.at[0] - eye[0]) / target.distance,
        (target.at[1] - eye[1]) / target.distance,
    ];
    raycast::cast(map, eye[0], eye[1], d[0], d[1], target.distance).is_none()
}

/// The fight laid over a driver's walking keys.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fighter {
    /// How it fights.
    pub tunables: FightTunables,
    /// Ticks of the fight going on since the last kill.
    fighting: u64,
    /// The enemies living when the fight last counted them.
    living: usize,
    /// Ticks left of walking on after its patience ran out.
    walking_on: u64,
}

impl Fighter {
    /// A fighter with `tunables`.
    pub fn new(tunables: FightTunables) -> Self {
        Self {
            tunables,
            ..Self::default()
        }
    }

    /// The controls for the next tick: with an enemy in sight, `walk`'s
    /// requests and weapon choice kept but its movement dropped, the view
    /// turned toward the enemy and the trigger held once the aim is on
    /// it; with none, `walk` itself. A dead player's keys are `walk`'s.
    /// Call it once a tick: it counts the fight's ticks.
    pub fn controls(&mut self, world: &World, walk: Controls) -> Controls {
        let ticks = |s: f64| (s / TICK_DT).round() as u64;
        if !world.combat().alive() {
            (self.fighting, self.walking_on) = (0, 0);
            return walk;
        }
        if self.walking_on > 0 {
            self.walking_on -= 1;
            return walk;
        }
        let Some(target) = nearest_in_sight(world, self.tunables.reach) else {
            self.fighting = 0;
            return walk;
        };
        let living = world.actors().living();
        if living != self.living {
            // A kill (or a fresh start): patience anew.
            (self.living, self.fighting) = (living, 0);
        }
        self.fighting += 1;
        if self.fighting > ticks(self.tunables.patience_s) {
            (self.fighting, self.walking_on) = (0, ticks(self.tunables.walk_on_s));
            return walk;
        }
        let p = world.player();
        let bearing = (target.at[1] - p.y).atan2(target.at[0] - p.x);
        let error = wrap_signed(bearing - world.aim().0);
        let flick = (self.tunables.turn_deg_per_s * TICK_DT).to_radians();
        let cone = (self.tunables.on_target * target.radius).atan2(target.distance.max(1e-9));
        Controls {
            forward: 0.0,
            right: 0.0,
            turn: 0.0,
            look: error.clamp(-flick, flick) as f32,
            fire: error.abs() <= cone,
            ..walk
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::sim::{Coupling, Tunables};

    fn world(rows: &[&str]) -> World {
        let tunables = Tunables {
            coupling: Coupling::Heading,
            ..Tunables::default()
        };
        World::new(Map::from_rows(rows), tunables, 3)
    }

    #[test]
    fn an_enemy_behind_a_wall_or_out_of_reach_is_not_fought() {
        let walled = world(&["#######", "#>.#.w#", "#######"]);
        assert_eq!(nearest_in_sight(&walled, 10.0), None);
        let far = world(&["##############", "#>..........w#", "##############"]);
        assert_eq!(nearest_in_sight(&far, 5.0), None);
        let t = nearest_in_sight(&far, 20.0).expect("in sight down the hall");
        assert!((t.distance - 11.0).abs() < 1e-9, "{t:?}");
        let walk = Controls {
            forward: 1.0,
            ..Controls::default()
        };
        let mut fighter = Fighter::new(FightTunables {
            reach: 5.0,
            ..FightTunables::default()
        });
        assert_eq!(fighter.controls(&far, walk), walk, "the walk goes on");
    }

    #[test]
    fn the_fighter_stands_turns_onto_the_enemy_and_then_fires() {
        // The start faces east; the walker stands two tiles south.
        let mut w = world(&["#####", "#>..#", "#...#", "#w..#", "#####"]);
        let mut fighter = Fighter::default();
        let walk = Controls {
            forward: 1.0,
            turn: -1.0,
            ..Controls::default()
        };
        let mut probe = fighter;
        let first = probe.controls(&w, walk);
        let flick = (540.0 * TICK_DT).to_radians() as f32;
        assert_eq!((first.forward, first.turn), (0.0, 0.0), "it stands");
        assert_eq!(first.look, flick, "a full flick to the right (south)");
        assert!(!first.fire, "not before the aim is on it");
        let mut fired = None;
        for tick in 0..60 {
            let c = fighter.controls(&w, walk);
            if c.fire {
                fired = Some(tick);
                break;
            }
            w.step(&c);
        }
        let tick = fired.expect("the aim comes onto the walker");
        // A quarter turn at 4.5 degrees a tick: 20 ticks.
        assert!((19..=21).contains(&tick), "fired at tick {tick}");
        let aim = w.aim().0;
        assert!(wrap_signed(aim - std::f64::consts::FRAC_PI_2).abs() < 0.3);
    }

    #[test]
    fn a_fight_that_kills_nothing_gives_way_to_walking_on() {
        // A tank down the hall: the old gun's shots take longer than a
        // second to wreck it.
        let mut w = world(&["############", "#>........t#", "############"]);
        let mut fighter = Fighter::new(FightTunables {
            patience_s: 1.0,
            walk_on_s: 0.5,
            ..FightTunables::default()
        });
        let walk = Controls {
            forward: 1.0,
            ..Controls::default()
        };
        let mut fought = 0;
        for _ in 0..120 {
            let c = fighter.controls(&w, walk);
            assert_ne!(c, walk, "it fights for its patience");
            fought += u32::from(c.fire);
            w.step(&c);
        }
        assert!(fought > 0, "it fired");
        assert!(w.actors().tanks[0].alive(), "the tank stands");
        // The tick its patience runs out, then half a second.
        for _ in 0..61 {
            assert_eq!(fighter.controls(&w, walk), walk, "it walks on");
        }
        assert_ne!(fighter.controls(&w, walk), walk, "then fights again");
    }
}
