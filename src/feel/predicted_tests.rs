use super::*;
use crate::feel::svc::visual::Pathway;

fn result(variant: Variant, option: ComfortOption, ends: [f64; 2]) -> PredictedResult {
    let curves = Pathway::ALL
        .iter()
        .zip(ends)
        .map(|(&pathway, end)| {
            let predictions = [
                svc::Prediction {
                    msi_pct: end / 2.0,
                    conflict: 0.25,
                },
                svc::Prediction {
                    msi_pct: end,
                    conflict: 0.5,
                },
            ];
            curve(pathway, predictions.into_iter())
        })
        .collect();
    PredictedResult {
        variant,
        option,
        drive_s: 61.5,
        minutes: MINUTES,
        finished: variant != MODELS[3],
        beside: vec![Some(1.25), Some(30.0), None, Some(12.0)],
        curves,
    }
}

#[test]
fn the_section_says_the_visual_reading_is_a_hypothesis_and_has_a_row_each() {
    let results: Vec<PredictedResult> = MODELS
        .iter()
        .flat_map(|&m| OPTIONS.map(|o| result(m, o, [12.5, 0.75])))
        .collect();
    let mut md = String::new();
    section(&mut md, &results, "predicted.png");
    assert!(md.starts_with("## Predicted sickness (20 minutes of the course)"));
    assert!(md.contains("visual (a hypothesis"), "{md}");
    assert!(md.contains("MSI end, visual hypothesis (%)"));
    assert!(md.contains("`predicted.png`"));
    let rows = md.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(rows, MODELS.len() * OPTIONS.len());
    assert!(
        md.contains(
            "| `classic` | restrictor | 61.5 | 1.25 | 30 | - | 12 | 12.5 | 0.75 | 0.5 | 0.5 |"
        ),
        "{md}"
    );
    assert!(
        md.contains("| `quake` | plain | 61.5 (not finished) |"),
        "{md}"
    );
    let mut none = String::new();
    section(&mut none, &[], "predicted.png");
    assert!(none.is_empty());
}

#[test]
fn a_curve_keeps_its_start_every_step_and_its_end() {
    let every = (CURVE_STEP_S / TICK_DT).round() as usize;
    let predictions: Vec<svc::Prediction> = (0..every * 2 + 7)
        .map(|k| svc::Prediction {
            msi_pct: k as f64,
            conflict: 0.0,
        })
        .collect();
    let c = curve(Pathway::Visual, predictions.into_iter());
    let minutes = |tick: usize| tick as f64 * TICK_DT / 60.0;
    assert_eq!(
        c.msi,
        vec![
            (0.0, 0.0),
            (minutes(every), (every - 1) as f64),
            (minutes(2 * every), (2 * every - 1) as f64),
            (minutes(2 * every + 7), (2 * every + 6) as f64),
        ]
    );
    assert_eq!(c.msi_end(), Some((2 * every + 6) as f64));
}

#[test]
fn a_cycled_drive_moves_as_the_long_run_it_stands_for() {
    use crate::feel::svc::head::repeated;
    use crate::sim::Controls;
    let mut world = World::new(map::Map::open_plane(), Tunables::default(), 1);
    let walk = Controls {
        forward: 1.0,
        turn: -0.5,
        ..Controls::default()
    };
    let trajectory = crate::feel::run::run(&mut world, std::iter::repeat_n(walk, 50), 90.0);
    let samples = &trajectory.samples;
    let scale = Scale::default();
    for ticks in [0, 1, 49, 50, 51, 137] {
        let (long, jumps) = repeated(samples, ticks);
        let motion = head_motion(&long, &jumps, TICK_DT, scale.metres_per_tile);
        let cycle = Cycle::new(samples, scale);
        assert_eq!(cycle.ticks(ticks), motion.len(), "{ticks}");
        for (i, m) in motion.iter().enumerate() {
            assert_eq!(cycle.motion(i), *m, "tick {i} of {ticks}");
            assert_eq!(cycle.reach(i), long[i + 1].visible_reach);
        }
    }
    // A later pass's first tick follows a cut: no acceleration, unlike
    // the drive's first tick from rest.
    let cycle = Cycle::new(samples, scale);
    assert_ne!(cycle.motion(0), cycle.motion(samples.len()));
    assert_eq!(Cycle::new(&[], scale).ticks(10), 0);
}
