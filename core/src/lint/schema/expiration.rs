//! Heat's `expiration` custom constraint (Barbican secrets and orders):
//! the text must read as an ISO 8601 time, as `oslo_utils.timeutils`
//! (the `iso8601` package) reads it, and that time, in UTC, must be after
//! the moment Heat validates the stack.

use crate::time::UtcTime;

/// Why Heat's `ExpirationConstraint` refuses `value`, or `None`. Without
/// `now` only the reading of the text is judged.
pub(super) fn problem(value: &str, now: Option<UtcTime>) -> Option<String> {
    if value.is_empty() {
        return None;
    }
    let expiration = match read(python_strip(value)) {
        Ok(expiration) => expiration,
        Err(why) => {
            return Some(format!(
            "\"{value}\" is not a time Heat reads as ISO 8601 (like 2030-01-31T12:00:00Z): {why}"
        ))
        }
    };
    let now = now?;
    (expiration <= now).then(|| {
        let now = now.iso();
        let now = now.split('.').next().unwrap_or_default();
        format!(
            "expiration \"{value}\" has passed ({} UTC; it is now {now} UTC): \
             Heat refuses an expiration that is not later than its validation; give a later time",
            expiration.iso(),
        )
    })
}

/// Python's `str.strip()`: Unicode white space and the four ASCII
/// separators `\x1c`–`\x1f` that Python counts as space too.
fn python_strip(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || ('\x1c'..='\x1f').contains(&c))
}

/// The groups `iso8601.ISO8601_REGEX` captures, `None` where a group took
/// no part in the match.
#[derive(Clone, Copy, Default)]
struct Groups<'s> {
    year: &'s str,
    month: Option<&'s str>,
    day: Option<&'s str>,
    hour: Option<&'s str>,
    minute: Option<&'s str>,
    second: Option<&'s str>,
    fraction: Option<&'s str>,
    /// `Z`, or the sign, hours and minutes of an offset.
    zone: Option<Zone<'s>>,
}

#[derive(Clone, Copy)]
enum Zone<'s> {
    Utc,
    Offset {
        negative: bool,
        hours: &'s str,
        minutes: Option<&'s str>,
    },
}

/// `iso8601.parse_date` then `timeutils.normalize_time`: the time in UTC.
fn read(s: &str) -> Result<UtcTime, String> {
    let groups = matched(s).ok_or_else(|| format!("unable to parse date string '{s}'"))?;
    let number = |digits: Option<&str>, default: i64| {
        digits.map_or(default, |d| {
            d.bytes().fold(0, |n, b| n * 10 + i64::from(b - b'0'))
        })
    };
    let year = number(Some(groups.year), 0);
    let month = number(groups.month, 1);
    let day = number(groups.day, 1);
    let (hour, minute, second) = (
        number(groups.hour, 0),
        number(groups.minute, 0),
        number(groups.second, 0),
    );
    let micros = groups.fraction.map_or(0, microseconds);
    if !(1..=9999).contains(&year) {
        return Err(format!("year {year} is out of range"));
    }
    if !(1..=12).contains(&month) {
        return Err("month must be in 1..12".to_owned());
    }
    if day < 1 || day > days_in_month(year, month) {
        return Err("day is out of range for month".to_owned());
    }
    if hour > 23 {
        return Err("hour must be in 0..23".to_owned());
    }
    if minute > 59 {
        return Err("minute must be in 0..59".to_owned());
    }
    if second > 59 {
        return Err("second must be in 0..59".to_owned());
    }
    if micros > 999_999 {
        return Err("microsecond must be in 0..999999".to_owned());
    }
    let offset_minutes = match groups.zone {
        None | Some(Zone::Utc) => 0,
        Some(Zone::Offset {
            negative,
            hours,
            minutes,
        }) => {
            let total = number(Some(hours), 0) * 60 + number(minutes, 0);
            if total >= 24 * 60 {
                return Err("the offset must be strictly between -24 and 24 hours".to_owned());
            }
            if negative {
                -total
            } else {
                total
            }
        }
    };
    let local = UtcTime::from_civil(year, month, day, hour * 3600 + minute * 60 + second, micros);
    let utc = local.plus_micros(-offset_minutes * 60_000_000);
    if !utc.in_python_range() {
        return Err("date value out of range".to_owned());
    }
    Ok(utc)
}

/// `int(Decimal("0." + digits) * Decimal("1000000.0"))`: the product is
/// rounded half-even to 28 significant digits (the decimal context's
/// precision), then truncated.
fn microseconds(digits: &str) -> i64 {
    let digits: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    let first = digits.iter().position(|&d| d != 0);
    let Some(first) = first else { return 0 };
    let mut kept = digits.clone();
    let last = first + 28; // index of the first digit beyond the precision
    if digits.len() > last {
        kept.truncate(last);
        let rest = &digits[last..];
        let half_or_more = rest[0] > 5 || (rest[0] == 5 && rest[1..].iter().any(|&d| d != 0));
        let tie = rest[0] == 5 && rest[1..].iter().all(|&d| d == 0);
        let odd = kept.last().is_some_and(|d| d % 2 == 1);
        if half_or_more || (tie && odd) {
            // Carry from the last kept digit; past the first digit the
            // value reaches 10^-first, still a fraction or exactly 1.
            let mut i = kept.len();
            loop {
                if i == 0 {
                    return 1_000_000;
                }
                i -= 1;
                if kept[i] == 9 {
                    kept[i] = 0;
                } else {
                    kept[i] += 1;
                    break;
                }
            }
        }
    }
    kept.iter()
        .chain(std::iter::repeat(&0))
        .take(6)
        .fold(0, |n, &d| n * 10 + i64::from(d))
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `ISO8601_REGEX.match(s)` anchored by its `$`, with the regex's order of
/// trying alternatives and repeats, so the groups are the ones Python's
/// backtracking finds first.
fn matched(s: &str) -> Option<Groups<'_>> {
    let b = s.as_bytes();
    let year = digits(b, 0, 4)?;
    let groups = Groups {
        year: &s[..year],
        ..Groups::default()
    };
    // The month part, its day part and the time are each optional, tried
    // first present, then absent.
    month_part(s, year, groups).or_else(|| (year == b.len()).then_some(groups))
}

fn month_part<'s>(s: &'s str, at: usize, groups: Groups<'s>) -> Option<Groups<'s>> {
    let b = s.as_bytes();
    // `(?P<month>[0-9]{2})(?!$)`: YYYYMM alone is not a date.
    let plain = digits(b, at, 2).filter(|&end| end != b.len());
    two_digit_tries(b, at, plain).find_map(|(start, end)| {
        let groups = Groups {
            month: Some(&s[start..end]),
            ..groups
        };
        day_part(s, end, groups).or_else(|| (end == b.len()).then_some(groups))
    })
}

fn day_part<'s>(s: &'s str, at: usize, groups: Groups<'s>) -> Option<Groups<'s>> {
    let b = s.as_bytes();
    two_digit_tries(b, at, digits(b, at, 2)).find_map(|(start, end)| {
        let groups = Groups {
            day: Some(&s[start..end]),
            ..groups
        };
        time_part(s, end, groups).or_else(|| (end == b.len()).then_some(groups))
    })
}

/// The ways a month or a day can be read at `at`, in the order the regex
/// tries them: `-` and two digits, `-` and one, then `plain` (two digits
/// without `-`): each as where its digits start and end.
fn two_digit_tries(
    b: &[u8],
    at: usize,
    plain: Option<usize>,
) -> impl Iterator<Item = (usize, usize)> {
    let dashed = (b.get(at) == Some(&b'-'))
        .then(|| [2, 1].map(|len| digits(b, at + 1, len).map(|end| (at + 1, end))))
        .into_iter()
        .flatten()
        .flatten();
    dashed.chain(plain.map(|end| (at, end)))
}

/// `[ T]hh(:?mm)?(:?s{1,2}([.,]f+)?)?(zone)?$`.
fn time_part<'s>(s: &'s str, at: usize, groups: Groups<'s>) -> Option<Groups<'s>> {
    let b = s.as_bytes();
    if !matches!(b.get(at), Some(b' ' | b'T')) {
        return None;
    }
    let hour_end = digits(b, at + 1, 2)?;
    let groups = Groups {
        hour: Some(&s[at + 1..hour_end]),
        ..groups
    };
    let mut minutes: Vec<(Option<(usize, usize)>, usize)> = Vec::new();
    for colon in [1, 0] {
        if colon == 1 && b.get(hour_end) != Some(&b':') {
            continue;
        }
        if let Some(end) = digits(b, hour_end + colon, 2) {
            minutes.push((Some((hour_end + colon, end)), end));
        }
    }
    minutes.push((None, hour_end));
    minutes.into_iter().find_map(|(minute, at)| {
        let groups = Groups {
            minute: minute.map(|(start, end)| &s[start..end]),
            ..groups
        };
        seconds_and_zone(s, at, groups)
    })
}

fn seconds_and_zone<'s>(s: &'s str, at: usize, groups: Groups<'s>) -> Option<Groups<'s>> {
    let b = s.as_bytes();
    // Each way the seconds can be read, in the order the regex tries them.
    let mut seconds: Vec<Groups<'s>> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    for colon in [1, 0] {
        if colon == 1 && b.get(at) != Some(&b':') {
            continue;
        }
        for len in [2, 1] {
            let Some(end) = digits(b, at + colon, len) else {
                continue;
            };
            let second = Groups {
                second: Some(&s[at + colon..end]),
                ..groups
            };
            if matches!(b.get(end), Some(b'.' | b',')) {
                let run = b[end + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                for len in (1..=run).rev() {
                    seconds.push(Groups {
                        fraction: Some(&s[end + 1..end + 1 + len]),
                        ..second
                    });
                    ends.push(end + 1 + len);
                }
            }
            seconds.push(second);
            ends.push(end);
        }
    }
    seconds.push(groups);
    ends.push(at);
    seconds
        .into_iter()
        .zip(ends)
        .find_map(|(groups, at)| zone(s, at, groups))
}

/// `(Z|[-+]hh:?(mm)?)?$`.
fn zone<'s>(s: &'s str, at: usize, groups: Groups<'s>) -> Option<Groups<'s>> {
    let b = s.as_bytes();
    let rest = &s[at..];
    if rest == "Z" {
        return Some(Groups {
            zone: Some(Zone::Utc),
            ..groups
        });
    }
    if let Some(sign @ (b'+' | b'-')) = b.get(at) {
        if let Some(hours_end) = digits(b, at + 1, 2) {
            let hours = &s[at + 1..hours_end];
            let colon = usize::from(b.get(hours_end) == Some(&b':'));
            for (start, minutes) in [(hours_end + colon, true), (hours_end + colon, false)] {
                let end = if minutes {
                    match digits(b, start, 2) {
                        Some(end) => end,
                        None => continue,
                    }
                } else {
                    start
                };
                if end == b.len() {
                    return Some(Groups {
                        zone: Some(Zone::Offset {
                            negative: *sign == b'-',
                            hours,
                            minutes: minutes.then(|| &s[start..end]),
                        }),
                        ..groups
                    });
                }
            }
            // `:?` also tries no colon before giving up the zone.
            if colon == 1 {
                if let Some(end) = digits(b, hours_end, 2).filter(|&end| end == b.len()) {
                    return Some(Groups {
                        zone: Some(Zone::Offset {
                            negative: *sign == b'-',
                            hours,
                            minutes: Some(&s[hours_end..end]),
                        }),
                        ..groups
                    });
                }
            }
        }
    }
    rest.is_empty().then_some(groups)
}

/// The end of exactly `len` ASCII digits at `at`.
fn digits(b: &[u8], at: usize, len: usize) -> Option<usize> {
    let end = at.checked_add(len)?;
    b.get(at..end)?
        .iter()
        .all(u8::is_ascii_digit)
        .then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> UtcTime {
        read(python_strip(text)).unwrap()
    }

    #[test]
    fn reads_what_iso8601_reads() {
        assert_eq!(
            at("2017-12-28T19:14:44.180394").iso(),
            "2017-12-28T19:14:44.180394"
        );
        assert_eq!(at("2017").iso(), "2017-01-01T00:00:00");
        assert_eq!(at("2017-3").iso(), "2017-03-01T00:00:00");
        // Python backtracks: `-123` is month 1, day 23.
        assert_eq!(at("2020-123").iso(), "2020-01-23T00:00:00");
        assert_eq!(at("20200105").iso(), "2020-01-05T00:00:00");
        assert_eq!(at("2020-01-05 10").iso(), "2020-01-05T10:00:00");
        assert_eq!(at("2020-01-05T1030+0100").iso(), "2020-01-05T09:30:00");
        assert_eq!(
            at("2020-01-05T10:30:05,5-02:30").iso(),
            "2020-01-05T13:00:05.500000"
        );
        assert_eq!(
            at("2020-01-05T10:30:05.1234567Z").iso(),
            "2020-01-05T10:30:05.123456"
        );
        assert_eq!(at("  2020-01-05\n").iso(), "2020-01-05T00:00:00");
    }

    #[test]
    fn refuses_what_iso8601_refuses() {
        for text in [
            "tomorrow",
            "202001",
            "2020-13-01",
            "2019-02-29",
            "2020-01-05T24:00",
            "2020-01-05T10:60",
            "2020-01-05T10:00:60",
            "2020-01-05T10:00+24:00",
            "0000-01-01",
            "0001-01-01T00:00+01:00",
            "9999-12-31T23:59-01:00",
            "2020-01-05T10:00:00.9999999999999999999999999999999",
            "2020-01-05X",
        ] {
            assert!(read(text).is_err(), "{text}");
        }
        assert!(read("2020-02-29").is_ok());
    }

    /// What Heat's own code made of each text (`record_expiration.py`):
    /// the UTC time it reads, and whether the constraint refuses it at the
    /// moment of the recording.
    #[test]
    fn agrees_with_heat_on_every_recorded_text() {
        let recorded: serde_json::Value = serde_json::from_str(include_str!(
            "../../../tests/fixtures/expiration/cases.json"
        ))
        .unwrap();
        let judged_at = at(recorded["judged_at"].as_str().unwrap());
        let cases = recorded["cases"].as_array().unwrap();
        assert!(cases.len() > 500);
        for case in cases {
            let text = case["text"].as_str().unwrap();
            let utc = read(python_strip(text)).ok().map(UtcTime::iso);
            assert_eq!(utc.as_deref(), case["utc"].as_str(), "{text:?}");
            let refused = problem(text, Some(judged_at)).is_some();
            assert_eq!(refused, case["refused"].as_bool().unwrap(), "{text:?}");
        }
    }

    #[test]
    fn past_and_future_against_the_clock() {
        let now = at("2026-12-06T12:00:00");
        assert!(problem("2017-12-28T19:14:44.180394", Some(now)).is_some());
        assert!(problem("2026-12-06T12:00:00", Some(now)).is_some());
        assert!(problem("2026-12-06T12:00:00.000001", Some(now)).is_none());
        assert!(problem("2017-12-28", None).is_none());
        assert!(problem("", Some(now)).is_none());
        assert!(problem("soon", None).is_some());
    }
}
