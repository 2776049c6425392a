//! Heat releases under both of Heat's version schemes, in one total order.
//!
//! Heat numbered its first releases by date (`2013.1` Grizzly … `2015.1`
//! Kilo) and then semantically (`5.0.0` Liberty, `6.0.0` Mitaka, …). Both map
//! onto one *series* number: the date-based series count from 0 (`2013.1`)
//! to 4 (`2015.1`), and a semantic major version is its own series (5 is
//! Liberty), so the series run on without a gap and compare as integers.
//! From series 20 (`20.0.0`) OpenStack names releases `YEAR.N` on a
//! six-month cadence, which lets a future version such as `28.0.0` get its
//! name (`2027.1`) computed.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The longest text [`Release::parse`] accepts; anything longer is no release.
pub const MAX_RELEASE_TEXT: usize = 32;

/// The highest series a version may have (about year 2063): keeps numbers
/// small and rejects nonsense such as `99999.0.0`.
pub const MAX_SERIES: u16 = 120;

const FIRST_SEMANTIC_SERIES: u16 = 5;
const FIRST_YEAR_NAMED_SERIES: u16 = 20;
const FIRST_YEAR_NAMED_YEAR: u16 = 2023;
const FIRST_DATE_YEAR: u16 = 2013;

/// Release names of the series that have word names, indexed by series.
const WORD_NAMES: [&str; 20] = [
    "Grizzly", "Havana", "Icehouse", "Juno", "Kilo", "Liberty", "Mitaka", "Newton", "Ocata",
    "Pike", "Queens", "Rocky", "Stein", "Train", "Ussuri", "Victoria", "Wallaby", "Xena", "Yoga",
    "Zed",
];

/// One Heat release, e.g. `2014.2` (Juno) or `27.0.1` (2026.2).
///
/// Ordered by series, then minor, then patch: `2013.1 < 2015.1 < 5.0.0 <
/// 27.0.0 < 27.0.1 < 28.0.0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Release {
    series: u16,
    minor: u16,
    patch: u16,
}

/// Why a text is not a release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReleaseParseError {
    /// The text that was given (cut to [`MAX_RELEASE_TEXT`] characters).
    pub text: String,
    /// What is wrong with it, for people.
    pub reason: &'static str,
}

impl fmt::Display for ReleaseParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a Heat release: {}", self.text, self.reason)
    }
}

impl std::error::Error for ReleaseParseError {}

impl Release {
    /// The release with this series, minor and patch number. `None` if the
    /// series is beyond [`MAX_SERIES`], or if a date-based series (0–4) has
    /// a minor number (date-based versions have only `YEAR.N[.PATCH]`).
    pub const fn new(series: u16, minor: u16, patch: u16) -> Option<Release> {
        if series > MAX_SERIES || (series < FIRST_SEMANTIC_SERIES && minor != 0) {
            return None;
        }
        Some(Release {
            series,
            minor,
            patch,
        })
    }

    /// The series number: 0 for `2013.1` … 4 for `2015.1`, then the major
    /// version (5 for Liberty).
    pub const fn series(self) -> u16 {
        self.series
    }

    pub const fn minor(self) -> u16 {
        self.minor
    }

    pub const fn patch(self) -> u16 {
        self.patch
    }

    /// The first release of this release's series (`27.0.1` → `27.0.0`).
    pub const fn series_start(self) -> Release {
        Release {
            series: self.series,
            minor: 0,
            patch: 0,
        }
    }

    /// Whether this version uses the date-based scheme (`2013.1` … `2015.1`).
    pub const fn is_date_based(self) -> bool {
        self.series < FIRST_SEMANTIC_SERIES
    }

    /// Parses a version as Heat writes it: `27.0.1`, `5.0.0`, `2014.2`,
    /// `2014.2.1`. Surrounding whitespace is ignored (Heat's data has
    /// `"2014.2 "`); use [`Release::parse_version_strict`] to refuse it.
    pub fn parse_version(text: &str) -> Result<Release, ReleaseParseError> {
        Self::parse_version_strict(text.trim())
    }

    /// Like [`Release::parse_version`], but surrounding whitespace is an error.
    pub fn parse_version_strict(text: &str) -> Result<Release, ReleaseParseError> {
        let error = |reason| Err(error(text, reason));
        if text.len() > MAX_RELEASE_TEXT {
            return error("too long");
        }
        let mut parts = [0u16; 3];
        let mut count = 0;
        for part in text.split('.') {
            if count == 3 {
                return error("a version has at most three numbers");
            }
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return error("expected numbers separated by dots, such as 27.0.1 or 2014.2");
            }
            match part.parse::<u16>() {
                Ok(number) => parts[count] = number,
                Err(_) => return error("a number is too large"),
            }
            count += 1;
        }
        let [first, second, third] = parts;
        if (2000..3000).contains(&first) {
            // Date-based: YEAR.N[.PATCH], N being 1 or 2.
            if count < 2 || !(1..=2).contains(&second) {
                return error("a date-based version is YEAR.1 or YEAR.2");
            }
            if first < FIRST_DATE_YEAR {
                return error("Heat's first release is 2013.1");
            }
            // Years up to 2999 keep this within u16.
            let series = (first - FIRST_DATE_YEAR) * 2 + second - 1;
            if series >= FIRST_SEMANTIC_SERIES {
                return error(
                    "Heat's last date-based release is 2015.1; later ones are numbered 5.0.0 on",
                );
            }
            return Ok(Release {
                series,
                minor: 0,
                patch: third,
            });
        }
        if count != 3 {
            return error("expected MAJOR.MINOR.PATCH, such as 27.0.1");
        }
        if first < FIRST_SEMANTIC_SERIES {
            return error("Heat's semantic versions start at 5.0.0 (Liberty)");
        }
        if first > MAX_SERIES {
            return error("the major version is too large");
        }
        Ok(Release {
            series: first,
            minor: second,
            patch: third,
        })
    }

    /// Parses a release name, case-insensitively: `Liberty`, `liberty`,
    /// `2024.1`. Gives the first release of that series (`2024.1` → 22.0.0).
    pub fn parse_name(text: &str) -> Result<Release, ReleaseParseError> {
        let text = text.trim();
        if text.len() > MAX_RELEASE_TEXT {
            return Err(error(text, "too long"));
        }
        if let Some(series) = WORD_NAMES
            .iter()
            .position(|name| name.eq_ignore_ascii_case(text))
        {
            return Ok(Release {
                series: series as u16,
                minor: 0,
                patch: 0,
            });
        }
        if let Some((year, half)) = text.split_once('.') {
            if let (Ok(year), Ok(half)) = (year.parse::<u16>(), half.parse::<u16>()) {
                if year >= FIRST_YEAR_NAMED_YEAR && (1..=2).contains(&half) {
                    let series =
                        FIRST_YEAR_NAMED_SERIES + (year - FIRST_YEAR_NAMED_YEAR) * 2 + half - 1;
                    if series <= MAX_SERIES {
                        return Ok(Release {
                            series,
                            minor: 0,
                            patch: 0,
                        });
                    }
                }
            }
        }
        Err(error(text, "not a release name such as Liberty or 2024.1"))
    }

    /// Parses a version or, failing that, a release name. The two never
    /// collide: date-based versions end at 2015.1 and year names start at
    /// 2023.1.
    pub fn parse(text: &str) -> Result<Release, ReleaseParseError> {
        Self::parse_version(text).or_else(|version_error| {
            Self::parse_name(text).map_err(|_| ReleaseParseError {
                reason: "neither a version (27.0.1, 2014.2) nor a release name (Liberty, 2024.1)",
                ..version_error
            })
        })
    }

    /// The release's name: `Juno`, `Liberty`, `2023.1`. Computed for series
    /// from 20 on (the `YEAR.N` names follow a six-month cadence).
    pub fn name(self) -> Option<Cow<'static, str>> {
        if let Some(name) = WORD_NAMES.get(usize::from(self.series)) {
            return Some(Cow::Borrowed(name));
        }
        let offset = self.series - FIRST_YEAR_NAMED_SERIES;
        Some(Cow::Owned(format!(
            "{}.{}",
            FIRST_YEAR_NAMED_YEAR + offset / 2,
            offset % 2 + 1
        )))
    }

    /// The version text: `2014.2`, `2014.2.1`, `27.0.1`.
    pub fn version(self) -> String {
        VersionText(self).to_string()
    }

    /// `5.0.0 (Liberty)`.
    pub fn display_with_name(self) -> String {
        self.to_string()
    }
}

struct VersionText(Release);

impl fmt::Display for VersionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let release = self.0;
        if release.is_date_based() {
            let year = FIRST_DATE_YEAR + release.series / 2;
            write!(f, "{year}.{}", release.series % 2 + 1)?;
            if release.patch != 0 {
                write!(f, ".{}", release.patch)?;
            }
            Ok(())
        } else {
            write!(f, "{}.{}.{}", release.series, release.minor, release.patch)
        }
    }
}

/// `5.0.0 (Liberty)`, `2014.2 (Juno)`.
impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => write!(f, "{} ({name})", VersionText(*self)),
            None => write!(f, "{}", VersionText(*self)),
        }
    }
}

/// Accepts a version or a release name, as [`Release::parse`].
impl FromStr for Release {
    type Err = ReleaseParseError;

    fn from_str(text: &str) -> Result<Release, ReleaseParseError> {
        Release::parse(text)
    }
}

fn error(text: &str, reason: &'static str) -> ReleaseParseError {
    ReleaseParseError {
        text: text.chars().take(MAX_RELEASE_TEXT).collect(),
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(text: &str) -> Release {
        Release::parse_version(text).unwrap()
    }

    #[test]
    fn both_schemes_form_one_order() {
        let ordered = [
            "2013.1", "2013.2", "2014.1", "2014.2", "2014.2.1", "2015.1", "5.0.0", "5.0.1",
            "6.0.0", "19.0.0", "20.0.0", "27.0.0", "27.0.1", "28.0.0",
        ];
        for pair in ordered.windows(2) {
            assert!(version(pair[0]) < version(pair[1]), "{pair:?}");
        }
    }

    #[test]
    fn names_and_display() {
        let cases = [
            ("2013.1", "2013.1 (Grizzly)"),
            ("2014.2 ", "2014.2 (Juno)"),
            ("2015.1", "2015.1 (Kilo)"),
            ("5.0.0", "5.0.0 (Liberty)"),
            ("19.0.0", "19.0.0 (Zed)"),
            ("20.0.0", "20.0.0 (2023.1)"),
            ("21.0.0", "21.0.0 (2023.2)"),
            ("22.0.0", "22.0.0 (2024.1)"),
            ("26.0.0", "26.0.0 (2026.1)"),
            ("27.0.1", "27.0.1 (2026.2)"),
            ("28.0.0", "28.0.0 (2027.1)"),
        ];
        for (text, shown) in cases {
            assert_eq!(version(text).to_string(), shown);
        }
    }

    #[test]
    fn parses_names_to_the_first_release_of_the_series() {
        assert_eq!(Release::parse_name("Liberty").unwrap(), version("5.0.0"));
        assert_eq!(Release::parse_name("liberty").unwrap(), version("5.0.0"));
        assert_eq!(Release::parse_name("JUNO").unwrap(), version("2014.2"));
        assert_eq!(Release::parse_name("2024.1").unwrap(), version("22.0.0"));
        assert_eq!(Release::parse_name("2026.2").unwrap(), version("27.0.0"));
        assert_eq!(Release::parse("2023.2").unwrap(), version("21.0.0"));
        assert_eq!(Release::parse("Zed").unwrap(), version("19.0.0"));
        assert_eq!("27.0.1".parse::<Release>().unwrap(), version("27.0.1"));
    }

    #[test]
    fn version_text_round_trips() {
        for text in ["2013.1", "2014.2", "2014.2.1", "5.0.0", "27.0.1", "28.1.3"] {
            assert_eq!(version(text).version(), text);
        }
    }

    #[test]
    fn rejects_what_is_no_heat_release() {
        for text in [
            "",
            "5",
            "5.0",
            "4.0.0",
            "2012.2",
            "2015.2",
            "2016.1",
            "2014.3",
            "1.2.3.4",
            "x.0.0",
            "5.0.0-rc1",
            "121.0.0",
            "99999999.0.0",
            "Folsom",
            "2022.2",
        ] {
            assert!(Release::parse(text).is_err(), "{text:?}");
        }
        assert!(Release::parse_version_strict("2014.2 ").is_err());
        let long = "1".repeat(100);
        assert_eq!(
            Release::parse(&long).unwrap_err().text.len(),
            MAX_RELEASE_TEXT
        );
    }

    #[test]
    fn constructor_guards_the_schemes() {
        assert_eq!(Release::new(3, 0, 1), Some(version("2014.2.1")));
        assert_eq!(Release::new(3, 1, 0), None);
        assert_eq!(Release::new(MAX_SERIES + 1, 0, 0), None);
        assert_eq!(version("27.0.1").series_start(), version("27.0.0"));
    }
}
