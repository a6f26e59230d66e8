//! A table of counts by square, drawn as a board-shaped heat map (SVG).
//!
//! The tables are the ones `count --by-start`, `count --from SQ --by-end`,
//! `count --pairs` and `merge` print: one decimal count per square, row 0
//! (the top rank) first. Counts reach 10¹⁵ on 8×8 and beyond 2⁶⁴ on
//! larger boards, so they arrive as `BigUint`s and stay exact: every
//! square carries its whole count (`data-count`, and a `<title>` that
//! viewers show on hover) while the square itself shows it rounded to
//! three digits (`306 T`), which is what fits.
//!
//! With [`TableOptions::exact`] every square shows its whole count instead,
//! in groups of three digits over as many lines as it needs (a paper
//! quotes the numbers, not their rounding).
//!
//! The colour of a square is its share of the largest count, on the
//! viridis scale (dark violet for little, yellow for the most), which is
//! read the same in grey and by colour-blind readers. A square with no
//! tours is drawn light grey: on boards with an odd number of squares the
//! tours start on the majority colour only. Below the board the colour bar
//! has ticks at 0, ¼, ½, ¾ and all of the most, each labelled with its
//! count, and a caption saying what the counts are (the unit) and their
//! exact total.

use std::fmt::Write as _;

use kt_board::{Board, file_name};
use num_bigint::BigUint;

/// Side of a square in SVG user units.
const UNIT: usize = 100;
/// Room for the rank numbers on the left and the file letters below.
const MARGIN: usize = 50;
/// Room for the heading above the board.
const HEADING: usize = 70;
/// Room for the colour scale below the file letters: the bar, its tick
/// labels, and two lines of caption (the unit, the total).
const LEGEND: usize = 170;
/// Room on the right, so that the scale's last words stay inside.
const RIGHT: usize = 20;

/// Viridis at ten evenly spaced points (matplotlib's table, rounded).
const VIRIDIS: [(u8, u8, u8); 10] = [
    (0x44, 0x01, 0x54),
    (0x48, 0x28, 0x78),
    (0x3e, 0x49, 0x89),
    (0x31, 0x68, 0x8e),
    (0x26, 0x82, 0x8e),
    (0x1f, 0x9e, 0x89),
    (0x35, 0xb7, 0x79),
    (0x6e, 0xce, 0x58),
    (0xb5, 0xde, 0x2b),
    (0xfd, 0xe7, 0x25),
];

/// SI prefixes, one per three digits.
const PREFIXES: [&str; 8] = ["k", "M", "G", "T", "P", "E", "Z", "Y"];

/// The colour of a square with no tours.
const NONE: &str = "#e4e4e4";

/// Why a table cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TableError(pub String);

/// How a heat map is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableOptions {
    /// Every square's whole count, not three digits of it.
    pub exact: bool,
    /// What a square's count counts, for the colour bar's caption
    /// (`directed open tours starting on the square`); empty: "tours".
    pub unit: String,
}

/// The heat map of `table` (rows of counts, row 0 first, shaped as
/// `board`) under the heading `title`, each square's count rounded.
pub fn render_table_svg(
    board: &Board,
    table: &[Vec<BigUint>],
    title: &str,
) -> Result<String, TableError> {
    render_table_svg_with(board, table, title, &TableOptions::default())
}

/// [`render_table_svg`] as `options` say.
pub fn render_table_svg_with(
    board: &Board,
    table: &[Vec<BigUint>],
    title: &str,
    options: &TableOptions,
) -> Result<String, TableError> {
    let (rows, cols) = (board.rows(), board.cols());
    if table.len() != rows || table.iter().any(|row| row.len() != cols) {
        return Err(TableError(format!(
            "a table of {} rows is not shaped as the {board} board",
            table.len()
        )));
    }
    // The squares show digits: each count's decimal, written once.
    let table: Vec<Vec<String>> = table
        .iter()
        .map(|row| row.iter().map(BigUint::to_string).collect())
        .collect();
    let table = &table[..];
    // Shares of the largest count: the leading digits are all a colour
    // needs, and f64 reads any number of digits (a decimal of digits
    // alone, which `BigUint` writes, always parses).
    let value = |cell: &str| cell.parse::<f64>().unwrap_or(f64::INFINITY);
    let most = table
        .iter()
        .flatten()
        .map(|c| value(c))
        .fold(0.0f64, f64::max);
    let largest = table
        .iter()
        .flatten()
        .max_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)))
        .cloned()
        .unwrap_or_default();

    let (w, h) = (
        MARGIN + cols * UNIT + RIGHT,
        HEADING + rows * UNIT + MARGIN + LEGEND,
    );
    let px = (640 / rows.max(cols)).clamp(16, 96);
    let mut out = String::new();
    let mut put = |text: std::fmt::Arguments| {
        out.write_fmt(text)
            .expect("writing to a String cannot fail");
    };
    put(format_args!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 {w} {h}\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\">\n",
        w * px / UNIT,
        h * px / UNIT
    ));
    // A heading and a caption fit the picture's width (a digit or letter
    // is about 0.56 em wide).
    let fitting = |text: &str, most: f64| {
        (w as f64 * 0.95 / (text.chars().count().max(1) as f64 * 0.56)).min(most)
    };
    let heading_size = fitting(title, 30.0);
    let title = escape(title);
    put(format_args!("<title>{title}</title>\n"));
    put(format_args!(
        "<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n<text class=\"heading\" x=\"{}\" y=\"{}\" font-size=\"{heading_size:.1}\" text-anchor=\"middle\">{title}</text>\n",
        w / 2,
        HEADING / 2 + 10
    ));
    put(format_args!("<g class=\"cells\">\n"));
    for (r, row) in table.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (x, y) = (MARGIN + c * UNIT, HEADING + r * UNIT);
            let share = if most > 0.0 { value(cell) / most } else { 0.0 };
            let zero = cell.bytes().all(|b| b == b'0');
            let fill = if zero { NONE.to_owned() } else { colour(share) };
            let ink = match () {
                () if zero => "#808080",
                () if share > 0.6 => "#000000",
                () => "#ffffff",
            };
            let name = format!("{}{}", file_name(c), rows - r);
            let lines = if options.exact {
                exact_lines(cell)
            } else {
                vec![compact(cell)]
            };
            let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(1);
            let size = match widest {
                0..=4 => 30,
                5 => 26,
                6 | 7 => 22,
                _ => 18,
            }
            .min(80 / lines.len());
            put(format_args!(
                "<g class=\"cell\" data-square=\"{name}\" data-count=\"{cell}\"><title>{name}: {cell}</title>\
                 <rect x=\"{x}\" y=\"{y}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{fill}\" stroke=\"#ffffff\" stroke-width=\"2\"/>\
                 <text x=\"{}\" y=\"{}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{ink}\">",
                x + UNIT / 2,
                y + UNIT / 2
            ));
            // Lines centred on the square, a font size apart.
            let first = -((lines.len() - 1) as f64) / 2.0;
            for (i, line) in lines.iter().enumerate() {
                put(format_args!(
                    "<tspan x=\"{}\" dy=\"{:.2}em\">{line}</tspan>",
                    x + UNIT / 2,
                    if i == 0 { first + 0.35 } else { 1.0 }
                ));
            }
            put(format_args!("</text></g>\n"));
        }
    }
    put(format_args!(
        "</g>\n<g class=\"labels\" font-size=\"24\" fill=\"#333333\" text-anchor=\"middle\">\n"
    ));
    for r in 0..rows {
        put(format_args!(
            "<text x=\"{}\" y=\"{}\" dy=\"0.35em\">{}</text>\n",
            MARGIN / 2,
            HEADING + r * UNIT + UNIT / 2,
            rows - r
        ));
    }
    for c in 0..cols {
        put(format_args!(
            "<text x=\"{}\" y=\"{}\" dy=\"0.35em\">{}</text>\n",
            MARGIN + c * UNIT + UNIT / 2,
            HEADING + rows * UNIT + MARGIN / 2,
            file_name(c)
        ));
    }
    put(format_args!("</g>\n"));
    // The scale: the colours from no tours to the most, with both ends
    // named.
    let (bar_x, bar_y, bar_w) = (MARGIN, HEADING + rows * UNIT + MARGIN + 10, cols * UNIT);
    put(format_args!(
        "<defs><linearGradient id=\"scale\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\">"
    ));
    for (i, _) in VIRIDIS.iter().enumerate() {
        let at = i as f64 / (VIRIDIS.len() - 1) as f64;
        put(format_args!(
            "<stop offset=\"{at:.3}\" stop-color=\"{}\"/>",
            colour(at)
        ));
    }
    put(format_args!(
        "</linearGradient></defs>\n<g class=\"legend\" font-size=\"20\" fill=\"#333333\">\
         <rect x=\"{bar_x}\" y=\"{bar_y}\" width=\"{bar_w}\" height=\"24\" fill=\"url(#scale)\"/>\n"
    ));
    // Ticks at 0, ¼, ½, ¾ and the most, each named by its count (on a
    // board of fewer than 7 columns 0, ½ and the most: the labels must not
    // run together).
    let ticks: &[f64] = if cols >= 7 { &TICKS } else { &[0.0, 0.5, 1.0] };
    let last = ticks.len() - 1;
    for (i, share) in ticks.iter().enumerate() {
        let x = bar_x as f64 + share * bar_w as f64;
        let anchor = match i {
            0 => "start",
            i if i == last => "end",
            _ => "middle",
        };
        let label = if i == last {
            compact(&largest)
        } else {
            short_value(share * most)
        };
        put(format_args!(
            "<line class=\"tick\" x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{bar_y}\" y2=\"{}\" stroke=\"#333333\" stroke-width=\"2\"/>\
             <text class=\"tick-label\" x=\"{x:.1}\" y=\"{}\" text-anchor=\"{anchor}\"{}>{label}</text>\n",
            bar_y + 32,
            bar_y + 54,
            if i == last {
                format!(" data-count=\"{largest}\"")
            } else {
                String::new()
            }
        ));
    }
    let unit = if options.unit.is_empty() {
        "tours per square"
    } else {
        options.unit.as_str()
    };
    let unit = format!(
        "colour: {unit}; the most {}",
        group_digits(largest.trim_start_matches('0'))
    );
    let total = total(table);
    let total_line = format!("total: {}", group_digits(&total));
    put(format_args!(
        "<text class=\"unit\" x=\"{bar_x}\" y=\"{}\" font-size=\"{:.1}\">{}</text>\
         <text class=\"total\" x=\"{bar_x}\" y=\"{}\" font-size=\"{:.1}\" data-count=\"{total}\">{total_line}</text></g>\n",
        bar_y + 90,
        fitting(&unit, 20.0),
        escape(&unit),
        bar_y + 122,
        fitting(&total_line, 20.0),
    ));
    put(format_args!("</svg>\n"));
    Ok(out)
}

/// Where the colour bar's ticks are, as shares of the most.
const TICKS: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// A tick's value (a share of the most, so not a count of the table)
/// in a few characters: `432`, `4.3 k`.
#[allow(
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation,
    reason = "a non-negative value rounded to an integer"
)]
fn short_value(v: f64) -> String {
    if v < 1e4 {
        return format!("{}", v.round() as u64);
    }
    compact(&format!("{v:.0}"))
}

/// The exact sum of the table's counts, in decimal.
fn total(table: &[Vec<String>]) -> String {
    table
        .iter()
        .flatten()
        .filter_map(|cell| cell.parse::<BigUint>().ok())
        .sum::<BigUint>()
        .to_string()
}

/// `1234567` as `1,234,567`.
fn group_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A whole count as lines of at most two groups of three digits
/// (`19 591` / `828 170`), the first line the shortest.
fn exact_lines(count: &str) -> Vec<String> {
    let digits = count.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    if digits.len() <= 6 {
        return vec![digits.to_owned()];
    }
    let mut groups: Vec<&str> = Vec::new();
    let mut end = digits.len();
    while end > 0 {
        let start = end.saturating_sub(3);
        groups.push(&digits[start..end]);
        end = start;
    }
    groups.reverse();
    // Two groups a line, counted from the last.
    let mut lines: Vec<String> = groups
        .rchunks(2)
        .map(|pair| pair.join("\u{2009}"))
        .collect();
    lines.reverse();
    lines
}

/// The viridis colour at `t` (0 to 1), interpolated between the table's
/// points.
#[allow(
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation,
    reason = "t is clamped to 0..=1 first, so the index and the channels are in range"
)]
fn colour(t: f64) -> String {
    let t = t.clamp(0.0, 1.0) * (VIRIDIS.len() - 1) as f64;
    let i = (t.floor() as usize).min(VIRIDIS.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let ((r0, g0, b0), (r1, g1, b1)) = (VIRIDIS[i], VIRIDIS[i + 1]);
    format!("#{:02x}{:02x}{:02x}", mix(r0, r1), mix(g0, g1), mix(b0, b1))
}

/// A decimal count in at most about five characters: exact up to 9999,
/// then three digits and an SI prefix (`19.0 G`, `306 T`), then
/// scientific notation beyond the prefixes (`1.23e27`).
pub fn compact(count: &str) -> String {
    let digits = count.trim_start_matches('0');
    if digits.len() <= 4 {
        return if digits.is_empty() { "0" } else { digits }.to_owned();
    }
    // Rounded to three significant digits, carrying into a fourth.
    let lead: u32 = digits[..3].parse().unwrap_or(0);
    let lead = lead + u32::from(digits.as_bytes()[3] >= b'5');
    let (lead, exponent) = if lead == 1000 {
        (100, digits.len())
    } else {
        (lead, digits.len() - 1)
    };
    // `lead` is d.dd × 10^exponent.
    let group = exponent / 3;
    if group == 0 || group > PREFIXES.len() {
        return format!("{}.{:02}e{exponent}", lead / 100, lead % 100);
    }
    let prefix = PREFIXES[group - 1];
    match exponent % 3 {
        0 => format!("{}.{:02} {prefix}", lead / 100, lead % 100),
        1 => format!("{}.{} {prefix}", lead / 10, lead % 10),
        _ => format!("{lead} {prefix}"),
    }
}

/// Text safe inside an element or an attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_shortened_to_three_digits() {
        for (count, shown) in [
            ("0", "0"),
            ("1728", "1728"),
            ("12345", "12.3 k"),
            ("99950", "100 k"),
            ("99949", "99.9 k"),
            ("304", "304"),
            ("19023006776", "19.0 G"),
            ("6737067025770", "6.74 T"),
            ("19591828170979904", "19.6 P"),
            ("999999999999999999999999999", "1.00e27"),
            ("123456789012345678901234567890", "1.23e29"),
        ] {
            assert_eq!(compact(count), shown, "{count}");
        }
    }

    #[test]
    fn the_scale_runs_from_violet_to_yellow() {
        assert_eq!(colour(0.0), "#440154");
        assert_eq!(colour(1.0), "#fde725");
        assert_eq!(colour(2.0), "#fde725");
    }

    /// The picture parses as XML, and each square carries its whole count
    /// and its name, in the table's layout.
    #[test]
    fn every_square_carries_its_count() {
        let board = Board::new(2, 3).unwrap();
        let n = |d: &str| d.parse::<BigUint>().unwrap();
        let table = vec![
            vec![n("0"), n("5"), n("123456789012345678901")],
            vec![n("7"), n("0"), n("42")],
        ];
        let svg = render_table_svg(&board, &table, "Tours <by> start").unwrap();
        let document = roxmltree::Document::parse(&svg).unwrap();
        let cells: Vec<(String, String)> = document
            .descendants()
            .filter(|n| n.attribute("class") == Some("cell"))
            .map(|n| {
                (
                    n.attribute("data-square").unwrap().to_owned(),
                    n.attribute("data-count").unwrap().to_owned(),
                )
            })
            .collect();
        let expected: Vec<(String, String)> = [
            ("a2", "0"),
            ("b2", "5"),
            ("c2", "123456789012345678901"),
            ("a1", "7"),
            ("b1", "0"),
            ("c1", "42"),
        ]
        .iter()
        .map(|&(s, c)| (s.to_owned(), c.to_owned()))
        .collect();
        assert_eq!(cells, expected);
        assert!(svg.contains("Tours &lt;by&gt; start"));
        assert!(svg.contains(">123 E<"), "{svg}");
    }

    #[test]
    fn tables_of_another_shape_are_refused() {
        let board = Board::new(2, 2).unwrap();
        let row = vec![BigUint::from(1u32), BigUint::from(2u32)];
        assert!(render_table_svg(&board, std::slice::from_ref(&row), "t").is_err());
        let long = vec![row.clone(), vec![BigUint::from(1u32); 3]];
        assert!(render_table_svg(&board, &long, "t").is_err());
        assert!(render_table_svg(&board, &[row.clone(), row], "t").is_ok());
    }
}
