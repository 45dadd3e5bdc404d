//! Textures: square RGBA images loaded from PNG at the edge, stored
//! column-major so a wall column is one contiguous run of texels.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest texture edge accepted, in texels.
pub const MAX_TEXTURE_SIZE: u32 = 1024;
/// The largest texture file read, in bytes: a 1024x1024 RGBA image stored
/// without compression is 4 MiB.
pub const MAX_TEXTURE_FILE: u64 = 16 << 20;

/// A square RGBA texture, column-major.
#[derive(Clone, Debug, PartialEq)]
pub struct Texture {
    size: usize,
    /// The average colour, worked out once (the minimap's colour).
    average: [u8; 3],
    /// Texel (x, y) at `x * size + y`, each the RGBA bytes packed with
    /// `u32::from_ne_bytes`, so `to_ne_bytes` gives them back in order.
    texels: Vec<u32>,
}

/// Why a texture could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum TextureError {
    /// The file is not there or cannot be read.
    #[error("cannot read texture {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is larger than any texture could be.
    #[error("texture {} is over {} MiB: too large for a {MAX_TEXTURE_SIZE}x{MAX_TEXTURE_SIZE} texture", path.display(), MAX_TEXTURE_FILE >> 20)]
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The file is not a PNG that decodes.
    #[error("texture {} is not a readable PNG: {reason}", path.display())]
    Decode {
        /// The file.
        path: PathBuf,
        /// What the decoder said.
        reason: String,
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
        }
    }

    /// A 1x1 texture of one colour.
    pub fn solid(rgb: [u8; 3]) -> Self {
        Self::from_rgba(1, &[rgb[0], rgb[1], rgb[2], 255])
    }

    /// Loads a square PNG of at most [`MAX_TEXTURE_FILE`] bytes, checking
    /// its size before decoding it.
    pub fn load(path: &Path) -> Result<Self, TextureError> {
        let read_err = |source| TextureError::Read {
            path: path.to_owned(),
            source,
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_TEXTURE_FILE + 1).read_to_end(&mut bytes))
            .map_err(read_err)?;
        if bytes.len() as u64 > MAX_TEXTURE_FILE {
            return Err(TextureError::TooLarge {
                path: path.to_owned(),
            });
        }
        Self::decode(path, &bytes)
    }

    /// Decodes PNG `bytes`; `path` only names the file in errors.
    pub fn decode(path: &Path, bytes: &[u8]) -> Result<Self, TextureError> {
        let decode_err = |e: image::ImageError| TextureError::Decode {
            path: path.to_owned(),
            reason: e.to_string(),
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
    fn garbage_is_a_decode_error_naming_the_file() {
        let e = Texture::decode(Path::new("x.png"), b"not a png").unwrap_err();
        assert!(e.to_string().contains("x.png"), "{e}");
    }
}
