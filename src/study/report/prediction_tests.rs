use super::*;

fn point(participant: &str, position: usize, t_s: f64, rating: f64, predicted: Vec<f64>) -> Point {
    Point {
        participant: participant.into(),
        position,
        t_s,
        rating,
        predicted,
    }
}

#[test]
fn the_msi_at_a_prompt_is_the_state_after_the_nearest_tick() {
    // Ticks 1, 2, 3 end at 1/120, 2/120, 3/120 s.
    let msi = [0.1, 0.2, 0.3];
    assert_eq!(msi_at(&msi, 0.0), Some(0.0));
    assert_eq!(msi_at(&msi, 1.2 * TICK_DT), Some(0.1));
    assert_eq!(msi_at(&msi, 2.0 * TICK_DT), Some(0.2));
    // A tick past the end still reads the last; two past, none.
    assert_eq!(msi_at(&msi, 4.0 * TICK_DT), Some(0.3));
    assert_eq!(msi_at(&msi, 5.0 * TICK_DT), None);
    // No tick at all: nothing to read after the start.
    assert_eq!(msi_at(&[], TICK_DT), None);
    assert_eq!(msi_at(&[], 0.0), Some(0.0));
    assert_eq!(msi_at(&msi, f64::NAN), None);
}

#[test]
fn a_stated_screen_angle_changes_the_prediction_at_the_prompts() {
    use crate::feel::run::run;
    use crate::map::Map;
    use crate::sim::{Controls, Tunables, World};
    let tunables = Tunables::default();
    let mut world = World::new(Map::open_plane(), tunables, 1);
    let walk = Controls {
        forward: 1.0,
        turn: -0.5,
        ..Controls::default()
    };
    let samples = run(&mut world, std::iter::repeat_n(walk, 600), 90.0).samples;
    let predictor = predict::predictor();
    let run = (samples.as_slice(), Scale::default());
    let prompts = [2.0, 5.0];
    let unknown = View::of(&tunables, 90.0);
    let small = View {
        screen_deg: Some(20.0),
        ..unknown
    };
    let wide = at_prompts(&predictor, run, &unknown, &prompts);
    let narrow = at_prompts(&predictor, run, &small, &prompts);
    assert_eq!(wide.len(), 2);
    assert!(wide.iter().all(|row| row.len() == GAINS.len()));
    // A screen filling less of the eye weighs the seen motion less.
    let (w, n) = (wide[1][DEFAULT_GAIN], narrow[1][DEFAULT_GAIN]);
    assert!(n.unwrap() < w.unwrap(), "{n:?} {w:?}");
}

#[test]
fn a_fitted_slope_and_its_residual_are_least_squares() {
    // r = 2x exactly: k = 2, nothing left.
    let exact = [(1.0, 2.0), (2.0, 4.0), (3.0, 6.0)];
    assert_eq!(slope(exact.into_iter()), 2.0);
    assert_eq!(residual(exact.into_iter()), 0.0);
    // (1, 1), (1, 3): k = 4 / 2 = 2, residuals -1 and 1.
    let spread = [(1.0, 1.0), (1.0, 3.0)];
    assert_eq!(slope(spread.into_iter()), 2.0);
    assert_eq!(residual(spread.into_iter()), 2.0);
    // No x: k is 0 and every rating is error.
    assert_eq!(slope([(0.0, 3.0)].into_iter()), 0.0);
    assert_eq!(residual([(0.0, 3.0)].into_iter()), 9.0);
}

/// Three people rating `k` times the prediction at gain index 2 exactly,
/// each their own `k`; two conditions each (positions 1 and 2) that the
/// prediction tells apart and time does not. The other gains predict the
/// same shape squared, which no `k` fits.
fn rated_by_gain_two() -> Vec<Point> {
    let mut points = Vec::new();
    for (who, k) in [("P1", 1.0), ("P2", 2.0), ("P3", 4.0)] {
        for (position, level) in [(1, 1.0), (2, 3.0)] {
            for t_s in [60.0, 120.0, 180.0] {
                let x = level * t_s / 60.0;
                let predicted: Vec<f64> = (0..GAINS.len())
                    .map(|g| if g == 2 { x } else { x * x })
                    .collect();
                points.push(point(who, position, t_s, k * x, predicted));
            }
        }
    }
    points
}

#[test]
fn the_gain_that_fits_is_found_and_transfers_to_a_held_out_person() {
    let t = track(&rated_by_gain_two());
    assert_eq!(t.gain_all, Some(2));
    let h = t.held_out.unwrap();
    assert_eq!((h.participants, h.prompts), (3, 9));
    assert_eq!(h.chosen[2], 3);
    assert!(h.rmse < 1e-12, "{h:?}");
    // Time alone knows nothing of the second condition's higher level.
    assert!(h.rmse_time > 1.0, "{h:?}");
    // The default gain's prediction (x squared) still rises with the
    // rating within each person: r_rm 0.862 (numpy, the slope common to
    // the three people after each one's means).
    assert!((t.within.unwrap().r - 0.862483117190575).abs() < 1e-9);
}

#[test]
fn no_one_is_held_out_without_a_later_condition() {
    let only_first: Vec<Point> = rated_by_gain_two()
        .into_iter()
        .filter(|p| p.position == 1)
        .collect();
    let t = track(&only_first);
    assert_eq!(t.held_out, None);
    assert_eq!(t.gain_all, Some(2));
    assert_eq!(track(&[]).gain_all, None);
}

#[test]
fn the_totals_without_each_person_are_their_sums_over_the_others() {
    // A large error beside small ones: taking it back out of the whole
    // sum would lose the small ones' differences.
    let errors: Vec<[f64; GAINS.len()]> = [1e17, 1.0, 2.0, 3.5]
        .iter()
        .map(|&e| std::array::from_fn(|g| e * (g + 1) as f64))
        .collect();
    let (everyone, without) = totals(&errors);
    assert_eq!(without.len(), errors.len());
    for g in 0..GAINS.len() {
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs();
        assert!(close(everyone[g], errors.iter().map(|e| e[g]).sum()));
        for (i, total) in without.iter().enumerate() {
            let others = errors.iter().enumerate().filter(|(j, _)| *j != i);
            let sum = others.map(|(_, e)| e[g]).sum();
            assert!(close(total[g], sum), "{i} {g}: {} {sum}", total[g]);
        }
        // Without the large one, exactly the small ones' sum.
        assert_eq!(without[0][g], 6.5 * (g + 1) as f64);
    }
    assert_eq!(totals(&[]), ([0.0; GAINS.len()], Vec::new()));
}
