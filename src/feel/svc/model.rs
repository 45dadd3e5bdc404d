//! The 6DoF subjective-vertical-conflict model, parameter set IN1: a port
//! of the authors' one-step function `sixdofSVC_IN1_public.m` and of the
//! settling their test program `test6dofSVC_IN1_public.m` does first
//! (wachan459/6DoF-SVC_model-IN1_Vestibular on GitHub).
//!
//! Inoue, S., Liu, H., and Wada, T., "Revisiting Motion Sickness Models
//! Based on SVC Theory Considering Motion Perception", SAE Technical Paper
//! 2023-01-0176, 2023; Wada, T., and Bos, J. E., "Theoretical
//! considerations on models of vestibular self-motion perception as
//! inherent in computational frameworks of motion sickness", Biological
//! Cybernetics 119:22, 2025.
//!
//! The step is written in the authors' order of operations, in plain f64
//! arithmetic (no fused multiply-add, no sum reordered), so it agrees with
//! their code run in Octave to rounding (`tests/svc.rs`, fixtures in
//! `tests/fixtures/svc/`) and a yaw about gravity leaves the conflict
//! exactly zero.
//!
//! The original code carries this notice, which this port keeps:
//!
//! ```text
//! The MIT License
//!
//! Copyright (c) 2025 Takahiro Wada
//!
//! Permission is hereby granted, free of charge, to any person obtaining a
//! copy of this software and associated documentation files (the
//! "Software"), to deal in the Software without restriction, including
//! without limitation the rights to use, copy, modify, merge, publish,
//! distribute, sublicense, and/or sell copies of the Software, and to
//! permit persons to whom the Software is furnished to do so, subject to
//! the following conditions:
//!
//! The above copyright notice and this permission notice shall be included
//! in all copies or substantial portions of the Software.
//!
//! THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS
//! OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
//! MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
//! IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
//! CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
//! TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
//! SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
//! ```

/// Gravity, m/s^2: the length the gravity state is renormalised to each
/// step, and the upward force `f` at rest, `(0, 0, G)`.
pub const G: f64 = 9.81;

/// The settling at rest before an input, seconds (the authors' 30
/// minutes, `NTIME = 30*60*Fs` steps).
pub const SETTLE_S: f64 = 30.0 * 60.0;

/// The model's parameters; [`Default`] is the published set IN1
/// (`setSVCIN1Param.m`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SvcTunables {
    /// `Ka`: gain of the linear acceleration in the internal model's
    /// estimate of the force (0.1).
    pub ka: f64,
    /// `Kw`: gain of the angular velocity in the internal canal model
    /// (0.1).
    pub kw: f64,
    /// `Kwc`: feedback gain of the angular-velocity conflict (10).
    pub kwc: f64,
    /// `Kvc`: gain of the vertical conflict's integrator (5).
    pub kvc: f64,
    /// `Kac`: feedback gain of the acceleration conflict (0.5).
    pub kac: f64,
    /// `tau_d`: the semicircular canals' long time constant, s (7).
    pub tau_d_s: f64,
    /// `tau_a`: the canals' adaptation time constant, s (190).
    pub tau_a_s: f64,
    /// `tau`: the low-pass of the sensed and estimated verticals, s (2).
    pub tau_s: f64,
    /// `P`: MSI reached at a saturated conflict, percent (85).
    pub p_pct: f64,
    /// `tau_I`: the time constant of MSI's second-order lag, s (720).
    pub tau_i_s: f64,
    /// `b`: the conflict at which the Hill function is a half, m/s^2 (0.5).
    pub b: f64,
}

impl Default for SvcTunables {
    /// IN1 (Inoue, Liu & Wada 2023), as `setSVCIN1Param.m` sets it.
    fn default() -> Self {
        Self {
            ka: 0.1,
            kw: 0.1,
            kwc: 10.0,
            kvc: 5.0,
            kac: 0.5,
            tau_d_s: 7.0,
            tau_a_s: 190.0,
            tau_s: 2.0,
            p_pct: 85.0,
            tau_i_s: 12.0 * 60.0,
            b: 0.5,
        }
    }
}

/// A three-vector (the authors' column vectors).
pub type Vec3 = [f64; 3];

/// One step's input, in the head frame (x forward, y left, z up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion {
    /// Angular velocity `omega`, rad/s, right-handed.
    pub omega: Vec3,
    /// Gravito-inertial force `f = g + a`, m/s^2: `(0, 0, G)` at rest.
    pub f: Vec3,
}

impl Motion {
    /// At rest, upright: no rotation, `f = (0, 0, G)`.
    pub const REST: Motion = Motion {
        omega: [0.0; 3],
        f: [0.0, 0.0, G],
    };
}

/// The model's 23 states, named as the authors' `xstate` splits them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    /// `x_scc` (states 1-3): the canals' integrated state.
    pub x_scc: Vec3,
    /// `dotx_scc` (4-6): its rate.
    pub dotx_scc: Vec3,
    /// `v_s` (7-9): the sensed vertical, m/s^2.
    pub v_s: Vec3,
    /// `hv_s` (10-12): the internal model's estimate of it, m/s^2.
    pub hv_s: Vec3,
    /// `x_hscc` (13-15): the internal canal model's state.
    pub x_hscc: Vec3,
    /// `x_vc` (16-18): the integrated vertical conflict.
    pub x_vc: Vec3,
    /// `g` (19-21): gravity in the head frame, m/s^2, length [`G`].
    pub g: Vec3,
    /// `dotMsi` (22): MSI's rate, percent per second.
    pub msi_rate: f64,
    /// `Msi` (23): the motion sickness incidence, percent.
    pub msi: f64,
}

impl State {
    /// The authors' tentative start before settling: upright at rest with
    /// every estimate already at the vertical (`fdummy`).
    pub fn upright() -> Self {
        let up = upright_force();
        let kvc = SvcTunables::default().kvc;
        Self {
            x_scc: [0.0; 3],
            dotx_scc: [0.0; 3],
            v_s: up,
            hv_s: up,
            x_hscc: [0.0; 3],
            x_vc: up.map(|v| v / kvc),
            g: up,
            msi_rate: 0.0,
            msi: 0.0,
        }
    }

    /// The 23 states in the authors' order (`xstate(1:23)`).
    pub fn to_array(&self) -> [f64; 23] {
        let mut x = [0.0; 23];
        let parts = [
            self.x_scc,
            self.dotx_scc,
            self.v_s,
            self.hv_s,
            self.x_hscc,
            self.x_vc,
            self.g,
        ];
        for (i, part) in parts.iter().enumerate() {
            x[3 * i..3 * i + 3].copy_from_slice(part);
        }
        x[21] = self.msi_rate;
        x[22] = self.msi;
        x
    }

    /// The conflict `|v_s - hv_s|`, m/s^2: what MSI grows from.
    pub fn conflict(&self) -> f64 {
        norm(sub(self.v_s, self.hv_s))
    }
}

/// `(0, 0, G)` renormalised as the authors do it (`fdummy/norm(fdummy)*9.81`).
fn upright_force() -> Vec3 {
    let up = [0.0, 0.0, G];
    let n = norm(up);
    up.map(|v| v / n * G)
}

/// The self-motion the internal model takes as known: the acceleration
/// `a` and the rotation `omega` that IN1's internal model reads through its
/// gains `Ka` and `Kw` (the efference copy, or the motion perceived). In
/// the published model it is the body's own motion (`a = f - g`); the
/// visual pathway ([`super::visual`]) gives it the motion seen instead,
/// while the sense organs feel the body's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Perceived {
    /// Linear acceleration, m/s^2, head frame.
    pub a: Vec3,
    /// Angular velocity, rad/s, head frame, right-handed.
    pub omega: Vec3,
}

/// One explicit Euler step of `dt` seconds from `x` under `u`, as
/// `sixdofSVC_IN1_public.m` takes it, gravity renormalised to [`G`].
pub fn step(x: &State, u: &Motion, dt: f64, prm: &SvcTunables) -> State {
    let known = Perceived {
        a: sub(u.f, x.g),
        omega: u.omega,
    };
    step_perceived(x, u, &known, dt, prm)
}

/// [`step`] with the sense organs (canals, otoliths) and the head's
/// gravity moved by the body's motion `u`, and the internal model's
/// `Ka * a` and `Kw * omega` terms fed `known` instead of the body's own
/// motion. With `known` the body's (`a = f - g`, `omega = u.omega`) it is
/// [`step`], the same arithmetic in the same order. Any other `known` is
/// no longer the published model: [`super::visual`] states the hypothesis
/// that uses it.
pub fn step_perceived(
    x: &State,
    u: &Motion,
    known: &Perceived,
    dt: f64,
    prm: &SvcTunables,
) -> State {
    let omega = u.omega;
    let f = u.f;
    let a = known.a;
    let k_omega = known.omega;
    // The canals' sensed rotation; `1/taud/taua` divides twice, as written.
    let c1 = 1.0 / prm.tau_d_s + 1.0 / prm.tau_a_s;
    let c2 = 1.0 / prm.tau_d_s / prm.tau_a_s;
    let omega_s = add(add(scale(c1, x.dotx_scc), scale(c2, x.x_scc)), omega);
    let a_s = sub(f, x.v_s);
    let hf = scale(
        1.0 / (1.0 + prm.kac),
        add(
            add(scale(prm.ka, a), scale(prm.kvc, x.x_vc)),
            scale(prm.kac, add(a_s, x.hv_s)),
        ),
    );
    let homega_s = scale(
        1.0 / (1.0 + prm.kwc),
        add(
            add(x.x_hscc, scale(prm.kw, k_omega)),
            scale(prm.kwc, omega_s),
        ),
    );
    let r = norm(sub(x.v_s, x.hv_s)) / prm.b;
    let dumm = r * r;
    let x_h = dumm / (1.0 + dumm);

    // The derivative `fnc`, block by block.
    let d_x_scc = x.dotx_scc;
    let d_dotx_scc = sub(sub(scale(-c1, x.dotx_scc), scale(c2, x.x_scc)), omega);
    let d_v_s = sub(div(sub(f, x.v_s), prm.tau_s), cross(omega_s, x.v_s));
    let d_hv_s = sub(div(sub(hf, x.hv_s), prm.tau_s), cross(homega_s, x.hv_s));
    let d_x_hscc = sub(
        div(x.x_hscc.map(|v| -v), prm.tau_d_s),
        div(
            add(
                scale(prm.kw, k_omega),
                scale(prm.kwc, sub(omega_s, homega_s)),
            ),
            prm.tau_d_s,
        ),
    );
    let d_x_vc = sub(x.v_s, x.hv_s);
    let d_g = cross(omega, x.g).map(|v| -v);
    let d_msi_rate =
        (-2.0 * prm.tau_i_s * x.msi_rate - x.msi + prm.p_pct * x_h) / prm.tau_i_s / prm.tau_i_s;
    let d_msi = x.msi_rate;

    let euler = |s: Vec3, d: Vec3| add(s, scale_by(d, dt));
    let g = euler(x.g, d_g);
    let n = norm(g);
    State {
        x_scc: euler(x.x_scc, d_x_scc),
        dotx_scc: euler(x.dotx_scc, d_dotx_scc),
        v_s: euler(x.v_s, d_v_s),
        hv_s: euler(x.hv_s, d_hv_s),
        x_hscc: euler(x.x_hscc, d_x_hscc),
        x_vc: euler(x.x_vc, d_x_vc),
        g: g.map(|v| v / n * G),
        msi_rate: x.msi_rate + d_msi_rate * dt,
        msi: x.msi + d_msi * dt,
    }
}

/// The number of settling steps at a step of `dt` seconds: the authors'
/// `30*60*floor(1/Dt)`.
pub fn settle_steps(dt: f64) -> u64 {
    (SETTLE_S * (1.0 / dt).floor()) as u64
}

/// The state an input starts from, at a step of `dt` seconds: the
/// upright start settled at rest for [`settle_steps`], then gravity set
/// upright and MSI and its rate set to zero, as the authors' test program
/// does. It does not depend on the input.
pub fn settled(dt: f64, prm: &SvcTunables) -> State {
    let mut x = State::upright();
    for _ in 0..settle_steps(dt) {
        x = step(&x, &Motion::REST, dt, prm);
    }
    State {
        g: upright_force(),
        msi_rate: 0.0,
        msi: 0.0,
        ..x
    }
}

/// What the model says after one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The motion sickness incidence, percent.
    pub msi_pct: f64,
    /// The conflict `|v_s - hv_s|`, m/s^2.
    pub conflict: f64,
}

/// The model at one step size, settled once at construction: each
/// [`Predictor::run`] starts from that settled state.
#[derive(Clone, Debug)]
pub struct Predictor {
    tunables: SvcTunables,
    dt: f64,
    start: State,
}

impl Predictor {
    /// The model with `tunables` at a step of `dt` seconds (> 0, finite),
    /// settled: [`settle_steps`] steps, about 180,000 at 0.01 s.
    pub fn new(tunables: SvcTunables, dt: f64) -> Self {
        assert!(dt > 0.0 && dt.is_finite(), "a step of {dt} s");
        Self {
            tunables,
            dt,
            start: settled(dt, &tunables),
        }
    }

    /// The step, seconds.
    pub fn dt(&self) -> f64 {
        self.dt
    }

    /// The settled state every input starts from.
    pub fn start(&self) -> State {
        self.start
    }

    /// One step from `state` under `motion`.
    pub fn step(&self, state: &State, motion: &Motion) -> State {
        step(state, motion, self.dt, &self.tunables)
    }

    /// One step from `state` with the body moved by `body` and the
    /// internal model fed `known` ([`step_perceived`]).
    pub fn step_perceived(&self, state: &State, body: &Motion, known: &Perceived) -> State {
        step_perceived(state, body, known, self.dt, &self.tunables)
    }

    /// The model's parameters.
    pub fn tunables(&self) -> &SvcTunables {
        &self.tunables
    }

    /// Steps through `inputs` from the settled state: the prediction after
    /// each input's step, one for each.
    pub fn run(&self, inputs: impl IntoIterator<Item = Motion>) -> Vec<Prediction> {
        let mut x = self.start;
        inputs
            .into_iter()
            .map(|u| {
                x = self.step(&x, &u);
                Prediction {
                    msi_pct: x.msi,
                    conflict: x.conflict(),
                }
            })
            .collect()
    }
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `k * v`, the scalar first as the authors write it.
fn scale(k: f64, v: Vec3) -> Vec3 {
    v.map(|c| k * c)
}

/// `v * k` (`fnc*Dt`).
fn scale_by(v: Vec3, k: f64) -> Vec3 {
    v.map(|c| c * k)
}

fn div(v: Vec3, k: f64) -> Vec3 {
    v.map(|c| c / k)
}

/// `cross(a, b)` as Octave's `cross.m` writes it.
fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The Euclidean length, `sqrt(x^2 + y^2 + z^2)` summed in order.
fn norm(v: Vec3) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
