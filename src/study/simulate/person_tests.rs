use super::*;

/// A person with the table's medians and no habituation to speak of.
fn median_person() -> Person {
    let mut p = Person::new(1, 2);
    p.susceptibility = 1.0;
    p.gain = 1.0;
    p.recovery_s = 500.0;
    p.habituation_s = f64::INFINITY;
    p.tolerance = 20.0;
    p
}

#[test]
fn the_drive_is_in1s_hill_function_of_the_conflict() {
    assert_eq!(drive_of(0.0), 0.0);
    // At b (0.5 m/s^2) a half; at 2b, 4 / 5.
    assert!((drive_of(0.5) - 0.5).abs() < 1e-15);
    assert!((drive_of(1.0) - 0.8).abs() < 1e-15);
}

#[test]
fn sickness_grows_with_conflict_and_fades_at_its_time_constant() {
    let mut p = median_person();
    let ticks = (60.0 / TICK_DT).round() as usize;
    for _ in 0..ticks {
        p.feel(0.5, 0);
    }
    // dS/dt = RATE u - S / tau from 0: S(t) = RATE u tau (1 - e^(-t / tau)).
    let want = RATE * 0.5 * 500.0 * (1.0 - (-60.0_f64 / 500.0).exp());
    assert!(
        (p.sickness - want).abs() < 0.01 * want,
        "{} against {want}",
        p.sickness
    );
    assert_eq!(p.peak[0], p.felt());
    // A rest of one time constant leaves 1/e: a five-minute rest leaves
    // over half of it.
    let before = p.sickness;
    p.rest(500.0);
    assert!((p.sickness - before / std::f64::consts::E).abs() < 1e-12);
    p.sickness = before;
    p.rest(300.0);
    assert!(p.sickness > 0.5 * before);
}

#[test]
fn exposure_dulls_the_drive() {
    let mut fresh = median_person();
    let mut used = median_person();
    used.habituation_s = 100.0;
    used.exposure = 100.0;
    fresh.feel(0.5, 0);
    used.feel(0.5, 0);
    assert!((used.sickness / fresh.sickness - (-1.0_f64).exp()).abs() < 1e-9);
}

#[test]
fn a_person_stops_past_their_tolerance_and_rates_through_their_gain() {
    let mut p = median_person();
    p.sickness = 19.0;
    assert!(!p.had_enough());
    p.gain = 1.1;
    assert!(p.had_enough());
    // The felt sickness is capped at the scale's top.
    p.sickness = 40.0;
    assert_eq!(p.felt(), f64::from(FMS_MAX));
}
