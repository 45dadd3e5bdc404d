//! The status bar across the foot of the frame, in Wolfenstein 3D's
//! spirit: a row of inset panels, each a label over its value. Health as
//! a number and a bar, the keys as icons, the goal, the run's time (an
//! episode's level's, with its par), the jetpack's fuel where there is a
//! jetpack, the weapon, and the score with
//! the lives beside it.
//!
//! The bar overlays the bottom of the view rather than shrinking it: the
//! view keeps its projection (the horizon stays at the frame's middle, the
//! same rays are cast), and what the HUD lays out from the frame's foot
//! (the gun, the dial, the bottom line) is drawn on the rows above the bar
//! ([`Canvas::above`]).
//!
//! Panels too many for a narrow frame are dropped, the least needed first
//! (the weapon, the time, the fuel, the ammunition, the score, the keys), so the bar never
//! clips a word at any size; the text shrinks first, but not below the
//! readable size (16-pixel glyphs from 960x540) while a panel can go.

use super::key_colour;
use crate::map::Key;
use crate::render::font::{Canvas, Line, GLYPH};
use crate::render::layout::{readable_floor, text_scale};
use crate::sim::{World, TICK_RATE};
use std::fmt::Write as _;

/// The goal the status bar shows: a small plain value the game works out
/// from the run it follows (and `shot` from the world it starts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GoalShown {
    /// A course: the next checkpoint to pass, `next` of `of` (from 1; the
    /// finish not counted).
    Checkpoint {
        /// The next checkpoint's number, from 1.
        next: usize,
        /// How many checkpoints the course has, the finish not counted.
        of: usize,
    },
    /// A course whose checkpoints are behind: the finish is next.
    Finish,
    /// A map to clear: the enemies still alive.
    EnemiesLeft(usize),
    /// The goal reached.
    Done,
    /// An episode's level: its exit, within the par, seconds (beside the
    /// clock).
    Par(u32),
    /// No goal (a map to walk, a study, a replay): no goal panel.
    #[default]
    None,
}

/// The bar's colours: Wolfenstein 3D's slate, its panels' insets, the
/// labels and the values.
pub(super) const SLATE: [u8; 4] = [38, 52, 84, 255];
pub(super) const BEVEL: [u8; 4] = [96, 116, 160, 255];
const INSET: [u8; 4] = [16, 22, 38, 255];
pub(super) const LABEL: [u8; 3] = [214, 190, 120];
const VALUE: [u8; 3] = [240, 240, 230];
/// An empty key slot, and the health bar's empty part.
const EMPTY: [u8; 4] = [74, 88, 120, 255];

/// The room round the bar's two rows of glyphs (a label and a value), in
/// glyph pixels: the bevel, the inset's margins and the gap between them.
const ROOM_PX: usize = 8;

/// One panel: its label, and its width in glyph cells (the label's, or
/// the widest value's, whichever is wider).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Panel {
    Health,
    Ammo,
    Keys,
    Goal,
    Time,
    Fuel,
    Weapon,
    Score,
}

impl Panel {
    /// Every panel, left to right.
    const ALL: [Panel; 8] = [
        Panel::Score,
        Panel::Health,
        Panel::Ammo,
        Panel::Keys,
        Panel::Goal,
        Panel::Time,
        Panel::Fuel,
        Panel::Weapon,
    ];
    /// Dropped in this order where the frame is too narrow for them all.
    /// The fuel goes late: where it shows (a jetpack map) running dry is a
    /// fall, so the time goes before it, and at 960x540 it stays.
    const DROPPED_FIRST: [Panel; 6] = [
        Panel::Weapon,
        Panel::Time,
        Panel::Fuel,
        Panel::Ammo,
        Panel::Score,
        Panel::Keys,
    ];

    /// Its width in glyph cells.
    fn cells(self) -> usize {
        match self {
            // "100" and a bar as wide again.
            Panel::Health => 10,
            Panel::Keys => 5,
            // "CHECKPOINT", "12 of 15".
            Panel::Goal => 10,
            // "12:34.5".
            Panel::Time => 7,
            Panel::Fuel => 4,
            // "99"; "AMMO" is wider.
            Panel::Ammo => 4,
            // "PISTOL".
            Panel::Weapon => 6,
            // "SCORE" and the lives' head and count; "123456".
            Panel::Score => 8,
        }
    }
}

/// The panels `world` and `hud` give, in a fixed array (no allocation).
struct Panels {
    shown: [bool; Panel::ALL.len()],
    /// The goal panel's width in glyph cells: a par is narrower.
    goal_cells: usize,
}

impl Panels {
    fn new(world: &World, shown: &Shown) -> Self {
        let p = world.player();
        let fuel = p.flight.is_some() || p.fuel < 1.0 || world.map().has_pads();
        let visible = Panel::ALL.map(|panel| match panel {
            Panel::Goal => shown.goal != GoalShown::None,
            Panel::Time => shown.clock.is_some(),
            Panel::Fuel => fuel,
            // The old gun's rounds are endless: no count to show.
            Panel::Ammo => world.arms().is_some(),
            _ => true,
        });
        let goal_cells = match shown.goal {
            // "PAR", "60:00" (the longest par).
            GoalShown::Par(_) => 5,
            _ => Panel::Goal.cells(),
        };
        Self {
            shown: visible,
            goal_cells,
        }
    }

    /// `panel`'s width in glyph cells.
    fn cells(&self, panel: Panel) -> usize {
        match panel {
            Panel::Goal => self.goal_cells,
            _ => panel.cells(),
        }
    }

    fn has(&self, panel: Panel) -> bool {
        Panel::ALL
            .iter()
            .position(|&p| p == panel)
            .is_some_and(|i| self.shown[i])
    }

    fn drop(&mut self, panel: Panel) {
        if let Some(i) = Panel::ALL.iter().position(|&p| p == panel) {
            self.shown[i] = false;
        }
    }

    fn iter(&self) -> impl Iterator<Item = Panel> + '_ {
        Panel::ALL.into_iter().filter(|&p| self.has(p))
    }

    /// Drops the panels that do not fit a frame `width` x `height`, the
    /// least needed first, and returns the text scale: smaller text before
    /// fewer panels, but not below readable text while a panel can go, and
    /// never below the bar's rows.
    fn fit(&mut self, (width, height): (usize, usize)) -> usize {
        let mut s = scale(width, height);
        let readable = readable_floor((width, height));
        while s > readable && self.width(s) > width {
            s -= 1;
        }
        for panel in Panel::DROPPED_FIRST {
            if self.width(s) <= width {
                break;
            }
            self.drop(panel);
        }
        while s > 1 && self.width(s) > width {
            s -= 1;
        }
        s
    }

    /// The width all of them take at `scale`, pixels: their cells, and a
    /// glyph's padding each side of each.
    fn width(&self, scale: usize) -> usize {
        self.iter()
            .map(|p| (self.cells(p) + 2) * GLYPH * scale)
            .sum()
    }
}

/// The bar's text scale in a frame `width` x `height`: readable (16-pixel
/// glyphs from 960x540 up), as large as the HUD's text otherwise.
pub(super) fn scale(width: usize, height: usize) -> usize {
    text_scale(height).max(readable_floor((width, height)))
}

/// The bar's height in a frame `width` x `height`, pixels: none where it
/// would take more than a quarter of the frame.
pub(super) fn height(width: usize, height: usize) -> usize {
    let s = scale(width, height);
    let bar = (2 * GLYPH + ROOM_PX) * s;
    match bar * 4 <= height {
        true => bar,
        false => 0,
    }
}

/// What the bar shows besides the world.
pub(super) struct Shown {
    /// The goal.
    pub goal: GoalShown,
    /// The run's time so far, ticks; None for no clock.
    pub clock: Option<u64>,
}

/// Draws the bar across the foot of `c`, [`height`] rows tall.
pub(super) fn draw(world: &World, shown: &Shown, c: &mut Canvas) {
    let bar = height(c.width, c.height) as i64;
    let top = c.height as i64 - bar;
    if bar == 0 || !c.meets(top, bar) {
        return;
    }
    let mut panels = Panels::new(world, shown);
    let s = panels.fit((c.width, c.height));
    let (w, si) = (c.width as i64, s as i64);
    c.fill(0, top, w, bar, SLATE);
    c.fill(0, top, w, si, BEVEL);
    // The room left over, shared between the panels' gaps.
    let count = panels.iter().count() as i64;
    let spare = (w - panels.width(s) as i64).max(0);
    let gap = spare / (count + 1);
    let glyph = (GLYPH * s) as i64;
    let mut x = gap;
    for panel in panels.iter() {
        let pw = (panels.cells(panel) + 2) as i64 * glyph;
        let inset = Inset {
            x,
            y: top + 2 * si,
            w: pw,
            h: bar - 3 * si,
            s,
        };
        c.fill(inset.x, inset.y, inset.w, inset.h, INSET);
        draw_panel(panel, world, shown, &inset, c);
        x += pw + gap;
    }
}

/// A panel's inset box on the bar, pixels, and the text scale.
struct Inset {
    x: i64,
    y: i64,
    w: i64,
    h: i64,
    s: usize,
}

impl Inset {
    /// The label's top-left corner.
    fn label_at(&self) -> (i64, i64) {
        (
            (self.x + (GLYPH * self.s) as i64),
            self.y + 2 * self.s as i64,
        )
    }

    /// The value's top-left corner.
    fn value_at(&self) -> (i64, i64) {
        let (x, y) = self.label_at();
        (x, y + ((GLYPH + 2) * self.s) as i64)
    }
}

/// One panel's label and value.
fn draw_panel(panel: Panel, world: &World, shown: &Shown, at: &Inset, c: &mut Canvas) {
    let s = at.s;
    let mut value = Line::default();
    let label = match panel {
        // Health and keys are drawn, not only written: a coloured number
        // and a bar, and the keys' icons.
        Panel::Health => {
            health(world, at, c);
            "HEALTH"
        }
        Panel::Keys => {
            keys(world, at, c);
            "KEYS"
        }
        Panel::Score => {
            lives(world, at, c);
            written(panel, world, shown, &mut value)
        }
        _ => written(panel, world, shown, &mut value),
    };
    let (lx, ly) = at.label_at();
    c.text(lx, ly, label, s, LABEL);
    let (vx, vy) = at.value_at();
    c.text(vx, vy, value.as_str(), s, VALUE);
}

/// A panel's label, its value as text written into `value` (none for
/// the keys, which are icons).
fn written(panel: Panel, world: &World, shown: &Shown, value: &mut Line) -> &'static str {
    // Writing into a stack buffer cannot fail.
    match panel {
        Panel::Health => {
            let _ = write!(value, "{}", world.combat().health.max(0));
            "HEALTH"
        }
        Panel::Keys => "KEYS",
        Panel::Goal => goal(shown.goal, value),
        Panel::Time => {
            let _ = write_clock(value, shown.clock.unwrap_or(0));
            "TIME"
        }
        Panel::Fuel => {
            let _ = write!(value, "{:.0}%", world.player().fuel.clamp(0.0, 1.0) * 100.0);
            "FUEL"
        }
        Panel::Weapon => {
            let _ = write!(value, "{}", super::arms::bar_name(world));
            "WEAPON"
        }
        Panel::Ammo => {
            let _ = write!(value, "{}", world.arms().map_or(0, |a| a.ammo));
            "AMMO"
        }
        Panel::Score => {
            let _ = write!(value, "{}", world.tally().score);
            "SCORE"
        }
    }
}

/// The lives at the label row's right end: a head (Wolfenstein 3D shows
/// the lives beside its face) and their count.
fn lives(world: &World, at: &Inset, c: &mut Canvas) {
    let (x, y) = at.label_at();
    let s = at.s as i64;
    let glyph = GLYPH as i64 * s;
    // After "SCORE" and a cell's gap: the head, then the count.
    let hx = x + 6 * glyph;
    let skin = [230, 190, 150, 255];
    c.fill(hx + 2 * s, y, 4 * s, 4 * s, skin);
    c.fill(hx + s, y + 5 * s, 6 * s, 3 * s, [90, 110, 150, 255]);
    let mut count = Line::default();
    let _ = write!(count, "{}", world.tally().lives.min(9));
    c.text(hx + glyph, y, count.as_str(), at.s, VALUE);
}

/// The goal panel's label, its value written into `value`.
fn goal(goal: GoalShown, value: &mut Line) -> &'static str {
    match goal {
        GoalShown::Checkpoint { next, of } => {
            let _ = write!(value, "{next} of {of}");
            "CHECKPOINT"
        }
        GoalShown::Finish => {
            let _ = write!(value, "FINISH");
            "NEXT"
        }
        GoalShown::EnemiesLeft(n) => {
            let _ = write!(value, "{n} left");
            "ENEMIES"
        }
        GoalShown::Done => {
            let _ = write!(value, "DONE");
            "GOAL"
        }
        GoalShown::Par(seconds) => {
            let _ = write!(value, "{}", crate::map::par_text(seconds));
            "PAR"
        }
        GoalShown::None => "",
    }
}

/// `ticks` as minutes, seconds and tenths, "1:23.4", as the completion
/// screen shows a run's time.
fn write_clock(out: &mut Line, ticks: u64) -> std::fmt::Result {
    let tenths = ticks * 10 / TICK_RATE as u64;
    write!(
        out,
        "{}:{:02}.{}",
        tenths / 600,
        tenths / 10 % 60,
        tenths % 10
    )
}

/// Health's number, in its colour (green, amber, red as it falls), and a
/// bar of it beside the number.
fn health(world: &World, at: &Inset, c: &mut Canvas) {
    let full = world.combat_tunables().health.max(1);
    let health = world.combat().health.clamp(0, full);
    let colour = health_colour(health, full);
    let mut number = Line::default();
    let _ = write!(number, "{health:>3}");
    let (x, y) = at.value_at();
    let s = at.s as i64;
    let glyph = GLYPH as i64 * s;
    c.text(x, y, number.as_str(), at.s, colour);
    // The bar from the fourth cell to the panel's last.
    let (bx, bw, bh) = (x + 4 * glyph, 6 * glyph, glyph);
    c.fill(bx, y, bw, bh, EMPTY);
    let filled = bw * i64::from(health) / i64::from(full);
    let [r, g, b] = colour;
    c.fill(bx, y, filled, bh, [r, g, b, 255]);
}

/// Health's colour: green above half, amber above a quarter, red below.
fn health_colour(health: i32, full: i32) -> [u8; 3] {
    match health * 4 {
        h if h > 2 * full => [96, 220, 96],
        h if h > full => [240, 190, 60],
        _ => [240, 70, 60],
    }
}

/// A key icon for each key, in its colour where held, an empty slot where
/// not.
fn keys(world: &World, at: &Inset, c: &mut Canvas) {
    let held = world.player().keys;
    let (mut x, y) = at.value_at();
    let s = at.s as i64;
    for key in Key::ALL {
        let colour = match held & key.bit() != 0 {
            true => {
                let [r, g, b] = key_colour(key);
                [r, g, b, 255]
            }
            false => EMPTY,
        };
        key_icon(c, x, y, s, colour);
        x += 2 * GLYPH as i64 * s;
    }
}

/// A key, 8 by 8 glyph pixels of `s` with its bow at the left: a ring, a
/// shaft and two teeth.
fn key_icon(c: &mut Canvas, x: i64, y: i64, s: i64, rgba: [u8; 4]) {
    // The bow: a ring 4 across with a hole 2 across.
    c.fill(x, y + 2 * s, 4 * s, 4 * s, rgba);
    c.fill(x + s, y + 3 * s, 2 * s, 2 * s, INSET);
    // The shaft, and its teeth hanging below it.
    c.fill(x + 4 * s, y + 3 * s, 4 * s, s, rgba);
    c.fill(x + 5 * s, y + 4 * s, s, 2 * s, rgba);
    c.fill(x + 7 * s, y + 4 * s, s, s, rgba);
}

/// The bar's words, label and value of each panel (all of them, whatever
/// the frame's width): for checks that read what a screen says.
pub(super) fn words(world: &World, shown: &Shown) -> Vec<String> {
    let panels = Panels::new(world, shown);
    let mut words = Vec::new();
    for panel in panels.iter() {
        if panel == Panel::Score {
            // The lives are a head and a count beside the label, no word.
            words.push(world.tally().lives.to_string());
        }
        let mut value = Line::default();
        let label = written(panel, world, shown, &mut value);
        words.push(label.to_string());
        if !value.as_str().is_empty() {
            words.push(value.as_str().to_string());
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fuel_stays_on_a_jetpack_map_at_960x540_the_time_goes_first() {
        let map = crate::map::Map::from_rows(&["#####", "#>..#", "#####"]);
        let mut world = World::new(map, crate::sim::Tunables::default(), 1).armed();
        world.step(&crate::sim::Controls {
            action: Some(crate::sim::Request::Jetpack),
            ..Default::default()
        });
        let goal = GoalShown::Checkpoint { next: 3, of: 14 };
        let shown = Shown {
            goal,
            clock: Some(10_000),
        };
        let mut panels = Panels::new(&world, &shown);
        assert!(Panel::ALL.iter().all(|&p| panels.has(p)), "every panel");
        assert_eq!(panels.fit((960, 540)), 2, "readable text");
        assert!(panels.has(Panel::Fuel), "the fuel is kept");
        assert!(!panels.has(Panel::Time), "the time went before it");
        assert!(panels.has(Panel::Goal) && panels.has(Panel::Health));
    }

    #[test]
    fn an_episode_level_shows_its_time_against_par_and_fuel_at_960x540() {
        let map = crate::map::Map::from_rows(&["#####", "#>..#", "#####"]);
        let mut world = World::new(map, crate::sim::Tunables::default(), 1).armed();
        world.step(&crate::sim::Controls {
            action: Some(crate::sim::Request::Jetpack),
            ..Default::default()
        });
        let shown = Shown {
            goal: GoalShown::Par(90),
            clock: Some(83 * u64::from(TICK_RATE)),
        };
        let mut panels = Panels::new(&world, &shown);
        panels.fit((960, 540));
        for kept in [Panel::Goal, Panel::Time, Panel::Fuel, Panel::Score] {
            assert!(panels.has(kept), "kept at 960x540");
        }
        let said = words(&world, &shown);
        let at = said.iter().position(|w| w == "PAR").expect("a par panel");
        assert_eq!(said[at + 1], "1:30");
        assert!(said.contains(&"1:23.0".to_string()), "{said:?}");
    }
}
