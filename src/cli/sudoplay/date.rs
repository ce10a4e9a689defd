//! Calendar dates for `--daily`: today in UTC from the system clock, and `--date
//! YYYY-MM-DD`, without a date crate. Days since 1970-01-01 become a civil date by
//! Howard Hinnant's `civil_from_days` (proleptic Gregorian calendar).

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// A day of the Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year.
    pub year: u32,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
}

impl Date {
    /// Today, in UTC.
    pub fn today() -> Date {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days(seconds / 86_400)
    }

    /// The date `days` days after 1970-01-01.
    pub fn from_days(days: u64) -> Date {
        let z = days as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (year_of_era + era * 400 + i64::from(month <= 2)) as u32;
        Date { year, month, day }
    }

    /// The seed of the day's puzzle: the date's digits, `20240501`, so that `--seed`
    /// gives the same puzzle again.
    pub fn seed(self) -> u64 {
        u64::from(self.year) * 10_000 + u64::from(self.month) * 100 + u64::from(self.day)
    }
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        _ => 31,
    }
}

impl FromStr for Date {
    type Err = String;

    /// `YYYY-MM-DD`, a real day.
    fn from_str(text: &str) -> Result<Date, String> {
        let bad = || format!("expected a date YYYY-MM-DD such as 2024-05-01, found `{text}`");
        let parts: Vec<&str> = text.split('-').collect();
        let [year, month, day] = parts[..] else {
            return Err(bad());
        };
        if year.len() != 4 || month.len() != 2 || day.len() != 2 {
            return Err(bad());
        }
        let number = |part: &str| part.parse::<u32>().map_err(|_| bad());
        let (year, month, day) = (number(year)?, number(month)?, number(day)?);
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(format!("{text} is not a day of the calendar"));
        }
        Ok(Date { year, month, day })
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates_and_dates_parse_back() {
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days(11_016).to_string(), "2000-02-29");
        assert_eq!(Date::from_days(19_844).to_string(), "2024-05-01");
        // Every day of 1999-2101 parses back from its own text, one day after another.
        let mut previous = Date::from_days(10_591);
        for days in 10_592..48_000 {
            let date = Date::from_days(days);
            assert!(date > previous, "{date}");
            assert_eq!(date.to_string().parse::<Date>(), Ok(date));
            previous = date;
        }
        assert_eq!("2024-05-01".parse::<Date>().unwrap().seed(), 20_240_501);
        assert!("2023-02-29".parse::<Date>().is_err());
        assert!("2024-5-1".parse::<Date>().is_err());
        assert!("tomorrow"
            .parse::<Date>()
            .unwrap_err()
            .contains("YYYY-MM-DD"));
    }
}
