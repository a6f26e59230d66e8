//! The human summary of a run report, and the number formats it uses.
//!
//! The count comes first, on a line of its own, so that `| head -1` or a
//! shell's `$(…)` gets just the number; the figures follow, indented.

use std::io::{self, Write};

use kt_count::Bytes;
use kt_count::human::{grouped, grouped_digits, millis};
use kt_count::report::{RunReport, Status};

/// Writes the summary of `report`: the count on its own line, then what
/// was asked, the answer's tables, the work's figures, the run, and the
/// check, a section each.
pub fn write(report: &RunReport, out: &mut dyn Write) -> io::Result<()> {
    if let Some(count) = &report.count {
        writeln!(out, "{count}")?;
    }
    let b = &report.benchmark;
    writeln!(
        out,
        "{} tours of {}x{} ({})",
        b.tour, b.rows, b.cols, b.convention
    )?;
    question(report, out)?;
    classes(report, out)?;
    tables(report, out)?;
    work(report, out)?;
    run(report, out)?;
    check(report, out)
}

/// Why a count was settled, and the squares the question names.
fn question(report: &RunReport, out: &mut dyn Write) -> io::Result<()> {
    if let Some(reason) = &report.reason {
        writeln!(out, "  {reason}")?;
    }
    if let Some(from) = &report.from {
        writeln!(
            out,
            "  from               {} (row {}, column {})",
            from.name, from.row, from.col
        )?;
    }
    if let Some(to) = &report.to {
        writeln!(
            out,
            "  to                 {} (row {}, column {})",
            to.name, to.row, to.col
        )?;
    }
    Ok(())
}

/// The classes of a count by classes, one line each.
fn classes(report: &RunReport, out: &mut dyn Write) -> io::Result<()> {
    if let Some(pairs) = &report.pairs {
        writeln!(
            out,
            "  {}     {} of the plan's {} classes{} (plan {})",
            match pairs.ends {
                kt_count::Ends::Pairs => "endpoint pairs",
                kt_count::Ends::Starts => "start squares ",
            },
            pairs.classes.len(),
            pairs.plan_classes,
            pairs
                .shard
                .as_ref()
                .map_or(String::new(), |s| format!(", shard {s}")),
            pairs.plan
        )?;
        for class in &pairs.classes {
            // The squares the class stands for (its weight), and the
            // states a sweep held: a method that holds none (backtracking)
            // says nothing of them rather than "0 states at most".
            let squares = if class.weight == 1 {
                "(1 square)".to_string()
            } else {
                format!("({} squares)", class.weight)
            };
            let states = if class.peak_states > 0 {
                format!(
                    "  {:>12} states at most",
                    grouped_digits(&class.peak_states.to_string())
                )
            } else {
                String::new()
            };
            writeln!(
                out,
                "    class {:>3}  {:>3} to {:<3} {squares:<12} {:>24}  {:>9.1} s{states}",
                class.id,
                class.from,
                class.to.as_deref().unwrap_or("any"),
                grouped_digits(&class.count),
                class.seconds,
            )?;
        }
    }
    Ok(())
}

/// The tables by start and end square, and the orbits.
fn tables(report: &RunReport, out: &mut dyn Write) -> io::Result<()> {
    if let Some(table) = &report.by_start {
        writeln!(out, "  by start square:")?;
        write_table(&table.decimal(), out)?;
    }
    if let Some(table) = &report.by_end {
        writeln!(out, "  by end square:")?;
        write_table(&table.decimal(), out)?;
    }
    if let Some(symmetry) = &report.symmetry {
        writeln!(
            out,
            "  up to symmetry     {} orbits under {} symmetries ({})",
            grouped_digits(&symmetry.orbits.to_string()),
            symmetry.group_order,
            symmetry.method
        )?;
        for (name, fixed) in &symmetry.fixed.0 {
            writeln!(out, "    fixed by {name:<9} {:>14}", grouped_digits(fixed))?;
        }
    }
    Ok(())
}

/// What the work built: diagram sizes, the filter's memo, the
/// frontier's levels, the cluster.
fn work(report: &RunReport, out: &mut dyn Write) -> io::Result<()> {
    if let Some(paths) = &report.paths {
        let last = if report.status == Status::Complete {
            "final diagram "
        } else {
            "diagram so far"
        };
        writeln!(
            out,
            "  {last}     {:>14} nodes",
            grouped(paths.final_size as u64)
        )?;
        writeln!(
            out,
            "  largest diagram    {:>14} nodes",
            grouped(paths.largest_size as u64)
        )?;
        writeln!(
            out,
            "  manager at peak    {:>14} nodes",
            grouped(paths.peak_live_nodes as u64)
        )?;
    }
    // The one-pass filter's work is its memo, not an intersection's
    // operands: show the largest one a step held.
    if let Some(memo) = report.steps.iter().filter_map(|s| s.memo_entries).max() {
        writeln!(
            out,
            "  filter memo        {:>14} entries",
            grouped(memo as u64)
        )?;
    }
    if let Some(f) = &report.frontier {
        // A resumed run holds its own levels only: it counts the levels
        // its checkpoint held among them, and says where the peak is
        // from, where the figures are, not only on the line after.
        let levels = match f.resumed_from {
            Some(step) => format!(
                "{} levels ({step} before the resume)",
                step + f.levels.len()
            ),
            None => format!("{} levels", f.levels.len()),
        };
        let since = f
            .resumed_from
            .map_or(String::new(), |step| format!(" since step {step}"));
        writeln!(
            out,
            "  frontier           {:>14} states at most{since}, {levels}, {} slots wide",
            grouped(f.peak_states),
            f.width
        )?;
        if !f.order.is_empty() {
            writeln!(
                out,
                "  order              {} (fingerprint {})",
                f.order, f.order_fingerprint
            )?;
        }
        if f.spilled_bytes > 0 {
            writeln!(
                out,
                "  spilled to disk    {:>14}",
                Bytes(f.spilled_bytes).to_string()
            )?;
        }
        if let Some(step) = f.resumed_from {
            writeln!(
                out,
                "  resumed            from the checkpoint after step {step}: the states, time and memory here are this run's, from that step on; the method line's estimate is the whole count's"
            )?;
        }
    }
    if let Some(c) = &report.cluster {
        writeln!(
            out,
            "  cluster            {} processes x {} threads, {} sent between processes (this is process {})",
            c.processes,
            c.threads,
            Bytes(c.sent_bytes),
            c.process
        )?;
    }
    Ok(())
}

/// How it ran: engine, method, search nodes, time, memory.
fn run(report: &RunReport, out: &mut dyn Write) -> io::Result<()> {
    let s = &report.settings;
    if let Some(p) = &report.package {
        writeln!(
            out,
            "  engine             {} {} {}, schedule {}, {} thread{}",
            p.name,
            p.version,
            p.kind,
            s.schedule.as_deref().unwrap_or("-"),
            s.threads,
            if s.threads == 1 { "" } else { "s" }
        )?;
    }
    match &s.method_reason {
        Some(reason) => writeln!(out, "  method             {} ({reason})", s.method)?,
        None => writeln!(out, "  method             {}", s.method)?,
    }
    if let Some(nodes) = report.search_nodes {
        writeln!(out, "  search nodes       {:>14}", grouped(nodes))?;
    }
    match &report.satcount {
        Some(satcount) => writeln!(
            out,
            "  wall time          {:>14} (counting {})",
            millis(report.total_time_ms),
            millis(satcount.time_ms)
        )?,
        None => writeln!(
            out,
            "  wall time          {:>14}",
            millis(report.total_time_ms)
        )?,
    }
    writeln!(
        out,
        "  peak RSS           {:>14}",
        Bytes(report.peak_rss_bytes).to_string()
    )?;
    Ok(())
}

/// The published counts it agrees or disagrees with, and why it
/// stopped.
fn check(report: &RunReport, out: &mut dyn Write) -> io::Result<()> {
    if let Some(check) = &report.check {
        if check.passed && check.agreeing.is_empty() {
            writeln!(
                out,
                "  check              no published count of this question"
            )?;
        } else if check.passed {
            for row in &check.agreeing {
                writeln!(out, "  check              agrees with {row}")?;
            }
        }
        for d in &check.disagreeing {
            writeln!(
                out,
                "  check              DISAGREES with {} (expected {})",
                d.published, d.expected
            )?;
        }
    }
    if let Some(error) = &report.error {
        writeln!(out, "  stopped            {error}")?;
    }
    Ok(())
}

/// A board-shaped table, numbers right-aligned in columns, each row
/// labelled by its rank and each column by its file: the squares named as
/// everywhere else a person reads them (`a1` the bottom-left corner,
/// `kt_board::square_name`), rank `rows` the top row.
pub(crate) fn write_table(rows: &[Vec<String>], out: &mut dyn Write) -> io::Result<()> {
    let files: Vec<String> = (0..rows.first().map_or(0, Vec::len))
        .map(kt_board::file_name)
        .collect();
    let width = rows
        .iter()
        .flatten()
        .chain(&files)
        .map(String::len)
        .max()
        .unwrap_or(1);
    let rank_width = rows.len().to_string().len();
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|c| format!("{c:>width$}")).collect();
        let rank = rows.len() - r;
        writeln!(out, "    {rank:>rank_width$}  {}", cells.join(" "))?;
    }
    let files: Vec<String> = files.iter().map(|f| format!("{f:>width$}")).collect();
    writeln!(out, "    {:rank_width$}  {}", "", files.join(" "))?;
    Ok(())
}
