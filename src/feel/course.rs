//! A course driven by the [`bot`](super::bot): the world stepped with the
//! bot's keys until the finish or a time limit, the camera sampled for the
//! feel metrics, and the course's own figures (time, wall contacts,
//! distance from the route, checkpoints missed).

use super::bot::{Bot, BotTunables, Sight};
use super::metrics::Metric;
use super::run::sample;
use super::{Scale, Trajectory};
use crate::map::course::distance_to_route;
use crate::map::{DoorMotion, Progress};
use crate::sim::{collision, doors, Controls, Request, World, TICK_DT};

/// How long a run may take before it counts as not finished, seconds.
pub const DEFAULT_LIMIT_S: f64 = 120.0;
/// How close to a wall the body's edge counts as touching it, tiles: a
/// body sliding along a wall sits within a hair of it.
pub const CONTACT_SKIN: f64 = 0.005;

/// One run of a course.
pub struct CourseRun {
    /// The camera each tick: the start, then after every tick.
    pub trajectory: Trajectory,
    /// The bot's controls, one per tick.
    pub controls: Vec<Controls>,
    /// Which checkpoint was passed when.
    pub progress: Progress,
    /// The course's figures, in the order of [`FIGURES`].
    pub figures: Vec<Metric>,
}

/// The names of the course's figures, in order.
pub const FIGURES: [&str; 6] = [
    "completion_time_s",
    "wall_contacts",
    "wall_contact_s",
    "path_deviation_mean",
    "path_deviation_p95",
    "checkpoints_missed",
];

/// Why a course cannot be driven.
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// The map has no checkpoints.
    #[error(
        "the map `{0}` has no course: give it checkpoints and a finish (maps/README.md, Courses)"
    )]
    NoCourse(String),
}

/// Drives the course of `world`'s map with a bot of `tunables` until the
/// finish or `limit_s` seconds, the view `fov_deg` wide.
pub fn drive(
    world: &mut World,
    tunables: BotTunables,
    limit_s: f64,
    fov_deg: f64,
    scale: Scale,
) -> Result<CourseRun, CourseError> {
    let map = world.map();
    let course = map
        .course
        .clone()
        .ok_or_else(|| CourseError::NoCourse(map.name.clone()))?;
    let start = [world.player().x, world.player().y];
    let route = course.route(start);
    let mut bot = Bot::new(route.clone(), tunables);
    let mut progress = Progress::new(&course);
    let mut tally = Tally::default();
    let mut samples = vec![sample(world, &Controls::default(), fov_deg)];
    let mut controls = Vec::new();
    let limit = (limit_s / TICK_DT).round() as u64;
    while progress.finished().is_none() && world.tick() < limit {
        let p = world.player();
        let sight = Sight {
            at: [p.x, p.y],
            heading: p.heading,
        };
        let mut c = bot.controls(sight);
        if faces_shut_door(world) {
            // As a person would: Use at a shut door in reach.
            c.action = Some(Request::Use);
        }
        world.step(&c);
        samples.push(sample(world, &c, fov_deg));
        controls.push(c);
        let p = world.player();
        let at = [p.x, p.y];
        progress.update(world.tick(), at);
        let radius = world.tunables().player_radius + CONTACT_SKIN;
        tally.tick(!collision::is_clear(world.map(), at, radius));
        tally
            .deviations
            .push(distance_to_route(&route, at) * scale.metres_per_tile);
    }
    let figures = figures(&progress, &tally);
    Ok(CourseRun {
        trajectory: Trajectory {
            dt: TICK_DT,
            fov_deg,
            samples,
        },
        controls,
        progress,
        figures,
    })
}

/// True if `world`'s player faces a shut door (or one closing) that the
/// use button would open (unlocked, or the player has its key): Use then opens it, and is never pressed at a
/// door opening or open (where it would do nothing, or shut it).
pub fn faces_shut_door(world: &World) -> bool {
    let p = world.player();
    let Some((d, _)) = doors::door_ahead(world.map(), [p.x, p.y], p.heading) else {
        return false;
    };
    let door = &world.map().doors[d];
    let unlocked = door.lock.is_none_or(|k| p.keys & k.bit() != 0);
    unlocked && matches!(door.motion, DoorMotion::Still | DoorMotion::Closing)
}

/// Wall contacts and distances from the route, tick by tick.
#[derive(Default)]
struct Tally {
    contacts: usize,
    contact_ticks: usize,
    touching: bool,
    /// Metres from the route after each tick.
    deviations: Vec<f64>,
}

impl Tally {
    /// Counts a tick touching a wall or not; a contact is a run of ticks
    /// touching.
    fn tick(&mut self, touching: bool) {
        self.contacts += usize::from(touching && !self.touching);
        self.contact_ticks += usize::from(touching);
        self.touching = touching;
    }
}

/// The course's figures as metrics, for the feel tables and CSV.
fn figures(progress: &Progress, tally: &Tally) -> Vec<Metric> {
    let mut sorted = tally.deviations.clone();
    sorted.sort_by(f64::total_cmp);
    let mean = (!sorted.is_empty()).then(|| sorted.iter().sum::<f64>() / sorted.len() as f64);
    let p95 = (!sorted.is_empty()).then(|| sorted[(sorted.len() - 1) * 95 / 100]);
    let metric = |name, value, unit, meaning| Metric {
        name,
        value,
        unit,
        meaning,
    };
    vec![
        metric(
            FIGURES[0],
            progress.finished().map(|t| t as f64 * TICK_DT),
            "s",
            "time from the start to the finish; none: did not finish within the time limit",
        ),
        metric(
            FIGURES[1],
            Some(tally.contacts as f64),
            "count",
            "times the body came to touch a wall",
        ),
        metric(
            FIGURES[2],
            Some(tally.contact_ticks as f64 * TICK_DT),
            "s",
            "time spent touching a wall",
        ),
        metric(
            FIGURES[3],
            mean,
            "m",
            "mean distance from the straight segments between checkpoints",
        ),
        metric(
            FIGURES[4],
            p95,
            "m",
            "95th percentile of the distance from the route",
        ),
        metric(
            FIGURES[5],
            Some(progress.missed_at_end() as f64),
            "count",
            "checkpoints skipped or never reached (the finish included)",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contact_is_a_run_of_ticks_touching() {
        let mut t = Tally::default();
        for touching in [false, true, true, false, true, false] {
            t.tick(touching);
        }
        assert_eq!((t.contacts, t.contact_ticks), (2, 3));
    }
}
