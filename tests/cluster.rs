//! One frontier sweep spread over 2 and 3 processes (kt-distributed),
//! against the one-machine sweep and the independent counter, on every
//! board of up to 30 squares, open and closed. The processes are threads
//! of this test, each with its own timely worker, connected over TCP on
//! 127.0.0.1 exactly as separate processes are.

use std::net::TcpListener;
use std::sync::atomic::AtomicBool;

use kt_board::{Board, TourKind};
use kt_distributed::{ClusterCount, ClusterCounted, ClusterOptions, DistributedError, count_tours};
use kt_frontier::{Options, Unwatched};
use kt_tests::boards_up_to;
use kt_tests::independent::{closed_tours, open_tours};

/// One cluster at a time: ports found free are given up before the
/// cluster binds them, and two clusters of the same count running at once
/// could take each other's ports.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// `n` ports free on 127.0.0.1 now.
fn free_addresses(n: usize) -> Vec<String> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().to_string())
        .collect()
}

fn options(dir: &std::path::Path) -> Options {
    Options {
        threads: 1,
        spill_dir: dir.to_path_buf(),
        ..Options::default()
    }
}

/// Runs every process of a cluster of `processes` on `board` as threads.
fn cluster(
    board: Board,
    kind: TourKind,
    processes: usize,
    options: &Options,
) -> Vec<Result<ClusterCounted, DistributedError>> {
    cluster_tallying(board, kind, processes, options, false)
}

/// The same, with tallies of the paths' ends by class where `tallies`.
fn cluster_tallying(
    board: Board,
    kind: TourKind,
    processes: usize,
    options: &Options,
    tallies: bool,
) -> Vec<Result<ClusterCounted, DistributedError>> {
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let addresses = free_addresses(processes);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..processes)
            .map(|process| {
                let cluster = ClusterOptions {
                    processes,
                    process,
                    addresses: addresses.clone(),
                    connect_timeout: std::time::Duration::from_secs(30),
                    peer_timeout: kt_distributed::PEER_TIMEOUT,
                };
                s.spawn(move || {
                    let cancel = AtomicBool::new(false);
                    count_tours(
                        &ClusterCount {
                            order: &order_of(board, kind, options),
                            kind,
                            options,
                            cluster: &cluster,
                            tallies,
                        },
                        &Unwatched,
                        &cancel,
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// The table by start square in one sweep with tallies, on a cluster:
/// every process gives the one-process table (the tallies by class summed
/// over the processes as the closed tours are), on every open board of up
/// to 30 squares whose classes fit a tally.
#[test]
fn a_cluster_tallies_the_table_by_start_square_as_one_process_does() {
    let dir = tempfile::tempdir().unwrap();
    let options = options(dir.path());
    for (rows, cols) in boards_up_to(30) {
        let board = Board::new(rows, cols).unwrap();
        if !kt_frontier::tallies_fit(board) {
            continue;
        }
        let order = order_of(board, TourKind::Open, &options);
        let one =
            kt_frontier::count_by_start_in(&order, &options, &Unwatched, &AtomicBool::new(false))
                .unwrap()
                .unwrap();
        for (process, result) in cluster_tallying(board, TourKind::Open, 2, &options, true)
            .into_iter()
            .enumerate()
        {
            let counted = result.unwrap_or_else(|e| panic!("{board} process {process}: {e}"));
            let table = kt_frontier::by_start_of(board, counted.outcome).unwrap();
            assert_eq!(table.tours, one.tours, "{board} process {process}");
            assert_eq!(table.by_square, one.by_square, "{board} process {process}");
        }
    }
}

#[test]
fn two_and_three_processes_agree_on_every_board_up_to_30_squares() {
    let dir = tempfile::tempdir().unwrap();
    let options = options(dir.path());
    for (rows, cols) in boards_up_to(30) {
        let board = Board::new(rows, cols).unwrap();
        for kind in [TourKind::Open, TourKind::Closed] {
            let expected = match kind {
                TourKind::Open => open_tours(rows, cols),
                TourKind::Closed => closed_tours(rows, cols),
            };
            let one = kt_frontier::count_tours(
                board,
                kind,
                &options,
                &Unwatched,
                &AtomicBool::new(false),
            )
            .unwrap();
            assert_eq!(
                one.tours.to_string(),
                expected.to_string(),
                "{kind} {board}"
            );
            for processes in [2, 3] {
                for (process, result) in cluster(board, kind, processes, &options)
                    .into_iter()
                    .enumerate()
                {
                    let counted = result.unwrap_or_else(|e| {
                        panic!("{kind} {board}, process {process} of {processes}: {e}")
                    });
                    assert_eq!(
                        counted.tours.to_string(),
                        expected.to_string(),
                        "{kind} {board}, process {process} of {processes}"
                    );
                    let states = |o: &kt_frontier::SweepCount| {
                        o.levels.iter().map(|l| l.states).collect::<Vec<_>>()
                    };
                    assert_eq!(
                        states(&counted.outcome),
                        states(&one.outcome),
                        "{kind} {board}: the levels' distinct states, {processes} processes"
                    );
                }
            }
        }
    }
}

/// Levels that spill go through the store the same way on every process;
/// a level's states are split among the processes and still add up.
#[test]
fn spilled_levels_on_three_processes_count_6x5_open() {
    let dir = tempfile::tempdir().unwrap();
    let options = Options {
        memory: 1,
        ..options(dir.path())
    };
    let board = Board::new(6, 5).unwrap();
    for result in cluster(board, TourKind::Open, 3, &options) {
        let counted = result.unwrap();
        assert_eq!(counted.tours.to_string(), open_tours(6, 5).to_string());
        assert!(counted.sent_bytes() > 0);
        assert_eq!(counted.processes.len(), 3);
    }
}

/// A resumed cluster goes on from the last level every process holds and
/// finishes with the right count.
#[test]
fn a_cluster_resumes_from_its_checkpoints() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoints = dir.path().join("ckpt");
    let board = Board::new(5, 6).unwrap();
    let writing = Options {
        checkpoint: Some(checkpoints.clone()),
        checkpoint_every: std::time::Duration::ZERO,
        ..options(dir.path())
    };
    for result in cluster(board, TourKind::Open, 2, &writing) {
        result.unwrap();
    }
    let resuming = Options {
        resume: Some(checkpoints.clone()),
        ..options(dir.path())
    };
    for result in cluster(board, TourKind::Open, 2, &resuming) {
        let counted = result.unwrap();
        assert_eq!(counted.tours.to_string(), open_tours(5, 6).to_string());
        // Every step but the last was written; the last common one is
        // the one before the end.
        assert_eq!(counted.outcome.resumed_from, Some(board.cells() - 1));
    }
}

/// Processes started for different counts refuse each other before any
/// work; so does a process index out of range.
#[test]
fn mismatched_processes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let options = options(dir.path());
    let alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let addresses = free_addresses(2);
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = [(5, TourKind::Open), (6, TourKind::Closed)]
            .into_iter()
            .enumerate()
            .map(|(process, (cols, kind))| {
                let cluster = ClusterOptions {
                    processes: 2,
                    process,
                    addresses: addresses.clone(),
                    connect_timeout: std::time::Duration::from_secs(30),
                    peer_timeout: kt_distributed::PEER_TIMEOUT,
                };
                let options = &options;
                s.spawn(move || {
                    count_tours(
                        &ClusterCount {
                            order: &order_of(Board::new(5, cols).unwrap(), kind, options),
                            kind,
                            options,
                            cluster: &cluster,
                            tallies: false,
                        },
                        &Unwatched,
                        &AtomicBool::new(false),
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    drop(alone);
    for result in results {
        match result {
            Err(DistributedError::Refused(why)) => {
                assert!(why.contains("same command line"), "{why}");
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
    let out_of_range = ClusterOptions {
        processes: 2,
        process: 2,
        addresses: free_addresses(2),
        connect_timeout: std::time::Duration::from_secs(1),
        peer_timeout: kt_distributed::PEER_TIMEOUT,
    };
    let order = order_of(Board::new(5, 5).unwrap(), TourKind::Open, &options);
    let count = ClusterCount {
        order: &order,
        kind: TourKind::Open,
        options: &options,
        cluster: &out_of_range,
        tallies: false,
    };
    let why = count.check().unwrap_err().to_string();
    assert!(why.contains("out of range"), "{why}");
}

/// The order a count's plan resolves, once, for every process.
fn order_of(board: Board, kind: TourKind, options: &Options) -> kt_frontier::Order {
    kt_frontier::resolve_order(board, kind, options).unwrap()
}
