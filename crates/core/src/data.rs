//! Loading RON data files with errors that name the file and line.
//!
//! A game's data is a set of files under `assets/<game>/`. The rules crates
//! embed a copy at compile time (so `vt` and tests need no working
//! directory), and the launcher or `vt --assets DIR` can hand in edited
//! files instead: that is how a player changes an assumption.

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
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    ron::from_str(text).map_err(|e| DataError {
        file: file.into(),
        line: e.span.start.line,
        column: e.span.start.col,
        // The parser quotes what it met, which may be a whole huge string.
        message: crate::echo::clip_to(&e.code.to_string(), crate::echo::MESSAGE_CHARS).into_owned(),
    })
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
/// path under `assets/`. Use from a rules crate at `crates/<game>/rules`.
#[macro_export]
macro_rules! embed_asset {
    ($path:literal) => {
        (
            $path,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../assets/",
                $path
            )),
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Row {
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
}
