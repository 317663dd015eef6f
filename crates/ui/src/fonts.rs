//! egui's fonts: its text font cut to Latin and Greek, its monospace font
//! cut to Latin, its two symbol fonts cut to the symbols the app draws.
//!
//! egui's defaults embed Noto Emoji and emoji-icon-font whole, 0.74 MB of
//! the browser's download for about ten symbols (issue 15). The cut copies
//! (`crates/ui/fonts/`, whose README says how they were made) keep egui's
//! order and scale tweaks, so a symbol comes from the same font and looks
//! as it did. A character no font has is drawn as egui's replacement box.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui::{FontData, FontDefinitions, FontFamily, FontTweak};
use bevy_egui::{EguiContext, EguiPreUpdateSet, egui};

/// The symbols the two cut fonts carry (those Ubuntu Light lacks): the
/// app's, egui's own and a few common ones. `tests` checks that every
/// character the code and the data use is drawn.
pub const SYMBOLS: &str = "↔↕⌛⏳▶◀◻☑♠♣♥♦⚠✈✔✖❌🎲💥💾📂🔍🔥\
                           ↺↻⌖⏴⏵⏶⏷⏸■○★☆☐☠☰⚐⚑⚔⚙✚⟲⟳👁🗑";

/// Ubuntu Light without Cyrillic, polytonic Greek and its private-use
/// glyphs (crates/ui/fonts/README.md): every other glyph as it was.
static UBUNTU_LATIN: Font = Font::new(vt_core::deflated!("fonts/Ubuntu-Light-latin.ttf"));
/// Hack cut to Latin and common punctuation (crates/ui/fonts/README.md):
/// the monospace family's figures and signs look as before, and what Hack
/// no longer has comes from Ubuntu Light, the family's next font.
static HACK_LATIN: Font = Font::new(vt_core::deflated!("fonts/Hack-Regular-latin.ttf"));
static NOTO_SYMBOLS: Font = Font::new(vt_core::deflated!("fonts/NotoEmoji-symbols.ttf"));
static ICON_SYMBOLS: Font = Font::new(vt_core::deflated!("fonts/emoji-icon-font-symbols.ttf"));

/// A font embedded deflated (issue 15: the four are 0.57 MB as they are,
/// 0.22 MB deflated, in the browser's .wasm), inflated the first time it is
/// asked for and kept: egui's fonts and the board's text share one copy.
struct Font {
    packed: vt_core::data::Embedded,
    bytes: std::sync::OnceLock<Vec<u8>>,
}

impl Font {
    const fn new(packed: &'static [u8]) -> Self {
        Font {
            packed: vt_core::data::Embedded(packed),
            bytes: std::sync::OnceLock::new(),
        }
    }

    fn data(&'static self) -> FontData {
        FontData::from_static(self.bytes.get_or_init(|| self.packed.bytes()))
    }
}

/// egui's default font definitions with the cut symbol fonts.
pub fn definitions() -> FontDefinitions {
    let mut defs = FontDefinitions::empty();
    let mut font = |name: &str, data: FontData| {
        defs.font_data.insert(name.to_owned(), Arc::new(data));
    };
    font("Hack", HACK_LATIN.data());
    font("Ubuntu-Light", UBUNTU_LATIN.data());
    // egui's own tweaks for these two (epaint's `FontDefinitions::default`).
    font(
        "NotoEmoji-Regular",
        NOTO_SYMBOLS.data().tweak(FontTweak {
            scale: 0.81,
            ..Default::default()
        }),
    );
    font(
        "emoji-icon-font",
        ICON_SYMBOLS.data().tweak(FontTweak {
            scale: 0.90,
            ..Default::default()
        }),
    );
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    defs.families.insert(
        FontFamily::Monospace,
        names(&[
            "Hack",
            "Ubuntu-Light",
            "NotoEmoji-Regular",
            "emoji-icon-font",
        ]),
    );
    defs.families.insert(
        FontFamily::Proportional,
        names(&["Ubuntu-Light", "NotoEmoji-Regular", "emoji-icon-font"]),
    );
    defs
}

/// Gives each new egui context the fonts before its first pass lays out any
/// text (bevy_egui is built without egui's default fonts).
pub fn install(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut ctx in &mut contexts {
        ctx.get_mut().set_fonts(definitions());
    }
}

/// Where [`install`] runs: after bevy_egui makes a window's context, before
/// the context's first pass.
pub fn add_to(app: &mut App) {
    app.add_systems(
        PreUpdate,
        install
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// A context with the app's fonts, for tests that lay out egui screens.
pub fn test_context() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.set_fonts(definitions());
    ctx
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    /// Characters a board label draws with Bevy's own text (its default font,
    /// ASCII only), not egui. None today: board labels keep to ASCII.
    const NOT_EGUI: &[char] = &[];

    fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                files(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }

    /// The non-ASCII characters of each line that is not a comment, and the
    /// `\u{..}` escapes, with where they are.
    fn used_characters() -> Vec<(char, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut paths = Vec::new();
        files(&root.join("crates"), "rs", &mut paths);
        files(&root.join("assets"), "ron", &mut paths);
        let mut out = Vec::new();
        for p in paths {
            let text = std::fs::read_to_string(&p).unwrap();
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") {
                    continue;
                }
                let at = || format!("{}:{}", p.display(), i + 1);
                out.extend(line.chars().filter(|c| !c.is_ascii()).map(|c| (c, at())));
                for esc in line.split("\\u{").skip(1) {
                    let hex: String = esc.chars().take_while(|c| *c != '}').collect();
                    if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        out.push((c, at()));
                    }
                }
            }
        }
        out
    }

    fn laid_out() -> egui::Context {
        let ctx = test_context();
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .drop_without_applying_deltas();
        ctx
    }

    /// Whether `c` is drawn with a glyph of its own, not egui's replacement
    /// box (egui's `has_glyph` says no to anything in the font that holds
    /// the box, here Noto Emoji). A line or paragraph separator lays out as
    /// no glyph at all: not drawn.
    fn drawn(f: &mut egui::epaint::text::FontsView<'_>, family: &FontFamily, c: char) -> bool {
        let id = egui::FontId::new(14.0, family.clone());
        let mut uv = |c: char| {
            let g = f.layout_no_wrap(c.to_string(), id.clone(), egui::Color32::WHITE);
            g.rows
                .first()
                .and_then(|r| r.glyphs.first())
                .map(|g| g.uv_rect)
        };
        c == '\u{25fb}' || uv(c).is_some_and(|uv_c| Some(uv_c) != uv('\u{25fb}'))
    }

    #[test]
    fn every_symbol_in_the_code_is_drawn() {
        let ctx = laid_out();
        let used = used_characters();
        assert!(
            used.iter().any(|(c, _)| *c == '½'),
            "the scan finds the code"
        );
        let missing: Vec<_> = ctx.fonts_mut(|f| {
            used.into_iter()
                .filter(|(c, _)| !NOT_EGUI.contains(c))
                .filter(|(c, _)| {
                    !(drawn(f, &FontFamily::Proportional, *c)
                        && drawn(f, &FontFamily::Monospace, *c))
                })
                .collect()
        });
        assert!(
            missing.is_empty(),
            "no font draws these (add them to fonts::SYMBOLS and cut the fonts again, \
             crates/ui/fonts/README.md): {missing:?}"
        );
    }

    /// The cut Ubuntu Light draws every character it kept exactly as the
    /// original does (same advance, same glyph box, same ink), and what it
    /// dropped (Cyrillic, polytonic Greek) is the replacement box.
    #[test]
    fn the_cut_text_font_draws_what_it_kept_as_the_original() {
        let cut = laid_out();
        let whole = {
            let ctx = egui::Context::default();
            let mut defs = definitions();
            defs.font_data.insert(
                "Ubuntu-Light".to_owned(),
                Arc::new(FontData::from_static(epaint_default_fonts::UBUNTU_LIGHT)),
            );
            ctx.set_fonts(defs);
            ctx.run_ui(egui::RawInput::default(), |_| {})
                .drop_without_applying_deltas();
            ctx
        };
        let kept = (0x20..0x7f)
            .chain(0xa0..0x250)
            .chain(0x370..0x3d0)
            .chain(0x2010..0x2070)
            .chain(0x2070..0x20c0)
            .chain(0x2100..0x2270)
            .chain(0xfb00..0xfb05)
            .filter_map(char::from_u32);
        let id = egui::FontId::proportional(14.0);
        let glyph = |ctx: &egui::Context, c: char| {
            ctx.fonts_mut(|f| {
                let g = f.layout_no_wrap(c.to_string(), id.clone(), egui::Color32::WHITE);
                // Line and paragraph separators lay out as no glyph.
                let gl = g.rows.first()?.glyphs.first()?;
                Some((gl.advance_width, gl.uv_rect.size, gl.uv_rect.offset))
            })
        };
        let mut compared = 0;
        for c in kept {
            let drawn_whole = whole.fonts_mut(|f| drawn(f, &FontFamily::Proportional, c));
            if !drawn_whole {
                continue;
            }
            assert!(
                cut.fonts_mut(|f| drawn(f, &FontFamily::Proportional, c)),
                "{c} (U+{:04X}) lost",
                c as u32
            );
            assert_eq!(glyph(&cut, c), glyph(&whole, c), "{c} (U+{:04X})", c as u32);
            compared += 1;
        }
        assert!(compared > 600, "compared {compared} characters");
        // Ж ж Я ἀ ὼ (by number: the scan of the code above would ask for them).
        for c in [0x416, 0x436, 0x42f, 0x1f00, 0x1f7c].map(|u| char::from_u32(u).unwrap()) {
            assert!(
                whole.fonts_mut(|f| drawn(f, &FontFamily::Proportional, c)),
                "{c}"
            );
            assert!(
                !cut.fonts_mut(|f| drawn(f, &FontFamily::Proportional, c)),
                "{c}"
            );
        }
    }

    #[test]
    fn the_cut_fonts_carry_every_symbol_and_nothing_else_is_lost() {
        let ctx = laid_out();
        ctx.fonts_mut(|f| {
            for c in SYMBOLS.chars().filter(|c| !c.is_whitespace()) {
                assert!(
                    drawn(f, &FontFamily::Proportional, c),
                    "{c} (U+{:04X})",
                    c as u32
                );
            }
            // The text fonts keep Latin and Greek; a symbol nobody asked for
            // is the box.
            for c in "AzÑ½°√θ—…".chars() {
                assert!(drawn(f, &FontFamily::Proportional, c), "{c}");
            }
            for c in "+-=09½".chars() {
                assert!(drawn(f, &FontFamily::Monospace, c), "{c}");
            }
            // The cut Hack still sets every figure, sign and letter of a
            // column in one width (a character it lost would come from
            // Ubuntu Light, in its own width); and what it lost is drawn.
            let mono = egui::FontId::monospace(14.0);
            let mut width = |c: char| {
                let g = f.layout_no_wrap(c.to_string(), mono.clone(), egui::Color32::WHITE);
                g.rows[0].glyphs[0].advance_width
            };
            let em = width('0');
            for c in "AzÑñĐđŁ½°±×÷–—‘’“”…‰€↔↕−≈≠≤≥#%()+-./:<=>[]|".chars()
            {
                assert_eq!(width(c), em, "{c} (U+{:04X}) in Hack", c as u32);
            }
            assert_ne!(width('θ'), em, "θ comes from Ubuntu Light");
            assert!(drawn(f, &FontFamily::Monospace, 'θ'));
            let rocket = char::from_u32(0x1f680).unwrap();
            assert!(!drawn(f, &FontFamily::Proportional, rocket), "a rocket");
        });
    }
}
