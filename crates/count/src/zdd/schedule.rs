//! Schedules: in which order, and by which operation, the constraints meet.
//!
//! Every schedule computes the same family (the tours) and therefore, the
//! diagrams being canonical, the same final diagram; they differ only in the
//! intermediate diagrams they build and so in time and memory, by orders of
//! magnitude. `docs/benchmarks.md` has the measurements behind the default.

use std::fmt;
use std::str::FromStr;

use kt_board::{Square, TourKind};
use kt_constraints::{Encoding, closed_squares};

/// The order and shape of the intersections.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Schedule {
    /// Transitions in time order, then every exactly-once constraint in one
    /// filtered pass over the walks, with dead-end pruning (the default: the
    /// fastest measured, by a factor of 10–1000).
    Fused,
    /// Transitions in time order, then one filtered pass per square (the
    /// exactly-once constraint of that square read as a two-state filter),
    /// squares with the fewest moves first. Called `restrict` before it
    /// had a name that says what it does; the command line still takes it.
    PerSquare,
    /// Exactly the order of Adiar's example, plain intersections: closed
    /// start or transition(0), transitions t = 1 .. last in order, then
    /// exactly-once row-major.
    Adiar,
    /// The order bdd-benchmark settled on, plain intersections: transitions
    /// from the last time step down, then exactly-once row-major.
    Backward,
}

impl Schedule {
    pub const ALL: [Schedule; 4] = [
        Schedule::Fused,
        Schedule::PerSquare,
        Schedule::Adiar,
        Schedule::Backward,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Schedule::Fused => "fused",
            Schedule::PerSquare => "per-square",
            Schedule::Adiar => "adiar",
            Schedule::Backward => "backward",
        }
    }

    /// Whether the schedule applies every exactly-once constraint in one
    /// pass, whose memo holds a set of squares in a `u128`.
    pub fn filters_all_at_once(self) -> bool {
        self == Schedule::Fused
    }

    /// Whether the schedule leans on oxidd's apply cache for its heavy steps
    /// (the plain intersections) rather than on its own memo tables.
    pub fn uses_apply_cache(self) -> bool {
        matches!(self, Schedule::Adiar | Schedule::Backward)
    }
}

impl FromStr for Schedule {
    type Err = String;

    /// A schedule's name, or `restrict`, the old name of `per-square`.
    fn from_str(text: &str) -> Result<Schedule, String> {
        if text == "restrict" {
            return Ok(Schedule::PerSquare);
        }
        Schedule::ALL
            .into_iter()
            .find(|s| s.name() == text)
            .ok_or_else(|| format!("unknown schedule '{text}'"))
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Intersect with the closed-start constraint.
    ClosedStart,
    /// Intersect with `transition(t)`.
    Transition(usize),
    /// Intersect with the `exactly_once(s)` diagram.
    ExactlyOnce(Square),
    /// Restrict by the one-square exactly-once filter.
    FilterExactlyOnce(Square),
    /// Restrict by the all-squares exactly-once filter; `end` is the last
    /// square if the closed start fixes it.
    FilterAllExactlyOnce { end: Option<Square> },
}

impl Step {
    /// A readable name such as `transition(5)` or `exactly_once(c3)`.
    pub fn name(&self, enc: &Encoding) -> String {
        let square = |s| kt_board::square_name(enc.board(), s);
        match self {
            Step::ClosedStart => "closed_start".into(),
            Step::Transition(t) => format!("transition({t})"),
            Step::ExactlyOnce(s) => format!("exactly_once({})", square(*s)),
            Step::FilterExactlyOnce(s) => format!("filter exactly_once({})", square(*s)),
            Step::FilterAllExactlyOnce { .. } => {
                format!("filter exactly_once(all {} squares)", enc.cells())
            }
        }
    }
}

/// The squares in the order the row-major schedules use.
fn row_major(enc: &Encoding, skip: &[Square]) -> Vec<Square> {
    (0..enc.cells()).filter(|s| !skip.contains(s)).collect()
}

/// Squares with the fewest knight moves first (ties row-major): a corner
/// constrains the walks most, so the early intermediate families stay small.
fn fewest_moves_first(enc: &Encoding, skip: &[Square]) -> Vec<Square> {
    let mut squares = row_major(enc, skip);
    squares.sort_by_key(|&s| (enc.board().degree(s), s));
    squares
}

/// The steps of `schedule` for `kind` tours; the family starts as every
/// subset of the variables and each step narrows it.
///
/// Closed tours need the closed start, so the caller must have checked
/// that the board has one ([`closed_squares`]).
pub fn plan(schedule: Schedule, enc: &Encoding, kind: TourKind) -> Vec<Step> {
    let cells = enc.cells();
    let closed = kind == TourKind::Closed;
    let fixed = if closed {
        closed_squares(enc)
            .expect("closed plans need a board with a closed start")
            .to_vec()
    } else {
        Vec::new()
    };
    let mut steps = Vec::new();
    if closed {
        steps.push(Step::ClosedStart);
    }
    // With the closed start, time 0 → 1 is (0,0) → (1,2), a knight's move:
    // transition(0) is implied, and Adiar's example leaves it out.
    let first_transition = usize::from(closed);
    let transitions = first_transition..cells.saturating_sub(1);
    match schedule {
        Schedule::Backward => steps.extend(transitions.rev().map(Step::Transition)),
        _ => steps.extend(transitions.map(Step::Transition)),
    }

    // The dedicated filters need the walks of every time step to be decided;
    // on a one-square board there are no transitions, so plain it is.
    let walks_built = cells >= 2;
    match schedule {
        Schedule::Fused if walks_built => steps.push(Step::FilterAllExactlyOnce {
            end: fixed.get(2).copied(),
        }),
        Schedule::PerSquare if walks_built => steps.extend(
            fewest_moves_first(enc, &fixed)
                .into_iter()
                .map(Step::FilterExactlyOnce),
        ),
        _ => steps.extend(row_major(enc, &fixed).into_iter().map(Step::ExactlyOnce)),
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use kt_board::Board;

    fn enc(text: &str) -> Encoding {
        Encoding::new(text.parse::<Board>().unwrap()).unwrap()
    }

    #[test]
    fn adiar_order_for_closed_tours() {
        let e = enc("3x4");
        let steps = plan(Schedule::Adiar, &e, TourKind::Closed);
        assert_eq!(steps[0], Step::ClosedStart);
        assert_eq!(steps[1], Step::Transition(1));
        assert_eq!(steps[10], Step::Transition(10));
        // 12 squares minus the three the closed start fixes.
        assert_eq!(steps.len(), 1 + 10 + 9);
        assert_eq!(steps[11], Step::ExactlyOnce(1));
    }

    #[test]
    fn backward_runs_transitions_down() {
        let e = enc("3x4");
        let steps = plan(Schedule::Backward, &e, TourKind::Open);
        assert_eq!(steps[0], Step::Transition(10));
        assert_eq!(steps[10], Step::Transition(0));
        assert_eq!(steps.len(), 11 + 12);
    }

    #[test]
    fn single_square_is_plain() {
        let e = enc("1");
        for schedule in Schedule::ALL {
            assert_eq!(
                plan(schedule, &e, TourKind::Open),
                vec![Step::ExactlyOnce(0)]
            );
        }
    }
}
