//! The merge: parts added up into the total, the table by start square and
//! the count of every class, after checking that they are whole.
//!
//! A merge refuses, with one line naming the file:
//!
//! * a damaged or foreign file (not JSON of the part schema, or a checksum
//!   that does not match: `part.rs`);
//! * a part of another board, kind or plan (its fingerprint);
//! * a class whose pair or weight is not the plan's;
//! * a count that no class can have: more paths than the board has ways to
//!   leave its squares (`∏ deg(v)` over every square but the end; a count
//!   of 44 digits on 6×6), or one with a leading zero;
//! * a class counted twice with different counts (the same count twice is
//!   a rerun, and is taken once);
//! * missing classes: it lists them, and the shards `K/N` that count them.

use std::path::PathBuf;

use num_bigint::BigUint;

use crate::part::{Part, board_name};
use crate::plan::{Ends, PairPlan};
use crate::shard::Shard;

/// The parts added up.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// Directed open tours: `Σ weight × count`.
    pub total: BigUint,
    /// Directed open tours by start square (by end square it is the same
    /// table, each tour read backwards).
    pub by_start: Vec<BigUint>,
    /// Every class's count, by 1-based id.
    pub classes: Vec<BigUint>,
    /// The program versions that counted the parts.
    pub versions: Vec<String>,
}

/// Why parts cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// A file that does not belong to this plan, or whose classes do not.
    #[error("{}: {why}", .file.display())]
    Foreign { file: PathBuf, why: String },
    /// One class with two counts.
    #[error(
        "{}: class {id} is counted there and in {} with different counts",
        .second.display(),
        .first.display()
    )]
    Conflict {
        id: usize,
        first: PathBuf,
        second: PathBuf,
    },
    /// Classes no part counted.
    #[error("{}", missing(.classes, .shards))]
    Missing {
        classes: Vec<usize>,
        shards: Vec<Shard>,
    },
}

/// [`MergeError::Missing`]'s message: the classes, then the shards that count them.
fn missing(classes: &[usize], shards: &[Shard]) -> String {
    let list = |ids: &[usize]| {
        ids.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let again = if shards.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = shards.iter().map(ToString::to_string).collect();
        format!("; run the shards {} again", names.join(", "))
    };
    format!(
        "{} of the plan's classes are missing ({}){again}",
        classes.len(),
        list(classes)
    )
}

/// The most directed paths to `to` (to any end: `None`) that visit every
/// square of `plan`'s board: each square but the end is left once, by one
/// of its moves.
fn most_paths(plan: &PairPlan, to: Option<usize>) -> BigUint {
    let board = plan.board();
    board
        .squares()
        .filter(|&s| Some(s) != to)
        .fold(BigUint::from(1u32), |product, s| {
            product * board.degree(s).max(1)
        })
}

/// Checks that `part` belongs to `plan` and that its classes are the
/// plan's, with counts that can be right; says why not in words.
pub fn check_part(plan: &PairPlan, part: &Part) -> Result<(), String> {
    let board = plan.board();
    let fingerprint = plan.fingerprint();
    let n = plan.classes().len();
    if part.ends() != Some(plan.ends()) {
        let what = |ends| match ends {
            Some(Ends::Pairs) => "endpoint pairs",
            Some(Ends::Starts) => "start squares",
            None => "another schema",
        };
        return Err(format!(
            "a part of a count by {}, not by {}",
            what(part.ends()),
            what(Some(plan.ends()))
        ));
    }
    if part.board != board_name(&board) || part.kind != "open" {
        return Err(format!(
            "a part of {} {} tours, not of open tours of {}",
            part.kind,
            part.board,
            board_name(&board)
        ));
    }
    if part.plan != fingerprint || part.plan_classes != n {
        return Err(format!(
            "a part of another plan ({} with {} classes; this program's is {fingerprint} with {n})",
            part.plan, part.plan_classes
        ));
    }
    if let Some(shard) = &part.shard {
        shard
            .parse::<Shard>()
            .map_err(|e: crate::shard::ShardError| e.0)?;
    }
    for class in &part.classes {
        let known = plan
            .class(class.id)
            .ok_or_else(|| format!("class {} is not one of the plan's {n}", class.id))?;
        let name = |s| kt_board::square_name(&board, s);
        let known_to = known.to.map(name);
        if (class.from.as_str(), class.to.as_deref(), class.weight)
            != (name(known.from).as_str(), known_to.as_deref(), known.weight)
        {
            let ends = |from: &str, to: Option<&str>| match to {
                Some(to) => format!("{from}-{to}"),
                None => format!("{from}-any"),
            };
            return Err(format!(
                "class {} is {} of weight {} there, {} of weight {} in the plan",
                class.id,
                ends(&class.from, class.to.as_deref()),
                class.weight,
                ends(&name(known.from), known_to.as_deref()),
                known.weight
            ));
        }
        let value = class
            .value()
            .ok_or_else(|| format!("class {} has no number as its count", class.id))?;
        if value > most_paths(plan, known.to) {
            return Err(format!(
                "class {} has a count of {} digits, more than the paths between two squares of {} can be",
                class.id,
                class.count.len(),
                board_name(&board)
            ));
        }
    }
    Ok(())
}

/// Adds up `parts` (each with the file it came from) under `plan`.
pub fn merge(plan: &PairPlan, parts: &[(PathBuf, Part)]) -> Result<Merged, MergeError> {
    let n = plan.classes().len();
    let mut counts: Vec<Option<(BigUint, usize)>> = vec![None; n];
    let mut shard_count = None;
    let mut versions: Vec<String> = Vec::new();
    for (index, (file, part)) in parts.iter().enumerate() {
        let foreign = |why: String| MergeError::Foreign {
            file: file.clone(),
            why,
        };
        check_part(plan, part).map_err(foreign)?;
        if let Some(shard) = &part.shard {
            let shard: Shard = shard
                .parse()
                .map_err(|e: crate::shard::ShardError| foreign(e.0))?;
            shard_count.get_or_insert(shard.count);
        }
        if !versions.contains(&part.version) {
            versions.push(part.version.clone());
        }
        for class in &part.classes {
            let value = class.value().expect("checked");
            match &counts[class.id - 1] {
                Some((other, first)) if *other != value => {
                    return Err(MergeError::Conflict {
                        id: class.id,
                        first: parts[*first].0.clone(),
                        second: file.clone(),
                    });
                }
                Some(_) => {}
                None => counts[class.id - 1] = Some((value, index)),
            }
        }
    }
    let missing: Vec<usize> = (1..=n).filter(|&id| counts[id - 1].is_none()).collect();
    if !missing.is_empty() {
        let mut shards: Vec<Shard> = shard_count
            .map(|count| {
                missing
                    .iter()
                    .filter_map(|&id| plan.shard_of(id, count))
                    .collect()
            })
            .unwrap_or_default();
        shards.sort_by_key(|s| s.index);
        shards.dedup();
        return Err(MergeError::Missing {
            classes: missing,
            shards,
        });
    }
    let classes: Vec<BigUint> = counts
        .into_iter()
        .map(|c| c.expect("none missing").0)
        .collect();
    Ok(Merged {
        versions,
        ..added_up(plan, classes)
    })
}

/// Every class of `plan` counted (`classes`, by 1-based id) added up: the
/// total and the table by start square. What [`merge`] gives once its
/// parts are checked, and a count by classes in one process gives from
/// its own numbers, without writing them as a part and reading them back.
pub fn added_up(plan: &PairPlan, classes: Vec<BigUint>) -> Merged {
    let mut by_start = vec![BigUint::ZERO; plan.board().cells()];
    let mut total = BigUint::ZERO;
    for (class, count) in plan.classes().iter().zip(&classes) {
        total += count * class.weight;
        for &(from, _) in &class.members {
            by_start[from] += count;
        }
    }
    Merged {
        total,
        by_start,
        classes,
        versions: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::part::{ClassCount, schema};

    /// A part of `plan` with every class of `shard`, each counted `count(id)`.
    fn part(plan: &PairPlan, shard: Shard, count: impl Fn(usize) -> u64) -> Part {
        let board = plan.board();
        Part {
            schema: schema(plan.ends()).into(),
            version: "test".into(),
            commit: None,
            board: board_name(&board),
            kind: "open".into(),
            plan: plan.fingerprint(),
            plan_classes: plan.classes().len(),
            shard: Some(shard.to_string()),
            method: "test".into(),
            order: None,
            classes: plan
                .shard_classes(shard)
                .into_iter()
                .map(|id| {
                    let class = plan.class(id).unwrap();
                    ClassCount {
                        id,
                        from: kt_board::square_name(&board, class.from),
                        to: class.to.map(|to| kt_board::square_name(&board, to)),
                        weight: class.weight,
                        count: count(id).to_string(),
                        seconds: 0.0,
                        peak_states: 0,
                    }
                })
                .collect(),
            seconds: 0.0,
            check: None,
            checksum: None,
        }
    }

    fn parts(plan: &PairPlan, n: usize) -> Vec<(PathBuf, Part)> {
        (1..=n)
            .map(|k| {
                (
                    PathBuf::from(format!("part-{k}.json")),
                    part(plan, Shard { index: k, count: n }, |id| id as u64),
                )
            })
            .collect()
    }

    /// The total that [`parts`] of `plan` add up to: each class counted
    /// its id, times its weight.
    fn parts_total(plan: &PairPlan) -> BigUint {
        let total: u64 = plan
            .classes()
            .iter()
            .map(|c| c.id as u64 * u64::from(c.weight))
            .sum();
        BigUint::from(total)
    }

    /// A part whose shard claims more shards than can be kept is refused
    /// before anything is sized by it (issue 38: `1/4294967296` allocated
    /// 34 GB, and `1/18446744073709551615` overflowed a capacity).
    #[test]
    fn a_part_claiming_a_huge_shard_is_refused() {
        let plan = PairPlan::new("5x5".parse().unwrap(), |_, _| 1.0);
        for shard in ["1/4294967296", "1/18446744073709551615"] {
            let mut huge = parts(&plan, 1);
            huge[0].1.shard = Some(shard.to_string());
            let why = merge(&plan, &huge).unwrap_err().to_string();
            assert!(why.contains("at most"), "{shard}: {why}");
        }
    }

    #[test]
    fn whole_parts_add_up() {
        let plan = PairPlan::new("5x5".parse().unwrap(), |_, _| 1.0);
        let merged = merge(&plan, &parts(&plan, 3)).unwrap();
        assert_eq!(merged.total, parts_total(&plan));
        let starts: BigUint = merged.by_start.iter().sum();
        assert_eq!(starts, merged.total);
        // A shard run twice with the same counts is taken once.
        let mut twice = parts(&plan, 3);
        twice.push(twice[0].clone());
        assert_eq!(merge(&plan, &twice).unwrap().total, merged.total);
    }

    /// A start plan's parts add up to the total, each class's count
    /// spread over its squares; a part of the other kind of plan is
    /// refused.
    #[test]
    fn start_parts_add_up_and_stay_apart_from_pair_parts() {
        let plan = PairPlan::starts("5x5".parse().unwrap(), |_| 1.0);
        let merged = merge(&plan, &parts(&plan, 2)).unwrap();
        assert_eq!(merged.total, parts_total(&plan));
        for class in plan.classes() {
            for &(s, _) in &class.members {
                assert_eq!(merged.by_start[s], BigUint::from(class.id));
            }
        }
        let text = parts(&plan, 1)[0].1.to_json();
        assert!(text.contains("knights-tour/starts-part/1"), "{text}");
        assert!(!text.contains("\"to\""), "{text}");
        assert_eq!(Part::parse(&text).unwrap().ends(), Some(Ends::Starts));
        let pairs = PairPlan::new("5x5".parse().unwrap(), |_, _| 1.0);
        let why = merge(&pairs, &parts(&plan, 1)).unwrap_err().to_string();
        assert!(
            why.contains("by start squares, not by endpoint pairs"),
            "{why}"
        );
    }

    #[test]
    fn damaged_parts_are_refused() {
        let plan = PairPlan::new("5x5".parse().unwrap(), |_, _| 1.0);
        // Missing: the classes and the shard that counts them.
        let mut some = parts(&plan, 3);
        some.remove(1);
        match merge(&plan, &some) {
            Err(MergeError::Missing { shards, classes }) => {
                assert_eq!(shards, [Shard { index: 2, count: 3 }]);
                assert!(!classes.is_empty());
            }
            other => panic!("{other:?}"),
        }
        // Doubled with another count.
        let mut doubled = parts(&plan, 3);
        let mut other = doubled[0].clone();
        other.0 = PathBuf::from("again.json");
        other.1.classes[0].count = "999".into();
        doubled.push(other);
        assert!(matches!(
            merge(&plan, &doubled),
            Err(MergeError::Conflict { .. })
        ));
        // Another board, another plan, a class that is not the plan's.
        let other_plan = PairPlan::new("6x6".parse().unwrap(), |_, _| 1.0);
        let mut foreign = parts(&plan, 2);
        foreign[1] = parts(&other_plan, 2).remove(1);
        assert!(matches!(
            merge(&plan, &foreign),
            Err(MergeError::Foreign { .. })
        ));
        let mut wrong = parts(&plan, 1);
        wrong[0].1.classes[0].weight += 1;
        assert!(matches!(
            merge(&plan, &wrong),
            Err(MergeError::Foreign { .. })
        ));
        let mut renumbered = parts(&plan, 1);
        renumbered[0].1.plan = "00000000".into();
        assert!(matches!(
            merge(&plan, &renumbered),
            Err(MergeError::Foreign { .. })
        ));
    }

    #[test]
    fn truncated_and_foreign_files_are_refused() {
        let plan = PairPlan::new("5x5".parse().unwrap(), |_, _| 1.0);
        let text = parts(&plan, 1)[0].1.to_json();
        assert!(Part::parse(&text).is_ok());
        assert!(Part::parse(&text[..text.len() / 2]).is_err());
        assert!(Part::parse("{\"schema\": \"knights-tour/run/1\"}").is_err());
        assert!(Part::parse(&text.replace("\"count\":\"1\"", "\"count\":\"x\"")).is_err());
    }

    /// One digit of one count changed, a checksum removed, a count padded
    /// with zeros or longer than any count of the board: refused.
    #[test]
    fn edited_and_impossible_counts_are_refused() {
        let plan = PairPlan::new("5x5".parse().unwrap(), |_, _| 1.0);
        let text = parts(&plan, 1)[0].1.to_json();
        let read = Part::parse(&text).unwrap();
        assert!(read.checksum.as_deref().unwrap().starts_with("crc32:"));
        assert_eq!(read.to_json(), text, "a part reads back as written");
        let edited = text.replacen("\"count\":\"2\"", "\"count\":\"3\"", 1);
        assert_ne!(edited, text);
        let why = Part::parse(&edited).unwrap_err().0;
        assert!(why.contains("checksum"), "{why}");
        let bare = serde_json::to_string(&Part {
            checksum: None,
            ..read.clone()
        })
        .unwrap();
        assert!(Part::parse(&bare).unwrap_err().0.contains("no checksum"));
        // Well-sealed, but counts no class can have.
        for count in ["01", &"9".repeat(44)] {
            let mut part = read.clone();
            part.classes[0].count = count.to_string();
            let resealed = Part::parse(&part.to_json());
            let merged = resealed
                .map_err(|e| e.0)
                .and_then(|p| check_part(&plan, &p));
            assert!(merged.is_err(), "{count}");
        }
    }
}
