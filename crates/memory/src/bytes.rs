//! Byte counts: memory budgets, parsed from the command line and shown in
//! messages. One type for every crate, so that "8.0 GiB" means the same
//! thing in an engine's error, a frontier level's report and the CLI.

use std::fmt;

/// A number of bytes, parsed from `24GiB`, `512M`, `1.5G` or plain bytes.
///
/// Units are binary (K = 1024): a budget is compared with resident set
/// sizes, which the kernel reports in pages of 4 KiB.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bytes(pub u64);

impl Bytes {
    pub const KIB: u64 = 1 << 10;
    pub const MIB: u64 = 1 << 20;
    pub const GIB: u64 = 1 << 30;
    pub const TIB: u64 = 1 << 40;

    /// The largest size [`Bytes::from_str`] accepts: 1 EiB, far beyond any
    /// machine, and small enough that sums and doublings of budgets cannot
    /// overflow a `u64`.
    pub const MAX_PARSED: Bytes = Bytes(1 << 60);

    /// `bytes` from a `usize` (lossless on every supported platform).
    pub fn of(bytes: usize) -> Bytes {
        Bytes(u64::try_from(bytes).unwrap_or(u64::MAX))
    }

    /// The size as a `usize`, saturating on 32-bit platforms.
    pub fn as_usize(self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }
}

impl fmt::Display for Bytes {
    #[allow(clippy::cast_precision_loss, reason = "a size shown to one decimal")]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0 as f64;
        if self.0 >= Bytes::TIB {
            write!(f, "{:.1} TiB", b / Bytes::TIB as f64)
        } else if self.0 >= Bytes::GIB {
            write!(f, "{:.1} GiB", b / Bytes::GIB as f64)
        } else if self.0 >= Bytes::MIB {
            write!(f, "{:.0} MiB", b / Bytes::MIB as f64)
        } else if self.0 >= Bytes::KIB {
            write!(f, "{:.0} KiB", b / Bytes::KIB as f64)
        } else {
            write!(f, "{} B", self.0)
        }
    }
}

impl std::str::FromStr for Bytes {
    type Err = String;

    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "the value is checked to lie in 1 ..= 2^60 before the cast"
    )]
    fn from_str(text: &str) -> Result<Bytes, String> {
        let bad = || {
            format!(
                "invalid size '{text}': expected a number with an optional unit, e.g. 8GiB, 512M or 1.5G"
            )
        };
        let t = text.trim();
        let split = t
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(t.len());
        let (number, unit) = t.split_at(split);
        let value: f64 = number.parse().map_err(|_| bad())?;
        let scale = match unit.trim().to_ascii_lowercase().as_str() {
            "" | "b" => 1,
            "k" | "kb" | "kib" => Bytes::KIB,
            "m" | "mb" | "mib" => Bytes::MIB,
            "g" | "gb" | "gib" => Bytes::GIB,
            "t" | "tb" | "tib" => Bytes::TIB,
            _ => return Err(bad()),
        };
        let bytes = value * scale as f64;
        if !bytes.is_finite() {
            return Err(bad());
        }
        if bytes < 1.0 {
            return Err(format!("invalid size '{text}': must be at least 1 byte"));
        }
        if bytes > Bytes::MAX_PARSED.0 as f64 {
            return Err(format!(
                "invalid size '{text}': must be at most {} (1 EiB)",
                Bytes::MAX_PARSED.0
            ));
        }
        Ok(Bytes(bytes as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sizes() {
        assert_eq!("8GiB".parse(), Ok(Bytes(8 << 30)));
        assert_eq!("8g".parse(), Ok(Bytes(8 << 30)));
        assert_eq!("512M".parse(), Ok(Bytes(512 << 20)));
        assert_eq!("1.5G".parse(), Ok(Bytes(3 << 29)));
        assert_eq!("4096".parse(), Ok(Bytes(4096)));
        assert_eq!("2T".parse(), Ok(Bytes(2 << 40)));
        for bad in ["", "G", "-1G", "1.2.3G", "12 parsecs", "NaNG"] {
            let e = bad.parse::<Bytes>().unwrap_err();
            assert!(e.contains("expected a number"), "{bad}: {e}");
        }
        assert!(
            "0".parse::<Bytes>()
                .unwrap_err()
                .contains("at least 1 byte")
        );
        assert!(
            "0.1"
                .parse::<Bytes>()
                .unwrap_err()
                .contains("at least 1 byte")
        );
        for huge in ["2000000T", "99999999999999999999999", "1e400"] {
            let e = huge.parse::<Bytes>().unwrap_err();
            assert!(
                e.contains("at most") || e.contains("expected a number"),
                "{huge}: {e}"
            );
        }
        assert!("2000000T".parse::<Bytes>().unwrap_err().contains("at most"));
    }

    #[test]
    fn displays_in_binary_units() {
        assert_eq!(Bytes(512).to_string(), "512 B");
        assert_eq!(Bytes(40 << 20).to_string(), "40 MiB");
        assert_eq!(Bytes(3 << 29).to_string(), "1.5 GiB");
        assert_eq!(Bytes(2 << 40).to_string(), "2.0 TiB");
    }
}
