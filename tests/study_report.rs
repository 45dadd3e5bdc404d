//! `study report` on a results folder built by hand: three participants,
//! two conditions, short recordings made by the recorder. The numbers in
//! `summary.csv` and `report.md` are checked against values worked out
//! here, bad files against their places, and the output folder against
//! being overwritten.

mod common;
use common::temp::TempDir;

use std::path::{Path, PathBuf};
use wobblecaster::map::Map;
use wobblecaster::record::{Header, Recorder};
use wobblecaster::script::Script;
use wobblecaster::sim::World;
use wobblecaster::study::protocol::Protocol;
use wobblecaster::study::report::{self, ReportError, Summary};
use wobblecaster::study::results::{ssq_header, ANSWERS_HEADER, CONDITIONS_HEADER, RATINGS_HEADER};

/// The protocol the sessions ran: two conditions, a question, a ranking.
const PROTOCOL: &str = r#"name = "pace"
map = "feel_course"
exposure_s = 120
fms_interval_s = 60

[[question]]
id = "control"
text = "How in control did you feel?"
low = "not at all"
high = "completely"

[[condition]]
name = "slow"
movement = { model = "polar" }

[[condition]]
name = "fast"
movement = { model = "classic" }
"#;

/// The seed of every recorded world.
const SEED: u64 = 3;

/// One participant's session as the test writes it.
struct Session {
    id: &'static str,
    /// Condition names in the order run.
    order: [&'static str; 2],
    /// conditions.csv rows after `participant,condition,label,position`:
    /// `duration_s,ended_early`.
    ended: [(&'static str, bool); 2],
    /// ratings.csv rows: (position from 1, t_s, fms).
    ratings: &'static [(usize, &'static str, &'static str)],
    /// The SSQ items of the baseline, then after each position.
    ssq: [[u8; 16]; 3],
    /// Seconds of turning in each position's recording.
    turn_s: [f64; 2],
    /// `[[resumed]]`: (position from 1, discarded ratings).
    resumed: Option<(usize, usize)>,
    simulated: bool,
}

/// `n` zero items with `(item from 1, rating)` set.
fn items(set: &[(usize, u8)]) -> [u8; 16] {
    let mut a = [0; 16];
    for &(i, v) in set {
        a[i - 1] = v;
    }
    a
}

/// The three sessions.
///
/// fms_max by hand: slow P1 4, P2 6, P3 2; fast P1 10, P2 9, P3 7 (P3's
/// 19 and 20 belong to the attempt cut off, left out).
/// SSQ totals (x 3.74 of N + O + D raw sums): item 1 counts N and O, item
/// 3 O, item 8 N and D. P1: baseline 0, after slow item 1 = 1: 7.48, after
/// fast items 1 = 2 and 8 = 1: (3 + 2 + 1) 3.74 = 22.44. P2: baseline item
/// 3 = 1: 3.74, after fast 0 (delta -3.74), after slow item 1 = 3: 22.44
/// (delta 18.7).
fn sessions() -> Vec<Session> {
    vec![
        Session {
            id: "P1",
            order: ["slow", "fast"],
            ended: [("120.000", false), ("120.000", false)],
            ratings: &[
                (1, "60.000", "3"),
                (1, "120.000", "4"),
                (2, "60.000", "8"),
                (2, "120.000", "10"),
            ],
            ssq: [items(&[]), items(&[(1, 1)]), items(&[(1, 2), (8, 1)])],
            turn_s: [0.5, 2.0],
            resumed: None,
            simulated: false,
        },
        Session {
            id: "P2",
            order: ["fast", "slow"],
            ended: [("90.250", true), ("120.000", false)],
            ratings: &[(1, "60.000", "9"), (2, "60.000", "6"), (2, "120.000", "5")],
            ssq: [items(&[(3, 1)]), items(&[]), items(&[(1, 3)])],
            turn_s: [1.5, 1.0],
            resumed: None,
            simulated: false,
        },
        Session {
            id: "P3",
            order: ["slow", "fast"],
            ended: [("120.000", false), ("120.000", false)],
            ratings: &[
                (1, "60.000", "1"),
                (1, "120.000", "2"),
                (2, "60.000", "19"),
                (2, "120.000", "20"),
                (2, "60.000", "5"),
                (2, "120.000", "7"),
            ],
            ssq: [items(&[]), items(&[]), items(&[(2, 1)])],
            turn_s: [0.25, 1.75],
            resumed: Some((2, 2)),
            simulated: false,
        },
    ]
}

/// The label of position `p` (from 1).
fn label(p: usize) -> &'static str {
    ["A", "B"][p - 1]
}

/// Writes `s`'s folder under `results`.
fn write_session(results: &Path, s: &Session, protocol: &Protocol) {
    let dir = results.join(s.id);
    std::fs::create_dir_all(&dir).unwrap();
    let seed = if s.simulated {
        "simulated = true\nsimulate_seed = 5\n"
    } else {
        "simulated = false\n"
    };
    let mut toml = format!(
        "study = \"pace\"\nparticipant = \"{}\"\nsequence = 1\n{seed}program_version = \"0.1.0\"\n\
         started_utc = \"2026-01-01T10:00:00Z\"\nprotocol_file = \"studies/pace.toml\"\n\
         protocol_sha256 = \"00\"\nmap = \"feel_course\"\norder = [\"{}\", \"{}\"]\n\
         labels = [\"A\", \"B\"]\nprotocol_text = {:?}\n",
        s.id, s.order[0], s.order[1], PROTOCOL
    );
    if let Some((position, discarded)) = s.resumed {
        toml += &format!(
            "\n[[resumed]]\nat_utc = \"2026-01-01T10:30:00Z\"\nfrom_position = {position}\n\
             condition = \"{}\"\ndiscarded_ratings = {discarded}\n",
            s.order[position - 1]
        );
    }
    std::fs::write(dir.join("session.toml"), toml).unwrap();
    let who = |p: usize| format!("{},{},{}", s.id, s.order[p - 1], label(p));
    let mut conditions = format!("{CONDITIONS_HEADER}\n");
    for p in 1..=2 {
        let (duration, early) = s.ended[p - 1];
        let name = format!("{p}-{}.wrec", s.order[p - 1]);
        conditions += &format!(
            "{},{p},2026-01-01T10:0{p}:00Z,{duration},{early},{name}\n",
            who(p)
        );
        let condition = protocol
            .conditions
            .iter()
            .find(|c| c.name == s.order[p - 1])
            .unwrap();
        record(&dir.join(&name), condition.tunables, s.turn_s[p - 1]);
    }
    std::fs::write(dir.join("conditions.csv"), conditions).unwrap();
    let mut ratings = format!("{RATINGS_HEADER}\n");
    for &(p, t, fms) in s.ratings {
        ratings += &format!("{},{p},{t},{fms}\n", who(p));
    }
    std::fs::write(dir.join("ratings.csv"), ratings).unwrap();
    let mut ssq = format!("{}\n", ssq_header());
    for (i, answers) in s.ssq.iter().enumerate() {
        let whom = match i {
            0 => format!("{},,,baseline", s.id),
            p => format!("{},post", who(p)),
        };
        let sc = wobblecaster::study::ssq::score(answers);
        let items: Vec<String> = answers.iter().map(u8::to_string).collect();
        ssq += &format!(
            "{whom},{},{:.2},{:.2},{:.2},{:.2}\n",
            items.join(","),
            sc.nausea,
            sc.oculomotor,
            sc.disorientation,
            sc.total
        );
    }
    std::fs::write(dir.join("ssq.csv"), ssq).unwrap();
    let answers = format!(
        "{ANSWERS_HEADER}\n{a},control,6\n{b},control,3\n{a},rank,1\n{b},rank,2\n",
        a = who(1),
        b = who(2)
    );
    std::fs::write(dir.join("answers.csv"), answers).unwrap();
}

/// Records a run on the open plane with `tunables`: walking, turning for
/// `turn_s`, walking on.
fn record(path: &Path, tunables: wobblecaster::sim::Tunables, turn_s: f64) {
    let text = format!("0.5 forward\n{turn_s} forward+turn-right\n0.5 forward\n");
    let script = Script::parse(&text, Path::new("test.script")).unwrap();
    let mut world = World::new(Map::open_plane(), tunables, SEED);
    let header = Header::new(&world, None, SEED);
    let mut recorder = Recorder::create(path, &header, &world).unwrap();
    for c in script.ticks() {
        world.step(&c);
        recorder.record(&c, &world).unwrap();
    }
    recorder.finish().unwrap();
}

/// A results folder of the three sessions in a fresh scratch folder.
fn results(test: &str) -> (TempDir, PathBuf) {
    let temp = TempDir::new("study-report", test);
    let results = temp.join("pace");
    let protocol = Protocol::parse(PROTOCOL, Path::new("pace.toml")).unwrap();
    for s in sessions() {
        write_session(&results, &s, &protocol);
    }
    (temp, results)
}

/// Runs the report into `results/report`.
fn run(results: &Path, force: bool) -> Result<Summary, ReportError> {
    report::report(results, &results.join(report::DEFAULT_OUT), force)
}

/// `summary.csv` as rows of fields, keyed by participant and condition.
fn summary_rows(results: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(results.join("report/summary.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    let rows = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    (header, rows)
}

/// The value of `column` in the row of `participant` and `condition`.
fn cell(results: &Path, participant: &str, condition: &str, column: &str) -> String {
    let (header, rows) = summary_rows(results);
    let i = header.iter().position(|h| h == column).unwrap();
    let row = rows
        .iter()
        .find(|r| r[0] == participant && r[1] == condition)
        .unwrap();
    row[i].clone()
}

#[test]
fn summary_holds_the_hand_computed_values() {
    let (_temp, results) = results("summary");
    let summary = run(&results, false).unwrap();
    assert_eq!(summary.participants, ["P1", "P2", "P3"]);
    assert_eq!(summary.observations, 6);
    let (header, rows) = summary_rows(&results);
    assert_eq!(rows.len(), 6);
    assert_eq!(header[..12].join(","), report::COLUMNS.join(","));
    assert!(
        header.len() > 12 && header.iter().any(|h| h == "yaw_rate_rms"),
        "{header:?}"
    );
    let fms_max = |p, c| cell(&results, p, c, "fms_max");
    assert_eq!(
        [
            fms_max("P1", "slow"),
            fms_max("P2", "slow"),
            fms_max("P3", "slow")
        ],
        ["4", "6", "2"]
    );
    assert_eq!(
        [
            fms_max("P1", "fast"),
            fms_max("P2", "fast"),
            fms_max("P3", "fast")
        ],
        ["10", "9", "7"]
    );
    // P2's fast: one answered prompt of one.
    assert_eq!(cell(&results, "P2", "fast", "fms_mean"), "9");
    assert_eq!(cell(&results, "P2", "slow", "fms_mean"), "5.5");
    assert_eq!(cell(&results, "P2", "slow", "fms_last"), "5");
    assert_eq!(cell(&results, "P2", "fast", "ended_early"), "true");
    assert_eq!(cell(&results, "P2", "fast", "duration_s"), "90.25");
    assert_eq!(cell(&results, "P2", "fast", "position"), "1");
    let delta = |p, c| cell(&results, p, c, "ssq_delta");
    assert_eq!(
        [
            delta("P1", "slow"),
            delta("P1", "fast"),
            delta("P2", "fast"),
            delta("P2", "slow")
        ],
        ["7.48", "22.44", "-3.74", "18.7"]
    );
    assert_eq!(cell(&results, "P2", "slow", "ssq_baseline_total"), "3.74");
    assert_eq!(cell(&results, "P2", "slow", "ssq_post_total"), "22.44");
    // Every recording measured: a metric defined in every row.
    let yaw = header.iter().position(|h| h == "yaw_rate_rms").unwrap();
    assert!(
        rows.iter().all(|r| r[yaw].parse::<f64>().is_ok()),
        "{rows:?}"
    );
    let written: Vec<String> = summary
        .written
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        written,
        [
            "summary.csv",
            "report.md",
            "fms.png",
            "ssq.png",
            "scatter.png"
        ]
    );
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
    let md = std::fs::read_to_string(results.join("report/report.md")).unwrap();
    // slow - fast, P1 P2 P3: 4 - 10, 6 - 9, 2 - 7.
    let (v, p) = exact_p(&[-6.0, -3.0, -5.0]);
    assert_eq!((v, p), (0.0, 0.25));
    let row = format!("| slow | fast | 3 | -5 | {v} | {p} | {p} | -1.00 |");
    assert!(md.contains(&row), "{row}\n{md}");
    // Three pairs can never reach 0.05, and the report says so.
    assert!(
        md.contains("slow against fast: 3 differing pairs, so p cannot be below 0.25"),
        "{md}"
    );
    assert!(!md.starts_with("SIMULATED"), "{md}");
    assert!(md.contains("| slow | 3 | 4 [3, 5], n = 3 |"), "{md}");
    assert!(
        md.contains("P2 stopped `fast` (shown as A, position 1) after 90.25 s"),
        "{md}"
    );
    assert!(
        md.contains("Which measurements track what people felt"),
        "{md}"
    );
    assert!(
        md.contains("| slow | 1.33 | 2 | 3 |"),
        "mean rank of slow: 1, 2, 1\n{md}"
    );
}

#[test]
fn a_resumed_participants_cut_off_ratings_are_left_out() {
    let (_temp, results) = results("resumed");
    run(&results, false).unwrap();
    // The attempt cut off rated 19 and 20; the one that counts 5 and 7.
    assert_eq!(cell(&results, "P3", "fast", "fms_max"), "7");
    assert_eq!(cell(&results, "P3", "fast", "fms_mean"), "6");
}

#[test]
fn a_line_cut_while_being_written_is_left_out_and_noted() {
    let (_temp, results) = results("cut");
    let ratings = results.join("P1/ratings.csv");
    let mut text = std::fs::read_to_string(&ratings).unwrap();
    text += "P1,fast,B,2,180.000,2";
    std::fs::write(&ratings, text).unwrap();
    let summary = run(&results, false).unwrap();
    assert_eq!(cell(&results, "P1", "fast", "fms_last"), "10");
    let note = "P1/ratings.csv: the last line has no end";
    assert!(
        summary.notes.iter().any(|n| n.starts_with(note)),
        "{:?}",
        summary.notes
    );
}

#[test]
fn simulated_data_is_labelled_at_the_top() {
    let (_temp, results) = results("simulated");
    let toml = results.join("P2/session.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text.replace(
        "simulated = false\n",
        "simulated = true\nsimulate_seed = 9\n",
    );
    std::fs::write(&toml, text).unwrap();
    let summary = run(&results, false).unwrap();
    assert_eq!(summary.simulated, 1);
    let md = std::fs::read_to_string(results.join("report/report.md")).unwrap();
    assert!(
        md.starts_with("SIMULATED DATA: 1 of the 3 participants"),
        "{md}"
    );
    assert!(md.lines().next().unwrap().contains("P2 (seed 9)"), "{md}");
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
    // Line 3 of P1's ratings: `P1,slow,A,1,120.000,4`.
    edit(
        &results.join("P1/ratings.csv"),
        "120.000,4\n",
        "120.000,25\n",
    );
    let e = run(&results, false).unwrap_err().to_string();
    assert!(
        e.contains("P1/ratings.csv:3:21: `fms` must be a whole number from 0 to 20"),
        "{e}"
    );
    edit(
        &results.join("P1/ratings.csv"),
        "120.000,25\n",
        "120.000,4\n",
    );
    edit(
        &results.join("P2/conditions.csv"),
        "90.250,true",
        "90.250,maybe",
    );
    let e = run(&results, false).unwrap_err().to_string();
    assert!(
        e.contains("P2/conditions.csv:2:") && e.contains("`ended_early` must be"),
        "{e}"
    );
    edit(
        &results.join("P2/conditions.csv"),
        "90.250,maybe",
        "90.250,true",
    );
    edit(&results.join("P1/ssq.csv"), ",22.44\n", ",30.00\n");
    let e = run(&results, false).unwrap_err().to_string();
    assert!(
        e.contains("P1/ssq.csv:4:") && e.contains("`total` is 30, but the items score 22.44"),
        "{e}"
    );
    edit(&results.join("P1/ssq.csv"), ",30.00\n", ",22.44\n");
    edit(
        &results.join("P3/session.toml"),
        "discarded_ratings = 2",
        "discarded_ratings = \"2\"",
    );
    let e = run(&results, false).unwrap_err().to_string();
    assert!(e.contains("P3/session.toml:"), "{e}");
    assert!(e.contains("expected a whole number, found string"), "{e}");
    assert!(!results.join("report").exists(), "nothing written");
}

#[test]
fn a_missing_recording_leaves_its_metrics_empty_and_says_so() {
    let (_temp, results) = results("missing");
    std::fs::remove_file(results.join("P1/1-slow.wrec")).unwrap();
    let partial = results.join("P2/2-slow.wrec.partial");
    std::fs::rename(results.join("P2/2-slow.wrec"), &partial).unwrap();
    let summary = run(&results, false).unwrap();
    let noted = |part: &str| summary.notes.iter().any(|n| n.contains(part));
    assert!(
        noted("P1/1-slow.wrec is missing: no metrics for it"),
        "{:?}",
        summary.notes
    );
    assert!(
        noted("2-slow.wrec.partial (left by a session"),
        "{:?}",
        summary.notes
    );
    assert_eq!(cell(&results, "P1", "slow", "yaw_rate_rms"), "");
    assert_eq!(cell(&results, "P1", "slow", "fms_max"), "4");
    assert!(cell(&results, "P2", "slow", "yaw_rate_rms")
        .parse::<f64>()
        .is_ok());
    let md = std::fs::read_to_string(results.join("report/report.md")).unwrap();
    assert!(md.contains("## Notes on the data") && md.contains("is missing: no metrics"));
    // A recording that is there but broken stops the report at its place.
    std::fs::write(&partial, "wobblecaster-recording 1\nversion = x\n").unwrap();
    let e = run(&results, true).unwrap_err().to_string();
    assert!(e.contains("P2/2-slow.wrec.partial"), "{e}");
}

#[test]
fn a_recording_cut_off_and_resumed_without_a_note_is_caught() {
    let (_temp, results) = results("undeclared");
    // Without [[resumed]], P3's fast ratings go back in time at line 6.
    edit(&results.join("P3/session.toml"), "[[resumed]]", "[[other]]");
    let e = run(&results, false).unwrap_err().to_string();
    assert!(
        e.contains("P3/ratings.csv:6:") && e.contains("not after the prompt before it"),
        "{e}"
    );
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
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
    assert!(std::fs::read_to_string(out.join("report.md"))
        .unwrap()
        .starts_with("# Feel study"));
    // An output folder elsewhere, empty, is filled.
    let elsewhere = results.parent().unwrap().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    report::report(&results, &elsewhere, false).unwrap();
    assert!(elsewhere.join("summary.csv").is_file());
}

#[test]
fn folders_without_a_session_are_left_out_or_refused() {
    let (_temp, results) = results("folders");
    std::fs::create_dir(results.join("notes")).unwrap();
    std::fs::write(results.join("README.txt"), "about").unwrap();
    let summary = run(&results, false).unwrap();
    assert_eq!(summary.skipped, ["notes/ (no session.toml)"]);
    let md = std::fs::read_to_string(results.join("report/report.md")).unwrap();
    assert!(md.contains("left out: notes/ (no session.toml)"), "{md}");
    std::fs::remove_file(results.join("P1/session.toml")).unwrap();
    let e = run(&results, true).unwrap_err().to_string();
    assert!(
        e.contains("P1 holds a session's data but no session.toml"),
        "{e}"
    );
    let empty = results.parent().unwrap().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let e = report::report(&empty, &empty.join("report"), false).unwrap_err();
    assert!(matches!(e, ReportError::NoParticipants(_)), "{e}");
}
