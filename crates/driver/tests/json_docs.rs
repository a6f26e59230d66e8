//! docs/json.md documents every field the program prints in JSON.
//!
//! The commands run on small boards with `--json`, in the variants that
//! bring out every section (a check, a theorem, the frontier's levels,
//! symmetry, a cluster of one process, …). Every field path of every
//! document (`frontier.levels[].states`: objects by key, arrays collapsed
//! as `[]`) must appear in backticks in the section of docs/json.md whose
//! heading names the document's schema.

use std::collections::{BTreeMap, BTreeSet};
use std::net::TcpListener;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn knights_tour() -> Command {
    let mut cmd = Command::cargo_bin("knights-tour").expect("the binary is built for its tests");
    cmd.env_remove("RUST_LOG");
    cmd
}

/// The document `args` prints on stdout (the command must succeed).
fn document(args: &[&str]) -> Value {
    let output = knights_tour().args(args).arg("-q").output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// Every field path in `value` under `prefix`.
fn paths(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                out.insert(path.clone());
                paths(value, &path, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                paths(item, &format!("{prefix}[]"), out);
            }
        }
        _ => {}
    }
}

/// The sections of docs/json.md by the schema their `## ` heading names
/// in backticks (`knights-tour/NAME/N`).
fn sections(text: &str) -> BTreeMap<String, String> {
    let mut sections = BTreeMap::new();
    for section in text.split("\n## ").skip(1) {
        let heading = section.lines().next().unwrap_or_default();
        let Some(schema) = heading
            .split('`')
            .find(|part| part.starts_with("knights-tour/"))
        else {
            continue;
        };
        sections.insert(schema.to_string(), section.to_string());
    }
    sections
}

/// The fields a section's tables list: the first cell of each row,
/// `path` in backticks.
fn table_fields(section: &str) -> Vec<String> {
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once("` |"))
        .map(|(path, _)| path.to_string())
        .collect()
}

/// Whether the field at `path` (`frontier.levels[].states`, split at the
/// dots) is missing from `value`: an object on the way without the key.
/// Below a `null` or an empty list nothing is missing.
fn missing(value: &Value, path: &[&str]) -> bool {
    let Some((first, rest)) = path.split_first() else {
        return false;
    };
    let key = first.trim_end_matches("[]");
    let lists = (first.len() - key.len()) / 2;
    match value {
        Value::Object(map) => map.get(key).is_none_or(|v| missing_below(v, lists, rest)),
        _ => false,
    }
}

fn missing_below(value: &Value, lists: usize, rest: &[&str]) -> bool {
    if lists == 0 {
        return missing(value, rest);
    }
    match value {
        Value::Array(items) => items
            .iter()
            .any(|item| missing_below(item, lists - 1, rest)),
        _ => false,
    }
}

/// A port with nothing listening on it, for a cluster of one process.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn docs_json_md_documents_every_field_of_every_document() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();

    // Files for verify and merge: a found tour and a broken one, a part.
    let found = knights_tour()
        .args(["find", "5", "--json", "--no-time"])
        .output()
        .unwrap();
    assert!(found.status.success(), "{found:?}");
    let tours = file("tours.txt");
    let moves = knights_tour()
        .args(["find", "5", "--format", "moves", "--no-time"])
        .output()
        .unwrap();
    let moves = String::from_utf8(moves.stdout).unwrap();
    let mut broken: Vec<&str> = moves.split_whitespace().collect();
    broken.swap(2, 9);
    std::fs::write(&tours, format!("{moves}{}\n", broken.join(" "))).unwrap();
    let part = file("part.json");
    let counted = knights_tour()
        .args(["count", "5", "--shard", "1/1", "--json", "-q"])
        .output()
        .unwrap();
    assert!(counted.status.success(), "{counted:?}");
    std::fs::write(&part, &counted.stdout).unwrap();
    let port = free_port().to_string();

    let runs: Vec<Vec<&str>> = vec![
        vec!["count", "5", "--json", "--check"],
        vec!["bench", "3x4", "--closed"],
        // More memory than the machine has: a note says it is capped.
        vec![
            "count",
            "5",
            "--method",
            "frontier",
            "--memory",
            "1048576GiB",
            "--json",
        ],
        vec!["count", "5", "--method", "edges", "--json"],
        vec!["count", "5", "--method", "backtrack", "--json"],
        vec!["count", "5", "--by-start", "--json", "--check"],
        vec!["count", "5", "--from", "a1", "--by-end", "--json"],
        vec!["count", "5", "--from", "a1", "--to", "c2", "--json"],
        vec!["count", "6", "--closed", "--up-to-symmetry", "--json"],
        vec!["count", "5x6", "--closed", "--up-to-symmetry", "--json"],
        vec!["count", "5", "--processes", "1", "--port", &port, "--json"],
        vec!["count", "5", "--pairs", "--json"],
        vec!["count", "5", "--shard", "2/3", "--json"],
        vec!["tour", "5", "--json"],
        vec![
            "tour", "5", "--random", "--seed", "1", "--count", "2", "--json",
        ],
        vec!["find", "5", "--json", "--no-time"],
        vec!["find", "6", "--closed", "--json", "--no-time"],
        vec!["verify", &tours, "--json"],
        vec!["known", "--json"],
        vec!["known", "--sequence", "A306283", "--json"],
        vec!["sequence", "4", "--to", "6", "--oeis", "A079137", "--json"],
        vec!["sequence", "3", "--to", "8", "--cells", "--json"],
        vec!["shards", "5", "--shards", "2", "--json"],
        vec!["shards", "5", "--json"],
        vec!["merge", &part, "--json", "--check"],
    ];
    // A verify of a broken tour exits 1: its document is still printed.
    let mut emitted: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut documents: Vec<(String, Value)> = Vec::new();
    for args in &runs {
        let doc = if args[0] == "verify" {
            let output = knights_tour().args(args).output().unwrap();
            assert_eq!(output.status.code(), Some(1), "{args:?}: {output:?}");
            serde_json::from_slice(&output.stdout).unwrap()
        } else {
            document(args)
        };
        let schema = doc["schema"]
            .as_str()
            .unwrap_or_else(|| panic!("{args:?}: no schema"))
            .to_string();
        for field in ["version", "commit"] {
            assert!(doc[field].is_string(), "{args:?}: no {field}");
        }
        paths(&doc, "", emitted.entry(schema.clone()).or_default());
        documents.push((format!("{args:?}"), doc));
    }

    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md");
    let text = std::fs::read_to_string(&docs).unwrap();
    let sections = sections(&text);
    let mut undocumented = Vec::new();
    for (schema, fields) in &emitted {
        let Some(section) = sections.get(schema) else {
            undocumented.push(format!("{schema}: no section"));
            continue;
        };
        for field in fields {
            if !section.contains(&format!("`{field}`")) {
                undocumented.push(format!("{schema}: `{field}`"));
            }
        }
    }
    assert!(
        undocumented.is_empty(),
        "docs/json.md does not document:\n{}",
        undocumented.join("\n")
    );
    // One rule for absent values: every field in the tables is present
    // (null when it has no value) wherever its parent is.
    let mut absent = Vec::new();
    for (args, doc) in &documents {
        let schema = doc["schema"].as_str().unwrap();
        for field in table_fields(&sections[schema]) {
            let path: Vec<&str> = field.split('.').collect();
            if missing(doc, &path) {
                absent.push(format!("{args}: `{field}`"));
            }
        }
    }
    assert!(
        absent.is_empty(),
        "fields documented but left out:\n{}",
        absent.join("\n")
    );
    // Every schema the program prints was seen.
    for schema in [
        "knights-tour/run/1",
        "knights-tour/pairs-part/2",
        "knights-tour/tour/1",
        "knights-tour/find/1",
        "knights-tour/verify/1",
        "knights-tour/known/1",
        "knights-tour/sequence-terms/1",
        "knights-tour/sequence/1",
        "knights-tour/pairs-plan/1",
        "knights-tour/pairs-merged/1",
    ] {
        assert!(emitted.contains_key(schema), "{schema} not printed");
        assert!(sections.contains_key(schema), "{schema} not documented");
    }
}

#[test]
fn missing_fields_are_found_below_objects_and_lists() {
    let doc: Value =
        serde_json::from_str(r#"{"a": {"b": [{"c": 1}, {"d": 2}]}, "e": null, "f": []}"#).unwrap();
    let missing = |path: &str| missing(&doc, &path.split('.').collect::<Vec<_>>());
    assert!(missing("a.b[].c"), "the second element has no c");
    assert!(!missing("a.b"));
    assert!(missing("a.x"));
    assert!(!missing("e"));
    assert!(!missing("e.anything"), "below null");
    assert!(!missing("f[].anything"), "below an empty list");
    assert!(missing("g"));
}

#[test]
fn field_paths_collapse_arrays() {
    let doc: Value = serde_json::from_str(
        r#"{"a": {"b": [{"c": 1}, {"d": [[2]]}]}, "e": null, "f": [[{"g": 3}]]}"#,
    )
    .unwrap();
    let mut out = BTreeSet::new();
    paths(&doc, "", &mut out);
    let out: Vec<&str> = out.iter().map(String::as_str).collect();
    assert_eq!(out, ["a", "a.b", "a.b[].c", "a.b[].d", "e", "f", "f[][].g"]);
}
