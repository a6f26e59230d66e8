//! A table by start or by end square drawn as a heat map, for `count
//! --svg`, `merge --svg` and `plot --chart table`: the heading and the
//! colour bar's words said once, so that the three pictures of one table
//! read alike.

use kt_count::{Board, Table};

/// Which table is drawn.
pub(super) enum TableOf<'a> {
    /// By start square.
    Starts,
    /// By end square, from the square named `from`.
    Ends { from: &'a str },
}

/// The heat map of `table` of `kind` tours of `board`, headed `title` or
/// by what the table is; each square's whole count where `exact`.
pub(super) fn draw(
    board: &Board,
    kind: &str,
    of: &TableOf<'_>,
    table: &Table,
    title: Option<&str>,
    exact: bool,
) -> Result<String, kt_tours::TableError> {
    let (question, unit) = match of {
        TableOf::Starts => (
            "by start square".to_owned(),
            format!("directed {kind} tours starting on the square"),
        ),
        TableOf::Ends { from } => (
            format!("from {from} by end square"),
            format!("directed {kind} tours from {from} ending on the square"),
        ),
    };
    let title = title.map_or_else(
        || format!("Directed {kind} tours of {board} {question}"),
        str::to_owned,
    );
    let options = kt_tours::TableOptions { exact, unit };
    kt_tours::render_table_svg_with(board, table.rows(), &title, &options)
}
