//! `knights_tour.Tours`: the family of every tour of a board, built once
//! and kept, as Graphillion's `GraphSet` is kept.
//!
//! The object holds the library's diagram (`kt_count::TourFamily`):
//! `len()`, iteration in the family's order, indexing, uniform draws and
//! the table by start square all read it, none builds it again.

use std::sync::Arc;

use kt_count::{BigUint, Board, RunReport, Selection, Tour, TourFamily, TourKind};
use pyo3::exceptions::{PyIndexError, PyOverflowError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice};

use crate::arguments::{self, Options};
use crate::errors::failure_error;
use crate::{numbers, supervise, tables};

/// Every tour of one board, kept: built once (the time-sliced ZDD or the
/// edge diagram, chosen as `tours()` chooses), then read as often as
/// wanted.
///
/// `len(tours)` is the number of tours (open tours directed, from every
/// start; closed tours undirected), iteration goes through them in the
/// family's order, `tours[i]` is the i-th, `tours.random(k, seed=…)`
/// draws k uniformly, `tours.by_start()` is the table by start square,
/// and `tour in tours` says whether a list of squares is one of them (a
/// closed tour read from any square, either way). In Jupyter it shows its
/// first tour.
///
/// >>> tours = Tours("3x4")
/// >>> len(tours)
/// 16
/// >>> tours[0] in tours
/// True
/// >>> tours.by_start()[0]
/// [2, 0, 0, 2]
#[pyclass(module = "knights_tour", name = "Tours", frozen, subclass)]
pub struct Tours {
    board: Board,
    kind: TourKind,
    total: BigUint,
    /// `None` where a theorem or the board's shape settles that there is
    /// no tour: nothing was built.
    family: Option<Arc<TourFamily>>,
    report: RunReport,
}

#[pymethods]
impl Tours {
    #[new]
    #[pyo3(signature = (board, closed=false, *, method="auto", threads=None, memory=None, force=false, timeout=None, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        closed: bool,
        method: &str,
        threads: Option<i64>,
        memory: Option<&Bound<'_, PyAny>>,
        force: bool,
        timeout: Option<f64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Tours> {
        let board = arguments::board(board)?;
        let kind = arguments::kind(closed);
        let options = Options {
            method,
            threads,
            memory,
            force,
        };
        let mut request = options.request(board, kind)?;
        request.work = kt_count::Work::Tours;
        let built = supervise::tours(py, request, supervise::Watch::new(progress, timeout)?)?;
        let family = built.family.map(Arc::new);
        let total = family.as_ref().map_or(BigUint::ZERO, |f| f.total());
        Ok(Tours {
            board,
            kind,
            total,
            family,
            report: built.report,
        })
    }

    /// The board, as "RxC".
    #[getter]
    fn board(&self) -> String {
        self.board.to_string()
    }

    /// Whether these are closed tours.
    #[getter]
    fn closed(&self) -> bool {
        self.kind == TourKind::Closed
    }

    /// The number of tours, an exact int (also where it is too large for
    /// `len()`).
    #[getter]
    fn count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        numbers::int(py, &self.total)
    }

    /// The report of the build: the `knights-tour/run/1` document.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        numbers::report_dict(py, &self.report)
    }

    fn __len__(&self) -> PyResult<usize> {
        usize::try_from(&self.total).map_err(|_| {
            PyOverflowError::new_err(format!(
                "{} tours are more than len() can say; .count is the exact number",
                self.total
            ))
        })
    }

    fn __bool__(&self) -> bool {
        self.total != BigUint::ZERO
    }

    fn __iter__(&self) -> TourIter {
        TourIter {
            board: self.board,
            kind: self.kind,
            family: self.family.clone(),
            next: BigUint::ZERO,
            total: self.total.clone(),
        }
    }

    /// The tour at `index` in the family's order (a negative index counts
    /// from the end), or the list of tours a slice takes.
    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        if let Ok(slice) = index.cast::<PySlice>() {
            let len = isize::try_from(self.__len__()?).map_err(|_| {
                PyOverflowError::new_err("more tours than a slice can index; use .count")
            })?;
            let taken = slice.indices(len)?;
            let tours = PyList::empty(py);
            let mut i = taken.start;
            for _ in 0..taken.slicelength {
                tours.append(self.tour(i as i64)?)?;
                i += taken.step;
            }
            return Ok(tours.into_any());
        }
        let index: i64 = index.extract()?;
        Ok(PyList::new(py, self.tour(index)?)?.into_any())
    }

    /// Whether `tour`, a sequence of square names, is one of these tours:
    /// every square once, each step a knight's move (and, closed, back to
    /// the first); the library's one checker says.
    fn __contains__(&self, tour: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Some(squares) = arguments::squares(&self.board, tour)? else {
            return Ok(false);
        };
        Ok(Tour::new(self.board, self.kind, squares).check().is_ok())
    }

    /// `k` tours drawn uniformly at random (with repetition), the same
    /// ones again for the same `seed`.
    ///
    /// >>> Tours("3x4").random(2, seed=1) == Tours("3x4").random(2, seed=1)
    /// True
    #[pyo3(signature = (k=1, seed=None))]
    fn random(&self, py: Python<'_>, k: i64, seed: Option<u64>) -> PyResult<Vec<Vec<String>>> {
        let Some(selection) = arguments::selection(k, true, seed)? else {
            return Ok(Vec::new());
        };
        let Some(family) = self.family.clone() else {
            return Ok(Vec::new());
        };
        let board = self.board;
        py.detach(move || take(&board, &family, &selection))
    }

    /// The tours by start square: a list per board row, the top row
    /// first (a `Table` of ints; a numpy array with `as_numpy=True`),
    /// read from the diagram this object holds. Closed tours: every
    /// square starts each tour twice, once each way.
    #[pyo3(signature = (*, as_numpy=false))]
    fn by_start<'py>(&self, py: Python<'py>, as_numpy: bool) -> PyResult<Bound<'py, PyAny>> {
        let rows = match (&self.family, self.kind) {
            (Some(family), TourKind::Open) => {
                let all = family.family().counts_containing(&[]);
                let decoder = family.decoder();
                let counts: Vec<BigUint> = (0..self.board.cells())
                    .map(|s| {
                        decoder
                            .start_mark(s)
                            .map_or(BigUint::ZERO, |v| all.by_var[v as usize].clone())
                    })
                    .collect();
                numbers::board_table(py, &self.board, &counts)?
            }
            _ => tables::closed(py, &self.board, &self.total)?,
        };
        tables::wrap(py, &self.board, rows, as_numpy)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tours of {}{}: {} tours>",
            self.board,
            if self.kind == TourKind::Closed {
                ", closed"
            } else {
                ""
            },
            self.total
        )
    }

    /// The first tour drawn as SVG, for Jupyter; None where there is none.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        let Some(family) = &self.family else {
            return Ok(None);
        };
        if self.total == BigUint::ZERO {
            return Ok(None);
        }
        let tour = kt_count::zdd::extract::tour_at(
            family.family(),
            family.decoder(),
            self.kind,
            &BigUint::ZERO,
        )
        .map_err(|f| failure_error(&f))?;
        Ok(Some(kt_tours::render_svg(&tour)))
    }

    /// A caption (how many tours of which kind) above the first tour, for
    /// Jupyter.
    fn _repr_html_(&self) -> PyResult<String> {
        let caption = format!(
            "<p><b>{}</b> {} tours of the {} board{}</p>",
            self.total,
            self.kind,
            self.board,
            if self.kind == TourKind::Open {
                " (directed, every start)"
            } else {
                " (undirected)"
            }
        );
        Ok(match self._repr_svg_()? {
            Some(svg) => format!("<div>{caption}<div style=\"max-width:24em\">{svg}</div></div>"),
            None => format!("<div>{caption}</div>"),
        })
    }
}

impl Tours {
    /// The tour at `index` (negative: from the end).
    fn tour(&self, index: i64) -> PyResult<Vec<String>> {
        let at = if index < 0 {
            BigUint::from(index.unsigned_abs())
                .le(&self.total)
                .then(|| &self.total - BigUint::from(index.unsigned_abs()))
        } else {
            Some(BigUint::from(index.unsigned_abs())).filter(|i| i < &self.total)
        };
        let (Some(at), Some(family)) = (at, &self.family) else {
            return Err(PyIndexError::new_err(format!(
                "tour index {index} out of range: there are {} tours",
                self.total
            )));
        };
        tour_at(&self.board, self.kind, family, &at)
    }
}

/// The iterator over a [`Tours`], in the family's order, one tour read
/// from the diagram at a time.
#[pyclass(module = "knights_tour")]
pub struct TourIter {
    board: Board,
    kind: TourKind,
    family: Option<Arc<TourFamily>>,
    next: BigUint,
    total: BigUint,
}

#[pymethods]
impl TourIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> PyResult<Option<Vec<String>>> {
        let Some(family) = &self.family else {
            return Ok(None);
        };
        if self.next >= self.total {
            return Ok(None);
        }
        let tour = tour_at(&self.board, self.kind, family, &self.next)?;
        self.next += 1u32;
        Ok(Some(tour))
    }

    fn __length_hint__(&self) -> usize {
        let left = if self.next < self.total {
            &self.total - &self.next
        } else {
            BigUint::ZERO
        };
        usize::try_from(&left).unwrap_or(usize::MAX)
    }
}

/// The tour at `index` of the family's order, as square names; it has
/// passed the library's one checker.
fn tour_at(
    board: &Board,
    kind: TourKind,
    family: &TourFamily,
    index: &BigUint,
) -> PyResult<Vec<String>> {
    let tour = kt_count::zdd::extract::tour_at(family.family(), family.decoder(), kind, index)
        .map_err(|f| failure_error(&f))?;
    Ok(numbers::names(board, &tour.squares))
}

fn take(board: &Board, family: &TourFamily, selection: &Selection) -> PyResult<Vec<Vec<String>>> {
    family
        .tours(selection)
        .map(|picked| {
            picked
                .map(|(_, tour)| numbers::names(board, &tour.squares))
                .map_err(|f| failure_error(&f))
        })
        .collect()
}
