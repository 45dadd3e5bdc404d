//! The fight on screen: the gun at the bottom of the view with its muzzle
//! flash, the red flash of a hit taken, and the death screen.

use super::font::{Canvas, GLYPH};
use crate::sim::World;
use crate::sprites::{opaque, Art};

/// The gun's height as a share of the view's height.
const GUN_SHARE: f64 = 0.42;
/// The hit flash's strength per tick of flash left, of 256.
const HURT_ALPHA_PER_TICK: u32 = 3;
/// The strongest hit flash, of 256.
const MAX_HURT_ALPHA: u32 = 120;
/// The red of the hit flash and the death screen.
const BLOOD: [u8; 3] = [200, 0, 0];
/// How dark the death screen is, of 256.
const DEATH_ALPHA: u32 = 110;

/// Draws the gun, then the flash of a hit or the death screen.
pub(super) fn draw(world: &World, art: &Art, c: &mut Canvas, scale: usize) {
    let combat = &world.combat;
    if combat.alive() {
        gun(art, combat.flash > 0, c);
    }
    let alpha = if combat.alive() {
        (u32::from(combat.hurt) * HURT_ALPHA_PER_TICK).min(MAX_HURT_ALPHA)
    } else {
        DEATH_ALPHA
    };
    if alpha > 0 {
        tint(c, BLOOD, alpha);
    }
    if !combat.alive() {
        let text = "YOU DIED - press Enter to restart";
        let big = scale * 2;
        let x = (c.width as i64 - (text.len() * GLYPH * big) as i64) / 2;
        c.text(x.max(0), c.height as i64 / 3, text, big, [255, 220, 200]);
    }
}

/// The gun at the bottom centre of the view, nearest-neighbour scaled;
/// the firing frame while the muzzle flash lasts.
fn gun(art: &Art, firing: bool, c: &mut Canvas) {
    let sheet = &art.gun;
    let edge = (c.height as f64 * GUN_SHARE) as i64;
    if edge < 2 {
        return;
    }
    let (x0, y0) = ((c.width as i64 - edge) / 2, c.height as i64 - edge);
    let n = sheet.size;
    for dx in 0..edge {
        let u = (dx as usize * n / edge as usize).min(n - 1);
        let column = sheet.column(usize::from(firing), 0, u);
        for dy in 0..edge {
            let texel = column[(dy as usize * n / edge as usize).min(n - 1)];
            if opaque(texel) {
                c.put(x0 + dx, y0 + dy, texel.to_ne_bytes());
            }
        }
    }
}

/// Blends `rgb` over the whole canvas with `alpha` of 256.
fn tint(c: &mut Canvas, rgb: [u8; 3], alpha: u32) {
    for p in c.pixels.iter_mut() {
        for ch in 0..3 {
            p[ch] = ((u32::from(p[ch]) * (256 - alpha) + u32::from(rgb[ch]) * alpha) >> 8) as u8;
        }
    }
}
