//! The save slots: files in `saves/` of the per-user data folder, one a
//! slot, the quick slot (F7 saves to it, F8 loads it) and [`NUMBERED`]
//! more chosen from the pause menu. A slot is written whole or not at
//! all, and a slot in use is written over only when the player said so
//! ([`Slots::write`] with `overwrite`).

use super::{read, write, Save, SaveError, SaveFault};
use std::path::{Path, PathBuf};

/// How many numbered slots there are.
pub const NUMBERED: usize = 8;

/// One slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The quick slot of F7 and F8.
    Quick,
    /// A numbered slot, 1 to [`NUMBERED`].
    Numbered(usize),
}

impl Slot {
    /// Every slot, the quick slot first.
    pub fn all() -> impl Iterator<Item = Slot> {
        std::iter::once(Slot::Quick).chain((1..=NUMBERED).map(Slot::Numbered))
    }

    /// Its file's name.
    pub fn file_name(self) -> String {
        match self {
            Slot::Quick => "quick.wsave".to_string(),
            Slot::Numbered(n) => format!("slot{n}.wsave"),
        }
    }

    /// Its name in menus.
    pub fn title(self) -> String {
        match self {
            Slot::Quick => "Quick".to_string(),
            Slot::Numbered(n) => format!("Slot {n}"),
        }
    }
}

/// What a slot holds, as its menu line shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Held {
    /// Nothing: the slot is free.
    Empty,
    /// A save, read whole (header, thumbnail and body) and its hash
    /// checked; the menu shows its header and thumbnail.
    Game(Box<Save>),
    /// A file that is not a save this program reads, and why.
    Unreadable(String),
}

impl Held {
    /// True unless the slot is free: saving there asks first.
    pub fn in_use(&self) -> bool {
        !matches!(self, Held::Empty)
    }

    /// The slot's line: the map, the play time and the date.
    pub fn describe(&self) -> String {
        match self {
            Held::Empty => "(empty)".to_string(),
            Held::Game(save) => {
                let h = &save.header;
                let date = h.saved_at.replace('T', " ").replace('Z', "");
                let date = date.get(..16).unwrap_or(&date);
                format!("{}  {}  {date}", h.map_name, play_time(h.tick))
            }
            Held::Unreadable(why) => format!("(unreadable: {why})"),
        }
    }
}

/// `tick` ticks of play as hours, minutes and seconds: "1:02:03" or
/// "2:03".
pub fn play_time(tick: u64) -> String {
    let s = tick / u64::from(crate::sim::TICK_RATE);
    match s / 3600 {
        0 => crate::map::par_text(s as u32),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

/// The slots in one folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Slots {
    dir: PathBuf,
}

/// Where the game keeps its saves: `saves/` in the per-user data folder
/// (or in the working folder on a system with none).
pub fn default_dir() -> PathBuf {
    crate::data::user_dir().map_or_else(|| PathBuf::from("saves"), |d| d.join("saves"))
}

impl Slots {
    /// The slots in `dir` (made when first saved to).
    pub fn in_dir(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
        }
    }

    /// The file of `slot`.
    pub fn path(&self, slot: Slot) -> PathBuf {
        self.dir.join(slot.file_name())
    }

    /// What `slot` holds. A file there that cannot be read is in use all
    /// the same: it is not written over without asking.
    pub fn held(&self, slot: Slot) -> Held {
        let path = self.path(slot);
        if path.symlink_metadata().is_err() {
            return Held::Empty;
        }
        match read(&path) {
            Ok(save) => Held::Game(Box::new(save)),
            Err(e) => Held::Unreadable(crate::located::chain(&e.fault)),
        }
    }

    /// Every slot and what it holds, the quick slot first.
    pub fn list(&self) -> Vec<(Slot, Held)> {
        Slot::all().map(|s| (s, self.held(s))).collect()
    }

    /// Writes `save` into `slot`. A slot in use is written over only with
    /// `overwrite` (the player said yes); otherwise it is left as it was
    /// and the result is an error saying it is in use.
    pub fn write(&self, slot: Slot, save: &Save, overwrite: bool) -> Result<PathBuf, SaveError> {
        let path = self.path(slot);
        write(&path, save, overwrite)?;
        Ok(path)
    }

    /// Reads the save in `slot`.
    pub fn read(&self, slot: Slot) -> Result<Save, SaveError> {
        read(&self.path(slot))
    }

    /// True if `slot` is in use.
    pub fn in_use(&self, slot: Slot) -> bool {
        self.path(slot).symlink_metadata().is_ok()
    }
}

/// True if `e` says the slot was in use and left untouched.
pub fn was_in_use(e: &SaveError) -> bool {
    matches!(&e.fault, SaveFault::Write(io) if io.kind() == std::io::ErrorKind::AlreadyExists)
}
