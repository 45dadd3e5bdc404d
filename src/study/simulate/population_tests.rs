use super::*;

/// Many people's draws.
fn people(count: usize) -> Vec<[f64; TABLE.len()]> {
    let mut rng = Rng::new(7);
    (0..count).map(|_| draw(&mut rng)).collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn correlation(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let sxx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let syy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    sxy / (sxx * syy).sqrt()
}

#[test]
fn the_draws_follow_the_table() {
    let all = people(20_000);
    let column = |i: usize| all.iter().map(|p| p[i]).collect::<Vec<f64>>();
    for (i, r) in TABLE.iter().enumerate() {
        let values = column(i);
        match r.distribution {
            Distribution::Normal { mean, sd } => {
                let m = values.iter().sum::<f64>() / values.len() as f64;
                assert!((m - mean).abs() < 0.05 * sd, "{}: mean {m}", r.name);
            }
            Distribution::LogNormal {
                median: want,
                log_sd,
                ..
            } => {
                let got = median(values.clone());
                assert!(
                    (got / want).ln().abs() < 0.05 * log_sd.max(0.1),
                    "{}: {got}",
                    r.name
                );
                let logs: Vec<f64> = values.iter().map(|v| v.ln()).collect();
                let m = logs.iter().sum::<f64>() / logs.len() as f64;
                let sd =
                    (logs.iter().map(|l| (l - m).powi(2)).sum::<f64>() / logs.len() as f64).sqrt();
                assert!(
                    (sd - log_sd).abs() < 0.05 * log_sd,
                    "{}: log-SD {sd}",
                    r.name
                );
            }
            Distribution::Uniform { low, high } => {
                assert!(values.iter().all(|v| (low..high).contains(v)), "{}", r.name);
            }
            Distribution::Choice { count } => {
                for k in 0..count {
                    let share = values.iter().filter(|&&v| v == k as f64).count() as f64
                        / values.len() as f64;
                    assert!(
                        (share - 1.0 / count as f64).abs() < 0.02,
                        "{}: {share}",
                        r.name
                    );
                }
            }
        }
    }
    // Susceptibility's logarithm is tied to the MSSQ standing by its rho.
    let Distribution::LogNormal { rho, .. } = TABLE[row::SUSCEPTIBILITY].distribution else {
        panic!("susceptibility is log-normal");
    };
    let logs: Vec<f64> = column(row::SUSCEPTIBILITY).iter().map(|v| v.ln()).collect();
    let r = correlation(&column(row::MSSQ_Z), &logs);
    assert!((r - rho).abs() < 0.03, "correlation {r}");
    // The rating gain is not.
    let gains: Vec<f64> = column(row::GAIN).iter().map(|v| v.ln()).collect();
    assert!(correlation(&column(row::MSSQ_Z), &gains).abs() < 0.03);
}
