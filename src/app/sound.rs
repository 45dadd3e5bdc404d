//! The sound device (cpal): the one place sound meets the platform.
//!
//! The game's thread places each tick's sounds for the camera
//! ([`Hearing`], cheap: a grid walk a sound) and sends them down a bounded
//! channel; the device's own thread, in cpal's callback, takes what has
//! come, steers its [`Mixer`] and renders the block the device asks for.
//! Nothing blocks: a tick the channel has no room for is dropped, and a
//! callback with no new tick plays on what it has. With no device (a
//! container, CI) the game plays silent and says so once.

use crate::audio::{Bank, Clip, Hearing, Levels, Mixer, Score, Voiced};
use crate::data;
use crate::sim::{Controls, Request, World};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;

/// Messages the channel holds: about a quarter second of ticks, more than
/// a device's blocks ever fall behind.
const QUEUE: usize = 32;
/// The menus' click, as loud as the volume allows.
const CLICK_GAIN: f32 = 0.7;
/// The most frames a device block asks for at once that the mixer renders
/// in one piece (a larger one is rendered in pieces).
const MOST_FRAMES: usize = 8192;

/// What the game's thread tells the device's.
#[allow(clippy::large_enum_variant)] // Sent by value: no allocation a tick.
enum Message {
    /// A tick's sounds, placed.
    Tick(crate::audio::Heard),
    /// A sound of the menus.
    Play(Voiced),
    /// New levels.
    Levels(Levels),
    /// A new map's music and ambience (the device's thread sets its
    /// synthesizer up for it: an allocation a map, not a block).
    Score(Score),
}

/// The device's stream and the channel to its thread.
struct Device {
    tx: SyncSender<Message>,
    /// The clips the device plays (their lengths tell how long a sound
    /// is followed).
    bank: Arc<Bank>,
    /// Kept alive: dropping it stops the sound.
    _stream: cpal::Stream,
}

/// The game's sound: the device if there is one, else silence.
pub(crate) struct Speaker {
    device: Option<Device>,
    hearing: Option<Hearing>,
    levels: Levels,
    /// The map whose score plays: its name, music and ambience keys.
    scored: Option<[Option<String>; 3]>,
}

impl Speaker {
    /// No sound at all (tests, and a machine without a device).
    pub fn silent() -> Self {
        Self {
            device: None,
            hearing: None,
            levels: Levels::default(),
            scored: None,
        }
    }

    /// The default output device playing the shipped sounds at `levels`;
    /// silent, with the reason, if there is no device or the sounds do not
    /// load.
    pub fn open(levels: Levels) -> (Self, Option<String>) {
        let mut speaker = Self::silent();
        speaker.levels = levels;
        match open_device(levels) {
            Ok(device) => {
                speaker.device = Some(device);
                (speaker, None)
            }
            Err(why) => (speaker, Some(why)),
        }
    }

    /// Hears the tick `world` just ran with `controls` and sends it to the
    /// device.
    pub fn tick(&mut self, world: &World, controls: &Controls) {
        let Some(device) = &self.device else {
            return;
        };
        let map = world.map();
        let same = self.scored.as_ref().is_some_and(|[name, music, ambience]| {
            name.as_deref() == Some(map.name.as_str())
                && *music == map.music
                && *ambience == map.ambience
        });
        if !same {
            // A map whose score does not load plays without one (check-map
            // names the fault). Its keys are cloned only when they change.
            let score = Score::for_map(map).unwrap_or_default();
            if device.tx.try_send(Message::Score(score)).is_ok() {
                let keys = [
                    Some(map.name.clone()),
                    map.music.clone(),
                    map.ambience.clone(),
                ];
                self.scored = Some(keys);
            }
        }
        let levels = self.levels;
        let hearing = self
            .hearing
            .get_or_insert_with(|| Hearing::new(world, &device.bank, levels));
        let restarted = controls.action == Some(Request::Restart);
        let heard = hearing.hear(world, restarted);
        // A full queue means the device is behind: this tick is dropped.
        let _ = device.tx.try_send(Message::Tick(heard.clone()));
    }

    /// The menus' click.
    pub fn click(&mut self) {
        if let Some(device) = &self.device {
            let click = Voiced::centred(Clip::Click, CLICK_GAIN, true);
            let _ = device.tx.try_send(Message::Play(click));
        }
    }

    /// A study's prompt tone (`prompt_tone`): the same clip at the same
    /// gain whatever the condition.
    pub fn prompt_tone(&mut self) {
        if let Some(device) = &self.device {
            let tone = Voiced::centred(Clip::PromptTone, CLICK_GAIN, true);
            let _ = device.tx.try_send(Message::Play(tone));
        }
    }

    /// Plays at `levels` from now on.
    pub fn set_levels(&mut self, levels: Levels) {
        if levels == self.levels {
            return;
        }
        self.levels = levels;
        if let Some(hearing) = &mut self.hearing {
            hearing.set_levels(levels);
        }
        if let Some(device) = &self.device {
            let _ = device.tx.try_send(Message::Levels(levels));
        }
    }
}

/// Opens the default output device, stereo at its own rate, with a mixer
/// on its thread.
fn open_device(levels: Levels) -> Result<Device, String> {
    let bank = Bank::load(&data::sounds_dir()).map_err(|e| crate::located::chain(&e))?;
    let bank = Arc::new(bank);
    let (device, config) = quietly(|| {
        let device = cpal::default_host().default_output_device()?;
        let config = device.default_output_config();
        Some((device, config))
    })
    .ok_or_else(|| "no sound output device".to_string())?;
    let config = config.map_err(|e| format!("the default sound device cannot play ({e})"))?;
    let rate = config.sample_rate();
    let channels = config.channels().max(1);
    let stream_config = cpal::StreamConfig {
        channels,
        sample_rate: rate,
        buffer_size: cpal::BufferSize::Default,
    };
    let (tx, rx) = sync_channel(QUEUE);
    let mut feed = Feed {
        rx,
        mixer: Mixer::new(Arc::clone(&bank), rate.0, levels),
        stereo: vec![0.0; 2 * MOST_FRAMES],
        channels: usize::from(channels),
    };
    let stream = device
        .build_output_stream(
            &stream_config,
            move |out: &mut [f32], _| feed.fill(out),
            |e| eprintln!("wobblecaster: sound device: {e}"),
            None,
        )
        .map_err(|e| format!("the sound device refused a stream: {e}"))?;
    stream
        .play()
        .map_err(|e| format!("the sound device would not play: {e}"))?;
    Ok(Device {
        tx,
        bank,
        _stream: stream,
    })
}

/// Runs `f` with the process's standard error shut, on Linux: ALSA
/// writes a paragraph of its own there when it finds no card, where the
/// game says it once, in a line.
fn quietly<T>(f: impl FnOnce() -> T) -> T {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain descriptor calls; 2 is restored from its copy
        // before returning, and a call that fails leaves it as it was.
        unsafe {
            let saved = libc::dup(2);
            let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
            if saved >= 0 && null >= 0 {
                libc::dup2(null, 2);
                libc::close(null);
                let out = f();
                libc::dup2(saved, 2);
                libc::close(saved);
                return out;
            }
            for fd in [saved, null] {
                if fd >= 0 {
                    libc::close(fd);
                }
            }
        }
    }
    f()
}

/// The device thread's side: the channel, the mixer and a stereo block.
struct Feed {
    rx: Receiver<Message>,
    mixer: Mixer,
    stereo: Vec<f32>,
    channels: usize,
}

impl Feed {
    /// Fills the device's block `out` (`channels` interleaved): what the
    /// game sent first, then the mix, in stereo pieces spread over the
    /// device's channels (left to the first, right to the second, any
    /// others silent; a single channel gets both).
    fn fill(&mut self, out: &mut [f32]) {
        while let Ok(message) = self.rx.try_recv() {
            match message {
                Message::Tick(heard) => self.mixer.hear(&heard),
                Message::Play(voiced) => self.mixer.play(&voiced),
                Message::Levels(levels) => self.mixer.set_levels(levels),
                Message::Score(score) => self.mixer.set_score(&score),
            }
        }
        for piece in out.chunks_mut(self.channels * MOST_FRAMES) {
            let frames = piece.len() / self.channels;
            let stereo = &mut self.stereo[..2 * frames];
            self.mixer.render(stereo);
            for (frame, lr) in piece
                .chunks_exact_mut(self.channels)
                .zip(stereo.chunks_exact(2))
            {
                match frame {
                    [mono] => *mono = 0.5 * (lr[0] + lr[1]),
                    [left, right, rest @ ..] => {
                        (*left, *right) = (lr[0], lr[1]);
                        rest.fill(0.0);
                    }
                    [] => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::{Clip, CLIP_RATE};

    /// A feed of `channels` playing a bank whose every clip is a steady
    /// tone, and the channel to it.
    fn feed(channels: usize) -> (Feed, SyncSender<Message>) {
        let tone: Vec<f32> = (0..CLIP_RATE)
            .map(|i| (i as f32 * 0.05).sin() * 0.5)
            .collect();
        let bank = Bank::from_samples(vec![tone; Clip::COUNT]);
        let (tx, rx) = sync_channel(QUEUE);
        let feed = Feed {
            rx,
            mixer: Mixer::new(Arc::new(bank), 48_000, Levels::default()),
            stereo: vec![0.0; 2 * MOST_FRAMES],
            channels,
        };
        (feed, tx)
    }

    #[test]
    fn the_device_thread_plays_what_the_game_sends_on_every_layout() {
        for channels in [1, 2, 6] {
            let (mut feed, tx) = feed(channels);
            let mut out = vec![0.0f32; channels * (MOST_FRAMES + 100)];
            feed.fill(&mut out);
            assert!(
                out.iter().all(|&x| x == 0.0),
                "silent before anything is sent"
            );
            let click = Voiced::centred(Clip::Click, 1.0, true);
            tx.send(Message::Play(click)).unwrap();
            feed.fill(&mut out);
            let frame = |i: usize| &out[i * channels..(i + 1) * channels];
            assert!((0..200).any(|i| frame(i)[0] != 0.0), "{channels} channels");
            if channels >= 2 {
                assert!((0..200).all(|i| frame(i)[0] == frame(i)[1]), "centred");
                assert!(out
                    .chunks(channels)
                    .all(|f| f[2..].iter().all(|&x| x == 0.0)));
            }
        }
    }

    #[test]
    fn levels_sent_to_the_device_thread_apply() {
        let (mut feed, tx) = feed(2);
        let muted = Levels {
            mute: true,
            ..Levels::default()
        };
        tx.send(Message::Levels(muted)).unwrap();
        tx.send(Message::Play(Voiced::centred(Clip::Click, 1.0, true)))
            .unwrap();
        let mut out = vec![0.0f32; 2 * 512];
        feed.fill(&mut out);
        assert!(out.iter().all(|&x| x == 0.0));
    }
}
