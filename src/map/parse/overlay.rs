//! The grids laid over the grid (`[sky]`, `[surface]`): the grid's size,
//! one character a tile, read the same way whatever they say.

use super::Parser;
use crate::map::error::MapErrorKind;

impl<'a> Parser<'a> {
    /// The cells of an overlay grid (`rows`, under its section's heading
    /// at `section_line`), each character read by `cell`: a character it
    /// refuses is reported at its line and column and kept as the value
    /// it gives with the fault. None, reported, if the grid is not
    /// `width` x `height` (`wrong_size` says so) or a row is ragged.
    /// Blank rows at its end are not rows.
    pub(super) fn overlay<T>(
        &mut self,
        mut rows: Vec<(usize, &'a str)>,
        section_line: usize,
        (width, height): (usize, usize),
        wrong_size: fn(String, String) -> MapErrorKind,
        cell: impl Fn(char) -> Result<T, (T, MapErrorKind)>,
    ) -> Option<Vec<T>> {
        while rows.last().is_some_and(|(_, r)| r.trim().is_empty()) {
            rows.pop();
        }
        let found_w = rows.first().map_or(0, |r| r.1.chars().count());
        if rows.len() != height || found_w != width {
            let found = format!("{found_w}x{}", rows.len());
            self.error(
                section_line,
                1,
                wrong_size(format!("{width}x{height}"), found),
            );
            return None;
        }
        let mut tiles = Vec::with_capacity(width * height);
        for (line, text) in rows {
            let found = text.chars().count();
            if found != width {
                let kind = MapErrorKind::Ragged {
                    expected: width,
                    found,
                };
                self.error(line, found.min(width) + 1, kind);
                return None;
            }
            for (c, ch) in text.chars().enumerate() {
                tiles.push(cell(ch).unwrap_or_else(|(kept, fault)| {
                    self.error(line, c + 1, fault);
                    kept
                }));
            }
        }
        Some(tiles)
    }
}
