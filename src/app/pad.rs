//! Gamepads through gilrs: hot-plugged, the one used last active, read
//! every frame (a stick held still keeps moving the player), and released
//! when it goes away.

use super::input::{button_index, PadState};
use crate::settings::PadButton;
use gilrs::{Axis, Button, EventType, GamepadId, Gilrs, GilrsBuilder};

/// A stick moved further than this from the centre makes its pad the
/// active one (so a resting pad's drift does not steal it).
const ACTIVATE: f32 = 0.3;

/// What changed with the pads during a poll, for the HUD.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PadNews {
    /// A pad was plugged in (its name).
    Connected(String),
    /// The active pad went away; its inputs are released.
    Disconnected(String),
}

/// The gamepads, or why there are none.
pub(super) struct Pads {
    gilrs: Option<Gilrs>,
    active: Option<GamepadId>,
}

impl Pads {
    /// Starts gilrs; without it (no udev, a sandbox) the game runs on
    /// keyboard and mouse, and the returned warning says so once.
    pub fn start() -> (Self, Option<String>) {
        // No filters: the game applies its own radial deadzone to raw sticks.
        match GilrsBuilder::new().with_default_filters(false).build() {
            Ok(gilrs) => {
                // A pad already plugged in is ready without a touch.
                let active = gilrs.gamepads().next().map(|(id, _)| id);
                let pads = Self {
                    gilrs: Some(gilrs),
                    active,
                };
                (pads, None)
            }
            Err(e) => {
                let warning = format!(
                    "gamepads are off ({e}); the game runs on keyboard and mouse. On Linux \
                     gamepads need udev and read access to /dev/input/event*."
                );
                (
                    Self {
                        gilrs: None,
                        active: None,
                    },
                    Some(warning),
                )
            }
        }
    }

    /// Handles every pad event since the last poll and returns the active
    /// pad's state now (all zero with none), with what changed.
    pub fn poll(&mut self) -> (PadState, Vec<PadNews>) {
        let mut news = Vec::new();
        let Some(gilrs) = &mut self.gilrs else {
            return (PadState::default(), news);
        };
        while let Some(event) = gilrs.next_event() {
            let name = || gilrs.gamepad(event.id).name().to_string();
            match event.event {
                EventType::Connected => {
                    news.push(PadNews::Connected(name()));
                    self.active.get_or_insert(event.id);
                }
                EventType::Disconnected if self.active == Some(event.id) => {
                    news.push(PadNews::Disconnected(name()));
                    // Another pad still plugged in takes over.
                    self.active = gilrs
                        .gamepads()
                        .map(|(id, _)| id)
                        .find(|&id| id != event.id);
                }
                EventType::ButtonPressed(..) => self.active = Some(event.id),
                EventType::AxisChanged(_, v, _) if v.abs() > ACTIVATE => {
                    self.active = Some(event.id);
                }
                _ => {}
            }
        }
        let state = self
            .active
            .and_then(|id| gilrs.connected_gamepad(id))
            .map(|pad| {
                let mut s = PadState {
                    left: [pad.value(Axis::LeftStickX), pad.value(Axis::LeftStickY)],
                    right: [pad.value(Axis::RightStickX), pad.value(Axis::RightStickY)],
                    ..PadState::default()
                };
                for (button, ours) in BUTTONS {
                    s.buttons[button_index(ours)] = pad.is_pressed(button);
                }
                s
            })
            .unwrap_or_default();
        (state, news)
    }
}

/// gilrs's buttons and ours. gilrs calls the bumpers triggers and the
/// triggers `Trigger2`.
const BUTTONS: [(Button, PadButton); 17] = [
    (Button::South, PadButton::South),
    (Button::East, PadButton::East),
    (Button::North, PadButton::North),
    (Button::West, PadButton::West),
    (Button::LeftTrigger, PadButton::LeftBumper),
    (Button::RightTrigger, PadButton::RightBumper),
    (Button::LeftTrigger2, PadButton::LeftTrigger),
    (Button::RightTrigger2, PadButton::RightTrigger),
    (Button::Select, PadButton::Select),
    (Button::Start, PadButton::Start),
    (Button::Mode, PadButton::Mode),
    (Button::LeftThumb, PadButton::LeftThumb),
    (Button::RightThumb, PadButton::RightThumb),
    (Button::DPadUp, PadButton::DPadUp),
    (Button::DPadDown, PadButton::DPadDown),
    (Button::DPadLeft, PadButton::DPadLeft),
    (Button::DPadRight, PadButton::DPadRight),
];
