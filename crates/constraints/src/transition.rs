//! The transition constraint of one time step.
//!
//! **Definition.** `transition(t)`: at time `t` the knight is on exactly one
//! square `p`, at time `t+1` on exactly one square `q`, and `q` is a knight's
//! move from `p`. Nothing is said about any other time step, except that a
//! square with no knight move at all can never be part of a walk and is
//! forced out everywhere.
//!
//! **Shape** (top to bottom, which is how the sets are read):
//!
//! ```text
//!   times < t     free chain: every movable square, one don't-care node each
//!   time t        one chain over the squares p: "here?" — hi: to[p], lo: next p
//!   time t+1      for each p a chain to[p] over its targets q:
//!                 "here?" — hi: the rest of the board, lo: next target
//!   times > t+1   free chain, shared by every (p, q)
//! ```
//!
//! "Exactly one" needs the squares of a slice after the chosen one to be
//! *out*. A ZBDD says so by skipping them; a BDD needs a node for each, which
//! [`Engine::forced_out`] provides: the same code builds both.

use kt_board::Square;
use kt_engine::{Engine, EngineError};

use crate::Encoding;

/// `child` preceded by "every square after `square` in slice `t` is out".
fn rest_of_slice_out<E: Engine>(
    engine: &E,
    enc: &Encoding,
    t: usize,
    square: Square,
    child: &E::Func,
) -> Result<E::Func, EngineError> {
    let mut f = child.clone();
    for later in (square + 1..enc.cells()).rev() {
        f = engine.forced_out(enc.var(later, t), &f)?;
    }
    Ok(f)
}

/// Every square of slices `times` free (squares without moves forced out),
/// on top of `child`.
fn free_slices<E: Engine>(
    engine: &E,
    enc: &Encoding,
    times: std::ops::Range<usize>,
    child: &E::Func,
) -> Result<E::Func, EngineError> {
    let board = enc.board();
    let mut f = child.clone();
    for t in times.rev() {
        for square in (0..enc.cells()).rev() {
            let var = enc.var(square, t);
            f = if board.degree(square) > 0 {
                engine.free(var, &f)?
            } else {
                engine.forced_out(var, &f)?
            };
        }
    }
    Ok(f)
}

/// Builds `transition(t)` bottom-up; `t + 1` must be a time step.
pub fn transition<E: Engine>(engine: &E, enc: &Encoding, t: usize) -> Result<E::Func, EngineError> {
    assert!(t + 1 < enc.cells(), "transition({t}) needs a time step t+1");
    let board = enc.board();
    let cells = enc.cells();

    // Times after t+1: no constraint.
    let after = free_slices(engine, enc, t + 2..cells, &engine.accept())?;

    // Time t+1: to[p] accepts exactly one knight move q of p.
    let targets_of = |p: Square| -> Result<E::Func, EngineError> {
        let mut chain = engine.reject();
        if board.degree(p) == 0 {
            return Ok(chain);
        }
        for q in (0..cells).rev() {
            let var = enc.var(q, t + 1);
            chain = if board.is_knight_move(p, q) {
                let chosen = rest_of_slice_out(engine, enc, t + 1, q, &after)?;
                engine.node(var, &chosen, &chain)?
            } else {
                engine.forced_out(var, &chain)?
            };
        }
        Ok(chain)
    };
    let to: Vec<E::Func> = (0..cells).map(targets_of).collect::<Result<_, _>>()?;

    // Time t: exactly one square p with a move, then to[p].
    let mut here = engine.reject();
    for p in (0..cells).rev() {
        let var = enc.var(p, t);
        here = if board.degree(p) > 0 {
            let chosen = rest_of_slice_out(engine, enc, t, p, &to[p])?;
            engine.node(var, &chosen, &here)?
        } else {
            engine.forced_out(var, &here)?
        };
    }

    // Times before t: no constraint.
    free_slices(engine, enc, 0..t, &here)
}
