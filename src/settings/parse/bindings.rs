//! The `[bindings]` section: each action set to the inputs it lists, and
//! a likely name for an input that does not exist.

use super::hints::a;
use super::Parser;
use crate::names::nearest_index;
use crate::settings::schema::BINDINGS;
use crate::settings::{Action, Binding, KEY_NAMES};
use toml::de::{DeArray, DeTable};

impl Parser<'_> {
    /// The `[bindings]` section: each action set to its list of inputs.
    pub(super) fn bindings(&mut self, table: &DeTable) {
        for (key, value) in table.iter() {
            let Some(action) = Action::from_name(key.get_ref()) else {
                let known = Action::ALL.iter().map(|a| a.name());
                self.unknown_key(key, BINDINGS, known);
                continue;
            };
            let Some(list) = value.get_ref().as_array() else {
                let expected = "a list of input names, such as [\"KeyW\"]";
                self.wrong_type(action.name(), expected, value);
                continue;
            };
            let inputs = self.inputs(action, list);
            self.settings.bindings.set(action, inputs);
        }
    }

    /// The inputs a bindings list names; each bad name is a fault.
    fn inputs(&mut self, action: Action, list: &DeArray) -> Vec<Binding> {
        let mut inputs = Vec::new();
        for item in list.iter() {
            let at = item.span().start;
            let Some(name) = item.get_ref().as_str() else {
                let found = a(item.get_ref().type_str());
                let message = format!("`{}` lists input names, found {found}", action.name());
                self.error(at, message);
                continue;
            };
            match Binding::parse(name) {
                Some(b) => inputs.push(b),
                None => {
                    let hint = binding_hint(name);
                    self.error(at, format!("unknown input `{name}`{hint}"));
                }
            }
        }
        inputs
    }
}

/// ` (did you mean ...?)` for an unknown input name, or where to look.
fn binding_hint(name: &str) -> String {
    // A bare letter or digit is the key that types it.
    let typed = match name.chars().collect::<Vec<_>>()[..] {
        [c] if c.is_ascii_alphabetic() => Some(format!("Key{}", c.to_ascii_uppercase())),
        [c] if c.is_ascii_digit() => Some(format!("Digit{c}")),
        _ => None,
    };
    // The settings names, and the names a player reads ("Left Ctrl").
    let names: Vec<String> = Binding::all()
        .flat_map(|b| [b.name(), b.spoken()])
        .collect();
    // Case is a common slip (`keyw`), so compare without it.
    let near = typed.or_else(|| {
        let lower = name.to_lowercase();
        let lowered: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
        let i = nearest_index(&lower, lowered.iter().map(String::as_str))?;
        Some(names[i].clone())
    });
    match near {
        Some(n) => format!(" (did you mean `{n}`?)"),
        None => format!(
            " (inputs are key names such as {} or Left Ctrl, Mouse..., Pad...)",
            KEY_NAMES[..3].join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{error, parse_str};
    use crate::settings::{Action, Binding, Bindings, MouseButton, PadAxis, Sign};

    #[test]
    fn an_unknown_input_is_located_at_the_element_with_the_nearest() {
        assert_eq!(
            error("[bindings]\nforward = [\"KeyW\", \"ArowUp\"]\n"),
            "2:20: unknown input `ArowUp` (did you mean `ArrowUp`?)"
        );
        assert_eq!(
            error("[bindings]\nforward = [\"keyw\"]\n"),
            "2:12: unknown input `keyw` (did you mean `KeyW`?)"
        );
        assert_eq!(
            error("[bindings]\nforward = [\"Left Contrl\"]\n"),
            "2:12: unknown input `Left Contrl` (did you mean `Left Ctrl`?)"
        );
        assert_eq!(
            error("[bindings]\nforward = [\"PadLeftStickX\"]\n"),
            "2:12: unknown input `PadLeftStickX` (did you mean `PadLeftStickX+`?)"
        );
        let e = error("[bindings]\nforward = [\"Joystick7Hat\"]\n");
        assert!(
            e.starts_with("2:12: unknown input `Joystick7Hat` (inputs are"),
            "{e}"
        );
    }

    #[test]
    fn bindings_set_replace_the_default_and_an_empty_list_unbinds() {
        let s = parse_str(
            "[bindings]\n\
             forward = [\"MouseRight\", \"PadLeftStickY+\"]\n\
             quit = []\n",
        )
        .unwrap();
        let b = &s.bindings;
        assert_eq!(
            b.get(Action::Forward),
            [
                Binding::Mouse(MouseButton::Right),
                Binding::PadAxis(PadAxis::LeftStickY, Sign::Plus)
            ]
        );
        assert!(b.get(Action::Quit).is_empty());
        assert_eq!(b.actions(&Binding::Key("Escape")).count(), 0);
        assert_eq!(b.actions(&Binding::Key("KeyW")).count(), 0);
        // The rest keep their defaults.
        assert_eq!(b.get(Action::Back), Bindings::default().get(Action::Back));
        assert_eq!(
            b.actions(&Binding::Key("F1")).collect::<Vec<_>>(),
            [Action::Help]
        );
    }

    #[test]
    fn an_input_may_trigger_several_actions() {
        let s = parse_str("[bindings]\nrecord = [\"F9\", \"KeyW\"]\n").unwrap();
        assert_eq!(
            s.bindings
                .actions(&Binding::Key("KeyW"))
                .collect::<Vec<_>>(),
            [Action::Forward, Action::Record]
        );
    }
}
