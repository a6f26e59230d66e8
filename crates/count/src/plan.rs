//! Deciding, before any work, how a request will be counted — or refusing
//! it with the reason.
//!
//! Every check that can be made without building anything is made here:
//! the method's reach (squares it can represent, memory it needs before
//! its first step), options the chosen method would silently ignore, and
//! numeric settings beyond what the machine can honour. A refused request
//! costs microseconds, not the seconds of a run that fails at its first
//! big allocation.

use kt_memory::Bytes;
use kt_tours::NoTour;

use crate::backtrack;
use crate::failure::Failure;
use crate::frontier;
use crate::request::{MethodChoice, Request};
use crate::zdd::ZddJob;
use crate::zdd::edges::EdgeJob;

/// A counting method, as planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The N⁴ time-sliced ZDD.
    Zdd,
    /// Plain backtracking.
    Backtrack,
    /// Frontier-based search over the edges.
    Frontier,
}

impl Method {
    /// The name in reports and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Zdd => "zdd",
            Method::Backtrack => "backtrack",
            Method::Frontier => "frontier",
        }
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a request will be counted.
#[derive(Clone, Debug)]
pub struct Plan {
    pub method: Method,
    /// Why this method: asked for, or chosen by `auto` and on what grounds.
    pub reason: String,
    /// Settings that were capped, said once to the caller.
    pub notes: Vec<String>,
    /// The memory budget the run gets.
    pub budget: Bytes,
    pub threads: u32,
    /// Set when a theorem settles the count (there is no tour): no method
    /// runs at all.
    pub settled: Option<NoTour>,
    /// The resolved settings of the zdd method.
    pub(crate) zdd: Option<ZddJob>,
    /// The resolved settings of the edge diagram (`--encoding edges`).
    pub(crate) edges: Option<EdgeJob>,
}

/// The largest open board (in squares) the time-sliced ZDD is measured to
/// count within the reference machine's 24 GiB: 6×6 in 12 s and 671 MiB,
/// while 6×7 stops when the filter's memo outgrows 22 GiB
/// (`docs/benchmarks.md`, "How far each engine gets").
pub const ZDD_REACH_OPEN: usize = 36;
/// The largest closed board likewise: 6×8 in 111 s and 5.3 GiB; 7×8 stops
/// at 22 GiB.
pub const ZDD_REACH_CLOSED: usize = 48;

/// Threads beyond this multiple of the machine's cores are refused: no
/// method scales past its cores, and oxidd reserves a deep stack per thread.
pub const MAX_THREADS_PER_CORE: u32 = 4;

/// Plans `request`: validates every option, picks the method, and refuses
/// what cannot run, all before any work.
pub fn plan(request: &Request) -> Result<Plan, Failure> {
    if request.edges && matches!(request.method, MethodChoice::Zdd | MethodChoice::Backtrack) {
        return Err(Failure::refused(
            "--encoding edges is the frontier method's diagram: use --method frontier (or leave --method out)",
        ));
    }
    let (method, reason) = choose(request);
    let mut notes = Vec::new();
    let threads = threads(request)?;
    let budget = budget(request, &mut notes);
    refuse_ignored_options(request, method)?;
    crate::questions::validate(request, method)?;

    let settled = if request.use_theorems {
        kt_tours::tour_exists(&request.board, request.kind).err()
    } else {
        None
    };
    let zdd = match (method, settled) {
        (Method::Zdd, None) => Some(ZddJob::prepare(request, budget, threads)?),
        _ => None,
    };
    match (method, settled) {
        (Method::Backtrack, None) => backtrack::supports(request)?,
        (Method::Frontier, None) => frontier::supports(request)?,
        _ => {}
    }
    let edges = match (request.edges, settled) {
        (true, None) => Some(EdgeJob::prepare(request, budget, threads)?),
        _ => None,
    };
    Ok(Plan {
        method,
        reason,
        notes,
        budget,
        threads,
        settled,
        zdd,
        edges,
    })
}

/// The method, and why.
///
/// `auto` keeps the time-sliced ZDD — the project's own design — on every
/// board it is measured to count ([`ZDD_REACH_OPEN`], [`ZDD_REACH_CLOSED`])
/// and hands the others to the frontier method, which reaches 8×8.
fn choose(request: &Request) -> (Method, String) {
    let cells = request.board.cells();
    let reach = match request.kind {
        kt_board::TourKind::Open => ZDD_REACH_OPEN,
        kt_board::TourKind::Closed => ZDD_REACH_CLOSED,
    };
    if request.edges {
        return (
            Method::Frontier,
            "--encoding edges: the frontier method's edge-variable diagram, built in the engine"
                .into(),
        );
    }
    match request.method {
        MethodChoice::Zdd => (Method::Zdd, "asked for with --method zdd".into()),
        MethodChoice::Backtrack => (
            Method::Backtrack,
            "asked for with --method backtrack".into(),
        ),
        MethodChoice::Frontier => (Method::Frontier, "asked for with --method frontier".into()),
        MethodChoice::Auto if cells <= reach => (
            Method::Zdd,
            format!(
                "chosen by --method auto: the time-sliced ZDD counts {} boards of up to {reach} squares on a 24 GiB machine",
                request.kind
            ),
        ),
        MethodChoice::Auto => (
            Method::Frontier,
            format!(
                "chosen by --method auto: {cells} squares is beyond the {reach} the time-sliced ZDD is measured to count for {} tours",
                request.kind
            ),
        ),
    }
}

fn threads(request: &Request) -> Result<u32, Failure> {
    let threads = request.threads.unwrap_or(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let most = MAX_THREADS_PER_CORE * cores;
    if threads == 0 {
        return Err(Failure::refused("--threads must be at least 1"));
    }
    if threads > most {
        return Err(Failure::refused(format!(
            "--threads {threads} is more than {MAX_THREADS_PER_CORE} times the {cores} cores of this machine (at most {most})"
        )));
    }
    Ok(threads)
}

/// The budget: as asked, capped to the machine's memory, or the default.
fn budget(request: &Request, notes: &mut Vec<String>) -> Bytes {
    let machine = kt_memory::machine_memory();
    match (request.memory, machine) {
        (Some(asked), Some(machine)) if asked > machine => {
            notes.push(format!(
                "--memory {asked} is more than this machine's {machine} of memory; the budget is {machine}"
            ));
            machine
        }
        (Some(asked), _) => asked,
        (None, machine) => {
            // Said in the log, not as a note: on a busy machine every run
            // would repeat it, and the budget is in the report and in any
            // message about reaching it.
            let budget = kt_memory::default_budget();
            if let (Some(machine), Some(available)) = (machine, kt_memory::available_memory())
                && budget < Bytes(machine.0 / 4 * 3)
            {
                tracing::info!(
                    "the memory budget is {budget}, nine tenths of the {available} available now: other processes hold the rest of this machine's {machine}"
                );
            }
            budget
        }
    }
}

/// Options the planned method would ignore are errors, not silence.
fn refuse_ignored_options(request: &Request, method: Method) -> Result<(), Failure> {
    let zdd_only: [(&str, bool); 4] = [
        ("--engine", request.engine.is_some()),
        ("--schedule", request.schedule.is_some()),
        ("--nodes", request.nodes.is_some()),
        ("--cache", request.cache.is_some()),
    ];
    let frontier_only: [(&str, bool); 3] = [
        ("--spill-dir", request.spill_dir.is_some()),
        (
            "--checkpoint",
            request.checkpoint.is_some() || request.checkpoint_every.is_some(),
        ),
        ("--resume", request.resume.is_some()),
    ];
    let refuse = |flags: &[(&str, bool)], owner: &str| -> Result<(), Failure> {
        match flags.iter().find(|(_, given)| *given) {
            Some((flag, _)) => Err(Failure::refused(format!(
                "{flag} applies to --method {owner} only; this count runs --method {method}"
            ))),
            None => Ok(()),
        }
    };
    if method != Method::Frontier {
        refuse(&frontier_only, "frontier")?;
    }
    match method {
        Method::Zdd => Ok(()),
        // The edge diagram is built in an engine, with its settings.
        Method::Frontier if request.edges => {
            refuse(&frontier_only, "frontier without --encoding edges")?;
            refuse(&zdd_only[1..2], "zdd")
        }
        Method::Frontier => refuse(&zdd_only, "zdd"),
        Method::Backtrack => {
            refuse(&zdd_only, "zdd")?;
            if request.memory.is_some() {
                return Err(Failure::refused(
                    "--memory does not apply to --method backtrack: it holds one path and a few counters",
                ));
            }
            if request.threads.is_some_and(|t| t > 1) {
                return Err(Failure::refused(
                    "--method backtrack runs on one thread; --threads must be 1 or left out",
                ));
            }
            Ok(())
        }
    }
}
