//! `deflated!`: a file embedded in the program deflated (raw DEFLATE,
//! miniz_oxide's best level) instead of as it is.
//!
//! Why (issue 15): the browser build embeds every data file and font, about
//! 0.57 MB as they are and 0.22 MB deflated. A browser downloads the .wasm
//! compressed either way, but the raw size is what it compiles and keeps in
//! memory. `vt_core::data::Embedded` inflates the bytes when asked
//! (`vt_core::embed_asset!` and `vt_core::deflated!` are the ways in).
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
        Ok(rel) => expand(&rel),
        Err(e) => compile_error(&e),
    }
}

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
                    "deflated!: expected string literals, found `{other}`"
                ));
            }
        }
    }
    if out.is_empty() {
        return Err("deflated!: expected a path (string literals)".into());
    }
    Ok(out)
}

/// A plain string literal's text: no escapes are expected in a path.
fn unquote(lit: &str) -> Result<String, String> {
    let inner = lit
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| format!("deflated!: expected a string literal, found {lit}"))?;
    if inner.contains('\\') {
        return Err(format!("deflated!: no escapes in a path, found {lit}"));
    }
    Ok(inner.to_string())
}

fn expand(rel: &str) -> TokenStream {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let path = PathBuf::from(dir).join(rel);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => return compile_error(&format!("deflated!: cannot read {}: {e}", path.display())),
    };
    let packed = miniz_oxide::deflate::compress_to_vec(&bytes, 10);
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
