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
