//! The HUD: the status bar at the foot of the frame (`bar`), and the lab
//! readout behind a key (the polar model's state as numbers and a dial),
//! a crosshair, and a minimap like article 000's demo (the body, its
//! speed vector and its push).

mod arms;
mod bar;
mod flash;
mod minimap;
#[cfg(test)]
mod tests;

use super::font::{Canvas, Lines, GLYPH};
use super::layout::{banner, dial_radius, text_scale};
use super::shown::shown;
use super::{cockpit, fight, help};
use super::{Scene, View};
use crate::map::{Key, PickupKind, Treasure};
use crate::sim::doors::Event;
use crate::sim::{Model, World, TICK_RATE};
use minimap::{minimap, MinimapBox};
use std::fmt::Write as _;

pub use bar::GoalShown;

/// Which of the HUD's parts are drawn: the status bar (on by default), the
/// crosshair and the lab readout (off). A study's protocol decides the
/// first two; the readout, which names the model, is never drawn in one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The status bar at the foot of the frame.
    pub status_bar: bool,
    /// A dot at the centre of the view.
    pub crosshair: bool,
    /// The lab readout: the model, camera, speeds, angles and frame rate
    /// top left, and the dial (F10).
    pub readout: bool,
}

impl Default for Parts {
    fn default() -> Self {
        Self {
            status_bar: true,
            crosshair: false,
            readout: false,
        }
    }
}

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
    /// Which parts are drawn: the status bar, the crosshair, the readout.
    pub parts: Parts,
    /// The goal the status bar shows.
    pub goal: GoalShown,
    /// The run's time so far for the status bar's clock, ticks; None for
    /// no clock (no goal, a replay, a study).
    pub clock: Option<u64>,
    /// A menu or a completion screen is over the view: the notices of
    /// doors and pickups are not drawn under it.
    pub covered: bool,
    /// The index in the map's course (the finish last) of the next
    /// checkpoint to take: the beacons before it are drawn as passed, it
    /// as the next. 0 where no run follows the course (a shot, a replay).
    pub course_next: usize,
    /// Show the whole map on the minimap (`[hud] full_map`, `shot`): every
    /// wall, door, pickup, checkpoint and enemy, not only what the player
    /// has seen.
    pub full_map: bool,
}

pub(super) const WHITE: [u8; 4] = [255, 255, 255, 255];
pub(super) const SPEED: [u8; 4] = [64, 224, 255, 255];
pub(super) const HEADING: [u8; 4] = [255, 208, 64, 255];
const TEXT: [u8; 3] = [235, 235, 220];
const HINT_TITLE: [u8; 3] = [255, 220, 120];

/// The readout's lines for the frame of `scene`, if the HUD shows them:
/// formatted once a frame, not in each band the readout meets.
pub(super) fn readout_of(scene: &Scene) -> Lines {
    let hud = scene.hud;
    if !shows_readout(hud) {
        return Lines::default();
    }
    readout_lines(scene.world, hud)
}

/// True if `hud` draws the lab readout: asked for, and never in a study.
fn shows_readout(hud: &Hud) -> bool {
    hud.parts.readout && !hud.hidden && !hud.blind
}

/// The status bar's height over a frame `width` x `height` with `hud`,
/// pixels (0 when it is not drawn).
pub(super) fn bar_height(hud: &Hud, (width, height): (usize, usize)) -> usize {
    match hud.parts.status_bar && !hud.hidden {
        true => bar::height(width, height),
        false => 0,
    }
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
    let scale = text_scale(c.height);
    let readable = bar::scale(c.width, c.height);
    let bar = bar_height(hud, (c.width, c.height));
    if bar > 0 {
        let shown = bar::Shown {
            goal: hud.goal,
            clock: hud.clock,
        };
        bar::draw(world, &shown, c);
    }
    let view_h = c.height - bar;
    // The gun and the flashes first, in the view above the bar: the
    // readouts stay legible over them.
    fight::draw(world, art, &mut c.above(view_h));
    flash::draw(world, &mut c.above(view_h));
    // The minimap keeps its size and place whatever the bar takes.
    let minimap_bottom = (hud.minimap || hud.steering).then(|| {
        minimap((world, map_art), view, hud, c, scale);
        MinimapBox::new(world.map(), c, scale).bottom()
    });
    let at = Over {
        scale,
        readable,
        bar,
        minimap_bottom,
    };
    over_view(scene, readout_lines, &at, &mut c.above(view_h));
    // Last, over everything on its opaque panel (in a study too, without
    // the movement section, which names the model).
    if hud.help {
        help::draw(world, view, hud, c);
    }
}

/// How the parts over the view are laid out: the text `scale`, the
/// `readable` scale (the bar's), the bar's height and the first row
/// below the minimap, if it is drawn.
struct Over {
    scale: usize,
    readable: usize,
    bar: usize,
    minimap_bottom: Option<i64>,
}

/// The parts of the HUD over the view, drawn on `c`, the rows above the
/// status bar: the crosshair, the readout and the dial, the banners, the
/// notices, the hint and the bottom line.
fn over_view(scene: &Scene, readout_lines: &Lines, at: &Over, c: &mut Canvas) {
    let Scene {
        world, view, hud, ..
    } = *scene;
    let scale = at.scale;
    if hud.parts.crosshair {
        crosshair(c, at.readable, at.bar);
    }
    if shows_readout(hud) {
        readout(readout_lines, c, scale);
    }
    match &world.player().flight {
        // The flight's attitude is the pilot's instrument, not the lab's.
        Some(f) if !hud.blind => cockpit::attitude(world, f, c, scale),
        None if shows_readout(hud) => dial(world, view, c, scale),
        _ => {}
    }
    let dead = !world.combat().alive();
    if dead || hud.paused {
        // The banners go below the readout and the minimap, not under them.
        let mut clear = at.minimap_bottom.unwrap_or(0);
        if shows_readout(hud) {
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
    // A notice or a hint never goes over a banner or a menu.
    if !(dead || hud.paused || hud.covered) {
        notice(world, c, scale);
        let clear = match &world.player().flight {
            Some(_) if !hud.blind => {
                let (x, top, w, _) = cockpit::attitude_box(c.height, scale);
                Some((x + w, top))
            }
            _ => None,
        };
        hint(&hud.hint, c, at.readable, clear);
    }
    let line = (GLYPH * scale) as i64;
    if let Some(msg) = &hud.message {
        let y = c.height as i64 - 2 * line;
        c.shade_rect(0, y - 4, c.width as i64, line + 8);
        c.text(line / 2, y, msg, scale, [255, 120, 100]);
    }
}

/// A dot at the centre of the frame (the view's centre: the bar, `bar`
/// rows tall, overlays the view without moving it), white on a dark ring
/// so it shows on any wall.
fn crosshair(c: &mut Canvas, scale: usize, bar: usize) {
    let s = scale as i64;
    let (x, y) = (c.width as i64 / 2, (c.height + bar) as i64 / 2);
    c.fill(x - 2 * s, y - 2 * s, 4 * s, 4 * s, [0, 0, 0, 255]);
    c.fill(x - s, y - s, 2 * s, 2 * s, WHITE);
}

/// The fewest characters a line of the hint narrowed beside the attitude
/// indicator may take; narrower, the hint goes above it instead.
const HINT_MIN_CHARS: usize = 24;

/// Where the hint's box may go: `room` pixels wide, centred, its foot at
/// row `bottom`, lines of `min_chars` characters at least.
#[derive(Clone, Copy)]
struct HintPlace {
    room: i64,
    bottom: i64,
    min_chars: usize,
}

/// The hint's lines, wrapped, in a box centred above the bottom line, the
/// first in the heading's colour; at the HUD's `scale`, or 1 where that
/// would not fit. `clear` is a box at the bottom left (its right edge and
/// top row, pixels: the attitude indicator) that the hint keeps clear of,
/// narrowed beside it or, where too narrow, above it.
fn hint(lines: &[String], c: &mut Canvas, scale: usize, clear: Option<(i64, i64)>) {
    if lines.is_empty() {
        return;
    }
    let (width, bottom) = (
        c.width as i64,
        c.height as i64 - 2 * (GLYPH * scale) as i64 - 8,
    );
    let full = HintPlace {
        room: width,
        bottom,
        min_chars: 1,
    };
    let places = match clear {
        Some((right, top)) => [
            HintPlace {
                room: width - 2 * right.max(0),
                min_chars: HINT_MIN_CHARS,
                ..full
            },
            HintPlace {
                bottom: bottom.min(top - 4),
                ..full
            },
        ],
        None => [full, full],
    };
    let fit = |scale: usize, at: HintPlace| {
        let (glyph, pitch) = ((GLYPH * scale) as i64, ((GLYPH + 3) * scale) as i64);
        let chars = ((at.room - 24) / glyph).max(1) as usize;
        if chars < at.min_chars {
            return None;
        }
        let wrapped: Vec<(usize, String)> = lines
            .iter()
            .enumerate()
            .flat_map(|(i, l)| help::wrap(l, chars, " ").into_iter().map(move |w| (i, w)))
            .collect();
        let h = pitch * wrapped.len() as i64 + 12;
        (h <= at.bottom).then_some((scale, glyph, pitch, wrapped, h, at.bottom))
    };
    let found = (places.iter()).find_map(|&at| fit(scale, at).or_else(|| fit(1, at)));
    let Some((scale, glyph, pitch, wrapped, h, bottom)) = found else {
        return;
    };
    let widest = wrapped.iter().map(|(_, l)| l.chars().count()).max();
    let w = widest.unwrap_or(0) as i64 * glyph + 16;
    let (x, y) = ((width - w) / 2, bottom - h);
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
        Event::Picked(
            kind @ (PickupKind::Ammo | PickupKind::DroppedAmmo | PickupKind::Weapon(_)),
        ) => arms::notice(kind),
        Event::Picked(PickupKind::Food) => ("Picked up some food", [230, 140, 90]),
        Event::Picked(PickupKind::Treasure(t)) => (treasure_notice(t), TREASURE_COLOUR),
        Event::Secret => ("You found a secret!", [120, 200, 255]),
        Event::ExtraLife => ("Extra life!", [140, 255, 140]),
    })
}

/// The colour of treasure's notices.
const TREASURE_COLOUR: [u8; 3] = [250, 220, 100];

/// The notice of a treasure taken, with its points (`sim::loot::LOOT`).
fn treasure_notice(t: Treasure) -> &'static str {
    match t {
        Treasure::Cross => "A cross: 100 points",
        Treasure::Chalice => "A chalice: 500 points",
        Treasure::Chest => "A chest: 1000 points",
        Treasure::Crown => "A crown: 5000 points",
    }
}

/// Every text the HUD draws over `scene`, as `draw` decides what to draw:
/// for checks that read what a screen says (a study's blinding) rather than
/// its pixels. Not for the frame loop: it allocates.
pub fn words(scene: &Scene) -> Vec<String> {
    let (world, hud) = (scene.world, scene.hud);
    if hud.hidden {
        return Vec::new();
    }
    let mut words: Vec<String> = readout_of(scene).iter().map(str::to_string).collect();
    if bar_height(hud, (960, 540)) > 0 {
        let shown = bar::Shown {
            goal: hud.goal,
            clock: hud.clock,
        };
        words.extend(bar::words(world, &shown));
    }
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
    if world.combat().alive() && !hud.paused && !hud.covered {
        words.extend(notice_of(world).map(|(text, _)| text.to_string()));
        words.extend(hud.hint.iter().cloned());
    }
    words.extend(hud.message.iter().cloned());
    if hud.help {
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

/// A key's colour on the minimap and the HUD.
pub(super) fn key_colour(key: Key) -> [u8; 3] {
    match key {
        Key::Gold => [240, 196, 40],
        Key::Silver => [200, 210, 225],
    }
}
