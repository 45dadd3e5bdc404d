use super::*;

#[test]
fn the_defaults_are_in1() {
    let p = SvcTunables::default();
    let written = [
        p.ka, p.kw, p.kwc, p.kvc, p.kac, p.tau_d_s, p.tau_a_s, p.tau_s, p.p_pct, p.tau_i_s, p.b,
    ];
    // setSVCIN1Param.m, in its order.
    let in1 = [0.1, 0.1, 10.0, 5.0, 0.5, 7.0, 190.0, 2.0, 85.0, 720.0, 0.5];
    assert_eq!(written, in1);
}

#[test]
fn the_upright_start_is_already_settled_at_rest() {
    let p = SvcTunables::default();
    let x = State::upright();
    assert_eq!(step(&x, &Motion::REST, 0.01, &p), x);
    assert_eq!(settled(0.01, &p), x);
    assert_eq!(settle_steps(0.01), 180_000);
    assert_eq!(settle_steps(1.0 / 120.0), 216_000);
}

#[test]
fn yaw_about_gravity_is_exactly_no_conflict() {
    let p = SvcTunables::default();
    let mut x = State::upright();
    for k in 0..20_000 {
        let t = k as f64 / 120.0;
        let yaw = Motion {
            omega: [0.0, 0.0, 2.0 * (0.3 * t).sin()],
            f: [0.0, 0.0, G],
        };
        x = step(&x, &yaw, 1.0 / 120.0, &p);
        assert_eq!(x.conflict(), 0.0, "step {k}");
    }
    assert_eq!(x.msi, 0.0);
    // The canals felt it all the same.
    assert_ne!(x.x_scc[2], 0.0);
}

#[test]
fn a_sustained_vertical_oscillation_makes_msi_grow() {
    let predictor = Predictor::new(SvcTunables::default(), 0.05);
    let heave = (0..12_000).map(|k| {
        let t = k as f64 * 0.05;
        Motion {
            omega: [0.0; 3],
            f: [0.0, 0.0, G + 3.0 * (std::f64::consts::TAU * 0.2 * t).sin()],
        }
    });
    let out = predictor.run(heave);
    let (early, late) = (out[1200].msi_pct, out[11_999].msi_pct);
    assert!(early > 0.0 && late > 5.0 * early, "{early} then {late}");
    assert!(late < SvcTunables::default().p_pct);
    assert!(out.iter().any(|p| p.conflict > 0.1));
}

#[test]
fn gravity_keeps_its_length_under_rotation() {
    let p = SvcTunables::default();
    let mut x = State::upright();
    let roll = Motion {
        omega: [0.7, -0.2, 0.4],
        f: [0.0, 0.0, G],
    };
    for _ in 0..1000 {
        x = step(&x, &roll, 0.01, &p);
    }
    assert!((norm(x.g) - G).abs() < 1e-12);
    assert!(x.conflict() > 0.0);
    assert_eq!(x.to_array()[18..21], x.g);
}
