//! Cardioid-weighted anti-gravity (article 001): every obstacle pushes an
//! agent away with a strength of mass / d^2, weighted by a cardioid of the
//! angle between the agent's goal direction and the obstacle, so obstacles
//! ahead push fully and obstacles behind not at all. The pushes are added
//! to the goal direction and the sum normalised.
//!
//! The article leaves one case open ("part 2: choosing left or right"): an
//! obstacle dead ahead pushes straight back, and can cancel the goal so the
//! agent stalls. Decided here: the tie always breaks to the agent's right.
//! Within `tie_angle` of dead ahead a push gets a sideways part to the
//! right of at least `tie_share` of its strength, so an agent passes such
//! obstacles keeping them on its left, the same way every time (two agents
//! meeting head on both step to their right and pass). A sum that still
//! comes out (near) zero is replaced by the goal turned right.
//!
//! Coordinates: x east, y south; "right" of a direction (gx, gy) is
//! (-gy, gx), a quarter turn clockwise on the north-up map.

use crate::angle::wrap_signed;
use crate::sim::reach;

/// Steering tunables, with the article's values where it gives them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SteerTunables {
    /// The article's "personal space" constant: mass = (r_self +
    /// r_obstacle)^2 x this (2 in the article).
    pub personal_space: f64,
    /// The cardioid's power (3 in the article: r * r * r).
    pub power: i32,
    /// Obstacles whose edge is farther than this from the agent's edge are
    /// ignored, tiles.
    pub range: f64,
    /// Within this angle of dead ahead (radians) the push breaks to the
    /// right.
    pub tie_angle: f64,
    /// The least sideways part of a tied push, as a share of its strength.
    pub tie_share: f64,
}

impl Default for SteerTunables {
    fn default() -> Self {
        Self {
            personal_space: 2.0,
            power: 3,
            range: 2.5,
            tie_angle: 15f64.to_radians(),
            tie_share: 0.5,
        }
    }
}

/// A round obstacle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obstacle {
    /// Centre, tiles.
    pub pos: [f64; 2],
    /// Radius, tiles (0 for a point, such as the nearest point of a wall).
    pub radius: f64,
}

/// One obstacle's contribution, as added to the goal direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Push {
    /// The push, already weighted by the cardioid (tiles are not its unit:
    /// the goal direction has length 1).
    pub vector: [f64; 2],
    /// The cardioid weight, 0 (behind) to 1 (dead ahead).
    pub weight: f64,
}

/// The pushes a walker's list has room for from its first step.
const PUSH_ROOM: usize = 64;

/// The direction (unit vector) an agent at `pos` of `radius` walks to
/// head along `goal` (a unit vector) past `obstacles`. `pushes` is
/// cleared and filled with each obstacle's contribution, for drawing.
pub fn steer(
    pos: [f64; 2],
    radius: f64,
    goal: [f64; 2],
    obstacles: &[Obstacle],
    t: &SteerTunables,
    pushes: &mut Vec<Push>,
) -> [f64; 2] {
    debug_assert!(
        (goal[0].hypot(goal[1]) - 1.0).abs() < 1e-6,
        "goal {goal:?} is not a unit vector"
    );
    pushes.clear();
    // Room for a crowd at once, so the list is made once per walker and
    // grows again only among more than PUSH_ROOM obstacles.
    pushes.reserve(obstacles.len().max(PUSH_ROOM));
    let right = [-goal[1], goal[0]];
    let goal_angle = goal[1].atan2(goal[0]);
    let mut sum = goal;
    for o in obstacles {
        let (dx, dy) = (pos[0] - o.pos[0], pos[1] - o.pos[1]);
        // Most of a crowd's obstacles lie out of range: the squares tell
        // without the root (the same skip as below, see reach).
        if reach::clearly_beyond(dx, dy, t.range + radius + o.radius) {
            continue;
        }
        let d = dx.hypot(dy);
        if d - radius - o.radius > t.range {
            continue;
        }
        // Coincident centres: no direction to push along, so push back.
        let away = if d > 1e-9 {
            [dx / d, dy / d]
        } else {
            [-goal[0], -goal[1]]
        };
        let mass = (radius + o.radius).powi(2) * t.personal_space;
        let magnitude = mass / d.max(1e-3).powi(2);
        // The article's delta: from the goal to the obstacle (against the push).
        let delta = wrap_signed((-away[1]).atan2(-away[0]) - goal_angle);
        let weight = ((1.0 + delta.cos()) * 0.5).powi(t.power);
        let mut v = [away[0] * magnitude * weight, away[1] * magnitude * weight];
        if delta.abs() < t.tie_angle {
            v = break_right(v, right, t.tie_share);
        }
        sum = [sum[0] + v[0], sum[1] + v[1]];
        pushes.push(Push { vector: v, weight });
    }
    let length = sum[0].hypot(sum[1]);
    if length < 1e-6 || !length.is_finite() {
        return right;
    }
    [sum[0] / length, sum[1] / length]
}

/// `v` with its part along `right` raised to at least `share` of its
/// length: a near head-on push bent to the right.
fn break_right(v: [f64; 2], right: [f64; 2], share: f64) -> [f64; 2] {
    let strength = v[0].hypot(v[1]);
    let side = v[0] * right[0] + v[1] * right[1];
    let want = strength * share;
    if side >= want {
        return v;
    }
    let add = want - side;
    [v[0] + right[0] * add, v[1] + right[1] * add]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(pos: [f64; 2], goal: [f64; 2], obstacles: &[Obstacle]) -> ([f64; 2], Vec<Push>) {
        let mut pushes = Vec::new();
        let d = steer(
            pos,
            0.3,
            goal,
            obstacles,
            &SteerTunables::default(),
            &mut pushes,
        );
        (d, pushes)
    }

    fn ob(x: f64, y: f64) -> Obstacle {
        Obstacle {
            pos: [x, y],
            radius: 0.3,
        }
    }

    #[test]
    fn no_obstacle_keeps_the_goal() {
        assert_eq!(run([0.0, 0.0], [0.6, 0.8], &[]).0, [0.6, 0.8]);
    }

    #[test]
    fn an_obstacle_behind_barely_counts() {
        let (d, pushes) = run([0.0, 0.0], [1.0, 0.0], &[ob(-0.8, 0.0)]);
        assert!(pushes[0].weight < 1e-12);
        assert!((d[0] - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_article_magnitude_and_cardioid() {
        // Obstacle 45 degrees off the goal at distance 1: mass = 0.6^2 * 2,
        // weight ((1 + cos 45) / 2)^3.
        let s = std::f64::consts::FRAC_1_SQRT_2;
        let (_, pushes) = run([0.0, 0.0], [1.0, 0.0], &[ob(s, s)]);
        let w = ((1.0 + s) / 2.0f64).powi(3);
        assert!((pushes[0].weight - w).abs() < 1e-12);
        let len = pushes[0].vector[0].hypot(pushes[0].vector[1]);
        assert!((len - 0.72 * w).abs() < 1e-12);
    }

    #[test]
    fn dead_ahead_breaks_right_and_never_stalls() {
        for (dist, least) in [(0.61, 0.5), (0.8, 0.3), (1.5, 0.1), (2.5, 0.01)] {
            let (d, _) = run([0.0, 0.0], [1.0, 0.0], &[ob(dist, 0.0)]);
            // Right of east is south: +y; the nearer, the harder.
            assert!(d[1] > least, "at {dist}: {d:?}");
            assert!((d[0].hypot(d[1]) - 1.0).abs() < 1e-12);
        }
    }

    /// Walks an agent at `speed` toward `goal_point`; returns the closest
    /// approach to each obstacle (centre distance) and whether it arrived.
    fn walk(start: [f64; 2], goal_point: [f64; 2], obstacles: &[Obstacle]) -> (f64, bool) {
        let (mut p, mut closest) = (start, f64::INFINITY);
        let mut pushes = Vec::new();
        for _ in 0..2000 {
            let (gx, gy) = (goal_point[0] - p[0], goal_point[1] - p[1]);
            let g = gx.hypot(gy);
            if g < 0.1 {
                return (closest, true);
            }
            let t = SteerTunables::default();
            let d = steer(p, 0.3, [gx / g, gy / g], obstacles, &t, &mut pushes);
            p = [p[0] + d[0] * 0.0125, p[1] + d[1] * 0.0125];
            for o in obstacles {
                closest = closest.min((p[0] - o.pos[0]).hypot(p[1] - o.pos[1]));
            }
        }
        (closest, false)
    }

    #[test]
    fn an_agent_walks_round_an_obstacle_dead_ahead() {
        for radius in [0.3, 0.5] {
            let obstacle = Obstacle {
                pos: [5.0, 0.0],
                radius,
            };
            let (closest, arrived) = walk([0.0, 0.0], [10.0, 0.0], &[obstacle]);
            assert!(arrived, "radius {radius}");
            let touching = 0.3 + radius;
            assert!(
                closest > touching - 0.05,
                "radius {radius}: closest {closest}"
            );
        }
    }

    #[test]
    fn near_head_on_obstacles_on_either_side_are_passed_on_the_right() {
        // A hair left or right of dead ahead, the dodge is to the same side
        // (south, right of east), so a crowd never splits both ways.
        for off in [-0.05, -0.01, 0.0, 0.01, 0.05] {
            let (d, pushes) = run([0.0, 0.0], [1.0, 0.0], &[ob(1.0, off)]);
            assert!(d[1] > 0.1, "offset {off}: {d:?}");
            assert!(pushes[0].vector[1] > 0.0, "offset {off}: {:?}", pushes[0]);
        }
    }

    #[test]
    fn coincident_centres_push_back_and_right_without_nan() {
        let (d, pushes) = run([2.0, 3.0], [0.0, -1.0], &[ob(2.0, 3.0)]);
        assert!(pushes[0].vector.iter().all(|v| v.is_finite()));
        // Goal north: back is south (+y), right is east (+x).
        assert!(d[0] > 0.0 && d[1] > 0.0, "{d:?}");
        assert!((d[0].hypot(d[1]) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_result_is_always_a_finite_unit_vector() {
        let t = SteerTunables::default();
        let mut pushes = Vec::new();
        for g in 0..16 {
            let a = g as f64 * std::f64::consts::TAU / 16.0;
            let goal = [a.cos(), a.sin()];
            for i in -12..=12 {
                for j in -12..=12 {
                    let near = ob(i as f64 * 0.25, j as f64 * 0.25);
                    let point = Obstacle {
                        pos: [j as f64 * 0.2, i as f64 * 0.2],
                        radius: 0.0,
                    };
                    let d = steer([0.0, 0.0], 0.3, goal, &[near, point], &t, &mut pushes);
                    let len = d[0].hypot(d[1]);
                    assert!((len - 1.0).abs() < 1e-12, "{goal:?} {i} {j}: {d:?}");
                }
            }
        }
    }

    #[test]
    fn two_agents_walking_at_each_other_pass_without_overlap() {
        let (mut a, mut b) = ([0.0, 0.0], [6.0, 0.0]);
        let (mut pa, mut pb) = (Vec::new(), Vec::new());
        let t = SteerTunables::default();
        let mut closest = f64::INFINITY;
        for _ in 0..1200 {
            let oa = [Obstacle {
                pos: b,
                radius: 0.3,
            }];
            let ob = [Obstacle {
                pos: a,
                radius: 0.3,
            }];
            let ga = [(6.0 - a[0]).signum(), 0.0];
            let gb = [(0.0 - b[0]).signum(), 0.0];
            let da = steer(a, 0.3, ga, &oa, &t, &mut pa);
            let db = steer(b, 0.3, gb, &ob, &t, &mut pb);
            a = [a[0] + da[0] * 0.0125, a[1] + da[1] * 0.0125];
            b = [b[0] + db[0] * 0.0125, b[1] + db[1] * 0.0125];
            closest = closest.min((a[0] - b[0]).hypot(a[1] - b[1]));
        }
        assert!(closest > 0.6 - 0.05, "closest {closest}");
        assert!(a[0] > 5.0 && b[0] < 1.0, "they passed: {a:?} {b:?}");
    }
}
