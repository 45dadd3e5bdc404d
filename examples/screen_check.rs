//! Checks a screen capture from `xwd -root` for a rendered scene, for the
//! real-window test in `.ci/window-test`.
//!
//! Usage: `screen_check CAPTURE.xwd [OUT.png [EXPECTED.png]]`. Exits 0 if the
//! capture shows a scene (many colours, none covering most of the screen)
//! and, when EXPECTED is given (a `shot` of the same view), if the window in
//! the top-left corner of the screen matches it scaled up; 1 if not. Writes
//! the capture as PNG when OUT is given.
//!
//! `screen_check --notice CAPTURE.xwd WxH`: exits 1 if the bottom line of
//! the W x H window in the top-left corner shows the HUD's notice (its
//! text's colour), 0 if not: a study's play must show none.
//!
//! `screen_check --region CAPTURE.xwd EXPECTED.png X,Y,W,H`: exits 0 if
//! the rectangle X,Y,W,H of EXPECTED (its pixels) matches the capture's
//! window there, 1 if not: the lab readout's corner with and without F10.
//!
//! `screen_check --colour CAPTURE.xwd X,Y,W,H R,G,B`: exits 0 if at least
//! half of the capture's rectangle X,Y,W,H is of colour R,G,B, 1 if not:
//! the status bar's slate across the window's foot.

use std::process::ExitCode;

/// Quantised colours (5 bits a channel) a scene shows at the least.
const MIN_COLOURS: usize = 64;
/// The largest share of the screen one quantised colour may cover.
const MAX_SHARE: f64 = 0.8;
/// The largest mean difference per channel (of 255) from the expected view;
/// the HUD's frame counter and scaling filters make up a few units.
const MAX_MEAN_DIFF: f64 = 12.0;

/// The HUD's bottom-line notice's text colour (`render::hud`).
const NOTICE_RGB: [u8; 3] = [255, 120, 100];
/// Pixels of that colour that make a notice: a few letters' worth.
const NOTICE_PIXELS: usize = 40;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("--notice") => return notice(&args[2..]),
        Some("--region") => return region(&args[2..]),
        Some("--colour") => return colour(&args[2..]),
        _ => {}
    }
    let Some(path) = args.get(1) else {
        eprintln!("usage: screen_check CAPTURE.xwd [OUT.png]");
        return ExitCode::from(2);
    };
    let capture = match read_capture(path) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if let Some(out) = args.get(2) {
        if let Err(e) = image::save_buffer(
            out,
            &capture.rgba,
            capture.width,
            capture.height,
            image::ExtendedColorType::Rgba8,
        ) {
            eprintln!("{out}: {e}");
        }
    }
    let (colours, share) = colour_stats(&capture.rgba);
    println!(
        "{path}: {}x{}, {colours} colours, top colour covers {:.0}%",
        capture.width,
        capture.height,
        share * 100.0
    );
    let mut ok = colours >= MIN_COLOURS && share <= MAX_SHARE;
    if let Some(expected) = args.get(3) {
        match image::open(expected) {
            Ok(img) => {
                let diff = mean_diff(&capture, &img.into_rgba8());
                println!("mean difference from {expected}: {diff:.1} of 255 per channel");
                ok &= diff <= MAX_MEAN_DIFF;
            }
            Err(e) => {
                eprintln!("{expected}: {e}");
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `--notice CAPTURE.xwd WxH`: the notice's pixels in the window's bottom
/// eighth.
fn notice(args: &[String]) -> ExitCode {
    let (Some(path), Some(size)) = (args.first(), args.get(1)) else {
        eprintln!("usage: screen_check --notice CAPTURE.xwd WxH");
        return ExitCode::from(2);
    };
    let Some((w, h)) = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
    else {
        eprintln!("{size}: not a size WxH");
        return ExitCode::from(2);
    };
    let capture = match read_capture(path) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let (w, h) = (w.min(capture.width), h.min(capture.height));
    let mut found = 0;
    for y in h - h / 8..h {
        for x in 0..w {
            let at = (y * capture.width + x) as usize * 4;
            let px = &capture.rgba[at..at + 3];
            if (0..3).all(|c| px[c].abs_diff(NOTICE_RGB[c]) <= 12) {
                found += 1;
            }
        }
    }
    println!("{path}: {found} pixels of the notice's colour in the bottom line");
    if found >= NOTICE_PIXELS {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Mean absolute difference per channel between `expected`, scaled up by
/// the largest whole factor that fits the screen, and the top-left of
/// `capture`.
fn mean_diff(capture: &Capture, expected: &image::RgbaImage) -> f64 {
    let (ew, eh) = expected.dimensions();
    mean_diff_in(capture, expected, [0, 0, ew, eh])
}

/// [`mean_diff`] over the rectangle `[x, y, w, h]` of `expected` only.
fn mean_diff_in(capture: &Capture, expected: &image::RgbaImage, rect: [u32; 4]) -> f64 {
    let (ew, eh) = expected.dimensions();
    // The game opens its window at a whole-number scale of its buffer.
    let k = (capture.width as f64 / ew as f64)
        .min(capture.height as f64 / eh as f64)
        .floor()
        .max(1.0);
    let [rx, ry, rw, rh] = rect;
    let (x1, y1) = ((rx + rw).min(ew), (ry + rh).min(eh));
    let mut total = 0u64;
    let mut count = 0u64;
    for (x, y, px) in expected.enumerate_pixels() {
        if !(rx..x1).contains(&x) || !(ry..y1).contains(&y) {
            continue;
        }
        count += 1;
        let cx = ((x as f64 + 0.5) * k) as usize;
        let cy = ((y as f64 + 0.5) * k) as usize;
        let at = (cy * capture.width as usize + cx) * 4;
        let got = &capture.rgba[at..at + 3];
        total += (0..3)
            .map(|c| u64::from(got[c].abs_diff(px[c])))
            .sum::<u64>();
    }
    total as f64 / (count.max(1) * 3) as f64
}

/// Numbers separated by commas: "10,20,30,40".
fn numbers<const N: usize>(text: &str) -> Option<[u32; N]> {
    let parts: Vec<u32> = text
        .split(',')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    parts.try_into().ok()
}

/// `--region CAPTURE.xwd EXPECTED.png X,Y,W,H`.
fn region(args: &[String]) -> ExitCode {
    let (Some(path), Some(expected), Some(rect)) = (
        args.first(),
        args.get(1),
        args.get(2).and_then(|r| numbers::<4>(r)),
    ) else {
        eprintln!("usage: screen_check --region CAPTURE.xwd EXPECTED.png X,Y,W,H");
        return ExitCode::from(2);
    };
    let capture = match read_capture(path) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let img = match image::open(expected) {
        Ok(img) => img.into_rgba8(),
        Err(e) => {
            eprintln!("{expected}: {e}");
            return ExitCode::from(2);
        }
    };
    let diff = mean_diff_in(&capture, &img, rect);
    println!("{path}: mean difference from {expected} in {rect:?}: {diff:.1} of 255 per channel");
    if diff <= MAX_MEAN_DIFF {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `--colour CAPTURE.xwd X,Y,W,H R,G,B`.
fn colour(args: &[String]) -> ExitCode {
    let (Some(path), Some([x, y, w, h]), Some(rgb)) = (
        args.first(),
        args.get(1).and_then(|r| numbers::<4>(r)),
        args.get(2).and_then(|c| numbers::<3>(c)),
    ) else {
        eprintln!("usage: screen_check --colour CAPTURE.xwd X,Y,W,H R,G,B");
        return ExitCode::from(2);
    };
    let capture = match read_capture(path) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let (x1, y1) = ((x + w).min(capture.width), (y + h).min(capture.height));
    let (mut found, mut all) = (0usize, 0usize);
    for yy in y..y1 {
        for xx in x..x1 {
            let at = (yy * capture.width + xx) as usize * 4;
            let px = &capture.rgba[at..at + 3];
            all += 1;
            found += usize::from((0..3).all(|c| u32::from(px[c]).abs_diff(rgb[c]) <= 12));
        }
    }
    println!("{path}: {found} of {all} pixels in {x},{y},{w},{h} of the colour {rgb:?}");
    if all > 0 && found * 2 >= all {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The capture at `path`, decoded; the failure told and its exit code.
fn read_capture(path: &str) -> Result<Capture, ExitCode> {
    std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| decode_xwd(&b))
        .map_err(|e| {
            eprintln!("{path}: {e}");
            ExitCode::FAILURE
        })
}

/// A decoded capture.
struct Capture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

/// Decodes a 24- or 32-bit TrueColor ZPixmap XWD file (what `xwd -root` writes
/// on Xvfb with a 24-bit screen).
fn decode_xwd(bytes: &[u8]) -> Result<Capture, String> {
    let field = |i: usize| -> Result<u32, String> {
        bytes
            .get(i * 4..i * 4 + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| "truncated header".to_string())
    };
    let (header_size, format, width, height) = (field(0)?, field(2)?, field(4)?, field(5)?);
    let (byte_order, bits_per_pixel, bytes_per_line, ncolors) =
        (field(7)?, field(11)?, field(12)?, field(19)?);
    let masks = [field(14)?, field(15)?, field(16)?];
    if format != 2 || !(bits_per_pixel == 32 || bits_per_pixel == 24) {
        return Err(format!(
            "unsupported XWD: format {format}, {bits_per_pixel} bits a pixel"
        ));
    }
    let data = header_size as usize + ncolors as usize * 12;
    let bpp = bits_per_pixel as usize / 8;
    let needed = data + bytes_per_line as usize * height as usize;
    if bytes.len() < needed {
        return Err(format!(
            "truncated image: {} of {needed} bytes",
            bytes.len()
        ));
    }
    let mut rgba = Vec::with_capacity(width as usize * height as usize * 4);
    for y in 0..height as usize {
        for x in 0..width as usize {
            let at = data + y * bytes_per_line as usize + x * bpp;
            let mut px = [0u8; 4];
            px[..bpp].copy_from_slice(&bytes[at..at + bpp]);
            let v = if byte_order == 0 {
                u32::from_le_bytes(px)
            } else {
                u32::from_be_bytes(px) >> (32 - bits_per_pixel)
            };
            let channel = |m: u32| ((v & m) >> m.trailing_zeros()) as u8;
            rgba.extend_from_slice(&[channel(masks[0]), channel(masks[1]), channel(masks[2]), 255]);
        }
    }
    Ok(Capture {
        width,
        height,
        rgba,
    })
}

/// Distinct quantised colours, and the share of the most common one.
fn colour_stats(rgba: &[u8]) -> (usize, f64) {
    let mut counts = std::collections::HashMap::new();
    for p in rgba.chunks_exact(4) {
        *counts
            .entry((p[0] >> 3, p[1] >> 3, p[2] >> 3))
            .or_insert(0usize) += 1;
    }
    let top = counts.values().copied().max().unwrap_or(0);
    (counts.len(), top as f64 / (rgba.len() / 4).max(1) as f64)
}
