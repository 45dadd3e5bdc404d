//! `study check`: reads a protocol as `study run` would, every fault
//! placed, and lists what it fixes for every participant: the map, the
//! conditions, and the input (the protocol's `[input]`, or the
//! participant's own); then, side by side, every setting in force in
//! which the conditions differ, and a warning for each difference its
//! declared factors do not cover (`study::check`).

use super::run_input::load_map;
use super::CliError;
use crate::files::{self, cap};
use crate::map::Map;
use crate::settings::InputSettings;
use crate::study::check::{self, Comparison};
use crate::study::protocol::{Factor, Protocol};
use std::path::PathBuf;
use std::process::ExitCode;

/// `study check`.
#[derive(clap::Args)]
pub struct Args {
    /// The study protocol (TOML; studies/README.md describes it).
    #[arg(value_name = "PROTOCOL")]
    protocol: PathBuf,
}

/// Checks the protocol and its map; prints what it fixes.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let text = files::read_text(&args.protocol, "study protocol", cap::PROTOCOL)?;
    let protocol = Protocol::parse(&text, &args.protocol)?;
    let (loaded, map_path, _) = load_map(Some(protocol.map_path(&args.protocol)))?;
    say!("{}: a good protocol", args.protocol.display());
    say!("map: {}", map_path.display());
    for line in summary(&protocol) {
        say!("{line}");
    }
    for line in differences(&compare(&protocol, &loaded.map)) {
        say!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `protocol`'s conditions compared, the speeds measured on `map`'s
/// course.
pub fn compare(protocol: &Protocol, map: &Map) -> Comparison {
    Comparison::new(protocol, check::measure(protocol, map))
}

/// The factors declared, the settings in which the conditions differ side
/// by side, and the warnings, a line each.
fn differences(comparison: &Comparison) -> Vec<String> {
    let declared: Vec<&str> = comparison.declared.iter().map(|f| f.name()).collect();
    let mut lines = vec![match declared.is_empty() {
        true => "factors: none declared (add factors = [...]: the names below)".to_string(),
        false => format!("factors: {}", declared.join(", ")),
    }];
    if comparison.differing().next().is_none() {
        lines.push("the conditions differ in no setting".to_string());
    }
    let table = comparison.table();
    if table.len() > 1 {
        lines.push(
            "side by side: each setting in force where the conditions differ (- where a \
             model has none), and the feel lab's bot on the course:"
                .into(),
        );
        lines.extend(table.into_iter().map(|l| format!("  {l}")));
    }
    if let Some(why) = &comparison.unmeasured {
        lines.push(why.clone());
    }
    let warnings = comparison.warnings();
    if warnings.is_empty() {
        lines.push("every difference is a declared factor's".to_string());
    }
    lines.extend(warnings);
    lines.push("the factors a protocol may declare:".to_string());
    for f in Factor::ALL {
        lines.push(format!("  {}: {}", f.name(), f.covers()));
    }
    lines
}

/// What `protocol` fixes, a line each: its conditions (each with what its
/// HUD shows besides the view), then its input.
pub fn summary(protocol: &Protocol) -> Vec<String> {
    let mut lines = vec![format!("study: {}", protocol.name)];
    lines.push(format!("conditions: {}", protocol.conditions.len()));
    let on = |b: bool| if b { "on" } else { "off" };
    for c in &protocol.conditions {
        let t = &c.tunables;
        lines.push(format!(
            "  {}: {} model, camera along the {}, {:.0} s; HUD: status bar {}, crosshair {} \
             (never the readout)",
            c.name,
            t.model.name(),
            t.coupling.name(),
            c.exposure_s,
            on(c.status_bar),
            on(c.crosshair)
        ));
    }
    lines.push(input_line(protocol.input.as_ref()));
    lines
}

/// The input every condition is played with, as a line.
fn input_line(input: Option<&InputSettings>) -> String {
    let Some(i) = input else {
        return "input: the participant's own (their settings file's [input])".to_string();
    };
    let mouse = match i.mouse_turn {
        true => format!(
            "on under classic and quake, {} deg a count",
            i.mouse_sensitivity
        ),
        false => "off".to_string(),
    };
    format!(
        "input, fixed for every condition: mouse turning {mouse}; stick deadzone {}, \
         stick turn curve {}",
        i.deadzone, i.turn_curve
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    const PROTOCOL: &str = "name = \"s\"\nmap = \"feel_course\"\n\n[[condition]]\nname = \"a\"\n";

    #[test]
    fn the_input_is_listed_as_the_participant_s_or_as_the_protocol_fixes_it() {
        let own = Protocol::parse(PROTOCOL, Path::new("p.toml")).unwrap();
        let lines = summary(&own);
        assert!(lines[2].starts_with("  a: polar model"), "{lines:?}");
        assert!(
            lines[2].ends_with("HUD: status bar off, crosshair off (never the readout)"),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap(), &input_line(None));
        assert!(input_line(None).contains("participant's own"));
        let fixed = format!("{PROTOCOL}\n[input]\nmouse_turn = false\nmouse_sensitivity = 0.3\n");
        let p = Protocol::parse(&fixed, Path::new("p.toml")).unwrap();
        let last = summary(&p).pop().unwrap();
        assert!(
            last.contains("fixed for every condition: mouse turning off"),
            "{last}"
        );
    }

    #[test]
    fn each_condition_s_hud_is_listed() {
        let text = "name = \"s\"\nmap = \"feel_course\"\n[hud]\nstatus_bar = true\n\
                    [[condition]]\nname = \"a\"\n\
                    [[condition]]\nname = \"b\"\nexposure_s = 90\nhud = { crosshair = true }\n";
        let protocol = Protocol::parse(text, Path::new("s.toml")).unwrap();
        let lines = summary(&protocol);
        assert!(
            lines[2].starts_with("  a: polar model")
                && lines[2]
                    .ends_with("300 s; HUD: status bar on, crosshair off (never the readout)"),
            "{lines:?}"
        );
        assert!(
            lines[3].ends_with("90 s; HUD: status bar on, crosshair on (never the readout)"),
            "{lines:?}"
        );
    }
}
