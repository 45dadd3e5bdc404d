//! Lines of text written with `write!` into buffers on the stack, so
//! that the readouts, formatted every frame, allocate nothing.

/// A line of HUD text written with `write!` into a fixed buffer on the
/// stack, so drawing the readouts every frame allocates nothing. Text past
/// its capacity is cut at a character boundary.
#[derive(Clone, Copy)]
pub struct Line {
    buf: [u8; LINE_BYTES],
    len: usize,
}

/// The bytes a [`Line`] holds: far more than a readout line's 40 or so.
const LINE_BYTES: usize = 96;

impl Default for Line {
    fn default() -> Self {
        Self {
            buf: [0; LINE_BYTES],
            len: 0,
        }
    }
}

impl Line {
    /// The text written so far.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

impl std::fmt::Write for Line {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for ch in s.chars() {
            let mut utf8 = [0; 4];
            let bytes = ch.encode_utf8(&mut utf8).as_bytes();
            if self.len + bytes.len() > LINE_BYTES {
                break;
            }
            self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
        }
        Ok(())
    }
}

/// Up to [`MAX_LINES`] [`Line`]s, on the stack.
pub struct Lines {
    lines: [Line; MAX_LINES],
    len: usize,
}

/// The most lines a [`Lines`] holds; more are dropped.
pub const MAX_LINES: usize = 16;

impl Default for Lines {
    fn default() -> Self {
        Self {
            lines: [Line::default(); MAX_LINES],
            len: 0,
        }
    }
}

impl Lines {
    /// A new empty line to `write!` into (past the last, the last again,
    /// cleared).
    pub fn next(&mut self) -> &mut Line {
        let i = self.len.min(MAX_LINES - 1);
        self.len = (self.len + 1).min(MAX_LINES);
        self.lines[i] = Line::default();
        &mut self.lines[i]
    }

    /// The lines written, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.lines[..self.len].iter().map(Line::as_str)
    }

    /// How many lines there are.
    pub fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write;

    #[test]
    fn lines_hold_formatted_text_and_cut_what_does_not_fit() {
        let mut lines = Lines::default();
        write!(lines.next(), "speed {:6.2}\u{b0}", 1.5).unwrap();
        write!(lines.next(), "{}", "x".repeat(200)).unwrap();
        let all: Vec<&str> = lines.iter().collect();
        assert_eq!(all[0], "speed   1.50\u{b0}");
        assert_eq!(all[1].len(), LINE_BYTES);
        for _ in 0..40 {
            lines.next();
        }
        assert_eq!(lines.len(), MAX_LINES);
    }
}
