//! Shared by the reliability tests: a global allocator that tracks each
//! thread's live bytes (for "no unbounded allocation" and "memory flat"),
//! a fuzz harness that runs any parser on hostile bytes, scratch folders
//! for tests that write files, the study tests' simulated sessions, and
//! running the program.

#![allow(dead_code)] // Each test file uses its own part.

pub mod alloc;
pub mod fuzz;
pub mod study;
pub mod temp;

/// The repository root.
pub fn root() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the program with `args` from the repository root, killing it if it
/// runs past `limit`; `None` if it had to be killed.
pub fn run(args: &[&str], limit: std::time::Duration) -> Option<std::process::Output> {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_wobblecaster"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

/// The program run from the repository root with `args`, on `threads`
/// rayon threads (None: the default, every core), to its end.
pub fn wobble(args: &[&str], threads: Option<usize>) -> std::process::Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_wobblecaster"));
    cmd.args(args).current_dir(root());
    match threads {
        Some(n) => cmd.env("RAYON_NUM_THREADS", n.to_string()),
        None => cmd.env_remove("RAYON_NUM_THREADS"),
    };
    cmd.output().unwrap()
}

/// The stdout of `out`, asserting that the program succeeded (its stderr
/// shown if not).
pub fn ok(out: &std::process::Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The lines of the text file at `path`, panicking with its name if it
/// cannot be read.
pub fn lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::to_string)
        .collect()
}
