use super::*;
use crate::feel::svc::model::{step, step_perceived, SvcTunables};
use crate::feel::svc::State;

const DT: f64 = 1.0 / 120.0;

fn sample(x: f64, y: f64, yaw: f64, reach: f64) -> Sample {
    Sample {
        x,
        y,
        z: 0.5,
        yaw,
        wish_heading: yaw,
        turning: false,
        push: [0.0; 2],
        depth: [8.0; 4],
        visible_reach: reach,
        snapped: false,
    }
}

/// Walks east, speeding up and slowing down every 2 s and turning left
/// 30 degrees a second, the restrictor leaving `reach` of the view.
fn drive(seconds: f64, reach: f64) -> Vec<Sample> {
    let n = (seconds / DT) as usize;
    let (mut x, mut y, mut yaw) = (0.0, 0.0, 0.0);
    let mut out = vec![sample(x, y, yaw, reach)];
    for k in 0..n {
        let t = k as f64 * DT;
        let speed = 2.0 + 1.5 * (std::f64::consts::PI * t / 2.0).sin();
        yaw -= 30f64.to_radians() * DT;
        x += speed * yaw.cos() * DT;
        y += speed * yaw.sin() * DT;
        out.push(sample(x, y, yaw.rem_euclid(std::f64::consts::TAU), reach));
    }
    out
}

fn view(reference: Reference) -> View {
    View {
        fov_deg: 90.0,
        reference,
        screen_deg: None,
    }
}

fn predictor() -> Predictor {
    Predictor::new(SvcTunables::default(), DT)
}

fn end(p: &[Prediction]) -> f64 {
    p.last().unwrap().msi_pct
}

#[test]
fn the_vestibular_pathway_is_the_published_model_exactly() {
    let samples = drive(20.0, 1.0);
    let scale = Scale::default();
    let p = predictor();
    let motion = head_motion(&samples, &[], DT, scale.metres_per_tile);
    let published = p.run(motion.iter().copied());
    let visual = VisualTunables::default();
    let ours = predict_run(
        &p,
        Pathway::Vestibular,
        &samples,
        &[],
        scale,
        &view(Reference::Frame),
        &visual,
    );
    assert_eq!(ours, published);
    assert!(end(&ours) > 0.0);
}

#[test]
fn the_body_s_own_motion_as_known_is_the_published_step_bit_for_bit() {
    let prm = SvcTunables::default();
    let mut a = State::upright();
    let mut b = a;
    for k in 0..2000 {
        let t = k as f64 * 0.01;
        let u = Motion {
            omega: [0.3 * t.sin(), -0.2 * (0.7 * t).cos(), 0.5],
            f: [1.5 * (0.2 * t).sin(), -0.8, G + 0.4 * (1.3 * t).cos()],
        };
        let known = Perceived {
            a: [u.f[0] - b.g[0], u.f[1] - b.g[1], u.f[2] - b.g[2]],
            omega: u.omega,
        };
        a = step(&a, &u, 0.01, &prm);
        b = step_perceived(&b, &u, &known, 0.01, &prm);
        assert_eq!(a.to_array(), b.to_array(), "step {k}");
    }
}

#[test]
fn seen_yaw_alone_leaves_the_seated_model_exactly_at_rest() {
    let p = predictor();
    let yaw = Motion {
        omega: [0.0, 0.0, 1.2],
        f: [0.0, 0.0, G],
    };
    let seen = vec![Input::visual(&yaw, 1.0); 2400];
    let rest = vec![Input::vestibular(Motion::REST); 2400];
    assert_eq!(predict(&p, &seen), predict(&p, &rest));
    assert_eq!(end(&predict(&p, &seen)), 0.0);
}

#[test]
fn a_seated_viewer_is_sickened_less_than_the_body_moved_and_the_restrictor_lowers_it() {
    let scale = Scale::default();
    let p = predictor();
    let visual = VisualTunables::default();
    let plain = drive(120.0, 1.0);
    let narrowed = drive(120.0, 0.5);
    let v = view(Reference::None);
    let vestibular = predict_run(&p, Pathway::Vestibular, &plain, &[], scale, &v, &visual);
    let seen = predict_run(&p, Pathway::Visual, &plain, &[], scale, &v, &visual);
    let restricted = predict_run(&p, Pathway::Visual, &narrowed, &[], scale, &v, &visual);
    let frame = predict_run(
        &p,
        Pathway::Visual,
        &plain,
        &[],
        scale,
        &view(Reference::Frame),
        &visual,
    );
    let (vest, seen, restricted, frame) =
        (end(&vestibular), end(&seen), end(&restricted), end(&frame));
    assert!(seen > 0.0, "{seen}");
    assert!(seen < vest, "{seen} {vest}");
    assert!(restricted < seen, "{restricted} {seen}");
    assert!(frame < seen, "{frame} {seen}");
    // A larger gain: more.
    let strong = VisualTunables {
        gain: 2.0,
        ..visual
    };
    let more = predict_run(&p, Pathway::Visual, &plain, &[], scale, &v, &strong);
    assert!(end(&more) > seen);
}

#[test]
fn the_weight_follows_the_visible_field_the_screen_and_the_reference() {
    let t = VisualTunables::default();
    let open = view(Reference::None);
    // 90 degrees of 180, all of it visible.
    assert!((weight(&t, &open, 1.0) - 0.5).abs() < 1e-12);
    // Half the half-width in the screen's plane: atan(0.5) either side.
    let half = 2.0 * 0.5f64.atan().to_degrees() / 180.0;
    assert!((weight(&t, &open, 0.5) - half).abs() < 1e-12);
    assert_eq!(weight(&t, &open, 0.0), 0.0);
    // The same view on a screen 40 degrees wide at the eye.
    let desk = View {
        screen_deg: Some(40.0),
        ..open
    };
    assert!((weight(&t, &desk, 1.0) - 40.0 / 180.0).abs() < 1e-12);
    // A wider rendered field, a larger weight, capped at the gain.
    let wide = View {
        fov_deg: 120.0,
        ..open
    };
    assert!(weight(&t, &wide, 1.0) > weight(&t, &open, 1.0));
    let narrow_full = VisualTunables {
        full_field_deg: 60.0,
        ..t
    };
    assert_eq!(weight(&narrow_full, &open, 1.0), t.gain);
    assert!((weight(&t, &view(Reference::Dot), 1.0) - 0.5 * t.dot).abs() < 1e-12);
    assert!((weight(&t, &view(Reference::Frame), 1.0) - 0.5 * t.frame).abs() < 1e-12);
}

#[test]
fn pathways_are_named_both_ways_and_the_visual_one_says_it_is_a_hypothesis() {
    for p in Pathway::ALL {
        assert_eq!(Pathway::from_name(p.name()), Some(p));
    }
    assert_eq!(Pathway::from_name("eyes"), None);
    assert!(Pathway::Visual.about().contains("hypothesis"));
    assert!(!Pathway::Vestibular.about().contains("hypothesis"));
}
