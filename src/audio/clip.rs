//! The sound effects: one committed WAV file a clip (made by
//! `examples/gen_sounds.rs`), read at the edge with a size cap and checked
//! for the one format the mixer plays.
//!
//! How a clip is addressed: the simulation's cues are `Clip::Sim(cue)`;
//! the variants a cue can be played as are their own clips, by name and
//! number: `Clip::Footstep { surface, variant }` (the file
//! `footstep_<surface>_<variant + 1>.wav`, four a surface),
//! `Clip::WalkerStep { variant }` (`walker_step_<variant + 1>.wav`) and
//! the self-motion wind loop `Clip::Wind` (`wind.wav`). The cue's own
//! single clips (`footstep.wav`, `walker_step.wav`) stay, written as the
//! stone's and the walker's first variant, so a player of the cue alone
//! sounds as the first variant does. Every clip is at one reference
//! loudness ([`crate::audio::REFERENCE_LUFS`]); its level in the mix is
//! its row of [`crate::audio::mix_levels`].

use crate::files::{self, ReadError};
use crate::sim::sound::Cue;
use std::io::Cursor;
use std::path::{Path, PathBuf};

/// The sample rate of every clip, Hz.
pub const CLIP_RATE: u32 = 22_050;
/// The longest clip, seconds (a loop is a few seconds at most).
pub const MAX_CLIP_SECONDS: u32 = 10;

/// A sound file: what the simulation's cues, the course and the menus play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clip {
    /// A cue of the simulation.
    Sim(Cue),
    /// A checkpoint of a course passed.
    Checkpoint,
    /// A course's finish reached.
    Finish,
    /// A menu or study screen's key press.
    Click,
    /// One of [`STEP_VARIANTS`] footsteps on a surface (`variant` from 0;
    /// a larger one wraps).
    Footstep {
        /// What the floor is made of.
        surface: Surface,
        /// Which take, 0 to [`STEP_VARIANTS`] - 1.
        variant: u8,
    },
    /// One of [`STEP_VARIANTS`] walker steps (`variant` from 0; a larger
    /// one wraps).
    WalkerStep {
        /// Which take, 0 to [`STEP_VARIANTS`] - 1.
        variant: u8,
    },
    /// Wind past the ears: a broadband loop of about two seconds that
    /// repeats seamlessly.
    Wind,
    /// A study's prompt tone (`prompt_tone = true`): one soft bell note
    /// as an in-play question appears, the same in every condition.
    PromptTone,
}

/// What a floor is made of, as the footsteps' clips tell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Stone or concrete: a dull tap with grit.
    Stone,
    /// Wooden boards: a hollow knock.
    Wood,
    /// Metal plate or grating: a ringing clank.
    Metal,
}

impl Surface {
    /// Every surface, in clip index order.
    pub const ALL: [Surface; 3] = [Surface::Stone, Surface::Wood, Surface::Metal];
}

/// Takes of each footstep surface and of the walkers' step.
pub const STEP_VARIANTS: u8 = 4;

/// The footsteps' files by surface and take.
const FOOTSTEP_FILES: [[&str; STEP_VARIANTS as usize]; 3] = [
    [
        "footstep_stone_1.wav",
        "footstep_stone_2.wav",
        "footstep_stone_3.wav",
        "footstep_stone_4.wav",
    ],
    [
        "footstep_wood_1.wav",
        "footstep_wood_2.wav",
        "footstep_wood_3.wav",
        "footstep_wood_4.wav",
    ],
    [
        "footstep_metal_1.wav",
        "footstep_metal_2.wav",
        "footstep_metal_3.wav",
        "footstep_metal_4.wav",
    ],
];

/// The walkers' steps' files by take.
const WALKER_STEP_FILES: [&str; STEP_VARIANTS as usize] = [
    "walker_step_1.wav",
    "walker_step_2.wav",
    "walker_step_3.wav",
    "walker_step_4.wav",
];

/// The clips after the cues' and the three interface clips: the
/// footsteps', the walkers' steps', then the wind.
const FIRST_FOOTSTEP: usize = CUES.len() + 3;
const FIRST_WALKER_STEP: usize = FIRST_FOOTSTEP + 3 * STEP_VARIANTS as usize;
const WIND: usize = FIRST_WALKER_STEP + STEP_VARIANTS as usize;
const PROMPT_TONE: usize = WIND + 1;

/// Every cue of the simulation, in [`Clip::index`] order.
const CUES: [Cue; 19] = [
    Cue::Footstep,
    Cue::DoorOpen,
    Cue::DoorClose,
    Cue::Locked,
    Cue::Pickup,
    Cue::Gun,
    Cue::Hit,
    Cue::Ricochet,
    Cue::Hurt,
    Cue::WalkerStep,
    Cue::WalkerAlert,
    Cue::WalkerDeath,
    Cue::TankFire,
    Cue::Blast,
    Cue::Engine,
    Cue::Thrust,
    Cue::Hover,
    Cue::Landing,
    Cue::Crash,
];

impl Clip {
    /// How many clips there are.
    pub const COUNT: usize = PROMPT_TONE + 1;

    /// Every clip, in index order.
    pub fn all() -> impl Iterator<Item = Clip> {
        let rest = [Clip::Checkpoint, Clip::Finish, Clip::Click];
        let footsteps = Surface::ALL.into_iter().flat_map(|surface| {
            (0..STEP_VARIANTS).map(move |variant| Clip::Footstep { surface, variant })
        });
        let walker = (0..STEP_VARIANTS).map(|variant| Clip::WalkerStep { variant });
        CUES.into_iter()
            .map(Clip::Sim)
            .chain(rest)
            .chain(footsteps)
            .chain(walker)
            .chain([Clip::Wind, Clip::PromptTone])
    }

    /// True for a clip that loops (the engines', the jetpack's, the wind).
    pub fn is_loop(self) -> bool {
        match self {
            Clip::Sim(cue) => cue.is_loop(),
            Clip::Wind => true,
            _ => false,
        }
    }

    /// Its place in [`Clip::all`].
    pub fn index(self) -> usize {
        match self {
            Clip::Sim(cue) => cue.clip() as usize,
            Clip::Checkpoint => CUES.len(),
            Clip::Finish => CUES.len() + 1,
            Clip::Click => CUES.len() + 2,
            Clip::Footstep { surface, variant } => {
                FIRST_FOOTSTEP
                    + surface as usize * STEP_VARIANTS as usize
                    + (variant % STEP_VARIANTS) as usize
            }
            Clip::WalkerStep { variant } => FIRST_WALKER_STEP + (variant % STEP_VARIANTS) as usize,
            Clip::Wind => WIND,
            Clip::PromptTone => PROMPT_TONE,
        }
    }

    /// Its file's name in the sounds folder.
    pub fn file_name(self) -> &'static str {
        match self {
            Clip::Sim(cue) => match cue {
                Cue::Footstep => "footstep.wav",
                Cue::DoorOpen => "door_open.wav",
                Cue::DoorClose => "door_close.wav",
                Cue::Locked => "locked.wav",
                Cue::Pickup => "pickup.wav",
                Cue::Gun => "gun.wav",
                Cue::Hit => "hit.wav",
                Cue::Ricochet => "ricochet.wav",
                Cue::Hurt => "hurt.wav",
                Cue::WalkerStep => "walker_step.wav",
                Cue::WalkerAlert => "walker_alert.wav",
                Cue::WalkerDeath => "walker_death.wav",
                Cue::TankFire => "tank_fire.wav",
                Cue::Blast => "blast.wav",
                Cue::Engine => "engine.wav",
                Cue::Thrust => "thrust.wav",
                Cue::Hover => "hover.wav",
                Cue::Landing => "landing.wav",
                Cue::Crash => "crash.wav",
                Cue::GuardShout | Cue::GuardFire | Cue::GuardDeath => {
                    Clip::Sim(cue.clip()).file_name()
                }
            },
            Clip::Checkpoint => "checkpoint.wav",
            Clip::Finish => "finish.wav",
            Clip::Click => "click.wav",
            Clip::Footstep { surface, variant } => {
                FOOTSTEP_FILES[surface as usize][(variant % STEP_VARIANTS) as usize]
            }
            Clip::WalkerStep { variant } => WALKER_STEP_FILES[(variant % STEP_VARIANTS) as usize],
            Clip::Wind => "wind.wav",
            Clip::PromptTone => "prompt_tone.wav",
        }
    }
}

/// A sound file that cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum ClipError {
    /// The file could not be read.
    #[error("{}", file.display())]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        #[source]
        source: ReadError,
    },
    /// The file is not a WAV file hound reads.
    #[error("{}: not a WAV file", file.display())]
    Wav {
        /// The file.
        file: PathBuf,
        /// What hound found.
        #[source]
        source: hound::Error,
    },
    /// The WAV file is not in the one format clips have.
    #[error(
        "{}: {found}; a sound effect is mono 16-bit PCM at {CLIP_RATE} Hz, \
         at most {MAX_CLIP_SECONDS} s (examples/gen_sounds.rs writes them)",
        file.display()
    )]
    Format {
        /// The file.
        file: PathBuf,
        /// What it is instead.
        found: String,
    },
}

/// Every clip's samples, -1 to 1 at [`CLIP_RATE`], indexed by
/// [`Clip::index`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bank {
    clips: Vec<Vec<f32>>,
}

impl Bank {
    /// Reads every clip from the folder `dir` (the shipped
    /// `assets/sounds`).
    pub fn load(dir: &Path) -> Result<Self, ClipError> {
        let clips = Clip::all()
            .map(|clip| read_clip(&dir.join(clip.file_name())))
            .collect::<Result<_, _>>()?;
        Ok(Self { clips })
    }

    /// A bank of the given samples for each clip, in [`Clip::all`] order
    /// (tests and benchmarks build their own sounds).
    ///
    /// # Panics
    /// Unless there are [`Clip::COUNT`] of them.
    pub fn from_samples(clips: Vec<Vec<f32>>) -> Self {
        assert_eq!(clips.len(), Clip::COUNT, "one sample list per clip");
        Self { clips }
    }

    /// The samples of `clip`.
    pub fn samples(&self, clip: Clip) -> &[f32] {
        self.samples_at(clip.index())
    }

    /// The samples of the clip at `index` ([`Clip::index`]).
    pub(super) fn samples_at(&self, index: usize) -> &[f32] {
        &self.clips[index]
    }
}

/// One WAV file's samples, checked.
pub fn read_clip(file: &Path) -> Result<Vec<f32>, ClipError> {
    let bytes = crate::data::read_bytes(file, "sound", files::cap::SOUND).map_err(|source| {
        ClipError::Read {
            file: file.to_path_buf(),
            source,
        }
    })?;
    let wav = |source| ClipError::Wav {
        file: file.to_path_buf(),
        source,
    };
    let reader = hound::WavReader::new(Cursor::new(bytes)).map_err(wav)?;
    let spec = reader.spec();
    let frames = reader.duration();
    let wrong = |found: String| ClipError::Format {
        file: file.to_path_buf(),
        found,
    };
    if spec.channels != 1
        || spec.sample_rate != CLIP_RATE
        || spec.bits_per_sample != 16
        || spec.sample_format != hound::SampleFormat::Int
    {
        return Err(wrong(format!(
            "{} channel(s), {} Hz, {}-bit {:?}",
            spec.channels, spec.sample_rate, spec.bits_per_sample, spec.sample_format
        )));
    }
    if frames == 0 || frames > MAX_CLIP_SECONDS * CLIP_RATE {
        return Err(wrong(format!("{frames} samples")));
    }
    reader
        .into_samples::<i16>()
        .map(|s| s.map(|s| f32::from(s) / 32768.0))
        .collect::<Result<_, _>>()
        .map_err(wav)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_has_its_own_clip_in_order() {
        let all: Vec<Clip> = Clip::all().collect();
        assert_eq!(all.len(), Clip::COUNT);
        for (i, clip) in all.iter().enumerate() {
            assert_eq!(clip.index(), i, "{clip:?}");
        }
        let mut names: Vec<_> = all.iter().map(|c| c.file_name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Clip::COUNT, "one file a clip");
    }

    #[test]
    fn variants_are_addressed_by_surface_and_take_and_wrap() {
        let wood_3 = Clip::Footstep {
            surface: Surface::Wood,
            variant: 2,
        };
        assert_eq!(wood_3.file_name(), "footstep_wood_3.wav");
        let wrapped = Clip::Footstep {
            surface: Surface::Wood,
            variant: 2 + STEP_VARIANTS,
        };
        assert_eq!(wrapped.index(), wood_3.index());
        assert_eq!(
            Clip::WalkerStep { variant: 0 }.file_name(),
            "walker_step_1.wav"
        );
        assert_eq!(Clip::Wind.file_name(), "wind.wav");
        assert!(Clip::Wind.is_loop() && Clip::Sim(Cue::Engine).is_loop());
        assert!(!wood_3.is_loop());
    }

    /// A scratch file holding `bytes`, removed when dropped.
    struct Scratch(PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    fn scratch(name: &str, bytes: &[u8]) -> Scratch {
        let dir = std::env::temp_dir();
        let path = dir.join(format!("wobblecaster-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        Scratch(path)
    }

    fn wav(spec: hound::WavSpec, samples: usize) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        let mut w = hound::WavWriter::new(&mut out, spec).unwrap();
        for i in 0..samples * usize::from(spec.channels) {
            w.write_sample(i as i16).unwrap();
        }
        w.finalize().unwrap();
        out.into_inner()
    }

    const MONO: hound::WavSpec = hound::WavSpec {
        channels: 1,
        sample_rate: CLIP_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };

    #[test]
    fn a_good_clip_reads_and_a_bad_one_is_refused_naming_its_file() {
        let good = scratch("good.wav", &wav(MONO, 100));
        assert_eq!(read_clip(&good.0).unwrap().len(), 100);
        let stereo = hound::WavSpec {
            channels: 2,
            ..MONO
        };
        let cases = [
            (
                "text.wav",
                b"not a wav file at all".to_vec(),
                "not a WAV file",
            ),
            ("stereo.wav", wav(stereo, 100), "2 channel(s)"),
            ("empty.wav", wav(MONO, 0), "0 samples"),
            (
                "long.wav",
                wav(MONO, (MAX_CLIP_SECONDS * CLIP_RATE) as usize + 1),
                "samples",
            ),
        ];
        for (name, bytes, says) in cases {
            let file = scratch(name, &bytes);
            let e = read_clip(&file.0).expect_err(name);
            let text = crate::located::chain(&e);
            assert!(text.contains(&*file.0.to_string_lossy()), "{text}");
            assert!(text.contains(says), "{text}");
        }
        let missing = std::env::temp_dir().join("wobblecaster-no-such-sound.wav");
        let e = read_clip(&missing).expect_err("missing");
        assert!(e.to_string().contains("no-such-sound.wav"));
    }
}
