//! Input quoted back in a message, cut to a readable length: a message that
//! names a 50 MB scenario name must not be 50 MB long.

use std::borrow::Cow;

/// How much of a name from input a message quotes.
pub const ECHO_CHARS: usize = 80;

/// How long a whole message built from input (a parser's complaint) may be.
pub const MESSAGE_CHARS: usize = 600;

/// `s` if it is at most [`ECHO_CHARS`] characters; else its start, an
/// ellipsis and its length.
pub fn clip(s: &str) -> Cow<'_, str> {
    clip_to(s, ECHO_CHARS)
}

/// `s` if it is at most `max` characters; else its first `max` characters
/// and "… (N bytes in all)".
pub fn clip_to(s: &str, max: usize) -> Cow<'_, str> {
    match s.char_indices().nth(max) {
        None => Cow::Borrowed(s),
        Some((cut, _)) => Cow::Owned(format!("{}… ({} bytes in all)", &s[..cut], s.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_cut() {
        assert_eq!(clip("hamlet-search"), "hamlet-search");
        let long = "x".repeat(50 << 20);
        let c = clip(&long);
        assert!(c.len() < 120, "{}", c.len());
        assert!(c.ends_with(&format!("({} bytes in all)", 50 << 20)));
        // Cut on a character, never inside one.
        let wide = "é".repeat(100);
        assert!(clip_to(&wide, 10).starts_with(&"é".repeat(10)));
        assert_eq!(clip_to("abc", 3), "abc");
        assert_eq!(clip_to("abcd", 3), "abc… (4 bytes in all)");
    }
}
