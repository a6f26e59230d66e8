//! Progress on stderr, and the last report for a run that must be
//! abandoned.
//!
//! [`Monitor`] is the command line's [`Observer`]: it draws a bar (steps of
//! a schedule) or a spinner (a search), updates its message whenever the
//! work inside a long step moves (memo entries of a filter pass, nodes of
//! a search), and keeps the latest report the library handed over.
//! indicatif hides the bar by itself when stderr is not a terminal;
//! `--quiet` and `-v` (whose log lines would tear through it) hide it too;
//! `-v` logs one line per finished level instead.
//!
//! The time left is the whole run's: the plan's estimate before anything
//! is known, corrected by the sweep's own pace as its levels complete
//! ([`time_left`]). The message is indicatif's `{wide_msg}`, cut to the
//! terminal's width, so the bar never wraps.

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
    /// The plan's estimate of the whole run, in seconds.
    estimate: Option<f64>,
}

#[derive(Default)]
struct State {
    /// The last report the library handed over.
    report: Option<RunReport>,
    /// The step in progress, for messages about work inside it.
    step: String,
    /// When the step in progress started.
    step_started: Option<Instant>,
    /// The levels already logged (`-v`).
    levels_logged: usize,
}

impl Monitor {
    /// A monitor whose bar is drawn only if `visible`; `estimate` is the
    /// plan's estimate of the whole run in seconds, where it has one.
    pub fn new(visible: bool, estimate: Option<f64>) -> Monitor {
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
            estimate,
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
    ProgressStyle::with_template("{spinner} {elapsed_precise} {wide_msg}")
        .expect("a valid template")
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {elapsed_precise} [{bar:12}] {pos}/{len} {wide_msg}")
        .expect("a valid template")
        .progress_chars("=> ")
}

/// The plan's estimate of `request`'s whole run, in seconds (planning
/// costs microseconds; the work plans again as it starts).
pub fn estimate(request: &kt_count::Request) -> Option<f64> {
    kt_count::plan(request)
        .ok()
        .and_then(|plan| plan.estimate.map(|reach| reach.seconds))
}

/// The whole run's time left after `elapsed` seconds, from the plan's
/// `estimate` and, for a single sweep, the `fraction` of its levels done
/// (the level in progress counted by its states expanded): the estimate
/// alone at first, the sweep's own pace more and more as it goes. A
/// sweep's levels rise to a peak near the middle and fall again, so the
/// work done by a fraction `x` of its levels is about `F(x) = x −
/// sin(2πx)/2π` of the whole (the integral of `sin²(πx)`; 8×8 open peaks
/// at level 34 of 64), and the pace so far predicts `elapsed·(1−F)/F`
/// more.
pub fn time_left(estimate: Option<f64>, fraction: Option<f64>, elapsed: f64) -> Option<f64> {
    let planned = estimate.map(|e| (e - elapsed).max(0.0));
    let Some(x) = fraction.map(|x| x.clamp(0.0, 1.0)) else {
        return planned;
    };
    let done = x - (2.0 * std::f64::consts::PI * x).sin() / (2.0 * std::f64::consts::PI);
    if done < 0.01 {
        return planned;
    }
    let paced = elapsed * (1.0 - done) / done;
    let trust = (done / 0.3).min(1.0);
    Some(match planned {
        Some(planned) => (1.0 - trust) * planned + trust * paced,
        None => paced,
    })
}

impl Observer for Monitor {
    fn report(&self, report: &RunReport) {
        let mut state = self.lock();
        if let Some(frontier) = &report.frontier {
            // A new sweep (a class of a table) starts its levels again.
            let logged = state.levels_logged.min(frontier.levels.len());
            for level in &frontier.levels[logged..] {
                tracing::info!(
                    "level {}: {} states, {} slots, {:.1} s, {} stored{}",
                    level.step,
                    group(level.states),
                    level.slots,
                    level.time_ms / 1000.0,
                    kt_count::Bytes(level.bytes),
                    if level.spilled_bytes > 0 {
                        format!(", {} spilled", kt_count::Bytes(level.spilled_bytes))
                    } else {
                        String::new()
                    }
                );
            }
            state.levels_logged = frontier.levels.len();
        }
        state.report = Some(report.clone());
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
        let left = time_left(self.estimate, None, self.started.elapsed().as_secs_f64())
            .map_or(String::new(), |rest| {
                format!("about {} left; ", short_duration(rest))
            });
        self.bar.set_message(format!("{left}{name}{size}"));
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
                let (last, sweeps, classes) = {
                    let state = self.lock();
                    let report = state.report.as_ref();
                    let frontier = report.and_then(|r| r.frontier.as_ref());
                    (
                        frontier.and_then(|f| f.levels.last().cloned()),
                        frontier.map_or(1, |f| f.sweeps),
                        report
                            .and_then(|r| r.pairs.as_ref())
                            .map(|p| p.shard.is_none().then_some(p.plan_classes)),
                    )
                };
                // A run of several sweeps (a table's classes) says which
                // sweep this is, in the same message as its level.
                let which = match classes {
                    Some(Some(classes)) => format!("sweep {sweeps}/{classes}; "),
                    // A shard's classes are a few of the plan's.
                    Some(None) => format!("sweep {sweeps}; "),
                    None => String::new(),
                };
                // One sweep's levels tell its pace; over several sweeps
                // (a table's classes) the plan's estimate alone.
                let fraction = (sweeps <= 1 && steps > 0).then(|| {
                    let within = if states > 0 {
                        done as f64 / states as f64
                    } else {
                        0.0
                    };
                    (step as f64 - 1.0 + within) / steps as f64
                });
                let elapsed = self.started.elapsed().as_secs_f64();
                let left = time_left(self.estimate, fraction, elapsed)
                    .map_or(String::new(), |rest| {
                        format!("about {} left; ", short_duration(rest))
                    });
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
                // The bar shows the level (its position); the message,
                // cut to the terminal's width, the time left first.
                self.bar.set_message(format!(
                    "{left}{which}{}/{} states expanded{memory}",
                    compact(done),
                    compact(states)
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

/// A count in three or four figures: `950`, `33.0k`, `2.07G`.
fn compact(n: u64) -> String {
    let x = n as f64;
    if n < 10_000 {
        n.to_string()
    } else if x < 1e6 {
        format!("{:.1}k", x / 1e3)
    } else if x < 1e9 {
        format!("{:.1}M", x / 1e6)
    } else {
        format!("{:.2}G", x / 1e9)
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

#[cfg(test)]
mod tests {
    use super::time_left;

    #[test]
    fn the_time_left_moves_from_the_estimate_to_the_pace() {
        // Nothing known: the estimate, less the time spent.
        assert_eq!(time_left(Some(100.0), None, 30.0), Some(70.0));
        assert_eq!(time_left(Some(100.0), None, 130.0), Some(0.0));
        assert_eq!(time_left(None, None, 30.0), None);
        // Half the levels of a sweep are half its work: as long again.
        let half = time_left(Some(1000.0), Some(0.5), 60.0).unwrap();
        assert!((half - 60.0).abs() < 1e-9, "{half}");
        // Early levels are light: a tenth of the levels is under 1% of
        // the work, so the estimate still counts.
        let early = time_left(Some(1000.0), Some(0.1), 5.0).unwrap();
        assert!(early > 500.0, "{early}");
        assert_eq!(time_left(Some(10.0), Some(1.0), 12.0), Some(0.0));
    }

    #[test]
    fn counts_are_compact() {
        use super::compact;
        assert_eq!(compact(950), "950");
        assert_eq!(compact(33_045), "33.0k");
        assert_eq!(compact(103_553_450), "103.6M");
        assert_eq!(compact(2_068_075_297), "2.07G");
    }
}
