//! Knight's tours without decision diagrams.
//!
//! - [`existence`]: which boards have open and closed tours (Schwenk 1991;
//!   Conrad, Hindrichs, Morsy and Wegener 1994), with the reason when not.
//! - [`find`]: one tour on boards up to 10⁸ squares: Warnsdorff's rule,
//!   backtracking on small boards, and a divide-and-conquer construction
//!   after Parberry (1997) that never fails.
//! - [`backtrack`]: the exact number of tours of a small board by plain
//!   backtracking, the obvious alternative to the decision-diagram count;
//!   also by start square, between fixed ends, and an estimate of its work.
//! - [`render`]: a tour as a numbered board, a list of moves, an SVG picture
//!   or a serialisable view.
//! - [`heatmap`]: a table of counts by square (by start, by end) as a
//!   board-shaped SVG heat map.
//! - [`symmetric`]: the tours one symmetry of the board maps onto
//!   themselves, counted on the quotient by its cyclic group (for
//!   Burnside's lemma beyond the boards whose tours can be listed).
//! - [`parse`]: a tour read back from the numbered board or the move list,
//!   and the verdict on it.
//!
//! Every tour this crate returns has passed [`kt_board::Tour::check`].

pub mod backtrack;
mod dfs;
pub mod existence;
pub mod find;
pub mod heatmap;
pub mod parse;
pub mod render;
pub mod symmetric;

pub use backtrack::{
    ByStart, COUNT_MAX_CELLS, CountError, CountLimits, CountReport, Endpoints, Progress,
    SearchProgress, TreeEstimate, count_open_tours, count_open_tours_by_start, count_tours,
    count_tours_with_nodes, count_tours_with_progress, estimate_tree,
};
pub use existence::{NoTour, closed_tour_exists, open_tour_exists, tour_exists};
pub use find::warnsdorff::TieBreak;
pub use find::{
    BACKTRACK_MAX_CELLS, DEFAULT_NODE_LIMIT, FindError, FindOptions, Finder,
    WARNSDORFF_AUTO_MAX_CELLS, find_tour, find_tour_with_method,
};
pub use heatmap::{TableError, TableOptions, render_table_svg, render_table_svg_with};
pub use parse::{
    ParseError, Verdict, parse_board, parse_moves, parse_tour, parse_tours, parse_tours_on, verdict,
};
pub use render::{SvgOptions, TourView, render_board, render_moves, render_svg, render_svg_with};
