//! The HUD: the polar model's state as numbers and a dial, and a minimap
//! like article 000's demo (the body, its speed vector and its push).

use super::font::{Canvas, Lines, GLYPH};
use super::{cockpit, fight, help, radar};
use super::{Scene, View};
use crate::map::{Key, Map, MapArt, PickupKind};
use crate::sim::doors::Event;
use crate::sim::{Model, World, TICK_RATE};
use std::fmt::Write as _;

/// The keys the HUD's prompts name ("P to resume"), as the player reads
/// them, from the bindings in force; `None` for an unbound action, whose
/// prompt then names no key.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prompts {
    /// The pause key, named while paused.
    pub resume: Option<String>,
    /// The restart key, named on the death screen.
    pub restart: Option<String>,
    /// The help key, named on the help overlay's pages.
    pub help: Option<String>,
}

/// What the HUD shows besides the world.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hud {
    /// Frames per second to show, if measured.
    pub fps: Option<f64>,
    /// Show the minimap.
    pub minimap: bool,
    /// Show the enemies' steering on the minimap (F4): walkers' pushes and
    /// goal directions, tanks' track speeds.
    pub steering: bool,
    /// Show the pause banner.
    pub paused: bool,
    /// A line to show at the bottom (an error or a notice).
    pub message: Option<String>,
    /// Draw no HUD at all: the bare scene.
    pub hidden: bool,
    /// A study's blinding: nothing that names or shows the walking model
    /// (the readout, the dial, the help's movement section) is drawn.
    pub blind: bool,
    /// Show the help overlay: the bindings and the comfort options in force.
    pub help: bool,
    /// The help overlay's page shown (from 0) where it takes more than one
    /// ([`super::help::pages`]); past the last, the last.
    pub help_page: usize,
    /// The help overlay's bindings: what is pressed, and what it does (the
    /// settings' `help_lines`).
    pub keys: Vec<(String, String)>,
    /// The keys the prompts name, from the bindings in force.
    pub prompts: Prompts,
    /// The help overlay's input options in force, as (name, value) lines.
    pub input: Vec<(String, String)>,
    /// A few lines of advice (a first flight's) in a box above the bottom
    /// line, the first its heading; none when empty.
    pub hint: Vec<String>,
    /// The course run's line ("checkpoint 3/15  1:23.4"), under the
    /// readout, while a course is run.
    pub course: Option<String>,
}

const WHITE: [u8; 4] = [255, 255, 255, 255];
const SPEED: [u8; 4] = [64, 224, 255, 255];
const HEADING: [u8; 4] = [255, 208, 64, 255];
const TEXT: [u8; 3] = [235, 235, 220];
const HINT_TITLE: [u8; 3] = [255, 220, 120];

/// The HUD's text scale in a frame `height` pixels tall: each glyph pixel
/// drawn this many pixels square, one per 400 rows (at least 1).
pub(super) fn text_scale(height: usize) -> usize {
    ((height as f64 / 400.0).round() as usize).max(1)
}

/// The readout's lines for the frame of `scene`, if the HUD shows them:
/// formatted once a frame, not in each band the readout meets.
pub(super) fn readout_of(scene: &Scene) -> Lines {
    let hud = scene.hud;
    if hud.hidden || hud.blind {
        return Lines::default();
    }
    readout_lines(scene.world, hud)
}

/// Draws the HUD over the scene, with the frame's `readout` (see
/// [`readout_of`]).
pub(super) fn draw(scene: &Scene, readout_lines: &Lines, c: &mut Canvas) {
    let Scene {
        world,
        view,
        hud,
        art,
        map_art,
    } = *scene;
    if hud.hidden {
        return;
    }
    let (width, height) = (c.width, c.height);
    let scale = text_scale(height);
    let minimap_shown = hud.minimap || hud.steering;
    // The gun and the flashes first: the readouts stay legible over them.
    fight::draw(world, art, c);
    if !hud.blind {
        readout(readout_lines, c, scale);
        match &world.player().flight {
            Some(f) => cockpit::attitude(world, f, c, scale),
            None => dial(world, view, c, scale),
        }
    }
    if minimap_shown {
        minimap((world, map_art), view, hud.steering, c, scale);
    }
    let dead = !world.combat().alive();
    if dead || hud.paused {
        // The banners go below the readout and the minimap, not under them.
        let mut clear = 0;
        if minimap_shown {
            clear = MinimapBox::new(world.map(), c, scale).bottom();
        }
        if !hud.blind {
            clear = clear.max(readout_bottom(readout_lines.len(), scale));
        }
        if dead {
            fight::death_words(hud.prompts.restart.as_deref(), clear, c, scale);
        }
        if hud.paused {
            let prompt = hud.prompts.resume.as_deref().map(|k| [k, " to resume"]);
            let prompt = prompt.as_ref().map(|p| &p[..]);
            banner(c, clear, "PAUSED", prompt, scale, TEXT);
        }
    }
    notice(world, c, scale);
    hint(&hud.hint, c, scale);
    let line = (GLYPH * scale) as i64;
    if let Some(msg) = &hud.message {
        let y = height as i64 - 2 * line;
        c.shade_rect(0, y - 4, width as i64, line + 8);
        c.text(line / 2, y, msg, scale, [255, 120, 100]);
    }
    // Last, over everything on its opaque panel.
    if hud.help && !hud.blind {
        help::draw(world, view, hud, c);
    }
}

/// A banner centred across the frame: `title` large, a third of the way
/// down or a line below row `clear` if that is lower (the readout and the
/// minimap end there), and under it the pieces of `prompt` as one line
/// ("P", " to resume"), if any.
pub(super) fn banner(
    c: &mut Canvas,
    clear: i64,
    title: &str,
    prompt: Option<&[&str]>,
    scale: usize,
    rgb: [u8; 3],
) {
    let big = scale * 2;
    let y = (c.height as i64 / 3).max(clear + (GLYPH * scale) as i64);
    c.centred(y, &[title], big, rgb);
    if let Some(prompt) = prompt {
        c.centred(y + ((GLYPH + 4) * big) as i64, prompt, scale, rgb);
    }
}

/// The hint's lines, wrapped to the frame's width, in a box centred above
/// the bottom line, the first in the heading's colour; at the HUD's
/// `scale`, or 1 where that would not fit.
fn hint(lines: &[String], c: &mut Canvas, scale: usize) {
    if lines.is_empty() {
        return;
    }
    let bottom = c.height as i64 - 2 * (GLYPH * scale) as i64 - 8;
    let fit = |scale: usize| {
        let (glyph, pitch) = ((GLYPH * scale) as i64, ((GLYPH + 3) * scale) as i64);
        let chars = ((c.width as i64 - 24) / glyph).max(1) as usize;
        let wrapped: Vec<(usize, String)> = lines
            .iter()
            .enumerate()
            .flat_map(|(i, l)| help::wrap(l, chars, " ").into_iter().map(move |w| (i, w)))
            .collect();
        let h = pitch * wrapped.len() as i64 + 12;
        (h <= bottom).then_some((scale, glyph, pitch, wrapped, h))
    };
    let Some((scale, glyph, pitch, wrapped, h)) = fit(scale).or_else(|| fit(1)) else {
        return;
    };
    let widest = wrapped.iter().map(|(_, l)| l.chars().count()).max();
    let w = widest.unwrap_or(0) as i64 * glyph + 16;
    let (x, y) = ((c.width as i64 - w) / 2, bottom - h);
    c.shade_rect(x, y, w, h);
    c.shade_rect(x, y, w, h);
    for (row, (i, l)) in wrapped.iter().enumerate() {
        let colour = if *i == 0 { HINT_TITLE } else { TEXT };
        c.text(x + 8, y + 6 + row as i64 * pitch, l, scale, colour);
    }
}

/// How long the HUD tells of a door or a pickup, ticks.
const NOTICE_TICKS: u64 = 2 * TICK_RATE as u64;

/// What the last door or pickup did, centred above the crosshair for
/// [`NOTICE_TICKS`], in the key's colour where a key is involved.
fn notice(world: &World, c: &mut Canvas, scale: usize) {
    let Some((text, colour)) = notice_of(world) else {
        return;
    };
    let big = scale * 2;
    let w = (text.chars().count() * GLYPH * big) as i64;
    let x = (c.width as i64 - w) / 2;
    // Below the readout in the top left, above the gun.
    let y = c.height as i64 * 9 / 25;
    c.shade_rect(x - 8, y - 6, w + 16, (GLYPH * big) as i64 + 12);
    c.text(x, y, text, big, colour);
}

/// The world's fresh notice (a key picked up, a locked door) and its
/// colour, while it shows.
fn notice_of(world: &World) -> Option<(&'static str, [u8; 3])> {
    let (tick, event) = world.event()?;
    if world.tick().saturating_sub(tick) >= NOTICE_TICKS {
        return None;
    }
    Some(match event {
        Event::Locked(Key::Gold) => ("Locked: it needs the gold key", key_colour(Key::Gold)),
        Event::Locked(Key::Silver) => ("Locked: it needs the silver key", key_colour(Key::Silver)),
        Event::Picked(PickupKind::Key(Key::Gold)) => {
            ("Picked up the gold key", key_colour(Key::Gold))
        }
        Event::Picked(PickupKind::Key(Key::Silver)) => {
            ("Picked up the silver key", key_colour(Key::Silver))
        }
        Event::Picked(PickupKind::Health) => ("Picked up first aid", [240, 90, 90]),
        Event::Picked(PickupKind::Fuel) => ("Jetpack fuel refilled", [240, 170, 80]),
    })
}

/// Every text the HUD draws over `scene`, as [`draw`] decides what to draw:
/// for checks that read what a screen says (a study's blinding) rather than
/// its pixels. Not for the frame loop: it allocates.
pub fn words(scene: &Scene) -> Vec<String> {
    let (world, hud) = (scene.world, scene.hud);
    if hud.hidden {
        return Vec::new();
    }
    let mut words: Vec<String> = readout_of(scene).iter().map(str::to_string).collect();
    if !world.combat().alive() {
        words.push(fight::DEATH_TEXT.to_string());
        if let Some(key) = &hud.prompts.restart {
            words.push(format!("press {key} to restart"));
        }
    }
    if hud.paused {
        words.push("PAUSED".into());
        if let Some(key) = &hud.prompts.resume {
            words.push(format!("{key} to resume"));
        }
    }
    words.extend(notice_of(world).map(|(text, _)| text.to_string()));
    words.extend(hud.hint.iter().cloned());
    words.extend(hud.message.iter().cloned());
    if hud.help && !hud.blind {
        for section in help::sections(world, scene.view, hud) {
            words.push(section.title.to_string());
            for (key, what) in section.rows {
                words.push(format!("{key} {what}"));
            }
        }
    }
    words
}

/// The model's state as text, top left.
fn readout(lines: &Lines, c: &mut Canvas, scale: usize) {
    // A band below the backdrop and the last line's shadow (which, past
    // scale 6, reaches below the backdrop) has nothing to draw.
    if !c.meets(0, readout_bottom(lines.len(), scale) + scale as i64) {
        return;
    }
    let line = (GLYPH * scale + 2) as i64;
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) * GLYPH * scale;
    c.shade_rect(0, 0, width as i64 + 12, readout_bottom(lines.len(), scale));
    for (i, l) in lines.iter().enumerate() {
        c.text(6, 6 + i as i64 * line, l, scale, TEXT);
    }
}

/// The first row below a readout of `lines` lines at `scale`.
fn readout_bottom(lines: usize, scale: usize) -> i64 {
    (GLYPH * scale + 2) as i64 * lines as i64 + 10
}

/// The readout's lines: the frame rate, the model's or the flight's state,
/// the heading, health, fuel and keys.
fn readout_lines(world: &World, hud: &Hud) -> Lines {
    let p = world.player();
    let deg = |r: f64| r.to_degrees();
    let mut lines = Lines::default();
    // Writing into a stack buffer cannot fail.
    let mut put = |args: std::fmt::Arguments| {
        let _ = lines.next().write_fmt(args);
    };
    if let Some(fps) = hud.fps {
        put(format_args!("{fps:5.0} fps"));
    }
    if let Some(course) = &hud.course {
        put(format_args!("{course}"));
    }
    let t = &world.tunables();
    if let Some(f) = &p.flight {
        cockpit::lines(world, f, &mut put);
    } else if t.model == Model::Polar {
        put(format_args!("model     polar"));
        put(format_args!("camera    along {}", t.coupling.name()));
        put(format_args!(
            "speed     {:6.2} tiles/s",
            shown(p.body.speed, 2)
        ));
        put(format_args!(
            "speed ang {:6.1}\u{b0}",
            shown(deg(p.body.speed_angle), 1)
        ));
        put(format_args!(
            "accel ang {:6.1}\u{b0} x{:+.2}",
            shown(deg(p.last_input.angle), 1),
            shown(p.last_input.acceleration, 2)
        ));
        put(format_args!(
            "ang vel   {:6.2} rad/s",
            shown(p.body.angular_velocity, 2)
        ));
    } else {
        put(format_args!("model     {}", t.model.name()));
        put(format_args!(
            "speed     {:6.2} tiles/s",
            shown(p.speed(), 2)
        ));
    }
    put(format_args!(
        "heading   {:6.1}\u{b0}",
        shown(deg(p.heading), 1)
    ));
    put(format_args!("health    {:6}", world.combat().health.max(0)));
    if p.flight.is_none() && (p.fuel < 1.0 || world.map().has_pads()) {
        put(format_args!("fuel      {:6.0}%", p.fuel * 100.0));
    }
    let has = |k: Key| p.keys & k.bit() != 0;
    let keys = match (has(Key::Gold), has(Key::Silver)) {
        (true, true) => "gold silver",
        (true, false) => "gold",
        (false, true) => "silver",
        (false, false) => "",
    };
    if !keys.is_empty() {
        put(format_args!("keys      {keys}"));
    }
    lines
}

/// The dial's radius at text `scale`, pixels.
pub(super) fn dial_radius(scale: usize) -> f64 {
    36.0 * scale as f64
}

/// A dial, bottom left, seen from above with the view pointing up: the
/// velocity (cyan, full radius at the polar top speed), the polar push
/// (white, length by strength) and the wish heading (yellow tick).
fn dial(world: &World, view: &View, c: &mut Canvas, scale: usize) {
    let r = dial_radius(scale);
    let (cx, cy) = (r + 10.0, c.height as f64 - r - 10.0);
    if !c.meets((cy - r) as i64 - 4, (2.0 * r) as i64 + 9) {
        return;
    }
    let p = world.player();
    // Screen direction of a world angle, with the view's yaw pointing up.
    let dir = |a: f64| {
        let rel = a - view.pose.yaw;
        (rel.sin(), -rel.cos())
    };
    c.shade_rect(
        (cx - r) as i64 - 4,
        (cy - r) as i64 - 4,
        (2.0 * r) as i64 + 9,
        (2.0 * r) as i64 + 9,
    );
    cockpit::ring(c, cx, cy, r, [120, 120, 120, 255]);
    let (hx, hy) = dir(p.heading);
    c.line(
        cx + hx * r * 0.8,
        cy + hy * r * 0.8,
        cx + hx * r,
        cy + hy * r,
        HEADING,
    );
    if world.tunables().model == Model::Polar {
        let push = p.last_input.acceleration.abs().min(1.0) * r;
        let (ax, ay) = dir(p.last_input.angle);
        c.line(cx, cy, cx + ax * push, cy + ay * push, WHITE);
    }
    // The velocity, full radius at the polar model's top speed.
    let len = (p.speed() / world.tunables().polar.max_speed).min(1.2) * r;
    let (sx, sy) = dir(p.velocity[1].atan2(p.velocity[0]));
    for o in [-0.5, 0.5] {
        c.line(cx + o, cy, cx + sx * len + o, cy + sy * len, SPEED);
    }
}

/// Where the minimap lies: the cells it shows across and down, a cell's
/// side and its top-left corner, pixels.
struct MinimapBox {
    cells: (usize, usize),
    cell: f64,
    x0: f64,
    y0: f64,
}

impl MinimapBox {
    /// The most cells the minimap shows across or down.
    const MAX_CELLS: usize = 32;

    /// The minimap of `map` in the top right of `c`, at most 45% of the
    /// frame's shorter side.
    fn new(map: &Map, c: &Canvas, scale: usize) -> Self {
        let cells_w = map.width().clamp(1, Self::MAX_CELLS);
        let cells_h = map.height().clamp(1, Self::MAX_CELLS);
        let room = (c.width.min(c.height) as f64 * 0.45) as usize;
        let cell = (room / cells_w.max(cells_h)).clamp(2, 12 * scale) as f64;
        Self {
            cells: (cells_w, cells_h),
            cell,
            x0: c.width as f64 - cells_w as f64 * cell - 10.0,
            y0: 10.0,
        }
    }

    /// The first row below the minimap's backdrop.
    fn bottom(&self) -> i64 {
        self.y0 as i64 - 4 + (self.cells.1 as f64 * self.cell) as i64 + 8
    }
}

/// The map from above, top right, north up, centred on the player when the
/// map is larger than the window onto it.
fn minimap(
    (world, map_art): (&World, &MapArt),
    view: &View,
    steering: bool,
    c: &mut Canvas,
    scale: usize,
) {
    let map = world.map();
    let MinimapBox {
        cells: (cells_w, cells_h),
        cell,
        x0,
        y0,
    } = MinimapBox::new(map, c, scale);
    let (px, py) = (view.pose.x, view.pose.y);
    // First cell shown, keeping the window inside the map.
    let first = |pos: f64, shown: usize, total: usize| {
        (pos - shown as f64 / 2.0).clamp(0.0, (total.saturating_sub(shown)) as f64)
    };
    let (fx, fy) = (
        first(px, cells_w, map.width()),
        first(py, cells_h, map.height()),
    );
    let box_h = (cells_h as f64 * cell) as i64 + 8;
    if !c.meets(y0 as i64 - 4, box_h) {
        return;
    }
    c.shade_rect(
        x0 as i64 - 4,
        y0 as i64 - 4,
        (cells_w as f64 * cell) as i64 + 8,
        box_h,
    );
    // Only the cell rows that meet this band.
    let band = |row: usize| ((row as f64 - y0) / cell).floor().max(0.0) as usize;
    let (j0, j1) = (band(c.y0).saturating_sub(1), (band(c.y1) + 2).min(cells_h));
    let side = cell as i64;
    let (left, top) = (fx.floor() as i64, fy.floor() as i64);
    // A cell's colour on the minimap; none for open floor or an open door.
    let colour = |tx: i64, ty: i64| {
        let v = map.cell(tx, ty);
        if v == 0 {
            return None;
        }
        match map.door_at(tx, ty).map(|d| &map.doors[d]) {
            Some(d) if d.is_open() => None,
            Some(d) => Some(d.lock.map_or(DOOR_COLOUR, key_colour)),
            None => Some(
                map_art
                    .walls
                    .get(v as usize - 1)
                    .map_or([128; 3], |t| t.average()),
            ),
        }
    };
    for ty in (j0..j1).map(|j| top + j as i64) {
        let sy = (y0 + (ty as f64 - fy) * cell) as i64;
        // Cells of one colour side by side, filled as one: the pixels of
        // their squares (`[x, end)` across, the colour), not a fill each.
        let mut run: Option<(i64, i64, [u8; 3])> = None;
        let flush = |c: &mut Canvas, run: Option<(i64, i64, [u8; 3])>| {
            if let Some((from, end, [r, g, b])) = run {
                c.fill(from, sy, end - from, side, [r, g, b, 255]);
            }
        };
        for tx in (0..cells_w).map(|i| left + i as i64) {
            let rgb = colour(tx, ty);
            let sx = (x0 + (tx as f64 - fx) * cell) as i64;
            run = match (run, rgb) {
                (Some((from, end, same)), Some(rgb)) if end == sx && same == rgb => {
                    Some((from, sx + side, rgb))
                }
                (last, rgb) => {
                    flush(c, last);
                    rgb.map(|rgb| (sx, sx + side, rgb))
                }
            };
        }
        flush(c, run);
    }
    let to_screen = |x: f64, y: f64| (x0 + (x - fx) * cell, y0 + (y - fy) * cell);
    let shown = |x: f64, y: f64| {
        (fx..fx + cells_w as f64).contains(&x) && (fy..fy + cells_h as f64).contains(&y)
    };
    radar::draw(world, steering, c, &to_screen, &shown, cell);
    let p = world.player();
    let (sx, sy) = to_screen(p.x, p.y);
    // Velocity: one tile drawn per tile/s of speed.
    let (ex, ey) = to_screen(p.x + p.velocity[0], p.y + p.velocity[1]);
    c.line(sx, sy, ex, ey, SPEED);
    if world.tunables().model == Model::Polar {
        // Push: two tiles long at full strength.
        let (as_, ac) = p.last_input.angle.sin_cos();
        let k = 2.0 * p.last_input.acceleration.abs().min(1.0);
        let (ax, ay) = to_screen(p.x + ac * k, p.y + as_ * k);
        c.line(sx, sy, ax, ay, WHITE);
    }
    let (hs, hc) = p.heading.sin_cos();
    let (hx, hy) = to_screen(p.x + hc * 0.8, p.y + hs * 0.8);
    c.line(sx, sy, hx, hy, HEADING);
    let r = (world.tunables().player_radius * cell).max(2.0) as i64;
    c.fill(
        sx as i64 - r,
        sy as i64 - r,
        2 * r,
        2 * r,
        [220, 40, 40, 255],
    );
}

/// A shut door on the minimap.
const DOOR_COLOUR: [u8; 3] = [150, 110, 60];

/// A key's colour on the minimap and the HUD.
pub(super) fn key_colour(key: Key) -> [u8; 3] {
    match key {
        Key::Gold => [240, 196, 40],
        Key::Silver => [200, 210, 225],
    }
}

/// `v` rounded to `places` decimals as the readout shows it, a negative
/// zero made plain zero (the HUD showed "-0.00" standing still).
pub(super) fn shown(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    let r = (v * k).round() / k;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// A direction in radians as the readout shows it: degrees to one place
/// in (-180, 180], as the simulation keeps it, so a direction rounding to
/// -180.0 reads +180.0, the same as the target it is reaching (the
/// readout said "direction -180.0 -> +180.0" for one direction).
pub(super) fn shown_direction(rad: f64) -> f64 {
    let d = shown(rad.to_degrees(), 1);
    if d <= -180.0 {
        d + 360.0
    } else {
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_direction_reads_the_same_on_both_sides_of_the_half_turn() {
        use std::f64::consts::PI;
        let deg = |d: f64| d.to_radians();
        assert_eq!(shown_direction(PI), 180.0);
        assert_eq!(shown_direction(deg(-179.97)), 180.0);
        assert_eq!(shown_direction(deg(-179.94)), -179.9);
        assert_eq!(shown_direction(deg(-90.0)), -90.0);
        assert_eq!(format!("{:+6.1}", shown_direction(deg(-0.01))), "  +0.0");
    }

    #[test]
    fn readouts_show_no_negative_zero() {
        assert_eq!(format!("{:6.2}", shown(-0.001, 2)), "  0.00");
        assert_eq!(format!("{:+.2}", shown(-0.004, 2)), "+0.00");
        assert_eq!(format!("{:6.1}", shown(-0.04, 1)), "   0.0");
        assert_eq!(format!("{:6.2}", shown(-0.006, 2)), " -0.01");
    }

    /// The bounding box (x0, y0, x1, y1, inclusive) of the pixels where
    /// `a` and `b`, `width` pixels wide, differ; None if none do.
    fn differing_box(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
        let mut bounds: Option<(usize, usize, usize, usize)> = None;
        for (i, (pa, pb)) in a.chunks_exact(4).zip(b.chunks_exact(4)).enumerate() {
            if pa != pb {
                let (x, y) = (i % width, i / width);
                bounds = Some(match bounds {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
        bounds
    }

    /// The frame of `world` from its camera with `hud`, `w` x `h`.
    fn frame_of(world: &World, hud: &Hud, (w, h): (usize, usize)) -> Vec<u8> {
        let view = View::from_pose(world.camera());
        let mut frame = vec![0u8; w * h * 4];
        super::super::draw(
            &super::super::Scene {
                world,
                view: &view,
                hud,
                art: &crate::sprites::Art::plain(),
                map_art: &MapArt::plain(world.map()),
            },
            super::super::Frame::new(&mut frame, w, h),
        );
        frame
    }

    /// The sizes the game and `shot` are used at.
    const SIZES: [(usize, usize); 5] = [
        (320, 180),
        (640, 360),
        (960, 540),
        (1280, 720),
        (1920, 1080),
    ];

    /// A world on a map of some size, its player facing `angle`.
    fn world_facing(angle: char) -> World {
        let mut rows: Vec<String> = vec!["#".repeat(20)];
        rows.extend((0..10).map(|_| format!("#{}#", ".".repeat(18))));
        rows.push("#".repeat(20));
        rows[5].replace_range(9..10, &angle.to_string());
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        World::new(crate::map::Map::from_rows(&rows), Default::default(), 1)
    }

    /// A HUD with everything on, the help too: as many bindings as the
    /// game's, long key lists and long descriptions among them.
    fn everything() -> Hud {
        Hud {
            help: true,
            fps: Some(60.0),
            minimap: true,
            paused: true,
            message: Some("a message".into()),
            hint: vec!["FIRST FLIGHT".into(), "a hint".into()],
            course: Some("checkpoint 3/15  1:23.4".into()),
            keys: (0..30)
                .map(|i| {
                    let what = "study: give the answer shown (number keys type one)";
                    (format!("Enter / NumpadEnter / Pad South {i}"), what.into())
                })
                .collect(),
            prompts: Prompts {
                help: Some("F1".into()),
                ..Prompts::default()
            },
            ..Hud::default()
        }
    }

    #[test]
    fn the_help_panel_hides_everything_behind_it_at_every_size_and_page() {
        // Two worlds facing different ways: different scenes, readouts and
        // minimaps behind the panel.
        let (east, south) = (world_facing('>'), world_facing('v'));
        let colours = [
            [0, 0, 0],
            [255, 220, 120],
            TEXT,
            [170, 170, 170],
            [16, 18, 24],
        ];
        for size in SIZES {
            let (w, h) = size;
            let hud = everything();
            let view = View::from_pose(east.camera());
            let layout = help::laid_out(&east, &view, &hud, size);
            let [px, py, pw, ph] = layout.panel.map(|v| v as usize);
            assert!(
                pw >= w / 3 && ph >= h / 3,
                "{w}x{h}: panel {:?}",
                layout.panel
            );
            for page in 0..layout.pages.len() {
                let hud = Hud {
                    help_page: page,
                    ..everything()
                };
                let (a, b) = (frame_of(&east, &hud, size), frame_of(&south, &hud, size));
                let mut lettered = 0;
                for y in py..py + ph {
                    for x in px..px + pw {
                        let i = (y * w + x) * 4;
                        let at = format!("{w}x{h} page {page} at {x},{y}");
                        assert_eq!(a[i..i + 4], b[i..i + 4], "{at}: something shows through");
                        let rgb = [a[i], a[i + 1], a[i + 2]];
                        assert!(colours.contains(&rgb), "{at}: {rgb:?}");
                        lettered += usize::from(rgb == TEXT);
                    }
                }
                assert!(
                    lettered > 1000,
                    "{w}x{h} page {page}: {lettered} text pixels"
                );
            }
        }
    }

    /// The rows (top, bottom) and columns (left, right) of `frame`'s
    /// pixels of colour `rgb`, if any.
    fn extent(frame: &[u8], w: usize, rgb: [u8; 3]) -> Option<[usize; 4]> {
        let mut found: Option<[usize; 4]> = None;
        for (i, p) in frame.chunks_exact(4).enumerate() {
            if p[..3] == rgb {
                let (x, y) = (i % w, i / w);
                let [t, b, l, r] = found.unwrap_or([y, y, x, x]);
                found = Some([t.min(y), b.max(y), l.min(x), r.max(x)]);
            }
        }
        found
    }

    #[test]
    fn the_death_and_pause_words_stand_below_the_readout_and_minimap_whole() {
        let dead = crate::sim::Scenario::from_world(world_facing('>'))
            .combat(|c, _| c.health = 0)
            .build();
        let words = super::super::fight::DEATH_TEXT_RGB;
        for size in SIZES {
            let (w, h) = size;
            let hud = Hud {
                minimap: true,
                prompts: Prompts {
                    restart: Some("Enter".into()),
                    resume: Some("P".into()),
                    ..Prompts::default()
                },
                ..Hud::default()
            };
            let mut canvas_rows = vec![[0u8; 4]; w * h];
            let canvas = Canvas::whole(&mut canvas_rows, w, h);
            let scale = text_scale(h);
            let minimap = MinimapBox::new(dead.map(), &canvas, scale).bottom();
            let readout = readout_bottom(readout_lines(&dead, &hud).len(), scale);
            let below = minimap.max(readout) as usize;
            let [top, _, left, right] = extent(&frame_of(&dead, &hud, size), w, words)
                .unwrap_or_else(|| panic!("{w}x{h}: no death words"));
            assert!(
                top >= below,
                "{w}x{h}: words from row {top}, HUD to {below}"
            );
            assert!(left > 0 && right < w - 1, "{w}x{h}: cut at the edges");
            // Blind: no readout, whose text has the banner's colour.
            let paused = Hud {
                paused: true,
                blind: true,
                ..hud
            };
            let alive = world_facing('>');
            let [top, _, left, right] = extent(&frame_of(&alive, &paused, size), w, TEXT)
                .unwrap_or_else(|| panic!("{w}x{h}: no pause words"));
            let below = minimap as usize;
            assert!(
                top >= below,
                "{w}x{h}: paused from row {top}, minimap to {below}"
            );
            assert!(left > 0 && right < w - 1, "{w}x{h}: cut at the edges");
        }
    }

    #[test]
    fn a_hint_fits_the_frame_above_the_bottom_line() {
        let world = world_facing('>');
        let hint = vec![
            "FIRST FLIGHT: this map is made for the jetpack (J)".to_string(),
            "Hold Q to hover (it barely climbs), E for full thrust (fast: use bursts).".into(),
            "W A S D tilt the ship to move; R brakes.".into(),
            "The engines cut out above 6.5 tiles (1.5 below the ceiling).".into(),
            "Letting go of hover up high hurts: land slower than 1.2 tiles/s.".into(),
        ];
        for size in SIZES {
            let (w, h) = size;
            let bare = Hud {
                message: Some("a message".into()),
                ..Hud::default()
            };
            let with = Hud {
                hint: hint.clone(),
                ..bare.clone()
            };
            let (a, b) = (frame_of(&world, &bare, size), frame_of(&world, &with, size));
            let (x0, y0, x1, y1) = differing_box(&a, &b, w).expect("the hint shows");
            let line = GLYPH * text_scale(h);
            assert!(
                x0 > 0 && x1 < w - 1 && y0 > 0,
                "{w}x{h}: {x0},{y0} to {x1},{y1}"
            );
            assert!(
                y1 < h - 2 * line - 4,
                "{w}x{h}: over the bottom line, to row {y1}"
            );
            let [top, ..] = extent(&b, w, HINT_TITLE).expect("its heading");
            assert!((y0..y1).contains(&top), "{w}x{h}");
        }
    }

    #[test]
    fn a_blind_hud_shows_nothing_of_the_model_but_the_gun_stays() {
        let world = World::new(
            crate::map::Map::from_rows(&["#####", "#.>.#", "#####"]),
            Default::default(),
            1,
        );
        let (w, h) = (640, 360);
        let draw = |hud: &Hud| frame_of(&world, hud, (w, h));
        let bare = draw(&Hud {
            hidden: true,
            ..Hud::default()
        });
        let full = draw(&Hud {
            help: true,
            ..Hud::default()
        });
        let blind = draw(&Hud {
            help: true,
            blind: true,
            ..Hud::default()
        });
        // The top-left readout and the help: drawn in full, not blind.
        let corner = |f: &[u8]| -> Vec<u8> {
            (0..40)
                .flat_map(|y| f[y * w * 4..(y * w + 160) * 4].to_vec())
                .collect()
        };
        assert_ne!(corner(&full), corner(&bare), "the readout is drawn");
        assert_eq!(corner(&blind), corner(&bare), "a blind HUD names no model");
        assert_ne!(blind, bare, "the gun is still drawn");
    }
}
