//! Shared by the reliability tests: a global allocator that tracks each
//! thread's live bytes (for "no unbounded allocation" and "memory flat"),
//! a fuzz harness that runs any parser on hostile bytes, and scratch
//! folders for tests that write files.

#![allow(dead_code)] // Each test file uses its own part.

pub mod alloc;
pub mod fuzz;
pub mod temp;

/// The repository root.
pub fn root() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
}
