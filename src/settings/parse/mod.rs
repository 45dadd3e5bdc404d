//! The TOML walk: each section and key checked against the schema and
//! applied to the defaults, every fault collected with its place.
//!
//! - `bindings`: the `[bindings]` section.
//! - `hints`: the wording of faults: the nearest name to a slip, the
//!   section a stray key belongs in.

mod bindings;
mod hints;

use self::hints::{a, home_of};
use super::schema::{self, Field, Kind, Range, Section, BINDINGS, MAX_HEIGHT, MAX_WIDTH, MIN_SIZE};
use super::{Settings, SettingsError, SettingsErrors, SettingsFault};
use crate::located::{note, Faults, Located, Place};
use crate::names::nearest;
use crate::short::Short;
use std::path::Path;
use toml::de::{DeString, DeTable, DeValue};
use toml::Spanned;

/// Parses `text` as if read from `file` into the defaults overlaid with
/// what it sets, or every fault found.
pub(super) fn parse(text: &str, file: &Path) -> Result<Settings, SettingsErrors> {
    let mut p = Parser {
        text,
        file,
        settings: Settings::default(),
        errors: Vec::new(),
    };
    let (doc, syntax) = DeTable::parse_recoverable(text);
    if syntax.is_empty() {
        for (key, value) in doc.get_ref().iter() {
            p.top_level(key, value);
        }
    } else {
        // The recovered document may hold fragments of the broken lines:
        // their faults would only be echoes of the syntax error.
        for e in syntax {
            let at = e.span().map_or(text.len(), |s| s.start);
            p.error(at, format!("bad TOML: {}", e.message()));
        }
    }
    if p.errors.is_empty() {
        Ok(p.settings)
    } else {
        // Tables iterate in key order; report in file order.
        p.errors.sort_by_key(|e| (e.at.line(), e.at.col()));
        Err(Faults(p.errors))
    }
}

/// Applies the settings sections among `entries` (keys and values of a
/// TOML document parsed from `text`, read from `file`) over `settings`:
/// how another file (a study protocol) sets values with exactly the
/// settings file's sections, keys, ranges and hints. Returns the settings
/// and every fault, placed in `text`.
pub(crate) fn overlay<'e, 'i: 'e>(
    text: &str,
    file: &Path,
    settings: Settings,
    entries: impl Iterator<Item = (&'e Key<'i>, &'e Value<'i>)>,
) -> (Settings, Vec<SettingsError>) {
    let mut p = Parser {
        text,
        file,
        settings,
        errors: Vec::new(),
    };
    for (key, value) in entries {
        p.top_level(key, value);
    }
    (p.settings, p.errors)
}

/// A TOML key with its place in the text.
pub(crate) type Key<'i> = Spanned<DeString<'i>>;
/// A TOML value with its place in the text.
pub(crate) type Value<'i> = Spanned<DeValue<'i>>;

/// The walk's state: the settings so far and the faults so far.
struct Parser<'a> {
    text: &'a str,
    file: &'a Path,
    settings: Settings,
    errors: Vec<SettingsError>,
}

impl Parser<'_> {
    /// Records a fault at byte offset `at` of the text.
    fn error(&mut self, at: usize, message: String) {
        let fault = SettingsFault::Invalid(message);
        let at = Place::of_offset(self.text, at);
        let fault = Located::new(self.file, at, fault);
        note(&mut self.errors, fault, || SettingsFault::TooMany);
    }

    /// A top-level entry: a section, or a key that belongs in one.
    fn top_level(&mut self, key: &Key, value: &Value) {
        let name = key.get_ref().as_ref();
        let at = key.span().start;
        if let Some(section) = schema::section(name) {
            match value.get_ref().as_table() {
                Some(table) => self.section(section, table),
                None => self.not_a_section(name, value),
            }
        } else if name == BINDINGS {
            match value.get_ref().as_table() {
                Some(table) => self.bindings(table),
                None => self.not_a_section(name, value),
            }
        } else if value.get_ref().is_table() {
            let names = schema::SECTIONS.iter().map(|s| s.name).chain([BINDINGS]);
            let hint = nearest(name, names)
                .map_or_else(String::new, |n| format!(" (did you mean [{n}]?)"));
            self.error(at, format!("unknown section [{name}]{hint}"));
        } else {
            let home = home_of(name).unwrap_or_else(|| {
                " (every key belongs in a section, such as [video])".to_string()
            });
            self.error(at, format!("key `{name}` outside any section{home}"));
        }
    }

    /// A section name given a plain value, such as `video = 1`.
    fn not_a_section(&mut self, name: &str, value: &Value) {
        let found = a(value.get_ref().type_str());
        let message = format!("`{name}` must be a section [{name}], found {found}");
        self.error(value.span().start, message);
    }

    /// Every key of a schema section.
    fn section(&mut self, section: &Section, table: &DeTable) {
        for (key, value) in table.iter() {
            let name = key.get_ref().as_ref();
            match section.fields.iter().find(|f| f.key == name) {
                Some(field) => self.field(field, value),
                None => {
                    let known = section.fields.iter().map(|f| f.key);
                    self.unknown_key(key, section.name, known);
                }
            }
        }
    }

    /// A key not in `[section]`, whose keys are `known`.
    fn unknown_key<'k>(
        &mut self,
        key: &Key,
        section: &str,
        known: impl Iterator<Item = &'k str> + Clone,
    ) {
        let name = key.get_ref().as_ref();
        // A key this section lacks but others have was put in the wrong one.
        let hint = match home_of(name) {
            Some(home) => home,
            None => match nearest(name, known.clone()) {
                Some(n) => format!(" (did you mean `{n}`?)"),
                None => format!(" (the keys are {})", known.collect::<Vec<_>>().join(", ")),
            },
        };
        let message = format!("unknown key `{name}` in [{section}]{hint}");
        self.error(key.span().start, message);
    }

    /// One key's value, checked and stored.
    fn field(&mut self, field: &Field, value: &Value) {
        let key = field.key;
        let at = value.span().start;
        match &field.kind {
            Kind::Number { range, set, .. } => {
                if let Some(v) = self.number_in(field, range, value) {
                    set(&mut self.settings, v);
                }
            }
            Kind::Tunable(n) => {
                if let Some(v) = self.number_in(field, &n.range, value) {
                    (n.set)(&mut self.settings.tunables, n.unit.to_stored(v));
                }
            }
            Kind::Flag { set, .. } => match value.get_ref().as_bool() {
                Some(v) => set(&mut self.settings, v),
                None => self.wrong_type(key, "true or false", value),
            },
            Kind::Choice { names, set, .. } => {
                if let Some(v) = self.string(key, value) {
                    if names.contains(&v) {
                        set(&mut self.settings, v);
                    } else {
                        let hint = nearest(v, names.iter().copied())
                            .map_or_else(String::new, |n| format!(" (did you mean `{n}`?)"));
                        let one_of = names.join(", ");
                        let message = format!("`{key}` must be one of {one_of}, found `{v}`{hint}");
                        self.error(at, message);
                    }
                }
            }
            Kind::Size => {
                if let Some(v) = self.string(key, value) {
                    match parse_size(v) {
                        Ok(size) => self.settings.video.size = size,
                        Err(e) => self.error(at, format!("`{key}` {e}, found `{v}`")),
                    }
                }
            }
        }
    }

    /// The number `value` holds if it is in `range`, or a fault.
    fn number_in(&mut self, field: &Field, range: &Range, value: &Value) -> Option<f64> {
        let v = self.number(field.key, value)?;
        if range.contains(v) {
            return Some(v);
        }
        let allowed = schema::allowed(range, field.unit);
        let message = format!("`{}` must be {allowed}, found {}", field.key, Short(v));
        self.error(value.span().start, message);
        None
    }

    /// The number `value` holds (an integer or a float), or a fault.
    fn number(&mut self, key: &str, value: &Value) -> Option<f64> {
        let v = match value.get_ref() {
            DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                .ok()
                .map(|i| i as f64),
            DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
            _ => {
                self.wrong_type(key, "a number", value);
                return None;
            }
        };
        let v = v.filter(|v| v.is_finite());
        if v.is_none() {
            let message = format!("`{key}` must be a finite number");
            self.error(value.span().start, message);
        }
        v
    }

    /// The string `value` holds, or a fault.
    fn string<'v>(&mut self, key: &str, value: &'v Value) -> Option<&'v str> {
        let v = value.get_ref().as_str();
        if v.is_none() {
            self.wrong_type(key, "a string", value);
        }
        v
    }

    /// A fault: `key` holds the wrong type of value.
    fn wrong_type(&mut self, key: &str, expected: &str, value: &Value) {
        let found = a(value.get_ref().type_str());
        let message = format!("`{key}` must be {expected}, found {found}");
        self.error(value.span().start, message);
    }
}

/// `WxH` to (W, H), each within the render size limits.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let expected = || "must be WxH in pixels, such as \"960x540\"".to_string();
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(expected)?;
    let w: u32 = w.trim().parse().map_err(|_| expected())?;
    let h: u32 = h.trim().parse().map_err(|_| expected())?;
    if !(MIN_SIZE..=MAX_WIDTH).contains(&w) {
        return Err(format!("width must be {MIN_SIZE} to {MAX_WIDTH}"));
    }
    if !(MIN_SIZE..=MAX_HEIGHT).contains(&h) {
        return Err(format!("height must be {MIN_SIZE} to {MAX_HEIGHT}"));
    }
    Ok((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{Action, Binding, PadButton, Scaling};

    pub(super) fn parse_str(text: &str) -> Result<Settings, SettingsErrors> {
        Settings::parse(text, Path::new("s.toml"))
    }

    /// The faults of `text`, each as `line:col: message`.
    pub(super) fn errors(text: &str) -> Vec<String> {
        let e = parse_str(text).expect_err("the text has faults");
        e.0.iter()
            .map(|e| {
                assert_eq!(e.file, Path::new("s.toml"));
                format!("{}:{}: {}", e.at.line(), e.at.col(), e.kind)
            })
            .collect()
    }

    /// The one fault of `text`.
    pub(super) fn error(text: &str) -> String {
        let mut all = errors(text);
        assert_eq!(all.len(), 1, "{all:?}");
        all.remove(0)
    }

    #[test]
    fn a_partial_file_changes_only_what_it_sets() {
        let text = "[video]\nfov = 100\nscaling = \"pixel-perfect\"\n\
                    [comfort]\nheading_speed = 200\ngyro = 90\n\
                    [polar]\nturn_rate = 18.5\ncoast = \"article\"\n\
                    [quake]\nmax_speed = 12\n\
                    [player]\nradius = 0.25\n\
                    [movement]\nmodel = \"quake\"\n\
                    [input]\ndeadzone = 0.2\nmouse_turn = true\n\
                    [bindings]\nquit = [\"KeyQ\", \"PadMode\"]\n";
        let mut expected = Settings::default();
        expected.video.fov_deg = 100.0;
        expected.video.scaling = Scaling::PixelPerfect;
        expected.tunables.heading_speed = 200f64.to_radians();
        expected.tunables.gyro = 90f64.to_radians();
        expected.tunables.polar.turn_rate = 18.5;
        expected.tunables.polar.coast = crate::sim::polar::Coast::Article;
        expected.tunables.quake.max_speed = 12.0;
        expected.tunables.player_radius = 0.25;
        expected.tunables.model = crate::sim::Model::Quake;
        expected.input.deadzone = 0.2;
        expected.input.mouse_turn = true;
        expected.bindings.set(
            Action::Quit,
            [Binding::Key("KeyQ"), Binding::PadButton(PadButton::Mode)],
        );
        assert_eq!(parse_str(text).unwrap(), expected);
    }

    #[test]
    fn numbers_may_be_integers_or_floats() {
        let s =
            parse_str("[video]\nfov = 0x5a\n[polar]\nmax_speed = 5\nturn_rate = 1_2.5\n").unwrap();
        assert_eq!(s.video.fov_deg, 90.0);
        assert_eq!(s.tunables.polar.max_speed, 5.0);
        assert_eq!(s.tunables.polar.turn_rate, 12.5);
        assert_eq!(
            error("[video]\nfov = nan\n"),
            "2:7: `fov` must be a finite number"
        );
    }

    #[test]
    fn bad_toml_is_located() {
        let all = errors("[video]\nfov = = 3\n");
        assert!(all[0].starts_with("2:7: bad TOML: "), "{all:?}");
        assert!(all.iter().all(|e| e.starts_with("2:")), "{all:?}");
        let e = error("[video\n");
        assert!(e.starts_with("1:7: bad TOML: "), "{e}");
    }

    #[test]
    fn the_difficulty_is_read_by_name_and_a_wrong_one_located() {
        let s = parse_str("[game]\ndifficulty = \"easy\"\n").unwrap();
        assert_eq!(s.game.difficulty, crate::sim::Difficulty::Easy);
        assert_eq!(
            parse_str("").unwrap().game.difficulty,
            crate::sim::Difficulty::Normal
        );
        let e = error("[game]\ndifficulty = \"tough\"\n");
        assert!(e.starts_with("2:14: "), "{e}");
        assert!(
            e.contains("one of easy, normal, hard, nightmare, found `tough`"),
            "{e}"
        );
    }

    #[test]
    fn a_repeated_key_is_located_at_the_repeat() {
        let e = error("[video]\nfov = 90\nfov = 100\n");
        assert!(e.starts_with("3:1: bad TOML: duplicate key"), "{e}");
    }

    #[test]
    fn an_unknown_section_is_named_with_the_nearest() {
        assert_eq!(
            error("[polr]\nmax_speed = 3\n"),
            "1:2: unknown section [polr] (did you mean [polar]?)"
        );
        assert_eq!(
            error("\n[bindigns]\n"),
            "2:2: unknown section [bindigns] (did you mean [bindings]?)"
        );
        assert_eq!(error("[sound]\n"), "1:2: unknown section [sound]");
        assert_eq!(
            error("[video]\n[video.extra]\n"),
            "2:8: unknown key `extra` in [video] (the keys are size, present_mode, scaling, fullscreen, fov)"
        );
    }

    #[test]
    fn an_unknown_key_is_named_with_the_nearest() {
        assert_eq!(
            error("[polar]\nmax_sped = 3\n"),
            "2:1: unknown key `max_sped` in [polar] (did you mean `max_speed`?)"
        );
        assert_eq!(
            error("[polar]\nradius = 0.3\n"),
            "2:1: unknown key `radius` in [polar] (it belongs in [player])"
        );
        assert_eq!(
            error("[bindings]\n  forwrd = []\n"),
            "2:3: unknown key `forwrd` in [bindings] (did you mean `forward`?)"
        );
        assert_eq!(
            error("[classic]\nmax_speed = 3\n"),
            "2:1: unknown key `max_speed` in [classic] (it belongs in [polar] or [quake])"
        );
        assert_eq!(
            error("fullscreen = true\n"),
            "1:1: key `fullscreen` outside any section (it belongs in [video] or [bindings])"
        );
        assert_eq!(
            error("fov = 90\n"),
            "1:1: key `fov` outside any section (it belongs in [video])"
        );
        assert_eq!(
            error("brightness = 3\n"),
            "1:1: key `brightness` outside any section (every key belongs in a section, such as [video])"
        );
        assert_eq!(
            error("video = 3\n"),
            "1:9: `video` must be a section [video], found an integer"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_is_located_at_the_value() {
        assert_eq!(
            error("[video]\nfov = \"wide\"\n"),
            "2:7: `fov` must be a number, found a string"
        );
        assert_eq!(
            error("[video]\nfullscreen = 1\n"),
            "2:14: `fullscreen` must be true or false, found an integer"
        );
        assert_eq!(
            error("[movement]\nmodel = 2\n"),
            "2:9: `model` must be a string, found an integer"
        );
        assert_eq!(
            error("[bindings]\nforward = \"KeyW\"\n"),
            "2:11: `forward` must be a list of input names, such as [\"KeyW\"], found a string"
        );
        assert_eq!(
            error("[bindings]\nforward = [\"KeyW\", 3]\n"),
            "2:20: `forward` lists input names, found an integer"
        );
    }

    #[test]
    fn a_value_out_of_range_gives_the_range() {
        assert_eq!(
            error("[video]\nfov = 150\n"),
            "2:7: `fov` must be 60 to 120 degrees, found 150"
        );
        assert_eq!(
            error("[video]\nfov = 59.5\n"),
            "2:7: `fov` must be 60 to 120 degrees, found 59.5"
        );
        assert_eq!(
            error("[input]\nmouse_sensitivity = 0\n"),
            "2:21: `mouse_sensitivity` must be above 0 and at most 10 degrees, found 0"
        );
        assert_eq!(
            error("[comfort]\nheading_speed = -5\n"),
            "2:17: `heading_speed` must be 10 to 720 degrees per second, found -5"
        );
        assert_eq!(
            error("[player]\nradius = 0.5\n"),
            "2:10: `radius` must be 0.05 to 0.45 tiles, found 0.5"
        );
    }

    #[test]
    fn a_bad_choice_gives_the_choices_and_the_nearest() {
        assert_eq!(
            error("[video]\nscaling = \"pixel_perfect\"\n"),
            "2:11: `scaling` must be one of fill, pixel-perfect, found `pixel_perfect` \
             (did you mean `pixel-perfect`?)"
        );
        assert_eq!(
            error("[movement]\nmodel = \"doom\"\n"),
            "2:9: `model` must be one of polar, classic, quake, found `doom`"
        );
    }

    #[test]
    fn a_bad_size_is_located() {
        assert_eq!(
            error("[video]\nsize = \"big\"\n"),
            "2:8: `size` must be WxH in pixels, such as \"960x540\", found `big`"
        );
        assert_eq!(
            error("[video]\nsize = \"8x540\"\n"),
            "2:8: `size` width must be 16 to 7680, found `8x540`"
        );
        assert_eq!(
            error("[video]\nsize = \"640x5000\"\n"),
            "2:8: `size` height must be 16 to 4320, found `640x5000`"
        );
        let s = parse_str("[video]\nsize = \"640X360\"\n").unwrap();
        assert_eq!(s.video.size, (640, 360));
    }

    #[test]
    fn every_fault_in_a_file_is_reported_in_file_order() {
        let text = "[video]\n\
                    fov = 10\n\
                    size = \"wide\"\n\
                    [polar]\n\
                    max_sped = 3\n\
                    turn_rate = \"fast\"\n\
                    [bindings]\n\
                    back = [\"KeyZZ\"]\n\
                    [sound]\n";
        let all = errors(text);
        let places: Vec<&str> = all.iter().map(|e| e.split(": ").next().unwrap()).collect();
        assert_eq!(
            places,
            ["2:7", "3:8", "5:1", "6:13", "8:9", "9:2"],
            "{all:#?}"
        );
    }

    #[test]
    fn lines_and_columns_count_characters_from_one() {
        let e = error("# ça va\n[video]\n  fov = 1000\n");
        assert_eq!(e, "3:9: `fov` must be 60 to 120 degrees, found 1000");
    }
}
