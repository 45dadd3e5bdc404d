//! The screen after a level, as Wolfenstein 3D's "floor completed" (the
//! time against par, the kill, secret and treasure ratios, the bonus),
//! and the screens that end a game: the episode done, or no lives left.
//! Each is a [`Panel`] made from plain numbers, drawn over the frame by
//! [`super::panel::draw_panel`].

use super::panel::Panel;
use crate::map::par_text;
use crate::sim::sheet::Sheet;
use crate::sim::TICK_RATE;

/// What the level's end screen shows.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelEnd {
    /// The level's title.
    pub map: String,
    /// The level's tally.
    pub sheet: Sheet,
    /// The score after the bonus.
    pub score: u64,
    /// Lives left.
    pub lives: u32,
    /// The best time on this level before, ticks, if any.
    pub best: Option<u64>,
    /// What Enter goes on to.
    pub next: Next,
}

/// What comes after a level, as its end screen names it.
#[derive(Clone, Debug, PartialEq)]
pub enum Next {
    /// The next level, by its title.
    Level(String),
    /// The next level's file, which does not load: the episode ends here.
    Broken(String),
    /// None: this was the episode's last level.
    Last,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Every level of the episode done.
    Won,
    /// No lives left.
    Over,
}

/// `ticks` as `M:SS`, whole seconds written as the par is.
fn minutes(ticks: u64) -> String {
    let seconds = ticks / u64::from(TICK_RATE);
    par_text(u32::try_from(seconds).unwrap_or(u32::MAX))
}

/// A ratio as the screen shows it: `66%`, or `--` with nothing to find.
fn ratio(percent: Option<u32>, found: u32, total: u32) -> String {
    match percent {
        Some(p) => format!("{p:>3}%   ({found} of {total})"),
        None => " --    (none here)".to_string(),
    }
}

/// The level's end screen as a panel.
pub fn level_end_panel(end: &LevelEnd) -> Panel {
    let s = &end.sheet;
    let par = match s.par_s {
        Some(p) => format!("par {}", par_text(p)),
        None => "no par".to_string(),
    };
    let best = match end.best {
        Some(b) if b < s.ticks => format!("   best {}", minutes(b)),
        Some(_) => "   a new best".to_string(),
        None => String::new(),
    };
    let mut lines = vec![
        format!("time       {}   {par}{best}", minutes(s.ticks)),
        format!(
            "kills      {}",
            ratio(s.kill_percent(), s.kills, s.kill_total)
        ),
        format!(
            "secrets    {}",
            ratio(s.secret_percent(), s.secrets, s.secret_total)
        ),
        format!(
            "treasure   {}",
            ratio(s.treasure_percent(), s.treasure, s.treasure_total)
        ),
        String::new(),
        format!("bonus      {}", s.bonus()),
        format!("score      {}   lives {}", end.score, end.lives),
    ];
    let hint = match &end.next {
        Next::Level(next) => {
            lines.extend([String::new(), format!("next       {next}")]);
            "Enter: the next level"
        }
        Next::Broken(file) => {
            lines.extend([String::new(), format!("next       {file} does not load")]);
            "Enter: the title menu"
        }
        Next::Last => "Enter: the episode's end",
    };
    // Padded to one width, the centred lines start in one column (the
    // font's glyphs are all one width), so the numbers line up.
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let lines = lines.into_iter().map(|l| format!("{l:<width$}")).collect();
    Panel {
        title: format!("FLOOR COMPLETED: {}", end.map),
        lines,
        value: None,
        hint: hint.to_string(),
        compact: false,
    }
}

/// The screen that ends a game: the episode won or the lives gone, with
/// the score.
pub fn game_end_panel(end: GameEnd, episode: &str, score: u64) -> Panel {
    let (title, line) = match end {
        GameEnd::Won => ("YOU WIN!", format!("Every level of {episode} done.")),
        GameEnd::Over => ("GAME OVER", "No lives left.".to_string()),
    };
    Panel {
        title: title.to_string(),
        lines: vec![line, String::new(), format!("score      {score}")],
        value: None,
        hint: "Enter: the title menu".to_string(),
        compact: false,
    }
}

/// The end screen of a lone map (one played from the title menu's "Play
/// a map", outside an episode): the time against par, the kill, secret
/// and treasure ratios as a level's end shows them, and the score; no
/// bonus or lives, which only an episode carries on. Enter goes to the
/// title menu.
pub fn map_end_panel(map: &str, sheet: &Sheet, score: u64, best: Option<u64>) -> Panel {
    let end = LevelEnd {
        map: map.to_string(),
        sheet: *sheet,
        score,
        lives: 0,
        best,
        next: Next::Last,
    };
    let mut panel = level_end_panel(&end);
    // The time and the three ratios, padded to one width already.
    panel.lines.truncate(4);
    let width = panel
        .lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let score = format!("score      {score}");
    panel
        .lines
        .extend([format!("{:width$}", ""), format!("{score:<width$}")]);
    panel.title = format!("MAP COMPLETED: {map}");
    panel.hint = "Enter: the title menu".to_string();
    panel
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::panel::draw_panel;
    use crate::render::Frame;

    fn end() -> LevelEnd {
        LevelEnd {
            map: "First Steps".into(),
            sheet: Sheet {
                ticks: 62 * u64::from(TICK_RATE),
                par_s: Some(90),
                kills: 2,
                kill_total: 3,
                secrets: 1,
                secret_total: 1,
                treasure: 0,
                treasure_total: 0,
            },
            score: 24_700,
            lives: 3,
            best: None,
            next: Next::Level("The Wobble Maze".into()),
        }
    }

    #[test]
    fn a_lone_maps_end_shows_the_tally_and_goes_to_the_title_menu() {
        let e = end();
        let p = map_end_panel(
            "First Steps",
            &e.sheet,
            700,
            Some(50 * u64::from(TICK_RATE)),
        );
        assert_eq!(p.title, "MAP COMPLETED: First Steps");
        let lines: Vec<&str> = p.lines.iter().map(|l| l.trim_end()).collect();
        assert_eq!(
            lines,
            [
                "time       1:02   par 1:30   best 0:50",
                "kills       66%   (2 of 3)",
                "secrets    100%   (1 of 1)",
                "treasure    --    (none here)",
                "",
                "score      700",
            ]
        );
        assert_eq!(p.hint, "Enter: the title menu");
        let width = p.lines[0].chars().count();
        assert!(p.lines.iter().all(|l| l.chars().count() == width));
    }

    #[test]
    fn the_level_end_reads_as_wolfensteins_tally() {
        let p = level_end_panel(&end());
        assert_eq!(p.title, "FLOOR COMPLETED: First Steps");
        let line = |i: usize| p.lines[i].trim_end();
        assert_eq!(line(0), "time       1:02   par 1:30");
        assert_eq!(line(1), "kills       66%   (2 of 3)");
        assert_eq!(line(2), "secrets    100%   (1 of 1)");
        assert_eq!(line(3), "treasure    --    (none here)");
        assert_eq!(line(5), "bonus      24000");
        assert!(p
            .lines
            .last()
            .unwrap()
            .trim_end()
            .ends_with("The Wobble Maze"));
        let over = game_end_panel(GameEnd::Over, "E", 1234);
        assert_eq!(over.title, "GAME OVER");
        assert!(over.lines.contains(&"score      1234".to_string()));
    }

    #[test]
    fn it_draws_inside_a_960_by_540_frame() {
        let (w, h) = (960, 540);
        let mut frame = vec![0u8; w * h * 4];
        draw_panel(Frame::new(&mut frame, w, h), &level_end_panel(&end()));
        let lit = frame.chunks(4).filter(|p| p[0] > 200).count();
        assert!(lit > 1000, "text drawn: {lit} bright pixels");
        if let Ok(out) = std::env::var("WOBBLE_TALLY_PNG") {
            image::save_buffer(out, &frame, w as u32, h as u32, image::ColorType::Rgba8).unwrap();
        }
    }
}
