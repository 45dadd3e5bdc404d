//! Comfort mitigations a study can compare, as far as the simulation
//! decides them: snap turning (the turn keys and the stick turn the wish
//! heading in whole steps, each press one step) and the dynamic
//! field-of-view restrictor's level, eased from the camera's motion each
//! tick. What the restrictor leaves visible, its [`Aperture`], is worked
//! out here too, so that the renderer darkens exactly the field the feel
//! lab measures.
//!
//! The restrictor follows Fernandes & Feiner (2016): a soft-edged aperture
//! that narrows while the view moves and opens again when it stops. Here it
//! closes fully (to half the field of view, at strength 1) at a yaw rate of
//! [`FULL_TURN_DEG_S`], at the model's top speed, or at an acceleration of
//! [`FULL_ACCEL`]; it closes over [`CLOSE_S`] and opens over [`OPEN_S`]
//! (a rate limit, so a single jolt moves it little), and it is fully open,
//! drawing nothing, at rest.

use super::{Model, Tunables};
use crate::angle::wrap_signed;

/// The yaw rate at which the restrictor closes fully, degrees per second.
pub const FULL_TURN_DEG_S: f64 = 90.0;
/// The acceleration at which the restrictor closes fully, tiles per second
/// squared (20 m/s^2 at 2 m a tile).
pub const FULL_ACCEL: f64 = 10.0;
/// The time the restrictor takes from open to fully closed, seconds.
pub const CLOSE_S: f64 = 0.3;
/// The time it takes from fully closed to open, seconds: slower than it
/// closes, so that the field does not pump between steps.
pub const OPEN_S: f64 = 0.6;
/// The share of the field of view left at full strength and full motion.
pub const NARROWEST: f64 = 0.5;
/// Half the width of the aperture's soft edge, as a share of its radius:
/// the brightness falls from full to none between `1 - SOFT` and
/// `1 + SOFT` of the radius.
pub const SOFT: f64 = 0.15;
/// The smallest snap a setting allows, degrees (0 is smooth turning).
pub const MIN_SNAP_DEG: f64 = 15.0;

/// A fixed reference drawn still on the screen whatever the camera does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reference {
    /// Nothing (the default).
    #[default]
    None,
    /// A small dot at the centre of the view (a "virtual nose",
    /// Whittinghill et al. 2015).
    Dot,
    /// A rest frame: a thin border round the view and a bar across its
    /// foot, level whatever the horizon does (Cao et al.).
    Frame,
}

impl Reference {
    /// Every reference, in the order menus cycle them.
    pub const ALL: [Reference; 3] = [Reference::None, Reference::Dot, Reference::Frame];

    /// Its name in settings, recordings and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Reference::None => "none",
            Reference::Dot => "dot",
            Reference::Frame => "frame",
        }
    }

    /// The reference called `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The comfort options the simulation and the renderer read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComfortTunables {
    /// The restrictor's strength: 0 off, 1 full (the field narrows to
    /// [`NARROWEST`] of itself at full motion).
    pub vignette: f64,
    /// The fixed reference drawn on screen.
    pub reference: Reference,
    /// Snap turning: each press of a turn key turns the wish heading by
    /// this much at once, radians; 0 turns smoothly.
    pub snap_turn: f64,
    /// After a snap the view fades in from black over this long, seconds;
    /// 0 for none.
    pub snap_fade: f64,
    /// Head bob and view roll under every walking model, as a share of
    /// the model's own (its `head_bob`, `view_roll`): 0 none at all, 1
    /// each model's own (the default: Quake keeps its bob and roll).
    pub bob_and_roll: f64,
}

impl Default for ComfortTunables {
    /// Every option off, and each model's own bob and roll.
    fn default() -> Self {
        Self {
            vignette: 0.0,
            reference: Reference::None,
            snap_turn: 0.0,
            snap_fade: 0.0,
            bob_and_roll: 1.0,
        }
    }
}

/// What the turn keys did this tick under snap turning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnapState {
    /// The way the turn was held last tick: -1 left, 1 right, 0 neither.
    held: i8,
    /// Ticks since the last snap, saturating (`u32::MAX`: never).
    since: u32,
}

impl Default for SnapState {
    /// No snap yet (a derived default would say one this tick).
    fn default() -> Self {
        Self::new()
    }
}

impl SnapState {
    /// No turn held and no snap yet.
    pub fn new() -> Self {
        Self {
            held: 0,
            since: u32::MAX,
        }
    }

    /// Reads this tick's turn (-1 to 1, the keys or the stick past its
    /// deadzone): the snap to make, -1, 1 or 0. A snap is made when a
    /// turn starts or changes side, so holding a key snaps once.
    pub fn press(&mut self, turn: f32) -> i8 {
        let side = if turn > 0.0 {
            1
        } else if turn < 0.0 {
            -1
        } else {
            0
        };
        let snap = if side != 0 && side != self.held {
            side
        } else {
            0
        };
        self.held = side;
        self.since = if snap != 0 {
            0
        } else {
            self.since.saturating_add(1)
        };
        snap
    }

    /// True if a snap was made this tick.
    pub fn snapped(&self) -> bool {
        self.since == 0
    }

    /// Ticks since the last snap (`u32::MAX` if none).
    pub fn since(&self) -> u32 {
        self.since
    }
}

/// The restrictor's state: how closed it is, and the camera's motion at
/// the last tick, from which the next tick's turning and acceleration
/// are found.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Restrictor {
    /// How far the motion has closed it, 0 open to 1 fully (before the
    /// strength applies).
    level: f64,
    /// The camera's yaw and the velocity at the last tick, once there was
    /// one.
    last: Option<(f64, [f64; 2])>,
}

impl Restrictor {
    /// Eases the level one tick of `dt` seconds toward what the camera's
    /// motion asks: its yaw now, the velocity now (tiles per second) and
    /// the model's top speed. A view cut (`cut`: a snap of the view) is
    /// not turning: it does not close the restrictor.
    pub fn step(&mut self, yaw: f64, velocity: [f64; 2], top_speed: f64, cut: bool, dt: f64) {
        let mut target = (velocity[0].hypot(velocity[1]) / top_speed.max(1e-9)).min(1.0);
        if let Some((last_yaw, last_v)) = self.last {
            let turn = wrap_signed(yaw - last_yaw).abs() / dt;
            if !cut {
                target = target.max(turn.to_degrees() / FULL_TURN_DEG_S);
            }
            let accel = (velocity[0] - last_v[0]).hypot(velocity[1] - last_v[1]) / dt;
            target = target.max(accel / FULL_ACCEL);
        }
        let target = target.min(1.0);
        self.level = if target > self.level {
            (self.level + dt / CLOSE_S).min(target)
        } else {
            (self.level - dt / OPEN_S).max(target)
        };
        self.last = Some((yaw, velocity));
    }

    /// A restrictor closed to `level` (0 open to 1 fully), with no motion
    /// seen yet.
    pub fn at(level: f64) -> Self {
        Self {
            level: level.clamp(0.0, 1.0),
            last: None,
        }
    }

    /// How far the motion has closed it, 0 open to 1 fully.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// Forgets the motion (a restart): open, nothing to compare with.
    pub fn reset(&mut self) {
        *self = Self::default();
    }
}

/// The top speed the restrictor measures speed against, tiles per second:
/// the walking model's own (the polar model's for flight).
pub fn top_speed(t: &Tunables) -> f64 {
    match t.model {
        Model::Polar => t.polar.max_speed,
        Model::Classic => t.classic.speed,
        Model::Quake => t.quake.max_speed,
    }
}

/// The restrictor's aperture: an ellipse of the frame's shape, centred,
/// bright inside and dark outside with a soft edge. Its radius is
/// measured in half-widths across and half-heights down, so the same
/// aperture suits every frame size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aperture {
    /// The radius at which the brightness is half, in half-widths
    /// (across) and half-heights (down).
    pub radius: f64,
}

impl Aperture {
    /// The aperture of a restrictor of strength `vignette` closed to
    /// `level`, in a view `fov` radians wide. Open (level or strength 0),
    /// its inner edge passes through the frame's corners, darkening
    /// nothing; fully closed at strength 1, its half-brightness edge
    /// leaves [`NARROWEST`] of the field of view across. Between, the
    /// radius moves in proportion.
    pub fn of(vignette: f64, level: f64, fov: f64) -> Self {
        let open = std::f64::consts::SQRT_2 / (1.0 - SOFT);
        let half = fov / 2.0;
        let narrowest = (half * NARROWEST).tan() / half.tan();
        let closed = (vignette * level).clamp(0.0, 1.0);
        Self {
            radius: open + (narrowest - open) * closed,
        }
    }

    /// True if the aperture darkens no pixel (its inner edge lies past the
    /// frame's corners).
    pub fn is_open(&self) -> bool {
        self.radius * (1.0 - SOFT) >= std::f64::consts::SQRT_2
    }

    /// The field of view left visible across, radians, for a view `fov`
    /// wide: out to the half-brightness edge, or the frame's edge if the
    /// aperture reaches past it.
    pub fn visible_fov(&self, fov: f64) -> f64 {
        2.0 * (self.radius.min(1.0) * (fov / 2.0).tan()).atan()
    }

    /// The brightness kept at `rho` (the distance from the centre in
    /// radii of the ellipse): 1 inside the soft edge, 0 outside it, and a
    /// smooth step between.
    pub fn keep(rho: f64) -> f64 {
        let t = ((1.0 + SOFT - rho) / (2.0 * SOFT)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    }
}

/// The brightness kept this tick by a fade of `fade` seconds after a snap
/// made `since` ticks ago, each `dt` seconds: 0 at the snap, rising
/// evenly to 1.
pub fn fade_keep(fade: f64, since: u32, dt: f64) -> f64 {
    if fade <= 0.0 || since == u32::MAX {
        return 1.0;
    }
    (f64::from(since) * dt / fade).min(1.0)
}

impl SnapState {
    /// Visits the turn held and the ticks since the last snap, for a save
    /// ([`crate::snapshot`]).
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        let mut held = i32::from(self.held);
        v.i32(&mut held);
        self.held = match i8::try_from(held) {
            Ok(h @ -1..=1) => h,
            _ => {
                v.refuse("the snap turn held");
                0
            }
        };
        v.u32(&mut self.since);
    }
}

impl Restrictor {
    /// Visits the level and the last tick's motion, for a save
    /// ([`crate::snapshot`]).
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        v.f64(&mut self.level);
        v.option(&mut self.last, Default::default, |v, (yaw, vel)| {
            v.f64(yaw);
            vel.iter_mut().for_each(|x| v.f64(x));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 120.0;

    #[test]
    fn a_held_key_snaps_once_and_each_new_press_or_side_snaps_again() {
        let mut s = SnapState::new();
        let turns = [0.0, 1.0, 1.0, 1.0, 0.0, 1.0, -1.0, -0.5, 0.0, 0.0];
        let snaps: Vec<i8> = turns.iter().map(|&t| s.press(t)).collect();
        assert_eq!(snaps, [0, 1, 0, 0, 0, 1, -1, 0, 0, 0]);
        assert_eq!(s.since(), 3);
        assert!(!s.snapped());
    }

    #[test]
    fn the_restrictor_closes_with_turning_and_opens_when_it_stops() {
        let mut r = Restrictor::default();
        let mut yaw = 0.0;
        // Turning at 90 deg/s: closed fully after CLOSE_S.
        for _ in 0..(CLOSE_S / DT).ceil() as usize + 1 {
            yaw += 90f64.to_radians() * DT;
            r.step(yaw, [0.0; 2], 4.0, false, DT);
        }
        assert_eq!(r.level(), 1.0);
        // Still: open again after OPEN_S, not before.
        for _ in 0..(OPEN_S / DT) as usize - 2 {
            r.step(yaw, [0.0; 2], 4.0, false, DT);
        }
        assert!(r.level() > 0.0);
        for _ in 0..3 {
            r.step(yaw, [0.0; 2], 4.0, false, DT);
        }
        assert_eq!(r.level(), 0.0);
    }

    #[test]
    fn half_the_top_speed_closes_it_half_way_and_a_cut_does_not_close_it() {
        let mut r = Restrictor::default();
        for _ in 0..120 {
            r.step(0.0, [2.0, 0.0], 4.0, false, DT);
        }
        assert!((r.level() - 0.5).abs() < 1e-12, "{}", r.level());
        let mut cut = Restrictor::default();
        cut.step(0.0, [0.0; 2], 4.0, false, DT);
        cut.step(1.0, [0.0; 2], 4.0, true, DT);
        assert_eq!(cut.level(), 0.0);
    }

    #[test]
    fn open_darkens_nothing_and_fully_closed_leaves_half_the_field() {
        let fov = 90f64.to_radians();
        let open = Aperture::of(1.0, 0.0, fov);
        assert!(open.is_open());
        assert_eq!(open.visible_fov(fov), fov);
        assert_eq!(Aperture::keep(1.0 - SOFT), 1.0);
        let closed = Aperture::of(1.0, 1.0, fov);
        assert!(!closed.is_open());
        assert!((closed.visible_fov(fov) - fov / 2.0).abs() < 1e-12);
        // Half the strength, half way in radius.
        let half = Aperture::of(0.5, 1.0, fov);
        assert!((half.radius - (open.radius + closed.radius) / 2.0).abs() < 1e-12);
        assert!((Aperture::keep(1.0) - 0.5).abs() < 1e-12);
        assert_eq!(Aperture::keep(1.0 + SOFT), 0.0);
    }

    #[test]
    fn a_fade_rises_from_black_at_the_snap_to_full_over_its_length() {
        assert_eq!(fade_keep(0.0, 0, DT), 1.0);
        assert_eq!(fade_keep(0.1, u32::MAX, DT), 1.0);
        assert_eq!(fade_keep(0.1, 0, DT), 0.0);
        assert!((fade_keep(0.1, 6, DT) - 0.5).abs() < 1e-12);
        assert_eq!(fade_keep(0.1, 12, DT), 1.0);
    }

    #[test]
    fn references_are_named_both_ways() {
        for r in Reference::ALL {
            assert_eq!(Reference::from_name(r.name()), Some(r));
        }
        assert_eq!(Reference::from_name("nose"), None);
    }
}
