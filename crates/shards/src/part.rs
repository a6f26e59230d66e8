//! A part: what one shard counted, as one JSON document.
//!
//! ```json
//! {
//!   "schema": "knights-tour/pairs-part/2",
//!   "version": "0.1.0", "commit": "9f8154b",
//!   "board": "7x7", "kind": "open",
//!   "plan": "1a2b3c4d", "plan_classes": 45,
//!   "shard": "3/8",
//!   "method": "frontier, fixed ends",
//!   "classes": [
//!     { "id": 12, "from": "a7", "to": "c6", "weight": 16,
//!       "count": "217263528", "seconds": 28.2, "peak_states": 9185806 }
//!   ],
//!   "seconds": 191.4,
//!   "checksum": "crc32:5d41402a"
//! }
//! ```
//!
//! **The checksum.** A part travels: copied off a cluster's nodes,
//! attached to mail, kept for years; an edited or damaged count in it
//! would become a wrong total that nothing else could catch. So the
//! document ends with the CRC-32 of itself written without the checksum
//! (the same one line of JSON [`Part::to_json`] writes), over the content
//! and the identity alike (board, plan, shard), and [`Part::read`] refuses
//! a part whose checksum is missing or does not match. It guards against
//! accidents, not against someone who recomputes it.
//!
//! A part of a start plan (`knights-tour/starts-part/1`) is the same
//! document whose classes have no `to`: each counts the tours from its
//! square to any end.
//!
//! Counts are decimal strings: they pass 2^64 on the boards this is for.
//! The plan's fingerprint ties a part to the classes it numbers, so that a
//! part of another board, or of a plan that numbers or represents classes
//! otherwise, is refused by the merge instead of being added in.

use std::io::Read;
use std::path::Path;

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

/// The schema of a part of a pair plan.
pub const SCHEMA: &str = "knights-tour/pairs-part/2";

/// The schema of a part of a start plan.
pub const STARTS_SCHEMA: &str = "knights-tour/starts-part/1";

/// The schema of a part of a plan of `ends`.
pub fn schema(ends: crate::plan::Ends) -> &'static str {
    match ends {
        crate::plan::Ends::Pairs => SCHEMA,
        crate::plan::Ends::Starts => STARTS_SCHEMA,
    }
}

/// The largest part file read (bytes): a part of 8×8's 136 classes is a
/// few tens of kilobytes.
const MAX_BYTES: u64 = 16 << 20;

/// One shard's counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub schema: String,
    /// The version of the program that counted.
    pub version: String,
    /// The git commit of the program that counted (`unknown` for a build
    /// outside a git checkout; `null` in parts of programs that did not
    /// record it).
    #[serde(default)]
    pub commit: Option<String>,
    /// `RxC`.
    pub board: String,
    /// `open`.
    pub kind: String,
    /// The plan's fingerprint and its number of classes.
    pub plan: String,
    pub plan_classes: usize,
    /// `K/N`, or `null` for a count of all classes in one part.
    pub shard: Option<String>,
    pub method: String,
    /// The fingerprint of the order of the squares the sweeps took (8
    /// hexadecimal digits), for a part counted by frontier sweeps; absent
    /// in parts written before it was recorded. A class's count does not
    /// depend on the order, so parts of different orders merge; a class
    /// counted in two orders is a check of both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    pub classes: Vec<ClassCount>,
    /// Wall time of the whole part.
    pub seconds: f64,
    /// The verdict of `count --check` on the part's classes, where one was
    /// asked: a part is the JSON of such a count, and keeps it as a report
    /// does (issue 38). Absent otherwise, so that parts without it read
    /// and seal as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<serde_json::Value>,
    /// `crc32:` and eight hex digits: the CRC-32 of the document without
    /// this field. Written by [`Part::to_json`] whatever it holds here;
    /// checked by [`Part::parse`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checksum: Option<String>,
}

/// One class's count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassCount {
    pub id: usize,
    /// The representative counted, in algebraic names (no `to` in a
    /// class of start squares: any end).
    pub from: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    pub weight: u32,
    /// The directed open tours from `from` to `to` (to any end).
    pub count: String,
    pub seconds: f64,
    pub peak_states: u64,
}

impl ClassCount {
    /// The count as a number: decimal digits as the program writes them,
    /// with no leading zero (a hand-edited `007` is not a count written by
    /// the program).
    pub fn value(&self) -> Option<BigUint> {
        if self.count.is_empty()
            || !self.count.bytes().all(|b| b.is_ascii_digit())
            || (self.count.len() > 1 && self.count.starts_with('0'))
        {
            return None;
        }
        self.count.parse().ok()
    }
}

/// Why a part file could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PartError(pub String);

impl Part {
    /// Reads and checks the form of a part file: JSON of this schema whose
    /// counts are numbers. Whether it belongs to a plan is the merge's
    /// question.
    pub fn read(path: &Path) -> Result<Part, PartError> {
        let name = path.display();
        let bad = |why: String| PartError(format!("{name}: {why}"));
        // Bounded by what is read, not by what the file's length says: a
        // device or a pipe (`/dev/zero`, `<(yes)`) has none (issue 38).
        let mut text = String::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(MAX_BYTES + 1).read_to_string(&mut text))
            .map_err(|e| bad(format!("cannot read it: {e}")))?;
        if text.len() as u64 > MAX_BYTES {
            return Err(bad(format!(
                "more than {MAX_BYTES} bytes is too large for a part"
            )));
        }
        Part::parse(&text).map_err(|why| bad(why.0))
    }

    /// [`Part::read`] for text already read: also checks the checksum.
    pub fn parse(text: &str) -> Result<Part, PartError> {
        let part: Part = serde_json::from_str(text).map_err(|e| {
            PartError(format!(
                "not a part of a pair count (damaged or foreign JSON: {e})"
            ))
        })?;
        if part.ends().is_none() {
            return Err(PartError(format!(
                "its schema is {:?}, not {SCHEMA:?} or {STARTS_SCHEMA:?} (a part of another version of the program: count the shard again with this one)",
                part.schema
            )));
        }
        match &part.checksum {
            None => {
                return Err(PartError(
                    "it has no checksum, so it cannot be told whole: count the shard again".into(),
                ));
            }
            Some(stored) if *stored != part.digest() => {
                return Err(PartError(
                    "its checksum does not match its content: it is damaged or was edited; count the shard again".into(),
                ));
            }
            Some(_) => {}
        }
        if let Some(class) = part.classes.iter().find(|c| c.value().is_none()) {
            return Err(PartError(format!(
                "class {} has the count {:?}, not a number",
                class.id, class.count
            )));
        }
        Ok(part)
    }

    /// What the part's classes are classes of, by its schema (`None`: a
    /// schema this version does not read).
    pub fn ends(&self) -> Option<crate::plan::Ends> {
        [crate::plan::Ends::Pairs, crate::plan::Ends::Starts]
            .into_iter()
            .find(|&ends| schema(ends) == self.schema)
    }

    /// The document, one line of JSON, with its checksum.
    pub fn to_json(&self) -> String {
        let sealed = Part {
            checksum: Some(self.digest()),
            ..self.clone()
        };
        serde_json::to_string(&sealed).expect("a part serialises")
    }

    /// `crc32:` and the CRC-32 of the document without its checksum.
    fn digest(&self) -> String {
        let bare = Part {
            checksum: None,
            ..self.clone()
        };
        let text = serde_json::to_string(&bare).expect("a part serialises");
        format!("crc32:{:08x}", crc32fast::hash(text.as_bytes()))
    }
}

/// The name of a board in parts: `RxC`.
pub fn board_name(board: &kt_board::Board) -> String {
    format!("{}x{}", board.rows(), board.cols())
}
