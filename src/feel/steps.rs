//! How the camera answers steps in the commanded heading: overshoot,
//! undershoot and settling time.
//!
//! A hold is a stretch of at least [`MIN_HOLD_S`] over which the wish
//! heading does not change. A step is everything between two holds (or
//! between the start of the run and the first hold, if the command is
//! already changing at the start): the command changes, possibly in several
//! moves, and then holds. Its size is the net change, and only steps larger
//! than [`MIN_STEP_DEG`] count.

use crate::angle::wrap_signed;

/// Shortest stretch of constant wish heading that ends a step, seconds.
pub const MIN_HOLD_S: f64 = 1.0;
/// Steps of this size or smaller are ignored, degrees.
pub const MIN_STEP_DEG: f64 = 5.0;
/// The camera has settled once it stays this close to the command, degrees.
pub const SETTLE_BAND_DEG: f64 = 2.0;
/// Changes of the wish heading up to this size count as holding, radians.
const HOLD_TOLERANCE_RAD: f64 = 1e-9;
/// Slack when comparing a hold's length with [`MIN_HOLD_S`], seconds.
const TIME_TOLERANCE_S: f64 = 1e-9;

/// The worst response over every step of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StepResponse {
    /// Largest overshoot past a new command, percent of the step size.
    pub overshoot_pct: f64,
    /// Largest shortfall still left at the end of a hold, degrees: how far
    /// short of the command a camera that never reached it stopped.
    pub undershoot_deg: f64,
    /// Longest settling time after a step, seconds; when `censored`, the
    /// hold ended first and this is only how long it was watched.
    pub settle_s: f64,
    /// True when the camera had not settled by the end of a hold (the run
    /// or the next command came first), so `settle_s` is a lower bound.
    pub censored: bool,
}
/// One step, as tick indices: the command leaves its old value after
/// `change_start` and holds its new value from `hold_start` to `hold_end`
/// (inclusive).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Step {
    change_start: usize,
    hold_start: usize,
    hold_end: usize,
}

/// The worst overshoot, undershoot and settling time over all steps, from
/// the unwrapped camera yaw and wish heading (radians, one per tick of `dt`
/// seconds); None when the run has no step to answer.
pub fn step_response(yaw: &[f64], wish: &[f64], dt: f64) -> Option<StepResponse> {
    debug_assert_eq!(yaw.len(), wish.len());
    let mut worst: Option<StepResponse> = None;
    for step in steps(wish, dt) {
        let size = wish[step.hold_start] - wish[step.change_start];
        if size.abs().to_degrees() <= MIN_STEP_DEG {
            continue;
        }
        let errors = errors_after(&step, yaw, wish);
        let hold_errors = &errors[step.hold_start - step.change_start..];
        let (settle_s, censored) = settle_s(hold_errors, dt);
        let last = hold_errors.last().copied().unwrap_or(0.0);
        let short = (-last * size.signum()).max(0.0).to_degrees();
        let w = worst.get_or_insert_with(StepResponse::default);
        w.overshoot_pct = w.overshoot_pct.max(overshoot_pct(&errors, size));
        w.undershoot_deg = w.undershoot_deg.max(short);
        if settle_s > w.settle_s || (settle_s == w.settle_s && censored) {
            (w.settle_s, w.censored) = (settle_s, censored);
        }
    }
    worst
}

/// The holds of the wish heading, as inclusive tick ranges, in order.
fn holds(wish: &[f64], dt: f64) -> Vec<(usize, usize)> {
    let mut holds = Vec::new();
    let mut start = 0;
    for end in 0..wish.len() {
        let last = end + 1 == wish.len();
        if last || (wish[end + 1] - wish[end]).abs() > HOLD_TOLERANCE_RAD {
            if (end - start) as f64 * dt >= MIN_HOLD_S - TIME_TOLERANCE_S {
                holds.push((start, end));
            }
            start = end + 1;
        }
    }
    holds
}

/// The steps of the wish heading: each hold after a change ends one.
fn steps(wish: &[f64], dt: f64) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut previous_end = 0;
    for (hold_start, hold_end) in holds(wish, dt) {
        if hold_start > previous_end {
            steps.push(Step {
                change_start: previous_end,
                hold_start,
                hold_end,
            });
        }
        previous_end = hold_end;
    }
    steps
}

/// Camera yaw minus the step's new command, radians, for every tick from
/// the change start to the hold end. The camera's offset from the old
/// command at the change start is taken the short way round.
fn errors_after(step: &Step, yaw: &[f64], wish: &[f64]) -> Vec<f64> {
    let start = step.change_start;
    let size = wish[step.hold_start] - wish[start];
    let offset = wrap_signed(yaw[start] - wish[start]);
    yaw[start..=step.hold_end]
        .iter()
        .map(|y| offset + (y - yaw[start]) - size)
        .collect()
}

/// How far the camera goes past the new command in the step's direction,
/// percent of the step size; 0 if it never passes it.
fn overshoot_pct(errors: &[f64], size: f64) -> f64 {
    let beyond = errors.iter().map(|e| e * size.signum()).fold(0.0, f64::max);
    beyond / size.abs() * 100.0
}

/// Seconds from the hold start until the camera last enters and then stays
/// within [`SETTLE_BAND_DEG`] of the command, and false; or, when it is
/// still outside at the hold's last tick, the whole hold and true
/// (censored: it settled later, if at all).
fn settle_s(hold_errors: &[f64], dt: f64) -> (f64, bool) {
    let band = SETTLE_BAND_DEG.to_radians();
    let last_outside = hold_errors.iter().rposition(|e| e.abs() > band);
    let whole_hold = hold_errors.len().saturating_sub(1);
    let (settled_at, censored) = match last_outside {
        None => (0, false),
        Some(i) if i == whole_hold => (whole_hold, true),
        Some(i) => (i + 1, false),
    };
    (settled_at as f64 * dt, censored)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 100.0;

    /// A wish heading (radians) holding `before_deg` for `before_s`, then
    /// `after_deg` for `after_s`.
    fn wish_step(before_deg: f64, before_s: f64, after_deg: f64, after_s: f64) -> Vec<f64> {
        let before = (before_s / DT).round() as usize;
        let after = (after_s / DT).round() as usize;
        let mut wish = vec![before_deg.to_radians(); before];
        wish.extend(vec![after_deg.to_radians(); after]);
        wish
    }

    #[test]
    fn a_single_jump_between_holds_is_one_step() {
        let wish = wish_step(0.0, 2.0, 90.0, 3.0);
        let expected = Step {
            change_start: 199,
            hold_start: 200,
            hold_end: 499,
        };
        assert_eq!(steps(&wish, DT), vec![expected]);
    }

    #[test]
    fn a_short_pause_does_not_end_a_step() {
        let mut wish = wish_step(0.0, 2.0, 90.0, 3.0);
        // The command pauses at 45 degrees for half a second on its way.
        for (i, w) in wish.iter_mut().enumerate().skip(200).take(50) {
            *w = if i < 210 { 0.3 } else { 45f64.to_radians() };
        }
        let found = steps(&wish, DT);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].change_start, 199);
        assert_eq!(found[0].hold_start, 250);
    }

    #[test]
    fn a_hold_shorter_than_a_second_ends_no_step() {
        let wish = wish_step(0.0, 2.0, 90.0, 0.9);
        assert!(steps(&wish, DT).is_empty());
    }

    #[test]
    fn a_camera_that_follows_at_once_has_no_overshoot_and_settles_at_once() {
        let wish = wish_step(10.0, 2.0, 100.0, 3.0);
        assert_eq!(
            step_response(&wish, &wish, DT),
            Some(StepResponse::default())
        );
    }

    #[test]
    fn a_camera_that_never_moves_takes_the_whole_hold() {
        let wish = wish_step(0.0, 2.0, 90.0, 3.0);
        let yaw = vec![0.0; wish.len()];
        let response = step_response(&yaw, &wish, DT).unwrap();
        assert_eq!(response.overshoot_pct, 0.0);
        assert!((response.settle_s - 2.99).abs() < 1e-9);
        assert!(response.censored, "it never settled: a lower bound");
        assert!((response.undershoot_deg - 90.0).abs() < 1e-9);
    }

    #[test]
    fn steps_of_five_degrees_or_less_are_ignored() {
        let wish = wish_step(0.0, 2.0, 5.0, 3.0);
        let yaw = vec![0.0; wish.len()];
        assert_eq!(step_response(&yaw, &wish, DT), None);
    }

    #[test]
    fn overshoot_is_measured_in_the_step_direction() {
        // A step to the left (negative) that the camera overshoots by 9 deg.
        let wish = wish_step(90.0, 2.0, 0.0, 3.0);
        let mut yaw = wish.clone();
        for y in yaw.iter_mut().skip(200).take(20) {
            *y = (-9f64).to_radians();
        }
        let response = step_response(&yaw, &wish, DT).unwrap();
        assert!((response.overshoot_pct - 10.0).abs() < 1e-9);
        assert!((response.settle_s - 0.2).abs() < 1e-9);
        assert!(!response.censored);
        assert_eq!(response.undershoot_deg, 0.0);
    }

    #[test]
    fn a_camera_stopping_short_undershoots_by_what_is_left() {
        // A 90 degree step the camera answers by turning 80 and stopping.
        let wish = wish_step(0.0, 2.0, 90.0, 3.0);
        let yaw: Vec<f64> = (0..wish.len())
            .map(|i| if i < 200 { 0.0 } else { 80f64.to_radians() })
            .collect();
        let response = step_response(&yaw, &wish, DT).unwrap();
        assert_eq!(response.overshoot_pct, 0.0);
        assert!((response.undershoot_deg - 10.0).abs() < 1e-9);
        assert!(response.censored);
    }
}
