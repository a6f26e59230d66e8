//! Charts as PNG (`plot -o chart.png`): the SVG every chart is drawn as,
//! rendered by resvg, for a document that cannot take SVG.
//!
//! Why one renderer for all: the levels and bars charts are plotters'
//! and the heat map is kt-tours' own SVG; rendering the SVG serves all
//! three the same, where plotters' bitmap backend would serve only its
//! own. Text is set in the system's fonts (`DejaVu Sans`, or whatever
//! `sans-serif` is there). PDF: neither plotters nor resvg writes one, so
//! the program does not (decided, docs/benchmarks.md, *Charts*): convert
//! the SVG (`rsvg-convert -f pdf`, Inkscape), which keeps it a vector.

use std::path::Path;

use crate::exit::CliError;

/// The fonts `sans-serif` means, in order of preference.
const SANS_SERIF: [&str; 6] = [
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "Arial",
    "Helvetica",
    "FreeSans",
];

/// Pixels per SVG pixel: twice the nominal size, for print.
const SCALE: f32 = 2.0;

/// Whether `path` asks for a PNG (its extension, in any case).
pub fn wanted(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// The error of a chart too large to render as PNG, with what to do.
fn too_large(why: &str) -> CliError {
    CliError {
        code: crate::exit::ExitCode::Limit,
        message: format!(
            "the chart is too large to render as PNG ({why}); write it as SVG (a FILE ending in .svg), which has no such limit"
        ),
    }
}

/// Refuses, before any work, `--png-width` where no PNG is written: no
/// picture asked for, or one whose FILE is an SVG (a vector picture, which
/// any viewer scales).
pub fn check_width(file: Option<&Path>, width: Option<u32>) -> Result<(), CliError> {
    match (file, width) {
        (_, None) => Ok(()),
        (Some(path), Some(_)) if wanted(path) => Ok(()),
        (Some(path), Some(_)) => Err(CliError::input(format!(
            "--png-width sizes a PNG, and {} is an SVG (a vector picture, which any viewer scales): name a .png file, or leave out --png-width",
            path.display()
        ))),
        (None, Some(_)) => Err(CliError::input(
            "--png-width sizes a PNG picture, and none is asked for: add the picture's FILE ending in .png",
        )),
    }
}

/// `svg` rendered as a PNG file's bytes, on white: `width` pixels wide
/// (the height in proportion), or twice the picture's own size.
pub fn from_svg(svg: &str, width: Option<u32>) -> Result<Vec<u8>, CliError> {
    let internal = |what: &str, e: &dyn std::fmt::Display| {
        CliError::other(format!(
            "internal error: cannot {what} the chart as PNG: {e}"
        ))
    };
    let mut options = resvg::usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // fontdb's `sans-serif` is Arial, which few Linux systems have: the
    // first of these that is installed instead.
    let installed: Vec<String> = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
        .collect();
    if let Some(family) = SANS_SERIF
        .iter()
        .find(|family| installed.iter().any(|name| name == *family))
    {
        fonts.set_sans_serif_family(*family);
    }
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| {
        // usvg and its XML parser stop at a fixed number of elements: a
        // chart of that size (a table of thousands of long counts) is no
        // bug, and SVG still writes it.
        if matches!(e, resvg::usvg::Error::ElementsLimitReached) || e.to_string().contains("limit")
        {
            too_large(&e.to_string())
        } else {
            internal("read", &e)
        }
    })?;
    let scale = width.map_or(SCALE, |w| w as f32 / tree.size().width());
    let size = tree.size().to_int_size().scale_by(scale).ok_or_else(|| {
        CliError::other("internal error: the chart has no size to render".to_owned())
    })?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| too_large(&format!("{} x {} pixels", size.width(), size.height())))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| internal("encode", &e))
}

/// Writes a picture to `path`: the SVG, or where `path` ends in `.png`
/// the PNG rendered from it (`plot -o`, `count --svg`, `merge --svg`,
/// `tour --svg`, `find --svg`).
/// `png_width` sizes the PNG ([`from_svg`]).
pub fn write_picture(path: &Path, svg: &str, png_width: Option<u32>) -> Result<(), CliError> {
    if wanted(path) {
        crate::output::write_file(path, from_svg(svg, png_width)?)
    } else {
        crate::output::write_file(path, svg)
    }
}
