//! One way to refuse a command: a check returns [`Checked`], which is
//! `Err(Refusal)` naming the section of the game's rulebook and saying why
//! in a player's words. The section is bare ("6.2"); the game adds its
//! rulebook's name once, where its `check` crosses the contract
//! ([`Refusal::in_book`] gives "FTE 6.2").
//!
//! Static messages cost nothing: a `legal` list that filters many
//! candidates through the checks allocates only for messages built with
//! [`ensure_with`] or [`refuse`] from a `String`, and only when refused.
//!
//! ```
//! use vt_core::refusal::{Checked, ensure, refuse};
//! fn check_stack(units_in_hex: usize, limit: usize) -> Checked {
//!     ensure(units_in_hex < limit, "6.2", "The hex holds all the units it may.")?;
//!     if units_in_hex > 9 {
//!         return refuse("6.2", format!("{units_in_hex} units already"));
//!     }
//!     Ok(())
//! }
//! let e = check_stack(3, 3).unwrap_err().in_book("FTE");
//! assert_eq!(e.rule, "FTE 6.2");
//! ```

use crate::engine::RuleError;
use std::borrow::Cow;
use std::fmt;

/// Why a command is refused: the rule section and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The section as the rulebook prints it ("6.2", "Combat 3.5").
    pub section: Cow<'static, str>,
    pub message: Cow<'static, str>,
}

/// The result of a check.
pub type Checked = Result<(), Refusal>;

impl Refusal {
    pub fn new(
        section: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Refusal {
            section: section.into(),
            message: message.into(),
        }
    }

    /// The contract's error, the section prefixed with the rulebook's
    /// short name ("FTE", "CSAR", "Grunt").
    pub fn in_book(self, book: &str) -> RuleError {
        RuleError::new(format!("{book} {}", self.section), self.message)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.section)
    }
}

/// Refuses: `Err` with the section and the reason.
pub fn refuse<T>(
    section: impl Into<Cow<'static, str>>,
    message: impl Into<Cow<'static, str>>,
) -> Result<T, Refusal> {
    Err(Refusal::new(section, message))
}

/// Passes when `cond` holds, else refuses with a fixed message.
pub fn ensure(cond: bool, section: &'static str, message: &'static str) -> Checked {
    if cond {
        Ok(())
    } else {
        refuse(section, message)
    }
}

/// As [`ensure`], the message built only when refused.
pub fn ensure_with(cond: bool, section: &'static str, message: impl FnOnce() -> String) -> Checked {
    if cond {
        Ok(())
    } else {
        refuse(section, message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_book_and_section() {
        assert_eq!(ensure(true, "6.2", "full"), Ok(()));
        let r = ensure(false, "6.2", "The hex is full.").unwrap_err();
        assert!(matches!(r.section, Cow::Borrowed("6.2")));
        let e = r.in_book("FTE");
        assert_eq!(e.rule, "FTE 6.2");
        assert_eq!(e.message, "The hex is full.");
        assert_eq!(e.to_string(), "The hex is full. (FTE 6.2)");
        let mut built = false;
        let ok = ensure_with(true, "7.1", || {
            built = true;
            String::from("never")
        });
        assert_eq!(ok, Ok(()));
        assert!(!built, "the message of a passed check is never built");
        let r = ensure_with(false, "7.1", || format!("range {}", 9)).unwrap_err();
        assert_eq!(r.message, "range 9");
    }
}
