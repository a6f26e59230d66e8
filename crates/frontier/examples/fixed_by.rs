//! The closed tours of `rows × n` that a symmetry maps onto themselves,
//! for every even `n` up to `N`, from one sweep of every prefix of a strip
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
//! the boards' own counts from the same sweep, to `N/2 + 2`: A169769). The door for users, `sequence
//! --fixed-by`, comes with the one plan of a sequence (issue 65); until
//! then this checks the glue against OEIS's b-files.

use std::sync::atomic::AtomicBool;

use kt_board::{Board, Symmetry, TourKind};
use kt_frontier::mirror::fixed_of_label;
use kt_frontier::{Options, Order, Sweep, Unwatched, count_sweep};
use num_bigint::BigUint;

/// One sweep's fixed tours of `rows × n` by `n`, kept in their direction
/// or reversed (`[kept, reversed]`), and its boards' own counts (the
/// strip is half the length, so these reach `last / 2 + 2`).
fn swept(rows: usize, last: usize, symmetry: Symmetry) -> (Vec<[BigUint; 2]>, Vec<BigUint>) {
    // The glue of `rows × 2m` reads the level of column m − 2 with two
    // columns past it.
    let cols = (last / 2 + 2).max(rows + 1);
    let strip = Board::new(rows, cols).expect("a board");
    let sweep = Sweep::prefixes(&Order::columns(strip), TourKind::Closed, true, true)
        .fixed_by(symmetry)
        .expect("a column-major strip");
    let counted = count_sweep(
        &sweep,
        &Options::default(),
        &Unwatched,
        &AtomicBool::new(false),
    )
    .expect("the sweep");
    let mut fixed = vec![[BigUint::ZERO, BigUint::ZERO]; last + 1];
    let mut boards = vec![BigUint::ZERO; cols + 1];
    for (label, tours) in &counted.prefixes {
        match fixed_of_label(*label) {
            Some((cells, reversed)) if cells / rows <= last => {
                fixed[cells / rows][usize::from(reversed)] += tours;
            }
            None if label % rows == 0 => boards[label / rows] += tours,
            Some(_) | None => {}
        }
    }
    (fixed, boards)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: fixed_by ROWS N reflection|half-turn|half-turn-kept|half-turn-reversed|twofold|geometric [FROM]";
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
    let sum = |pair: &[BigUint; 2]| &pair[0] + &pair[1];
    let reflection = matches!(class.as_str(), "reflection" | "twofold" | "geometric")
        .then(|| swept(rows, last, Symmetry::FlipCols));
    let half_turn = (class != "reflection").then(|| swept(rows, last, Symmetry::Rot180));
    for n in from..=last_term {
        let term = match class.as_str() {
            "reflection" => sum(&reflection.as_ref().unwrap().0[n]),
            "half-turn" => sum(&half_turn.as_ref().unwrap().0[n]),
            "half-turn-kept" => half_turn.as_ref().unwrap().0[n][0].clone(),
            "half-turn-reversed" => half_turn.as_ref().unwrap().0[n][1].clone(),
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
