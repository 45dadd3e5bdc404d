//! `maps`: the shipped maps with the names `--map` takes.

use super::CliError;
use crate::data;
use crate::map::{self, shipped};
use crate::sim::flight;
use std::process::ExitCode;

/// Lists every shipped map in the play order: its short name, its title
/// and what it is for.
pub fn run() -> Result<ExitCode, CliError> {
    let dir = data::maps_dir();
    let files = shipped::list(&dir);
    if files.is_empty() {
        return Err(CliError::refused(format!("no maps in {}", dir.display())));
    }
    let mut rows: Vec<((u32, String), String, String, String)> = files
        .iter()
        .map(|f| match map::load(f) {
            Ok(m) => {
                let about = match flight::flies_on(&m.map) {
                    true => format!("{} (the jetpack flies here)", m.map.description),
                    false => m.map.description,
                };
                let order = shipped::play_order(m.map.order, f);
                (order, shipped::short_name(f), m.map.name, about)
            }
            Err(e) => (
                shipped::play_order(None, f),
                shipped::short_name(f),
                "(does not load)".into(),
                e.to_string(),
            ),
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let rows: Vec<(String, String, String)> = rows.into_iter().map(|r| (r.1, r.2, r.3)).collect();
    let name_w = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let title_w = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    for (name, title, about) in &rows {
        say!("{name:name_w$}  {title:title_w$}  {about}");
    }
    say!(
        "\nPlay one with `wobblecaster --map NAME`; maps live in {}.",
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}
