//! The HUD: the polar model's state as numbers and a dial, and a minimap
//! like article 000's demo (the body, its speed vector and its push).

use super::font::{Canvas, Lines, GLYPH};
use super::{cockpit, fight, radar};
use super::{Scene, View};
use crate::map::{Key, MapArt, PickupKind};
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
    /// The help overlay's bindings: what is pressed, and what it does (the
    /// settings' `help_lines`).
    pub keys: Vec<(String, String)>,
    /// The keys the prompts name, from the bindings in force.
    pub prompts: Prompts,
    /// The help overlay's input options in force, as (name, value) lines.
    pub input: Vec<(String, String)>,
}

const WHITE: [u8; 4] = [255, 255, 255, 255];
const SPEED: [u8; 4] = [64, 224, 255, 255];
const HEADING: [u8; 4] = [255, 208, 64, 255];
const TEXT: [u8; 3] = [235, 235, 220];

/// Draws the HUD over the scene.
pub(super) fn draw(scene: &Scene, c: &mut Canvas) {
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
    let scale = ((height as f64 / 400.0).round() as usize).max(1);
    // The gun and the flashes first: the readouts stay legible over them.
    fight::draw(world, art, hud.prompts.restart.as_deref(), c, scale);
    if !hud.blind {
        readout(world, hud, c, scale);
        match &world.player().flight {
            Some(f) => cockpit::attitude(world, f, c, scale),
            None => dial(world, view, c, scale),
        }
    }
    if hud.minimap || hud.steering {
        minimap((world, map_art), view, hud.steering, c, scale);
    }
    notice(world, c, scale);
    if hud.help && !hud.blind {
        help(world, view, hud, c, scale);
    }
    let line = (GLYPH * scale) as i64;
    if hud.paused {
        let y = height as i64 / 3;
        match hud.prompts.resume.as_deref() {
            Some(key) => c.centred(y, &["PAUSED - ", key, " to resume"], scale * 2, TEXT),
            None => c.centred(y, &["PAUSED"], scale * 2, TEXT),
        }
    }
    if let Some(msg) = &hud.message {
        let y = height as i64 - 2 * line;
        c.shade_rect(0, y - 4, width as i64, line + 8);
        c.text(line / 2, y, msg, scale, [255, 120, 100]);
    }
}

/// How long the HUD tells of a door or a pickup, ticks.
const NOTICE_TICKS: u64 = 2 * TICK_RATE as u64;

/// What the last door or pickup did, centred above the crosshair for
/// [`NOTICE_TICKS`], in the key's colour where a key is involved.
fn notice(world: &World, c: &mut Canvas, scale: usize) {
    let Some((tick, event)) = world.event() else {
        return;
    };
    if world.tick().saturating_sub(tick) >= NOTICE_TICKS {
        return;
    }
    let (text, colour) = match event {
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
    };
    let big = scale * 2;
    let w = (text.chars().count() * GLYPH * big) as i64;
    let x = (c.width as i64 - w) / 2;
    // Below the readout in the top left, above the gun.
    let y = c.height as i64 * 9 / 25;
    c.shade_rect(x - 8, y - 6, w + 16, (GLYPH * big) as i64 + 12);
    c.text(x, y, text, big, colour);
}

/// The widest the help overlay's key column grows, in characters: longer
/// lists of bindings wrap onto more lines.
const KEY_COLUMN: usize = 34;

/// The help overlay, centred: the bindings, then the comfort options in
/// force, stacked, or side by side when stacked they would not fit.
fn help(world: &World, view: &View, hud: &Hud, c: &mut Canvas, scale: usize) {
    let t = &world.tunables();
    let mut keys: Vec<String> = vec!["CONTROLS".into()];
    for (k, what) in &hud.keys {
        for (i, part) in wrap_keys(k, KEY_COLUMN).iter().enumerate() {
            let about = if i == 0 { what.as_str() } else { "" };
            keys.push(format!("{part:<KEY_COLUMN$} {about}"));
        }
    }
    let mut comfort: Vec<String> = vec!["MOVEMENT AND COMFORT".into()];
    comfort.push(format!("{:<22} {}", "walking model", t.model.name()));
    comfort.push(format!(
        "{:<22} along {}",
        "camera (polar)",
        t.coupling.name()
    ));
    comfort.push(format!(
        "{:<22} {:.0} deg",
        "field of view",
        view.fov.to_degrees()
    ));
    comfort.push(format!(
        "{:<22} {:.0} deg/s",
        "heading speed",
        t.heading_speed.to_degrees()
    ));
    comfort.push(format!("{:<22} {}", "head bob", t.head_bob));
    comfort.push(format!("{:<22} {:.0} deg/s2", "gyro", t.gyro.to_degrees()));
    comfort.push(format!(
        "{:<22} {}",
        "stabilising jets",
        if t.flight.stabilise { "on" } else { "off" }
    ));
    comfort.extend(hud.input.iter().map(|(k, v)| format!("{k:<22} {v}")));
    let chars = |ls: &[String]| ls.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let (wide, tall) = (c.width as i64, c.height as i64);
    // The largest text scale at which the overlay fits, stacked or side by
    // side; too small for either, stacked at scale 1 and clipped at the
    // bottom (the controls come first).
    let layout = |scale: usize| {
        let line = (GLYPH * scale + 3) as i64;
        let glyph = (GLYPH * scale) as i64;
        let stacked = (
            chars(&keys).max(chars(&comfort)) as i64 * glyph + 24,
            line * (keys.len() + 1 + comfort.len()) as i64 + 24,
        );
        let beside = (
            (chars(&keys) + 3 + chars(&comfort)) as i64 * glyph + 24,
            line * keys.len().max(comfort.len()) as i64 + 24,
        );
        let fits = |(w, h): (i64, i64)| w <= wide && h <= tall;
        match (fits(stacked), fits(beside)) {
            (true, _) => Some((false, stacked)),
            (false, true) => Some((true, beside)),
            _ => None,
        }
    };
    let (scale, (side, (w, h))) = (1..=scale)
        .rev()
        .find_map(|s| layout(s).map(|l| (s, l)))
        .unwrap_or((1, layout(1).unwrap_or((false, (wide, tall)))));
    let line = (GLYPH * scale + 3) as i64;
    let glyph = (GLYPH * scale) as i64;
    let (x, y) = (
        (c.width as i64 - w).max(0) / 2,
        (c.height as i64 - h).max(0) / 2,
    );
    c.shade_rect(x, y, w, h);
    c.shade_rect(x, y, w, h);
    for (i, l) in keys.iter().enumerate() {
        c.text(x + 12, y + 12 + i as i64 * line, l, scale, TEXT);
    }
    let (cx, cy) = if side {
        (x + 12 + (chars(&keys) + 3) as i64 * glyph, y + 12)
    } else {
        (x + 12, y + 12 + (keys.len() + 1) as i64 * line)
    };
    for (i, l) in comfort.iter().enumerate() {
        c.text(cx, cy + i as i64 * line, l, scale, TEXT);
    }
}

/// `keys` ("A / B / C") split at its separators into lines of at most
/// `width` characters (a single binding longer than that stays whole).
fn wrap_keys(keys: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in keys.split(" / ") {
        match lines.last_mut() {
            Some(last) if last.len() + 3 + part.len() <= width => {
                last.push_str(" / ");
                last.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// The model's state as text, top left.
fn readout(world: &World, hud: &Hud, c: &mut Canvas, scale: usize) {
    // At most a dozen lines: a band below them has nothing to draw.
    if !c.meets(0, (GLYPH * scale + 2) as i64 * 12 + 10) {
        return;
    }
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
    let line = (GLYPH * scale + 2) as i64;
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) * GLYPH * scale;
    c.shade_rect(0, 0, width as i64 + 12, line * lines.len() as i64 + 10);
    for (i, l) in lines.iter().enumerate() {
        c.text(6, 6 + i as i64 * line, l, scale, TEXT);
    }
}

/// A dial, bottom left, seen from above with the view pointing up: the
/// velocity (cyan, full radius at the polar top speed), the polar push
/// (white, length by strength) and the wish heading (yellow tick).
fn dial(world: &World, view: &View, c: &mut Canvas, scale: usize) {
    let r = 36.0 * scale as f64;
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

/// The map from above, top right, north up, centred on the player when the
/// map is larger than the window onto it.
fn minimap(
    (world, map_art): (&World, &MapArt),
    view: &View,
    steering: bool,
    c: &mut Canvas,
    scale: usize,
) {
    const MAX_CELLS: usize = 32;
    let map = world.map();
    let cells_w = map.width().clamp(1, MAX_CELLS);
    let cells_h = map.height().clamp(1, MAX_CELLS);
    let room = (c.width.min(c.height) as f64 * 0.45) as usize;
    let cell = (room / cells_w.max(cells_h)).clamp(2, 12 * scale) as f64;
    let (px, py) = (view.pose.x, view.pose.y);
    // First cell shown, keeping the window inside the map.
    let first = |pos: f64, shown: usize, total: usize| {
        (pos - shown as f64 / 2.0).clamp(0.0, (total.saturating_sub(shown)) as f64)
    };
    let (fx, fy) = (
        first(px, cells_w, map.width()),
        first(py, cells_h, map.height()),
    );
    let x0 = c.width as f64 - cells_w as f64 * cell - 10.0;
    let y0 = 10.0;
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
    for j in j0..j1 {
        for i in 0..cells_w {
            let (tx, ty) = (fx.floor() as i64 + i as i64, fy.floor() as i64 + j as i64);
            let v = map.cell(tx, ty);
            if v == 0 {
                continue;
            }
            let door = map.door_at(tx, ty).map(|d| &map.doors[d]);
            let rgb = match door {
                Some(d) if d.is_open() => continue,
                Some(d) => d.lock.map_or(DOOR_COLOUR, key_colour),
                None => map_art
                    .walls
                    .get(v as usize - 1)
                    .map_or([128; 3], |t| t.average()),
            };
            let sx = x0 + (tx as f64 - fx) * cell;
            let sy = y0 + (ty as f64 - fy) * cell;
            c.fill(
                sx as i64,
                sy as i64,
                cell as i64,
                cell as i64,
                [rgb[0], rgb[1], rgb[2], 255],
            );
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readouts_show_no_negative_zero() {
        assert_eq!(format!("{:6.2}", shown(-0.001, 2)), "  0.00");
        assert_eq!(format!("{:+.2}", shown(-0.004, 2)), "+0.00");
        assert_eq!(format!("{:6.1}", shown(-0.04, 1)), "   0.0");
        assert_eq!(format!("{:6.2}", shown(-0.006, 2)), " -0.01");
    }

    #[test]
    fn long_binding_lists_wrap_at_their_separators() {
        assert_eq!(wrap_keys("J / Pad South", 34), ["J / Pad South"]);
        assert_eq!(
            wrap_keys(
                "ControlLeft / ControlRight / MouseRight / Pad RightBumper",
                30
            ),
            ["ControlLeft / ControlRight", "MouseRight / Pad RightBumper"]
        );
        assert_eq!(wrap_keys("AVeryLongSingleName", 5), ["AVeryLongSingleName"]);
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

    #[test]
    fn the_help_draws_centred_at_every_common_size() {
        let world = World::new(
            crate::map::Map::from_rows(&["###", "#>#", "###"]),
            Default::default(),
            1,
        );
        let bare = Hud::default();
        let help = Hud {
            help: true,
            // As many lines as the game's help shows, long key lists among them.
            keys: (0..24)
                .map(|i| {
                    (
                        format!("W / Up / Pad South {i}"),
                        "move forward".to_string(),
                    )
                })
                .collect(),
            ..Hud::default()
        };
        let text = [TEXT[0], TEXT[1], TEXT[2], 255];
        for (w, h) in [
            (320, 180),
            (640, 360),
            (960, 540),
            (1280, 720),
            (1920, 1080),
        ] {
            let view = View::from_pose(world.camera());
            let draw = |hud: &Hud| {
                let mut frame = vec![0u8; w * h * 4];
                super::super::draw(
                    &super::super::Scene {
                        world: &world,
                        view: &view,
                        hud,
                        art: &crate::sprites::Art::plain(),
                        map_art: &MapArt::plain(world.map()),
                    },
                    super::super::Frame::new(&mut frame, w, h),
                );
                frame
            };
            let (without, with) = (draw(&bare), draw(&help));
            let (x0, y0, x1, y1) = differing_box(&without, &with, w)
                .unwrap_or_else(|| panic!("{w}x{h}: the help changed nothing"));
            // A backdrop centred on the frame (to a pixel of rounding).
            let size = format!("{w}x{h}: box {x0},{y0} to {x1},{y1}");
            assert!(x0.abs_diff(w - 1 - x1) <= 1, "{size}");
            assert!(y0.abs_diff(h - 1 - y1) <= 1, "{size}");
            assert!(x1 - x0 >= w / 3 && y1 - y0 >= h / 3, "{size}");
            // Darkened, black shadow or the text's colour, never brighter
            // than the scene but for the text itself.
            let mut lettered = 0;
            for (pa, pb) in without.chunks_exact(4).zip(with.chunks_exact(4)) {
                if pb == text && pa != text {
                    lettered += 1;
                } else {
                    assert!(
                        pa.iter().zip(pb).all(|(a, b)| b <= a),
                        "{size}: {pa:?} to {pb:?}"
                    );
                }
            }
            // Well over the 8 letters of its title, at 5 or more pixels each.
            assert!(lettered > 1000, "{size}: {lettered} text pixels");
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
        let view = View::from_pose(world.camera());
        let draw = |hud: &Hud| {
            let mut frame = vec![0u8; w * h * 4];
            super::super::draw(
                &super::super::Scene {
                    world: &world,
                    view: &view,
                    hud,
                    art: &crate::sprites::Art::plain(),
                    map_art: &MapArt::plain(world.map()),
                },
                super::super::Frame::new(&mut frame, w, h),
            );
            frame
        };
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
