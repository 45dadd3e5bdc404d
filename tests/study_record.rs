//! What a study records of itself, through the command line: simulated
//! sessions (one with its screen stated, one given a condition's frame
//! times as a window writes them, one withdrawn) reported, and then
//! `codebook.json` checked against every CSV file of the report and of the
//! results folders, `events.csv` against the sessions, the frame times
//! against figures worked out here, `session.toml` for what ran, and every
//! report file for an absolute path.

mod common;
use common::study::simulated_run;
use common::temp::TempDir;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Two short conditions, the MSSQ-short and a question, so every file of
/// a results folder is written.
const PROTOCOL: &str = "name = \"rec\"\nmap = \"feel_course\"\nexposure_s = 20\n\
    fms_interval_s = 10\nrest_s = 0\nmssq = true\nranking = true\n\
    [[question]]\nid = \"control\"\ntext = \"In control?\"\nlow = \"no\"\nhigh = \"yes\"\n\
    [[condition]]\nname = \"polar\"\nmovement = { model = \"polar\" }\n\
    [[condition]]\nname = \"quake\"\nmovement = { model = \"quake\" }\n";

fn wobble(args: &[&str]) -> (bool, String) {
    let out = common::run(args, Duration::from_secs(120)).expect("the program finishes");
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    (out.status.success(), said)
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Three simulated participants of [`PROTOCOL`] in `temp`: P1 with a 24
/// inch screen at 60 cm, P2 without, P3 too; the study's results folder.
fn study(temp: &TempDir) -> PathBuf {
    let protocol = temp.join("rec.toml");
    std::fs::write(&protocol, PROTOCOL).unwrap();
    let (protocol, root) = (protocol.display().to_string(), temp.join("results"));
    for (id, seed) in [("P1", "1"), ("P2", "2"), ("P3", "3")] {
        let screen = ["--screen-diagonal-in", "24", "--viewing-distance-cm", "60"];
        let more: &[&str] = if id == "P1" { &screen } else { &[] };
        let args = simulated_run(&protocol, id, seed, &root, more);
        let (ok, said) = wobble(&args);
        assert!(ok, "{said}");
    }
    root.join("rec")
}

/// The frame times a window would have written beside P1's first
/// recording: 200 frames of 16.7 ms and 6 of 40 ms (dropped at 60 Hz:
/// over 1.5 x 16.67 ms).
fn write_frame_times(p1: &Path) -> (usize, f64, f64, usize) {
    let mut csv = String::from("frame,present_ms,frame_ms,input_to_present_ms\n0,0.000,,\n");
    let mut t = 0.0;
    let times: Vec<f64> = (0..206)
        .map(|i| if i % 40 == 39 { 40.0 } else { 16.7 })
        .collect();
    for (i, ms) in times.iter().enumerate() {
        t += ms;
        csv += &format!("{},{t:.3},{ms:.3},\n", i + 1);
    }
    std::fs::write(p1.join("1-polar.pacing.csv"), csv).unwrap();
    // Sorted: 201 of 16.7 then 5 of 40 (206 = 5 x 40 + 6). R's type 7:
    // the median is the 103.5th value, 16.7; the 99th percentile at
    // position 205 x 0.99 = 202.95 (0-based) lies among the 40s.
    let dropped = times.iter().filter(|&&t| t > 1.5 * 1000.0 / 60.0).count();
    (times.len(), 16.7, 40.0, dropped)
}

/// The columns of each file as `codebook.json` describes them: file name
/// to column name to meaning.
fn codebook(path: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let json: serde_json::Value = serde_json::from_str(&text(path)).expect("codebook.json is JSON");
    let mut files = BTreeMap::new();
    for f in json["files"].as_array().expect("files") {
        let columns = f["columns"].as_array().expect("columns");
        let described = columns.iter().map(|c| {
            for key in ["type", "unit", "levels", "meaning"] {
                assert!(!c[key].is_null(), "{c} has no {key}");
            }
            let name = c["name"].as_str().unwrap().to_string();
            (name, c["meaning"].as_str().unwrap().to_string())
        });
        files.insert(f["file"].as_str().unwrap().to_string(), described.collect());
    }
    files
}

/// Every CSV file under `dir` (through folders), with its header's
/// columns.
fn csv_headers(dir: &Path, out: &mut Vec<(PathBuf, Vec<String>)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            csv_headers(&path, out);
        } else if path.extension().is_some_and(|e| e == "csv") {
            let text = text(&path);
            let header = text.lines().next().unwrap_or_default();
            out.push((path, header.split(',').map(String::from).collect()));
        }
    }
}

#[test]
fn a_reported_study_records_what_ran_what_was_shown_and_every_event() {
    let temp = TempDir::new("study-record", "all");
    let results = study(&temp);
    let p1 = results.join("P1");
    let (frames, median, p99, dropped) = write_frame_times(&p1);
    // P3 withdraws; their data stays as it was.
    let p3_conditions = text(&results.join("P3/conditions.csv"));
    let r = results.display().to_string();
    let (ok, said) = wobble(&[
        "study",
        "withdraw",
        &r,
        "--participant",
        "P3",
        "--reason",
        "felt ill, \"no more\"",
    ]);
    assert!(ok, "{said}");
    let (ok, said) = wobble(&[
        "study",
        "withdraw",
        &r,
        "--participant",
        "P9",
        "--reason",
        "x",
    ]);
    assert!(
        !ok && said.contains("no session of participant `P9`"),
        "{said}"
    );
    let out = temp.join("report");
    let (ok, said) = wobble(&["study", "report", &r, "--out", out.to_str().unwrap()]);
    assert!(ok, "{said}");
    assert_eq!(text(&results.join("P3/conditions.csv")), p3_conditions);

    // session.toml: the program and the display.
    let session = text(&p1.join("session.toml"));
    for key in ["program_commit = \"", "program_sha256 = \"", "os = \"linux"] {
        assert!(session.contains(key), "{key} in {session}");
    }
    let sha = session.split("program_sha256 = \"").nth(1).unwrap();
    assert!(
        sha[..64].chars().all(|c| c.is_ascii_hexdigit()),
        "{session}"
    );
    assert!(session.contains("[[display]]") && session.contains("screen_diagonal_in = 24.0"));
    assert!(session.contains("adapter = \"none (headless)\"\nsimulated = true"));

    // Every CSV of the report and of the results has every column
    // described in the codebook.
    let book = codebook(&out.join("codebook.json"));
    let mut csvs = Vec::new();
    csv_headers(&out, &mut csvs);
    csv_headers(&results, &mut csvs);
    let mut seen = BTreeSet::new();
    for (path, columns) in &csvs {
        let name = path.file_name().unwrap().to_string_lossy();
        let name = if name.ends_with(".pacing.csv") {
            "pacing.csv".into()
        } else {
            name
        };
        let described = book
            .get(name.as_ref())
            .unwrap_or_else(|| panic!("{} is not in codebook.json", path.display()));
        for c in columns {
            let meaning = described.get(c).map(String::as_str);
            assert!(
                meaning.is_some_and(|m| !m.is_empty() && m != "UNDESCRIBED"),
                "column `{c}` of {} is not described in codebook.json",
                path.display()
            );
        }
        seen.insert(name.into_owned());
    }
    for file in [
        "summary.csv",
        "events.csv",
        "display.csv",
        "frame_times.csv",
        "pacing.csv",
        "mssq-items.csv",
        "answers.csv",
        "conditions.csv",
    ] {
        assert!(seen.contains(file), "{file} was checked");
    }

    // events.csv: every participant has one; the report's holds the two
    // not withdrawn, in order, and P3's withdrawal is listed instead.
    let mut rows = 0;
    for id in ["P1", "P2"] {
        let own = text(&results.join(id).join("events.csv"));
        let lines: Vec<&str> = own.lines().skip(1).collect();
        assert!(lines[0].contains(",session_start,"), "{own}");
        let started = lines
            .iter()
            .filter(|l| l.contains(",condition_start,"))
            .count();
        assert_eq!(started, 2, "{own}");
        assert!(lines.last().unwrap().ends_with(",session_end,"), "{own}");
        rows += lines.len();
    }
    let all = text(&out.join("events.csv"));
    assert_eq!(all.lines().count(), 1 + rows);
    assert!(!all.contains("P3,"), "{all}");
    let p3 = text(&results.join("P3/events.csv"));
    assert!(
        p3.trim_end()
            .ends_with(",withdrawn,\"felt ill, \"\"no more\"\"\""),
        "{p3}"
    );
    let md = text(&out.join("report.md"));
    assert!(
        md.contains("## Withdrawals") && md.contains("| P3 |"),
        "{md}"
    );
    assert!(md.contains("felt ill, \"no more\""), "{md}");
    let people = text(&out.join("participants.csv"));
    assert!(!people.contains("\nP3,"), "{people}");

    // The frame times of P1's first condition, summarised.
    let times = text(&out.join("frame_times.csv"));
    let row = format!("P1,polar,A,{frames},{median:.3},{p99:.3},{dropped}");
    assert!(times.lines().any(|l| l == row), "{row} in {times}");
    assert!(md.contains("## What was shown and what ran"), "{md}");
    // 24 inches at 16:9 is 53.1 cm wide; at 60 cm, 2 atan(26.56 / 60).
    let angle = 2.0
        * (24.0 * 2.54 * 16.0 / 337f64.sqrt() / 2.0 / 60.0)
            .atan()
            .to_degrees();
    let display = text(&out.join("display.csv"));
    assert!(
        display.contains(&format!(",24,60,{angle:.3}\n")),
        "{display}"
    );
    assert!(md.contains("in degrees at the eye"), "{md}");
    assert!(text(&out.join("analysis.R")).contains("sessionInfo()"));

    // No report file holds a path of this computer.
    let root = temp.join("").display().to_string();
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // a plot
        };
        assert!(
            !text.contains(root.trim_end_matches('/')),
            "{} holds {root}",
            path.display()
        );
    }
}
