//! `maps`: the shipped maps and the player's own, with the names `--map`
//! takes.

use super::CliError;
use crate::data::MapFolders;
use crate::map::{self, shipped};
use crate::sim::flight;
use std::process::ExitCode;

/// Lists every map a name reaches, in the play order: its short name, its
/// title and what it is for; the player's maps marked, with where they are.
pub fn run() -> Result<ExitCode, CliError> {
    let folders = MapFolders::here();
    let maps = folders.all();
    if maps.is_empty() {
        return Err(CliError::refused("no maps: none shipped and none of yours"));
    }
    let mut rows: Vec<((u32, String), String, String, String)> = maps
        .iter()
        .map(|m| {
            let name = match m.yours {
                true => format!("{} *", m.name),
                false => m.name.clone(),
            };
            let (order, title, about) = match map::load(&m.path) {
                Ok(l) => {
                    let about = match flight::flies_on(&l.map) {
                        true => format!("{} (the jetpack flies here)", l.map.description),
                        false => l.map.description,
                    };
                    (l.map.order, l.map.name, about)
                }
                Err(e) => (None, "(does not load)".into(), e.to_string()),
            };
            let about = match m.yours {
                true => format!("{about} [{}]", m.path.display()),
                false => about,
            };
            (shipped::play_order(order, &m.path), name, title, about)
        })
        .collect();
    // A stable sort: a map of yours and a shipped one at the same place
    // keep the order `all` gives them.
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let rows: Vec<(String, String, String)> = rows.into_iter().map(|r| (r.1, r.2, r.3)).collect();
    let name_w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let title_w = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    for (name, title, about) in &rows {
        say!("{name:name_w$}  {title:title_w$}  {about}");
    }
    let yours = folders
        .yours
        .iter()
        .map(|d| match d.is_relative() {
            true => format!("./{}", d.display()),
            false => d.display().to_string(),
        })
        .collect::<Vec<_>>()
        .join(" or ");
    say!("\nPlay one with `wobblecaster --map NAME`. The shipped maps are in the program;");
    say!("* marks yours, from {yours}: a name plays yours before a shipped map of that name.");
    Ok(ExitCode::SUCCESS)
}
