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
/// series weighted by Wf from rest. The filter still rings when a run ends,
/// so the dose includes its run-out: the filter goes on with no
/// acceleration (the motion carrying on unchanged) until a second of it
/// adds less than [`RUN_OUT_TOLERANCE`] of the dose so far, at most
/// [`MAX_RUN_OUT_S`]. 0 when `dt` is too coarse for Wf (see
/// [`WfFilter::new`]). For visual-only motion an analogy, not a validated
/// dose.
pub fn msdv(acceleration: &[f64], dt: f64) -> f64 {
    let Some(mut filter) = WfFilter::new(dt) else {
        return 0.0;
    };
    let mut dose: f64 = acceleration
        .iter()
        .map(|&a| filter.process(a).powi(2) * dt)
        .sum();
    let per_second = (1.0 / dt).round().max(1.0) as usize;
    let seconds = MAX_RUN_OUT_S as usize;
    for _ in 0..seconds {
        let tail: f64 = (0..per_second)
            .map(|_| filter.process(0.0).powi(2) * dt)
            .sum();
        dose += tail;
        if tail <= RUN_OUT_TOLERANCE * dose {
            break;
        }
    }
    dose.sqrt()
}

/// A second of run-out adding less than this share of the dose ends it.
pub const RUN_OUT_TOLERANCE: f64 = 1e-13;
/// The longest run-out, seconds: Wf's slowest corner (0.08 Hz) has rung
/// down by many orders of magnitude well before.
pub const MAX_RUN_OUT_S: f64 = 120.0;

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 120.0;

    // The reference: Wf as ISO 2631-1:1997 writes it (clause 6 and annex A,
    // table of the weighting parameters), with the numbers typed here and
    // not taken from the module's constants, so a changed corner or Q there
    // shows up as a disagreement. The upward step is part of Wf: with
    // Hs = 1 the gain at 0.1 Hz would be 0.877 instead of the tabulated
    // 0.695 (see `the_reference_reproduces_the_standard_s_table`).

    /// Band-limiting high-pass corner f1, Hz.
    const ISO_F1: f64 = 0.08;
    /// Band-limiting low-pass corner f2, Hz.
    const ISO_F2: f64 = 0.63;
    /// Q1 = Q2 of the band limiting: Butterworth, 1/sqrt(2).
    const ISO_Q12: f64 = std::f64::consts::FRAC_1_SQRT_2;
    /// Acceleration-velocity transition f4, Hz (f3 is infinite for Wf).
    const ISO_F4: f64 = 0.25;
    /// Q4 of the transition.
    const ISO_Q4: f64 = 0.86;
    /// Upward step, lower corner f5, Hz.
    const ISO_F5: f64 = 0.0625;
    /// Upward step, upper corner f6, Hz.
    const ISO_F6: f64 = 0.1;
    /// Q5 = Q6 of the upward step.
    const ISO_Q56: f64 = 0.80;

    /// `|1 + p/q + p^2|` at `p = j f / corner`: the standard's normalised
    /// second-order polynomial `1 + s/(q w) + s^2/w^2` on the imaginary axis.
    fn iso_quadratic(hz: f64, corner_hz: f64, q: f64) -> f64 {
        let r = hz / corner_hz;
        (1.0 - r * r).hypot(r / q)
    }

    /// `|Wf(j 2 pi f)|` of the analogue weighting, the product of the
    /// standard's four factors.
    fn iso_wf(hz: f64) -> f64 {
        let high_pass = (hz / ISO_F1).powi(2) / iso_quadratic(hz, ISO_F1, ISO_Q12);
        let low_pass = 1.0 / iso_quadratic(hz, ISO_F2, ISO_Q12);
        let transition = 1.0 / iso_quadratic(hz, ISO_F4, ISO_Q4);
        let step = (ISO_F5 / ISO_F6).powi(2) * iso_quadratic(hz, ISO_F5, ISO_Q56)
            / iso_quadratic(hz, ISO_F6, ISO_Q56);
        high_pass * low_pass * transition * step
    }

    /// A digital section of the reference: `B(z) / A(z)`, both in powers
    /// of z^-1, A not normalised.
    #[derive(Clone, Copy)]
    struct Section {
        b: [f64; 3],
        a: [f64; 3],
    }

    /// The standard's `1 + s/(q w) + s^2/w^2` after the bilinear transform
    /// with `w` prewarped (`K = tan(pi f dt)`, so `s / w = u / K` with
    /// `u = (1 - z^-1)/(1 + z^-1)`), multiplied through by
    /// `K^2 (1 + z^-1)^2`: coefficients of z^0, z^-1, z^-2.
    fn bilinear_quadratic(k: f64, q: f64) -> [f64; 3] {
        [k * k + k / q + 1.0, 2.0 * k * k - 2.0, k * k - k / q + 1.0]
    }

    /// The reference Wf at `dt`: each factor turned into one digital section
    /// by the bilinear transform with its corners prewarped. The common
    /// factor `K^2 (1 + z^-1)^2` turns the high-pass numerator `p^2` into
    /// `(1 - z^-1)^2`, the low-pass numerators `1` into `K^2 (1 + z^-1)^2`,
    /// and cancels from the step together with its `(w5/w6)^2`.
    fn reference_sections(dt: f64) -> [Section; 4] {
        let k = |hz: f64| (PI * hz * dt).tan();
        let (k1, k2, k4) = (k(ISO_F1), k(ISO_F2), k(ISO_F4));
        let low_pass = |k: f64, q: f64| Section {
            b: [k * k, 2.0 * k * k, k * k],
            a: bilinear_quadratic(k, q),
        };
        [
            Section {
                b: [1.0, -2.0, 1.0],
                a: bilinear_quadratic(k1, ISO_Q12),
            },
            low_pass(k2, ISO_Q12),
            low_pass(k4, ISO_Q4),
            Section {
                b: bilinear_quadratic(k(ISO_F5), ISO_Q56),
                a: bilinear_quadratic(k(ISO_F6), ISO_Q56),
            },
        ]
    }

    /// Gain of the reference digital filter at `hz`, evaluating each
    /// section on the unit circle `z^-1 = e^(-j w)`.
    fn reference_magnitude(hz: f64, dt: f64) -> f64 {
        let omega = TAU * hz * dt;
        let at = |c: [f64; 3]| {
            let re = c[0] + c[1] * omega.cos() + c[2] * (2.0 * omega).cos();
            let im = -c[1] * omega.sin() - c[2] * (2.0 * omega).sin();
            re.hypot(im)
        };
        reference_sections(dt)
            .iter()
            .map(|s| at(s.b) / at(s.a))
            .product()
    }

    /// `signal` through the reference filter from rest, in transposed
    /// direct form II (a different structure from the module's direct
    /// form I, so only the coefficients have to agree).
    fn reference_filter(signal: &[f64], dt: f64) -> Vec<f64> {
        let sections = reference_sections(dt);
        let mut state = [[0.0f64; 2]; 4];
        signal
            .iter()
            .map(|&x| {
                sections.iter().zip(&mut state).fold(x, |input, (s, w)| {
                    let [b0, b1, b2] = s.b.map(|b| b / s.a[0]);
                    let (a1, a2) = (s.a[1] / s.a[0], s.a[2] / s.a[0]);
                    let output = b0 * input + w[0];
                    w[0] = b1 * input - a1 * output + w[1];
                    w[1] = b2 * input - a2 * output;
                    output
                })
            })
            .collect()
    }

    /// Relative gain error allowed between the digital filter and the
    /// analogue formula at `hz`. The bilinear transform reads the analogue
    /// response at a frequency warped by `tan`, about `(pi f dt)^2 / 3` too
    /// high; above the band the response falls as f^-4, so the gain is off
    /// by about `4 (pi f dt)^2 / 3`: allowed 1.5 times that, plus 2e-5 for
    /// the sections prewarped at different corners (5.7e-6 at most, below
    /// 0.3 Hz).
    fn discretisation_tolerance(hz: f64) -> f64 {
        2e-5 + 2.0 * (PI * hz * DT).powi(2)
    }

    /// A test input with slow and fast content and steps: a 0.2 Hz sine, a
    /// +-0.5 square wave of 5 s period and a 3.1 Hz sine, `seconds` long.
    fn busy_signal(seconds: f64) -> Vec<f64> {
        let n = (seconds / DT).round() as usize;
        (0..n)
            .map(|i| {
                let t = i as f64 * DT;
                let square = if (i / 300) % 2 == 0 { -0.5 } else { 0.5 };
                (TAU * 0.2 * t).sin() + square + 0.3 * (TAU * 3.1 * t).sin()
            })
            .collect()
    }

    #[test]
    fn the_reference_reproduces_the_standard_s_table() {
        // ISO 2631-1:1997, table of weighting factors, Wf column (factor x
        // 1000 there), with half a unit of its last printed digit.
        let table = [
            (0.1, 0.695, 5e-4),
            (0.125, 0.895, 5e-4),
            (0.16, 1.006, 5e-4),
            (0.2, 0.992, 5e-4),
            (0.25, 0.854, 5e-4),
            (0.315, 0.619, 5e-4),
            (0.4, 0.384, 5e-4),
            (0.5, 0.224, 5e-4),
            (0.63, 0.116, 5e-4),
            (0.8, 0.053, 5e-4),
            (1.0, 0.0235, 5e-5),
        ];
        for (hz, factor, rounding) in table {
            let gain = iso_wf(hz);
            assert!(
                (gain - factor).abs() <= rounding,
                "{hz} Hz: {gain} vs {factor}"
            );
        }
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
    fn the_gain_follows_the_iso_formula_at_every_frequency() {
        let wf = WfFilter::new(DT).unwrap();
        // 61 frequencies, 20 per decade, from 0.01 Hz to 10 Hz.
        for i in 0..=60 {
            let hz = 0.01 * 10f64.powf(i as f64 / 20.0);
            let (digital, analogue) = (wf.magnitude(hz), iso_wf(hz));
            let error = (digital / analogue - 1.0).abs();
            assert!(
                error <= discretisation_tolerance(hz),
                "{hz} Hz: {digital} vs {analogue}"
            );
        }
    }

    #[test]
    fn the_gain_equals_the_reference_discretisation() {
        let wf = WfFilter::new(DT).unwrap();
        for i in 0..=66 {
            let hz = 0.01 * 10f64.powf(i as f64 / 20.0);
            let (module, reference) = (wf.magnitude(hz), reference_magnitude(hz, DT));
            // Near 0 Hz both lose digits to the high-pass zeros at z = 1.
            assert!(
                (module / reference - 1.0).abs() < 1e-9,
                "{hz} Hz: {module} vs {reference}"
            );
        }
    }

    #[test]
    fn the_output_equals_the_reference_discretisation_sample_by_sample() {
        for dt in [DT, 1.0 / 60.0] {
            let signal = busy_signal(60.0);
            let mut wf = WfFilter::new(dt).unwrap();
            let reference = reference_filter(&signal, dt);
            let peak = reference.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            assert!(peak > 0.1, "the check must see a signal: {peak}");
            for (i, (&x, &want)) in signal.iter().zip(&reference).enumerate() {
                let got = wf.process(x);
                // Rounding differs between the two structures, by about
                // 1e-12 of the peak.
                assert!(
                    (got - want).abs() <= 1e-10 * peak,
                    "dt {dt}, sample {i}: {got} vs {want}"
                );
            }
        }
    }

    #[test]
    fn a_steady_sine_comes_out_scaled_by_the_iso_gain() {
        // 60 s for the transient to die (the slowest pole, the high-pass,
        // decays as e^(-0.36 t)), then 100 s measured: a whole number of
        // periods at each of these frequencies, where the mean of sin^2 is
        // exactly 1/2.
        let (settle, measure) = (7200, 12000);
        for hz in [0.05, 0.08, 0.1, 0.16, 0.2, 0.25, 0.4, 0.63, 1.0, 2.0] {
            let mut wf = WfFilter::new(DT).unwrap();
            let out: Vec<f64> = (0..settle + measure)
                .map(|i| wf.process((TAU * hz * i as f64 * DT).sin()))
                .collect();
            let mean_square = out[settle..].iter().map(|y| y * y).sum::<f64>() / measure as f64;
            let gain = (2.0 * mean_square).sqrt();
            let expected = iso_wf(hz);
            assert!(
                (gain / expected - 1.0).abs() <= discretisation_tolerance(hz),
                "{hz} Hz: {gain} vs {expected}"
            );
        }
    }

    #[test]
    fn msdv_is_the_root_of_the_summed_reference_output_squared_times_dt() {
        // The reference run on through two minutes of stillness: the
        // run-out the dose includes.
        let mut signal = busy_signal(30.0);
        let run = signal.len();
        signal.resize(run + (MAX_RUN_OUT_S / DT) as usize, 0.0);
        let weighted = reference_filter(&signal, DT);
        let expected = (weighted.iter().map(|a| a * a * DT).sum::<f64>()).sqrt();
        let got = msdv(&signal[..run], DT);
        assert!(expected > 0.5, "{expected}");
        assert!((got / expected - 1.0).abs() < 1e-10, "{got} vs {expected}");
    }

    #[test]
    fn the_dose_of_a_run_does_not_depend_on_stillness_after_it() {
        // A brake to a stop: the filter rings after the last sample.
        let mut signal = vec![0.0; 120];
        signal.extend(vec![-3.0; 60]);
        let bare = msdv(&signal, DT);
        signal.extend(vec![0.0; 1200]);
        let padded = msdv(&signal, DT);
        assert!((bare / padded - 1.0).abs() < 1e-6, "{bare} vs {padded}");
    }

    #[test]
    fn msdv_is_zero_for_no_motion_and_for_a_too_coarse_tick() {
        assert_eq!(msdv(&[0.0; 500], DT), 0.0);
        assert_eq!(msdv(&[1.0; 10], 1.0), 0.0);
        assert!(WfFilter::new(0.0).is_none());
    }
}
