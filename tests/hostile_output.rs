//! Outputs and standard output under hostile conditions, through the
//! program: names already taken (by a user's file, a leftover temporary
//! file, a symlink), a report that cannot be finished, a wrong extension,
//! a closed or full standard output, counts past their bounds. Nothing a
//! user made is touched, nothing half made is left, and every failure is a
//! message and a non-zero exit, never a panic.

mod common;

use common::run;
use common::temp::TempDir;
use std::process::{Command, Stdio};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

/// The names in the folder, sorted.
fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn a_shot_leaves_partial_files_and_symlinks_beside_it_alone() {
    let dir = TempDir::new("hostile-output", "shot");
    let out = dir.join("view.png");
    let precious = dir.join("precious.txt");
    std::fs::write(&precious, "precious").unwrap();
    // A user's own view.png.partial, and one that is a symlink.
    std::fs::write(dir.join("view.png.partial"), "mine").unwrap();
    let other = dir.join("other.png");
    std::os::unix::fs::symlink(&precious, dir.join("other.png.partial")).unwrap();
    for target in [&out, &other] {
        let args = ["shot", "--out", target.to_str().unwrap()];
        let done = run(&args, LIMIT).unwrap();
        assert!(
            done.status.success(),
            "{}",
            String::from_utf8_lossy(&done.stderr)
        );
        assert!(image::open(target).is_ok(), "a PNG at {}", target.display());
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("view.png.partial")).unwrap(),
        "mine"
    );
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "precious");
    let names = entries(&dir.0);
    assert_eq!(
        names,
        [
            "other.png",
            "other.png.partial",
            "precious.txt",
            "view.png",
            "view.png.partial"
        ],
        "no temporary file left"
    );
}

#[test]
fn a_shot_named_for_another_format_is_refused_before_any_work() {
    let dir = TempDir::new("hostile-output", "jpg");
    let out = dir.join("view.jpg");
    let done = run(&["shot", "--out", out.to_str().unwrap()], LIMIT).unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(1), "{err}");
    assert!(
        err.contains("view.jpg: a shot is a PNG image; name it FILE.png"),
        "{err}"
    );
    assert!(entries(&dir.0).is_empty());
}

#[test]
fn a_report_that_cannot_be_finished_leaves_the_old_one_whole() {
    let dir = TempDir::new("hostile-output", "report");
    let report = dir.join("feel");
    std::fs::create_dir(&report).unwrap();
    std::fs::write(report.join("turn_90.png"), "old plot").unwrap();
    std::fs::write(report.join("notes.txt"), "mine").unwrap();
    // A folder where report.md must go: the report cannot be finished.
    std::fs::create_dir(report.join("report.md")).unwrap();
    let args = [
        "feel",
        "compare",
        "--out",
        report.to_str().unwrap(),
        "--force",
        "--predict-minutes",
        "0",
    ];
    let done = run(&args, LIMIT).unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(1), "{err}");
    assert!(err.contains("report.md"), "{err}");
    assert_eq!(
        std::fs::read_to_string(report.join("turn_90.png")).unwrap(),
        "old plot"
    );
    assert_eq!(entries(&report), ["notes.txt", "report.md", "turn_90.png"]);
    assert_eq!(entries(&dir.0), ["feel"], "no temporary folder left");
    // Into a folder that is not there, the report arrives whole.
    let fresh = dir.join("fresh");
    let done = run(
        &["feel", "compare", "--out", fresh.to_str().unwrap()],
        LIMIT,
    )
    .unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    assert_eq!(
        entries(&fresh).len(),
        16,
        "report.md, nine plots, four flight plots, flight.csv and predicted.png"
    );
}

/// Runs the program with `args` and its standard output a pipe whose
/// reading end is closed before the program starts: (exit code, stderr).
fn with_stdout_closed(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let child = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(args)
        .current_dir(common::root())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_or_full_standard_output_ends_the_command_with_a_message() {
    let commands: [&[&str]; 6] = [
        &["settings", "--defaults"],
        &["maps"],
        &["check-map", "maps/default.map"],
        &["feel", "maneuvers/turn_90.txt", "--csv"],
        &[
            "replay",
            "--headless",
            "--hash",
            "tests/golden/default.wrec",
        ],
        &["trace", "--script", "maneuvers/turn_90.txt"],
    ];
    for args in commands {
        let (code, err) = with_stdout_closed(args);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
    }
    #[cfg(target_os = "linux")]
    {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
            .args(["settings", "--defaults"])
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("No space left on device"), "{err}");
    }
}

#[test]
fn tick_counts_past_the_bound_are_refused_with_the_bound() {
    let dir = TempDir::new("hostile-output", "ticks");
    let out = dir.join("view.png");
    let args = [
        "shot",
        "--ticks",
        "18446744073709551615",
        "--out",
        out.to_str().unwrap(),
    ];
    let done = run(&args, LIMIT).expect("refused at once, not run for ages");
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(2), "{err}");
    assert!(
        err.contains("at most 3456000 ticks (8 hours at 120 a second)"),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn command_line_values_out_of_range_are_refused_with_the_range() {
    let cases = [
        (
            "--heading-speed",
            "NaN",
            "`heading_speed` must be 10 to 720 degrees per second",
        ),
        (
            "--gyro",
            "inf",
            "`gyro` must be 0 to 3600 degrees per second squared",
        ),
        ("--head-bob", "5", "`head_bob` must be 0 to 2"),
    ];
    for (flag, value, says) in cases {
        let args = ["trace", "--script", "maneuvers/turn_90.txt", flag, value];
        let done = run(&args, LIMIT).unwrap();
        let err = String::from_utf8_lossy(&done.stderr);
        assert_eq!(done.status.code(), Some(2), "{flag} {value}: {err}");
        assert!(err.contains(says), "{flag} {value}: {err}");
        assert!(done.stdout.is_empty(), "no rows of NaN");
    }
}

#[test]
fn settings_init_makes_the_folder_and_never_replaces_a_file() {
    let dir = TempDir::new("hostile-output", "init");
    let config = dir.join("config");
    let run_init = || {
        Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
            .args(["settings", "--init"])
            .env("XDG_CONFIG_HOME", &config)
            .env("HOME", &dir.0)
            .output()
            .unwrap()
    };
    // A fresh machine: no config folder at all.
    let first = run_init();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let file = config.join("wobblecaster/settings.toml");
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("[video]"), "{written}");
    // The player's own file stays as it is.
    std::fs::write(&file, "# mine\n").unwrap();
    let again = run_init();
    let err = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(1), "{err}");
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "# mine\n");
}
