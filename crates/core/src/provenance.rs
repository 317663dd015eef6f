//! Where a data value comes from. Every table entry, card and counter in
//! `assets/` carries one, and the game shows the Assumed and Derived ones to
//! the player.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Provenance {
    /// Read from the rulebook; the section as printed ("7.4").
    Rulebook(String),
    /// Read off a worked example ("assault example, 8.0").
    Derived(String),
    /// Chosen by the project where the text is silent or cut; the reason.
    Assumed(String),
}

impl Provenance {
    pub fn is_rulebook(&self) -> bool {
        matches!(self, Provenance::Rulebook(_))
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Provenance::Rulebook(_) => "Rulebook",
            Provenance::Derived(_) => "Derived",
            Provenance::Assumed(_) => "Assumed",
        }
    }

    pub fn detail(&self) -> &str {
        match self {
            Provenance::Rulebook(s) | Provenance::Derived(s) | Provenance::Assumed(s) => s,
        }
    }
}

impl fmt::Display for Provenance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Provenance::Rulebook(s) => write!(f, "rulebook {s}"),
            Provenance::Derived(s) => write!(f, "derived from {s}"),
            Provenance::Assumed(s) => write!(f, "assumed: {s}"),
        }
    }
}

/// A value with its source, as written in RON: `(value: 3, source: Rulebook("7.4"))`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Provenance,
}

impl<T> Sourced<T> {
    pub fn rulebook(value: T, section: &str) -> Self {
        Sourced {
            value,
            source: Provenance::Rulebook(section.into()),
        }
    }
}

/// One line of a game's "Sources and assumptions" view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SourceNote {
    /// The data file it lives in, relative to `assets/`.
    pub file: String,
    /// What the value is ("Target Effects Table, small arms, roll 9").
    pub item: String,
    /// The value as the player would read it.
    pub value: String,
    pub source: Provenance,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_from_ron() {
        let v: Vec<Sourced<i32>> = ron::from_str(
            r#"[
                (value: 2, source: Rulebook("7.1")),
                (value: 8, source: Derived("assault example, 8.0")),
                (value: 1, source: Assumed("row cut in the scan")),
            ]"#,
        )
        .unwrap();
        assert_eq!(v[0].source, Provenance::Rulebook("7.1".into()));
        assert_eq!(v[1].source.kind(), "Derived");
        assert_eq!(v[2].source.detail(), "row cut in the scan");
        assert_eq!(v[2].source.to_string(), "assumed: row cut in the scan");
    }
}
