//! The ISO 2631-1 Wf frequency weighting (motion sickness) as four digital
//! biquads, and the motion sickness dose value built on it.
//!
//! Wf passes 0.08-0.63 Hz and peaks near 0.16-0.25 Hz at about 1. Each
//! analogue section is turned into a biquad by the bilinear transform with
//! its corner frequencies prewarped, so the corners land exactly.
//!
//! For camera motion that is only seen, not felt, the dose value is an
//! analogy with the standard's measure for whole-body motion, not a
//! validated dose.

use std::f64::consts::{FRAC_1_SQRT_2, PI, TAU};

// Wf parameters from ISO 2631-1:1997, table of the weighting filters.

/// Band-limiting high-pass corner f1, Hz.
pub const HIGH_PASS_HZ: f64 = 0.08;
/// Band-limiting low-pass corner f2, Hz.
pub const LOW_PASS_HZ: f64 = 0.63;
/// Quality factor of both band-limiting sections (Butterworth).
pub const BAND_Q: f64 = FRAC_1_SQRT_2;
/// Acceleration-velocity transition f4, Hz (f3 is infinite for Wf).
pub const TRANSITION_HZ: f64 = 0.25;
/// Quality factor Q4 of the transition.
pub const TRANSITION_Q: f64 = 0.86;
/// Upward step, lower corner f5, Hz.
pub const STEP_LOW_HZ: f64 = 0.0625;
/// Upward step quality factor Q5.
pub const STEP_LOW_Q: f64 = 0.80;
/// Upward step, upper corner f6, Hz.
pub const STEP_HIGH_HZ: f64 = 0.1;
/// Upward step quality factor Q6.
pub const STEP_HIGH_Q: f64 = 0.80;

/// A second-order analogue section `H(s) = N(s) / D(s)`; coefficients in
/// ascending powers of s (rad/s).
struct Analogue {
    num: [f64; 3],
    den: [f64; 3],
}

impl Analogue {
    /// `s^2 / (s^2 + s w/q + w^2)`, corner `w` rad/s.
    fn high_pass(w: f64, q: f64) -> Self {
        Self {
            num: [0.0, 0.0, 1.0],
            den: [w * w, w / q, 1.0],
        }
    }

    /// `w^2 / (s^2 + s w/q + w^2)`, corner `w` rad/s.
    fn low_pass(w: f64, q: f64) -> Self {
        Self {
            num: [w * w, 0.0, 0.0],
            den: [w * w, w / q, 1.0],
        }
    }

    /// `(s^2 + s w5/q5 + w5^2) / (s^2 + s w6/q6 + w6^2)`: gain
    /// `(w5 / w6)^2` at 0 Hz rising to 1 at high frequency.
    fn upward_step(w5: f64, q5: f64, w6: f64, q6: f64) -> Self {
        Self {
            num: [w5 * w5, w5 / q5, 1.0],
            den: [w6 * w6, w6 / q6, 1.0],
        }
    }

    /// The biquad from substituting `s = (2/dt)(1 - z^-1)/(1 + z^-1)`.
    fn bilinear(&self, dt: f64) -> Biquad {
        let k = 2.0 / dt;
        let z = |c: &[f64; 3]| {
            [
                c[2] * k * k + c[1] * k + c[0],
                2.0 * (c[0] - c[2] * k * k),
                c[2] * k * k - c[1] * k + c[0],
            ]
        };
        let b = z(&self.num);
        let a = z(&self.den);
        Biquad {
            b: [b[0] / a[0], b[1] / a[0], b[2] / a[0]],
            a: [a[1] / a[0], a[2] / a[0]],
            inputs: [0.0; 2],
            outputs: [0.0; 2],
        }
    }
}

/// The analogue corner (rad/s) that the bilinear transform at `dt` seconds
/// maps onto `hz` exactly.
fn prewarped(hz: f64, dt: f64) -> f64 {
    2.0 / dt * (PI * hz * dt).tan()
}

/// A digital second-order section, direct form I, starting at rest.
struct Biquad {
    /// Feed-forward coefficients for `x[n]`, `x[n-1]`, `x[n-2]`.
    b: [f64; 3],
    /// Feedback coefficients for `y[n-1]`, `y[n-2]` (a0 = 1).
    a: [f64; 2],
    /// The last two inputs, newest first.
    inputs: [f64; 2],
    /// The last two outputs, newest first.
    outputs: [f64; 2],
}

impl Biquad {
    /// Filters one sample.
    fn process(&mut self, input: f64) -> f64 {
        let [b0, b1, b2] = self.b;
        let [a1, a2] = self.a;
        let output = b0 * input + b1 * self.inputs[0] + b2 * self.inputs[1]
            - a1 * self.outputs[0]
            - a2 * self.outputs[1];
        self.inputs = [input, self.inputs[0]];
        self.outputs = [output, self.outputs[0]];
        output
    }

    /// Gain at `omega` radians per sample.
    fn magnitude(&self, omega: f64) -> f64 {
        let [a1, a2] = self.a;
        polynomial_magnitude(self.b, omega) / polynomial_magnitude([1.0, a1, a2], omega)
    }
}

/// `|c0 + c1 z^-1 + c2 z^-2|` on the unit circle, `z = e^(i omega)`.
fn polynomial_magnitude(c: [f64; 3], omega: f64) -> f64 {
    let re = c[0] + c[1] * omega.cos() + c[2] * (2.0 * omega).cos();
    let im = c[1] * omega.sin() + c[2] * (2.0 * omega).sin();
    re.hypot(im)
}

/// The Wf weighting for one sample interval, with its state (at rest when
/// made).
pub struct WfFilter {
    /// High-pass, low-pass, transition, upward step.
    sections: [Biquad; 4],
    /// Sample interval, seconds.
    dt: f64,
}

impl WfFilter {
    /// Wf at a sample interval of `dt` seconds; `None` unless every corner
    /// lies below Nyquist (`dt < 1 / (2 * 0.63 Hz)`).
    pub fn new(dt: f64) -> Option<Self> {
        if !(dt > 0.0 && LOW_PASS_HZ * dt < 0.5) {
            return None;
        }
        let w = |hz| prewarped(hz, dt);
        let sections = [
            Analogue::high_pass(w(HIGH_PASS_HZ), BAND_Q),
            Analogue::low_pass(w(LOW_PASS_HZ), BAND_Q),
            Analogue::low_pass(w(TRANSITION_HZ), TRANSITION_Q),
            Analogue::upward_step(w(STEP_LOW_HZ), STEP_LOW_Q, w(STEP_HIGH_HZ), STEP_HIGH_Q),
        ]
        .map(|section| section.bilinear(dt));
        Some(Self { sections, dt })
    }

    /// Weights one acceleration sample (any unit; the output has the same).
    pub fn process(&mut self, acceleration: f64) -> f64 {
        self.sections
            .iter_mut()
            .fold(acceleration, |signal, section| section.process(signal))
    }

    /// The digital filter's gain at `hz` (below Nyquist).
    pub fn magnitude(&self, hz: f64) -> f64 {
        let omega = TAU * hz * self.dt;
        self.sections.iter().map(|s| s.magnitude(omega)).product()
    }
}

/// Motion sickness dose value `sqrt(sum of a_w^2 dt)`, m/s^1.5, of an
/// acceleration series in m/s² sampled every `dt` seconds, `a_w` being the
/// series weighted by Wf from rest. 0 when `dt` is too coarse for Wf (see
/// [`WfFilter::new`]). For visual-only motion an analogy, not a validated
/// dose.
pub fn msdv(acceleration: &[f64], dt: f64) -> f64 {
    let Some(mut filter) = WfFilter::new(dt) else {
        return 0.0;
    };
    let dose: f64 = acceleration
        .iter()
        .map(|&a| filter.process(a).powi(2) * dt)
        .sum();
    dose.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 120.0;

    /// Gain of the analogue Wf (no sampling) at `hz`.
    fn analogue_magnitude(hz: f64) -> f64 {
        let w = |f: f64| TAU * f;
        let sections = [
            Analogue::high_pass(w(HIGH_PASS_HZ), BAND_Q),
            Analogue::low_pass(w(LOW_PASS_HZ), BAND_Q),
            Analogue::low_pass(w(TRANSITION_HZ), TRANSITION_Q),
            Analogue::upward_step(w(STEP_LOW_HZ), STEP_LOW_Q, w(STEP_HIGH_HZ), STEP_HIGH_Q),
        ];
        let s = w(hz);
        // N(i s) with ascending coefficients: real c0 - c2 s^2, imaginary c1 s.
        let at = |c: [f64; 3]| (c[0] - c[2] * s * s).hypot(c[1] * s);
        sections.iter().map(|x| at(x.num) / at(x.den)).product()
    }

    #[test]
    fn wf_peaks_near_one_between_0_16_and_0_25_hz() {
        let wf = WfFilter::new(DT).unwrap();
        for hz in [0.16, 0.2, 0.25] {
            let gain = wf.magnitude(hz);
            assert!((0.8..=1.05).contains(&gain), "gain {gain} at {hz} Hz");
        }
        let peak = (1..=100)
            .map(|i| wf.magnitude(i as f64 * 0.01))
            .fold(0.0, f64::max);
        assert!((0.95..=1.05).contains(&peak), "peak {peak}");
        let band_peak = wf.magnitude(0.16).max(wf.magnitude(0.2));
        assert!(band_peak > 0.97 * peak);
    }

    #[test]
    fn wf_matches_the_standard_s_tabulated_factors() {
        // ISO 2631-1:1997, table of weighting factors, Wf column (factor
        // x 1000 there).
        let table = [
            (0.1, 0.695),
            (0.125, 0.895),
            (0.16, 1.006),
            (0.2, 0.992),
            (0.25, 0.854),
            (0.315, 0.619),
            (0.4, 0.384),
            (0.5, 0.224),
            (0.63, 0.116),
            (0.8, 0.053),
            (1.0, 0.0235),
        ];
        let wf = WfFilter::new(DT).unwrap();
        for (hz, factor) in table {
            let gain = wf.magnitude(hz);
            assert!(
                (gain / factor - 1.0).abs() < 0.01,
                "{hz} Hz: {gain} vs {factor}"
            );
        }
    }

    #[test]
    fn wf_falls_off_outside_its_band() {
        let wf = WfFilter::new(DT).unwrap();
        assert!(wf.magnitude(0.02) < 0.1);
        assert!(wf.magnitude(0.01) < 0.02);
        assert!(wf.magnitude(2.0) < 0.02);
        assert!(wf.magnitude(4.0) < 0.001);
        assert!(wf.magnitude(0.04) < wf.magnitude(0.08));
        assert!(wf.magnitude(1.0) < wf.magnitude(0.63));
    }

    #[test]
    fn digital_filter_follows_the_analogue_one() {
        let wf = WfFilter::new(DT).unwrap();
        for hz in [0.02, 0.08, 0.1, 0.2, 0.4, 0.63, 1.0, 2.0] {
            let (digital, analogue) = (wf.magnitude(hz), analogue_magnitude(hz));
            assert!(
                (digital / analogue - 1.0).abs() < 0.01,
                "{hz} Hz: {digital} vs {analogue}"
            );
        }
    }

    #[test]
    fn filtering_a_sine_scales_it_by_the_gain() {
        let hz = 0.2;
        let mut wf = WfFilter::new(DT).unwrap();
        let n = (120.0 / DT) as usize;
        let out: Vec<f64> = (0..n)
            .map(|i| wf.process((TAU * hz * i as f64 * DT).sin()))
            .collect();
        // Skip the first minute of transient; the last minute is steady.
        let steady_peak = out[n / 2..].iter().fold(0.0f64, |m, v| m.max(v.abs()));
        assert!((steady_peak / wf.magnitude(hz) - 1.0).abs() < 0.01);
    }

    #[test]
    fn msdv_is_zero_for_no_motion_and_for_a_too_coarse_tick() {
        assert_eq!(msdv(&[0.0; 500], DT), 0.0);
        assert_eq!(msdv(&[1.0; 10], 1.0), 0.0);
        assert!(WfFilter::new(0.0).is_none());
    }
}
