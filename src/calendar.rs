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

/// The days after 1970-01-01 of the Gregorian date `year`-`month`-`day`
/// (Howard Hinnant's `days_from_civil`, the inverse of [`civil_date`]);
/// None before 1970, or for a month out of range or a day past that
/// month's length (February's 29th only in a leap year).
pub fn civil_days(year: u64, month: u64, day: u64) -> Option<u64> {
    if !(1..=12).contains(&month) || !(1..=month_days(year, month)).contains(&day) || year < 1970 {
        return None;
    }
    let y = if month <= 2 { year - 1 } else { year };
    let era = y / 400;
    let yoe = y - era * 400;
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The days of `month` (1 to 12) of `year`, Gregorian leap years counted.
fn month_days(year: u64, month: u64) -> u64 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
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
        for days in [0, 59, 11_016, 20_000, 73_000] {
            let (y, m, d) = civil_date(days);
            assert_eq!(civil_days(y, m, d), Some(days));
        }
        assert_eq!(civil_days(2026, 13, 1), None);
        // Each month's own length: no 31st of April, no 30th of February,
        // the 29th of February only in a leap year (2000, not 2100).
        assert_eq!(civil_days(2026, 4, 31), None);
        assert_eq!(civil_days(2026, 2, 29), None);
        assert_eq!(civil_days(2100, 2, 29), None);
        assert_eq!(civil_days(2000, 2, 29), Some(11_016));
        assert_eq!(civil_days(2000, 2, 30), None);
        assert_eq!(civil_days(2026, 12, 31), Some(20_818));
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
