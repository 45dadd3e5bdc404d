//! The physical key names a binding may use, and the names a player
//! reads and writes for them ("Left Ctrl" for `ControlLeft`, "Left Stick
//! Click" for `PadLeftThumb`). The settings file takes either.

/// Every physical key a binding may name: the unit variants of winit 0.30's
/// `KeyCode`, spelt as the variant (`KeyW`, `ArrowUp`, `F1`, `AltLeft`).
/// The app maps each name to its platform code; this list keeps the
/// settings free of any platform import.
pub const KEY_NAMES: &[&str] = &[
    "Backquote",
    "Backslash",
    "BracketLeft",
    "BracketRight",
    "Comma",
    "Digit0",
    "Digit1",
    "Digit2",
    "Digit3",
    "Digit4",
    "Digit5",
    "Digit6",
    "Digit7",
    "Digit8",
    "Digit9",
    "Equal",
    "IntlBackslash",
    "IntlRo",
    "IntlYen",
    "KeyA",
    "KeyB",
    "KeyC",
    "KeyD",
    "KeyE",
    "KeyF",
    "KeyG",
    "KeyH",
    "KeyI",
    "KeyJ",
    "KeyK",
    "KeyL",
    "KeyM",
    "KeyN",
    "KeyO",
    "KeyP",
    "KeyQ",
    "KeyR",
    "KeyS",
    "KeyT",
    "KeyU",
    "KeyV",
    "KeyW",
    "KeyX",
    "KeyY",
    "KeyZ",
    "Minus",
    "Period",
    "Quote",
    "Semicolon",
    "Slash",
    "AltLeft",
    "AltRight",
    "Backspace",
    "CapsLock",
    "ContextMenu",
    "ControlLeft",
    "ControlRight",
    "Enter",
    "SuperLeft",
    "SuperRight",
    "ShiftLeft",
    "ShiftRight",
    "Space",
    "Tab",
    "Convert",
    "KanaMode",
    "Lang1",
    "Lang2",
    "Lang3",
    "Lang4",
    "Lang5",
    "NonConvert",
    "Delete",
    "End",
    "Help",
    "Home",
    "Insert",
    "PageDown",
    "PageUp",
    "ArrowDown",
    "ArrowLeft",
    "ArrowRight",
    "ArrowUp",
    "NumLock",
    "Numpad0",
    "Numpad1",
    "Numpad2",
    "Numpad3",
    "Numpad4",
    "Numpad5",
    "Numpad6",
    "Numpad7",
    "Numpad8",
    "Numpad9",
    "NumpadAdd",
    "NumpadBackspace",
    "NumpadClear",
    "NumpadClearEntry",
    "NumpadComma",
    "NumpadDecimal",
    "NumpadDivide",
    "NumpadEnter",
    "NumpadEqual",
    "NumpadHash",
    "NumpadMemoryAdd",
    "NumpadMemoryClear",
    "NumpadMemoryRecall",
    "NumpadMemoryStore",
    "NumpadMemorySubtract",
    "NumpadMultiply",
    "NumpadParenLeft",
    "NumpadParenRight",
    "NumpadStar",
    "NumpadSubtract",
    "Escape",
    "Fn",
    "FnLock",
    "PrintScreen",
    "ScrollLock",
    "Pause",
    "BrowserBack",
    "BrowserFavorites",
    "BrowserForward",
    "BrowserHome",
    "BrowserRefresh",
    "BrowserSearch",
    "BrowserStop",
    "Eject",
    "LaunchApp1",
    "LaunchApp2",
    "LaunchMail",
    "MediaPlayPause",
    "MediaSelect",
    "MediaStop",
    "MediaTrackNext",
    "MediaTrackPrevious",
    "Power",
    "Sleep",
    "AudioVolumeDown",
    "AudioVolumeMute",
    "AudioVolumeUp",
    "WakeUp",
    "Meta",
    "Hyper",
    "Turbo",
    "Abort",
    "Resume",
    "Suspend",
    "Again",
    "Copy",
    "Cut",
    "Find",
    "Open",
    "Paste",
    "Props",
    "Select",
    "Undo",
    "Hiragana",
    "Katakana",
    "F1",
    "F2",
    "F3",
    "F4",
    "F5",
    "F6",
    "F7",
    "F8",
    "F9",
    "F10",
    "F11",
    "F12",
    "F13",
    "F14",
    "F15",
    "F16",
    "F17",
    "F18",
    "F19",
    "F20",
    "F21",
    "F22",
    "F23",
    "F24",
    "F25",
    "F26",
    "F27",
    "F28",
    "F29",
    "F30",
    "F31",
    "F32",
    "F33",
    "F34",
    "F35",
];

/// Keys whose printed name is a symbol or a short word, by settings name.
const PRINTED: &[(&str, &str)] = &[
    ("Backquote", "`"),
    ("Backslash", "\\"),
    ("BracketLeft", "["),
    ("BracketRight", "]"),
    ("Comma", ","),
    ("Equal", "="),
    ("Minus", "-"),
    ("Period", "."),
    ("Quote", "'"),
    ("Semicolon", ";"),
    ("Slash", "/"),
    ("Escape", "Esc"),
    ("ControlLeft", "Left Ctrl"),
    ("ControlRight", "Right Ctrl"),
    ("MouseLeft", "Left Mouse"),
    ("MouseRight", "Right Mouse"),
    ("MouseMiddle", "Middle Mouse"),
    ("MouseWheelUp", "Mouse Wheel Up"),
    ("MouseWheelDown", "Mouse Wheel Down"),
    ("PadLeftThumb", "Left Stick Click"),
    ("PadRightThumb", "Right Stick Click"),
];

/// A binding's settings-file name (`ControlLeft`, `KeyW`, `PadLeftThumb`,
/// `PadLeftStickX+`) as a player reads and writes it: "Left Ctrl", "W",
/// "Left Stick Click", "Left Stick Right". Every binding's is different,
/// whatever the case (see the tests), so the settings file takes these
/// too.
pub fn spoken(name: &str) -> String {
    if let Some((_, printed)) = PRINTED.iter().find(|(n, _)| *n == name) {
        return (*printed).to_string();
    }
    if let Some(rest) = name.strip_prefix("Pad") {
        return pad(rest);
    }
    let short = ["Key", "Digit", "Arrow"];
    if let Some(rest) = short.iter().find_map(|p| name.strip_prefix(p)) {
        if rest.chars().count() == 1 || name.starts_with("Arrow") {
            return rest.to_string();
        }
    }
    // F1 to F35 stay whole; anything else is read word by word.
    if name.len() > 1 && name.starts_with('F') && name[1..].chars().all(|c| c.is_ascii_digit()) {
        return name.to_string();
    }
    side_first(words(name))
}

/// A pad input after `Pad`: "D-pad Up", "Left Bumper", a stick's axis as
/// its direction ("Left Stick Up"), a face button as "Pad South".
fn pad(rest: &str) -> String {
    if let Some(dir) = rest.strip_prefix("DPad") {
        return format!("D-pad {dir}");
    }
    for (axis, plus, minus) in [("X", "Right", "Left"), ("Y", "Up", "Down")] {
        for (sign, way) in [('+', plus), ('-', minus)] {
            if let Some(stick) = rest.strip_suffix(sign).and_then(|r| r.strip_suffix(axis)) {
                return format!("{} {way}", words(stick).join(" "));
            }
        }
    }
    let w = words(rest);
    match w.first().map(String::as_str) {
        Some("Left" | "Right") => w.join(" "),
        _ => format!("Pad {}", w.join(" ")),
    }
}

/// `name` cut into its capitalised words, a run of digits a word of its
/// own: `PageUp` as Page, Up; `Numpad0` as Numpad, 0.
fn words(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut prev: Option<char> = None;
    for c in name.chars() {
        let starts = match prev {
            None => true,
            Some(p) => {
                (c.is_ascii_uppercase() && !p.is_ascii_uppercase())
                    || (c.is_ascii_digit() != p.is_ascii_digit())
            }
        };
        match out.last_mut() {
            Some(word) if !starts => word.push(c),
            _ => out.push(c.to_string()),
        }
        prev = Some(c);
    }
    out
}

/// The words with a trailing Left or Right put first, as keyboards print
/// them: `Shift`, `Left` as "Left Shift".
fn side_first(mut words: Vec<String>) -> String {
    if words.len() > 1 && matches!(words.last().map(String::as_str), Some("Left" | "Right")) {
        let side = words.pop().unwrap_or_default();
        words.insert(0, side);
    }
    words.join(" ")
}
