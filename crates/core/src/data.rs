//! Loading RON data files with errors that name the file and line.
//!
//! A game's data is a set of files under `assets/<game>/`. The rules crates
//! embed a copy at compile time (so `vt` and tests need no working
//! directory), and the launcher or `vt --assets DIR` can hand in edited
//! files instead: that is how a player changes an assumption.

pub use ron::ser::PrettyConfig;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file, as the player knows it ("assets/csar/cards.ron").
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        } else {
            write!(f, "{}: {}", self.file, self.message)
        }
    }
}

impl std::error::Error for DataError {}

impl DataError {
    pub fn file(file: &str, message: impl Into<String>) -> Self {
        DataError {
            file: file.into(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }
}

/// Parses RON text; on error, says which file, line and column.
///
/// Every RON file the app reads (data files, saves, settings, notes,
/// records) comes through here, and ron's parser runs behind
/// `erased_serde`'s type-erased deserializer: its code is compiled once
/// rather than once per type read (issue 15: each instance cost the web build
/// about 0.8 MB). The text, the values and the errors (message, line, column)
/// are ron's own (`tests::same_as_ron`), except for one thing ron decides by
/// the visitor's type, which erasure hides: serde's buffered content
/// (`#[serde(untagged)]`, `#[serde(tag = ...)]`, `flatten`), which no type
/// read here uses.
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    let mut value = None;
    parse_erased(file, text, &mut |d| {
        value = Some(erased_serde::deserialize::<T>(d)?);
        Ok(())
    })?;
    // `parse_erased` succeeds only after `read` returned Ok, which sets it.
    value.ok_or_else(|| DataError::file(file, "nothing read"))
}

/// The one instance of ron's parser: reads `text` with `read`, then checks
/// that nothing but whitespace and comments follows, as `ron::from_str` does.
fn parse_erased(
    file: &str,
    text: &str,
    read: &mut dyn FnMut(&mut dyn erased_serde::Deserializer) -> Result<(), erased_serde::Error>,
) -> Result<(), DataError> {
    let spanned = |e: ron::error::SpannedError| DataError {
        file: file.into(),
        line: e.span.start.line,
        column: e.span.start.col,
        // The parser quotes what it met, which may be a whole huge string.
        message: crate::echo::clip_to(&e.code.to_string(), crate::echo::MESSAGE_CHARS).into_owned(),
    };
    let mut de = ron::Deserializer::from_str(text).map_err(spanned)?;
    // An error from ron's parser comes back through the erased layer as its
    // text (`ron::Error`'s Display); the position is the parser's, taken
    // here just as `ron::from_str` takes it.
    let read = read(&mut <dyn erased_serde::Deserializer>::erase(&mut de))
        .map_err(|e| ron::Error::Message(e.to_string()));
    read.and_then(|()| de.end())
        .map_err(|e| spanned(de.span_error(e)))
}

/// The layout of written RON: [`Layout::Compact`] on one line (as
/// `ron::to_string`), or [`Layout::Pretty`] (as `ron::ser::to_string_pretty`).
pub enum Layout {
    Compact,
    Pretty(PrettyConfig),
}

/// Writes a value as RON text, through the one instance of ron's writer
/// (see [`parse_ron`]): the same text as ron's `to_string` or
/// `to_string_pretty`.
pub fn to_ron<T: Serialize>(value: &T, layout: Layout) -> Result<String, ron::Error> {
    write_erased(value, layout)
}

fn write_erased(value: &dyn erased_serde::Serialize, layout: Layout) -> Result<String, ron::Error> {
    let mut out = String::new();
    let pretty = match layout {
        Layout::Compact => None,
        Layout::Pretty(c) => Some(c),
    };
    let mut ser = ron::Serializer::new(&mut out, pretty)?;
    erased_serde::serialize(value, &mut ser)?;
    Ok(out)
}

/// The largest data file `override_from_dir` reads (the biggest built-in
/// one, a map, is a few hundred kB).
pub const MAX_DATA_BYTES: u64 = 16 << 20;

/// The text of a game's data files, keyed by path relative to `assets/`
/// ("csar/action_cards.ron").
#[derive(Clone, Debug, Default)]
pub struct DataFiles {
    files: BTreeMap<String, String>,
}

impl DataFiles {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(mut self, path: &str, text: &str) -> Self {
        self.insert(path, text.to_string());
        self
    }

    pub fn insert(&mut self, path: &str, text: String) {
        self.files.insert(path.to_string(), text);
    }

    /// Replaces each known file with the copy under `assets_dir`, where one
    /// exists; so a player's edited file wins over the embedded one.
    pub fn override_from_dir(&mut self, assets_dir: &Path) -> Result<(), DataError> {
        let keys: Vec<String> = self.files.keys().cloned().collect();
        for k in keys {
            let p = assets_dir.join(&k);
            if p.exists() {
                let text = crate::files::read_text(&p, MAX_DATA_BYTES)
                    .map_err(|e| DataError::file(&p.display().to_string(), e.error.to_string()))?;
                self.files.insert(k, text);
            }
        }
        Ok(())
    }

    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(|s| s.as_str())
    }

    pub fn text(&self, path: &str) -> Result<&str, DataError> {
        self.files
            .get(path)
            .map(|s| s.as_str())
            .ok_or_else(|| DataError::file(&format!("assets/{path}"), "data file missing"))
    }

    /// Parses one file; errors are reported as `assets/<path>:line:col`.
    pub fn parse<T: DeserializeOwned>(&self, path: &str) -> Result<T, DataError> {
        parse_ron(&format!("assets/{path}"), self.text(path)?)
    }
}

/// Embeds a data file from the workspace's `assets/` folder, keyed by its
/// path under `assets/`: `(path, Embedded)`, the file stored deflated
/// (`Embedded::text` inflates it). Use from a rules crate at
/// `crates/<game>/rules`.
#[macro_export]
macro_rules! embed_asset {
    ($path:literal) => {
        (
            $path,
            $crate::data::Embedded($crate::stored!("../../../assets/", $path)),
        )
    };
}

/// A file embedded in the program as a DEFLATE stream made at compile time:
/// fonts deflated (`vt_core::deflated!("path under the crate")`: 0.33 MB of
/// fonts in 0.16 MB), the data files in stored blocks (`embed_asset!`,
/// `vt_core::stored!`: the page's gzip and brotli pack their text better;
/// vt-embed says what each costs). Read back whole when asked: once, at
/// start-up or when a game is built from its embedded data.
#[derive(Clone, Copy, Debug)]
pub struct Embedded(pub &'static [u8]);

impl Embedded {
    /// The file's bytes as they were.
    pub fn bytes(&self) -> Vec<u8> {
        // Deflated by vt-embed when the program was built: nothing a player
        // gives can make this fail.
        miniz_oxide::inflate::decompress_to_vec(self.0)
            .expect("deflated at build time by vt_core::deflated! or stored!")
    }

    /// The file's text (data files are UTF-8, as `include_str!` required).
    pub fn text(&self) -> String {
        String::from_utf8(self.bytes()).expect("an embedded data file is UTF-8")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `deflated!` stores inflates to the file, byte for byte, and is
    /// smaller than it. (`embed_asset!` is checked by every rules crate:
    /// their games are built from their embedded files.)
    #[test]
    fn embedded_files_inflate_to_the_file() {
        let packed = Embedded(crate::deflated!("src/", "data.rs"));
        let file = include_str!("data.rs");
        assert_eq!(packed.text(), file);
        assert!(
            packed.0.len() * 2 < file.len(),
            "{} of {}",
            packed.0.len(),
            file.len()
        );
    }

    /// What `stored!` keeps reads back to the file too, and is the file's
    /// bytes as they are (stored blocks: five bytes of framing every 64 KB),
    /// so that the page's compression sees the text.
    #[test]
    fn stored_files_read_back_and_are_the_text() {
        let stored = Embedded(crate::stored!("src/", "data.rs"));
        let file = include_str!("data.rs");
        assert_eq!(stored.text(), file);
        let framing = 5 * file.len().div_ceil(65535);
        assert_eq!(stored.0.len(), file.len() + framing);
        let start = &file.as_bytes()[..64];
        assert!(stored.0.windows(64).any(|w| w == start));
    }
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Row {
        name: String,
        cost: u8,
    }

    /// `Row` written too, for the round trip.
    #[derive(Debug, Deserialize, serde::Serialize)]
    struct RowOut {
        name: String,
        cost: u8,
    }

    #[test]
    fn error_names_file_and_line() {
        let files = DataFiles::new().with(
            "test/rows.ron",
            "[\n  (name: \"Clear\", cost: 1),\n  (name: \"Jungle\", cost: \"two\"),\n]",
        );
        let err = files.parse::<Vec<Row>>("test/rows.ron").unwrap_err();
        assert_eq!(err.file, "assets/test/rows.ron");
        assert_eq!(err.line, 3);
        assert!(
            err.to_string().starts_with("assets/test/rows.ron:3:"),
            "{err}"
        );
        let missing = files.parse::<Vec<Row>>("test/none.ron").unwrap_err();
        assert!(missing.to_string().contains("assets/test/none.ron"));
    }

    #[test]
    fn same_as_ron() {
        use crate::hex::Mp;
        use crate::session::{Save, SaveHeader, Session};
        use crate::testing::{Pig, PigCommand, PigState, assert_reads_as_ron, assert_same_as_ron};
        use crate::{Ruleset, Setup};
        // A save: a game under way, written by the erased writer and by ron.
        let rules = std::sync::Arc::new(Pig { goal: 30 });
        let mut s = Session::new(rules, Setup::new("race", 7)).unwrap();
        for _ in 0..6 {
            let c = s.rules.legal(&s.state)[0].clone();
            s.apply(c).unwrap();
        }
        let save = s.save_ron();
        let cfg = PrettyConfig::new().depth_limit(3);
        assert_eq!(save, ron::ser::to_string_pretty(&s.to_save(), cfg).unwrap());
        type PigSave = Save<PigCommand, PigState>;
        assert!(assert_same_as_ron::<PigSave>("g.ron", &save).is_ok());
        assert!(assert_reads_as_ron::<SaveHeader>("g.ron", &save).is_ok());
        // Broken saves: cut short, a command that is none, a field of the
        // wrong type, something after the end, a field missing.
        let broken = [
            save[..save.len() / 2].to_string(),
            save.replacen("Roll", "Jump", 1),
            save.replacen("seed: 7", "seed: \"seven\"", 1),
            format!("{save} (x)"),
            save.replacen("seed: 7,", "", 1),
        ];
        for text in &broken {
            assert!(
                assert_same_as_ron::<PigSave>("bad.ron", text).is_err(),
                "{text}"
            );
        }
        // A data file, fine and with an error on line 3.
        let rows = "[\n  (name: \"Clear\", cost: 1),\n  (name: \"Jungle\", cost: 2),\n]";
        assert!(assert_same_as_ron::<Vec<RowOut>>("rows.ron", rows).is_ok());
        let e = assert_same_as_ron::<Vec<RowOut>>("rows.ron", &rows.replace("2)", "\"two\")"));
        assert_eq!(e.unwrap_err().line, 3);
        // A type with its own Deserialize (numbers or strings), fine and not.
        assert!(assert_same_as_ron::<Vec<Mp>>("mp.ron", r#"[2, "1½", 1.5, 0]"#).is_ok());
        for bad in ["-2", "1.2", "\"two\"", "[1, 2"] {
            assert!(assert_same_as_ron::<Mp>("mp.ron", bad).is_err(), "{bad}");
        }
        // Options, maps, chars and units, both ways.
        type Mixed = (Option<Vec<u8>>, BTreeMap<String, (i64, f64)>, char, ());
        let v: Mixed = (
            Some(vec![1, 2]),
            BTreeMap::from([("a".into(), (-3, 0.5))]),
            'x',
            (),
        );
        let text = ron::to_string(&v).unwrap();
        assert!(assert_same_as_ron::<Mixed>("v.ron", &text).is_ok());
    }

    /// The erased visitor of vendor/erased-serde has one method per kind of
    /// value (u64 for u8–u32, i64 for i8–i32, f64 for f32, str for char,
    /// String and borrowed str; vendor/README.md): every narrower value ron
    /// hands over is still read as ron reads it, and every refusal is ron's,
    /// word for word and at ron's line and column. Byte strings (`b"…"`,
    /// which no file here holds) are refused, as by a type without bytes.
    #[test]
    fn narrow_values_read_as_ron_reads_them() {
        use crate::testing::assert_same_as_ron;
        #[derive(Debug, Serialize, Deserialize)]
        struct Narrow {
            a: u8,
            b: u16,
            c: u32,
            d: i8,
            e: i16,
            f: i32,
            g: f32,
            h: char,
            plain: String,
            escaped: String,
            bytes: Vec<u8>,
            unit: (),
            some: Option<u8>,
        }
        let fine = "(a: 255, b: 65535, c: 4294967295, d: -128, e: -32768, \
                    f: -2147483648, g: 0.1, h: 'é', plain: \"ab\", escaped: \"a\\\"b\\n\", \
                    bytes: [1, 2], unit: (), some: Some(7))";
        let read = assert_same_as_ron::<Narrow>("n.ron", fine).unwrap();
        assert_eq!((read.a, read.d, read.g, read.h), (255, -128, 0.1, 'é'));
        assert_eq!(read.escaped, "a\"b\n");
        // Out of range, the wrong kind, a string for a char: ron's words.
        for (from, to) in [
            ("a: 255", "a: 256"),
            ("d: -128", "d: -129"),
            ("b: 65535", "b: -1"),
            ("f: -2147483648", "f: 2147483648"),
            ("c: 4294967295", "c: \"x\""),
            ("g: 0.1", "g: 'x'"),
            ("h: 'é'", "h: \"ab\""),
            ("h: 'é'", "h: 3"),
            ("h: 'é'", "h: \"z\""),
            ("plain: \"ab\"", "plain: 'q'"),
            ("plain: \"ab\"", "plain: 5"),
            ("some: Some(7)", "some: Some(-7)"),
        ] {
            let text = fine.replace(from, to);
            assert!(
                assert_same_as_ron::<Narrow>("n.ron", &text).is_err(),
                "{text}"
            );
        }
        // A byte string: ron refuses it for a String itself, and where a
        // type takes any value (Mp) the refusal is the same.
        let text = fine.replace("plain: \"ab\"", "plain: b\"ab\"");
        assert!(assert_same_as_ron::<Narrow>("n.ron", &text).is_err());
        let e = assert_same_as_ron::<crate::hex::Mp>("mp.ron", "b\"1\"").unwrap_err();
        assert!(e.message.contains("byte string"), "{e}");
    }

    /// vendor/erased-serde hands a struct's visitor (a struct, a struct
    /// variant) only a map and an identifier's visitor (a field or variant
    /// name) only a str, the one kind ron gives each (vendor/README.md):
    /// every struct, field and variant shape the data files use still reads
    /// as ron reads it, and every refusal is ron's, word for word, line and
    /// column.
    #[test]
    fn structs_and_names_read_as_ron_reads_them() {
        use crate::testing::assert_same_as_ron;
        #[derive(Debug, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Inner {
            x: u8,
            #[serde(default)]
            y: Option<String>,
        }
        #[derive(Debug, Serialize, Deserialize)]
        struct Tuple(u8, i8);
        #[derive(Debug, Serialize, Deserialize)]
        struct Newtype(u16);
        #[derive(Debug, Serialize, Deserialize)]
        struct Unit;
        #[derive(Debug, Serialize, Deserialize)]
        enum Shape {
            Plain,
            Wrapped(Inner),
            Pair(u8, u8),
            Named {
                a: u8,
                #[serde(rename = "type")]
                kind: String,
            },
        }
        #[derive(Debug, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Outer {
            inner: Inner,
            tuple: Tuple,
            newtype: Newtype,
            unit: Unit,
            shapes: Vec<Shape>,
            #[serde(rename = "type")]
            raw: u8,
        }
        #[derive(Debug, Serialize, Deserialize)]
        struct Strict {
            inner: Inner,
            shape: Shape,
        }
        let fine = "(inner: (x: 1), tuple: (2, -3), newtype: (4), unit: (), \
                    shapes: [Plain, Wrapped((x: 5, y: Some(\"w\"))), Pair(6, 7), \
                    Named(a: 8, type: \"k\")], r#type: 9)";
        let read = assert_same_as_ron::<Outer>("o.ron", fine).unwrap();
        assert_eq!((read.inner.x, read.tuple.1, read.newtype.0), (1, -3, 4));
        assert_eq!(read.raw, 9);
        assert!(matches!(&read.shapes[3], Shape::Named { a: 8, kind } if kind == "k"));
        let strict = "(inner: Inner(x: 1, y: None), shape: Named(a: 2, type: \"t\"))";
        assert!(assert_same_as_ron::<Strict>("s.ron", strict).is_ok());
        // A struct given every other kind of value; a struct variant too;
        // unknown, missing and repeated fields; unknown variants; a field
        // name where a value belongs.
        let strict_bad = [
            ("inner: Inner(x: 1, y: None)", "inner: [1, 2]"),
            ("inner: Inner(x: 1, y: None)", "inner: 1"),
            ("inner: Inner(x: 1, y: None)", "inner: -1"),
            ("inner: Inner(x: 1, y: None)", "inner: 1.5"),
            ("inner: Inner(x: 1, y: None)", "inner: \"x\""),
            ("inner: Inner(x: 1, y: None)", "inner: true"),
            ("inner: Inner(x: 1, y: None)", "inner: None"),
            ("inner: Inner(x: 1, y: None)", "inner: Some((x: 1))"),
            ("inner: Inner(x: 1, y: None)", "inner: {\"x\": 1}"),
            ("inner: Inner(x: 1, y: None)", "inner: Other(x: 1)"),
            ("inner: Inner(x: 1, y: None)", "inner: (x: 1, z: 2)"),
            ("inner: Inner(x: 1, y: None)", "inner: (y: None)"),
            ("inner: Inner(x: 1, y: None)", "inner: (x: 1, x: 2)"),
            ("inner: Inner(x: 1, y: None)", "inner: (1, None)"),
            ("inner: Inner(x: 1, y: None)", "inner: ()"),
            ("shape: Named(a: 2, type: \"t\")", "shape: Named(2, \"t\")"),
            ("shape: Named(a: 2, type: \"t\")", "shape: Named"),
            (
                "shape: Named(a: 2, type: \"t\")",
                "shape: Named(a: 2, kind: \"t\")",
            ),
            ("shape: Named(a: 2, type: \"t\")", "shape: Nameless(a: 2)"),
            ("shape: Named(a: 2, type: \"t\")", "shape: Pair(a: 1, b: 2)"),
            ("shape: Named(a: 2, type: \"t\")", "shape: Wrapped([1])"),
            ("shape: Named(a: 2, type: \"t\")", "shape: 3"),
            ("shape: Named(a: 2, type: \"t\")", "shape: \"Named\""),
        ];
        for (from, to) in strict_bad {
            let text = strict.replace(from, to);
            assert_ne!(text, strict);
            assert!(
                assert_same_as_ron::<Strict>("s.ron", &text).is_err(),
                "{text}"
            );
        }
        // deny_unknown_fields, a raw field name, the tuple, newtype and unit
        // structs given the wrong shapes.
        for (from, to) in [
            ("r#type: 9", "type: 9"),
            ("tuple: (2, -3)", "tuple: (a: 2)"),
            ("tuple: (2, -3)", "tuple: [2, -3, 4]"),
            ("newtype: (4)", "newtype: (x: 4)"),
            ("unit: ()", "unit: (a: 1)"),
            ("r#type: 9", "r#type: 9, extra: 10"),
        ] {
            let text = fine.replace(from, to);
            assert_ne!(text, fine);
            let _ = assert_same_as_ron::<Outer>("o.ron", &text);
        }
    }
}
