//! A toy method, compiled into the unit tests only: the proof that a new
//! method is this one file plus one line of the registry (`mod.rs`,
//! `registry!`). It counts open tours by the plainest depth-first search
//! on boards of at most 20 squares, and answers every question the table
//! derives from a plain count, through the same plan, questions and report
//! as the real methods, with nothing else in the crate or the driver
//! changed for it. Its test is the crate root's (`lib.rs`), which calls
//! the library's `count` as any front end does.

use std::time::Instant;

use kt_board::{Board, Square, TourKind};
use kt_memory::Bytes;
use num_bigint::BigUint;

use super::{Descriptor, GivenOptions, Job, Method, MethodSettings, Reach, Resources, Setting};
use crate::failure::Failure;
use crate::observer::Watch;
use crate::report::{Benchmark, Counted, RunReport};

/// The toy: no settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Toy;

/// The most squares the toy searches.
const MAX_CELLS: usize = 20;

impl Method for Toy {
    fn descriptor(&self) -> &'static Descriptor {
        &Descriptor {
            name: "toy",
            summary: "a depth-first search in a unit test (boards of up to 20 squares)",
            breadth: 0,
            encoding: Benchmark::KNIGHTS_GRAPH,
            takes: &[],
        }
    }

    fn resources(&self) -> Option<Resources> {
        None
    }

    fn configure(&self, _given: &GivenOptions) -> Result<MethodSettings, Setting> {
        Ok(MethodSettings::Toy(Toy))
    }

    /// Refuses big boards; an hour on any other, so that `auto` prefers
    /// every real method.
    fn reach(&self, job: &Job) -> Result<Reach, Failure> {
        if job.board.cells() > MAX_CELLS {
            return Err(Failure::refused(format!(
                "{}: the toy searches boards of up to {MAX_CELLS} squares",
                job.board
            )));
        }
        Ok(Reach {
            seconds: 3600.0,
            memory: Bytes(0),
            spills: false,
            nodes: None,
            states: None,
            basis: "a toy".into(),
        })
    }

    fn count(
        &self,
        job: &Job,
        mut report: RunReport,
        _watch: Watch<'_>,
    ) -> Result<Counted, Failure> {
        let started = Instant::now();
        let board = job.board;
        let mut visited = vec![false; board.cells()];
        let mut tours = 0u64;
        for start in board.squares() {
            visited[start] = true;
            search(&board, job.kind, start, start, 1, &mut visited, &mut tours);
            visited[start] = false;
        }
        // Closed tours were found from every start in both directions.
        if job.kind == TourKind::Closed {
            tours /= 2 * board.cells() as u64;
        }
        report.close(started);
        Ok(Counted::new(BigUint::from(tours), report))
    }
}

/// Counts the paths that extend the one ending on `at` to every square.
fn search(
    board: &Board,
    kind: TourKind,
    start: Square,
    at: Square,
    length: usize,
    visited: &mut [bool],
    tours: &mut u64,
) {
    if length == board.cells() {
        let closes = board.knight_moves(at).any(|s| s == start);
        *tours += u64::from(kind == TourKind::Open || closes);
        return;
    }
    let next: Vec<Square> = board.knight_moves(at).filter(|&s| !visited[s]).collect();
    for square in next {
        visited[square] = true;
        search(board, kind, start, square, length + 1, visited, tours);
        visited[square] = false;
    }
}
