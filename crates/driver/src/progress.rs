//! Progress on stderr, and the last report for a run that must be
//! abandoned.
//!
//! [`Monitor`] is the command line's [`Observer`]: it draws a bar (steps of
//! a schedule) or a spinner (a search), updates its message whenever the
//! work inside a long step moves (memo entries of a filter pass, nodes of
//! a search), and keeps the latest report the library handed over.
//! indicatif hides the bar by itself when stderr is not a terminal;
//! `--quiet` and `-v` (whose log lines would tear through it) hide it too.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kt_count::report::StepReport;
use kt_count::{Observer, Progress, RunReport};

use crate::summary::group;

/// Observes a run for the terminal.
pub struct Monitor {
    bar: ProgressBar,
    state: Mutex<State>,
    started: Instant,
}

#[derive(Default)]
struct State {
    /// The last report the library handed over.
    report: Option<RunReport>,
    /// The step in progress, for messages about work inside it.
    step: String,
    /// When the step in progress started.
    step_started: Option<Instant>,
}

impl Monitor {
    /// A monitor whose bar is drawn only if `visible`.
    pub fn new(visible: bool) -> Monitor {
        let target = if visible {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(None, target);
        bar.set_style(spinner_style());
        bar.enable_steady_tick(Duration::from_millis(200));
        Monitor {
            bar,
            state: Mutex::new(State::default()),
            started: Instant::now(),
        }
    }

    /// When the monitor (and so the run) started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// The last report, if the work handed one over.
    pub fn last_report(&self) -> Option<RunReport> {
        self.lock().report.clone()
    }

    /// Removes the bar (before anything is printed on stdout or stderr).
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").expect("a valid template")
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
        .expect("a valid template")
        .progress_chars("=> ")
}

impl Observer for Monitor {
    fn report(&self, report: &RunReport) {
        self.lock().report = Some(report.clone());
    }

    fn step_started(&self, index: usize, total: usize, name: &str) {
        if self.bar.length().is_none() {
            self.bar.set_length(total as u64);
            self.bar.set_style(bar_style());
        }
        self.bar.set_position(index as u64);
        let size = self
            .lock()
            .report
            .as_ref()
            .and_then(|r| r.steps.last())
            .map(|s| format!(" (family: {} nodes)", group(s.result_size as u64)))
            .unwrap_or_default();
        {
            let mut state = self.lock();
            state.step = name.to_string();
            state.step_started = Some(Instant::now());
        }
        self.bar.set_message(format!("{name}{size}"));
    }

    fn step_finished(&self, step: &StepReport, _total: usize) {
        self.bar.set_position(step.index as u64);
        self.bar
            .set_message(format!("family: {} nodes", group(step.result_size as u64)));
    }

    fn progress(&self, progress: Progress) {
        match progress {
            Progress::FilterMemo { entries } => {
                let step = self.lock().step.clone();
                self.bar.set_message(format!(
                    "{step}: {} (node, state) pairs so far",
                    group(entries as u64)
                ));
            }
            Progress::Level {
                step,
                steps,
                done,
                states,
            } => {
                let (elapsed, last) = {
                    let state = self.lock();
                    let elapsed = state
                        .step_started
                        .map_or(0.0, |t| t.elapsed().as_secs_f64());
                    let last = state
                        .report
                        .as_ref()
                        .and_then(|r| r.frontier.as_ref())
                        .and_then(|f| f.levels.last().cloned());
                    (elapsed, last)
                };
                let left = if done > 0 && done < states {
                    let rest = elapsed * (states - done) as f64 / done as f64;
                    format!(", about {} left in this level", short_duration(rest))
                } else {
                    String::new()
                };
                let memory = last.map_or(String::new(), |l| {
                    format!(
                        "; last level {} states in {}{}",
                        group(l.states),
                        kt_count::Bytes(l.bytes),
                        if l.spilled_bytes > 0 {
                            format!(", {} spilled", kt_count::Bytes(l.spilled_bytes))
                        } else {
                            String::new()
                        }
                    )
                });
                self.bar.set_message(format!(
                    "level {step}/{steps}: {} of {} states expanded{left}{memory}",
                    group(done),
                    group(states)
                ));
            }
            Progress::Search {
                nodes,
                tours,
                starts_done,
                starts_total,
            } => {
                let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
                self.bar.set_message(format!(
                    "{} search nodes ({:.1} M/s), {} tours so far, {starts_done}/{starts_total} start squares done",
                    group(nodes),
                    nodes as f64 / seconds / 1e6,
                    group_u128(tours),
                ));
            }
        }
    }

    fn note(&self, note: &str) {
        self.bar.suspend(|| eprintln!("note: {note}"));
    }
}

/// Seconds as `42 s`, `7 min`, `3.2 h`.
fn short_duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

fn group_u128(n: u128) -> String {
    crate::summary::group_digits(&n.to_string())
}

impl Drop for Monitor {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
