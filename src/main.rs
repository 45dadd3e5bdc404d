//! The `wobblecaster` command: glue only. The commands live in the
//! library's `cli` module; this parses the command line, runs it, and
//! prints an error with every cause below it.

use clap::Parser;
use std::process::ExitCode;
use wobblecaster::allocator::LineAligned;
use wobblecaster::cli::{self, Cli};

// The frame (the window's buffer, the bench's) on a cache line, so that
// the renderer's eight-pixel stores never straddle two lines.
#[global_allocator]
static ALLOC: LineAligned = LineAligned;

fn main() -> ExitCode {
    // The main thread is one of rayon's workers: it draws and ticks with
    // the others rather than handing each frame's work to the pool and
    // waiting (a hand-off from outside the pool allocates now and then).
    let _ = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global();
    match cli::run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            let mut causes = wobblecaster::located::causes(&e).into_iter();
            eprintln!("error: {}", causes.next().unwrap_or_default());
            for cause in causes {
                eprintln!("  caused by: {cause}");
            }
            ExitCode::FAILURE
        }
    }
}
