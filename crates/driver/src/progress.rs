//! Progress on stderr, and the live report behind it.
//!
//! The bar counts steps (constraints applied out of the plan's total) and
//! shows the current family's size. indicatif hides it by itself when stderr
//! is not a terminal; `--quiet` and `-v` (whose log lines would tear through
//! it) hide it too.

use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::report::{RunReport, StepReport, group};
use crate::run::Observer;
use crate::session::Live;

/// Observes a run: updates the bar and the live report.
pub struct Monitor {
    live: Arc<Live>,
    bar: ProgressBar,
}

impl Monitor {
    pub fn new(live: Arc<Live>, visible: bool, steps: usize) -> Monitor {
        let target = if visible {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(steps as u64), target);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {elapsed_precise} [{bar:30}] {pos}/{len} {msg}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        Monitor { live, bar }
    }

    /// Changes the live report.
    pub fn update(&self, change: impl FnOnce(&mut RunReport)) {
        let mut report = self.live.report.lock().unwrap_or_else(|p| p.into_inner());
        change(&mut report);
    }

    /// A copy of the live report.
    pub fn report(&self) -> RunReport {
        self.live
            .report
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Observer for Monitor {
    fn step_started(&self, _index: usize, _total: usize, name: &str) {
        let size = self
            .report()
            .steps
            .last()
            .map(|s| format!(" (family: {} nodes)", group(s.result_size)))
            .unwrap_or_default();
        self.bar.set_message(format!("{name}{size}"));
    }

    fn step_finished(&self, report: &StepReport, _total: usize) {
        self.update(|r| r.steps.push(report.clone()));
        self.bar.inc(1);
        self.bar
            .set_message(format!("family: {} nodes", group(report.result_size)));
    }
}

impl Drop for Monitor {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
