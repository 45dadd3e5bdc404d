//! The shipped music: one track a map, composed here and written as
//! pattern files (`assets/music/NAME.txt`, the format in
//! `src/audio/music.rs`). Run with `cargo run --example gen_music`; the
//! output is committed, so rerun it only after changing this file.
//!
//! Each track is a key and a scale, a tempo, two eight-bar chord
//! progressions (A and B), a theme over each written in scale degrees an
//! eighth note a token, a bass figure, a drum groove and instruments. The
//! arrangement is the same for all: an intro (the groove, the bass and
//! the pad over A's first four bars), A with its theme, B with its
//! theme and a drum fill into the repeat, then A again with the theme
//! doubled a third above; then the track loops to the intro. 28 bars:
//! 46 s at 144 beats a minute, 73 s at 92.
//!
//! Theme tokens: a scale degree (0 the tonic, 7 the octave above, -1 the
//! degree below the tonic), `a/b` two sixteenths, `-` hold, `.` rest.
//! Bass and arpeggio tokens a sixteenth each: `r` the chord's root, `t`
//! its third, `f` its fifth, `o` its octave, `-`, `.`.

use std::error::Error;
use std::fmt::Write as _;
use std::path::Path;

const MINOR: [i32; 7] = [0, 2, 3, 5, 7, 8, 10];
const MAJOR: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];
/// Sixteenth steps in a bar of 4/4.
const BAR: usize = 16;

/// A drum groove: one bar each of kick, snare and hat (`X` accent, `x`,
/// `.`), and the snare's fill for a section's last bar.
struct Groove {
    kick: &'static str,
    snare: &'static str,
    hat: &'static str,
    fill: &'static str,
}

struct Song {
    file: &'static str,
    name: &'static str,
    mood: &'static str,
    tempo: u32,
    /// MIDI number of the tonic in the theme's octave, and the bass's and
    /// the pad's octave shifts from it (semitones).
    tonic: i32,
    bass_shift: i32,
    pad_shift: i32,
    scale: [i32; 7],
    /// Chord roots (scale degrees) a bar.
    prog_a: [i32; 8],
    prog_b: [i32; 8],
    theme_a: &'static str,
    theme_b: &'static str,
    bass: &'static str,
    /// An arpeggio a bar over each chord, if any.
    arp: Option<&'static str>,
    groove: Groove,
    instruments: &'static str,
}

/// The MIDI note of scale degree `d` over `tonic`.
fn note(song: &Song, tonic: i32, d: i32) -> i32 {
    let octave = d.div_euclid(7);
    tonic + 12 * octave + song.scale[d.rem_euclid(7) as usize]
}

/// A MIDI note as a track file writes it.
fn name(midi: i32) -> String {
    const NAMES: [&str; 12] = [
        "C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B",
    ];
    format!("{}{}", NAMES[midi.rem_euclid(12) as usize], midi / 12 - 1)
}

/// A theme's eighth-note tokens as sixteenth steps, `shift` scale degrees
/// up.
fn theme_steps(song: &Song, theme: &str, shift: i32) -> Vec<String> {
    let mut steps = Vec::new();
    for token in theme.split_whitespace().filter(|t| *t != "|") {
        let mut one = |t: &str| match t {
            "-" => steps.push("-".to_string()),
            "." => steps.push(".".to_string()),
            d => {
                let d: i32 = d.parse().expect("a scale degree");
                steps.push(name(note(song, song.tonic, d + shift)));
            }
        };
        match token.split_once('/') {
            Some((a, b)) => {
                one(a);
                one(b);
            }
            None => {
                one(token);
                match token {
                    "." => one("."),
                    _ => one("-"),
                }
            }
        }
    }
    assert_eq!(steps.len(), 8 * BAR, "{}: a theme of eight bars", song.file);
    steps
}

/// A figure of chord tones (`r t f o`) over each bar's chord.
fn figure(song: &Song, figure: &str, prog: &[i32], shift: i32) -> Vec<String> {
    let tokens: Vec<&str> = figure.split_whitespace().collect();
    assert_eq!(tokens.len(), BAR, "{}: a figure of one bar", song.file);
    let mut steps = Vec::new();
    for &root in prog {
        for t in &tokens {
            let d = match *t {
                "r" => root,
                "t" => root + 2,
                "f" => root + 4,
                "o" => root + 7,
                other => {
                    steps.push(other.to_string());
                    continue;
                }
            };
            steps.push(name(note(song, song.tonic + shift, d)));
        }
    }
    steps
}

/// One chord tone (`offset` scale degrees over the root) held a bar.
fn pad(song: &Song, prog: &[i32], offset: i32) -> Vec<String> {
    let mut steps = Vec::new();
    for &root in prog {
        steps.push(name(note(song, song.tonic + song.pad_shift, root + offset)));
        steps.extend((1..BAR - 1).map(|_| "-".to_string()));
        steps.push(".".into());
    }
    steps
}

/// A drum bar repeated over `bars`, with `fill` (if any) as the last.
fn drums(bar: &str, bars: usize, fill: Option<&str>) -> Vec<String> {
    let hits = |b: &str| -> Vec<String> {
        assert_eq!(b.len(), BAR, "a drum bar of sixteen steps: {b}");
        b.chars().map(|c| c.to_string()).collect()
    };
    let mut steps = Vec::new();
    for i in 0..bars {
        match fill {
            Some(f) if i + 1 == bars => steps.extend(hits(f)),
            _ => steps.extend(hits(bar)),
        }
    }
    steps
}

/// A pattern line, a bar line between bars. Every section writes the
/// same lines in the same order (silent ones as rests), so each
/// instrument keeps its voice from section to section.
fn line(out: &mut String, instrument: &str, steps: &[String]) {
    let bars: Vec<String> = steps.chunks(BAR).map(|b| b.join(" ")).collect();
    writeln!(out, "{instrument} = {}", bars.join(" | ")).unwrap();
}

/// A section: `bars` bars over `prog`, with the theme (and its double a
/// third above) if given, and a fill to end on if asked.
fn section(
    out: &mut String,
    song: &Song,
    name: &str,
    prog: &[i32],
    theme: Option<(&str, bool)>,
    fill: bool,
) {
    writeln!(out, "\n[pattern {name}]").unwrap();
    let bars = prog.len();
    let rests = vec![".".to_string(); bars * BAR];
    let (lead, double) = match theme {
        Some((theme, doubled)) => (
            theme_steps(song, theme, 0),
            match doubled {
                true => theme_steps(song, theme, 2),
                false => rests.clone(),
            },
        ),
        None => (rests.clone(), rests),
    };
    line(out, "lead", &lead);
    line(out, "double", &double);
    line(out, "bass", &figure(song, song.bass, prog, song.bass_shift));
    if let Some(arp) = song.arp {
        line(out, "arp", &figure(song, arp, prog, 0));
    }
    for offset in [0, 2, 4] {
        line(out, "pad", &pad(song, prog, offset));
    }
    let g = &song.groove;
    let fill = fill.then_some(g.fill);
    line(out, "kick", &drums(g.kick, bars, None));
    line(out, "snare", &drums(g.snare, bars, fill));
    line(out, "hat", &drums(g.hat, bars, None));
}

/// The whole track file.
fn track(song: &Song) -> String {
    let mut out = String::new();
    writeln!(out, "; {}: {}.", song.name, song.mood).unwrap();
    writeln!(
        out,
        "; Written by examples/gen_music.rs (do not edit: rerun it); the format is"
    )
    .unwrap();
    writeln!(out, "; described in src/audio/music.rs.").unwrap();
    writeln!(out, "name = {}", song.name).unwrap();
    writeln!(out, "tempo = {}", song.tempo).unwrap();
    writeln!(out, "steps = 4").unwrap();
    writeln!(out, "order = intro a b a2").unwrap();
    writeln!(out, "\n[instruments]").unwrap();
    for l in song
        .instruments
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        writeln!(out, "{l}").unwrap();
    }
    section(&mut out, song, "intro", &song.prog_a[..4], None, false);
    section(
        &mut out,
        song,
        "a",
        &song.prog_a,
        Some((song.theme_a, false)),
        false,
    );
    section(
        &mut out,
        song,
        "b",
        &song.prog_b,
        Some((song.theme_b, false)),
        true,
    );
    section(
        &mut out,
        song,
        "a2",
        &song.prog_a,
        Some((song.theme_a, true)),
        false,
    );
    out
}

fn songs() -> Vec<Song> {
    vec![
        Song {
            file: "maze",
            name: "The Wobble Maze",
            mood: "a minor-key march in the manner of the 1992 game's corridors",
            tempo: 120,
            tonic: 69,
            bass_shift: -24,
            pad_shift: -12,
            scale: MINOR,
            prog_a: [0, 0, 5, 6, 0, 3, 4, 4],
            prog_b: [5, 5, 2, 2, 3, 3, 4, 4],
            theme_a: "0 - 2 4 7 - 4 2 | 3 - 2 - 1 - 0 - | 5 - 4 5 7 - 5 4 | 6 - - 4 8 - 6 - | \
                      7 - 6 7 9 - 7 6 | 5 - 3 5 8 - 7 5 | 4 - 6 4 1 - 2 1 | 4 - - - . . 4/3 2/1",
            theme_b: "7 - - 5 9 - 7 - | 8 7 5 - 4 - 5 - | 9 - - 7 11 - 9 - | 9 8 7 - 4 - . . | \
                      5 - 3 - 5 7 8 - | 7 - 5 - 3 - 2 3 | 4 - - 6 8 - 6 4 | 4 - 1 - 4 - 6 -",
            bass: "r - . r . . r - f - . f . . o -",
            arp: None,
            groove: Groove {
                kick: "X.......x.x.....",
                snare: "....X.......X...",
                hat: "x.x.x.x.x.x.x.x.",
                fill: "....X.......XxXX",
            },
            instruments: "
                lead = fm ratio=1 index=2.4 attack=0.015 decay=0.35 sustain=0.55 release=0.12 gain=0.42 pan=-0.15 cutoff=5000
                double = fm ratio=1 index=1.6 attack=0.015 decay=0.35 sustain=0.5 release=0.12 gain=0.26 pan=0.3 cutoff=4000
                bass = pulse width=0.3 attack=0.005 decay=0.25 sustain=0.6 release=0.08 gain=0.5 cutoff=900
                pad = fm ratio=2 index=0.5 attack=0.3 decay=1.0 sustain=0.7 release=0.5 gain=0.1 cutoff=2500
                kick = kick gain=0.75
                snare = snare decay=0.12 gain=0.42 pan=0.1
                hat = hat decay=0.04 gain=0.16 pan=0.25
            ",
        },
        Song {
            file: "first_steps",
            name: "First Steps",
            mood: "an unhurried major-key tune of bells for learning to walk",
            tempo: 100,
            tonic: 72,
            bass_shift: -36,
            pad_shift: -12,
            scale: MAJOR,
            prog_a: [0, 4, 5, 3, 0, 4, 3, 4],
            prog_b: [5, 3, 0, 4, 5, 3, 1, 4],
            theme_a: "4 - 2 - 0 - 2 4 | 6 - 4 - 1 - - - | 5 - 4 - 2 - 0 - | 3 - - - 5 - 3 - | \
                      4 - 2 - 0 - 2 4 | 6 - 7 - 8 - 6 - | 5 - 3 - 7 - 5 - | 4 - - - - - . .",
            theme_b: "9 - 7 - 5 - 7 - | 8 - 7 - 5 - 3 - | 7 - 4 - 2 - 4 - | 6 - - - 4 - . . | \
                      9 - 10 - 9 - 7 - | 8 - 7 - 5 - 3 - | 8 - 5 - 3 - 1 - | 4 - - - 6 - - -",
            bass: "r - - - - - - . f - - - - - - .",
            arp: None,
            groove: Groove {
                kick: "x.......x.......",
                snare: "............x...",
                hat: "..x...x...x...x.",
                fill: "........x...x.xx",
            },
            instruments: "
                lead = fm ratio=3.5 index=1.8 attack=0.002 decay=0.5 sustain=0.15 release=0.4 gain=0.4 pan=-0.1
                double = fm ratio=3.5 index=1.2 attack=0.002 decay=0.5 sustain=0.1 release=0.4 gain=0.22 pan=0.35
                bass = tri attack=0.01 decay=0.6 sustain=0.6 release=0.2 gain=0.55 cutoff=1200
                pad = fm ratio=1 index=0.4 attack=0.5 decay=1.2 sustain=0.7 release=0.7 gain=0.1 cutoff=2000
                kick = kick decay=0.12 gain=0.5
                snare = snare decay=0.1 gain=0.25
                hat = hat decay=0.03 gain=0.1 pan=0.3
            ",
        },
        Song {
            file: "arena",
            name: "Tank Arena",
            mood: "a driving E-minor riff over pounding drums",
            tempo: 144,
            tonic: 64,
            bass_shift: -24,
            pad_shift: -12,
            scale: MINOR,
            prog_a: [0, 0, 5, 6, 0, 0, 3, 6],
            prog_b: [3, 3, 0, 0, 5, 5, 6, 6],
            theme_a: "7 - 7 6 7 - 4 - | 5 - 4 - 3 - 4 - | 5 - 5 4 5 - 2 - | 6 - 5 - 4 - 3 - | \
                      7 - 7 6 7 - 9 - | 8 - 7 - 6 - 4 - | 7 - 5 - 3 - 2 - | 1 - 3 - 6 - - -",
            theme_b: "3 - - 5 7 - - 5 | 10 - 9 - 7 - 5 - | 4 - - 7 11 - - 7 | 9 - 8 - 7 - 4 - | \
                      5 - 7 - 9 - 12 - | 11 - 9 - 7 - 5 - | 6 - 8 - 10 - 13 - | 13 - 12 - 10 - 8 -",
            bass: "r - r - o - r - r - r - o - f -",
            arp: None,
            groove: Groove {
                kick: "X...x...X...x..x",
                snare: "....X.......X...",
                hat: "x.xXx.xXx.xXx.xX",
                fill: "....X...XxXxXXXX",
            },
            instruments: "
                lead = fm ratio=1 index=3.2 attack=0.008 decay=0.25 sustain=0.6 release=0.08 gain=0.4 pan=-0.2 cutoff=6000
                double = saw attack=0.01 decay=0.3 sustain=0.5 release=0.1 gain=0.16 pan=0.3 cutoff=3000
                bass = saw attack=0.003 decay=0.15 sustain=0.5 release=0.05 gain=0.42 cutoff=700
                pad = pulse width=0.4 attack=0.2 decay=0.8 sustain=0.6 release=0.3 gain=0.06 cutoff=1800
                kick = kick gain=0.85
                snare = snare decay=0.14 gain=0.5 pan=0.1
                hat = hat decay=0.035 gain=0.14 pan=0.3
            ",
        },
        Song {
            file: "bunker",
            name: "Bunker",
            mood: "slow and tense, a D-minor bell over a low pulse and dark chords",
            tempo: 92,
            tonic: 62,
            bass_shift: -24,
            pad_shift: -12,
            scale: MINOR,
            prog_a: [0, 0, 5, 5, 3, 3, 4, 4],
            prog_b: [5, 6, 0, 0, 3, 3, 4, 4],
            theme_a: "0 - - - 2 - 1 - | 0 - - - . . . . | 5 - - - 4 - 2 - | 4 - - - . . . . | \
                      7 - - - 6 - 5 - | 3 - - - 5 - 3 - | 4 - - - 6 - 4 - | 1 - - - - - . .",
            theme_b: "7 - 5 - 4 - 5 - | 6 - 4 - 2 - 1 - | 0 - 2 - 4 - 7 - | 9 - - - 7 - - - | \
                      10 - 8 - 7 - 5 - | 7 - 5 - 3 - - - | 4 - 6 - 8 - 6 - | 4 - - - 3/2 1/0 -1 -",
            bass: "r - - - - - - - - - . . r - f -",
            arp: None,
            groove: Groove {
                kick: "X.........x.....",
                snare: "........x.......",
                hat: "....x.......x...",
                fill: "........x...x.xX",
            },
            instruments: "
                lead = fm ratio=3.5 index=2.6 attack=0.003 decay=0.8 sustain=0.1 release=0.6 gain=0.38 pan=0.15
                double = fm ratio=2 index=1.2 attack=0.01 decay=0.8 sustain=0.2 release=0.5 gain=0.2 pan=-0.3
                bass = pulse width=0.2 attack=0.01 decay=0.5 sustain=0.7 release=0.2 gain=0.5 cutoff=600
                pad = fm ratio=1 index=0.8 attack=0.8 decay=2.0 sustain=0.8 release=1.0 gain=0.12 cutoff=1500
                kick = kick decay=0.25 gain=0.7
                snare = snare decay=0.2 gain=0.3 pan=-0.1
                hat = hat decay=0.06 gain=0.12 pan=0.2
            ",
        },
        Song {
            file: "hangar",
            name: "Sky Hangar",
            mood: "airy and open, a D-major flute over a rippling arpeggio",
            tempo: 108,
            tonic: 74,
            bass_shift: -36,
            pad_shift: -24,
            scale: MAJOR,
            prog_a: [0, 3, 5, 4, 0, 3, 1, 4],
            prog_b: [3, 4, 5, 5, 3, 4, 0, 0],
            theme_a: "4 - - - 2 - - - | 3 - - - 0 - 1 - | 2 - - - 4 - 5 - | 4 - - - - - - - | \
                      7 - - - 6 - 4 - | 5 - - - 3 - 4 - | 1 - - - 4 - 3 - | 1 - - - - - . .",
            theme_b: "7 - - - 5 - 3 - | 6 - - - 4 - 1 - | 5 - - - 7 - 9 - | 8 - - - - - 7 - | \
                      3 - - - 5 - 7 - | 8 - - - 6 - 4 - | 7 - - - 9 - 11 - | 7 - - - - - . .",
            bass: "r - - - - - - - f - - - - - - .",
            arp: Some("r t f o f t r t f o f t r t f t"),
            groove: Groove {
                kick: "x.........x.....",
                snare: "................",
                hat: "..x...x...x...x.",
                fill: "..........x.x.xx",
            },
            instruments: "
                lead = tri attack=0.06 decay=0.6 sustain=0.7 release=0.35 gain=0.42 pan=-0.1 cutoff=3500
                double = tri attack=0.06 decay=0.6 sustain=0.6 release=0.35 gain=0.25 pan=0.35 cutoff=3000
                bass = fm ratio=1 index=0.7 attack=0.02 decay=0.8 sustain=0.6 release=0.3 gain=0.5 cutoff=900
                arp = pulse width=0.25 attack=0.003 decay=0.12 sustain=0.0 release=0.1 gain=0.12 pan=0.4 cutoff=3000
                pad = fm ratio=2 index=0.4 attack=0.7 decay=1.5 sustain=0.8 release=1.0 gain=0.1 cutoff=2200
                kick = kick decay=0.15 gain=0.5
                snare = snare decay=0.1 gain=0.25
                hat = hat decay=0.03 gain=0.09 pan=-0.3
            ",
        },
        Song {
            file: "course",
            name: "Feel-Test Course",
            mood: "a light G-major groove for laps of the course",
            tempo: 116,
            tonic: 67,
            bass_shift: -24,
            pad_shift: -12,
            scale: MAJOR,
            prog_a: [0, 5, 3, 4, 0, 5, 3, 4],
            prog_b: [3, 4, 2, 5, 3, 4, 0, 0],
            theme_a: "0 - 2 - 4 - 2 - | 5 - 4 - 2 - . . | 3 - 5 - 7 - 5 - | 4 - - - 1 - - - | \
                      0 - 2 - 4 - 7 - | 9 - 7 - 5 - 4 - | 3 - 2 - 3 - 5 - | 4 - - - - - . .",
            theme_b: "7 - - 5 3 - 5 - | 8 - - 6 4 - 6 - | 9 - - 7 6 - 4 - | 5 - - - 7 - 9 - | \
                      10 - 9 - 7 - 5 - | 8 - 6 - 4 - 1 - | 7 - 4 - 2 - 4 - | 0 - - - - - . .",
            bass: "r - . r . . f - r - . o . f r -",
            arp: None,
            groove: Groove {
                kick: "X..x..x.X.......",
                snare: "....X.......X..x",
                hat: "x.xxx.xxx.xxx.xx",
                fill: "....X.......XxXX",
            },
            instruments: "
                lead = pulse width=0.35 attack=0.01 decay=0.3 sustain=0.5 release=0.15 gain=0.3 pan=-0.15 cutoff=3500
                double = fm ratio=2 index=1.0 attack=0.01 decay=0.3 sustain=0.4 release=0.15 gain=0.2 pan=0.3 cutoff=3000
                bass = fm ratio=0.5 index=1.5 attack=0.005 decay=0.3 sustain=0.5 release=0.08 gain=0.5 cutoff=1000
                pad = fm ratio=1 index=0.5 attack=0.4 decay=1.0 sustain=0.7 release=0.5 gain=0.08 cutoff=2000
                kick = kick gain=0.7
                snare = snare decay=0.1 gain=0.35
                hat = hat decay=0.03 gain=0.12 pan=0.3
            ",
        },
    ]
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/music");
    std::fs::create_dir_all(&dir)?;
    for song in songs() {
        let text = track(&song);
        let path = dir.join(format!("{}.txt", song.file));
        // The game's own parser checks what it will read.
        let parsed = wobblecaster::audio::music::parse_track(&path, &text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        std::fs::write(&path, &text)?;
        println!(
            "wrote {} ({:.1} s a loop)",
            path.display(),
            parsed.seconds()
        );
    }
    Ok(())
}
