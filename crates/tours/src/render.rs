//! A tour for people: the numbered board, the list of moves, an SVG picture,
//! and a small serialisable view for JSON.
//!
//! The numbered board and the move list are also the two formats
//! [`crate::parse`] reads back, so `verify` can check what `find` printed.

use std::fmt::Write as _;

use kt_board::{Board, Tour, TourKind, square_name};
use serde::Serialize;

/// The board with each square's step number (1-based), right-aligned in
/// columns one space apart, row 0 (the top rank) first; one line per row,
/// each ending in a newline. A square the tour does not visit shows `-`.
///
/// Columns are as wide as the largest number, so a 50 × 50 board is 50
/// columns of 4 digits: 249 characters a line.
pub fn render_board(tour: &Tour) -> String {
    let board = &tour.board;
    let steps = tour.step_of_square();
    let width = board.cells().to_string().len();
    let mut out = String::with_capacity(board.cells() * (width + 1));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if c > 0 {
                out.push(' ');
            }
            match steps[board.square_at(r, c)] {
                usize::MAX => write!(out, "{:>width$}", "-"),
                t => write!(out, "{:>width$}", t + 1),
            }
            .expect("writing to a String cannot fail");
        }
        out.push('\n');
    }
    out
}

/// The squares in order as algebraic names separated by single spaces,
/// e.g. `a6 c5 e6 …` (no trailing newline).
pub fn render_moves(tour: &Tour) -> String {
    let board = &tour.board;
    let mut out = String::with_capacity(tour.squares.len() * 4);
    for (i, &s) in tour.squares.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if s < board.cells() {
            out.push_str(&square_name(board, s));
        } else {
            out.push('?');
        }
    }
    out
}

/// Boards with more squares than this are drawn without step numbers: at
/// 100 × 100 the numbers are already five digits in a square a few pixels
/// wide, and only useful when zooming in.
pub const SVG_MAX_NUMBERED_CELLS: usize = 10_000;

/// Boards with more squares than this get their chequer pattern from one
/// SVG `<pattern>` instead of one rectangle per square, to keep the file
/// size proportional to the tour rather than twice it.
pub const SVG_MAX_RECT_CELLS: usize = 40_000;

/// Side of a square in SVG user units.
const UNIT: usize = 100;

/// The band for the files' and ranks' names below and left of a board
/// whose squares are numbered, in the same units (100 a square).
const LABEL_MARGIN: usize = 40;

/// What an SVG picture shows beyond the board and the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// The step number in each square (on boards of at most
    /// [`SVG_MAX_NUMBERED_CELLS`] squares; larger boards never get them).
    pub numbers: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions { numbers: true }
    }
}

/// The picture [`render_svg_with`] draws with the default options: the
/// step numbers included.
pub fn render_svg(tour: &Tour) -> String {
    render_svg_with(tour, SvgOptions::default())
}

/// A standalone SVG picture of the tour: a chess-coloured board (`a1`, the
/// bottom-left square, dark), the step number in each square, the path as
/// one polyline through the square centres, the start ringed in green, the
/// end of an open tour marked with a red square, and for a closed tour the
/// closing move as a dashed line.
///
/// Everything scales with the board: the drawing is in units of 1/100 of a
/// square, numbers shrink to fit their digits (a 4-digit number is 40% of a
/// square high), lines and markers are fixed fractions of a square. The
/// nominal size (`width` and `height`; any viewer can zoom) gives numbered
/// boards 24 to 48 pixels a square, about 1200 pixels for the longer side
/// from 25 squares up (so a 50 × 50 board is 1200 × 1200 with 9-pixel
/// numbers), and larger boards 2 to 24 pixels a square. Numbers are omitted
/// above [`SVG_MAX_NUMBERED_CELLS`] squares or when `options` leave them
/// out (the picture keeps its size), and individual square rectangles above
/// [`SVG_MAX_RECT_CELLS`].
///
/// A number is centred in its square by `text-anchor="middle"` and a
/// baseline `dy="0.35em"` below the centre (about half the height of a
/// digit), not by `dominant-baseline`, which librsvg ignores: this way
/// librsvg, browsers and GitHub's viewer put it in the same place.
pub fn render_svg_with(tour: &Tour, options: SvgOptions) -> String {
    const LIGHT: &str = "#f0d9b5";
    const DARK: &str = "#b58863";
    let board = &tour.board;
    let (rows, cols) = (board.rows(), board.cols());
    let (w, h) = (cols * UNIT, rows * UNIT);
    let numberable = board.cells() <= SVG_MAX_NUMBERED_CELLS;
    let caption = caption(tour, options.numbers && numberable);
    // Files (a, b, …) below the board and ranks (1, 2, …) to its left, in
    // a margin outside the board's own coordinates, where squares are
    // large enough to read them.
    let margin = if numberable { LABEL_MARGIN } else { 0 };
    let side = rows.max(cols);
    let px = if numberable {
        (1200 / side).clamp(24, 48)
    } else {
        (2400 / side).clamp(2, 24)
    };
    // A white border all round, so that the rings and markers of the edge
    // squares and the names beside the board never touch the picture's
    // edge.
    let pad = UNIT / 4;
    let width = pad + margin + w + pad;
    // The caption: at least 13 pixels high at the nominal size (three
    // tenths of a square where squares are large), in as many lines as it
    // takes to fit the picture's width. Its band holds the lines of the
    // longer caption, the one with numbers, so that a picture with numbers
    // and one without are the same size.
    // In whole units: a character is about 0.56 of the font's size wide,
    // and a line 1.3 of it high.
    let caption_size = (13 * UNIT).div_ceil(px).max(UNIT * 3 / 10);
    let per_line = width * 95 / (caption_size * 56);
    let caption_lines = wrap(&caption, per_line);
    let band_lines = wrap(&self::caption(tour, numberable), per_line).len();
    let line_height = caption_size * 13 / 10;
    let caption_band = line_height * band_lines.max(caption_lines.len()) + caption_size;
    let height = pad + h + margin + caption_band + pad;
    let numbered = numberable && options.numbers;
    let centre = |s: usize| {
        let (r, c) = board.row_col(s);
        (c * UNIT + UNIT / 2, r * UNIT + UNIT / 2)
    };
    let on_board: Vec<usize> = tour
        .squares
        .iter()
        .copied()
        .filter(|&s| s < board.cells())
        .collect();
    let mut out = String::new();
    let mut w_ = |text: std::fmt::Arguments| {
        out.write_fmt(text)
            .expect("writing to a String cannot fail");
    };
    w_(format_args!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"-{} -{pad} {width} {height}\" width=\"{}\" height=\"{}\">\n",
        pad + margin,
        width * px / UNIT,
        height * px / UNIT
    ));
    w_(format_args!(
        "<rect class=\"background\" x=\"-{}\" y=\"-{pad}\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n",
        pad + margin
    ));
    w_(format_args!(
        "<title>{} knight's tour of the {board} board</title>\n",
        match tour.kind {
            TourKind::Open => "An open",
            TourKind::Closed => "A closed",
        }
    ));
    let is_dark = |r: usize, c: usize| (c + (rows - 1 - r)).is_multiple_of(2);
    if board.cells() <= SVG_MAX_RECT_CELLS {
        w_(format_args!("<g class=\"squares\" stroke=\"none\">\n"));
        for r in 0..rows {
            for c in 0..cols {
                let (class, fill) = if is_dark(r, c) {
                    ("dark", DARK)
                } else {
                    ("light", LIGHT)
                };
                w_(format_args!(
                    "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{fill}\"/>\n",
                    c * UNIT,
                    r * UNIT
                ));
            }
        }
        w_(format_args!("</g>\n"));
    } else {
        // The 2×2 tile starting at the top-left square, repeated.
        let (top_left, top_right) = if is_dark(0, 0) {
            (DARK, LIGHT)
        } else {
            (LIGHT, DARK)
        };
        let two = 2 * UNIT;
        w_(format_args!(
            "<defs><pattern id=\"chequer\" width=\"{two}\" height=\"{two}\" patternUnits=\"userSpaceOnUse\">\
             <rect width=\"{two}\" height=\"{two}\" fill=\"{top_right}\"/>\
             <rect width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{top_left}\"/>\
             <rect x=\"{UNIT}\" y=\"{UNIT}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{top_left}\"/>\
             </pattern></defs>\n<rect class=\"board\" width=\"{w}\" height=\"{h}\" fill=\"url(#chequer)\"/>\n"
        ));
    }
    let stroke = "#1d4f91";
    if let (Some(&first), Some(&last)) = (on_board.first(), on_board.last()) {
        if tour.kind == TourKind::Closed && on_board.len() > 2 {
            let ((x1, y1), (x2, y2)) = (centre(last), centre(first));
            w_(format_args!(
                "<line class=\"closing\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{stroke}\" stroke-width=\"6\" stroke-dasharray=\"14 10\" stroke-opacity=\"0.8\"/>\n"
            ));
        }
        w_(format_args!(
            "<polyline class=\"path\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"6\" stroke-opacity=\"0.8\" stroke-linejoin=\"round\" points=\""
        ));
        for (i, &s) in on_board.iter().enumerate() {
            let (x, y) = centre(s);
            w_(format_args!("{}{x},{y}", if i == 0 { "" } else { " " }));
        }
        w_(format_args!("\"/>\n"));
        let (x, y) = centre(first);
        w_(format_args!(
            "<circle class=\"start\" cx=\"{x}\" cy=\"{y}\" r=\"34\" fill=\"none\" stroke=\"#2e8b3a\" stroke-width=\"9\"/>\n"
        ));
        if tour.kind == TourKind::Open && on_board.len() > 1 {
            let (x, y) = centre(last);
            w_(format_args!(
                "<rect class=\"end\" x=\"{}\" y=\"{}\" width=\"64\" height=\"64\" fill=\"none\" stroke=\"#b3261e\" stroke-width=\"9\"/>\n",
                x - 32,
                y - 32
            ));
        }
    }
    if margin > 0 {
        w_(format_args!(
            "<g class=\"labels\" font-family=\"sans-serif\" font-size=\"26\" text-anchor=\"middle\" fill=\"#555\">\n"
        ));
        for c in 0..cols {
            w_(format_args!(
                "<text x=\"{}\" y=\"{}\" dy=\"0.35em\">{}</text>\n",
                c * UNIT + UNIT / 2,
                h + margin / 2,
                kt_board::file_name(c)
            ));
        }
        for r in 0..rows {
            w_(format_args!(
                "<text x=\"-{}\" y=\"{}\" dy=\"0.35em\">{}</text>\n",
                margin / 2,
                r * UNIT + UNIT / 2,
                rows - r
            ));
        }
        w_(format_args!("</g>\n"));
    }
    if numbered {
        // A digit is about 0.6 em wide: 130/digits keeps the widest
        // number within about 80 of the square's 100 units, so that
        // neighbouring numbers never run together.
        let digits = board.cells().to_string().len();
        let size = (130 / digits).min(42);
        // A pale disc under each number: the path runs beneath the
        // numbers, not through them.
        w_(format_args!(
            "<g class=\"number-discs\" fill=\"#ffffff\" fill-opacity=\"0.8\" stroke=\"none\">\n"
        ));
        let radius = (size * (digits.max(2) * 6 + 4)) / 20;
        for &s in &on_board {
            let (x, y) = centre(s);
            w_(format_args!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>\n",
                radius.min(40)
            ));
        }
        w_(format_args!("</g>\n"));
        w_(format_args!(
            "<g class=\"numbers\" font-family=\"sans-serif\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"#111\" stroke=\"#fff\" stroke-width=\"{}\" stroke-opacity=\"0.7\" paint-order=\"stroke\">\n",
            (size / 6).max(2)
        ));
        for (t, &s) in on_board.iter().enumerate() {
            let (x, y) = centre(s);
            w_(format_args!(
                "<text x=\"{x}\" y=\"{y}\" dy=\"0.35em\">{}</text>\n",
                t + 1
            ));
        }
        w_(format_args!("</g>\n"));
    }
    for (i, line) in caption_lines.iter().enumerate() {
        w_(format_args!(
            "<text class=\"caption\" x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{caption_size}\" text-anchor=\"middle\" fill=\"#222\">{}</text>\n",
            (w as f64 - margin as f64) / 2.0,
            h + margin + caption_size / 2 + line_height * i + line_height * 3 / 4,
            line.replace('&', "&amp;").replace('<', "&lt;")
        ));
    }
    w_(format_args!("</svg>\n"));
    out
}

/// The words under the picture, what the tour is and how to read it, in
/// clauses that each read on a line of their own where the picture is too
/// narrow for the whole caption on one (each with its punctuation; joined
/// by spaces they are the caption in one line).
fn caption(tour: &Tour, numbers: bool) -> Vec<String> {
    let board = &tour.board;
    let name = |s: usize| {
        if s < board.cells() {
            square_name(board, s)
        } else {
            "?".to_owned()
        }
    };
    let (Some(&first), Some(&last)) = (tour.squares.first(), tour.squares.last()) else {
        return vec![format!("An empty tour of the {board} board")];
    };
    let mut clauses = match tour.kind {
        TourKind::Open => vec![
            format!("Open knight's tour of {board}:"),
            format!("{} (green ring)", name(first)),
            format!("to {} (red square)", name(last)),
        ],
        TourKind::Closed => vec![
            format!("Closed knight's tour of {board}"),
            format!("from {} (green ring);", name(first)),
            "dashed: the closing move".to_owned(),
        ],
    };
    if numbers {
        if let Some(last) = clauses.last_mut() {
            last.push(';');
        }
        clauses.push("numbers: the steps".to_owned());
    }
    clauses
}

/// The caption's clauses in lines of at most `width` characters: packed
/// greedily, a space between two on one line, and a clause too long for a
/// line of its own broken between words (a word longer than the width gets
/// a line of its own).
fn wrap(clauses: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for clause in clauses {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + clause.chars().count() <= width => {
                line.push(' ');
                line.push_str(clause);
                continue;
            }
            _ => {}
        }
        let mut current = String::new();
        for word in clause.split(' ') {
            let taken = current.chars().count();
            if taken > 0 && taken + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        lines.push(current);
    }
    lines
}

/// A tour as plain data, for JSON output: the board, the kind, and the
/// squares in order both as algebraic names and as indices (row-major,
/// `cols·row + col`, row 0 at the top).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TourView {
    pub rows: usize,
    pub cols: usize,
    /// `"open"` or `"closed"`.
    pub kind: String,
    pub moves: Vec<String>,
    pub squares: Vec<usize>,
}

impl From<&Tour> for TourView {
    fn from(tour: &Tour) -> TourView {
        let board: &Board = &tour.board;
        TourView {
            rows: board.rows(),
            cols: board.cols(),
            kind: tour.kind.to_string(),
            moves: tour
                .squares
                .iter()
                .map(|&s| {
                    if s < board.cells() {
                        square_name(board, s)
                    } else {
                        "?".to_string()
                    }
                })
                .collect(),
            squares: tour.squares.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find::default_tour;

    #[test]
    fn board_text_is_right_aligned() {
        let b = Board::new(3, 4).unwrap();
        let t = Tour::new(
            b,
            TourKind::Open,
            vec![0, 6, 8, 1, 7, 9, 2, 4, 10, 3, 5, 11],
        );
        assert_eq!(render_board(&t), " 1  4  7 10\n 8 11  2  5\n 3  6  9 12\n");
        let t = default_tour(50, 50, TourKind::Closed);
        let text = render_board(&t);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 50);
        assert!(lines.iter().all(|l| l.len() == 50 * 5 - 1));
    }

    #[test]
    fn moves_are_algebraic() {
        let b = Board::new(3, 4).unwrap();
        let t = Tour::new(b, TourKind::Open, vec![0, 6, 8, 1]);
        assert_eq!(render_moves(&t), "a3 c2 a1 b3");
    }

    fn elements<'a>(
        doc: &'a roxmltree::Document,
        name: &str,
        class: &str,
    ) -> Vec<roxmltree::Node<'a, 'a>> {
        doc.descendants()
            .filter(|n| n.has_tag_name(name) && n.attribute("class") == Some(class))
            .collect()
    }

    #[test]
    fn svg_is_well_formed_and_complete() {
        for (rows, cols, kind) in [
            (6, 6, TourKind::Closed),
            (5, 5, TourKind::Open),
            (50, 50, TourKind::Open),
        ] {
            let t = default_tour(rows, cols, kind);
            let svg = render_svg(&t);
            let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
            let cells = rows * cols;
            let dark = elements(&doc, "rect", "dark").len();
            let light = elements(&doc, "rect", "light").len();
            assert_eq!(dark + light, cells);
            assert_eq!(dark, cells / 2 + cells % 2, "a1 and the corners are dark");
            let path = elements(&doc, "polyline", "path");
            assert_eq!(path.len(), 1);
            let points = path[0].attribute("points").unwrap().split(' ').count();
            assert_eq!(points, cells);
            assert_eq!(elements(&doc, "circle", "start").len(), 1);
            let closing = elements(&doc, "line", "closing").len();
            assert_eq!(closing, usize::from(kind == TourKind::Closed));
            let numbers: Vec<_> = doc
                .descendants()
                .filter(|n| {
                    n.has_tag_name("text")
                        && n.parent_element().and_then(|p| p.attribute("class")) == Some("numbers")
                })
                .collect();
            assert_eq!(numbers.len(), cells);
            let labels: Vec<&str> = doc
                .descendants()
                .filter(|n| {
                    n.has_tag_name("text")
                        && n.parent_element().and_then(|p| p.attribute("class")) == Some("labels")
                })
                .filter_map(|n| n.text())
                .collect();
            if rows <= 8 {
                // Files left to right, then ranks top to bottom.
                assert_eq!(labels.len(), rows + cols, "{labels:?}");
                assert_eq!(labels[0], "a");
                assert_eq!(labels[cols], rows.to_string());
                assert_eq!(labels[rows + cols - 1], "1");
            }
            // Centred by a baseline offset that every renderer honours,
            // not by dominant-baseline, which librsvg ignores.
            assert!(
                numbers.iter().all(|n| n.attribute("dy") == Some("0.35em")),
                "{svg}"
            );
            assert!(
                doc.descendants()
                    .all(|n| n.attribute("dominant-baseline").is_none()),
                "{svg}"
            );
            // Each number sits on its square's centre, in the order of the tour.
            let first = numbers[0];
            assert_eq!(first.text(), Some("1"));
            let (cx, cy) = {
                let (r, c) = t.board.row_col(t.squares[0]);
                (c * UNIT + UNIT / 2, r * UNIT + UNIT / 2)
            };
            assert_eq!(first.attribute("x"), Some(cx.to_string().as_str()));
            assert_eq!(first.attribute("y"), Some(cy.to_string().as_str()));
        }
    }

    #[test]
    fn svg_without_numbers_keeps_the_rest_of_the_picture() {
        for (rows, cols, kind) in [(6, 6, TourKind::Closed), (50, 50, TourKind::Closed)] {
            let t = default_tour(rows, cols, kind);
            let with = render_svg(&t);
            let without = render_svg_with(&t, SvgOptions { numbers: false });
            let doc = roxmltree::Document::parse(&without).expect("well-formed SVG");
            // Only the files' and ranks' names and the caption are left
            // as text.
            assert_eq!(
                doc.descendants()
                    .filter(|n| n.has_tag_name("text") && n.attribute("class") != Some("caption"))
                    .count(),
                rows + cols
            );
            assert!(!elements(&doc, "text", "caption").is_empty());
            assert!(elements(&doc, "g", "numbers").is_empty());
            assert!(elements(&doc, "g", "number-discs").is_empty());
            assert_eq!(elements(&doc, "polyline", "path").len(), 1);
            assert_eq!(elements(&doc, "line", "closing").len(), 1);
            // The same picture, the same size, only without the numbers.
            let root = |svg: &str| {
                let doc = roxmltree::Document::parse(svg).unwrap();
                let root = doc.root_element();
                ["viewBox", "width", "height"].map(|a| root.attribute(a).unwrap().to_string())
            };
            assert_eq!(root(&with), root(&without));
            // The picture without numbers is the one with them, less the
            // numbers, their discs and the caption's word on them.
            let cut = |svg: &str, from: &str, to: &str| {
                let start = svg.find(from).unwrap();
                let end = start + svg[start..].find(to).unwrap() + to.len();
                format!("{}{}", &svg[..start], &svg[end..])
            };
            let bare = cut(&with, "<g class=\"number-discs\"", "</g>\n");
            let bare = cut(&bare, "<g class=\"numbers\"", "</g>\n");
            // (The caption's font fits its words, so its size differs.)
            let uncaptioned = |svg: &str| -> Vec<String> {
                svg.lines()
                    .filter(|l| !l.contains("class=\"caption\""))
                    .map(str::to_owned)
                    .collect()
            };
            assert_eq!(uncaptioned(&bare), uncaptioned(&without));
        }
    }

    #[test]
    fn svg_of_a_large_board_drops_numbers_and_rects() {
        let t = default_tour(201, 200, TourKind::Closed);
        let svg = render_svg(&t);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        // The caption alone.
        assert!(
            doc.descendants()
                .filter(|n| n.has_tag_name("text"))
                .all(|n| n.attribute("class") == Some("caption"))
        );
        assert!(doc.descendants().any(|n| n.has_tag_name("pattern")));
    }

    /// A border all round: the start's ring on a corner square and the
    /// names beside the board stay inside the picture, and the caption,
    /// in as many lines as it takes, reads at 13 pixels or more.
    #[test]
    fn the_picture_has_a_border_and_a_caption_that_reads() {
        for (rows, cols) in [(5, 5), (8, 8), (3, 40), (60, 60)] {
            let tour = default_tour(rows, cols, TourKind::Open);
            let svg = render_svg(&tour);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let root = doc.root_element();
            let view: Vec<f64> = root
                .attribute("viewBox")
                .unwrap()
                .split(' ')
                .map(|v| v.parse().unwrap())
                .collect();
            let [left, top, width, height] = view[..] else {
                panic!("{view:?}")
            };
            let (board_width, board_height) = ((cols * UNIT) as f64, (rows * UNIT) as f64);
            assert!(left < 0.0 && top < 0.0, "{rows}x{cols}: {view:?}");
            assert!(left + width > board_width, "{rows}x{cols}: {view:?}");
            assert!(top + height > board_height, "{rows}x{cols}: {view:?}");
            let px: f64 = root.attribute("width").unwrap().parse().unwrap();
            let captions = elements(&doc, "text", "caption");
            assert!(!captions.is_empty());
            for caption in captions {
                let size: f64 = caption.attribute("font-size").unwrap().parse().unwrap();
                assert!(size * px / width >= 12.5, "{rows}x{cols}: {size} units");
                let chars = caption.text().unwrap().chars().count() as f64;
                assert!(
                    chars * size * 0.56 <= width,
                    "{rows}x{cols}: a line too long"
                );
            }
        }
    }

    #[test]
    fn view_serialises() {
        let t = default_tour(3, 4, TourKind::Open);
        let json = serde_json::to_string(&TourView::from(&t)).unwrap();
        assert!(json.starts_with("{\"rows\":3,\"cols\":4,\"kind\":\"open\",\"moves\":["));
    }
}
