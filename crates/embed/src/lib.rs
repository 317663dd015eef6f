//! `deflated!`: a file embedded in the program deflated (raw DEFLATE,
//! miniz_oxide's best level) instead of as it is; `stored!`: the same
//! framing with the bytes as they are (below, why).
//!
//! Why (issue 15): the browser build embeds every data file and font, about
//! 0.57 MB as they are. A browser downloads the .wasm compressed either way,
//! but the raw size is what it compiles and keeps in memory: the fonts are
//! deflated (0.33 MB in 0.16 MB). `vt_core::data::Embedded` inflates the
//! bytes when asked (`vt_core::embed_asset!`, `vt_core::deflated!` and
//! `vt_core::stored!` are the ways in).
//!
//! `deflated!("a/", "b.ron")` joins its string literals into a path relative
//! to the calling crate's manifest directory, reads the file at compile time
//! and expands to a `&'static [u8]` of its deflated bytes. The expansion
//! also `include_bytes!`s the file into an unused constant, so Cargo
//! rebuilds the crate when the file changes (as it would for
//! `include_bytes!` itself); that copy is never referenced and is not in
//! the program. A file that cannot be read is a compile error naming it.

use proc_macro::{Delimiter, Group, Literal, TokenStream, TokenTree};
use std::path::PathBuf;

/// See the crate's documentation.
#[proc_macro]
pub fn deflated(input: TokenStream) -> TokenStream {
    match path_of(input) {
        Ok(rel) => expand(&rel, BEST),
        Err(e) => compile_error(&e),
    }
}

/// `stored!("a/", "b.ron")`: as `deflated!`, but in DEFLATE's stored blocks
/// (miniz_oxide's level 0: the file's bytes as they are, five bytes of
/// framing every 64 KB), read back by the same inflater.
///
/// Why (issue 15): the page's own compression (gzip, brotli) packs the
/// games' RON text better when it sees the text than when it is already
/// deflated. Measured on the browser build: the 47 data files stored rather
/// than deflated, +189 KB raw, -17 KB gzip (Zopfli) and -21 KB brotli; the
/// fonts stored as well would cost 138 KB more raw for 6 KB less gzip, so
/// they stay `deflated!`.
#[proc_macro]
pub fn stored(input: TokenStream) -> TokenStream {
    match path_of(input) {
        Ok(rel) => expand(&rel, STORED),
        Err(e) => compile_error(&e),
    }
}

/// miniz_oxide's levels: its best compression, and stored blocks.
const BEST: u8 = 10;
const STORED: u8 = 0;

/// The string literals of the input, joined (commas between them).
fn path_of(input: TokenStream) -> Result<String, String> {
    let mut out = String::new();
    for t in input {
        match t {
            TokenTree::Literal(l) => out.push_str(&unquote(&l.to_string())?),
            TokenTree::Punct(p) if p.as_char() == ',' => {}
            // macro_rules! hands its $path:literal over in an invisible group.
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                out.push_str(&path_of(g.stream())?)
            }
            other => {
                return Err(format!(
                    "deflated!/stored!: expected string literals, found `{other}`"
                ));
            }
        }
    }
    if out.is_empty() {
        return Err("deflated!/stored!: expected a path (string literals)".into());
    }
    Ok(out)
}

/// A plain string literal's text: no escapes are expected in a path.
fn unquote(lit: &str) -> Result<String, String> {
    let inner = lit
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| format!("deflated!/stored!: expected a string literal, found {lit}"))?;
    if inner.contains('\\') {
        return Err(format!(
            "deflated!/stored!: no escapes in a path, found {lit}"
        ));
    }
    Ok(inner.to_string())
}

fn expand(rel: &str, level: u8) -> TokenStream {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let path = PathBuf::from(dir).join(rel);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            return compile_error(&format!(
                "deflated!/stored!: cannot read {}: {e}",
                path.display()
            ));
        }
    };
    let packed = miniz_oxide::deflate::compress_to_vec(&bytes, level);
    let shown = path.to_string_lossy().into_owned();
    // { const _: &[u8] = include_bytes!("<path>"); b"<deflated>" }
    let mut inner = TokenStream::new();
    inner.extend(
        format!("const _: &[u8] = include_bytes!({shown:?});")
            .parse::<TokenStream>()
            .expect("a constant item"),
    );
    inner.extend([TokenTree::Literal(Literal::byte_string(&packed))]);
    TokenStream::from(TokenTree::Group(Group::new(Delimiter::Brace, inner)))
}

fn compile_error(msg: &str) -> TokenStream {
    let mut call: TokenStream = "::core::compile_error!".parse().expect("a path");
    call.extend([TokenTree::Group(Group::new(
        Delimiter::Parenthesis,
        TokenStream::from(TokenTree::Literal(Literal::string(msg))),
    ))]);
    TokenStream::from(TokenTree::Group(Group::new(Delimiter::Brace, call)))
}
