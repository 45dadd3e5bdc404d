//! The view's roll: the scene already drawn, turned about the frame's
//! centre (the HUD is drawn after, level). A raycaster casts level rays,
//! so a rolled camera is the level picture turned the other way.

use super::band_rows;
use rayon::prelude::*;

/// Turns the picture in `pixels` (`width` x `height`, rows of RGBA) for a
/// view rolled right by `roll` radians: each pixel takes the nearest one
/// of the level picture at its place turned by `roll` about the centre
/// (the horizon rises on the right), the picture's edge standing in past
/// it. `scratch` holds the level picture and keeps its memory between
/// frames.
pub(super) fn turn(
    pixels: &mut [[u8; 4]],
    (width, height): (usize, usize),
    roll: f64,
    scratch: &mut Vec<[u8; 4]>,
) {
    scratch.clear();
    scratch.extend_from_slice(pixels);
    let (sin, cos) = roll.sin_cos();
    let (cx, cy) = (width as f64 / 2.0, height as f64 / 2.0);
    let (last_x, last_y) = (width as i64 - 1, height as i64 - 1);
    let level = &scratch[..];
    let band_rows = band_rows(height);
    pixels
        .par_chunks_mut(band_rows * width)
        .enumerate()
        .for_each(|(band, rows)| {
            for (r, row) in rows.chunks_mut(width).enumerate() {
                // Each row starts from its own place (so the picture is the
                // same in any bands) and steps along the turned row. A
                // truncation is a floor here: below 0 both clamp to 0.
                let dy = (band * band_rows + r) as f64 + 0.5 - cy;
                let dx = 0.5 - cx;
                let (mut sx, mut sy) = (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
                for px in row {
                    let (x, y) = ((sx as i64).clamp(0, last_x), (sy as i64).clamp(0, last_y));
                    *px = level[y as usize * width + x as usize];
                    sx += cos;
                    sy += sin;
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture `w` x `h`: white above the middle row, black below.
    fn horizon(w: usize, h: usize) -> Vec<[u8; 4]> {
        (0..w * h)
            .map(|i| {
                if i / w < h / 2 {
                    [255; 4]
                } else {
                    [0, 0, 0, 255]
                }
            })
            .collect()
    }

    /// The first black row of column `x`.
    fn edge(p: &[[u8; 4]], w: usize, x: usize) -> usize {
        (0..p.len() / w).find(|&y| p[y * w + x][0] == 0).unwrap()
    }

    #[test]
    fn rolled_right_the_horizon_rises_on_the_right() {
        let (w, h) = (200, 100);
        let mut p = horizon(w, h);
        let mut scratch = Vec::new();
        turn(&mut p, (w, h), 5f64.to_radians(), &mut scratch);
        let (left, middle, right) = (edge(&p, w, 0), edge(&p, w, w / 2), edge(&p, w, w - 1));
        assert_eq!(middle, h / 2, "turned about the centre");
        assert!(right < middle && left > middle, "{left} {middle} {right}");
        // tan(5 degrees) over half the width: about 8.7 rows.
        assert!((middle as f64 - right as f64 - 100.0 * 5f64.to_radians().tan()).abs() <= 1.5);
        // No roll, no change; the scratch keeps its memory.
        let (before, capacity) = (horizon(w, h), scratch.capacity());
        let mut same = before.clone();
        turn(&mut same, (w, h), 0.0, &mut scratch);
        assert_eq!(same, before);
        assert_eq!(scratch.capacity(), capacity);
    }
}
