//! The best course times per map and walking model, kept in a small TOML
//! file in the user's data folder: read bounded, written whole (a
//! temporary file renamed), and a broken file is never written over.
//!
//! ```toml
//! ["The Wobble Maze"]
//! polar = 83.416666666666671
//! ```

use crate::files;
use crate::sim::{Model, TICK_RATE};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The largest best-times file read, bytes.
const CAP: u64 = 1 << 20;

/// Where the best times are kept: `best-times.toml` in the data folder's
/// `wobblecaster` folder; None on a system with no data folder.
pub(in crate::app) fn default_path() -> Option<PathBuf> {
    crate::data::user_dir().map(|d| d.join("best-times.toml"))
}

/// The best times, ticks, per map title and model name, and the file they
/// are kept in (None: kept for this session only).
#[derive(Clone, Debug, Default)]
pub(in crate::app) struct BestTimes {
    times: BTreeMap<String, BTreeMap<String, u64>>,
    file: Option<PathBuf>,
}

impl BestTimes {
    /// The best times kept at `path` (none yet when there is no file), and
    /// a notice when the file cannot be read or is broken: its times are
    /// then ignored and the file is left as it is, never written over.
    pub fn load(path: &Path) -> (Self, Option<String>) {
        let kept = |times| Self {
            times,
            file: Some(path.to_path_buf()),
        };
        if path.symlink_metadata().is_err() {
            return (kept(BTreeMap::new()), None);
        }
        let read = files::read_text(path, "best times", CAP)
            .map_err(|e| crate::located::chain(&e))
            .and_then(|text| parse(&text));
        match read {
            Ok(times) => (kept(times), None),
            Err(why) => {
                let notice = format!(
                    "best times not kept: {} ({why}); fix or remove it",
                    path.display()
                );
                (Self::default(), Some(notice))
            }
        }
    }

    /// The best time for `map` in `model`, ticks, if any.
    pub fn get(&self, map: &str, model: Model) -> Option<u64> {
        self.times.get(map)?.get(model.name()).copied()
    }

    /// Notes a run of `ticks` on `map` in `model`, saving the file when it
    /// is a new best; a notice when saving failed.
    pub fn note(&mut self, map: &str, model: Model, ticks: u64) -> Option<String> {
        let slot = self.times.entry(map.to_string()).or_default();
        let best = slot.entry(model.name().to_string()).or_insert(ticks);
        if ticks > *best {
            return None;
        }
        *best = ticks;
        let path = self.file.as_ref()?;
        write_whole(path, &self.text(), "best time")
    }

    /// The file's text: a table per map, seconds per model.
    fn text(&self) -> String {
        let mut doc = toml_edit::DocumentMut::new();
        for (map, models) in &self.times {
            let mut table = toml_edit::Table::new();
            for (model, ticks) in models {
                table[model.as_str()] = toml_edit::value(*ticks as f64 / f64::from(TICK_RATE));
            }
            doc[map.as_str()] = toml_edit::Item::Table(table);
        }
        format!("# wobblecaster's best course times, seconds, per map and walking model.\n{doc}")
    }
}

/// The times `text` gives, ticks, or why it is broken.
fn parse(text: &str) -> Result<BTreeMap<String, BTreeMap<String, u64>>, String> {
    let doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("not TOML: {e}"))?;
    let mut times = BTreeMap::new();
    for (map, item) in doc.iter() {
        let table = item
            .as_table()
            .ok_or_else(|| format!("`{map}` is not a table of times"))?;
        let mut models = BTreeMap::new();
        for (model, seconds) in table.iter() {
            let s = seconds
                .as_float()
                .or_else(|| seconds.as_integer().map(|i| i as f64))
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
                .ok_or_else(|| format!("`{map}.{model}` is not a number of seconds"))?;
            models.insert(model.to_string(), (s * f64::from(TICK_RATE)).round() as u64);
        }
        times.insert(map.to_string(), models);
    }
    Ok(times)
}

/// Writes `text` whole to `path` (its folder made if need be; never a
/// half-written file): a notice naming `what` when it fails.
pub(super) fn write_whole(path: &std::path::Path, text: &str, what: &str) -> Option<String> {
    let saved = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| files::write_bytes(path, true, text.as_bytes()));
    saved
        .err()
        .map(|e| format!("{what} not saved: {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch folder for one test, removed when it is dropped.
    fn temp_dir(test: &str) -> crate::files::Scratch {
        crate::files::Scratch::new(&format!("best-{test}"))
    }

    #[test]
    fn a_new_best_is_saved_and_read_back_per_map_and_model() {
        let dir = temp_dir("saved");
        let path = dir.join("sub").join("best-times.toml");
        let (mut best, notice) = BestTimes::load(&path);
        assert_eq!(notice, None);
        assert_eq!(best.get("A \"quoted\" map", Model::Polar), None);
        assert_eq!(best.note("A \"quoted\" map", Model::Polar, 1001), None);
        assert_eq!(best.note("A \"quoted\" map", Model::Polar, 1200), None);
        best.note("A \"quoted\" map", Model::Classic, 77);
        let (again, notice) = BestTimes::load(&path);
        assert_eq!(notice, None);
        assert_eq!(again.get("A \"quoted\" map", Model::Polar), Some(1001));
        assert_eq!(again.get("A \"quoted\" map", Model::Classic), Some(77));
        assert_eq!(again.get("Another", Model::Polar), None);
    }

    #[test]
    fn a_broken_file_is_ignored_with_a_notice_and_never_written_over() {
        let dir = temp_dir("broken");
        for (name, text) in [
            ("a.toml", "[map\npolar = "),
            ("b.toml", "[m]\npolar = \"x\"\n"),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            let (mut best, notice) = BestTimes::load(&path);
            assert!(notice.unwrap().contains("best times not kept"));
            assert_eq!(best.note("m", Model::Polar, 5), None);
            assert_eq!(best.get("m", Model::Polar), Some(5), "kept for the session");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
    }
}
