//! What a simulated participant plays: each condition driven in one of a
//! few [`STYLES`] (the feel lab's bot with a person's settings), and the
//! sensory conflict the SVC model predicts for every tick of it under the
//! visual pathway with its default weights ([`crate::study::predict`]; a
//! hypothesis, so what the simulated participant feels is one too).
//!
//! A drive depends on the condition and the style only, never on the
//! person, so each is computed once and shared by every participant who
//! plays in that style ([`Drives`]): the simulator steps no world per
//! participant, and a participant who stops early has felt exactly the
//! start of the drive.
//!
//! On a map with a course the bot drives it lap after lap: to the finish,
//! then back along the same checkpoints to the start, and so on, turning
//! round where a lap ends (no restart, so no jump of the camera). On a map
//! without one the driver plays the standard maneuvers round and round,
//! each style starting at its own share of the way through them.

use crate::feel::bot::{Bot, BotTunables, Sight};
use crate::feel::course::faces_shut_door;
use crate::feel::run::sample;
use crate::feel::svc::visual::VisualTunables;
use crate::feel::svc::Predictor;
use crate::map::Map;
use crate::sim::{Controls, Request, World, TICK_DT};
use crate::study::predict;
use crate::study::protocol::{Condition, Protocol};

/// One way of playing: the bot's settings and why a person might play so.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Its name in tests and docs.
    pub name: &'static str,
    /// The bot's settings.
    pub bot: BotTunables,
    /// Who plays like this.
    pub why: &'static str,
}

/// The styles participants play in, each as likely. The first is the
/// feel lab's own bot; the others move its reaction time (0.15 to 0.3 s,
/// simple reaction times of people at a keyboard), how long a key stays
/// down, how far ahead it aims and how large an error it lets be.
#[rustfmt::skip]
pub const STYLES: [Style; 4] = [
    Style { name: "steady",
        bot: BotTunables { reaction_s: 0.2, hold_s: 0.1, look_ahead: 2.0, dead_band_deg: 6.0, forward_cone_deg: 40.0 },
        why: "the feel lab's bot: aims two tiles ahead, corrects errors over 6 degrees" },
    Style { name: "eager",
        bot: BotTunables { reaction_s: 0.15, hold_s: 0.08, look_ahead: 1.5, dead_band_deg: 3.0, forward_cone_deg: 60.0 },
        why: "quick and fussy: short taps, small errors corrected, keeps walking while turning" },
    Style { name: "careful",
        bot: BotTunables { reaction_s: 0.3, hold_s: 0.15, look_ahead: 2.5, dead_band_deg: 8.0, forward_cone_deg: 32.0 },
        why: "slow to react, stops walking to turn unless facing the way" },
    Style { name: "smooth",
        bot: BotTunables { reaction_s: 0.25, hold_s: 0.2, look_ahead: 3.5, dead_band_deg: 10.0, forward_cone_deg: 45.0 },
        why: "looks far ahead and lets errors be: fewer, longer turns" },
];

/// A lap ends once the body is this near its last point, tiles.
const LAP_END: f64 = 0.75;
/// A lap that takes longer than this ends anyway (the bot stuck on a
/// wall turns back), seconds.
const LAP_LIMIT_S: f64 = 120.0;
/// Under snap turning the bot lets be an error under this share of a
/// snap, as a person would: a snap would overshoot it.
const SNAP_BAND_SHARE: f64 = 0.6;
/// Ticks of drive made past a condition's exposure: the session's clock,
/// a sum of tick lengths, may reach the exposure a tick late.
pub const SPARE_TICKS: usize = 4;

/// One condition played in one style.
#[derive(Clone, Debug)]
pub struct Drive {
    /// The controls of each tick.
    pub controls: Vec<Controls>,
    /// The SVC model's conflict after each tick, m/s^2.
    pub conflict: Vec<f64>,
}

/// Every condition's drive in the styles asked for.
#[derive(Clone, Debug)]
pub struct Drives {
    /// `[condition][style]`: None for a style not asked for.
    drives: Vec<Vec<Option<Drive>>>,
}

impl Drives {
    /// Every condition of `protocol` on `map` in each style of `styles`
    /// (indices into [`STYLES`]); `route` is the driver's on a map with
    /// no course. The conditions are driven on every core.
    pub fn new(protocol: &Protocol, map: &Map, route: &[Controls], styles: &[usize]) -> Self {
        use rayon::prelude::*;
        assert!(!route.is_empty(), "the driver needs a route");
        let predictor = predict::predictor();
        let jobs: Vec<(usize, usize)> = (0..protocol.conditions.len())
            .flat_map(|c| styles.iter().map(move |&s| (c, s)))
            .collect();
        let made: Vec<Drive> = jobs
            .par_iter()
            .map(|&(c, s)| {
                let condition = &protocol.conditions[c];
                drive(protocol.seed, condition, map, route, s, &predictor)
            })
            .collect();
        let mut drives = vec![vec![None; STYLES.len()]; protocol.conditions.len()];
        for ((c, s), d) in jobs.into_iter().zip(made) {
            drives[c][s] = Some(d);
        }
        Self { drives }
    }

    /// The drive of protocol condition `condition` in style `style`.
    ///
    /// # Panics
    /// If that style was not asked for.
    pub fn get(&self, condition: usize, style: usize) -> &Drive {
        self.drives[condition][style]
            .as_ref()
            .expect("the drive of a style asked for")
    }

    /// The mean over the styles made and the ticks of each drive of
    /// `f(conflict)` in protocol condition `condition`.
    pub fn mean_of(&self, condition: usize, f: impl Fn(f64) -> f64) -> f64 {
        let made: Vec<&Drive> = self.drives[condition].iter().flatten().collect();
        let each = made.iter().map(|d| {
            d.conflict.iter().map(|&c| f(c)).sum::<f64>() / d.conflict.len().max(1) as f64
        });
        each.sum::<f64>() / made.len().max(1) as f64
    }
}

/// `condition` of a study seeded `seed` on `map`, played in style
/// `style` for its exposure (and [`SPARE_TICKS`]).
fn drive(
    seed: u64,
    condition: &Condition,
    map: &Map,
    route: &[Controls],
    style: usize,
    predictor: &Predictor,
) -> Drive {
    let mut world = World::new(map.clone(), condition.tunables, seed);
    let ticks = (condition.exposure_s / TICK_DT).ceil() as usize + SPARE_TICKS;
    let mut samples = Vec::with_capacity(ticks + 1);
    samples.push(sample(&world, &Controls::default(), condition.fov_deg));
    let mut player = Player::new(&world, condition, route, style);
    let mut controls = Vec::with_capacity(ticks);
    for _ in 0..ticks {
        let c = player.controls(&world);
        world.step(&c);
        samples.push(sample(&world, &c, condition.fov_deg));
        controls.push(c);
    }
    let view = (&condition.tunables, condition.fov_deg);
    let visual = VisualTunables::default();
    let conflict = predict::predict(predictor, &samples, &[], view, &visual)
        .into_iter()
        .map(|p| p.conflict)
        .collect();
    Drive { controls, conflict }
}

/// Who chooses the controls: the bot on a course, or the route.
enum Player<'a> {
    /// The bot driving laps of the course.
    Course(Box<Laps>),
    /// The route, looped, from this tick of it.
    Route(&'a [Controls], usize),
}

impl<'a> Player<'a> {
    fn new(world: &World, condition: &Condition, route: &'a [Controls], style: usize) -> Self {
        let p = world.player();
        let Some(course) = &world.map().course else {
            return Player::Route(route, style * route.len() / STYLES.len());
        };
        let mut bot = STYLES[style].bot;
        let snap = condition.tunables.comfort.snap_turn;
        bot.dead_band_deg = bot.dead_band_deg.max(SNAP_BAND_SHARE * snap);
        Player::Course(Box::new(Laps::new(
            course.route([p.x, p.y]),
            bot,
            world.tick(),
        )))
    }

    fn controls(&mut self, world: &World) -> Controls {
        match self {
            Player::Route(route, at) => {
                let c = route[*at % route.len()];
                *at += 1;
                c
            }
            Player::Course(laps) => laps.controls(world),
        }
    }
}

/// The bot driving the course there and back.
struct Laps {
    route: Vec<[f64; 2]>,
    tunables: BotTunables,
    bot: Bot,
    /// The tick this lap started.
    started: u64,
}

impl Laps {
    fn new(route: Vec<[f64; 2]>, tunables: BotTunables, tick: u64) -> Self {
        Self {
            bot: Bot::new(route.clone(), tunables),
            route,
            tunables,
            started: tick,
        }
    }

    /// The next tick's controls; at a lap's end the route turns round.
    fn controls(&mut self, world: &World) -> Controls {
        let p = world.player();
        let end = self.route[self.route.len() - 1];
        let arrived = (end[0] - p.x).hypot(end[1] - p.y) < LAP_END;
        let too_long = (world.tick() - self.started) as f64 * TICK_DT > LAP_LIMIT_S;
        if arrived || too_long {
            self.route.reverse();
            self.bot = Bot::new(self.route.clone(), self.tunables);
            self.started = world.tick();
        }
        let mut c = self.bot.controls(Sight {
            at: [p.x, p.y],
            heading: p.heading,
        });
        if faces_shut_door(world) {
            c.action = Some(Request::Use);
        }
        c
    }
}
