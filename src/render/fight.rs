//! The fight on screen: the gun at the bottom of the view with its muzzle
//! flash, the red flash of a hit taken, and the death screen.

use super::font::Canvas;
use crate::sim::World;
use crate::sprites::{opaque, Art};

/// The gun's height as a share of the view's height.
const GUN_SHARE: f64 = 0.42;
/// Ticks of hit flash left at which the red flash is strongest.
const HURT_FULL_TICKS: u16 = 40;
/// The strongest hit flash: its share of red over the view, of 256 (40%).
const MAX_HURT_ALPHA: u32 = 102;
/// The red of the hit flash.
const BLOOD: [u8; 3] = [200, 0, 0];
/// The dark red of the death screen.
const DEATH: [u8; 3] = [70, 0, 0];
/// How much of the death screen's dark red covers the view, of 256.
const DEATH_ALPHA: u32 = 180;
/// The death message, and its colour.
const DEATH_TEXT: &str = "YOU DIED";
pub(super) const DEATH_TEXT_RGB: [u8; 3] = [255, 220, 200];

/// Draws the gun, then the flash of a hit or the death screen's tint (its
/// words go on with the HUD, [`death_words`]).
pub(super) fn draw(world: &World, art: &Art, c: &mut Canvas) {
    let combat = world.combat();
    if !combat.alive() {
        tint(c, DEATH, DEATH_ALPHA);
        return;
    }
    gun(art, combat.flash > 0, c);
    let alpha = hurt_alpha(combat.hurt);
    if alpha > 0 {
        tint(c, BLOOD, alpha);
    }
}

/// The death screen's words: "YOU DIED" large, a third of the way down or
/// from row `clear` if lower, and under it `restart`, the key bound to
/// restarting (none if unbound).
pub(super) fn death_words(restart: Option<&str>, clear: i64, c: &mut Canvas, scale: usize) {
    let prompt = restart.map(|key| ["press ", key, " to restart"]);
    let prompt = prompt.as_ref().map(|p| &p[..]);
    super::hud::banner(c, clear, DEATH_TEXT, prompt, scale, DEATH_TEXT_RGB);
}

/// The red flash's strength, of 256, with `hurt` ticks of it left: in
/// proportion up to [`HURT_FULL_TICKS`], then the strongest.
fn hurt_alpha(hurt: u16) -> u32 {
    u32::from(hurt.min(HURT_FULL_TICKS)) * MAX_HURT_ALPHA / u32::from(HURT_FULL_TICKS)
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
    // Only the gun's rows in the canvas's band.
    let rows = (c.y0 as i64 - y0).max(0)..(c.y1 as i64 - y0).min(edge);
    if rows.is_empty() {
        return;
    }
    let n = sheet.size;
    // The frame's texels, column after column.
    let texels = sheet.frame(usize::from(firing), 0);
    // The columns on screen, and the texel column of the first.
    let (first, last) = ((-x0).max(0), edge.min(c.width as i64 - x0));
    if first >= last {
        return;
    }
    let edge_u = edge as usize;
    // Row by row across the band, over the screen columns of the texel
    // row's opaque span only (most of the gun's square is clear). Along a
    // row the texel column is dx * n / edge, stepped exactly as a quotient
    // and remainder.
    for dy in rows {
        let v = (dy as usize * n / edge_u).min(n - 1);
        let (u_first, u_end) = sheet.row_span(usize::from(firing), 0, v);
        // The first dx whose texel column is at least u: ceil(u * edge / n).
        let dx_of = |u: usize| (u * edge_u).div_ceil(n);
        let (a, b) = (
            dx_of(u_first).max(first as usize),
            dx_of(u_end).min(last as usize),
        );
        if a >= b {
            continue;
        }
        let y = (y0 + dy) as usize;
        let at = (y - c.y0) * c.width;
        let (mut u, mut rem) = (a * n / edge_u, a * n % edge_u);
        let out = &mut c.pixels[at + (x0 + a as i64) as usize..at + (x0 + b as i64) as usize];
        for p in out {
            let texel = texels[u * n + v];
            if opaque(texel) {
                *p = texel.to_ne_bytes();
            }
            rem += n;
            while rem >= edge_u {
                rem -= edge_u;
                u += 1;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::sim::{Scenario, Tunables};
    use crate::sprites::Sheet;

    const BLACK: [u8; 4] = [0, 0, 0, 255];

    /// The fight HUD of `world` over a black 100x100 view; the pixel at the
    /// bottom centre.
    fn bottom_centre(world: &World) -> [u8; 4] {
        let (w, h) = (100, 100);
        let mut pixels = vec![BLACK; w * h];
        let mut c = Canvas::whole(&mut pixels, w, h);
        draw(world, &Art::plain(), &mut c);
        pixels[(h - 1) * w + w / 2]
    }

    fn world() -> World {
        World::new(
            Map::from_rows(&["###", "#>#", "###"]),
            Tunables::default(),
            1,
        )
    }

    #[test]
    fn the_gun_shows_its_flash_and_hides_when_the_player_is_dead() {
        // The plain art's gun frames are [200, frame x 29, 60].
        let w = world();
        assert_eq!(bottom_centre(&w), [200, 0, 60, 255], "idle frame");
        let firing = Scenario::from_world(w).combat(|c, _| c.flash = 1).build();
        assert_eq!(bottom_centre(&firing), [200, 29, 60, 255], "firing frame");
        let dead = Scenario::from_world(firing).combat(|c, _| c.health = 0);
        let dead = bottom_centre(&dead.build());
        assert!(dead[0] > 0 && dead[1] == 0 && dead[2] == 0, "{dead:?}");
        assert!(dead[0] < 100, "dark red, not the gun: {dead:?}");
    }

    /// The gun painted over its rows' opaque spans only is the gun painted
    /// texel by texel over its whole square, at many sizes (smaller and
    /// larger than its texture) and bands, idle and firing: for the shipped
    /// art, and for sheets whose every texel differs (some clear), 13 and
    /// 64 texels on a side.
    #[test]
    fn the_gun_over_its_opaque_spans_is_the_whole_square_painted() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let shipped = Art::load(&root.join("assets/sprites")).expect("shipped art");
        let speckled = |n: usize| {
            let rgba: Vec<u8> = (0..2 * n * n)
                .flat_map(|i| {
                    let h = (i as u32).wrapping_mul(2_654_435_761);
                    let alpha = if h >> 29 == 0 { 0 } else { 255 };
                    [(h >> 8) as u8, (h >> 16) as u8, (h >> 24) as u8, alpha]
                })
                .collect();
            let mut art = Art::plain();
            art.gun = Sheet::from_rgba(n, 2 * n, n, &rgba).expect("two frames");
            art
        };
        let sizes = [
            (7, 5),
            (64, 48),
            (333, 211),
            (640, 360),
            (100, 400),
            (1920, 1080),
        ];
        for art in [shipped, speckled(13), speckled(64)] {
            let sheet = &art.gun;
            let n = sheet.size;
            for ((w, h), firing) in sizes.into_iter().flat_map(|s| [(s, false), (s, true)]) {
                let edge = (h as f64 * GUN_SHARE) as i64;
                let (x0, y0) = ((w as i64 - edge) / 2, h as i64 - edge);
                let mut want = vec![BLACK; w * h];
                for y in y0.max(0)..h as i64 {
                    for x in x0.max(0)..(x0 + edge).min(w as i64) {
                        let (dx, dy) = ((x - x0) as usize, (y - y0) as usize);
                        let (u, v) = (dx * n / edge as usize, dy * n / edge as usize);
                        let texel = sheet.column(usize::from(firing), 0, u)[v.min(n - 1)];
                        if edge >= 2 && opaque(texel) {
                            want[y as usize * w + x as usize] = texel.to_ne_bytes();
                        }
                    }
                }
                let mut got = vec![BLACK; w * h];
                for (band, rows) in got.chunks_mut(13 * w).enumerate() {
                    let mut c = Canvas::band(rows, w, h, band * 13);
                    gun(&art, firing, &mut c);
                }
                assert!(got == want, "{n} texels, {w}x{h}, firing {firing}");
            }
        }
    }

    /// The death screen of a dead player, 480x120, naming `restart`.
    fn death_screen(restart: Option<&str>) -> Vec<[u8; 4]> {
        let w = Scenario::from_world(world())
            .combat(|c, _| c.health = 0)
            .build();
        let (width, height) = (480, 120);
        let mut pixels = vec![BLACK; width * height];
        let mut c = Canvas::whole(&mut pixels, width, height);
        draw(&w, &Art::plain(), &mut c);
        death_words(restart, 0, &mut c, 1);
        pixels
    }

    #[test]
    fn the_death_screen_names_the_restart_key_in_force() {
        let enter = death_screen(Some("Enter"));
        let r = death_screen(Some("R"));
        let unbound = death_screen(None);
        assert_ne!(enter, r, "the key's name is drawn");
        // The text is centred: a shorter line starts further right, so the
        // leftmost lit column moves right as the line loses words.
        let first_lit = |p: &[[u8; 4]]| {
            (0..480)
                .find(|&x| (0..120).any(|y| p[y * 480 + x][1] > 100))
                .expect("some text")
        };
        assert!(
            first_lit(&enter) < first_lit(&r),
            "a shorter key, a shorter line"
        );
        assert!(first_lit(&r) < first_lit(&unbound), "no key, no prompt");
    }

    #[test]
    fn the_red_flash_grows_with_the_hurt_left_up_to_a_cap() {
        assert_eq!(hurt_alpha(0), 0);
        assert!(hurt_alpha(10) < hurt_alpha(20));
        assert_eq!(hurt_alpha(HURT_FULL_TICKS), MAX_HURT_ALPHA);
        assert_eq!(hurt_alpha(u16::MAX), MAX_HURT_ALPHA);
    }
}
