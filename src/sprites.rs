//! Sprite sheets: the enemies, their shots and the player's gun, loaded
//! from PNGs in `assets/sprites/` at the edge, with errors naming the file.
//!
//! A sheet is a grid of square frames, stored frame by frame and
//! column-major within a frame, so a screen column of a sprite reads one
//! contiguous run of texels. Texels with alpha below 128 are transparent.
//!
//! Rotated sheets (walker, tank) have 8 columns: column k shows the actor
//! with its heading turned k x 45 degrees clockwise (seen from above) from
//! facing the viewer. So column 0 is the front, 2 has the nose pointing to
//! the screen's left, 4 is the back and 6 has the nose to the right.

use crate::files::{cap, ReadError};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One sheet of equal square frames.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// Frame edge, texels.
    pub size: usize,
    /// Frames across.
    pub cols: usize,
    /// Frames down.
    pub rows: usize,
    /// Frame (col, row) at `(row * cols + col) * size * size`, then texel
    /// (x, y) at `x * size + y`; RGBA bytes packed with `u32::from_ne_bytes`.
    texels: Vec<u32>,
    /// For frame `f`, texel row `y` at `f * size + y`: the columns from its
    /// first opaque texel to one past its last (empty if it has none), so
    /// a painter of rows can skip the clear texels round a frame.
    row_spans: Vec<(u16, u16)>,
    /// The same texels row by row: frame `f`'s row `y` from `(f * size +
    /// y) * (size + ROW_PAD)`, its `size` texels then [`Sheet::ROW_PAD`]
    /// clear ones, so that eight texels from any column of a row lie side
    /// by side (the gun's eights, `render::fight`). Made the first time a
    /// painter asks ([`Sheet::line`]), as only the gun does, the way a
    /// texture's padded copy is (`texture::Texture::padded`).
    lines: OnceLock<Vec<u32>>,
}

/// Two sheets are equal when their layout and texels are: the opaque
/// spans and the rows are worked out from those.
impl PartialEq for Sheet {
    fn eq(&self, other: &Self) -> bool {
        (self.size, self.cols, self.rows) == (other.size, other.cols, other.rows)
            && self.texels == other.texels
    }
}

impl Sheet {
    /// A sheet from a row-major RGBA image `width` x `height` cut into
    /// frames of `size`; None if the image is not a whole number of frames
    /// or the frames are over 65535 texels on a side.
    pub fn from_rgba(size: usize, width: usize, height: usize, rgba: &[u8]) -> Option<Self> {
        if size == 0
            || size > usize::from(u16::MAX)
            || !width.is_multiple_of(size)
            || !height.is_multiple_of(size)
            || rgba.len() != width * height * 4
        {
            return None;
        }
        let (cols, rows) = (width / size, height / size);
        let mut texels = vec![0u32; width * height];
        for (i, px) in rgba.chunks_exact(4).enumerate() {
            let (x, y) = (i % width, i / width);
            let frame = (y / size) * cols + x / size;
            let at = frame * size * size + (x % size) * size + y % size;
            texels[at] = u32::from_ne_bytes([px[0], px[1], px[2], px[3]]);
        }
        let row_spans = texels
            .chunks_exact(size * size)
            .flat_map(|frame| {
                (0..size).map(move |y| {
                    let seen = |x: &usize| opaque(frame[x * size + y]);
                    let first = (0..size).find(seen).unwrap_or(0);
                    let end = (0..size).rev().find(seen).map_or(0, |x| x + 1);
                    (first as u16, end as u16)
                })
            })
            .collect();
        Some(Self {
            size,
            cols,
            rows,
            texels,
            row_spans,
            lines: OnceLock::new(),
        })
    }

    /// The clear texels after each row of [`Self::line`].
    pub const ROW_PAD: usize = 8;

    /// Texel row `y` of frame (`col`, `row`), left to right, then
    /// [`Self::ROW_PAD`] clear texels; frames wrap as in [`Self::column`].
    #[inline]
    pub fn line(&self, col: usize, row: usize, y: usize) -> &[u32] {
        let (size, pitch) = (self.size, self.size + Self::ROW_PAD);
        let lines = self.lines.get_or_init(|| {
            let mut lines = vec![0u32; self.texels.len() / size * pitch];
            for (f, frame) in self.texels.chunks_exact(size * size).enumerate() {
                for (x, column) in frame.chunks_exact(size).enumerate() {
                    for (y, &texel) in column.iter().enumerate() {
                        lines[(f * size + y) * pitch + x] = texel;
                    }
                }
            }
            lines
        });
        let start = (self.frame_at(col, row) * size + y.min(size - 1)) * pitch;
        &lines[start..start + pitch]
    }

    /// The index of frame (`col`, `row`), which wraps past the sheet's edge
    /// (a sheet short of frames still draws).
    #[inline]
    fn frame_at(&self, col: usize, row: usize) -> usize {
        (row % self.rows) * self.cols + col % self.cols
    }

    /// The columns of texel row `y` of frame (`col`, `row`) from its first
    /// opaque texel to one past its last: `first..end`, empty (`end` not
    /// above `first`) if the row is clear. Frames wrap as in [`Self::column`].
    #[inline]
    pub fn row_span(&self, col: usize, row: usize, y: usize) -> (usize, usize) {
        let frame = self.frame_at(col, row);
        let (first, end) = self.row_spans[frame * self.size + y.min(self.size - 1)];
        (usize::from(first), usize::from(end))
    }

    /// Texel column `x` of frame (`col`, `row`), top to bottom; frames past
    /// the sheet's edge wrap round (a sheet short of frames still draws).
    #[inline]
    pub fn column(&self, col: usize, row: usize, x: usize) -> &[u32] {
        let start = x.min(self.size - 1) * self.size;
        &self.frame(col, row)[start..start + self.size]
    }

    /// Frame (`col`, `row`)'s texels, column after column; frames wrap as
    /// in [`Self::column`].
    #[inline]
    pub fn frame(&self, col: usize, row: usize) -> &[u32] {
        let frame = self.frame_at(col, row);
        let area = self.size * self.size;
        &self.texels[frame * area..(frame + 1) * area]
    }
}

/// True if a packed texel is opaque enough to draw.
#[inline]
pub fn opaque(texel: u32) -> bool {
    texel.to_ne_bytes()[3] >= 128
}

/// Every sprite sheet the game draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Art {
    /// 8 rotations x (4 walk frames, attack, pain).
    pub walker: Sheet,
    /// Falling frames; the last is the corpse.
    pub walker_death: Sheet,
    /// 8 rotations x 2 tread phases: the hull, without its turret.
    pub tank: Sheet,
    /// 8 rotations of the turret and barrel, drawn over the hull turned
    /// toward the tank's aim.
    pub tank_turret: Sheet,
    /// The burnt-out wreck.
    pub tank_wreck: Sheet,
    /// 8 rotations x (4 walk frames, aim, fire, pain), then a row of
    /// death frames (columns 0 to 3).
    pub guard: Sheet,
    /// A shell's flicker frames.
    pub shell: Sheet,
    /// A hit's puff, over its life.
    pub puff: Sheet,
    /// The weapons in hand, a row a weapon in the number keys' order:
    /// ready, the shot with its flash, the recoil, the recovery
    /// (128-texel frames; drawn by `examples/gen_weapons.rs`).
    pub weapons: Sheet,
    /// Rounds and weapons lying on the floor: a clip, a dropped clip, then
    /// each weapon (drawn by `examples/gen_weapons.rs`).
    pub arms_items: Sheet,
    /// Pickups: gold key, silver key, first aid, fuel can.
    pub items: Sheet,
    /// A course's beacons: a checkpoint passed, the next, one ahead, the
    /// finish, the finish next.
    pub beacon: Sheet,
    /// A beacon's number plates: the digits 0 to 9.
    pub digits: Sheet,
}

/// Why the sprite art could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum SpriteError {
    /// The file is not there or cannot be read.
    #[error("cannot load sprite sheet {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: ReadError,
    },
    /// The file is not a PNG that decodes.
    #[error("sprite sheet {} is not a readable PNG", path.display())]
    Decode {
        /// The file.
        path: PathBuf,
        /// What the decoder said.
        #[source]
        source: image::ImageError,
    },
    /// The image is not the sheet's layout.
    #[error("sprite sheet {} is {width}x{height}: expected {expected}", path.display())]
    Shape {
        /// The file.
        path: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// The layout it must have.
        expected: String,
    },
}

/// Each sheet's file, frame size, columns and rows.
const LAYOUT: [(&str, usize, usize, usize); 13] = [
    ("walker.png", 64, 8, 7),
    ("walker_death.png", 64, 4, 1),
    ("tank.png", 64, 8, 2),
    ("tank_wreck.png", 64, 1, 1),
    ("shell.png", 64, 4, 1),
    ("puff.png", 64, 4, 1),
    ("weapons.png", 128, 4, 4),
    ("arms_items.png", 64, 6, 1),
    ("items.png", 64, 9, 1),
    ("beacon.png", 64, 5, 1),
    ("digits.png", 32, 10, 1),
    ("guard.png", 64, 8, 8),
    ("tank_turret.png", 64, 8, 1),
];

impl Art {
    /// Loads every sheet from `dir` (the game's `assets/sprites`).
    pub fn load(dir: &Path) -> Result<Self, SpriteError> {
        let mut sheets = Vec::with_capacity(LAYOUT.len());
        for (name, size, cols, rows) in LAYOUT {
            sheets.push(load_sheet(&dir.join(name), size, cols, rows)?);
        }
        let mut s = sheets.into_iter();
        let mut next = || s.next().expect("one sheet per layout entry");
        Ok(Self {
            walker: next(),
            walker_death: next(),
            tank: next(),
            tank_wreck: next(),
            shell: next(),
            puff: next(),
            weapons: next(),
            arms_items: next(),
            items: next(),
            beacon: next(),
            digits: next(),
            guard: next(),
            tank_turret: next(),
        })
    }

    /// Art of plain shapes made in memory, each frame a different opaque
    /// colour, for tests that must not depend on the shipped files.
    pub fn plain() -> Self {
        let sheet = |size: usize, cols: usize, rows: usize| {
            let (w, h) = (size * cols, size * rows);
            let mut rgba = vec![0u8; w * h * 4];
            for (i, px) in rgba.chunks_exact_mut(4).enumerate() {
                let (x, y) = (i % w, i / w);
                let (fx, fy) = (x % size, y % size);
                // A figure filling the middle half of each frame, its
                // shade telling the frame apart.
                if fx >= size / 4 && fx < size * 3 / 4 && fy >= size / 4 {
                    let frame = (y / size * cols + x / size) as u8;
                    px.copy_from_slice(&[200, frame.wrapping_mul(29), 60, 255]);
                }
            }
            Sheet::from_rgba(size, w, h, &rgba).expect("a whole number of frames")
        };
        Self {
            walker: sheet(8, 8, 7),
            walker_death: sheet(8, 4, 1),
            tank: sheet(8, 8, 2),
            tank_wreck: sheet(8, 1, 1),
            shell: sheet(8, 4, 1),
            puff: sheet(8, 4, 1),
            weapons: sheet(16, 4, 4),
            arms_items: sheet(8, 6, 1),
            items: sheet(8, 9, 1),
            beacon: sheet(8, 5, 1),
            digits: sheet(8, 10, 1),
            guard: sheet(8, 8, 8),
            tank_turret: sheet(8, 8, 1),
        }
    }
}

/// Loads one sheet, checking its size against its layout before decoding.
fn load_sheet(path: &Path, size: usize, cols: usize, rows: usize) -> Result<Sheet, SpriteError> {
    let bytes = crate::data::read_bytes(path, "sprite sheet", cap::TEXTURE).map_err(|source| {
        SpriteError::Read {
            path: path.to_owned(),
            source,
        }
    })?;
    let decode = |source| SpriteError::Decode {
        path: path.to_owned(),
        source,
    };
    let reader =
        image::ImageReader::with_format(std::io::Cursor::new(&bytes), image::ImageFormat::Png);
    let (width, height) = reader.into_dimensions().map_err(decode)?;
    let expected = (size * cols, size * rows);
    if (width as usize, height as usize) != expected {
        return Err(SpriteError::Shape {
            path: path.to_owned(),
            width,
            height,
            expected: format!(
                "{}x{} ({cols} x {rows} frames of {size}x{size})",
                expected.0, expected.1
            ),
        });
    }
    let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .map_err(decode)?
        .into_rgba8();
    Ok(Sheet::from_rgba(size, expected.0, expected.1, image.as_raw()).expect("size checked"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_cut_column_major() {
        // A 2x1 sheet of 2x2 frames; texel value = its x + 10 y.
        let mut rgba = Vec::new();
        for y in 0..2u8 {
            for x in 0..4u8 {
                rgba.extend_from_slice(&[x + 10 * y, 0, 0, 255]);
            }
        }
        let s = Sheet::from_rgba(2, 4, 2, &rgba).unwrap();
        let red = |t: &[u32]| t.iter().map(|v| v.to_ne_bytes()[0]).collect::<Vec<_>>();
        assert_eq!(red(s.column(0, 0, 1)), [1, 11]);
        assert_eq!(red(s.column(1, 0, 0)), [2, 12]);
        assert_eq!(red(s.column(1, 0, 1)), [3, 13]);
        assert!(Sheet::from_rgba(3, 4, 2, &rgba).is_none());
    }

    #[test]
    fn a_line_is_the_row_of_the_columns_then_clear_texels() {
        // A 3x2 sheet of 5x5 frames, every texel different.
        let (size, w, h) = (5, 15, 10);
        let rgba: Vec<u8> = (0..w * h)
            .flat_map(|i| [i as u8, (i >> 8) as u8, 7, 255])
            .collect();
        let s = Sheet::from_rgba(size, w, h, &rgba).unwrap();
        for (col, row, y) in
            (0..4).flat_map(|c| (0..3).flat_map(move |r| (0..6).map(move |y| (c, r, y))))
        {
            let line = s.line(col, row, y);
            let want: Vec<u32> = (0..size)
                .map(|x| s.column(col, row, x)[y.min(size - 1)])
                .chain([0; Sheet::ROW_PAD])
                .collect();
            assert_eq!(line, want, "frame ({col}, {row}), row {y}");
        }
        // Texel (x, y) of frame (1, 1) is image pixel (5 + x, 5 + y).
        assert_eq!(
            s.line(1, 1, 2)[3],
            u32::from_ne_bytes([(7 * w + 8) as u8, 0, 7, 255])
        );
    }

    #[test]
    fn a_missing_or_misshapen_sheet_names_its_file() {
        let dir = crate::files::Scratch::new("sprites");
        let e = Art::load(&dir).unwrap_err().to_string();
        assert!(e.contains("walker.png"), "{e}");
        let mut png = Vec::new();
        image::RgbaImage::new(10, 10)
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        std::fs::write(dir.join("walker.png"), &png).unwrap();
        let e = Art::load(&dir).unwrap_err().to_string();
        assert!(e.contains("walker.png is 10x10: expected 512x448"), "{e}");
        std::fs::write(dir.join("walker.png"), b"not a png").unwrap();
        let e = Art::load(&dir).unwrap_err().to_string();
        assert!(e.contains("walker.png is not a readable PNG"), "{e}");
    }

    #[test]
    fn the_shipped_art_loads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
        Art::load(&dir).unwrap();
    }
}
