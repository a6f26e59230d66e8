//! The arguments of `count` and `bench` — board, questions, method and
//! its resources, engine, frontier and cluster options — and the library
//! request they lower to.
#![allow(clippy::doc_markdown, reason = "doc comments here are --help text")]

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use kt_count::zdd::Schedule;
use kt_count::{
    Board, Bytes, Checkpointing, ChoiceError, ClusterOptions, EngineKind, GivenOptions,
    MethodChoice, Question, Request, Resources, Setting, TourKind,
};

use super::help::{engine_help, methods_help};
use super::parse::{
    OrderArg, engine_names, method_names, parse_board, parse_bytes, parse_duration, parse_order,
    parse_peer_timeout, parse_shard, parse_square, whole,
};

/// The board counted when none is given: 6×6, the largest square board whose
/// open tours the encoding counts in seconds.
pub const DEFAULT_BOARD: Board = Board::SIX_BY_SIX;

/// The board and the kind of tour.
#[derive(Debug, Args, Clone)]
#[command(next_help_heading = "Board")]
pub struct ProblemArgs {
    /// The board: N (an N×N board) or RxC, e.g. 6 or 5x6 [default: 6]
    ///
    /// The board: N (an N×N board) or RxC, e.g. 6 or 5x6 [default: 6, the 6×6 board].
    #[arg(value_parser = parse_board, allow_negative_numbers = true, conflicts_with_all = ["rows", "cols"])]
    pub board: Option<Board>,

    /// Rows (with --cols, instead of BOARD).
    #[arg(long, hide_short_help = true, requires = "cols", value_parser = whole::<u32>(1, u64::from(u32::MAX)))]
    pub rows: Option<u32>,

    /// Columns (with --rows, instead of BOARD).
    #[arg(long, hide_short_help = true, requires = "rows", value_parser = whole::<u32>(1, u64::from(u32::MAX)))]
    pub cols: Option<u32>,

    /// Closed tours (undirected cycles) instead of open ones
    ///
    /// Closed tours (undirected Hamiltonian cycles) instead of open ones.
    #[arg(long)]
    pub closed: bool,
}

impl ProblemArgs {
    pub fn board(&self) -> Result<Board, String> {
        match (self.board, self.rows, self.cols) {
            (Some(board), _, _) => Ok(board),
            (None, Some(r), Some(c)) => {
                Board::new(r as usize, c as usize).map_err(|e| e.to_string())
            }
            _ => Ok(DEFAULT_BOARD),
        }
    }

    pub fn kind(&self) -> TourKind {
        if self.closed {
            TourKind::Closed
        } else {
            TourKind::Open
        }
    }
}

/// Which method, and the resources it gets.
#[derive(Debug, Args, Clone)]
#[command(next_help_heading = "Method")]
pub struct MethodArgs {
    /// How to count: auto, zdd, frontier, edges, …
    #[arg(
        long,
        value_parser = method_names(),
        default_value = "auto",
        hide_default_value = true,
        hide_possible_values = true,
        long_help = methods_help()
    )]
    pub method: String,

    /// The decision diagram, the old way to name a method (deprecated,
    /// hidden from --help): time-sliced is --method zdd, edges is --method
    /// edges.
    #[arg(long, value_enum, hide = true)]
    pub encoding: Option<EncodingChoice>,

    /// Start even work estimated beyond this machine
    ///
    /// Start even where the estimate says the work is beyond this machine
    /// (its memory and free disk, or more than 2 hours), which is refused
    /// before any work otherwise; dot: also a diagram estimated larger
    /// than --max-nodes (the built diagram is still checked against it).
    #[arg(long)]
    pub force: bool,

    /// Worker threads [default: the available cores]
    ///
    /// Worker threads [default: the machine's available cores; at most 4 per
    /// core; backtracking runs on one].
    #[arg(long, value_parser = whole::<u32>(1, 4096))]
    pub threads: Option<u32>,

    /// Memory budget, e.g. 8GiB [default: 3/4 of memory]
    ///
    /// Memory budget, e.g. 8GiB or 512M [default: 3/4 of physical memory,
    /// or 9/10 of the memory available at the start if that is less; more
    /// than the machine has is capped to it; at least 8 MiB].
    #[arg(long, value_parser = parse_bytes)]
    pub memory: Option<Bytes>,

    /// The order in which a frontier sweep takes the squares (--method
    /// frontier, edges, cluster): auto (the order shipped for the board, or
    /// one searched for it), columns, or a FILE holding a board of step
    /// numbers, as `knights-tour order` prints it [default: auto].
    #[arg(long, value_name = "auto|columns|FILE", value_parser = parse_order, hide_short_help = true)]
    pub order: Option<OrderArg>,
}

/// The decision-diagram methods' engine settings.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "ZDD options (--method zdd, edges)")]
pub struct ZddArgs {
    /// The diagram engine: zbdd, bdd, bcdd, … [default: zbdd]
    ///
    /// The decision-diagram engine [default: zbdd].
    #[arg(long, value_parser = engine_names(), hide_possible_values = true, long_help = engine_help(), hide_short_help = true)]
    pub engine: Option<String>,

    /// The order and shape of the intersections (--method zdd) [default: fused].
    #[arg(long, value_enum, hide_short_help = true)]
    pub schedule: Option<ScheduleChoice>,

    /// Node capacity of the manager [default: derived from --memory;
    /// refused if it does not fit].
    #[arg(long, value_parser = whole::<u64>(1, u64::MAX), hide_short_help = true)]
    pub nodes: Option<u64>,

    /// Apply-cache entries, rounded up to a power of two [default: by
    /// schedule and board; at least 4096].
    #[arg(long, value_parser = whole::<u64>(1, 1 << 32), hide_short_help = true)]
    pub cache: Option<u64>,
}

/// Which decision diagram (the old name of the two diagram methods).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EncodingChoice {
    /// One variable per (square, time): --method zdd.
    TimeSliced,
    /// One variable per move, from the frontier method: --method edges.
    Edges,
}

/// The order and shape of the intersections (the library's [`Schedule`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScheduleChoice {
    /// Transitions, then all exactly-once constraints in one filtered pass.
    Fused,
    /// Transitions, then one filtered pass per square.
    #[value(alias = "restrict")]
    PerSquare,
    /// Adiar's order, plain intersections.
    Adiar,
    /// bdd-benchmark's order (transitions backwards), plain intersections.
    Backward,
}

impl From<ScheduleChoice> for Schedule {
    fn from(choice: ScheduleChoice) -> Schedule {
        match choice {
            ScheduleChoice::Fused => Schedule::Fused,
            ScheduleChoice::PerSquare => Schedule::PerSquare,
            ScheduleChoice::Adiar => Schedule::Adiar,
            ScheduleChoice::Backward => Schedule::Backward,
        }
    }
}

#[derive(Debug, Args, Clone)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag is an option a caller gives (--json, --jsonl, --check, --no-theorems), not a state"
)]
pub struct CountArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub questions: QuestionArgs,

    #[command(flatten)]
    pub method: MethodArgs,

    /// Run the method even where a theorem says there is no tour (for
    /// benchmarks and cross-checks).
    #[arg(long, help_heading = "Method", hide_short_help = true)]
    pub no_theorems: bool,

    #[command(flatten)]
    pub zdd: ZddArgs,

    #[command(flatten, next_help_heading = "Frontier options (--method frontier)")]
    pub frontier: FrontierArgs,

    #[command(flatten)]
    pub cluster: ClusterArgs,

    /// Print one JSON document instead of the summary
    ///
    /// Print one JSON document instead of the text summary (docs/json.md).
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// The JSON document on one line (JSON Lines, to append to a file)
    ///
    /// Print the JSON document on one line (implies --json): `bench
    /// --jsonl >> runs.jsonl` appends a line a benchmark, a JSON Lines
    /// file that `plot` reads.
    #[arg(long, help_heading = "Output", hide_short_help = true)]
    pub jsonl: bool,

    /// Compare with the published counts; exit 1 on a mismatch
    ///
    /// Compare the count with the shipped published counts; exit 1 on a mismatch.
    #[arg(long, help_heading = "Output")]
    pub check: bool,

    /// Also draw the question's table as a heat map in FILE (SVG, or PNG
    /// where FILE ends in .png)
    ///
    /// Also draw the table the question gives (--by-start, --pairs, --from
    /// SQ --by-end) as a board-shaped heat map in FILE: SVG, or PNG where
    /// FILE ends in .png.
    #[arg(long, value_name = "FILE", help_heading = "Output", value_parser = super::parse::parse_picture)]
    pub svg: Option<PathBuf>,

    /// The PNG's width in pixels, where the picture's FILE ends in .png
    /// [default: twice the picture's own width]; the height follows.
    #[arg(long, value_name = "PX", help_heading = "Output", value_parser = super::parse::parse_png_width, hide_short_help = true)]
    pub png_width: Option<u32>,
}

/// `bench`: a count timed as hyperfine times a command.
#[derive(Debug, Args, Clone)]
pub struct BenchArgs {
    #[command(flatten)]
    pub count: CountArgs,

    /// Measured runs: their mean ± σ, min and max
    #[arg(long, default_value_t = 1, value_parser = whole::<u32>(1, 10_000), help_heading = "Benchmark")]
    pub runs: u32,

    /// Runs before the measured ones, not measured
    ///
    /// Runs before the measured ones, whose times are not kept (they warm
    /// the page cache, the allocator and the CPU's clock).
    #[arg(long, default_value_t = 0, value_parser = whole::<u32>(0, 10_000), help_heading = "Benchmark")]
    pub warmup: u32,
}

/// Counts beyond the total: a fixed start or end, tables, symmetry.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Questions")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag is a question a caller asks (--by-start, --pairs, …), not a state"
)]
pub struct QuestionArgs {
    /// Only the tours starting on SQ: `R,C` or algebraic (`a1`)
    ///
    /// Only the tours starting on SQ: `R,C` (0-based row and column, row 0
    /// at the top) or algebraic (`a1` is the bottom-left corner). Closed
    /// tours: the directed tours numbered from SQ, twice the undirected count.
    #[arg(long, value_name = "SQ")]
    pub from: Option<String>,

    /// Only the tours ending on SQ
    ///
    /// Only the tours ending on SQ (closed tours: with --from, those whose
    /// last square is SQ, a move from the start).
    #[arg(long, value_name = "SQ")]
    pub to: Option<String>,

    /// The table of open tours by start square
    ///
    /// The table of open tours by start square (its sum is the total); by
    /// the frontier method, one sweep whose states tally their paths' ends
    /// by class of square (about three whole counts' time), or where the
    /// board has more than 32 classes of squares or the sweep would
    /// not fit the machine, one fixed-start run per class of start squares,
    /// the classes done kept with --checkpoint; with --shard K/N, the K-th
    /// of N shards of those classes.
    #[arg(long, conflicts_with_all = ["from", "to", "by_end", "up_to_symmetry"])]
    pub by_start: bool,

    /// With --from: the table of tours from that square by end square.
    /// Open tours by the frontier method: one sweep from the square whose
    /// states tally their paths' other end by class of square, or one
    /// fixed-ends run per class of end squares where those are estimated
    /// faster (few classes) or the classes pass 32.
    #[arg(long, hide_short_help = true, requires = "from", conflicts_with = "to")]
    pub by_end: bool,

    /// Undirected tours up to the board's symmetries
    ///
    /// Undirected tours up to the board's symmetries (8 on a square board,
    /// 4 otherwise), by Burnside's lemma, with the tours each symmetry fixes.
    #[arg(long, conflicts_with_all = ["from", "to", "by_end"])]
    pub up_to_symmetry: bool,

    /// Open tours by classes of endpoint pairs
    ///
    /// Open tours by endpoint pairs: every class of start and end squares
    /// (`knights-tour shards BOARD` lists them), one fixed-ends run each;
    /// the total and the table by start square.
    #[arg(long, conflicts_with_all = ["from", "to", "by_end", "by_start", "up_to_symmetry", "shard"])]
    pub pairs: bool,

    /// Count the K-th of N shards of the endpoint-pair classes
    ///
    /// Count the K-th of N shards of the endpoint-pair classes (with
    /// --by-start: of the classes of start squares), balanced by their
    /// estimated cost (1 <= K <= N); with --json the output is a part for
    /// `knights-tour merge`. Run the N shards anywhere, in any order.
    #[arg(long, value_name = "K/N", value_parser = parse_shard,
          conflicts_with_all = ["from", "to", "by_end", "up_to_symmetry"])]
    pub shard: Option<kt_count::Shard>,
}

impl QuestionArgs {
    /// The question these flags ask on `board`.
    pub fn question(&self, board: &Board) -> Result<Question, String> {
        let square = |flag: &str, text: &Option<String>| {
            text.as_deref()
                .map(|t| parse_square(board, t).map_err(|e| format!("{flag}: {e}")))
                .transpose()
        };
        let from = square("--from", &self.from)?;
        let to = square("--to", &self.to)?;
        Ok(match (from, to) {
            _ if self.pairs => Question::Pairs {
                shard: None,
                ends: kt_count::Ends::Pairs,
            },
            _ if self.shard.is_some() => Question::Pairs {
                shard: self.shard,
                ends: if self.by_start {
                    kt_count::Ends::Starts
                } else {
                    kt_count::Ends::Pairs
                },
            },
            _ if self.by_start => Question::ByStart,
            _ if self.up_to_symmetry => Question::UpToSymmetry,
            (Some(from), _) if self.by_end => Question::ByEnd { from },
            (from, to) => Question::between(from, to),
        })
    }
}

/// Long frontier sweeps (`count`, `sequence`): disk and checkpoints. Each
/// command names the heading, so that `sequence --help` does not speak of
/// a `--method` it does not take.
#[derive(Debug, Args, Clone, Default)]
pub struct FrontierArgs {
    /// Where levels beyond --memory spill
    ///
    /// Where levels that do not fit --memory spill, created if missing
    /// [default: the system's temporary directory ($TMPDIR); a sweep that
    /// keeps its checkpoint in the cache spills beside it, in
    /// $XDG_CACHE_HOME/knights-tour/spill, so that the checkpoint links its
    /// runs instead of copying them].
    #[arg(long, value_name = "DIR")]
    pub spill_dir: Option<PathBuf>,

    /// Keep the level reached in DIR, to go on with --resume
    ///
    /// Keep the level reached in directory DIR (created if missing) every
    /// --checkpoint-every, to go on from it with --resume; its runs are
    /// hard-linked, not copied. With count --pairs or --shard, DIR also
    /// keeps the classes finished (part.json).
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,

    /// How often to write the checkpoint, e.g. 5m or 90s [default: 5m; 1m
    /// for the cache's checkpoint of work planned under 5 minutes].
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, conflicts_with = "no_checkpoint", hide_short_help = true)]
    pub checkpoint_every: Option<std::time::Duration>,

    /// Keep no checkpoint of a long count or sequence
    ///
    /// Keep no checkpoint of a sweep estimated at more than a minute
    /// (KNIGHTS_TOUR_CHECKPOINT_FROM seconds), which otherwise keeps one in
    /// the user's cache directory ($XDG_CACHE_HOME/knights-tour/checkpoints,
    /// default ~/.cache; at most KNIGHTS_TOUR_CACHE_CAP, 100GiB, in all;
    /// docs/frontier.md) and removes it when the result is printed.
    #[arg(long, conflicts_with_all = ["checkpoint", "resume"])]
    pub no_checkpoint: bool,

    /// Go on from a checkpoint (alone: the cache's)
    ///
    /// Go on from a checkpoint directory of the same question (with count
    /// --pairs or --shard: skipping the classes it had finished), and keep
    /// the checkpoint there unless --checkpoint names another (a cluster:
    /// only where --checkpoint names it); without
    /// DIR, from the --checkpoint directory where one is named, else from
    /// the checkpoint that the same command keeps in the cache (which the
    /// same command finds again without --resume too). Put a bare --resume
    /// after the board (or a sequence's ROWS), or it takes it for DIR.
    #[arg(long, value_name = "DIR", num_args = 0..=1)]
    pub resume: Option<Option<PathBuf>>,
}

impl FrontierArgs {
    /// The directory to resume: `--resume DIR`'s, or with a bare `--resume`
    /// the `--checkpoint` directory, if one is named (`--checkpoint X
    /// --resume` goes on from `X`, not from the cache).
    pub fn resume_dir(&self) -> Option<PathBuf> {
        match &self.resume {
            Some(Some(dir)) => Some(dir.clone()),
            Some(None) => self.checkpoint.clone(),
            None => None,
        }
    }

    /// `--resume DIR` with no `--checkpoint`: the run keeps its checkpoint
    /// where it found it, as `--checkpoint DIR --resume` does, so that a
    /// resumed run stopped again goes on from where it stopped, not from
    /// where the first run did.
    pub fn keep_resumed(&mut self) {
        if self.checkpoint.is_none()
            && let Some(Some(dir)) = &self.resume
        {
            self.checkpoint = Some(dir.clone());
            self.resume = Some(None);
        }
    }

    /// Whether a bare `--resume` asks for the cache's checkpoint (no
    /// `--checkpoint` names one).
    pub fn resumes_from_cache(&self) -> bool {
        self.resume == Some(None) && self.checkpoint.is_none()
    }
}

impl ClusterArgs {
    /// Whether the count is spread over processes (`--processes` or a
    /// hostfile).
    pub fn is_cluster(&self) -> bool {
        self.processes.is_some() || self.hostfile.is_some()
    }
}

/// One count spread over several processes or machines.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Cluster options (--method cluster)")]
pub struct ClusterArgs {
    /// Spread the frontier sweep over N processes (start each with the
    /// same command line but --process); --threads and --memory are each
    /// process's. See docs/distributed.md.
    #[arg(long, hide_short_help = true, value_name = "N", value_parser = whole::<u32>(1, 4096))]
    pub processes: Option<u32>,

    /// This process, from 0 to N-1 [default: 0].
    #[arg(long, hide_short_help = true, value_name = "I", requires = "processes")]
    pub process: Option<u32>,

    /// The processes' addresses, one host:port a line, process 0 first
    /// (timely's hostfile format) [default: 127.0.0.1 at --port, --port+1, …].
    #[arg(
        long,
        hide_short_help = true,
        value_name = "FILE",
        requires = "processes",
        conflicts_with = "port"
    )]
    pub hostfile: Option<PathBuf>,

    /// The port of process 0 when all processes are on this machine;
    /// process I listens on PORT+I [default: 2101].
    #[arg(long, hide_short_help = true, value_name = "PORT", requires = "processes", value_parser = clap::value_parser!(u16).range(1..))]
    pub port: Option<u16>,

    /// How long to wait for the other processes to start, e.g. 10m
    /// [default: 60s].
    #[arg(long, hide_short_help = true, value_name = "DURATION", value_parser = parse_duration, requires = "processes")]
    pub connect_timeout: Option<std::time::Duration>,

    /// How long another process may send nothing, not even its heartbeat,
    /// before the count stops naming it (exit 4; checkpoints stay
    /// resumable), e.g. 5m [default: 60s].
    #[arg(long, hide_short_help = true, value_name = "DURATION", value_parser = parse_peer_timeout, requires = "processes")]
    pub peer_timeout: Option<std::time::Duration>,
}

impl ClusterArgs {
    /// The cluster these arguments describe: addresses from the hostfile,
    /// or this machine's.
    fn options(&self) -> Result<Option<ClusterOptions>, String> {
        let Some(processes) = self.processes else {
            return Ok(None);
        };
        let addresses = match &self.hostfile {
            Some(path) => kt_count::ClusterAddresses::Hostfile(path),
            None => kt_count::ClusterAddresses::Local { port: self.port },
        };
        ClusterOptions::assemble(
            processes as usize,
            self.process.unwrap_or(0) as usize,
            addresses,
            self.connect_timeout,
            self.peer_timeout,
        )
        .map(Some)
        .map_err(|refusal| crate::spelling::spelled(&kt_count::Message::from(&refusal)))
    }
}

/// The options of `args`, not yet sorted to a method.
pub(crate) fn given(
    method: &MethodArgs,
    zdd: &ZddArgs,
    frontier: Option<&FrontierArgs>,
) -> GivenOptions {
    GivenOptions {
        resources: Resources {
            threads: method.threads,
            memory: method.memory,
        },
        engine: zdd
            .engine
            .as_deref()
            .and_then(|name| EngineKind::NAMED.into_iter().find(|e| e.name() == name)),
        schedule: zdd.schedule.map(Schedule::from),
        nodes: zdd.nodes,
        cache: zdd.cache,
        spill_dir: frontier.and_then(|f| f.spill_dir.clone()),
        checkpoint: frontier.and_then(|f| {
            f.checkpoint.clone().map(|path| Checkpointing {
                path,
                every: f.checkpoint_every,
            })
        }),
        resume: frontier.and_then(FrontierArgs::resume_dir),
        cluster: None,
        order: method.order.as_ref().map(|o| o.choice.clone()),
    }
}

/// The method `--method` (or its old name `--encoding`) asks for, with the
/// options given; `auto` becomes every method that takes them all.
pub(crate) fn method_choice(
    method: &MethodArgs,
    given: &GivenOptions,
) -> Result<MethodChoice, String> {
    method_choice_naming(method, given, crate::spelling::setting_flag)
}

/// [`method_choice`], with the options named by `flag` in its errors.
fn method_choice_naming(
    method: &MethodArgs,
    given: &GivenOptions,
    flag: impl Fn(Setting) -> String,
) -> Result<MethodChoice, String> {
    let asked = method.method.as_str();
    let name = match (asked, method.encoding) {
        (name, None) => name,
        ("auto" | "edges" | "frontier", Some(EncodingChoice::Edges)) => "edges",
        ("auto" | "zdd", Some(EncodingChoice::TimeSliced)) => "zdd",
        (name, Some(encoding)) => {
            let (value, means) = match encoding {
                EncodingChoice::Edges => ("edges", "edges"),
                EncodingChoice::TimeSliced => ("time-sliced", "zdd"),
            };
            return Err(format!(
                "--encoding {value} is --method {means}; it does not go with --method {name}"
            ));
        }
    };
    MethodChoice::named(name, given).map_err(|error| match error {
        ChoiceError::Unknown(name) => format!("no method '{name}'"),
        ChoiceError::NoneTakesAll(settings) => {
            let flags: Vec<String> = settings.into_iter().map(&flag).collect();
            format!("no one method takes {} together", flags.join(", "))
        }
        ChoiceError::NotTaken {
            method,
            setting,
            takers,
        } => {
            let takers: Vec<String> = takers.iter().map(|m| format!("--method {m}")).collect();
            format!(
                "{} applies to {} only; this count runs --method {method}",
                flag(setting),
                takers.join(" or ")
            )
        }
    })
}

impl CountArgs {
    /// `--checkpoint-every` alone sets the interval of the checkpoint a
    /// long count keeps in the cache, so it belongs to the methods that
    /// keep checkpoints: a method named that keeps none is refused as it
    /// is with `--checkpoint`, never left to ignore the interval in
    /// silence. With `auto` it stands: a count long enough to keep a
    /// checkpoint is swept by a method that keeps one.
    fn interval_taken(&self, given: &GivenOptions) -> Result<(), String> {
        if self.frontier.checkpoint_every.is_none() || given.checkpoint.is_some() {
            return Ok(());
        }
        let keeping = GivenOptions {
            checkpoint: Some(Checkpointing {
                path: PathBuf::new(),
                every: self.frontier.checkpoint_every,
            }),
            ..given.clone()
        };
        method_choice_naming(&self.method, &keeping, |setting| match setting {
            Setting::Checkpoint => "--checkpoint-every".to_owned(),
            other => crate::spelling::setting_flag(other),
        })
        .map(|_| ())
    }

    /// The library request these arguments describe.
    pub fn request(&self) -> Result<Request, String> {
        let board = self.problem.board()?;
        let mut given = given(&self.method, &self.zdd, Some(&self.frontier));
        given.cluster = self.cluster.options()?;
        self.interval_taken(&given)?;
        let mut request = Request::new(board, self.problem.kind())
            .with_method(method_choice(&self.method, &given)?)
            .asking(self.questions.question(&board)?);
        request.use_theorems = !self.no_theorems;
        request.force = self.method.force;
        Ok(request)
    }
}
