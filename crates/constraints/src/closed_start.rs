//! The closed-start constraint.
//!
//! **Definition.** At time 0 the knight is on the corner a = (0,0), at time 1
//! on b = (1,2), and at the last time step on c = (2,1). At every time in
//! between, a, b and c are never occupied; every other square is free.
//!
//! **Why it counts undirected cycles.** Every Hamiltonian cycle passes through
//! the corner a, whose only neighbours are b and c, so the cycle uses both
//! edges a–b and a–c. Cutting it at a and reading it in the direction
//! a → b gives exactly one sequence a, b, …, c; reading it the other way
//! gives a, c, …, b, which this constraint excludes. So the sets that satisfy
//! this constraint, the transitions and exactly-once are in one-to-one
//! correspondence with undirected closed tours.
//!
//! Being a product of independent per-variable decisions (required, forced
//! out or free), the constraint is a single chain: one level per variable.

use kt_board::Square;
use kt_engine::{Engine, EngineError};

use crate::Encoding;

/// Why a board has no closed-start constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoClosedStart {
    pub rows: usize,
    pub cols: usize,
}

impl std::fmt::Display for NoClosedStart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a {}x{} board has no closed tour: the corner (0,0) needs both neighbours (1,2) and (2,1), which takes at least 3 rows and 3 columns",
            self.rows, self.cols
        )
    }
}

/// The three squares the closed-start constraint fixes: the corner and its
/// two neighbours, `[a, b, c]` with a = (0,0), b = (1,2), c = (2,1).
pub fn closed_squares(enc: &Encoding) -> Result<[Square; 3], NoClosedStart> {
    let board = enc.board();
    if board.rows() < 3 || board.cols() < 3 {
        return Err(NoClosedStart {
            rows: board.rows(),
            cols: board.cols(),
        });
    }
    Ok([
        board.square_at(0, 0),
        board.square_at(1, 2),
        board.square_at(2, 1),
    ])
}

/// What a product constraint says about one variable.
enum Literal {
    /// The variable is in every set.
    In,
    /// The variable is in no set.
    Out,
    /// No constraint.
    Free,
}

fn only_if(condition: bool) -> Literal {
    if condition { Literal::In } else { Literal::Out }
}

/// Builds the closed-start constraint bottom-up, one node per level.
pub fn closed_start<E: Engine>(engine: &E, enc: &Encoding) -> Result<E::Func, ClosedStartError> {
    let [a, b, c] = closed_squares(enc).map_err(ClosedStartError::NoClosedStart)?;
    let last = enc.last_time();
    let literal = |square: Square, t: usize| match t {
        0 => only_if(square == a),
        1 => only_if(square == b),
        t if t == last => only_if(square == c),
        _ if square == a || square == b || square == c => Literal::Out,
        _ => Literal::Free,
    };

    let mut f = engine.accept();
    for t in (0..enc.cells()).rev() {
        for square in (0..enc.cells()).rev() {
            let var = enc.var(square, t);
            f = match literal(square, t) {
                Literal::In => engine.node(var, &f, &engine.reject())?,
                Literal::Out => engine.forced_out(var, &f)?,
                Literal::Free => engine.free(var, &f)?,
            };
        }
    }
    Ok(f)
}

/// Why the closed-start constraint could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClosedStartError {
    #[error("{0}")]
    NoClosedStart(NoClosedStart),
    #[error("{0}")]
    Engine(EngineError),
}

impl From<EngineError> for ClosedStartError {
    fn from(e: EngineError) -> Self {
        ClosedStartError::Engine(e)
    }
}
