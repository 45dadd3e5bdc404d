//! Saves in the game: F7 and F8 on the quick slot, the world and its
//! course run as they were when saved; a slot in use saved over only once
//! the player says yes; the pause menu's slots; none in a study.

use super::*;
use crate::save::slots::Slot;

/// A map with a course down a corridor: the start, checkpoint 1, the
/// finish.
const COURSE: &[&str] = &["##########", "#>..1...F#", "##########"];

fn course_text() -> String {
    let brick = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/brick_red.png");
    format!(
        "name = corridor\n[legend]\n# = {brick}\n[course]\n1 = checkpoint 1\nF = finish\n[grid]\n{}\n",
        COURSE.join("\n")
    )
}

/// A game on the course map with its saves in the scratch folder.
fn saving_game(test: &str) -> (Scratch, Game) {
    let (dir, _, game) = watching_map(test, &course_text());
    let saves = dir.join("saves");
    (dir, game.with_saves_in(&saves))
}

fn quick_file(g: &Game) -> Vec<u8> {
    std::fs::read(g.saves.path(Slot::Quick)).unwrap()
}

#[test]
fn f7_saves_and_f8_brings_back_the_world_and_its_course_run() {
    let (_dir, mut g) = saving_game("quick");
    assert_eq!(g.press(key("F7")), [Command::QuickSave]);
    g.press(key("KeyW"));
    for _ in 0..60 {
        g.advance(1.0 / 60.0);
    }
    let run = g.world.course_run().progress.clone().unwrap();
    assert_eq!(run.next(), 1, "checkpoint 1 passed before the save");
    let (hash, tick) = (g.world.state_hash(), g.world.tick());
    g.quick_save(SystemTime::now());
    assert!(g.notice.as_ref().unwrap().0.starts_with("saved to Quick"));
    // Play on: further along, then back to the save.
    for _ in 0..15 {
        g.advance(1.0 / 60.0);
    }
    assert_ne!(g.world.state_hash(), hash);
    g.release(key("KeyW"));
    g.quick_load();
    assert_eq!((g.world.state_hash(), g.world.tick()), (hash, tick));
    assert_eq!(g.world.course_run().progress.as_ref(), Some(&run));
    assert_eq!(g.standing(), Some(goal::Standing::Finish { of: 1 }));
    assert!(g
        .notice
        .as_ref()
        .unwrap()
        .0
        .starts_with("loaded Quick: corridor"));
}

#[test]
fn f7_on_a_quick_slot_in_use_asks_and_saves_over_only_on_yes() {
    let (_dir, mut g) = saving_game("overwrite");
    g.quick_save(SystemTime::now());
    let first = quick_file(&g);
    g.press(key("KeyD"));
    g.advance(0.5);
    g.release(key("KeyD"));
    // Asked: the world holds still under the question.
    g.quick_save(SystemTime::now());
    assert!(g.slots_open() && g.menu_open());
    let tick = g.world.tick();
    g.advance(0.5);
    assert_eq!(g.world.tick(), tick, "held while asked");
    // Esc is no: the slot keeps its game.
    g.press(key("Escape"));
    assert!(!g.slots_open());
    assert_eq!(quick_file(&g), first);
    g.release(key("Escape"));
    // Enter on "No" (chosen first) keeps it too.
    g.quick_save(SystemTime::now());
    g.press(key("Enter"));
    g.release(key("Enter"));
    assert!(!g.slots_open());
    assert_eq!(quick_file(&g), first);
    // Yes: saved over.
    g.quick_save(SystemTime::now());
    g.press(key("ArrowDown"));
    g.press(key("Enter"));
    assert!(!g.slots_open());
    assert_ne!(quick_file(&g), first);
    assert!(g.notice.as_ref().unwrap().0.starts_with("saved to Quick"));
}

#[test]
fn the_pause_menu_saves_into_a_slot_and_loads_it() {
    let (_dir, mut g) = saving_game("pause");
    g.advance(0.25);
    let hash = g.world.state_hash();
    g.open_pause_menu();
    let tap = |g: &mut Game, k: &'static str| {
        g.press(key(k));
        g.release(key(k));
    };
    // "Save game", the fifth item.
    for _ in 0..4 {
        tap(&mut g, "ArrowDown");
    }
    tap(&mut g, "Enter");
    assert!(g.slots_open());
    // Slot 2 (the quick slot is first).
    for k in ["ArrowDown", "ArrowDown", "Enter"] {
        tap(&mut g, k);
    }
    assert!(!g.slots_open() && g.menu_open(), "back at the pause menu");
    assert!(g.saves.in_use(Slot::Numbered(2)));
    // The slot's line shows the map and the play time; its thumbnail is
    // drawn with it.
    g.open_slots(crate::menu::slots::Purpose::Load);
    for k in ["ArrowDown", "ArrowDown"] {
        tap(&mut g, k);
    }
    let (w, h) = (960, 540);
    let mut frame = vec![0u8; w * h * 4];
    let view = g.advance(0.0);
    g.draw(&view, &mut frame, w, h);
    let panel = g.slot_screen.as_ref().unwrap().picker.panel();
    assert!(panel
        .lines
        .iter()
        .any(|l| l.contains("Slot 2") && l.contains("corridor  0:00")));
    let thumb = &g.saves.read(Slot::Numbered(2)).unwrap().thumbnail;
    // At 960 wide, the thumbnail as it is, 8 pixels in from the corner.
    let corner = ((8 + 10) * w + (w - 8 - 160 + 20)) * 4;
    assert_eq!(
        &frame[corner..corner + 4],
        &thumb[(10 * 160 + 20) * 4..][..4]
    );
    g.press(key("Enter"));
    assert_eq!(g.world.state_hash(), hash);
    assert!(!g.menu_open());
}

#[test]
fn a_replay_and_the_open_plane_have_no_saves() {
    let mut g = game();
    let dir = Scratch::new("game-no-saves");
    g = g.with_saves_in(&dir.join("saves"));
    g.quick_save(SystemTime::now());
    assert!(g.notice.as_ref().unwrap().0.contains("no map file"));
    assert!(!g.saves.in_use(Slot::Quick));
    g.quick_load();
    assert!(g.notice.as_ref().unwrap().0.starts_with("cannot load"));
}
