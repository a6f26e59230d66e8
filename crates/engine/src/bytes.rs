//! Byte counts: memory budgets, parsed from the command line and shown in
//! messages, one format for the engine's errors and the driver's reports.

use std::fmt;

/// A number of bytes, parsed from `24GiB`, `512M`, `1.5G` or plain bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Bytes(pub u64);

impl Bytes {
    pub const KIB: u64 = 1 << 10;
    pub const MIB: u64 = 1 << 20;
    pub const GIB: u64 = 1 << 30;
}

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0 as f64;
        if self.0 >= Bytes::GIB {
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
            "t" | "tb" | "tib" => Bytes::GIB << 10,
            _ => return Err(bad()),
        };
        let bytes = value * scale as f64;
        if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 / 2.0 {
            return Err(format!("invalid size '{text}': must be at least 1 byte"));
        }
        Ok(Bytes(bytes as u64))
    }
}
