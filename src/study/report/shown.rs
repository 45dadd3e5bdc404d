//! What each participant was shown and which program showed it, as their
//! folder records it: `session.toml`'s program keys and its last
//! `[[display]]` table, and each condition's frame times (the `--pacing`
//! CSV beside its recording). Sessions from before these were recorded
//! read as "not recorded"; a file here that does not read as written is a
//! note, not a failure (of it only the stated screen's angle enters the
//! analysis, as the predictions' view). The report
//! writes `display.csv` and `frame_times.csv` from it and a section of
//! `report.md`, with the optic-flow metrics also in degrees at the eye
//! where the screen's size and distance were stated.

use super::display::Display;
use super::participant::Participant;
use super::summary::Observation;
use super::text::num;
use super::Study;
use crate::files::{self, cap};
use std::fmt::Write as _;
use std::path::Path;

/// The header of `display.csv`.
pub(super) const DISPLAY_HEADER: &str = "participant,simulated,program_version,program_commit,\
     program_sha256,os,adapter,resolution,render_size,fullscreen,refresh_hz,present_mode,\
     screen_diagonal_in,viewing_distance_cm,screen_angle_deg";

/// The header of `frame_times.csv`.
pub(super) const FRAME_TIMES_HEADER: &str =
    "participant,condition,label,frames,median_ms,p99_ms,dropped";

/// A frame longer than this many refresh periods is counted dropped: at
/// least one refresh came and went with no new frame.
pub(super) const DROPPED_PERIODS: f64 = 1.5;

/// The refresh rate assumed where none was recorded, Hz.
const DEFAULT_REFRESH_HZ: f64 = 60.0;

/// What one participant's folder says was shown and ran.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Shown {
    /// The participant's ID.
    pub participant: String,
    /// `session.toml`'s program keys: version, commit, binary SHA-256, OS.
    pub program: [Option<String>; 4],
    /// The last `[[display]]` table (the window the session ended in).
    pub display: Option<Display>,
    /// Each condition's frame times, in the order played.
    pub frames: Vec<FrameTimes>,
}

/// One condition's frame times.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct FrameTimes {
    pub condition: String,
    pub label: String,
    /// Frame times measured (present to present).
    pub frames: usize,
    pub median_ms: f64,
    pub p99_ms: f64,
    /// Frames longer than [`DROPPED_PERIODS`] refresh periods.
    pub dropped: usize,
}

/// What every participant's folder says, and notes on files that did not
/// read.
pub(super) fn read(participants: &[Participant]) -> (Vec<Shown>, Vec<String>) {
    let mut notes = Vec::new();
    let shown = participants
        .iter()
        .map(|p| read_one(p, &mut notes))
        .collect();
    (shown, notes)
}

fn read_one(p: &Participant, notes: &mut Vec<String>) -> Shown {
    let mut shown = Shown {
        participant: p.id().to_string(),
        ..Shown::default()
    };
    // Read with the rest of session.toml ([`super::session_file`]).
    shown.program = p.session.setup.program.clone();
    shown.display = p.session.setup.display.clone();
    let refresh = shown
        .display
        .as_ref()
        .and_then(|d| d.refresh_hz)
        .filter(|hz| (1.0..=1000.0).contains(hz))
        .unwrap_or(DEFAULT_REFRESH_HZ);
    for c in &p.played {
        let Some(recording) = &c.recording else {
            continue;
        };
        let path = recording.with_extension("pacing.csv");
        if path.symlink_metadata().is_err() {
            continue;
        }
        match frame_times(&path, refresh) {
            Ok(Some((frames, median_ms, p99_ms, dropped))) => shown.frames.push(FrameTimes {
                condition: c.condition.clone(),
                label: c.label.clone(),
                frames,
                median_ms,
                p99_ms,
                dropped,
            }),
            Ok(None) => {}
            Err(why) => notes.push(format!("{}: {why}", shown_name(p, &path))),
        }
    }
    shown
}

/// `ID/FILE`: a file named without the folder it lies in.
fn shown_name(p: &Participant, path: &Path) -> String {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    format!("{}/{file}", p.id())
}

/// The frames, median and 99th percentile frame time (ms) and the frames
/// dropped at `refresh_hz` of the `--pacing` CSV at `path`; None if it
/// holds no frame time.
fn frame_times(path: &Path, refresh_hz: f64) -> Result<Option<(usize, f64, f64, usize)>, String> {
    let text =
        files::read_text(path, "frame times", cap::STUDY_TABLE).map_err(|e| e.to_string())?;
    let mut lines = text.lines();
    let header = crate::render::pacing::CSV_HEADER;
    if lines.next() != Some(header) {
        return Err(format!("line 1 is not `{header}`"));
    }
    let mut times = Vec::new();
    for (i, line) in lines.enumerate() {
        let field = line.split(',').nth(2);
        match field.map(str::parse::<f64>) {
            Some(Ok(ms)) if ms.is_finite() && ms >= 0.0 => times.push(ms),
            // The first frame has no time before it.
            Some(Err(_)) if field == Some("") => {}
            _ => return Err(format!("line {}: no frame_ms", i + 2)),
        }
    }
    if times.is_empty() {
        return Ok(None);
    }
    times.sort_by(f64::total_cmp);
    let q = |p| crate::quantile::quantile_of_sorted_by(times.len(), p, |i| times[i]);
    let period_ms = 1000.0 / refresh_hz;
    let dropped = times
        .iter()
        .filter(|&&t| t > DROPPED_PERIODS * period_ms)
        .count();
    Ok(Some((times.len(), q(0.5), q(0.99), dropped)))
}

/// `display.csv`: a row per participant.
pub(super) fn display_csv(shown: &[Shown]) -> String {
    let mut out = format!("{DISPLAY_HEADER}\n");
    for s in shown {
        let d = s.display.clone().unwrap_or_default();
        let text = |v: &Option<String>| csv(v.as_deref().unwrap_or(""));
        let n = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v}"));
        let size = |v: Option<(u32, u32)>| v.map_or(String::new(), |(w, h)| format!("{w}x{h}"));
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            s.participant,
            d.simulated,
            text(&s.program[0]),
            text(&s.program[1]),
            text(&s.program[2]),
            text(&s.program[3]),
            text(&d.adapter),
            size(d.resolution),
            size(d.render_size),
            d.fullscreen.map_or(String::new(), |f| f.to_string()),
            n(d.refresh_hz),
            text(&d.present_mode),
            n(d.screen_diagonal_in),
            n(d.viewing_distance_cm),
            d.angle_deg().map_or(String::new(), |a| format!("{a:.3}")),
        );
    }
    out
}

/// `frame_times.csv`: a row per participant and condition with frame
/// times.
pub(super) fn frame_times_csv(shown: &[Shown]) -> String {
    let mut out = format!("{FRAME_TIMES_HEADER}\n");
    for s in shown {
        for f in &s.frames {
            let _ = writeln!(
                out,
                "{},{},{},{},{:.3},{:.3},{}",
                s.participant, f.condition, f.label, f.frames, f.median_ms, f.p99_ms, f.dropped
            );
        }
    }
    out
}

fn csv(field: &str) -> String {
    crate::study::results::csv_field(field)
}

/// The report's section on what was shown and what ran.
pub(super) fn section(md: &mut String, s: &Study, shown: &[Shown]) {
    md.push_str("## What was shown and what ran\n\n");
    md.push_str(
        "Each participant's program and display as their `session.toml` records them \
         (`display.csv` has every field); the screen's angle at the eye is its width's, \
         2 atan(w / 2d), from the stated diagonal and viewing distance and the window's \
         aspect.\n\n",
    );
    md.push_str(
        "| participant | program | OS | adapter | window | refresh | present | screen | angle at the eye |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for sh in shown {
        let d = sh.display.clone().unwrap_or_default();
        let none = || "not recorded".to_string();
        let program = match (&sh.program[0], &sh.program[1]) {
            (Some(v), Some(c)) => format!("{v} ({})", c.get(..12).unwrap_or(c)),
            (Some(v), None) => v.clone(),
            _ => none(),
        };
        let window = match (d.resolution, d.fullscreen) {
            (Some((w, h)), Some(full)) => {
                format!("{w}x{h}{}", if full { " fullscreen" } else { "" })
            }
            _ => none(),
        };
        let screen = match (d.screen_diagonal_in, d.viewing_distance_cm) {
            (Some(i), Some(cm)) => format!("{} in at {} cm", num(i), num(cm)),
            _ => "not stated".into(),
        };
        let simulated = if d.simulated { " (simulated)" } else { "" };
        let _ = writeln!(
            md,
            "| {}{simulated} | {program} | {} | {} | {window} | {} | {} | {screen} | {} |",
            sh.participant,
            sh.program[3].clone().unwrap_or_else(none),
            d.adapter.clone().unwrap_or_else(none),
            d.refresh_hz.map_or(none(), |hz| format!("{} Hz", num(hz))),
            d.present_mode.clone().unwrap_or_else(none),
            d.angle_deg()
                .map_or("-".into(), |a| format!("{} deg", num(a))),
        );
    }
    md.push('\n');
    frames_table(md, shown);
    flow_at_eye(md, s, shown);
}

fn frames_table(md: &mut String, shown: &[Shown]) {
    let any = shown.iter().any(|s| !s.frames.is_empty());
    if !any {
        md.push_str(
            "No frame times: no condition was shown in a window (a simulated session has \
             none).\n\n",
        );
        return;
    }
    let _ = writeln!(
        md,
        "Frame times in each condition (present to present, from the frame-time file beside \
         each recording; `frame_times.csv`): a frame is counted dropped when it took more than \
         {DROPPED_PERIODS} refresh periods.\n"
    );
    md.push_str("| participant | condition | frames | median ms | 99th percentile ms | dropped |\n|---|---|---|---|---|---|\n");
    for s in shown {
        for f in &s.frames {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} |",
                s.participant,
                f.condition,
                f.frames,
                num(f.median_ms),
                num(f.p99_ms),
                f.dropped
            );
        }
    }
    md.push('\n');
}

/// The optic-flow metrics in degrees at the eye: each participant's
/// values scaled by their screen's angle over the condition's rendered
/// field of view (the rendered view fills the screen's width).
fn flow_at_eye(md: &mut String, s: &Study, shown: &[Shown]) {
    let flows: Vec<usize> = (0..s.metrics.len())
        .filter(|&i| s.metrics[i].name.contains("flow") && s.metrics[i].unit == "deg/s")
        .collect();
    let scale = |o: &Observation| -> Option<f64> {
        let sh = shown.iter().find(|x| x.participant == o.participant)?;
        let angle = sh.display.as_ref()?.angle_deg()?;
        let p = s.participants.iter().find(|p| p.id() == o.participant)?;
        let fov = p
            .session
            .protocol
            .conditions
            .iter()
            .find(|c| c.name == o.condition)?
            .fov_deg;
        Some(angle / fov)
    };
    let known: Vec<(&Observation, f64)> = s
        .observations
        .iter()
        .filter_map(|o| scale(o).map(|k| (o, k)))
        .collect();
    if flows.is_empty() || known.is_empty() {
        md.push_str(
            "The optic-flow metrics are in degrees of the rendered view only: no participant's \
             screen size and viewing distance were stated (`--screen-diagonal-in`, \
             `--viewing-distance-cm`).\n\n",
        );
        return;
    }
    md.push_str(
        "The optic-flow metrics in degrees at the eye: each value times the screen's angle \
         at the eye over the condition's rendered field of view (a 90 degree view on a screen \
         that fills 40 degrees moves 40/90 as fast at the eye); medians over the participants \
         whose screen was stated.\n\n| condition | metric | rendered deg/s | at the eye deg/s | n |\n|---|---|---|---|---|\n",
    );
    for c in &s.conditions {
        for &m in &flows {
            let pairs: Vec<(f64, f64)> = known
                .iter()
                .filter(|(o, _)| &o.condition == c)
                .filter_map(|(o, k)| o.metrics.get(m).copied().flatten().map(|v| (v, v * k)))
                .collect();
            if pairs.is_empty() {
                continue;
            }
            let median = |mut v: Vec<f64>| {
                v.sort_by(f64::total_cmp);
                crate::quantile::quantile_of_sorted_by(v.len(), 0.5, |i| v[i])
            };
            let _ = writeln!(
                md,
                "| {c} | `{}` | {} | {} | {} |",
                s.metrics[m].name,
                num(median(pairs.iter().map(|p| p.0).collect())),
                num(median(pairs.iter().map(|p| p.1).collect())),
                pairs.len()
            );
        }
    }
    md.push('\n');
}
