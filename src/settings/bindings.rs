//! Actions, the inputs that trigger them, and the table binding one to the
//! other. Inputs are named, not coded: the app maps names to platform codes.

use super::key_names::spoken;
use super::KEY_NAMES;

/// Something the player can do with a key, button or stick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Push forward, along the wish heading.
    Forward,
    /// Push back.
    Back,
    /// Push left (strafe).
    StrafeLeft,
    /// Push right (strafe).
    StrafeRight,
    /// Turn the wish heading left.
    TurnLeft,
    /// Turn the wish heading right.
    TurnRight,
    /// While held, the turn actions strafe instead (Alt in Wolfenstein 3D).
    StrafeModifier,
    /// While held, the classic and quake models walk and turn faster
    /// (Shift in Wolfenstein 3D and Quake).
    Run,
    /// Fire the weapon (held: fire again whenever it is ready).
    Fire,
    /// Take up the knife (the number key 1).
    Weapon1,
    /// Take up the pistol.
    Weapon2,
    /// Take up the machine gun, if carried.
    Weapon3,
    /// Take up the chain gun, if carried.
    Weapon4,
    /// Take up the next weapon carried that can fire.
    NextWeapon,
    /// Take up the one before.
    PreviousWeapon,
    /// Open (or shut) the door in front.
    Use,
    /// Switch the jetpack on (take off) or off.
    Jetpack,
    /// Jetpack: full thrust while held.
    Thrust,
    /// Jetpack: hover thrust (a quarter of full) while held.
    Hover,
    /// Jetpack: brake thrusters against the drift while held.
    Brake,
    /// Jetpack: put the pointer back at its centre (level the ship).
    Level,
    /// Start the map again (after dying, or at any time).
    Restart,
    /// Pause or resume.
    Pause,
    /// Show or hide the help overlay.
    Help,
    /// Show or hide the minimap.
    Minimap,
    /// Show or hide the lab readout (the model, speeds, angles, frame
    /// rate and the dial).
    Readout,
    /// Toggle fullscreen.
    Fullscreen,
    /// Switch to the next walking model.
    NextModel,
    /// Switch to the next camera coupling.
    NextCoupling,
    /// Show or hide the enemies' steering overlay on the minimap.
    Steering,
    /// Show or hide the frame pacing graph (frame times, p50 and p99).
    PacingOverlay,
    /// Start or stop recording.
    Record,
    /// Save the game to the quick slot.
    QuickSave,
    /// Load the game in the quick slot.
    QuickLoad,
    /// Reload the settings file.
    Reload,
    /// Quit the game.
    Quit,
    /// Study: one up on an answer's scale (a rating, a list).
    AnswerUp,
    /// Study: one down on an answer's scale.
    AnswerDown,
    /// Study: give the answer shown, or go on.
    Answer,
    /// Study: end the condition being played now (a pad button must be
    /// held for a second).
    StopCondition,
}

impl Action {
    /// Every action, in the order the settings file and the help list them.
    pub const ALL: [Action; 40] = [
        Action::Forward,
        Action::Back,
        Action::StrafeLeft,
        Action::StrafeRight,
        Action::TurnLeft,
        Action::TurnRight,
        Action::StrafeModifier,
        Action::Run,
        Action::Fire,
        Action::Weapon1,
        Action::Weapon2,
        Action::Weapon3,
        Action::Weapon4,
        Action::NextWeapon,
        Action::PreviousWeapon,
        Action::Use,
        Action::Jetpack,
        Action::Thrust,
        Action::Hover,
        Action::Brake,
        Action::Level,
        Action::Restart,
        Action::Pause,
        Action::Help,
        Action::Minimap,
        Action::Readout,
        Action::Fullscreen,
        Action::NextModel,
        Action::NextCoupling,
        Action::Steering,
        Action::PacingOverlay,
        Action::Record,
        Action::QuickSave,
        Action::QuickLoad,
        Action::Reload,
        Action::Quit,
        Action::AnswerUp,
        Action::AnswerDown,
        Action::Answer,
        Action::StopCondition,
    ];

    /// The action's key in the `[bindings]` section.
    pub fn name(self) -> &'static str {
        match self {
            Action::Forward => "forward",
            Action::Back => "back",
            Action::StrafeLeft => "strafe_left",
            Action::StrafeRight => "strafe_right",
            Action::TurnLeft => "turn_left",
            Action::TurnRight => "turn_right",
            Action::StrafeModifier => "strafe_modifier",
            Action::Run => "run",
            Action::Fire => "fire",
            Action::Weapon1 => "weapon_1",
            Action::Weapon2 => "weapon_2",
            Action::Weapon3 => "weapon_3",
            Action::Weapon4 => "weapon_4",
            Action::NextWeapon => "next_weapon",
            Action::PreviousWeapon => "previous_weapon",
            Action::Use => "use",
            Action::Jetpack => "jetpack",
            Action::Thrust => "thrust",
            Action::Hover => "hover",
            Action::Brake => "brake",
            Action::Level => "level",
            Action::Restart => "restart",
            Action::Steering => "steering",
            Action::PacingOverlay => "pacing_overlay",
            Action::Pause => "pause",
            Action::Help => "help",
            Action::Minimap => "minimap",
            Action::Readout => "readout",
            Action::Fullscreen => "fullscreen",
            Action::NextModel => "next_model",
            Action::NextCoupling => "next_coupling",
            Action::Record => "record",
            Action::QuickSave => "quick_save",
            Action::QuickLoad => "quick_load",
            Action::Reload => "reload",
            Action::Quit => "quit",
            Action::AnswerUp => "answer_up",
            Action::AnswerDown => "answer_down",
            Action::Answer => "answer",
            Action::StopCondition => "stop_condition",
        }
    }

    /// What the action does, in a few words for the help overlay.
    pub fn about(self) -> &'static str {
        match self {
            Action::Forward => "push forward",
            Action::Back => "push back",
            Action::StrafeLeft => "push left (strafe)",
            Action::StrafeRight => "push right (strafe)",
            Action::TurnLeft => "turn the heading left",
            Action::TurnRight => "turn the heading right",
            Action::StrafeModifier => "while held, turning strafes instead",
            Action::Run => "run: classic and quake walk and turn faster",
            Action::Fire => "fire",
            Action::Weapon1 => "weapon: the knife",
            Action::Weapon2 => "weapon: the pistol",
            Action::Weapon3 => "weapon: the machine gun",
            Action::Weapon4 => "weapon: the chain gun",
            Action::NextWeapon => "next weapon",
            Action::PreviousWeapon => "previous weapon",
            Action::Use => "open the door in front",
            Action::Jetpack => "jetpack on or off",
            Action::Thrust => "jetpack full thrust",
            Action::Hover => "jetpack hover",
            Action::Brake => "jetpack brake",
            Action::Level => "jetpack: centre the pointer",
            Action::Restart => "start the map again",
            Action::Steering => "enemy steering overlay",
            Action::PacingOverlay => "frame pacing graph",
            Action::Pause => "pause",
            Action::Help => "this help",
            Action::Minimap => "minimap",
            Action::Readout => "lab readout: model, speeds, angles, fps",
            Action::Fullscreen => "fullscreen",
            Action::NextModel => "next walking model",
            Action::NextCoupling => "next camera coupling",
            Action::Record => "start or stop recording",
            Action::QuickSave => "save the game to the quick slot",
            Action::QuickLoad => "load the game in the quick slot",
            Action::Reload => "reload the settings file and the map",
            Action::Quit => "the pause menu (its Quit quits); in a study, end it?",
            Action::AnswerUp => "study: one up on the answer's scale",
            Action::AnswerDown => "study: one down on the answer's scale",
            Action::Answer => "study: give the answer shown (number keys type one)",
            Action::StopCondition => "study: end the condition now (pad: hold 1 s)",
        }
    }

    /// The action whose [`Action::name`] is `name`.
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// A mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MouseButton {
    /// The primary button.
    Left,
    /// The secondary button.
    Right,
    /// The wheel button.
    Middle,
    /// The thumb button that browsers read as "back".
    Back,
    /// The thumb button that browsers read as "forward".
    Forward,
}

impl MouseButton {
    /// Every mouse button.
    pub const ALL: [MouseButton; 5] = [
        MouseButton::Left,
        MouseButton::Right,
        MouseButton::Middle,
        MouseButton::Back,
        MouseButton::Forward,
    ];

    /// The name after `Mouse` in a binding.
    fn name(self) -> &'static str {
        match self {
            MouseButton::Left => "Left",
            MouseButton::Right => "Right",
            MouseButton::Middle => "Middle",
            MouseButton::Back => "Back",
            MouseButton::Forward => "Forward",
        }
    }
}

/// A step of the mouse wheel: a press with no hold, bindable as a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wheel {
    /// Rolled away from the player.
    Up,
    /// Rolled toward the player.
    Down,
}

impl Wheel {
    /// Both steps.
    pub const ALL: [Wheel; 2] = [Wheel::Up, Wheel::Down];

    /// The name after `Mouse` in a binding.
    fn name(self) -> &'static str {
        match self {
            Wheel::Up => "WheelUp",
            Wheel::Down => "WheelDown",
        }
    }
}

/// A gamepad button, by position (the layout gilrs and SDL use: South is
/// A on an Xbox pad, cross on a PlayStation one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PadButton {
    /// The bottom face button.
    South,
    /// The right face button.
    East,
    /// The top face button.
    North,
    /// The left face button.
    West,
    /// The left shoulder button.
    LeftBumper,
    /// The right shoulder button.
    RightBumper,
    /// The left trigger, pressed.
    LeftTrigger,
    /// The right trigger, pressed.
    RightTrigger,
    /// The left middle button (Select, Back, Share, View).
    Select,
    /// The right middle button (Start, Options, Menu).
    Start,
    /// The logo button.
    Mode,
    /// The left stick, clicked.
    LeftThumb,
    /// The right stick, clicked.
    RightThumb,
    /// The direction pad's up.
    DPadUp,
    /// The direction pad's down.
    DPadDown,
    /// The direction pad's left.
    DPadLeft,
    /// The direction pad's right.
    DPadRight,
}

impl PadButton {
    /// Every gamepad button.
    pub const ALL: [PadButton; 17] = [
        PadButton::South,
        PadButton::East,
        PadButton::North,
        PadButton::West,
        PadButton::LeftBumper,
        PadButton::RightBumper,
        PadButton::LeftTrigger,
        PadButton::RightTrigger,
        PadButton::Select,
        PadButton::Start,
        PadButton::Mode,
        PadButton::LeftThumb,
        PadButton::RightThumb,
        PadButton::DPadUp,
        PadButton::DPadDown,
        PadButton::DPadLeft,
        PadButton::DPadRight,
    ];

    /// The name after `Pad` in a binding.
    fn name(self) -> &'static str {
        match self {
            PadButton::South => "South",
            PadButton::East => "East",
            PadButton::North => "North",
            PadButton::West => "West",
            PadButton::LeftBumper => "LeftBumper",
            PadButton::RightBumper => "RightBumper",
            PadButton::LeftTrigger => "LeftTrigger",
            PadButton::RightTrigger => "RightTrigger",
            PadButton::Select => "Select",
            PadButton::Start => "Start",
            PadButton::Mode => "Mode",
            PadButton::LeftThumb => "LeftThumb",
            PadButton::RightThumb => "RightThumb",
            PadButton::DPadUp => "DPadUp",
            PadButton::DPadDown => "DPadDown",
            PadButton::DPadLeft => "DPadLeft",
            PadButton::DPadRight => "DPadRight",
        }
    }
}

/// A gamepad stick axis. X grows right, Y grows up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PadAxis {
    /// The left stick, across.
    LeftStickX,
    /// The left stick, up and down.
    LeftStickY,
    /// The right stick, across.
    RightStickX,
    /// The right stick, up and down.
    RightStickY,
}

impl PadAxis {
    /// Every stick axis.
    pub const ALL: [PadAxis; 4] = [
        PadAxis::LeftStickX,
        PadAxis::LeftStickY,
        PadAxis::RightStickX,
        PadAxis::RightStickY,
    ];

    /// The name after `Pad` in a binding.
    fn name(self) -> &'static str {
        match self {
            PadAxis::LeftStickX => "LeftStickX",
            PadAxis::LeftStickY => "LeftStickY",
            PadAxis::RightStickX => "RightStickX",
            PadAxis::RightStickY => "RightStickY",
        }
    }
}

/// Which way along an axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sign {
    /// Toward positive: right, or up.
    Plus,
    /// Toward negative: left, or down.
    Minus,
}

impl Sign {
    /// The sign's character at the end of a binding name.
    fn symbol(self) -> char {
        match self {
            Sign::Plus => '+',
            Sign::Minus => '-',
        }
    }
}

/// One input that can trigger an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binding {
    /// A physical key, by winit `KeyCode` variant name: one of [`KEY_NAMES`].
    Key(&'static str),
    /// A mouse button.
    Mouse(MouseButton),
    /// A step of the mouse wheel (pressed and let go at once).
    Wheel(Wheel),
    /// A gamepad button.
    PadButton(PadButton),
    /// A stick pushed past half way in one direction (Y+ is up).
    PadAxis(PadAxis, Sign),
}

impl Binding {
    /// The binding's name in the settings file: `KeyW`, `MouseLeft`,
    /// `PadSouth`, `PadLeftStickX+`.
    pub fn name(&self) -> String {
        match self {
            Binding::Key(k) => (*k).to_string(),
            Binding::Mouse(b) => format!("Mouse{}", b.name()),
            Binding::Wheel(w) => format!("Mouse{}", w.name()),
            Binding::PadButton(b) => format!("Pad{}", b.name()),
            Binding::PadAxis(a, s) => format!("Pad{}{}", a.name(), s.symbol()),
        }
    }

    /// The binding as a player reads it: "Left Ctrl", "W", "Left Stick
    /// Click" (see `key_names::spoken`).
    pub fn spoken(&self) -> String {
        spoken(&self.name())
    }

    /// The binding named `name`: its settings name exactly (`ControlLeft`),
    /// or the name a player reads in any case (`Left Ctrl`, `left ctrl`).
    pub fn parse(name: &str) -> Option<Binding> {
        Self::parse_exact(name).or_else(|| {
            let name = name.trim();
            Binding::all().find(|b| b.spoken().eq_ignore_ascii_case(name))
        })
    }

    /// The binding whose settings name is `name` (exactly, case included).
    fn parse_exact(name: &str) -> Option<Binding> {
        if let Some(&key) = KEY_NAMES.iter().find(|&&k| k == name) {
            return Some(Binding::Key(key));
        }
        if let Some(rest) = name.strip_prefix("Mouse") {
            if let Some(w) = Wheel::ALL.into_iter().find(|w| w.name() == rest) {
                return Some(Binding::Wheel(w));
            }
            return MouseButton::ALL
                .into_iter()
                .find(|b| b.name() == rest)
                .map(Binding::Mouse);
        }
        let rest = name.strip_prefix("Pad")?;
        let axis = |sign: Sign| {
            let axis = rest.strip_suffix(sign.symbol())?;
            PadAxis::ALL.into_iter().find(|a| a.name() == axis)
        };
        if let Some(a) = axis(Sign::Plus) {
            return Some(Binding::PadAxis(a, Sign::Plus));
        }
        if let Some(a) = axis(Sign::Minus) {
            return Some(Binding::PadAxis(a, Sign::Minus));
        }
        PadButton::ALL
            .into_iter()
            .find(|b| b.name() == rest)
            .map(Binding::PadButton)
    }

    /// Every binding there is: keys, then mouse buttons, the wheel's
    /// steps, pad buttons and stick directions.
    pub fn all() -> impl Iterator<Item = Binding> {
        let keys = KEY_NAMES.iter().map(|&k| Binding::Key(k));
        let wheel = Wheel::ALL.into_iter().map(Binding::Wheel);
        let mouse = MouseButton::ALL
            .into_iter()
            .map(Binding::Mouse)
            .chain(wheel);
        let buttons = PadButton::ALL.into_iter().map(Binding::PadButton);
        let axes = PadAxis::ALL.into_iter().flat_map(|a| {
            [Sign::Plus, Sign::Minus]
                .into_iter()
                .map(move |s| Binding::PadAxis(a, s))
        });
        keys.chain(mouse).chain(buttons).chain(axes)
    }
}

/// Which inputs trigger each action. One input may trigger several actions,
/// and an action may have no input at all.
#[derive(Clone, Debug, PartialEq)]
pub struct Bindings {
    /// Indexed by `Action as usize`.
    by_action: [Vec<Binding>; Action::ALL.len()],
}

impl Bindings {
    /// No action bound to anything.
    pub fn none() -> Self {
        Self {
            by_action: std::array::from_fn(|_| Vec::new()),
        }
    }

    /// The inputs bound to `action`, in the order the file lists them.
    pub fn get(&self, action: Action) -> &[Binding] {
        &self.by_action[action as usize]
    }

    /// Binds `action` to exactly `bindings` (none unbinds it); a repeat of
    /// an input is dropped.
    pub fn set(&mut self, action: Action, bindings: impl IntoIterator<Item = Binding>) {
        let list = &mut self.by_action[action as usize];
        list.clear();
        for b in bindings {
            if !list.contains(&b) {
                list.push(b);
            }
        }
    }

    /// Every action `binding` triggers, in [`Action::ALL`] order.
    pub fn actions(&self, binding: &Binding) -> impl Iterator<Item = Action> + '_ {
        let binding = *binding;
        Action::ALL
            .into_iter()
            .filter(move |&a| self.get(a).contains(&binding))
    }
}

impl Default for Bindings {
    /// The game's keys: WASD and the arrows, Alt to strafe with the arrows,
    /// F-keys for the feel tools, a gamepad's pad and face buttons, and a
    /// study's answers.
    fn default() -> Self {
        use Binding::{Key, Mouse, PadButton as Pad};
        use PadButton::*;
        let mut b = Bindings::none();
        b.set(Action::Forward, [Key("KeyW"), Key("ArrowUp"), Pad(DPadUp)]);
        b.set(Action::Back, [Key("KeyS"), Key("ArrowDown"), Pad(DPadDown)]);
        b.set(Action::StrafeLeft, [Key("KeyA")]);
        b.set(Action::StrafeRight, [Key("KeyD")]);
        b.set(Action::TurnLeft, [Key("ArrowLeft"), Pad(DPadLeft)]);
        b.set(Action::TurnRight, [Key("ArrowRight"), Pad(DPadRight)]);
        b.set(Action::StrafeModifier, [Key("AltLeft"), Key("AltRight")]);
        // Clicking the left stick runs on foot; in flight it levels.
        b.set(
            Action::Run,
            [Key("ShiftLeft"), Key("ShiftRight"), Pad(LeftThumb)],
        );
        b.set(
            Action::Fire,
            [
                Key("ControlLeft"),
                Key("ControlRight"),
                Mouse(MouseButton::Left),
                Mouse(MouseButton::Right),
                Pad(RightTrigger),
                Pad(RightBumper),
            ],
        );
        // In flight, Lander's buttons: left thrust (not fire: an input bound
        // to a jetpack button does not fire in flight), middle hover, right
        // fire. On foot the left button fires, as in other shooters.
        // The number keys choose a weapon, the wheel steps through them;
        // on a pad the logo button steps (every other button is taken).
        for (i, a) in [
            Action::Weapon1,
            Action::Weapon2,
            Action::Weapon3,
            Action::Weapon4,
        ]
        .into_iter()
        .enumerate()
        {
            b.set(a, [Key(["Digit1", "Digit2", "Digit3", "Digit4"][i])]);
        }
        b.set(Action::NextWeapon, [Binding::Wheel(Wheel::Up), Pad(Mode)]);
        b.set(Action::PreviousWeapon, [Binding::Wheel(Wheel::Down)]);
        b.set(Action::Use, [Key("Space"), Pad(West)]);
        b.set(Action::Jetpack, [Key("KeyJ"), Pad(South)]);
        b.set(
            Action::Thrust,
            [Key("KeyE"), Mouse(MouseButton::Left), Pad(RightTrigger)],
        );
        b.set(
            Action::Hover,
            [Key("KeyQ"), Mouse(MouseButton::Middle), Pad(LeftTrigger)],
        );
        b.set(Action::Brake, [Key("KeyR"), Pad(East)]);
        b.set(Action::Level, [Key("KeyC"), Pad(LeftThumb)]);
        b.set(Action::Restart, [Key("Enter"), Key("NumpadEnter")]);
        b.set(Action::Steering, [Key("F4")]);
        b.set(Action::PacingOverlay, [Key("F6")]);
        b.set(Action::Pause, [Key("KeyP"), Pad(Start)]);
        b.set(Action::Help, [Key("F1"), Pad(Select)]);
        b.set(Action::Minimap, [Key("Tab"), Pad(RightThumb)]);
        b.set(Action::Readout, [Key("F10")]);
        b.set(Action::Fullscreen, [Key("F11")]);
        b.set(Action::NextModel, [Key("F3"), Pad(North)]);
        b.set(Action::NextCoupling, [Key("F2"), Pad(LeftBumper)]);
        b.set(Action::Record, [Key("F9")]);
        b.set(Action::QuickSave, [Key("F7")]);
        b.set(Action::QuickLoad, [Key("F8")]);
        b.set(Action::Reload, [Key("F5")]);
        b.set(Action::Quit, [Key("Escape")]);
        // A study's questions take these first while one is open, so they
        // may share inputs with play (the pad's D-pad walks and answers).
        b.set(
            Action::AnswerUp,
            [Key("PageUp"), Key("NumpadAdd"), Key("ArrowUp"), Pad(DPadUp)],
        );
        b.set(
            Action::AnswerDown,
            [
                Key("PageDown"),
                Key("NumpadSubtract"),
                Key("ArrowDown"),
                Pad(DPadDown),
            ],
        );
        b.set(
            Action::Answer,
            [Key("Enter"), Key("NumpadEnter"), Pad(South)],
        );
        b.set(Action::StopCondition, [Key("Backspace"), Pad(Select)]);
        b
    }
}

#[cfg(test)]
#[path = "bindings_tests.rs"]
mod tests;
