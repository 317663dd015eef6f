//! The card widget of the card-driven games: cards face up with a banner,
//! title, lines and footer, lit when they can be played and lifted when
//! selected; groups of cards (a hand, a reserve, the cards on a unit); a
//! face-down deck with its count and a discard pile; and dragging a card
//! onto something (the board, another group).
//!
//! Cards are named by a key of the game's own (`K`, a card number or the
//! plugin's "thing" type); a frame's clicks, drops and where each card was
//! drawn come back in [`CardEvents`].

use crate::palette::{self, Rgba};
use bevy_egui::egui::{
    self, Align2, FontId, Pos2, RichText, Sense, Stroke, StrokeKind, pos2, vec2,
};

/// A card's size in the widget.
pub const CARD: egui::Vec2 = vec2(70.0, 98.0);

/// One card face up.
#[derive(Clone, Debug, PartialEq)]
pub struct CardFace {
    pub title: String,
    /// The band across the top: what kind of card it is.
    pub banner: Rgba,
    /// Short lines under the title.
    pub lines: Vec<String>,
    /// A line at the foot (where it is, what it is on).
    pub footer: String,
    /// Shown on hover: what the card does.
    pub tooltip: String,
    /// It can be clicked now (a legal play).
    pub lit: bool,
    /// It is selected (part of a command being put together).
    pub selected: bool,
    /// It can be dragged.
    pub draggable: bool,
    /// The computer's suggestion would play it: edged in the suggestion's
    /// colour, as the boards mark what a suggestion would use.
    pub suggested: bool,
}

impl Default for CardFace {
    fn default() -> Self {
        CardFace {
            title: String::new(),
            banner: palette::cards::BANNER_ACTION,
            lines: Vec::new(),
            footer: String::new(),
            tooltip: String::new(),
            lit: false,
            selected: false,
            draggable: false,
            suggested: false,
        }
    }
}

impl CardFace {
    pub fn new(title: impl Into<String>, banner: Rgba) -> Self {
        CardFace {
            title: title.into(),
            banner,
            ..Default::default()
        }
    }
}

/// A card being dragged, kept between frames.
#[derive(Clone, Debug)]
pub struct CardDrag<K> {
    pub dragging: Option<(K, CardFace)>,
}

impl<K> Default for CardDrag<K> {
    fn default() -> Self {
        CardDrag { dragging: None }
    }
}

/// What the player did with the cards this frame.
#[derive(Clone, Debug)]
pub struct CardEvents<K> {
    pub clicked: Vec<K>,
    /// A card let go at this point (egui points).
    pub dropped: Option<(K, Pos2)>,
    /// Where each card was drawn (centres, egui points), for tools that
    /// drive the app from outside.
    pub shown: Vec<(K, Pos2)>,
}

impl<K> Default for CardEvents<K> {
    fn default() -> Self {
        CardEvents {
            clicked: Vec::new(),
            dropped: None,
            shown: Vec::new(),
        }
    }
}

/// How far a selected card rises out of its row.
const LIFT: f32 = 8.0;

/// Paints one card face up; returns its response (click and drag).
pub fn card_ui(ui: &mut egui::Ui, f: &CardFace) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(CARD, Sense::click_and_drag());
    let lift = if f.selected {
        -LIFT
    } else if response.hovered() {
        -3.0
    } else {
        0.0
    };
    let rect = rect.translate(vec2(0.0, lift));
    let p = ui.painter();
    let border = if f.selected {
        Stroke::new(3.0, palette::board::SELECTED.ui())
    } else if f.lit {
        Stroke::new(3.0, palette::board::LIT.alpha(255).ui())
    } else {
        Stroke::new(1.0, palette::cards::EDGE.ui())
    };
    let paper = if f.lit || f.selected {
        palette::cards::FACE
    } else {
        palette::cards::FACE_DIM
    };
    p.rect(rect, 5.0, paper.ui(), border, StrokeKind::Inside);
    if f.suggested {
        p.rect_stroke(
            rect.expand(3.0),
            7.0,
            Stroke::new(3.0, palette::board::SUGGESTED.ui()),
            StrokeKind::Outside,
        );
    }
    let banner =
        egui::Rect::from_min_size(rect.min + vec2(3.0, 3.0), vec2(rect.width() - 6.0, 7.0));
    p.rect_filled(banner, 2.0, f.banner.ui());
    let room = rect.width() - 8.0;
    let title = p.layout(
        f.title.clone(),
        FontId::proportional(title_size(ui, &f.title, room)),
        palette::cards::TITLE.ui(),
        room,
    );
    let title_h = title.size().y;
    p.galley(rect.min + vec2(4.0, 13.0), title, palette::BLACK.ui());
    let mut y = rect.min.y + 15.0 + title_h;
    for l in &f.lines {
        let g = p.layout(
            l.clone(),
            FontId::proportional(9.5),
            palette::cards::LINE.ui(),
            rect.width() - 8.0,
        );
        let h = g.size().y;
        p.galley(pos2(rect.min.x + 4.0, y), g, palette::BLACK.ui());
        y += h + 1.0;
    }
    if !f.footer.is_empty() {
        // Smaller until it fits the card's width, wrapped if even the
        // smallest does not ("on Fast Mover 8" ran past the card's edge).
        let width = |size: f32| text_width(ui, &f.footer, size);
        let font = FontId::proportional(fit_size(10.0, 8.0, room, width));
        let g = p.layout(f.footer.clone(), font, palette::cards::FOOTER.ui(), room);
        let at = pos2(
            rect.center().x - g.size().x / 2.0,
            rect.max.y - 3.0 - g.size().y,
        );
        p.galley(at, g, palette::cards::FOOTER.ui());
    }
    if f.tooltip.is_empty() {
        response
    } else {
        response.on_hover_text(&f.tooltip)
    }
}

/// The title's font size: 12, or smaller until its longest word fits the
/// card's width, so a title wraps between words ("King Coordination"
/// wrapped to "King Coordinati / on").
fn title_size(ui: &egui::Ui, title: &str, room: f32) -> f32 {
    let widest = |size: f32| {
        (title.split_whitespace())
            .map(|w| text_width(ui, w, size))
            .fold(0.0, f32::max)
    };
    fit_size(12.0, 8.0, room, widest)
}

/// The width of `text` on one line at `size` points.
fn text_width(ui: &egui::Ui, text: &str, size: f32) -> f32 {
    let font = FontId::proportional(size);
    let g = (ui.painter()).layout_no_wrap(text.to_string(), font, egui::Color32::WHITE);
    g.size().x
}

/// The largest size from `max` down to `min`, by half points, at which
/// `width` fits `room`.
fn fit_size(max: f32, min: f32, room: f32, width: impl Fn(f32) -> f32) -> f32 {
    let mut size = max;
    while size > min && width(size) > room {
        size -= 0.5;
    }
    size
}

/// A card face down (a deck, a card not yet turned up).
pub fn face_down(ui: &mut egui::Ui, size: egui::Vec2) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let p = ui.painter();
    p.rect(
        rect,
        size.x * 0.08,
        palette::cards::BACK.ui(),
        Stroke::new(1.5, palette::cards::BACK_EDGE.ui()),
        StrokeKind::Inside,
    );
    let inner = rect.shrink(size.x * 0.12);
    let line = Stroke::new(1.0, palette::cards::BACK_LINE.ui());
    p.rect_stroke(inner, 3.0, line, StrokeKind::Inside);
    p.line_segment([inner.left_top(), inner.right_bottom()], line);
    p.line_segment([inner.right_top(), inner.left_bottom()], line);
    response
}

/// An empty place for a card, with a word in it.
pub fn empty_slot(ui: &mut egui::Ui, text: &str) -> egui::Response {
    let (rect, r) = ui.allocate_exact_size(CARD, Sense::hover());
    ui.painter().rect_stroke(
        rect,
        5.0,
        Stroke::new(1.0, palette::cards::SLOT.ui()),
        StrokeKind::Inside,
    );
    ui.painter().text(
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(10.0),
        palette::GRAY.ui(),
    );
    r
}

/// A titled row of cards; clicks, drags and drops go to `events`. Returns
/// the group's rectangle (to drop cards on it).
pub fn card_group<K: Copy>(
    ui: &mut egui::Ui,
    title: impl Into<String>,
    faces: Vec<(K, CardFace)>,
    empty: &str,
    drag: &mut CardDrag<K>,
    events: &mut CardEvents<K>,
) -> egui::Rect {
    let slots = faces.into_iter().map(Some).collect();
    card_slots(ui, title, slots, empty, drag, events)
}

/// A titled row of cards with gaps (`None`: the place of a card that has
/// left, kept while the pointer is over the row: see [`SteadyRow`]).
pub fn card_slots<K: Copy>(
    ui: &mut egui::Ui,
    title: impl Into<String>,
    slots: Vec<Option<(K, CardFace)>>,
    empty: &str,
    drag: &mut CardDrag<K>,
    events: &mut CardEvents<K>,
) -> egui::Rect {
    ui.vertical(|ui| {
        // On one line even where the row has scrolled to its end (it was
        // drawn a letter a line there).
        ui.add(egui::Label::new(RichText::new(title).small().strong()).extend());
        // Room for a selected card to rise into: it covered the title.
        ui.add_space(LIFT - ui.spacing().item_spacing.y);
        ui.horizontal(|ui| {
            if slots.is_empty() {
                empty_slot(ui, empty);
            }
            for slot in slots {
                let Some((k, f)) = slot else {
                    ui.allocate_exact_size(CARD, Sense::hover());
                    continue;
                };
                let r = card_ui(ui, &f);
                if ui.clip_rect().contains(r.rect.center()) {
                    events.shown.push((k, r.rect.center()));
                }
                if r.clicked() {
                    events.clicked.push(k);
                }
                if !f.draggable {
                    continue;
                }
                if r.drag_started() {
                    drag.dragging = Some((k, f.clone()));
                }
                if r.drag_stopped()
                    && drag.dragging.is_some()
                    && let Some(p) = ui.ctx().pointer_latest_pos()
                    && let Some((k, _)) = drag.dragging.take()
                {
                    events.dropped = Some((k, p));
                }
            }
        });
    })
    .response
    .rect
}

/// A face-down deck with the number of cards left; clicking it gives
/// `true` when there is a card to draw.
pub fn deck_ui(ui: &mut egui::Ui, title: &str, count: usize) -> bool {
    ui.vertical(|ui| {
        ui.add(
            egui::Label::new(RichText::new(format!("{title} ({count})")).small().strong()).extend(),
        );
        if count > 0 {
            face_down(ui, CARD)
                .on_hover_text(format!("{count} cards face down"))
                .clicked()
        } else {
            empty_slot(ui, "empty");
            false
        }
    })
    .inner
}

/// A discard pile: its top card, the rest on hover (newest first).
pub fn discard_ui(ui: &mut egui::Ui, title: &str, pile: &[CardFace]) {
    ui.vertical(|ui| {
        ui.label(
            RichText::new(format!("{title} ({})", pile.len()))
                .small()
                .strong(),
        );
        match pile.last() {
            Some(top) => {
                let all: Vec<&str> = pile.iter().rev().map(|c| c.title.as_str()).collect();
                card_ui(ui, top).on_hover_text(format!("Newest first: {}", all.join(", ")));
            }
            None => {
                empty_slot(ui, "none");
            }
        }
    });
}

/// Draws the card being dragged at the pointer; forgets it once no button
/// is down.
pub fn drag_ghost<K>(ctx: &egui::Context, drag: &mut CardDrag<K>) {
    let Some((_, face)) = &drag.dragging else {
        return;
    };
    if let Some(p) = ctx.pointer_latest_pos() {
        let face = CardFace {
            selected: true,
            tooltip: String::new(),
            ..face.clone()
        };
        egui::Area::new(egui::Id::new("vt-card-drag"))
            .fixed_pos(p - CARD / 2.0)
            .order(egui::Order::Tooltip)
            .interactable(false)
            .show(ctx, |ui| {
                card_ui(ui, &face);
            });
    }
    if !ctx.input(|i| i.pointer.any_down()) {
        drag.dragging = None;
    }
}

/// Whether the pointer is over the row of cards `ui` draws, for
/// [`SteadyRow`]. Inside a sideways-scrolling strip the clip rectangle runs
/// the height of the screen (egui leaves the direction that does not scroll
/// unclipped), so a pointer anywhere above the strip counted as over it and
/// the strip never closed up (seen: four empty places before the next
/// choice). The pointer must also be over the strip's own layer.
pub fn row_hovered(ui: &egui::Ui) -> bool {
    ui.rect_contains_pointer(ui.clip_rect())
}

/// The order of a row of cards kept while the pointer is over it: a card
/// that leaves the row leaves a gap, and a card that comes goes to the
/// end, so no card slides under the pointer (the next card of the hand
/// moved under it and the next click took it by mistake). Once the pointer
/// is elsewhere the row closes up.
#[derive(Clone, Debug, PartialEq)]
pub struct SteadyRow<K> {
    held: Vec<K>,
}

impl<K> Default for SteadyRow<K> {
    fn default() -> Self {
        SteadyRow { held: Vec::new() }
    }
}

impl<K: Copy + PartialEq> SteadyRow<K> {
    /// The places of the cards `now` in the row: each card where it was
    /// while `hovered`, `None` for a card gone; else the row as it is.
    pub fn slots(&mut self, now: &[K], hovered: bool) -> Vec<Option<K>> {
        if !hovered {
            self.held = now.to_vec();
        } else {
            for k in now {
                if !self.held.contains(k) {
                    self.held.push(*k);
                }
            }
        }
        (self.held.iter())
            .map(|k| now.contains(k).then_some(*k))
            .collect()
    }

    /// The cards with a place in the row, gone ones too, in order.
    pub fn held(&self) -> &[K] {
        &self.held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_under_the_pointer_keeps_its_places() {
        let mut row = SteadyRow::default();
        assert_eq!(row.slots(&[1, 2, 3], false), [Some(1), Some(2), Some(3)]);
        // Card 2 goes and card 4 comes while the pointer is over the row:
        // 3 stays where it was, 4 goes to the end.
        assert_eq!(
            row.slots(&[1, 3, 4], true),
            [Some(1), None, Some(3), Some(4)]
        );
        // Even the last card gone keeps its place.
        assert_eq!(row.slots(&[], true), [None, None, None, None]);
        assert_eq!(row.held(), [1, 2, 3, 4]);
        // The pointer leaves: the row closes up.
        assert_eq!(row.slots(&[3], false), [Some(3)]);
        assert_eq!(row.slots(&[], false), Vec::<Option<i32>>::new());
        assert!(row.held().is_empty());
    }

    #[test]
    fn a_pointer_above_a_sideways_strip_is_not_over_it() {
        // Issue 14: the card strip's clip rectangle ran up the screen, so
        // a pointer on the board held the strip's gaps for good.
        let ctx = crate::fonts::test_context();
        let strip = egui::Rect::from_min_size(pos2(100.0, 500.0), vec2(400.0, 120.0));
        let hovered_at = |at: Pos2| {
            let mut seen = None;
            let input = || egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(Pos2::ZERO, vec2(800.0, 700.0))),
                events: vec![egui::Event::PointerMoved(at)],
                ..Default::default()
            };
            // A few frames: an area is sized, then shown, then known.
            for _ in 0..4 {
                let out = ctx.run_ui(input(), |ui| {
                    egui::Area::new(egui::Id::new("strip"))
                        .fixed_pos(strip.min)
                        .show(ui.ctx(), |ui| {
                            ui.set_min_size(strip.size());
                            egui::ScrollArea::horizontal().show(ui, |ui| {
                                ui.allocate_exact_size(vec2(900.0, 100.0), Sense::hover());
                                seen = Some(row_hovered(ui));
                            });
                        });
                });
                out.drop_without_applying_deltas();
            }
            seen.expect("drawn")
        };
        assert!(hovered_at(pos2(300.0, 560.0)), "on the strip");
        assert!(!hovered_at(pos2(300.0, 200.0)), "above it, on the board");
        assert!(!hovered_at(pos2(50.0, 560.0)), "beside it");
    }

    #[test]
    fn every_word_of_a_card_stays_on_the_card() {
        // Issue 14: CSAR's footer "on Fast Mover 8" ran past the card.
        let ctx = crate::fonts::test_context();
        let face = CardFace {
            lines: vec!["Sandy · FAC · Helo · FM".into()],
            footer: "on Fast Mover 8".into(),
            ..CardFace::new("King Coordination", palette::cards::BANNER_ACTION)
        };
        let mut card = None;
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            card = Some(card_ui(ui, &face).rect);
        });
        let card = card.expect("drawn");
        let mut texts = 0;
        for s in &out.shapes {
            if let egui::Shape::Text(t) = &s.shape {
                texts += 1;
                let r = t.visual_bounding_rect();
                assert!(
                    card.expand(0.5).contains_rect(r),
                    "'{}' at {r:?} leaves the card {card:?}",
                    t.galley.text()
                );
            }
        }
        assert!(texts >= 3, "title, line and footer drawn");
        // Nothing here paints: the fonts' texture updates are let go.
        out.drop_without_applying_deltas();
        // A footer too long for one line at the smallest size wraps.
        let long = CardFace {
            footer: "on Fast Mover 8 and on Jolly Green 2".into(),
            ..face
        };
        let mut at = None;
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            at = Some(card_ui(ui, &long).rect);
        });
        let card = at.expect("drawn");
        for s in &out.shapes {
            if let egui::Shape::Text(t) = &s.shape {
                assert!(card.expand(0.5).contains_rect(t.visual_bounding_rect()));
            }
        }
        out.drop_without_applying_deltas();
    }

    // Session 41: a card the computer's suggestion would play (the platoon
    // game's platoon card it would activate) is edged in the suggestion's
    // colour, as the boards mark what a suggestion uses.
    #[test]
    fn a_suggested_card_is_edged_in_the_suggestions_colour() {
        let ctx = crate::fonts::test_context();
        let edged = |suggested: bool| {
            let face = CardFace {
                suggested,
                ..CardFace::new("1st Plt", palette::cards::BANNER_ACTION)
            };
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                card_ui(ui, &face);
            });
            let colour = palette::board::SUGGESTED.ui();
            let found = out.shapes.iter().any(|s| match &s.shape {
                egui::Shape::Rect(r) => r.stroke.color == colour && r.stroke.width > 0.0,
                _ => false,
            });
            out.textures_delta.clear();
            found
        };
        assert!(edged(true));
        assert!(!edged(false));
    }
}
