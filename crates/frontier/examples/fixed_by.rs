//! The tours of `rows × n` that a symmetry maps onto themselves, for
//! every `n` up to `N`, from one sweep of every prefix of a strip
//! half as long (`mirror.rs`), in OEIS's b-file format (`n a(n)` a line,
//! odd `n` and all from `FROM` on):
//!
//! ```sh
//! cargo run --release -p kt-frontier --example fixed_by -- ROWS N CLASS [FROM]
//! ```
//!
//! `CLASS` is `reflection` (left to right: A169765 on 3 rows), `half-turn`
//! (every tour the half turn fixes), `half-turn-kept` (those it keeps in
//! their direction, "Eulerian": A169767), `half-turn-reversed` (those it
//! reverses, "Bergholtian": A169766), `twofold` (the geometrically
//! distinct tours with a symmetry, half the sum of the two: A169768) or
//! `geometric` (the geometrically distinct tours, by Burnside's lemma with
//! the boards' own counts from the same sweep, to `N/2 + 2`: A169769).
//!
//! Open tours (undirected, each diagram once), which only the half turn
//! fixes on a strip (each runs backwards under it): `open-half-turn`
//! (every one it fixes), by Knuth's types of where the ends lie
//! (`open_by_ends.rs`) `open-same-column` (A169773), `open-like` (the
//! left end of the top left corner's colour, A169774) and `open-unlike`
//! (A169775), `open-symmetric` (the geometrically distinct ones with a
//! symmetry, half of them: A169776), `open-geometric` (the geometrically
//! distinct open tours by Burnside's lemma, with a sweep of the whole
//! strip for the boards' own: A169777, and A328341 on 4 rows), and
//! `open-symmetric-odd` (the
//! geometrically distinct ones with a symmetry of `rows × (2k − 1)`, by
//! `k`: A328340 on 4 rows; boards of fewer than 4 columns, too short to
//! glue, by the search on the quotient board).
//!
//! The door for users, `sequence --fixed-by`, comes with the one plan of a
//! sequence (issue 65); until then this checks the glue against OEIS's
//! b-files and data lines.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Symmetry, TourKind};
use kt_frontier::mirror::{
    CLASSES, END_BEFORE, END_IN_THE_MIDDLE, END_LIKE_THE_CORNER, END_UNLIKE_THE_CORNER, KEPT,
    REVERSED, fixed_of_label,
};
use kt_frontier::{Options, Order, Sweep, Unwatched, count_sweep};
use num_bigint::BigUint;

/// One sweep's fixed tours of `rows × n` by `n`, by class (`mirror.rs`'s
/// [`CLASSES`]: closed tours kept in their direction or reversed, open
/// ones by where their left end lies), and its boards' own counts (the
/// strip is half the length, so these reach `last / 2 + 2`), of `kind`
/// tours with `rules` set on the sweep (open tours: the rules on their
/// ends).
fn swept(
    rows: usize,
    last: usize,
    kind: TourKind,
    symmetry: Symmetry,
    rules: impl Fn(Sweep) -> Option<Sweep>,
) -> (Vec<[BigUint; CLASSES]>, Vec<BigUint>) {
    // The glue of `rows × 2m` reads the level of column m − 2 with two
    // columns past it.
    let cols = (last / 2 + 2).max(rows + 1);
    let strip = Board::new(rows, cols).expect("a board");
    // The fold swaps a column's colours on an even number of rows, which
    // the rule on the first end's colour refuses.
    let fold = kind == TourKind::Closed || rows % 2 == 1;
    let sweep = rules(Sweep::prefixes(&Order::columns(strip), kind, true, fold))
        .expect("the rules fit the sweep")
        .fixed_by(symmetry)
        .expect("a column-major strip");
    let counted = count_sweep(
        &sweep,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .expect("the sweep");
    let mut fixed = vec![std::array::from_fn(|_| BigUint::ZERO); last + 1];
    let mut boards = vec![BigUint::ZERO; cols + 1];
    for (label, tours) in &counted.prefixes {
        match fixed_of_label(*label) {
            Some((cells, class)) if cells / rows <= last => {
                fixed[cells / rows][class] += tours;
            }
            None if label % rows == 0 => boards[label / rows] += tours,
            Some(_) | None => {}
        }
    }
    (fixed, boards)
}

/// The open tours (undirected) of `rows × n` the half turn fixes, for
/// every `n` up to `last`: glued from the sweep of a strip half as long,
/// and for the boards too short to glue (fewer than 4 columns: `F` is two
/// columns before the half) by the search on the quotient board. Neither
/// reflection fixes an open tour of a strip: a tour a symmetry maps onto
/// itself runs backwards under it, and so fixes at most one square and
/// one move of its own, while the reflection left to right fixes the
/// middle column's squares of an odd length and maps no square of an
/// even one to a knight's move away, and the reflection top to bottom
/// fixes the middle row's squares of an odd number of rows and maps a
/// square of an even number to one in its own column.
fn open_fixed(rows: usize, last: usize) -> Vec<BigUint> {
    let (glued, _) = swept(rows, last, TourKind::Open, Symmetry::Rot180, Some);
    let mut fixed: Vec<BigUint> = glued.iter().map(|classes| classes.iter().sum()).collect();
    for (n, term) in fixed.iter_mut().enumerate().take(4.min(last + 1)).skip(1) {
        let board = Board::new(rows, n).expect("a board");
        let searched = kt_tours::symmetric::count_fixed(
            board,
            TourKind::Open,
            Symmetry::Rot180,
            &AtomicBool::new(false),
        )
        .expect("a small board");
        *term = BigUint::from(searched.tours);
    }
    fixed
}

/// The open tours (undirected, each diagram once) of `rows × n` for every
/// `n` up to `last`, from one sweep of every prefix of the whole strip.
fn diagrams(rows: usize, last: usize) -> Vec<BigUint> {
    let strip = Board::new(rows, last.max(rows + 1)).expect("a board");
    let sweep = Sweep::prefixes(&Order::columns(strip), TourKind::Open, true, true);
    let counted = count_sweep(
        &sweep,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .expect("the sweep");
    let mut terms: Vec<BigUint> = (0..=last).map(|n| counted.prefix(rows * n)).collect();
    // The one-square board's one tour no cycle describes.
    if rows == 1 && last >= 1 {
        terms[1] = BigUint::from(1u32);
    }
    terms
}

/// The open tours of `rows × n` the half turn fixes, by Knuth's types of
/// where their ends lie (`open_by_ends.rs`): `[same column, like the
/// corner, unlike]`. The end in the left half is either already on a
/// path of the glued state (its colour known only to a sweep with the
/// rule on the first end's colour: the types split by a second sweep) or
/// chosen at the glue.
fn open_types(rows: usize, last: usize) -> Vec<[BigUint; 3]> {
    let (plain, _) = swept(rows, last, TourKind::Open, Symmetry::Rot180, Some);
    let (unlike, _) = swept(
        rows,
        last,
        TourKind::Open,
        Symmetry::Rot180,
        Sweep::first_end_unlike_the_corner,
    );
    plain
        .iter()
        .zip(&unlike)
        .map(|(p, u)| {
            [
                p[END_IN_THE_MIDDLE].clone(),
                &p[END_BEFORE] - &u[END_BEFORE] + &p[END_LIKE_THE_CORNER],
                &u[END_BEFORE] + &p[END_UNLIKE_THE_CORNER],
            ]
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: fixed_by ROWS N reflection|half-turn|half-turn-kept|half-turn-reversed|twofold|geometric|open-half-turn|open-same-column|open-like|open-unlike|open-symmetric|open-geometric|open-symmetric-odd [FROM]";
    let (Some(rows), Some(last), Some(class)) = (
        args.first().and_then(|a| a.parse::<usize>().ok()),
        args.get(1).and_then(|a| a.parse::<usize>().ok()),
        args.get(2),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let from = args
        .get(3)
        .and_then(|a| a.parse::<usize>().ok())
        .unwrap_or(1);
    if !matches!(
        class.as_str(),
        "reflection"
            | "half-turn"
            | "half-turn-kept"
            | "half-turn-reversed"
            | "twofold"
            | "geometric"
            | "open-half-turn"
            | "open-same-column"
            | "open-like"
            | "open-unlike"
            | "open-symmetric"
            | "open-geometric"
            | "open-symmetric-odd"
    ) {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    // On odd lengths a board of odd rows has an odd number of squares and
    // no closed tour, the reflection fixes the middle column's squares
    // (more than a cycle's reflection can fix past two rows), and the half
    // turn of an even number of rows is glued a column past the even
    // board. The reflection top to bottom (Burnside's fourth element) is
    // not glued: on odd rows it fixes a whole row of squares, more than
    // two, so no tour; on even rows the geometric counts wait for it.
    if matches!(class.as_str(), "twofold" | "geometric") && rows.is_multiple_of(2) {
        eprintln!(
            "{class} needs the tours the reflection top to bottom fixes, not glued on {rows} rows: use an odd number of rows"
        );
        std::process::exit(2);
    }
    // Burnside's count needs the boards' own counts, which the strip half
    // as long reaches only to N/2 + 2: the geometric terms stop there.
    let last_term = if class == "geometric" {
        last / 2 + 2
    } else {
        last
    };
    if class == "open-symmetric-odd" {
        // By k, the boards rows × (2k − 1) (A328340's numbering on 4 rows).
        let fixed = open_fixed(rows, 2 * last - 1);
        for k in from..=last {
            println!("{k} {}", &fixed[2 * k - 1] / 2u32);
        }
        return;
    }
    if let Some(open) = class.strip_prefix("open-") {
        let types = open_types(rows, last);
        let fixed = open_fixed(rows, last);
        // The geometric count needs every board's own diagrams: a plain
        // sweep of the whole length.
        let diagrams = (open == "geometric").then(|| diagrams(rows, last));
        for n in from..=last {
            let term = match open {
                "half-turn" => fixed[n].clone(),
                "same-column" => types[n][0].clone(),
                "like" => types[n][1].clone(),
                "unlike" => types[n][2].clone(),
                // A tour the half turn fixes has two images (itself and
                // its reflection); the reflections fix none (see
                // `open_fixed`).
                "symmetric" => &fixed[n] / 2u32,
                // Burnside: the identity and the half turn.
                "geometric" => (&diagrams.as_ref().unwrap()[n] + &fixed[n]) / 4u32,
                _ => unreachable!(),
            };
            println!("{n} {term}");
        }
        return;
    }
    let sum = |classes: &[BigUint; CLASSES]| classes.iter().sum::<BigUint>();
    let closed = |symmetry| swept(rows, last, TourKind::Closed, symmetry, Some);
    let reflection = matches!(class.as_str(), "reflection" | "twofold" | "geometric")
        .then(|| closed(Symmetry::FlipCols));
    let half_turn = (class != "reflection").then(|| closed(Symmetry::Rot180));
    for n in from..=last_term {
        let term = match class.as_str() {
            "reflection" => sum(&reflection.as_ref().unwrap().0[n]),
            "half-turn" => sum(&half_turn.as_ref().unwrap().0[n]),
            "half-turn-kept" => half_turn.as_ref().unwrap().0[n][KEPT].clone(),
            "half-turn-reversed" => half_turn.as_ref().unwrap().0[n][REVERSED].clone(),
            "twofold" | "geometric" => {
                let twice = sum(&reflection.as_ref().unwrap().0[n])
                    + sum(&half_turn.as_ref().unwrap().0[n]);
                if class == "twofold" {
                    // The geometrically distinct tours with a symmetry:
                    // each is fixed by both of its images' symmetries.
                    twice / 2u32
                } else {
                    // Burnside over id, the two glued symmetries, and the
                    // reflection top to bottom (no tour, see above).
                    (&half_turn.as_ref().unwrap().1[n] + twice) / 4u32
                }
            }
            _ => unreachable!(),
        };
        println!("{n} {term}");
    }
}
