//! A bot that drives a course the way a person at a keyboard would: it
//! presses only the game's digital keys (forward, turn left, turn right),
//! acts on what it saw a reaction time ago, holds every key it presses or
//! lets go of for at least a minimum time, and steers by one law for every
//! walking model: aim at a point a little ahead along the route, turn
//! while the heading is off that aim by more than a dead band, and walk
//! forward while roughly facing it.
//!
//! It steers by the wish heading (where the forward key pushes: the view
//! under every model but the polar model's velocity coupling, whose HUD
//! dial shows it), so the two couplings of the polar model drive alike and
//! differ only in what the camera does on the way.

use crate::angle::wrap_signed;
use crate::map::course::nearest_on_segment;
use crate::sim::{Controls, TICK_DT};
use std::collections::VecDeque;

/// How the bot plays: a person's limits and its one steering law. The
/// same for every walking model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotTunables {
    /// Seconds between seeing something and a key acting on it.
    pub reaction_s: f64,
    /// The least time a key stays down once pressed, or up once let go,
    /// seconds.
    pub hold_s: f64,
    /// How far ahead along the route the bot aims, tiles.
    pub look_ahead: f64,
    /// A heading error the bot lets be, degrees: it turns only beyond it.
    pub dead_band_deg: f64,
    /// The heading error within which it holds forward, degrees.
    pub forward_cone_deg: f64,
}

impl Default for BotTunables {
    fn default() -> Self {
        Self {
            reaction_s: 0.2,
            hold_s: 0.1,
            look_ahead: 2.0,
            dead_band_deg: 6.0,
            forward_cone_deg: 40.0,
        }
    }
}

/// What the bot sees of the player after a tick: where the body is and
/// which way the keys push.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sight {
    /// The body's centre, tiles.
    pub at: [f64; 2],
    /// The wish heading, radians (0 east, growing south).
    pub heading: f64,
}

/// One key: up or down, and the first tick it may change again.
#[derive(Clone, Copy, Debug)]
struct Key {
    down: bool,
    free_at: u64,
}

impl Key {
    /// Presses or lets go as `want` says at `tick`, unless the key changed
    /// less than a hold time ago; a change holds for `hold` ticks.
    fn want(&mut self, want: bool, tick: u64, hold: u64) {
        if want != self.down && tick >= self.free_at {
            self.down = want;
            self.free_at = tick + hold;
        }
    }
}

/// The keys the bot wants down, from one sight.
struct Wish {
    forward: bool,
    left: bool,
    right: bool,
}

/// The bot: its route, what it has seen, and its keys.
pub struct Bot {
    tunables: BotTunables,
    route: Vec<[f64; 2]>,
    /// The route segment (from `route[segment]`) it is on.
    segment: usize,
    /// The sights of the last reaction time, oldest first.
    seen: VecDeque<Sight>,
    delay_ticks: usize,
    hold_ticks: u64,
    tick: u64,
    forward: Key,
    left: Key,
    right: Key,
}

impl Bot {
    /// A bot with every key up, to follow `route` (straight segments
    /// between its points, tiles; at least one point).
    pub fn new(route: Vec<[f64; 2]>, tunables: BotTunables) -> Self {
        assert!(!route.is_empty(), "a route has a point");
        let up = Key {
            down: false,
            free_at: 0,
        };
        Self {
            tunables,
            route,
            segment: 0,
            seen: VecDeque::new(),
            delay_ticks: (tunables.reaction_s / TICK_DT).round() as usize,
            hold_ticks: (tunables.hold_s / TICK_DT).round() as u64,
            tick: 0,
            forward: up,
            left: up,
            right: up,
        }
    }

    /// The controls for the next tick, given what the player looks like
    /// now. Until a reaction time has passed it has seen nothing to act
    /// on, and every key stays up.
    pub fn controls(&mut self, now: Sight) -> Controls {
        self.seen.push_back(now);
        if self.seen.len() > self.delay_ticks {
            let then = self.seen.pop_front().expect("a sight");
            let wish = self.wish(then);
            let (tick, hold) = (self.tick, self.hold_ticks);
            self.forward.want(wish.forward, tick, hold);
            self.left.want(wish.left, tick, hold);
            self.right.want(wish.right, tick, hold);
        }
        self.tick += 1;
        let axis = |minus: Key, plus: Key| f32::from(i8::from(plus.down) - i8::from(minus.down));
        Controls {
            forward: f32::from(u8::from(self.forward.down)),
            turn: axis(self.left, self.right),
            ..Controls::default()
        }
    }

    /// The keys wanted for what `sight` shows: turn toward the aim point
    /// beyond the dead band, forward within the cone.
    fn wish(&mut self, sight: Sight) -> Wish {
        let aim = self.aim(sight.at);
        let bearing = (aim[1] - sight.at[1]).atan2(aim[0] - sight.at[0]);
        let error = wrap_signed(bearing - sight.heading).to_degrees();
        let band = self.tunables.dead_band_deg;
        Wish {
            forward: error.abs() <= self.tunables.forward_cone_deg,
            // Angles grow clockwise (south of east): a positive error is
            // to the right.
            right: error > band,
            left: error < -band,
        }
    }

    /// The point `look_ahead` tiles along the route beyond the nearest
    /// point of the segment the bot is on, moving on to the next segment
    /// once that one is nearer.
    fn aim(&mut self, p: [f64; 2]) -> [f64; 2] {
        let r = &self.route;
        if r.len() == 1 {
            return r[0];
        }
        let on = |s: usize| nearest_on_segment(r[s], r[s + 1], p);
        let dist = |q: [f64; 2]| (q[0] - p[0]).hypot(q[1] - p[1]);
        while self.segment + 2 < r.len() {
            let (here, t) = on(self.segment);
            let (next, _) = on(self.segment + 1);
            if t >= 1.0 || dist(next) < dist(here) {
                self.segment += 1;
            } else {
                break;
            }
        }
        let (mut from, _) = on(self.segment);
        let mut left = self.tunables.look_ahead;
        for &to in &r[self.segment + 1..] {
            let length = (to[0] - from[0]).hypot(to[1] - from[1]);
            if length >= left {
                let k = left / length;
                return [
                    from[0] + k * (to[0] - from[0]),
                    from[1] + k * (to[1] - from[1]),
                ];
            }
            left -= length;
            from = to;
        }
        from
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sight(x: f64, heading_deg: f64) -> Sight {
        Sight {
            at: [x, 0.5],
            heading: heading_deg.to_radians(),
        }
    }

    #[test]
    fn the_aim_is_the_look_ahead_along_the_route_round_its_corners() {
        let route = vec![[0.5, 0.5], [10.5, 0.5], [10.5, 10.5]];
        let mut bot = Bot::new(route, BotTunables::default());
        assert_eq!(bot.aim([2.5, 1.0]), [4.5, 0.5]);
        // Within two tiles of the corner the aim turns down the next leg.
        assert_eq!(bot.aim([9.5, 0.5]), [10.5, 1.5]);
        assert_eq!(bot.aim([10.5, 20.0]), [10.5, 10.5]);
    }

    #[test]
    fn nothing_is_pressed_before_a_reaction_time() {
        let route = vec![[0.5, 0.5], [50.5, 0.5]];
        let mut bot = Bot::new(route, BotTunables::default());
        let pressed: Vec<f32> = (0..30)
            .map(|_| bot.controls(sight(0.5, 0.0)).forward)
            .collect();
        // 0.2 s is 24 ticks: the 25th controls are the first to act.
        assert!(pressed[..24].iter().all(|&f| f == 0.0), "{pressed:?}");
        assert!(pressed[24..].iter().all(|&f| f == 1.0), "{pressed:?}");
    }

    #[test]
    fn a_key_pressed_stays_down_for_the_hold_time() {
        let route = vec![[0.5, 0.5], [50.5, 0.5]];
        let tunables = BotTunables {
            reaction_s: 0.0,
            ..BotTunables::default()
        };
        let mut bot = Bot::new(route, tunables);
        // Facing 20 degrees left of the aim for one tick, then straight at it.
        assert_eq!(bot.controls(sight(0.5, -20.0)).turn, 1.0);
        let turns: Vec<f32> = (0..20)
            .map(|_| bot.controls(sight(0.5, 0.0)).turn)
            .collect();
        // Held 0.1 s (12 ticks) in all, then let go.
        assert!(turns[..11].iter().all(|&t| t == 1.0), "{turns:?}");
        assert!(turns[11..].iter().all(|&t| t == 0.0), "{turns:?}");
    }
}
