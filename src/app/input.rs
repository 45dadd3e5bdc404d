//! Keyboard to [`Controls`]: which held keys push which way, and which
//! presses are commands to the window rather than to the player.

use crate::sim::Controls;
use std::collections::HashSet;
use winit::keyboard::KeyCode;

/// The keys held down now, by physical position, so WASD sits under the
/// same fingers on any layout.
pub(super) type HeldKeys = HashSet<KeyCode>;

/// One axis of [`Controls`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum Axis {
    Forward,
    Right,
    Turn,
}

/// A key press meant for the window, not the player.
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
}

/// The controls the `held` keys ask for: each key adds its push to its
/// axis, and each axis is then clamped to -1..1, so W with Up is still 1.
pub(super) fn controls(held: &HeldKeys) -> Controls {
    let strafing = alt_held(held);
    let mut c = Controls::default();
    for &key in held {
        if let Some((axis, push)) = binding(key, strafing) {
            match axis {
                Axis::Forward => c.forward += push,
                Axis::Right => c.right += push,
                Axis::Turn => c.turn += push,
            }
        }
    }
    c.clamped()
}

/// True while either Alt key is down.
pub(super) fn alt_held(held: &HeldKeys) -> bool {
    held.contains(&KeyCode::AltLeft) || held.contains(&KeyCode::AltRight)
}

/// The axis `key` pushes and which way. With Alt held (`strafing`) the
/// arrows strafe instead of turning, as in Wolfenstein 3D.
fn binding(key: KeyCode, strafing: bool) -> Option<(Axis, f32)> {
    let arrows = if strafing { Axis::Right } else { Axis::Turn };
    match key {
        KeyCode::ArrowUp | KeyCode::KeyW => Some((Axis::Forward, 1.0)),
        KeyCode::ArrowDown | KeyCode::KeyS => Some((Axis::Forward, -1.0)),
        KeyCode::KeyA => Some((Axis::Right, -1.0)),
        KeyCode::KeyD => Some((Axis::Right, 1.0)),
        KeyCode::ArrowLeft => Some((arrows, -1.0)),
        KeyCode::ArrowRight => Some((arrows, 1.0)),
        _ => None,
    }
}

/// The command a fresh press of `key` gives, if any. Tab with Alt held is
/// the desktop's window switcher, not a minimap toggle.
pub(super) fn command(key: KeyCode, alt: bool) -> Option<Command> {
    match key {
        KeyCode::Escape => Some(Command::Quit),
        KeyCode::KeyP => Some(Command::TogglePause),
        KeyCode::Tab if !alt => Some(Command::ToggleMinimap),
        KeyCode::F11 => Some(Command::ToggleFullscreen),
        KeyCode::F2 => Some(Command::CycleCoupling),
        KeyCode::F3 => Some(Command::CycleModel),
        KeyCode::F1 => Some(Command::ToggleHelp),
        KeyCode::F9 => Some(Command::ToggleRecording),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use KeyCode::*;

    fn held(keys: &[KeyCode]) -> Controls {
        controls(&keys.iter().copied().collect())
    }

    fn c(forward: f32, right: f32, turn: f32) -> Controls {
        Controls {
            forward,
            right,
            turn,
            action: None,
        }
    }

    #[test]
    fn nothing_held_is_no_push() {
        assert_eq!(held(&[]), Controls::default());
    }

    #[test]
    fn each_key_pushes_its_axis() {
        assert_eq!(held(&[KeyW]), c(1.0, 0.0, 0.0));
        assert_eq!(held(&[ArrowUp]), c(1.0, 0.0, 0.0));
        assert_eq!(held(&[KeyS]), c(-1.0, 0.0, 0.0));
        assert_eq!(held(&[ArrowDown]), c(-1.0, 0.0, 0.0));
        assert_eq!(held(&[KeyA]), c(0.0, -1.0, 0.0));
        assert_eq!(held(&[KeyD]), c(0.0, 1.0, 0.0));
        assert_eq!(held(&[ArrowLeft]), c(0.0, 0.0, -1.0));
        assert_eq!(held(&[ArrowRight]), c(0.0, 0.0, 1.0));
    }

    #[test]
    fn keys_on_one_axis_sum_then_clamp() {
        assert_eq!(held(&[KeyW, ArrowUp]), c(1.0, 0.0, 0.0));
        assert_eq!(held(&[KeyW, KeyS]), c(0.0, 0.0, 0.0));
        // Summed before clamping: two keys forward outweigh one back.
        assert_eq!(held(&[KeyW, ArrowUp, KeyS]), c(1.0, 0.0, 0.0));
        assert_eq!(held(&[KeyW, ArrowUp, KeyS, ArrowDown]), c(0.0, 0.0, 0.0));
        assert_eq!(held(&[KeyA, KeyD]), c(0.0, 0.0, 0.0));
    }

    #[test]
    fn axes_combine() {
        assert_eq!(held(&[KeyW, KeyD, ArrowLeft]), c(1.0, 1.0, -1.0));
    }

    #[test]
    fn alt_makes_the_arrows_strafe() {
        assert_eq!(held(&[AltLeft, ArrowLeft]), c(0.0, -1.0, 0.0));
        assert_eq!(held(&[AltRight, ArrowRight]), c(0.0, 1.0, 0.0));
        assert_eq!(held(&[AltLeft, ArrowLeft, KeyA]), c(0.0, -1.0, 0.0));
        assert_eq!(held(&[AltLeft, ArrowLeft, KeyD]), c(0.0, 0.0, 0.0));
    }

    #[test]
    fn alt_alone_or_with_other_keys_changes_nothing_else() {
        assert_eq!(held(&[AltLeft]), Controls::default());
        assert_eq!(held(&[AltLeft, KeyW, KeyD]), c(1.0, 1.0, 0.0));
    }

    #[test]
    fn unbound_keys_are_ignored() {
        assert_eq!(held(&[KeyQ, Space, ShiftLeft]), Controls::default());
    }

    #[test]
    fn commands() {
        assert_eq!(command(Escape, false), Some(Command::Quit));
        assert_eq!(command(KeyP, false), Some(Command::TogglePause));
        assert_eq!(command(Tab, false), Some(Command::ToggleMinimap));
        assert_eq!(command(F11, false), Some(Command::ToggleFullscreen));
        assert_eq!(command(F2, false), Some(Command::CycleCoupling));
        assert_eq!(command(F3, false), Some(Command::CycleModel));
        assert_eq!(command(F9, false), Some(Command::ToggleRecording));
        assert_eq!(command(KeyW, false), None);
    }

    #[test]
    fn alt_tab_is_not_the_minimap() {
        assert_eq!(command(Tab, true), None);
        assert_eq!(command(Escape, true), Some(Command::Quit));
    }
}
