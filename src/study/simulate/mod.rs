//! A simulated participant: the same session as a person's, run headless,
//! for tests, demos, checking the analysis and the power of a design. The
//! participant plays each condition in one of a few styles ([`drive`]:
//! the feel lab's bot with a person's settings, driving the course), and
//! the answers come from a seeded model (`person`) whose sickness
//! follows the sensory conflict the SVC model predicts for what that
//! condition showed ([`crate::study::predict`]), with per-person
//! susceptibility (tied to their MSSQ), gain, recovery and habituation
//! drawn from one table ([`population::TABLE`]). Recovery runs through
//! the rests, so a short rest leaves some sickness for the next
//! condition. The data it writes is marked simulated in `session.toml`.
//!
//! Each person has a tolerance: past it they press the stop key; a rating
//! at the protocol's stop rule ends the condition first when their
//! tolerance is higher. So a simulated study has dropouts of both kinds
//! for the survival analysis.
//!
//! One loop (`drive`) plays the participant against a `Stage`: the
//! session with its files and each condition's world and recording
//! ([`simulate`]), or the bare session with each condition's drives
//! computed once for every participant ([`quick`]: the same answers,
//! thousands of participants a minute).

mod answers;
pub mod drive;
mod person;
pub mod population;
mod quick;

pub use drive::{Drive, Drives, Style, STYLES};
pub use person::drive_of;
pub use population::{Distribution, Row, RATE, TABLE};
pub use quick::{quick, route, style_of, RouteError};

use super::protocol::QuestionScale;
use super::results::ResultsError;
use super::run::{Cue, StudyRun};
use super::scales::InPlayScale;
use super::session::{Key, Session, Step};
use crate::map::Map;
use crate::record::{Header, Recorder};
use crate::sim::{Controls, World, TICK_DT};
use person::{Person, MISS_SHARE};
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
    /// One tick of the condition under way: the SVC model's conflict
    /// after it, m/s^2.
    fn play(&mut self) -> Result<f64, SimulateError>;
    /// The participant looks at the screen.
    fn look(&mut self) -> Result<(), SimulateError> {
        Ok(())
    }
}

/// The world of the condition under way, and its recording.
struct Playing<'a> {
    world: World,
    recorder: Recorder,
    /// The protocol condition's drive in the participant's style.
    drive: &'a Drive,
    /// The next tick of it.
    at: usize,
}

/// A session with its files: each condition's world driven by the
/// participant's drive of it and recorded.
struct Recorded<'a> {
    run: &'a mut StudyRun,
    map: &'a Map,
    map_path: &'a Path,
    drives: &'a Drives,
    style: usize,
    playing: Option<Playing<'a>>,
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
                    position,
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
                    let index = self.run.session().order()[position];
                    self.playing = Some(Playing {
                        world,
                        recorder,
                        drive: self.drives.get(index, self.style),
                        at: 0,
                    });
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
                // Headless: nothing to hear; events.csv names the tone.
                Cue::Tone | Cue::Finished => {}
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

    fn play(&mut self) -> Result<f64, SimulateError> {
        let p = self
            .playing
            .as_mut()
            .expect("a condition's world is running");
        let controls = p.drive.controls[p.at];
        let conflict = p.drive.conflict[p.at];
        p.at += 1;
        p.world.step(&controls);
        self.run.camera(&p.world.camera());
        let recorded = p.recorder.record(&controls, &p.world);
        recorded.map_err(|source| SimulateError::Recording {
            path: p.recorder.path().to_path_buf(),
            source,
        })?;
        self.outcome.ticks += 1;
        Ok(conflict)
    }

    fn look(&mut self) -> Result<(), SimulateError> {
        if let Some(s) = self.screens.as_deref_mut() {
            s.look(self.run, self.playing.as_ref().map(|p| &p.world))?;
        }
        Ok(())
    }
}

/// Runs `run` to its end as a simulated participant seeded `seed`,
/// driving every condition's world on `map` (read from `map_path`) in the
/// participant's style (with `route`, the driver's controls, looped, on a
/// map with no course); `screens`, if given, draws each kind of screen
/// the participant sees.
pub fn simulate(
    run: &mut StudyRun,
    (map, map_path): (&Map, &Path),
    route: &[Controls],
    seed: u64,
    screens: Option<&mut super::screens::Screens>,
) -> Result<Outcome, SimulateError> {
    let person = Person::new(seed, run.session().order().len());
    let drives = Drives::new(run.session().protocol(), map, route, &[person.style]);
    let mut stage = Recorded {
        run,
        map,
        map_path,
        drives: &drives,
        style: person.style,
        playing: None,
        screens,
        outcome: Outcome::default(),
    };
    play(&mut stage, person, seed)?;
    Ok(stage.outcome)
}

/// Plays the session of `stage` to its end as `person`, the participant
/// seeded `seed`.
fn play(stage: &mut impl Stage, mut person: Person, seed: u64) -> Result<(), SimulateError> {
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
                let conflict = stage.play()?;
                person.feel(conflict, position);
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
    if person.had_enough() {
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
