//! The default settings file: every key of every section with its value
//! and a comment giving its unit and range, then the bindings.

use super::{allowed, Field, Kind, BINDINGS, MAX_HEIGHT, MAX_WIDTH, MIN_SIZE, SECTIONS};
use crate::settings::{Action, Binding, Settings};

/// The comment above `field` in the default file: what it is, then its
/// unit and range in brackets.
fn comment(field: &Field) -> String {
    let about = field.about.replace('\n', "\n# ");
    let allowed = match &field.kind {
        Kind::Number { range, .. } => allowed(range, field.unit),
        Kind::Tunable(n) => n.allowed(),
        Kind::Flag { .. } => "true or false".to_string(),
        Kind::Choice { names, .. } => match names {
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
            [] => unreachable!("a choice has names"),
        },
        Kind::Size => format!(
            "width {MIN_SIZE} to {MAX_WIDTH}, height {MIN_SIZE} to {MAX_HEIGHT} {}",
            field.unit
        ),
    };
    format!("# {about} ({allowed}).")
}

/// The TOML value of `field` in `settings`.
fn value(field: &Field, settings: &Settings) -> String {
    match &field.kind {
        Kind::Number { get, set, .. } => {
            let target = get(settings);
            shortest(target, |v| {
                let mut s = settings.clone();
                set(&mut s, v);
                get(&s) == target
            })
        }
        Kind::Tunable(n) => {
            let stored = (n.get)(&settings.tunables);
            shortest(n.written(&settings.tunables), |v| {
                n.unit.to_stored(v) == stored
            })
        }
        Kind::Flag { get, .. } => get(settings).to_string(),
        Kind::Choice { get, .. } => format!("\"{}\"", get(settings)),
        Kind::Size => {
            let (w, h) = settings.video.size;
            format!("\"{w}x{h}\"")
        }
    }
}

/// The fewest decimals of `x` that `reads_back` accepts as the same stored
/// value, so the default file shows `150` rather than `150.00000000000003`.
fn shortest(x: f64, reads_back: impl Fn(f64) -> bool) -> String {
    (0..=17)
        .map(|decimals| format!("{x:.decimals$}"))
        .find(|text| text.parse().is_ok_and(&reads_back))
        .unwrap_or_else(|| x.to_string())
}

/// The whole settings file for `settings`, every key commented.
pub(in crate::settings) fn defaults_text(settings: &Settings) -> String {
    let mut out = String::from(
        "# wobblecaster settings (TOML). Every key is optional: one left out keeps\n\
         # the default written here. Numbers may be written with or without a point.\n",
    );
    for section in SECTIONS {
        out += &format!("\n# {}\n[{}]\n", section.about, section.name);
        for field in section.fields {
            out += &format!(
                "{}\n{} = {}\n",
                comment(field),
                field.key,
                value(field, settings)
            );
        }
    }
    out += &bindings_text(settings);
    out
}

/// The `[bindings]` section for `settings`.
fn bindings_text(settings: &Settings) -> String {
    let mut out = format!(
        "\n# Which inputs trigger each action: a list of names; [] unbinds the action.\n\
         # Keys by winit KeyCode name: KeyW, ArrowUp, Space, AltLeft, Digit1, Numpad8, F1...\n\
         # Mouse: MouseLeft, MouseRight, MouseMiddle, MouseBack, MouseForward.\n\
         # Gamepad: PadSouth, PadEast, PadNorth, PadWest, PadLeftBumper, PadRightBumper,\n\
         # PadLeftTrigger, PadRightTrigger, PadSelect, PadStart, PadMode, PadLeftThumb,\n\
         # PadRightThumb, PadDPadUp, PadDPadDown, PadDPadLeft, PadDPadRight; a stick pushed\n\
         # past half way: PadLeftStickX+ (right), PadLeftStickY+ (up), PadRightStickX-...\n\
         [{BINDINGS}]\n"
    );
    for action in Action::ALL {
        let names: Vec<String> = settings
            .bindings
            .get(action)
            .iter()
            .map(|b| format!("\"{}\"", Binding::name(b)))
            .collect();
        out += &format!(
            "# {}\n{} = [{}]\n",
            action.about(),
            action.name(),
            names.join(", ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn parse_str(text: &str) -> Result<Settings, crate::settings::SettingsErrors> {
        Settings::parse(text, Path::new("s.toml"))
    }

    #[test]
    fn the_default_file_reads_back_as_the_defaults() {
        let text = Settings::defaults_text();
        assert_eq!(parse_str(&text).unwrap(), Settings::default());
        assert_eq!(parse_str("").unwrap(), Settings::default());
    }

    #[test]
    fn the_default_file_shows_every_key_of_every_section_with_a_comment() {
        let text = Settings::defaults_text();
        let lines: Vec<&str> = text.lines().collect();
        let mut section = "";
        let mut seen = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with('#') {
                continue;
            } else if let Some(name) = line.strip_prefix('[') {
                section = name.trim_end_matches(']');
            } else if let Some((key, _)) = line.split_once(" = ") {
                assert!(lines[i - 1].starts_with("# "), "no comment above {key}");
                seen.push(format!("{section}.{key}"));
            }
        }
        let mut expected: Vec<String> = SECTIONS
            .iter()
            .flat_map(|s| {
                s.fields
                    .iter()
                    .map(move |f| format!("{}.{}", s.name, f.key))
            })
            .collect();
        expected.extend(Action::ALL.iter().map(|a| format!("bindings.{}", a.name())));
        assert_eq!(seen, expected);
        // 67 keys, bob_and_roll, and [display]'s two.
        assert_eq!(expected.len(), 70 + Action::ALL.len());
        // Units and ranges are written out.
        assert!(text.contains(
            "# How fast the turn keys turn the heading in the polar model and in flight \
             (10 to 720 degrees per second).\nheading_speed = 150\n"
        ));
        assert!(text.contains("fov = 90\n"));
        assert!(
            text.contains("(0 or 15 to 90 degrees).\nsnap_turn = 0\n"),
            "{text}"
        );
        assert!(text.contains("snap_fade_ms = 0\n"));
        assert!(text.contains("vignette = 0\n"));
        assert!(text.contains("own (Quake bobs and rolls, the others\n# bob by head_bob) (0 to 1).\nbob_and_roll = 1\n"), "{text}");
        assert!(text.contains("reference = \"none\"\n"));
        assert!(text.contains("[classic]") && text.contains("turn_speed = 122.5\n"));
        assert!(text.contains("size = \"960x540\"\n"));
        assert!(text.contains("forward = [\"KeyW\", \"ArrowUp\", \"PadDPadUp\"]\n"));
    }

    #[test]
    fn numbers_are_written_short_but_exact() {
        assert_eq!(
            shortest(150f64.to_radians().to_degrees(), |v| {
                v.to_radians() == 150f64.to_radians()
            }),
            "150"
        );
        let third = 2.0 / 3.0;
        assert_eq!(shortest(third, |v| v == third), third.to_string());
        assert_eq!(shortest(3.125, |v| v == 3.125), "3.125");
        assert_eq!(shortest(0.15f32.into(), |v| v as f32 == 0.15), "0.15");
    }
}
