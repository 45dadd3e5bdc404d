//! The system allocator, counting the live bytes of each thread and their
//! peak, so a test measures its own allocations while others run beside it.
//! A block freed on another thread than the one that took it shows as a
//! drop there and a rise here; the code measured here is single-threaded.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The counting allocator; a test file that uses this module installs it.
pub struct Tracking;

thread_local! {
    /// Bytes allocated minus bytes freed on this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` since the last [`peak_during`] began.
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

/// Adds `delta` bytes to this thread's count. A thread being torn down
/// has no counters left; its last frees are not counted.
fn count(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: the caller's promises about `layout` pass straight on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        // SAFETY: `ptr` came from this allocator, which is the system's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        count(size as isize - layout.size() as isize);
        // SAFETY: as for `dealloc` and `alloc`.
        unsafe { System.realloc(ptr, layout, size) }
    }
}

/// This thread's live bytes now.
pub fn live() -> isize {
    LIVE.with(Cell::get)
}

/// Runs `f` and returns its result with the most bytes it held at once
/// beyond what the thread held before.
pub fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = live();
    PEAK.with(|p| p.set(before));
    let out = f();
    (out, (PEAK.with(Cell::get) - before).max(0) as usize)
}
