//! Every method × question pair, decided by the capability table, before
//! any work: the pairs the table refuses are refused by the plan in well
//! under a second, with a message naming what is missing; the others are
//! planned. The expected table is written out here, independently of the
//! library's, so that a change to either shows up.

use std::time::{Duration, Instant};

use kt_count::{
    Board, Checkpointing, Drawing, Failure, Frontier, MethodSettings, Question, Request, Resources,
    Spelling, TourKind, Word, Work, plan,
};

/// Flags, as a command line spells the library's words: the messages
/// asserted here read as the command line shows them.
struct Flags;

impl Spelling for Flags {
    fn word(&self, word: Word) -> String {
        format!("--{}", word.name().replace('_', "-"))
    }

    fn given(&self, word: Word, value: &str) -> String {
        format!("{} {value}", self.word(word))
    }
}

/// Whether `method` answers `question` on `kind` tours, as
/// docs/architecture.md tabulates it.
fn expected(method: &str, question: Question, kind: TourKind) -> bool {
    if method == "cluster" {
        // One whole sweep spread over processes: the plain count, the
        // count up to symmetry that starts from it, and the open table by
        // start square from one sweep with tallies.
        // A closed tour from a square is any closed tour, twice: so is
        // the table by start square.
        return matches!(
            question,
            Question::Total | Question::UpToSymmetry | Question::ByStart
        ) || (kind == TourKind::Closed && matches!(question, Question::From { .. }));
    }
    match (kind, question) {
        // A closed tour ends where it starts: no method answers "to" alone;
        // endpoint pairs are open tours only, a fixed-ends run per class.
        (TourKind::Closed, Question::To { .. } | Question::Pairs { .. }) => false,
        // Through a required move: a family, or a sweep with the move.
        (TourKind::Closed, Question::FromTo { .. } | Question::ByEnd { .. }) => {
            matches!(method, "zdd" | "edges" | "frontier")
        }
        (TourKind::Open, Question::Pairs { .. }) => matches!(method, "frontier" | "backtrack"),
        _ => true,
    }
}

fn questions(board: &Board) -> Vec<Question> {
    let from = 0;
    // A knight's move from the corner: row 1, column 2.
    let to = board.square_at(1, 2);
    vec![
        Question::Total,
        Question::From { from },
        Question::To { to },
        Question::FromTo { from, to },
        Question::ByStart,
        Question::ByEnd { from },
        Question::UpToSymmetry,
        Question::Pairs {
            shard: None,
            ends: kt_count::Ends::Pairs,
        },
        Question::Pairs {
            shard: Some("2/3".parse().unwrap()),
            ends: kt_count::Ends::Pairs,
        },
        Question::Pairs {
            shard: Some("1/2".parse().unwrap()),
            ends: kt_count::Ends::Starts,
        },
    ]
}

fn planned(request: &Request) -> (Result<kt_count::Plan, Failure>, Duration) {
    let started = Instant::now();
    let result = plan(request);
    (result, started.elapsed())
}

fn assert_refused_at_once(
    result: Result<kt_count::Plan, Failure>,
    took: Duration,
    what: &str,
) -> String {
    let failure = result
        .err()
        .unwrap_or_else(|| panic!("{what}: planned, not refused"));
    assert!(failure.kind.is_refusal(), "{what}: {}", failure.message);
    assert!(failure.report.is_none(), "{what}: no work was done");
    assert!(took < Duration::from_secs(1), "{what}: took {took:?}");
    failure.message.spell(&Flags)
}

#[test]
fn the_capability_table_decides_every_method_and_question() {
    let board: Board = "5x6".parse().unwrap();
    let mut refused = 0;
    for kind in [TourKind::Open, TourKind::Closed] {
        for method in MethodSettings::every() {
            for question in questions(&board) {
                let request = Request::new(board, kind)
                    .with_method(method.clone())
                    .asking(question);
                let what = format!("{method} {kind} {question:?}");
                let (result, took) = planned(&request);
                if expected(method.name(), question, kind) {
                    let plan = result.unwrap_or_else(|f| panic!("{what}: {}", f.message));
                    assert_eq!(plan.method, method.name(), "{what}");
                } else {
                    let message = assert_refused_at_once(result, took, &what);
                    assert!(
                        message.contains(&format!("--method {}", method.name()))
                            || message.contains("--to needs --from")
                            || message.contains("a closed tour has none"),
                        "{what}: {message}"
                    );
                    refused += 1;
                }
            }
        }
    }
    // Closed --to for four methods, closed through a move for
    // backtracking, closed pairs (three questions: all, a shard of pairs, a
    // shard of start squares) for four methods, open pairs (three
    // questions) for the two methods without fixed ends; the cluster: open
    // from, to, from-to, by end and pairs (three questions), closed to,
    // from-to, by end and pairs (three questions).
    assert_eq!(refused, 4 + 2 + 12 + 6 + 7 + 6);
}

#[test]
fn only_the_methods_with_a_family_give_tours_and_drawings() {
    let board: Board = "3x4".parse().unwrap();
    let works = [
        Work::Tours,
        Work::Draw {
            drawing: Drawing {
                max_nodes: 5000,
                whole_manager: false,
                title: String::new(),
            },
        },
    ];
    for work in works {
        for method in MethodSettings::every() {
            let mut request = Request::new(board, TourKind::Open).with_method(method.clone());
            request.work = work.clone();
            let (result, took) = planned(&request);
            let what = format!("{method} {work:?}");
            if method.can(kt_count::Capability::Family) {
                assert!(result.is_ok(), "{what}");
            } else {
                let message = assert_refused_at_once(result, took, &what);
                assert!(message.contains("family of tours"), "{what}: {message}");
            }
        }
    }
}

#[test]
fn checkpoints_go_with_whole_counts_and_classes_only() {
    let board: Board = "5x6".parse().unwrap();
    let scratch = tempfile_dir();
    let frontier = MethodSettings::Frontier(Frontier {
        checkpoint: Some(Checkpointing {
            path: scratch.join("x.ckpt"),
            every: None,
        }),
        ..Frontier::default()
    });
    for question in questions(&board) {
        let request = Request::new(board, TourKind::Open)
            .with_method(frontier.clone())
            .asking(question);
        let (result, took) = planned(&request);
        // Whole counts, counts by classes (pairs, start squares: the
        // classes done are kept), and the tables by start or end square
        // in one sweep with tallies.
        if matches!(
            question,
            Question::Total | Question::Pairs { .. } | Question::ByStart | Question::ByEnd { .. }
        ) {
            assert!(result.is_ok(), "{question:?}");
        } else {
            let message = assert_refused_at_once(result, took, &format!("{question:?}"));
            assert!(
                message.contains("checkpoints record whole counts"),
                "{message}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(scratch);
}

/// One rule for work beyond the machine, whatever the work: refused
/// before any of it, naming --force; forced, it starts with a note.
#[test]
fn work_beyond_the_machine_is_refused_unless_forced() {
    // 8x9 open by the frontier method on one thread: days. (8x8 open, the
    // case before, is estimated at 1.8 hours on one thread since its
    // folded figures were measured: work that would finish.)
    let one_thread = Resources {
        threads: Some(1),
        ..Resources::default()
    };
    let mut count = Request::new("8x9".parse().unwrap(), TourKind::Open).with_method(
        MethodSettings::Frontier(Frontier {
            resources: one_thread,
            ..Frontier::default()
        }),
    );
    let (result, took) = planned(&count);
    let message = assert_refused_at_once(result, took, "count 8x9 --threads 1");
    assert!(message.contains("beyond this machine"), "{message}");
    assert!(message.contains("--force"), "{message}");
    count.force = true;
    let notes = plan(&count).unwrap().notes;
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].spell(&Flags).contains("started with --force"),
        "{notes:?}"
    );
    // A plain count of 9x9 open tours, by auto, and a diagram of them.
    let (result, took) = planned(&Request::new("9x9".parse().unwrap(), TourKind::Open));
    let message = assert_refused_at_once(result, took, "count 9");
    assert!(message.contains("--force"), "{message}");
    let mut tours = Request::new("9x9".parse().unwrap(), TourKind::Open);
    tours.work = Work::Tours;
    let (result, took) = planned(&tours);
    let message = assert_refused_at_once(result, took, "tour 9");
    assert!(message.contains("--force"), "{message}");
    tours.force = true;
    assert!(plan(&tours).is_ok(), "--force plans it");
}

/// A fresh scratch directory.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kt-capabilities-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `auto`'s one rule, checked from outside: on every board of at most 64
/// squares that has tours, for the plain count and the table by start
/// square, the method `auto` takes is never estimated at more than twice
/// the time of another method that fits the machine (one the plan accepts
/// without `--force`).
#[test]
fn auto_never_takes_a_method_twice_as_slow_as_one_that_fits() {
    let started = Instant::now();
    let mut boards_checked = 0;
    for rows in 1..=8 {
        for cols in rows..=64 / rows {
            let board = Board::new(rows, cols).unwrap();
            for kind in [TourKind::Open, TourKind::Closed] {
                for question in [Question::Total, Question::ByStart] {
                    let request = Request::new(board, kind).asking(question);
                    let Ok(chosen) = plan(&request) else {
                        continue;
                    };
                    let Some(estimate) = &chosen.estimate else {
                        continue; // a theorem settles the board
                    };
                    boards_checked += 1;
                    for method in MethodSettings::every() {
                        let name = method.name();
                        let Ok(other) = plan(&request.clone().with_method(method)) else {
                            continue;
                        };
                        let Some(theirs) = other.estimate else {
                            continue;
                        };
                        assert!(
                            estimate.seconds <= 2.0 * theirs.seconds.max(1e-3),
                            "{kind} {board} {}: auto took {} ({}), but {name} fits in {}",
                            question.words().spell(&Flags),
                            chosen.method,
                            estimate.brief(),
                            theirs.brief()
                        );
                    }
                }
            }
        }
    }
    assert!(boards_checked > 50, "{boards_checked}");
    assert!(
        started.elapsed() < Duration::from_mins(1),
        "{:?}",
        started.elapsed()
    );
}

/// A question answered by runs with fixed ends is estimated at their
/// share of the whole count's time each, not at a whole count each
/// (`CountsFixedEnds::run_share`; docs/benchmarks.md, *The table by start
/// square, measured again*), and the table by start square in one sweep
/// with tallies at its share of one (`CountsByStart::tally_share`): 7x7
/// open's table in one sweep at three whole counts; 6x21's, of 33
/// classes (more than a tally holds), a run a class at half a whole
/// count each.
#[test]
fn runs_with_fixed_ends_cost_their_share_of_a_whole_count() {
    let frontier = || MethodSettings::Frontier(Frontier::default());
    let seconds = |request: &Request| plan(request).unwrap().estimate.unwrap().seconds;
    for (board, ratio_wanted, words) in [
        ("7x7", 3.0, "3× a whole count's time"),
        ("6x21", 16.5, "33 runs, each 0.5 of a whole count's time"),
    ] {
        let board: Board = board.parse().unwrap();
        let mut whole = Request::new(board, TourKind::Open).with_method(frontier());
        whole.force = true;
        let mut table = whole.clone();
        table.question = Question::ByStart;
        let ratio = seconds(&table) / seconds(&whole);
        assert!((ratio - ratio_wanted).abs() < 0.01, "{board}: {ratio}");
        let basis = plan(&table).unwrap().estimate.unwrap().basis;
        assert!(basis.contains(words), "{board}: {basis}");
    }
}

/// The cluster answers the open table by start square only in one sweep
/// with tallies: on a board of more classes of squares than a tally holds
/// (6×21: 33), it is refused at once, naming the method that counts a
/// class at a time.
#[test]
fn a_cluster_table_beyond_the_tallies_is_refused_naming_the_frontier_method() {
    let request = Request::new("6x21".parse().unwrap(), TourKind::Open)
        .with_method(MethodSettings::Cluster(kt_count::Cluster::default()))
        .asking(Question::ByStart);
    let (result, took) = planned(&request);
    let message = assert_refused_at_once(result, took, "cluster 6x21 --by-start");
    assert!(message.contains("--method frontier"), "{message}");
    assert!(message.contains("more classes"), "{message}");
}
