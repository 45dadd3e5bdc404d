//! Key names as the player reads them, built from the bindings in force:
//! the help overlay's lines and the keys the HUD's prompts name.

use super::{Action, Binding, Bindings, Settings};
use crate::render::Prompts;

/// The help overlay's lines for `bindings`: per action, its bindings (or
/// "unbound") and what it does.
pub fn help_lines(bindings: &Bindings) -> Vec<(String, String)> {
    Action::ALL
        .iter()
        .map(|&action| {
            let names: Vec<String> = bindings.get(action).iter().map(Binding::spoken).collect();
            let keys = match names.is_empty() {
                true => "unbound".to_string(),
                false => names.join(" / "),
            };
            (keys, action.about().to_string())
        })
        .collect()
}

/// The help overlay's input options under `settings`, as (name, value)
/// lines: mouse turning, the stick's deadzone and curve, the flight horizon.
pub fn input_lines(settings: &Settings) -> Vec<(String, String)> {
    let i = &settings.input;
    let mouse = match i.mouse_turn {
        true => format!(
            "classic and quake (not polar), {} deg a count",
            i.mouse_sensitivity
        ),
        false => "off".to_string(),
    };
    let horizon = match settings.video.level_horizon {
        true => "kept level",
        false => "tilts with the ship",
    };
    vec![
        ("mouse turning".into(), mouse),
        ("stick deadzone".into(), i.deadzone.to_string()),
        ("stick turn curve".into(), i.turn_curve.to_string()),
        ("flight horizon".into(), horizon.into()),
    ]
}

/// The first key or button bound to `action`, as the player reads it;
/// `None` if it is unbound.
pub fn key_name(bindings: &Bindings, action: Action) -> Option<String> {
    bindings.get(action).first().map(Binding::spoken)
}

/// A map hint's `text` with each `{ACTION}` (an action's name in the
/// `[bindings]` section, such as `{forward}`) replaced by the first key
/// bound to it as the player reads it, or "(unbound)". A name that is no
/// action stays as written (`check-map` reports it).
pub fn fill_keys(text: &str, bindings: &Bindings) -> String {
    let mut filled = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        filled.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let named = after
            .split_once('}')
            .and_then(|(name, tail)| Some((Action::from_name(name)?, tail)));
        match named {
            Some((action, tail)) => {
                let key = key_name(bindings, action);
                filled.push_str(key.as_deref().unwrap_or("(unbound)"));
                rest = tail;
            }
            None => {
                filled.push('{');
                rest = after;
            }
        }
    }
    filled.push_str(rest);
    filled
}

/// The keys the HUD's prompts name under `bindings`.
pub fn prompts(bindings: &Bindings) -> Prompts {
    Prompts {
        resume: key_name(bindings, Action::Pause),
        restart: key_name(bindings, Action::Restart),
        help: key_name(bindings, Action::Help),
    }
}

/// The keys bound to `actions` (the first of each), as "F2, F3 and Enter";
/// the unbound ones are left out.
pub fn key_list(bindings: &Bindings, actions: &[Action]) -> String {
    let names: Vec<String> = actions
        .iter()
        .filter_map(|&a| key_name(bindings, a))
        .collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_names_the_keys_bound_now() {
        let mut b = Bindings::default();
        let text = "Hold {forward} to push, {use} opens; {nothing} stays";
        let filled = fill_keys(text, &b);
        assert_eq!(filled, "Hold W to push, Space opens; {nothing} stays");
        b.set(Action::Forward, [Binding::Key("KeyI")]);
        b.set(Action::Use, []);
        let filled = fill_keys(text, &b);
        assert_eq!(filled, "Hold I to push, (unbound) opens; {nothing} stays");
        assert_eq!(fill_keys("no keys", &b), "no keys");
    }
    use crate::settings::Binding;

    #[test]
    fn the_help_names_keys_as_printed_on_them() {
        let lines = help_lines(&Bindings::default());
        let keys = |action: Action| lines[action as usize].0.clone();
        assert_eq!(keys(Action::Forward), "W / Up / D-pad Up");
        assert!(keys(Action::Fire).starts_with("Left Ctrl / Right Ctrl"));
        assert_eq!(keys(Action::Quit), "Esc");
    }

    #[test]
    fn prompts_follow_the_bindings_in_force() {
        let mut b = Bindings::default();
        assert_eq!(key_name(&b, Action::Pause).as_deref(), Some("P"));
        assert_eq!(
            key_list(&b, &[Action::NextCoupling, Action::Restart]),
            "F2 and Enter"
        );
        b.set(Action::Pause, [Binding::Key("KeyO")]);
        b.set(Action::Restart, []);
        assert_eq!(key_name(&b, Action::Pause).as_deref(), Some("O"));
        assert_eq!(key_name(&b, Action::Restart), None);
        assert_eq!(key_list(&b, &[Action::NextCoupling, Action::Restart]), "F2");
        let lines = help_lines(&b);
        assert_eq!(lines.len(), Action::ALL.len());
        assert!(lines.iter().any(|(keys, _)| keys == "unbound"));
    }
}
