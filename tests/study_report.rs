//! `study report` on results folders built by hand: three participants,
//! two conditions, short recordings made by the recorder, in the files'
//! current format and (one fixture) as an older program wrote them. The
//! numbers in `summary.csv`, the long tables and `report.md` are checked
//! against values worked out here, bad files against their places, a
//! swapped recording against being measured, several folders against one
//! holding them all, and the output folder against being overwritten.
//! Last, simulated sessions from `study run` at two sites, reported
//! through the command line.

mod common;
use common::temp::TempDir;

use std::path::{Path, PathBuf};
use std::time::Duration;
use wobblecaster::map::Map;
use wobblecaster::record::{Header, Recorder};
use wobblecaster::script::Script;
use wobblecaster::sim::World;
use wobblecaster::study::protocol::Protocol;
use wobblecaster::study::report::{self, long, ReportError, Summary};
use wobblecaster::study::results::{
    identify, ssq_header, ANSWERS_HEADER, CONDITIONS_HEADER, CONDITIONS_HEADER_V1,
    RATINGS_HEADER_V1, RATINGS_HEADER_V2,
};

#[path = "study_report/fixture.rs"]
mod fixture;
use fixture::*;

#[test]
fn summary_holds_the_hand_computed_values() {
    let (_temp, results) = results("summary");
    let summary = run(&results, false).unwrap();
    assert_eq!(summary.participants, ["P1", "P2", "P3"]);
    assert_eq!(summary.observations, 6);
    let (header, rows) = summary_rows(&results);
    assert_eq!(rows.len(), 6);
    assert_eq!(header[..12].join(","), report::COLUMNS.join(","));
    assert!(header.iter().any(|h| h == "yaw_rate_rms"), "{header:?}");
    let column = |c: &str, name| ["P1", "P2", "P3"].map(|p| cell(&results, p, c, name));
    assert_eq!(column("slow", "fms_max"), ["4", "6", "2"]);
    // P3's fast: the attempt cut off rated 19 and 20, the one that counts
    // 5 and 7.
    assert_eq!(column("fast", "fms_max"), ["10", "9", "7"]);
    assert_eq!(column("fast", "fms_mean")[2], "6");
    // P2's fast: one answered prompt of one.
    assert_eq!(column("fast", "fms_mean")[1], "9");
    assert_eq!(column("slow", "fms_mean")[1], "5.5");
    assert_eq!(column("slow", "fms_last")[1], "5");
    assert_eq!(column("fast", "ended_early")[1], "true");
    assert_eq!(column("fast", "duration_s")[1], "90.25");
    assert_eq!(column("fast", "position")[1], "1");
    assert_eq!(column("slow", "ssq_delta")[..2], ["7.48", "18.7"]);
    assert_eq!(column("fast", "ssq_delta")[..2], ["22.44", "-3.74"]);
    assert_eq!(column("slow", "ssq_baseline_total")[1], "3.74");
    assert_eq!(column("slow", "ssq_post_total")[1], "22.44");
    // Every recording measured: a metric defined in every row.
    let yaw = header.iter().position(|h| h == "yaw_rate_rms").unwrap();
    let measured = rows.iter().all(|r| r[yaw].parse::<f64>().is_ok());
    assert!(measured, "{rows:?}");
    let written: Vec<String> = summary
        .written
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut want = vec![
        "summary.csv",
        "report.md",
        "events.csv",
        "display.csv",
        "frame_times.csv",
        "codebook.json",
    ];
    want.extend(long::FILES.map(|(name, _)| name));
    want.extend([
        "model.csv",
        "tests.csv",
        "survival.csv",
        "analysis.R",
        "design.toml",
    ]);
    want.extend([
        "fms.png",
        "fms_model.png",
        "survival.png",
        "ssq.png",
        "scatter.png",
    ]);
    assert_eq!(written, want);
    assert!(summary.notes.is_empty(), "{:?}", summary.notes);
}

#[test]
fn the_long_tables_hold_every_prompt_answer_and_end() {
    let (_temp, results) = results("long");
    run(&results, false).unwrap();
    let [ratings, ssq, answers, stops, people] = long::FILES.map(|(name, header)| {
        let text = read(&results, name);
        assert!(text.starts_with(&format!("{header}\n")), "{text}");
        text
    });
    // Every prompt of the attempts that count: 4 + 3 + 4 (P3's cut off
    // 19 and 20 left out).
    assert_eq!(ratings.lines().count(), 1 + 11, "{ratings}");
    // No recording here, so no prediction.
    has(&ratings, "\nP1,lab-a,1,slow,A,1,none,60,fms,3,\n");
    has(&ratings, "\nP3,,1,fast,B,2,slow,120,fms,7,\n");
    // Three SSQs each, four scores each.
    assert_eq!(ssq.lines().count(), 1 + 3 * 3 * 4, "{ssq}");
    // P1 after fast: items 1 = 2 and 8 = 1, so N (2 + 1) 9.54, O 2 x 7.58,
    // D 13.92.
    let p1_fast = "P1,lab-a,1,fast,B,2,post";
    let scores = format!("{p1_fast},nausea,28.62\n{p1_fast},oculomotor,15.16\n");
    has(
        &ssq,
        &(scores + &format!("{p1_fast},disorientation,13.92\n{p1_fast},total,22.44")),
    );
    has(&ssq, "\nP2,,1,,,0,baseline,nausea,0\n");
    assert_eq!(answers.lines().count(), 1 + 3 * 4, "{answers}");
    let p2 = "\nP2,,1,fast,A,1,control,6\nP2,,1,slow,B,2,control,3\n";
    has(&answers, p2);
    has(&answers, "\nP2,,1,fast,A,1,rank,1\n");
    assert_eq!(stops.lines().count(), 1 + 6, "{stops}");
    let p1 = "\nP1,lab-a,slow,1,120,0,completed\nP1,lab-a,fast,2,120,0,completed\n";
    has(&stops, p1);
    has(&stops, "\nP2,,fast,1,90.25,1,participant\n");
    let rows = ["P1,lab-a,1,false,,0", "P2,,1,false,,0", "P3,,1,false,,1"];
    assert_eq!(people.lines().skip(1).collect::<Vec<_>>(), rows);
}

#[test]
fn an_older_results_folder_reports_the_same_numbers() {
    let (_old, older) = results_as("older", Format::Older);
    let (_new, current) = results("current");
    let summary = run(&older, false).unwrap();
    run(&current, false).unwrap();
    assert_eq!(read(&older, "summary.csv"), read(&current, "summary.csv"));
    let stops = read(&older, "stops.csv");
    has(&stops, "\nP2,,fast,1,90.25,1,participant\n");
    let older_notes = summary.notes.iter().filter(|n| n.contains("older"));
    let said: Vec<&String> = older_notes.collect();
    assert_eq!(said.len(), 1, "once: {:?}", summary.notes);
    has(said[0], "of P1, P2, P3 is an older program's");
    has(said[0], "not checked against those played");
}

/// The exact two-sided signed-rank p of differences `d` (none zero, no
/// ties), by enumerating every sign pattern.
fn exact_p(d: &[f64]) -> (f64, f64) {
    let mut ranked: Vec<(usize, f64)> = d.iter().copied().enumerate().collect();
    ranked.sort_by(|a, b| a.1.abs().total_cmp(&b.1.abs()));
    let mut rank = vec![0.0; d.len()];
    for (r, (i, _)) in ranked.iter().enumerate() {
        rank[*i] = (r + 1) as f64;
    }
    // Plus zero: an empty sum of floats is -0.
    let v = (0..d.len())
        .filter(|&i| d[i] > 0.0)
        .map(|i| rank[i])
        .sum::<f64>()
        + 0.0;
    let n = d.len();
    let sums: Vec<f64> = (0..1_u32 << n)
        .map(|m| (0..n).filter(|i| m >> i & 1 == 1).map(|i| rank[i]).sum())
        .collect();
    let share =
        |f: &dyn Fn(f64) -> bool| sums.iter().filter(|&&s| f(s)).count() as f64 / sums.len() as f64;
    let p = (2.0 * share(&|s| s <= v).min(share(&|s| s >= v))).min(1.0);
    (v, p)
}

#[test]
fn the_report_gives_the_wilcoxon_test_computed_here() {
    let (_temp, results) = results("wilcoxon");
    run(&results, false).unwrap();
    let md = read(&results, "report.md");
    // slow - fast, P1 P2 P3: 4 - 10, 6 - 9, 2 - 7.
    let (v, p) = exact_p(&[-6.0, -3.0, -5.0]);
    assert_eq!((v, p), (0.0, 0.25));
    let row = format!("| slow | fast | 3 | -5 | {v} | {p} | {p} | -1.00 |");
    has(&md, &row);
    // Three pairs can never reach 0.05, and the report says so.
    has(
        &md,
        "slow against fast: 3 differing pairs, so p cannot be below 0.25",
    );
    assert!(!md.starts_with("SIMULATED"), "{md}");
    has(&md, "| slow | 3 | 4 [3, 5], n = 3 |");
    has(&md, "Which measurements track what people felt");
    has(&md, "| slow | 1.33 | 2 | 3 |");
}

#[test]
fn the_report_leads_with_the_model_and_writes_its_numbers() {
    let (_temp, results) = results("model");
    run(&results, false).unwrap();
    let md = read(&results, "report.md");
    let at = |heading: &str| {
        md.find(heading)
            .unwrap_or_else(|| panic!("{heading}: {md}"))
    };
    assert!(at("## Answers") < at("## The mixed models"));
    assert!(at("## The mixed models") < at("## Conditions"));
    assert!(at("## Still playing") < at("## Paired comparisons"));
    let model = read(&results, "model.csv");
    assert!(model.starts_with("model,term,estimate,se,ci_low,ci_high\nM1,(Intercept),"));
    // Every rating of fast is higher than its participant's in slow.
    let fast = model
        .lines()
        .find(|l| l.starts_with("M1,conditionfast,"))
        .unwrap_or_else(|| panic!("{model}"));
    let estimate: f64 = fast.split(',').nth(2).unwrap().parse().unwrap();
    assert!(estimate > 3.0, "{model}");
    has(&md, "**Which condition is rated sickest?** `fast`: ");
    has(&md, "| `conditionfast` | ");
    for term in ["M1,position2,", "M1,t_min,", "M1,var_participant,", "M2,"] {
        assert!(model.contains(&format!("\n{term}")), "{term}: {model}");
    }
    let tests = read(&results, "tests.csv");
    assert!(
        tests.starts_with("test,statistic,df,p\nlrt_condition,"),
        "{tests}"
    );
    assert!(tests.contains("\nlogrank,"), "{tests}");
    // fast: P2 stopped at 90.25 s of three; slow: nobody stopped.
    let survival = read(&results, "survival.csv");
    assert!(
        survival.contains("\nfast,90.25,3,1,0.6666666666666667,"),
        "{survival}"
    );
    assert!(survival.contains("\nslow,120,3,0,1,"), "{survival}");
    let script = read(&results, "analysis.R");
    assert!(
        script.contains("conditions <- c(\"slow\", \"fast\")"),
        "{script}"
    );
}

#[test]
fn one_participant_is_reported_with_what_could_not_be_fitted() {
    let (_temp, results) = results("one");
    for id in ["P2", "P3"] {
        std::fs::remove_dir_all(results.join(id)).unwrap();
    }
    run(&results, false).unwrap();
    let md = read(&results, "report.md");
    has(
        &md,
        "**The mixed model could not be fitted**: 1 participant with a rating",
    );
    has(&md, "No log-rank test: nobody stopped");
    assert_eq!(
        read(&results, "model.csv"),
        "model,term,estimate,se,ci_low,ci_high\n"
    );
    assert!(read(&results, "survival.csv").contains("\nfast,120,1,0,1,"));
}

#[test]
fn the_stops_section_counts_each_end_and_times_the_stops() {
    let (_temp, results) = results("stops");
    let p3 = results.join("P3/conditions.csv");
    let (completed, stopped) = (
        "120.000,false,2-fast.wrec,completed,120.000",
        "99.500,true,2-fast.wrec,stop_rule,99.500",
    );
    edit(&p3, completed, stopped);
    run(&results, false).unwrap();
    let md = read(&results, "report.md");
    // fast: P2 stopped with the key at 90.25 s, P3 by the rule at 99.5 s.
    has(&md, "| fast | 3 | 1 | 1 | 1 | 0 | 94.88 |");
    has(&md, "| slow | 3 | 0 | 0 | 3 | 0 | - |");
    let p2 = "- P2 stopped `fast` (shown as A, position 1) after 90.25 s with the stop key\n";
    let p3 = "- P3 stopped `fast` (shown as B, position 2) after 99.5 s by the stop rule\n";
    has(&md, p2);
    has(&md, p3);
    assert!(read(&results, "stops.csv").contains("\nP3,,fast,2,99.5,1,stop_rule\n"));
}

#[test]
fn a_line_cut_while_being_written_is_left_out_and_noted() {
    let (_temp, results) = results("cut");
    let ratings = results.join("P1/ratings.csv");
    let mut text = std::fs::read_to_string(&ratings).unwrap();
    text += "P1,fast,B,2,180.000,fms,2";
    std::fs::write(&ratings, text).unwrap();
    let summary = run(&results, false).unwrap();
    assert_eq!(cell(&results, "P1", "fast", "fms_last"), "10");
    noted(&summary, "P1/ratings.csv: the last line has no end");
}

#[test]
fn simulated_data_is_labelled_at_the_top() {
    let (_temp, results) = results("simulated");
    let toml = results.join("P2/session.toml");
    let seeded = "simulated = true\nsimulate_seed = 9\n";
    edit(&toml, "simulated = false\n", seeded);
    let summary = run(&results, false).unwrap();
    assert_eq!(summary.simulated, 1);
    let md = read(&results, "report.md");
    let first = "SIMULATED DATA: 1 of the 3 participants";
    assert!(md.starts_with(first), "{md}");
    assert!(md.lines().next().unwrap().contains("P2 (seed 9)"), "{md}");
}

/// Asserts that one of the report's notes holds `part`.
#[track_caller]
fn noted(summary: &Summary, part: &str) {
    let notes = &summary.notes;
    assert!(
        notes.iter().any(|n| n.contains(part)),
        "{part:?} in {notes:?}"
    );
}

/// The text file at `path`.
fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Swaps the files `a` and `b`.
fn swap(a: &Path, b: &Path) {
    let aside = a.with_extension("aside");
    std::fs::rename(a, &aside).unwrap();
    std::fs::rename(b, a).unwrap();
    std::fs::rename(&aside, b).unwrap();
}

/// Why the report on `results` was refused.
fn refusal(results: &Path) -> String {
    run(results, false).unwrap_err().to_string()
}

/// Asserts that `text` holds `part`.
#[track_caller]
fn has(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} in:\n{text}");
}

/// Replaces `from` by `to` in the file `path`.
fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn bad_files_are_reported_at_their_place() {
    let (_temp, results) = results("bad");
    // Line 3 of P1's ratings: `P1,slow,A,1,120.000,fms,4`.
    let ratings = results.join("P1/ratings.csv");
    edit(&ratings, "120.000,fms,4\n", "120.000,fms,25\n");
    let e = refusal(&results);
    has(
        &e,
        "P1/ratings.csv:3:25: `rating` must be a whole number from 0 to 20",
    );
    edit(&ratings, "120.000,fms,25\n", "120.000,misc,4\n");
    let e = refusal(&results);
    has(&e, "P1/ratings.csv:3:21: `scale` must be `fms`");
    edit(&ratings, "120.000,misc,4\n", "120.000,fms,4\n");
    let conditions = results.join("P2/conditions.csv");
    edit(&conditions, "90.250,true", "90.250,maybe");
    let e = refusal(&results);
    has(&e, "P2/conditions.csv:2:");
    has(&e, "`ended_early` must be");
    edit(
        &conditions,
        "90.250,maybe,1-fast.wrec,participant",
        "90.250,true,1-fast.wrec,quit",
    );
    let e = refusal(&results);
    has(&e, "P2/conditions.csv:2:");
    has(&e, "`end_reason` must be one of");
    edit(&conditions, "1-fast.wrec,quit", "1-fast.wrec,participant");
    edit(&results.join("P1/ssq.csv"), ",22.44\n", ",30.00\n");
    let e = refusal(&results);
    has(&e, "P1/ssq.csv:4:");
    has(&e, "`total` is 30, but the items score 22.44");
    edit(&results.join("P1/ssq.csv"), ",30.00\n", ",22.44\n");
    edit(
        &results.join("P3/session.toml"),
        "discarded_ratings = 2",
        "discarded_ratings = \"2\"",
    );
    let e = refusal(&results);
    has(&e, "P3/session.toml:");
    has(&e, "expected a whole number, found string");
    assert!(!results.join("report").exists(), "nothing written");
}

#[test]
fn a_swapped_recording_is_refused_naming_it() {
    let (_temp, results) = results("swapped");
    swap(
        &results.join("P1/1-slow.wrec"),
        &results.join("P1/2-fast.wrec"),
    );
    let e = run(&results, false).unwrap_err();
    assert!(matches!(e, ReportError::NotPlayed { .. }), "{e}");
    let e = e.to_string();
    // The first job measured fails first: P1's slow, row 2.
    has(&e, "P1/1-slow.wrec is not the recording played");
    has(&e, "P1/conditions.csv:2 gives");
    assert!(!results.join("report").exists(), "nothing written");
}

#[test]
fn a_missing_recording_leaves_its_metrics_empty_and_says_so() {
    let (_temp, results) = results("missing");
    std::fs::remove_file(results.join("P1/1-slow.wrec")).unwrap();
    let partial = results.join("P2/2-slow.wrec.partial");
    std::fs::rename(results.join("P2/2-slow.wrec"), &partial).unwrap();
    let summary = run(&results, false).unwrap();
    noted(&summary, "P1/1-slow.wrec is missing: no metrics for it");
    // The same bytes under the partial's name: the recording played.
    noted(&summary, "P2/2-slow.wrec.partial (left by a session");
    assert_eq!(cell(&results, "P1", "slow", "yaw_rate_rms"), "");
    assert_eq!(cell(&results, "P1", "slow", "fms_max"), "4");
    let yaw = cell(&results, "P2", "slow", "yaw_rate_rms");
    assert!(yaw.parse::<f64>().is_ok(), "{yaw}");
    let md = read(&results, "report.md");
    assert!(md.contains("## Notes on the data") && md.contains("is missing: no metrics"));
    // A recording that is there but not the one played stops the report.
    std::fs::write(&partial, "wobblecaster-recording 1\nversion = x\n").unwrap();
    let e = run(&results, true).unwrap_err().to_string();
    has(&e, "P2/2-slow.wrec.partial is not the recording played");
}

#[test]
fn a_recording_cut_off_and_resumed_without_a_note_is_caught() {
    let (_temp, results) = results("undeclared");
    // Without [[resumed]], P3's fast ratings go back in time at line 6.
    edit(&results.join("P3/session.toml"), "[[resumed]]", "[[other]]");
    let e = refusal(&results);
    has(&e, "P3/ratings.csv:6:");
    has(&e, "not after the prompt before it");
}

/// Copies the folder `from` whole to `to`.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Every report file that must not depend on where the results lie,
/// `out_a`'s beside `out_b`'s; `report.md` with its line naming the
/// folders left out.
fn same_report(out_a: &Path, out_b: &Path) {
    for name in ["summary.csv"]
        .into_iter()
        .chain(long::FILES.map(|(n, _)| n))
    {
        assert_eq!(text(&out_a.join(name)), text(&out_b.join(name)), "{name}");
    }
    let (a, b) = (
        text(&out_a.join("report.md")),
        text(&out_b.join("report.md")),
    );
    let differ: Vec<(&str, &str)> = a.lines().zip(b.lines()).filter(|(x, y)| x != y).collect();
    assert_eq!(a.lines().count(), b.lines().count());
    assert_eq!(differ.len(), 1, "{differ:?}");
    assert!(differ[0].0.starts_with("Results read from "), "{differ:?}");
}

#[test]
fn several_folders_report_as_one_unless_a_protocol_differs_or_an_id_repeats() {
    let (temp, all) = results("several");
    let (a, b) = (temp.join("site-a/pace"), temp.join("site-b/pace"));
    for (id, to) in [("P1", &a), ("P2", &a), ("P3", &b)] {
        copy_folder(&all.join(id), &to.join(id));
    }
    let (two, one, out) = (temp.join("two"), temp.join("one"), temp.join("out"));
    let summary = report::report(&[&a, &b], &two, false).unwrap();
    report::report(&[&all], &one, false).unwrap();
    assert_eq!(summary.participants, ["P1", "P2", "P3"]);
    same_report(&two, &one);
    // By the parts of their paths that tell them apart, never a whole path.
    let line = "Results read from `site-a/pace`, `site-b/pace`.";
    has(&text(&two.join("report.md")), line);
    // A protocol changed, between folders or within one, names both files.
    let toml = b.join("P3/session.toml");
    let (was, now) = ("protocol_sha256 = \"00\"", "protocol_sha256 = \"01\"");
    edit(&toml, was, now);
    let e = report::report(&[&a, &b], &out, false).unwrap_err();
    assert!(matches!(e, ReportError::TwoProtocols { .. }), "{e}");
    let first = a.join("P1/session.toml").display().to_string();
    has(
        &e.to_string(),
        &format!("between {first} and {}", toml.display()),
    );
    std::fs::copy(&toml, all.join("P3/session.toml")).unwrap();
    let e = report::report(&[&all], &out, false).unwrap_err();
    assert!(matches!(e, ReportError::TwoProtocols { .. }), "{e}");
    // An ID met twice names both folders.
    let e = report::report(&[&a, &all], &out, false)
        .unwrap_err()
        .to_string();
    let (p1, again) = (a.join("P1").display().to_string(), all.join("P1"));
    has(&e, &format!("`P1` is in {p1} and in {}", again.display()));
    assert!(!out.exists(), "nothing written");
}

#[test]
fn an_existing_report_folder_is_kept_unless_forced() {
    let (_temp, results) = results("force");
    run(&results, false).unwrap();
    let out = results.join("report");
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let e = run(&results, false).unwrap_err();
    assert!(matches!(e, ReportError::NotEmpty(_)), "{e}");
    assert!(e.to_string().contains("pass --force"), "{e}");
    std::fs::write(out.join("report.md"), "old").unwrap();
    run(&results, true).unwrap();
    assert_eq!(text(&out.join("notes.txt")), "mine");
    assert!(read(&results, "report.md").starts_with("# Feel study"));
    // An output folder elsewhere, empty, is filled.
    let elsewhere = results.parent().unwrap().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    report::report(&[&results], &elsewhere, false).unwrap();
    assert!(elsewhere.join("summary.csv").is_file());
}

#[test]
fn folders_without_a_session_are_left_out_or_refused() {
    let (_temp, results) = results("folders");
    std::fs::create_dir(results.join("notes")).unwrap();
    std::fs::write(results.join("README.txt"), "about").unwrap();
    let summary = run(&results, false).unwrap();
    assert_eq!(summary.skipped, ["notes/ (no session.toml)"]);
    let md = read(&results, "report.md");
    has(&md, "left out: notes/ (no session.toml)");
    std::fs::remove_file(results.join("P1/session.toml")).unwrap();
    let e = run(&results, true).unwrap_err().to_string();
    has(&e, "P1 holds a session's data but no session.toml");
    let empty = results.parent().unwrap().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let e = report::report(&[&empty], &empty.join("report"), false).unwrap_err();
    assert!(matches!(e, ReportError::NoParticipants(_)), "{e}");
}

/// A protocol rated on the MISC, with the MSSQ-short, short enough for a
/// simulated session to take a moment.
const SITES: &str = "name = \"sites\"\nmap = \"feel_course\"\nexposure_s = 20\n\
    fms_interval_s = 10\nrest_s = 0\nin_play_scale = \"misc\"\nstop_at_misc = 7\nmssq = true\n\
    [[condition]]\nname = \"polar\"\nmovement = { model = \"polar\" }\n\
    [[condition]]\nname = \"quake\"\nmovement = { model = \"quake\" }\n";

/// The program run with `args` to its end.
fn wobble(args: &[&str]) -> std::process::Output {
    common::run(args, Duration::from_secs(120)).expect("the program finishes")
}

/// `study report` over `dirs`, with `--out` if given: success, and what
/// it said on stderr.
fn study_report(dirs: &[&Path], out: Option<&Path>) -> (bool, String) {
    let mut args: Vec<String> = ["study", "report"].map(String::from).to_vec();
    args.extend(dirs.iter().map(|d| d.display().to_string()));
    if let Some(out) = out {
        args.extend(["--out".into(), out.display().to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = wobble(&args);
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn simulated_sessions_at_two_sites_report_together_and_checked() {
    let temp = TempDir::new("study-report", "sites");
    let protocol = temp.join("sites.toml");
    std::fs::write(&protocol, SITES).unwrap();
    let protocol = protocol.display().to_string();
    let (a, b) = (temp.join("a"), temp.join("b"));
    for (id, seed, site, root) in [("P01", "1", "lab-a", &a), ("P02", "2", "lab-b", &b)] {
        let root = root.display().to_string();
        let run = ["study", "run", &protocol, "--headless"];
        let who = ["--participant", id, "--simulate", seed];
        let at = ["--results", &root, "--site", site];
        let out = wobble(&[&run[..], &who[..], &at[..]].concat());
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{said}");
    }
    let (a, b) = (a.join("sites"), b.join("sites"));
    let (ok, said) = study_report(&[&a, &b], None);
    assert!(!ok && said.contains("--out DIR"), "{said}");
    let two = temp.join("two");
    let (ok, said) = study_report(&[&a, &b], Some(&two));
    assert!(ok, "{said}");
    let people = text(&two.join("participants.csv"));
    let rows: Vec<&str> = people.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{people}");
    for (row, who) in rows.iter().zip(["P01,lab-a,1,true,", "P02,lab-b,2,true,"]) {
        let raw = row.strip_prefix(who).and_then(|r| r.strip_suffix(",0"));
        let scored = raw.is_some_and(|v| v.parse::<f64>().is_ok());
        assert!(scored, "an MSSQ raw score: {people}");
    }
    let ratings = text(&two.join("ratings_long.csv"));
    let misc = ratings.lines().skip(1).all(|l| l.contains(",misc,"));
    assert!(misc, "{ratings}");
    // Every prompt of a recorded condition has the model's prediction,
    // a number of at least 0.
    let predicted = ratings.lines().skip(1).all(|l| {
        let last = l.rsplit(',').next().unwrap();
        last.parse::<f64>().is_ok_and(|v| v >= 0.0)
    });
    assert!(predicted, "{ratings}");
    let md = text(&two.join("report.md"));
    has(&md, "## Predicted sickness against the ratings");
    has(&md, "a hypothesis, not a validated model");
    has(&md, "## Stops");
    has(&md, "misc_max median");
    has(&md, "MSSQ-short raw score");
    has(&md, "No plot of the MISC");
    // A recording swapped for another valid one is refused, named.
    // P01, participant 1, played the Latin square's first row: polar,
    // quake.
    let p01 = a.join("P01");
    let (first, second) = (p01.join("1-polar.wrec"), p01.join("2-quake.wrec"));
    swap(&first, &second);
    let (ok, said) = study_report(&[&a], Some(&temp.join("swapped")));
    assert!(!ok, "{said}");
    let named = format!("{} is not the recording played", first.display());
    has(&said, &named);
    has(
        &said,
        &format!("{}:2 gives", p01.join("conditions.csv").display()),
    );
}

#[test]
fn one_condition_is_reported_with_what_could_not_be_compared() {
    let temp = TempDir::new("study-report", "one-condition");
    let protocol = temp.join("one.toml");
    let one = "name = \"one\"\nmap = \"feel_course\"\nexposure_s = 40\nfms_interval_s = 10\n\
               rest_s = 0\n[[condition]]\nname = \"polar\"\nmovement = { model = \"polar\" }\n";
    std::fs::write(&protocol, one).unwrap();
    let (protocol, root) = (protocol.display().to_string(), temp.join("r"));
    for (id, seed) in [("P1", "1"), ("P2", "2"), ("P3", "3")] {
        let args = ["study", "run", &protocol, "--headless", "--participant", id];
        let more = ["--simulate", seed, "--results", root.to_str().unwrap()];
        let out = wobble(&[&args[..], &more[..]].concat());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = temp.join("report");
    let (ok, said) = study_report(&[&root.join("one")], Some(&out));
    assert!(ok, "{said}");
    let md = text(&out.join("report.md"));
    has(&md, "Only one condition has ratings: nothing to compare.");
    has(
        &md,
        "Condition overall (M1 against M1 without condition): no test, ",
    );
    has(&md, "No log-rank test: only one condition was played.");
    has(&md, "No Cox model: only one condition was played.");
    let model = text(&out.join("model.csv"));
    assert!(model.contains("\nM1,t_min,"), "{model}");
    assert!(!model.contains("condition"), "{model}");
}
