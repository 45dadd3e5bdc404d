//! The classic model: Wolfenstein 3D's walking (id Software, WL_AGENT.C).
//!
//! No velocity state: each tick the body moves straight by what the keys
//! ask. Forward and strafe are two separate moves, each limited on its own,
//! so the diagonal is sqrt(2) times faster than straight (article 000's fig 1).

/// Tunables of the classic model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassicTunables {
    /// Forward and strafe speed in tiles per second (Wolfenstein 3D walks
    /// at about 5.6 tiles/s).
    pub speed: f64,
    /// Backward speed as a share of forward (Wolfenstein 3D: 2/3).
    pub back_share: f64,
    /// How fast the turn keys turn, radians per second, walking
    /// (Wolfenstein 3D: 122.5 degrees per second).
    pub turn_speed: f64,
    /// Wolfenstein 3D's quirks (the `faithful` preset, the default): the
    /// heading turns in whole-degree steps, and the turn keys do nothing
    /// while strafing (the original's arrows strafe or turn, never both).
    /// Off (`modern`): smooth turning, turn and strafe at once.
    pub faithful: bool,
}

/// How much faster running is than walking, moving and turning alike
/// (WL_AGENT.C: RUNMOVE 70 against BASEMOVE 35).
pub const RUN_FACTOR: f64 = 2.0;

impl Default for ClassicTunables {
    fn default() -> Self {
        Self {
            speed: 5.6,
            back_share: 2.0 / 3.0,
            turn_speed: 122.5f64.to_radians(),
            faithful: true,
        }
    }
}

impl ClassicTunables {
    /// The turn speed, radians per second, running or not.
    pub fn turn(&self, run: bool) -> f64 {
        self.turn_speed * if run { RUN_FACTOR } else { 1.0 }
    }
}

/// A faithful turn: the heading turned by whole degrees only, `wanted`
/// (radians) added to the fraction `carry` (degrees) left from the ticks
/// before; returns the turn to make, radians, and the new carry.
pub fn whole_degrees(wanted: f64, carry: f64) -> (f64, f64) {
    let total = carry + wanted.to_degrees();
    let step = total.trunc();
    (step.to_radians(), total - step)
}

/// The velocity (tiles per second, world frame) for a movement wish of
/// `forward` and `right` (each -1 to 1) along `heading` (radians), running
/// or not.
pub fn velocity(
    heading: f64,
    forward: f64,
    right: f64,
    run: bool,
    tun: &ClassicTunables,
) -> [f64; 2] {
    let speed = tun.speed * if run { RUN_FACTOR } else { 1.0 };
    let along = if forward < 0.0 {
        forward * speed * tun.back_share
    } else {
        forward * speed
    };
    let across = right * speed;
    let (s, c) = heading.sin_cos();
    // Right of heading (c, s) is (-s, c): y grows south.
    [along * c - across * s, along * s + across * c]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_is_sqrt_two_faster_and_back_is_slower() {
        let t = ClassicTunables::default();
        let straight = velocity(0.3, 1.0, 0.0, false, &t);
        let diagonal = velocity(0.3, 1.0, 1.0, false, &t);
        let len = |v: [f64; 2]| v[0].hypot(v[1]);
        assert!((len(diagonal) / len(straight) - 2f64.sqrt()).abs() < 1e-12);
        assert!((len(velocity(0.3, -1.0, 0.0, false, &t)) - t.speed * 2.0 / 3.0).abs() < 1e-12);
        let r = velocity(0.0, 0.0, 1.0, false, &t);
        assert!(
            r[0].abs() < 1e-12 && (r[1] - t.speed).abs() < 1e-12,
            "right of east is south"
        );
    }

    #[test]
    fn running_doubles_the_walk_and_the_turn() {
        let t = ClassicTunables::default();
        let run = velocity(0.0, 1.0, 0.0, true, &t);
        assert!((run[0] - 11.2).abs() < 1e-12);
        assert!((t.turn(true).to_degrees() - 245.0).abs() < 1e-9);
        assert!((t.turn(false).to_degrees() - 122.5).abs() < 1e-9);
    }

    #[test]
    fn faithful_turns_go_in_whole_degrees_and_add_up() {
        // 122.5 deg/s at 120 Hz: 1.0208 degrees a tick.
        let per_tick = 122.5f64.to_radians() / 120.0;
        let (mut carry, mut turned) = (0.0, 0.0);
        for _ in 0..120 {
            let (step, left) = whole_degrees(per_tick, carry);
            let degrees = step.to_degrees();
            assert!((degrees - degrees.round()).abs() < 1e-9, "{degrees}");
            assert!((0.0..1.0).contains(&left));
            (carry, turned) = (left, turned + degrees);
        }
        assert_eq!(turned.round(), 122.0, "122.5 a second, the half carried");
        // Turning left carries a negative fraction.
        let (step, left) = whole_degrees(-1.5f64.to_radians(), 0.0);
        assert!((step.to_degrees() + 1.0).abs() < 1e-9 && (left + 0.5).abs() < 1e-9);
    }
}
