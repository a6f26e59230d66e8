//! The modules of kt-count import each other in one direction only: no
//! module imports a module that imports it back, directly or through
//! others. The layers, lowest first:
//!
//! 1. leaves: `cancel`, `known`; then `report`; then `failure`,
//!    `observer`; then `paths`;
//! 2. toolkits: `zdd` (decision diagrams on an engine), `symmetry`,
//!    `pairs` (the endpoint-pair plan);
//! 3. `methods` (one type per method, behind one trait);
//! 4. `request` (what a caller asks: questions, method settings);
//! 5. `questions` (what each question needs, and how it is answered);
//! 6. `plan` (refusals and the choice of method);
//! 7. the crate root, `lib.rs`.
//!
//! A module may import from lower layers only. The test reads every `crate::…` path in the code (comments and
//! doc links aside), so a `use` and an inline path count alike.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer of each top-level module.
fn layer(module: &str) -> Option<u32> {
    Some(match module {
        "cancel" | "known" => 0,
        "report" => 1,
        "failure" | "observer" => 2,
        "paths" => 3,
        "zdd" | "symmetry" | "pairs" => 4,
        "methods" => 5,
        "request" => 6,
        "questions" => 7,
        "plan" => 8,
        "lib" => 9,
        _ => return None,
    })
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

/// Top-level module → the top-level modules it names through `crate::`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
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
    for module in imports().keys() {
        assert!(
            layer(module).is_some(),
            "module `{module}` has no layer: add it to this test and to docs/architecture.md"
        );
    }
}

#[test]
fn imports_only_go_down_the_layers() {
    for (module, targets) in imports() {
        let Some(from) = layer(&module) else { continue };
        for target in targets {
            let to = layer(&target).unwrap_or_else(|| panic!("{module} names `crate::{target}`"));
            assert!(
                to < from,
                "`{module}` (layer {from}) imports `{target}` (layer {to}): imports go down only"
            );
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
    let graph = imports();
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
    assert!(graph.len() >= 10, "the sources were not found: {graph:?}");
}
