//! `maps`: the shipped maps and the player's own, with the names `--map`
//! takes.

use super::CliError;
use crate::data::MapFolders;
use crate::map::episode::{self, Episode};
use crate::map::{self, shipped};
use crate::sim::flight;
use std::process::ExitCode;

/// Where a map is listed: the episode's maps first, in the episode's
/// order, then the rest in the play order.
type Rank = (usize, (u32, String));

/// Lists every map a name reaches: the episode's first, in its order, then
/// the rest (the lab's maps, yours) in the play order; each with its short
/// name, its title and what it is for; the player's maps marked, with
/// where they are.
pub fn run() -> Result<ExitCode, CliError> {
    let folders = MapFolders::here();
    let maps = folders.all();
    if maps.is_empty() {
        return Err(CliError::refused("no maps: none shipped and none of yours"));
    }
    let episode = Episode::load(&episode::shipped_path());
    let in_episode = |path: &std::path::Path, yours: bool| match &episode {
        Ok(e) if !yours => e.maps.iter().position(|m| m.path == path),
        _ => None,
    };
    let mut rows: Vec<(Rank, String, String, String)> = maps
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
            let rank = in_episode(&m.path, m.yours).unwrap_or(usize::MAX);
            (
                (rank, shipped::play_order(order, &m.path)),
                name,
                title,
                about,
            )
        })
        .collect();
    // A stable sort: a map of yours and a shipped one at the same place
    // keep the order `all` gives them.
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let name_w = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let title_w = rows.iter().map(|r| r.2.chars().count()).max().unwrap_or(0);
    match &episode {
        Ok(e) => say!("The episode, {} (New game plays it in this order):", e.name),
        Err(e) => say!("The episode does not load:\n{e}"),
    }
    let mut episode_over = false;
    for ((rank, _), name, title, about) in &rows {
        if *rank == usize::MAX && !episode_over {
            episode_over = true;
            say!("\nThe feel lab's maps, and the rest:");
        }
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
