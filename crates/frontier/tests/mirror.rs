//! The glue of `mirror.rs`: the closed tours that a strip's reflection
//! left to right or half turn fixes, against the search on the quotient
//! board (kt-tours), which shares nothing with the sweep.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Symmetry, TourKind};
use kt_frontier::mirror::{
    END_BEFORE, END_IN_THE_MIDDLE, END_LIKE_THE_CORNER, END_UNLIKE_THE_CORNER, fixed_of_label,
};
use kt_frontier::{Options, Order, Sweep, SweepCount, Unwatched, count_sweep};

/// The closed tours of `board` that `symmetry` maps onto themselves,
/// by kt-tours' search on the quotient board: another method.
/// The count of `sweep` with the defaults, not stopped.
fn counted(sweep: &Sweep) -> SweepCount {
    count_sweep(
        sweep,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .unwrap()
}

fn fixed_by_search(board: &Board, symmetry: Symmetry) -> u64 {
    fixed_by_search_of(board, TourKind::Closed, symmetry)
}

/// The undirected `kind` tours of `board` that `symmetry` maps onto
/// themselves (open ones onto themselves reversed), by the quotient search.
fn fixed_by_search_of(board: &Board, kind: TourKind, symmetry: Symmetry) -> u64 {
    kt_tours::symmetric::count_fixed(*board, kind, symmetry, &AtomicBool::new(false))
        .unwrap()
        .tours
}

/// The fixed tours the glue finds on `rows × 2m` for every `m` the
/// sweep of a strip of `cols` columns reaches, by the board's columns.
fn fixed_by_sweep(rows: usize, cols: usize, symmetry: Symmetry, fold: bool) -> Vec<(usize, u64)> {
    fixed_by_sweep_of(rows, cols, TourKind::Closed, symmetry, fold)
}

/// [`fixed_by_sweep`] for `kind` tours, every class summed.
fn fixed_by_sweep_of(
    rows: usize,
    cols: usize,
    kind: TourKind,
    symmetry: Symmetry,
    fold: bool,
) -> Vec<(usize, u64)> {
    let strip = Board::new(rows, cols).unwrap();
    let sweep = Sweep::prefixes(&Order::columns(strip), kind, true, fold)
        .fixed_by(symmetry)
        .unwrap();
    let counted = counted(&sweep);
    counted
        .prefixes
        .iter()
        .filter_map(|(label, tours)| {
            let (cells, _) = fixed_of_label(*label)?;
            Some((cells / rows, u64::try_from(tours).unwrap()))
        })
        .fold(Vec::new(), |mut by_n: Vec<(usize, u64)>, (n, tours)| {
            match by_n.iter_mut().find(|(m, _)| *m == n) {
                Some((_, sum)) => *sum += tours,
                None => by_n.push((n, tours)),
            }
            by_n
        })
}

#[test]
fn the_glue_finds_every_fixed_tour_a_search_finds() {
    // 7×6 and 7×8 agree too (by hand, in a release build: the
    // search on 7×8 takes seconds).
    // 6×7: 564 tours the half turn fixes, by the glue of the board one
    // column longer than the even one.
    for (rows, cols, widest) in [(3, 12, 20), (4, 8, 13), (5, 7, 10), (6, 6, 9)] {
        for symmetry in [Symmetry::FlipCols, Symmetry::Rot180] {
            for fold in [false, true] {
                let swept = fixed_by_sweep(rows, cols, symmetry, fold);
                // No glue where the strip ends within two columns of the
                // board's half: its states were not kept for that board.
                assert!(
                    swept.iter().all(|(n, _)| *n <= 2 * (cols - 2) + 1),
                    "{swept:?}"
                );
                // The half turn of an even number of rows has odd boards
                // too; elsewhere an odd board's fixed tours are none.
                for n in 4..=widest.min(2 * (cols - 2) + 1) {
                    let glued_odd = symmetry == Symmetry::Rot180 && rows.is_multiple_of(2);
                    if !n.is_multiple_of(2) && !glued_odd {
                        continue;
                    }
                    let board = Board::new(rows, n).unwrap();
                    let searched = fixed_by_search(&board, symmetry);
                    let glued = swept.iter().find(|(m, _)| *m == n).map_or(0, |(_, t)| *t);
                    assert_eq!(
                        glued, searched,
                        "{rows}x{n} fixed by {symmetry:?} (fold {fold})"
                    );
                }
            }
        }
    }
}

/// Open tours the half turn fixes (each runs backwards under it): the
/// glue with the apex its own image, against the quotient search, on
/// boards of both parities (on odd rows and columns the half turn fixes
/// the centre, the path's middle square).
#[test]
fn the_glue_finds_every_open_tour_the_half_turn_fixes() {
    for (rows, cols, widest) in [(3, 12, 20), (4, 8, 12), (5, 7, 9)] {
        for fold in [false, true] {
            let swept = fixed_by_sweep_of(rows, cols, TourKind::Open, Symmetry::Rot180, fold);
            // The glue needs F, columns m − 2 and m − 1: from 4 columns on.
            for n in 4..=widest.min(2 * (cols - 2) + 1) {
                let board = Board::new(rows, n).unwrap();
                let searched = fixed_by_search_of(&board, TourKind::Open, Symmetry::Rot180);
                let glued = swept.iter().find(|(m, _)| *m == n).map_or(0, |(_, t)| *t);
                assert_eq!(glued, searched, "{rows}x{n} open (fold {fold})");
            }
        }
    }
}

#[test]
fn a_sweep_of_another_kind_or_order_takes_no_glue() {
    let strip = Board::new(3, 8).unwrap();
    let order = Order::columns(strip);
    assert!(
        Sweep::prefixes(&order, TourKind::Open, true, false)
            .fixed_by(Symmetry::FlipCols)
            .is_none()
    );
    assert!(
        Sweep::prefixes(&order, TourKind::Closed, true, false)
            .fixed_by(Symmetry::FlipRows)
            .is_none()
    );
    assert!(
        Sweep::new(strip, TourKind::Closed)
            .fixed_by(Symmetry::FlipCols)
            .is_none()
    );
    // A strip taller than long is swept along its rows.
    let tall = Board::new(8, 3).unwrap();
    assert!(
        Sweep::prefixes(&Order::columns(tall), TourKind::Closed, true, false)
            .fixed_by(Symmetry::FlipCols)
            .is_none()
    );
}

/// The 3×n open tours the half turn fixes, by where their ends lie
/// (Knuth's types, `ends.rs`), against OEIS's data lines: A169773 (both
/// ends in one column, n = 4..60), A169775 (the left end unlike the
/// corner, 4..48), and A169777, the geometrically distinct open tours
/// (4..30), by Burnside's lemma over the identity and the half turn (the
/// reflections fix no open tour of a strip). The left end's colour is
/// known at the glue where the glue takes it, and otherwise only to the
/// sweep with the rule on the first end's colour.
#[test]
fn the_3xn_open_tours_the_half_turn_fixes_are_knuths() {
    let a169773 = "0,0,0,0,0,4,0,0,0,16,0,0,0,264,0,0,0,2144,0,0,0,22408,0,0,0,211808,\
                   0,0,0,2087344,0,0,0,20207664,0,0,0,197082624,0,0,0,1916054112,0,0,0,\
                   18652927040,0,0,0,181485750208,0,0,0,1766199186560,0,0,0";
    let a169775 = "2,0,0,0,8,0,16,0,48,0,200,0,616,0,1832,0,6008,0,19304,0,62180,0,189580,\
                   0,615792,0,1895952,0,6136708,0,18699436,0,60490008,0,184450888,0,\
                   595959276,0,1811054676,0,5847417040,0,17754996288,0,57292227492";
    let a169777 = "3,0,0,14,104,146,773,2698,14350,32296,161714,460022,2159794,5851548,\
                   26468357,76442996,330719293,965759972,4056479056,12186078360,\
                   49668414086,151760518296,604396415979,1879966906486,7330203447133,\
                   23126786408904,88609897281582";
    let terms =
        |line: &str| -> Vec<u64> { line.split(',').map(|t| t.trim().parse().unwrap()).collect() };
    let glued = |rules: fn(Sweep) -> Option<Sweep>| -> Vec<[u64; 4]> {
        let strip = Board::new(3, 32).unwrap();
        let sweep = rules(Sweep::prefixes(
            &Order::columns(strip),
            TourKind::Open,
            true,
            true,
        ))
        .unwrap()
        .fixed_by(Symmetry::Rot180)
        .unwrap();
        let counted = counted(&sweep);
        let mut by_n = vec![[0u64; 4]; 64];
        for (label, tours) in &counted.prefixes {
            if let Some((cells, class)) = fixed_of_label(*label) {
                by_n[cells / 3][class] += u64::try_from(tours).unwrap();
            }
        }
        by_n
    };
    let plain = glued(Some);
    let unlike = glued(Sweep::first_end_unlike_the_corner);
    for (i, &x) in terms(a169773).iter().enumerate() {
        assert_eq!(plain[4 + i][END_IN_THE_MIDDLE], x, "A169773({})", 4 + i);
    }
    for (i, &b) in terms(a169775).iter().enumerate() {
        let n = 4 + i;
        assert_eq!(
            unlike[n][END_BEFORE] + plain[n][END_UNLIKE_THE_CORNER],
            b,
            "A169775({n})"
        );
    }
    // Every board's own diagrams, from a sweep of the whole strip.
    let strip = Board::new(3, 30).unwrap();
    let sweep = Sweep::prefixes(&Order::columns(strip), TourKind::Open, true, true);
    let counted = counted(&sweep);
    let diagrams = |n: usize| u64::try_from(counted.prefix(3 * n)).unwrap();
    for (i, &geometric) in terms(a169777).iter().enumerate() {
        let n = 4 + i;
        let fixed: u64 = plain[n].iter().sum();
        assert_eq!((diagrams(n) + fixed) / 4, geometric, "A169777({n})");
        // The left end like the corner: the rest of them.
        let like = plain[n][END_BEFORE] - unlike[n][END_BEFORE] + plain[n][END_LIKE_THE_CORNER];
        assert_eq!(
            like + plain[n][END_IN_THE_MIDDLE]
                + unlike[n][END_BEFORE]
                + plain[n][END_UNLIKE_THE_CORNER],
            fixed
        );
    }
}

/// The geometrically distinct open tours of 4×n (A328341, OEIS's data
/// line to n = 26): Burnside over the identity and the half turn, the
/// boards' own diagrams from a sweep of the whole strip and the half
/// turn's from the glue (4×1–4×3, too short to glue, by the quotient
/// search).
#[test]
fn the_4xn_open_tours_up_to_symmetry_are_howroyds() {
    let a328341 = [
        0u64,
        0,
        3,
        0,
        22,
        186,
        1603,
        7772,
        47478,
        303_278,
        1_671_273,
        9_121_582,
        50_322_028,
        270_896_326,
        1_426_536_267,
        7_454_807_822,
        38_607_660_199,
        197_696_949_844,
        1_003_736_587_788,
        5_060_326_202_622,
        25_334_034_892_953,
        126_024_078_250_318,
        623_383_415_637_750,
        3_067_618_264_121_349,
        15_022_847_233_751_804,
        73_245_459_228_339_114,
    ];
    let glued = fixed_by_sweep_of(4, 15, TourKind::Open, Symmetry::Rot180, true);
    let strip = Board::new(4, 26).unwrap();
    let counted = counted(&Sweep::prefixes(
        &Order::columns(strip),
        TourKind::Open,
        true,
        true,
    ));
    for (i, &geometric) in a328341.iter().enumerate() {
        let n = i + 1;
        let diagrams = u64::try_from(counted.prefix(4 * n)).unwrap();
        let fixed = if n < 4 {
            fixed_by_search_of(&Board::new(4, n).unwrap(), TourKind::Open, Symmetry::Rot180)
        } else {
            glued.iter().find(|(m, _)| *m == n).map_or(0, |(_, t)| *t)
        };
        assert_eq!((diagrams + fixed) / 4, geometric, "A328341({n})");
    }
}
