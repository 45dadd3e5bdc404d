//! The shipped folders are embedded in the program (`src/data/shipped.rs`):
//! a file added to or removed from one of them rebuilds it.

fn main() {
    for dir in ["maps", "assets", "studies", "maneuvers"] {
        println!("cargo:rerun-if-changed={dir}");
    }
}
