//! Parsers of argument values (boards, squares, sizes, durations, orders,
//! shards) into the library's types, with one-line errors.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

use clap::builder::PossibleValuesParser;
use kt_count::{
    Board, Bytes, EngineKind, MAX_ORDER_FILE_BYTES, MethodSettings, Order, OrderChoice,
};

/// `auto` and the registry's method names.
pub(crate) fn method_names() -> PossibleValuesParser {
    let mut names = vec!["auto"];
    names.extend(MethodSettings::names());
    PossibleValuesParser::new(names)
}

/// Every engine the library knows (`kt_engine::EngineKind::NAMED`): one
/// not in this build (BuDDy without its feature) is refused by the plan
/// with the reason and the way to build it.
pub(crate) fn engine_names() -> PossibleValuesParser {
    PossibleValuesParser::new(EngineKind::NAMED.map(EngineKind::name))
}

/// `K/N` (see `kt_shards::Shard`).
pub(crate) fn parse_shard(text: &str) -> Result<kt_count::Shard, String> {
    text.parse().map_err(|e: kt_count::ShardError| e.0)
}

/// A square given as `R,C` (0-based) or algebraically, on `board`.
pub fn parse_square(board: &Board, text: &str) -> Result<kt_count::Square, String> {
    let text = text.trim();
    if let Some((r, c)) = text.split_once(',') {
        let bad = || {
            format!(
                "invalid square '{text}': expected R,C with 0-based row and column, or a name such as a1"
            )
        };
        let r: usize = r.trim().parse().map_err(|_| bad())?;
        let c: usize = c.trim().parse().map_err(|_| bad())?;
        if r >= board.rows() || c >= board.cols() {
            return Err(format!(
                "square {r},{c} is not on the {board} board (rows 0..{}, columns 0..{})",
                board.rows() - 1,
                board.cols() - 1
            ));
        }
        return Ok(board.square_at(r, c));
    }
    kt_board::parse_square(board, text).map_err(|e| e.to_string())
}

pub(crate) fn parse_board(text: &str) -> Result<Board, String> {
    text.parse::<Board>().map_err(|e| e.to_string())
}

/// `--order` as given: the library's choice, and the file it was read
/// from, which the command must never write over.
#[derive(Clone, Debug)]
pub struct OrderArg {
    pub choice: OrderChoice,
    pub file: Option<std::path::PathBuf>,
}

/// `--order`: `auto`, `columns`, or a file of step numbers, read (at most
/// [`MAX_ORDER_FILE_BYTES`]) and checked to be a permutation of its board
/// here, before any work; whether it is of the board counted is checked
/// with the board.
pub(crate) fn parse_order(text: &str) -> Result<OrderArg, String> {
    use std::io::Read;
    let named = |choice| Ok(OrderArg { choice, file: None });
    match text {
        "auto" => return named(OrderChoice::Auto),
        "columns" => return named(OrderChoice::Columns),
        _ => {}
    }
    let path = std::path::Path::new(text);
    let file = std::fs::File::open(path).map_err(|e| {
        format!("cannot read the order file '{text}': {e} (--order takes auto, columns, or a file)")
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_ORDER_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the order file '{text}': {e}"))?;
    if bytes.len() as u64 > MAX_ORDER_FILE_BYTES {
        return Err(format!(
            "the order file '{text}' is larger than {}, far more than an order of any board the frontier method holds",
            Bytes(MAX_ORDER_FILE_BYTES)
        ));
    }
    let text_of =
        String::from_utf8(bytes).map_err(|_| format!("the order file '{text}' is not text"))?;
    // A byte-order mark (some editors write one) is no step number.
    let order = Order::parse(text_of.trim_start_matches('\u{feff}'))
        .map_err(|e| format!("the order file '{text}': {e}"))?;
    Ok(OrderArg {
        choice: OrderChoice::Given(order),
        file: Some(path.to_path_buf()),
    })
}

pub(crate) fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let duration =
        humantime::parse_duration(text).map_err(|e| format!("invalid duration '{text}': {e}"))?;
    if duration.is_zero() {
        return Err(format!("invalid duration '{text}': must be more than zero"));
    }
    Ok(duration)
}

/// The shortest `--peer-timeout`: a live peer sends a byte a second, so a
/// shorter silence is no sign of a lost one.
const MIN_PEER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// `--peer-timeout`: a duration of at least [`MIN_PEER_TIMEOUT`].
pub(crate) fn parse_peer_timeout(text: &str) -> Result<std::time::Duration, String> {
    let duration = parse_duration(text)?;
    if duration < MIN_PEER_TIMEOUT {
        return Err(format!(
            "--peer-timeout {text} is shorter than the {} s a live peer may take between heartbeats",
            MIN_PEER_TIMEOUT.as_secs()
        ));
    }
    Ok(duration)
}

pub(crate) fn parse_bytes(text: &str) -> Result<Bytes, String> {
    text.parse()
}

/// A size read from the environment (`KNIGHTS_TOUR_CACHE_CAP`), as
/// `--memory` reads one.
pub fn parse_size(text: &str) -> Result<Bytes, String> {
    parse_bytes(text)
}

/// A picture's file name: SVG, or PNG where it ends in `.png`; any other
/// extension (`chart.pdf`, `map.jpg`) is refused before any work rather
/// than written as SVG under a name that says otherwise.
pub(crate) fn parse_picture(text: &str) -> Result<std::path::PathBuf, String> {
    let path = std::path::PathBuf::from(text);
    match path.extension().and_then(|e| e.to_str()) {
        None => Ok(path),
        Some(e) if e.eq_ignore_ascii_case("svg") || e.eq_ignore_ascii_case("png") => Ok(path),
        Some(e) => Err(format!(
            "the pictures written are SVG and PNG (.svg, .png), not .{e}"
        )),
    }
}

/// The most pixels a PNG's side may take: 16,384, as far as the renderer's
/// pixel buffer and common viewers go.
pub(crate) const PNG_WIDTH_MOST: u64 = 16_384;

/// `--png-width PX`: 16 to [`PNG_WIDTH_MOST`] pixels.
pub(crate) fn parse_png_width(text: &str) -> Result<u32, String> {
    whole::<u32>(16, PNG_WIDTH_MOST)(text)
}

/// A whole number in `lowest..=highest`, for clap. Clap's own ranged
/// parser says only "number too large to fit in target type" for digits
/// past a machine word (`sequence 6 --to 99999999999999999999`); this one
/// gives the range for every number outside it, however long, and clap's
/// words for the rest (`200000 is not in 1..=100000`).
pub(crate) fn whole<T: TryFrom<u64>>(
    lowest: u64,
    highest: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        let outside = || format!("{text} is not in {lowest}..={highest}");
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{text} is not a whole number"));
        }
        if digits.len() < text.len() {
            return Err(outside());
        }
        digits
            .parse::<u64>()
            .ok()
            .filter(|n| (lowest..=highest).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(outside)
    }
}
