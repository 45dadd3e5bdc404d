use super::*;
use crate::feel::run::run;
use crate::map::Map;
use crate::sim::{Controls, Tunables, World, TICK_DT};

fn at(x: f64, y: f64, yaw: f64) -> Sample {
    Sample {
        x,
        y,
        z: 0.5,
        yaw,
        wish_heading: yaw,
        turning: false,
        push: [0.0; 2],
        depth: [1.0; 4],
        visible_reach: 1.0,
        snapped: false,
    }
}

#[test]
fn a_left_turn_while_moving_forward_pushes_to_the_left() {
    for model in ["polar", "classic", "quake"] {
        let tunables = Tunables {
            model: crate::sim::Model::from_name(model).unwrap(),
            ..Tunables::default()
        };
        let mut world = World::new(Map::open_plane(), tunables, 1);
        let walk = Controls {
            forward: 1.0,
            ..Controls::default()
        };
        let turn_left = Controls { turn: -1.0, ..walk };
        let controls = std::iter::repeat_n(walk, 240).chain(std::iter::repeat_n(turn_left, 120));
        let trajectory = run(&mut world, controls, 90.0);
        let motion = head_motion(&trajectory.samples, &[], TICK_DT, 1.5);
        // Well into the turn: turning left is +wz, and the body is pushed
        // toward the turn's centre, on the left: fy > 0.
        let turning = &motion[300..360];
        assert!(turning.iter().all(|m| m.omega[2] > 0.0), "{model}");
        let fy: f64 = turning.iter().map(|m| m.f[1]).sum::<f64>() / 60.0;
        assert!(fy > 0.1, "{model}: mean fy {fy}");
        // Before it, walking straight at a steady speed: no sideways force.
        assert!(
            motion[200..230]
                .iter()
                .all(|m| m.f[1].abs() < 1e-9 && m.omega[2] == 0.0),
            "{model}"
        );
    }
}

#[test]
fn a_steady_circle_is_its_centripetal_force() {
    // 2 tiles/s on a circle of radius 4 tiles turning left (yaw falling),
    // facing along the velocity.
    let (r, speed, dt) = (4.0, 2.0, TICK_DT);
    let rate = speed / r;
    let samples: Vec<Sample> = (0..200)
        .map(|k| {
            let yaw = -(k as f64) * rate * dt;
            // Centre to the left of the heading: north of the start.
            at(
                r * (yaw + std::f64::consts::FRAC_PI_2).cos(),
                -r + r * (yaw + std::f64::consts::FRAC_PI_2).sin(),
                yaw,
            )
        })
        .collect();
    let motion = head_motion(&samples, &[], dt, 1.0);
    let m = motion[100];
    assert!((m.omega[2] - rate).abs() < 1e-9, "{:?}", m.omega);
    let centripetal = speed * speed / r;
    assert!((m.f[1] - centripetal).abs() < 1e-3, "{:?}", m.f);
    assert!(
        m.f[0].abs() < 1e-3 && (m.f[2] - G).abs() < 1e-12,
        "{:?}",
        m.f
    );
}

#[test]
fn starting_and_stopping_at_once_are_impulses() {
    // Still, then 3 tiles/s east from the first tick, then still again.
    let xs = [0.0, 0.0, 0.025, 0.05, 0.075, 0.075, 0.075];
    let samples: Vec<Sample> = xs.iter().map(|&x| at(x, 0.0, 0.0)).collect();
    let motion = head_motion(&samples, &[], 1.0 / 120.0, 1.0);
    let fx: Vec<f64> = motion.iter().map(|m| m.f[0]).collect();
    let jolt = 3.0 * 120.0;
    assert!(
        (fx[1] - jolt).abs() < 1e-9 && (fx[4] + jolt).abs() < 1e-9,
        "{fx:?}"
    );
    assert!(fx[0] == 0.0 && fx[2].abs() < 1e-9 && fx[5] == 0.0, "{fx:?}");
}

#[test]
fn cuts_carry_no_motion() {
    let mut samples = vec![at(0.0, 0.0, 0.0), at(0.01, 0.0, 0.0), at(0.02, 0.0, 0.0)];
    // A teleport, a snap and a jump turn.
    samples.push(at(5.0, 5.0, 0.0));
    samples.push(at(5.01, 5.0, 0.0));
    let mut snap = at(5.02, 5.0, 0.8);
    snap.snapped = true;
    samples.push(snap);
    samples.push(at(5.03, 5.0, 0.8));
    samples.push(at(5.04, 5.0, 2.0));
    let motion = head_motion(&samples, &[], 1.0 / 120.0, 1.5);
    for tick in [2, 4, 6] {
        assert_eq!(motion[tick], Motion::REST, "tick {tick}");
    }
    // The tick after a cut has its velocity but no acceleration.
    for tick in [3, 5] {
        assert_eq!(motion[tick].f, [0.0, 0.0, G], "tick {tick}");
    }
    // A jump the caller names is a cut even where nothing moves.
    let still = vec![at(0.0, 0.0, 0.0); 3];
    assert_eq!(head_motion(&still, &[1], 0.01, 1.0)[1], Motion::REST);
}

#[test]
fn repeats_jump_back_once_a_pass() {
    let samples: Vec<Sample> = (0..4).map(|k| at(k as f64 * 0.01, 0.0, 0.0)).collect();
    let (out, jumps) = repeated(&samples, 10);
    assert_eq!(out.len(), 11);
    assert_eq!(jumps, vec![3, 7]);
    assert_eq!(out[4], samples[0]);
    assert_eq!(out[10], samples[2]);
    let (once, none) = repeated(&samples, 3);
    assert_eq!((once, none), (samples.clone(), vec![]));
}
