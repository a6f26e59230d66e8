//! What this machine can honour, the one place both plans ask: threads
//! and a memory budget it can give (`resources`), and whether an estimate
//! of time, memory and disk is within it (`machine_fits`). A count's plan
//! (`crate::plan`) and a sequence's (`crate::strip`) refuse by the same
//! rules, in the same words.

use std::path::Path;

use kt_memory::Bytes;

use crate::failure::{Failure, MIN_MEMORY};
use crate::human;
use crate::methods::{LONG_SECONDS, Reach, Resources};
use crate::words::message;
use crate::words::{Message, Setting};

/// Threads beyond this multiple of the machine's cores are refused: no
/// method scales past its cores, and oxidd reserves a deep stack per thread.
pub const MAX_THREADS_PER_CORE: u32 = 4;

/// Whether the estimate's memory fits this machine (its physical memory,
/// and the free disk in `spill_dir` for work that spills).
pub(crate) fn memory_fits(reach: &Reach, spill_dir: &Path, budget: Bytes) -> Result<(), String> {
    let machine = kt_memory::machine_memory().unwrap_or(budget);
    within(reach, spill_dir, machine, "this machine's")
}

/// Whether an estimate is within this machine, for work that spills (if
/// it does) into `spill_dir` with `budget`: memory within its physical
/// memory (and the free disk there), time within [`LONG_SECONDS`]. The
/// one test of "beyond this machine" that `count` (`crate::plan`) and
/// `sequence` (`crate::strip`) both refuse by; `Err` says why not.
pub(crate) fn machine_fits(reach: &Reach, spill_dir: &Path, budget: Bytes) -> Result<(), String> {
    let memory = memory_fits(reach, spill_dir, budget);
    let time = if reach.seconds > LONG_SECONDS {
        let (asked, most) = (
            human::duration(reach.seconds),
            human::duration(LONG_SECONDS),
        );
        // Just past the limit, both read alike at a figure's precision.
        Err(if asked == most {
            format!(
                "{:.0} s is more than {:.0} s",
                reach.seconds.ceil(),
                LONG_SECONDS
            )
        } else {
            format!("{asked} is more than {most}")
        })
    } else {
        Ok(())
    };
    match (memory, time) {
        (Ok(()), Ok(())) => Ok(()),
        (Err(why), Ok(())) | (Ok(()), Err(why)) => Err(why),
        (Err(memory), Err(time)) => Err(format!("{memory}, and {time}")),
    }
}

/// Memory within `room` (plus the free disk in `spill_dir`, for work
/// that spills).
fn within(reach: &Reach, spill_dir: &Path, room: Bytes, what: &str) -> Result<(), String> {
    let disk = if reach.spills {
        free_disk(spill_dir)
    } else {
        None
    };
    let total = Bytes(room.0.saturating_add(disk.map_or(0, |d| d.0)));
    if reach.memory <= total {
        return Ok(());
    }
    let memory = human::bytes(reach.memory);
    Err(match disk {
        Some(disk) => {
            format!(
                "{memory} is more than {what} {room} and the {disk} free in {}",
                spill_dir.display()
            )
        }
        None => format!("{memory} is more than {what} {room}"),
    })
}

/// The free space in `dir`, where work spills.
fn free_disk(dir: &Path) -> Option<Bytes> {
    let stat = rustix::fs::statvfs(dir).ok()?;
    Some(Bytes(stat.f_bavail.saturating_mul(stat.f_frsize)))
}

/// The threads and budget of a method's resources (one thread and the
/// default budget for a method that takes none).
pub(crate) fn resources(
    asked: Option<Resources>,
    notes: &mut Vec<Message>,
) -> Result<(Bytes, u32), Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let Some(asked) = asked else {
        return Ok((kt_memory::default_budget(), 1));
    };
    let threads = asked.threads.unwrap_or(cores);
    let most = MAX_THREADS_PER_CORE * cores;
    if threads == 0 {
        return Err(Failure::refused(message!(
            Setting::Threads,
            " must be at least 1"
        )));
    }
    if threads > most {
        return Err(Failure::refused(message!(
            Setting::Threads.given(threads),
            format!(
                " is more than {MAX_THREADS_PER_CORE} times the {cores} cores of this machine (at most {most})"
            )
        )));
    }
    Ok((budget(asked.memory, notes)?, threads))
}

/// The budget: as asked, capped to the machine's memory and to what the
/// process's address-space limit leaves room for, or the default.
fn budget(asked: Option<Bytes>, notes: &mut Vec<Message>) -> Result<Bytes, Failure> {
    let machine = kt_memory::machine_memory();
    if let (Some(asked), Some(room)) = (asked, kt_memory::address_space_budget())
        && asked >= MIN_MEMORY
        && asked > room
        // Where the machine is smaller, its own cap says more.
        && machine.is_none_or(|machine| room < machine)
    {
        notes.push(message!(
            Setting::Memory.given(asked),
            format!(
                " is more than half of this process's address-space limit (ulimit -v) of {}; the budget is {room}",
                kt_memory::address_space_limit().unwrap_or(room)
            )
        ));
        return Ok(room.max(MIN_MEMORY));
    }
    match (asked, machine) {
        (Some(asked), _) if asked < MIN_MEMORY => Err(Failure::refused(message!(
            Setting::Memory.given(asked),
            format!(
                " is below the smallest usable memory budget of {MIN_MEMORY}: the program itself holds about 5 MiB before any work"
            )
        ))),
        (Some(asked), Some(machine)) if asked > machine => {
            notes.push(message!(
                Setting::Memory.given(asked),
                format!(
                    " is more than this machine's {machine} of memory; the budget is {machine}"
                )
            ));
            Ok(machine)
        }
        (Some(asked), _) => Ok(asked),
        (None, machine) => {
            // Said in the log, not as a note: on a busy machine every run
            // would repeat it, and the budget is in the report and in any
            // message about reaching it.
            // Once a process: every candidate method, and every plan of a
            // run, comes here.
            static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
            let budget = kt_memory::default_budget();
            if let (Some(machine), Some(available)) = (machine, kt_memory::available_memory())
                && budget < Bytes(machine.0 / 4 * 3)
                && !SAID.swap(true, std::sync::atomic::Ordering::Relaxed)
            {
                tracing::info!(
                    "the memory budget is {budget}, nine tenths of the {available} available now: other processes hold the rest of this machine's {machine}"
                );
            }
            Ok(budget)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Just past the limit, the refusal still tells the two apart.
    #[test]
    fn an_estimate_just_past_the_limit_is_not_said_as_the_limit() {
        let reach = Reach {
            seconds: LONG_SECONDS + 30.0,
            memory: Bytes(1 << 20),
            spills: false,
            nodes: None,
            states: None,
            basis: String::new(),
        };
        let why = machine_fits(&reach, &std::env::temp_dir(), Bytes(1 << 30)).unwrap_err();
        assert_eq!(
            why,
            format!(
                "{:.0} s is more than {LONG_SECONDS:.0} s",
                LONG_SECONDS + 30.0
            )
        );
        let far = Reach {
            seconds: LONG_SECONDS * 3.0,
            ..reach
        };
        let why = machine_fits(&far, &std::env::temp_dir(), Bytes(1 << 30)).unwrap_err();
        assert!(why.ends_with(" is more than 2.0 hours"), "{why}");
    }
}
