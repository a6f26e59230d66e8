use kt_board::{Board, TourKind};
use kt_tours::*;
fn main() {
    for (r, c) in [(5usize, 5usize), (7, 7), (9, 9), (11, 11), (21, 21), (3, 30), (4, 30), (30, 30), (3, 31), (9, 11), (4, 9)] {
        let b = Board::new(r, c).unwrap();
        let mut ok = 0; let mut gave = 0; let mut imp = 0;
        let t = std::time::Instant::now();
        for s in 0..b.cells() {
            match find_tour(&b, TourKind::Open, &FindOptions { start: Some(s), ..Default::default() }) {
                Ok(_) => ok += 1, Err(FindError::GaveUp { .. }) => gave += 1, Err(_) => imp += 1,
            }
        }
        println!("{b}: ok {ok} gave up {gave} impossible {imp} in {:?}", t.elapsed());
    }
}
