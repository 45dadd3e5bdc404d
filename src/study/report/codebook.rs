//! `codebook.json`: every column of every CSV file the report writes and
//! of the participants' results folders, each with its type, unit, levels
//! and meaning. The files' columns are taken from the headers the program
//! writes (and the metrics' own names, units and meanings), and each is
//! looked up in [`DEFINITIONS`]: a column added to a file without a line
//! here is written as undescribed, and the codebook's test fails.

use super::Study;
use crate::study::results::{self, EVENT_NAMES};
use crate::study::rscript;
use std::fmt::Write as _;

/// The codebook's file name in the report.
pub(super) const FILE: &str = "codebook.json";

/// The meaning written for a column with no definition.
pub(super) const UNDESCRIBED: &str = "UNDESCRIBED";

/// A column's definition: the files it has this meaning in (`*` for any
/// file that has a column of this name and no definition of its own),
/// its name, type, unit, levels and meaning.
struct Definition {
    files: &'static [&'static str],
    name: &'static str,
    kind: &'static str,
    unit: &'static str,
    levels: &'static [&'static str],
    meaning: &'static str,
}

const ANY: &[&str] = &["*"];
const SSQ_FILES: &[&str] = &["ssq.csv", "ssq-items.csv", "ssq_long.csv"];

macro_rules! d {
    ($files:expr, $name:literal, $kind:literal, $unit:literal, $levels:expr, $meaning:literal) => {
        Definition {
            files: $files,
            name: $name,
            kind: $kind,
            unit: $unit,
            levels: $levels,
            meaning: $meaning,
        }
    };
}

/// Every column's definition.
#[rustfmt::skip]
const DEFINITIONS: &[Definition] = &[
    d!(ANY, "participant", "string", "", &[], "The participant's ID (their folder's name)"),
    d!(ANY, "condition", "string", "", &[], "The condition's name in the protocol (empty for the baseline SSQ)"),
    d!(ANY, "label", "string", "", &[], "The letter the participant saw for the condition: A is the first played"),
    d!(ANY, "position", "integer", "", &[], "The condition's place in the order played, from 1"),
    d!(ANY, "site", "string", "", &[], "The site (lab or computer) of the session; empty when not named"),
    d!(ANY, "sequence", "integer", "", &[], "The participant's number: their row of the Williams Latin square"),
    d!(ANY, "started_utc", "utc", "", &[], "When the condition started, UTC"),
    d!(ANY, "duration_s", "number", "s", &[], "Seconds of play in the condition"),
    d!(ANY, "ended_early", "boolean", "", &["true", "false"], "The condition ended before its full exposure"),
    d!(ANY, "recording", "string", "", &[], "The condition's recording, a file in the participant's folder"),
    d!(ANY, "end_reason", "category", "", &["completed", "stop_rule", "participant", "interrupted"], "Why play ended: the whole exposure, the protocol's stop rule, the participant's stop key, or a session killed in play"),
    d!(&["conditions.csv"], "time_s", "number", "s", &[], "Seconds from the condition's start to its end: the time to event of the survival analysis"),
    d!(ANY, "recording_sha256", "string", "", &[], "The SHA-256 of the recording played"),
    d!(ANY, "map", "string", "", &[], "The map the recording was played on"),
    d!(ANY, "settings_sha256", "string", "", &[], "The SHA-256 of the recording's settings"),
    d!(&["ratings.csv", "ratings_long.csv"], "t_s", "number", "s", &[], "Seconds into the condition when the in-play prompt was shown"),
    d!(ANY, "scale", "category", "", &["fms", "misc"], "The in-play scale: the Fast Motion sickness Scale (0-20) or the MIsery SCale (0-10)"),
    d!(&["ratings.csv", "ratings_long.csv"], "rating", "integer", "scale points", &[], "The in-play rating on the scale; empty when the prompt went unanswered"),
    d!(ANY, "latency_s", "number", "s", &[], "Seconds from the in-play prompt's showing to its answer; empty when unanswered"),
    d!(ANY, "previous_condition", "string", "", &[], "The condition played just before (none before the first)"),
    d!(SSQ_FILES, "when", "category", "", &["baseline", "pre", "post"], "The SSQ before the first condition (baseline), right before the condition named where the protocol asks it then (pre: ssq_before_each, or a later visit's first condition), or after it (post)"),
    d!(&["ratings_long.csv"], "predicted_msi", "number", "%", &[], "The SVC model's predicted motion sickness incidence at the prompt, from the condition's recording under the visual pathway at its default weights, seen across the angle the participant's screen fills at the eye where stated (else the game's field of view): a stated hypothesis, not a measurement; empty with no recording"),
    d!(&["consent.csv"], "consent", "category", "", &["given", "refused"], "The consent screen's answer"),
    d!(&["consent.csv"], "utc", "utc", "", &[], "When consent was answered, UTC"),
    d!(&["demographics.csv"], "item", "string", "", &[], "The demographic item's id: the standard set (age, gender, gaming hours, 3D or VR experience, corrected vision, migraine) and the protocol's own"),
    d!(&["demographics.csv"], "answer", "string", "", &[], "The answer as given: a number or the chosen option's words"),
    d!(&["rests.csv"], "kind", "category", "", &["baseline", "rating", "fms_back", "timer"], "The visit's baseline FMS before the condition named, an FMS asked during the rest before it, or how that rest ended (the FMS back near the baseline, or its timer)"),
    d!(&["rests.csv"], "t_s", "number", "s", &[], "Seconds into the rest: when the FMS was asked (0 for the baseline), or when the rest ended"),
    d!(&["rests.csv"], "fms", "integer", "FMS points", &[], "The FMS answer outside play; empty when the rest ended unanswered"),
    d!(&["ssq-items.csv"], "item", "integer", "", &[], "The SSQ item, 1 to 16 in Kennedy et al.'s (1993) order"),
    d!(&["ssq-items.csv"], "rating", "integer", "", &["0", "1", "2", "3"], "The item's answer: none, slight, moderate, severe"),
    d!(ANY, "nausea", "number", "SSQ points", &[], "The SSQ's nausea subscale score (Kennedy et al. 1993)"),
    d!(ANY, "oculomotor", "number", "SSQ points", &[], "The SSQ's oculomotor subscale score"),
    d!(ANY, "disorientation", "number", "SSQ points", &[], "The SSQ's disorientation subscale score"),
    d!(ANY, "total", "number", "SSQ points", &[], "The SSQ's total score, 0 to 235.62"),
    d!(&["ssq_long.csv"], "subscale", "category", "", &["nausea", "oculomotor", "disorientation", "total"], "The SSQ score the row holds"),
    d!(&["ssq_long.csv"], "score", "number", "SSQ points", &[], "The subscale's score"),
    d!(&["mssq-items.csv"], "section", "category", "", &["child", "adult"], "The MSSQ-short's section: before age 12, or the last ten years"),
    d!(&["mssq-items.csv"], "item", "integer", "", &[], "The kind of travel, from 1 (the MSSQ-short's order)"),
    d!(&["mssq-items.csv"], "answer", "category", "", &["0", "1", "2", "3", "na"], "How often sick: never, rarely, sometimes, frequently; na never travelled that way"),
    d!(&["mssq.csv"], "child", "number", "MSSQ points", &[], "The childhood section's score; empty where no kind was travelled"),
    d!(&["mssq.csv"], "adult", "number", "MSSQ points", &[], "The last ten years' section's score; empty where no kind was travelled"),
    d!(&["mssq.csv"], "raw", "number", "MSSQ points", &[], "The MSSQ-short's raw score, 0 to 54"),
    d!(&["mssq.csv"], "child_not_travelled", "integer", "", &[], "Kinds of travel never taken as a child"),
    d!(&["mssq.csv"], "adult_not_travelled", "integer", "", &[], "Kinds of travel never taken in the last ten years"),
    d!(ANY, "question", "string", "", &[], "The custom question's id, or rank for the preference ranking"),
    d!(ANY, "answer", "integer", "", &[], "The answer: 1 to 7 on a custom question, or 0 to 100 on a slider; the place (1 best) in the ranking"),
    d!(&["events.csv"], "utc", "utc", "", &[], "When the event was written, UTC to the millisecond"),
    d!(&["events.csv"], "t_s", "number", "s", &[], "Seconds on the session's clock since this run of the session began (its session_start or session_resume row)"),
    d!(&["events.csv"], "lsl_time", "number", "s", &[], "Lab Streaming Layer's local_clock when the event's marker was pushed; empty without --lsl"),
    d!(&["events.csv"], "event", "category", "", &[], "What happened; the levels and what each one's detail holds are listed under events"),
    d!(&["events.csv"], "detail", "string", "", &[], "The event's words and numbers, space-separated"),
    d!(&["pacing.csv"], "frame", "integer", "", &[], "Frames presented before this one in the window"),
    d!(&["pacing.csv"], "present_ms", "number", "ms", &[], "When the frame was presented, after the window's first present"),
    d!(&["pacing.csv"], "frame_ms", "number", "ms", &[], "Time since the present before (empty for the first)"),
    d!(&["pacing.csv"], "input_to_present_ms", "number", "ms", &[], "From the first input the frame used to its present; empty when none came"),
    d!(&["summary.csv"], "fms_max", "integer", "FMS points", &[], "The highest FMS rating in the condition"),
    d!(&["summary.csv"], "fms_mean", "number", "FMS points", &[], "The mean FMS rating in the condition"),
    d!(&["summary.csv"], "fms_last", "integer", "FMS points", &[], "The last FMS rating in the condition"),
    d!(&["summary.csv"], "misc_max", "integer", "MISC points", &[], "The highest MISC rating in the condition"),
    d!(&["summary.csv"], "misc_mean", "number", "MISC points", &[], "The mean MISC rating in the condition"),
    d!(&["summary.csv"], "misc_last", "integer", "MISC points", &[], "The last MISC rating in the condition"),
    d!(&["summary.csv"], "ssq_baseline_total", "number", "SSQ points", &[], "The SSQ total right before the condition where it was asked then (ssq_before_each, or a later visit's first condition), else before the first condition"),
    d!(&["summary.csv"], "ssq_post_total", "number", "SSQ points", &[], "The SSQ total after the condition"),
    d!(&["summary.csv"], "ssq_delta", "number", "SSQ points", &[], "The SSQ total after the condition minus ssq_baseline_total (the SSQ right before the condition where asked, else before the first)"),
    d!(&["stops.csv"], "time_s", "number", "s", &[], "Seconds from the condition's start to its end"),
    d!(&["stops.csv"], "event", "category", "", &["1", "0"], "1 for a stop (the survival analysis' event), 0 for a censored time"),
    d!(&["stops.csv"], "reason", "category", "", &["completed", "stop_rule", "participant", "interrupted"], "Why play ended"),
    d!(ANY, "simulated", "boolean", "", &["true", "false"], "A simulated participant's (study run --simulate), not a person's"),
    d!(&["participants.csv"], "mssq_raw", "number", "MSSQ points", &[], "The MSSQ-short's raw score, 0 to 54; empty when not asked or not scorable"),
    d!(&["participants.csv"], "sessions_resumed", "integer", "", &[], "How many times the session was resumed"),
    d!(ANY, "model", "string", "", &[], "The model's name (M0, M1, ... as report.md names them; cox for the Cox model)"),
    d!(ANY, "term", "string", "", &[], "The model's term: a fixed effect, or a variance"),
    d!(ANY, "estimate", "number", "", &[], "The term's estimate, in the model's units (rating points; log hazard ratio for cox)"),
    d!(ANY, "se", "number", "", &[], "The estimate's standard error"),
    d!(ANY, "ci_low", "number", "", &[], "The 95% interval's lower end"),
    d!(ANY, "ci_high", "number", "", &[], "The 95% interval's upper end"),
    d!(ANY, "test", "string", "", &[], "The test's name (likelihood-ratio, log-rank, Cox)"),
    d!(ANY, "statistic", "number", "", &[], "The test's statistic (chi-square)"),
    d!(ANY, "df", "integer", "", &[], "The statistic's degrees of freedom"),
    d!(ANY, "p", "number", "", &[], "The test's p-value"),
    d!(&["survival.csv", "r-survival.csv"], "time_s", "number", "s", &[], "The time of a step of the Kaplan-Meier curve"),
    d!(ANY, "at_risk", "integer", "", &[], "Participants still playing just before the time"),
    d!(ANY, "events", "integer", "", &[], "Stops at the time"),
    d!(ANY, "survival", "number", "share", &[], "The share still playing after the time (Kaplan-Meier)"),
    d!(&["display.csv"], "program_version", "string", "", &[], "The program's version"),
    d!(&["display.csv"], "program_commit", "string", "", &[], "The git commit the program was built from (unknown outside a checkout)"),
    d!(&["display.csv"], "program_sha256", "string", "", &[], "The SHA-256 of the program's binary"),
    d!(&["display.csv"], "os", "string", "", &[], "The operating system and its kernel"),
    d!(&["display.csv"], "adapter", "string", "", &[], "The graphics adapter that drew (none (headless) when simulated)"),
    d!(&["display.csv"], "resolution", "string", "pixels", &[], "The window's inner size, WxH"),
    d!(&["display.csv"], "render_size", "string", "pixels", &[], "The size the picture was rendered at, WxH"),
    d!(&["display.csv"], "fullscreen", "boolean", "", &["true", "false"], "The window filled the screen"),
    d!(&["display.csv"], "refresh_hz", "number", "Hz", &[], "The monitor's refresh rate"),
    d!(&["display.csv"], "present_mode", "category", "", &["vsync", "mailbox", "immediate"], "How frames reached the display"),
    d!(&["display.csv"], "screen_diagonal_in", "number", "inches", &[], "The screen's visible diagonal, as stated; empty when not"),
    d!(&["display.csv"], "viewing_distance_cm", "number", "cm", &[], "The eye's distance from the screen, as stated; empty when not"),
    d!(&["display.csv"], "screen_angle_deg", "number", "degrees", &[], "The angle the screen's width fills at the eye, 2 atan(w/2d)"),
    d!(&["frame_times.csv"], "frames", "integer", "", &[], "Frame times measured in the condition"),
    d!(&["frame_times.csv"], "median_ms", "number", "ms", &[], "The median frame time (present to present)"),
    d!(&["frame_times.csv"], "p99_ms", "number", "ms", &[], "The 99th percentile frame time (R's type 7)"),
    d!(&["frame_times.csv"], "dropped", "integer", "", &[], "Frames longer than 1.5 refresh periods"),
];

/// The definition of column `name` in the file `file` (`pacing.csv`
/// stands for every condition's frame times).
fn definition(file: &str, name: &str) -> Option<&'static Definition> {
    let ssq_item = name
        .strip_prefix('q')
        .and_then(|n| n.parse::<usize>().ok())
        .is_some_and(|n| (1..=crate::study::ssq::ITEMS.len()).contains(&n));
    if file == "ssq.csv" && ssq_item {
        return Some(&SSQ_ITEM);
    }
    let own = DEFINITIONS
        .iter()
        .find(|d| d.name == name && d.files.contains(&file));
    own.or_else(|| {
        DEFINITIONS
            .iter()
            .find(|d| d.name == name && d.files == ANY)
    })
}

/// `q1` to `q16` of `ssq.csv`.
const SSQ_ITEM: Definition = d!(
    ANY,
    "qN",
    "integer",
    "",
    &["0", "1", "2", "3"],
    "SSQ item N's answer (Kennedy et al.'s order): none, slight, moderate, severe"
);

/// Every file the codebook covers: where it is, its name and its header.
pub(super) fn files(study: &Study) -> Vec<(&'static str, String, String)> {
    let report = |name: &str, header: &str| ("report", name.to_string(), header.to_string());
    let results = |name: &str, header: &str| ("results", name.to_string(), header.to_string());
    let metric_names: Vec<&str> = study.metrics.iter().map(|m| m.name).collect();
    let mut summary = super::summary::columns(study.scale);
    summary.extend(metric_names.iter().map(|m| m.to_string()));
    let mut all = vec![report("summary.csv", &summary.join(","))];
    all.extend(super::long::FILES.iter().map(|(n, h)| report(n, h)));
    for (file, r_file, header) in [
        (
            rscript::MODEL_FILE,
            rscript::R_MODEL_FILE,
            rscript::MODEL_HEADER,
        ),
        (
            rscript::TESTS_FILE,
            rscript::R_TESTS_FILE,
            rscript::TESTS_HEADER,
        ),
        (
            rscript::SURVIVAL_FILE,
            rscript::R_SURVIVAL_FILE,
            rscript::SURVIVAL_HEADER,
        ),
    ] {
        all.push(report(file, header));
        all.push(report(r_file, header));
    }
    all.push(report("events.csv", results::EVENTS_HEADER));
    all.push(report("display.csv", super::shown::DISPLAY_HEADER));
    all.push(report("frame_times.csv", super::shown::FRAME_TIMES_HEADER));
    all.extend([
        results("conditions.csv", results::CONDITIONS_HEADER),
        results("ratings.csv", results::RATINGS_HEADER),
        results("ssq.csv", &results::ssq_header()),
        results("ssq-items.csv", results::SSQ_ITEMS_HEADER),
        results("mssq-items.csv", results::MSSQ_ITEMS_HEADER),
        results("mssq.csv", results::MSSQ_HEADER),
        results("answers.csv", results::ANSWERS_HEADER),
        results("events.csv", results::EVENTS_HEADER),
        results("consent.csv", results::CONSENT_HEADER),
        results("demographics.csv", results::DEMOGRAPHICS_HEADER),
        results("rests.csv", results::RESTS_HEADER),
        results("pacing.csv", crate::render::pacing::CSV_HEADER),
    ]);
    all
}

/// The codebook's JSON for `study`.
pub(super) fn json(study: &Study) -> String {
    let metric = |name: &str| study.metrics.iter().find(|m| m.name == name);
    let mut out = String::from("{\n");
    let _ = writeln!(
        out,
        "  \"about\": {},",
        quote(
            "Every column of every CSV file of a wobblecaster study report (where: report) and \
             of the participants' results folders (where: results; pacing.csv stands for each \
             condition's N-CONDITION.pacing.csv). type is string, integer, number, boolean, \
             category or utc (ISO 8601); an empty field is a missing value."
        )
    );
    out.push_str("  \"events\": {\n");
    let events: Vec<String> = EVENT_NAMES
        .iter()
        .map(|(e, detail)| format!("    {}: {}", quote(e), quote(detail)))
        .collect();
    let _ = writeln!(out, "{}\n  }},", events.join(",\n"));
    out.push_str("  \"files\": [\n");
    let files = files(study);
    for (i, (place, name, header)) in files.iter().enumerate() {
        let _ = writeln!(
            out,
            "    {{\n      \"file\": {},\n      \"where\": {},\n      \"columns\": [",
            quote(name),
            quote(place)
        );
        let columns: Vec<&str> = header.split(',').collect();
        for (j, column) in columns.iter().enumerate() {
            let (kind, unit, levels, meaning) = match (definition(name, column), metric(column)) {
                (_, Some(m)) if name == "summary.csv" => ("number", m.unit, &[][..], m.meaning),
                (Some(d), _) => (d.kind, d.unit, d.levels, d.meaning),
                (None, _) => ("string", "", &[][..], UNDESCRIBED),
            };
            let levels: Vec<String> = levels.iter().map(|l| quote(l)).collect();
            let _ = write!(
                out,
                "        {{\"name\": {}, \"type\": {}, \"unit\": {}, \"levels\": [{}], \"meaning\": {}}}",
                quote(column),
                quote(kind),
                quote(unit),
                levels.join(", "),
                quote(meaning)
            );
            out.push_str(if j + 1 < columns.len() { ",\n" } else { "\n" });
        }
        out.push_str("      ]\n    }");
        out.push_str(if i + 1 < files.len() { ",\n" } else { "\n" });
    }
    out.push_str("  ]\n}\n");
    out
}

/// `text` as a JSON string.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::protocol::{QUESTION_POINTS, SLIDER_MAX};

    #[test]
    fn the_answer_column_names_the_slider_s_top() {
        let custom = |d: &&Definition| d.name == "answer" && d.files == ANY;
        let answer = DEFINITIONS.iter().find(custom).unwrap();
        let top = format!("0 to {SLIDER_MAX} on a slider");
        assert!(answer.meaning.contains(&top), "{}", answer.meaning);
        let points = format!("1 to {QUESTION_POINTS} on a custom question");
        assert!(answer.meaning.contains(&points), "{}", answer.meaning);
    }
}
