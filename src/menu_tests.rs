//! The menus' tests: presses in, screens and outcomes out.

use super::*;

fn menu() -> Menu {
    let maps = vec![
        MapEntry {
            path: "maps/default.map".into(),
            title: "The hall".into(),
            about: "A first walk".into(),
        },
        MapEntry {
            path: "maps/hangar.map".into(),
            title: "Hangar".into(),
            about: "Fly here".into(),
        },
    ];
    Menu::title(
        maps,
        vec!["studies/walking.toml".into()],
        &Settings::default(),
    )
}

#[test]
fn a_map_is_played_from_the_title_with_its_description_shown() {
    let mut m = menu();
    assert_eq!(m.press(MenuKey::Select), Outcome::Stay);
    assert_eq!(m.screen(), Screen::Maps);
    m.press(MenuKey::Down);
    assert!(m.panel().lines[0].contains("Fly here"));
    assert_eq!(
        m.press(MenuKey::Select),
        Outcome::Play("maps/hangar.map".into())
    );
}

#[test]
fn the_maps_screen_chooses_the_difficulty_the_map_is_played_at() {
    let mut m = menu();
    assert_eq!(m.difficulty(), Difficulty::Normal, "the settings' default");
    m.press(MenuKey::Select);
    assert_eq!(m.screen(), Screen::Maps);
    // Up from the first map wraps to Back, then the difficulty item.
    m.press(MenuKey::Up);
    m.press(MenuKey::Up);
    assert!(m
        .panel()
        .lines
        .iter()
        .any(|l| l.starts_with("> Difficulty")));
    m.press(MenuKey::Right);
    assert_eq!(m.difficulty(), Difficulty::Hard);
    m.press(MenuKey::Left);
    m.press(MenuKey::Left);
    assert_eq!(m.difficulty(), Difficulty::Easy);
    let about = Difficulty::Easy.level().about;
    assert!(m.panel().lines.iter().any(|l| l == about), "its line shown");
    assert_eq!(m.press(MenuKey::Select), Outcome::Stay);
    assert_eq!(m.difficulty(), Difficulty::Normal, "Enter cycles too");
    // Down to the first map: played, the level kept for the window.
    m.press(MenuKey::Down);
    m.press(MenuKey::Down);
    assert!(matches!(m.press(MenuKey::Select), Outcome::Play(_)));
    assert_eq!(m.difficulty(), Difficulty::Normal);
}

#[test]
fn options_change_and_save_on_the_way_back() {
    let mut m = menu();
    m.press(MenuKey::Down);
    m.press(MenuKey::Select);
    assert_eq!(m.screen(), Screen::Options);
    m.press(MenuKey::Right); // model: polar -> classic
    m.press(MenuKey::Down);
    m.press(MenuKey::Down);
    m.press(MenuKey::Left); // fov 90 -> 85
    for _ in 0..30 {
        m.press(MenuKey::Left); // stops at the narrowest
    }
    let Outcome::Save(changes) = m.press(MenuKey::Back) else {
        panic!("the way back saves")
    };
    assert_eq!(m.screen(), Screen::Title);
    assert!(changes.contains(&change("movement", "model", Value::Text("classic".into()))));
    assert!(changes.contains(&change("video", "fov", Value::Number(FOV_RANGE.0))));
    assert!(changes.contains(&change("audio", "mute", Value::Flag(false))));
    // The changes read as settings.
    let text = crate::settings::edit::apply("", &changes, std::path::Path::new("s.toml"));
    assert!(text.is_ok(), "{text:?}");
}

#[test]
fn the_comfort_options_are_offered_and_saved_as_settings_read_them() {
    let mut m = menu();
    m.press(MenuKey::Down);
    m.press(MenuKey::Select);
    for _ in 0..6 {
        m.press(MenuKey::Down);
    }
    m.press(MenuKey::Right); // restrictor 0 -> 0.25
    m.press(MenuKey::Right); // 0.5
    m.press(MenuKey::Down);
    m.press(MenuKey::Left); // reference none -> frame
    m.press(MenuKey::Down);
    m.press(MenuKey::Right); // snap off -> 15
    m.press(MenuKey::Right); // 30
    let lines = m.panel().lines.join("\n");
    assert!(lines.contains("View restrictor  < 50% >"), "{lines}");
    assert!(lines.contains("Fixed reference  < frame >"), "{lines}");
    assert!(lines.contains("Snap turning     < 30 degrees >"), "{lines}");
    let Outcome::Save(changes) = m.press(MenuKey::Back) else {
        panic!("the way back saves")
    };
    let text = crate::settings::edit::apply("", &changes, std::path::Path::new("s.toml")).unwrap();
    let settings = Settings::parse(&text, std::path::Path::new("s.toml")).unwrap();
    let c = settings.tunables.comfort;
    assert_eq!(c.vignette, 0.5);
    assert_eq!(c.reference, Reference::Frame);
    assert!((c.snap_turn.to_degrees() - 30.0).abs() < 1e-9);
}

#[test]
fn a_snap_turn_from_the_settings_file_cycles_on_and_saves_as_written() {
    let path = std::path::Path::new("s.toml");
    let settings = Settings::parse("[comfort]\nsnap_turn = 30\ngyro = 10\n", path).unwrap();
    let options = |m: &mut Menu| {
        m.press(MenuKey::Down);
        m.press(MenuKey::Select);
        for _ in 0..8 {
            m.press(MenuKey::Down);
        }
    };
    // Unchanged, the file's numbers are saved as they were written.
    let mut m = Menu::title(Vec::new(), Vec::new(), &settings);
    options(&mut m);
    let Outcome::Save(changes) = m.press(MenuKey::Back) else {
        panic!("the way back saves")
    };
    assert!(changes.contains(&change("comfort", "snap_turn", Value::Number(30.0))));
    assert!(changes.contains(&change("comfort", "gyro", Value::Number(10.0))));
    // One step on from 30 is 45, one back 15.
    for (key, want) in [
        (MenuKey::Right, "< 45 degrees >"),
        (MenuKey::Left, "< 15 degrees >"),
    ] {
        let mut m = Menu::title(Vec::new(), Vec::new(), &settings);
        options(&mut m);
        m.press(key);
        let lines = m.panel().lines.join("\n");
        assert!(
            lines.contains(&format!("Snap turning     {want}")),
            "{lines}"
        );
    }
}

#[test]
fn the_options_set_the_volume_the_effects_and_the_mute() {
    let mut m = menu().paused();
    m.press(MenuKey::Down);
    m.press(MenuKey::Down);
    m.press(MenuKey::Select);
    assert_eq!(m.screen(), Screen::Options);
    for _ in 0..9 {
        m.press(MenuKey::Down);
    }
    m.press(MenuKey::Left); // volume 80% -> 70%
    m.press(MenuKey::Down);
    for _ in 0..20 {
        m.press(MenuKey::Left); // effects down to 0
    }
    m.press(MenuKey::Down);
    m.press(MenuKey::Select); // muted
    assert!(m.panel().lines.iter().any(|l| l.contains("muted")));
    let Outcome::Save(changes) = m.press(MenuKey::Back) else {
        panic!("the way back saves")
    };
    assert!(changes.contains(&change("audio", "volume", Value::Number(0.7))));
    assert!(changes.contains(&change("audio", "effects", Value::Number(0.0))));
    assert!(changes.contains(&change("audio", "mute", Value::Flag(true))));
    let text = crate::settings::edit::apply("", &changes, std::path::Path::new("s.toml"));
    let settings = Settings::parse(&text.unwrap(), "s.toml".as_ref());
    let audio = settings.unwrap().audio;
    assert_eq!((audio.volume, audio.effects, audio.mute), (0.7, 0.0, true));
}

#[test]
fn the_options_set_the_music_and_the_ambience() {
    let mut m = menu().paused();
    m.press(MenuKey::Down);
    m.press(MenuKey::Down);
    m.press(MenuKey::Select);
    for _ in 0..12 {
        m.press(MenuKey::Down);
    }
    for _ in 0..20 {
        m.press(MenuKey::Left); // music down to 0
    }
    m.press(MenuKey::Down);
    m.press(MenuKey::Right); // ambience 50% -> 60%
    let Outcome::Save(changes) = m.press(MenuKey::Back) else {
        panic!("the way back saves")
    };
    assert!(changes.contains(&change("audio", "music", Value::Number(0.0))));
    assert!(changes.contains(&change("audio", "ambience", Value::Number(0.6))));
    let text = crate::settings::edit::apply("", &changes, std::path::Path::new("s.toml"));
    let settings = Settings::parse(&text.unwrap(), "s.toml".as_ref());
    let audio = settings.unwrap().audio;
    assert_eq!((audio.music, audio.ambience), (0.0, 0.6));
}

#[test]
fn the_pause_menu_resumes_restarts_and_goes_to_the_title() {
    let mut m = menu().paused();
    assert_eq!(m.press(MenuKey::Back), Outcome::Resume);
    m.press(MenuKey::Down);
    // Restarting asks first, "no" chosen; Back returns to the pause menu.
    assert_eq!(m.press(MenuKey::Select), Outcome::Stay);
    assert_eq!(m.screen(), Screen::ConfirmRestart);
    assert_eq!(m.press(MenuKey::Select), Outcome::Stay);
    assert_eq!(m.screen(), Screen::Pause);
    m.choose(1);
    m.press(MenuKey::Down);
    assert_eq!(m.press(MenuKey::Select), Outcome::Restart);
    let mut asked = menu().asking_restart();
    assert_eq!(asked.press(MenuKey::Back), Outcome::Resume);
    let mut m = menu().paused();
    assert_eq!(m.choose(4), Outcome::SaveGame);
    assert_eq!(m.choose(5), Outcome::LoadGame);
    assert_eq!(m.choose(6), Outcome::Stay);
    assert_eq!(m.screen(), Screen::Title);
    assert_eq!(m.choose(5), Outcome::Quit);
}

#[test]
fn new_game_chooses_a_difficulty_and_starts_the_episode() {
    let mut m = menu();
    assert_eq!(m.choose(4), Outcome::Stay);
    assert_eq!(m.screen(), Screen::NewGame);
    assert!(m.panel().title.starts_with("New game"));
    assert_eq!(m.choose(0), Outcome::NewGame(Difficulty::Easy));
    let mut m = menu();
    m.choose(4);
    assert_eq!(m.choose(Difficulty::ALL.len()), Outcome::Stay, "Back");
    assert_eq!(m.screen(), Screen::Title);
}

#[test]
fn options_line_up_in_two_columns_and_the_foot_says_what_one_does() {
    let mut m = menu();
    m.choose(1);
    let panel = m.panel();
    let items = &panel.lines[m.first_item_line()..];
    let width = items[0].chars().count();
    let value_column = items[0].find('<').unwrap();
    for line in items {
        assert_eq!(line.chars().count(), width, "one width: {line:?}");
        if line.contains('<') {
            assert_eq!(line.find('<'), Some(value_column), "{line:?}");
        }
    }
    // The foot explains the option chosen, in plain words.
    assert!(panel.hint.starts_with("Polar:"), "{}", panel.hint);
    m.press(MenuKey::Right);
    assert!(m.panel().hint.starts_with("Classic:"));
    for _ in 0..4 {
        m.press(MenuKey::Down);
    }
    let gyro = m.panel();
    assert!(gyro.hint.contains("spin"), "{}", gyro.hint);
    let all = gyro.lines.join("\n");
    assert!(!all.contains("deg/s2") && !all.contains("Gyro"), "{all}");
    // Every explanation fits a line at 960x540 (54 characters).
    for i in 0..m.items().len() {
        m.selected = i;
        assert!(m.option_about().len() <= 54, "{}", m.option_about());
    }
}

#[test]
fn the_controls_screen_pages_and_goes_back_after_the_last() {
    let mut m = menu();
    m.choose(2);
    assert_eq!(m.screen(), Screen::Controls);
    let rows = &m.controls_sections()[0].rows;
    assert_eq!(rows.len(), crate::settings::Action::ALL.len());
    assert!(rows.iter().any(|(keys, _)| keys.contains("Left Ctrl")));
    m.set_pages(3);
    assert_eq!(m.press(MenuKey::Select), Outcome::Stay);
    assert_eq!((m.screen(), m.page()), (Screen::Controls, 1));
    m.press(MenuKey::Right);
    m.press(MenuKey::Left);
    assert_eq!(m.page(), 1);
    m.press(MenuKey::Select);
    assert_eq!(m.page(), 2);
    m.press(MenuKey::Select);
    assert_eq!(m.screen(), Screen::Title, "back after the last page");
    m.choose(2);
    assert_eq!(m.page(), 0, "from the first page again");
    m.press(MenuKey::Back);
    assert_eq!(m.screen(), Screen::Title);
}

#[test]
fn items_wrap_and_a_click_chooses() {
    let mut m = menu();
    m.press(MenuKey::Up);
    assert!(m.panel().lines.last().unwrap().starts_with("> Quit"));
    assert_eq!(m.choose(3), Outcome::Stay);
    assert_eq!(m.screen(), Screen::Studies);
    assert_eq!(m.choose(0), Outcome::Study("studies/walking.toml".into()));
    assert_eq!(m.choose(99), Outcome::Stay);
}
