//! The fight on screen: the gun at the bottom of the view with its muzzle
//! flash, the red flash of a hit taken (toward its source at the view's
//! edge, `wounds`), and the death screen.

use super::arms::{wield, Wield};
use super::font::Canvas;
use crate::sim::World;
use crate::sprites::{opaque, Art, Sheet};

/// The gun's height as a share of the view's height.
const GUN_SHARE: f64 = 0.42;
/// Ticks of hit flash left at which the red flash is strongest.
const HURT_FULL_TICKS: u16 = 40;
/// The strongest hit flash: its share of red over the view, of 256 (about
/// two fifths).
const MAX_HURT_ALPHA: u32 = 102;
/// A hit whose direction is shown flashes the whole view this many times
/// more faintly than one without.
const DIRECTED_FLASH_SHARE: u32 = 3;
/// The red of the hit flash.
const BLOOD: [u8; 3] = [200, 0, 0];
/// The dark red of the death screen.
const DEATH: [u8; 3] = [70, 0, 0];
/// How much of the death screen's dark red covers the view, of 256.
const DEATH_ALPHA: u32 = 180;
/// The death message, and its colour.
pub(super) const DEATH_TEXT: &str = "YOU DIED";
pub(super) const DEATH_TEXT_RGB: [u8; 3] = [255, 220, 200];

/// Draws the gun, then the flash of a hit or the death screen's tint (its
/// words go on with the HUD, [`death_words`]).
pub(super) fn draw(world: &World, art: &Art, c: &mut Canvas) {
    let combat = world.combat();
    if !combat.alive() {
        tint(c, DEATH, DEATH_ALPHA);
        return;
    }
    gun(art, wield(world), c);
    let alpha = hurt_alpha(combat.hurt);
    // A hit with a source glows on its side of the view, over a faint
    // flash of the whole (so the hit is felt wherever the eyes are); a hit
    // with none (a hard landing) flashes the whole view.
    let directed = combat.live_wounds().next().is_some();
    let alpha = if directed {
        alpha / DIRECTED_FLASH_SHARE
    } else {
        alpha
    };
    if alpha > 0 {
        tint(c, BLOOD, alpha);
    }
    if directed {
        let yaw = world.camera().yaw;
        super::wounds::draw(combat, world.combat_tunables(), yaw, c);
    }
}

/// The death screen's words: "YOU DIED" large, a third of the way down or
/// from row `clear` if lower, and under it `restart`, the key bound to
/// restarting (none if unbound).
pub(super) fn death_words(restart: Option<&str>, clear: i64, c: &mut Canvas, scale: usize) {
    let prompt = restart.map(|key| ["press ", key, " to restart"]);
    let prompt = prompt.as_ref().map(|p| &p[..]);
    super::layout::banner(c, clear, DEATH_TEXT, prompt, scale, DEATH_TEXT_RGB);
}

/// The red flash's strength, of 256, with `hurt` ticks of it left: in
/// proportion up to [`HURT_FULL_TICKS`], then the strongest.
fn hurt_alpha(hurt: u16) -> u32 {
    u32::from(hurt.min(HURT_FULL_TICKS)) * MAX_HURT_ALPHA / u32::from(HURT_FULL_TICKS)
}

/// The weapon in hand at the bottom centre of the view, nearest-neighbour
/// scaled: the frame, the switch's drop and the shot's kick `look` says.
fn gun(art: &Art, look: Wield, c: &mut Canvas) {
    let sheet = &art.weapons;
    let edge = (c.height as f64 * GUN_SHARE) as i64;
    if edge < 2 || look.down >= 1.0 {
        return;
    }
    let drop = ((look.down + look.kick) * edge as f64) as i64;
    let (x0, y0) = ((c.width as i64 - edge) / 2, c.height as i64 - edge + drop);
    // Only the gun's rows in the canvas's band.
    let rows = (c.y0 as i64 - y0).max(0)..(c.y1 as i64 - y0).min(edge);
    if rows.is_empty() {
        return;
    }
    // The square's columns on the canvas.
    let (first, last) = ((-x0).max(0), edge.min(c.width as i64 - x0));
    if first >= last {
        return;
    }
    let gun = Gun {
        sheet,
        frame: look.frame,
        row: look.row,
        x0,
        y0,
        edge: edge as usize,
        on_canvas: first as usize..last as usize,
    };
    #[cfg(target_arch = "x86_64")]
    if c.paths == super::Paths::Avx2 && gun.edge >= sheet.size {
        // SAFETY: AVX2 is chosen only where the processor has it.
        unsafe { gun_eights(&gun, rows, c) };
        return;
    }
    // Row by row across the band, over the screen columns of the texel
    // row's opaque span only (most of the gun's square is clear).
    for (v, at, columns) in gun.rows(rows, c.y0, c.width) {
        gun.paint(v, columns, &mut c.pixels[at..at + c.width]);
    }
}

/// Where the gun is drawn: its square's top left corner on the frame and
/// its edge, pixels, and the columns of the square (counted from its left)
/// that lie on the canvas.
struct Gun<'a> {
    sheet: &'a Sheet,
    /// The sheet's frame along the weapon's row.
    frame: usize,
    /// The sheet's row: the weapon.
    row: usize,
    x0: i64,
    y0: i64,
    edge: usize,
    on_canvas: std::ops::Range<usize>,
}

impl Gun<'_> {
    /// For each row `dy` of the square in `dys`, whose frame rows are on
    /// a canvas from frame row `y0`, `width` pixels wide: its texel row,
    /// where its frame row starts in the canvas's pixels, and the square's
    /// columns to paint, those over the texel row's opaque span that lie
    /// on the canvas. Rows with none are left out.
    fn rows(
        &self,
        dys: std::ops::Range<i64>,
        y0: usize,
        width: usize,
    ) -> impl Iterator<Item = (usize, usize, std::ops::Range<usize>)> + '_ {
        let (n, edge) = (self.sheet.size, self.edge);
        let vs = quotients(dys.start as usize, n, edge);
        dys.zip(vs).filter_map(move |(dy, v)| {
            let (u_first, u_end) = self.sheet.row_span(self.frame, self.row, v);
            // The first dx whose texel column is at least u: ceil(u * edge / n).
            let dx_of = |u: usize| (u * edge).div_ceil(n);
            let columns =
                dx_of(u_first).max(self.on_canvas.start)..dx_of(u_end).min(self.on_canvas.end);
            let at = (self.y0 + dy) as usize - y0;
            (!columns.is_empty()).then_some((v, at * width, columns))
        })
    }

    /// The frame column of the square's column `dx` (on the canvas).
    fn x(&self, dx: usize) -> usize {
        (self.x0 + dx as i64) as usize
    }

    /// Paints `columns` of the square's row of texel row `v` one pixel at
    /// a time into `row`, the frame row's pixels.
    fn paint(&self, v: usize, columns: std::ops::Range<usize>, row: &mut [[u8; 4]]) {
        if columns.is_empty() {
            return;
        }
        let n = self.sheet.size;
        let texels = self.sheet.frame(self.frame, self.row);
        let us = quotients(columns.start, n, self.edge);
        for (p, u) in row[self.x(columns.start)..self.x(columns.end)]
            .iter_mut()
            .zip(us)
        {
            let texel = texels[u * n + v];
            if opaque(texel) {
                *p = texel.to_ne_bytes();
            }
        }
    }
}

/// `k * n / d` for `k` from `from` up, exactly: a quotient and remainder
/// stepped by `n`, with no division after the first. A texel column along
/// a scaled row, or a texel row down the rows.
fn quotients(from: usize, n: usize, d: usize) -> Quotients {
    Quotients {
        q: from * n / d,
        r: from * n % d,
        n,
        d,
    }
}

/// See [`quotients`]: the quotient and remainder of the next `k * n / d`.
struct Quotients {
    q: usize,
    r: usize,
    n: usize,
    d: usize,
}

impl Quotients {
    /// The next quotient; there is always one.
    fn step(&mut self) -> usize {
        let q = self.q;
        self.r += self.n;
        while self.r >= self.d {
            self.r -= self.d;
            self.q += 1;
        }
        q
    }
}

impl Iterator for Quotients {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        Some(self.step())
    }
}

/// [`gun`] eight screen columns at a time in AVX2, for a gun at least as
/// wide as its texture, as it is from 305 rows of frame up (2.4 pixels a
/// texel at 640x360, 3.5 at 1920x1080): where a pixel loop loads, tests
/// and stores each pixel (PERF.md entry 118).
///
/// The square's columns go in eights from its left, `8 j..8 j + 8`. Those
/// eight pixels see at most eight neighbouring texels of a row (each
/// column at most one texel on from the one before), so they are one
/// load of eight from the eight's first texel column, in the sheet's
/// [`Sheet::line`] (clear past the texture's edge), and a permute by each
/// column's texel less the first, the same on every row: worked out once
/// a call, up to [`EIGHTS`] eights at a time. The opaque texels (alpha's
/// top bit) are blended over the frame's pixels, the clear ones leave
/// them, so an eight may reach past its row's opaque span; only eights
/// that lie wholly on the canvas are painted so, the few columns left at
/// its edges by [`Gun::paint`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn gun_eights(gun: &Gun, rows: std::ops::Range<i64>, c: &mut Canvas) {
    use std::arch::x86_64::*;
    let (n, edge) = (gun.sheet.size, gun.edge);
    // The eights wholly on the canvas.
    let eights = gun.on_canvas.start.div_ceil(8)..gun.on_canvas.end / 8;
    let mut bases = [0usize; EIGHTS];
    let mut places = [[0u32; 8]; EIGHTS];
    // The square's columns a round of the eights paints, from the first
    // to its last: the rounds' columns, one after another, cover the
    // square once.
    let mut from = 0;
    loop {
        let j0 = (from / 8).max(eights.start);
        let j1 = (j0 + EIGHTS).min(eights.end).max(j0);
        let to = if j1 < eights.end { 8 * j1 } else { edge };
        let mut us = quotients(8 * j0, n, edge);
        for (base, places) in bases.iter_mut().zip(&mut places).take(j1 - j0) {
            let eight: [usize; 8] = std::array::from_fn(|_| us.step());
            *base = eight[0];
            *places = eight.map(|u| (u - eight[0]) as u32);
        }
        for (v, at, columns) in gun.rows(rows.clone(), c.y0, c.width) {
            let columns = columns.start.max(from)..columns.end.min(to);
            if columns.is_empty() {
                continue;
            }
            let row = &mut c.pixels[at..at + c.width];
            // The eights that meet the columns; an eight that reaches past
            // them only meets clear texels there.
            let (ja, jb) = ((columns.start / 8).max(j0), columns.end.div_ceil(8).min(j1));
            if ja >= jb {
                gun.paint(v, columns, row);
                continue;
            }
            gun.paint(v, columns.start..columns.start.max(8 * ja), row);
            gun.paint(v, columns.end.min(8 * jb)..columns.end, row);
            let line = gun.sheet.line(gun.frame, gun.row, v);
            let out = &mut row[gun.x(8 * ja)..gun.x(8 * jb)];
            for (j, eight) in (ja..jb).zip(out.as_chunks_mut::<8>().0) {
                let k = j - j0;
                // SAFETY: the base is a texel column below `n`, as the eight
                // starts inside the square, and a line is `n +
                // Sheet::ROW_PAD` texels: the eight from the base are in
                // it. `places` and `eight` are 32 bytes; all unaligned.
                unsafe {
                    let texels = _mm256_loadu_si256(line.as_ptr().add(bases[k]).cast());
                    let at = _mm256_loadu_si256(places[k].as_ptr().cast());
                    let texels = _mm256_permutevar8x32_epi32(texels, at);
                    let p = eight.as_mut_ptr().cast::<__m256i>();
                    _mm256_storeu_si256(p, over(_mm256_loadu_si256(p), texels));
                }
            }
        }
        if j1 >= eights.end {
            break;
        }
        from = to;
    }
}

/// `texels` where their alpha's top bit is set (opaque, as
/// [`opaque`]), `pixels` elsewhere. Written as the instruction: as a
/// blend of a load that is then stored back, LLVM makes it a masked store
/// (`vmaskmovps`), which took longer than the pixel loop it replaced
/// (PERF.md entry 118).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn over(
    pixels: std::arch::x86_64::__m256i,
    texels: std::arch::x86_64::__m256i,
) -> std::arch::x86_64::__m256i {
    let out;
    // SAFETY: one AVX instruction (this function requires AVX2) from
    // registers to a register; it touches no memory, stack or flags.
    unsafe {
        std::arch::asm!(
            "vblendvps {out}, {pixels}, {texels}, {texels}",
            out = lateout(ymm_reg) out,
            pixels = in(ymm_reg) pixels,
            texels = in(ymm_reg) texels,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    out
}

/// The most eights [`gun_eights`] works out at once: 512 columns, the
/// whole gun below 1219 rows of frame.
#[cfg(target_arch = "x86_64")]
const EIGHTS: usize = 64;

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
    use crate::render::Paths;
    use crate::sim::{Scenario, Tunables};

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
        // The plain art's frames are [200, frame x 29, 60]; the pistol's
        // row is the second of four frames each.
        let w = world();
        assert_eq!(bottom_centre(&w), [200, 116, 60, 255], "idle frame");
        let firing = Scenario::from_world(w).combat(|c, _| c.flash = 1).build();
        assert_eq!(bottom_centre(&firing), [200, 145, 60, 255], "firing frame");
        let dead = Scenario::from_world(firing).combat(|c, _| c.health = 0);
        let dead = bottom_centre(&dead.build());
        assert!(dead[0] > 0 && dead[1] == 0 && dead[2] == 0, "{dead:?}");
        assert!(dead[0] < 100, "dark red, not the gun: {dead:?}");
    }

    /// The gun painted over its rows' opaque spans only, on every path, is
    /// the gun painted texel by texel over its whole square, at many sizes
    /// (smaller and larger than its texture, and than the frame) and
    /// bands, idle and firing (kicked and part lowered): for the shipped
    /// art's first weapon, and for sheets whose
    /// every texel differs (some clear), 13 and 64 texels on a side.
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
            art.weapons = Sheet::from_rgba(n, 2 * n, n, &rgba).expect("two frames");
            art
        };
        let sizes = [
            (7, 5),
            (64, 48),
            (333, 211),
            (640, 360),
            (100, 400),
            (1920, 1080),
            // Over 512 columns wide, so the eights are worked out in
            // rounds; wider than the frame, so cut at both sides.
            (1000, 2500),
        ];
        for art in [shipped, speckled(13), speckled(64)] {
            let sheet = &art.weapons;
            let n = sheet.size;
            for ((w, h), firing) in sizes.into_iter().flat_map(|s| [(s, false), (s, true)]) {
                let edge = (h as f64 * GUN_SHARE) as i64;
                let look = Wield {
                    row: 0,
                    frame: usize::from(firing),
                    down: if firing { 0.3 } else { 0.0 },
                    kick: if firing { 0.05 } else { 0.0 },
                };
                let drop = ((look.down + look.kick) * edge as f64) as i64;
                let (x0, y0) = ((w as i64 - edge) / 2, h as i64 - edge + drop);
                let mut want = vec![BLACK; w * h];
                for y in y0.max(0)..(y0 + edge).min(h as i64) {
                    for x in x0.max(0)..(x0 + edge).min(w as i64) {
                        let (dx, dy) = ((x - x0) as usize, (y - y0) as usize);
                        let (u, v) = (dx * n / edge as usize, dy * n / edge as usize);
                        let texel = sheet.column(usize::from(firing), 0, u)[v.min(n - 1)];
                        if edge >= 2 && opaque(texel) {
                            want[y as usize * w + x as usize] = texel.to_ne_bytes();
                        }
                    }
                }
                for paths in Paths::available() {
                    let mut got = vec![BLACK; w * h];
                    for (band, rows) in got.chunks_mut(13 * w).enumerate() {
                        let mut c = Canvas::band(rows, w, h, band * 13);
                        c.paths = paths;
                        gun(&art, look, &mut c);
                    }
                    assert!(
                        got == want,
                        "{n} texels, {w}x{h}, firing {firing}, {paths:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn quotients_step_as_division() {
        for (from, n, d) in [
            (0, 64, 151),
            (7, 128, 453),
            (300, 13, 5),
            (1, 1, 1),
            (9, 7, 7),
        ] {
            let stepped: Vec<usize> = quotients(from, n, d).take(500).collect();
            let divided: Vec<usize> = (from..from + 500).map(|k| k * n / d).collect();
            assert_eq!(stepped, divided, "{from} x {n} / {d}");
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
