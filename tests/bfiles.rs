//! The b-files the project ships (`bfiles/`), each made by `knights-tour
//! sequence … --bfile --oeis A…` (`scripts/bfiles.sh`): in OEIS's format,
//! every term from the sequence's offset on, each published term the
//! program ships equal to the file's, and a file that OEIS also has equal
//! to OEIS's byte for byte (its SHA-256 and size, `bfiles/oeis-sha256.txt`).

use std::collections::HashMap;
use std::path::Path;

use kt_count::sequences::published_sequence;
use num_bigint::{BigInt, BigUint};
use sha2::{Digest, Sha256};

/// Shipped b-files whose OEIS counterpart differs from them in more than
/// their terms' digits can show, with why. OEIS's b306281.txt has 50 bytes
/// more than ours (1,026 against 976) in the same 32 lines' range: a
/// heading this project has not seen (Knuth's A389754–A389759 begin with
/// `# A389754` and so on, which `sequence --bfile` writes). Its terms 1–18
/// agree with the published data line, and all 32 with Knuth's b-file of
/// the first cells of a 6-row strip at every sixth cell
/// ([`every_board_term_is_its_strips_first_cells_term`]). OEIS's
/// b306283.txt likewise has 47 bytes more than ours (1,237 against 1,190)
/// in the same 32 lines' range; terms 1–16 agree with the published data,
/// and all 32 with Knuth's b-file of the first 224 cells of a 7-row strip
/// (b389757, OEIS's byte for byte here) at every seventh cell. OEIS's
/// b070030.txt (3×2n closed, Heinz's) has 48 bytes more than ours (496,303
/// against 496,255) in the same 1,000 lines' range; every term agrees with
/// b169764.txt at even widths, which is OEIS's byte for byte
/// ([`the_3xn_closed_files_follow_knuths_generating_function`]).
const HEADING_UNSEEN: &[&str] = &["b306281.txt", "b306283.txt", "b070030.txt"];

fn bfiles() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../bfiles")
}

/// A b-file's terms, `(n, a(n))`, its comment lines passed over.
fn terms(path: &Path) -> Vec<(usize, BigUint)> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (n, term) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), term.parse().unwrap())
        })
        .collect()
}

/// OEIS's b-files: file name → (SHA-256 in hex, bytes).
fn oeis() -> HashMap<String, (String, u64)> {
    std::fs::read_to_string(bfiles().join("oeis-sha256.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_owned(), (f[1].to_owned(), f[2].parse().unwrap()))
        })
        .collect()
}

#[test]
fn every_shipped_bfile_is_its_sequences() {
    let published = oeis();
    let mut files: Vec<_> = std::fs::read_dir(bfiles())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with('b') && name.ends_with(".txt")
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no b-file shipped");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let a_number = format!("A{}", &name[1..7]);
        let sequence = published_sequence(&a_number)
            .unwrap_or_else(|| panic!("{name}: {a_number} is not a shipped sequence"));
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        let mut agreed = 0;
        // OEIS's own comment lines (`# A389754`) come first.
        let terms = text.lines().skip_while(|l| l.starts_with('#'));
        for (i, line) in terms.enumerate() {
            let (n, term) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("{name}:{}: not `n a(n)`", i + 1));
            let n: usize = n.parse().unwrap();
            let term: BigUint = term.parse().unwrap();
            assert_eq!(n, sequence.offset + i, "{name}:{}: n out of order", i + 1);
            if let Some(expected) = sequence.term(n) {
                assert_eq!(&term, expected, "{name}: a({n})");
                agreed += 1;
            }
        }
        assert!(agreed > 0, "{name}: no published term to check it by");
        if HEADING_UNSEEN.contains(&name.as_str()) {
            continue;
        }
        if let Some((sha, size)) = published.get(&name) {
            assert_eq!(bytes.len() as u64, *size, "{name}: OEIS's has {size} bytes");
            let ours = format!("{:x}", Sha256::digest(&bytes));
            assert_eq!(&ours, sha, "{name}: not OEIS's byte for byte");
        }
    }
}

/// The terms of a b-file's command taken past OEIS's range
/// (`bfiles/ours/`, the project's own, unpublished): each file's first
/// lines are the shipped b-file's, and where another published sequence
/// holds a term (A383662's first `2m` cells of a 6-row strip, closed, to
/// `m = 150`: the board 6×n at `m = 3n`) the two agree.
#[test]
fn terms_past_the_published_agree_with_every_published_term() {
    for (file, published, n) in [
        ("b175881-to-200.txt", "b175881.txt", 200),
        ("b306281-to-64.txt", "b306281.txt", 64),
        ("b193054-to-32.txt", "b193054.txt", 32),
    ] {
        let ours = terms(&bfiles().join("ours").join(file));
        assert_eq!(ours.len(), n, "{file}");
        assert!(ours.iter().enumerate().all(|(i, (n, _))| *n == i + 1));
        let published = terms(&bfiles().join(published));
        assert_eq!(ours[..published.len()], published[..], "{file}");
    }
    let ours = terms(&bfiles().join("ours/b175881-to-200.txt"));
    let cells: HashMap<usize, BigUint> = terms(&bfiles().join("b383662.txt")).into_iter().collect();
    let mut agreed = 0;
    for (n, term) in &ours {
        if let Some(published) = cells.get(&(3 * n)) {
            assert_eq!(term, published, "6x{n} closed against A383662({})", 3 * n);
            agreed += 1;
        }
    }
    // n = 4..50: ten terms past A175881's forty.
    assert_eq!(agreed, 47);
}

/// The b-files of a strip's boards and of its first cells, made by two
/// sweeps in two conventions of index, hold the same numbers: the board
/// `rows × n` is the strip's first `rows · n` cells. Where both files are
/// shipped they agree at every `rows`-th cell (the closed cells'
/// sequences count `2m` cells at index `m`). So the 6×n open terms 19–32,
/// which OEIS's data line does not reach, are checked against Knuth's
/// b-file of the first cells (A389756, OEIS's byte for byte), and 7×n
/// open's 17–32 against A389757 likewise.
#[test]
fn every_board_term_is_its_strips_first_cells_term() {
    // (boards' file, cells' file, rows, the board's columns at n = 1,
    // cells at index 1 of the cells' file)
    let pairs: [(&str, &str, usize, usize, usize); 4] = [
        ("b306281.txt", "b389756.txt", 6, 1, 1), // 6×n open; n cells
        ("b306283.txt", "b389757.txt", 7, 1, 1), // 7×n open; n cells
        ("b175881.txt", "b383662.txt", 6, 1, 2), // 6×n closed; 2m cells
        ("b193054.txt", "b383663.txt", 7, 2, 2), // 7×2n closed; 2m cells
    ];
    let mut checked = 0;
    for (boards, cells, rows, columns_per_n, cells_per_index) in pairs {
        let (boards_path, cells_path) = (bfiles().join(boards), bfiles().join(cells));
        if !cells_path.exists() {
            continue;
        }
        let by_index: HashMap<usize, BigUint> = terms(&cells_path).into_iter().collect();
        let mut agreed = 0;
        for (n, term) in terms(&boards_path) {
            let columns = n * columns_per_n;
            if let Some(by_cells) = by_index.get(&(rows * columns / cells_per_index)) {
                assert_eq!(
                    &term, by_cells,
                    "{boards} a({n}), the {rows}x{columns} board, against {cells}"
                );
                agreed += 1;
            }
        }
        assert!(agreed > 0, "{boards} and {cells} share no board");
        checked += 1;
    }
    assert_eq!(checked, pairs.len(), "every pair's files are shipped");
}

/// 3×n open tours, directed (A118067, to 1,861 columns, weights to 4,096
/// bits), against twice Knuth's undirected first cells of a 3-row strip
/// (A389759, OEIS's b-file byte for byte) at every third cell.
#[test]
fn the_3xn_open_file_is_twice_its_strips_first_cells() {
    let boards = terms(&bfiles().join("b118067.txt"));
    assert_eq!(boards.len(), 1861);
    let cells: HashMap<usize, BigUint> = terms(&bfiles().join("b389759.txt")).into_iter().collect();
    let mut agreed = 0;
    for (n, term) in &boards {
        if let Some(undirected) = cells.get(&(3 * n)) {
            assert_eq!(
                *term,
                undirected * 2u32,
                "3x{n} open against A389759({})",
                3 * n
            );
            agreed += 1;
        }
    }
    assert_eq!(agreed, 99);
}

/// The natural logarithm of `n`, from its top 53 bits.
fn ln(n: &BigUint) -> f64 {
    let bits = n.bits();
    let shift = bits.saturating_sub(53);
    let top: BigUint = n >> shift;
    let top = top.to_u64_digits().first().copied().unwrap_or(0) as f64;
    top.ln() + shift as f64 * std::f64::consts::LN_2
}

/// 3×n open tours against the asymptotic value OEIS gives for A169696
/// (Knuth's, undirected: 0.02789 · 3.45059ⁿ), twice for directed tours:
/// within 0.3% from n = 100 to 1,861 (the base's six digits allow 0.27%
/// at n = 1,861; measured: 1.00004 at 100, 1.0012 at 1,861), a check of
/// the terms past the 2,048 bits no other file here reaches.
#[test]
fn the_3xn_open_file_follows_its_asymptote() {
    for (n, term) in terms(&bfiles().join("b118067.txt")) {
        if n < 100 {
            continue;
        }
        let expected = (2.0 * 0.02789f64).ln() + n as f64 * 3.45059f64.ln();
        let ratio = (ln(&term) - expected).exp();
        assert!((0.997..1.003).contains(&ratio), "3x{n}: {ratio}");
    }
}

/// The coefficients of `numerator / denominator` as a power series in `z`,
/// from `z⁰` to `z^last`: `a(n) = num(n) − Σ_{k ≥ 1} den(k)·a(n − k)`, the
/// denominator's constant being 1.
fn series(numerator: &[(usize, i64)], denominator: &[(usize, i64)], last: usize) -> Vec<BigInt> {
    let mut a: Vec<BigInt> = Vec::with_capacity(last + 1);
    for n in 0..=last {
        let mut term: BigInt = numerator
            .iter()
            .filter(|&&(k, _)| k == n)
            .map(|&(_, c)| BigInt::from(c))
            .sum();
        for &(k, c) in denominator.iter().filter(|&&(k, _)| k >= 1 && k <= n) {
            term -= BigInt::from(c) * &a[n - k];
        }
        a.push(term);
    }
    a
}

/// 3×n closed tours (A169764, to 2,031 columns; A070030, its even widths,
/// to 2,000) against Knuth's generating function of A169764, as OEIS's entry
/// gives it (Knuth and Elkies's recurrence of order 21 in `z²`): a check of
/// every term by a method that shares nothing with the sweep.
#[test]
fn the_3xn_closed_files_follow_knuths_generating_function() {
    let numerator = [
        (10, 16),
        (12, 80),
        (14, -544),
        (16, -1856),
        (18, 8080),
        (20, 9856),
        (22, -50864),
        (24, -64),
        (26, 152_576),
        (28, -130_816),
        (30, -214_272),
        (32, 245_760),
        (34, 222_208),
        (36, 44544),
        (38, -53248),
        (40, -352_256),
        (42, 81920),
        (44, 32768),
    ];
    let denominator = [
        (0, 1),
        (2, -6),
        (4, -64),
        (6, 200),
        (8, 1000),
        (10, -3016),
        (12, -3488),
        (14, 24256),
        (16, -23776),
        (18, -104_168),
        (20, 203_408),
        (22, 184_704),
        (24, -443_392),
        (26, -14336),
        (28, 151_296),
        (30, -145_920),
        (32, 263_424),
        (34, -317_440),
        (36, -36864),
        (38, 966_656),
        (40, -573_440),
        (42, -131_072),
    ];
    let expected = series(&numerator, &denominator, 2031);
    let all = terms(&bfiles().join("b169764.txt"));
    assert_eq!(all.len(), 2031);
    for (n, term) in &all {
        assert_eq!(BigInt::from(term.clone()), expected[*n], "3x{n} closed");
    }
    let even = terms(&bfiles().join("b070030.txt"));
    assert_eq!(even.len(), 1000);
    for (n, term) in &even {
        assert_eq!(
            BigInt::from(term.clone()),
            expected[2 * n],
            "3x{} closed",
            2 * n
        );
    }
}

/// A392000's 78 published terms (antidiagonals 1 to 12; OEIS has no
/// b-file of it), from its data lines at oeis/oeisdata 1ebf49c.
const A392000_DATA: &str = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,8,8,0,0,0,0,0,0,0,0,0,9862,0,0,0,0,0,0,\
    0,16,0,44202,1067638,1067638,44202,0,16,0,0";

/// The b-file of A392000 this project made (`bfiles/ours/b392000.txt`,
/// `scripts/a392000.sh 17`): closed tours of `k × n` read by antidiagonals
/// to the 17th, 153 terms. Its first 78 are the published data line, and
/// every term is a published one: the board's row sequence holds it
/// (A169764 3×n, A175855 5×2n, A175881 6×n, A193054 7×2n, A193055 8×n, the
/// board turned where its short side is the rows), or a theorem makes it 0
/// (boards of one or two rows, of four rows (Schwenk), and of an odd
/// number of squares).
#[test]
fn the_array_of_closed_tours_is_every_board_of_its_antidiagonals() {
    let ours = terms(&bfiles().join("ours/b392000.txt"));
    assert_eq!(ours.len(), 153);
    let published: Vec<BigUint> = A392000_DATA
        .split(',')
        .map(|t| t.trim().parse().unwrap())
        .collect();
    assert_eq!(published.len(), 78);
    let row_term = |rows: usize, cols: usize| -> Option<BigUint> {
        let (a_number, n) = match rows {
            1 | 2 | 4 => return Some(BigUint::ZERO),
            _ if rows * cols % 2 == 1 => return Some(BigUint::ZERO),
            3 => ("A169764", cols),
            5 => ("A175855", cols / 2),
            6 => ("A175881", cols),
            7 => ("A193054", cols / 2),
            8 => ("A193055", cols),
            _ => return None,
        };
        published_sequence(a_number).unwrap().term(n).cloned()
    };
    let mut i = 0;
    for d in 1..=17 {
        for k in 1..=d {
            let n = d + 1 - k;
            let (index, term) = &ours[i];
            i += 1;
            assert_eq!(*index, i);
            if let Some(p) = published.get(i - 1) {
                assert_eq!(term, p, "A392000({i}), {k}x{n}, against its data line");
            }
            let expected = row_term(k.min(n), k.max(n))
                .unwrap_or_else(|| panic!("{k}x{n}: no published term to check it by"));
            assert_eq!(term, &expected, "A392000({i}), {k}x{n}");
        }
    }
}

/// The 3×n closed tours that a symmetry maps onto themselves
/// (`bfiles/fixed/`, made by `examples/fixed_by.rs`, the glue of a sweep
/// half as long, `crates/frontier/src/mirror.rs`): each file is OEIS's
/// byte for byte; A169765 (the reflection left to right), A169766 (the
/// half turn, reversing the tour) and A169767 (the half turn, keeping its
/// direction) follow Knuth's generating functions as OEIS's entries give
/// them; A169768 is half their sum, and A169769 Burnside's lemma over them
/// and A169764 (the reflection top to bottom fixes a whole row of
/// squares, more than a cycle's reflection can, so no tour).
#[test]
fn the_3xn_symmetric_files_are_oeis_and_knuths() {
    let published = oeis();
    let fixed = bfiles().join("fixed");
    for name in [
        "b169765.txt",
        "b169766.txt",
        "b169767.txt",
        "b169768.txt",
        "b169769.txt",
    ] {
        let bytes = std::fs::read(fixed.join(name)).unwrap();
        let (sha, size) = &published[name];
        assert_eq!(bytes.len() as u64, *size, "{name}: OEIS's has {size} bytes");
        assert_eq!(&format!("{:x}", Sha256::digest(&bytes)), sha, "{name}");
    }
    let denominator: &[(usize, i64)] = &[
        (0, 1),
        (4, -6),
        (8, -64),
        (12, 200),
        (16, 1000),
        (20, -3016),
        (24, -3488),
        (28, 24256),
        (32, -23776),
        (36, -104_168),
        (40, 203_408),
        (44, 184_704),
        (48, -443_392),
        (52, -14336),
        (56, 151_296),
        (60, -145_920),
        (64, 263_424),
        (68, -317_440),
        (72, -36864),
        (76, 966_656),
        (80, -573_440),
        (84, -131_072),
    ];
    let a169765: &[(usize, i64)] = &[
        (10, 4),
        (18, -124),
        (22, 212),
        (26, 1248),
        (30, -5120),
        (34, -4928),
        (38, 41280),
        (42, 22224),
        (46, -140_608),
        (50, -151_680),
        (54, 189_952),
        (58, 413_056),
        (62, -50432),
        (66, -121_344),
        (70, -141_312),
        (74, -337_920),
        (78, 49152),
        (82, 163_840),
        (86, 65536),
    ];
    let a169766: &[(usize, i64)] = &[
        (10, 4),
        (14, -16),
        (16, 48),
        (18, -152),
        (20, 64),
        (22, 576),
        (24, -1432),
        (26, 1584),
        (28, -672),
        (30, -5816),
        (32, 15792),
        (34, -2928),
        (36, -6864),
        (38, 14832),
        (40, -65232),
        (42, -23584),
        (44, 79776),
        (46, 70944),
        (48, 95936),
        (50, 71552),
        (52, -286_848),
        (54, -395_648),
        (56, -31104),
        (58, -22016),
        (60, 362_752),
        (62, 538_880),
        (64, 156_160),
        (66, 107_520),
        (68, 88576),
        (70, -96256),
        (72, -225_280),
        (74, -249_856),
        (76, -454_656),
        (78, -311_296),
        (80, 196_608),
        (82, 294_912),
        (84, 65536),
    ];
    let a169767: &[(usize, i64)] = &[
        (14, 16),
        (18, 28),
        (22, -364),
        (26, -336),
        (30, 696),
        (34, -2000),
        (38, 26448),
        (42, 45808),
        (46, -211_552),
        (50, -223_232),
        (54, 585_600),
        (58, 435_072),
        (62, -589_312),
        (66, -228_864),
        (70, -45056),
        (74, -88064),
        (78, 360_448),
        (82, -131_072),
        (86, 65536),
    ];
    let file = |name: &str| -> Vec<(usize, BigUint)> { terms(&fixed.join(name)) };
    let [a65, a66, a67] = ["b169765.txt", "b169766.txt", "b169767.txt"].map(file);
    for (numerator, file, name) in [
        (a169765, &a65, "A169765"),
        (a169766, &a66, "A169766"),
        (a169767, &a67, "A169767"),
    ] {
        let expected = series(numerator, denominator, 4057);
        assert_eq!(file.len(), 4054, "{name}");
        for (n, term) in file {
            assert_eq!(BigInt::from(term.clone()), expected[*n], "{name}({n})");
        }
    }
    let a64: HashMap<usize, BigUint> = terms(&bfiles().join("b169764.txt")).into_iter().collect();
    let a68 = file("b169768.txt");
    let a69 = file("b169769.txt");
    assert_eq!(a69.len(), 2028);
    for (i, (n, term)) in a68.iter().enumerate() {
        let twice = &a65[i].1 + &a66[i].1 + &a67[i].1;
        assert_eq!(term * 2u32, twice, "A169768({n})");
        if let Some((m, orbits)) = a69.get(i) {
            assert_eq!((m, orbits * 4u32), (n, &a64[n] + twice), "A169769({n})");
        }
    }
}

/// The 3×n open tours by where their ends lie (`bfiles/ends/`, made by
/// `examples/open_by_ends.rs` from sweeps of every prefix with the rules
/// of `Sweep::ends_in_one_column` and `Sweep::first_end_unlike_the_corner`):
/// each file is OEIS's byte for byte, Knuth's three types (X, F, B)
/// add up at every width to A118067's undirected paths, whose shipped
/// file is OEIS's too and made by the plain sweep, and each follows the
/// asymptotic value OEIS gives for it.
#[test]
fn the_3xn_open_files_by_ends_are_oeis_and_add_up() {
    let published = oeis();
    let ends = bfiles().join("ends");
    for name in ["b169770.txt", "b169771.txt", "b169772.txt"] {
        let bytes = std::fs::read(ends.join(name)).unwrap();
        let (sha, size) = &published[name];
        assert_eq!(bytes.len() as u64, *size, "{name}: OEIS's has {size} bytes");
        assert_eq!(&format!("{:x}", Sha256::digest(&bytes)), sha, "{name}");
    }
    let [x, f, b] = ["b169770.txt", "b169771.txt", "b169772.txt"].map(|n| terms(&ends.join(n)));
    let directed: HashMap<usize, BigUint> =
        terms(&bfiles().join("b118067.txt")).into_iter().collect();
    assert_eq!(x.len(), 997);
    // The asymptotic values OEIS gives (Knuth's): X 0.000169·n·3.11949ⁿ on
    // even n and 0.0000526·n·3.11949ⁿ on odd, F 0.02789·3.45059ⁿ, B
    // 0.00144·n·3.11949ⁿ on even n. Measured from n = 500 to 1,000: F
    // 1.0004–1.0007, B 0.9986–0.9996, X 1.015–1.044 (its next term, a
    // constant times 3.11949ⁿ, fades as 1/n).
    let near = |term: &BigUint, constant: f64, times_n: bool, base: f64, n: usize| {
        let n_f = n as f64;
        let expected = constant.ln() + if times_n { n_f.ln() } else { 0.0 } + n_f * base.ln();
        (ln(term) - expected).exp()
    };
    for ((x, f), b) in x.iter().zip(&f).zip(&b) {
        let n = x.0;
        assert_eq!((f.0, b.0), (n, n));
        assert_eq!((&x.1 + &f.1 + &b.1) * 2u32, directed[&n], "3x{n}");
        // Type B needs the ends of opposite colours: an even length.
        if n % 2 == 1 {
            assert_eq!(b.1, BigUint::ZERO, "A169772({n})");
        }
        if n < 500 {
            continue;
        }
        let x_constant = if n % 2 == 0 { 0.000_169 } else { 0.000_052_6 };
        let ratio = near(&x.1, x_constant, true, 3.11949, n);
        assert!((1.01..1.05).contains(&ratio), "A169770({n}): {ratio}");
        let ratio = near(&f.1, 0.02789, false, 3.45059, n);
        assert!((0.999..1.001).contains(&ratio), "A169771({n}): {ratio}");
        if n % 2 == 0 {
            let ratio = near(&b.1, 0.00144, true, 3.11949, n);
            assert!((0.998..1.001).contains(&ratio), "A169772({n}): {ratio}");
        }
    }
}

/// The symmetric open tours of 4×(2n−1) (`bfiles/fixed/b328340.txt`, the
/// glue of `mirror.rs` on open tours: `examples/fixed_by.rs 4 250
/// open-symmetric-odd 1`): OEIS's byte for byte, and its first terms
/// OEIS's data line.
#[test]
fn the_4xn_symmetric_open_file_is_oeis() {
    let name = "b328340.txt";
    let path = bfiles().join("fixed").join(name);
    let bytes = std::fs::read(&path).unwrap();
    let (sha, size) = &oeis()[name];
    assert_eq!(bytes.len() as u64, *size, "{name}: OEIS's has {size} bytes");
    assert_eq!(&format!("{:x}", Sha256::digest(&bytes)), sha, "{name}");
    let data = [
        0u64, 2, 3, 17, 112, 620, 2821, 13805, 69036, 327_978, 1_540_792,
    ];
    for ((n, term), want) in terms(&path).into_iter().zip(data) {
        assert_eq!(term, BigUint::from(want), "A328340({n})");
    }
}
