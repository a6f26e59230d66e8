//! The charts a paper can take (docs/benchmarks.md, *Charts*): each is
//! drawn by the program from reports it wrote, parsed as SVG, and checked
//! for its axis titles with their units, its tick labels, its legend
//! entries, the heat map's colour bar and total, and the tour's caption
//! and layers; `-o FILE.png` writes a PNG.

use std::path::Path;

use assert_cmd::Command;

fn knights_tour() -> Command {
    let mut cmd = Command::cargo_bin("knights-tour").expect("the binary is built for its tests");
    cmd.env_remove("RUST_LOG");
    cmd
}

/// Runs `args` and returns its stdout (it must succeed).
fn run(args: &[&str]) -> Vec<u8> {
    let output = knights_tour().args(args).arg("-q").output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    output.stdout
}

/// The text of every `<text>` element (its tspans joined), in order.
fn texts(svg: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(svg).unwrap();
    document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(roxmltree::Node::is_text)
                .filter_map(|t| t.text())
                .collect::<Vec<_>>()
                .join(" ")
                .trim()
                .to_owned()
        })
        .collect()
}

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/examples")
        .join(name)
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn the_levels_chart_has_units_round_ticks_once_and_a_legend() {
    let svg = String::from_utf8(run(&["plot", &example("count-6x6-open.json")])).unwrap();
    let texts = texts(&svg);
    assert!(
        texts.iter().any(|t| t == "step (squares decided)"),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t == "states in the level (log scale)"),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("6x6 open")),
        "legend: {texts:?}"
    );
    // The log axis names 1, 2 and 5 times powers of ten, each once.
    let ticks: Vec<&String> = texts
        .iter()
        .filter(|t| {
            ["1", "2", "5", "10", "20", "50", "100", "200", "500"].contains(&t.as_str())
                || t.ends_with(" k")
        })
        .collect();
    assert!(!ticks.is_empty(), "{texts:?}");
    let seconds =
        String::from_utf8(run(&["plot", &example("count-6x6-open.json"), "--time"])).unwrap();
    let texts = self::texts(&seconds);
    assert!(
        texts
            .iter()
            .any(|t| t == "time of the level (seconds, log scale)"),
        "{texts:?}"
    );
    // 10^-4 s is 0.0001 on the log axis, not 0 (the step axis starts at
    // 0), and no label is drawn twice.
    assert!(texts.iter().any(|t| t == "0.0001"), "{texts:?}");
    let mut seen = std::collections::BTreeSet::new();
    for text in &texts {
        assert!(seen.insert(text), "{text} twice: {texts:?}");
    }
}

#[test]
fn a_bar_chart_names_its_colours_and_its_unit() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for method in ["frontier", "backtrack"] {
        let file = dir.path().join(format!("{method}.json"));
        std::fs::write(&file, run(&["count", "5", "--method", method, "--json"])).unwrap();
        files.push(file.to_str().unwrap().to_owned());
    }
    let mut args = vec!["plot", "--chart", "bars"];
    args.extend(files.iter().map(String::as_str));
    let svg = String::from_utf8(run(&args)).unwrap();
    let texts = texts(&svg);
    assert!(
        texts.iter().any(|t| t.starts_with("wall time (seconds")),
        "{texts:?}"
    );
    // A legend entry per colour: one per method.
    for method in ["frontier", "backtrack"] {
        assert!(
            texts.iter().filter(|t| t.contains(method)).count() >= 2,
            "{method}: a row label and a legend entry: {texts:?}"
        );
    }
    // One report alone: one colour, no legend, the unit still there.
    let svg = String::from_utf8(run(&["plot", "--chart", "bars", "--memory", &files[0]])).unwrap();
    let texts = self::texts(&svg);
    assert!(
        texts.iter().any(|t| t == "peak resident memory (bytes)"),
        "{texts:?}"
    );
}

#[test]
fn a_heat_map_has_a_labelled_colour_bar_and_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.svg");
    let map_text = map.to_str().unwrap();
    run(&["count", "5", "--by-start", "--svg", map_text]);
    let svg = std::fs::read_to_string(&map).unwrap();
    let texts = texts(&svg);
    assert!(texts.iter().any(|t| t == "total: 1,728"), "{texts:?}");
    assert!(
        texts
            .iter()
            .any(|t| t == "colour: directed open tours starting on the square; the most 304"),
        "{texts:?}"
    );
    let document = roxmltree::Document::parse(&svg).unwrap();
    let ticks: Vec<String> = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("tick-label"))
        .map(|n| n.text().unwrap_or_default().to_owned())
        .collect();
    // 0, half the most (304, a corner) and the most: 5 columns leave no
    // room for quarters.
    assert_eq!(ticks, ["0", "152", "304"]);
    let wide = dir.path().join("wide.svg");
    run(&[
        "count",
        "3x7",
        "--by-start",
        "--svg",
        wide.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&wide).unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let ticks = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("tick-label"))
        .count();
    assert_eq!(ticks, 5, "quarters on 7 columns");
}

#[test]
fn plot_draws_a_table_exactly_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("by-start.json");
    std::fs::write(&report, run(&["count", "6", "--by-start", "--json"])).unwrap();
    let report = report.to_str().unwrap();
    let rounded = String::from_utf8(run(&["plot", "--chart", "table", report])).unwrap();
    let exact = String::from_utf8(run(&["plot", "--chart", "table", "--exact", report])).unwrap();
    // A corner of 6x6 starts tens of thousands of tours: three digits
    // and `k` rounded, every digit exactly.
    let cell = |svg: &str| {
        let document = roxmltree::Document::parse(svg).unwrap();
        let a1 = document
            .descendants()
            .find(|n| n.attribute("data-square") == Some("a1"))
            .unwrap();
        let text = a1.descendants().find(|n| n.has_tag_name("text")).unwrap();
        (
            a1.attribute("data-count").unwrap().to_owned(),
            text.descendants()
                .filter(roxmltree::Node::is_text)
                .filter_map(|t| t.text())
                .collect::<String>(),
        )
    };
    let (count, shown) = cell(&rounded);
    assert!(
        count.len() >= 5 && shown.ends_with(" k"),
        "{count}: {shown}"
    );
    let (count, shown) = cell(&exact);
    assert_eq!(shown.replace(['\u{2009}', ' '], ""), count);
    assert!(texts(&exact).iter().any(|t| t == "total: 6,637,920"));
}

#[test]
fn a_tour_has_a_caption_and_its_path_beneath_the_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("tour.svg");
    run(&["tour", "5", "--svg", picture.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&picture).unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let order: Vec<&str> = document
        .root_element()
        .children()
        .filter_map(|n| n.attribute("class"))
        .collect();
    let at = |class: &str| order.iter().position(|c| *c == class).unwrap();
    assert!(
        at("path") < at("number-discs") && at("number-discs") < at("numbers"),
        "{order:?}"
    );
    let caption = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("caption"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        caption.starts_with("Open knight's tour of 5x5: ") && caption.contains("green ring"),
        "{caption}"
    );
}

#[test]
fn charts_are_written_as_png_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("levels.png");
    run(&[
        "plot",
        &example("count-6x6-open.json"),
        "-o",
        png.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    // The width in the IHDR chunk: twice the SVG's 960 pixels.
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(width, 1920);
    let map = dir.path().join("map.png");
    run(&["count", "5", "--by-start", "--svg", map.to_str().unwrap()]);
    assert!(std::fs::read(&map).unwrap().starts_with(b"\x89PNG"));
}

/// `--png-width` sizes a PNG, the height in proportion, and is refused
/// before any work where no PNG is written.
#[test]
fn a_png_takes_the_width_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("tour.png");
    run(&[
        "tour",
        "5",
        "--svg",
        png.to_str().unwrap(),
        "--png-width",
        "500",
    ]);
    let bytes = std::fs::read(&png).unwrap();
    let side = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(side(16), 500);
    assert!(
        side(20) > 500,
        "a tour's caption lies under its board: {}",
        side(20)
    );
    let svg = dir.path().join("tour.svg");
    for args in [
        &[
            "tour",
            "5",
            "--svg",
            svg.to_str().unwrap(),
            "--png-width",
            "500",
        ][..],
        &["tour", "5", "--png-width", "500"],
        &[
            "tour",
            "5",
            "--svg",
            png.to_str().unwrap(),
            "--png-width",
            "5",
        ],
    ] {
        let output = knights_tour().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    assert!(!svg.exists());
}
