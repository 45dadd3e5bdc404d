//! The feel lab's metrics of each condition's recording: replayed headless
//! on its map (as `feel RUN` runs a recording), every state hash checked
//! on the way, the view's depths taken at the condition's field of view.
//! A recording whose row in `conditions.csv` gives its SHA-256 must be
//! those bytes: one swapped or edited since is refused, not measured.
//! Each recording's predicted sickness is taken at its prompts
//! ([`prediction::at_prompts`]). Recordings are measured in parallel and
//! reported in input order.

use super::conditions::PlayedHash;
use super::prediction;
use super::ReportError;
use crate::data;
use crate::feel::svc::{Predictor, View};
use crate::feel::{self, run, Scale, Trajectory};
use crate::files::{self, cap};
use crate::located::Located;
use crate::map::{self, Map};
use crate::record::{Playback, Recording, RecordingFault};
use crate::sim::{Controls, Tunables, TICK_DT};
use crate::study::predict;
use crate::study::results::sha256_hex;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One recording to measure.
pub(super) struct Job {
    /// The recording.
    pub recording: PathBuf,
    /// Its name in notes: `ID/FILE`, the same whichever folder holds it.
    pub shown: String,
    /// What `conditions.csv` says of the recording played, if it does.
    pub played: Option<PlayedHash>,
    /// The condition's horizontal field of view, degrees.
    pub fov_deg: f64,
    /// The condition's tunables, which the recording should start with.
    pub tunables: Tunables,
    /// The angle the participant's screen fills at the eye, degrees, when
    /// they stated it ([`crate::feel::svc::View::screen_deg`]).
    pub screen_deg: Option<f64>,
    /// Seconds into the condition of each in-play prompt, for the
    /// predictions at them.
    pub prompts_s: Vec<f64>,
}

/// A recording's metrics, in [`feel::names`] order, and what the report
/// should say about it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Measured {
    /// Each metric's value; None where the run does not define it.
    pub values: Vec<Option<f64>>,
    /// Doubts about the recording (a desync, a cut file, another version).
    pub notes: Vec<String>,
    /// The predicted MSI at each of the job's prompts, at each visual gain
    /// of [`prediction::GAINS`]: `[prompt][gain]`, None past the
    /// recording's end (empty with no recording).
    pub predicted: Vec<Vec<Option<f64>>>,
}

/// Measures every job's recording at `scale` (its metrics and its
/// predictions), in job order. A recording
/// that is missing gives no metrics and a note; one left as
/// `NAME.partial` (its session stopped while recording) is measured as far
/// as it goes. A recording that is not the one played (by its SHA-256)
/// is refused.
pub(super) fn measure(jobs: &[Job], scale: Scale) -> Result<Vec<Measured>, ReportError> {
    let loaded: Vec<Result<Found, _>> = jobs.par_iter().map(load).collect();
    let predictor = predict::predictor();
    let found = loaded.into_iter().collect::<Result<Vec<_>, _>>()?;
    let maps = maps_of(found.iter().filter_map(|f| f.recording.as_ref()))?;
    Ok(jobs
        .par_iter()
        .zip(found)
        .map(|(job, found)| {
            let Some(recording) = found.recording else {
                let values = vec![None; feel::names().count()];
                return Measured {
                    values,
                    notes: found.notes,
                    predicted: Vec::new(),
                };
            };
            let map = maps[&recording.header.map].clone();
            let mut measured = measure_one(job, recording, map, scale, &predictor);
            measured.notes.splice(0..0, found.notes);
            measured
        })
        .collect())
}

/// A recording looked for, and what the report should say of where it
/// was found.
struct Found {
    /// The recording, if there is one.
    recording: Option<Recording>,
    /// Notes: missing, or only its partial file.
    notes: Vec<String>,
}

/// Loads the job's recording, else its partial file, else nothing.
fn load(job: &Job) -> Result<Found, ReportError> {
    let path = &job.recording;
    let partial = files::partial_path(path);
    let name = &job.shown;
    let (recording, note) = if path.symlink_metadata().is_ok() {
        (Some(load_played(path, job)?), None)
    } else if partial.symlink_metadata().is_ok() {
        let note = format!(
            "{name} is missing; {name}.partial (left by a session stopped while recording) is \
             measured instead"
        );
        (Some(load_played(&partial, job)?), Some(note))
    } else {
        (None, Some(format!("{name} is missing: no metrics for it")))
    };
    Ok(Found {
        recording,
        notes: note.into_iter().collect(),
    })
}

/// The recording at `path`, after checking its bytes are those `job`'s
/// row of `conditions.csv` says were played (when it says).
fn load_played(path: &Path, job: &Job) -> Result<Recording, ReportError> {
    let bytes = files::read_bytes(path, "recording", cap::RECORDING)
        .map_err(|e| Located::whole(path, e).widen::<RecordingFault>())?;
    if let Some(played) = &job.played {
        let found = sha256_hex(&bytes);
        if found != played.sha256 {
            return Err(ReportError::NotPlayed {
                recording: path.to_owned(),
                conditions: played.file.clone(),
                line: played.line,
                played: played.sha256.clone(),
                found,
            });
        }
    }
    let text = files::text(bytes, "recording")
        .map_err(|(at, e)| Located::new(path, at, e).widen::<RecordingFault>())?;
    Ok(Recording::parse(&text, path)?)
}

/// The level of every map the recordings name (each loaded once), by the
/// name in their headers; no name is the open plane.
fn maps_of<'r>(
    recordings: impl Iterator<Item = &'r Recording>,
) -> Result<BTreeMap<Option<PathBuf>, Map>, ReportError> {
    let mut maps = BTreeMap::new();
    for r in recordings {
        let key = &r.header.map;
        if maps.contains_key(key) {
            continue;
        }
        let level = match key {
            None => Map::open_plane(),
            Some(asked) => {
                let at_recording = |source| ReportError::NoMap {
                    recording: r.file.clone(),
                    source,
                };
                let file = data::resolve_recorded_map(asked).map_err(at_recording)?;
                map::load(&file)
                    .map_err(|source| ReportError::BadMap {
                        map: file.clone(),
                        recording: r.file.clone(),
                        source,
                    })?
                    .map
            }
        };
        maps.insert(key.clone(), level);
    }
    Ok(maps)
}

/// Replays `recording` on `map`, checking its hashes, and measures the
/// camera's trajectory and predicts the sickness at the job's prompts.
fn measure_one(
    job: &Job,
    recording: Recording,
    map: Map,
    scale: Scale,
    predictor: &Predictor,
) -> Measured {
    let mut notes = doubts(job, &recording, &map);
    let mut playback = Playback::new(recording);
    let mut world = playback.start(map);
    let mut samples = vec![run::sample(&world, &Controls::default(), job.fov_deg)];
    while let Some(controls) = playback.next_controls() {
        world.step(&controls);
        playback.check(&world);
        samples.push(run::sample(&world, &controls, job.fov_deg));
    }
    if let Some(d) = playback.desync() {
        notes.push(format!(
            "{}: {d}: this program does not replay it as it was played, so its metrics \
             describe another run",
            job.shown
        ));
    }
    let view = View {
        screen_deg: job.screen_deg,
        ..View::of(&job.tunables, job.fov_deg)
    };
    let run = (samples.as_slice(), scale);
    let predicted = prediction::at_prompts(predictor, run, &view, &job.prompts_s);
    let trajectory = Trajectory {
        dt: TICK_DT,
        fov_deg: job.fov_deg,
        samples,
    };
    let values = feel::compute(&trajectory, scale)
        .into_iter()
        .map(|m| m.value)
        .collect();
    Measured {
        values,
        notes,
        predicted,
    }
}

/// What the report should know before trusting a recording's metrics.
fn doubts(job: &Job, recording: &Recording, map: &Map) -> Vec<String> {
    let name = &job.shown;
    let header = &recording.header;
    let mut notes = Vec::new();
    if recording.is_truncated() {
        notes.push(format!(
            "{name} has no end line (cut short): measured up to tick {}, {} later ticks dropped",
            recording.last_verified_tick(),
            recording.dropped_ticks
        ));
    }
    if header.version != env!("CARGO_PKG_VERSION") {
        notes.push(format!(
            "{name} was recorded by wobblecaster {}, this is {}",
            header.version,
            env!("CARGO_PKG_VERSION")
        ));
    }
    if header.map_name != map.name {
        notes.push(format!(
            "{name} was recorded on the map `{}`, replayed on `{}`",
            header.map_name, map.name
        ));
    }
    if header.tunables != job.tunables {
        notes.push(format!(
            "{name} starts with other tunables than its condition's in the protocol"
        ));
    }
    notes
}

/// Every metric the feel lab computes, without values: names, units and
/// meanings in [`feel::names`] order.
pub(super) fn metric_list() -> Vec<feel::Metric> {
    let empty = Trajectory {
        dt: TICK_DT,
        fov_deg: feel::DEFAULT_FOV_DEG,
        samples: Vec::new(),
    };
    feel::compute(&empty, Scale::default())
}
