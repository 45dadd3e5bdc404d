//! Keyboard, mouse and gamepad to [`Controls`], through the bindings of the
//! settings: which held inputs push which way, what the sticks do, and
//! which presses are commands to the window rather than to the player.
//!
//! Everything here but [`key_binding`] is free of the platform, so the
//! input snapshots test headless.

use crate::map::Weapon;
use crate::settings::{Action, Binding, Bindings, InputSettings, PadAxis, PadButton, Sign};
use crate::sim::{Controls, Model, Select};
use std::collections::HashSet;
use winit::keyboard::KeyCode;

/// A stick direction bound like a button counts as pressed past this.
const AXIS_PRESS: f32 = 0.5;
/// How fast a held movement key moves the jetpack's virtual pointer, in
/// pointer ranges (centre to edge) per second.
pub(super) const KEY_POINTER_RATE: f64 = 0.8;
/// Mouse counts that move the virtual pointer from its centre to its edge.
pub(super) const MOUSE_POINTER_COUNTS: f64 = 400.0;

/// A press meant for the window, not the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Command {
    /// Quit the game.
    Quit,
    /// Stop or resume the simulation.
    TogglePause,
    /// Show or hide the minimap.
    ToggleMinimap,
    /// Switch between a window and borderless fullscreen.
    ToggleFullscreen,
    /// Switch to the next walking model.
    CycleModel,
    /// Switch to the next camera coupling.
    CycleCoupling,
    /// Show or hide the help overlay.
    ToggleHelp,
    /// Start recording to a new file, or stop and save the recording.
    ToggleRecording,
    /// Read the settings file and the map again now.
    Reload,
    /// Save the game to the quick slot (asking first if it is in use).
    QuickSave,
    /// Load the game in the quick slot.
    QuickLoad,
    /// Start the map again.
    Restart,
    /// Show or hide the enemies' steering overlay.
    ToggleSteering,
    /// Show or hide the lab readout.
    ToggleReadout,
    /// Show or hide the frame pacing graph.
    TogglePacing,
    /// Switch the jetpack on or off.
    ToggleJetpack,
    /// Open or shut the door in front.
    Use,
    /// Put the jetpack's pointer back at its centre.
    Level,
    /// Choose a weapon (a number key, the wheel).
    Weapon(Select),
}

impl Command {
    /// The command a fresh press of `action` gives; None for the actions
    /// that are held (movement).
    fn of(action: Action) -> Option<Self> {
        Some(match action {
            Action::Quit => Self::Quit,
            Action::Pause => Self::TogglePause,
            Action::Minimap => Self::ToggleMinimap,
            Action::Fullscreen => Self::ToggleFullscreen,
            Action::NextModel => Self::CycleModel,
            Action::NextCoupling => Self::CycleCoupling,
            Action::Help => Self::ToggleHelp,
            Action::Record => Self::ToggleRecording,
            Action::Reload => Self::Reload,
            Action::QuickSave => Self::QuickSave,
            Action::QuickLoad => Self::QuickLoad,
            Action::Restart => Self::Restart,
            Action::Steering => Self::ToggleSteering,
            Action::Readout => Self::ToggleReadout,
            Action::PacingOverlay => Self::TogglePacing,
            Action::Jetpack => Self::ToggleJetpack,
            Action::Use => Self::Use,
            Action::Level => Self::Level,
            Action::Weapon1 => Self::Weapon(Select::Slot(Weapon::Knife)),
            Action::Weapon2 => Self::Weapon(Select::Slot(Weapon::Pistol)),
            Action::Weapon3 => Self::Weapon(Select::Slot(Weapon::MachineGun)),
            Action::Weapon4 => Self::Weapon(Select::Slot(Weapon::ChainGun)),
            Action::NextWeapon => Self::Weapon(Select::Next),
            Action::PreviousWeapon => Self::Weapon(Select::Previous),
            Action::Forward
            | Action::Back
            | Action::StrafeLeft
            | Action::StrafeRight
            | Action::TurnLeft
            | Action::TurnRight
            | Action::StrafeModifier
            | Action::Run
            | Action::Fire
            | Action::Thrust
            | Action::Hover
            | Action::Brake
            // A study's inputs go to the study (`Game::study_press`).
            | Action::AnswerUp
            | Action::AnswerDown
            | Action::Answer
            | Action::StopCondition => return None,
        })
    }
}

/// The active gamepad's state, read every frame: sticks (x right, y up,
/// each -1 to 1, raw) and the buttons held. All zero with no pad.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct PadState {
    /// Left stick.
    pub left: [f32; 2],
    /// Right stick.
    pub right: [f32; 2],
    /// Buttons held, by [`button_index`].
    pub buttons: [bool; PAD_BUTTONS],
}

/// How many pad buttons there are.
pub(super) const PAD_BUTTONS: usize = PadButton::ALL.len();

/// A pad button's place in [`PadState::buttons`]: its place in
/// [`PadButton::ALL`] (a test checks they agree).
pub(super) fn button_index(b: PadButton) -> usize {
    match b {
        PadButton::South => 0,
        PadButton::East => 1,
        PadButton::North => 2,
        PadButton::West => 3,
        PadButton::LeftBumper => 4,
        PadButton::RightBumper => 5,
        PadButton::LeftTrigger => 6,
        PadButton::RightTrigger => 7,
        PadButton::Select => 8,
        PadButton::Start => 9,
        PadButton::Mode => 10,
        PadButton::LeftThumb => 11,
        PadButton::RightThumb => 12,
        PadButton::DPadUp => 13,
        PadButton::DPadDown => 14,
        PadButton::DPadLeft => 15,
        PadButton::DPadRight => 16,
    }
}

impl PadState {
    /// True while `binding` (a pad button, or a stick pushed past half way
    /// in a direction) is held on this pad.
    fn holds(&self, binding: &Binding) -> bool {
        match *binding {
            Binding::PadButton(b) => self.buttons[button_index(b)],
            Binding::PadAxis(axis, sign) => {
                let v = match axis {
                    PadAxis::LeftStickX => self.left[0],
                    PadAxis::LeftStickY => self.left[1],
                    PadAxis::RightStickX => self.right[0],
                    PadAxis::RightStickY => self.right[1],
                };
                match sign {
                    Sign::Plus => v > AXIS_PRESS,
                    Sign::Minus => v < -AXIS_PRESS,
                }
            }
            Binding::Key(_) | Binding::Mouse(_) | Binding::Wheel(_) => false,
        }
    }

    /// Every pad binding held on this pad.
    fn held(&self) -> impl Iterator<Item = Binding> + '_ {
        let buttons = PadButton::ALL.iter().map(|&b| Binding::PadButton(b));
        let axes = [
            PadAxis::LeftStickX,
            PadAxis::LeftStickY,
            PadAxis::RightStickX,
            PadAxis::RightStickY,
        ]
        .into_iter()
        .flat_map(|a| [Sign::Plus, Sign::Minus].map(|s| Binding::PadAxis(a, s)));
        buttons.chain(axes).filter(|b| self.holds(b))
    }
}

/// Everything the player holds now: keys and mouse buttons (by their
/// bindings), the active pad, mouse motion not yet used, and the
/// jetpack's virtual pointer.
#[derive(Clone, Debug, Default)]
pub(super) struct Inputs {
    held: HashSet<Binding>,
    pad: PadState,
    mouse_dx: f64,
    mouse_dy: f64,
    /// The virtual pointer's offset from its centre, x right and y
    /// forward, within the unit circle: moved by the movement keys and the
    /// mouse in flight (Lander's mouse, with the cursor grabbed).
    pointer: [f64; 2],
}

impl Inputs {
    /// Notes a key or mouse button as held; true if it was not already
    /// (a fresh press, not a repeat).
    pub fn press(&mut self, binding: Binding) -> bool {
        self.held.insert(binding)
    }

    /// Notes a key or mouse button as let go.
    pub fn release(&mut self, binding: Binding) {
        self.held.remove(&binding);
    }

    /// Takes the active pad's state now; returns the pad bindings pressed
    /// since the last state (fresh presses, for commands).
    pub fn set_pad(&mut self, pad: PadState) -> Vec<Binding> {
        let before = self.pad;
        self.pad = pad;
        pad.held().filter(|b| !before.holds(b)).collect()
    }

    /// Adds mouse motion, in counts (positive to the right and down).
    pub fn add_mouse(&mut self, dx: f64, dy: f64) {
        self.mouse_dx += dx;
        self.mouse_dy += dy;
    }

    /// Puts the virtual pointer back at its centre (take-off, level).
    pub fn centre_pointer(&mut self) {
        self.pointer = [0.0, 0.0];
    }

    /// Moves the virtual pointer for one tick of `dt` seconds in flight:
    /// the movement keys push it at [`KEY_POINTER_RATE`] (the turn keys too
    /// while the strafe modifier is held), and the mouse motion so far is
    /// used up (away from you is forward). It stays where it is left, as
    /// Lander's mouse does, inside the unit circle.
    pub fn steer_pointer(&mut self, bindings: &Bindings, dt: f64) {
        let held = |a| f64::from(u8::from(self.action_held(bindings, a)));
        let mut x = held(Action::StrafeRight) - held(Action::StrafeLeft);
        if self.action_held(bindings, Action::StrafeModifier) {
            x += held(Action::TurnRight) - held(Action::TurnLeft);
        }
        let y = held(Action::Forward) - held(Action::Back);
        let (dx, dy) = (
            std::mem::take(&mut self.mouse_dx),
            std::mem::take(&mut self.mouse_dy),
        );
        let p = [
            self.pointer[0]
                + x.clamp(-1.0, 1.0) * KEY_POINTER_RATE * dt
                + dx / MOUSE_POINTER_COUNTS,
            self.pointer[1] + y * KEY_POINTER_RATE * dt - dy / MOUSE_POINTER_COUNTS,
        ];
        let m = p[0].hypot(p[1]);
        self.pointer = if m > 1.0 { [p[0] / m, p[1] / m] } else { p };
    }

    /// The pointer the flier reads: the virtual pointer plus the left
    /// stick's offset (radial deadzone), inside the unit circle.
    fn flight_pointer(&self, settings: &InputSettings) -> [f32; 2] {
        let [sx, sy] = radial_deadzone(self.pad.left, settings.deadzone);
        let p = [
            self.pointer[0] + f64::from(sx),
            self.pointer[1] + f64::from(sy),
        ];
        let m = p[0].hypot(p[1]).max(1.0);
        [(p[0] / m) as f32, (p[1] / m) as f32]
    }

    /// Lets go of everything: the window lost focus and will not hear the
    /// releases, or the pad went away.
    pub fn release_all(&mut self) {
        self.held.clear();
        self.pad = PadState::default();
        self.mouse_dx = 0.0;
        self.mouse_dy = 0.0;
    }

    /// True while `binding` is held, by whichever device it names.
    pub fn holds(&self, binding: &Binding) -> bool {
        self.held.contains(binding) || self.pad.holds(binding)
    }

    /// True while any binding of `action` is held.
    pub fn action_held(&self, bindings: &Bindings, action: Action) -> bool {
        bindings.get(action).iter().any(|b| self.holds(b))
    }

    /// The controls everything held asks for: each held movement action
    /// adds its push, the left stick adds its offset (radial deadzone,
    /// rescaled), the right stick's x turns through the response curve;
    /// each axis is then clamped to -1..1. While the strafe modifier is
    /// held, the turn actions strafe instead, as Alt does in Wolfenstein 3D.
    ///
    /// `flying`: the movement actions and the left stick steer the pointer
    /// instead of the feet, the jetpack's buttons count, and an input bound
    /// both to fire and to a jetpack button (the right trigger) thrusts
    /// without firing.
    pub fn controls(
        &self,
        bindings: &Bindings,
        settings: &InputSettings,
        flying: bool,
    ) -> Controls {
        let held = |a| self.action_held(bindings, a);
        let axis = |plus, minus| f32::from(u8::from(held(plus))) - f32::from(u8::from(held(minus)));
        let strafing = held(Action::StrafeModifier);
        let mut c = Controls::default();
        // The turn keys turn, or strafe while the modifier is held (in
        // flight: steer the pointer, in `steer_pointer`); the right stick
        // always turns.
        let turn_keys = axis(Action::TurnRight, Action::TurnLeft);
        if !strafing {
            c.turn = turn_keys;
        }
        c.turn += turn_curve(self.pad.right[0], settings.deadzone, settings.turn_curve);
        if flying {
            c.pointer = self.flight_pointer(settings);
            c.thrust = held(Action::Thrust);
            c.hover = held(Action::Hover);
            c.brake = held(Action::Brake);
            let jet = [Action::Thrust, Action::Hover, Action::Brake];
            c.fire = bindings
                .get(Action::Fire)
                .iter()
                .any(|b| self.holds(b) && !jet.iter().any(|&a| bindings.get(a).contains(b)));
            return c.clamped();
        }
        c.forward = axis(Action::Forward, Action::Back);
        c.right = axis(Action::StrafeRight, Action::StrafeLeft);
        if strafing {
            c.right += turn_keys;
        }
        let [x, y] = radial_deadzone(self.pad.left, settings.deadzone);
        c.forward += y;
        c.right += x;
        c.fire = held(Action::Fire);
        c.run = held(Action::Run);
        c.clamped()
    }

    /// Lets the mouse motion so far go unused (paused, or walking with
    /// mouse turning off).
    pub fn drop_mouse(&mut self) {
        self.mouse_dx = 0.0;
        self.mouse_dy = 0.0;
    }

    /// The heading turn, radians, that the mouse motion since the last call
    /// asks for when mouse turning is on and `model` takes it (the classic
    /// and quake models; the polar model is keys only); the motion is used
    /// up either way.
    pub fn take_look(&mut self, settings: &InputSettings, model: Model) -> f32 {
        let dx = std::mem::take(&mut self.mouse_dx);
        self.mouse_dy = 0.0;
        if !mouse_turns(settings, model) {
            return 0.0;
        }
        (dx * settings.mouse_sensitivity).to_radians() as f32
    }
}

/// True when the mouse turns the heading on foot: mouse turning is on and
/// `model` is one a mouse steers as in other shooters (classic, quake);
/// the polar model turns the wish heading by the keys only.
pub(super) fn mouse_turns(settings: &InputSettings, model: Model) -> bool {
    settings.mouse_turn && model != Model::Polar
}

/// The commands a fresh press of `binding` gives under `bindings`. Tab
/// with Alt held (`alt`) is the desktop's window switcher, not a command.
pub(super) fn commands(bindings: &Bindings, binding: &Binding, alt: bool) -> Vec<Command> {
    if alt && *binding == Binding::Key("Tab") {
        return Vec::new();
    }
    bindings.actions(binding).filter_map(Command::of).collect()
}

/// A stick offset with a radial deadzone: zero within `deadzone` of the
/// centre, then rescaled so the output starts at 0 at the deadzone's edge
/// and reaches 1 at full deflection, keeping the direction.
pub(super) fn radial_deadzone([x, y]: [f32; 2], deadzone: f32) -> [f32; 2] {
    let m = x.hypot(y);
    if !m.is_finite() || m <= deadzone {
        return [0.0, 0.0];
    }
    let scaled = ((m - deadzone) / (1.0 - deadzone)).min(1.0);
    [x / m * scaled, y / m * scaled]
}

/// One axis through the deadzone (rescaled as [`radial_deadzone`]) and the
/// response curve: sign(x) * |x'|^curve, so small deflections turn finely.
pub(super) fn turn_curve(x: f32, deadzone: f32, curve: f32) -> f32 {
    let [scaled, _] = radial_deadzone([x, 0.0], deadzone);
    scaled.signum() * scaled.abs().powf(curve)
}

/// The binding of a physical key, by its winit name ("KeyW", "ArrowUp");
/// None for the keys the settings cannot name.
pub(super) fn key_binding(code: KeyCode) -> Option<Binding> {
    let name = format!("{code:?}");
    crate::settings::KEY_NAMES
        .iter()
        .find(|n| **n == name)
        .map(|n| Binding::Key(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::MouseButton;

    fn key(name: &'static str) -> Binding {
        Binding::Key(name)
    }

    fn held(keys: &[&'static str]) -> Controls {
        let mut inputs = Inputs::default();
        for &k in keys {
            inputs.press(key(k));
        }
        inputs.controls(&Bindings::default(), &InputSettings::default(), false)
    }

    fn c(forward: f32, right: f32, turn: f32) -> Controls {
        Controls {
            forward,
            right,
            turn,
            ..Controls::default()
        }
    }

    fn pad(left: [f32; 2], right: [f32; 2]) -> PadState {
        PadState {
            left,
            right,
            ..PadState::default()
        }
    }

    #[test]
    fn keys_push_along_their_axes() {
        assert_eq!(held(&[]), c(0.0, 0.0, 0.0));
        assert_eq!(held(&["KeyW"]), c(1.0, 0.0, 0.0));
        assert_eq!(held(&["ArrowDown"]), c(-1.0, 0.0, 0.0));
        assert_eq!(held(&["KeyD", "KeyW"]), c(1.0, 1.0, 0.0));
        assert_eq!(held(&["ArrowLeft"]), c(0.0, 0.0, -1.0));
        assert_eq!(
            held(&["KeyW", "KeyS"]),
            c(0.0, 0.0, 0.0),
            "opposites cancel"
        );
        assert_eq!(
            held(&["KeyW", "ArrowUp"]),
            c(1.0, 0.0, 0.0),
            "one action once"
        );
    }

    #[test]
    fn alt_makes_the_arrows_strafe() {
        assert_eq!(held(&["AltLeft", "ArrowLeft"]), c(0.0, -1.0, 0.0));
        assert_eq!(held(&["AltRight", "ArrowRight"]), c(0.0, 1.0, 0.0));
        assert_eq!(
            held(&["AltLeft", "KeyD", "ArrowRight"]),
            c(0.0, 1.0, 0.0),
            "clamped"
        );
    }

    #[test]
    fn keyboard_and_pad_add_up_and_clamp() {
        let mut inputs = Inputs::default();
        inputs.press(key("KeyW"));
        inputs.set_pad(pad([1.0, 0.0], [0.0, 0.0]));
        let (b, s) = (Bindings::default(), InputSettings::default());
        assert_eq!(inputs.controls(&b, &s, false), c(1.0, 1.0, 0.0));
        inputs.set_pad(pad([0.0, 1.0], [0.0, 0.0]));
        assert_eq!(inputs.controls(&b, &s, false), c(1.0, 0.0, 0.0));
    }

    #[test]
    fn the_deadzone_is_radial_and_rescaled() {
        assert_eq!(radial_deadzone([0.1, 0.1], 0.15), [0.0, 0.0]);
        assert_eq!(radial_deadzone([0.15, 0.0], 0.15), [0.0, 0.0]);
        // Just past the edge the output starts from zero, not from 0.15.
        let [x, _] = radial_deadzone([0.16, 0.0], 0.15);
        assert!(x > 0.0 && x < 0.02, "{x}");
        // Full deflection is full output, in any direction.
        let [x, y] = radial_deadzone([0.6, 0.8], 0.15);
        assert!((x.hypot(y) - 1.0).abs() < 1e-6);
        assert!(
            (y.atan2(x) - 0.8f32.atan2(0.6)).abs() < 1e-6,
            "direction kept"
        );
        // A diagonal over the unit square is clamped to length 1.
        let [x, y] = radial_deadzone([1.0, 1.0], 0.15);
        assert!((x.hypot(y) - 1.0).abs() < 1e-6);
        assert_eq!(radial_deadzone([f32::NAN, 0.0], 0.15), [0.0, 0.0]);
    }

    #[test]
    fn the_stick_angle_becomes_the_push_angle() {
        // Stick up and to the right at 30 degrees from up: the push is 30
        // degrees right of the heading with the stick's strength.
        let (s, b) = (InputSettings::default(), Bindings::default());
        let angle = 30f32.to_radians();
        let mut inputs = Inputs::default();
        inputs.set_pad(pad([0.8 * angle.sin(), 0.8 * angle.cos()], [0.0, 0.0]));
        let controls = inputs.controls(&b, &s, false);
        let push = controls.right.atan2(controls.forward);
        assert!((push - angle).abs() < 1e-5, "{push}");
        let strength = controls.forward.hypot(controls.right);
        let expected = (0.8 - s.deadzone) / (1.0 - s.deadzone);
        assert!((strength - expected).abs() < 1e-5, "{strength}");
    }

    #[test]
    fn the_right_stick_turns_through_the_curve() {
        let mut inputs = Inputs::default();
        let (b, mut s) = (Bindings::default(), InputSettings::default());
        s.turn_curve = 2.0;
        s.deadzone = 0.0;
        inputs.set_pad(pad([0.0, 0.0], [0.5, 0.0]));
        assert!((inputs.controls(&b, &s, false).turn - 0.25).abs() < 1e-6);
        inputs.set_pad(pad([0.0, 0.0], [-1.0, 0.0]));
        assert_eq!(inputs.controls(&b, &s, false).turn, -1.0);
        s.turn_curve = 1.0;
        inputs.set_pad(pad([0.0, 0.0], [0.5, 0.0]));
        assert!((inputs.controls(&b, &s, false).turn - 0.5).abs() < 1e-6);
    }

    #[test]
    fn losing_focus_or_the_pad_releases_everything() {
        let mut inputs = Inputs::default();
        inputs.press(key("KeyW"));
        inputs.press(Binding::Mouse(MouseButton::Left));
        inputs.set_pad(pad([0.0, 1.0], [1.0, 0.0]));
        inputs.add_mouse(40.0, 0.0);
        inputs.release_all();
        let s = InputSettings {
            mouse_turn: true,
            ..InputSettings::default()
        };
        assert_eq!(
            inputs.controls(&Bindings::default(), &s, false),
            Controls::default()
        );
        assert_eq!(inputs.take_look(&s, Model::Classic), 0.0);
        // A pad that goes away reads as a pad at rest: nothing held.
        let mut inputs = Inputs::default();
        inputs.set_pad(pad([0.0, 1.0], [0.0, 0.0]));
        inputs.set_pad(PadState::default());
        let c = inputs.controls(&Bindings::default(), &s, false);
        assert_eq!(c, Controls::default());
    }

    #[test]
    fn pad_presses_are_fresh_once() {
        let mut inputs = Inputs::default();
        let mut start = PadState::default();
        start.buttons[button_index(PadButton::Start)] = true;
        assert_eq!(
            inputs.set_pad(start),
            [Binding::PadButton(PadButton::Start)]
        );
        assert_eq!(inputs.set_pad(start), [], "held, not pressed again");
        let cmds = commands(
            &Bindings::default(),
            &Binding::PadButton(PadButton::Start),
            false,
        );
        assert_eq!(cmds, [Command::TogglePause]);
        let stick = pad([0.0, 0.9], [0.0, 0.0]);
        let fresh = inputs.set_pad(stick);
        assert!(fresh.contains(&Binding::PadAxis(PadAxis::LeftStickY, Sign::Plus)));
    }

    #[test]
    fn the_mouse_turns_under_classic_and_quake_by_default_never_under_polar() {
        let mut inputs = Inputs::default();
        let mut s = InputSettings {
            mouse_sensitivity: 0.1,
            ..InputSettings::default()
        };
        inputs.add_mouse(100.0, 0.0);
        assert_eq!(inputs.take_look(&s, Model::Polar), 0.0, "keys only");
        assert_eq!(inputs.take_look(&s, Model::Classic), 0.0, "used up");
        for model in [Model::Classic, Model::Quake] {
            inputs.add_mouse(100.0, 0.0);
            inputs.add_mouse(-50.0, 0.0);
            let look = inputs.take_look(&s, model);
            assert!((look - 5f32.to_radians()).abs() < 1e-6, "{look}");
        }
        s.mouse_turn = false;
        inputs.add_mouse(100.0, 0.0);
        assert_eq!(inputs.take_look(&s, Model::Quake), 0.0, "turned off");
    }

    #[test]
    fn presses_map_to_commands() {
        let b = Bindings::default();
        let cmd = |name| commands(&b, &key(name), false);
        assert_eq!(cmd("Escape"), [Command::Quit]);
        assert_eq!(cmd("KeyP"), [Command::TogglePause]);
        assert_eq!(cmd("Tab"), [Command::ToggleMinimap]);
        assert_eq!(cmd("F11"), [Command::ToggleFullscreen]);
        assert_eq!(cmd("F2"), [Command::CycleCoupling]);
        assert_eq!(cmd("F3"), [Command::CycleModel]);
        assert_eq!(cmd("F1"), [Command::ToggleHelp]);
        assert_eq!(cmd("F5"), [Command::Reload]);
        assert_eq!(cmd("F9"), [Command::ToggleRecording]);
        assert_eq!(cmd("F7"), [Command::QuickSave]);
        assert_eq!(cmd("F8"), [Command::QuickLoad]);
        assert_eq!(cmd("KeyW"), [], "movement is held, not a command");
        assert_eq!(commands(&b, &key("Tab"), true), [], "Alt+Tab");
    }

    #[test]
    fn button_indices_follow_the_settings_order() {
        for (i, &b) in PadButton::ALL.iter().enumerate() {
            assert_eq!(button_index(b), i, "{b:?}");
        }
    }

    #[test]
    fn winit_keys_find_their_settings_names() {
        use KeyCode::*;
        let codes = [
            KeyW, ArrowUp, F1, F12, AltLeft, Tab, Escape, Space, Digit1, Numpad8,
        ];
        for code in codes {
            let name = format!("{code:?}");
            assert_eq!(
                key_binding(code),
                Some(Binding::Key(name.leak())),
                "{code:?}"
            );
        }
    }

    #[test]
    fn in_flight_the_movement_keys_and_the_mouse_steer_a_pointer_that_stays() {
        let b = Bindings::default();
        let s = InputSettings::default();
        let mut inputs = Inputs::default();
        inputs.press(key("KeyW"));
        for _ in 0..60 {
            inputs.steer_pointer(&b, 1.0 / 120.0);
        }
        let c = inputs.controls(&b, &s, true);
        assert!((c.pointer[1] - 0.4).abs() < 1e-6, "{:?}", c.pointer);
        assert_eq!((c.forward, c.right), (0.0, 0.0), "the feet do not move");
        inputs.release(key("KeyW"));
        inputs.steer_pointer(&b, 1.0 / 120.0);
        let kept = inputs.controls(&b, &s, true).pointer;
        assert_eq!(kept, c.pointer, "let go, the pointer stays");
        // Mouse: right and away from you.
        inputs.add_mouse(MOUSE_POINTER_COUNTS / 2.0, -MOUSE_POINTER_COUNTS / 10.0);
        inputs.steer_pointer(&b, 1.0 / 120.0);
        let p = inputs.controls(&b, &s, true).pointer;
        assert!(
            (p[0] - 0.5).abs() < 1e-6 && (p[1] - 0.5).abs() < 1e-6,
            "{p:?}"
        );
        // Far past the edge: held on the unit circle.
        inputs.add_mouse(10.0 * MOUSE_POINTER_COUNTS, 0.0);
        inputs.steer_pointer(&b, 1.0 / 120.0);
        let p = inputs.controls(&b, &s, true).pointer;
        assert!((f64::from(p[0]).hypot(f64::from(p[1])) - 1.0).abs() < 1e-6);
        inputs.centre_pointer();
        assert_eq!(inputs.controls(&b, &s, true).pointer, [0.0, 0.0]);
    }

    #[test]
    fn in_flight_the_turn_keys_turn_and_the_left_stick_is_the_pointer() {
        let b = Bindings::default();
        let s = InputSettings::default();
        let mut inputs = Inputs::default();
        inputs.press(key("ArrowLeft"));
        inputs.set_pad(pad([0.0, -1.0], [0.0, 0.0]));
        let c = inputs.controls(&b, &s, true);
        assert_eq!(c.turn, -1.0);
        assert_eq!(c.pointer, [0.0, -1.0], "stick back tilts back");
        // Alt makes the turn keys steer the pointer sideways instead.
        inputs.set_pad(PadState::default());
        inputs.press(key("AltLeft"));
        inputs.steer_pointer(&b, 0.5);
        let c = inputs.controls(&b, &s, true);
        assert_eq!(c.turn, 0.0);
        assert!(c.pointer[0] < 0.0);
    }

    #[test]
    fn the_right_trigger_fires_walking_and_thrusts_flying() {
        let b = Bindings::default();
        let s = InputSettings::default();
        let mut inputs = Inputs::default();
        let mut trigger = PadState::default();
        trigger.buttons[button_index(PadButton::RightTrigger)] = true;
        inputs.set_pad(trigger);
        let walking = inputs.controls(&b, &s, false);
        assert!(walking.fire && !walking.thrust);
        let flying = inputs.controls(&b, &s, true);
        assert!(flying.thrust && !flying.fire);
        // Lander's mouse: left thrust, middle hover, right fire.
        let mut inputs = Inputs::default();
        for m in [MouseButton::Left, MouseButton::Middle, MouseButton::Right] {
            inputs.press(Binding::Mouse(m));
        }
        let c = inputs.controls(&b, &s, true);
        assert!(c.thrust && c.hover && c.fire && !c.brake);
        inputs.press(key("KeyR"));
        assert!(inputs.controls(&b, &s, true).brake);
        inputs.release_all();
        assert_eq!(inputs.controls(&b, &s, true), Controls::default());
    }
}
