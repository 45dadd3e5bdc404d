//! The mix: one table of how loud each sound plays, and why.
//!
//! Every clip leaves `examples/gen_sounds.rs` at one loudness,
//! [`REFERENCE_LUFS`] (its momentary maximum, [`super::loudness`]); the
//! table below says where each sound sits in the mix, as the momentary
//! maximum it reaches played alone, centred, one tile away or nearer,
//! at volume 1 and full effects (a test renders every clip through the
//! mixer and holds it within 1 LU of its row). The mixer multiplies a
//! voice's gains by its row's [`gain`]; distance, walls, the simulation's
//! own gain (a footstep's speed, an engine's throttle) and the player's
//! volume come on top. The master bus's limiter keeps the sum under full
//! scale ([`super::Limiter`]).
//!
//! The order, from the issue that asked for it: the player's gun is the
//! loudest regular sound; footsteps at least 10 LU under it; a ricochet
//! and a far blast under the shot that caused them; chimes and clicks
//! moderate.

use super::clip::Clip;
use super::loudness::amplitude;
use crate::sim::sound::Cue;

/// The loudness every clip is generated at: its momentary maximum, LUFS.
/// The clips' peaks stand up to about 23 dB over it (a gunshot's crack or
/// a footstep is short, and its 400 ms window mostly silence), so -24
/// keeps every clip under full scale.
pub const REFERENCE_LUFS: f64 = -24.0;

/// One row of the mix: a sound and its level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The sound (a clip's file name without its take and extension).
    pub sound: &'static str,
    /// Its momentary maximum in the mix, LUFS, played alone at volume 1.
    pub lufs: f64,
    /// Why it sits there.
    pub why: &'static str,
}

/// The rows of [`LEVELS`], by name.
#[derive(Clone, Copy, Debug)]
enum Row {
    Gun,
    Hurt,
    Blast,
    TankFire,
    Crash,
    WalkerAlert,
    Hit,
    WalkerDeath,
    Finish,
    Landing,
    Pickup,
    Checkpoint,
    Locked,
    Ricochet,
    Engine,
    Thrust,
    Door,
    WalkerStep,
    Hover,
    Wind,
    Click,
    Footstep,
    PromptTone,
}

/// Every sound's level in the mix, loudest first.
#[rustfmt::skip]
pub const LEVELS: [Level; 23] = [
    Level { sound: "gun",          lufs: -23.0, why: "the player's own shot: the loudest regular sound, the action every fight is about" },
    Level { sound: "hurt",         lufs: -25.0, why: "the player is hit: an alarm that must cut through a fight, still under the shot" },
    Level { sound: "blast",        lufs: -25.0, why: "a shell bursting beside the player is as big as anything, but 2 LU under the gun so the gun stays on top; farther bursts fall well under it" },
    Level { sound: "tank_fire",    lufs: -26.0, why: "a tank's cannon: heavy, heard mostly from afar, so its own level only just under the player's gun" },
    Level { sound: "crash",        lufs: -26.0, why: "a flight ending against a wall: rare and final" },
    Level { sound: "walker_alert", lufs: -27.0, why: "a walker has seen the player: a warning, 4 LU under the gun (it was 7.8 dB over it)" },
    Level { sound: "hit",          lufs: -28.0, why: "the shot landing: confirms the hit, under the shot it follows" },
    Level { sound: "walker_death", lufs: -28.0, why: "a walker falls: a reward, beside the hit that caused it" },
    Level { sound: "finish",       lufs: -28.0, why: "a course finished: a fanfare, moderate" },
    Level { sound: "landing",      lufs: -29.0, why: "the jetpack touching down: a thud under the action" },
    Level { sound: "pickup",       lufs: -30.0, why: "a chime: moderate, pleasant at many a minute" },
    Level { sound: "checkpoint",   lufs: -30.0, why: "a chime like the pickup's" },
    Level { sound: "locked",       lufs: -30.0, why: "a refused door: feedback to a key press, moderate" },
    Level { sound: "ricochet",     lufs: -31.0, why: "a miss's whine: 8 LU under the shot that caused it (it was 5.5 LU over)" },
    Level { sound: "engine",       lufs: -31.0, why: "a tank's engine, a loop: three at once sum about 5 LU louder, still under the gun" },
    Level { sound: "thrust",       lufs: -31.0, why: "the jetpack's burn, a loop under the player's whole flight: present, not tiring" },
    Level { sound: "door",         lufs: -32.0, why: "a door sliding for a second: machinery in the background" },
    Level { sound: "walker_step",  lufs: -32.0, why: "an enemy on the way: audible over the player's own steps (the simulation adds 0.5 or 0.8 on top)" },
    Level { sound: "hover",        lufs: -33.0, why: "the jetpack hovering, a loop: a bed under the flight" },
    Level { sound: "wind",         lufs: -33.0, why: "self-motion wind at full gain (its gain follows the speed): under every event" },
    Level { sound: "click",        lufs: -33.0, why: "a menu key: moderate, heard alone" },
    Level { sound: "footstep",     lufs: -35.0, why: "the player's own steps, about two a second: 12 LU under the gun (it was 3.2 under), so they never tire" },
    Level { sound: "prompt_tone",  lufs: -36.0, why: "a study's prompt tone: a cue, not a stimulus; the softest sound, under the player's own steps, alike in every condition" },
];

/// The row a clip plays at.
fn row(clip: Clip) -> Row {
    match clip {
        Clip::Sim(cue) => match cue {
            Cue::Footstep => Row::Footstep,
            Cue::DoorOpen | Cue::DoorClose => Row::Door,
            Cue::Locked => Row::Locked,
            Cue::Pickup => Row::Pickup,
            Cue::Gun => Row::Gun,
            Cue::Hit => Row::Hit,
            Cue::Ricochet => Row::Ricochet,
            Cue::Hurt => Row::Hurt,
            Cue::WalkerStep => Row::WalkerStep,
            Cue::WalkerAlert => Row::WalkerAlert,
            Cue::WalkerDeath => Row::WalkerDeath,
            Cue::TankFire => Row::TankFire,
            Cue::Blast => Row::Blast,
            Cue::Engine => Row::Engine,
            Cue::Thrust => Row::Thrust,
            Cue::Hover => Row::Hover,
            Cue::Landing => Row::Landing,
            Cue::Crash => Row::Crash,
            // The guard's cues play other cues' clips (`Cue::clip`), at
            // those clips' rows.
            Cue::GuardShout => Row::WalkerAlert,
            Cue::GuardFire => Row::Gun,
            Cue::GuardDeath => Row::WalkerDeath,
        },
        Clip::Checkpoint => Row::Checkpoint,
        Clip::Finish => Row::Finish,
        Clip::Click => Row::Click,
        Clip::Footstep { .. } => Row::Footstep,
        Clip::WalkerStep { .. } => Row::WalkerStep,
        Clip::Wind => Row::Wind,
        Clip::PromptTone => Row::PromptTone,
    }
}

/// The row of [`LEVELS`] `clip` plays at.
pub fn level(clip: Clip) -> &'static Level {
    &LEVELS[row(clip) as usize]
}

/// The factor the mixer scales `clip` by: its row's level over the
/// reference the clips are made at.
pub fn gain(clip: Clip) -> f32 {
    amplitude(level(clip).lufs - REFERENCE_LUFS) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_named_by_its_clips_and_the_order_is_the_brief() {
        for clip in Clip::all() {
            let stem = clip.file_name().trim_end_matches(".wav");
            let sound = level(clip).sound;
            assert!(stem.starts_with(sound), "{stem} plays as {sound}");
        }
        for (i, l) in LEVELS.iter().enumerate() {
            assert!(!l.why.is_empty());
            if i > 0 {
                assert!(l.lufs <= LEVELS[i - 1].lufs, "loudest first: {}", l.sound);
            }
        }
        let lufs = |cue| level(Clip::Sim(cue)).lufs;
        let gun = lufs(Cue::Gun);
        for other in LEVELS.iter().skip(1) {
            assert!(other.lufs < gun, "{} under the gun", other.sound);
        }
        assert!(lufs(Cue::Footstep) <= gun - 10.0);
        assert!(lufs(Cue::Ricochet) < gun);
        assert!((gain(Clip::Sim(Cue::Gun)) - amplitude(1.0) as f32).abs() < 1e-6);
    }
}
