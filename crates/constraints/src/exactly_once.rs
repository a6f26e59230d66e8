//! The exactly-once constraint of one square, as a diagram and as a filter.
//!
//! **Definition.** `exactly_once(s)`: the knight is on square `s` at exactly
//! one time step. Every other variable is free.
//!
//! **Shape.** Read top-down, a set is in one of two states: `need` (s not
//! seen yet: it must come later) and `done` (s seen: it must not come again).
//! Built bottom-up, the two states are two chains; at the levels of `s` the
//! `need` chain branches (`hi` → `done`) and the `done` chain forces `s` out;
//! at every other level both chains have a don't-care node. That is ~2·cells²
//! nodes, almost all of them don't-care.
//!
//! Intersecting with this diagram walks those chains for every node of the
//! other operand. [`ExactlyOnce`] is the same constraint read as a
//! [`SetFilter`]: the same two states, carried down the other operand in one
//! pass, without any chain. Both give the same canonical result.

use kt_board::Square;
use kt_engine::{Engine, EngineError, SetFilter, Var};

use crate::Encoding;

/// Builds `exactly_once(square)` bottom-up.
pub fn exactly_once<E: Engine>(
    engine: &E,
    enc: &Encoding,
    square: Square,
) -> Result<E::Func, EngineError> {
    let mut need = engine.reject();
    let mut done = engine.accept();
    for t in (0..enc.cells()).rev() {
        for s in (0..enc.cells()).rev() {
            let var = enc.var(s, t);
            if s == square {
                need = engine.node(var, &done, &need)?;
                done = engine.forced_out(var, &done)?;
            } else {
                need = engine.free(var, &need)?;
                // Above the square's first level nothing can reach `done`.
                if var > enc.var(square, 0) {
                    done = engine.free(var, &done)?;
                }
            }
        }
    }
    Ok(need)
}

/// `exactly_once(square)` as a one-pass filter: the state is "seen yet?".
#[derive(Clone, Copy, Debug)]
pub struct ExactlyOnce {
    enc: Encoding,
    square: Square,
}

impl ExactlyOnce {
    pub fn new(enc: &Encoding, square: Square) -> ExactlyOnce {
        ExactlyOnce { enc: *enc, square }
    }
}

impl SetFilter for ExactlyOnce {
    type State = bool;
    type Key = bool;

    fn start(&self) -> bool {
        false
    }

    fn key(&self, seen: &bool) -> bool {
        *seen
    }

    fn include(&self, seen: &bool, var: Var) -> Option<bool> {
        if self.enc.square_of(var) != self.square {
            Some(*seen)
        } else if *seen {
            None
        } else {
            Some(true)
        }
    }

    fn accepts(&self, seen: &bool) -> bool {
        *seen
    }
}
