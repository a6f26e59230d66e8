//! `bench`: a count timed as hyperfine times a command (warm-up runs, then
//! measured ones; their mean ± σ, min and max), so that a figure in
//! docs/benchmarks.md comes with its spread.
//!
//! The times are the library's wall time of each count
//! (`total_time_ms`), from the plan to the answer: the process's start
//! and exit, which hyperfine would add, are not the method's.

use serde::Serialize;

use crate::exit::CliError;

/// How many runs `bench` makes.
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    /// Measured runs (at least 1).
    pub runs: u32,
    /// Runs before them, not measured.
    pub warmup: u32,
}

/// The runs made so far, and the count they agree on.
#[derive(Debug)]
pub struct Timing {
    measure: Measure,
    made: u32,
    seconds: Vec<f64>,
    /// The last run's seconds, warm-up or not.
    last_seconds: Option<f64>,
    count: Option<kt_count::BigUint>,
}

/// The `bench` section of a report: the times of the measured runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub runs: u32,
    pub warmup: u32,
    /// Each measured run's seconds, in order.
    pub seconds: Vec<f64>,
    pub mean: f64,
    /// The sample standard deviation (n − 1), `null` for one run.
    pub stddev: Option<f64>,
    pub min: f64,
    pub max: f64,
}

/// A count report with its `bench` section (`null` for `count --json`):
/// the fields of the report, then `bench`.
#[derive(Serialize)]
pub struct Document<'a> {
    #[serde(flatten)]
    pub report: kt_count::report::Document<'a>,
    pub bench: Option<Summary>,
}

impl Timing {
    pub fn new(measure: Measure) -> Timing {
        Timing {
            measure,
            made: 0,
            seconds: Vec::new(),
            last_seconds: None,
            count: None,
        }
    }

    /// Adds a finished run: `Some` with the line for stderr once the last
    /// one is in, `None` while runs are left. Every run must give the
    /// same count.
    pub fn add(&mut self, counted: &kt_count::Counted) -> Result<Option<String>, CliError> {
        match &self.count {
            Some(count) if *count != counted.count => {
                return Err(CliError::other(format!(
                    "internal error: run {} counted {}, the runs before it {count}",
                    self.made + 1,
                    counted.count
                )));
            }
            _ => self.count = Some(counted.count.clone()),
        }
        self.made += 1;
        let seconds = counted.report.total_time_ms / 1000.0;
        self.last_seconds = Some(seconds);
        if self.made > self.measure.warmup {
            self.seconds.push(seconds);
        }
        Ok((self.made >= self.measure.warmup + self.measure.runs).then(|| self.line()))
    }

    /// A line for stderr after a run that is not the last: which run it
    /// was and its time, so that a benchmark of long runs is not silent
    /// between them (`bench: warm-up 1 of 1, 41.203 s`, `bench: run 2 of
    /// 5, 40.118 s`).
    pub fn run_line(&self) -> String {
        let seconds = self.last_seconds.unwrap_or(0.0);
        let time = in_unit_of(seconds, seconds);
        if self.made <= self.measure.warmup {
            format!(
                "bench: warm-up {} of {}, {time}",
                self.made, self.measure.warmup
            )
        } else {
            format!(
                "bench: run {} of {}, {time}",
                self.made - self.measure.warmup,
                self.measure.runs
            )
        }
    }

    /// The times of the measured runs.
    pub fn summary(&self) -> Summary {
        let n = self.seconds.len().max(1) as f64;
        let mean = self.seconds.iter().sum::<f64>() / n;
        let stddev = (self.seconds.len() > 1).then(|| {
            let squares: f64 = self.seconds.iter().map(|s| (s - mean).powi(2)).sum();
            (squares / (n - 1.0)).sqrt()
        });
        Summary {
            runs: self.measure.runs,
            warmup: self.measure.warmup,
            seconds: self.seconds.clone(),
            mean,
            stddev,
            min: self.seconds.iter().copied().fold(f64::INFINITY, f64::min),
            max: self.seconds.iter().copied().fold(0.0, f64::max),
        }
    }

    /// hyperfine's two lines in one: `Time (mean ± σ): 1.234 s ± 0.012 s
    /// [min 1.201 s, max 1.262 s] 10 runs, 2 warm-up`.
    fn line(&self) -> String {
        let s = self.summary();
        // Every figure in the mean's unit, as hyperfine writes them.
        let seconds = |value: f64| in_unit_of(s.mean, value);
        let sigma = s
            .stddev
            .map_or_else(|| "(one run)".to_owned(), |sd| format!("± {}", seconds(sd)));
        let warmup = if s.warmup > 0 {
            format!(", {} warm-up", s.warmup)
        } else {
            String::new()
        };
        format!(
            "Time (mean ± σ): {} {sigma}   [min {}, max {}]   {} run{}{warmup}",
            seconds(s.mean),
            seconds(s.min),
            seconds(s.max),
            s.runs,
            if s.runs == 1 { "" } else { "s" }
        )
    }
}

/// `value` seconds in the unit [`seconds`] gives `mean`: `1.234 s ±
/// 0.151 s`, not `1.234 s ± 151.3 ms`.
fn in_unit_of(mean: f64, value: f64) -> String {
    if mean >= 1.0 {
        format!("{value:.3} s")
    } else {
        format!("{:.1} ms", value * 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_sigma_min_and_max_are_hyperfine_s() {
        let mut timing = Timing::new(Measure { runs: 3, warmup: 1 });
        timing.seconds = vec![1.0, 2.0, 3.0];
        let s = timing.summary();
        assert_eq!((s.mean, s.stddev, s.min, s.max), (2.0, Some(1.0), 1.0, 3.0));
        assert_eq!(
            timing.line(),
            "Time (mean ± σ): 2.000 s ± 1.000 s   [min 1.000 s, max 3.000 s]   3 runs, 1 warm-up"
        );
        // One unit, the mean's.
        timing.seconds = vec![5.5, 5.7];
        assert!(
            timing.line().contains("5.600 s ± 0.141 s"),
            "{}",
            timing.line()
        );
        timing.seconds = vec![0.0123];
        assert_eq!(timing.summary().stddev, None);
    }

    /// Each run but the last says which it was and its time (issue 66
    /// item 10: `bench` was silent between runs of 40 seconds).
    #[test]
    fn a_run_that_is_not_the_last_says_which_it_was() {
        let mut timing = Timing::new(Measure { runs: 5, warmup: 1 });
        timing.made = 1;
        timing.last_seconds = Some(41.2031);
        assert_eq!(timing.run_line(), "bench: warm-up 1 of 1, 41.203 s");
        timing.made = 3;
        timing.last_seconds = Some(0.0421);
        assert_eq!(timing.run_line(), "bench: run 2 of 5, 42.1 ms");
    }
}
