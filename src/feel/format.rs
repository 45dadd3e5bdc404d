//! Metrics as text: an aligned table for people and CSV for tools.

use super::metrics::Metric;
use crate::short::figures;

/// Significant figures of the table's values.
const TABLE_FIGURES: usize = 4;

/// The CSV header line (without its newline).
pub const CSV_HEADER: &str = "metric,value,unit";

/// An aligned table, one line per metric: name, value (to
/// `TABLE_FIGURES` significant figures, `-` when the run does not
/// define it), unit and meaning, under a header line.
pub fn format_table(metrics: &[Metric]) -> String {
    let values: Vec<String> = metrics
        .iter()
        .map(|m| figures(m.value, TABLE_FIGURES))
        .collect();
    let name_width = column_width(metrics.iter().map(|m| m.name), "metric");
    let value_width = column_width(values.iter().map(String::as_str), "value");
    let unit_width = column_width(metrics.iter().map(|m| m.unit), "unit");
    let line = |name: &str, value: &str, unit: &str, meaning: &str| {
        let row =
            format!("{name:<name_width$}  {value:>value_width$}  {unit:<unit_width$}  {meaning}");
        row.trim_end().to_string() + "\n"
    };
    let mut table = line("metric", "value", "unit", "meaning");
    for (m, value) in metrics.iter().zip(&values) {
        table += &line(m.name, value, m.unit, m.meaning);
    }
    table
}

/// CSV: the header [`CSV_HEADER`], then `name,value,unit` per metric with
/// the value in Rust's shortest exact form, so it reads back bit for bit,
/// and empty when the run does not define it.
pub fn format_csv(metrics: &[Metric]) -> String {
    let mut csv = format!("{CSV_HEADER}\n");
    for m in metrics {
        let value = m.value.map_or(String::new(), |v| v.to_string());
        csv += &format!("{},{value},{}\n", m.name, m.unit);
    }
    csv
}

/// Widest of `cells` and `header`, in characters.
fn column_width<'a>(cells: impl Iterator<Item = &'a str>, header: &str) -> usize {
    cells
        .map(|c| c.chars().count())
        .fold(header.chars().count(), usize::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_metrics() -> Vec<Metric> {
        let metric = |name, value, unit| Metric {
            name,
            value: Some(value),
            unit,
            meaning: "what it means",
        };
        vec![
            metric("yaw_rate_rms", 26.657_123, "deg/s"),
            metric("speed_over_3ms_share", 0.1, "share"),
            metric("uncommanded_yaw_deg", 1234.5678, "deg"),
        ]
    }

    #[test]
    fn csv_has_a_header_and_one_row_per_metric() {
        let csv = format_csv(&sample_metrics());
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "metric,value,unit");
        assert_eq!(lines.len(), 1 + 3);
        assert_eq!(lines[1], "yaw_rate_rms,26.657123,deg/s");
    }

    #[test]
    fn csv_values_read_back_exactly() {
        let metrics = sample_metrics();
        let csv = format_csv(&metrics);
        for (line, m) in csv.lines().skip(1).zip(&metrics) {
            let value: f64 = line.split(',').nth(1).unwrap().parse().unwrap();
            assert_eq!(Some(value), m.value);
        }
    }

    #[test]
    fn table_columns_line_up() {
        let table = format_table(&sample_metrics());
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4);
        let unit_column = lines[0].find("unit").unwrap();
        assert!(lines[1][unit_column..].starts_with("deg/s "));
        assert!(lines[3][unit_column..].starts_with("deg "));
        assert!(lines[1].contains("26.66"));
        assert!(lines[3].contains("1235"));
        assert!(lines[1].ends_with("what it means"));
    }

    #[test]
    fn an_undefined_value_is_empty_in_csv_and_a_dash_in_the_table() {
        let mut metrics = sample_metrics();
        metrics[1].value = None;
        let csv = format_csv(&metrics);
        assert_eq!(csv.lines().nth(2), Some("speed_over_3ms_share,,share"));
        let table = format_table(&metrics);
        let row = table.lines().nth(2).unwrap();
        assert!(row.split_whitespace().nth(1) == Some("-"), "{row}");
    }
}
