//! The player's progress through the episode, kept in `progress.toml` in
//! the user's data folder: the furthest level reached, and per level the
//! best time and the best ratios. Read bounded, written whole (a
//! temporary file beside it, synced, renamed over it: never a half-written
//! file), and a damaged file is reported and never written over.
//!
//! ```toml
//! reached = 3
//! ["First Steps"]
//! best_s = 61.5
//! kills = 100
//! secrets = 0
//! treasure = 50
//! ```

use crate::files;
use crate::sim::sheet::Sheet;
use crate::sim::TICK_RATE;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where the progress is kept: `progress.toml` in the data folder's
/// `wobblecaster` folder; None on a system with no data folder.
pub(in crate::app) fn default_path() -> Option<PathBuf> {
    crate::data::user_dir().map(|d| d.join("progress.toml"))
}

/// One level's best: time (ticks) and ratios (percent; absent with
/// nothing to find).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(in crate::app) struct Best {
    /// The best time, ticks.
    pub ticks: Option<u64>,
    /// The best kill, secret and treasure ratios, percent.
    pub ratios: [Option<u32>; 3],
}

/// The progress, and the file it is kept in (None: this session only).
#[derive(Clone, Debug, Default)]
pub(in crate::app) struct Progress {
    /// How many levels of the episode have been reached (the first is 1).
    pub reached: usize,
    levels: BTreeMap<String, Best>,
    file: Option<PathBuf>,
}

/// The keys of a level's table, in the order of [`Best::ratios`].
const RATIOS: [&str; 3] = ["kills", "secrets", "treasure"];

impl Progress {
    /// The progress kept at `path` (none yet without a file), and a notice
    /// when the file is damaged: then it is left as it is, and this
    /// session's progress is not saved over it.
    pub fn load(path: &Path) -> (Self, Option<String>) {
        if path.symlink_metadata().is_err() {
            let fresh = Self {
                file: Some(path.to_path_buf()),
                ..Self::default()
            };
            return (fresh, None);
        }
        let read = files::read_text(path, "progress", files::cap::PROGRESS)
            .map_err(|e| crate::located::chain(&e))
            .and_then(|text| parse(&text));
        match read {
            Ok((reached, levels)) => {
                let file = Some(path.to_path_buf());
                (
                    Self {
                        reached,
                        levels,
                        file,
                    },
                    None,
                )
            }
            Err(why) => {
                let notice = format!(
                    "progress not kept: {} is damaged ({why}); fix or remove it",
                    path.display()
                );
                (Self::default(), Some(notice))
            }
        }
    }

    /// The best on `map` so far.
    pub fn best(&self, map: &str) -> Best {
        self.levels.get(map).copied().unwrap_or_default()
    }

    /// Notes level `index` (from 0) of the episode done as `sheet` says,
    /// saving the file; a notice when saving failed.
    pub fn note(&mut self, index: usize, map: &str, sheet: &Sheet) -> Option<String> {
        self.reached = self.reached.max(index + 2);
        self.note_best(map, sheet)
    }

    /// Notes `map` played to its exit as `sheet` says (its best time and
    /// ratios), saving the file; the levels reached stay as they are (a
    /// lone map's exit). A notice when saving failed.
    pub fn note_best(&mut self, map: &str, sheet: &Sheet) -> Option<String> {
        let best = self.levels.entry(map.to_string()).or_default();
        best.ticks = Some(best.ticks.map_or(sheet.ticks, |b| b.min(sheet.ticks)));
        let now = [
            sheet.kill_percent(),
            sheet.secret_percent(),
            sheet.treasure_percent(),
        ];
        for (kept, now) in best.ratios.iter_mut().zip(now) {
            *kept = (*kept).max(now);
        }
        let path = self.file.as_ref()?;
        super::best::write_whole(path, &self.text(), "progress")
    }

    /// The file's text.
    fn text(&self) -> String {
        let mut doc = toml_edit::DocumentMut::new();
        doc["reached"] = toml_edit::value(self.reached as i64);
        for (map, best) in &self.levels {
            let mut table = toml_edit::Table::new();
            if let Some(t) = best.ticks {
                table["best_s"] = toml_edit::value(t as f64 / f64::from(TICK_RATE));
            }
            for (key, ratio) in RATIOS.iter().zip(best.ratios) {
                if let Some(r) = ratio {
                    table[*key] = toml_edit::value(i64::from(r));
                }
            }
            doc[map.as_str()] = toml_edit::Item::Table(table);
        }
        format!("# wobblecaster's progress through the episode.\n{doc}")
    }
}

/// What `text` holds, or why it is damaged.
fn parse(text: &str) -> Result<(usize, BTreeMap<String, Best>), String> {
    let doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("not TOML: {e}"))?;
    let mut reached = 0;
    let mut levels = BTreeMap::new();
    for (key, item) in doc.iter() {
        if key == "reached" {
            let r = item.as_integer().filter(|r| (0..=1000).contains(r));
            reached = r.ok_or("`reached` is not a level count")? as usize;
            continue;
        }
        let table = item
            .as_table()
            .ok_or_else(|| format!("`{key}` is not a level's table"))?;
        let mut best = Best::default();
        for (field, value) in table.iter() {
            let bad = || format!("`{key}.{field}` is not a number in range");
            if field == "best_s" {
                let s = value
                    .as_float()
                    .or_else(|| value.as_integer().map(|i| i as f64))
                    .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
                    .ok_or_else(bad)?;
                best.ticks = Some((s * f64::from(TICK_RATE)).round() as u64);
                continue;
            }
            let i = RATIOS
                .iter()
                .position(|r| *r == field)
                .ok_or_else(|| format!("`{key}.{field}` is no field of a level"))?;
            let r = value.as_integer().filter(|r| (0..=100).contains(r));
            best.ratios[i] = Some(r.ok_or_else(bad)? as u32);
        }
        levels.insert(key.to_string(), best);
    }
    Ok((reached, levels))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(ticks: u64, kills: u32) -> Sheet {
        Sheet {
            ticks,
            par_s: Some(90),
            kills,
            kill_total: 4,
            secrets: 0,
            secret_total: 0,
            treasure: 1,
            treasure_total: 2,
        }
    }

    #[test]
    fn progress_is_saved_whole_and_read_back_with_the_bests() {
        let dir = crate::files::Scratch::new("progress-saved");
        let path = dir.join("sub").join("progress.toml");
        let (mut p, notice) = Progress::load(&path);
        assert_eq!((notice, p.reached), (None, 0));
        assert_eq!(p.note(0, "First \"Steps\"", &sheet(1200, 4)), None);
        assert_eq!(p.note(0, "First \"Steps\"", &sheet(1500, 2)), None);
        assert_eq!(p.note(1, "Maze", &sheet(99, 1)), None);
        let (again, notice) = Progress::load(&path);
        assert_eq!(notice, None);
        assert_eq!(again.reached, 3);
        let best = again.best("First \"Steps\"");
        assert_eq!(best.ticks, Some(1200), "the best time, not the last");
        assert_eq!(best.ratios, [Some(100), None, Some(50)]);
        // No temporary file is left beside it.
        let names = std::fs::read_dir(dir.join("sub")).unwrap().count();
        assert_eq!(names, 1);
    }

    #[test]
    fn a_damaged_file_is_reported_and_never_written_over() {
        let dir = crate::files::Scratch::new("progress-damaged");
        for (name, text) in [
            ("a.toml", "reached = \n"),
            ("b.toml", "reached = 2\n[m]\nkills = 300\n"),
            ("c.toml", "[m]\nspeed = 1\n"),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            let (mut p, notice) = Progress::load(&path);
            assert!(notice.unwrap().contains("is damaged"), "{name}");
            assert_eq!(p.note(0, "m", &sheet(5, 1)), None);
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
        }
    }
}
