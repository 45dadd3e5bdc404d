//! The save slots as a menu screen: choosing a slot to save to or load
//! from, and the question asked before a slot in use is saved over. Keys in,
//! a choice out, a text panel to draw; the slots' contents are given as
//! rows by whoever reads the folder.

use super::MenuKey;
use crate::render::panel::Panel;

/// What the slots are chosen for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To save the game into.
    Save,
    /// To load a game from.
    Load,
}

/// One slot as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The slot's name ("Quick", "Slot 3").
    pub title: String,
    /// What it holds: the map, the play time and the date, or "(empty)".
    pub about: String,
    /// True if it holds a file: saving there asks first, loading reads it.
    pub in_use: bool,
}

/// What a press chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// Nothing yet: draw the screen again.
    Stay,
    /// Back out: no slot chosen.
    Back,
    /// Save into the slot at this row; `overwrite` once the player said
    /// yes to saving over what it holds.
    Save {
        /// The row.
        row: usize,
        /// True if the player agreed to replace what it holds.
        overwrite: bool,
    },
    /// Load the game in the slot at this row.
    Load(usize),
}

/// The slots screen.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotPicker {
    purpose: Purpose,
    rows: Vec<Row>,
    selected: usize,
    /// The row asked about ("Overwrite?"), and whether "Yes" is selected.
    asking: Option<(usize, bool)>,
    /// True when the question was asked with no slots shown before it
    /// (the quick save's key): "No" then backs out altogether.
    asked_alone: bool,
}

impl SlotPicker {
    /// The slots `rows` offered for `purpose`, the first selected.
    pub fn new(purpose: Purpose, rows: Vec<Row>) -> Self {
        Self {
            purpose,
            rows,
            selected: 0,
            asking: None,
            asked_alone: false,
        }
    }

    /// Saving into `row`, which is in use: the question asked at once
    /// (the quick save's key on a quick slot in use); "No" backs out.
    pub fn asking(rows: Vec<Row>, row: usize) -> Self {
        Self {
            asking: Some((row, false)),
            selected: row,
            asked_alone: true,
            ..Self::new(Purpose::Save, rows)
        }
    }

    /// What the slots are chosen for.
    pub fn purpose(&self) -> Purpose {
        self.purpose
    }

    /// The row selected (or asked about).
    pub fn selected(&self) -> usize {
        self.asking.map_or(self.selected, |(row, _)| row)
    }

    /// True while the question "Overwrite?" is up.
    pub fn is_asking(&self) -> bool {
        self.asking.is_some()
    }

    /// A press: Up and Down choose a slot, Enter takes it (a slot in use,
    /// to save, asks first; an empty one, to load, does nothing), Esc
    /// backs out. Asking, Left, Right, Up and Down move between No and
    /// Yes, Enter answers, Esc is no.
    pub fn press(&mut self, key: MenuKey) -> Picked {
        if let Some((row, yes)) = self.asking {
            return match key {
                MenuKey::Select if yes => Picked::Save {
                    row,
                    overwrite: true,
                },
                MenuKey::Select | MenuKey::Back if self.asked_alone => Picked::Back,
                MenuKey::Select | MenuKey::Back => {
                    self.asking = None;
                    Picked::Stay
                }
                _ => {
                    self.asking = Some((row, !yes));
                    Picked::Stay
                }
            };
        }
        let n = self.rows.len().max(1);
        match key {
            MenuKey::Up | MenuKey::Left => self.selected = (self.selected + n - 1) % n,
            MenuKey::Down | MenuKey::Right => self.selected = (self.selected + 1) % n,
            MenuKey::Back => return Picked::Back,
            MenuKey::Select => return self.take(),
        }
        Picked::Stay
    }

    /// Enter on the selected row.
    fn take(&mut self) -> Picked {
        let row = self.selected;
        let Some(r) = self.rows.get(row) else {
            return Picked::Stay;
        };
        match self.purpose {
            Purpose::Save if r.in_use => {
                self.asking = Some((row, false));
                Picked::Stay
            }
            Purpose::Save => Picked::Save {
                row,
                overwrite: false,
            },
            Purpose::Load if r.in_use => Picked::Load(row),
            Purpose::Load => Picked::Stay,
        }
    }

    /// The panel to draw.
    pub fn panel(&self) -> Panel {
        if let Some((row, yes)) = self.asking {
            let r = &self.rows[row];
            let mark = |on: bool| if on { "> " } else { "  " };
            return Panel {
                title: format!("Overwrite {}?", r.title),
                lines: vec![
                    format!("It holds: {}", r.about),
                    String::new(),
                    format!("{}No, keep it", mark(!yes)),
                    format!("{}Yes, save over it", mark(yes)),
                ],
                value: None,
                hint: "Up/Down choose, Enter answer, Esc no".to_string(),
                compact: false,
            };
        }
        let title = match self.purpose {
            Purpose::Save => "Save game",
            Purpose::Load => "Load game",
        };
        // Padded to one width, the centred lines start in one column (the
        // font's glyphs are all one width).
        let width = self.rows.iter().map(|r| r.title.chars().count()).max();
        let width = width.unwrap_or(0);
        let rows: Vec<String> = (self.rows.iter().enumerate())
            .map(|(i, r)| {
                let mark = if i == self.selected { "> " } else { "  " };
                format!("{mark}{:<width$}  {}", r.title, r.about)
            })
            .collect();
        let longest = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let mut lines = vec![String::new()];
        lines.extend(rows.iter().map(|r| format!("{r:<longest$}")));
        Panel {
            title: title.to_string(),
            lines,
            value: None,
            hint: "Up/Down choose, Enter select, Esc back".to_string(),
            compact: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Row> {
        let row = |title: &str, in_use| Row {
            title: title.to_string(),
            about: if in_use {
                "The Wobble Maze  1:02"
            } else {
                "(empty)"
            }
            .to_string(),
            in_use,
        };
        vec![
            row("Quick", true),
            row("Slot 1", false),
            row("Slot 2", true),
        ]
    }

    #[test]
    fn a_slot_in_use_is_not_saved_over_without_asking() {
        let mut p = SlotPicker::new(Purpose::Save, rows());
        // The quick slot holds a game: Enter asks, with "No" chosen.
        assert_eq!(p.press(MenuKey::Select), Picked::Stay);
        assert!(p.is_asking());
        assert!(p.panel().title.starts_with("Overwrite Quick?"));
        // Enter on "No" saves nothing and goes back to the slots.
        assert_eq!(p.press(MenuKey::Select), Picked::Stay);
        assert!(!p.is_asking());
        // Asked again, Esc is no too.
        p.press(MenuKey::Select);
        assert_eq!(p.press(MenuKey::Back), Picked::Stay);
        assert!(!p.is_asking());
        // Asked again and answered yes: saved over, said so.
        p.press(MenuKey::Select);
        p.press(MenuKey::Down);
        let yes = Picked::Save {
            row: 0,
            overwrite: true,
        };
        assert_eq!(p.press(MenuKey::Select), yes);
    }

    #[test]
    fn an_empty_slot_saves_at_once_and_loads_nothing() {
        let mut p = SlotPicker::new(Purpose::Save, rows());
        p.press(MenuKey::Down);
        let save = Picked::Save {
            row: 1,
            overwrite: false,
        };
        assert_eq!(p.press(MenuKey::Select), save);
        let mut p = SlotPicker::new(Purpose::Load, rows());
        p.press(MenuKey::Down);
        assert_eq!(p.press(MenuKey::Select), Picked::Stay);
        p.press(MenuKey::Down);
        assert_eq!(p.press(MenuKey::Select), Picked::Load(2));
        assert_eq!(p.press(MenuKey::Back), Picked::Back);
    }

    #[test]
    fn the_quick_save_key_asks_before_saving_over_the_quick_slot() {
        let mut p = SlotPicker::asking(rows(), 0);
        assert!(p.is_asking());
        assert_eq!(p.press(MenuKey::Select), Picked::Back, "No is chosen first");
        let mut p = SlotPicker::asking(rows(), 0);
        assert_eq!(p.press(MenuKey::Back), Picked::Back);
        let mut p = SlotPicker::asking(rows(), 0);
        p.press(MenuKey::Up);
        let yes = Picked::Save {
            row: 0,
            overwrite: true,
        };
        assert_eq!(p.press(MenuKey::Select), yes);
    }
}
