//! Textures: square RGBA images loaded from PNG at the edge, stored
//! column-major so a wall column is one contiguous run of texels.

use crate::files::{self, cap, ReadError};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The largest texture edge accepted, in texels.
pub const MAX_TEXTURE_SIZE: u32 = 1024;

/// A square RGBA texture, column-major.
#[derive(Clone, Debug)]
pub struct Texture {
    size: usize,
    /// The average colour, worked out once (the minimap's colour).
    average: [u8; 3],
    /// Texel (x, y) at `x * size + y`, each the RGBA bytes packed with
    /// `u32::from_ne_bytes`, so `to_ne_bytes` gives them back in order.
    texels: Vec<u32>,
    /// The texels laid out for the floor's walk, made the first time it
    /// asks (only floors and ceilings do).
    padded: OnceLock<Padded>,
}

/// Two textures are equal when their texels are: the padded copy is only
/// a cache of them.
impl PartialEq for Texture {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.texels == other.texels
    }
}

/// A texture's texels twice more, each line followed again by its own
/// first [`Padded::PAD`] texels, so that [`Padded::PAD`] texels from any
/// start within a line, wrapping round it, lie side by side: once column by
/// column, once row by row. The floor's walk reads eight neighbours along
/// either axis with one load (`render::flats`).
#[derive(Clone, Debug)]
pub struct Padded {
    pitch: usize,
    columns: Vec<u32>,
    rows: Vec<u32>,
}

impl Padded {
    /// The texels repeated at the end of each line.
    pub const PAD: usize = 8;

    /// The padded layouts of a `size` x `size` texture's column-major
    /// `texels`.
    fn of(size: usize, texels: &[u32]) -> Self {
        let pitch = size + Self::PAD;
        let lay = |at: &dyn Fn(usize, usize) -> u32| {
            (0..size)
                .flat_map(|line| (0..pitch).map(move |i| (line, i % size)))
                .map(|(line, i)| at(line, i))
                .collect::<Vec<u32>>()
        };
        Self {
            pitch,
            columns: lay(&|x, y| texels[x * size + y]),
            rows: lay(&|y, x| texels[x * size + y]),
        }
    }

    /// Texels from one line's start to the next's.
    pub fn pitch(&self) -> usize {
        self.pitch
    }

    /// Column by column: texel (x, y % size) at `x * pitch + y`, for `y` up
    /// to `pitch`.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Row by row: texel (x % size, y) at `y * pitch + x`, for `x` up to
    /// `pitch`.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }
}

/// Why a texture could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum TextureError {
    /// The file is not there, not a file, unreadable or over the cap.
    #[error("cannot load texture {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: ReadError,
    },
    /// The file is not a PNG that decodes.
    #[error("texture {} is not a readable PNG", path.display())]
    Decode {
        /// The file.
        path: PathBuf,
        /// What the decoder said.
        #[source]
        source: image::ImageError,
    },
    /// A texture named (not a path) that is not a shipped texture.
    #[error(
        "no shipped texture is called `{name}`{}: a texture is a shipped name ({}) or a path to a PNG file",
        hint.as_ref().map_or(String::new(), |h| format!(" (did you mean `{h}`?)")),
        names.join(", ")
    )]
    NoSuchName {
        /// The name written.
        name: String,
        /// The shipped name nearest it, if one is near.
        hint: Option<String>,
        /// Every shipped texture's name.
        names: Vec<String>,
    },
    /// The image is not square, or empty, or too large.
    #[error("texture {} is {width}x{height}: textures must be square, 1 to {MAX_TEXTURE_SIZE} texels on a side", path.display())]
    Shape {
        /// The file.
        path: PathBuf,
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
}

impl Texture {
    /// A texture from row-major RGBA bytes of a `size` x `size` image.
    pub fn from_rgba(size: usize, rgba: &[u8]) -> Self {
        assert_eq!(
            rgba.len(),
            size * size * 4,
            "RGBA data of a {size}x{size} image"
        );
        let mut texels = vec![0; size * size];
        for (i, px) in rgba.chunks_exact(4).enumerate() {
            let (x, y) = (i % size, i / size);
            texels[x * size + y] = u32::from_ne_bytes([px[0], px[1], px[2], px[3]]);
        }
        let average = average(&texels);
        Self {
            size,
            average,
            texels,
            padded: OnceLock::new(),
        }
    }

    /// A 1x1 texture of one colour.
    pub fn solid(rgb: [u8; 3]) -> Self {
        Self::from_rgba(1, &[rgb[0], rgb[1], rgb[2], 255])
    }

    /// Loads a square PNG of at most [`cap::TEXTURE`] bytes, checking its
    /// size before decoding it.
    pub fn load(path: &Path) -> Result<Self, TextureError> {
        let bytes = files::read_bytes(path, "texture", cap::TEXTURE).map_err(|source| {
            TextureError::Read {
                path: path.to_owned(),
                source,
            }
        })?;
        Self::decode(path, &bytes)
    }

    /// Decodes PNG `bytes`; `path` only names the file in errors.
    pub fn decode(path: &Path, bytes: &[u8]) -> Result<Self, TextureError> {
        let decode_err = |source| TextureError::Decode {
            path: path.to_owned(),
            source,
        };
        let reader =
            image::ImageReader::with_format(std::io::Cursor::new(bytes), image::ImageFormat::Png);
        let (width, height) = reader.into_dimensions().map_err(decode_err)?;
        if width != height || width == 0 || width > MAX_TEXTURE_SIZE {
            return Err(TextureError::Shape {
                path: path.to_owned(),
                width,
                height,
            });
        }
        let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
            .map_err(decode_err)?
            .into_rgba8();
        Ok(Self::from_rgba(width as usize, image.as_raw()))
    }

    /// Edge length in texels.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The texels of column `x` (0 <= x < size), top to bottom.
    pub fn column(&self, x: usize) -> &[u32] {
        &self.texels[x * self.size..(x + 1) * self.size]
    }

    /// Every texel, column by column: texel (x, y) at `x * size + y`.
    pub fn texels(&self) -> &[u32] {
        &self.texels
    }

    /// The texel at (`x`, `y`), both wrapped into the texture.
    pub fn texel(&self, x: usize, y: usize) -> u32 {
        self.texels[(x % self.size) * self.size + y % self.size]
    }

    /// The average colour, for the minimap.
    pub fn average(&self) -> [u8; 3] {
        self.average
    }

    /// The texels padded for the floor's walk ([`Padded`]): made on the
    /// first call, then kept.
    pub fn padded(&self) -> &Padded {
        self.padded
            .get_or_init(|| Padded::of(self.size, &self.texels))
    }
}

/// The average colour of `texels`.
fn average(texels: &[u32]) -> [u8; 3] {
    let mut sum = [0u64; 3];
    for t in texels {
        let b = t.to_ne_bytes();
        for c in 0..3 {
            sum[c] += b[c] as u64;
        }
    }
    let n = texels.len().max(1) as u64;
    [(sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_major_layout() {
        // 2x2: row 0 = A B, row 1 = C D.
        let px = |v: u8| [v, v, v, 255];
        let rgba: Vec<u8> = [px(1), px(2), px(3), px(4)].concat();
        let t = Texture::from_rgba(2, &rgba);
        assert_eq!(t.column(0)[1].to_ne_bytes()[0], 3);
        assert_eq!(t.column(1)[0].to_ne_bytes()[0], 2);
        assert_eq!(t.texel(3, 2).to_ne_bytes()[0], 2);
    }

    #[test]
    fn the_padded_lines_wrap_round_their_own_texels() {
        for size in [1, 2, 3, 8, 17, 64] {
            let rgba: Vec<u8> = (0..size * size * 4).map(|i| (i * 7 % 251) as u8).collect();
            let t = Texture::from_rgba(size, &rgba);
            let p = t.padded();
            assert_eq!(p.pitch(), size + Padded::PAD);
            assert_eq!(p.columns().len(), size * p.pitch());
            assert_eq!(p.rows().len(), size * p.pitch());
            for line in 0..size {
                for i in 0..p.pitch() {
                    assert_eq!(p.columns()[line * p.pitch() + i], t.texel(line, i));
                    assert_eq!(p.rows()[line * p.pitch() + i], t.texel(i, line));
                }
            }
            // The cache is no part of what the texture is.
            assert_eq!(t, Texture::from_rgba(size, &rgba));
        }
    }

    #[test]
    fn garbage_is_a_decode_error_naming_the_file() {
        let e = Texture::decode(Path::new("x.png"), b"not a png").unwrap_err();
        assert!(e.to_string().contains("x.png"), "{e}");
    }
}
