//! How the report writes its numbers, in one place that every section
//! imports (a section importing another for it made the files a circle).

/// A number as the report shows it: at most two decimals, no trailing
/// zeros.
pub(super) fn num(v: f64) -> String {
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" => "0".into(),
        t => t.into(),
    }
}

/// A p-value: four decimals, or `< 0.0001`.
pub(super) fn p_text(p: f64) -> String {
    match p < 1e-4 {
        true => "< 0.0001".into(),
        false => num_places(p, 4),
    }
}

/// A p-value in a sentence: `p = 0.0123`, or `p < 0.0001`.
pub(super) fn p_phrase(p: f64) -> String {
    match p < 1e-4 {
        true => "p < 0.0001".into(),
        false => format!("p = {}", p_text(p)),
    }
}

/// A chi-square test in a sentence: `χ²(3) = 12.5, p = 0.0059`.
pub(super) fn chi_square(df: usize, statistic: f64, p: f64) -> String {
    format!("χ²({df}) = {}, {}", num(statistic), p_phrase(p))
}

/// `v` with `places` decimals, trailing zeros dropped.
pub(super) fn num_places(v: f64, places: usize) -> String {
    let text = format!("{v:.places$}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

/// A correlation or an effect size: a sign and two decimals.
pub(super) fn signed(v: f64) -> String {
    match format!("{v:+.2}").as_str() {
        "-0.00" | "+0.00" => "0.00".into(),
        t => t.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_two_decimals_at_most() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(41.144), "41.14");
        assert_eq!(num(-0.001), "0");
        assert_eq!(p_text(0.0390625), "0.0391");
        assert_eq!(p_text(1.0), "1");
        assert_eq!(p_text(2e-7), "< 0.0001");
        assert_eq!(signed(0.777), "+0.78");
        assert_eq!(signed(-1.0), "-1.00");
        assert_eq!(signed(-0.001), "0.00");
        assert_eq!(num_places(0.26244, 3), "0.262");
        assert_eq!(num_places(1.5, 3), "1.5");
        assert_eq!(chi_square(3, 124.0659, 1e-26), "χ²(3) = 124.07, p < 0.0001");
    }
}
