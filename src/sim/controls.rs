//! The one value the simulation reads each tick.

use super::weapons::Select;
use super::{Coupling, Model};

/// A one-off request that changes how the world runs, applied at the start
/// of the tick that carries it (so recordings replay it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Switch the walking model, keeping the body's motion.
    SetModel(Model),
    /// Switch which way the camera looks.
    SetCoupling(Coupling),
    /// Start the map again: the player and every enemy back at their
    /// spawns, full health (Enter, after dying or at any time).
    Restart,
    /// Switch the jetpack on (take off from walking) or off (walk at once
    /// on the floor; in the air, the engines stop until touchdown).
    Jetpack,
    /// Open the door in front (Space), or shut it if it is open.
    Use,
}

/// The largest `look` a tick takes, radians: half a turn.
pub const MAX_LOOK: f32 = std::f32::consts::PI;

/// What the player asks for during one tick, from keyboard, mouse or
/// gamepad alike. A plain value: recording these is recording the game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Controls {
    /// Movement wish along the heading, -1 (back) to 1 (forward).
    pub forward: f32,
    /// Movement wish across the heading, -1 (strafe left) to 1 (strafe right).
    pub right: f32,
    /// Heading turn, -1 (full left) to 1 (full right), as a share of the
    /// heading speed.
    pub turn: f32,
    /// A turn of the heading this tick on top of `turn`, radians, positive
    /// to the right (mouse turning: an angle, not a rate).
    pub look: f32,
    /// True while the trigger is held: the weapon fires whenever it is
    /// ready (held fire repeats at the weapon's rate).
    pub fire: bool,
    /// True while the run key is held: the classic and quake models walk
    /// and turn faster, as their originals' run keys do (the polar model
    /// has no run: its top speed is its own).
    pub run: bool,
    /// Jetpack: full thrust held.
    pub thrust: bool,
    /// Jetpack: hover (a quarter of full thrust) held.
    pub hover: bool,
    /// Jetpack: the brake held (thrusters against the drift).
    pub brake: bool,
    /// Jetpack: the pointer's offset from its centre, each axis -1 to 1,
    /// x to the right and y forward. Its polar form sets the tilt.
    pub pointer: [f32; 2],
    /// A one-off request, if any, applied before this tick's movement.
    pub action: Option<Request>,
    /// A choice of weapon this tick (a number key or the wheel), if any;
    /// a world without weapons ignores it.
    pub weapon: Option<Select>,
}

impl Controls {
    /// The same controls with every field clamped into its range (`look`
    /// to at most [`MAX_LOOK`] either way), and NaN or infinity (which no
    /// device should send) read as zero.
    pub fn clamped(self) -> Self {
        let c = |v: f32, limit: f32| {
            if v.is_finite() {
                v.clamp(-limit, limit)
            } else {
                0.0
            }
        };
        Self {
            forward: c(self.forward, 1.0),
            right: c(self.right, 1.0),
            turn: c(self.turn, 1.0),
            look: c(self.look, MAX_LOOK),
            pointer: self.pointer.map(|v| c(v, 1.0)),
            ..self
        }
    }
}
