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
}

impl Default for ClassicTunables {
    fn default() -> Self {
        Self {
            speed: 5.6,
            back_share: 2.0 / 3.0,
        }
    }
}

/// The velocity (tiles per second, world frame) for a movement wish of
/// `forward` and `right` (each -1 to 1) along `heading` (radians).
pub fn velocity(heading: f64, forward: f64, right: f64, tun: &ClassicTunables) -> [f64; 2] {
    let along = if forward < 0.0 {
        forward * tun.speed * tun.back_share
    } else {
        forward * tun.speed
    };
    let across = right * tun.speed;
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
        let straight = velocity(0.3, 1.0, 0.0, &t);
        let diagonal = velocity(0.3, 1.0, 1.0, &t);
        let len = |v: [f64; 2]| v[0].hypot(v[1]);
        assert!((len(diagonal) / len(straight) - 2f64.sqrt()).abs() < 1e-12);
        assert!((len(velocity(0.3, -1.0, 0.0, &t)) - t.speed * 2.0 / 3.0).abs() < 1e-12);
        let r = velocity(0.0, 0.0, 1.0, &t);
        assert!(
            r[0].abs() < 1e-12 && (r[1] - t.speed).abs() < 1e-12,
            "right of east is south"
        );
    }
}
