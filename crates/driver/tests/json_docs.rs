//! docs/json.md documents every field the program prints in JSON.
//!
//! The commands run on small boards with `--json`, in the variants that
//! bring out every section (a check, a theorem, the frontier's levels,
//! symmetry, a cluster of one process, …). Every field path of every
//! document (`frontier.levels[].states`: objects by key, arrays collapsed
//! as `[]`) must appear in backticks in the section of docs/json.md whose
//! heading names the document's schema.
//!
//! docs/schemas holds a JSON Schema (draft 2020-12) of every document,
//! made from the same tables: each field's type, `null` where the table
//! says "or null", every field required (every field is always present),
//! other fields allowed (a schema may gain fields without a new version).
//! The test checks that the files are those the tables give
//! (`KT_UPDATE_SCHEMAS=1` rewrites them), and validates every document
//! the commands print and every example in docs/examples against them.

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
    // A part of the classes by start square: `to` absent from its classes.
    let starts_part = file("starts-part.json");
    let counted = knights_tour()
        .args(["count", "5", "--by-start", "--shard", "1/1", "--json", "-q"])
        .output()
        .unwrap();
    assert!(counted.status.success(), "{counted:?}");
    std::fs::write(&starts_part, &counted.stdout).unwrap();
    let port = free_port().to_string();

    let runs: Vec<Vec<&str>> = vec![
        vec!["count", "5", "--json", "--check"],
        vec!["bench", "3x4", "--closed", "--json"],
        vec![
            "bench", "3x4", "--closed", "--runs", "3", "--warmup", "1", "--json",
        ],
        vec!["bench", "3x4", "--closed", "--jsonl"],
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
        vec!["shards", "5", "--by-start", "--json"],
        vec!["merge", &starts_part, "--json"],
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
    // Every document is valid by its JSON Schema in docs/schemas.
    let schemas = schemas_in_docs(&sections);
    for (args, doc) in &documents {
        let schema = doc["schema"].as_str().unwrap();
        let validator = jsonschema::validator_for(&schemas[schema]).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(doc)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{args}: not {schema}:\n{}",
            errors.join("\n")
        );
    }
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

/// Where a schema's file is: `knights-tour/run/1` in
/// `docs/schemas/run-1.schema.json`.
fn schema_file(schema: &str) -> std::path::PathBuf {
    let name = schema.trim_start_matches("knights-tour/").replace('/', "-");
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/schemas")
        .join(format!("{name}.schema.json"))
}

/// The JSON Schema of every section of docs/json.md, by the schema it
/// names, checked against (or, with `KT_UPDATE_SCHEMAS=1`, written to)
/// docs/schemas. `knights-tour/starts-part/1` is the pairs part without
/// its classes' `to` (docs/json.md says so in words).
fn schemas_in_docs(sections: &BTreeMap<String, String>) -> BTreeMap<String, Value> {
    let mut tables: BTreeMap<String, Vec<(String, String, String)>> = sections
        .iter()
        .map(|(schema, section)| (schema.clone(), table_rows(section)))
        .collect();
    let starts: Vec<(String, String, String)> = tables["knights-tour/pairs-part/2"]
        .iter()
        .filter(|(path, _, _)| path != "classes[].to")
        .map(|(path, kind, meaning)| {
            let meaning = if path == "schema" {
                "`knights-tour/starts-part/1`".to_owned()
            } else {
                meaning.clone()
            };
            (path.clone(), kind.clone(), meaning)
        })
        .collect();
    tables.insert("knights-tour/starts-part/1".to_owned(), starts);
    let update = std::env::var_os("KT_UPDATE_SCHEMAS").is_some();
    let mut stale = Vec::new();
    let mut schemas = BTreeMap::new();
    for (schema, rows) in tables {
        let made = schema_of(&schema, &rows);
        let file = schema_file(&schema);
        let text = format!("{}\n", serde_json::to_string_pretty(&made).unwrap());
        if update {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &text).unwrap();
        } else if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
            stale.push(file.display().to_string());
        }
        schemas.insert(schema, made);
    }
    assert!(
        stale.is_empty(),
        "docs/schemas differs from docs/json.md's tables (KT_UPDATE_SCHEMAS=1 cargo test -p knights-tour --test driver json_docs:: rewrites it): {}",
        stale.join(", ")
    );
    schemas
}

/// A section's table rows: (path, type, meaning).
fn table_rows(section: &str) -> Vec<(String, String, String)> {
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| {
            let (path, rest) = rest.split_once("` |")?;
            let (kind, meaning) = rest.split_once(" | ")?;
            let meaning = meaning.trim_end().trim_end_matches('|').trim_end();
            Some((path.to_owned(), kind.trim().to_owned(), meaning.to_owned()))
        })
        .collect()
}

/// The JSON Schema a table describes.
fn schema_of(schema: &str, rows: &[(String, String, String)]) -> Value {
    let mut root = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": format!("https://knights-tour.invalid/schemas/{}.schema.json",
            schema.trim_start_matches("knights-tour/").replace('/', "-")),
        "title": schema,
        "description": format!("The document `{schema}` (docs/json.md). Generated from docs/json.md's table by crates/driver/tests/json_docs.rs."),
        "type": "object",
        "properties": {},
        "required": [],
    });
    for (path, kind, meaning) in rows {
        let mut node = &mut root;
        let steps: Vec<&str> = path.split('.').collect();
        for (i, step) in steps.iter().enumerate() {
            let key = step.trim_end_matches("[]");
            let lists = (step.len() - key.len()) / 2;
            if node["properties"].get(key).is_none() {
                if i + 1 == steps.len() {
                    node["properties"][key] = field(schema, kind, meaning);
                    node["required"]
                        .as_array_mut()
                        .unwrap()
                        .push(Value::from(key));
                } else {
                    // A parent the table describes in its own parent's
                    // words only (`pairs.classes`): its fields, no type.
                    node["properties"][key] = if lists > 0 {
                        serde_json::json!({"type": "array"})
                    } else {
                        serde_json::json!({})
                    };
                }
            }
            node = &mut node["properties"][key];
            for _ in 0..lists {
                if node.get("items").is_none() {
                    node["items"] =
                        serde_json::json!({"type": "object", "properties": {}, "required": []});
                }
                node = &mut node["items"];
            }
            if i + 1 < steps.len() && lists == 0 && node.get("properties").is_none() {
                node["properties"] = serde_json::json!({});
                node["required"] = serde_json::json!([]);
            }
        }
    }
    root
}

/// One field's schema from its row: its type (`string or null`, `list`,
/// …), and `const` for the `schema` field.
fn field(schema: &str, kind: &str, meaning: &str) -> Value {
    let types: Vec<Value> = kind
        .split(" or ")
        .map(|word| {
            Value::from(match word.trim() {
                "list" => "array",
                "string" | "integer" | "number" | "boolean" | "object" | "null" => word.trim(),
                other => panic!("{schema}: type `{other}`"),
            })
        })
        .collect();
    let mut field = serde_json::json!({ "description": meaning });
    field["type"] = if types.len() == 1 {
        types[0].clone()
    } else {
        Value::Array(types)
    };
    let constant = meaning.trim_matches('`');
    if constant.starts_with("knights-tour/") && !constant.contains(' ') {
        field["const"] = Value::from(constant);
    }
    field
}

/// Every example document in docs/examples is valid by the schema it
/// names.
#[test]
fn the_docs_examples_are_valid_by_their_schemas() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let sections = sections(&std::fs::read_to_string(docs.join("json.md")).unwrap());
    let schemas = schemas_in_docs(&sections);
    let mut seen = BTreeSet::new();
    for entry in std::fs::read_dir(docs.join("examples")).unwrap() {
        let path = entry.unwrap().path();
        let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        // A JSON document, or JSON Lines (bench --jsonl).
        let docs: Vec<Value> = match ext {
            "json" => vec![serde_json::from_str(&text).unwrap()],
            "jsonl" => text
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect(),
            _ => continue,
        };
        for doc in docs {
            let schema = doc["schema"].as_str().unwrap().to_owned();
            let file = schema_file(&schema);
            let written: Value =
                serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
            assert_eq!(written, schemas[&schema]);
            let validator = jsonschema::validator_for(&written).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&doc)
                .map(|e| format!("{}: {e}", e.instance_path()))
                .collect();
            assert!(
                errors.is_empty(),
                "{}: not {schema}:\n{}",
                path.display(),
                errors.join("\n")
            );
            seen.insert(schema);
        }
    }
    // An example of every document.
    let missing: Vec<&String> = schemas.keys().filter(|s| !seen.contains(*s)).collect();
    assert!(
        missing.is_empty(),
        "no example in docs/examples of {missing:?}"
    );
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
