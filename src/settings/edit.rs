//! Saving choices into the settings file the way a person would edit it:
//! only the keys changed are touched, every comment, blank line and key
//! order stays (toml_edit keeps the document as written). A file that does
//! not read as settings is never rewritten: the person's text wins.

use super::{Settings, SettingsErrors};
use crate::files::{self, cap};
use std::path::Path;
use toml_edit::{value, DocumentMut, Item, Table};

/// One value to set: `[section] key = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The section, such as `movement`.
    pub section: &'static str,
    /// The key, such as `model`.
    pub key: &'static str,
    /// The new value.
    pub value: Value,
}

/// A value of the settings file.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A name, such as `"classic"`.
    Text(String),
    /// A number.
    Number(f64),
    /// `true` or `false`.
    Flag(bool),
}

/// Why the settings could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// The file on disk has faults: it is left as the person wrote it.
    #[error("the settings file has faults, so it is left as it is; fix it first")]
    Faults(#[source] SettingsErrors),
    /// The edited text would not read back (a value out of its range).
    #[error("the change would not be valid settings")]
    Invalid(#[source] SettingsErrors),
    /// Reading or writing the file failed.
    #[error("cannot write {}", path.display())]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// `text` (a settings file, possibly empty) with `changes` applied, each
/// key replaced in place or added at the end of its section (the section
/// made at the end of the file if missing); everything else as it was.
pub fn apply(text: &str, changes: &[Change], file: &Path) -> Result<String, EditError> {
    Settings::parse(text, file).map_err(EditError::Faults)?;
    let mut doc: DocumentMut = text.parse().map_err(|_| {
        // The settings parser read it; toml_edit reading it differently
        // would be a bug in one of them.
        EditError::Io {
            path: file.to_path_buf(),
            source: std::io::Error::other("the file does not read as TOML"),
        }
    })?;
    for c in changes {
        let section = doc
            .entry(c.section)
            .or_insert_with(|| Item::Table(Table::new()));
        let Some(table) = section.as_table_like_mut() else {
            continue;
        };
        let new = match &c.value {
            Value::Text(t) => value(t.as_str()),
            Value::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => value(*n as i64),
            Value::Number(n) => value(*n),
            Value::Flag(b) => value(*b),
        };
        match table.get_mut(c.key) {
            // Keep the comment before the key and after the value.
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                let mut new = new.into_value().expect("a value");
                *new.decor_mut() = decor;
                *old = new;
            }
            _ => {
                table.insert(c.key, new);
            }
        }
    }
    let edited = doc.to_string();
    Settings::parse(&edited, file).map_err(EditError::Invalid)?;
    Ok(edited)
}

/// Applies `changes` to the settings file at `path` (made, with its
/// folder, if missing), replacing it whole only once the edit reads back.
pub fn save(path: &Path, changes: &[Change]) -> Result<(), EditError> {
    let io = |source| EditError::Io {
        path: path.to_path_buf(),
        source,
    };
    // `--settings /dev/null` reads as empty; files::write_bytes refuses
    // to replace the device (or any file that is not a regular one).
    let text = if path.exists() {
        files::read_text(path, "settings file", cap::SETTINGS)
            .map_err(|e| EditError::Faults(crate::located::Faults::one(e.widen())))?
    } else {
        String::new()
    };
    let edited = apply(&text, changes, path)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    files::write_bytes(path, true, edited.as_bytes()).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(section: &'static str, key: &'static str, value: Value) -> Change {
        Change {
            section,
            key,
            value,
        }
    }

    #[test]
    fn a_change_keeps_every_comment_and_the_layout() {
        let text = "# my settings\n\n[video]\n# wide for my monitor\nfov = 100 # degrees\n\
                    \n[movement]\nmodel = \"polar\"   # the article's\n\n# the end\n";
        let out = apply(
            text,
            &[
                set("movement", "model", Value::Text("classic".into())),
                set("video", "fov", Value::Number(90.0)),
            ],
            Path::new("s.toml"),
        )
        .unwrap();
        assert_eq!(
            out,
            "# my settings\n\n[video]\n# wide for my monitor\nfov = 90 # degrees\n\
             \n[movement]\nmodel = \"classic\"   # the article's\n\n# the end\n"
        );
    }

    #[test]
    fn missing_keys_and_sections_are_added() {
        let out = apply(
            "[video]\nfov = 100\n",
            &[
                set("comfort", "gyro", Value::Number(45.5)),
                set("comfort", "level_horizon", Value::Flag(true)),
            ],
            Path::new("s.toml"),
        )
        .unwrap();
        let s = Settings::parse(&out, Path::new("s.toml")).unwrap();
        assert!(s.video.level_horizon);
        assert_eq!(s.video.fov_deg, 100.0);
        assert!((s.tunables.gyro - 45.5f64.to_radians()).abs() < 1e-12);
        assert!(out.starts_with("[video]\nfov = 100\n"), "{out}");
    }

    #[test]
    fn a_file_with_faults_is_never_rewritten_nor_a_bad_value_written() {
        let e = apply(
            "[video]\nfov = 500\n",
            &[set("movement", "model", Value::Text("quake".into()))],
            Path::new("s.toml"),
        );
        assert!(matches!(e, Err(EditError::Faults(_))), "{e:?}");
        let e = apply(
            "",
            &[set("video", "fov", Value::Number(500.0))],
            Path::new("s.toml"),
        );
        assert!(matches!(e, Err(EditError::Invalid(_))), "{e:?}");
    }

    #[test]
    fn save_never_replaces_what_is_not_a_regular_file() {
        let e = save(
            Path::new("/dev/null"),
            &[set("movement", "model", Value::Text("quake".into()))],
        );
        assert!(matches!(e, Err(EditError::Io { .. })), "{e:?}");
        let dir = crate::files::Scratch::new("edit-dir");
        let e = save(
            &dir,
            &[set("movement", "model", Value::Text("quake".into()))],
        );
        assert!(e.is_err(), "a folder is no settings file");
        assert!(dir.is_dir());
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            let kind = std::fs::metadata("/dev/null").unwrap().file_type();
            assert!(kind.is_char_device(), "/dev/null is still the device");
        }
    }

    #[test]
    fn save_makes_the_folder_and_replaces_the_file_whole() {
        let dir = crate::files::Scratch::new("edit");
        let path = dir.join("wobblecaster/settings.toml");
        save(
            &path,
            &[set("movement", "model", Value::Text("quake".into()))],
        )
        .unwrap();
        save(
            &path,
            &[set("movement", "coupling", Value::Text("heading".into()))],
        )
        .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let s = Settings::parse(&text, &path).unwrap();
        assert_eq!(s.tunables.model, crate::sim::Model::Quake);
        assert_eq!(s.tunables.coupling, crate::sim::Coupling::Heading);
    }
}
