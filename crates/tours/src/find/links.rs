//! A set of disjoint paths and cycles covering a board, stored as each
//! square's (at most two) neighbours along them.
//!
//! The constructions place the tours of small pieces side by side, then
//! splice them together by removing and adding a few moves, all in O(1) per
//! splice; only at the end is the result walked into one sequence. Storing
//! neighbours instead of sequences is what makes a splice O(1): no sequence
//! has to be reversed or copied.

use kt_board::Square;

const NONE: u32 = u32::MAX;

/// Each square's neighbours along the paths and cycles of a cover.
pub(crate) struct Links {
    next: Vec<[u32; 2]>,
}

/// A splice that did not match the cover (a construction bug, never the
/// caller's fault).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LinkError;

impl Links {
    /// `cells` squares, none linked.
    pub fn new(cells: usize) -> Links {
        Links {
            next: vec![[NONE; 2]; cells],
        }
    }

    /// Links `a` and `b`.
    pub fn add(&mut self, a: Square, b: Square) -> Result<(), LinkError> {
        Self::put(&mut self.next[a], b as u32)?;
        Self::put(&mut self.next[b], a as u32)
    }

    /// Removes the link between `a` and `b`.
    pub fn remove(&mut self, a: Square, b: Square) -> Result<(), LinkError> {
        Self::take(&mut self.next[a], b as u32)?;
        Self::take(&mut self.next[b], a as u32)
    }

    /// Links consecutive squares of `squares` (and the last to the first if
    /// `closed`), after mapping each through `place`.
    pub fn add_sequence(
        &mut self,
        squares: &[u32],
        closed: bool,
        place: impl Fn(u32) -> Square,
    ) -> Result<(), LinkError> {
        for pair in squares.windows(2) {
            self.add(place(pair[0]), place(pair[1]))?;
        }
        if closed && squares.len() > 2 {
            self.add(place(squares[squares.len() - 1]), place(squares[0]))?;
        }
        Ok(())
    }

    /// Replaces the links `a1–a2` (of one path or cycle) and `b1–b2` (of
    /// another) by `a1–b1` and `a2–b2`, which merges the two into one: two
    /// cycles become a cycle, a path and a cycle become a path.
    pub fn splice(
        &mut self,
        (a1, a2): (Square, Square),
        (b1, b2): (Square, Square),
    ) -> Result<(), LinkError> {
        self.remove(a1, a2)?;
        self.remove(b1, b2)?;
        self.add(a1, b1)?;
        self.add(a2, b2)
    }

    /// The squares in order if the cover is a single path or cycle through
    /// every square: a path is read from its lower-numbered end, a cycle
    /// from square 0. `None` if the cover is anything else.
    pub fn walk(&self) -> Option<Vec<Square>> {
        let n = self.next.len();
        let end = self.next.iter().position(|l| l[1] == NONE);
        let first = end.unwrap_or(0);
        let mut order = Vec::with_capacity(n);
        let (mut prev, mut cur) = (NONE, first as u32);
        loop {
            order.push(cur as Square);
            if order.len() > n {
                return None;
            }
            let l = self.next[cur as usize];
            let step = if l[0] == prev { l[1] } else { l[0] };
            if step == NONE || (end.is_none() && step as usize == first) {
                break;
            }
            (prev, cur) = (cur, step);
        }
        (order.len() == n).then_some(order)
    }

    fn put(slot: &mut [u32; 2], v: u32) -> Result<(), LinkError> {
        if slot[0] == NONE {
            slot[0] = v;
        } else if slot[1] == NONE {
            slot[1] = v;
        } else {
            return Err(LinkError);
        }
        Ok(())
    }

    /// Removes `v`, keeping a single remaining link in slot 0.
    fn take(slot: &mut [u32; 2], v: u32) -> Result<(), LinkError> {
        if slot[0] == v {
            *slot = [slot[1], NONE];
        } else if slot[1] == v {
            slot[1] = NONE;
        } else {
            return Err(LinkError);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splicing_two_cycles_gives_one() {
        // Cycles 0-1-2-3 and 4-5-6-7; splice 0-1 with 4-5.
        let mut links = Links::new(8);
        links
            .add_sequence(&[0, 1, 2, 3], true, |s| s as Square)
            .unwrap();
        links
            .add_sequence(&[4, 5, 6, 7], true, |s| s as Square)
            .unwrap();
        assert_eq!(links.walk(), None);
        links.splice((0, 1), (4, 5)).unwrap();
        let order = links.walk().unwrap();
        assert_eq!(order.len(), 8);
        assert_eq!(order[0], 0);
    }

    #[test]
    fn a_path_and_a_cycle_give_a_path() {
        let mut links = Links::new(6);
        links
            .add_sequence(&[0, 1, 2], false, |s| s as Square)
            .unwrap();
        links
            .add_sequence(&[3, 4, 5], true, |s| s as Square)
            .unwrap();
        links.splice((1, 2), (3, 4)).unwrap();
        assert_eq!(links.walk(), Some(vec![0, 1, 3, 5, 4, 2]));
    }

    #[test]
    fn bad_splices_are_errors() {
        let mut links = Links::new(4);
        links
            .add_sequence(&[0, 1, 2, 3], false, |s| s as Square)
            .unwrap();
        assert_eq!(links.remove(0, 2), Err(LinkError));
        assert_eq!(links.add(1, 3), Err(LinkError));
    }
}
