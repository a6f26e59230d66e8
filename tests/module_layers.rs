//! The modules of the three crates with the most modules — kt-count,
//! kt-frontier and kt-distributed — import each other in one direction
//! only: no module imports a module that imports it back, directly or
//! through others, and each imports only from lower layers. The test
//! reads every `crate::…` path in the code (comments and doc links aside),
//! so a `use` and an inline path count alike; items of a crate's root
//! (`crate::Counted`) count as the root, the top layer. docs/architecture.md
//! describes the layers.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// kt-count, lowest layer first: leaves (`sequences`, the published
/// sequences; `same_file`; `numbers`, answers as numbers: the `Answer`
/// and its tables, read strictly; `words`, the options and outputs a
/// message names, which each front end spells; `human`, numbers, sizes
/// and durations as people read them; then `cancel`, `known`, which draws board counts
/// from the sequences; then `report`; then `failure`, `observer`; then
/// `checkpoint_of`, `terms` (what a sequence asks and gives); then
/// `paths`, `supervised`);
/// toolkits (`zdd`,
/// `symmetry`, `pairs`); `methods` (one type per method, behind one
/// trait); `machine` (what this machine can honour: threads, a budget,
/// an estimate within it, which the plan asks); `request` (what a caller
/// asks) and `order_trials` (orders ranked by measured states); `questions` (what each question needs: the table;
/// `check`, what a published count checks of an answer; `sequence_check`,
/// a sequence against a published one); `plan` (refusals and the choice of
/// method); `answer` (how each question is answered); the root.
fn count_layer(module: &str) -> Option<u32> {
    Some(match module {
        "sequences" | "same_file" | "numbers" | "words" | "human" => 0,
        "cancel" | "known" => 1,
        "report" => 2,
        "failure" | "observer" => 3,
        "checkpoint_of" | "terms" => 4,
        "paths" | "supervised" => 5,
        "zdd" | "symmetry" | "pairs" | "sweep_runner" => 6,
        "methods" => 7,
        "machine" => 8,
        "request" | "order_trials" => 9,
        "questions" | "check" | "sequence_check" => 10,
        "plan" => 11,
        "answer" => 12,
        "lib" => 13,
        _ => return None,
    })
}

/// kt-frontier, lowest layer first: leaves (the state encoding, weights,
/// the worker pool, the level report, the order); the error, the sorted
/// runs, the tallies (a weight with its ends by class), a successor's
/// key worked out from its state's, and the fold's choice among a state's
/// images; their store; the merge of runs; a level; the sweep (the
/// order's steps); the test of the squares left after a step, by a
/// state's kinds, and the glue of a state to its mirror image half-way
/// along a board; the transition on one state; one step on all workers;
/// the checkpoint; the level loop, shared by one process and a cluster;
/// the count on one process; the seam a cluster plugs into (it re-exports
/// from both), the edge ZDD and the table by end square from one square
/// (a count on one process); the root.
fn frontier_layer(module: &str) -> Option<u32> {
    Some(match module {
        "state" | "weight" | "workers" | "report" | "order" => 0,
        "error" | "run" | "tally" | "successor_key" | "fold" => 1,
        "store" => 2,
        "merge" => 3,
        "level" | "sweep" => 4,
        "cover" | "mirror" => 5,
        "transition" => 6,
        "step" => 7,
        "checkpoint" => 8,
        "sweep_loop" => 9,
        "count" => 10,
        "exchange" | "zdd" | "by_end" => 11,
        "lib" => 12,
        _ => return None,
    })
}

/// kt-distributed, lowest layer first: leaves (the report, the hostfile
/// and its refusals, the resume rule, the handshake); the error, which
/// holds a hostfile's refusal; what a lost peer means; the heartbeat; the
/// distributed sweep; the root.
fn distributed_layer(module: &str) -> Option<u32> {
    Some(match module {
        "report" | "hosts" | "resume" | "connect" => 0,
        "error" => 1,
        "lost" => 2,
        "liveness" => 3,
        "sweep" => 4,
        "lib" => 5,
        _ => return None,
    })
}

/// The layer of each of a crate's top-level modules.
type Layers = fn(&str) -> Option<u32>;

/// Each crate's sources, and its layers.
fn crates() -> [(&'static str, PathBuf, Layers); 3] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("crates");
    [
        ("kt-count", root.join("count/src"), count_layer),
        ("kt-frontier", root.join("frontier/src"), frontier_layer),
        (
            "kt-distributed",
            root.join("distributed/src"),
            distributed_layer,
        ),
    ]
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Top-level module → the top-level modules it names through `crate::`,
/// for the crate whose sources are in `src`.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap();
        let module = first
            .as_os_str()
            .to_str()
            .unwrap()
            .trim_end_matches(".rs")
            .to_string();
        // Comments (doc links included) are not imports.
        let text: String = std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let targets = graph.entry(module.clone()).or_default();
        // `use crate::{a, b::c}` names several modules at once.
        for (at, _) in text.match_indices("crate::") {
            let rest = &text[at + "crate::".len()..];
            let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                group[..end]
                    .split(',')
                    .map(|part| part.trim().split("::").next().unwrap_or(""))
                    .collect()
            } else {
                vec![
                    rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                        .next()
                        .unwrap_or(""),
                ]
            };
            for name in names {
                // Items of the root (`crate::Counted`) start upper-case.
                let target = if name.starts_with(char::is_uppercase) {
                    "lib"
                } else {
                    name
                };
                if !target.is_empty() && target != module {
                    targets.insert(target.to_string());
                }
            }
        }
    }
    graph
}

#[test]
fn every_module_is_in_a_layer() {
    for (name, src, layer) in crates() {
        for module in imports(&src).keys() {
            assert!(
                layer(module).is_some(),
                "{name}: module `{module}` has no layer: add it to this test and to docs/architecture.md"
            );
        }
    }
}

#[test]
fn imports_only_go_down_the_layers() {
    for (name, src, layer) in crates() {
        for (module, targets) in imports(&src) {
            let Some(from) = layer(&module) else { continue };
            for target in targets {
                let to = layer(&target)
                    .unwrap_or_else(|| panic!("{name}: {module} names `crate::{target}`"));
                assert!(
                    to < from,
                    "{name}: `{module}` (layer {from}) imports `{target}` (layer {to}): imports go down only"
                );
            }
        }
    }
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    // Depth-first search for a cycle, with the path that closes it.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if let Some(at) = path.iter().position(|n| n == node) {
            panic!("import cycle: {} → {node}", path[at..].join(" → "));
        }
        if done.contains(node) {
            return;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(node.to_string());
    }
    for (name, src, _) in crates() {
        let graph = imports(&src);
        let mut done = BTreeSet::new();
        for node in graph.keys() {
            visit(node, &graph, &mut Vec::new(), &mut done);
        }
        assert!(
            graph.len() >= 8,
            "{name}: the sources were not found: {graph:?}"
        );
    }
}

/// The answers as numbers are a leaf of kt-count: `numbers` names no other
/// module of the crate, so every layer may use an `Answer` or a `Table`.
#[test]
fn the_answer_is_a_leaf() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/count/src");
    let graph = imports(&root);
    let named = graph
        .get("numbers")
        .expect("kt-count has a `numbers` module");
    assert!(named.is_empty(), "`numbers` imports {named:?}");
    assert_eq!(count_layer("numbers"), Some(0));
}

/// kt-count does not read kt-distributed's disk layout: where a cluster's
/// processes keep their checkpoints (`process-I-of-N/{a,b}`) is
/// kt-distributed's `resume` module's alone, which kt-count asks
/// (`checkpoint_slots`, `is_process_dir`) and never reaches into.
#[test]
fn the_library_does_not_read_the_clusters_disk_layout() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/count/src"),
        &mut files,
    );
    for file in files {
        let code: String = std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        for layout in ["kt_distributed::resume", "\"process-", "SLOTS"] {
            assert!(
                !code.contains(layout),
                "{}: names `{layout}`, kt-distributed's disk layout",
                file.display()
            );
        }
    }
}

/// Each package's integration tests are one binary (`autotests = false`
/// and a `main.rs` that names its files as modules): a file beside a
/// `main.rs` that does not name it would never be built, and its tests
/// would silently not run.
#[test]
fn every_test_file_is_a_module_of_its_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs = vec![root.join("tests")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        dirs.push(entry.unwrap().path().join("tests"));
    }
    let mut checked = 0;
    for dir in dirs {
        let Ok(main) = std::fs::read_to_string(dir.join("main.rs")) else {
            continue;
        };
        // A file that must run alone in its process is a `[[test]]` of
        // its own.
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml"))
            .or_else(|_| std::fs::read_to_string(dir.join("../Cargo.toml")))
            .unwrap();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let module = if path.is_dir() && path.join("mod.rs").exists() {
                path.file_name().unwrap().to_string_lossy().into_owned()
            } else if path.extension().is_some_and(|e| e == "rs") {
                path.file_stem().unwrap().to_string_lossy().into_owned()
            } else {
                continue;
            };
            let alone = |file: &str| manifest.contains(&format!("path = \"tests/{file}\""));
            if module != "main" && !alone(&format!("{module}.rs")) {
                assert!(
                    main.lines().any(|line| line == format!("mod {module};")),
                    "{}: not named in {}",
                    path.display(),
                    dir.join("main.rs").display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "only {checked} test files found");
}

/// Every kt-frontier sweep kt-count starts goes through the one sweep
/// runner (`sweep_runner.rs`) or the frontier method (`methods/frontier/`):
/// no other module of kt-count calls kt-frontier's `count_*` entry points,
/// so the budget's shares, the watchdog and a stopped sweep's words are
/// written once (issue 65).
#[test]
fn kt_count_sweeps_only_through_the_runner_or_the_frontier_method() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/count/src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut strays = Vec::new();
    for file in files {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if relative == "sweep_runner.rs" || relative.starts_with("methods/frontier/") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let named = code.contains("kt_frontier::count_")
                || (code.contains("use kt_frontier") && code.contains("count_"));
            if named {
                strays.push(format!("{relative}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        strays.is_empty(),
        "kt-frontier sweeps started outside the runner and the frontier method:\n{}",
        strays.join("\n")
    );
}
