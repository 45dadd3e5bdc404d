//! A simulated participant: the same session as a person's, run headless,
//! for tests, demos and checking the analysis. A driver plays the course
//! (the standard maneuvers, one after another, round and round), and the
//! answers come from a seeded model whose sickness grows with the motion
//! the camera actually made in that condition: yaw rate and horizontal
//! acceleration, squared, build a latent sickness that fades slowly.
//! The data it writes is marked simulated in `session.toml`.
//!
//! Each person has a tolerance: past it they press the stop key; a rating
//! at the protocol's stop rule ends the condition first when their
//! tolerance is higher. So a simulated study has dropouts of both kinds
//! for the survival analysis.

use super::mssq;
use super::results::ResultsError;
use super::run::{Cue, StudyRun};
use super::scales::{InPlayScale, FMS_MAX};
use super::session::{Key, Step};
use super::ssq;
use crate::map::Map;
use crate::record::{Header, Recorder};
use crate::rng::Rng;
use crate::sim::{Controls, Pose, World, TICK_DT};
use std::f64::consts::PI;
use std::path::{Path, PathBuf};

/// Yaw rate that gives one unit of stimulus, degrees per second.
const YAW_UNIT_DEG_S: f64 = 90.0;
/// Horizontal acceleration that gives one unit of stimulus, tiles/s².
const ACCEL_UNIT: f64 = 10.0;
/// The most stimulus one tick counts (a wall's stop is not a crash).
const MAX_STIMULUS: f64 = 4.0;
/// How fast stimulus builds sickness, FMS points per second per unit.
const GAIN: f64 = 0.10;
/// How fast sickness fades, per second.
const RECOVERY: f64 = 0.005;
/// Share of FMS prompts left unanswered.
const MISS_SHARE: f64 = 0.05;
/// The range of the sickness (FMS points) at which a simulated person
/// presses the stop key: each person's tolerance is drawn from it.
const TOLERANCE: (f64, f64) = (11.0, 22.0);
/// The share of kinds of transport a simulated person never travelled.
const NOT_TRAVELLED_SHARE: f64 = 0.1;

/// Why a simulated session could not finish.
#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    /// Writing the results failed.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// A screen could not be written.
    #[error(transparent)]
    Screen(#[from] super::screens::ScreenError),
    /// A recording could not be written.
    #[error("cannot write the recording {}", path.display())]
    Recording {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// What a simulated session did, for the command line to tell.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Recordings written, in order.
    pub recordings: Vec<PathBuf>,
    /// Ticks simulated.
    pub ticks: u64,
}

/// The world of the condition under way, and its recording.
struct Playing {
    world: World,
    recorder: Recorder,
    prev: Pose,
    prev_v: [f64; 2],
}

/// The seeded model of one participant.
struct Participant {
    rng: Rng,
    /// How strongly motion makes this person sick, around 1.
    susceptibility: f64,
    /// The sickness at which this person stops a condition, FMS points.
    tolerance: f64,
    /// The latent sickness, FMS points.
    sickness: f64,
    /// The highest sickness in each condition, by position.
    peak: Vec<f64>,
    /// How much this person disliked each condition, by position, once
    /// asked: the peak sickness blurred by taste.
    dislike: Vec<Option<f64>>,
    /// An answer being given: due at this many seconds of play, and
    /// whether it will be given at all.
    pending: Option<(f64, bool)>,
}

impl Participant {
    fn new(seed: u64, conditions: usize) -> Self {
        let mut rng = Rng::new(seed ^ 0x5eed_0ff5_e7ed);
        // Log-normal susceptibility: most people near 1, a few much more.
        let susceptibility = (0.5 * normal(&mut rng)).exp();
        let tolerance = TOLERANCE.0 + (TOLERANCE.1 - TOLERANCE.0) * rng.next_f64();
        Self {
            rng,
            susceptibility,
            tolerance,
            sickness: 0.0,
            peak: vec![0.0; conditions],
            dislike: vec![None; conditions],
            pending: None,
        }
    }

    /// Takes one tick of camera motion into the latent sickness.
    fn feel(&mut self, yaw_rate_deg_s: f64, accel: f64) {
        let stimulus = ((yaw_rate_deg_s / YAW_UNIT_DEG_S).powi(2) + (accel / ACCEL_UNIT).powi(2))
            .min(MAX_STIMULUS);
        let change = GAIN * self.susceptibility * stimulus - RECOVERY * self.sickness;
        self.sickness = (self.sickness + change * TICK_DT).clamp(0.0, f64::from(FMS_MAX));
    }

    /// Rest for `seconds`: sickness fades.
    fn rest(&mut self, seconds: f64) {
        self.sickness *= (-RECOVERY * 4.0 * seconds).exp();
    }

    /// The rating this person gives now on `scale` (the MISC's ten
    /// points span the FMS's twenty).
    fn rating(&mut self, scale: InPlayScale) -> u8 {
        let top = f64::from(scale.max());
        let v = self.sickness * top / f64::from(FMS_MAX) + normal(&mut self.rng) * top / 20.0;
        v.round().clamp(0.0, top) as u8
    }

    /// An MSSQ-short answer for item `item`: the more susceptible, the more
    /// often sick; now and then a kind never travelled.
    fn mssq_item(&mut self) -> u8 {
        if self.rng.next_f64() < NOT_TRAVELLED_SHARE {
            return mssq::NOT_TRAVELLED;
        }
        let v = 1.2 * self.susceptibility - 0.4 + 0.8 * normal(&mut self.rng);
        v.round().clamp(0.0, f64::from(mssq::MAX_RATING)) as u8
    }

    /// An SSQ item's rating: more likely higher the sicker, items of more
    /// subscales a little higher.
    fn ssq_item(&mut self, item: usize) -> u8 {
        let it = &ssq::ITEMS[item];
        let weight = [it.nausea, it.oculomotor, it.disorientation]
            .iter()
            .filter(|&&b| b)
            .count() as f64;
        let level = self.sickness / f64::from(FMS_MAX) * 3.0 * (0.6 + 0.2 * weight);
        let v = level + 0.6 * normal(&mut self.rng) - 0.3;
        v.round().clamp(0.0, f64::from(ssq::MAX_RATING)) as u8
    }

    /// A 1-7 answer: lower the sicker this person felt in the condition.
    fn question(&mut self, position: usize) -> u8 {
        let v = 6.0 - self.peak[position] / 4.0 + normal(&mut self.rng);
        v.round().clamp(1.0, 7.0) as u8
    }

    /// How much this person disliked the condition at `position` (the
    /// same each time asked).
    fn dislike(&mut self, position: usize) -> f64 {
        if let Some(d) = self.dislike[position] {
            return d;
        }
        let d = self.peak[position] + 2.0 * normal(&mut self.rng);
        self.dislike[position] = Some(d);
        d
    }

    fn uniform(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.rng.next_f64()
    }
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut Rng) -> f64 {
    let u = rng.next_f64().max(1e-12);
    let v = rng.next_f64();
    (-2.0 * u.ln()).sqrt() * (2.0 * PI * v).cos()
}

/// Runs `run` to its end as a simulated participant seeded `seed`,
/// driving every condition's world on `map` (read from `map_path`) with
/// `route`, the driver's controls, looped; `screens`, if given, draws
/// each kind of screen the participant sees.
pub fn simulate(
    run: &mut StudyRun,
    (map, map_path): (&Map, &Path),
    route: &[Controls],
    seed: u64,
    mut screens: Option<&mut super::screens::Screens>,
) -> Result<Outcome, SimulateError> {
    assert!(!route.is_empty(), "the driver needs a route");
    let conditions = run.session().order().len();
    let mut person = Participant::new(seed, conditions);
    let mut playing: Option<Playing> = None;
    let mut outcome = Outcome::default();
    let mut route_at = 0;
    let world_seed = run.session().protocol().seed;
    loop {
        if let Some(s) = screens.as_deref_mut() {
            s.look(run, playing.as_ref().map(|p| &p.world))?;
        }
        let cues = match run.session().step() {
            Step::Done => break,
            Step::Welcome => run.press(Key::Confirm)?,
            Step::Mssq { .. } => {
                let value = person.mssq_item();
                answer(run, value)?
            }
            Step::Ssq { item, .. } => {
                let rating = person.ssq_item(item);
                answer(run, rating)?
            }
            Step::Question { position, .. } => {
                let value = person.question(position);
                answer(run, value)?
            }
            Step::Ready { .. } => {
                let rest = run.session().rest_left_s();
                if rest > 0.0 {
                    person.rest(rest);
                    run.advance(rest)?;
                }
                run.press(Key::Confirm)?
            }
            Step::Ranking => {
                // The condition this person disliked least first: mostly
                // the one that made them least sick.
                let (rest, choice) = run.session().unranked();
                let dislike: Vec<f64> = rest.iter().map(|&p| person.dislike(p)).collect();
                let best = (0..rest.len())
                    .min_by(|&a, &b| dislike[a].total_cmp(&dislike[b]))
                    .unwrap_or(0);
                let key = if best > choice {
                    Key::Down
                } else if best < choice {
                    Key::Up
                } else {
                    Key::Confirm
                };
                run.press(key)?
            }
            Step::Play { position } => {
                let p = playing.as_mut().expect("a condition's world is running");
                let controls = route[route_at % route.len()];
                route_at += 1;
                p.world.step(&controls);
                let recorded = p.recorder.record(&controls, &p.world);
                recorded.map_err(|source| SimulateError::Recording {
                    path: p.recorder.path().to_path_buf(),
                    source,
                })?;
                outcome.ticks += 1;
                let (yaw_rate, accel) = motion(p);
                person.feel(yaw_rate, accel);
                person.peak[position] = person.peak[position].max(person.sickness);
                let mut cues = run.advance(TICK_DT)?;
                if cues.is_empty() {
                    cues = respond(run, &mut person)?;
                }
                cues
            }
        };
        for cue in cues {
            match cue {
                Cue::Start {
                    recording,
                    condition,
                    ..
                } => {
                    let world = World::new(map.clone(), condition.tunables, world_seed);
                    let header = Header::new(&world, Some(map_path), world_seed);
                    let recorder =
                        Recorder::create(&recording, &header, &world).map_err(|source| {
                            SimulateError::Recording {
                                path: recording,
                                source,
                            }
                        })?;
                    let prev = world.camera();
                    playing = Some(Playing {
                        world,
                        recorder,
                        prev,
                        prev_v: [0.0; 2],
                    });
                    person.pending = None;
                    route_at = 0;
                }
                Cue::Stop => {
                    let mut saved = None;
                    if let Some(p) = playing.take() {
                        let path = p.recorder.path().to_path_buf();
                        let done = p.recorder.finish();
                        saved =
                            Some(done.map_err(|source| SimulateError::Recording { path, source })?);
                    }
                    run.recorded(saved.as_deref())?;
                    outcome.recordings.extend(saved);
                }
                Cue::Finished => {}
            }
        }
    }
    Ok(outcome)
}

/// Types `value` and confirms it.
fn answer(run: &mut StudyRun, value: u8) -> Result<Vec<Cue>, ResultsError> {
    let mut cues = Vec::new();
    if value >= 10 {
        cues.extend(run.press(Key::Digit(value / 10))?);
    }
    cues.extend(run.press(Key::Digit(value % 10))?);
    cues.extend(run.press(Key::Confirm)?);
    Ok(cues)
}

/// During play: answers an open prompt after a reaction time (or leaves
/// it), and stops a condition that has become too much.
fn respond(run: &mut StudyRun, person: &mut Participant) -> Result<Vec<Cue>, ResultsError> {
    let now = run.session().step_s();
    if person.sickness >= person.tolerance {
        return run.press(Key::Stop);
    }
    if !run.session().prompting() {
        person.pending = None;
        return Ok(Vec::new());
    }
    match person.pending {
        None => {
            let due = now + person.uniform(1.0, 6.0);
            let gives = person.rng.next_f64() >= MISS_SHARE;
            person.pending = Some((due, gives));
            Ok(Vec::new())
        }
        Some((due, true)) if now >= due => {
            person.pending = None;
            let rating = person.rating(run.session().protocol().in_play_scale);
            answer(run, rating)
        }
        Some(_) => Ok(Vec::new()),
    }
}

/// The camera's yaw rate (degrees per second) and horizontal acceleration
/// (tiles/s²) over the tick just run.
fn motion(p: &mut Playing) -> (f64, f64) {
    let now = p.world.camera();
    let mut dyaw = now.yaw - p.prev.yaw;
    dyaw = (dyaw + PI).rem_euclid(2.0 * PI) - PI;
    let v = [(now.x - p.prev.x) / TICK_DT, (now.y - p.prev.y) / TICK_DT];
    let a = ((v[0] - p.prev_v[0]).hypot(v[1] - p.prev_v[1])) / TICK_DT;
    p.prev = now;
    p.prev_v = v;
    (dyaw.to_degrees().abs() / TICK_DT, a)
}
