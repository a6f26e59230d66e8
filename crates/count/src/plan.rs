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
use crate::request::{MethodChoice, Request};
use crate::zdd::ZddJob;

/// A counting method, as planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The N⁴ time-sliced ZDD.
    Zdd,
    /// Plain backtracking.
    Backtrack,
}

impl Method {
    /// The name in reports and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Zdd => "zdd",
            Method::Backtrack => "backtrack",
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
}

/// Threads beyond this multiple of the machine's cores are refused: no
/// method scales past its cores, and oxidd reserves a deep stack per thread.
pub const MAX_THREADS_PER_CORE: u32 = 4;

/// Plans `request`: validates every option, picks the method, and refuses
/// what cannot run, all before any work.
pub fn plan(request: &Request) -> Result<Plan, Failure> {
    let (method, reason) = choose(request);
    let mut notes = Vec::new();
    let threads = threads(request)?;
    let budget = budget(request, &mut notes);
    refuse_ignored_options(request, method)?;

    let settled = if request.use_theorems {
        kt_tours::tour_exists(&request.board, request.kind).err()
    } else {
        None
    };
    let zdd = match (method, settled) {
        (_, Some(_)) | (Method::Backtrack, None) => None,
        (Method::Zdd, None) => Some(ZddJob::prepare(request, budget, threads)?),
    };
    if method == Method::Backtrack && settled.is_none() {
        backtrack::supports(request)?;
    }
    Ok(Plan {
        method,
        reason,
        notes,
        budget,
        threads,
        settled,
        zdd,
    })
}

/// The method, and why.
fn choose(request: &Request) -> (Method, String) {
    match request.method {
        MethodChoice::Zdd => (Method::Zdd, "asked for with --method zdd".into()),
        MethodChoice::Backtrack => (
            Method::Backtrack,
            "asked for with --method backtrack".into(),
        ),
        MethodChoice::Auto => (
            Method::Zdd,
            "chosen by --method auto: the time-sliced ZDD is the project's method".into(),
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
        (None, _) => kt_memory::default_budget(),
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
    match method {
        Method::Zdd => Ok(()),
        Method::Backtrack => {
            if let Some((flag, _)) = zdd_only.iter().find(|(_, given)| *given) {
                return Err(Failure::refused(format!(
                    "{flag} applies to --method zdd only; --method backtrack builds no decision diagram"
                )));
            }
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
