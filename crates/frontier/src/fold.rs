//! The fold: at a step where the board's symmetries map the squares left
//! and the frontier onto themselves, a state and its images complete in
//! the same ways, so a folded sweep keeps one of them (docs/frontier.md,
//! *A mirror fold*). Which one is decided here: by the kinds of the
//! slots first ([`Kinds::compare`]), which are mapped by table without
//! writing an image out, and only where those tie, by the least key.
//!
//! The transition asks one question of it ([`Fold::keep`]), with a
//! successor's key and kinds already worked out from its base
//! (`successor_key.rs`) and its mates written out only if an image is
//! kept.

use crate::state::{ALL_BARE, ARRAY, INNER, Key, Mates, Slot, key_of, live_words};

/// The mates of the mirror image of `mates`: slot `s` moves to
/// `image[s]`, and so does its mate (inner stays inner, a bare slot stays
/// its own mate).
pub(crate) fn mirror_image(mates: &Mates, image: &[Slot; ARRAY], q: usize) -> Mates {
    let mut out = ALL_BARE;
    for s in 0..q.min(ARRAY) {
        let m = mates[s];
        out[usize::from(image[s]) & (ARRAY - 1)] = if m == INNER {
            INNER
        } else {
            image[usize::from(m) & (ARRAY - 1)]
        };
    }
    out
}

/// A symmetry of a folded step: each slot's image, and the same map on
/// slot masks, one byte of the mask at a time (four lookups instead of a
/// loop over slots).
#[derive(Clone, Debug)]
struct Mirror {
    image: [Slot; ARRAY],
    masks: Box<[[u32; 256]; 4]>,
}

impl Mirror {
    fn new(image: &[Slot]) -> Mirror {
        let mut slots = [0; ARRAY];
        slots[..image.len()].copy_from_slice(image);
        let mut masks = Box::new([[0u32; 256]; 4]);
        for (byte, table) in masks.iter_mut().enumerate() {
            for (bits, entry) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let s = 8 * byte + bit;
                    if bits >> bit & 1 == 1 && s < image.len() {
                        *entry |= 1 << image[s];
                    }
                }
            }
        }
        Mirror {
            image: slots,
            masks,
        }
    }

    /// The image of a mask of slots.
    #[inline]
    fn mask(&self, m: u32) -> u32 {
        let t = &self.masks;
        t[0][(m & 0xFF) as usize]
            | t[1][(m >> 8 & 0xFF) as usize]
            | t[2][(m >> 16 & 0xFF) as usize]
            | t[3][(m >> 24) as usize]
    }
}

/// What kind each slot of a state is, as masks: inner, bare, and the path
/// ends (the other live slots).
#[derive(Clone, Copy, Debug)]
struct Kinds {
    inner: u32,
    bare: u32,
    ends: u32,
}

impl Kinds {
    /// The kinds of the image of a state of these kinds. A symmetry maps
    /// the live slots onto themselves, so the image's ends are the live
    /// slots neither inner nor bare: two masks mapped, not three.
    fn image(self, mirror: &Mirror) -> Kinds {
        let (inner, bare) = (mirror.mask(self.inner), mirror.mask(self.bare));
        Kinds {
            inner,
            bare,
            ends: (self.inner | self.bare | self.ends) & !inner & !bare,
        }
    }

    /// Which of two states a fold keeps: the one whose slots' kinds come
    /// first, compared from the last slot down (bare, then a path end,
    /// then inner); `None` where every slot is of the same kind in both,
    /// and only their keys can tell.
    ///
    /// Any order that depends on the states alone keeps one state of each
    /// orbit, and the counts stay exact. This one is cheap: the images'
    /// kinds are the state's masks mapped by table, so only the state kept
    /// is keyed, where the least key made every image's key. And it keeps
    /// fewer states than the least key did. The last slots hold the
    /// squares that entered last; keeping the image in which they are
    /// bare keeps, among states that differ only there, the same
    /// representatives step after step, so more successors coincide.
    /// Measured (docs/benchmarks.md, *Which image the fold keeps*): 6×8
    /// closed 0.91 of the states summed and 0.80 of the peak, 8×7 closed
    /// 0.96 and 0.88, 7×7 open 0.99 and 1.00. Of the orders tried, from
    /// the first slot up kept 1.24× the states at 8×7 closed's widest
    /// level, and bare before inner before an end 1.01×.
    #[inline]
    fn compare(self, other: Kinds) -> Option<std::cmp::Ordering> {
        let differ = (self.inner ^ other.inner) | (self.bare ^ other.bare);
        if differ == 0 {
            return None;
        }
        let last = differ.ilog2();
        let rank =
            |k: Kinds| 2 * u8::from(k.inner >> last & 1 == 1) + u8::from(k.ends >> last & 1 == 1);
        Some(rank(self).cmp(&rank(other)))
    }
}

/// A step's symmetries, as the fold uses them (none at a step that does
/// not fold).
#[derive(Clone, Debug)]
pub(crate) struct Fold {
    mirrors: Vec<Mirror>,
    /// The live bytes and slots after the step, and how many.
    live: [u64; 4],
    live_slots: u32,
    q_after: usize,
}

impl Fold {
    /// The fold of a step whose slots after it are `q_after`, with each
    /// symmetry's image of every slot (`Step::mirrors`).
    pub(crate) fn new(images: &[Vec<Slot>], q_after: usize) -> Fold {
        Fold {
            mirrors: images.iter().map(|image| Mirror::new(image)).collect(),
            live: live_words(q_after),
            live_slots: ((1u64 << q_after) - 1) as u32,
            q_after,
        }
    }

    /// The key of the one of a state and its images that
    /// [`Kinds::compare`] puts first, or where their kinds are alike, the
    /// smallest key. `key` is the state's own, `inner` and `bare` its
    /// slots of those kinds, and `mates` writes it out, which is called
    /// only if an image is kept. The order is total (kinds, then keys), so
    /// every state of an orbit keeps the same one.
    #[inline]
    pub(crate) fn keep<K: Key>(
        &self,
        mates: impl FnOnce() -> Mates,
        key: K,
        inner: u32,
        bare: u32,
    ) -> K {
        if self.mirrors.is_empty() {
            return key;
        }
        let own = Kinds {
            inner,
            bare,
            ends: self.live_slots & !inner & !bare,
        };
        let mut least = own;
        let mut kept: Option<&Mirror> = None;
        for mirror in &self.mirrors {
            let image = own.image(mirror);
            match image.compare(least) {
                Some(std::cmp::Ordering::Less) => {
                    least = image;
                    kept = Some(mirror);
                }
                Some(_) => {}
                None => return self.least_key(&mates(), key, own),
            }
        }
        match kept {
            None => key,
            Some(mirror) => key_of(
                &mirror_image(&mates(), &mirror.image, self.q_after),
                &self.live,
            ),
        }
    }

    /// Of `mates` (whose kinds are `own`) and its images, the smallest key
    /// among those whose kinds come first: where two of them have the
    /// same kinds, and [`Fold::keep`] cannot choose by kinds.
    #[cold]
    fn least_key<K: Key>(&self, mates: &Mates, own_key: K, own: Kinds) -> K {
        // The first kinds of all, then the least key among those of them.
        let first = self.mirrors.iter().fold(own, |least, mirror| {
            let image = own.image(mirror);
            match image.compare(least) {
                Some(std::cmp::Ordering::Less) => image,
                _ => least,
            }
        });
        let alike = |k: Kinds| k.inner == first.inner && k.bare == first.bare;
        let mut key: Option<K> = alike(own).then_some(own_key);
        for mirror in &self.mirrors {
            if alike(own.image(mirror)) {
                let image: K = key_of(
                    &mirror_image(mates, &mirror.image, self.q_after),
                    &self.live,
                );
                key = Some(key.map_or(image, |k| k.min(image)));
            }
        }
        key.expect("the first kinds are some state's")
    }

    /// The images of `mates` under the step's symmetries (the tests hold
    /// the fold to them).
    #[cfg(test)]
    pub(crate) fn images(&self, mates: &Mates) -> Vec<Mates> {
        self.mirrors
            .iter()
            .map(|mirror| mirror_image(mates, &mirror.image, self.q_after))
            .collect()
    }
}
