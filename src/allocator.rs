//! The programs' allocator: the system's, with every large block starting
//! on a cache line.
//!
//! The renderer stores eight pixels (32 bytes) at a time, at columns that
//! are multiples of eight wherever it can. In a frame that starts on a
//! cache line those stores never straddle two lines; in one that starts 16
//! bytes into a line, as glibc places its large blocks (a 16-byte header
//! before each block it maps), every other such store does, and a store
//! across two lines costs about two. The frame is the game's largest block
//! (the `pixels` crate's buffer) and the bench's, so the binaries install
//! [`LineAligned`] rather than ask each owner of a buffer to align it: a
//! 1920x1080 frame about 1.4% quicker on one core of the Zen 4 and
//! 1.3-1.6% on two (PERF.md entry 140).

use std::alloc::{GlobalAlloc, Layout, System};

/// The smallest block [`LineAligned`] starts on a cache line: small blocks
/// keep the system's packing.
pub const LARGE: usize = 64 * 1024;

/// A cache line, bytes.
pub const LINE: usize = 64;

/// The system allocator, giving every block of [`LARGE`] bytes or more at
/// least [`LINE`]'s alignment. Install it in a binary with
/// `#[global_allocator] static ALLOC: LineAligned = LineAligned;`.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineAligned;

/// The layout the system is asked for in place of `layout`: the same size,
/// on a cache line if large. A function of `layout` alone, so a block is
/// freed with the layout it was taken with.
pub fn placed(layout: Layout) -> Layout {
    if layout.size() >= LARGE {
        // Fails only where rounding the size up to a line would overflow;
        // such a block is then asked for as it is.
        layout.align_to(LINE).unwrap_or(layout)
    } else {
        layout
    }
}

// SAFETY: every block comes from `System`, and goes back to it, with the
// layout `placed` gives for the caller's layout: the same each time for
// the same layout, at least as aligned and exactly as large as the
// caller's, so each of the caller's promises about its layout holds for
// the system's.
unsafe impl GlobalAlloc for LineAligned {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: `placed` keeps the size, which the caller made nonzero.
        unsafe { System.alloc(placed(layout)) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        unsafe { System.alloc_zeroed(placed(layout)) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was taken from the system with `placed(layout)`.
        unsafe { System.dealloc(ptr, placed(layout)) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = placed(layout);
        let Ok(new) = Layout::from_size_align(new_size, layout.align()).map(placed) else {
            return std::ptr::null_mut();
        };
        if new.align() == old.align() {
            // SAFETY: `ptr` was taken with `old`, whose alignment the
            // system keeps across its `realloc`; `new_size` is the
            // caller's, nonzero and not overflowing at that alignment.
            return unsafe { System.realloc(ptr, old, new_size) };
        }
        // Across `LARGE`: a new block at the new alignment, the bytes
        // both hold copied, the old block freed.
        // SAFETY: `new` has the caller's nonzero `new_size`.
        let moved = unsafe { System.alloc(new) };
        if !moved.is_null() {
            // SAFETY: both blocks hold at least the smaller size, and are
            // distinct live blocks; `ptr` was taken with `old`.
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                System.dealloc(ptr, old);
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks at least `LARGE` start on a line, whatever alignment was
    /// asked; smaller ones keep what was asked. Growing across `LARGE` and
    /// shrinking back keep the bytes and the alignment each size takes.
    #[test]
    fn large_blocks_start_on_a_line_and_keep_their_bytes_across_sizes() {
        let a = LineAligned;
        for (size, align) in [(LARGE, 1), (LARGE + 3, 4), (8 << 20, 16), (1 << 20, 128)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            for zeroed in [false, true] {
                // SAFETY: a nonzero size; freed below with the same layout.
                let p = unsafe {
                    match zeroed {
                        false => a.alloc(layout),
                        true => a.alloc_zeroed(layout),
                    }
                };
                assert!(!p.is_null());
                assert_eq!(p as usize % LINE.max(align), 0, "{size} {align}");
                if zeroed {
                    // SAFETY: `size` bytes were just taken, zeroed.
                    let bytes = unsafe { std::slice::from_raw_parts(p, size) };
                    assert!(bytes.iter().all(|&b| b == 0));
                }
                // SAFETY: taken above with `layout`.
                unsafe { a.dealloc(p, layout) };
            }
        }
        let small = Layout::from_size_align(100, 2).unwrap();
        assert_eq!(placed(small), small);

        // 1,000 bytes grown to 100,000 (across LARGE) and back to 10.
        let layout = Layout::from_size_align(1000, 1).unwrap();
        // SAFETY: a nonzero size.
        let p = unsafe { a.alloc(layout) };
        assert!(!p.is_null());
        // SAFETY: 1,000 bytes taken above.
        unsafe { (0..1000).for_each(|i| *p.add(i) = (i % 251) as u8) };
        // SAFETY: `p` was taken with `layout`; the new size is nonzero.
        let grown = unsafe { a.realloc(p, layout, 100_000) };
        assert!(!grown.is_null());
        assert_eq!(grown as usize % LINE, 0);
        // SAFETY: the first 1,000 bytes were copied.
        unsafe { (0..1000).for_each(|i| assert_eq!(*grown.add(i), (i % 251) as u8)) };
        let large = Layout::from_size_align(100_000, 1).unwrap();
        // SAFETY: `grown` was taken with `large`'s size and alignment.
        let shrunk = unsafe { a.realloc(grown, large, 10) };
        assert!(!shrunk.is_null());
        // SAFETY: the first ten bytes were copied.
        unsafe { (0..10).for_each(|i| assert_eq!(*shrunk.add(i), (i % 251) as u8)) };
        // SAFETY: `shrunk` was taken with ten bytes at alignment 1.
        unsafe { a.dealloc(shrunk, Layout::from_size_align(10, 1).unwrap()) };
    }
}
