//! The flash of a pickup or a found secret: the view tinted for a moment
//! in the colour of what was found (Wolfenstein 3D's `StartBonusFlash`),
//! fading out over [`FLASH_TICKS`](crate::sim::loot::FLASH_TICKS). Drawn
//! from the world's last event and its tick, so a replay flashes as the
//! game did.

use super::super::font::Canvas;
use crate::sim::doors::Event;
use crate::sim::loot;
use crate::sim::World;

/// The tint of a found secret.
const SECRET_FLASH: [u8; 3] = [120, 200, 255];
/// The tint of an extra life.
const LIFE_FLASH: [u8; 3] = [140, 255, 140];

/// The view's tint now, and its strength of 256, if one shows.
pub(super) fn tint(world: &World) -> Option<([u8; 3], u32)> {
    let (tick, event) = world.event()?;
    let age = world.tick().saturating_sub(tick);
    let (rgb, strength) = match event {
        Event::Picked(kind) => loot::flash(kind, age)?,
        Event::Secret => (SECRET_FLASH, loot::fade(age)?),
        Event::ExtraLife => (LIFE_FLASH, loot::fade(age)?),
        Event::Locked(_) => return None,
    };
    Some((rgb, (strength * 256.0) as u32))
}

/// Tints every row of `c` (the view above the bar) as [`tint`] says.
pub(super) fn draw(world: &World, c: &mut Canvas) {
    let Some((rgb, alpha)) = tint(world) else {
        return;
    };
    let keep = 256 - alpha;
    let add = rgb.map(|v| u32::from(v) * alpha);
    for y in 0..c.height {
        let Some(row) = c.row_mut(y) else { continue };
        for p in row {
            for k in 0..3 {
                p[k] = ((u32::from(p[k]) * keep + add[k]) >> 8) as u8;
            }
        }
    }
}
