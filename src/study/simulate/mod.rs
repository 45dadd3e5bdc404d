//! A simulated participant: the same session as a person's, run headless,
//! for tests, demos and checking the analysis. A driver plays the course
//! (the standard maneuvers, one after another, round and round), and the
//! answers come from a seeded model (`person`) whose sickness grows with
//! the motion the camera actually made in that condition: yaw rate and
//! horizontal acceleration, squared, build a latent sickness that fades
//! slowly. The data it writes is marked simulated in `session.toml`.
//!
//! Each person has a tolerance: past it they press the stop key; a rating
//! at the protocol's stop rule ends the condition first when their
//! tolerance is higher. So a simulated study has dropouts of both kinds
//! for the survival analysis.
//!
//! One loop (`drive`) plays the participant against a `Stage`: the
//! session with its files and each condition's world and recording
//! ([`simulate`]), or the bare session with each condition's camera
//! motion computed once for every participant ([`quick`]: the same
//! answers, thousands of participants a minute).

mod answers;
mod person;
mod quick;

pub use person::{Motion, GAIN};
pub use quick::{quick, route, Motions, RouteError};

use super::protocol::QuestionScale;
use super::results::ResultsError;
use super::run::{Cue, StudyRun};
use super::scales::InPlayScale;
use super::session::{Key, Session, Step};
use crate::map::Map;
use crate::record::{Header, Recorder};
use crate::sim::{Controls, Pose, World, TICK_DT};
use person::{Person, MISS_SHARE};
use std::f64::consts::PI;
use std::path::{Path, PathBuf};

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

/// What the simulated participant acts on: a session, and the camera of
/// the condition under way.
trait Stage {
    /// The session.
    fn session(&self) -> &Session;
    /// The participant pressed `key`.
    fn press(&mut self, key: Key) -> Result<(), SimulateError>;
    /// `dt` seconds passed; true if the condition under way ended.
    fn advance(&mut self, dt: f64) -> Result<bool, SimulateError>;
    /// One tick of the condition under way: its camera's motion.
    fn play(&mut self) -> Result<Motion, SimulateError>;
    /// The participant looks at the screen.
    fn look(&mut self) -> Result<(), SimulateError> {
        Ok(())
    }
}

/// The camera's motion from tick to tick.
#[derive(Clone, Copy, Debug)]
struct Camera {
    prev: Pose,
    prev_v: [f64; 2],
}

impl Camera {
    /// A camera at rest at `world`'s.
    fn at(world: &World) -> Self {
        Self {
            prev: world.camera(),
            prev_v: [0.0; 2],
        }
    }

    /// The camera's yaw rate and horizontal acceleration over the tick
    /// `world` just ran.
    fn motion(&mut self, world: &World) -> Motion {
        let now = world.camera();
        let mut dyaw = now.yaw - self.prev.yaw;
        dyaw = (dyaw + PI).rem_euclid(2.0 * PI) - PI;
        let v = [
            (now.x - self.prev.x) / TICK_DT,
            (now.y - self.prev.y) / TICK_DT,
        ];
        let a = ((v[0] - self.prev_v[0]).hypot(v[1] - self.prev_v[1])) / TICK_DT;
        self.prev = now;
        self.prev_v = v;
        Motion {
            yaw_rate_deg_s: dyaw.to_degrees().abs() / TICK_DT,
            accel: a,
        }
    }
}

/// The world of the condition under way, and its recording.
struct Playing {
    world: World,
    recorder: Recorder,
    camera: Camera,
}

/// A session with its files: each condition's world driven by the route
/// and recorded.
struct Recorded<'a> {
    run: &'a mut StudyRun,
    map: &'a Map,
    map_path: &'a Path,
    route: &'a [Controls],
    route_at: usize,
    playing: Option<Playing>,
    screens: Option<&'a mut super::screens::Screens>,
    outcome: Outcome,
}

impl Recorded<'_> {
    /// Starts and stops worlds and recordings as `cues` say; true if a
    /// condition ended.
    fn handle(&mut self, cues: Vec<Cue>) -> Result<bool, SimulateError> {
        let mut ended = false;
        for cue in cues {
            match cue {
                Cue::Start {
                    recording,
                    condition,
                    ..
                } => {
                    let seed = self.run.session().protocol().seed;
                    let world = World::new(self.map.clone(), condition.tunables, seed);
                    let header = Header::new(&world, Some(self.map_path), seed);
                    let recorder =
                        Recorder::create(&recording, &header, &world).map_err(|source| {
                            SimulateError::Recording {
                                path: recording,
                                source,
                            }
                        })?;
                    let camera = Camera::at(&world);
                    self.playing = Some(Playing {
                        world,
                        recorder,
                        camera,
                    });
                    self.route_at = 0;
                }
                Cue::Stop => {
                    ended = true;
                    let mut saved = None;
                    if let Some(p) = self.playing.take() {
                        let path = p.recorder.path().to_path_buf();
                        let done = p.recorder.finish();
                        saved =
                            Some(done.map_err(|source| SimulateError::Recording { path, source })?);
                    }
                    self.run.recorded(saved.as_deref())?;
                    self.outcome.recordings.extend(saved);
                }
                Cue::Finished => {}
            }
        }
        Ok(ended)
    }
}

impl Stage for Recorded<'_> {
    fn session(&self) -> &Session {
        self.run.session()
    }

    fn press(&mut self, key: Key) -> Result<(), SimulateError> {
        let cues = self.run.press(key)?;
        self.handle(cues).map(|_| ())
    }

    fn advance(&mut self, dt: f64) -> Result<bool, SimulateError> {
        let cues = self.run.advance(dt)?;
        self.handle(cues)
    }

    fn play(&mut self) -> Result<Motion, SimulateError> {
        let p = self
            .playing
            .as_mut()
            .expect("a condition's world is running");
        let controls = self.route[self.route_at % self.route.len()];
        self.route_at += 1;
        p.world.step(&controls);
        self.run.camera(&p.world.camera());
        let recorded = p.recorder.record(&controls, &p.world);
        recorded.map_err(|source| SimulateError::Recording {
            path: p.recorder.path().to_path_buf(),
            source,
        })?;
        self.outcome.ticks += 1;
        Ok(p.camera.motion(&p.world))
    }

    fn look(&mut self) -> Result<(), SimulateError> {
        if let Some(s) = self.screens.as_deref_mut() {
            s.look(self.run, self.playing.as_ref().map(|p| &p.world))?;
        }
        Ok(())
    }
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
    screens: Option<&mut super::screens::Screens>,
) -> Result<Outcome, SimulateError> {
    assert!(!route.is_empty(), "the driver needs a route");
    let mut stage = Recorded {
        run,
        map,
        map_path,
        route,
        route_at: 0,
        playing: None,
        screens,
        outcome: Outcome::default(),
    };
    drive(&mut stage, seed)?;
    Ok(stage.outcome)
}

/// Plays the session of `stage` to its end as the participant seeded
/// `seed`.
fn drive(stage: &mut impl Stage, seed: u64) -> Result<(), SimulateError> {
    let mut person = Person::new(seed, stage.session().order().len());
    let mut about = answers::demographics_rng(seed);
    loop {
        stage.look()?;
        match stage.session().step() {
            Step::Done => return Ok(()),
            Step::Welcome => stage.press(Key::Confirm)?,
            Step::Consent => answer(stage, super::session::AGREE)?,
            Step::Demographic { item } => {
                let items = &stage.session().protocol().procedure.demographics;
                let value = answers::demographic(&items[item], &mut about);
                answer(stage, value)?;
            }
            Step::BaselineRating => {
                let rating = person.rating(InPlayScale::Fms);
                answer(stage, rating)?;
            }
            Step::Mssq { .. } => {
                let value = person.mssq_item();
                answer(stage, value)?;
            }
            Step::Ssq { item, .. } => {
                let rating = person.ssq_item(item);
                answer(stage, rating)?;
            }
            Step::Question { position, index } => {
                let value = person.question(position);
                let q = &stage.session().protocol().questions[index];
                let value = match q.scale {
                    QuestionScale::Points => value,
                    QuestionScale::Slider => answers::on_slider(value, q.range().1),
                };
                answer(stage, value)?;
            }
            Step::Ready { .. } if stage.session().prompting() => {
                let rating = person.rating(InPlayScale::Fms);
                answer(stage, rating)?;
            }
            Step::Ready { .. } => {
                let rest = stage.session().rest_left_s();
                if rest > 0.0 {
                    // A rest that ends on the FMS is waited out from one
                    // question to the next.
                    let session = stage.session();
                    let step = match session.protocol().procedure.rest_until_fms {
                        Some(_) => {
                            let every = session.protocol().fms_interval_s;
                            let next = every - session.step_s().rem_euclid(every) + 1e-6;
                            rest.min(next)
                        }
                        None => rest,
                    };
                    person.rest(step);
                    stage.advance(step)?;
                    continue;
                }
                stage.press(Key::Confirm)?;
                // The condition starts with no answer on its way.
                person.pending = None;
            }
            Step::Ranking => {
                // The condition this person disliked least first: mostly
                // the one that made them least sick.
                let (rest, choice) = stage.session().unranked();
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
                stage.press(key)?;
            }
            Step::Play { position } => {
                let motion = stage.play()?;
                person.feel(motion, position);
                if !stage.advance(TICK_DT)? {
                    respond(stage, &mut person)?;
                }
            }
        }
    }
}

/// Types `value` and confirms it.
fn answer(stage: &mut impl Stage, value: u8) -> Result<(), SimulateError> {
    if value >= 10 {
        stage.press(Key::Digit(value / 10))?;
    }
    stage.press(Key::Digit(value % 10))?;
    stage.press(Key::Confirm)
}

/// During play: answers an open prompt after a reaction time (or leaves
/// it), and stops a condition that has become too much.
fn respond(stage: &mut impl Stage, person: &mut Person) -> Result<(), SimulateError> {
    let now = stage.session().step_s();
    if person.sickness >= person.tolerance {
        return stage.press(Key::Stop);
    }
    if !stage.session().prompting() {
        person.pending = None;
        return Ok(());
    }
    match person.pending {
        None => {
            let due = now + person.uniform(1.0, 6.0);
            let gives = person.rng.next_f64() >= MISS_SHARE;
            person.pending = Some((due, gives));
            Ok(())
        }
        Some((due, true)) if now >= due => {
            person.pending = None;
            let rating = person.rating(stage.session().protocol().in_play_scale);
            answer(stage, rating)
        }
        Some(_) => Ok(()),
    }
}
