use super::*;
use std::collections::HashSet;

/// No default input does two things at once, but for the trigger that
/// fires on foot and thrusts in flight, and the left stick's click that
/// runs on foot and levels in flight (the two never apply together).
#[test]
fn default_inputs_do_one_thing_each() {
    let b = Bindings::default();
    for input in Binding::all() {
        // A study's answers take an input first while a question is
        // open; it plays otherwise.
        let study = [
            Action::AnswerUp,
            Action::AnswerDown,
            Action::Answer,
            Action::StopCondition,
        ];
        let mut actions: Vec<Action> = b.actions(&input).filter(|a| !study.contains(a)).collect();
        actions.sort_by_key(|a| a.name());
        actions.dedup();
        let shared =
            actions == [Action::Fire, Action::Thrust] || actions == [Action::Level, Action::Run];
        assert!(
            actions.len() <= 1 || shared,
            "{} does {actions:?}",
            input.name()
        );
    }
}

#[test]
fn every_spoken_name_is_its_own_and_parses_back_in_any_case() {
    let mut seen = HashSet::new();
    for b in Binding::all() {
        let spoken = b.spoken();
        assert!(!spoken.is_empty(), "{}", b.name());
        assert_eq!(Binding::parse(&spoken), Some(b), "{spoken}");
        assert_eq!(Binding::parse(&spoken.to_lowercase()), Some(b), "{spoken}");
        assert_eq!(Binding::parse(&spoken.to_uppercase()), Some(b), "{spoken}");
        assert!(
            seen.insert(spoken.to_lowercase()),
            "two inputs read {spoken}"
        );
    }
    let read = |name: &str| Binding::parse(name).map(|b| b.spoken());
    for (file, player) in [
        ("ControlLeft", "Left Ctrl"),
        ("ShiftLeft", "Left Shift"),
        ("AltRight", "Right Alt"),
        ("PageUp", "Page Up"),
        ("KeyW", "W"),
        ("Digit1", "1"),
        ("ArrowUp", "Up"),
        ("Escape", "Esc"),
        ("Numpad0", "Numpad 0"),
        ("NumpadEnter", "Numpad Enter"),
        ("F10", "F10"),
        ("Backquote", "`"),
        ("MouseLeft", "Left Mouse"),
        ("MouseBack", "Mouse Back"),
        ("PadSouth", "Pad South"),
        ("PadLeftThumb", "Left Stick Click"),
        ("PadLeftBumper", "Left Bumper"),
        ("PadDPadUp", "D-pad Up"),
        ("PadLeftStickY+", "Left Stick Up"),
        ("PadRightStickX-", "Right Stick Left"),
    ] {
        assert_eq!(read(file).as_deref(), Some(player), "{file}");
        assert_eq!(Binding::parse(player), Binding::parse(file), "{player}");
    }
    assert_eq!(Binding::parse("  left shift "), Binding::parse("ShiftLeft"));
    assert_eq!(Binding::parse("Left Control"), None);
}

#[test]
fn every_binding_name_parses_back_to_itself() {
    let mut names = HashSet::new();
    for b in Binding::all() {
        let name = b.name();
        assert_eq!(Binding::parse(&name), Some(b), "{name}");
        assert!(names.insert(name.clone()), "two bindings named {name}");
    }
    assert_eq!(names.len(), KEY_NAMES.len() + 5 + 2 + 17 + 8);
    assert_eq!(
        Binding::parse("MouseWheelUp"),
        Some(Binding::Wheel(Wheel::Up))
    );
    assert_eq!(
        Binding::parse("Mouse Wheel Down"),
        Some(Binding::Wheel(Wheel::Down))
    );
    assert_eq!(
        Binding::parse("PadLeftStickY+"),
        Some(Binding::PadAxis(PadAxis::LeftStickY, Sign::Plus))
    );
    assert_eq!(
        Binding::parse("MouseBack"),
        Some(Binding::Mouse(MouseButton::Back))
    );
}

#[test]
fn near_misses_are_not_bindings() {
    for name in [
        "keyw",
        // "W" is the W key as a player writes it; two are nothing.
        "WW",
        "Left Control",
        "Mouse",
        "MouseLeft2",
        "Pad",
        "PadLeftStickX",
        "PadSouth+",
    ] {
        assert_eq!(Binding::parse(name), None, "{name}");
    }
    assert_eq!(Binding::parse("Unidentified"), None);
}

#[test]
fn the_key_names_are_winit_key_codes() {
    // A sample of the 194 unit variants of winit 0.30's KeyCode.
    for name in [
        "KeyW", "ArrowUp", "F1", "F35", "AltLeft", "Space", "Escape", "Tab",
    ] {
        assert!(KEY_NAMES.contains(&name), "{name}");
    }
    for name in ["Digit1", "Numpad8", "ShiftLeft", "SuperRight", "IntlYen"] {
        assert!(KEY_NAMES.contains(&name), "{name}");
    }
    assert_eq!(KEY_NAMES.len(), 194);
    let unique: HashSet<_> = KEY_NAMES.iter().collect();
    assert_eq!(unique.len(), KEY_NAMES.len());
}

#[test]
fn action_names_and_order() {
    for (i, a) in Action::ALL.into_iter().enumerate() {
        assert_eq!(a as usize, i, "ALL is in declaration order");
        assert_eq!(Action::from_name(a.name()), Some(a));
        assert!(!a.about().is_empty());
    }
    assert_eq!(Action::from_name("Forward"), None);
}

#[test]
fn actions_finds_every_action_of_a_binding() {
    let mut b = Bindings::default();
    let w = Binding::Key("KeyW");
    assert_eq!(b.actions(&w).collect::<Vec<_>>(), [Action::Forward]);
    b.set(Action::Record, [Binding::Key("F9"), w]);
    b.set(Action::Quit, [w]);
    assert_eq!(
        b.actions(&w).collect::<Vec<_>>(),
        [Action::Forward, Action::Record, Action::Quit]
    );
    assert_eq!(b.actions(&Binding::Key("KeyZ")).count(), 0);
}

#[test]
fn set_keeps_the_order_and_drops_repeats() {
    let mut b = Bindings::none();
    let (w, up) = (Binding::Key("KeyW"), Binding::Key("ArrowUp"));
    b.set(Action::Forward, [up, w, up]);
    assert_eq!(b.get(Action::Forward), [up, w]);
    b.set(Action::Forward, []);
    assert!(b.get(Action::Forward).is_empty());
}

#[test]
fn the_defaults_keep_the_game_keys() {
    let b = Bindings::default();
    let names = |a| b.get(a).iter().map(Binding::name).collect::<Vec<_>>();
    assert_eq!(names(Action::Forward), ["KeyW", "ArrowUp", "PadDPadUp"]);
    assert_eq!(names(Action::TurnLeft), ["ArrowLeft", "PadDPadLeft"]);
    assert_eq!(names(Action::StrafeModifier), ["AltLeft", "AltRight"]);
    assert_eq!(names(Action::Minimap), ["Tab", "PadRightThumb"]);
    assert_eq!(names(Action::Quit), ["Escape"]);
    for a in Action::ALL {
        assert!(!b.get(a).is_empty(), "{} is unbound", a.name());
    }
}
