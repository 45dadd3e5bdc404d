use super::design::Condition;
use super::*;
use crate::study::latin;
use crate::study::scales::InPlayScale;

/// A pilot like the walking study's: four conditions, FMS ratings rising
/// over the five minutes.
fn pilot() -> Pilot {
    let fixed = [
        ("(Intercept)", 1.5),
        ("conditionpolar-heading", 0.4),
        ("conditionclassic", 0.2),
        ("conditionquake", 1.0),
        ("position2", 0.3),
        ("position3", 0.5),
        ("position4", 0.6),
        ("t_min", 0.5),
    ];
    Pilot {
        model: "M1".into(),
        fixed: fixed.iter().map(|(t, v)| (t.to_string(), *v)).collect(),
        var_participant: 3.0,
        var_t_min: 0.0,
        cor_participant_t_min: 0.0,
        var_residual: 1.5,
        plays: 96,
        participants: 24,
        own_stops: 2,
        minutes: 400.0,
    }
}

fn design() -> Design {
    Design {
        study: "walking".into(),
        scale: InPlayScale::Fms,
        stop_rating: Some(15),
        prompt_interval_s: 60.0,
        conditions: ["polar-velocity", "polar-heading", "classic", "quake"]
            .iter()
            .map(|n| Condition {
                name: n.to_string(),
                exposure_s: 300.0,
            })
            .collect(),
        orders: latin::rows(4),
        primary: None,
    }
}

fn plan(sizes: &[usize], sims: usize, null: bool) -> Plan {
    Plan {
        sizes: sizes.to_vec(),
        sims,
        seed: 77,
        null,
    }
}

#[test]
fn power_rises_with_the_number_of_participants() {
    let power = estimate(pilot(), design(), &plan(&[4, 12, 24], 40, false)).unwrap();
    let rates: Vec<f64> = power.rows.iter().map(|r| r.primary.power()).collect();
    assert!(rates[0] < rates[1] && rates[1] < rates[2], "{rates:?}");
    let condition: Vec<f64> = power.rows.iter().map(|r| r.condition.power()).collect();
    assert!(condition[0] < condition[2], "{condition:?}");
    assert!(condition[2] > 0.9, "{condition:?}");
    assert!(power.rows.iter().all(|r| r.condition.failed == 0));
    // Not declared: the pilot's two most different conditions.
    assert_eq!((power.primary.first, power.primary.second), (3, 0));
    assert!(!power.primary.declared);
}

#[test]
fn with_no_condition_effect_the_rejections_are_rare() {
    let power = estimate(pilot(), design(), &plan(&[12], 60, true)).unwrap();
    let row = &power.rows[0];
    // 0.05 expected; 12 of 60 would be over four standard errors above.
    assert!(row.condition.rejected <= 11, "{row:?}");
    assert!(row.primary.rejected <= 11, "{row:?}");
    let out = summary(&power);
    assert!(out.contains("type I error"), "{out}");
}

#[test]
fn the_same_seed_gives_the_same_result_on_any_number_of_threads() {
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| csv(&estimate(pilot(), design(), &plan(&[6, 10], 12, false)).unwrap()))
    };
    let one = run(1);
    assert_eq!(one, run(3));
    assert!(
        one.starts_with("n,effect,power,mc_se\n6,condition,"),
        "{one}"
    );
    assert_eq!(one.lines().count(), 5);
    let other_seed = estimate(
        pilot(),
        design(),
        &Plan {
            seed: 78,
            ..plan(&[6, 10], 12, false)
        },
    );
    assert_ne!(one, csv(&other_seed.unwrap()));
}

#[test]
fn a_simulated_study_follows_the_design_and_the_stop_rule() {
    let mut d = design();
    d.stop_rating = Some(3);
    let mut p = pilot();
    p.own_stops = 0;
    let truth = simulated::Truth::new(&p, &d, false).unwrap();
    let rows = truth.study(&d, 8, &mut Rng::new(5));
    assert_eq!(rows.len(), 8 * 4 * 4);
    // Participant 2 plays the square's second row.
    let order: Vec<usize> = rows
        .iter()
        .filter(|r| r.participant == 2)
        .step_by(4)
        .map(|r| r.condition)
        .collect();
    assert_eq!(order, vec![1, 2, 0, 3]);
    for play in rows.chunks(4) {
        let answered = play.iter().take_while(|r| r.rating.is_some()).count();
        // Answered up to the first rating at the stop, nothing after.
        let first_stop = play.iter().position(|r| r.rating.is_some_and(|v| v >= 3.0));
        assert_eq!(answered, first_stop.map_or(4, |i| i + 1), "{play:?}");
        assert!(play
            .iter()
            .flat_map(|r| r.rating)
            .all(|v| v.fract() == 0.0 && (0.0..=20.0).contains(&v)));
    }
    assert!(rows.iter().any(|r| r.rating.is_none()));
}

#[test]
fn a_term_the_design_lacks_is_refused() {
    let mut p = pilot();
    p.fixed.push(("conditionwalk".into(), 1.0));
    let e = estimate(p, design(), &plan(&[4], 1, false)).unwrap_err();
    assert!(e.to_string().contains("`conditionwalk`"), "{e}");
    let mut p = pilot();
    p.model = "M1_ct".into();
    let e = estimate(p, design(), &plan(&[4], 1, false)).unwrap_err();
    assert!(e.to_string().contains("M1_ct"), "{e}");
}

#[test]
fn a_random_slope_model_is_simulated_and_refitted_with_its_slope() {
    let mut p = pilot();
    p.model = "M1_slope".into();
    p.var_t_min = 0.25;
    p.cor_participant_t_min = 0.3;
    let power = estimate(p, design(), &plan(&[4, 24], 6, false)).unwrap();
    let big = &power.rows[1];
    assert_eq!(
        (big.condition.failed, big.primary.failed),
        (0, 0),
        "{big:?}"
    );
    assert!(big.primary.rejected >= 4, "{big:?}");
    assert!(power.rows[0].primary.rejected <= big.primary.rejected);
}
