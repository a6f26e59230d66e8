//! Writes a tour in every format, to look at.
//!
//! Usage: `render_demo BOARD open|closed OUT_PREFIX` writes
//! `OUT_PREFIX.svg`, `.txt` (numbered board) and `.moves`.

use kt_board::{Board, TourKind};
use kt_tours::{FindOptions, find_tour, render_board, render_moves, render_svg};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board, kind, prefix] = args.as_slice() else {
        return Err("usage: render_demo BOARD open|closed OUT_PREFIX".into());
    };
    let board: Board = board.parse()?;
    let kind = if kind == "closed" {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let tour = find_tour(&board, kind, &FindOptions::default())?;
    std::fs::write(format!("{prefix}.svg"), render_svg(&tour))?;
    std::fs::write(format!("{prefix}.txt"), render_board(&tour))?;
    std::fs::write(format!("{prefix}.moves"), render_moves(&tour) + "\n")?;
    Ok(())
}
