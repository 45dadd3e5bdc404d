//! Dates for file names and time stamps: the Gregorian calendar in UTC
//! from seconds since the Unix epoch, with no time-zone data.

/// The (year, month, day) of the Gregorian calendar `days` days after
/// 1970-01-01 (Howard Hinnant's `civil_from_days`).
pub fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// `secs` after the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ` (ISO 8601, UTC).
pub fn utc(secs: u64) -> String {
    let (y, m, d) = civil_date(secs / 86_400);
    let t = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        // 2000 was a leap year, 2100 will not be.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(47_541), (2100, 3, 1));
        assert_eq!(civil_date(20_454), (2026, 1, 1));
    }

    #[test]
    fn utc_times_match_known_dates() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        // `date -u -d @951782400`: the leap day of 2000.
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        // `date -u -d @1795000000`
        assert_eq!(utc(1_795_000_000), "2026-11-18T11:06:40Z");
    }
}
