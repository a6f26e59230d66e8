//! Numbers, sizes and durations as people read them: written once, for
//! the library's messages and for every front end's summaries, progress
//! lines, benchmarks and plots.
//!
//! Each function has one register: [`duration`] for estimates in
//! sentences ("42 minutes"), [`short_duration`] for a progress bar
//! ("42 min"), [`millis`] and [`precise_seconds`] for measured times.
//! Sizes are [`Bytes`]' own (`4.0 GiB`); counts are grouped by threes
//! ([`grouped`], [`grouped_digits`]) for any number of digits, which is
//! why the grouping is written here rather than taken from indicatif's
//! `HumanCount`, which stops at `u64` (a count of tours does not).

use kt_memory::Bytes;

/// A size for messages; beyond a pebibyte, in powers of ten.
pub fn bytes(bytes: Bytes) -> String {
    if bytes.0 >= 1 << 50 {
        format!("{:.0e} bytes", bytes.0 as f64)
    } else {
        bytes.to_string()
    }
}

/// Seconds in the largest unit that keeps the number readable, in words:
/// `12 s`, `42 minutes`, `2.2 hours`, `3 days`.
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < 1.0 {
        "under a second".into()
    } else if seconds < MINUTE {
        format!("{seconds:.0} s")
    } else if seconds < 1.5 * MINUTE {
        "1 minute".into()
    } else if seconds < HOUR {
        format!("{:.0} minutes", seconds / MINUTE)
    } else if seconds < DAY {
        format!("{:.1} hours", seconds / HOUR)
    } else if seconds < 1.5 * DAY {
        "1 day".into()
    } else if seconds < YEAR {
        format!("{:.0} days", seconds / DAY)
    } else if seconds < 1000.0 * YEAR {
        format!("{:.0} years", seconds / YEAR)
    } else {
        format!("{:.0e} years", seconds / YEAR)
    }
}

/// Seconds as a progress bar says them: `42 s`, `7 min`, `3.2 h`.
pub fn short_duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

/// Milliseconds measured, as a summary says them: `12 ms`, `1.23 s`.
pub fn millis(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// Seconds with the digits a benchmark compares: `1.234 s`, `12.3 ms`.
pub fn precise_seconds(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.3} s")
    } else {
        format!("{:.1} ms", s * 1000.0)
    }
}

/// `1234567` → `1,234,567`.
pub fn grouped(n: impl Into<u128>) -> String {
    grouped_digits(&n.into().to_string())
}

/// Commas between groups of three digits of a decimal string, of any
/// length (a count of tours beyond `u128`).
pub fn grouped_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count in three or four figures: `950`, `33.0k`, `2.07G`.
pub fn compact(n: u64) -> String {
    let x = n as f64;
    if n < 10_000 {
        n.to_string()
    } else if x < 1e6 {
        format!("{:.1}k", x / 1e3)
    } else if x < 1e9 {
        format!("{:.1}M", x / 1e6)
    } else {
        format!("{:.2}G", x / 1e9)
    }
}

/// An estimated count with an SI prefix and three decimals (`4.610 M`,
/// `1.20e15`): an estimate's figure, not a measurement's.
pub fn estimated(n: f64) -> String {
    match n {
        s if s < 1e4 => format!("{s:.0}"),
        s if s < 1e6 => format!("{:.3} k", s / 1e3),
        s if s < 1e9 => format!("{:.3} M", s / 1e6),
        s if s < 1e12 => format!("{:.3} G", s / 1e9),
        s => format!("{s:.2e}"),
    }
}

/// A value in a few characters, with an SI prefix: `3.2 k`, `1.35 G`,
/// `0.05` (a plot's axis).
pub fn si(v: f64) -> String {
    let prefixes = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (scale, prefix) in prefixes {
        if v >= scale {
            return format!("{} {prefix}", three_figures(v / scale));
        }
    }
    three_figures(v)
}

/// At most three significant digits, no trailing zeros; below one as
/// many decimals as that takes (10⁻⁴ is `0.0001`, not `0`), below a
/// millionth in powers of ten.
#[expect(
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation,
    reason = "for 1e-6 <= v < 1, -log10(v) is in 0..=6"
)]
fn three_figures(v: f64) -> String {
    let text = if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else if v >= 1.0 {
        format!("{v:.2}")
    } else if v == 0.0 {
        return "0".to_owned();
    } else if v < 1e-6 {
        return format!("{v:.2e}");
    } else {
        let decimals = 3 + (-v.log10()).floor() as usize;
        format!("{v:.decimals$}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_in_their_unit() {
        assert_eq!(duration(0.2), "under a second");
        assert_eq!(duration(12.4), "12 s");
        assert_eq!(duration(2549.0), "42 minutes");
        assert_eq!(duration(8100.0), "2.2 hours");
        assert_eq!(short_duration(120.0), "2 min");
        assert_eq!(millis(12.4), "12 ms");
        assert_eq!(millis(1234.0), "1.23 s");
        assert_eq!(precise_seconds(0.0123), "12.3 ms");
        assert_eq!(precise_seconds(2.0), "2.000 s");
    }

    #[test]
    fn counts_are_grouped_or_compact() {
        assert_eq!(grouped(0u64), "0");
        assert_eq!(grouped(999u64), "999");
        assert_eq!(grouped(1000u64), "1,000");
        assert_eq!(grouped(3_555_077u64), "3,555,077");
        assert_eq!(
            grouped_digits("19591828170979904"),
            "19,591,828,170,979,904"
        );
        assert_eq!(compact(950), "950");
        assert_eq!(compact(33_045), "33.0k");
        assert_eq!(compact(103_553_450), "103.6M");
        assert_eq!(compact(2_068_075_297), "2.07G");
        assert_eq!(estimated(47.3e9), "47.300 G");
        assert_eq!(estimated(950.0), "950");
    }

    #[test]
    fn values_are_short() {
        assert_eq!(si(3_200.0), "3.2 k");
        assert_eq!(si(1_351_316_715.0), "1.35 G");
        assert_eq!(si(100.0), "100");
        assert_eq!(si(0.05), "0.05");
        assert_eq!(si(2.0e6), "2 M");
        assert_eq!(si(1e-4), "0.0001");
        assert_eq!(si(0.000_123_4), "0.000123");
        assert_eq!(si(0.5), "0.5");
        assert_eq!(bytes(Bytes(1 << 51)), "2e15 bytes");
    }
}
