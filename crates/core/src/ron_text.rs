//! RON read as text: its tokens, and one field of its outermost struct.
//!
//! A save's snapshot is checked against the replayed state as text (see
//! [`crate::session`]): the state is written again and the two texts must
//! have the same tokens. So no game state is ever parsed back, and the
//! browser build carries no deserializer for any game's state (issue 15:
//! the derived visitors of every state type). Layout is not content: the
//! tokens leave out whitespace, comments and a comma just before a closing
//! bracket, so a save written compact or pretty, by hand-indenting or by
//! ron, compares the same; a changed value, field or name does not.

/// A token of RON text and where it starts (a byte offset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub start: usize,
}

fn is_punct(c: u8) -> bool {
    matches!(c, b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' | b':')
}

fn is_closer(t: &str) -> bool {
    matches!(t, ")" | "]" | "}")
}

/// The end of a string or char literal starting at `start` (its quote),
/// after the closing quote; backslash escapes skipped.
fn quoted_end(b: &[u8], start: usize) -> usize {
    let quote = b[start];
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The end of a raw string `r#"…"#` starting at `start` (the `r`), or None
/// if the text there is not one (a raw identifier `r#name`, or a plain word).
fn raw_string_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < b.len() && b[i] == b'#' {
        i += 1;
    }
    if i >= b.len() || b[i] != b'"' {
        return None;
    }
    let hashes = i - start - 1;
    i += 1;
    while i < b.len() {
        if b[i] == b'"'
            && b[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == b'#')
                .count()
                == hashes
        {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(b.len())
}

/// The end of a comment starting at `start` (its `/`), or None if there is
/// no comment there. Block comments nest, as ron's do.
fn comment_end(b: &[u8], start: usize) -> Option<usize> {
    match b.get(start + 1) {
        Some(b'/') => Some(
            b[start..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| start + p + 1),
        ),
        Some(b'*') => {
            let (mut depth, mut i) = (1, start + 2);
            while i < b.len() && depth > 0 {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                } else {
                    i += 1;
                }
            }
            Some(i)
        }
        _ => None,
    }
}

/// The tokens of `text`: brackets, commas and colons one each, string and
/// char literals whole, any other run of characters (a name, a number) as
/// one. Whitespace and comments are left out, and so is a comma that only
/// ends a list (one right before a closing bracket).
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let b = text.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let end = if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if c == b'/' && comment_end(b, i).is_some() {
            i = comment_end(b, i).unwrap_or(b.len());
            continue;
        } else if is_punct(c) {
            i + 1
        } else if c == b'"' || c == b'\'' {
            quoted_end(b, i)
        } else if let Some(end) = (c == b'r').then(|| raw_string_end(b, i)).flatten() {
            end
        } else {
            let mut j = i + 1;
            while j < b.len()
                && !b[j].is_ascii_whitespace()
                && !is_punct(b[j])
                && b[j] != b'"'
                && !(b[j] == b'/' && comment_end(b, j).is_some())
            {
                j += 1;
            }
            j
        };
        let token = Token {
            text: &text[i..end],
            start: i,
        };
        if is_closer(token.text) && out.last().is_some_and(|t| t.text == ",") {
            out.pop();
        }
        out.push(token);
        i = end;
    }
    out
}

/// True if the two texts hold the same RON, layout aside (see [`tokens`]).
pub fn same_tokens(a: &str, b: &str) -> bool {
    let (a, b) = (tokens(a), tokens(b));
    a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x.text == y.text)
}

/// The text of field `name`'s value in the outermost struct of `text`
/// (`(format: 1, snapshot: (…))` or `Save(…)`), or None if it has none.
pub fn top_field<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let toks = tokens(text);
    let open = toks.iter().position(|t| t.text == "(")?;
    let mut depth = 0usize;
    let mut i = open;
    while i < toks.len() {
        match toks[i].text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return None;
                }
            }
            t if depth == 1 && t == name && toks.get(i + 1).is_some_and(|c| c.text == ":") => {
                let first = toks.get(i + 2)?;
                let mut d = 0usize;
                for (j, t) in toks.iter().enumerate().skip(i + 2) {
                    match t.text {
                        "(" | "[" | "{" => d += 1,
                        ")" | "]" | "}" if d == 0 => {
                            return Some(value_text(text, first, &toks[j - 1]));
                        }
                        ")" | "]" | "}" => d -= 1,
                        "," if d == 0 => return Some(value_text(text, first, &toks[j - 1])),
                        _ => {}
                    }
                }
                return None;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The text from the first token to the end of the last.
fn value_text<'a>(text: &'a str, first: &Token, last: &Token) -> &'a str {
    &text[first.start..last.start + last.text.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    fn texts(s: &str) -> Vec<&str> {
        tokens(s).iter().map(|t| t.text).collect()
    }

    #[test]
    fn layout_and_comments_are_not_tokens() {
        assert_eq!(
            texts("( a: 1 , b : \"x, )\" ,// note\n c: [1,2,], /* a /* nested */ block */ )"),
            [
                "(", "a", ":", "1", ",", "b", ":", "\"x, )\"", ",", "c", ":", "[", "1", ",", "2",
                "]", ")"
            ]
        );
        assert_eq!(
            texts(r##"(s: r#"a "quoted" b"#, c: '\'', r#type: -1.5e3)"##).len(),
            13
        );
        assert!(same_tokens(
            "(a:1,b:[2,3])",
            "(\n    a: 1,\n    b: [\n        2,\n        3,\n    ],\n)"
        ));
        assert!(!same_tokens("(a:1,b:[2,3])", "(a:1,b:[2,4])"));
        assert!(!same_tokens("(a:\"x y\")", "(a:\"x  y\")"));
        assert!(!same_tokens("(a:1)", "(b:1)"));
    }

    #[derive(Serialize)]
    struct Inner {
        v: Vec<(u8, String)>,
        f: f64,
    }
    #[derive(Serialize)]
    struct Outer {
        head: u32,
        snapshot: Inner,
        tail: Option<Inner>,
    }

    #[test]
    fn a_field_is_found_at_the_top_only_and_reads_the_same_compact_or_pretty() {
        let value = Outer {
            head: 1,
            snapshot: Inner {
                v: vec![(1, "snapshot: (x)".into()), (2, "]),".into())],
                f: 0.25,
            },
            tail: Some(Inner { v: vec![], f: -1.0 }),
        };
        let compact = ron::to_string(&value).unwrap();
        let pretty =
            ron::ser::to_string_pretty(&value, ron::ser::PrettyConfig::new().depth_limit(2))
                .unwrap();
        let inner = ron::to_string(&value.snapshot).unwrap();
        assert_eq!(top_field(&compact, "snapshot"), Some(inner.as_str()));
        assert!(same_tokens(top_field(&pretty, "snapshot").unwrap(), &inner));
        assert!(same_tokens(
            top_field(&pretty, "tail").unwrap(),
            "Some((v:[],f:-1.0))"
        ));
        assert_eq!(top_field(&compact, "head"), Some("1"));
        // `v` and `f` are fields of inner structs only.
        assert_eq!(top_field(&compact, "v"), None);
        assert_eq!(top_field(&compact, "f"), None);
        assert_eq!(top_field("Save(snapshot: 3)", "snapshot"), Some("3"));
        assert_eq!(top_field("(snapshot: ", "snapshot"), None);
        assert_eq!(top_field("", "snapshot"), None);
        assert_eq!(top_field("(a: ((((", "snapshot"), None);
    }
}
