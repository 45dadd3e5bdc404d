//! Textures at the edge: a missing, corrupt, non-square, huge or oversized
//! PNG is a clear error naming the file, found before any large allocation.

mod common;
use common::temp::TempDir;

use common::alloc::{peak_during, Tracking};
use common::root;
use std::path::Path;
use wobblecaster::map;
use wobblecaster::texture::{Texture, TextureError, MAX_TEXTURE_SIZE};

#[global_allocator]
static GLOBAL: Tracking = Tracking;

fn temp_dir(test: &str) -> TempDir {
    TempDir::new("tex", test)
}

/// A PNG of `w` x `h` pixels, every pixel grey.
fn png(w: u32, h: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    image::RgbaImage::from_pixel(w, h, image::Rgba([90, 90, 90, 255]))
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    bytes
}

/// The CRC-32 of PNG chunks (ISO 3309), bit by bit.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xedb8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// A 1x1 PNG whose header claims `w` x `h` pixels, with a valid checksum:
/// what a decoder believes until it runs out of data.
fn claiming(w: u32, h: u32) -> Vec<u8> {
    let mut bytes = png(1, 1);
    // Signature (8), length (4), then "IHDR" and its 13 bytes at 12..29.
    bytes[16..20].copy_from_slice(&w.to_be_bytes());
    bytes[20..24].copy_from_slice(&h.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    bytes
}

/// Loads `bytes` written to `name` in `dir`; the error as shown, and the
/// most memory the load held.
fn load_error(dir: &Path, name: &str, bytes: &[u8]) -> (String, usize) {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let (result, peak) = peak_during(|| Texture::load(&path));
    (result.unwrap_err().to_string(), peak)
}

#[test]
fn a_missing_texture_is_named() {
    let e = Texture::load(Path::new("/no/such/wall.png")).unwrap_err();
    let shown = wobblecaster::located::chain(&e);
    assert!(
        shown.starts_with("cannot load texture /no/such/wall.png: cannot read the texture: "),
        "{shown}"
    );
}

#[test]
fn a_corrupt_texture_is_named() {
    let dir = temp_dir("corrupt");
    let good = png(64, 64);
    let (cut, _) = load_error(&dir.0, "cut.png", &good[..good.len() / 2]);
    assert!(cut.contains("cut.png is not a readable PNG"), "{cut}");
    let mut flipped = good.clone();
    flipped[60] ^= 0xff;
    let (bad, _) = load_error(&dir.0, "flipped.png", &flipped);
    assert!(bad.contains("flipped.png is not a readable PNG"), "{bad}");
    let (text, _) = load_error(&dir.0, "text.png", b"GIF89a, not a PNG");
    assert!(text.contains("text.png is not a readable PNG"), "{text}");
}

#[test]
fn a_texture_that_is_not_square_is_named_with_its_size() {
    let dir = temp_dir("square");
    let (e, _) = load_error(&dir.0, "wide.png", &png(64, 32));
    assert!(
        e.contains("wide.png is 64x32: textures must be square"),
        "{e}"
    );
    let (e, _) = load_error(&dir.0, "empty.png", &claiming(0, 0));
    assert!(e.contains("empty.png"), "{e}");
}

#[test]
fn a_huge_texture_is_refused_before_it_is_decoded() {
    let dir = temp_dir("huge");
    let over = MAX_TEXTURE_SIZE + 1;
    // A real image one texel too wide on each side.
    let (e, _) = load_error(&dir.0, "big.png", &png(over, over));
    assert!(
        e.contains(&format!(
            "big.png is {over}x{over}: textures must be square, 1 to"
        )),
        "{e}"
    );
    // A header claiming 60000 x 60000 (14 GB decoded): refused at the
    // header, holding no more than a few pages.
    let (e, peak) = load_error(&dir.0, "bomb.png", &claiming(60_000, 60_000));
    assert!(e.contains("bomb.png is 60000x60000"), "{e}");
    assert!(peak < 1 << 20, "held {peak} bytes");
    // Within the size limit but with no pixel data: corrupt, not a panic.
    let (e, peak) = load_error(&dir.0, "hollow.png", &claiming(1024, 1024));
    assert!(e.contains("hollow.png is not a readable PNG"), "{e}");
    assert!(peak < 16 << 20, "held {peak} bytes");
}

#[test]
fn a_file_too_large_to_be_a_texture_is_not_read_whole() {
    let dir = temp_dir("large");
    let path = dir.0.join("disk.png");
    // Sparse: no time or disk to write it.
    std::fs::File::create(&path)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let chain = |e: TextureError| wobblecaster::located::chain(&e);
    let (e, peak) = peak_during(|| chain(Texture::load(&path).unwrap_err()));
    assert!(
        e.ends_with("disk.png: the texture is larger than 16 MiB: too large to be one"),
        "{e}"
    );
    assert!(peak < 64 << 20, "held {peak} bytes");
    let e = chain(Texture::load(&dir.0).unwrap_err());
    let folder = format!(
        "cannot load texture {}: the texture is a folder",
        dir.0.display()
    );
    assert!(e.starts_with(&folder), "{e}");
}

#[test]
fn a_map_naming_a_bad_texture_names_both_files() {
    let dir = temp_dir("map");
    std::fs::write(dir.0.join("wide.png"), png(8, 4)).unwrap();
    let text = "name = t\n[legend]\n# = wide.png\nS = missing.png\n[grid]\n###\n#>S\n###\n";
    let file = dir.0.join("t.map");
    let shown = map::parse(text, &file).unwrap_err().to_string();
    let at = |line: usize| format!("{}:{line}:", file.display());
    assert!(
        shown.contains(&at(3)) && shown.contains("wide.png is 8x4"),
        "{shown}"
    );
    assert!(
        shown.contains(&at(4)) && shown.contains("missing.png"),
        "{shown}"
    );
    // The shipped textures all load.
    for entry in std::fs::read_dir(root().join("assets")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "png") {
            Texture::load(&path).unwrap();
        }
    }
}
