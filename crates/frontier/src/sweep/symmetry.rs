//! The fold (a state and its images kept as one wherever the squares left
//! are their own image) and the tours a symmetry of the board fixes.

use kt_board::{Symmetry, TourKind};

use super::{Rule, Slot, Sweep};

impl Sweep {
    /// This whole count's sweep with the fold: after each step that leaves
    /// the squares still to come, and the frontier, their own image under
    /// some symmetries of the board (in the columns order of a strip, the
    /// reflection top to bottom at every column boundary), a state and its
    /// images are kept as one, with all their weights (which one is kept:
    /// `Fold::keep`, `fold.rs`).
    /// Images complete into the board in as many ways (the board is its
    /// own image), so the count stays exact with fewer states. Only an
    /// unrestricted count folds: a start square or a required move is not
    /// its own image.
    #[must_use]
    pub fn folded(mut self) -> Sweep {
        let symmetric_restriction = self.terminals.is_none()
            && self
                .steps
                .iter()
                .all(|s| s.rules.iter().all(|&r| r == Rule::Free));
        // The rule on the first end's colour is kept by no symmetry but
        // the reflection top to bottom of an odd number of rows (the left
        // end stays the left end, and a square its colour).
        let first_end_kept = |s: Symmetry| {
            !self.end_rules.first_unlike_the_corner
                || (s == Symmetry::FlipRows && self.board.rows() % 2 == 1)
        };
        if symmetric_restriction && !self.impossible {
            let group: Vec<Symmetry> = Symmetry::group(&self.board)
                .into_iter()
                .filter(|&s| s != Symmetry::Identity && first_end_kept(s))
                .collect();
            self.fold_by(&group);
        }
        self
    }

    /// This sweep of every prefix of a strip, in its columns order,
    /// counting besides the tours of every board `rows × 2m` that
    /// `symmetry` fixes (the reflection left to right or the half turn:
    /// both map a board's columns onto their mirror images), from the
    /// states of the level half-way along it (`mirror.rs`), for each board
    /// whose glue level the strip reaches with two columns past it: `rows ×
    /// 2m` for `m + 2` up to the strip's columns, and for the half turn
    /// `rows × (2m + 1)` too (closed tours: of an even number of rows).
    /// Open tours: the half turn alone, which fixes a path reversed (the
    /// reflections fix no open tour of a strip). They come under the
    /// labels [`crate::mirror::fixed_label`] makes, by class. `None` where
    /// the sweep is not such a sweep or the symmetry is another.
    #[must_use]
    pub fn fixed_by(mut self, symmetry: Symmetry) -> Option<Sweep> {
        // A strip taller than long is swept along its rows, which no glue
        // reads.
        // Open tours: the half turn alone (the reflection left to right
        // fixes no open tour of an even length, and glues none of an odd).
        let mirrors = match self.kind {
            TourKind::Closed => matches!(symmetry, Symmetry::FlipCols | Symmetry::Rot180),
            TourKind::Open => symmetry == Symmetry::Rot180,
        };
        if !self.prefixes || !self.by_columns() || !mirrors {
            return None;
        }
        self.fixed_by = Some(symmetry);
        Some(self)
    }

    /// The symmetry whose fixed tours the sweep counts besides, if any
    /// ([`Sweep::fixed_by`]).
    pub fn fixed_symmetry(&self) -> Option<Symmetry> {
        self.fixed_by
    }

    /// Marks, at every step, the symmetries of `group` under which the
    /// squares after the step and the frontier after it are their own
    /// image, with the image of each slot.
    pub(super) fn fold_by(&mut self, group: &[Symmetry]) {
        let board = self.board;
        let n = self.cells();
        let tables: Vec<Vec<usize>> = group
            .iter()
            .map(|sym| {
                (0..n)
                    .map(|v| self.vertex[sym.apply(&board, self.square[v])])
                    .collect()
            })
            .collect();
        let apex = self.apex;
        let mut all = Vec::with_capacity(n);
        // The least image of the squares from each step on: the squares
        // after a step are their own image when it is beyond the step (one
        // pass per symmetry, not one per step).
        let least: Vec<Vec<usize>> = tables
            .iter()
            .map(|table| {
                let mut least = vec![usize::MAX; n + 1];
                for v in (0..n).rev() {
                    least[v] = least[v + 1].min(table[v]);
                }
                least
            })
            .collect();
        for step in &self.steps {
            let mut mirrors = Vec::new();
            for (table, least) in tables.iter().zip(&least) {
                let image = |v: usize| if Some(v) == apex { v } else { table[v] };
                let later = step.vertex + 1;
                if later < n && least[later] <= step.vertex {
                    continue;
                }
                let mirror: Option<Vec<Slot>> = step
                    .after
                    .iter()
                    .map(|&v| {
                        step.after
                            .iter()
                            .position(|&w| w == image(v))
                            .map(|s| s as Slot)
                    })
                    .collect();
                if let Some(mirror) = mirror
                    && mirror.iter().enumerate().any(|(s, &t)| usize::from(t) != s)
                    && !mirrors.contains(&mirror)
                {
                    mirrors.push(mirror);
                }
            }
            all.push(mirrors);
        }
        for (step, mirrors) in self.steps.iter_mut().zip(all) {
            step.mirrors = mirrors;
        }
    }

    /// Whether the sweep keeps a state and its mirror image as one
    /// ([`Sweep::prefixes`] with `fold`).
    pub fn folds(&self) -> bool {
        self.steps.iter().any(|s| !s.mirrors.is_empty())
    }

    /// The steps after which a state and its images are kept as one: what
    /// a report says of the fold (`frontier.fold`).
    pub fn fold_steps(&self) -> usize {
        self.fold_points().len()
    }

    /// The 1-based steps after which the sweep folds (the first matters
    /// most: every level after it holds about one state of each pair).
    pub fn fold_points(&self) -> Vec<usize> {
        (1..)
            .zip(&self.steps)
            .filter(|(_, s)| !s.mirrors.is_empty())
            .map(|(i, _)| i)
            .collect()
    }
}
