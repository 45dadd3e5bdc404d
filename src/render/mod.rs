//! The software raycaster: from the world to an RGBA buffer of any size.
//!
//! [`draw`] paints, in order: walls (one ray per column, recording each
//! column's depth and span), floor and ceiling (row by row, around the
//! walls), sprites (enemies, shots and puffs, depth-tested per column),
//! then the HUD. No platform code: it runs headless and in tests.

mod cockpit;
mod fight;
mod flats;
mod font;
mod hud;
mod radar;
pub use crate::map::raycast;
pub mod sprites;
mod walls;

pub use hud::{key_lines, Hud};

use crate::sim::{Pose, World};
use crate::sprites::Art;

/// How the scene is seen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Where the eye is and which way it looks.
    pub pose: Pose,
    /// Horizontal field of view in radians.
    pub fov: f64,
}

/// The furthest the view tilts up or down, radians (60 degrees): beyond it
/// a sheared projection stretches more than it shows.
pub const MAX_VIEW_PITCH: f64 = std::f64::consts::FRAC_PI_3;

/// The default horizontal field of view: 90 degrees.
pub const DEFAULT_FOV_DEG: f64 = 90.0;
/// The narrowest field of view the game offers, degrees (a comfort option:
/// about 90 suits a monitor at arm's length).
pub const MIN_FOV_DEG: f64 = 60.0;
/// The widest field of view the game offers, degrees: beyond it a flat
/// projection stretches the screen's edges more than it shows.
pub const MAX_FOV_DEG: f64 = 120.0;

impl View {
    /// The default view from `pose`.
    pub fn from_pose(pose: Pose) -> Self {
        Self {
            pose,
            fov: DEFAULT_FOV_DEG.to_radians(),
        }
    }
}

/// The projection shared by the passes: the camera basis and the scale
/// from the view plane to pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projection {
    /// Eye position in tiles.
    pub x: f64,
    pub y: f64,
    /// Unit view direction.
    pub fx: f64,
    pub fy: f64,
    /// Unit direction to the right of the view.
    pub rx: f64,
    pub ry: f64,
    /// Pixels per unit of view-plane offset at distance 1: the focal length.
    pub focal: f64,
    /// Screen row of the horizon (may be fractional).
    pub horizon: f64,
    /// Eye height in tiles.
    pub eye: f64,
    /// How tall the walls are, tiles: the ceiling's height.
    pub ceiling: f64,
    /// The view direction, radians (the sky turns with it).
    pub yaw: f64,
    pub width: usize,
    pub height: usize,
}

impl Projection {
    /// The projection of `view` onto `width` x `height` pixels under a
    /// ceiling `ceiling` tiles high.
    pub(crate) fn new(view: &View, ceiling: f64, width: usize, height: usize) -> Self {
        let (fy, fx) = view.pose.yaw.sin_cos();
        let half_fov = (view.fov * 0.5).clamp(0.05, 1.5);
        let focal = width as f64 * 0.5 / half_fov.tan();
        // Looking down shears the picture up: the horizon rises.
        let pitch = if view.pose.pitch.is_finite() {
            view.pose.pitch.clamp(-MAX_VIEW_PITCH, MAX_VIEW_PITCH)
        } else {
            0.0
        };
        Self {
            x: view.pose.x,
            y: view.pose.y,
            fx,
            fy,
            // y grows south, so "right" of east (0) is south (+y).
            rx: -fy,
            ry: fx,
            focal,
            horizon: height as f64 * 0.5 - focal * pitch.tan(),
            // Keep the eye strictly between floor and ceiling.
            eye: view.pose.z.clamp(0.01, ceiling - 0.01),
            ceiling,
            yaw: view.pose.yaw,
            width,
            height,
        }
    }

    /// The (unnormalised) ray through the centre of pixel column `x`: its
    /// forward component is 1, so distances along it are perpendicular
    /// distances, which is what keeps walls straight (no fisheye).
    pub fn column_ray(&self, x: usize) -> (f64, f64) {
        let k = (x as f64 + 0.5 - self.width as f64 * 0.5) / self.focal;
        (self.fx + self.rx * k, self.fy + self.ry * k)
    }
}

/// Per-column results of the wall pass that later passes need.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ColumnSpan {
    /// First screen row the wall covers.
    pub top: usize,
    /// One past the last row the wall covers.
    pub bottom: usize,
    /// The wall's distance along the view, tiles (infinite with no wall).
    pub depth: f64,
}

/// Draws the world seen from `view` into `frame`, `width` x `height` RGBA
/// pixels, row-major, 4 bytes each, with the sprites of `art`.
pub fn draw(
    world: &World,
    view: &View,
    hud: &Hud,
    art: &Art,
    frame: &mut [u8],
    width: usize,
    height: usize,
) {
    assert_eq!(
        frame.len(),
        width * height * 4,
        "frame of {width}x{height} RGBA"
    );
    if width == 0 || height == 0 {
        return;
    }
    let proj = Projection::new(view, world.map.wall_height, width, height);
    let (pixels, _) = frame.as_chunks_mut::<4>();
    // Walls first: they decide which rows of each column floor and ceiling fill.
    let mut spans = vec![ColumnSpan::default(); width];
    walls::draw(&world.map, &proj, pixels, &mut spans);
    // Then floor and ceiling around them.
    flats::draw(&world.map, &proj, pixels, &spans);
    // Sprites in front of the walls, far to near, then the exhaust.
    sprites::draw(world, &proj, art, pixels, &spans);
    sprites::particles(world, &proj, pixels, &spans);
    // Last the HUD, over everything.
    hud::draw(world, view, hud, art, pixels, width, height);
}

/// Distance shading: brightness (0 to 256) of a surface `dist` tiles away.
pub(crate) fn fog(dist: f64) -> u32 {
    const HALF_DISTANCE: f64 = 6.0;
    let b = 256.0 * HALF_DISTANCE / (HALF_DISTANCE + dist.max(0.0));
    (b as u32).clamp(24, 256)
}

/// `texel` with its colour channels scaled by `brightness` / 256, opaque.
#[inline]
pub(crate) fn shade(texel: u32, brightness: u32) -> [u8; 4] {
    let [r, g, b, _] = texel.to_ne_bytes();
    let s = |c: u8| ((c as u32 * brightness) >> 8) as u8;
    [s(r), s(g), s(b), 255]
}
