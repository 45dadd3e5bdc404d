//! Changes to a world from outside its tick: the one entry through which
//! the game, the command line and the bench alter a running world, with the
//! rules of each change kept here, beside the state they protect.

use super::World;
use crate::map::Map;
use crate::sim::actors::Actors;
use crate::sim::{collision, Difficulty, Player, Tunables};

/// A change from outside the tick.
#[derive(Clone, Debug)]
pub enum Change {
    /// New tunables (the settings file changed). A new walking model
    /// switches as the model key does, carrying the body's motion over.
    Tunables(Box<Tunables>),
    /// The map file changed under the running game. Doors on the same
    /// tiles keep their state; pickups lie ready again if the file moved
    /// any; enemies start again from their spawns if the file moved any;
    /// the player stays where they are if their body fits there on the new
    /// map, and is put back at its start otherwise (landed, if flying).
    Map(Box<Map>),
    /// Back to the start of the level, as the restart key does.
    Restart,
    /// Another difficulty: the map starts again with the enemies at it, as
    /// a new game does (a level is never changed under a fight going on).
    Difficulty(Difficulty),
    /// The world becomes a level of an episode and starts again (as
    /// [`Change::Restart`]) with this score and these lives brought in
    /// from the level before: from now on a death costs a life (see
    /// `sim/world/episode.rs`).
    Episode(crate::sim::tally::Carried),
    /// Tiles walked between two of the player's footsteps (the `[audio]`
    /// stride): what the world tells, not what it does, so the state and
    /// its hash are untouched. It carries over restarts, maps and
    /// [`World::fresh`].
    Stride(f64),
}

/// What a change did beyond the obvious, for the player to be told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// The enemies started again from their spawns.
    pub respawned: bool,
    /// The player no longer fitted where they stood and is back at the
    /// start.
    pub moved_to_start: bool,
}

impl World {
    /// Applies a change from outside the tick; see [`Change`] for the rules
    /// of each.
    pub fn apply(&mut self, change: Change) -> Applied {
        let mut applied = Applied::default();
        match change {
            Change::Tunables(t) => {
                let t = *t;
                if t.model != self.tunables.model {
                    self.player.switch_to(t.model);
                }
                self.tunables = t;
            }
            Change::Map(new) => applied = self.replace_map(*new),
            Change::Restart => self.restart(),
            Change::Difficulty(d) => {
                self.difficulty = d;
                let hits_guards = self.actors.tunables.shell.hits_guards;
                self.actors.tunables = d.enemies();
                self.actors.tunables.shell.hits_guards = hits_guards;
                self.restart();
                applied.respawned = true;
            }
            Change::Stride(tiles) => self.ears.set_stride(tiles),
            Change::Episode(carried) => self.begin_episode_level(carried),
        }
        applied
    }

    /// The rules of [`Change::Map`].
    fn replace_map(&mut self, new: Map) -> Applied {
        let mut applied = Applied::default();
        let mut level = new;
        level.shut_doors();
        let mut map = level.clone();
        map.keep_doors_of(&self.map);
        if level.pickups != self.level.pickups {
            // New or moved pickups: all of them lie ready again.
            self.pickups.clone_from(&level.pickups);
        }
        if level.spawns != self.level.spawns {
            // New or moved markers: the enemies start again from them.
            self.actors = Actors::spawn(&map, self.actors.tunables);
            self.tally.respawned(self.actors.living());
            self.arms_respawned();
            applied.respawned = true;
        }
        let resized = (map.width(), map.height()) != (self.map.width(), self.map.height());
        (self.level, self.map) = (level, map);
        self.run = crate::sim::CourseRun::new(&self.level, self.tick);
        if resized {
            // Tiles of another grid mean nothing in this one.
            self.seen = super::Seen::new(self.map.width(), self.map.height());
        }
        let at = [self.player.x, self.player.y];
        if !collision::is_clear(&self.map, at, self.tunables.player_radius) {
            // Outside the grid counts as wall, so this also catches a
            // player left beyond the edge of a smaller map.
            let (keys, fuel) = (self.player.keys, self.player.fuel);
            self.player = Player::at(self.level.start);
            (self.player.keys, self.player.fuel) = (keys, fuel);
            self.particles.clear();
            applied.moved_to_start = true;
        }
        applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Controls, Model, Request, Scenario};

    const HALL: [&str; 4] = ["#########", "#>..D...#", "#...#.k.#", "#########"];

    fn hall(rows: &[&str]) -> Map {
        Map::from_rows(rows)
    }

    fn run(w: &mut World, controls: Controls, ticks: usize) {
        for _ in 0..ticks {
            w.step(&controls);
        }
    }

    #[test]
    fn a_reloaded_map_keeps_doors_and_pickups_and_the_player_where_they_fit() {
        let open = Scenario::on(hall(&HALL))
            .map(|m| m.doors[0].open = 1.0)
            .player(|p| (p.x, p.y) = (2.5, 2.5))
            .build();
        let mut w = open.clone();
        // The same level again, a wall added far from the player.
        let edited = ["#########", "#>..D...#", "#...#.k##", "#########"];
        let applied = w.apply(Change::Map(Box::new(hall(&edited))));
        assert_eq!(applied, Applied::default());
        assert_eq!(w.map().doors[0].open, 1.0, "the door stays open");
        assert_eq!((w.player().x, w.player().y), (2.5, 2.5), "the player stays");
        assert_eq!(w.pickups(), open.pickups());
        assert!(w.map().is_wall(7, 2), "the new wall stands");
        // The level it restarts from has the door shut.
        w.apply(Change::Restart);
        assert_eq!(w.map().doors[0].open, 0.0);
        assert!(w.map().is_wall(7, 2));
    }

    #[test]
    fn moved_pickups_and_spawns_start_again() {
        let mut w = Scenario::on(hall(&HALL)).build();
        let moved = ["#########", "#>..D..w#", "#.k.#...#", "#########"];
        let applied = w.apply(Change::Map(Box::new(hall(&moved))));
        assert!(applied.respawned);
        assert_eq!(w.actors().walkers.len(), 1);
        assert_eq!(w.pickups().len(), 1);
        assert_eq!((w.pickups()[0].x, w.pickups()[0].y), (2.5, 2.5));
    }

    #[test]
    fn a_player_left_in_a_wall_or_off_a_smaller_map_goes_back_to_the_start() {
        // Flying high over the far end of a big hall...
        let big = [
            "############",
            "#>.........#",
            "#..........#",
            "############",
        ];
        let mut big = hall(&big);
        big.wall_height = 6.0;
        let mut w = World::new(big, Default::default(), 1);
        let jet = Controls {
            action: Some(Request::Jetpack),
            ..Controls::default()
        };
        w.step(&jet);
        let w0 = Scenario::from_world(w)
            .player(|p| (p.x, p.y) = (10.5, 2.5))
            .build();
        // ...when the map shrinks to a closet: the player is off its edge.
        let mut w = w0.clone();
        let applied = w.apply(Change::Map(Box::new(hall(&["####", "#>.#", "####"]))));
        assert!(applied.moved_to_start);
        assert_eq!((w.player().x, w.player().y), (1.5, 1.5));
        assert!(w.player().flight.is_none(), "landed at the start");
        // Flying on from there is safe.
        w.step(&jet);
        let thrust = Controls {
            thrust: true,
            pointer: [1.0, 1.0],
            ..Controls::default()
        };
        run(&mut w, thrust, 600);
        // A wall drawn where the player stands counts too.
        let mut w = w0;
        let walled = [
            "############",
            "#>.........#",
            "#.........##",
            "############",
        ];
        assert!(w.apply(Change::Map(Box::new(hall(&walled)))).moved_to_start);
    }

    #[test]
    fn new_tunables_switch_the_model_as_the_model_key_does() {
        let mut w = Scenario::on(hall(&HALL)).build();
        let forward = Controls {
            forward: 1.0,
            ..Controls::default()
        };
        run(&mut w, forward, 60);
        let mut by_key = w.clone();
        by_key.step(&Controls {
            action: Some(Request::SetModel(Model::Quake)),
            ..Controls::default()
        });
        let t = Tunables {
            model: Model::Quake,
            ..*w.tunables()
        };
        w.apply(Change::Tunables(Box::new(t)));
        w.step(&Controls::default());
        assert_eq!(w.player(), by_key.player(), "the same switch");
        assert_eq!(w.tunables(), by_key.tunables());
    }

    #[test]
    fn a_fresh_world_starts_from_the_level_whatever_happened() {
        let mut w = Scenario::on(hall(&HALL))
            .player(|p| (p.x, p.y) = (3.4, 1.5))
            .build();
        w.step(&Controls {
            action: Some(Request::Use),
            ..Controls::default()
        });
        // A second's slide.
        run(&mut w, Controls::default(), 130);
        assert!(w.map().doors[0].is_open());
        let fresh = w.fresh(7);
        assert_eq!(fresh.tick(), 0);
        assert_eq!(fresh.map().doors[0].open, 0.0);
        assert_eq!(fresh.pickups().len(), 1);
        let expected = World::new(hall(&HALL), *w.tunables(), 7);
        assert_eq!(fresh.state_hash(), expected.state_hash());
    }
}
