//! A moment in UTC, as Heat's engine compares it with `timeutils.utcnow()`
//! (a naive Python `datetime`: years 1 to 9999, to the microsecond). The
//! core reads no clock: the caller gives the moment of a lint
//! ([`crate::lint::LintOptions::now`]).

use std::fmt::Write;

const MICROS_PER_DAY: i64 = 86_400_000_000;
/// Days from 0001-01-01 to 1970-01-01.
const UNIX_EPOCH_DAY: i64 = 719_162;
/// Days from 0001-01-01 to 10000-01-01: the first day past Python's range.
const PAST_YEAR_9999: i64 = 3_652_059;

/// Microseconds since 0001-01-01T00:00:00 UTC (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcTime(i64);

impl UtcTime {
    /// The moment `micros` microseconds after 1970-01-01T00:00:00 UTC (what
    /// `SystemTime::UNIX_EPOCH` or JavaScript's `Date.now() * 1000` give).
    pub fn from_unix_micros(micros: i64) -> Self {
        UtcTime(micros.saturating_add(UNIX_EPOCH_DAY * MICROS_PER_DAY))
    }

    /// The moment at the start of its minute: a long-lived caller (the
    /// language server) gives this so that what it keeps of a lint lasts a
    /// minute, not a microsecond.
    pub fn minute(self) -> Self {
        UtcTime(self.0 - self.0.rem_euclid(60_000_000))
    }

    pub(crate) fn from_civil(year: i64, month: i64, day: i64, second: i64, micros: i64) -> Self {
        UtcTime((days_from_civil(year, month, day) * 86_400 + second) * 1_000_000 + micros)
    }

    pub(crate) fn plus_micros(self, micros: i64) -> Self {
        UtcTime(self.0.saturating_add(micros))
    }

    /// Within Python's `datetime` (0001-01-01 to 9999-12-31).
    pub(crate) fn in_python_range(self) -> bool {
        (0..PAST_YEAR_9999 * MICROS_PER_DAY).contains(&self.0)
    }

    /// ISO 8601 as Python's `isoformat()` writes a naive time: the
    /// microseconds only when there are some.
    pub fn iso(self) -> String {
        let days = self.0.div_euclid(MICROS_PER_DAY);
        let of_day = self.0.rem_euclid(MICROS_PER_DAY);
        let (year, month, day) = civil_from_days(days);
        let seconds = of_day / 1_000_000;
        let mut out = format!(
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        );
        if of_day % 1_000_000 != 0 {
            let _ = write!(out, ".{:06}", of_day % 1_000_000);
        }
        out
    }
}

/// Days since 0001-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`, shifted to Python's day one).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468 + UNIX_EPOCH_DAY
}

fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days - UNIX_EPOCH_DAY + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_pythons() {
        // `datetime.date(1970, 1, 1).toordinal() - 1`, and the last day.
        assert_eq!(days_from_civil(1, 1, 1), 0);
        assert_eq!(days_from_civil(1970, 1, 1), UNIX_EPOCH_DAY);
        assert_eq!(days_from_civil(9999, 12, 31) + 1, PAST_YEAR_9999);
        for days in [0, 59, 60, 365, 146_096, UNIX_EPOCH_DAY, PAST_YEAR_9999 - 1] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn unix_time_and_iso() {
        assert_eq!(UtcTime::from_unix_micros(0).iso(), "1970-01-01T00:00:00");
        let moment = UtcTime::from_unix_micros(1_796_558_400_000_001);
        assert_eq!(moment.iso(), "2026-12-06T12:00:00.000001");
        assert_eq!(moment.minute().iso(), "2026-12-06T12:00:00");
    }
}
